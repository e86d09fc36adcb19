//! Inflection by rule: a term written once in its dictionary form matches its inflected forms.
//!
//! Many languages change the end of a noun with its role in the sentence (Polish `hasło`, `hasła`, `hasłem`;
//! Russian `пароль`, `пароля`, `паролем`), glue possessives and cases onto it (Turkish `şifre` ->
//! `şifrenizi`; Finnish `salasana` -> `salasanasi`; Hungarian `jelszó` -> `jelszót`), or attach articles and
//! prepositions in front (Arabic `الرمز`, `بالرمز`; Hebrew `הסיסמה`, `בסיסמה`). Listing every form in the packs
//! would be long, never complete, and different for every term; instead a pack names its language's
//! [`Family`] (`inflection: slavic`), and every word of its whole-word terms then matches as
//!
//! ```text
//!   [proclitics] stem [endings]
//! ```
//!
//! where the stem is the written word less a dictionary ending of the family (`hasło` -> `hasł`), the
//! endings are a sequence of at most [`Rules::max_endings`] suffixes from the family's set, and the proclitics
//! (Semitic only) a sequence of at most three attached prefixes. Everything is folded exactly as texts are
//! ([`super::normalize`]), so `ł`, `ş`, Cyrillic and Greek letters compare as they do in a folded text.
//!
//! False positives are the risk: a short stem plus an ending is easily another word (`pin` + `e` is the
//! English `pine`). So a word inflects only when its stem has at least [`MIN_STEM`] letters, or
//! [`MIN_STEM_IN_PHRASE`] in a term of several words (`pin` in `kod pin`, where the other word makes the
//! phrase specific; [`min_stem`] has the one exception); shorter words match exactly as written. The ending sets hold case,
//! number, article and possessive endings only, not derivational suffixes (Turkish `-li`, `-lik` make other
//! words: `şifreli` is "encrypted", not "password").
//!
//! The automaton ([`super::pack`]) finds the first word's stem (with a leading space, or anywhere when the
//! family takes proclitics); [`Chain::verify`] then checks the rest of that word and the following words
//! on the folded text, which costs nothing unless a stem was found.

use std::collections::HashSet;

use super::normalize::fold_words;

/// Fewest letters (chars, once folded) a stem must have for a word of a one-word term to inflect.
pub const MIN_STEM: usize = 4;
/// Fewest letters for a word of a term of several words ([`min_stem`]).
pub const MIN_STEM_IN_PHRASE: usize = 3;

/// Fewest letters the stem of word `index` of a term of `words` words needs to inflect (see the module doc).
/// The first word of a phrase needs [`MIN_STEM`] when it is ASCII once folded: its stem is the automaton's
/// pattern, and the raw-text test ([`super::prefilter`]) looks for an ASCII pattern that starts a word inside
/// every word, which a three-letter stem (`pin`, `kod`) would find in much benign prose (`shipping`). That
/// test never reads other scripts, so there (`код`, Arabic `رمز`) the phrase's three letters are enough.
pub fn min_stem(word: &str, index: usize, words: usize) -> usize {
    if words > 1 && (index > 0 || !word.is_ascii()) {
        MIN_STEM_IN_PHRASE
    } else {
        MIN_STEM
    }
}

/// Most proclitics stripped in front of a word (Arabic `وبال` is three: و + ب + ال).
const MAX_PROCLITICS: usize = 3;

/// A family of inflection rules, named by a pack's `inflection:` key.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Family {
    /// Case endings of Slavic nouns and adjectives, Latin and Cyrillic script (Polish, Czech, Slovak,
    /// Croatian, Serbian, Ukrainian, Russian, Bulgarian with its article suffixes).
    Slavic,
    /// Lithuanian and Latvian case endings.
    Baltic,
    /// Greek noun case endings.
    Greek,
    /// Romanian: the article and case endings glued to the noun (`parola`, `codul`, `codului`).
    Romanian,
    /// Turkish (and Azerbaijani) suffix chains: plural, possessive, case (`şifre-niz-i`).
    Turkic,
    /// Finnish and Estonian suffix chains: case, plural, possessive, clitic (`salasana-si`, `koodi-n`).
    Finnic,
    /// Hungarian suffix chains: possessive, case (`jelszó-t`, `kód-od-at`).
    Hungarian,
    /// Arabic and Hebrew: attached prepositions, conjunctions and the article in front; possessive and
    /// plural endings behind (`بكلمة`, `الرمز`, `سيسمتك`; `בסיסמה`, `והקוד`).
    Semitic,
    /// Persian: plural and possessive endings (`رمزها`, `رمزتان`).
    Persian,
    /// Indonesian and Malay: the enclitic possessives (`sandinya`, `kodemu`).
    Malay,
    /// German, Dutch and the Scandinavian languages: the endings of case, number and the glued definite
    /// article (`Schlüssels`, `privaten`; `tastaturet`, `koderne`, `nyckeln`). Their compounds are matched as
    /// substrings already; this serves the whole-word terms and phrases.
    Germanic,
}

