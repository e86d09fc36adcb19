#!/usr/bin/env python3
"""Deterministic performance gate: instructions (callgrind Ir) per proxied request through elicitguard.

Run through benches/callgrind/gate.sh, which builds the binaries first. Alone:

    python3 benches/callgrind/gate.py --bin-dir target/release [--update] [--runs N] [--requests N]

What it does, per run:
1. starts bench-upstream natively (one thread) and elicitguard under `valgrind --tool=callgrind` with
   `--workers 1`, routes /mcp, /mcp-elicit, /sse and /sse-elicit to the upstream;
2. opens one keep-alive connection per path and warms each up with WARMUP requests (lazy caches, the upstream
   pool, the regex DFA caches), all paths first;
3. per path: `callgrind_control --zero`, REQUESTS sequential requests on that path's connection, then
   `callgrind_control --dump`; the dump's total Ir divided by REQUESTS is the path's figure. Every response is
   checked (status 200, and on the inspected paths a requestState sealed by the gateway), so a path that
   silently fails fast cannot pass.
Only the gateway runs under valgrind; upstream and client run natively, so their instructions are not counted.
The figure includes everything the gateway process executes for the request: client side HTTP, routing, the
upstream client and its connection I/O, filtering, metrics.

With --runs N (default 1) it repeats the whole measurement and reports the median and the spread
((max - min) / median). It then compares with benches/callgrind/baseline.txt: growth over the threshold
(10%) on any path fails (exit 1); a drop over the threshold prints a hint to update the baseline.
--update writes the measured medians into baseline.txt instead of comparing.

--nginx also counts nginx (one process, the keep-alive proxy config of benches/load.sh) on the same paths to
the same upstream, and prints its figures beside elicitguard's: a comparison without the run-to-run swing of
wall-clock load tests (it leaves out kernel time, which both spend alike per request). It is never gated.
"""
import argparse
import base64
import datetime
import glob
import os
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
BASELINE = os.path.join(HERE, "baseline.txt")

# (name, gateway path, checks): the four paths of issue 8.
PATHS = [
    ("mcp", "/mcp", "pass-through JSON: 2 KB tools/call result, pre-filter says no"),
    ("mcp-elicit", "/mcp-elicit", "inspected JSON: 2 KB InputRequiredResult, judged and sealed"),
    ("sse", "/sse", "pass-through SSE: 3 events, ~2 KB"),
    ("sse-elicit", "/sse-elicit", "inspected SSE: 2 notifications + the 2 KB InputRequiredResult, judged and sealed"),
]
INSPECTED = {"mcp-elicit", "sse-elicit"}
THRESHOLD = 0.10

REQUEST_BODY = (b'{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"inventory","arguments":'
                b'{"warehouse":"north"},"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28",'
                b'"io.modelcontextprotocol/clientInfo":{"name":"gate","version":"1"},'
                b'"io.modelcontextprotocol/clientCapabilities":{"elicitation":{"form":{},"url":{}}}}}}')

# Start-up under valgrind takes a while (policy compilation runs ~50x slower).
START_TIMEOUT = 180.0
IO_TIMEOUT = 60.0


def log(msg):
    print(msg, file=sys.stderr, flush=True)


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_port(port, proc, timeout):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError("process exited with %s before listening on %d" % (proc.returncode, port))
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1):
                return
        except OSError:
            time.sleep(0.2)
    raise RuntimeError("nothing listens on port %d after %.0f s" % (port, timeout))


