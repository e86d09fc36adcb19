#!/usr/bin/env python3
"""Generate look-alike (typosquat / homograph) URLs for the held-out URL corpus.

dnstwist-style permutations of a protected list of domains, written as JSON Lines in the
format of tests/corpus/urls.jsonl (`url`, `label`, `note`), every line labelled "bad".

The protected list is the npm package `top-sites` (a maintained list of the top 500 sites,
read from its `top-sites.json`, whose path is given on the command line) plus a hand-kept
list of banks, payment, crypto and identity providers below (they matter most to a
phisher and few of them are in a popularity list).

Brands are picked as a spread over the whole ranking (stratified bands), not only the most
famous ones. The output is deterministic for a given seed and input file.

Usage (Python 3, stdlib only):

    mkdir -p /tmp/topsites && cd /tmp/topsites && npm install --ignore-scripts top-sites@1.1.222
    python3 tools/corpus/lookalikes.py /tmp/topsites/node_modules/top-sites/top-sites.json \
        --seed 35 --out tests/corpus/fresh/urls/lookalikes.jsonl

(`--ignore-scripts`: the package's postinstall re-downloads the list from its source site;
the list shipped in the package is what we want, and it is versioned.)
"""

import argparse
import json
import random
import sys

# Banks, payment, crypto and identity providers: (registrable domain, host users see, kind).
FINANCE_IDENTITY = [
    ("paypal.com", "www.paypal.com", "payment"),
    ("stripe.com", "dashboard.stripe.com", "payment"),
    ("chase.com", "secure.chase.com", "bank"),
    ("hsbc.com", "www.hsbc.com", "bank"),
    ("hsbc.co.uk", "www.hsbc.co.uk", "bank"),
    ("barclays.co.uk", "bank.barclays.co.uk", "bank"),
    ("revolut.com", "app.revolut.com", "bank"),
    ("wise.com", "wise.com", "payment"),
    ("okta.com", "login.okta.com", "identity"),
    ("auth0.com", "manage.auth0.com", "identity"),
    ("microsoftonline.com", "login.microsoftonline.com", "identity"),
    ("live.com", "login.live.com", "identity"),
    ("apple.com", "appleid.apple.com", "identity"),
    ("google.com", "accounts.google.com", "identity"),
    ("coinbase.com", "www.coinbase.com", "crypto"),
    ("binance.com", "accounts.binance.com", "crypto"),
    ("metamask.io", "metamask.io", "crypto"),
    ("wellsfargo.com", "connect.secure.wellsfargo.com", "bank"),
    ("bankofamerica.com", "secure.bankofamerica.com", "bank"),
    ("citibank.com", "online.citibank.com", "bank"),
    ("santander.co.uk", "retail.santander.co.uk", "bank"),
    ("americanexpress.com", "www.americanexpress.com", "payment"),
    ("capitalone.com", "verified.capitalone.com", "bank"),
    ("kraken.com", "www.kraken.com", "crypto"),
    ("n26.com", "app.n26.com", "bank"),
    ("monzo.com", "monzo.com", "bank"),
    ("venmo.com", "venmo.com", "payment"),
    ("klarna.com", "app.klarna.com", "payment"),
    ("onelogin.com", "app.onelogin.com", "identity"),
    ("duosecurity.com", "api.duosecurity.com", "identity"),
    ("lastpass.com", "lastpass.com", "identity"),
    ("1password.com", "my.1password.com", "identity"),
    ("ledger.com", "www.ledger.com", "crypto"),
    ("trezor.io", "suite.trezor.io", "crypto"),
    ("blockchain.com", "login.blockchain.com", "crypto"),
    ("commbank.com.au", "www.commbank.com.au", "bank"),
    ("deutsche-bank.de", "meine.deutsche-bank.de", "bank"),
    ("sparkasse.de", "www.sparkasse.de", "bank"),
    ("ing.com", "www.ing.com", "bank"),
    ("bnpparibas.com", "mabanque.bnpparibas", "bank"),
    ("nubank.com.br", "app.nubank.com.br", "bank"),
    ("itau.com.br", "www.itau.com.br", "bank"),
    ("mercadopago.com", "www.mercadopago.com", "payment"),
    ("payoneer.com", "login.payoneer.com", "payment"),
    ("skrill.com", "account.skrill.com", "payment"),
    ("squareup.com", "squareup.com", "payment"),
    ("adyen.com", "ca-live.adyen.com", "payment"),
    ("pingidentity.com", "auth.pingone.com", "identity"),
    ("jumpcloud.com", "console.jumpcloud.com", "identity"),
    ("crypto.com", "crypto.com", "crypto"),
]

