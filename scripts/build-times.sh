#!/usr/bin/env bash
# Measures the build's turn-around on this machine, without ccache, in a fresh folder
# (build/times by default), for the figures in CONTRIBUTING.md:
#   1. a full build of the programs (`make app`'s targets: the app, the CLI, the CLI engine);
#   2. the same build again with nothing changed;
#   3. the programs after an edit of one header that most of the engine includes
#      (engine/config/runconfig.h by default; a comment line is added, then taken out again);
#   4. with --all, a full build of everything (tests and benchmarks too) in that folder.
#   scripts/build-times.sh [--all] [--header FILE] [BUILD_DIR]
# Prints each time and the edited build's share of the full one. Needs the bootstrap's
# packages (scripts/bootstrap-debian.sh); leaves the source tree as it found it.
set -euo pipefail
cd "$(dirname "$0")/.."

all=false
header=engine/config/runconfig.h
build_dir=build/times
while [ $# -gt 0 ]; do
  case "$1" in
    --all) all=true ;;
    --header) header="$2"; shift ;;
    -h|--help) sed -n '2,11p' "$0"; exit 0 ;;
    *) build_dir="$1" ;;
  esac
  shift
done
if [ ! -f "$header" ]; then
  echo "build-times: no header $header" >&2
  exit 2
fi
programs=(epochscope epochscope-cli epochscope-cli-engine)
export CCACHE_DISABLE=1

seconds_of() {
  local start=$SECONDS
  "$@" >/dev/null
  echo $((SECONDS - start))
}

rm -rf "$build_dir"
backup="$(mktemp)"
cp -p "$header" "$backup"
restore_header() { cp -p "$backup" "$header"; rm -f "$backup"; }
trap restore_header EXIT

configure=$(seconds_of cmake -S . -B "$build_dir" -DCMAKE_BUILD_TYPE=RelWithDebInfo)
full=$(seconds_of cmake --build "$build_dir" -j2 --target "${programs[@]}")
noop=$(seconds_of cmake --build "$build_dir" -j2 --target "${programs[@]}")
echo "// build-times.sh: an edit" >>"$header"
edited=$(seconds_of cmake --build "$build_dir" -j2 --target "${programs[@]}")
cp -p "$backup" "$header"
# Put the objects back to the header as committed, so that the folder stays usable.
cmake --build "$build_dir" -j2 --target "${programs[@]}" >/dev/null

echo "cores: $(nproc), compiler: $(c++ --version | head -1)"
echo "configure:                          ${configure} s"
echo "programs, full build:               ${full} s"
echo "programs, nothing changed:          ${noop} s"
echo "programs, after editing $header: ${edited} s ($(awk -v e="$edited" -v f="$full" \
  'BEGIN { printf "%.2f", f > 0 ? e / f : 0 }') of the full build)"
if $all; then
  everything=$(seconds_of cmake --build "$build_dir" -j2)
  echo "everything else (tests, benchmarks): ${everything} s"
fi
