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
//! cards16, the largest kind of false positive of every held-out batch, read more generally:
//! - the gift card may be named by the message over a field that names only a card ("Kartennummer" under
//!   "Guthabenabfrage für Ihre Geschenkkarte", "カード番号" under "ギフトカードの残高"), unless the form
//!   names a payment card or a card's other data ([`PAYMENT_CARD`]: "pay the rest with your credit card",
//!   "the security code");
//! - a secret of another kind named only to say it is not needed ("Die PIN unter dem Rubbelfeld benötigen
//!   wir nicht", "スクラッチ部分の番号（PIN）は不要です") does not undo the reading ([`denies_other_secret`]);
//!   asked, warned about "with anyone", or named by the field's own name ("gift_card_pin"), it does;
//! - the message's own card words say which card's number the field holds ("Skriv gavekortnummeret",
//!   "Masukkan nomor kartu"): dropped when the form has no field for the rest of a card and the message
//!   names no payment card ([`drop_message_card`]), as a last four's are;
//! - a loyalty card's number (its points balance) is read as a gift card's.
//!
//! No maintained source lists these words (CLDR and the authentication UIs the packs come from name no gift
//! card or balance): the lists below are written by hand, one or a few entries a language for the 42 packs,
//! in the form shops write them, reviewed against each language's commerce pages. A word of five letters or
//! more is matched as the start of a word, so case endings and compounds follow ("podarunkowej",
//! "Geschenkkartennummer"); a phrase or a word of a script without spaces, anywhere in the text.

use super::field::Prop;
use super::hit::{Hit, Source};
use super::survey::sentences;
use super::wordlist::{word_list, SURVEY};
use super::{negation, prohibit};
use crate::policy::secret::normalize::{fold_words, Folder};
use crate::policy::secret::pack::{Compiled, Kind};

/// Whether the text field `prop` named `name`, whose own texts' hits are `hits` (the message's are `message_hits`), is
/// a gift card's number checked for its balance (see the module doc): a gift card is named by its own texts,
/// or by the message over a field that names only a card ("Kartennummer" under "Guthaben Ihrer
/// Geschenkkarte") in a form that names no payment card ([`names_payment_card`]); the message or its own
/// texts speak of a balance; its own texts name a card; and another secret named strongly ("the PIN under
/// the scratch strip", "код активации") is named only to say it is not needed ([`denies_other_secret`]), and
/// never by the field's own name.
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
    let described = [message, prop.title, prop.description];
    let other_secret = |h: &Hit| h.kind == Kind::Strong && h.cat.is_some() && h.cat != card;
    let other = hits.iter().any(other_secret) || message_hits.iter().any(other_secret);
    let own_card = hits
        .iter()
        .any(|h| h.source != Source::Message && h.cat == card && h.kind != Kind::Benign);
    // cards18: a field named for the gift card in words the card category does not read ("Lahjakortin
    // numero", "Broj poklon bona", "Číslo dárkové karty"), whose own texts name nothing else than a run of
    // digits ("numero", "broj": a weak word with a reach): the card's printed number, as above. A field
    // naming a code of its own ("Lahjakortin koodi", "Gift card security code") is not.
    let only_numbered = || {
        !hits.iter().any(|h| {
            h.source != Source::Message
                && h.cat.is_some()
                && h.cat != card
                && match h.kind {
                    Kind::Strong | Kind::Qualifier => true,
                    Kind::Weak => h.reach.is_none(),
                    _ => false,
                }
        })
    };
    card.is_some()
        && (own_card || (names_gift_card(&own) && only_numbered()))
        && !hits
            .iter()
            .any(|h| other_secret(h) && h.source == Source::Name)
        && (!other || denies_other_secret(c, &described))
        && (names_gift_card(&own)
            || (names_gift_card(&[message]) && !names_payment_card(&described)))
        // cards21: a scheme's gift or prepaid card ("Visa gift card number") is a payment card: its number,
        // expiry and CVV spend it anywhere.
        && !names_payment_card(&own)
        && speaks_of_balance(&described)
        && !asks_scratched(&described)
}

