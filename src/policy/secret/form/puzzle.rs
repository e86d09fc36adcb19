//! A puzzle's clue names a secret as the word to find, not as one to give: "Crossword, 7 across: «Secret
//! word the bank asks for» (5 letters). Your answer?", "Кроссворд дня, 7 по горизонтали: «Секретная
//! комбинация символов для входа в систему», 6 букв", "TTS Minggu ini, 7 mendatar (5 huruf)". The field takes
//! a word of the dictionary ("PASSWORD", "CLAVE", "SANDI"), which the user's own secret never is.
//!
//! A sentence is a clue when it holds two of three marks of a puzzle, each in the form's languages: a word
//! for a puzzle ([`PUZZLE`]: crossword, riddle, quiz), a count of letters ([`LETTERS`] beside a number: "8
//! letters", "(6 букв)", "gồm 7 chữ cái") and a numbered place in the grid ([`DIRECTION`] beside a number: "4
//! Down", "14 waagerecht", "hàng ngang số 4"). One mark alone is common in a real request ("at least 8
//! letters", "scroll down"); two together are the layout of a clue. [`clue_only`] reads the message: every
//! sentence naming a secret must be a clue, and one must. Then the message's names of secrets give no field
//! a secret's meaning, and the message's numbers count letters, not a code's digits.
//!
//! A field may also name the secret itself as the puzzle's ("Bulmacanın şifresi", "كلمة السر (حل اللغز)"):
//! [`names_puzzle`] reads a field's own title and description for a puzzle word, which, under a message that
//! speaks of a puzzle ([`speaks_of_puzzle`]), makes its password the puzzle's hidden word.
//!
//! A puzzle word is read with the endings of every inflection family the packs name ([`inflected_puzzle`]:
//! "kryžiažodį", "осмосмерку"), and a number in any script's digits ("افقی ۷", "পাশাপাশি ৩"). A field titled
//! as the puzzle's answer ([`names_answer`]: "Решење", "উত্তর", "Solución") takes the puzzle's word when
//! no sentence asks for a secret without an answer word or a clue's layout of its own
//! ([`asks_outside_puzzle`]). A sentence naming the secret as the user's own ([`POSSESSIVE`]: "your bank
//! password", "ваш пароль") is never a puzzle's ([`owns_secret`]).
//!
//! Under a message laid out as a clue, a sentence that names nothing strongly and speaks of the word's
//! letters or answer ("Write the letters you know", [`speaks_of_letters`]) is the puzzle's too; a puzzle
//! word of six letters or more heads a compound ("Preisrätsel", [`compound_puzzle`]); and a field titled by
//! a solution word a pack reads as a secret ("Lösungswort") is searched for a secret without that word.
//!
//! The trade, for a reviewer: a message dressed as a clue whose every sentence naming the secret is laid
//! out as a clue ("Crossword 4 across, 8 letters: the bank password", without "your") over a field that
//! names no secret passes; so does a field titled as the puzzle's password under a message naming a puzzle. A field that
//! names a secret without a puzzle word ("Password") is still judged on its own words, and a sentence that
//! asks outside a clue ("Then enter your PIN to claim the prize") keeps the message's reading.

use std::collections::HashMap;
use std::sync::OnceLock;

use super::survey::{found_in, sentences};
use crate::policy::secret::inflect::{Family, Rules, MIN_STEM};
use crate::policy::secret::normalize::{fold_words, is_unspaced_script, Folder};
use crate::policy::secret::pack::Compiled;