# Multi-label public suffixes seen in the lists (enough for registrable-domain splitting here).
MULTI_SUFFIXES = {
    "co.uk", "com.br", "co.jp", "com.au", "co.in", "co.id", "ne.jp", "or.jp", "co.nz",
    "com.co", "gov.br", "gov.uk", "gov.cn", "gouv.fr", "net.au", "go.com",
}

# Domains in the top-sites list that are not brands anyone imitates (parking, CDNs, shorteners).
SKIP = {
    "example.com", "brandbucket.com", "dan.com", "hugedomains.com", "afternic.com",
    "dropcatch.com", "domainmarket.com", "buydomains.com", "perfectdomain.com", "namebright.com",
    "nicsell.com", "googleusercontent.com", "gstatic.com", "ytimg.com", "ggpht.com", "twimg.com",
    "akamaihd.net", "alicdn.com", "ssl-images-amazon.com", "ebayimg.com", "azurefd.net",
    "windows.net", "amazonaws.com", "doubleclick.net", "enable-javascript.com", "aboutads.info",
    "youronlinechoices.com", "networkadvertising.org", "thenai.org", "cointernet.com.co",
    "privacyshield.gov", "go.co", "offset.com",
}

KEYBOARD = {
    "q": "wa", "w": "qeas", "e": "wrsd", "r": "etdf", "t": "ryfg", "y": "tugh", "u": "yihj",
    "i": "uojk", "o": "ipkl", "p": "ol", "a": "qwsz", "s": "awedxz", "d": "serfcx",
    "f": "drtgvc", "g": "ftyhbv", "h": "gyujnb", "j": "huikmn", "k": "jiolm", "l": "kop",
    "z": "asx", "x": "zsdc", "c": "xdfv", "v": "cfgb", "b": "vghn", "n": "bhjm", "m": "njk",
    "1": "2q", "2": "13wq", "3": "24ew", "4": "35re", "5": "46tr", "6": "57yt", "7": "68uy",
    "8": "79iu", "9": "80oi", "0": "9po",
}

# ASCII look-alikes (one character for one or two).
ASCII_GLYPHS = {
    "o": ["0"], "l": ["1", "i"], "i": ["1", "l"], "e": ["3"], "a": ["4"], "s": ["5"],
    "g": ["q", "9"], "b": ["6"], "z": ["2"], "m": ["rn", "nn"], "w": ["vv"], "d": ["cl"],
    "u": ["v"], "n": ["r"], "t": ["7"],
}
# Unicode confusables (Cyrillic and Greek) for Latin letters (UTS #39 confusables).
UNICODE_GLYPHS = {
    "a": [("\u0430", "Cyrillic a")], "c": [("\u0441", "Cyrillic es")],
    "e": [("\u0435", "Cyrillic ie")], "o": [("\u043e", "Cyrillic o"), ("\u03bf", "Greek omicron")],
    "p": [("\u0440", "Cyrillic er"), ("\u03c1", "Greek rho")], "x": [("\u0445", "Cyrillic ha")],
    "y": [("\u0443", "Cyrillic u")], "i": [("\u0456", "Cyrillic byelorussian-ukrainian i"),
                                          ("\u03b9", "Greek iota")],
    "s": [("\u0455", "Cyrillic dze")], "j": [("\u0458", "Cyrillic je")],
    "h": [("\u04bb", "Cyrillic shha")], "v": [("\u03bd", "Greek nu")],
    "k": [("\u03ba", "Greek kappa")], "n": [("\u0578", "Armenian vo")],
    "g": [("\u0261", "Latin script small g")], "l": [("\u04cf", "Cyrillic palochka")],
}

PREFIXES = ["secure-", "login-", "my", "account-", "verify-", "auth-", "signin-", "support-",
            "wallet-", "billing-", "id-", "www-"]
