#!/usr/bin/env bash
# Load benchmark: the fixed upstream directly, behind nginx, and behind elicitguard, with the same load
# generators, interleaved rounds, medians. Then time to first SSE event and resident memory (benches/conns.py),
# and on request a soak.
#
#   bash benches/load.sh                       # full run: ~8 minutes of load, then the memory phase
#   DURATION=2 ROUNDS=1 IDLE=1000 SSE_STREAMS=100 bash benches/load.sh   # smoke run
#   SOAK=600 ROUNDS=0 bash benches/load.sh     # memory phase, then a 10-minute soak (RSS sampled over time)
#
# Layout: load generators (wrk, oha, the python client) on CPU $LOADGEN_CPU, everything under test
# (bench-upstream, nginx, elicitguard; one thread or worker each) on CPU $SUT_CPU. Loopback only.
#
# Paths: /mcp (pass-through JSON), /mcp-elicit (judged and sealed JSON), /sse (pass-through SSE, 3 events),
# /sse-elicit (SSE whose last event is judged and sealed). Modes, per path and target ($MODES):
# - throughput: closed loop, wrk -t1 -c$CONNS -d$DURATION, POST with benches/wrk-post.lua;
# - rate: fixed rate for latency, oha -q $RATE -c $RATE_CONNS -z $DURATION --latency-correction: each latency
#   counts from the moment its request was due, so a target that falls behind cannot hide its queue
#   (no coordinated omission). oha is installed with `cargo install oha --locked` into $OHA_ROOT if missing.
#   The same runs give the CPU time per request of the server under test and of the upstream (from /proc), and
#   from it a CPU-bound throughput ratio: the same work on fewer CPU microseconds, which moves far less with
#   the VM's noise than the closed loop's req/s;
# - serial (not in the default $MODES): wrk -t1 -c1, one request at a time on one keep-alive connection;
# - cpu (not in the default $MODES): the closed loop again, with the CPU time (user, system) and context switches
#   (voluntary, involuntary) per request of the server under test and of the upstream, read from /proc:
#   `MODES=cpu MEMORY=0 bash benches/load.sh`.
#
# Environment: DURATION (s, default 5), ROUNDS (3; 0 runs only the memory phase), MODES ("throughput rate"),
# CONNS (32), RATE (5000 req/s), RATE_CONNS (32), PATHS ("mcp mcp-elicit sse sse-elicit"), LOADGEN_CPU (0),
# SUT_CPU (1), IDLE (10000 idle keep-alive connections), SSE_STREAMS (1000), TTFE_SAMPLES (200), MEMORY (1; 0
# skips the memory phase), SOAK (0; seconds of soak after the memory phase: the idle connections and streams
# stay open while SOAK_RATE (200) requests/s go through all paths on reused and fresh connections, and the
# gateway's RSS is sampled every SOAK_SAMPLE (10) s), SKIP_BUILD (0; 1 takes the binaries in BIN_DIR as they are:
# build them with `--bins` alone, as this script, gate.sh and CI do, since adding `--examples` to the same command
# unifies the dev-dependencies' features into the gateway binary, +0.8% instructions), BIN_DIR ($CARGO_TARGET_DIR/release), GW_BIN
# (the gateway binary; default $BIN_DIR/elicitguard), PGO (0; 1 benchmarks the profile-guided gateway that
# deploy/pgo.sh builds, the one the container ships), OHA
# (path of oha), OHA_ROOT ($CARGO_TARGET_DIR/oha), PORT_BASE (19100).
set -euo pipefail

