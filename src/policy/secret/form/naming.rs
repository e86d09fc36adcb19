//! Whether a field's own words name anything, and what they say of its name.
//!
//! A field that says nothing of its own (generic words, words of one or two letters, words with digits:
//! [`says_nothing`]) takes what the message asks for. A title that uses every word of the name explains it
//! ([`title_explains_name`]: "Maximum number of tokens" over `tokens` counts tokens), an abbreviated name
//! (`sid`, `pk`) is read by its title ([`is_abbreviation`]), and a title that says no more than the term it
//! names ([`names_barely`]: "Hasło") takes the message's reading of it. Words for a link ([`LINK_WORDS`]): a
//! link field titled "URL" says no more than its format, and a secret whose name ends in one is a link
//! itself ([`names_link`]).

use super::hit::{Hit, Source};
use super::scan::Texts;
use crate::policy::secret::pack::{Compiled, Kind};

/// Whether the field's title or description uses every word of its name and neither names a secret (a benign
/// phrase took the name's words; a weak word alone, "number", names none): the text says what the name means.
/// Whether a folded property name is an abbreviation: one word of at most [`MAX_ABBREVIATION`] letters
/// (`sid`, `pk`, `pwd`), which several terms may stand for.
pub(super) fn is_abbreviation(name: &str) -> bool {
    let mut words = name.split_whitespace();
    matches!((words.next(), words.next()), (Some(w), None) if w.chars().count() <= MAX_ABBREVIATION)
}

/// Most letters of an abbreviated property name ([`is_abbreviation`]).
const MAX_ABBREVIATION: usize = 4;

pub(super) fn title_explains_name(texts: &Texts<'_>, hits: &[Hit]) -> bool {
    let asks = hits
        .iter()
        .any(|h| matches!(h.source, Source::Title | Source::Description) && h.kind == Kind::Strong);
    if asks {
        return false;
    }
    let name = texts.of(Source::Name);
    let mut words = name.split_whitespace().peekable();
    if words.peek().is_none() {
        return false;
    }
    [Source::Title, Source::Description].into_iter().any(|s| {
        let text = texts.of(s);
        // A text that only repeats the name ("pass" titled "pass", `kod` titled "kod") is the identifier
        // echoed, not what it means: it explains nothing, and the name is read as if untitled.
        !text.is_empty()
            && text.trim() != name.trim()
            && name
                .split_whitespace()
                .all(|w| text.split_whitespace().any(|t| t == w))
    })
}

/// Whether every word of the folded texts says nothing: generic words, one- or two-letter words, or words with
/// digits (`field1`, `f_8x2`); with `link`, words for a link too (the field's format says as much). Two
/// characters of Han, kana or Hangul are a whole word ("号码", "番号", "번호": a number), not an abbreviation.
pub(super) fn says_nothing(c: &Compiled, texts: &[&str], link: bool) -> bool {
    texts.iter().flat_map(|t| t.split_whitespace()).all(|w| {
        c.generic.contains(w)
            || (w.chars().count() <= 2
                && !w
                    .chars()
                    .any(crate::policy::secret::normalize::is_unspaced_script))
            || w.chars().any(|ch| ch.is_ascii_digit())
            || (link && link_words().iter().any(|l| l == w))
    })
}

/// Words for a link, written naturally: a field of a link format titled with one says nothing more, and a
/// secret whose name ends with one is a link itself ("database URL", "connection URI").
const LINK_WORDS: &[&str] = &[
    "link",
    "links",
    "url",
    "urls",
    "uri",
    "uris",
    "dsn",
    "href",
    "enlace",
    "lien",
    "ссылка",
    "посилання",
    "リンク",
    "链接",
    "鏈接",
    "링크",
    "رابط",
    "لینک",
    "لنک",
    "קישור",
    "लिंक",
    "লিংক",
    "లింక్",
    "இணைப்பு",
    "tautan",
    "pautan",
    "kiungo",
    "bağlantı",
    "liên kết",
    "ลิงก์",
    "ลิงค์",
];

/// [`LINK_WORDS`] folded as texts are, once.
fn link_words() -> &'static [String] {
    static FOLDED: std::sync::OnceLock<Vec<String>> = std::sync::OnceLock::new();
    FOLDED.get_or_init(|| {
        LINK_WORDS
            .iter()
            .map(|w| {
                crate::policy::secret::normalize::fold_words(w)
                    .trim()
                    .to_owned()
            })
            .collect()
    })
}

/// Whether the strong term of `hit` names a link (its last word is one of [`LINK_WORDS`], as the pack
/// writes it).
pub(super) fn names_link(c: &Compiled, hit: &Hit) -> bool {
    let Some(term) = c.shown.get(hit.pattern) else {
        return false;
    };
    let term = term.to_lowercase();
    LINK_WORDS.iter().any(|l| {
        term.strip_suffix(l)
            .is_some_and(|rest| rest.is_empty() || rest.ends_with([' ', '-', '_']))
    })
}

/// Whether a field's title and description say no more than the term `h` found in its texts ("Hasło",
/// "Κωδικός"): every word of theirs is a word of the term (or its inflection: an inflected term's match
/// is its stem, `hasł` of `hasło`), a generic word or of at most two letters.
pub(super) fn names_barely(c: &Compiled, texts: &Texts<'_>, h: &Hit) -> bool {
    // The term as the pack wrote it, folded: the hit's span may lie in a buffer read since.
    let shown = c.shown.get(h.pattern).map_or("", String::as_str);
    let term = crate::policy::secret::normalize::fold(shown, &c.stopwords);
    let term: Vec<&str> = term.split_whitespace().collect();
    !term.is_empty()
        && [Source::Title, Source::Description].into_iter().all(|s| {
            texts.of(s).split_whitespace().all(|w| {
                term.iter().any(|t| w.starts_with(t))
                    || c.generic.contains(w)
                    || w.chars().count() <= 2
            })
        })
}
