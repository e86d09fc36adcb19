//! Judging a form: which fields ask for a secret, from their words and the words around them.
//!
//! Each text is folded once and scanned once by the term automaton. Then, per property:
//! 1. a `strong` term in its own name, `format`, title or description names the secret;
//! 2. otherwise a `weak` term with a `qualifier` of the same category ("key" + "aws") does;
//! 3. otherwise, when the field says nothing of its own (only `generic` words: `value`, `t`, `field1`) or holds
//!    a partial clue (a weak or qualifier term), the message is read with it ("Paste your GitHub token").
//!
//! A field found by 1 or 2 goes through the label rule ([`label`]): "Name for the new API key" asks about the
//! key, not for it. Terms inside a `benign` phrase ("max tokens", "public key") do not count. Number fields are judged only for
//! categories marked `numeric` (a PIN, yes; a token count, no), and not at all when bounded below 100 (a count
//! or a rating: "How many keys does the PIN pad have?"). Choice fields (enum, oneOf, arrays, booleans)
//! cannot carry a typed secret and are judged only when they ask for part of one ("first digit of your PIN").
//! Finally a message that asks for a secret right after a request verb ("enter your password") is a finding
//! when the form has a free-text field and no field was found already. Defaults, enum and const values and the
//! form's texts are matched against the credential formats. Beside the words, the form's shape is read
//! ([`structure`]): numbered one-word rows, a card's fields, a fixed-length digit code, in any language.

/// `fn $name() -> &'static [String]`: the word list `$list` folded as texts are ([`survey::folded_list`]), once,
/// on first use. The benign readings (`survey`, `negation`, `puzzle`, `generator`) each keep a few such lists.
macro_rules! folded_words {
    ($(#[$doc:meta])* fn $name:ident = $list:expr;) => {
        $(#[$doc])*
        fn $name() -> &'static [String] {
            static FOLDED: std::sync::OnceLock<Vec<String>> = std::sync::OnceLock::new();
            FOLDED.get_or_init(|| super::survey::folded_list($list))
        }
    };
}

#[cfg(test)]
mod benign_probes;
mod command;
mod generator;
mod giftcard;
mod hexkey;
mod label;
mod lastfour;
mod limit;
pub(crate) mod message;
mod negation;
mod ordinal;
mod picker;
mod postal;
mod prohibit;
mod puzzle;
mod recipient;
mod structure;
mod survey;

use crate::wire::tree::Node;

use super::formats::Search;
use super::language;
use super::normalize::{Folder, WordSet};
use super::pack::{CatId, Compiled, Kind, Scope};
use super::prefilter::Proof;
use crate::policy::text::Known;
use crate::policy::{pointer_push, Finding};

/// Most properties judged in one form. The schema check blocks forms over 64 properties; this bound only keeps
/// the classifier's own work bounded if it runs first.
pub const MAX_JUDGED_PROPERTIES: usize = 256;
/// Most option values (enum, oneOf, anyOf, default array entries) matched against formats per property.
pub const MAX_JUDGED_OPTIONS: usize = 1024;
/// The smallest upper bound of a number field that may hold a numeric secret: the shortest of them (a card's
/// security code, a PIN) has three digits or more.
const MIN_SECRET_NUMBER: f64 = 100.0;
/// Words a request verb may be ahead of the secret it asks for ("enter | your AWS secret key").
const REQUEST_REACH: usize = 3;
/// Most words between a bare word and a payment service's name that say whose number it is ("namba ya
/// M-Pesa", "msimbo wa muamala wa M-Pesa"; [`Hit::bare_takes`]): farther, the name is the clause's use of
/// the number ("the code you open the phone with").
const SERVICE_REACH: usize = 2;

/// Where a text comes from, for explanations and for which terms apply.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Source {
    Name,
    Format,
    Title,
    Description,
    Options,
    Message,
}

impl Source {
    fn label(self) -> &'static str {
        match self {
            Source::Name => "name",
            Source::Format => "format",
            Source::Title => "title",
            Source::Description => "description",
            Source::Options => "option titles",
            Source::Message => "elicitation message",
        }
    }
}

/// One term found in one text.
#[derive(Clone, Copy, Debug)]
struct Hit {
    kind: Kind,
    cat: Option<CatId>,
    source: Source,
    start: usize,
    end: usize,
    /// Word index of the start, for the request-verb rule.
    word: usize,
    pattern: usize,
    /// The term's English plural, made by rule.
    plural: bool,
    /// A weak term's reach: only a qualifier this close supports it ([`Hit::reaches`]).
    reach: Option<u16>,
    /// The message's clause the hit is in, counted from 0 ([`mark_clauses`]); 0 in every other text.
    clause: u32,
    /// A concept's word ([`super::concept`]): as a qualifier, it supports only a weak term with a reach.
    concept: bool,
    /// Its part in the NUMBER + KEYED gate ([`super::concept::Gate`], [`gate_keyed`]).
    gate: super::concept::Gate,
    /// A weak term matched on no more than a generic word for a number, a code or an expiry (pack kind
    /// `bare`, [`mark_bare`]): qualified only in its own text ([`Hit::bare_takes`]).
    bare: bool,
}

impl Hit {
    /// Whether `q` is close enough to qualify this weak term. A term without a reach takes a qualifier
    /// from any text of the form; one with a reach ("digits", "character string": words that name a secret
    /// only with what it is used for) takes one from its own text, in the message at most `reach` words
    /// away, so that "the digits you press at the ATM" is a PIN and "Filter string" under "Sign in to
    /// continue" is no password. In a script written without spaces a clause is one word, so the reach is
    /// the clause there.
    /// Whether the qualifier `q` may qualify this weak term as far as its being bare goes ([`Kind::Bare`]):
    /// any qualifier for a term that is not bare. A bare word ("number", "código", "namba", "번호") is
    /// qualified only in its own text: the field's own name, title and description together, or the
    /// message's clause it stands in ("verification code", "namba ya siri", "the 6-digit number from the
    /// SMS"), not by a qualifier elsewhere in the form ("Calle y número" under "we sent your order",
    /// "Codice del buono" under "Hai ricevuto un buono regalo?"), unless `open`: the field is bounded like a
    /// code or is one word per text ([`open_to_message`]), and then the field and the message read each
    /// other as before ("code", six characters at most, under "we texted you"; `code` titled "الرمز" under
    /// "we sent a code to your phone"). A payment service's or a till's name (a CASH concept word of the PIN,
    /// `pin` being its category) right beside a bare word, or in the field's own texts, says whose number it
    /// is and qualifies nothing: an "M-Pesa number" is a phone number, an "M-Pesa code" a transaction's, and
    /// the PIN is named ("PIN ya M-Pesa") or keyed ("the number you press", the NUMBER + KEYED gate).
    fn bare_takes(&self, q: &Hit, pin: Option<CatId>, open: bool) -> bool {
        if !self.bare {
            return true;
        }
        let message = |h: &Hit| h.source == Source::Message;
        let near = !message(q) || !message(self) || q.word.abs_diff(self.word) <= SERVICE_REACH;
        if q.concept
            && q.cat.is_some()
            && q.cat == pin
            && self.gate != super::concept::Gate::Keyed
            && near
        {
            return false;
        }
        match (message(self), message(q)) {
            (true, true) => q.clause == self.clause,
            (false, false) => true,
            _ => open,
        }
    }

    fn reaches(&self, q: &Hit) -> bool {
        match self.reach {
            // A concept's qualifier ("sms", "the ATM") is many common words: it completes a description in
            // one clause, and qualifies no reach-less weak word anywhere in the form ("Kod paczkomatu" beside
            // "Powiadomienie SMS"). A reach-less concept word (a security question's topic) pairs only with
            // a concept's qualifier (ACCESS: "recover your account"), so the two vocabularies stay apart.
            None => q.concept == self.concept,
            Some(n) => {
                q.source == self.source
                    && q.clause == self.clause
                    && (self.source != Source::Message
                        || q.word.abs_diff(self.word) <= usize::from(n))
            }
        }
    }
}

/// What a property is, for the purpose of typing a secret into it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum FieldKind {
    /// A free string.
    Text,
    /// A number or integer.
    Number,
    /// A choice: enum, oneOf, array, boolean, const.
    Choice,
}

/// The members of a property the classifier reads, found in one pass over its keys (a property has a handful
/// of members; a dozen map lookups per property cost more than the matching itself).
struct Prop<'v, 'a> {
    value: &'v Node<'a>,
    format: &'v str,
    title: &'v str,
    description: &'v str,
    /// `pattern`, `minLength`, `maxLength`, `minimum`, `maximum`: the shape a value must have, read by the
    /// language-free signals ([`structure`]).
    pattern: &'v str,
    min_length: Option<u64>,
    max_length: Option<u64>,
    minimum: Option<f64>,
    maximum: Option<f64>,
    kind: FieldKind,
    /// Has `default`, `const`, `enum`, `examples`, `oneOf`, `anyOf` or `items`: values the server fills in.
    pushes_values: bool,
}

impl<'v, 'a> Prop<'v, 'a> {
    fn of(value: &'v Node<'a>) -> Prop<'v, 'a> {
        let mut p = Prop {
            value,
            format: "",
            title: "",
            description: "",
            pattern: "",
            min_length: None,
            max_length: None,
            minimum: None,
            maximum: None,
            kind: FieldKind::Text,
            pushes_values: false,
        };
        let Some(obj) = value.as_object() else {
            return p;
        };
        let mut choice = false;
        let mut ty = None;
        let text = |v: &'v Node<'a>| v.as_str().unwrap_or("");
        for (k, v) in obj {
            match k {
                "format" => p.format = text(v),
                "title" => p.title = text(v),
                "description" => p.description = text(v),
                "pattern" => p.pattern = text(v),
                "minLength" => p.min_length = v.as_u64(),
                "maxLength" => p.max_length = v.as_u64(),
                "minimum" => p.minimum = v.as_f64(),
                "maximum" => p.maximum = v.as_f64(),
                "type" => ty = v.as_str(),
                "enum" | "oneOf" | "anyOf" | "const" | "items" => {
                    choice = true;
                    p.pushes_values = true;
                }
                "enumNames" => choice = true,
                "default" | "examples" => p.pushes_values = true,
                _ => {}
            }
        }
        p.kind = if choice {
            FieldKind::Choice
        } else {
            match ty {
                Some("number") | Some("integer") => FieldKind::Number,
                Some("boolean") | Some("array") | Some("object") | Some("null") => {
                    FieldKind::Choice
                }
                _ => FieldKind::Text,
            }
        };
        p
    }
}

/// Folded texts of one kind of source each, laid end to end in one buffer and scanned once. A newline
/// separates them: folded terms hold only words and single spaces, so no term matches across two texts.
struct Texts<'f> {
    folder: &'f mut Folder,
    buf: Vec<u8>,
    spans: Vec<(Source, usize, usize)>,
    /// The form states it is written for a business ([`business`]): an `either` term is a benign phrase
    /// of its category. Kept across [`Texts::clear`]: it is the form's, not a text's.
    business: bool,
}

impl<'f> Texts<'f> {
    fn new(folder: &'f mut Folder) -> Self {
        Texts {
            folder,
            buf: Vec::new(),
            spans: Vec::new(),
            business: false,
        }
    }

    fn clear(&mut self) {
        self.buf.clear();
        self.spans.clear();
    }

    /// Folds `text` in as `source`; empty texts add nothing.
    fn add(&mut self, c: &Compiled, source: Source, text: &str) {
        if text.is_empty() {
            return;
        }
        let start = self.buf.len();
        self.folder.fold_into(text, &c.stopwords, &mut self.buf);
        self.spans.push((source, start, self.buf.len()));
        self.buf.push(b'\n');
    }

    /// All the folded texts, as text. The folding writes UTF-8 only; were it ever not, the empty text
    /// excuses nothing (callers use it to lift a block, never to make one).
    fn folded(&self) -> &str {
        std::str::from_utf8(&self.buf).unwrap_or("")
    }

    /// The folded text of `source` (the first one added).
    fn of(&self, source: Source) -> &str {
        self.spans
            .iter()
            .find(|(s, _, _)| *s == source)
            .and_then(|&(_, a, b)| self.buf.get(a..b))
            // The folding writes UTF-8 only; nothing is ever dropped here.
            .and_then(|s| std::str::from_utf8(s).ok())
            .unwrap_or("")
    }

    /// Where the folded text of `source` (the first one added) lies in the buffer.
    fn span(&self, source: Source) -> Option<(usize, usize)> {
        self.spans
            .iter()
            .find(|(s, _, _)| *s == source)
            .map(|&(_, a, b)| (a, b))
    }

    fn source_at(&self, at: usize) -> Option<Source> {
        self.spans
            .iter()
            .find(|&&(_, a, b)| a <= at && at < b)
            .map(|&(s, _, _)| s)
    }
}

/// Scans the folded texts once; benign phrases remove the terms they contain. Returns whether a benign
/// phrase was found.
fn scan(c: &Compiled, texts: &Texts<'_>, out: &mut Vec<Hit>) -> bool {
    scan_noting(c, texts, out, &mut Vec::new())
}

/// [`scan`], noting in `read_benign` the source and category of every strong or weak term a benign phrase
/// took, and of every benign phrase of a category ("पिन कोड" read as the postal code: the title's PIN is
/// benign).
fn scan_noting(
    c: &Compiled,
    texts: &Texts<'_>,
    out: &mut Vec<Hit>,
    read_benign: &mut Vec<(Source, Option<CatId>)>,
) -> bool {
    let first = out.len();
    let mut any_benign = false;
    c.find_terms(texts.buf.as_slice(), |pattern, start, end| {
        let (Some(infos), Some(source)) = (c.infos.get(pattern), texts.source_at(start)) else {
            return;
        };
        let names = matches!(source, Source::Name | Source::Format);
        for info in infos {
            if info.scope == Scope::Name && !names {
                continue;
            }
            // A business word is read by [`business`] alone; an `either` term is a benign phrase of its
            // category in a form written for a business, and nothing elsewhere.
            let kind = match info.kind {
                Kind::Business => continue,
                Kind::Either if !texts.business => continue,
                Kind::Either => Kind::Benign,
                k => k,
            };
            any_benign |= kind == Kind::Benign;
            out.push(Hit {
                kind,
                cat: info.category,
                source,
                start,
                end,
                word: 0,
                pattern,
                plural: info.plural,
                reach: info.reach,
                clause: 0,
                concept: info.concept,
                gate: info.gate,
                bare: false,
            });
        }
    });
    drop_number_parts(c, texts, out, first);
    if texts.business {
        name_by_title(c, out, first);
    }
    if any_benign {
        let benign: Vec<(usize, usize, Option<CatId>)> = out[first..]
            .iter()
            .filter(|h| h.kind == Kind::Benign)
            .map(|h| (h.start, h.end, h.cat))
            .collect();
        // A whole-word term's match holds the spaces around the word; a benign phrase matched as a
        // substring (a Korean or Japanese one holding a Latin word: "pin 패드") holds the word but not those
        // spaces, and still takes it.
        let takes = |s: usize, e: usize, cat: Option<CatId>, h: &Hit| {
            s <= h.start + 1 && h.end <= e + 1 && (cat.is_none() || cat == h.cat)
        };
        // A term that crosses a benign phrase (each reaches past the other on its own side) where the words
        // they share are a term the phrase took is taken with it: the shared word is read the benign way.
        // What the crossing term adds is then most often a word of another language that folds alike (Czech
        // "má PIN pad", "has a PIN pad", is the Vietnamese "mã pin" + "pad"). A term that holds the whole
        // phrase ("jeton d'accès" around a benign "jeton") is not crossing it and stays.
        let found = out.get(first..).unwrap_or_default();
        let shares_taken = |h: &Hit| {
            benign.iter().any(|&(s, e, cat)| {
                let crosses = (s < h.start && h.start < e && e < h.end)
                    || (h.start < s && s < h.end && h.end < e);
                crosses
                    && (cat.is_none() || cat == h.cat)
                    && found.iter().any(|g| {
                        matches!(g.kind, Kind::Strong | Kind::Weak)
                            && g.cat == h.cat
                            && g.pattern != h.pattern
                            && h.start <= g.start
                            && g.end <= h.end
                            && takes(s, e, cat, g)
                    })
            })
        };
        let covered: Vec<bool> = found
            .iter()
            .map(|h| {
                h.kind == Kind::Benign
                    || benign.iter().any(|&(s, e, cat)| takes(s, e, cat, h))
                    || (matches!(h.kind, Kind::Strong | Kind::Weak) && shares_taken(h))
            })
            .collect();
        for (h, _) in found.iter().zip(&covered).filter(|(_, &c)| c) {
            // The terms a benign phrase took, and the phrase's own category ("பின்கோடு", glued, holds
            // no term of its own).
            if matches!(h.kind, Kind::Strong | Kind::Weak)
                || (h.kind == Kind::Benign && h.cat.is_some())
            {
                read_benign.push((h.source, h.cat));
            }
        }
        let mut at = 0usize;
        out.retain(|_| {
            let keep = at < first || !covered.get(at - first).copied().unwrap_or(false);
            at += 1;
            keep
        });
    }
    if texts.spans.iter().any(|(s, _, _)| *s == Source::Message) {
        // A hit's word index is the number of spaces up to its start. Hits are taken in order of start
        // and the spaces counted once, as a running total: counting from the beginning for each hit
        // was quadratic in a message full of terms.
        let bytes = texts.buf.as_slice();
        let mut order: Vec<usize> = Vec::new();
        let hits = out.get(first..).unwrap_or_default();
        if hits.windows(2).any(|w| w[0].start > w[1].start) {
            // Found by end, so nearly always already by start too: only then is an order made.
            order.extend(first..out.len());
            order.sort_unstable_by_key(|&i| out.get(i).map_or(0, |h| h.start));
        }
        let in_order = first..if order.is_empty() { out.len() } else { first };
        let (mut counted, mut spaces) = (0usize, 0usize);
        for i in in_order.chain(order) {
            let Some(h) = out.get_mut(i) else { continue };
            let upto = h.start.saturating_add(1).min(bytes.len());
            if let Some(more) = bytes.get(counted..upto) {
                spaces += more.iter().filter(|&&b| b == b' ').count();
                counted = upto;
            }
            h.word = spaces;
        }
    }
    gate_keyed(texts, out, first);
    mark_bare(out, first);
    any_benign
}

/// Drops the terms a number holds but does not name (invoice12):
/// - a term that starts with a digit matched inside a longer number ("4桁", four digits, in "14桁");
/// - a two-letter API key name ("sk") right before a word of digits alone: a country's prefix to its VAT
///   number ("SK2020123456", "DE123456789"). A key after its prefix holds letters ("sk_live_", "sk-proj-"),
///   and the key formats are read apart ([`super::formats`]).
///
/// Reads only bytes beside the hits; allocates nothing.
fn drop_number_parts(c: &Compiled, texts: &Texts<'_>, out: &mut Vec<Hit>, first: usize) {
    let bytes = texts.buf.as_slice();
    let digit_before = |h: &Hit| {
        bytes.get(h.start).is_some_and(u8::is_ascii_digit)
            && h.start
                .checked_sub(1)
                .and_then(|i| bytes.get(i))
                .is_some_and(u8::is_ascii_digit)
    };
    let prefix_of_digits = |h: &Hit| {
        let Some(term) = bytes.get(h.start..h.end) else {
            return false;
        };
        let term = term.trim_ascii();
        if term.len() != 2 || !term.iter().all(u8::is_ascii_alphabetic) {
            return false;
        }
        let after = bytes.get(h.end..).unwrap_or_default();
        let after = after.strip_prefix(b" ").unwrap_or(after);
        let word = after
            .split(|&b| b == b' ' || b == b'\n')
            .next()
            .unwrap_or_default();
        word.len() >= 4 && word.iter().all(u8::is_ascii_digit)
    };
    // The category is looked up only for a two-letter term before digits (rare): no work per scan.
    let drops = |h: &Hit| {
        digit_before(h)
            || (matches!(h.kind, Kind::Strong | Kind::Weak)
                && h.cat.is_some()
                && prefix_of_digits(h)
                && h.cat == c.category("api_key"))
    };
    if out.get(first..).unwrap_or_default().iter().any(drops) {
        let mut at = 0usize;
        out.retain(|h| {
            let keep = at < first || !drops(h);
            at += 1;
            keep
        });
    }
}

/// In a form written for a business ([`business`]): a field whose title names an organisation's identifier
/// (a `benign` phrase of `national_id`: "شناسه ملی", a legal entity's national id; "OIB tvrtke") holds that
/// number, whatever identity number its name says (`national_id`): the title, shown to the user, says which.
fn name_by_title(c: &Compiled, out: &mut Vec<Hit>, first: usize) {
    let Some(national) = c.category("national_id") else {
        return;
    };
    let found = out.get(first..).unwrap_or_default();
    let titled = found
        .iter()
        .any(|h| h.kind == Kind::Benign && h.cat == Some(national) && h.source == Source::Title);
    if titled {
        let mut at = 0usize;
        out.retain(|h| {
            let drop = at >= first
                && matches!(h.kind, Kind::Strong | Kind::Weak)
                && h.cat == Some(national)
                && h.source == Source::Name;
            at += 1;
            !drop
        });
    }
}

/// Marks the weak terms matched on no more than a generic word for a number, a code or an expiry (pack
/// kind `bare`: "number", "codice", "namba", "번호") as bare ([`Hit::bare_takes`]), then drops the bare
/// words' own hits, which act on nothing else. In place, without a copy; runs only when the scan found a
/// bare word.
fn mark_bare(out: &mut Vec<Hit>, first: usize) {
    if !out
        .get(first..)
        .unwrap_or_default()
        .iter()
        .any(|h| h.kind == Kind::Bare)
    {
        return;
    }
    for i in first..out.len() {
        let Some(&b) = out.get(i).filter(|h| h.kind == Kind::Bare) else {
            continue;
        };
        for w in out.get_mut(first..).unwrap_or_default() {
            // A whole-word match holds the spaces around its word: one byte either way is the same word.
            if w.kind == Kind::Weak
                && w.source == b.source
                && b.start <= w.start + 1
                && w.end <= b.end + 1
            {
                w.bare = true;
            }
        }
    }
    let mut at = 0usize;
    out.retain(|h| {
        let mine = at >= first;
        at += 1;
        !mine || h.kind != Kind::Bare
    });
}

/// Whether a field's bare words and the message's read each other ([`Hit::bare_takes`]): the field is
/// bounded like a code one types (a fixed length or a digits pattern of a code, a card's lengths or expiry,
/// [`structure::shape_of`], or a text of at most eight characters with no pattern: "code", `maxLength` 6,
/// under "we texted you"), or each of its own texts is one word at most (`code` titled "الرمز", a title
/// "Съобщение"): such a field says nothing of its own beyond the word, and what it is for is the message's.
/// "Calle y número" or "Kod preporuke" say what the number or the code is of.
fn open_to_message(prop: &Prop<'_, '_>, texts: &Texts<'_>) -> bool {
    let loose = prop.kind == FieldKind::Text
        && prop.pattern.is_empty()
        && prop.max_length.is_some_and(|m| (3..=8).contains(&m));
    let one_word = |s: Source| texts.of(s).split_whitespace().nth(1).is_none();
    loose
        || [Source::Name, Source::Title, Source::Description]
            .into_iter()
            .all(one_word)
        || structure::shape_of(prop).is_some_and(|s| {
            s.code.is_some()
                || s.security
                || s.loose_security
                || s.loose_quad
                || s.card_number
                || s.expiry
        })
}

/// The NUMBER + KEYED gate (described10, [`super::concept::Gate`]): a NUMBER word ("number", "nombor",
/// "नंबर") is kept only with a KEYED word ("you press", "tekan", "दाबता") in its text, in the message at
/// most [`super::concept::CONCEPT_REACH`] words away; the KEYED words, read, are dropped. A field's text
/// that is a NUMBER word and nothing else (a title "Number", "नंबर") keeps it as a word with a reach and no
/// category: it pairs with nothing, but the field is "numbered" and takes the secret the message describes
/// ("the number you press at the ATM"), as a field titled "Digits" does; a number of something ("Nomor
/// invoice", "खाते क्रमांक") says what it holds and keeps nothing. Runs only when the scan found a gate
/// word (no allocation otherwise); the gate words are few.
fn gate_keyed(texts: &Texts<'_>, out: &mut Vec<Hit>, first: usize) {
    use super::concept::{Gate, CONCEPT_REACH};
    if !out
        .get(first..)
        .unwrap_or_default()
        .iter()
        .any(|h| h.gate != Gate::None)
    {
        return;
    }
    // The text holds the word alone: nothing but spaces around the match.
    let alone = |h: &Hit| {
        texts.span(h.source).is_some_and(|(a, b)| {
            let blank = |r: std::ops::Range<usize>| {
                texts
                    .buf
                    .get(r)
                    .is_some_and(|t| t.iter().all(|&x| x == b' '))
            };
            blank(a..h.start.clamp(a, b)) && blank(h.end.clamp(a, b)..b)
        })
    };
    // Read in place, without a copy: each NUMBER word is looked up against the KEYED words, then those
    // not kept are marked as KEYED words are, and every marked hit goes in one pass.
    for i in first..out.len() {
        let Some(&h) = out.get(i) else { continue };
        if h.gate != Gate::Keyed {
            continue;
        }
        let keyed = out.get(first..).unwrap_or_default().iter().any(|k| {
            // A KEYED word is a concept hit; a NUMBER word already marked for dropping is a weak one.
            k.gate == Gate::Key
                && k.kind == Kind::Concept
                && k.source == h.source
                && (h.source != Source::Message || k.word.abs_diff(h.word) <= CONCEPT_REACH)
        });
        let numbered = !keyed && h.source != Source::Message && alone(&h);
        if let Some(m) = out.get_mut(i) {
            if numbered {
                m.cat = None;
            }
            if !keyed && !numbered {
                m.gate = Gate::Key;
            }
        }
    }
    let mut at = 0usize;
    out.retain(|h| {
        let mine = at >= first;
        at += 1;
        !mine || h.gate != Gate::Key
    });
}

/// The evidence gathered for one property.
struct Evidence<'a> {
    hits: Vec<Hit>,
    compiled: &'a Compiled,
    kind: FieldKind,
    /// The field and the message read each other's bare words ([`open_to_message`]).
    shaped: bool,
}

