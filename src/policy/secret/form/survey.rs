//! A survey about a secret's device or experience is no request for the secret: "Was the keypad for entering
//! your PIN easy to use?", "¿Qué tan satisfecho está con el proceso de cambio de contraseña?".
//!
//! Such a message names a secret right after a request verb ("entering your PIN"), yet the verb only says
//! what the device is for; what the form collects is a rating, a yes or no, and at most a free comment. It
//! is read so only when every sentence of the message that holds a request verb is a question holding a word
//! of evaluation that names a quality (easy, satisfied, experience; a verb that only asks to rate is none:
//! "Could you enter your PIN to rate us?" asks for the PIN), or a request for an opinion about something (a
//! word for feedback with a word for "about": "ご意見" + "について"), and the form has a field for the answer of a survey (a
//! choice, or a number bounded at 10 or below). A sentence that asks without being such a question ("Was it
//! easy? Type your PIN below to confirm your vote.") keeps the message's request, and a field named for the
//! secret is judged on its own words whatever the message says: this lifts only the message's request rule.

use super::wordlist::{word_list, SURVEY};
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

/// Words of [`EVALUATION`] that only ask to rate (a verb or its noun), with no quality of the experience:
/// "Could you enter your PIN to rate us?" is a request with a pretext, not a question of how entering it
/// went. A question holding only these keeps its request.
const RATING_ONLY: &[&str] = &[
    "rate",
    "rating",
    "notez",
    "noter",
    "évaluez",
    "évaluer",
    "bewerten",
    "bewerten sie",
    "bewertung",
    "valore",
    "califique",
    "calificar",
    "evalúe",
    "valuta",
    "valuti",
    "avalie",
    "avaliar",
    "beoordeel",
    "beoordelen",
    "betygsätt",
    "bedøm",
    "arvioi",
    "arvioikaa",
    "įvertinkite",
    "értékelje",
    "evaluați",
    "αξιολογήστε",
    "βαθμολογήστε",
    "değerlendirin",
    "puanlayın",
    "oceń",
    "oceńcie",
    "ocenić",
    "ohodnoťte",
    "hodnocení",
    "hodnotenie",
    "ocijenite",
    "ocenite",
    "оцените",
    "оценете",
    "оценить",
    "оцініть",
    "דרגו",
    "قيم",
    "تقييم",
    "امتیاز",
    "ارزیابی",
    "रेटिंग",
    "রেটিং",
    "评分",
    "評分",
    "評価",
    "평가",
];

/// Words that ask for an opinion or name the quality asked about, as a noun: "leave your feedback",
/// "ご意見", "의견을 남겨 주세요", "使いやすさを教えてください". With a word for "about" ([`ABOUT`]) in one
/// sentence, a request that is not a question asks for the opinion about what it names, not for it.
const FEEDBACK: &[&str] = &[
    "feedback",
    "opinion",
    "comments",
    "impressions",
    "thoughts",
    "avis",
    "commentaires",
    "meinung",
    "rückmeldung",
    "eindruck",
    "opinión",
    "comentarios",
    "opinião",
    "comentários",
    "parere",
    "opinione",
    "commenti",
    "mening",
    "åsikt",
    "synpunkter",
    "tilbakemelding",
    "mielipide",
    "mielipiteesi",
    "palaute",
    "palautetta",
    "vélemény",
    "véleményét",
    "görüş",
    "görüşlerinizi",
    "geri bildirim",
    "opinia",
    "opinię",
    "názor",
    "mišljenje",
    "мнение",
    "отзыв",
    "думку",
    "відгук",
    "γνώμη",
    "σχόλια",
    "رأي",
    "رأيك",
    "آراء",
    "نظر",
    "نظرتان",
    "דעתך",
    "משוב",
    "राय",
    "प्रतिक्रिया",
    "मत",
    "pendapat",
    "masukan",
    "maklum balas",
    "ý kiến",
    "phản hồi",
    "maoni",
    "opinyon",
    "ความคิดเห็น",
    "意见",
    "意見",
    "ご意見",
    "感想",
    "使いやすさ",
    "満足度",
    "의견",
    "소감",
    "후기",
    "만족도",
];

