#!/usr/bin/env bash
# Usage: bash fuzz/run.sh SECONDS [TARGET...]
#
# Builds the fuzz targets once (cargo-fuzz, dev profile, no sanitizer: the crate forbids `unsafe`, and a panic
# or a failed property aborts either way), then runs each TARGET (default: every one in fuzz/Cargo.toml) for
# SECONDS with libFuzzer's -max_total_time, on a scratch copy of its seed corpus fuzz/corpus/<target>/: the
# committed corpus never grows. Fails when any target crashes, times out or runs out of memory; the input is
# kept in fuzz/artifacts/<target>/ (replay: `<binary> fuzz/artifacts/<target>/crash-...`).
#
# Toolchain: nightly when rustup has it; otherwise stable with RUSTC_BOOTSTRAP=1 (with --sanitizer none
# cargo-fuzz passes no `-Z` flag and plain stable builds too; the variable covers a later one that does), which
# builds and runs the same targets. cargo-fuzz is installed when missing (FUZZ_INSTALL=0: skip with a message
# instead). Environment: FUZZ_TARGET_DIR (default $CARGO_TARGET_DIR/fuzz, else fuzz/target), FUZZ_TIMEOUT
# (seconds one input may take, default 60), FUZZ_RSS_MB (default 2048), FUZZ_JOBS (targets run at once,
# default 2).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

secs=${1:?usage: bash fuzz/run.sh SECONDS [TARGET...]}
shift
if [ $# -gt 0 ]; then
    targets=("$@")
else
    mapfile -t targets < <(sed -n 's/^name = "\(.*\)"$/\1/p' fuzz/Cargo.toml | grep -v '^elicitguard-fuzz$')
fi

if ! command -v cargo-fuzz >/dev/null 2>&1; then
    if [ "${FUZZ_INSTALL:-1}" = 0 ]; then
        echo "fuzz: cargo-fuzz is not installed and FUZZ_INSTALL=0: skipping the fuzz targets"
        exit 0
    fi
    echo "fuzz: installing cargo-fuzz"
    cargo install cargo-fuzz --locked --quiet
fi

toolchain=()
if rustup toolchain list 2>/dev/null | grep -q '^nightly'; then
    toolchain=(+nightly)
    echo "fuzz: toolchain nightly ($(rustc +nightly --version))"
else
    export RUSTC_BOOTSTRAP=1
    echo "fuzz: no nightly toolchain; stable with RUSTC_BOOTSTRAP=1 ($(rustc --version))"
fi

target_dir=${FUZZ_TARGET_DIR:-${CARGO_TARGET_DIR:+$CARGO_TARGET_DIR/fuzz}}
target_dir=${target_dir:-$PWD/fuzz/target}
triple=$(rustc "${toolchain[@]}" -vV | sed -n 's/^host: //p')
bin_dir=$target_dir/$triple/debug

build_start=$(date +%s)
echo "== fuzz build (${#targets[@]} targets)"
build() {
    # pipefail: the pipeline fails when cargo does.
    cargo "${toolchain[@]}" fuzz build --dev --sanitizer none --target-dir "$target_dir" "$@" 2>&1 |
        { grep -v '^ *Compiling ' || true; }
}
if [ $# -gt 0 ]; then
    for t in "${targets[@]}"; do build "$t" || { echo "fuzz: build of $t failed"; exit 1; }; done
else
    build || { echo "fuzz: build failed"; exit 1; }
fi
for t in "${targets[@]}"; do
    [ -x "$bin_dir/$t" ] || { echo "fuzz: $t did not build"; exit 1; }
done
echo "fuzz build took $(($(date +%s) - build_start)) s"

scratch=$(mktemp -d "${TMPDIR:-/tmp}/elicitguard-fuzz.XXXXXX")
trap 'rm -rf "$scratch"' EXIT

# One target: its seeds copied into the scratch directory, libFuzzer for $secs, a one-line result.
run_one() {
    local t=$1 log=$scratch/$1.log status start execs cov
    mkdir -p "$scratch/$t" "fuzz/artifacts/$t"
    if [ -d "fuzz/corpus/$t" ]; then
        cp -r "fuzz/corpus/$t/." "$scratch/$t/"
    fi
    start=$(date +%s)
    # TMPDIR: config_parse writes its scratch config there; removed with the rest.
    if TMPDIR="$scratch" "$bin_dir/$t" "$scratch/$t" -max_total_time="$secs" \
        -timeout="${FUZZ_TIMEOUT:-60}" -rss_limit_mb="${FUZZ_RSS_MB:-2048}" -print_final_stats=1 \
        -artifact_prefix="fuzz/artifacts/$t/" >"$log" 2>&1; then
        status=ok
    else
        status=FAILED
    fi
    execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
    cov=$(grep -o 'cov: [0-9]*' "$log" | tail -1 || true)
    {
        echo "fuzz $t: $status, ${execs:-?} executions, ${cov:-cov: ?}, $(($(date +%s) - start)) s"
        if [ "$status" = FAILED ]; then
            grep -v '^#\|^INFO\|^MS:\|^base unit' "$log" | tail -40
        fi
    } >"$scratch/$t.result"
}

# FUZZ_JOBS targets at a time (default 2: CI runs this step alone on its machine).
jobs_max=${FUZZ_JOBS:-2}
for t in "${targets[@]}"; do
    while [ "$(jobs -rp | wc -l)" -ge "$jobs_max" ]; do wait -n || true; done
    run_one "$t" &
done
wait
failed=()
for t in "${targets[@]}"; do
    cat "$scratch/$t.result"
    grep -q "^fuzz $t: ok" "$scratch/$t.result" || failed+=("$t")
done
if [ ${#failed[@]} -gt 0 ]; then
    echo "fuzz: FAILED: ${failed[*]} (inputs in fuzz/artifacts/)"
    exit 1
fi
echo "fuzz: all ${#targets[@]} targets ran ${secs} s without a finding"