/// Whether `texts` name the scratch-off layer a gift card hides its PIN or code under ([`SCRATCH`]) in a
/// clause that does not say it is not needed: "enter the card number and the scratch code", "kod spod
/// zdrapki". That code is the card's secret (cards18: with "PIN ki zaroorat nahi" read as a denial, a
/// scratch code asked beside it must still undo the reading); "Die PIN unter dem Rubbelfeld benötigen wir
/// nicht" names it to keep the user from typing it.
fn asks_scratched(texts: &[&str]) -> bool {
    texts.iter().filter(|t| !t.is_empty()).any(|text| {
        sentences(text).into_iter().any(|(sentence, _)| {
            negation::clauses(sentence).any(|clause| {
                let folded = fold_words(clause);
                scratch_list().holds(&folded)
                    && !(negation::negated(&folded)
                        || not_needed_list().holds(&folded)
                        || left_out(&folded, scratch_list()).is_some())
            })
        })
    })
}

/// Whether the message's card words may be dropped for a gift card's number the form asks alone (the caller
/// found such a field and no field for the rest of a card): the message names the gift card or a balance,
/// and names no payment card. The message's own other secrets are then judged by their clauses
/// ([`denies_other_secret`]).
pub(super) fn message_only_describes(message: &str) -> bool {
    (names_gift_card(&[message]) || speaks_of_balance(&[message]))
        && !names_payment_card(&[message])
}

/// Drops from the message's hits the card words that only say which card's number the gift-card field holds
/// ("Skriv gavekortnummeret", "Masukkan nomor kartu yang tercetak"), and a strong name of another secret
/// when every clause naming one says it is not needed ("スクラッチ部分の番号（PIN）は不要です"). The caller
/// has checked [`message_only_describes`] and that no field of the form is for the rest of a card.
pub(super) fn drop_message_card(c: &Compiled, message: &str, message_hits: &mut Vec<Hit>) {
    let card = c.category("card");
    if card.is_none() {
        return;
    }
    let denied = denies_other_secret(c, &[message]);
    let denied_strong =
        |h: &Hit| denied && h.kind == Kind::Strong && h.cat.is_some() && h.cat != card;
    // The words of a denied secret: the other categories' terms on the same word ("PIN", a strong PIN and
    // a weak credential) are denied with it.
    let denied_at: Vec<usize> = message_hits
        .iter()
        .filter(|h| denied_strong(h))
        .map(|h| h.word)
        .collect();
    message_hits.retain(|h| {
        let card_word =
            h.cat == card && matches!(h.kind, Kind::Strong | Kind::Weak | Kind::Qualifier);
        let denied_secret = denied_strong(h)
            || (h.cat.is_some()
                && h.cat != card
                && matches!(h.kind, Kind::Weak | Kind::Qualifier)
                && denied_at.contains(&h.word));
        !(card_word || denied_secret)
    });
}

/// Whether `texts` name a secret other than a card strongly only to say it is not needed: at least one
/// clause names one, and every clause that does holds a negation ([`negation::negated`], or
/// [`NOT_NEEDED`]) and no word for "anyone" ("never share the PIN with anyone" is said by scams right
/// before they ask for it). "Die PIN unter dem Rubbelfeld benötigen wir nicht", "код под защитным слоем не
/// нужен", "不需要刮开密码区": the PIN a gift card hides under its strip is named to keep the user from
/// typing it.
pub(super) fn denies_other_secret(c: &Compiled, texts: &[&str]) -> bool {
    let card = c.category("card");
    let mut folder = Folder::default();
    let mut buf = Vec::new();
    let mut any = false;
    for text in texts.iter().filter(|t| !t.is_empty()) {
        for (sentence, _) in sentences(text) {
            for clause in negation::clauses(sentence) {
                buf.clear();
                folder.fold_into(clause, &c.stopwords, &mut buf);
                let mut names = false;
                c.find_terms(&buf, |pattern, _, _| {
                    names |= c.infos.get(pattern).is_some_and(|infos| {
                        infos.iter().any(|i| {
                            i.kind == Kind::Strong && i.category.is_some() && i.category != card
                        })
                    });
                });
                if !names {
                    continue;
                }
                let folded = fold_words(clause);
                // "bez kodu spod zdrapki": the code under the scratch strip left out, when no secret but a card
                // is named before the preposition ("enter the PIN without scratching" asks the PIN).
                let without = || {
                    left_out(&folded, scratch_list()).is_some_and(|before| {
                        let mut named = false;
                        let mut buf = Vec::new();
                        Folder::default().fold_into(&before, &c.stopwords, &mut buf);
                        c.find_terms(&buf, |pattern, _, _| {
                            named |= c.infos.get(pattern).is_some_and(|infos| {
                                infos.iter().any(|i| {
                                    i.kind == Kind::Strong
                                        && i.category.is_some()
                                        && i.category != card
                                })
                            });
                        });
                        !named
                    })
                };
                let negated =
                    negation::negated(&folded) || not_needed_list().holds(&folded) || without();
                // "Vergessen Sie nicht die PIN", "don't forget the code under the strip": a negated
                // *forgetting* asks for the secret; so does a warning about sharing it with anyone.
                if !negated
                    || negation::warns_of_anyone(&folded)
                    || prohibit::speaks_of_forgetting(&folded)
                {
                    return false;
                }
                any = true;
            }
        }
    }
    any
}

