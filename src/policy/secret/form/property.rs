//! Judging one property by its words ([`judge_property`]): the order of the checks for one field.
//!
//! Its texts are scanned ([`super::scan`]); ordinary words of the form's language and limits on words are
//! dropped; a number field's attributes and counts of secrets drop its own names of a secret; a number named
//! for what it identifies pairs with nothing; a card's last four are excused; a number field bounded like a
//! count or an amount holds no secret; a name read harmlessly by its title asks for nothing. Then a strong
//! or paired term names the secret, reviewed by the label rule ([`super::label`]) and the message's harmless
//! reading; failing that, a command's output, a security question's answer ([`super::secq`]) or a `.env`;
//! and last, a field that names nothing of its own is read with the message's secret. What the field's
//! texts say is written into its [`FieldNotes`] for the form's later readings.

use super::dotenv::names_dotenv;
use super::evidence::{open_to_message, Evidence};
use super::field::{holds_typed_value, takes_link, FieldKind, Prop};
use super::findings::{command_finding, dotenv_finding, finding};
use super::hit::{Hit, Source};
use super::naming::{is_abbreviation, names_barely, names_link, says_nothing, title_explains_name};
use super::notes::{speaks_of_card, supports_code, FieldNotes, Support};
use super::numbers::{bounds_an_amount, counts_from, holds_attribute, MIN_SECRET_NUMBER};
use super::options::{
    offers_characters, option_titles, options_are_counts, options_show_last_four,
};
use super::ordinary::drop_ordinary;
use super::postal::bare_postal_pin;
use super::scan::{scan_noting, Texts};
use super::secq::{names_a_topic, titled_by_security_question};
use super::{
    command, disclaim, giftcard, label, lastfour, limit, negation, postal, prohibit, survey,
};
use crate::policy::secret::pack::{CatId, Compiled, Kind};
use crate::policy::Finding;

/// What a property is judged among: the message's hits, and the languages the form is written in (asked
/// with the field's own title and description, for a message too short to tell).
pub(super) struct Around<'a> {
    pub(super) message_hits: &'a [Hit],
    /// The categories of the secrets' terms the message reads harmlessly ("hasło z krzyżówki", the
    /// crossword's solution): a field that only names such a term takes the message's reading.
    pub(super) message_benign: &'a [Option<CatId>],
    pub(super) lang: &'a dyn Fn(&str, &str) -> u64,
    /// The message itself, for the benign readings that look for a word in it ([`super::giftcard`]).
    pub(super) message: &'a str,
}

