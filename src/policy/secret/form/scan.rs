//! Folding a form's texts once and scanning them once ([`Texts`], [`scan`]), then deciding which of the
//! terms found stand.
//!
//! The texts of one property (or the message) are folded into one buffer, a newline between them, and the
//! term automaton runs once over it. Its matches become [`Hit`]s, and passes in this order keep or drop them
//! ([`scan_noting`]): a number drops the terms it only contains ("4桁" inside "14桁", a VAT number's country
//! prefix); in a form for a business, a title naming an organisation's identifier takes the name's identity
//! number; a benign phrase takes the terms inside it, and a term crossing it on a word it took; the word
//! indexes are counted (the request rule and the reaches read them); the NUMBER + KEYED gate
//! ([`gate_keyed`]); and bare words mark the weak terms they stand on ([`mark_bare`]).

use super::hit::{Hit, Source};
use crate::policy::secret::normalize::Folder;
use crate::policy::secret::pack::{CatId, Compiled, Kind, Scope};

/// Folded texts of one kind of source each, laid end to end in one buffer and scanned once. A newline
/// separates them: folded terms hold only words and single spaces, so no term matches across two texts.
pub(super) struct Texts<'f> {
    folder: &'f mut Folder,
    pub(super) buf: Vec<u8>,
    spans: Vec<(Source, usize, usize)>,
    /// The two-letter words each added text writes as a key's prefix ([`written_prefixes`]), by the start of
    /// its folded span: "sk" of "sk-proj-…", "sk_live_…".
    prefixes: Vec<(usize, [u8; 2])>,
    /// The form states it is written for a business ([`business`](super::business)): an `either` term is a benign phrase
    /// of its category. Kept across [`Texts::clear`]: it is the form's, not a text's.
    pub(super) business: bool,
}

impl<'f> Texts<'f> {
    pub(super) fn new(folder: &'f mut Folder) -> Self {
        Texts {
            folder,
            buf: Vec::new(),
            spans: Vec::new(),
            prefixes: Vec::new(),
            business: false,
        }
    }

    pub(super) fn clear(&mut self) {
        self.buf.clear();
        self.spans.clear();
        self.prefixes.clear();
    }

    /// Folds `text` in as `source`; empty texts add nothing.
    pub(super) fn add(&mut self, c: &Compiled, source: Source, text: &str) {
        if text.is_empty() {
            return;
        }
        let start = self.buf.len();
        self.folder.fold_into(text, &c.stopwords, &mut self.buf);
        self.spans.push((source, start, self.buf.len()));
        if !matches!(source, Source::Name | Source::Format) {
            written_prefixes(text, |pair| self.prefixes.push((start, pair)));
        }
        self.buf.push(b'\n');
    }

    /// All the folded texts, as text. The folding writes UTF-8 only; were it ever not, the empty text
    /// excuses nothing (callers use it to lift a block, never to make one).
    pub(super) fn folded(&self) -> &str {
        std::str::from_utf8(&self.buf).unwrap_or("")
    }

    /// The folded text of `source` (the first one added).
    pub(super) fn of(&self, source: Source) -> &str {
        self.spans
            .iter()
            .find(|(s, _, _)| *s == source)
            .and_then(|&(_, a, b)| self.buf.get(a..b))
            // The folding writes UTF-8 only; nothing is ever dropped here.
            .and_then(|s| std::str::from_utf8(s).ok())
            .unwrap_or("")
    }