/// Negations of the languages whose words [`negation::NEGATION`](super::negation) leaves out (their
/// denials are read by the prohibition rule there): read here only for a clause beside a gift card's
/// balance, where "the PIN is not needed" keeps the user from typing the one secret such a card has. Whole
/// words.
const NOT_NEEDED: &[&str] = &[
    // de, fr, es/it/pt, nl, da/no, sv, fi
    "nicht",
    "kein",
    "keine",
    "keinen",
    "pas",
    "jamais",
    "no",
    "non",
    "nao",
    "nem",
    "nunca",
    "mai",
    "niet",
    "geen",
    "nooit",
    "ikke",
    "aldri",
    "inte",
    "aldrig",
    "ei",
    "ala",
    // pl, cs, sk, hr/sr, bg, uk, ro, el, hu, lt, tr
    "nie",
    "ne",
    "neni",
    "nije",
    "nisu",
    "није",
    "не",
    "няма",
    "nu",
    "δεν",
    "μην",
    "nem",
    "nincs",
    "nereikia",
    "gerekmez",
    "gerek yok",
    // cards21: id, ms ("kami tidak memerlukan sebarang PIN", "tak perlukan"): the packs' prohibition rule
    // reads these; beside a gift card's balance they deny the PIN.
    "tidak",
    "tak",
    "tiada",
];

/// Words for a payment card, in the 42 pack languages (hand-written; see the module doc), and for a card's
/// data a gift card's balance never needs (its security code, its expiry; in the larger languages): a
/// message that names one beside a gift card ("the balance of your gift card is too low: pay the rest with
/// your credit card", "enter the card number and the security code") asks for a payment card's data, so a
/// field that names only a card is not the gift card's there, and the message's card words keep asking.
const PAYMENT_CARD: &[&str] = &[
    // en, and the schemes' names every language writes
    "credit",
    "debit",
    "visa",
    "mastercard",
    "maestro",
    "amex",
    "american express",
    "cvv",
    "cvc",
    // A card's other data, which a gift card's balance never needs: its security code and its expiry.
    "security code",
    "expiry",
    "expiration",
    "sicherheitscode",
    "prufnummer",
    "ablaufdatum",
    "gultig bis",
    "code de securite",
    "cryptogramme",
    "date d'expiration",
    "codigo de seguridad",
    "fecha de caducidad",
    "fecha de vencimiento",
    "codice di sicurezza",
    "data di scadenza",
    "codigo de seguranca",
    "data de validade",
    "beveiligingscode",
    "vervaldatum",
    "kod bezpieczenstwa",
    "data waznosci",
    "код безопасности",
    "срок действия",
    "安全码",
    "有效期",
    "セキュリティコード",
    "有効期限",
    "보안코드",
    "유효기간",
    // de, fr, es/it/pt, nl, ro, pl/cs/sk/hr/sr/sl, hu, lt, el, tr
    "kredit",
    "kredyt",
    "plateb",
    "credito",
    "debito",
    "debet",
    "bankkarte",
    "carte bancaire",
    "carte bleue",
    "tarjeta bancaria",
    "carta di pagamento",
    "bankpas",
    "betaalpas",
    "bancar",
    "platn",
    "platobn",
    "bankov",
    "hitelkartya",
    "bankkartya",
    "mokejimo",
    "πιστωτικ",
    "χρεωστικ",
    "banka karti",
    "banka kart",
    // ru/uk/bg/sr, ar, fa, he, ur, hi/mr, bn, ta, te, th
    "кредит",
    "дебет",
    "банковск",
    "банківськ",
    "банков",
    "ائتمان",
    "ائتمانية",
    "مصرفية",
    "بانکی",
    "اعتباری",
    "אשראי",
    "کریڈٹ",
    "ڈیبٹ",
    "क्रेडिट",
    "डेबिट",
    "ক্রেডিট",
    "ডেবিট",
    "கிரெடிட்",
    "டெபிட்",
    "క్రెడిట్",
    "డెబిట్",
    "บัตรเครดิต",
    "บัตรเดบิต",
    // zh, ja, ko
    "信用卡",
    "借记卡",
    "银行卡",
    "储蓄卡",
    "クレジット",
    "デビット",
    "キャッシュカード",
    "신용카드",
    "체크카드",
    "직불카드",
];

