//! One term found in one text ([`Hit`]) and the kind of text it came from ([`Source`]): what every reading of
//! the form works on.
//!
//! A hit carries the term's kind and category (from the packs), its place (bytes in the folded buffer, word
//! index, the message's clause) and its flags (plural, reach, concept, gate, bare). Two rules decide here whom
//! a weak term may pair with: its reach ([`Hit::reaches`]: a word that names a secret only with its use takes
//! a qualifier from its own text and clause, a few words away in the message) and its being bare
//! ([`Hit::bare_takes`]: a generic word for a number or a code is qualified only in its own text, and a
//! payment service's name beside it says whose number it is).

use crate::policy::secret::pack::{CatId, Kind};

/// Most words between a bare word and a payment service's name that say whose number it is ("namba ya
/// M-Pesa", "msimbo wa muamala wa M-Pesa"; [`Hit::bare_takes`]): farther, the name is the clause's use of
/// the number ("the code you open the phone with").
const SERVICE_REACH: usize = 2;

/// Where a text comes from, for explanations and for which terms apply.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Source {
    Name,
    Format,
    Title,
    Description,
    Options,
    Message,
}

impl Source {
    pub(super) fn label(self) -> &'static str {
        match self {
            Source::Name => "name",
            Source::Format => "format",
            Source::Title => "title",
            Source::Description => "description",
            Source::Options => "option titles",
            Source::Message => "elicitation message",
        }
    }
}

/// One term found in one text.
#[derive(Clone, Copy, Debug)]
pub(super) struct Hit {
    pub(super) kind: Kind,
    pub(super) cat: Option<CatId>,
    pub(super) source: Source,
    pub(super) start: usize,
    pub(super) end: usize,
    /// Word index of the start, for the request-verb rule.
    pub(super) word: usize,
    pub(super) pattern: usize,
    /// The term's English plural, made by rule.
    pub(super) plural: bool,
    /// A weak term's reach: only a qualifier this close supports it ([`Hit::reaches`]).
    pub(super) reach: Option<u16>,
    /// The message's clause the hit is in, counted from 0 ([`mark_clauses`](super::clause::mark_clauses)); 0 in every other text.
    pub(super) clause: u32,
    /// A concept's word ([`crate::policy::secret::concept`]): as a qualifier, it supports only a weak term with a reach.
    pub(super) concept: bool,
    /// Its part in the NUMBER + KEYED gate ([`crate::policy::secret::concept::Gate`], [`gate_keyed`](super::scan::gate_keyed)).
    pub(super) gate: crate::policy::secret::concept::Gate,
    /// A weak term matched on no more than a generic word for a number, a code or an expiry (pack kind
    /// `bare`, [`mark_bare`](super::scan::mark_bare)): qualified only in its own text ([`Hit::bare_takes`]).
    pub(super) bare: bool,
}

impl Hit {
    /// Whether `q` is close enough to qualify this weak term. A term without a reach takes a qualifier
    /// from any text of the form; one with a reach ("digits", "character string": words that name a secret
    /// only with what it is used for) takes one from its own text, in the message at most `reach` words
    /// away, so that "the digits you press at the ATM" is a PIN and "Filter string" under "Sign in to
    /// continue" is no password. In a script written without spaces a clause is one word, so the reach is
    /// the clause there.
    /// Whether the qualifier `q` may qualify this weak term as far as its being bare goes ([`Kind::Bare`]):
    /// any qualifier for a term that is not bare. A bare word ("number", "código", "namba", "번호") is
    /// qualified only in its own text: the field's own name, title and description together, or the
    /// message's clause it stands in ("verification code", "namba ya siri", "the 6-digit number from the
    /// SMS"), not by a qualifier elsewhere in the form ("Calle y número" under "we sent your order",
    /// "Codice del buono" under "Hai ricevuto un buono regalo?"), unless `open`: the field is bounded like a
    /// code or is one word per text ([`open_to_message`](super::evidence::open_to_message)), and then the field and the message read each
    /// other as before ("code", six characters at most, under "we texted you"; `code` titled "الرمز" under
    /// "we sent a code to your phone"). A payment service's or a till's name (a CASH concept word of the PIN,
    /// `pin` being its category) right beside a bare word, or in the field's own texts, says whose number it
    /// is and qualifies nothing: an "M-Pesa number" is a phone number, an "M-Pesa code" a transaction's, and
    /// the PIN is named ("PIN ya M-Pesa") or keyed ("the number you press", the NUMBER + KEYED gate).
    pub(super) fn bare_takes(&self, q: &Hit, pin: Option<CatId>, open: bool) -> bool {
        if !self.bare {
            return true;
        }
        let message = |h: &Hit| h.source == Source::Message;
        let near = !message(q) || !message(self) || q.word.abs_diff(self.word) <= SERVICE_REACH;
        if q.concept
            && q.cat.is_some()
            && q.cat == pin
            && self.gate != crate::policy::secret::concept::Gate::Keyed
            && near
        {
            return false;
        }
        match (message(self), message(q)) {
            (true, true) => q.clause == self.clause,
            (false, false) => true,
            _ => open,
        }
    }

    ///
    /// A one-time code's arrival told in the sentence before carries into the next (otp18, `otp` the
    /// category): "You just got a text message from us. The number in it, type it here", "Ką tik
    /// išsiuntėme žinutę į jūsų telefoną. Perrašykite joje esančius skaitmenis". Only the arrival (a
    /// concept qualifier of the one-time code), only from the clause right before and before the word,
    /// still within the reach: a scene set for what is asked next. Not a PIN's ATM, which a sentence
    /// about the branch's machines speaks of before the meter's digits are asked.
    pub(super) fn reaches(&self, q: &Hit, otp: Option<CatId>) -> bool {
        match self.reach {
            // A concept's qualifier ("sms", "the ATM") is many common words: it completes a description in
            // one clause, and qualifies no reach-less weak word anywhere in the form ("Kod paczkomatu" beside
            // "Powiadomienie SMS"). A reach-less concept word (a security question's topic) pairs only with
            // a concept's qualifier (ACCESS: "recover your account"), so the two vocabularies stay apart.
            None => q.concept == self.concept,
            Some(n) => {
                let told_before = self.source == Source::Message
                    && q.concept
                    && q.cat.is_some()
                    && q.cat == otp
                    && q.clause.checked_add(1) == Some(self.clause)
                    && q.word < self.word;
                q.source == self.source
                    && (q.clause == self.clause || told_before)
                    && (self.source != Source::Message
                        || q.word.abs_diff(self.word) <= usize::from(n))
            }
        }
    }
}
