#!/usr/bin/env bash
# Profile-guided release build of the gateway: the build the container image ships (deploy/Dockerfile).
#
#   bash deploy/pgo.sh     # prints the path of the optimised binary: $CARGO_TARGET_DIR/pgo-use/release/elicitguard
#
# Why: against the plain release build, 16-23% fewer instructions per proxied request (callgrind), 20-37% less
# user CPU time and 9-23% more requests per second on one core (BENCHMARKS.md, "Profile-guided build"): a
# proxy's time goes to branches and calls spread over hyper, tokio, the parser and the policy, and the profile
# lays the hot paths out together and inlines along them.
#
# Steps (each in its own cargo target directory, so the plain build's artefacts are untouched):
# 1. the gateway and the benchmark upstream (`--features bench-tools`) built with -Cprofile-generate;
# 2. training, with LLVM_PROFILE_FILE pointing at a directory of its own (build scripts ran instrumented too, and
#    their profiles are not wanted): `elicitguard demo --once` DEMO_RUNS times (every allowed and blocked
#    scenario, both protocol eras, JSON and SSE, sealed retries, the warning page), then the load benchmark's
#    four paths (pass-through and judged, JSON and SSE) with curl, TRAIN_REQUESTS per path over plain HTTP/1.1,
#    over TLS (HTTP/1.1 and HTTP/2; a throwaway self-signed certificate) and a scrape of /metrics;
# 3. llvm-profdata (rustup's llvm-tools component, added if missing) merges the profiles;
# 4. the gateway built with -Cprofile-use.
# Not trained: TLS to the upstream (the benchmark upstream speaks plain HTTP) and JWT identity; those paths are
# compiled as usual, only without the profile's layout.
#
# Environment: CARGO_TARGET_DIR (default ./target), TRAIN_REQUESTS (2000), DEMO_RUNS (20), PORT_BASE (19500).
# Needs curl and openssl (both in the rust image the Dockerfile builds in).
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$ROOT"
TARGET=${CARGO_TARGET_DIR:-$ROOT/target}
TRAIN_REQUESTS=${TRAIN_REQUESTS:-2000}
DEMO_RUNS=${DEMO_RUNS:-20}
PORT_BASE=${PORT_BASE:-19500}
for tool in curl openssl; do
    command -v "$tool" >/dev/null || { echo "deploy/pgo.sh needs $tool" >&2; exit 1; }
done

profdata() { find "$(rustc --print sysroot)/lib/rustlib" -name llvm-profdata -type f 2>/dev/null | head -1; }
PROFDATA=$(profdata)
if [ -z "$PROFDATA" ]; then
    echo "== rustup component add llvm-tools" >&2
    rustup component add llvm-tools >&2
    PROFDATA=$(profdata)
fi

WORK=$(mktemp -d "${TMPDIR:-/tmp}/elicitguard-pgo.XXXXXX")
PIDS=()
cleanup() {
    for p in "${PIDS[@]}"; do kill "$p" 2>/dev/null || true; done
    wait 2>/dev/null || true
    rm -rf "$WORK"
}
trap cleanup EXIT
# shellcheck source=benches/common.sh
. benches/common.sh

echo "== 1/4 instrumented gateway and benchmark upstream" >&2
# A fixed path: RUSTFLAGS is part of cargo's fingerprint, and a new one each run would rebuild everything. The
# upstream is built here too (one build of the library instead of two; `bench-tools` only adds binaries), and runs
# with its profile sent elsewhere: its hyper server must not count as the gateway's.
CARGO_TARGET_DIR=$TARGET/pgo-gen RUSTFLAGS="-Cprofile-generate=$TARGET/pgo-gen/build-profiles" \
    cargo build --locked --release --features bench-tools --bins >&2
GEN=$TARGET/pgo-gen/release/elicitguard
UPSTREAM=$TARGET/pgo-gen/release/bench-upstream
export LLVM_PROFILE_FILE=$WORK/train/gw-%p-%m.profraw

echo "== 2/4 training: demo x$DEMO_RUNS" >&2
for _ in $(seq "$DEMO_RUNS"); do
    "$GEN" demo --once --port "$((PORT_BASE + 9))" >"$WORK/demo.log" 2>&1 ||
        { cat "$WORK/demo.log" >&2; exit 1; }
done

