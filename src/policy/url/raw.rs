//! Checks on the URL string exactly as the server sent it, before the `url` crate normalises it.
//!
//! The parser is forgiving on purpose (WHATWG): it drops tabs and newlines, reads `\` as `/`, decodes
//! `%67` in hosts, maps full-width letters and `。` to ASCII. A person reading the raw string sees
//! something else than the browser visits, so every such form is a finding here.

use super::{rules, Findings};

/// The pieces of the raw string later checks compare with the parsed URL.
#[derive(Debug, Default)]
pub(super) struct RawParts {
    /// The host as written (between userinfo and port), lowercased, without a trailing dot.
    pub host: Option<String>,
    /// The host as written with each capital `I` read as `l`, lowercased, when it has a capital `I`
    /// (`dhI.com` as `dhl.com`): in most sans-serif fonts the two are one stroke, and lowercasing hides it.
    pub host_i_as_l: Option<String>,
}

/// Bidirectional-text controls: they reorder what a person reads (`\u{202E}moc.buhtig`).
fn is_bidi(c: char) -> bool {
    matches!(c, '\u{061C}' | '\u{200E}' | '\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
}

/// Invisible characters: zero-width, soft hyphen, fillers, tags. IDNA drops several of them silently.
fn is_invisible(c: char) -> bool {
    matches!(
        c,
        '\u{00AD}'
            | '\u{034F}'
            | '\u{115F}'
            | '\u{1160}'
            | '\u{180E}'
            | '\u{200B}'..='\u{200D}'
            | '\u{2060}'..='\u{2064}'
            | '\u{3164}'
            | '\u{FEFF}'
            | '\u{FFA0}'
            | '\u{E0000}'..='\u{E007F}'
    )
}

/// What [`check`] looks for in the string, one flag each: backslash, whitespace, control, bidi, invisible.
type Marks = (bool, bool, bool, bool, bool);

/// The general path, character by character. A character counts once, for the first test it meets.
fn char_marks(raw: &str) -> Marks {
    let (mut backslash, mut space, mut control, mut bidi, mut invisible) =
        (false, false, false, false, false);
    for c in raw.chars() {
        match c {
            '\\' => backslash = true,
            c if is_bidi(c) => bidi = true,
            c if is_invisible(c) => invisible = true,
            c if c.is_control() => control = true,
            c if c.is_whitespace() => space = true,
            _ => {}
        }
    }
    (backslash, space, control, bidi, invisible)
}

/// The same for ASCII (every URL but a handful): no ASCII byte is bidi or invisible, every ASCII
/// whitespace byte but the space is a control (and counts as one, being tested first), so three byte
/// tests without branches do it. A proptest compares it with [`char_marks`].
fn ascii_marks(raw: &[u8]) -> Marks {
    let (mut backslash, mut space, mut control) = (false, false, false);
    for &b in raw {
        backslash |= b == b'\\';
        space |= b == b' ';
        control |= b < 0x20 || b == 0x7F;
    }
    (backslash, space, control, false, false)
}

/// Runs the raw checks and extracts the raw host.
pub(super) fn check(raw: &str, out: &mut Findings) -> RawParts {
    let (backslash, space, control, bidi, invisible) = if raw.is_ascii() {
        ascii_marks(raw.as_bytes())
    } else {
        char_marks(raw)
    };
    let reasons = [
        (backslash, "a backslash, which browsers read as a slash"),
        (space, "whitespace"),
        (control, "a control character"),
        (
            bidi,
            "a bidirectional-text control that reorders what you read",
        ),
        (invisible, "an invisible character"),
    ];
    for (hit, what) in reasons {
        if hit {
            out.push(rules::AMBIGUOUS, format!("the link contains {what}"));
        }
    }

    let Some((scheme, rest)) = raw.split_once(':') else {
        return RawParts::default();
    };
    let scheme = scheme.trim().to_ascii_lowercase();
    if scheme != "http" && scheme != "https" {
        return RawParts::default();
    }
    // Exactly two slashes, then the host: `https:/x`, `https:x` and `https:///x` all reach `x`.
    let after = rest.strip_prefix("//");
    if after.is_none_or(|a| a.starts_with('/') || a.starts_with('\\')) {
        out.push(
            rules::AMBIGUOUS,
            "the link does not have exactly two slashes after the scheme",
        );
    }
    let rest = rest.trim_start_matches(['/', '\\']);
    let end = rest.find(['/', '\\', '?', '#']).unwrap_or(rest.len());
    let authority = rest.get(..end).unwrap_or(rest);
    let host_port = match authority.rfind('@') {
        Some(at) => {
            out.push(
                rules::USERINFO,
                "the link has a user name or password before the host, which hides the real host",
            );
            authority.get(at + 1..).unwrap_or("")
        }
        None => authority,
    };
    if host_port.contains('%') {
        out.push(
            rules::AMBIGUOUS,
            "the host is written with percent-encoded characters",
        );
    }
    let host = if host_port.starts_with('[') {
        match host_port.find(']') {
            Some(i) => host_port.get(..=i).unwrap_or(host_port),
            None => host_port,
        }
    } else {
        match host_port.rfind(':') {
            Some(i) => host_port.get(..i).unwrap_or(host_port),
            None => host_port,
        }
    };
    let host = host.trim_end_matches('.');
    RawParts {
        host: Some(host.to_lowercase()),
        host_i_as_l: host
            .contains('I')
            .then(|| host.replace('I', "l").to_lowercase()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    proptest::proptest! {
        #[test]
        fn the_ascii_marks_are_the_char_marks(raw in "[\\x00-\\x7f]{0,40}|[a-z:/\\\\ \\t.?=%]{0,40}") {
            proptest::prop_assert_eq!(ascii_marks(raw.as_bytes()), char_marks(&raw));
        }
    }
}
