//! Judging what a user typed into an accepted form: pasted credentials are not forwarded.
//!
//! Every string (and number) of the `content` object is checked for the known credential formats (one
//! `RegexSet`, PEM private keys included), for Luhn-valid payment card numbers, and, in fields not declared for
//! random-looking values, for long high-entropy strings. Findings are `answer.secret.<category>`; their
//! messages name the field and the kind of credential, never the value.

use serde_json::Value;

use super::normalize::fold;
use super::pack::Compiled;
use crate::policy::{pointer_push, Finding};

/// Most answer fields judged. A form has at most 64 properties; unasked keys are refused elsewhere.
pub const MAX_JUDGED_ANSWERS: usize = 256;
/// Most array entries judged per answer (multi-select answers are short lists of option values).
pub const MAX_JUDGED_ITEMS: usize = 256;
/// Shortest run treated as a possible random secret: shorter random strings are too weak to matter and
/// too common (order numbers, short ids) to block.
pub const MIN_ENTROPY_CHARS: usize = 24;
/// Shannon entropy per character above which a long run is called random. English words score about 3
/// (and have no digits); base64 or hex secrets score 3.7 and up.
const MIN_ENTROPY_BITS: f64 = 3.6;
/// Words in a field's name, title or description that declare it as holding random-looking values.
const DECLARED_RANDOM: &[&str] = &[
    "id",
    "ids",
    "uuid",
    "guid",
    "hash",
    "sha",
    "checksum",
    "digest",
    "commit",
    "fingerprint",
    "nonce",
    "url",
    "uri",
    "link",
    "ref",
    "slug",
    "signature",
    "etag",
    "revision",
];

/// Judges the content of one accepted form.
pub fn judge_content(
    c: &Compiled,
    content: &Value,
    schema: &Value,
    content_ptr: &str,
) -> Vec<Finding> {
    let mut findings = Vec::new();
    let Some(obj) = content.as_object() else {
        return findings;
    };
    let props = schema.get("properties");
    for (name, value) in obj.iter().take(MAX_JUDGED_ANSWERS) {
        let ptr = pointer_push(content_ptr, name);
        let prop = props.and_then(|p| p.get(name));
        let random_ok = declared_random(c, name, prop);
        let mut one = |v: &Value, path: &str| {
            let text = match v {
                Value::String(s) => s.clone(),
                Value::Number(n) => n.to_string(),
                _ => return,
            };
            if let Some(f) = judge_value(c, &text, random_ok, name, path) {
                findings.push(f);
            }
        };
        match value {
            Value::Array(items) => {
                for (i, v) in items.iter().take(MAX_JUDGED_ITEMS).enumerate() {
                    one(v, &pointer_push(&ptr, &i.to_string()));
                }
            }
            v => one(v, &ptr),
        }
    }
    findings
}

fn enabled(c: &Compiled, cat: &str) -> bool {
    c.category(cat)
        .and_then(|i| c.categories.get(i))
        .is_some_and(|k| k.enabled)
}

fn judge_value(
    c: &Compiled,
    text: &str,
    random_ok: bool,
    name: &str,
    path: &str,
) -> Option<Finding> {
    let text = super::scan_limit(text);
    let field = super::shown_name(c, name);
    let found = |cat: &str, what: &str| {
        Finding::block(
            format!("answer.secret.{cat}"),
            path,
            format!(
                "the answer to `{field}` looks like {what}; it was not forwarded (value not shown)"
            ),
        )
    };
    if let Some(fmt) = super::format_matches(c, text, super::formats::Search::All)
        .into_iter()
        .flat_map(|m| m.into_iter())
        .filter_map(|i| c.format_infos.get(i))
        .find(|f| c.categories.get(f.category).is_some_and(|k| k.enabled))
    {
        let cat = c
            .categories
            .get(fmt.category)
            .map(|k| k.name.as_str())
            .unwrap_or("credential");
        return Some(found(cat, &fmt.label));
    }
    if enabled(c, "card") && has_card_number(text) {
        return Some(found("card", "a payment card number"));
    }
    if !random_ok && enabled(c, "high_entropy") && has_random_run(text) {
        return Some(found(
            "high_entropy",
            "a long random string such as a key or token",
        ));
    }
    None
}

