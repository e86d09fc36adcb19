//! A survey about a secret's device or experience is no request for the secret: "Was the keypad for entering
//! your PIN easy to use?", "¿Qué tan satisfecho está con el proceso de cambio de contraseña?".
//!
//! Such a message names a secret right after a request verb ("entering your PIN"), yet the verb only says
//! what the device is for; what the form collects is a rating, a yes or no, and at most a free comment. It
//! is read so only when every sentence of the message that holds a request verb is a question holding a word
//! of evaluation (easy, satisfied, rate, experience), and the form has a field for the answer of a survey (a
//! choice, or a number bounded at 10 or below). A sentence that asks without being such a question ("Was it
//! easy? Type your PIN below to confirm your vote.") keeps the message's request, and a field named for the
//! secret is judged on its own words whatever the message says: this lifts only the message's request rule.

use crate::policy::secret::normalize::{fold_words, is_unspaced_script, Folder};
use crate::policy::secret::pack::{Compiled, Kind};

/// The largest upper bound of a number field read as a rating ("1-5", "0-10").
pub(super) const MAX_RATING: f64 = 10.0;

/// Words of evaluation, written naturally, in the languages of the packs: a question that holds one asks
/// how something was, not for anything. Words of five letters or more match at the start of a word too
/// (`zufriedenheit`, `łatwiejsze`), shorter ones whole; in scripts without spaces, anywhere. Not the bare
/// Vietnamese `dễ` / `khó`: folded they are another language's stopword or a common syllable.
const EVALUATION: &[&str] = &[
    // en
    "easy",
    "easier",
    "difficult",
    "hard to use",
    "convenient",
    "satisfied",
    "satisfaction",
    "rate",
    "rating",
    "experience",
    "intuitive",
    "user friendly",
    "user-friendly",
    "confusing",
    "frustrating",
    "comfortable",
    "smooth",
    "clear",
    "simple",
    "straightforward",
    // fr
    "facile",
    "difficile",
    "pratique",
    "satisfait",
    "satisfaite",
    "satisfaits",
    "satisfaction",
    "notez",
    "noter",
    "évaluez",
    "évaluer",
    "expérience",
    "intuitif",
    "intuitive",
    "compliqué",
    "agréable",
    // de
    "einfach",
    "leicht",
    "schwierig",
    "zufrieden",
    "zufriedenheit",
    "bewerten",
    "bewerten sie",
    "bewertung",
    "erfahrung",
    "intuitiv",
    "übersichtlich",
    "kompliziert",
    "bequem",
    "praktisch",
    // es, it, pt
    "fácil",
    "difícil",
    "satisfecho",
    "satisfecha",
    "satisfacción",
    "valore",
    "califique",
    "calificar",
    "evalúe",
    "experiencia",
    "intuitivo",
    "cómodo",
    "práctico",
    "complicado",
    "soddisfatto",
    "soddisfatta",
    "soddisfazione",
    "valuta",
    "valuti",
    "esperienza",
    "comodo",
    "pratico",
    "complicato",
    "satisfeito",
    "satisfeita",
    "satisfação",
    "avalie",
    "avaliar",
    "experiência",
    "prático",
    "cômodo",
    // nl, sv, da, no
    "makkelijk",
    "gemakkelijk",
    "moeilijk",
    "tevreden",
    "tevredenheid",
    "beoordeel",
    "beoordelen",
    "ervaring",
    "handig",
    "ingewikkeld",
    "enkel",
    "enkelt",
    "svårt",
    "nöjd",
    "nöjda",
    "betygsätt",
    "upplevelse",
    "smidigt",
    "tilfreds",
    "bedøm",
    "oplevelse",
    "brugervenlig",
    "brugervenligt",
    "vanskelig",
    "fornøyd",
    "opplevelse",
    "brukervennlig",
    "brukervennlige",
    // fi, lt, hu, ro, el, tr
    "helppo",
    "helppoa",
    "vaikea",
    "vaikeaa",
    "tyytyväinen",
    "tyytyväisiä",
    "arvioi",
    "arvioikaa",
    "kokemus",
    "selkeä",
    "kätevä",
    "lengva",
    "paprasta",
    "sunku",
    "patogu",
    "patenkinti",
    "įvertinkite",
    "patirtis",
    "könnyű",
    "könnyen",
    "egyszerű",
    "nehéz",
    "kényelmes",
    "elégedett",
    "értékelje",
    "tapasztalat",
    "ușor",
    "simplu",
    "dificil",
    "mulțumit",
    "mulțumită",
    "satisfăcut",
    "evaluați",
    "experiența",
    "experiență",
    "intuitiv",
    "εύκολο",
    "εύκολη",
    "δύσκολο",
    "βολικό",
    "ικανοποιημένος",
    "ικανοποιημένοι",
    "αξιολογήστε",
    "βαθμολογήστε",
    "εμπειρία",
    "kolay",
    "kolaydı",
    "zor",
    "rahat",
    "memnun",
    "memnuniyet",
    "değerlendirin",
    "puanlayın",
    "deneyim",
    "anlaşılır",
    // pl, cs, sk, hr, sr, bg, ru, uk
    "łatwy",
    "łatwa",
    "łatwe",
    "łatwo",
    "trudny",
    "trudna",
    "trudno",
    "wygodny",
    "wygodna",
    "wygodnie",
    "zadowolony",
    "zadowolona",
    "zadowoleni",
    "oceń",
    "oceńcie",
    "ocenić",
    "doświadczenie",
    "intuicyjny",
    "intuicyjna",
    "czytelny",
    "skomplikowany",
    "snadné",
    "snadno",
    "jednoduché",
    "obtížné",
    "pohodlné",
    "spokojen",
    "spokojeni",
    "spokojený",
    "ohodnoťte",
    "hodnocení",
    "zkušenost",
    "intuitivní",
    "přehledné",
    "ľahké",
    "ťažké",
    "náročné",
    "spokojný",
    "spokojní",
    "hodnotenie",
    "skúsenosť",
    "intuitívne",
    "prehľadné",
    "lako",
    "jednostavno",
    "teško",
    "zadovoljni",
    "zadovoljan",
    "ocijenite",
    "ocenite",
    "iskustvo",
    "intuitivno",
    "praktično",
    "лако",
    "једноставно",
    "тешко",
    "задовољни",
    "оцените",
    "искуство",
    "лесно",
    "удобно",
    "трудно",
    "доволни",
    "оценете",
    "опит",
    "легко",
    "сложно",
    "доволен",
    "довольны",
    "удовлетворены",
    "оцените",
    "оценить",
    "опыт",
    "понятно",
    "понятным",
    "удобным",
    "зручно",
    "зручним",
    "важко",
    "задоволені",
    "оцініть",
    "досвід",
    "зрозуміло",
    // he, ar, fa, ur
    "קל",
    "קשה",
    "נוח",
    "מרוצה",
    "מרוצים",
    "דרגו",
    "חוויה",
    "שביעות רצון",
    "سهل",
    "سهلة",
    "صعب",
    "صعبة",
    "مريح",
    "راض",
    "راضون",
    "قيم",
    "تقييم",
    "تجربة",
    "رضا",
    "آسان",
    "راحت",
    "دشوار",
    "راضی",
    "رضایت",
    "امتیاز",
    "ارزیابی",
    "تجربه",
    "مشکل",
    "مطمئن",
    "تجربہ",
    "اطمینان",
    // hi, mr, bn, ta, te
    "आसान",
    "कठिन",
    "मुश्किल",
    "सुविधाजनक",
    "संतुष्ट",
    "रेटिंग",
    "अनुभव",
    "सोपे",
    "सोपा",
    "सोपी",
    "कठीण",
    "अवघड",
    "सोयीचे",
    "समाधानी",
    "সহজ",
    "কঠিন",
    "সুবিধাজনক",
    "সন্তুষ্ট",
    "রেটিং",
    "অভিজ্ঞতা",
    "எளிது",
    "எளிதாக",
    "எளிதான",
    "கடினம",
    "வசதியாக",
    "திருப்தி",
    "அனுபவம",
    "సులభం",
    "సులభంగా",
    "కష్టం",
    "సౌకర్యంగా",
    "సంతృప్తి",
    "రేటింగ్",
    "అనుభవం",
    // id, ms, tl, sw, vi
    "mudah",
    "sulit",
    "susah",
    "nyaman",
    "puas",
    "kepuasan",
    "pengalaman",
    "selesa",
    "berpuas hati",
    "madali",
    "mahirap",
    "nasiyahan",
    "kasiyahan",
    "karanasan",
    "rahisi",
    "vigumu",
    "kuridhika",
    "umeridhika",
    "kadiria",
    "uzoefu",
    "hài lòng",
    "đánh giá",
    "trải nghiệm",
    "thuận tiện",
    "khó khăn",
    // th, zh, ja, ko
    "ง่าย",
    "ยาก",
    "สะดวก",
    "พอใจ",
    "ให้คะแนน",
    "ประสบการณ์",
    "方便",
    "容易",
    "简单",
    "簡單",
    "困难",
    "困難",
    "满意",
    "滿意",
    "评分",
    "評分",
    "体验",
    "體驗",
    "好用",
    "易用",
    "使いやすい",
    "使いやすかった",
    "簡単",
    "難しい",
    "満足",
    "評価",
    "体験",
    "分かりやすい",
    "わかりやすい",
    "쉬웠",
    "쉬운",
    "쉽게",
    "편리",
    "어려웠",
    "만족",
    "평가",
    "경험",
];