/// Words for "about" / "regarding", which make what follows or precedes them the subject of an opinion.
const ABOUT: &[&str] = &[
    "about",
    "regarding",
    "concerning",
    "sur",
    "concernant",
    "über",
    "zum",
    "zur",
    "sobre",
    "acerca",
    "riguardo",
    "sul",
    "sulla",
    "over",
    "om",
    "angående",
    "hakkında",
    "ilgili",
    "dotyczące",
    "na temat",
    "o",
    "про",
    "относно",
    "щодо",
    "σχετικά",
    "حول",
    "بشأن",
    "درباره",
    "בנוגע",
    "לגבי",
    "על",
    "बारे",
    "tentang",
    "mengenai",
    "về",
    "kuhusu",
    "tungkol",
    "เกี่ยวกับ",
    "关于",
    "關於",
    "について",
    "に関して",
    "に関する",
    "에 대한",
    "에 관한",
    "대한",
    "관한",
];

/// Phrases that say a secret is not given here ("confirm it in your bank app, not here"): a sentence that
/// asks and holds one of them says where the secret goes instead ([`given_elsewhere`]).
const NOT_HERE: &[&str] = &[
    "not here",
    "not in this form",
    "never here",
    "pas ici",
    "pas dans ce formulaire",
    "nicht hier",
    "nicht in diesem formular",
    "no aquí",
    "no en este formulario",
    "não aqui",
    "não neste formulário",
    "non qui",
    "niet hier",
    "inte här",
    "ikke her",
    "ei täällä",
    "nie tutaj",
    "nie tu",
    "ne zde",
    "ne tady",
    "nie tu",
    "не здесь",
    "не тут",
    "не тук",
    "ne ovde",
    "ne ovdje",
    "nu aici",
    "itt nem",
    "burada değil",
    "εδώ όχι",
    "όχι εδώ",
    "ليس هنا",
    "לא כאן",
    "نه اینجا",
    "یہاں نہیں",
    "यहाँ नहीं",
    "यहां नहीं",
    "bukan di sini",
    "không phải tại đây",
    "không phải ở đây",
    "không nhập tại đây",
    "si hapa",
    "hindi dito",
    "ไม่ใช่ที่นี่",
    "不是在这里",
    "不在这里",
    "不在此",
    "ここではなく",
    "ここでは入力しない",
    "여기가 아닌",
    "여기서는 입력하지",
];

/// Words that ask how many ("how many", "wie viele", "combien", "сколько", "几"): with a word for a part of
/// a secret (a pack's `fragment`: digit, character, Ziffer), a question counts the secret's parts
/// ([`counts_only`]).
const HOW_MANY: &[&str] = &[
    "how many",
    "wie viele",
    "wie viel",
    "combien",
    "cuántos",
    "cuántas",
    "quantos",
    "quantas",
    "quanti",
    "quante",
    "hoeveel",
    "hur många",
    "hvor mange",
    "kuinka monta",
    "montako",
    "ile",
    "kolik",
    "koľko",
    "koliko",
    "колико",
    "сколько",
    "скільки",
    "колко",
    "πόσα",
    "πόσους",
    "πόσες",
    "kaç",
    "hány",
    "câte",
    "câți",
    "kiek",
    "כמה",
    "كم",
    "چند",
    "کتنے",
    "کتنی",
    "कितने",
    "कितनी",
    "किती",
    "কত",
    "எத்தனை",
    "ఎన్ని",
    "berapa",
    "ilang",
    "ngapi",
    // Swahili "how many" agrees with its noun's class: manenosiri mangapi, watu wangapi, vitu vingapi.
    "mangapi",
    "wangapi",
    "vingapi",
    "mingapi",
    "bao nhiêu",
    "กี่",
    "几位",
    "多少位",
    "幾位",
    "何桁",
    "몇 자리",
    "몇자리",
];

