//! Who governs a request verb ([`Speakers`]): a verb whose subject is the speaker offers, it does not ask
//! ("we'll send you a code", "wir senden Ihnen einen Code"), and a speaker between a verb and a term stops
//! the verb's reach ("enter your number and we'll text you a code").
//!
//! The pronoun that says who sends is a stopword, gone from the folded text the terms are matched on, so the
//! message is folded again with its stopwords kept and the speakers read there; places map back ([`Place`])
//! because the two foldings differ only by the stopwords dropped. Chosen over listing "we will send" as a
//! benign phrase: the subject, its auxiliaries and the verb combine freely, while the pronouns are few.

use super::hit::Hit;
use crate::policy::secret::normalize::{Folder, WordSet};
use crate::policy::secret::pack::Compiled;

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
pub(super) struct Speakers {
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
    pub(super) fn read(c: &Compiled, message: &str, verb_at: impl Fn(usize) -> bool) -> Self {
        let mut out = Speakers::default();
        let mut full = Vec::new();
        Folder::default().fold_into(message, &WordSet::default(), &mut full);
        let full = String::from_utf8_lossy(&full);
        let words: Vec<&str> = full.split_whitespace().collect();
        // The usual word index of each word (1-based, as `Hit::word`), or 0 for a stopword dropped there.
        // Read by aligning the two foldings, not by the stopword list alone: a word that lost its
        // diacritics is dropped only as a stopword written with them (Vietnamese `sẽ` is no `se`), which
        // this folding, with no stopwords, cannot tell.
        let usual = crate::policy::secret::normalize::fold(message, &c.stopwords);
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
    pub(super) fn governs(&self, r: &Hit, folded: &str) -> bool {
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
    pub(super) fn between(&self, r: &Hit, s: &Hit, folded: &str) -> bool {
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
