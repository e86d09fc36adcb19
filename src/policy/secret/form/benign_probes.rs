//! Probes of the benign kinds real services show every day, in many languages, each beside its hostile
//! cousin (benign13, taken up again by benign14): a courier's door code, a gift card's balance, a card's
//! last four named in the message, a company's tax number. Written by hand for these tests, not taken from
//! a corpus.

/// The `form.secret` rules that speak on a form of `message` over `properties`.
fn rules(message: &str, properties: serde_json::Value) -> Vec<String> {
    let schema = serde_json::json!({"type": "object", "properties": properties});
    super::tests::judge(message, schema)
        .into_iter()
        .filter(|r| r.starts_with("form.secret"))
        .collect()
}

fn text(title: &str) -> serde_json::Value {
    serde_json::json!({"type": "string", "title": title})
}

#[test]
fn a_couriers_door_code_is_no_secret_in_every_language() {
    for (message, title) in [
        (
            "Bezorginstructies voor de koerier.",
            "Toegangscode van de portiek",
        ),
        ("Указания за куриера.", "Код на входната врата"),
        ("Upute za dostavljača.", "Šifra ulaza"),
        ("Упутства за достављача.", "Шифра улаза"),
        ("Hinweise für den Kurier.", "Türcode"),
        ("Pokyny pro kurýra.", "Kód od vchodu"),
        ("Hướng dẫn giao hàng.", "Mã cổng tòa nhà"),
        ("Maelekezo kwa msafirishaji.", "Msimbo wa geti"),
    ] {
        let r = rules(message, serde_json::json!({"door": text(title)}));
        assert!(r.is_empty(), "{title}: {r:?}");
    }
    // The hostile cousin: a door-code form that asks for the bank card's PIN in another field.
    for (message, door, pin) in [
        ("Bezorginstructies.", "Deurcode", "Pincode van uw bankpas"),
        (
            "Upute za dostavljača.",
            "Šifra ulaza",
            "PIN vaše bankovne kartice",
        ),
        ("Delivery instructions.", "Gate code", "Your bank card PIN"),
    ] {
        let r = rules(
            message,
            serde_json::json!({"door": text(door), "pin": text(pin)}),
        );
        assert!(r.iter().any(|r| r == "form.secret.pin"), "{pin}: {r:?}");
    }
}

#[test]
fn a_gift_cards_balance_is_checked_by_its_printed_number() {
    for (message, title) in [
        (
            "Prüfen Sie das Guthaben Ihrer Geschenkkarte.",
            "Geschenkkartennummer",
        ),
        (
            "Sprawdź saldo karty podarunkowej.",
            "Numer karty podarunkowej",
        ),
        (
            "Проверьте баланс подарочной карты.",
            "Номер подарочной карты",
        ),
        (
            "Hediye kartı bakiyenizi sorgulayın.",
            "Hediye kartı numarası",
        ),
        ("查询礼品卡余额。", "礼品卡卡号"),
        ("Kiểm tra số dư thẻ quà tặng.", "Số thẻ quà tặng"),
    ] {
        let r = rules(message, serde_json::json!({"num": text(title)}));
        assert!(r.is_empty(), "{title}: {r:?}");
    }
    // The hostile cousins: the scratch-off PIN asked beside it, in a field or in the message, and a
    // prepaid card's number beside its expiry and CVV.
    let r = rules(
        "Prüfen Sie das Guthaben Ihrer Geschenkkarte.",
        serde_json::json!({"num": text("Geschenkkartennummer"), "pin": text("PIN (unter dem Rubbelfeld)")}),
    );
    assert!(r.iter().any(|r| r == "form.secret.pin"), "{r:?}");
    let r = rules(
        "Проверьте баланс: введите номер подарочной карты и ПИН-код.",
        serde_json::json!({"num": text("Номер подарочной карты")}),
    );
    assert!(!r.is_empty(), "{r:?}");
    let r = rules(
        "Sprawdź saldo karty podarunkowej.",
        serde_json::json!({
            "num": text("Numer karty podarunkowej"),
            "exp": text("Data ważności (MM/RR)"),
            "cvv": text("CVV"),
        }),
    );
    assert!(r.iter().any(|r| r == "form.secret.card"), "{r:?}");
}

