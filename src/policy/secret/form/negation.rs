//! A message that names a secret only to say it is NOT asked: "Do not enter your PIN or OTP in this report",
//! "We never ask for your password", "UPI PIN की ज़रूरत नहीं", "カード番号は入力しないでください", "Jangan
//! masukkan TAC". Such a message warns; its secret words give no field of the form a secret's meaning and
//! ask for nothing themselves ([`denies_only`]). The fields are still judged on their own words and shapes.
//!
//! The reading is by sentence: every sentence that names a secret (a strong name, or a weak one with a
//! request verb: "the card is blocked at once" names none) must hold a word of negation of its language
//! ([`NEGATION`]); one naming a secret without one ("Enter the OTP below") keeps the whole message's reading.
//! Inside a sentence, cut again at commas, semicolons, colons and dashes (and, in Thai, which writes no full
//! stop, at a space between two Thai letters), a clause that names the secret with a request verb must hold
//! its own negation ("Enter the OTP, never share it" asks), while one that only lists it ("PIN, OTP ou
//! mot de passe: nous ne les demandons jamais") needs none. A clause that only warns against giving
//! the secret to other people ("never share your OTP with anyone", "کسی کو نہ بتائیں") is no denial: phishing
//! forms say it too, right before "type it below", so it keeps the reading ([`ANYONE`]).
//!
//! A word whose folding (diacritics dropped) is an ordinary word is left out: Vietnamese `đừng` and `chớ`
//! fold to `dùng` (use) and `cho` (give); Hebrew `אל` is also "to". "Without" is no negation here: "your card number without spaces" asks for it.
//!
//! Languages that negate a verb by its own ending, not by a word beside it, are read by that ending
//! ([`negative_form`]): Korean `-지 않-` in any ending (`묻지 않으니`, `요청하지 않는`), Tamil's negative
//! auxiliary `மாட்ட-` and `-இல்லை` glued to a verb (`கேட்பதில்லை`), Telugu's negative conjugation (the bare stem
//! with `-ము`/`-దు`: `అడగము`, "we do not ask"; `అడుగుతాము` asks), Swahili's negative subject prefix `hatu-`
//! (`hatuombi`, `hatutakuuliza`, "we do not / will not ask").
//!
//! After a denial, a clause asking with an un-negated request verb and naming no secret of its own ("We never
//! ask for your password by phone, so enter it in this secure form", "We will never email you for your PIN.
//! Type it below.") asks for what the denial named: the pronoun points back at it, so the reading is dropped,
//! as the prohibition's reading does (`form/prohibit.rs`). A request before the denial ("Describe what
//! happened below; do not write your PIN") keeps it.
//!
//! A clause naming a secret beside a word of restriction ([`ONLY`]: "No need for the card, just the OTP we
//! sent") names the one wanted, and keeps the reading.
//!
//! Hebrew glues "and", "that", "when" to the negation ("ולא נבקש", "שלא תזינו"): read by that rule
//! ([`glued_negation`]).
//!
//! The trade: a request after the denial that names the secret by another word than the packs' ("Type the
//! six digits below") is read as bare, so such a message keeps its reading (safe side); a benign form that
//! asks for something else after its denial ("We never ask for your PIN. Fill in your address below.")
//! keeps it too. Shared by every pack's language: the lists are per language, one line each.

use super::survey::{found_in, sentences};
use crate::policy::secret::normalize::{fold_words, is_unspaced_script, Folder};
use crate::policy::secret::pack::Compiled;

/// Most sentences [`denied_words`] reads: a form's message is a few; a longer one is read as it was.
const MAX_DENIAL_SENTENCES: usize = 32;

