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

# The routes and limits of a gateway in front of bench-upstream on 127.0.0.1:PORT, as YAML (the end of its
# config): one route per benchmark path (and per EXTRA path named), each to the same path upstream, and the
# limits a benchmark lifts.
bench_routes_and_limits() { # port [extra path ...]
    local port=$1 p
    shift
    echo "routes:"
    for p in mcp mcp-elicit sse sse-elicit sse-hold "$@"; do
        printf '  - {name: %s, path_prefix: /%s, upstream: "http://127.0.0.1:%s/%s"}\n' "$p" "$p" "$port" "$p"
    done
    cat <<EOF
limits:
  # One anonymous client sends thousands of elicitations a second: lift the rate limits (they protect people, not
  # CPUs) and the in-flight cap (load.sh's memory phase holds many streams).
  elicitation_burst: 1000000000
  elicitations_per_minute: 1000000000
  route_elicitation_burst: 1000000000
  route_elicitations_per_minute: 1000000000
  max_concurrent_requests: 100000
EOF
}
