//! The credential formats, compiled for searching: one `RegexSet` for the formats whose every match starts
//! with one of a few literals (`ghp_`, `AKIA`, `-----BEGIN `), and a `Regex` of its own for each other one
//! (`scheme://user:password@`, which starts with any letter).
//!
//! Why two kinds: a `RegexSet` searches from a prefilter over its members' prefixes only when every member
//! has one. A single member without a prefix switched it off for all of them, and the set's lazy DFA then
//! stepped through every byte of every message (a measurable cost on a large result). A format of its
//! own gets the regex engine's inner-literal search instead (`://`). Which kind a format is follows from its
//! regex alone (the same prefix extraction the engine does), so operator formats need say nothing about it.
//!
//! The set's prefixes are also given out ([`Formats::prefixes`]): the term-free test
//! ([`super::prefilter`]) looks for them in a message in the pass it makes anyway, so that a message it
//! proves free of them is not searched by the set a second time. That pass also proves the message free of
//! the bytes it reads as risky (`@`, `$`, controls, anything not ASCII): a format of its own that cannot
//! match without one of them (`…@` above) is not searched in such a message either ([`Search::Plain`]).

use regex::{Regex, RegexBuilder, RegexSet, RegexSetBuilder};
use regex_syntax::hir::literal::{ExtractKind, Extractor};
use regex_syntax::hir::{Class, Hir, HirKind, Look};

use super::prefilter::is_risky_byte;

/// Shortest prefix literal that makes a format a member of the set: a one-byte prefix (a class of letters
/// becomes dozens of them) leaves the prefilter stopping at nearly every byte.
const MIN_PREFIX: usize = 2;

/// The compiled formats; a format is known by its index in the list given to [`Formats::build`].
#[derive(Debug)]
pub struct Formats {
    /// The formats with literal prefixes, in one set.
    prefixed: RegexSet,
    /// The format index of each member of `prefixed`, in member order.
    prefixed_ids: Vec<usize>,
    /// Every other format.
    others: Vec<Other>,
    /// The literal prefixes of each member of `prefixed`, in member order.
    prefixes: Vec<Prefixes>,
}

/// A format without literal prefixes.
#[derive(Debug)]
struct Other {
    regex: Regex,
    /// Its index in the list.
    id: usize,
    /// Whether it can match a plain text ([`Search::Plain`]); false when every match holds a risky byte.
    plain: bool,
}

/// Literals one of which starts every match of a format.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Prefixes {
    /// The literals, as the regex engine extracts them (each at least [`MIN_PREFIX`] bytes; case as written).
    pub literals: Vec<Vec<u8>>,
    /// Whether the regex asserts, before its first byte, that no word character precedes the match (`\b`,
    /// `^`, a word start): the byte before a literal is then not a letter, digit or `_`, or there is none.
    pub after_boundary: bool,
}

/// Which formats a search looks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Search {
    /// Every format.
    All,
    /// Only the formats that can match a *plain* text, one known to hold none of [`Formats::prefixes`] and
    /// no risky byte ([`is_risky_byte`]): formats without literal prefixes whose regex can match without a
    /// risky byte.
    Plain,
}

impl Formats {
    /// Compiles `sources` (already checked one by one), each automaton within `size_limit` bytes.
    pub fn build(sources: &[String], size_limit: usize) -> Result<Self, regex::Error> {
        let (mut set, mut prefixed_ids, mut others) = (Vec::new(), Vec::new(), Vec::new());
        let mut prefixes = Vec::new();
        for (i, s) in sources.iter().enumerate() {
            if let Some(p) = literal_prefixes(s) {
                set.push(s.as_str());
                prefixed_ids.push(i);
                prefixes.push(p);
            } else {
                let regex = RegexBuilder::new(s).size_limit(size_limit).build()?;
                // A regex the parser refuses was refused by the builder above; were it not, searching it in
                // every text is the safe side.
                let plain = regex_syntax::parse(s).map_or(true, |hir| matches_without_risky(&hir));
                others.push(Other {
                    regex,
                    id: i,
                    plain,
                });
            }
        }
        let prefixed = RegexSetBuilder::new(set).size_limit(size_limit).build()?;
        Ok(Formats {
            prefixed,
            prefixed_ids,
            others,
            prefixes,
        })
    }

    /// The literal prefixes of the formats that have them: a text holding none of them (and no byte the
    /// searches below would not be given) and no risky byte can be searched with [`Search::Plain`].
    pub fn prefixes(&self) -> &[Prefixes] {
        &self.prefixes
    }

