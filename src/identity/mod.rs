//! The principal: who is asking, from a verified JWT (issuer + subject), never from a client's word.
//!
//! CONTRACT: [`Principal`] is `Verified { issuer, subject }` or `Anonymous`;
//! its `Display` (`iss|sub`, with `%` and `|` in the issuer percent-escaped so the split is unambiguous, or
//! `anonymous`) is the string bound into envelopes and rate-limit keys. [`JwtVerifier`] checks a bearer JWT
//! against a [`JwksSource`] (a JWKS file, or a URL fetched through a caller-supplied async closure, refetched
//! on an unknown `kid` at most once per interval, failing closed), the allowed algorithms, issuer, audience
//! and leeway. [`bearer_from_headers`] reads `Authorization: Bearer`, [`www_authenticate`] builds the 401
//! challenge in the MCP authorization style. The token itself is never logged or put in an error.

mod jwks;
mod jwt;

pub use jwks::{
    https_fetch, JwksFetch, JwksSource, KeySet, DEFAULT_MIN_REFETCH, MAX_JWKS_BYTES, MAX_JWKS_KEYS,
};
pub use jwt::{JwtConfig, JwtVerifier, MAX_JWT_BYTES, MAX_LEEWAY_SECONDS};

/// Who a request comes from.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Principal {
    /// The issuer and subject of a verified JWT.
    Verified {
        /// `iss`, one of the configured issuers.
        issuer: String,
        /// `sub`, never empty.
        subject: String,
    },
    /// No identity configured on the route (or optional and absent).
    Anonymous,
}

impl std::fmt::Display for Principal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Principal::Anonymous => f.write_str("anonymous"),
            Principal::Verified { issuer, subject } => {
                // Subjects may contain `|` (`auth0|123`), so the issuer is escaped and the first `|` splits.
                for c in issuer.chars() {
                    match c {
                        '%' => f.write_str("%25")?,
                        '|' => f.write_str("%7C")?,
                        c => std::fmt::Write::write_char(f, c)?,
                    }
                }
                f.write_str("|")?;
                f.write_str(subject)
            }
        }
    }
}

/// Why a request has no verified principal. Never carries the token or key material.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum IdentityError {
    /// No `Authorization: Bearer` credential.
    #[error("no bearer token")]
    Missing,
    /// The header or the token is not well-formed (several headers, not bearer, not a JWT, too long).
    #[error("malformed bearer token")]
    Malformed,
    /// The token's algorithm is not allowed, or does not fit the key.
    #[error("token algorithm not allowed")]
    Algorithm,
    /// No key with the token's `kid` (after a refetch, when the source allows one).
    #[error("no key for the token's key id")]
    UnknownKey,
    /// The keys could not be had (JWKS never fetched or unusable): fail closed.
    #[error("signing keys unavailable")]
    KeysUnavailable,
    /// Signature or claims refused; `reason` is a stable word for the audit log.
    #[error("token refused: {reason}")]
    Invalid {
        /// `signature`, `expired`, `not_yet_valid`, `issuer`, `audience`, `subject`, `missing_claim`, `claims`.
        reason: &'static str,
    },
    /// A JWKS document could not be used.
    #[error("jwks: {0}")]
    Jwks(String),
    /// The verifier settings are invalid.
    #[error("jwt settings: {0}")]
    Config(String),
}

impl IdentityError {
    /// Stable lowercase name for metric labels and the audit log.
    pub fn as_str(&self) -> &'static str {
        match self {
            IdentityError::Missing => "missing",
            IdentityError::Malformed => "malformed",
            IdentityError::Algorithm => "algorithm",
            IdentityError::UnknownKey => "unknown_key",
            IdentityError::KeysUnavailable => "keys_unavailable",
            IdentityError::Invalid { reason } => reason,
            IdentityError::Jwks(_) => "jwks",
            IdentityError::Config(_) => "config",
        }
    }
}

/// The token of an `Authorization` header value `Bearer <token68>` (scheme case-insensitive).
pub fn bearer_token(value: &str) -> Option<&str> {
    let (scheme, rest) = value.split_once(' ')?;
    if !scheme.eq_ignore_ascii_case("bearer") {
        return None;
    }
    let token = rest.trim_start_matches(' ').trim_end_matches(' ');
    let body = token.trim_end_matches('=');
    let token68 = !body.is_empty()
        && body
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b"-._~+/".contains(&b));
    token68.then_some(token)
}