SUFFIXES = ["-login", "-secure", "-verify", "-support", "-account", "-auth", "login", "secure",
            "-help", "-billing", "-id", "-wallet", "-update", "online", "-signin", "-pay"]
# TLDs cheap to register and common in phishing. Not .net/.co/.io/.me/.app and the like: a brand often
# owns its name under those (apple.co is Apple's own short-link domain), which would mislabel a case.
ATTACKER_TLDS = ["top", "xyz", "shop", "click", "icu", "online", "site", "support", "cfd", "sbs",
                 "tk", "rest", "bond", "cyou", "buzz", "lol"]
# Edits that turn a short name into another ordinary word or an unrelated real company too often
# (zdnet -> znet, about -> avout): used only on names of 6 letters or more.
# Brand names that are ordinary words: the same word under another TLD imitates nothing.
GENERIC_WORDS = {"about", "crypto", "line", "wise", "live", "target", "time", "express", "change",
                 "answers", "medium", "mirror", "standard", "independent", "fortune", "insider",
                 "nature", "variety", "metro", "goal", "square", "wired", "archive", "ledger",
                 "kraken", "target", "weather", "books", "photos"}
SHORT_UNSAFE = {"omission", "replacement", "bitsquatting", "vowel-swap"}
ATTACKER_REGISTRABLE = ["auth-check.net", "secure-verify.top", "cdn-edge.xyz", "session-id.site",
                        "acct-review.online", "login-portal.click", "safe-redirect.icu",
                        "id-confirm.app", "evil-site.net", "webgate.cfd", "user-center.sbs",
                        "mail-notice.live"]

PATHS = [
    "/login",
    "/signin?continue=%2Faccount",
    "/verify",
    "/account/verify?session={tok}",
    "/oauth/authorize?client_id={cid}&redirect_uri=https%3A%2F%2F{host}%2Fcallback&response_type=code&scope=openid%20email&state={tok}",
    "/security/confirm?ref={tok}",
    "/auth/2fa?challenge={tok}",
    "/wallet/connect",
    "/checkout/pay/cs_live_{tok}",
    "/recover?user=me&step=2",
    "/password/reset?token={tok}",
    "/billing/update-card",
    "/",
    "/session/expired?return=%2Fdashboard",
]


def registrable(host):
    host = host.lower().rstrip(".")
    if host.startswith("www."):
        host = host[4:]
    labels = host.split(".")
    if len(labels) >= 3 and ".".join(labels[-2:]) in MULTI_SUFFIXES:
        return ".".join(labels[-3:])
    return ".".join(labels[-2:])


def split(domain):
    """(brand label, public suffix) of a registrable domain."""
    for suf in MULTI_SUFFIXES:
        if domain.endswith("." + suf):
            return domain[: -len(suf) - 1], suf
    name, _, tld = domain.rpartition(".")
    return name, tld


def punycode_label(label):
    try:
        label.encode("ascii")
        return label
    except UnicodeEncodeError:
        return "xn--" + label.encode("punycode").decode("ascii")


def to_ascii_host(host):
    return ".".join(punycode_label(l) for l in host.split("."))


# ---- permutations: each returns a list of (new label, detail) --------------------------------

def p_homoglyph_ascii(name):
    out = []
    for i, ch in enumerate(name):
        for g in ASCII_GLYPHS.get(ch, []):
            out.append((name[:i] + g + name[i + 1:], f"'{ch}'->'{g}'"))
    # rn -> m the other way round too
    j = name.find("rn")
    if j >= 0:
        out.append((name[:j] + "m" + name[j + 2:], "'rn'->'m'"))
    return out


def p_homoglyph_unicode(name):
    out = []
    for i, ch in enumerate(name):
        for g, what in UNICODE_GLYPHS.get(ch, []):
            out.append((name[:i] + g + name[i + 1:], f"'{ch}'->{what} U+{ord(g):04X}"))
    return out


def p_homoglyph_unicode_whole(name):
    """Every letter that has a Cyrillic look-alike replaced (a whole-script confusable)."""
    cyr = {"a": "\u0430", "c": "\u0441", "e": "\u0435", "o": "\u043e", "p": "\u0440",
           "x": "\u0445", "y": "\u0443", "i": "\u0456", "s": "\u0455", "j": "\u0458", "h": "\u04bb"}
    if all(ch in cyr for ch in name):
        return [("".join(cyr[c] for c in name), "whole label in Cyrillic look-alikes")]
    return []


