#!/usr/bin/env python3
"""Helpers of benches/load.sh.

    python3 benches/results.py oha FILE.json
        one result line from oha's JSON output: req_per_s p50_us p99_us p999_us requests non2xx errors
    python3 benches/results.py table RESULTS CONNS RATE RATE_CONNS
        the markdown table: medians over rounds, ratios and latency deltas
    python3 benches/results.py cpu COUNTS CLK_TCK
        CPU time and context switches per request (load.sh's cpu mode, and its fixed-rate runs), and the
        CPU-bound throughput ratios against nginx
    python3 benches/results.py store RESULTS CONNS RATE RATE_CONNS PACE_MS
        store.sh's table: the Redis store's gateway against the memory store's, medians over rounds, ratios
        and latency deltas with their rounds
    python3 benches/results.py storecpu COUNTS CLK_TCK
        store.sh's CPU per request (gateway, upstream, redis-server) and the Redis commands per request

RESULTS has one line per measurement: round label path mode req_per_s p50_us p99_us p999_us requests non2xx
socket_errors (mode: throughput, rate, serial or paced).
"""
import json
import statistics
import sys


def oha(path):
    try:
        with open(path) as f:
            r = json.load(f)
        s, p = r["summary"], r["latencyPercentiles"]
    except (OSError, ValueError, KeyError):
        return 1
    codes = r.get("statusCodeDistribution") or {}
    non2xx = sum(int(v) for k, v in codes.items() if not str(k).startswith("2"))
    answered = sum(int(v) for v in codes.values())
    # Requests still in flight when the duration ends are "aborted due to deadline": not failures.
    errors = sum(int(v) for k, v in (r.get("errorDistribution") or {}).items() if "deadline" not in k)

    def us(v):
        return (v or 0) * 1e6

    print("%.1f %d %d %d %d %d %d" % (s["requestsPerSec"], us(p.get("p50")), us(p.get("p99")),
                                      us(p.get("p99.9")), answered, non2xx, errors))
    return 0


