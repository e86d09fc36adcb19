//! A sign-in page's own flow token (`account.<brand>/sign-in?op_token=...`): a parameter named for a
//! token only by its ending, too short to be a bearer secret, in the link a person is sent to on a
//! well-known site's sign-in page. Not read as a credential (rule `url.query.credential`).
//!
//! Why: a credential in a link is dangerous because the link signs its opener in (a pre-authenticated
//! link, or a login-CSRF one). A link to the sign-in page itself signs nobody in: the page asks for the
//! password next, and the token names the step of the flow the site started (which form, which app
//! asked), as `state` does. A qualified name (`op_token`, `flow_token`) says no more than the generic
//! `token`, which counts only from `weak_credential_min_len` characters (about 128 bits of random text,
//! the size of a bearer secret); the same bound is applied here. Exactly listed credential names
//! (`access_token`, `id_token`, `auth`) still count at any length, and so does any token on a page that
//! is not a sign-in page, on a site nobody vouches for, or in a link inside another.

/// Words of a sign-in page's path, hyphens and underscores removed (`sign-in`, `log_in`).
const SIGN_IN_PAGES: &[&str] = &["signin", "login", "logon", "signon"];

/// Most path bytes read for the sign-in word.
const MAX_PATH: usize = 256;

/// Whether `path` (a URL's path) is a sign-in page's: a segment is a sign-in word once hyphens and
/// underscores are removed (`/sign-in`, `/u/login/identifier`).
pub(super) fn sign_in_page(path: &str) -> bool {
    let path = path.get(..MAX_PATH.min(path.len())).unwrap_or("");
    path.split('/').any(|seg| {
        let mut buf = [0u8; 16];
        let mut n = 0;
        for b in seg.bytes().filter(|b| *b != b'-' && *b != b'_') {
            let Some(slot) = buf.get_mut(n) else {
                return false;
            };
            *slot = b.to_ascii_lowercase();
            n += 1;
        }
        let word = buf.get(..n).unwrap_or(&[]);
        SIGN_IN_PAGES.iter().any(|w| w.as_bytes() == word)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sign_in_pages_by_their_segment() {
        for p in ["/sign-in", "/u/login/identifier", "/Log_In", "/signin/v2"] {
            assert!(sign_in_page(p), "{p}");
        }
        for p in [
            "/",
            "/account/settings",
            "/blogin",
            "/login-history-report-page",
        ] {
            assert!(!sign_in_page(p), "{p}");
        }
    }
}
