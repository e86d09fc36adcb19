#!/usr/bin/env python3
"""Validator for the fresh21 URL held-out batch. Stdlib + idna. Exit 0 when all checks pass."""
import ipaddress, json, os, sys, unicodedata
from urllib.parse import urlsplit

try:
    import idna
except ImportError:
    sys.exit("idna is missing: pip install idna")

HERE = os.path.dirname(os.path.abspath(__file__))
EXPECT = {  # file: {label: count}
    "lookalikes.jsonl": {"bad": 160},
    "idn.jsonl": {"good": 45},
    "oauth.jsonl": {"good": 30, "bad": 20},
    "good.jsonl": {"good": 40},
}
KEYS = {"url", "label", "note"}
errors = []
seen = {}


def err(where, msg):
    errors.append(f"{where}: {msg}")


def host_of(url, where):
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https"):
        err(where, f"scheme {parts.scheme!r} is not http/https")
    netloc = parts.netloc
    if not netloc:
        err(where, "no authority")
        return None
    if "@" in netloc:
        netloc = netloc.rsplit("@", 1)[1]  # drop userinfo
    if netloc.startswith("["):
        end = netloc.find("]")
        if end < 0:
            err(where, "unclosed IPv6 bracket")
            return None
        host, rest = netloc[1:end], netloc[end + 1:]
        try:
            ipaddress.IPv6Address(host.split("%")[0])
        except ValueError:
            err(where, f"bad IPv6 literal {host!r}")
        if rest and not (rest.startswith(":") and rest[1:].isdigit()):
            err(where, f"bad text after IPv6 literal {rest!r}")
        return None
    host, _, port = netloc.partition(":")
    if port and (not port.isdigit() or not 0 < int(port) < 65536):
        err(where, f"bad port {port!r}")
    try:
        parts.port
    except ValueError as e:
        err(where, f"port: {e}")
    return host


for name, want in EXPECT.items():
    path = os.path.join(HERE, name)
    counts = {}
    with open(path, "rb") as fh:
        raw = fh.read()
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as e:
        err(name, f"not UTF-8: {e}")
        continue
    for n, line in enumerate(text.split("\n"), 1):
        where = f"{name}:{n}"
        if line == "":
            continue
        try:
            obj = json.loads(line)
        except json.JSONDecodeError as e:
            err(where, f"JSON: {e}")
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
        counts[label] = counts.get(label, 0) + 1
        if not note.strip() or not note.isascii():
            err(where, "note empty or not plain ASCII")
        if unicodedata.normalize("NFC", url) != url or unicodedata.normalize("NFC", note) != note:
            err(where, "not NFC")
        if any(c.isspace() for c in url) or any(unicodedata.category(c) in ("Cc", "Cf", "Zs") for c in url):
            err(where, "whitespace or control/format character in url")
        if url in seen:
            err(where, f"duplicate url, first at {seen[url]}")
        else:
            seen[url] = where
        host = host_of(url, where)
        if host is None:
            continue
        host = host.rstrip(".")
        if not host:
            err(where, "empty host")
            continue
        try:
            ipaddress.IPv4Address(host)
            continue  # IP literal: no IDNA check
        except ValueError:
            pass
        try:
            idna.encode(host, uts46=True)
        except idna.IDNAError as e:
            err(where, f"IDNA rejects host {host!r}: {e}")
    if counts != want:
        err(name, f"label counts {counts} != expected {want}")

total = len(seen)
if errors:
    print("\n".join(errors))
    print(f"FAIL: {len(errors)} problem(s), {total} unique urls")
    sys.exit(1)
print(f"OK: {total} unique urls in {len(EXPECT)} files, all checks passed")
