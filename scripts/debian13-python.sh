#!/usr/bin/env bash
# Python 3 with Debian 13's PyTorch 2.6, from a Debian 13 root (scripts/debian13-root.sh), for
# the benchmarks that compare with PyTorch from Python. Give it where they take an interpreter:
#   build/dev/tests/benchmarks/backends_bench --python scripts/debian13-python.sh
# The root is $EPOCHSCOPE_DEBIAN13_ROOT, else the one .ci/run keeps
# (/var/cache/epochscope/debian13-root). Standard input and output pass through, which is how
# the benchmarks talk to their reference. The root's command starts with an empty environment
# (scripts/in-debian13.sh), so the variables that decide the math libraries' threads and
# kernels are handed in here: a benchmark capped at AVX2 or at N threads caps its reference
# the same way. Runs as root, as in-debian13.sh must.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="${EPOCHSCOPE_DEBIAN13_ROOT:-/var/cache/epochscope/debian13-root}"
passed=()
while IFS= read -r -d '' variable; do
  case "$variable" in
    OMP_* | GOMP_* | KMP_* | MKL_* | OPENBLAS_* | ONEDNN_* | DNNL_* | EPOCHSCOPE_ONEDNN_*)
      passed+=("$variable") ;;
  esac
done < <(env -0)
exec "$here/in-debian13.sh" "$root" env "${passed[@]}" python3 "$@"
