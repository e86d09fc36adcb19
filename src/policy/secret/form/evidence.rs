//! The evidence gathered for one property ([`Evidence`]) and the two ways it names a secret: a strong term
//! (the longest, where strong terms overlap: "service account key file" is the key file), or a weak term
//! with a qualifier of its category that reaches it ("key" + "aws"); steps 1 and 2 of the `form` module doc.
//! A category applies only if it is enabled and, for a number field, numeric.
//!
//! Also whether a field's bare words and the message's read each other ([`open_to_message`]): a field
//! bounded like a code one types, or one word per text, says nothing beyond the word, and what it is for is
//! the message's.

use super::field::{FieldKind, Prop};
use super::hit::{Hit, Source};
use super::scan::Texts;
use super::structure;
use crate::policy::secret::pack::{CatId, Compiled, Kind};

/// Whether a field's bare words and the message's read each other ([`Hit::bare_takes`]): the field is
/// bounded like a code one types (a fixed length or a digits pattern of a code, a card's lengths or expiry,
/// [`structure::shape_of`], or a text of at most eight characters with no pattern: "code", `maxLength` 6,
/// under "we texted you"), or each of its own texts is one word at most (`code` titled "الرمز", a title
/// "Съобщение"): such a field says nothing of its own beyond the word, and what it is for is the message's.
/// "Calle y número" or "Kod preporuke" say what the number or the code is of.
pub(super) fn open_to_message(prop: &Prop<'_, '_>, texts: &Texts<'_>) -> bool {
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

/// The evidence gathered for one property.
pub(super) struct Evidence<'a> {
    pub(super) hits: Vec<Hit>,
    pub(super) compiled: &'a Compiled,
    pub(super) kind: FieldKind,
    /// The field and the message read each other's bare words ([`open_to_message`]).
    pub(super) shaped: bool,
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
    pub(super) fn strong(&self, pick: impl Fn(&Hit) -> bool) -> Option<(CatId, Hit)> {
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
    pub(super) fn paired(&self, pick: impl Fn(&Hit) -> bool) -> Option<(CatId, Hit)> {
        let weak = self.hits.iter().filter(|h| h.kind == Kind::Weak && pick(h));
        let pin = self.compiled.category("pin");
        let otp = self.compiled.category("otp");
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
                    && w.reaches(q, otp)
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