/// Words for a gift card, in the 42 pack languages (hand-written; see the module doc). Not "voucher" alone:
/// a prepaid voucher's printed PIN (a top-up or a paysafecard) is the value itself.
const GIFT_CARD: &[&str] = &[
    // en, and the English loanword other languages write
    "gift card",
    "giftcard",
    "gift certificate",
    "gift pass",
    "gift voucher",
    "e-gift",
    // A loyalty card's number, with its points balance, is printed on it for the till to scan as a gift
    // card's is: "carta fedeltà", "Kundenkarte", "ポイントカード".
    "loyalty card",
    "carta fedelta",
    "tessera fedelta",
    "kundenkarte",
    "treuekarte",
    "carte de fidelite",
    "tarjeta de fidelidad",
    "cartao fidelidade",
    "cartao de fidelidade",
    "klantenkaart",
    "spaarkaart",
    "karta lojalnosciowa",
    "vernostni karta",
    "карта лояльности",
    "бонусная карта",
    "бонусной карты",
    "ポイントカード",
    "会员卡",
    "积分卡",
    "멤버십 카드",
    "포인트 카드",
    // cards18: a meal or food card (an employer's meal allowance, Pluxee, Edenred), whose balance is read
    // from its printed number as a gift card's; its PIN, like a gift card's, stays a secret.
    "meal card",
    "meal voucher",
    "food card",
    "essenskarte",
    "carte repas",
    "carte restaurant",
    "carte ticket restaurant",
    "tarjeta restaurante",
    "tarjeta comedor",
    "buono pasto",
    "buoni pasto",
    "carta pasto",
    "cartao refeicao",
    "cartao alimentacao",
    "vale refeicao",
    "vale alimentacao",
    "maaltijdkaart",
    "card de masa",
    "tichete de masa",
    "karta lunchowa",
    "karta posilkowa",
    "stravenk",
    "bon za hranu",
    "kartica za hranu",
    "карта за храна",
    "картата за храна",
    "ваучер за храна",
    "ваучери за храна",
    "карта на храна",
    "талон на питание",
    "карта питания",
    "yemek karti",
    "kartu makan",
    "kad makan",
    "餐卡",
    "饭卡",
    "食事券",
    "식권",
    // cards21: the other stored-value and closed-loop cards whose printed number is read for a balance, a
    // history or a top-up as a gift card's is: transit and e-money cards, fuel cards, membership, club,
    // points and library cards. Not "prepaid card" alone (a prepaid Visa or PostePay carries a scheme's
    // number, expiry and CVV), nor "store card" (the UK's store credit card), nor "travel card" (a
    // multi-currency debit card): their numbers are payment cards'. A PIN, a scratch code or a card's
    // other data asked beside any of these still blocks, as for a gift card.
    "transit card",
    "transport card",
    "metro card",
    "fare card",
    "e-money",
    "emoney",
    "fuel card",
    "membership card",
    "member card",
    "club card",
    "library card",
    "points card",
    "rewards card",
    "bonus card",
    "guthabenkarte",
    "wertkarte",
    "tankkarte",
    "mitgliedskarte",
    "bonuskarte",
    "bibliotheksausweis",
    "carte de transport",
    "carte carburant",
    "carte de membre",
    "carte d'adherent",
    "carte adherent",
    "carte de bibliotheque",
    "tarjeta de transporte",
    "tarjeta transporte",
    "tarjeta de combustible",
    "tarjeta de socio",
    "tarjeta de miembro",
    "tarjeta monedero",
    "tarjeta de puntos",
    "tarjeta de biblioteca",
    "carta socio",
    "carta carburante",
    "tessera socio",
    "tessera della biblioteca",
    "carta trasporti",
    "cartao de transporte",
    "cartao de combustivel",
    "cartao de socio",
    "cartao de membro",
    "cartao da biblioteca",
    "ov-chipkaart",
    "ov chipkaart",
    "tankpas",
    "tankkaart",
    "ledenpas",
    "bibliotheekpas",
    "klantenpas",
    "spaarpas",
    "card de fidelitate",
    "cardul de fidelitate",
    "card de transport",
    "card de combustibil",
    "card de membru",
    "karta miejska",
    "karta paliwowa",
    "karta czlonkowska",
    "karta biblioteczna",
    "karta stalego klienta",
    "karty stalego klienta",
    "vernostn",
    "zakaznick",
    "palivov",
    "clenska karta",
    "clenske karty",
    "транспортная карта",
    "транспортной карты",
    "топливная карта",
    "топливной карты",
    "клубная карта",
    "клубной карты",
    "транспортна картка",
    "паливна картка",
    "картка лояльності",
    "картки лояльності",
    "бонусна картка",
    "клубна картка",
    "карта за лоялност",
    "транспортна карта",
    "горивна карта",
    "клубна карта",
    "kartica vjernosti",
    "kartica lojalnosti",
    "kartice vjernosti",
    "kartica za gorivo",
    "clanska kartica",
    "картица лојалности",
    "husegkartya",
    "torzsvasarloi kartya",
    "uzemanyagkartya",
    "klubkartya",
    "lojalumo kortel",
    "nuolaidu kortel",
    "kuro kortel",
    "nario kortel",
    "καρτα μελους",
    "καρτα επιβραβευσης",
    "καρτα καυσιμων",
    "kundekort",
    "medlemskort",
    "rejsekort",
    "reisekort",
    "bonuskort",
    "tankkort",
    "bibliotekskort",
    "lanekort",
    "kundkort",
    "reskort",
    "kanta-asiakaskort",
    "jasenkort",
    "matkakort",
    "polttoainekort",
    "kirjastokort",
    "etukort",
    "sadakat kart",
    "uyelik kart",
    "ulasim kart",
    "akaryakit kart",
    "kutuphane kart",
    "بطاقة الولاء",
    "بطاقة ولاء",
    "بطاقة العضوية",
    "بطاقة عضوية",
    "بطاقة النقل",
    "بطاقة الوقود",
    "کارت عضویت",
    "کارت باشگاه مشتریان",
    "کارت سوخت",
    "کارت مترو",
    "כרטיס מועדון",
    "כרטיס חבר",
    "כרטיס דלק",
    "لائلٹی کارڈ",
    "ممبرشپ کارڈ",
    "فیول کارڈ",
    "kadi ya uanachama",
    "kadi ya usafiri",
    "kadi ya mafuta",
    "kadi ya uaminifu",
    "uang elektronik",
    "kartu anggota",
    "kartu member",
    "kartu keanggotaan",
    "kartu loyalitas",
    "kartu poin",
    "kartu perpustakaan",
    "kad ahli",
    "kad keahlian",
    "kad kesetiaan",
    "kad ganjaran",
    "kad perpustakaan",
    "the thanh vien",
    "the tich diem",
    "the khach hang than thiet",
    "บัตรสมาชิก",
    "บัตรสะสมแต้ม",
    "บัตรโดยสาร",
    "บัตรน้ำมัน",
    "सदस्यता कार्ड",
    "मेंबरशिप कार्ड",
    "लॉयल्टी कार्ड",
    "मेट्रो कार्ड",
    "सदस्यत्व कार्ड",
    "মেম্বারশিপ কার্ড",
    "সদস্য কার্ড",
    "লয়্যালটি কার্ড",
    "உறுப்பினர் அட்டை",
    "லாயல்டி கார்டு",
    "సభ్యత్వ కార్డ్",
    "లాయల్టీ కార్డ్",
    "交通卡",
    "公交卡",
    "一卡通",
    "储值卡",
    "加油卡",
    "借书证",
    "会員カード",
    "会員証",
    "交通系ic",
    "電子マネー",
    "図書館カード",
    "멤버십카드",
    "포인트카드",
    "교통카드",
    "회원카드",
    // pt-PT writes a gift card "cartão-oferta"; hi and mr write "gift" with a nukta as often as without
    "cartao-oferta",
    "cartao oferta",
    "गिफ़्ट कार्ड",
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
    // "星礼卡", a shop's own name for its gift card, and shopping cards sold as gifts
    "礼卡",
    "购物卡",
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
    // it: what is left on the card ("quanto credito resta", "credito residuo"); not "credito" alone, a
    // credit card's word
    "quanto credito",
    "credito residuo",
    "credito rimanente",
    "credito disponibile",
    "soldul",
    "soldului",
    // pl ("saldo"), cs, sk, ru/uk/bg, hr/sr, lt, hu, el
    "zustat",
    "zostat",
    "баланс",
    "остаток",
    "залишок",
    // hr/sr: "stanje" inflects ("provjera stanja", "na stanju"): its stem, as the start of a word.
    "stanj",
    "стањ",
    // bg: "наличност" (what is left on a card), beside "баланс"
    "наличност",
    // bg: "колко ви остава" (how much is left), "остатък"
    "остава",
    "остатък",
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
    // tl: "natitirang balance", what remains
    "natitira",
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
    // "மீதமுள்ள தொகை", the amount that remains
    "மீதமுள்ள",
    "బ్యాలెన్స్",
    // zh, ja, ko
    "余额",
    "残高",
    "잔액",
    // cards21: a stored-value card's other lookups by its printed number: its history of uses and
    // top-ups, its statement, its points. (A bank card's statement names its bank card: [`PAYMENT_CARD`]
    // undoes the reading there.)
    "history",
    "transactions",
    "statement",
    "top-up",
    "top up",
    "topup",
    "points",
    "umsatze",
    "aufladung",
    "punktestand",
    "historique",
    "rechargement",
    "historial",
    "recarga",
    "movimientos",
    "storico",
    "ricarica",
    "movimenti",
    "historico",
    "movimentos",
    "transacties",
    "opwaarderen",
    "historia",
    "doladowan",
    "история",
    "пополнени",
    "riwayat",
    "isi ulang",
    "sejarah transaksi",
    "tambah nilai",
    "gecmis",
    "yukleme",
    "记录",
    "充值",
    "履歴",
    "チャージ",
    "내역",
    "충전",
];

