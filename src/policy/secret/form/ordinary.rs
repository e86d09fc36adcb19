//! A secret's term that is only an ordinary word of the form's language ([`drop_ordinary`]): Polish `dni`,
//! days, is no Spanish `DNI` in a Polish form.
//!
//! The word the writer wrote is looked up, the whole word around a hit inside one ([`ordinary_in`]); the
//! language that holds it as ordinary is asked only when such a word is found. A form in the term's own
//! language (the pack that wrote it), or in one that cannot be told, keeps the term. A concept's word is
//! never read so: it names nothing alone.

use super::hit::Hit;
use crate::policy::secret::pack::{Compiled, Kind};

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
pub(super) fn drop_ordinary(
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
