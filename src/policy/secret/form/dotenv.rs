//! A `.env` file named as written, and the message's head read for it.
//!
//! [`names_dotenv`] reads the raw text, because the folding drops the dot and `env` alone names an
//! environment: `.env`, `~/app/.env`, `.env.local`, not `process.env` or `.envrc`. A message is read for it
//! in its first [`DOTENV_MESSAGE_BYTES`] ([`head`](super::head)), so a long message costs no second pass. A message that
//! asks a question ([`asks_a_question`]: "does your project use a .env file?") with no verb asking for the
//! file is answered yes or no.

use super::command;
use super::head;

/// Whether a message asks a question: a question mark of one of the packs' scripts (`?`, `？`, `؟`, the
/// Greek `;`), as "does your project use a .env file?" does.
pub(super) fn asks_a_question(message: &str) -> bool {
    head(message, DOTENV_MESSAGE_BYTES)
        .chars()
        .any(|ch| matches!(ch, '?' | '\u{FF1F}' | '\u{61F}' | '\u{37E}'))
}

/// Bytes of the message read for a `.env` named as written.
pub(super) const DOTENV_MESSAGE_BYTES: usize = 4096;

/// Whether a raw text names a `.env` file as written: `.env` (any case) with no word character before the
/// dot and none after (`.env`, `~/app/.env`, `.env.local`; not `process.env`, `.envrc`, `my.environment`).
/// Read on the raw text because the folding drops the dot, and `env` alone names an environment.
pub(super) fn names_dotenv(text: &str) -> bool {
    let text = crate::policy::secret::scan_limit(text);
    if !(text.contains(".env") || text.contains(".ENV") || text.contains(".Env")) {
        return false;
    }
    let bytes = text.as_bytes();
    let word = |b: Option<&u8>| b.is_some_and(|b| b.is_ascii_alphanumeric() || *b == b'_');
    bytes.windows(4).enumerate().any(|(i, w)| {
        w.first() == Some(&b'.')
            && w.get(1..).is_some_and(|e| e.eq_ignore_ascii_case(b"env"))
            && !word(i.checked_sub(1).and_then(|j| bytes.get(j)))
            && !word(bytes.get(i + 4))
            && !bytes.get(i + 4..).is_some_and(command::names_template)
    })
}