/// Words for a puzzle of words, folded as texts are: whole words, or the start of a word of five letters
/// or more ("kreuzworträtsel" in "kreuzworträtsels", "bulmaca" in "bulmacanın"); phrases and words of the
/// scripts written without spaces, anywhere.
const PUZZLE: &[&str] = &[
    // en
    "crossword",
    "puzzle",
    "riddle",
    "quiz",
    "anagram",
    "acrostic",
    "wordle",
    "word game",
    // A clue is a puzzle's own word; "cryptic" alone is not (a "cryptic password" is asked for), only in its
    // phrases.
    "clue",
    "clues",
    "cryptic crossword",
    "cryptic clue",
    // ar, fa, ur
    "الكلمات المتقاطعة",
    "كلمات متقاطعة",
    "لغز",
    "اللغز",
    "أحجية",
    "فزورة",
    // ident15: the word-search game of Arabic papers, whose leftover letters spell the hidden word
    // ("كلمة السر"): "the lost word", "the lost words", "word search".
    "الكلمة الضائعة",
    "الكلمات الضائعة",
    "البحث عن الكلمات",
    "کلمات متقاطع",
    "معما",
    "چیستان",
    "معمہ",
    "پہیلی",
    "کراس ورڈ",
    // he
    "תשבץ",
    "חידה",
    "חידון",
    // bg, ru, uk, sr
    "кръстословица",
    "гатанка",
    "загадка",
    "ребус",
    "кроссворд",
    "сканворд",
    "викторина",
    "головоломка",
    "кросворд",
    "вікторина",
    "укрштеница",
    "загонетка",
    "осмосмерка",
    // cs, sk, pl, hr, sr, sl
    "křížovka",
    "tajenka",
    "hádanka",
    "rébus",
    "kvíz",
    "krížovka",
    "tajnička",
    "krzyżówka",
    "zagadka",
    "łamigłówka",
    "rebus",
    "križaljka",
    "zagonetka",
    "ukrštenica",
    "osmosmerka",
    // da, no, sv, nl, de
    "krydsord",
    "kryds og tværs",
    "gåde",
    "kryssord",
    "gåte",
    "korsord",
    "gåta",
    "kruiswoordpuzzel",
    "puzzel",
    "raadsel",
    "cryptogram",
    "kreuzworträtsel",
    "rätsel",
    "schwedenrätsel",
    "kreuzwort",
    // fi, hu, lt, el
    "ristisana",
    "ristikko",
    "sanaristikko",
    "arvoitus",
    "keresztrejtvény",
    "rejtvény",
    "kryžiažodis",
    "mįslė",
    "galvosūkis",
    "σταυρόλεξο",
    "γρίφος",
    "αίνιγμα",
    // fr, es, pt, it, ro
    "mots croisés",
    "mots fléchés",
    "devinette",
    "énigme",
    "charade",
    "crucigrama",
    "autodefinido",
    "acertijo",
    "adivinanza",
    "palavras cruzadas",
    "cruzadinha",
    "charada",
    "adivinha",
    "cruciverba",
    "parole crociate",
    "indovinello",
    "enigma",
    "careu",
    "integramă",
    "cuvinte încrucișate",
    "ghicitoare",
    // tr
    "bulmaca",
    "bilmece",
    // id, ms, tl, sw
    "teka-teki",
    "teka teki",
    "tts",
    "kuis",
    "kuiz",
    "palaisipan",
    "bugtong",
    "krosword",
    "chemshabongo",
    "fumbo",
    "kitendawili",
    // hi, mr, bn, ta, te
    "वर्ग पहेली",
    "पहेली",
    "शब्दकोडे",
    "कोडे",
    "শব্দজব্দ",
    "শব্দছক",
    "ধাঁধা",
    "குறுக்கெழுத்து",
    "புதிர்",
    "పదవినోదం",
    "పజిల్",
    "పొడుపు కథ",
    // th, vi
    "อักษรไขว้",
    "ปริศนา",
    "ô chữ",
    "câu đố",
    "giải đố",
    // zh, ja, ko
    "填字",
    "字谜",
    "谜语",
    "谜题",
    "猜谜",
    "クロスワード",
    "なぞなぞ",
    "パズル",
    "クイズ",
    "십자말풀이",
    "퍼즐",
    "수수께끼",
    "퀴즈",
    // Word searches, sudoku, rebuses and anagrams, and the forms that change their stem (Lithuanian
    // `kryžiažodžio`, Greek `σταυρόλεξου`); endings the families add are read by rule ([`inflected`]).
    "word search",
    "wordsearch",
    "sudoku",
    "brain teaser",
    "trivia",
    "hangman",
    "scrabble",
    "судоку",
    "филворд",
    "анаграмма",
    "філворд",
    "анаграма",
    "укрштене речи",
    "ukrštene reči",
    "osmosmjerka",
    "osmisměrka",
    "osemsmerovka",
    "přesmyčka",
    "wykreślanka",
    "szarada",
    "anagramma",
    "crucipuzzle",
    "anagramă",
    "integrame",
    "kryžiažodžio",
    "kryžiažodžiu",
    "rebusas",
    "žodžių paieška",
    "sanahaku",
    "szókereső",
    "κρυπτόλεξο",
    "σταυρόλεξου",
    "σουντόκου",
    "κουίζ",
    "buchstabensalat",
    "suchsel",
    "wortsuche",
    "bilderrätsel",
    "woordzoeker",
    "kruiswoord",
    "ordjagt",
    "ordleg",
    "ordsøk",
    "ordsök",
    "mots mêlés",
    "mots cachés",
    "anagramme",
    "sopa de letras",
    "jeroglífico",
    "anagrama",
    "caça-palavras",
    "caça palavras",
    "kelime avı",
    "teka-teki silang",
    // ms: "teka silang kata" (a crossword; Dewan Bahasa's term), also written without "teka".
    "silang kata",
    "cari kata",
    "चित्र पहेली",
    "सुडोकू",
    "क्रॉसवर्ड",
    "शब्दकोडे",
    "শব্দজট",
    "শব্দধাঁধা",
    "কুইজ",
    "সুডোকু",
    "হেঁয়ালি",
    "சுடோகு",
    "సుడోకు",
    "ซูโดกุ",
    "đố vui",
    "tìm từ",
    "数独",
    "填字游戏",
    "ナンプレ",
    "謎解き",
    "스도쿠",
    "낱말 퍼즐",
    "낱말퍼즐",
    "جدول کلمات",
    "حل جدول",
    // Persian: the crossword (a "table") solved, and its hidden key phrase, "رمز جدول" (رمز is also a
    // password: beside the table it is the puzzle's).
    "جدول حل",
    "رمز جدول",
    "جدول رمز",
    "سودوکو",
    "سودوكو",
    "کوئیز",
    "کوئز",
    "سوڈوکو",
    "סודוקו",
    "תפזורת",
];

/// Words for a count of letters, read beside a number ("8 letters", "(6 букв)", "gồm 7 chữ cái").
const LETTERS: &[&str] = &[
    "letters",
    "letter",
    "حروف",
    "أحرف",
    "حرف",
    "حرفی",
    "אותיות",
    "букви",
    "букв",
    "буквы",
    "літер",
    "písmen",
    "písmena",
    "liter",
    "litery",
    "bogstaver",
    "bokstaver",
    "bokstäver",
    "letters",
    "buchstaben",
    "kirjainta",
    "betű",
    "betűs",
    "raidžių",
    "raidės",
    "γράμματα",
    "lettres",
    "letras",
    "lettere",
    "litere",
    "harf",
    "harfli",
    "huruf",
    "titik",
    "herufi",
    "अक्षर",
    "अक्षरे",
    "অক্ষর",
    "எழுத்துகள்",
    "எழுத்துக்கள்",
    "எழுத்து",
    "అక్షరాలు",
    "ตัวอักษร",
    "chữ cái",
    "个字",
    "字母",
    "文字",
    "글자",
];

