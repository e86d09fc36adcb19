//! Security questions beside a field (`.credential`; docs/rules/forms.md, "Connection strings and security
//! questions").
//!
//! A free-text field titled by a question under a message that names a security question with a reason to
//! get into an account holds that question's answer, whatever it asks ([`titled_by_security_question`]):
//! phishing forms put the question they pick in the title, and no topic list holds every question. A
//! metadata word inside or beside a question's topic ("Name of your first pet?") is the question's, not a
//! label of a secret ([`names_a_topic`]).

use super::hit::{Hit, Source};
use crate::policy::secret::pack::{Compiled, Kind};

/// Whether a field's title is a question (it ends in a question mark of any script) under a message that
/// names a security question (SECQ, [`crate::policy::secret::concept`]) with a reason to get into an account (ACCESS, or
/// SECQ's own qualifier role), paired as the message reads them: the field is that question, and its value
/// the answer ("Svara på din säkerhetsfråga för att kunna logga in igen" over "Vad hette din första bil?").
/// Phishing forms put the question they pick in the title, and no topic list holds every question ("your
/// first car", "the street you grew up on"), so the title's words are not read for it. A SECQ hit is a
/// reach-less concept weak word of the credential category with a concept qualifier over the same span (SECQ
/// is compiled into both roles; TOPIC only weak, ACCESS only a qualifier).
pub(super) fn titled_by_security_question(c: &Compiled, title: &str, message_hits: &[Hit]) -> bool {
    // The Latin, full-width, Arabic and Greek question marks; Greek writes its question mark as the ASCII
    // semicolon ("Ποιο είναι το πατρικό επώνυμο της μητέρας σας;"). The title first: it is the cheap test.
    if !title
        .trim_end()
        .ends_with(['?', '\u{FF1F}', '\u{061F}', '\u{037E}', ';'])
    {
        return false;
    }
    let Some(credential) = c.category("credential") else {
        return false;
    };
    let concept_of = |h: &&Hit, k: Kind| {
        h.kind == k && h.concept && h.cat == Some(credential) && h.source == Source::Message
    };
    message_hits
        .iter()
        .filter(|h| concept_of(h, Kind::Weak) && h.reach.is_none())
        .any(|q| {
            let secq = message_hits
                .iter()
                .any(|o| concept_of(&o, Kind::Qualifier) && o.start == q.start && o.end == q.end);
            secq && message_hits
                .iter()
                .any(|a| concept_of(&a, Kind::Qualifier) && (a.start != q.start || a.end != q.end))
        })
}

/// Whether a metadata word ("name", "Tên", "ชื่อ") is part of a security question's topic beside it in the
/// same text ("Name of your first pet?", "Tên trường tiểu học đầu tiên của bạn?"): at most one word between
/// them, or inside it ([`crate::policy::secret::concept`], `topic`). Such a name is what the question asks, not a label of
/// a secret the message speaks of.
pub(super) fn names_a_topic(folded: &str, m: &Hit, hits: &[Hit]) -> bool {
    hits.iter().any(|t| {
        t.kind == Kind::Weak && t.concept && t.reach.is_none() && t.source == m.source && {
            let (a, b) = if m.end <= t.start {
                (m.end, t.start)
            } else if t.end <= m.start {
                (t.end, m.start)
            } else {
                (0, 0)
            };
            folded
                .as_bytes()
                .get(a..b)
                .is_some_and(|gap| gap.split(|&x| x == b' ').filter(|w| !w.is_empty()).count() <= 1)
        }
    })
}
