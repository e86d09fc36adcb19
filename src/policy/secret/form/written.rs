//! A credential named as written, not described: "paste the long string starting with ghp_ or
//! github_pat_", "copy the value named li_at from the Application tab", "the request header's long line,
//! with the part starting SESSDATA= too". The message names no secret in words; it names the token by the
//! prefix its issuer writes before every one ([`PREFIXES`]) or the session cookie by its name
//! ([`COOKIES`]), which read the same in every language.
//!
//! A name counts only as a token of its own ([`names_written`]): at a word's start, and ending the token
//! (a space, punctuation, `=`), so that a full credential in the text is the formats' finding, and a
//! longer word holding the letters (`sessionidle`, `hf_foo`) is no name. A negated sentence ("never paste
//! anything starting with ghp_") is not read, nor the name in a field's own title or description ("Name
//! of the session cookie, e.g. sessionid" asks for the name, not the value): the caller reads those.

use super::negation;
use super::survey::sentences;
use crate::policy::secret::normalize::fold_words;

/// Prefixes an issuer writes before every token or key, as written (case matters): the formats' literal
/// prefixes (policies/secrets/formats.yaml) that name their credential alone.
const PREFIXES: &[(&str, &str)] = &[
    ("ghp_", "token"),
    ("gho_", "token"),
    ("ghu_", "token"),
    ("ghs_", "token"),
    ("ghr_", "token"),
    ("github_pat_", "token"),
    ("glpat-", "token"),
    ("xoxb-", "token"),
    ("xoxp-", "token"),
    ("xoxa-", "token"),
    ("xoxs-", "token"),
    ("sk_live_", "api_key"),
    ("sk_test_", "api_key"),
    ("rk_live_", "api_key"),
    ("whsec_", "client_secret"),
    ("sk-proj-", "api_key"),
    ("sk-ant-", "api_key"),
    ("AIza", "api_key"),
    ("GOCSPX-", "client_secret"),
    ("ya29.", "token"),
    ("hf_", "token"),
    ("npm_", "token"),
    ("AKIA", "api_key"),
];

/// Session cookies by the names their sites give them, as written (case matters): a value under one of these
/// names is the signed-in session.
const COOKIES: &[&str] = &[
    "SESSDATA",
    "li_at",
    "sessionid",
    "PHPSESSID",
    "JSESSIONID",
    "ASP.NET_SessionId",
    "connect.sid",
    "c_user",
    "auth_token",
    "user_session",
    "_gh_sess",
    "sp_dc",
    "bili_jct",
    "next-auth.session-token",
    "__Secure-next-auth.session-token",
    "laravel_session",
    "ci_session",
];

/// Every prefix and cookie name, as written: the anchors of this reading ([`super::anchor`]).
pub(super) fn names() -> impl Iterator<Item = &'static str> {
    PREFIXES
        .iter()
        .map(|&(n, _)| n)
        .chain(COOKIES.iter().copied())
}

/// Whether `text` is one name and nothing else ("SESSDATA" as a field's title): such a field is named for the
/// credential it takes, not asking for a cookie's name.
pub(super) fn is_bare_name(text: &str) -> bool {
    let t = text.trim().trim_end_matches([':', '=']).trim();
    names().any(|n| n == t)
}

/// Longest message read, in bytes: a bound on the sentences folded.
const MAX_READ_BYTES: usize = 4096;

/// Whether `ch` continues a token: a name followed by one of these is part of a longer word.
fn continues(ch: char) -> bool {
    ch.is_ascii_alphanumeric() || ch == '_'
}

/// The category of the first credential `text` names as written (see the module doc): a prefix or a
/// cookie's name standing as a token of its own.
pub(super) fn names_written(text: &str) -> Option<&'static str> {
    let names = PREFIXES
        .iter()
        .copied()
        .chain(COOKIES.iter().map(|&n| (n, "session")));
    for (name, category) in names {
        let mut from = 0;
        while let Some(at) = text
            .get(from..)
            .and_then(|t| t.find(name))
            .map(|i| i + from)
        {
            let before = text.get(..at).and_then(|t| t.chars().next_back());
            let after = text.get(at + name.len()..).and_then(|t| t.chars().next());
            let starts = before.is_none_or(|c| !continues(c) && c != '-' && c != '.');
            if starts && after.is_none_or(|c| !continues(c) && c != '-') {
                return Some(category);
            }
            from = at + name.len();
        }
    }
    None
}

/// The category of the credential a sentence of `message` names as written, outside a negated sentence.
pub(super) fn written(message: &str) -> Option<&'static str> {
    let head = super::head(message, MAX_READ_BYTES);
    // The cheap test first: most messages hold no name at all.
    names_written(head)?;
    sentences(head).iter().find_map(|&(sentence, _)| {
        names_written(sentence).filter(|_| !negation::negated(&fold_words(sentence)))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_prefix_or_a_cookie_named_alone_is_read() {
        assert_eq!(
            written("Wklej tu ten długi ciąg zaczynający się od ghp_ albo github_pat_."),
            Some("token")
        );
        assert_eq!(
            written("kopioi tähän se pitkä merkkijono, jonka nimi on li_at."),
            Some("session")
        );
        assert_eq!(
            written("把请求头里那一长串内容（以 SESSDATA= 开头的那部分也要包括）完整复制到下面。"),
            Some("session")
        );
        assert_eq!(
            written("Paste the key (it starts with \"AKIA\")."),
            Some("api_key")
        );
    }

    #[test]
    fn a_bare_name_is_told_from_a_name_in_words() {
        assert!(is_bare_name("SESSDATA"));
        assert!(is_bare_name(" bili_jct: "));
        assert!(!is_bare_name("Name of the session cookie, e.g. sessionid"));
        assert!(!is_bare_name("Your name"));
    }

    #[test]
    fn a_longer_word_a_full_credential_and_a_denial_are_not() {
        assert_eq!(written("The sessionidle timeout is 5 minutes."), None);
        assert_eq!(written("Our hf_transfer flag speeds downloads."), None);
        assert_eq!(written("Tell us about your day."), None);
        assert_eq!(
            written("Never paste anything starting with ghp_ here."),
            None
        );
        // A hostile server can prepend a denial: the request after it is still read.
        assert_eq!(
            written("Never share your password. Paste the value of li_at here."),
            Some("session")
        );
    }
}
