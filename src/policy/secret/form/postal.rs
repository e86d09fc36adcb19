//! India's postal PIN code in an address form: "PIN code" (Postal Index Number) beside the city, the
//! district and the street is where a parcel goes, not a secret.
//!
//! The packs read the postal code where a text says so ("PIN code (India postal code)", `redefine`), but an
//! address form often says nothing of the kind: a field `pincode` titled "PIN", "پن کوڈ" or "அஞ்சல்
//! குறியீட்டு எண் (PIN)" sits beside fields for the address, the town and the district, and the message asks
//! for "your address and PIN code". So a field, or the message, whose only secret is a bare PIN (the word
//! alone, "PIN code", `pincode`, in Latin letters or an Indian script or Urdu: no "ATM", "UPI", "card" or
//! "secret" with it) is read as the postal code when another field of the form names a part of an address,
//! no field names another postal code (a US form with a ZIP code and a PIN asks for the bank's PIN), and
//! the field's declared length, if any, allows India's six digits. The message alone naming an address is
//! not enough ("Delivery address" over one field "PIN code"): the form must ask for the address too.
//!
//! A PIN field whose own title or description calls it the postal code ("6-digit postal code, e.g. 560034",
//! "அஞ்சல் குறியீட்டு எண், 6 இலக்கம்") says what it is where the user reads it (ident15, [`said_postal`]): a
//! word for its digits beside it ("6 digits", a weak term of another category) then describes the postal
//! code's shape, and the field, or the message's bare PIN over it, is the postal code even where the form
//! asks for no more of the address ("check delivery to your PIN code"), unless the form names a card, an
//! ATM, a bank or another secret PIN anywhere ([`form_names_secret_pin`]). Another field saying "postal code"
//! is not enough: "your PIN and your postal code" asks for both.
//!
//! On the form's hits: whether a field's own strong terms are all the bare postal PIN ([`bare_postal_pin`]),
//! and whether a hit names another secret beside it ([`names_secret`]).

use super::hit::{Hit, Source};
use crate::policy::secret::normalize::{fold, fold_words};
use crate::policy::secret::pack::{CatId, Compiled, Kind};
use crate::wire::tree::Node;

/// The words of India's postal PIN, as the address forms write it, in the scripts of the languages that
/// use it (English and Hinglish, Hindi, Marathi, Bengali, Tamil, Telugu, Urdu). A longer term ("ATM PIN",
/// "यूपीआई पिन") names the secret, not the postal code.
const POSTAL_PIN: &[&str] = &[
    "pin",
    "pin code",
    "pincode",
    "pin no",
    "pin number",
    "postal pin",
    "पिन",
    "पिन कोड",
    "पिनकोड",
    "पिन नंबर",
    "পিন",
    "পিন কোড",
    "পিনকোড",
    "பின்",
    "பின் கோடு",
    "பின்கோடு",
    "பின் எண்",
    "పిన్",
    "పిన్ కోడ్",
    "పిన్‌కోడ్",
    "پن",
    "پن کوڈ",
    "پن نمبر",
];