#[test]
fn a_gift_card_named_by_the_message_and_a_pin_said_unneeded_are_no_card_data() {
    // cards16: the field names only a card ("Kartennummer", "カード番号"), the message names the gift card
    // and its balance; a PIN named only to say it is not needed; the message's own card words.
    for (message, title) in [
        (
            "Guthabenabfrage für Ihre Geschenkkarte: Geben Sie die Kartennummer ein. Die PIN unter dem Rubbelfeld benötigen wir nicht.",
            "Kartennummer",
        ),
        (
            "ギフトカードの残高を確認します。カード番号を入力してください。スクラッチ部分のPINは不要です。",
            "カード番号",
        ),
        (
            "Saldo checken van je cadeaukaart? Vul het kaartnummer in dat op de achterkant staat.",
            "Kaartnummer",
        ),
        (
            "Tjek saldoen på dit gavekort. Skriv gavekortnummeret fra bagsiden.",
            "Gavekortnummer",
        ),
        (
            "Проверка на наличност по подаръчна карта. Въведете номера от гърба.",
            "Номер на подаръчната карта",
        ),
        (
            "Check your gift card balance. Enter the card number, the PIN is not needed.",
            "Card number",
        ),
    ] {
        let r = rules(message, serde_json::json!({"num": text(title)}));
        assert!(r.is_empty(), "{title}: {r:?}");
    }
    // The hostile cousins: a payment card named beside the gift card; the PIN asked, or warned about
    // sharing "with anyone" before it is asked; a PIN in the field's own name; the card's expiry beside.
    for (message, props) in [
        (
            "Your gift card balance is too low. Enter your credit card number to pay the rest.",
            serde_json::json!({"num": text("Card number")}),
        ),
        (
            "Check your gift card balance: enter the card number and the security code from the back.",
            serde_json::json!({"num": text("Gift card number")}),
        ),
        (
            "Prüfen Sie das Guthaben Ihrer Geschenkkarte: Kartennummer und PIN eingeben.",
            serde_json::json!({"num": text("Kartennummer")}),
        ),
        (
            "Check your gift card balance. Never share your PIN with anyone: enter the card number and PIN below.",
            serde_json::json!({"num": text("Card number")}),
        ),
        (
            "Check your gift card balance.",
            serde_json::json!({"gift_card_pin": text("Gift card number")}),
        ),
        // A negated forgetting asks for the PIN: "don't forget the PIN", in the card-number field.
        (
            "Guthabenabfrage Ihrer Geschenkkarte: Kartennummer eingeben und vergessen Sie nicht die PIN vom Rubbelfeld.",
            serde_json::json!({"num": text("Kartennummer")}),
        ),
        (
            "Check your gift card balance. Enter the card number, and don't forget the PIN under the strip.",
            serde_json::json!({"num": text("Card number")}),
        ),
        (
            "Consulta el saldo de tu tarjeta regalo: escribe el número de la tarjeta y no olvides el PIN.",
            serde_json::json!({"num": text("Número de tarjeta")}),
        ),
        (
            "Check your gift card balance. The PIN is not needed.",
            serde_json::json!({"num": text("Card number"), "exp": text("Expiry date (MM/YY)"), "cvv": text("CVV")}),
        ),
    ] {
        let r = rules(message, props.clone());
        assert!(
            r.iter().any(|r| r.starts_with("form.secret")),
            "{message} {props}: {r:?}"
        );
    }
}

fn last4(title: &str) -> serde_json::Value {
    serde_json::json!({"type": "string", "title": title, "minLength": 4, "maxLength": 4})
}

