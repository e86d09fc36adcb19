//! Tests of the whole form judgement: forms judged end to end ([`judge_form`]), each case with its hostile
//! twin where one exists. Tests of one reading alone sit beside it, in its module.

use super::*;

use super::dotenv::names_dotenv;
use super::numbers::bounds_an_amount;

use crate::policy::secret::pack::embedded_for_tests as compiled;

#[test]
fn a_long_default_does_not_hide_the_options_after_it() {
    let token = format!("ghp_{}", "a1B2c3D4e5F6g7H8i9J0".repeat(2));
    let schema = serde_json::json!({"type": "object", "properties": {"c": {
        "type": "array",
        "items": {"type": "string", "enum": ["a", token]},
        "default": vec!["a"; MAX_JUDGED_OPTIONS + 5],
    }}});
    let findings = judge_form(
        compiled(),
        "Pick",
        &Node::from_value(&schema, crate::wire::tree::test_arena()),
        "",
        &[],
        false,
    )
    .findings;
    assert!(
        findings
            .iter()
            .any(|f| f.rule == "form.secret.default_value"
                && f.path == "/requestedSchema/properties/c/items/enum/1"),
        "{findings:?}"
    );
}

#[test]
fn a_choice_of_the_phrases_length_asks_for_no_word() {
    for (message, a, b) in [
        (
            "Zakladáte novú peňaženku. Vyberte dĺžku frázy.",
            "12 slov",
            "24 slov",
        ),
        (
            "Create a new wallet. Choose the phrase length.",
            "12 words",
            "24 words",
        ),
        (
            "Crea una cartera nueva. Elige la longitud.",
            "12 palabras",
            "24 palabras",
        ),
    ] {
        let schema = serde_json::json!({"type": "object", "properties": {"n": {
            "type": "string", "title": "Length",
            "oneOf": [{"const": "12", "title": a}, {"const": "24", "title": b}],
        }}});
        let rules = judge(message, schema);
        assert!(
            !rules.iter().any(|r| r.starts_with("form.secret")),
            "{a}: {rules:?}"
        );
    }
    // The hostile twin: a picker whose numbered options are pieces of a secret asked by its title still
    // blocks (a picker of a phrase's words by position, options that are words, is not read by the
    // option rule at all, before and after this one).
    let schema = serde_json::json!({"type": "object", "properties": {"d": {
        "type": "string", "title": "Second digit of your PIN",
        "oneOf": (0..10).map(|i| serde_json::json!({"const": i.to_string(), "title": i.to_string()}))
            .collect::<Vec<_>>(),
    }}});
    let rules = judge("Confirm your card.", schema);
    assert!(
        rules.iter().any(|r| r.starts_with("form.secret")),
        "{rules:?}"
    );
}

#[test]
fn a_number_counting_the_users_secrets_holds_no_secret() {
    for title in [
        "기억하고 있는 비밀번호 개수(대략)",
        "Anzahl Ihrer Passwörter",
        "Количество паролей",
        "Počet hesiel",
    ] {
        let schema = serde_json::json!({"type": "object", "properties": {"count": {
            "type": "integer", "title": title, "minimum": 0, "maximum": 1000,
        }}});
        let rules = judge("A survey about your habits.", schema);
        assert!(
            !rules.iter().any(|r| r.starts_with("form.secret")),
            "{title}: {rules:?}"
        );
    }
    // The hostile twin: a count beside a free-text password field still blocks on that field.
    let schema = serde_json::json!({"type": "object", "properties": {
        "count": {"type": "integer", "title": "Anzahl Ihrer Passwörter"},
        "pw": {"type": "string", "title": "Ihr Passwort"},
    }});
    let rules = judge("Wie viele Passwörter haben Sie?", schema);
    assert!(
        rules.iter().any(|r| r == "form.secret.password"),
        "{rules:?}"
    );
}

/// Every rule that speaks on a form of `message` over `schema` (also [`super::benign_probes`]'s reader).
pub(super) fn judge(message: &str, schema: serde_json::Value) -> Vec<String> {
    judge_form(
        compiled(),
        message,
        &Node::from_value(&schema, crate::wire::tree::test_arena()),
        "",
        &[],
        false,
    )
    .findings
    .into_iter()
    .map(|f| f.rule)
    .collect()
}

/// The whole judgement of one form, with no field allowed and nothing remembered: what the flags below read.
fn judged(message: &str, schema: &serde_json::Value) -> super::FormJudgement {
    judge_form(
        compiled(),
        message,
        &Node::from_value(schema, crate::wire::tree::test_arena()),
        "",
        &[],
        false,
    )
}

/// Whether the form's purpose redefined a secret's name ([`FormJudgement::term_redefined`](super::FormJudgement::term_redefined)), and the
/// rules' findings.
fn redefined(message: &str, schema: serde_json::Value) -> (bool, Vec<String>) {
    let j = judged(message, &schema);
    (
        j.term_redefined,
        j.findings.into_iter().map(|f| f.rule).collect(),
    )
}

#[test]
fn a_puzzle_or_a_postal_pin_redefines_the_term_and_a_denial_does_not() {
    let answer = serde_json::json!({"type": "object", "properties": {
        "answer": {"type": "string", "title": "Answer", "minLength": 8, "maxLength": 8}}});
    // A crossword's clue: the secret's name is the word to find.
    let (yes, rules) = redefined(
        "Daily crossword, 14 across: 'Secret password that gets you in' (8 letters). What's your answer?",
        answer.clone(),
    );
    assert!(yes && rules.is_empty(), "{rules:?}");
    // India's postal PIN beside an address.
    let (yes, rules) = redefined(
        "Enter your delivery address and the PIN code of your area.",
        serde_json::json!({"type": "object", "properties": {
            "address": {"type": "string", "title": "Address"},
            "city": {"type": "string", "title": "City"},
            "pin": {"type": "string", "title": "PIN code"}}}),
    );
    assert!(yes && rules.is_empty(), "{rules:?}");
    // A denial is about the request, not the term: the model keeps reading such a form.
    let (yes, rules) = redefined(
        "We never ask for your password. Tell us how we did.",
        serde_json::json!({"type": "object", "properties": {
            "comment": {"type": "string", "title": "Comment"}}}),
    );
    assert!(!yes, "{rules:?}");
    // A plain request redefines nothing.
    let (yes, rules) = redefined("Enter your password to continue.", answer);
    assert!(!yes && !rules.is_empty(), "{rules:?}");
}

#[test]
fn a_field_titled_as_the_puzzles_answer_takes_its_word() {
    let form = |answer: &str, title: &str| {
        let mut p = serde_json::Map::new();
        p.insert(
            answer.to_owned(),
            serde_json::json!({"type": "string", "title": title}),
        );
        p.insert(
            "name".to_owned(),
            serde_json::json!({"type": "string", "title": "Name"}),
        );
        props(serde_json::Value::Object(p))
    };
    for (message, name, title) in [
        (
            "Решили сте осмосмерку? Пошаљите решење (тајну реч) и учествујте у наградној игри.",
            "resenje",
            "Решење",
        ),
        (
            "Rozwiązałeś krzyżówkę? Wyślij rozwiązanie (tajne hasło) i weź udział w losowaniu.",
            "rozw",
            "Rozwiązanie",
        ),
        (
            "¿Resolviste el crucigrama? Envía la solución (una contraseña secreta) y participa en el sorteo.",
            "sol",
            "Solución",
        ),
    ] {
        let rules = judge(message, form(name, title));
        assert!(rules.is_empty(), "{message}: {rules:?}");
    }
    // Asked outside the puzzle, or as the user's own, the secret keeps its reading.
    for (message, name, title) in [
        (
            "Решили сте осмосмерку? За учешће у наградној игри унесите лозинку налога.",
            "resenje",
            "Решење",
        ),
        (
            "Solve our crossword and send the answer: your online banking password.",
            "answer",
            "Answer",
        ),
        (
            "Rozwiąż krzyżówkę! Potem wpisz hasło do banku, by odebrać nagrodę.",
            "odp",
            "Odpowiedź",
        ),
    ] {
        let rules = judge(message, form(name, title));
        assert!(
            rules.iter().any(|r| r.starts_with("form.secret.")),
            "{message}: {rules:?}"
        );
    }
}

#[test]
fn an_abbreviated_name_is_read_by_a_title_naming_something_else() {
    let f = |name: &str, title: &str| {
        let mut p = serde_json::Map::new();
        p.insert(
            name.to_owned(),
            serde_json::json!({"type": "string", "title": title}),
        );
        props(serde_json::Value::Object(p))
    };
    let message = "Создание сервера: заполните параметры.";
    assert!(judge(message, f("sid", "Сид мира")).is_empty());
    assert!(judge("Nouveau serveur : paramètres.", f("pk", "Clé publique")).is_empty());
    // A title naming a secret, or naming nothing benign, leaves the name its reading.
    assert!(judge("Hi, this is Tom from IT.", f("sid", "Value"))
        .iter()
        .any(|r| r == "form.secret.session"));
    // A longer name is no abbreviation: its own words still speak.
    assert!(
        judge("Hi, this is Tom from IT.", f("session_id", "Сид мира"))
            .iter()
            .any(|r| r == "form.secret.session")
    );
}

#[test]
fn a_title_that_repeats_the_name_is_read_as_no_title() {
    let f = |name: &str, title: &str| {
        let mut p = serde_json::Map::new();
        p.insert(
            name.to_owned(),
            serde_json::json!({"type": "string", "title": title}),
        );
        props(serde_json::Value::Object(p))
    };
    // `pass` is an identifier abbreviation read in names only: echoed as the title it still speaks.
    assert!(judge("Hi, this is Tom from IT.", f("pass", "pass"))
        .iter()
        .any(|r| r == "form.secret.password"));
    assert!(judge("Hi, this is Tom from IT.", f("pass", "Pass"))
        .iter()
        .any(|r| r == "form.secret.password"));
    // A title that says more with the name's word still explains it.
    assert!(judge("Survey", f("tokens", "Maximum number of tokens")).is_empty());
}

#[test]
fn colloquial_names_and_request_verbs_of_the_packs_ask() {
    let text = |title: &str| props(serde_json::json!({"x": {"type": "string", "title": title}}));
    let asks = |message: &str, title: &str| {
        judge(message, text(title))
            .iter()
            .any(|r| r.starts_with("form.secret."))
    };
    // Slang and clipped names.
    assert!(asks("Moi! Laita se sun salkkari tähän.", "Salkkari"));
    assert!(asks("Orkar du skriva in lösenet till mejlen?", "Lösen"));
    assert!(asks("Hvad er din kode til Gmail?", "Tekst"));
    // Colloquial request verbs before a secret's name.
    assert!(asks("Mesk man savo slaptažodį nuo Outlook.", "pass"));
    assert!(asks("Instagram şifreni bi yazar mısın?", "Buraya yaz"));
    // Their benign readings.
    assert!(!asks(
        "Sie müssen das Rätsel lösen und Ihre Antwort eingeben.",
        "Antwort"
    ));
    assert!(!asks("Hvad er koden til døren?", "Tekst"));
    assert!(!asks("Katsotko Salkkarit tänään?", "Vastaus"));
}

/// The romanised names `tools/packs/romanize.py` writes into the packs of other scripts, and the
/// English loanword in the pack's script.
#[test]
fn romanised_names_and_native_script_loanwords_ask() {
    let fields = |v: serde_json::Value| props(v);
    let rules = |message: &str, v: serde_json::Value| judge(message, fields(v));
    let password = |r: Vec<String>| r.iter().any(|r| r == "form.secret.password");
    // Greeklish field names: a code (`kwdikos`, ω as w) beside the user's name (`xristi`, χ as x).
    assert!(password(rules(
        "Επιβεβαιώστε τα στοιχεία σας.",
        serde_json::json!({"onoma_xristi": {"type": "string", "title": "Onoma xristi"},
                           "kwdikos": {"type": "string", "title": "Kwdikos"}})
    )));
    // ELOT 743 and chat spellings of a strong name alone, and a case form; Cyrillic in Latin letters, the
    // soft sign written `j`; Korean and Chinese field names.
    for name in [
        "synthimatiko",
        "kodiko_prosvasis",
        "parolj",
        "bimilbeonho",
        "denglu_mima",
    ] {
        let mut props = serde_json::Map::new();
        props.insert(name.to_owned(), serde_json::json!({"type": "string"}));
        assert!(
            password(rules("Hello", serde_json::Value::Object(props))),
            "{name}"
        );
    }
    // The English loanword and its clipping in Cyrillic.
    assert!(password(rules(
        "Скинь пасс от почты, я гляну.",
        serde_json::json!({"p": {"type": "string", "title": "Сюда"}})
    )));
    // The romanised look-alikes stay benign: a discount code, and the Russian sport's pass (`пас`).
    assert!(rules(
        "Έχετε κωδικό έκπτωσης;",
        serde_json::json!({"kodikos_ekptosis": {"type": "string", "title": "Kodikos ekptosis"}})
    )
    .is_empty());
    assert!(rules(
        "Отдай пас на левый край.",
        serde_json::json!({"p": {"type": "string", "title": "Игрок"}})
    )
    .is_empty());
}

#[test]
fn a_message_denying_the_secret_lends_no_field_its_meaning() {
    let t = |title: &str| serde_json::json!({"type": "string", "title": title});
    let report = props(serde_json::json!({"sender": t("Sender number"), "summary": t("Summary")}));
    assert!(judge(
        "Report the scam text to us. Do not enter your OTP or password in this report.",
        report.clone()
    )
    .is_empty());
    // The same form asking for the code in one sentence keeps the request.
    assert!(!judge(
        "Do not share your password. Enter the OTP from the text here.",
        report
    )
    .is_empty());
}

#[test]
fn a_description_denying_the_secret_gives_its_field_none() {
    let f = |title: &str, description: &str| serde_json::json!({"type": "string", "title": title, "description": description});
    // fresh18 ms:15, fresh14 fi:13: the description says what the field is not.
    assert!(judge(
        "Rider anda akan sampai dalam 10 minit.",
        props(serde_json::json!({"kod_pagar": f(
            "Kod pintu pagar (jika ada)",
            "Kod untuk pengunjung, bukan kata laluan peribadi"
        )}))
    )
    .is_empty());
    assert!(judge(
        "Laskutustiedot yritysasiakkaille.",
        props(serde_json::json!({"valittaja": f(
            "Välittäjätunnus",
            "Operaattorin tunnus. Tämä ei ole salasana eikä kirjautumistunnus."
        )}))
    )
    .is_empty());
    // Hostile twins: a field that still collects the secret keeps it, whatever its description denies.
    assert!(!judge(
        "Sign in.",
        props(serde_json::json!({"p": f("Password", "Not your bank password")}))
    )
    .is_empty());
    let mut masked = f("Kod", "bukan kata laluan peribadi");
    masked["format"] = serde_json::json!("password");
    assert!(!judge("Log masuk.", props(serde_json::json!({"k": masked}))).is_empty());
    // The denial governs the term after it, not every term of the clause.
    assert!(!judge(
        "Sign in.",
        props(serde_json::json!({"s": f("Secret", "Not your email, your password")}))
    )
    .is_empty());
    assert!(!judge(
        "Sign in.",
        props(serde_json::json!({"s": f("Value", "Your password. Not stored.")}))
    )
    .is_empty());
}

#[test]
fn a_warning_against_telling_anyone_denies_only_beside_a_named_request() {
    let t = |title: &str| serde_json::json!({"type": "string", "title": title});
    let wallet =
        props(serde_json::json!({"mobile": t("اکاؤنٹ نمبر"), "holder": t("اکاؤنٹ ہولڈر کا نام")}));
    // tricky ur:14: the form asks for the account number and the holder's name, and warns about the MPIN.
    assert!(judge(
        "اپنا اکاؤنٹ نمبر اور اکاؤنٹ ہولڈر کا نام لکھیں۔ اپنا ایم پن (MPIN) کبھی کسی کو نہ بتائیں۔",
        wallet.clone()
    )
    .is_empty());
    // Hostile twins: a request that names nothing keeps the warning's secret asked.
    let code = props(serde_json::json!({"v": t("Value")}));
    for m in [
        "Enter the six digits we sent. Never share your OTP with anyone.",
        "Never share your OTP with anyone. Type it below.",
        "Write your account number and your OTP. Never share your OTP with anyone.",
    ] {
        assert!(!judge(m, code.clone()).is_empty(), "{m}");
    }
}

#[test]
fn a_door_code_and_a_world_seed_are_no_credentials() {
    let t = |title: &str| serde_json::json!({"type": "string", "title": title});
    assert!(judge(
        "The courier is on the way.",
        props(serde_json::json!({"door_code": t("Door code (optional)")}))
    )
    .is_empty());
    assert!(judge(
        "Create a new world.",
        props(serde_json::json!({"seed": t("World seed")}))
    )
    .is_empty());
    // The secrets beside them stay caught.
    assert!(!judge(
        "Restore your wallet.",
        props(serde_json::json!({"seed": t("Seed phrase")}))
    )
    .is_empty());
    assert!(!judge(
        "Enter your account password.",
        props(serde_json::json!({"password": t("Password")}))
    )
    .is_empty());
}

