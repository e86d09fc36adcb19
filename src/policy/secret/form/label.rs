//! The label rule: a field that asks about a secret (a name or label for it) rather than for it.
//!
//! It runs only for a field already found to ask for a secret, so benign forms never pay for it. Each of the
//! field's own texts (name, title, description) is split into clauses at punctuation and at conjunctions
//! ("and", "und", "или") and each clause is folded and scanned alone: a label names one thing, so in
//! "Name and API key" or "Your API key (name it below)" the key stays a request, while a benign phrase of
//! the packs ("api key name") cannot reach across a clause to excuse it. Within one clause a strong term is
//! about the secret when a `metadata` term comes before it with at most [`LABEL_GAP`] plain words between
//! ("Name for the new production API key") or right after it ("Token label"), and no request verb follows
//! it in the text ("Name for the token, then paste it"). Apart from clauses, a strong term followed directly
//! by a `redefine` phrase of its category says what the field is ("PIN code (India postal code)"): its
//! category is then ignored in the whole field, name included, unless the text lists several things. The
//! texts are read together too: one that redefines the term and names no other secret ("Your area's 6-digit
//! postal code") speaks for the others when they only name the term ("PIN code", `pincode`); and the
//! redefined phrase goes whole, so the `code` of "PIN code" is no one-time code either.

use super::hit::{Hit, Source};
use super::scan::{scan, Texts};
use crate::policy::secret::normalize::{fold_words, is_invisible, Folder};
use crate::policy::secret::pack::{CatId, Compiled, Kind};
use unicode_normalization::char::is_combining_mark;

/// Most plain words between a metadata term and the secret it names ("name for the new | production |
/// API key"). Words that are themselves secret terms or request verbs never count as plain.
const LABEL_GAP: usize = 2;

/// Conjunctions that join two things a field asks for, folded. Not `o` (Portuguese "the") and not `a`
/// (Russian "but", and the English article once folded): splitting a label's own words would only block it.
const CONJUNCTIONS: &[&str] = &[
    "and",
    "or",
    "then",
    "plus",
    "also",
    "und",
    "oder",
    "dann",
    "sowie",
    "et",
    "ou",
    "puis",
    "y",
    "e",
    "en",
    "oppure",
    "и",
    "или",
    "및",
    "그리고",
    "또는",
];

/// Verbs of giving, in the languages of the packs, written naturally: with a secret as object and a name
/// right after it ("Give your new API key a name", "Gi den nye API-nøkkelen et navn", "Geben Sie Ihrem
/// Schlüssel einen Namen"), they name the secret, not ask for it. A verb that takes content ("enter",
/// "paste") is not one: "Enter your API key in the name field" asks, the name being the field's.
const GIVING_VERBS: &[&str] = &[
    "give",
    "assign",
    "gib",
    "geben",
    "gebt",
    "vergib",
    "vergeben",
    "geef",
    "geven",
    "giv",
    "gi",
    "gje",
    "ge",
    "donnez",
    "donne",
    "donner",
    "attribuez",
    "attribue",
    "dale",
    "dé",
    "dele",
    "asigna",
    "asigne",
    "ponle",
    "póngale",
    "dai",
    "date",
    "dare",
    "assegna",
    "assegnate",
    "dê",
    "dá",
    "atribua",
    "ponha",
    "dă",
    "dați",
    "dati",
    "atribuie",
    "atribuiți",
    "nadaj",
    "nadajcie",
    "daj",
    "dajcie",
    "dejte",
    "dej",
    "přiřaďte",
    "dajte",
    "priraďte",
    "dodijelite",
    "dodelite",
    "дајте",
    "дај",
    "доделите",
    "дайте",
    "дай",
    "задайте",
    "присвойте",
    "suteikite",
    "duokite",
    "adj",
    "adjon",
    "anna",
    "antakaa",
    "δώστε",
    "δώσε",
    "ver",
    "verin",
    "أعط",
    "اعط",
    "امنح",
    "תן",
    "תני",
    "תנו",
    "بدهید",
    "بده",
    "دیں",
    "دیجیے",
    "दें",
    "दीजिए",
    "द्या",
    "দিন",
    "দাও",
    "கொடுங்கள்",
    "ఇవ్వండి",
    "đặt",
    "beri",
    "berikan",
    "berilah",
    "bigyan",
    "ipe",
    "mpe",
];

/// Whether `verb` (a request verb as folded in the message) is one of [`GIVING_VERBS`].
pub(super) fn gives(verb: &str) -> bool {
    static FOLDED: std::sync::OnceLock<Vec<String>> = std::sync::OnceLock::new();
    let verbs = FOLDED.get_or_init(|| {
        GIVING_VERBS
            .iter()
            .map(|w| fold_words(w).trim().to_owned())
            .filter(|w| !w.is_empty())
            .collect()
    });
    let verb = verb.trim();
    verbs.iter().any(|v| v == verb)
}

