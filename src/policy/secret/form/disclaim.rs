//! A field's description that names a secret only to say the field is not it, or holds none: "Kod untuk
//! pengunjung, bukan kata laluan peribadi", "Tämä ei ole salasana eikä kirjautumistunnus", "Tanpa kod atau
//! maklumat peribadi", "Not your bank password", "Sin contraseñas", "PIN नहीं". Such a description tells
//! the user what not to type; its secret words give the field no secret's meaning ([`disclaimed`]).
//!
//! The reading is by clause (cut at a sentence's end, a semicolon, a colon) and by the grammar of the noun
//! a negation governs: a secret's term is denied when a word of negation or of lack stands right before it
//! ([`BEFORE`]: "not", "bukan", "ohne", "sin", at most [`GAP`] words before: "not a personal password", "ei
//! ole salasana"), or, in languages that put it after the noun, right after it ([`AFTER`]: Turkish
//! `değil`, Hindi `नहीं`, Persian `نیست`); and a term joined to a denied one by nothing but words of a list
//! ([`LIST`]: "or", "nor", "atau", "eikä") is denied with it ("Tanpa kod atau maklumat peribadi"). A clause
//! holding a request verb ("Do not enter your PIN here", "Enter the PIN, not the password") is a
//! prohibition or a request, not a description of what the field is, and is left to the other readings, as
//! is one holding a word of restriction ("nothing but the PIN"). Only the description is read: the title
//! names what the field holds.
//!
//! What still collects the secret overrides the denial, read by the caller (`form/property.rs`): a field
//! whose own name or title names the secret strongly, a `password` format, or bounds of a code. A hostile
//! server can write "not your password" under a field titled "Password"; the title still asks.
//!
//! Scripts written without spaces (Chinese, Japanese, Thai) are not read: a clause there is one word.

use super::negation::restricts;
use crate::policy::secret::normalize::{fold_words, is_unspaced_script, Folder};
use crate::policy::secret::pack::{Compiled, Kind};

/// Most words between a negation and the term it denies ("not [a personal] password", "no [es una]
/// contraseña", "not [your own bank] password").
const GAP: usize = 3;

/// Most clauses of a description read; a longer one is read as it was.
const MAX_CLAUSES: usize = 16;

/// Words that deny the noun after them: negations and words of lack ("without"), folded as the texts are.
/// Left out for folding to another pack's ordinary word before a noun: Lithuanian `be` (English "be":
/// "must be a password"), Romance `si` ("if"), Malay `tak` (Polish "yes"), Italian `mai` (Romanian
/// "more"), German `noch` ("still").
const BEFORE: &[&str] = &[
    // en
    "not",
    "no",
    "never",
    "nor",
    "neither",
    "without",
    "non",
    // de
    "kein",
    "keine",
    "keinen",
    "keiner",
    "keines",
    "nicht",
    "ohne",
    "weder",
    // fr
    "pas",
    "ni",
    "sans",
    "aucun",
    "aucune",
    "jamais",
    // es, pt, it
    "sin",
    "ningún",
    "ninguna",
    "nunca",
    "não",
    "nem",
    "sem",
    "nenhum",
    "nenhuma",
    "né",
    "senza",
    "nessun",
    "nessuna",
    // nl
    "geen",
    "niet",
    "zonder",
    // ro
    "nici",
    "fără",
    "niciun",
    "nicio",
    // el
    "όχι",
    "δεν",
    "χωρίς",
    "ούτε",
    // da, no, sv
    "ikke",
    "ingen",
    "inte",
    "ej",
    "uden",
    "uten",
    "utan",
    "aldrig",
    "aldri",
    // fi
    "ei",
    "eikä",
    "ilman",
    // pl, cs, sk
    "nie",
    "bez",
    "ani",
    "żaden",
    "żadne",
    "żadnego",
    "ne",
    "není",
    "žádné",
    "žádný",
    "žiadne",
    "žiadny",
    // ru, uk, bg, sr
    "не",
    "без",
    "ни",
    "ані",
    "нет",
    // hr, sr, lt
    "nije",
    "niti",
    "nėra",
    "nei",
    // hu
    "nem",
    "sem",
    // ar
    "لا",
    "ليس",
    "ليست",
    "ولا",
    "بدون",
    "دون",
    "غير",
    // fa, ur
    "نه",
    "بدون",
    "بی",
    "بغیر",
    "نہ",
    // he
    "לא",
    "ללא",
    "בלי",
    "אינו",
    "אינה",
    "ולא",
    // hi, bn
    "बिना",
    "न",
    "বিনা",
    // sw
    "bila",
    "wala",
    "hakuna",
    // id, ms
    "bukan",
    "tanpa",
    "tiada",
    "tidak",
    // tl
    "hindi",
    "walang",
    // vi
    "không",
    "chẳng",
];