class Conn:
    """One keep-alive HTTP/1.1 connection; sequential requests; whole responses read and checked."""

    def __init__(self, port, path):
        self.path = path
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=IO_TIMEOUT)
        self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self.buf = b""
        self.req = (b"POST " + path.encode() + b" HTTP/1.1\r\nHost: 127.0.0.1:" + str(port).encode() +
                    b"\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\n"
                    b"MCP-Protocol-Version: 2026-07-28\r\nContent-Length: " + str(len(REQUEST_BODY)).encode() +
                    b"\r\n\r\n" + REQUEST_BODY)

    def _fill(self):
        data = self.sock.recv(65536)
        if not data:
            raise RuntimeError("%s: connection closed by the gateway" % self.path)
        self.buf += data

    def _until(self, sep):
        while True:
            i = self.buf.find(sep)
            if i >= 0:
                out, self.buf = self.buf[:i], self.buf[i + len(sep):]
                return out
            self._fill()

    def _exactly(self, n):
        while len(self.buf) < n:
            self._fill()
        out, self.buf = self.buf[:n], self.buf[n:]
        return out

    def call(self):
        self.sock.sendall(self.req)
        head = self._until(b"\r\n\r\n")
        lines = head.split(b"\r\n")
        status = int(lines[0].split(b" ", 2)[1])
        headers = {}
        for line in lines[1:]:
            k, _, v = line.partition(b":")
            headers[k.strip().lower()] = v.strip()
        if b"content-length" in headers:
            body = self._exactly(int(headers[b"content-length"]))
        else:
            parts = []
            while True:
                size = int(self._until(b"\r\n").split(b";")[0], 16)
                parts.append(self._exactly(size))
                self._exactly(2)
                if size == 0:
                    break
            body = b"".join(parts)
        return status, body

    def close(self):
        self.sock.close()


def check(name, status, body):
    if status != 200:
        raise RuntimeError("%s answered %d: %r" % (name, status, body[:300]))
    if b'"error"' in body:
        raise RuntimeError("%s answered a JSON-RPC error: %r" % (name, body[:300]))
    if name in INSPECTED:
        # The gateway replaces the upstream's requestState with its own sealed envelope.
        if b'"input_required"' not in body or b'"requestState":"upstream-state-' in body:
            raise RuntimeError("%s: the gateway did not judge and seal the result: %r" % (name, body[:300]))


def gateway_config(directory, gw_port, up_port):
    path = os.path.join(directory, "gateway.yaml")
    routes = "".join(
        "  - name: %s\n    path_prefix: %s\n    upstream: http://127.0.0.1:%d%s\n" % (n, p, up_port, p)
        for n, p, _ in PATHS)
    with open(path, "w") as f:
        f.write("""mode: enforce
listeners:
  - address: 127.0.0.1:%d
admin:
  address: "off"
audit:
  path: %s
state:
  keys_file: %s
routes:
%slimits:
  # One client sends thousands of elicitations: lift the rate limits (they protect people, not CPUs).
  elicitation_burst: 1000000000
  elicitations_per_minute: 1000000000
  route_elicitation_burst: 1000000000
  route_elicitations_per_minute: 1000000000
  # Valgrind is ~50x slower: keep the time limits out of the way.
  header_read_timeout_ms: 600000
  upstream_timeout_ms: 600000
""" % (gw_port, os.path.join(directory, "..", "audit.log"), os.path.join(directory, "keys"), routes))
    # A fixed key: no "random key" warning path, and the same sealing work on every run.
    with open(os.path.join(directory, "keys"), "w") as f:
        f.write("gate: %s\n" % base64.b64encode(b"callgrind-gate-fixed-key-0123456789abcdef").decode())
    return path


def callgrind_control(args, pid):
    r = subprocess.run(["callgrind_control"] + args + [str(pid)], capture_output=True, text=True, timeout=120)
    if r.returncode != 0:
        raise RuntimeError("callgrind_control %s failed: %s%s" % (" ".join(args), r.stdout, r.stderr))


def dump_total(pattern, before):
    """Waits for a new dump file matching `pattern` (not in `before`) and returns its total Ir."""
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        new = sorted(set(glob.glob(pattern)) - before, key=os.path.getmtime)
        for path in new:
            total = read_total(path)
            if total is not None:
                return path, total
        time.sleep(0.1)
    raise RuntimeError("no complete callgrind dump appeared (%s)" % pattern)


def read_total(path):
    total = None
    try:
        with open(path) as f:
            for line in f:
                if line.startswith("totals:") or line.startswith("summary:"):
                    total = int(line.split()[1])
    except OSError:
        return None
    return total