/// Words for a place in a crossword's grid, read beside a number ("4 Down", "14 waagerecht").
const DIRECTION: &[&str] = &[
    "across",
    "down",
    "horizontal",
    "vertical",
    "horizontally",
    "vertically",
    "أفقي",
    "أفقيا",
    "افقي",
    "عمودي",
    "عموديا",
    "افقی",
    "عمودی",
    "מאוזן",
    "מאונך",
    "водоравно",
    "отвесно",
    "по горизонтали",
    "по вертикали",
    "по горизонталі",
    "по вертикалі",
    "усправно",
    "vodorovně",
    "svisle",
    "vodorovne",
    "zvisle",
    "poziomo",
    "pionowo",
    "vodoravno",
    "okomito",
    "uspravno",
    "vandret",
    "lodret",
    "vannrett",
    "loddrett",
    "vågrätt",
    "lodrätt",
    "horizontaal",
    "verticaal",
    "waagerecht",
    "senkrecht",
    "vaakasuoraan",
    "pystysuoraan",
    "vízszintes",
    "függőleges",
    "horizontaliai",
    "vertikaliai",
    "οριζόντια",
    "κάθετα",
    "horizontalement",
    "verticalement",
    "orizzontale",
    "verticale",
    "orizzontali",
    "verticali",
    "orizontal",
    "horizontais",
    "verticais",
    "soldan sağa",
    "yukarıdan aşağıya",
    "yatay",
    "dikey",
    "mendatar",
    "menurun",
    "melintang",
    "menegak",
    "pahalang",
    "pababa",
    "mlalo",
    "wima",
    "क्षैतिज",
    "ऊर्ध्वाधर",
    "आडवे",
    "उभे",
    "পাশাপাশি",
    "উপর-নিচ",
    "উপরনিচ",
    "குறுக்கு",
    "நெடுக்கு",
    "அட்டம்",
    "అడ్డం",
    "నిలువు",
    "แนวนอน",
    "แนวตั้ง",
    "hàng ngang",
    "hàng dọc",
    "横向",
    "纵向",
    "タテのカギ",
    "ヨコのカギ",
    "가로",
    "세로",
];

folded_words! { fn puzzle_words = PUZZLE; }

/// Words for a puzzle's answer or solution word, folded as [`PUZZLE`]'s. A field titled by one under a message
/// that speaks of a puzzle takes the puzzle's answer ([`names_answer`]); in a sentence, one is a mark of the
/// puzzle of its own ([`asks_outside_puzzle`]).
const SOLUTION: &[&str] = &[
    "answer",
    "solution",
    "solution word",
    "lösung",
    "lösungswort",
    "antwort",
    "oplossing",
    "antwoord",
    "løsning",
    "løsningsord",
    "svar",
    "lösning",
    "lösningsord",
    "réponse",
    "solution",
    "respuesta",
    "solución",
    "resposta",
    "solução",
    "risposta",
    "soluzione",
    "răspuns",
    "răspunsul",
    "soluție",
    "soluția",
    "odpowiedź",
    "rozwiązanie",
    "odpověď",
    "řešení",
    "odpoveď",
    "riešenie",
    "odgovor",
    "rješenje",
    "rešenje",
    "одговор",
    "решење",
    "ответ",
    "решение",
    "відповідь",
    "розв'язок",
    "рішення",
    "отговор",
    "atsakymas",
    "sprendimas",
    "vastaus",
    "ratkaisu",
    "válasz",
    "megfejtés",
    "megoldás",
    "απάντηση",
    "λύση",
    "cevap",
    "yanıt",
    "çözüm",
    "jawaban",
    "solusi",
    "jawapan",
    "sagot",
    "jibu",
    "suluhisho",
    "إجابة",
    "الإجابة",
    "الحل",
    "جواب",
    "پاسخ",
    "תשובה",
    "פתרון",
    "उत्तर",
    "जवाब",
    "উত্তর",
    "সমাধান",
    "விடை",
    "பதில்",
    "జవాబు",
    "సమాధానం",
    "คำตอบ",
    "đáp án",
    "câu trả lời",
    "lời giải",
    "答案",
    "谜底",
    "答え",
    "解答",
    "正解",
    "정답",
];

/// The second person's possessives, folded (they are stopwords of the packs, so read on the plain folding):
/// a sentence that names a secret as the user's own ("your bank password", "ваш пароль", "mật khẩu của
/// bạn") asks for it, whatever puzzle dresses it. Languages that glue the possessive to the noun (Turkish,
/// Finnish, Hungarian, Arabic) are not read this way, nor words that are also a subject or another
/// language's ordinary word (French `tu`, Indonesian `Anda`, Persian `شما`, Romanian `din`, Dutch `dit`).
const POSSESSIVE: &[&str] = &[
    "your",
    "dein",
    "deine",
    "deinen",
    "deinem",
    "ihr",
    "ihre",
    "ihren",
    "ihrem",
    "jouw",
    "uw",
    "dine",
    "ditt",
    "dina",
    "jeres",
    "ert",
    "votre",
    "vos",
    "ton",
    "tes",
    "tus",
    "seu",
    "sua",
    "teu",
    "tua",
    "tuo",
    "tuoi",
    "vostro",
    "vostra",
    "tău",
    "dumneavoastră",
    "twoje",
    "twój",
    "twoja",
    "twojego",
    "twoją",
    "swoje",
    "swój",
    "swoją",
    "wasze",
    "wasz",
    "váš",
    "vaše",
    "vašeho",
    "vaši",
    "tvůj",
    "tvoje",
    "své",
    "svůj",
    "vášho",
    "vaš",
    "vaša",
    "vašu",
    "vašeg",
    "tvoj",
    "tvoja",
    "tvoju",
    "svoj",
    "svoju",
    "svojeg",
    "ваш",
    "ваша",
    "вашу",
    "ваше",
    "вашег",
    "вашего",
    "вашей",
    "твој",
    "твоју",
    "твоје",
    "свој",
    "своју",
    "своје",
    "твой",
    "твою",
    "твоего",
    "свой",
    "свою",
    "своего",
    "твій",
    "свій",
    "вашия",
    "вашата",
    "твоята",
    "своята",
    "jūsų",
    "tavo",
    "savo",
    "sinun",
    "teidän",
    "σας",
    "σου",
    "senin",
    "sizin",
    "iyong",
    "inyong",
    "yako",
    "lako",
    "yenu",
    "الخاص بك",
    "الخاصة بك",
    "שלך",
    "שלכם",
    "آپ کا",
    "آپ کی",
    "اپنا",
    "اپنی",
    "आपका",
    "आपकी",
    "आपके",
    "अपना",
    "अपनी",
    "तुम्हारा",
    "तुमचा",
    "तुमची",
    "तुमचे",
    "আপনার",
    "তোমার",
    "உங்கள்",
    "ของคุณ",
    "của bạn",
    "你的",
    "您的",
    "あなたの",
    "당신의",
    "고객님의",
    "귀하의",
];

