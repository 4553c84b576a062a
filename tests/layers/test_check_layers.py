#!/usr/bin/env python3
"""The include check against planted includes: it must pass a tree that follows the layers of
docs/architecture.md and fail, naming the file and line, on each include that points up or
sideways. Each case builds a small tree with the repository's own architecture document."""

import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
CHECKER = HERE / "check_layers.py"

# name -> (files of the tree, the violations expected as "FILE:LINE" prefixes)
CASES = {
    "downward includes pass": (
        {
            "engine/core/records.h": "#pragma once\n",
            "engine/train/trainer.cpp": '#include "core/records.h"\n#include <vector>\n',
            "ui/live/feed.cpp": '#include "live/feed.h"\n#include "train/trainer.h"\n',
            "ui/live/feed.h": "#pragma once\n",
            "engine/train/trainer.h": "#pragma once\n",
            "app/gui/main.cpp": '#include "live/feed.h"\n',
        },
        [],
    ),
    "engine folder including one above it": (
        {
            "engine/core/records.h": '#pragma once\n\n#include "train/trainer.h"\n',
            "engine/train/trainer.h": "#pragma once\n",
        },
        ["engine/core/records.h:3"],
    ),
    "engine including the UI": (
        {
            "engine/store/runstore.cpp": '#include "ui/live/feed.h"\n',
            "ui/live/feed.h": "#pragma once\n",
        },
        ["engine/store/runstore.cpp:1"],
    ),
    "UI including an executable": (
        {
            "ui/mainwindow.cpp": '#include "gui/options.h"\n',
            "app/gui/options.h": "#pragma once\n",
        },
        [],  # not found from ui/: the compiler would not find it either
    ),
    "layer-named include pointing up": (
        {
            "ui/mainwindow.cpp": '#include "app/gui/options.h"\n',
            "app/gui/options.h": "#pragma once\n",
        },
        ["ui/mainwindow.cpp:1"],
    ),
    "the same name in two layers resolves to the including one's": (
        {
            "ui/whatif/panel.cpp": '#include "whatif/variantset.h"\n',
            "ui/whatif/variantset.h": "#pragma once\n",
            "engine/whatif/variantset.h": "#pragma once\n",
            "engine/core/text.h": '#include "whatif/variantset.h"\n',
        },
        ["engine/core/text.h:1"],
    ),
}


def run_case(name, files, expected):
    with tempfile.TemporaryDirectory() as directory:
        root = Path(directory)
        (root / "docs").mkdir()
        shutil.copy(REPO / "docs" / "architecture.md", root / "docs" / "architecture.md")
        for path, text in files.items():
            (root / path).parent.mkdir(parents=True, exist_ok=True)
            (root / path).write_text(text, encoding="utf-8")
        result = subprocess.run([sys.executable, str(CHECKER), "--root", str(root)],
                                capture_output=True, text=True)
        reported = [line.split(": ")[0] for line in result.stdout.splitlines()
                    if not line.startswith("check_layers:")]
        want_code = 1 if expected else 0
        if result.returncode != want_code or sorted(reported) != sorted(expected):
            print(f"FAIL {name}: exit {result.returncode} (expected {want_code}), "
                  f"reported {reported} (expected {expected})\n{result.stdout}{result.stderr}")
            return False
        print(f"PASS {name}")
        return True


def main():
    results = [run_case(name, *case) for name, case in CASES.items()]
    return 0 if all(results) else 1


if __name__ == "__main__":
    sys.exit(main())