/// Words and phrases of negation, folded as texts are: whole words (or, in scripts without spaces and for
/// phrases, anywhere in the clause). Verbs negated by an affix (Turkish `-me`, Persian `ن-`, Swahili
/// `usi-`) are listed whole, for the verbs a form asks with.
const NEGATION: &[&str] = &[
    // en
    "not",
    "never",
    "don't",
    "dont",
    "do not",
    "no need",
    "won't",
    // ar
    "لا",
    "لن",
    "أبدا",
    "أبدًا",
    "ابدا",
    "ليس",
    // fa
    "هرگز",
    "نکنید",
    "ننویسید",
    "نفرستید",
    "نیازی نیست",
    "نمی‌خواهیم",
    "نمیخواهیم",
    // he
    "לא",
    "לעולם",
    "אין צורך",
    // ur
    "نہ",
    "نہیں",
    "مت",
    // ur and hi written in Latin letters (Roman Urdu, Hinglish): "PIN ki zaroorat nahi"
    "nahi",
    "nahin",
    // tr
    "asla",
    "gerek yok",
    "gerekmez",
    "girmeyin",
    "yazmayın",
    "göndermeyin",
    "paylaşmayın",
    "istemeyiz",
    "istemez",
    "sormayız",
    "sormaz",
    // sw
    "usitume",
    "usiandike",
    "usiweke",
    "usitoe",
    "kamwe",
    "hatutakuuliza",
    "hatuombi",
    "si lazima",
    "hakuna haja",
    // id, ms
    "jangan",
    "tidak perlu",
    "tak perlu",
    "tidak pernah",
    "tak pernah",
    "tidak akan",
    "bukan",
    // tl
    "huwag",
    "wag",
    "hindi",
    // vi
    "không",
    // th
    "ไม่",
    "อย่า",
    "ห้าม",
    // hi, mr
    "नहीं",
    "मत",
    "न",
    "नाही",
    "नका",
    "कधीही",
    // bn
    "না",
    "নয়",
    "কখনো",
    "কখনোই",
    // ta
    "வேண்டாம்",
    "தேவையில்லை",
    "இல்லை",
    "மாட்டோம்",
    // te
    "వద్దు",
    "లేదు",
    "కూడదు",
    "అవసరం లేదు",
    // zh
    "不会",
    "不要",
    "请勿",
    "切勿",
    "无需",
    "不需要",
    "不用",
    "绝不",
    "勿",
    // ja
    "ないで",
    "しないで",
    "不要",
    "しません",
    "ません",
    "決して",
    // ko
    "마세요",
    "마십시오",
    "않습니다",
    "않아요",
    "않으며",
    "필요 없",
    "절대",
    // ru
    "не",
    "никогда",
    "нельзя",
];

/// Words for "anyone", "other people": a negated clause holding one warns against sharing the secret, which
/// a form asking for it also says.
const ANYONE: &[&str] = &[
    "anyone",
    "anybody",
    "others",
    "other people",
    "third party",
    "أحد",
    "لأحد",
    "کسی",
    "هیچ کس",
    "אף אחד",
    "לאף אחד",
    "کسی کو",
    "kimseyle",
    "kimseye",
    "yeyote",
    "mtu",
    "siapa pun",
    "siapapun",
    "sesiapa",
    "kahit kanino",
    "kahit sino",
    "bất kỳ ai",
    "ai khác",
    "ผู้อื่น",
    "คนอื่น",
    "ใคร",
    "किसी",
    "কাউকে",
    "কারও",
    "யாருடனும்",
    "யாரிடமும்",
    "ఎవరికీ",
    "任何人",
    "他人",
    "誰にも",
    "他人に",
    "누구에게도",
    "타인",
    "никому",
    "третьим лицам",
];