impl Evidence<'_> {
    fn applicable(&self, cat: Option<CatId>) -> Option<CatId> {
        let cat = cat?;
        let info = self.compiled.categories.get(cat)?;
        let fits = match self.kind {
            FieldKind::Text | FieldKind::Choice => true,
            FieldKind::Number => info.numeric,
        };
        (info.enabled && fits).then_some(cat)
    }

    /// A strong term among `hits` (filtered by `pick`), as (category, hit). Where strong terms overlap, the
    /// longest names the secret: "service account key file" is the key file, not the API key inside it.
    fn strong(&self, pick: impl Fn(&Hit) -> bool) -> Option<(CatId, Hit)> {
        let first = self
            .hits
            .iter()
            .filter(|h| h.kind == Kind::Strong && pick(h))
            .find_map(|h| self.applicable(h.cat).map(|c| (c, *h)))?;
        let longer = self
            .hits
            .iter()
            .filter(|h| {
                h.kind == Kind::Strong
                    && pick(h)
                    && h.source == first.1.source
                    && h.start <= first.1.end
                    && first.1.start <= h.end
                    && h.end - h.start > first.1.end - first.1.start
            })
            .filter_map(|h| self.applicable(h.cat).map(|c| (c, *h)))
            .max_by_key(|(_, h)| h.end - h.start);
        Some(longer.unwrap_or(first))
    }

    /// A weak term with a qualifier of its category that does not overlap it.
    fn paired(&self, pick: impl Fn(&Hit) -> bool) -> Option<(CatId, Hit)> {
        let weak = self.hits.iter().filter(|h| h.kind == Kind::Weak && pick(h));
        let pin = self.compiled.category("pin");
        for w in weak {
            let Some(cat) = self.applicable(w.cat) else {
                continue;
            };
            let qualified = self.hits.iter().any(|q| {
                // Another word: `card` is both weak and a qualifier, but does not qualify itself.
                q.kind == Kind::Qualifier
                    && q.cat == w.cat
                    && q.pattern != w.pattern
                    && pick(q)
                    && w.reaches(q)
                    && w.bare_takes(q, pin, self.shaped)
                    // Folded terms share the space between two words: "aws key" is two terms side by side.
                    && (q.source != w.source || q.end <= w.start + 1 || w.end <= q.start + 1)
            });
            if qualified {
                return Some((cat, *w));
            }
        }
        None
    }
}

/// Whether the field's title or description uses every word of its name and neither names a secret (a benign
/// phrase took the name's words; a weak word alone, "number", names none): the text says what the name means.
/// Whether a folded property name is an abbreviation: one word of at most [`MAX_ABBREVIATION`] letters
/// (`sid`, `pk`, `pwd`), which several terms may stand for.
fn is_abbreviation(name: &str) -> bool {
    let mut words = name.split_whitespace();
    matches!((words.next(), words.next()), (Some(w), None) if w.chars().count() <= MAX_ABBREVIATION)
}

/// Most letters of an abbreviated property name ([`is_abbreviation`]).
const MAX_ABBREVIATION: usize = 4;

fn title_explains_name(texts: &Texts<'_>, hits: &[Hit]) -> bool {
    let asks = hits
        .iter()
        .any(|h| matches!(h.source, Source::Title | Source::Description) && h.kind == Kind::Strong);
    if asks {
        return false;
    }
    let name = texts.of(Source::Name);
    let mut words = name.split_whitespace().peekable();
    if words.peek().is_none() {
        return false;
    }
    [Source::Title, Source::Description].into_iter().any(|s| {
        let text = texts.of(s);
        // A text that only repeats the name ("pass" titled "pass", `kod` titled "kod") is the identifier
        // echoed, not what it means: it explains nothing, and the name is read as if untitled.
        !text.is_empty()
            && text.trim() != name.trim()
            && name
                .split_whitespace()
                .all(|w| text.split_whitespace().any(|t| t == w))
    })
}

/// Whether every word of the folded texts says nothing: generic words, one- or two-letter words, or words with
/// digits (`field1`, `f_8x2`); with `link`, words for a link too (the field's format says as much). Two
/// characters of Han, kana or Hangul are a whole word ("号码", "番号", "번호": a number), not an abbreviation.
fn says_nothing(c: &Compiled, texts: &[&str], link: bool) -> bool {
    texts.iter().flat_map(|t| t.split_whitespace()).all(|w| {
        c.generic.contains(w)
            || (w.chars().count() <= 2 && !w.chars().any(super::normalize::is_unspaced_script))
            || w.chars().any(|ch| ch.is_ascii_digit())
            || (link && link_words().iter().any(|l| l == w))
    })
}

/// Words for a link, written naturally: a field of a link format titled with one says nothing more, and a
/// secret whose name ends with one is a link itself ("database URL", "connection URI").
const LINK_WORDS: &[&str] = &[
    "link",
    "links",
    "url",
    "urls",
    "uri",
    "uris",
    "dsn",
    "href",
    "enlace",
    "lien",
    "ссылка",
    "посилання",
    "リンク",
    "链接",
    "鏈接",
    "링크",
    "رابط",
    "لینک",
    "لنک",
    "קישור",
    "लिंक",
    "লিংক",
    "లింక్",
    "இணைப்பு",
    "tautan",
    "pautan",
    "kiungo",
    "bağlantı",
    "liên kết",
    "ลิงก์",
    "ลิงค์",
];

/// [`LINK_WORDS`] folded as texts are, once.
fn link_words() -> &'static [String] {
    static FOLDED: std::sync::OnceLock<Vec<String>> = std::sync::OnceLock::new();
    FOLDED.get_or_init(|| {
        LINK_WORDS
            .iter()
            .map(|w| super::normalize::fold_words(w).trim().to_owned())
            .collect()
    })
}

/// Whether the strong term of `hit` names a link (its last word is one of [`LINK_WORDS`], as the pack
/// writes it).
fn names_link(c: &Compiled, hit: &Hit) -> bool {
    let Some(term) = c.shown.get(hit.pattern) else {
        return false;
    };
    let term = term.to_lowercase();
    LINK_WORDS.iter().any(|l| {
        term.strip_suffix(l)
            .is_some_and(|rest| rest.is_empty() || rest.ends_with([' ', '-', '_']))
    })
}

/// What [`judge_form`] found in one form.
#[derive(Debug)]
pub struct FormJudgement {
    /// The findings, message and properties together.
    pub findings: Vec<Finding>,
    /// The message gave the classification no term and the properties gave no finding: whatever the message
    /// says next time, as long as it names no term, this schema's properties are clean (see
    /// [`crate::policy::clean_schemas`]).
    pub properties_clean: bool,
    /// What the term-free test proved of the message's bytes, for its sanitising.
    pub message: Known,
    /// A reading of the form's purpose gave a secret's name another meaning: a puzzle's hidden word
    /// ([`puzzle`]), India's postal PIN ([`postal`]), a generator's seed ([`generator`]). The learned model,
    /// which reads words and not purposes, is then silent (`SecretPolicy::model_finding`): every form it
    /// flagged beyond the rules on the held-out batches was one of these. Only readings that redefine the
    /// term count, not those about the request (a denial, a survey): a sentence denying a request is easy to
    /// prepend to a phishing form, a crossword's layout is not.
    pub term_redefined: bool,
}

/// Judges one form; see the module doc. With `properties_known_clean` (the schema, with these allowed fields,
/// was found clean before) the properties are not judged again when the message names no term: what they
/// would find is then a function of the schema alone.
pub fn judge_form(
    c: &Compiled,
    message: &str,
    schema: &Node<'_>,
    params_ptr: &str,
    allowed_fields: &[String],
    properties_known_clean: bool,
) -> FormJudgement {
    judge_form_in(
        c,
        message,
        schema,
        params_ptr,
        allowed_fields,
        properties_known_clean,
        &mut message::Memo::default(),
    )
}

/// [`judge_form`], one of the forms of a message: `memo` holds the readings and language verdicts of the texts
/// already read in it, the forms of one message mostly repeating one message ([`message::Memo`]).
///
/// A form that asks for an identity number is read a second time when it states it is written for a
/// business ([`business`]): a tax number a person and a company alike hold (pack kind `either`: ΑΦΜ, NIF,
/// OIB, ИНН) is then the company's, printed on every invoice, and benign. Only forms already found asking
/// for one pay for the second reading.
pub(crate) fn judge_form_in(
    c: &Compiled,
    message: &str,
    schema: &Node<'_>,
    params_ptr: &str,
    allowed_fields: &[String],
    properties_known_clean: bool,
    memo: &mut message::Memo,
) -> FormJudgement {
    let first = judge_form_read(
        c,
        message,
        schema,
        params_ptr,
        allowed_fields,
        properties_known_clean,
        memo,
        false,
    );
    let asks_national = first
        .findings
        .iter()
        .any(|f| f.rule == "form.secret.national_id");
    if !asks_national || !business(c, message, schema) {
        return first;
    }
    let mut second = judge_form_read(
        c,
        message,
        schema,
        params_ptr,
        allowed_fields,
        false,
        memo,
        true,
    );
    // What the schema holds was read with the message's business words: it is not clean under another
    // message.
    second.properties_clean = false;
    second
}

/// Whether the form states it is written for a business: a `business` word (an invoice, a company's name,
/// a legal entity, B2B) in the message or a field's name or title. Read only for a form found asking for an
/// identity number; the texts are few and short.
fn business(c: &Compiled, message: &str, schema: &Node<'_>) -> bool {
    let mut folder = Folder::default();
    let mut texts = Texts::new(&mut folder);
    texts.add(c, Source::Message, message);
    if let Some(props) = schema.get("properties").and_then(Node::as_object) {
        for (name, value) in props.iter().take(MAX_JUDGED_PROPERTIES) {
            texts.add(c, Source::Name, name);
            texts.add(c, Source::Title, Prop::of(value).title);
        }
    }
    let mut found = false;
    c.find_terms(texts.buf.as_slice(), |pattern, _, _| {
        found |= c
            .infos
            .get(pattern)
            .is_some_and(|infos| infos.iter().any(|i| i.kind == Kind::Business));
    });
    found
}

/// [`judge_form_in`], once: with `business`, an `either` term is a benign phrase of its category.
#[allow(clippy::too_many_arguments)]
fn judge_form_read(
    c: &Compiled,
    message: &str,
    schema: &Node<'_>,
    params_ptr: &str,
    allowed_fields: &[String],
    properties_known_clean: bool,
    memo: &mut message::Memo,
    business: bool,
) -> FormJudgement {
    let mut findings = Vec::new();
    // Pointers are built only for findings: a benign form (nearly every form) needs none.
    let props_ptr = || pointer_push(&pointer_push(params_ptr, "requestedSchema"), "properties");
    let message_ptr = || pointer_push(params_ptr, "message");

    let mut folder = Folder::default();
    let mut texts = Texts::new(&mut folder);
    texts.business = business;
    let mut message_hits = Vec::new();
    // A reading of the form's purpose redefined a secret's name ([`FormJudgement::term_redefined`]).
    let mut term_redefined = false;
    // The categories the message reads harmlessly ([`Around::message_benign`]).
    let mut message_benign: Vec<Option<CatId>> = Vec::new();
    // The message holds a benign or redefining phrase ("your 6-digit postal code"): it supports no code.
    let mut message_excused = false;
    // A message proven to hold no strong, weak or qualifier term (the only kinds its hits are read for, see
    // `prefilter`) is not folded or scanned: the folded message serves nothing else, and the texts are
    // cleared before the first property. The same pass may prove it free of the formats' prefixes too.
    // It is read with the message's other readings that depend on its text alone, once per distinct text of
    // the `InputRequiredResult` ([`message::Memo`]).
    let read = memo.read(c, message);
    let languages = &mut memo.languages;
    let proof = read.proof;
    // The folded message, kept for the request rule once the texts are reused for the properties (only a
    // message holding a term is folded at all).
    let mut folded_message = String::new();
    // "Paste your .env" names no term the proof looks for: a message naming the file as written (in its first
    // bytes, so that a long message costs no second pass) is scanned anyway, for its request verb.
    let dotenv_message = read.dotenv;
    // The languages the message is written in, identified only once an `ordinary` word met a secret's term
    // (Polish `dni` read as the Spanish `DNI`), and whether one did: the verdict then reads the message, so
    // the schema is not remembered clean.
    let lang_cell = std::cell::OnceCell::new();
    let message_lang = || *lang_cell.get_or_init(|| language::written_in(c, message));
    let mut read_ordinary = false;
    // "Run `cat ~/.ssh/id_rsa` and paste what it prints": a command whose output is a secret, in any language.
    let reading = read.command;
    let command_message = reading.prints;
    // A credential file named as written ("~/.aws/credentials", "id_ed25519", ".env"), read for a request
    // verb anywhere in the message when no verb reaches it.
    let file_message = dotenv_message || reading.file;
    if proof == Proof::Nothing || file_message || command_message {
        texts.add(c, Source::Message, message);
        let mut read_benign = Vec::new();
        message_excused = scan_noting(c, &texts, &mut message_hits, &mut read_benign)
            || message_hits.iter().any(|h| h.kind == Kind::Redefine);
        message_benign.extend(read_benign.iter().map(|&(_, cat)| cat));
        // What a number identifies and a number's last places are read in a field's own name and title
        // only: in the message they say nothing, and must not make it less neutral than the prefilter's
        // proof says ("Connect the account" is still a message that names nothing).
        message_hits.retain(|h| !matches!(h.kind, Kind::Identifies | Kind::Last));
        // A category the message reads harmlessly ("the last four digits of your card"): its qualifiers
        // there qualify no field's weak term.
        message_hits.retain(|h| {
            !(h.kind == Kind::Qualifier
                && read_benign
                    .iter()
                    .any(|&(_, cat)| cat.is_some() && cat == h.cat))
        });
        let developer = c.category("developer");
        if developer.is_some()
            && asks_a_question(message)
            && !message_hits
                .iter()
                .any(|h| matches!(h.kind, Kind::Request | Kind::Contents))
        {
            // "Does your project use a .env file?", "Hast du schon eine kubeconfig?": a question about the
            // file with no verb asking for it nor a word for what it holds is answered yes or no, not with
            // the file.
            message_hits.retain(|h| h.cat != developer);
        }
        if !file_message {
            // "Contents" asks for a file named as written, and for nothing else.
            message_hits.retain(|h| h.kind != Kind::Contents);
        }
        if message_hits
            .iter()
            .any(|h| matches!(h.kind, Kind::Strong | Kind::Weak))
            && survey::counts_only(c, message)
        {
            // "Wie viele Ziffern hat Ihre PIN?": the message counts the secret's digits and names it for
            // nothing else, so no field takes it and no request is read.
            message_hits.retain(|h| !matches!(h.kind, Kind::Strong | Kind::Weak));
        } else if message_hits
            .iter()
            .any(|h| matches!(h.kind, Kind::Strong | Kind::Weak))
            && negation::denies_only(c, message)
        {
            // "Do not enter your PIN or OTP in this report", "We never ask for your password": the message
            // names the secret only to deny asking for it, so no field takes it and no request is read.
            message_hits.retain(|h| !matches!(h.kind, Kind::Strong | Kind::Weak));
        } else if message_hits
            .iter()
            .any(|h| matches!(h.kind, Kind::Strong | Kind::Weak))
            && puzzle::clue_only(c, message)
        {
            // "Crossword, 7 across (5 letters): «Secret word the bank asks for»": the message names the
            // secret as the word to find ([`puzzle`]), so no field takes it and no request is read.
            message_hits.retain(|h| !matches!(h.kind, Kind::Strong | Kind::Weak | Kind::Qualifier));
            term_redefined = true;
        }
        read_ordinary |= drop_ordinary(c, texts.folded(), &mut message_hits, message_lang);
        limit::drop_word_limits(c, texts.folded(), &mut message_hits);
        // "Bitte gib keine Kartennummer und keine PIN ein": a clause forbidding the secret asks for none
        // ([`prohibit`]).
        prohibit::drop_forbidden(c, message, texts.folded(), &mut message_hits);
        if message_hits.iter().any(|h| h.reach.is_some()) {
            mark_clauses(c, message, &mut message_hits);
        }
        if message_hits.iter().any(|h| h.kind == Kind::Concept) {
            // "¿Cuántos dígitos tiene tu PIN?": a clause asking how many digits a secret has asks for a
            // number, not the secret ([`super::concept::counted_clauses`]). The COUNT words serve nothing else.
            let read: Vec<(Kind, Option<u16>, u32)> = message_hits
                .iter()
                .map(|h| (h.kind, h.reach, h.clause))
                .collect();
            let counted = super::concept::counted_clauses(&read);
            message_hits.retain(|h| {
                h.kind != Kind::Concept
                    && !(counted.contains(&h.clause)
                        && matches!(h.kind, Kind::Strong | Kind::Weak | Kind::Qualifier))
            });
        }
        if !message_hits.is_empty() {
            folded_message.push_str(texts.folded());
        }
    }
    let (search, message_known) = if proof == Proof::TermAndPrefixFree {
        (Search::Plain, Known::Printable)
    } else {
        (Search::All, Known::Nothing)
    };
    embedded(c, message, search, message_ptr, &mut findings);
    // A message that has the user run a command printing a secret is never neutral: the form is judged.
    let message_neutral = message_hits.is_empty() && !command_message;
    // The form's language is that of its message, when the message is long enough to tell: the one text read on
    // every path (a remembered schema's titles are not built again), so the finding never depends on what was
    // remembered. A short message with foreign titles is not flagged.
    let message_decides = read.decides;
    let mut form_text = language::FormText::default();
    form_text.add(message);
    if properties_known_clean && message_neutral {
        if message_decides {
            unread_language(c, &form_text, languages, params_ptr, &mut findings);
        }
        return FormJudgement {
            findings,
            properties_clean: true,
            message: message_known,
            term_redefined: false,
        };
    }
    let before_properties = findings.len();
    // A schema the parser skipped (recognised as clean) is built now that the message makes it matter.
    let arena = crate::wire::tree::Arena::new();
    let Ok(schema) = schema.expanded(&arena) else {
        findings.push(Finding::block(
            "wire.unparseable",
            params_ptr.to_owned(),
            "The form's schema could not be parsed strictly, so it could not be judged.",
        ));
        return FormJudgement {
            findings,
            properties_clean: false,
            message: message_known,
            term_redefined: false,
        };
    };
    let schema = &schema;
    if message_hits
        .iter()
        .any(|h| matches!(h.kind, Kind::Strong | Kind::Weak))
        && recipient::delivered_only(c, message)
        && recipient::asks_recipient(schema, MAX_JUDGED_PROPERTIES)
    {
        // "Send a gift card … The card number will be emailed to the recipient." over a field for the
        // recipient: the message names the secret to say whom it goes to ([`recipient`]), so no field takes
        // it and no request is read.
        message_hits.retain(|h| !matches!(h.kind, Kind::Strong | Kind::Weak | Kind::Qualifier));
    }

    let mut any_text_field = false;
    let mut free_text_field = false;
    // A card's last four digits ([`lastfour`]), and whether another field may hold the rest of the number.
    let mut last_four: Option<&str> = None;
    let mut rest_of_card = false;
    // A text field that says nothing of its own ([`FieldNotes::open`]), for a file the message names.
    let mut any_open_field = false;
    // A field for a survey's answer: a choice, or a number bounded at a rating's top ([`survey`]).
    let mut rating_field = false;
    let mut field_found = false;
    let mut structure = structure::Structure::default();
    // The login pair: a field that names the user ("User name") beside one named by a word that is a password
    // only at a login ("Κωδικός", "Parola chiave"), read after every field has been seen.
    let mut login_field: Option<usize> = None;
    let mut weak_password: Option<(usize, &str, Hit)> = None;
    // The categories a field read benignly takes from the message: a puzzle's hidden word named as its
    // password ("Bulmacanın şifresi", [`puzzle`]), a generator's seed ([`generator`]). The message's names
    // of them ("send the şifre", "optionally a seed") are for that field, and ask for no secret.
    let mut explained: Vec<Option<CatId>> = Vec::new();
    // A text field bounded to a wallet key's length ([`hexkey`]), read with the form's words after the loop.
    let mut key_field: Option<&str> = None;
    // Whether the message speaks of a puzzle ([`puzzle::speaks_of_puzzle`]), read once, when a field first
    // needs it.
    let mut puzzle_message: Option<bool> = None;
    if let Some(props) = schema.get("properties").and_then(Node::as_object) {
        // The form's fields, for the reading of one field among the others (India's postal PIN beside an
        // address, [`postal`]): gathered only when a field or the message needs it.
        let listed =
            || -> Vec<(&str, &Node<'_>)> { props.iter().take(MAX_JUDGED_PROPERTIES).collect() };
        if message_hits
            .iter()
            .any(|h| h.kind == Kind::Strong && h.cat.is_some() && h.cat == c.category("pin"))
        {
            let pin = c.category("pin");
            let secret_beside = postal::names_secret_pin(&[message])
                || message_hits.iter().any(|h| {
                    h.source == Source::Message
                        && pin.is_some_and(|p| names_secret(c, h, p))
                        && !message_hits.iter().any(|p| {
                            p.kind == Kind::Strong
                                && p.cat == pin
                                && p.start <= h.start
                                && h.end <= p.end
                        })
                });
            let postal: Vec<usize> = message_hits
                .iter()
                .enumerate()
                .filter(|(_, h)| h.kind == Kind::Strong && h.cat == pin)
                .filter(|(_, h)| {
                    postal::is_postal_pin(c, c.shown.get(h.pattern).map_or("", String::as_str))
                })
                .map(|(i, _)| i)
                .collect();
            if !secret_beside && !postal.is_empty() && postal::in_address_form(&listed(), "") {
                // "Enter your address and the PIN code of your area" over fields for the address, the town
                // and the PIN: the PIN is the postal code's.
                term_redefined = true;
                // And every word inside it: the `code` of "PIN code" is the postal code's too, not a
                // one-time code a field beside the address would take.
                let spans: Vec<(usize, usize)> = postal
                    .iter()
                    .filter_map(|&i| message_hits.get(i))
                    .map(|h| (h.start, h.end))
                    .collect();
                message_hits.retain(|h| {
                    !spans
                        .iter()
                        .any(|&(start, end)| start <= h.start && h.end <= end)
                });
            }
        }
        for (order, (name, value)) in props.iter().take(MAX_JUDGED_PROPERTIES).enumerate() {
            let prop = Prop::of(value);
            let ptr = || field_ptr(c, &props_ptr, name);
            embedded(c, name, Search::All, ptr, &mut findings);
            if prop.pushes_values {
                pushed_values(c, value, &ptr, &mut findings);
            }
            for (key, text) in [("title", prop.title), ("description", prop.description)] {
                embedded(
                    c,
                    text,
                    Search::All,
                    || pointer_push(&ptr(), key),
                    &mut findings,
                );
            }
            if allowed_fields.iter().any(|a| a == name) {
                continue;
            }
            any_text_field |= prop.kind == FieldKind::Text;
            // A field whose format is a value of another kind (an e-mail address, a date) cannot take the
            // secret the message asks for: a form of such fields only collects none by its message.
            free_text_field |= prop.kind == FieldKind::Text && !holds_typed_value(&prop);
            rating_field |= prop.kind == FieldKind::Choice
                || (prop.kind == FieldKind::Number
                    && prop.maximum.is_some_and(|m| m <= survey::MAX_RATING));
            texts.clear();
            let mut notes = FieldNotes::default();
            // A field's language is the message's, or, under a message too short to tell, that of the
            // message with the field's own title and description.
            let lang = |title: &str, description: &str| match message_lang() {
                0 => language::written_in(c, &format!("{message}\n{title}\n{description}")),
                bits => bits,
            };
            let around = Around {
                message_hits: &message_hits,
                message_benign: &message_benign,
                lang: &lang,
                message,
            };
            let mut found = judge_property(c, name, &prop, &mut texts, &around, &mut notes, ptr);
            // A card's last four beside the rest of its number: the end of a card asked in two pieces.
            if notes.last_four {
                last_four.get_or_insert(name);
            } else {
                // A choice ("Debit card", "Credit card") says which kind of card, not its number.
                rest_of_card |= (notes.card && prop.kind != FieldKind::Choice)
                    || lastfour::holds_long_number(&prop);
            }
            read_ordinary |= notes.read_ordinary;
            any_open_field |= notes.open;
            // The categories a puzzle's word is named by: a password ("slaptažodis", "hasło", "тајна
            // реч") or a phrase of words.
            let wordlike = [c.category("password"), c.category("recovery_phrase")];
            let found_word = found.as_ref().is_some_and(|f| {
                matches!(
                    f.rule.as_str(),
                    "form.secret.password" | "form.secret.recovery_phrase"
                )
            });
            // A field that names something of its own ("Решење") under a message that names the word:
            // read only when the message names one (no folding otherwise).
            let message_word = found.is_none()
                && message_hits.iter().any(|h| {
                    matches!(h.kind, Kind::Strong | Kind::Weak)
                        && h.cat.is_some()
                        && wordlike.contains(&h.cat)
                });
            if (found_word || message_word)
                && *puzzle_message.get_or_insert_with(|| puzzle::speaks_of_puzzle(message))
                && ((found_word && puzzle::names_puzzle(prop.title, prop.description))
                    || (puzzle::names_answer(c, prop.title, prop.description)
                        && !puzzle::asks_outside_puzzle(c, message)))
                && !puzzle::owns_secret(c, message)
            {
                // "Bulmacanın şifresi" under a message about the week's puzzle: the field's password is
                // the puzzle's hidden word ([`puzzle::names_puzzle`]); so is the word a field titled as the
                // puzzle's answer takes ("Решење" under "Пошаљите решење (тајну реч)",
                // [`puzzle::names_answer`]), unless the message asks for a secret outside the puzzle or
                // names it as the user's own.
                match &found {
                    Some(f) => {
                        explained.push(c.category(f.rule.trim_start_matches("form.secret.")))
                    }
                    None => explained.extend(wordlike),
                }
                found = None;
                notes.excused = true;
                term_redefined = true;
            }
            if found.as_ref().is_none_or(|f| {
                matches!(
                    f.rule.as_str(),
                    "form.secret.recovery_phrase" | "form.secret.otp"
                )
            }) && generator::mentions_seed(&[name, prop.title, prop.description])
                && generator::generator_seed(
                    c,
                    message,
                    name,
                    prop.title,
                    prop.description,
                    prop.kind == FieldKind::Number,
                )
            {
                // A world's, a map's or a simulation's seed: public, and no phrase of words.
                explained.push(c.category("recovery_phrase"));
                found = None;
                notes.excused = true;
                term_redefined = true;
            }
            if found.is_some() && notes.postal_pin && postal::in_address_form(&listed(), name) {
                // A bare PIN beside the fields of an address: India's postal code, out of the signals too
                // (six digits are no one-time code here).
                found = None;
                notes.excused = true;
                term_redefined = true;
            }
            if key_field.is_none()
                && prop.kind == FieldKind::Text
                && !notes.excused
                && found.is_none()
                && hexkey::key_bounds(prop.min_length, prop.max_length, prop.pattern)
            {
                key_field = Some(name);
            }
            structure.note(
                order,
                name,
                &prop,
                notes.excused,
                notes.support,
                notes.identifier,
            );
            structure.speaks_of_card(notes.card && !notes.excused);
            if notes.login && login_field.is_none() {
                login_field = Some(order);
            }
            if let Some(f) = found {
                field_found = true;
                findings.push(f);
            } else if let (Some(h), None) = (notes.weak_password, weak_password) {
                weak_password = Some((order, name, h));
            }
        }
    }
    if !explained.is_empty() {
        message_hits.retain(|h| {
            !(matches!(h.kind, Kind::Strong | Kind::Weak) && explained.contains(&h.cat))
        });
    }
    if let (false, Some(login), Some((order, name, hit))) =
        (field_found, login_field, weak_password)
    {
        let cat = c
            .category("password")
            .filter(|&k| c.categories.get(k).is_some_and(|i| i.enabled));
        if let (true, Some(cat)) = (login != order, cat) {
            let ptr = field_ptr(c, &props_ptr, name);
            findings.push(finding(
                c,
                cat,
                &ptr,
                name,
                &hit,
                "sits beside a user name and asks for",
            ));
            field_found = true;
        }
    }
    // The language-free signals, each only when the words found nothing of its kind already.
    let has = |findings: &[Finding], cat: &str| {
        let rule = format!("form.secret.{cat}");
        findings.iter().any(|f| f.rule == rule)
    };
    let mut signals = Vec::new();
    if let Some(s) = structure.recovery_phrase() {
        signals.push(s);
    }
    if let (Some(name), true, false) = (last_four, rest_of_card, has(&findings, "card")) {
        // "Last 4 digits" beside "First 12 digits": the end of a card number asked in two pieces.
        signals.push(structure::Signal {
            category: "card",
            name: Some(name),
            why: "as its last four digits, beside a field for the rest of the number".into(),
        });
    }
    if !field_found && any_text_field && !has(&findings, "private_key") {
        // "Paste the 64-character string starting with 0x you get when you export your wallet": a wallet's
        // private key described by its format, in any language ([`hexkey`]).
        signals.extend(wallet_key(message, schema, key_field));
    }
    let message_support = if message_excused {
        Support::None
    } else {
        message_hits
            .iter()
            .map(|h| supports_code(c, h))
            .max()
            .unwrap_or(Support::None)
    };
    if !has(&findings, "card") {
        let message_card = !message_excused && speaks_of_card(c, &message_hits);
        structure.speaks_of_card(message_card);
        signals.extend(
            structure
                .card()
                .or_else(|| structure.card_in_groups(message_support)),
        );
    }
    // The message says a code was sent or came ("the code we texted you", "SMS", "přišla"; ARRIVED and
    // MISTAKE, or a one-time code named): a field named for what it identifies may be the pretext
    // ("Booking reference" for the six digits of the SMS), so it is read by its shape again.
    let otp = c.category("otp");
    let message_sent = !message_excused
        && message_hits.iter().any(|h| {
            otp.is_some()
                && h.cat == otp
                && (h.kind == Kind::Strong || (h.kind == Kind::Qualifier && h.concept))
        });
    if !field_found && structure.reads_message() {
        // Under a clue's layout ("4 Down (8 letters)"), the message's numbers count a word's letters: a
        // field of that length takes the word ([`puzzle`]).
        if let Some(code) = structure.one_time_code(message, message_support, message_sent) {
            if puzzle::laid_out_as_clue(message) {
                term_redefined = true;
            } else {
                signals.push(code);
            }
        }
    }
    if !field_found && !message_excused {
        // "Type two of your backup codes" over fields titled "First one", "Second one": the message names the
        // codes, and the row of ranked fields takes them one by one, whatever the fields are called.
        let backup = c.category("backup_code");
        let named = backup.is_some()
            && message_hits
                .iter()
                .any(|h| h.cat == backup && matches!(h.kind, Kind::Strong | Kind::Weak));
        signals.extend(structure.ranked_codes(named));
    }
    for s in signals {
        let Some(info) = c
            .category(s.category)
            .and_then(|k| c.categories.get(k))
            .filter(|i| i.enabled)
        else {
            continue;
        };
        let (ptr, what) = match s.name {
            Some(name) => (
                field_ptr(c, &props_ptr, name),
                format!("form field `{}` asks for", super::shown_name(c, name)),
            ),
            None => (props_ptr(), "the form asks for".to_owned()),
        };
        findings.push(Finding::block(
            format!("form.secret.{}", info.name),
            ptr,
            format!(
                "{what} {} {}; secrets must go through URL mode",
                info.label, s.why
            ),
        ));
        field_found = true;
    }
    // "Was the keypad for entering your PIN easy to use?" over a rating: the message asks about the secret's
    // device, not for it. Read only when the request rule would find something.
    let surveyed = || survey::asks_about(c, message, rating_field);
    // "Forgot your password? Tell us which e-mail to send the reset link to" over one e-mail field: no
    // field of the form can hold what the message names, so the message's request collects nothing here
    // (a field's own name of a secret is judged above, whatever its format).
    if !field_found && free_text_field {
        if let Some(f) =
            requested_in_message(c, &message_hits, &folded_message, message, message_ptr)
                .filter(|_| !surveyed() && !survey::given_elsewhere(c, message))
        {
            findings.push(f);
        } else if command_message
            && (message_hits.iter().any(|h| h.kind == Kind::Request)
                || command::written_as_command(message))
        {
            // "Run `gh auth token`", "cat ~/.ssh/id_rsa を実行": a command whose only product is a secret,
            // an environment dump after a prompt, or one named with a request verb. A dump named in prose
            // alone ("we checked printenv on the host; any comments?") asks for nothing.
            findings.extend(command_finding(c, message_ptr(), "the elicitation message"));
        } else if file_message
            && any_open_field
            && message_hits
                .iter()
                .any(|h| matches!(h.kind, Kind::Request | Kind::Contents))
            && (!message_hits.iter().any(|h| h.kind == Kind::Metadata)
                || message_hits.iter().any(|h| h.kind == Kind::Contents))
        {
            // "Paste your .env", "copy everything that ~/.aws/credentials holds into the box", "den Inhalt
            // von ~/.ssh/id_ed25519": the file is named as written, with a request verb or a word for what
            // it holds, and no word for its path or name ("indique la ruta de su archivo .env" asks where
            // it is) unless a word for what it holds is there too ("celý obsah súboru .env z koreňa
            // projektu": the place only says which file); and a field that takes what is asked, not one
            // named for something else ("Port").
            let matched = if dotenv_message {
                "\".env\""
            } else {
                "a credential file's path"
            };
            findings.extend(dotenv_finding(
                c,
                message_ptr(),
                "the elicitation message asks for",
                matched,
            ));
        }
    }
    // After the properties: a form in a language no pack reads is not remembered clean. Only a message long
    // enough to decide alone is read, here as on the remembered-schema path above, so that remembering a
    // schema never changes a verdict (the fuzz target schema_judge holds the two paths to that).
    if message_decides {
        unread_language(c, &form_text, languages, params_ptr, &mut findings);
    }
    // A code field's verdict reads the message's digits, which the term-free proof does not cover: such a
    // schema is judged afresh every time.
    let properties_clean = message_neutral
        && findings.len() == before_properties
        && !structure.reads_message()
        && !read_ordinary
        // The remembered path reads no purpose: a schema whose reading redefined a term is judged afresh,
        // so that the model's silence is the same on both paths.
        && !term_redefined;
    FormJudgement {
        findings,
        properties_clean,
        message: message_known,
        term_redefined,
    }
}

/// The pointer of a property. A name that holds a credential is not repeated, not even in a pointer: the
/// finding points at the properties object instead.
fn field_ptr(c: &Compiled, props_ptr: &dyn Fn() -> String, name: &str) -> String {
    let withheld =
        super::may_hold_format(name) && c.formats.is_match(super::scan_limit(name), Search::All);
    if withheld {
        props_ptr()
    } else {
        pointer_push(&props_ptr(), name)
    }
}

/// What a property's own texts say beside any finding, for the language-free signals ([`structure`]).
#[derive(Clone, Copy, Default)]
struct FieldNotes {
    /// A benign or redefining phrase ("postal code", "gift card"): the field is left out of the signals.
    excused: bool,
    /// How much they speak of a code, a PIN or a login: support for a field shaped like a one-time code.
    support: Support,
    /// Its name or title names what it identifies ("Account number", "Kód banky", "口座番号"; pack kind
    /// `identifies`) and none of its texts says a code was sent: an identifier, not a code by its digits.
    identifier: bool,
    /// They speak of a card.
    card: bool,
    /// A card's last four digits ([`lastfour`]): excused, unless the form asks for the rest of the card.
    last_four: bool,
    /// A qualifier of a password in its own texts ("Όνομα χρήστη", "Nome utente": the user name beside it).
    login: bool,
    /// A weak password term in its own texts, for a free-text field ("Κωδικός", "Parola chiave").
    weak_password: Option<Hit>,
    /// Its finding is a bare PIN ("PIN code", `pincode`) in a field that may hold six digits: India's postal
    /// code if the form asks for an address ([`postal`]).
    postal_pin: bool,
    /// An `ordinary` word of some language met a secret's term in its own texts: its verdict reads the
    /// form's language.
    read_ordinary: bool,
    /// A text field that names nothing of its own (only generic words, or a word for what a file holds:
    /// "Contents", "Inhalt"): what the message asks for goes in it. A field titled "Port" or "Framework"
    /// under "copy .env.example to .env, then tell us the port" takes the port, not the file.
    open: bool,
}

/// How much a text speaks of a code, a PIN or a login.
#[derive(Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Debug)]
pub(super) enum Support {
    /// Not at all.
    #[default]
    None,
    /// A qualifier only ("SMS", "phone", "digits"): enough for 5 to 8 digits, not for 4 (a year).
    Qualifier,
    /// A strong or weak term ("code", "PIN", "password").
    Term,
}

/// Whether hits speak of a card (a term of the card category: "card", "digits on the back", Turkish
/// `hane`), for the card asked group by group ([`structure::Structure::card_in_groups`]).
fn speaks_of_card(c: &Compiled, hits: &[Hit]) -> bool {
    let card = c.category("card");
    card.is_some()
        && hits
            .iter()
            .any(|h| h.cat == card && matches!(h.kind, Kind::Strong | Kind::Weak | Kind::Qualifier))
}

/// How much a hit speaks of a code, a PIN or a login (a field of a few digits is then a code to type).
fn supports_code(c: &Compiled, h: &Hit) -> Support {
    let of_login = h.cat.and_then(|k| c.categories.get(k)).is_some_and(|k| {
        matches!(
            k.name.as_str(),
            "otp" | "pin" | "backup_code" | "bank_login" | "password" | "credential"
        )
    });
    // A weak word that is a qualifier too ("digits") says no more than a qualifier.
    let also_qualifier = || {
        c.infos
            .get(h.pattern)
            .is_some_and(|infos| infos.iter().any(|i| i.kind == Kind::Qualifier))
    };
    match h.kind {
        // A word with a reach ("digits") names a code only with its use beside it: alone, a qualifier.
        Kind::Weak if of_login && (h.reach.is_some() || also_qualifier()) => Support::Qualifier,
        Kind::Strong | Kind::Weak if of_login => Support::Term,
        Kind::Qualifier if of_login => Support::Qualifier,
        _ => Support::None,
    }
}

/// What a property is judged among: the message's hits, and the languages the form is written in (asked
/// with the field's own title and description, for a message too short to tell).
struct Around<'a> {
    message_hits: &'a [Hit],
    /// The categories of the secrets' terms the message reads harmlessly ("hasło z krzyżówki", the
    /// crossword's solution): a field that only names such a term takes the message's reading.
    message_benign: &'a [Option<CatId>],
    lang: &'a dyn Fn(&str, &str) -> u64,
    /// The message itself, for the benign readings that look for a word in it ([`giftcard`]).
    message: &'a str,
}

