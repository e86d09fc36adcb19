//! Signals that need no language: what a form asks for, read from its shape.
//!
//! A hostile form written in a language no pack reads still has to tell the user's client what to type, and
//! for the secrets worth stealing that shape is distinctive:
//! - a **recovery phrase** asked word by word: a run of one-word text fields numbered 1..n (or 0..n-1) for a
//!   phrase length n (12, 15, 18, 21, 24, 25), named or titled alike but for the number ("word1", "w_01",
//!   "slovo 7", "1.", "Kata ke-1", "1번째 단어", "Word 3 of 24"), or ranked alike by ordinal words
//!   ("Erstes".."Zwölftes", "Neno la kwanza".., "الأولى".., [`super::ordinal`]);
//! - a **payment card**: a field of a card number's length (13 to 19 digits) with an expiry (an `MM/YY`
//!   pattern, or a month and a year) and a 3-4 digit field beside it; or a card number split over adjacent
//!   fields of 4+4+4+4 (or 4+6+5) digits; or, with no lengths at all, four text fields numbered 1..4 alike
//!   ("Group 1".."Group 4", "第1グループ") beside a field titled like an expiry (two short words joined by a
//!   slash: "MM/YY", "Ay/Yıl", "月/年"), in a form that speaks of digits or a code;
//! - a **one-time code**: a field of a short fixed number of digits (4 to 8: a pattern `^[0-9]{6}$`,
//!   `minLength == maxLength`, an integer bounded to n digits). Alone that is also a postal code, a year or a
//!   quantity, so it counts only with support: a term of a code, a PIN or a login anywhere in the form's
//!   text (in any language a pack reads), or, for a form whose only typed field it is, the message naming
//!   its length ("the 6-digit code") or a masked phone number or address it was sent to ("+7 *** **-12").
//!
//! Everything here reads digits, lengths and the form's order, never words; a field whose own texts hold a
//! benign or redefining phrase ("postal code", "gift card") is left out. Only fields with a constraint that
//! could fit are noted, so a form of plain text fields pays one look at each property's members.

use super::field::{FieldKind, Prop};
use super::notes::Support;
use crate::wire::tree::Node;

/// Word counts of recovery (seed) phrases: BIP-39 has 12, 15, 18, 21 and 24; Monero and Algorand use 25.
const PHRASE_LENGTHS: &[u32] = &[12, 15, 18, 21, 24, 25];
/// Most words of a numbered field's title ("Word 1", "Box 1", "1."): a field with a longer title is a
/// question of a survey (`q1`..`q12`, each titled with its question), not a slot for one word.
const NUMBERED_TITLE_WORDS: usize = 4;
/// Most words of an ordinal beyond its first ("kumi na mbili", twelfth in Swahili; "بیست و چهارم"): a title
/// that long is read for an ordinal in words only.
const ORDINAL_EXTRA_WORDS: usize = 4;
/// Most words of its description ("the first word of your backup sheet").
const NUMBERED_DESCRIPTION_WORDS: usize = 8;
/// Most words around the number in a numbered label ("Kata ke-1", "Word 1 of 24", "1번째 단어").
const NUMBERED_LABEL_WORDS: usize = 3;
/// Longest label read as numbered, in characters.
const NUMBERED_LABEL_CHARS: usize = 32;
/// Longest `pattern` read, in bytes: a digit pattern is short; a long one is something else.
const MAX_PATTERN_BYTES: usize = 160;
/// Deepest group nesting read in a pattern.
const MAX_PATTERN_DEPTH: u32 = 4;
/// Most enum values read to tell a month or a year list.
const MAX_ENUM_READ: usize = 128;
/// Most bytes of the message read for a code's length or a masked contact.
const MAX_MESSAGE_SCAN: usize = 4096;

/// The digits a `pattern` takes: every atom a digit or a separator (space, `-`, `.`, `/`), with bounded
/// repetition. `slash`: a `/` among the separators (an expiry); `lead_nonzero`: the first digit is `[1-9]`
/// (a number that cannot start with 0 is an identifier, such as a postal code, not a code).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Digits {
    pub min: u32,
    pub max: u32,
    pub slash: bool,
    pub lead_nonzero: bool,
}

/// Reads a pattern of digits; `None` for anything else (letters, wildcards, unbounded repetition).
pub(super) fn digit_pattern(pattern: &str) -> Option<Digits> {
    if pattern.is_empty() || pattern.len() > MAX_PATTERN_BYTES {
        return None;
    }
    let body = pattern.strip_prefix('^').unwrap_or(pattern);
    let body = body.strip_suffix('$').unwrap_or(body);
    let lead_nonzero = body.starts_with("[1-9]");
    let mut p = PatternReader {
        s: body.as_bytes(),
        i: 0,
        depth: 0,
        slash: false,
    };
    let (min, max) = p.alternation()?;
    if p.i != p.s.len() || max == 0 {
        return None;
    }
    Some(Digits {
        min,
        max,
        slash: p.slash,
        lead_nonzero,
    })
}

/// A tiny reader of the regex subset digit patterns are written in: alternation, groups, classes of digits
/// and separators, `\d`, literal digits and separators, `{n}`, `{m,n}`, `?`. Counts saturate.
struct PatternReader<'a> {
    s: &'a [u8],
    i: usize,
    depth: u32,
    slash: bool,
}

/// Digit counts beyond this saturate (no field of interest is longer).
const DIGITS_CAP: u32 = 64;