impl Family {
    /// The family a pack names, by its `inflection:` value.
    pub fn from_name(name: &str) -> Option<Family> {
        Some(match name.trim() {
            "slavic" => Family::Slavic,
            "baltic" => Family::Baltic,
            "greek" => Family::Greek,
            "romanian" => Family::Romanian,
            "turkic" => Family::Turkic,
            "finnic" => Family::Finnic,
            "hungarian" => Family::Hungarian,
            "semitic" => Family::Semitic,
            "persian" => Family::Persian,
            "malay" => Family::Malay,
            "germanic" => Family::Germanic,
            _ => return None,
        })
    }

    /// The names accepted by [`Family::from_name`], for error messages.
    pub const NAMES: &'static str =
        "slavic, baltic, greek, romanian, turkic, finnic, hungarian, semitic, persian, malay, germanic";

    /// The rules as written (not folded): dictionary endings, endings, proclitics, and how many endings
    /// may follow one another.
    fn written(
        self,
    ) -> (
        &'static [&'static str],
        &'static [&'static str],
        &'static [&'static str],
        usize,
    ) {
        match self {
            Family::Slavic => (SLAVIC_LEMMA, SLAVIC_ENDINGS, &[], 1),
            Family::Baltic => (BALTIC_LEMMA, BALTIC_ENDINGS, &[], 1),
            Family::Greek => (GREEK_LEMMA, GREEK_ENDINGS, &[], 1),
            Family::Romanian => (ROMANIAN_LEMMA, ROMANIAN_ENDINGS, &[], 1),
            Family::Turkic => (&[], TURKIC_SUFFIXES, &[], 4),
            Family::Finnic => (&[], FINNIC_SUFFIXES, &[], 3),
            Family::Hungarian => (&[], HUNGARIAN_SUFFIXES, &[], 3),
            Family::Semitic => (SEMITIC_LEMMA, SEMITIC_SUFFIXES, SEMITIC_PROCLITICS, 2),
            Family::Persian => (&[], PERSIAN_SUFFIXES, &[], 2),
            Family::Malay => (&[], MALAY_SUFFIXES, &[], 1),
            Family::Germanic => (&[], GERMANIC_ENDINGS, &[], 2),
        }
    }
}

// The ending sets. Written as a grammar lists them (diacritics, both scripts); folded when compiled, so
// that `ą` and `a`, `ё` and `е` are one ending as they are one letter in a folded text.

/// Dictionary endings of Slavic nouns and adjectives, stripped to find the stem (`hasło` -> `hasł`,
/// `weryfikacyjny` -> `weryfikacyjn`, `пароль` -> `парол`).
const SLAVIC_LEMMA: &[&str] = &[
    "a", "o", "e", "y", "i", "ý", "á", "é", "í", "ь", "й", "а", "о", "е", "ы", "и", "я", "і", "ий",
    "ый", "ой", "ая", "яя", "ое", "ее", "ые", "ие", "ій", "ія",
];
/// Slavic case endings (nouns and adjectives, singular and plural), and the Bulgarian article suffixes.
const SLAVIC_ENDINGS: &[&str] = &[
    // Latin script: Polish, Czech, Slovak, Croatian, Serbian.
    "a",
    "e",
    "i",
    "o",
    "u",
    "y",
    "ą",
    "ę",
    "ě",
    "á",
    "é",
    "í",
    "ó",
    "ú",
    "ů",
    "ý",
    "em",
    "om",
    "am",
    "im",
    "ym",
    "ém",
    "ým",
    "ím",
    "ie",
    "iem",
    "ach",
    "ách",
    "ami",
    "ích",
    "ých",
    "ich",
    "ych",
    "ech",
    "ów",
    "ov",
    "ow",
    "owi",
    "ovi",
    "ou",
    "ego",
    "emu",
    "ej",
    "oj",
    "og",
    "oga",
    "ogo",
    "omu",
    "ho",
    "eho",
    "ého",
    "ému",
    "ího",
    "ímu",
    "ími",
    "ými",
    "ymi",
    "imi",
    "ima",
    "ama",
    "ovi",
    "evi",
    "eve",
    "eva",
    "ove",
    "ova",
    "ům",
    "ách",
    "iach",
    "iami",
    // Czech instrumental plural of the soft nouns (`číslicemi`, `ulicemi`).
    "emi",
    "iom",
    "iu",
    "ia",
    // Cyrillic script: Russian, Ukrainian, Serbian, Bulgarian.
    "а",
    "я",
    "у",
    "ю",
    "е",
    "и",
    "ы",
    "і",
    "ї",
    "є",
    "о",
    "ом",
    "ем",
    "ём",
    "ой",
    "ей",
    "ою",
    "ею",
    "ам",
    "ям",
    "ами",
    "ями",
    "ах",
    "ях",
    "ов",
    "ев",
    "ий",
    "ый",
    "ого",
    "его",
    "ому",
    "ему",
    "ым",
    "им",
    "ыми",
    "ими",
    "ых",
    "их",
    "ую",
    "юю",
    "ая",
    "яя",
    "ое",
    "ее",
    "ые",
    "ие",
    "ій",
    "ої",
    "ім",
    "іми",
    "іх",
    "ові",
    "еві",
    "ів",
    "ьом",
    "ем",
    "ата",
    // Bulgarian definite articles of neuter nouns and of adjectives (`числото`, `приложението`,
    // `шестцифреното`, `резервният`): one ending each, as the set counts them.
    "ото",
    "ето",
    "ието",
    "ия",
    "ият",
    "ята",
    "ът",
    "ят",
    "та",
    "то",
    "те",
    "ите",
    "ове",
    "овете",
    "ево",
    "ова",
];

