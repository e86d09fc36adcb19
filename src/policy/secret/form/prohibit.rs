//! A clause that forbids giving a secret does not ask for it: "Bitte gib keine Kartennummer und keine PIN
//! ein", "Ne collez jamais la clé privée", "Non scrivere qui il numero della carta né il PIN", "Nunca informe
//! senha, token ou dados do cartão", "Súkromný kľúč nikdy neposielajte".
//!
//! Forms that report a lost card, a phishing message, or take a public key name the secret only to warn the
//! user off it. The message is cut into clauses (a sentence's end, `;`, `:`, a dash) and a clause is a
//! prohibition when a word of negation governs it: each request verb in it has a negation at most two words
//! before or after it (`ne collez`, `send os ikke`, `gib dafür keine`), or, with no request verb, a strong
//! negation stands in it ("never", "no", a negative determiner, a negated imperative written as one word,
//! Czech `neposílejte`). Its strong, weak, qualifier and request terms are then dropped from the message's
//! hits; the other clauses keep theirs ("Geben Sie Ihre PIN ein, nicht Ihr Passwort" still asks for the PIN).
//!
//! What keeps a request that only looks negated: a clause with a word of forgetting ("vergessen Sie nicht,
//! die PIN einzugeben"), of condition ("wenn Sie die PIN nicht eingeben"), of exception or restriction
//! ("niemandem außer uns", "only here") or of lack ("ohne PIN können wir nicht") is no prohibition; and no
//! clause is dropped when a later clause asks with an un-negated request verb but names nothing of its own
//! ("Never share your password. Type it below."): the pronoun there points back at the secret.
//!
//! The words are those of the European packs (de fr es it pt nl ro el da no sv fi pl cs sk uk bg hr sr lt
//! hu) and English, with the negations of Urdu, Hindi, Bengali, Marathi and Persian that stand as words of
//! their own (benign14: "never write the full card number or PIN" closes a form asking a card's last four
//! in those languages too); another language's words are added to the lists below.

use super::hit::Hit;
use crate::policy::secret::normalize::{fold_words, Folder};
use crate::policy::secret::pack::{Compiled, Kind};

/// Negations that say "not" and govern only the request verb beside them.
const PLAIN: &[&str] = &[
    "not",
    "nicht",
    "nie",
    "pas",
    "non",
    "no",
    "não",
    "niet",
    "nu",
    "δεν",
    "ikke",
    "inte",
    "ej",
    "не",
    "nem",
    // benign14: Urdu and Hindi put "not" right before the verb ("PIN نہ لکھیں", "PIN न लिखें", "मत
    // लिखें"); Bengali and Marathi right after it (below).
    "نہ",
    "न",
    "नहीं",
    "मत",
    "না",
    "नका",
];

/// Plain negations that may follow the verb they govern (verb-second languages: "geben Sie nicht", "send
/// os ikke").
const AFTER_VERB: &[&str] = &[
    "not",
    "nicht",
    "niet",
    "ikke",
    "inte",
    "ej", // benign14: Bengali "লিখবেন না", Marathi "लिहू नका"
    "না",
    "नका",
];

/// Negations that forbid on their own: "never", "no" as a determiner, the prohibitive particles and
/// imperatives (`μην`, `älä`, `nemojte`).
const STRONG: &[&str] = &[
    "never",
    // benign14: Urdu and Persian "never" ("مکمل کارڈ نمبر یا PIN ہرگز نہ لکھیں").
    "ہرگز",
    "هرگز",
    "niemals",
    "kein",
    "keine",
    "keinen",
    "keiner",
    "keinerlei",
    "jamais",
    "aucun",
    "aucune",
    "nunca",
    "jamás",
    "ningún",
    "ninguna",
    "ninguno",
    "nenhum",
    "nenhuma",
    "mai",
    "nessun",
    "nessuno",
    "nessuna",
    "nooit",
    "geen",
    "niciodată",
    "niciun",
    "nicio",
    "ποτέ",
    "κανένα",
    "κανέναν",
    "καμία",
    "μην",
    "μη",
    "aldrig",
    "aldri",
    "ingen",
    "inga",
    "inget",
    "koskaan",
    "älä",
    "älkää",
    "nigdy",
    "żadnych",
    "żadnego",
    "żadnym",
    "nikdy",
    "žádné",
    "žádný",
    "žádnou",
    "žádná",
    "žiadne",
    "žiadny",
    "žiadnu",
    "ніколи",
    "жодних",
    "жодного",
    "жодної",
    "никога",
    "никакви",
    "никакъв",
    "недейте",
    "nikad",
    "nikada",
    "nikakve",
    "nikakav",
    "nemojte",
    "nemoj",
    // cards18: the prohibitive particles of Indonesian and Malay ("JANGAN berikan nombor penuh atau PIN")
    // and Tagalog ("huwag ibigay ang PIN"), which only ever forbid.
    "jangan",
    "huwag",
    "никад",
    "никада",
    "немојте",
    "niekada",
    "jokių",
    "jokio",
    "jokios",
    "soha",
    "semmilyen",
    "semmit",
];

