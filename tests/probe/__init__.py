"""Tests of the Python probe (python/epochscope): each runs a small training script under
`python3 -m epochscope.run` and checks the records it writes (docs/profile.md).

Run from the repository root: `/usr/bin/python3 -m unittest discover -s tests/probe -t .`
"""

import os
import sys

# The tests that import the probe's modules in-process find them without PYTHONPATH.
_PROBE_PATH = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__)))), "python")
if _PROBE_PATH not in sys.path:
    sys.path.insert(0, _PROBE_PATH)
