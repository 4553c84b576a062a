#!/usr/bin/env python3
"""What the Python probe costs a training loop: the same loop bare and under the probe.

The loop is shaped like Keras' LSTM regression (LSTM(64) > Dense(1), batches of 64 sequences
of 64 steps x 8 features, Adam, MSE, the loss read with .item() every step) over a
DataLoader, so that every hook on its path runs: the fetch, the forward of the model and the
loss, backward, optimizer step and zero_grad, item. Runs alternate bare and probed, REPEATS
times each, each WARMUP + STEPS steps; the loop times its own steps, and each run's steady
step is the median after the warm-up. Prints each run's figure, the medians over the runs
and their ratio (probe / bare; the aim is at most 1.01).

On a busy machine the wall times of separate runs swing by more than the probe's cost
(this project's 2-core machines share their cores with builds), so a figure the swings do
not hide comes with it: the same loop with next to no computation (an LSTM of 4 units over
sequences of one step, one intra-op thread, 1200 steps after 50) run under the probe with
the recording switched on and off every 20 steps within the one process. On and off steps
take turns every few milliseconds, so a load that comes and goes weighs on both alike, and
the difference of their medians is the probe's work per step, in microseconds ("off" still
passes through the wrappers: their thread check is not in the figure). The probe's writer
thread formats and writes the records every 150 ms (python/epochscope/writer.py), during a
few steps out of hundreds, which a median leaves out: their extra time over the median step
of their kind, spread over all recording steps, is added to the figure. The same switching
on the full loop itself (TOGGLED_STEPS steps) gives the probe's cost on its steady step within
one process: the ratio of the median step with the recording on to the one with it off. And
what one hooked module call costs, on and off the probe. A benchmark: it asserts nothing.

Each full run also prints its page faults per steady step (the process's, all threads). On
glibc's default malloc settings the PyTorch 2.6 loop is bistable: when glibc gives the heap
back to the system at the end of every step, each step faults its memory in again (some
2,400 faults a step here, 8 times the time on this project's virtual machines); whether it
does depends on glibc's dynamic thresholds (docs/profile.md, "What it costs"). The summary
gives the share of slow steps in the bare and in the probed runs, which shows whether the probe
moves that state. `--pin-malloc` fixes glibc's thresholds (GLIBC_TUNABLES) in every run, so that the runs
compare the probe's cost rather than glibc's state.

    OMP_NUM_THREADS=2 /usr/bin/python3 tests/benchmarks/probe_overhead.py [--repeats 5]
        [--steps 60] [--warmup 10] [--toggled-steps 400] [--pin-malloc]
"""

