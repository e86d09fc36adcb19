//! A test on the raw text, before any folding, that a text names no secret: a long benign message then skips
//! the folding and the term scan, which were most of its judgement.
//!
//! The test is one pass over the text's bytes, with automata built once per policy. It says "term-free" only when
//! it can prove that folding the text (see [`super::normalize`]) yields no `strong`, `weak` or `qualifier`
//! term that applies outside names; any other answer sends the text down the full path. The other kinds
//! never act alone: a benign phrase only removes terms inside it, and a request verb, a metadata word, a
//! fragment or a redefinition only qualify a strong or weak term, so a message without those three kinds
//! judges exactly as a message without hits. The proof, for an ASCII text that matches none of the *risky*
//! shapes below (the first of them a risky byte, [`is_risky_byte`]: `@`, `$`, a control but tab and newline,
//! DEL, anything not ASCII):
//!
//! - with no `@` or `$` and no letter next to a digit, every word (maximal run of ASCII letters and digits)
//!   is all letters or all digits: no leetspeak is undone and no trailing digits are split off;
//! - with no lower-case letter before a capital (`eBay`) and no two capitals before a lower-case letter
//!   (`APIKey`, `NOTEs`), every letter word is plain (`Book`, `API`, `table`): no camelCase split;
//! - with no two one-letter words in a row (only separators between them), no letters are joined into a
//!   spelled-out word (`p a s s`);
//!
//! so the folded text is exactly the lower-cased raw words, stopwords left out, a space after each. A term
//! pattern found in it contains its longest word either as a whole folded word (patterns matched as words)
//! or inside one (prefix, suffix, substring and glued patterns); that word, case aside, is then a whole raw
//! word, or inside one. The pass looks for exactly that, for every ASCII pattern of those kinds outside the
//! name-only scope (no non-ASCII pattern can match the folding of ASCII text), and for every risky shape. A
//! text that is not ASCII is never term-free: NFKC and the skeletons make raw bytes say too little. Two
//! proptests hold the proof to the code: a term-free text never folds to a term, and a form judges alike
//! with and without the test.
//!
//! The same pass looks for the credential formats' literal prefixes (`ghp_`, `AKIA`, `-----BEGIN `), so that
//! a message it proves free of them is not searched by the formats' set, the judgement's other pass over
//! its bytes ([`Proof::TermAndPrefixFree`]). Each literal stands as one of its runs of letters and digits
//! with the separators the literal holds around it ([`literal_word`]: `ghp_` after the format's `\b` is
//! the whole word `ghp`, `-----BEGIN ` the word `begin` after five separators and before one): a text that
//! holds the literal where its format could match holds that word so bounded, read as this test reads
//! text (case ignored, every ASCII byte that is neither a letter nor a digit a separator, but the risky
//! bytes, which are risky wherever they are). A literal holding a risky byte needs no word; one with no
//! letter or digit leaves the set searched for every text. Such words only make fewer texts term-free,
//! which the term proof above allows; a test (`a_prefix_free_text_holds_no_prefixed_format`) holds the
//! prefix proof to the format search.
//!
//! The definition is a walk over the bytes with two automata, two table lookups a byte ([`free`]): an
//! Aho-Corasick DFA of the words (ASCII case ignored; a word match that must be bounded is then checked for
//! its separators, [`Bounds`]), and a 33-state machine of the risky shapes (`SHAPES`; a proptest holds it to
//! the shapes written as a regex, `RISKY`). One regex DFA for both was tried first: the product of the word
//! trie and the shapes' states was 24 MiB and took seconds to build. The walk, match checks included, costs
//! about what two plain DFA passes do, and well under what folding and scanning the same message cost.
//!
//! What runs is the same test as one table ([`table`]): an Aho-Corasick automaton built here over byte
//! classes, whose whole words carry their separators (`SEP word SEP`), whose risky shapes but case are
//! patterns or states of its own, and whose every match is one absorbing sink, so that a byte costs a class
//! lookup and a table lookup and nothing is checked until the end of a block; capitals, rare in prose, are
//! looked at thirty-two bytes at a time. Its module doc has the construction; proptests hold it to the walk
//! (the same answer on every text: prose, terms, camelCase, digits against letters, `@` and `$`, links,
//! controls, invisible and bidi characters, other scripts, one-letter words, long words), and the walk stays
//! as the reference and for a policy too large for the table.

use aho_corasick::automaton::{Automaton, StateID};
use aho_corasick::dfa::DFA as WordDfa;
use aho_corasick::{Anchored, MatchKind, StartKind};

use super::normalize::MAX_FOLD_BYTES;

mod table;

/// The risky shapes (see the module doc) as a regex with Unicode off (ASCII classes; `(?i)` folds ASCII
/// letters only): the definition [`SHAPES`] is tested against.
#[cfg(test)]
const RISKY: &str = r"(?-u)[@$\x00-\x08\x0B-\x1F\x7F]|(?i:[a-z][0-9]|[0-9][a-z])|[a-z][A-Z]|[A-Z][A-Z][a-z]|(?i:(?:^|[^0-9a-z])[a-z][^0-9a-z]+[a-z](?:$|[^0-9a-z]))";

/// Whether the test reads `b` as risky wherever it stands: `@` and `$` (leetspeak, which the folding
/// undoes), every byte above 0x7F (NFKC and the skeletons make raw bytes say too little), and the controls
/// but tab and newline, DEL with them (the sanitiser removes those: a text proven free of them is printable
/// ASCII, which [`Proof::TermAndPrefixFree`] tells the sanitiser). A text holding one is never term-free.
pub const fn is_risky_byte(b: u8) -> bool {
    matches!(b, b'@' | b'$' | 0x7F..=0xFF) || (b < 0x20 && b != b'\t' && b != b'\n')
}