folded_words! { fn solution_words = SOLUTION; }

folded_words! { fn possessive_words = POSSESSIVE; }

folded_words! { fn letter_words = LETTERS; }

folded_words! { fn direction_words = DIRECTION; }

/// Whether a folded word is a number (in any script's decimal digits), as "4", "٦", "৫", "۷" are and "số"
/// is not.
fn is_number(word: &str) -> bool {
    !word.is_empty() && word.chars().all(|ch| ch.is_numeric())
}

/// `text` folded as [`fold_words`] folds it, with every digit of a script other than ASCII written `0`
/// first: the folding reads some as Latin look-alikes (Persian `۷` as `v`), and a clue's numbers ("افقی ۷",
/// "(۳ حرف)") must stay numbers. Only their being numbers counts, not their value.
fn fold_clue(text: &str) -> String {
    if text.chars().all(|ch| ch.is_ascii() || !ch.is_numeric()) {
        return fold_words(text);
    }
    let digits: String = text
        .chars()
        .map(|ch| {
            if !ch.is_ascii() && ch.is_numeric() {
                '0'
            } else {
                ch
            }
        })
        .collect();
    fold_words(&digits)
}

/// Whether a character writes a number in a script without spaces: a digit of any script ("7", "๗",
/// "７") or a Han numeral ("七", "十二").
fn is_numeral(ch: char) -> bool {
    ch.is_numeric() || "〇一二三四五六七八九十百".contains(ch)
}

/// The inflection rules of every family the packs may name ([`Family::NAMES`]), built once.
fn families() -> &'static [Rules] {
    static RULES: OnceLock<Vec<Rules>> = OnceLock::new();
    RULES.get_or_init(|| {
        Family::NAMES
            .split(',')
            .filter_map(Family::from_name)
            .map(Rules::new)
            .collect()
    })
}

/// Fewest letters of a puzzle word's stem that inflects: a shorter one is easily an ordinary word of the
/// language (Romanian `careu`, a crossword's grid, less its `u` is `care`, "which").
const MIN_PUZZLE_STEM: usize = 5;

/// The stems of the one-word puzzle words under each family's rules, each with the families that give it
/// (`kryžiažodis` -> `kryziazod` under the Baltic rules, `осмосмерка` -> `осмосмерк` under the Slavic
/// ones), built once.
fn puzzle_stems() -> &'static HashMap<String, Vec<usize>> {
    static STEMS: OnceLock<HashMap<String, Vec<usize>>> = OnceLock::new();
    STEMS.get_or_init(|| {
        let mut stems: HashMap<String, Vec<usize>> = HashMap::new();
        for w in puzzle_words().iter().filter(|w| !fixed(w)) {
            for (i, rules) in families().iter().enumerate() {
                let (stem, inflects) = rules.stem(w, MIN_STEM);
                if inflects && stem.chars().count() >= MIN_PUZZLE_STEM {
                    let at = stems.entry(stem).or_default();
                    if !at.contains(&i) {
                        at.push(i);
                    }
                }
            }
        }
        stems
    })
}

/// Whether a folded word is a puzzle word with endings of its family ("kryžiažodį", "осмосмерку",
/// "σταυρόλεξα"): a stem of [`puzzle_stems`] followed by endings the same family adds. No word of the
/// list is read in the family of another script, and none of them is a stem of an ordinary word of its
/// language, so the endings, the families' own sets (case, number, article, possessive), say no more
/// than the puzzle's name.
fn inflected_puzzle(word: &str) -> bool {
    let stems = puzzle_stems();
    let rules = families();
    word.char_indices()
        .skip(MIN_PUZZLE_STEM - 1)
        .any(|(at, ch)| {
            let cut = at + ch.len_utf8();
            let (Some(stem), Some(rest)) = (word.get(..cut), word.get(cut..)) else {
                return false;
            };
            // The bare stem is no form of the word ([`holds`] reads the word as written).
            if rest.is_empty() {
                return false;
            }
            stems.get(stem).is_some_and(|fams| {
                fams.iter()
                    .any(|&f| rules.get(f).is_some_and(|r| r.is_endings(rest)))
            })
        })
}

/// Whether the folded `text` holds a puzzle word, as written ([`holds`]) or inflected
/// ([`inflected_puzzle`]).
fn holds_puzzle(text: &str) -> bool {
    holds(text, puzzle_words())
        || text.split_whitespace().any(inflected_puzzle)
        || text.split_whitespace().any(compound_puzzle)
}

/// Fewest letters of a puzzle word read as the head of a compound ("Preisrätsel", "Silbenrätsel",
/// "jigsawpuzzle"): a shorter one ends too many ordinary words.
const MIN_COMPOUND_HEAD: usize = 6;

