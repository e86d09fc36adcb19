//! A scam's ask recounted as a question: "Did someone call you pretending to be an agent and ask for your PIN
//! or OTP?", "Terima SMS mencurigakan yang meminta anda kongsi TAC?", "Hat ein Betrüger Sie nach Ihrer TAN
//! gefragt?". A form reporting a fraud opens by describing what the fraudster asked for; the question is
//! answered by the report, not with the secret.
//!
//! The reading is of one question ([`recounts`]): a sentence ending in a question mark that names a secret
//! and holds a word of a third party or of a fraud ([`THIRD`]: "someone", "a caller", "a scammer",
//! "suspicious", "fake"), where every clause asking for the secret with an un-negated request verb holds
//! such a word itself ("…a suspicious SMS asking you to share the TAC?"). Such a question neither asks nor
//! denies: the denial's reading ([`super::negation::denies_only`]) still wants a sentence that denies
//! asking for the secret ("Do not write your PIN or OTP in this report") before it drops the message's
//! names, and keeps them all when another sentence asks.
//!
//! The trade: a phishing question that puts the lure word in the clause that asks ("Did you see suspicious
//! activity and can you confirm your OTP?"), beside a denial ("We never ask for your password") and over a
//! field that names nothing and has no code's shape, passes; one that cuts the lure off ("Suspicious
//! login — confirm your OTP?") keeps the request.

use super::negation::{clauses, holds, negated};
use super::survey::found_in;
use crate::policy::secret::normalize::{fold_words, Folder};
use crate::policy::secret::pack::Compiled;

/// Words of a third party or of a fraud: "someone", "a caller", "a scammer", "suspicious", "fake". Whole
/// words (or, in scripts without spaces and for phrases, anywhere in the clause).
const THIRD: &[&str] = &[
    // en
    "someone",
    "somebody",
    "anyone",
    "anybody",
    "caller",
    "scammer",
    "scammers",
    "fraudster",
    "fraudsters",
    "impostor",
    "imposter",
    "suspicious",
    "scam",
    "fake",
    "phishing",
    // de
    "jemand",
    "jemandem",
    "betrüger",
    "anrufer",
    "verdächtige",
    "verdächtigen",
    "verdächtiger",
    "gefälschte",
    "gefälschten",
    // fr
    "quelqu'un",
    "escroc",
    "escrocs",
    "arnaqueur",
    "arnaqueurs",
    "suspect",
    "suspecte",
    "suspects",
    "frauduleux",
    "frauduleuse",
    // es
    "alguien",
    "estafador",
    "estafadores",
    "sospechoso",
    "sospechosa",
    "fraudulento",
    "fraudulenta",
    // pt
    "alguém",
    "golpista",
    "golpistas",
    "suspeito",
    "suspeita",
    // it
    "qualcuno",
    "truffatore",
    "truffatori",
    "sospetto",
    "sospetta",
    // nl
    "iemand",
    "oplichter",
    "oplichters",
    "verdacht",
    "verdachte",
    // ro
    "cineva",
    "escroc",
    "escroci",
    "suspectă",
    // el
    "κάποιος",
    "κάποια",
    "απατεώνας",
    "απατεώνες",
    "ύποπτο",
    "ύποπτος",
    "ύποπτη",
    // da, no, sv
    "nogen",
    "noen",
    "någon",
    "svindler",
    "svindlere",
    "svindlar",
    "svindlare",
    "bedragare",
    "mistænkelig",
    "mistenkelig",
    "misstänkt",
    "misstänkta",
    "misstänkte",
    // fi
    "joku",
    "huijari",
    "huijarit",
    "epäilyttävä",
    "epäilyttävän",
    // pl
    "ktoś",
    "oszust",
    "oszuści",
    "podejrzany",
    "podejrzana",
    "podejrzane",
    "podejrzanego",
    // cs, sk
    "někdo",
    "niekto",
    "podvodník",
    "podvodníci",
    "podezřelá",
    "podezřelý",
    "podezřelé",
    "podozrivá",
    "podozrivý",
    "podozrivé",
    // uk, ru, bg
    "хтось",
    "шахрай",
    "шахраї",
    "підозріле",
    "підозрілий",
    "підозріла",
    "кто-то",
    "кто-нибудь",
    "мошенник",
    "мошенники",
    "подозрительное",
    "подозрительный",
    "подозрительная",
    "някой",
    "измамник",
    "измамници",
    "подозрително",
    "подозрителен",
    // hr, sr
    "netko",
    "neko",
    "prevarant",
    "prevaranti",
    "sumnjiv",
    "sumnjiva",
    "sumnjivu",
    "sumnjivo",
    "нетко",
    "неко",
    "преварант",
    "сумњив",
    "сумњиву",
    "сумњиво",
    // lt, hu
    "kažkas",
    "sukčius",
    "sukčiai",
    "įtartinas",
    "įtartina",
    "įtartiną",
    "valaki",
    "csaló",
    "csalók",
    "gyanús",
    // tr
    "biri",
    "birisi",
    "dolandırıcı",
    "dolandırıcılar",
    "şüpheli",
    // ar, fa, he
    "شخص ما",
    "أحدهم",
    "محتال",
    "محتالون",
    "مشبوهة",
    "مشبوه",
    "کسی",
    "کلاهبردار",
    "کلاهبرداران",
    "مشکوک",
    "מישהו",
    "נוכל",
    "נוכלים",
    "חשוד",
    "חשודה",
    // ur, hi, mr, bn
    "کسی نے",
    "کوئی",
    "دھوکے باز",
    "فراڈیا",
    "किसी ने",
    "कोई",
    "धोखेबाज",
    "धोखेबाज़",
    "जालसाज",
    "जालसाज़",
    "संदिग्ध",
    "कोणी",
    "कोणीतरी",
    "भामटा",
    "संशयास्पद",
    "কেউ",
    "প্রতারক",
    "সন্দেহজনক",
    // ta, te
    "யாராவது",
    "யாரோ",
    "மோசடிக்காரர்",
    "சந்தேகத்திற்குரிய",
    "ఎవరైనా",
    "ఎవరో",
    "మోసగాడు",
    "మోసగాళ్లు",
    "అనుమానాస్పద",
    // sw
    "mtu",
    "mlaghai",
    "walaghai",
    "tapeli",
    "matapeli",
    // id, ms, tl
    "seseorang",
    "penipu",
    "mencurigakan",
    "sinuman",
    "may tumawag",
    "manloloko",
    "kahina-hinala",
    "kahinahinala",
    // vi, th
    "ai đó",
    "kẻ lừa đảo",
    "đáng ngờ",
    "มีใคร",
    "ใครบางคน",
    "มิจฉาชีพ",
    "น่าสงสัย",
    // zh, ja, ko
    "有人",
    "骗子",
    "騙子",
    "可疑",
    "冒充",
    "誰か",
    "詐欺",
    "不審な",
    "怪しい",
    "なりすまし",
    "누군가",
    "사기꾼",
    "의심스러운",
    "수상한",
    "사칭",
];

