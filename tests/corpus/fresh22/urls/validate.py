#!/usr/bin/env python3
"""Validator for the fresh22 URL batch. Stdlib + idna. Paths are relative to this file."""
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


def host_of(url):
    """Return (host, is_ip) after stripping scheme, userinfo, port and brackets."""
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https"):
        raise ValueError("scheme %r" % parts.scheme)
    netloc = parts.netloc
    if not netloc:
        raise ValueError("empty authority")
    hostport = netloc.rpartition("@")[2]  # drop userinfo
    if hostport.startswith("["):
        end = hostport.find("]")
        if end < 0:
            raise ValueError("unclosed IPv6 bracket")
        host = hostport[1:end]
        rest = hostport[end + 1:]
        if rest and not (rest.startswith(":") and rest[1:].isdigit()):
            raise ValueError("bad text after IPv6 literal: %r" % rest)
        ipaddress.IPv6Address(host)
        return host, True
    host, sep, port = hostport.rpartition(":") if ":" in hostport else (hostport, "", "")
    if sep:
        if not port.isdigit() or not 0 < int(port) < 65536:
            raise ValueError("bad port %r" % port)
    if not host:
        raise ValueError("empty host")
    try:
        ipaddress.IPv4Address(host)
        return host, True
    except ValueError:
        pass
    return host, False


def main():
    errors = []
    seen = {}
    for name, want in EXPECTED.items():
        path = os.path.join(HERE, name)
        counts = {}
        with open(path, "rb") as fh:
            raw = fh.read()
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as e:
            errors.append("%s: not UTF-8: %s" % (name, e))
            continue
        for no, line in enumerate(text.split("\n"), 1):
            if line == "":
                continue
            where = "%s:%d" % (name, no)
            if unicodedata.normalize("NFC", line) != line:
                errors.append(where + ": line not NFC")
            try:
                obj = json.loads(line)
            except json.JSONDecodeError as e:
                errors.append(where + ": bad JSON: %s" % e)
                continue
            if not isinstance(obj, dict) or set(obj) != KEYS:
                errors.append(where + ": keys %r" % (sorted(obj) if isinstance(obj, dict) else obj))
                continue
            url, label, note = obj["url"], obj["label"], obj["note"]
            if not all(isinstance(v, str) for v in (url, label, note)):
                errors.append(where + ": non-string value")
                continue
            if label not in ("good", "bad"):
                errors.append(where + ": label %r" % label)
            counts[label] = counts.get(label, 0) + 1
            if not note or not note.isascii() or any(ord(c) < 32 for c in note):
                errors.append(where + ": note must be non-empty printable ASCII")
            if unicodedata.normalize("NFC", url) != url:
                errors.append(where + ": url not NFC")
            if any(c.isspace() or ord(c) < 32 or ord(c) == 127 for c in url):
                errors.append(where + ": whitespace/control in url")
            if url in seen:
                errors.append(where + ": duplicate of " + seen[url])
            else:
                seen[url] = where
            try:
                host, is_ip = host_of(url)
            except ValueError as e:
                errors.append(where + ": host: %s" % e)
                continue
            if not is_ip:
                h = host[:-1] if host.endswith(".") else host
                try:
                    idna.encode(h, uts46=True)
                except idna.IDNAError as e:
                    errors.append(where + ": IDNA %r: %s" % (h, e))
        if counts != want:
            errors.append("%s: counts %r, want %r" % (name, counts, want))
        print("%-18s %s" % (name, counts))
    print("total urls: %d" % len(seen))
    if errors:
        for e in errors:
            print("ERROR", e)
        print("FAIL (%d errors)" % len(errors))
        return 1
    print("OK")
    return 0


if __name__ == "__main__":
    sys.exit(main())