/// Nouns for a count or a number of things ("count", "Anzahl", "počet", "количество", "개수", "数量"): a
/// field's own title that holds one over a number field asks how many of the secrets it names the user has
/// ("기억하고 있는 비밀번호 개수", "Anzahl Ihrer Passwörter"), not for one, question or not ([`counts_secrets`]).
/// Only words that are never a secret number's own name: not English "number", Spanish `número`, Greek
/// `αριθμός`, Hebrew `מספר`, Hindi `संख्या`, Croatian `broj`, Hungarian `száma`, which also title a card's or
/// an account's number ("the number of your card"), nor Tagalog `bilang`, also "as".
const COUNT_NOUN: &[&str] = &[
    "count",
    "anzahl",
    "menge",
    "nombre de",
    "quantité",
    "cantidad",
    "quantidade",
    "quantità",
    "aantal",
    "antal",
    "antall",
    "lukumäärä",
    "määrä",
    "liczba",
    "ilość",
    "počet",
    "количество",
    "кількість",
    "брой",
    "количина",
    "količina",
    "skaičius",
    "kiekis",
    "darabszám",
    "sayısı",
    "adedi",
    "adet",
    "jumlah",
    "idadi",
    "عدد",
    "تعداد",
    "எண்ணிக்கை",
    "จำนวน",
    "số lượng",
    "数量",
    "个数",
    "個数",
    "件数",
    "개수",
    "갯수",
    "πλήθος",
];

/// Marks that end a question: the Latin, full-width, Arabic and Greek question marks (the Greek one is
/// `;` once normalised).
const QUESTION_MARKS: &[char] = &['?', '？', '؟', '\u{37E}'];

/// Thai asks without a mark, by a particle at the end of the sentence.
const QUESTION_PARTICLES: &[&str] = &["ไหม", "มั้ย", "หรือไม่", "หรือเปล่า", "ไม๊"];

folded_words! {
    /// [`EVALUATION`] folded as texts are, once.
    fn evaluation_words = EVALUATION;
}

/// A list of words folded as texts are, once per list.
pub(super) fn folded_list(list: &'static [&'static str]) -> Vec<String> {
    list.iter()
        .map(|w| fold_words(w).trim().to_owned())
        .filter(|w| !w.is_empty())
        .collect()
}

folded_words! { fn rating_words = RATING_ONLY; }

folded_words! { fn feedback_words = FEEDBACK; }

folded_words! { fn about_words = ABOUT; }

word_list! { fn feedback_list = feedback_words(), SURVEY; }
word_list! { fn about_list = about_words(), SURVEY; }
word_list! {
    /// The evaluation words but those that only ask to rate ([`RATING_ONLY`]).
    fn quality_list = evaluation_words()
        .iter()
        .filter(|w| !rating_words().contains(w))
        .cloned()
        .collect::<Vec<_>>(), SURVEY;
}

/// Whether the folded `sentence` holds a word of evaluation that names a quality of the experience (not
/// only a verb asking to rate, [`RATING_ONLY`]).
fn evaluates(sentence: &str) -> bool {
    quality_list().holds(sentence)
}

/// Whether the folded `sentence` asks for an opinion about something ([`FEEDBACK`] and [`ABOUT`]).
pub(super) fn asks_opinion(sentence: &str) -> bool {
    feedback_list().holds(sentence) && about_list().holds(sentence)
}

/// Whether the `.` at byte `at` of `message` is inside a token, not a full stop: written right before a
/// lowercase Latin letter, a digit, `/` or `_`, as in a file's extension (`id_ed25519.pub`), a path
/// (`~/.ssh`), a domain or a version. A sentence ends at a full stop followed by a space, the end, or a
/// capital ("Do not email it.Type it here" still ends at the dot).
fn dot_inside_token(message: &str, at: usize) -> bool {
    message
        .get(at + 1..)
        .and_then(|rest| rest.chars().next())
        .is_some_and(|next| {
            next.is_ascii_lowercase() || next.is_ascii_digit() || matches!(next, '/' | '_')
        })
}

