#!/usr/bin/env python3
"""The GPU benchmark matrix of scripts/gpu-check.sh: each preset trained briefly by the built
epochscope-cli in every variant that tells one cause of slow GPU training from another (CPU vs
GPU, data placement host / pinned / device, cuDNN on / off, a heavy checkpoint callback), with
the steady-state step time and its split into phases taken from each run's summary. Prints a
table and writes the results as JSON.

    gpu_matrix.py --cli build/gpu/app/epochscope-cli --out DIR [--max-batches N] [--devices cpu]
"""

import argparse
import json
import os
import subprocess
import sys
import time

PRESETS = ["quick-demo", "keras-lstm-regression"]
PHASES = ["data_wait", "host_to_device", "forward", "backward", "optimizer", "callbacks", "other"]


def variants(devices):
    """(name, what it changes in the preset's config) in table order."""
    rows = [("cpu", {"device": {"name": "cpu"}, "data": {"placement": "host"}})]
    if "cuda" in devices:
        rows += [
            ("cuda host", {"device": {"name": "cuda"}, "data": {"placement": "host"}}),
            ("cuda pinned+prefetch", {"device": {"name": "cuda"},
                                      "data": {"placement": "pinned", "prefetch": 2}}),
            ("cuda device", {"device": {"name": "cuda"}, "data": {"placement": "device"}}),
            ("cuda device, no cuDNN", {"device": {"name": "cuda", "cudnn": False},
                                       "data": {"placement": "device"}}),
            ("cuda device + checkpoint/5 steps", {"device": {"name": "cuda"},
                                                  "data": {"placement": "device"},
                                                  "heavy_checkpoint": True}),
        ]
    return rows


def merge(config, change, workdir):
    for section in ("device", "data"):
        config[section].update(change.get(section, {}))
    if change.get("heavy_checkpoint"):
        # Keras' ModelCheckpoint every 5 steps with the optimizer state: the disk and
        # device-to-host cost the first reference complaint describes.
        config["callbacks"] = config.get("callbacks", []) + [{
            "type": "model_checkpoint",
            "filepath": os.path.join(workdir, "ckpt-{epoch}-{batch}.pt"),
            "save_freq": 5,
        }]
    return config


def run_variant(cli, preset, name, change, args):
    slug = (preset + "-" + name).replace(" ", "_").replace("/", "-").replace(",", "").replace("+", "_")
    workdir = os.path.join(args.out, "work", slug)
    os.makedirs(workdir, exist_ok=True)
    base = json.loads(subprocess.run([cli, "presets", preset], check=True, capture_output=True,
                                     text=True).stdout)
    config = merge(base, change, workdir)
    config_path = os.path.join(workdir, "config.json")
    summary_path = os.path.join(workdir, "summary.json")
    with open(config_path, "w") as f:
        json.dump(config, f, indent=2)
    command = [cli, "train", "--config", config_path, "--epochs", str(args.epochs),
               "--max-batches", str(args.max_batches), "--json-out", summary_path,
               "--db", args.db, "--quiet"]
    started = time.monotonic()
    done = subprocess.run(command, capture_output=True, text=True)
    wall = time.monotonic() - started
    row = {"preset": preset, "variant": name, "exit": done.returncode, "wall_s": wall}
    if done.returncode != 0 or not os.path.exists(summary_path):
        row["error"] = (done.stderr or done.stdout).strip()[-400:]
        return row
    with open(summary_path) as f:
        summary = json.load(f)
    last = summary["epochs"][-1]
    steps = max(last["batches"], 1)
    row.update({
        "steady_ms": summary["steady_state_step_ms"],
        "p99_ms": summary["batch_latency_ms"]["p99"],
        "phase_ms": {phase: 1000.0 * last["phase_s"][phase] / steps for phase in PHASES},
        "samples_per_s": summary["samples_per_s"],
        "epoch_s": [epoch["wall_s"] for epoch in summary["epochs"]],
        "cudnn": summary["run"].get("cudnn"),
        "phase_timing": summary["run"].get("phase_timing"),
        "callback_writes": last.get("callback_writes", {}),
        "loss": last["loss"],
        "device": summary["run"]["device"],
    })
    return row


def print_table(rows):
    header = ("preset", "variant", "ms/step", "p99", "data", "h2d", "fwd", "bwd", "opt",
              "callb", "other", "samples/s")
    widths = (21, 33, 8, 8, 7, 7, 7, 7, 7, 7, 7, 10)
    line = " ".join(h.ljust(w) if i < 2 else h.rjust(w) for i, (h, w) in enumerate(zip(header, widths)))
    print(line)
    print("-" * len(line))
    for row in rows:
        if "error" in row:
            print(f"{row['preset']:<21} {row['variant']:<33} failed (exit {row['exit']}): "
                  f"{row['error'].splitlines()[-1] if row['error'] else ''}")
            continue
        phases = [row["phase_ms"][p] for p in PHASES]
        cells = [f"{row['steady_ms']:.2f}", f"{row['p99_ms']:.2f}"] + [f"{v:.2f}" for v in phases]
        cells.append(f"{row['samples_per_s']:.0f}")
        print(f"{row['preset']:<21} {row['variant']:<33} " +
              " ".join(c.rjust(w) for c, w in zip(cells, widths[2:])))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cli", required=True)
    parser.add_argument("--out", required=True)
    parser.add_argument("--max-batches", type=int, default=40)
    parser.add_argument("--epochs", type=int, default=2)
    parser.add_argument("--devices", default="cpu,cuda")
    parser.add_argument("--presets", default=",".join(PRESETS))
    args = parser.parse_args()
    os.makedirs(args.out, exist_ok=True)
    args.db = os.path.join(args.out, "runs.sqlite")
    rows = []
    for preset in args.presets.split(","):
        for name, change in variants(args.devices.split(",")):
            row = run_variant(args.cli, preset, name, change, args)
            rows.append(row)
            print(f"  {preset} / {name}: " +
                  (f"{row['steady_ms']:.2f} ms/step" if "steady_ms" in row else "failed"),
                  file=sys.stderr, flush=True)
    print_table(rows)
    with open(os.path.join(args.out, "gpu-matrix.json"), "w") as f:
        json.dump({"format": "epochscope-gpu-matrix", "version": 1,
                   "max_batches": args.max_batches, "epochs": args.epochs, "rows": rows}, f, indent=2)
    return 0 if all("error" not in row for row in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
