#!/usr/bin/env python3
"""Generate look-alike hosts of protected names, dnstwist-style, and measure the gateway by technique and name class.

For unit tests and to estimate recall per technique (the `urls11` round, widened in `urls12b`): the
permutations of the PyPI package `dnstwist` (addition, bitsquatting, homoglyph, hyphenation, insertion,
omission, repetition, replacement, transposition, vowel-swap, subdomain, tld-swap, dictionary, plural,
cyrillic, various) of a seeded sample of names from src/policy/url/data/top_domains.txt, plus techniques
dnstwist lacks that phishers use, alone and COMBINED:

  token-hosted / token-subdomain / token-registrable   the name beside a word no lure list holds
  name-home-cc           `<name>-<its cc>.<other>.com`
  typo+local-affix       a dnstwist typo of the name, hyphen, a sign-in/verify/account word in the
                         language of the name's country (English for a global name)
  homoglyph+tld          a dnstwist homoglyph of the name under a cheap or shop ending
  other-cc-commercial    the name under another country's commercial zone (`<name>.com.<cc>`)
  typo-hosted            a dnstwist typo of the name alone as a hosting service's page label
  local-affix-hosted     the name beside a local-language word as a hosting service's page label
  typo-subdomain         a dnstwist typo of the name as a subdomain of an unrelated domain
  name-in-path-host      `<name>.<cc>-<local word>.com` (the name's own domain flattened into a label)

Names fall in three classes reported apart: `short` (registrable label of five letters or fewer),
`regional` (under a country ending) and `global` (the rest). Every case is a look-alike (label `bad`);
what the gateway misses is listed with -v. Deterministic: the sample and every choice come from --seed.

Usage: pip install dnstwist; python3 tools/corpus/permute.py --bin $CARGO_TARGET_DIR/debug/elicitguard [-v]
       python3 tools/corpus/permute.py --write out.jsonl   (the cases only)
       --small reproduces the urls11 sample (70 names, seed 11).
"""

import argparse
import json
import os
import random
import sys
from collections import Counter, defaultdict

sys.path.insert(0, os.path.dirname(__file__))
import measure  # noqa: E402

TOP = "src/policy/url/data/top_domains.txt"
# Words beside a name that no lure list holds (the fresh11 misses' kind), and some with diacritics.
FREE_WORDS = ["premium-free", "shipping-docs", "member-area", "rewards-center", "gift", "vip-access",
              "accèsd", "xácthực", "hesap-kapatma", "portal-2025", "winners", "kundeservice"]
HOSTING = ["blogspot.com", "azurewebsites.net", "netlify.app", "web.app", "pages.dev", "vercel.app",
           "weebly.com", "github.io", "herokuapp.com", "glitch.me"]
OTHER = ["kinnitus.com", "tahdith.com", "account-center.net", "mysecure-portal.info", "lkz.xyz"]
CHEAPISH = ["top", "xyz", "online", "shop", "site", "info", "live", "click", "store", "vip"]
COMMERCIAL = ["com.br", "com.mx", "com.tr", "co.za", "com.ng", "com.pk", "co.id", "com.vn", "com.ph",
              "com.ar", "co.uk", "com.au", "com.co", "com.pe", "co.in", "com.my", "com.eg", "co.ke"]