folded_words! { fn third_words = THIRD; }

/// Whether `sentence`, a question, recounts a third party's ask for a secret (module doc): it names a
/// secret and holds a word of [`THIRD`], and every clause asking for a secret with an un-negated request
/// verb holds one itself. The caller has read that it names a secret and is a question.
pub(super) fn recounts(
    c: &Compiled,
    folder: &mut Folder,
    buf: &mut Vec<u8>,
    sentence: &str,
) -> bool {
    if !holds(&fold_words(sentence), third_words()) {
        return false;
    }
    clauses(sentence).all(|clause| {
        let found = found_in(c, folder, buf, clause);
        let folded = fold_words(clause);
        !(found.request && found.names && !negated(&folded)) || holds(&folded, third_words())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::policy::secret::pack::embedded_for_tests as compiled;

    fn reads(sentence: &str) -> bool {
        let (mut folder, mut buf) = (Folder::default(), Vec::new());
        recounts(compiled(), &mut folder, &mut buf, sentence)
    }

    #[test]
    fn a_third_partys_ask_is_recounted_and_the_forms_own_is_not() {
        for s in [
            "Did someone call you pretending to be from the bank and ask for your PIN or OTP?",
            "Terima SMS mencurigakan yang meminta anda klik pautan atau kongsi TAC?",
            "Hat ein Betrüger Sie nach Ihrer TAN gefragt?",
            "কেউ কি এজেন্ট পরিচয়ে ফোন করে আপনার পিন বা ওটিপি চেয়েছে?",
        ] {
            assert!(reads(s), "{s}");
        }
        for s in [
            "What is your PIN?",
            "Could you confirm your OTP?",
            // The lure cut off from the clause that asks.
            "Suspicious login — please confirm your OTP?",
        ] {
            assert!(!reads(s), "{s}");
        }
    }
}