impl PatternReader<'_> {
    fn peek(&self) -> Option<u8> {
        self.s.get(self.i).copied()
    }

    fn alternation(&mut self) -> Option<(u32, u32)> {
        let mut acc = self.sequence()?;
        while self.peek() == Some(b'|') {
            self.i += 1;
            let next = self.sequence()?;
            acc = (acc.0.min(next.0), acc.1.max(next.1));
        }
        Some(acc)
    }

    fn sequence(&mut self) -> Option<(u32, u32)> {
        let (mut min, mut max) = (0u32, 0u32);
        while let Some(b) = self.peek() {
            if b == b'|' || b == b')' {
                break;
            }
            let (amin, amax) = self.atom()?;
            let (qmin, qmax) = self.quantifier()?;
            min = min
                .saturating_add(amin.saturating_mul(qmin))
                .min(DIGITS_CAP);
            max = max
                .saturating_add(amax.saturating_mul(qmax))
                .min(DIGITS_CAP);
        }
        Some((min, max))
    }

    /// One atom's (min, max) digits.
    fn atom(&mut self) -> Option<(u32, u32)> {
        let b = self.peek()?;
        self.i += 1;
        match b {
            b'(' => {
                if self.s.get(self.i..self.i + 2) == Some(b"?:") {
                    self.i += 2;
                }
                self.depth += 1;
                if self.depth > MAX_PATTERN_DEPTH {
                    return None;
                }
                let inner = self.alternation()?;
                self.depth -= 1;
                (self.peek() == Some(b')')).then(|| {
                    self.i += 1;
                    inner
                })
            }
            b'[' => self.class(),
            b'\\' => {
                let e = self.peek()?;
                self.i += 1;
                match e {
                    b'd' => Some((1, 1)),
                    b's' | b'-' | b'.' | b' ' => Some((0, 0)),
                    b'/' => {
                        self.slash = true;
                        Some((0, 0))
                    }
                    _ => None,
                }
            }
            b'0'..=b'9' => Some((1, 1)),
            b' ' | b'-' => Some((0, 0)),
            b'/' => {
                self.slash = true;
                Some((0, 0))
            }
            _ => None,
        }
    }

    /// A class after its `[`: digits only (one digit), separators only (none), or both (none or one).
    fn class(&mut self) -> Option<(u32, u32)> {
        let (mut digit, mut sep) = (false, false);
        if self.peek() == Some(b'^') {
            return None;
        }
        loop {
            let b = self.peek()?;
            self.i += 1;
            match b {
                b']' => break,
                b'0'..=b'9' => {
                    if self.peek() == Some(b'-')
                        && self.s.get(self.i + 1).is_some_and(u8::is_ascii_digit)
                    {
                        self.i += 2;
                    }
                    digit = true;
                }
                b'\\' => {
                    let e = self.peek()?;
                    self.i += 1;
                    match e {
                        b'd' => digit = true,
                        b's' | b'-' | b'.' | b' ' => sep = true,
                        b'/' => {
                            sep = true;
                            self.slash = true;
                        }
                        _ => return None,
                    }
                }
                b' ' | b'-' | b'.' => sep = true,
                b'/' => {
                    sep = true;
                    self.slash = true;
                }
                _ => return None,
            }
        }
        match (digit, sep) {
            (true, false) => Some((1, 1)),
            (false, true) => Some((0, 0)),
            (true, true) => Some((0, 1)),
            (false, false) => None,
        }
    }

    /// `{n}`, `{m,n}`, `?` or nothing, as (min, max) repeats; unbounded repetition is `None`.
    fn quantifier(&mut self) -> Option<(u32, u32)> {
        match self.peek() {
            Some(b'?') => {
                self.i += 1;
                Some((0, 1))
            }
            Some(b'*' | b'+') => None,
            Some(b'{') => {
                let rest = self.s.get(self.i + 1..)?;
                let close = rest.iter().position(|&b| b == b'}')?;
                let inner = std::str::from_utf8(rest.get(..close)?).ok()?;
                self.i += close + 2;
                let (a, b) = match inner.split_once(',') {
                    Some((a, b)) => (a.trim().parse::<u32>().ok()?, b.trim().parse::<u32>().ok()?),
                    None => {
                        let n: u32 = inner.trim().parse().ok()?;
                        (n, n)
                    }
                };
                (a <= b).then_some((a.min(DIGITS_CAP), b.min(DIGITS_CAP)))
            }
            _ => Some((1, 1)),
        }
    }
}

/// What one field's constraints make of it (several may hold at once: a 4-digit field is a code, a card
/// number's group and a security code).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct Shape {
    /// Exactly n digits, 4 to 8, free to start with 0: a one-time code, a PIN.
    pub code: Option<u32>,
    /// Exactly n digits (4 to 6): a group of a card number written over several fields.
    pub group: Option<u32>,
    /// At most 4 characters, no lower bound: a piece of a split card number only among four alike.
    pub loose_quad: bool,
    /// 13 to 19 digits: a card number.
    pub card_number: bool,
    /// 3 or 4 digits: a card's security code.
    pub security: bool,
    /// At most 3 or 4 characters, no lower bound: a security code only in a form that speaks of a card.
    pub loose_security: bool,
    /// `MM/YY` or `MM/YYYY`.
    pub expiry: bool,
    /// A month (1..12).
    pub month: bool,
    /// A card's expiry year (2000..2100, or two digits).
    pub year: bool,
}

impl Shape {
    fn any(&self) -> bool {
        *self != Shape::default()
    }
}

/// Reads the shape of a property from its constraints; `None` when nothing here applies (most fields).
pub(super) fn shape_of(prop: &Prop<'_, '_>) -> Option<Shape> {
    let mut s = Shape::default();
    match prop.kind {
        FieldKind::Text => {
            if !prop.pattern.is_empty() {
                let d = digit_pattern(prop.pattern)?;
                if d.slash {
                    s.expiry = d.min >= 3 && (4..=6).contains(&d.max);
                } else {
                    if d.min == d.max {
                        if (4..=8).contains(&d.min) && !d.lead_nonzero {
                            s.code = Some(d.min);
                        }
                        if (4..=6).contains(&d.min) {
                            s.group = Some(d.min);
                        }
                    }
                    s.card_number = d.min >= 12 && (13..=19).contains(&d.max);
                    s.security = d.min >= 3 && d.max <= 4;
                }
            } else if let (Some(lo), Some(hi)) = (prop.min_length, prop.max_length) {
                // Lengths alone say nothing of digits: only an exact or a card-like length is read.
                if lo == hi && (4..=8).contains(&lo) {
                    s.code = u32::try_from(lo).ok();
                    s.group = u32::try_from(lo).ok().filter(|n| *n <= 6);
                }
                s.card_number = lo >= 13 && (13..=23).contains(&hi);
                s.security = lo >= 3 && (3..=4).contains(&hi);
            } else if prop.max_length == Some(4) {
                // Only an upper bound: four of them side by side are still a card number in pieces, and
                // one beside an expiry is a security code.
                s.loose_quad = true;
                s.loose_security = true;
            } else if prop.max_length == Some(3) {
                // "背面末三碼" bounded to 3: a security code beside an expiry, in a form that speaks of a card.
                s.loose_security = true;
            }
        }
        FieldKind::Number => {
            let (lo, hi) = (prop.minimum, prop.maximum);
            if let Some(hi) = hi {
                let lo = lo.unwrap_or(0.0);
                for n in 3..=8u32 {
                    let top = 10f64.powi(n as i32) - 1.0;
                    let floor = 10f64.powi(n as i32 - 1);
                    if hi == top && (lo == 0.0 || lo == floor) {
                        if n >= 4 {
                            s.code = Some(n);
                        }
                        if (4..=6).contains(&n) {
                            s.group = Some(n);
                        }
                        s.security = n <= 4;
                    }
                }
                s.month = lo == 1.0 && hi == 12.0;
                s.year = (lo >= 2000.0 && hi <= 2100.0 && lo <= hi)
                    || (lo >= 15.0 && hi <= 99.0 && lo <= hi);
            }
            s.card_number = lo.is_some_and(|lo| lo >= 1e12);
        }
        FieldKind::Choice => {
            let values = prop.value.get("enum").and_then(Node::as_array)?;
            let numbers: Vec<i64> = values
                .iter()
                .take(MAX_ENUM_READ)
                .map(|v| {
                    v.as_i64()
                        .or_else(|| v.as_str().and_then(|t| t.trim().parse().ok()))
                })
                .collect::<Option<_>>()?;
            s.month = numbers.len() == 12 && numbers.iter().copied().eq(1..=12);
            s.year = numbers.len() >= 3
                && numbers
                    .iter()
                    .all(|&y| (2000..=2100).contains(&y) || (15..=99).contains(&y))
                && numbers.windows(2).all(|w| w[1] == w[0] + 1);
        }
    }
    s.any().then_some(s)
}

