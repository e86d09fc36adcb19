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
//! The trade, for a reviewer: a message dressed as a clue whose every sentence naming the secret is laid
//! out as a clue ("Crossword 4 across, 8 letters: your bank password") over a field that names no secret
//! passes; so does a field titled as the puzzle's password under a message naming a puzzle. A field that
//! names a secret without a puzzle word ("Password") is still judged on its own words, and a sentence that
//! asks outside a clue ("Then enter your PIN to claim the prize") keeps the message's reading.

use super::survey::{found_in, sentences};
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
    // ar, fa, ur
    "الكلمات المتقاطعة",
    "كلمات متقاطعة",
    "لغز",
    "اللغز",
    "أحجية",
    "فزورة",
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

folded_words! { fn letter_words = LETTERS; }

folded_words! { fn direction_words = DIRECTION; }

/// Whether a folded word is a number (in any script's decimal digits), as "4", "٦", "৫", "số" is not.
fn is_number(word: &str) -> bool {
    !word.is_empty() && word.chars().all(|ch| ch.is_numeric())
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
            return text.contains(w.as_str()) && text.chars().any(|ch| ch.is_ascii_digit());
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

/// Whether the folded `sentence` is laid out as a clue: two of a puzzle word, a count of letters and a
/// numbered place in the grid.
fn is_clue(sentence: &str) -> bool {
    let marks = [
        holds(sentence, puzzle_words()),
        beside_number(sentence, letter_words()),
        beside_number(sentence, direction_words()),
    ];
    marks.iter().filter(|&&m| m).count() >= 2
}

/// Whether every sentence of `message` that names a secret (a strong or a weak name) is a puzzle's
/// clue, and one is (see the module doc). A sentence naming no secret ("Your answer?") is not read. The
/// clue is read on the whole message too: the quoted clue often ends in a full stop of its own ("«Secret
/// word the bank asks for.» (5 letters)").
pub(super) fn clue_only(c: &Compiled, message: &str) -> bool {
    let whole = fold_words(message);
    let whole_clue = is_clue(&whole);
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
        let folded = fold_words(sentence);
        // A sentence that asks for the secret outside the clue ("Then enter your PIN") is no clue even in a
        // message laid out as one: it needs its own puzzle mark.
        let own_mark = holds(&folded, puzzle_words())
            || beside_number(&folded, letter_words())
            || beside_number(&folded, direction_words());
        if !(is_clue(&folded) || (whole_clue && own_mark && !found.request)) {
            return false;
        }
        any = true;
    }
    any
}

/// Whether the whole `message` is laid out as a clue ([`is_clue`]): its numbers then count letters or
/// place the word in the grid, and are no code's digits.
pub(super) fn laid_out_as_clue(message: &str) -> bool {
    is_clue(&fold_words(message))
}

/// Whether the message speaks of a puzzle at all (a puzzle word anywhere), for a field that names the
/// puzzle's hidden word ([`names_puzzle`]).
pub(super) fn speaks_of_puzzle(message: &str) -> bool {
    holds(&fold_words(message), puzzle_words())
}

/// Whether a field's own title or description names a puzzle ("Bulmacanın şifresi", "كلمة السر (حل
/// اللغز)"): its secret's name is then the puzzle's hidden word.
pub(super) fn names_puzzle(title: &str, description: &str) -> bool {
    holds(&fold_words(title), puzzle_words()) || holds(&fold_words(description), puzzle_words())
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::policy::secret::pack::embedded_for_tests as compiled;

    #[test]
    fn a_clue_naming_the_secret_as_the_word_to_find_asks_for_no_secret() {
        let c = compiled();
        for m in [
            "Daily crossword, 4 Down (8 letters): the secret word you type to log in. Your answer?",
            "Kreuzworträtsel, 14 waagerecht: „Geheimes Wort zum Einloggen“ – 8 Buchstaben. Was trägst du ein?",
            "Кроссворд дня, 7 по горизонтали: «Секретная комбинация символов для входа в систему», 6 букв. Ваш ответ?",
            "Crucigrama diario, 3 horizontal: «Palabra secreta que te pide el banco para entrar» (5 letras). ¿Cuál es tu respuesta?",
            "Mots fléchés, définition n° 7 : « Mot de passe légendaire d'Ali Baba » (6 lettres). Votre réponse ?",
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
        ] {
            assert!(!clue_only(c, m), "{m}");
        }
    }

    #[test]
    fn numbers_must_stand_beside_the_marks() {
        assert!(beside_number(
            &fold_words("7 по горизонтали"),
            direction_words()
        ));
        assert!(beside_number(
            &fold_words("hàng ngang số 4"),
            direction_words()
        ));
        assert!(beside_number(&fold_words("gồm 7 chữ cái"), letter_words()));
        assert!(beside_number(&fold_words("(৬ অক্ষর)"), letter_words()));
        assert!(!beside_number(
            &fold_words("the letters you got"),
            letter_words()
        ));
        assert!(!beside_number(
            &fold_words("8 times down the road"),
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
}
