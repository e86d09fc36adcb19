//! URL-mode safety: one strict parser and checks with rule ids, plus the canonical rewrite.
//!
//! CONTRACT (url helper; see issue 5): [`UrlPolicy::compile`] builds an immutable, `Send + Sync` policy
//! from [`UrlConfig`] (YAML, `deny_unknown_fields`, every field documented; the embedded default is
//! `policies/urls.yaml`). [`UrlPolicy::judge`] parses with the `url` crate (UTS-46 via `idna`) and returns
//! every finding, each with a `url.*` rule id (`url.scheme`, `url.userinfo`, `url.ambiguous`, `url.too_long`,
//! `url.host.ip`, `url.host.internal`, `url.host.single_label`, `url.host.punycode`, `url.host.mixed_script`,
//! `url.host.confusable`, `url.host.brand`, `url.domain.denied`, `url.domain.not_allowed`,
//! `url.query.credential`, `url.query.pii`, ...) and `Action::Block`; the caller applies per-rule actions.
//! `canonical` is the URL re-serialised with its ASCII host when it parses.

use serde::Deserialize;

use crate::policy::Finding;

/// Operator settings for URL checks (YAML).
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct UrlConfig {}

/// Why a URL policy could not be compiled.
#[derive(Debug, thiserror::Error)]
pub enum UrlConfigError {
    /// A setting is invalid.
    #[error("url policy: {0}")]
    Invalid(String),
}

/// The facts about a URL a person needs to see it for what it is.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct UrlView {
    /// The URL re-serialised with its ASCII (punycode) host, when it parses.
    pub canonical: Option<String>,
    /// The host as a person would read it (Unicode), when it parses.
    pub host_unicode: Option<String>,
    /// The host in ASCII (punycode) form.
    pub host_ascii: Option<String>,
    /// The registrable domain (public suffix + one label), when there is one.
    pub registrable_domain: Option<String>,
}

/// The judgement of one URL.
#[derive(Debug, Clone, Default)]
pub struct UrlJudgement {
    /// Every finding; empty means the URL passes.
    pub findings: Vec<Finding>,
    /// What the URL is.
    pub view: UrlView,
}

/// Per-route lists, compiled.
#[derive(Debug, Clone, Default)]
pub struct RouteUrlRules {
    /// Registrable domains or hosts allowed (exact, or `*.suffix`); empty means any.
    pub allow: Vec<String>,
    /// Registrable domains or hosts denied (exact, or `*.suffix`).
    pub deny: Vec<String>,
}

/// The compiled URL policy.
#[derive(Debug)]
pub struct UrlPolicy {
    _private: (),
}

impl UrlPolicy {
    /// Compiles the settings.
    pub fn compile(cfg: &UrlConfig) -> Result<Self, UrlConfigError> {
        let _ = cfg;
        Ok(UrlPolicy { _private: () })
    }

    /// Judges one url-mode URL found at `ptr`.
    pub fn judge(&self, raw: &str, ptr: &str, route: &RouteUrlRules) -> UrlJudgement {
        let _ = (raw, ptr, route);
        UrlJudgement::default()
    }
}

impl UrlPolicy {
    /// The embedded default (`policies/urls.yaml`).
    pub fn embedded_default() -> Result<Self, UrlConfigError> {
        UrlPolicy::compile(&UrlConfig::default())
    }
}