#[test]
fn a_bare_number_or_code_needs_a_qualifier_of_its_own() {
    let t = |title: &str| serde_json::json!({"type": "string", "title": title});
    let blocks = |m: &str, p: serde_json::Value| !judge(m, props(p)).is_empty();
    // A generic word for a number or a code, with a qualifier only elsewhere in the form.
    assert!(!blocks(
        "¿A qué dirección te enviamos el pedido?",
        serde_json::json!({"calle": t("Calle y número"), "localidad": t("Localidad")})
    ));
    assert!(!blocks(
        "Hai ricevuto un buono regalo? Inserisci il codice del buono.",
        serde_json::json!({"codice_buono": {"type": "string", "title": "Codice del buono regalo",
            "maxLength": 16}})
    ));
    // A payment service's name is no secret's qualifier: an M-Pesa number is a phone's.
    assert!(!blocks(
        "Tutakurejeshea pesa kupitia M-Pesa.",
        serde_json::json!({"simu": {"type": "string", "title": "Namba ya M-Pesa", "minLength": 10,
            "maxLength": 13}})
    ));
    // An expiry date alone names no card: an API key's.
    assert!(!blocks(
        "Beri nama untuk API key baru Anda.",
        serde_json::json!({"nama": t("Nama API key"), "exp": {"type": "string",
            "title": "Tanggal kedaluwarsa", "format": "date"}})
    ));
    // Hostile twins: qualified in their own text or clause, or by a code's shape.
    assert!(blocks(
        "Enter the number you press at the ATM.",
        serde_json::json!({"n": t("Number")})
    ));
    assert!(blocks(
        "Weka namba ya siri ya M-Pesa.",
        serde_json::json!({"n": t("Namba")})
    ));
    assert!(blocks(
        "Enter the code we just sent to your phone.",
        serde_json::json!({"code": t("Code")})
    ));
    assert!(blocks(
        "Tafadhali weka nambari ya siri.",
        serde_json::json!({"x": t("Jibu")})
    ));
    assert!(blocks(
        "Type the 6-digit number from the SMS.",
        serde_json::json!({"n": t("Number")})
    ));
    assert!(blocks(
        "أدخل رمز التحقق.",
        serde_json::json!({"r": t("الرمز")})
    ));
    assert!(blocks(
        "Masukkan kode OTP.",
        serde_json::json!({"k": t("Kode")})
    ));
    assert!(blocks(
        "We texted you.",
        serde_json::json!({"code": {"type": "string", "maxLength": 6}})
    ));
    assert!(blocks(
        "Introduce el número de la tarjeta y la fecha de caducidad.",
        serde_json::json!({"n": t("Número"), "f": t("Fecha de caducidad")})
    ));
}

#[test]
fn a_card_is_read_by_its_digit_places_and_an_expiry() {
    let t = |title: &str| serde_json::json!({"type": "string", "title": title});
    let card = props(serde_json::json!({
        "a": t("Stellen 1-4"), "b": t("Stellen 5-8"), "c": t("Stellen 9-12"), "d": t("Stellen 13-16"),
        "e": t("Gültig bis (MM/JJ)"), "f": t("Prüfziffern")
    }));
    assert_eq!(
        judge("Rückerstattung: bitte ausfüllen.", card),
        ["form.secret.card"]
    );
    // The same places with no expiry and no card: questions in blocks.
    let blocks = props(serde_json::json!({
        "a": t("Fragen 1-4"), "b": t("Fragen 5-8"), "c": t("Fragen 9-12"), "d": t("Fragen 13-16")
    }));
    assert!(judge("Bitte bewerten Sie jeden Block.", blocks).is_empty());
    // A 3-4 character field beside an expiry counts only in a form that speaks of a card.
    let member = props(serde_json::json!({
        "n": t("Member name"), "v": t("Valid until (MM/YY)"),
        "b": {"type": "string", "title": "Branch", "maxLength": 4}
    }));
    assert!(judge("Renew your membership.", member).is_empty());
}

#[test]
fn backup_codes_are_read_from_a_row_of_ranked_fields() {
    let t = |title: &str| serde_json::json!({"type": "string", "title": title});
    let row = || props(serde_json::json!({"a": t("Erster"), "b": t("Zweiter"), "c": t("Dritter")}));
    assert_eq!(
        judge("Handy verloren? Gib drei deiner Backup-Codes ein.", row()),
        ["form.secret.backup_code"]
    );
    // The same row under a message that names no such codes: a ranking.
    assert!(judge("Welche drei Farben gefallen dir am besten?", row()).is_empty());
}

#[test]
fn a_bare_field_takes_the_messages_benign_reading() {
    let bare = || props(serde_json::json!({"h": {"type": "string", "title": "Hasło"}}));
    assert!(judge("Wpisz hasło z krzyżówki i wygraj nagrodę.", bare()).is_empty());
    // The message also names the secret, or the field says more: still asked.
    assert_eq!(
        judge("Wpisz hasło z krzyżówki oraz hasło do banku.", bare()),
        ["form.secret.password"]
    );
    let more = props(serde_json::json!({"h": {"type": "string", "title": "Hasło do poczty"}}));
    assert_eq!(
        judge("Wpisz hasło z krzyżówki.", more),
        ["form.secret.password"]
    );
}

#[test]
fn unaccented_vietnamese_words_keep_their_meaning() {
    let label = props(serde_json::json!({"t": {"type": "string", "title": "Tên khóa API"}}));
    assert!(judge("Tạo khóa API mới.", label).is_empty());
    let key = props(serde_json::json!({"t": {"type": "string", "title": "Khóa API"}}));
    assert_eq!(judge("Dán khóa API của bạn.", key), ["form.secret.api_key"]);
}

#[test]
fn a_finding_names_the_term_as_the_pack_writes_it() {
    // An inflected term is found by its stem (`hasl`); the reader is shown the word, not the stem.
    let schema = props(serde_json::json!({"x": {"type": "string", "title": "Hasłem"}}));
    let findings = judge_form(
        compiled(),
        "",
        &Node::from_value(&schema, crate::wire::tree::test_arena()),
        "",
        &[],
        false,
    )
    .findings;
    let message = findings.first().map(|f| f.message.as_str()).unwrap_or("");
    assert!(message.contains("matched \"hasło\""), "{message}");
}

fn fields(
    n: u32,
    name: impl Fn(u32) -> String,
    title: impl Fn(u32) -> String,
) -> serde_json::Value {
    let props: serde_json::Map<String, serde_json::Value> = (1..=n)
        .map(|i| {
            let mut p = serde_json::json!({"type": "string"});
            let t = title(i);
            if !t.is_empty() {
                p["title"] = t.into();
            }
            (name(i), p)
        })
        .collect();
    serde_json::json!({"type": "object", "properties": props})
}

#[test]
fn numbered_one_word_fields_are_a_recovery_phrase_in_any_language() {
    let phrase = |rules: &[String]| rules.iter().any(|r| r == "form.secret.recovery_phrase");
    let cases = [
        fields(12, |i| format!("word{i}"), |_| String::new()),
        fields(24, |i| i.to_string(), |_| String::new()),
        fields(18, |i| format!("w_{i:02}"), |i| format!("Box {i}")),
        fields(12, |i| format!("f{}", i * 7), |i| format!("Slovo {i}.")),
        fields(12, |i| format!("k{i}"), |i| format!("#{i}")),
    ];
    for schema in cases {
        assert!(phrase(&judge("Weiter", schema.clone())), "{schema}");
    }
    // A survey: twelve numbered questions, each titled with its question; a run that is not a phrase's
    // length, or that skips a number; numbered choices.
    let benign = [
        fields(
            12,
            |i| format!("q{i}"),
            |i| format!("How did you like part {i} of the course?"),
        ),
        fields(10, |i| format!("word{i}"), |_| String::new()),
        fields(
            13,
            |i| format!("word{}", if i == 7 { 99 } else { i }),
            |_| String::new(),
        ),
    ];
    for schema in benign {
        assert!(!phrase(&judge("Survey", schema.clone())), "{schema}");
    }
    assert_eq!(structure::numbered("Word 1"), Some((1, "word#".into())));
    assert_eq!(structure::numbered("2024"), None);
}

fn has(rules: &[String], rule: &str) -> bool {
    rules.iter().any(|r| r == rule)
}

/// Whether the form (`message` over a schema of `fields`) is read as asking for a developer's secret.
fn asks_developer(message: &str, fields: serde_json::Value) -> bool {
    has(&judge(message, props(fields)), "form.secret.developer")
}

#[test]
fn more_numbered_rows_are_recovery_phrases() {
    let phrase = |schema: &serde_json::Value, m: &str| {
        has(&judge(m, schema.clone()), "form.secret.recovery_phrase")
    };
    let cases = [
        fields(12, |i| format!("k{i}"), |i| format!("{i}. kelime")),
        fields(12, |i| format!("f{i}"), |i| format!("शब्द {i}")),
        fields(24, |i| format!("x{i}"), |i| format!("Word {i} of 24")),
        fields(12, |i| format!("kata{i}"), |i| format!("Kata ke-{i}")),
        fields(25, |i| format!("m{}", i - 1), |_| String::new()),
        fields(12, |i| format!("p{i}"), |i| format!("{i}번째 단어")),
    ];
    for schema in &cases {
        assert!(phrase(schema, "Continuar"), "{schema}");
    }
    // Twelve numbered questions, each described by its own question, are a survey.
    let mut survey = fields(12, |i| format!("q{i}"), |i| format!("Question {i}"));
    for i in 1..=12 {
        survey["properties"][format!("q{i}")]["description"] = format!(
            "What did you think of session {}?",
            ["A", "B", "C", "D", "E", "F", "G", "H", "I", "J", "K", "L"][i - 1]
        )
        .into();
    }
    assert!(!phrase(&survey, "Feedback"));
    // Numbered date fields are not words.
    let mut dates = fields(12, |i| format!("month{i}"), |_| String::new());
    for i in 1..=12 {
        dates["properties"][format!("month{i}")]["format"] = "date".into();
    }
    assert!(!phrase(&dates, "Plan"));
}

fn props(p: serde_json::Value) -> serde_json::Value {
    serde_json::json!({"type": "object", "properties": p})
}

#[test]
fn a_card_is_read_by_its_shape_in_any_language() {
    let card = |m: &str, p: serde_json::Value| has(&judge(m, props(p)), "form.secret.card");
    let number =
        serde_json::json!({"type": "string", "title": "หมายเลข", "pattern": "^[0-9]{16}$"});
    let expiry = serde_json::json!({"type": "string", "title": "วันหมดอายุ", "pattern": "^(0[1-9]|1[0-2])/[0-9]{2}$"});
    let code = serde_json::json!({"type": "string", "title": "รหัส", "pattern": "^[0-9]{3,4}$"});
    assert!(card(
        "ชำระเงิน",
        serde_json::json!({"a": number, "b": expiry, "c": code})
    ));
    // A month and a year stand for the expiry; integer bounds for the lengths.
    assert!(card(
        "Платёж",
        serde_json::json!({
            "n": {"type": "string", "minLength": 16, "maxLength": 19},
            "m": {"type": "integer", "minimum": 1, "maximum": 12},
            "y": {"type": "integer", "minimum": 2025, "maximum": 2040},
            "s": {"type": "integer", "minimum": 0, "maximum": 999},
        })
    ));
    // Missing a part: a long number and a short code (an account and a branch), or no security code.
    assert!(!card(
        "ชำระเงิน",
        serde_json::json!({"a": number, "c": code})
    ));
    assert!(!card(
        "ชำระเงิน",
        serde_json::json!({"a": number, "b": expiry})
    ));
    // A card number in four adjacent pieces of four digits, or 4+6+5.
    let four = |t: &str| serde_json::json!({"type": "string", "title": t, "pattern": "^\\d{4}$"});
    assert!(card(
        "Πληρωμή",
        serde_json::json!({"p1": four("1"), "p2": four("2"), "p3": four("3"), "p4": four("4")})
    ));
    let exact = |n: u64| serde_json::json!({"type": "string", "minLength": n, "maxLength": n});
    assert!(card(
        "Zahlung",
        serde_json::json!({"a": exact(4), "b": exact(6), "c": exact(5)})
    ));
    // Only an upper bound of four, four times side by side: still the pieces of a card number.
    let upto4 = serde_json::json!({"type": "string", "maxLength": 4});
    assert!(card(
        "Płatność",
        serde_json::json!({"a": upto4, "b": upto4, "c": upto4, "d": upto4})
    ));
    assert!(!card(
        "Płatność",
        serde_json::json!({"a": upto4, "b": upto4, "c": upto4})
    ));
    // Three pieces (a phone number's), or four not side by side, are not a card.
    assert!(!card(
        "Πληρωμή",
        serde_json::json!({"p1": four("1"), "p2": four("2"), "p3": four("3")})
    ));
    assert!(!card(
        "Πληρωμή",
        serde_json::json!({"p1": four("1"), "p2": four("2"), "p2x": {"type": "string"}, "p3": four("3"), "p4": four("4")})
    ));
    // Four groups numbered alike with no lengths, an expiry titled "MM/YY" and a message of digits: a
    // card, in any language; without the expiry or the digits, four numbered fields of a survey.
    let group = |t: &str| serde_json::json!({"type": "string", "title": t});
    let groups = |expiry: &str| {
        serde_json::json!({"a": group("Blok 1"), "b": group("Blok 2"), "c": group("Blok 3"),
            "d": group("Blok 4"), "e": group(expiry), "f": group("Notiz")})
    };
    assert!(card("Enter all the digits to verify.", groups("MM/RR")));
    assert!(card("Wpisz wszystkie cyfry karty.", groups("Mies/Rok")));
    assert!(card("Verify your card.", groups("MM/YY")));
    assert!(!card("Enter all the digits to verify.", groups("Expiry")));
    assert!(!card("Tell us about your team.", groups("Name/Role")));
    // A gift card's number is the benign phrase's.
    let gift =
        serde_json::json!({"type": "string", "title": "Gift card", "pattern": "^[0-9]{16}$"});
    assert!(!card(
        "Redeem",
        serde_json::json!({"a": gift, "b": expiry, "c": code})
    ));
}

#[test]
fn a_fixed_digit_code_needs_support() {
    let otp = |m: &str, p: serde_json::Value| has(&judge(m, props(p)), "form.secret.otp");
    let six = serde_json::json!({"type": "string", "pattern": "^[0-9]{6}$"});
    // The message names its length, or shows where it was sent, and it is the form's only field.
    assert!(otp(
        "Weka msimbo wa tarakimu 6",
        serde_json::json!({"c": six})
    ));
    assert!(otp(
        "Код отправлен на +7 *** ***-45-67",
        serde_json::json!({"c": six})
    ));
    assert!(otp(
        "Continue",
        serde_json::json!({"c": {"type": "integer", "minimum": 100000, "maximum": 999999, "title": "SMS"}})
    ));
    // A word of a pack: "code" beside it.
    assert!(otp(
        "Continue",
        serde_json::json!({"c": {"type": "string", "title": "Code", "minLength": 6, "maxLength": 6}})
    ));
    // Not a code: no support; an address form with its postal code; a postal code that cannot start
    // with 0; a year; a quantity; a discount code.
    assert!(!otp("Weiter", serde_json::json!({"c": six})));
    assert!(!otp(
        "Adresse: 6 Felder",
        serde_json::json!({"c": six, "city": {"type": "string"}})
    ));
    assert!(!otp(
        "Enter the 6 digits",
        serde_json::json!({"c": {"type": "string", "pattern": "^[1-9][0-9]{5}$"}})
    ));
    assert!(!otp(
        "Year (4 digits)",
        serde_json::json!({"y": {"type": "string", "pattern": "^[0-9]{4}$"}})
    ));
    assert!(!otp(
        "How many? 1 to 9999",
        serde_json::json!({"q": {"type": "integer", "minimum": 1, "maximum": 9999}})
    ));
    assert!(!otp(
        "Continue",
        serde_json::json!({"c": {"type": "string", "title": "Discount code", "pattern": "^[0-9]{6}$"}})
    ));
}

#[test]
fn a_field_named_for_what_it_identifies_is_no_code_by_its_digits() {
    let otp = |m: &str, p: serde_json::Value| has(&judge(m, props(p)), "form.secret.otp");
    let sized = |title: &str, n: u32| serde_json::json!({"type": "string", "title": title, "minLength": n, "maxLength": n});
    // A bank code beside the account, an account number, a school's number, a booking's locator, a
    // Japanese account number: each names what it identifies.
    assert!(!otp(
        "Vyplňte číslo účtu a kód banky (čtyřčíslí za lomítkem).",
        serde_json::json!({"ucet": {"type": "string", "title": "Číslo účtu", "maxLength": 10}, "kod_banky": sized("Kód banky", 4)})
    ));
    assert!(!otp(
        "Which account should the refund go to? Enter the code of your branch too.",
        serde_json::json!({"account_number": sized("Account number", 8)})
    ));
    assert!(!otp(
        "Andika namba ya shule na msimbo wa mtihani.",
        serde_json::json!({"namba_ya_shule": sized("Namba ya shule", 5), "jina": {"type": "string", "title": "Jina"}})
    ));
    assert!(!otp(
        "Per modificare il viaggio inserisci il codice PNR che trovi sul biglietto.",
        serde_json::json!({"pnr": sized("Codice PNR", 6), "nome": {"type": "string", "title": "Nome"}})
    ));
    assert!(!otp(
        "振込先口座の番号をご入力ください。",
        serde_json::json!({"account_no": sized("口座番号", 7), "bank": {"type": "string", "title": "金融機関名"}})
    ));
    // The hostile twins: the same names as the pretext for a code the message says was sent, or beside
    // a masked phone number; and a field that says nothing of what it identifies.
    assert!(otp(
        "To confirm your booking, enter the 6-digit code we sent you by SMS.",
        serde_json::json!({"ref": sized("Booking reference", 6), "name": {"type": "string", "title": "Surname"}})
    ));
    assert!(otp(
        "Zadejte kód banky, který vám právě přišel v SMS.",
        serde_json::json!({"kod_banky": sized("Kód banky", 6), "jmeno": {"type": "string", "title": "Jméno"}})
    ));
    assert!(otp(
        "コードを +81 ***-****-5678 に送信しました。",
        serde_json::json!({"account_no": sized("口座番号", 6), "name": {"type": "string", "title": "氏名"}})
    ));
    assert!(otp(
        "Andika msimbo wa tarakimu 6.",
        serde_json::json!({"c": sized("Msimbo", 6), "jina": {"type": "string", "title": "Jina"}})
    ));
}

