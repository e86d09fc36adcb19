//! The request rule: the message asks for a secret after a request verb ([`requested_in_message`]).
//!
//! A strong term at most [`REQUEST_REACH`] words after a verb ("enter your password"), a weak one qualified
//! near it ("enter the code we just texted you"), a term before a verb that ends its clause (verb-final
//! languages, [`FINAL_REACH`]) or ends the message ("Your API token: paste it here"). Not across a sentence
//! ([`sentence_starts`]) or a benign phrase that is the verb's object ([`benign_spans`]), not past a label
//! word ("a name for your new API key", [`LABEL_AFTER`]), and not for a verb the speaker governs ("we'll send
//! you a code", [`super::speakers`]) unless it is a verb of wanting. Read only when no field was found and
//! the form has a free-text field.

use super::dotenv::DOTENV_MESSAGE_BYTES;
use super::head;
use super::hit::Hit;
use super::label;
use super::speakers::Speakers;
use crate::policy::secret::normalize::Folder;
use crate::policy::secret::pack::{CatId, Compiled, Kind};
use crate::policy::Finding;

/// Words a request verb may be ahead of the secret it asks for ("enter | your AWS secret key").
const REQUEST_REACH: usize = 3;

/// The message asks for a secret after a request verb: a strong term at most [`REQUEST_REACH`] words after
/// it ("enter your password"); a weak term there with a qualifier of its category near it, words between
/// them ("enter the code we just texted you": `code` + `texted`); or, when the verb ends the message with
/// nothing after it but words that say nothing, a strong term just before it ("Your API token: paste it
/// here", where the folding has dropped the pronoun). `folded` is the folded message the hits are in.
/// A verb whose subject is the speaker asks for nothing ("we'll send you a code", "wir senden Ihnen einen
/// Code", `message` read for it by [`Speakers`]) unless it is a verb of wanting (`asks: true`, "we need"),
/// and a verb before a speaker does not reach a term after it ("enter your number and we'll text you a
/// code"). Chosen over listing "we will send" as a benign phrase: the subject, its auxiliaries and the verb
/// combine freely, while the pronouns are few and the packs already list the verbs.
pub(super) fn requested_in_message(
    c: &Compiled,
    hits: &[Hit],
    folded: &str,
    message: &str,
    ptr: impl FnOnce() -> String,
) -> Option<Finding> {
    // A verb the speaker governs offers, it does not ask ("we'll send you a code"). Read only when the
    // message holds a request verb at all.
    let speakers = if hits.iter().any(|h| h.kind == Kind::Request) && !c.speakers.is_empty() {
        Speakers::read(c, message, |k| {
            hits.iter().any(|h| h.kind == Kind::Request && h.word == k)
        })
    } else {
        Speakers::default()
    };
    let asks = |r: &Hit| {
        !speakers.governs(r, folded)
            || folded
                .get(r.start..r.end)
                .is_some_and(|t| c.asking.contains(t.trim()))
    };
    // "Enter a name for your new API key" asks about the key, not for it: no metadata term between.
    let no_label_between = |a: &Hit, b: &Hit| {
        !hits
            .iter()
            .any(|m| m.kind == Kind::Metadata && m.start + 1 >= a.end && m.end <= b.start + 1)
    };
    let verb = |r: &Hit| folded.get(r.start..r.end).unwrap_or("").trim();
    // Where the verb's object is something harmless ("we need your phone number to send the code", "enter
    // your e-mail"), the term after it is not that object; and a verb asks for nothing in another sentence
    // ("Your password must be long. Enter your user name."). Both read only for a message that holds a
    // request verb and a term.
    let (benign, sentences) = if hits.iter().any(|h| h.kind == Kind::Request)
        && hits
            .iter()
            .any(|h| matches!(h.kind, Kind::Strong | Kind::Weak))
    {
        (benign_spans(c, folded), sentence_starts(c, message))
    } else {
        (Vec::new(), Vec::new())
    };
    let apart = |a: &Hit, b: &Hit| {
        benign
            .iter()
            .any(|&(s, e)| s + 1 >= a.end && e <= b.start + 1)
            || sentences.iter().any(|&w| a.word < w && w <= b.word)
    };
    let after = |r: &Hit, s: &Hit| {
        let reach = c.reaches.get(verb(r)).copied().unwrap_or(REQUEST_REACH);
        r.end <= s.start + 1
            && s.word >= r.word
            && s.word - r.word <= reach
            && !speakers.between(r, s, folded)
            && !apart(r, s)
    };
    // A label word between the term and a verb after it: "API キーの名前を入力" names the key, asks for no key.
    let no_label_before = |s: &Hit, r: &Hit| {
        !hits
            .iter()
            .any(|m| m.kind == Kind::Metadata && m.start + 1 >= s.end && m.end <= r.start + 1)
    };
    // The verb ends its clause, its object before it ("パスワードを教えてください", "kodunu girin"): a term a
    // few words ahead of it, with no other request verb between (that one would be the term's verb).
    let before_final = |r: &Hit, s: &Hit| {
        s.end <= r.start + 1
            && r.word >= s.word
            && r.word - s.word <= FINAL_REACH
            && c.verb_final.contains(verb(r))
            && no_label_before(s, r)
            && !apart(s, r)
            && !hits
                .iter()
                .any(|o| o.kind == Kind::Request && o.start >= s.end && o.end < r.start)
    };
    // The verb is the message's last word but for words that say nothing ("here", "below", "it" dropped).
    let ends_message = |r: &Hit| {
        folded
            .get(r.end.min(folded.len())..)
            .unwrap_or("")
            .split_whitespace()
            .all(|w| c.generic.contains(w))
    };
    // The label is no field's name: the word after it is none of the packs' generic words ("field",
    // "Feld", "campo", "項目"). "Enter your API key in the name field" names where the key goes (the stopwords
    // between are gone), so the key is still asked for; "the key file path on the runner" asks for a path.
    let label_names_no_field = |m: &Hit| {
        folded
            .get(m.end.min(folded.len())..)
            .unwrap_or("")
            .split_whitespace()
            .next()
            .is_none_or(|w| !c.generic.contains(w))
    };
    // A label word right after the term, before any other verb: "请输入 kubeconfig 文件的路径", "enter the API
    // key name" ask for its path or name.
    let labelled = |s: &Hit| {
        hits.iter().any(|m| {
            // The term's last word: a phrase ("service account key file") counts from its end.
            let last = s.word
                + folded
                    .get(s.start..s.end)
                    .map_or(0, |t| t.split_whitespace().count().saturating_sub(1));
            m.kind == Kind::Metadata
                && m.start + 1 >= s.end
                && m.word >= last
                && m.word - last <= LABEL_AFTER
                // Inside one word of an unspaced script, only a label right after the term ("キーの名前"):
                // a folded Thai word loses its vowel marks, and a label's letters turn up inside others.
                && (m.word > s.word || m.start <= s.end + UNSPACED_LABEL_BYTES)
                && !hits.iter().any(|o| {
                    o.kind == Kind::Request && o.start + 1 >= s.end && o.end <= m.start + 1
                })
                && label_names_no_field(m)
        })
    };
    // The verb ends the message, the term a few words before it ("Your code from the bank: enter it here").
    let before_end = |r: &Hit, s: &Hit| {
        s.end <= r.start + 1
            && r.word >= s.word
            && r.word - s.word <= REQUEST_REACH
            && ends_message(r)
            && no_label_before(s, r)
    };
    let requests = || {
        hits.iter()
            .filter(|h| h.kind == Kind::Request)
            .filter(|h| asks(h))
    };
    let enabled = |cat: Option<CatId>| {
        cat.and_then(|k| c.categories.get(k))
            .filter(|info| info.enabled)
    };
    // "Give your new API key a name": a verb of giving, the secret, then right after it a name for it.
    let names_it = |r: &Hit, s: &Hit| {
        label::gives(folded.get(r.start..r.end).unwrap_or(""))
            && hits.iter().any(|m| {
                m.kind == Kind::Metadata
                    && m.start + 1 >= s.end
                    // Only the end of the secret's word between ("API-nøkkel|en", a term of a glued
                    // compound matched inside its word).
                    && folded
                        .get(s.end.min(m.start)..m.start)
                        .is_some_and(|gap| gap.trim_start_matches(|c| c != ' ').trim().is_empty())
            })
    };
    for s in hits.iter().filter(|h| h.kind == Kind::Strong) {
        let Some(info) = enabled(s.cat) else {
            continue;
        };
        let asked = !labelled(s)
            && requests().any(|r| {
                (after(r, s) && no_label_between(r, s) && !names_it(r, s))
                    || before_end(r, s)
                    || before_final(r, s)
            });
        if asked {
            let term = c.shown.get(s.pattern).map(String::as_str).unwrap_or("");
            return Some(Finding::block(
                format!("form.secret.{}", info.name),
                ptr(),
                format!(
                    "the elicitation message asks for {} (\"{term}\") in a form; secrets must go through URL mode",
                    info.label
                ),
            ));
        }
    }
    // "The bank will send you a code. Enter it here.": a code the speaker sends is a one-time code, as
    // "the code we texted you" is; the verb that offered it qualifies it.
    let otp = c.category("otp");
    let pin = c.category("pin");
    let sent_by_speaker = |w: &Hit| {
        hits.iter().any(|r| {
            r.kind == Kind::Request
                && speakers.governs(r, folded)
                && r.end <= w.start + 1
                && w.word >= r.word
                && w.word - r.word <= REQUEST_REACH
        })
    };
    for w in hits.iter().filter(|h| h.kind == Kind::Weak) {
        let Some(info) = enabled(w.cat) else {
            continue;
        };
        // A word with a reach ("the digits", "the character string") is named with its use in one clause,
        // and a verb right after it asks for it as well as one before: the object comes first where the verb
        // ends the clause ("ఆరు అంకెలను టైప్ చేయండి", "rakamları yazın", "ciąg znaków wpisz").
        let before = |r: &Hit| {
            w.reach.is_some()
                && w.end <= r.start + 1
                && r.word >= w.word
                && r.word - w.word <= REQUEST_REACH
        };
        let asked = !labelled(w)
            && requests().any(|r| {
                ((after(r, w) || before(r)) && no_label_between(r, w) && !names_it(r, w))
                    || before_end(r, w)
                    || before_final(r, w)
            });
        let qualified = hits.iter().any(|q| {
            q.kind == Kind::Qualifier
                && q.cat == w.cat
                && q.pattern != w.pattern
                && (q.end <= w.start + 1 || w.end <= q.start + 1)
                && q.word.abs_diff(w.word) <= REQUEST_REACH
                && w.reaches(q, otp)
                && w.bare_takes(q, pin, false)
        }) || (w.cat.is_some() && w.cat == otp && sent_by_speaker(w));
        if asked && qualified {
            let term = c.shown.get(w.pattern).map(String::as_str).unwrap_or("");
            return Some(Finding::block(
                format!("form.secret.{}", info.name),
                ptr(),
                format!(
                    "the elicitation message asks for {} (\"{term}\", and what it says of it) in a form; secrets must go through URL mode",
                    info.label
                ),
            ));
        }
    }
    None
}