/// Words of restriction, "only", "just", "except": a clause holding one and naming a secret names the one
/// wanted ("No need for the card, just the OTP we sent"), whatever the sentence denies. Words that fold to
/// an ordinary word of another pack are left out (Portuguese `só`, "so"; Tagalog `lang`, German "long";
/// Swahili `tu`, French "you"; Korean `만`, glued inside many words).
const ONLY: &[&str] = &[
    "only",
    "just",
    "except",
    "nur",
    "außer",
    "seulement",
    "uniquement",
    "sauf",
    "solo",
    "sólo",
    "solamente",
    "excepto",
    "salvo",
    "soltanto",
    "tranne",
    "apenas",
    "somente",
    "exceto",
    "alleen",
    "behalve",
    "doar",
    "decât",
    "μόνο",
    "εκτός",
    "kun",
    "undtagen",
    "bare",
    "unntatt",
    "bara",
    "endast",
    "utom",
    "vain",
    "paitsi",
    "tylko",
    "oprócz",
    "jen",
    "jenom",
    "pouze",
    "kromě",
    "iba",
    "okrem",
    "лише",
    "тільки",
    "крім",
    "само",
    "освен",
    "samo",
    "osim",
    "tik",
    "išskyrus",
    "csak",
    "kivéve",
    "только",
    "лишь",
    "кроме",
    "sadece",
    "yalnızca",
    "hariç",
    "فقط",
    "سوى",
    "جز",
    "רק",
    "חוץ",
    "صرف",
    "سوائے",
    "केवल",
    "सिर्फ",
    "सिर्फ़",
    "सिवाय",
    "फक्त",
    "केवळ",
    "শুধু",
    "শুধুমাত্র",
    "কেবল",
    "மட்டும்",
    "தவிர",
    "మాత్రమే",
    "తప్ప",
    "hanya",
    "cuma",
    "kecuali",
    "sahaja",
    "saja",
    "lamang",
    "maliban",
    "isipokuwa",
    "chỉ",
    "ngoại trừ",
    "เท่านั้น",
    "แค่",
    "เพียง",
    "ยกเว้น",
    "只",
    "仅",
    "除了",
    "だけ",
    "のみ",
    "以外",
    "뿐",
    "제외",
];

folded_words! { fn negation_words = NEGATION; }

folded_words! { fn only_words = ONLY; }

/// Hebrew's negations, and the one-letter words Hebrew writes glued to the word after them: "and" (ו), "that"
/// (ש), "as/when" (כ). "ולא נבקש" ("and we will not ask"), "שלא תזינו" ("that you do not enter") negate as
/// "לא" does ([`glued_negation`]). Not `אל` ("do not"): glued, it is also "and to" (ואל) and "asked" (שאל).
const HEBREW_NEGATION: &[&str] = &["לא", "לעולם"];
const HEBREW_GLUED: &[&str] = &["ו", "ש", "כ"];

folded_words! { fn hebrew_negation = HEBREW_NEGATION; }

folded_words! { fn hebrew_glued = HEBREW_GLUED; }

folded_words! { fn hebrew_kaf = &["כ"]; }

/// Whether a folded word is a Hebrew negation with one or two glued prefixes of [`HEBREW_GLUED`] ("ולא",
/// "שלא", "ושלא", "כשלא"): a rule of the script's writing, not a list of every pair. "כ" alone before "לא" is
/// not read: "כלא" is a prison.
fn glued_negation(word: &str) -> bool {
    let glued = hebrew_glued();
    let kaf = hebrew_kaf().first().map_or("", String::as_str);
    hebrew_negation().iter().any(|neg| {
        let Some(head) = word.strip_suffix(neg.as_str()) else {
            return false;
        };
        let mut rest = head;
        let mut prefixes = 0;
        while let Some(p) = glued
            .iter()
            .find(|p| !p.is_empty() && rest.starts_with(p.as_str()))
        {
            rest = &rest[p.len()..];
            prefixes += 1;
        }
        rest.is_empty() && (1..=2).contains(&prefixes) && head != kaf
    })
}

folded_words! { fn anyone_words = ANYONE; }

/// Whether the folded `clause` names "anyone", "other people" ([`ANYONE`]): a negation there warns against
/// sharing the secret, which a form asking for it also says.
pub(super) fn warns_of_anyone(clause: &str) -> bool {
    holds(clause, anyone_words())
}

/// Whether the folded `clause` holds a word of restriction ([`ONLY`]: "only", "just", "except"): a secret
/// named there is the one wanted, whatever the clause denies.
pub(super) fn restricts(clause: &str) -> bool {
    holds(clause, only_words())
}

