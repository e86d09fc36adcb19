//! The message's clauses numbered on its hits ([`mark_clauses`]), for the weak terms with a reach and the
//! concepts that combine in one clause: "Enter the digits on your meter. Payments at the ATM are free" is
//! no PIN.
//!
//! A clause ends at a sentence's end, a semicolon or a line break, in the scripts the packs read
//! ([`ends_clause`]); not at a comma, which also sets off a phrase of the same clause, nor at a full stop
//! inside a number or a name ("3.5", "example.com").

use super::hit::Hit;
use crate::policy::secret::normalize::Folder;
use crate::policy::secret::pack::Compiled;

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
pub(super) fn mark_clauses(c: &Compiled, message: &str, hits: &mut [Hit]) {
    let message = crate::policy::secret::normalize::truncate(
        message,
        crate::policy::secret::normalize::MAX_FOLD_BYTES,
    );
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

/// Whether the message's hit `hit` and the word at byte `start` of the folded message `folded` (a benign
/// phrase's) stand in one clause, numbered as [`mark_clauses`] numbers them (recall14: a concept's qualifier
/// is taken only by a benign phrase of its clause). Folds the message again: read only for a concept
/// qualifier of a category the message also reads harmlessly.
pub(super) fn shares_clause(
    c: &Compiled,
    message: &str,
    folded: &[u8],
    hit: &Hit,
    start: usize,
) -> bool {
    let upto = start.saturating_add(1).min(folded.len());
    let word = folded
        .get(..upto)
        .map_or(0, |b| b.iter().filter(|&&x| x == b' ').count());
    let mut probe = [*hit, *hit];
    if let Some(p) = probe.get_mut(1) {
        p.word = word;
    }
    mark_clauses(c, message, &mut probe);
    let [a, b] = probe;
    a.clause == b.clause
}
