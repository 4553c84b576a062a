#!/usr/bin/env bash
# Takes the user guide's pictures (docs/user-guide.md) with the real app under Xvfb and writes
# them, scaled and compressed, to docs/images/guide/.
#
#   scripts/guide-screenshots.sh [BUILD_DIR [NAME...]]   # default build/dev, every picture
#
# With NAMEs (predict-regression, zh-cn, ...) only those pictures are taken; the runs they need
# are trained all the same.
#
# It builds nothing: it uses BUILD_DIR/app/epochscope and BUILD_DIR/app/epochscope-cli as they
# are. Every run it makes goes to a scratch run database and settings folder under /tmp, never
# to your own; the runs are short (a few epochs of the small presets, about three minutes in
# all on two cores).
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${1:-build/dev}
shift $(($# > 0 ? 1 : 0))
wanted=("$@")
case $build in /*) ;; *) build=$root/$build ;; esac
app=$build/app/epochscope
cli=$build/app/epochscope-cli
out=$root/docs/images/guide
# The Debian interpreter, not one from a virtual environment or pyenv: PIL and NumPy come from
# the python3-pil and python3-numpy packages.
python=/usr/bin/python3
max_width=1200

die() {
    echo "guide-screenshots: $*" >&2
    exit 1
}

for program in "$app" "$cli"; do
    [[ -x $program ]] || die "$program is missing: build it first (cmake --build --preset dev)"
done
missing=()
command -v xvfb-run >/dev/null || missing+=(xvfb xauth)
[[ -x $python ]] && "$python" -c 'import PIL' 2>/dev/null || missing+=(python3-pil)
[[ -x $python ]] && "$python" -c 'import numpy' 2>/dev/null || missing+=(python3-numpy)
[[ -x $python ]] && "$python" -c 'import torch' 2>/dev/null || missing+=(python3-torch)
command -v fc-list >/dev/null && [[ -n $(fc-list :lang=zh-cn family) ]] || missing+=(fonts-noto-cjk)
if ((${#missing[@]})); then
    die "missing Debian packages; install them with: sudo apt-get install ${missing[*]}"
fi

work=$(mktemp -d /tmp/es-guide.XXXXXX)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/raw" "$out"
# A settings folder and data folder of their own: no remembered layout, language or database.
export XDG_CONFIG_HOME=$work/config XDG_DATA_HOME=$work/data
db=$work/runs.sqlite

# One start of the app under its own X server; the window is 1500 x 950 by default. The time
# limit is for a start that never gets to its picture (with --whatif the delay only begins when
# the experiment ends).
shoot() {
    local name=$1 delay=$2
    shift 2
    if ((${#wanted[@]})) && [[ " ${wanted[*]} " != *" $name "* ]]; then
        return 0
    fi
    echo "== $name"
    timeout 1200 xvfb-run -a -s '-screen 0 1600x1000x24' \
        "$app" --db "$db" --screenshot "$work/raw/$name.png" --delay "$delay" "$@" \
        >"$work/$name.log" 2>&1 || {
        cat "$work/$name.log" >&2
        die "the app failed while taking $name.png"
    }
}

# The id of the newest run in the database.
last_run() {
    "$cli" runs list --db "$db" | awk 'NR == 2 { print $1 }'
}

echo "== training the runs the pictures show (run database $db)"
# 1: the demo preset, recorded by the CLI: the same engine and the same record as a run started
# in the window, and shorter on a busy machine (no charts to draw while it trains).
"$cli" train --preset quick-demo --db "$db" --quiet
demo=$(last_run)
"$cli" diagnose "$demo" --db "$db" >/dev/null
# 2: the same preset with one intra-op thread, for the comparison report.
"$cli" train --preset quick-demo --epochs 3 --threads 1 --db "$db" --quiet
one_thread=$(last_run)
"$cli" diagnose "$one_thread" --db "$db" >/dev/null

# Data files for the Data tab: a float time series saved as x_train.npy and y_train.npy.
"$python" - "$work" <<'EOF'
import sys
import numpy as np

rng = np.random.default_rng(7)
t = np.arange(1000 + 32, dtype=np.float64) / 25.0
series = np.stack([np.sin(t), np.cos(0.5 * t), 0.01 * t % 1.0], axis=1)
x = np.stack([series[i:i + 32] for i in range(1000)])
y = series[32:1032, 0] + rng.normal(0.0, 0.05, 1000)
np.save(f"{sys.argv[1]}/x_train.npy", x)
np.save(f"{sys.argv[1]}/y_train.npy", y)
EOF
"$cli" presets quick-demo | "$python" -c '
import json, sys
config = json.load(sys.stdin)
config["name"] = "my-series"
config["data"]["source"] = {"type": "npy", "x": "x_train.npy", "y": "y_train.npy"}
json.dump(config, sys.stdout, indent=2)
' >"$work/my-series.json"

# 3: a Keras 2.2.4 model brought in with `keras import` (its LSTMs keep Keras 2's hard_sigmoid,
# so they run on the step loop), trained for two short epochs and diagnosed.
"$cli" keras import "$root/tests/data/keras/keras224_stacked_lstm_regression.json" \
    --out "$work/keras-regression.json" 2>/dev/null
"$python" - "$work/keras-regression.json" <<'EOF'
import json, sys
config = json.load(open(sys.argv[1]))
config["training"]["epochs"] = 2
config["data"]["source"]["samples"] = 640
json.dump(config, open(sys.argv[1], "w"), indent=2)
EOF
"$cli" train --config "$work/keras-regression.json" --db "$db" --quiet
keras=$(last_run)
"$cli" diagnose "$keras" --db "$db" >/dev/null

# 4 and 5: runs that keep their checkpoints, for the Predict view: the demo regression, and a
# small binary sentiment classifier (imdb-lstm-sentiment's model on 2,000 short reviews).
"$cli" presets quick-demo | "$python" -c '
import json, sys
config = json.load(sys.stdin)
config["name"] = "demo-regression"
config["training"]["epochs"] = 4
config["callbacks"] = [{"type": "model_checkpoint", "filepath": sys.argv[1] + "/reg-{epoch:02d}.pt",
                        "monitor": "val_loss"}]
json.dump(config, sys.stdout, indent=2)
' "$work" >"$work/demo-regression.json"
"$cli" train --config "$work/demo-regression.json" --db "$db" --quiet
regression=$(last_run)
"$cli" presets imdb-lstm-sentiment | "$python" -c '
import json, sys
config = json.load(sys.stdin)
config["name"] = "short-reviews"
config["training"]["epochs"] = 4
config["data"]["source"].update({"samples": 2000, "timesteps": 40, "vocab_size": 2000})
config["model"]["layers"][0]["input_dim"] = 2000
config["model"]["layers"][0]["output_dim"] = 32
config["model"]["layers"][1]["units"] = 32
config["callbacks"] = [{"type": "model_checkpoint", "filepath": sys.argv[1] + "/cls-{epoch:02d}.pt",
                        "monitor": "val_loss"}]
json.dump(config, sys.stdout, indent=2)
' "$work" >"$work/short-reviews.json"
"$cli" train --config "$work/short-reviews.json" --db "$db" --quiet
classifier=$(last_run)

# 6: a PyTorch script of the user's own, profiled from the app as File > Profile a Python
# script... does: a small LSTM whose Dataset reads slowly, so that its data wait shows.
cat >"$work/train_lstm.py" <<'EOF'
import time
import torch
from torch.utils.data import DataLoader, Dataset


class Sequences(Dataset):
    def __len__(self):
        return 512

    def __getitem__(self, i):
        time.sleep(0.0005)  # a slow reader
        return torch.randn(20, 8), torch.randn(1)


class Model(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lstm = torch.nn.LSTM(8, 32, batch_first=True)
        self.head = torch.nn.Linear(32, 1)

    def forward(self, x):
        out, _ = self.lstm(x)
        return self.head(out[:, -1])


model = Model()
optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)
loader = DataLoader(Sequences(), batch_size=32, shuffle=True)
for epoch in range(1, 9):
    total = 0.0
    for x, y in loader:
        optimizer.zero_grad()
        loss = torch.nn.functional.mse_loss(model(x), y)
        loss.backward()
        optimizer.step()
        total += loss.item()
    print(f"epoch {epoch}: mean loss {total / len(loader):.4f}")
EOF

shoot main-window 6 --run "$demo"
shoot keras-import 4 --config "$work/keras-regression.json" --tab model
shoot keras-finding 6 --run "$keras" --show findings
shoot model-tab 4 --preset keras-lstm-regression
shoot data-tab 6 --config "$work/my-series.json" --tab data
shoot findings 6 --run "$one_thread"
shoot whatif 3 --preset quick-demo --whatif threads=1,2
shoot report 12 --compare "$demo,$one_thread"
shoot zh-cn 6 --lang zh_CN --run "$demo"
# The delay counts from the end of the prediction.
shoot predict-regression 1 --predict "$regression" --show predict
shoot predict-classifier 1 --predict "$classifier" --show predict
# The delay counts from the script's end.
shoot profile-script 2 --show log --profile -- "$python" "$work/train_lstm.py"

# Scale to at most $max_width px wide and quantise to 256 colours: a small PNG that still
# reads well.
"$python" - "$work/raw" "$out" "$max_width" <<'EOF'
import pathlib
import sys
from PIL import Image

raw, out, max_width = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2]), int(sys.argv[3])
for source in sorted(raw.glob("*.png")):
    image = Image.open(source).convert("RGB")
    if image.width > max_width:
        height = round(image.height * max_width / image.width)
        image = image.resize((max_width, height), Image.LANCZOS)
    image = image.quantize(colors=256, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)
    target = out / source.name
    image.save(target, optimize=True)
    print(f"{target.relative_to(out.parent.parent.parent)}: {image.width} x {image.height}, "
          f"{target.stat().st_size // 1024} KB")
EOF
