#!/usr/bin/env python3
"""Validator for the fresh20 URL test cases. Stdlib + idna. Run: python3 validate.py"""
import json, os, re, sys, unicodedata, ipaddress
from urllib.parse import urlsplit
try:
    import idna
except ImportError:
    sys.exit("idna missing: pip install idna")

HERE = os.path.dirname(os.path.abspath(__file__))
EXPECT = {  # file -> {label: count}
    "lookalikes.jsonl": {"bad": 160},
    "idn.jsonl": {"good": 45},
    "oauth.jsonl": {"good": 30, "bad": 20},
    "good.jsonl": {"good": 40},
}
KEYS = {"url", "label", "note"}
errors = []
def err(msg): errors.append(msg)

def host_of(url, where):
    """Return the host (unicode, no brackets, no trailing dot) or None; checks userinfo/port/IPv6."""
    try:
        p = urlsplit(url)
    except ValueError as e:
        err(f"{where}: urlsplit failed: {e}"); return None
    if p.scheme not in ("http", "https"):
        err(f"{where}: scheme {p.scheme!r} is not http(s)")
    netloc = p.netloc
    if not netloc:
        err(f"{where}: empty authority"); return None
    hostport = netloc.rsplit("@", 1)[-1]          # drop userinfo (the last @ separates it)
    if hostport.startswith("["):
        end = hostport.find("]")
        if end < 0:
            err(f"{where}: unclosed IPv6 bracket"); return None
        host, rest = hostport[1:end], hostport[end + 1:]
        try:
            ipaddress.IPv6Address(host.split("%")[0])
        except ValueError:
            err(f"{where}: bad IPv6 literal {host!r}")
        if rest and not re.fullmatch(r":\d{1,5}", rest):
            err(f"{where}: bad text after IPv6 literal {rest!r}")
        return None
    host, sep, port = hostport.rpartition(":") if ":" in hostport else (hostport, "", "")
    if sep:
        if not re.fullmatch(r"\d{1,5}", port) or not 0 < int(port) < 65536:
            err(f"{where}: bad port {port!r}")
    try:
        _ = p.port
    except ValueError as e:
        err(f"{where}: port: {e}")
    if host.endswith("."):
        host = host[:-1]
    if not host:
        err(f"{where}: empty host"); return None
    try:
        ipaddress.IPv4Address(host)
        return None
    except ValueError:
        pass
    if p.hostname and p.hostname.rstrip(".") != host.lower() and p.hostname.rstrip(".") != host:
        err(f"{where}: host mismatch with urllib ({p.hostname!r} vs {host!r})")
    return host

def main():
    seen = {}
    stats = {}
    for name, want in EXPECT.items():
        path = os.path.join(HERE, name)
        if not os.path.exists(path):
            err(f"{name}: missing"); continue
        raw = open(path, "rb").read()
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as e:
            err(f"{name}: not UTF-8: {e}"); continue
        counts = {}
        for i, line in enumerate(text.split("\n"), 1):
            if line == "":
                continue
            where = f"{name}:{i}"
            if unicodedata.normalize("NFC", line) != line:
                err(f"{where}: line is not NFC")
            try:
                obj = json.loads(line)
            except json.JSONDecodeError as e:
                err(f"{where}: bad JSON: {e}"); continue
            if not isinstance(obj, dict) or set(obj) != KEYS:
                err(f"{where}: keys {sorted(obj) if isinstance(obj, dict) else type(obj)} != {sorted(KEYS)}"); continue
            url, label, note = obj["url"], obj["label"], obj["note"]
            if not all(isinstance(v, str) for v in (url, label, note)):
                err(f"{where}: non-string value"); continue
            if label not in ("good", "bad"):
                err(f"{where}: label {label!r}")
            counts[label] = counts.get(label, 0) + 1
            if unicodedata.normalize("NFC", url) != url:
                err(f"{where}: url not NFC")
            if re.search(r"\s", url) or any(unicodedata.category(c) in ("Cc", "Cf", "Zs", "Zl", "Zp") for c in url):
                err(f"{where}: whitespace or control/format char in url")
            if not note.strip() or not note.isascii() or any(ord(c) < 32 for c in note):
                err(f"{where}: note must be non-empty plain ASCII")
            if url in seen:
                err(f"{where}: duplicate url (first at {seen[url]})")
            seen[url] = where
            host = host_of(url, where)
            if host is not None:
                try:
                    idna.encode(host, uts46=True)
                except idna.IDNAError as e:
                    err(f"{where}: IDNA rejects host {host!r}: {e}")
        if counts != want:
            err(f"{name}: label counts {counts} != {want}")
        stats[name] = counts
        if name == "lookalikes.jsonl":
            notes = [json.loads(l)["note"] for l in text.splitlines() if l]
            glob = sum(n.startswith("Global brand ") for n in notes)
            reg = [n for n in notes if n.startswith("Regional brand ")]
            countries = {re.search(r"\(([^)]+)\):", n).group(1) for n in reg if re.search(r"\(([^)]+)\):", n)}
            stats["lookalikes split"] = {"global": glob, "regional": len(reg), "countries": len(countries)}
            if glob != 80 or len(reg) != 80:
                err(f"lookalikes: global/regional split {glob}/{len(reg)} != 80/80")
            if len(countries) < 60:
                err(f"lookalikes: only {len(countries)} countries")
        if name == "oauth.jsonl":
            provs = {m.group(1) for l in text.splitlines() if l
                     for m in [re.match(r"Provider ([^:]+):", json.loads(l)["note"])] if m and json.loads(l)["label"] == "good"}
            stats["oauth providers"] = len(provs)
            if len(provs) < 20:
                err(f"oauth: only {len(provs)} providers in good cases")
    for k, v in stats.items():
        print(f"{k}: {v}")
    print(f"unique urls: {len(seen)}")
    if errors:
        print("\n".join(errors))
        print(f"FAILED: {len(errors)} problem(s)")
        return 1
    print("OK: all checks passed")
    return 0

if __name__ == "__main__":
    sys.exit(main())