/// Words that turn a negation into something else: forgetting (stems, matched at a word's start),
/// conditions, exceptions and restrictions, lack, and "until".
const FORGET_STEMS: &[&str] = &[
    "forget",
    "vergess",
    "vergiss",
    "oubli",
    "olvid",
    "dimentic",
    "esquec",
    "vergeet",
    "uita",
    "ξεχα",
    "ξεχν",
    "glem",
    "glöm",
    "unoh",
    "zapom",
    "zabud",
    "забу",
    "забрав",
    "zaborav",
    "заборав",
    "pamir",
    "felejt",
];

const BREAKERS: &[&str] = &[
    // if, unless
    "if",
    "unless",
    "wenn",
    "falls",
    "sofern",
    "si",
    "se",
    "als",
    "indien",
    "dacă",
    "αν",
    "hvis",
    "om",
    "jos",
    "jeśli",
    "jeżeli",
    "pokud",
    "jestli",
    "ak",
    "ako",
    "якщо",
    "ако",
    "jei",
    "ha",
    "tenzij",
    "medmindre",
    "ellei",
    "chyba",
    // except, only ("No need for the card, just the OTP we sent": the secret after "just" is wanted)
    "except",
    "only",
    "just",
    "außer",
    "ausser",
    "nur",
    "sauf",
    "seulement",
    "uniquement",
    "excepto",
    "salvo",
    "solo",
    "sólo",
    "solamente",
    "tranne",
    "eccetto",
    "soltanto",
    "exceto",
    "apenas",
    "somente",
    "behalve",
    "alleen",
    "decât",
    "doar",
    "εκτός",
    "μόνο",
    "undtagen",
    "kun",
    "bortset",
    "bortsett",
    "utom",
    "bara",
    "endast",
    "paitsi",
    "vain",
    "oprócz",
    "tylko",
    "kromě",
    "jen",
    "pouze",
    "okrem",
    "iba",
    "len",
    "крім",
    "лише",
    "тільки",
    "освен",
    "само",
    "osim",
    "samo",
    "tik",
    "išskyrus",
    "csak",
    "kivéve",
    // without
    "without",
    "ohne",
    "sans",
    "sin",
    "senza",
    "sem",
    "zonder",
    "fără",
    "χωρίς",
    "uden",
    "uten",
    "utan",
    "ilman",
    "bez",
    "без",
    "nélkül",
    // until
    "until",
    "bis",
    "jusqu",
    "hasta",
    "finché",
    "até",
    "totdat",
    "până",
    "μέχρι",
    "indtil",
    "inntil",
    "tills",
    "kunnes",
    "dopóki",
    "dokud",
    "kým",
    "поки",
    "докато",
    "dok",
    "kol",
    "amíg",
];

/// Most words between a negation and the request verb it governs.
const GOVERNS: usize = 2;

/// Most clauses read; a longer message keeps the rest of its hits.
const MAX_CLAUSES: usize = 32;

struct Lists {
    /// Every negation, folded, sorted for a binary search (one lookup per word of a message that names a
    /// secret), with how it negates. A word in two lists keeps its strongest reading.
    negations: Vec<(String, Neg)>,
    stems: Vec<String>,
    breakers: Vec<String>,
}

fn fold_all(l: &[&str]) -> Vec<String> {
    l.iter()
        .map(|w| fold_words(w).trim().to_owned())
        .filter(|w| !w.is_empty())
        .collect()
}

