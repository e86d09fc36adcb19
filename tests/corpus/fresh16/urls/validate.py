#!/usr/bin/env python3
"""Validator for the fresh16 held-out URL cases (lookalikes, idn, oauth, good).

Stdlib plus the `idna` package only.  Paths are relative to this script's folder.
Exit status 0 when every check passes, 1 otherwise.  Run: python3 validate.py
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

# file -> {label: expected count}
EXPECTED = {
    "lookalikes.jsonl": {"bad": 160},
    "idn.jsonl": {"good": 45},
    "oauth.jsonl": {"good": 30, "bad": 20},
    "good.jsonl": {"good": 40},
}
KEYS = {"url", "label", "note"}
LABELS = {"good", "bad"}
MIN_COUNTRIES = 60
MIN_PROVIDERS = 20

errors = []


def err(where, msg):
    errors.append(f"{where}: {msg}")


def split_netloc(netloc):
    """Return (userinfo or None, host, port or None, is_ipv6) or raise ValueError."""
    userinfo = None
    if "@" in netloc:
        userinfo, _, netloc = netloc.rpartition("@")
    if netloc.startswith("["):
        end = netloc.find("]")
        if end < 0:
            raise ValueError("unclosed IPv6 bracket")
        host = netloc[1:end]
        rest = netloc[end + 1:]
        if rest and not rest.startswith(":"):
            raise ValueError("junk after IPv6 literal")
        port = rest[1:] if rest else None
        ipaddress.IPv6Address(host)  # raises ValueError
        return userinfo, host, port, True
    if "[" in netloc or "]" in netloc:
        raise ValueError("bracket outside an IPv6 literal")
    host, sep, port = netloc.rpartition(":")
    if not sep:
        host, port = netloc, None
    return userinfo, host, port, False


def parse_url(url):
    """Minimal RFC 3986 style split: scheme, netloc, rest. Raises ValueError."""
    m = re.match(r"^([A-Za-z][A-Za-z0-9+.-]*)://([^/?#]*)(.*)$", url)
    if not m:
        raise ValueError("not an absolute URL with an authority")
    scheme, netloc, rest = m.group(1).lower(), m.group(2), m.group(3)
    if scheme not in ("http", "https"):
        raise ValueError(f"scheme {scheme} is not http or https")
    if not netloc:
        raise ValueError("empty authority")
    return scheme, netloc, rest


def is_ipv4(host):
    try:
        ipaddress.IPv4Address(host)
        return True
    except ValueError:
        return False


def check_host(where, url):
    try:
        scheme, netloc, rest = parse_url(url)
        userinfo, host, port, v6 = split_netloc(netloc)
    except ValueError as e:
        err(where, f"URL does not parse: {e}")
        return None
    if port is not None:
        if not port.isdigit() or not (0 < int(port) < 65536):
            err(where, f"bad port {port!r}")
    if v6:
        return host.lower()
    h = host[:-1] if host.endswith(".") else host
    if not h:
        err(where, "empty host")
        return None
    if is_ipv4(h):
        return h
    if re.fullmatch(r"[0-9.]+", h):
        err(where, f"host {h!r} looks numeric but is not a valid IPv4 literal")
        return None
    try:
        ace = idna.encode(h, uts46=True).decode("ascii")
    except idna.IDNAError as e:
        err(where, f"IDNA failure on host {h!r}: {e}")
        return None
    if len(ace) > 253:
        err(where, "host longer than 253 octets in ACE form")
    return ace


def main():
    seen = {}
    seen_norm = {}
    totals = {}
    countries = set()
    regional = globl = 0
    providers_good = set()
    for fname, expected in EXPECTED.items():
        path = os.path.join(HERE, fname)
        counts = {lab: 0 for lab in LABELS}
        if not os.path.exists(path):
            err(fname, "missing file")
            continue
        raw = open(path, "rb").read()
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as e:
            err(fname, f"not UTF-8: {e}")
            continue
        if text.startswith("\ufeff"):
            err(fname, "BOM at start of file")
        if "\r" in text:
            err(fname, "CR characters (use LF line ends)")
        if text and not text.endswith("\n"):
            err(fname, "last line lacks a newline")
        for n, line in enumerate(text.split("\n")[:-1] if text.endswith("\n") else text.split("\n"), 1):
            where = f"{fname}:{n}"
            if not line.strip():
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
                err(where, f"keys must be exactly {sorted(KEYS)}, got {sorted(obj) if isinstance(obj, dict) else type(obj).__name__}")
                continue
            url, label, note = obj["url"], obj["label"], obj["note"]
            if not all(isinstance(v, str) for v in (url, label, note)):
                err(where, "values must be strings")
                continue
            if label not in LABELS:
                err(where, f"label {label!r} not good/bad")
                continue
            if label not in expected:
                err(where, f"label {label!r} not allowed in {fname}")
            counts[label] += 1
            if unicodedata.normalize("NFC", url) != url:
                err(where, "url not NFC")
            if any(c.isspace() or unicodedata.category(c) in ("Cc", "Cf", "Zl", "Zp") for c in url):
                err(where, "url contains whitespace, control or format characters")
            if not note or not all(32 <= ord(c) < 127 for c in note):
                err(where, "note empty or not plain printable ASCII")
            if note != note.strip() or "  " in note:
                err(where, "note has stray spaces")
            exact_dup = url in seen
            if exact_dup:
                err(where, f"duplicate URL, first seen at {seen[url]}")
            else:
                seen[url] = where
            ace = check_host(where, url)
            if ace is not None and not exact_dup:
                # second uniqueness check on scheme + ACE host + rest, case-folded host
                _, netloc, rest = parse_url(url)
                key = (url.split(":", 1)[0].lower(), ace.lower(), netloc.rpartition("@")[0], rest)
                if key in seen_norm and seen_norm[key] != where:
                    err(where, f"same URL after host normalisation as {seen_norm[key]}")
                seen_norm.setdefault(key, where)
            # file-specific coverage bookkeeping
            if fname == "lookalikes.jsonl":
                m = re.match(r"Regional brand .+? \(([A-Za-z .'-]+?), [^;()]+; real domain ", note)
                if note.startswith("Regional brand "):
                    regional += 1
                    if m:
                        countries.add(m.group(1))
                    else:
                        err(where, "regional note lacks '(Country, category; real domain ...)'")
                elif note.startswith("Global brand "):
                    globl += 1
                else:
                    err(where, "lookalike note must start with 'Global brand' or 'Regional brand'")
            if fname == "oauth.jsonl" and label == "good":
                m = re.match(r"Provider ([^:]+):", note)
                if m:
                    providers_good.add(m.group(1).split(" (")[0])
                else:
                    err(where, "oauth note must start with 'Provider NAME:'")
        for lab in LABELS:
            want = expected.get(lab, 0)
            if counts[lab] != want:
                err(fname, f"{counts[lab]} {lab} lines, expected {want}")
        totals[fname] = counts
    if globl != 80 or regional != 80:
        err("lookalikes.jsonl", f"{globl} global and {regional} regional, expected 80 and 80")
    if len(countries) < MIN_COUNTRIES:
        err("lookalikes.jsonl", f"regional brands cover {len(countries)} countries, need {MIN_COUNTRIES}")
    if len(providers_good) < MIN_PROVIDERS:
        err("oauth.jsonl", f"good links cover {len(providers_good)} providers, need {MIN_PROVIDERS}")

    for fname, counts in totals.items():
        print(f"{fname:18} good={counts['good']:3} bad={counts['bad']:3}")
    print(f"total URLs: {len(seen)}; regional countries: {len(countries)}; good OAuth providers: {len(providers_good)}")
    if errors:
        print(f"FAIL: {len(errors)} problem(s)")
        for e in errors:
            print("  " + e)
        return 1
    print("OK: all checks passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
