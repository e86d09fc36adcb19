#!/usr/bin/env python3
"""Time to first SSE event (gateway vs direct) and the gateway's resident memory per idle keep-alive
connection and per open SSE stream; optionally a soak. Run by benches/load.sh; alone:

    python3 benches/conns.py --gateway 127.0.0.1:19103 --direct 127.0.0.1:19100 --pid GATEWAY_PID [--soak 600]

Needs bench-upstream behind both addresses (paths /mcp and /sse-hold; the soak also /mcp-elicit, /sse and
/sse-elicit). wrk cannot hold idle connections, so this client opens them itself: each idle connection makes
one POST /mcp (so it has been through the gateway's HTTP stack) and then stays open, silent; each SSE stream
POSTs /sse-hold and reads its first event, then stays open. Memory is VmRSS from /proc/PID/status:
(after - before) / count. Counts are bounded by the arguments.

Soak (--soak SECONDS): with the idle connections and streams still open, --soak-rate requests a second go
through all four paths (/mcp, /mcp-elicit, /sse, /sse-elicit) from SOAK_LOADERS paced loaders, each of which
opens a fresh connection every SOAK_REQUESTS_PER_CONN requests (so connections are made and dropped all the
time, not just reused). VmRSS is sampled every --soak-sample seconds. The report: RSS at the start and the end,
its range, and the least-squares slope after a warm-up (the first minute, or the first 10%, whichever is
longer); "flat" when neither the end-start difference after the warm-up nor the slope projected over the whole
soak exceed max(2% of the RSS, 1 MiB).
"""
import argparse
import asyncio
import resource
import statistics
import sys
import time

REQUEST_BODY = (b'{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"inventory","arguments":{},'
                b'"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28",'
                b'"io.modelcontextprotocol/clientCapabilities":{"elicitation":{"form":{},"url":{}}}}}}')
# Connections opened at once: enough to be quick, few enough not to overflow the listen backlog.
OPEN_CONCURRENCY = 200
# Longest wait for any one response or first event.
IO_TIMEOUT = 30.0
# Time given to the gateway to settle before reading its RSS.
SETTLE = 1.0
# Soak: paced load coroutines, and requests per connection before a loader opens a fresh one.
SOAK_LOADERS = 8
SOAK_REQUESTS_PER_CONN = 50
SOAK_PATHS = ("/mcp", "/mcp-elicit", "/sse", "/sse-elicit")
# Soak verdict: growth tolerated, relative and absolute.
SOAK_FLAT_REL = 0.02
SOAK_FLAT_KIB = 1024


def request(host, path):
    return (b"POST " + path.encode() + b" HTTP/1.1\r\nHost: " + host.encode() +
            b"\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\n"
            b"MCP-Protocol-Version: 2026-07-28\r\nContent-Length: " + str(len(REQUEST_BODY)).encode() +
            b"\r\n\r\n" + REQUEST_BODY)


def vm_rss_kib(pid):
    with open("/proc/%d/status" % pid) as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    raise RuntimeError("no VmRSS for pid %d" % pid)


async def read_head(reader):
    head = await reader.readuntil(b"\r\n\r\n")
    status = int(head.split(b" ", 2)[1])
    headers = {}
    for line in head.split(b"\r\n")[1:]:
        if b":" in line:
            k, v = line.split(b":", 1)
            headers[k.strip().lower()] = v.strip().lower()
    return status, headers


async def read_json_response(reader):
    status, headers = await read_head(reader)
    if b"content-length" in headers:
        await reader.readexactly(int(headers[b"content-length"]))
    else:  # chunked
        while True:
            size = int((await reader.readuntil(b"\r\n")).split(b";")[0], 16)
            await reader.readexactly(size + 2)
            if size == 0:
                break
    return status


async def open_sse(addr, path="/sse-hold"):
    """Opens a stream; returns (reader, writer, seconds from sending the request to the first event)."""
    host, port = addr.split(":")
    reader, writer = await asyncio.open_connection(host, int(port))
    t0 = time.perf_counter()
    writer.write(request(addr, path))
    status, _ = await read_head(reader)
    if status != 200:
        raise RuntimeError("%s%s answered %d" % (addr, path, status))
    # Chunked transfer: the first event ends with a blank line inside the chunk data.
    buf = b""
    while b"\n\n" not in buf:
        data = await reader.read(65536)
        if not data:
            raise RuntimeError("stream closed before its first event")
        buf += data
    return reader, writer, time.perf_counter() - t0


