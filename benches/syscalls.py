#!/usr/bin/env python3
"""System calls per proxied request, per path: what callgrind cannot see.

    python3 benches/syscalls.py [--bin-dir target/release] [--requests 300]

Starts bench-upstream and elicitguard (`--workers 1`, the callgrind gate's config and client, so the four paths
and their checks are the gate's), warms each path up on one keep-alive connection, then attaches
`strace -c -f` to every thread of the gateway for REQUESTS requests per path and prints the calls per request
of each system call made at least once every twenty requests. Report only, never a pass or fail: writes per
response are what decides how much kernel time a path costs on loopback (BENCHMARKS.md has the figures before
and after the upstream I/O was driven inline). Needs strace (`apt-get install strace`) and the release binaries
(`cargo build --release --features bench-tools --bins`).
"""
import argparse
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "callgrind"))
import gate  # noqa: E402  (the gate's client, config and process helpers)

WARMUP = 50
# strace needs a moment after attaching before it traces every thread.
ATTACH_SETTLE_S = 1.0
# Calls made less often than this per request are start-up or timer noise, not the path's cost.
MIN_PER_REQUEST = 0.05


def per_request(strace_summary, requests):
    """{syscall: calls per request} from an `strace -c` summary file."""
    rows = {}
    with open(strace_summary) as f:
        for line in f:
            p = line.split()
            # "% time  seconds  usecs/call  calls  [errors]  syscall"; the totals line ends with "total".
            if len(p) >= 5 and p[0][0].isdigit() and p[-1] != "total":
                rows[p[-1]] = int(p[3]) / requests
    return rows


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    default_bins = os.path.join(os.environ.get("CARGO_TARGET_DIR", os.path.join(gate.ROOT, "target")), "release")
    ap.add_argument("--bin-dir", default=default_bins, help="release binaries (default: %(default)s)")
    ap.add_argument("--requests", type=int, default=300, help="measured requests per path")
    args = ap.parse_args()
    if shutil.which("strace") is None:
        print("strace is not installed (apt-get install strace)", file=sys.stderr)
        return 2
    work = tempfile.mkdtemp(prefix="elicitguard-syscalls.")
    procs = []
    try:
        up_port, gw_port = gate.start_upstream(args.bin_dir, work, procs), gate.free_port()
        cfg = gate.gateway_config(work, gw_port, up_port)
        gw = subprocess.Popen([os.path.join(args.bin_dir, "elicitguard"), "serve", "--config", cfg, "--workers", "1",
                               "--admin-listen", "off"], stderr=open(os.path.join(work, "gateway.log"), "w"),
                              env=dict(os.environ, ELICITGUARD_LOG="warn"))
        procs.append(gw)
        gate.wait_port(gw_port, gw, 30)
        print("system calls per request (strace -c -f on the gateway, %d requests per path after %d warm-up)"
              % (args.requests, WARMUP))
        for name, path, _ in gate.PATHS:
            conn = gate.Conn(gw_port, path)
            try:
                for _ in range(WARMUP):
                    gate.check(name, *conn.call())
                out = os.path.join(work, name + ".strace")
                threads = sorted(os.listdir("/proc/%d/task" % gw.pid))
                st = subprocess.Popen(["strace", "-c", "-f", "-o", out] + [a for t in threads for a in ("-p", t)],
                                      stderr=subprocess.DEVNULL)
                time.sleep(ATTACH_SETTLE_S)
                for _ in range(args.requests):
                    gate.check(name, *conn.call())
                st.send_signal(signal.SIGINT)
                st.wait(timeout=30)
            finally:
                conn.close()
            rows = sorted(per_request(out, args.requests).items(), key=lambda r: -r[1])
            print("%-11s %s" % (name, "  ".join("%s %.2f" % r for r in rows if r[1] >= MIN_PER_REQUEST)))
        return 0
    finally:
        gate.stop(procs)
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
