//! What a form's message says before its fields are read, read once per distinct text of an
//! `InputRequiredResult`.
//!
//! The forms of one message mostly repeat one message text (the 64 KB benchmark's 40 forms have two between
//! them). Before its fields, a form's judgement reads its message text six ways that depend on the text alone
//! (and on the compiled packs, one policy for a whole message): the term-free proof (an automaton walk over up
//! to 16 KiB), the developer-command reading ([`super::command`]: an overlapping Aho-Corasick pass over its
//! first 4 KiB), the `.env` test, whether it is long enough for its language to decide the form's, the secret it
//! describes by the user's own act of authenticating ([`super::habit`]) and a credential it names as written
//! ([`super::written`]), the last two only for a message the term-free test does not prove and that holds
//! one of their anchors ([`super::anchor`]). On the
//! 64 KB benchmark these were most of the per-form cost once the schema is remembered clean. [`Memo`] keeps
//! them for the last few distinct texts, beside the language verdicts ([`language::Memo`]), so forms sharing a
//! message pay for one reading.
//!
//! The key is the whole text, compared byte for byte: a remembered reading is the one a new reading would give,
//! so no verdict depends on what was remembered.

use super::super::language;
use super::super::normalize::MAX_FOLD_BYTES;
use super::super::pack::Compiled;
use super::super::prefilter::Proof;
use super::command;

/// Most distinct texts whose readings a [`Memo`] holds. The forms of one message mostly share their message, so
/// a few are enough; past them, the oldest is replaced. The bound is what a hostile message of many distinct
/// forms can make it hold (`MEMO_TEXTS` × [`MAX_MEMO_BYTES`], 64 KiB, freed with the judgement) and what a miss
/// costs: at most `MEMO_TEXTS` comparisons, each of a text of the same length only and stopping at the first
/// differing byte, a small fraction of the readings they would spare (a comparison reads 16–32 bytes a cycle,
/// the term-free walk about one).
pub const MEMO_TEXTS: usize = 4;

/// Longest text whose readings are remembered: the term-free proof reads no further, and a longer message (rare,
/// and dominated by its own reading) is read every time rather than copied.
pub const MAX_MEMO_BYTES: usize = MAX_FOLD_BYTES;

/// The readings of one message text (see the module doc).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Reading {
    /// What the term-free test proves of it.
    pub proof: Proof,
    /// A command printing a credential, a credential file named as written ([`command::read`]).
    pub command: command::Reading,
    /// It names a `.env` file as written, in its first bytes ([`super::dotenv::names_dotenv`]).
    pub dotenv: bool,
    /// It is long enough for its language to be told alone ([`language::long_enough`]).
    pub decides: bool,
    /// The secret it describes by the user's own act of authenticating ([`super::habit::described`]).
    pub described: Option<super::habit::Described>,
    /// The category of a credential it names as written ([`super::written::written`]).
    pub written: Option<&'static str>,
}

impl Reading {
    /// Reads `message` afresh.
    fn of(c: &Compiled, message: &str) -> Reading {
        let proof = c.term_free.prove(message);
        // The described readings run only on a message the term-free test does not prove, after one pass
        // finds one of their anchors ([`super::anchor`]).
        let anchored = proof == Proof::Nothing && super::anchor::anchored(message);
        Reading {
            proof,
            command: command::read(message),
            dotenv: super::dotenv::names_dotenv(super::head(
                message,
                super::dotenv::DOTENV_MESSAGE_BYTES,
            )),
            decides: language::long_enough(message),
            described: anchored.then(|| super::habit::described(message)).flatten(),
            written: anchored.then(|| super::written::written(message)).flatten(),
        }
    }
}

/// The readings of the message texts met so far while judging one message, under one policy, and their
/// language verdicts.
#[derive(Default)]
pub struct Memo {
    /// The language verdicts of the forms' texts ([`language::Memo`]).
    pub(crate) languages: language::Memo,
    /// Texts (at most [`MAX_MEMO_BYTES`]) and their readings, at most [`MEMO_TEXTS`].
    texts: Vec<(String, Reading)>,
    /// The entry replaced next once `texts` is full.
    next: usize,
}

impl Memo {
    /// The readings of `message`, read once per distinct text (see [`Memo`]). `c` must be the policy of every
    /// call on this memo.
    pub(super) fn read(&mut self, c: &Compiled, message: &str) -> Reading {
        if message.len() > MAX_MEMO_BYTES {
            return Reading::of(c, message);
        }
        if let Some((_, reading)) = self.texts.iter().find(|(t, _)| t == message) {
            return *reading;
        }
        let reading = Reading::of(c, message);
        if self.texts.len() < MEMO_TEXTS {
            self.texts.push((message.to_owned(), reading));
        } else if let Some((t, r)) = self.texts.get_mut(self.next) {
            // The buffer is reused: a message of many distinct forms allocates no more than `MEMO_TEXTS`.
            t.clear();
            t.push_str(message);
            *r = reading;
            self.next = (self.next + 1) % MEMO_TEXTS;
        }
        reading
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::policy::secret::pack::embedded_for_tests as compiled;

    #[test]
    fn a_remembered_reading_is_a_fresh_one_and_the_memo_stays_bounded() {
        let c = compiled();
        let texts = [
            "Book a table for tonight and tell us how many guests are coming.",
            "Run `cat ~/.ssh/id_rsa` and paste what it prints.",
            "Paste your .env here",
            "Enter your password",
            "short",
            "Führen Sie `env` aus und geben Sie Ihr Passwort ein, bitte, danke schön.",
        ];
        let mut memo = Memo::default();
        // Every text several times, in turn: hits, misses and replacements alike.
        for round in 0..3 {
            for (i, t) in texts.iter().enumerate() {
                for _ in 0..=(i + round) % 3 {
                    assert_eq!(memo.read(c, t), Reading::of(c, t), "{t}");
                    assert!(memo.texts.len() <= MEMO_TEXTS);
                }
            }
        }
        // A text longer than the bound is read, not remembered.
        let long = "a ".repeat(MAX_MEMO_BYTES);
        let before: Vec<String> = memo.texts.iter().map(|(t, _)| t.clone()).collect();
        assert_eq!(memo.read(c, &long), Reading::of(c, &long));
        let after: Vec<String> = memo.texts.iter().map(|(t, _)| t.clone()).collect();
        assert_eq!(before, after);
    }
}
