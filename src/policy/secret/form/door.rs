//! A door's code for a courier: "¿Necesita el repartidor alguna clave para entrar al portal?", "Código de
//! acesso à porta do prédio", "单元门禁码", "Код на входа". The words for a password or a code name the
//! keypad's code at a building's entrance, a gate or an intercom, asked so that a delivery reaches the door.
//!
//! A field found asking for a password, a one-time code or a PIN reads the door's code ([`door_code`]) when a
//! word for a door ([`DOOR`]: door, gate, entrance, intercom, the building's portal) stands in its own title
//! or description, or in a sentence of the message that names the code, and the form speaks of a delivery
//! ([`DELIVERY`]: a courier, a parcel, an order's delivery) anywhere. A sense word in a sentence that names
//! no secret is not read.
//!
//! A code sent to the user's phone is no door's, even in a delivery form: a form whose texts name a code
//! that was sent ([`SENT`], or the packs' qualifiers of a one-time code: "SMS", "texted", "we sent"), or an
//! account, a login or a bank ([`super::sense::speaks_of_account`], read by the caller), keeps the secret's
//! reading, as does a field declared a password.

use super::sense::AT_WORD_START;
use super::survey::{found_in, sentences};
use super::wordlist::word_list;
use crate::policy::secret::normalize::{fold, fold_words, Folder};
use crate::policy::secret::pack::{Compiled, Kind};

/// Words for a door, a gate or the entrance of a building, folded as texts are: whole words or, of five
/// letters or more, the start of one; phrases and words of the scripts written without spaces, anywhere.
const DOOR: &[&str] = &[
    // en
    "door",
    "doors",
    "gate",
    "entrance",
    "intercom",
    "buzzer",
    "lobby",
    "building",
    "garage",
    "keypad",
    // es, pt, it, fr, ro
    "portal",
    "puerta",
    "garaje",
    "portero",
    "telefonillo",
    "edificio",
    "porta",
    "portão",
    "prédio",
    "portaria",
    "interfone",
    "edifício",
    "condomínio",
    "portone",
    "citofono",
    "cancello",
    "digicode",
    "porte",
    "portail",
    "interphone",
    "immeuble",
    "bâtiment",
    "interfon",
    "ușa",
    "ușii",
    "poarta",
    "porții",
    "scara",
    "blocului",
    // de, nl, sv, no, da, fi
    "haustür",
    "tür",
    "türcode",
    "klingel",
    "gebäude",
    "hauseingang",
    "deur",
    "poort",
    "gebouw",
    "portkod",
    "portkoden",
    "porten",
    "portkode",
    "portkoden",
    "dør",
    "døren",
    "dörr",
    "dörren",
    "ovikoodi",
    "porttikoodi",
    "ovi",
    "oven",
    "rappu",
    // pl, cs, sk, hr, sr, sl
    "domofon",
    "domofonu",
    "drzwi",
    "brama",
    "bramy",
    "bramie",
    "klatki",
    "klatka",
    "budynku",
    "budynek",
    "dveře",
    "dveří",
    "dvere",
    "dverí",
    "brána",
    "brány",
    "vchod",
    "vchodu",
    "zvonek",
    "zvonček",
    "ulaz",
    "ulaza",
    "ulazna",
    "ulazu",
    "vrata",
    "interfona",
    "zgrade",
    "zgradu",
    "portafon",
    // ru, uk, bg
    "домофон",
    "подъезд",
    "дверь",
    "двери",
    "ворот",
    "шлагбаум",
    "під'їзд",
    "двері",
    "вход",
    "входа",
    "входната",
    "звънец",
    "звънеца",
    "вратата",
    "врата",
    // el, hu, tr
    "πόρτα",
    "είσοδο",
    "εισόδου",
    "κουδούνι",
    "kapukód",
    "kapu",
    "kaput",
    "ajtó",
    "kaputelefon",
    "kapı",
    "kapısı",
    "bina",
    "binanın",
    // ar, fa, ur, he
    "البوابة",
    "بوابة",
    "باب",
    "الباب",
    "المبنى",
    "العمارة",
    "در ورودی",
    "ساختمان",
    "گیٹ",
    "דלת",
    "שער",
    "אינטרקום",
    "בניין",
    "הבניין",
    // hi, bn, ta, te, mr, th, vi, id, ms, tl, sw
    "गेट",
    "दरवाज़ा",
    "दरवाजा",
    "গেট",
    "দরজা",
    "ประตู",
    "ตึก",
    "cổng",
    "cửa",
    "tòa nhà",
    "pintu",
    "gerbang",
    "gedung",
    "pagar",
    "pinto",
    "lango",
    // zh, ja, ko
    "门禁",
    "單元門",
    "单元门",
    "大门",
    "楼门",
    "門禁",
    "オートロック",
    "エントランス",
    "玄関",
    "공동현관",
    "현관",
    "출입문",
];

