"""Where steps and epochs begin and end, for the shapes of loop the probe must recognise
(docs/profile.md, "Steps and epochs"), and the recurrent modules record."""

import tempfile
import unittest

from tests.probe.support import NET_SCRIPT_HEADER, median, run_script, truth

# A phase holds at least this share of the cost injected into it (sleeps never return
# early; the margin is for clock granularity).
MIN_SHARE = 0.8


GAN_SLEEP_MS = 10   # each of the two optimizers' step
GAN_BATCHES = 6
GAN_SCRIPT = f"""
    import time
    import torch
    from torch import nn

    class Slow(torch.optim.Adam):
        def step(self, closure=None):
            time.sleep({GAN_SLEEP_MS} / 1000)
            return super().step(closure)

    generator = nn.Sequential(nn.Linear(4, 16), nn.ReLU(), nn.Linear(16, 8))
    discriminator = nn.Sequential(nn.Linear(8, 16), nn.ReLU(), nn.Linear(16, 1))
    g_opt = Slow(generator.parameters(), lr=1e-3)
    d_opt = Slow(discriminator.parameters(), lr=1e-3)
    bce = nn.BCEWithLogitsLoss()
    real = torch.randn({GAN_BATCHES * 16}, 8)
    for i in range({GAN_BATCHES}):
        batch = real[i * 16:(i + 1) * 16]     # no DataLoader: sliced by hand
        fake = generator(torch.randn(16, 4))
        d_opt.zero_grad()
        d_loss = bce(discriminator(batch), torch.ones(16, 1)) + \\
            bce(discriminator(fake.detach()), torch.zeros(16, 1))
        d_loss.backward()
        d_opt.step()
        g_opt.zero_grad()
        g_loss = bce(discriminator(fake), torch.ones(16, 1))
        g_loss.backward()
        g_opt.step()
"""


class GanLoop(unittest.TestCase):
    """Two models, two optimizers, no DataLoader: one step per batch, cut where the first
    optimizer steps again."""

    @classmethod
    def setUpClass(cls):
        cls.probe = run_script(GAN_SCRIPT)

    def test_one_step_per_batch_with_both_optimizers(self):
        self.assertEqual(self.probe.returncode, 0, self.probe.describe())
        steps = self.probe.steps
        self.assertEqual(len(steps), GAN_BATCHES, self.probe.describe())
        for step in steps:
            self.assertEqual(step["epoch"], 1)
            self.assertGreaterEqual(step["phase_ms"]["optimizer"], MIN_SHARE * 2 * GAN_SLEEP_MS)
            # No DataLoader: samples from the step's first forward, the generator's noise.
            self.assertEqual(step["samples"], 16)
            self.assertIsNone(step["loss"])   # the script never reads a loss
        self.assertEqual(self.probe.one("epoch_end")["batches"], GAN_BATCHES)


PLAIN_FORWARD_MS = 10
PLAIN_BATCHES = 5
PLAIN_SCRIPT = f"""
    import time
    from torch.nn.utils.rnn import pack_padded_sequence
{NET_SCRIPT_HEADER}
            self.gru = nn.GRU(3, 8, batch_first=True)
            self.lstm = nn.LSTM(3, 8, batch_first=True)
            self.head = nn.Linear(16, 1)
        def forward(self, x, lengths):
            time.sleep({PLAIN_FORWARD_MS} / 1000)
            _, h = self.gru(x)
            packed = pack_padded_sequence(x, lengths, batch_first=True, enforce_sorted=False)
            _, (c, _) = self.lstm(packed)
            return self.head(torch.cat([h[-1], c[-1]], dim=1))

    model = Net()
    optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)
    x = torch.randn({PLAIN_BATCHES} * 6, 5, 3)
    y = torch.randn({PLAIN_BATCHES} * 6, 1)
    lengths = torch.tensor([5, 3, 4, 2, 5, 1])
    for i in range({PLAIN_BATCHES}):
        xb, yb = x[i * 6:(i + 1) * 6], y[i * 6:(i + 1) * 6]
        optimizer.zero_grad()
        loss = nn.functional.mse_loss(model(xb, lengths), yb)
        loss.backward()
        optimizer.step()
    with torch.no_grad():
        model(x[:6], lengths)   # an evaluation after the loop: after the last step
"""


