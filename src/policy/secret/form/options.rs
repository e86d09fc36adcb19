//! A choice field's options, read for what the choice asks.
//!
//! A choice cannot carry a typed secret; it asks for part of one only when its options are pieces to pick
//! ([`offers_characters`]: "0".."9", "a".."z"; not a yes/no nor words). Options that each hold a number
//! ([`options_are_counts`]: "12 words", "24 words") choose how long the secret is to be and name none. The
//! titles a choice shows for its options ([`option_titles`]) are read as the field's `Options` text.

use super::MAX_JUDGED_OPTIONS;
use crate::wire::tree::Node;

/// Most characters of an option that is one piece of a secret: a digit, a letter, a position ("10").
const FRAGMENT_OPTION_CHARS: usize = 2;

/// Whether a choice offers pieces of a secret to pick ("0".."9", "a".."z"): not a yes/no ("Require symbols
/// in passwords?"), nor options that are words ("basic", "strong": a password policy's presets). A choice
/// whose values cannot be read is given the benefit of no doubt: it may offer pieces.
pub(super) fn offers_characters(prop: &Node<'_>) -> bool {
    if prop.get("type").and_then(Node::as_str) == Some("boolean") {
        return false;
    }
    let short = |v: &Node<'_>| match v.as_str() {
        Some(t) => t.trim().chars().count() <= FRAGMENT_OPTION_CHARS,
        None => v.as_f64().is_some_and(|n| (0.0..100.0).contains(&n)),
    };
    let mut values = Vec::new();
    for list in [
        prop.get("enum"),
        prop.get("items").and_then(|i| i.get("enum")),
    ]
    .into_iter()
    .flatten()
    .filter_map(Node::as_array)
    {
        values.extend(list.iter().take(MAX_JUDGED_OPTIONS));
    }
    for list in [
        prop.get("oneOf"),
        prop.get("anyOf"),
        prop.get("items").and_then(|i| i.get("anyOf")),
    ]
    .into_iter()
    .flatten()
    .filter_map(Node::as_array)
    {
        values.extend(
            list.iter()
                .take(MAX_JUDGED_OPTIONS)
                .filter_map(|o| o.get("const")),
        );
    }
    values.is_empty() || values.into_iter().all(short)
}

/// The titles a choice shows for its options (`oneOf`/`anyOf` titles, `enumNames`), joined by newlines.
/// Whether a choice's options are counts: two or more option titles, every one holding a number written in
/// digits ("12 slov", "24 words", "12 palabras"). A word picker's options are words, a digit picker's titles
/// are bare digits that name nothing, so neither is read so away from its own title.
pub(super) fn options_are_counts(prop: &Node<'_>) -> bool {
    let titles = option_titles(prop);
    let mut n = 0usize;
    for t in titles.lines() {
        let counted = t
            .split(|ch: char| !ch.is_alphanumeric())
            .any(|w| !w.is_empty() && w.chars().all(|ch| ch.is_ascii_digit()));
        if !counted {
            return false;
        }
        n += 1;
    }
    n >= 2
}

/// Whether a choice's options are things told apart by the last four digits of their number: two or more
/// option titles, every one holding a run of exactly four digits, in any script ("Visa •••• 4417",
/// "RuPay — शेवटचे अंक ०९३७", "尾号 8802"). The user picks one of the cards or accounts the server already
/// holds; a digit picker's titles are single digits, so it is not read so (cards18).
pub(super) fn options_show_last_four(prop: &Node<'_>) -> bool {
    let titles = option_titles(prop);
    let mut n = 0usize;
    for t in titles.lines() {
        let four = t
            .split(|ch: char| !ch.is_numeric())
            .any(|w| w.chars().count() == 4);
        if !four {
            return false;
        }
        n += 1;
    }
    n >= 2
}

pub(super) fn option_titles(prop: &Node<'_>) -> String {
    let mut out = String::new();
    let lists = [
        prop.get("oneOf"),
        prop.get("anyOf"),
        prop.get("items").and_then(|i| i.get("anyOf")),
    ];
    for list in lists.into_iter().flatten().filter_map(Node::as_array) {
        for t in list
            .iter()
            .take(MAX_JUDGED_OPTIONS)
            .filter_map(|o| o.get("title"))
            .filter_map(Node::as_str)
        {
            out.push_str(t);
            out.push('\n');
        }
    }
    if let Some(names) = prop.get("enumNames").and_then(Node::as_array) {
        for t in names
            .iter()
            .take(MAX_JUDGED_OPTIONS)
            .filter_map(Node::as_str)
        {
            out.push_str(t);
            out.push('\n');
        }
    }
    out
}
