//! Probes of the benign kinds real services show every day, in many languages, each beside its hostile
//! cousin (benign13): a courier's door code, a gift card's balance, a card's last four, a password policy
//! asked as a choice, a company's tax number. Written by hand for these tests, not taken from a corpus.

use super::judge_form;
use crate::policy::secret::pack::embedded_for_tests as compiled;
use crate::wire::tree::Node;

/// The `form.secret` rules that speak on a form of `message` over `properties`.
fn rules(message: &str, properties: serde_json::Value) -> Vec<String> {
    let schema = serde_json::json!({"type": "object", "properties": properties});
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
        ("Указания за куриера.", "Код на входа"),
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
fn a_cards_last_four_of_free_length_says_which_card() {
    for (message, title) in [
        (
            "Welche Karte möchten Sie sperren?",
            "Letzte 4 Ziffern der Karte",
        ),
        ("Какую карту заблокировать?", "Последние 4 цифры карты"),
        ("Vilket kort vill du spärra?", "Kortets sista 4 siffror"),
        ("要冻结哪张卡？", "卡号后四位"),
        ("어느 카드를 정지할까요?", "카드 번호 뒤 4자리"),
    ] {
        let r = rules(message, serde_json::json!({"last4": text(title)}));
        assert!(r.is_empty(), "{title}: {r:?}");
    }
    // The hostile cousins: the last four beside the CVV, and beside the rest of the number.
    let r = rules(
        "Welche Karte möchten Sie sperren?",
        serde_json::json!({"last4": text("Letzte 4 Ziffern der Karte"), "cvv": text("CVV")}),
    );
    assert!(r.iter().any(|r| r == "form.secret.card"), "{r:?}");
    let r = rules(
        "Какую карту заблокировать?",
        serde_json::json!({
            "first": text("Первые 12 цифр номера карты"),
            "last4": text("Последние 4 цифры карты"),
        }),
    );
    assert!(r.iter().any(|r| r == "form.secret.card"), "{r:?}");
}

#[test]
fn a_password_policy_asked_as_a_choice_collects_no_password() {
    for (message, title) in [
        (
            "Ekibiniz için şifre politikasını belirleyelim.",
            "Şifre en az kaç karakter olmalı?",
        ),
        (
            "Giúp chúng tôi đặt chính sách mật khẩu cho nhóm.",
            "Mật khẩu nên dài tối thiểu bao nhiêu ký tự?",
        ),
    ] {
        let r = rules(
            message,
            serde_json::json!({"len": {"type": "string", "title": title, "enum": ["8", "12", "16"]}}),
        );
        assert!(r.is_empty(), "{title}: {r:?}");
        // The hostile cousin: a free-text field for the current password beside the policy question.
        let r = rules(
            message,
            serde_json::json!({
                "len": {"type": "string", "title": title, "enum": ["8", "12", "16"]},
                "current": text(if message.starts_with("Ekib") { "Mevcut şifreniz" } else { "Mật khẩu hiện tại" }),
            }),
        );
        assert!(r.iter().any(|r| r == "form.secret.password"), "{r:?}");
    }
    // A choice of a PIN's digits by position is still read as one.
    let r = rules(
        "Confirm your card.",
        serde_json::json!({"d": {"type": "string", "title": "Third digit of your PIN",
            "enum": ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9"]}}),
    );
    assert!(!r.is_empty(), "{r:?}");
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
