# Helpers shared by the scripts that drive a gateway against bench-upstream (benches/load.sh, deploy/pgo.sh).
# Sourced, not run; expects to be sourced from the repository root.

# Waits up to SECONDS (default 10) until something accepts on 127.0.0.1:PORT, or exits naming the port (and
# $WORK, the calling script's directory of logs, when it has one).
wait_port() { # port [seconds]
    local deadline=$((SECONDS + ${2:-10}))
    until (exec 3<>/dev/tcp/127.0.0.1/"$1") 2>/dev/null; do
        if [ $SECONDS -ge $deadline ]; then
            echo "nothing listens on port $1${WORK:+; see $WORK}" >&2
            exit 1
        fi
        sleep 0.1
    done
}

# The benchmark's request body (a 2026-07-28 tools/call declaring form and url elicitation), from the one place it
# is written: benches/wrk-post.lua.
bench_request() {
    sed -n "s/^local body = '\(.*\)'$/\1/p" benches/wrk-post.lua
}
