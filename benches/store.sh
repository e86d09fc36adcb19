#!/usr/bin/env bash
# Store benchmark (issue 38): the gateway with its state on a real Redis on loopback against the same gateway with
# the in-process (memory) store, in one run: the same upstream, the same load generators, targets alternated
# within each round, medians over rounds.
#
#   bash benches/store.sh                         # 3 rounds x 5 paths x 2 modes x 2 targets x 5 s (~5 minutes)
#   DURATION=2 ROUNDS=1 bash benches/store.sh     # smoke run
#
# What a judged request asks of the store: every input_required the gateway lets out is sealed and its round
# counted against the elicitation rate limits; on Redis that is one EVALSHA (a GCRA Lua script over the
# principal's and the route's buckets, benches/../src/store/redis.rs) before the message is sealed. A retry that
# carries a sealed requestState is recorded as used before it is forwarded: one SET NX on Redis. Pass-through
# traffic makes no store call.
#
# Paths ($PATHS): /mcp and /sse (pass-through JSON and SSE), /mcp-elicit and /sse-elicit (every response an
# input_required, judged, counted and sealed), /mcp-retry (the MRTR exchange, benches/wrk-retry.lua: half first
# calls as /mcp-elicit, half retries that answer them, each recorded in the replay cache, whose upstream answer
# is a plain result). Modes ($MODES), per path and target:
# - throughput: closed loop, wrk -t1 -c$CONNS -d$DURATION;
# - rate: fixed rate for latency, oha -q $RATE -c $RATE_CONNS --latency-correction (each latency counted from
#   its request's due time). oha cannot carry a retry's state from one response to the next request, so on
#   /mcp-retry this mode is a paced wrk instead (each connection waits 0 to 2 x $RETRY_PACE_MS ms, at random,
#   after each response: ~5,000 req/s with 32 connections), whose latency counts from the send, uncorrected.
# During each fixed-rate run the CPU time of the gateway under test, of the upstream and of redis-server is read
# from /proc, and, on the Redis gateway's runs, the commands Redis served (INFO commandstats): the store calls
# per request.
#
# Limits: the benchmark's config lifts the elicitation rate limits (benches/common.sh; one anonymous client sends
# thousands of elicitations a second) so that no request is refused; the run checks it: every response of the
# retry path is read (a -32011 or any other error fails the run), the -elicit paths are checked sealed before and
# after the load, and at the end both gateways' /metrics must show elicitguard_rate_limited_total and
# elicitguard_store_errors_total at 0. A benchmark that measured refusals would be wrong.
#
# Layout: load generators on CPU $LOADGEN_CPU; bench-upstream, both gateways (--workers 1) and redis-server (its
# main thread serves every command) on CPU $SUT_CPU, redis-server on $REDIS_CPU if set: on one shared CPU the
# Redis server's own CPU time is paid for in the gateway's throughput, which a deployment with Redis elsewhere
# would not pay. Loopback only; servers are killed on exit.
#
# Environment: DURATION (s, 5), ROUNDS (3), MODES ("throughput rate"), CONNS (32), RATE (5000), RATE_CONNS
# (32), RETRY_PACE_MS (6), PATHS ("mcp mcp-elicit sse sse-elicit mcp-retry"), LOADGEN_CPU (0), SUT_CPU (1),
# REDIS_CPU ($SUT_CPU), SKIP_BUILD (0; 1 takes the binaries in BIN_DIR as they are), BUILD_NICE (0; niceness of
# the build), BIN_DIR ($CARGO_TARGET_DIR/release), GW_BIN ($BIN_DIR/elicitguard), OHA (path of oha), OHA_ROOT
# ($CARGO_TARGET_DIR/oha), PORT_BASE (19200), STATE_TTL (10: state.ttl_seconds, the envelopes' lifetime; see
# the config below).
set -euo pipefail