/// Lithuanian (and Latvian) dictionary endings.
const BALTIC_LEMMA: &[&str] = &[
    "as", "is", "ys", "us", "a", "ė", "s", "e", "ias", "ius", "ai",
];
/// Lithuanian case endings; `dž` forms of `d` stems (`slaptažodis` -> `slaptažodžio`) are endings here.
const BALTIC_ENDINGS: &[&str] = &[
    "as", "o", "ui", "ą", "u", "e", "ai", "ų", "ams", "us", "uose", "is", "io", "iui", "į", "iu",
    "yje", "ys", "ių", "iams", "ius", "iuose", "ė", "ės", "ei", "ę", "ėje", "ėmis", "a", "os",
    "oje", "omis", "oms", "ose", "ų", "ais", "ų", "žio", "žiu", "žiui", "žiai", "žių", "žius",
    "žiams", "y", "ą", "į", "ys", "ai", "ams", "ims", "imis", "iai",
];

/// Greek dictionary endings.
const GREEK_LEMMA: &[&str] = &[
    "ος", "ός", "ης", "ής", "ας", "άς", "ο", "ό", "α", "ά", "η", "ή", "ι", "ί",
];
/// Greek case endings.
const GREEK_ENDINGS: &[&str] = &[
    "ος",
    "ου",
    "ο",
    "ε",
    "οι",
    "ων",
    "ους",
    "ης",
    "η",
    "α",
    "ας",
    "ες",
    "ι",
    "ιου",
    "ια",
    "ιων",
    "ός",
    "ού",
    "ό",
    "έ",
    "οί",
    "ών",
    "ούς",
    "ής",
    "ή",
    "ά",
    "άς",
    "ές",
    "ί",
    "ιού",
    "ιά",
    "ιών",
    "ματος",
    "ματα",
    "μάτων",
    "εις",
    "ης",
    "ών",
];

/// Romanian dictionary endings (`parolă`, `cheie`).
const ROMANIAN_LEMMA: &[&str] = &["ă", "a", "e", "ie"];
/// Romanian article and case endings glued to the noun.
const ROMANIAN_ENDINGS: &[&str] = &[
    "a", "ă", "e", "ei", "ele", "elor", "ul", "ului", "uri", "urile", "urilor", "i", "ii", "ile",
    "ilor", "le", "lor", "ia", "iei", "ie", "ea", "ii", "le", "ul", "lui",
];

/// Turkish suffixes (possessive, plural, case, the buffer consonants), any of which may follow another.
const TURKIC_SUFFIXES: &[&str] = &[
    "ler", "lar", "m", "im", "ım", "um", "üm", "n", "in", "ın", "un", "ün", "i", "ı", "u", "ü",
    "si", "sı", "su", "sü", "miz", "imiz", "ımız", "umuz", "ümüz", "niz", "iniz", "ınız", "unuz",
    "ünüz", "leri", "ları", "yi", "yı", "yu", "yü", "ni", "nı", "nu", "nü", "e", "a", "ye", "ya",
    "ne", "na", "de", "da", "te", "ta", "nde", "nda", "den", "dan", "ten", "tan", "nden", "ndan",
    "nin", "nın", "nun", "nün", "le", "la", "yle", "yla", "ki", "dir", "dır", "dur", "dür",
];

/// Finnish suffixes (case, plural, possessive, clitics).
const FINNIC_SUFFIXES: &[&str] = &[
    "n", "t", "a", "ä", "ta", "tä", "na", "nä", "ksi", "ssa", "ssä", "sta", "stä", "lla", "llä",
    "lta", "ltä", "lle", "seen", "han", "hin", "hen", "in", "en", "ja", "jä", "i", "ni", "si",
    "den", "tten", "mme", "nne", "nsa", "nsä", "an", "än", "kin", "kaan", "kään", "ko", "kö", "pa",
    "pä", "ne", "ineen", "ne", "iin", "ien", "ihin", "issa", "ista", "illa", "ilta", "ille", "ina",
    "iksi", "sen", "jen",
];