def start_upstream(bin_dir, run_dir, procs):
    """bench-upstream, natively, one thread; returns its port."""
    port = free_port()
    up = subprocess.Popen([os.path.join(bin_dir, "bench-upstream"), "--listen", "127.0.0.1:%d" % port,
                           "--workers", "1"], stderr=open(os.path.join(run_dir, "upstream.log"), "w"))
    procs.append(up)
    wait_port(port, up, 10)
    return port


def start_under_callgrind(cmd, out, log_path, procs, env=None):
    """`cmd` under callgrind (dumps to `out`, instruction-level detail off), logging to `log_path`."""
    p = subprocess.Popen(
        ["valgrind", "--tool=callgrind", "--callgrind-out-file=" + out, "--dump-instr=no",
         "--collect-jumps=no", "--compress-strings=no", "--compress-pos=no"] + cmd,
        stderr=open(log_path, "w"), env=env)
    procs.append(p)
    return p


def measure_once(bin_dir, work, requests, warmup, run_no):
    run_dir = os.path.join(work, "run%d" % run_no)
    cfg_dir = os.path.join(run_dir, "gw")
    os.makedirs(cfg_dir)
    procs = []
    try:
        up_port, gw_port = start_upstream(bin_dir, run_dir, procs), free_port()
        cfg = gateway_config(cfg_dir, gw_port, up_port)
        out = os.path.join(run_dir, "callgrind.out")
        gw = start_under_callgrind(
            [os.path.join(bin_dir, "elicitguard"), "serve", "--config", cfg, "--workers", "1",
             "--admin-listen", "off"],
            out, os.path.join(run_dir, "gateway.log"), procs, env=dict(os.environ, ELICITGUARD_LOG="warn"))
        wait_port(gw_port, gw, START_TIMEOUT)
        return count_paths(gw.pid, gw_port, out, requests, warmup, check, "run %d" % run_no)
    finally:
        stop(procs)


def stop(procs):
    """SIGTERM, newest first (valgrind writes its last dump on the way out), then kill what lingers."""
    for p in reversed(procs):
        if p.poll() is None:
            p.send_signal(signal.SIGTERM)
    for p in reversed(procs):
        try:
            p.wait(timeout=30)
        except subprocess.TimeoutExpired:
            p.kill()
            p.wait()


def count_paths(pid, port, out, requests, warmup, check_fn, label):
    """Ir per request on each path of the proxy `pid` (under callgrind, dumping to `out`) listening on `port`:
    warm-up on every path first, then per path zero, `requests` requests, dump."""
    conns = {}
    try:
        for name, path, _ in PATHS:
            conns[name] = Conn(port, path)
            for _ in range(warmup):
                check_fn(name, *conns[name].call())
        results = {}
        for name, _, _ in PATHS:
            before = set(glob.glob(out + "*"))
            callgrind_control(["--zero"], pid)
            c = conns[name]
            for _ in range(requests):
                check_fn(name, *c.call())
            callgrind_control(["--dump=" + name], pid)
            dump, total = dump_total(out + ".*", before)
            results[name] = total / requests
            log("  %s  %-11s %10.0f Ir/request  (%s)" % (label, name, results[name], os.path.basename(dump)))
        return results
    finally:
        for c in conns.values():
            c.close()


def check_status(name, status, body):
    """For nginx, which passes everything through: only the status."""
    if status != 200:
        raise RuntimeError("%s answered %d: %r" % (name, status, body[:300]))


def nginx_config(directory, port, up_port):
    """The keep-alive reverse proxy of benches/load.sh, as one process (master_process off), so callgrind
    counts the worker that serves."""
    path = os.path.join(directory, "nginx.conf")
    d = os.path.join(directory, "nginx")
    os.makedirs(d, exist_ok=True)
    with open(path, "w") as f:
        f.write("""worker_processes 1;
daemon off;
master_process off;
pid %(d)s/nginx.pid;
error_log %(d)s/error.log warn;
events { worker_connections 1024; }
http {
    access_log off;
    client_body_temp_path %(d)s/body;
    proxy_temp_path %(d)s/proxy;
    fastcgi_temp_path %(d)s/fastcgi;
    uwsgi_temp_path %(d)s/uwsgi;
    scgi_temp_path %(d)s/scgi;
    upstream bench_up { server 127.0.0.1:%(up)d; keepalive 64; }
    server {
        listen 127.0.0.1:%(port)d;
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
""" % {"d": d, "up": up_port, "port": port})
    return path