/// Whether a folded word is a compound whose head (its end) is a one-word puzzle word of six letters or
/// more ("preisratsel" over "ratsel", "sommerratsel"): the Germanic languages name a kind of puzzle by a
/// word before "puzzle", and the head says what it is.
fn compound_puzzle(word: &str) -> bool {
    puzzle_words().iter().any(|w| {
        !fixed(w)
            && w.chars().count() >= MIN_COMPOUND_HEAD
            && word.len() > w.len()
            && word.ends_with(w.as_str())
    })
}

fn fixed(w: &str) -> bool {
    w.contains(' ') || w.chars().any(is_unspaced_script)
}

/// Whether the folded `text` holds one of `words` ([`PUZZLE`]'s reading: whole words or, of five letters
/// or more, the start of one).
fn holds(text: &str, words: &[String]) -> bool {
    let padded = format!(" {} ", text.trim());
    words.iter().any(|w| {
        if fixed(w) {
            return padded.contains(w.as_str());
        }
        padded
            .split_whitespace()
            .any(|word| word == w || (w.chars().count() >= 5 && word.starts_with(w.as_str())))
    })
}

/// Whether the folded `text` holds one of `words` with a number right before it ("gồm 7 chữ cái") or
/// right after it, or one word after ("hàng ngang số 4"). In a script written without spaces, a number anywhere
/// in the text stands beside it.
fn beside_number(text: &str, words: &[String]) -> bool {
    let tokens: Vec<&str> = text.split_whitespace().collect();
    words.iter().any(|w| {
        if w.chars().any(is_unspaced_script) {
            return text.contains(w.as_str()) && text.chars().any(is_numeral);
        }
        let parts: Vec<&str> = w.split_whitespace().collect();
        let n = parts.len();
        if n == 0 || tokens.len() < n {
            return false;
        }
        (0..=tokens.len() - n).any(|i| {
            let here = tokens[i..i + n]
                .iter()
                .zip(&parts)
                .all(|(t, p)| t == p || (p.chars().count() >= 5 && t.starts_with(p)));
            let near = |j: usize| tokens.get(j).is_some_and(|t| is_number(t));
            here && ((i >= 1 && near(i - 1)) || near(i + n) || near(i + n + 1))
        })
    })
}

/// Fewest letters of a word for letters read with an ending ("حروفی", "herufi" + ending): shorter ones
/// are read whole.
const MIN_LETTERS_STEM: usize = 3;

/// Whether the folded `sentence` speaks of letters or of an answer, with or without a number ("the letters
/// you know", "حروفی را که می‌دانید", "herufi unazozijua"): read only in a message laid out as a clue.
fn speaks_of_letters(sentence: &str) -> bool {
    holds(sentence, letter_words())
        || holds(sentence, solution_words())
        || sentence.split_whitespace().any(|word| {
            letter_words().iter().any(|w| {
                !fixed(w) && w.chars().count() >= MIN_LETTERS_STEM && word.starts_with(w.as_str())
            })
        })
}

/// Most numbers an enumeration lists ("(3,4)", "(2-3-4)"): a clue's answer is a few words at most.
const MAX_ENUMERATION_PARTS: usize = 4;

/// Most digits of one number of an enumeration: a grid's word is shorter than a hundred letters.
const MAX_ENUMERATION_DIGITS: usize = 2;

/// Whether the raw `text` holds a crossword's enumeration: the answer's letters counted in brackets at the
/// end of the clue, with no word ("(6)", "(3,4)", "(5-3)", "(٦)"), as every crossword prints it. It counts
/// as a count of letters; a bracketed number alone is one mark, as "8 letters" is. Only punctuation may
/// follow it up to its sentence's end: a list's "(1) Enter the code" numbers a step, not letters.
fn enumeration(text: &str) -> bool {
    text.split(['(', '（']).skip(1).any(|rest| {
        let Some((inner, after)) = rest.split_once([')', '）']) else {
            return false;
        };
        let parts: Vec<&str> = inner
            .split([',', '-', '–', ' ', '+'])
            .filter(|p| !p.is_empty())
            .collect();
        let counts = !parts.is_empty()
            && parts.len() <= MAX_ENUMERATION_PARTS
            && parts.iter().all(|p| {
                p.chars().count() <= MAX_ENUMERATION_DIGITS && p.chars().all(char::is_numeric)
            });
        let ends_clause = after
            .chars()
            .take_while(|ch| !".!?;:。！？\n".contains(*ch))
            .all(|ch| !ch.is_alphanumeric());
        counts && ends_clause
    })
}

/// Whether the folded `sentence` (`raw` as written) is laid out as a clue: two of a puzzle word, a count of
/// letters (a word beside a number, or an [`enumeration`]) and a numbered place in the grid.
fn is_clue(sentence: &str, raw: &str) -> bool {
    let marks = [
        holds_puzzle(sentence),
        beside_number(sentence, letter_words()) || enumeration(raw),
        beside_number(sentence, direction_words()),
    ];
    marks.iter().filter(|&&m| m).count() >= 2
}