folded_words! { fn gift_card_words = GIFT_CARD; }
folded_words! { fn balance_words = BALANCE; }
folded_words! { fn payment_card_words = PAYMENT_CARD; }
folded_words! { fn not_needed_words = NOT_NEEDED; }
folded_words! { fn scratch_words = SCRATCH; }
folded_words! { fn without_words = WITHOUT; }
folded_words! { fn and_words = AND; }
word_list! { fn gift_card_list = gift_card_words(), SURVEY; }
word_list! { fn balance_list = balance_words(), SURVEY; }
word_list! { fn payment_card_list = payment_card_words(), SURVEY; }
word_list! { fn not_needed_list = not_needed_words(), SURVEY; }
word_list! { fn scratch_list = scratch_words(), SURVEY; }

/// Words for the scratch-off layer of a gift card (hand-written; see the module doc): what hides the card's
/// PIN or code. Stems of five letters or more match inflected forms ("zdrapki", "Rubbelfeld").
const SCRATCH: &[&str] = &[
    // en (and the languages that write it: tl, ur, hi in Latin letters), de, fr, es, it, pt, nl
    "scratch",
    "rubbel",
    "gratter",
    "grattez",
    "a gratter",
    "rascar",
    "rasca",
    "grattare",
    "gratta",
    "raspar",
    "raspe",
    "raspadinha",
    "kraslaag",
    "krassen",
    // pl, cs, sk, ru, uk, bg, hr, sr, ro, hu, el, lt
    "zdrapk",
    "zdrapa",
    "zdrap",
    "stirac",
    "setret",
    "stierac",
    "защитный слой",
    "защитного слоя",
    "стирае",
    "скретч",
    "захисний шар",
    "защитния слой",
    "zastitni sloj",
    "zastitnog sloja",
    "заштитни слој",
    "razuieste",
    "razuit",
    "kaparo",
    "ξυστ",
    "nutrinam",
    // da, no, sv, fi, tr
    "skrabe",
    "skrap",
    "raaputa",
    "raaputet",
    "kaziyin",
    "kazinan",
    // ar, fa, he, hi, bn, th, id/ms, vi, sw
    "اكشط",
    "كشط",
    "خراش",
    "גירוד",
    "गिरोड",
    "खुरच",
    "ঘষে",
    "ขูด",
    "gosok",
    "cao lop",
    "kukwangua",
    // zh, ja, ko
    "刮开",
    "刮刮",
    "涂层",
    "スクラッチ",
    "削って",
    "스크래치",
    "긁",
];