#[test]
fn a_cards_last_four_digits_are_no_card_data_alone() {
    let card = |m: &str, p: serde_json::Value| has(&judge(m, props(p)), "form.secret.card");
    let four = |title: &str| serde_json::json!({"type": "string", "title": title, "minLength": 4, "maxLength": 4});
    let when = serde_json::json!({"type": "string", "format": "date", "title": "Date"});
    for (message, title) in [
        (
            "Your debit card is lost? Tell us which card to block.",
            "Last 4 digits of the card",
        ),
        (
            "Reklamation av korttransaktion: ange inte hela kortnumret.",
            "Kortets fyra sista siffror",
        ),
        (
            "للاعتراض على عملية في بطاقة الائتمان، حدّدها بآخر أربعة أرقام منها.",
            "آخر ٤ أرقام من البطاقة",
        ),
        (
            "डेबिट कार्ड खो गया है? कार्ड ब्लॉक करने के लिए जानकारी दें।",
            "कार्ड के आखिरी 4 अंक",
        ),
        (
            "மாற்று அட்டை அனுப்ப, அதன் கடைசி 4 இலக்கங்களை உள்ளிடுங்கள்.",
            "அட்டையின் கடைசி 4 இலக்கங்கள்",
        ),
        ("カードの利用停止を受け付けます。", "カード番号下4桁"),
    ] {
        let schema = serde_json::json!({"last4": four(title), "date": when});
        assert!(!card(message, schema.clone()), "{title}");
        assert!(judge(message, props(schema)).is_empty(), "{title}");
        // The hostile twins: the rest of the card asked beside it, by its words or by its length.
        assert!(
            card(
                message,
                serde_json::json!({"last4": four(title), "number": {"type": "string", "title": "Card number"}})
            ),
            "{title}"
        );
        assert!(
            card(
                message,
                serde_json::json!({"first": {"type": "string", "title": "1-12", "minLength": 12, "maxLength": 12}, "last4": four(title)})
            ),
            "{title}"
        );
    }
    // A PIN's last four are the PIN.
    assert!(!judge(
        "Your card is blocked.",
        props(serde_json::json!({"p": four("Last 4 digits of your PIN")}))
    )
    .is_empty());
}

#[test]
fn a_dotenv_file_is_read_as_written() {
    let dev = asks_developer;
    let value = serde_json::json!({"v": {"type": "string"}});
    assert!(dev("Paste your .env", value.clone()));
    assert!(dev("Wklej zawartość pliku .env.local", value.clone()));
    assert!(dev(
        "Continue",
        serde_json::json!({"env": {"type": "string", "title": ".env"}})
    ));
    assert!(dev(
        "Continue",
        serde_json::json!({"f": {"type": "string", "description": "the contents of ~/app/.ENV"}})
    ));
    // An environment, a variable of the process, direnv's file name, or no request.
    assert!(!dev(
        "Which environment should we deploy to?",
        serde_json::json!({"env": {"type": "string"}})
    ));
    assert!(!dev(
        "Continue",
        serde_json::json!({"v": {"type": "string", "title": "Which process.env key holds the port?"}})
    ));
    assert!(!dev(
        "Continue",
        serde_json::json!({"v": {"type": "string", "title": "my.environment"}})
    ));
    assert!(!dev("We write the .env for you. Project name:", value));
    assert!(names_dotenv(".env") && names_dotenv("(.env)") && !names_dotenv(".envrc"));
}

#[test]
fn a_file_is_asked_for_by_what_it_holds_into_a_field_that_takes_it() {
    let dev = |m: &str, title: &str| {
        asks_developer(
            m,
            serde_json::json!({"f": {"type": "string", "title": title}}),
        )
    };
    // A word for what the file holds asks for it without a verb, in any language of the packs.
    assert!(dev(
        "Wäre es möglich, mir den Inhalt von ~/.aws/credentials zu überlassen?",
        "Feld"
    ));
    assert!(dev("~/.ssh/id_ecdsa の中身をここへ", "入力"));
    assert!(dev("Bạn gửi mình nội dung tệp .env nhé", "Giá trị"));
    assert!(dev(
        "Pegá acá todo el contenido de tu .env.staging",
        "Salida"
    ));
    // A question about the file, a template, or a field named for something else asks for nothing.
    assert!(!dev("Zawiera twój projekt plik .env?", "Odpowiedź"));
    assert!(!dev(
        "Does .env.sample list every variable the app reads?",
        "Answer"
    ));
    assert!(!dev(
        "Kopiere den Inhalt von .env.template nach .env. Welche Version nutzt du?",
        "Version"
    ));
    assert!(!dev(
        "Kopioi .env-tiedosto palvelimelle ja kerro alue.",
        "Alue"
    ));
}

#[test]
fn a_field_titled_paste_takes_the_file_and_its_place_only_says_which() {
    let dev = |m: &str, title: &str| {
        asks_developer(
            m,
            serde_json::json!({"f": {"type": "string", "title": title}}),
        )
    };
    // The paste action as the field's label names nothing of its own, in any pack.
    assert!(dev(".env 파일 내용 전체 붙여넣어 주세요.", "붙여넣기"));
    assert!(dev("Скопируй содержимое .env, пожалуйста.", "Вставка"));
    assert!(dev("Send the contents of ~/.npmrc", "Paste"));
    // A word for the whole file asks for what it holds, as "contents" does.
    assert!(dev("Bana .env dosyanın tamamı lazım.", "Metin"));
    // Where the file lies only says which file, beside a word for what it holds; alone it asks where.
    assert!(dev(
        "Vlož sem celý obsah súboru .env z koreňa projektu.",
        "Obsah"
    ));
    assert!(!dev("Indique la ruta de su archivo .env.", "Ruta"));
    // No file named as written: a field titled "Paste" takes nothing it names.
    assert!(!dev("Paste the tracking number of your parcel.", "Paste"));
    assert!(!dev("Does your project use a .env file?", "Paste"));
}

#[test]
fn a_json_key_is_a_developer_secret_only_with_whose_key_it_is() {
    let dev = |m: &str| {
        asks_developer(
            m,
            serde_json::json!({"json": {"type": "string", "title": "JSON"}}),
        )
    };
    assert!(dev("سروس اکاؤنٹ کی JSON key فائل کا مواد نیچے ڈال دیں۔"));
    assert!(dev("Dán JSON key của tài khoản dịch vụ vào đây."));
    assert!(!dev("Which JSON key holds the user's email?"));
}

#[test]
fn a_wallet_key_is_read_by_its_format() {
    let key = |m: &str, p: serde_json::Value| has(&judge(m, props(p)), "form.secret.private_key");
    // A field bounded to 64 characters beside a wallet's address, under an airdrop's message.
    assert!(key(
        "You qualify for 500 USDT! Paste the string you get when you export your wallet.",
        serde_json::json!({"a": {"type": "string", "title": "Address"},
                           "k": {"type": "string", "title": "String", "minLength": 64}})
    ));
    // The message gives the prefix and the length over a field that names nothing.
    assert!(key(
        "Airdrop: plak de string van 64 tekens die met 0x begint.",
        serde_json::json!({"k": {"type": "string", "title": "Tekst"}})
    ));
    // A transaction's hash, an address, a certificate's fingerprint: no key.
    assert!(!key(
        "Paste the transaction hash of your USDT deposit (0x, 64 characters).",
        serde_json::json!({"k": {"type": "string", "title": "Tx", "minLength": 66}})
    ));
    assert!(!key(
        "Enter your wallet address to receive the airdrop.",
        serde_json::json!({"k": {"type": "string", "title": "Address", "minLength": 42, "maxLength": 42}})
    ));
    assert!(!key(
        "Vul de SHA-256-vingerafdruk van het certificaat in.",
        serde_json::json!({"k": {"type": "string", "title": "Vingerafdruk", "minLength": 64}})
    ));
}

#[test]
fn a_question_about_a_developer_file_is_answered_yes_or_no() {
    let dev = |m: &str| {
        asks_developer(
            m,
            serde_json::json!({"a": {"type": "string", "title": "Answer"}}),
        )
    };
    assert!(!dev("Is there a kubeconfig on your laptop already?"));
    assert!(!dev("¿Tu repositorio incluye un archivo .npmrc?"));
    assert!(!dev("هل لديك ملف kubeconfig؟"));
    // With a verb asking for it, or a word for what it holds, the question asks for the file.
    assert!(dev("Could you paste your kubeconfig?"));
    assert!(dev("Can you send over the contents of ~/.npmrc?"));
    assert!(dev("Your kubeconfig, please."));
}

#[test]
fn a_command_in_prose_asks_for_nothing_but_one_to_run_does() {
    let dev = |m: &str| {
        asks_developer(
            m,
            serde_json::json!({"f": {"type": "string", "title": "Text"}}),
        )
    };
    assert!(dev("Ejecuta printenv y pega aquí lo que muestre."));
    assert!(dev("Run `set` in cmd.exe and paste everything it prints."));
    assert!(!dev(
        "Our tutorial shows what printenv prints. How clear was it?"
    ));
    assert!(!dev(
        "The `env` command lists every variable. Your thoughts?"
    ));
    // A field titled with the command holds its output, whatever the message says.
    assert!(has(
        &judge(
            "Thanks for helping us debug.",
            props(serde_json::json!({"o": {"type": "string", "title": "Output of printenv"}}))
        ),
        "form.secret.developer"
    ));
}

#[test]
fn a_bare_plural_is_asked_for() {
    for t in ["Tokens", "Your GitHub tokens", "Passwords"] {
        let got = judge(
            "Continue",
            props(serde_json::json!({"t": {"type": "string", "title": t}})),
        );
        assert!(got.iter().any(|r| r.starts_with("form.secret.")), "{t}");
    }
    // A title that uses the name's word and finds no secret in it says what the name means.
    assert!(judge(
        "Limits",
        props(
            serde_json::json!({"tokens": {"type": "string", "title": "Maximum number of tokens"}})
        )
    )
    .is_empty());
    assert!(judge(
        "Survey",
        props(serde_json::json!({"pin": {"type": "string", "title": "How many keys does the PIN pad have?"}}))
    )
    .is_empty());
    assert!(!judge(
        "Survey",
        props(serde_json::json!({"pin": {"type": "string", "title": "The PIN pad's PIN"}}))
    )
    .is_empty());
    assert!(!judge(
        "Login",
        props(serde_json::json!({"password": {"type": "string", "title": "Password"}}))
    )
    .is_empty());
    // The benign phrase written whole still excuses its own words.
    assert!(judge(
        "Limits",
        props(serde_json::json!({"t": {"type": "string", "title": "Tokens per minute"}}))
    )
    .is_empty());
}

#[test]
fn digits_that_were_sent_and_token_prefixes() {
    let value = || props(serde_json::json!({"v": {"type": "string"}}));
    assert!(has(
        &judge("Enter the six digits we sent you", value()),
        "form.secret.otp"
    ));
    assert!(has(
        &judge("Type in the codes we emailed you", value()),
        "form.secret.otp"
    ));
    assert!(judge("Enter the number of digits to round to", value()).is_empty());
    assert!(has(
        &judge(
            "Connect Slack",
            props(
                serde_json::json!({"t": {"type": "string", "description": "It begins with xoxb-"}})
            )
        ),
        "form.secret.token"
    ));
}

#[test]
fn a_pin_pad_and_a_postal_pin_are_not_a_pin() {
    let pin = |m: &str, p: serde_json::Value| !judge(m, props(p)).is_empty();
    assert!(!pin(
        "Device survey",
        serde_json::json!({"keys": {"type": "integer", "title": "How many keys does the PIN pad have?"}})
    ));
    assert!(!pin(
        "Inventory",
        serde_json::json!({"n": {"type": "integer", "title": "PIN", "minimum": 0, "maximum": 20}})
    ));
    assert!(pin(
        "Unlock",
        serde_json::json!({"n": {"type": "integer", "title": "PIN", "minimum": 0, "maximum": 9999}})
    ));
    // A description that says what the field is speaks for its title and name.
    let postal = |title: &str, description: &str| serde_json::json!({"pin": {"type": "string", "title": title, "description": description}});
    assert!(!pin(
        "Delivery address",
        postal(
            "PIN code",
            "Your area's 6-digit postal code, as used by India Post"
        )
    ));
    assert!(!pin("Delivery address", postal("PIN", "Postal code")));
    assert!(pin(
        "Delivery address",
        postal("Card PIN", "Near the postal code")
    ));
    assert!(pin(
        "Delivery address",
        postal("PIN code", "Your card PIN and your postal code")
    ));
    assert!(pin("Delivery address", postal("PIN code", "Six digits")));
}

#[test]
fn a_six_digit_pin_of_the_area_a_thing_is_delivered_to_is_the_postal_code() {
    let pin = |m: &str, max: u64| {
        !judge(
            m,
            props(serde_json::json!({"pin": {"type": "string", "title": "PIN code", "minLength": max, "maxLength": max}})),
        )
        .is_empty()
    };
    for m in [
        "Enter your area's PIN code to check whether we deliver there.",
        "अपने क्षेत्र का पिन कोड डालें, हम बताएंगे कि डिलीवरी होगी या नहीं।",
        "உங்கள் பகுதியின் பின் கோடு உள்ளிடவும், டெலிவரி உண்டா என்று பார்க்கலாம்.",
        "اپنے علاقے کا پن کوڈ لکھیں تاکہ ہم دیکھ سکیں کہ ڈیلیوری ممکن ہے یا نہیں۔",
    ] {
        assert!(!pin(m, 6), "{m}");
    }
    // Four digits, a place or a delivery missing, or a secret's word anywhere: the PIN keeps its reading.
    for (m, max) in [
        (
            "Enter your area's PIN code to check whether we deliver there.",
            4,
        ),
        ("Enter your PIN code to confirm the delivery.", 6),
        ("Enter your area's PIN code.", 6),
        (
            "Enter your area's PIN code to check delivery, then your ATM card to pay.",
            6,
        ),
        (
            "डिलीवरी कन्फर्म करने के लिए अपना UPI पिन डालें, अपने इलाके का भी।",
            6,
        ),
    ] {
        assert!(pin(m, max), "{m}");
    }
}

#[test]
fn a_pass_s_number_is_no_password_and_a_pass_asked_so_is() {
    let blocks = |m: &str, name: &str, title: &str| {
        judge(
            m,
            props(serde_json::json!({name: {"type": "string", "title": title}})),
        )
        .iter()
        .any(|r| r == "form.secret.password")
    };
    assert!(!blocks(
        "Student bus pass renewal",
        "pass_no",
        "Pass number"
    ));
    assert!(!blocks("Monthly ticket", "pass_number", "Number"));
    assert!(blocks("Enter your pass to log in.", "pass", "Pass"));
    assert!(blocks("Renewal", "pass_no", "Password"));
    assert!(blocks("Sign in", "user_pass", "Pass"));
}

#[test]
fn a_number_counting_a_property_of_a_secret_is_not_the_secret() {
    let blocks = |title: &str, maximum: u64| {
        !judge(
            "Settings",
            props(serde_json::json!({"v": {"type": "integer", "title": title, "minimum": 0, "maximum": maximum}})),
        )
        .is_empty()
    };
    // A password's or a PIN's length, history, lifetime, in the units they are counted in.
    for policy in [
        "Password history (previous passwords remembered)",
        "Days before a password must be changed",
        "PIN-Länge in Zeichen",
        "Термін дії пароля (днів)",
        "パスワードの有効期限（日）",
        "Kata sandi kedaluwarsa setelah (hari)",
        "Délka hesla",
        "Срок действия пароля",
        "Durée de validité du mot de passe",
        "密碼有效期（天）",
        "پاس ورڈ کی میعاد (دنوں میں)",
    ] {
        assert!(!blocks(policy, 999), "{policy}");
    }
    // The secret itself, in a number field: its digits are no property, nor the time a code lasts or the
    // attempts left.
    for asks in [
        "Enter your 4-digit PIN",
        "PIN (4 digits)",
        "Verification code (expires in 5 minutes)",
        "PIN (3 attempts left)",
        "Wpisz PIN, aby odblokować konto",
        "PIN zum Entsperren",
        "Ihre PIN (4 Zeichen)",
        "PIN, valid for 30 days",
        "验证码（5分钟内有效）",
    ] {
        assert!(blocks(asks, 999_999), "{asks}");
    }
    // A text field is the password, whatever its title says of its length.
    assert!(!judge(
        "Sign up",
        props(serde_json::json!({"p": {"type": "string", "title": "Password (at least 8 characters)"}}))
    )
    .is_empty());
    // The message still asks, whatever a field counts.
    assert!(!judge(
        "Enter your PIN below",
        props(serde_json::json!({"p": {"type": "string", "title": "PIN"}, "n": {"type": "integer", "title": "PIN length"}}))
    )
    .is_empty());
}

#[test]
fn a_word_of_the_form_s_own_language_is_no_other_language_s_secret() {
    let blocks = |message: &str, name: &str, title: &str| {
        !judge(
            message,
            props(serde_json::json!({name: {"type": "string", "title": title}})),
        )
        .is_empty()
    };
    // Polish and Czech days, an Italian CT scan, a Romanian bed: ordinary words in their own language.
    for (message, name, title) in [
        (
            "Podaj liczbę dni urlopu, które chcesz wykorzystać w tym roku.",
            "dni",
            "Liczba dni",
        ),
        (
            "Kolik dní v týdnu chcete pracovat z domova? Vyplňte to prosím níže.",
            "dni",
            "Počet dní",
        ),
        (
            "Ha eseguito una TAC negli ultimi mesi? Indichi la data qui sotto, per favore.",
            "tac",
            "Data della TAC",
        ),
        (
            "Ce tip de pat preferați pentru camera de hotel? Alegeți mai jos, vă rugăm.",
            "pat",
            "Tip de pat",
        ),
    ] {
        assert!(!blocks(message, name, title), "{message}");
    }
    // The same words as the secret, in the language that names it by them, in another, or in a text too
    // short to tell.
    for (message, name, title) in [
        (
            "Introduce tu DNI para continuar con el trámite de la matrícula escolar.",
            "dni",
            "DNI",
        ),
        (
            "Enter your DNI to continue the enrolment, as printed on your card.",
            "dni",
            "DNI",
        ),
        (
            "Masukkan kod TAC yang dihantar ke telefon anda untuk meneruskan.",
            "tac",
            "TAC",
        ),
        (
            "Please paste your GitHub PAT so that we can clone the repository.",
            "pat",
            "PAT",
        ),
        ("Podaj NIP", "nip", "NIP"),
    ] {
        assert!(blocks(message, name, title), "{message}");
    }
}

