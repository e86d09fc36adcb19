#!/usr/bin/env python3
"""The ordinal words 1..24 of the 42 pack languages, from maintained data, into `policies/secrets/ordinals.yaml`.

Nothing of it runs in the gateway: the gateway embeds the file it writes (`src/policy/secret/form/ordinal.rs`)
and reads a field label ranked by an ordinal word ("Erstes", "Neno la kwanza", "الحادية عشرة") as a number, so
that a row of fields ranked 1..n in words is read as one ranked in digits (`form/structure.rs`).

Why a generator: ordinals are a closed class in every language, but 24 ranks in 42 languages, with their
genders and cases, are too many to write by hand without gaps (the earlier hand list stopped at 4). The
maintained source is CLDR's rule-based number formatting (the `%spellout-ordinal*` rule sets), read through
ICU's RuleBasedNumberFormat (`pip install pyicu-binary==2.7.4`: ICU 72.1, CLDR 42). Every ordinal rule set of
a locale is read: the genders (masculine, feminine, neuter: Arabic, Hebrew, Slavic, Romance, Greek,
Scandinavian), German's endings (-e, -en, -er, -es, -em) and Finnish's cases, as CLDR writes them. A locale
CLDR 42 has no ordinal rule set for (ICU then falls back to English or gives none) is read from `num2words`
(`pip install num2words==0.5.14`: Persian, Polish, Romanian, Ukrainian). What neither holds is written by hand
below (`HAND`), each entry with why; the case forms of the Slavic and Baltic dictionary forms are left to the
packs' inflection rules (the gateway reads them by the pack's `inflection:` family, `inflect.rs`).

Derived here by rule, not listed (`derive`):
- Swahili: CLDR writes ranks 3.. with the concord `wa` (`wa tatu`); the concord agrees with the noun's class
  (`neno la tatu`, `kitu cha tatu`, `nambari ya tatu`), so the bare numeral is written and the concord is left
  to the label around it.
- Tagalog (CLDR `fil`): `ika isá` is written by locals glued or hyphenated (`ikaisa`, `ika-isa`); both are
  written.
- Hindi, Urdu, Marathi: the feminine and oblique forms by the ending (`-ा` -> `-ी`, `-े`; Urdu `-ا` -> `-ی`,
  `-ے`, `-واں` -> `-ویں`; Marathi `-ा` -> `-ी`, `-े`).
- Persian: the attributive form with `-ین` (`دومین`), written before its noun.
- Tamil: the adjectival `-ஆம்` form beside `-ஆவது` (`இரண்டாம்`); Telugu: the colloquial `-ో` beside `-వ`.
- Serbian (CLDR: masculine only), Czech, Slovak, Polish, Ukrainian, Lithuanian: the feminine and neuter
  nominative by the adjective's ending (`prvi` -> `prva`, `prvo`; `prvý` -> `prvá`, `prvé`; `pierwszy` ->
  `pierwsza`, `pierwsze`; `перший` -> `перша`, `перше`; `pirmas` -> `pirma`); the other cases are left to
  the packs' inflection rules.
- Spanish: a compound ordinal written in two words also glued (`vigésima cuarta`, `vigesimocuarta`: the first element masculine).
- German: the digraphs of identifiers (`fuenftes`, `zwoelftes`) beside the umlauts.
Forms holding a digit (ICU 72 writes Tamil 21.. as `21ாவது`) are dropped; zero-width spaces and the soft hyphens CLDR writes into German and Finnish compounds are removed.

Usage: python3 tools/ordinals/generate.py [--check]
"""

import os
import re
import sys

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
PACKS = os.path.join(ROOT, "policies", "secrets")
OUT = os.path.join(PACKS, "ordinals.yaml")

MAX_RANK = 24
ICU_PIN = "72.1"
PYICU_PIN = "2.7.4"
NUM2WORDS_PIN = "0.5.14"