/// Words for the parts of an address, written naturally, in the same languages (with the Hinglish and
/// romanised names fields carry: `pata`, `shehar`, `zila`, `mugavari`). Matched at the start of a folded
/// word, so case endings follow (`शहरका`, `மாவட்டத்தின்`).
const PLACE_WORDS: &[&str] = &[
    "address",
    "street",
    "city",
    "town",
    "village",
    "district",
    "state",
    "locality",
    "landmark",
    "taluk",
    "tehsil",
    "mandal",
    "post office",
    "house number",
    "pata",
    "shehar",
    "shahar",
    "sheher",
    "gaon",
    "zila",
    "zilla",
    "jila",
    "jilla",
    "rajya",
    "mohalla",
    "nagar",
    "mugavari",
    "oor",
    "ooru",
    "nagaram",
    "graamam",
    "chirunama",
    "thikana",
    "पता",
    "शहर",
    "गांव",
    "गाँव",
    "ग्राम",
    "जिला",
    "ज़िला",
    "राज्य",
    "मोहल्ला",
    "तहसील",
    "गली",
    "डाकघर",
    "इलाका",
    "पत्ता",
    "गाव",
    "जिल्हा",
    "तालुका",
    "ঠিকানা",
    "শহর",
    "গ্রাম",
    "জেলা",
    "রাজ্য",
    "থানা",
    "উপজেলা",
    "এলাকা",
    "ডাকঘর",
    "முகவரி",
    "ஊர்",
    "நகர",
    "கிராம",
    "மாவட்ட",
    "மாநில",
    "தெரு",
    "చిరునామా",
    "నగర",
    "పట్టణ",
    "గ్రామ",
    "జిల్లా",
    "రాష్ట్ర",
    "మండల",
    "వీధి",
    "پتہ",
    "پتا",
    "شہر",
    "گاؤں",
    "ضلع",
    "صوبہ",
    "ریاست",
    "محلہ",
    "تحصیل",
    "ڈاکخانہ",
];

/// Words that make a PIN the secret one, beside it in a field or a message ("ATM PIN", "card PIN", "UPI
/// PIN", "गुप्त पिन"), where the packs write no term of their own for the pair: such a PIN is never read as
/// the postal code.
const SECRET_PIN: &[&str] = &[
    "atm",
    "card",
    "debit",
    "credit",
    "bank",
    "upi",
    "secret",
    "transaction",
    "wallet",
    "mpin",
    "login",
    "account",
    "security",
    "unlock",
    "sim",
    "एटीएम",
    "कार्ड",
    "बैंक",
    "बँक",
    "गुप्त",
    "खाता",
    "खाते",
    "यूपीआई",
    "लेनदेन",
    "এটিএম",
    "কার্ড",
    "ব্যাংক",
    "গোপন",
    "ইউপিআই",
    "ஏடிஎம்",
    "அட்டை",
    "கார்டு",
    "வங்கி",
    "ரகசிய",
    "யுபிஐ",
    "ఏటీఎం",
    "కార్డు",
    "బ్యాంక్",
    "రహస్య",
    "యూపీఐ",
    "اے ٹی ایم",
    "کارڈ",
    "بینک",
    "خفیہ",
    "اکاؤنٹ",
];

/// Words that call a number the post's, as an address form describes India's PIN ("6-digit postal code",
/// "डाक पिन", "அஞ்சல் குறியீடு"), in the same languages; matched at the start of a folded word. UK and US
/// names of a postal code are [`OTHER_POSTAL`] and say nothing of a PIN.
const POSTAL_SAID: &[&str] = &[
    "postal",
    "post office",
    "india post",
    "डाक",
    "पोस्टल",
    "ডাক",
    "পোস্টাল",
    "அஞ்சல்",
    "தபால்",
    "போஸ்டல்",
    "తపాలా",
    "పోస్టల్",
    "ڈاک",
    "پوسٹل",
];

/// Words for a place a parcel reaches, said of the PIN ("your area's PIN code", "अपने इलाके का PIN code",
/// "உங்கள் பகுதியின் பின் கோடு"), in the languages where the PIN is the postal code; matched at the start of
/// a folded word, so case endings follow (`इलाके`, `பகுதியின்`). The parts of an address ([`PLACE_WORDS`])
/// say so too.
const AREA_WORDS: &[&str] = &[
    "area",
    "locality",
    "neighbourhood",
    "neighborhood",
    "pincode area",
    "इलाक",
    "क्षेत्र",
    "एरिया",
    "परिसर",
    "भाग",
    "এলাক",
    "অঞ্চল",
    "এরিয়া",
    "பகுதி",
    "ஏரியா",
    "ప్రాంత",
    "ఏరియా",
    "علاق",
    "ایریا",
];