/// Whether a folded word is a verb negated by its own ending (module doc): a rule of each language's grammar,
/// so every verb it negates is read, not only those listed in [`NEGATION`].
fn negative_form(word: &str) -> bool {
    // Korean: the auxiliary 않- of the long negation `-지 않다`, whatever its ending; the syllable 않 is
    // written in no other word. (Not 못, which also spells 잘못, "wrongly": "잘못 입력한 비밀번호".)
    if word.contains('않') || glued_negation(word) {
        return true;
    }
    // Tamil: the negative auxiliary மாட்ட- (மாட்டோம், மாட்டேன், மாட்டாது), and இல்லை glued to a verbal noun or
    // infinitive (கேட்பதில்லை, கேட்கவில்லை, தேவையில்லை).
    if word.starts_with("மாட்ட") || word.ends_with("ில்லை") {
        return true;
    }
    // Telugu: the negative conjugation puts the person ending right on the stem's bare consonant (అడగము,
    // "we do not ask"; అడగదు, "it does not ask"); the positive one puts a vowel sign or a tense suffix
    // before it (అడుగుతాము, అడిగాము). Only -ము and -దు: -ను is also the accusative (పాస్‌వర్డ్‌ను), -డు
    // also ends అతడు, "he". The potential auxiliary గల ("can": ఆపగలము, "we can stop") puts its own bare
    // consonant there and is positive, as is the pronoun మనము, "we". Glued లేదు / వద్దు / కూడదు are read too.
    let telugu_consonant = |ch: char| ('\u{0C15}'..='\u{0C39}').contains(&ch);
    let mut tail = word.chars().rev();
    if let (Some('\u{0C41}'), Some('మ' | 'ద'), Some(before)) =
        (tail.next(), tail.next(), tail.next())
    {
        if telugu_consonant(before)
            && !word.ends_with("గలము")
            && !word.ends_with("గలదు")
            && word != "మనము"
        {
            return true;
        }
    }
    if ["లేదు", "వద్దు", "కూడదు"].iter().any(|n| word.ends_with(n)) {
        return true;
    }
    // Swahili: the negative prefix of "we" (hatu-: hatuombi, hatuulizi, with the present's final -i;
    // hatuta-, the future: hatutakuuliza). "hatua" (a step) ends in -a and is no negation.
    word.starts_with("hatuta")
        || (word.len() >= 7 && word.starts_with("hatu") && word.ends_with('i'))
}

/// Whether the folded clause holds a negation: a word of [`NEGATION`] or a verb negated by its ending.
pub(super) fn negated(clause: &str) -> bool {
    holds(clause, negation_words()) || clause.split_whitespace().any(negative_form)
}

/// Whether the folded clause holds one of `words`: a whole word, or, for a phrase or a word of a script
/// written without spaces, anywhere (Thai `ไม่` inside `จะไม่สอบถาม`, Japanese `しないで` inside a verb).
pub(super) fn holds(clause: &str, words: &[String]) -> bool {
    let padded = format!(" {} ", clause.trim());
    words.iter().any(|w| {
        if w.contains(' ') || w.chars().any(is_unspaced_script) {
            padded.contains(w.as_str())
        } else {
            padded.split_whitespace().any(|word| word == w)
        }
    })
}

fn is_thai(ch: char) -> bool {
    ('\u{0E00}'..='\u{0E7F}').contains(&ch)
}

/// The clauses of `sentence`: cut at commas, semicolons, colons, dashes, and at a space between two Thai
/// letters.
pub(super) fn clauses(sentence: &str) -> impl Iterator<Item = &str> {
    let mut prev = ' ';
    let mut cuts = Vec::new();
    let chars: Vec<(usize, char)> = sentence.char_indices().collect();
    for (i, &(at, ch)) in chars.iter().enumerate() {
        let next = chars.get(i + 1).map_or(' ', |&(_, n)| n);
        let cut = matches!(
            ch,
            ',' | ';' | ':' | '—' | '–' | '،' | '؛' | '、' | '，' | '；' | '：'
        ) || (ch == ' ' && is_thai(prev) && is_thai(next));
        if cut {
            cuts.push((at, at + ch.len_utf8()));
        }
        prev = ch;
    }
    let mut start = 0;
    let mut out = Vec::with_capacity(cuts.len() + 1);
    for (at, end) in cuts {
        out.push(sentence.get(start..at).unwrap_or(""));
        start = end;
    }
    out.push(sentence.get(start..).unwrap_or(""));
    out.into_iter()
}