# Pack language -> CLDR locale read through ICU.
ICU_LOCALES = {
    "ar": ["ar"], "bg": ["bg"], "da": ["da"], "de": ["de"], "el": ["el"], "en": ["en"], "es": ["es"],
    "fi": ["fi"], "fr": ["fr"], "he": ["he"], "hi": ["hi"], "hr": ["hr"], "hu": ["hu"], "id": ["id"],
    "it": ["it"], "ja": ["ja"], "ko": ["ko"], "ms": ["ms"], "nl": ["nl"], "no": ["nb"], "pt": ["pt"],
    "ru": ["ru"], "sr": ["sr", "sr_Latn"], "sv": ["sv"], "sw": ["sw"], "ta": ["ta"], "th": ["th"],
    "tl": ["fil"], "tr": ["tr"], "vi": ["vi"], "zh": ["zh"],
}
# Languages CLDR 42 has no ordinal rule set for, read from num2words.
NUM2WORDS = {"fa": "fa", "pl": "pl", "ro": "ro", "uk": "uk"}

# What neither source holds, by hand. Each group says why.
HAND = {
    # No CLDR 42 ordinal rule set and no num2words ordinals: Czech, Slovak, Lithuanian (dictionary forms, the
    # masculine nominative; the packs' slavic/baltic inflection reads the other genders and cases).
    "cs": ["první", "druhý", "třetí", "čtvrtý", "pátý", "šestý", "sedmý", "osmý", "devátý", "desátý",
           "jedenáctý", "dvanáctý", "třináctý", "čtrnáctý", "patnáctý", "šestnáctý", "sedmnáctý", "osmnáctý",
           "devatenáctý", "dvacátý", "dvacátý první", "dvacátý druhý", "dvacátý třetí", "dvacátý čtvrtý"],
    "sk": ["prvý", "druhý", "tretí", "štvrtý", "piaty", "šiesty", "siedmy", "ôsmy", "deviaty", "desiaty",
           "jedenásty", "dvanásty", "trinásty", "štrnásty", "pätnásty", "šestnásty", "sedemnásty", "osemnásty",
           "devätnásty", "dvadsiaty", "dvadsiaty prvý", "dvadsiaty druhý", "dvadsiaty tretí",
           "dvadsiaty štvrtý"],
    "lt": ["pirmas", "antras", "trečias", "ketvirtas", "penktas", "šeštas", "septintas", "aštuntas", "devintas",
           "dešimtas", "vienuoliktas", "dvyliktas", "tryliktas", "keturioliktas", "penkioliktas", "šešioliktas",
           "septynioliktas", "aštuonioliktas", "devynioliktas", "dvidešimtas", "dvidešimt pirmas",
           "dvidešimt antras", "dvidešimt trečias", "dvidešimt ketvirtas"],
    # ICU 72 falls back to English for Bengali, Marathi, Telugu and Urdu (num2words gives Bengali cardinals
    # and malformed Telugu forms, no Marathi or Urdu): the standard forms, masculine where they have gender.
    "bn": ["প্রথম", "দ্বিতীয়", "তৃতীয়", "চতুর্থ", "পঞ্চম", "ষষ্ঠ", "সপ্তম", "অষ্টম", "নবম", "দশম", "একাদশ",
           "দ্বাদশ", "ত্রয়োদশ", "চতুর্দশ", "পঞ্চদশ", "ষোড়শ", "সপ্তদশ", "অষ্টাদশ", "ঊনবিংশ", "বিংশ", "একবিংশ",
           "দ্বাবিংশ", "ত্রয়োবিংশ", "চতুর্বিংশ"],
    "mr": ["पहिला", "दुसरा", "तिसरा", "चौथा", "पाचवा", "सहावा", "सातवा", "आठवा", "नववा", "दहावा", "अकरावा",
           "बारावा", "तेरावा", "चौदावा", "पंधरावा", "सोळावा", "सतरावा", "अठरावा", "एकोणिसावा", "विसावा",
           "एकविसावा", "बाविसावा", "तेविसावा", "चोविसावा"],
    "te": ["మొదటి", "రెండవ", "మూడవ", "నాలుగవ", "ఐదవ", "ఆరవ", "ఏడవ", "ఎనిమిదవ", "తొమ్మిదవ", "పదవ", "పదకొండవ",
           "పన్నెండవ", "పదమూడవ", "పద్నాలుగవ", "పదిహేనవ", "పదహారవ", "పదిహేడవ", "పద్దెనిమిదవ", "పందొమ్మిదవ",
           "ఇరవయ్యవ", "ఇరవై ఒకటవ", "ఇరవై రెండవ", "ఇరవై మూడవ", "ఇరవై నాలుగవ"],
    "ur": ["پہلا", "دوسرا", "تیسرا", "چوتھا", "پانچواں", "چھٹا", "ساتواں", "آٹھواں", "نواں", "دسواں", "گیارہواں",
           "بارہواں", "تیرہواں", "چودہواں", "پندرہواں", "سولہواں", "سترہواں", "اٹھارہواں", "انیسواں", "بیسواں",
           "اکیسواں", "بائیسواں", "تئیسواں", "چوبیسواں"],
}
# Single forms CLDR lacks that locals write, as (language, rank, form, why).
HAND_EXTRA = [
    ("es", 11, "undécimo", "RAE's preferred form for 11th; CLDR writes decimoprimero"),
    ("es", 11, "undécima", "feminine"),
    ("es", 12, "duodécimo", "RAE's preferred form for 12th; CLDR writes decimosegundo"),
    ("es", 12, "duodécima", "feminine"),
    ("es", 11, "décimo primero", "the spaced spelling"),
    ("es", 11, "décima primera", "the spaced spelling, feminine"),
    ("es", 12, "décimo segundo", "the spaced spelling"),
    ("es", 12, "décima segunda", "the spaced spelling, feminine"),
    ("fr", 2, "second", "the literary second, common in forms; CLDR writes deuxième only"),
    ("fr", 2, "seconde", "feminine"),
    ("it", 11, "decimo primo", "the compound spelling beside undicesimo"),
    ("it", 12, "decimo secondo", "the compound spelling beside dodicesimo"),
    ("id", 1, "pertama", "the everyday first; CLDR's id writes kesatu (ms has pertama)"),
    ("fa", 1, "اول", "the everyday first; num2words writes یکم"),
    ("fa", 1, "نخست", "the literary first"),
    ("tl", 1, "una", "the native first; CLDR writes ika isa"),
    ("tl", 1, "unang", "una with its linker"),
    ("tl", 2, "ikalawa", "ika + dalawa contracted, the standard spelling"),
    ("tl", 2, "pangalawa", "the pang- series"),
    ("tl", 3, "ikatlo", "ika + tatlo contracted"),
    ("tl", 3, "pangatlo", "the pang- series"),
    ("tl", 4, "pang-apat", "the pang- series"),
    ("tl", 11, "ikalabing-isa", "labing-isa glued to ika"),
    ("tl", 12, "ikalabindalawa", "labindalawa, the assimilated spelling of labing-dalawa"),
    ("tl", 13, "ikalabintatlo", "labintatlo, assimilated"),
    ("tl", 14, "ikalabing-apat", "labing-apat"),
    ("tl", 15, "ikalabinlima", "labinlima, assimilated"),
    ("tl", 16, "ikalabing-anim", "labing-anim"),
    ("tl", 17, "ikalabimpito", "labimpito, assimilated"),
    ("tl", 18, "ikalabingwalo", "labingwalo, assimilated"),
    ("tl", 19, "ikalabinsiyam", "labinsiyam, assimilated"),
    ("tl", 20, "ikadalawampu", "dalawampu, the spelling locals write"),
    ("he", 2, "שנייה", "the full spelling of שניה"),
    ("vi", 2, "thứ hai", "the everyday second; CLDR writes thứ nhì"),
    ("vi", 4, "thứ bốn", "beside thứ tư"),
    ("ko", 1, "첫번째", "beside 첫 번째, the spelling written without the space"),
    ("ro", 1, "prima", "the feminine first"),
    ("ro", 1, "întâi", "the first in al întâilea, întâia"),
    ("ro", 2, "a doua", "the feminine; num2words writes the masculine only"),
    ("ro", 3, "a treia", "feminine"),
    ("ro", 4, "a patra", "feminine"),
    ("ro", 5, "a cincea", "feminine"),
    ("ro", 6, "a șasea", "feminine"),
    ("ro", 7, "a șaptea", "feminine"),
    ("ro", 8, "a opta", "feminine"),
    ("ro", 9, "a noua", "feminine"),
    ("ro", 10, "a zecea", "feminine"),
    ("ro", 11, "a unsprezecea", "feminine"),
    ("ro", 12, "a douăsprezecea", "feminine"),
]