fn lists() -> &'static Lists {
    static L: std::sync::OnceLock<Lists> = std::sync::OnceLock::new();
    L.get_or_init(|| {
        let mut negations: Vec<(String, Neg)> = Vec::new();
        for (list, neg) in [
            (PLAIN, Neg::Plain),
            (AFTER_VERB, Neg::PlainAfter),
            (STRONG, Neg::Strong),
        ] {
            negations.extend(fold_all(list).into_iter().map(|w| (w, neg)));
        }
        // Strongest first within a word, so that the dedup keeps it.
        negations.sort_by(|a, b| a.0.cmp(&b.0).then(b.1.cmp(&a.1)));
        negations.dedup_by(|a, b| a.0 == b.0);
        Lists {
            negations,
            stems: fold_all(FORGET_STEMS),
            breakers: fold_all(BREAKERS),
        }
    })
}

/// How a folded word negates: not at all, "not", or on its own.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Neg {
    None,
    /// "not" before its verb ("no introduzca", "nie podawaj").
    Plain,
    /// "not" before or after its verb ("geben Sie nicht", "send os ikke").
    PlainAfter,
    Strong,
}

fn negation(word: &str) -> Neg {
    // A one-word negated imperative (Czech, Slovak, Lithuanian): `neposílejte`, `nezadávajte`, `nesiųskite`.
    if word.len() >= 8 && word.starts_with("ne") && word.ends_with("te") {
        return Neg::Strong;
    }
    let l = lists();
    l.negations
        .binary_search_by(|(w, _)| w.as_str().cmp(word))
        .ok()
        .and_then(|i| l.negations.get(i))
        .map_or(Neg::None, |&(_, n)| n)
}

fn breaks(word: &str) -> bool {
    let l = lists();
    l.breakers.iter().any(|w| w == word) || l.stems.iter().any(|s| word.starts_with(s.as_str()))
}

/// Whether a folded clause speaks of forgetting ([`FORGET_STEMS`]): "vergessen Sie nicht die PIN" is a
/// negation that asks for the secret, read so by the gift-card reading too ([`super::giftcard`]).
pub(super) fn speaks_of_forgetting(folded: &str) -> bool {
    let l = lists();
    folded
        .split(' ')
        .any(|w| !w.is_empty() && l.stems.iter().any(|s| w.starts_with(s.as_str())))
}

/// Whether a clause (folded with its stopwords) holds a word that turns its negation into something else
/// ([`BREAKERS`], [`FORGET_STEMS`]). Scandinavian `om` is "if" only where it opens a clause: right after a
/// negation it is the preposition the verb governs ("Vi ber aldri om passord", "spør ikke om PIN-koden":
/// we never ask for), and the negation stays a prohibition.
fn breaks_clause(folded: &str) -> bool {
    let mut prev = "";
    folded.split(' ').filter(|w| !w.is_empty()).any(|w| {
        let after_negation = negation(prev) != Neg::None;
        prev = w;
        breaks(w) && !(w == "om" && after_negation)
    })
}

/// Whether the clause `piece` (as written) opens with a plain negation set off by a comma or an exclamation
/// mark, its first folded token (`tokens`): an interjection or an answer, not a negation of the verb after
/// it. "Ej, skicka mig lösenordet" (Croatian and Serbian "hey", which folds to Swedish `ej`, "not"), "No,
/// enter your PIN", "Nein, geben Sie die PIN ein" ask. A strong negation keeps its reading ("Never, ever
/// send your PIN"), and so does a plain one inside the clause, where it governs the verb beside it.
fn opens_with_interjection(piece: &str, tokens: &[&str]) -> bool {
    let piece = piece.trim_start();
    let word_end = piece
        .char_indices()
        .find(|&(_, ch)| !ch.is_alphabetic())
        .map_or(piece.len(), |(at, _)| at);
    let (word, rest) = piece.split_at(word_end);
    let set_off = rest
        .trim_start()
        .starts_with([',', '!', '¡', '،', '，', '！']);
    if word.is_empty() || !set_off {
        return false;
    }
    let folded = fold_words(word);
    let folded = folded.trim();
    tokens.first() == Some(&folded) && matches!(negation(folded), Neg::Plain | Neg::PlainAfter)
}