/// Marks that end a question: the Latin, full-width, Arabic and Greek question marks (the Greek one is
/// `;` once normalised).
const QUESTION_MARKS: &[char] = &['?', '？', '؟', '\u{37E}'];

/// Thai asks without a mark, by a particle at the end of the sentence.
const QUESTION_PARTICLES: &[&str] = &["ไหม", "มั้ย", "หรือไม่", "หรือเปล่า", "ไม๊"];

/// [`EVALUATION`] folded as texts are, once.
fn evaluation_words() -> &'static [String] {
    static FOLDED: std::sync::OnceLock<Vec<String>> = std::sync::OnceLock::new();
    FOLDED.get_or_init(|| {
        EVALUATION
            .iter()
            .map(|w| fold_words(w).trim().to_owned())
            .filter(|w| !w.is_empty())
            .collect()
    })
}

/// Whether the folded `sentence` holds a word of evaluation.
fn evaluates(sentence: &str) -> bool {
    let padded = format!(" {} ", sentence.trim());
    evaluation_words().iter().any(|w| {
        if w.chars().any(is_unspaced_script) || w.contains(' ') {
            return padded.contains(w.as_str());
        }
        padded
            .split_whitespace()
            .any(|word| word == w || (w.chars().count() >= 5 && word.starts_with(w.as_str())))
    })
}