# Sign-in, verification and account words as people of each country write them in hosts (ASCII-folded),
# hand-picked from the languages' ordinary vocabulary, some on the gateway's lure lists and some not.
LOCAL = {
    "en": ["signin", "verify-account", "account-update", "secure-access", "customer-portal", "billing"],
    "de": ["anmelden", "konto-verifizieren", "kundenkonto", "sicherheit", "bestaetigung"],
    "at": ["anmelden", "konto-verifizieren", "kundenkonto", "sicherheit"],
    "ch": ["anmelden", "konto", "sicherheit", "connexion"],
    "fr": ["connexion", "verification", "espace-client", "mon-compte", "securite"],
    "be": ["connexion", "inloggen", "verificatie", "mon-compte"],
    "es": ["acceso", "verificacion", "mi-cuenta", "banca-online", "seguridad"],
    "mx": ["acceso", "verificacion", "mi-cuenta", "aclaraciones", "seguridad"],
    "ar": ["acceso", "verificacion", "mi-cuenta", "homebanking"],
    "cl": ["acceso", "verificacion", "mi-cuenta", "clave"],
    "co": ["acceso", "verificacion", "mi-cuenta", "sucursal"],
    "pe": ["acceso", "verificacion", "mi-cuenta", "banca"],
    "it": ["accesso", "verifica", "il-mio-conto", "sicurezza", "area-clienti"],
    "br": ["acesso", "atualizacao", "minha-conta", "verificar", "seguranca"],
    "pt": ["acesso", "atualizacao", "minha-conta", "verificar"],
    "nl": ["inloggen", "verificatie", "mijn-account", "beveiliging"],
    "pl": ["logowanie", "weryfikacja", "moje-konto", "bezpieczenstwo"],
    "cz": ["prihlaseni", "overeni", "muj-ucet"],
    "sk": ["prihlasenie", "overenie", "moj-ucet"],
    "tr": ["giris", "dogrulama", "hesabim", "guvenlik"],
    "ru": ["vhod", "lichnyi-kabinet", "podtverzhdenie", "akkaunt"],
    "ua": ["vhid", "kabinet", "pidtverdzhennya"],
    "by": ["vhod", "kabinet", "podtverzhdenie"],
    "kz": ["vhod", "kabinet", "rastau"],
    "id": ["masuk", "verifikasi", "akun-saya", "keamanan"],
    "my": ["log-masuk", "pengesahan", "akaun"],
    "vn": ["dangnhap", "xacthuc", "taikhoan", "baomat"],
    "ph": ["mag-login", "beripika", "account-ko"],
    "se": ["logga-in", "verifiera", "mitt-konto"],
    "dk": ["log-ind", "bekraeft", "min-konto"],
    "no": ["logg-inn", "bekreft", "min-side"],
    "fi": ["kirjaudu", "vahvista", "oma-tili"],
    "ro": ["autentificare", "verificare", "contul-meu"],
    "hu": ["belepes", "megerosites", "fiokom"],
    "gr": ["syndesi", "epalithefsi", "logariasmos"],
    "jp": ["rogin", "kakunin", "mypage", "honnin"],
    "kr": ["rogeuin", "injeung", "gyejeong"],
    "cn": ["denglu", "yanzheng", "zhanghu"],
    "tw": ["denglu", "yanzheng", "zhanghu"],
    "th": ["khaosu", "yuenyan", "banchi"],
    "in": ["login-kyc", "satyapan", "khata"],
    "sa": ["tasjil", "tahqiq", "hisabi"],
    "ae": ["tasjil", "tahqiq", "hisabi"],
    "eg": ["tasjil", "tahqiq", "hisabi"],
    "il": ["knisa", "imut", "heshbon"],
    "ir": ["vorud", "ehraz", "hesab"],
    "lt": ["prisijungti", "patvirtinti", "paskyra"],
    "ee": ["sisene", "kinnita", "konto"],
    "bg": ["vhod", "potvarzhdenie", "profil"],
    "rs": ["prijava", "potvrda", "nalog"],
    "hr": ["prijava", "potvrda", "racun"],
}
# The country a commercial second level or a two-letter ending speaks for.
CC_LANG_ALIAS = {"uk": "en", "au": "en", "nz": "en", "za": "en", "ie": "en", "ca": "en", "sg": "en",
                 "ng": "en", "ke": "en", "pk": "en", "lk": "en", "bd": "en", "uy": "es", "ve": "es",
                 "bo": "es", "do": "es", "gt": "es", "ec": "es", "ma": "fr", "tn": "fr", "qa": "sa",
                 "uz": "ru", "am": "ru", "az": "ru", "ge": "ru"}
SECOND_LEVEL = {"com", "co", "net", "org", "gov", "ac", "or", "ne", "go", "edu", "gob", "nic", "ltd", "plc", "in"}
TYPO_FUZZERS = ("omission", "transposition", "replacement", "homoglyph", "insertion", "repetition",
                "vowel-swap", "bitsquatting", "addition")


