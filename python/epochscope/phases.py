"""The phases a step's time is split into, under the engine's keys (engine/core/phase.cpp).

The probe measures six named phases; `other` is what is left of a step's wall time. The
engine's `warm_up` and `communication` have no counterpart in a script the probe runs.
"""

DATA_WAIT = 0
HOST_TO_DEVICE = 1
FORWARD = 2
BACKWARD = 3
OPTIMIZER = 4
CALLBACKS = 5

# How many named phases there are: the recorder's accumulators are a list of this length,
# indexed by the constants above.
NAMED_COUNT = 6

# No phase is open (the phase stack is empty): time passes uncounted and ends up in `other`.
NO_PHASE = -1

KEYS = ("data_wait", "host_to_device", "forward", "backward", "optimizer", "callbacks")
OTHER_KEY = "other"
