"""The CUDA timing's bookkeeping, with stand-in events on a simulated GPU clock.

No machine this was written on has a GPU, so the real `torch.cuda.Event` path has never run;
these tests check what can be checked without one: which interval is charged to which
phase, that a step waits for its events, and that records stay in order while it waits.
They run in-process and import neither torch nor a GPU library.
"""

import unittest

from epochscope.cuda_timing import CudaPhaseTimer
from epochscope.phases import BACKWARD, FORWARD, NO_PHASE, OPTIMIZER
from epochscope.recorder import Recorder
from tests.probe.support import ListWriter


class FakeGpu:
    """A GPU clock in milliseconds that the test moves, and what it has completed."""

    def __init__(self):
        self.now_ms = 0.0
        self.done_up_to_ms = float("inf")

    def event(self):
        return FakeEvent(self)


class FakeEvent:
    def __init__(self, gpu):
        self.gpu = gpu
        self.at_ms = None

    def record(self):
        self.at_ms = self.gpu.now_ms

    def query(self):
        return self.at_ms <= self.gpu.done_up_to_ms

    def synchronize(self):
        self.gpu.done_up_to_ms = max(self.gpu.done_up_to_ms, self.at_ms)

    def elapsed_time(self, end):
        return end.at_ms - self.at_ms


class CudaPhaseTimerTest(unittest.TestCase):
    def test_intervals_are_charged_to_their_phase(self):
        gpu = FakeGpu()
        timer = CudaPhaseTimer(gpu.event)
        start = timer.boundary(NO_PHASE)
        gpu.now_ms = 4.0
        timer.boundary(NO_PHASE)           # 4 ms outside any phase
        gpu.now_ms = 10.0
        timer.boundary(FORWARD)            # 6 ms of forward
        gpu.now_ms = 19.0
        end = timer.boundary(BACKWARD)     # 9 ms of backward
        wall, named = timer.resolve(start, end, wait=False)
        self.assertEqual(wall, 19.0)
        self.assertEqual(named[FORWARD], 6.0)
        self.assertEqual(named[BACKWARD], 9.0)
        self.assertEqual(sum(named), 15.0)

    def test_waits_for_the_gpu_and_forgets_what_is_resolved(self):
        gpu = FakeGpu()
        timer = CudaPhaseTimer(gpu.event)
        start = timer.boundary(NO_PHASE)
        gpu.now_ms = 5.0
        end = timer.boundary(OPTIMIZER)
        gpu.done_up_to_ms = 3.0            # the GPU has not reached the last event yet
        self.assertIsNone(timer.resolve(start, end, wait=False))
        self.assertEqual(timer.resolve(start, end, wait=True)[1][OPTIMIZER], 5.0)
        timer.release(end)
        self.assertEqual(timer.open_events, 1)   # the end stays: the next step starts there
        gpu.done_up_to_ms = float("inf")
        gpu.now_ms = 7.0
        later = timer.boundary(FORWARD)
        self.assertEqual(timer.resolve(end, later, wait=False)[1][FORWARD], 2.0)

    def test_stops_past_its_limit(self):
        timer = CudaPhaseTimer(FakeGpu().event, limit=3)
        marks = [timer.boundary(FORWARD) for _ in range(4)]
        self.assertEqual(marks, [0, 1, 2, None])
        self.assertTrue(timer.overflowed)
        self.assertIsNone(timer.pre_event())


class RecorderOnCudaTest(unittest.TestCase):
    """Steps of a simulated CUDA run: the host's clock and the GPU's disagree, and the
    records must carry the GPU's."""

    def setUp(self):
        self.gpu = FakeGpu()
        self.writer = ListWriter()
        # Page faults read at every step, so that each step is written once confirmed.
        self.rec = Recorder(self.writer, start=0.0, main_ident=1, fault_read_interval_s=0.0)
        self.rec.cuda_available = True
        self.rec.cuda_event_factory = self.gpu.event
        self.rec.want_cuda()
        self.optimizer = object()
        self.host_s = 0.0

    def step(self, forward_gpu_ms, optimizer_gpu_ms):
        """One step: a forward, then an optimizer step; the host spends 1 ms on each."""
        rec = self.rec
        self.host_s += 0.001
        rec.push(FORWARD, self.host_s)
        self.gpu.now_ms += forward_gpu_ms
        self.host_s += 0.001
        rec.pop(self.host_s)
        rec.optimizer_begin(self.optimizer, self.host_s)
        self.gpu.now_ms += optimizer_gpu_ms
        self.host_s += 0.001
        rec.optimizer_end(self.host_s)

    def steps_written(self):
        return [r for r in self.writer.records if r["type"] == "step"]

    def test_device_timed_steps(self):
        self.step(5.0, 2.0)    # timing starts at this step's end (its candidate)
        self.step(30.0, 7.0)   # the first step timed on the GPU
        self.gpu.done_up_to_ms = self.gpu.now_ms   # the GPU is done up to here, no further
        self.step(40.0, 3.0)   # confirms the second step: its events are done
        written = self.steps_written()
        self.assertEqual(len(written), 2)
        self.assertEqual(written[0]["phase_ms"]["forward"], 1.0)   # host clock, no events
        self.assertEqual(written[1]["phase_ms"]["forward"], 30.0)
        self.assertEqual(written[1]["phase_ms"]["optimizer"], 7.0)
        self.assertEqual(written[1]["wall_ms"], 37.0)
        self.assertIn("CUDA", next(r for r in self.writer.records if r["type"] == "note")["text"])

        self.step(10.0, 1.0)   # confirms the third, whose last event is not done yet
        self.assertEqual(len(self.steps_written()), 2)
        self.rec.finish(self.host_s + 0.001)   # waits for the GPU
        written = self.steps_written()
        self.assertEqual([s["batch"] for s in written], [1, 2, 3, 4])
        self.assertEqual(written[2]["phase_ms"]["forward"], 40.0)
        self.assertEqual(written[3]["wall_ms"], 11.0)
        self.assertEqual(self.writer.records[-1]["type"], "epoch_end")   # kept in order


if __name__ == "__main__":
    unittest.main()
