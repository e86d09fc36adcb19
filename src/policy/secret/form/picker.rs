//! A recovery phrase asked by choice: a field whose options are the words of a BIP-39 list.
//!
//! A choice field only returns a value the server wrote, so the words in its options name nothing the user
//! types (`form/options.rs` reads option titles for what they say, and a choice of lengths, "12 words" / "24 words",
//! is no secret). One shape is the exception: a field offering the recovery-phrase word list itself ("Word
//! #3 of your phrase" over `abandon`, `ability`, `able`, ...). The user picks their words one field at a time
//! and the server receives the phrase, in any language the form's text is written in.
//!
//! The lists are the BIP's own (`bip39_words.txt`, written by `tools/bip39/generate.py` from the `mnemonic`
//! package; the Chinese lists are left out, see there). A field counts when it offers at least
//! [`MIN_OPTIONS`] options and at least [`MIN_SHARE_PERCENT`] of them are words of one list. BIP-39 lists are
//! everyday words, so a short list of fruits or animals is mostly on one; a long list almost wholly on one
//! is the word list. The bound is the cost too: a field with fewer options is not looked up at all, and the
//! schema check bounds every list at `schema::MAX_OPTIONS`.

use std::collections::HashMap;
use std::sync::OnceLock;

use crate::wire::tree::Node;

/// Fewest options of a picker. An attacker who does not know the words must offer the whole list of 2,048
/// for each word, in pieces of at most `schema::MAX_OPTIONS`, over at most `schema::MAX_PROPERTIES` fields:
/// a field of a phrase picker holds well over this many (2,048 over 64 fields is 32 each for a single word;
/// a form asking 12 words needs several hundred a field).
const MIN_OPTIONS: usize = 64;
/// Least share of the options on one list, in percent: a hand-made list of 64+ ordinary words is unlikely to
/// stay this close to one fixed list of 2,048.
const MIN_SHARE_PERCENT: usize = 95;
/// Most options read (the schema check allows no more).
const MAX_READ: usize = crate::policy::schema::MAX_OPTIONS;

/// Each word of the lists, with a bit per list it is on (ten lists).
fn lists() -> &'static HashMap<&'static str, u16> {
    static LISTS: OnceLock<HashMap<&'static str, u16>> = OnceLock::new();
    LISTS.get_or_init(|| {
        let mut map: HashMap<&'static str, u16> = HashMap::with_capacity(20_480);
        let mut list: Option<u32> = None;
        for line in include_str!("bip39_words.txt").lines() {
            if let Some(name) = line.strip_prefix("# ") {
                // A list's header is its language's name; the file's own header lines are sentences.
                if name.bytes().all(|b| b.is_ascii_lowercase() || b == b'_') {
                    list = Some(list.map_or(0, |n| n + 1));
                }
                continue;
            }
            if let (Some(n), false) = (list, line.is_empty()) {
                *map.entry(line).or_default() |= 1 << n;
            }
        }
        map
    })
}

/// The option strings of a choice field: `enum` values, `oneOf`/`anyOf` `const`s and titles, and those of
/// a multi-select's `items`.
fn options<'v>(value: &'v Node<'_>) -> Vec<&'v str> {
    let mut out = Vec::new();
    let mut read = |node: &'v Node<'_>| {
        if let Some(values) = node.get("enum").and_then(Node::as_array) {
            out.extend(values.iter().take(MAX_READ).filter_map(Node::as_str));
        }
        for key in ["oneOf", "anyOf"] {
            if let Some(items) = node.get(key).and_then(Node::as_array) {
                for item in items.iter().take(MAX_READ) {
                    // The value the server receives, else what the user sees.
                    if let Some(s) = item
                        .get("const")
                        .and_then(Node::as_str)
                        .or_else(|| item.get("title").and_then(Node::as_str))
                    {
                        out.push(s);
                    }
                }
            }
        }
    };
    read(value);
    if let Some(items) = value.get("items") {
        read(items);
    }
    out
}

/// Whether a choice field offers a BIP-39 word list (see the module doc): the number of options when it
/// does.
pub(super) fn phrase_words(value: &Node<'_>) -> Option<usize> {
    let options = options(value);
    if options.len() < MIN_OPTIONS {
        return None;
    }
    let lists = lists();
    let mut per_list = [0usize; 16];
    let mut folded = String::new();
    for option in &options {
        folded.clear();
        folded.extend(option.trim().chars().flat_map(char::to_lowercase));
        if let Some(&bits) = lists.get(folded.as_str()) {
            for (n, count) in per_list.iter_mut().enumerate() {
                if bits & (1 << n) != 0 {
                    *count += 1;
                }
            }
        }
    }
    let best = per_list.iter().copied().max().unwrap_or(0);
    (best * 100 >= options.len() * MIN_SHARE_PERCENT).then_some(options.len())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::wire::tree::{parse_str, Arena};

    fn judge(schema: serde_json::Value) -> Option<usize> {
        let arena = Arena::new();
        let text = schema.to_string();
        let node = parse_str(&text, &arena).expect("valid json");
        phrase_words(&node)
    }

    fn english() -> Vec<&'static str> {
        include_str!("bip39_words.txt")
            .lines()
            .skip_while(|l| *l != "# english")
            .skip(1)
            .take_while(|l| !l.starts_with("# "))
            .collect()
    }

    #[test]
    fn the_lists_load_whole() {
        let lists = lists();
        assert!(lists.len() > 18_000, "{}", lists.len());
        assert_eq!(lists.get("abandon").copied().map(|b| b & 1), Some(1));
        assert!(lists.contains_key("ábaco"), "the Spanish list");
        assert!(lists.contains_key("あいこくしん"), "the Japanese list");
        assert!(!lists.contains_key("# english"));
    }

    #[test]
    fn a_field_offering_the_word_list_is_a_picker() {
        let words = english();
        assert_eq!(words.len(), 2048);
        let first: Vec<&str> = words.iter().copied().take(1024).collect();
        assert_eq!(
            judge(serde_json::json!({"type": "string", "enum": first})),
            Some(1024)
        );
        // As oneOf with titles, upper-cased, and as a multi-select's items.
        let one_of: Vec<_> = words[1024..]
            .iter()
            .take(200)
            .map(|w| serde_json::json!({"const": w.to_uppercase(), "title": w}))
            .collect();
        assert_eq!(
            judge(serde_json::json!({"type": "string", "oneOf": one_of})),
            Some(200)
        );
        let some: Vec<&str> = words.iter().copied().step_by(16).collect();
        assert!(judge(serde_json::json!({"type": "array", "items": {"enum": some}})).is_some());
    }

    #[test]
    fn ordinary_lists_are_no_picker() {
        // Short lists of everyday words, even all on the list.
        let fruit = [
            "apple", "banana", "orange", "lemon", "grape", "cherry", "melon", "mango",
        ];
        assert_eq!(
            judge(serde_json::json!({"type": "string", "enum": fruit})),
            None
        );
        // A long list of countries, languages or numbers.
        let countries: Vec<String> = (0..120).map(|i| format!("Country {i}")).collect();
        assert_eq!(
            judge(serde_json::json!({"type": "string", "enum": countries})),
            None
        );
        // A long list where a tenth is not on the word list.
        let words = english();
        let mut mixed: Vec<String> = words.iter().take(90).map(|w| w.to_string()).collect();
        mixed.extend((0..10).map(|i| format!("option {i}")));
        assert_eq!(
            judge(serde_json::json!({"type": "string", "enum": mixed})),
            None
        );
    }
}
