//! A word matched by another language's grammar ([`drop_foreign_inflections`]): the Lithuanian `numeris`
//! with an ending taken off and another put on is the Spanish `número`, and the Finnish plural `numerot`
//! less its `-t` is the Spanish, Italian, Portuguese `numero`; neither is a Lithuanian or a Finnish word in a
//! Spanish sentence.
//!
//! A pack's inflection rules ([`crate::policy::secret::inflect`]) are the grammar of its language's
//! family: the endings a noun takes there. Read in a text of another family they make words of that text
//! into the pack's terms by accident, since a stem and an ending are often a whole word elsewhere. So a
//! term matched only by its family's endings (not as its pack wrote it) counts in a message that is not
//! written in a language of that family; the language is asked only once such a match is found, and a
//! message whose language cannot be told keeps it. A secret's own name (a strong term) is never dropped:
//! the rule reads only the weak words, the qualifiers and the concepts, which name a secret only paired
//! with another, so that a benign sentence in another language put in front of a foreign secret's name
//! opens nothing.

use super::hit::Hit;
use crate::policy::secret::pack::{Compiled, Kind, NO_CHAIN};

/// The languages (bits, as [`Compiled::family_langs`] holds them) whose grammar made the hit `h` in
/// `folded`, when it is a weak, qualifier or concept word matched only inflected; 0 for any other hit.
fn inflected_by(c: &Compiled, folded: &str, h: &Hit) -> u64 {
    if !matches!(h.kind, Kind::Weak | Kind::Qualifier | Kind::Concept) {
        return 0;
    }
    let chain = c.chain_of.get(h.pattern).copied().unwrap_or(NO_CHAIN);
    if chain == NO_CHAIN {
        return 0;
    }
    let Some(ch) = c.chains.get(chain as usize) else {
        return 0;
    };
    let family = c.family_langs.get(ch.rules).copied().unwrap_or(0);
    // The first word as the writer wrote it: a whole-word match starts at the space before it, a proclitic
    // family's inside it (the folding writes ASCII separators only, so `i + 1` is a character boundary).
    let start = if folded
        .as_bytes()
        .get(h.start)
        .is_some_and(u8::is_ascii_whitespace)
    {
        h.start + 1
    } else {
        folded
            .get(..h.start)
            .and_then(|b| b.rfind(char::is_whitespace).map(|i| i + 1))
            .unwrap_or(0)
    };
    let word = folded
        .get(start..)
        .and_then(|a| a.split_whitespace().next())
        .unwrap_or_default();
    let written = c
        .chain_written
        .get(chain as usize)
        .is_some_and(|w| w.iter().any(|x| x == word));
    if written {
        0
    } else {
        family
    }
}

/// The languages whose own pack writes the word of the weak, qualifier or concept hit `h` but not in its
/// role ([`Compiled::native`]: the Spanish pack writes `número` as a bare number, never as a code's digits
/// as the Tagalog pack writes `numero`), and those that write it in that role; (0, 0) for any other hit.
fn native_readings(c: &Compiled, h: &Hit) -> (u64, u64) {
    if !matches!(h.kind, Kind::Weak | Kind::Qualifier | Kind::Concept) {
        return (0, 0);
    }
    let (Some(Some((all, roles))), Some(infos)) = (c.native.get(h.pattern), c.infos.get(h.pattern))
    else {
        return (0, 0);
    };
    let mine = infos
        .iter()
        .zip(roles.iter())
        .filter(|(i, _)| {
            // A message's NUMBER word keeps its gate once read ([`super::scan`], `gate_keyed`): the gate
            // tells it from a DIGITS word of the same spelling.
            i.kind == h.kind
                && i.category == h.cat
                && i.concept == h.concept
                && i.reach == h.reach
                && i.gate == h.gate
        })
        .fold(0, |acc, (_, &r)| acc | r);
    (all & !mine, mine)
}

/// Drops the weak, qualifier and concept words of `hits` that the message's own language reads otherwise:
/// its pack writes the word, but not in the role another language's pack gives it ([`native_readings`]),
/// and no language of the message writes it so. A word a language writes is read as that language reads it
/// in a text written in it: Spanish says a code's digits with `dígitos` and `números`, and its `número` is
/// a number of anything, so the Tagalog `numero` (a code's numbers) says nothing in a Spanish sentence.
/// `lang` names the message's languages, asked only when such a word is found; 0 keeps them. Returns
/// whether one was found.
pub(super) fn drop_foreign_readings(
    hits: &mut Vec<Hit>,
    c: &Compiled,
    lang: impl FnOnce() -> u64,
) -> bool {
    if c.native.is_empty() || !hits.iter().any(|h| native_readings(c, h).0 != 0) {
        return false;
    }
    let written = lang();
    if written == 0 {
        return true;
    }
    hits.retain(|h| {
        let (other, mine) = native_readings(c, h);
        other & written == 0 || mine & written != 0
    });
    true
}

/// Drops the weak, qualifier and concept words of `hits` (found in the message `folded`) matched only by
/// the endings of a family no language of the message belongs to; `lang` names the message's languages,
/// asked only when such a match is found (0, not told, keeps them all). Returns whether one was found (the
/// verdict then depends on the language).
pub(super) fn drop_foreign_inflections(
    c: &Compiled,
    folded: &str,
    hits: &mut Vec<Hit>,
    lang: impl FnOnce() -> u64,
) -> bool {
    if c.chains.is_empty() || !hits.iter().any(|h| inflected_by(c, folded, h) != 0) {
        return false;
    }
    let written = lang();
    if written == 0 {
        return true;
    }
    hits.retain(|h| {
        let family = inflected_by(c, folded, h);
        family == 0 || family & written != 0
    });
    true
}

#[cfg(test)]
mod tests {
    use crate::policy::secret::form::tests::judge;

    /// A field that holds whatever the message asks for: the message alone decides.
    fn free_field() -> serde_json::Value {
        serde_json::json!({"type": "object", "properties": {"calle": {"type": "string", "title": "Calle"}}})
    }

    fn blocks(message: &str) -> bool {
        judge(message, free_field())
            .iter()
            .any(|r| r.starts_with("form.secret"))
    }

    #[test]
    fn a_word_reads_as_its_own_language_reads_it() {
        // The Spanish `número` is a number of anything: "appears on the invoice" is where it is printed.
        // The Tagalog pack's `numero` (a code's numbers) and the Lithuanian `numeris` with the Spanish
        // ending say nothing in a Spanish sentence.
        for message in [
            "Necesitamos el número de contrato (aparece arriba a la derecha en la factura) y la nueva dirección.",
            "Indícanos el número de cliente que aparece en tu factura y la nueva dirección.",
            "Precisamos do número do contrato que aparece na fatura e do novo endereço.",
        ] {
            assert!(!blocks(message), "{message}");
        }
    }

    #[test]
    fn a_code_asked_in_the_texts_own_words_still_blocks() {
        // Hostile twins: the same word read by the message's own pack (Spanish NUMBER that arrived, the
        // Tagalog numbers in the SMS), a code's digits named in Spanish, and a foreign secret's own name
        // after a benign sentence in another language.
        for message in [
            "Escribe el número que aparece en el SMS que te acabamos de enviar.",
            "Necesitamos el número de contrato. Escribe también los dígitos que te llegaron por SMS.",
            "Ilagay ang anim na numero na dumating sa SMS mo ngayon.",
            "Gracias por su compra en nuestra tienda. Įveskite slaptažodį.",
        ] {
            assert!(blocks(message), "{message}");
        }
    }
}