class PlainLoop(unittest.TestCase):
    """One optimizer, tensors sliced by hand, a GRU and a packed LSTM, no `.item()`."""

    @classmethod
    def setUpClass(cls):
        cls.probe = run_script(PLAIN_SCRIPT)

    def setUp(self):
        self.assertEqual(self.probe.returncode, 0, self.probe.describe())

    def test_steps_and_phases(self):
        steps = self.probe.steps
        self.assertEqual(len(steps), PLAIN_BATCHES, self.probe.describe())
        self.assertEqual([step["batch"] for step in steps], list(range(1, PLAIN_BATCHES + 1)))
        for step in steps:
            self.assertGreaterEqual(step["phase_ms"]["forward"], MIN_SHARE * PLAIN_FORWARD_MS)
            self.assertGreater(step["phase_ms"]["backward"], 0.0)
            self.assertGreater(step["phase_ms"]["optimizer"], 0.0)
            self.assertEqual(step["phase_ms"]["data_wait"], 0.0)
            self.assertEqual(step["samples"], 6)   # the first forward's first tensor
        # The evaluation after the last optimizer step belongs to no step.
        self.assertLess(steps[-1]["phase_ms"]["forward"], 3 * PLAIN_FORWARD_MS)

    def test_loss_is_null_without_item(self):
        self.assertEqual([step["loss"] for step in self.probe.steps], [None] * PLAIN_BATCHES)

    def test_recurrent_modules(self):
        modules = self.probe.of_type("modules")
        self.assertGreaterEqual(len(modules), 2)
        last = {entry["class"]: entry for entry in modules[-1]["recurrent"]}
        self.assertEqual(set(last), {"GRU", "LSTM"})
        self.assertEqual(last["GRU"], {"class": "GRU", "kind": "GRU", "device": "cpu",
                                       "packed_input": False, "bidirectional": False,
                                       "calls": PLAIN_BATCHES + 1})
        self.assertEqual(last["LSTM"]["packed_input"], True)
        self.assertEqual(last["LSTM"]["device"], "cpu")
        self.assertEqual(last["LSTM"]["calls"], PLAIN_BATCHES + 1)
        # The first record came at the GRU's first call, before any step.
        first = modules[0]["recurrent"]
        self.assertEqual([(e["class"], e["calls"]) for e in first], [("GRU", 1)])


EPOCH_BATCHES = 6
VALIDATION_SLEEP_MS = 10   # per sample, 8 samples: 80 ms of validation per epoch
VALIDATION_MS = 8 * VALIDATION_SLEEP_MS
EPOCHS_SCRIPT = f"""
    import json, os, time
    import torch
    from torch import nn
    from torch.utils.data import DataLoader, Dataset, TensorDataset

    class SlowValidation(Dataset):
        def __len__(self):
            return 8
        def __getitem__(self, i):
            time.sleep({VALIDATION_SLEEP_MS} / 1000)
            return torch.zeros(4), torch.zeros(1)

    model = nn.Linear(4, 1)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.01)
    train = TensorDataset(torch.randn({EPOCH_BATCHES} * 4, 4), torch.randn({EPOCH_BATCHES} * 4, 1))
    loader = DataLoader(train, batch_size=4, shuffle=True)
    validation = DataLoader(SlowValidation(), batch_size=4)
    # A first pass over the validation data, then a look at one batch, before training:
    # neither is an epoch, nor in the first step.
    with torch.no_grad():
        for x, y in validation:
            model(x)
    shape = next(iter(loader))[0].shape
    losses = []
    for epoch in range(5):
        # Epochs 4 and 5 make a new DataLoader over the same data, as many scripts do.
        source = loader if epoch < 3 else DataLoader(train, batch_size=4)
        for x, y in source:
            optimizer.zero_grad()
            loss = nn.functional.mse_loss(model(x), y)
            loss.backward()
            optimizer.step()
            losses.append(loss.item())
        with torch.no_grad():
            for x, y in validation:
                model(x)
    folder = os.path.dirname(os.path.abspath(__file__))
    with open(os.path.join(folder, "truth.json"), "w") as f:
        json.dump({{"loss": losses}}, f)
"""