/// Re-judges the own texts of a field found to ask for a secret; returns whether `hits` changed.
/// `raw`: the field's own texts as written; `texts`: the same, folded, whose hits `hits` holds.
pub(super) fn review(
    c: &Compiled,
    raw: &[(Source, &str)],
    texts: &Texts<'_>,
    hits: &mut Vec<Hit>,
) -> bool {
    let redefined = redefined(c, raw, texts, hits);
    let of_redefined = |h: &Hit| {
        matches!(h.kind, Kind::Strong | Kind::Weak | Kind::Qualifier) && redefined.contains(&h.cat)
    };
    let before = hits.len();
    // The redefined phrase goes whole: in "PIN code" read as a postal code, `code` is no one-time code.
    let spans: Vec<(Source, usize, usize)> = hits
        .iter()
        .filter(|h| h.kind == Kind::Strong && redefined.contains(&h.cat))
        .map(|h| (h.source, h.start, h.end))
        .collect();
    let inside_redefined = |h: &Hit| {
        matches!(h.kind, Kind::Strong | Kind::Weak | Kind::Qualifier)
            && spans
                .iter()
                .any(|&(s, a, b)| s == h.source && a <= h.start && h.end <= b)
    };
    hits.retain(|h| !of_redefined(h) && !inside_redefined(h));
    let mut changed = hits.len() != before;
    let mut folder = Folder::default();
    let mut clauses = Texts::new(&mut folder);
    // Clause hits are shifted past the field's own buffer, so that no clause hit seems to overlap one
    // of the whole texts.
    let base = texts.buf.len() + 1;
    let mut rebuilt: Vec<Hit> = Vec::new();
    for (i, &(source, text)) in raw.iter().enumerate() {
        // "Name for the API key" over "Paste the key here": the later text asks for what the label names.
        let asked_later = raw.iter().skip(i + 1).any(|&(later, _)| {
            hits.iter()
                .any(|h| h.source == later && h.kind == Kind::Request)
        });
        let whole: Vec<Hit> = hits
            .iter()
            .filter(|h| h.source == source)
            .copied()
            .collect();
        if !whole
            .iter()
            .any(|h| matches!(h.kind, Kind::Strong | Kind::Weak))
        {
            rebuilt.extend(whole);
            continue;
        }
        clauses.clear();
        for clause in split_clauses(text) {
            clauses.add(c, source, clause);
        }
        let mut found = Vec::new();
        scan(c, &clauses, &mut found);
        found.retain(|h| !of_redefined(h));
        // A secret term the clauses lost (a word spelled out across commas) is kept from the whole text.
        let seen: Vec<_> = found
            .iter()
            .filter(|h| matches!(h.kind, Kind::Strong | Kind::Weak))
            .map(|h| h.cat)
            .collect();
        if !asked_later {
            excuse(clauses.folded(), &mut found);
        }
        rebuilt.extend(found.into_iter().map(|mut h| {
            h.start += base;
            h.end += base;
            h
        }));
        rebuilt.extend(
            whole
                .into_iter()
                .filter(|h| matches!(h.kind, Kind::Strong | Kind::Weak) && !seen.contains(&h.cat)),
        );
        changed = true;
    }
    if changed {
        hits.retain(|h| !raw.iter().any(|&(s, _)| s == h.source));
        hits.extend(rebuilt);
    }
    changed
}

/// Drops, in one folded text of clauses, the strong terms a label phrase is about, with the terms inside them.
fn excuse(buf: &str, hits: &mut Vec<Hit>) {
    let mut spans = Vec::new();
    for s in hits
        .iter()
        .filter(|h| matches!(h.kind, Kind::Strong | Kind::Weak))
    {
        let labelled = hits.iter().any(|m| {
            m.kind == Kind::Metadata
                && same_clause(buf, m.start.min(s.start), m.end.max(s.end))
                && (names_before(buf, hits, m, s) || names_after(buf, m, s))
        });
        let asked_after = hits
            .iter()
            .any(|r| r.kind == Kind::Request && r.start + 1 >= s.end);
        if labelled && !asked_after {
            spans.push((s.start, s.end));
        }
    }
    hits.retain(|h| {
        !(matches!(h.kind, Kind::Strong | Kind::Weak | Kind::Qualifier)
            && spans.iter().any(|&(a, b)| a <= h.start && h.end <= b))
    });
}