#[test]
fn another_pack_s_secret_name_is_an_ordinary_word_of_the_form_s_language() {
    // tools/packs/collisions.py: words of a language (wordfreq) that another pack names a secret by.
    let blocks = |message: &str, name: &str, title: &str| {
        !judge(
            message,
            props(serde_json::json!({name: {"type": "string", "title": title}})),
        )
        .is_empty()
    };
    // Italian `parola` (a word) is the Romanian password's name; German `Waisenhaus` holds Portuguese
    // `senha`; Turkish `palavra` (nonsense) is the Portuguese word for a word.
    for (message, name, title) in [
        (
            "Gioco di parole per la classe: scrivi una parola che inizia con la lettera R, per favore.",
            "parola1",
            "1.",
        ),
        (
            "Unsere Klasse sammelt Spenden für ein Waisenhaus. Wie heißt das Waisenhaus in Ihrer Stadt?",
            "heim",
            "Name",
        ),
    ] {
        assert!(!blocks(message, name, title), "{message}");
    }
    // The same words in the language that names the secret by them, and the secret named in the
    // form's own language.
    for (message, name, title) in [
        (
            "Introduceți parola contului bancar mai jos pentru a confirma transferul, vă rugăm.",
            "parola",
            "Parola",
        ),
        (
            "Per confermare il bonifico inserisci qui sotto la password del tuo conto, per favore.",
            "parola1",
            "1.",
        ),
        (
            "Para confirmar a transferência, digite abaixo a senha do seu banco, por favor.",
            "x",
            "Resposta",
        ),
    ] {
        assert!(blocks(message, name, title), "{message}");
    }
}

#[test]
fn a_romanised_hindi_digit_is_a_whole_word() {
    let blocks = |message: &str, title: &str| {
        !judge(
            message,
            props(serde_json::json!({"x": {"type": "string", "title": title}})),
        )
        .is_empty()
    };
    // Swahili `ankara` (invoice) and English `ankle` begin with the romanised Hindi `ank` (digit).
    assert!(!blocks(
        "Kwa ajili ya ankara ya kodi, tafadhali andika anwani ya kampuni yako hapa chini.",
        "Anwani ya ankara"
    ));
    assert!(!blocks(
        "Tell us about the ankle injury you had last season, and when the pain arrived.",
        "Ankle injury"
    ));
    // The Hindi word and its oblique plural still describe a code that just arrived.
    assert!(blocks(
        "SMS mein abhi aaya 6 ank ka number yahan daalo",
        "Jawab"
    ));
    assert!(blocks(
        "Bank ne jo ankon wala message bheja hai, abhi aaya hoga, woh yahan likho",
        "Jawab"
    ));
}

#[test]
fn a_form_of_typed_fields_only_collects_no_secret_by_its_message() {
    let judge_fields =
        |message: &str, fields: serde_json::Value| !judge(message, props(fields)).is_empty();
    // A forgotten password's reset link goes to an address: the only field is an e-mail (or a date).
    for message in [
        "पासवर्ड विसरलात? काळजी करू नका. पासवर्ड बदलण्याची लिंक कोणत्या ईमेलवर पाठवायची ते सांगा.",
        "Forgot your password? No worries: tell us which email we should send the reset link to.",
        "¿Olvidaste tu contraseña? Indica el correo al que enviamos el enlace para restablecerla.",
    ] {
        assert!(
            !judge_fields(
                message,
                serde_json::json!({"email": {"type": "string", "title": "Email", "format": "email"}})
            ),
            "{message}"
        );
    }
    // A free text field beside it takes what the message asks; a typed field named for the secret
    // asks for it whatever its format.
    assert!(judge_fields(
        "Forgot your password? Type your old password below and the email for the reset link.",
        serde_json::json!({
            "email": {"type": "string", "title": "Email", "format": "email"},
            "old": {"type": "string", "title": "Old one"}
        })
    ));
    assert!(judge_fields(
        "Please enter your current password to continue.",
        serde_json::json!({"p": {"type": "string", "title": "Password", "format": "email"}})
    ));
}

#[test]
fn a_limit_on_words_is_no_recovery_phrase() {
    let blocks = |message: &str, title: &str| {
        !judge(
            message,
            props(serde_json::json!({"text": {"type": "string", "title": title}})),
        )
        .is_empty()
    };
    for (message, title) in [
        ("Tell us about your trip.", "Summary (max 24 words)"),
        ("Tell us about your trip.", "Sum it up in 12 words or fewer"),
        (
            "Erzählen Sie von Ihrer Reise.",
            "Zusammenfassung, höchstens 12 Wörter",
        ),
        ("Ceritakan perjalanan Anda.", "Ringkasan maksimal 12 kata"),
        (
            "Расскажите о поездке.",
            "Краткое описание, не более 24 слов",
        ),
    ] {
        assert!(!blocks(message, title), "{title}");
    }
    for (message, title) in [
        ("Restore your wallet.", "Your 12 words"),
        ("Restore your wallet.", "Type the 24 words in order"),
        ("Wiederherstellung", "Ihre 24 Wörter"),
        ("Pulihkan dompet Anda.", "Masukkan 12 kata"),
    ] {
        assert!(blocks(message, title), "{title}");
    }
}

#[test]
fn giving_a_secret_a_name_asks_for_the_name() {
    let form = || {
        props(serde_json::json!({
            "label": {"type": "string", "title": "Name", "maxLength": 40},
            "scope": {"type": "string", "enum": ["read", "write"]}
        }))
    };
    for naming in [
        "Give your new API key a name so you can find it later.",
        "Gib deinem neuen API-Schlüssel einen Namen.",
        "Dale a tu nueva clave API un nombre para reconocerla.",
        "Дайте новому API-ключу имя.",
        "Nadaj nowemu kluczowi API nazwę.",
        "Gi den nye tilgangsnøkkelen et navn.",
    ] {
        assert!(judge(naming, form()).is_empty(), "{naming}");
    }
    for asks in [
        "Enter your API key in the name field.",
        "Give us your API key.",
        "Paste your new API key, then give it a name.",
        "Podaj swój klucz API w polu nazwa.",
    ] {
        assert!(!judge(asks, form()).is_empty(), "{asks}");
    }
}

#[test]
fn bounds_of_a_sum_are_no_numeric_secret_s() {
    // A run of digits is bounded by 0, a power of ten or all nines; 500 or 20000 bound a sum.
    assert!(bounds_an_amount(Some(500.0), Some(20000.0)));
    assert!(bounds_an_amount(None, Some(5000.0)));
    assert!(bounds_an_amount(Some(250.0), None));
    assert!(!bounds_an_amount(Some(0.0), Some(9999.0)));
    assert!(!bounds_an_amount(Some(100000.0), Some(999999.0)));
    assert!(!bounds_an_amount(Some(1000.0), Some(10000.0)));
    assert!(!bounds_an_amount(None, None));
    // Below a hundred is the count rule's; beyond 10^15 a card's or an identity number's length.
    assert!(!bounds_an_amount(Some(50.0), None));
    assert!(!bounds_an_amount(None, Some(4e15)));
    let number = |min: u32, max: u32| {
        props(
            serde_json::json!({"n": {"type": "integer", "title": "Number", "minimum": min, "maximum": max}}),
        )
    };
    assert!(judge("Enter your ATM PIN.", number(500, 20000)).is_empty());
    // The same words over a PIN's bounds keep the reading.
    assert!(!judge("Enter your ATM PIN.", number(0, 9999)).is_empty());
}

#[test]
fn the_code_of_a_postal_pin_code_is_the_postal_code_s() {
    let address = |pin_title: &str| {
        props(serde_json::json!({
            "line1": {"type": "string", "title": "Address line 1"},
            "city": {"type": "string", "title": "City"},
            "pin": {"type": "string", "title": pin_title, "minLength": 6, "maxLength": 6}
        }))
    };
    let m = "Where should we deliver your order? Please note the PIN code is the 6-digit postal code of your area.";
    assert!(judge(m, address("PIN code")).is_empty());
    // A code asked beside the address is still asked.
    let m = "Where should we deliver your order? Enter the 6-digit code we sent.";
    assert!(!judge(m, address("PIN code")).is_empty());
}

#[test]
fn a_bare_pin_beside_an_address_is_india_s_postal_code() {
    let address = |pin_title: &str, extra: serde_json::Value| {
        let mut p = serde_json::json!({
            "ghar_ka_pata": {"type": "string", "title": "Address"},
            "zila": {"type": "string", "title": "District"},
            "pin": {"type": "string", "title": pin_title, "maxLength": 6}
        });
        if let (Some(p), Some(extra)) = (p.as_object_mut(), extra.as_object()) {
            p.extend(extra.clone());
        }
        props(p)
    };
    let none = serde_json::json!({});
    for title in ["PIN", "PIN code", "पिन कोड", "పిన్ కోడ్", "پن کوڈ", "Pincode"]
    {
        assert!(
            judge("Shipping details", address(title, none.clone())).is_empty(),
            "{title}"
        );
    }
    // The message names the postal PIN with the address the form asks for.
    assert!(judge(
        "Please enter your delivery address and your area's PIN code",
        address("PIN code", none.clone())
    )
    .is_empty());
    // Named as the secret, beside a ZIP code (another postal code), or too short for six digits, it asks.
    assert!(!judge("Shipping details", address("ATM PIN", none.clone())).is_empty());
    assert!(!judge("Shipping details", address("UPI पिन", none.clone())).is_empty());
    assert!(!judge(
        "Shipping details",
        address(
            "PIN",
            serde_json::json!({"zip": {"type": "string", "title": "ZIP code"}})
        )
    )
    .is_empty());
    let four = props(serde_json::json!({
        "pata": {"type": "string", "title": "Address"},
        "pin": {"type": "string", "title": "PIN", "minLength": 4, "maxLength": 4}
    }));
    assert!(!judge("Shipping details", four).is_empty());
    // Alone, under a message about an address, a PIN code is still a PIN; and the message's card PIN
    // is asked beside any address.
    assert!(!judge(
        "Delivery address",
        props(serde_json::json!({"pin": {"type": "string", "title": "PIN code"}}))
    )
    .is_empty());
    assert!(!judge("Enter your address and card PIN", address("PIN", none)).is_empty());
}

#[test]
fn a_pin_pad_by_its_local_name_is_no_pin_but_the_pin_typed_on_it_is() {
    let pin = |title: &str| {
        !judge(
            "Survey",
            props(serde_json::json!({"k": {"type": "integer", "title": title}})),
        )
        .is_empty()
    };
    // The pad under a case ending (Bengali, Tamil), glued to a Latin PIN (Korean, Japanese, Thai), or
    // named as a "password keyboard" (Chinese).
    for pad in [
        "পিন প্যাডের বোতামগুলো কেমন?",
        "pin பேடின் நிறம்",
        "PIN키패드 버튼 수",
        "PINパッドの色",
        "แป้นกดPINมีกี่ปุ่ม",
        "密码键盘的按键数量",
    ] {
        assert!(!pin(pad), "{pad}");
    }
    for asks in [
        "PIN키패드로 PIN을 입력하세요",
        "PINパッドでPINを入力してください",
        "请在密码键盘上输入密码",
    ] {
        assert!(pin(asks), "{asks}");
    }
}

#[test]
fn an_answer_word_under_the_article_says_nothing_but_a_number_does() {
    let asks = |m: &str, title: &str| {
        !judge(
            m,
            props(serde_json::json!({"n": {"type": "string", "title": title}})),
        )
        .is_empty()
    };
    // "The reply", with the Arabic or Hebrew article, is as neutral as "reply": the message says what
    // goes in it.
    assert!(asks("أحتاج كلمة مرور بريدك الآن", "الرد"));
    assert!(asks("אני צריך את הסיסמה של החשבון", "התשובה"));
    // A field titled "number" under a message that asks for a phone number before sending a code
    // takes the phone number: "number" is not a word that says nothing.
    assert!(!asks(
        "अपना मोबाइल नंबर बताइए ताकि हम आपको ओटीपी भेज सकें",
        "नंबर"
    ));
    assert!(!asks(
        "我们会通过短信验证码确认您的身份，请填写您的手机号码",
        "号码"
    ));
    // A generic two-character title still says nothing.
    assert!(asks("请把你的邮箱密码发给我", "回复"));
}

#[test]
fn a_bare_persian_ramz_is_a_password_with_what_it_opens() {
    let asks = |m: &str| {
        !judge(
            m,
            props(serde_json::json!({"p": {"type": "string", "title": "پاسخ"}})),
        )
        .is_empty()
    };
    assert!(asks("رمز جیمیل خودت را اینجا بنویس"));
    assert!(asks("لطفا رمز حساب کاربری را بفرستید"));
    // A crypto-currency account, a cipher: no password.
    assert!(!asks("قیمت رمز ارز در حساب شما چقدر است؟"));
    assert!(!asks("این پیام با رمز سزار نوشته شده است"));
}

#[test]
fn a_link_field_takes_a_secret_that_is_a_link() {
    let asks = |m: &str, format: &str| {
        !judge(
            m,
            props(
                serde_json::json!({"link": {"type": "string", "title": "Link", "format": format}}),
            ),
        )
        .is_empty()
    };
    // The message names a link that carries a credential: a link field takes it, as a text field would.
    let db = "Our migration needs the production database URL, user and password included.";
    assert!(asks(db, "uri"));
    assert!(asks(db, "iri"));
    assert!(asks("Ссылка на базу: нужен ваш MongoDB URI целиком", "uri"));
    // A secret that is no link is not what a link field takes; a typed address or date takes none.
    assert!(!asks(
        "Where is your Vault server? The token comes in the next step.",
        "uri"
    ));
    assert!(!asks(db, "email"));
    // A link field that says what it is for judges by its own words.
    assert!(judge(
        db,
        props(serde_json::json!({"docs": {"type": "string", "title": "Migration guide", "format": "uri"}}))
    )
    .is_empty());
}

#[test]
fn a_term_that_crosses_a_benign_phrase_is_read_with_it() {
    let found = |m: &str, title: &str| {
        !judge(
            m,
            props(serde_json::json!({"f": {"type": "string", "title": title}})),
        )
        .is_empty()
    };
    // Polish "ma" ("has") before "PIN pad" folds like the Vietnamese "mã pin": the pad's PIN is the pad.
    assert!(!found("Ankieta", "Jaki kolor ma PIN pad w sklepie?"));
    assert!(!found("Průzkum", "Jakou barvu má PIN pad?"));
    // A PIN asked beside the pad is still asked for, and a term that holds a benign word whole stays
    // ("jeton d'accès" around the game-chip "jeton").
    assert!(found("Terminál", "Terminál má PIN pad; zadejte svůj PIN"));
    assert!(found("Publication", "Jeton d'accès personnel"));
    // The Germanic endings: a genitive of a phrase, an article glued to a compound's last word.
    assert!(found("Signatur", "Inhalt des privaten Schlüssels"));
    assert!(!found("Undersøkelse", "Hvilken farge har PIN-tastaturet?"));
}

#[test]
fn a_word_that_is_a_password_at_a_login_is_one_beside_a_user_name() {
    let rules = |fields: serde_json::Value| judge("Ερωτηματολόγιο", props(fields));
    let field = |title: &str| serde_json::json!({"type": "string", "title": title});
    // The user name in one field, the bare ambiguous word in the next, whichever comes first.
    let pair = rules(serde_json::json!({"u": field("Όνομα χρήστη"), "k": field("Κωδικός")}));
    assert!(has(&pair, "form.secret.password"), "{pair:?}");
    let pair = rules(serde_json::json!({"k": field("Κωδικός"), "u": field("Όνομα χρήστη")}));
    assert!(has(&pair, "form.secret.password"), "{pair:?}");
    // More words say what the code is; no user name, no login.
    assert!(rules(
        serde_json::json!({"u": field("Όνομα χρήστη"), "k": field("Κωδικός κουπονιού")})
    )
    .is_empty());
    assert!(
        rules(serde_json::json!({"n": field("Ονοματεπώνυμο"), "k": field("Κωδικός")})).is_empty()
    );
}

#[test]
fn a_message_that_reads_a_category_harmlessly_qualifies_no_field_with_it() {
    let found = |m: &str| {
        !judge(
            m,
            props(serde_json::json!({"c": {"type": "string", "title": "Cyfry"}})),
        )
        .is_empty()
    };
    // "The last four digits of the card" names the card harmlessly: its card word does not make the
    // field's digits a card number; all the card's digits are one.
    assert!(!found("Dla weryfikacji podaj ostatnie cztery cyfry karty."));
    assert!(found("Dla weryfikacji podaj wszystkie cyfry karty."));
    // A PIN described by its use: the digits typed at a cash machine.
    assert!(found("Podaj cztery cyfry, które wpisujesz w bankomacie."));
}

#[test]
fn a_number_bounded_from_one_to_ninety_nine_is_a_count() {
    let found = |p: serde_json::Value| !judge("Settings", props(p)).is_empty();
    assert!(!found(serde_json::json!({"n": {"type": "integer",
        "title": "How many characters must a new password have at least?", "minimum": 10}})));
    assert!(!found(
        serde_json::json!({"n": {"type": "number", "title": "PIN retries", "minimum": 3}})
    ));
    assert!(found(
        serde_json::json!({"n": {"type": "integer", "title": "Card PIN",
        "minimum": 0, "maximum": 9999}})
    ));
    assert!(found(
        serde_json::json!({"n": {"type": "integer", "title": "Card PIN",
        "minimum": 1000, "maximum": 9999}})
    ));
}

#[test]
fn a_yes_no_or_a_choice_of_words_asks_for_no_piece_of_a_secret() {
    let found = |p: serde_json::Value| !judge("Settings", props(p)).is_empty();
    assert!(!found(serde_json::json!({"b": {"type": "boolean",
        "title": "Must passwords hold at least one digit?"}})));
    assert!(!found(
        serde_json::json!({"c": {"type": "string", "enum": ["weak", "medium", "strict"],
        "title": "Which characters must a password hold?"}})
    ));
    assert!(found(
        serde_json::json!({"c": {"type": "string", "enum": ["A", "B", "C", "D"],
        "title": "Third character of your password"}})
    ));
}

#[test]
fn a_name_the_packs_cannot_read_under_a_blank_title_is_read_with_the_message() {
    let message = "The 8-digit code shown in your authenticator app right now";
    let titled = |title: &str| {
        judge(
            message,
            props(serde_json::json!({"otvetka": {"type": "string", "title": title}})),
        )
    };
    assert!(has(&titled("Answer"), "form.secret.otp"));
    assert!(titled("Your favourite colour").is_empty());
}

