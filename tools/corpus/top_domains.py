#!/usr/bin/env python3
"""Write the gateway's list of sites worth imitating: src/policy/url/data/top_domains.txt.

The URL judgement (src/policy/url/top_sites.rs) reads that file at compile time: a look-alike of any
site on it is `url.host.brand`, and a well-known site's link that sends the browser on to an unknown
site is `url.query.open_redirect`. Nothing of this script runs in the gateway.

Sources, merged and de-duplicated, in two tiers:
  * the npm package `top-sites` 1.1.222 (MIT licence; the Moz Top 500 list of the most linked-to
    domains), its `top-sites.json`, whose path is given on the command line: every `rootDomain`;
  * tools/corpus/protected_extra.txt (hand-kept, this repository's licence): banks, payment, crypto
    and identity providers and the sign-in providers MCP servers link to, which a popularity list
    under-represents, with tags (`redirector`: a link shortener, never a trusted destination);
  * the npm package `banks-db` 0.12.0 (CC BY 4.0, (c) its contributors): banks of 27 countries
    with their web sites (`banks/<country>/<bank>.json`, field `url`);
  * the npm package `simple-icons` 16.37.0 (CC0 1.0; maintained brand icons of ~3,500 popular
    brands and services): for each brand, the site its `source` or `guidelines` link is on, when
    that site's registrable label is the brand's slug, title or alias (`itau.com.br` for Itaú):
    a brand's own site, not a page about it on another site.
The first three are the top tier, judged with every check; simple-icons brands not in them are
the long tail (tag `tail`), judged by skeleton, affix, subdomain and lure checks only, not by one
edit (a small legitimate site one typo away from one of ~2,000 more names is too likely).

Hosts are written as the sources give them less a leading `www.`; the gateway reduces each to its
registrable domain with the public suffix list it judges with, so the two never disagree.

Usage (Python 3, stdlib only):

    mkdir -p /tmp/topsites && cd /tmp/topsites && npm install --ignore-scripts \
        top-sites@1.1.222 banks-db@0.12.0 simple-icons@16.37.0
    cd -   # back to the repository
    python3 tools/corpus/top_domains.py /tmp/topsites/node_modules/top-sites/top-sites.json \
        --banks-db /tmp/topsites/node_modules/banks-db/banks \
        --simple-icons /tmp/topsites/node_modules/simple-icons/data/simple-icons.json \
        --psl /usr/share/publicsuffix/public_suffix_list.dat \
        --extra tools/corpus/protected_extra.txt --out src/policy/url/data/top_domains.txt

(`--psl`: Debian's `publicsuffix` package; used only to check that a simple-icons link's host is
the brand's registrable domain.)

(`--ignore-scripts`: the package's postinstall re-downloads the list from its source site; the list
shipped in the package is the one wanted, and it is versioned.)
"""

import argparse
import glob
import json
import os
import re
import unicodedata
import urllib.parse

# Shorteners and link services in the top-sites list: their links lead anywhere.
TOP_SITES_REDIRECTORS = {"bit.ly", "t.co", "goo.gl", "tinyurl.com", "cutt.ly", "linktr.ee", "forms.gle"}

# Domains reserved for documentation (RFC 2606, RFC 6761) that the top-sites list counts among the most
# linked-to: nobody's brand, and a word that apps and examples put in their own names
# (`myapp-example.com`). Tag `unprotected`: known (a link to them is what it says), but no protected name.
RESERVED_DOCUMENTATION = {"example.com", "example.net", "example.org"}

HOST = re.compile(r"^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+$")


def clean(host):
    host = host.strip().lower().rstrip(".")
    if host.startswith("www."):
        host = host[4:]
    return host if HOST.match(host) else None


def load_psl(path):
    """The public suffix list's rules: exact suffixes, wildcards (`*.ck`) and exceptions (`!www.ck`)."""
    rules, wild, exc = set(), set(), set()
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.strip().split()[0] if line.strip() else ""
            if not line or line.startswith("//"):
                continue
            line = line.encode("idna").decode("ascii") if not line.isascii() else line
            if line.startswith("!"):
                exc.add(line[1:])
            elif line.startswith("*."):
                wild.add(line[2:])
            else:
                rules.add(line)
    return rules, wild, exc


def is_public_suffix(psl, suffix):
    rules, wild, exc = psl
    if suffix in exc:
        return False
    if suffix in rules:
        return True
    head, _, rest = suffix.partition(".")
    return bool(rest) and rest in wild


def norm_name(text):
    """A brand's name as a host label would spell it: no accents, letters and digits only."""
    text = unicodedata.normalize("NFKD", text.lower())
    return re.sub(r"[^a-z0-9]", "", text)