/// How one sentence reads ([`read_sentence`]).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Reading {
    /// It names no secret, and asks for none after a denial.
    Nothing,
    /// It names a secret only to deny asking for it.
    Denies,
    /// It names a secret without denying it, or, after a denial, asks bare for what the denial named.
    Asks,
    /// It names a secret only to warn against telling it to anyone ([`ANYONE`]): a denial only in a
    /// message whose every request names what it asks for ([`denies_only`]).
    Warns,
    /// A question recounting a third party's ask for the secret ([`super::recount`]): neither asks nor
    /// denies.
    Recounts,
}

/// Reads one sentence of a message (see the module doc); `after_denial` when an earlier sentence denied,
/// `question` when the sentence is a question.
fn read_sentence(
    c: &Compiled,
    folder: &mut Folder,
    buf: &mut Vec<u8>,
    (sentence, question): (&str, bool),
    after_denial: bool,
) -> Reading {
    // A weak name without a request verb ("The card is blocked at once", "Report the number that
    // called you") names no secret by itself.
    let found = found_in(c, folder, buf, sentence);
    if !(found.strong || (found.names && found.request)) {
        // "We never ask for your PIN. Type it below.": after a denial, a clause asking with an
        // un-negated request verb and naming nothing of its own asks for what the denial named (the
        // pronoun points back at it), as a prohibition's reading holds too (`form/prohibit.rs`).
        if after_denial && found.request && asks_bare(c, folder, buf, sentence) {
            return Reading::Asks;
        }
        return Reading::Nothing;
    }
    // "Did someone call and ask for your PIN?": a scam's ask recounted ([`super::recount`]).
    if question && super::recount::recounts(c, folder, buf, sentence) {
        return Reading::Recounts;
    }
    let kept = fold_words(sentence);
    // "…enter your PIN on the phone itself, not here" ([`super::elsewhere`]) denies by the clause after
    // the request.
    if !negated(&kept) && !super::elsewhere::says_not_here(&kept) {
        return Reading::Asks;
    }
    let warns = holds(&kept, anyone_words());
    // "Enter the OTP, never share it": a clause that asks for the secret without a negation of its own
    // keeps the request, even beside one that denies. A clause that only lists it ("PIN, OTP or
    // password we never ask for") asks for nothing by itself. After the first denying clause, one that
    // asks bare ("…by phone, so enter it here") keeps the request too.
    let mut denied = after_denial;
    let parts: Vec<&str> = clauses(sentence).collect();
    let mut pointed_here = false;
    for (i, &clause) in parts.iter().enumerate() {
        let found = found_in(c, folder, buf, clause);
        let next = parts.get(i + 1).copied();
        let next_found = next.map(|n| found_in(c, folder, buf, n));
        let next_names_or_asks = next_found.is_some_and(|f| f.names || f.request);
        let unnegated = || {
            !negated(&fold_words(clause))
                && !super::elsewhere::defers(clause, next, next_names_or_asks)
        };
        if found.request && (found.names || denied) && unnegated() {
            return Reading::Asks;
        }
        // "Not here, below: your password": a name after an un-negated clause pointing at this place
        // ("below", "here") is the label of what is asked there.
        if found.names && pointed_here && unnegated() {
            return Reading::Asks;
        }
        pointed_here |= super::elsewhere::points_here(&fold_words(clause));
        // "No need for the card, just the OTP we sent": the secret named beside "only" is the one
        // wanted.
        if found.names && holds(&fold_words(clause), only_words()) {
            return Reading::Asks;
        }
        denied |= found.names;
    }
    if warns {
        Reading::Warns
    } else {
        Reading::Denies
    }
}