async def ttfe(addr, samples):
    times = []
    for _ in range(samples):
        reader, writer, t = await asyncio.wait_for(open_sse(addr), IO_TIMEOUT)
        times.append(t)
        writer.close()
    times.sort()
    return statistics.median(times), times[min(len(times) - 1, int(len(times) * 0.99))]


async def bounded(n, make):
    sem = asyncio.Semaphore(OPEN_CONCURRENCY)

    async def one():
        async with sem:
            return await asyncio.wait_for(make(), IO_TIMEOUT)

    return await asyncio.gather(*(one() for _ in range(n)), return_exceptions=True)


async def open_idle(addr):
    host, port = addr.split(":")
    reader, writer = await asyncio.open_connection(host, int(port))
    writer.write(request(addr, "/mcp"))
    status = await read_json_response(reader)
    if status != 200:
        raise RuntimeError("/mcp answered %d" % status)
    return reader, writer


def still_open(conns):
    return sum(1 for r, _ in conns if not r.at_eof())


async def soak_loader(addr, interval, deadline, counts, first_path):
    """Sends a request every `interval` seconds until `deadline`, cycling over SOAK_PATHS; a fresh connection
    every SOAK_REQUESTS_PER_CONN requests (and after any error)."""
    host, port = addr.split(":")
    due = time.monotonic()
    i = first_path
    while True:
        try:
            reader, writer = await asyncio.wait_for(asyncio.open_connection(host, int(port)), IO_TIMEOUT)
        except (OSError, asyncio.TimeoutError):
            counts["errors"] += 1
            await asyncio.sleep(interval)
            if time.monotonic() >= deadline:
                return
            continue
        try:
            for _ in range(SOAK_REQUESTS_PER_CONN):
                now = time.monotonic()
                if now >= deadline:
                    return
                if due > now:
                    await asyncio.sleep(due - now)
                due += interval
                path = SOAK_PATHS[i % len(SOAK_PATHS)]
                i += 1
                writer.write(request(addr, path))
                status = await asyncio.wait_for(read_json_response(reader), IO_TIMEOUT)
                counts["ok" if status == 200 else "errors"] += 1
        except (OSError, asyncio.TimeoutError, asyncio.IncompleteReadError, ValueError):
            counts["errors"] += 1
        finally:
            writer.close()


def slope_per_min(samples):
    """Least-squares slope of (seconds, KiB) samples, in KiB per minute."""
    n = len(samples)
    if n < 2:
        return 0.0
    mt = sum(t for t, _ in samples) / n
    mr = sum(r for _, r in samples) / n
    var = sum((t - mt) ** 2 for t, _ in samples)
    if var == 0:
        return 0.0
    return sum((t - mt) * (r - mr) for t, r in samples) / var * 60


async def soak(a, idle, streams):
    print("\n## Soak: %d s at %d requests/s over %s, %d idle connections and %d SSE streams held open"
          % (a.soak, a.soak_rate, " ".join(SOAK_PATHS), len(idle), len(streams)))
    counts = {"ok": 0, "errors": 0}
    start = time.monotonic()
    deadline = start + a.soak
    interval = SOAK_LOADERS / max(1, a.soak_rate)
    loaders = [asyncio.ensure_future(soak_loader(a.gateway, interval, deadline, counts, k))
               for k in range(SOAK_LOADERS)]
    samples = []
    while True:
        t = time.monotonic() - start
        samples.append((t, vm_rss_kib(a.pid)))
        if len(samples) == 1 or len(samples) % 6 == 0:
            print("  t=%4.0f s  VmRSS %8d KiB  requests ok %d, errors %d" % (t, samples[-1][1], counts["ok"],
                                                                           counts["errors"]), flush=True)
        if time.monotonic() >= deadline:
            break
        await asyncio.sleep(min(a.soak_sample, max(0.0, deadline - time.monotonic())))
    await asyncio.gather(*loaders, return_exceptions=True)
    warm = max(60.0, a.soak * 0.1)
    steady = [x for x in samples if x[0] >= warm] or samples
    first, last = samples[0][1], samples[-1][1]
    slope = slope_per_min(steady)
    rss = [r for _, r in samples]
    tolerance = max(SOAK_FLAT_REL * steady[0][1], SOAK_FLAT_KIB)
    growth = steady[-1][1] - steady[0][1]
    projected = slope * a.soak / 60
    flat = abs(growth) <= tolerance and abs(projected) <= tolerance
    print("start VmRSS %d KiB, end %d KiB (%+d KiB), min %d, max %d; %d samples every %g s"
          % (first, last, last - first, min(rss), max(rss), len(samples), a.soak_sample))
    print("after the %.0f s warm-up: %d -> %d KiB (%+d KiB), slope %+.1f KiB/min (%+.0f KiB over %d s); "
          "tolerance %.0f KiB" % (warm, steady[0][1], steady[-1][1], growth, slope, projected, a.soak, tolerance))
    print("requests: %d ok, %d errors (%.0f/s); still open at the end: %d of %d idle, %d of %d streams"
          % (counts["ok"], counts["errors"], counts["ok"] / max(1e-9, a.soak), still_open(idle), len(idle),
             still_open(streams), len(streams)))
    print("soak verdict: %s" % ("FLAT" if flat else "NOT FLAT (growing)" if growth > 0 else "NOT FLAT"))