/// Whether every sentence of `message` that names a secret (a strong or a weak name) is a puzzle's
/// clue, and one is (see the module doc). A sentence naming no secret ("Your answer?") is not read. The
/// clue is read on the whole message too: the quoted clue often ends in a full stop of its own ("«Secret
/// word the bank asks for.» (5 letters)").
pub(super) fn clue_only(c: &Compiled, message: &str) -> bool {
    let whole = fold_clue(message);
    let whole_clue = is_clue(&whole, message);
    let mut folder = Folder::default();
    let mut buf = Vec::new();
    let mut any = false;
    for (sentence, _) in sentences(message) {
        let found = found_in(c, &mut folder, &mut buf, sentence);
        // Every name counts here, weak ones too ("символов для входа"): reading more sentences only asks
        // more of them to be clues.
        if !found.names {
            continue;
        }
        let folded = fold_clue(sentence);
        // A sentence that asks for the secret outside the clue ("Then enter your PIN") is no clue even in a
        // message laid out as one: it needs its own puzzle mark.
        if holds(&folded, possessive_words()) {
            // "Crossword 4 Down, 8 letters: your bank password": the user's own secret is no word to find.
            return false;
        }
        let own_mark = holds_puzzle(&folded)
            || beside_number(&folded, letter_words())
            || enumeration(sentence)
            || beside_number(&folded, direction_words());
        // "Write the letters you know and we will suggest the answer" under a clue: a sentence that names
        // nothing strongly and speaks of the puzzle's letters or its answer asks for the word's letters.
        let of_the_word = whole_clue && !found.strong && speaks_of_letters(&folded);
        if !(is_clue(&folded, sentence)
            || (whole_clue && own_mark && !found.request)
            || of_the_word)
        {
            return false;
        }
        any = true;
    }
    any
}

/// Whether the whole `message` is laid out as a clue ([`is_clue`]): its numbers then count letters or
/// place the word in the grid, and are no code's digits.
pub(super) fn laid_out_as_clue(message: &str) -> bool {
    is_clue(&fold_clue(message), message)
}

/// Whether the message speaks of a puzzle at all (a puzzle word anywhere), for a field that names the
/// puzzle's hidden word ([`names_puzzle`]).
pub(super) fn speaks_of_puzzle(message: &str) -> bool {
    holds_puzzle(&fold_clue(message))
}

/// Whether `message`, which speaks of a puzzle, also speaks of the hidden word's letters ("the letters that
/// remain form the password", "(٦ حروف)") or its answer ([`speaks_of_letters`]), in any sentence (ident15):
/// a field titled only by the secret's word ("كلمة السر", the name Arabic papers give a puzzle's hidden word)
/// then takes the word the letters spell, when no sentence asks for a secret outside the puzzle
/// ([`asks_outside_puzzle`]) and none names it as the user's own ([`owns_secret`]).
pub(super) fn spells_the_word(message: &str) -> bool {
    let folded = fold_clue(message);
    holds_puzzle(&folded) && speaks_of_letters(&folded)
}

/// Whether a field's own title or description names a puzzle ("Bulmacanın şifresi", "كلمة السر (حل
/// اللغز)"): its secret's name is then the puzzle's hidden word.
pub(super) fn names_puzzle(title: &str, description: &str) -> bool {
    holds_puzzle(&fold_clue(title)) || holds_puzzle(&fold_clue(description))
}

/// Whether a field's own title or description names the puzzle's answer ("Решење", "উত্তর", "Solución")
/// and no secret by a strong name of its own: under a message that speaks of a puzzle and asks for no secret outside it
/// ([`asks_outside_puzzle`]), the field takes the word the puzzle hides, not a secret the clue names.
pub(super) fn names_answer(c: &Compiled, title: &str, description: &str) -> bool {
    let answer = [title, description]
        .iter()
        .any(|t| holds(&fold_clue(t), solution_words()));
    if !answer {
        return false;
    }
    let mut folder = Folder::default();
    let mut buf = Vec::new();
    // The answer's own word is no secret's name even where a pack reads it as one (German "Lösungswort"
    // folds to `losungswort`, a watchword): read the texts without it.
    ![title, description].iter().any(|t| {
        let rest = without_solution_words(t);
        found_in(c, &mut folder, &mut buf, &rest).strong
    })
}

/// `text` without its words that are, folded, a word for the puzzle's answer ([`SOLUTION`]), each read as a
/// whole word.
fn without_solution_words(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for word in text.split_whitespace() {
        let folded = fold_clue(word);
        if solution_words().iter().any(|w| w == folded.trim()) {
            continue;
        }
        out.push_str(word);
        out.push(' ');
    }
    out
}

/// Whether a sentence of `message` names a secret as the user's own (a second person's possessive:
/// "your bank password", "вашу лозинку"): no puzzle's reading holds for that message.
pub(super) fn owns_secret(c: &Compiled, message: &str) -> bool {
    let mut folder = Folder::default();
    let mut buf = Vec::new();
    sentences(message).iter().any(|(sentence, _)| {
        found_in(c, &mut folder, &mut buf, sentence).names
            && holds(&fold_clue(sentence), possessive_words())
    })
}