import argparse
import json
import os
import platform
import resource
import statistics
import subprocess
import sys
import tempfile
import threading
import time

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
# Module calls timed for the per-call figure.
CALLS = 20000
# The loop with next to no computation: its sizes, and its steps (short, so many).
TINY = {"sequence": 1, "units": 4, "warmup": 50, "steps": 1200}
# Steps in each stretch of the tiny loop with the recording on, or off.
STRETCH = 20
FULL = {"sequence": 64, "units": 64}
# glibc's thresholds for --pin-malloc: memory freed at the heap's top is kept (up to 256 MiB),
# and blocks are mmap'ed only from 32 MiB, the largest threshold glibc takes.
PINNED_MALLOC = "glibc.malloc.trim_threshold=268435456:glibc.malloc.mmap_threshold=33554432"
# Shapes of the loop: bare or probed full runs, and the two run with the recording switched.
TOGGLED_SHAPES = ("tiny", "toggled")
# A full run's step is counted slow when it takes this many times the fastest tenth of all
# full runs' steady steps: glibc's trimming makes a step several times slower (5 to 8 times
# on PyTorch 2.6 here), while load swings stay well under twice.
SLOW_STEP_FACTOR = 2.5


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
    recorder = None
    if shape in TOGGLED_SHAPES:
        try:
            import epochscope   # importable under the probe only
            recorder = epochscope._recorder
        except ImportError:
            pass
    on_ident = threading.get_ident()
    recording = []
    writer = recorder.writer if recorder is not None else None
    wrote = []
    ends = [time.perf_counter()]
    faults_at_warmup = 0
    for i, (x, y) in enumerate(DataLoader(data, batch_size=64, shuffle=True)):
        if i == warmup:
            faults_at_warmup = resource.getrusage(resource.RUSAGE_SELF).ru_minflt
        if recorder is not None and i % STRETCH == 0:
            # The probe's hooks record on the thread named here only (no phase is open
            # between two steps, so switching here leaves its state whole).
            recorder.main_ident = on_ident if (i // STRETCH) % 2 == 0 else None
        recording.append(recorder is not None and recorder.main_ident == on_ident)
        writes_before = writer.writes if writer is not None else 0
        optimizer.zero_grad()
        loss = loss_fn(model(x), y)
        loss.backward()
        optimizer.step()
        loss.item()
        ends.append(time.perf_counter())
        # Whether the probe's writer thread wrote records during the step.
        wrote.append(writer is not None and writer.writes != writes_before)
    step_ms = [(b - a) * 1000 for a, b in zip(ends, ends[1:])]
    faults = resource.getrusage(resource.RUSAGE_SELF).ru_minflt - faults_at_warmup
    if recorder is not None:
        recorder.main_ident = on_ident

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
        json.dump({"step_ms": step_ms, "recording": recording, "wrote": wrote,
                   "faults_per_step": faults / max(steps, 1),
                   "call_us": min(rounds),
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


def drain(fd, received):
    """Reads the probe's records from the pipe to its end, as epochscope-cli does."""
    with os.fdopen(fd, "rb", buffering=0) as pipe:
        while True:
            data = pipe.read(1 << 16)
            if not data:
                return
            received[0] += data.count(b"\n")


def run_once(kind, shape, warmup, steps, scratch, index, pin_malloc=False):
    """One child run: its result file, read. Under the probe, the records go through a pipe
    that a thread of this process reads, as they go to epochscope-cli: not to a file, whose
    writes would wait for the disk while other work writes to it."""
    name = f"{kind}-{shape}-{index}"
    out = os.path.join(scratch, name + ".json")
    this = os.path.abspath(__file__)
    args = ["--loop", shape, str(warmup), str(steps), out]
    env = dict(os.environ)
    env.pop("EPOCHSCOPE_PROBE_FILE", None)
    if pin_malloc:
        env["GLIBC_TUNABLES"] = PINNED_MALLOC
    if kind == "probe":
        command = [sys.executable, "-m", "epochscope.run", this, *args]
        env["PYTHONPATH"] = os.path.join(REPO, "python")
        read_end, write_end = os.pipe()
        env["EPOCHSCOPE_PROBE_FD"] = str(write_end)
        received = [0]
        reader = threading.Thread(target=drain, args=(read_end, received))
        reader.start()
        try:
            child = subprocess.Popen(command, env=env, pass_fds=[write_end])
        finally:
            os.close(write_end)
        child.wait()
        reader.join()
        if child.returncode != 0 or received[0] < 2:   # no hello and end record
            raise RuntimeError(f"the probed loop failed: exit {child.returncode}, "
                               f"{received[0]} records")
    else:
        env.pop("EPOCHSCOPE_PROBE_FD", None)
        subprocess.run([sys.executable, this, *args], check=True, env=env)
    with open(out) as f:
        return json.load(f)


def probe_work_us(result):
    """The probe's work per step in the tiny loop, in us: the median step with the recording
    on less the one with it off (the first step of each stretch left out: it ends no step of
    the probe's, or the last one); plus the extra time of the steps during which the writer's
    thread wrote, over the median step of their kind (recording or not, first of a stretch
    or not), spread over the recording steps. Returns (the sum, the first, the second, how many
    writes)."""
    kinds = {}
    writing = []
    for index, (ms, on_now, wrote) in enumerate(zip(result["step_ms"], result["recording"],
                                                    result["wrote"])):
        if index < TINY["warmup"]:
            continue
        kind = (on_now, index % STRETCH == 0)
        if wrote:
            writing.append((ms, kind))
        else:
            kinds.setdefault(kind, []).append(ms)
    median = {kind: statistics.median(steps) for kind, steps in kinds.items()}
    per_step = median[(True, False)] - median[(False, False)]
    recording_steps = sum(len(steps) for (on_now, _), steps in kinds.items() if on_now) + \
        sum(on_now for _, (on_now, _) in writing)
    spread = sum(ms - median[kind] for ms, kind in writing) / recording_steps
    return (per_step + spread) * 1000, per_step * 1000, spread * 1000, len(writing)


def toggled_ratio(result, warmup):
    """The full loop with the recording switched: (median step on, median step off, their
    ratio), the first step of each stretch and the warm-up left out."""
    on, off = [], []
    for index, (ms, on_now) in enumerate(zip(result["step_ms"], result["recording"])):
        if index >= warmup and index % STRETCH != 0:
            (on if on_now else off).append(ms)
    on_ms, off_ms = statistics.median(on), statistics.median(off)
    return on_ms, off_ms, on_ms / off_ms


def slow_shares(steps):
    """Each kind's share of slow steady steps (SLOW_STEP_FACTOR), and the threshold in ms.
    `steps` maps a kind to the steady step times of all its full runs."""
    every = sorted(ms for times in steps.values() for ms in times)
    threshold = SLOW_STEP_FACTOR * statistics.median(every[:max(1, len(every) // 10)])
    return {kind: sum(ms > threshold for ms in times) / len(times)
            for kind, times in steps.items()}, threshold


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--steps", type=int, default=60)
    parser.add_argument("--warmup", type=int, default=10)
    parser.add_argument("--toggled-steps", type=int, default=400)
    parser.add_argument("--pin-malloc", action="store_true",
                        help=f"run every loop with GLIBC_TUNABLES={PINNED_MALLOC}")
    parser.add_argument("--loop", nargs=4, metavar=("SHAPE", "WARMUP", "STEPS", "OUT"),
                        help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.loop:
        loop(args.loop[0], int(args.loop[1]), int(args.loop[2]), args.loop[3])
        return

    full = {"bare": [], "probe": []}
    steady = {"bare": [], "probe": []}
    calls = {"bare": [], "probe": []}
    work = []
    toggled = []
    result = None
    with tempfile.TemporaryDirectory() as scratch:
        for repeat in range(args.repeats):
            # Which goes first alternates, so that a load that rises or falls over a pair
            # favours neither.
            for kind in (("bare", "probe") if repeat % 2 == 0 else ("probe", "bare")):
                result = run_once(kind, "full", args.warmup, args.steps, scratch, repeat,
                                  args.pin_malloc)
                full[kind].append(statistics.median(result["step_ms"][args.warmup:]))
                steady[kind].extend(result["step_ms"][args.warmup:])
                calls[kind].append(result["call_us"])
                print(f"repeat {repeat + 1} {kind:5s}: steady step {full[kind][-1]:.2f} ms, "
                      f"{result['faults_per_step']:.0f} page faults a step, module call "
                      f"{result['call_us']:.2f} us", flush=True)
            tiny = run_once("probe", "tiny", TINY["warmup"], TINY["steps"], scratch, repeat,
                            args.pin_malloc)
            total, per_step, spread, writes = probe_work_us(tiny)
            work.append(total)
            print(f"repeat {repeat + 1} tiny : the probe's work {total:.1f} us a step "
                  f"({per_step:.1f} us in the median step, {spread:.1f} us of {writes} "
                  f"writes spread over the steps)", flush=True)
            switched = run_once("probe", "toggled", args.warmup, args.toggled_steps, scratch,
                                repeat, args.pin_malloc)
            on_ms, off_ms, ratio = toggled_ratio(switched, args.warmup)
            toggled.append(ratio)
            print(f"repeat {repeat + 1} full loop, recording on and off in turns: on "
                  f"{on_ms:.2f} ms, off {off_ms:.2f} ms, ratio {ratio:.4f}", flush=True)

    bare = statistics.median(full["bare"])
    probe = statistics.median(full["probe"])
    work_us = statistics.median(work)
    call_bare = statistics.median(calls["bare"])
    call_probe = statistics.median(calls["probe"])
    print(f"CPU: {cpu_description()}")
    malloc = f"pinned, GLIBC_TUNABLES={PINNED_MALLOC}" if args.pin_malloc else "as it is"
    print(f"glibc malloc: {malloc}")
    print(f"Python {platform.python_version()}, torch {result['torch']}, "
          f"intra-op threads {result['threads']}, OMP_NUM_THREADS="
          f"{os.environ.get('OMP_NUM_THREADS', 'unset')}")
    print(f"median steady step over {args.repeats} runs of {args.steps} steps after "
          f"{args.warmup}: bare {bare:.2f} ms, probe {probe:.2f} ms, "
          f"ratio {probe / bare:.4f}")
    shares, threshold = slow_shares(steady)
    print(f"slow steps (over {SLOW_STEP_FACTOR}x the fastest tenth, {threshold:.2f} ms), "
          f"the sign of glibc trimming the heap every step: bare {shares['bare']:.0%}, "
          f"probe {shares['probe']:.0%}")
    print(f"the probe's work per step (tiny loop, recording on less off, median over "
          f"{args.repeats} runs): {work_us:.1f} us, {work_us / 10 / bare:.2f}% of the median "
          f"bare steady step above, {work_us / 10 / min(full['bare']):.2f}% of the fastest "
          f"bare run's ({min(full['bare']):.2f} ms)")
    print(f"the full loop with the recording switched every {STRETCH} steps in one process "
          f"({args.toggled_steps} steps after {args.warmup}): median ratio on / off over "
          f"{args.repeats} runs {statistics.median(toggled):.4f} (range {min(toggled):.4f} "
          f"to {max(toggled):.4f})")
    print(f"one module call (nn.Identity, best of 5 x {CALLS}, median over the runs): "
          f"bare {call_bare:.2f} us, probe {call_probe:.2f} us, "
          f"+{call_probe - call_bare:.2f} us a call")


if __name__ == "__main__":
    main()
