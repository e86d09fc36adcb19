//! Judging a form: which fields ask for a secret, from their words and the words around them.
//!
//! Each text is folded once and scanned once by the term automaton. Then, per property:
//! 1. a `strong` term in its own name, `format`, title or description names the secret;
//! 2. otherwise a `weak` term with a `qualifier` of the same category ("key" + "aws") does;
//! 3. otherwise, when the field says nothing of its own (only `generic` words: `value`, `t`, `field1`) or holds
//!    a partial clue (a weak or qualifier term), the message is read with it ("Paste your GitHub token").
//!
//! A field found by 1 or 2 goes through the label rule ([`label`]): "Name for the new API key" asks about the
//! key, not for it. Terms inside a `benign` phrase ("max tokens", "public key") do not count. Number fields are judged only for
//! categories marked `numeric` (a PIN, yes; a token count, no), and not at all when bounded below 100 (a count
//! or a rating: "How many keys does the PIN pad have?"). Choice fields (enum, oneOf, arrays, booleans)
//! cannot carry a typed secret and are judged only when they ask for part of one ("first digit of your PIN").
//! Finally a message that asks for a secret right after a request verb ("enter your password") is a finding
//! when the form has a free-text field and no field was found already. Defaults, enum and const values and the
//! form's texts are matched against the credential formats. Beside the words, the form's shape is read
//! ([`structure`]): numbered one-word rows, a card's fields, a fixed-length digit code, in any language.
//!
//! This file holds the entry points ([`judge_form`], [`judge_form_in`]) and the order of the readings: the
//! message's (the prefilter's proof, denials, surveys, puzzles, prohibitions, clauses), then each property,
//! then the form's readings across its fields (the login pair, a card in pieces, a wallet key, the shape
//! signals), then the request rule. Each reading is a module of its own:
//! - the words: texts folded and scanned once ([`scan`]) into [`Hit`]s ([`hit`]); a property's members
//!   ([`field`]); one property judged ([`property`]) from its evidence ([`evidence`]), what its own words
//!   name ([`naming`]), a number's bounds and attributes ([`numbers`]), a choice's options ([`options`]),
//!   ordinary words of the form's language ([`ordinary`]), security questions ([`secq`]), and what it notes
//!   for the form ([`notes`]);
//! - the message: the request rule ([`request`]) with its speakers ([`speakers`]) and clauses ([`clause`]),
//!   a `.env` named as written ([`dotenv`]), and the message's memoised readings ([`message`]);
//! - the findings' wording ([`findings`]) and the credential formats in values ([`values`]);
//! - the structural and benign readings named in docs/rules/forms.md ([`structure`], [`label`],
//!   [`survey`], [`negation`], [`puzzle`], [`postal`], ...).