/// Hungarian suffixes (possessive, case, plural).
const HUNGARIAN_SUFFIXES: &[&str] = &[
    "t", "ot", "et", "öt", "at", "ja", "je", "a", "e", "á", "é", "d", "od", "ed", "öd", "ad",
    "unk", "ünk", "tok", "tek", "ük", "uk", "k", "ok", "ek", "ök", "ak", "m", "om", "em", "öm",
    "am", "ban", "ben", "ba", "be", "ból", "ből", "ról", "ről", "ra", "re", "val", "vel", "nak",
    "nek", "hoz", "hez", "höz", "nál", "nél", "tól", "től", "ig", "ért", "ként", "on", "en", "ön",
    "n", "i", "ai", "ei", "jai", "jei", "id", "aid", "eid", "jaid", "jeid", "át", "ét", "ád", "éd",
    "ait", "eit", "idat", "idet",
];

/// Arabic and Hebrew dictionary endings: the feminine `ة` / `ה`, which becomes `ت` / `ת` before a suffix.
const SEMITIC_LEMMA: &[&str] = &["ة", "ه", "ה"];
/// Arabic and Hebrew endings: feminine and plural, then possessive pronouns.
const SEMITIC_SUFFIXES: &[&str] = &[
    // Arabic.
    "ة", "ت", "ات", "ان", "ين", "ون", "ي", "ك", "كِ", "ه", "ها", "نا", "كم", "كن", "هم", "هن", "تك",
    "تي", "ته", "تها", "تنا", "تكم", // Hebrew.
    "ה", "ת", "ות", "ים", "י", "ך", "ו", "נו", "כם", "כן", "הם", "הן", "יך", "יו", "יה", "ינו",
    "יכם", "תך", "תו", "תי", "תנו", "תכם", "א", "אות",
];
/// Attached conjunctions, prepositions and articles of Arabic and Hebrew.
const SEMITIC_PROCLITICS: &[&str] = &[
    // Arabic: and, so, with/by, for, like, the; `لل` is `ل` + `ال` with the alif dropped.
    "و", "ف", "ب", "ل", "ك", "ال", "لل", // Hebrew: the, and, in, to, from, that, as.
    "ה", "ו", "ב", "ל", "מ", "ש", "כ",
];

/// Persian plural and possessive endings (the zero-width non-joiner before them is dropped by the folding).
const PERSIAN_SUFFIXES: &[&str] = &[
    "ها", "های", "هایی", "ی", "ای", "یی", "م", "ت", "ش", "مان", "تان", "شان", "ام", "ات", "اش",
    "ان",
];

/// Indonesian and Malay enclitics.
const MALAY_SUFFIXES: &[&str] = &["nya", "mu", "ku", "lah", "pun"];

/// German, Dutch, Danish, Norwegian and Swedish endings. No dictionary ending is stripped: the terms are
/// written as their shortest form (`privat schlüssel` for `privater` / `privaten Schlüssel`), so the word as
/// written is always the stem and only these endings are added; two may follow one another (`kode-r-ne`,
/// `nyckel-n-s`). Umlaut and vowel-dropping plurals (`Passwörter`, `nycklar`) are listed where they matter.
const GERMANIC_ENDINGS: &[&str] = &[
    // German: genitive, plural, adjective endings.
    "s", "es", "e", "en", "n", "er", "ern", "em", "ns", "ens",
    // Danish, Norwegian, Swedish: the definite article and the plural glued on.
    "et", "ne", "ene", "erne", "r", "rne", "ar", "arna", "or", "orna", "erna", "na", "a",
];

/// A family's rules, folded, ready to match.
#[derive(Debug, Clone)]
pub struct Rules {
    family: Family,
    /// Dictionary endings, folded, longest first.
    lemma: Vec<String>,
    /// Endings, folded.
    endings: HashSet<String>,
    /// Longest ending, in bytes (bounds the segmentation).
    longest_ending: usize,
    /// Proclitics, folded.
    proclitics: HashSet<String>,
    /// Longest proclitic, in bytes.
    longest_proclitic: usize,
    /// Most endings that may follow one another.
    pub max_endings: usize,
}

/// One piece as the folding writes it: the word folded alone, without its spaces. `None` when the folding
/// splits it (it would never be one word of a folded text).
fn fold_piece(s: &str) -> Option<String> {
    let folded = fold_words(s);
    let piece = folded.trim();
    (!piece.is_empty() && !piece.contains(' ')).then(|| piece.to_string())
}

