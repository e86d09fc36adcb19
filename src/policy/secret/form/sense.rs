//! A password's word in its other sense: many languages' word for "password" has ordinary senses, and the
//! form's own text says which one is meant. Czech and Slovak `heslo` is also a dictionary's headword and a
//! slogan, Polish `hasło` a crossword's solution, Serbian `šifra` the code printed inside a chips bag,
//! Portuguese `senha` the queue ticket taken at a reception, Hebrew `סיסמה` an advert's slogan, "the secret
//! word" a radio game's or a puzzle's answer.
//!
//! A field whose only secret is a password ([`other_sense`]) reads the other sense when a word of it
//! ([`SENSES`]: a headword searched in a dictionary, a slogan or motto, a contest or game, a queue's ticket,
//! the packaging a code is printed on, or a puzzle word) stands in the field's own title or description
//! ("Hledané heslo", "Vaše heslo (slogan)", "Šifra sa kesice"), or in a sentence of the message that names
//! the word ("Informe o número da senha que você retirou na recepção"). A sense word in a sentence that
//! names no secret is not read: a hostile server can prepend any benign sentence.
//!
//! The same word asked for an account stays a password ([`speaks_of_account`]): a form whose message or
//! any field names an account, a login, a user name, a bank or a network ([`ACCOUNT`], "Nagradna igra:
//! unesi šifru svog računa") is not read so, nor one whose message names the secret as the user's own in a
//! sentence without a sense word ("Congratulations! Enter your password to claim the prize"), nor a field
//! declared as a password (`format: password`).

use super::survey::{found_in, sentences};
use super::wordlist::{word_list, Phrases, Rule};
use crate::policy::secret::normalize::{fold_words, Folder};
use crate::policy::secret::pack::Compiled;

/// Words of the password word's other senses, folded as texts are: whole words or, of five letters or
/// more, the start of one ("encyklopedie" in "encyklopedii"); phrases and words of the scripts written
/// without spaces, anywhere.
const SENSES: &[&str] = &[
    // A headword looked up or searched: the dictionary's, the encyclopedia's, the index's.
    "headword",
    "dictionary",
    "encyclopedia",
    "encyclopaedia",
    "glossary",
    "lexicon",
    "search term",
    "hledané",
    "hledaný",
    "slovník",
    "slovníku",
    "encyklopedi",
    "hľadané",
    "hľadaný",
    "encyklopédi",
    "słownik",
    "szukane",
    "wyszukiwane",
    "rječnik",
    "rečnik",
    "enciklopedij",
    "leksikon",
    "slovar",
    "geslo v slovarju",
    "словар",
    "энциклопеди",
    "речник",
    "енциклопеди",
    "словник",
    "енциклопеді",
    "lexikon",
    "wörterbuch",
    "suchbegriff",
    "dicionário",
    "enciclopédia",
    "verbete",
    // A slogan, a motto, an advert's line.
    "slogan",
    "motto",
    "tagline",
    "catchphrase",
    "moto",
    "devíza",
    "reklam",
    "advert",
    "девиз",
    "лозунг",
    "реклам",
    "lema",
    "publicidade",
    "propaganda",
    "werbespruch",
    "פרסומ",
    "פרסומת",
    "סלוגן",
    "שלט חוצות",
    "شعار",
    "إعلان",
    // A contest, a prize game or a radio game whose answer is the word.
    "contest",
    "sweepstake",
    "giveaway",
    "soutěž",
    "soutěže",
    "súťaž",
    "súťaže",
    "konkurs",
    "konkursu",
    "nagradna",
    "nagradni",
    "natječaj",
    "igra",
    "igre",
    "играта",
    "игра",
    "игры",
    "конкурс",
    "викторин",
    "مسابقة",
    "مسابقه",
    "concurso",
    "sorteio",
    "gewinnspiel",
    "תחרות",
    "חידון",
    // A queue's ticket, taken at a reception and called in turn.
    "queue",
    "atendimento",
    "recepção",
    "fila",
    "talão",
    "guichê",
    "guiché",
    "senha de atendimento",
    "turno",
    "reception",
    // The packaging or the receipt a code is printed on.
    "packaging",
    "wrapper",
    "bottle cap",
    "kesice",
    "kesici",
    "kesicu",
    "vrećic",
    "ambalaž",
    "pakovanj",
    "pakiranj",
    "obalu",
    "obalem",
    "sáčku",
    "vrecúšk",
    "opakowani",
    "naklejk",
    "упаковк",
    "обертк",
    "крышк",
    "verpackung",
    "embalagem",
    "tampinha",
    "emballage",
    "envoltorio",
    "kemasan",
    "bungkus",
    "ambalaj",
];

