#!/usr/bin/env python3
"""What the Python probe costs a training loop: the same loop bare and under the probe.

The loop is shaped like Keras' LSTM regression (LSTM(64) > Dense(1), batches of 64 sequences
of 64 steps x 8 features, Adam, MSE, the loss read with .item() every step) over a
DataLoader, so that every hook on its path runs: the fetch, the forward of the model and the
loss, backward, optimizer step and zero_grad, item. Runs alternate bare and probed, REPEATS
times each, each WARMUP + STEPS steps; the loop times its own steps, and each run's steady
step is the median after the warm-up. Prints each run's figure, the medians over the runs
and their ratio (probe / bare; the aim is at most 1.01).

On a busy machine the wall times swing by more than the probe's cost, so two figures that
the swings do not hide come with it. The same loop with next to no computation (an LSTM of
4 units over sequences of one step, 500 steps after 50) on one intra-op thread, timed by the
CPU time of its one thread (`time.thread_time()`, which waiting for a core does not add
to): the difference is the probe's own work per step, in microseconds. And what one hooked
module call costs. A benchmark: it asserts nothing.

    OMP_NUM_THREADS=2 /usr/bin/python3 tests/benchmarks/probe_overhead.py [--repeats 5]
        [--steps 60] [--warmup 10]
"""

import argparse
import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
# Module calls timed for the per-call figure.
CALLS = 20000
# The loop with next to no computation: its sizes, and its steps (short, so many).
TINY = {"sequence": 1, "units": 4, "warmup": 50, "steps": 500}
FULL = {"sequence": 64, "units": 64}


def loop(shape, warmup, steps, out_path):
    """The training loop (run in a child process, bare or under the probe)."""
    import torch
    from torch import nn
    from torch.utils.data import DataLoader, TensorDataset

    sizes = TINY if shape == "tiny" else FULL
    if shape == "tiny":
        # One thread does all the work, so that its CPU time is the step's whole cost.
        torch.set_num_threads(1)

    class Regression(nn.Module):
        def __init__(self):
            super().__init__()
            self.lstm = nn.LSTM(8, sizes["units"], batch_first=True)
            self.dense = nn.Linear(sizes["units"], 1)

        def forward(self, x):
            out, _ = self.lstm(x)
            return self.dense(out[:, -1])

    torch.manual_seed(0)
    total = warmup + steps
    data = TensorDataset(torch.randn(total * 64, sizes["sequence"], 8),
                         torch.randn(total * 64, 1))
    model = Regression()
    optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)
    loss_fn = nn.MSELoss()
    ends = [time.perf_counter()]
    cpu_ends = [time.thread_time()]
    for x, y in DataLoader(data, batch_size=64, shuffle=True):
        optimizer.zero_grad()
        loss = loss_fn(model(x), y)
        loss.backward()
        optimizer.step()
        loss.item()
        ends.append(time.perf_counter())
        cpu_ends.append(time.thread_time())
    step_ms = [(b - a) * 1000 for a, b in zip(ends, ends[1:])]
    cpu_ms = [(b - a) * 1000 for a, b in zip(cpu_ends, cpu_ends[1:])]

    # The cost of one hooked call, where it is paid most: a module call (nn.Identity, so
    # that nearly all of it is the call's overhead), best of five rounds.
    identity, x = nn.Identity(), torch.zeros(1)
    rounds = []
    for _ in range(5):
        start = time.perf_counter()
        for _ in range(CALLS):
            identity(x)
        rounds.append((time.perf_counter() - start) / CALLS * 1e6)
    with open(out_path, "w") as f:
        json.dump({"step_ms": step_ms, "cpu_ms": cpu_ms, "call_us": min(rounds),
                   "threads": torch.get_num_threads(), "torch": str(torch.__version__)}, f)


def cpu_description():
    model, flags = "unknown", ""
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name") and model == "unknown":
                    model = line.split(":", 1)[1].strip()
                if line.startswith("flags") and not flags:
                    flags = line
    except OSError:
        pass
    return f"{model}, {os.cpu_count()} cores, avx512f: {'yes' if ' avx512f' in flags else 'no'}"


