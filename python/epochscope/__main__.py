"""`python3 -m epochscope SCRIPT [ARGS...]`: the same as `python3 -m epochscope.run`."""

import sys

from epochscope.run import main

sys.exit(main())
