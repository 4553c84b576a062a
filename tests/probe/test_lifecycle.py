"""How a run ends (finished, failed, stopped), what the script sees of the probe, and the
probe's refusals to start."""

import json
import os
import signal
import subprocess
import sys
import tempfile
import textwrap
import time
import types
import unittest
from unittest import mock

from epochscope import run
from tests.probe.support import (ListWriter, ProbeRun, probe_environment, read_lines,
                                 run_script, write_script)

# How long a test waits for a looping script to have written its first steps: torch's
# import takes 2-3 s here, more beside a build.
STEPS_WAIT_S = 60

NO_TORCH_SCRIPT = """
    import json, os, sys
    print("out:", json.dumps({"argv": sys.argv, "name": __name__,
                              "path0": sys.path[0], "file": __file__}))
    print("to stderr", file=sys.stderr)
    print("torch loaded:", "torch" in sys.modules)
    code = os.environ.get("EXIT_WITH")
    if code is not None:
        sys.exit(int(code) if code.isdigit() else code)
"""


class WithoutTorch(unittest.TestCase):
    def test_runs_as_main_with_its_arguments_and_output(self):
        with tempfile.TemporaryDirectory() as folder:
            probe = run_script(NO_TORCH_SCRIPT, args=["--epochs", "3", "é"], folder=folder)
            script = os.path.join(folder, "train.py")
        self.assertEqual(probe.returncode, 0, probe.describe())
        first, second = probe.stdout.splitlines()
        seen = json.loads(first[len("out: "):])
        self.assertEqual(seen, {"argv": [script, "--epochs", "3", "é"], "name": "__main__",
                                "path0": os.path.dirname(script), "file": script})
        self.assertEqual(second, "torch loaded: False")
        self.assertEqual(probe.stderr, "to stderr\n")
        hello = probe.one("hello")
        self.assertIsNone(hello["torch"])
        self.assertEqual(hello["hooks"], [])
        self.assertEqual(hello["argv"], [script, "--epochs", "3", "é"])
        self.assertIn("never imported torch", probe.one("note")["text"])
        self.assertEqual(probe.end, {"type": "end", "status": "finished", "error": None,
                                     "exit_code": 0, "steps": 0, "torch_imported": False})
        self.assertEqual(probe.records[-1]["type"], "end")

    def test_sys_exit_with_a_status(self):
        probe = run_script(NO_TORCH_SCRIPT, env={"EXIT_WITH": "3"})
        self.assertEqual(probe.returncode, 3)
        self.assertEqual(probe.end["status"], "failed")
        self.assertEqual(probe.end["error"], "SystemExit: 3")
        self.assertEqual(probe.end["exit_code"], 3)

    def test_sys_exit_zero_and_with_a_message(self):
        probe = run_script(NO_TORCH_SCRIPT, env={"EXIT_WITH": "0"})
        self.assertEqual((probe.returncode, probe.end["status"], probe.end["error"]),
                         (0, "finished", None))
        probe = run_script(NO_TORCH_SCRIPT, env={"EXIT_WITH": "no data"})
        self.assertEqual(probe.returncode, 1)   # as Python: the message on stderr, status 1
        self.assertTrue(probe.stderr.endswith("no data\n"), probe.stderr)
        self.assertEqual(probe.end["error"], "SystemExit: no data")


class ThroughAPipe(unittest.TestCase):
    """EPOCHSCOPE_PROBE_FD, as epochscope-cli will run the probe: the records come through
    an inherited pipe, and the script cannot see the variable."""

    def test_records_through_an_inherited_pipe(self):
        with tempfile.TemporaryDirectory() as folder:
            write_script(folder, textwrap.dedent(NO_TORCH_SCRIPT) + (
                "print('fd variable:', os.environ.get('EPOCHSCOPE_PROBE_FD'))\n"))
            env = probe_environment(os.path.join(folder, "unused.jsonl"))
            del env["EPOCHSCOPE_PROBE_FILE"]
            read_end, write_end = os.pipe()
            env["EPOCHSCOPE_PROBE_FD"] = str(write_end)
            try:
                child = subprocess.Popen(
                    [sys.executable, "-m", "epochscope", "train.py"], cwd=folder, env=env,
                    pass_fds=[write_end], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                    text=True)
                os.close(write_end)
                with os.fdopen(read_end, "rb") as pipe:
                    data = pipe.read()   # to end of file: the probe's process has gone
                stdout, _ = child.communicate(timeout=60)
            finally:
                if child.poll() is None:
                    child.kill()
            self.assertEqual(child.returncode, 0)
            self.assertTrue(stdout.endswith("fd variable: None\n"), stdout)
            self.assertFalse(os.path.exists(os.path.join(folder, "unused.jsonl")))
            records = [json.loads(line) for line in data.decode("utf-8").splitlines()]
            self.assertEqual([r["type"] for r in records], ["hello", "note", "end"])
            self.assertEqual(records[-1]["status"], "finished")