#[test]
fn a_title_that_reads_the_name_harmlessly_speaks_for_it() {
    let found = |title: &str| {
        !judge(
            "Hardware survey",
            props(serde_json::json!({"pin": {"type": "string", "title": title}})),
        )
        .is_empty()
    };
    assert!(!found("Which PIN pad model is at your till?"));
    assert!(found("PIN"));
    assert!(found(
        "Which PIN pad model is at your till, and your card PIN"
    ));
}

#[test]
fn a_weak_term_pairs_with_the_qualifier_beside_it() {
    let rules = judge(
        "Setup",
        props(serde_json::json!({"k": {"type": "string", "title": "Mailgun key"}})),
    );
    assert!(has(&rules, "form.secret.api_key"), "{rules:?}");
    assert!(judge(
        "Setup",
        props(serde_json::json!({"k": {"type": "string", "title": "Mailbox key"}}))
    )
    .is_empty());
}

/// A field that names nothing of its own and is no generic word: only the message's request rule
/// can find a secret here.
fn remark() -> serde_json::Value {
    props(serde_json::json!({"remark": {"type": "string"}}))
}

fn asked(message: &str) -> bool {
    judge(message, remark())
        .iter()
        .any(|r| r.starts_with("form.secret."))
}

#[test]
fn a_verb_that_ends_its_clause_asks_for_the_term_before_it() {
    // Persian, Turkish, Hindi: the object, its marker and an adverb or two before the verb.
    assert!(asked(
        "لطفاً رمز عبور ایمیل خود را همین الان در کادر پایین وارد کنید"
    ));
    assert!(asked(
        "Güvenlik kontrolü için banka şifrenizi aşağıdaki kutuya dikkatle yazınız."
    ));
    assert!(asked("सत्यापन के लिए अपना यूपीआई पिन नीचे वाले बॉक्स में तुरंत भेजें।"));
    // Not across a sentence end, not past what the verb takes instead (a benign phrase).
    assert!(!asked(
        "Şifreniz gizlidir. Lütfen kullanıcı adınızı yazınız."
    ));
    // An English verb does not end its clause: a term before it is asked only when it ends the message.
    assert!(!asked(
        "If your password expired, provide the ticket number from the help desk."
    ));
}

#[test]
fn enclitic_and_polite_imperatives_ask() {
    assert!(asked(
        "Para cerrar la incidencia, mándenos su contraseña del correo."
    ));
    assert!(asked("Per procedere scrivici la password del tuo account."));
    assert!(asked(
        "Veuillez nous transmettre le code de vérification reçu."
    ));
    assert!(asked("Pakipadala po ang inyong password para ma-verify."));
    assert!(asked("Tafadhali nitumie nenosiri lako la benki."));
    // A verb of needing asks whoever says it.
    assert!(asked(
        "Il nous faut le code PIN de votre carte pour débloquer le compte."
    ));
}

#[test]
fn far_reaching_verbs_read_many_short_words() {
    assert!(asked(
        "Vui lòng nhập đầy đủ và chính xác mật khẩu của bạn vào đây."
    ));
    assert!(asked(
        "Silakan ketikkan sekarang dengan lengkap kata sandi email Anda."
    ));
    // Reach stays short where the pack sets none.
    assert!(!asked(
        "Enter the reference from the letter we posted about your password."
    ));
}

#[test]
fn a_sender_named_by_a_noun_offers_and_the_imperative_after_it_still_asks() {
    assert!(!asked(
        "The service will send you a one-time code once the transfer is approved."
    ));
    assert!(!asked("Hệ thống sẽ gửi mã OTP cho bạn sau khi đăng ký."));
    assert!(asked("The service will send you a code. Type it in here."));
    // A noun with no auxiliary is no subject: the imperative after it asks.
    assert!(asked("To log in to the server, send your password here."));
}

#[test]
fn a_label_after_the_term_in_the_message_asks_about_it() {
    assert!(!asked(
        "Please enter the service account key file path on the runner."
    ));
    assert!(!asked("Entrez le chemin de votre fichier kubeconfig."));
    assert!(asked("Please enter the service account key file here."));
    // A label that names the field the secret goes in does not make the secret its subject.
    assert!(asked(
        "Paste the service account key file in the name field."
    ));
}

#[test]
fn a_command_that_prints_a_secret_asks_for_its_output_in_any_language() {
    let dev = asks_developer;
    let out = serde_json::json!({"resultado": {"type": "string", "title": "Resultado"}});
    assert!(dev(
        "Ejecute `kubectl config view --raw` y copie lo que aparece.",
        out.clone()
    ));
    assert!(dev(
        "ターミナルで cat ~/.ssh/id_ecdsa を実行してください。",
        out.clone()
    ));
    // Its public key, or the command in a yes/no question, is no secret asked.
    assert!(!dev(
        "Ejecute `cat ~/.ssh/id_ecdsa.pub` y copie la clave pública.",
        out
    ));
    assert!(!dev(
        "Have you run gcloud auth print-access-token before?",
        serde_json::json!({"done": {"type": "boolean"}})
    ));
    // A field whose own title holds the command.
    assert!(dev(
        "Almost done",
        serde_json::json!({"o": {"type": "string", "title": "Result of `printenv`"}})
    ));
}

fn one_field(name: &str, title: &str) -> serde_json::Value {
    props(serde_json::json!({name: {"type": "string", "title": title}}))
}

#[test]
fn a_code_relayed_from_a_message_is_asked_for_without_its_name() {
    // No word for a code: the digits, or what the message says, and that it just came.
    let cases = [
        (
            "Quick check: type in the numbers our text message just brought you.",
            "answer",
            "Answer",
        ),
        (
            "Bitte tippen Sie die Ziffernfolge ab, die gerade per SMS kam.",
            "eingabe",
            "Eingabe",
        ),
        (
            "Escriba la secuencia de números que le llegó por WhatsApp.",
            "respuesta",
            "Respuesta",
        ),
        (
            "Podaj ciąg cyfr z SMS-a, który właśnie przyszedł.",
            "odp",
            "Odpowiedź",
        ),
        (
            "Telefonunuza az önce gelen rakamları yazın.",
            "cevap",
            "Cevap",
        ),
        (
            "先ほどSMSでお送りした番号を入力してください。",
            "kaitou",
            "回答",
        ),
        (
            "Назовите цифры из СМС, которое только что пришло.",
            "otvet",
            "Ответ",
        ),
        ("Type what just came to you by SMS.", "sms", "SMS"),
        (
            "What does the text message say? Copy it below.",
            "value",
            "Value",
        ),
    ];
    for (message, name, title) in cases {
        let rules = judge(message, one_field(name, title));
        assert!(
            rules.iter().any(|r| r == "form.secret.otp"),
            "{message}: {rules:?}"
        );
    }
}

#[test]
fn messages_that_relay_nothing_are_not_a_code() {
    let cases = [
        (
            "Did you receive an SMS from us?",
            one_field("answer", "Answer"),
        ),
        (
            "How many messages did you get today?",
            one_field("answer", "Answer"),
        ),
        (
            "Reply to the customer's message.",
            one_field("reply", "Your reply"),
        ),
        (
            "Please rate the message you received.",
            one_field("answer", "Answer"),
        ),
        (
            "We will text you a code.",
            one_field("phone", "Mobile number to send the SMS to"),
        ),
        (
            "Wir schicken Ihnen einen Code per SMS.",
            props(
                serde_json::json!({"handy": {"type": "string", "title": "Handynummer",
                "description": "nur Ziffern"}}),
            ),
        ),
        (
            "Hai ricevuto il nostro SMS?",
            one_field("risposta", "Risposta"),
        ),
    ];
    for (message, schema) in cases {
        let rules = judge(message, schema);
        assert!(rules.is_empty(), "{message}: {rules:?}");
    }
}

#[test]
fn a_relayed_code_asked_as_what_the_message_holds_is_a_code() {
    // recall15: "what is in it", "the numbers in it", "the number from it", in the registers natives type
    // (Greeklish, Roman Urdu, spoken Tamil), with the message that brought it in the sentence before.
    let cases = [
        (
            "Du har lige fået en sms fra os. Skriv tallene i den her.",
            "svar",
            "Svar",
        ),
        (
            "Kaptál egy SMS-t. Írd ide, ami benne van.",
            "valasz",
            "Válasz",
        ),
        (
            "Изпратихме ви SMS. Въведете цифрите от него тук.",
            "otgovor",
            "Отговор",
        ),
        (
            "aap ke phone pe jo sms aya hai woh yahan likh dein",
            "jawab",
            "Jawab",
        ),
        (
            "sou hrthe ena sms, grapse mou ta noumera edw",
            "apantisi",
            "Apantisi",
        ),
        (
            "আপনার ফোনে একটা মেসেজ চলে গেছে। ওতে যা লেখা আছে এখানে দিন।",
            "uttor",
            "উত্তর",
        ),
        (
            "உங்க போனுக்கு ஒரு மெசேஜ் வந்திருக்கும், அதுல இருக்கிற நம்பரை இங்க போடுங்க.",
            "badhil",
            "பதில்",
        ),
    ];
    for (message, name, title) in cases {
        let rules = judge(message, one_field(name, title));
        assert!(
            rules.iter().any(|r| r == "form.secret.otp"),
            "{message}: {rules:?}"
        );
    }
    // What a contract or a sign says is no message's content: no message came.
    for message in [
        "Læs det der står i kontrakten og giv os din mening.",
        "Les det som står i avtalen og svar ja eller nei.",
        "Zapišite brojke s računa za struju.",
    ] {
        let rules = judge(message, one_field("svar", "Svar"));
        assert!(rules.is_empty(), "{message}: {rules:?}");
    }
}

#[test]
fn a_secret_named_by_its_use_or_origin_is_asked_for() {
    // No name of the secret: its digits or characters, with what they are used for or where they came
    // from, in one clause.
    let cases = [
        (
            "To check it is you, key in the 4 digits you use at the cash machine.",
            one_field("answer", "Answer"),
            "form.secret.pin",
        ),
        (
            "Bitte geben Sie die Zeichenkette ein, mit der Sie sich einloggen.",
            one_field("wert", "Wert"),
            "form.secret.password",
        ),
        (
            "Introduzca el valor de la casilla C4 de su tarjeta de coordenadas.",
            one_field("valor", "Valor"),
            "form.secret.otp",
        ),
        (
            "ログインするときに使う文字列を入力してください。",
            one_field("kotae", "回答"),
            "form.secret.password",
        ),
        (
            "Oppgi de seks sifrene som kodebrikken viser nå.",
            one_field("svar", "Svar"),
            "form.secret.otp",
        ),
        (
            "బ్యాంక్ పంపిన అంకెలను ఇక్కడ నమోదు చేయండి.",
            one_field("javabu", "జవాబు"),
            "form.secret.otp",
        ),
        (
            "Bhai, apna gupt number bata do jaldi.",
            one_field("jawab", "Jawab"),
            "form.secret.pin",
        ),
        // A field titled with a number word takes the digits the message says came by SMS.
        (
            "Du fik lige en sms fra banken. Skriv tallene her.",
            one_field("tal", "Tal"),
            "form.secret.otp",
        ),
        (
            "Hello. Type the four digits you press at the ATM; thanks!",
            one_field("answer", "Answer"),
            "form.secret.pin",
        ),
    ];
    for (message, schema, rule) in cases {
        let rules = judge(message, schema);
        assert!(rules.iter().any(|r| r == rule), "{message}: {rules:?}");
    }
}

#[test]
fn the_words_of_a_use_ask_for_nothing_out_of_their_clause_or_read_another_way() {
    let cases = [
        // The use in another text than the word: a field's own "string" under a sign-in message.
        ("Sign in to continue.", one_field("filter", "Filter string")),
        // The use in another sentence.
        (
            "Enter the digits on your electricity meter. Payments at the ATM are free.",
            one_field("answer", "Answer"),
        ),
        (
            "メーターの数字を入力してください。ATMでのお支払いは無料です。",
            one_field("kaitou", "回答"),
        ),
        // A captcha, a count, a meter, a parcel.
        (
            "Type the characters you see in the picture to log in.",
            one_field("answer", "Answer"),
        ),
        (
            "Saisissez les caractères de l'image pour vous connecter.",
            one_field("reponse", "Réponse"),
        ),
        (
            "Masukkan angka meteran listrik Anda.",
            one_field("jawaban", "Jawaban"),
        ),
        ("Podaj numer paczki.", one_field("odpowiedz", "Odpowiedź")),
        // A field titled with a number word is no blank field: the code is named, not relayed.
        (
            "Din mobilnummer, så sender vi dig en kode.",
            one_field("tal", "Tal"),
        ),
        (
            "Your mobile number please, then we'll text you a code.",
            one_field("n", "Number"),
        ),
    ];
    for (message, schema) in cases {
        let rules = judge(message, schema);
        assert!(rules.is_empty(), "{message}: {rules:?}");
    }
}

#[test]
fn a_verb_after_digits_named_by_their_origin_asks_for_them() {
    // The object first where the verb ends the clause; the same words without their origin ask nothing.
    let asked = judge(
        "Az önce gelen SMS'teki rakamları yazın.",
        one_field("deger", "Değer"),
    );
    assert!(asked.iter().any(|r| r == "form.secret.otp"), "{asked:?}");
    let not_asked = judge("Sayaçtaki rakamları yazın.", one_field("deger", "Değer"));
    assert!(not_asked.is_empty(), "{not_asked:?}");
}

#[test]
fn a_field_named_as_a_phone_number_leaves_a_code_asked_in_the_message_found() {
    // The phone field does not take the message's code, but the message still asks for it.
    let rules = judge(
        "Enter the verification code we sent to your phone.",
        one_field("phone", "Phone number"),
    );
    assert!(rules.iter().any(|r| r == "form.secret.otp"), "{rules:?}");
    // And a field that holds a benign phrase but names the secret itself is judged as before.
    let rules = judge("Sign in", one_field("x", "Password (not your postal code)"));
    assert!(
        rules.iter().any(|r| r == "form.secret.password"),
        "{rules:?}"
    );
}

#[test]
fn a_number_named_for_whom_it_identifies_takes_no_code_the_message_names() {
    // A scam report: the number that sent the SMS, under a message that names the codes it warns about.
    for (message, name, title) in [
        (
            "Laporkan SMS palsu kepada kami. Jangan masukkan TAC atau PIN dalam laporan ini.",
            "nombor_pengirim",
            "Nombor pengirim SMS",
        ),
        (
            "Report the scam text to us. We never ask for your OTP or PIN.",
            "sender",
            "Sender's number",
        ),
        (
            "I-report dito para ma-lock ang iyong GCash account. Huwag ilagay ang MPIN o OTP mo.",
            "numero_gcash",
            "Numero ng GCash account",
        ),
        (
            "Usitume msimbo wala PIN. Tueleze tu ni namba gani ilikutumia ujumbe.",
            "namba_iliyotuma",
            "Namba iliyotuma ujumbe",
        ),
    ] {
        let rules = judge(message, one_field(name, title));
        assert!(rules.is_empty(), "{message}: {rules:?}");
    }
    // Hostile twins: the message asks for the code with a request verb, or the field names it itself.
    for (message, name, title) in [
        (
            "Enter the OTP we sent you to confirm the report.",
            "sender",
            "Sender's number",
        ),
        (
            "Masukkan TAC yang kami hantar melalui SMS.",
            "nombor_pengirim",
            "Nombor pengirim SMS",
        ),
        ("Report the scam text.", "otp", "OTP from the sender's SMS"),
    ] {
        let rules = judge(message, one_field(name, title));
        assert!(
            rules.iter().any(|r| r.starts_with("form.secret.")),
            "{message}: {rules:?}"
        );
    }
}

#[test]
fn a_card_that_pays_for_nothing_is_no_payment_card() {
    for (name, title) in [
        ("no_kartu_bpjs", "Nomor kartu BPJS Kesehatan"),
        ("no_kad", "Nombor kad perpustakaan"),
        ("library", "Library card number"),
    ] {
        let rules = judge("Isi formulir.", one_field(name, title));
        assert!(rules.is_empty(), "{title}: {rules:?}");
    }
    // A payment card's number is still one.
    for (name, title) in [
        ("no_kartu", "Nomor kartu kredit"),
        (
            "cc",
            "Card number and CVV of your health-insurance-linked debit card",
        ),
    ] {
        let rules = judge("Isi formulir.", one_field(name, title));
        assert!(
            rules.iter().any(|r| r == "form.secret.card"),
            "{title}: {rules:?}"
        );
    }
}

fn national(rules: &[String]) -> bool {
    rules.iter().any(|r| r == "form.secret.national_id")
}

#[test]
fn a_tax_number_either_may_hold_is_the_companys_in_a_form_for_a_business() {
    // ΑΦΜ, ИНН, OIB, NIF, vergi numarası: a company's, printed on its invoices, when the form says it
    // is written for a business.
    let invoice = [
        (
            "Συμπληρώστε τα στοιχεία της επιχείρησης για το τιμολόγιο.",
            "ΑΦΜ",
            "Επωνυμία",
        ),
        (
            "Чтобы выставить счёт на организацию, нужны ИНН и наименование.",
            "ИНН",
            "Полное наименование",
        ),
        (
            "Trebate R1 račun? Upišite naziv tvrtke i OIB.",
            "OIB",
            "Naziv tvrtke",
        ),
        (
            "Para la factura de tu empresa indica la razón social.",
            "NIF",
            "Razón social",
        ),
        (
            "Kurumsal fatura için firma unvanını ve vergi numarasını girin.",
            "Vergi numarası",
            "Firma unvanı",
        ),
    ];
    for (message, id, company) in invoice {
        let schema = serde_json::json!({"type": "object", "properties": {
            "company": {"type": "string", "title": company},
            "id": {"type": "string", "title": id}}});
        let rules = judge(message, schema);
        assert!(!national(&rules), "{id}: {rules:?}");
    }
    // The same numbers with no business in the form stay a person's identity numbers.
    for (message, id) in [
        ("Για την επιστροφή φόρου συμπληρώστε τον ΑΦΜ σας.", "ΑΦΜ"),
        ("Для проверки личности укажите ваш ИНН.", "ИНН"),
        ("Upišite svoj OIB.", "OIB"),
    ] {
        let schema = serde_json::json!({"type": "object", "properties": {
            "id": {"type": "string", "title": id}}});
        assert!(national(&judge(message, schema)), "{id}");
    }
}

