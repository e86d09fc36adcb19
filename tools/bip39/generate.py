#!/usr/bin/env python3
"""Writes src/policy/secret/form/bip39_words.txt: the BIP-39 word lists, read by form/picker.rs.

Source: the `mnemonic` package (Trezor's reference implementation of BIP-39), version 0.21, whose
`mnemonic/wordlist/*.txt` are the lists of the BIP itself. Usage:

    pip install mnemonic==0.21
    python3 tools/bip39/generate.py            # writes the file
    python3 tools/bip39/generate.py --check    # exits 1 if the committed file differs

The Chinese lists are left out: their 2,048 words are single common characters, so a list of characters (a
surname picker, a radical table) would read as a recovery phrase's words.
"""
import argparse
import pathlib
import sys
import unicodedata

import importlib.metadata

import mnemonic

VERSION = "0.21"

LANGUAGES = ["english", "czech", "french", "italian", "japanese", "korean", "portuguese", "russian",
             "spanish", "turkish"]
OUT = pathlib.Path(__file__).resolve().parents[2] / "src/policy/secret/form/bip39_words.txt"


def render() -> str:
    if importlib.metadata.version("mnemonic") != VERSION:
        sys.exit(f"needs mnemonic=={VERSION}")
    lines = [f"# BIP-39 word lists, from the `mnemonic` package {VERSION} (tools/bip39/generate.py; do not edit by hand).",
             "# A line `# <language>` starts a list; every other line is one word, NFKC, lower case."]
    base = pathlib.Path(mnemonic.__file__).parent / "wordlist"
    for lang in LANGUAGES:
        words = [unicodedata.normalize("NFKC", w.strip()).lower()
                 for w in (base / f"{lang}.txt").read_text(encoding="utf-8").splitlines() if w.strip()]
        if len(words) != 2048 or len(set(words)) != 2048:
            sys.exit(f"{lang}: expected 2048 distinct words, got {len(words)}")
        lines.append(f"# {lang}")
        lines.extend(words)
    return "\n".join(lines) + "\n"


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--check", action="store_true")
    args = ap.parse_args()
    text = render()
    if args.check:
        sys.exit(0 if OUT.read_text(encoding="utf-8") == text else 1)
    OUT.write_text(text, encoding="utf-8")
    print(f"wrote {OUT} ({len(text.encode())} bytes)")


if __name__ == "__main__":
    main()
