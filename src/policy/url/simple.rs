//! The common link read without the `url` crate: `https://` or `http://`, a lowercase host of letters,
//! digits, hyphens and dots, a path, then a query and a fragment of printable ASCII that the WHATWG parser
//! keeps byte for byte. For such a link the parse is the string itself, cut at its `/`, `?` and `#`, and
//! the raw checks find nothing; the `url` crate's parse (two of them for a sign-in link and its
//! `redirect_uri`) was a third of a judgement. Anything else (another scheme or case, a port, user info, an
//! IP address or anything the parser could rewrite) is not simple and takes the exact path.
//!
//! Why a simple link parses to itself (the steps of `url` 2.5's parser, WHATWG "basic URL parser"):
//! - no leading or trailing C0 control or space to trim, no tab or newline to drop: every byte is
//!   printable ASCII (`!`..`~`);
//! - the scheme is written in lowercase, so it is serialised as written, and it is special, so `//` then
//!   the authority follow;
//! - the authority is the host alone (no `@`, no `:`) and ends at the path's `/`; the host has no `%` to
//!   decode and is lowercase LDH labels with no `xn--` label, which UTS 46 (as the `url` crate calls it:
//!   hyphens allowed, DNS length ignored) maps to themselves; its last label starts with a letter, so it
//!   does not "end in a number" and is not read as an IPv4 address; no label is empty;
//! - the path starts with `/` (a special URL with no path gets one added), has no byte of the path
//!   percent-encode set (`"`, `#`, `<`, `>`, `?`, `` ` ``, `{`, `}`; `#` and `?` end it), no `\` (a
//!   separator for special schemes) and no dot segment (`.`, `..`, `%2e` and their mixtures, which the
//!   parser removes);
//! - the query has no byte of the special-query percent-encode set (`"`, `#`, `<`, `>`, `'`) and the
//!   fragment none of the fragment set (`"`, `<`, `>`, `` ` ``): `%` stays as written in all three.
//!
//! And why [`super::raw::check`] finds nothing and reads this host: no backslash, whitespace, control, bidi
//! or invisible character (printable ASCII without `\`), the scheme is `http(s)` with exactly two slashes
//! before a host that starts with no slash, there is no `@` before the path, no `%` in the host, no port,
//! and the host is already lowercase without a trailing dot.
//!
//! Proptests (`tests.rs`) check each claim against the `url` crate and [`super::raw::check`] on adversarial
//! strings, and that every judgement is the same with and without this shortcut.

/// The parts of a simple link, slices of the string (see the module doc).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Simple<'a> {
    /// `https` or `http`.
    pub scheme: &'a str,
    /// The host, as written and as parsed (they are the same).
    pub host: &'a str,
    /// The path, from its leading `/`.
    pub path: &'a str,
    /// After the first `?` up to the first `#`, when there is a `?` before any `#`.
    pub query: Option<&'a str>,
    /// After the first `#`.
    pub fragment: Option<&'a str>,
}

/// Byte classes, one bit each, for [`CLASS`].
const HOST: u8 = 1;
const PATH: u8 = 2;
const QUERY: u8 = 4;
const FRAGMENT: u8 = 8;

/// What each byte may be part of in a simple link.
static CLASS: [u8; 256] = classes();

const fn classes() -> [u8; 256] {
    let mut t = [0u8; 256];
    let mut b = 0x21; // `!`: below it spaces and controls, never simple.
    while b < 0x7F {
        // `~` is the last printable byte; 0x7F (DEL) is a control.
        let c = b as u8;
        let mut bits = 0;
        if c.is_ascii_lowercase() || c.is_ascii_digit() || c == b'-' || c == b'.' {
            bits |= HOST;
        }
        if !matches!(
            c,
            b'"' | b'#' | b'<' | b'>' | b'?' | b'`' | b'{' | b'}' | b'\\'
        ) {
            bits |= PATH;
        }
        if !matches!(c, b'"' | b'#' | b'<' | b'>' | b'\'' | b'\\') {
            bits |= QUERY;
        }
        if !matches!(c, b'"' | b'<' | b'>' | b'`' | b'\\') {
            bits |= FRAGMENT;
        }
        t[b] = bits;
        b += 1;
    }
    t
}

/// Whether a path segment is one the parser removes (`.`) or pops with its parent (`..`), written with
/// dots or `%2e` in either case.
fn is_dot_segment(seg: &[u8]) -> bool {
    let Some(rest) = strip_dot(seg) else {
        return false;
    };
    rest.is_empty() || strip_dot(rest) == Some(&[][..])
}

/// `s` without a leading `.`, `%2e` or `%2E`.
fn strip_dot(s: &[u8]) -> Option<&[u8]> {
    match s {
        [b'.', rest @ ..] => Some(rest),
        [b'%', b'2', b'e' | b'E', rest @ ..] => Some(rest),
        _ => None,
    }
}

