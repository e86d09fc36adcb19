#!/usr/bin/env python3
"""Validator for the fresh15 URL test cases (stdlib + idna).

Checks every line of lookalikes.jsonl, idn.jsonl, oauth.jsonl and good.jsonl
in this script's own folder: JSON object per line, exact key set
{url, label, note}, label values, per-file counts, URL uniqueness across all
four files, NFC, no whitespace or control characters, plain-ASCII notes,
http(s) scheme, authority parsing (userinfo, port, IPv6 brackets) and
idna.encode(host, uts46=True) for every host that is not an IP literal.
Exit status 0 when everything passes, 1 otherwise.
"""
import ipaddress
import json
import os
import sys
import unicodedata

try:
    import idna
except ImportError:  # pragma: no cover
    sys.exit("validate.py needs the idna package: pip install idna")

HERE = os.path.dirname(os.path.abspath(__file__))
KEYS = {"url", "label", "note"}
# file -> {label: expected count}
EXPECTED = {
    "lookalikes.jsonl": {"bad": 160},
    "idn.jsonl": {"good": 45},
    "oauth.jsonl": {"good": 30, "bad": 20},
    "good.jsonl": {"good": 40},
}


def split_authority(url):
    """Return (scheme, authority) or raise ValueError."""
    if "://" not in url:
        raise ValueError("no scheme separator")
    scheme, rest = url.split("://", 1)
    if scheme not in ("http", "https"):
        raise ValueError("scheme is not http or https: %r" % scheme)
    end = len(rest)
    for ch in "/?#":
        i = rest.find(ch)
        if i != -1:
            end = min(end, i)
    authority = rest[:end]
    if not authority:
        raise ValueError("empty authority")
    return scheme, authority


def parse_host(authority):
    """Return (host, is_ip, userinfo, port) from an authority string."""
    userinfo = None
    if "@" in authority:
        userinfo, authority = authority.rsplit("@", 1)
    port = None
    if authority.startswith("["):
        close = authority.find("]")
        if close == -1:
            raise ValueError("unclosed IPv6 bracket")
        host = authority[1:close]
        tail = authority[close + 1:]
        if tail:
            if not tail.startswith(":"):
                raise ValueError("junk after IPv6 literal: %r" % tail)
            port = tail[1:]
        ipaddress.IPv6Address(host.split("%", 1)[0])
        is_ip = True
    else:
        if authority.count(":") > 1:
            raise ValueError("IPv6 literal without brackets")
        if ":" in authority:
            host, port = authority.split(":", 1)
        else:
            host = authority
        try:
            ipaddress.IPv4Address(host)
            is_ip = True
        except ValueError:
            is_ip = False
    if port is not None:
        if not port.isdigit() or not (0 < int(port) < 65536):
            raise ValueError("bad port %r" % port)
    if not host:
        raise ValueError("empty host")
    return host, is_ip, userinfo, port


def check_line(obj):
    errs = []
    if not isinstance(obj, dict):
        return ["line is not a JSON object"]
    if set(obj) != KEYS:
        errs.append("keys are %s, want %s" % (sorted(obj), sorted(KEYS)))
        return errs
    url, label, note = obj["url"], obj["label"], obj["note"]
    for k in KEYS:
        if not isinstance(obj[k], str) or not obj[k]:
            errs.append("%s is not a non-empty string" % k)
    if errs:
        return errs
    if label not in ("good", "bad"):
        errs.append("label %r" % label)
    if unicodedata.normalize("NFC", url) != url:
        errs.append("url not NFC")
    if unicodedata.normalize("NFC", note) != note:
        errs.append("note not NFC")
    if any(c.isspace() or unicodedata.category(c) in ("Cc", "Cf") for c in url):
        errs.append("url has whitespace or control/format characters")
    if not all(32 <= ord(c) < 127 for c in note):
        errs.append("note is not plain printable ASCII")
    try:
        _, authority = split_authority(url)
        host, is_ip, _, _ = parse_host(authority)
        if not is_ip:
            h = host[:-1] if host.endswith(".") else host
            idna.encode(h, uts46=True)
    except (ValueError, idna.IDNAError, UnicodeError) as e:
        errs.append("host: %s" % e)
    return errs


def main():
    failures = 0
    seen = {}
    total = 0
    for name, want in EXPECTED.items():
        path = os.path.join(HERE, name)
        counts = {}
        try:
            with open(path, "rb") as f:
                raw = f.read()
        except OSError as e:
            print("FAIL %s: %s" % (name, e))
            failures += 1
            continue
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as e:
            print("FAIL %s: not UTF-8: %s" % (name, e))
            failures += 1
            continue
        if text.startswith("\ufeff"):
            print("FAIL %s: has a BOM" % name)
            failures += 1
        for n, line in enumerate(text.splitlines(), 1):
            if not line.strip():
                print("FAIL %s:%d: blank line" % (name, n))
                failures += 1
                continue
            try:
                obj = json.loads(line)
            except json.JSONDecodeError as e:
                print("FAIL %s:%d: JSON: %s" % (name, n, e))
                failures += 1
                continue
            errs = check_line(obj)
            if isinstance(obj, dict) and isinstance(obj.get("url"), str):
                u = obj["url"]
                if u in seen:
                    errs.append("duplicate of %s" % seen[u])
                else:
                    seen[u] = "%s:%d" % (name, n)
            if isinstance(obj, dict) and obj.get("label") in ("good", "bad"):
                counts[obj["label"]] = counts.get(obj["label"], 0) + 1
            for e in errs:
                print("FAIL %s:%d: %s" % (name, n, e))
            failures += bool(errs)
            total += 1
        if counts != want:
            print("FAIL %s: counts %s, want %s" % (name, counts, want))
            failures += 1
        else:
            print("ok   %s: %s" % (name, counts))
    print("%d lines, %d unique urls, %d failures" % (total, len(seen), failures))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