/// Byte classes of the shape machine.
const SEP: u8 = 0;
const LOWER: u8 = 1;
const UPPER: u8 = 2;
const DIGIT: u8 = 3;
/// A risky byte ([`is_risky_byte`]; of the ASCII ones, `@`, `$` and the controls but tab and newline).
const LEET: u8 = 4;
const CLASSES: usize = 5;

const CLASS: [u8; 256] = {
    let mut t = [SEP; 256];
    let mut b = 0;
    while b < 256 {
        let c = b as u8;
        t[b] = if c.is_ascii_lowercase() {
            LOWER
        } else if c.is_ascii_uppercase() {
            UPPER
        } else if c.is_ascii_digit() {
            DIGIT
        } else if is_risky_byte(c) {
            LEET
        } else {
            SEP
        };
        b += 1;
    }
    t
};

/// A shape-machine state: the class of the previous byte (bits 0-1: separator or start, lower, upper,
/// digit), whether the two previous bytes were capitals (`UU`), whether the current word is one letter so
/// far (`ONE`), and whether the last word ended was a one-letter word with only separators since
/// (`PENDING`). [`RISKY_STATE`] is the sink: a risky shape was seen.
const UU: u8 = 4;
const ONE: u8 = 8;
const PENDING: u8 = 16;
const RISKY_STATE: u8 = 32;
const STATES: usize = 33;

/// The state after `class` in `state` (see the module doc for the shapes).
const fn step(state: u8, class: u8) -> u8 {
    if state == RISKY_STATE || class == LEET {
        return RISKY_STATE;
    }
    let prev = state & 3;
    let letter_before = prev == LOWER || prev == UPPER;
    match class {
        DIGIT => {
            if letter_before {
                return RISKY_STATE;
            }
            // A digit word is a word, not a one-letter one: it ends any pending run.
            DIGIT
        }
        LOWER | UPPER => {
            if prev == DIGIT || (class == UPPER && prev == LOWER) {
                return RISKY_STATE;
            }
            if class == LOWER && prev == UPPER && state & UU != 0 {
                return RISKY_STATE;
            }
            let pending = state & PENDING;
            if prev == SEP {
                // A word starts: one letter so far.
                class | ONE | pending
            } else if class == UPPER && prev == UPPER {
                class | UU | pending
            } else {
                class | pending
            }
        }
        _ => {
            // A separator: the word before it, if any, ends here.
            if letter_before && state & ONE != 0 {
                if state & PENDING != 0 {
                    return RISKY_STATE;
                }
                return SEP | PENDING;
            }
            if letter_before || prev == DIGIT {
                return SEP;
            }
            state & PENDING
        }
    }
}

/// [`step`] as a table, by `state * CLASSES + class`.
const SHAPES: [u8; STATES * CLASSES] = {
    let mut t = [0u8; STATES * CLASSES];
    let mut s = 0;
    while s < STATES {
        let mut c = 0;
        while c < CLASSES {
            t[s * CLASSES + c] = step(s as u8, c as u8);
            c += 1;
        }
        s += 1;
    }
    t
};

/// [`SHAPES`] by state and byte, the class lookup folded in, for the walk: entry `state * 256 + byte` holds
/// the next state times 256, so that a step is one OR and one load. 64 rows, so that an index masked to 14
/// bits is in bounds without a check (rows past [`STATES`] are never reached).
static BY_BYTE: [u16; 64 * 256] = {
    let mut t = [(RISKY_STATE as u16) << 8; 64 * 256];
    let mut s = 0;
    while s < STATES {
        let mut b = 0;
        while b < 256 {
            t[s * 256 + b] = (SHAPES[s * CLASSES + CLASS[b] as usize] as u16) << 8;
            b += 1;
        }
        s += 1;
    }
    t
};

/// The walk's form of a state ([`BY_BYTE`]).
const fn row(state: u8) -> u16 {
    (state as u16) << 8
}

/// How a pattern of the term automaton is found in folded text, as far as this test needs to know.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shape {
    /// ` word word `: every word of it is a whole folded word.
    Words,
    /// Prefix, suffix, substring or glued: its words lie inside folded words.
    Inside,
}

/// Where a word of the test must lie to count: after how many separators (non-alphanumeric ASCII bytes;
/// the text's start reads as one), and whether before one (the text's end reads as one). A term word that
/// must be whole is `{ left: 1, right: true }`, one wanted anywhere `{ left: 0, right: false }`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Bounds {
    pub left: usize,
    pub right: bool,
}

impl Bounds {
    const WHOLE: Bounds = Bounds {
        left: 1,
        right: true,
    };
    const ANYWHERE: Bounds = Bounds {
        left: 0,
        right: false,
    };

    /// The bounds that hold wherever either holds: a word wanted both ways counts where either wants it.
    fn weakest(self, other: Bounds) -> Bounds {
        Bounds {
            left: self.left.min(other.left),
            right: self.right && other.right,
        }
    }
}

/// What [`TermFree::prove`] proved of a text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Proof {
    /// Nothing: the text takes the full path.
    Nothing,
    /// Its folding holds no term that counts.
    TermFree,
    /// That, and it holds no literal prefix of the credential formats the test was built with
    /// ([`super::formats::Formats::prefixes`]) and, all of it read, no risky byte ([`is_risky_byte`]): it
    /// is a *plain* text, which only the formats [`super::formats::Search::Plain`] names can match, and
    /// printable ASCII (with tabs and newlines), which the sanitiser need not check again.
    TermAndPrefixFree,
}