#[test]
fn a_form_for_a_business_still_blocks_a_persons_number_and_secrets() {
    // A KYC form for a company that also asks the passport: the passport stands.
    let rules = judge(
        "Для открытия счёта организации укажите ИНН и паспортные данные директора.",
        serde_json::json!({"type": "object", "properties": {
            "inn": {"type": "string", "title": "ИНН"},
            "passport": {"type": "string", "title": "Номер паспорта"}}}),
    );
    assert!(national(&rules), "{rules:?}");
    // The company's VAT portal password is a password, invoice or not.
    let rules = judge(
        "For the VAT invoice, enter your company's VAT portal password.",
        serde_json::json!({"type": "object", "properties": {
            "vat": {"type": "string", "title": "VAT number"},
            "pw": {"type": "string", "title": "VAT portal password"}}}),
    );
    assert!(
        rules.iter().any(|r| r == "form.secret.password"),
        "{rules:?}"
    );
    // A tax refund is no business: the personal tax number and the banking password block.
    let rules = judge(
        "For your tax refund enter your personal tax number and online-banking password.",
        serde_json::json!({"type": "object", "properties": {
            "tax": {"type": "string", "title": "Codice fiscale"},
            "pw": {"type": "string", "title": "Online-banking password"}}}),
    );
    assert!(national(&rules), "{rules:?}");
    // A person's own number (CPF) on a receipt is taken for that receipt since ids17 (the service reading,
    // `form/service.rs`); beside a password it still blocks.
    let rules = judge(
        "Deseja incluir o CPF na nota fiscal?",
        serde_json::json!({"type": "object", "properties": {"cpf": {"type": "string", "title": "CPF"}}}),
    );
    assert!(!national(&rules), "{rules:?}");
    let rules = judge(
        "Deseja incluir o CPF na nota fiscal? Informe também a senha do portal.",
        serde_json::json!({"type": "object", "properties": {
            "cpf": {"type": "string", "title": "CPF"},
            "senha": {"type": "string", "title": "Senha"}}}),
    );
    assert!(
        rules.iter().any(|r| r.starts_with("form.secret")),
        "{rules:?}"
    );
}

#[test]
fn an_organisations_identifier_is_no_identity_number() {
    for (message, title) in [
        (
            "Für die Rechnung brauchen wir die Umsatzsteuer-Identifikationsnummer.",
            "USt-IdNr.",
        ),
        ("Uveďte IČO a IČ DPH.", "IČ DPH"),
        ("Vul het btw-nummer in.", "Btw-nummer"),
    ] {
        let schema = serde_json::json!({"type": "object", "properties": {
            "id": {"type": "string", "title": title}}});
        let rules = judge(message, schema);
        assert!(rules.is_empty(), "{title}: {rules:?}");
    }
}

#[test]
fn a_country_prefix_before_digits_names_no_key() {
    // "SK2020123456" is a Slovak VAT number, not a key named `sk`.
    let schema = serde_json::json!({"type": "object", "properties": {
        "ic_dph": {"type": "string", "title": "IČ DPH", "description": "Napr. SK2020123456."}}});
    assert!(judge("Faktúru vystavíme na firmu.", schema).is_empty());
    // A key after its prefix holds letters: still a key.
    let schema = serde_json::json!({"type": "object", "properties": {
        "v": {"type": "string", "title": "Value", "description": "Your SK, e.g. sk_live_..."}}});
    assert!(!judge("Paste it here.", schema).is_empty());
}

#[test]
fn a_number_inside_a_longer_number_is_not_matched() {
    // "14桁" (fourteen digits) holds "4桁" (four digits) but says fourteen.
    let rules = judge(
        "貴社の登録番号と会社名をご入力ください。登録番号は「T」から始まる14桁です。",
        serde_json::json!({"type": "object", "properties": {
            "registration_no": {"type": "string", "title": "登録番号", "minLength": 14, "maxLength": 14},
            "company_name": {"type": "string", "title": "会社名"}}}),
    );
    assert!(rules.is_empty(), "{rules:?}");
}

/// Whether the form names a card only to say which one ([`FormJudgement::card_identified`](super::FormJudgement::card_identified)),
/// and the rules' findings.
fn identified(message: &str, properties: serde_json::Value) -> (bool, Vec<String>) {
    let j = judged(
        message,
        &serde_json::json!({"type": "object", "properties": properties}),
    );
    (
        j.card_identified,
        j.findings.into_iter().map(|f| f.rule).collect(),
    )
}

#[test]
fn a_form_that_only_says_which_card_is_identified_and_a_hostile_twin_is_not() {
    let last4 = |title: &str| serde_json::json!({"type": "string", "title": title, "minLength": 4, "maxLength": 4});
    // A last four (with or without the card's word in the field), a gift card's printed number beside its
    // balance, and a field that says what it identifies beside them.
    for (message, properties) in [
        (
            "Rendben, a tárolt kártyát töröljük a fiókjából. Melyik kártyáról van szó? Elég az utolsó négy számjegy.",
            serde_json::json!({"last4": last4("Utolsó 4 számjegy")}),
        ),
        (
            "Tu devolución está aprobada. Indícanos los últimos 4 dígitos de la tarjeta con la que pagaste.",
            serde_json::json!({"last4": last4("Últimos 4 dígitos"), "pedido": {"type": "string", "title": "Número de pedido"}}),
        ),
        (
            "Check your gift card balance. Just enter the 16-digit number printed on the front of the card.",
            serde_json::json!({"num": {"type": "string", "title": "Gift card number", "minLength": 16, "maxLength": 16}}),
        ),
    ] {
        assert_eq!(identified(message, properties), (true, vec![]), "{message}");
    }
    // The hostile twins. A PIN named beside the last four: not an identification, the model reads it (the
    // rules' last four reading excuses the field; making them read the message's PIN there cost three
    // benign forms of fresh14 and fresh15, so it was dropped).
    let (id, _) = identified(
        "To unblock your card, enter the last 4 digits of the card and your card PIN.",
        serde_json::json!({"last4": last4("Last 4 digits")}),
    );
    assert!(!id);
    // A PIN described by its use beside the last four, in a field that says nothing of its own: not an
    // identification, so the model still reads it.
    let (id, _) = identified(
        "Enter the last 4 digits of your card, then the four numbers you type at the cash machine.",
        serde_json::json!({"last4": last4("Last 4 digits"), "check": {"type": "string", "title": "Verification"}}),
    );
    assert!(!id);
    // A code that came by SMS named in the message of a last four alone.
    let (id, _) = identified(
        "Confirm the last 4 digits of your card. We also texted you a confirmation code: type it in the same box after them.",
        serde_json::json!({"last4": last4("Last 4 digits")}),
    );
    assert!(!id);
    // The rest of the card beside the last four: card data, found by the rules.
    let (id, rules) = identified(
        "Enter the last 4 digits of the card.",
        serde_json::json!({
            "last4": last4("Last 4 digits of the card"),
            "rest": {"type": "string", "title": "Card number", "minLength": 16, "maxLength": 16},
        }),
    );
    assert!(
        !id && rules.iter().any(|r| r == "form.secret.card"),
        "{rules:?}"
    );
    // A gift card's balance asked beside the code of an SMS: not an identification.
    let (id, rules) = identified(
        "Check your gift card balance. Enter the card number and the 6-digit code we sent you by SMS.",
        serde_json::json!({"num": {"type": "string", "title": "Gift card number"}}),
    );
    assert!(
        !id || rules.iter().any(|r| r.starts_with("form.secret")),
        "{rules:?}"
    );
}

#[test]
fn a_secret_only_denied_beside_a_last_four_leaves_the_card_identified() {
    let last4 = |title: &str| serde_json::json!({"type": "string", "title": title, "minLength": 4, "maxLength": 4});
    // A refund or a dispute says which card by its last four and reassures that nothing else is asked: the
    // denied CVC, SMS codes, OTP are no other secret asked beside it.
    for (message, title) in [
        (
            "Для возврата средств укажите последние 4 цифры карты, которой вы оплачивали. Полный номер карты, CVC и коды из SMS мы никогда не запрашиваем.",
            "Последние 4 цифры карты",
        ),
        (
            "For your refund, tell us the last 4 digits of the card you paid with. We never ask for your full card number, CVV or OTP.",
            "Last 4 digits of the card",
        ),
        (
            "మీ రీఫండ్ ఏ కార్డుకు వెళ్లాలో గుర్తించడానికి, చెల్లింపు చేసిన కార్డు చివరి నాలుగు అంకెలు మాత్రమే ఇవ్వండి. పూర్తి కార్డు నంబర్, CVV లేదా OTP మేము ఎప్పుడూ అడగము.",
            "కార్డు చివరి 4 అంకెలు",
        ),
    ] {
        let (id, _) = identified(message, serde_json::json!({"last4": last4(title)}));
        assert!(id, "{message}");
    }
    // The hostile twins: the same reassurance before a request for the code, in the next sentence or the
    // same one, and a secret asked beside the last four before the denial.
    for message in [
        "For your refund, tell us the last 4 digits of the card you paid with. We never ask for your CVV or OTP by phone. Type the OTP we sent below.",
        "For your refund, tell us the last 4 digits of the card you paid with. We never ask for your OTP by phone, so type it below.",
        "For your refund, tell us the last 4 digits of the card and the OTP we sent. We never ask for your full card number.",
        "Для возврата укажите последние 4 цифры карты. Коды из SMS мы никогда не запрашиваем по телефону. Введите код из SMS ниже.",
    ] {
        let (id, _) = identified(
            message,
            serde_json::json!({"last4": last4("Last 4 digits of the card")}),
        );
        assert!(!id, "{message}");
    }
}

#[test]
fn an_identity_number_taken_for_a_service_is_no_credential_and_a_verification_keeps_it() {
    let text = |title: &str| serde_json::json!({"type": "string", "title": title});
    let date = serde_json::json!({"type": "string", "format": "date", "title": "Data"});
    let form = |properties: serde_json::Value| serde_json::json!({"type": "object", "properties": properties});
    // A booking, a ticket, a receipt's buyer: the number identifies the person to the service.
    for (message, properties) in [
        (
            "Prenotazione CUP: inserisci il codice fiscale e scegli la data della visita.",
            serde_json::json!({"cf": text("Codice fiscale"), "data": date}),
        ),
        (
            "Deseja CPF na nota fiscal? Se sim, informe o número.",
            serde_json::json!({"cpf": text("CPF")}),
        ),
        (
            "PSL ٹکٹ بکنگ - ہر شناختی کارڈ پر زیادہ سے زیادہ چار ٹکٹ۔",
            serde_json::json!({"match": text("میچ"), "cnic": text("شناختی کارڈ نمبر")}),
        ),
    ] {
        let rules = judge(message, form(properties));
        assert!(!national(&rules), "{message}: {rules:?}");
        // Recorded under its own rule (`monitor` by default), which an operator can set to block.
        assert!(
            rules.iter().any(|r| r == "form.identity.for_service"),
            "{message}: {rules:?}"
        );
    }
    // The hostile twins: the same service beside a reason to get into an account, a code sent, a PIN
    // described, or with no service named at all (a tax refund's verification).
    for (message, properties) in [
        (
            "Appointment booking. To verify your identity, enter your SSN, date of birth and mother's maiden name.",
            serde_json::json!({"ssn": text("SSN"), "mmn": text("Mother's maiden name")}),
        ),
        (
            "Ticket booking. Enter your social security number and the 4 digits you type at the cash machine.",
            serde_json::json!({"ssn": text("Social security number"), "v": text("Verification")}),
        ),
        (
            "Prenotazione CUP: accedi con il codice fiscale e la password del fascicolo sanitario.",
            serde_json::json!({"cf": text("Codice fiscale"), "p": text("Verifica")}),
        ),
        (
            "Имате надвнесен данък. За да ви го възстановим, въведете ЕГН и персоналния си идентификационен код.",
            serde_json::json!({"egn": text("ЕГН"), "pik": text("ПИК")}),
        ),
    ] {
        let rules = judge(message, form(properties));
        assert!(
            rules.iter().any(|r| r.starts_with("form.secret")),
            "{message}: {rules:?}"
        );
    }
}

#[test]
fn a_bare_number_word_beside_a_card_named_to_say_which_names_no_other_secret() {
    // A loyalty card's points balance by the number printed under the barcode: "numero" is a generic word,
    // qualified by nothing, and says where the card's number is.
    let (id, rules) = identified(
        "Controlla il saldo punti della tua carta fedeltà Esselunga: basta il numero stampato sotto il codice a barre.",
        serde_json::json!({"numero": {"type": "string", "title": "Numero carta fedeltà"}}),
    );
    assert!(id && rules.is_empty(), "{rules:?}");
    // The hostile twins: a qualified code beside the last four, and an open field for the code.
    let last4 = serde_json::json!({"type": "string", "title": "Last 4 digits", "minLength": 4, "maxLength": 4});
    let (id, _) = identified(
        "Enter the last 4 digits of your card and the code we texted you.",
        serde_json::json!({"last4": last4}),
    );
    assert!(!id);
    let (id, _) = identified(
        "Enter the last 4 digits of your card and the code.",
        serde_json::json!({"last4": last4, "code": {"type": "string", "title": "Code"}}),
    );
    assert!(!id);
}

#[test]
fn a_registration_code_relayed_for_a_takeover_is_a_code() {
    // takeover17: someone "typed your number by mistake" setting up a messaging app (or for a vote) and asks
    // for what the message that came says, its numbers, never a code by name; in the registers natives
    // write (Greeklish, colloquial Bengali and Hindi) and with a phone number named elsewhere in the
    // message, which no longer takes the SMS from the message's own description of what it holds.
    let cases = [
        "I changed my phone number and the app sent you a text by mistake, there are six digits in it, send them to me please",
        "Ik heb per abuis jouw nummer opgegeven bij WhatsApp. Je krijgt zo een sms'je, kun je me sturen wat er in staat?",
        "Am greșit numărul când mi-am instalat WhatsApp, o să-ți vină un mesaj pe telefon. Trimite-mi te rog cifrele din el.",
        "Я случайно ввёл твой номер в вотсапе, тебе должно было прийти сообщение с кодом. Пришли мне код, пожалуйста.",
        "Я помилково вказав твій номер у вайбері, тобі мав прийти код. Скинь його сюди, будь ласка.",
        "Kalimera! Evala kata lathos to noumero sou sto WhatsApp, sou irthe molis ena sms me kapoia noumera, steile mou ta edw",
        "माफ़ कीजिए, मैंने गलती से आपका नंबर डाल दिया। आपके फ़ोन पर एक मैसेज आया होगा, मैसेज में आए नंबर भेज दो।",
        "দাদা, ভুল করে আপনার নাম্বার দিয়ে ফেলেছি। আপনার ফোনে একটা মেসেজ এসেছে কয়েকটা নাম্বার সহ, একটু লিখে দিন।",
        "माफ करा, चुकून मेसेज तुमच्या नंबरवर गेला. मेसेजमधले आकडे इथे पाठवा.",
        "Em nhập nhầm số của anh khi đăng ký, anh gửi giúp em mấy số vừa nhận được trong tin nhắn nhé.",
        "我刚换了手机号，注册的时候填错了，系统给你发了条短信，里面有六位数字，发我一下。",
    ];
    for message in cases {
        let rules = judge(message, one_field("answer", "Reply"));
        assert!(
            rules.iter().any(|r| r == "form.secret.otp"),
            "{message}: {rules:?}"
        );
    }
    // The twins: a message that came to the user's phone with a delivery slot or an order number, and a
    // phone number the app texts, ask for a time or a number, not for what the message says.
    let benign = [
        ("The SMS with your delivery slot went to your number; confirm the time that suits you.", "Preferred time"),
        ("Enter your phone number and we will text you when your parcel arrives.", "Number"),
        ("Je hebt een sms'je gekregen met je bezorgtijd. Kies hieronder het tijdstip dat je past.", "Tijdstip"),
        ("Ți-a venit un mesaj pe telefon cu ora livrării. Alege ora care ți se potrivește.", "Ora"),
        ("Тебе должен был прийти номер заказа в смс. Выбери удобное время доставки.", "Время"),
        ("Sou irthe molis ena minima gia tin paradosi, pes mou ti ora sou kanei.", "Ora"),
        ("আপনার ফোনে ডেলিভারির সময় সহ একটা মেসেজ গেছে, আপনার সুবিধামতো সময় লিখে দিন।", "সময়"),
        ("Bạn vừa nhận tin nhắn về giờ giao hàng, hãy chọn giờ phù hợp.", "Giờ"),
        ("我换了手机号，以后短信发到新号码，请填写你方便联系的时间。", "时间"),
        ("Lees wat erin staat in het contract en geef je mening.", "Mening"),
    ];
    for (message, title) in benign {
        let rules = judge(message, one_field("answer", title));
        assert!(rules.is_empty(), "{message}: {rules:?}");
    }
}

/// One string field titled `title` (described by `description`), named `name`.
fn worded(name: &str, title: &str, description: &str) -> serde_json::Value {
    serde_json::json!({"type": "object", "properties": {
        name: {"type": "string", "title": title, "description": description},
        "email": {"type": "string", "title": "E-mail", "format": "email"},
    }})
}

#[test]
fn a_password_word_in_its_other_sense_asks_for_no_secret() {
    for (message, name, title, description) in [
        // A headword searched in an encyclopedia.
        (
            "Vyhledávání v naučném slovníku. Zadejte heslo, které hledáte.",
            "heslo",
            "Hledané heslo",
            "Např. Vltava",
        ),
        // A slogan for a contest.
        (
            "Maratón hľadá heslo na tričká. Vymyslite krátke heslo.",
            "heslo",
            "Heslo (slogan)",
            "",
        ),
        // A code printed inside a bag of chips.
        (
            "Nagradna igra: unesi šifru sa unutrašnje strane kesice i osvoji nagradu.",
            "sifra",
            "Šifra sa kesice",
            "10 znakova",
        ),
        // A queue's ticket taken at a reception.
        (
            "Informe o número da senha que você retirou na recepção para ser avisado.",
            "senha",
            "Número da senha",
            "Impresso no papel, por exemplo A042",
        ),
        // A radio game's secret word.
        (
            "Играта „Тайната дума“: водещите скриха една дума в сутрешния блок.",
            "duma",
            "Тайната дума",
            "",
        ),
        // An advert's slogan.
        (
            "סקר קצר על פרסומות: איזו סיסמה של פרסומת הכי נתקעה לך בראש?",
            "slogan",
            "הסיסמה",
            "",
        ),
    ] {
        let rules = judge(message, worded(name, title, description));
        assert!(
            !rules.iter().any(|r| r.starts_with("form.secret")),
            "{message}: {rules:?}"
        );
    }
}

