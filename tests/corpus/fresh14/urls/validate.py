#!/usr/bin/env python3
"""Validator for the fresh14 URL cases. Stdlib plus `idna` (pip install idna).

Run: python3 validate.py   (paths are relative to this script's folder)
Exit status 0 when every check passes, 1 otherwise.
"""
import ipaddress
import json
import os
import re
import sys
import unicodedata
from urllib.parse import urlsplit

try:
    import idna
except ImportError:  # pragma: no cover
    sys.exit("validate.py needs the idna package: pip install idna")

HERE = os.path.dirname(os.path.abspath(__file__))
KEYS = {"url", "label", "note"}
# file -> expected label counts
EXPECT = {
    "lookalikes.jsonl": {"bad": 160},
    "idn.jsonl": {"good": 45},
    "oauth.jsonl": {"good": 30, "bad": 20},
    "good.jsonl": {"good": 40},
}
errors = []


def err(where, msg):
    errors.append(f"{where}: {msg}")


def no_dupes(pairs):
    d = {}
    for k, v in pairs:
        if k in d:
            raise ValueError(f"duplicate key {k!r}")
        d[k] = v
    return d


def parse_host(where, url):
    """Return (kind, host) where kind is ipv4/ipv6/name; checks userinfo, port, brackets, IDNA."""
    try:
        parts = urlsplit(url)
    except ValueError as exc:
        err(where, f"urlsplit failed: {exc}")
        return None, None
    if parts.scheme not in ("https", "http"):
        err(where, f"scheme {parts.scheme!r} is not http(s)")
    netloc = parts.netloc
    if not netloc:
        err(where, "empty authority")
        return None, None
    hostport = netloc.rsplit("@", 1)[1] if "@" in netloc else netloc
    if "@" in netloc and not netloc.rsplit("@", 1)[0]:
        err(where, "empty userinfo before @")
    if hostport.startswith("["):
        end = hostport.find("]")
        if end < 0:
            err(where, "unclosed IPv6 bracket")
            return None, None
        host, rest = hostport[1:end], hostport[end + 1:]
        try:
            ipaddress.IPv6Address(host)
        except ValueError:
            err(where, f"bad IPv6 literal {host!r}")
        kind = "ipv6"
    else:
        if hostport.count(":") > 1:
            err(where, "unbracketed colon in host")
            return None, None
        host, _, port = hostport.partition(":")
        rest = ":" + port if _ else ""
        kind = "name"
    if rest:
        if not rest.startswith(":") or not rest[1:].isdigit() or not 0 < int(rest[1:]) < 65536:
            err(where, f"bad port part {rest!r}")
    if kind == "ipv6":
        return kind, host
    if not host:
        err(where, "empty host")
        return None, None
    if re.fullmatch(r"[0-9.]+", host):
        try:
            ipaddress.IPv4Address(host)
            return "ipv4", host
        except ValueError:
            err(where, f"bad IPv4-looking host {host!r}")
            return None, None
    name = host[:-1] if host.endswith(".") else host
    try:
        idna.decode(idna.encode(name, uts46=True))  # round trip also rejects bogus xn-- labels
    except (idna.IDNAError, UnicodeError) as exc:
        err(where, f"IDNA rejects host {host!r}: {exc}")
    return "name", name


def main():
    seen = {}
    countries, regional, globl, providers_good = set(), 0, 0, set()
    totals = {}
    for fname, want in EXPECT.items():
        path = os.path.join(HERE, fname)
        counts = {"good": 0, "bad": 0}
        try:
            raw = open(path, "rb").read()
        except OSError as exc:
            err(fname, f"cannot read: {exc}")
            continue
        if raw.startswith(b"\xef\xbb\xbf"):
            err(fname, "UTF-8 BOM present")
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            err(fname, f"not UTF-8: {exc}")
            continue
        if "\r" in text:
            err(fname, "CR characters present")
        if text and not text.endswith("\n"):
            err(fname, "missing final newline")
        for n, line in enumerate(text.split("\n")[:-1] if text.endswith("\n") else text.split("\n"), 1):
            where = f"{fname}:{n}"
            if not line.strip():
                err(where, "blank line")
                continue
            if not unicodedata.is_normalized("NFC", line):
                err(where, "line is not NFC")
            try:
                obj = json.loads(line, object_pairs_hook=no_dupes)
            except ValueError as exc:
                err(where, f"JSON: {exc}")
                continue
            if not isinstance(obj, dict) or set(obj) != KEYS:
                err(where, f"keys {sorted(obj) if isinstance(obj, dict) else type(obj)} != {sorted(KEYS)}")
                continue
            url, label, note = obj["url"], obj["label"], obj["note"]
            if not all(isinstance(v, str) for v in (url, label, note)):
                err(where, "values must be strings")
                continue
            if label not in ("good", "bad"):
                err(where, f"label {label!r}")
            else:
                counts[label] += 1
            if not note or not note.isascii() or any(ord(c) < 32 or ord(c) == 127 for c in note):
                err(where, "note must be non-empty printable ASCII")
            if any(c.isspace() or unicodedata.category(c) in ("Cc", "Cf", "Zs", "Zl", "Zp") for c in url):
                err(where, "whitespace or control/format character in url")
            if not unicodedata.is_normalized("NFC", url):
                err(where, "url not NFC")
            if url in seen:
                err(where, f"duplicate url, first at {seen[url]}")
            else:
                seen[url] = where
            kind, host = parse_host(where, url)
            # per-file content checks
            if fname == "lookalikes.jsonl":
                m = re.match(r"Regional \(([^)]+)\): ", note)
                if m:
                    regional += 1
                    countries.add(m.group(1))
                elif note.startswith("Global: "):
                    globl += 1
                else:
                    err(where, "note must start with 'Global: ' or 'Regional (Country): '")
            if fname == "idn.jsonl" and kind == "name":
                if host.isascii() and "xn--" not in host:
                    err(where, "idn case has an all-ASCII host")
            if fname == "oauth.jsonl":
                m = re.match(r"Provider: ([^;]+);", note)
                if not m:
                    err(where, "note must start with 'Provider: Name;'")
                elif label == "good":
                    providers_good.add(m.group(1))
        for lab in ("good", "bad"):
            if counts[lab] != want.get(lab, 0):
                err(fname, f"{counts[lab]} {lab} lines, expected {want.get(lab, 0)}")
        totals[fname] = counts
    if globl != 80 or regional != 80:
        err("lookalikes.jsonl", f"{globl} global and {regional} regional, expected 80 and 80")
    if len(countries) < 60:
        err("lookalikes.jsonl", f"only {len(countries)} countries, expected at least 60")
    if len(providers_good) < 20:
        err("oauth.jsonl", f"only {len(providers_good)} providers among good lines, expected at least 20")

    for fname, c in totals.items():
        print(f"{fname:18} good={c['good']:3} bad={c['bad']:3}")
    print(f"lookalikes: global={globl} regional={regional} countries={len(countries)}")
    print(f"oauth good providers={len(providers_good)}")
    print(f"unique urls={len(seen)}")
    if errors:
        print(f"FAIL: {len(errors)} problem(s)")
        for e in errors:
            print("  " + e)
        return 1
    print("OK: all checks passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