/// The sentences of `message`, each with whether it is a question. A dot inside a token
/// ([`dot_inside_token`]: "~/.ssh/id_ed25519.pub") ends none, so a file's name is read whole (its public
/// half's `.pub` with it).
pub(super) fn sentences(message: &str) -> Vec<(&str, bool)> {
    let mut out = Vec::new();
    let mut start = 0;
    for (at, ch) in message.char_indices() {
        let end = at + ch.len_utf8();
        let question = QUESTION_MARKS.contains(&ch);
        if ch == '.' && dot_inside_token(message, at) {
            continue;
        }
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

/// The kinds of term a text holds, found by one folding and one scan.
#[derive(Default, Clone, Copy)]
pub(super) struct Found {
    /// A request verb ("enter").
    pub(super) request: bool,
    /// A secret's name, strong or weak ("password", "key").
    pub(super) names: bool,
    /// A secret's strong name ("password"; not "key", "number").
    pub(super) strong: bool,
    /// A part of a secret ("digits").
    fragment: bool,
    /// A thing of its own that is no secret, named where a secret's word stands: a bare word beside what it
    /// identifies ("account number") or a benign phrase ("mobile number").
    pub(super) other: bool,
}

pub(super) fn found_in(c: &Compiled, folder: &mut Folder, buf: &mut Vec<u8>, text: &str) -> Found {
    buf.clear();
    folder.fold_into(text, &c.stopwords, buf);
    let mut found = Found::default();
    // A name inside a benign or redefining phrase of the packs ("pengelola kata sandi", a password
    // manager; "PIN code" of a post office) names no secret: the spans of both are kept, a few at most
    // (bounded), and a name counts only outside every benign span.
    let mut benign: Vec<(usize, usize)> = Vec::new();
    let mut names: Vec<(usize, usize, bool)> = Vec::new();
    // A request verb of one word that begins with a weak name (Tamil `சொல்லுங்கள்`, "tell", over `சொல்`,
    // "word"): the name is the verb's stem, not a secret's word. Its spans are kept, bounded as the others.
    let mut verbs: Vec<(usize, usize)> = Vec::new();
    // A bare word for a number or a code ("number", "نمبر", "namba") right beside a thing it identifies
    // ("account number", "اکاؤنٹ نمبر", "namba ya akaunti"): the spans of both, bounded as the others.
    let mut bare: Vec<(usize, usize)> = Vec::new();
    let mut identified: Vec<(usize, usize)> = Vec::new();
    c.find_terms(buf, |pattern, start, end| {
        for info in c.infos.get(pattern).map_or(&[][..], Vec::as_slice) {
            // A NUMBER word ("number", "nombor", "מספר") names a secret only beside a KEYED word
            // ([`crate::policy::secret::concept::Gate`]), which these sentence readings do not look for:
            // "copy the invoice number here" beside a denial names nothing.
            if info.gate != crate::policy::secret::concept::Gate::None {
                continue;
            }
            match info.kind {
                Kind::Request => {
                    found.request = true;
                    // Spans may hold the space before the word: a word is what is between spaces.
                    let one_word = buf.get(start..end).is_some_and(|w| {
                        w.split(|&b| b == b' ').filter(|p| !p.is_empty()).count() == 1
                    });
                    if one_word && verbs.len() < MAX_SPANS {
                        verbs.push((start, end));
                    }
                }
                Kind::Strong | Kind::Weak if names.len() < MAX_SPANS => {
                    names.push((start, end, info.kind == Kind::Strong));
                }
                // Past the bound, a name counts as it did before benign phrases were read.
                Kind::Strong => {
                    found.names = true;
                    found.strong = true;
                }
                Kind::Weak => found.names = true,
                Kind::Benign | Kind::Redefine if benign.len() < MAX_SPANS => {
                    benign.push((start, end));
                }
                Kind::Fragment => found.fragment = true,
                Kind::Bare if bare.len() < MAX_SPANS => bare.push((start, end)),
                Kind::Identifies if identified.len() < MAX_SPANS => {
                    identified.push((start, end));
                }
                _ => {}
            }
        }
    });
    for (start, end, strong) in names {
        let in_verb = !strong && verbs.iter().any(|&(s, e)| s <= start && end <= e);
        // "Write your account number": a bare word beside what it identifies is that thing's number, as a
        // field titled so holds it (`form/property.rs`, `notes.identifier`), and names no secret here.
        let identifies = !strong
            && bare.iter().any(|&(s, e)| s <= start + 1 && end <= e + 1)
            && identified
                .iter()
                .any(|&(s, e)| e.abs_diff(start) <= 1 || end.abs_diff(s) <= 1);
        let in_benign = benign.iter().any(|&(s, e)| s <= start && end <= e);
        found.other |= identifies || in_benign;
        if !in_verb && !identifies && !in_benign {
            found.names = true;
            found.strong |= strong;
        }
    }
    found
}

/// The most spans of names and of benign phrases [`found_in`] keeps for one text.
const MAX_SPANS: usize = 32;

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
        if !found_in(c, &mut folder, &mut buf, sentence).request {
            continue;
        }
        let folded = std::str::from_utf8(&buf).unwrap_or("");
        // A question of how it went ("Was it easy to enter your PIN?"), or a request for an opinion about it
        // ("Leave your opinion about the password entry", "パスワード入力について、使いやすさを教えてください").
        // The words for "about" are mostly stopwords: read on the sentence folded with them kept (only a
        // sentence that asks, over a form with a rating field).
        if !((question && evaluates(folded)) || asks_opinion(&fold_words(sentence))) {
            return false;
        }
        any = true;
    }
    any
}