/// One field noted for the structural signals.
struct Noted<'s> {
    name: &'s str,
    /// Its place among the form's properties.
    order: usize,
    shape: Shape,
    /// How much the field's own texts speak of a code, a PIN or a login (terms of a pack, any language).
    support: Support,
    /// Its name or title says what it identifies ("Account number", "Namba ya shule"): no code by its
    /// digits unless the message says a code was sent.
    identifier: bool,
}

/// What the structural signals found: the category and the property it points at, and why.
#[derive(Debug, PartialEq, Eq)]
pub(super) struct Signal<'s> {
    pub category: &'static str,
    pub name: Option<&'s str>,
    pub why: String,
}

/// The structural reading of one form, filled in as its properties are judged.
#[derive(Default)]
pub(super) struct Structure<'s> {
    numbered: Numbered,
    noted: Vec<Noted<'s>>,
    /// Text and number fields that are not allowed by the operator: a code field alone in its form.
    typed_fields: usize,
    /// A field titled like an expiry date ([`expiry_label`]).
    expiry_label: bool,
    /// The most any field's own texts speak of a code, a PIN or a login.
    support: Support,
    /// A field's texts or the message speak of a card.
    card_words: bool,
    /// Fields labelled by a range of digit places ("Digits 1-4", "الخانات ٥–٨"): (order, first, last,
    /// the label around the range), for a card number asked in pieces ([`digit_range`]).
    ranges: Vec<(usize, u32, u32, String)>,
    /// Typed fields whose own texts excuse nothing (a gift card's number is no card's).
    open_fields: usize,
    /// An excused field bounded like a month (1-12) or an expiry year: still part of an expiry.
    excused_month: bool,
    excused_year: bool,
    /// A choice field offering a recovery phrase's word list, and its number of options ([`super::picker`]).
    picker: Option<(&'s str, usize)>,
}

impl<'s> Structure<'s> {
    /// Notes one property (not an operator-allowed one). `excused`: its own texts hold a benign or redefining
    /// phrase (it is left out of every signal); `support`: how much they speak of a code, a PIN or a login.
    pub fn note(
        &mut self,
        order: usize,
        name: &'s str,
        prop: &Prop<'_, '_>,
        excused: bool,
        support: Support,
        identifier: bool,
    ) {
        if matches!(prop.kind, FieldKind::Text | FieldKind::Number) {
            self.typed_fields += 1;
        }
        if prop.kind == FieldKind::Choice && self.picker.is_none() {
            // Read even when the field's texts excuse it: the options are what the server receives.
            self.picker = super::picker::phrase_words(prop.value).map(|n| (name, n));
        }
        if !excused && matches!(prop.kind, FieldKind::Text | FieldKind::Number) {
            self.open_fields += 1;
        }
        if excused {
            // "Expiry month" (1-12) names an attribute ("expiry") and is excused from the words' reading,
            // yet it is still the month of an expiry for the card's shape.
            if let Some(shape) = shape_of(prop) {
                self.excused_month |= shape.month;
                self.excused_year |= shape.year;
            }
            return;
        }
        self.support = self.support.max(support);
        self.expiry_label |= expiry_label(prop.title);
        if prop.kind == FieldKind::Text {
            self.numbered.note(name, prop);
        }
        if matches!(prop.kind, FieldKind::Text | FieldKind::Number) {
            if let Some((first, last, label)) =
                digit_range(prop.title).or_else(|| digit_range(name))
            {
                self.ranges.push((order, first, last, label));
            }
        }
        if let Some(shape) = shape_of(prop) {
            self.noted.push(Noted {
                name,
                order,
                shape,
                support,
                identifier,
            });
        }
    }

    /// Notes that a field's texts or the message speak of a card (for [`Structure::card_in_groups`]).
    pub fn speaks_of_card(&mut self, yes: bool) {
        self.card_words |= yes;
    }

    /// Whether a code field waits for support from the message: its verdict then depends on the message's
    /// wording, so the schema must not be remembered as clean (see `judge_form`).
    pub fn reads_message(&self) -> bool {
        self.noted.iter().any(|n| n.shape.code.is_some())
    }

