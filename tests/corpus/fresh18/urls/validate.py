#!/usr/bin/env python3
"""Validator for the fresh18 held-out URL corpus. Stdlib + idna only.

Checks: JSON per line, exact key set, labels, per-file counts, cross-file URL
uniqueness, NFC, no whitespace, ASCII notes, host parsing (userinfo, port,
IPv6 brackets), IDNA (UTS 46) for every non-IP host, and coverage of
regional countries / OAuth providers. Exit code 0 when all checks pass.
"""
import ipaddress
import json
import os
import re
import sys
import unicodedata
from urllib.parse import urlsplit

import idna

HERE = os.path.dirname(os.path.abspath(__file__))
EXPECT = {
    "lookalikes.jsonl": {"bad": 160},
    "idn.jsonl": {"good": 45},
    "oauth.jsonl": {"good": 30, "bad": 20},
    "good.jsonl": {"good": 40},
}
KEYS = {"url", "label", "note"}
errors = []


def err(where, msg):
    errors.append(f"{where}: {msg}")


def parse_host(where, url):
    """Return the host of url (without brackets), or None after reporting."""
    m = re.match(r"^([A-Za-z][A-Za-z0-9+.-]*)://([^/?#]*)", url)
    if not m:
        err(where, "no scheme://authority")
        return None
    scheme, authority = m.group(1).lower(), m.group(2)
    if scheme not in ("http", "https"):
        err(where, f"scheme {scheme} is not http(s)")
    if "@" in authority:
        # userinfo is legal; the host is what follows the last '@'
        authority = authority.rsplit("@", 1)[1]
    if authority.startswith("["):
        end = authority.find("]")
        if end < 0:
            err(where, "unterminated IPv6 bracket")
            return None
        host, rest = authority[1:end], authority[end + 1:]
        try:
            ipaddress.IPv6Address(host.split("%")[0])
        except ValueError:
            err(where, f"bad IPv6 literal {host!r}")
    else:
        host, _, port = authority.partition(":")
        rest = (":" + port) if _ else ""
    if rest:
        if not re.fullmatch(r":\d{1,5}", rest) or not (0 < int(rest[1:]) < 65536):
            err(where, f"bad port part {rest!r}")
    try:
        sp = urlsplit(url)
        sp.port  # raises ValueError on bad port
    except ValueError as e:
        err(where, f"urlsplit: {e}")
    if not host:
        err(where, "empty host")
        return None
    return host


def is_ip(host):
    try:
        ipaddress.ip_address(host.split("%")[0])
        return True
    except ValueError:
        return False


def main():
    seen = {}
    countries, providers = set(), set()
    for fname, want in EXPECT.items():
        path = os.path.join(HERE, fname)
        counts = {}
        with open(path, "rb") as fb:
            raw = fb.read()
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as e:
            err(fname, f"not UTF-8: {e}")
            continue
        if text.startswith("\ufeff"):
            err(fname, "BOM")
        for i, line in enumerate(text.split("\n"), 1):
            if line == "":
                continue
            where = f"{fname}:{i}"
            if unicodedata.normalize("NFC", line) != line:
                err(where, "line not NFC")
            try:
                obj = json.loads(line)
            except json.JSONDecodeError as e:
                err(where, f"JSON: {e}")
                continue
            if not isinstance(obj, dict) or set(obj) != KEYS:
                err(where, f"keys {sorted(obj) if isinstance(obj, dict) else type(obj)}")
                continue
            url, label, note = obj["url"], obj["label"], obj["note"]
            if not all(isinstance(v, str) for v in (url, label, note)):
                err(where, "non-string value")
                continue
            if label not in ("good", "bad"):
                err(where, f"label {label!r}")
            counts[label] = counts.get(label, 0) + 1
            if not note or not note.isascii() or not note.strip():
                err(where, "note empty or not plain ASCII")
            if unicodedata.normalize("NFC", url) != url:
                err(where, "url not NFC")
            if any(c.isspace() or unicodedata.category(c) in ("Cc", "Cf", "Zs") for c in url):
                err(where, "whitespace/control/format char in url")
            if url in seen:
                err(where, f"duplicate url, first at {seen[url]}")
            seen[url] = where
            host = parse_host(where, url)
            if host and not is_ip(host):
                h = host.rstrip(".")
                try:
                    idna.encode(h, uts46=True)
                except idna.IDNAError as e:
                    err(where, f"IDNA: {host!r}: {e}")
            m = re.match(r"regional ([A-Z]{2}) ", note)
            if fname == "lookalikes.jsonl" and m:
                countries.add(m.group(1))
            m = re.match(r"OAuth good: (\S+)", note)
            if m:
                providers.add(m.group(1))
        if counts != want:
            err(fname, f"counts {counts} != expected {want}")
        print(f"{fname}: {counts}")
    regional = sum(1 for w in seen.values() if w.startswith("lookalikes"))  # noqa
    print(f"distinct regional countries: {len(countries)}")
    print(f"distinct OAuth good providers (first word of note): {len(providers)}")
    if len(countries) < 60:
        err("lookalikes.jsonl", f"only {len(countries)} countries")
    if len(providers) < 20:
        err("oauth.jsonl", f"only {len(providers)} providers")
    if errors:
        print(f"FAIL: {len(errors)} problem(s)")
        for e in errors:
            print("  " + e)
        return 1
    print(f"OK: {len(seen)} unique URLs, all checks passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