/// The host rules of the module doc for a string of [`HOST`] bytes.
fn host_ok(host: &[u8]) -> bool {
    let mut last: &[u8] = &[];
    for label in host.split(|&b| b == b'.') {
        if label.is_empty() || label.starts_with(b"xn--") {
            return false;
        }
        last = label;
    }
    last.first().is_some_and(u8::is_ascii_lowercase)
}

/// `raw` cut into its parts when it is a simple link (module doc), else `None`. One pass over the bytes,
/// each looked up in [`CLASS`] for the part it is in: this runs on every link judged.
pub(super) fn parse(raw: &str) -> Option<Simple<'_>> {
    let (scheme, rest) = match raw.strip_prefix("https://") {
        Some(rest) => ("https", rest),
        None => ("http", raw.strip_prefix("http://")?),
    };
    let bytes = rest.as_bytes();
    let host_end = bytes
        .iter()
        .position(|&b| CLASS[usize::from(b)] & HOST == 0)?;
    if bytes.get(host_end) != Some(&b'/') || !host_ok(bytes.get(..host_end)?) {
        return None;
    }
    // The path: from the `/` after the host to the first `?` or `#`, its segments checked as they end.
    let mut i = host_end + 1;
    let mut segment = i;
    let path_end = loop {
        let b = bytes.get(i).copied();
        if matches!(b, None | Some(b'/' | b'?' | b'#')) {
            if is_dot_segment(bytes.get(segment..i)?) {
                return None;
            }
            match b {
                Some(b'/') => segment = i + 1,
                _ => break i,
            }
        } else if CLASS[usize::from(b?)] & PATH == 0 {
            return None;
        }
        i += 1;
    };
    let mut query = None;
    let mut fragment = None;
    if bytes.get(path_end) == Some(&b'?') {
        let start = path_end + 1;
        let len = bytes
            .get(start..)?
            .iter()
            .position(|&b| CLASS[usize::from(b)] & QUERY == 0)
            .unwrap_or(bytes.len() - start);
        // The query ends at a `#` (not of its class) or the end; any other byte not of its class is not simple.
        let end = start + len;
        if !matches!(bytes.get(end), None | Some(b'#')) {
            return None;
        }
        query = Some(rest.get(start..end)?);
        i = end;
    } else {
        i = path_end;
    }
    if bytes.get(i) == Some(&b'#') {
        let f = rest.get(i + 1..)?;
        if !f.bytes().all(|b| CLASS[usize::from(b)] & FRAGMENT != 0) {
            return None;
        }
        fragment = Some(f);
    }
    Some(Simple {
        scheme,
        host: rest.get(..host_end)?,
        path: rest.get(host_end..path_end)?,
        query,
        fragment,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_common_links() {
        let s =
            parse("https://github.com/login/oauth/authorize?client_id=Iv1&state=x#frag").unwrap();
        assert_eq!(s.scheme, "https");
        assert_eq!(s.host, "github.com");
        assert_eq!(s.path, "/login/oauth/authorize");
        assert_eq!(s.query, Some("client_id=Iv1&state=x"));
        assert_eq!(s.fragment, Some("frag"));
        let s = parse("http://a.example/#x?y").unwrap();
        assert_eq!((s.path, s.query, s.fragment), ("/", None, Some("x?y")));
    }

    #[test]
    fn leaves_the_rest_to_the_exact_parse() {
        for u in [
            "https://github.com",
            "https://github.com?x",
            "HTTPS://github.com/",
            "https://GitHub.com/",
            "https://github.com:443/",
            "https://user@github.com/",
            "https://127.0.0.1/",
            "https://1.2.3.0x10/",
            "https://github.com./",
            "https://github..com/",
            "https://xn--pypal-4ve.com/",
            "https://a.xn--p1ai/",
            "https://%67ithub.com/",
            "https://github.com/a/../b",
            "https://github.com/a/%2E%2e/b",
            "https://github.com/./b",
            "https://github.com/a\\b",
            "https://github.com/a b",
            "https://github.com/a\tb",
            "https://github.com/?q='x'",
            "https://github.com/{x}",
            "https://github.com/#`x`",
            "https://github.com/é",
            "https:github.com/",
            "https:///github.com/",
            "ftp://github.com/",
            "javascript:alert(1)",
        ] {
            assert_eq!(parse(u), None, "{u}");
        }
        for seg in [".", "..", "%2e", "%2E", ".%2e", "%2e.", "%2E%2e"] {
            assert!(is_dot_segment(seg.as_bytes()), "{seg}");
        }
        for seg in [
            "",
            "...",
            "a.",
            ".a",
            "%2e%2e%2e",
            "%2f",
            "v2.0",
            "%2",
            "%2ee",
        ] {
            assert!(!is_dot_segment(seg.as_bytes()), "{seg}");
        }
    }
}
