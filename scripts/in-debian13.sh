#!/usr/bin/env bash
# Runs a command in a Debian 13 root (scripts/debian13-root.sh makes one) with this source tree
# at the same path, so the same commands and paths work in both releases:
#   scripts/in-debian13.sh DIR CMD [ARG...]
#   scripts/in-debian13.sh /work/roots/trixie cmake --preset debian13
# The command runs as root in the source tree's folder, with its own build folder
# (build/debian13, the CMake preset of that name) and its own ccache: a folder debian13/ in
# this machine's ccache folder (`ccache -k cache_dir`), so that whatever keeps that cache for
# the next build here keeps Debian 13's objects too, and Debian 13's ccache never touches
# Debian 12's. Only what the command needs is mounted: /proc, /sys, /dev (with /dev/pts and
# /dev/shm), a fresh /tmp, the source tree and that ccache folder.
# They are mounted in a mount namespace of their own, which the kernel takes down when the
# command ends, however it ends (an error, Ctrl+C, a kill), so nothing is left mounted.
# The command's exit status is this script's.
set -euo pipefail

if [ $# -lt 2 ]; then
  echo "usage: scripts/in-debian13.sh DIR CMD [ARG...]" >&2
  exit 2
fi
root_dir="$(realpath "$1")"
shift
tree="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
if ! grep -qs '^VERSION_CODENAME=trixie$' "$root_dir/etc/os-release"; then
  echo "in-debian13: $root_dir is not a Debian 13 root; make one with scripts/debian13-root.sh" >&2
  exit 1
fi
if [ "$(id -u)" -ne 0 ]; then
  echo "in-debian13: run as root (mount and chroot need it)" >&2
  exit 1
fi
host_cache="$(ccache -k cache_dir 2>/dev/null || echo "$HOME/.cache/ccache")/debian13"
mkdir -p "$root_dir/var/cache/ccache" "$host_cache"

# The inner script runs in the new namespace: mounts, then chroot; its mounts are private to
# it, so the host's mount table never sees them.
exec unshare --mount --propagation private -- bash -euo pipefail -c '
root_dir="$1"; tree="$2"; cache="$3"; shift 3
mount -t proc proc "$root_dir/proc"
mount --rbind /sys "$root_dir/sys"
mount --rbind /dev "$root_dir/dev"
mount -t tmpfs -o mode=1777 tmpfs "$root_dir/tmp"
# After the fresh /tmp, which would hide a mount point made before it for a tree under /tmp.
mkdir -p "$root_dir$tree"
mount --bind "$tree" "$root_dir$tree"
mount --bind "$cache" "$root_dir/var/cache/ccache"
cd /
exec chroot "$root_dir" /usr/bin/env -i \
  PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
  HOME=/root LANG=C.UTF-8 TERM="${TERM:-dumb}" \
  CCACHE_DIR=/var/cache/ccache \
  bash -c "cd \"\$0\" && exec \"\$@\"" "$tree" "$@"
' in-debian13 "$root_dir" "$tree" "$host_cache" "$@"
