//! Bearer JWT verification with `jsonwebtoken` (aws-lc-rs backend).

use std::sync::Arc;

use jsonwebtoken::errors::ErrorKind;
use jsonwebtoken::{Algorithm, Validation};
use serde::Deserialize;

use super::{IdentityError, JwksSource, Principal};

/// Longest bearer token accepted, checked before decoding: real access tokens are 1 to 4 KiB.
pub const MAX_JWT_BYTES: usize = 16 * 1024;

/// Most clock skew an operator may allow: more than five minutes hides real clock faults.
pub const MAX_LEEWAY_SECONDS: u64 = 300;

/// Verifier settings, validated by [`JwtVerifier::new`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct JwtConfig {
    /// Accepted `iss` values (at least one).
    pub issuers: Vec<String>,
    /// Accepted `aud` values (at least one: the MCP authorization spec requires audience checks).
    pub audiences: Vec<String>,
    /// Allowed `alg` values (at least one).
    pub algorithms: Vec<Algorithm>,
    /// Clock skew allowed on `exp` and `nbf`, seconds.
    pub leeway_seconds: u64,
}

/// Options so a missing claim reaches the validator (and its `missing_claim` reason) instead of failing the
/// deserialisation first.
#[derive(Deserialize)]
struct Claims {
    #[serde(default)]
    iss: Option<String>,
    #[serde(default)]
    sub: Option<String>,
}

/// Verifies bearer JWTs; see the module doc of [`crate::identity`].
#[derive(Debug)]
pub struct JwtVerifier {
    /// One validation per allowed algorithm: jsonwebtoken refuses a validation listing algorithms of
    /// another family than the key, so each token is checked against exactly its own algorithm.
    validations: Vec<(Algorithm, Validation)>,
    source: Arc<JwksSource>,
}

impl JwtVerifier {
    /// Checks the settings and builds the verifier.
    pub fn new(config: JwtConfig, source: Arc<JwksSource>) -> Result<JwtVerifier, IdentityError> {
        if config.issuers.is_empty() || config.issuers.iter().any(String::is_empty) {
            return Err(IdentityError::Config(
                "at least one non-empty issuer".into(),
            ));
        }
        if config.audiences.is_empty() || config.audiences.iter().any(String::is_empty) {
            return Err(IdentityError::Config(
                "at least one non-empty audience".into(),
            ));
        }
        if config.algorithms.is_empty() {
            return Err(IdentityError::Config("at least one algorithm".into()));
        }
        if config.leeway_seconds > MAX_LEEWAY_SECONDS {
            return Err(IdentityError::Config("leeway above 300 seconds".into()));
        }
        let validations = config
            .algorithms
            .iter()
            .map(|&alg| {
                let mut v = Validation::new(alg);
                v.leeway = config.leeway_seconds;
                v.validate_nbf = true;
                v.set_issuer(&config.issuers);
                v.set_audience(&config.audiences);
                v.set_required_spec_claims(&["exp", "iss", "aud", "sub"]);
                (alg, v)
            })
            .collect();
        Ok(JwtVerifier {
            validations,
            source,
        })
    }

    /// Verifies with the keys at hand; `Err(UnknownKey)` when no key fits the token's `kid` (see
    /// [`JwtVerifier::verify_or_refresh`]).
    pub fn verify(&self, token: &str) -> Result<Principal, IdentityError> {
        if token.len() > MAX_JWT_BYTES {
            return Err(IdentityError::Malformed);
        }
        let header = jsonwebtoken::decode_header(token).map_err(|_| IdentityError::Malformed)?;
        let Some((_, validation)) = self.validations.iter().find(|(a, _)| *a == header.alg) else {
            return Err(IdentityError::Algorithm);
        };
        let keys = self.source.keys();
        if keys.is_empty() {
            return Err(IdentityError::KeysUnavailable);
        }
        let mut tried = false;
        for candidate in keys.candidates(header.kid.as_deref(), header.alg) {
            tried = true;
            match jsonwebtoken::decode::<Claims>(token, &candidate.key, validation) {
                Ok(data) => {
                    // The validator required both; an empty subject names nobody.
                    let (Some(issuer), Some(subject)) = (data.claims.iss, data.claims.sub) else {
                        return Err(IdentityError::Invalid {
                            reason: "missing_claim",
                        });
                    };
                    if subject.is_empty() {
                        return Err(IdentityError::Invalid { reason: "subject" });
                    }
                    return Ok(Principal::Verified { issuer, subject });
                }
                // Without a `kid` several keys may be tried; a wrong key is only a bad signature.
                Err(e) if matches!(e.kind(), ErrorKind::InvalidSignature) => continue,
                Err(e) => return Err(map_error(e.kind())),
            }
        }
        if tried {
            return Err(IdentityError::Invalid {
                reason: "signature",
            });
        }
        match header.kid {
            Some(kid) if keys.has_kid(&kid) => Err(IdentityError::Algorithm),
            _ => Err(IdentityError::UnknownKey),
        }
    }

    /// [`JwtVerifier::verify`], and on an unknown key (or no keys yet) one interval-limited refetch of a
    /// remote JWKS before trying again. Fails closed when the keys cannot be had.
    pub async fn verify_or_refresh(&self, token: &str) -> Result<Principal, IdentityError> {
        match self.verify(token) {
            Err(IdentityError::UnknownKey | IdentityError::KeysUnavailable)
                if self.source.is_remote() =>
            {
                let kid = jsonwebtoken::decode_header(token)
                    .map_err(|_| IdentityError::Malformed)?
                    .kid;
                self.source.refresh_for_kid(kid.as_deref()).await;
                self.verify(token)
            }
            other => other,
        }
    }
}

fn map_error(kind: &ErrorKind) -> IdentityError {
    let reason = match kind {
        ErrorKind::InvalidSignature => "signature",
        ErrorKind::ExpiredSignature => "expired",
        ErrorKind::ImmatureSignature => "not_yet_valid",
        ErrorKind::InvalidIssuer => "issuer",
        ErrorKind::InvalidAudience => "audience",
        ErrorKind::InvalidSubject => "subject",
        ErrorKind::MissingRequiredClaim(_) => "missing_claim",
        ErrorKind::InvalidAlgorithm | ErrorKind::MissingAlgorithm => {
            return IdentityError::Algorithm
        }
        ErrorKind::InvalidToken | ErrorKind::Base64(_) | ErrorKind::Utf8(_) => {
            return IdentityError::Malformed
        }
        _ => "claims",
    };
    IdentityError::Invalid { reason }
}

#[cfg(test)]
#[path = "jwt_tests.rs"]
mod tests;