/// Whether every clause of `message` that names a secret denies asking for it (see the module doc), and at
/// least one does.
pub(super) fn denies_only(c: &Compiled, message: &str) -> bool {
    let mut folder = Folder::default();
    let mut buf = Vec::new();
    let mut any = false;
    let mut warned = false;
    for sentence in sentences(message) {
        match read_sentence(c, &mut folder, &mut buf, sentence, any) {
            Reading::Asks => return false,
            Reading::Denies => any = true,
            Reading::Warns => (any, warned) = (true, true),
            Reading::Nothing | Reading::Recounts => {}
        }
    }
    // "Never share your OTP with anyone" is said by a form asking for it too, beside a request that names
    // nothing ("Enter the six digits we sent") or with none at all: a warning denies only where the message
    // asks for a thing of its own ("Write your account number and the holder's name") and every request
    // names what it asks for.
    if !warned || !any {
        return any;
    }
    let (mut unnamed, mut other) = (false, false);
    for (sentence, _) in sentences(message) {
        for clause in clauses(sentence) {
            let found = found_in(c, &mut folder, &mut buf, clause);
            if found.request && !found.names && !negated(&fold_words(clause)) {
                if found.other {
                    other = true;
                } else {
                    unnamed = true;
                }
            }
        }
    }
    other && !unnamed
}

/// The words of `message`'s sentences that only deny asking for a secret, as ranges of
/// [`Hit::word`](super::hit::Hit) (counted on the message folded with `c`'s stopwords, from 1): "Для
/// возврата укажите последние 4 цифры карты. Полный номер карты, CVC и коды из SMS мы никогда не
/// запрашиваем." gives the second sentence's words. A sentence read alone, where [`denies_only`] reads the
/// whole message: the caller weighs what the other sentences name. Nothing is given once a sentence after a
/// denial asks ("We never ask for your PIN by phone. Type it below.", "…Enter your password here."): the
/// denial may be the pretext of the request after it. At most [`MAX_DENIAL_SENTENCES`] sentences are read;
/// a longer message gives none.
pub(super) fn denied_words(c: &Compiled, message: &str) -> Vec<(usize, usize)> {
    let message = crate::policy::secret::normalize::truncate(
        message,
        crate::policy::secret::normalize::MAX_FOLD_BYTES,
    );
    let all = sentences(message);
    if all.len() > MAX_DENIAL_SENTENCES {
        return Vec::new();
    }
    let mut folder = Folder::default();
    let mut buf = Vec::new();
    let mut out = Vec::new();
    let mut words = 0usize;
    for (sentence, question) in all {
        // A warning against telling anyone, and a recounted ask, are read as a request here: the caller
        // weighs each sentence alone, without the message's other requests and denials.
        let reading = match read_sentence(
            c,
            &mut folder,
            &mut buf,
            (sentence, question),
            !out.is_empty(),
        ) {
            Reading::Warns | Reading::Recounts => Reading::Asks,
            r => r,
        };
        if reading == Reading::Asks && !out.is_empty() {
            return Vec::new();
        }
        buf.clear();
        folder.fold_into(sentence, &c.stopwords, &mut buf);
        let count = buf.split(|&b| b == b' ').filter(|w| !w.is_empty()).count();
        let first = words + 1;
        words += count;
        if reading == Reading::Denies && count > 0 {
            out.push((first, words));
        }
    }
    out
}