ZERO_WIDTH = dict.fromkeys(map(ord, "\u200b\u200c\u200d\u2060\ufeff\u00ad"), None)


def icu_forms(locale):
    import icu

    if icu.ICU_VERSION != ICU_PIN or icu.VERSION != PYICU_PIN:
        sys.exit(f"needs ICU {ICU_PIN} (pyicu-binary {PYICU_PIN}); found {icu.ICU_VERSION} ({icu.VERSION})")
    f = icu.RuleBasedNumberFormat(icu.URBNFRuleSetTag.SPELLOUT, icu.Locale(locale))
    actual = str(f.getLocale(icu.ULocDataLocaleType.ACTUAL_LOCALE))
    if actual.split("_")[0] != locale.split("_")[0]:
        sys.exit(f"ICU fell back from {locale} to {actual}: move the language to NUM2WORDS or HAND")
    sets = [f.getRuleSetName(i) for i in range(f.getNumberOfRuleSetNames())]
    ordinal_sets = [s for s in sets if s.startswith("%spellout-ordinal")]
    if not ordinal_sets:
        sys.exit(f"{locale}: no %spellout-ordinal rule set")
    out = {}
    for s in ordinal_sets:
        f.setDefaultRuleSet(s)
        for n in range(1, MAX_RANK + 1):
            out.setdefault(n, []).append(f.format(n))
    return out, ordinal_sets