def simple_icons_sites(path, psl):
    """The registrable domains of simple-icons brands whose own site their data links to."""
    with open(path, encoding="utf-8") as f:
        icons = json.load(f)
    sites = []
    for icon in icons:
        names = {icon["slug"], norm_name(icon["title"])}
        aliases = icon.get("aliases", {})
        names.update(norm_name(a) for a in aliases.get("aka", []))
        names.update(norm_name(a) for a in aliases.get("loc", {}).values() if isinstance(a, str))
        names = {n for n in names if n}
        # Both links: a brand's guidelines are often on a domain of its own beside its site
        # (`gojek.com` and `gojek.design`), and each is the brand's, not a look-alike of the other.
        for link in (icon.get("source"), icon.get("guidelines")):
            if not link:
                continue
            host = clean(urllib.parse.urlsplit(link).hostname or "")
            if not host:
                continue
            labels = host.split(".")
            for i, label in enumerate(labels[:-1]):
                if label.replace("-", "") in names and is_public_suffix(psl, ".".join(labels[i + 1:])):
                    sites.append(".".join(labels[i:]))
                    break
    return sites


def banks_db_sites(folder):
    sites = []
    for path in sorted(glob.glob(os.path.join(folder, "*", "*.json"))):
        with open(path, encoding="utf-8") as f:
            bank = json.load(f)
        host = clean(urllib.parse.urlsplit(bank.get("url", "")).hostname or "")
        if host:
            sites.append(host)
    return sites


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("top_sites_json")
    ap.add_argument("--extra", default="tools/corpus/protected_extra.txt")
    ap.add_argument("--banks-db", help="the banks-db package's banks/ folder")
    ap.add_argument("--simple-icons", help="the simple-icons package's data/simple-icons.json")
    ap.add_argument("--psl", default="/usr/share/publicsuffix/public_suffix_list.dat")
    ap.add_argument("--out", default="src/policy/url/data/top_domains.txt")
    args = ap.parse_args()

    tags = {}
    with open(args.top_sites_json, encoding="utf-8") as f:
        for entry in json.load(f):
            host = clean(entry.get("rootDomain", ""))
            if host:  # truncated entries (`marketingplatform.google....`) do not parse and are dropped
                tags.setdefault(host, set())
                if host in TOP_SITES_REDIRECTORS:
                    tags[host].add("redirector")
                if host in RESERVED_DOCUMENTATION:
                    tags[host].add("unprotected")
    n_top = len(tags)
    # The hand-kept list's own count goes in the header, so a line added there by hand without running
    # this script shows as a header that no longer adds up.
    n_extra = 0
    with open(args.extra, encoding="utf-8") as f:
        for line in f:
            line = line.split("#", 1)[0].split()
            if not line:
                continue
            host = clean(line[0])
            if not host:
                raise SystemExit(f"not a host name: {line[0]!r}")
            n_extra += host not in tags
            tags.setdefault(host, set()).update(line[1:])
    n_banks = 0
    if args.banks_db:
        for host in banks_db_sites(args.banks_db):
            n_banks += host not in tags
            tags.setdefault(host, set())
    n_tail = 0
    if args.simple_icons:
        psl = load_psl(args.psl)
        top_labels = {h.split(".")[0] for h in tags}
        for host in simple_icons_sites(args.simple_icons, psl):
            if host in tags:
                continue
            # Another domain of a top-tier name (`paypal.me`) stays the top tier's.
            tags[host] = set() if host.split(".")[0] in top_labels else {"tail"}
            n_tail += 1

    with open(args.out, "w", encoding="utf-8") as out:
        out.write("# Sites worth imitating (generated by tools/corpus/top_domains.py; do not edit by hand).\n")
        out.write("# Sources: npm `top-sites` 1.1.222 (MIT licence, Moz Top 500), "
                  f"{n_top} hosts;\n# tools/corpus/protected_extra.txt (hand-kept), {n_extra} more hosts;\n"
                  f"# npm `banks-db` 0.12.0 (CC BY 4.0), {n_banks} more hosts; "
                  f"npm `simple-icons` 16.37.0 (CC0 1.0), {n_tail} more hosts.\n"
                  "# Tag `tail`: the long tail, judged without the one-edit checks; `redirector`, `tenant`:\n"
                  "# never a trusted destination; `hosting`: a site builder whose subdomains anyone publishes;\n"
                  "# `unprotected`: known, but no protected name (documentation domains, initials and ordinary\n"
                  "# words of a big company's own domain).\n")
        out.write("# One host a line, then its tags; the gateway reduces each host to its registrable domain.\n")
        for host in sorted(tags):
            t = " ".join(sorted(tags[host]))
            out.write(f"{host} {t}\n" if t else f"{host}\n")


if __name__ == "__main__":
    main()
