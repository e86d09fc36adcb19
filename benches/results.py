#!/usr/bin/env python3
"""Helpers of benches/load.sh.

    python3 benches/results.py oha FILE.json
        one result line from oha's JSON output: req_per_s p50_us p99_us p999_us requests non2xx errors
    python3 benches/results.py table RESULTS CONNS RATE RATE_CONNS
        the markdown table: medians over rounds, ratios and latency deltas
    python3 benches/results.py cpu COUNTS CLK_TCK
        CPU time and context switches per request (load.sh's cpu mode, and its fixed-rate runs), and the
        CPU-bound throughput ratios against nginx

RESULTS has one line per measurement: round label path mode req_per_s p50_us p99_us p999_us requests non2xx
socket_errors (mode: throughput, rate or serial).
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


def main():
    if len(sys.argv) >= 3 and sys.argv[1] == "oha":
        return oha(sys.argv[2])
    if len(sys.argv) == 6 and sys.argv[1] == "table":
        return table(*sys.argv[2:])
    if len(sys.argv) == 4 and sys.argv[1] == "cpu":
        return cpu(sys.argv[2], sys.argv[3])
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main())