/// Words that deny the noun before them, in languages that put the negation after it: "şifre değil",
/// "पासवर्ड नहीं", "রমজ নয়", "رمز عبور نیست", "PIN کے بغیر", "비밀번호가 아닙니다".
const AFTER: &[&str] = &[
    // tr
    "değil",
    "değildir",
    "olmadan",
    "yok",
    // fa, ur
    "نیست",
    "نہیں",
    "بغیر",
    "نہ",
    // hi, mr
    "नहीं",
    "बिना",
    "न",
    "नाही",
    "नव्हे",
    "शिवाय",
    // bn
    "নয়",
    "না",
    "ছাড়া",
    // ta, te
    "இல்லை",
    "அல்ல",
    "కాదు",
    "లేదు",
    "లేకుండా",
    // hu
    "nélkül",
    // ko
    "아닌",
    "아닙니다",
    "아니며",
    "아니라",
    "없이",
];

/// Words that join the terms of a list, so that one negation denies them all ("without code or personal
/// data", "ei salasana eikä tunnus").
const LIST: &[&str] = &[
    "or",
    "and",
    "oder",
    "und",
    "ou",
    "et",
    "o",
    "y",
    "e",
    "of",
    "en",
    "sau",
    "și",
    "ή",
    "και",
    "eller",
    "og",
    "och",
    "tai",
    "ja",
    "lub",
    "albo",
    "czy",
    "i",
    "a",
    "nebo",
    "alebo",
    "или",
    "и",
    "або",
    "ili",
    "ar",
    "arba",
    "ir",
    "vagy",
    "és",
    "veya",
    "ya",
    "ile",
    "و",
    "أو",
    "یا",
    "או",
    "या",
    "और",
    "বা",
    "ও",
    "এবং",
    "அல்லது",
    "లేదా",
    "au",
    "na",
    "atau",
    "dan",
    "serta",
    "at",
    "hoặc",
    "và",
    "또는",
    "및",
];

folded_words! { fn before_words = BEFORE; }

folded_words! { fn after_words = AFTER; }

folded_words! { fn list_words = LIST; }

/// Whether `ch` ends a clause of a description.
fn ends(ch: char) -> bool {
    matches!(ch, '.' | '!' | '?' | ';' | ':' | '\n' | '؛' | '۔' | '।')
}

/// The words of `description` (counted on its folding with `c`'s stopwords, from 0, as the field's hits
/// are) that name a secret only to deny it (module doc). Empty when nothing is denied, or when the clauses'
/// foldings do not add up to the whole one (a folding across a clause's end): then nothing is read.
pub(super) fn disclaimed(c: &Compiled, description: &str) -> Vec<usize> {
    let whole = fold_words(description);
    let (before, after) = (before_words(), after_words());
    if !whole
        .split_whitespace()
        .any(|w| before.iter().any(|b| b == w) || after.iter().any(|a| a == w))
        || description.chars().any(is_unspaced_script)
    {
        return Vec::new();
    }
    let mut folder = Folder::default();
    let mut buf = Vec::new();
    let mut out = Vec::new();
    let mut base = 0usize;
    let mut start = 0usize;
    let cuts = description
        .char_indices()
        .filter(|&(_, ch)| ends(ch))
        .map(|(at, ch)| at + ch.len_utf8())
        .chain(std::iter::once(description.len()));
    for (n, end) in cuts.enumerate() {
        if n >= MAX_CLAUSES {
            return Vec::new();
        }
        let piece = description.get(start..end).unwrap_or("");
        start = end;
        buf.clear();
        folder.fold_into(piece, &c.stopwords, &mut buf);
        let dropped: Vec<&str> = std::str::from_utf8(&buf)
            .unwrap_or("")
            .split(' ')
            .filter(|w| !w.is_empty())
            .collect();
        for w in read_clause(c, piece, &buf, &dropped) {
            out.push(base + w);
        }
        base += dropped.len();
    }
    buf.clear();
    folder.fold_into(description, &c.stopwords, &mut buf);
    let total = buf.split(|&b| b == b' ').filter(|w| !w.is_empty()).count();
    if total != base {
        return Vec::new();
    }
    out
}

