#!/usr/bin/env bash
# Runs every elicitguard test on a fresh machine: installs what the tests need (idempotently), then the Rust
# unit and integration tests, then the interop tests against the real MCP SDKs and a real Prometheus.
# Usage: bash tests/run.sh            (everything)
#        SKIP_INTEROP=1 bash tests/run.sh   (Rust tests only)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$PWD/target}"
export CARGO_TERM_COLOR=never

if ! command -v cargo >/dev/null; then
    echo "tests/run.sh: cargo is needed (https://rustup.rs)" >&2
    exit 2
fi

# The warning-page test drives a real browser: Debian's Chromium, installed when missing (as root).
if ! [ -x /usr/bin/chromium ] && [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    echo "== installing chromium (for the warning-page browser test)"
    DEBIAN_FRONTEND=noninteractive apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends chromium >/dev/null
fi
# The shared-store tests (tests/shared_store.rs, tests/interop) run a real Redis: Debian's redis-server.
if ! command -v redis-server >/dev/null && [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    echo "== installing redis-server (for the shared-store tests)"
    DEBIAN_FRONTEND=noninteractive apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends redis-server >/dev/null
fi
if [ -x /usr/bin/chromium ]; then
    export ELICITGUARD_REQUIRE_BROWSER=1
fi

echo "== Rust tests"
cargo build --locked --bins
cargo test --locked --all-targets

if [ "${SKIP_INTEROP:-0}" != 1 ] && [ -f tests/interop/run.sh ]; then
    echo "== Interop tests (real MCP SDKs, real Prometheus)"
    bash tests/interop/setup.sh
    ELICITGUARD_BIN="$CARGO_TARGET_DIR/debug/elicitguard" bash tests/interop/run.sh
fi
