//! Concepts that combine: a secret asked for by what it is, never by its name.
//!
//! The most common miss at first sight, in every batch and language, is a secret described rather than
//! named: "the numbers in the SMS that just arrived" (a one-time code), "the four digits you press at the
//! ATM" (a PIN), "the characters you sign in with" (a password). Each batch words these differently, so a
//! list of the phrases seen does not hold; what holds is that they are made of a few ideas, each said in
//! few ways per language: DIGITS (digits, numbers, a string of them), ARRIVED (just sent, received, texted,
//! popped up on the phone, in the SMS), MISTAKE (sent to your number by mistake: the wrong-number scam),
//! CASH (the ATM, withdrawing, paying by card, sending money), SIGN-IN
//! (logging in, unlocking, the webmail), TEXT (the characters, the word, what one types) and SECRET (the
//! secret number or word). Two of them in one clause say which secret it is.
//!
//! A pack lists the words of each concept once (`kind: concept`, `concept: digits`); [`expand`] turns a
//! concept group into the weak and qualifier groups of every pairing it takes part in ([`ROLES`]), before
//! the pack is compiled. So the pairing, the one-clause reach, the prefilter, the benign phrases and the
//! reading of a neutral field's message (`form/property.rs`) are those the weak and qualifier kinds already have,
//! and a concept word of one pack pairs with the other concept's words of every pack (Taglish "6-digit na
//! numero sa cellphone": English DIGITS, Tagalog ARRIVED). One word list per idea serves every secret it
//! is part of: the DIGITS words name a code's digits and a PIN's.
//!
//! Nothing here runs per judgement: it rewrites the pack groups once, when the policy is compiled.

use super::pack::{GroupSpec, Kind};
use super::SecretError;

/// Words between a concept's weak word and the qualifier that completes it: one clause ("the four digits
/// you press at the ATM", "ఏటీఎంలో పణం తీసేటప్పుడు మీరు నొక్కే నాలుగు అంకెలు").
pub const CONCEPT_REACH: usize = 6;

/// What a concept is in the pairings: the kind its words take, for which category, and with what reach.
struct Role {
    kind: Kind,
    category: Option<&'static str>,
    reach: Option<usize>,
}

const fn weak(category: &'static str) -> Role {
    Role {
        kind: Kind::Weak,
        category: Some(category),
        reach: Some(CONCEPT_REACH),
    }
}

/// A weak role without a reach: its words pair with a concept qualifier of their category anywhere in the
/// form (a field's title and the message), never with a non-concept qualifier ([`ROLES`], `secq`).
const fn weak_in_form(category: &'static str) -> Role {
    Role {
        kind: Kind::Weak,
        category: Some(category),
        reach: None,
    }
}

const fn qualifier(category: &'static str) -> Role {
    Role {
        kind: Kind::Qualifier,
        category: Some(category),
        reach: None,
    }
}

/// COUNT ("how many", "wie viele", "cuántos", "何桁"): compiled as a concept hit of its own, read by the
/// message ([`counted_clauses`]): a clause that asks how many digits or characters a secret has asks for a
/// number, not the secret.
const COUNT: Role = Role {
    kind: Kind::Concept,
    category: None,
    reach: None,
};

/// The concepts and their roles. A one-time code is DIGITS with ARRIVED; a PIN is DIGITS or SECRET with
/// CASH; a password is TEXT, SECRET or DIGITS with SIGN-IN ("the code you log in with": a code one signs in
/// with is a credential whatever its name). A use verb ("you type", "you press") is part of the
/// phrases that carry it (`number you press`, `what you type`), not a third concept required: "ciąg
/// znaków, którym logujesz się" names none and is a password all the same.
const ROLES: &[(&str, &[Role])] = &[
    ("digits", &[weak("otp"), weak("pin"), weak("password")]),
    ("arrived", &[qualifier("otp")]),
    // MISTAKE ("by mistake", "accidentally", "wrong number"): the wrong-number scam, a code "sent to your
    // number by mistake" that the sender asks to have forwarded. It is a one-time code's arrival told as an
    // error, so its role is ARRIVED's; a list of its own, since its words ("yanlışlıkla", "kimakosa") are
    // no channel or arrival and would read oddly among them.
    ("mistake", &[qualifier("otp")]),
    ("cash", &[qualifier("pin")]),
    ("secret", &[weak("pin"), weak("password")]),
    // TEXT with CASH is a PIN too (recall14): "what you type at the cash machine when you withdraw" names
    // no digits, but what one types at an ATM or a till is the card's PIN whatever it is called.
    ("text", &[weak("password"), weak("pin")]),
    ("signin", &[qualifier("password")]),
    ("count", &[COUNT]),
    // An answer to a security question: SECQ (the question named: "security question", "Sicherheitsfrage")
    // or TOPIC (what such questions ask: a mother's maiden name, the first pet, the first school, a
    // childhood friend) with ACCESS (recovering, unlocking, logging in, proving the account is yours). Read
    // across the form, not one clause: the question is often a field's title and the reason the message
    // ("Jina la shule yako ya msingi" under "to finish logging in, answer your security questions"). A
    // topic alone is a vet's or a school's question; SECQ pairs with either, TOPIC and ACCESS only with it
    // or each other.
    (
        "secq",
        &[weak_in_form("credential"), qualifier("credential")],
    ),
    ("topic", &[weak_in_form("credential")]),
    ("access", &[qualifier("credential")]),
    // described10: NUMBER (a bare singular "number", "nombor", "नंबर") is no secret's word: a phone or an
    // account number is one. With KEYED (the act of pressing it on keys: "you press", "anda tekan",
    // "दाबता") within a clause's reach it is the number one keys in, and then a PIN with CASH ("the number
    // you press at the cash machine") or a password with SIGN-IN ("the number you key in to unlock your
    // phone"). Three ideas, read as two: the gate ([`Gate`]) keeps a NUMBER word only beside a KEYED one.
    //
    // otp18: a NUMBER that ARRIVED is a one-time code ("your bank has just sent a number to your phone, type
    // it here", "המספר שקיבלת עכשיו בהודעה", "broj koji vam aplikacija prikaže"): a number that is sent,
    // comes or is shown now on the user's phone, and is to be typed back, whatever it is called. Its otp
    // role is gated by the arrival instead ([`Gate::Arrived`]): "the number of the nearest ATM" keys
    // nothing and "the number to call" arrived nowhere. A number the message names ("order number",
    // "phone number") is a benign phrase of the one-time code and takes the arrival from its clause.
    ("number", &[weak("pin"), weak("password"), weak("otp")]),
    ("keyed", &[KEYED]),
    // CHANGING: an authenticator's code told by its behaviour, numbers that change, refresh or spin every
    // thirty seconds in an app ("the six numbers spinning in the app now"): with DIGITS, a one-time code,
    // as ARRIVED is. A list of its own, since its words are no arrival.
    ("changing", &[qualifier("otp")]),
];