DURATION=${DURATION:-5}
ROUNDS=${ROUNDS:-3}
MODES=${MODES:-"throughput rate"}
CONNS=${CONNS:-32}
RATE=${RATE:-5000}
RATE_CONNS=${RATE_CONNS:-32}
RETRY_PACE_MS=${RETRY_PACE_MS:-6}
PATHS=${PATHS:-"mcp mcp-elicit sse sse-elicit mcp-retry"}
LOADGEN_CPU=${LOADGEN_CPU:-0}
SUT_CPU=${SUT_CPU:-1}
REDIS_CPU=${REDIS_CPU:-$SUT_CPU}
SKIP_BUILD=${SKIP_BUILD:-0}
BUILD_NICE=${BUILD_NICE:-0}
PORT_BASE=${PORT_BASE:-19200}
STATE_TTL=${STATE_TTL:-10}

UP_PORT=$PORT_BASE
MEM_PORT=$((PORT_BASE + 1))
RED_PORT=$((PORT_BASE + 2))
REDIS_PORT=$((PORT_BASE + 3))
MEM_ADMIN=$((PORT_BASE + 4))
RED_ADMIN=$((PORT_BASE + 5))
KEY_PREFIX="egbench:"

ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT"
TARGET=${CARGO_TARGET_DIR:-$ROOT/target}
WORK=$(mktemp -d /tmp/elicitguard-store.XXXXXX)
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

# Tools: wrk and Debian's redis-server (which brings redis-cli), as load.sh installs wrk and nginx; oha as
# load.sh does.
missing=()
command -v wrk >/dev/null || missing+=(wrk)
{ command -v redis-server >/dev/null && command -v redis-cli >/dev/null; } || missing+=(redis-server)
command -v curl >/dev/null || missing+=(curl)
if [ ${#missing[@]} -gt 0 ]; then
    echo "== installing ${missing[*]}" >&2
    need_root env DEBIAN_FRONTEND=noninteractive apt-get install -y "${missing[@]}" >&2
fi
OHA=${OHA:-}
if [[ " $MODES " == *" rate "* ]] && [ -z "$OHA" ]; then
    if command -v oha >/dev/null; then
        OHA=$(command -v oha)
    else
        OHA_ROOT=${OHA_ROOT:-$TARGET/oha}
        OHA=$OHA_ROOT/bin/oha
        if [ ! -x "$OHA" ]; then
            echo "== cargo install oha --locked --version 1.16.0 --root $OHA_ROOT" >&2
            env -u CARGO_TARGET_DIR cargo install oha --locked --version 1.16.0 --root "$OHA_ROOT" >&2
        fi
    fi
fi

# Build: the same command as load.sh and the callgrind gate (`--bins` alone).
if [ "$SKIP_BUILD" != 1 ]; then
    echo "== cargo build --locked --release --features bench-tools --bins" >&2
    nice -n "$BUILD_NICE" cargo build --locked --release --features bench-tools --bins >&2
fi
BIN_DIR=${BIN_DIR:-$TARGET/release}
GW_BIN=${GW_BIN:-$BIN_DIR/elicitguard}
UP_BIN=$BIN_DIR/bench-upstream

rcli() { redis-cli -h 127.0.0.1 -p "$REDIS_PORT" "$@"; }

# Redis: Debian's server, no persistence (nothing is written to disk during a run), `noeviction` as the README
# asks of a store (a full Redis refuses writes rather than forgetting a used envelope).
mkdir -p "$WORK/redis"
taskset -c "$REDIS_CPU" redis-server --port "$REDIS_PORT" --bind 127.0.0.1 --save "" --appendonly no \
    --maxmemory-policy noeviction --dir "$WORK/redis" --logfile "$WORK/redis.log" --daemonize no &
REDIS_PID=$!
PIDS+=("$REDIS_PID")
wait_port "$REDIS_PORT"
REDIS_VERSION=$(rcli info server | sed -n 's/^redis_version:\([^[:space:]]*\).*/\1/p')

# Upstream.
taskset -c "$SUT_CPU" "$UP_BIN" --listen 127.0.0.1:"$UP_PORT" --workers 1 2>"$WORK/upstream.log" &
UP_PID=$!
PIDS+=("$UP_PID")
wait_port "$UP_PORT"

# The two gateways: one config but for `store:`, each alone in its directory (the config watcher reloads on any
# change in it), each with an admin listener for /metrics.
start_gateway() { # label port admin_port -> sets GW_PID
    local dir=$WORK/gw-$1 store=""
    mkdir -p "$dir"
    if [ "$1" = redis ]; then
        store="store:
  url: \"redis://127.0.0.1:$REDIS_PORT/0\"
  key_prefix: \"$KEY_PREFIX\"
  timeout_ms: 250
  rate_limits_on_error: closed"
    fi
    cat >"$dir/gateway.yaml" <<EOF
mode: enforce
listeners:
  - address: 127.0.0.1:$2
admin:
  address: 127.0.0.1:$3
audit:
  path: $WORK/audit-$1.log
state:
  # Envelopes live $STATE_TTL s (default 600), so used ids leave the replay cache as fast as they come: the
  # memory store holds 200,000 unexpired ids and refuses every retry past that (fail closed, as "replayed"),
  # which 600 s of this benchmark's retries would reach. Both stores then run at their steady state, expiring
  # ids as they record them.
  ttl_seconds: $STATE_TTL
$store
$(bench_routes_and_limits "$UP_PORT" mcp-retry)
EOF
    taskset -c "$SUT_CPU" "$GW_BIN" serve --config "$dir/gateway.yaml" --workers 1 2>"$WORK/gateway-$1.log" &
    GW_PID=$!
    PIDS+=("$GW_PID")
    wait_port "$2"
    wait_port "$3"
}
start_gateway memory "$MEM_PORT" "$MEM_ADMIN"
MEM_PID=$GW_PID
start_gateway redis "$RED_PORT" "$RED_ADMIN"
RED_PID=$GW_PID

port_of() { case $1 in memory) echo "$MEM_PORT" ;; redis) echo "$RED_PORT" ;; esac; }
admin_of() { case $1 in memory) echo "$MEM_ADMIN" ;; redis) echo "$RED_ADMIN" ;; esac; }
pid_of() { case $1 in memory) echo "$MEM_PID" ;; redis) echo "$RED_PID" ;; esac; }

