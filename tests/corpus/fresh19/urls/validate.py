#!/usr/bin/env python3
"""Validator for the fresh19 URL held-out batch. Stdlib + idna only.

Checks: JSON per line, exact key set {url,label,note}, label values, per-file
and per-label counts, cross-file URL uniqueness, NFC, no whitespace or control
characters, ASCII-only notes, scheme, host parsing (userinfo, port, IPv6
brackets) and idna.encode(host, uts46=True) for every non-IP host.
Exit status 0 when everything passes.
"""
import ipaddress
import json
import os
import sys
import unicodedata
from urllib.parse import urlsplit

import idna

HERE = os.path.dirname(os.path.abspath(__file__))

EXPECTED = {
    "lookalikes.jsonl": {"bad": 160},
    "idn.jsonl": {"good": 45},
    "oauth.jsonl": {"good": 30, "bad": 20},
    "good.jsonl": {"good": 40},
}
KEYS = {"url", "label", "note"}


def parse_host(url):
    """Return (host, is_ip) or raise ValueError. Handles userinfo, port, [v6]."""
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https"):
        raise ValueError("scheme %r" % parts.scheme)
    netloc = parts.netloc
    if not netloc:
        raise ValueError("empty authority")
    hostport = netloc.rpartition("@")[2]  # strip userinfo
    if hostport.startswith("["):
        end = hostport.find("]")
        if end < 0:
            raise ValueError("unclosed IPv6 bracket")
        host = hostport[1:end]
        rest = hostport[end + 1:]
        ipaddress.IPv6Address(host.split("%")[0])
        is_ip = True
    else:
        host, _, port = hostport.partition(":")
        rest = (":" + port) if _ else ""
        is_ip = False
        try:
            ipaddress.IPv4Address(host)
            is_ip = True
        except ValueError:
            pass
    if rest:
        if not rest.startswith(":"):
            raise ValueError("junk after host: %r" % rest)
        port = rest[1:]
        if port and (not port.isdigit() or not 0 < int(port) < 65536):
            raise ValueError("bad port %r" % port)
    if not host:
        raise ValueError("empty host")
    # cross-check with urllib's own view of the port
    _ = parts.port
    return host, is_ip


def main():
    errors = []
    seen = {}
    totals = {}
    for name, want in EXPECTED.items():
        path = os.path.join(HERE, name)
        counts = {}
        with open(path, "rb") as f:
            raw = f.read()
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as e:
            errors.append("%s: not UTF-8: %s" % (name, e))
            continue
        for i, line in enumerate(text.split("\n"), 1):
            if line == "":
                continue
            where = "%s:%d" % (name, i)
            try:
                obj = json.loads(line)
            except json.JSONDecodeError as e:
                errors.append("%s: bad JSON: %s" % (where, e))
                continue
            if not isinstance(obj, dict) or set(obj) != KEYS:
                errors.append("%s: keys %r" % (where, sorted(obj) if isinstance(obj, dict) else obj))
                continue
            url, label, note = obj["url"], obj["label"], obj["note"]
            if not all(isinstance(v, str) for v in (url, label, note)):
                errors.append("%s: non-string value" % where)
                continue
            if label not in ("good", "bad"):
                errors.append("%s: label %r" % (where, label))
            counts[label] = counts.get(label, 0) + 1
            if unicodedata.normalize("NFC", url) != url or unicodedata.normalize("NFC", note) != note:
                errors.append("%s: not NFC" % where)
            if any(c.isspace() or unicodedata.category(c) in ("Cc", "Cf") for c in url):
                errors.append("%s: whitespace/control/format char in url" % where)
            if not note.strip() or not all(32 <= ord(c) < 127 for c in note):
                errors.append("%s: note empty or not plain ASCII" % where)
            if url in seen:
                errors.append("%s: duplicate url (also %s)" % (where, seen[url]))
            seen[url] = where
            try:
                host, is_ip = parse_host(url)
            except ValueError as e:
                errors.append("%s: host parse: %s" % (where, e))
                continue
            if not is_ip:
                h = host[:-1] if host.endswith(".") else host
                try:
                    idna.encode(h, uts46=True)
                except idna.IDNAError as e:
                    errors.append("%s: IDNA %r: %s" % (where, h, e))
        if counts != want:
            errors.append("%s: counts %r, expected %r" % (name, counts, want))
        totals[name] = counts
    for name, c in totals.items():
        print("%-18s %s" % (name, ", ".join("%s=%d" % kv for kv in sorted(c.items()))))
    print("unique urls: %d" % len(seen))
    if errors:
        print("FAIL: %d problem(s)" % len(errors))
        for e in errors:
            print("  " + e)
        return 1
    print("OK")
    return 0


if __name__ == "__main__":
    sys.exit(main())
