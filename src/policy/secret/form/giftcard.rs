//! A gift card's balance checked by its printed number: a shop's "check your balance" form, not card data.
//! (benign13, reverted with its other changes, taken up again by benign14)
//!
//! "Guthaben Ihrer Geschenkkarte prüfen" over "Geschenkkartennummer", "查询礼品卡余额" over "礼品卡卡号":
//! a shop reads the balance of a gift card from the number printed on its face, as it reads a loyalty
//! card's. The packs read "card number" inside the gift card's number ("kartennummer", "卡号") as a
//! payment card's. A gift card's number alone spends nothing where the card also has a scratch-off PIN or
//! security code: that PIN is the secret (scams ask for both), so it is never excused here, and neither is
//! a number the form asks beside another secret.
//!
//! So a text field whose own texts name a gift card ([`names_gift_card`]), in a form that speaks of the
//! card's balance ([`speaks_of_balance`]: the message or the field's own texts), whose own texts and
//! message name no secret but a card strongly (a PIN, a code, a password keep their reading), is excused
//! from the card reading ([`super::judge_form_in`]). As for a card's last four ([`super::lastfour`]), the
//! form puts it back when another field speaks of a card or holds a long number: a prepaid card's number
//! beside its expiry or its CVV is a payment card's.
//!
//! No maintained source lists these words (CLDR and the authentication UIs the packs come from name no gift
//! card or balance): the lists below are written by hand, one or a few entries a language for the 42 packs,
//! in the form shops write them, reviewed against each language's commerce pages. A word of five letters or
//! more is matched as the start of a word, so case endings and compounds follow ("podarunkowej",
//! "Geschenkkartennummer"); a phrase or a word of a script without spaces, anywhere in the text.

use super::field::Prop;
use super::hit::{Hit, Source};
use super::survey::holds_any;
use crate::policy::secret::normalize::fold_words;
use crate::policy::secret::pack::{Compiled, Kind};

/// Whether the text field `prop` named `name`, whose own texts' hits are `hits` (the message's are `message_hits`), is
/// a gift card's number checked for its balance (see the module doc): its own texts name a gift card, the
/// message or its own texts speak of a balance, its own texts name a card, and neither they nor the message
/// name another secret strongly ("the PIN under the scratch strip", "код активации").
pub(super) fn excused(
    c: &Compiled,
    name: &str,
    prop: &Prop<'_, '_>,
    hits: &[Hit],
    message_hits: &[Hit],
    message: &str,
) -> bool {
    let card = c.category("card");
    let own = [name, prop.title, prop.description];
    let other_secret = |h: &Hit| h.kind == Kind::Strong && h.cat.is_some() && h.cat != card;
    card.is_some()
        && hits
            .iter()
            .any(|h| h.source != Source::Message && h.cat == card && h.kind != Kind::Benign)
        && !hits.iter().any(other_secret)
        && !message_hits.iter().any(other_secret)
        && names_gift_card(&own)
        && speaks_of_balance(&[message, prop.title, prop.description])
}

/// Words for a gift card, in the 42 pack languages (hand-written; see the module doc). Not "voucher" alone:
/// a prepaid voucher's printed PIN (a top-up or a paysafecard) is the value itself.
const GIFT_CARD: &[&str] = &[
    // en, and the English loanword other languages write
    "gift card",
    "giftcard",
    "gift certificate",
    // de
    "geschenkkarte",
    "geschenkgutschein",
    // fr
    "carte cadeau",
    "carte-cadeau",
    "cheque cadeau",
    // es
    "tarjeta regalo",
    "tarjeta de regalo",
    // it
    "carta regalo",
    "buono regalo",
    // pt
    "cartao presente",
    "cartao-presente",
    "vale presente",
    "vale-presente",
    // nl
    "cadeaukaart",
    "cadeaubon",
    // ro
    "card cadou",
    "cardul cadou",
    "cardului cadou",
    // pl, cs, sk
    "podarunkow",
    "prezentow",
    "darkov",
    "darcekov",
    // ru, uk, bg
    "подарочн",
    "подарунков",
    "подаръчн",
    // hr, sr
    "poklon kartic",
    "poklon bon",
    "поклон картиц",
    "поклон бон",
    // lt, hu, el
    "dovanu kortel",
    "ajandekkartya",
    "ajandekutalvany",
    "δωροκαρτ",
    "δωροεπιταγ",
    // da, no, sv, fi
    "gavekort",
    "presentkort",
    "lahjakort",
    // tr, ar, fa, he, ur
    "hediye kart",
    "hediye ceki",
    "بطاقة الهدايا",
    "بطاقة هدية",
    "بطاقة الهدية",
    "بطاقة هدايا",
    "کارت هدیه",
    "כרטיס מתנה",
    "כרטיס המתנה",
    "גיפט קארד",
    "گفٹ کارڈ",
    // sw, id, ms, tl (tl writes "gift card"), vi, th
    "kadi ya zawadi",
    "kartu hadiah",
    "kad hadiah",
    "the qua tang",
    "บัตรของขวัญ",
    // hi, bn, mr, ta, te
    "गिफ्ट कार्ड",
    "उपहार कार्ड",
    "গিফট কার্ড",
    "উপহার কার্ড",
    "भेट कार्ड",
    "பரிசு அட்டை",
    "கிஃப்ட் கார்டு",
    "గిఫ్ట్ కార్డ్",
    "బహుమతి కార్డ్",
    // zh, ja, ko
    "礼品卡",
    "礼物卡",
    "ギフトカード",
    "ギフト券",
    "기프트카드",
    "기프트 카드",
    "상품권",
];