DURATION=${DURATION:-5}
ROUNDS=${ROUNDS:-3}
MODES=${MODES:-"throughput rate"}
CONNS=${CONNS:-32}
RATE=${RATE:-5000}
RATE_CONNS=${RATE_CONNS:-32}
PATHS=${PATHS:-"mcp mcp-elicit sse sse-elicit"}
LOADGEN_CPU=${LOADGEN_CPU:-0}
SUT_CPU=${SUT_CPU:-1}
IDLE=${IDLE:-10000}
SSE_STREAMS=${SSE_STREAMS:-1000}
TTFE_SAMPLES=${TTFE_SAMPLES:-200}
MEMORY=${MEMORY:-1}
SOAK=${SOAK:-0}
SOAK_RATE=${SOAK_RATE:-200}
SOAK_SAMPLE=${SOAK_SAMPLE:-10}
SKIP_BUILD=${SKIP_BUILD:-0}
PGO=${PGO:-0}
PORT_BASE=${PORT_BASE:-19100}

UP_PORT=$PORT_BASE
NGINX_PORT=$((PORT_BASE + 1))
GW_PORT=$((PORT_BASE + 2))
GW_MEM_PORT=$((PORT_BASE + 3))

ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT"
TARGET=${CARGO_TARGET_DIR:-$ROOT/target}
WORK=$(mktemp -d /tmp/elicitguard-load.XXXXXX)
# shellcheck source=benches/common.sh
. benches/common.sh
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
OHA=${OHA:-}
if [ "$ROUNDS" -gt 0 ] && [[ " $MODES " == *" rate "* ]] && [ -z "$OHA" ]; then
    if command -v oha >/dev/null; then
        OHA=$(command -v oha)
    else
        OHA_ROOT=${OHA_ROOT:-$TARGET/oha}
        OHA=$OHA_ROOT/bin/oha
        if [ ! -x "$OHA" ]; then
            # Built once (a few minutes), in cargo's own temporary directory, not in the project's target.
            echo "== cargo install oha --locked --version 1.16.0 --root $OHA_ROOT" >&2
            env -u CARGO_TARGET_DIR cargo install oha --locked --version 1.16.0 --root "$OHA_ROOT" >&2
        fi
    fi
fi

# Build.
if [ "$SKIP_BUILD" != 1 ]; then
    echo "== cargo build --release --features bench-tools --bins" >&2
    cargo build --release --features bench-tools --bins >&2
fi
BIN_DIR=${BIN_DIR:-$TARGET/release}
GW_BIN=${GW_BIN:-$BIN_DIR/elicitguard}
UP_BIN=$BIN_DIR/bench-upstream
if [ "$PGO" = 1 ]; then
    # The profile-guided gateway the container ships; the upstream stays the plain build above.
    echo "== bash deploy/pgo.sh" >&2
    GW_BIN=$(bash deploy/pgo.sh)
fi

# Descriptors for many idle connections (the hard limit is the ceiling without root).
ulimit -n "$(ulimit -Hn)" 2>/dev/null || true

gateway_config() { # port file [extra limits line]
    cat >"$2" <<EOF
mode: enforce
listeners:
  - address: 127.0.0.1:$1
admin:
  address: "off"
audit:
  path: $WORK/audit-$1.log
$(bench_routes_and_limits "$UP_PORT")
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
UP_PID=$!
PIDS+=($UP_PID)
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
NGINX_PID=$!
PIDS+=($NGINX_PID)
wait_port $NGINX_PORT

start_gateway $GW_PORT
LOAD_GW_PID=$GW_PID

# Sanity: every target answers every path, and the gateway really judged and sealed /mcp-elicit.
REQ=$(bench_request)
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
for p in $PATHS; do
    case $p in *-elicit) ;; *) continue ;; esac
    if grep -q '"requestState":"upstream-state-' "$WORK/check-$GW_PORT-$p" ||
        ! grep -q '"input_required"' "$WORK/check-$GW_PORT-$p"; then
        echo "the gateway did not seal /$p's requestState:" >&2
        head -c 600 "$WORK/check-$GW_PORT-$p" >&2
        exit 1
    fi
done

port_of() {
    case $1 in direct) echo $UP_PORT ;; nginx) echo $NGINX_PORT ;; elicitguard) echo $GW_PORT ;; esac
}

