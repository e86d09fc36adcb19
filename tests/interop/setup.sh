#!/usr/bin/env bash
# Installs what the interop tests need, idempotently (a second run changes nothing and takes seconds):
#   - tests/interop/.venv: a Python venv with the pinned set in requirements.lock (mcp 2.3.0, pytest, ...)
#   - tests/interop/ts/node_modules: `npm ci` from package-lock.json (@modelcontextprotocol/{server,client} 2.4.0)
#   - Debian's `prometheus` (prometheus + promtool), through apt-get, only when missing
# Meant for a fresh Debian 12 machine as root (CI), and for developers. Needs python3 (3.10+) and Node.js 20+.
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
VENV="$HERE/.venv"
TS="$HERE/ts"

log() { printf '[interop setup] %s\n' "$*" >&2; }

apt_updated=0
apt_install() {
    if [ "$(id -u)" != 0 ]; then
        log "need root to apt-get install $*"
        return 1
    fi
    if [ "$apt_updated" = 0 ]; then
        DEBIAN_FRONTEND=noninteractive apt-get update -qq
        apt_updated=1
    fi
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$@" >/dev/null
}

# --- Python venv ------------------------------------------------------------------------------
PY="${PYTHON:-python3}"
if ! "$PY" -c 'import venv, ensurepip' 2>/dev/null; then
    log "python3 lacks venv/ensurepip; installing Debian's python3-venv"
    apt_install python3-venv
fi
if [ ! -x "$VENV/bin/python" ] || ! "$VENV/bin/python" -c 'import sys' 2>/dev/null; then
    log "creating $VENV"
    rm -rf "$VENV"
    "$PY" -m venv "$VENV"
fi
lock_sum="$(sha256sum "$HERE/requirements.lock" | cut -d' ' -f1)"
if [ "$(cat "$VENV/.interop-lock" 2>/dev/null)" != "$lock_sum" ]; then
    log "installing pinned Python packages (requirements.lock)"
    "$VENV/bin/python" -m pip install -q --disable-pip-version-check -r "$HERE/requirements.lock"
    echo "$lock_sum" >"$VENV/.interop-lock"
else
    log "Python packages already match requirements.lock"
fi

# --- Node packages ----------------------------------------------------------------------------
if ! command -v node >/dev/null || ! command -v npm >/dev/null; then
    log "node/npm missing; installing Debian's nodejs and npm"
    apt_install nodejs npm
fi
node_major="$(node -p 'process.versions.node.split(".")[0]')"
if [ "$node_major" -lt 20 ]; then
    log "Node.js $node_major found; @modelcontextprotocol/* 2.4.0 needs Node.js 20 or later"
    exit 1
fi
npm_sum="$(sha256sum "$TS/package-lock.json" | cut -d' ' -f1)"
if [ "$(cat "$TS/node_modules/.interop-lock" 2>/dev/null)" != "$npm_sum" ]; then
    log "npm ci in $TS"
    (cd "$TS" && npm ci --no-audit --no-fund --loglevel=error)
    echo "$npm_sum" >"$TS/node_modules/.interop-lock"
else
    log "node_modules already match package-lock.json"
fi

# --- Prometheus -------------------------------------------------------------------------------
if ! command -v prometheus >/dev/null || ! command -v promtool >/dev/null; then
    log "installing Debian's prometheus (prometheus + promtool)"
    apt_install prometheus
    # The package starts a system service where an init system runs; the tests start their own
    # server on a free port, so a running service is harmless, but it is not needed either.
else
    log "prometheus already installed: $(prometheus --version 2>&1 | head -n1)"
fi

log "done"