    /// Whether `search` covers any format: when not, no text need be read for it.
    pub fn searches_any(&self, search: Search) -> bool {
        self.others_in(search).next().is_some()
            || (search == Search::All && !self.prefixed_ids.is_empty())
    }

    /// The formats of their own that `search` covers.
    fn others_in(&self, search: Search) -> impl Iterator<Item = &Other> {
        self.others
            .iter()
            .filter(move |o| search == Search::All || o.plain)
    }

    /// Whether any format `search` covers matches somewhere in `text`.
    pub fn is_match(&self, text: &str, search: Search) -> bool {
        (search == Search::All && self.prefixed.is_match(text))
            || self.others_in(search).any(|o| o.regex.is_match(text))
    }

    /// The indexes of the formats `search` covers that match in `text`, ascending. `is_match` first: it
    /// stops early, while the set's `matches` must report every member and runs many times slower.
    pub fn matches(&self, text: &str, search: Search) -> Vec<usize> {
        let mut found: Vec<usize> = if search == Search::All && self.prefixed.is_match(text) {
            self.prefixed
                .matches(text)
                .into_iter()
                .filter_map(|m| self.prefixed_ids.get(m).copied())
                .collect()
        } else {
            Vec::new()
        };
        found.extend(
            self.others_in(search)
                .filter(|o| o.regex.is_match(text))
                .map(|o| o.id),
        );
        found.sort_unstable();
        found
    }
}

/// The finite set of literals of at least [`MIN_PREFIX`] bytes one of which starts every match of `regex`,
/// or `None`. Anything the extractor cannot bound (a class, an unparseable regex) says no: the format is
/// then searched on its own, which is correct for any regex, only not shared.
fn literal_prefixes(regex: &str) -> Option<Prefixes> {
    let hir = regex_syntax::parse(regex).ok()?;
    let seq = Extractor::new().kind(ExtractKind::Prefix).extract(&hir);
    let literals = seq.literals()?;
    if literals.is_empty() || literals.iter().any(|lit| lit.len() < MIN_PREFIX) {
        return None;
    }
    Some(Prefixes {
        literals: literals.iter().map(|l| l.as_bytes().to_vec()).collect(),
        after_boundary: starts_after_boundary(&hir),
    })
}

/// Whether `hir` can match a text without a risky byte ([`is_risky_byte`]). Over-approximated, the safe side:
/// every look-around is taken to hold. A class can when it holds a byte or an ASCII character that is not
/// risky (every other character is encoded with bytes above 0x7F), a literal when none of its bytes is, a
/// sequence when all its parts can, a choice when one can, a repetition when it may repeat zero times or
/// its part can.
fn matches_without_risky(hir: &Hir) -> bool {
    match hir.kind() {
        HirKind::Empty | HirKind::Look(_) => true,
        HirKind::Literal(lit) => !lit.0.iter().any(|&b| is_risky_byte(b)),
        HirKind::Class(Class::Bytes(class)) => class
            .ranges()
            .iter()
            .any(|r| (r.start()..=r.end()).any(|b| !is_risky_byte(b))),
        HirKind::Class(Class::Unicode(class)) => class.ranges().iter().any(|r| {
            (r.start()..=r.end().min('\x7F'))
                .any(|c| u8::try_from(c).is_ok_and(|b| !is_risky_byte(b)))
        }),
        HirKind::Repetition(rep) => rep.min == 0 || matches_without_risky(&rep.sub),
        HirKind::Capture(group) => matches_without_risky(&group.sub),
        HirKind::Concat(parts) => parts.iter().all(matches_without_risky),
        HirKind::Alternation(choices) => choices.iter().any(matches_without_risky),
    }
}