/// The compiled test. Without its automaton (the build failed), no text is term-free.
#[derive(Debug, Clone)]
pub struct TermFree {
    built: Option<Words>,
    /// The same test as one table ([`table`]), when it fits; else the walk over both automata runs.
    one_table: Option<table::OneTable>,
    /// Whether the words include one for every literal prefix of the formats (see [`literal_word`]), so that
    /// a term-free text is prefix-free too.
    covers_prefixes: bool,
}

#[derive(Debug, Clone)]
struct Words {
    /// The longest word of every pattern that counts, and a word of every format prefix.
    dfa: WordDfa,
    /// By word id: where it must lie.
    bounds: Vec<Bounds>,
}

/// What a text must hold for a format's literal prefix to occur in it, as the test reads text.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Needs {
    /// This word, so bounded (ASCII lower case, letters and digits).
    Word(String, Bounds),
    /// A byte the test reads as risky ([`is_risky_byte`]): a text holding it is never term-free anyway.
    RiskyByte,
    /// Nothing the test can look for (a literal of separators only).
    Unknown,
}

/// The word that stands for `literal` (see [`Needs`]): one of its runs of letters and digits, case folded,
/// bounded by the separators the literal holds around it, and on the left by the format's boundary when
/// the run starts the literal (`after_boundary`: the byte before a match is then no letter, digit or `_`,
/// which is a separator or a risky byte here, or the start). Of the runs, the one bounded on more sides
/// (the fewest benign texts hold it: `SEP sk SEP` before `sk` inside a word), the first of equals.
fn literal_word(literal: &[u8], after_boundary: bool) -> Needs {
    if literal.iter().any(|&b| is_risky_byte(b)) {
        return Needs::RiskyByte;
    }
    let mut best: Option<(usize, String, Bounds)> = None;
    let mut at = 0;
    let mut separators = 0;
    while let Some(&b) = literal.get(at) {
        if !b.is_ascii_alphanumeric() {
            separators += 1;
            at += 1;
            continue;
        }
        let end = literal
            .get(at..)
            .and_then(|rest| rest.iter().position(|b| !b.is_ascii_alphanumeric()))
            .map_or(literal.len(), |n| at + n);
        let bounds = Bounds {
            left: if at == 0 {
                usize::from(after_boundary)
            } else {
                separators
            },
            right: end < literal.len(),
        };
        let score = usize::from(bounds.left > 0) + usize::from(bounds.right);
        if best.as_ref().is_none_or(|(s, _, _)| score > *s) {
            let word = literal
                .get(at..end)
                .unwrap_or_default()
                .to_ascii_lowercase();
            best = Some((score, String::from_utf8_lossy(&word).into_owned(), bounds));
        }
        separators = 0;
        at = end;
    }
    match best {
        Some((_, word, bounds)) => Needs::Word(word, bounds),
        None => Needs::Unknown,
    }
}

impl TermFree {
    /// Builds the test for `patterns`: each a pattern of the term automaton as it is matched in folded text
    /// (` pin `, `password`, ...), its shape, and whether it counts: whether it is a `strong`, `weak` or
    /// `qualifier` term outside the name-only scope. Patterns that do not count are left out, and so are
    /// those not ASCII, which cannot match the folding of an ASCII text. The formats' `prefixes` are looked
    /// for too, each through the word that stands for it ([`literal_word`]); when one has none, none are.
    pub fn build<'a>(
        patterns: impl IntoIterator<Item = (&'a str, Shape, bool)>,
        prefixes: &[super::formats::Prefixes],
    ) -> TermFree {
        let mut words: std::collections::BTreeMap<String, Bounds> = Default::default();
        let mut add = |word: String, bounds: Bounds| {
            let at = words.entry(word).or_insert(bounds);
            *at = at.weakest(bounds);
        };
        for (pattern, shape, counts) in patterns {
            if !counts || !pattern.is_ascii() {
                continue;
            }
            // The longest word: the rarest, so the fewest benign texts are sent down the full path.
            let Some(word) = pattern
                .split(' ')
                .filter(|w| !w.is_empty())
                .max_by_key(|w| w.len())
            else {
                continue;
            };
            let bounds = match shape {
                Shape::Words => Bounds::WHOLE,
                Shape::Inside => Bounds::ANYWHERE,
            };
            add(word.to_owned(), bounds);
        }
        let needs: Vec<Needs> = prefixes
            .iter()
            .flat_map(|p| p.literals.iter().map(|l| literal_word(l, p.after_boundary)))
            .collect();
        let covers_prefixes = !needs.contains(&Needs::Unknown);
        if covers_prefixes {
            for need in needs {
                if let Needs::Word(word, bounds) = need {
                    add(word, bounds);
                }
            }
        }
        let one_table = table::OneTable::build(
            &words
                .iter()
                .map(|(w, &b)| (w.as_str(), b))
                .collect::<Vec<_>>(),
        );
        let (list, bounds): (Vec<String>, Vec<Bounds>) = words.into_iter().unzip();
        let built = WordDfa::builder()
            .match_kind(MatchKind::Standard)
            .start_kind(StartKind::Unanchored)
            .ascii_case_insensitive(true)
            .prefilter(false)
            .build(&list)
            .ok()
            .map(|dfa| Words { dfa, bounds });
        TermFree {
            built,
            one_table,
            covers_prefixes,
        }
    }

