#!/usr/bin/env bash
# Instructions per `decide` call (the whole judgement of one upstream message: strict parse, carriers, schema,
# secret classifier, URL judgement, sanitising), per fixture, under callgrind. Deterministic where criterion's
# times swing ±10% on this VM; not gated (the gate counts whole proxied requests), a profiling aid.
#
#   bash benches/callgrind/decide.sh          # the table below, ~1 minute after the build
#   N=500 bash benches/callgrind/decide.sh    # more calls per figure (default 200)
#   TIME=1 bash benches/callgrind/decide.sh   # wall clock instead, warm and with the caches evicted (~2 minutes)
#
# Each figure is (Ir of N calls − Ir of 0 calls) ÷ N, both runs of examples/decide_ir.rs on the same file with
# the default policy; start-up and the one warm-up call cancel out. Needs valgrind (installs it if missing).
#
# TIME=1 runs the same binary natively, pinned to CPU $CPU (default 1), $TIME_N calls a figure (default 1000),
# and prints the median nanoseconds of a call three ways: warm (the calls back to back, as criterion times
# them), after writing EVICT_L2 bytes between calls (default 1 MiB, twice this machine's 512 KiB L2: what the
# upstream and the kernel leave of the caches between two requests on a shared CPU) and after writing
# EVICT_ALL bytes (default 64 MiB, twice its 32 MiB L3: a request after the machine did other work). Times swing
# ±10% between runs here; the ratios between the columns are what the mode is for.
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
cd "$ROOT"
N=${N:-200}
TARGET=${CARGO_TARGET_DIR:-$ROOT/target}
TIME=${TIME:-0}

as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }
if [ "$TIME" != 1 ] && ! command -v valgrind >/dev/null; then
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -q valgrind >&2 ||
        { as_root apt-get update -q >&2 && as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -q valgrind >&2; }
fi
# The gate's feature set, so the library built for the gate (and load.sh) is reused.
cargo build --locked --release --features bench-tools --example decide_ir >&2
BIN=$TARGET/release/examples/decide_ir

ir() { # FIXTURE CALLS FLAGS... -> total Ir
    valgrind --tool=callgrind --callgrind-out-file=/dev/null "$BIN" "$@" 2>&1 |
        sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
}

if [ "$TIME" = 1 ]; then
    CPU=${CPU:-1}
    TIME_N=${TIME_N:-1000}
    EVICT_L2=${EVICT_L2:-1048576}
    EVICT_ALL=${EVICT_ALL:-67108864}
    pin=()
    command -v taskset >/dev/null && pin=(taskset -c "$CPU")
    ns() { # FIXTURE EVICT FLAGS... -> median ns
        "${pin[@]}" "$BIN" "$1" "$TIME_N" --time --evict "$2" "${@:3}" | cut -d' ' -f1
    }
    printf '%-44s %10s %14s %14s\n' "fixture" "warm ns" "L2 evicted" "all evicted"
else
    printf '%-44s %14s\n' "fixture" "Ir per decide"
fi

while IFS='|' read -r name file flags; do
    if [ "$TIME" = 1 ]; then
        # shellcheck disable=SC2086 # flags are words on purpose
        printf '%-44s %10s %14s %14s\n' "$name" "$(ns "benches/fixtures/$file" 0 $flags)" \
            "$(ns "benches/fixtures/$file" "$EVICT_L2" $flags)" "$(ns "benches/fixtures/$file" "$EVICT_ALL" $flags)"
        continue
    fi
    # shellcheck disable=SC2086 # flags are words on purpose
    zero=$(ir "benches/fixtures/$file" 0 $flags)
    # shellcheck disable=SC2086
    many=$(ir "benches/fixtures/$file" "$N" $flags)
    [ -n "$zero" ] && [ -n "$many" ] || { echo "decide_ir failed on $file $flags" >&2; exit 1; }
    printf '%-44s %14s\n' "$name" "$(( (many - zero) / N ))"
done <<'EOF'
pass-through 2 KB tools/call result|tools_call_2k.json|
InputRequiredResult 2 KB (form + url)|input_required_2k.json|
2 KB, hosts not remembered|input_required_2k.json|--forget-hosts
2 KB, schemas not remembered|input_required_2k.json|--forget-schemas
2 KB, nothing remembered|input_required_2k.json|--forget-hosts --forget-schemas
2 KB, messages naming a term|input_required_2k.json|--name-a-term
InputRequiredResult 64 KB|input_required_64k.json|
64 KB, schemas not remembered|input_required_64k.json|--forget-schemas
64 KB, messages naming a term|input_required_64k.json|--name-a-term
EOF