    /// The recovery-phrase run, if any.
    pub fn recovery_phrase(&mut self) -> Option<Signal<'s>> {
        if let Some(n) = self.numbered.recovery_run() {
            return Some(Signal {
                category: "recovery_phrase",
                name: None,
                why: format!("word by word: {n} one-word text fields numbered 1 to {n}"),
            });
        }
        let (name, n) = self.picker?;
        Some(Signal {
            category: "recovery_phrase",
            name: Some(name),
            why: format!("word by word: a choice of {n} words of a BIP-39 word list"),
        })
    }

    /// A card asked by its shape: a number with an expiry and a security code, or split over fields.
    pub fn card(&self) -> Option<Signal<'s>> {
        let find = |f: &dyn Fn(&Shape) -> bool| self.noted.iter().find(|n| f(&n.shape));
        if let Some(number) = find(&|s| s.card_number) {
            let other = |f: &dyn Fn(&Shape) -> bool| {
                self.noted
                    .iter()
                    .any(|n| n.order != number.order && f(&n.shape))
            };
            let expiry = other(&|s| s.expiry) || (other(&|s| s.month) && other(&|s| s.year));
            if expiry && other(&|s| s.security) {
                return Some(Signal {
                    category: "card",
                    name: Some(number.name),
                    why: "by its shape: a card number's length, an expiry and a 3-4 digit code"
                        .into(),
                });
            }
        }
        // Adjacent fields of 4+4+4+4 or 4+6+5 digits: a card number in pieces. Four adjacent fields of at
        // most four characters count too (a form of that shape holds nothing else worth four boxes).
        for (i, first) in self.noted.iter().enumerate() {
            let loose = self.noted.get(i..i + 4).is_some_and(|w| {
                w.iter().enumerate().all(|(k, n)| {
                    (n.shape.loose_quad || n.shape.group == Some(4)) && n.order == first.order + k
                })
            });
            if loose {
                return Some(Signal {
                    category: "card",
                    name: Some(first.name),
                    why: "by its shape: a card number split over 4 adjacent fields of 4".into(),
                });
            }
            for split in [&[4u32, 4, 4, 4][..], &[4, 6, 5]] {
                let run = self.noted.get(i..i + split.len()).is_some_and(|w| {
                    w.iter().zip(split).enumerate().all(|(k, (n, &len))| {
                        n.shape.group == Some(len) && n.order == first.order + k
                    })
                });
                if run {
                    return Some(Signal {
                        category: "card",
                        name: Some(first.name),
                        why: format!(
                            "by its shape: a card number split over {} adjacent digit fields",
                            split.len()
                        ),
                    });
                }
            }
        }
        // With an expiry beside them (a pattern, a month and a year, or a title like "MM/YY"), what the
        // fields' titles say no longer matters: the digit places of a card number labelled in pieces
        // ("Digits 1-4" .. "Digits 13-16"), or a 3-4 digit field beside a field for the number.
        let expiry = self.expiry_label
            || self.noted.iter().any(|n| n.shape.expiry)
            || ((self.excused_month || self.noted.iter().any(|n| n.shape.month))
                && (self.excused_year || self.noted.iter().any(|n| n.shape.year)));
        if let Some(n) = self.card_places() {
            if expiry || self.card_words {
                return Some(Signal {
                    category: "card",
                    name: None,
                    why: format!(
                        "by its shape: fields labelled by the digit places 1 to {n} of a number, beside an expiry"
                    ),
                });
            }
        }
        if expiry && self.open_fields >= 3 {
            let security = self.noted.iter().find(|n| {
                (n.shape.security || (n.shape.loose_security && self.card_words))
                    && !n.shape.expiry
                    && !n.shape.month
                    && !n.shape.year
            });
            if let Some(code) = security {
                return Some(Signal {
                    category: "card",
                    name: Some(code.name),
                    why:
                        "by its shape: a 3-4 digit code beside an expiry and a field for the number"
                            .into(),
                });
            }
        }
        None
    }

    /// The length of a number whose digit places label 2 to 4 fields alike ("Digits 1-4", "Digits
    /// 5-8"..), the places running on from 1 without a gap to a card number's length (13 to 19).
    fn card_places(&self) -> Option<u32> {
        let mut ranges: Vec<&(usize, u32, u32, String)> = self.ranges.iter().collect();
        ranges.sort_unstable_by(|a, b| (&a.3, a.1).cmp(&(&b.3, b.1)));
        ranges.dedup_by(|a, b| a.0 == b.0);
        ranges.chunk_by(|a, b| a.3 == b.3).find_map(|group| {
            let runs_on = group.windows(2).all(|w| w[1].1 == w[0].2 + 1);
            let first = group.first()?.1;
            let last = group.last()?.2;
            ((2..=4).contains(&group.len()) && first == 1 && runs_on && (13..=19).contains(&last))
                .then_some(last)
        })
    }

    /// A card number asked group by group with no lengths at all: four text fields numbered 1..4 alike, a
    /// field titled like an expiry, and digits, a code or a card spoken of in the form (`message_support`:
    /// the message's). Each alone is common ("Player 1".."Player 4", "Date/Time"); the three together are a card.
    pub fn card_in_groups(&mut self, message_support: Support) -> Option<Signal<'s>> {
        let spoken = self.card_words || self.support.max(message_support) >= Support::Qualifier;
        if !self.expiry_label || !spoken {
            return None;
        }
        self.numbered.quad_run().then(|| Signal {
            category: "card",
            name: None,
            why: "by its shape: four fields numbered 1 to 4 and an expiry, in a form that speaks of digits"
                .into(),
        })
    }

    /// Several codes asked as a row of fields ranked alike ("First one", "Second one"; "第一組", "第二組"),
    /// under a message that names them (`named`: backup codes, in any pack's words): each field takes one.
    pub fn ranked_codes(&mut self, named: bool) -> Option<Signal<'s>> {
        if !named {
            return None;
        }
        let n = self.numbered.row()?;
        Some(Signal {
            category: "backup_code",
            name: None,
            why: format!(
                "one to a field: {n} free-text fields ranked 1 to {n}, under a message naming them"
            ),
        })
    }

    /// A one-time code asked by its shape, with support from the form's words or, when it is the form's only
    /// typed field, from the message's digits (its length, a masked contact). `message_support`: how much
    /// the message speaks of a code, a PIN or a login; `sent`: whether it says a code was sent or came.
    ///
    /// A field named for what it identifies (an account's, a booking's, a school's number) is no code by
    /// its digits: a bank code beside an account number, a booking locator, a candidate number are fixed
    /// lengths too. It is read again when the message says a code was sent (or shows a masked contact):
    /// that is the one-time code's own story, and a pretext's ("Booking reference: the 6 digits we
    /// texted you").
    pub fn one_time_code(
        &self,
        message: &str,
        message_support: Support,
        sent: bool,
    ) -> Option<Signal<'s>> {
        let mut sent_here = None;
        let mut story = || *sent_here.get_or_insert_with(|| sent || masked_contact(message));
        let code = self
            .noted
            .iter()
            .find(|n| n.shape.code.is_some() && (!n.identifier || story()))?;
        let n = code.shape.code?;
        // Four digits are also a year: a qualifier ("4 digits") is not enough for them.
        let needed = if n == 4 {
            Support::Term
        } else {
            Support::Qualifier
        };
        let worded = code.support.max(message_support) >= needed;
        let alone = self.typed_fields == 1
            && (mentions_number(message, n) && n >= 5 || masked_contact(message));
        (worded || alone).then(|| Signal {
            category: "otp",
            name: Some(code.name),
            why: format!("by its shape: exactly {n} digits, in a form that speaks of a code"),
        })
    }
}

/// Whether the message holds the number `n` on its own ("6-digit", "6 chiffres", "٦ أرقام"), in any script's
/// decimal digits.
fn mentions_number(message: &str, n: u32) -> bool {
    let mut value: Option<u32> = None;
    let chars = message.chars().take(MAX_MESSAGE_SCAN);
    for ch in chars.chain(std::iter::once(' ')) {
        match decimal_value(ch) {
            Some(d) => value = Some(value.unwrap_or(0).saturating_mul(10).saturating_add(d)),
            None => {
                if value == Some(n) {
                    return true;
                }
                value = None;
            }
        }
    }
    false
}