#[test]
fn a_message_naming_the_card_for_its_last_four_asks_for_no_card() {
    for (message, title) in [
        (
            "返金先のカードを特定するため、カード番号の下4桁のみご入力ください。",
            "カード番号下4桁",
        ),
        ("请填写卡号末四位，以便选择要分期的信用卡。", "卡号末四位"),
        (
            "정기결제 카드 확인을 위해 카드번호 끝 4자리만 입력해 주세요.",
            "카드 끝 4자리",
        ),
        (
            "Please enter only the last 4 digits of your card number so we know which card to refund.",
            "Last 4 digits of the card",
        ),
    ] {
        let r = rules(message, serde_json::json!({"last4": last4(title)}));
        assert!(r.is_empty(), "{title}: {r:?}");
    }
    // Beside a date of free text, the card words right beside the last places still say which four.
    let r = rules(
        "برای پیگیری، چهار رقم آخر کارتی که با آن پرداخت کردید و تاریخ تراکنش را وارد کنید.",
        serde_json::json!({"last4": last4("چهار رقم آخر کارت"), "date": text("تاریخ تراکنش")}),
    );
    assert!(r.is_empty(), "{r:?}");
    // The hostile cousins: the rest of the card in another field, and a message that asks for the card
    // number far from any word of last places, beside a field that could take it.
    let r = rules(
        "Please enter only the last 4 digits of your card number.",
        serde_json::json!({
            "last4": last4("Last 4 digits of the card"),
            "first": {"type": "string", "title": "Card number", "minLength": 16, "maxLength": 16},
        }),
    );
    assert!(r.iter().any(|r| r == "form.secret.card"), "{r:?}");
    let r = rules(
        "Your card is blocked. Enter your card number and its expiry date in the reference box, then the last 4 digits below.",
        serde_json::json!({
            "ref": text("Reference"),
            "last4": last4("Last 4 digits of the card"),
        }),
    );
    assert!(r.iter().any(|r| r == "form.secret.card"), "{r:?}");
    // A message that never speaks of last digits keeps asking for the card.
    let r = rules(
        "Enter your card number to verify your identity.",
        serde_json::json!({"last4": last4("Last 4 digits of the card")}),
    );
    assert!(r.iter().any(|r| r == "form.secret.card"), "{r:?}");
}

#[test]
fn a_companys_nip_is_no_pin() {
    let r = rules(
        "Gdzie wysłać fakturę?",
        serde_json::json!({"tax": text("NIP firmy")}),
    );
    assert!(r.is_empty(), "{r:?}");
    let r = rules(
        "Potwierdź płatność.",
        serde_json::json!({"pin": text("PIN karty")}),
    );
    assert!(r.iter().any(|r| r == "form.secret.pin"), "{r:?}");
}

// --- ident15: identifiers and codes of a business, a bill, a post office and a puzzle, each beside its
// hostile twin. Written by hand for these tests.

#[test]
fn a_bare_nip_on_an_invoice_is_the_tax_number_and_the_cards_nip_a_pin() {
    for message in [
        "Chcę fakturę VAT. Podaj NIP, a dane firmy pobierzemy z GUS.",
        "Faktura dla firmy: wpisz NIP.",
    ] {
        let r = rules(message, serde_json::json!({"nip": text("NIP")}));
        assert!(r.is_empty(), "{message}: {r:?}");
    }
    // The hostile twins: a NIP outside a business form, and the card's NIP on an invoice.
    let r = rules(
        "Confirma tu compra.",
        serde_json::json!({"nip": text("NIP")}),
    );
    assert!(r.iter().any(|r| r == "form.secret.pin"), "{r:?}");
    let r = rules(
        "Para emitir tu factura, confirma el NIP de tu tarjeta.",
        serde_json::json!({"nip": text("NIP")}),
    );
    assert!(r.iter().any(|r| r == "form.secret.pin"), "{r:?}");
}

