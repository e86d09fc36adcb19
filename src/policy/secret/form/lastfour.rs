//! A card's last four digits: what a bank or a shop asks to tell one card from another, not card data.
//!
//! "Last 4 digits of the card", "آخر ٤ أرقام من البطاقة", "Kortets fyra sista siffror", "カード番号下4桁": a
//! dispute, a card block or a replacement names the card by the four digits printed on every receipt and
//! statement. Those four spend nothing; the card's words in the field's title ("card", "البطاقة") and the
//! message ("your debit card") would still read it as card data. So a text field bounded to four characters
//! (a length, or a pattern of four digits) whose own name or title holds a word for the last places of a
//! number (pack kind `last`), in a form that speaks of a card, and whose own texts name no other secret (a
//! PIN's last four are most of it), is no card data ([`super::judge_form_in`]).
//!
//! It is the end of a card number asked in two pieces when the form also asks for the rest of it: another
//! field that speaks of a card, or one that holds a long number (eight digits or more by its length, its
//! pattern or its bounds). Then the field is read as before.
//!
//! The message names the card too, to say which four digits ("Enter only the last four digits of your card
//! number", "カード番号の下4桁のみご入力ください", "چهار رقم آخر کارتی که با آن پرداخت کردید"): its request
//! would otherwise ask for the card number itself. When the form's only free-text fields are such last
//! fours and the message holds a word for a number's last places, the message's card words and its words
//! for a run of digits right beside that word are the last four's ([`drop_message_card`]); a secret the
//! message names strongly otherwise (a PIN, a CVV's own name outside the card category) still asks.

use super::field::{FieldKind, Prop};
use super::hit::{Hit, Source};
use super::structure::digit_pattern;
use crate::policy::secret::pack::{Compiled, Kind};

/// Most words between a word for a number's last places and the digit words it counts ("چهار رقم آخر",
/// "the last four digits", "последние 4 цифры"): the count and the noun sit right beside it.
const LAST_REACH: usize = 3;

/// Most words between a word for a number's last places and a word for a digit that counts them ("de fire
/// siste sifrene", "de sidste fire cifre"): the count alone may stand between.
const DIGIT_WORD_REACH: usize = 2;

/// Whether `h`, a term of some secret, is only a word for a digit (pack kind `fragment`) in the same text:
/// its span lies within a fragment's span (the Norwegian `sifre` read by the Turkish `şifre`). A term
/// that holds more than the digit word ("PIN digits", "siffer til PIN-koden") is not.
pub(super) fn digit_word(hits: &[Hit], h: &Hit) -> bool {
    hits.iter().any(|f| {
        f.kind == Kind::Fragment
            && f.source == h.source
            && f.start <= h.start + 1
            && h.end <= f.end + 1
    })
}

/// Drops from the message's hits what only says which four digits a last-four field holds (see the module
/// doc), the caller having found a last four and no field for the rest of the card: the card's words and a
/// weak word for a run of digits with a reach ("four digits", read as a PIN beside a payment) at most
/// [`LAST_REACH`] words from one of `last`, the message's words for a number's last places ("چهار رقم آخر
/// کارتی", "the last four digits of the card"). With `only_fields` (the form's only free-text fields are
/// last fours, so none can hold a card's number) every card word of the message goes, wherever it stands
/// ("カード番号の下4桁", where an unspaced script has no words to count). Nothing is dropped when the
/// message holds no such word: a message that never speaks of last digits asks for what it names.
pub(super) fn drop_message_card(
    c: &Compiled,
    last: &[Hit],
    only_fields: bool,
    message_hits: &mut Vec<Hit>,
) {
    let card = c.category("card");
    if last.is_empty() || card.is_none() {
        return;
    }
    let beside = |h: &Hit| last.iter().any(|l| l.word.abs_diff(h.word) <= LAST_REACH);
    // cards18: a weak term holding a word for a digit (pack kind `fragment`) that starts right beside a
    // word for the last places (one word before or after it) is the count of the last four too, with or
    // without a reach: "посочете последните четири цифри", "upišite zadnje četiri znamenke" name a PIN by
    // "four digits" elsewhere. A weak term without a digit word in it ("the last 4 digits and the code"),
    // or one a few words on ("posledné štyri číslice karty a štyri číslice, ktoré ťukáte pri bankomate":
    // the second four digits are the PIN), keeps its reading.
    let right_beside = |h: &Hit| last.iter().any(|l| l.word.abs_diff(h.word) <= 1);
    let fragments: Vec<(usize, usize)> = message_hits
        .iter()
        .filter(|h| h.kind == Kind::Fragment && h.source == Source::Message)
        .map(|h| (h.start, h.end))
        .collect();
    let holds_digit_word = |h: &Hit| {
        fragments
            .iter()
            .any(|&(start, end)| h.start <= start && end <= h.end)
    };
    // cards19: a word for a digit beside the last places that another pack reads as a secret's name (the
    // Norwegian `sifrene` of "de fire siste sifrene" is the Turkish password `şifre` folded) counts the
    // last four too: it is dropped with them, whatever its category.
    let counts_last = |h: &Hit| {
        h.source == Source::Message
            && matches!(h.kind, Kind::Strong | Kind::Weak | Kind::Qualifier)
            && last
                .iter()
                .any(|l| l.word.abs_diff(h.word) <= DIGIT_WORD_REACH)
            && digit_word(message_hits, h)
    };
    let counted: Vec<(usize, usize)> = message_hits
        .iter()
        .filter(|h| counts_last(h))
        .map(|h| (h.start, h.end))
        .collect();
    message_hits.retain(|h| {
        if counted.contains(&(h.start, h.end)) {
            return false;
        }
        let card_word = h.cat == card
            && matches!(h.kind, Kind::Strong | Kind::Weak | Kind::Qualifier)
            && (only_fields || beside(h));
        let digits = h.kind == Kind::Weak
            && h.source == Source::Message
            && ((h.reach.is_some() && beside(h)) || (holds_digit_word(h) && right_beside(h)));
        !(card_word || digits)
    });
}

