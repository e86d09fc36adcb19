#!/usr/bin/env python3
"""Length stress test of the learned second signal (docs/model.md, "Length").

For each language of the given corpora, joins k benign messages (k = 1, 2, 3, 5, 8; 20 draws each, seeded) over
the first one's schema, scores each joined form with `elicitguard model-features`, and prints the share over the
threshold. A model that reads length as secrecy flags more as k grows.

Usage: python3 tools/model/joined.py --bin target/debug/elicitguard everyday [ordinary tricky ...]
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
    agg = collections.defaultdict(lambda: [0, 0, 0])
    for (k, c), o in zip(cases, out):
        a = agg[k]
        a[0] += 1
        a[1] += json.loads(o)["score"] >= threshold
        a[2] += len(c["message"].encode())
    print(f"threshold {threshold:.3f}")
    for k in sorted(agg):
        n, over, size = agg[k]
        print(f"{k} message(s) joined: {over}/{n} over the threshold ({over / n:.3f}), mean {size / n:.0f} bytes")


if __name__ == "__main__":
    main()
