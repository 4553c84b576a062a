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
            "engine/train/trainer.cpp": '#include "engine/core/records.h"\n#include <vector>\n',
            "ui/live/feed.cpp": '#include "ui/live/feed.h"\n#include "engine/train/trainer.h"\n',
            "ui/live/feed.h": "#pragma once\n",
            "engine/train/trainer.h": "#pragma once\n",
            "app/gui/main.cpp": '#include "ui/live/feed.h"\n',
            "cli/progressbar.h": '#pragma once\n\n#include "engine/core/records.h"\n',
            "cli/commandline/train.cpp": '#include "cli/progressbar.h"\n',
            "app/cli/main.cpp": '#include "cli/commandline/train.h"\n',
            "cli/commandline/train.h": '#pragma once\n\n#include "engine/train/trainer.h"\n',
            "tests/unit/tst_feed.cpp": '#include "ui/live/feed.h"\n#include "app/gui/main.cpp"\n',
        },
        [],
    ),
    "CLI including the UI": (
        {
            "cli/inspect.cpp": '#include "cli/messages.h"\n#include "ui/setup/inspector.h"\n',
            "cli/messages.h": "#pragma once\n",
            "ui/setup/inspector.h": "#pragma once\n",
        },
        ["cli/inspect.cpp:2"],
    ),
    "engine including the CLI": (
        {
            "engine/data/datafiledescription.cpp": '#include "cli/inspectcommand.h"\n',
            "cli/inspectcommand.h": "#pragma once\n",
        },
        ["engine/data/datafiledescription.cpp:1"],
    ),
    "UI including the CLI": (
        {
            "ui/setup/datainspector.cpp": '#include "cli/inspectcommand.h"\n',
            "cli/inspectcommand.h": "#pragma once\n",
        },
        ["ui/setup/datainspector.cpp:1"],
    ),
    "engine folder including one above it": (
        {
            "engine/core/records.h": '#pragma once\n\n#include "engine/train/trainer.h"\n',
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
            "ui/mainwindow.cpp": '#include "app/gui/options.h"\n',
            "app/gui/options.h": "#pragma once\n",
        },
        ["ui/mainwindow.cpp:1"],
    ),
    "include named from its own folder": (
        {
            "engine/train/trainer.cpp": '#include "trainer.h"\n',
            "engine/train/trainer.h": "#pragma once\n",
        },
        ["engine/train/trainer.cpp:1"],
    ),
    "test including a support header by its folder's name": (
        {
            "tests/unit/tst_feed.cpp": '#include "../support/paths.h"\n',
            "tests/support/paths.h": "#pragma once\n",
        },
        ["tests/unit/tst_feed.cpp:1"],
    ),
    "one layer's file of the same name as another's is the one named": (
        {
            "ui/whatif/panel.cpp": '#include "ui/whatif/variantset.h"\n',
            "ui/whatif/variantset.h": "#pragma once\n",
            "engine/whatif/variantset.h": "#pragma once\n",
            "engine/core/text.h": '#include "engine/whatif/variantset.h"\n',
        },
        ["engine/core/text.h:1"],
    ),
    "LibTorch-free sources may include the translations": (
        {
            "engine/i18n/translate.h": "#pragma once\n",
            "engine/train/trainingmessages.cpp": '#include "engine/i18n/translate.h"\n',
            "tests/unit/tst_trainer.cpp": '#include "engine/i18n/translate.h"\n'
                                          "#include <torch/torch.h>\n",
        },
        [],
    ),
    "LibTorch sources including the translations": (
        {
            "engine/i18n/translate.h": "#pragma once\n",
            "engine/train/losses_torch.h": "#pragma once\n",
            "engine/train/trainer.cpp": '#include "engine/i18n/translate.h"\n'
                                        "#include <torch/torch.h>\n",
            "engine/train/threading.cpp": "#include <ATen/Parallel.h>\n"
                                          '#include "engine/i18n/translate.h"\n',
            "engine/train/allocator.cpp": "#include <c10/core/CPUAllocator.h>\n\n"
                                          '#include "engine/i18n/translate.h"\n',
            "engine/train/losses.cpp": '#include "engine/train/losses_torch.h"\n'
                                       '#include "engine/i18n/translate.h"\n',
        },
        ["engine/train/trainer.cpp:1", "engine/train/threading.cpp:2",
         "engine/train/allocator.cpp:3", "engine/train/losses.cpp:2"],
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
