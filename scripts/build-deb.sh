#!/usr/bin/env bash
# Builds the Debian package of EpochScope with CPack from a build directory and checks it.
#
#   scripts/build-deb.sh [--no-build] [--no-lintian] [BUILD_DIR]     (BUILD_DIR: build/dev)
#
# Reuses the build directory (a fresh build takes about 25 minutes on 2 cores) and builds only
# what the package holds: the two programs, the icons and the man pages. Then the menu entry
# and the AppStream metadata are validated, cpack packs, and lintian checks the package when
# it is installed: an error from any of them fails the script; lintian's warnings are shown.
# Progress goes to stderr; the last line on stdout is the path of the .deb.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build_dir="$root/build/dev"
build=1
lint=1
while [ $# -gt 0 ]; do
  case "$1" in
    --no-build) build=0 ;;
    --no-lintian) lint=0 ;;
    -h|--help) sed -n '2,10p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'; exit 0 ;;
    -*) echo "build-deb: unknown option $1" >&2; exit 2 ;;
    *) build_dir="$(cd "$1" && pwd)" ;;
  esac
  shift
done

say() { echo "build-deb: $*" >&2; }
die() { say "$*"; exit 1; }

if [ ! -f "$build_dir/CMakeCache.txt" ]; then
  if [ "$build" -eq 1 ] && [ "$build_dir" = "$root/build/dev" ]; then
    say "configuring build/dev (cmake --preset dev)"
    (cd "$root" && cmake --preset dev) >&2
  else
    die "$build_dir is not a configured build directory (cmake --preset dev)"
  fi
fi

jobs="${EPOCHSCOPE_BUILD_JOBS:-2}"
if [ "$build" -eq 1 ]; then
  # A build directory configured before installer/ existed has no packaging targets yet.
  if [ ! -f "$build_dir/CPackConfig.cmake" ]; then
    cmake "$build_dir" >&2
  fi
  [ -f "$build_dir/CPackConfig.cmake" ] ||
    die "cmake did not set up the package in $build_dir; its output above says why" \
        "(missing tools: bash scripts/bootstrap-debian.sh)"
  say "building the programs, icons and man pages in $build_dir (-j$jobs)"
  cmake --build "$build_dir" -j"$jobs" \
    --target epochscope epochscope-cli epochscope_package_files >&2
fi
[ -f "$build_dir/CPackConfig.cmake" ] ||
  die "no CPackConfig.cmake in $build_dir: reconfigure it (cmake $build_dir) and read why;" \
      "help2man, rsvg-convert and gzip are needed (bash scripts/bootstrap-debian.sh)"

# The sources of the menu entry and the metadata, as the lint tools see them.
if command -v desktop-file-validate >/dev/null; then
  desktop-file-validate "$root/installer/epochscope.desktop" >&2 ||
    die "desktop-file-validate found errors in installer/epochscope.desktop"
else
  say "desktop-file-validate not installed (desktop-file-utils): the .desktop file is not validated"
fi
if command -v appstreamcli >/dev/null; then
  for metainfo in "$root"/installer/*.metainfo.xml; do
    "$root/scripts/validate-metainfo.sh" "$metainfo" ||
      die "appstreamcli found errors in ${metainfo#"$root/"}"
  done
else
  say "appstreamcli not installed (appstream): the metainfo is not validated"
fi

# Only this package's file in the output directory, so there is one answer to print.
deb_dir="$build_dir/deb"
mkdir -p "$deb_dir"
rm -f "$deb_dir"/epochscope_*.deb
say "packing with cpack"
(cd "$build_dir" && cpack -G DEB --config CPackConfig.cmake) >&2 || die "cpack failed"
shopt -s nullglob
debs=("$deb_dir"/epochscope_*.deb)
[ ${#debs[@]} -eq 1 ] || die "expected one epochscope_*.deb in $deb_dir, found ${#debs[@]}"
deb="${debs[0]}"

if [ "$lint" -eq 1 ]; then
  if command -v lintian >/dev/null; then
    say "lintian $deb"
    # Errors fail the build; warnings are printed for the reader (docs/packaging.md lists
    # the known ones and why they stay).
    lintian --fail-on error --display-level ">=warning" "$deb" >&2 || die "lintian found errors"
  else
    say "lintian not installed: the package is not checked (bash scripts/bootstrap-debian.sh)"
  fi
fi

dpkg-deb --field "$deb" Package Version Architecture Installed-Size Depends Recommends >&2
echo "$deb"