class Refusals(unittest.TestCase):
    """The probe does not start: exit status 2, one line on stderr, no record."""

    def run_probe(self, env_changes, script_args=("train.py",)):
        with tempfile.TemporaryDirectory() as folder:
            write_script(folder, "print('ran')\n")
            records = os.path.join(folder, "records.jsonl")
            env = probe_environment(records)
            for key, value in env_changes.items():
                if value is None:
                    env.pop(key, None)
                else:
                    env[key] = value
            done = subprocess.run([sys.executable, "-m", "epochscope.run", *script_args],
                                  cwd=folder, env=env, capture_output=True, text=True,
                                  timeout=60)
            return done, read_lines(records)

    def test_unknown_hook_name(self):
        done, lines = self.run_probe({"EPOCHSCOPE_PROBE_HOOKS": "-save,-optimiser"})
        self.assertEqual(done.returncode, 2)
        self.assertIn("'-optimiser'", done.stderr)
        self.assertIn("names no hook", done.stderr)
        self.assertEqual(done.stdout, "")
        self.assertEqual(lines, [])

    def test_hook_entry_without_minus(self):
        done, _ = self.run_probe({"EPOCHSCOPE_PROBE_HOOKS": "save"})
        self.assertEqual(done.returncode, 2)
        self.assertIn("'save' not of the form -NAME", done.stderr)

    def test_descriptor_not_open(self):
        done, _ = self.run_probe({"EPOCHSCOPE_PROBE_FILE": None, "EPOCHSCOPE_PROBE_FD": "97"})
        self.assertEqual(done.returncode, 2)
        self.assertIn("EPOCHSCOPE_PROBE_FD=97", done.stderr)

    def test_no_destination(self):
        done, _ = self.run_probe({"EPOCHSCOPE_PROBE_FILE": None})
        self.assertEqual(done.returncode, 2)
        self.assertIn("EPOCHSCOPE_PROBE_FD", done.stderr)
        self.assertEqual(done.stdout, "")

    def test_no_script(self):
        done, _ = self.run_probe({}, script_args=())
        self.assertEqual(done.returncode, 2)
        self.assertIn("usage:", done.stderr)


FAILING_SCRIPT = """
    import torch
    from torch import nn

    def train():
        model = nn.Linear(3, 1)
        optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
        for i in range(3):
            if i == 2:
                model(torch.randn(4, 4))   # wrong width: raises inside forward
            loss = model(torch.randn(4, 3)).sum()
            loss.backward()
            optimizer.step()

    train()
"""


class Failure(unittest.TestCase):
    def test_exception_in_the_script(self):
        probe = run_script(FAILING_SCRIPT)
        self.assertEqual(probe.returncode, 1, probe.describe())
        end = probe.end
        self.assertEqual(end["status"], "failed")
        self.assertTrue(end["error"].startswith("RuntimeError: "), end["error"])
        self.assertEqual(end["exit_code"], 1)
        self.assertEqual(end["steps"], 2)
        self.assertTrue(end["torch_imported"])
        # The traceback as Python prints it: the script's frames, none of the probe's.
        self.assertTrue(probe.stderr.startswith("Traceback (most recent call last):\n"),
                        probe.stderr)
        self.assertIn('train.py", line 15, in <module>', probe.stderr)
        self.assertIn('line 10, in train', probe.stderr)
        self.assertIn(end["error"], probe.stderr)
        self.assertNotIn("runpy", probe.stderr)
        self.assertNotIn("epochscope", probe.stderr)


