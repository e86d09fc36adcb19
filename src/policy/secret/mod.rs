//! Secret-harvesting form detection: does a form ask for (or push) a credential, in any language or disguise?
//!
//! CONTRACT (secret helper; see issue 4): a [`SecretPolicy`] is compiled once from rule packs (YAML files in
//! `policies/secrets/`, embedded in the binary with `include_str!`, plus operator packs) into automata; it is
//! immutable and `Send + Sync`. Findings carry rule ids under `form.secret.*` (e.g. `form.secret.password`,
//! `form.secret.api_key`, `form.secret.otp`, `form.secret.card`, `form.secret.default_value`) and
//! `answer.secret.*` for pasted content; messages never contain the secret value itself.

use serde_json::Value;

use crate::policy::Finding;

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
    _private: (),
}

impl SecretPolicy {
    /// Compiles the embedded packs plus `extra` operator packs.
    pub fn compile(extra: &[PackSource]) -> Result<Self, SecretError> {
        let _ = extra;
        Ok(SecretPolicy { _private: () })
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
        let _ = (message, schema, params_ptr, allowed_fields);
        Vec::new()
    }

    /// Judges the `content` a user submitted on a retry (a flat object) against the schema that was asked.
    /// `content_ptr` points at the content object.
    pub fn judge_content(
        &self,
        content: &Value,
        schema: &Value,
        content_ptr: &str,
    ) -> Vec<Finding> {
        let _ = (content, schema, content_ptr);
        Vec::new()
    }
}
