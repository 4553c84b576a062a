#!/usr/bin/env python3
"""One process with 2 threads against 2 processes with 1 thread each, side by side.

For each preset, trains the same global batch two ways, alternating, REPEATS times each:
`epochscope-cli train` with intra_op_threads 2, and `epochscope-cli train --nproc 2` with
intra_op_threads 1 and half the batch per process (so both train the very same global batches,
docs/distributed.md). From each run's summary it takes the steady-state step (the median step
after the first epoch), the steady throughput it gives in samples/s, and the share of the
training steps' time spent in the Communication phase, and prints each repeat, the medians,
and the scaling efficiency: the two processes' steady throughput (global batch over the
steady-state step) over the one process's. For the two processes it also prints, per warm
step, the exposed wait (the Communication phase) and the all-reduce time hidden behind backward
(the summary's communication.overlapped_ms_per_step).

    distributed.py BUILD_DIR [--presets keras-lstm-regression imdb-lstm-sentiment]
                             [--epochs 2] [--max-batches 40] [--repeats 5]
"""

import argparse
import json
import os
import statistics
import subprocess
import tempfile


def communication_share(summary):
    """Communication's share of the training steps' time, over every epoch of the run."""
    phases = [epoch["phase_s"] for epoch in summary["epochs"]]
    total = sum(sum(phase.values()) for phase in phases)
    return sum(phase["communication"] for phase in phases) / total if total > 0 else 0.0


def overlapped_ms(summary):
    """The all-reduce's time per warm step hidden behind backward; 0 for one process."""
    communication = summary.get("communication") or {}
    return communication.get("overlapped_ms_per_step", 0.0)


def exposed_ms(summary):
    """The Communication phase per warm step: the wait for the gradients after backward."""
    communication = summary.get("communication") or {}
    return communication.get("ms_per_step", 0.0)


def train(cli, config, summary_path, nproc):
    command = [cli, "train", "--config", config, "--no-record", "--quiet",
               "--json-out", summary_path]
    if nproc > 1:
        command += ["--nproc", str(nproc)]
    subprocess.run(command, check=True, capture_output=True)
    with open(summary_path) as f:
        return json.load(f)


def bench_preset(cli, preset_name, args, scratch):
    preset = json.loads(subprocess.run([cli, "presets", preset_name], check=True,
                                       capture_output=True, text=True).stdout)
    preset["training"]["epochs"] = args.epochs
    preset["training"]["steps_per_epoch"] = args.max_batches
    global_batch = preset["data"].get("batch_size", 32)
    ways = {}
    for name, processes in (("1 process x 2 threads", 1), ("2 processes x 1 thread", 2)):
        config = json.loads(json.dumps(preset))
        config.setdefault("device", {})["intra_op_threads"] = 2 // processes
        config["data"]["batch_size"] = global_batch // processes
        path = os.path.join(scratch, f"{preset_name}-{processes}.json")
        with open(path, "w") as f:
            json.dump(config, f)
        ways[name] = (path, processes)

    results = {name: {"step_ms": [], "samples_per_s": [], "communication": [], "exposed_ms": [],
                      "overlapped_ms": []} for name in ways}
    for repeat in range(args.repeats):
        for name, (config, processes) in ways.items():
            summary = train(cli, config, os.path.join(scratch, "summary.json"), processes)
            got = results[name]
            got["step_ms"].append(summary["steady_state_step_ms"])
            got["samples_per_s"].append(summary["run"]["global_batch_size"] * 1000.0 /
                                        summary["steady_state_step_ms"])
            got["communication"].append(communication_share(summary))
            got["exposed_ms"].append(exposed_ms(summary))
            got["overlapped_ms"].append(overlapped_ms(summary))
            print(f"{preset_name} repeat {repeat + 1} {name}: "
                  f"{got['step_ms'][-1]:.2f} ms/step, {got['samples_per_s'][-1]:.0f} samples/s, "
                  f"communication {100 * got['communication'][-1]:.1f}% "
                  f"(exposed {got['exposed_ms'][-1]:.2f} ms, hidden behind backward "
                  f"{got['overlapped_ms'][-1]:.2f} ms per step)", flush=True)

    medians = {name: {key: statistics.median(values) for key, values in got.items()}
               for name, got in results.items()}
    one, two = medians["1 process x 2 threads"], medians["2 processes x 1 thread"]
    print(f"{preset_name} (global batch {global_batch}, {args.repeats} repeats, medians):")
    for name, median in medians.items():
        print(f"  {name:24s} {median['step_ms']:8.2f} ms/step {median['samples_per_s']:9.0f} "
              f"samples/s  communication {100 * median['communication']:5.1f}%  exposed "
              f"{median['exposed_ms']:6.2f} ms  hidden {median['overlapped_ms']:6.2f} ms")
    print(f"  scaling efficiency (2 processes / 1 process, samples/s): "
          f"{two['samples_per_s'] / one['samples_per_s']:.3f}", flush=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("build")
    parser.add_argument("--presets", nargs="+",
                        default=["keras-lstm-regression", "imdb-lstm-sentiment"])
    parser.add_argument("--epochs", type=int, default=2)
    parser.add_argument("--max-batches", type=int, default=40)
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()
    cli = os.path.join(args.build, "app", "epochscope-cli")
    with open("/proc/cpuinfo") as f:
        flags = next((line for line in f if line.startswith("flags")), "")
    isa = "AVX-512" if "avx512f" in flags else "AVX2" if "avx2" in flags else "no AVX2"
    version = ", ".join(subprocess.run([cli, "--version"], capture_output=True,
                                       text=True).stdout.split("\n")).strip(", ")
    print(f"CPU: {os.cpu_count()} logical cores, {isa}; {version}")
    with tempfile.TemporaryDirectory() as scratch:
        for preset in args.presets:
            bench_preset(cli, preset, args, scratch)


if __name__ == "__main__":
    main()