/// The tokens of `piece` (folded with `c`'s stopwords, `count` of them) at which a part after a comma starts,
/// counted from 0. None when the parts, folded one by one, do not add up to `count`: the clause is then read
/// without them.
fn comma_starts(c: &Compiled, folder: &mut Folder, piece: &str, count: usize) -> Vec<usize> {
    let is_comma = |ch: char| matches!(ch, ',' | '،' | '，' | '、');
    if !piece.contains(is_comma) {
        return Vec::new();
    }
    let mut buf = Vec::new();
    let mut out = Vec::new();
    let mut total = 0usize;
    for (i, part) in piece.split(is_comma).enumerate() {
        if i > 0 {
            out.push(total);
        }
        buf.clear();
        folder.fold_into(part, &c.stopwords, &mut buf);
        total += buf.split(|&b| b == b' ').filter(|w| !w.is_empty()).count();
    }
    if total == count {
        out
    } else {
        Vec::new()
    }
}

/// What one clause holds, read on its words folded as the message is (stopwords dropped).
#[derive(Default)]
struct Clause {
    /// The clause's words in the message's counting (first word 1), inclusive.
    first: usize,
    last: usize,
    /// A strong or weak term.
    names: bool,
    /// A request verb not governed by a negation.
    asks: bool,
    /// The clause forbids.
    forbids: bool,
}

/// Whether `ch` ends a clause for this reading: a sentence's end, a semicolon, a colon, a dash.
fn ends(ch: char) -> bool {
    matches!(
        ch,
        '.' | '!'
            | '?'
            | ';'
            | ':'
            | '\n'
            | '–'
            | '—'
            | '。'
            | '！'
            | '？'
            | '；'
            | '：'
            // cards18: the full stops of Urdu (`۔`) and of the Devanagari and Bengali scripts (`।`), and
            // the Arabic question mark: without them a whole Urdu message was one clause, and its last
            // sentence's prohibition ("مکمل کارڈ نمبر یا PIN ہرگز نہ لکھیں۔") was read with the request verbs
            // of the sentences before it.
            | '۔'
            | '।'
            | '؟'
    )
}

/// Drops from `hits` (the message's, with [`Hit::word`] counted on the message folded with `c`'s stopwords)
/// the terms of every clause that forbids giving them (module doc). `folded` is the message folded so,
/// read first: a message with no word of negation costs nothing more.
pub(super) fn drop_forbidden(c: &Compiled, message: &str, folded: &str, hits: &mut Vec<Hit>) {
    let dropped = forbidden_spans(c, message, folded);
    if dropped.is_empty() {
        return;
    }
    hits.retain(|h| {
        !(matches!(
            h.kind,
            Kind::Strong | Kind::Weak | Kind::Qualifier | Kind::Request | Kind::Concept
        ) && dropped
            .iter()
            .any(|&(first, last)| h.word >= first && h.word <= last))
    });
}