LIMIT_SCRIPT = """
    import torch
    from torch import nn
    from torch.utils.data import DataLoader, TensorDataset

    model = nn.Linear(3, 1)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.01)
    loader = DataLoader(TensorDataset(torch.randn(200, 3), torch.randn(200, 1)), batch_size=4)
    try:
        for x, y in loader:   # 50 steps
            optimizer.zero_grad()
            loss = nn.functional.mse_loss(model(x), y)
            loss.backward()
            optimizer.step()
        print("after the loop")
    finally:
        print("finally ran")
"""


class StepLimit(unittest.TestCase):
    """EPOCHSCOPE_PROBE_MAX_STEPS ends the script after that many steps, with status 0."""

    def test_stops_after_the_limit(self):
        probe = run_script(LIMIT_SCRIPT, env={"EPOCHSCOPE_PROBE_MAX_STEPS": "7"})
        self.assertEqual(probe.returncode, 0, probe.describe())
        self.assertEqual([s["batch"] for s in probe.steps], list(range(1, 8)),
                         probe.describe())
        self.assertEqual(probe.end, {"type": "end", "status": "stopped", "error": None,
                                     "exit_code": 0, "steps": 7, "torch_imported": True})
        self.assertEqual(probe.records[-2], {
            "type": "note",
            "text": "stopped after the step limit of 7 steps (EPOCHSCOPE_PROBE_MAX_STEPS)"})
        self.assertEqual(probe.one("epoch_end")["batches"], 7)
        # Stopped in the loop, at the next batch's fetch: the script's finally block ran,
        # what follows the loop did not, and nothing was printed about it.
        self.assertEqual(probe.stdout, "finally ran\n")
        self.assertEqual(probe.stderr, "")

    def test_a_bad_value_is_ignored_with_a_note(self):
        probe = run_script(LIMIT_SCRIPT, env={"EPOCHSCOPE_PROBE_MAX_STEPS": "seven"})
        self.assertEqual(probe.returncode, 0, probe.describe())
        self.assertEqual(len(probe.steps), 50)
        self.assertEqual(probe.end["status"], "finished")
        self.assertEqual(probe.stdout, "after the loop\nfinally ran\n")
        note = probe.one("note")["text"]
        self.assertIn("EPOCHSCOPE_PROBE_MAX_STEPS='seven' is ignored", note)
        self.assertIn("not a whole number", note)
        self.assertEqual(probe.records[1]["type"], "note")   # right after the hello

    def test_raised_once_at_the_first_hook_after_the_last_step(self):
        from epochscope.phases import FORWARD
        from epochscope.recorder import Recorder, StepLimitReached
        writer = ListWriter()
        rec = Recorder(writer, start=0.0, main_ident=1, max_steps=2)
        optimizer = object()
        t = 0.0
        for _ in range(2):   # a loop without a DataLoader: an optimizer step ends each step
            rec.push(FORWARD, t + 0.1)
            rec.pop(t + 0.2)
            rec.optimizer_begin(optimizer, t + 0.3)   # confirms the step before
            rec.optimizer_end(t + 0.4)
            t += 1.0
        self.assertEqual(rec.steps, 1)
        rec.push(FORWARD, t + 0.1)            # the third step's forward: nothing confirmed
        rec.pop(t + 0.2)
        with self.assertRaises(StepLimitReached):
            rec.optimizer_begin(optimizer, t + 0.3)   # confirms step 2, then stops
        self.assertEqual(rec.steps, 2)
        self.assertIsNone(rec.main_ident)     # the hooks pass everything through now
        rec.push(FORWARD, t + 0.5)            # raised once: a finally block's calls run
        rec.pop(t + 0.6)
        rec.finish(t + 1.0)
        self.assertEqual(len([r for r in writer.records if r["type"] == "step"]), 2)

    def test_limit_values(self):
        from epochscope.run import parse_max_steps
        self.assertEqual(parse_max_steps(None), (None, None))
        self.assertEqual(parse_max_steps("12"), (12, None))
        self.assertEqual(parse_max_steps(" 3 "), (3, None))
        for text in ("0", "-2", "1.5", "", "1e3", "\u0663"):
            limit, note = parse_max_steps(text)
            self.assertIsNone(limit, text)
            self.assertIn("is ignored", note)
        self.assertIn("at least 1", parse_max_steps("0")[1])