def p_transposition(name):
    return [(name[:i] + name[i + 1] + name[i] + name[i + 2:], f"swap {name[i]}{name[i+1]}")
            for i in range(len(name) - 1) if name[i] != name[i + 1] and "-" not in name[i:i + 2]]


def p_insertion(name):
    out = []
    for i, ch in enumerate(name[:-1]):
        for k in KEYBOARD.get(ch, ""):
            out.append((name[:i + 1] + k + name[i + 1:], f"insert '{k}' after '{ch}'"))
    return out


def p_omission(name):
    return [(name[:i] + name[i + 1:], f"drop '{name[i]}'") for i in range(len(name))
            if name[i] != "-"]


def p_repetition(name):
    return [(name[:i] + name[i] + name[i:], f"double '{name[i]}'") for i in range(len(name))
            if name[i].isalpha()]


def p_replacement(name):
    out = []
    for i, ch in enumerate(name):
        for k in KEYBOARD.get(ch, ""):
            out.append((name[:i] + k + name[i + 1:], f"'{ch}'->'{k}' (adjacent key)"))
    return out


def p_bitsquatting(name):
    out = []
    ok = set("abcdefghijklmnopqrstuvwxyz0123456789-")
    for i, ch in enumerate(name):
        for b in range(8):
            c = chr(ord(ch) ^ (1 << b))
            if c in ok and c != ch:
                out.append((name[:i] + c + name[i + 1:], f"bit {b} of '{ch}' -> '{c}'"))
    return out


def p_hyphenation(name):
    return [(name[:i] + "-" + name[i:], f"hyphen at {i}") for i in range(1, len(name))
            if name[i - 1] != "-" and name[i] != "-"]


def p_vowel_swap(name):
    vowels = "aeiou"
    out = []
    for i, ch in enumerate(name):
        if ch in vowels:
            for v in vowels:
                if v != ch:
                    out.append((name[:i] + v + name[i + 1:], f"vowel '{ch}'->'{v}'"))
    return out


def p_affix(name, rng):
    if rng.random() < 0.5:
        a = rng.choice(PREFIXES)
        return [(a + name, f"prefix '{a}'")]
    a = rng.choice(SUFFIXES)
    return [(name + a, f"suffix '{a}'")]


LABEL_TECHNIQUES = [
    ("homoglyph-ascii", p_homoglyph_ascii),
    ("homoglyph-unicode", p_homoglyph_unicode),
    ("transposition", p_transposition),
    ("insertion", p_insertion),
    ("omission", p_omission),
    ("repetition", p_repetition),
    ("replacement", p_replacement),
    ("bitsquatting", p_bitsquatting),
    ("hyphenation", p_hyphenation),
    ("vowel-swap", p_vowel_swap),
]