/// Judges one property by its words (see the module doc); `notes` is filled with what its own texts say
/// for the language-free signals.
fn judge_property(
    c: &Compiled,
    name: &str,
    prop: &Prop<'_, '_>,
    texts: &mut Texts<'_>,
    around: &Around<'_>,
    notes: &mut FieldNotes,
    ptr: impl Fn() -> String,
) -> Option<Finding> {
    let (message_hits, lang) = (around.message_hits, around.lang);
    let kind = prop.kind;
    texts.add(c, Source::Name, name);
    texts.add(c, Source::Format, prop.format);
    texts.add(c, Source::Title, prop.title);
    texts.add(c, Source::Description, prop.description);
    if kind == FieldKind::Choice {
        // A choice cannot carry a typed secret, but it can ask for one piece at a time.
        texts.add(c, Source::Options, &option_titles(prop.value));
    }
    let mut hits = Vec::new();
    let mut read_benign = Vec::new();
    let benign = scan_noting(c, texts, &mut hits, &mut read_benign);
    notes.read_ordinary = drop_ordinary(c, texts.folded(), &mut hits, || {
        lang(prop.title, prop.description)
    });
    limit::drop_word_limits(c, texts.folded(), &mut hits);
    let mut counted = kind == FieldKind::Number && holds_attribute(texts.folded(), &mut hits);
    if kind == FieldKind::Number
        && (survey::counts_secrets(prop.title) || survey::counts_secrets(prop.description))
    {
        // "Roughly how many passwords do you have?" over a number: a survey counts the secrets, and a
        // number field asked "how many" holds that count. Its own names of a secret are dropped, as for an
        // attribute ([`holds_attribute`]); the message's stay.
        let before = hits.len();
        hits.retain(|h| {
            !(h.source != Source::Message
                && matches!(h.kind, Kind::Strong | Kind::Weak | Kind::Qualifier))
        });
        counted |= hits.len() != before;
    }
    notes.excused = benign || counted || hits.iter().any(|h| h.kind == Kind::Redefine);
    notes.support = hits
        .iter()
        .map(|h| supports_code(c, h))
        .max()
        .unwrap_or(Support::None);
    // "Account number", "Kód banky", "Namba ya shule", "口座番号": a field whose own name or title says what
    // it identifies holds that thing's number; one whose texts also say a code came ("Booking code from
    // the SMS") or name a one-time code does not.
    let otp = c.category("otp");
    notes.identifier = hits
        .iter()
        .any(|h| h.kind == Kind::Identifies && matches!(h.source, Source::Name | Source::Title))
        && !hits.iter().any(|h| {
            otp.is_some()
                && h.cat == otp
                && (h.kind == Kind::Strong || (h.kind == Kind::Qualifier && h.concept))
        });
    // "Nombor pengirim SMS", "Numero ng GCash account", "Sender's number": a number word (a weak term with a
    // reach) beside what it identifies says whose number the field holds. It pairs with no qualifier of its
    // own ("SMS", "GCash": the sender's SMS number is no SMS code) and takes no code or PIN the message
    // names (a scam report names the code it warns about). A secret the field names strongly is still
    // judged, and a message that asks for the code with a request verb is still found by the request rule.
    // The field's words of a message's arrival ("SMS") are the sender's here, so they do not undo it as they
    // undo an identifier's shape reading; a one-time code the field names itself does.
    let identified_number =
        hits.iter().any(|h| {
            h.kind == Kind::Identifies && matches!(h.source, Source::Name | Source::Title)
        }) && !hits.iter().any(|h| {
            otp.is_some() && h.cat == otp && h.kind == Kind::Strong && h.source != Source::Message
        }) && hits
            .iter()
            .any(|h| h.kind == Kind::Weak && h.reach.is_some() && h.source != Source::Message);
    if identified_number {
        // The number words, and any weak term on their very words ("nombor", also a weak term without a
        // reach of the relay section): a field's own texts are short, the spans few.
        let spans: Vec<(Source, usize, usize)> = hits
            .iter()
            .filter(|h| h.kind == Kind::Weak && h.reach.is_some() && h.source != Source::Message)
            .map(|h| (h.source, h.start, h.end))
            .collect();
        hits.retain(|h| {
            !(h.kind == Kind::Weak
                && spans
                    .iter()
                    .any(|&(s, a, b)| s == h.source && a <= h.start && h.end <= b))
        });
    }
    notes.card = speaks_of_card(c, &hits);
    if lastfour::bounded_to_four(prop)
        && hits
            .iter()
            .any(|h| h.kind == Kind::Last && matches!(h.source, Source::Name | Source::Title))
        && (notes.card || speaks_of_card(c, message_hits))
        && !hits.iter().any(|h| {
            // Another secret named strongly ("Last 4 digits of your PIN"): most of it.
            h.source != Source::Message
                && h.kind == Kind::Strong
                && h.cat.is_some()
                && h.cat != c.category("card")
        })
    {
        // "Last 4 digits of the card" in a dispute or a card block: the four digits that tell one card from
        // another spend nothing. Excused from every reading, as a benign phrase is; the form puts it back
        // when it asks for the rest of the number too ([`lastfour`]).
        notes.last_four = true;
        notes.excused = true;
        return None;
    }
    if kind == FieldKind::Text
        && giftcard::excused(c, name, prop, &hits, message_hits, around.message)
    {
        // benign13: a gift card's balance checked by its printed number ([`giftcard`]); put back, as a last
        // four is, when the form asks for the rest of a card.
        (notes.last_four, notes.excused) = (true, true);
        return None;
    }
    notes.open = kind == FieldKind::Text && hits.iter().any(|h| h.kind == Kind::Contents);
    let password = c.category("password");
    let own_password =
        |h: &&Hit| h.cat.is_some() && h.cat == password && h.source != Source::Message;
    notes.login = hits
        .iter()
        .filter(own_password)
        .any(|h| h.kind == Kind::Qualifier);
    if kind == FieldKind::Text {
        // Only a field named by the word alone ("Κωδικός"): more words say what the code is ("Κωδικός
        // προϊόντος", a product code).
        let bare = |h: &Hit| names_barely(c, texts, h);
        notes.weak_password = hits
            .iter()
            .filter(own_password)
            // "String" or "Characters" beside a user name is no password: such words need their use.
            .find(|h| h.kind == Kind::Weak && h.reach.is_none() && bare(h))
            .copied();
    }
    if kind == FieldKind::Number && prop.maximum.is_some_and(|m| m < MIN_SECRET_NUMBER) {
        // A number bounded below a hundred holds no PIN, code, card or identity number: it counts or rates
        // something ("How many keys does the PIN pad have?", 1 to 20).
        return None;
    }
    if kind == FieldKind::Number && bounds_an_amount(prop.minimum, prop.maximum) {
        // "Amount" (Urdu رقم, Arabic "number") from 500 to 20000: a sum or a quantity, not a code.
        return None;
    }
    if kind == FieldKind::Number && prop.minimum.is_some_and(counts_from) {
        // A lower bound of 1 to 99 ("at least 8") is a count's: no PIN, code, card or identity number has
        // one (they start at 0 or at a power of ten), a password's minimum length does.
        return None;
    }
    if kind == FieldKind::Number {
        // A number holds one value: a number field named in the plural ("pins", "number of cards") is a
        // count of them, not one of them.
        hits.retain(|h| !h.plural);
    }
    // The name is what the client keeps, the title and description what the user reads and answers: when
    // they read the name's secret as something harmless (`pincode` titled "पिन कोड", India's postal code;
    // `token` titled a queue's token number) and name no such secret themselves, the name asks for nothing.
    let shown = |s: Source| matches!(s, Source::Title | Source::Description);
    let read_harmless = |cat: Option<CatId>| {
        read_benign.iter().any(|&(s, k)| shown(s) && k == cat)
            && !hits
                .iter()
                .any(|h| shown(h.source) && h.kind == Kind::Strong && h.cat == cat)
    };
    // An abbreviated name (`sid`, `pk`, `pw`: one short word) is ambiguous across categories (`sid` is a
    // session id or, transliterated, a seed, "Сид мира"): when the shown texts read a benign phrase of any
    // category and name no strong secret themselves, they say what the abbreviation stands for.
    let abbreviated = is_abbreviation(texts.of(Source::Name))
        && read_benign.iter().any(|&(s, _)| shown(s))
        && !hits
            .iter()
            .any(|h| shown(h.source) && matches!(h.kind, Kind::Strong | Kind::Weak));
    let drop: Vec<Option<CatId>> = hits
        .iter()
        .filter(|h| h.source == Source::Name && (abbreviated || read_harmless(h.cat)))
        .map(|h| h.cat)
        .collect();
    if !drop.is_empty() {
        hits.retain(|h| !(h.source == Source::Name && drop.contains(&h.cat)));
    }
    let mut ev = Evidence {
        hits,
        compiled: c,
        kind,
        shaped: open_to_message(prop, texts),
    };
    let own = |h: &Hit| h.source != Source::Message;

    if kind == FieldKind::Choice && options_are_counts(prop.value) {
        // "12 slov" / "24 slov", "12 words" / "24 words": options that each hold a number choose how long
        // the secret is to be, and the choice returns the number the server wrote. Their words name no
        // secret; the field's own title still does ("Word #3 of your phrase" over words, a PIN's digit).
        ev.hits.retain(|h| h.source != Source::Options);
    }
    if kind == FieldKind::Choice {
        let fragment = ev.hits.iter().any(|h| h.kind == Kind::Fragment);
        // benign13: a choice titled by a question of how many ("Şifre en az kaç karakter olmalı?" over
        // 8 / 12 / 16) offers lengths, not a secret's characters ([`survey::asks_how_many`]).
        if !fragment || !offers_characters(prop.value) || survey::asks_how_many(prop.title) {
            return None;
        }
        let (cat, hit) = ev.strong(own).or_else(|| ev.paired(own))?;
        return Some(finding(c, cat, &ptr(), name, &hit, "asks for part of"));
    }

    let mut found = ev.strong(own).or_else(|| ev.paired(own));
    if found.is_some_and(|(_, h)| h.source == Source::Name) && title_explains_name(texts, &ev.hits)
    {
        // "Maximum number of tokens" over a field named `tokens`, "How many keys does the PIN pad have?"
        // over `pin`: the title uses the name's words and finds no secret in them, so the name is the
        // title's word for what it counts, not a request of its own.
        ev.hits.retain(|h| h.source != Source::Name);
        found = ev.strong(own).or_else(|| ev.paired(own));
    }
    if found.is_some() {
        // "Name for the new API key": the label rule may find the secret is only the label's subject.
        let raw = [
            (Source::Name, name),
            (Source::Title, prop.title),
            (Source::Description, prop.description),
        ];
        if label::review(c, &raw, texts, &mut ev.hits) {
            if kind == FieldKind::Number {
                ev.hits.retain(|h| !h.plural);
            }
            found = ev.strong(own).or_else(|| ev.paired(own));
        }
    }
    if let Some((cat, _)) = found {
        // "Wpisz hasło z krzyżówki" over a field titled "Hasło": the message reads the term harmlessly and
        // names no such secret itself, and the field says no more than the term, so it takes the message's
        // reading, as a bare field takes the message's secret. A field that says more ("Hasło do banku"), or
        // a message that also names the secret, keeps the finding.
        let of_cat = |h: &Hit| own(h) && h.cat == Some(cat);
        if kind == FieldKind::Text
            && around.message_benign.contains(&Some(cat))
            && !message_hits
                .iter()
                .any(|h| h.cat == Some(cat) && matches!(h.kind, Kind::Strong | Kind::Weak))
            && ev
                .hits
                .iter()
                .filter(|h| of_cat(h) && matches!(h.kind, Kind::Strong | Kind::Weak))
                // A weak term inside a strong one of its category is read with it: "Chave de acesso" is
                // the whole strong term, though the weak `chave` in it is not (invoice12).
                .filter(|h| {
                    h.kind == Kind::Strong
                        || !ev.hits.iter().any(|s| {
                            s.kind == Kind::Strong
                                && s.cat == h.cat
                                && s.source == h.source
                                && s.start <= h.start
                                && h.end <= s.end
                                && (s.start, s.end) != (h.start, h.end)
                        })
                })
                .all(|h| names_barely(c, texts, h))
        {
            ev.hits.retain(|h| !of_cat(h));
            found = ev.strong(own).or_else(|| ev.paired(own));
        }
    }
    if let Some((cat, hit)) = found {
        notes.postal_pin = c.category("pin") == Some(cat)
            && postal::fits_six_digits(prop.min_length, prop.max_length)
            && bare_postal_pin(c, &ev.hits, cat)
            && !postal::names_secret_pin(&[name, prop.title, prop.description]);
        return Some(finding(c, cat, &ptr(), name, &hit, "asks for"));
    }
    if kind == FieldKind::Text
        && [prop.title, prop.description]
            .into_iter()
            .any(command::prints_secret)
    {
        // "Output of `kubectl config view --raw`": the field holds what the command prints.
        let what = format!("form field `{}`", super::shown_name(c, name));
        if let Some(f) = command_finding(c, ptr(), &what) {
            return Some(f);
        }
    }
    // "Vad hette din första bil?" over "Answer your security question to log in again": a free-text field
    // titled by a question, under a message that names a security question with a reason to get into an
    // account, holds that question's answer, whatever it asks ([`titled_by_security_question`]).
    let answers_question =
        kind == FieldKind::Text && titled_by_security_question(c, prop.title, message_hits);
    if !answers_question
        && ev
            .hits
            .iter()
            .any(|h| h.kind == Kind::Metadata && !names_a_topic(texts.folded(), h, &ev.hits))
    {
        // "Name of the new key": about the secret the message speaks of, not the secret itself; "Path to
        // your .env file": where it lies, not what it holds.
        return None;
    }
    if kind == FieldKind::Text
        && [name, prop.title, prop.description]
            .into_iter()
            .any(names_dotenv)
    {
        if let Some(f) = dotenv_finding(
            c,
            ptr(),
            &format!("form field `{}` asks for", super::shown_name(c, name)),
            "\".env\"",
        ) {
            return Some(f);
        }
    }
    if notes.excused || identified_number {
        // "Mobile number to send the SMS to" (10 digits) under "we will text you a code": the field's own
        // benign phrase says what it holds (where the code goes, not the code), so what is left of its words
        // ("SMS", "digits") is no call for the message's secret. Its own secret, named or paired, was judged
        // above; a form that asks for the code in its message is still found by the request rule.
        return None;
    }
    // A word with a reach ("number", "digits", "番号") names nothing alone: a field titled with it takes what
    // its title says ("your mobile number, and we will send you a code" over a field titled "number"), not
    // the message's secret.
    //
    let clue = ev.hits.iter().any(|h| {
        matches!(h.kind, Kind::Weak | Kind::Qualifier)
            && !(h.kind == Kind::Weak && h.reach.is_some())
    });
    let shown_texts = [texts.of(Source::Title), texts.of(Source::Description)];
    // A name the pack cannot read (`uttar`, `kaitou`, `javabu`: the title romanised) under a title that says
    // nothing ("उत्तर", "回答") is no more than the title: the user answers what the title and the message say.
    // A link field titled "Link" or "URL" says no more than its format does.
    let link = takes_link(prop);
    let titled_blank = !texts.of(Source::Title).is_empty()
        && !notes.excused
        && !ev.hits.iter().any(|h| h.source == Source::Name)
        && says_nothing(c, &shown_texts, link);
    let blank = clue
        || titled_blank
        || answers_question
        || says_nothing(
            c,
            &[
                texts.of(Source::Name),
                texts.of(Source::Title),
                texts.of(Source::Description),
            ],
            link,
        );
    notes.open |= kind == FieldKind::Text && blank;
    // A field named by a word with a reach ("Tal", "Number", "数字") is no blank: a secret the message only
    // names does not go in it ("your mobile number, we will send you a code"). But the message may say
    // where the digits come from ("you just got an SMS. Write the numbers here"): its weak term and
    // qualifier, paired, say what the number is.
    let numbered = ev
        .hits
        .iter()
        .any(|h| h.kind == Kind::Weak && h.reach.is_some());
    if !blank && (!numbered || link) {
        return None;
    }
    ev.hits.extend_from_slice(message_hits);
    let from_message = |h: &Hit| h.source == Source::Message;
    if link {
        // A link takes the secret the message names when that secret is a link itself (a pack term ending
        // in a word for a link: "database URL", "MongoDB URI"). "Enter your Vault server's URL; the token
        // comes next" names a token, which no field here takes.
        let (cat, hit) = ev.strong(|h| from_message(h) && names_link(c, h))?;
        return Some(finding(
            c,
            cat,
            &ptr(),
            name,
            &hit,
            "takes a link, and the message around it asks for",
        ));
    }
    if holds_typed_value(prop) {
        // "Which recovery e-mail should we use if you forget your password?": the field takes an address.
        return None;
    }
    let named = if blank { ev.strong(from_message) } else { None };
    let (cat, hit) = named.or_else(|| ev.paired(|_| true))?;
    Some(finding(
        c,
        cat,
        &ptr(),
        name,
        &hit,
        "is unnamed, and the message around it asks for",
    ))
}