# The Redis gateway says ready once its probe reached Redis (at most a second after start).
for _ in $(seq 50); do
    [ "$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$RED_ADMIN/readyz")" = 200 ] && break
    sleep 0.1
done
if [ "$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$RED_ADMIN/readyz")" != 200 ]; then
    echo "the Redis gateway is not ready:" >&2
    curl -s "http://127.0.0.1:$RED_ADMIN/readyz" >&2 || true
    exit 1
fi

REQ=$(bench_request)
post() { # port path body out -> prints the HTTP status
    curl -s -o "$4" -w '%{http_code}' -X POST -H 'Content-Type: application/json' \
        -H 'Accept: application/json, text/event-stream' -H 'MCP-Protocol-Version: 2026-07-28' \
        --data "$3" "http://127.0.0.1:$1/$2"
}

# Every judged response sealed by the gateway, not refused: run before and after the load.
check_paths() { # when
    local label p port code f
    for label in memory redis; do
        port=$(port_of $label)
        for p in $PATHS; do
            [ "$p" = mcp-retry ] && continue
            f=$WORK/check-$1-$label-$p
            code=$(post "$port" "$p" "$REQ" "$f")
            if [ "$code" != 200 ]; then
                echo "$label /$p answered $code ($1 the load):" >&2
                cat "$f" >&2
                exit 1
            fi
            case $p in *-elicit) ;; *) continue ;; esac
            if grep -q '"requestState":"upstream-state-' "$f" || ! grep -q '"input_required"' "$f" ||
                grep -q '"error"' "$f"; then
                echo "$label did not seal /$p's requestState ($1 the load):" >&2
                head -c 600 "$f" >&2
                exit 1
            fi
        done
    done
}
check_paths before