echo "== 2/4 training: $TRAIN_REQUESTS requests per path and listener" >&2
UP=$PORT_BASE PLAIN=$((PORT_BASE + 1)) TLS=$((PORT_BASE + 2)) ADMIN=$((PORT_BASE + 3))
mkdir -p "$WORK/gw"
openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -days 1 -subj /CN=localhost \
    -addext subjectAltName=IP:127.0.0.1 -keyout "$WORK/gw/key.pem" -out "$WORK/gw/cert.pem" 2>/dev/null
cat >"$WORK/gw/gateway.yaml" <<EOF
mode: enforce
listeners:
  - address: 127.0.0.1:$PLAIN
  - address: 127.0.0.1:$TLS
    tls: {cert: cert.pem, key: key.pem}
admin:
  address: 127.0.0.1:$ADMIN
audit:
  path: $WORK/audit.log
$(bench_routes_and_limits "$UP")
EOF
LLVM_PROFILE_FILE=$WORK/upstream-%p.profraw "$UPSTREAM" --listen "127.0.0.1:$UP" --workers 1 2>"$WORK/upstream.log" &
PIDS+=($!)
"$GEN" serve --config "$WORK/gw/gateway.yaml" 2>"$WORK/gateway.log" &
GW_PID=$!
PIDS+=("$GW_PID")
# An instrumented gateway compiles its policy slower than a plain one.
wait_port "$UP" 30
wait_port "$PLAIN" 30
wait_port "$TLS" 30

REQ=$(bench_request)
drive() { # base-url path [curl options...]: TRAIN_REQUESTS POSTs over a few keep-alive connections
    local base=$1 path=$2
    shift 2
    # `?[1-N]` makes N requests of one URL (the query is forwarded and ignored); status codes go to stderr.
    curl -sS --no-progress-meter -Z --parallel-max 8 "$@" -X POST -H 'Content-Type: application/json' \
        -H 'Accept: application/json, text/event-stream' -H 'MCP-Protocol-Version: 2026-07-28' \
        --data "$REQ" -w '%{stderr}%{http_code}\n' "$base/$path?[1-$TRAIN_REQUESTS]" \
        >/dev/null 2>"$WORK/codes" || true
    local ok
    ok=$(grep -c '^200$' "$WORK/codes" || true)
    if [ "$ok" != "$TRAIN_REQUESTS" ]; then
        echo "training: $ok of $TRAIN_REQUESTS requests to $base/$path answered 200:" >&2
        sort "$WORK/codes" | uniq -c | sort -rn | head >&2
        exit 1
    fi
}
for path in mcp mcp-elicit sse sse-elicit; do
    drive "http://127.0.0.1:$PLAIN" "$path"
    drive "https://127.0.0.1:$TLS" "$path" --cacert "$WORK/gw/cert.pem" --http1.1
    drive "https://127.0.0.1:$TLS" "$path" --cacert "$WORK/gw/cert.pem" --http2
done
curl -sSf "http://127.0.0.1:$ADMIN/metrics" >/dev/null
# A clean exit writes the profile.
kill -INT "$GW_PID"
wait "$GW_PID"

echo "== 3/4 merging the profiles" >&2
mkdir -p "$TARGET/pgo-use"
"$PROFDATA" merge -o "$WORK/merged.profdata" "$WORK"/train/*.profraw
# Named by its content: cargo does not watch the file a flag names, so a new profile must change the flags (and
# rebuild every crate with it, which is what it is for).
rm -f "$TARGET"/pgo-use/elicitguard-*.profdata
PROFILE=$TARGET/pgo-use/elicitguard-$(sha256sum "$WORK/merged.profdata" | cut -c1-16).profdata
mv "$WORK/merged.profdata" "$PROFILE"

echo "== 4/4 gateway built with the profile" >&2
# The instrumented build's features, or the profile finds none of the gateway's own functions: cargo's crate
# metadata hash (part of every symbol name) covers the feature set (measured: −7.6% instructions on /mcp instead
# of −23%). `bench-tools` only adds the upstream binary; the gateway's code is the same.
CARGO_TARGET_DIR=$TARGET/pgo-use RUSTFLAGS="-Cprofile-use=$PROFILE" \
    cargo build --locked --release --features bench-tools --bin elicitguard >&2
echo "$TARGET/pgo-use/release/elicitguard"
