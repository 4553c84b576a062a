#!/usr/bin/env bash
# The Debian package end to end: packs it from the build directory (scripts/build-deb.sh, with
# lintian), installs it with apt so that its Depends are resolved, runs the installed programs
# from /usr/bin and from the menu entry's command, then purges it and checks nothing is left.
#
#   test-deb.sh SOURCE_DIR BUILD_DIR
#
# Exit 77 (ctest's skip) where it cannot run honestly: not root, no apt and dpkg, or an
# epochscope package already installed that the test would replace and then remove.
set -euo pipefail

source_dir="$1"
build_dir="$2"
kSkip=77
# Seconds the GUI shows its window before it saves a screenshot and quits by itself.
kWindowSeconds=3

skip() { echo "SKIP: $*"; exit "$kSkip"; }
fail() { echo "FAIL: $*" >&2; exit 1; }
step() { echo "== $*"; }

[ "$(id -u)" -eq 0 ] || skip "installing a package needs root (CI runs this test as root)"
for tool in apt-get dpkg dpkg-query; do
  command -v "$tool" >/dev/null || skip "$tool not found: this is not a Debian system"
done
if dpkg-query -W -f='${Status}' epochscope 2>/dev/null | grep -q "install ok installed"; then
  skip "epochscope $(dpkg-query -W -f='${Version}' epochscope) is installed here;" \
       "the test would replace it and then remove it"
fi