/// Judges one property by its words (see the module doc); `notes` is filled with what its own texts say
/// for the language-free signals.
pub(super) fn judge_property(
    c: &Compiled,
    name: &str,
    prop: &Prop<'_, '_>,
    texts: &mut Texts<'_>,
    around: &Around<'_>,
    notes: &mut FieldNotes,
    ptr: impl Fn() -> String,
) -> Option<Finding> {
    let (message_hits, lang) = (around.message_hits, around.lang);
    let kind = prop.kind;
    texts.add(c, Source::Name, name);
    texts.add(c, Source::Format, prop.format);
    texts.add(c, Source::Title, prop.title);
    texts.add(c, Source::Description, prop.description);
    if kind == FieldKind::Choice {
        // A choice cannot carry a typed secret, but it can ask for one piece at a time.
        texts.add(c, Source::Options, &option_titles(prop.value));
    }
    let mut hits = Vec::new();
    let mut read_benign = Vec::new();
    let benign = scan_noting(c, texts, &mut hits, &mut read_benign);
    notes.read_ordinary = drop_ordinary(c, texts.folded(), &mut hits, || {
        lang(prop.title, prop.description)
    });
    limit::drop_word_limits(c, texts.folded(), &mut hits);
    drop_disclaimed(c, prop, texts, &mut hits);
    drop_forbidden_in_description(c, prop, texts, &mut hits);
    let mut counted = kind == FieldKind::Number && holds_attribute(texts.folded(), &mut hits);
    if kind == FieldKind::Number
        && (survey::counts_secrets(prop.title) || survey::counts_secrets(prop.description))
    {
        // "Roughly how many passwords do you have?" over a number: a survey counts the secrets, and a
        // number field asked "how many" holds that count. Its own names of a secret are dropped, as for an
        // attribute ([`holds_attribute`]); the message's stay.
        let before = hits.len();
        hits.retain(|h| {
            !(h.source != Source::Message
                && matches!(h.kind, Kind::Strong | Kind::Weak | Kind::Qualifier))
        });
        counted |= hits.len() != before;
    }
    notes.excused = benign || counted || hits.iter().any(|h| h.kind == Kind::Redefine);
    notes.support = hits
        .iter()
        .map(|h| supports_code(c, h))
        .max()
        .unwrap_or(Support::None);
    // "Account number", "Kód banky", "Namba ya shule", "口座番号": a field whose own name or title says what
    // it identifies holds that thing's number; one whose texts also say a code came ("Booking code from
    // the SMS") or name a one-time code does not.
    let otp = c.category("otp");
    notes.identifier = hits
        .iter()
        .any(|h| h.kind == Kind::Identifies && matches!(h.source, Source::Name | Source::Title))
        && !hits.iter().any(|h| {
            otp.is_some()
                && h.cat == otp
                && (h.kind == Kind::Strong || (h.kind == Kind::Qualifier && h.concept))
        });
    // "Nombor pengirim SMS", "Numero ng GCash account", "Sender's number": a number word (a weak term with a
    // reach) beside what it identifies says whose number the field holds. It pairs with no qualifier of its
    // own ("SMS", "GCash": the sender's SMS number is no SMS code) and takes no code or PIN the message
    // names (a scam report names the code it warns about). A secret the field names strongly is still
    // judged, and a message that asks for the code with a request verb is still found by the request rule.
    // The field's words of a message's arrival ("SMS") are the sender's here, so they do not undo it as they
    // undo an identifier's shape reading; a one-time code the field names itself does.
    let identified_number =
        hits.iter().any(|h| {
            h.kind == Kind::Identifies && matches!(h.source, Source::Name | Source::Title)
        }) && !hits.iter().any(|h| {
            otp.is_some() && h.cat == otp && h.kind == Kind::Strong && h.source != Source::Message
        }) && hits
            .iter()
            .any(|h| h.kind == Kind::Weak && h.reach.is_some() && h.source != Source::Message);
    if identified_number {
        // The number words, and any weak term on their very words ("nombor", also a weak term without a
        // reach of the relay section): a field's own texts are short, the spans few.
        let spans: Vec<(Source, usize, usize)> = hits
            .iter()
            .filter(|h| h.kind == Kind::Weak && h.reach.is_some() && h.source != Source::Message)
            .map(|h| (h.source, h.start, h.end))
            .collect();
        hits.retain(|h| {
            !(h.kind == Kind::Weak
                && spans
                    .iter()
                    .any(|&(s, a, b)| s == h.source && a <= h.start && h.end <= b))
        });
    }
    notes.card = speaks_of_card(c, &hits);
    // A field of four characters named for a number's last places ("Utolsó 4 számjegy", "Aakhri 4
    // digits") that names no other secret strongly ("Last 4 digits of your PIN": most of it): the end of
    // some number, which tells it from another. Noted for the form ([`FieldNotes::last_places`]) whether or
    // not the form speaks of a card.
    notes.last_places = lastfour::bounded_to_four(prop)
        && hits
            .iter()
            .any(|h| h.kind == Kind::Last && matches!(h.source, Source::Name | Source::Title))
        && !hits.iter().any(|h| {
            h.source != Source::Message
                && h.kind == Kind::Strong
                && h.cat.is_some()
                && h.cat != c.category("card")
                && !card_word_too(c, &hits, h)
                && !lastfour::digit_word(&hits, h)
        });
    // cards18: or one of the form's texts holds a card's bare word the packs do not read as card data
    // ("أدخل آخر أربعة أرقام من البطاقة").
    if notes.last_places
        && (notes.card
            || speaks_of_card(c, message_hits)
            || lastfour::names_card(&[around.message, prop.title, prop.description]))
    {
        // "Last 4 digits of the card" in a dispute or a card block: the four digits that tell one card from
        // another spend nothing. Excused from every reading, as a benign phrase is; the form puts it back
        // when it asks for the rest of the number too ([`lastfour`]).
        notes.last_four = true;
        notes.excused = true;
        return None;
    }
    if kind == FieldKind::Text
        && giftcard::excused(c, name, prop, &hits, message_hits, around.message)
    {
        // A gift card's balance checked by its printed number ([`giftcard`]); put back, as a last four is,
        // when the form asks for the rest of a card.
        (notes.last_four, notes.excused, notes.gift_card) = (true, true, true);
        return None;
    }
    notes.open = kind == FieldKind::Text && hits.iter().any(|h| h.kind == Kind::Contents);
    let password = c.category("password");
    let own_password =
        |h: &&Hit| h.cat.is_some() && h.cat == password && h.source != Source::Message;
    notes.login = hits
        .iter()
        .filter(own_password)
        .any(|h| h.kind == Kind::Qualifier);
    if kind == FieldKind::Text {
        // Only a field named by the word alone ("Κωδικός"): more words say what the code is ("Κωδικός
        // προϊόντος", a product code).
        let bare = |h: &Hit| names_barely(c, texts, h);
        notes.weak_password = hits
            .iter()
            .filter(own_password)
            // "String" or "Characters" beside a user name is no password: such words need their use.
            .find(|h| h.kind == Kind::Weak && h.reach.is_none() && bare(h))
            .copied();
    }
    if kind == FieldKind::Number && prop.maximum.is_some_and(|m| m < MIN_SECRET_NUMBER) {
        // A number bounded below a hundred holds no PIN, code, card or identity number: it counts or rates
        // something ("How many keys does the PIN pad have?", 1 to 20).
        return None;
    }
    if kind == FieldKind::Number && bounds_an_amount(prop.minimum, prop.maximum) {
        // "Amount" (Urdu رقم, Arabic "number") from 500 to 20000: a sum or a quantity, not a code.
        return None;
    }
    if kind == FieldKind::Number && prop.minimum.is_some_and(counts_from) {
        // A lower bound of 1 to 99 ("at least 8") is a count's: no PIN, code, card or identity number has
        // one (they start at 0 or at a power of ten), a password's minimum length does.
        return None;
    }
    if kind == FieldKind::Number {
        // A number holds one value: a number field named in the plural ("pins", "number of cards") is a
        // count of them, not one of them.
        hits.retain(|h| !h.plural);
    }
    // The name is what the client keeps, the title and description what the user reads and answers: when
    // they read the name's secret as something harmless (`pincode` titled "पिन कोड", India's postal code;
    // `token` titled a queue's token number) and name no such secret themselves, the name asks for nothing.
    let shown = |s: Source| matches!(s, Source::Title | Source::Description);
    let read_harmless = |cat: Option<CatId>| {
        read_benign.iter().any(|&(s, k, _)| shown(s) && k == cat)
            && !hits
                .iter()
                .any(|h| shown(h.source) && h.kind == Kind::Strong && h.cat == cat)
    };
    // An abbreviated name (`sid`, `pk`, `pw`: one short word) is ambiguous across categories (`sid` is a
    // session id or, transliterated, a seed, "Сид мира"): when the shown texts read a benign phrase of any
    // category and name no strong secret themselves, they say what the abbreviation stands for.
    let abbreviated = is_abbreviation(texts.of(Source::Name))
        && read_benign.iter().any(|&(s, _, _)| shown(s))
        && !hits
            .iter()
            .any(|h| shown(h.source) && matches!(h.kind, Kind::Strong | Kind::Weak));
    let drop: Vec<Option<CatId>> = hits
        .iter()
        .filter(|h| h.source == Source::Name && (abbreviated || read_harmless(h.cat)))
        .map(|h| h.cat)
        .collect();
    if !drop.is_empty() {
        hits.retain(|h| !(h.source == Source::Name && drop.contains(&h.cat)));
    }
    let mut ev = Evidence {
        hits,
        compiled: c,
        kind,
        shaped: open_to_message(prop, texts),
    };
    let own = |h: &Hit| h.source != Source::Message;

    if kind == FieldKind::Choice && options_are_counts(prop.value) {
        // "12 slov" / "24 slov", "12 words" / "24 words": options that each hold a number choose how long
        // the secret is to be, and the choice returns the number the server wrote. Their words name no
        // secret; the field's own title still does ("Word #3 of your phrase" over words, a PIN's digit).
        ev.hits.retain(|h| h.source != Source::Options);
    }
    if kind == FieldKind::Choice {
        let fragment = ev.hits.iter().any(|h| h.kind == Kind::Fragment);
        // "Visa — शेवटचे अंक ४८२१" over ids "c1", "c2": the options are cards named by their last four, not
        // characters to pick.
        if !fragment || !offers_characters(prop.value) || options_show_last_four(prop.value) {
            return None;
        }
        let (cat, hit) = ev.strong(own).or_else(|| ev.paired(own))?;
        return Some(finding(c, cat, &ptr(), name, &hit, "asks for part of"));
    }

    let mut found = ev.strong(own).or_else(|| ev.paired(own));
    if found.is_some_and(|(_, h)| h.source == Source::Name) && title_explains_name(texts, &ev.hits)
    {
        // "Maximum number of tokens" over a field named `tokens`, "How many keys does the PIN pad have?"
        // over `pin`: the title uses the name's words and finds no secret in them, so the name is the
        // title's word for what it counts, not a request of its own.
        ev.hits.retain(|h| h.source != Source::Name);
        found = ev.strong(own).or_else(|| ev.paired(own));
    }
    if found.is_some() {
        // "Name for the new API key": the label rule may find the secret is only the label's subject.
        let raw = [
            (Source::Name, name),
            (Source::Title, prop.title),
            (Source::Description, prop.description),
        ];
        if label::review(c, &raw, texts, &mut ev.hits) {
            if kind == FieldKind::Number {
                ev.hits.retain(|h| !h.plural);
            }
            found = ev.strong(own).or_else(|| ev.paired(own));
        }
    }
    if let Some((cat, _)) = found {
        // "Wpisz hasło z krzyżówki" over a field titled "Hasło": the message reads the term harmlessly and
        // names no such secret itself, and the field says no more than the term, so it takes the message's
        // reading, as a bare field takes the message's secret. A field that says more ("Hasło do banku"), or
        // a message that also names the secret, keeps the finding.
        let of_cat = |h: &Hit| own(h) && h.cat == Some(cat);
        if kind == FieldKind::Text
            && around.message_benign.contains(&Some(cat))
            && !message_hits
                .iter()
                .any(|h| h.cat == Some(cat) && matches!(h.kind, Kind::Strong | Kind::Weak))
            && ev
                .hits
                .iter()
                .filter(|h| of_cat(h) && matches!(h.kind, Kind::Strong | Kind::Weak))
                // A weak term inside a strong one of its category is read with it: "Chave de acesso" is
                // the whole strong term, though the weak `chave` in it is not (invoice12).
                .filter(|h| {
                    h.kind == Kind::Strong
                        || !ev.hits.iter().any(|s| {
                            s.kind == Kind::Strong
                                && s.cat == h.cat
                                && s.source == h.source
                                && s.start <= h.start
                                && h.end <= s.end
                                && (s.start, s.end) != (h.start, h.end)
                        })
                })
                .all(|h| names_barely(c, texts, h))
        {
            ev.hits.retain(|h| !of_cat(h));
            found = ev.strong(own).or_else(|| ev.paired(own));
        }
    }
    if let Some((cat, hit)) = found {
        // The description says what the field is; a title "PIN code and postal code" lists two things,
        // while one that names no second thing ("அஞ்சல் குறியீடு (PIN code)", the postal code with its
        // PIN beside it) says what the field is too.
        notes.postal_said = postal::said_postal(&[prop.description])
            || (postal::said_postal(&[prop.title]) && !super::label::lists_several(prop.title));
        notes.postal_pin = c.category("pin") == Some(cat)
            && postal::fits_six_digits(prop.min_length, prop.max_length)
            && bare_postal_pin(c, &ev.hits, cat, notes.postal_said)
            && !postal::names_secret_pin(&[name, prop.title, prop.description]);
        return Some(finding(c, cat, &ptr(), name, &hit, "asks for"));
    }
    if kind == FieldKind::Text
        && [prop.title, prop.description]
            .into_iter()
            .any(command::prints_secret)
    {
        // "Output of `kubectl config view --raw`": the field holds what the command prints.
        let what = format!(
            "form field `{}`",
            crate::policy::secret::shown_name(c, name)
        );
        if let Some(f) = command_finding(c, ptr(), &what) {
            return Some(f);
        }
    }
    // "Vad hette din första bil?" over "Answer your security question to log in again": a free-text field
    // titled by a question, under a message that names a security question with a reason to get into an
    // account, holds that question's answer, whatever it asks ([`titled_by_security_question`]).
    let answers_question =
        kind == FieldKind::Text && titled_by_security_question(c, prop.title, message_hits);
    if !answers_question
        && ev
            .hits
            .iter()
            .any(|h| h.kind == Kind::Metadata && !names_a_topic(texts.folded(), h, &ev.hits))
    {
        // "Name of the new key": about the secret the message speaks of, not the secret itself; "Path to
        // your .env file": where it lies, not what it holds.
        return None;
    }
    if kind == FieldKind::Text
        && [name, prop.title, prop.description]
            .into_iter()
            .any(names_dotenv)
    {
        if let Some(f) = dotenv_finding(
            c,
            ptr(),
            &format!(
                "form field `{}` asks for",
                crate::policy::secret::shown_name(c, name)
            ),
            "\".env\"",
        ) {
            return Some(f);
        }
    }
    if notes.excused || identified_number {
        // "Mobile number to send the SMS to" (10 digits) under "we will text you a code": the field's own
        // benign phrase says what it holds (where the code goes, not the code), so what is left of its words
        // ("SMS", "digits") is no call for the message's secret. Its own secret, named or paired, was judged
        // above; a form that asks for the code in its message is still found by the request rule.
        return None;
    }
    // A word with a reach ("number", "digits", "番号") names nothing alone: a field titled with it takes what
    // its title says ("your mobile number, and we will send you a code" over a field titled "number"), not
    // the message's secret.
    //
    let clue = ev.hits.iter().any(|h| {
        matches!(h.kind, Kind::Weak | Kind::Qualifier)
            && !(h.kind == Kind::Weak && h.reach.is_some())
    });
    let shown_texts = [texts.of(Source::Title), texts.of(Source::Description)];
    // A name the pack cannot read (`uttar`, `kaitou`, `javabu`: the title romanised) under a title that says
    // nothing ("उत्तर", "回答") is no more than the title: the user answers what the title and the message say.
    // A link field titled "Link" or "URL" says no more than its format does.
    let link = takes_link(prop);
    let titled_blank = !texts.of(Source::Title).is_empty()
        && !notes.excused
        && !ev.hits.iter().any(|h| h.source == Source::Name)
        && says_nothing(c, &shown_texts, link);
    let blank = clue
        || titled_blank
        || answers_question
        || says_nothing(
            c,
            &[
                texts.of(Source::Name),
                texts.of(Source::Title),
                texts.of(Source::Description),
            ],
            link,
        );
    notes.open |= kind == FieldKind::Text && blank;
    // A field named by a word with a reach ("Tal", "Number", "数字") is no blank: a secret the message only
    // names does not go in it ("your mobile number, we will send you a code"). But the message may say
    // where the digits come from ("you just got an SMS. Write the numbers here"): its weak term and
    // qualifier, paired, say what the number is.
    let numbered = ev
        .hits
        .iter()
        .any(|h| h.kind == Kind::Weak && h.reach.is_some());
    if !blank && (!numbered || link) {
        return None;
    }
    ev.hits.extend_from_slice(message_hits);
    let from_message = |h: &Hit| h.source == Source::Message;
    if link {
        // A link takes the secret the message names when that secret is a link itself (a pack term ending
        // in a word for a link: "database URL", "MongoDB URI"). "Enter your Vault server's URL; the token
        // comes next" names a token, which no field here takes.
        let (cat, hit) = ev.strong(|h| from_message(h) && names_link(c, h))?;
        return Some(finding(
            c,
            cat,
            &ptr(),
            name,
            &hit,
            "takes a link, and the message around it asks for",
        ));
    }
    if holds_typed_value(prop) {
        // "Which recovery e-mail should we use if you forget your password?": the field takes an address.
        return None;
    }
    let named = if blank { ev.strong(from_message) } else { None };
    let (cat, hit) = named.or_else(|| ev.paired(|_| true))?;
    notes.took_from_message = from_message(&hit).then_some(hit);
    Some(finding(
        c,
        cat,
        &ptr(),
        name,
        &hit,
        "is unnamed, and the message around it asks for",
    ))
}