/// Whether a field's title is a question (it ends in a question mark of any script) under a message that
/// names a security question (SECQ, [`super::concept`]) with a reason to get into an account (ACCESS, or
/// SECQ's own qualifier role), paired as the message reads them: the field is that question, and its value
/// the answer ("Svara på din säkerhetsfråga för att kunna logga in igen" over "Vad hette din första bil?").
/// Phishing forms put the question they pick in the title, and no topic list holds every question ("your
/// first car", "the street you grew up on"), so the title's words are not read for it. A SECQ hit is a
/// reach-less concept weak word of the credential category with a concept qualifier over the same span (SECQ
/// is compiled into both roles; TOPIC only weak, ACCESS only a qualifier).
fn titled_by_security_question(c: &Compiled, title: &str, message_hits: &[Hit]) -> bool {
    // The Latin, full-width, Arabic and Greek question marks; Greek writes its question mark as the ASCII
    // semicolon ("Ποιο είναι το πατρικό επώνυμο της μητέρας σας;"). The title first: it is the cheap test.
    if !title
        .trim_end()
        .ends_with(['?', '\u{FF1F}', '\u{061F}', '\u{037E}', ';'])
    {
        return false;
    }
    let Some(credential) = c.category("credential") else {
        return false;
    };
    let concept_of = |h: &&Hit, k: Kind| {
        h.kind == k && h.concept && h.cat == Some(credential) && h.source == Source::Message
    };
    message_hits
        .iter()
        .filter(|h| concept_of(h, Kind::Weak) && h.reach.is_none())
        .any(|q| {
            let secq = message_hits
                .iter()
                .any(|o| concept_of(&o, Kind::Qualifier) && o.start == q.start && o.end == q.end);
            secq && message_hits
                .iter()
                .any(|a| concept_of(&a, Kind::Qualifier) && (a.start != q.start || a.end != q.end))
        })
}

/// Whether a metadata word ("name", "Tên", "ชื่อ") is part of a security question's topic beside it in the
/// same text ("Name of your first pet?", "Tên trường tiểu học đầu tiên của bạn?"): at most one word between
/// them, or inside it ([`super::concept`], `topic`). Such a name is what the question asks, not a label of
/// a secret the message speaks of.
fn names_a_topic(folded: &str, m: &Hit, hits: &[Hit]) -> bool {
    hits.iter().any(|t| {
        t.kind == Kind::Weak && t.concept && t.reach.is_none() && t.source == m.source && {
            let (a, b) = if m.end <= t.start {
                (m.end, t.start)
            } else if t.end <= m.start {
                (t.end, m.start)
            } else {
                (0, 0)
            };
            folded
                .as_bytes()
                .get(a..b)
                .is_some_and(|gap| gap.split(|&x| x == b' ').filter(|w| !w.is_empty()).count() <= 1)
        }
    })
}

/// Whether a field's title and description say no more than the term `h` found in its texts ("Hasło",
/// "Κωδικός"): every word of theirs is a word of the term (or its inflection: an inflected term's match
/// is its stem, `hasł` of `hasło`), a generic word or of at most two letters.
fn names_barely(c: &Compiled, texts: &Texts<'_>, h: &Hit) -> bool {
    // The term as the pack wrote it, folded: the hit's span may lie in a buffer read since.
    let shown = c.shown.get(h.pattern).map_or("", String::as_str);
    let term = super::normalize::fold(shown, &c.stopwords);
    let term: Vec<&str> = term.split_whitespace().collect();
    !term.is_empty()
        && [Source::Title, Source::Description].into_iter().all(|s| {
            texts.of(s).split_whitespace().all(|w| {
                term.iter().any(|t| w.starts_with(t))
                    || c.generic.contains(w)
                    || w.chars().count() <= 2
            })
        })
}

/// The languages (bits, as [`Compiled::ordinary`] holds them) in which the text of a secret's term hit in
/// `folded` is an ordinary word; 0 for any other hit. A hit inside one word is read as that whole word
/// (a prefix or substring term matches the start or the middle of a word: Portuguese `senha` inside
/// German `gewissenhaft`), so the word the writer wrote is what is looked up. A concept's word is not
/// read so: it names nothing alone and pairs only with another idea's in one clause (`concept.rs`), and
/// the pack whose language it is a word of may describe the secret with it (Italian `parola`, a TEXT word).
fn ordinary_in(c: &Compiled, folded: &str, h: &Hit) -> u64 {
    if !matches!(h.kind, Kind::Strong | Kind::Weak | Kind::Qualifier) || h.concept {
        return 0;
    }
    let Some(span) = folded.get(h.start..h.end) else {
        return 0;
    };
    // A language whose own pack wrote the term names the secret by it there too.
    let own = c.pattern_langs.get(h.pattern).copied().unwrap_or(0);
    if let Some(&bits) = c.ordinary.get(span.trim()) {
        return bits & !own;
    }
    if span.trim().contains(' ') {
        return 0;
    }
    // The whole word around a span inside one word (the folded text separates words by white space; the
    // folding writes ASCII separators only, so `i + 1` is a character boundary).
    let start = folded
        .get(..h.start)
        .and_then(|b| b.rfind(char::is_whitespace).map(|i| i + 1))
        .unwrap_or(0);
    let end = folded
        .get(h.end..)
        .and_then(|a| a.find(char::is_whitespace).map(|i| h.end + i))
        .unwrap_or(folded.len());
    folded
        .get(start..end)
        .and_then(|w| c.ordinary.get(w))
        .map_or(0, |&bits| bits & !own)
}

/// Drops the secret's terms of `hits` (found in `folded`) that are only an ordinary word of the language
/// the form is written in ([`Kind::Ordinary`]: Polish `dni`, days, is no Spanish `DNI` in a Polish form);
/// `lang` names that language, asked only when such a word is found. A form in the term's own language, or
/// in one that cannot be told, keeps the term. Returns whether such a word was found at all (dropped or
/// not: the verdict then depends on the language).
fn drop_ordinary(
    c: &Compiled,
    folded: &str,
    hits: &mut Vec<Hit>,
    lang: impl FnOnce() -> u64,
) -> bool {
    if c.ordinary.is_empty() || !hits.iter().any(|h| ordinary_in(c, folded, h) != 0) {
        return false;
    }
    let written = lang();
    hits.retain(|h| ordinary_in(c, folded, h) & written == 0);
    true
}

/// Whether the own strong terms of a field found to ask for a PIN (`pin`) are all the bare postal PIN
/// ([`postal`]): "PIN", "PIN code", `pincode`, not "ATM PIN", nor a PIN beside another secret.
fn bare_postal_pin(c: &Compiled, hits: &[Hit], pin: CatId) -> bool {
    let own = |h: &&Hit| h.source != Source::Message && h.kind == Kind::Strong;
    let pins: Vec<&Hit> = hits
        .iter()
        .filter(own)
        .filter(|h| h.cat == Some(pin))
        .collect();
    // The term as the pack writes it: the label rule may have moved the hits to texts of its own.
    let term = |h: &Hit| c.shown.get(h.pattern).map(String::as_str).unwrap_or("");
    !pins.is_empty()
        && pins.iter().all(|h| postal::is_postal_pin(c, term(h)))
        && hits.iter().filter(|h| names_secret(c, h, pin)).all(|h| {
            pins.iter()
                .any(|p| p.source == h.source && p.start <= h.start && h.end <= p.end)
        })
}

/// Whether a hit names a secret beside a bare PIN: a term of another category than the PIN's, but the
/// words of a one-time code, which say no more than a code's shape ("6-digit", the `code` of "PIN code").
fn names_secret(c: &Compiled, h: &Hit, pin: CatId) -> bool {
    // A concept's word ("6 digits", "SMS") names no secret alone: "6-digit postal code" is still India's.
    matches!(h.kind, Kind::Strong | Kind::Weak | Kind::Qualifier)
        && !h.concept
        && h.cat != Some(pin)
        && !(h.kind != Kind::Strong && h.cat.is_some() && h.cat == c.category("otp"))
}

