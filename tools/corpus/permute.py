#!/usr/bin/env python3
"""Generate look-alike hosts of protected names, dnstwist-style, and measure the gateway on them by technique.

For unit tests and to estimate recall per technique (the `urls11` round): the permutations of the PyPI
package `dnstwist` (addition, bitsquatting, homoglyph, hyphenation, insertion, omission, repetition,
replacement, transposition, vowel-swap, subdomain, tld-swap, dictionary, plural, cyrillic) of a fixed
sample of names from src/policy/url/data/top_domains.txt (global and regional ones), plus techniques
dnstwist lacks that phishers use (the name as a word of a hosting service's page, of a subdomain or of the
registrable label beside words no lure list has; the name's own country code after it; a word with
diacritics beside it). Every case is a look-alike (label `bad`); what the gateway misses is listed with -v.

Usage: pip install dnstwist; python3 tools/corpus/permute.py --bin $CARGO_TARGET_DIR/debug/elicitguard [-v]
       python3 tools/corpus/permute.py --write out.jsonl   (the cases only)
"""

import argparse
import json
import os
import random
import sys
from collections import Counter, defaultdict

sys.path.insert(0, os.path.dirname(__file__))
import measure  # noqa: E402

TOP = "src/policy/url/data/top_domains.txt"
# Words beside a name that no lure list holds (the fresh11 misses' kind), and some with diacritics.
FREE_WORDS = ["premium-free", "shipping-docs", "member-area", "rewards-center", "gift", "vip-access",
              "accèsd", "xácthực", "hesap-kapatma", "portal-2025", "winners", "kundeservice"]
HOSTING = ["blogspot.com", "azurewebsites.net", "netlify.app", "web.app", "pages.dev", "vercel.app",
           "weebly.com", "github.io", "herokuapp.com", "glitch.me"]
OTHER = ["kinnitus.com", "tahdith.com", "account-center.net", "mysecure-portal.info", "lkz.xyz"]
WORD_NAMES = os.path.join(os.path.dirname(__file__), "..", "..", "src/policy/url/data/name_words.txt")


def sample(n_global=40, n_regional=30, seed=11):
    glob_, reg = [], []
    with open(TOP, encoding="utf-8") as f:
        for line in f:
            w = line.split("#")[0].split()
            if not w or any(t in w for t in ("tail", "hosting", "unprotected", "redirector", "tenant")):
                continue
            host = w[0].lower()
            label = host.split(".")[0]
            if not (label.isalpha() and 4 <= len(label) <= 14):
                continue
            tld = host.rsplit(".", 1)[-1]
            (reg if len(tld) == 2 and tld not in ("io", "co", "ai", "me", "tv") else glob_).append(host)
    rnd = random.Random(seed)
    return rnd.sample(sorted(set(glob_)), n_global) + rnd.sample(sorted(set(reg)), n_regional)


def cases(names):
    import dnstwist
    out = []
    rnd = random.Random(7)
    for host in names:
        label = host.split(".")[0]
        tld = host.rsplit(".", 1)[-1]
        f = dnstwist.Fuzzer(host, dictionary=["login", "secure", "account", "verify"], tld_dictionary=["top", "xyz", "shop"])
        f.generate()
        per = defaultdict(list)
        for d in f.domains:
            if d["fuzzer"] in ("*original",):
                continue
            per[d["fuzzer"]].append(d["domain"])
        for fz, doms in sorted(per.items()):
            for d in rnd.sample(sorted(set(doms)), min(3, len(set(doms)))):
                out.append((fz, host, d))
        # Techniques dnstwist lacks: the name as a word beside words on no list.
        w = rnd.choice(FREE_WORDS)
        out.append(("token-hosted", host, f"{label}-{w}.{rnd.choice(HOSTING)}"))
        out.append(("token-subdomain", host, f"{label}-{w}.{rnd.choice(OTHER)}"))
        out.append(("token-registrable", host, f"{label}-{w}.com"))
        if len(tld) == 2:
            out.append(("name-home-cc", host, f"{label}-{tld}.{rnd.choice(OTHER)}"))
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin")
    ap.add_argument("--write")
    ap.add_argument("-v", action="store_true")
    args = ap.parse_args()
    cs = cases(sample())
    if args.write:
        with open(args.write, "w", encoding="utf-8") as f:
            for fz, host, d in cs:
                f.write(json.dumps({"url": f"https://{d}/", "label": "bad", "note": f"{fz} of {host}"},
                                   ensure_ascii=False) + "\n")
    if not args.bin:
        return
    msgs = [measure.wrap_url({"url": f"https://{d}/"}) for _, _, d in cs]
    res = measure.inspect_batch(args.bin, msgs)
    tot, hit = Counter(), Counter()
    misses = []
    for (fz, host, d), r in zip(cs, res):
        flagged = any(x.get("rule", "").startswith("url.") for x in r.get("findings", []))
        tot[fz] += 1
        hit[fz] += flagged
        if not flagged:
            misses.append(f"MISS {fz:18} {d}  ({host})")
    print(f"{'technique':20} {'caught':>9} {'recall':>7}")
    for fz in sorted(tot):
        print(f"{fz:20} {hit[fz]:>4}/{tot[fz]:<4} {hit[fz] / tot[fz]:>7.3f}")
    print(f"{'ALL':20} {sum(hit.values()):>4}/{sum(tot.values()):<4} {sum(hit.values()) / sum(tot.values()):>7.3f}")
    if args.v:
        print("\n".join(misses))


if __name__ == "__main__":
    main()
