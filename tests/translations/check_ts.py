#!/usr/bin/env python3
"""Fails when a translation file is not complete for the sources as they are now.

Runs lupdate over the sources of each translations/*.ts into a temporary copy of it (keeping
obsolete entries, so that they show as vanished): ui/ and app/gui/ for the desktop app's
epochscope_<lang>.ts, engine/, cli/ and app/cli/ (their engineText() and markedText() calls) for
epochscope_engine_<lang>.ts. Fails, naming the strings, when:
  - the .ts itself has an unfinished, empty, obsolete or vanished entry;
  - the sources have a string the .ts lacks (lupdate adds it as unfinished);
  - the .ts has a string the sources no longer have (lupdate marks it vanished);
  - a translation drops or adds a %1/%n placeholder of its source.

translations/README.md says how to bring the .ts up to date.
"""

import argparse
import pathlib
import re
import shutil
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

# What lupdate scans for each kind of .ts (folders relative to the source root), and how.
APP_SOURCES = (["ui", "app/gui"], [])
# The engine marks its texts with engineText(context, source), which lupdate reads as it reads
# QCoreApplication::translate() (engine/i18n/translate.h), and the English templates of what a
# run records with markedText(context, source), read as QT_TRANSLATE_NOOP
# (engine/i18n/recordedtext.h).
# epochscope-cli's own texts (cli, app/cli) are the engine's too: the CLI has no Qt.
ENGINE_SOURCES = (["engine", "cli", "app/cli"],
                  ["-tr-function-alias", "translate+=engineText,QT_TRANSLATE_NOOP+=markedText"])


def sources_of(ts):
    """(folders, extra lupdate arguments) for a translation file."""
    return ENGINE_SOURCES if ts.name.startswith("epochscope_engine_") else APP_SOURCES


PLACEHOLDER = re.compile(r"%(?:\d+|n)")


def messages(path):
    """(context, source, comment) -> (type, translations, numerus) for every message."""
    result = {}
    for context in ET.parse(path).getroot().iter("context"):
        name = context.findtext("name")
        for message in context.iter("message"):
            comment = message.findtext("comment")
            key = (name, message.findtext("source"), comment)
            translation = message.find("translation")
            forms = [form.text or "" for form in translation.iter("numerusform")]
            if not forms:
                forms = [translation.text or ""]
            result[key] = (translation.get("type"), forms, message.get("numerus") == "yes")
    return result


def describe(key):
    context, source, comment = key
    text = f"{context}: {source!r}"
    return text + (f" ({comment})" if comment else "")


def check(ts, lupdate, root):
    problems = []
    before = messages(ts)
    for key, (kind, forms, numerus) in before.items():
        if kind in ("unfinished", "obsolete", "vanished"):
            problems.append(f"{kind} in {ts.name}: {describe(key)}")
        elif any(not form for form in forms):
            problems.append(f"empty translation in {ts.name}: {describe(key)}")
        else:
            wanted = sorted(set(PLACEHOLDER.findall(key[1])))
            for form in forms:
                if sorted(set(PLACEHOLDER.findall(form))) != wanted:
                    problems.append(f"placeholders {wanted} not kept in {ts.name}: "
                                    f"{describe(key)} -> {form!r}")

    with tempfile.TemporaryDirectory() as scratch:
        copy = pathlib.Path(scratch) / ts.name
        shutil.copyfile(ts, copy)
        folders, options = sources_of(ts)
        # Includes name their files from the root ("ui/setup/formwidgets.h"); without it as an
        # include path lupdate cannot read a class's namespace and files its strings elsewhere.
        run = subprocess.run([str(lupdate), "-locations", "none", "-I", str(root), *options,
                              *folders, "-ts", str(copy)],
                             cwd=root, capture_output=True, text=True)
        if run.returncode != 0:
            problems.append(f"lupdate failed ({run.returncode}):\n{run.stdout}{run.stderr}")
            return problems
        for line in (run.stdout + run.stderr).splitlines():
            # Strings lupdate cannot file in the right context never reach the translator.
            if "lacks Q_OBJECT" in line or "Cannot invoke tr()" in line:
                problems.append(f"lupdate: {line.strip()}")
        after = messages(copy)

    for key, (kind, _, _) in after.items():
        if key not in before:
            problems.append(f"missing from {ts.name} (new in the sources): {describe(key)}")
        elif kind in ("obsolete", "vanished") and before[key][0] not in ("obsolete", "vanished"):
            problems.append(f"no longer in the sources, still in {ts.name}: {describe(key)}")
    for key in before.keys() - after.keys():
        problems.append(f"dropped by lupdate from {ts.name}: {describe(key)}")
    return problems


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lupdate", required=True, type=pathlib.Path)
    parser.add_argument("--source-dir", required=True, type=pathlib.Path)
    arguments = parser.parse_args()
    root = arguments.source_dir.resolve()
    files = sorted((root / "translations").glob("*.ts"))
    if not files:
        print("no translations/*.ts found", file=sys.stderr)
        return 1
    problems = []
    for ts in files:
        found = check(ts, arguments.lupdate, root)
        print(f"{ts.name}: {len(messages(ts))} messages, {len(found)} problem(s)")
        problems += found
    for problem in problems:
        print("FAIL " + problem)
    if problems:
        print("See translations/README.md: run lupdate, translate in linguist, mark finished.")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