/// Whether the message's hits still name a secret of another kind than a card, for a form that
/// identifies a card ([`super::FormJudgement::card_identified`]): a strong term of its category anywhere
/// ("the last four digits of your card and your PIN"), or a qualifier or a weak term without a reach
/// farther than [`LAST_REACH`] words from every word of `anchors`: the message's words for a number's last
/// places and for a card (taken before [`drop_message_card`]). Those beside them say which digits: "utolsó
/// négy számjegy" (the last four digits), "the 16-digit number printed on the front of the card". One that
/// stands apart names something else: "the four numbers you type at the cash machine" names a PIN by its
/// use. A bare weak word ([`Hit::bare_takes`](super::hit::Hit::bare_takes): a generic "number" or
/// "code" that only a qualifier makes a secret) names nothing apart either when the message holds no
/// qualifier of its category: "basta il numero stampato sotto il codice a barre" says where the card's
/// number is; "We also texted you a confirmation code" names the other secret. A weak word with a reach ("number", "digits") names a run of characters, which is the card's here
/// unless a qualifier says what else it is.
pub(super) fn names_other_secret(c: &Compiled, anchors: &[usize], message_hits: &[Hit]) -> bool {
    let card = c.category("card");
    let beside = |h: &Hit| anchors.iter().any(|&w| w.abs_diff(h.word) <= LAST_REACH);
    // A qualifier of the bare word's category anywhere in the message ("We also texted you a confirmation
    // code") makes it a secret's name.
    let qualified = |h: &Hit| {
        message_hits
            .iter()
            .any(|q| q.kind == Kind::Qualifier && q.cat == h.cat)
    };
    message_hits.iter().any(|h| {
        h.cat.is_some()
            && h.cat != card
            && match h.kind {
                Kind::Strong => true,
                Kind::Qualifier => !beside(h),
                Kind::Weak => h.reach.is_none() && !beside(h) && (!h.bare || qualified(h)),
                _ => false,
            }
    })
}

/// The places of the message's words that [`names_other_secret`] reads beside: its words for a number's
/// last places (`last`), its card words among `message_hits`, and (cards19) the places of its words for a
/// card that no pack reads as card data (`card_places`, [`card_word_places`]): "ultimele 4 cifre ale
/// cardului cu care ați plătit", "последние 4 цифры карты, с которой проходила оплата" say by the payment
/// which card, not a PIN.
pub(super) fn anchors(
    c: &Compiled,
    last: &[Hit],
    card_places: &[usize],
    message_hits: &[Hit],
) -> Vec<usize> {
    let card = c.category("card");
    let mut out: Vec<usize> = last.iter().map(|h| h.word).collect();
    out.extend(card_places);
    out.extend(
        message_hits
            .iter()
            .filter(|h| {
                card.is_some()
                    && h.cat == card
                    && matches!(h.kind, Kind::Strong | Kind::Weak | Kind::Qualifier)
            })
            .map(|h| h.word),
    );
    out
}

/// Most words of a message read for its words for a card ([`card_word_places`]): a last four's message
/// is a sentence or two; a longer one is read no farther.
const MAX_CARD_WORDS_READ: usize = 400;

/// The places, as [`Hit::word`] counts them (the spaces before a word in the folded text), of the words
/// for a card ([`CARD_WORDS`]) in `folded`, the folded message: the packs read a card where it names card
/// data, not the bare word of a sentence that says which card.
pub(super) fn card_word_places(folded: &str) -> Vec<usize> {
    folded
        .split(' ')
        .take(MAX_CARD_WORDS_READ)
        .enumerate()
        .filter(|(_, w)| {
            let w = w.trim();
            !w.is_empty() && card_list().holds(w)
        })
        .map(|(i, _)| i)
        .collect()
}