def load_top_sites(path):
    with open(path, encoding="utf-8") as f:
        data = json.load(f)
    seen, out = set(), []
    for row in sorted(data, key=lambda r: r["rank"]):
        host = row["rootDomain"]
        if "..." in host:  # the list truncates a few long names
            continue
        dom = registrable(host)
        if dom in SKIP or dom in seen:
            continue
        seen.add(dom)
        name, _ = split(dom)
        out.append((dom, row["rank"]))
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("top_sites_json", help="path to top-sites.json of the npm package top-sites")
    ap.add_argument("--seed", type=int, default=35)
    ap.add_argument("--out", default="-")
    ap.add_argument("--top-brands", type=int, default=64, help="brands sampled from top-sites")
    ap.add_argument("--per-brand", type=int, default=2, help="single-technique cases per brand")
    args = ap.parse_args()
    rng = random.Random(args.seed)

    top = load_top_sites(args.top_sites_json)
    all_labels = {split(d)[0] for d, _ in top} | {split(d)[0] for d, _, _ in FINANCE_IDENTITY}
    all_domains = {d for d, _ in top} | {d for d, _, _ in FINANCE_IDENTITY}

    # Stratified sample over the ranking: equal draws from 8 bands, brands with a label of 4+
    # letters (shorter names give permutations that are other ordinary words or names).
    eligible = [(d, r) for d, r in top if len(split(d)[0]) >= 4 and split(d)[0].isalnum()]
    bands = 8
    per_band = args.top_brands // bands
    chosen = []
    size = len(eligible) / bands
    for b in range(bands):
        band = eligible[int(b * size): int((b + 1) * size)]
        chosen += rng.sample(band, min(per_band, len(band)))
    fin = {d for d, _, _ in FINANCE_IDENTITY}
    brands = [(d, "www." + d if rng.random() < 0.5 else d, f"top-sites rank {r}")
              for d, r in chosen if d not in fin]
    brands += [(d, h, f"{k} list") for d, h, k in FINANCE_IDENTITY]

    lines, seen_hosts = [], set()

    def path_for(host):
        tok = "".join(rng.choice("abcdefghijklmnopqrstuvwxyz0123456789") for _ in range(16))
        cid = "".join(rng.choice("0123456789abcdef") for _ in range(20))
        return rng.choice(PATHS).format(tok=tok, cid=cid, host=host)

    def emit(host, note, force_punycode=None):
        host = host.lower() if host.isascii() else host
        key = host.rstrip(".")
        if key in seen_hosts:
            return False
        reg = registrable(key)
        if reg in all_domains:  # a permutation that is itself a real protected site
            return False
        seen_hosts.add(key)
        shown = host
        if force_punycode:
            shown = to_ascii_host(host)
            note += " (punycode form)"
        lines.append({"url": "https://" + shown + path_for(shown), "label": "bad", "note": note})
        return True

    def label_ok(new, orig):
        return (new != orig and new not in all_labels and not new.startswith("-")
                and not new.endswith("-") and "--" not in new and len(new) >= 3)

    def host_of(shown_host, dom, new_label):
        """Put the permuted label back into the host users see (keeping its subdomain)."""
        name, suf = split(dom)
        sub = shown_host[: -len(dom)] if shown_host.endswith(dom) and shown_host != dom else ""
        if sub == "www.":
            sub = "www." if rng.random() < 0.5 else ""
        return f"{sub}{new_label}.{suf}"

    tech_cycle = list(range(len(LABEL_TECHNIQUES)))
    rng.shuffle(tech_cycle)
    t_i = 0
    for dom, shown, origin in brands:
        name, suf = split(dom)
        made = 0
        tries = 0
        # A name that is an ordinary word, or of under 4 letters, is one edit away from other words
        # and unrelated companies (wise -> wwise, ing -> nig): it gets only the host-level cases.
        plain = name in GENERIC_WORDS or len(name) < 4
        while not plain and made < args.per_brand and tries < len(LABEL_TECHNIQUES):
            tname, fn = LABEL_TECHNIQUES[tech_cycle[t_i % len(tech_cycle)]]
            t_i += 1
            tries += 1
            if len(name) < 6 and tname in SHORT_UNSAFE:
                continue
            cands = [c for c in fn(name) if label_ok(c[0], name)]
            if not cands:
                continue
            new, detail = rng.choice(cands)
            host = host_of(shown, dom, new)
            puny = tname == "homoglyph-unicode" and rng.random() < 0.35
            if emit(host, f"{tname} ({detail}) of {dom}, {origin}", puny):
                made += 1

    # Host-level techniques and combinations, spread over the brands.
    for dom, shown, origin in brands:
        name, suf = split(dom)
        kind = rng.choice(["affix", "tld-swap", "subdomain", "combo", "combo", "whole-script"])
        if name in GENERIC_WORDS or len(name) < 4:
            kind = rng.choice(["affix", "subdomain"])
        if kind == "affix":
            new, detail = p_affix(name, rng)[0]
            emit(host_of(shown, dom, new), f"affix ({detail}) of {dom}, {origin}")
        elif kind == "tld-swap" and (name in GENERIC_WORDS or len(name) < 5):
            kind = "combo"
        elif kind == "tld-swap":
            tld = rng.choice([t for t in ATTACKER_TLDS if t != suf])
            emit(f"{name}.{tld}", f"tld-swap (.{suf} -> .{tld}) of {dom}, {origin}")
        elif kind == "subdomain":
            att = rng.choice(ATTACKER_REGISTRABLE)
            emit(f"{shown}.{att}", f"subdomain: {shown} put in front of attacker domain {att}, {origin}")
        elif kind == "whole-script":
            c = p_homoglyph_unicode_whole(name)
            if c:
                emit(f"{c[0][0]}.{suf}", f"homoglyph-unicode ({c[0][1]}) of {dom}, {origin}",
                     rng.random() < 0.5)
            else:
                kind = "combo"
        if kind == "combo":
            combo = rng.choice(["swap+affix", "digit+hyphen", "rn+suffix", "glyph+tld",
                                "omission+subdomain", "glyph+trailing-dot", "unicode+affix"])
            if combo == "swap+affix":
                c = [x for x in p_transposition(name) if label_ok(x[0], name)]
                if c:
                    a, ad = rng.choice(c)
                    b, bd = p_affix(a, rng)[0]
                    emit(host_of(shown, dom, b), f"combo transposition ({ad}) + affix ({bd}) of {dom}, {origin}")
            elif combo == "digit+hyphen":
                c = [x for x in p_homoglyph_ascii(name) if any(ch.isdigit() for ch in x[0])]
                if c:
                    a, ad = rng.choice(c)
                    h = [x for x in p_hyphenation(a)]
                    if h:
                        b, bd = rng.choice(h)
                        emit(host_of(shown, dom, b), f"combo digit swap ({ad}) + hyphenation of {dom}, {origin}")
            elif combo == "rn+suffix":
                if "m" in name:
                    i = name.index("m")
                    a = name[:i] + "rn" + name[i + 1:]
                    ad = "'m'->'rn'"
                elif "rn" in name:
                    a = name.replace("rn", "m", 1)
                    ad = "'rn'->'m'"
                else:
                    c = [x for x in p_homoglyph_ascii(name) if label_ok(x[0], name)]
                    if not c:
                        continue
                    a, ad = rng.choice(c)
                suf_word = rng.choice(["login", "secure", "verify", "online", "auth", "pay"])
                emit(host_of(shown, dom, a + suf_word),
                     f"combo {ad} + glued suffix '{suf_word}' of {dom}, {origin}")
            elif combo == "glyph+tld":
                c = [x for x in p_homoglyph_ascii(name) if label_ok(x[0], name)]
                if c:
                    a, ad = rng.choice(c)
                    tld = rng.choice([t for t in ATTACKER_TLDS if t != suf])
                    emit(f"{a}.{tld}", f"combo homoglyph ({ad}) + tld-swap (.{tld}) of {dom}, {origin}")
            elif combo == "omission+subdomain":
                c = [x for x in p_omission(name) if label_ok(x[0], name) and len(name) >= 6]
                if c:
                    a, ad = rng.choice(c)
                    att = rng.choice(ATTACKER_REGISTRABLE)
                    emit(f"{a}.{suf}.{att}", f"combo omission ({ad}) + subdomain of attacker {att}, {dom}, {origin}")
            elif combo == "glyph+trailing-dot":
                c = [x for x in p_homoglyph_ascii(name) if label_ok(x[0], name)]
                if c:
                    a, ad = rng.choice(c)
                    emit(host_of(shown, dom, a) + ".", f"combo homoglyph ({ad}) + trailing dot of {dom}, {origin}")
            elif combo == "unicode+affix":
                c = [x for x in p_homoglyph_unicode(name)]
                if c:
                    a, ad = rng.choice(c)
                    b, bd = p_affix(a, rng)[0]
                    emit(host_of(shown, dom, b), f"combo homoglyph-unicode ({ad}) + affix ({bd}) of {dom}, {origin}",
                         rng.random() < 0.5)

    out = sys.stdout if args.out == "-" else open(args.out, "w", encoding="utf-8")
    for l in lines:
        out.write(json.dumps(l, ensure_ascii=False) + "\n")
    if out is not sys.stdout:
        out.close()
    print(f"{len(lines)} look-alikes from {len(brands)} brands "
          f"({len(brands) - len(FINANCE_IDENTITY)} from top-sites)", file=sys.stderr)


if __name__ == "__main__":
    main()