folded_words! { fn not_here_words = NOT_HERE; }

/// Whether every sentence of `message` that holds a request verb and a secret's term says the secret is given elsewhere, not
/// here ("You will confirm the transfer with the OTP in your bank app, not here"): such a message names
/// the secret to say where it goes, and asks for nothing in this form. A sentence that asks without saying
/// so ("Enter the OTP here") keeps the request.
pub(super) fn given_elsewhere(c: &Compiled, message: &str) -> bool {
    let mut folder = Folder::default();
    let mut buf = Vec::new();
    let mut any = false;
    for (sentence, _) in sentences(message) {
        let found = found_in(c, &mut folder, &mut buf, sentence);
        // Only a sentence that asks and names a secret can ask for it ("How much do you want to send?"
        // asks for an amount).
        if !(found.request && found.names) {
            continue;
        }
        // The words of these phrases are mostly stopwords: read with them kept.
        let kept = fold_words(sentence);
        let padded = format!(" {} ", kept.trim());
        if !not_here_words().iter().any(|w| {
            padded.contains(&format!(" {w} "))
                || (w.chars().any(is_unspaced_script) && padded.contains(w.as_str()))
        }) {
            return false;
        }
        any = true;
    }
    any
}

folded_words! { fn how_many_words = HOW_MANY; }
word_list! { fn how_many_list = how_many_words(), SURVEY; }

/// Whether a field's own `text` (its title or description) is a question asking how many ("Roughly how many
/// passwords do you have?", "Yaklaşık kaç şifreniz var?"): over a number field it asks for a count of the
/// secrets it names, not for one. Only a question: "ile" is also Turkish "with" ("şifre ile onaylayın").
pub(super) fn asks_how_many(text: &str) -> bool {
    text.contains(QUESTION_MARKS) && how_many_list().holds(&fold_words(text))
}

folded_words! { fn count_nouns = COUNT_NOUN; }
word_list! { fn count_noun_list = count_nouns(), SURVEY; }

/// Whether a field's own `text` asks for a count: a question asking how many ([`asks_how_many`]), or a
/// noun for a count ([`COUNT_NOUN`]: "비밀번호 개수", "Počet hesiel"). Over a number field it holds how
/// many secrets the user has or uses, not one.
pub(super) fn counts_secrets(text: &str) -> bool {
    asks_how_many(text) || (!text.is_empty() && count_noun_list().holds(&fold_words(text)))
}

/// Whether every sentence of `message` that holds a request verb or a secret's term asks how many parts
/// the secret has ("Wie viele Ziffern hat Ihre PIN?", "Combien de chiffres compte votre code PIN ?"): a
/// word that asks how many and a word for a part of a secret (a pack's `fragment`), in a question. Such a
/// message counts the secret's digits and names it for nothing else; a sentence that asks otherwise ("How
/// many digits does your PIN have? Enter it below.") keeps the message's reading.
pub(super) fn counts_only(c: &Compiled, message: &str) -> bool {
    let mut folder = Folder::default();
    let mut buf = Vec::new();
    let mut any = false;
    for (sentence, question) in sentences(message) {
        let found = found_in(c, &mut folder, &mut buf, sentence);
        if !(found.request || found.names) {
            continue;
        }
        let kept = fold_words(sentence);
        if !(question && found.fragment && how_many_list().holds(&kept)) {
            return false;
        }
        // A request in another clause of the same question still asks ("Enter your PIN here, how many
        // digits does it have?"): only a clause that itself counts may hold a request verb.
        if requests_outside_count(c, &mut folder, &mut buf, sentence) {
            return false;
        }
        any = true;
    }
    any
}

