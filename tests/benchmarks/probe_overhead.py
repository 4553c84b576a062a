#!/usr/bin/env python3
"""What the Python probe costs a training loop: the same loop bare and under the probe.

The loop is shaped like Keras' LSTM regression (LSTM(64) > Dense(1), batches of 64 sequences
of 64 steps x 8 features, Adam, MSE, the loss read with .item() every step) over a
DataLoader, so that every hook on its path runs: the fetch, the forward of the model and the
loss, backward, optimizer step and zero_grad, item. Runs alternate bare and probed, REPEATS
times each, each WARMUP + STEPS steps; the loop times its own steps, and each run's steady
step is the median after the warm-up. Prints each run's figure, the medians over the runs
and their ratio (probe / bare; the aim is at most 1.01), the same for the process's CPU
time per step, and what one hooked module call costs: on a busy machine the wall times
swing by more than the probe's cost, and those two figures show it anyway. A benchmark: it
asserts nothing.

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


def loop(warmup, steps, out_path):
    """The training loop (run in a child process, bare or under the probe)."""
    import torch
    from torch import nn
    from torch.utils.data import DataLoader, TensorDataset

    class Regression(nn.Module):
        def __init__(self):
            super().__init__()
            self.lstm = nn.LSTM(8, 64, batch_first=True)
            self.dense = nn.Linear(64, 1)

        def forward(self, x):
            out, _ = self.lstm(x)
            return self.dense(out[:, -1])

    torch.manual_seed(0)
    total = warmup + steps
    data = TensorDataset(torch.randn(total * 64, 64, 8), torch.randn(total * 64, 1))
    model = Regression()
    optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)
    loss_fn = nn.MSELoss()
    ends = [time.perf_counter()]
    cpu_ends = [time.process_time()]
    for x, y in DataLoader(data, batch_size=64, shuffle=True):
        optimizer.zero_grad()
        loss = loss_fn(model(x), y)
        loss.backward()
        optimizer.step()
        loss.item()
        ends.append(time.perf_counter())
        cpu_ends.append(time.process_time())
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


def run_once(kind, warmup, steps, scratch, index):
    out = os.path.join(scratch, f"{kind}-{index}.json")
    records = os.path.join(scratch, f"{kind}-{index}.jsonl")
    this = os.path.abspath(__file__)
    args = ["--loop", str(warmup), str(steps), out]
    env = dict(os.environ)
    if kind == "probe":
        command = [sys.executable, "-m", "epochscope.run", this, *args]
        env["PYTHONPATH"] = os.path.join(REPO, "python")
        env["EPOCHSCOPE_PROBE_FILE"] = records
    else:
        command = [sys.executable, this, *args]
    subprocess.run(command, check=True, env=env)
    with open(out) as f:
        result = json.load(f)
    steady = result["step_ms"][warmup:]
    result["steady_cpu_ms"] = statistics.median(result["cpu_ms"][warmup:])
    probe_ms = None
    if kind == "probe":
        with open(records) as f:
            walls = [r["wall_ms"] for r in map(json.loads, f) if r["type"] == "step"]
        probe_ms = statistics.median(walls[warmup:])
    return statistics.median(steady), probe_ms, result


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--steps", type=int, default=60)
    parser.add_argument("--warmup", type=int, default=10)
    parser.add_argument("--loop", nargs=3, metavar=("WARMUP", "STEPS", "OUT"),
                        help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.loop:
        loop(int(args.loop[0]), int(args.loop[1]), args.loop[2])
        return

    medians = {"bare": [], "probe": []}
    cpu = {"bare": [], "probe": []}
    calls = {"bare": [], "probe": []}
    result = None
    with tempfile.TemporaryDirectory() as scratch:
        for repeat in range(args.repeats):
            # Which goes first alternates, so that a load that rises or falls over a pair
            # favours neither.
            for kind in (("bare", "probe") if repeat % 2 == 0 else ("probe", "bare")):
                steady_ms, probe_ms, result = run_once(kind, args.warmup, args.steps,
                                                       scratch, repeat)
                medians[kind].append(steady_ms)
                cpu[kind].append(result["steady_cpu_ms"])
                calls[kind].append(result["call_us"])
                seen = f"  (the probe's own median wall_ms {probe_ms:.2f})" if probe_ms else ""
                print(f"repeat {repeat + 1} {kind:5s}: steady step {steady_ms:.2f} ms, "
                      f"CPU {result['steady_cpu_ms']:.2f} ms{seen}", flush=True)
    bare = statistics.median(medians["bare"])
    probe = statistics.median(medians["probe"])
    print(f"CPU: {cpu_description()}")
    print(f"Python {platform.python_version()}, torch {result['torch']}, "
          f"intra-op threads {result['threads']}, OMP_NUM_THREADS="
          f"{os.environ.get('OMP_NUM_THREADS', 'unset')}")
    print(f"median steady step over {args.repeats} runs of {args.steps} steps after "
          f"{args.warmup}: bare {bare:.2f} ms, probe {probe:.2f} ms, "
          f"ratio {probe / bare:.4f}")
    cpu_bare = statistics.median(cpu["bare"])
    cpu_probe = statistics.median(cpu["probe"])
    print(f"median steady step's CPU time (all threads; steadier than wall time on a busy "
          f"machine): bare {cpu_bare:.2f} ms, probe {cpu_probe:.2f} ms, "
          f"ratio {cpu_probe / cpu_bare:.4f}")
    call_bare = statistics.median(calls["bare"])
    call_probe = statistics.median(calls["probe"])
    print(f"one module call (nn.Identity, best of 5 x {CALLS}, median over the runs): "
          f"bare {call_bare:.2f} us, probe {call_probe:.2f} us, "
          f"+{call_probe - call_bare:.2f} us a call")


if __name__ == "__main__":
    main()
