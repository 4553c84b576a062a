#!/usr/bin/env python3
"""The engine's step time with the desktop app attached against the CLI, side by side.

Trains the same preset with `epochscope-cli train` and with `epochscope --demo
--exit-when-done` (under Xvfb when there is no display), alternating, REPEATS times each, and
prints each run's steady-state ms/step (the median step after the first epoch, from the run's
summary), the medians and their ratio (GUI / CLI; the aim is at most 1.02).

    gui_vs_cli.py BUILD_DIR [--preset quick-demo] [--epochs 3] [--repeats 5]
"""

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile


def steady_ms(cli, database):
    """The newest run's steady-state step time in `database`, from its stored summary."""
    with tempfile.TemporaryDirectory() as scratch:
        out = os.path.join(scratch, "run.json")
        newest = subprocess.run([cli, "runs", "list", "--db", database], check=True,
                                capture_output=True, text=True).stdout.splitlines()[1].split()[0]
        subprocess.run([cli, "runs", "export", newest, "--db", database, "--format", "json",
                        "--out", out], check=True, capture_output=True)
        with open(out) as f:
            return json.load(f)["summary"]["steady_state_step_ms"]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("build")
    parser.add_argument("--preset", default="quick-demo")
    parser.add_argument("--epochs", type=int, default=3)
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()
    cli = os.path.join(args.build, "app", "epochscope-cli")
    app = os.path.join(args.build, "app", "epochscope")
    display = [] if os.environ.get("DISPLAY") else \
        ["xvfb-run", "-a", "-s", "-screen 0 1600x1000x24"]
    if display and not shutil.which("xvfb-run"):
        sys.exit("gui_vs_cli: no display and no xvfb-run")

    times = {"cli": [], "gui": []}
    with tempfile.TemporaryDirectory() as scratch:
        env = dict(os.environ, XDG_CONFIG_HOME=os.path.join(scratch, "config"))
        config = os.path.join(scratch, "config.json")
        preset = json.loads(subprocess.run([cli, "presets", args.preset], check=True,
                                           capture_output=True, text=True).stdout)
        preset["training"]["epochs"] = args.epochs
        with open(config, "w") as f:
            json.dump(preset, f)
        for repeat in range(args.repeats):
            for kind in ("cli", "gui"):
                database = os.path.join(scratch, f"{kind}-{repeat}.sqlite")
                if kind == "cli":
                    command = [cli, "train", "--config", config, "--db", database, "--quiet"]
                else:
                    command = display + [app, "--config", config, "--demo", "--exit-when-done",
                                         "--db", database]
                subprocess.run(command, check=True, env=env, capture_output=True)
                times[kind].append(steady_ms(cli, database))
                print(f"repeat {repeat + 1} {kind}: {times[kind][-1]:.2f} ms/step", flush=True)
    cli_median = statistics.median(times["cli"])
    gui_median = statistics.median(times["gui"])
    print(f"median steady step: CLI {cli_median:.2f} ms, GUI {gui_median:.2f} ms; "
          f"GUI/CLI = {gui_median / cli_median:.3f} ({args.preset}, {args.epochs} epochs, "
          f"{args.repeats} repeats)")


if __name__ == "__main__":
    main()