/// Whether one of `texts` names a payment card ([`PAYMENT_CARD`]) in a clause that does not deny it.
///
/// cards21: "De beveiligingscode onder de kraslaag hoef je hier niet in te vullen", "no credit card
/// needed": a card's other data named to keep the user from typing it asks for none of it, as
/// [`denies_other_secret`] reads a denied PIN. A clause that warns of sharing with anyone, speaks of
/// forgetting ("don't forget the security code") or restricts ("nothing but the CVV") still names it.
pub(super) fn names_payment_card(texts: &[&str]) -> bool {
    texts.iter().filter(|t| !t.is_empty()).any(|text| {
        // One fold of the whole text first: most texts name no payment card at all.
        payment_card_list().holds(&fold_words(text))
            && sentences(text).into_iter().any(|(sentence, _)| {
                negation::clauses(sentence).any(|clause| {
                    let folded = fold_words(clause);
                    payment_card_list().holds(&folded) && !denies_clause(&folded)
                })
            })
    })
}

/// Whether the folded `clause` denies what it names: a negation ([`negation::negated`], [`NOT_NEEDED`]) and
/// no word for "anyone", no forgetting, no restriction ("only", "except": the one wanted).
fn denies_clause(folded: &str) -> bool {
    (negation::negated(folded) || not_needed_list().holds(folded))
        && !negation::warns_of_anyone(folded)
        && !prohibit::speaks_of_forgetting(folded)
        && !negation::restricts(folded)
}

