#!/usr/bin/env python3
"""Length stress test of the learned second signal (docs/model.md, "Length").

For each language of the given corpora, joins k benign messages (k = 1, 2, 3, 5, 8; 20 draws each, seeded) over
the first one's schema, scores each joined form with `elicitguard model-features`, and prints the share over the
threshold. A model that reads length as secrecy flags more as k grows.

Usage: python3 tools/model/joined.py --bin target/debug/elicitguard everyday [ordinary tricky ...]

With `--judge`, each joined form is also judged by the gateway (`elicitguard inspect`), once with the embedded
policy and once with `tools/model/model-block.yaml`, and the share the model at `block` adds is printed: the
model speaks only where the rules found no secret and no reading of the form's purpose redefined one, so this
is what an operator setting it to `block` would see, where the share over the threshold is an upper bound.
"""
import argparse
import collections
import glob
import json
import os
import random
import subprocess

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", default=os.path.join(ROOT, "target", "debug", "elicitguard"))
    ap.add_argument("--judge", action="store_true",
                    help="also judge each joined form with the rules alone and with the model at block")
    ap.add_argument("corpora", nargs="+")
    args = ap.parse_args()
    with open(os.path.join(ROOT, "tools", "model", "manifest.json")) as f:
        threshold = json.load(f)["threshold"]
    rng = random.Random(7)
    by = collections.defaultdict(list)
    for name in args.corpora:
        for path in sorted(glob.glob(os.path.join(ROOT, "tests", "corpus", name, "forms", "*.jsonl"))):
            with open(path, encoding="utf-8") as f:
                for line in f:
                    c = json.loads(line)
                    if c["label"] == "benign":
                        by[c.get("lang", path)].append(c)
    cases = []
    for lang in sorted(by):
        forms = by[lang]
        for k in (1, 2, 3, 5, 8):
            for _ in range(20):
                pick = rng.sample(forms, min(k, len(forms)))
                cases.append((k, {"message": " ".join(p["message"] for p in pick),
                                  "requestedSchema": pick[0]["requestedSchema"]}))
    text = "\n".join(json.dumps(c, ensure_ascii=False) for _, c in cases) + "\n"
    out = subprocess.run([args.bin, "model-features", "-"], input=text.encode(), capture_output=True,
                         check=True).stdout.decode().splitlines()
    if len(out) != len(cases):
        raise SystemExit(f"{len(out)} answers for {len(cases)} forms")
    agg = collections.defaultdict(lambda: [0, 0, 0, 0, 0])
    rules = model = [False] * len(cases)
    if args.judge:
        rules = blocked(args.bin, [c for _, c in cases], None)
        model = blocked(args.bin, [c for _, c in cases], os.path.join(ROOT, "tools", "model", "model-block.yaml"))
    for (k, c), o, r, m in zip(cases, out, rules, model):
        a = agg[k]
        a[0] += 1
        a[1] += json.loads(o)["score"] >= threshold
        a[2] += len(c["message"].encode())
        a[3] += r
        a[4] += m and not r
    print(f"threshold {threshold:.3f}")
    for k in sorted(agg):
        n, over, size, r, added = agg[k]
        line = f"{k} message(s) joined: {over}/{n} over the threshold ({over / n:.3f}), mean {size / n:.0f} bytes"
        if args.judge:
            line += f"; blocked by the rules {r}/{n} ({r / n:.3f}), added by the model at block {added}/{n} ({added / n:.3f})"
        print(line)


def blocked(binary, forms, config):
    """Whether the gateway blocks each form, judged as an InputRequiredResult (as tools/corpus/measure.py does)."""
    msgs = [{"jsonrpc": "2.0", "id": 1, "result": {"resultType": "input_required", "inputRequests": {
        "q": {"method": "elicitation/create", "params": {
            "mode": "form", "message": f["message"], "requestedSchema": f["requestedSchema"]}}},
        "requestState": "s"}} for f in forms]
    text = "\n".join(json.dumps(m, ensure_ascii=False) for m in msgs) + "\n"
    argv = [binary, "inspect", "--lines", "-"] + (["--config", config] if config else [])
    p = subprocess.run(argv, input=text.encode(), capture_output=True)
    lines = p.stdout.decode().splitlines()
    if p.returncode not in (0, 1) or len(lines) != len(forms):
        raise SystemExit(f"inspect: exit {p.returncode}, {len(lines)} answers for {len(forms)} forms")
    return [json.loads(line)["verdict"] == "block" for line in lines]


if __name__ == "__main__":
    main()
