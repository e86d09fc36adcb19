//! (urls13c) Lure words of ~45 languages read from maintained translations.
//!
//! A phishing host names the step it asks for in its victims' language: the word for verify, sign in,
//! confirm, account, security, expired or billing (`<bank>-verifiser`, `<wallet>-期限切れ`). The hand-kept
//! lists of [`super::top_sites`] cover the most targeted languages; the rest come from the strings
//! authentication UIs ship translated for exactly these steps (`data/lure_l10n.txt`, written by
//! `tools/corpus/lure_l10n.mjs` from npm `@clerk/localizations` 4.18.0 and `@aws-amplify/ui` 6.15.6).
//!
//! They are weak lure words: bait beside a listed name ([`super::top_sites::is_lure`]) or a brand's name
//! in its own script ([`super::native_name`]), never alone, as a business may name its own account page
//! in its language. Compared whole (no glued forms): the words are short and of many languages, and a
//! word glued inside another (`cont` in `contact`) is no lure.

use std::collections::HashSet;
use std::sync::LazyLock;

/// The generated word list: one word a line, then the concepts and locales it translates.
const LURE_L10N: &str = include_str!("data/lure_l10n.txt");

/// The words, first column of [`LURE_L10N`], indexed once.
static WORDS: LazyLock<HashSet<&'static str, foldhash::fast::RandomState>> = LazyLock::new(|| {
    LURE_L10N
        .lines()
        .filter(|l| !l.starts_with('#'))
        .filter_map(|l| l.split_whitespace().next())
        .collect()
});

/// The words written in a script without spaces between words or whose host labels glue them
/// (Chinese, Japanese, Korean, Thai, Arabic, Hebrew, the Indic scripts, Greek): found inside a run of
/// text, not only as a hyphenated part (`<name>確認.com`). The Latin and transliterated Cyrillic words
/// are read whole.
static SCRIPT_WORDS: LazyLock<Vec<&'static str>> =
    LazyLock::new(|| WORDS.iter().copied().filter(|w| !w.is_ascii()).collect());

/// Whether a (folded: [`super::translit::fold_word`]) part of a host label is one of the words.
pub(super) fn is_word(part: &str) -> bool {
    WORDS.contains(part)
}

/// A word in a script other than Latin found inside `text` (Unicode, lowercase), if any.
pub(super) fn script_word_in(text: &str) -> Option<&'static str> {
    if text.is_ascii() {
        return None;
    }
    SCRIPT_WORDS.iter().copied().find(|w| text.contains(w))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_of_many_languages_are_read() {
        // Norwegian verify, Dutch security, Vietnamese security without its marks, Finnish expired.
        for w in [
            "verifiser",
            "beveiliging",
            "baomat",
            "vanhentunut",
            "期限切れ",
            "확인",
        ] {
            assert!(is_word(w), "{w}");
        }
        // Ordinary words and the mistranslations the generator leaves out.
        for w in ["contact", "profil", "entrar", "kontor", ""] {
            assert!(!is_word(w), "{w}");
        }
    }

    #[test]
    fn script_words_are_found_inside_a_run() {
        assert_eq!(script_word_in("例のカード確認"), Some("確認"));
        assert_eq!(script_word_in("例のカード"), None);
        assert_eq!(script_word_in("verify"), None);
    }
}
