//! (urls21) A meeting's passcode in the provider's own join link (`zoom.us/j/<id>?pwd=...`): not read
//! as a credential (rule `url.query.credential`).
//!
//! Why: a credential in a link is stopped because the link signs its opener in (a pre-authenticated
//! link, a login-CSRF one) or carries the user's own secret to a stranger. A meeting passcode does
//! neither: the host's client writes it into every invitation it sends (Zoom's "embed passcode in
//! invite link"), it admits whoever holds the invitation to that one meeting, and the person joins as
//! themselves in their own client. A server that links to a meeting could send the bare link with the
//! passcode read out beside it; stopping the link protects nothing.
//!
//! Narrow on purpose: only the passcode parameter the provider itself writes, only on a join path of
//! the provider's own registrable domain, only in the link a person is sent to (not one inside
//! another). The same parameter on any other host (a look-alike `zoom-us.meeting-join.com/j/1?pwd=`),
//! on another path of the provider's site (`zoom.us/signin?pwd=`), or any other credential name
//! beside it, is still a credential.

/// Meeting providers' join links: registrable domains, the path prefixes of a join link (the meeting's
/// number follows), and the passcode parameter the provider writes into its invitations (normalised as
/// [`super::NormParam`] does: lowercase, `_`, `-`, `.` removed).
const JOIN_LINKS: &[(&[&str], &[&str], &str)] = &[
    // Zoom: `https://<region>web.zoom.us/j/<number>?pwd=<passcode>`, the web client's `/wc/join/`, and
    // the webinar link `/w/`; zoomgov.com is Zoom for Government.
    (
        &["zoom.us", "zoom.com", "zoomgov.com"],
        &["/j/", "/w/", "/wc/join/"],
        "pwd",
    ),
    // Microsoft Teams' meeting link by number: `https://teams.microsoft.com/meet/<number>?p=<passcode>`.
    (&["teams.microsoft.com", "teams.live.com"], &["/meet/"], "p"),
];

/// Longest passcode read as one (Zoom's encoded passcodes are 32 characters; Teams' are short).
const MAX_PASSCODE: usize = 64;

/// Whether the query parameter `name` (normalised) with `value` is the meeting passcode of a join link
/// on the provider's own site: `host` (as parsed) is one of the provider's domains or under one, and
/// `path` starts with one of its join prefixes followed by the meeting's number.
pub(super) fn own_passcode(host: &str, path: &str, name: &str, value: &str) -> bool {
    if value.len() > MAX_PASSCODE
        || !value
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'.')
    {
        return false;
    }
    let host = host.trim_end_matches('.');
    JOIN_LINKS.iter().any(|(domains, prefixes, param)| {
        *param == name
            && domains.iter().any(|d| {
                host.eq_ignore_ascii_case(d)
                    || host
                        .len()
                        .checked_sub(d.len() + 1)
                        .and_then(|at| host.get(at..))
                        .is_some_and(|tail| {
                            tail.starts_with('.')
                                && tail.get(1..).is_some_and(|t| t.eq_ignore_ascii_case(d))
                        })
            })
            && prefixes.iter().any(|p| {
                path.strip_prefix(p).is_some_and(|rest| {
                    let number = rest.split('/').next().unwrap_or("");
                    !number.is_empty() && number.bytes().all(|b| b.is_ascii_digit())
                })
            })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn passcodes_of_the_providers_own_join_links() {
        for (h, p, n) in [
            ("us05web.zoom.us", "/j/81234567890", "pwd"),
            ("zoom.us", "/j/81234567890", "pwd"),
            ("acme.zoom.us", "/w/81234567890", "pwd"),
            ("app.zoom.us", "/wc/join/81234567890", "pwd"),
            ("teams.microsoft.com", "/meet/2541234567", "p"),
        ] {
            assert!(own_passcode(h, p, n, "Yk1hZ2ZqUzZ2WjN4"), "{h}{p}");
        }
    }

    #[test]
    fn not_elsewhere() {
        for (h, p, n) in [
            // Look-alikes and the name inside another domain.
            ("zoom.us.meeting-join.com", "/j/81234567890", "pwd"),
            ("zoom-us.com", "/j/81234567890", "pwd"),
            ("evilzoom.us.com", "/j/81234567890", "pwd"),
            ("notzoom.us", "/j/81234567890", "pwd"),
            // Not a join link, or not its passcode parameter.
            ("zoom.us", "/signin", "pwd"),
            ("zoom.us", "/j/", "pwd"),
            ("zoom.us", "/j/abc", "pwd"),
            ("zoom.us", "/j/81234567890", "password"),
            ("zoom.us", "/j/81234567890", "token"),
            ("teams.microsoft.com", "/meet/2541234567", "pwd"),
        ] {
            assert!(!own_passcode(h, p, n, "Yk1hZ2ZqUzZ2WjN4"), "{h}{p} {n}");
        }
        // A value that is no passcode (a link, a long token) is judged as usual.
        assert!(!own_passcode(
            "zoom.us",
            "/j/1",
            "pwd",
            "https://evil.example/"
        ));
        assert!(!own_passcode("zoom.us", "/j/1", "pwd", &"a".repeat(65)));
    }
}
