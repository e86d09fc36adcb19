#!/usr/bin/env bash
# Load benchmark: the fixed upstream directly, behind nginx, and behind elicitguard, with the same load
# generator, interleaved rounds, medians. Then time to first SSE event and resident memory (benches/conns.py).
#
#   bash benches/load.sh                       # full run: ~5 minutes of load plus the memory phase
#   DURATION=2 ROUNDS=1 IDLE=1000 SSE_STREAMS=100 bash benches/load.sh   # smoke run
#
# Layout: load generator (wrk, the python client) on CPU $LOADGEN_CPU, everything under test (bench-upstream,
# nginx, elicitguard; one thread or worker each) on CPU $SUT_CPU. Loopback only.
#
# Modes, per path (/mcp pass-through, /mcp-elicit judged and sealed, /sse 3-event stream):
# - closed loop for throughput: wrk -t1 -c$CONNS -d$DURATION, POST with benches/wrk-post.lua;
# - latency: wrk2 (fixed rate) is not packaged in Debian, so this is SERIAL latency: wrk -t1 -c1, one request
#   at a time on one keep-alive connection. p50/p99/p99.9 come from wrk's histogram (its done() hook).
#
# Environment: DURATION (s, default 5), ROUNDS (3; 0 runs only the memory/TTFE phase), CONNS (32), PATHS ("mcp mcp-elicit sse"), LOADGEN_CPU (0),
# SUT_CPU (1), IDLE (10000 idle keep-alive connections), SSE_STREAMS (1000), TTFE_SAMPLES (200), MEMORY (1; 0
# skips the memory/TTFE phase), SKIP_BUILD (0), BIN_DIR ($CARGO_TARGET_DIR/release), PORT_BASE (19100).
set -euo pipefail

DURATION=${DURATION:-5}
ROUNDS=${ROUNDS:-3}
CONNS=${CONNS:-32}
PATHS=${PATHS:-"mcp mcp-elicit sse"}
LOADGEN_CPU=${LOADGEN_CPU:-0}
SUT_CPU=${SUT_CPU:-1}
IDLE=${IDLE:-10000}
SSE_STREAMS=${SSE_STREAMS:-1000}
TTFE_SAMPLES=${TTFE_SAMPLES:-200}
MEMORY=${MEMORY:-1}
SKIP_BUILD=${SKIP_BUILD:-0}
PORT_BASE=${PORT_BASE:-19100}

UP_PORT=$PORT_BASE
NGINX_PORT=$((PORT_BASE + 1))
GW_PORT=$((PORT_BASE + 2))
GW_MEM_PORT=$((PORT_BASE + 3))

ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT"
TARGET=${CARGO_TARGET_DIR:-$ROOT/target}
WORK=$(mktemp -d /tmp/elicitguard-load.XXXXXX)
PIDS=()

cleanup() {
    for p in "${PIDS[@]}"; do
        kill "$p" 2>/dev/null || true
    done
    wait 2>/dev/null || true
    echo "logs and raw results: $WORK" >&2
}
trap cleanup EXIT
trap 'exit 130' INT TERM

need_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }

# Tools.
if ! command -v wrk >/dev/null || ! command -v nginx >/dev/null; then
    echo "== installing wrk and nginx-light" >&2
    need_root env DEBIAN_FRONTEND=noninteractive apt-get install -y wrk nginx-light >&2
fi
if command -v wrk2 >/dev/null; then
    echo "note: wrk2 is installed but this script measures serial latency with wrk -c1 (see header)" >&2
fi

# Build.
if [ "$SKIP_BUILD" != 1 ]; then
    echo "== cargo build --release --features bench-tools --bins" >&2
    cargo build --release --features bench-tools --bins >&2
fi
BIN_DIR=${BIN_DIR:-$TARGET/release}
GW_BIN=$BIN_DIR/elicitguard
UP_BIN=$BIN_DIR/bench-upstream

# Descriptors for many idle connections (the hard limit is the ceiling without root).
ulimit -n "$(ulimit -Hn)" 2>/dev/null || true

wait_port() { # port: wait up to 10 s until something accepts on it
    local deadline=$((SECONDS + 10))
    until (exec 3<>/dev/tcp/127.0.0.1/"$1") 2>/dev/null; do
        if [ $SECONDS -ge $deadline ]; then
            echo "nothing listens on port $1; see $WORK" >&2
            exit 1
        fi
        sleep 0.1
    done
}

