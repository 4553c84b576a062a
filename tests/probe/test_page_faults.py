"""Page faults per step (python/epochscope/steplines.py): the counters are read at most every
FAULT_READ_INTERVAL_S, the steps between two reads share what the second adds, and nothing
outside the steps (validation, a pause) is put in them."""

import json
import os
import resource
import threading
import unittest

from epochscope.steplines import FaultRead, IDLE_READ_S, StepLines, thread_fault_reader
from tests.probe.support import REPO, median, run_script, touch_pages

PHASES = 6   # the named phases a snapshot carries (their values do not matter here)


def snapshot(t, faults=None):
    """A recorder snapshot at `t` with the page-fault counters `faults` (minor, major) when
    they were read there."""
    minor, major = faults if faults is not None else (None, None)
    return (t, [0.0] * PHASES, 0, 0, minor, major, None, 4, None)


def step(begin, end, batch):
    return (begin, end, 1, batch, None, None)


class Lines:
    """A StepLines with a clock and a fault reader the test sets, and the lines it made."""

    def __init__(self):
        self.now = 0.0
        self.main_faults = None
        self.lines = StepLines(0.0, lambda: self.main_faults, clock=lambda: self.now)
        self.out = []

    def add(self, item):
        self.lines.add(item, self.out)

    def idle(self):
        self.lines.idle(self.out)

    def written(self):
        """(kind, batch or line, minor, major) for each line made so far."""
        rows = []
        for line in self.out:
            record = json.loads(line)
            if record["type"] == "step":
                rows.append(("step", record["batch"], record["minor_faults"],
                             record["major_faults"]))
            else:
                rows.append((record["type"],))
        return rows


class Sharing(unittest.TestCase):

    def test_steps_between_two_reads_share_evenly(self):
        lines = Lines()
        s0 = snapshot(0.0, (100, 7))
        s1, s2 = snapshot(0.01), snapshot(0.02)
        s3 = snapshot(0.06, (110, 9))   # 10 minor and 2 major faults since s0
        lines.add(step(s0, s1, 1))
        lines.add(step(s1, s2, 2))
        self.assertEqual(lines.written(), [])   # waiting for the next read
        lines.add(b'{"type":"note"}\n')         # a record queued after them stays after
        lines.add(step(s2, s3, 3))
        # 10 over 3 steps: 4, 3, 3 (the earlier steps take the remainder); 2 over 3: 1, 1, 0.
        self.assertEqual(lines.written(), [("step", 1, 4, 1), ("step", 2, 3, 1), ("note",),
                                           ("step", 3, 3, 0)])

    def test_a_step_read_at_both_ends_has_its_own_count(self):
        lines = Lines()
        lines.add(step(snapshot(0.0, (5, 0)), snapshot(0.1, (25, 1)), 1))
        lines.add(step(snapshot(0.1, (25, 1)), snapshot(0.2, (26, 1)), 2))
        self.assertEqual(lines.written(), [("step", 1, 20, 1), ("step", 2, 1, 0)])

    def test_what_comes_between_runs_of_steps_is_in_none(self):
        lines = Lines()
        s0, s1 = snapshot(0.0, (0, 0)), snapshot(0.01)
        lines.add(step(s0, s1, 1))
        lines.add(FaultRead((8, 0)))   # the run ended (validation begins)
        self.assertEqual(lines.written(), [("step", 1, 8, 0)])
        # Validation faults 1,000 pages; the next run begins with a read.
        s2, s3 = snapshot(1.0, (1008, 0)), snapshot(1.01)
        lines.add(step(s2, s3, 2))
        lines.add(FaultRead((1011, 0)))
        self.assertEqual(lines.written()[1:], [("step", 2, 3, 0)])

    def test_a_new_run_ends_the_steps_that_wait(self):
        # No FaultRead came (a caller that ends a run without one): the new run's first
        # read ends the waiting steps, so none waits for ever and the counts stay whole.
        lines = Lines()
        lines.add(step(snapshot(0.0, (0, 0)), snapshot(0.01), 1))
        lines.add(step(snapshot(0.5, (30, 0)), snapshot(0.51, (31, 0)), 1))
        self.assertEqual(lines.written(), [("step", 1, 30, 0), ("step", 1, 1, 0)])

    def test_the_writer_reads_the_counters_after_a_pause(self):
        lines = Lines()
        lines.add(step(snapshot(0.0, (0, 0)), snapshot(0.01), 1))
        lines.add(step(snapshot(0.01), snapshot(0.02), 2))
        lines.main_faults = (41, 0)
        lines.now = 0.01 + IDLE_READ_S / 2
        lines.idle()
        self.assertEqual(lines.written(), [])   # not long enough
        lines.now = 0.01 + IDLE_READ_S
        lines.idle()
        self.assertEqual(lines.written(), [("step", 1, 21, 0), ("step", 2, 20, 0)])
        # The next step counts from the writer's read.
        lines.add(step(snapshot(0.02), snapshot(0.5, (50, 0)), 3))
        self.assertEqual(lines.written()[2:], [("step", 3, 9, 0)])

    def test_an_unreadable_counter_keeps_the_steps_waiting(self):
        lines = Lines()
        lines.add(step(snapshot(0.0, (0, 0)), snapshot(0.01), 1))
        lines.now = 10.0
        lines.idle()   # main_faults is None: unreadable
        self.assertEqual(lines.written(), [])
        lines.lines.flush(lines.out)   # the stream's end writes them all the same
        self.assertEqual(lines.written(), [("step", 1, 0, 0)])

    def test_counters_that_go_back_give_no_negative_count(self):
        lines = Lines()
        lines.add(step(snapshot(0.0, (50, 3)), snapshot(0.1, (40, 1)), 1))
        self.assertEqual(lines.written(), [("step", 1, 0, 0)])