/// Whether the folded `clause` leaves out what `list` names by a preposition "without" ([`WITHOUT`]) right
/// before it: "Wpisz numer karty (bez kodu spod zdrapki)", "ohne den Rubbelcode". The
/// preposition reaches [`WITHOUT_REACH`] words and stops at a word for "and" ([`AND`]): "enter the number
/// without spaces and the scratch code" asks for the code. The listed words must not stand before the
/// preposition too. Only the languages whose "without" stands before its noun: the postpositions (Hindi
/// `बिना` after its noun, Turkish `-siz`, Hungarian `nélkül`) are left to their negations. Returns the
/// clause's words before the preposition, for the caller to check that no secret is asked there.
fn left_out(folded: &str, list: &super::wordlist::WordList) -> Option<String> {
    // The folded text keeps a word's brackets ("(bez kodu spod zdrapki)"): a word is read without them.
    let words: Vec<&str> = folded
        .split_whitespace()
        .map(|w| w.trim_matches(|ch: char| !ch.is_alphanumeric()))
        .filter(|w| !w.is_empty())
        .collect();
    let at = words
        .iter()
        .position(|w| without_words().iter().any(|x| x == w))?;
    let reach: Vec<&str> = words
        .iter()
        .skip(at + 1)
        .take(WITHOUT_REACH)
        .take_while(|w| !and_words().iter().any(|x| x == *w))
        .copied()
        .collect();
    let before = words.get(..at).unwrap_or_default().join(" ");
    (list.holds(&reach.join(" ")) && !list.holds(&before)).then_some(before)
}

/// How many words after "without" it reaches: "bez kodu spod zdrapki" puts the scratch word third.
const WITHOUT_REACH: usize = 4;

/// "Without", as a preposition before its noun (see [`left_out`]). Whole words.
const WITHOUT: &[&str] = &[
    // en, de, fr, es, it, pt, nl, da, no, sv, fi (ilman before its noun too), ro
    "without",
    "ohne",
    "sans",
    "sin",
    "senza",
    "sem",
    "zonder",
    "uden",
    "uten",
    "utan",
    "ilman",
    "fara",
    // pl, cs, sk, hr, sr, lt, ru, uk, bg, el
    // (not Lithuanian "be": English "be")
    "bez",
    "без",
    "χωρις",
    // id, ms, tl, sw, ar, fa, he, ur
    "tanpa",
    "walang",
    "bila",
    "بدون",
    "ללא",
    "בלי",
    "بغیر",
];

