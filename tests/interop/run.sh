#!/usr/bin/env bash
# Installs (idempotently) and runs the interop suite. Extra arguments go to pytest.
#   bash tests/interop/run.sh                                   # direct only: gateway tests skip
#   ELICITGUARD_BIN=target/debug/elicitguard bash tests/interop/run.sh   # through the gateway too
# INTEROP_SKIP_SELF_CHECK=1 skips the transparent-proxy self-check (about a minute).
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
bash "$HERE/setup.sh"
if [ -n "${ELICITGUARD_BIN:-}" ]; then
    ELICITGUARD_BIN="$(realpath "$ELICITGUARD_BIN")"
    export ELICITGUARD_BIN
fi
cd "$HERE"
exec "$HERE/.venv/bin/python" -m pytest -p no:cacheprovider -rfEs "$@" "$HERE"