class ThreadFaultReader(unittest.TestCase):

    def test_another_thread_reads_this_threads_counters(self):
        pages = 256
        reader = thread_fault_reader(threading.get_native_id())
        before = resource.getrusage(resource.RUSAGE_THREAD).ru_minflt
        touch_pages(pages)
        read = []
        other = threading.Thread(target=lambda: read.append(reader()))
        other.start()
        other.join()
        after = resource.getrusage(resource.RUSAGE_THREAD).ru_minflt
        minor, major = read[0]
        self.assertGreaterEqual(minor, before + pages)
        self.assertLessEqual(minor, after)
        self.assertGreaterEqual(major, 0)

    def test_a_thread_not_of_this_process_reads_none(self):
        # The parent process's id names no thread of this one: /proc/self/task has no entry.
        self.assertIsNone(thread_fault_reader(os.getppid())())


STEP_PAGES = 512          # pages each training step touches
VALIDATION_PAGES = 20000  # pages each validation pass touches, in no step
BATCHES = 12
EPOCHS = 3
FAULTS_SCRIPT = f"""
    import sys
    import torch
    from torch import nn
    from torch.utils.data import DataLoader, TensorDataset
    sys.path.insert(0, {REPO!r})
    from tests.probe.support import touch_pages

    class Touching(nn.Module):
        def __init__(self):
            super().__init__()
            self.linear = nn.Linear(4, 1)
        def forward(self, x):
            if self.training:
                touch_pages({STEP_PAGES})
            return self.linear(x)

    model = Touching()
    optimizer = torch.optim.SGD(model.parameters(), lr=0.01)
    train = DataLoader(TensorDataset(torch.randn({BATCHES} * 4, 4), torch.randn({BATCHES} * 4, 1)),
                       batch_size=4)
    validation = DataLoader(TensorDataset(torch.randn(8, 4)), batch_size=4)
    for epoch in range({EPOCHS}):
        model.train()
        for x, y in train:
            optimizer.zero_grad()
            nn.functional.mse_loss(model(x), y).backward()
            optimizer.step()
        model.eval()
        for (x,) in validation:
            touch_pages({VALIDATION_PAGES} // 2)
"""


class FaultsOfAScript(unittest.TestCase):
    """A loop whose every step touches a known number of fresh pages, with a validation
    pass that touches many more outside the steps."""

    @classmethod
    def setUpClass(cls):
        cls.probe = run_script(FAULTS_SCRIPT)

    def setUp(self):
        self.assertEqual(self.probe.returncode, 0, self.probe.describe())

    def test_each_step_shows_its_pages(self):
        steps = self.probe.steps
        self.assertEqual(len(steps), BATCHES * EPOCHS, self.probe.describe())
        # PyTorch and the interpreter fault a few pages of their own in a step.
        middle = median([s["minor_faults"] for s in steps[1:]])
        self.assertGreaterEqual(middle, STEP_PAGES, self.probe.describe())
        self.assertLess(middle, STEP_PAGES * 1.25, self.probe.describe())

    def test_validation_is_in_no_step(self):
        for epoch in range(2, EPOCHS + 1):
            faults = sum(s["minor_faults"] for s in self.probe.steps if s["epoch"] == epoch)
            self.assertLess(faults, BATCHES * STEP_PAGES * 1.25 + VALIDATION_PAGES / 4,
                            (epoch, self.probe.describe()))


if __name__ == "__main__":
    unittest.main()