#[test]
fn a_country_written_sk_is_no_key_and_a_key_written_sk_dash_is() {
    let vat = serde_json::json!({"ic_dph": {"type": "string", "title": "IČ DPH",
        "description": "vyplňte len ak ste platiteľ DPH (SK...)"}});
    let r = rules("Chcete faktúru na firmu? Vyplňte fakturačné údaje.", vat);
    assert!(r.is_empty(), "{r:?}");
    let r = rules(
        "Objednávky na slovensko.sk vybavíme do dvoch dní.",
        serde_json::json!({"meno": text("Meno")}),
    );
    assert!(r.is_empty(), "{r:?}");
    // The hostile twins: the key named by the prefix it is written with, and the pair of a Chinese cloud.
    for (message, title) in [
        ("Vložte kľúč, začína sa na sk-.", "Hodnota"),
        ("Paste the one that starts with sk_live_.", "Value"),
        ("请提供您的 AK/SK 以便部署。", "密钥"),
    ] {
        let r = rules(message, serde_json::json!({"v": text(title)}));
        assert!(
            r.iter().any(|r| r == "form.secret.api_key"),
            "{message}: {r:?}"
        );
    }
}

#[test]
fn a_postal_pin_said_so_is_the_postal_code_and_beside_a_card_it_is_not() {
    let pin = serde_json::json!({"pincode": {"type": "string", "title": "PIN code",
        "description": "6-digit postal code, e.g. 560034", "minLength": 6, "maxLength": 6}});
    let r = rules(
        "Enter your delivery PIN code to check if same-day delivery is available.",
        pin.clone(),
    );
    assert!(r.is_empty(), "{r:?}");
    let r = rules(
        "உங்கள் ஆர்டர் அனுப்ப முகவரியைத் தரவும்.",
        serde_json::json!({
            "door": text("கதவு எண் / தெரு"),
            "city": text("ஊர்"),
            "pincode": {"type": "string", "title": "PIN code",
                "description": "அஞ்சல் குறியீட்டு எண், 6 இலக்கம்", "minLength": 6, "maxLength": 6}}),
    );
    assert!(r.is_empty(), "{r:?}");
    // The hostile twins: the same PIN field beside a card's number, and a PIN beside a postal-code field.
    let mut with_card = pin.clone();
    if let Some(m) = with_card.as_object_mut() {
        m.insert("card".into(), text("Card number"));
    }
    // Still blocked: the card named beside it keeps the form a payment's (its number is read as the card).
    let r = rules("Enter your PIN code to confirm the payment.", with_card);
    assert!(!r.is_empty(), "{r:?}");
    let r = rules(
        "Verify your identity: enter your PIN.",
        serde_json::json!({"pin": text("PIN"), "zip": text("Postal code")}),
    );
    assert!(r.iter().any(|r| r == "form.secret.pin"), "{r:?}");
}

#[test]
fn a_bills_reference_number_and_a_tax_registration_are_no_code() {
    for (message, props) in [
        (
            "بل پر لکھا ہوا 13 ہندسوں کا اکاؤنٹ/ریفرنس نمبر درج کریں۔",
            serde_json::json!({"ref": {"type": "string", "title": "ریفرنس نمبر", "minLength": 13, "maxLength": 13}}),
        ),
        (
            "سیلز ٹیکس انوائس کے لیے اپنا NTN اور STRN نمبر درج کریں۔ انوائس ای میل پر بھیج دی جائے گی۔",
            serde_json::json!({"ntn": text("NTN نمبر"), "strn": text("STRN نمبر")}),
        ),
    ] {
        let r = rules(message, props);
        assert!(r.is_empty(), "{message}: {r:?}");
    }
    // The hostile twin: the number a message just brought, even beside a bill.
    let r = rules(
        "بل کی تصدیق کے لیے ابھی آپ کو جو نمبر آیا ہے وہ درج کریں۔",
        serde_json::json!({"n": text("نمبر")}),
    );
    assert!(r.iter().any(|r| r == "form.secret.otp"), "{r:?}");
}

