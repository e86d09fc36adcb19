//! A word list read over a folded text in one pass: the matcher behind the benign and purpose readings'
//! "does this text hold one of these words" (gift cards, services, senses, doors, surveys).
//!
//! Those lists hold tens to hundreds of words in 42 languages. Trying each word with its own pass over the
//! text's words cost one pass a word: on a form judged for the first time the gift-card list alone (~250
//! words, asked of every text field) was 43 % of the judgement (BENCHMARKS.md, the cold path). A [`WordList`]
//! is built once per list, on first use, and answers in one pass over the text's words (set lookups) plus one
//! automaton pass for its phrases and its words of scripts without spaces.
//!
//! The matching rule is the one every such reading used, in one place:
//! - a single word matches a whole word of the text, or the start of one when it has at least
//!   [`Rule::min_prefix`] letters (an inflected or compounded form: "Geschenkkarte" → "geschenkkartennummer");
//! - a word of a script without spaces (Chinese, Japanese, Thai, ...) matches anywhere;
//! - a phrase (a word list entry with a space) matches anywhere ([`Phrases::Anywhere`]) or only at the start
//!   of a word ([`Phrases::AtWordStart`]), as the reading chooses.

use std::collections::HashSet;

use aho_corasick::AhoCorasick;

use crate::policy::secret::normalize::is_unspaced_script;

/// Where a phrase of the list may start in the text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Phrases {
    /// Anywhere, even inside a word (the survey and gift-card readings).
    Anywhere,
    /// Only at the start of a word (the sense and door readings).
    AtWordStart,
}

/// How a [`WordList`] matches.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Rule {
    /// Fewest letters of a single word read as the start of a longer one.
    pub(super) min_prefix: usize,
    pub(super) phrases: Phrases,
}

/// The survey readings' rule: a word of five letters or more starts a longer one; phrases anywhere.
pub(super) const SURVEY: Rule = Rule {
    min_prefix: 5,
    phrases: Phrases::Anywhere,
};

/// A folded word list, ready to be asked of folded texts. Build it once (`word_list!`), not per text.
pub(super) struct WordList {
    /// Single words shorter than `min_prefix` letters: whole words only.
    whole: HashSet<Box<str>>,
    /// Single words of `min_prefix` letters or more: a whole word or the start of one.
    stems: HashSet<Box<str>>,
    /// The longest stem, in letters: a text word's starts beyond it need no lookup.
    longest_stem: usize,
    min_prefix: usize,
    /// Phrases and words of scripts without spaces, found anywhere in the padded text (a phrase read at a
    /// word's start is stored with a leading space). `None` when the list has none.
    anywhere: Option<AhoCorasick>,
}

impl WordList {
    /// The matcher of `words` (already folded, as [`super::survey::folded_list`] gives them) under `rule`.
    pub(super) fn new<'w>(words: impl IntoIterator<Item = &'w str>, rule: Rule) -> Self {
        let mut whole = HashSet::new();
        let mut stems = HashSet::new();
        let mut anywhere = Vec::new();
        let mut longest_stem = 0;
        for w in words {
            if w.is_empty() {
                continue;
            }
            if w.chars().any(is_unspaced_script) {
                anywhere.push(w.to_owned());
            } else if w.contains(' ') {
                anywhere.push(match rule.phrases {
                    Phrases::Anywhere => w.to_owned(),
                    Phrases::AtWordStart => format!(" {w}"),
                });
            } else {
                let letters = w.chars().count();
                if letters >= rule.min_prefix {
                    longest_stem = longest_stem.max(letters);
                    stems.insert(w.into());
                } else {
                    whole.insert(w.into());
                }
            }
        }
        // The patterns are the crate's own word lists (a few KB): past the automaton's size limits only by a
        // programming error, which the lists' unit tests would hit first.
        let anywhere = (!anywhere.is_empty())
            .then(|| AhoCorasick::new(&anywhere).expect("word-list automaton within its limits"));
        Self {
            whole,
            stems,
            longest_stem,
            min_prefix: rule.min_prefix,
            anywhere,
        }
    }

    /// Whether the folded `text` holds one of the list's words, by the list's [`Rule`].
    pub(super) fn holds(&self, text: &str) -> bool {
        if let Some(automaton) = &self.anywhere {
            let trimmed = text.trim();
            let mut padded = String::with_capacity(trimmed.len() + 2);
            padded.push(' ');
            padded.push_str(trimmed);
            padded.push(' ');
            if automaton.is_match(&padded) {
                return true;
            }
        }
        text.split_whitespace().any(|word| self.holds_word(word))
    }

    /// Whether the single `word` of a text is one of the list's words or starts with one of its stems.
    fn holds_word(&self, word: &str) -> bool {
        if self.whole.contains(word) {
            return true;
        }
        if self.stems.is_empty() {
            return false;
        }
        let mut letters = 0;
        for (at, ch) in word.char_indices() {
            letters += 1;
            if letters > self.longest_stem {
                break;
            }
            if letters >= self.min_prefix && self.stems.contains(&word[..at + ch.len_utf8()]) {
                return true;
            }
        }
        false
    }
}