    /// What the test proves of `text` (see [`Proof`]). [`Proof::Nothing`] means only "not proven": the
    /// caller folds and scans, and searches every format, as before.
    pub fn prove(&self, text: &str) -> Proof {
        if !self.holds(text) {
            return Proof::Nothing;
        }
        // The test reads no further than the folding does; the formats are searched further.
        if self.covers_prefixes && text.len() <= MAX_FOLD_BYTES {
            Proof::TermAndPrefixFree
        } else {
            Proof::TermFree
        }
    }

    /// Whether the folding of `text` surely holds no term that counts, and `text` no word of a prefix (see
    /// [`TermFree::build`]).
    pub fn holds(&self, text: &str) -> bool {
        let Some(words) = &self.built else {
            return false;
        };
        // The folding reads this much of a text and no more; so does the test.
        let Some(text) = text.get(..text.len().min(MAX_FOLD_BYTES)) else {
            // Not a char boundary, so not ASCII.
            return false;
        };
        match &self.one_table {
            // Bytes above 0x7F are risky, sink bytes there: no separate ASCII check.
            Some(t) => t.free(text.as_bytes()),
            None => text.is_ascii() && free(words, text.as_bytes()),
        }
    }

    /// The test through the walk over both automata, which [`table`] replaces when it fits: the reference
    /// the one table is tested against.
    #[cfg(test)]
    fn holds_by_walk(&self, text: &str) -> bool {
        let Some(words) = &self.built else {
            return false;
        };
        let Some(text) = text.get(..text.len().min(MAX_FOLD_BYTES)) else {
            return false;
        };
        text.is_ascii() && free(words, text.as_bytes())
    }

    /// The test that proves nothing: every text takes the full path (for comparisons in tests).
    pub fn none() -> TermFree {
        TermFree {
            built: None,
            one_table: None,
            covers_prefixes: false,
        }
    }

    /// Whether the test could be built (false: every text takes the full path).
    pub fn is_built(&self) -> bool {
        self.built.is_some()
    }
}

/// One pass over an ASCII `text`: no risky shape, and no word match that counts.
fn free(words: &Words, text: &[u8]) -> bool {
    let dfa = &words.dfa;
    let Ok(mut sid) = dfa.start_state(Anchored::No) else {
        return false;
    };
    let separator = |at: Option<&u8>| at.is_none_or(|b| !b.is_ascii_alphanumeric());
    let mut shape = row(SEP);
    let mut at = 0;
    while let Some(rest) = text.get(at..).filter(|r| !r.is_empty()) {
        let used;
        (sid, shape, used) = walk(dfa, sid, shape, rest);
        at += used;
        if !dfa.is_special(sid) {
            // The end of the text.
            break;
        }
        if !dfa.is_match(sid) {
            // The dead state: an unanchored search never reaches it; were it reached, nothing is proven.
            return false;
        }
        for k in 0..dfa.match_len(sid) {
            let pid = dfa.match_pattern(sid, k);
            let start = at.saturating_sub(dfa.pattern_len(pid));
            let Some(bounds) = words.bounds.get(pid.as_usize()) else {
                return false;
            };
            // `left` separators before the word, the text's start reading as one.
            let left = (1..=bounds.left).all(|n| match start.checked_sub(n) {
                Some(i) => separator(text.get(i)),
                None => n == start + 1,
            });
            if left && (!bounds.right || separator(text.get(at))) {
                return false;
            }
        }
    }
    // The end of the text ends its last word, as a separator would; the risky state is a sink, looked
    // for only here.
    BY_BYTE[usize::from(shape | u16::from(b' ')) & 0x3FFF] != row(RISKY_STATE)
}

/// Steps the shape machine and the word DFA over `hay` up to and including the first byte that leads the
/// DFA to a special state (a match), or over all of it: the states reached and the bytes consumed. Not
/// inlined, so that the loop keeps its few values in registers (as `pack::walk_to_special` does).
#[inline(never)]
fn walk(dfa: &WordDfa, mut sid: StateID, mut shape: u16, hay: &[u8]) -> (StateID, u16, usize) {
    for (i, &b) in hay.iter().enumerate() {
        shape = BY_BYTE[usize::from(shape | u16::from(b)) & 0x3FFF];
        sid = dfa.next_state(Anchored::No, sid, b);
        if dfa.is_special(sid) {
            return (sid, shape, i + 1);
        }
    }
    (sid, shape, hay.len())
}

#[cfg(test)]
mod tests {
    use super::super::normalize::{fold, MAX_FOLD_BYTES};
    use super::super::pack::{compile, Compiled, Kind, Scope};
    use super::{Proof, CLASS, CLASSES, RISKY, RISKY_STATE, SEP, SHAPES};
    use proptest::prelude::*;
    use std::sync::OnceLock;

    use crate::policy::secret::pack::embedded_for_tests as compiled;

    /// Whether the full path finds a term that counts in `text`.
    fn full_path_hits(c: &Compiled, text: &str) -> bool {
        let folded = fold(text, &c.stopwords);
        let mut hit = false;
        c.find_terms(folded.as_bytes(), |p, _, _| {
            hit |= c.infos.get(p).is_some_and(|i| {
                i.iter().any(|i| {
                    i.scope == Scope::Any
                        && matches!(i.kind, Kind::Strong | Kind::Weak | Kind::Qualifier)
                })
            });
        });
        hit
    }