/// KEYED words only gate NUMBER words ([`Gate`]): compiled as a concept hit with no category, dropped once
/// read, so they pair with nothing and are never a count.
const KEYED: Role = Role {
    kind: Kind::Concept,
    category: None,
    reach: None,
};

/// A term's part in the NUMBER + KEYED gate (described10). A NUMBER word is kept only with a KEYED word in
/// its text (in the message, within [`CONCEPT_REACH`] words): "the number you press at the ATM" keys a
/// number, "the number of the nearest ATM" does not.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Gate {
    /// Not part of the gate.
    #[default]
    None,
    /// A NUMBER word: kept only beside a KEYED word.
    Keyed,
    /// A KEYED word: read for the gate, then dropped.
    Key,
    /// A NUMBER word in its one-time code's role (otp18): kept only beside an ARRIVED word (a concept
    /// qualifier of the one-time code: arrived, sent by mistake, changing in an app).
    Arrived,
}

/// The gate part of a concept group's terms, by the concept's name and the category of the role.
pub fn gate(concept: Option<&str>, category: Option<&str>) -> Gate {
    match (concept, category) {
        (Some("number"), Some("otp")) => Gate::Arrived,
        (Some("number"), _) => Gate::Keyed,
        (Some("keyed"), _) => Gate::Key,
        _ => Gate::None,
    }
}

/// The concept names a pack may use, for error messages.
pub const NAMES: &str =
    "digits, arrived, mistake, cash, secret, text, signin, count, secq, topic, access, number, keyed, changing";

/// Replaces every `kind: concept` group of a pack by the weak and qualifier groups of its roles. Errors on
/// a concept group without a known `concept`, on a `concept` key outside one, and on keys a concept group
/// does not take (its category and reach come from [`ROLES`]).
pub fn expand(file: &str, groups: &mut Vec<GroupSpec>) -> Result<(), SecretError> {
    let err = |reason: String| SecretError::Pack {
        file: file.to_owned(),
        reason,
    };
    if !groups
        .iter()
        .any(|g| g.kind == Kind::Concept || g.concept.is_some())
    {
        return Ok(());
    }
    let mut out = Vec::with_capacity(groups.len() + 8);
    for g in groups.drain(..) {
        if g.kind != Kind::Concept {
            if g.concept.is_some() {
                return Err(err(format!(
                    "`concept` is for concept groups, not a {:?} group",
                    g.kind
                )));
            }
            out.push(g);
            continue;
        }
        let name = g.concept.as_deref().unwrap_or("");
        let Some((_, roles)) = ROLES.iter().find(|(n, _)| *n == name) else {
            return Err(err(format!(
                "a concept group needs `concept:` one of {NAMES} (got {name:?})"
            )));
        };
        if g.category.is_some() || g.reach.is_some() || g.asks || g.verb_final {
            return Err(err(
                "a concept group takes no `category`, `reach`, `asks` or `final`: its roles set them"
                    .to_owned(),
            ));
        }
        for role in roles.iter() {
            out.push(GroupSpec {
                kind: role.kind,
                category: role.category.map(str::to_owned),
                match_mode: g.match_mode,
                scope: g.scope,
                inflect: g.inflect,
                asks: false,
                inverted: false,
                verb_final: false,
                reach: role.reach,
                clitics: Vec::new(),
                subject_only: false,
                // Kept, so that the compiled terms know they are a concept's (`TermInfo::concept`).
                concept: g.concept.clone(),
                terms: g.terms.clone(),
            });
        }
    }
    *groups = out;
    Ok(())
}

