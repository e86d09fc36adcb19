//! The anchor words of the described readings ([`super::habit`], [`super::written`]): a message holding none
//! of them is not read for a described secret at all, so that the readings cost nothing on the messages
//! they cannot change.
//!
//! Every described reading needs an occasion: a cash machine or a payment, a sign-in, the account's opening
//! or registration ([`super::habit::anchor_entries`]); a credential named as written needs its name
//! ([`super::written::names`]). Those are the anchors.
//!
//! The readings run only on a message the term-free test (`prefilter`) does not prove, and only once one
//! Aho-Corasick pass over its raw first bytes ([`anchored`]) finds an anchor, ASCII case ignored, each entry
//! as written, folded (accents dropped) and with its first letter a capital (Cyrillic, Greek: "Банкомат").
//! A proven message is ASCII prose with no term of the packs: the readings are not worth a pass over every
//! such message on the remembered path (described20 first made the anchors terms of that test, and sent
//! common English words down the full path: 302 k Ir a 2 KB judgement against 109 k), so an English
//! description with no term at all ("what you type when you log in") is not read.
//!
//! The anchor is a necessary condition of the readings, read generously (an entry anywhere, inside a longer
//! word): it may send a message to readings that find nothing, never keep one from them that they would read
//! (a test holds the readings' own examples to it).

use std::sync::LazyLock;

use aho_corasick::AhoCorasick;

use crate::policy::secret::normalize::fold_words;

/// Longest message read for an anchor, in bytes: the readings read no further.
pub(super) const MAX_READ_BYTES: usize = 4096;

/// Every anchor entry as written in its list.
fn entries() -> impl Iterator<Item = &'static str> {
    super::habit::anchor_entries().chain(super::written::names())
}

/// The patterns of the raw pass (see the module doc).
static ANCHORS: LazyLock<Option<AhoCorasick>> = LazyLock::new(|| {
    let mut patterns: Vec<String> = Vec::new();
    for entry in entries() {
        let folded = fold_words(entry).trim().to_owned();
        for form in [entry.to_owned(), folded] {
            if form.is_empty() {
                continue;
            }
            let mut chars = form.chars();
            if let Some(first) = chars.next() {
                let capital: String = first.to_uppercase().chain(chars).collect();
                if capital != form {
                    patterns.push(capital);
                }
            }
            patterns.push(form);
        }
    }
    patterns.sort();
    patterns.dedup();
    // The crate's own lists (a few KB): past the automaton's limits only by a programming error, which the
    // module's tests would hit first; without it every message is read, as before the anchor.
    AhoCorasick::builder()
        .ascii_case_insensitive(true)
        .build(&patterns)
        .ok()
});

/// Whether the first [`MAX_READ_BYTES`] of `message` hold an anchor (see the module doc).
pub(super) fn anchored(message: &str) -> bool {
    let head = super::head(message, MAX_READ_BYTES);
    ANCHORS.as_ref().is_none_or(|ac| ac.is_match(head))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::policy::secret::pack::embedded_for_tests as compiled;
    use crate::policy::secret::prefilter::Proof;

    /// Messages the readings read: each must pass both gates.
    const READ: &[&str] = &[
        "Enter the code you press at the ATM when you withdraw cash.",
        "Fill in exactly what you type every time you log in to your bank.",
        "Answer exactly as you answered when you opened your account.",
        "Answer the same as when you opened your account.",
        "Please enter what you answered when you registered with the bank.",
        "Paste the key (it starts with \"AKIA\").",
        "Copy the value named li_at here.",
        "Paste the value of SESSDATA here.",
        "Vahvista samoilla tiedoilla, joilla kirjaudut nettipankkiin.",
        "Введите цифры, которые вы набираете в банкомате.",
        "Банкомат: введите цифры, которые вы набираете.",
    ];

    #[test]
    fn a_read_message_is_anchored() {
        for m in READ {
            assert!(anchored(m), "{m}");
            assert!(
                super::super::habit::described(m).is_some()
                    || super::super::written::written(m).is_some(),
                "{m}"
            );
        }
    }

    #[test]
    fn the_benchmark_message_and_plain_prose_are_not_anchored() {
        let c = compiled();
        for m in [
            "Book a table: the quarterly report lists each warehouse with its stock level, reorder point, \
             supplier and lead time; items below their reorder point are flagged for the buyer.",
            "Book a table for tonight and tell us how many guests are coming.",
        ] {
            assert!(!anchored(m), "{m}");
            // And proven term-free: on the remembered path no anchor pass runs at all.
            assert_ne!(c.term_free.prove(m), Proof::Nothing, "{m}");
        }
    }
}
