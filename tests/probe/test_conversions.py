"""The `conversions` record: where the script makes NumPy arrays into tensors, per call site
(docs/profile.md, "The record format")."""

import tempfile
import textwrap
import unittest

from epochscope.phases import FORWARD
from epochscope.recorder import MAX_CONVERSION_SITES, Recorder
from tests.probe.support import NET_SCRIPT_HEADER, ListWriter, run_script

STEPS = 10
BATCH = 8
SCRIPT = f"""
    import numpy as np
{NET_SCRIPT_HEADER}
            self.lstm = nn.LSTM(3, 4, batch_first=True)
            self.head = nn.Linear(4, 1)
        def forward(self, x):
            out, _ = self.lstm(x)
            return self.head(out[:, -1])

    X = np.random.rand({STEPS * BATCH}, 5, 3).astype(np.float32)
    Y = np.random.rand({STEPS * BATCH}, 1)
    model = Net()
    optimizer = torch.optim.SGD(model.parameters(), lr=0.01)
    for i in range({STEPS}):
        xb = torch.tensor(X[i * {BATCH}:(i + 1) * {BATCH}])   # SITE tensor
        yb = torch.from_numpy(Y[i * {BATCH}:(i + 1) * {BATCH}]).float()   # SITE from_numpy
        optimizer.zero_grad()
        loss = nn.functional.mse_loss(model(xb), yb)
        loss.backward()
        optimizer.step()
    everything = torch.as_tensor(X)   # SITE as_tensor, after the last step
"""


def line_of(marker):
    """The 1-based line of the dedented script that holds `marker`."""
    lines = textwrap.dedent(SCRIPT).splitlines()
    return next(number for number, text in enumerate(lines, 1) if marker in text)


class ConversionSites(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.probe = run_script(SCRIPT)

    def setUp(self):
        self.assertEqual(self.probe.returncode, 0, self.probe.describe())
        self.assertEqual(len(self.probe.steps), STEPS, self.probe.describe())

    def test_one_site_per_call_site_with_its_counts(self):
        last = self.probe.of_type("conversions")[-1]
        sites = {site["function"]: site for site in last["sites"]}
        self.assertEqual(set(sites), {"torch.tensor", "torch.from_numpy", "torch.as_tensor"})
        tensor = sites["torch.tensor"]
        self.assertEqual(tensor["file"], "train.py")
        self.assertEqual(tensor["line"], line_of("# SITE tensor"))
        self.assertEqual(tensor["code"],
                         f"xb = torch.tensor(X[i * {BATCH}:(i + 1) * {BATCH}])   # SITE tensor")
        self.assertEqual(tensor["calls"], STEPS)
        self.assertEqual(tensor["bytes"], STEPS * BATCH * 5 * 3 * 4)
        self.assertEqual(tensor["in_steps"], STEPS)
        self.assertGreater(tensor["seconds"], 0.0)
        numpy_site = sites["torch.from_numpy"]
        self.assertEqual(numpy_site["line"], line_of("# SITE from_numpy"))
        self.assertEqual((numpy_site["calls"], numpy_site["bytes"], numpy_site["in_steps"]),
                         (STEPS, STEPS * BATCH * 8, STEPS))
        # After the last optimizer step: in no step.
        after = sites["torch.as_tensor"]
        self.assertEqual((after["line"], after["calls"], after["bytes"], after["in_steps"]),
                         (line_of("# SITE as_tensor"), 1, STEPS * BATCH * 5 * 3 * 4, 0))
        self.assertEqual(list(tensor), ["function", "file", "line", "code", "calls", "bytes",
                                        "seconds", "in_steps"])

    def test_the_bytes_agree_with_the_steps(self):
        sites = self.probe.of_type("conversions")[-1]["sites"]
        in_steps = sum(site["bytes"] for site in sites if site["function"] != "torch.as_tensor")
        self.assertEqual(sum(step["h2d_bytes"] for step in self.probe.steps), in_steps)

    def test_written_with_the_modules_record_and_at_the_end(self):
        types = [record["type"] for record in self.probe.records]
        # The LSTM's first call writes `modules`, and the conversions so far after it.
        first = types.index("modules")
        self.assertEqual(types[first + 1], "conversions")
        early = self.probe.records[first + 1]["sites"]
        self.assertEqual({s["function"]: s["calls"] for s in early},
                         {"torch.tensor": 1, "torch.from_numpy": 1})
        # The last, cumulative, just before the end record.
        self.assertEqual(types[-2:], ["conversions", "end"])


class InProcess(unittest.TestCase):
    """The recorder's side, with calls at chosen times."""

    def test_at_most_16_sites_with_the_most_seconds(self):
        writer = ListWriter()
        with tempfile.TemporaryDirectory() as folder:
            rec = Recorder(writer, start=0.0, main_ident=1, cwd=folder)
            for number in range(1, 21):
                rec.conversion("torch.tensor", f"{folder}/lib/data.py", number, 10 * number,
                               1.0, 1.0 + number / 1000)
            rec.conversion("torch.from_numpy", "/elsewhere/x.py", 3, 0, 2.0, 2.0)
            rec.finish(3.0)
        sites = writer.records[-1]["sites"]
        self.assertEqual(len(sites), MAX_CONVERSION_SITES)
        self.assertEqual([site["line"] for site in sites], list(range(20, 4, -1)))
        self.assertEqual(sites[0], {"function": "torch.tensor", "file": "lib/data.py",
                                    "line": 20, "code": "", "calls": 1, "bytes": 200,
                                    "seconds": 0.02, "in_steps": 0})

    def test_in_steps_counts_the_calls_inside_recorded_steps(self):
        writer = ListWriter()
        rec = Recorder(writer, start=0.0, main_ident=1)
        optimizer = object()
        rec.push(FORWARD, 1.0)          # the first hooked call: step 1 starts here
        rec.pop(1.1)
        rec.conversion("torch.tensor", "/a.py", 1, 4, 1.2, 1.3)        # in step 1
        rec.optimizer_begin(optimizer, 1.4)
        rec.optimizer_end(1.5)
        rec.conversion("torch.tensor", "/a.py", 1, 4, 1.6, 1.7)        # in step 2
        rec.optimizer_begin(optimizer, 1.8)   # confirms step 1
        rec.optimizer_end(1.9)
        rec.epoch_start(2.0)                  # confirms step 2; a new epoch from here
        rec.conversion("torch.tensor", "/a.py", 1, 4, 2.1, 2.2)        # in step 3
        rec.optimizer_begin(optimizer, 2.3)
        rec.optimizer_end(2.4)
        rec.conversion("torch.tensor", "/a.py", 1, 4, 2.5, 2.6)        # after the last step
        rec.finish(3.0)
        self.assertEqual(len([r for r in writer.records if r["type"] == "step"]), 3)
        site = writer.records[-1]["sites"][0]
        self.assertEqual((site["calls"], site["bytes"], site["in_steps"]), (4, 16, 3))
        self.assertAlmostEqual(site["seconds"], 0.4)


if __name__ == "__main__":
    unittest.main()