/// Words that say a thing is delivered there ("deliver", "delivery", "ships to", "डिलीवर", "पहुंचा"), in
/// the same languages; matched at the start of a folded word.
const DELIVERED_WORDS: &[&str] = &[
    "deliver",
    "delivery",
    "deliverable",
    "shipping",
    "ships",
    "courier",
    "डिलीवर",
    "डिलिवर",
    "डिलिव्हर",
    "पहुंच",
    "पहुँच",
    "ডেলিভার",
    "পৌঁছ",
    "டெலிவரி",
    "டெலிவர",
    "డెలివరీ",
    "డెలివర",
    "ڈیلیور",
    "ڈیلیوری",
    "پہنچ",
];

/// Another postal code than India's PIN: where a form names one, its PIN is no postal code.
const OTHER_POSTAL: &[&str] = &["zip", "zip code", "zipcode", "postcode", "post code"];

fn folded(list: &'static [&'static str]) -> Vec<String> {
    list.iter()
        .map(|w| fold_words(w).trim().to_owned())
        .filter(|w| !w.is_empty())
        .collect()
}

fn place_words() -> &'static [String] {
    static F: std::sync::OnceLock<Vec<String>> = std::sync::OnceLock::new();
    F.get_or_init(|| folded(PLACE_WORDS))
}

fn secret_pin() -> &'static [String] {
    static F: std::sync::OnceLock<Vec<String>> = std::sync::OnceLock::new();
    F.get_or_init(|| folded(SECRET_PIN))
}

/// Whether `texts` (as written) say which secret PIN they mean ([`SECRET_PIN`]).
pub(super) fn names_secret_pin(texts: &[&str]) -> bool {
    any_text_holds(texts, secret_pin(), str::is_ascii)
}

/// Whether any of `texts` (as written, folded here) holds one of `words` (folded); `whole` says which words
/// must match as whole words (see [`holds`]).
fn any_text_holds(texts: &[&str], words: &[String], whole: impl Fn(&str) -> bool) -> bool {
    texts.iter().any(|t| {
        let t = fold_words(t);
        words.iter().any(|w| holds(&t, w, whole(w)))
    })
}

fn postal_said() -> &'static [String] {
    static F: std::sync::OnceLock<Vec<String>> = std::sync::OnceLock::new();
    F.get_or_init(|| folded(POSTAL_SAID))
}

fn postal_pin_words() -> &'static [String] {
    static F: std::sync::OnceLock<Vec<String>> = std::sync::OnceLock::new();
    F.get_or_init(|| folded(POSTAL_PIN))
}

/// Whether `texts` (a field's title and description, as written) call it the post's number
/// ([`POSTAL_SAID`]).
pub(super) fn said_postal(texts: &[&str]) -> bool {
    any_text_holds(texts, postal_said(), |_| false)
}

fn area_words() -> &'static [String] {
    static F: std::sync::OnceLock<Vec<String>> = std::sync::OnceLock::new();
    F.get_or_init(|| folded(AREA_WORDS))
}

fn delivered_words() -> &'static [String] {
    static F: std::sync::OnceLock<Vec<String>> = std::sync::OnceLock::new();
    F.get_or_init(|| folded(DELIVERED_WORDS))
}

/// Whether a sentence of `message` names the bare PIN ([`POSTAL_PIN`]) as the code of a place a thing is
/// delivered to: a word for an area or a part of an address ([`AREA_WORDS`], [`PLACE_WORDS`]) and one for a
/// delivery ([`DELIVERED_WORDS`]) in the same sentence ("Enter your area's PIN code to see whether we
/// deliver there"). The caller asks for India's six digits and no secret PIN named anywhere: "Enter your
/// PIN to confirm the delivery" names no place, and "the PIN of your area's ATM" names the card's.
pub(super) fn pin_of_delivered_place(message: &str) -> bool {
    super::survey::sentences(message)
        .iter()
        .any(|(sentence, _)| {
            let t = fold_words(sentence);
            let lines: Vec<&str> = t.lines().collect();
            let has = |words: &[String], whole: bool| {
                words
                    .iter()
                    .any(|w| lines.iter().any(|l| holds(l, w, whole && w.is_ascii())))
            };
            has(postal_pin_words(), true)
                && (has(area_words(), true) || has(place_words(), false))
                && has(delivered_words(), false)
        })
}

