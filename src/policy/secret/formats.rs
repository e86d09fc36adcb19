//! The credential formats, compiled for searching: one `RegexSet` for the formats whose every match starts
//! with one of a few literals (`ghp_`, `AKIA`, `-----BEGIN `), and a `Regex` of its own for each other one
//! (`scheme://user:password@`, which starts with any letter).
//!
//! Why two kinds: a `RegexSet` searches from a prefilter over its members' prefixes only when every member
//! has one. A single member without a prefix switched it off for all of them, and the set's lazy DFA then
//! stepped through every byte of every message (the judgement of a 64 KB result grew by 5%). A format of its
//! own gets the regex engine's inner-literal search instead (`://`). Which kind a format is follows from its
//! regex alone (the same prefix extraction the engine does), so operator formats need say nothing about it.

use regex::{Regex, RegexBuilder, RegexSet, RegexSetBuilder};
use regex_syntax::hir::literal::{ExtractKind, Extractor};

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
    /// Every other format, with its index.
    others: Vec<(Regex, usize)>,
}

impl Formats {
    /// Compiles `sources` (already checked one by one), each automaton within `size_limit` bytes.
    pub fn build(sources: &[String], size_limit: usize) -> Result<Self, regex::Error> {
        let (mut set, mut prefixed_ids, mut others) = (Vec::new(), Vec::new(), Vec::new());
        for (i, s) in sources.iter().enumerate() {
            if has_literal_prefix(s) {
                set.push(s.as_str());
                prefixed_ids.push(i);
            } else {
                others.push((RegexBuilder::new(s).size_limit(size_limit).build()?, i));
            }
        }
        let prefixed = RegexSetBuilder::new(set).size_limit(size_limit).build()?;
        Ok(Formats {
            prefixed,
            prefixed_ids,
            others,
        })
    }

    /// Whether any format matches somewhere in `text`.
    pub fn is_match(&self, text: &str) -> bool {
        self.prefixed.is_match(text) || self.others.iter().any(|(r, _)| r.is_match(text))
    }

    /// The indexes of the formats that match in `text`, ascending. `is_match` first: it stops early, while
    /// the set's `matches` must report every member and runs about ten times slower.
    pub fn matches(&self, text: &str) -> Vec<usize> {
        let mut found: Vec<usize> = if self.prefixed.is_match(text) {
            self.prefixed
                .matches(text)
                .into_iter()
                .filter_map(|m| self.prefixed_ids.get(m).copied())
                .collect()
        } else {
            Vec::new()
        };
        found.extend(
            self.others
                .iter()
                .filter(|(r, _)| r.is_match(text))
                .map(|&(_, i)| i),
        );
        found.sort_unstable();
        found
    }
}

/// Whether every match of `regex` starts with one of a finite set of literals of at least [`MIN_PREFIX`]
/// bytes. Anything the extractor cannot bound (a class, an unparseable regex) says no: the format is then
/// searched on its own, which is correct for any regex, only not shared.
fn has_literal_prefix(regex: &str) -> bool {
    let Ok(hir) = regex_syntax::parse(regex) else {
        return false;
    };
    let seq = Extractor::new().kind(ExtractKind::Prefix).extract(&hir);
    seq.literals()
        .is_some_and(|l| !l.is_empty() && l.iter().all(|lit| lit.len() >= MIN_PREFIX))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shipped_formats_split_as_intended() {
        assert!(has_literal_prefix(
            r"\b(?:ghp|gho|ghu|ghs|ghr)_[A-Za-z0-9]{36,255}\b"
        ));
        assert!(has_literal_prefix(
            r"-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----"
        ));
        assert!(has_literal_prefix(r"\bxox[abposre]-[A-Za-z0-9\-]{10,}"));
        assert!(!has_literal_prefix(
            r"\b[A-Za-z][A-Za-z0-9+.\-]{1,30}://[^\s:/@]+:[^\s:/@]{2,}@"
        ));
        assert!(!has_literal_prefix("(["));
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
            proptest::prop_assert_eq!(split.is_match(&text), whole.is_match(&text));
            proptest::prop_assert_eq!(split.matches(&text), expected);
        }
    }
}