impl Rules {
    /// The rules of `family`, folded.
    pub fn new(family: Family) -> Rules {
        let (lemma, endings, proclitics, max_endings) = family.written();
        let mut lemma: Vec<String> = lemma.iter().filter_map(|e| fold_piece(e)).collect();
        lemma.sort_by_key(|e| std::cmp::Reverse(e.len()));
        lemma.dedup();
        // A dictionary ending stripped from a term is an ending of its forms too (`пароль`: `парол` + `ь`).
        let endings: HashSet<String> = endings
            .iter()
            .chain(family.written().0)
            .filter_map(|e| fold_piece(e))
            .collect();
        let proclitics: HashSet<String> = proclitics.iter().filter_map(|e| fold_piece(e)).collect();
        Rules {
            family,
            lemma,
            longest_ending: endings.iter().map(String::len).max().unwrap_or(0),
            endings,
            longest_proclitic: proclitics.iter().map(String::len).max().unwrap_or(0),
            proclitics,
            max_endings,
        }
    }

    /// The family.
    pub fn family(&self) -> Family {
        self.family
    }

    /// Whether words take proclitics (then the automaton looks for a stem anywhere in a word).
    pub fn takes_proclitics(&self) -> bool {
        !self.proclitics.is_empty()
    }

    /// The stem of a folded word of a term, and whether it inflects: the word less its longest dictionary
    /// ending that leaves at least `min` letters, and (Semitic) less an article written in front. A word
    /// shorter than `min` letters does not inflect and is its own stem.
    pub fn stem(&self, word: &str, min: usize) -> (String, bool) {
        let letters = word.chars().count();
        if letters < min {
            return (word.to_string(), false);
        }
        let mut w = word;
        if self.takes_proclitics() {
            // `الرمز` written in a term is `رمز` with its article: the article is one proclitic of the text.
            for art in ["ال", "ה"].iter().filter_map(|a| fold_piece(a)) {
                if let Some(rest) = w.strip_prefix(art.as_str()) {
                    if rest.chars().count() >= min {
                        w = rest;
                        break;
                    }
                }
            }
        }
        for e in &self.lemma {
            if let Some(stem) = w.strip_suffix(e.as_str()) {
                if stem.chars().count() >= min {
                    return (stem.to_string(), true);
                }
            }
        }
        (w.to_string(), true)
    }

    /// The plural stems of a folded Finnish word (Finnic only; empty for every other family and for a word
    /// too short to inflect): the plural of a case is built on a stem whose last vowel changes before the
    /// plural `i` / `j` (`koodi` -> `koode-`: `koodeja`, `varakoodeista`; `salasana` -> `salasano-`:
    /// `salasanoja`, `salasanoissa`) or stays (`numero` -> `numeroita`, `luku` -> `lukuja`). Each stem is
    /// returned with the plural's `i` and with its `j`, so that a stem never matches without a plural after
    /// it. A word that ends in a consonant (`avain`, `tunnus`) changes its stem otherwise; the packs write
    /// that stem (`avaime`).
    pub fn plural_stems(&self, word: &str) -> Vec<String> {
        if self.family != Family::Finnic || word.chars().count() < MIN_STEM + 1 {
            return Vec::new();
        }
        let Some(last) = word.chars().last() else {
            return Vec::new();
        };
        let body = &word[..word.len() - last.len_utf8()];
        let vowel = match last {
            'i' => 'e',
            'a' => 'o',
            'e' | 'o' | 'u' | 'y' => last,
            _ => return Vec::new(),
        };
        ["i", "j"]
            .iter()
            .map(|p| format!("{body}{vowel}{p}"))
            .collect()
    }

    /// Whether `rest` is a sequence of at most `max_endings` endings (the empty sequence included).
    pub fn is_endings(&self, rest: &str) -> bool {
        self.segments(rest, &self.endings, self.longest_ending, self.max_endings)
    }

    /// Whether `before` is a sequence of at most three proclitics (the empty sequence included).
    pub fn is_proclitics(&self, before: &str) -> bool {
        self.segments(
            before,
            &self.proclitics,
            self.longest_proclitic,
            MAX_PROCLITICS,
        )
    }

    /// Whether `s` splits into at most `max` pieces of `set` (each at most `longest` bytes). A depth-first
    /// search over at most `max` levels: `max` is at most four and `s` a word's tail, so it stays small.
    fn segments(&self, s: &str, set: &HashSet<String>, longest: usize, max: usize) -> bool {
        if s.is_empty() {
            return true;
        }
        if max == 0 || s.len() > longest * max {
            return false;
        }
        for (i, c) in s.char_indices() {
            let cut = i + c.len_utf8();
            if cut > longest {
                break;
            }
            let (head, tail) = s.split_at(cut);
            if set.contains(head) && self.segments(tail, set, longest, max - 1) {
                return true;
            }
        }
        false
    }
}

/// One word of an inflected term.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct ChainWord {
    /// The stem (folded), or the whole word when it does not inflect.
    pub stem: String,
    /// Whether endings (and proclitics) may attach to it.
    pub inflects: bool,
}