/// Words that say the form arranges a delivery: read anywhere in the form's texts.
const DELIVERY: &[&str] = &[
    "delivery",
    "deliver",
    "courier",
    "parcel",
    "package",
    "driver",
    "shipping",
    "shipment",
    "rider",
    "repartidor",
    "entrega",
    "entregar",
    "envío",
    "pedido",
    "paquete",
    "mensajero",
    "encomenda",
    "estafeta",
    "entregador",
    "pacote",
    "livraison",
    "livreur",
    "colis",
    "consegna",
    "corriere",
    "pacco",
    "lieferung",
    "zusteller",
    "paket",
    "kurier",
    "lieferant",
    "bezorg",
    "pakket",
    "koerier",
    "dostaw",
    "paczk",
    "przesyłk",
    "kurýr",
    "doručen",
    "zásilk",
    "balík",
    "kuriér",
    "zásielk",
    "dostav",
    "kurir",
    "pošiljk",
    "курьер",
    "доставк",
    "посылк",
    "куриер",
    "пратк",
    "кур'єр",
    "快递",
    "配送",
    "送达",
    "外卖",
    "包裹",
    "骑手",
    "快遞",
    "配達",
    "宅配",
    "배송",
    "배달",
    "택배",
    "kurye",
    "teslimat",
    "kargo",
    "التوصيل",
    "توصيل",
    "المندوب",
    "شحنة",
    "الشحنة",
    "משלוח",
    "שליח",
    "חבילה",
    "leverans",
    "levering",
    "budet",
    "toimitus",
    "kuriiri",
    "paketti",
    "παράδοση",
    "κούριερ",
    "δέμα",
    "futár",
    "kiszállítás",
    "csomag",
    "curier",
    "livrare",
    "colet",
    "giao hàng",
    "shipper",
    "pengiriman",
    "penghantaran",
    "จัดส่ง",
    "พัสดุ",
    "डिलीवरी",
    "कूरियर",
    "ডেলিভারি",
    "டெலிவரி",
    "डिलिव्हरी",
];

/// Words that say a code was sent to the user's phone or verifies the user (a one-time code's, not a door's:
/// "the verification code for the door" is the user's); the packs' qualifiers of a one-time code say the
/// rest.
const SENT: &[&str] = &[
    "sms",
    "otp",
    "whatsapp",
    "texted",
    "text message",
    "2fa",
    "verification",
    "verify",
    "one-time",
    "one time",
    "confirmation code",
    "verificação",
    "verificacion",
    "verificación",
    "confirmação",
    "confirmación",
    "vérification",
    "verifica",
    "bestätigung",
    "verifizierung",
    "verificatie",
    "weryfikac",
    "jednorazow",
    "jednorázov",
    "ověřovací",
    "overovací",
    "potvrd",
    "verifikac",
    "jednokrat",
    "подтвержд",
    "потвържд",
    "підтвердж",
    "еднократ",
    "одноразов",
    "doğrulama",
    "onay kodu",
    "التحقق",
    "تحقق",
    "אימות",
    "xác minh",
    "xác thực",
    "verifikasi",
    "pengesahan",
    "验证",
    "驗證",
    "校验",
    "動態",
    "动态",
    "確認コード",
    "認証",
    "인증",
];

