#!/usr/bin/env bash
# Installs every Debian package EpochScope needs to build, test and run, on Debian 12
# (bookworm) or Debian 13 (trixie), whichever /etc/os-release names. Idempotent: packages
# already installed are skipped, and nothing is asked of apt when all are present. Uses sudo
# only when not running as root.
#   scripts/bootstrap-debian.sh                    install what is missing here
#   scripts/bootstrap-debian.sh --list RELEASE     print RELEASE's package names, one a line
#                                                  (scripts/debian13-root.sh reads them)
#
# libopenblas0-openmp matters for speed, not just for building: Debian's libtorch links
# libblas.so.3, which is the *reference* BLAS unless an optimized one is installed. With the
# reference BLAS a 1024^3 SGEMM runs at ~6 GFLOP/s instead of ~70 with OpenBLAS, and every
# LSTM step is ~10x slower. The OpenMP flavour shares LibTorch's OpenMP thread pool.
set -euo pipefail

release=""
list_only=0
if [ "${1:-}" = "--list" ]; then
  list_only=1
  release="${2:-}"
elif [ $# -gt 0 ]; then
  echo "usage: scripts/bootstrap-debian.sh [--list bookworm|trixie]" >&2
  exit 2
else
  release="$(. /etc/os-release && echo "${VERSION_CODENAME:-}")"
fi

# The names that differ between the releases: the libFuzzer runtime matches each release's
# clang (14 on Debian 12, 19 on Debian 13), and Debian 13 renamed libraries for its 64-bit
# time_t transition.
case "$release" in
  bookworm) clang_runtime=libclang-rt-14-dev; tcmalloc=libtcmalloc-minimal4 ;;
  trixie) clang_runtime=libclang-rt-19-dev; tcmalloc=libtcmalloc-minimal4t64 ;;
  *)
    echo "bootstrap: Debian 12 (bookworm) or 13 (trixie) expected, not '${release:-unknown}'" >&2
    exit 2
    ;;
esac

packages=(
  # toolchain; mold links the hundred programs in a fraction of ld's time
  # (cmake/EpochScopeLinker.cmake)
  g++ cmake make ninja-build ccache pkg-config mold
  # fuzzing (scripts/fuzz.sh, which CI runs): clang, and libFuzzer with the sanitizer runtimes,
  # which Debian ships apart from clang
  clang "$clang_runtime"
  # engine
  libtorch-dev libopenblas0-openmp nlohmann-json3-dev libdnnl-dev
  # distributed training: the headers of Gloo, which c10d's process group includes
  libgloo-dev
  # checkpoint file names (Python's format mini-language, as Keras' filepath uses it)
  libfmt-dev
  # device.allocator "jemalloc" and "tcmalloc", loaded at run time (tst_allocator uses both)
  libjemalloc2 "$tcmalloc"
  # data loaders: .npz archives; NumPy writes the test files
  libzip-dev python3-numpy
  # the reference the recurrent layers are checked against (tst_recurrentlayers):
  # Debian's PyTorch for Python, built from the same release as libtorch-dev
  python3-torch
  # the run database
  libsqlite3-dev libsqlitecpp-dev
  # CLI
  libcli11-dev
  # report charts and PDF (cairo draws, pango lays out text); the PDF tests read it back
  libcairo2-dev libpango1.0-dev fonts-dejavu-core poppler-utils
  # tests (Qt Test) and, with the desktop app, Qt itself and its charts
  qt6-base-dev libqcustomplot-dev libqcustomplot2.1-qt6
  # translations (translations/README.md): lupdate/lrelease and their CMake functions, Qt's own
  # zh_CN catalogue for the standard dialogs, and a font with Chinese glyphs for the app and
  # its screenshots under Xvfb
  qt6-tools-dev qt6-l10n-tools qt6-translations-l10n fonts-noto-cjk python3
  # the Debian package (scripts/build-deb.sh): icons rendered from the SVG, man pages from
  # --help, dependencies from the linked libraries, and the checks of the result
  librsvg2-bin help2man gzip dpkg-dev file lintian desktop-file-utils appstream
)

if [ "$list_only" -eq 1 ]; then
  printf '%s\n' "${packages[@]}"
  exit 0
fi

missing=()
for package in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$package")
  fi
done

if [ ${#missing[@]} -eq 0 ]; then
  echo "bootstrap: all ${#packages[@]} packages present"
  exit 0
fi

sudo_cmd=()
if [ "$(id -u)" -ne 0 ]; then
  sudo_cmd=(sudo)
fi

echo "bootstrap: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
"${sudo_cmd[@]}" apt-get update -q
"${sudo_cmd[@]}" apt-get install -y -q --no-install-recommends "${missing[@]}"