/// An inflected term: the words after the one the automaton finds, and the family's rules.
#[derive(Debug, Clone)]
pub struct Chain {
    /// Index of the family's rules in [`super::pack::Compiled::rules`].
    pub rules: usize,
    /// The words, the first one included (the automaton finds its stem; its rest is checked here).
    pub words: Vec<ChainWord>,
}

/// Whether `b` ends a folded word (a space, or the newline between two texts).
fn is_gap(b: u8) -> bool {
    b == b' ' || b == b'\n'
}

impl Chain {
    /// The automaton pattern for this chain: the first word's stem, after a space unless the family
    /// takes proclitics, and followed by a space when it does not inflect.
    pub fn anchor(&self, rules: &Rules) -> String {
        let Some(first) = self.words.first() else {
            return String::new();
        };
        let lead = if rules.takes_proclitics() && first.inflects {
            ""
        } else {
            " "
        };
        let tail = if first.inflects { "" } else { " " };
        format!("{lead}{}{tail}", first.stem)
    }

    /// Checks a match of [`Chain::anchor`] at `start..end` in the folded text `hay`: the proclitics
    /// before the first stem, the endings after it, and every later word in turn. Returns the span of
    /// the whole inflected phrase as a whole-word pattern would have matched it (from the space before
    /// its first word to the space after its last), or `None`.
    pub fn verify(
        &self,
        rules: &Rules,
        hay: &[u8],
        start: usize,
        end: usize,
    ) -> Option<(usize, usize)> {
        let first = self.words.first()?;
        // Where the first word begins: the anchor's own space, or the space before its proclitics.
        let span_start = if hay.get(start).is_some_and(|&b| is_gap(b)) {
            start
        } else {
            let before = hay.get(..start)?;
            let word_start = before.iter().rposition(|&b| is_gap(b)).map_or(0, |i| i + 1);
            let proclitics = std::str::from_utf8(before.get(word_start..)?).ok()?;
            if !rules.is_proclitics(proclitics) {
                return None;
            }
            word_start.saturating_sub(1)
        };
        // The rest of the first word.
        let mut at = end;
        if first.inflects {
            let rest_end = word_end(hay, at);
            let rest = std::str::from_utf8(hay.get(at..rest_end)?).ok()?;
            if !rules.is_endings(rest) {
                return None;
            }
            // Past the space after the word.
            at = rest_end + 1;
        }
        for w in self.words.iter().skip(1) {
            let we = word_end(hay, at);
            let word = std::str::from_utf8(hay.get(at..we)?).ok()?;
            if !w.inflects {
                if word != w.stem {
                    return None;
                }
            } else {
                let (pre, rest) = split_at_stem(word, &w.stem, rules)?;
                if !rules.is_proclitics(pre) || !rules.is_endings(rest) {
                    return None;
                }
            }
            at = we + 1;
        }
        // The gap after the last word is part of the match, as in a whole-word pattern.
        Some((span_start, at.min(hay.len())))
    }
}

/// Where the word that continues at `at` ends (the next gap, or the end of `hay`).
fn word_end(hay: &[u8], at: usize) -> usize {
    hay.get(at..)
        .and_then(|rest| rest.iter().position(|&b| is_gap(b)))
        .map_or(hay.len(), |i| at + i)
}