/// Most characters of a code whose bounds say the field collects one (a PIN's four to a one-time code's
/// eight): a field bounded to exactly so many keeps what its description denies.
const MAX_CODE_LENGTH: u64 = 8;
const MIN_CODE_LENGTH: u64 = 4;

/// Drops the description's terms of a clause that forbids giving the secret it names ("Tell us about your
/// trip. Do not enter your card number or personal details.", "Jangan masukkan nombor kad", "Ne saisissez
/// jamais votre mot de passe"): a comment box's note on what not to type, read by the message's
/// prohibition rule ([`prohibit`]) on the description alone. [`drop_disclaimed`] leaves a clause with a
/// request verb to this reading; a description that only denies, sentence by sentence, as a message may
/// ([`negation`]), loses all its names. What still collects the secret keeps the terms, as there: a `password`
/// format, bounds of a code, the field's own name or title naming that secret strongly ("Never share it"
/// under "PIN"), and a later clause of the description asking with nothing named of its own ("Never
/// share your PIN. Type it here.").
fn drop_forbidden_in_description(
    c: &Compiled,
    prop: &Prop<'_, '_>,
    texts: &Texts<'_>,
    hits: &mut Vec<Hit>,
) {
    let named =
        |h: &Hit| h.source == Source::Description && matches!(h.kind, Kind::Strong | Kind::Weak);
    if !hits.iter().any(named) || prop.format == "password" || code_bounds(prop) {
        return;
    }
    let Some((from, to)) = texts.span(Source::Description) else {
        return;
    };
    let folded = texts
        .buf
        .get(from..to)
        .and_then(|b| std::str::from_utf8(b).ok())
        .unwrap_or("");
    // A description whose every sentence naming a secret denies it ("Describe the delay. Do not enter
    // your Touch 'n Go card number", where the brand's "go" reads as a request verb to the clause reading)
    // is read as the message is ([`negation::denies_only`]): all of it.
    let spans = if negation::denies_only(c, prop.description) {
        vec![(1, usize::MAX)]
    } else {
        prohibit::forbidden_spans(c, prop.description, folded)
    };
    if spans.is_empty() {
        return;
    }
    // The description's words counted from 1, as the prohibition reading counts them.
    let word_of = |byte: usize| words_before(texts, from, byte).saturating_add(1);
    let titled = titled_categories(hits);
    hits.retain(|h| {
        if h.source != Source::Description || titled.contains(&h.cat) {
            return true;
        }
        let w = word_of(h.start);
        !(matches!(
            h.kind,
            Kind::Strong | Kind::Weak | Kind::Qualifier | Kind::Request | Kind::Concept
        ) && spans.iter().any(|&(first, last)| w >= first && w <= last))
    });
}