def num2words_forms(lang):
    import num2words

    from importlib.metadata import version

    if version("num2words") != NUM2WORDS_PIN:
        sys.exit(f"needs num2words {NUM2WORDS_PIN}")
    return {n: [num2words.num2words(n, lang=lang, to="ordinal")] for n in range(1, MAX_RANK + 1)}


def clean(form):
    form = form.translate(ZERO_WIDTH).replace("\u2018", "").replace("\u2019", "'")
    form = re.sub(r"\s+", " ", form).strip().lower()
    return form


def slavic_gender(lang, w, g):
    """The feminine (g = 0) or neuter (g = 1) nominative of a masculine ordinal adjective."""
    if lang in ("cs", "sk"):
        if w.endswith("ý"):
            return w[:-1] + ("á", "é")[g]
        if w.endswith("y"):
            return w[:-1] + ("a", "e")[g]
    if lang == "pl":
        if w.endswith("y"):
            return w[:-1] + ("a", "e")[g]
        if w.endswith(("gi", "ki")):
            return (w[:-1] + "a", w + "e")[g]
        if w.endswith("i"):
            return w + ("a", "e")[g]
    if lang == "uk":
        if w.endswith("ий"):
            return w[:-2] + ("а", "е")[g]
        if w.endswith("ій"):
            return w[:-2] + ("я", "є")[g]
    return w


def derive(lang, forms):
    """The forms derived by rule (see the module doc)."""
    out = list(forms)
    for f in forms:
        if lang == "sw" and f.startswith("wa "):
            out.append(f[3:])
        if lang == "tl" and f.startswith("ika "):
            out.append("ika-" + f[4:])
            out.append("ika" + f[4:])
        if lang in ("hi", "mr"):
            if f.endswith("ा"):
                out += [f[:-1] + "ी", f[:-1] + "े"]
            if f.endswith("ाँ"):
                out += [f[:-2] + "ीं", f[:-2] + "ें", f[:-2] + "ी", f[:-2] + "े"]
        if lang == "ur":
            if f.endswith("واں"):
                out += [f[:-3] + "ویں", f[:-3] + "واں"]
            elif f.endswith("ا"):
                out += [f[:-1] + "ی", f[:-1] + "ے"]
        if lang == "fa" and not f.endswith("ین") and " " not in f:
            out.append(f + "ین")
        if lang == "ta" and f.endswith("ாவது"):
            out.append(f[: -len("ாவது")] + "ாம்")
        if lang == "ta" and f.endswith("லாவது"):
            out.append(f[: -len("லாவது")] + "ல்")
        if lang == "te" and f.endswith("వ"):
            out.append(f[:-1] + "ో")
        if lang == "sr" and " " not in f and f[-1:] in ("i", "и"):
            # CLDR 42 gives Serbian the masculine only: the feminine and neuter by the adjective's ending.
            a, o = ("a", "o") if f[-1] == "i" else ("а", "о")
            out += [f[:-1] + a, f[:-1] + o]
        if lang in ("cs", "sk", "pl", "uk"):
            # The hand list (num2words for pl, uk) is the masculine: the feminine and neuter by the adjective's
            # ending on every word (`dvacátý první` -> `dvacátá první`; `první` is all three; a stem under four
            # letters, `prv-`, does not inflect by the pack's rules).
            for g in (0, 1):
                words = [slavic_gender(lang, w, g) for w in f.split(" ")]
                out.append(" ".join(words))
        if lang == "lt":
            last = f.split(" ")[-1]
            head = f[: len(f) - len(last)]
            if last.endswith("as"):
                out.append(head + last[:-2] + "a")
        if lang == "es" and f.count(" ") == 1:
            # Glued, the first element is invariable, masculine singular (RAE: `vigesimocuarta`).
            first, second = f.split(" ")
            first = re.sub(r"(a|os|as)$", "o", first)
            out.append(first + second)
        if lang == "de":
            dig = f.replace("ä", "ae").replace("ö", "oe").replace("ü", "ue").replace("ß", "ss")
            if dig != f:
                out.append(dig)
    return out