/// Whether every card word of the message says whose last four digits the form asks for (cards19), so
/// that an unnamed field beside a last four ("Where did you last use it?") took none of card data: once
/// [`drop_message_card`] has dropped the card words and the counts of digits beside the message's words
/// for a number's last places (`last`), no strong or weak card term is left. A card's number, expiry or
/// security code named apart from them ("...and in the other box the card number and its expiry") is
/// still card data, and the field still takes it. Nor may the message name a secret of another kind
/// ([`names_other_secret`], read beside `anchors`): "the last four digits of the card and your PIN" over
/// such a field asks it for the PIN, whichever word the field's finding named.
pub(super) fn took_which_card(
    c: &Compiled,
    last: &[Hit],
    anchors: &[usize],
    message_hits: &[Hit],
) -> bool {
    let card = c.category("card");
    if last.is_empty() || card.is_none() {
        return false;
    }
    let mut left = message_hits.to_vec();
    drop_message_card(c, last, false, &mut left);
    !left
        .iter()
        .any(|h| h.cat == card && matches!(h.kind, Kind::Strong | Kind::Weak))
        && !names_other_secret(c, anchors, &left)
}

/// Whether a field holds at most four characters: `maxLength` 4 (whatever the minimum) or a pattern of
/// exactly four digits. A number field is left out: a card's last four may start with 0.
pub(super) fn bounded_to_four(prop: &Prop<'_, '_>) -> bool {
    if prop.kind != FieldKind::Text {
        return false;
    }
    if !prop.pattern.is_empty() {
        return digit_pattern(prop.pattern).is_some_and(|d| d.max == 4 && !d.slash);
    }
    prop.max_length == Some(4)
}

/// Whether a field may hold the rest of a card number: a long number by its length (at least 8 characters
/// required, a pattern of 8 digits or more, or at most 12 to 19, a card number's lengths) or by its bounds
/// (a number of eight digits or more). The words are
/// read by the caller (a field whose own texts speak of a card).
pub(super) fn holds_long_number(prop: &Prop<'_, '_>) -> bool {
    match prop.kind {
        FieldKind::Text => {
            if !prop.pattern.is_empty() {
                return digit_pattern(prop.pattern).is_some_and(|d| d.min >= 8 && d.max <= 23);
            }
            prop.min_length.is_some_and(|lo| (8..=23).contains(&lo))
                || prop.max_length.is_some_and(|hi| (12..=19).contains(&hi))
        }
        FieldKind::Number => prop.maximum.is_some_and(|m| m >= 1e7),
        FieldKind::Choice => false,
    }
}

/// Words for a card, in the 42 pack languages (hand-written, as [`super::giftcard`]'s lists): the packs read
/// a card where it names card data ("card number"), not always the bare word of a sentence that only says
/// which card ("آخر أربعة أرقام من البطاقة", "جس کارڈ سے ادائیگی ہوئی تھی", "Koju karticu želite ukloniti").
/// Beside a field of four named for a number's last places, such a word says the four are a card's
/// ([`names_card`]). A word of five letters or more is matched as the start of a word; a shorter one whole;
/// one of a script without spaces anywhere. Vietnamese `thẻ` is left out: it folds to English "the".
const CARD_WORDS: &[&str] = &[
    // en, tl, ro, de, fr, es, it, pt, nl
    "card",
    "cards",
    "cardul",
    "cardului",
    "kard",
    "karte",
    "carte",
    "tarjeta",
    "carta",
    "cartao",
    "kaart",
    // pl, cs, sk, hr, sr, sl, lt, hu, el
    "karta",
    "karty",
    "kartou",
    "kartic",
    "картиц",
    "kortel",
    "kartya",
    "καρτα",
    "καρτας",
    // ru, uk, bg
    "карта",
    "карты",
    "карту",
    "картой",
    "картата",
    "картка",
    "картки",
    "картку",
    // da, no, sv, fi, tr
    "kort",
    "kortet",
    "kortets",
    "kortti",
    "kortin",
    "kortilla",
    "kortil",
    "kart",
    "karti",
    "kartin",
    // ar, fa, he, ur
    "بطاقة",
    "البطاقة",
    "بطاقتك",
    "بطاقات",
    "كارت",
    "کارت",
    "כרטיס",
    "הכרטיס",
    "کارڈ",
    // hi, mr, bn, ta, te, th
    "कार्ड",
    "কার্ড",
    "அட்டை",
    "கார்டு",
    "కార్డు",
    "కార్డ్",
    "บัตร",
    // id (and cs/sk/pl's accusative), ms, sw
    "kartu",
    "kad",
    "kadi",
    // zh, ja, ko
    "卡",
    "カード",
    "카드",
];

folded_words! { fn card_words = CARD_WORDS; }
super::wordlist::word_list! { fn card_list = card_words(), super::wordlist::SURVEY; }

/// Whether one of `texts` (the message, a field's title and description) holds a word for a card
/// ([`CARD_WORDS`]).
pub(super) fn names_card(texts: &[&str]) -> bool {
    texts.iter().any(|t| {
        !t.is_empty() && card_list().holds(&crate::policy::secret::normalize::fold_words(t))
    })
}