/// The value of a decimal digit in the scripts forms are written in (ASCII, full-width, Arabic-Indic, the
/// Indic scripts, Thai), else `None`.
fn decimal_value(ch: char) -> Option<u32> {
    const ZEROS: &[u32] = &[
        0x30, 0x660, 0x6F0, 0x966, 0x9E6, 0xA66, 0xAE6, 0xB66, 0xBE6, 0xC66, 0xCE6, 0xD66, 0xE50,
        0xED0, 0x1040, 0xFF10,
    ];
    let cp = ch as u32;
    ZEROS
        .iter()
        .find(|&&z| (z..z + 10).contains(&cp))
        .map(|&z| cp - z)
}

/// Whether the message shows a masked phone number or address ("+7 *** ***-45-67", "j•••@example.com",
/// "ending in ••12"): two or more mask characters next to digits or an `@`.
fn masked_contact(message: &str) -> bool {
    const MASKS: &[char] = &['*', '•', '●', '∗', '⁎', '×'];
    /// Characters looked at on each side of a mask run, spaces and hyphens not counted.
    const REACH: usize = 3;
    let chars: Vec<char> = message.chars().take(MAX_MESSAGE_SCAN).collect();
    let contact = |c: char| c == '@' || decimal_value(c).is_some();
    let joiner = |c: char| matches!(c, ' ' | '-' | '.' | '(' | ')');
    let mut i = 0;
    while i < chars.len() {
        let run = chars
            .get(i..)
            .unwrap_or_default()
            .iter()
            .take_while(|c| MASKS.contains(c))
            .count();
        if run < 2 {
            i += 1;
            continue;
        }
        let after = chars
            .get(i + run..)
            .unwrap_or_default()
            .iter()
            .filter(|c| !joiner(**c))
            .take(REACH)
            .take_while(|c| contact(**c) || MASKS.contains(c))
            .any(|c| contact(*c));
        // Right before the run only what touches it ("j•••", "+7 ***"); after it, a few characters on.
        let touching = chars
            .get(..i)
            .unwrap_or_default()
            .iter()
            .rev()
            .find(|c| !matches!(c, ' ' | '-'))
            .is_some_and(|c| contact(*c));
        if touching || after {
            return true;
        }
        i += run;
    }
    false
}

/// The numbered one-word text fields of a form ("1".."24", `word1`.., `w_01`.., titled "Word 1"..): a
/// recovery phrase asked word by word, in any language, whatever the message calls it. Language-free: it
/// reads only the digits and that the rest is a short label the fields share.
#[derive(Default)]
struct Numbered {
    /// (read from the title, number, the label around the number, the description with its digits
    /// dropped): a field's name and its title are two readings, each a run of its own (`f7`, `f14`.. may be
    /// titled "Word 1", "Word 2"..). Fields of one run share their description too: twelve numbered
    /// questions each described by its own question are a survey.
    fields: Vec<(bool, u32, String, String)>,
    /// Labels with no digits, (read from the title, label, description), kept to be read for ordinal words
    /// only when a signal asks ([`Numbered::rank_words`]): most forms never pay for it.
    unranked: Vec<(bool, String, String)>,
}

impl Numbered {
    /// Reads the labels kept in `unranked` for ordinal words ([`super::ordinal::ranked`]), once.
    fn rank_words(&mut self) {
        for (from_title, label, described) in std::mem::take(&mut self.unranked) {
            if let Some((n, template, around)) = super::ordinal::ranked(&label) {
                if around <= NUMBERED_LABEL_WORDS {
                    self.fields.push((from_title, n, template, described));
                }
            }
        }
    }

    fn note(&mut self, name: &str, prop: &Prop<'_, '_>) {
        let words = |t: &str| t.split_whitespace().count();
        let title_words = words(prop.title);
        // A title longer than a slot's is read only for an ordinal of several words ("Neno la kumi na
        // mbili", "Từ thứ mười hai"), with no more words around it than a numbered label has (checked in
        // `rank_words`); its name is then no slot's (`q1`.. of a survey's questions).
        let long_title = title_words > NUMBERED_TITLE_WORDS;
        if title_words > NUMBERED_TITLE_WORDS + ORDINAL_EXTRA_WORDS
            || words(prop.description) > NUMBERED_DESCRIPTION_WORDS
            || !prop.format.is_empty()
        {
            return;
        }
        // A slot for one word: no length bound below 2 or above a few dozen letters.
        if prop.max_length.is_some_and(|m| !(2..=48).contains(&m)) {
            return;
        }
        let described: String = prop
            .description
            .chars()
            .filter(|c| decimal_value(*c).is_none())
            .flat_map(char::to_lowercase)
            .collect();
        for (from_title, label) in [(false, name), (true, prop.title)] {
            if long_title {
                if from_title && label.chars().count() <= NUMBERED_LABEL_CHARS {
                    self.unranked
                        .push((from_title, label.to_owned(), described.clone()));
                }
                continue;
            }
            // A rank in digits ("Code 2"), or kept to be read for one in words ("Second code", "第二組").
            if let Some((n, template)) = numbered(label) {
                self.fields
                    .push((from_title, n, template, described.clone()));
            } else if !label.trim().is_empty() && label.chars().count() <= NUMBERED_LABEL_CHARS {
                self.unranked
                    .push((from_title, label.to_owned(), described.clone()));
            }
        }
    }

    /// Whether exactly four fields numbered alike run 1..4 (or 0..3): the groups of a card number.
    fn quad_run(&mut self) -> bool {
        self.rank_words();
        self.sort();
        self.fields
            .chunk_by(|a, b| a.0 == b.0 && a.2 == b.2 && a.3 == b.3)
            .any(|group| {
                let from = group.first().map_or(1, |f| f.1);
                group.len() == 4 && from <= 1 && group.iter().map(|f| f.1).eq(from..from + 4)
            })
    }

    /// The length of the longest row of fields ranked alike 1..n (n >= 2): "First one", "Second one";
    /// "Code 1", "Code 2"; "第一組", "第二組".
    fn row(&mut self) -> Option<u32> {
        self.rank_words();
        self.sort();
        self.fields
            .chunk_by(|a, b| a.0 == b.0 && a.2 == b.2 && a.3 == b.3)
            .filter_map(|group| {
                let n = u32::try_from(group.len()).ok()?;
                let run = group.first().is_some_and(|f| f.1 == 1)
                    && group.iter().map(|f| f.1).eq(1..1 + n);
                (run && n >= 2).then_some(n)
            })
            .max()
    }

