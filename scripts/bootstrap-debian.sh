#!/usr/bin/env bash
# Installs every Debian 12 package EpochScope needs to build, test and run. Idempotent:
# packages already installed are skipped, and nothing is asked of apt when all are present.
# Uses sudo only when not running as root.
#
# libopenblas0-openmp matters for speed, not just for building: Debian's libtorch links
# libblas.so.3, which is the *reference* BLAS unless an optimized one is installed. With the
# reference BLAS a 1024^3 SGEMM runs at ~6 GFLOP/s instead of ~70 with OpenBLAS, and every
# LSTM step is ~10x slower. The OpenMP flavour shares LibTorch's OpenMP thread pool.
set -euo pipefail

packages=(
  # toolchain
  g++ cmake make ccache pkg-config
  # fuzzing (scripts/fuzz.sh, which CI runs): clang, and libFuzzer with the sanitizer runtimes,
  # which Debian ships apart from clang
  clang libclang-rt-14-dev
  # engine
  libtorch-dev libopenblas0-openmp nlohmann-json3-dev libdnnl-dev
  # distributed training: the headers of Gloo, which c10d's process group includes
  libgloo-dev
  # checkpoint file names (Python's format mini-language, as Keras' filepath uses it)
  libfmt-dev
  # device.allocator "jemalloc" and "tcmalloc", loaded at run time (tst_allocator uses both)
  libjemalloc2 libtcmalloc-minimal4
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