/// Words for an account's or a card's balance, in the 42 pack languages (hand-written; see the module doc).
const BALANCE: &[&str] = &[
    // en, de, fr, es/it/pt/nl/da/no/sv/fi/id ("saldo"), ro
    "balance",
    "guthaben",
    "restguthaben",
    "solde",
    "saldo",
    "soldul",
    "soldului",
    // pl ("saldo"), cs, sk, ru/uk/bg, hr/sr, lt, hu, el
    "zustat",
    "zostat",
    "баланс",
    "остаток",
    "залишок",
    "stanje",
    "стање",
    "likut",
    "egyenleg",
    "υπολοιπ",
    // tr, ar, fa, he, ur, sw, ms, tl, vi, th
    "bakiye",
    "رصيد",
    "موجودی",
    "יתרה",
    "היתרה",
    "بیلنس",
    "salio",
    "baki",
    "balanse",
    "so du",
    "ยอดเงิน",
    "ยอดคงเหลือ",
    // hi, bn, mr, ta, te
    "बैलेंस",
    "शेष राशि",
    "ব্যালেন্স",
    "शिल्लक",
    "बॅलन्स",
    // Tamil inflects the noun by its final vowel sign ("இருப்பைச் சரிபார்க்கவும்"): the case forms, whole.
    "இருப்பு",
    "இருப்பை",
    "இருப்பைச்",
    "இருப்புத்",
    "బ్యాలెన్స్",
    // zh, ja, ko
    "余额",
    "残高",
    "잔액",
];

folded_words! { fn gift_card_words = GIFT_CARD; }
folded_words! { fn balance_words = BALANCE; }

/// Whether one of `texts` (a field's own name, title and description) names a gift card.
pub(super) fn names_gift_card(texts: &[&str]) -> bool {
    texts.iter().any(|t| {
        !t.is_empty() && holds_any(&fold_words(t), gift_card_words().iter().map(String::as_str))
    })
}

/// Whether one of `texts` (the message and the field's own texts) speaks of a balance.
pub(super) fn speaks_of_balance(texts: &[&str]) -> bool {
    texts.iter().any(|t| {
        !t.is_empty() && holds_any(&fold_words(t), balance_words().iter().map(String::as_str))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gift_cards_and_balances_are_read_in_many_languages() {
        for t in [
            "Geschenkkartennummer",
            "Numer karty podarunkowej",
            "Номер подарочной карты",
            "Hediye kartı numarası",
            "礼品卡卡号",
            "Số thẻ quà tặng",
            "Gavekortnummer",
        ] {
            assert!(names_gift_card(&[t]), "{t}");
        }
        for t in ["Card number", "Kartennummer", "Номер карты", "Numer karty"] {
            assert!(!names_gift_card(&[t]), "{t}");
        }
        for t in [
            "Prüfen Sie das Guthaben",
            "Sprawdź saldo karty",
            "Проверьте баланс",
            "查询余额",
            "Zkontrolujte zůstatek",
        ] {
            assert!(speaks_of_balance(&[t]), "{t}");
        }
        assert!(!speaks_of_balance(&["Pay with your card", ""]));
    }
}