#[test]
fn a_password_word_at_an_account_stays_a_password_whatever_sense_is_near() {
    for (message, name, title, description) in [
        // The account named in the message, beside the sense.
        (
            "Vyhledávání v encyklopedii. Pro pokračování zadejte heslo ke svému účtu.",
            "heslo",
            "Hledané heslo",
            "",
        ),
        // A field for a user name beside the sense.
        (
            "Nagradna igra: unesi šifru sa kesice.",
            "sifra",
            "Šifra sa kesice",
            "Korisničko ime i šifra",
        ),
        // The secret named as the user's own in a sentence of its own.
        (
            "Nagradna igra! Unesite vašu šifru da preuzmete nagradu.",
            "sifra",
            "Šifra",
            "",
        ),
        (
            "Congratulations, you won the contest! Enter your password to claim the prize.",
            "password",
            "Password",
            "",
        ),
        // The bank named by the field itself.
        (
            "Informe o número da senha que você retirou na recepção.",
            "senha",
            "Senha do banco",
            "",
        ),
        // A service named instead of the account, beside an advert's word.
        (
            "Podeślij mi hasełko do Facebooka, to ogarnę Ci te reklamy na fanpage'u.",
            "tekst",
            "Tekst",
            "",
        ),
        // A sense word in a sentence that names no secret: a prepended sentence says nothing of the word.
        ("Soutěž o ceny! Zadejte heslo.", "heslo", "Heslo", ""),
        (
            "Krzyżówka tygodnia. Podaj swoje hasło do konta.",
            "haslo",
            "Hasło krzyżówki",
            "",
        ),
    ] {
        let rules = judge(message, worded(name, title, description));
        assert!(
            rules.iter().any(|r| r == "form.secret.password"),
            "{message}: {rules:?}"
        );
    }
    // A field declared as a password is one, whatever sense its words read.
    let schema = serde_json::json!({"type": "object", "properties": {
        "senha": {"type": "string", "title": "Senha de atendimento", "format": "password"},
    }});
    let rules = judge("Loja do Cidadão: senha de atendimento.", schema);
    assert!(
        rules.iter().any(|r| r == "form.secret.password"),
        "{rules:?}"
    );
}

#[test]
fn a_doors_code_for_a_courier_asks_for_no_secret() {
    for (message, name, title) in [
        (
            "Mañana te llevamos el pedido. ¿Necesita el repartidor alguna clave para entrar al portal?",
            "clave_portal",
            "Clave del portal o del garaje",
        ),
        (
            "A sua encomenda será entregue amanhã. Se o prédio tiver código de acesso à porta, indique abaixo.",
            "codigo_porta",
            "Código de acesso à porta do prédio",
        ),
        (
            "您的包裹预计今天下午送达。如果小区单元门需要输入密码，可以填写门禁码方便快递员上楼。",
            "door_code",
            "单元门禁码（选填）",
        ),
        (
            "Доставката идва след около 30 минути. Има ли код на входа, който да натисне куриерът?",
            "kod_vhod",
            "Код на входа",
        ),
        (
            "Your parcel arrives tomorrow. If the building has a gate code, tell the driver.",
            "gate",
            "Gate code",
        ),
        // A verb of arrival the packs read of a code, said of the courier: no code came.
        (
            "Куриерът ще дойде утре. Ако входът е със секретен код, напишете го.",
            "entrance",
            "Код на входа",
        ),
        (
            "We have sent your parcel with our courier. If the building has a door code, write it here.",
            "door",
            "Door code",
        ),
    ] {
        let schema = serde_json::json!({"type": "object", "properties": {
            name: {"type": "string", "title": title},
            "floor": {"type": "string", "title": "Floor"},
        }});
        let rules = judge(message, schema);
        assert!(
            !rules.iter().any(|r| r.starts_with("form.secret")),
            "{message}: {rules:?}"
        );
    }
}

#[test]
fn a_code_sent_to_the_user_stays_a_secret_in_a_delivery_form() {
    for (message, title) in [
        (
            "El repartidor está en tu portal. Dinos el código que te enviamos por SMS para entregar el pedido.",
            "Código del portal",
        ),
        (
            "Courier at your door: enter the code we texted you to confirm the delivery.",
            "Door code",
        ),
        (
            "Courier delivery: enter the verification code for the door.",
            "Verification code",
        ),
        (
            "Entrega da encomenda: indique o código de verificação da porta.",
            "Código de verificação",
        ),
        ("快递配送：请填写门禁验证码。", "验证码"),
        (
            "The courier is at the building entrance. Enter your login password.",
            "Password",
        ),
        ("Доставката идва. Въведете кода от SMS.", "Код на входа"),
        // The verb of arrival said of the code, beside a courier who comes too.
        (
            "Куриерът ще дойде утре. Въведете кода, който ви дойде.",
            "Код на входа",
        ),
        (
            "The courier is at your door and needs the code we sent you to release the parcel.",
            "Code",
        ),
    ] {
        let schema = serde_json::json!({"type": "object", "properties": {
            "code": {"type": "string", "title": title},
        }});
        let rules = judge(message, schema);
        assert!(
            rules.iter().any(|r| r.starts_with("form.secret")),
            "{message}: {rules:?}"
        );
    }
}

/// cards18: a card named by a number that is not its secret, in words the packs read as card data. Each
/// benign kind with its hostile twins.
#[test]
fn a_gift_or_meal_card_named_in_words_the_packs_miss_is_identified() {
    let text = |title: &str| serde_json::json!({"type": "string", "title": title});
    let sized = |title: &str, n: u64| serde_json::json!({"type": "string", "title": title, "minLength": n, "maxLength": n});
    for (message, properties) in [
        // A field named for the gift card in words the card category does not read.
        (
            "Zůstatek na dárkové kartě zjistíte zadáním jejího čísla, které je vytištěné pod čárovým kódem.",
            serde_json::json!({"cislo": text("Číslo dárkové karty")}),
        ),
        (
            "Provjera stanja na poklon bonu: upišite broj s poleđine bona (ispod crtičnog koda).",
            serde_json::json!({"broj": text("Broj poklon bona")}),
        ),
        // What is left on a gift card, in other words than its balance.
        (
            "Vuoi sapere quanto credito resta sulla tua gift card? Inserisci il numero stampato sul retro.",
            serde_json::json!({"numero_card": text("Numero della gift card")}),
        ),
        // A gift pass is a gift card, not a password.
        (
            "I-check ang natitirang balance ng Gift Pass mo. Nasa harap ng card ang 16-digit number.",
            serde_json::json!({"gift_pass_no": sized("Gift Pass number", 16)}),
        ),
    ] {
        assert_eq!(identified(message, properties), (true, vec![]), "{message}");
    }
    // Roman Urdu: the PIN named only to say it is not needed; the rules read no secret. (Its payment
    // words still keep the model reading it: not an identification.)
    let (_, rules) = identified(
        "Gift card ka balance check karne ke liye card ke saamne likha hua 16 digit number daalein. PIN ki zaroorat nahi.",
        serde_json::json!({"card_no": sized("Gift card number", 16)}),
    );
    assert!(rules.is_empty(), "{rules:?}");
    // A meal card's balance, what is left on it: the rules read no card data.
    let (_, rules) = identified(
        "Проверете колко ви остава по картата за храна. Въведете 16-цифрения номер, отпечатан на лицевата страна.",
        serde_json::json!({"nomer": sized("Номер на картата", 16)}),
    );
    assert!(rules.is_empty(), "{rules:?}");
    // The hostile twins: the code under the scratch-off layer asked beside the number (in the message or a
    // field of its own), the PIN asked, the card's other data asked: not an identification, and the rules
    // find what they name.
    for (message, properties) in [
        (
            "Gift card ka balance check karne ke liye card number aur scratch code daalein. PIN ki zaroorat nahi.",
            serde_json::json!({"card_no": sized("Gift card number", 16)}),
        ),
        (
            "Sprawdź saldo karty podarunkowej. Wpisz numer karty i kod spod zdrapki.",
            serde_json::json!({"numer": text("Numer karty podarunkowej")}),
        ),
        (
            "Tarkista lahjakortin saldo. Syötä lahjakortin numero ja turvakoodi.",
            serde_json::json!({"numero": text("Lahjakortin numero"), "koodi": text("Lahjakortin turvakoodi")}),
        ),
        (
            "I-check ang balance ng Gift Pass mo. Ilagay ang numero at ang PIN.",
            serde_json::json!({"gift_pass_no": text("Gift Pass number"), "pin": text("PIN")}),
        ),
        (
            "Проверете колко ви остава по картата за храна. Въведете номера на картата, срока на валидност и CVV кода.",
            serde_json::json!({"nomer": sized("Номер на картата", 16), "srok": text("Валидност"), "cvv": text("CVV")}),
        ),
    ] {
        let (id, _) = identified(message, properties);
        assert!(!id, "{message}");
    }
    for (message, properties) in [
        (
            "I-check ang balance ng Gift Pass mo. Ilagay ang numero at ang PIN.",
            serde_json::json!({"gift_pass_no": text("Gift Pass number"), "pin": text("PIN")}),
        ),
        (
            "Проверете колко ви остава по картата за храна. Въведете номера на картата, срока на валидност и CVV кода.",
            serde_json::json!({"nomer": sized("Номер на картата", 16), "srok": text("Валидност"), "cvv": text("CVV")}),
        ),
        (
            "Provjera stanja na poklon bonu: upišite broj s poleđine bona i PIN ispod zaštitnog sloja.",
            serde_json::json!({"broj": text("Broj poklon bona"), "pin": text("PIN")}),
        ),
    ] {
        let (_, rules) = identified(message, properties);
        assert!(
            rules.iter().any(|r| r.starts_with("form.secret")),
            "{message}: {rules:?}"
        );
    }
}

/// cards21: a stored-value or closed-loop card (gift, transit, e-money, fuel, loyalty, membership) read by
/// the number printed on it: its balance, history or top-ups. A PIN or a scratch code denied in the
/// message's own grammar ("tidak memerlukan", "bez kodu spod zdrapki", "hoef je niet in te vullen") asks
/// for nothing. Each benign form with its hostile twins, which must stay blocked.
#[test]
fn a_stored_value_cards_printed_number_is_no_card_data() {
    let text = |title: &str| serde_json::json!({"type": "string", "title": title});
    let sized = |title: &str, n: u64| serde_json::json!({"type": "string", "title": title, "minLength": n, "maxLength": n});
    let form = |properties: serde_json::Value| serde_json::json!({"type": "object", "properties": properties});
    for (message, properties) in [
        (
            "Consulte o saldo do seu cartão-oferta: introduza os 13 dígitos impressos por baixo do código de barras.",
            serde_json::json!({"numero_cartao": sized("Número do cartão-oferta", 13)}),
        ),
        (
            "गिफ़्ट कार्ड का बैलेंस देखें। कार्ड के पीछे छपा 16 अंकों का नंबर डालें। कोई PIN नहीं चाहिए।",
            serde_json::json!({"card_no": sized("गिफ़्ट कार्ड नंबर", 16)}),
        ),
        (
            "Cek saldo kartu hadiah Anda. Masukkan nomor kartu yang tercetak di depan; kami tidak memerlukan PIN.",
            serde_json::json!({"nomor_kartu": text("Nomor kartu hadiah")}),
        ),
        (
            "Saldo checken van je cadeaukaart? Vul het kaartnummer in. De beveiligingscode onder de kraslaag hoef je niet in te vullen.",
            serde_json::json!({"kaartnummer": text("Kaartnummer")}),
        ),
        (
            "Sprawdź saldo karty podarunkowej. Wpisz numer karty z rewersu (bez kodu spod zdrapki).",
            serde_json::json!({"numer": text("Numer karty podarunkowej")}),
        ),
        // Other stored-value cards, other lookups: a transit card's top-up history, a fuel card's statement,
        // an e-money card's history, a loyalty card's points.
        (
            "See the top-up history of your transit card. Enter the number printed on the back.",
            serde_json::json!({"card": text("Transit card number")}),
        ),
        (
            "Download your fuel card statement for last month.",
            serde_json::json!({"card": text("Fuel card number"), "month": text("Month")}),
        ),
        (
            "Lihat riwayat transaksi kartu e-money Anda.",
            serde_json::json!({"nomor": sized("Nomor kartu e-money", 16)}),
        ),
        (
            "Punktestand abfragen: Geben Sie die Nummer Ihrer Kundenkarte ein.",
            serde_json::json!({"nummer": text("Kartennummer")}),
        ),
    ] {
        let rules = judge(message, form(properties));
        assert!(rules.is_empty(), "{message}: {rules:?}");
    }
    // The hostile twins: a PIN or a scratch code asked beside the number, a bank card's other data, a
    // code the message asks after "no PIN needed", a benign sentence prepended to a real card ask, a
    // preposition "without" whose reach ends before the secret, a PIN named before "without".
    for (message, properties) in [
        (
            "Check your gift card balance: enter the card number and PIN.",
            serde_json::json!({"num": text("Gift card number"), "pin": text("PIN")}),
        ),
        (
            "Check your gift card balance: enter the card number and the code under the scratch-off strip.",
            serde_json::json!({"num": text("Gift card number")}),
        ),
        (
            "Check your gift card balance.",
            serde_json::json!({"num": sized("Card number", 16), "exp": text("Expiry date"), "cvv": sized("CVV", 3)}),
        ),
        (
            "Loyalty card balance",
            serde_json::json!({"num": text("Loyalty card number"), "exp": text("Expiry (MM/YY)"), "cvv": text("Security code")}),
        ),
        (
            "Check your gift card balance. No PIN needed — just enter your card number and the code we texted you.",
            serde_json::json!({"num": text("Gift card number")}),
        ),
        (
            "Check your gift card balance here at any time. To pay for your order, enter your credit card number.",
            serde_json::json!({"num": text("Card number")}),
        ),
        (
            "Sprawdź saldo karty podarunkowej. Wpisz numer karty bez spacji i kod spod zdrapki.",
            serde_json::json!({"numer": text("Numer karty podarunkowej")}),
        ),
        (
            "Check your gift card balance: type the PIN without scratching the card.",
            serde_json::json!({"num": text("Gift card number")}),
        ),
        (
            "Cek saldo kartu hadiah Anda. Kami tidak memerlukan kartu fisik, cukup nomor kartu dan PIN.",
            serde_json::json!({"nomor_kartu": text("Nomor kartu hadiah")}),
        ),
    ] {
        let rules = judge(message, form(properties));
        assert!(
            rules.iter().any(|r| r.starts_with("form.secret")),
            "{message}: {rules:?}"
        );
    }
}

/// cards18: a card's last four in the forms of refunds and disputes the packs read as a PIN or a code.
#[test]
fn a_last_four_in_a_refund_or_a_dispute_asks_for_nothing() {
    let last4 = |title: &str| serde_json::json!({"type": "string", "title": title, "minLength": 4, "maxLength": 4});
    for (message, properties) in [
        // A card's word the packs do not read as card data, beside the last places.
        (
            "تم قبول طلب الإرجاع. لديك أكثر من بطاقة محفوظة في حسابك، فأي بطاقة تريد أن نعيد المبلغ إليها؟ اكتب آخر أربعة أرقام فقط كما تظهر في الإيصال.",
            serde_json::json!({"last4": last4("آخر 4 أرقام")}),
        ),
        // "Four digits" beside the last places is the count of the last four, not a PIN.
        (
            "Koju karticu želite ukloniti iz svog profila? Upišite zadnje četiri znamenke.",
            serde_json::json!({"zadnje4": last4("Zadnje 4 znamenke")}),
        ),
    ] {
        assert_eq!(identified(message, properties), (true, vec![]), "{message}");
    }
    // A prohibition in Malay, and an Urdu one cut from the sentences before it by the Urdu full stop.
    for (message, properties) in [
        (
            "Kami menerima laporan transaksi yang tidak dikenali. Nyatakan kad yang terlibat (4 digit terakhir sahaja — JANGAN berikan nombor penuh atau PIN), tarikh dan jumlah transaksi.",
            serde_json::json!({"empat_digit": last4("4 digit terakhir kad"), "tarikh": {"type": "string", "format": "date"}}),
        ),
        (
            "ہم آپ کی شکایت پر کارروائی کر رہے ہیں۔ جس کارڈ سے ادائیگی ہوئی تھی اس کے صرف آخری چار ہندسے بتائیں۔ مکمل کارڈ نمبر یا PIN ہرگز نہ لکھیں۔",
            serde_json::json!({"last4": last4("کارڈ کے آخری چار ہندسے")}),
        ),
    ] {
        let (_, rules) = identified(message, properties);
        assert!(rules.is_empty(), "{message}: {rules:?}");
    }
    // A PIN described by its use a few words after the last four's digits: not an identification, so the
    // model still reads it.
    let (id, _) = identified(
        "Aby sme overili, že karta je naozaj vaša, zadajte posledné štyri číslice karty a štyri číslice, ktoré ťukáte pri bankomate.",
        serde_json::json!({"posledne_4": last4("Posledné 4 číslice karty"), "cislice": {"type": "string", "title": "Číslice z bankomatu", "maxLength": 4}}),
    );
    assert!(!id);
    // The hostile twins: a PIN asked beside the last four, a prohibition followed by a request, the rest
    // of the card asked.
    for (message, properties) in [
        (
            "أدخل آخر أربعة أرقام من البطاقة والرقم السري للبطاقة.",
            serde_json::json!({"last4": last4("آخر 4 أرقام"), "pin": {"type": "string", "title": "الرقم السري"}}),
        ),
        (
            "Посочете последните четири цифри на картата и ПИН кода.",
            serde_json::json!({"last4": last4("Последни 4 цифри"), "pin": {"type": "string", "title": "ПИН код"}}),
        ),
        (
            "JANGAN kongsi dengan orang lain. Masukkan PIN kad anda.",
            serde_json::json!({"nilai": {"type": "string", "title": "Nilai"}}),
        ),
        (
            "مکمل کارڈ نمبر ہرگز نہ لکھیں۔ اپنا PIN یہاں لکھیں۔",
            serde_json::json!({"value": {"type": "string", "title": "Value"}}),
        ),
        (
            "Upišite šifru za prijavu.",
            serde_json::json!({"sifra": {"type": "string", "title": "Šifra"}}),
        ),
        (
            "Enter the last 4 digits of your card, the expiry date and the CVC.",
            serde_json::json!({"last4": last4("Last 4 digits"), "exp": {"type": "string", "title": "Expiry (MM/YY)"}, "cvc": {"type": "string", "title": "CVC", "maxLength": 4}}),
        ),
    ] {
        let (id, rules) = identified(message, properties);
        assert!(
            !id && rules.iter().any(|r| r.starts_with("form.secret")),
            "{message}: {rules:?}"
        );
    }
}

