"""What PyTorch and the script expect of the patched functions still holds under the probe:
module and tensor hooks run, PyTorch's profiler still sees optimizer steps, LR schedulers
still count them, no optimizer's step is wrapped twice. The checks run inside the script,
which prints what it found; in-process tests check the hook selection's parsing."""

import json
import unittest

from epochscope.hooks import HOOK_NAMES, parse_selection
from tests.probe.support import run_script

SCRIPT = """
    import json, warnings
    import torch
    from torch import nn

    found = {}

    class Custom(torch.optim.SGD):
        def step(self, closure=None):
            return super().step(closure)

    def probe_wrappers(function):
        count = 0
        while function is not None:
            count += "epochscope" in (getattr(function, "__code__", None) and
                                      function.__code__.co_filename or "")
            function = getattr(function, "__wrapped__", None)
        return count

    model = nn.Linear(3, 1)
    calls = []
    model.register_forward_pre_hook(lambda module, args: calls.append("pre"))
    model.register_forward_hook(lambda module, args, out: calls.append("post"))
    optimizers = [torch.optim.SGD(model.parameters(), lr=0.1),
                  torch.optim.SGD(model.parameters(), lr=0.1),
                  Custom(model.parameters(), lr=0.1),
                  Custom(model.parameters(), lr=0.1),
                  torch.optim.Adam(model.parameters())]
    found["wrappers"] = {cls.__name__: probe_wrappers(cls.__dict__["step"])
                         for cls in (torch.optim.SGD, Custom, torch.optim.Adam)}
    found["hooked"] = all(getattr(type(o).step, "hooked", False) for o in optimizers)

    optimizer = optimizers[0]
    scheduler = torch.optim.lr_scheduler.StepLR(optimizer, step_size=1, gamma=0.5)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        with torch.autograd.profiler.profile() as profile:
            out = model(torch.randn(4, 3, requires_grad=True))
            out.register_hook(lambda grad: calls.append("grad"))
            loss = out.sum()
            loss.backward()
            optimizer.step()
            optimizer.zero_grad()
        scheduler.step()
    found["calls"] = calls
    found["profiled"] = sorted({e.key for e in profile.key_averages()
                                if e.key.startswith("Optimizer.")})
    found["warnings"] = [str(w.message) for w in caught]
    found["lr"] = optimizer.param_groups[0]["lr"]
    found["loss_type"] = type(loss.item()).__name__
    found["float"] = float(torch.tensor(2.5))
    found["to_dtype"] = str(torch.ones(2).to(torch.float64).dtype)
    print(json.dumps(found))
"""


class PatchedFunctionsStillWork(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.probe = run_script(SCRIPT)
        cls.found = json.loads(cls.probe.stdout) if cls.probe.returncode == 0 else None

    def setUp(self):
        self.assertEqual(self.probe.returncode, 0, self.probe.describe())

    def test_each_step_wrapped_once_and_still_marked_for_pytorch(self):
        self.assertEqual(self.found["wrappers"], {"SGD": 1, "Custom": 1, "Adam": 1})
        self.assertTrue(self.found["hooked"])

    def test_pytorch_profiler_sees_the_optimizer(self):
        self.assertIn("Optimizer.step#SGD.step", self.found["profiled"])
        self.assertIn("Optimizer.zero_grad#SGD.zero_grad", self.found["profiled"])

    def test_hooks_and_scheduler_work(self):
        self.assertEqual(self.found["calls"], ["pre", "post", "grad"])
        self.assertEqual(self.found["warnings"], [])   # no "scheduler before optimizer"
        self.assertEqual(self.found["lr"], 0.05)

    def test_results_unchanged(self):
        self.assertEqual(self.found["loss_type"], "float")
        self.assertEqual(self.found["float"], 2.5)
        self.assertEqual(self.found["to_dtype"], "torch.float64")
        self.assertEqual(len(self.probe.steps), 1)


class HookSelection(unittest.TestCase):
    def test_all_by_default(self):
        self.assertEqual(parse_selection(""), list(HOOK_NAMES))

    def test_minus_entries_leave_hooks_out(self):
        self.assertEqual(parse_selection(" -save, -numpy ,,"),
                         [name for name in HOOK_NAMES if name not in ("save", "numpy")])

    def test_bad_entries_are_named(self):
        for text, entry in (("-save,-Save", "'-Save'"), ("module", "'module'"),
                            ("-", "'-'"), ("-save;-numpy", "'-save;-numpy'")):
            with self.assertRaises(ValueError) as raised:
                parse_selection(text)
            self.assertIn(entry, str(raised.exception))


if __name__ == "__main__":
    unittest.main()
