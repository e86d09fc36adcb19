//! What a property's own texts say beside any finding ([`FieldNotes`]), for the language-free signals
//! ([`super::structure`]) and the readings the form makes after its field loop: whether the field is excused
//! (a benign or redefining phrase), how much it speaks of a code ([`Support`]), whether it names what it
//! identifies, a card, a card's last four, the login pair's user name or bare password word, India's postal
//! PIN, an ordinary word, and whether it is open to what the message asks for.

use super::hit::Hit;
use crate::policy::secret::pack::{Compiled, Kind};

/// What a property's own texts say beside any finding, for the language-free signals ([`structure`](super::structure)).
#[derive(Clone, Copy, Default)]
pub(super) struct FieldNotes {
    /// A benign or redefining phrase ("postal code", "gift card"): the field is left out of the signals.
    pub(super) excused: bool,
    /// How much they speak of a code, a PIN or a login: support for a field shaped like a one-time code.
    pub(super) support: Support,
    /// Its name or title names what it identifies ("Account number", "Kód banky", "口座番号"; pack kind
    /// `identifies`) and none of its texts says a code was sent: an identifier, not a code by its digits.
    pub(super) identifier: bool,
    /// They speak of a card.
    pub(super) card: bool,
    /// A card's last four digits ([`lastfour`](super::lastfour)): excused, unless the form asks for the rest of the card.
    pub(super) last_four: bool,
    /// Of those, a gift card's number checked for its balance ([`giftcard`](super::giftcard)): the message's
    /// card words say which card's number it is.
    pub(super) gift_card: bool,
    /// A field of four characters named for a number's last places, naming no other secret strongly
    /// ([`lastfour`](super::lastfour)), whether or not the form speaks of a card: for the learned model's
    /// silence ([`super::FormJudgement::card_identified`]), not for the rules.
    pub(super) last_places: bool,
    /// A qualifier of a password in its own texts ("Όνομα χρήστη", "Nome utente": the user name beside it).
    pub(super) login: bool,
    /// A weak password term in its own texts, for a free-text field ("Κωδικός", "Parola chiave").
    pub(super) weak_password: Option<Hit>,
    /// Its finding is a bare PIN ("PIN code", `pincode`) in a field that may hold six digits: India's postal
    /// code if the form asks for an address ([`postal`](super::postal)).
    pub(super) postal_pin: bool,
    /// Its own title or description calls it the postal code ([`postal::said_postal`](super::postal::said_postal)): a bare
    /// PIN there is the postal code without an address beside it, in a form that names no card.
    pub(super) postal_said: bool,
    /// An `ordinary` word of some language met a secret's term in its own texts: its verdict reads the
    /// form's language.
    pub(super) read_ordinary: bool,
    /// A text field that names nothing of its own (only generic words, or a word for what a file holds:
    /// "Contents", "Inhalt"): what the message asks for goes in it. A field titled "Port" or "Framework"
    /// under "copy .env.example to .env, then tell us the port" takes the port, not the file.
    pub(super) open: bool,
    /// Its finding is a secret it takes from the message as an unnamed field ("Where did you last use it?"
    /// under "the last four digits of your card"): the message's word it took, for the last four's reading
    /// of the form ([`lastfour::took_which_card`](super::lastfour::took_which_card)).
    pub(super) took_from_message: Option<Hit>,
}

/// How much a text speaks of a code, a PIN or a login.
#[derive(Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Debug)]
pub(super) enum Support {
    /// Not at all.
    #[default]
    None,
    /// A qualifier only ("SMS", "phone", "digits"): enough for 5 to 8 digits, not for 4 (a year).
    Qualifier,
    /// A strong or weak term ("code", "PIN", "password").
    Term,
}

/// Whether hits speak of a card (a term of the card category: "card", "digits on the back", Turkish
/// `hane`), for the card asked group by group ([`structure::Structure::card_in_groups`](super::structure::Structure::card_in_groups)).
pub(super) fn speaks_of_card(c: &Compiled, hits: &[Hit]) -> bool {
    let card = c.category("card");
    card.is_some()
        && hits
            .iter()
            .any(|h| h.cat == card && matches!(h.kind, Kind::Strong | Kind::Weak | Kind::Qualifier))
}

/// How much a hit speaks of a code, a PIN or a login (a field of a few digits is then a code to type).
pub(super) fn supports_code(c: &Compiled, h: &Hit) -> Support {
    let of_login = h.cat.and_then(|k| c.categories.get(k)).is_some_and(|k| {
        matches!(
            k.name.as_str(),
            "otp" | "pin" | "backup_code" | "bank_login" | "password" | "credential"
        )
    });
    // A weak word that is a qualifier too ("digits") says no more than a qualifier.
    let also_qualifier = || {
        c.infos
            .get(h.pattern)
            .is_some_and(|infos| infos.iter().any(|i| i.kind == Kind::Qualifier))
    };
    match h.kind {
        // A word with a reach ("digits") names a code only with its use beside it: alone, a qualifier.
        Kind::Weak if of_login && (h.reach.is_some() || also_qualifier()) => Support::Qualifier,
        Kind::Strong | Kind::Weak if of_login => Support::Term,
        Kind::Qualifier if of_login => Support::Qualifier,
        _ => Support::None,
    }
}