/// The bearer token of a request: `Ok(None)` without an `Authorization` header, `Err(Malformed)` for several
/// headers, a non-bearer scheme or a bad token (a route that requires identity answers all of them with 401).
pub fn bearer_from_headers(headers: &http::HeaderMap) -> Result<Option<&str>, IdentityError> {
    let mut values = headers.get_all(http::header::AUTHORIZATION).iter();
    let Some(first) = values.next() else {
        return Ok(None);
    };
    if values.next().is_some() {
        return Err(IdentityError::Malformed);
    }
    let text = first.to_str().map_err(|_| IdentityError::Malformed)?;
    bearer_token(text).map(Some).ok_or(IdentityError::Malformed)
}

/// The `WWW-Authenticate` value of a 401 (RFC 6750, with the MCP authorization spec's `resource_metadata`
/// pointing at the protected resource metadata). `error="invalid_token"` when a token was sent and refused.
pub fn www_authenticate(resource_metadata: Option<&str>, err: &IdentityError) -> String {
    let mut out = String::from("Bearer");
    let mut sep = " ";
    // A URL with a quote or backslash would need escaping; configured URLs never have one, so omit it.
    if let Some(url) = resource_metadata.filter(|u| !u.contains(['"', '\\']) && !u.is_empty()) {
        out.push_str(sep);
        out.push_str("resource_metadata=\"");
        out.push_str(url);
        out.push('"');
        sep = ", ";
    }
    if !matches!(err, IdentityError::Missing) {
        out.push_str(sep);
        out.push_str("error=\"invalid_token\"");
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn principal_display_is_unambiguous() {
        let p = |i: &str, s: &str| Principal::Verified {
            issuer: i.into(),
            subject: s.into(),
        };
        assert_eq!(Principal::Anonymous.to_string(), "anonymous");
        assert_eq!(
            p("https://idp.example", "auth0|42").to_string(),
            "https://idp.example|auth0|42"
        );
        assert_ne!(p("a|b", "c").to_string(), p("a", "b|c").to_string());
        assert_ne!(p("a%7Cb", "c").to_string(), p("a|b", "c").to_string());
    }

    #[test]
    fn bearer_parsing() {
        assert_eq!(bearer_token("Bearer abc.def-ghi_"), Some("abc.def-ghi_"));
        assert_eq!(bearer_token("bearer  a/b+c=="), Some("a/b+c=="));
        for bad in [
            "Bearer",
            "Bearer ",
            "Basic abc",
            "Bearer a b",
            "Bearer a=b",
            "Bearerabc",
            "Bearer ==",
            "",
        ] {
            assert_eq!(bearer_token(bad), None, "{bad:?}");
        }
        let mut h = http::HeaderMap::new();
        assert_eq!(bearer_from_headers(&h), Ok(None));
        h.append(http::header::AUTHORIZATION, "Bearer x.y.z".parse().unwrap());
        assert_eq!(bearer_from_headers(&h), Ok(Some("x.y.z")));
        h.append(http::header::AUTHORIZATION, "Bearer q".parse().unwrap());
        assert_eq!(bearer_from_headers(&h), Err(IdentityError::Malformed));
        let mut basic = http::HeaderMap::new();
        basic.insert(http::header::AUTHORIZATION, "Basic dTpw".parse().unwrap());
        assert_eq!(bearer_from_headers(&basic), Err(IdentityError::Malformed));
    }

    #[test]
    fn challenge_header() {
        let url = "https://gw.example/.well-known/oauth-protected-resource";
        assert_eq!(
            www_authenticate(Some(url), &IdentityError::Missing),
            format!("Bearer resource_metadata=\"{url}\"")
        );
        assert_eq!(
            www_authenticate(None, &IdentityError::Invalid { reason: "expired" }),
            "Bearer error=\"invalid_token\""
        );
        assert_eq!(
            www_authenticate(Some("x\"y"), &IdentityError::Malformed),
            "Bearer error=\"invalid_token\""
        );
    }
}
