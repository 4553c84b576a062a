#!/usr/bin/env bash
# Builds the libFuzzer targets with clang in build/fuzz and runs each for SECONDS.
#   scripts/fuzz.sh [SECONDS] [TARGET...]      default: 600 s, every target (fuzz_npy fuzz_npz
#                                              fuzz_csv fuzz_textcsv fuzz_runconfig fuzz_checkpoint
#                                              fuzz_pickle fuzz_backupmeta fuzz_keras
#                                              fuzz_rundb fuzz_rendezvous fuzz_tokenizerfile
#                                              fuzz_proberecord), one after the other
# CI runs `scripts/fuzz.sh 30` after the tests (.ci/run). The committed seeds in
# tests/fuzz/corpus/<name>/ are read, never written: new inputs go to build/fuzz/corpus/<target>/
# and crash reproducers to build/fuzz/artifacts/<target>/.
# Prints, per target, the executions and the coverage (cov: edges, ft: features) of libFuzzer's
# final line, and exits non-zero when a target found a problem (a crash, a sanitizer report, an
# input slower than FUZZ_INPUT_TIMEOUT seconds, default 25, or over 2 GB of memory).
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
seconds="${1:-600}"
shift || true
if ! [[ "$seconds" =~ ^[0-9]+$ ]]; then
  echo "usage: scripts/fuzz.sh [SECONDS] [TARGET...]" >&2
  exit 2
fi

# libFuzzer ships in Debian's clang runtime package, not in clang itself.
if ! command -v clang++ >/dev/null || ! ls /usr/lib/llvm-*/lib/clang/*/lib/linux/libclang_rt.fuzzer-x86_64.a >/dev/null 2>&1; then
  echo "fuzz: clang with libFuzzer is missing: bash scripts/bootstrap-debian.sh installs it" >&2
  exit 1
fi

targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
  targets=(fuzz_npy fuzz_npz fuzz_csv fuzz_textcsv fuzz_runconfig fuzz_checkpoint fuzz_pickle
           fuzz_backupmeta fuzz_keras fuzz_rundb fuzz_rendezvous fuzz_tokenizerfile
           fuzz_proberecord)
fi
# libFuzzer's own default (1200 s) would let one hanging input eat a whole run unnoticed.
input_timeout="${FUZZ_INPUT_TIMEOUT:-25}"

build="$root/build/fuzz"
CC=clang CXX=clang++ cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DEPOCHSCOPE_FUZZ=ON -DEPOCHSCOPE_BUILD_TESTS=OFF -DEPOCHSCOPE_BUILD_GUI=OFF >/dev/null
# Two jobs, as everywhere in this project; the targets share one small library
# (tests/fuzz/CMakeLists.txt) and compile through ccache when it is installed.
cmake --build "$build" -j2 --target "${targets[@]}"

status=0
summary=()
for target in "${targets[@]}"; do
  seeds="$root/tests/fuzz/corpus/${target#fuzz_}"
  work="$build/corpus/$target"
  artifacts="$build/artifacts/$target"
  log="$build/$target.log"
  mkdir -p "$work" "$artifacts"
  echo "fuzz: $target for ${seconds} s (log: $log)"
  set +e
  "$build/tests/fuzz/$target" -max_total_time="$seconds" -timeout="$input_timeout" \
    -print_final_stats=1 -artifact_prefix="$artifacts/" "$work" "$seeds" >"$log" 2>&1
  rc=$?
  set -e
  # The last status line, e.g. "#1234567 DONE cov: 812 ft: 2345 corp: 310/40Kb ...".
  last="$(grep -E '^#[0-9]+' "$log" | tail -n 1 || true)"
  execs="$(sed -nE 's/^stat::number_of_executed_units: *([0-9]+).*/\1/p' "$log" | tail -n 1)"
  cov="$(sed -nE 's/.* cov: ([0-9]+).*/\1/p' <<<"$last")"
  ft="$(sed -nE 's/.* ft: ([0-9]+).*/\1/p' <<<"$last")"
  result="clean"
  if [ $rc -ne 0 ]; then
    result="FAILED (exit $rc): see $log and $artifacts"
    status=1
  fi
  summary+=("$target: execs ${execs:-?} cov ${cov:-?} ft ${ft:-?} in ${seconds} s, $result")
done

printf '%s\n' "${summary[@]}"
exit $status