class EpochsAndValidation(unittest.TestCase):
    """Three passes over one DataLoader, two over new ones, a validation loader each epoch
    and once before the first."""

    @classmethod
    def setUpClass(cls):
        cls.folder = tempfile.TemporaryDirectory()
        cls.probe = run_script(EPOCHS_SCRIPT, folder=cls.folder.name)

    @classmethod
    def tearDownClass(cls):
        cls.folder.cleanup()

    def setUp(self):
        self.assertEqual(self.probe.returncode, 0, self.probe.describe())

    def test_epochs_and_their_steps(self):
        begins = self.probe.of_type("epoch_begin")
        ends = self.probe.of_type("epoch_end")
        self.assertEqual([e["epoch"] for e in begins], [1, 2, 3, 4, 5], self.probe.describe())
        self.assertEqual([e["epoch"] for e in ends], [1, 2, 3, 4, 5])
        self.assertEqual([e["batches"] for e in ends], [EPOCH_BATCHES] * 5)
        steps = self.probe.steps
        self.assertEqual([(s["epoch"], s["batch"]) for s in steps],
                         [(e, b) for e in range(1, 6) for b in range(1, EPOCH_BATCHES + 1)])
        for step in steps:
            self.assertEqual(step["samples"], 4)

    def test_validation_is_in_no_step(self):
        steps = self.probe.steps
        begins = {e["epoch"]: e["t_s"] for e in self.probe.of_type("epoch_begin")}
        ends = {e["epoch"]: e["t_s"] for e in self.probe.of_type("epoch_end")}
        for epoch in range(1, 6):
            walls = [s["wall_ms"] for s in steps if s["epoch"] == epoch]
            outside_ms = (ends[epoch] - begins[epoch]) * 1000 - sum(walls)
            self.assertGreaterEqual(outside_ms, MIN_SHARE * VALIDATION_MS, (epoch, walls))
            self.assertLess(max(walls), VALIDATION_MS / 2, (epoch, walls))

    def test_epochs_follow_each_other(self):
        begins = self.probe.of_type("epoch_begin")
        ends = self.probe.of_type("epoch_end")
        for previous_end, begin in zip(ends, begins[1:]):
            self.assertEqual(previous_end["t_s"], begin["t_s"])
        # Times are rounded to the microsecond, wall times to the microsecond in ms.
        rounding_s = 2e-6
        for begin, end in zip(begins, ends):
            epoch_steps = [s for s in self.probe.steps if s["epoch"] == begin["epoch"]]
            first_start_s = epoch_steps[0]["end_s"] - epoch_steps[0]["wall_ms"] / 1000
            self.assertAlmostEqual(first_start_s, begin["t_s"], delta=rounding_s)
            self.assertLessEqual(epoch_steps[-1]["end_s"], end["t_s"])

    def test_loss_is_the_items_value(self):
        self.assertEqual([s["loss"] for s in self.probe.steps],
                         truth(self.folder.name)["loss"])


STEP_SLEEP_MS = 12
EXPLICIT_SCRIPT = f"""
    import time
    import torch
    from torch import nn
    from torch.utils.data import DataLoader, TensorDataset
    import epochscope

    model = nn.Linear(4, 1)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.01)
    # Two worker processes: forked, they keep the probe's patches and must record nothing.
    loader = DataLoader(TensorDataset(torch.randn(48, 4), torch.randn(48, 1)), batch_size=4,
                        num_workers=2)

    # Gradient accumulation: an optimizer step every third batch.
    for i, (x, y) in enumerate(loader):
        loss = nn.functional.mse_loss(model(x), y) / 3
        loss.backward()
        if i % 3 == 2:
            optimizer.step()
            optimizer.zero_grad()

    # A loop without torch.optim, marked by hand: two epochs of three steps.
    for epoch in range(2):
        with epochscope.epoch():
            for i in range(3):
                with epochscope.step():
                    loss = nn.functional.mse_loss(model(torch.randn(5, 4)), torch.zeros(5, 1))
                    loss.backward()
                    with torch.no_grad():
                        for p in model.parameters():
                            p -= 0.01 * p.grad
                    time.sleep({STEP_SLEEP_MS} / 1000)
                    loss.item()
"""


class AccumulationAndExplicitMarks(unittest.TestCase):
    """Gradient accumulation over a DataLoader with worker processes, then epochs and steps
    marked by hand."""

    @classmethod
    def setUpClass(cls):
        cls.probe = run_script(EXPLICIT_SCRIPT)

    def setUp(self):
        self.assertEqual(self.probe.returncode, 0, self.probe.describe())

    def test_accumulated_batches_make_one_step(self):
        first = [s for s in self.probe.steps if s["epoch"] == 1]
        self.assertEqual(len(first), 4, self.probe.describe())
        self.assertEqual([s["samples"] for s in first], [12] * 4)

    def test_explicit_steps_and_epochs(self):
        ends = self.probe.of_type("epoch_end")
        self.assertEqual([(e["epoch"], e["batches"]) for e in ends], [(1, 4), (2, 3), (3, 3)])
        explicit = [s for s in self.probe.steps if s["epoch"] > 1]
        self.assertEqual(len(explicit), 6)
        for step in explicit:
            self.assertGreaterEqual(step["wall_ms"], MIN_SHARE * STEP_SLEEP_MS)
            self.assertGreaterEqual(step["phase_ms"]["other"], MIN_SHARE * STEP_SLEEP_MS)
            self.assertEqual(step["samples"], 5)
            self.assertIsInstance(step["loss"], float)
        self.assertLess(median([s["wall_ms"] for s in explicit]), STEP_SLEEP_MS + 10)


if __name__ == "__main__":
    unittest.main()