/// Most words from a term's last word to a label word that makes it the label's subject in the message
/// ("kubeconfig file path": a word or two of its own before the label).
const LABEL_AFTER: usize = 2;

/// Most bytes between a term and a label right after it in one word of an unspaced script: one character
/// (a particle, `の`, `的`).
const UNSPACED_LABEL_BYTES: usize = 3;

/// The spans of the benign phrases in a folded message ("phone number", "e-mail address"): a request verb
/// whose object is one asks for that, not for a term past it.
fn benign_spans(c: &Compiled, folded: &str) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    c.find_terms(folded.as_bytes(), |pattern, start, end| {
        let benign = c
            .infos
            .get(pattern)
            .is_some_and(|i| i.iter().any(|t| t.kind == Kind::Benign));
        if benign {
            out.push((start, end));
        }
    });
    out
}

/// Most sentences of a message read for their bounds.
const MAX_SENTENCES: usize = 32;

/// The word index ([`Hit::word`]) of the first word of every sentence of `message` after the first: the
/// message cut at sentence ends (`.`, `!`, `?`, a line break and their CJK, Devanagari, Arabic and Thai
/// forms) and each piece folded alone, its words counted. A stop followed by no space (`8.5`, `e.g.x`) is
/// no sentence end.
fn sentence_starts(c: &Compiled, message: &str) -> Vec<usize> {
    let message = head(
        crate::policy::secret::scan_limit(message),
        DOTENV_MESSAGE_BYTES,
    );
    let ends = |ch: char| {
        matches!(
            ch,
            '.' | '!' | '?' | '\n' | '。' | '！' | '？' | '।' | '؟' | '۔' | '॥'
        )
    };
    let mut out = Vec::new();
    let mut folder = Folder::default();
    let mut buf = Vec::new();
    let mut words = 0usize;
    let mut from = 0usize;
    let mut chars = message.char_indices().peekable();
    while let Some((i, ch)) = chars.next() {
        if !ends(ch) || out.len() >= MAX_SENTENCES {
            continue;
        }
        // An ASCII stop ends a sentence only before a space or the end (not in `8.5`, `config.json`).
        let next = chars.peek().map(|&(_, n)| n);
        if ch.is_ascii() && ch != '\n' && next.is_some_and(|n| !n.is_whitespace()) {
            continue;
        }
        let end = i + ch.len_utf8();
        buf.clear();
        folder.fold_into(message.get(from..end).unwrap_or(""), &c.stopwords, &mut buf);
        words += buf.split(|&b| b == b' ').filter(|w| !w.is_empty()).count();
        out.push(words + 1);
        from = end;
    }
    out
}

/// Most words a verb that ends its clause (`final: true`) may follow the term it asks for: the object, its
/// possessive and postposition, and an adverb or two ("۲۴ کلمه بازیابی خود را به ترتیب وارد کنید").
const FINAL_REACH: usize = 8;