/// Whether a sentence of `message` asks for a secret (a request verb and a secret's name) with no mark of
/// the puzzle's word of its own: no answer or solution word, no letter count or place in the grid.
/// "Пошаљите решење (тајну реч)" asks for the puzzle's answer; "Then enter your bank password to claim the
/// prize" asks outside the puzzle, and a prize draw is no mark (phishing promises prizes too).
pub(super) fn asks_outside_puzzle(c: &Compiled, message: &str) -> bool {
    let mut folder = Folder::default();
    let mut buf = Vec::new();
    sentences(message).iter().any(|(sentence, _)| {
        let found = found_in(c, &mut folder, &mut buf, sentence);
        if !(found.names && found.request) {
            return false;
        }
        let folded = fold_clue(sentence);
        // The puzzle named beside the request is not enough ("Jawab kuis kami, lalu masukkan PIN"): the
        // sentence must speak of the word to find, its answer or its clue's layout.
        !(holds(&folded, solution_words())
            || beside_number(&folded, letter_words())
            || beside_number(&folded, direction_words()))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::policy::secret::pack::embedded_for_tests as compiled;

    #[test]
    fn an_enumeration_counts_letters_at_the_end_of_a_clue() {
        for t in [
            "'At the door (6)'.",
            "Word (3,4)",
            "Word (5-3)!",
            "Word (٦)",
            "Word（６）。",
        ] {
            assert!(enumeration(t), "{t}");
        }
        for t in [
            "(1) Enter the code",
            "Word (123)",
            "Word (a)",
            "Word ()",
            "Word (6",
            "Code (6) from the SMS",
        ] {
            assert!(!enumeration(t), "{t}");
        }
    }

    #[test]
    fn a_puzzle_s_letters_spell_its_word() {
        assert!(spells_the_word(
            "حليت لعبة الكلمة الضائعة؟ الحروف اللي تبقى تكوّن كلمة السر، من ستة حروف."
        ));
        assert!(spells_the_word(
            "Daily crossword: the letters in the shaded squares spell the password."
        ));
        // Letters without a puzzle, or a puzzle without its letters, spell nothing.
        assert!(!spells_the_word(
            "Your password must have at least 8 letters."
        ));
        assert!(!spells_the_word(
            "Thanks for playing our crossword! Log in again."
        ));
    }

    #[test]
    fn a_clue_naming_the_secret_as_the_word_to_find_asks_for_no_secret() {
        let c = compiled();
        for m in [
            "Daily crossword, 4 Down (8 letters): the secret word you type to log in. Your answer?",
            "Kreuzworträtsel, 14 waagerecht: „Geheimes Wort zum Einloggen“ – 8 Buchstaben. Was trägst du ein?",
            "Кроссворд дня, 7 по горизонтали: «Секретная комбинация символов для входа в систему», 6 букв. Ваш ответ?",
            "Crucigrama diario, 3 horizontal: «Palabra secreta que te pide el banco para entrar» (5 letras). ¿Cuál es tu respuesta?",
            "Mots fléchés, définition n° 7 : « Mot de passe légendaire d'Ali Baba » (6 lettres). Votre réponse ?",
            // The letters counted by an enumeration, as crosswords print them.
            "Sunday prize puzzle, 9 Down: 'Secret word to get past the guard' (3,4). Your answer?",
            "Kreuzworträtsel Nr. 12, 5 senkrecht: „Geheimes Wort am Tor“ (6). Was trägst du ein?",
            "Cryptic crossword no. 88: 'Password the spy whispers (6)'. Your answer?",
        ] {
            assert!(clue_only(c, m), "{m}");
        }
    }

    #[test]
    fn a_request_beside_or_without_a_clue_keeps_the_reading() {
        let c = compiled();
        for m in [
            // One mark alone is a real request's wording.
            "Enter your password (at least 8 letters).",
            "Scroll down and enter your password.",
            "Solve our crossword to win! Then enter your bank password to claim the prize.",
            // The clue is there, but another sentence asks outside it.
            "Crossword, 4 Down (8 letters): a secret word. Now enter your PIN to claim the prize.",
            "Please enter your PIN.",
            // A bracketed number alone, a list's step, or "cryptic" as an adjective is no clue's layout.
            "Choose a cryptic password (12).",
            "Choose a cryptic password of 12 letters.",
            "(1) Scroll down 2 lines. (2) Enter the password.",
            "Cryptic crossword 14 Across (6): now enter your bank password to claim the prize.",
        ] {
            assert!(!clue_only(c, m), "{m}");
        }
    }

    #[test]
    fn numbers_must_stand_beside_the_marks() {
        assert!(beside_number(
            &fold_clue("7 по горизонтали"),
            direction_words()
        ));
        assert!(beside_number(
            &fold_clue("hàng ngang số 4"),
            direction_words()
        ));
        assert!(beside_number(&fold_clue("gồm 7 chữ cái"), letter_words()));
        assert!(beside_number(&fold_clue("(৬ অক্ষর)"), letter_words()));
        assert!(!beside_number(
            &fold_clue("the letters you got"),
            letter_words()
        ));
        assert!(!beside_number(
            &fold_clue("8 times down the road"),
            direction_words()
        ));
    }

    #[test]
    fn a_field_can_name_the_puzzle() {
        assert!(names_puzzle("Bulmacanın şifresi", ""));
        assert!(names_puzzle("كلمة السر (حل اللغز)", ""));
        assert!(!names_puzzle("Şifre", "Hesabınızın şifresi"));
        assert!(speaks_of_puzzle(
            "Haftanın çengel bulmacasını çözdünüz mü? Şifreyi gönderin."
        ));
    }

    #[test]
    fn puzzle_words_are_read_inflected_by_their_familys_rules() {
        for text in [
            "Išsprendėte savaitgalio kryžiažodį?",
            "Решили сте осмосмерку из викенд издања?",
            "Rozwiąż naszą krzyżówkę i wyślij hasło.",
            "Λύστε το σταυρόλεξο της εβδομάδας.",
            "Bu haftanın bulmacasını çözdünüz mü?",
        ] {
            assert!(holds_puzzle(&fold_clue(text)), "{text}");
        }
        // A stem alone, or another word sharing the first letters, is no puzzle.
        for text in [
            "Care este parola contului?",
            "To jest zagadnienie bezpieczeństwa.",
            "Please enter your password.",
        ] {
            assert!(!holds_puzzle(&fold_clue(text)), "{text}");
        }
    }

    #[test]
    fn numbers_of_every_script_count() {
        assert!(beside_number(&fold_clue("افقی ۷"), direction_words()));
        assert!(beside_number(&fold_clue("(۳ حرف)"), letter_words()));
        assert!(beside_number(&fold_clue("পাশাপাশি ৩"), direction_words()));
        assert!(beside_number(&fold_clue("แนวนอน ๗"), direction_words()));
        assert!(beside_number(&fold_clue("横向第七题"), direction_words()));
        assert!(!beside_number(&fold_clue("横向滚动"), direction_words()));
    }

    #[test]
    fn clues_in_more_scripts_and_puzzles() {
        let c = compiled();
        for m in [
            "আজকের শব্দজট: পাশাপাশি ৩ — 'লগইনের গোপন শব্দ' (ইংরেজি থেকে আসা শব্দ)। উত্তর লিখুন।",
            "جدول امروز، افقی ۷: «کلمه‌ای که با آن قفل گاوصندوق یا حساب باز می‌شود» (۳ حرف). جواب شما؟",
            "Sudoku-Rätselheft, Schwedenrätsel 12 senkrecht: „Geheimes Wort am Geldautomaten“ (3 Buchstaben).",
            "Ô chữ hôm nay, hàng ngang số ৪: mật mã để mở két (6 chữ cái).",
        ] {
            assert!(clue_only(c, m), "{m}");
        }
    }

    #[test]
    fn a_clue_naming_the_users_own_secret_asks_for_it() {
        let c = compiled();
        for m in [
            "Crossword 4 Down, 8 letters: your bank password.",
            "Кроссворд, 7 по горизонтали (8 букв): ваш пароль от интернет-банка.",
            "Kreuzworträtsel, 3 waagerecht (4 Buchstaben): deine PIN.",
            "Ô chữ, hàng ngang số 4 (8 chữ cái): mật khẩu ngân hàng của bạn.",
        ] {
            assert!(!clue_only(c, m), "{m}");
        }
    }

    #[test]
    fn a_field_titled_as_the_puzzles_answer() {
        let c = compiled();
        assert!(names_answer(c, "Решење", ""));
        assert!(names_answer(c, "উত্তর", ""));
        assert!(names_answer(c, "Rozwiązanie", ""));
        assert!(names_answer(c, "Jawaban", "Jawaban TTS minggu ini"));
        // A title that names a secret is judged on its own words.
        assert!(!names_answer(c, "Answer (your password)", ""));
        assert!(!names_answer(c, "Name", ""));
    }

    #[test]
    fn a_sentence_about_the_letters_of_the_word_under_a_clue() {
        let c = compiled();
        for m in [
            "حلّ الكلمات المتقاطعة: ٧ عمودي — «كلمة السرّ في الجيش» (٤ حروف). اكتب الحروف التي تعرفها وسنقترح الحل.",
            "جدول حل می‌کنید؟ افقی ۸: «رمز ورود» (۵ حرف). حروفی را که می‌دانید بنویسید تا پیشنهاد بدهیم.",
            "Chemshabongo: Mlalo 4 — \"Neno la siri\" (herufi 6). Andika herufi unazozijua tukusaidie.",
            "Crossword 4 Down: «secret word for logging in» (8 letters). Type the letters you already know.",
        ] {
            assert!(clue_only(c, m), "{m}");
        }
        // The hostile twins: a sentence that names the secret strongly, or as the user's own, asks for it.
        for m in [
            "Crossword 4 Down: «secret word for logging in» (8 letters). Type the letters of the bank password.",
            "Chemshabongo: Mlalo 4 (herufi 6). Andika herufi za neno la siri lako la benki.",
            "Crossword 4 Down (8 letters). Type the letters of your password.",
        ] {
            assert!(!clue_only(c, m), "{m}");
        }
    }

    #[test]
    fn compounds_and_the_persian_tables_key_name_a_puzzle() {
        assert!(speaks_of_puzzle(
            "Preisrätsel der Woche: Senden Sie uns das Lösungswort."
        ));
        assert!(speaks_of_puzzle("Unser Sommerrätsel ist da."));
        assert!(speaks_of_puzzle("رمز جدول این هفته را بفرستید."));
        assert!(!speaks_of_puzzle("Senden Sie uns Ihr Kennwort."));
        assert!(!speaks_of_puzzle(
            "جدول زمان‌بندی را ببینید و رمز را وارد کنید."
        ));
    }

    #[test]
    fn a_solution_word_that_a_pack_reads_as_a_password_is_the_answer() {
        let c = compiled();
        assert!(names_answer(c, "Lösungswort", ""));
        assert!(names_answer(
            c,
            "Ihr Lösungswort",
            "Das Lösungswort des Preisrätsels"
        ));
        // The hostile twin: a title that names a secret beside the answer word.
        assert!(!names_answer(c, "Lösungswort (Ihr Bank-Passwort)", ""));
        assert!(!names_answer(c, "Lösungswort", "Ihre PIN"));
    }

    #[test]
    fn a_sentence_asking_outside_the_puzzle_or_for_the_users_own_secret() {
        let c = compiled();
        for m in [
            "Решили сте осмосмерку из викенд издања? Пошаљите решење (тајну реч) и учествујте у наградној игри.",
            "¿Resolviste el crucigrama? Envía la solución (una palabra secreta) y participa en el sorteo.",
            "Jawab TTS minggu ini! Kirim jawaban (kata sandi rahasia) untuk ikut undian berhadiah.",
        ] {
            assert!(!asks_outside_puzzle(c, m), "{m}");
            assert!(!owns_secret(c, m), "{m}");
        }
        for m in [
            "Solve our crossword to win! Then enter the bank password to claim the prize.",
            "Решите осмосмерку! За учешће у наградној игри унесите лозинку.",
            "Jawab kuis kami, lalu masukkan PIN untuk klaim hadiah undian.",
        ] {
            assert!(asks_outside_puzzle(c, m), "{m}");
        }
        for m in [
            "Solve the quiz and send the answer: your bank password.",
            "Rozwiąż krzyżówkę i podaj odpowiedź: twoje hasło do banku.",
            "Решите осмосмерку и пошаљите решење — вашу лозинку.",
        ] {
            assert!(owns_secret(c, m), "{m}");
        }
    }
}
