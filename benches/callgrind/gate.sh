#!/usr/bin/env bash
# CI gate on instructions per proxied request (callgrind), against benches/callgrind/baseline.txt.
#
#   bash benches/callgrind/gate.sh            # measure, compare; exit 1 if a path grew over 10%
#   bash benches/callgrind/gate.sh --update   # measure 3 runs and write the medians to baseline.txt
#   bash benches/callgrind/gate.sh --keep     # also keep the callgrind dumps (callgrind_annotate them)
#   bash benches/callgrind/gate.sh --nginx    # also count nginx on the same paths (installs nginx-light; not gated)
#
# Four paths through elicitguard (--workers 1) to bench-upstream: /mcp (pass-through JSON), /mcp-elicit
# (judged and sealed JSON), /sse (pass-through SSE), /sse-elicit (judged and sealed SSE). Only the gateway runs
# under valgrind. Details: benches/callgrind/gate.py. Environment: SKIP_BUILD=1 uses the binaries already in
# BIN_DIR (default $CARGO_TARGET_DIR/release; built with `--bins` alone, as below: `--examples` in the same build
# unifies the dev-dependencies' features into the gateway and moves its count); RUNS, REQUESTS, WARMUP override
# the defaults below.
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
cd "$ROOT"

UPDATE=0
KEEP=()
NGINX=()
for a in "$@"; do
    case $a in
        --update) UPDATE=1 ;;
        --keep) KEEP=(--keep) ;;
        --nginx) NGINX=(--nginx) ;;
        -h | --help) sed -n '2,12p' "${BASH_SOURCE[0]}"; exit 0 ;;
        *) echo "unknown argument: $a" >&2; exit 2 ;;
    esac
done
# A baseline is the median of 3 runs; the gate itself measures once (the counts repeat within a fraction of a
# percent, see BENCHMARKS.md), which keeps it to a couple of minutes of CI.
if [ "$UPDATE" = 1 ]; then RUNS=${RUNS:-3}; else RUNS=${RUNS:-1}; fi
REQUESTS=${REQUESTS:-500}
WARMUP=${WARMUP:-100}

as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }
if ! command -v valgrind >/dev/null || ! command -v callgrind_control >/dev/null; then
    echo "== installing valgrind" >&2
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -q valgrind >&2 ||
        { as_root apt-get update -q >&2 && as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -q valgrind >&2; }
fi

TARGET=${CARGO_TARGET_DIR:-$ROOT/target}
BIN_DIR=${BIN_DIR:-$TARGET/release}
if [ "${SKIP_BUILD:-0}" != 1 ]; then
    echo "== cargo build --locked --release --features bench-tools --bins" >&2
    cargo build --locked --release --features bench-tools --bins >&2
fi

if [ ${#NGINX[@]} -gt 0 ] && ! command -v nginx >/dev/null; then
    echo "== installing nginx-light" >&2
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -q nginx-light >&2 ||
        { as_root apt-get update -q >&2 && as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -q nginx-light >&2; }
fi
args=(--bin-dir "$BIN_DIR" --runs "$RUNS" --requests "$REQUESTS" --warmup "$WARMUP" "${KEEP[@]}" "${NGINX[@]}")
[ "$UPDATE" = 1 ] && args+=(--update)
exec python3 benches/callgrind/gate.py "${args[@]}"