def measure_nginx(bin_dir, work, requests, warmup):
    """nginx's Ir per request on the same paths and the same upstream, for comparison (never gated)."""
    run_dir = os.path.join(work, "nginx")
    os.makedirs(run_dir)
    procs = []
    try:
        up_port, ng_port = start_upstream(bin_dir, run_dir, procs), free_port()
        cfg = nginx_config(run_dir, ng_port, up_port)
        out = os.path.join(run_dir, "callgrind.out")
        prefix = os.path.join(run_dir, "nginx")
        ng = start_under_callgrind(
            ["nginx", "-e", os.path.join(prefix, "error.log"), "-p", prefix, "-c", cfg],
            out, os.path.join(run_dir, "nginx.log"), procs)
        wait_port(ng_port, ng, START_TIMEOUT)
        return count_paths(ng.pid, ng_port, out, requests, warmup, check_status, "nginx")
    finally:
        stop(procs)


def read_baseline(path):
    base = {}
    if not os.path.exists(path):
        return base
    with open(path) as f:
        for line in f:
            line = line.split("#", 1)[0].strip()
            if line:
                k, v = line.split()
                base[k] = int(v)
    return base


def tool_versions():
    def first_line(cmd):
        try:
            return subprocess.run(cmd, capture_output=True, text=True, timeout=30).stdout.strip().splitlines()[0]
        except (OSError, IndexError, subprocess.TimeoutExpired):
            return "unknown"
    return first_line(["valgrind", "--version"]), first_line(["rustc", "--version"])


def write_baseline(medians, spreads, args):
    valgrind, rustc = tool_versions()
    try:
        commit = subprocess.run(["git", "-C", ROOT, "rev-parse", "--short", "HEAD"], capture_output=True,
                                text=True).stdout.strip() or "unknown"
    except OSError:
        commit = "unknown"
    now = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    with open(args.baseline, "w") as f:
        f.write("""# Instructions (callgrind Ir) per proxied request through elicitguard, per path: the baseline of the CI gate
# (benches/callgrind/gate.sh, run by .ci/run). CI fails when a path grows more than 10%% over this.
#
# Regenerate (a commit that makes a path cheaper, or grows one on purpose and says why in its message):
#     bash benches/callgrind/gate.sh --update
# It builds release (--features bench-tools --bins), measures %d run(s) of %d requests per path after %d
# warm-up requests, elicitguard alone under valgrind with --workers 1, and writes the medians below.
#
# Measured %s on top of commit %s; run-to-run spread (max - min) / median:
# %s.
# toolchain: %s; %s
""" % (args.runs, args.requests, args.warmup, now, commit,
       ", ".join("%s %.2f%%" % (k, spreads[k] * 100) for k, _, _ in PATHS), rustc, valgrind))
        for name, _, what in PATHS:
            f.write("%-11s %8d  # %s\n" % (name, round(medians[name]), what))
    log("wrote %s" % args.baseline)