/// The words of one clause (indexes into `dropped`, its folding without stopwords, held in `buf`) that
/// name a secret only to deny it.
fn read_clause(c: &Compiled, piece: &str, buf: &[u8], dropped: &[&str]) -> Vec<usize> {
    let kept_text = fold_words(piece);
    let kept: Vec<&str> = kept_text.split_whitespace().collect();
    if restricts(&kept_text) {
        return Vec::new();
    }
    // Where each word of the folding without stopwords stands among the words with them: in order, each
    // the next equal word. A folding that does not align reads nothing.
    let mut at = Vec::with_capacity(dropped.len());
    let mut k = 0usize;
    for w in dropped {
        while kept.get(k).is_some_and(|x| x != w) {
            k += 1;
        }
        if k >= kept.len() {
            return Vec::new();
        }
        at.push(k);
        k += 1;
    }
    let word_of = |byte: usize| {
        buf.get(..byte).map_or(0, |b| {
            b.split(|&x| x == b' ').filter(|w| !w.is_empty()).count()
        })
    };
    // The secret's terms, as spans of words without stopwords, and whether a request verb stands here.
    let mut terms: Vec<(usize, usize)> = Vec::new();
    let mut request = false;
    c.find_terms(buf, |pattern, s, e| {
        for info in c.infos.get(pattern).map_or(&[][..], Vec::as_slice) {
            match info.kind {
                Kind::Request => request = true,
                Kind::Strong | Kind::Weak => {
                    let first = word_of(s);
                    let last = word_of(e).saturating_sub(1).max(first);
                    terms.push((first, last));
                }
                _ => {}
            }
        }
    });
    if request || terms.is_empty() {
        return Vec::new();
    }
    terms.sort_unstable();
    terms.dedup();
    let (before, after, list) = (before_words(), after_words(), list_words());
    let is = |words: &[String], i: usize| kept.get(i).is_some_and(|w| words.iter().any(|x| x == w));
    let pos = |i: usize| at.get(i).copied().unwrap_or(usize::MAX);
    let mut denied = vec![false; terms.len()];
    for (t, &(first, last)) in terms.iter().enumerate() {
        let (s, e) = (pos(first), pos(last));
        if s == usize::MAX || e == usize::MAX {
            continue;
        }
        let lead = (s.saturating_sub(GAP + 1)..s).any(|i| is(before, i));
        let trail = (e + 1..=e + 2).any(|i| is(after, i));
        denied[t] = lead || trail;
    }
    // A list carries the denial: a term joined to a denied one by words of a list only (or by nothing).
    let joined = |a: (usize, usize), b: (usize, usize)| {
        let (ea, sb) = (pos(a.1), pos(b.0));
        ea != usize::MAX && sb != usize::MAX && ea < sb && (ea + 1..sb).all(|i| is(list, i))
    };
    for _ in 0..terms.len() {
        let mut changed = false;
        for i in 0..terms.len() {
            if denied[i] {
                continue;
            }
            let near =
                |j: usize| denied[j] && (joined(terms[j], terms[i]) || joined(terms[i], terms[j]));
            if (0..terms.len()).any(near) {
                denied[i] = true;
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    terms
        .iter()
        .zip(&denied)
        .filter(|(_, &d)| d)
        .flat_map(|(&(first, last), _)| first..=last)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::policy::secret::pack::embedded_for_tests as compiled;

    fn denies(d: &str) -> bool {
        !disclaimed(compiled(), d).is_empty()
    }

    #[test]
    fn a_description_saying_the_field_is_not_the_secret_denies_it() {
        for d in [
            "Kod untuk pengunjung, bukan kata laluan peribadi",
            "Tämä ei ole salasana eikä kirjautumistunnus, vaan julkinen tieto.",
            "Tanpa kod atau maklumat peribadi",
            "The gate's code for visitors, not your personal password.",
            "Código para visitas, no es una contraseña.",
            "Ohne Passwort oder PIN.",
        ] {
            assert!(denies(d), "{d}");
        }
    }

    #[test]
    fn a_request_or_an_un_negated_name_is_not_denied() {
        for d in [
            "Enter your password.",
            "Do not share your password: enter it here.",
            "Enter the PIN, not the password.",
            "Your password. Not stored.",
            "Must be a password of 8 characters.",
            "Si vous avez un mot de passe, tapez-le.",
            "The password you use now",
            "Nothing but the PIN",
        ] {
            let c = compiled();
            let words = disclaimed(c, d);
            // "Your password. Not stored." denies nothing: the negation stands in another clause.
            assert!(words.is_empty(), "{d}: {words:?}");
        }
    }

    #[test]
    fn only_the_denied_term_of_a_clause_is_given() {
        // "not your bank password, your card PIN": the PIN follows no negation and joins no list.
        let c = compiled();
        let d = "Not your bank password, your card PIN";
        let words = disclaimed(c, d);
        let mut buf = Vec::new();
        Folder::default().fold_into(d, &c.stopwords, &mut buf);
        let folded = String::from_utf8(buf).unwrap_or_default();
        let tokens: Vec<&str> = folded.split_whitespace().collect();
        let pin = tokens.iter().position(|w| *w == "pin");
        assert!(
            pin.is_some_and(|p| !words.contains(&p)),
            "{words:?} {tokens:?}"
        );
    }
}