async def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--gateway", required=True, help="host:port of elicitguard")
    ap.add_argument("--direct", required=True, help="host:port of bench-upstream")
    ap.add_argument("--pid", type=int, required=True, help="elicitguard's pid")
    ap.add_argument("--idle", type=int, default=10000, help="idle keep-alive connections to hold")
    ap.add_argument("--sse", type=int, default=1000, help="open SSE streams to hold")
    ap.add_argument("--ttfe-samples", type=int, default=200, help="sequential streams timed per target")
    ap.add_argument("--soak", type=int, default=0, help="seconds of soak after the memory figures (0: none)")
    ap.add_argument("--soak-rate", type=int, default=200, help="requests per second during the soak")
    ap.add_argument("--soak-sample", type=float, default=10.0, help="seconds between RSS samples in the soak")
    a = ap.parse_args()

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    want = a.idle + a.sse + 100 + SOAK_LOADERS
    if soft < want:
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(want, hard), hard))
    if min(want, hard) < want:
        print("warning: RLIMIT_NOFILE hard limit %d < %d needed" % (hard, want), file=sys.stderr)

    # Warm up the gateway at the concurrency used below, so its upstream connection pool already has the size
    # it will have and the baseline is a serving process: the deltas are then the client connections alone.
    warm = await bounded(OPEN_CONCURRENCY, lambda: open_idle(a.gateway))
    for c in warm:
        if isinstance(c, Exception):
            raise c
        c[1].close()

    print("\n## Time to first SSE event (POST /sse-hold, %d sequential streams each)" % a.ttfe_samples)
    for label, addr in (("direct", a.direct), ("elicitguard", a.gateway)):
        p50, p99 = await ttfe(addr, a.ttfe_samples)
        print("%-12s p50 %.3f ms  p99 %.3f ms" % (label, p50 * 1000, p99 * 1000))
    await asyncio.sleep(SETTLE)

    print("\n## Resident memory of elicitguard (pid %d)" % a.pid)
    base = vm_rss_kib(a.pid)
    print("baseline            VmRSS %8d KiB" % base)
    results = await bounded(a.idle, lambda: open_idle(a.gateway))
    idle = [c for c in results if not isinstance(c, Exception)]
    await asyncio.sleep(SETTLE)
    after_idle = vm_rss_kib(a.pid)
    n_idle = still_open(idle)
    print("%6d idle conns    VmRSS %8d KiB  (+%d KiB; %.2f KiB per connection; %d failed to open, %d closed by the gateway)"
          % (len(idle), after_idle, after_idle - base, (after_idle - base) / max(1, len(idle)),
             len(results) - len(idle), len(idle) - n_idle))

    results = await bounded(a.sse, lambda: open_sse(a.gateway))
    streams = [(r, w) for x in results if not isinstance(x, Exception) for r, w, _ in [x]]
    await asyncio.sleep(SETTLE)
    after_sse = vm_rss_kib(a.pid)
    print("%6d SSE streams   VmRSS %8d KiB  (+%d KiB; %.2f KiB per stream, gateway side incl. its upstream connection; %d failed)"
          % (len(streams), after_sse, after_sse - after_idle, (after_sse - after_idle) / max(1, len(streams)),
             len(results) - len(streams)))
    errors = [x for x in results if isinstance(x, Exception)][:3]
    for e in errors:
        print("  e.g. %r" % e, file=sys.stderr)
    print("still open at the end: %d of %d idle, %d of %d streams" % (
        still_open(idle), len(idle), still_open(streams), len(streams)))
    if a.soak > 0:
        await soak(a, idle, streams)
    for _, w in idle + streams:
        w.close()


if __name__ == "__main__":
    asyncio.run(main())