/// "Name for the new API key": the metadata term `m` ends before the strong term `s` starts, with at
/// most [`LABEL_GAP`] plain words between. Folded terms share the space between two words.
fn names_before(buf: &str, hits: &[Hit], m: &Hit, s: &Hit) -> bool {
    if m.end > s.start + 1 {
        return false;
    }
    let gap = buf.get(m.end.min(s.start)..s.start).unwrap_or("");
    let plain = !hits.iter().any(|h| {
        matches!(
            h.kind,
            Kind::Strong | Kind::Weak | Kind::Request | Kind::Fragment
        ) && h.start + 1 >= m.end
            && h.end <= s.start + 1
    });
    plain && gap.split_whitespace().count() <= LABEL_GAP
}

/// "API key name", "密钥名称", "토큰 이름": the metadata term `m` starts where the strong term `s` ends,
/// or after nothing but spaces (terms of unspaced scripts hold none of their own), or after the rest of the
/// secret's own last word: a case ending glued to it, where a term matches at the start of a word
/// ("இரகசிய விசையின் பெயர்", the secret key's name; "গোপন কী-এর নাম" splits its ending off at the hyphen,
/// which the packs name as a metadata phrase). A word apart is no ending: "token, then name" stays two things.
fn names_after(buf: &str, m: &Hit, s: &Hit) -> bool {
    // A whole-word match holds the space after its word; one that stops inside a word does not.
    let mid_word = buf
        .get(..s.end)
        .and_then(|b| b.chars().next_back())
        .is_some_and(|ch| !ch.is_whitespace());
    m.start + 1 >= s.end
        && buf.get(s.end.min(m.start)..m.start).is_some_and(|gap| {
            let ending = gap.trim_end();
            ending.is_empty()
                || (mid_word && !gap.starts_with(' ') && !ending.contains(char::is_whitespace))
        })
}

fn same_clause(buf: &str, from: usize, to: usize) -> bool {
    buf.get(from..to).is_some_and(|t| !t.contains('\n'))
}

/// "PIN code (India postal code)": a strong term followed directly by a `redefine` phrase of its category,
/// in a text that names one thing, is not that secret: the categories to drop from the whole field.
fn redefined(
    c: &Compiled,
    raw: &[(Source, &str)],
    texts: &Texts<'_>,
    hits: &[Hit],
) -> Vec<Option<CatId>> {
    let mut cats = Vec::new();
    for &(source, text) in raw {
        let Some((from, to)) = texts.span(source) else {
            continue;
        };
        let Some(folded) = texts.buf.get(from..to) else {
            continue;
        };
        let mut redefines = Vec::new();
        c.find_terms(folded, |pattern, start, _| {
            for info in c.infos.get(pattern).into_iter().flatten() {
                if info.kind == Kind::Redefine {
                    redefines.push((from + start, info.category));
                }
            }
        });
        if redefines.is_empty() {
            continue;
        }
        // Across the field's texts: a text that says what the field is ("6-digit postal code (India
        // Post)") speaks for the others when they only name the term ("PIN code", `pincode`).
        for &(_, cat) in &redefines {
            if defines(texts, hits, source, text, cat) && !cats.contains(&cat) {
                cats.push(cat);
            }
        }
        if lists_several(text) {
            continue;
        }
        for s in hits
            .iter()
            .filter(|h| h.kind == Kind::Strong && h.source == source)
        {
            if redefines
                .iter()
                .any(|&(at, cat)| cat == s.cat && at + 1 >= s.end && at <= s.end)
            {
                cats.push(s.cat);
            }
        }
    }
    cats
}

/// Whether the text of `source`, which holds a `redefine` phrase of `cat`, says what the whole field is: it
/// joins nothing with a conjunction and names no other secret (its own terms of `cat` are the phrase it
/// explains), and every other text of the field that names `cat` names only that ("PIN", "PIN code",
/// `pincode`: no word but terms of `cat` and words that say nothing). "Card PIN" over a description about
/// a postal code still asks for the card's PIN.
fn defines(
    texts: &Texts<'_>,
    hits: &[Hit],
    source: Source,
    text: &str,
    cat: Option<CatId>,
) -> bool {
    let secret = |h: &Hit| matches!(h.kind, Kind::Strong | Kind::Weak | Kind::Qualifier);
    // A qualifier of another kind ("6-digit") names no other secret, nor does a concept's word ("6-digit" is
    // DIGITS, weak for several categories: it names one only with another concept in its clause).
    if text.split_whitespace().any(is_conjunction)
        || hits.iter().any(|h| {
            h.source == source
                && matches!(h.kind, Kind::Strong | Kind::Weak)
                && h.cat != cat
                && !h.concept
        })
    {
        return false;
    }
    let others = hits
        .iter()
        .filter(|h| h.source != source && h.kind == Kind::Strong && h.cat == cat)
        .map(|h| h.source);
    let mut any = false;
    for other in others {
        any = true;
        let Some((from, to)) = texts.span(other) else {
            return false;
        };
        let folded = texts.buf.get(from..to).unwrap_or_default();
        // Every word of the other text lies inside a term of `cat`, or is short or holds a digit.
        let mut at = from;
        for word in folded.split(|&b| b == b' ') {
            let (start, end) = (at, at + word.len());
            at = end + 1;
            let plain = word.len() <= 2 || word.iter().any(u8::is_ascii_digit);
            let covered = hits.iter().any(|h| {
                h.source == other && secret(h) && h.cat == cat && h.start <= start && end <= h.end
            });
            if !word.is_empty() && !plain && !covered {
                return false;
            }
        }
    }
    any
}