def split_host(host):
    """(registrable label, suffix) for the list's hosts, with a small second-level rule instead of the PSL."""
    parts = host.split(".")
    if len(parts) >= 3 and parts[-2] in SECOND_LEVEL and len(parts[-1]) == 2:
        return parts[-3], ".".join(parts[-2:]), len(parts) == 3
    return parts[-2], parts[-1], len(parts) == 2


def names_by_class():
    classes = {"global": set(), "regional": set(), "short": set()}
    with open(TOP, encoding="utf-8") as f:
        for line in f:
            w = line.split("#")[0].split()
            if not w or any(t in w for t in ("tail", "hosting", "unprotected", "redirector", "tenant")):
                continue
            host = w[0].lower()
            label, suffix, bare = split_host(host)
            if not bare or not label.isalpha() or not 3 <= len(label) <= 14:
                continue
            cc = suffix.rsplit(".", 1)[-1]
            if len(label) <= 5:
                classes["short"].add(host)
            elif len(cc) == 2 and cc not in ("io", "co", "ai", "me", "tv"):
                classes["regional"].add(host)
            else:
                classes["global"].add(host)
    return {k: sorted(v) for k, v in classes.items()}


def sample(seed, n):
    """A seeded sample per class; regional names spread over countries (at most three a country)."""
    rnd = random.Random(seed)
    cl = names_by_class()
    out = {"global": rnd.sample(cl["global"], min(n, len(cl["global"]))),
           "short": rnd.sample(cl["short"], min(n, len(cl["short"])))}
    per_cc = defaultdict(list)
    for h in cl["regional"]:
        per_cc[h.rsplit(".", 1)[-1]].append(h)
    reg = []
    for cc in sorted(per_cc):
        reg += rnd.sample(per_cc[cc], min(3, len(per_cc[cc])))
    out["regional"] = rnd.sample(sorted(reg), min(n, len(reg)))
    return out


def small_sample():
    """The urls11 round's sample (70 names, seed 11), for before/after comparisons with its figures."""
    glob_, reg = [], []
    with open(TOP, encoding="utf-8") as f:
        for line in f:
            w = line.split("#")[0].split()
            if not w or any(t in w for t in ("tail", "hosting", "unprotected", "redirector", "tenant")):
                continue
            host = w[0].lower()
            label = host.split(".")[0]
            if not (label.isalpha() and 4 <= len(label) <= 14):
                continue
            tld = host.rsplit(".", 1)[-1]
            (reg if len(tld) == 2 and tld not in ("io", "co", "ai", "me", "tv") else glob_).append(host)
    rnd = random.Random(11)
    names = rnd.sample(sorted(set(glob_)), 40) + rnd.sample(sorted(set(reg)), 30)
    return {"global": names[:40], "regional": names[40:]}


def local_words(suffix):
    cc = suffix.rsplit(".", 1)[-1]
    lang = cc if cc in LOCAL else CC_LANG_ALIAS.get(cc, "en")
    return LOCAL.get(lang, LOCAL["en"])


