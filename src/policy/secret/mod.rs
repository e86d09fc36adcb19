//! Secret-harvesting form detection: does a form ask for (or push) a credential, in any language or disguise?
//!
//! CONTRACT (secret helper; see issue 4): a [`SecretPolicy`] is compiled once from rule packs (YAML files in
//! `policies/secrets/`, embedded in the binary with `include_str!`, plus operator packs) into automata; it is
//! immutable and `Send + Sync`. Findings carry rule ids under `form.secret.*` and `answer.secret.*` for pasted
//! content; messages never contain the secret value itself.
//!
//! How a form is judged is in [`form`]; how an answer is judged, in [`content`]; the pack format, in [`pack`]
//! and `policies/secrets/core.yaml`; text folding (NFKC, confusables, leetspeak, case and separators), in
//! [`normalize`].
//!
//! Rule ids (all `Action::Block`), one per category of the built-in packs:
//! - `form.secret.password`: a password or passphrase;
//! - `form.secret.pin`: a PIN or passcode;
//! - `form.secret.otp`: a one-time, SMS, TOTP or other two-factor code;
//! - `form.secret.api_key`: an API key or secret access key;
//! - `form.secret.token`: an access, refresh, bearer or personal access token, a JWT;
//! - `form.secret.session`: a session id or cookie;
//! - `form.secret.client_secret`: an OAuth client, consumer, webhook or signing secret;
//! - `form.secret.credential`: "credentials", "secret" and the like, of no more precise kind;
//! - `form.secret.private_key`: an SSH, PGP, wallet or other private key;
//! - `form.secret.recovery_phrase`: a seed, mnemonic or recovery phrase;
//! - `form.secret.backup_code`: backup or recovery codes;
//! - `form.secret.card`: card number, CVV/CVC, card expiry;
//! - `form.secret.bank_login`: online-banking logins;
//! - `form.secret.default_value`: a `default`, `enum`, `const`, option or `examples` value that holds a
//!   credential in a known format (the server must not push one either);
//! - `form.secret.embedded_value`: the message, a title or a description holds a credential in a known format;
//! - `answer.secret.<category>`: a pasted answer holds a known format of that category (`token`, `api_key`,
//!   `client_secret`, `private_key`), `answer.secret.card` (a Luhn-valid card number),
//!   `answer.secret.high_entropy` (a long random string in a field not declared for one).
//!
//! Operator packs may add categories; their rule ids follow the same pattern.

pub mod content;
pub mod form;
pub mod normalize;
pub mod pack;

use serde_json::Value;

use crate::policy::Finding;

/// Most bytes of one value matched against the credential formats. Longer answers are cut: every format
/// is recognisable from its first bytes, and a PEM header lies at the start of a pasted key.
pub const MAX_SCAN_BYTES: usize = 64 * 1024;

/// The longest prefix of `text` not over [`MAX_SCAN_BYTES`], cut at a character boundary.
pub(crate) fn scan_limit(text: &str) -> &str {
    if text.len() <= MAX_SCAN_BYTES {
        return text;
    }
    let mut end = MAX_SCAN_BYTES;
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    text.get(..end).unwrap_or("")
}

/// Why a secret pack could not be compiled.
#[derive(Debug, thiserror::Error)]
pub enum SecretError {
    /// A pack file is not valid.
    #[error("secret pack {file}: {reason}")]
    Pack {
        /// The pack's file name.
        file: String,
        /// What is wrong.
        reason: String,
    },
}

/// An operator-supplied pack: file name and YAML text.
#[derive(Debug, Clone)]
pub struct PackSource {
    /// Name shown in errors.
    pub name: String,
    /// The YAML text.
    pub text: String,
}

/// The compiled classifier.
#[derive(Debug)]
pub struct SecretPolicy {
    compiled: pack::Compiled,
}

impl SecretPolicy {
    /// Compiles the embedded packs plus `extra` operator packs.
    pub fn compile(extra: &[PackSource]) -> Result<Self, SecretError> {
        Ok(SecretPolicy {
            compiled: pack::compile(extra)?,
        })
    }

    /// Judges one form-mode elicitation. `params_ptr` points at the elicitation's params object;
    /// finding paths are built from it (`{params_ptr}/requestedSchema/properties/pw`, `{params_ptr}/message`).
    /// `allowed_fields`: property names an operator allowed on this route (not judged by name).
    pub fn judge_form(
        &self,
        message: &str,
        schema: &Value,
        params_ptr: &str,
        allowed_fields: &[String],
    ) -> Vec<Finding> {
        form::judge_form(&self.compiled, message, schema, params_ptr, allowed_fields)
    }

    /// Judges the `content` a user submitted on a retry (a flat object) against the schema that was asked.
    /// `content_ptr` points at the content object.
    pub fn judge_content(
        &self,
        content: &Value,
        schema: &Value,
        content_ptr: &str,
    ) -> Vec<Finding> {
        content::judge_content(&self.compiled, content, schema, content_ptr)
    }
}