/// `word` as (proclitics, endings) around `stem`: the stem at the start, or (families with proclitics)
/// after a short prefix.
fn split_at_stem<'w>(word: &'w str, stem: &str, rules: &Rules) -> Option<(&'w str, &'w str)> {
    if let Some(rest) = word.strip_prefix(stem) {
        return Some(("", rest));
    }
    if !rules.takes_proclitics() {
        return None;
    }
    let at = word.find(stem)?;
    Some((word.get(..at)?, word.get(at + stem.len()..)?))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn folded(s: &str) -> String {
        fold_words(s).trim().to_string()
    }

    /// Whether the inflected term `term` (words of a pack of `family`) matches the whole text `text`.
    fn matches(family: Family, term: &str, text: &str) -> bool {
        let rules = Rules::new(family);
        let words: Vec<String> = folded(term).split(' ').map(str::to_string).collect();
        let chain = Chain {
            rules: 0,
            words: words
                .iter()
                .enumerate()
                .map(|(i, w)| {
                    let (stem, inflects) = rules.stem(w, min_stem(w, i, words.len()));
                    ChainWord { stem, inflects }
                })
                .collect(),
        };
        let anchor = chain.anchor(&rules);
        let hay = fold_words(text);
        let bytes = hay.as_bytes();
        let mut from = 0;
        while let Some(i) = hay.get(from..).and_then(|h| h.find(&anchor)) {
            let start = from + i;
            if chain
                .verify(&rules, bytes, start, start + anchor.len())
                .is_some()
            {
                return true;
            }
            from = start + 1;
        }
        false
    }

    #[test]
    fn slavic_case_endings() {
        for text in ["hasło", "hasła", "hasłem", "haśle", "Podaj swoje hasło"] {
            assert!(matches(Family::Slavic, "hasło", text), "{text}");
        }
        for text in ["heslo", "hesla", "heslem", "heslu"] {
            assert!(matches(Family::Slavic, "heslo", text), "{text}");
        }
        for text in ["пароль", "пароля", "паролем", "паролі", "паролата"]
        {
            assert!(matches(Family::Slavic, "пароль", text), "{text}");
        }
        // Every word of a phrase inflects, but a short first word in Latin script (`kod`) stays as written
        // ([`min_stem`]); a short later word inflects (`pin` in `kod pin`), and so does Cyrillic `код`.
        assert!(matches(
            Family::Slavic,
            "kod weryfikacyjny",
            "kod weryfikacyjnego"
        ));
        assert!(matches(
            Family::Slavic,
            "kod weryfikacyjny",
            "Wpisz kod weryfikacyjny"
        ));
        assert!(!matches(
            Family::Slavic,
            "kod weryfikacyjny",
            "kodu weryfikacyjnego"
        ));
        assert!(matches(Family::Slavic, "kod pin", "kod pinu"));
        // Bulgarian definite forms of neuter nouns and adjectives: one ending each.
        assert!(matches(Family::Slavic, "число", "числото"));
        assert!(matches(Family::Slavic, "приложение", "приложението"));
        assert!(matches(Family::Slavic, "шестцифрен", "шестцифреното"));
        assert!(!matches(Family::Slavic, "число", "числотоо"));
        assert!(matches(Family::Slavic, "numer karty", "numeru karty"));
        assert!(matches(Family::Slavic, "číslice", "s několika číslicemi"));
        assert!(!matches(Family::Slavic, "číslice", "číslicemix"));
        assert!(matches(
            Family::Slavic,
            "код подтверждения",
            "кода подтверждения"
        ));
        // Not an ending of the set: a derived word, or another word sharing the stem.
        assert!(!matches(Family::Slavic, "hasło", "hasłowy"));
        assert!(!matches(
            Family::Slavic,
            "kod weryfikacyjny",
            "kodowanie weryfikacyjne"
        ));
        // Too short a stem to inflect alone: `pin` matches as written only (not the English `pine`).
        assert!(matches(Family::Slavic, "pin", "pin"));
        assert!(!matches(Family::Slavic, "pin", "pine"));
        // The stem must start a word.
        assert!(!matches(Family::Slavic, "hasło", "przehasła"));
    }

    #[test]
    fn agglutinative_suffix_chains() {
        for text in [
            "şifre",
            "şifrenizi",
            "şifreniz",
            "şifreyi",
            "şifreler",
            "şifrelerinizi",
        ] {
            assert!(matches(Family::Turkic, "şifre", text), "{text}");
        }
        // Derivational suffixes make other words.
        assert!(!matches(Family::Turkic, "şifre", "şifreli"));
        assert!(!matches(Family::Turkic, "şifre", "şifrelemek"));
        assert!(matches(
            Family::Turkic,
            "doğrulama kod",
            "doğrulama kodunuzu"
        ));
        assert!(matches(
            Family::Turkic,
            "doğrulama kod",
            "doğrulama kodları"
        ));
        for text in [
            "salasana",
            "salasanasi",
            "salasanan",
            "salasanaa",
            "salasanallasi",
        ] {
            assert!(matches(Family::Finnic, "salasana", text), "{text}");
        }
        assert!(!matches(Family::Finnic, "salasana", "salasanaton"));
        for text in ["jelszó", "jelszót", "jelszavát"] {
            let term = if text == "jelszavát" {
                "jelszav"
            } else {
                "jelszó"
            };
            assert!(matches(Family::Hungarian, term, text), "{text}");
        }
        assert!(matches(
            Family::Hungarian,
            "ellenőrző kód",
            "az ellenőrző kódodat"
        ));
        // A three-letter word alone does not take suffixes (`kódol` is "to encode", and too close anyway).
        assert!(!matches(Family::Hungarian, "kód", "kódot"));
    }

    #[test]
    fn semitic_proclitics_and_suffixes() {
        for text in ["الرمز", "والرمز", "بالرمز", "للرمز", "رمزك"] {
            assert!(
                matches(Family::Semitic, "رمز التحقق", &format!("{text} التحقق")),
                "{text}"
            );
        }
        assert!(matches(Family::Semitic, "كلمة المرور", "أدخل كلمة المرور"));
        assert!(matches(Family::Semitic, "كلمة المرور", "لكلمة المرور"));
        assert!(matches(Family::Semitic, "كلمة المرور", "كلمة مرورك"));
        for text in ["סיסמה", "הסיסמה", "בסיסמה", "והסיסמה", "סיסמתך", "לסיסמה"]
        {
            assert!(matches(Family::Semitic, "סיסמה", text), "{text}");
        }
        // A prefix that is not a proclitic, or an ending that is not one.
        assert!(!matches(Family::Semitic, "סיסמה", "אבגסיסמה"));
        assert!(!matches(Family::Semitic, "סיסמה", "סיסמהזזז"));
    }

    #[test]
    fn other_families() {
        assert!(matches(Family::Baltic, "slaptažodis", "slaptažodį"));
        assert!(matches(Family::Baltic, "slaptažodis", "slaptažodžio"));
        assert!(!matches(Family::Baltic, "slaptažodis", "slaptažodžiamsxyz"));
        assert!(matches(Family::Greek, "κωδικός", "κωδικού"));
        assert!(matches(Family::Greek, "κωδικός", "κωδικό"));
        assert!(matches(Family::Romanian, "parolă", "parolei"));
        assert!(matches(Family::Romanian, "parolă", "parola"));
        assert!(matches(Family::Malay, "sandi", "sandinya"));
        assert!(!matches(Family::Malay, "sandi", "sandiwara"));
        assert!(matches(Family::Persian, "رمز عبور", "رمز عبورتان"));
    }

    #[test]
    fn germanic_endings() {
        // German genitive and adjective endings on a phrase written in its shortest form.
        for text in [
            "privat schlüssel",
            "des privaten Schlüssels",
            "ein privater Schlüssel",
            "privates Schlüsselpaar",
        ] {
            let want = !text.contains("paar");
            assert_eq!(
                matches(Family::Germanic, "privat schlüssel", text),
                want,
                "{text}"
            );
        }
        // The glued article of Danish, Norwegian and Swedish, and a plural with its article.
        assert!(matches(Family::Germanic, "pin tastatur", "PIN-tastaturet"));
        assert!(matches(Family::Germanic, "adgangskode", "adgangskoderne"));
        assert!(matches(Family::Germanic, "nyckel", "nyckeln"));
        assert!(matches(Family::Germanic, "wachtwoord", "wachtwoorden"));
        // Not an ending: another word that starts with the term.
        assert!(!matches(Family::Germanic, "nyckel", "nyckelring"));
        assert!(!matches(Family::Germanic, "passwort", "passwortlos"));
        // A word of three letters alone stays as written (`kod`), one of four takes the endings (`kode`).
        assert!(!matches(Family::Germanic, "kod", "koden"));
        assert!(matches(Family::Germanic, "kode", "koden"));
    }

    #[test]
    fn finnic_plural_stems() {
        let r = Rules::new(Family::Finnic);
        let f = |w: &str| r.plural_stems(&folded(w));
        assert_eq!(f("koodi"), vec!["koodei", "koodej"]);
        assert_eq!(f("salasana"), vec!["salasanoi", "salasanoj"]);
        assert_eq!(f("numero"), vec!["numeroi", "numeroj"]);
        // A consonant stem changes otherwise (written in the pack), a short word not at all.
        assert!(f("avain").is_empty());
        assert!(f("pin").is_empty());
        assert!(Rules::new(Family::Turkic).plural_stems("şifre").is_empty());
        // The plural stems take the case and possessive endings as the singular does.
        let matches_plural = |word: &str, text: &str| {
            let hay = fold_words(text);
            f(word).into_iter().any(|stem| {
                let chain = Chain {
                    rules: 0,
                    words: vec![ChainWord {
                        stem,
                        inflects: true,
                    }],
                };
                let anchor = chain.anchor(&r);
                hay.find(&anchor).is_some_and(|i| {
                    chain
                        .verify(&r, hay.as_bytes(), i, i + anchor.len())
                        .is_some()
                })
            })
        };
        for (word, text, want) in [
            ("salasana", "salasanoja", true),
            ("salasana", "salasanoistasi", true),
            ("salasana", "salasanoillanne", true),
            ("vahvistuskoodi", "vahvistuskoodeiden", true),
            ("vahvistuskoodi", "vahvistuskoodejasi", true),
            ("salasana", "salasanoi", true),
            ("salasana", "salasanoxyz", false),
            ("salasana", "salasanojxyz", false),
        ] {
            assert_eq!(matches_plural(word, text), want, "{text}");
        }
    }

    #[test]
    fn segmentation_is_bounded() {
        let r = Rules::new(Family::Turkic);
        assert!(r.is_endings(""));
        assert!(r.is_endings("lerinizi"));
        // More endings than allowed, each one valid.
        assert!(!r.is_endings(&"ler".repeat(5)));
        assert!(!r.is_endings(&"x".repeat(1000)));
        let names: Vec<&str> = Family::NAMES.split(", ").collect();
        for n in names {
            assert!(Family::from_name(n).is_some(), "{n}");
        }
        assert!(Family::from_name("klingon").is_none());
    }
}