/// Whether one of the form's properties names a bare PIN ([`POSTAL_PIN`]) and calls it the post's number in
/// its description ([`said_postal`]; a title "PIN code and postal code" lists two things), naming no secret PIN ([`names_secret_pin`]): the field the message's bare
/// PIN is asked for is the postal code.
pub(super) fn pin_field_said_postal(props: &[(&str, &Node<'_>)]) -> bool {
    props.iter().any(|&(name, value)| {
        let text = |k: &str| value.get(k).and_then(Node::as_str).unwrap_or("");
        let own = [name, text("title"), text("description")];
        let names_pin = names_bare_pin(&own);
        names_pin && said_postal(&[text("description")]) && !names_secret_pin(&own)
    })
}

/// Whether one of the form's properties names a bare PIN ([`POSTAL_PIN`]), naming no secret PIN
/// ([`names_secret_pin`]), and is bounded to India's six characters (`maxLength` 6): with a message naming
/// the place a thing is delivered to ([`pin_of_delivered_place`]), the field the message's bare PIN is
/// asked for is the postal code. A field of four, or of no bound, is not read so.
pub(super) fn pin_field_of_six(props: &[(&str, &Node<'_>)]) -> bool {
    props.iter().any(|&(name, value)| {
        let text = |k: &str| value.get(k).and_then(Node::as_str).unwrap_or("");
        let own = [name, text("title"), text("description")];
        let names_pin = names_bare_pin(&own);
        names_pin
            && value.get("maxLength").and_then(Node::as_u64) == Some(SIX)
            && !names_secret_pin(&own)
    })
}

/// Whether one of a property's own texts (its name, title, description) names a bare PIN ([`POSTAL_PIN`]).
fn names_bare_pin(own: &[&str]) -> bool {
    own.iter().any(|t| {
        let t = fold_words(t);
        postal_pin_words()
            .iter()
            .any(|w| t.lines().any(|l| holds(l, w, w.is_ascii())))
    })
}

/// India's postal PIN's length.
pub(super) const SIX: u64 = 6;

/// Whether the form names a secret PIN anywhere ([`SECRET_PIN`]: a card, an ATM, a bank): in the message or
/// in any property's name, title or description.
pub(super) fn form_names_secret_pin(props: &[(&str, &Node<'_>)], message: &str) -> bool {
    names_secret_pin(&[message])
        || props.iter().any(|&(name, value)| {
            let text = |k: &str| value.get(k).and_then(Node::as_str).unwrap_or("");
            names_secret_pin(&[name, text("title"), text("description")])
        })
}

fn other_postal() -> &'static [String] {
    static F: std::sync::OnceLock<Vec<String>> = std::sync::OnceLock::new();
    F.get_or_init(|| folded(OTHER_POSTAL))
}

/// Whether `phrase` (folded) stands in `text` (folded) at the start of a word; with `whole`, as whole words.
fn holds(text: &str, phrase: &str, whole: bool) -> bool {
    let mut from = 0;
    while let Some(at) = text.get(from..).and_then(|t| t.find(phrase)) {
        let start = from + at;
        let end = start + phrase.len();
        let starts = start == 0 || text.as_bytes().get(start - 1) == Some(&b' ');
        let ends = end == text.len() || text.as_bytes().get(end) == Some(&b' ');
        if starts && (ends || !whole) {
            return true;
        }
        from = end;
    }
    false
}

/// Whether `term` (a strong term as its pack writes it) is the bare postal PIN, both folded alike.
pub(super) fn is_postal_pin(c: &Compiled, term: &str) -> bool {
    let term = fold(term, &c.stopwords);
    let term = term.trim();
    POSTAL_PIN
        .iter()
        .any(|p| fold(p, &c.stopwords).trim() == term)
}

/// Whether a field of this declared length may hold India's six-digit PIN (no length declared: it may).
pub(super) fn fits_six_digits(min_length: Option<u64>, max_length: Option<u64>) -> bool {
    min_length.is_none_or(|m| m <= 6) && max_length.is_none_or(|m| m >= 6)
}

/// Whether the form's other properties (all but `except`) ask for an address: one names a part of it and
/// none names another postal code than India's PIN.
pub(super) fn in_address_form(props: &[(&str, &Node<'_>)], except: &str) -> bool {
    let mut place = false;
    for &(name, value) in props.iter().filter(|(n, _)| *n != except) {
        let text = |k: &str| value.get(k).and_then(Node::as_str).unwrap_or("");
        let all = fold_words(&format!(
            "{name}\n{}\n{}",
            text("title"),
            text("description")
        ));
        for line in all.lines() {
            if other_postal().iter().any(|p| holds(line, p, true)) {
                return false;
            }
            place |= place_words().iter().any(|p| {
                let latin = p.is_ascii();
                holds(line, p, latin)
            });
        }
    }
    place
}

/// Whether the own strong terms of a field found to ask for a PIN (`pin`) are all the bare postal PIN
/// (this module): "PIN", "PIN code", `pincode`, not "ATM PIN", nor a PIN beside another secret. With `said`
/// (its own texts call it the postal code, [`said_postal`]) only a strong term of another category is another
/// secret: a weak word for digits beside "postal code" says the code's shape.
pub(super) fn bare_postal_pin(c: &Compiled, hits: &[Hit], pin: CatId, said: bool) -> bool {
    let own = |h: &&Hit| h.source != Source::Message && h.kind == Kind::Strong;
    let pins: Vec<&Hit> = hits
        .iter()
        .filter(own)
        .filter(|h| h.cat == Some(pin))
        .collect();
    // The term as the pack writes it: the label rule may have moved the hits to texts of its own.
    let term = |h: &Hit| c.shown.get(h.pattern).map(String::as_str).unwrap_or("");
    !pins.is_empty()
        && pins.iter().all(|h| is_postal_pin(c, term(h)))
        && hits
            .iter()
            .filter(|h| names_secret(c, h, pin) && (!said || h.kind == Kind::Strong))
            .all(|h| {
                pins.iter()
                    .any(|p| p.source == h.source && p.start <= h.start && h.end <= p.end)
            })
}

/// Whether a hit names a secret beside a bare PIN: a term of another category than the PIN's, but the
/// words of a one-time code, which say no more than a code's shape ("6-digit", the `code` of "PIN code").
pub(super) fn names_secret(c: &Compiled, h: &Hit, pin: CatId) -> bool {
    // A concept's word ("6 digits", "SMS") names no secret alone: "6-digit postal code" is still India's.
    matches!(h.kind, Kind::Strong | Kind::Weak | Kind::Qualifier)
        && !h.concept
        && h.cat != Some(pin)
        && !(h.kind != Kind::Strong && h.cat.is_some() && h.cat == c.category("otp"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_place_word_is_read_at_the_start_of_a_word() {
        assert!(holds("your city", "city", true));
        assert!(!holds("velocity", "city", true));
        assert!(!holds("statement", "state", true));
        assert!(holds("மாவட்டத்தின் பெயர்", "மாவட்ட", false));
        assert!(fits_six_digits(Some(6), Some(6)));
        assert!(fits_six_digits(None, None));
        assert!(!fits_six_digits(Some(4), Some(4)));
    }

    #[test]
    fn a_field_calling_its_pin_the_post_s_says_postal() {
        assert!(said_postal(&[
            "PIN code",
            "6-digit postal code, e.g. 560034"
        ]));
        assert!(said_postal(&["", "அஞ்சல் குறியீட்டு எண், 6 இலக்கம்"]));
        assert!(said_postal(&["डाक पिन कोड", ""]));
        assert!(!said_postal(&["PIN", "The 4 digits you chose"]));
        // A "post" that is no postal word: a blog post, a job post.
        assert!(!said_postal(&["PIN", "Your post title"]));
    }
}
