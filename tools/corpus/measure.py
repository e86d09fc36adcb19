#!/usr/bin/env python3
"""Measure the gateway on the held-out corpus batches under tests/corpus/fresh/.

Runs `elicitguard inspect --lines -` over the cases (stdlib only; one process per job), each form wrapped as a 2026-07-28
InputRequiredResult (form mode) and each URL likewise (url mode), and prints recall and
false-positive rate per file (per language for forms) and overall.

What counts, the same criteria as tests/secret_corpus.rs and tests/url_corpus.rs, read
through the whole engine:
  forms  a case is flagged when the verdict is `block` and a finding's rule starts with
         `form.secret` (a secret form flagged = caught; a benign form flagged = false positive).
         Blocks for other reasons (e.g. a rule outside form.secret) are counted separately
         as `other-block` and listed with --verbose.
  urls   a case is flagged when any finding's rule starts with `url.` (the URL test counts any
         finding of the URL policy); `block` verdicts are counted too (column `blk`).

Usage:
    python3 tools/corpus/measure.py [--bin target/debug/elicitguard] [--dir tests/corpus/fresh]
                                    [--verbose] [--json OUT] [--jobs 2] [--only forms|urls]
"""

import argparse
import concurrent.futures as cf
import glob
import json
import os
import subprocess
import sys


def wrap_form(case):
    return {"jsonrpc": "2.0", "id": 1, "result": {"resultType": "input_required", "inputRequests": {
        "q": {"method": "elicitation/create", "params": {
            "mode": "form", "message": case["message"], "requestedSchema": case["requestedSchema"]}}},
        "requestState": "s"}}


def wrap_url(case):
    return {"jsonrpc": "2.0", "id": 1, "result": {"resultType": "input_required", "inputRequests": {
        "q": {"method": "elicitation/create", "params": {
            "mode": "url", "message": "Continue", "url": case["url"], "elicitationId": "e1"}}},
        "requestState": "s"}}


def inspect_batch(binary, msgs, config=None):
    """Judges many messages with one `inspect --lines` process (the policy compiles once)."""
    text = "\n".join(json.dumps(m, ensure_ascii=False) for m in msgs) + "\n"
    argv = [binary, "inspect", "--lines", "-"] + (["--config", config] if config else [])
    try:
        p = subprocess.run(argv, input=text.encode("utf-8"),
                           capture_output=True, timeout=600)
    except subprocess.TimeoutExpired:
        return [{"error": "timeout"}] * len(msgs)
    lines = p.stdout.decode("utf-8").splitlines()
    if p.returncode not in (0, 1) or len(lines) != len(msgs):
        err = f"exit {p.returncode}: {p.stderr.decode('utf-8', 'replace')[:300]}"
        return [{"error": err}] * len(msgs)
    out = []
    for line in lines:
        try:
            out.append(json.loads(line))
        except ValueError as e:
            out.append({"error": f"unparsable output ({e}): {line[:300]!r}"})
    return out


