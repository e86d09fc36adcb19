//! What a number field's bounds and own words say it holds, when not a numeric secret.
//!
//! A PIN, a code, a card or an identity number has three digits or more ([`MIN_SECRET_NUMBER`]) and runs
//! over every value of its digits: a number bounded below a hundred, or from 1 to 99 ([`counts_from`]),
//! counts or rates something; bounds that are no run of digits' (500, 20000; [`bounds_an_amount`]) are a
//! sum's or a quantity's. An attribute word beside the secret's name ("Password expiry (days)",
//! [`holds_attribute`]) makes the number a property of the secret, unless a number stands before the unit
//! ([`after_number`]: "valid 30 days" describes the secret).

use super::hit::{Hit, Source};
use crate::policy::secret::pack::{CatId, Kind};

/// The smallest upper bound of a number field that may hold a numeric secret: the shortest of them (a card's
/// security code, a PIN) has three digits or more.
pub(super) const MIN_SECRET_NUMBER: f64 = 100.0;

/// Whether a number field's own texts say it holds a property of a secret, not the secret: an `attribute`
/// term ("length", "expiry", "history", "days", "characters") beside the secret's name ("Password expiry
/// (days)", "Hasło wygasa po (dniach)", "密码有效期"). A number is what the property is counted in; the
/// secret's terms of the attribute's category (of every category, for an attribute without one) are then
/// dropped from the field's own hits, and the field is left out of the language-free signals. The
/// message's hits stay: "Enter your PIN" over a field titled "PIN length" still asks in the message.
/// Only number fields: a text field titled "Password (at least 8 characters)" is the password itself,
/// and a number field titled "Your 4-digit PIN" holds no attribute (digits are not one: a PIN is its
/// digits). Returns whether a term was dropped.
pub(super) fn holds_attribute(folded: &str, hits: &mut Vec<Hit>) -> bool {
    let counted: Vec<Option<CatId>> = hits
        .iter()
        .filter(|h| h.kind == Kind::Attribute && h.source != Source::Message)
        .filter(|h| !after_number(folded, h))
        .map(|h| h.cat)
        .collect();
    if counted.is_empty() {
        return false;
    }
    let before = hits.len();
    hits.retain(|h| {
        !(h.source != Source::Message
            && matches!(h.kind, Kind::Strong | Kind::Weak | Kind::Qualifier)
            && counted.iter().any(|&k| k.is_none() || k == h.cat))
    });
    hits.len() != before
}

/// Whether the word right before a hit is a number: "valid 30 days", "3 failed attempts block the card",
/// "8 characters" describe the secret the field takes; the unit without a number ("Password expiry
/// (days)") is what the field's own number counts. A hit inside a word (a glued compound) has none.
fn after_number(folded: &str, h: &Hit) -> bool {
    let Some(head) = folded.get(..h.start) else {
        return false;
    };
    // A whole-word term's match starts with the space before it; a term matched inside words (a glued
    // compound's, "4 Zeichen" read by German's substring terms) at the start of one has it just before.
    let at_word = head.is_empty()
        || head.ends_with([' ', '\n'])
        || folded.get(h.start..).is_some_and(|t| t.starts_with(' '));
    at_word
        && head
            .split([' ', '\n'])
            .rev()
            .find(|w| !w.is_empty())
            .is_some_and(|w| w.chars().all(|c| c.is_ascii_digit()))
}

/// Whether a number field's lower bound is a count's: 1 to 99.
pub(super) fn counts_from(minimum: f64) -> bool {
    (1.0..MIN_SECRET_NUMBER).contains(&minimum)
}

/// Whether a number field's bounds are an amount's or a quantity's, not a numeric secret's: a PIN, a code, a
/// card or an identity number runs over every value of its digits, so its bounds are 0, a power of ten
/// (the first value of n digits) or all nines (the last); a bound such as 500, 250 or 20000 ("minimum
/// 500, maximum 20000" rupees on a gift card) is a sum's or a count's. Bounds above 10^15 are a card's or an
/// identity number's length, read as written, and are left alone (a float holds them inexactly).
pub(super) fn bounds_an_amount(minimum: Option<f64>, maximum: Option<f64>) -> bool {
    // Whether `b` bounds a run of digits: 0, a power of ten or one less. A fractional, negative or huge
    // bound is no amount's sign either: it is left to the other rules.
    let secret_like = |b: f64| {
        if b.fract() != 0.0 || !(0.0..=1e15).contains(&b) {
            return true;
        }
        // Exact: an integral float up to 10^15 converts without loss.
        let b = b as u64;
        let mut p = 1u64;
        while p <= b.saturating_add(1) {
            if b == p || b + 1 == p {
                return true;
            }
            p = p.saturating_mul(10);
        }
        b == 0
    };
    minimum.is_some_and(|b| b >= MIN_SECRET_NUMBER && !secret_like(b))
        || maximum.is_some_and(|b| b >= MIN_SECRET_NUMBER && !secret_like(b))
}