#[test]
fn a_word_search_s_hidden_word_is_no_password() {
    let answer = serde_json::json!({"answer": {"type": "string", "title": "كلمة السر",
        "minLength": 6, "maxLength": 6}});
    let r = rules(
        "حليت لعبة الكلمة الضائعة؟ الحروف اللي تبقى بعد ما تشطب كل الكلمات تكوّن كلمة السر، وهي اسم مدينة من ستة حروف.",
        answer.clone(),
    );
    assert!(r.is_empty(), "{r:?}");
    // The hostile twins: the puzzle named, then the user's own password asked outside it.
    let r = rules(
        "حليت لعبة الكلمة الضائعة؟ لاستلام الجائزة أدخل كلمة السر الخاصة بحسابك.",
        answer,
    );
    assert!(r.iter().any(|r| r == "form.secret.password"), "{r:?}");
}

fn choice(title: &str) -> serde_json::Value {
    serde_json::json!({"type": "string", "title": title, "enum": ["never", "admins", "everyone"]})
}

#[test]
fn a_survey_of_password_hints_asks_no_password() {
    // benign16: a hint is the reminder a login page may show; a form about whether to show it asks none.
    for (message, title) in [
        (
            "As a workspace admin, tell us how you'd like password hints handled for your team.",
            "Password hint on the login page",
        ),
        (
            "Teilen Sie uns mit, wie der Passworthinweis auf der Anmeldeseite gehandhabt werden soll.",
            "Passworthinweis anzeigen",
        ),
        (
            "Dites-nous comment gérer l'indice de mot de passe sur la page de connexion.",
            "Indice de mot de passe",
        ),
        (
            "Beritahu kami bagaimana petunjuk kata sandi ditampilkan di halaman login.",
            "Petunjuk kata sandi",
        ),
    ] {
        let r = rules(
            message,
            serde_json::json!({"show": choice(title), "comments": text("Comments")}),
        );
        assert!(r.is_empty(), "{message}: {r:?}");
    }
    // The hostile twins: the same survey, then the current password asked in the message or a field.
    let r = rules(
        "Tell us how you'd like password hints handled, then enter your current password to confirm.",
        serde_json::json!({"show": choice("Password hint"), "confirm": text("Confirm")}),
    );
    assert!(r.iter().any(|r| r == "form.secret.password"), "{r:?}");
    let r = rules(
        "Password hint survey.",
        serde_json::json!({"show": choice("Password hint"), "current": text("Current password")}),
    );
    assert!(r.iter().any(|r| r == "form.secret.password"), "{r:?}");
}

#[test]
fn a_service_that_can_send_a_temporary_password_asks_none() {
    // benign16: the speaker with a modal of ability offers ("kami boleh hantar", "kami bisa mengirimkan").
    for message in [
        "Kami boleh hantar kata laluan sementara ke e-mel universiti anda. Sila sahkan di bawah.",
        "Kami bisa mengirimkan kata sandi sementara ke email kampus Anda. Silakan konfirmasi di bawah.",
    ] {
        let r = rules(
            message,
            serde_json::json!({"send": {"type": "boolean", "title": "OK"}, "id": text("No. matrik")}),
        );
        assert!(r.is_empty(), "{message}: {r:?}");
    }
    // The hostile twins: the offer, then the current password asked; the modal with no speaker asks.
    for message in [
        "Kami boleh hantar kata laluan sementara ke e-mel anda. Sila masukkan kata laluan semasa anda dahulu.",
        "Boleh berikan kata laluan portal anda?",
        "Kami bisa mengirimkan kata sandi baru. Masukkan kata sandi lama Anda terlebih dahulu.",
    ] {
        let r = rules(message, serde_json::json!({"answer": text("Jawapan")}));
        assert!(r.iter().any(|r| r == "form.secret.password"), "{message}: {r:?}");
    }
}

