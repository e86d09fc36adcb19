#!/usr/bin/env python3
"""Validate the fresh12 URL corpus: keys, labels, counts, uniqueness, IDNA (UTS 46)."""
import json, sys, ipaddress, pathlib
from urllib.parse import urlsplit
import idna
D = pathlib.Path(__file__).parent
EXPECT = {"lookalikes.jsonl": {"bad": 160}, "idn.jsonl": {"good": 45},
          "oauth.jsonl": {"good": 30, "bad": 20}, "good.jsonl": {"good": 40}}
errs, seen = [], {}
for fn, exp in EXPECT.items():
    counts = {}
    for i, line in enumerate((D / fn).read_text(encoding="utf-8").splitlines(), 1):
        o = json.loads(line)
        if set(o) != {"url", "label", "note"}: errs.append(f"{fn}:{i} keys {sorted(o)}")
        if o["label"] not in ("good", "bad"): errs.append(f"{fn}:{i} label")
        if not o["note"].strip(): errs.append(f"{fn}:{i} empty note")
        counts[o["label"]] = counts.get(o["label"], 0) + 1
        u = o["url"]
        if u in seen: errs.append(f"{fn}:{i} duplicate of {seen[u]}")
        seen[u] = f"{fn}:{i}"
        p = urlsplit(u)
        if p.scheme.lower() in ("javascript", "data"): continue
        h = p.hostname
        if not h: errs.append(f"{fn}:{i} no host"); continue
        h = h.rstrip(".")
        try: ipaddress.ip_address(h); continue
        except ValueError: pass
        try: idna.encode(h, uts46=True)
        except idna.IDNAError as e: errs.append(f"{fn}:{i} idna {h!r}: {e}")
    if counts != exp: errs.append(f"{fn} counts {counts} != {exp}")
print("\n".join(errs) or f"OK: {len(seen)} unique URLs")
sys.exit(1 if errs else 0)