gateway_config() { # port file [extra limits line]
    cat >"$2" <<EOF
mode: enforce
listeners:
  - address: 127.0.0.1:$1
admin:
  address: "off"
audit:
  path: $WORK/audit-$1.log
routes:
  - name: mcp
    path_prefix: /mcp
    upstream: http://127.0.0.1:$UP_PORT/mcp
  - name: mcp-elicit
    path_prefix: /mcp-elicit
    upstream: http://127.0.0.1:$UP_PORT/mcp-elicit
  - name: sse
    path_prefix: /sse
    upstream: http://127.0.0.1:$UP_PORT/sse
  - name: sse-hold
    path_prefix: /sse-hold
    upstream: http://127.0.0.1:$UP_PORT/sse-hold
limits:
  # The benchmark is one anonymous client sending thousands of elicitations a second: lift the rate limits
  # (they protect people, not CPUs) and the in-flight cap (the memory phase holds many streams).
  elicitation_burst: 1000000000
  elicitations_per_minute: 1000000000
  route_elicitation_burst: 1000000000
  route_elicitations_per_minute: 1000000000
  max_concurrent_requests: 100000
  ${3:-}
EOF
}

start_gateway() { # port [extra limits line] -> sets GW_PID
    # The config sits alone in its directory: the gateway reloads on any change in the directory of its
    # config file, and the logs and results written to $WORK would otherwise reload it during the run.
    mkdir -p "$WORK/gw-$1"
    gateway_config "$1" "$WORK/gw-$1/gateway.yaml" "${2:-}"
    taskset -c "$SUT_CPU" "$GW_BIN" serve --config "$WORK/gw-$1/gateway.yaml" --workers 1 --admin-listen off \
        2>"$WORK/gateway-$1.log" &
    GW_PID=$!
    PIDS+=("$GW_PID")
    wait_port "$1"
}

# Upstream.
taskset -c "$SUT_CPU" "$UP_BIN" --listen 127.0.0.1:$UP_PORT --workers 1 2>"$WORK/upstream.log" &
PIDS+=($!)
wait_port $UP_PORT

# nginx: a keep-alive reverse proxy to the same upstream, one worker, no buffering (SSE goes out as it comes).
mkdir -p "$WORK/nginx"
cat >"$WORK/nginx.conf" <<EOF
worker_processes 1;
daemon off;
pid $WORK/nginx/nginx.pid;
error_log $WORK/nginx/error.log warn;
events { worker_connections 16384; }
http {
    access_log off;
    client_body_temp_path $WORK/nginx/body;
    proxy_temp_path $WORK/nginx/proxy;
    fastcgi_temp_path $WORK/nginx/fastcgi;
    uwsgi_temp_path $WORK/nginx/uwsgi;
    scgi_temp_path $WORK/nginx/scgi;
    upstream bench_up {
        server 127.0.0.1:$UP_PORT;
        keepalive 64;
    }
    server {
        listen 127.0.0.1:$NGINX_PORT;
        keepalive_requests 1000000;
        keepalive_timeout 120s;
        location / {
            proxy_pass http://bench_up;
            proxy_http_version 1.1;
            proxy_set_header Connection "";
            proxy_buffering off;
        }
    }
}
EOF
taskset -c "$SUT_CPU" nginx -e "$WORK/nginx/error.log" -p "$WORK/nginx" -c "$WORK/nginx.conf" &
PIDS+=($!)
wait_port $NGINX_PORT

start_gateway $GW_PORT
LOAD_GW_PID=$GW_PID

# Sanity: every target answers every path, and the gateway really judged and sealed /mcp-elicit.
REQ=$(sed -n "s/^local body = '\(.*\)'$/\1/p" benches/wrk-post.lua)
for port in $UP_PORT $NGINX_PORT $GW_PORT; do
    for p in $PATHS; do
        code=$(curl -s -o "$WORK/check-$port-$p" -w '%{http_code}' -X POST -H 'Content-Type: application/json' \
            -H 'Accept: application/json, text/event-stream' -H 'MCP-Protocol-Version: 2026-07-28' \
            --data "$REQ" "http://127.0.0.1:$port/$p")
        if [ "$code" != 200 ]; then
            echo "port $port /$p answered $code:" >&2
            cat "$WORK/check-$port-$p" >&2
            exit 1
        fi
    done
done
if grep -q '"requestState":"upstream-state-' "$WORK/check-$GW_PORT-mcp-elicit" ||
    ! grep -q '"input_required"' "$WORK/check-$GW_PORT-mcp-elicit"; then
    echo "the gateway did not seal /mcp-elicit's requestState:" >&2
    head -c 600 "$WORK/check-$GW_PORT-mcp-elicit" >&2
    exit 1