def table(results, conns, rate, rate_conns):
    with open(results) as f:
        rows = [line.split() for line in f if line.strip()]
    if not rows:
        print("no results")
        return 1
    data = {}
    for r in rows:
        data.setdefault((r[2], r[3], r[1]), []).append([float(x) for x in r[4:]])
    med = {k: [statistics.median(c) for c in zip(*v)] for k, v in data.items()}
    paths = []
    for r in rows:
        if r[2] not in paths:
            paths.append(r[2])
    mode_name = {"throughput": "closed loop c=%s" % conns, "rate": "fixed %s req/s c=%s" % (rate, rate_conns),
                 "serial": "serial c=1"}

    def ms(us):
        return us / 1000

    print()
    print("| path | mode | target | req/s | p50 ms | p99 ms | p99.9 ms | errors | req/s ÷ direct | req/s ÷ nginx "
          "| p50 − direct ms | p50 − nginx ms | p99 − nginx ms |")
    print("|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for path in paths:
        for mode in ("throughput", "rate", "serial"):
            d = med.get((path, mode, "direct"))
            n = med.get((path, mode, "nginx"))
            for label in ("direct", "nginx", "elicitguard"):
                m = med.get((path, mode, label))
                if m is None:
                    continue
                rps, p50, p99, p999, _req, es, ee = m
                # At a fixed rate every target serves the same req/s unless it cannot keep up; closed-loop
                # latencies are queueing at saturation, not service time.
                ratios, lat = mode != "rate", mode != "throughput"
                rd = "%.2f" % (rps / d[0]) if ratios and d and label != "direct" else ""
                rn = "%.2f" % (rps / n[0]) if ratios and n and label == "elicitguard" else ""
                pd = "%+.3f" % ms(p50 - d[1]) if lat and d and label != "direct" else ""
                pn = "%+.3f" % ms(p50 - n[1]) if lat and n and label == "elicitguard" else ""
                qn = "%+.3f" % ms(p99 - n[2]) if lat and n and label == "elicitguard" else ""
                print("| /%s | %s | %s | %.0f | %.3f | %.3f | %.3f | %d | %s | %s | %s | %s | %s |" % (
                    path, mode_name[mode], label, rps, ms(p50), ms(p99), ms(p999), es + ee, rd, rn, pd, pn, qn))
    print()
    print("medians of %d round(s); errors = non-2xx + socket errors. Fixed rate: oha --latency-correction, each "
          "latency counted from the request's due time. Budget (issue 8): at the fixed rate elicitguard adds at most "
          "nginx's p50 + 0.15 ms, i.e. p50 − nginx ≤ +0.150." % max(int(r[0]) for r in rows))
    return 0


def cpu(path, clk_tck):
    """The `cpu` mode's table: per path and target, medians over rounds of req/s and, per request, the CPU time
    (user, system; microseconds), context switches (voluntary, involuntary) and minor page faults of the server
    under test, and the CPU time and switches of the upstream. /proc counts CPU time in ticks of 1/CLK_TCK s:
    over a 5 s run of thousands of requests the per-request figures are good to a few percent."""
    tick_us = 1e6 / float(clk_tck)
    rows = {}
    with open(path) as f:
        for line in f:
            p = line.split()
            # round label path req/s requests, then 5 counts each: server before, after, upstream before, after.
            if len(p) != 25:
                continue
            _, label, upath, rps, n = p[:5]
            n = float(n)
            if n <= 0:
                continue
            c = [float(x) for x in p[5:]]
            srv = [c[5 + i] - c[i] for i in range(5)]
            up = [c[15 + i] - c[10 + i] for i in range(4)]
            per = [srv[0] * tick_us / n, srv[1] * tick_us / n, srv[2] / n, srv[3] / n, srv[4] / n,
                   up[0] * tick_us / n, up[1] * tick_us / n, up[2] / n, up[3] / n]
            rows.setdefault((upath, label), []).append([float(rps)] + per)
    print("| path | target | req/s | server user µs/req | server sys µs/req | server vol. switches/req "
          "| server invol. switches/req | server minor faults/req | upstream user µs/req | upstream sys µs/req "
          "| upstream vol./invol. switches/req |")
    print("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    order = {"direct": 0, "nginx": 1, "elicitguard": 2}
    for (upath, label) in sorted(rows, key=lambda k: (k[0], order.get(k[1], 9))):
        vals = rows[(upath, label)]
        med = [statistics.median(v[i] for v in vals) for i in range(10)]
        cells = [f"/{upath}", label, f"{med[0]:.0f}"]
        if label == "direct":
            cells += ["", "", "", "", ""]  # no server between the load generator and the upstream
        else:
            cells += [f"{med[1]:.1f}", f"{med[2]:.1f}", f"{med[3]:.2f}", f"{med[4]:.2f}", f"{med[5]:.3f}"]
        cells += [f"{med[6]:.1f}", f"{med[7]:.1f}", f"{med[8]:.2f} / {med[9]:.2f}"]
        print("| " + " | ".join(cells) + " |")
    print(f"medians of {max((len(v) for v in rows.values()), default=0)} round(s).")
    capacity(rows)


# The throughput budgets of issue 8 (elicitguard's req/s ÷ nginx's), per path.
BUDGETS = {"mcp": 0.75, "sse": 0.7, "mcp-elicit": 0.6, "sse-elicit": 0.6}


def capacity(rows):
    """The CPU-bound throughput ratios: with the server and the upstream sharing one CPU, a saturated CPU serves
    1 / (server's + upstream's CPU µs per request) requests a second, so elicitguard's capacity ÷ nginx's is
    (nginx + its upstream) ÷ (elicitguard + its upstream), per round, then the median. Unlike the closed loop's
    req/s it does not count the time the VM gave to other guests (steal is not process time) nor the loader's."""
    totals = {}
    for (upath, label), vals in rows.items():
        # v: req/s, server user, sys, vol, invol, faults, upstream user, sys, vol, invol (per request).
        totals[(upath, label)] = [(v[1] + v[2], v[6] + v[7]) for v in vals]
    paths = sorted({k[0] for k in totals}, key=lambda p: list(BUDGETS).index(p) if p in BUDGETS else 9)

    def med_total(xs):
        return statistics.median(s + u for s, u in xs) if xs else float("nan")

    print()
    print("| path | CPU µs/req, server + upstream: direct / nginx / elicitguard | elicitguard's own ÷ nginx's "
          "| CPU-bound req/s ÷ nginx (budget) | per round |")
    print("|---|---|---:|---:|---|")
    for upath in paths:
        d, n, e = (totals.get((upath, t)) for t in ("direct", "nginx", "elicitguard"))
        if not n or not e:
            continue
        rounds = list(zip(n, e))
        ratio = [(ns + nu) / (es + eu) for (ns, nu), (es, eu) in rounds if es + eu > 0]
        own = [es / ns for (ns, _), (es, _) in rounds if ns > 0]
        budget = BUDGETS.get(upath)
        r = statistics.median(ratio) if ratio else float("nan")
        verdict = "" if budget is None else f" ({budget}): {'met' if r >= budget else 'missed'}"
        print(f"| /{upath} | {med_total(d):.1f} / {med_total(n):.1f} / {med_total(e):.1f} "
              f"| {statistics.median(own) if own else float('nan'):.2f}× | **{r:.2f}**{verdict} "
              f"| {' '.join(f'{x:.2f}' for x in ratio)} |")
    print("CPU-bound req/s ÷ nginx = (nginx + its upstream) ÷ (elicitguard + its upstream), CPU µs per request, "
          "per round; the closed loop's req/s ratio is the same quantity measured by wall clock, with the VM's "
          "noise and the loader's wakeups in it.")


def store(results, conns, rate, rate_conns, pace_ms):
    """store.sh's table: per path and mode, the memory store's gateway and the Redis store's, medians over rounds;
    throughput as Redis ÷ memory (the median of the per-round ratios, the two runs of a round being adjacent in
    time), latency as Redis − memory (likewise), with every round's value."""
    with open(results) as f:
        rows = [line.split() for line in f if line.strip()]
    if not rows:
        print("no results")
        return 1
    runs = {}  # (path, mode) -> round -> label -> values
    paths = []
    for r in rows:
        if r[2] not in paths:
            paths.append(r[2])
        runs.setdefault((r[2], r[3]), {}).setdefault(int(r[0]), {})[r[1]] = [float(x) for x in r[4:]]
    mode_name = {"throughput": "closed loop c=%s" % conns,
                 "rate": "fixed %s req/s c=%s" % (rate, rate_conns),
                 "paced": "paced c=%s, 0–%s ms random wait" % (rate_conns, 2 * int(pace_ms))}

    def med(by_round, label, i):
        xs = [v[label][i] for v in by_round.values() if label in v]
        return statistics.median(xs) if xs else float("nan")

    def per_round(by_round, f):
        return [f(v["memory"], v["redis"]) for _, v in sorted(by_round.items()) if "memory" in v and "redis" in v]

    print()
    print("| path | mode | req/s memory / Redis | Redis ÷ memory (rounds) | p50 ms memory / Redis | p50 Redis − memory, "
          "ms (rounds) | p99 ms memory / Redis | p99 Redis − memory, ms (rounds) | errors |")
    print("|---|---|---:|---:|---:|---:|---:|---:|---:|")
    for path in paths:
        for mode in ("throughput", "rate", "paced"):
            by_round = runs.get((path, mode))
            if not by_round:
                continue
            errors = sum(v[l][5] + v[l][6] for v in by_round.values() for l in v)
            rps = "%.0f / %.0f" % (med(by_round, "memory", 0), med(by_round, "redis", 0))
            ratio = d50 = d99 = lat50 = lat99 = ""
            if mode == "throughput":
                rs = per_round(by_round, lambda m, r: r[0] / m[0] if m[0] else float("nan"))
                if rs:
                    ratio = "**%.2f** (%s)" % (statistics.median(rs), " / ".join("%.2f" % x for x in rs))
            else:
                lat50 = "%.3f / %.3f" % (med(by_round, "memory", 1) / 1000, med(by_round, "redis", 1) / 1000)
                lat99 = "%.3f / %.3f" % (med(by_round, "memory", 2) / 1000, med(by_round, "redis", 2) / 1000)
                a = per_round(by_round, lambda m, r: (r[1] - m[1]) / 1000)
                b = per_round(by_round, lambda m, r: (r[2] - m[2]) / 1000)
                if a:
                    d50 = "**%+.3f** (%s)" % (statistics.median(a), " / ".join("%+.3f" % x for x in a))
                    d99 = "**%+.3f** (%s)" % (statistics.median(b), " / ".join("%+.3f" % x for x in b))
            print("| /%s | %s | %s | %s | %s | %s | %s | %s | %d |" % (
                path, mode_name[mode], rps, ratio, lat50, d50, lat99, d99, errors))
    print()
    print("%d round(s); errors = non-2xx + socket errors. Fixed rate: oha --latency-correction (each latency from its "
          "request's due time). Paced (/mcp-retry, which oha cannot drive): wrk, latency from the send."
          % max(int(r[0]) for r in rows))
    return 0


def storecpu(path, clk_tck):
    """store.sh's CPU table. COUNTS lines: round label path req/s requests, then 5 counts (utime stime voluntary
    involuntary minflt) of the gateway, the upstream and redis-server before, the same after, then Redis's commands
    before and after (evalsha_calls evalsha_usec all_calls), then the gateway's store calls before and after
    (rate_count rate_seconds replay_count replay_seconds)."""
    tick_us = 1e6 / float(clk_tck)
    rows = {}
    with open(path) as f:
        for line in f:
            p = line.split()
            if len(p) != 49:
                continue
            rnd, label, upath, _rps, n = p[:5]
            n = float(n)
            if n <= 0:
                continue
            c = [float(x) for x in p[5:]]
            d = [a - b for a, b in zip(c[15:30], c[0:15])]
            dc = [a - b for a, b in zip(c[33:36], c[30:33])]
            do = [a - b for a, b in zip(c[40:44], c[36:40])]
            rows.setdefault((upath, label), {})[int(rnd)] = {
                "gw": (d[0] + d[1]) * tick_us / n, "gw_vol": d[2] / n, "gw_invol": d[3] / n,
                "up": (d[5] + d[6]) * tick_us / n, "redis": (d[10] + d[11]) * tick_us / n,
                "rate": do[0] / n, "replay": do[2] / n,
                "rate_us": do[1] / do[0] * 1e6 if do[0] else None,
                "replay_us": do[3] / do[2] * 1e6 if do[2] else None,
                "cmds": dc[2] / n, "eval_us": dc[1] / dc[0] if dc[0] else None,
            }
    paths = []
    for upath, _ in rows:
        if upath not in paths:
            paths.append(upath)

    def med(upath, label, k):
        xs = [v[k] for v in rows.get((upath, label), {}).values() if v[k] is not None]
        return statistics.median(xs) if xs else None

    def fmt(x, f):
        return "" if x is None else f % x

    print()
    print("| path | store | gateway CPU µs/req | gateway vol. / invol. switches/req | upstream µs/req "
          "| redis-server µs/req | store calls/req: rate / replay | their mean latency in the gateway, µs "
          "| Redis commands/req | Redis's own µs per EVALSHA |")
    print("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|")
    for upath in paths:
        for label in ("memory", "redis"):
            if (upath, label) not in rows:
                continue
            m = lambda k: med(upath, label, k)  # noqa: E731
            lat = ""
            if label == "redis" and (m("rate_us") is not None or m("replay_us") is not None):
                lat = "%s / %s" % (fmt(m("rate_us"), "%.0f") or "–", fmt(m("replay_us"), "%.0f") or "–")
            calls = "%.2f / %.2f" % (m("rate"), m("replay")) if label == "redis" else "in process"
            print("| /%s | %s | %.1f | %.2f / %.2f | %.1f | %.1f | %s | %s | %.2f | %s |" % (
                upath, label, m("gw"), m("gw_vol"), m("gw_invol"), m("up"), m("redis"), calls, lat, m("cmds"),
                fmt(m("eval_us"), "%.1f")))
    print()
    print("| path | CPU µs/req, gateway + upstream + redis-server: memory / Redis | the Redis gateway's own added "
          "µs/req (rounds) | CPU-bound req/s, Redis ÷ memory (rounds) |")
    print("|---|---:|---:|---:|")
    for upath in paths:
        m, r = rows.get((upath, "memory"), {}), rows.get((upath, "redis"), {})
        both = [k for k in sorted(m) if k in r]
        if not both:
            continue

        def total(v):
            return v["gw"] + v["up"] + v["redis"]

        added = [r[k]["gw"] - m[k]["gw"] for k in both]
        ratio = [total(m[k]) / total(r[k]) for k in both if total(r[k]) > 0]
        print("| /%s | %.1f / %.1f | **%+.1f** (%s) | **%.2f** (%s) |" % (
            upath, statistics.median(total(m[k]) for k in both), statistics.median(total(r[k]) for k in both),
            statistics.median(added), " / ".join("%+.1f" % x for x in added),
            statistics.median(ratio), " / ".join("%.2f" % x for x in ratio)))
    print("CPU time from /proc (user + system, all threads) over each fixed-rate or paced run, ÷ requests answered "
          "(a tick is 10 ms: ~1 µs/req at 10,000 requests); CPU-bound ratio = (gateway + upstream + redis-server "
          "with the memory store) ÷ (the same with Redis), what one saturated shared CPU would serve. Store calls "
          "and their latency from the gateway's elicitguard_store_duration_seconds; Redis commands from INFO "
          "commandstats (PING and INFO left out; a rate check's EVALSHA runs 5 commands, counted with it).")
    return 0

def main():
    if len(sys.argv) >= 3 and sys.argv[1] == "oha":
        return oha(sys.argv[2])
    if len(sys.argv) == 6 and sys.argv[1] == "table":
        return table(*sys.argv[2:])
    if len(sys.argv) == 4 and sys.argv[1] == "cpu":
        return cpu(sys.argv[2], sys.argv[3])
    if len(sys.argv) == 7 and sys.argv[1] == "store":
        return store(*sys.argv[2:])
    if len(sys.argv) == 4 and sys.argv[1] == "storecpu":
        return storecpu(sys.argv[2], sys.argv[3])
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main())
