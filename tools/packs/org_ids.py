#!/usr/bin/env python3
"""List the identifiers python-stdnum describes as an organisation's, for the packs' `invoice12` sections.

Source: python-stdnum (pip `python-stdnum`, 2.2 when the sections were written), a maintained library of
identifier formats whose module docstrings name each number and say whose it is ("German VAT number",
"Finnish business identifier", "Italian tax code for individuals"). This script prints, per country, the
modules whose description names an organisation (VAT, company, business, enterprise, organisation, trade
register) and, apart, those that name a person or are a tax number of either. A person reviews the output
and writes the packs' groups by hand:

- an organisation's identifier (`ORG`): a `benign` phrase of `national_id` and an `identifies` word of the
  pack whose language the country writes (USt-IdNr., partita IVA, ЄДРПОУ, 사업자등록번호, Y-tunnus);
- a tax number a person and a company alike hold (`EITHER`: a "tax identification number" held by both,
  ΑΦΜ, NIF, OIB, ИНН, VKN, NIP, NPWP, PAN): an `either` term of `national_id`, benign only in a form that
  states it is written for a business (src/policy/secret/form.rs, `business`);
- a person's number (`PERSON`: CPF, codice fiscale of a person, personnummer, CNP) stays a strong term.

Usage: python3 tools/packs/org_ids.py [COUNTRY ...]
"""

import importlib
import pkgutil
import re
import sys

ORG = re.compile(r"\b(vat|company|companies|business|enterprise|organi[sz]ation|corporate|trade regist|"
                 r"commercial|establishment|legal entit|economic units|juridica)", re.I)
PERSON = re.compile(r"\b(personal|individual|citizen|birth|resident|identity|social security|foreigner)", re.I)


def describe(country):
    try:
        pkg = importlib.import_module("stdnum." + country)
    except ImportError:
        return []
    out = []
    for m in pkgutil.iter_modules(pkg.__path__):
        try:
            mod = importlib.import_module(f"stdnum.{country}.{m.name}")
        except ImportError:
            continue
        doc = (mod.__doc__ or "").strip().splitlines()
        first = doc[0] if doc else m.name
        kind = "ORG" if ORG.search(first) else "PERSON" if PERSON.search(first) else (
            "EITHER" if re.search(r"\btax", first, re.I) else "-")
        out.append((kind, m.name, first))
    return out


def main(argv):
    import stdnum
    countries = argv or sorted(m.name for m in pkgutil.iter_modules(stdnum.__path__) if len(m.name) == 2)
    print(f"# python-stdnum {stdnum.__version__}")
    for cc in countries:
        for kind, name, first in describe(cc):
            if kind != "-":
                print(f"{cc}\t{kind}\t{name}\t{first}")


if __name__ == "__main__":
    main(sys.argv[1:])