def load(path):
    cases = []
    with open(path, encoding="utf-8") as f:
        for i, line in enumerate(f, 1):
            if line.strip():
                c = json.loads(line)
                c["_line"] = i
                cases.append(c)
    return cases


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", default="target/debug/elicitguard")
    ap.add_argument("--dir", default="tests/corpus/fresh")
    ap.add_argument("--verbose", "-v", action="store_true", help="list every miss and false positive")
    ap.add_argument("--json", help="write per-case results to this file")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--config", help="judge under this gateway config (e.g. one enabling form.secret.model)")
    ap.add_argument("--only", choices=["forms", "urls"], help="measure one kind only")
    args = ap.parse_args()

    jobs = []  # (group, kind, file, case)
    for path in sorted(glob.glob(os.path.join(args.dir, "forms", "*.jsonl"))) if args.only != "urls" else []:
        for c in load(path):
            group = os.path.basename(path)[:-6]
            if group != "en-hard" and c.get("lang") and c["lang"] != group:
                group = f"{group}({c['lang']})"
            jobs.append((group, "form", path, c))
    for path in sorted(glob.glob(os.path.join(args.dir, "urls", "*.jsonl"))) if args.only != "forms" else []:
        for c in load(path):
            jobs.append(("urls/" + os.path.basename(path)[:-6], "url", path, c))

    msgs = [wrap_form(c) if kind == "form" else wrap_url(c) for (_, kind, _, c) in jobs]
    chunks = [list(range(i, len(jobs), args.jobs)) for i in range(args.jobs)]
    outs = [None] * len(jobs)
    with cf.ThreadPoolExecutor(max_workers=args.jobs) as ex:
        for idx, res in zip(chunks, ex.map(lambda ix: inspect_batch(args.bin, [msgs[i] for i in ix], args.config), chunks)):
            for i, r in zip(idx, res):
                outs[i] = r
    results = list(zip(jobs, outs))

    stats = {}
    report, dump = [], []
    for (group, kind, path, c), out in results:
        s = stats.setdefault(group, {"kind": kind, "pos": 0, "tp": 0, "neg": 0, "fp": 0,
                                     "blk": 0, "other": 0, "err": 0})
        where = f"{os.path.relpath(path, args.dir)}:{c['_line']}"
        if "error" in out:
            s["err"] += 1
            report.append(f"ERROR {where} {out['error']}")
            dump.append({"where": where, "error": out["error"]})
            continue
        rules = [f.get("rule", "") for f in out.get("findings", [])]
        verdict = out.get("verdict")
        if kind == "form":
            positive = c["label"] == "secret"
            flagged = verdict == "block" and any(r.startswith("form.secret") for r in rules)
            if verdict == "block" and not flagged:
                s["other"] += 1
                report.append(f"OTHER-BLOCK {where} [{c['label']}] {c.get('note','')}: {rules}")
        else:
            positive = c["label"] == "bad"
            flagged = any(r.startswith("url.") for r in rules)
        s["blk"] += verdict == "block"
        if positive:
            s["pos"] += 1
            s["tp"] += flagged
            if not flagged:
                report.append(f"MISS {where} {c.get('note','')} {c.get('url','')} {rules}")
        else:
            s["neg"] += 1
            s["fp"] += flagged
            if flagged:
                msgs = [f.get("message", "") for f in out.get("findings", [])]
                report.append(f"FALSE POSITIVE {where} {c.get('note','')} {c.get('url','')} {msgs}")
        dump.append({"where": where, "label": c["label"], "verdict": verdict, "rules": rules,
                     "flagged": flagged})

    def fmt(x, n):
        return f"{x / n:.3f}" if n else "  -  "

    print(f"{'group':22} {'secret/bad':>10} {'recall':>7} {'benign/good':>11} {'FP rate':>7} {'blk':>5} {'other':>5} {'err':>4}")
    tot = {"form": [0, 0, 0, 0, 0], "url": [0, 0, 0, 0, 0]}
    for g in sorted(stats, key=lambda g: (stats[g]["kind"], g)):
        s = stats[g]
        print(f"{g:22} {s['tp']:>4}/{s['pos']:<5} {fmt(s['tp'], s['pos']):>7} {s['fp']:>5}/{s['neg']:<5} "
              f"{fmt(s['fp'], s['neg']):>7} {s['blk']:>5} {s['other']:>5} {s['err']:>4}")
        t = tot[s["kind"]]
        for i, k in enumerate(["tp", "pos", "fp", "neg", "err"]):
            t[i] += s[k]
    for kind, t in tot.items():
        if t[1] or t[3]:
            print(f"{'ALL ' + kind + 's':22} {t[0]:>4}/{t[1]:<5} {fmt(t[0], t[1]):>7} {t[2]:>5}/{t[3]:<5} "
                  f"{fmt(t[2], t[3]):>7} {'':>5} {'':>5} {t[4]:>4}")
    if args.verbose:
        print()
        for r in report:
            print(r)
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump(dump, f, ensure_ascii=False, indent=0)


if __name__ == "__main__":
    main()
