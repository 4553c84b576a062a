"""Running a script under the probe and reading back its records."""

import json
import mmap
import os
import subprocess
import sys
import tempfile
import textwrap
import unittest

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
PROBE_PATH = os.path.join(REPO, "python")

# A script that imports torch takes 2-3 s to start on this project's 2-core machines, more
# while a build runs beside it; no test script runs for more than a few seconds after that.
RUN_TIMEOUT_S = 120


class ProbeRun:
    """One finished run: exit status, the script's own output, and the records."""

    def __init__(self, returncode, stdout, stderr, lines):
        self.returncode = returncode
        self.stdout = stdout
        self.stderr = stderr
        self.lines = lines
        self.records = [json.loads(line) for line in lines]

    def of_type(self, kind):
        return [record for record in self.records if record["type"] == kind]

    def one(self, kind):
        found = self.of_type(kind)
        if len(found) != 1:
            raise AssertionError(f"expected one {kind} record, found {len(found)}: "
                                 f"{self.records}")
        return found[0]

    @property
    def steps(self):
        return self.of_type("step")

    @property
    def end(self):
        return self.one("end")

    def describe(self):
        return f"exit {self.returncode}\nstderr:\n{self.stderr}\nrecords:\n" + \
            "\n".join(self.lines)


def probe_environment(records_path, extra=None):
    env = dict(os.environ)
    env.pop("EPOCHSCOPE_PROBE_FD", None)
    env.pop("EPOCHSCOPE_PROBE_HOOKS", None)
    env["EPOCHSCOPE_PROBE_FILE"] = records_path
    env["PYTHONPATH"] = PROBE_PATH + (os.pathsep + env["PYTHONPATH"]
                                      if env.get("PYTHONPATH") else "")
    # One intra-op thread: the tests' tiny models gain nothing from more, and the machine's
    # two cores are often busy with a build.
    env.setdefault("OMP_NUM_THREADS", "1")
    env.update(extra or {})
    return env


def write_script(folder, text, name="train.py"):
    path = os.path.join(folder, name)
    with open(path, "w") as f:
        f.write(textwrap.dedent(text))
    return path


def read_lines(path):
    """The record file's lines; fails if any is not whole (no newline at its end)."""
    if not os.path.exists(path):
        return []
    with open(path, "rb") as f:
        data = f.read()
    if data and not data.endswith(b"\n"):
        raise AssertionError(f"the record file ends in a cut line: {data[-200:]!r}")
    return data.decode("utf-8").splitlines()


def run_script(text, args=(), env=None, folder=None):
    """Writes `text` as train.py in a temporary folder and runs it under the probe."""
    with tempfile.TemporaryDirectory() as scratch:
        folder = folder or scratch
        script = write_script(folder, text)
        records = os.path.join(scratch, "records.jsonl")
        done = subprocess.run([sys.executable, "-m", "epochscope.run", script, *args],
                              cwd=folder, env=probe_environment(records, env),
                              capture_output=True, text=True, timeout=RUN_TIMEOUT_S)
        return ProbeRun(done.returncode, done.stdout, done.stderr, read_lines(records))


def truth(folder):
    """What a test script measured about itself (truth.json in its folder)."""
    with open(os.path.join(folder, "truth.json")) as f:
        return json.load(f)


class ScriptRunTest(unittest.TestCase):
    """Tests over one run of the class's `script` under the probe, in a folder of its own
    where the script writes what it measured (truth.json): `probe`, `truth` (None when the
    run failed), `folder`. Each test first checks that the run ended well with `steps`
    steps. Holds no test itself, so it runs nothing on its own."""

    script = None
    steps = None

    @classmethod
    def setUpClass(cls):
        cls.folder = tempfile.TemporaryDirectory()
        cls.probe = run_script(cls.script, folder=cls.folder.name)
        cls.truth = truth(cls.folder.name) if cls.probe.returncode == 0 else None

    @classmethod
    def tearDownClass(cls):
        cls.folder.cleanup()

    def setUp(self):
        self.assertEqual(self.probe.returncode, 0, self.probe.describe())
        self.assertEqual(len(self.probe.steps), self.steps, self.probe.describe())


def median(values):
    ordered = sorted(values)
    middle = len(ordered) // 2
    if len(ordered) % 2:
        return ordered[middle]
    return (ordered[middle - 1] + ordered[middle]) / 2


# The start of a test script with a model of its own, indented as the scripts' texts are (they
# are dedented when written): torch and nn imported and `class Net(nn.Module)` begun up to its
# first layer. A script puts its other imports before it and its layers, at the indentation of
# __init__'s body, after it.
NET_SCRIPT_HEADER = """\
    import torch
    from torch import nn

    class Net(nn.Module):
        def __init__(self):
            super().__init__()"""


class ListWriter:
    """A stand-in for the record writer (python/epochscope/writer.py), for tests that drive
    a Recorder in-process: the records as the stream would carry them, each through its
    JSON text, written at once (the real writer's thread writes them every 150 ms)."""

    def __init__(self):
        self.records = []
        self.step_lines = None   # set by the Recorder

    def write(self, record):
        self.write_line(json.dumps(record))

    def write_line(self, text):
        self._add((text + "\n").encode())

    def write_step(self, raw):
        self._add(raw)

    def write_faults(self, counts):
        self._add(counts)

    def flush(self):
        """What still waits for page faults, as the stream's end writes it."""
        parts = []
        self.step_lines.flush(parts)
        self.records += [json.loads(line) for line in parts]

    def _add(self, item):
        parts = []
        if self.step_lines is None:
            parts.append(item)
        else:
            self.step_lines.add(item, parts)
        self.records += [json.loads(line) for line in parts]


def touch_pages(count):
    """Faults `count` fresh pages in: an anonymous mapping, one byte written per page (no
    huge pages, which would fault 512 at a time). For test scripts too, which import it."""
    size = count * mmap.PAGESIZE
    area = mmap.mmap(-1, size)
    if hasattr(area, "madvise") and hasattr(mmap, "MADV_NOHUGEPAGE"):
        area.madvise(mmap.MADV_NOHUGEPAGE)
    for offset in range(0, size, mmap.PAGESIZE):
        area[offset] = 1
    area.close()