/// Whether `hir` asserts, before anything else, that the byte before the match is no word character (or
/// that there is none). Only the plain shapes are recognised (a look-around first in a concatenation, or in
/// a group there); any other answers no, which only makes the term-free test look for more.
fn starts_after_boundary(hir: &Hir) -> bool {
    match hir.kind() {
        HirKind::Look(look) => matches!(
            look,
            Look::Start
                | Look::StartLF
                | Look::StartCRLF
                | Look::WordAscii
                | Look::WordUnicode
                | Look::WordStartAscii
                | Look::WordStartUnicode
                | Look::WordStartHalfAscii
                | Look::WordStartHalfUnicode
        ),
        HirKind::Concat(parts) => parts.first().is_some_and(starts_after_boundary),
        HirKind::Capture(group) => starts_after_boundary(&group.sub),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shipped_formats_split_as_intended() {
        let ghp = literal_prefixes(r"\b(?:ghp|gho|ghu|ghs|ghr)_[A-Za-z0-9]{36,255}\b").unwrap();
        assert!(ghp.after_boundary);
        assert!(ghp.literals.contains(&b"ghp_".to_vec()), "{ghp:?}");
        let pem =
            literal_prefixes(r"-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----").unwrap();
        assert!(!pem.after_boundary);
        assert!(
            pem.literals.iter().all(|l| l.starts_with(b"-----BEGIN ")),
            "{pem:?}"
        );
        assert!(literal_prefixes(r"\bxox[abposre]-[A-Za-z0-9\-]{10,}").is_some());
        assert!(
            literal_prefixes(r"\b[A-Za-z][A-Za-z0-9+.\-]{1,30}://[^\s:/@]+:[^\s:/@]{2,}@")
                .is_none()
        );
        assert!(literal_prefixes("([").is_none());
        // The boundary counts only where it comes first, in any of the shapes that say the byte before is no
        // word character.
        for (regex, after) in [
            (r"^abc", true),
            (r"(?m)^abc", true),
            (r"(\babc)", true),
            (r"\<abc", true),
            (r"\b{start-half}abc", true),
            (r"abc\b", false),
            (r"\Babc", false),
            (r"\babc|abd", false),
        ] {
            assert_eq!(
                literal_prefixes(regex).map(|p| p.after_boundary),
                Some(after),
                "{regex}"
            );
        }
    }

    #[test]
    fn formats_that_need_a_risky_byte_are_known() {
        let plain = |regex: &str| matches_without_risky(&regex_syntax::parse(regex).unwrap());
        // Every match holds one: `@`, `$`, a control, a character that is not ASCII.
        for regex in [
            r"\b[A-Za-z][A-Za-z0-9+.\-]{1,30}://[^\s:/@]+:[^\s:/@]{2,}@",
            r"a[@$]c",
            r"(?:x@|@y)z",
            r"\$\d+",
            r"key=\r",
            "caf\u{e9}",
            r"[\x{100}-\x{10FFFF}]",
            r"(?-u:[@$\r])x",
            r"(?:a|b)+\x7F",
            r"(@){2,}",
        ] {
            assert!(!plain(regex), "{regex}");
        }
        // Some match holds none.
        for regex in [
            r"a@?b",
            r"a[@b]c",
            r"(?:x|@)y",
            r"(?:@)*abc",
            r"[^a-z]",
            r"\bfoo\b",
            r"(?i)\x{212A}",
            r"",
            r"(?-u:[\x7Fa])",
        ] {
            assert!(plain(regex), "{regex}");
        }
    }

    proptest::proptest! {
        /// Split or not, the formats find what one set of all of them finds.
        #[test]
        fn split_formats_match_like_one_set(
            text in "(ghp_[a-zA-Z0-9]{36}|postgres://u:pw@h|AKIA[A-Z0-9]{16}|xoxb-[a-z0-9-]{10}|[ a-z:/@_]{0,12}){0,4}"
        ) {
            let sources: Vec<String> = [
                r"\b(?:ghp|gho)_[A-Za-z0-9]{36,255}\b",
                r"\b[A-Za-z][A-Za-z0-9+.\-]{1,30}://[^\s:/@]+:[^\s:/@]{2,}@",
                r"\b(?:AKIA|ASIA)[A-Z0-9]{16}\b",
                r"[a-z]{3}:[a-z]",
                r"\bxox[abposre]-[A-Za-z0-9\-]{10,}",
            ].iter().map(|s| s.to_string()).collect();
            let split = Formats::build(&sources, 1 << 23).unwrap();
            let whole = RegexSet::new(&sources).unwrap();
            let expected: Vec<usize> = whole.matches(&text).into_iter().collect();
            proptest::prop_assert_eq!(split.is_match(&text, Search::All), whole.is_match(&text));
            proptest::prop_assert_eq!(split.matches(&text, Search::All), expected.clone());
            // The plain search is the formats without literal prefixes that can match without a risky byte:
            // the fourth (the second needs its `@`).
            let plain: Vec<usize> = expected.into_iter().filter(|&i| i == 3).collect();
            proptest::prop_assert_eq!(split.is_match(&text, Search::Plain), !plain.is_empty());
            proptest::prop_assert_eq!(split.matches(&text, Search::Plain), plain);
        }
    }
}