/// Whether a clause of `sentence` asks with an un-negated request verb and names no secret of its own
/// ("Type it below."): read only after a denial.
fn asks_bare(c: &Compiled, folder: &mut Folder, buf: &mut Vec<u8>, sentence: &str) -> bool {
    clauses(sentence).any(|clause| {
        let found = found_in(c, folder, buf, clause);
        found.request && !found.names && !negated(&fold_words(clause))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::policy::secret::pack::embedded_for_tests as compiled;

    #[test]
    fn the_words_of_a_denying_sentence_are_given_and_none_when_a_request_follows() {
        let c = compiled();
        // "Enter the last 4 digits." folds to a few words; the denial is the second sentence.
        let m = "Enter the last 4 digits of the card. We never ask for your CVV or OTP.";
        let denied = denied_words(c, m);
        assert_eq!(denied.len(), 1, "{denied:?}");
        assert!(denied
            .iter()
            .all(|&(first, last)| first > 1 && first <= last));
        for m in [
            "We never ask for your PIN. Type it below.",
            "We never ask for your PIN by phone. Enter your OTP here.",
            "Enter the OTP below. Do not share it with anyone.",
            "Please enter your PIN.",
        ] {
            assert!(denied_words(c, m).is_empty(), "{m}");
        }
    }

    #[test]
    fn a_message_that_only_denies_asking_for_the_secret_asks_nothing() {
        let c = compiled();
        for m in [
            "Report the scam message to us. Do not include your OTP or password in this report.",
            "Tell us your UPI ID. We never ask for your UPI PIN.",
            "Laporkan kepada kami. Jangan masukkan TAC, PIN atau kata laluan dalam laporan ini.",
            "カードは直ちに利用停止いたします。カード番号や暗証番号はこのフォームに入力しないでください。",
            "카드 분실 신고를 접수합니다. 카드 번호나 비밀번호는 입력하지 마세요.",
            "请提供银行账户用于接收退款。我们不会索要任何密码或验证码。",
        ] {
            assert!(denies_only(c, m), "{m}");
        }
    }

    #[test]
    fn a_clause_naming_the_secret_without_negation_keeps_the_request() {
        let c = compiled();
        for m in [
            "Enter the OTP below. Do not share it.",
            "We sent a code to your phone; enter the code here, never by email.",
            "Do not close this window: enter your password to continue.",
            // A warning against sharing is said by phishing forms too.
            "Never share your OTP with anyone. Type it below.",
            "Please enter your PIN.",
            "Welcome to the survey.",
        ] {
            assert!(!denies_only(c, m), "{m}");
        }
    }

    #[test]
    fn a_warning_against_telling_anyone_denies_beside_a_request_naming_its_own_thing() {
        let c = compiled();
        for m in [
            "اپنا جاز کیش اکاؤنٹ نمبر (موبائل نمبر) اور اکاؤنٹ ہولڈر کا نام لکھیں۔ اپنا ایم پن (MPIN) کبھی کسی کو نہ بتائیں۔",
            "Write your account number below. Never share your PIN with anyone.",
        ] {
            assert!(denies_only(c, m), "{m}");
        }
        for m in [
            "Enter the six digits we sent. Never share your OTP with anyone.",
            "Never share your OTP with anyone.",
            "Write your account number. Never share your OTP with anyone. Type it below.",
            "Enter the OTP, never share it with anyone.",
            "Write your account number, then verify below. Never share your OTP with anyone.",
        ] {
            assert!(!denies_only(c, m), "{m}");
        }
    }

    #[test]
    fn a_name_inside_a_benign_phrase_names_no_secret() {
        let c = compiled();
        // "pengelola kata sandi" (a password manager) is a benign phrase of the pack: the sentence asking
        // which one the user has names no secret, and the other sentence denies.
        let m = "Survei singkat: aplikasi pengelola kata sandi apa yang Anda pakai? Jangan tuliskan kata sandi apa pun di survei ini.";
        assert!(denies_only(c, m));
        let m =
            "Aplikasi pengelola kata sandi apa yang Anda pakai? Masukkan kata sandi Anda di bawah.";
        assert!(!denies_only(c, m));
    }

    #[test]
    fn a_weak_name_that_is_a_request_verbs_stem_names_nothing() {
        let c = compiled();
        // Tamil சொல் ("word") begins சொல்லுங்கள் ("tell"): the asking sentence names no secret.
        let m = "பேக்கிங் அப்படியே உள்ளதா என்று சொல்லுங்கள். உங்கள் கடவுச்சொல்லை நாங்கள் ஒருபோதும் கேட்க மாட்டோம்.";
        assert!(denies_only(c, m));
        // A strong name beside the verb still names the secret.
        let m = "உங்கள் கடவுச்சொல்லைச் சொல்லுங்கள். நாங்கள் அதை யாரிடமும் பகிர மாட்டோம்.";
        assert!(!denies_only(c, m));
    }

    #[test]
    fn a_verb_negated_by_its_ending_denies() {
        let c = compiled();
        for m in [
            "교환 사유를 선택해 주세요. 당사는 어떤 경우에도 비밀번호를 묻지 않으니 유의해 주세요.",
            "உங்கள் கடவுச்சொல்லையோ கார்டு விவரங்களையோ நாங்கள் ஒருபோதும் கேட்க மாட்டோம்.",
            "மேம்பாட்டுக்காக உங்கள் கடவுச்சொல்லை நாங்கள் கேட்பதில்லை.",
            "మేము ఎప్పుడూ మీ పాస్‌వర్డ్ లేదా కార్డ్ వివరాలు అడగము.",
            "Kwa usalama wako, hatutakuuliza nenosiri lako.",
        ] {
            assert!(denies_only(c, m), "{m}");
        }
        for w in [
            "않으니",
            "마지막으로",
            "அனுப்பவும்",
            "అడుగుతాము",
            "ఆపగలము",
            "మనము",
            "పాస్‌వర్డ్‌ను",
            "అతడు",
            "hatua",
            "hatari",
        ] {
            let neg = negative_form(fold_words(w).trim());
            assert_eq!(neg, w == "않으니", "{w}");
        }
        for m in [
            "비밀번호를 입력해 주세요.",
            "உங்கள் கடவுச்சொல்லை உள்ளிடவும்.",
            "మీ పాస్‌వర్డ్‌ను నమోదు చేయండి.",
            "Tafadhali andika nenosiri lako hapa.",
        ] {
            assert!(!denies_only(c, m), "{m}");
        }
    }

    #[test]
    fn a_bare_request_after_the_denial_keeps_the_request() {
        let c = compiled();
        for m in [
            "We never ask for your password by phone, so enter it in this secure form.",
            "We will never email you for your PIN. Type it below.",
            "Kami tidak pernah meminta PIN melalui telepon. Masukkan di bawah ini.",
        ] {
            assert!(!denies_only(c, m), "{m}");
        }
        // "Only" beside the secret names the one wanted.
        for m in [
            "No need for the card, just the OTP we sent.",
            "Tidak perlu nomor kartu, hanya kode OTP yang kami kirim.",
        ] {
            assert!(!denies_only(c, m), "{m}");
        }
        // A request before the denial is the form's own.
        let m = "Describe what happened below. Do not write your PIN or OTP in this report.";
        assert!(denies_only(c, m));
    }

    #[test]
    fn a_hebrew_negation_with_a_glued_prefix_denies() {
        let c = compiled();
        let m = "סקר קצר של צוות אבטחת המידע. הסקר אנונימי, ולא נבקש מכם אף סיסמה.";
        assert!(denies_only(c, m));
        for (w, neg) in [
            ("ולא", true),
            ("שלא", true),
            ("כשלא", true),
            ("כלא", false),
            ("לאומי", false),
        ] {
            assert_eq!(glued_negation(fold_words(w).trim()), neg, "{w}");
        }
        assert!(!denies_only(c, "הזינו את הסיסמה שלכם כאן."));
    }

    #[test]
    fn a_public_keys_file_name_is_read_whole() {
        let c = compiled();
        // The dots of `~/.ssh/id_ed25519.pub` end no sentence: the `.pub` file is the public half, and the
        // only sentence naming the private key denies it.
        for m in [
            "Tambahkan kunci publik SSH Anda. Tempel isi file yang berakhiran .pub (misalnya id_ed25519.pub), jangan kunci privatnya.",
            "SSH公開鍵（~/.ssh/id_ed25519.pub の中身）を貼り付けてください。秘密鍵は絶対に貼り付けないでください。",
        ] {
            assert!(denies_only(c, m), "{m}");
        }
        // The private file itself is still named, and asked.
        let m = "Paste the contents of ~/.ssh/id_ed25519 here. Never paste it into chat.";
        assert!(!denies_only(c, m));
    }

    #[test]
    fn clauses_are_cut_at_punctuation_and_thai_spaces() {
        let cut: Vec<&str> = clauses("a, b; c: d").collect();
        assert_eq!(cut.len(), 4);
        let thai: Vec<&str> = clauses("กรอกรหัส OTP อย่าบอกใคร").collect();
        assert_eq!(thai.len(), 1, "a space beside Latin letters is no cut");
        let thai: Vec<&str> = clauses("กรอกรหัส อย่าบอกใคร").collect();
        assert_eq!(thai.len(), 2);
    }
}
