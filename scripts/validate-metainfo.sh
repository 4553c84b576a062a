#!/usr/bin/env bash
# Validates AppStream metadata files with appstreamcli, the same way on Debian 12 and 13:
#   scripts/validate-metainfo.sh FILE...
# AppStream 1.0 (Debian 13) warns when there is no homepage, and fails on warnings. The
# project has none to name (a made-up address would send software centres nowhere), so that
# one warning counts as information there; every other warning still fails. AppStream 0.16
# (Debian 12) neither warns about it nor knows that tag (it refuses to override an unknown
# one), so the override is given to AppStream 1 and later only. Exits non-zero on the first file
# that does not validate; appstreamcli says why on standard error.
set -euo pipefail
options=(--no-net)
version="$(appstreamcli --version 2>/dev/null | sed -n 's/^AppStream version: \([0-9]*\)\..*/\1/p')"
if [ "${version:-0}" -ge 1 ]; then
  options+=(--override=url-homepage-missing=info)
fi
for metainfo in "$@"; do
  appstreamcli validate "${options[@]}" "$metainfo" >&2
done