/// The sentences of `message`, each with whether it is a question.
fn sentences(message: &str) -> Vec<(&str, bool)> {
    let mut out = Vec::new();
    let mut start = 0;
    for (at, ch) in message.char_indices() {
        let end = at + ch.len_utf8();
        let question = QUESTION_MARKS.contains(&ch);
        if question || matches!(ch, '.' | '!' | '。' | '！' | '।' | '۔' | '\n') {
            if let Some(s) = message.get(start..end) {
                out.push((s, question));
            }
            start = end;
        }
    }
    if let Some(rest) = message.get(start..) {
        if !rest.trim().is_empty() {
            let t = rest.trim_end();
            let question = QUESTION_PARTICLES.iter().any(|p| t.ends_with(p));
            out.push((rest, question));
        }
    }
    out
}

/// Whether `message`, over a form with a survey's answer field (`rating`), asks about a secret's device or
/// experience rather than for the secret: see the module doc.
pub(super) fn asks_about(c: &Compiled, message: &str, rating: bool) -> bool {
    if !rating {
        return false;
    }
    let mut folder = Folder::default();
    let mut buf = Vec::new();
    let mut any = false;
    for (sentence, question) in sentences(message) {
        buf.clear();
        folder.fold_into(sentence, &c.stopwords, &mut buf);
        let mut requests = false;
        c.find_terms(&buf, |pattern, _, _| {
            requests |= c
                .infos
                .get(pattern)
                .is_some_and(|infos| infos.iter().any(|i| i.kind == Kind::Request));
        });
        if !requests {
            continue;
        }
        let folded = std::str::from_utf8(&buf).unwrap_or("");
        if !(question && evaluates(folded)) {
            return false;
        }
        any = true;
    }
    any
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::OnceLock;

    fn compiled() -> &'static Compiled {
        static C: OnceLock<Compiled> = OnceLock::new();
        C.get_or_init(|| crate::policy::secret::pack::compile(&[]).unwrap())
    }

    #[test]
    fn a_question_about_how_entering_a_secret_went_is_a_survey() {
        let c = compiled();
        for m in [
            "Was it easy to enter your password on the new screen?",
            "Was the screen to enter your password clear enough?",
            "War das Tastenfeld zum Eingeben der PIN einfach zu bedienen?",
            "¿Le resultó fácil introducir su PIN en el cajero?",
        ] {
            assert!(asks_about(c, m, true), "{m}");
        }
    }

    #[test]
    fn a_request_outside_the_question_or_without_a_rating_is_no_survey() {
        let c = compiled();
        // Another sentence asks.
        assert!(!asks_about(
            c,
            "Was entering your PIN easy? Enter your PIN below to confirm your vote.",
            true
        ));
        // No question.
        assert!(!asks_about(c, "Enter your PIN, it is easy.", true));
        // A question that evaluates nothing: a polite request.
        assert!(!asks_about(c, "Could you enter your PIN here?", true));
        // No field for a survey's answer.
        assert!(!asks_about(
            c,
            "Was the keypad for entering your PIN easy to use?",
            false
        ));
    }
}
