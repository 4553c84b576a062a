#!/usr/bin/env bash
# The GPU path end to end, on a Linux machine with an NVIDIA GPU, a Python torch built with
# CUDA, CMake, a C++17 compiler and the CUDA toolkit (no Qt needed):
#   1. configure against the LibTorch inside that torch (torch.utils.cmake_prefix_path),
#   2. build the engine, the CLI and tst_gpu (and the Qt Test suites when Qt 6 is there),
#   3. run the tests, GPU checks included, and the Python probe's CUDA timing test with the
#      interpreter whose torch has CUDA (tests/probe/test_cuda_real.py),
#   4. run the benchmark matrix on both presets (CPU vs GPU; placement host / pinned /
#      device; cuDNN on / off; with a heavy checkpoint callback), print the table and write
#      gpu-matrix.json, with every run recorded in runs.sqlite,
#   5. record one longer GPU run and export it (long-run.json), for the desktop app's charts.
# Bounded: about 5 minutes on one H200 with 16 cores, most of it the build.
#
#   scripts/gpu-check.sh [--deps DIR] [--out DIR] [--max-batches N]
#     --deps DIR       build dependencies unpacked by scripts/gpu-deps.sh, for a server that
#                      lacks libzip, SQLite, SQLiteCpp, nlohmann-json or CLI11 development files
#     --out DIR        logs, summaries and results (default: build/gpu-check)
#     --max-batches N  steps per epoch in the matrix (default 40; 2 epochs per run)
# Environment: PYTHON (default python3), CUDA_HOME (default /usr/local/cuda), JOBS.
set -uo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
deps=""
out="$root/build/gpu-check"
max_batches=40
while [ $# -gt 0 ]; do
  case "$1" in
    --deps) deps="$(cd "$2" && pwd)"; shift 2 ;;
    --out) out="$2"; shift 2 ;;
    --max-batches) max_batches="$2"; shift 2 ;;
    *) echo "usage: scripts/gpu-check.sh [--deps DIR] [--out DIR] [--max-batches N]" >&2; exit 2 ;;
  esac
done
mkdir -p "$out"
out="$(cd "$out" && pwd)"
build="$root/build/gpu"
python="${PYTHON:-python3}"
export CUDA_HOME="${CUDA_HOME:-/usr/local/cuda}"
export PATH="$CUDA_HOME/bin:$PATH"
jobs="${JOBS:-$(nproc)}"
status=0

step() { printf '\n== %s (%s)\n' "$1" "$(date +%T)"; }

step "machine"
nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader || true
"$python" - <<'PY' || { echo "gpu-check: a Python torch with CUDA is needed"; exit 2; }
import torch
print("torch", torch.__version__, "CUDA", torch.version.cuda, "cuDNN", torch.backends.cudnn.version(),
      "GPU:", torch.cuda.get_device_name(0) if torch.cuda.is_available() else "none")
if not torch.cuda.is_available():
    raise SystemExit(1)
PY
torch_prefix="$("$python" -c 'import torch; print(torch.utils.cmake_prefix_path)')"
arch="$("$python" -c 'import torch; print("%d.%d" % torch.cuda.get_device_capability(0))')"
export TORCH_CUDA_ARCH_LIST="${TORCH_CUDA_ARCH_LIST:-$arch}"
echo "compiler: $(c++ --version | head -1); cmake $(cmake --version | head -1 | cut -d' ' -f3); nvcc $(nvcc --version | tail -1)"

prefix_path="$torch_prefix"
if [ -n "$deps" ]; then
  prefix_path="$prefix_path;$deps/root/usr"
  # Only the libraries this system lacks come from DIR, so that nothing newer is shadowed.
  mkdir -p "$build/deplibs"
  for dir in "$deps/root/usr/lib/x86_64-linux-gnu" "$deps/root/lib/x86_64-linux-gnu"; do
    for lib in "$dir"/lib*.so.*; do
      [ -e "$lib" ] || continue
      name="$(basename "$lib")"
      ldconfig -p | grep -q "[[:space:]]$name " || ln -sf "$lib" "$build/deplibs/$name"
    done
  done
  export LD_LIBRARY_PATH="$build/deplibs${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
  echo "dependencies from $deps: $(ls "$build/deplibs" | tr '\n' ' ')"
