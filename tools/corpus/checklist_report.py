#!/usr/bin/env python3
"""Count the country checklist of tools/corpus/protected_extra.txt by country and slot, for audit.

The fourth pass of protected_extra.txt (the section that starts `# ---- Issue 35, fourth pass`) is a
checklist by country: each line is `<domain> [tags]  # <ISO country> <slot> <name>`, or a comment
`# <ISO country> <slot> <name>...: unsure` / `...: a word, left out` for a slot left out. This prints,
per country, how many entries each slot has and how many were left out, so a reviewer sees which
countries and slots are thin. Nothing of it runs in the gateway.

Usage (Python 3, stdlib only): python3 tools/corpus/checklist_report.py [tools/corpus/protected_extra.txt]
"""

import collections
import re
import sys

SLOTS = ("bank", "wallet", "post", "courier", "tax", "gov-id", "telecom", "market", "ride", "toll")
ENTRY = re.compile(r"^([a-z0-9.-]+)(?:\s+[a-z]+)*\s+#\s+([A-Z]{2})\s+(\S+)\s")
LEFT = re.compile(r"^#\s+([A-Z]{2})\s+(\S+)\s.*(unsure|left out)")


def main():
    path = sys.argv[1] if len(sys.argv) > 1 else "tools/corpus/protected_extra.txt"
    listed = collections.defaultdict(collections.Counter)
    left = collections.defaultdict(collections.Counter)
    inside = False
    with open(path, encoding="utf-8") as f:
        for line in f:
            if line.startswith("# ---- Issue 35, fourth pass"):
                inside = True
                continue
            if inside and line.startswith("# ---- "):
                break
            if not inside:
                continue
            m = ENTRY.match(line)
            if m:
                listed[m.group(2)][m.group(3)] += 1
                continue
            m = LEFT.match(line)
            if m:
                left[m.group(1)][m.group(2)] += 1
    countries = sorted(set(listed) | set(left))
    print("country " + " ".join(f"{s[:7]:>7}" for s in SLOTS) + "  left-out")
    for c in countries:
        cells = " ".join(f"{listed[c][s]:>7}" for s in SLOTS)
        print(f"{c:<7} {cells}  {sum(left[c].values()):>8}")
    total = sum(sum(v.values()) for v in listed.values())
    out = sum(sum(v.values()) for v in left.values())
    print(f"{len(countries)} countries, {total} entries, {out} slots left out (unsure or a word)")


if __name__ == "__main__":
    main()