LOOP_SCRIPT = """
    import time
    import torch
    from torch import nn

    model = nn.Linear(3, 1)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.01)
    while True:
        loss = model(torch.randn(4, 3)).pow(2).mean()
        loss.backward()
        optimizer.step()
        optimizer.zero_grad()
        time.sleep(0.02)
"""


BUFFERED_SCRIPT = """
    import os, sys, time
    import torch
    from torch import nn

    model = nn.Linear(3, 1)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.01)
    for i in range(30):   # far faster than the writer's FLUSH_S: their lines are queued
        loss = model(torch.randn(4, 3)).pow(2).mean()
        loss.backward()
        optimizer.step()
        optimizer.zero_grad()
    time.sleep(1.0)   # no hooked call: the writer's thread writes them all the same (after
    # steplines.IDLE_READ_S, the steps wait for a read of their page faults)
    open(sys.argv[1], "w").close()
    time.sleep(120)
"""


class BufferedSteps(unittest.TestCase):
    """Step lines are written together by the writer's thread, but reach the reader while
    the script runs, also when it calls nothing hooked; a SIGKILL leaves whole lines."""

    def test_steps_reach_the_reader_while_the_script_runs(self):
        with tempfile.TemporaryDirectory() as folder:
            script = write_script(folder, BUFFERED_SCRIPT)
            records = os.path.join(folder, "records.jsonl")
            flag = os.path.join(folder, "flag")
            child = subprocess.Popen([sys.executable, "-m", "epochscope.run", script, flag],
                                     cwd=folder, env=probe_environment(records),
                                     stdout=subprocess.PIPE, stderr=subprocess.PIPE)
            try:
                deadline = time.monotonic() + STEPS_WAIT_S
                while not os.path.exists(flag) and child.poll() is None and \
                        time.monotonic() < deadline:
                    time.sleep(0.05)
                self.assertTrue(os.path.exists(flag), child.poll())
                lines = read_lines(records)   # fails on a cut line
            finally:
                child.kill()
                _, stderr = child.communicate()
            probe = ProbeRun(child.returncode, "", stderr.decode(), lines)
            # The 30th step is not confirmed yet: no fetch or optimizer step came after it.
            self.assertEqual([s["batch"] for s in probe.steps], list(range(1, 30)),
                             probe.describe())
            self.assertEqual(probe.of_type("end"), [])
            self.assertEqual(read_lines(records), lines)   # SIGKILL wrote nothing more


# Reads CLOCK_MONOTONIC, the clock epochscope-cli samples the script on, around each epoch
# start and step end it marks, into truth.json.
CLOCK_SCRIPT = """
    import json, time
    import torch
    import epochscope

    def monotonic():
        return time.clock_gettime(time.CLOCK_MONOTONIC)

    truth = {"first_line": monotonic(), "epochs": [], "steps": []}
    for epoch in range(2):
        before = monotonic()
        epochscope.epoch()
        truth["epochs"].append((before, monotonic()))
        for batch in range(3):
            with epochscope.step():
                time.sleep(0.01)
                before = monotonic()
            truth["steps"].append((before, monotonic()))
    with open("truth.json", "w") as f:
        json.dump(truth, f)
"""

# The records' times are rounded to the microsecond.
TIME_ROUNDING_S = 1e-6