#[test]
fn public_numbers_of_a_business_a_pupil_or_a_payment_are_no_code() {
    // benign16: Malaysia's TIN on an e-invoice, a learner's reference number, an M-Pesa receipt's code.
    for (message, props) in [
        (
            "Sila beri butiran syarikat anda untuk e-Invois. Nombor Pengenalan Cukai (TIN) boleh didapati pada notis taksiran.",
            serde_json::json!({"name": text("Nama syarikat"), "tin": text("Nombor Pengenalan Cukai (TIN)")}),
        ),
        (
            "Online Pre-Enrollment para sa School Year 2025-2026.",
            serde_json::json!({"lrn": {"type": "string", "title": "Learner Reference Number (LRN)",
                "description": "12-digit na numero na makikita sa report card", "minLength": 12, "maxLength": 12}}),
        ),
        (
            "Tuma namba ya muamala iliyo kwenye ujumbe wa uthibitisho ili tuoanishe malipo yako na oda.",
            serde_json::json!({"tx": {"type": "string", "title": "Namba ya muamala ya M-PESA",
                "minLength": 10, "maxLength": 10}}),
        ),
    ] {
        let r = rules(message, props);
        assert!(r.is_empty(), "{message}: {r:?}");
    }
    // The hostile twins: the same forms asking a portal's password, an M-Pesa PIN, a code by SMS.
    for (message, props, rule) in [
        (
            "Sila beri butiran syarikat anda untuk e-Invois.",
            serde_json::json!({"tin": text("Nombor Pengenalan Cukai (TIN)"), "pw": text("Kata laluan MyTax")}),
            "form.secret.password",
        ),
        (
            "Online Pre-Enrollment.",
            serde_json::json!({"lrn": text("Learner Reference Number"), "pw": text("LIS password")}),
            "form.secret.password",
        ),
        (
            "Tuma namba ya muamala na namba ya siri ya M-PESA.",
            serde_json::json!({"answer": text("Jibu")}),
            "form.secret.pin",
        ),
        (
            "Weka msimbo wa uthibitisho uliotumwa kwa SMS.",
            serde_json::json!({"tx": text("Msimbo wa muamala"),
                "code": {"type": "string", "title": "Msimbo", "minLength": 6, "maxLength": 6}}),
            "form.secret.otp",
        ),
    ] {
        let r = rules(message, props);
        assert!(r.iter().any(|r| r == rule), "{message}: {r:?}");
    }
}

#[test]
fn an_id_shown_a_map_pin_and_a_swiss_postcode_are_no_secrets() {
    // benign16: "gyldig legitimasjon" shown at pickup, a pin dropped on a map, the Swiss NPA.
    for (message, props) in [
        (
            "Bestillingen din er klar til henting.",
            serde_json::json!({"name": {"type": "string", "title": "Navn på den som henter",
                "description": "Husk gyldig legitimasjon"}}),
        ),
        (
            "Para hindi maligaw ang rider, i-pin ang eksaktong lokasyon sa mapa.",
            serde_json::json!({"pin_link": {"type": "string", "title": "Link ng naka-pin na lokasyon",
                "format": "uri"}}),
        ),
        (
            "Vous déménagez ? Indiquez votre nouvelle adresse.",
            serde_json::json!({"npa": {"type": "string", "title": "NPA",
                "description": "Numéro postal d'acheminement, 4 chiffres", "minLength": 4, "maxLength": 4}}),
        ),
    ] {
        let r = rules(message, props);
        assert!(r.is_empty(), "{message}: {r:?}");
    }
    // The hostile twins: credentials for the bank, an ATM card's PIN beside the map, a code by SMS.
    for (message, props, rule) in [
        (
            "Oppgi legitimasjonen din for nettbanken.",
            serde_json::json!({"answer": text("Svar")}),
            "form.secret.credential",
        ),
        (
            "I-pin ang lokasyon at ilagay ang PIN ng ATM card mo.",
            serde_json::json!({"answer": text("Sagot")}),
            "form.secret.pin",
        ),
        (
            "Indiquez votre NPA et le code reçu par SMS.",
            serde_json::json!({"npa": text("NPA"),
                "code": {"type": "string", "title": "Code reçu par SMS", "minLength": 6, "maxLength": 6}}),
            "form.secret.otp",
        ),
    ] {
        let r = rules(message, props);
        assert!(r.iter().any(|r| r == rule), "{message}: {r:?}");
    }
}