/// The clauses (as numbered on the message's hits) that ask how many digits or characters something has:
/// a COUNT word, a word for digits or characters (a weak word with a reach), and no request verb in the
/// clause ("¿Cuántos dígitos tiene tu PIN?", "Wie viele Ziffern hat Ihre PIN?"). The secret named there is
/// the subject of a count. A request verb keeps the clause asking ("enter your PIN, how many digits it
/// has"), and only the clause is read: a count in one sentence excuses nothing in the next.
pub(crate) fn counted_clauses(hits: &[(Kind, Option<u16>, u32)]) -> Vec<u32> {
    let mut out: Vec<u32> = hits
        .iter()
        .filter(|(k, _, _)| *k == Kind::Concept)
        .map(|&(_, _, clause)| clause)
        .filter(|&clause| {
            let in_clause = || hits.iter().filter(move |h| h.2 == clause);
            in_clause().any(|(k, reach, _)| *k == Kind::Weak && reach.is_some())
                && !in_clause().any(|(k, _, _)| *k == Kind::Request)
        })
        .collect();
    out.dedup();
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn groups(yaml: &str) -> Vec<GroupSpec> {
        #[derive(serde::Deserialize)]
        struct F {
            groups: Vec<GroupSpec>,
        }
        serde_saphyr::from_str::<F>(yaml).expect("test yaml").groups
    }

    fn compiled() -> &'static super::super::pack::Compiled {
        static C: std::sync::OnceLock<super::super::pack::Compiled> = std::sync::OnceLock::new();
        C.get_or_init(|| super::super::pack::compile(&[]).expect("embedded packs compile"))
    }

    /// The rules a form with one text field titled `title` gets under `message`.
    fn rules(message: &str, title: &str) -> Vec<String> {
        rules_schema(
            message,
            serde_json::json!({"type": "object", "properties": {"f": {"type": "string", "title": title}}}),
        )
    }

    /// Each `(message, field title, category)` is caught as `form.secret.<category>`.
    fn assert_caught(cases: &[(&str, &str, &str)]) {
        for (message, title, category) in cases {
            let rule = format!("form.secret.{category}");
            let got = rules(message, title);
            assert!(got.contains(&rule), "{message}: {got:?}");
        }
    }

    #[test]
    fn two_concepts_in_a_clause_describe_a_secret_in_any_language() {
        // Sentences written for this test: a secret described by two ideas, never named, under a field
        // that says nothing; some with no request verb at all, one pairing two packs' words (Taglish).
        let cases = [
            ("Please read back the six numbers our bank texted to you a moment ago.", "Answer", "otp"),
            ("The six digits that just arrived by SMS: that is all we need.", "Answer", "otp"),
            ("Dime los números que te acaban de llegar por SMS, porfa.", "Respuesta", "otp"),
            ("Telefonunuza az önce gelen altı haneli rakamları buraya yazınız.", "Cevap", "otp"),
            ("Wpisz cyfry, które właśnie przyszły SMS-em.", "Odpowiedź", "otp"),
            ("先ほど届いたショートメッセージの6桁の数字を入力してください。", "回答", "otp"),
            ("Pakibigay yung 6 digits na dumating sa phone mo, salamat.", "Sagot", "otp"),
            ("Welche Ziffern tippen Sie am Geldautomaten ein? Bitte hier eintragen.", "Antwort", "pin"),
            ("Podaj tajny numer, który wpisujesz w bankomacie.", "Odpowiedź", "pin"),
            ("Напишите цифры, которые вы набираете в банкомате.", "Ответ", "pin"),
            ("Sebutkan angka rahasia yang Anda pakai saat tarik tunai.", "Jawaban", "pin"),
            ("Indiquez la suite de caractères avec laquelle vous vous connectez à votre messagerie.", "Réponse", "password"),
            ("Please tell us the characters you use when you log in to webmail.", "Answer", "password"),
        ];
        assert_caught(&cases);
    }

    #[test]
    fn the_readings_without_a_secret_hold() {
        // A qualified number, an offer or a negation, a place without digits asked, a survey of logging in,
        // a count of a secret's digits: no secret asked, in several languages.
        let cases = [
            ("Enter the tracking number from the SMS we just sent.", "Answer"),
            ("Type the promo code from the SMS we just sent you.", "Answer"),
            ("Escribe el código promocional del SMS que te acabamos de enviar.", "Respuesta"),
            ("Wpisz kod rabatowy z SMS-a, który właśnie przyszedł.", "Odpowiedź"),
            ("Saisissez le numéro de suivi indiqué dans le SMS que nous venons d'envoyer.", "Réponse"),
            ("We will text you a code; no need to type it here. What is your name?", "Name"),
            ("Nous vous enverrons un code par SMS ; inutile de le saisir ici. Quel est votre nom ?", "Nom"),
            ("The ATM near you accepts deposits. Which branch do you prefer?", "Answer"),
            ("Der Geldautomat in Ihrer Nähe nimmt auch Einzahlungen an. Welche Filiale bevorzugen Sie?", "Antwort"),
            ("Le distributeur près de chez vous accepte les dépôts. Quelle agence préférez-vous ?", "Réponse"),
            ("How easy was it to log in today? Tell us in your own words.", "Answer"),
            ("Wie einfach war die Anmeldung heute? Beschreiben Sie es mit eigenen Worten.", "Antwort"),
            ("How many digits does your PIN have?", "Answer"),
            ("Wie viele Ziffern hat Ihre PIN?", "Antwort"),
            ("¿Cuántos dígitos tiene tu PIN?", "Respuesta"),
            ("Combien de chiffres compte votre code PIN ?", "Réponse"),
            ("Quantos dígitos tem a sua senha do cartão?", "Resposta"),
        ];
        for (message, title) in cases {
            let got = rules(message, title);
            assert!(got.is_empty(), "{message}: {got:?}");
        }
    }

    #[test]
    fn a_count_excuses_nothing_asked_beside_it() {
        // The count is one clause; a request verb in it, or the secret asked in the next, still asks.
        for message in [
            "Enter your PIN here, how many digits does it have?",
            "How many digits does your PIN have? Type the PIN below.",
            "¿Cuántos dígitos tiene? Escribe aquí tu PIN.",
        ] {
            let got = rules(message, "Answer");
            assert!(
                got.iter().any(|r| r == "form.secret.pin"),
                "{message}: {got:?}"
            );
        }
    }

    #[test]
    fn a_concept_qualifier_does_not_qualify_a_word_anywhere_in_the_form() {
        // "SMS" in another field's title does not make a locker's code a one-time code.
        let schema = serde_json::json!({"type": "object", "properties": {
            "locker": {"type": "string", "title": "Kod paczkomatu"},
            "notify": {"type": "boolean", "title": "Powiadomienie SMS"}}});
        let got = super::super::form::judge_form(
            compiled(),
            "Wybierz paczkomat dla przesyłki.",
            &crate::wire::tree::Node::from_value(&schema, crate::wire::tree::test_arena()),
            "",
            &[],
            false,
        )
        .findings;
        assert!(got.is_empty(), "{got:?}");
    }

    /// The rules a form gets whose fields are `fields` (name, title).
    fn rules_of(message: &str, fields: &[(&str, &str)]) -> Vec<String> {
        let props: serde_json::Map<String, serde_json::Value> = fields
            .iter()
            .map(|(n, t)| {
                (
                    (*n).to_owned(),
                    serde_json::json!({"type": "string", "title": t}),
                )
            })
            .collect();
        rules_schema(
            message,
            serde_json::json!({"type": "object", "properties": props}),
        )
    }

    #[test]
    fn a_described_secret_is_read_in_the_registers_natives_write() {
        // Sentences written for this test: the Thai classifier for digits ("เลข 4 ตัว"), a Persian relative
        // clause ("عددی که"), the Hindi loanword for paying, romanised Hindi and Swahili arrivals, a Danish
        // code named by its use, over fields titled with a word of confirming or checking only.
        let cases = [
            ("รบกวนส่งเลข 4 ตัวที่เพิ่งเด้งเข้ามาในมือถือให้หน่อย", "คำตอบ", "otp"),
            (
                "لطفا عددی که بانک الان براتون پیامک کرد رو بنویسید.",
                "عدد",
                "otp",
            ),
            (
                "कृपया वो 4 अंक लिखें जो आप पेमेंट करते समय डालते हैं।",
                "पुष्टि करें",
                "pin",
            ),
            (
                "Bank se aapke phone pe ek code aaya hoga, wahi yahan likh dijiye.",
                "Jawab",
                "otp",
            ),
            (
                "Safaricom wametuma code kwa simu yako, niandikie hapa.",
                "Jibu",
                "otp",
            ),
            (
                "Skriv den kode du bruger til at åbne appen.",
                "Svar",
                "password",
            ),
            (
                "Kirjoita nelinumeroinen luku, jonka näppäilet pankkiautomaatilla.",
                "Tarkiste",
                "pin",
            ),
        ];
        assert_caught(&cases);
        // The same words with nothing arrived, paid or opened: a number, a code, a check.
        for (message, title) in [
            ("รบกวนกรอกเลข 4 ตัวท้ายของเบอร์โทรศัพท์", "คำตอบ"),
            (
                "لطفا عددی که برای تعداد مهمانان در نظر دارید بنویسید.",
                "عدد",
            ),
            ("Andika namba ya simu yako hapa.", "Jibu"),
        ] {
            let got = rules(message, title);
            assert!(got.is_empty(), "{message}: {got:?}");
        }
    }

    #[test]
    fn a_security_question_with_a_reason_to_get_in_asks_for_its_answer() {
        // Sentences written for this test: the question named (SECQ) or only its topic (TOPIC), with a
        // reason to get into an account (ACCESS), in the message or a field's title, over fields that name
        // nothing of their own.
        let cases: [(&str, &[(&str, &str)]); 8] = [
            (
                "Your account is locked. Answer your security question to get back in.",
                &[("a", "Answer")],
            ),
            (
                "Um Ihr Konto zu entsperren, beantworten Sie Ihre Sicherheitsfrage.",
                &[("a", "Antwort")],
            ),
            (
                "Para recuperar tu cuenta, dinos el nombre de tu primera mascota.",
                &[("r", "Respuesta")],
            ),
            (
                "Pour débloquer votre compte : quel est le prénom de votre grand-mère ?",
                &[("r", "Réponse")],
            ),
            (
                "Zaloguj się ponownie: odpowiedz na pytanie pomocnicze.",
                &[("o", "Odpowiedź")],
            ),
            // The topic in a title, the reason in the message; a metadata word ("Tên", name) inside it.
            (
                "Để khôi phục tài khoản, vui lòng trả lời.",
                &[("t", "Tên thú cưng đầu tiên của bạn")],
            ),
            (
                "Ili kurejesha akaunti yako, jaza hapa.",
                &[("r", "Jina la rafiki yako wa utotoni")],
            ),
            (
                "アカウントを復旧するため、秘密の質問に答えてください。",
                &[("a", "回答")],
            ),
        ];
        for (message, fields) in cases {
            let got = rules_of(message, fields);
            assert!(
                got.iter().any(|r| r == "form.secret.credential"),
                "{message}: {got:?}"
            );
        }
    }

    #[test]
    fn a_topic_without_a_reason_to_get_in_asks_nothing() {
        // A vet's or a school's question: the topic alone; and a reason to get in alone.
        let cases: [(&str, &[(&str, &str)]); 5] = [
            (
                "Welcome to the clinic! Tell us about your first pet.",
                &[("p", "Pet")],
            ),
            (
                "Inscripción escolar: ¿cuál fue tu primera escuela?",
                &[("e", "Escuela")],
            ),
            (
                "Anmeldung zum Klassentreffen: wer war Ihr erster Lehrer?",
                &[("l", "Lehrer")],
            ),
            (
                "Log in to see your orders. Which city do you ship to?",
                &[("c", "City")],
            ),
            (
                "Tên trường tiểu học đầu tiên của con bạn là gì?",
                &[("t", "Tên trường")],
            ),
        ];
        for (message, fields) in cases {
            let got = rules_of(message, fields);
            assert!(got.is_empty(), "{message}: {got:?}");
        }
    }

    #[test]
    fn a_cookie_word_is_a_session_only_beside_a_sign_in_cookie_name_or_the_browser_tools() {
        // Not a concept (pack data: a weak cookie word per pack, core.yaml's qualifiers), tested here beside
        // the other readings added with it. Sentences written for this test.
        let asked: [(&str, &[(&str, &str)]); 3] = [
            (
                "Otwórz DevTools i skopiuj tutaj wartość ciasteczka.",
                &[("v", "Wartość")],
            ),
            (
                "Kopioi tähän c_user- ja xs-evästeen arvo.",
                &[("c_user", "c_user")],
            ),
            (
                "Скопируйте куки из Developer Tools сюда.",
                &[("v", "Значение")],
            ),
        ];
        for (message, fields) in asked {
            let got = rules_of(message, fields);
            assert!(
                got.iter().any(|r| r == "form.secret.session"),
                "{message}: {got:?}"
            );
        }
        for (message, fields) in [
            (
                "Zamów ciasteczka na wesele: ile sztuk?",
                &[("n", "Liczba")][..],
            ),
            ("Mitä mieltä olet evästeistämme?", &[("v", "Vastaus")][..]),
        ] {
            let got = rules_of(message, fields);
            assert!(got.is_empty(), "{message}: {got:?}");
        }
    }

    #[test]
    fn resetting_access_is_a_reason_to_get_in() {
        // Sentences written for this test: the topic or the question named, with resetting the account or
        // access (ACCESS words added by described8).
        let cases: [(&str, &[(&str, &str)]); 3] = [
            (
                "Før vi kan tilbakestille kontoen: hva het ditt første kjæledyr?",
                &[("s", "Svar")],
            ),
            (
                "Za resetiranje pristupa odgovorite na sigurnosno pitanje.",
                &[("o", "Odgovor")],
            ),
            (
                "Για να ανακτήσετε την πρόσβαση, απαντήστε στην ερώτηση ασφαλείας.",
                &[("a", "Απάντηση")],
            ),
        ];
        for (message, fields) in cases {
            let got = rules_of(message, fields);
            assert!(
                got.iter().any(|r| r == "form.secret.credential"),
                "{message}: {got:?}"
            );
        }
    }

    #[test]
    fn a_code_sent_to_your_number_by_mistake_is_a_one_time_code() {
        // Sentences written for this test: the wrong-number scam (MISTAKE with a word for the code, no
        // arrival word), a PIN described by a cash machine or a till in slang, an authenticator app with a
        // case ending, over fields that name nothing of their own.
        let cases = [
            ("Sorry mate, I accidentally sent my WhatsApp code to your number. Can you forward it?", "Answer", "otp"),
            ("Entschuldige, ich hab den Code aus Versehen an deine Nummer geschickt, schick ihn mir zurück.", "Antwort", "otp"),
            ("Przepraszam, przez pomyłkę wysłałem kod na twój numer, prześlij mi go.", "Odpowiedź", "otp"),
            ("Scusa, ti ho mandato per sbaglio il codice, me lo rigiri?", "Risposta", "otp"),
            ("미안, 실수로 인증번호를 네 번호로 보냈어. 알려줄래?", "답변", "otp"),
            ("¿Cuáles son los numeritos que pones cuando sacas plata?", "Respuesta", "pin"),
            ("Napisz cztery cyfry, które wpisujesz, kiedy wyciągasz kasę.", "Odpowiedź", "pin"),
            ("Kirjoita ne neljä numeroa, jotka näppäilet otolla.", "Vastaus", "pin"),
            ("Podaj sześć cyfr z Authenticatora.", "Odpowiedź", "otp"),
        ];
        assert_caught(&cases);
        // A mistake beside a code that is no secret, or with no code at all; a shop or a terminal alone.
        for (message, title) in [
            (
                "If you get an error code, type it here so support can help.",
                "Error code",
            ),
            (
                "Type the error code you saw. Did you enter it accidentally?",
                "Answer",
            ),
            (
                "Il codice errore compare per sbaglio? Descrivi il problema.",
                "Descrizione",
            ),
            (
                "Falls Sie versehentlich doppelt bezahlt haben, geben Sie die Bestellnummer ein.",
                "Bestellnummer",
            ),
            (
                "Yanlışlıkla iki kez sipariş verdiyseniz sipariş numarasını yazın.",
                "Sipariş no",
            ),
            (
                "Enter the four digits of your store number, shown in the shop window.",
                "Answer",
            ),
            (
                "Introduce los dígitos del código de la tienda.",
                "Respuesta",
            ),
        ] {
            let got = rules(message, title);
            assert!(got.is_empty(), "{message}: {got:?}");
        }
    }

    #[test]
    fn what_one_types_at_a_cash_machine_is_a_pin() {
        // Sentences written for this test (recall14): TEXT ("what you type") with CASH, no digits named.
        let cases = [
            (
                "To confirm the card is still yours, write what you type at the cash machine.",
                "Answer",
            ),
            (
                "Skriv det du taster i hæveautomaten, når du hæver penge.",
                "Svar",
            ),
            ("Upišite broj koji unosite na bankomatu.", "Odgovor"),
        ];
        for (message, title) in cases {
            let got = rules(message, title);
            assert!(
                got.iter().any(|r| r == "form.secret.pin"),
                "{message}: {got:?}"
            );
        }
        // TEXT with SIGN-IN stays a password, not a PIN.
        let got = rules("Write what you type when you log in.", "Answer");
        assert!(got.iter().any(|r| r == "form.secret.password"), "{got:?}");
    }

    #[test]
    fn questions_chosen_at_sign_up_or_access_reset_ask_for_an_answer() {
        // Sentences written for this test (recall14): the questions "you chose", or a reset of access.
        let cases: [(&str, &[(&str, &str)]); 4] = [
            (
                "Before I can reset access, what was the name of the street you grew up on?",
                &[("a", "Your answer")],
            ),
            (
                "Slaptažodžio atkūrimas: atsakykite į saugos klausimą.",
                &[("a", "Atsakymas")],
            ),
            (
                "За да влезете, отговорете на въпросите, които избрахте при регистрацията.",
                &[("a", "Отговор 1"), ("b", "Отговор 2")],
            ),
            (
                "Pentru resetarea contului, răspundeți la întrebarea de securitate.",
                &[("r", "Răspuns")],
            ),
        ];
        for (message, fields) in cases {
            let got = rules_of(message, fields);
            assert!(
                got.iter().any(|r| r == "form.secret.credential"),
                "{message}: {got:?}"
            );
        }
        // The questions one chose, with no reason to get in, ask for nothing secret.
        let got = rules_of(
            "Thanks for the quiz! Tell us which of the questions you chose was the hardest.",
            &[("a", "Your answer")],
        );
        assert!(got.is_empty(), "{got:?}");
    }

    #[test]
    fn a_phone_number_elsewhere_leaves_a_described_code_its_arrival() {
        // Sentences written for this test (recall14): a benign phrase of the one-time code's category (a
        // phone number) in another clause no longer takes the ARRIVED words of the code's own clause.
        let cases = [
            (
                "間違えてあなたの電話番号で登録しちゃった。今届いた4桁の数字を入れて。",
                "数字",
            ),
            (
                "Mijenjamo broj mobitela. Prepišite brojke koje ste upravo dobili porukom.",
                "Potvrda",
            ),
            (
                "Lähetimme juuri tekstiviestillä kuusinumeroisen luvun. Kirjoita se tähän.",
                "Vastaus",
            ),
        ];
        for (message, title) in cases {
            let got = rules(message, title);
            assert!(
                got.iter().any(|r| r == "form.secret.otp"),
                "{message}: {got:?}"
            );
        }
        // A benign phrase of the code's category in the clause itself still takes its ARRIVED words: a
        // parcel's 24-digit tracking code "you received when sending" is no one-time code.
        let got = rules(
            "برای پیگیری مرسوله، کد رهگیری ۲۴ رقمی را که هنگام ارسال دریافت کرده‌اید وارد کنید.",
            "کد رهگیری",
        );
        assert!(!got.iter().any(|r| r == "form.secret.otp"), "{got:?}");
        // The phone number itself asked is still no code.
        let got = rules(
            "SMSで届いた番号ではなく、あなたの電話番号を入力してください。",
            "電話番号",
        );
        assert!(!got.iter().any(|r| r == "form.secret.otp"), "{got:?}");
    }

    #[test]
    fn a_concept_group_becomes_the_groups_of_its_roles() {
        let mut g = groups(
            "groups:\n  - kind: concept\n    concept: digits\n    terms: [zifry]\n  - kind: concept\n    concept: cash\n    terms: [bankomatu]\n  - kind: request\n    terms: [frobni]\n",
        );
        expand("t.yaml", &mut g).expect("expands");
        let roles: Vec<(Kind, Option<&str>, Option<usize>)> = g
            .iter()
            .map(|g| (g.kind, g.category.as_deref(), g.reach))
            .collect();
        assert_eq!(
            roles,
            vec![
                (Kind::Weak, Some("otp"), Some(CONCEPT_REACH)),
                (Kind::Weak, Some("pin"), Some(CONCEPT_REACH)),
                (Kind::Weak, Some("password"), Some(CONCEPT_REACH)),
                (Kind::Qualifier, Some("pin"), None),
                (Kind::Request, None, None),
            ]
        );
        assert!(g.iter().all(|g| g.kind != Kind::Concept));
    }

    #[test]
    fn a_count_of_digits_is_read_only_in_its_clause_and_without_a_request() {
        let w = (Kind::Weak, Some(6), 0);
        assert_eq!(counted_clauses(&[(Kind::Concept, None, 0), w]), vec![0]);
        // No word for digits: "how many logins" counts no secret's digits.
        assert!(counted_clauses(&[(Kind::Concept, None, 0), (Kind::Strong, None, 0)]).is_empty());
        // The digits in another clause.
        assert!(counted_clauses(&[(Kind::Concept, None, 1), w]).is_empty());
        // A request verb in the clause keeps it asking.
        assert!(
            counted_clauses(&[(Kind::Concept, None, 0), w, (Kind::Request, None, 0)]).is_empty()
        );
    }

    /// The rules a form with `schema` gets under `message`.
    fn rules_schema(message: &str, schema: serde_json::Value) -> Vec<String> {
        super::super::form::judge_form(
            compiled(),
            message,
            &crate::wire::tree::Node::from_value(&schema, crate::wire::tree::test_arena()),
            "",
            &[],
            false,
        )
        .findings
        .into_iter()
        .map(|f| f.rule)
        .collect()
    }

    #[test]
    fn a_number_keyed_in_at_a_cash_machine_is_a_pin() {
        // Sentences written for this test: a bare "number" with the act of pressing it and a cash machine in
        // one clause, the word order of each language (relative clauses, verb-final, verb first).
        let cases = [
            (
                "Please write here the number you press at the cash machine.",
                "Answer",
            ),
            (
                "Isi nombor yang anda tekan di mesin ATM semasa keluarkan duit.",
                "Jawapan",
            ),
            ("एटीएममधून पैसे काढताना तुम्ही जो नंबर दाबता तो इथे टाका.", "उत्तर"),
            (
                "Schreiben Sie hier die Nummer, die Sie am Geldautomaten drücken.",
                "Antwort",
            ),
            (
                "Escribe aquí el número que marcas en el cajero automático.",
                "Respuesta",
            ),
        ];
        for (message, title) in cases {
            let got = rules(message, title);
            assert!(
                got.iter().any(|r| r == "form.secret.pin"),
                "{message}: {got:?}"
            );
        }
        // Twins: the machine named and a number asked, with nothing pressed; a number pressed with no machine.
        for (message, title) in [
            (
                "Which cash machine is nearest to you? Write its number.",
                "Answer",
            ),
            (
                "Mesin ATM mana yang paling dekat? Tulis nombor mesin itu.",
                "Jawapan",
            ),
            (
                "Welcher Geldautomat ist Ihnen am nächsten? Nennen Sie seine Nummer.",
                "Antwort",
            ),
            (
                "¿Qué cajero automático le queda más cerca? Escriba su número.",
                "Respuesta",
            ),
            (
                "Write the number of the floor you press in the lift.",
                "Answer",
            ),
        ] {
            let got = rules(message, title);
            assert!(got.is_empty(), "{message}: {got:?}");
        }
    }

    #[test]
    fn numbers_that_keep_changing_in_an_app_are_a_one_time_code() {
        for (message, title) in [
            (
                "Tell me the six digits that keep changing in your app.",
                "Answer",
            ),
            ("অ্যাপে যে ছয়টা নম্বর ঘুরছে সেটা এখানে লিখুন।", "উত্তর"),
            (
                "Escribe los números que cambian cada 30 segundos en tu app.",
                "Respuesta",
            ),
        ] {
            let got = rules(message, title);
            assert!(
                got.iter().any(|r| r == "form.secret.otp"),
                "{message}: {got:?}"
            );
        }
        // A yes/no question about the numbers changing asks for no code.
        for (message, title) in [
            (
                "Did the numbers in the app keep changing every 30 seconds?",
                "Yes or no",
            ),
            (
                "¿Los números de la app cambian cada 30 segundos?",
                "Sí o no",
            ),
        ] {
            let schema = serde_json::json!({"type": "object", "properties": {
                "changed": {"type": "boolean", "title": title}}});
            let got = rules_schema(message, schema);
            assert!(got.is_empty(), "{message}: {got:?}");
        }
    }

    #[test]
    fn what_one_types_to_start_the_computer_is_a_password() {
        for (message, title) in [
            (
                "Vi trenger det du skriver inn når du starter PC-en.",
                "Svar",
            ),
            (
                "Send us what you type when you start your computer.",
                "Answer",
            ),
            (
                "Podaj to, co wpisujesz, gdy włączasz komputer.",
                "Odpowiedź",
            ),
        ] {
            let got = rules(message, title);
            assert!(
                got.iter().any(|r| r == "form.secret.password"),
                "{message}: {got:?}"
            );
        }
        // Starting the computer with nothing typed asked: a support question.
        for (message, title) in [
            ("How long does it take to start your computer?", "Answer"),
            ("Hvor lang tid tar det når du starter PC-en?", "Svar"),
        ] {
            let got = rules(message, title);
            assert!(got.is_empty(), "{message}: {got:?}");
        }
    }

    #[test]
    fn a_security_question_in_taiwanese_wording_asks_for_its_answer() {
        let got = rules_of(
            "為協助您重設密碼，請回答註冊時設定的安全提問。",
            &[
                ("q1", "安全提問：您母親的姓名？"),
                ("q2", "安全提問：您就讀的國小名稱？"),
            ],
        );
        assert!(got.iter().any(|r| r == "form.secret.credential"), "{got:?}");
        // A policy setting about security questions asks for no answer.
        let schema = serde_json::json!({"type": "object", "properties": {
            "allow": {"type": "boolean", "title": "允許使用者以安全提問重設密碼"},
            "count": {"type": "integer", "title": "安全提問數量", "minimum": 1, "maximum": 5}}});
        let got = rules_schema("管理員設定：帳號安全政策。", schema);
        assert!(got.is_empty(), "{got:?}");
    }

    #[test]
    fn an_api_hash_and_a_string_session_are_developer_secrets() {
        let got = rules_of(
            "Скопируйте данные приложения и строку сессии сюда без изменений.",
            &[("api_hash", "api_hash"), ("s", "Строка сессии")],
        );
        assert!(got.iter().any(|r| r == "form.secret.api_key"), "{got:?}");
        assert!(got.iter().any(|r| r == "form.secret.session"), "{got:?}");
        let got = rules_of(
            "Paste your Pyrogram session_string to continue.",
            &[("session", "Session")],
        );
        assert!(got.iter().any(|r| r == "form.secret.session"), "{got:?}");
        // A file's checksum is no API hash.
        let got = rules_of(
            "Paste the SHA-256 hash of the downloaded file.",
            &[("file_hash", "File hash")],
        );
        assert!(got.is_empty(), "{got:?}");
    }

    #[test]
    fn a_field_titled_by_the_question_under_a_security_question_takes_its_answer() {
        // Sentences written for this test (secq11): the message names a security question and a reason to
        // get in; the field's title is the question itself, on a topic no list holds (a first car, a street,
        // a teacher), in several languages.
        let cases: [(&str, &str); 6] = [
            (
                "Your account is locked. Answer your security question to sign in again.",
                "What was the make of your first car?",
            ),
            (
                "Ihr Konto wurde gesperrt. Beantworten Sie Ihre Sicherheitsfrage, um sich wieder anzumelden.",
                "In welcher Straße sind Sie aufgewachsen?",
            ),
            (
                "Pour récupérer votre compte, répondez à votre question secrète.",
                "Quel était le nom de votre premier professeur ?",
            ),
            (
                "Para recuperar tu cuenta, responde tu pregunta de seguridad.",
                "¿Cómo se llamaba tu primer coche?",
            ),
            (
                "Pro obnovení přístupu k účtu odpovězte na bezpečnostní otázku.",
                "Jak se jmenovala vaše první učitelka?",
            ),
            (
                "Akun Anda terkunci. Jawab pertanyaan keamanan untuk masuk kembali.",
                "Apa merek mobil pertama Anda?",
            ),
        ];
        for (message, title) in cases {
            let got = rules(message, title);
            assert!(
                got.iter().any(|r| r == "form.secret.credential"),
                "{message} / {title}: {got:?}"
            );
        }
        // The same questions where no security question is named, or none with a reason to get in: a
        // family tree, a pet insurer, a car dealer, a survey about security questions with a yes/no field.
        let benign: [(&str, &str); 4] = [
            (
                "Family tree: tell us about your mother's side.",
                "What was your mother's maiden name?",
            ),
            (
                "Djurförsäkring: berätta om ditt husdjur.",
                "Vad heter ditt husdjur?",
            ),
            (
                "Autohaus: erzählen Sie uns von Ihrem ersten Auto.",
                "Welche Marke war Ihr erstes Auto?",
            ),
            (
                "Security questions: we are asking how people feel about them.",
                "Which city do you live in?",
            ),
        ];
        for (message, title) in benign {
            let got = rules(message, title);
            assert!(got.is_empty(), "{message} / {title}: {got:?}");
        }
        let survey = rules_schema(
            "Quick survey: do you use security questions to recover your account?",
            serde_json::json!({"type": "object", "properties": {
                "uses": {"type": "boolean", "title": "Do you use security questions?"}}}),
        );
        assert!(survey.is_empty(), "{survey:?}");
    }

    #[test]
    fn a_mothers_maiden_name_alone_is_personal_data_not_a_secret() {
        // Sentences written for this test (secq11): a genealogy form, a bank's account opening (KYC,
        // Indonesian "nama ibu kandung") and a reunion pass; the same topic with a locked account asks.
        for (message, title) in [
            (
                "Family tree: add your mother's details.",
                "Mother's maiden name",
            ),
            ("Rodokmen: doplňte údaje o matce.", "Rodné příjmení matky"),
            (
                "Pembukaan rekening tabungan online. Lengkapi data diri sesuai KTP.",
                "Nama ibu kandung",
            ),
            (
                "Class reunion: where did it all start?",
                "Name of your first school",
            ),
        ] {
            let got = rules(message, title);
            assert!(got.is_empty(), "{message} / {title}: {got:?}");
        }
        for (message, title) in [
            (
                "Your account is locked. To unlock it, confirm:",
                "Mother's maiden name",
            ),
            (
                "Akun Anda terkunci. Untuk membuka blokir, isi:",
                "Nama ibu kandung",
            ),
            (
                "Váš účet byl zablokován. Pro odblokování vyplňte:",
                "Rodné příjmení matky",
            ),
        ] {
            let got = rules(message, title);
            assert!(
                got.iter().any(|r| r == "form.secret.credential"),
                "{message} / {title}: {got:?}"
            );
        }
    }

    #[test]
    fn passwords_and_codes_named_colloquially_are_read() {
        // Sentences written for this test (secq11): a clipped password name with the service after it
        // (Spanish "la contra del face"), the code "we just sent" with a colloquial verb, what you type said
        // in the familiar person, a separable Hungarian imperative, a Korean polite conditional, the
        // word you type when you open an app (Telugu), a code sent to a friend by mistake (Bengali).
        let cases: [(&str, &str, &str); 8] = [
            (
                "Pásame la contra del face y te recupero la cuenta.",
                "Aquí",
                "password",
            ),
            ("Mándame la contra del wifi porfa.", "Dato", "password"),
            (
                "Escribe el código que te acabamos de mandar por SMS.",
                "Dato",
                "otp",
            ),
            (
                "Napíš mi sem, čo zadávaš pri prihlasovaní do banky.",
                "Text",
                "password",
            ),
            (
                "Küldd már át légyszi a Gmail-es jelszót.",
                "Ide",
                "password",
            ),
            (
                "인스타 비번 알려주시면 바로 복구해 드릴게요.",
                "여기에 적기",
                "password",
            ),
            (
                "మీరు జీమెయిల్ ఓపెన్ చేసేటప్పుడు టైప్ చేసే మాట ఇక్కడ రాయండి.",
                "ఆ మాట",
                "password",
            ),
            ("ভুল করে তোর ফোনে আমার কোড চলে গেছে, একটু পাঠা।", "এখানে", "otp"),
        ];
        assert_caught(&cases);
        // Their benign readings: "contra" as a preposition, a promo code we sent, a Hungarian throw with no
        // secret, a Korean conditional with a phone number.
        for (message, title) in [
            ("Activa la protección contra el correo no deseado.", "Nivel"),
            (
                "¿Tienes una queja en contra de tu banco? Cuéntanos.",
                "Detalle",
            ),
            (
                "Escribe el código promocional que te acabamos de mandar.",
                "Dato",
            ),
            ("Dobd már át a labdát!", "Név"),
            ("전화번호 알려주시면 연락드릴게요.", "연락처"),
        ] {
            let got = rules(message, title);
            assert!(got.is_empty(), "{message}: {got:?}");
        }
    }

    #[test]
    fn the_number_gate_is_read_from_the_concept_name() {
        assert_eq!(gate(Some("number"), Some("pin")), Gate::Keyed);
        assert_eq!(gate(Some("number"), Some("password")), Gate::Keyed);
        assert_eq!(gate(Some("number"), Some("otp")), Gate::Arrived);
        assert_eq!(gate(Some("keyed"), None), Gate::Key);
        assert_eq!(gate(Some("digits"), Some("otp")), Gate::None);
        assert_eq!(gate(None, None), Gate::None);
    }

    #[test]
    fn a_wrong_concept_group_is_an_error() {
        for yaml in [
            "groups:\n  - kind: concept\n    terms: [zifry]\n",
            "groups:\n  - kind: concept\n    concept: numbers\n    terms: [zifry]\n",
            "groups:\n  - kind: concept\n    concept: cash\n    category: pin\n    terms: [zifry]\n",
            "groups:\n  - kind: concept\n    concept: digits\n    reach: 3\n    terms: [zifry]\n",
            "groups:\n  - kind: weak\n    category: pin\n    concept: digits\n    terms: [zifry]\n",
        ] {
            assert!(expand("t.yaml", &mut groups(yaml)).is_err(), "{yaml}");
        }
    }

    #[test]
    fn a_wallet_pin_and_a_relayed_code_in_roman_urdu_and_thai() {
        // Sentences written for this test (indirect16): Roman Urdu digits keyed when sending money, the
        // number written in a message that went to the wrong phone, Thai digits pressed before paying.
        let cases = [
            ("Woh 4 hindsay likhein jo aap paise bhejte waqt dalte hain.", "Tasdeeq", "pin"),
            (
                "Ghalti se mera message aap ke phone par chala gaya. Us mein jo number likha hai woh bata dein.",
                "Number",
                "otp",
            ),
            // Read as a one-time code by the Thai pack's own words before the PIN: either blocks.
            ("ใส่ตัวเลข 4 หลักที่คุณกดตอนจ่ายเงิน", "ยืนยัน", "otp"),
        ];
        assert_caught(&cases);
        for (message, title) in [
            ("Parcel pe jo number likha hai woh yahan likhein.", "Number"),
            ("Kitne paise bhejte hain aap har mahine?", "Jawab"),
            ("กรอกยอดเงินที่ต้องการจ่ายตอนจ่ายเงิน", "ยอดเงิน"),
        ] {
            let got = rules(message, title);
            assert!(got.is_empty(), "{message}: {got:?}");
        }
    }

    #[test]
    fn the_same_answers_as_at_sign_up_are_security_answers() {
        // Sentences written for this test (indirect16): the questions unnamed, the answers "the same as
        // when you set up the account", with a topic or a reason to get in.
        let cases: [(&str, &[(&str, &str)]); 3] = [
            (
                "To verify your identity, give the same answers you gave when you opened the account.",
                &[("a", "Answer 1"), ("b", "Answer 2")],
            ),
            (
                "Weryfikacja tożsamości: podaj te same odpowiedzi, które podałeś przy zakładaniu konta.",
                &[("a", "Odpowiedź")],
            ),
            (
                "For å logge inn må du svare det samme som da kontoen ble opprettet.",
                &[("a", "Svar")],
            ),
        ];
        for (message, fields) in cases {
            let got = rules_of(message, fields);
            assert!(
                got.iter().any(|r| r == "form.secret.credential"),
                "{message}: {got:?}"
            );
        }
        // The same answers as in a survey or a quiz: no reason to get in, no topic.
        for message in [
            "Give the same answers you gave in last year's survey.",
            "Bitte geben Sie dieselben Antworten wie im letzten Fragebogen.",
        ] {
            let got = rules_of(message, &[("a", "Answer")]);
            assert!(got.is_empty(), "{message}: {got:?}");
        }
    }

    #[test]
    fn the_words_written_down_when_the_wallet_was_created_are_its_phrase() {
        // Sentences written for this test (indirect16): a recovery phrase by the words and the wallet's
        // creation, never named.
        let cases = [
            (
                "Enter the words you wrote down when you set up the wallet, one per field.",
                "Answer",
            ),
            (
                "Wpisz słowa, które zapisałeś podczas zakładania portfela.",
                "Pole",
            ),
            ("처음 지갑을 만들 때 받은 단어들을 입력해 주세요.", "답변"),
            (
                "Prepišite reči koje ste dobili kad ste pravili novčanik.",
                "Tekst",
            ),
        ];
        for (message, title) in cases {
            let got = rules(message, title);
            assert!(
                got.iter().any(|r| r == "form.secret.recovery_phrase"),
                "{message}: {got:?}"
            );
        }
        // Words with no wallet created, a wallet with no words of its creation.
        for message in [
            "Type the words you wrote on the birthday card.",
            "Describe your new wallet in a few words.",
            "Which words did you use when you created the shopping list?",
        ] {
            let got = rules(message, "Answer");
            assert!(got.is_empty(), "{message}: {got:?}");
        }
    }

    #[test]
    fn a_question_set_at_sign_up_is_a_security_question() {
        // takeover17: the question not named, told as the one the user set at sign-up, with a reason to get
        // into the account; a survey or a quiz question set by someone else, with no such reason, asks
        // for nothing.
        assert_caught(&[(
            "계정을 되찾으시려면 가입 시 설정한 질문에 그때 적은 그대로 답해 주세요.",
            "답",
            "credential",
        )]);
        for (message, title) in [
            (
                "설문: 가입 시 설정한 질문이 기억하기 쉬웠나요? 의견을 알려주세요.",
                "의견",
            ),
            (
                "이벤트 퀴즈: 관리자가 정해둔 질문에 답하고 상품을 받아가세요.",
                "답",
            ),
        ] {
            let got = rules(message, title);
            assert!(got.is_empty(), "{message}: {got:?}");
        }
    }

    #[test]
    fn a_number_that_arrives_now_is_a_one_time_code() {
        // otp18, sentences written for this test: a number (NUMBER, not DIGITS) that is sent, comes or is
        // shown now on the user's phone, under a field that says nothing of it.
        let cases = [
            ("Your bank has just sent a number to your phone for this purchase; type it here to finish.", "Reference", "otp"),
            ("Introduceți aici numărul pe care tocmai l-ați primit prin SMS.", "Răspuns", "otp"),
            ("Unesite broj koji vam aplikacija prikaže nakon potvrde.", "Broj", "otp"),
            ("רשום כאן את המספר שקיבלת עכשיו בהודעה.", "מספר", "otp"),
            ("Đọc giúp mình số vừa nhận được trong tin nhắn nhé.", "Trả lời", "otp"),
            ("Geben Sie die Nummer ein, die wir Ihnen gerade per SMS geschickt haben.", "Antwort", "otp"),
        ];
        assert_caught(&cases);
        // The arrival told in the sentence before the number or the digits asked.
        let told_before = [
            (
                "Du fikk nettopp en tekstmelding fra oss. Tallet som står der, skriv det inn her.",
                "Svar",
                "otp",
            ),
            (
                "Du fik lige en tekstbesked fra os. Tallet der står i den, skriv det her.",
                "Svar",
                "otp",
            ),
            (
                "Ką tik išsiuntėme žinutę į jūsų telefoną. Įveskite joje esančius skaitmenis.",
                "Patikra",
                "otp",
            ),
            (
                "Tocmai ți-a venit un SMS de la noi. Scrie aici cifrele din el.",
                "Răspuns",
                "otp",
            ),
        ];
        assert_caught(&told_before);
        // The benign twins: a record's number that came by SMS, the phone number a code goes to, a number
        // that will come once a complaint is filed, a locker's notice that asks nothing of it, and a PIN's
        // ATM in the sentence before a meter's digits (only the one-time code's arrival carries).
        for (message, title) in [
            ("Enter the order number we just sent to your phone.", "Number"),
            ("Which phone number should receive the code?", "Number"),
            ("Your complaint number will come by SMS once you submit. Describe the problem.", "Details"),
            ("Scrie numărul comenzii primit prin SMS pentru a urmări coletul.", "Număr"),
            ("Unesite broj pošiljke koji ste dobili u poruci.", "Broj"),
            ("Your parcel is waiting in the locker. We just sent the pickup details to your phone. How was the delivery?", "Comment"),
            ("Payments at the ATM are free. Enter the digits on your meter.", "Reading"),
        ] {
            let got = rules(message, title);
            assert!(got.is_empty(), "{message}: {got:?}");
        }
        // The hostile twins: a record's number named before a number that arrived asks for the code all
        // the same.
        assert_caught(&[
            ("Your order number is 5531. Your bank just sent a number to your phone, type it here.", "Reference", "otp"),
            ("Your complaint number will come by SMS later. Now type the number we just texted you.", "Answer", "otp"),
            ("Numărul comenzii tale este 5531. Scrie aici numărul pe care tocmai l-ai primit prin SMS.", "Răspuns", "otp"),
        ]);
    }
}