def inflection(lang):
    path = os.path.join(PACKS, f"{lang}.yaml")
    with open(path, encoding="utf-8") as fh:
        for line in fh:
            m = re.match(r"^inflection:\s*(\w+)", line)
            if m:
                return m.group(1)
    return None


def quote(s):
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'


def build():
    langs = sorted(
        os.path.basename(p)[:-5]
        for p in os.listdir(PACKS)
        if p.endswith(".yaml") and p[:-5] not in ("core", "formats", "ordinals")
    )
    lines = [
        "# Ordinal words 1..24 of the pack languages: written by tools/ordinals/generate.py, do not edit by hand.",
        f"# Sources: CLDR 42 rule-based number formatting (%spellout-ordinal* rule sets) through ICU {ICU_PIN}",
        f"# (pyicu-binary {PYICU_PIN}); num2words {NUM2WORDS_PIN} for fa, pl, ro, uk; by hand where neither has",
        "# them (cs, sk, lt, bn, mr, te, ur, and single forms; see the generator's HAND and HAND_EXTRA).",
        "# Read by src/policy/secret/form/ordinal.rs: each language's forms are folded as texts are and match",
        "# a field label's words; `inflection` is the language pack's family, whose endings the forms take.",
        "languages:",
    ]
    for lang in langs:
        source = "hand"
        ranks = {n: [] for n in range(1, MAX_RANK + 1)}
        if lang in ICU_LOCALES:
            sets = []
            for loc in ICU_LOCALES[lang]:
                got, s = icu_forms(loc)
                sets += [f"{loc}{x}" for x in s]
                for n, fs in got.items():
                    ranks[n] += fs
            source = "CLDR 42: " + ", ".join(sets)
        elif lang in NUM2WORDS:
            for n, fs in num2words_forms(NUM2WORDS[lang]).items():
                ranks[n] += fs
            source = f"num2words {NUM2WORDS_PIN} ({NUM2WORDS[lang]}, to='ordinal')"
        if lang in HAND:
            for n, f in enumerate(HAND[lang], 1):
                ranks[n].append(f)
            source = "hand (no CLDR 42 ordinal rule set, no num2words ordinals)"
        extra = [e for e in HAND_EXTRA if e[0] == lang]
        for _, n, f, _ in extra:
            ranks[n].append(f)
        if extra:
            source += "; hand: " + "; ".join(f"{f} ({why})" for _, _, f, why in extra)
        lines.append(f"  {lang}:")
        lines.append(f"    source: {quote(source)}")
        infl = inflection(lang)
        if infl:
            lines.append(f"    inflection: {infl}")
        lines.append("    ranks:")
        for n in range(1, MAX_RANK + 1):
            forms = []
            for f in derive(lang, [clean(f) for f in ranks[n]]):
                f = clean(f)
                if f and not re.search(r"\d", f) and f not in forms:
                    forms.append(f)
            if forms:
                lines.append(f"      {n}: [{', '.join(quote(f) for f in forms)}]")
    return "\n".join(lines) + "\n"


def main():
    text = build()
    if "--check" in sys.argv:
        with open(OUT, encoding="utf-8") as fh:
            same = fh.read() == text
        print("ordinals.yaml is as generated" if same else "ordinals.yaml differs from the generator's")
        sys.exit(0 if same else 1)
    with open(OUT, "w", encoding="utf-8") as fh:
        fh.write(text)
    print(f"wrote {OUT}")


if __name__ == "__main__":
    main()
