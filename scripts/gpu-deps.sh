#!/usr/bin/env bash
# Unpacks the Debian packages EpochScope's engine builds against (libzip, SQLite, SQLiteCpp,
# nlohmann-json, CLI11, {fmt}) into DIR, for a GPU server that lacks them and cannot install
# packages (no network, no root). Run it where apt works (Debian 12), then carry DIR over and
# pass `--deps DIR` to scripts/gpu-check.sh. Nothing is installed on this machine.
#   scripts/gpu-deps.sh DIR
set -euo pipefail

dir="${1:?usage: scripts/gpu-deps.sh DIR}"
packages=(
  libzip-dev libzip4 libbz2-1.0 zlib1g libssl3
  libsqlite3-dev libsqlite3-0 libsqlitecpp-dev
  nlohmann-json3-dev libcli11-dev libfmt-dev libfmt9
)
mkdir -p "$dir/debs" "$dir/root"
(cd "$dir/debs" && apt-get download "${packages[@]}")
for deb in "$dir"/debs/*.deb; do
  dpkg-deb -x "$deb" "$dir/root"
done
# Documentation is of no use to a build.
rm -rf "$dir/root/usr/share/doc" "$dir/root/usr/share/man" "$dir/debs"
echo "gpu-deps: ${#packages[@]} packages unpacked under $dir/root ($(du -sh "$dir/root" | cut -f1))"
