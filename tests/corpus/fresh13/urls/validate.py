import json, os, sys, ipaddress, unicodedata
from urllib.parse import urlsplit
import idna
D = os.path.dirname(os.path.abspath(__file__)) + "/"
EXPECT = {"lookalikes.jsonl": {"bad": 160}, "idn.jsonl": {"good": 45},
          "oauth.jsonl": {"good": 30, "bad": 20}, "good.jsonl": {"good": 40}}
errors, seen = [], {}
def host_of(url):
    sp = urlsplit(url)
    if sp.scheme in ("data", "javascript"):
        return None, True
    net = sp.netloc
    if not net: raise ValueError("no netloc")
    hostport = net.rsplit("@", 1)[-1]
    if hostport.startswith("["):
        ipaddress.IPv6Address(hostport[1:hostport.index("]")]); return hostport, True
    host = hostport.rsplit(":", 1)[0] if ":" in hostport else hostport
    if ":" in hostport: int(hostport.rsplit(":", 1)[1])
    h = host[:-1] if host.endswith(".") else host
    try:
        ipaddress.IPv4Address(h); return h, True
    except ValueError: pass
    idna.encode(h, uts46=True)      # raises on failure
    return h, False
for fn, exp in EXPECT.items():
    counts = {}
    with open(D + fn, encoding="utf-8") as f:
        raw = f.read()
    if not raw.endswith("\n"): errors.append(f"{fn}: no final newline")
    for i, line in enumerate(raw.splitlines(), 1):
        try: o = json.loads(line)
        except Exception as e: errors.append(f"{fn}:{i} json {e}"); continue
        if set(o) != {"url", "label", "note"}: errors.append(f"{fn}:{i} keys {sorted(o)}")
        if o.get("label") not in ("good", "bad"): errors.append(f"{fn}:{i} label {o.get('label')}")
        if not isinstance(o.get("note"), str) or len(o["note"]) < 10: errors.append(f"{fn}:{i} note")
        elif not o["note"].isascii(): errors.append(f"{fn}:{i} non-ASCII note (keep notes plain English)")
        u = o["url"]
        if any(c.isspace() for c in u): errors.append(f"{fn}:{i} whitespace in url")
        if unicodedata.normalize("NFC", u) != u: errors.append(f"{fn}:{i} not NFC")
        try: host_of(u)
        except Exception as e: errors.append(f"{fn}:{i} host/idna: {u!r}: {e}")
        if u in seen: errors.append(f"{fn}:{i} duplicate of {seen[u]}")
        seen[u] = f"{fn}:{i}"
        counts[o["label"]] = counts.get(o["label"], 0) + 1
    if counts != exp: errors.append(f"{fn}: counts {counts} != {exp}")
    print(fn, counts)
print("total", len(seen))
print("\n".join(errors) if errors else "OK: all checks passed")
sys.exit(1 if errors else 0)