/// How many words of the folded texts lie between the description's start (`from`) and `byte`: the index,
/// from 0, of the description's word at `byte` (`usize::MAX` when `byte` is not inside the buffer).
fn words_before(texts: &Texts<'_>, from: usize, byte: usize) -> usize {
    texts.buf.get(from..byte).map_or(usize::MAX, |b| {
        b.split(|&x| x == b' ').filter(|w| !w.is_empty()).count()
    })
}

/// The categories the field's own name or title names strongly: a description that denies or forbids such
/// a secret does not undo the field's name ("not your old password" under "New password").
fn titled_categories(hits: &[Hit]) -> Vec<Option<CatId>> {
    hits.iter()
        .filter(|h| matches!(h.source, Source::Name | Source::Title) && h.kind == Kind::Strong)
        .map(|h| h.cat)
        .collect()
}

/// Whether the field's bounds are a code's: exactly four to eight characters.
fn code_bounds(prop: &Prop<'_, '_>) -> bool {
    prop.min_length.is_some()
        && prop.min_length == prop.max_length
        && prop
            .max_length
            .is_some_and(|n| (MIN_CODE_LENGTH..=MAX_CODE_LENGTH).contains(&n))
}

/// Drops the description's names of a secret that it only denies ("Kod untuk pengunjung, bukan kata laluan
/// peribadi", "Tämä ei ole salasana", "Tanpa kod": [`disclaim`]), with a qualifier right beside them
/// ("peribadi"). What still collects the secret keeps them all: a `password` format, bounds of a code
/// (exactly four to eight characters), or the field's own name or title naming that secret strongly ("not
/// your old password" under "New password").
fn drop_disclaimed(c: &Compiled, prop: &Prop<'_, '_>, texts: &Texts<'_>, hits: &mut Vec<Hit>) {
    let named =
        |h: &Hit| h.source == Source::Description && matches!(h.kind, Kind::Strong | Kind::Weak);
    if !hits.iter().any(named) {
        return;
    }
    if prop.format == "password" || code_bounds(prop) {
        return;
    }
    let Some((from, _)) = texts.span(Source::Description) else {
        return;
    };
    let denied = disclaim::disclaimed(c, prop.description);
    if denied.is_empty() {
        return;
    }
    let word_of = |byte: usize| words_before(texts, from, byte);
    let titled = titled_categories(hits);
    hits.retain(|h| {
        if h.source != Source::Description || titled.contains(&h.cat) {
            return true;
        }
        let w = word_of(h.start);
        match h.kind {
            Kind::Strong | Kind::Weak => !denied.contains(&w),
            Kind::Qualifier => {
                !(denied.contains(&w) || w.checked_sub(1).is_some_and(|p| denied.contains(&p)))
            }
            _ => true,
        }
    });
}

/// Whether another pack reads the very words of `h` as a card's own name (cards19): Dutch `pasnummer` is a
/// bank card's number, Danish `pasnummer` a passport's. Beside a field's word for a number's last places,
/// the word that one language takes for a card's number says whose last four they are; the other
/// language's reading of the same word names no other secret there.
fn card_word_too(c: &Compiled, hits: &[Hit], h: &Hit) -> bool {
    let card = c.category("card");
    card.is_some()
        && hits.iter().any(|k| {
            k.cat == card
                && k.kind == Kind::Strong
                && k.source == h.source
                && k.start == h.start
                && k.end == h.end
        })
}