/// Whether the schema declares the field for random-looking values: a `format`, or a name, title or
/// description with a word like `id`, `hash` or `url`.
fn declared_random(c: &Compiled, name: &str, prop: Option<&Value>) -> bool {
    if prop.and_then(|p| p.get("format")).is_some() {
        return true;
    }
    let mut words = fold(name, &c.stopwords);
    for key in ["title", "description"] {
        if let Some(t) = prop.and_then(|p| p.get(key)).and_then(Value::as_str) {
            words.push_str(&fold(t, &c.stopwords));
        }
    }
    words
        .split_whitespace()
        .any(|w| DECLARED_RANDOM.contains(&w))
}

/// A Luhn-valid run of 13 to 19 digits (single spaces or dashes between groups allowed) with a card-like
/// first digit (2 to 6: Mastercard, Visa, Amex, Discover, UnionPay, JCB).
pub fn has_card_number(text: &str) -> bool {
    let b = text.as_bytes();
    let mut i = 0;
    while i < b.len() {
        if !b[i].is_ascii_digit() || (i > 0 && b[i - 1].is_ascii_alphanumeric()) {
            i += 1;
            continue;
        }
        let mut digits: Vec<u8> = Vec::with_capacity(19);
        let mut j = i;
        while j < b.len() && digits.len() <= 19 {
            match b[j] {
                d @ b'0'..=b'9' => digits.push(d - b'0'),
                b' ' | b'-'
                    if j + 1 < b.len()
                        && b[j + 1].is_ascii_digit()
                        && b[j - 1].is_ascii_digit() => {}
                _ => break,
            }
            j += 1;
        }
        let ends_clean = j >= b.len() || !b[j].is_ascii_alphanumeric();
        if ends_clean
            && (13..=19).contains(&digits.len())
            && (2..=6).contains(&digits[0])
            && luhn(&digits)
        {
            return true;
        }
        i = j.max(i + 1);
    }
    false
}

/// The Luhn checksum over decimal digits.
pub fn luhn(digits: &[u8]) -> bool {
    let sum: u32 = digits
        .iter()
        .rev()
        .enumerate()
        .map(|(i, &d)| {
            let d = u32::from(d);
            if i % 2 == 1 {
                let x = d * 2;
                if x > 9 {
                    x - 9
                } else {
                    x
                }
            } else {
                d
            }
        })
        .sum();
    sum.is_multiple_of(10)
}

/// A whitespace-free run of at least [`MIN_ENTROPY_CHARS`] characters with letters and digits whose entropy
/// is above [`MIN_ENTROPY_BITS`] per character, and that is not a UUID.
pub fn has_random_run(text: &str) -> bool {
    text.split(|c: char| c.is_whitespace() || c == '"' || c == '\'' || c == ',')
        .filter(|w| w.len() >= MIN_ENTROPY_CHARS && w.is_ascii())
        .any(|w| {
            let letters = w.bytes().any(|b| b.is_ascii_alphabetic());
            let digits = w.bytes().any(|b| b.is_ascii_digit());
            letters && digits && !is_uuid(w) && entropy(w) >= MIN_ENTROPY_BITS
        })
}

fn is_uuid(w: &str) -> bool {
    let b = w.as_bytes();
    b.len() == 36
        && b.iter().enumerate().all(|(i, &c)| {
            if matches!(i, 8 | 13 | 18 | 23) {
                c == b'-'
            } else {
                c.is_ascii_hexdigit()
            }
        })
}

/// Shannon entropy of the bytes of `w`, in bits per byte.
pub fn entropy(w: &str) -> f64 {
    let mut counts = [0u32; 256];
    for b in w.bytes() {
        counts[usize::from(b)] += 1;
    }
    let n = w.len() as f64;
    counts
        .iter()
        .filter(|&&k| k > 0)
        .map(|&k| {
            let p = f64::from(k) / n;
            -p * p.log2()
        })
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn luhn_and_card_runs() {
        assert!(has_card_number("4111 1111 1111 1111"));
        assert!(has_card_number("card: 5555-5555-5555-4444."));
        assert!(!has_card_number("4111 1111 1111 1112"));
        assert!(!has_card_number("1700000000000")); // a timestamp: first digit not card-like
        assert!(!has_card_number("order 12345"));
    }

    #[test]
    fn entropy_runs() {
        assert!(has_random_run("k=9fQ2xL7pZa3VbN8mR4tY6wE1"));
        assert!(!has_random_run("internationalization and localisation"));
        assert!(!has_random_run("550e8400-e29b-41d4-a716-446655440000"));
        assert!(!has_random_run("aaaaaaaaaaaaaaaaaaaaaaaaaaaaaa111"));
    }
}