/// "And", which ends a "without"'s reach ([`left_out`]). Whole words.
const AND: &[&str] = &[
    "and", "plus", "und", "sowie", "et", "y", "e", "i", "a", "og", "och", "en", "ja", "si", "oraz",
    "ir", "и", "і", "та", "και", "dan", "serta", "at", "na", "و", "ו", "اور",
];

/// Whether one of `texts` (a field's own name, title and description) names a gift card.
pub(super) fn names_gift_card(texts: &[&str]) -> bool {
    texts
        .iter()
        .any(|t| !t.is_empty() && gift_card_list().holds(&fold_words(t)))
}

/// Whether one of `texts` (the message and the field's own texts) speaks of a balance.
pub(super) fn speaks_of_balance(texts: &[&str]) -> bool {
    texts
        .iter()
        .any(|t| !t.is_empty() && balance_list().holds(&fold_words(t)))
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

    #[test]
    fn a_secret_named_only_to_say_it_is_not_needed_is_denied() {
        let c = crate::policy::secret::pack::embedded_for_tests();
        for t in [
            "Die PIN unter dem Rubbelfeld benötigen wir für die Abfrage nicht – bitte nicht eingeben.",
            "スクラッチ部分の番号（PIN）は不要です。",
            "Não é necessário raspar a área protegida nem informar senha.",
            "Enter the card number; the PIN is not needed.",
        ] {
            assert!(denies_other_secret(c, &[t]), "{t}");
        }
        for t in [
            // Asked, beside a denial of something else, or a warning against sharing it.
            "Enter the card number and the PIN.",
            "Never share your PIN with anyone.",
            "Enter the PIN, do not lose the card.",
            // Names no other secret: nothing is denied.
            "Enter the card number.",
        ] {
            assert!(!denies_other_secret(c, &[t]), "{t}");
        }
    }

    #[test]
    fn a_without_leaves_out_only_what_stands_in_its_reach() {
        let out = |t: &str| left_out(&fold_words(t), scratch_list()).is_some();
        for t in [
            "Wpisz numer karty z rewersu (bez kodu spod zdrapki)",
            "Geben Sie nur die Nummer ein, ohne den Rubbelcode",
            "Enter the number without the scratch code",
        ] {
            assert!(out(t), "{t}");
        }
        for t in [
            // "And" ends the preposition's reach; the scratch code before it; no scratch word at all.
            "Enter the number without spaces and the scratch code",
            "Wpisz numer karty bez spacji i kod spod zdrapki",
            "Scratch the strip and enter the number without spaces",
            "Enter the number without spaces",
            // Past the reach of four words (the German negation "benötigen wir nicht" is read instead).
            "Geben Sie die Nummer ein, ohne den Code unter dem Rubbelfeld",
            // Lithuanian "be" is not read: English writes it.
            "The code will be under the scratch strip",
        ] {
            assert!(!out(t), "{t}");
        }
    }

    #[test]
    fn a_payment_card_named_only_to_deny_it_is_not_named() {
        for t in [
            "De beveiligingscode onder de kraslaag hoef je hier niet in te vullen.",
            "No credit card needed.",
        ] {
            assert!(!names_payment_card(&[t]), "{t}");
        }
        for t in [
            "Enter the card number and the security code.",
            "Don't forget the security code.",
            "Never share your CVV with anyone: enter it only here.",
            "Saldo checken? Vul het kaartnummer in, niet de naam, maar wel de beveiligingscode.",
        ] {
            assert!(names_payment_card(&[t]), "{t}");
        }
    }

    #[test]
    fn payment_cards_and_message_named_gift_cards_are_read() {
        for t in [
            "Pay the rest with your credit card",
            "Kreditkartennummer",
            "信用卡卡号",
            "Numer karty kredytowej",
        ] {
            assert!(names_payment_card(&[t]), "{t}");
        }
        assert!(!names_payment_card(&["Guthaben Ihrer Geschenkkarte", ""]));
        assert!(message_only_describes("Saldo checken van je cadeaukaart?"));
        assert!(!message_only_describes(
            "Your gift card balance is too low: pay with your debit card."
        ));
        assert!(!message_only_describes("Enter your card number."));
        for t in [
            "Provjera stanja na poklon bonu",
            "Проверка на наличност",
            "星礼卡余额查询",
        ] {
            assert!(speaks_of_balance(&[t]), "{t}");
        }
    }
}