fi

step "configure"
generator=()
keep_going=(-k)
if command -v ninja >/dev/null; then
  generator=(-G Ninja)
  keep_going=(-k 0)
fi
cmake -S "$root" -B "$build" "${generator[@]}" \
  -DCMAKE_BUILD_TYPE=Release \
  -DCMAKE_PREFIX_PATH="$prefix_path" \
  -DCUDAToolkit_ROOT="$CUDA_HOME" -DCMAKE_CUDA_COMPILER="$CUDA_HOME/bin/nvcc" \
  -DPython_EXECUTABLE="$(command -v "$python")" -DPYTHON_EXECUTABLE="$(command -v "$python")" \
  -DEPOCHSCOPE_BUILD_GUI=OFF -DEPOCHSCOPE_BUILD_TESTS=AUTO -DEPOCHSCOPE_BUILD_BENCHMARKS=OFF \
  -DEPOCHSCOPE_WITH_ONEDNN=OFF >"$out/configure.log" 2>&1
rc=$?
grep -E "EpochScope|CUDA|Torch|Error|error" "$out/configure.log" | head -20
if [ $rc -ne 0 ]; then
  echo "gpu-check: configure failed (exit $rc); see $out/configure.log"
  tail -30 "$out/configure.log"
  exit 1
fi

step "build ($jobs jobs)"
cmake --build "$build" -j "$jobs" -- "${keep_going[@]}" >"$out/build.log" 2>&1
rc=$?
grep -E "error|warning: unused" "$out/build.log" | head -40
if [ $rc -ne 0 ] || [ ! -x "$build/app/epochscope-cli" ]; then
  echo "gpu-check: build failed (exit $rc); see $out/build.log"
  tail -20 "$out/build.log"
  exit 1
fi
ldd "$build/libexec/epochscope/epochscope-cli-engine" | grep -E "torch_cuda|c10_cuda|cudart|not found" || true
"$build/app/epochscope-cli" --version

step "environment"
"$build/app/epochscope-cli" env --threads 0 | tee "$out/env.txt"

step "tests"
ctest --test-dir "$build" --verbose 2>&1 | tee "$out/tests.log"
[ "${PIPESTATUS[0]}" -eq 0 ] || status=1

step "the Python probe's CUDA timing (a profiled loop on the GPU against its own events)"
(cd "$root" && "$python" -B -m unittest tests.probe.test_cuda_real -v) 2>&1 | tee "$out/probe-cuda.log"
[ "${PIPESTATUS[0]}" -eq 0 ] || status=1
grep -q "skipped" "$out/probe-cuda.log" && { echo "gpu-check: the probe's CUDA test was skipped"; status=1; }

step "benchmark matrix (max $max_batches steps per epoch, 2 epochs per run)"
"$python" "$root/scripts/gpu_matrix.py" --cli "$build/app/epochscope-cli" --out "$out" \
  --max-batches "$max_batches" | tee "$out/gpu-matrix.txt"
[ "${PIPESTATUS[0]}" -eq 0 ] || status=1

step "a longer GPU run for the run store (utilisation and transfer over time)"
"$build/app/epochscope-cli" train --preset keras-lstm-regression --device cuda --epochs 6 \
  --db "$out/runs.sqlite" --json-out "$out/long-run-summary.json" | tail -3
[ "${PIPESTATUS[0]}" -eq 0 ] || status=1
long_run="$("$build/app/epochscope-cli" runs list --db "$out/runs.sqlite" | awk 'NR == 2 {print $1}')"
"$build/app/epochscope-cli" runs export "$long_run" --db "$out/runs.sqlite" --format json \
  --out "$out/long-run.json" || status=1

step "done: exit $status; results in $out"
exit $status