# The retry path by hand on each gateway: a first call, its retry (completes), the same retry again (refused as
# replayed: the replay cache, on Redis one SET NX, is in force).
if [[ " $PATHS " == *" mcp-retry "* ]]; then
    ANSWERS='"inputResponses":{"book0":{"action":"accept","content":{"date":"2026-08-01","party_size":4,"name":"Ada Lovelace","seating":"terrace"}},"link":{"action":"accept"}},'
    for label in memory redis; do
        port=$(port_of $label)
        post "$port" mcp-retry "$REQ" "$WORK/retry-$label-1" >/dev/null
        state=$(sed -n 's/.*"requestState":"\([^"]*\)".*/\1/p' "$WORK/retry-$label-1")
        if [ -z "$state" ] || [[ "$state" == upstream-state-* ]]; then
            echo "$label: no sealed requestState on /mcp-retry's first call:" >&2
            head -c 600 "$WORK/retry-$label-1" >&2
            exit 1
        fi
        retry_body=${REQ/\"params\":\{/\"params\":\{\"requestState\":\"$state\",$ANSWERS}
        post "$port" mcp-retry "$retry_body" "$WORK/retry-$label-2" >/dev/null
        if ! grep -q '"resultType":"complete"' "$WORK/retry-$label-2"; then
            echo "$label: the retry did not complete:" >&2
            head -c 600 "$WORK/retry-$label-2" >&2
            exit 1
        fi
        post "$port" mcp-retry "$retry_body" "$WORK/retry-$label-3" >/dev/null
        if ! grep -q '"error"' "$WORK/retry-$label-3"; then
            echo "$label: the replayed retry was not refused:" >&2
            head -c 600 "$WORK/retry-$label-3" >&2
            exit 1
        fi
    done
    if [ "$(rcli --scan --pattern "${KEY_PREFIX}replay:*" | wc -l)" -lt 1 ]; then
        echo "the Redis gateway's retry left no replay key in Redis" >&2
        exit 1
    fi
fi
echo "== checked: both gateways seal every -elicit path; on /mcp-retry a retry completes once and its replay is refused; Redis $REDIS_VERSION holds $(rcli dbsize) keys" >&2

# CPU ticks (user, system), context switches (voluntary, involuntary) and minor faults of a process, all threads:
# "utime stime voluntary involuntary minflt" (as load.sh's proc_counts).
proc_counts() { # pid
    local t u=0 s=0 v=0 n=0 f=0 a b c d e
    for t in /proc/"$1"/task/*; do
        read -r a b e < <(awk '{print $14, $15, $10}' "$t/stat" 2>/dev/null || echo "0 0 0")
        read -r c d < <(awk '/^voluntary_ctxt/{v=$2} /^nonvoluntary_ctxt/{n=$2} END{print v+0, n+0}' \
            "$t/status" 2>/dev/null || echo "0 0")
        u=$((u + a)) s=$((s + b)) v=$((v + c)) n=$((n + d)) f=$((f + e))
    done
    echo "$u $s $v $n $f"
}

# Commands Redis has served: "evalsha_calls evalsha_usec all_calls". all_calls leaves out INFO (this script's)
# and PING (the gateway's probe, once a second) and counts the commands a script runs as well (a rate check is
# one EVALSHA that runs TIME, GET, SET, GET, SET); EVALSHA's time includes them.
redis_calls() {
    rcli info commandstats | tr -d '\r' | awk -F'[:,=]' '
        /^cmdstat_/ { c = substr($1, 9)
            if (c == "evalsha" || c == "eval") { e += $3; eu += $5 }
            if (c != "info" && c != "ping") a += $3 }
        END { print e + 0, eu + 0, a + 0 }'
}

# The store calls a gateway made, as it timed them: "rate_count rate_seconds replay_count replay_seconds"
# (elicitguard_store_duration_seconds; the memory store's calls are not timed, and count 0).
store_ops() { # label
    curl -s "http://127.0.0.1:$(admin_of "$1")/metrics" | awk '
        /^elicitguard_store_duration_seconds_(sum|count)\{op="(rate|replay)"\}/ {
            match($0, /op="[a-z]*"/); op = substr($0, RSTART + 4, RLENGTH - 5)
            if ($1 ~ /_sum/) s[op] = $NF; else c[op] = $NF }
        END { print c["rate"] + 0, s["rate"] + 0, c["replay"] + 0, s["replay"] + 0 }'
}

# One result line: round label path mode req_per_s p50_us p99_us p999_us requests non2xx socket_errors.
record() { # label path mode result
    echo "$round $1 $2 $3 $4" >>"$WORK/results.txt"
    echo "  round $round $3 /$2 $1: $4" >&2
}

# CPU and store calls of one measured run: round label path req_per_s requests, then gateway, upstream and
# redis-server counts before and after (proc_counts, 5 each), then Redis's commands before and after
# (redis_calls, 3 each), then the gateway's store calls before and after (store_ops, 4 each): 49 fields.
measure_begin() { # label
    BEFORE="$(proc_counts "$(pid_of "$1")") $(proc_counts "$UP_PID") $(proc_counts "$REDIS_PID")"
    CALLS_BEFORE=$(redis_calls)
    OPS_BEFORE=$(store_ops "$1")
}
measure_end() { # label path result
    local after calls ops
    after="$(proc_counts "$(pid_of "$1")") $(proc_counts "$UP_PID") $(proc_counts "$REDIS_PID")"
    calls=$(redis_calls)
    ops=$(store_ops "$1")
    echo "$round $1 $2 $(awk '{print $1, $5}' <<<"$3") $BEFORE $after $CALLS_BEFORE $calls $OPS_BEFORE $ops" \
        >>"$WORK/cpu.txt"
}

wrk_run() { # label path conns script [pace_ms] -> prints the RESULT line's fields
    local out line
    out=$(WRK_PACE_MS=${5:-} timeout $((DURATION + 30)) taskset -c "$LOADGEN_CPU" wrk -t1 -c"$3" \
        -d"${DURATION}s" -s "$4" "http://127.0.0.1:$(port_of "$1")/$2" 2>&1) || true
    line=$(grep '^RESULT ' <<<"$out" || true)
    if [ -z "$line" ]; then
        echo "wrk failed for $1 /$2:" >&2
        echo "$out" >&2
        return 1
    fi
    if grep -q '^RETRY ' <<<"$out"; then
        # first_calls retries sealed completed errors rate_limited
        echo "$round $1 $2 $(grep '^RETRY ' <<<"$out" | cut -d' ' -f2-)" >>"$WORK/retry.txt"
    fi
    echo "${line#RESULT }"
}

run_throughput() { # label path
    local script=benches/wrk-post.lua result
    [ "$2" = mcp-retry ] && script=benches/wrk-retry.lua
    result=$(wrk_run "$1" "$2" "$CONNS" "$script") || return 0
    record "$1" "$2" throughput "$result"
}

run_rate() { # label path
    local json=$WORK/oha-$round-$1-$2.json result
    if [ "$2" = mcp-retry ]; then
        measure_begin "$1"
        result=$(wrk_run "$1" "$2" "$RATE_CONNS" benches/wrk-retry.lua "$RETRY_PACE_MS") || return 0
        measure_end "$1" "$2" "$result"
        record "$1" "$2" paced "$result"
        return
    fi
    measure_begin "$1"
    timeout $((DURATION + 60)) taskset -c "$LOADGEN_CPU" "$OHA" -z "${DURATION}s" -c "$RATE_CONNS" -q "$RATE" \
        --latency-correction --no-tui --output-format json -m POST \
        -H 'Content-Type: application/json' -H 'Accept: application/json, text/event-stream' \
        -H 'MCP-Protocol-Version: 2026-07-28' -d "$REQ" \
        "http://127.0.0.1:$(port_of "$1")/$2" >"$json" 2>"$json.err" || true
    result=$(python3 benches/results.py oha "$json" || true)
    if [ -z "$result" ]; then
        echo "oha failed for $1 /$2:" >&2
        cat "$json.err" >&2
        return
    fi
    measure_end "$1" "$2" "$result"
    record "$1" "$2" rate "$result"
}

echo "== load: $ROUNDS round(s) x $DURATION s; modes: $MODES; paths: $PATHS; load generators on CPU $LOADGEN_CPU, upstream and gateways on CPU $SUT_CPU, redis-server $REDIS_VERSION on CPU $REDIS_CPU" >&2
uptime >&2
: >"$WORK/results.txt"
: >"$WORK/cpu.txt"
: >"$WORK/retry.txt"
for round in $(seq 1 "$ROUNDS"); do
    # Alternate which target goes first, so neither always follows the other's load.
    if [ $((round % 2)) = 1 ]; then order="memory redis"; else order="redis memory"; fi
    for path in $PATHS; do
        for mode in $MODES; do
            for label in $order; do
                case $mode in
                    throughput) run_throughput "$label" "$path" ;;
                    rate) run_rate "$label" "$path" ;;
                    *) echo "unknown mode $mode" >&2; exit 2 ;;
                esac
            done
        done
    done
done
uptime >&2

check_paths after

# Nothing refused, nothing failed: the retry path's responses, and both gateways' counters.
status=0
EXPECTED_REJECTIONS=0
[[ " $PATHS " == *" mcp-retry "* ]] && EXPECTED_REJECTIONS=1
if awk '$8 > 0 || $9 > 0 { bad = 1 } END { exit !bad }' "$WORK/retry.txt"; then
    echo "RUN INVALID: responses on /mcp-retry were errors (round label path first_calls retries sealed completed errors rate_limited):" >&2
    awk '$8 > 0 || $9 > 0' "$WORK/retry.txt" >&2
    status=1
fi
for label in memory redis; do
    curl -s "http://127.0.0.1:$(admin_of $label)/metrics" >"$WORK/metrics-$label.txt"
    limited=$(awk '/^elicitguard_rate_limited_total/ { n += $NF } END { print n + 0 }' "$WORK/metrics-$label.txt")
    store_errors=$(awk '/^elicitguard_store_errors_total/ { n += $NF } END { print n + 0 }' "$WORK/metrics-$label.txt")
    if ! grep -q '^elicitguard_rate_limited_total' "$WORK/metrics-$label.txt"; then
        echo "RUN INVALID: $label's /metrics has no elicitguard_rate_limited_total" >&2
        status=1
    fi
    if [ "$limited" != 0 ] || [ "$store_errors" != 0 ]; then
        echo "RUN INVALID: $label refused $limited rounds by a limit and had $store_errors store errors" >&2
        status=1
    fi
    # The one replay the check above sent on purpose, and no other refused envelope.
    rejected=$(awk '/^elicitguard_envelope_rejections_total/ { n += $NF } END { print n + 0 }' "$WORK/metrics-$label.txt")
    if [ "$rejected" != "$EXPECTED_REJECTIONS" ]; then
        echo "RUN INVALID: $label refused $rejected retry envelopes (expected $EXPECTED_REJECTIONS):" >&2
        grep '^elicitguard_envelope_rejections_total' "$WORK/metrics-$label.txt" | grep -v ' 0$' >&2
        status=1
    fi
done

echo
echo "Redis store ÷ memory store, medians of $ROUNDS round(s) (redis-server $REDIS_VERSION on CPU $REDIS_CPU):"
python3 benches/results.py store "$WORK/results.txt" "$CONNS" "$RATE" "$RATE_CONNS" "$RETRY_PACE_MS"
echo
echo "CPU per request at the fixed rate, and the store calls each request made:"
python3 benches/results.py storecpu "$WORK/cpu.txt" "$(getconf CLK_TCK)"
if [ -s "$WORK/retry.txt" ]; then
    echo
    echo "/mcp-retry: $(awk '{ f += $4; r += $5; s += $6; c += $7; e += $8; l += $9 }
        END { printf "%d first calls, %d retries; %d sealed input_required, %d completed, %d errors, %d rate-limited", f, r, s, c, e, l }' "$WORK/retry.txt") (all runs)."
fi
echo
echo "Store calls as the Redis gateway timed them (elicitguard_store_duration_seconds, whole run, closed loops included):"
awk '/^elicitguard_store_duration_seconds_(sum|count)/ {
        match($0, /op="[^"]*"/); op = substr($0, RSTART + 4, RLENGTH - 5)
        if ($1 ~ /_sum/) s[op] = $NF; else c[op] = $NF }
     END { for (op in c) if (c[op] > 0) printf "  %s: %d calls, mean %.1f µs\n", op, c[op], s[op] / c[op] * 1e6 }' \
    "$WORK/metrics-redis.txt"
echo "elicitguard_rate_limited_total: memory $(awk '/^elicitguard_rate_limited_total/ { n += $NF } END { print n + 0 }' "$WORK/metrics-memory.txt"), redis $(awk '/^elicitguard_rate_limited_total/ { n += $NF } END { print n + 0 }' "$WORK/metrics-redis.txt"); elicitguard_store_errors_total: redis $(awk '/^elicitguard_store_errors_total/ { n += $NF } END { print n + 0 }' "$WORK/metrics-redis.txt")"
exit $status