/// Whether a clause of `sentence` without a how-many word holds a request verb.
fn requests_outside_count(
    c: &Compiled,
    folder: &mut Folder,
    buf: &mut Vec<u8>,
    sentence: &str,
) -> bool {
    sentence
        .split([',', ';', ':', '、', '，', '；', '：', '،', '؛'])
        .filter(|clause| !how_many_list().holds(&fold_words(clause)))
        .any(|clause| found_in(c, folder, buf, clause).request)
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::policy::secret::pack::embedded_for_tests as compiled;

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
    fn a_question_counting_a_secrets_digits_asks_for_none() {
        let c = compiled();
        assert!(counts_only(c, "Wie viele Ziffern hat Ihre PIN?"));
        assert!(counts_only(
            c,
            "Combien de chiffres compte votre code PIN ?"
        ));
        assert!(!counts_only(
            c,
            "How many digits does your PIN have? Enter it below."
        ));
        assert!(!counts_only(c, "Wie lautet Ihre PIN?"));
        // A request in another clause of the question.
        assert!(!counts_only(
            c,
            "Enter your PIN here, how many digits does it have?"
        ));
        assert!(!counts_only(
            c,
            "Geben Sie Ihre PIN ein, wie viele Ziffern hat sie?"
        ));
    }

    #[test]
    fn a_field_asking_how_many_is_a_count() {
        assert!(asks_how_many("Roughly how many passwords do you have?"));
        assert!(asks_how_many("Yaklaşık kaç şifreniz var?"));
        assert!(asks_how_many("Una manenosiri mangapi?"));
        // Not a question: Turkish "ile" is "with".
        assert!(!asks_how_many("4 haneli şifre ile onaylayın"));
        assert!(!asks_how_many("Your PIN?"));
        // A noun for a count asks for one without a question.
        assert!(counts_secrets("기억하고 있는 비밀번호 개수(대략)"));
        assert!(counts_secrets("Anzahl Ihrer Passwörter"));
        assert!(counts_secrets("Počet hesiel, ktoré používate"));
        assert!(counts_secrets("Количество паролей"));
        assert!(counts_secrets("Count of saved passwords"));
        assert!(!counts_secrets("Number of your card"));
        assert!(!counts_secrets("PIN"));
        assert!(!counts_secrets("Número del PIN"));
        assert!(!counts_secrets("Broj kartice"));
    }

    #[test]
    fn a_dot_inside_a_token_ends_no_sentence() {
        let cut = |m: &str| sentences(m).len();
        assert_eq!(cut("Paste ~/.ssh/id_ed25519.pub here."), 1);
        assert_eq!(cut("Version 1.2 is out. Update now."), 2);
        // A capital right after the dot still starts a sentence.
        assert_eq!(cut("Do not email it.Type it here."), 2);
        assert_eq!(cut("Visit example.com. Then sign in."), 2);
    }

    #[test]
    fn a_secret_given_elsewhere_is_not_asked_here() {
        let c = compiled();
        assert!(given_elsewhere(
            c,
            "How much do you want to send? You will confirm it with the OTP in your bank app, not here."
        ));
        assert!(given_elsewhere(
            c,
            "Sie bestätigen die Zahlung mit der TAN in Ihrer App, nicht hier."
        ));
        // A sentence that asks without saying so keeps the request.
        assert!(!given_elsewhere(
            c,
            "Not here: the app. Enter the OTP from your bank app below."
        ));
        assert!(!given_elsewhere(c, "Enter the OTP here."));
    }

    #[test]
    fn a_request_for_an_opinion_about_entering_a_secret_is_a_survey() {
        let c = compiled();
        for m in [
            "Please leave your feedback about how you enter your password at sign-in.",
            "Geben Sie uns Ihre Meinung zur Eingabe der PIN am Terminal.",
            "暗証番号の入力について、ご意見をお聞かせください。",
            "PIN 입력 화면에 대한 의견을 입력해 주세요.",
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
        // A question that only asks to rate: a request with a pretext.
        assert!(!asks_about(c, "Could you enter your PIN to rate us?", true));
        assert!(!asks_about(
            c,
            "Pourriez-vous saisir votre code PIN pour nous noter ?",
            true
        ));
        // Feedback named, but nothing it is about.
        assert!(!asks_about(
            c,
            "Enter your password and leave your feedback.",
            true
        ));
        // No field for a survey's answer.
        assert!(!asks_about(
            c,
            "Was the keypad for entering your PIN easy to use?",
            false
        ));
    }
}
