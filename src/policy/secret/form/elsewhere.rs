//! A secret typed somewhere else, "not here": "You will get a prompt and enter your M-Pesa PIN on the phone
//! itself, not here", "Geben Sie die PIN am Terminal ein, nicht hier", "PIN को ATM पर डालें, यहाँ नहीं". A
//! payment form that sends the user to the phone's own prompt, a terminal or an app names the secret with a
//! request verb, and the clause after it says where it is not typed: this form.
//!
//! The reading is by clause, as the denial's ([`super::negation`]): a clause naming the secret with a request
//! verb is denied by the clause right after it in the same sentence ([`defers`]) when that one says "not
//! here" ([`NOT_HERE`]: "not here", "nicht hier", "si hapa", "यहाँ नहीं", "ここではなく", or "not in this
//! form") and names nothing and asks nothing itself, and the request's own clause holds no word of this
//! place ([`HERE`]: "here", "below", "this form"): "Enter your PIN below, not here" asks below, and "Type
//! your PIN here, not in the app" has no "not here" at all.
//!
//! A clause pointing at this place without a negation ("below", "here") makes a name after it in the
//! sentence a label of what is asked there ([`points_here`]): "Not here, below: your password" asks.
//!
//! What keeps the request, read by the denial's rules: a later sentence that names the secret without a
//! negation ("…, not here. PIN:"), or asks bare after the denial ("…, not here. Type it below."). The fields
//! are still judged on their own words and shapes.

use super::negation::holds;
use crate::policy::secret::normalize::fold_words;

/// "Not here", "not in this form": a clause saying the secret is not typed in this form. Phrases, matched
/// anywhere in a clause folded as texts are.
const NOT_HERE: &[&str] = &[
    // en
    "not here",
    "not in this form",
    "not on this form",
    "not in this chat",
    // de
    "nicht hier",
    "nicht in diesem formular",
    // fr
    "pas ici",
    "non ici",
    "pas dans ce formulaire",
    // es
    "no aquí",
    "no acá",
    "no en este formulario",
    // pt
    "não aqui",
    "não neste formulário",
    // it
    "non qui",
    "non qua",
    "non in questo modulo",
    // nl
    "niet hier",
    "niet in dit formulier",
    // ro
    "nu aici",
    "nu în acest formular",
    // el
    "όχι εδώ",
    "όχι σε αυτή τη φόρμα",
    // da, no
    "ikke her",
    "ikke i denne formular",
    "ikke i dette skjemaet",
    // sv
    "inte här",
    "inte i det här formuläret",
    "inte i detta formulär",
    // fi
    "ei tähän",
    "ei tässä",
    "ei täällä",
    "ei tälle lomakkeelle",
    // pl
    "nie tutaj",
    "nie tu",
    "nie w tym formularzu",
    // cs, sk
    "ne sem",
    "ne zde",
    "ne tady",
    "ne do tohoto formuláře",
    "nie sem",
    "nie do tohto formulára",
    // uk, ru, bg
    "не тут",
    "не сюди",
    "не в цій формі",
    "не здесь",
    "не сюда",
    "не в этой форме",
    "не тук",
    "не в тази форма",
    // hr, sr
    "ne ovdje",
    "ne ovde",
    "не овде",
    "не овдје",
    // lt, hu
    "ne čia",
    "ne šioje formoje",
    "nem ide",
    "nem itt",
    "ne ide",
    "ne itt",
    // tr
    "burada değil",
    "buraya değil",
    "bu forma değil",
    // ar, fa, he
    "ليس هنا",
    "وليس هنا",
    "لا هنا",
    "نه اینجا",
    "نه در این فرم",
    "לא כאן",
    "ולא כאן",
    "לא בטופס הזה",
    // ur, hi, mr, bn
    "یہاں نہیں",
    "نہ کہ یہاں",
    "यहाँ नहीं",
    "यहां नहीं",
    "न कि यहाँ",
    "न कि यहां",
    "इथे नाही",
    "येथे नाही",
    "এখানে নয়",
    "এখানে না",
    // ta, te
    "இங்கே அல்ல",
    "இங்கு அல்ல",
    "இங்கே இல்லை",
    "ఇక్కడ కాదు",
    // sw
    "si hapa",
    "sio hapa",
    "siyo hapa",
    // id, ms, tl
    "bukan di sini",
    "tidak di sini",
    "bukan di borang ini",
    "bukan di formulir ini",
    "hindi dito",
    "hindi rito",
    // vi, th
    "không phải ở đây",
    "không phải tại đây",
    "không phải trong biểu mẫu này",
    "ไม่ใช่ที่นี่",
    "ไม่ใช่ในแบบฟอร์มนี้",
    // zh, ja, ko
    "不是在这里",
    "而不是这里",
    "不在这里",
    "不是这里",
    "而非此处",
    "不在此处",
    "不是在這裡",
    "不在這裡",
    "ここではなく",
    "ここではありません",
    "このフォームではなく",
    "여기가 아니라",
    "여기가 아닌",
    "이 양식이 아니라",
];