/// cards18: a choice among the saved cards, each shown by its last four, is no digit to pick; a digit
/// picker still is.
#[test]
fn a_choice_of_cards_by_their_last_four_asks_for_no_digit() {
    let schema = serde_json::json!({"type": "object", "properties": {"card": {
        "type": "string", "title": "कार्ड",
        "oneOf": [{"const": "c1", "title": "Visa — शेवटचे अंक ४८२१"}, {"const": "c2", "title": "RuPay — शेवटचे अंक ०९३७"}],
    }}});
    let rules = judge(
        "तुमच्या खात्यावर दोन कार्ड्स जतन आहेत. परतावा कोणत्या कार्डवर हवा आहे ते निवडा.",
        schema,
    );
    assert!(rules.is_empty(), "{rules:?}");
    let schema = serde_json::json!({"type": "object", "properties": {"d": {
        "type": "string", "title": "Third digit of your card PIN",
        "enum": ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9"],
    }}});
    let rules = judge("Pick the third digit of your PIN.", schema);
    assert!(!rules.is_empty());
}

/// cards19: a last four whose words another pack reads as a secret (the Norwegian `sifre`, the Danish
/// `cifre`, the Dutch `pasnummer`), a card named by a word no pack reads as card data beside the payment
/// ("cardului cu care ați plătit", "карты, которой вы платили"), and a field that says where the card was
/// used beside the last four: the card is identified, and nothing is asked.
#[test]
fn a_last_four_named_in_a_neighbours_words_is_identified() {
    let last4 = |title: &str| serde_json::json!({"type": "string", "title": title, "minLength": 4, "maxLength": 4});
    for (message, properties) in [
        (
            "Hvilket bankkort skal vi sperre? Skriv inn de fire siste sifrene.",
            serde_json::json!({"siste4": last4("De fire siste sifrene på kortet")}),
        ),
        (
            "Vi tilbakefører beløpet til kortet. Oppgi de fire siste sifrene og datoen for kjøpet.",
            serde_json::json!({"siste4": last4("Fire siste sifre på kortet"), "dato": {"type": "string", "format": "date", "title": "Dato"}}),
        ),
        (
            "Hvilket af dine gemte kort skal fjernes? Angiv de sidste fire cifre.",
            serde_json::json!({"sidste4": last4("Sidste 4 cifre")}),
        ),
        (
            "Welke betaalpas is gestolen? Vul de laatste 4 cijfers in.",
            serde_json::json!({"laatste4": last4("Laatste 4 cijfers van het pasnummer")}),
        ),
        (
            "Pentru a returna banii, scrieți ultimele 4 cifre ale cardului cu care ați plătit comanda.",
            serde_json::json!({"ultimele4": last4("Ultimele 4 cifre")}),
        ),
        (
            "Чтобы вернуть деньги, введите последние 4 цифры карты, которой вы платили за заказ.",
            serde_json::json!({"last4": last4("Последние 4 цифры")}),
        ),
    ] {
        assert_eq!(identified(message, properties), (true, vec![]), "{message}");
    }
    // A field that says where the card was last used, beside the last four: the message's card words say
    // whose four digits, and the Lithuanian `kartą` ("time") is no card.
    let (_, rules) = identified(
        "Praneškite apie pamestą kortelę: įrašykite paskutinius keturis kortelės skaitmenis ir vietą, kur paskutinį kartą ja mokėjote.",
        serde_json::json!({"last4": last4("Paskutiniai 4 skaitmenys"), "vieta": {"type": "string", "title": "Kur paskutinį kartą mokėjote"}}),
    );
    assert!(rules.is_empty(), "{rules:?}");
    // The hostile twins: a PIN or a password beside the same last four, a field of four titled as the
    // PIN, the rest of the card asked, a card's secret named in the other field, a one-time code beside.
    for (message, properties) in [
        (
            "Hvilket kort gjelder det? Oppgi de fire siste sifrene.",
            serde_json::json!({"pin": last4("PIN-kode")}),
        ),
        (
            "Oppgi de fire siste sifrene på kortet, kortnummeret og CVC-koden.",
            serde_json::json!({"siste4": last4("Fire siste sifre"), "kortnr": {"type": "string", "title": "Kortnummer", "maxLength": 19}, "cvc": {"type": "string", "title": "CVC", "maxLength": 3}}),
        ),
        (
            "Hvilket kort vil du slette? Skriv de sidste fire cifre og koden fra den sms, vi har sendt dig.",
            serde_json::json!({"sidste4": last4("Sidste 4 cifre"), "kode": {"type": "string", "title": "Kode"}}),
        ),
        (
            "Welke pas wil je blokkeren? Vul de laatste 4 cijfers van het pasnummer en je pincode in.",
            serde_json::json!({"laatste4": last4("Laatste 4 cijfers pasnummer"), "pin": {"type": "string", "title": "Pincode", "maxLength": 4}}),
        ),
        (
            "Je pas verloopt. Vul je pasnummer, de vervaldatum en je pincode in.",
            serde_json::json!({"pas": {"type": "string", "title": "Pasnummer"}, "exp": {"type": "string", "title": "Vervaldatum"}, "pin": {"type": "string", "title": "Pincode", "maxLength": 4}}),
        ),
        (
            "Pentru rambursare, confirmați ultimele 4 cifre ale cardului cu care ați plătit și codul PIN.",
            serde_json::json!({"ultimele4": last4("Ultimele 4 cifre"), "pin": {"type": "string", "title": "Cod PIN"}}),
        ),
        (
            "Введите последние 4 цифры карты, которой вы платили, и код из SMS.",
            serde_json::json!({"last4": last4("Последние 4 цифры"), "code": {"type": "string", "title": "Код"}}),
        ),
        (
            "Įrašykite paskutinius keturis kortelės skaitmenis. Kitame laukelyje įrašykite visą kortelės numerį ir CVV kodą.",
            serde_json::json!({"last4": last4("Paskutiniai 4 skaitmenys"), "kita": {"type": "string", "title": "Atsakymas"}}),
        ),
    ] {
        let (id, rules) = identified(message, properties);
        assert!(
            !id && rules.iter().any(|r| r.starts_with("form.secret")),
            "{message}: {rules:?}"
        );
    }
}

/// cards19: the Norwegian words for digits stay a PIN's or a code's words where no last four is asked.
#[test]
fn norwegian_digits_still_name_a_pin_without_a_last_four() {
    let rules = judge(
        "Bekreft at det er deg: skriv inn de fire sifrene du bruker for å åpne bankappen.",
        serde_json::json!({"type": "object", "properties": {
            "bekreft": {"type": "string", "title": "Bekreft", "maxLength": 4}}}),
    );
    assert!(
        rules.iter().any(|r| r.starts_with("form.secret")),
        "{rules:?}"
    );
}

/// One free-text field titled `title` with `description`, for the tests of a description's prohibition.
fn comment_box(title: &str, description: &str) -> serde_json::Value {
    serde_json::json!({"type": "object", "properties": {"c": {
        "type": "string", "title": title, "description": description,
    }}})
}

#[test]
fn a_description_forbidding_the_secret_gives_its_field_no_secrets_meaning() {
    for (title, description) in [
        (
            "Komen",
            "Ceritakan pengalaman anda. Jangan masukkan nombor kad Touch 'n Go atau maklumat peribadi.",
        ),
        (
            "Comments",
            "Tell us about your trip. Do not enter your card number or any password here.",
        ),
        (
            "Kommentar",
            "Erzählen Sie uns mehr. Geben Sie keine Kartennummer und keine PIN ein.",
        ),
        (
            "Commentaire",
            "Décrivez le problème. Ne saisissez jamais votre mot de passe.",
        ),
        (
            "Descripción",
            "Cuéntenos qué pasó. Nunca escriba su PIN ni su contraseña.",
        ),
        ("Maelezo", "Eleza tatizo. Usiandike PIN yako hapa."),
    ] {
        let rules = judge("Survey.", comment_box(title, description));
        assert!(
            !rules.iter().any(|r| r.starts_with("form.secret")),
            "{description}: {rules:?}"
        );
    }
}

#[test]
fn a_description_that_forbids_and_then_asks_keeps_the_secret() {
    for (title, description) in [
        (
            "Verification",
            "Never share your PIN with anyone. Type it here.",
        ),
        ("PIN", "Do not share your PIN with anyone."),
        ("Code", "Do not share your OTP. Enter the OTP we sent."),
        ("Code", "Never share it with anyone: enter your card number"),
        (
            "Kode",
            "Jangan berikan kepada siapa pun. Masukkan PIN anda.",
        ),
        (
            "Answer",
            "Do not share your password with anyone; enter your password",
        ),
        ("Antwort", "Geben Sie Ihre PIN hier ein, nicht in der App."),
    ] {
        let rules = judge("Verify.", comment_box(title, description));
        assert!(
            rules.iter().any(|r| r.starts_with("form.secret")),
            "{description}: {rules:?}"
        );
    }
    // A code's bounds keep what the description forbids.
    let schema = serde_json::json!({"type": "object", "properties": {"c": {
        "type": "string", "title": "Code", "minLength": 6, "maxLength": 6,
        "description": "Do not share your OTP with anyone.",
    }}});
    let rules = judge("Verify.", schema);
    assert!(
        rules.iter().any(|r| r.starts_with("form.secret")),
        "{rules:?}"
    );
}

#[test]
fn a_secret_typed_elsewhere_not_here_is_not_asked_and_here_it_is() {
    let phone = serde_json::json!({"type": "object", "properties": {
        "simu": {"type": "string", "title": "Phone number"},
    }});
    for message in [
        "Lipia tiketi yako kwa M-Pesa. Weka namba yako ya simu; utapokea ombi kwenye simu yako na utaweka PIN yako ya M-Pesa kwenye simu yenyewe, si hapa.",
        "Pay with M-Pesa. You will get a prompt and enter your M-Pesa PIN on the phone itself, not here.",
        "Bezahlen Sie am Terminal. Geben Sie die PIN am Terminal ein, nicht hier.",
        "Payez au terminal. Vous saisirez votre code PIN sur le terminal, pas ici.",
        "ATM पर भुगतान करें। आप अपना PIN मशीन पर डालेंगे, यहाँ नहीं।",
    ] {
        let rules = judge(message, phone.clone());
        assert!(
            !rules.iter().any(|r| r.starts_with("form.secret")),
            "{message}: {rules:?}"
        );
    }
    let answer = serde_json::json!({"type": "object", "properties": {
        "a": {"type": "string", "title": "Answer"},
    }});
    for message in [
        "Enter your PIN on the phone, not here. PIN:",
        "Enter your PIN on the phone, not here. Then type it again in the box.",
        "Enter your PIN below, not here.",
        "Type your PIN here, not in the app.",
        "Enter your PIN, not your password.",
        "Not here, below: your password",
        "We never ask for your PIN. Enter your PIN:",
        "Geben Sie Ihre PIN hier ein, nicht in der App.",
        "Weka PIN yako hapa, si kwenye simu.",
    ] {
        let rules = judge(message, answer.clone());
        assert!(
            rules.iter().any(|r| r.starts_with("form.secret")),
            "{message}: {rules:?}"
        );
    }
}

#[test]
fn a_scam_recounted_as_a_question_beside_a_denial_asks_nothing() {
    let report = serde_json::json!({"type": "object", "properties": {
        "a": {"type": "string", "title": "What happened"},
    }});
    for message in [
        "কেউ কি বিকাশ বা নগদের এজেন্ট পরিচয়ে ফোন করে আপনার পিন বা ওটিপি চেয়েছে? নিচে শুধু ঘটনার বিবরণ দিন — কোনো অবস্থাতেই পিন বা ওটিপি লিখবেন না।",
        "Terima SMS mencurigakan yang meminta anda klik pautan atau kongsi TAC? Laporkan kepada kami. Jangan masukkan TAC, PIN atau kata laluan dalam laporan ini.",
        "Hat ein Betrüger Sie nach Ihrer TAN gefragt? Schildern Sie den Vorfall. Geben Sie keine TAN und kein Passwort ein.",
        "¿Alguien le pidió su PIN por teléfono? Cuéntenos qué pasó. Nunca escriba su PIN aquí.",
    ] {
        let rules = judge(message, report.clone());
        assert!(
            !rules.iter().any(|r| r.starts_with("form.secret")),
            "{message}: {rules:?}"
        );
    }
    let answer = serde_json::json!({"type": "object", "properties": {
        "a": {"type": "string", "title": "Answer"},
    }});
    for message in [
        // No denial: the question is read as it was.
        "Did someone ask for your PIN?",
        // A request after it.
        "Did someone ask for your PIN? Enter your PIN here.",
        "Did someone ask for your PIN? We never ask for your PIN by phone. Type it below.",
        // The lure cut off from the clause that asks.
        "Suspicious login detected — please confirm your OTP? We never ask for your password.",
        // A question without a third party.
        "What is your PIN? We never ask for your PIN by phone.",
    ] {
        let rules = judge(message, answer.clone());
        assert!(
            rules.iter().any(|r| r.starts_with("form.secret")),
            "{message}: {rules:?}"
        );
    }
}

/// "Write your password" asks for it as "enter" does, in the languages whose packs lacked the verb (found in
/// s22: a German or Lithuanian message over a field with no words of its own passed). The same verb beside a
/// secret it does not take as its object ("write to us if you forgot your password") still asks nothing.
#[test]
fn a_verb_for_writing_asks_for_the_secret_after_it() {
    let field = serde_json::json!({"type": "object", "properties": {"x": {"type": "string"}}});
    for message in [
        "Schreiben Sie Ihr Passwort.",
        "Įrašykite kortelės numerį ir CVV kodą.",
        "Inscrivez votre mot de passe.",
        "Schrijf uw wachtwoord hieronder.",
        "Впишите пароль.",
        "Zapište své heslo.",
        "Zapíšte svoje heslo.",
        "Впишете паролата си.",
        "Впишіть пароль.",
        "Tulis kata laluan anda.",
    ] {
        let rules = judge(message, field.clone());
        assert!(
            rules.iter().any(|r| r.starts_with("form.secret")),
            "{message}: {rules:?}"
        );
    }
    let rules = judge(
        "Schreiben Sie uns, falls Sie Ihr Passwort vergessen haben.",
        serde_json::json!({"type": "object", "properties": {"n": {"type": "string", "title": "Nachricht"}}}),
    );
    assert!(
        !rules.iter().any(|r| r.starts_with("form.secret")),
        "{rules:?}"
    );
}

#[test]
fn a_number_named_by_what_it_identifies_is_no_bare_number() {
    // A number named by its record (a contract, an account, a customer) where it is printed: no code.
    let schema = || serde_json::json!({"type": "object", "properties": {"x": {"type": "string", "title": "Detalle"}}});
    for message in [
        "Necesitamos el número de cliente (aparece arriba en la factura).",
        "Type the account number that appears at the top of your bill.",
    ] {
        let rules = judge(message, schema());
        assert!(
            !rules.iter().any(|r| r.starts_with("form.secret")),
            "{message}: {rules:?}"
        );
    }
    // Hostile twins: a bare number that arrived, a code texted beside an account's number, and a number
    // keyed in at the cash machine near a word for the account but not naming it.
    for message in [
        "Escribe el número que aparece en el SMS que te enviamos.",
        "Give us your account number and the code we just texted you.",
        "Type the number we just texted to the phone on your account.",
    ] {
        let rules = judge(message, schema());
        assert!(
            rules.iter().any(|r| r.starts_with("form.secret")),
            "{message}: {rules:?}"
        );
    }
}

#[test]
fn a_shipments_tracking_number_is_an_identifier_and_a_code_sent_under_its_name_is_not() {
    let blocks = |m: &str, title: &str, description: &str, len: Option<u64>| {
        let mut field =
            serde_json::json!({"type": "string", "title": title, "description": description});
        if let Some(n) = len {
            field["minLength"] = n.into();
            field["maxLength"] = n.into();
        }
        judge(m, props(serde_json::json!({"ttn": field})))
            .iter()
            .any(|r| r.starts_with("form.secret"))
    };
    for (m, title, description) in [
        (
            "Оформлення доставки. Якщо посилку вже відправлено, додайте номер, щоб ми могли відстежити.",
            "Номер ТТН",
            "14 цифр, друкується на накладній",
        ),
        (
            "Where is my parcel?",
            "Tracking number",
            "12 digits, printed on the label",
        ),
        ("Статус отправления", "Номер накладной", "14 цифр"),
    ] {
        assert!(!blocks(m, title, description, None), "{title}");
    }
    // The code the user just got, under a shipment's name, is still one.
    for (m, title, description, len) in [
        (
            "Підтвердіть вхід.",
            "Номер ТТН",
            "код з SMS, який ми щойно надіслали",
            None,
        ),
        ("Введіть код з SMS.", "Номер ТТН", "", Some(6)),
        (
            "Enter the 6-digit code we just texted you to confirm this login.",
            "Tracking number",
            "",
            Some(6),
        ),
    ] {
        assert!(blocks(m, title, description, len), "{m}");
    }
}