def baseline_toolchain(path):
    if os.path.exists(path):
        with open(path) as f:
            for line in f:
                if line.startswith("# toolchain: "):
                    return line[len("# toolchain: "):].strip()
    return None


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--bin-dir", required=True, help="directory with elicitguard and bench-upstream (release)")
    ap.add_argument("--update", action="store_true", help="write the measured figures to baseline.txt")
    ap.add_argument("--runs", type=int, default=1, help="whole measurements; the median is compared")
    ap.add_argument("--requests", type=int, default=500, help="measured requests per path")
    ap.add_argument("--warmup", type=int, default=100, help="warm-up requests per path, before measuring")
    ap.add_argument("--baseline", default=BASELINE, help="baseline file (default: %(default)s)")
    ap.add_argument("--keep", action="store_true", help="keep the work directory (callgrind dumps, logs)")
    ap.add_argument("--nginx", action="store_true",
                    help="also count nginx (Debian's, the load benchmark's config) on the same paths; not gated")
    args = ap.parse_args()

    for tool in ("valgrind", "callgrind_control"):
        if shutil.which(tool) is None:
            log("%s is not installed (apt-get install valgrind)" % tool)
            return 2
    work = tempfile.mkdtemp(prefix="elicitguard-callgrind.")
    started = time.monotonic()
    try:
        runs = []
        for i in range(1, args.runs + 1):
            runs.append(measure_once(args.bin_dir, work, args.requests, args.warmup, i))
        nginx = measure_nginx(args.bin_dir, work, args.requests, args.warmup) if args.nginx else None
    except Exception as e:  # noqa: BLE001 - any failure of the measurement fails the gate, with its logs
        log("measurement failed: %s" % e)
        for logf in glob.glob(os.path.join(work, "run*", "*.log")):
            log("--- %s (last lines)" % logf)
            with open(logf, errors="replace") as f:
                log("".join(f.readlines()[-15:]))
        return 2
    medians = {k: statistics.median(r[k] for r in runs) for k, _, _ in PATHS}
    spreads = {k: (max(r[k] for r in runs) - min(r[k] for r in runs)) / medians[k] for k, _, _ in PATHS}

    if args.update:
        write_baseline(medians, spreads, args)
    base = read_baseline(args.baseline)
    valgrind, rustc = tool_versions()
    recorded = baseline_toolchain(args.baseline)
    if not args.update and recorded and recorded != "%s; %s" % (rustc, valgrind):
        print("note: the baseline was measured with %s; this is %s; %s. A compiler or valgrind upgrade moves the "
              "counts: if only that changed, regenerate the baseline in its own commit." % (recorded, rustc, valgrind))
    print("callgrind gate: Ir per request, %d run(s) x %d requests per path after %d warm-up (%.0f s)" % (
        args.runs, args.requests, args.warmup, time.monotonic() - started))
    print("%-11s %12s %12s %8s %8s  %s" % ("path", "measured", "baseline", "change", "spread", "verdict"))
    failed, shrunk = [], []
    for name, _, _ in PATHS:
        m, b = medians[name], base.get(name)
        if b is None:
            verdict, change = "no baseline", ""
            failed.append(name)
        else:
            rel = (m - b) / b
            change = "%+.1f%%" % (rel * 100)
            if rel > THRESHOLD:
                verdict = "FAIL: grew over %d%%" % (THRESHOLD * 100)
                failed.append(name)
            elif rel < -THRESHOLD:
                verdict = "ok, shrank: update the baseline"
                shrunk.append(name)
            else:
                verdict = "ok"
        print("%-11s %12.0f %12s %8s %8s  %s" % (name, m, b if b is not None else "-", change,
                                                 "%.2f%%" % (spreads[name] * 100) if args.runs > 1 else "-", verdict))
    if nginx:
        print("nginx, same paths and upstream (for comparison, not gated): " + ", ".join(
            "%s %.0f (elicitguard %.2fx)" % (k, nginx[k], medians[k] / nginx[k]) for k, _, _ in PATHS))
    if args.keep:
        print("callgrind dumps and logs kept in %s: runN/callgrind.out.K is path K of run N (order above). Read one "
              "with `callgrind_annotate --threshold=100 --inclusive=yes FILE` (the frames that were on the stack "
              "at the zero show as 100%%)" % work)
    else:
        shutil.rmtree(work, ignore_errors=True)
    if shrunk and not failed:
        print("hint: %s got more than %d%% cheaper; lock the gain in: bash benches/callgrind/gate.sh --update, and "
              "commit benches/callgrind/baseline.txt" % (", ".join(shrunk), THRESHOLD * 100))
    if not base:
        print("no baseline in %s: run `bash benches/callgrind/gate.sh --update` and commit it" % args.baseline)
        return 1
    if failed:
        print("callgrind gate FAILED for %s. If the growth is on purpose (a new check), run "
              "`bash benches/callgrind/gate.sh --update` and commit the new baseline in the same commit, saying "
              "why in its message. To see where the instructions go: `bash benches/callgrind/gate.sh --keep` keeps "
              "a callgrind dump per path." % ", ".join(failed))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