folded_words! { fn door_words = DOOR; }

folded_words! { fn delivery_words = DELIVERY; }

folded_words! { fn sent_words = SENT; }

word_list! { fn door_list = door_words(), AT_WORD_START; }
word_list! { fn delivery_list = delivery_words(), AT_WORD_START; }
word_list! { fn sent_list = sent_words(), AT_WORD_START; }

/// Whether `text` names a door, a gate or a building's entrance ([`DOOR`]).
fn names_door(text: &str) -> bool {
    door_list().holds(&fold_words(text))
}

/// Whether any of `texts` (the form's message, names, titles and descriptions) speaks of a delivery.
pub(super) fn speaks_of_delivery(texts: &[&str]) -> bool {
    texts
        .iter()
        .any(|t| delivery_list().holds(&fold_words(&t.replace('_', " "))))
}

/// Whether any of `texts` names a code that was sent to the user: a word of [`SENT`] anywhere, or a
/// qualifier of the one-time code in the packs ("we sent", "texted", "přišla") in a sentence that names a
/// secret. The packs' qualifiers are verbs of arrival, and a delivery form speaks of the courier's and the
/// parcel's: "Куриерът ще дойде утре" (the courier comes tomorrow; `дойде` is also the code that came)
/// says nothing of a code; "Въведете кода, който ви дойде" does.
pub(super) fn speaks_of_sent_code(c: &Compiled, texts: &[&str]) -> bool {
    let otp = c.category("otp");
    let mut folder = Folder::default();
    let mut buf = Vec::new();
    texts.iter().any(|t| {
        if sent_list().holds(&fold_words(t)) {
            return true;
        }
        sentences(t).iter().any(|(sentence, _)| {
            let folded = fold(sentence, &c.stopwords);
            let mut sent = false;
            c.find_terms(folded.as_bytes(), |pattern, _, _| {
                sent |= c
                    .infos
                    .get(pattern)
                    .into_iter()
                    .flatten()
                    .any(|i| i.kind == Kind::Qualifier && otp.is_some() && i.category == otp);
            });
            sent && found_in(c, &mut folder, &mut buf, sentence).names
        })
    })
}

/// Whether a field found asking for a password, a code or a PIN, with its own `title` and `description`,
/// reads a door's code: a door word in its own texts or in a sentence of `message` naming the secret, and
/// not declared a password by `format`. The delivery, the sent code and the account are read by the
/// caller over the whole form.
pub(super) fn door_code(
    c: &Compiled,
    message: &str,
    title: &str,
    description: &str,
    format: &str,
) -> bool {
    if format.trim().eq_ignore_ascii_case("password") {
        return false;
    }
    if names_door(title) || names_door(description) {
        return true;
    }
    let mut folder = Folder::default();
    let mut buf = Vec::new();
    sentences(message).iter().any(|(sentence, _)| {
        names_door(sentence) && found_in(c, &mut folder, &mut buf, sentence).names
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::policy::secret::pack::embedded_for_tests as compiled;

    #[test]
    fn a_door_word_is_read_in_any_script() {
        assert!(names_door("Clave del portal o del garaje"));
        assert!(names_door("单元门禁码（选填）"));
        assert!(names_door("Код на входа"));
        assert!(!names_door("Código de verificação"));
    }

    #[test]
    fn a_code_sent_by_text_is_read_in_the_words_of_the_packs() {
        let c = compiled();
        assert!(speaks_of_sent_code(
            c,
            &["Enter the code we sent to your phone by SMS"]
        ));
        assert!(speaks_of_sent_code(
            c,
            &["Indique o código de verificação da porta"]
        ));
        assert!(speaks_of_sent_code(c, &["门禁验证码"]));
        assert!(!speaks_of_sent_code(
            c,
            &["Código de acesso à porta do prédio"]
        ));
    }
}