/// `fn $name() -> &'static WordList`: the folded word list `$words` (a `&'static [String]`, e.g. from
/// `folded_words!`) under `$rule`, built once on first use.
macro_rules! word_list {
    ($(#[$doc:meta])* fn $name:ident = $words:expr, $rule:expr;) => {
        $(#[$doc])*
        fn $name() -> &'static super::wordlist::WordList {
            static LIST: std::sync::OnceLock<super::wordlist::WordList> = std::sync::OnceLock::new();
            LIST.get_or_init(|| {
                super::wordlist::WordList::new($words.iter().map(String::as_str), $rule)
            })
        }
    };
}
pub(super) use word_list;

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// The rule each reading used before there was one matcher, word by word: the reference the automaton
    /// must agree with.
    fn by_each_word(text: &str, words: &[&str], rule: Rule) -> bool {
        let padded = format!(" {} ", text.trim());
        words.iter().any(|w| {
            if w.chars().any(is_unspaced_script) {
                return padded.contains(w);
            }
            if w.contains(' ') {
                return match rule.phrases {
                    Phrases::Anywhere => padded.contains(w),
                    Phrases::AtWordStart => padded.contains(&format!(" {w}")),
                };
            }
            padded.split_whitespace().any(|word| {
                word == *w || (w.chars().count() >= rule.min_prefix && word.starts_with(w))
            })
        })
    }

    const WORDS: &[&str] = &[
        "pin",
        "karte",
        "geschenkkarte",
        "gift card",
        "ギフト",
        "บัตรของขวัญ",
        "kart",
        "şifre",
    ];

    #[test]
    fn words_stems_phrases_and_unspaced_scripts() {
        let list = WordList::new(WORDS.iter().copied(), SURVEY);
        assert!(list.holds("enter your pin"));
        assert!(
            !list.holds("enter your pins"),
            "a short word is a whole word only"
        );
        assert!(
            list.holds("geschenkkartennummer"),
            "a stem starts a longer word"
        );
        assert!(!list.holds("spielkarte"), "a stem only at a word's start");
        assert!(list.holds("your egift card here"), "a phrase anywhere");
        assert!(list.holds("ギフトカード番号"));
        assert!(list.holds("หมายเลขบัตรของขวัญ"));
        assert!(list.holds("şifreniz"));
        assert!(!list.holds(""));
        let at_start = WordList::new(
            WORDS.iter().copied(),
            Rule {
                min_prefix: 5,
                phrases: Phrases::AtWordStart,
            },
        );
        assert!(!at_start.holds("your egift card here"));
        assert!(at_start.holds("a gift card here"));
    }

    proptest! {
        /// On any text drawn from the list's words, their pieces and other letters, the one-pass matcher
        /// answers as the word-by-word rule did, under both phrase rules and several prefix lengths.
        #[test]
        fn agrees_with_the_word_by_word_rule(
            parts in prop::collection::vec(
                prop_oneof![
                    prop::sample::select(WORDS.to_vec()).prop_map(str::to_owned),
                    "[a-zşギ ]{0,8}",
                    prop::sample::select(WORDS.to_vec()).prop_flat_map(|w| {
                        (0..=w.chars().count()).prop_map(move |n| w.chars().take(n).collect::<String>())
                    }),
                ],
                0..6,
            ),
            min_prefix in 1usize..8,
            at_start in any::<bool>(),
        ) {
            let text = parts.concat();
            let rule = Rule {
                min_prefix,
                phrases: if at_start { Phrases::AtWordStart } else { Phrases::Anywhere },
            };
            let list = WordList::new(WORDS.iter().copied(), rule);
            prop_assert_eq!(list.holds(&text), by_each_word(&text, WORDS, rule), "{:?}", text);
        }
    }
}
