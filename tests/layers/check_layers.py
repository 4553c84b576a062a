#!/usr/bin/env python3
"""Checks that every #include of the sources points down the layers of docs/architecture.md.

The allowed dependencies are read from that document, between the markers
`<!-- layers:targets -->` (a table: a top-level folder, then the folders it may include) and
`<!-- layers:engine -->` (a table of engine/ folders, lowest first: each may include the
folders listed above it). Both tables end at the first line that is not a table row.

An include is resolved the way the compiler finds it: next to the including file first, then
from the repository root, the only include root of the project. Every include of a file in the
tree must name it from the root, so that it says its layer ("engine/whatif/experiment.h",
"ui/whatif/variantset.h", "cli/progressbar.h"); this holds for tests too. Headers found nowhere
in the tree (the standard library, Qt, LibTorch) are not ours to check.

One more rule keeps the engine's LibTorch sources quick to rebuild: a file under engine/ that
includes LibTorch (<torch/...>, <ATen/...>, <c10/...> or one of the engine's *_torch.h headers)
does not include engine/i18n/translate.h, which most of the engine includes; its words are
composed in a LibTorch-free source beside it (docs/architecture.md).

    check_layers.py [--root DIR]     exit 0: every include is allowed; 1: each violation is
                                     printed as FILE:LINE: ...; 2: the document is unreadable
"""

import argparse
import re
import sys
from pathlib import Path

INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"')
CODE_SPAN = re.compile(r"`([^`]+)`")
SOURCE_SUFFIXES = {".h", ".hpp", ".cpp", ".c"}
# Folders whose includes must point down; tests, benchmarks and fuzzers may reach any layer,
# but they too name what they include from the root.
CHECKED_TOPS = ("app", "cli", "ui", "engine")
NAMED_TOPS = CHECKED_TOPS + ("tests",)
LIBTORCH_INCLUDE = re.compile(r'^\s*#\s*include\s*(<(torch|ATen|c10)/|"[^"]*_torch\.h")')
TRANSLATIONS_HEADER = "engine/i18n/translate.h"


def table_after(lines, marker):
    """The rows (lists of cells) of the first Markdown table after `marker`."""
    try:
        start = lines.index(marker)
    except ValueError:
        raise SystemExit(f"check_layers: docs/architecture.md has no line '{marker}'")
    rows = []
    for line in lines[start + 1 :]:
        stripped = line.strip()
        if not stripped.startswith("|"):
            if rows:
                break
            continue
        cells = [cell.strip() for cell in stripped.strip("|").split("|")]
        if all(set(cell) <= set("-: ") for cell in cells):
            continue  # the separator row
        rows.append(cells)
    return rows[1:]  # without the header row


def read_layers(root):
    document = root / "docs" / "architecture.md"
    try:
        lines = [line.rstrip("\n") for line in document.open(encoding="utf-8")]
    except OSError as error:
        print(f"check_layers: cannot read {document}: {error}", file=sys.stderr)
        sys.exit(2)
    targets = {}
    for cells in table_after(lines, "<!-- layers:targets -->"):
        names = CODE_SPAN.findall(cells[0])
        if len(names) != 1:
            sys.exit(f"check_layers: a targets row must name one folder: {cells}")
        targets[names[0].rstrip("/")] = {name.rstrip("/") for name in CODE_SPAN.findall(cells[1])}
    engine_order = []
    for cells in table_after(lines, "<!-- layers:engine -->"):
        names = CODE_SPAN.findall(cells[0])
        if len(names) != 1 or not names[0].startswith("engine/"):
            sys.exit(f"check_layers: an engine row must name one engine/ folder: {cells}")
        engine_order.append(names[0].rstrip("/").split("/")[1])
    if not targets or not engine_order:
        sys.exit("check_layers: docs/architecture.md has an empty layers table")
    return targets, engine_order


def layer_of(root, path):
    """(top, engine subfolder or None) of a file under root."""
    parts = path.relative_to(root).parts
    sub = parts[1] if parts[0] == "engine" and len(parts) > 2 else None
    return parts[0], sub


def resolve(root, including, name):
    for candidate in (including.parent / name, root / name):
        if candidate.is_file():
            return candidate.resolve()
    return None


def violations(root, targets, engine_order):
    for top in NAMED_TOPS:
        folder = root / top
        if not folder.is_dir():
            continue
        for path in sorted(folder.rglob("*")):
            if path.suffix not in SOURCE_SUFFIXES or not path.is_file():
                continue
            from_top, from_sub = layer_of(root, path)
            with path.open(encoding="utf-8", errors="replace") as source:
                lines = source.readlines()
            uses_libtorch = from_top == "engine" and any(LIBTORCH_INCLUDE.match(line)
                                                         for line in lines)
            for number, line in enumerate(lines, 1):
                match = INCLUDE.match(line)
                if not match:
                    continue
                found = resolve(root, path, match.group(1))
                if found is None or root not in found.parents:
                    continue
                to_top, to_sub = layer_of(root, found)
                where = f"{path.relative_to(root)}:{number}"
                shown = found.relative_to(root)
                if uses_libtorch and shown.as_posix() == TRANSLATIONS_HEADER:
                    yield (f"{where}: a LibTorch source includes {TRANSLATIONS_HEADER}; "
                           "compose its words in a LibTorch-free source beside it (as "
                           "engine/train/trainingmessages.h does)")
                if match.group(1) != shown.as_posix():
                    yield (f'{where}: includes "{match.group(1)}"; name it from the '
                           f'repository root: "{shown.as_posix()}"')
                if from_top not in CHECKED_TOPS:
                    continue
                if to_top != from_top:
                    if to_top not in targets.get(from_top, set()):
                        yield (f"{where}: includes {shown}, but {from_top}/ may include "
                               f"only {', '.join(sorted(targets.get(from_top, ()))) or 'itself'}")
                    continue
                if from_top != "engine" or from_sub == to_sub:
                    continue
                if from_sub not in engine_order or to_sub not in engine_order:
                    unknown = from_sub if from_sub not in engine_order else to_sub
                    yield (f"{where}: engine/{unknown}/ is not in the layers table of "
                           "docs/architecture.md")
                elif engine_order.index(to_sub) > engine_order.index(from_sub):
                    yield (f"{where}: includes {shown}, but engine/{from_sub}/ lies below "
                           f"engine/{to_sub}/ and may not include it")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--root", type=Path, default=Path(__file__).resolve().parents[2])
    root = parser.parse_args().root.resolve()
    targets, engine_order = read_layers(root)
    found = list(violations(root, targets, engine_order))
    for violation in found:
        print(violation)
    if found:
        print(f"check_layers: {len(found)} include(s) point up or sideways, do not name "
              "their layer, or bring the translations into a LibTorch source "
              "(docs/architecture.md, 'Layers')", file=sys.stderr)
        return 1
    print(f"check_layers: every include in {', '.join(CHECKED_TOPS)} points down, and every "
          f"include in {', '.join(NAMED_TOPS)} names its layer")
    return 0


if __name__ == "__main__":
    sys.exit(main())