class Clock(unittest.TestCase):
    """The hello's `clock_s` says where the records' times count from on CLOCK_MONOTONIC,
    the clock epochscope-cli samples the script on: each time plus `clock_s` falls where the
    script read that clock around the moment the time marks."""

    def assert_between(self, value, bounds, what):
        low, high = bounds
        self.assertTrue(low - TIME_ROUNDING_S <= value <= high + TIME_ROUNDING_S,
                        f"{what}: {value:.6f} not in [{low:.6f}, {high:.6f}]")

    def test_record_times_count_from_clock_s(self):
        with tempfile.TemporaryDirectory() as folder:
            spawned = time.clock_gettime(time.CLOCK_MONOTONIC)
            probe = run_script(CLOCK_SCRIPT, folder=folder)
            with open(os.path.join(folder, "truth.json")) as f:
                truth = json.load(f)
        self.assertEqual(probe.returncode, 0, probe.describe())
        self.assertEqual(probe.records[0]["type"], "hello")
        clock_s = probe.one("hello")["clock_s"]
        self.assertIsInstance(clock_s, float)
        # The probe starts after its process does and before the script's first line.
        self.assert_between(clock_s, (spawned, truth["first_line"]), "clock_s")
        epochs = probe.of_type("epoch_begin")
        self.assertEqual(len(epochs), 2, probe.describe())
        for record, bounds in zip(epochs, truth["epochs"]):
            self.assert_between(clock_s + record["t_s"], bounds, f"epoch {record['epoch']}")
        self.assertEqual(len(probe.steps), 6, probe.describe())
        for record, bounds in zip(probe.steps, truth["steps"]):
            self.assert_between(clock_s + record["end_s"], bounds,
                                f"step {record['epoch']}.{record['batch']}")

    def test_a_perf_counter_on_another_clock_is_translated(self):
        # Where perf_counter is not CLOCK_MONOTONIC itself, clock_s is its start translated;
        # here the two are one clock, so the translation must give the start back.
        start = time.perf_counter()
        other = types.SimpleNamespace(implementation="mach_absolute_time()")
        with mock.patch("time.get_clock_info", return_value=other):
            translated = run.monotonic_clock_s(start)
        self.assertEqual(run.monotonic_clock_s(start), start)
        self.assertAlmostEqual(translated, start, delta=1e-3)


class Signals(unittest.TestCase):
    """A script stopped by a signal: the end record says stopped, the file holds whole
    lines only. Both runs go side by side: neither checks a time."""

    @classmethod
    def setUpClass(cls):
        cls.folder = tempfile.TemporaryDirectory()
        script = write_script(cls.folder.name, LOOP_SCRIPT)
        children = {}
        for signum in (signal.SIGINT, signal.SIGTERM):
            records = os.path.join(cls.folder.name, f"records-{signum}.jsonl")
            children[signum] = records, subprocess.Popen(
                [sys.executable, "-m", "epochscope.run", script], cwd=cls.folder.name,
                env=probe_environment(records), stdout=subprocess.PIPE,
                stderr=subprocess.PIPE, text=True,
                # A shell running the tests in the background may have set SIGINT to be
                # ignored, which the child would inherit: Python then raises no
                # KeyboardInterrupt.
                preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
        cls.runs = {}
        try:
            deadline = time.monotonic() + STEPS_WAIT_S
            waiting = dict(children)
            while waiting and time.monotonic() < deadline:
                for signum, (records, child) in list(waiting.items()):
                    steps = sum('"type":"step"' in line for line in read_lines(records))
                    if steps >= 3 or child.poll() is not None:
                        child.send_signal(signum)
                        del waiting[signum]
                time.sleep(0.05)
            for signum, (records, child) in children.items():
                stdout, stderr = child.communicate(timeout=60)
                cls.runs[signum] = ProbeRun(child.returncode, stdout, stderr,
                                            read_lines(records))
        finally:
            for _, child in children.values():
                if child.poll() is None:
                    child.kill()
                    child.communicate()

    @classmethod
    def tearDownClass(cls):
        cls.folder.cleanup()

    def check(self, probe, exit_code):
        self.assertEqual(probe.returncode, exit_code, probe.describe())
        self.assertEqual(probe.records[-1]["type"], "end")
        self.assertEqual(probe.end["status"], "stopped")
        self.assertEqual(probe.end["exit_code"], exit_code)
        self.assertGreaterEqual(probe.end["steps"], 3)
        self.assertEqual(probe.end["steps"], len(probe.steps))
        self.assertEqual(probe.records[-2]["type"], "epoch_end")

    def test_sigint(self):
        probe = self.runs[signal.SIGINT]
        self.check(probe, 130)
        self.assertIn("KeyboardInterrupt", probe.stderr)

    def test_sigterm(self):
        self.check(self.runs[signal.SIGTERM], 143)


if __name__ == "__main__":
    unittest.main()