/// Whether a number field's own texts say it holds a property of a secret, not the secret: an `attribute`
/// term ("length", "expiry", "history", "days", "characters") beside the secret's name ("Password expiry
/// (days)", "Hasło wygasa po (dniach)", "密码有效期"). A number is what the property is counted in; the
/// secret's terms of the attribute's category (of every category, for an attribute without one) are then
/// dropped from the field's own hits, and the field is left out of the language-free signals. The
/// message's hits stay: "Enter your PIN" over a field titled "PIN length" still asks in the message.
/// Only number fields: a text field titled "Password (at least 8 characters)" is the password itself,
/// and a number field titled "Your 4-digit PIN" holds no attribute (digits are not one: a PIN is its
/// digits). Returns whether a term was dropped.
fn holds_attribute(folded: &str, hits: &mut Vec<Hit>) -> bool {
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

/// Whether the field's `format` makes it hold a value of another kind than a secret (an e-mail address, a
/// date): the client checks that format, so a field naming nothing of its own is not read as taking the
/// secret its message speaks of ("e-mail de recuperação" under "caso esqueça a senha"). Only that reading: a
/// field that names a secret itself is judged whatever its format. A link is not such a value
/// ([`takes_link`]): it carries any text after a scheme, and some links are secrets themselves.
fn holds_typed_value(prop: &Prop<'_, '_>) -> bool {
    matches!(
        prop.format.trim(),
        "email" | "idn-email" | "date" | "date-time" | "time"
    )
}

/// Whether the field's `format` is a link's. A link can be the secret (a magic sign-in link, a password
/// reset link, a webhook or database URL with its credentials), and a client need not check the format: a
/// link field naming nothing of its own takes the secret its message names when that secret is a link.
fn takes_link(prop: &Prop<'_, '_>) -> bool {
    matches!(
        prop.format.trim(),
        "uri" | "iri" | "uri-reference" | "iri-reference"
    )
}

/// Whether a number field's lower bound is a count's: 1 to 99.
fn counts_from(minimum: f64) -> bool {
    (1.0..MIN_SECRET_NUMBER).contains(&minimum)
}

/// Whether a number field's bounds are an amount's or a quantity's, not a numeric secret's: a PIN, a code, a
/// card or an identity number runs over every value of its digits, so its bounds are 0, a power of ten
/// (the first value of n digits) or all nines (the last); a bound such as 500, 250 or 20000 ("minimum
/// 500, maximum 20000" rupees on a gift card) is a sum's or a count's. Bounds above 10^15 are a card's or an
/// identity number's length, read as written, and are left alone (a float holds them inexactly).
fn bounds_an_amount(minimum: Option<f64>, maximum: Option<f64>) -> bool {
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

/// Most characters of an option that is one piece of a secret: a digit, a letter, a position ("10").
const FRAGMENT_OPTION_CHARS: usize = 2;

/// Whether a choice offers pieces of a secret to pick ("0".."9", "a".."z"): not a yes/no ("Require symbols
/// in passwords?"), nor options that are words ("basic", "strong": a password policy's presets). A choice
/// whose values cannot be read is given the benefit of no doubt: it may offer pieces.
fn offers_characters(prop: &Node<'_>) -> bool {
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
fn options_are_counts(prop: &Node<'_>) -> bool {
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

fn option_titles(prop: &Node<'_>) -> String {
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

fn finding(c: &Compiled, cat: CatId, ptr: &str, name: &str, hit: &Hit, verb: &str) -> Finding {
    let (cat_name, label) = c
        .categories
        .get(cat)
        .map(|k| (k.name.as_str(), k.label.as_str()))
        .unwrap_or(("credential", "a secret"));
    let term = c.shown.get(hit.pattern).map(String::as_str).unwrap_or("");
    Finding::block(
        format!("form.secret.{cat_name}"),
        ptr,
        format!(
            "form field `{}` {verb} {label} (matched \"{term}\" in its {}); secrets must go through URL mode",
            super::shown_name(c, name),
            hit.source.label()
        ),
    )
}

/// `form.language.unsupported` when the form's text is identified as a language no pack covers. Built as a
/// blocking finding like every other; its default action is `monitor` (`policies/rules.yaml`), and an
/// operator sets it as any rule.
fn unread_language(
    c: &Compiled,
    text: &language::FormText,
    memo: &mut language::Memo,
    params_ptr: &str,
    out: &mut Vec<Finding>,
) {
    if let Some(lang) = memo.unsupported(c, text.as_str()) {
        out.push(Finding::block(
            "form.language.unsupported",
            params_ptr.to_owned(),
            format!(
                "the form is written in {} ({}), a language no secret pack reads: a secret it asks for cannot be recognised",
                lang.eng_name(),
                lang.code()
            ),
        ));
    }
}

/// The message asks for a secret after a request verb: a strong term at most [`REQUEST_REACH`] words after
/// it ("enter your password"); a weak term there with a qualifier of its category near it, words between
/// them ("enter the code we just texted you": `code` + `texted`); or, when the verb ends the message with
/// nothing after it but words that say nothing, a strong term just before it ("Your API token: paste it
/// here", where the folding has dropped the pronoun). `folded` is the folded message the hits are in.
/// A verb whose subject is the speaker asks for nothing ("we'll send you a code", "wir senden Ihnen einen
/// Code", `message` read for it by [`Speakers`]) unless it is a verb of wanting (`asks: true`, "we need"),
/// and a verb before a speaker does not reach a term after it ("enter your number and we'll text you a
/// code"). Chosen over listing "we will send" as a benign phrase: the subject, its auxiliaries and the verb
/// combine freely, while the pronouns are few and the packs already list the verbs.
fn requested_in_message(
    c: &Compiled,
    hits: &[Hit],
    folded: &str,
    message: &str,
    ptr: impl FnOnce() -> String,
) -> Option<Finding> {
    // A verb the speaker governs offers, it does not ask ("we'll send you a code"). Read only when the
    // message holds a request verb at all.
    let speakers = if hits.iter().any(|h| h.kind == Kind::Request) && !c.speakers.is_empty() {
        Speakers::read(c, message, |k| {
            hits.iter().any(|h| h.kind == Kind::Request && h.word == k)
        })
    } else {
        Speakers::default()
    };
    let asks = |r: &Hit| {
        !speakers.governs(r, folded)
            || folded
                .get(r.start..r.end)
                .is_some_and(|t| c.asking.contains(t.trim()))
    };
    // "Enter a name for your new API key" asks about the key, not for it: no metadata term between.
    let no_label_between = |a: &Hit, b: &Hit| {
        !hits
            .iter()
            .any(|m| m.kind == Kind::Metadata && m.start + 1 >= a.end && m.end <= b.start + 1)
    };
    let verb = |r: &Hit| folded.get(r.start..r.end).unwrap_or("").trim();
    // Where the verb's object is something harmless ("we need your phone number to send the code", "enter
    // your e-mail"), the term after it is not that object; and a verb asks for nothing in another sentence
    // ("Your password must be long. Enter your user name."). Both read only for a message that holds a
    // request verb and a term.
    let (benign, sentences) = if hits.iter().any(|h| h.kind == Kind::Request)
        && hits
            .iter()
            .any(|h| matches!(h.kind, Kind::Strong | Kind::Weak))
    {
        (benign_spans(c, folded), sentence_starts(c, message))
    } else {
        (Vec::new(), Vec::new())
    };
    let apart = |a: &Hit, b: &Hit| {
        benign
            .iter()
            .any(|&(s, e)| s + 1 >= a.end && e <= b.start + 1)
            || sentences.iter().any(|&w| a.word < w && w <= b.word)
    };
    let after = |r: &Hit, s: &Hit| {
        let reach = c.reaches.get(verb(r)).copied().unwrap_or(REQUEST_REACH);
        r.end <= s.start + 1
            && s.word >= r.word
            && s.word - r.word <= reach
            && !speakers.between(r, s, folded)
            && !apart(r, s)
    };
    // A label word between the term and a verb after it: "API キーの名前を入力" names the key, asks for no key.
    let no_label_before = |s: &Hit, r: &Hit| {
        !hits
            .iter()
            .any(|m| m.kind == Kind::Metadata && m.start + 1 >= s.end && m.end <= r.start + 1)
    };
    // The verb ends its clause, its object before it ("パスワードを教えてください", "kodunu girin"): a term a
    // few words ahead of it, with no other request verb between (that one would be the term's verb).
    let before_final = |r: &Hit, s: &Hit| {
        s.end <= r.start + 1
            && r.word >= s.word
            && r.word - s.word <= FINAL_REACH
            && c.verb_final.contains(verb(r))
            && no_label_before(s, r)
            && !apart(s, r)
            && !hits
                .iter()
                .any(|o| o.kind == Kind::Request && o.start >= s.end && o.end < r.start)
    };
    // The verb is the message's last word but for words that say nothing ("here", "below", "it" dropped).
    let ends_message = |r: &Hit| {
        folded
            .get(r.end.min(folded.len())..)
            .unwrap_or("")
            .split_whitespace()
            .all(|w| c.generic.contains(w))
    };
    // The label is no field's name: the word after it is none of the packs' generic words ("field",
    // "Feld", "campo", "項目"). "Enter your API key in the name field" names where the key goes (the stopwords
    // between are gone), so the key is still asked for; "the key file path on the runner" asks for a path.
    let label_names_no_field = |m: &Hit| {
        folded
            .get(m.end.min(folded.len())..)
            .unwrap_or("")
            .split_whitespace()
            .next()
            .is_none_or(|w| !c.generic.contains(w))
    };
    // A label word right after the term, before any other verb: "请输入 kubeconfig 文件的路径", "enter the API
    // key name" ask for its path or name.
    let labelled = |s: &Hit| {
        hits.iter().any(|m| {
            // The term's last word: a phrase ("service account key file") counts from its end.
            let last = s.word
                + folded
                    .get(s.start..s.end)
                    .map_or(0, |t| t.split_whitespace().count().saturating_sub(1));
            m.kind == Kind::Metadata
                && m.start + 1 >= s.end
                && m.word >= last
                && m.word - last <= LABEL_AFTER
                // Inside one word of an unspaced script, only a label right after the term ("キーの名前"):
                // a folded Thai word loses its vowel marks, and a label's letters turn up inside others.
                && (m.word > s.word || m.start <= s.end + UNSPACED_LABEL_BYTES)
                && !hits.iter().any(|o| {
                    o.kind == Kind::Request && o.start + 1 >= s.end && o.end <= m.start + 1
                })
                && label_names_no_field(m)
        })
    };
    // The verb ends the message, the term a few words before it ("Your code from the bank: enter it here").
    let before_end = |r: &Hit, s: &Hit| {
        s.end <= r.start + 1
            && r.word >= s.word
            && r.word - s.word <= REQUEST_REACH
            && ends_message(r)
            && no_label_before(s, r)
    };
    let requests = || {
        hits.iter()
            .filter(|h| h.kind == Kind::Request)
            .filter(|h| asks(h))
    };
    let enabled = |cat: Option<CatId>| {
        cat.and_then(|k| c.categories.get(k))
            .filter(|info| info.enabled)
    };
    // "Give your new API key a name": a verb of giving, the secret, then right after it a name for it.
    let names_it = |r: &Hit, s: &Hit| {
        label::gives(folded.get(r.start..r.end).unwrap_or(""))
            && hits.iter().any(|m| {
                m.kind == Kind::Metadata
                    && m.start + 1 >= s.end
                    // Only the end of the secret's word between ("API-nøkkel|en", a term of a glued
                    // compound matched inside its word).
                    && folded
                        .get(s.end.min(m.start)..m.start)
                        .is_some_and(|gap| gap.trim_start_matches(|c| c != ' ').trim().is_empty())
            })
    };
    for s in hits.iter().filter(|h| h.kind == Kind::Strong) {
        let Some(info) = enabled(s.cat) else {
            continue;
        };
        let asked = !labelled(s)
            && requests().any(|r| {
                (after(r, s) && no_label_between(r, s) && !names_it(r, s))
                    || before_end(r, s)
                    || before_final(r, s)
            });
        if asked {
            let term = c.shown.get(s.pattern).map(String::as_str).unwrap_or("");
            return Some(Finding::block(
                format!("form.secret.{}", info.name),
                ptr(),
                format!(
                    "the elicitation message asks for {} (\"{term}\") in a form; secrets must go through URL mode",
                    info.label
                ),
            ));
        }
    }
    // "The bank will send you a code. Enter it here.": a code the speaker sends is a one-time code, as
    // "the code we texted you" is; the verb that offered it qualifies it.
    let otp = c.category("otp");
    let pin = c.category("pin");
    let sent_by_speaker = |w: &Hit| {
        hits.iter().any(|r| {
            r.kind == Kind::Request
                && speakers.governs(r, folded)
                && r.end <= w.start + 1
                && w.word >= r.word
                && w.word - r.word <= REQUEST_REACH
        })
    };
    for w in hits.iter().filter(|h| h.kind == Kind::Weak) {
        let Some(info) = enabled(w.cat) else {
            continue;
        };
        // A word with a reach ("the digits", "the character string") is named with its use in one clause,
        // and a verb right after it asks for it as well as one before: the object comes first where the verb
        // ends the clause ("ఆరు అంకెలను టైప్ చేయండి", "rakamları yazın", "ciąg znaków wpisz").
        let before = |r: &Hit| {
            w.reach.is_some()
                && w.end <= r.start + 1
                && r.word >= w.word
                && r.word - w.word <= REQUEST_REACH
        };
        let asked = !labelled(w)
            && requests().any(|r| {
                ((after(r, w) || before(r)) && no_label_between(r, w) && !names_it(r, w))
                    || before_end(r, w)
                    || before_final(r, w)
            });
        let qualified = hits.iter().any(|q| {
            q.kind == Kind::Qualifier
                && q.cat == w.cat
                && q.pattern != w.pattern
                && (q.end <= w.start + 1 || w.end <= q.start + 1)
                && q.word.abs_diff(w.word) <= REQUEST_REACH
                && w.reaches(q)
                && w.bare_takes(q, pin, false)
        }) || (w.cat.is_some() && w.cat == otp && sent_by_speaker(w));
        if asked && qualified {
            let term = c.shown.get(w.pattern).map(String::as_str).unwrap_or("");
            return Some(Finding::block(
                format!("form.secret.{}", info.name),
                ptr(),
                format!(
                    "the elicitation message asks for {} (\"{term}\", and what it says of it) in a form; secrets must go through URL mode",
                    info.label
                ),
            ));
        }
    }
    None
}

/// Most words from a term's last word to a label word that makes it the label's subject in the message
/// ("kubeconfig file path": a word or two of its own before the label).
const LABEL_AFTER: usize = 2;

/// Most bytes between a term and a label right after it in one word of an unspaced script: one character
/// (a particle, `の`, `的`).
const UNSPACED_LABEL_BYTES: usize = 3;

/// The spans of the benign phrases in a folded message ("phone number", "e-mail address"): a request verb
/// whose object is one asks for that, not for a term past it.
fn benign_spans(c: &Compiled, folded: &str) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    c.find_terms(folded.as_bytes(), |pattern, start, end| {
        let benign = c
            .infos
            .get(pattern)
            .is_some_and(|i| i.iter().any(|t| t.kind == Kind::Benign));
        if benign {
            out.push((start, end));
        }
    });
    out
}

/// Most sentences of a message read for their bounds.
const MAX_SENTENCES: usize = 32;

/// The word index ([`Hit::word`]) of the first word of every sentence of `message` after the first: the
/// message cut at sentence ends (`.`, `!`, `?`, a line break and their CJK, Devanagari, Arabic and Thai
/// forms) and each piece folded alone, its words counted. A stop followed by no space (`8.5`, `e.g.x`) is
/// no sentence end.
fn sentence_starts(c: &Compiled, message: &str) -> Vec<usize> {
    let message = head(super::scan_limit(message), DOTENV_MESSAGE_BYTES);
    let ends = |ch: char| {
        matches!(
            ch,
            '.' | '!' | '?' | '\n' | '。' | '！' | '？' | '।' | '؟' | '۔' | '॥'
        )
    };
    let mut out = Vec::new();
    let mut folder = Folder::default();
    let mut buf = Vec::new();
    let mut words = 0usize;
    let mut from = 0usize;
    let mut chars = message.char_indices().peekable();
    while let Some((i, ch)) = chars.next() {
        if !ends(ch) || out.len() >= MAX_SENTENCES {
            continue;
        }
        // An ASCII stop ends a sentence only before a space or the end (not in `8.5`, `config.json`).
        let next = chars.peek().map(|&(_, n)| n);
        if ch.is_ascii() && ch != '\n' && next.is_some_and(|n| !n.is_whitespace()) {
            continue;
        }
        let end = i + ch.len_utf8();
        buf.clear();
        folder.fold_into(message.get(from..end).unwrap_or(""), &c.stopwords, &mut buf);
        words += buf.split(|&b| b == b' ').filter(|w| !w.is_empty()).count();
        out.push(words + 1);
        from = end;
    }
    out
}

/// Most words a verb that ends its clause (`final: true`) may follow the term it asks for: the object, its
/// possessive and postposition, and an adverb or two ("۲۴ کلمه بازیابی خود را به ترتیب وارد کنید").
const FINAL_REACH: usize = 8;

/// Whether `ch` ends a clause: a sentence's end, a semicolon, a line break, in the scripts the packs read. Not
/// a comma, which also sets off a phrase of the same clause ("the four digits, the ones you press at the ATM"),
/// and not a full stop inside a number or a name ("3.5", "example.com"), which [`mark_clauses`] reads.
fn ends_clause(ch: char) -> bool {
    matches!(
        ch,
        '.' | '!'
            | '?'
            | ';'
            | '\n'
            | '。'
            | '！'
            | '？'
            | '；'
            | '．'
            | '।'
            | '॥'
            | '؟'
            | '؛'
            | '።'
            | '۔'
    )
}

/// Numbers the message's clauses on its hits, for the weak terms with a reach: "Enter the digits on your meter.
/// Payments at the ATM are free" is no PIN, though the two words are a few words apart. The message is folded
/// again clause by clause (the folding works word by word, so the clauses' words add up to the message's),
/// which only a message holding such a term pays for.
fn mark_clauses(c: &Compiled, message: &str, hits: &mut [Hit]) {
    let message = super::normalize::truncate(message, super::normalize::MAX_FOLD_BYTES);
    let mut folder = Folder::default();
    let mut buf = Vec::new();
    // The last word of each clause but the last, as a hit counts them (the first word is 1).
    let mut ends = Vec::new();
    let mut words = 0usize;
    let mut start = 0usize;
    let mut chars = message.char_indices().peekable();
    while let Some((at, ch)) = chars.next() {
        let next = chars.peek().map(|&(_, n)| n);
        // A full stop ends a clause only before a space or the end: not in "3.5" or "example.com".
        let ends_here = ends_clause(ch) && (ch != '.' || next.is_none_or(char::is_whitespace));
        if !ends_here {
            continue;
        }
        let end = at + ch.len_utf8();
        buf.clear();
        folder.fold_into(
            message.get(start..end).unwrap_or(""),
            &c.stopwords,
            &mut buf,
        );
        words += buf.split(|&b| b == b' ').filter(|w| !w.is_empty()).count();
        ends.push(words);
        start = end;
    }
    for h in hits {
        let clause = ends.partition_point(|&e| e < h.word);
        h.clause = u32::try_from(clause).unwrap_or(u32::MAX);
    }
}

/// Most words between a speaker and the verb it governs; each of them must be a stopword (an auxiliary,
/// the recipient: "we will send you", "wir senden Ihnen", "chúng tôi sẽ gửi").
const SPEAKER_REACH: usize = 3;

/// Most bytes between a speaker and its verb inside one word of a script written without spaces
/// ("我们已向您的手机发送": six characters, "已向您的手机"; three bytes each).
const SPEAKER_REACH_UNSPACED: usize = 24;

/// A place in the message folded as usual: the word index (as [`Hit::word`] counts it) and the byte
/// offset in that word (0 for a whole word).
type Place = (usize, usize);

/// What the speakers of a message govern, read by [`Speakers::read`].
///
/// Why a second folding: the pronoun that says who sends ("we", "wir", "我们") is a stopword, gone from
/// the folded text the terms are matched on, so "we will send you a code" reads "send code", as the
/// imperative does. The message is folded again with its stopwords kept and the speakers are read there;
/// places map back because the two foldings differ only by the stopwords dropped.
#[derive(Default)]
struct Speakers {
    /// Verbs a speaker governs: the place of the word, and for a word of an unspaced script the offset in
    /// it where the speaker ends (the verb lies a little after), `usize::MAX` for a whole word.
    verbs: Vec<Place>,
    /// Where each speaker stands, and for a whole-word speaker (standing before the word of its place)
    /// the index of the last word before it that is no stopword: a term after it is in the speaker's
    /// clause, not the object of a request verb before it ("enter your number and we'll send you a code";
    /// "请填写手机号，我们将向您发送验证码").
    at: Vec<(Place, Option<usize>)>,
}

impl Speakers {
    fn read(c: &Compiled, message: &str, verb_at: impl Fn(usize) -> bool) -> Self {
        let mut out = Speakers::default();
        let mut full = Vec::new();
        Folder::default().fold_into(message, &WordSet::default(), &mut full);
        let full = String::from_utf8_lossy(&full);
        let words: Vec<&str> = full.split_whitespace().collect();
        // The usual word index of each word (1-based, as `Hit::word`), or 0 for a stopword dropped there.
        // Read by aligning the two foldings, not by the stopword list alone: a word that lost its
        // diacritics is dropped only as a stopword written with them (Vietnamese `sẽ` is no `se`), which
        // this folding, with no stopwords, cannot tell.
        let usual = super::normalize::fold(message, &c.stopwords);
        let mut usual_words = usual.split_whitespace().peekable();
        let mut index = Vec::with_capacity(words.len());
        let mut j = 0usize;
        for w in &words {
            if usual_words.peek() == Some(w) {
                usual_words.next();
                j += 1;
                index.push(j);
            } else {
                index.push(0);
            }
        }
        // For each word, the index of the last word before it that is neither a stopword nor a word of a
        // spaced speaker ("chúng" of "chúng tôi" is not between a verb and "tôi").
        let speaker_word = |w: &str| {
            c.speakers
                .iter()
                .any(|s| !s.unspaced && !s.subject_only && s.phrase.split(' ').any(|x| x == w))
        };
        let mut plain_before = Vec::with_capacity(words.len());
        let mut last = 0usize;
        for (w, &k) in words.iter().zip(&index) {
            plain_before.push(last);
            if k > 0 && !speaker_word(w) {
                last = k;
            }
        }
        // For each word, the first word from it on that is no stopword.
        let mut next_plain = vec![None; words.len() + 1];
        for i in (0..words.len()).rev() {
            let here = index.get(i).is_some_and(|&k| k > 0);
            let after = next_plain.get(i + 1).copied().flatten();
            if let Some(slot) = next_plain.get_mut(i) {
                *slot = if here { Some(i) } else { after };
            }
        }
        let stop = |from: usize, to: usize| {
            index
                .get(from..to)
                .unwrap_or_default()
                .iter()
                .all(|&k| k == 0)
        };
        for speaker in &c.speakers {
            let (phrase, unspaced, inverted) =
                (&speaker.phrase, &speaker.unspaced, &speaker.inverted);
            let n = phrase.split(' ').count();
            for start in 0..words.len() {
                let end = start + n;
                let Some(span) = words.get(start..end) else {
                    break;
                };
                if span.iter().copied().ne(phrase.split(' ')) {
                    // Inside a word of an unspaced script (a whole clause, often more than one): the verb a
                    // few characters after the speaker.
                    let word = words.get(start).filter(|w| *unspaced && !w.is_ascii());
                    let k = index.get(start).copied().unwrap_or(0);
                    for (at, _) in word
                        .into_iter()
                        .flat_map(|w| w.match_indices(phrase.as_str()))
                    {
                        if k > 0 {
                            out.verbs.push((k, at + phrase.len()));
                            if !speaker.subject_only {
                                out.at.push(((k, at), None));
                            }
                        }
                    }
                    continue;
                }
                // The first word after the speaker that is no stopword: its verb when only stopwords lie
                // between, and where the speaker's clause starts in the usual folding.
                let next = next_plain
                    .get(end)
                    .copied()
                    .flatten()
                    .and_then(|i| index.get(i).map(|&k| (i, k)));
                if let Some((i, k)) = next {
                    let governs = i - end <= SPEAKER_REACH && stop(end, i);
                    // A noun speaks only as the subject of a request verb right after it ("the bank will
                    // send you"); "send your bank PIN" has no speaker.
                    if speaker.subject_only && !(governs && verb_at(k)) {
                        continue;
                    }
                    let prev = plain_before.get(start).copied();
                    out.at.push(((k, 0), Some(prev.unwrap_or(0))));
                    if governs {
                        out.verbs.push((k, usize::MAX));
                    }
                }
                // The verb right before it, where the pack says the subject may follow: "dann senden wir
                // Ihnen einen Code".
                let before = start.checked_sub(1).and_then(|i| index.get(i));
                if let (true, Some(&k)) = (*inverted, before) {
                    if k > 0 {
                        out.verbs.push((k, usize::MAX));
                    }
                }
            }
        }
        out
    }

    /// Whether the request verb `r` (a hit on `folded`) is one a speaker governs.
    fn governs(&self, r: &Hit, folded: &str) -> bool {
        let (k, offset) = place(r, folded);
        let whole = offset == 0 && folded.as_bytes().get(r.start) == Some(&b' ');
        self.verbs.iter().any(|&(vk, at)| {
            vk == k
                && (at == usize::MAX
                    || (!whole && at <= offset && offset - at <= SPEAKER_REACH_UNSPACED))
        })
    }

    /// Whether a speaker stands between the request verb `r` and the term `s` (hits on `folded`), in a
    /// later word than the verb: inside the verb's own word of an unspaced script the speaker's clause
    /// qualifies the term ("请输入我们发送给您的验证码", "enter the code we sent you") and the verb still asks;
    /// a pronoun right after the verb, with no word between, is its object ("gửi chúng tôi mã", "kirimkan
    /// kami kode": send us the code), and so is one right before the term ("gửi cho tôi mã": a whole-word
    /// speaker's place is the word after it, which must come before the term).
    fn between(&self, r: &Hit, s: &Hit, folded: &str) -> bool {
        let (from, to) = (place(r, folded), place(s, folded));
        self.at.iter().any(|&(p, prev)| {
            let later = match prev {
                Some(prev) => from.0 < prev,
                None => from.0 < p.0,
            };
            later && p < to
        })
    }
}

/// The [`Place`] of a hit on `folded`.
fn place(h: &Hit, folded: &str) -> Place {
    let bytes = folded.as_bytes();
    if bytes.get(h.start) == Some(&b' ') {
        return (h.word, 0);
    }
    let word_start = bytes
        .get(..h.start)
        .and_then(|b| b.iter().rposition(|&x| x == b' ' || x == b'\n'))
        .map_or(0, |p| p + 1);
    (h.word, h.start.saturating_sub(word_start))
}

/// Whether a message asks a question: a question mark of one of the packs' scripts (`?`, `？`, `؟`, the
/// Greek `;`), as "does your project use a .env file?" does.
fn asks_a_question(message: &str) -> bool {
    head(message, DOTENV_MESSAGE_BYTES)
        .chars()
        .any(|ch| matches!(ch, '?' | '\u{FF1F}' | '\u{61F}' | '\u{37E}'))
}

/// Bytes of the message read for a `.env` named as written.
const DOTENV_MESSAGE_BYTES: usize = 4096;

/// The longest prefix of `text` not over `max` bytes, cut at a character boundary.
fn head(text: &str, max: usize) -> &str {
    let mut end = max.min(text.len());
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    text.get(..end).unwrap_or("")
}

/// Whether a raw text names a `.env` file as written: `.env` (any case) with no word character before the
/// dot and none after (`.env`, `~/app/.env`, `.env.local`; not `process.env`, `.envrc`, `my.environment`).
/// Read on the raw text because the folding drops the dot, and `env` alone names an environment.
fn names_dotenv(text: &str) -> bool {
    let text = super::scan_limit(text);
    if !(text.contains(".env") || text.contains(".ENV") || text.contains(".Env")) {
        return false;
    }
    let bytes = text.as_bytes();
    let word = |b: Option<&u8>| b.is_some_and(|b| b.is_ascii_alphanumeric() || *b == b'_');
    bytes.windows(4).enumerate().any(|(i, w)| {
        w.first() == Some(&b'.')
            && w.get(1..).is_some_and(|e| e.eq_ignore_ascii_case(b"env"))
            && !word(i.checked_sub(1).and_then(|j| bytes.get(j)))
            && !word(bytes.get(i + 4))
            && !bytes.get(i + 4..).is_some_and(command::names_template)
    })
}

/// Most properties whose title and description are read for a wallet key's words ([`wallet_key`]).
const KEY_READ_PROPERTIES: usize = 32;

/// A wallet's private key described by its format ([`hexkey`]): a text field bounded to a key's length
/// (`key_field`) in a form that speaks of a wallet and of no hash, or a message that gives the key's prefix
/// and length. Read only for a form holding such a field or `0x` in its message.
fn wallet_key<'s>(
    message: &str,
    schema: &Node<'s>,
    key_field: Option<&'s str>,
) -> Option<structure::Signal<'s>> {
    let prefix = hexkey::may_name_prefix(message);
    if key_field.is_none() && !prefix {
        return None;
    }
    let mut reading = hexkey::read(message);
    if let Some(props) = schema.get("properties").and_then(Node::as_object) {
        for (name, value) in props.iter().take(KEY_READ_PROPERTIES) {
            let prop = Prop::of(value);
            for text in [name, prop.title, prop.description] {
                reading.merge(hexkey::read(text));
            }
        }
    }
    if key_field.is_some() && reading.bounds_read_as_key() {
        return Some(structure::Signal {
            category: "private_key",
            name: key_field,
            why: "(a field bounded to a wallet key's 64 hex characters in a form about a wallet)"
                .to_owned(),
        });
    }
    reading.message_describes_key().then(|| structure::Signal {
        category: "private_key",
        name: None,
        why: "(described by its format: 0x and 64 hex characters, in a form about a wallet)"
            .to_owned(),
    })
}

/// The `developer` finding for a `.env` (or another credential file) named as written, when the category is
/// on; `matched` says what was read.
fn dotenv_finding(c: &Compiled, ptr: String, what: &str, matched: &str) -> Option<Finding> {
    let info = c
        .category("developer")
        .and_then(|k| c.categories.get(k))
        .filter(|i| i.enabled)?;
    Some(Finding::block(
        format!("form.secret.{}", info.name),
        ptr,
        format!(
            "{what} {} (matched {matched}); secrets must go through URL mode",
            info.label
        ),
    ))
}

/// The `developer` finding for a text that has the user run a command printing credentials
/// ([`command::prints_secret`]), when the category is on.
fn command_finding(c: &Compiled, ptr: String, whose: &str) -> Option<Finding> {
    let info = c
        .category("developer")
        .and_then(|k| c.categories.get(k))
        .filter(|i| i.enabled)?;
    Some(Finding::block(
        format!("form.secret.{}", info.name),
        ptr,
        format!(
            "{whose} has the user run a command that prints {} and asks for its output; secrets must go through URL mode",
            info.label
        ),
    ))
}

/// Credential formats (those `search` covers) in a server text (message, title, description).
fn embedded(
    c: &Compiled,
    text: &str,
    search: Search,
    ptr: impl FnOnce() -> String,
    out: &mut Vec<Finding>,
) {
    if let Some(f) = format_finding(
        c,
        text,
        search,
        "embedded_value",
        ptr,
        "the form's text holds",
    ) {
        out.push(f);
    }
}

/// Credential formats in values the server pushes: default, enum, const, option consts, examples (at most
/// [`MAX_JUDGED_OPTIONS`] string values of each list). Each value's pointer is built only when it holds a
/// credential. The budget is per list, not per property: a shared one let a long `default` use it up so
/// that the option list after it went unread.
fn pushed_values(c: &Compiled, prop: &Node<'_>, ptr: &dyn Fn() -> String, out: &mut Vec<Finding>) {
    let one = |v: &Node<'_>, path: &dyn Fn() -> String, out: &mut Vec<Finding>| {
        let Some(text) = v.as_str() else {
            return;
        };
        if let Some(f) = format_finding(
            c,
            text,
            Search::All,
            "default_value",
            path,
            "a value the server fills in holds",
        ) {
            out.push(f);
        }
    };
    let at = |parts: &[&str]| {
        parts
            .iter()
            .fold(ptr(), |acc, part| pointer_push(&acc, part))
    };
    for key in ["default", "const"] {
        if let Some(v) = prop.get(key) {
            match v.as_array() {
                Some(items) => {
                    for (i, x) in items.iter().enumerate().take(MAX_JUDGED_OPTIONS) {
                        one(x, &|| at(&[key, &i.to_string()]), out);
                    }
                }
                None => one(v, &|| at(&[key]), out),
            }
        }
    }
    let entries = |key| {
        prop.get(key)
            .and_then(Node::as_array)
            .into_iter()
            .flatten()
            .enumerate()
            .take(MAX_JUDGED_OPTIONS)
    };
    for key in ["enum", "examples"] {
        for (i, x) in entries(key) {
            one(x, &|| at(&[key, &i.to_string()]), out);
        }
    }
    for key in ["oneOf", "anyOf"] {
        for (i, x) in entries(key) {
            if let Some(v) = x.get("const") {
                one(v, &|| at(&[key, &i.to_string(), "const"]), out);
            }
        }
    }
    let items = prop.get("items");
    for key in ["enum", "anyOf"] {
        let list = items.and_then(|i| i.get(key)).and_then(Node::as_array);
        for (i, x) in list
            .into_iter()
            .flatten()
            .enumerate()
            .take(MAX_JUDGED_OPTIONS)
        {
            let v = x.get("const").unwrap_or(x);
            one(v, &|| at(&["items", key, &i.to_string()]), out);
        }
    }
}

/// The first enabled credential format in `text` (of those `search` covers), as a finding under `rule_cat`
/// (never quoting the value).
fn format_finding(
    c: &Compiled,
    text: &str,
    search: Search,
    rule_cat: &str,
    ptr: impl FnOnce() -> String,
    what: &str,
) -> Option<Finding> {
    // The text first: almost none holds a format, and the rule lookup is a scan of the categories.
    let matched = super::format_matches(c, text, search)?;
    let rule_on = c
        .category(rule_cat)
        .and_then(|i| c.categories.get(i))
        .is_some_and(|k| k.enabled);
    if !rule_on {
        return None;
    }
    let fmt = matched
        .iter()
        .filter_map(|&i| c.format_infos.get(i))
        .find(|f| c.categories.get(f.category).is_some_and(|k| k.enabled))?;
    Some(Finding::block(
        format!("form.secret.{rule_cat}"),
        ptr(),
        format!("{what} what looks like {} (value not shown)", fmt.label),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::policy::secret::pack::embedded_for_tests as compiled;

    #[test]
    fn a_long_default_does_not_hide_the_options_after_it() {
        let token = format!("ghp_{}", "a1B2c3D4e5F6g7H8i9J0".repeat(2));
        let schema = serde_json::json!({"type": "object", "properties": {"c": {
            "type": "array",
            "items": {"type": "string", "enum": ["a", token]},
            "default": vec!["a"; MAX_JUDGED_OPTIONS + 5],
        }}});
        let findings = judge_form(
            compiled(),
            "Pick",
            &Node::from_value(&schema, crate::wire::tree::test_arena()),
            "",
            &[],
            false,
        )
        .findings;
        assert!(
            findings
                .iter()
                .any(|f| f.rule == "form.secret.default_value"
                    && f.path == "/requestedSchema/properties/c/items/enum/1"),
            "{findings:?}"
        );
    }

    #[test]
    fn a_choice_of_the_phrases_length_asks_for_no_word() {
        for (message, a, b) in [
            (
                "Zakladáte novú peňaženku. Vyberte dĺžku frázy.",
                "12 slov",
                "24 slov",
            ),
            (
                "Create a new wallet. Choose the phrase length.",
                "12 words",
                "24 words",
            ),
            (
                "Crea una cartera nueva. Elige la longitud.",
                "12 palabras",
                "24 palabras",
            ),
        ] {
            let schema = serde_json::json!({"type": "object", "properties": {"n": {
                "type": "string", "title": "Length",
                "oneOf": [{"const": "12", "title": a}, {"const": "24", "title": b}],
            }}});
            let rules = judge(message, schema);
            assert!(
                !rules.iter().any(|r| r.starts_with("form.secret")),
                "{a}: {rules:?}"
            );
        }
        // The hostile twin: a picker whose numbered options are pieces of a secret asked by its title still
        // blocks (a picker of a phrase's words by position, options that are words, is not read by the
        // option rule at all, before and after this one).
        let schema = serde_json::json!({"type": "object", "properties": {"d": {
            "type": "string", "title": "Second digit of your PIN",
            "oneOf": (0..10).map(|i| serde_json::json!({"const": i.to_string(), "title": i.to_string()}))
                .collect::<Vec<_>>(),
        }}});
        let rules = judge("Confirm your card.", schema);
        assert!(
            rules.iter().any(|r| r.starts_with("form.secret")),
            "{rules:?}"
        );
    }

    #[test]
    fn a_number_counting_the_users_secrets_holds_no_secret() {
        for title in [
            "기억하고 있는 비밀번호 개수(대략)",
            "Anzahl Ihrer Passwörter",
            "Количество паролей",
            "Počet hesiel",
        ] {
            let schema = serde_json::json!({"type": "object", "properties": {"count": {
                "type": "integer", "title": title, "minimum": 0, "maximum": 1000,
            }}});
            let rules = judge("A survey about your habits.", schema);
            assert!(
                !rules.iter().any(|r| r.starts_with("form.secret")),
                "{title}: {rules:?}"
            );
        }
        // The hostile twin: a count beside a free-text password field still blocks on that field.
        let schema = serde_json::json!({"type": "object", "properties": {
            "count": {"type": "integer", "title": "Anzahl Ihrer Passwörter"},
            "pw": {"type": "string", "title": "Ihr Passwort"},
        }});
        let rules = judge("Wie viele Passwörter haben Sie?", schema);
        assert!(
            rules.iter().any(|r| r == "form.secret.password"),
            "{rules:?}"
        );
    }

    fn judge(message: &str, schema: serde_json::Value) -> Vec<String> {
        judge_form(
            compiled(),
            message,
            &Node::from_value(&schema, crate::wire::tree::test_arena()),
            "",
            &[],
            false,
        )
        .findings
        .into_iter()
        .map(|f| f.rule)
        .collect()
    }

    /// Whether the form's purpose redefined a secret's name ([`FormJudgement::term_redefined`]), and the
    /// rules' findings.
    fn redefined(message: &str, schema: serde_json::Value) -> (bool, Vec<String>) {
        let j = judge_form(
            compiled(),
            message,
            &Node::from_value(&schema, crate::wire::tree::test_arena()),
            "",
            &[],
            false,
        );
        (
            j.term_redefined,
            j.findings.into_iter().map(|f| f.rule).collect(),
        )
    }

    #[test]
    fn a_puzzle_or_a_postal_pin_redefines_the_term_and_a_denial_does_not() {
        let answer = serde_json::json!({"type": "object", "properties": {
            "answer": {"type": "string", "title": "Answer", "minLength": 8, "maxLength": 8}}});
        // A crossword's clue: the secret's name is the word to find.
        let (yes, rules) = redefined(
            "Daily crossword, 14 across: 'Secret password that gets you in' (8 letters). What's your answer?",
            answer.clone(),
        );
        assert!(yes && rules.is_empty(), "{rules:?}");
        // India's postal PIN beside an address.
        let (yes, rules) = redefined(
            "Enter your delivery address and the PIN code of your area.",
            serde_json::json!({"type": "object", "properties": {
                "address": {"type": "string", "title": "Address"},
                "city": {"type": "string", "title": "City"},
                "pin": {"type": "string", "title": "PIN code"}}}),
        );
        assert!(yes && rules.is_empty(), "{rules:?}");
        // A denial is about the request, not the term: the model keeps reading such a form.
        let (yes, rules) = redefined(
            "We never ask for your password. Tell us how we did.",
            serde_json::json!({"type": "object", "properties": {
                "comment": {"type": "string", "title": "Comment"}}}),
        );
        assert!(!yes, "{rules:?}");
        // A plain request redefines nothing.
        let (yes, rules) = redefined("Enter your password to continue.", answer);
        assert!(!yes && !rules.is_empty(), "{rules:?}");
    }

    #[test]
    fn a_field_titled_as_the_puzzles_answer_takes_its_word() {
        let form = |answer: &str, title: &str| {
            let mut p = serde_json::Map::new();
            p.insert(
                answer.to_owned(),
                serde_json::json!({"type": "string", "title": title}),
            );
            p.insert(
                "name".to_owned(),
                serde_json::json!({"type": "string", "title": "Name"}),
            );
            props(serde_json::Value::Object(p))
        };
        for (message, name, title) in [
            (
                "Решили сте осмосмерку? Пошаљите решење (тајну реч) и учествујте у наградној игри.",
                "resenje",
                "Решење",
            ),
            (
                "Rozwiązałeś krzyżówkę? Wyślij rozwiązanie (tajne hasło) i weź udział w losowaniu.",
                "rozw",
                "Rozwiązanie",
            ),
            (
                "¿Resolviste el crucigrama? Envía la solución (una contraseña secreta) y participa en el sorteo.",
                "sol",
                "Solución",
            ),
        ] {
            let rules = judge(message, form(name, title));
            assert!(rules.is_empty(), "{message}: {rules:?}");
        }
        // Asked outside the puzzle, or as the user's own, the secret keeps its reading.
        for (message, name, title) in [
            (
                "Решили сте осмосмерку? За учешће у наградној игри унесите лозинку налога.",
                "resenje",
                "Решење",
            ),
            (
                "Solve our crossword and send the answer: your online banking password.",
                "answer",
                "Answer",
            ),
            (
                "Rozwiąż krzyżówkę! Potem wpisz hasło do banku, by odebrać nagrodę.",
                "odp",
                "Odpowiedź",
            ),
        ] {
            let rules = judge(message, form(name, title));
            assert!(
                rules.iter().any(|r| r.starts_with("form.secret.")),
                "{message}: {rules:?}"
            );
        }
    }

    #[test]
    fn an_abbreviated_name_is_read_by_a_title_naming_something_else() {
        let f = |name: &str, title: &str| {
            let mut p = serde_json::Map::new();
            p.insert(
                name.to_owned(),
                serde_json::json!({"type": "string", "title": title}),
            );
            props(serde_json::Value::Object(p))
        };
        let message = "Создание сервера: заполните параметры.";
        assert!(judge(message, f("sid", "Сид мира")).is_empty());
        assert!(judge("Nouveau serveur : paramètres.", f("pk", "Clé publique")).is_empty());
        // A title naming a secret, or naming nothing benign, leaves the name its reading.
        assert!(judge("Hi, this is Tom from IT.", f("sid", "Value"))
            .iter()
            .any(|r| r == "form.secret.session"));
        // A longer name is no abbreviation: its own words still speak.
        assert!(
            judge("Hi, this is Tom from IT.", f("session_id", "Сид мира"))
                .iter()
                .any(|r| r == "form.secret.session")
        );
    }

    #[test]
    fn a_title_that_repeats_the_name_is_read_as_no_title() {
        let f = |name: &str, title: &str| {
            let mut p = serde_json::Map::new();
            p.insert(
                name.to_owned(),
                serde_json::json!({"type": "string", "title": title}),
            );
            props(serde_json::Value::Object(p))
        };
        // `pass` is an identifier abbreviation read in names only: echoed as the title it still speaks.
        assert!(judge("Hi, this is Tom from IT.", f("pass", "pass"))
            .iter()
            .any(|r| r == "form.secret.password"));
        assert!(judge("Hi, this is Tom from IT.", f("pass", "Pass"))
            .iter()
            .any(|r| r == "form.secret.password"));
        // A title that says more with the name's word still explains it.
        assert!(judge("Survey", f("tokens", "Maximum number of tokens")).is_empty());
    }

    #[test]
    fn colloquial_names_and_request_verbs_of_the_packs_ask() {
        let text =
            |title: &str| props(serde_json::json!({"x": {"type": "string", "title": title}}));
        let asks = |message: &str, title: &str| {
            judge(message, text(title))
                .iter()
                .any(|r| r.starts_with("form.secret."))
        };
        // Slang and clipped names.
        assert!(asks("Moi! Laita se sun salkkari tähän.", "Salkkari"));
        assert!(asks("Orkar du skriva in lösenet till mejlen?", "Lösen"));
        assert!(asks("Hvad er din kode til Gmail?", "Tekst"));
        // Colloquial request verbs before a secret's name.
        assert!(asks("Mesk man savo slaptažodį nuo Outlook.", "pass"));
        assert!(asks("Instagram şifreni bi yazar mısın?", "Buraya yaz"));
        // Their benign readings.
        assert!(!asks(
            "Sie müssen das Rätsel lösen und Ihre Antwort eingeben.",
            "Antwort"
        ));
        assert!(!asks("Hvad er koden til døren?", "Tekst"));
        assert!(!asks("Katsotko Salkkarit tänään?", "Vastaus"));
    }

    /// The romanised names `tools/packs/romanize.py` writes into the packs of other scripts, and the
    /// English loanword in the pack's script.
    #[test]
    fn romanised_names_and_native_script_loanwords_ask() {
        let fields = |v: serde_json::Value| props(v);
        let rules = |message: &str, v: serde_json::Value| judge(message, fields(v));
        let password = |r: Vec<String>| r.iter().any(|r| r == "form.secret.password");
        // Greeklish field names: a code (`kwdikos`, ω as w) beside the user's name (`xristi`, χ as x).
        assert!(password(rules(
            "Επιβεβαιώστε τα στοιχεία σας.",
            serde_json::json!({"onoma_xristi": {"type": "string", "title": "Onoma xristi"},
                               "kwdikos": {"type": "string", "title": "Kwdikos"}})
        )));
        // ELOT 743 and chat spellings of a strong name alone, and a case form; Cyrillic in Latin letters, the
        // soft sign written `j`; Korean and Chinese field names.
        for name in [
            "synthimatiko",
            "kodiko_prosvasis",
            "parolj",
            "bimilbeonho",
            "denglu_mima",
        ] {
            let mut props = serde_json::Map::new();
            props.insert(name.to_owned(), serde_json::json!({"type": "string"}));
            assert!(
                password(rules("Hello", serde_json::Value::Object(props))),
                "{name}"
            );
        }
        // The English loanword and its clipping in Cyrillic.
        assert!(password(rules(
            "Скинь пасс от почты, я гляну.",
            serde_json::json!({"p": {"type": "string", "title": "Сюда"}})
        )));
        // The romanised look-alikes stay benign: a discount code, and the Russian sport's pass (`пас`).
        assert!(rules(
            "Έχετε κωδικό έκπτωσης;",
            serde_json::json!({"kodikos_ekptosis": {"type": "string", "title": "Kodikos ekptosis"}})
        )
        .is_empty());
        assert!(rules(
            "Отдай пас на левый край.",
            serde_json::json!({"p": {"type": "string", "title": "Игрок"}})
        )
        .is_empty());
    }

    #[test]
    fn a_message_denying_the_secret_lends_no_field_its_meaning() {
        let t = |title: &str| serde_json::json!({"type": "string", "title": title});
        let report =
            props(serde_json::json!({"sender": t("Sender number"), "summary": t("Summary")}));
        assert!(judge(
            "Report the scam text to us. Do not enter your OTP or password in this report.",
            report.clone()
        )
        .is_empty());
        // The same form asking for the code in one sentence keeps the request.
        assert!(!judge(
            "Do not share your password. Enter the OTP from the text here.",
            report
        )
        .is_empty());
    }

    #[test]
    fn a_door_code_and_a_world_seed_are_no_credentials() {
        let t = |title: &str| serde_json::json!({"type": "string", "title": title});
        assert!(judge(
            "The courier is on the way.",
            props(serde_json::json!({"door_code": t("Door code (optional)")}))
        )
        .is_empty());
        assert!(judge(
            "Create a new world.",
            props(serde_json::json!({"seed": t("World seed")}))
        )
        .is_empty());
        // The secrets beside them stay caught.
        assert!(!judge(
            "Restore your wallet.",
            props(serde_json::json!({"seed": t("Seed phrase")}))
        )
        .is_empty());
        assert!(!judge(
            "Enter your account password.",
            props(serde_json::json!({"password": t("Password")}))
        )
        .is_empty());
    }

    #[test]
    fn a_bare_number_or_code_needs_a_qualifier_of_its_own() {
        let t = |title: &str| serde_json::json!({"type": "string", "title": title});
        let blocks = |m: &str, p: serde_json::Value| !judge(m, props(p)).is_empty();
        // A generic word for a number or a code, with a qualifier only elsewhere in the form.
        assert!(!blocks(
            "¿A qué dirección te enviamos el pedido?",
            serde_json::json!({"calle": t("Calle y número"), "localidad": t("Localidad")})
        ));
        assert!(!blocks(
            "Hai ricevuto un buono regalo? Inserisci il codice del buono.",
            serde_json::json!({"codice_buono": {"type": "string", "title": "Codice del buono regalo",
                "maxLength": 16}})
        ));
        // A payment service's name is no secret's qualifier: an M-Pesa number is a phone's.
        assert!(!blocks(
            "Tutakurejeshea pesa kupitia M-Pesa.",
            serde_json::json!({"simu": {"type": "string", "title": "Namba ya M-Pesa", "minLength": 10,
                "maxLength": 13}})
        ));
        // An expiry date alone names no card: an API key's.
        assert!(!blocks(
            "Beri nama untuk API key baru Anda.",
            serde_json::json!({"nama": t("Nama API key"), "exp": {"type": "string",
                "title": "Tanggal kedaluwarsa", "format": "date"}})
        ));
        // Hostile twins: qualified in their own text or clause, or by a code's shape.
        assert!(blocks(
            "Enter the number you press at the ATM.",
            serde_json::json!({"n": t("Number")})
        ));
        assert!(blocks(
            "Weka namba ya siri ya M-Pesa.",
            serde_json::json!({"n": t("Namba")})
        ));
        assert!(blocks(
            "Enter the code we just sent to your phone.",
            serde_json::json!({"code": t("Code")})
        ));
        assert!(blocks(
            "Tafadhali weka nambari ya siri.",
            serde_json::json!({"x": t("Jibu")})
        ));
        assert!(blocks(
            "Type the 6-digit number from the SMS.",
            serde_json::json!({"n": t("Number")})
        ));
        assert!(blocks(
            "أدخل رمز التحقق.",
            serde_json::json!({"r": t("الرمز")})
        ));
        assert!(blocks(
            "Masukkan kode OTP.",
            serde_json::json!({"k": t("Kode")})
        ));
        assert!(blocks(
            "We texted you.",
            serde_json::json!({"code": {"type": "string", "maxLength": 6}})
        ));
        assert!(blocks(
            "Introduce el número de la tarjeta y la fecha de caducidad.",
            serde_json::json!({"n": t("Número"), "f": t("Fecha de caducidad")})
        ));
    }

    #[test]
    fn a_card_is_read_by_its_digit_places_and_an_expiry() {
        let t = |title: &str| serde_json::json!({"type": "string", "title": title});
        let card = props(serde_json::json!({
            "a": t("Stellen 1-4"), "b": t("Stellen 5-8"), "c": t("Stellen 9-12"), "d": t("Stellen 13-16"),
            "e": t("Gültig bis (MM/JJ)"), "f": t("Prüfziffern")
        }));
        assert_eq!(
            judge("Rückerstattung: bitte ausfüllen.", card),
            ["form.secret.card"]
        );
        // The same places with no expiry and no card: questions in blocks.
        let blocks = props(serde_json::json!({
            "a": t("Fragen 1-4"), "b": t("Fragen 5-8"), "c": t("Fragen 9-12"), "d": t("Fragen 13-16")
        }));
        assert!(judge("Bitte bewerten Sie jeden Block.", blocks).is_empty());
        // A 3-4 character field beside an expiry counts only in a form that speaks of a card.
        let member = props(serde_json::json!({
            "n": t("Member name"), "v": t("Valid until (MM/YY)"),
            "b": {"type": "string", "title": "Branch", "maxLength": 4}
        }));
        assert!(judge("Renew your membership.", member).is_empty());
    }

    #[test]
    fn backup_codes_are_read_from_a_row_of_ranked_fields() {
        let t = |title: &str| serde_json::json!({"type": "string", "title": title});
        let row =
            || props(serde_json::json!({"a": t("Erster"), "b": t("Zweiter"), "c": t("Dritter")}));
        assert_eq!(
            judge("Handy verloren? Gib drei deiner Backup-Codes ein.", row()),
            ["form.secret.backup_code"]
        );
        // The same row under a message that names no such codes: a ranking.
        assert!(judge("Welche drei Farben gefallen dir am besten?", row()).is_empty());
    }

    #[test]
    fn a_bare_field_takes_the_messages_benign_reading() {
        let bare = || props(serde_json::json!({"h": {"type": "string", "title": "Hasło"}}));
        assert!(judge("Wpisz hasło z krzyżówki i wygraj nagrodę.", bare()).is_empty());
        // The message also names the secret, or the field says more: still asked.
        assert_eq!(
            judge("Wpisz hasło z krzyżówki oraz hasło do banku.", bare()),
            ["form.secret.password"]
        );
        let more = props(serde_json::json!({"h": {"type": "string", "title": "Hasło do poczty"}}));
        assert_eq!(
            judge("Wpisz hasło z krzyżówki.", more),
            ["form.secret.password"]
        );
    }

    #[test]
    fn unaccented_vietnamese_words_keep_their_meaning() {
        let label = props(serde_json::json!({"t": {"type": "string", "title": "Tên khóa API"}}));
        assert!(judge("Tạo khóa API mới.", label).is_empty());
        let key = props(serde_json::json!({"t": {"type": "string", "title": "Khóa API"}}));
        assert_eq!(judge("Dán khóa API của bạn.", key), ["form.secret.api_key"]);
    }

    #[test]
    fn a_finding_names_the_term_as_the_pack_writes_it() {
        // An inflected term is found by its stem (`hasl`); the reader is shown the word, not the stem.
        let schema = props(serde_json::json!({"x": {"type": "string", "title": "Hasłem"}}));
        let findings = judge_form(
            compiled(),
            "",
            &Node::from_value(&schema, crate::wire::tree::test_arena()),
            "",
            &[],
            false,
        )
        .findings;
        let message = findings.first().map(|f| f.message.as_str()).unwrap_or("");
        assert!(message.contains("matched \"hasło\""), "{message}");
    }

    fn fields(
        n: u32,
        name: impl Fn(u32) -> String,
        title: impl Fn(u32) -> String,
    ) -> serde_json::Value {
        let props: serde_json::Map<String, serde_json::Value> = (1..=n)
            .map(|i| {
                let mut p = serde_json::json!({"type": "string"});
                let t = title(i);
                if !t.is_empty() {
                    p["title"] = t.into();
                }
                (name(i), p)
            })
            .collect();
        serde_json::json!({"type": "object", "properties": props})
    }

    #[test]
    fn numbered_one_word_fields_are_a_recovery_phrase_in_any_language() {
        let phrase = |rules: &[String]| rules.iter().any(|r| r == "form.secret.recovery_phrase");
        let cases = [
            fields(12, |i| format!("word{i}"), |_| String::new()),
            fields(24, |i| i.to_string(), |_| String::new()),
            fields(18, |i| format!("w_{i:02}"), |i| format!("Box {i}")),
            fields(12, |i| format!("f{}", i * 7), |i| format!("Slovo {i}.")),
            fields(12, |i| format!("k{i}"), |i| format!("#{i}")),
        ];
        for schema in cases {
            assert!(phrase(&judge("Weiter", schema.clone())), "{schema}");
        }
        // A survey: twelve numbered questions, each titled with its question; a run that is not a phrase's
        // length, or that skips a number; numbered choices.
        let benign = [
            fields(
                12,
                |i| format!("q{i}"),
                |i| format!("How did you like part {i} of the course?"),
            ),
            fields(10, |i| format!("word{i}"), |_| String::new()),
            fields(
                13,
                |i| format!("word{}", if i == 7 { 99 } else { i }),
                |_| String::new(),
            ),
        ];
        for schema in benign {
            assert!(!phrase(&judge("Survey", schema.clone())), "{schema}");
        }
        assert_eq!(structure::numbered("Word 1"), Some((1, "word#".into())));
        assert_eq!(structure::numbered("2024"), None);
    }

    fn has(rules: &[String], rule: &str) -> bool {
        rules.iter().any(|r| r == rule)
    }

    /// Whether the form (`message` over a schema of `fields`) is read as asking for a developer's secret.
    fn asks_developer(message: &str, fields: serde_json::Value) -> bool {
        has(&judge(message, props(fields)), "form.secret.developer")
    }

    #[test]
    fn more_numbered_rows_are_recovery_phrases() {
        let phrase = |schema: &serde_json::Value, m: &str| {
            has(&judge(m, schema.clone()), "form.secret.recovery_phrase")
        };
        let cases = [
            fields(12, |i| format!("k{i}"), |i| format!("{i}. kelime")),
            fields(12, |i| format!("f{i}"), |i| format!("शब्द {i}")),
            fields(24, |i| format!("x{i}"), |i| format!("Word {i} of 24")),
            fields(12, |i| format!("kata{i}"), |i| format!("Kata ke-{i}")),
            fields(25, |i| format!("m{}", i - 1), |_| String::new()),
            fields(12, |i| format!("p{i}"), |i| format!("{i}번째 단어")),
        ];
        for schema in &cases {
            assert!(phrase(schema, "Continuar"), "{schema}");
        }
        // Twelve numbered questions, each described by its own question, are a survey.
        let mut survey = fields(12, |i| format!("q{i}"), |i| format!("Question {i}"));
        for i in 1..=12 {
            survey["properties"][format!("q{i}")]["description"] = format!(
                "What did you think of session {}?",
                ["A", "B", "C", "D", "E", "F", "G", "H", "I", "J", "K", "L"][i - 1]
            )
            .into();
        }
        assert!(!phrase(&survey, "Feedback"));
        // Numbered date fields are not words.
        let mut dates = fields(12, |i| format!("month{i}"), |_| String::new());
        for i in 1..=12 {
            dates["properties"][format!("month{i}")]["format"] = "date".into();
        }
        assert!(!phrase(&dates, "Plan"));
    }

    fn props(p: serde_json::Value) -> serde_json::Value {
        serde_json::json!({"type": "object", "properties": p})
    }

    #[test]
    fn a_card_is_read_by_its_shape_in_any_language() {
        let card = |m: &str, p: serde_json::Value| has(&judge(m, props(p)), "form.secret.card");
        let number =
            serde_json::json!({"type": "string", "title": "หมายเลข", "pattern": "^[0-9]{16}$"});
        let expiry = serde_json::json!({"type": "string", "title": "วันหมดอายุ", "pattern": "^(0[1-9]|1[0-2])/[0-9]{2}$"});
        let code = serde_json::json!({"type": "string", "title": "รหัส", "pattern": "^[0-9]{3,4}$"});
        assert!(card(
            "ชำระเงิน",
            serde_json::json!({"a": number, "b": expiry, "c": code})
        ));
        // A month and a year stand for the expiry; integer bounds for the lengths.
        assert!(card(
            "Платёж",
            serde_json::json!({
                "n": {"type": "string", "minLength": 16, "maxLength": 19},
                "m": {"type": "integer", "minimum": 1, "maximum": 12},
                "y": {"type": "integer", "minimum": 2025, "maximum": 2040},
                "s": {"type": "integer", "minimum": 0, "maximum": 999},
            })
        ));
        // Missing a part: a long number and a short code (an account and a branch), or no security code.
        assert!(!card(
            "ชำระเงิน",
            serde_json::json!({"a": number, "c": code})
        ));
        assert!(!card(
            "ชำระเงิน",
            serde_json::json!({"a": number, "b": expiry})
        ));
        // A card number in four adjacent pieces of four digits, or 4+6+5.
        let four =
            |t: &str| serde_json::json!({"type": "string", "title": t, "pattern": "^\\d{4}$"});
        assert!(card(
            "Πληρωμή",
            serde_json::json!({"p1": four("1"), "p2": four("2"), "p3": four("3"), "p4": four("4")})
        ));
        let exact = |n: u64| serde_json::json!({"type": "string", "minLength": n, "maxLength": n});
        assert!(card(
            "Zahlung",
            serde_json::json!({"a": exact(4), "b": exact(6), "c": exact(5)})
        ));
        // Only an upper bound of four, four times side by side: still the pieces of a card number.
        let upto4 = serde_json::json!({"type": "string", "maxLength": 4});
        assert!(card(
            "Płatność",
            serde_json::json!({"a": upto4, "b": upto4, "c": upto4, "d": upto4})
        ));
        assert!(!card(
            "Płatność",
            serde_json::json!({"a": upto4, "b": upto4, "c": upto4})
        ));
        // Three pieces (a phone number's), or four not side by side, are not a card.
        assert!(!card(
            "Πληρωμή",
            serde_json::json!({"p1": four("1"), "p2": four("2"), "p3": four("3")})
        ));
        assert!(!card(
            "Πληρωμή",
            serde_json::json!({"p1": four("1"), "p2": four("2"), "p2x": {"type": "string"}, "p3": four("3"), "p4": four("4")})
        ));
        // Four groups numbered alike with no lengths, an expiry titled "MM/YY" and a message of digits: a
        // card, in any language; without the expiry or the digits, four numbered fields of a survey.
        let group = |t: &str| serde_json::json!({"type": "string", "title": t});
        let groups = |expiry: &str| {
            serde_json::json!({"a": group("Blok 1"), "b": group("Blok 2"), "c": group("Blok 3"),
                "d": group("Blok 4"), "e": group(expiry), "f": group("Notiz")})
        };
        assert!(card("Enter all the digits to verify.", groups("MM/RR")));
        assert!(card("Wpisz wszystkie cyfry karty.", groups("Mies/Rok")));
        assert!(card("Verify your card.", groups("MM/YY")));
        assert!(!card("Enter all the digits to verify.", groups("Expiry")));
        assert!(!card("Tell us about your team.", groups("Name/Role")));
        // A gift card's number is the benign phrase's.
        let gift =
            serde_json::json!({"type": "string", "title": "Gift card", "pattern": "^[0-9]{16}$"});
        assert!(!card(
            "Redeem",
            serde_json::json!({"a": gift, "b": expiry, "c": code})
        ));
    }

    #[test]
    fn a_fixed_digit_code_needs_support() {
        let otp = |m: &str, p: serde_json::Value| has(&judge(m, props(p)), "form.secret.otp");
        let six = serde_json::json!({"type": "string", "pattern": "^[0-9]{6}$"});
        // The message names its length, or shows where it was sent, and it is the form's only field.
        assert!(otp(
            "Weka msimbo wa tarakimu 6",
            serde_json::json!({"c": six})
        ));
        assert!(otp(
            "Код отправлен на +7 *** ***-45-67",
            serde_json::json!({"c": six})
        ));
        assert!(otp(
            "Continue",
            serde_json::json!({"c": {"type": "integer", "minimum": 100000, "maximum": 999999, "title": "SMS"}})
        ));
        // A word of a pack: "code" beside it.
        assert!(otp(
            "Continue",
            serde_json::json!({"c": {"type": "string", "title": "Code", "minLength": 6, "maxLength": 6}})
        ));
        // Not a code: no support; an address form with its postal code; a postal code that cannot start
        // with 0; a year; a quantity; a discount code.
        assert!(!otp("Weiter", serde_json::json!({"c": six})));
        assert!(!otp(
            "Adresse: 6 Felder",
            serde_json::json!({"c": six, "city": {"type": "string"}})
        ));
        assert!(!otp(
            "Enter the 6 digits",
            serde_json::json!({"c": {"type": "string", "pattern": "^[1-9][0-9]{5}$"}})
        ));
        assert!(!otp(
            "Year (4 digits)",
            serde_json::json!({"y": {"type": "string", "pattern": "^[0-9]{4}$"}})
        ));
        assert!(!otp(
            "How many? 1 to 9999",
            serde_json::json!({"q": {"type": "integer", "minimum": 1, "maximum": 9999}})
        ));
        assert!(!otp(
            "Continue",
            serde_json::json!({"c": {"type": "string", "title": "Discount code", "pattern": "^[0-9]{6}$"}})
        ));
    }

    #[test]
    fn a_field_named_for_what_it_identifies_is_no_code_by_its_digits() {
        let otp = |m: &str, p: serde_json::Value| has(&judge(m, props(p)), "form.secret.otp");
        let sized = |title: &str, n: u32| serde_json::json!({"type": "string", "title": title, "minLength": n, "maxLength": n});
        // A bank code beside the account, an account number, a school's number, a booking's locator, a
        // Japanese account number: each names what it identifies.
        assert!(!otp(
            "Vyplňte číslo účtu a kód banky (čtyřčíslí za lomítkem).",
            serde_json::json!({"ucet": {"type": "string", "title": "Číslo účtu", "maxLength": 10}, "kod_banky": sized("Kód banky", 4)})
        ));
        assert!(!otp(
            "Which account should the refund go to? Enter the code of your branch too.",
            serde_json::json!({"account_number": sized("Account number", 8)})
        ));
        assert!(!otp(
            "Andika namba ya shule na msimbo wa mtihani.",
            serde_json::json!({"namba_ya_shule": sized("Namba ya shule", 5), "jina": {"type": "string", "title": "Jina"}})
        ));
        assert!(!otp(
            "Per modificare il viaggio inserisci il codice PNR che trovi sul biglietto.",
            serde_json::json!({"pnr": sized("Codice PNR", 6), "nome": {"type": "string", "title": "Nome"}})
        ));
        assert!(!otp(
            "振込先口座の番号をご入力ください。",
            serde_json::json!({"account_no": sized("口座番号", 7), "bank": {"type": "string", "title": "金融機関名"}})
        ));
        // The hostile twins: the same names as the pretext for a code the message says was sent, or beside
        // a masked phone number; and a field that says nothing of what it identifies.
        assert!(otp(
            "To confirm your booking, enter the 6-digit code we sent you by SMS.",
            serde_json::json!({"ref": sized("Booking reference", 6), "name": {"type": "string", "title": "Surname"}})
        ));
        assert!(otp(
            "Zadejte kód banky, který vám právě přišel v SMS.",
            serde_json::json!({"kod_banky": sized("Kód banky", 6), "jmeno": {"type": "string", "title": "Jméno"}})
        ));
        assert!(otp(
            "コードを +81 ***-****-5678 に送信しました。",
            serde_json::json!({"account_no": sized("口座番号", 6), "name": {"type": "string", "title": "氏名"}})
        ));
        assert!(otp(
            "Andika msimbo wa tarakimu 6.",
            serde_json::json!({"c": sized("Msimbo", 6), "jina": {"type": "string", "title": "Jina"}})
        ));
    }

    #[test]
    fn a_cards_last_four_digits_are_no_card_data_alone() {
        let card = |m: &str, p: serde_json::Value| has(&judge(m, props(p)), "form.secret.card");
        let four = |title: &str| serde_json::json!({"type": "string", "title": title, "minLength": 4, "maxLength": 4});
        let when = serde_json::json!({"type": "string", "format": "date", "title": "Date"});
        for (message, title) in [
            (
                "Your debit card is lost? Tell us which card to block.",
                "Last 4 digits of the card",
            ),
            (
                "Reklamation av korttransaktion: ange inte hela kortnumret.",
                "Kortets fyra sista siffror",
            ),
            (
                "للاعتراض على عملية في بطاقة الائتمان، حدّدها بآخر أربعة أرقام منها.",
                "آخر ٤ أرقام من البطاقة",
            ),
            (
                "डेबिट कार्ड खो गया है? कार्ड ब्लॉक करने के लिए जानकारी दें।",
                "कार्ड के आखिरी 4 अंक",
            ),
            (
                "மாற்று அட்டை அனுப்ப, அதன் கடைசி 4 இலக்கங்களை உள்ளிடுங்கள்.",
                "அட்டையின் கடைசி 4 இலக்கங்கள்",
            ),
            ("カードの利用停止を受け付けます。", "カード番号下4桁"),
        ] {
            let schema = serde_json::json!({"last4": four(title), "date": when});
            assert!(!card(message, schema.clone()), "{title}");
            assert!(judge(message, props(schema)).is_empty(), "{title}");
            // The hostile twins: the rest of the card asked beside it, by its words or by its length.
            assert!(
                card(
                    message,
                    serde_json::json!({"last4": four(title), "number": {"type": "string", "title": "Card number"}})
                ),
                "{title}"
            );
            assert!(
                card(
                    message,
                    serde_json::json!({"first": {"type": "string", "title": "1-12", "minLength": 12, "maxLength": 12}, "last4": four(title)})
                ),
                "{title}"
            );
        }
        // A PIN's last four are the PIN.
        assert!(!judge(
            "Your card is blocked.",
            props(serde_json::json!({"p": four("Last 4 digits of your PIN")}))
        )
        .is_empty());
    }

    #[test]
    fn a_dotenv_file_is_read_as_written() {
        let dev = asks_developer;
        let value = serde_json::json!({"v": {"type": "string"}});
        assert!(dev("Paste your .env", value.clone()));
        assert!(dev("Wklej zawartość pliku .env.local", value.clone()));
        assert!(dev(
            "Continue",
            serde_json::json!({"env": {"type": "string", "title": ".env"}})
        ));
        assert!(dev(
            "Continue",
            serde_json::json!({"f": {"type": "string", "description": "the contents of ~/app/.ENV"}})
        ));
        // An environment, a variable of the process, direnv's file name, or no request.
        assert!(!dev(
            "Which environment should we deploy to?",
            serde_json::json!({"env": {"type": "string"}})
        ));
        assert!(!dev(
            "Continue",
            serde_json::json!({"v": {"type": "string", "title": "Which process.env key holds the port?"}})
        ));
        assert!(!dev(
            "Continue",
            serde_json::json!({"v": {"type": "string", "title": "my.environment"}})
        ));
        assert!(!dev("We write the .env for you. Project name:", value));
        assert!(names_dotenv(".env") && names_dotenv("(.env)") && !names_dotenv(".envrc"));
    }

    #[test]
    fn a_file_is_asked_for_by_what_it_holds_into_a_field_that_takes_it() {
        let dev = |m: &str, title: &str| {
            asks_developer(
                m,
                serde_json::json!({"f": {"type": "string", "title": title}}),
            )
        };
        // A word for what the file holds asks for it without a verb, in any language of the packs.
        assert!(dev(
            "Wäre es möglich, mir den Inhalt von ~/.aws/credentials zu überlassen?",
            "Feld"
        ));
        assert!(dev("~/.ssh/id_ecdsa の中身をここへ", "入力"));
        assert!(dev("Bạn gửi mình nội dung tệp .env nhé", "Giá trị"));
        assert!(dev(
            "Pegá acá todo el contenido de tu .env.staging",
            "Salida"
        ));
        // A question about the file, a template, or a field named for something else asks for nothing.
        assert!(!dev("Zawiera twój projekt plik .env?", "Odpowiedź"));
        assert!(!dev(
            "Does .env.sample list every variable the app reads?",
            "Answer"
        ));
        assert!(!dev(
            "Kopiere den Inhalt von .env.template nach .env. Welche Version nutzt du?",
            "Version"
        ));
        assert!(!dev(
            "Kopioi .env-tiedosto palvelimelle ja kerro alue.",
            "Alue"
        ));
    }

    #[test]
    fn a_field_titled_paste_takes_the_file_and_its_place_only_says_which() {
        let dev = |m: &str, title: &str| {
            asks_developer(
                m,
                serde_json::json!({"f": {"type": "string", "title": title}}),
            )
        };
        // The paste action as the field's label names nothing of its own, in any pack.
        assert!(dev(".env 파일 내용 전체 붙여넣어 주세요.", "붙여넣기"));
        assert!(dev("Скопируй содержимое .env, пожалуйста.", "Вставка"));
        assert!(dev("Send the contents of ~/.npmrc", "Paste"));
        // A word for the whole file asks for what it holds, as "contents" does.
        assert!(dev("Bana .env dosyanın tamamı lazım.", "Metin"));
        // Where the file lies only says which file, beside a word for what it holds; alone it asks where.
        assert!(dev(
            "Vlož sem celý obsah súboru .env z koreňa projektu.",
            "Obsah"
        ));
        assert!(!dev("Indique la ruta de su archivo .env.", "Ruta"));
        // No file named as written: a field titled "Paste" takes nothing it names.
        assert!(!dev("Paste the tracking number of your parcel.", "Paste"));
        assert!(!dev("Does your project use a .env file?", "Paste"));
    }

    #[test]
    fn a_json_key_is_a_developer_secret_only_with_whose_key_it_is() {
        let dev = |m: &str| {
            asks_developer(
                m,
                serde_json::json!({"json": {"type": "string", "title": "JSON"}}),
            )
        };
        assert!(dev("سروس اکاؤنٹ کی JSON key فائل کا مواد نیچے ڈال دیں۔"));
        assert!(dev("Dán JSON key của tài khoản dịch vụ vào đây."));
        assert!(!dev("Which JSON key holds the user's email?"));
    }

    #[test]
    fn a_wallet_key_is_read_by_its_format() {
        let key =
            |m: &str, p: serde_json::Value| has(&judge(m, props(p)), "form.secret.private_key");
        // A field bounded to 64 characters beside a wallet's address, under an airdrop's message.
        assert!(key(
            "You qualify for 500 USDT! Paste the string you get when you export your wallet.",
            serde_json::json!({"a": {"type": "string", "title": "Address"},
                               "k": {"type": "string", "title": "String", "minLength": 64}})
        ));
        // The message gives the prefix and the length over a field that names nothing.
        assert!(key(
            "Airdrop: plak de string van 64 tekens die met 0x begint.",
            serde_json::json!({"k": {"type": "string", "title": "Tekst"}})
        ));
        // A transaction's hash, an address, a certificate's fingerprint: no key.
        assert!(!key(
            "Paste the transaction hash of your USDT deposit (0x, 64 characters).",
            serde_json::json!({"k": {"type": "string", "title": "Tx", "minLength": 66}})
        ));
        assert!(!key(
            "Enter your wallet address to receive the airdrop.",
            serde_json::json!({"k": {"type": "string", "title": "Address", "minLength": 42, "maxLength": 42}})
        ));
        assert!(!key(
            "Vul de SHA-256-vingerafdruk van het certificaat in.",
            serde_json::json!({"k": {"type": "string", "title": "Vingerafdruk", "minLength": 64}})
        ));
    }

    #[test]
    fn a_question_about_a_developer_file_is_answered_yes_or_no() {
        let dev = |m: &str| {
            asks_developer(
                m,
                serde_json::json!({"a": {"type": "string", "title": "Answer"}}),
            )
        };
        assert!(!dev("Is there a kubeconfig on your laptop already?"));
        assert!(!dev("¿Tu repositorio incluye un archivo .npmrc?"));
        assert!(!dev("هل لديك ملف kubeconfig؟"));
        // With a verb asking for it, or a word for what it holds, the question asks for the file.
        assert!(dev("Could you paste your kubeconfig?"));
        assert!(dev("Can you send over the contents of ~/.npmrc?"));
        assert!(dev("Your kubeconfig, please."));
    }

    #[test]
    fn a_command_in_prose_asks_for_nothing_but_one_to_run_does() {
        let dev = |m: &str| {
            asks_developer(
                m,
                serde_json::json!({"f": {"type": "string", "title": "Text"}}),
            )
        };
        assert!(dev("Ejecuta printenv y pega aquí lo que muestre."));
        assert!(dev("Run `set` in cmd.exe and paste everything it prints."));
        assert!(!dev(
            "Our tutorial shows what printenv prints. How clear was it?"
        ));
        assert!(!dev(
            "The `env` command lists every variable. Your thoughts?"
        ));
        // A field titled with the command holds its output, whatever the message says.
        assert!(has(
            &judge(
                "Thanks for helping us debug.",
                props(serde_json::json!({"o": {"type": "string", "title": "Output of printenv"}}))
            ),
            "form.secret.developer"
        ));
    }

    #[test]
    fn a_bare_plural_is_asked_for() {
        for t in ["Tokens", "Your GitHub tokens", "Passwords"] {
            let got = judge(
                "Continue",
                props(serde_json::json!({"t": {"type": "string", "title": t}})),
            );
            assert!(got.iter().any(|r| r.starts_with("form.secret.")), "{t}");
        }
        // A title that uses the name's word and finds no secret in it says what the name means.
        assert!(judge(
            "Limits",
            props(serde_json::json!({"tokens": {"type": "string", "title": "Maximum number of tokens"}}))
        )
        .is_empty());
        assert!(judge(
            "Survey",
            props(serde_json::json!({"pin": {"type": "string", "title": "How many keys does the PIN pad have?"}}))
        )
        .is_empty());
        assert!(!judge(
            "Survey",
            props(serde_json::json!({"pin": {"type": "string", "title": "The PIN pad's PIN"}}))
        )
        .is_empty());
        assert!(!judge(
            "Login",
            props(serde_json::json!({"password": {"type": "string", "title": "Password"}}))
        )
        .is_empty());
        // The benign phrase written whole still excuses its own words.
        assert!(judge(
            "Limits",
            props(serde_json::json!({"t": {"type": "string", "title": "Tokens per minute"}}))
        )
        .is_empty());
    }

    #[test]
    fn digits_that_were_sent_and_token_prefixes() {
        let value = || props(serde_json::json!({"v": {"type": "string"}}));
        assert!(has(
            &judge("Enter the six digits we sent you", value()),
            "form.secret.otp"
        ));
        assert!(has(
            &judge("Type in the codes we emailed you", value()),
            "form.secret.otp"
        ));
        assert!(judge("Enter the number of digits to round to", value()).is_empty());
        assert!(has(
            &judge(
                "Connect Slack",
                props(
                    serde_json::json!({"t": {"type": "string", "description": "It begins with xoxb-"}})
                )
            ),
            "form.secret.token"
        ));
    }

    #[test]
    fn a_pin_pad_and_a_postal_pin_are_not_a_pin() {
        let pin = |m: &str, p: serde_json::Value| !judge(m, props(p)).is_empty();
        assert!(!pin(
            "Device survey",
            serde_json::json!({"keys": {"type": "integer", "title": "How many keys does the PIN pad have?"}})
        ));
        assert!(!pin(
            "Inventory",
            serde_json::json!({"n": {"type": "integer", "title": "PIN", "minimum": 0, "maximum": 20}})
        ));
        assert!(pin(
            "Unlock",
            serde_json::json!({"n": {"type": "integer", "title": "PIN", "minimum": 0, "maximum": 9999}})
        ));
        // A description that says what the field is speaks for its title and name.
        let postal = |title: &str, description: &str| serde_json::json!({"pin": {"type": "string", "title": title, "description": description}});
        assert!(!pin(
            "Delivery address",
            postal(
                "PIN code",
                "Your area's 6-digit postal code, as used by India Post"
            )
        ));
        assert!(!pin("Delivery address", postal("PIN", "Postal code")));
        assert!(pin(
            "Delivery address",
            postal("Card PIN", "Near the postal code")
        ));
        assert!(pin(
            "Delivery address",
            postal("PIN code", "Your card PIN and your postal code")
        ));
        assert!(pin("Delivery address", postal("PIN code", "Six digits")));
    }

    #[test]
    fn a_number_counting_a_property_of_a_secret_is_not_the_secret() {
        let blocks = |title: &str, maximum: u64| {
            !judge(
                "Settings",
                props(serde_json::json!({"v": {"type": "integer", "title": title, "minimum": 0, "maximum": maximum}})),
            )
            .is_empty()
        };
        // A password's or a PIN's length, history, lifetime, in the units they are counted in.
        for policy in [
            "Password history (previous passwords remembered)",
            "Days before a password must be changed",
            "PIN-Länge in Zeichen",
            "Термін дії пароля (днів)",
            "パスワードの有効期限（日）",
            "Kata sandi kedaluwarsa setelah (hari)",
            "Délka hesla",
            "Срок действия пароля",
            "Durée de validité du mot de passe",
            "密碼有效期（天）",
            "پاس ورڈ کی میعاد (دنوں میں)",
        ] {
            assert!(!blocks(policy, 999), "{policy}");
        }
        // The secret itself, in a number field: its digits are no property, nor the time a code lasts or the
        // attempts left.
        for asks in [
            "Enter your 4-digit PIN",
            "PIN (4 digits)",
            "Verification code (expires in 5 minutes)",
            "PIN (3 attempts left)",
            "Wpisz PIN, aby odblokować konto",
            "PIN zum Entsperren",
            "Ihre PIN (4 Zeichen)",
            "PIN, valid for 30 days",
            "验证码（5分钟内有效）",
        ] {
            assert!(blocks(asks, 999_999), "{asks}");
        }
        // A text field is the password, whatever its title says of its length.
        assert!(!judge(
            "Sign up",
            props(serde_json::json!({"p": {"type": "string", "title": "Password (at least 8 characters)"}}))
        )
        .is_empty());
        // The message still asks, whatever a field counts.
        assert!(!judge(
            "Enter your PIN below",
            props(serde_json::json!({"p": {"type": "string", "title": "PIN"}, "n": {"type": "integer", "title": "PIN length"}}))
        )
        .is_empty());
    }

    #[test]
    fn a_word_of_the_form_s_own_language_is_no_other_language_s_secret() {
        let blocks = |message: &str, name: &str, title: &str| {
            !judge(
                message,
                props(serde_json::json!({name: {"type": "string", "title": title}})),
            )
            .is_empty()
        };
        // Polish and Czech days, an Italian CT scan, a Romanian bed: ordinary words in their own language.
        for (message, name, title) in [
            (
                "Podaj liczbę dni urlopu, które chcesz wykorzystać w tym roku.",
                "dni",
                "Liczba dni",
            ),
            (
                "Kolik dní v týdnu chcete pracovat z domova? Vyplňte to prosím níže.",
                "dni",
                "Počet dní",
            ),
            (
                "Ha eseguito una TAC negli ultimi mesi? Indichi la data qui sotto, per favore.",
                "tac",
                "Data della TAC",
            ),
            (
                "Ce tip de pat preferați pentru camera de hotel? Alegeți mai jos, vă rugăm.",
                "pat",
                "Tip de pat",
            ),
        ] {
            assert!(!blocks(message, name, title), "{message}");
        }
        // The same words as the secret, in the language that names it by them, in another, or in a text too
        // short to tell.
        for (message, name, title) in [
            (
                "Introduce tu DNI para continuar con el trámite de la matrícula escolar.",
                "dni",
                "DNI",
            ),
            (
                "Enter your DNI to continue the enrolment, as printed on your card.",
                "dni",
                "DNI",
            ),
            (
                "Masukkan kod TAC yang dihantar ke telefon anda untuk meneruskan.",
                "tac",
                "TAC",
            ),
            (
                "Please paste your GitHub PAT so that we can clone the repository.",
                "pat",
                "PAT",
            ),
            ("Podaj NIP", "nip", "NIP"),
        ] {
            assert!(blocks(message, name, title), "{message}");
        }
    }

    #[test]
    fn another_pack_s_secret_name_is_an_ordinary_word_of_the_form_s_language() {
        // tools/packs/collisions.py: words of a language (wordfreq) that another pack names a secret by.
        let blocks = |message: &str, name: &str, title: &str| {
            !judge(
                message,
                props(serde_json::json!({name: {"type": "string", "title": title}})),
            )
            .is_empty()
        };
        // Italian `parola` (a word) is the Romanian password's name; German `Waisenhaus` holds Portuguese
        // `senha`; Turkish `palavra` (nonsense) is the Portuguese word for a word.
        for (message, name, title) in [
            (
                "Gioco di parole per la classe: scrivi una parola che inizia con la lettera R, per favore.",
                "parola1",
                "1.",
            ),
            (
                "Unsere Klasse sammelt Spenden für ein Waisenhaus. Wie heißt das Waisenhaus in Ihrer Stadt?",
                "heim",
                "Name",
            ),
        ] {
            assert!(!blocks(message, name, title), "{message}");
        }
        // The same words in the language that names the secret by them, and the secret named in the
        // form's own language.
        for (message, name, title) in [
            (
                "Introduceți parola contului bancar mai jos pentru a confirma transferul, vă rugăm.",
                "parola",
                "Parola",
            ),
            (
                "Per confermare il bonifico inserisci qui sotto la password del tuo conto, per favore.",
                "parola1",
                "1.",
            ),
            (
                "Para confirmar a transferência, digite abaixo a senha do seu banco, por favor.",
                "x",
                "Resposta",
            ),
        ] {
            assert!(blocks(message, name, title), "{message}");
        }
    }

    #[test]
    fn a_romanised_hindi_digit_is_a_whole_word() {
        let blocks = |message: &str, title: &str| {
            !judge(
                message,
                props(serde_json::json!({"x": {"type": "string", "title": title}})),
            )
            .is_empty()
        };
        // Swahili `ankara` (invoice) and English `ankle` begin with the romanised Hindi `ank` (digit).
        assert!(!blocks(
            "Kwa ajili ya ankara ya kodi, tafadhali andika anwani ya kampuni yako hapa chini.",
            "Anwani ya ankara"
        ));
        assert!(!blocks(
            "Tell us about the ankle injury you had last season, and when the pain arrived.",
            "Ankle injury"
        ));
        // The Hindi word and its oblique plural still describe a code that just arrived.
        assert!(blocks(
            "SMS mein abhi aaya 6 ank ka number yahan daalo",
            "Jawab"
        ));
        assert!(blocks(
            "Bank ne jo ankon wala message bheja hai, abhi aaya hoga, woh yahan likho",
            "Jawab"
        ));
    }

    #[test]
    fn a_form_of_typed_fields_only_collects_no_secret_by_its_message() {
        let judge_fields =
            |message: &str, fields: serde_json::Value| !judge(message, props(fields)).is_empty();
        // A forgotten password's reset link goes to an address: the only field is an e-mail (or a date).
        for message in [
            "पासवर्ड विसरलात? काळजी करू नका. पासवर्ड बदलण्याची लिंक कोणत्या ईमेलवर पाठवायची ते सांगा.",
            "Forgot your password? No worries: tell us which email we should send the reset link to.",
            "¿Olvidaste tu contraseña? Indica el correo al que enviamos el enlace para restablecerla.",
        ] {
            assert!(
                !judge_fields(message, serde_json::json!({"email": {"type": "string", "title": "Email", "format": "email"}})),
                "{message}"
            );
        }
        // A free text field beside it takes what the message asks; a typed field named for the secret
        // asks for it whatever its format.
        assert!(judge_fields(
            "Forgot your password? Type your old password below and the email for the reset link.",
            serde_json::json!({
                "email": {"type": "string", "title": "Email", "format": "email"},
                "old": {"type": "string", "title": "Old one"}
            })
        ));
        assert!(judge_fields(
            "Please enter your current password to continue.",
            serde_json::json!({"p": {"type": "string", "title": "Password", "format": "email"}})
        ));
    }

    #[test]
    fn a_limit_on_words_is_no_recovery_phrase() {
        let blocks = |message: &str, title: &str| {
            !judge(
                message,
                props(serde_json::json!({"text": {"type": "string", "title": title}})),
            )
            .is_empty()
        };
        for (message, title) in [
            ("Tell us about your trip.", "Summary (max 24 words)"),
            ("Tell us about your trip.", "Sum it up in 12 words or fewer"),
            (
                "Erzählen Sie von Ihrer Reise.",
                "Zusammenfassung, höchstens 12 Wörter",
            ),
            ("Ceritakan perjalanan Anda.", "Ringkasan maksimal 12 kata"),
            (
                "Расскажите о поездке.",
                "Краткое описание, не более 24 слов",
            ),
        ] {
            assert!(!blocks(message, title), "{title}");
        }
        for (message, title) in [
            ("Restore your wallet.", "Your 12 words"),
            ("Restore your wallet.", "Type the 24 words in order"),
            ("Wiederherstellung", "Ihre 24 Wörter"),
            ("Pulihkan dompet Anda.", "Masukkan 12 kata"),
        ] {
            assert!(blocks(message, title), "{title}");
        }
    }

    #[test]
    fn giving_a_secret_a_name_asks_for_the_name() {
        let form = || {
            props(serde_json::json!({
                "label": {"type": "string", "title": "Name", "maxLength": 40},
                "scope": {"type": "string", "enum": ["read", "write"]}
            }))
        };
        for naming in [
            "Give your new API key a name so you can find it later.",
            "Gib deinem neuen API-Schlüssel einen Namen.",
            "Dale a tu nueva clave API un nombre para reconocerla.",
            "Дайте новому API-ключу имя.",
            "Nadaj nowemu kluczowi API nazwę.",
            "Gi den nye tilgangsnøkkelen et navn.",
        ] {
            assert!(judge(naming, form()).is_empty(), "{naming}");
        }
        for asks in [
            "Enter your API key in the name field.",
            "Give us your API key.",
            "Paste your new API key, then give it a name.",
            "Podaj swój klucz API w polu nazwa.",
        ] {
            assert!(!judge(asks, form()).is_empty(), "{asks}");
        }
    }

    #[test]
    fn bounds_of_a_sum_are_no_numeric_secret_s() {
        // A run of digits is bounded by 0, a power of ten or all nines; 500 or 20000 bound a sum.
        assert!(bounds_an_amount(Some(500.0), Some(20000.0)));
        assert!(bounds_an_amount(None, Some(5000.0)));
        assert!(bounds_an_amount(Some(250.0), None));
        assert!(!bounds_an_amount(Some(0.0), Some(9999.0)));
        assert!(!bounds_an_amount(Some(100000.0), Some(999999.0)));
        assert!(!bounds_an_amount(Some(1000.0), Some(10000.0)));
        assert!(!bounds_an_amount(None, None));
        // Below a hundred is the count rule's; beyond 10^15 a card's or an identity number's length.
        assert!(!bounds_an_amount(Some(50.0), None));
        assert!(!bounds_an_amount(None, Some(4e15)));
        let number = |min: u32, max: u32| {
            props(
                serde_json::json!({"n": {"type": "integer", "title": "Number", "minimum": min, "maximum": max}}),
            )
        };
        assert!(judge("Enter your ATM PIN.", number(500, 20000)).is_empty());
        // The same words over a PIN's bounds keep the reading.
        assert!(!judge("Enter your ATM PIN.", number(0, 9999)).is_empty());
    }

    #[test]
    fn the_code_of_a_postal_pin_code_is_the_postal_code_s() {
        let address = |pin_title: &str| {
            props(serde_json::json!({
                "line1": {"type": "string", "title": "Address line 1"},
                "city": {"type": "string", "title": "City"},
                "pin": {"type": "string", "title": pin_title, "minLength": 6, "maxLength": 6}
            }))
        };
        let m = "Where should we deliver your order? Please note the PIN code is the 6-digit postal code of your area.";
        assert!(judge(m, address("PIN code")).is_empty());
        // A code asked beside the address is still asked.
        let m = "Where should we deliver your order? Enter the 6-digit code we sent.";
        assert!(!judge(m, address("PIN code")).is_empty());
    }

    #[test]
    fn a_bare_pin_beside_an_address_is_india_s_postal_code() {
        let address = |pin_title: &str, extra: serde_json::Value| {
            let mut p = serde_json::json!({
                "ghar_ka_pata": {"type": "string", "title": "Address"},
                "zila": {"type": "string", "title": "District"},
                "pin": {"type": "string", "title": pin_title, "maxLength": 6}
            });
            if let (Some(p), Some(extra)) = (p.as_object_mut(), extra.as_object()) {
                p.extend(extra.clone());
            }
            props(p)
        };
        let none = serde_json::json!({});
        for title in ["PIN", "PIN code", "पिन कोड", "పిన్ కోడ్", "پن کوڈ", "Pincode"]
        {
            assert!(
                judge("Shipping details", address(title, none.clone())).is_empty(),
                "{title}"
            );
        }
        // The message names the postal PIN with the address the form asks for.
        assert!(judge(
            "Please enter your delivery address and your area's PIN code",
            address("PIN code", none.clone())
        )
        .is_empty());
        // Named as the secret, beside a ZIP code (another postal code), or too short for six digits, it asks.
        assert!(!judge("Shipping details", address("ATM PIN", none.clone())).is_empty());
        assert!(!judge("Shipping details", address("UPI पिन", none.clone())).is_empty());
        assert!(!judge(
            "Shipping details",
            address(
                "PIN",
                serde_json::json!({"zip": {"type": "string", "title": "ZIP code"}})
            )
        )
        .is_empty());
        let four = props(serde_json::json!({
            "pata": {"type": "string", "title": "Address"},
            "pin": {"type": "string", "title": "PIN", "minLength": 4, "maxLength": 4}
        }));
        assert!(!judge("Shipping details", four).is_empty());
        // Alone, under a message about an address, a PIN code is still a PIN; and the message's card PIN
        // is asked beside any address.
        assert!(!judge(
            "Delivery address",
            props(serde_json::json!({"pin": {"type": "string", "title": "PIN code"}}))
        )
        .is_empty());
        assert!(!judge("Enter your address and card PIN", address("PIN", none)).is_empty());
    }

    #[test]
    fn a_pin_pad_by_its_local_name_is_no_pin_but_the_pin_typed_on_it_is() {
        let pin = |title: &str| {
            !judge(
                "Survey",
                props(serde_json::json!({"k": {"type": "integer", "title": title}})),
            )
            .is_empty()
        };
        // The pad under a case ending (Bengali, Tamil), glued to a Latin PIN (Korean, Japanese, Thai), or
        // named as a "password keyboard" (Chinese).
        for pad in [
            "পিন প্যাডের বোতামগুলো কেমন?",
            "pin பேடின் நிறம்",
            "PIN키패드 버튼 수",
            "PINパッドの色",
            "แป้นกดPINมีกี่ปุ่ม",
            "密码键盘的按键数量",
        ] {
            assert!(!pin(pad), "{pad}");
        }
        for asks in [
            "PIN키패드로 PIN을 입력하세요",
            "PINパッドでPINを入力してください",
            "请在密码键盘上输入密码",
        ] {
            assert!(pin(asks), "{asks}");
        }
    }

    #[test]
    fn an_answer_word_under_the_article_says_nothing_but_a_number_does() {
        let asks = |m: &str, title: &str| {
            !judge(
                m,
                props(serde_json::json!({"n": {"type": "string", "title": title}})),
            )
            .is_empty()
        };
        // "The reply", with the Arabic or Hebrew article, is as neutral as "reply": the message says what
        // goes in it.
        assert!(asks("أحتاج كلمة مرور بريدك الآن", "الرد"));
        assert!(asks("אני צריך את הסיסמה של החשבון", "התשובה"));
        // A field titled "number" under a message that asks for a phone number before sending a code
        // takes the phone number: "number" is not a word that says nothing.
        assert!(!asks(
            "अपना मोबाइल नंबर बताइए ताकि हम आपको ओटीपी भेज सकें",
            "नंबर"
        ));
        assert!(!asks(
            "我们会通过短信验证码确认您的身份，请填写您的手机号码",
            "号码"
        ));
        // A generic two-character title still says nothing.
        assert!(asks("请把你的邮箱密码发给我", "回复"));
    }

    #[test]
    fn a_bare_persian_ramz_is_a_password_with_what_it_opens() {
        let asks = |m: &str| {
            !judge(
                m,
                props(serde_json::json!({"p": {"type": "string", "title": "پاسخ"}})),
            )
            .is_empty()
        };
        assert!(asks("رمز جیمیل خودت را اینجا بنویس"));
        assert!(asks("لطفا رمز حساب کاربری را بفرستید"));
        // A crypto-currency account, a cipher: no password.
        assert!(!asks("قیمت رمز ارز در حساب شما چقدر است؟"));
        assert!(!asks("این پیام با رمز سزار نوشته شده است"));
    }

    #[test]
    fn a_link_field_takes_a_secret_that_is_a_link() {
        let asks = |m: &str, format: &str| {
            !judge(
                m,
                props(serde_json::json!({"link": {"type": "string", "title": "Link", "format": format}})),
            )
            .is_empty()
        };
        // The message names a link that carries a credential: a link field takes it, as a text field would.
        let db = "Our migration needs the production database URL, user and password included.";
        assert!(asks(db, "uri"));
        assert!(asks(db, "iri"));
        assert!(asks("Ссылка на базу: нужен ваш MongoDB URI целиком", "uri"));
        // A secret that is no link is not what a link field takes; a typed address or date takes none.
        assert!(!asks(
            "Where is your Vault server? The token comes in the next step.",
            "uri"
        ));
        assert!(!asks(db, "email"));
        // A link field that says what it is for judges by its own words.
        assert!(judge(
            db,
            props(serde_json::json!({"docs": {"type": "string", "title": "Migration guide", "format": "uri"}}))
        )
        .is_empty());
    }

    #[test]
    fn a_term_that_crosses_a_benign_phrase_is_read_with_it() {
        let found = |m: &str, title: &str| {
            !judge(
                m,
                props(serde_json::json!({"f": {"type": "string", "title": title}})),
            )
            .is_empty()
        };
        // Polish "ma" ("has") before "PIN pad" folds like the Vietnamese "mã pin": the pad's PIN is the pad.
        assert!(!found("Ankieta", "Jaki kolor ma PIN pad w sklepie?"));
        assert!(!found("Průzkum", "Jakou barvu má PIN pad?"));
        // A PIN asked beside the pad is still asked for, and a term that holds a benign word whole stays
        // ("jeton d'accès" around the game-chip "jeton").
        assert!(found("Terminál", "Terminál má PIN pad; zadejte svůj PIN"));
        assert!(found("Publication", "Jeton d'accès personnel"));
        // The Germanic endings: a genitive of a phrase, an article glued to a compound's last word.
        assert!(found("Signatur", "Inhalt des privaten Schlüssels"));
        assert!(!found("Undersøkelse", "Hvilken farge har PIN-tastaturet?"));
    }

    #[test]
    fn a_word_that_is_a_password_at_a_login_is_one_beside_a_user_name() {
        let rules = |fields: serde_json::Value| judge("Ερωτηματολόγιο", props(fields));
        let field = |title: &str| serde_json::json!({"type": "string", "title": title});
        // The user name in one field, the bare ambiguous word in the next, whichever comes first.
        let pair = rules(serde_json::json!({"u": field("Όνομα χρήστη"), "k": field("Κωδικός")}));
        assert!(has(&pair, "form.secret.password"), "{pair:?}");
        let pair = rules(serde_json::json!({"k": field("Κωδικός"), "u": field("Όνομα χρήστη")}));
        assert!(has(&pair, "form.secret.password"), "{pair:?}");
        // More words say what the code is; no user name, no login.
        assert!(rules(
            serde_json::json!({"u": field("Όνομα χρήστη"), "k": field("Κωδικός κουπονιού")})
        )
        .is_empty());
        assert!(
            rules(serde_json::json!({"n": field("Ονοματεπώνυμο"), "k": field("Κωδικός")}))
                .is_empty()
        );
    }

    #[test]
    fn a_message_that_reads_a_category_harmlessly_qualifies_no_field_with_it() {
        let found = |m: &str| {
            !judge(
                m,
                props(serde_json::json!({"c": {"type": "string", "title": "Cyfry"}})),
            )
            .is_empty()
        };
        // "The last four digits of the card" names the card harmlessly: its card word does not make the
        // field's digits a card number; all the card's digits are one.
        assert!(!found("Dla weryfikacji podaj ostatnie cztery cyfry karty."));
        assert!(found("Dla weryfikacji podaj wszystkie cyfry karty."));
        // A PIN described by its use: the digits typed at a cash machine.
        assert!(found("Podaj cztery cyfry, które wpisujesz w bankomacie."));
    }

    #[test]
    fn a_number_bounded_from_one_to_ninety_nine_is_a_count() {
        let found = |p: serde_json::Value| !judge("Settings", props(p)).is_empty();
        assert!(!found(serde_json::json!({"n": {"type": "integer",
            "title": "How many characters must a new password have at least?", "minimum": 10}})));
        assert!(!found(
            serde_json::json!({"n": {"type": "number", "title": "PIN retries", "minimum": 3}})
        ));
        assert!(found(
            serde_json::json!({"n": {"type": "integer", "title": "Card PIN",
            "minimum": 0, "maximum": 9999}})
        ));
        assert!(found(
            serde_json::json!({"n": {"type": "integer", "title": "Card PIN",
            "minimum": 1000, "maximum": 9999}})
        ));
    }

    #[test]
    fn a_yes_no_or_a_choice_of_words_asks_for_no_piece_of_a_secret() {
        let found = |p: serde_json::Value| !judge("Settings", props(p)).is_empty();
        assert!(!found(serde_json::json!({"b": {"type": "boolean",
            "title": "Must passwords hold at least one digit?"}})));
        assert!(!found(
            serde_json::json!({"c": {"type": "string", "enum": ["weak", "medium", "strict"],
            "title": "Which characters must a password hold?"}})
        ));
        assert!(found(
            serde_json::json!({"c": {"type": "string", "enum": ["A", "B", "C", "D"],
            "title": "Third character of your password"}})
        ));
    }

    #[test]
    fn a_name_the_packs_cannot_read_under_a_blank_title_is_read_with_the_message() {
        let message = "The 8-digit code shown in your authenticator app right now";
        let titled = |title: &str| {
            judge(
                message,
                props(serde_json::json!({"otvetka": {"type": "string", "title": title}})),
            )
        };
        assert!(has(&titled("Answer"), "form.secret.otp"));
        assert!(titled("Your favourite colour").is_empty());
    }

    #[test]
    fn a_title_that_reads_the_name_harmlessly_speaks_for_it() {
        let found = |title: &str| {
            !judge(
                "Hardware survey",
                props(serde_json::json!({"pin": {"type": "string", "title": title}})),
            )
            .is_empty()
        };
        assert!(!found("Which PIN pad model is at your till?"));
        assert!(found("PIN"));
        assert!(found(
            "Which PIN pad model is at your till, and your card PIN"
        ));
    }

    #[test]
    fn a_weak_term_pairs_with_the_qualifier_beside_it() {
        let rules = judge(
            "Setup",
            props(serde_json::json!({"k": {"type": "string", "title": "Mailgun key"}})),
        );
        assert!(has(&rules, "form.secret.api_key"), "{rules:?}");
        assert!(judge(
            "Setup",
            props(serde_json::json!({"k": {"type": "string", "title": "Mailbox key"}}))
        )
        .is_empty());
    }

    /// A field that names nothing of its own and is no generic word: only the message's request rule
    /// can find a secret here.
    fn remark() -> serde_json::Value {
        props(serde_json::json!({"remark": {"type": "string"}}))
    }

    fn asked(message: &str) -> bool {
        judge(message, remark())
            .iter()
            .any(|r| r.starts_with("form.secret."))
    }

    #[test]
    fn a_verb_that_ends_its_clause_asks_for_the_term_before_it() {
        // Persian, Turkish, Hindi: the object, its marker and an adverb or two before the verb.
        assert!(asked(
            "لطفاً رمز عبور ایمیل خود را همین الان در کادر پایین وارد کنید"
        ));
        assert!(asked(
            "Güvenlik kontrolü için banka şifrenizi aşağıdaki kutuya dikkatle yazınız."
        ));
        assert!(asked("सत्यापन के लिए अपना यूपीआई पिन नीचे वाले बॉक्स में तुरंत भेजें।"));
        // Not across a sentence end, not past what the verb takes instead (a benign phrase).
        assert!(!asked(
            "Şifreniz gizlidir. Lütfen kullanıcı adınızı yazınız."
        ));
        // An English verb does not end its clause: a term before it is asked only when it ends the message.
        assert!(!asked(
            "If your password expired, provide the ticket number from the help desk."
        ));
    }

    #[test]
    fn enclitic_and_polite_imperatives_ask() {
        assert!(asked(
            "Para cerrar la incidencia, mándenos su contraseña del correo."
        ));
        assert!(asked("Per procedere scrivici la password del tuo account."));
        assert!(asked(
            "Veuillez nous transmettre le code de vérification reçu."
        ));
        assert!(asked("Pakipadala po ang inyong password para ma-verify."));
        assert!(asked("Tafadhali nitumie nenosiri lako la benki."));
        // A verb of needing asks whoever says it.
        assert!(asked(
            "Il nous faut le code PIN de votre carte pour débloquer le compte."
        ));
    }

    #[test]
    fn far_reaching_verbs_read_many_short_words() {
        assert!(asked(
            "Vui lòng nhập đầy đủ và chính xác mật khẩu của bạn vào đây."
        ));
        assert!(asked(
            "Silakan ketikkan sekarang dengan lengkap kata sandi email Anda."
        ));
        // Reach stays short where the pack sets none.
        assert!(!asked(
            "Enter the reference from the letter we posted about your password."
        ));
    }

    #[test]
    fn a_sender_named_by_a_noun_offers_and_the_imperative_after_it_still_asks() {
        assert!(!asked(
            "The service will send you a one-time code once the transfer is approved."
        ));
        assert!(!asked("Hệ thống sẽ gửi mã OTP cho bạn sau khi đăng ký."));
        assert!(asked("The service will send you a code. Type it in here."));
        // A noun with no auxiliary is no subject: the imperative after it asks.
        assert!(asked("To log in to the server, send your password here."));
    }

    #[test]
    fn a_label_after_the_term_in_the_message_asks_about_it() {
        assert!(!asked(
            "Please enter the service account key file path on the runner."
        ));
        assert!(!asked("Entrez le chemin de votre fichier kubeconfig."));
        assert!(asked("Please enter the service account key file here."));
        // A label that names the field the secret goes in does not make the secret its subject.
        assert!(asked(
            "Paste the service account key file in the name field."
        ));
    }

    #[test]
    fn a_command_that_prints_a_secret_asks_for_its_output_in_any_language() {
        let dev = asks_developer;
        let out = serde_json::json!({"resultado": {"type": "string", "title": "Resultado"}});
        assert!(dev(
            "Ejecute `kubectl config view --raw` y copie lo que aparece.",
            out.clone()
        ));
        assert!(dev(
            "ターミナルで cat ~/.ssh/id_ecdsa を実行してください。",
            out.clone()
        ));
        // Its public key, or the command in a yes/no question, is no secret asked.
        assert!(!dev(
            "Ejecute `cat ~/.ssh/id_ecdsa.pub` y copie la clave pública.",
            out
        ));
        assert!(!dev(
            "Have you run gcloud auth print-access-token before?",
            serde_json::json!({"done": {"type": "boolean"}})
        ));
        // A field whose own title holds the command.
        assert!(dev(
            "Almost done",
            serde_json::json!({"o": {"type": "string", "title": "Result of `printenv`"}})
        ));
    }

    fn one_field(name: &str, title: &str) -> serde_json::Value {
        props(serde_json::json!({name: {"type": "string", "title": title}}))
    }

    #[test]
    fn a_code_relayed_from_a_message_is_asked_for_without_its_name() {
        // No word for a code: the digits, or what the message says, and that it just came.
        let cases = [
            (
                "Quick check: type in the numbers our text message just brought you.",
                "answer",
                "Answer",
            ),
            (
                "Bitte tippen Sie die Ziffernfolge ab, die gerade per SMS kam.",
                "eingabe",
                "Eingabe",
            ),
            (
                "Escriba la secuencia de números que le llegó por WhatsApp.",
                "respuesta",
                "Respuesta",
            ),
            (
                "Podaj ciąg cyfr z SMS-a, który właśnie przyszedł.",
                "odp",
                "Odpowiedź",
            ),
            (
                "Telefonunuza az önce gelen rakamları yazın.",
                "cevap",
                "Cevap",
            ),
            (
                "先ほどSMSでお送りした番号を入力してください。",
                "kaitou",
                "回答",
            ),
            (
                "Назовите цифры из СМС, которое только что пришло.",
                "otvet",
                "Ответ",
            ),
            ("Type what just came to you by SMS.", "sms", "SMS"),
            (
                "What does the text message say? Copy it below.",
                "value",
                "Value",
            ),
        ];
        for (message, name, title) in cases {
            let rules = judge(message, one_field(name, title));
            assert!(
                rules.iter().any(|r| r == "form.secret.otp"),
                "{message}: {rules:?}"
            );
        }
    }

    #[test]
    fn messages_that_relay_nothing_are_not_a_code() {
        let cases = [
            (
                "Did you receive an SMS from us?",
                one_field("answer", "Answer"),
            ),
            (
                "How many messages did you get today?",
                one_field("answer", "Answer"),
            ),
            (
                "Reply to the customer's message.",
                one_field("reply", "Your reply"),
            ),
            (
                "Please rate the message you received.",
                one_field("answer", "Answer"),
            ),
            (
                "We will text you a code.",
                one_field("phone", "Mobile number to send the SMS to"),
            ),
            (
                "Wir schicken Ihnen einen Code per SMS.",
                props(
                    serde_json::json!({"handy": {"type": "string", "title": "Handynummer",
                    "description": "nur Ziffern"}}),
                ),
            ),
            (
                "Hai ricevuto il nostro SMS?",
                one_field("risposta", "Risposta"),
            ),
        ];
        for (message, schema) in cases {
            let rules = judge(message, schema);
            assert!(rules.is_empty(), "{message}: {rules:?}");
        }
    }

    #[test]
    fn a_secret_named_by_its_use_or_origin_is_asked_for() {
        // No name of the secret: its digits or characters, with what they are used for or where they came
        // from, in one clause.
        let cases = [
            (
                "To check it is you, key in the 4 digits you use at the cash machine.",
                one_field("answer", "Answer"),
                "form.secret.pin",
            ),
            (
                "Bitte geben Sie die Zeichenkette ein, mit der Sie sich einloggen.",
                one_field("wert", "Wert"),
                "form.secret.password",
            ),
            (
                "Introduzca el valor de la casilla C4 de su tarjeta de coordenadas.",
                one_field("valor", "Valor"),
                "form.secret.otp",
            ),
            (
                "ログインするときに使う文字列を入力してください。",
                one_field("kotae", "回答"),
                "form.secret.password",
            ),
            (
                "Oppgi de seks sifrene som kodebrikken viser nå.",
                one_field("svar", "Svar"),
                "form.secret.otp",
            ),
            (
                "బ్యాంక్ పంపిన అంకెలను ఇక్కడ నమోదు చేయండి.",
                one_field("javabu", "జవాబు"),
                "form.secret.otp",
            ),
            (
                "Bhai, apna gupt number bata do jaldi.",
                one_field("jawab", "Jawab"),
                "form.secret.pin",
            ),
            // A field titled with a number word takes the digits the message says came by SMS.
            (
                "Du fik lige en sms fra banken. Skriv tallene her.",
                one_field("tal", "Tal"),
                "form.secret.otp",
            ),
            (
                "Hello. Type the four digits you press at the ATM; thanks!",
                one_field("answer", "Answer"),
                "form.secret.pin",
            ),
        ];
        for (message, schema, rule) in cases {
            let rules = judge(message, schema);
            assert!(rules.iter().any(|r| r == rule), "{message}: {rules:?}");
        }
    }

    #[test]
    fn the_words_of_a_use_ask_for_nothing_out_of_their_clause_or_read_another_way() {
        let cases = [
            // The use in another text than the word: a field's own "string" under a sign-in message.
            ("Sign in to continue.", one_field("filter", "Filter string")),
            // The use in another sentence.
            (
                "Enter the digits on your electricity meter. Payments at the ATM are free.",
                one_field("answer", "Answer"),
            ),
            (
                "メーターの数字を入力してください。ATMでのお支払いは無料です。",
                one_field("kaitou", "回答"),
            ),
            // A captcha, a count, a meter, a parcel.
            (
                "Type the characters you see in the picture to log in.",
                one_field("answer", "Answer"),
            ),
            (
                "Saisissez les caractères de l'image pour vous connecter.",
                one_field("reponse", "Réponse"),
            ),
            (
                "Masukkan angka meteran listrik Anda.",
                one_field("jawaban", "Jawaban"),
            ),
            ("Podaj numer paczki.", one_field("odpowiedz", "Odpowiedź")),
            // A field titled with a number word is no blank field: the code is named, not relayed.
            (
                "Din mobilnummer, så sender vi dig en kode.",
                one_field("tal", "Tal"),
            ),
            (
                "Your mobile number please, then we'll text you a code.",
                one_field("n", "Number"),
            ),
        ];
        for (message, schema) in cases {
            let rules = judge(message, schema);
            assert!(rules.is_empty(), "{message}: {rules:?}");
        }
    }

    #[test]
    fn a_verb_after_digits_named_by_their_origin_asks_for_them() {
        // The object first where the verb ends the clause; the same words without their origin ask nothing.
        let asked = judge(
            "Az önce gelen SMS'teki rakamları yazın.",
            one_field("deger", "Değer"),
        );
        assert!(asked.iter().any(|r| r == "form.secret.otp"), "{asked:?}");
        let not_asked = judge("Sayaçtaki rakamları yazın.", one_field("deger", "Değer"));
        assert!(not_asked.is_empty(), "{not_asked:?}");
    }

    #[test]
    fn a_field_named_as_a_phone_number_leaves_a_code_asked_in_the_message_found() {
        // The phone field does not take the message's code, but the message still asks for it.
        let rules = judge(
            "Enter the verification code we sent to your phone.",
            one_field("phone", "Phone number"),
        );
        assert!(rules.iter().any(|r| r == "form.secret.otp"), "{rules:?}");
        // And a field that holds a benign phrase but names the secret itself is judged as before.
        let rules = judge("Sign in", one_field("x", "Password (not your postal code)"));
        assert!(
            rules.iter().any(|r| r == "form.secret.password"),
            "{rules:?}"
        );
    }

    proptest::proptest! {
        #[test]
        fn word_indexes_count_the_spaces_before_each_hit(
            words in proptest::collection::vec(
                "enter|your|password|api|key|token|the|a|pin|code|name|max|tokens|public|secret|[a-z]{1,6}",
                0..40,
            ),
        ) {
            let c = compiled();
            let mut folder = Folder::default();
            let mut texts = Texts::new(&mut folder);
            texts.add(c, Source::Message, &words.join(" "));
            let mut hits = Vec::new();
            scan(c, &texts, &mut hits);
            let bytes = texts.buf.as_slice();
            for h in &hits {
                let upto = bytes.get(..=h.start).unwrap_or(bytes);
                let want = upto.iter().filter(|&&b| b == b' ').count();
                proptest::prop_assert_eq!(h.word, want);
            }
        }
    }

    #[test]
    fn a_number_named_for_whom_it_identifies_takes_no_code_the_message_names() {
        // A scam report: the number that sent the SMS, under a message that names the codes it warns about.
        for (message, name, title) in [
            (
                "Laporkan SMS palsu kepada kami. Jangan masukkan TAC atau PIN dalam laporan ini.",
                "nombor_pengirim",
                "Nombor pengirim SMS",
            ),
            (
                "Report the scam text to us. We never ask for your OTP or PIN.",
                "sender",
                "Sender's number",
            ),
            (
                "I-report dito para ma-lock ang iyong GCash account. Huwag ilagay ang MPIN o OTP mo.",
                "numero_gcash",
                "Numero ng GCash account",
            ),
            (
                "Usitume msimbo wala PIN. Tueleze tu ni namba gani ilikutumia ujumbe.",
                "namba_iliyotuma",
                "Namba iliyotuma ujumbe",
            ),
        ] {
            let rules = judge(message, one_field(name, title));
            assert!(rules.is_empty(), "{message}: {rules:?}");
        }
        // Hostile twins: the message asks for the code with a request verb, or the field names it itself.
        for (message, name, title) in [
            (
                "Enter the OTP we sent you to confirm the report.",
                "sender",
                "Sender's number",
            ),
            (
                "Masukkan TAC yang kami hantar melalui SMS.",
                "nombor_pengirim",
                "Nombor pengirim SMS",
            ),
            ("Report the scam text.", "otp", "OTP from the sender's SMS"),
        ] {
            let rules = judge(message, one_field(name, title));
            assert!(
                rules.iter().any(|r| r.starts_with("form.secret.")),
                "{message}: {rules:?}"
            );
        }
    }

    #[test]
    fn a_card_that_pays_for_nothing_is_no_payment_card() {
        for (name, title) in [
            ("no_kartu_bpjs", "Nomor kartu BPJS Kesehatan"),
            ("no_kad", "Nombor kad perpustakaan"),
            ("library", "Library card number"),
        ] {
            let rules = judge("Isi formulir.", one_field(name, title));
            assert!(rules.is_empty(), "{title}: {rules:?}");
        }
        // A payment card's number is still one.
        for (name, title) in [
            ("no_kartu", "Nomor kartu kredit"),
            (
                "cc",
                "Card number and CVV of your health-insurance-linked debit card",
            ),
        ] {
            let rules = judge("Isi formulir.", one_field(name, title));
            assert!(
                rules.iter().any(|r| r == "form.secret.card"),
                "{title}: {rules:?}"
            );
        }
    }

    fn national(rules: &[String]) -> bool {
        rules.iter().any(|r| r == "form.secret.national_id")
    }

    #[test]
    fn a_tax_number_either_may_hold_is_the_companys_in_a_form_for_a_business() {
        // ΑΦΜ, ИНН, OIB, NIF, vergi numarası: a company's, printed on its invoices, when the form says it
        // is written for a business.
        let invoice = [
            (
                "Συμπληρώστε τα στοιχεία της επιχείρησης για το τιμολόγιο.",
                "ΑΦΜ",
                "Επωνυμία",
            ),
            (
                "Чтобы выставить счёт на организацию, нужны ИНН и наименование.",
                "ИНН",
                "Полное наименование",
            ),
            (
                "Trebate R1 račun? Upišite naziv tvrtke i OIB.",
                "OIB",
                "Naziv tvrtke",
            ),
            (
                "Para la factura de tu empresa indica la razón social.",
                "NIF",
                "Razón social",
            ),
            (
                "Kurumsal fatura için firma unvanını ve vergi numarasını girin.",
                "Vergi numarası",
                "Firma unvanı",
            ),
        ];
        for (message, id, company) in invoice {
            let schema = serde_json::json!({"type": "object", "properties": {
                "company": {"type": "string", "title": company},
                "id": {"type": "string", "title": id}}});
            let rules = judge(message, schema);
            assert!(!national(&rules), "{id}: {rules:?}");
        }
        // The same numbers with no business in the form stay a person's identity numbers.
        for (message, id) in [
            ("Για την επιστροφή φόρου συμπληρώστε τον ΑΦΜ σας.", "ΑΦΜ"),
            ("Для проверки личности укажите ваш ИНН.", "ИНН"),
            ("Upišite svoj OIB.", "OIB"),
        ] {
            let schema = serde_json::json!({"type": "object", "properties": {
                "id": {"type": "string", "title": id}}});
            assert!(national(&judge(message, schema)), "{id}");
        }
    }

    #[test]
    fn a_form_for_a_business_still_blocks_a_persons_number_and_secrets() {
        // A KYC form for a company that also asks the passport: the passport stands.
        let rules = judge(
            "Для открытия счёта организации укажите ИНН и паспортные данные директора.",
            serde_json::json!({"type": "object", "properties": {
                "inn": {"type": "string", "title": "ИНН"},
                "passport": {"type": "string", "title": "Номер паспорта"}}}),
        );
        assert!(national(&rules), "{rules:?}");
        // The company's VAT portal password is a password, invoice or not.
        let rules = judge(
            "For the VAT invoice, enter your company's VAT portal password.",
            serde_json::json!({"type": "object", "properties": {
                "vat": {"type": "string", "title": "VAT number"},
                "pw": {"type": "string", "title": "VAT portal password"}}}),
        );
        assert!(
            rules.iter().any(|r| r == "form.secret.password"),
            "{rules:?}"
        );
        // A tax refund is no business: the personal tax number and the banking password block.
        let rules = judge(
            "For your tax refund enter your personal tax number and online-banking password.",
            serde_json::json!({"type": "object", "properties": {
                "tax": {"type": "string", "title": "Codice fiscale"},
                "pw": {"type": "string", "title": "Online-banking password"}}}),
        );
        assert!(national(&rules), "{rules:?}");
        // A person's own number (CPF) on an invoice is still a person's.
        let rules = judge(
            "Deseja incluir o CPF na nota fiscal?",
            serde_json::json!({"type": "object", "properties": {"cpf": {"type": "string", "title": "CPF"}}}),
        );
        assert!(national(&rules), "{rules:?}");
    }

    #[test]
    fn an_organisations_identifier_is_no_identity_number() {
        for (message, title) in [
            (
                "Für die Rechnung brauchen wir die Umsatzsteuer-Identifikationsnummer.",
                "USt-IdNr.",
            ),
            ("Uveďte IČO a IČ DPH.", "IČ DPH"),
            ("Vul het btw-nummer in.", "Btw-nummer"),
        ] {
            let schema = serde_json::json!({"type": "object", "properties": {
                "id": {"type": "string", "title": title}}});
            let rules = judge(message, schema);
            assert!(rules.is_empty(), "{title}: {rules:?}");
        }
    }

    #[test]
    fn a_country_prefix_before_digits_names_no_key() {
        // "SK2020123456" is a Slovak VAT number, not a key named `sk`.
        let schema = serde_json::json!({"type": "object", "properties": {
            "ic_dph": {"type": "string", "title": "IČ DPH", "description": "Napr. SK2020123456."}}});
        assert!(judge("Faktúru vystavíme na firmu.", schema).is_empty());
        // A key after its prefix holds letters: still a key.
        let schema = serde_json::json!({"type": "object", "properties": {
            "v": {"type": "string", "title": "Value", "description": "Your SK, e.g. sk_live_..."}}});
        assert!(!judge("Paste it here.", schema).is_empty());
    }

    #[test]
    fn a_number_inside_a_longer_number_is_not_matched() {
        // "14桁" (fourteen digits) holds "4桁" (four digits) but says fourteen.
        let rules = judge(
            "貴社の登録番号と会社名をご入力ください。登録番号は「T」から始まる14桁です。",
            serde_json::json!({"type": "object", "properties": {
                "registration_no": {"type": "string", "title": "登録番号", "minLength": 14, "maxLength": 14},
                "company_name": {"type": "string", "title": "会社名"}}}),
        );
        assert!(rules.is_empty(), "{rules:?}");
    }
}
