//! A card's last four digits: what a bank or a shop asks to tell one card from another, not card data.
//!
//! "Last 4 digits of the card", "آخر ٤ أرقام من البطاقة", "Kortets fyra sista siffror", "カード番号下4桁": a
//! dispute, a card block or a replacement names the card by the four digits printed on every receipt and
//! statement. Those four spend nothing; the card's words in the field's title ("card", "البطاقة") and the
//! message ("your debit card") would still read it as card data. So a text field bounded to four characters
//! (a length, or a pattern of four digits) whose own name or title holds a word for the last places of a
//! number (pack kind `last`), in a form that speaks of a card, and whose own texts name no other secret (a
//! PIN's last four are most of it), is no card data ([`super::judge_form_in`]).
//!
//! It is the end of a card number asked in two pieces when the form also asks for the rest of it: another
//! field that speaks of a card, or one that holds a long number (eight digits or more by its length, its
//! pattern or its bounds). Then the field is read as before.

use super::field::{FieldKind, Prop};
use super::structure::digit_pattern;

/// Whether a field holds at most four characters: `maxLength` 4 (whatever the minimum), a pattern of
/// exactly four digits, or, with neither a pattern nor a `maxLength`, a title that counts four places
/// ([`says_four`]). A number field is left out: a card's last four may start with 0.
pub(super) fn bounded_to_four(prop: &Prop<'_, '_>) -> bool {
    if prop.kind != FieldKind::Text {
        return false;
    }
    if !prop.pattern.is_empty() {
        return digit_pattern(prop.pattern).is_some_and(|d| d.max == 4 && !d.slash);
    }
    prop.max_length == Some(4) || (prop.max_length.is_none() && says_four(prop.title))
}

/// The zeros of the decimal digits a title may count in: ASCII, Arabic-Indic, Persian, Devanagari, Bengali,
/// Tamil, Telugu, Thai, full-width. Each script encodes its digits as ten code points from its zero.
const ZEROS: &[char] = &[
    '0', '\u{660}', '\u{6F0}', '\u{966}', '\u{9E6}', '\u{BE6}', '\u{C66}', '\u{E50}', '\u{FF10}',
];

/// Most characters of a title read for its count (a field's title is short; a longer one is no label).
const MAX_TITLE_CHARS: usize = 200;

/// Whether a title counts four places (benign13): it holds the number 4 alone, in any of [`ZEROS`]'
/// scripts ("Last 4 digits", "آخر ٤ أرقام", "۴ رقم آخر", "शेष ৪"), or the Han numeral 四 ("卡号后四位").
/// A free-length field titled so is bounded by its words, as one of `maxLength` 4 is by its length: the
/// caller also asks for a word for a number's last places in the same title.
fn says_four(title: &str) -> bool {
    let value = |c: char| {
        ZEROS.iter().find_map(|&z| {
            let d = u32::from(c).checked_sub(u32::from(z))?;
            (d <= 9).then_some(d)
        })
    };
    let mut run: Vec<u32> = Vec::new();
    for c in title
        .chars()
        .take(MAX_TITLE_CHARS)
        .chain(std::iter::once(' '))
    {
        if let Some(d) = value(c) {
            if run.len() < 3 {
                run.push(d);
            } else {
                return false;
            }
        } else {
            if run == [4] {
                return true;
            }
            run.clear();
            if c == '四' {
                return true;
            }
        }
    }
    false
}

/// Whether a field may hold the rest of a card number: a long number by its length (at least 8 characters
/// required, a pattern of 8 digits or more, or at most 12 to 19, a card number's lengths) or by its bounds
/// (a number of eight digits or more). The words are
/// read by the caller (a field whose own texts speak of a card).
pub(super) fn holds_long_number(prop: &Prop<'_, '_>) -> bool {
    match prop.kind {
        FieldKind::Text => {
            if !prop.pattern.is_empty() {
                return digit_pattern(prop.pattern).is_some_and(|d| d.min >= 8 && d.max <= 23);
            }
            prop.min_length.is_some_and(|lo| (8..=23).contains(&lo))
                || prop.max_length.is_some_and(|hi| (12..=19).contains(&hi))
        }
        FieldKind::Number => prop.maximum.is_some_and(|m| m >= 1e7),
        FieldKind::Choice => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_title_counting_four_places_is_read_in_any_script() {
        for t in [
            "Last 4 digits of the card",
            "آخر ٤ أرقام من البطاقة",
            "۴ رقم آخر کارت",
            "卡号后四位",
            "カード番号の下４桁",
        ] {
            assert!(says_four(t), "{t}");
        }
        for t in ["Last 14 digits", "Card number", "Last 4444"] {
            assert!(!says_four(t), "{t}");
        }
    }
}
