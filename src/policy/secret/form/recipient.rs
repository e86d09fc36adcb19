//! A secret that goes to someone else: a gift card's code "will be emailed to the recipient", "modtageren får
//! koden på mail". A shop selling a gift card, a voucher or a ticket for another person says where the code
//! goes; it asks the buyer for the person it goes to, not for the code ([`delivered_only`]).
//!
//! The reading is of the form as a whole: every sentence of the message that names a secret must name a
//! recipient of it ([`RECIPIENT`], in the packs' languages) and hold no request verb in the clause that names
//! it, and the form must ask who the recipient is (a field whose own title, description or name holds a
//! recipient word: "Recipient email", "Modtagers e-mail"). Then the message's names of the secret give no
//! field a secret's meaning and ask for nothing; the fields are still judged on their own words and shapes.
//!
//! The trade: a phishing form that says the recipient gets the code, asks for the recipient and then asks
//! for the code in another clause by a pronoun only ("The recipient receives the code – type it here") over a
//! field that names nothing passes; a clause asking with the secret's name ("enter the code") keeps the
//! reading. A gift card's code asked of the buyer ("enter your gift card's PIN") names no recipient.

use super::negation::clauses;
use super::survey::{found_in, sentences};
use super::wordlist::{word_list, SURVEY};
use crate::policy::secret::normalize::{fold_words, Folder};
use crate::policy::secret::pack::Compiled;
use crate::wire::tree::Node;

/// Words for the person a thing is sent to, in the packs' languages: whole words, or the start of one of five
/// letters or more ("modtager" in "modtagerens"); in scripts without spaces and for phrases, anywhere.
const RECIPIENT: &[&str] = &[
    "recipient",
    "recipients",
    "receiver",
    "modtager",
    "mottaker",
    "mottagar",
    "mottagare",
    "empfänger",
    "destinataire",
    "destinatario",
    "destinataria",
    "destinatário",
    "destinatária",
    "destinatar",
    "ontvanger",
    "vastaanottaja",
    "odbiorc",
    "příjemc",
    "príjemc",
    "primatelj",
    "primalac",
    "прималац",
    "примаоц",
    "получател",
    "одержувач",
    "отримувач",
    "παραλήπτ",
    "alıcı",
    "címzett",
    "gavėj",
    "المستلم",
    "المرسل إليه",
    "נמען",
    "הנמען",
    "לנמען",
    "گیرنده",
    "وصول کنندہ",
    "प्राप्तकर्ता",
    "प्राप्तकर्त्या",
    "প্রাপক",
    "பெறுநர",
    "பெறுபவர",
    "గ్రహీత",
    "penerima",
    "người nhận",
    "mpokeaji",
    "tatanggap",
    "ผู้รับ",
    "收件人",
    "收礼人",
    "收禮人",
    "受赠人",
    "受取人",
    "受け取り人",
    "받는 사람",
    "받는분",
    "수신자",
    "수령인",
];

folded_words! { fn recipient_words = RECIPIENT; }
word_list! { fn recipient_list = recipient_words(), SURVEY; }

/// Whether the folded-or-raw `text` holds a recipient word.
fn names_recipient(text: &str) -> bool {
    !text.is_empty() && recipient_list().holds(&fold_words(text))
}

/// The text of `clause` (lower-cased) before its first recipient word as the list writes it, if it holds
/// one so written.
fn before_recipient(clause: &str) -> Option<String> {
    let lower = clause.to_lowercase();
    let at = RECIPIENT.iter().filter_map(|w| lower.find(w)).min()?;
    lower.get(..at).map(str::to_owned)
}

/// Whether every sentence of `message` that names a secret says it goes to a recipient, with no request
/// verb in the clause naming it, and at least one does (see the module doc).
pub(super) fn delivered_only(c: &Compiled, message: &str) -> bool {
    // Most messages name no recipient: one folding of the whole message decides before any sentence.
    if !names_recipient(message) {
        return false;
    }
    let mut folder = Folder::default();
    let mut buf = Vec::new();
    let mut any = false;
    for (sentence, _) in sentences(message) {
        if !found_in(c, &mut folder, &mut buf, sentence).names {
            continue;
        }
        if !names_recipient(sentence) {
            return false;
        }
        // "The recipient gets a code, enter the code below": a clause that asks with the secret's name
        // keeps the request, unless the recipient is its subject, named before any request verb
        // ("Modtageren får en e-mail med koden": "mail" is a request verb of the packs, but the recipient
        // gets it).
        for clause in clauses(sentence) {
            let found = found_in(c, &mut folder, &mut buf, clause);
            if !(found.names && found.request) {
                continue;
            }
            let Some(before) = before_recipient(clause) else {
                return false;
            };
            if found_in(c, &mut folder, &mut buf, &before).request {
                return false;
            }
        }
        any = true;
    }
    any
}

/// Whether one of the form's fields (at most `max` read) asks who the recipient is: its title, description
/// or name holds a recipient word.
pub(super) fn asks_recipient(schema: &Node<'_>, max: usize) -> bool {
    let Some(props) = schema.get("properties").and_then(Node::as_object) else {
        return false;
    };
    props.iter().take(max).any(|(name, value)| {
        let text = |k: &str| value.get(k).and_then(Node::as_str).unwrap_or("");
        names_recipient(name)
            || names_recipient(text("title"))
            || names_recipient(text("description"))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::policy::secret::pack::embedded_for_tests as compiled;

    #[test]
    fn a_code_sent_to_the_recipient_is_not_asked() {
        let c = compiled();
        for m in [
            "Send a gift card! Pick a design and the amount. The card number will be emailed to the recipient.",
            "Køb et gavekort. Modtageren får en e-mail med gavekortets kode.",
            "Verschenken Sie einen Gutschein. Der Empfänger erhält den Code per E-Mail.",
        ] {
            assert!(delivered_only(c, m), "{m}");
        }
    }

    #[test]
    fn a_code_asked_beside_a_recipient_is_still_asked() {
        let c = compiled();
        for m in [
            // No recipient at all.
            "Send a gift card! The card number will be emailed to you.",
            // A sentence naming the secret without a recipient.
            "The recipient gets a gift. Enter your card number to pay the fee.",
            // A clause asking with the secret's name.
            "The recipient gets the code, enter the code below.",
            // A request verb before the recipient: the user is asked.
            "Send us the code the recipient got.",
        ] {
            assert!(!delivered_only(c, m), "{m}");
        }
    }

    #[test]
    fn a_field_for_the_recipient_is_read_in_any_script() {
        for (title, want) in [
            ("Recipient email", true),
            ("Modtagers e-mail", true),
            ("பெறுபவரின் மின்னஞ்சல்", true),
            ("Your email", false),
        ] {
            let json = format!(r#"{{"properties":{{"a":{{"type":"string","title":"{title}"}}}}}}"#);
            let arena = crate::wire::tree::Arena::new();
            let node = crate::wire::tree::parse_str(&json, &arena).expect("test schema parses");
            assert_eq!(asks_recipient(&node, 8), want, "{title}");
        }
    }
}