/// The clauses of `text` that forbid giving the secret they name (module doc), as ranges of words of `text`
/// folded with `c`'s stopwords (`folded`, counted from 1, inclusive). None when a later clause asks with
/// nothing named of its own ("Never share your password. Type it below."). Read on a message and, by
/// `form/property.rs`, on a field's description ("Tell us about your trip. Do not enter your card number").
pub(super) fn forbidden_spans(c: &Compiled, message: &str, folded: &str) -> Vec<(usize, usize)> {
    if !folded
        .split(' ')
        .any(|w| !w.is_empty() && negation(w) != Neg::None)
    {
        return Vec::new();
    }
    let message = crate::policy::secret::normalize::truncate(
        message,
        super::super::normalize::MAX_FOLD_BYTES,
    );
    let mut folder = Folder::default();
    let mut buf = Vec::new();
    let mut clauses: Vec<Clause> = Vec::new();
    let mut words = 0usize;
    let mut start = 0usize;
    let mut cuts = message
        .char_indices()
        .filter(|&(_, ch)| ends(ch))
        .map(|(at, ch)| at + ch.len_utf8())
        .chain(std::iter::once(message.len()));
    while clauses.len() < MAX_CLAUSES {
        let Some(end) = cuts.next() else { break };
        if end < start {
            continue;
        }
        let piece = message.get(start..end).unwrap_or("");
        buf.clear();
        folder.fold_into(piece, &c.stopwords, &mut buf);
        start = end;
        let text = std::str::from_utf8(&buf).unwrap_or("");
        let tokens: Vec<&str> = text.split(' ').filter(|w| !w.is_empty()).collect();
        let first = words + 1;
        words += tokens.len();
        if tokens.is_empty() {
            continue;
        }
        let interjection = opens_with_interjection(piece, &tokens);
        let negs: Vec<(usize, Neg)> = tokens
            .iter()
            .enumerate()
            .map(|(i, w)| (i, negation(w)))
            .filter(|&(i, n)| n != Neg::None && !(i == 0 && interjection))
            .collect();
        // Read with the stopwords kept: "se", "si", "if" are stopwords of some pack. Only a clause holding a
        // negation is folded again.
        let broken = !negs.is_empty() && breaks_clause(&fold_words(piece));
        let commas = if negs.is_empty() {
            Vec::new()
        } else {
            comma_starts(c, &mut folder, piece, tokens.len())
        };
        let mut names = false;
        let mut requests: Vec<usize> = Vec::new();
        c.find_terms(&buf, |pattern, at, _| {
            for info in c.infos.get(pattern).map_or(&[][..], Vec::as_slice) {
                match info.kind {
                    // A NUMBER word ("number", "nombor") names a secret only beside a KEYED word, which
                    // this reading does not look for: it names nothing here.
                    Kind::Weak if info.gate != crate::policy::secret::concept::Gate::None => {}
                    Kind::Strong | Kind::Weak => names = true,
                    Kind::Request => {
                        let word = buf.get(..at).map_or(0, |b| {
                            b.split(|&x| x == b' ').filter(|w| !w.is_empty()).count()
                        });
                        requests.push(word);
                    }
                    _ => {}
                }
            }
        });
        // A negation right before the verb (two words for a strong one: "never ever send"), or up to two
        // words after it where the language puts it there ("gib dafür keine", "Ne collez jamais").
        let governed = |r: usize| {
            negs.iter().any(|&(n, neg)| {
                if n < r {
                    r - n <= if neg == Neg::Strong { GOVERNS } else { 1 }
                } else {
                    // "Enter your PIN here, not in the app": a negation set off by a comma after the verb
                    // contrasts what follows it, and negates no verb before the comma.
                    n > r
                        && n - r <= GOVERNS
                        && neg != Neg::Plain
                        && !commas.iter().any(|&b| r < b && b <= n)
                }
            })
        };
        let asks = requests.iter().any(|&r| !governed(r));
        let forbids = !broken
            && names
            && !negs.is_empty()
            && if requests.is_empty() {
                negs.iter().any(|&(_, n)| n == Neg::Strong)
            } else {
                !asks
            };
        clauses.push(Clause {
            first,
            last: words,
            names,
            asks: asks && !broken,
            forbids,
        });
    }
    // "Never share your password. Type it below.": a later clause asking with nothing named of its own asks
    // for what the prohibition named; keep everything.
    clauses
        .iter()
        .enumerate()
        .filter(|(i, cl)| {
            cl.forbids
                && !clauses
                    .iter()
                    .skip(i + 1)
                    .any(|later| later.asks && !later.names)
        })
        .map(|(_, cl)| (cl.first, cl.last))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::policy::secret::pack::embedded_for_tests as compiled;

    /// The words of the clauses `message` forbids, as `drop_forbidden` reads them.
    fn forbidden(message: &str) -> bool {
        let c = compiled();
        let folded = crate::policy::secret::normalize::fold(message, &c.stopwords);
        let n = folded.split(' ').filter(|w| !w.is_empty()).count();
        // One strong hit on every word: the test asks whether any survives.
        let mut hits: Vec<Hit> = (1..=n)
            .map(|word| Hit {
                kind: Kind::Strong,
                cat: None,
                source: super::super::Source::Message,
                start: 0,
                end: 0,
                word,
                pattern: 0,
                plural: false,
                reach: None,
                clause: 0,
                concept: false,
                gate: Default::default(),
                bare: false,
            })
            .collect();
        drop_forbidden(c, message, &folded, &mut hits);
        hits.len() < n
    }

    #[test]
    fn a_negation_after_a_comma_contrasts_and_forbids_no_verb_before_it() {
        for m in [
            "Enter your PIN here, not in the app.",
            "Enter your PIN, not your password.",
            "Geben Sie Ihre PIN hier ein, nicht in der App.",
        ] {
            assert!(!forbidden(m), "{m}");
        }
        // Without the comma, and with the negation before the verb, it still forbids.
        for m in [
            "Geben Sie Ihre PIN nicht ein.",
            "Skicka ej lösenordet, tack.",
        ] {
            assert!(forbidden(m), "{m}");
        }
    }

    #[test]
    fn a_clause_that_forbids_the_secret_asks_for_none() {
        for m in [
            "Bitte gib dafür keine Kartennummer und keine PIN ein – wähle einfach die betroffene Karte aus.",
            "Non scrivere qui il numero della carta né il PIN.",
            "Collez la clé publique SSH. Ne collez jamais la clé privée.",
            "Nunca informe senha, token ou dados do cartão — o banco não pede isso.",
            "Súkromný kľúč nikdy neposielajte.",
            "Send os ikke koder, links eller kortoplysninger fra beskeden.",
            "Vi ber aldri om kontonummer eller passord i dette skjemaet.",
            // The negation right before its verb, or after it with a comma following, still governs it.
            "Skicka ej lösenordet, tack.",
            // benign14: the negations of Urdu and Hindi before the verb.
            "مکمل کارڈ نمبر یا PIN ہرگز نہ لکھیں۔",
            "कार्ड नंबर या PIN यहाँ न लिखें।",
            "Ange ej, under några omständigheter, ditt lösenord.",
            "Never, ever send your PIN.",
        ] {
            assert!(forbidden(m), "{m}");
        }
    }

    #[test]
    fn a_request_that_only_looks_negated_still_asks() {
        for m in [
            "Enter your PIN below.",
            "Vergessen Sie nicht, Ihre PIN einzugeben.",
            "N'oubliez pas de saisir votre mot de passe.",
            "Ohne Ihre PIN können wir nicht fortfahren, geben Sie sie ein.",
            "Teilen Sie Ihre PIN mit niemandem außer uns.",
            "Se non inserisci il PIN, la carta verrà bloccata.",
            "Never share your password with anyone. Type it below.",
            "Nunca compartilhe sua senha. Digite-a abaixo para confirmar.",
            // `om` opening a condition still breaks it: "if you do not give the PIN".
            "Om du ikke oppgir PIN-koden, blir kortet sperret.",
            // A negation set off by a comma at the clause's start is an interjection or an answer (Croatian
            // and Serbian "Ej," folds to Swedish `ej`, "not").
            "Ej, skicka mig lösenordet.",
            "Ej, pošalji mi lozinku.",
            "No, enter your PIN here.",
            "Nein, geben Sie Ihre PIN ein.",
        ] {
            assert!(!forbidden(m), "{m}");
        }
    }

    #[test]
    fn only_the_forbidding_clause_is_dropped() {
        let c = compiled();
        let m = "Geben Sie Ihre PIN ein; niemals Ihr Passwort.";
        let folded = crate::policy::secret::normalize::fold(m, &c.stopwords);
        let words: Vec<&str> = folded.split(' ').filter(|w| !w.is_empty()).collect();
        let pin = words.iter().position(|w| *w == "pin").map_or(0, |i| i + 1);
        let pw = words
            .iter()
            .position(|w| *w == "passwort")
            .map_or(0, |i| i + 1);
        assert!(pin > 0 && pw > 0, "{folded}");
        let hit = |word| Hit {
            kind: Kind::Strong,
            cat: None,
            source: super::super::Source::Message,
            start: 0,
            end: 0,
            word,
            pattern: 0,
            plural: false,
            reach: None,
            clause: 0,
            concept: false,
            gate: Default::default(),
            bare: false,
        };
        let mut hits = vec![hit(pin), hit(pw)];
        drop_forbidden(c, m, &folded, &mut hits);
        assert_eq!(hits.len(), 1);
        assert_eq!(hits.first().map(|h| h.word), Some(pin));
    }
}