    /// Sorts the fields by reading, template, description and number, and drops repeats.
    fn sort(&mut self) {
        self.fields
            .sort_unstable_by(|a, b| (a.0, &a.2, &a.3, a.1).cmp(&(b.0, &b.2, &b.3, b.1)));
        self.fields.dedup();
    }

    /// The phrase length when the fields numbered alike run 1..n (or 0..n-1) for a phrase length n.
    /// Sorted once and read by groups: a form of hundreds of numbered fields costs no more than its sort.
    fn recovery_run(&mut self) -> Option<u32> {
        // Ranked by ordinal words ("Erstes".."Zwölftes", "Neno la kwanza"..): read only when one reading
        // holds labels enough for the shortest phrase, so a form of a few fields never pays for it.
        let shortest = PHRASE_LENGTHS.first().copied().unwrap_or(12) as usize;
        let enough = |from_title: bool| {
            let words = self.unranked.iter().filter(|u| u.0 == from_title).count();
            let digits = self.fields.iter().filter(|f| f.0 == from_title).count();
            words > 0 && words + digits >= shortest
        };
        if enough(false) || enough(true) {
            self.rank_words();
        }
        self.sort();
        let mut best = None;
        for group in self
            .fields
            .chunk_by(|a, b| a.0 == b.0 && a.2 == b.2 && a.3 == b.3)
        {
            let n = u32::try_from(group.len()).ok()?;
            let from = group.first().map_or(1, |f| f.1);
            let run = (from == 0 || from == 1) && group.iter().map(|f| f.1).eq(from..from + n);
            if run && PHRASE_LENGTHS.contains(&n) {
                best = best.max(Some(n));
            }
        }
        best
    }
}

/// Most characters of each side of an expiry's title ("MM/YY", "Tháng/Năm", "الشهر/السنة").
const EXPIRY_PART_CHARS: usize = 6;

/// Whether a title reads like an expiry date: two words of letters, each short, joined by one slash
/// ("MM/YY", "MM/AAAA", "Ay/Yıl", "月/年"). No numbers and no spaces inside: "1/2" is a fraction, "Name /
/// Surname" two words.
fn expiry_label(title: &str) -> bool {
    // Inside a longer title ("Ważna do (MM/RR)", "有效期限（月/年）"), only a placeholder: each side one letter
    // written over ("MM", "RR", "AAAA"), or one character of a script without spaces ("月", "년").
    let placeholder = |p: &str| {
        let mut cs = p.chars();
        let Some(first) = cs.next() else {
            return false;
        };
        let n = p.chars().count();
        first.is_alphabetic()
            && p.chars().all(|c| c == first)
            && if n == 1 {
                crate::policy::secret::normalize::is_unspaced_script(first)
            } else {
                n <= 4
            }
    };
    let token = title
        .split(|c: char| c.is_whitespace() || "()[]（）【】:：,，".contains(c))
        .any(|t| {
            t.split_once('/')
                .is_some_and(|(a, b)| placeholder(a) && placeholder(b))
        });
    if token {
        return true;
    }
    let Some((a, b)) = title.trim().split_once('/') else {
        return false;
    };
    let part = |p: &str| {
        let n = p.chars().count();
        (1..=EXPIRY_PART_CHARS).contains(&n)
            && p.chars()
                .all(|c| c.is_alphabetic() || unicode_normalization::char::is_combining_mark(c))
    };
    part(a) && part(b)
}

/// Most digit places one field of a number in pieces is labelled with ("Digits 1-4": four).
const MAX_RANGE_PLACES: u32 = 10;

/// A label naming a range of digit places ("Digits 1-4", "Cyfry 13–16", "الخانات ١–٤", "第5~8位") as (first,
/// last, the label around the range, lower-cased, with `#` for the range). The two numbers are joined by a
/// dash or a tilde; the range spans at most [`MAX_RANGE_PLACES`]; at most [`NUMBERED_LABEL_WORDS`] words
/// around it.
pub(super) fn digit_range(label: &str) -> Option<(u32, u32, String)> {
    const DASHES: &[char] = &['-', '–', '—', '‒', '−', '~', '〜', '～', '‐'];
    let label = label.trim();
    if label.is_empty() || label.chars().count() > NUMBERED_LABEL_CHARS {
        return None;
    }
    let chars: Vec<char> = label.chars().collect();
    let number_at = |from: usize| -> Option<(u32, usize)> {
        let mut v = 0u32;
        let mut i = from;
        while let Some(d) = chars.get(i).and_then(|c| decimal_value(*c)) {
            v = v.saturating_mul(10).saturating_add(d);
            i += 1;
        }
        (i > from && i - from <= 2).then_some((v, i))
    };
    let start = chars.iter().position(|c| decimal_value(*c).is_some())?;
    let (first, mut i) = number_at(start)?;
    while chars.get(i).is_some_and(|c| *c == ' ') {
        i += 1;
    }
    if !chars.get(i).is_some_and(|c| DASHES.contains(c)) {
        return None;
    }
    i += 1;
    while chars.get(i).is_some_and(|c| *c == ' ') {
        i += 1;
    }
    let (last, end) = number_at(i)?;
    if !(first < last && last - first < MAX_RANGE_PLACES) {
        return None;
    }
    let around: String = chars
        .get(..start)
        .unwrap_or_default()
        .iter()
        .chain(std::iter::once(&'#'))
        .chain(chars.get(end..).unwrap_or_default())
        .collect();
    if around.chars().any(|c| decimal_value(c).is_some()) {
        return None;
    }
    let words = around
        .split(|c: char| is_label_separator(c) || c.is_whitespace() || c == '#')
        .filter(|w| !w.is_empty())
        .count();
    (words <= NUMBERED_LABEL_WORDS).then_some(())?;
    let template: String = around
        .chars()
        .filter(|c| !(is_label_separator(*c) || c.is_whitespace()) || *c == '#')
        .flat_map(char::to_lowercase)
        .collect();
    Some((first, last, template))
}

/// Separators dropped from a numbered label's template.
fn is_label_separator(ch: char) -> bool {
    matches!(
        ch,
        ' ' | '_'
            | '-'
            | '.'
            | '#'
            | ':'
            | '('
            | ')'
            | '['
            | ']'
            | '№'
            | '°'
            | 'º'
            | 'ª'
            | '/'
            | '、'
            | '。'
            | '：'
    )
}