    #[test]
    fn benign_prose_is_term_free_and_terms_are_not() {
        let t = &compiled().term_free;
        assert!(t.is_built());
        for benign in [
            "Book a table: the quarterly report lists each warehouse with its stock level, reorder point, \
             supplier and lead time; items below their reorder point are flagged before noon.",
            "Shipping to the NOTE office in 2024, (see chapter 12).",
            "Which seating do you prefer? Indoor, terrace or bar.",
            "",
        ] {
            assert!(t.holds(benign), "{benign:?}");
            assert!(!full_path_hits(compiled(), benign), "{benign:?}");
        }
        for named in [
            "Enter your PIN",
            "pin",
            "(password)",
            "your-api_key here",
            "MyPasswordHere",
            "mypasswordhere",
            "one time code",
        ] {
            assert!(!t.holds(named), "{named:?}");
        }
    }

    #[test]
    fn risky_shapes_are_never_term_free() {
        let t = &compiled().term_free;
        for risky in [
            "p4ssw0rd",
            "p@ss",
            "cost $5",
            "apiKey",
            "APIKey",
            "NOTEs",
            "x y",
            "p a s s w o r d",
            "A, B",
            "key2",
            "3rd",
            "caf\u{e9}",
            "ａ",
            "line\r\nbreak",
            "bell\u{7}",
            "del\u{7f}",
            "nul\0",
        ] {
            assert!(!t.holds(risky), "{risky:?}");
        }
        // One single-letter word, or two with a word between them, is not a spelled-out word.
        assert!(t.holds("I saw a cat"));
        assert!(t.holds("I saw a cat, a dog"));
        // Tabs and newlines are separators, not risky.
        assert!(t.holds("one\ttwo\nthree lines"));
    }

    #[test]
    fn only_the_folded_length_is_read() {
        let t = &compiled().term_free;
        let long = format!("{} password", "lorem ".repeat(MAX_FOLD_BYTES / 6 + 1));
        // The term lies past what the folding reads: the full path cannot see it either.
        assert!(t.holds(&long));
        assert!(!full_path_hits(compiled(), &long));
        let cut = format!("{}{}", "a".repeat(MAX_FOLD_BYTES - 1), "\u{e9}");
        assert!(!t.holds(&cut));
    }

