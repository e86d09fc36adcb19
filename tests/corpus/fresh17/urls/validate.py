#!/usr/bin/env python3
"""Validator for the fresh17 held-out URL batch.

Stdlib plus `idna` (pip install idna). Paths are relative to this script's folder.
Exit status 0 when every check passes, 1 otherwise.
"""
import ipaddress
import json
import os
import re
import sys
import unicodedata

try:
    import idna
except ImportError:  # pragma: no cover
    sys.exit("validate.py needs the idna package: pip install idna")

HERE = os.path.dirname(os.path.abspath(__file__))
KEYS = {"url", "label", "note"}

# file -> {label: expected count}
EXPECT = {
    "lookalikes.jsonl": {"bad": 160},
    "idn.jsonl": {"good": 45},
    "oauth.jsonl": {"good": 30, "bad": 20},
    "good.jsonl": {"good": 40},
}

errors = []


def err(where, msg):
    errors.append(f"{where}: {msg}")


def split_authority(url):
    """Return (scheme, authority) or raise ValueError."""
    m = re.match(r"^([A-Za-z][A-Za-z0-9+.-]*)://([^/?#]*)", url)
    if not m:
        raise ValueError("no scheme://authority")
    return m.group(1).lower(), m.group(2)


def parse_host(authority):
    """Return (host, port, is_ip) from an authority, handling userinfo and IPv6."""
    if "@" in authority:
        userinfo, hostport = authority.rsplit("@", 1)
        if not userinfo:
            raise ValueError("empty userinfo before @")
    else:
        hostport = authority
    port = None
    if hostport.startswith("["):
        end = hostport.find("]")
        if end < 0:
            raise ValueError("unclosed IPv6 bracket")
        host = hostport[1:end]
        rest = hostport[end + 1:]
        if rest:
            if not rest.startswith(":"):
                raise ValueError("junk after IPv6 literal")
            port = rest[1:]
        ipaddress.IPv6Address(host.split("%")[0])
        is_ip = True
    else:
        if hostport.count(":") > 1:
            raise ValueError("unbracketed IPv6 or several colons")
        if ":" in hostport:
            host, port = hostport.split(":", 1)
        else:
            host = hostport
        is_ip = False
        if re.fullmatch(r"[0-9.]+", host):
            ipaddress.IPv4Address(host)
            is_ip = True
    if port is not None:
        if not port.isdigit() or not (0 < int(port) < 65536):
            raise ValueError(f"bad port {port!r}")
        port = int(port)
    if not host:
        raise ValueError("empty host")
    return host, port, is_ip


def check_host(where, host, is_ip):
    if is_ip:
        return
    h = host[:-1] if host.endswith(".") else host
    try:
        idna.encode(h, uts46=True)
    except idna.IDNAError as e:
        err(where, f"host {host!r} fails IDNA: {e}")


def main():
    seen = {}
    regional_countries = set()
    lookalike_kinds = {"Global": 0, "Regional": 0}
    for name, expect in EXPECT.items():
        path = os.path.join(HERE, name)
        if not os.path.exists(path):
            err(name, "missing")
            continue
        counts = {}
        with open(path, "rb") as f:
            raw = f.read()
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as e:
            err(name, f"not UTF-8: {e}")
            continue
        if text.startswith("\ufeff"):
            err(name, "starts with a BOM")
        for i, line in enumerate(text.split("\n"), 1):
            where = f"{name}:{i}"
            if not line.strip():
                if i != len(text.split("\n")):
                    err(where, "blank line")
                continue
            if unicodedata.normalize("NFC", line) != line:
                err(where, "line is not NFC")
            try:
                obj = json.loads(line)
            except json.JSONDecodeError as e:
                err(where, f"bad JSON: {e}")
                continue
            if not isinstance(obj, dict) or set(obj) != KEYS:
                err(where, f"keys {sorted(obj) if isinstance(obj, dict) else type(obj)} != {sorted(KEYS)}")
                continue
            url, label, note = obj["url"], obj["label"], obj["note"]
            if not all(isinstance(v, str) for v in (url, label, note)):
                err(where, "a value is not a string")
                continue
            if label not in ("good", "bad"):
                err(where, f"label {label!r}")
            counts[label] = counts.get(label, 0) + 1
            if not note or not note.isascii() or any(ord(c) < 32 for c in note):
                err(where, "note empty or not plain ASCII")
            if unicodedata.normalize("NFC", url) != url:
                err(where, "url not NFC")
            if re.search(r"\s", url) or any(unicodedata.category(c) in ("Cc", "Cf", "Zs", "Zl", "Zp") for c in url):
                err(where, "whitespace or control/format character in url")
            if url in seen:
                err(where, f"duplicate url, first in {seen[url]}")
            else:
                seen[url] = where
            try:
                scheme, authority = split_authority(url)
                if scheme not in ("https", "http"):
                    err(where, f"scheme {scheme}")
                host, port, is_ip = parse_host(authority)
            except ValueError as e:
                err(where, f"cannot parse host: {e}")
                continue
            check_host(where, host, is_ip)
            if name == "lookalikes.jsonl":
                m = re.match(r"^(Global|Regional) brand ", note)
                if not m:
                    err(where, "lookalike note must start with 'Global brand' or 'Regional brand'")
                else:
                    lookalike_kinds[m.group(1)] += 1
                    if m.group(1) == "Regional":
                        c = re.search(r"\(([^,()]+), [^()]+\)\. Technique", note)
                        if c:
                            regional_countries.add(c.group(1))
                        else:
                            err(where, "regional note lacks '(Country, sector)'")
        if counts != expect:
            err(name, f"label counts {counts} != expected {expect}")
        print(f"{name}: {sum(counts.values())} lines {counts}")
    if lookalike_kinds != {"Global": 80, "Regional": 80}:
        err("lookalikes.jsonl", f"global/regional split {lookalike_kinds} != 80/80")
    if len(regional_countries) < 60:
        err("lookalikes.jsonl", f"only {len(regional_countries)} countries for regional brands (need >= 60)")
    print(f"lookalikes: {lookalike_kinds}, {len(regional_countries)} regional countries")
    print(f"total unique urls: {len(seen)}")
    if errors:
        print(f"FAIL: {len(errors)} problem(s)")
        for e in errors:
            print("  " + e)
        return 1
    print("OK: all checks passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
