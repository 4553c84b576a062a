#!/usr/bin/env bash
# Makes (or brings up to date) a Debian 13 (trixie) root in DIR with every package
# scripts/bootstrap-debian.sh lists for Debian 13, for building and testing EpochScope on
# Debian 13's LibTorch 2.6, oneDNN 3.7, Qt 6.8 and GCC 14 (scripts/in-debian13.sh runs commands
# in it), and for benchmarks that compare with PyTorch 2.6 from Python.
#   scripts/debian13-root.sh DIR
# Idempotent: a root already there only gets the packages it lacks, and nothing is asked of apt
# when it has them all. Needs root (mmdebstrap, chroot) and mmdebstrap, which it installs here
# when missing. A new root takes two to eight minutes (7 min 13 s on a fresh 2-core machine,
# 2026-12-06), most of it unpacking LibTorch, Qt and their libraries.
set -euo pipefail

if [ $# -ne 1 ]; then
  echo "usage: scripts/debian13-root.sh DIR" >&2
  exit 2
fi
root_dir="$(realpath -m "$1")"
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
mapfile -t packages < <(bash "$here/bootstrap-debian.sh" --list trixie)

if [ "$(id -u)" -ne 0 ]; then
  echo "debian13-root: run as root (mmdebstrap and chroot need it)" >&2
  exit 1
fi
export DEBIAN_FRONTEND=noninteractive

if [ -f "$root_dir/etc/os-release" ]; then
  if ! grep -q '^VERSION_CODENAME=trixie$' "$root_dir/etc/os-release"; then
    echo "debian13-root: $root_dir holds a system that is not Debian 13; choose another folder" >&2
    exit 1
  fi
  missing=()
  for package in "${packages[@]}"; do
    if ! chroot "$root_dir" dpkg-query -W -f='${Status}' "$package" 2>/dev/null |
        grep -q "install ok installed"; then
      missing+=("$package")
    fi
  done
  if [ ${#missing[@]} -eq 0 ]; then
    echo "debian13-root: $root_dir has all ${#packages[@]} packages"
    exit 0
  fi
  echo "debian13-root: installing ${missing[*]} in $root_dir"
  cp /etc/resolv.conf "$root_dir/etc/resolv.conf"
  chroot "$root_dir" apt-get update -q
  chroot "$root_dir" apt-get install -y -q --no-install-recommends "${missing[@]}"
  exit 0
fi

if [ -e "$root_dir" ] && [ -n "$(ls -A "$root_dir")" ]; then
  echo "debian13-root: $root_dir is not empty and holds no Debian 13; choose another folder" >&2
  exit 1
fi
if ! command -v mmdebstrap >/dev/null; then
  apt-get update -q
  apt-get install -y -q --no-install-recommends mmdebstrap
fi
# Made in a folder beside DIR and renamed when complete: an interrupted run leaves no root
# that looks finished.
partial="$root_dir.partial"
rm -rf "$partial"
mkdir -p "$(dirname "$root_dir")"
included="$(IFS=,; echo "${packages[*]}")"
mmdebstrap --variant=apt --include="$included" trixie "$partial"
cp /etc/resolv.conf "$partial/etc/resolv.conf"
rmdir "$root_dir" 2>/dev/null || true
mv "$partial" "$root_dir"
echo "debian13-root: made $root_dir"