    /// Whether the shape machine alone finds a risky shape in `text`.
    fn shape_risky(text: &[u8]) -> bool {
        let at = |state: u8, class: u8| SHAPES[usize::from(state) * CLASSES + usize::from(class)];
        let end = text
            .iter()
            .fold(SEP, |state, &b| at(state, CLASS[usize::from(b)]));
        at(end, SEP) == RISKY_STATE
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(20_000))]
        /// The shape machine finds exactly what the shapes' regex finds.
        #[test]
        fn the_shape_machine_is_the_regex(text in "[aZbY09 ,_@$\\-\r\t\n\x7f\x00\x1f]{0,12}") {
            let regex = regex::bytes::Regex::new(RISKY).expect("the shapes compile");
            prop_assert_eq!(shape_risky(text.as_bytes()), regex.is_match(text.as_bytes()), "{:?}", text);
        }
    }

    /// Words for the properties below: mostly benign prose (some holding a term inside a longer word),
    /// now and then a word of a term; written as is, capitalised, shouted, in leetspeak or spelled out.
    /// With an empty separator, a capitalised word glues onto the one before as camelCase.
    fn word() -> impl Strategy<Value = String> {
        let c = compiled();
        let mut vocab: Vec<String> = c
            .patterns
            .iter()
            .filter(|p| p.is_ascii())
            .flat_map(|p| {
                p.split(' ')
                    .filter(|w| !w.is_empty())
                    .map(str::to_string)
                    .collect::<Vec<_>>()
            })
            .collect();
        vocab.sort();
        vocab.dedup();
        let prose: Vec<String> = [
            "the",
            "a",
            "I",
            "x",
            "of",
            "your",
            "table",
            "report",
            "shipping",
            "keyboard",
            "monkey",
            "compass",
            "spinning",
            "opinion",
            "barcode",
            "2024",
            "12",
            "0",
            "passing",
            "tokenize",
            "warehouse",
            "stock",
            "level",
            "supplier",
            "lead",
            "time",
            "items",
            "below",
            "flagged",
            "buyer",
            "confirms",
            "quantities",
            "before",
            "noon",
            "booking",
            "party",
            "size",
            "seating",
            "indoor",
            "terrace",
            "bar",
            "date",
            "day",
            "choose",
            "which",
            "prefer",
            "list",
            "name",
        ]
        .iter()
        .map(|s| s.to_string())
        .collect();
        let term = proptest::sample::select(vocab);
        let plain = proptest::sample::select(prose);
        (prop_oneof![6 => plain, 1 => term], 0..8u8).prop_map(|(w, how)| match how {
            0 | 1 => {
                let mut cs = w.chars();
                cs.next()
                    .map(|f| f.to_ascii_uppercase().to_string() + cs.as_str())
                    .unwrap_or_default()
            }
            2 => w.to_ascii_uppercase(),
            3 => w.replace('a', "4").replace('o', "0").replace('s', "$"),
            4 => w
                .chars()
                .map(|ch| ch.to_string())
                .collect::<Vec<_>>()
                .join(" "),
            _ => w,
        })
    }

    fn separator() -> impl Strategy<Value = &'static str> {
        proptest::sample::select(vec![
            " ", " ", " ", " ", "  ", ", ", ". ", "_", "-", "\n", "/", ":", "(", ")", "'", "", "",
            "@", "\t",
        ])
    }

    fn text() -> impl Strategy<Value = String> {
        proptest::collection::vec((word(), separator()), 0..10)
            .prop_map(|parts| parts.iter().map(|(w, s)| format!("{w}{s}")).collect())
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(20_000))]
        /// Soundness: whenever the test says term-free, the folding and the term scan find no term.
        #[test]
        fn term_free_texts_have_no_hits(text in text()) {
            let c = compiled();
            if c.term_free.holds(&text) {
                prop_assert!(!full_path_hits(c, &text), "{:?} folds to {:?}", text, fold(&text, &c.stopwords));
            }
        }
    }

    /// Text for comparing the one table with the walk: pieces of every kind the shapes and words act on
    /// (prose and term words in every case, camelCase, digits against letters, `@` and `$`, links,
    /// escapes, controls, invisible and bidi characters, other scripts, one-letter words, very long words).
    fn raw_text() -> impl Strategy<Value = String> {
        let piece = prop_oneof![
            4 => word(),
            2 => "[ -~]{0,16}",
            2 => "[a-zA-Z]{1,3}",
            1 => "[a-z]{1,3}[0-9]{1,3}|[0-9]{1,3}[a-z]{1,3}|[a-z]+[A-Z][a-z]*|[A-Z]{2,4}[a-z]{1,3}",
            1 => "https?://[a-z.]{1,12}/[a-zA-Z0-9?=&]{0,12}|www\\.[a-z]{1,8}\\.example",
            1 => "[\\t\\n\\r\\x00-\\x1f\\x7f\\\\\"'@$]",
            1 => "[\\u{80}-\\u{9f}\\u{ad}\\u{200b}-\\u{200f}\\u{202a}-\\u{202e}\\u{2066}-\\u{2069}\\u{feff}\\u{e0041}\\u{e9}\\u{430}\\u{4e2d}\\u{1f600}\\u{ff41}]",
            1 => "[a-z]{60,200}",
            // The words that stand for the formats' prefixes, with separators before and after in every count.
            2 => "[-_. ]{0,6}(begin|BEGIN|sk|rk|hf|npm|ghp|gho|xoxb|akia|ASIA|asian|eyJ|slack|github|pat|glpat|whsec|aiza|gocspx)[-_. ]{0,2}[a-z]{0,3}",
        ];
        proptest::collection::vec((piece, separator()), 0..16)
            .prop_map(|parts| parts.iter().map(|(w, s)| format!("{w}{s}")).collect())
    }

    #[test]
    fn the_built_in_packs_fit_one_table() {
        let t = &compiled().term_free;
        let one = t
            .one_table
            .as_ref()
            .expect("the built-in packs fit one table");
        assert!(one.states() > 1000, "{} states", one.states());
    }

    #[test]
    fn the_one_table_reads_the_shapes_and_words_like_the_walk() {
        let t = &compiled().term_free;
        for text in [
            "I saw a cat",
            "I saw a cat, a dog",
            "a b",
            "a, b",
            "a 1 b",
            "x\ty",
            "apiKey",
            "APIKey",
            "API key",
            "NOTE: ok",
            "NOTEs",
            "key2",
            "2fa",
            "p@ss",
            "cost $5",
            "caf\u{e9}",
            "Enter your PIN",
            "compass",
            "mypasswordhere",
            "pin",
            "spin",
            "",
            " ",
            "A",
            "a",
            "aB",
            "Ab",
            "ABc",
        ] {
            assert_eq!(t.holds(text), t.holds_by_walk(text), "{text:?}");
        }
        // Long enough to be walked in four parts side by side, with a cut between two words of the pair or the
        // term as it moves through the text.
        let prose =
            "the quarterly report lists each warehouse with its stock level and lead time, ";
        for middle in [
            "a b", "x, y", "pin", "PIN", "apiKey", "NOTEs", "2fa", "p@ss", "table",
        ] {
            let text = format!("{}{middle} {}", prose.repeat(2), prose.repeat(2));
            assert_eq!(t.holds(&text), t.holds_by_walk(&text), "{middle:?}");
            for at in 0..text.len() {
                let Some((a, b)) = text.split_at_checked(at) else {
                    continue;
                };
                let moved = format!("{a}{middle} {b}");
                assert_eq!(t.holds(&moved), t.holds_by_walk(&moved), "{moved:?}");
            }
        }
        // Past the folded length, and cut inside a character.
        let long = format!("{} password", "lorem ".repeat(MAX_FOLD_BYTES / 6 + 1));
        assert_eq!(t.holds(&long), t.holds_by_walk(&long));
        let cut = format!("{}{}", "a".repeat(MAX_FOLD_BYTES - 1), "\u{e9}");
        assert_eq!(t.holds(&cut), t.holds_by_walk(&cut));
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(30_000))]
        /// The one table answers exactly what the walk over both automata answers.
        #[test]
        fn the_one_table_is_the_walk(text in raw_text()) {
            let t = &compiled().term_free;
            prop_assert_eq!(t.holds(&text), t.holds_by_walk(&text), "{:?}", text);
            // What the sanitiser is told of a text so proven: printable ASCII, tabs and newlines.
            if t.prove(&text) == Proof::TermAndPrefixFree {
                let printable = |b: u8| (0x20..0x7F).contains(&b) || b == b'\t' || b == b'\n';
                prop_assert!(text.bytes().all(printable), "{:?}", text);
            }
        }

        /// Long texts, walked in parts side by side: terms, one-letter words and case shapes on both sides of the
        /// cuts.
        #[test]
        fn the_one_table_is_the_walk_on_long_texts(
            parts in proptest::collection::vec(prop_oneof![3 => text(), 1 => raw_text()], 4..12),
        ) {
            let text: String = parts.concat();
            let t = &compiled().term_free;
            prop_assert_eq!(t.holds(&text), t.holds_by_walk(&text), "{:?}", text);
        }

        /// The same on the texts of the properties below, which name terms half of the time.
        #[test]
        fn the_one_table_is_the_walk_on_prose(text in text()) {
            let t = &compiled().term_free;
            prop_assert_eq!(t.holds(&text), t.holds_by_walk(&text), "{:?}", text);
        }
    }

    #[test]
    fn a_literal_prefix_stands_as_its_most_bounded_word() {
        use super::{literal_word, Bounds, Needs};
        let word = |w: &str, left, right| Needs::Word(w.to_string(), Bounds { left, right });
        assert_eq!(literal_word(b"ghp_", true), word("ghp", 1, true));
        assert_eq!(literal_word(b"ghp_", false), word("ghp", 0, true));
        assert_eq!(literal_word(b"AKIA", true), word("akia", 1, false));
        assert_eq!(literal_word(b"-----BEGIN ", false), word("begin", 5, true));
        // `hooks` has nothing before it; `slack` is the first bounded on both sides.
        assert_eq!(
            literal_word(b"hooks.slack.com/services/T", false),
            word("slack", 1, true)
        );
        assert_eq!(literal_word(b"sk_live_", true), word("sk", 1, true));
        assert_eq!(literal_word(b"ya29.", true), word("ya29", 1, true));
        assert_eq!(literal_word(b"p@ss", true), Needs::RiskyByte);
        assert_eq!(literal_word("caf\u{e9}".as_bytes(), true), Needs::RiskyByte);
        assert_eq!(literal_word(b"--", true), Needs::Unknown);
    }

    /// Every literal prefix of the shipped formats, wherever its format could match (after anything, or
    /// after a non-word byte or at the start for a format that asserts a boundary first) and whatever
    /// follows, keeps the text from being proven prefix-free.
    #[test]
    fn no_text_holding_a_prefix_is_proven_free_of_them() {
        let c = compiled();
        let prefixes = c.formats.prefixes();
        assert!(prefixes.len() >= 10, "{prefixes:?}");
        let mut checked = 0;
        for p in prefixes {
            let mut before = vec!["", " ", "Use ", "(", "a -", "\n", "x: "];
            if !p.after_boundary {
                before.extend(["ab", "x9", "Use a"]);
            }
            for literal in &p.literals {
                let literal =
                    String::from_utf8(literal.clone()).expect("shipped literals are UTF-8");
                for b in &before {
                    for a in [
                        "",
                        " ",
                        "abcdefghijklmnopqrstuvwxyzabcdefghijklmnop",
                        "_x",
                        "-x",
                        ". the end",
                    ] {
                        let text = format!("{b}{literal}{a}");
                        assert_ne!(
                            c.term_free.prove(&text),
                            Proof::TermAndPrefixFree,
                            "{text:?}"
                        );
                        checked += 1;
                    }
                }
            }
        }
        assert!(checked > 500, "{checked}");
        // And prose around them is still proven free: the words stand for the prefixes only.
        for text in [
            "Book a table for the quarterly review, lead time noted",
            "Ask the desk to begin checking hooks and tasks",
            "the beginning of a live test",
        ] {
            assert_eq!(
                c.term_free.prove(text),
                Proof::TermAndPrefixFree,
                "{text:?}"
            );
        }
    }

    /// The shipped formats' regexes as generators (`\b` taken out: the generator knows no look-around; the
    /// texts put separators around each value).
    fn shipped_format_values() -> impl Strategy<Value = String> {
        let (_, file) = super::super::pack::BUILTIN_PACKS
            .iter()
            .find(|(name, _)| *name == "formats.yaml")
            .expect("the formats pack ships");
        let pack: super::super::pack::PackFile =
            serde_saphyr::from_str(file).expect("the formats pack parses");
        let values: Vec<_> = pack
            .formats
            .iter()
            .map(|f| {
                proptest::string::string_regex(&f.regex.replace(r"\b", ""))
                    .expect("a shipped format generates")
                    .boxed()
            })
            .collect();
        proptest::strategy::Union::new(values)
    }

    /// A literal prefix of a shipped format then lower-case letters: values the shapes alone do not stop
    /// (generated ones mostly put a digit against a letter), so that the prefix words must.
    fn prefix_then_letters() -> impl Strategy<Value = String> {
        let literals: Vec<String> = compiled()
            .formats
            .prefixes()
            .iter()
            .flat_map(|p| p.literals.iter())
            .map(|l| String::from_utf8_lossy(l).into_owned())
            .collect();
        (proptest::sample::select(literals), "[a-z]{0,48}").prop_map(|(l, rest)| l + &rest)
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(10_000))]
        /// Soundness of the prefix proof: a text proven free of the prefixes (and of risky bytes) is found
        /// holding the formats it holds by the plain search, which leaves out the prefixed ones and those that
        /// need a risky byte.
        #[test]
        fn a_prefix_free_text_holds_no_prefixed_format(
            parts in proptest::collection::vec(
                (prop_oneof![4 => word(), 2 => shipped_format_values(), 2 => prefix_then_letters(), 1 => raw_text()], separator()),
                0..8,
            ),
        ) {
            use super::super::formats::Search;
            use super::super::format_matches;
            let text: String = parts.iter().map(|(w, s)| format!(" {w}{s}")).collect();
            let c = compiled();
            if c.term_free.prove(&text) == Proof::TermAndPrefixFree {
                prop_assert_eq!(
                    format_matches(c, &text, Search::All),
                    format_matches(c, &text, Search::Plain),
                    "{:?}", text
                );
            }
        }
    }

    /// The policy without the test: every message folded and scanned.
    fn without_test() -> &'static Compiled {
        static C: OnceLock<Compiled> = OnceLock::new();
        C.get_or_init(|| {
            let mut c = compile(&[]).expect("built-in packs compile");
            c.term_free = super::TermFree::none();
            c
        })
    }

    fn field() -> impl Strategy<Value = (String, serde_json::Value)> {
        // Mostly names that say nothing, so that the message speaks for the field.
        let names = proptest::sample::select(vec![
            "value", "field1", "answer", "input", "f", "text", "key", "code", "name", "seating",
        ]);
        let kinds = proptest::sample::select(vec!["string", "number", "integer", "boolean"]);
        (names, kinds).prop_map(|(n, k)| (n.to_string(), serde_json::json!({"type": k})))
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(10_000))]
        /// End to end: a form judges alike with and without the test.
        #[test]
        fn forms_judge_alike_with_and_without_the_test(
            message in text(),
            fields in proptest::collection::vec(field(), 0..3),
        ) {
            let properties: serde_json::Map<String, serde_json::Value> = fields.into_iter().collect();
            let schema = serde_json::json!({"type": "object", "properties": properties});
            let judge = |c: &Compiled| {
                super::super::form::judge_form(c, &message, &crate::wire::tree::Node::from_value(&schema, crate::wire::tree::test_arena()), "/params", &[], false)
                    .findings
                    .iter()
                    .map(|f| format!("{f:?}"))
                    .collect::<Vec<_>>()
            };
            prop_assert_eq!(judge(compiled()), judge(without_test()), "{:?}", message);
        }

        /// The clean-schema memory is sound: once a form's properties were found clean (with a message that
        /// named no term), judging them as known clean with any other message finds what judging them in full
        /// finds. A message that names a term is what makes a neutral field suspect, so this is where a wrong
        /// skip would show.
        #[test]
        fn properties_known_clean_judge_alike(
            first in text(),
            second in text(),
            fields in proptest::collection::vec(field(), 0..3),
        ) {
            let properties: serde_json::Map<String, serde_json::Value> = fields.into_iter().collect();
            let schema = serde_json::json!({"type": "object", "properties": properties});
            let node = crate::wire::tree::Node::from_value(&schema, crate::wire::tree::test_arena());
            let c = compiled();
            let judge = |message: &str, known: bool| {
                super::super::form::judge_form(c, message, &node, "/params", &[], known)
            };
            if judge(&first, false).properties_clean {
                let show = |j: super::super::form::FormJudgement| {
                    j.findings.iter().map(|f| format!("{f:?}")).collect::<Vec<_>>()
                };
                prop_assert_eq!(show(judge(&second, true)), show(judge(&second, false)), "{:?} then {:?}", first, second);
            }
        }
    }

    /// The property above is not vacuous: its forms are often found clean, and the second message then often
    /// makes the same properties a finding.
    #[test]
    fn clean_properties_are_often_judged_again_into_a_finding() {
        use proptest::strategy::ValueTree;
        use proptest::test_runner::TestRunner;
        let c = compiled();
        let mut runner = TestRunner::deterministic();
        let strategy = (text(), proptest::collection::vec(field(), 1..3));
        let (mut clean, mut turned) = (0, 0);
        for _ in 0..2000 {
            let Ok(tree) = strategy.new_tree(&mut runner) else {
                continue;
            };
            let (message, fields) = tree.current();
            let properties: serde_json::Map<String, serde_json::Value> =
                fields.into_iter().collect();
            let schema = serde_json::json!({"type": "object", "properties": properties});
            let node =
                crate::wire::tree::Node::from_value(&schema, crate::wire::tree::test_arena());
            let j = |m: &str| super::super::form::judge_form(c, m, &node, "/params", &[], false);
            if j("Fill in the form").properties_clean {
                clean += 1;
                turned += usize::from(!j(&message).findings.is_empty());
            }
        }
        // The words are drawn from the packs' own vocabulary, so the share moves a little with every term
        // added (benign phrases lower it; 141 of 2,000 after the relay and phone-number readings): the bound
        // asks for "often", one form in twenty, not for one pack's figure.
        assert!(
            clean > 1000 && turned > 100,
            "clean {clean}, made a finding by the message {turned}"
        );
    }

    /// The property above is not vacuous: the texts it draws are term-free often, and as often hold a word
    /// of a term that the test must not be fooled by.
    #[test]
    fn the_property_draws_both_kinds_of_text() {
        use proptest::strategy::ValueTree;
        use proptest::test_runner::TestRunner;
        let c = compiled();
        let mut runner = TestRunner::deterministic();
        let strategy = text();
        let (mut free, mut named, mut blocked) = (0, 0, 0);
        let schema =
            serde_json::json!({"type": "object", "properties": {"value": {"type": "string"}}});
        for _ in 0..2000 {
            let Ok(tree) = strategy.new_tree(&mut runner) else {
                continue;
            };
            let t = tree.current();
            free += usize::from(c.term_free.holds(&t));
            named += usize::from(full_path_hits(c, &t));
            let findings = super::super::form::judge_form(
                c,
                &t,
                &crate::wire::tree::Node::from_value(&schema, crate::wire::tree::test_arena()),
                "/params",
                &[],
                false,
            )
            .findings;
            blocked += usize::from(!findings.is_empty());
        }
        // The draw is seeded but made of the packs' vocabulary, so the counts move with every pack term
        // (takeover17's relay phrases: 198 blocked of 2,000): the bounds ask for "often", not a figure.
        assert!(
            free > 400 && named > 400 && blocked > 150,
            "term-free {free}, naming a term {named}, blocked as a form {blocked}"
        );
    }
}
