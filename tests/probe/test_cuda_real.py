"""The probe's CUDA timing on a real GPU: a loop whose work is on the device, profiled, against
what the script measured itself.

Skipped where torch sees no CUDA device (every machine this was written on), so that it
costs nothing there; scripts/gpu-check.sh runs it with the GPU machine's own interpreter.
What it checks is what the stand-in events of test_cuda_timing.py cannot: that the real
`torch.cuda.Event` path records, resolves and labels the phases; that a step's GPU time
agrees with the time the script itself saw (it reads the loss every step, so the host waits
for the GPU once a step); and that the probe does not synchronise per phase.
"""

import os
import subprocess
import sys
import unittest

from tests.probe.support import ScriptRunTest, median

# Four batches, each of BATCH rows, trained over for EPOCHS epochs: a small dataset on the
# host, copied to the device batch by batch.
BATCH = 1024
BATCHES = 4
EPOCHS = 10
STEPS = BATCHES * EPOCHS
# The first steps are timed on the host's clock (the probe starts its events at the first
# step boundary after it sees a CUDA tensor) and pay for cuBLAS's and the allocator's warm-up.
WARM_STEPS = 5
# Matrix side and chained products per forward: 2 * 12 * 1024 * 2048^2 = 103 GFLOP a
# forward (TF32 off) and twice that backward, milliseconds on any GPU this runs on, far above
# the launches' overhead.
SIDE = 2048
PRODUCTS = 12
# A GPU phase time agrees with the script's own events within this share (the two measure
# the same kernels between different events, a few launches apart).
PHASE_TOLERANCE = 0.25
# The step's GPU wall time agrees with the host's step time within this share: the host waits
# for the GPU at `.item()` once a step, so the two differ by the host's work before the first
# kernel of a step and after the last.
WALL_TOLERANCE = 0.25

SCRIPT = f"""
    import json, os, sys, time
    import torch
    from torch import nn
    from torch.utils.data import DataLoader, TensorDataset

    # Every synchronisation the process makes, counted (the probe may wait for events only
    # when its queue overflows and at the end of the run).
    synchronisations = []
    def counted(original, name):
        def wrapper(*args, **kwargs):
            synchronisations.append(name)
            return original(*args, **kwargs)
        return wrapper
    torch.cuda.synchronize = counted(torch.cuda.synchronize, "torch.cuda.synchronize")
    torch.cuda.Event.synchronize = counted(torch.cuda.Event.synchronize, "Event.synchronize")
    torch.cuda.Stream.synchronize = counted(torch.cuda.Stream.synchronize, "Stream.synchronize")

    class Chain(nn.Module):
        def __init__(self):
            super().__init__()
            self.weight = nn.Parameter(torch.randn({SIDE}, {SIDE}) / {SIDE} ** 0.5)
        def forward(self, x):
            for _ in range({PRODUCTS}):
                x = torch.tanh(x @ self.weight)
            return x.mean()

    torch.backends.cuda.matmul.allow_tf32 = False
    device = torch.device("cuda")
    model = Chain().to(device)
    optimizer = torch.optim.SGD(model.parameters(), lr=1e-4)
    data = TensorDataset(torch.randn({BATCHES} * {BATCH}, {SIDE}))
    measured = {{"forward_ms": [], "step_ms": [], "h2d_bytes": []}}
    start = torch.cuda.Event(enable_timing=True)
    end = torch.cuda.Event(enable_timing=True)
    previous = time.perf_counter()
    loader = DataLoader(data, batch_size={BATCH})
    for (x,) in (batch for epoch in range({EPOCHS}) for batch in loader):
        x = x.to(device)
        measured["h2d_bytes"].append(x.element_size() * x.nelement())
        optimizer.zero_grad()
        # The script's own events around the forward: model.forward is called the same way
        # by Module.__call__, so both time the same kernels.
        start.record()
        loss = model(x)
        end.record()
        loss.backward()
        optimizer.step()
        loss.item()
        now = time.perf_counter()
        measured["step_ms"].append((now - previous) * 1000)
        previous = now
        measured["forward_ms"].append(start.elapsed_time(end))
    measured["synchronisations"] = list(synchronisations)
    with open(os.path.join(os.getcwd(), "truth.json"), "w") as f:
        json.dump(measured, f)
"""


def cuda_device_present():
    """Whether the interpreter that runs the scripts sees a CUDA device. Asked in a child
    process, and only where the NVIDIA driver's device node exists: importing torch here
    would cost every machine without a GPU seconds for nothing."""
    if not os.path.exists("/dev/nvidiactl"):
        return False
    check = subprocess.run([sys.executable, "-c",
                            "import torch; print(torch.cuda.is_available())"],
                           capture_output=True, text=True, timeout=120)
    return check.returncode == 0 and check.stdout.strip() == "True"


@unittest.skipUnless(cuda_device_present(), "no CUDA device for this interpreter's torch")
class RealCudaTiming(ScriptRunTest):
    script = SCRIPT
    steps = STEPS

    def device_timed_steps(self):
        """The steps after the warm-up, all of which the probe timed with events."""
        notes = [note["text"] for note in self.probe.of_type("note")]
        self.assertTrue(any(text.startswith("CUDA tensors in use") for text in notes), notes)
        return self.probe.steps[WARM_STEPS:]

    def test_hello_says_cuda(self):
        self.assertTrue(self.probe.one("hello")["cuda"])

    def test_forward_is_the_gpu_time_the_script_measured(self):
        steps = self.device_timed_steps()
        forward = median(step["phase_ms"]["forward"] for step in steps)
        expected = median(self.truth["forward_ms"][WARM_STEPS:])
        self.assertGreater(expected, 1.0, "the forward is too light to tell anything")
        self.assertLess(abs(forward - expected), PHASE_TOLERANCE * expected,
                        f"probe {forward:.3f} ms, script's events {expected:.3f} ms")

    def test_step_wall_is_the_time_the_host_waited(self):
        steps = self.device_timed_steps()
        wall = median(step["wall_ms"] for step in steps)
        expected = median(self.truth["step_ms"][WARM_STEPS:])
        self.assertLess(abs(wall - expected), WALL_TOLERANCE * expected,
                        f"probe {wall:.3f} ms on the GPU, host {expected:.3f} ms")

    def test_every_phase_of_the_step_is_labelled(self):
        for step in self.device_timed_steps():
            phases = step["phase_ms"]
            # Backward does the forward's products twice over; the optimizer and the copy
            # are small but never nothing on the device.
            self.assertGreater(phases["backward"], phases["forward"], step)
            self.assertGreater(phases["optimizer"], 0.0, step)
            self.assertGreater(phases["host_to_device"], 0.0, step)
            named = sum(value for key, value in phases.items() if key != "other")
            self.assertLessEqual(named, step["wall_ms"] + 0.01, step)

    def test_copies_are_counted_in_bytes(self):
        self.assertEqual([step["h2d_bytes"] for step in self.probe.steps],
                         self.truth["h2d_bytes"])

    def test_no_synchronisation_per_phase(self):
        # The script's own `elapsed_time` needs no synchronisation (`.item()` waited); the
        # probe waits for its events at the end of the run only, after the script's count.
        self.assertEqual(self.truth["synchronisations"], [])


if __name__ == "__main__":
    unittest.main()
