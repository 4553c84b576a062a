"""EpochScope's probe: where the time of a PyTorch training script goes, step by step.

Run a script under it with `python3 -m epochscope.run train.py ARGS...` (docs/profile.md).
The script needs no change; where the probe cannot infer a loop's shape, these mark it:

    import epochscope

    with epochscope.callbacks():   # the script's own work between steps (logging, plots)
        ...
    with epochscope.step():        # one training step, for loops the inference misreads
        ...
    epochscope.epoch()             # a new epoch starts now (or: with epochscope.epoch(): ...)

Outside the probe they do nothing, so a script can keep them.
"""

import threading
import time

from epochscope.phases import CALLBACKS

__all__ = ["callbacks", "step", "epoch"]

# The running probe's recorder (set by epochscope.run), or None.
_recorder = None


def _active():
    recorder = _recorder
    if recorder is not None and recorder.main_ident == threading.get_ident():
        return recorder
    return None


class _Callbacks:
    __slots__ = ("_recorder",)

    def __enter__(self):
        self._recorder = _active()
        if self._recorder is not None:
            self._recorder.push(CALLBACKS, time.perf_counter())
        return self

    def __exit__(self, *exc):
        if self._recorder is not None:
            self._recorder.pop(time.perf_counter())
        return False


class _Step:
    __slots__ = ("_recorder",)

    def __enter__(self):
        self._recorder = _active()
        if self._recorder is not None:
            self._recorder.step_enter(time.perf_counter())
        return self

    def __exit__(self, *exc):
        if self._recorder is not None:
            self._recorder.step_exit(time.perf_counter())
        return False


class _Epoch:
    __slots__ = ("_recorder",)

    def __init__(self):
        # The epoch begins at the call, so that a plain `epochscope.epoch()` marks it too.
        self._recorder = _active()
        if self._recorder is not None:
            self._recorder.epoch_start(time.perf_counter())

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        if self._recorder is not None:
            self._recorder.epoch_stop(time.perf_counter())
        return False


def callbacks():
    """A context whose time is the `callbacks` phase: the script's own work between steps."""
    return _Callbacks()


def step():
    """A context that is exactly one training step: it ends at the context's exit and began
    where the previous step ended (or the epoch began), so a batch fetched just before the
    `with` counts in it. Inside it, optimizer steps and fetches cut no step."""
    return _Step()


def epoch():
    """A new epoch starts now; used as a context, it also ends at the context's exit. Once
    called, DataLoaders no longer start epochs."""
    return _Epoch()