    /// Where the folded text of `source` (the first one added) lies in the buffer.
    pub(super) fn span(&self, source: Source) -> Option<(usize, usize)> {
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
pub(super) fn scan(c: &Compiled, texts: &Texts<'_>, out: &mut Vec<Hit>) -> bool {
    scan_noting(c, texts, out, &mut Vec::new())
}

/// [`scan`], noting in `read_benign` the source and category of every strong or weak term a benign phrase
/// took, and of every benign phrase of a category ("पिन कोड" read as the postal code: the title's PIN is
/// benign).
pub(super) fn scan_noting(
    c: &Compiled,
    texts: &Texts<'_>,
    out: &mut Vec<Hit>,
    read_benign: &mut Vec<(Source, Option<CatId>, usize)>,
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
                read_benign.push((h.source, h.cat, h.start));
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

/// Calls `found` with each two-letter ASCII word (lower case) that `text`, as written, sets as a key's
/// prefix: glued to a `-` or `_` ("sk-proj-…", "„sk-“", "sk_live_…"), and "sk" where the text names the pair
/// "AK/SK" (the access key and secret key of Chinese clouds, named by their initials: "AK/SK", "AK、SK",
/// "AK 和 SK"; not a Slovak "ak", *if*, somewhere before a country's "SK"). The folding drops the
/// punctuation that tells "sk-" from "SK…" or a `.sk` domain, so this reads the text before it is folded.
fn written_prefixes(text: &str, mut found: impl FnMut([u8; 2])) {
    let b = text.as_bytes();
    let word_at = |i: usize| {
        let (Some(&x), Some(&y)) = (b.get(i), b.get(i + 1)) else {
            return None;
        };
        let starts = i == 0
            || b.get(i - 1)
                .is_some_and(|p| !p.is_ascii_alphanumeric() && *p != b'_');
        (starts && x.is_ascii_alphabetic() && y.is_ascii_alphabetic())
            .then(|| [x.to_ascii_lowercase(), y.to_ascii_lowercase()])
    };
    let mut access_pair = false;
    for i in 0..b.len().saturating_sub(1) {
        let Some(pair) = word_at(i) else { continue };
        match b.get(i + 2) {
            Some(b'-' | b'_') => found(pair),
            Some(n) if n.is_ascii_alphanumeric() => {}
            _ if &pair == b"ak" => access_pair |= pair_follows(text, i + 2),
            _ => {}
        }
    }
    if access_pair {
        found(*b"sk");
    }
}

/// Whether "sk" follows byte `at` of `text` as the second of a pair ("AK/SK", "AK、SK", "AK 和 SK", "AK and
/// SK"): only separators and a word for *and* between.
fn pair_follows(text: &str, at: usize) -> bool {
    let Some(rest) = text.get(at..) else {
        return false;
    };
    let mut rest = rest.trim_start_matches([' ', '/', '&', ',', '、', '，']);
    for and in ["和", "与", "與", "及", "and"] {
        if let Some(r) = rest.strip_prefix(and) {
            rest = r.trim_start();
            break;
        }
    }
    let b = rest.as_bytes();
    b.get(..2).is_some_and(|w| w.eq_ignore_ascii_case(b"sk"))
        && b.get(2).is_none_or(|n| !n.is_ascii_alphanumeric())
}

/// Drops the terms a number holds but does not name (invoice12):
/// - a term that starts with a digit matched inside a longer number ("4桁", four digits, in "14桁");
/// - a two-letter API key name ("sk") right before a word of digits alone: a country's prefix to its VAT
///   number ("SK2020123456", "DE123456789"). A key after its prefix holds letters ("sk_live_", "sk-proj-"),
///   and the key formats are read apart ([`crate::policy::secret::formats`]);
/// - such a key name (ident15) in a text other than a property's name where that text does not write it as a
///   key's prefix ([`written_prefixes`]): a text names a key by its prefix as the key is written ("starts with
///   sk-", "sk_live_…"), while "SK" alone in a sentence is a country (a VAT number's "SK…", a `.sk` domain).
///   A name (`sk`) is an identifier and keeps its reading.
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
    let unwritten_prefix = |h: &Hit| {
        if matches!(h.source, Source::Name | Source::Format) {
            return false;
        }
        let Some(term) = bytes.get(h.start..h.end).map(<[u8]>::trim_ascii) else {
            return false;
        };
        let [x, y] = term else {
            return false;
        };
        if !x.is_ascii_alphabetic() || !y.is_ascii_alphabetic() {
            return false;
        }
        // The span the hit lies in: the last text added at or before its start.
        let span = texts
            .spans
            .iter()
            .filter(|&&(_, a, _)| a <= h.start)
            .map(|&(_, a, _)| a)
            .max();
        !texts
            .prefixes
            .iter()
            .any(|&(a, p)| Some(a) == span && p == [*x, *y])
    };
    // The category is looked up only for a two-letter term before digits or in a sentence (rare): no work
    // per scan.
    let drops = |h: &Hit| {
        digit_before(h)
            || (matches!(h.kind, Kind::Strong | Kind::Weak)
                && h.cat.is_some()
                && (prefix_of_digits(h) || unwritten_prefix(h))
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

/// In a form written for a business ([`business`](super::business)): a field whose title names an organisation's identifier
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

/// The NUMBER + KEYED gate (described10, [`crate::policy::secret::concept::Gate`]): a NUMBER word ("number", "nombor",
/// "नंबर") is kept only with a KEYED word ("you press", "tekan", "दाबता") in its text, in the message at
/// most [`crate::policy::secret::concept::CONCEPT_REACH`] words away; the KEYED words, read, are dropped. A field's text
/// that is a NUMBER word and nothing else (a title "Number", "नंबर") keeps it as a word with a reach and no
/// category: it pairs with nothing, but the field is "numbered" and takes the secret the message describes
/// ("the number you press at the ATM"), as a field titled "Digits" does; a number of something ("Nomor
/// invoice", "खाते क्रमांक") says what it holds and keeps nothing. Runs only when the scan found a gate
/// word (no allocation otherwise); the gate words are few. A NUMBER word in the one-time code's role is
/// kept only beside an ARRIVED word instead ([`Gate::Arrived`](crate::policy::secret::concept::Gate)).
fn gate_keyed(texts: &Texts<'_>, out: &mut Vec<Hit>, first: usize) {
    use crate::policy::secret::concept::{Gate, CONCEPT_REACH};
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
        if matches!(h.gate, Gate::Arrived | Gate::Keyed) && identified(out, first, &h) {
            // A number named by what it identifies ("número de contrato", "account number", "اکاؤنٹ
            // نمبر") is that record's number, printed on a bill or a card: not a bare number.
            if let Some(m) = out.get_mut(i) {
                m.gate = Gate::Key;
            }
            continue;
        }
        if h.gate == Gate::Arrived {
            // A NUMBER word in the one-time code's role (otp18): kept beside an ARRIVED word of its text,
            // which its pairing then reads in its clause; a field titled "Number" alone is numbered by the
            // other roles already.
            let arrived = out.get(first..).unwrap_or_default().iter().any(|k| {
                k.kind == Kind::Qualifier
                    && k.concept
                    && k.cat == h.cat
                    && k.source == h.source
                    && (h.source != Source::Message || k.word.abs_diff(h.word) <= CONCEPT_REACH)
            });
            if !arrived {
                if let Some(m) = out.get_mut(i) {
                    m.gate = Gate::Key;
                }
            }
            continue;
        }
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

/// Most words between a NUMBER word and the word for what it identifies written after it: the linking word
/// of the languages that name the record after the number ("número *de* contrato", "numer *do* umowy").
const IDENTIFIED_AFTER: usize = 2;

/// Whether the NUMBER word `h` is named by what it identifies ([`Kind::Identifies`]: an account, a contract,
/// a customer, an order, a booking, a member) right beside it in its own text: the word for the record
/// just before it ("account number", "اکاؤنٹ نمبر", "номер" after "лицевой счёт" reads as its own), or at
/// most [`IDENTIFIED_AFTER`] words after it ("número de contrato", "nomor pelanggan"). Such a number is the
/// record's, printed on a bill, a card or a confirmation, and neither keyed in nor arrived as a code; the
/// other concepts of its clause ("the code we texted you") keep their reading.
fn identified(out: &[Hit], first: usize, h: &Hit) -> bool {
    out.get(first..).unwrap_or_default().iter().any(|k| {
        k.kind == Kind::Identifies
            && k.source == h.source
            && if k.word <= h.word {
                h.word - k.word <= 1
            } else {
                k.word - h.word <= IDENTIFIED_AFTER
            }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::policy::secret::pack::embedded_for_tests as compiled;

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
}