/// Whether a text joins several things: a list separator or a conjunction.
pub(super) fn lists_several(text: &str) -> bool {
    text.contains([',', ';', '/', '&', '+', '|', '\n', '，', '、', '；'])
        || text.split_whitespace().any(is_conjunction)
}

fn is_conjunction(word: &str) -> bool {
    let folded = fold_words(word);
    CONJUNCTIONS.contains(&folded.trim())
}

/// Whether `c` ends a clause: punctuation and symbols, but not what folding keeps inside a word (letters,
/// digits, `@`, `$`, invisible characters, combining marks) nor the joiners of one word (`'`, `-`, `_`).
fn is_break(c: char) -> bool {
    if c == '\n' || c == '\r' {
        return true;
    }
    !(c.is_alphanumeric()
        || c.is_whitespace()
        || is_invisible(c)
        || is_combining_mark(c)
        || matches!(c, '\'' | '\u{2019}' | '-' | '_' | '@' | '$'))
}

/// The clauses of a text: split at breaks and at conjunction words, empty ones left out.
fn split_clauses(text: &str) -> Vec<&str> {
    let mut out = Vec::new();
    for part in text.split(is_break) {
        let mut start = 0;
        let mut at = 0;
        for word in part.split_inclusive(char::is_whitespace) {
            if is_conjunction(word.trim()) {
                out.push(part.get(start..at).unwrap_or(""));
                start = at + word.len();
            }
            at += word.len();
        }
        out.push(part.get(start..).unwrap_or(""));
    }
    out.retain(|p| !p.trim().is_empty());
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clauses_split_at_punctuation_and_conjunctions() {
        assert_eq!(
            split_clauses("Your API key (name it below)"),
            vec!["Your API key ", "name it below"]
        );
        assert_eq!(split_clauses("Name and API key"), vec!["Name ", "API key"]);
        assert_eq!(
            split_clauses("Name аnd API key").len(),
            2,
            "a confusable `and`"
        );
        assert_eq!(
            split_clauses("mother's maiden-name"),
            vec!["mother's maiden-name"]
        );
        assert_eq!(split_clauses("pass\u{200B}word"), vec!["pass\u{200B}word"]);
    }

    fn hit(kind: Kind, start: usize, end: usize) -> Hit {
        Hit {
            kind,
            cat: None,
            source: Source::Title,
            start,
            end,
            word: 0,
            pattern: 0,
            plural: false,
            reach: None,
            clause: 0,
            concept: false,
            gate: Default::default(),
            bare: false,
        }
    }

    #[test]
    fn a_name_after_a_glued_case_ending_labels_the_secret() {
        // "secretkey+GEN name": the secret's term stops inside its word (a prefix match), the ending runs on.
        let buf = " secretkeyin name ";
        let s = hit(Kind::Strong, 0, 10);
        let m = hit(Kind::Metadata, 12, 18);
        assert!(names_after(buf, &m, &s));
        // A whole-word match holds its space: a word apart is no ending ("token then name").
        let buf = " token then name ";
        let s = hit(Kind::Strong, 0, 7);
        let m = hit(Kind::Metadata, 11, 17);
        assert!(!names_after(buf, &m, &s));
        // Nor is a second word after a glued ending.
        let buf = " secretkeyin and name ";
        let s = hit(Kind::Strong, 0, 10);
        let m = hit(Kind::Metadata, 16, 22);
        assert!(!names_after(buf, &m, &s));
        // Right after, as before.
        let buf = " token name ";
        let s = hit(Kind::Strong, 0, 7);
        let m = hit(Kind::Metadata, 6, 12);
        assert!(names_after(buf, &m, &s));
    }

    #[test]
    fn conjunctions_are_written_folded() {
        for w in CONJUNCTIONS {
            assert_eq!(fold_words(w).trim(), *w);
        }
    }
}