# One closed loop of wrk: prints its RESULT line without the word (req_per_s p50_us p99_us p999_us requests
# non2xx socket_errors), or says why there is none and fails.
wrk_loop() { # label path conns
    local out line
    out=$(timeout $((DURATION + 30)) taskset -c "$LOADGEN_CPU" wrk -t1 -c"$3" -d"${DURATION}s" \
        -s benches/wrk-post.lua "http://127.0.0.1:$(port_of "$1")/$2" 2>&1) || true
    line=$(grep '^RESULT ' <<<"$out" || true)
    if [ -z "$line" ]; then
        echo "wrk failed for $1 /$2:" >&2
        echo "$out" >&2
        return 1
    fi
    echo "${line#RESULT }"
}

# Each measurement appends one line to $WORK/results.txt:
# round label path mode req_per_s p50_us p99_us p999_us requests non2xx socket_errors
run_wrk() { # label path conns
    local label=$1 path=$2 conns=$3 mode result
    if [ "$conns" = 1 ]; then mode=serial; else mode=throughput; fi
    result=$(wrk_loop "$label" "$path" "$conns") || return 0
    echo "$round $label $path $mode $result" >>"$WORK/results.txt"
    echo "  round $round $mode /$path $label: $result" >&2
}

# CPU ticks (user, system), context switches (voluntary, involuntary) and minor page faults of a process and its
# children, all threads: "utime stime voluntary involuntary minflt". nginx's master forks its worker, hence the
# children. A minor fault is a page the allocator gave back to the kernel and touched again: system time that
# no system call shows.
proc_counts() { # pid
    local pids t u=0 s=0 v=0 n=0 f=0 a b c d e
    pids="$1 $( (pgrep -P "$1" || true) | tr '\n' ' ')"
    for p in $pids; do
        for t in /proc/"$p"/task/*; do
            read -r a b e < <(awk '{print $14, $15, $10}' "$t/stat" 2>/dev/null || echo "0 0 0")
            read -r c d < <(awk '/^voluntary_ctxt/{v=$2} /^nonvoluntary_ctxt/{n=$2} END{print v+0, n+0}' \
                "$t/status" 2>/dev/null || echo "0 0")
            u=$((u + a)) s=$((s + b)) v=$((v + c)) n=$((n + d)) f=$((f + e))
        done
    done
    echo "$u $s $v $n $f"
}

# proc_counts of the server under test for a target label; zeros for `direct`, which has none.
server_counts() { # label
    case $1 in
        nginx) proc_counts "$NGINX_PID" ;;
        elicitguard) proc_counts "$LOAD_GW_PID" ;;
        *) echo "0 0 0 0 0" ;;
    esac
}

# One line of CPU counts for results.py's `cpu`: round label path req_per_s requests, then the server's counts
# before and after, then the upstream's; `result` is a wrk or oha result line (field 1 req/s, field 5 requests).
cpu_record() { # file label path result server_before server_after up_before up_after
    echo "$round $2 $3 $(awk '{print $1, $5}' <<<"$4") $5 $6 $7 $8" >>"$1"
}

run_cpu() { # label path: closed loop, with the CPU time and context switches per request of the server
    # under test and of the upstream (what callgrind cannot see: system time, and how often the two processes
    # sharing the CPU take it from each other). Appends to $WORK/cpu.txt.
    local label=$1 path=$2 result before after up_before up_after
    before=$(server_counts "$label")
    up_before=$(proc_counts "$UP_PID")
    result=$(wrk_loop "$label" "$path" "$CONNS") || return 0
    after=$(server_counts "$label")
    up_after=$(proc_counts "$UP_PID")
    cpu_record "$WORK/cpu.txt" "$label" "$path" "$result" "$before" "$after" "$up_before" "$up_after"
    echo "  round $round cpu /$path $label: $result" >&2
}

run_oha() { # label path: fixed rate, with the CPU time per request of the server and the upstream
    # (appended to $WORK/ratecpu.txt): at a fixed rate every target serves the same requests,
    # so CPU per request compares them where the closed loop's req/s swings with the VM and its scheduler.
    local label=$1 path=$2 json=$WORK/oha-$round-$1-$2.json line before after up_before up_after
    before=$(server_counts "$label")
    up_before=$(proc_counts "$UP_PID")
    timeout $((DURATION + 60)) taskset -c "$LOADGEN_CPU" "$OHA" -z "${DURATION}s" -c "$RATE_CONNS" -q "$RATE" \
        --latency-correction --no-tui --output-format json -m POST \
        -H 'Content-Type: application/json' -H 'Accept: application/json, text/event-stream' \
        -H 'MCP-Protocol-Version: 2026-07-28' -d "$REQ" \
        "http://127.0.0.1:$(port_of "$label")/$path" >"$json" 2>"$json.err" || true
    after=$(server_counts "$label")
    up_after=$(proc_counts "$UP_PID")
    line=$(python3 benches/results.py oha "$json" || true)
    if [ -z "$line" ]; then
        echo "oha failed for $label /$path:" >&2
        cat "$json.err" >&2
        return
    fi
    echo "$round $label $path rate $line" >>"$WORK/results.txt"
    cpu_record "$WORK/ratecpu.txt" "$label" "$path" "$line" "$before" "$after" "$up_before" "$up_after"
    echo "  round $round rate /$path $label: $line" >&2
}

[ "$ROUNDS" -gt 0 ] && echo "== load: $ROUNDS round(s) x $DURATION s; modes: $MODES; load generators on CPU $LOADGEN_CPU, under test on CPU $SUT_CPU" >&2
: >"$WORK/results.txt"
: >"$WORK/cpu.txt"
: >"$WORK/ratecpu.txt"
for round in $(seq 1 "$ROUNDS"); do
    for path in $PATHS; do
        for mode in $MODES; do
            for label in direct nginx elicitguard; do
                case $mode in
                    throughput) run_wrk $label "$path" "$CONNS" ;;
                    serial) run_wrk $label "$path" 1 ;;
                    rate) run_oha $label "$path" ;;
                    cpu) run_cpu $label "$path" ;;
                    *) echo "unknown mode $mode" >&2; exit 2 ;;
                esac
            done
        done
    done
done
if [ "$ROUNDS" -gt 0 ]; then
    if [[ " $MODES " != " cpu " ]]; then
        python3 benches/results.py table "$WORK/results.txt" "$CONNS" "$RATE" "$RATE_CONNS"
    fi
    if [[ " $MODES " == *" rate "* ]]; then
        echo
        echo "CPU per request at the fixed rate ($RATE req/s):"
        python3 benches/results.py cpu "$WORK/ratecpu.txt" "$(getconf CLK_TCK)"
    fi
    if [[ " $MODES " == *" cpu "* ]]; then
        echo
        echo "CPU per request in the closed loop:"
        python3 benches/results.py cpu "$WORK/cpu.txt" "$(getconf CLK_TCK)"
    fi
fi

if [ "$MEMORY" = 1 ]; then
    # A fresh gateway, so the baseline is not memory the allocator kept from the load phase.
    kill "$LOAD_GW_PID" 2>/dev/null || true
    # hyper applies the header read timeout (default 10 s) to a keep-alive connection waiting for its next
    # request, so idle connections close after 10 s, not after limits.idle_timeout_ms: raise it here (past any
    # soak), or most of the idle connections are gone before they are counted.
    start_gateway $GW_MEM_PORT "header_read_timeout_ms: 3600000"
    echo "== time to first SSE event, and memory: $IDLE idle connections, $SSE_STREAMS SSE streams" >&2
    [ "$SOAK" != 0 ] && echo "== then a soak of $SOAK s at $SOAK_RATE requests/s" >&2
    taskset -c "$LOADGEN_CPU" python3 benches/conns.py --gateway 127.0.0.1:$GW_MEM_PORT \
        --direct 127.0.0.1:$UP_PORT --pid "$GW_PID" --idle "$IDLE" --sse "$SSE_STREAMS" \
        --ttfe-samples "$TTFE_SAMPLES" --soak "$SOAK" --soak-rate "$SOAK_RATE" --soak-sample "$SOAK_SAMPLE"
fi