/// `fn $name() -> &'static [String]`: the word list `$list` folded as texts are ([`survey::folded_list`]), once,
/// on first use. The benign readings (`survey`, `negation`, `puzzle`, `generator`) each keep a few such lists.
macro_rules! folded_words {
    ($(#[$doc:meta])* fn $name:ident = $list:expr;) => {
        $(#[$doc])*
        fn $name() -> &'static [String] {
            static FOLDED: std::sync::OnceLock<Vec<String>> = std::sync::OnceLock::new();
            FOLDED.get_or_init(|| super::survey::folded_list($list))
        }
    };
}

mod anchor;
#[cfg(test)]
mod benign_probes;
mod clause;
mod command;
mod disclaim;
mod door;
mod dotenv;
mod elsewhere;
mod evidence;
mod field;
mod findings;
mod foreign;
mod generator;
mod giftcard;
mod habit;
mod hexkey;
mod hit;
mod label;
mod lastfour;
mod limit;
pub(crate) mod message;
mod naming;
mod negation;
mod notes;
mod numbers;
mod options;
mod ordinal;
mod ordinary;
mod picker;
mod postal;
mod prohibit;
mod property;
mod puzzle;
mod recipient;
mod recount;
mod request;
mod scan;
mod secq;
mod sense;
mod service;
mod speakers;
mod structure;
mod survey;
#[cfg(test)]
mod tests;
mod values;
mod wordlist;
mod written;

use crate::wire::tree::Node;

use super::formats::Search;
use super::language;
use super::normalize::Folder;
use super::pack::{CatId, Compiled, Kind};
use super::prefilter::Proof;
use crate::policy::text::Known;
use crate::policy::{pointer_push, Finding};

use clause::mark_clauses;
use dotenv::asks_a_question;
use field::{holds_typed_value, FieldKind, Prop};
use findings::{command_finding, dotenv_finding, field_ptr, finding, unread_language};
use foreign::{drop_foreign_inflections, drop_foreign_readings};
use hexkey::wallet_key;
use hit::{Hit, Source};
use notes::{speaks_of_card, supports_code, FieldNotes, Support};
use ordinary::drop_ordinary;
use postal::names_secret;
use property::{judge_property, Around};
use request::requested_in_message;
use scan::{scan_noting, Texts};
use values::{embedded, pushed_values};

/// Most properties judged in one form. The schema check blocks forms over 64 properties; this bound only keeps
/// the classifier's own work bounded if it runs first.
pub const MAX_JUDGED_PROPERTIES: usize = 256;

/// Most option values (enum, oneOf, anyOf, default array entries) matched against formats per property.
pub const MAX_JUDGED_OPTIONS: usize = 1024;

/// What [`judge_form`] found in one form.
#[derive(Debug)]
pub struct FormJudgement {
    /// The findings, message and properties together.
    pub findings: Vec<Finding>,
    /// The message gave the classification no term and the properties gave no finding: whatever the message
    /// says next time, as long as it names no term, this schema's properties are clean (see
    /// [`crate::policy::clean_schemas`]).
    pub properties_clean: bool,
    /// What the term-free test proved of the message's bytes, for its sanitising.
    pub message: Known,
    /// A reading of the form's purpose gave a secret's name another meaning: a puzzle's hidden word
    /// ([`puzzle`]), India's postal PIN ([`postal`]), a generator's seed ([`generator`]). The learned model,
    /// which reads words and not purposes, is then silent (`SecretPolicy::model_finding`): every form it
    /// flagged beyond the rules on the held-out batches was one of these. Only readings that redefine the
    /// term count, not those about the request (a denial, a survey): a sentence denying a request is easy to
    /// prepend to a phishing form, a crossword's layout is not.
    pub term_redefined: bool,
    /// The form names a card only to say which one ([`lastfour::identifies_card`]): its free-text fields are
    /// a card's last four or a gift card's printed number, or say what they identify, no field asks for the
    /// rest of a card, and the message names no secret of another kind. The learned model, whose words
    /// ("card", "digits", "number") are those of card data, is then silent (`SecretPolicy::model_finding`):
    /// nearly all it added on the fresh14 and fresh15 benign halves were these forms.
    pub card_identified: bool,
}

/// Judges one form; see the module doc. With `properties_known_clean` (the schema, with these allowed fields,
/// was found clean before) the properties are not judged again when the message names no term: what they
/// would find is then a function of the schema alone.
pub fn judge_form(
    c: &Compiled,
    message: &str,
    schema: &Node<'_>,
    params_ptr: &str,
    allowed_fields: &[String],
    properties_known_clean: bool,
) -> FormJudgement {
    judge_form_in(
        c,
        message,
        schema,
        params_ptr,
        allowed_fields,
        properties_known_clean,
        &mut message::Memo::default(),
    )
}

/// [`judge_form`], one of the forms of a message: `memo` holds the readings and language verdicts of the texts
/// already read in it, the forms of one message mostly repeating one message ([`message::Memo`]).
///
/// A form that asks for an identity number is read a second time when it states it is written for a
/// business ([`business`]): a tax number a person and a company alike hold (pack kind `either`: ΑΦΜ, NIF,
/// OIB, ИНН) is then the company's, printed on every invoice, and benign; so is a PIN's name that is a tax
/// number's in another language (the Polish `NIP`, ident15). Only forms already found asking for a secret of
/// a category an `either` term names pay for the second reading.
pub(crate) fn judge_form_in(
    c: &Compiled,
    message: &str,
    schema: &Node<'_>,
    params_ptr: &str,
    allowed_fields: &[String],
    properties_known_clean: bool,
    memo: &mut message::Memo,
) -> FormJudgement {
    let first = judge_form_read(
        c,
        message,
        schema,
        params_ptr,
        allowed_fields,
        properties_known_clean,
        memo,
        false,
    );
    // A category some `either` term reads benignly in a business's form: a tax number a person and a company
    // alike hold (`national_id`), and since ident15 a PIN's name that is a tax number's in another language
    // (the Polish NIP, a Spanish PIN).
    let either_of = |rule: &str| {
        let cat = c.category(rule.trim_start_matches("form.secret."));
        cat.is_some()
            && c.infos
                .iter()
                .flatten()
                .any(|i| i.kind == Kind::Either && i.category == cat)
    };
    let asks_either = first.findings.iter().any(|f| either_of(&f.rule));
    if !asks_either || !business(c, message, schema) {
        return first;
    }
    let mut second = judge_form_read(
        c,
        message,
        schema,
        params_ptr,
        allowed_fields,
        false,
        memo,
        true,
    );
    // What the schema holds was read with the message's business words: it is not clean under another
    // message.
    second.properties_clean = false;
    second
}

/// Whether the form states it is written for a business: a `business` word (an invoice, a company's name,
/// a legal entity, B2B) in the message or a field's name or title. Read only for a form found asking for an
/// identity number; the texts are few and short.
fn business(c: &Compiled, message: &str, schema: &Node<'_>) -> bool {
    let mut folder = Folder::default();
    let mut texts = Texts::new(&mut folder);
    texts.add(c, Source::Message, message);
    if let Some(props) = schema.get("properties").and_then(Node::as_object) {
        for (name, value) in props.iter().take(MAX_JUDGED_PROPERTIES) {
            texts.add(c, Source::Name, name);
            texts.add(c, Source::Title, Prop::of(value).title);
        }
    }
    let mut found = false;
    c.find_terms(texts.buf.as_slice(), |pattern, _, _| {
        found |= c
            .infos
            .get(pattern)
            .is_some_and(|infos| infos.iter().any(|i| i.kind == Kind::Business));
    });
    found
}

/// [`judge_form_in`], once: with `business`, an `either` term is a benign phrase of its category.
#[allow(clippy::too_many_arguments)]
fn judge_form_read(
    c: &Compiled,
    message: &str,
    schema: &Node<'_>,
    params_ptr: &str,
    allowed_fields: &[String],
    properties_known_clean: bool,
    memo: &mut message::Memo,
    business: bool,
) -> FormJudgement {
    let mut findings = Vec::new();
    // Pointers are built only for findings: a benign form (nearly every form) needs none.
    let props_ptr = || pointer_push(&pointer_push(params_ptr, "requestedSchema"), "properties");
    let message_ptr = || pointer_push(params_ptr, "message");

    let mut folder = Folder::default();
    let mut texts = Texts::new(&mut folder);
    texts.business = business;
    let mut message_hits = Vec::new();
    // A reading of the form's purpose redefined a secret's name ([`FormJudgement::term_redefined`]).
    let mut term_redefined = false;
    // The message's words for a number's last places ("the last four digits"), read beside a last four.
    let mut message_last: Vec<Hit> = Vec::new();
    // And the places of its words for a card the packs do not read as card data ("cardului", "карты":
    // [`lastfour::card_word_places`]), read only when it holds a word for a number's last places.
    let mut message_card_places: Vec<usize> = Vec::new();
    // The categories the message reads harmlessly ([`Around::message_benign`]).
    let mut message_benign: Vec<Option<CatId>> = Vec::new();
    // The message holds a benign or redefining phrase ("your 6-digit postal code"): it supports no code.
    let mut message_excused = false;
    // A message proven to hold no strong, weak or qualifier term (the only kinds its hits are read for, see
    // `prefilter`) is not folded or scanned: the folded message serves nothing else, and the texts are
    // cleared before the first property. The same pass may prove it free of the formats' prefixes too.
    // It is read with the message's other readings that depend on its text alone, once per distinct text of
    // the `InputRequiredResult` ([`message::Memo`]).
    let read = memo.read(c, message);
    let languages = &mut memo.languages;
    let proof = read.proof;
    // The folded message, kept for the request rule once the texts are reused for the properties (only a
    // message holding a term is folded at all).
    let mut folded_message = String::new();
    // "Paste your .env" names no term the proof looks for: a message naming the file as written (in its first
    // bytes, so that a long message costs no second pass) is scanned anyway, for its request verb.
    let dotenv_message = read.dotenv;
    // The languages the message is written in, identified only once an `ordinary` word met a secret's term
    // (Polish `dni` read as the Spanish `DNI`), and whether one did: the verdict then reads the message, so
    // the schema is not remembered clean.
    let lang_cell = std::cell::OnceCell::new();
    let message_lang = || *lang_cell.get_or_init(|| language::written_in(c, message));
    let mut read_ordinary = false;
    // "Run `cat ~/.ssh/id_rsa` and paste what it prints": a command whose output is a secret, in any language.
    let reading = read.command;
    let command_message = reading.prints;
    // A credential file named as written ("~/.aws/credentials", "id_ed25519", ".env"), read for a request
    // verb anywhere in the message when no verb reaches it.
    let file_message = dotenv_message || reading.file;
    if proof == Proof::Nothing || file_message || command_message {
        texts.add(c, Source::Message, message);
        let mut read_benign = Vec::new();
        message_excused = scan_noting(c, &texts, &mut message_hits, &mut read_benign)
            || message_hits.iter().any(|h| h.kind == Kind::Redefine);
        message_benign.extend(read_benign.iter().map(|&(_, cat, _)| cat));
        // What a number identifies and a number's last places are read in a field's own name and title
        // only: in the message they say nothing, and must not make it less neutral than the prefilter's
        // proof says ("Connect the account" is still a message that names nothing).
        // A word for a number's last places is kept aside, for the last four's reading of the message
        // ([`lastfour::drop_message_card`]).
        message_last.extend(
            message_hits
                .iter()
                .filter(|h| h.kind == Kind::Last)
                .copied(),
        );
        if !message_last.is_empty() {
            message_card_places = lastfour::card_word_places(texts.folded());
        }
        message_hits.retain(|h| !matches!(h.kind, Kind::Identifies | Kind::Last));
        // A category the message reads harmlessly ("the last four digits of your card"): its qualifiers
        // there qualify no field's weak term.
        // A concept's qualifier is taken only by a benign phrase in its own clause (recall14): it supports
        // only a weak term there ([`Hit::reaches`]), so a benign phrase in another clause says nothing of
        // it. "I entered your phone number by mistake. Type the 4 digits that just arrived": the phone
        // number is benign for a one-time code, and used to take the ARRIVED words of the wrong-number
        // scam with it; "the 24-digit tracking code you received" keeps its reading.
        //
        // A message that describes a one-time code in its own words keeps its qualifiers (takeover17): "I
        // changed my phone number, the system sent you an SMS, there are four digits in it, send them to me".
        // The phone number still takes the SMS from a message that names no code of its own ("enter your
        // phone number and we will text you" over a field "Number"), but the message's relay phrase (the
        // digits in it, what it says: a weak term with no reach) is no phone number, and the SMS qualifies
        // it as the code. Not a bare count of digits, which a benign code has too ("the 24-digit tracking
        // code you received"), and only the one-time code: a public key in one sentence is the key "paste
        // the key" speaks of in the next.
        let otp = c.category("otp");
        let described = otp.is_some()
            && message_hits.iter().any(|h| {
                h.kind == Kind::Weak
                    && !h.bare
                    && h.reach.is_none()
                    && h.source == Source::Message
                    && h.cat == otp
            });
        let folded = texts.folded().as_bytes();
        message_hits.retain(|h| {
            let relayed = described && !h.concept && h.source == Source::Message && h.cat == otp;
            !(h.kind == Kind::Qualifier
                && !relayed
                && read_benign.iter().any(|&(source, cat, start)| {
                    cat.is_some()
                        && cat == h.cat
                        && (!h.concept
                            || source != Source::Message
                            || clause::shares_clause(c, message, folded, h, start))
                }))
        });
        let developer = c.category("developer");
        if developer.is_some()
            && asks_a_question(message)
            && !message_hits
                .iter()
                .any(|h| matches!(h.kind, Kind::Request | Kind::Contents))
        {
            // "Does your project use a .env file?", "Hast du schon eine kubeconfig?": a question about the
            // file with no verb asking for it nor a word for what it holds is answered yes or no, not with
            // the file.
            message_hits.retain(|h| h.cat != developer);
        }
        if !file_message {
            // "Contents" asks for a file named as written, and for nothing else.
            message_hits.retain(|h| h.kind != Kind::Contents);
        }
        if message_hits
            .iter()
            .any(|h| matches!(h.kind, Kind::Strong | Kind::Weak))
            && survey::counts_only(c, message)
        {
            // "Wie viele Ziffern hat Ihre PIN?": the message counts the secret's digits and names it for
            // nothing else, so no field takes it and no request is read.
            message_hits.retain(|h| !matches!(h.kind, Kind::Strong | Kind::Weak));
        } else if message_hits
            .iter()
            .any(|h| matches!(h.kind, Kind::Strong | Kind::Weak))
            && negation::denies_only(c, message)
        {
            // "Do not enter your PIN or OTP in this report", "We never ask for your password": the message
            // names the secret only to deny asking for it, so no field takes it and no request is read.
            message_hits.retain(|h| !matches!(h.kind, Kind::Strong | Kind::Weak));
        } else if message_hits
            .iter()
            .any(|h| matches!(h.kind, Kind::Strong | Kind::Weak))
            && puzzle::clue_only(c, message)
        {
            // "Crossword, 7 across (5 letters): «Secret word the bank asks for»": the message names the
            // secret as the word to find ([`puzzle`]), so no field takes it and no request is read.
            message_hits.retain(|h| !matches!(h.kind, Kind::Strong | Kind::Weak | Kind::Qualifier));
            term_redefined = true;
        }
        read_ordinary |= drop_ordinary(c, texts.folded(), &mut message_hits, message_lang);
        read_ordinary |=
            drop_foreign_inflections(c, texts.folded(), &mut message_hits, message_lang);
        read_ordinary |= drop_foreign_readings(&mut message_hits, c, message_lang);
        limit::drop_word_limits(c, texts.folded(), &mut message_hits);
        // "Bitte gib keine Kartennummer und keine PIN ein": a clause forbidding the secret asks for none
        // ([`prohibit`]).
        prohibit::drop_forbidden(c, message, texts.folded(), &mut message_hits);
        if message_hits.iter().any(|h| h.reach.is_some()) {
            mark_clauses(c, message, &mut message_hits);
        }
        if message_hits.iter().any(|h| h.kind == Kind::Concept) {
            // "¿Cuántos dígitos tiene tu PIN?": a clause asking how many digits a secret has asks for a
            // number, not the secret ([`super::concept::counted_clauses`]). The COUNT words serve nothing else.
            let read: Vec<(Kind, Option<u16>, u32)> = message_hits
                .iter()
                .map(|h| (h.kind, h.reach, h.clause))
                .collect();
            let counted = super::concept::counted_clauses(&read);
            message_hits.retain(|h| {
                h.kind != Kind::Concept
                    && !(counted.contains(&h.clause)
                        && matches!(h.kind, Kind::Strong | Kind::Weak | Kind::Qualifier))
            });
        }
        if !message_hits.is_empty() {
            folded_message.push_str(texts.folded());
        }
    }
    let (search, message_known) = if proof == Proof::TermAndPrefixFree {
        (Search::Plain, Known::Printable)
    } else {
        (Search::All, Known::Nothing)
    };
    embedded(c, message, search, message_ptr, &mut findings);
    // A message that has the user run a command printing a secret is never neutral: the form is judged.
    // A message describing a secret by the user's own act of authenticating ([`habit`]) names no term, and is
    // never neutral either.
    let described = read.described;
    // So is one naming a credential as written, a token's prefix or a session cookie's name ([`written`]).
    let written_name = read.written;
    let message_neutral = message_hits.is_empty()
        && !command_message
        && described.is_none()
        && written_name.is_none();
    // The form's language is that of its message, when the message is long enough to tell: the one text read on
    // every path (a remembered schema's titles are not built again), so the finding never depends on what was
    // remembered. A short message with foreign titles is not flagged.
    let message_decides = read.decides;
    let mut form_text = language::FormText::default();
    form_text.add(message);
    if properties_known_clean && message_neutral {
        if message_decides {
            unread_language(c, &form_text, languages, params_ptr, &mut findings);
        }
        return FormJudgement {
            findings,
            properties_clean: true,
            message: message_known,
            term_redefined: false,
            card_identified: false,
        };
    }
    let before_properties = findings.len();
    // A schema the parser skipped (recognised as clean) is built now that the message makes it matter.
    let arena = crate::wire::tree::Arena::new();
    let Ok(schema) = schema.expanded(&arena) else {
        findings.push(Finding::block(
            "wire.unparseable",
            params_ptr.to_owned(),
            "The form's schema could not be parsed strictly, so it could not be judged.",
        ));
        return FormJudgement {
            findings,
            properties_clean: false,
            message: message_known,
            term_redefined: false,
            card_identified: false,
        };
    };
    let schema = &schema;
    if message_hits
        .iter()
        .any(|h| matches!(h.kind, Kind::Strong | Kind::Weak))
        && recipient::delivered_only(c, message)
        && recipient::asks_recipient(schema, MAX_JUDGED_PROPERTIES)
    {
        // "Send a gift card … The card number will be emailed to the recipient." over a field for the
        // recipient: the message names the secret to say whom it goes to ([`recipient`]), so no field takes
        // it and no request is read.
        message_hits.retain(|h| !matches!(h.kind, Kind::Strong | Kind::Weak | Kind::Qualifier));
    }

    let mut any_text_field = false;
    let mut free_text_field = false;
    // A card's last four digits ([`lastfour`]), and whether another field may hold the rest of the number.
    let mut last_four: Option<&str> = None;
    // Of those, a gift card's number checked for its balance ([`giftcard`]).
    let mut gift_card = false;
    let mut rest_of_card = false;
    // A free-text field other than a card's last four: one that could take what the message names.
    let mut other_free_text = false;
    // Such a field that neither says what it identifies nor is excused by a benign phrase: open to a secret
    // the message only describes ([`lastfour::identifies_card`]).
    let mut other_open_text = false;
    // A field of four named for a number's last places, read as a card's or not ([`FieldNotes::last_places`]).
    let mut last_places = false;
    // A text field that says nothing of its own ([`FieldNotes::open`]), for a file the message names.
    let mut any_open_field = false;
    // A field for a survey's answer: a choice, or a number bounded at a rating's top ([`survey`]).
    let mut rating_field = false;
    let mut field_found = false;
    let mut structure = structure::Structure::default();
    // The login pair: a field that names the user ("User name") beside one named by a word that is a password
    // only at a login ("Κωδικός", "Parola chiave"), read after every field has been seen.
    let mut login_field: Option<usize> = None;
    let mut weak_password: Option<(usize, &str, Hit)> = None;
    // The categories a field read benignly takes from the message: a puzzle's hidden word named as its
    // password ("Bulmacanın şifresi", [`puzzle`]), a generator's seed ([`generator`]). The message's names
    // of them ("send the şifre", "optionally a seed") are for that field, and ask for no secret.
    let mut explained: Vec<Option<CatId>> = Vec::new();
    // A text field bounded to a wallet key's length ([`hexkey`]), read with the form's words after the loop.
    let mut key_field: Option<&str> = None;
    // Whether the message speaks of a puzzle ([`puzzle::speaks_of_puzzle`]), read once, when a field first
    // needs it.
    let mut puzzle_message: Option<bool> = None;
    // The findings of unnamed fields that took the message's card words (their indexes in `findings`), and
    // how many findings the fields' words made in all: a card's last four may say those words are its own.
    let mut took_card: Vec<usize> = Vec::new();
    let mut judged_found = 0usize;
    if let Some(props) = schema.get("properties").and_then(Node::as_object) {
        // The form's fields, for the reading of one field among the others (India's postal PIN beside an
        // address, [`postal`]): gathered only when a field or the message needs it.
        let listed =
            || -> Vec<(&str, &Node<'_>)> { props.iter().take(MAX_JUDGED_PROPERTIES).collect() };
        if message_hits
            .iter()
            .any(|h| h.kind == Kind::Strong && h.cat.is_some() && h.cat == c.category("pin"))
        {
            let pin = c.category("pin");
            let secret_beside = postal::names_secret_pin(&[message])
                || message_hits.iter().any(|h| {
                    h.source == Source::Message
                        && pin.is_some_and(|p| names_secret(c, h, p))
                        && !message_hits.iter().any(|p| {
                            p.kind == Kind::Strong
                                && p.cat == pin
                                && p.start <= h.start
                                && h.end <= p.end
                        })
                });
            let postal: Vec<usize> = message_hits
                .iter()
                .enumerate()
                .filter(|(_, h)| h.kind == Kind::Strong && h.cat == pin)
                .filter(|(_, h)| {
                    postal::is_postal_pin(c, c.shown.get(h.pattern).map_or("", String::as_str))
                })
                .map(|(i, _)| i)
                .collect();
            // ident15: or the field it is asked for calls its PIN the post's ("6-digit postal code") and the
            // form names no card, ATM or bank ("Enter your delivery PIN code to check same-day delivery").
            if !secret_beside
                && !postal.is_empty()
                && (postal::in_address_form(&listed(), "")
                    || ((postal::pin_field_said_postal(&listed())
                        || (postal::pin_field_of_six(&listed())
                            && postal::pin_of_delivered_place(message)))
                        && !postal::form_names_secret_pin(&listed(), message)))
            {
                // "Enter your address and the PIN code of your area" over fields for the address, the town
                // and the PIN: the PIN is the postal code's.
                term_redefined = true;
                // And every word inside it: the `code` of "PIN code" is the postal code's too, not a
                // one-time code a field beside the address would take.
                let spans: Vec<(usize, usize)> = postal
                    .iter()
                    .filter_map(|&i| message_hits.get(i))
                    .map(|h| (h.start, h.end))
                    .collect();
                message_hits.retain(|h| {
                    !spans
                        .iter()
                        .any(|&(start, end)| start <= h.start && h.end <= end)
                });
            }
        }
        for (order, (name, value)) in props.iter().take(MAX_JUDGED_PROPERTIES).enumerate() {
            let prop = Prop::of(value);
            let ptr = || field_ptr(c, &props_ptr, name);
            embedded(c, name, Search::All, ptr, &mut findings);
            if prop.pushes_values {
                pushed_values(c, value, &ptr, &mut findings);
            }
            for (key, text) in [("title", prop.title), ("description", prop.description)] {
                embedded(
                    c,
                    text,
                    Search::All,
                    || pointer_push(&ptr(), key),
                    &mut findings,
                );
            }
            if allowed_fields.iter().any(|a| a == name) {
                continue;
            }
            any_text_field |= prop.kind == FieldKind::Text;
            // A field whose format is a value of another kind (an e-mail address, a date) cannot take the
            // secret the message asks for: a form of such fields only collects none by its message.
            free_text_field |= prop.kind == FieldKind::Text && !holds_typed_value(&prop);
            rating_field |= prop.kind == FieldKind::Choice
                || (prop.kind == FieldKind::Number
                    && prop.maximum.is_some_and(|m| m <= survey::MAX_RATING));
            texts.clear();
            let mut notes = FieldNotes::default();
            // A field's language is the message's, or, under a message too short to tell, that of the
            // message with the field's own title and description.
            let lang = |title: &str, description: &str| match message_lang() {
                0 => language::written_in(c, &format!("{message}\n{title}\n{description}")),
                bits => bits,
            };
            let around = Around {
                message_hits: &message_hits,
                message_benign: &message_benign,
                lang: &lang,
                message,
            };
            let mut found = judge_property(c, name, &prop, &mut texts, &around, &mut notes, ptr);
            // A card's last four beside the rest of its number: the end of a card asked in two pieces.
            if notes.last_four {
                last_four.get_or_insert(name);
                gift_card |= notes.gift_card;
            } else {
                let free = prop.kind == FieldKind::Text && !holds_typed_value(&prop);
                other_free_text |= free;
                other_open_text |=
                    free && !notes.identifier && !notes.excused && !notes.last_places;
                last_places |= notes.last_places;
                // A choice ("Debit card", "Credit card") says which kind of card, not its number.
                rest_of_card |= (notes.card && prop.kind != FieldKind::Choice)
                    || lastfour::holds_long_number(&prop);
            }
            read_ordinary |= notes.read_ordinary;
            any_open_field |= notes.open;
            // The categories a puzzle's word is named by: a password ("slaptažodis", "hasło", "тајна
            // реч") or a phrase of words.
            let wordlike = [c.category("password"), c.category("recovery_phrase")];
            let found_word = found.as_ref().is_some_and(|f| {
                matches!(
                    f.rule.as_str(),
                    "form.secret.password" | "form.secret.recovery_phrase"
                )
            });
            // A field that names something of its own ("Решење") under a message that names the word:
            // read only when the message names one (no folding otherwise).
            let message_word = found.is_none()
                && message_hits.iter().any(|h| {
                    matches!(h.kind, Kind::Strong | Kind::Weak)
                        && h.cat.is_some()
                        && wordlike.contains(&h.cat)
                });
            if (found_word || message_word)
                && *puzzle_message.get_or_insert_with(|| puzzle::speaks_of_puzzle(message))
                && ((found_word && puzzle::names_puzzle(prop.title, prop.description))
                    || (puzzle::names_answer(c, prop.title, prop.description)
                        && !puzzle::asks_outside_puzzle(c, message))
                    // ident15: "the letters left in the grid spell the password" over a field titled
                    // "كلمة السر": the field takes the word the puzzle's letters spell.
                    || (found_word
                        && puzzle::spells_the_word(message)
                        && !puzzle::asks_outside_puzzle(c, message)))
                && !puzzle::owns_secret(c, message)
            {
                // "Bulmacanın şifresi" under a message about the week's puzzle: the field's password is
                // the puzzle's hidden word ([`puzzle::names_puzzle`]); so is the word a field titled as the
                // puzzle's answer takes ("Решење" under "Пошаљите решење (тајну реч)",
                // [`puzzle::names_answer`]), unless the message asks for a secret outside the puzzle or
                // names it as the user's own.
                match &found {
                    Some(f) => {
                        explained.push(c.category(f.rule.trim_start_matches("form.secret.")))
                    }
                    None => explained.extend(wordlike),
                }
                found = None;
                notes.excused = true;
                term_redefined = true;
            }
            let password = c.category("password");
            let found_password = found
                .as_ref()
                .is_some_and(|f| f.rule == "form.secret.password");
            let message_password = found.is_none()
                && !notes.excused
                && message_hits.iter().any(|h| {
                    matches!(h.kind, Kind::Strong | Kind::Weak)
                        && h.cat.is_some()
                        && h.cat == password
                });
            if (found_password || message_password)
                && sense::other_sense(c, message, prop.title, prop.description, prop.format)
                && !sense::speaks_of_account(&form_texts(message, &listed()))
            {
                // "Hledané heslo" in an encyclopedia's search, "Šifra sa kesice" in a prize game: the
                // password's word in its other sense, said by the field or by the sentence naming it
                // ([`sense`]), in a form that names no account, login or bank.
                // As for a puzzle, the word may be named as a phrase of words too ("tajna riječ").
                explained.extend([password, c.category("recovery_phrase")]);
                found = None;
                notes.excused = true;
                term_redefined = true;
            }
            // The secrets a door's keypad is named by: a password ("clave del portal"), a code ("código de
            // acesso à porta"), a PIN.
            let door_cats = [password, c.category("otp"), c.category("pin")];
            let found_door = found.as_ref().is_some_and(|f| {
                matches!(
                    f.rule.as_str(),
                    "form.secret.password" | "form.secret.otp" | "form.secret.pin"
                )
            });
            let message_door = found.is_none()
                && !notes.excused
                && message_hits.iter().any(|h| {
                    matches!(h.kind, Kind::Strong | Kind::Weak)
                        && h.cat.is_some()
                        && door_cats.contains(&h.cat)
                });
            if (found_door || message_door)
                && door::door_code(c, message, prop.title, prop.description, prop.format)
                && {
                    let texts = form_texts(message, &listed());
                    door::speaks_of_delivery(&texts)
                        && !door::speaks_of_sent_code(c, &texts)
                        && !sense::speaks_of_account(&texts)
                }
            {
                // "Clave del portal o del garaje" for the courier of a delivery: the code of the building's
                // door ([`door`]), in a form that names no code sent to the user, no account and no bank.
                explained.extend(door_cats);
                found = None;
                notes.excused = true;
                term_redefined = true;
            }
            if found.as_ref().is_none_or(|f| {
                matches!(
                    f.rule.as_str(),
                    "form.secret.recovery_phrase" | "form.secret.otp"
                )
            }) && generator::mentions_seed(&[name, prop.title, prop.description])
                && generator::generator_seed(
                    c,
                    message,
                    name,
                    prop.title,
                    prop.description,
                    prop.kind == FieldKind::Number,
                )
            {
                // A world's, a map's or a simulation's seed: public, and no phrase of words.
                explained.push(c.category("recovery_phrase"));
                found = None;
                notes.excused = true;
                term_redefined = true;
            }
            if found.is_some()
                && notes.postal_pin
                && (postal::in_address_form(&listed(), name)
                    || ((notes.postal_said
                        || (prop.max_length == Some(postal::SIX)
                            && postal::pin_of_delivered_place(message)))
                        && !postal::form_names_secret_pin(&listed(), message)))
            {
                // A bare PIN beside the fields of an address: India's postal code, out of the signals too
                // (six digits are no one-time code here).
                found = None;
                notes.excused = true;
                term_redefined = true;
            }
            if key_field.is_none()
                && prop.kind == FieldKind::Text
                && !notes.excused
                && found.is_none()
                && hexkey::key_bounds(prop.min_length, prop.max_length, prop.pattern)
            {
                key_field = Some(name);
            }
            structure.note(
                order,
                name,
                &prop,
                notes.excused,
                notes.support,
                notes.identifier,
            );
            structure.speaks_of_card(notes.card && !notes.excused);
            if notes.login && login_field.is_none() {
                login_field = Some(order);
            }
            if let Some(f) = found {
                field_found = true;
                if notes
                    .took_from_message
                    .is_some_and(|h| h.cat.is_some() && h.cat == c.category("card"))
                {
                    took_card.push(findings.len());
                }
                findings.push(f);
                judged_found += 1;
            } else if let (Some(h), None) = (notes.weak_password, weak_password) {
                weak_password = Some((order, name, h));
            }
        }
    }
    if !took_card.is_empty()
        && last_four.is_some()
        && !rest_of_card
        && lastfour::took_which_card(
            c,
            &message_last,
            &lastfour::anchors(c, &message_last, &message_card_places, &message_hits),
            &message_hits,
        )
    {
        // cards19: "Nurodykite paskutinius keturis kortelės skaitmenis ir kur ją paskutinį kartą naudojote"
        // over a last four and a field "Kur" (where): the unnamed field took the message's card words, and
        // every one of them says whose last four digits the form asks for ([`lastfour::took_which_card`]).
        // Indexes were taken in order as findings were pushed; removed from the back they stay valid.
        for &i in took_card.iter().rev() {
            if i < findings.len() {
                findings.remove(i);
                judged_found = judged_found.saturating_sub(1);
            }
        }
        field_found = judged_found > 0;
    }
    if !explained.is_empty() {
        message_hits.retain(|h| {
            !(matches!(h.kind, Kind::Strong | Kind::Weak) && explained.contains(&h.cat))
        });
    }
    if let (false, Some(login), Some((order, name, hit))) =
        (field_found, login_field, weak_password)
    {
        let cat = c
            .category("password")
            .filter(|&k| c.categories.get(k).is_some_and(|i| i.enabled));
        if let (true, Some(cat)) = (login != order, cat) {
            let ptr = field_ptr(c, &props_ptr, name);
            findings.push(finding(
                c,
                cat,
                &ptr,
                name,
                &hit,
                "sits beside a user name and asks for",
            ));
            field_found = true;
        }
    }
    // The language-free signals, each only when the words found nothing of its kind already.
    let has = |findings: &[Finding], cat: &str| {
        let rule = format!("form.secret.{cat}");
        findings.iter().any(|f| f.rule == rule)
    };
    let mut signals = Vec::new();
    if let Some(s) = structure.recovery_phrase() {
        signals.push(s);
    }
    if let (Some(name), true, false) = (last_four, rest_of_card, has(&findings, "card")) {
        // "Last 4 digits" beside "First 12 digits": the end of a card number asked in two pieces.
        signals.push(structure::Signal {
            category: "card",
            name: Some(name),
            why: "as its last four digits, beside a field for the rest of the number".into(),
        });
    }
    if !field_found && any_text_field && !has(&findings, "private_key") {
        // "Paste the 64-character string starting with 0x you get when you export your wallet": a wallet's
        // private key described by its format, in any language ([`hexkey`]).
        signals.extend(wallet_key(message, schema, key_field));
    }
    let message_support = if message_excused {
        Support::None
    } else {
        message_hits
            .iter()
            .map(|h| supports_code(c, h))
            .max()
            .unwrap_or(Support::None)
    };
    if !has(&findings, "card") {
        let message_card = !message_excused && speaks_of_card(c, &message_hits);
        structure.speaks_of_card(message_card);
        signals.extend(
            structure
                .card()
                .or_else(|| structure.card_in_groups(message_support)),
        );
    }
    // The message says a code was sent or came ("the code we texted you", "SMS", "přišla"; ARRIVED and
    // MISTAKE, or a one-time code named): a field named for what it identifies may be the pretext
    // ("Booking reference" for the six digits of the SMS), so it is read by its shape again.
    let otp = c.category("otp");
    let message_sent = !message_excused
        && message_hits.iter().any(|h| {
            otp.is_some()
                && h.cat == otp
                && (h.kind == Kind::Strong || (h.kind == Kind::Qualifier && h.concept))
        });
    if !field_found && structure.reads_message() {
        // Under a clue's layout ("4 Down (8 letters)"), the message's numbers count a word's letters: a
        // field of that length takes the word ([`puzzle`]).
        if let Some(code) = structure.one_time_code(message, message_support, message_sent) {
            if puzzle::laid_out_as_clue(message) {
                term_redefined = true;
            } else {
                signals.push(code);
            }
        }
    }
    if !field_found && !message_excused {
        // "Type two of your backup codes" over fields titled "First one", "Second one": the message names the
        // codes, and the row of ranked fields takes them one by one, whatever the fields are called.
        let backup = c.category("backup_code");
        let named = backup.is_some()
            && message_hits
                .iter()
                .any(|h| h.cat == backup && matches!(h.kind, Kind::Strong | Kind::Weak));
        signals.extend(structure.ranked_codes(named));
    }
    for s in signals {
        let Some(info) = c
            .category(s.category)
            .and_then(|k| c.categories.get(k))
            .filter(|i| i.enabled)
        else {
            continue;
        };
        let (ptr, what) = match s.name {
            Some(name) => (
                field_ptr(c, &props_ptr, name),
                format!("form field `{}` asks for", super::shown_name(c, name)),
            ),
            None => (props_ptr(), "the form asks for".to_owned()),
        };
        findings.push(Finding::block(
            format!("form.secret.{}", info.name),
            ptr,
            format!(
                "{what} {} {}; secrets must go through URL mode",
                info.label, s.why
            ),
        ));
        field_found = true;
    }
    // The message's words that say which card or which digits, before the last four's reading drops them.
    let card_anchors = if last_four.is_some() || last_places {
        lastfour::anchors(c, &message_last, &message_card_places, &message_hits)
    } else {
        Vec::new()
    };
    if (last_four.is_some() || last_places) && !rest_of_card {
        // "Enter only the last four digits of your card number" over a last four and a date: the message
        // names the card to say which four digits, and no field of the form is for the rest of it. So it
        // does over a field of four named for a number's last places in a form whose card words the packs
        // do not read ("Koju karticu želite ukloniti? Upišite zadnje četiri znamenke."): the digits beside
        // the last places are the field's (cards18).
        lastfour::drop_message_card(
            c,
            &message_last,
            last_four.is_some() && !other_free_text,
            &mut message_hits,
        );
        if gift_card && giftcard::message_only_describes(message) {
            // "Skriv gavekortnummeret, som står under stregkoden": the message names the card to say which
            // number the gift card's field holds, and no field of the form is for the rest of a card.
            giftcard::drop_message_card(c, message, &mut message_hits);
        }
    }
    // A secret the message names only to deny asking for it ("Полный номер карты, CVC и коды из SMS мы
    // никогда не запрашиваем", "పూర్తి కార్డు నంబర్, CVV లేదా OTP మేము ఎప్పుడూ అడగము") is no other secret asked
    // beside the last four: a refund or a dispute says so to reassure ([`negation::denied_words`]). The
    // rules still read the whole message; only the model's silence weighs this.
    let card_identified =
        (last_four.is_some() || last_places) && !rest_of_card && !other_open_text && {
            let denied = negation::denied_words(c, message);
            let asked: Vec<Hit> = message_hits
                .iter()
                .filter(|h| !denied.iter().any(|&(a, b)| (a..=b).contains(&h.word)))
                .copied()
                .collect();
            !lastfour::names_other_secret(c, &card_anchors, &asked)
        };
    // "Was the keypad for entering your PIN easy to use?" over a rating: the message asks about the secret's
    // device, not for it. Read only when the request rule would find something.
    let surveyed = || survey::asks_about(c, message, rating_field);
    // "Forgot your password? Tell us which e-mail to send the reset link to" over one e-mail field: no
    // field of the form can hold what the message names, so the message's request collects nothing here
    // (a field's own name of a secret is judged above, whatever its format).
    if !field_found && free_text_field {
        if let Some(f) =
            requested_in_message(c, &message_hits, &folded_message, message, message_ptr)
                .filter(|_| !surveyed() && !survey::given_elsewhere(c, message))
        {
            findings.push(f);
        } else if command_message
            && (message_hits.iter().any(|h| h.kind == Kind::Request)
                || command::written_as_command(message))
        {
            // "Run `gh auth token`", "cat ~/.ssh/id_rsa を実行": a command whose only product is a secret,
            // an environment dump after a prompt, or one named with a request verb. A dump named in prose
            // alone ("we checked printenv on the host; any comments?") asks for nothing.
            findings.extend(command_finding(c, message_ptr(), "the elicitation message"));
        } else if file_message
            && any_open_field
            && message_hits
                .iter()
                .any(|h| matches!(h.kind, Kind::Request | Kind::Contents))
            && (!message_hits.iter().any(|h| h.kind == Kind::Metadata)
                || message_hits.iter().any(|h| h.kind == Kind::Contents))
        {
            // "Paste your .env", "copy everything that ~/.aws/credentials holds into the box", "den Inhalt
            // von ~/.ssh/id_ed25519": the file is named as written, with a request verb or a word for what
            // it holds, and no word for its path or name ("indique la ruta de su archivo .env" asks where
            // it is) unless a word for what it holds is there too ("celý obsah súboru .env z koreňa
            // projektu": the place only says which file); and a field that takes what is asked, not one
            // named for something else ("Port").
            let matched = if dotenv_message {
                "\".env\""
            } else {
                "a credential file's path"
            };
            findings.extend(dotenv_finding(
                c,
                message_ptr(),
                "the elicitation message asks for",
                matched,
            ));
        } else if let Some(info) = described
            .and_then(|d| c.category(d.category()).map(|k| (d, k)))
            .and_then(|(d, k)| c.categories.get(k).map(|i| (d, i)))
            .filter(|(_, i)| i.enabled)
        {
            // "The code you press at the ATM when withdrawing", "what you type every time you log in to
            // your bank": the secret named by the user's own act of authenticating ([`habit`]).
            let (d, info) = info;
            findings.push(Finding::block(
                format!("form.secret.{}", info.name),
                message_ptr(),
                format!(
                    "the elicitation message asks for {} {}; secrets must go through URL mode",
                    info.label,
                    d.why()
                ),
            ));
        } else if let Some(info) = written_name
            .and_then(|name| c.category(name))
            .and_then(|k| c.categories.get(k))
            .filter(|i| i.enabled)
            .filter(|_| !field_names_written(schema))
        {
            // "Paste the long string starting with ghp_", "copy the value named li_at": the credential
            // named as written ([`written`]), unless a field's own text names it ("Cookie name, e.g.
            // sessionid" asks for the name).
            findings.push(Finding::block(
                format!("form.secret.{}", info.name),
                message_ptr(),
                format!(
                    "the elicitation message asks for {} named as written; secrets must go through URL mode",
                    info.label
                ),
            ));
        }
    }
    // After the properties: a form in a language no pack reads is not remembered clean. Only a message long
    // enough to decide alone is read, here as on the remembered-schema path above, so that remembering a
    // schema never changes a verdict (the fuzz target schema_judge holds the two paths to that).
    if message_decides {
        unread_language(c, &form_text, languages, params_ptr, &mut findings);
    }
    // "Prenotazione CUP: inserisci il codice fiscale", "CPF na nota fiscal?": an identity or tax number taken
    // for a service ([`service`]) is no credential, when the message names no secret of another kind and no
    // reason to get into an account (ACCESS and SECQ are `credential`'s qualifiers): its findings are recorded
    // as `form.identity.for_service` (`monitor` by default). Its verdict reads the message, so such a schema is
    // not remembered clean.
    let national = c.category("national_id");
    let for_service = national.is_some()
        && findings.iter().any(|f| f.rule == "form.secret.national_id")
        && !message_hits.iter().any(|h| {
            h.cat.is_some()
                && h.cat != national
                // A generic word for a number or a code ("enter the number", "codice fiscale") names a
                // secret only with a qualifier, which is read.
                && (matches!(h.kind, Kind::Strong | Kind::Qualifier)
                    || (h.kind == Kind::Weak && h.reach.is_none() && !h.bare))
        })
        && {
            let mut texts = vec![message];
            if let Some(props) = schema.get("properties").and_then(Node::as_object) {
                for (name, value) in props.iter().take(MAX_JUDGED_PROPERTIES) {
                    texts.push(name);
                    texts.push(Prop::of(value).title);
                }
            }
            service::for_a_service(&texts)
        };
    if for_service {
        service::record_as_service(&mut findings);
    }
    // A code field's verdict reads the message's digits, which the term-free proof does not cover: such a
    // schema is judged afresh every time.
    let properties_clean = message_neutral
        && findings.len() == before_properties
        && !structure.reads_message()
        && !read_ordinary
        // The remembered path reads no purpose: a schema whose reading redefined a term is judged afresh,
        // so that the model's silence is the same on both paths.
        && !term_redefined
        // Nor one the model is silent on for its card's identification, for the same reason.
        && !card_identified
        && !for_service;
    FormJudgement {
        findings,
        properties_clean,
        message: message_known,
        term_redefined,
        card_identified,
    }
}

/// Whether a field's own title or description names a credential as written ([`written::names_written`]),
/// among other words: the field is then about the name. One titled by the name alone takes its value.
fn field_names_written(schema: &Node<'_>) -> bool {
    schema
        .get("properties")
        .and_then(Node::as_object)
        .is_some_and(|props| {
            props.iter().take(MAX_JUDGED_PROPERTIES).any(|(_, value)| {
                // A field titled by the name alone ("SESSDATA") takes the value under that name.
                let prop = Prop::of(value);
                let names =
                    |t: &str| written::names_written(t).is_some() && !written::is_bare_name(t);
                names(prop.title) || names(prop.description)
            })
        })
}

/// The longest prefix of `text` not over `max` bytes, cut at a character boundary.
fn head(text: &str, max: usize) -> &str {
    let mut end = max.min(text.len());
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    text.get(..end).unwrap_or("")
}

/// The form's texts a word's other sense is read against ([`sense`], [`door`]): the message and every
/// field's name, title and description.
fn form_texts<'v>(message: &'v str, props: &[(&'v str, &'v Node<'_>)]) -> Vec<&'v str> {
    let mut texts = vec![message];
    for &(name, value) in props {
        let prop = Prop::of(value);
        texts.extend([name, prop.title, prop.description]);
    }
    texts
}