def cases(classes, seed, per_fuzzer):
    import dnstwist
    out = []
    rnd = random.Random(seed + 1)
    for cls, names in sorted(classes.items()):
        for host in names:
            label, suffix, _ = split_host(host)
            cc = suffix.rsplit(".", 1)[-1]
            f = dnstwist.Fuzzer(host, dictionary=["login", "secure", "account", "verify"],
                                tld_dictionary=["top", "xyz", "shop"])
            f.generate()
            per = defaultdict(set)
            for d in f.domains:
                if d["fuzzer"] != "*original":
                    per[d["fuzzer"]].add(d["domain"])
            for fz, doms in sorted(per.items()):
                for d in rnd.sample(sorted(doms), min(per_fuzzer, len(doms))):
                    out.append((fz, cls, host, d))
            # dnstwist's typos of the registrable label alone, for the combined techniques.
            typos, glyphs = [], []
            for fz in TYPO_FUZZERS:
                for d in sorted(per.get(fz, ())):
                    t_label, t_suffix, t_bare = split_host(d)
                    if t_suffix == suffix and t_bare and t_label != label and t_label.isascii():
                        (glyphs if fz == "homoglyph" else typos).append(t_label)
            typo = rnd.choice(typos) if typos else None
            glyph = rnd.choice(glyphs) if glyphs else typo
            words = local_words(suffix)
            w = rnd.choice(FREE_WORDS)
            out.append(("token-hosted", cls, host, f"{label}-{w}.{rnd.choice(HOSTING)}"))
            out.append(("token-subdomain", cls, host, f"{label}-{w}.{rnd.choice(OTHER)}"))
            out.append(("token-registrable", cls, host, f"{label}-{w}.com"))
            if len(cc) == 2:
                out.append(("name-home-cc", cls, host, f"{label}-{cc}.{rnd.choice(OTHER)}"))
                out.append(("name-in-path-host", cls, host, f"{label}.{cc}-{rnd.choice(words)}.com"))
            if typo:
                out.append(("typo+local-affix", cls, host, f"{typo}-{rnd.choice(words)}.{rnd.choice(['com', suffix])}"))
                out.append(("typo-hosted", cls, host, f"{typo}.{rnd.choice(HOSTING)}"))
                out.append(("typo-subdomain", cls, host, f"{typo}.{rnd.choice(OTHER)}"))
            if glyph:
                out.append(("homoglyph+tld", cls, host, f"{glyph}.{rnd.choice(CHEAPISH)}"))
            other = [z for z in COMMERCIAL if not z.endswith("." + cc)]
            out.append(("other-cc-commercial", cls, host, f"{label}.{rnd.choice(other)}"))
            out.append(("local-affix-hosted", cls, host, f"{label}-{rnd.choice(words)}.{rnd.choice(HOSTING)}"))
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin")
    ap.add_argument("--write")
    ap.add_argument("--seed", type=int, default=12)
    ap.add_argument("--names", type=int, default=100, help="names drawn per class")
    ap.add_argument("--per-fuzzer", type=int, default=2, help="dnstwist permutations kept per technique and name")
    ap.add_argument("--small", action="store_true", help="the urls11 sample (70 names, seed 11)")
    ap.add_argument("-v", action="store_true")
    args = ap.parse_args()
    if args.small:
        cs = cases(small_sample(), 6, 3)
    else:
        cs = cases(sample(args.seed, args.names), args.seed, args.per_fuzzer)
    if args.write:
        with open(args.write, "w", encoding="utf-8") as f:
            for fz, cls, host, d in cs:
                f.write(json.dumps({"url": f"https://{d}/", "label": "bad", "note": f"{fz} of {host} ({cls})"},
                                   ensure_ascii=False) + "\n")
    if not args.bin:
        return
    msgs = [measure.wrap_url({"url": f"https://{d}/"}) for _, _, _, d in cs]
    res = measure.inspect_batch(args.bin, msgs)
    tot, hit = Counter(), Counter()
    misses = []
    for (fz, cls, host, d), r in zip(cs, res):
        if "error" in r:
            sys.exit(f"gateway error: {r['error']}")
        flagged = any(x.get("rule", "").startswith("url.") for x in r.get("findings", []))
        for key in ((fz, cls), (fz, "all"), ("ALL", cls), ("ALL", "all")):
            tot[key] += 1
            hit[key] += flagged
        if not flagged:
            misses.append(f"MISS {fz:20} {cls:8} {d}  ({host})")
    cols = ["global", "regional", "short", "all"]
    print(f"{'technique':21}" + "".join(f"{c:>18}" for c in cols))
    for fz in sorted({k[0] for k in tot if k[0] != "ALL"}) + ["ALL"]:
        row = f"{fz:21}"
        for c in cols:
            n = tot[(fz, c)]
            row += f"{(f'{hit[(fz, c)]}/{n} {hit[(fz, c)] / n:.3f}' if n else '-'):>18}"
        print(row)
    if args.v:
        print("\n".join(misses))


if __name__ == "__main__":
    main()