def run_once(kind, shape, warmup, steps, scratch, index):
    """One child run; returns its median steady step (ms; for the tiny loop its thread's CPU
    time), and its result file."""
    name = f"{kind}-{shape}-{index}"
    out = os.path.join(scratch, name + ".json")
    this = os.path.abspath(__file__)
    args = ["--loop", shape, str(warmup), str(steps), out]
    env = dict(os.environ)
    if kind == "probe":
        command = [sys.executable, "-m", "epochscope.run", this, *args]
        env["PYTHONPATH"] = os.path.join(REPO, "python")
        env["EPOCHSCOPE_PROBE_FILE"] = os.path.join(scratch, name + ".jsonl")
    else:
        command = [sys.executable, this, *args]
    subprocess.run(command, check=True, env=env)
    with open(out) as f:
        result = json.load(f)
    key = "cpu_ms" if shape == "tiny" else "step_ms"
    return statistics.median(result[key][warmup:]), result


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--steps", type=int, default=60)
    parser.add_argument("--warmup", type=int, default=10)
    parser.add_argument("--loop", nargs=4, metavar=("SHAPE", "WARMUP", "STEPS", "OUT"),
                        help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.loop:
        loop(args.loop[0], int(args.loop[1]), int(args.loop[2]), args.loop[3])
        return

    full = {"bare": [], "probe": []}
    tiny = {"bare": [], "probe": []}
    calls = {"bare": [], "probe": []}
    result = None
    with tempfile.TemporaryDirectory() as scratch:
        for repeat in range(args.repeats):
            # Which goes first alternates, so that a load that rises or falls over a pair
            # favours neither.
            for kind in (("bare", "probe") if repeat % 2 == 0 else ("probe", "bare")):
                full_ms, result = run_once(kind, "full", args.warmup, args.steps, scratch,
                                           repeat)
                tiny_ms, _ = run_once(kind, "tiny", TINY["warmup"], TINY["steps"], scratch,
                                      repeat)
                full[kind].append(full_ms)
                tiny[kind].append(tiny_ms)
                calls[kind].append(result["call_us"])
                print(f"repeat {repeat + 1} {kind:5s}: steady step {full_ms:.2f} ms, "
                      f"tiny step's CPU {tiny_ms * 1000:.1f} us, module call "
                      f"{result['call_us']:.2f} us", flush=True)

    def median_of(values):
        return statistics.median(values["bare"]), statistics.median(values["probe"])

    bare, probe = median_of(full)
    tiny_bare, tiny_probe = median_of(tiny)
    call_bare, call_probe = median_of(calls)
    added_us = (tiny_probe - tiny_bare) * 1000
    print(f"CPU: {cpu_description()}")
    print(f"Python {platform.python_version()}, torch {result['torch']}, "
          f"intra-op threads {result['threads']}, OMP_NUM_THREADS="
          f"{os.environ.get('OMP_NUM_THREADS', 'unset')}")
    print(f"median steady step over {args.repeats} runs of {args.steps} steps after "
          f"{args.warmup}: bare {bare:.2f} ms, probe {probe:.2f} ms, "
          f"ratio {probe / bare:.4f}")
    print(f"the same loop with next to no computation, its thread's CPU time per step "
          f"(median over {args.repeats} runs): bare {tiny_bare * 1000:.1f} us, probe "
          f"{tiny_probe * 1000:.1f} us: the probe's work is {added_us:.1f} us a step, "
          f"{added_us / 10 / bare:.2f}% of the median bare steady step above and "
          f"{added_us / 10 / min(full['bare']):.2f}% of the fastest run's")
    print(f"one module call (nn.Identity, best of 5 x {CALLS}, median over the runs): "
          f"bare {call_bare:.2f} us, probe {call_probe:.2f} us, "
          f"+{call_probe - call_bare:.2f} us a call")


if __name__ == "__main__":
    main()