fi

run_wrk() { # label path conns -> appends one line to results
    local label=$1 path=$2 conns=$3 port mode out
    case $label in direct) port=$UP_PORT ;; nginx) port=$NGINX_PORT ;; elicitguard) port=$GW_PORT ;; esac
    if [ "$conns" = 1 ]; then mode=serial; else mode=throughput; fi
    out=$(timeout $((DURATION + 30)) taskset -c "$LOADGEN_CPU" wrk -t1 -c"$conns" -d"${DURATION}s" \
        -s benches/wrk-post.lua "http://127.0.0.1:$port/$path" 2>&1) || true
    local line
    line=$(grep '^RESULT ' <<<"$out" || true)
    if [ -z "$line" ]; then
        echo "wrk failed for $label /$path:" >&2
        echo "$out" >&2
        return
    fi
    echo "$round $label $path $mode ${line#RESULT }" >>"$WORK/results.txt"
    echo "  round $round $mode /$path $label: ${line#RESULT }" >&2
}

echo "== load: $ROUNDS round(s) x $DURATION s, wrk on CPU $LOADGEN_CPU, under test on CPU $SUT_CPU" >&2
: >"$WORK/results.txt"
for round in $(seq 1 "$ROUNDS"); do
    for path in $PATHS; do
        for label in direct nginx elicitguard; do
            run_wrk $label "$path" "$CONNS"
        done
        for label in direct nginx elicitguard; do
            run_wrk $label "$path" 1
        done
    done
done

[ "$ROUNDS" -gt 0 ] && python3 - "$WORK/results.txt" "$CONNS" <<'EOF'
import statistics, sys
rows = [l.split() for l in open(sys.argv[1]) if l.strip()]
# round label path mode rps p50_us p99_us p999_us requests status_errors socket_errors
data = {}
for r in rows:
    key = (r[2], r[3], r[1])
    data.setdefault(key, []).append([float(x) for x in r[4:]])
med = {k: [statistics.median(c) for c in zip(*v)] for k, v in data.items()}
paths = []
for r in rows:
    if r[2] not in paths:
        paths.append(r[2])
print()
print("| path | mode | target | req/s | p50 ms | p99 ms | p99.9 ms | errors | req/s ÷ direct | req/s ÷ nginx | p50 − nginx ms |")
print("|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|")
for path in paths:
    for mode in ("throughput", "serial"):
        d = med.get((path, mode, "direct"))
        n = med.get((path, mode, "nginx"))
        for label in ("direct", "nginx", "elicitguard"):
            m = med.get((path, mode, label))
            if m is None:
                continue
            rps, p50, p99, p999, _req, es, ee = m
            rd = "%.2f" % (rps / d[0]) if d and label != "direct" else ""
            rn = "%.2f" % (rps / n[0]) if n and label == "elicitguard" else ""
            dp = "%+.3f" % ((p50 - n[1]) / 1000) if n and label == "elicitguard" else ""
            print("| /%s | %s | %s | %.0f | %.3f | %.3f | %.3f | %d | %s | %s | %s |" % (
                path, "closed loop c=%s" % sys.argv[2] if mode == "throughput" else "serial c=1", label,
                rps, p50 / 1000, p99 / 1000, p999 / 1000, es + ee, rd, rn, dp))
print()
print("medians of %d round(s); errors = non-2xx + socket errors; serial = one request at a time (wrk -c1)" % max(int(r[0]) for r in rows))
EOF

if [ "$MEMORY" = 1 ]; then
    # A fresh gateway, so the baseline is not memory the allocator kept from the load phase.
    kill "$LOAD_GW_PID" 2>/dev/null || true
    # hyper applies the header read timeout (default 10 s) to a keep-alive connection waiting for its next
    # request, so idle connections close after 10 s, not after limits.idle_timeout_ms: raise it here, or
    # most of the idle connections are gone before they are counted.
    start_gateway $GW_MEM_PORT "header_read_timeout_ms: 600000"
    echo "== time to first SSE event, and memory: $IDLE idle connections, $SSE_STREAMS SSE streams" >&2
    taskset -c "$LOADGEN_CPU" python3 benches/conns.py --gateway 127.0.0.1:$GW_MEM_PORT \
        --direct 127.0.0.1:$UP_PORT --pid "$GW_PID" --idle "$IDLE" --sse "$SSE_STREAMS" \
        --ttfe-samples "$TTFE_SAMPLES"
fi