/// Words that put the password word at an account: its login, its user, its bank, its network. Read in the
/// message and in every field's name, title and description: one of them anywhere keeps the password's
/// reading.
const ACCOUNT: &[&str] = &[
    "account",
    "login",
    "log in",
    "sign in",
    "signin",
    "username",
    "user name",
    "bank",
    "banking",
    "banku",
    "banki",
    "bankowe",
    "bankowy",
    "bankowego",
    "bankovní",
    "bankové",
    "bankovn",
    "banca",
    "bancar",
    "банков",
    "банку",
    "mailbox",
    "poczty",
    "poczta",
    "poczcie",
    "skrzynki",
    "schránky",
    "schránku",
    "wifi",
    "wi fi",
    "router",
    "účet",
    "účtu",
    "účtem",
    "přihlá",
    "prihlás",
    "prihlas",
    "uživatel",
    "používateľ",
    "banka",
    "banky",
    "konto",
    "konta",
    "koncie",
    "kontem",
    "logowani",
    "zaloguj",
    "użytkownik",
    "račun",
    "računa",
    "računu",
    "računom",
    "prijav",
    "korisni",
    "lozink",
    "banke",
    "conta",
    "contas",
    "banco",
    "usuário",
    "cuenta",
    "usuario",
    "חשבון",
    "התחבר",
    "כניסה",
    "בנק",
    "משתמש",
    "حساب",
    "حسابك",
    "بحسابك",
    "لحسابك",
    "الحساب",
    "حسابي",
    "بحساب",
    "بنك",
    "البنك",
    "الدخول",
    "مستخدم",
    "акаунт",
    "аккаунт",
    "профил",
    "банк",
    "банка",
    "сметка",
    "сметката",
    "учетной",
    "учетная",
    "учетную",
    "учетная запись",
    "логин",
    "потребител",
    "пользовател",
    "bangko",
    "anmeld",
    "benutzer",
    "compte",
    "connexion",
    "banque",
    // The services a password opens, by name: an account without the word ("hasełko do Facebooka").
    "facebook",
    "fb",
    "instagram",
    "gmail",
    "google",
    "icloud",
    "apple id",
    "whatsapp",
    "telegram",
    "tiktok",
    "twitter",
    "snapchat",
    "netflix",
    "spotify",
    "steam",
    "paypal",
    "outlook",
    "hotmail",
    "yahoo",
    "microsoft",
    "linkedin",
    "viber",
    "discord",
    "roblox",
    "amazon",
    "vkontakte",
    "вконтакте",
    "фейсбук",
    "инстаграм",
    "телеграм",
    "яндекс",
    "فيسبوك",
    "انستغرام",
    "פייסבוק",
    "אינסטגרם",
];

folded_words! { fn sense_words = SENSES; }

folded_words! { fn account_words = ACCOUNT; }

/// How the sense, door and delivery lists match: a word of five letters or more starts a longer one, a
/// phrase only at a word's start.
pub(super) const AT_WORD_START: Rule = Rule {
    min_prefix: 5,
    phrases: Phrases::AtWordStart,
};

/// Fewest letters of an account word read as the start of a longer one: a shorter one starts ordinary
/// words ("konta" starts "kontaktný", a contact; "conta" starts "contato").
const MIN_ACCOUNT_PREFIX: usize = 6;

word_list! { fn sense_list = sense_words(), AT_WORD_START; }
word_list! {
    fn account_list = account_words(), Rule { min_prefix: MIN_ACCOUNT_PREFIX, ..AT_WORD_START };
}

/// Whether `text` holds a word of the password word's other senses ([`SENSES`]) or a puzzle word.
fn names_sense(text: &str) -> bool {
    sense_list().holds(&fold_words(text)) || super::puzzle::names_puzzle(text, "")
}

/// Whether any of `texts` (the message, the fields' names, titles and descriptions) puts the secret at an
/// account ([`ACCOUNT`]).
pub(super) fn speaks_of_account(texts: &[&str]) -> bool {
    texts
        .iter()
        .any(|t| account_list().holds(&fold_words(&t.replace('_', " "))))
}

/// Whether a field found asking for a password, with its own `title` and `description`, reads the word in
/// another sense: a sense word in its own texts or in a sentence of `message` naming the secret, no
/// sentence naming the secret as the user's own without one, and not declared a password by `format`.
/// The account words of the whole form are read by the caller ([`speaks_of_account`]).
pub(super) fn other_sense(
    c: &Compiled,
    message: &str,
    title: &str,
    description: &str,
    format: &str,
) -> bool {
    if format.trim().eq_ignore_ascii_case("password") {
        return false;
    }
    let mut folder = Folder::default();
    let mut buf = Vec::new();
    let mut said = names_sense(title) || names_sense(description);
    for (sentence, _) in sentences(message) {
        if !found_in(c, &mut folder, &mut buf, sentence).names {
            continue;
        }
        if names_sense(sentence) {
            said = true;
        } else if super::puzzle::owns_secret(c, sentence) {
            // "Enter your password to claim the prize": the user's own secret, whatever the sense around.
            return false;
        }
    }
    said
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_sense_word_is_read_whole_or_as_a_start() {
        assert!(names_sense("Hledané heslo"));
        assert!(names_sense("Vaše heslo (slogan)"));
        assert!(names_sense("Šifra sa kesice"));
        assert!(names_sense("Hasło krzyżówki"));
        assert!(!names_sense("Heslo"));
        assert!(!names_sense("Unesite šifru"));
    }

    #[test]
    fn an_account_word_anywhere_keeps_the_password() {
        assert!(speaks_of_account(&["Unesi šifru svog računa"]));
        assert!(speaks_of_account(&["user_name"]));
        assert!(speaks_of_account(&["Heslo k účtu"]));
        assert!(speaks_of_account(&["Podeślij mi hasełko do Facebooka"]));
        assert!(!speaks_of_account(&["Šifra sa kesice"]));
        assert!(!speaks_of_account(&["Kontaktný e-mail", "Contato"]));
    }
}
