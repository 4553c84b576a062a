#!/usr/bin/env bash
# Measures the build's turn-around on this machine, without ccache, in a fresh folder
# (build/times by default), for the figures in CONTRIBUTING.md:
#   1. a full build of the programs (`make app`'s targets: the app, the CLI, the CLI engine);
#   2. the same build again with nothing changed;
#   3. the programs after an edit of each header named with --header (by default
#      engine/i18n/translate.h, which most of the engine includes, and
#      engine/config/runconfig.h; a comment line is added, the programs are built, then the
#      header is put back as it was);
#   4. with --all, a full build of everything (tests and benchmarks too) in that folder;
# then the slowest compile and link steps of that folder's builds, from Ninja's own log.
#   scripts/build-times.sh [--all] [--header FILE]... [BUILD_DIR]
#   scripts/build-times.sh --slowest [BUILD_DIR]   # only the slowest steps of a build there
#                                                  # (build/dev by default), nothing built
# Needs the bootstrap's packages (scripts/bootstrap-debian.sh); leaves the source tree as it
# found it.
set -euo pipefail
cd "$(dirname "$0")/.."

all=false
slowest_only=false
headers=()
build_dir=""
while [ $# -gt 0 ]; do
  case "$1" in
    --all) all=true ;;
    --slowest) slowest_only=true ;;
    --header) headers+=("$2"); shift ;;
    -h|--help) sed -n '2,14p' "$0"; exit 0 ;;
    *) build_dir="$1" ;;
  esac
  shift
done

# The steps of the builds in $1 that took longest, each step's latest time in .ninja_log
# (tab-separated: start ms, end ms, mtime, output, hash), compiles and links apart.
print_slowest() {
  local log="$1/.ninja_log"
  if [ ! -f "$log" ]; then
    echo "build-times: $log does not exist; a Ninja build there writes it (the presets use Ninja)" >&2
    return 2
  fi
  # One awk over the sorted steps: a `grep | head` would end the script on SIGPIPE (pipefail).
  awk -F '\t' '!/^#/ && NF >= 4 { took[$4] = $2 - $1 }
    END { for (output in took) printf "%.1f\t%s\n", took[output] / 1000, output }' "$log" |
    sort -t "$(printf '\t')" -k1,1 -rn |
    awk -F '\t' '
      $2 ~ /^\// { next }  # absolute twins of relative outputs (Qt autogen)
      $2 ~ /\.o$/ { if (compiles++ < 12) compile[compiles] = $0; next }
      $2 ~ /\.gch$/ { if (headers++ < 6) header[headers] = $0; next }
      { if (others++ < 10) other[others] = $0 }
      function show(title, lines, count,   i, f) {
        print title
        for (i = 1; i <= count && i in lines; ++i) {
          split(lines[i], f, "\t")
          printf "  %6.1f  %s\n", f[1], f[2]
        }
      }
      END {
        show("slowest compiles (s, object):", compile, 12)
        show("slowest links and other steps (s, output):", other, 10)
        show("precompiled headers (s, output):", header, 6)
      }'
}

if $slowest_only; then
  print_slowest "${build_dir:-build/dev}"
  exit
fi

build_dir="${build_dir:-build/times}"
if [ ${#headers[@]} -eq 0 ]; then
  # The header most of the engine's sources include (114 of its 223 .cpp files, none of the
  # LibTorch ones), then the one that gathers the config sections.
  headers=(engine/i18n/translate.h engine/config/runconfig.h)
fi
for header in "${headers[@]}"; do
  if [ ! -f "$header" ]; then
    echo "build-times: no header $header" >&2
    exit 2
  fi
done
programs=(epochscope epochscope-cli epochscope-cli-engine)
export CCACHE_DISABLE=1

seconds_of() {
  local start=$SECONDS
  "$@" >/dev/null
  echo $((SECONDS - start))
}

rm -rf "$build_dir"
backup_dir="$(mktemp -d)"
edited_header=""
# However the script ends, the header it edited is put back as it was.
restore_header() {
  if [ -n "$edited_header" ]; then cp -p "$backup_dir/header" "$edited_header"; fi
  rm -rf "$backup_dir"
}
trap restore_header EXIT

# The `dev` preset's flags, as `make app` builds, in this folder.
configure=$(seconds_of cmake --preset dev -B "$build_dir")
full=$(seconds_of cmake --build "$build_dir" -j2 --target "${programs[@]}")
noop=$(seconds_of cmake --build "$build_dir" -j2 --target "${programs[@]}")
edits=()
for header in "${headers[@]}"; do
  cp -p "$header" "$backup_dir/header"
  edited_header="$header"
  echo "// build-times.sh: an edit" >>"$header"
  edits+=("$(seconds_of cmake --build "$build_dir" -j2 --target "${programs[@]}")")
  # Back with its old modification time: the objects built with the comment line compile the
  # same code, and Ninja, which sees them newer than the header, leaves them as they are.
  cp -p "$backup_dir/header" "$header"
  edited_header=""
done

echo "cores: $(nproc), compiler: $(c++ --version | head -1)"
echo "configure:                          ${configure} s"
echo "programs, full build:               ${full} s"
echo "programs, nothing changed:          ${noop} s"
for i in "${!headers[@]}"; do
  printf 'programs, after editing %s: %s s (%s of the full build)\n' "${headers[$i]}" \
    "${edits[$i]}" "$(awk -v e="${edits[$i]}" -v f="$full" 'BEGIN { printf "%.2f", (f > 0 ? e / f : 0) }')"
done
if $all; then
  # `all` has the tests; the benchmarks have a target of their own (the top CMakeLists.txt).
  everything=$(seconds_of cmake --build "$build_dir" -j2 --target all benchmarks)
  echo "everything else (tests, benchmarks): ${everything} s"
fi
print_slowest "$build_dir"