/// A field label as (number, template): the first run of up to two decimal digits is the number and the
/// rest, lower-cased with separators dropped and a `#` where the number was, the template ("word1" and
/// "Word 7" → `word#`; "1." → `#`; "Kata ke-1" → `katake#`; "Word 3 of 24" → `word#of24`; "1st word" and
/// "2nd word" → `#word`). At most [`NUMBERED_LABEL_WORDS`] words of letters around it; else `None`.
pub(super) fn numbered(label: &str) -> Option<(u32, String)> {
    let label = label.trim();
    if label.is_empty() || label.chars().count() > NUMBERED_LABEL_CHARS {
        return None;
    }
    let mut template = String::new();
    let mut number: Option<u32> = None;
    let mut digits = 0usize;
    let mut chars = label.chars().peekable();
    let mut words = 0usize;
    let mut in_word = false;
    while let Some(ch) = chars.next() {
        if let Some(d) = decimal_value(ch) {
            in_word = false;
            match number {
                Some(v) if digits > 0 => {
                    digits += 1;
                    number = Some(v * 10 + d);
                }
                Some(_) => {
                    // A second number: part of the template ("of 24").
                    template.push(char::from_digit(d, 10).unwrap_or('0'));
                }
                None => {
                    digits = 1;
                    number = Some(d);
                    template.push('#');
                }
            }
            if digits > 2 {
                return None;
            }
            if digits > 0 && chars.peek().is_none_or(|c| decimal_value(*c).is_none()) {
                digits = 0;
                // An ordinal ending glued to the number ("1st", "2nd", "3e", "1er") is dropped.
                let rest: String = chars.clone().take_while(|c| c.is_alphabetic()).collect();
                let ending = rest.to_lowercase();
                if [
                    "st", "nd", "rd", "th", "er", "re", "e", "eme", "ème", "o", "a",
                ]
                .contains(&ending.as_str())
                {
                    for _ in 0..rest.chars().count() {
                        chars.next();
                    }
                }
            }
            continue;
        }
        if is_label_separator(ch) || ch.is_whitespace() {
            in_word = false;
            continue;
        }
        if !(ch.is_alphabetic() || unicode_normalization::char::is_combining_mark(ch)) {
            return None;
        }
        if !in_word {
            words += 1;
            in_word = true;
        }
        template.extend(ch.to_lowercase());
    }
    (words <= NUMBERED_LABEL_WORDS).then_some(())?;
    number.map(|n| (n, template))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn digit_patterns_are_read() {
        let d = |p: &str| digit_pattern(p).map(|d| (d.min, d.max, d.slash, d.lead_nonzero));
        assert_eq!(d("^[0-9]{6}$"), Some((6, 6, false, false)));
        assert_eq!(d("^\\d{4,8}$"), Some((4, 8, false, false)));
        assert_eq!(d("^[1-9][0-9]{5}$"), Some((6, 6, false, true)));
        assert_eq!(d("^(\\d{4}[ -]?){3}\\d{4}$"), Some((16, 16, false, false)));
        assert_eq!(d("^[0-9 ]{13,23}$"), Some((0, 23, false, false)));
        assert_eq!(
            d("^(0[1-9]|1[0-2])\\/?([0-9]{2})$"),
            Some((4, 4, true, false))
        );
        assert_eq!(
            d("^(0[1-9]|1[0-2])/(\\d{2}|\\d{4})$"),
            Some((4, 6, true, false))
        );
        for not in [
            "^[a-z]{6}$",
            "^\\d+$",
            "^.{6}$",
            "^[^0-9]{4}$",
            "\\w{6}",
            "",
            "(((((\\d)))))",
        ] {
            assert_eq!(d(not), None, "{not}");
        }
    }

    #[test]
    fn labels_number_alike() {
        let t = |l: &str| numbered(l);
        assert_eq!(t("Word 1"), Some((1, "word#".into())));
        assert_eq!(t("word12"), Some((12, "word#".into())));
        assert_eq!(t("w_01"), Some((1, "w#".into())));
        assert_eq!(t("1."), Some((1, "#".into())));
        assert_eq!(t("Kata ke-3"), Some((3, "katake#".into())));
        assert_eq!(t("Word 3 of 24"), Some((3, "word#of24".into())));
        assert_eq!(t("2nd word"), t("1st word").map(|(_, w)| (2, w)));
        assert_eq!(t("शब्द 4").map(|(n, _)| n), Some(4));
        assert_eq!(t("كلمة ٥").map(|(n, _)| n), Some(5));
        assert_eq!(t("1번째 단어").map(|(n, _)| n), Some(1));
        assert_eq!(t("2024"), None);
        assert_eq!(t("How did you like part 3 of it"), None);
        assert_eq!(t("Name"), None);
    }

    #[test]
    fn an_expiry_is_titled_as_two_short_words_and_a_slash() {
        for yes in [
            "MM/YY",
            "MM/AAAA",
            "Ay/Yıl",
            "月/年",
            "الشهر/السنة",
            "Tháng/Năm",
        ] {
            assert!(expiry_label(yes), "{yes}");
        }
        for no in [
            "1/2",
            "Name / Surname",
            "Vorname/Nachname",
            "MM/YY/DD",
            "Date",
            "a/",
        ] {
            assert!(!expiry_label(no), "{no}");
        }
    }

    #[test]
    fn digit_places_are_read_as_ranges() {
        assert_eq!(digit_range("Digits 5-8"), Some((5, 8, "digits#".into())));
        assert_eq!(
            digit_range("Stellen 13 – 16"),
            Some((13, 16, "stellen#".into()))
        );
        assert_eq!(
            digit_range("الخانات ٩–١٢").map(|r| (r.0, r.1)),
            Some((9, 12))
        );
        assert_eq!(digit_range("第1~4位").map(|r| (r.0, r.1)), Some((1, 4)));
        for no in [
            "1990-2020",
            "Pages 4-2",
            "Room 12",
            "Digits 1-4 of 16",
            "Q1-Q4",
        ] {
            assert_eq!(digit_range(no), None, "{no}");
        }
    }

    #[test]
    fn an_expiry_placeholder_inside_a_longer_title() {
        for yes in [
            "Valid thru (MM/YY)",
            "Gültig bis MM/JJ",
            "有效期限（月/年）",
            "만료 (월/년)",
        ] {
            assert!(expiry_label(yes), "{yes}");
        }
        for no in ["Option A/B", "Ja/Nein bitte wählen", "Pick one (yes/no)"] {
            assert!(!expiry_label(no), "{no}");
        }
    }

    #[test]
    fn the_message_says_the_length_or_shows_where_it_went() {
        assert!(mentions_number("Entrez le code à 6 chiffres", 6));
        assert!(mentions_number("أدخل الرمز المكون من ٦ أرقام", 6));
        assert!(!mentions_number("Order 16 items", 6));
        assert!(masked_contact("Код отправлен на +7 *** ***-45-67"));
        assert!(masked_contact("sent to j•••@example.com"));
        assert!(masked_contact("ending in **12"));
        assert!(!masked_contact("Rate us * * * * *"));
        assert!(!masked_contact("a **bold** word"));
    }

    /// The recovery-phrase signal of a form of text fields `(name, property)`.
    fn phrase(fields: &[(String, serde_json::Value)]) -> Option<String> {
        let arena = crate::wire::tree::test_arena();
        let nodes: Vec<(String, Node<'_>)> = fields
            .iter()
            .map(|(n, v)| {
                (
                    n.clone(),
                    Node::from_value(Box::leak(Box::new(v.clone())), arena),
                )
            })
            .collect();
        let mut s = Structure::default();
        for (i, (name, node)) in nodes.iter().enumerate() {
            s.note(i, name, &Prop::of(node), false, Support::None, false);
        }
        s.recovery_phrase().map(|sig| sig.why)
    }

    /// `n` one-word text fields named `name(i)` and titled `title(i)`.
    fn row(
        n: usize,
        name: impl Fn(usize) -> String,
        title: impl Fn(usize) -> String,
    ) -> Vec<(String, serde_json::Value)> {
        (1..=n)
            .map(|i| {
                (
                    name(i),
                    serde_json::json!({"type": "string", "title": title(i)}),
                )
            })
            .collect()
    }

    #[test]
    fn rows_ranked_by_native_ordinals_are_recovery_phrases() {
        const DE: [&str; 12] = [
            "Erstes",
            "Zweites",
            "Drittes",
            "Viertes",
            "Fünftes",
            "Sechstes",
            "Siebtes",
            "Achtes",
            "Neuntes",
            "Zehntes",
            "Elftes",
            "Zwölftes",
        ];
        const AR: [&str; 12] = [
            "الأولى",
            "الثانية",
            "الثالثة",
            "الرابعة",
            "الخامسة",
            "السادسة",
            "السابعة",
            "الثامنة",
            "التاسعة",
            "العاشرة",
            "الحادية عشرة",
            "الثانية عشرة",
        ];
        const UR: [&str; 12] = [
            "پہلا",
            "دوسرا",
            "تیسرا",
            "چوتھا",
            "پانچواں",
            "چھٹا",
            "ساتواں",
            "آٹھواں",
            "نواں",
            "دسواں",
            "گیارہواں",
            "بارہواں",
        ];
        const SW: [&str; 12] = [
            "kwanza",
            "pili",
            "tatu",
            "nne",
            "tano",
            "sita",
            "saba",
            "nane",
            "tisa",
            "kumi",
            "kumi na moja",
            "kumi na mbili",
        ];
        let at =
            |list: &[&str; 12], i: usize| list.get(i - 1).copied().unwrap_or_default().to_owned();
        assert!(phrase(&row(12, |i| format!("f{i}"), |i| at(&DE, i))).is_some());
        assert!(phrase(&row(12, |i| at(&AR, i), |i| at(&AR, i))).is_some());
        assert!(phrase(&row(12, |i| at(&UR, i), |_| String::new())).is_some());
        assert!(phrase(&row(
            12,
            |i| format!("w{}", i * 3),
            |i| format!("Neno la {}", at(&SW, i))
        ))
        .is_some());
        // 24 ranked in Russian words, neuter ("слово" is neuter), by the title.
        let ru = |i: usize| {
            let units = ["", "первое", "второе", "третье", "четвёртое"];
            let teens = [
                "",
                "первое",
                "второе",
                "третье",
                "четвёртое",
                "пятое",
                "шестое",
                "седьмое",
                "восьмое",
                "девятое",
                "десятое",
                "одиннадцатое",
                "двенадцатое",
                "тринадцатое",
                "четырнадцатое",
                "пятнадцатое",
                "шестнадцатое",
                "семнадцатое",
                "восемнадцатое",
                "девятнадцатое",
                "двадцатое",
            ];
            let w = match i {
                1..=20 => teens.get(i).copied().unwrap_or_default().to_owned(),
                _ => format!(
                    "двадцать {}",
                    units.get(i - 20).copied().unwrap_or_default()
                ),
            };
            format!("{w} слово")
        };
        assert_eq!(
            phrase(&row(24, |i| format!("x{i}"), ru)).as_deref(),
            Some("word by word: 24 one-word text fields numbered 1 to 24")
        );
        // Japanese, by rule of the data: 第一..第十二 + a counter.
        assert!(phrase(&row(
            12,
            |i| format!("j{i}"),
            |i| {
                let n = [
                    "", "一", "二", "三", "四", "五", "六", "七", "八", "九", "十", "十一", "十二",
                ];
                format!("第{}単語", n.get(i).copied().unwrap_or_default())
            }
        ))
        .is_some());
    }

    #[test]
    fn ranked_rows_that_are_no_phrase_pass() {
        // A three-item survey of choices.
        let choices = row(
            3,
            |i| format!("c{i}"),
            |i| {
                ["", "First choice", "Second choice", "Third choice"]
                    .get(i)
                    .copied()
                    .unwrap_or_default()
                    .to_owned()
            },
        );
        assert_eq!(phrase(&choices), None);
        // A quiz of twelve questions titled by ordinals, each answered at length.
        let ordinal = |i: usize| {
            [
                "", "First", "Second", "Third", "Fourth", "Fifth", "Sixth", "Seventh", "Eighth",
                "Ninth", "Tenth", "Eleventh", "Twelfth",
            ]
            .get(i)
            .copied()
            .unwrap_or_default()
            .to_owned()
        };
        let mut quiz = row(
            12,
            |i| format!("q{i}"),
            |i| format!("{} question", ordinal(i)),
        );
        for (_, p) in &mut quiz {
            p["maxLength"] = 2000.into();
        }
        assert_eq!(phrase(&quiz), None);
        // The same quiz with each question in its description.
        let mut quiz = row(
            12,
            |i| format!("q{i}"),
            |i| format!("{} question", ordinal(i)),
        );
        for (i, (_, p)) in quiz.iter_mut().enumerate() {
            p["description"] = format!(
                "Explain what happened in chapter {}",
                ["a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "l"]
                    .get(i)
                    .copied()
                    .unwrap_or_default()
            )
            .into();
        }
        assert_eq!(phrase(&quiz), None);
        // Eleven ranks: no phrase's length.
        assert_eq!(
            phrase(&row(
                11,
                |i| format!("s{i}"),
                |i| format!("{} stop", ordinal(i))
            )),
            None
        );
        // Twelve ranked by words are one.
        assert!(phrase(&row(
            12,
            |i| format!("s{i}"),
            |i| format!("{} word", ordinal(i))
        ))
        .is_some());
    }
}
