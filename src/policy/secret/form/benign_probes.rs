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