work="$(mktemp -d)"
installed=0
cleanup() {
  local status=$?
  # A failure midway must not leave the package on the machine.
  if [ "$installed" -eq 1 ]; then
    echo "== cleanup: purging epochscope"
    apt-get purge -y -q -o DPkg::Lock::Timeout=300 epochscope >/dev/null 2>&1 ||
      dpkg --purge epochscope >/dev/null 2>&1 || echo "cleanup: could not purge epochscope" >&2
  fi
  rm -rf "$work"
  exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# Every program run here keeps its database, settings and runtime files in the temp folder.
export HOME="$work/home"
export XDG_RUNTIME_DIR="$work/runtime"
unset XDG_DATA_HOME XDG_CONFIG_HOME
mkdir -p "$HOME" "$XDG_RUNTIME_DIR"
chmod 700 "$XDG_RUNTIME_DIR"
cd "$work"

step "build the package (scripts/build-deb.sh --no-build: the build has made its files)"
deb="$("$source_dir/scripts/build-deb.sh" --no-build "$build_dir" | tail -n 1)"
[ -f "$deb" ] || fail "build-deb.sh printed no package path"
version="$(dpkg-deb --field "$deb" Version)"
echo "package: $deb ($version)"

step "install with apt (Depends only, so that they are shown to be enough)"
installed=1
DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends \
  -o DPkg::Lock::Timeout=300 "$deb"
[ "$(dpkg-query -W -f='${Version}' epochscope)" = "$version" ] ||
  fail "dpkg does not list epochscope $version as installed"

step "installed files"
# epochscope-cli is a launcher; the program it runs is the one that needs LibTorch.
for path in /usr/bin/epochscope /usr/bin/epochscope-cli /usr/libexec/epochscope/epochscope-cli-engine; do
  [ -x "$path" ] || fail "$path is not an executable"
  if ldd "$path" | grep -q "not found"; then
    ldd "$path" | grep "not found" >&2
    fail "$path needs libraries the package's Depends did not bring"
  fi
done
# `profile`'s probe, where Debian's python3 finds it without PYTHONPATH.
/usr/bin/python3 -B -c "import epochscope.run" ||
  fail "python3 cannot import the probe (epochscope.run) from /usr/lib/python3/dist-packages"
for page in epochscope epochscope-cli; do
  man_page="/usr/share/man/man1/$page.1.gz"
  [ -f "$man_page" ] || fail "$man_page is missing"
  gzip -dc "$man_page" | grep -q "^\.SH NAME" || fail "$man_page is not a man page"
done
[ -f /usr/share/icons/hicolor/scalable/apps/epochscope.svg ] || fail "the SVG icon is missing"
for size in 16 32 48 64 128 256; do
  icon="/usr/share/icons/hicolor/${size}x${size}/apps/epochscope.png"
  [ -f "$icon" ] || fail "$icon is missing"
done
[ -f /usr/share/doc/epochscope/copyright ] || fail "the copyright file is missing"
metainfo="$(dpkg -L epochscope | grep '^/usr/share/metainfo/.*\.metainfo\.xml$' || true)"
[ -n "$metainfo" ] || fail "no AppStream metainfo installed"
if command -v appstreamcli >/dev/null; then
  "$source_dir/scripts/validate-metainfo.sh" "$metainfo"
fi
desktop=/usr/share/applications/epochscope.desktop
[ -f "$desktop" ] || fail "$desktop is missing"
if command -v desktop-file-validate >/dev/null; then
  desktop-file-validate "$desktop"
fi

step "epochscope-cli --version"
/usr/bin/epochscope-cli --version | tee "$work/version.txt"
grep -q "^epochscope-cli ${version%-*}\$" "$work/version.txt" ||
  fail "--version does not name ${version%-*}"

step "epochscope-cli train --preset quick-demo --epochs 1"
/usr/bin/epochscope-cli train --preset quick-demo --epochs 1 --db "$work/runs.sqlite" \
  --json-out "$work/summary.json"
[ -s "$work/summary.json" ] || fail "train wrote no summary"
/usr/bin/epochscope-cli runs list --db "$work/runs.sqlite" | tee "$work/runs.txt"
grep -q "quick-demo" "$work/runs.txt" || fail "the run is not in the run database"

step "an installed preset file trains as a config"
/usr/bin/epochscope-cli train --config /usr/share/epochscope/presets/quick-demo.json \
  --epochs 1 --max-batches 2 --no-record --quiet

# The [Desktop Entry] group's key, not the same key of a [Desktop Action] group.
desktop_key() {
  awk -v key="$1" -F= '/^\[/ { main = ($0 == "[Desktop Entry]") }
                       main && $1 == key { sub(/^[^=]*=/, ""); print; exit }' "$desktop"
}
# A desktop Exec line without its field codes (%f, %U, ...), which the menu fills in.
strip_field_codes() { sed -E 's/(^| )%[fFuUdDnNickvm]//g'; }

step "the menu entry's command starts the installed app (offscreen, ${kWindowSeconds} s)"
exec_line="$(desktop_key Exec | strip_field_codes)"
read -r -a exec_words <<<"$exec_line"
[ "$(command -v "${exec_words[0]}")" = /usr/bin/epochscope ] ||
  fail "Exec=${exec_line} does not run /usr/bin/epochscope" \
       "(it resolves to '$(command -v "${exec_words[0]}" || true)')"
QT_QPA_PLATFORM=offscreen timeout 180 "${exec_words[@]}" --db "$work/gui.sqlite" \
  --screenshot "$work/window.png" --delay "$kWindowSeconds" ||
  fail "the app did not run for ${kWindowSeconds} s and quit cleanly (exit $?)"
[ "$(head -c 8 "$work/window.png" | od -An -tx1 | tr -d ' \n')" = 89504e470d0a1a0a ] ||
  fail "the app's screenshot is not a PNG"

step "the menu entry's actions name the app and options it has"
help="$(QT_QPA_PLATFORM=offscreen /usr/bin/epochscope --help)"
grep '^Exec=' "$desktop" | cut -d= -f2- | strip_field_codes | while read -r -a words; do
  [ "$(command -v "${words[0]}")" = /usr/bin/epochscope ] ||
    fail "Exec=${words[*]} does not run /usr/bin/epochscope"
  for word in "${words[@]:1}"; do
    case "$word" in
      --*) grep -q -- "$word" <<<"$help" ||
             fail "Exec=${words[*]}: epochscope has no option $word" ;;
    esac
  done
done
icon="$(desktop_key Icon)"
ls /usr/share/icons/hicolor/*/apps/"$icon".* >/dev/null 2>&1 ||
  fail "Icon=$icon is not in the hicolor theme"

step "purge"
DEBIAN_FRONTEND=noninteractive apt-get purge -y -q -o DPkg::Lock::Timeout=300 epochscope
installed=0
for path in /usr/bin/epochscope /usr/bin/epochscope-cli /usr/libexec/epochscope "$desktop" /usr/share/epochscope \
            /usr/share/doc/epochscope /usr/share/man/man1/epochscope-cli.1.gz; do
  [ ! -e "$path" ] || fail "$path is still there after the purge"
done
if dpkg-query -W -f='${Status}' epochscope 2>/dev/null | grep -q "installed"; then
  fail "dpkg still lists epochscope"
fi
echo "PASS: epochscope $version installed, ran and was purged"