/// Words of this place: "here", "below", "this form". A request clause holding one asks in this form,
/// whatever the clause after it says.
const HERE: &[&str] = &[
    "here",
    "below",
    "this form",
    "hier",
    "unten",
    "ici",
    "ci-dessous",
    "aquí",
    "acá",
    "abajo",
    "aqui",
    "abaixo",
    "qui",
    "qua",
    "sotto",
    "hieronder",
    "aici",
    "mai jos",
    "εδώ",
    "παρακάτω",
    "her",
    "nedenfor",
    "nedenunder",
    "här",
    "nedan",
    "tähän",
    "tässä",
    "alla",
    "alle",
    "tutaj",
    "tu",
    "poniżej",
    "sem",
    "zde",
    "tady",
    "níže",
    "nižšie",
    "тут",
    "сюди",
    "нижче",
    "здесь",
    "сюда",
    "ниже",
    "тук",
    "по-долу",
    "ovdje",
    "ovde",
    "ispod",
    "овде",
    "овдје",
    "испод",
    "čia",
    "žemiau",
    "ide",
    "itt",
    "alább",
    "lent",
    "buraya",
    "burada",
    "aşağıya",
    "aşağıda",
    "هنا",
    "أدناه",
    "اینجا",
    "زیر",
    "כאן",
    "למטה",
    "یہاں",
    "نیچے",
    "यहाँ",
    "यहां",
    "नीचे",
    "इथे",
    "येथे",
    "खाली",
    "এখানে",
    "নিচে",
    "இங்கே",
    "இங்கு",
    "கீழே",
    "ఇక్కడ",
    "క్రింద",
    "hapa",
    "chini",
    "di sini",
    "di bawah",
    "dito",
    "rito",
    "sa ibaba",
    "ở đây",
    "dưới đây",
    "bên dưới",
    "ที่นี่",
    "ด้านล่าง",
    "这里",
    "此处",
    "下方",
    "下面",
    "這裡",
    "ここ",
    "以下",
    "下記",
    "여기",
    "아래",
];

folded_words! { fn not_here_words = NOT_HERE; }

folded_words! { fn here_words = HERE; }

/// Whether the folded text says "not here" ([`NOT_HERE`]).
pub(super) fn says_not_here(folded: &str) -> bool {
    holds(folded, not_here_words())
}

/// Whether the folded clause points at this place ("below", "here": [`HERE`]) without saying "not here" or
/// another negation: "Not here, below: your password" asks below.
pub(super) fn points_here(folded: &str) -> bool {
    holds(folded, here_words()) && !says_not_here(folded) && !super::negation::negated(folded)
}

/// Whether `clause`, which names a secret with a request verb, is denied by `next`, the clause right after
/// it in its sentence (module doc): `next` says "not here", and `next_names_or_asks` (what it names or asks
/// by itself, read by the caller) is false, and `clause` holds no word of this place ([`HERE`]).
pub(super) fn defers(clause: &str, next: Option<&str>, next_names_or_asks: bool) -> bool {
    let Some(next) = next else {
        return false;
    };
    !next_names_or_asks
        && says_not_here(&fold_words(next))
        && !holds(&fold_words(clause), here_words())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn not_here_after_a_request_defers_it_and_a_word_of_this_place_keeps_it() {
        for (clause, next) in [
            (
                "utaweka PIN yako ya M-Pesa kwenye simu yenyewe",
                " si hapa.",
            ),
            ("Geben Sie die PIN am Terminal ein", " nicht hier."),
            ("आप अपना PIN मशीन पर डालेंगे", " यहाँ नहीं।"),
            ("You will type your PIN on the keypad", " not in this form."),
        ] {
            assert!(defers(clause, Some(next), false), "{clause}");
        }
        // The request's own clause points here; the clause after names or asks; none follows.
        assert!(!defers("Enter your PIN below", Some(" not here."), false));
        assert!(!defers(
            "Enter your PIN on the phone",
            Some(" not here"),
            true
        ));
        assert!(!defers("Enter your PIN on the phone", None, false));
        assert!(!defers(
            "Type your PIN here",
            Some(" not in the app."),
            false
        ));
    }

    #[test]
    fn a_clause_pointing_here_without_a_negation_points_here() {
        assert!(points_here(&fold_words("below")));
        assert!(points_here(&fold_words("Tulis di bawah")));
        assert!(!points_here(&fold_words("not here")));
        assert!(!points_here(&fold_words("never here")));
        assert!(!points_here(&fold_words("on the phone")));
    }
}
