//! Verification keys: a JWKS document, from a file or fetched from a URL.
//!
//! A fetched set is replaced whole on each successful fetch and kept on a failed one (keys that verified a
//! minute ago are still the issuer's). An unknown `kid` triggers at most one refetch per
//! [`JwksSource::min_refetch`] interval, single-flight, so a flood of tokens with random key ids cannot turn
//! the gateway into a traffic amplifier against the identity provider. With no keys at all every token is
//! refused: fail closed.

use std::sync::Arc;
use std::time::Duration;

use arc_swap::ArcSwap;
use futures_util::future::BoxFuture;
use jsonwebtoken::jwk::{Jwk, PublicKeyUse};
use jsonwebtoken::{Algorithm, DecodingKey};
use serde_json::Value;
use tokio::time::Instant;

use super::IdentityError;

/// Largest JWKS document read: real ones are a few KiB; this bounds parse cost and memory.
pub const MAX_JWKS_BYTES: usize = 256 * 1024;

/// Most keys kept from one JWKS: a verifier may try each key without a `kid`, so the set stays small.
pub const MAX_JWKS_KEYS: usize = 64;

/// Default least time between two fetches for unknown key ids.
pub const DEFAULT_MIN_REFETCH: Duration = Duration::from_secs(30);

/// Longest a fetch may take before it counts as failed.
const FETCH_TIMEOUT: Duration = Duration::from_secs(10);

/// Fetches the JWKS text (the proxy plugs its HTTP client in here). The error is a short description for the
/// log, never a credential.
pub type JwksFetch = Arc<dyn Fn() -> BoxFuture<'static, Result<String, String>> + Send + Sync>;

/// One usable verification key.
#[derive(Clone)]
pub(crate) struct VerifyKey {
    pub(crate) kid: Option<String>,
    /// The JWK's `alg`, when it names one: the token's `alg` must then match.
    pub(crate) alg: Option<Algorithm>,
    pub(crate) key: DecodingKey,
}

/// A parsed key set.
#[derive(Clone, Default)]
pub struct KeySet {
    pub(crate) keys: Vec<VerifyKey>,
}

impl std::fmt::Debug for KeySet {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let kids: Vec<&str> = self
            .keys
            .iter()
            .map(|k| k.kid.as_deref().unwrap_or("-"))
            .collect();
        f.debug_struct("KeySet").field("kids", &kids).finish()
    }
}

impl KeySet {
    /// Parses a JWKS document. Keys for encryption (`use: enc`) and of unsupported types are skipped; a set
    /// with no usable key is an error.
    pub fn from_jwks(text: &str) -> Result<KeySet, IdentityError> {
        if text.len() > MAX_JWKS_BYTES {
            return Err(IdentityError::Jwks("document too large".into()));
        }
        let doc: Value =
            serde_json::from_str(text).map_err(|_| IdentityError::Jwks("not JSON".into()))?;
        let list = doc
            .get("keys")
            .and_then(Value::as_array)
            .ok_or_else(|| IdentityError::Jwks("no `keys` array".into()))?;
        let mut keys = Vec::new();
        for raw in list {
            // One odd key (a new key type, a certificate-only entry) must not take the whole set down.
            let Ok(jwk) = serde_json::from_value::<Jwk>(raw.clone()) else {
                continue;
            };
            if jwk.common.public_key_use == Some(PublicKeyUse::Encryption) {
                continue;
            }
            // A key whose `alg` is not a JWS algorithm (e.g. `RSA-OAEP`) is not for us.
            let alg = match raw.get("alg").and_then(Value::as_str) {
                Some(a) => match a.parse::<Algorithm>() {
                    Ok(a) => Some(a),
                    Err(_) => continue,
                },
                None => None,
            };
            let Ok(key) = DecodingKey::from_jwk(&jwk) else {
                continue;
            };
            if keys.len() >= MAX_JWKS_KEYS {
                return Err(IdentityError::Jwks("too many keys".into()));
            }
            keys.push(VerifyKey {
                kid: jwk.common.key_id.clone(),
                alg,
                key,
            });
        }
        if keys.is_empty() {
            return Err(IdentityError::Jwks("no usable key".into()));
        }
        Ok(KeySet { keys })
    }

    /// Keys that may verify a token with `kid` and `alg`: same `kid` (or every key when the token names
    /// none), a JWK `alg` equal to the token's when the JWK names one, and a key family that fits the
    /// algorithm (an RSA public key is never used as an HMAC secret).
    pub(crate) fn candidates<'a>(
        &'a self,
        kid: Option<&'a str>,
        alg: Algorithm,
    ) -> impl Iterator<Item = &'a VerifyKey> + 'a {
        self.keys.iter().filter(move |k| {
            (kid.is_none() || k.kid.as_deref() == kid)
                && k.alg.is_none_or(|a| a == alg)
                && k.key.family() == alg.family()
        })
    }

    /// Whether any key has this `kid`.
    pub(crate) fn has_kid(&self, kid: &str) -> bool {
        self.keys.iter().any(|k| k.kid.as_deref() == Some(kid))
    }

    /// Number of usable keys.
    pub fn len(&self) -> usize {
        self.keys.len()
    }

    /// Whether there is no key.
    pub fn is_empty(&self) -> bool {
        self.keys.is_empty()
    }
}

/// Where the keys come from; see the module doc.
pub struct JwksSource {
    keys: ArcSwap<KeySet>,
    fetch: Option<JwksFetch>,
    min_refetch: Duration,
    last_fetch: std::sync::Mutex<Option<Instant>>,
    /// Single flight: one fetch at a time; waiters re-read the keys afterwards.
    gate: tokio::sync::Mutex<()>,
}

impl std::fmt::Debug for JwksSource {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("JwksSource")
            .field("keys", &self.keys.load())
            .field("remote", &self.fetch.is_some())
            .finish()
    }
}

impl JwksSource {
    /// Fixed keys (a JWKS file read at load or reload).
    pub fn fixed(keys: KeySet) -> JwksSource {
        JwksSource {
            keys: ArcSwap::from_pointee(keys),
            fetch: None,
            min_refetch: DEFAULT_MIN_REFETCH,
            last_fetch: std::sync::Mutex::new(None),
            gate: tokio::sync::Mutex::new(()),
        }
    }

    /// Keys fetched with `fetch`, at most once per `min_refetch` for unknown key ids. Starts empty: call
    /// [`JwksSource::refresh`] at start-up (and on a timer, to drop retired keys).
    pub fn remote(fetch: JwksFetch, min_refetch: Duration) -> JwksSource {
        JwksSource {
            keys: ArcSwap::from_pointee(KeySet::default()),
            fetch: Some(fetch),
            min_refetch,
            last_fetch: std::sync::Mutex::new(None),
            gate: tokio::sync::Mutex::new(()),
        }
    }

    /// The least time between two unknown-kid fetches.
    pub fn min_refetch(&self) -> Duration {
        self.min_refetch
    }

    /// The current keys.
    pub fn keys(&self) -> Arc<KeySet> {
        self.keys.load_full()
    }

    /// Whether the keys can be refetched.
    pub fn is_remote(&self) -> bool {
        self.fetch.is_some()
    }

    /// Fetches now (start-up, timer). On failure the old keys stay.
    pub async fn refresh(&self) -> Result<(), IdentityError> {
        let _gate = self.gate.lock().await;
        self.mark_fetched();
        self.fetch_and_store().await
    }

    /// Refetches for an unknown `kid` if the interval allows; returns whether the keys now have that `kid`.
    pub async fn refresh_for_kid(&self, kid: Option<&str>) -> bool {
        let has = |ks: &KeySet| match kid {
            Some(k) => ks.has_kid(k),
            None => !ks.is_empty(),
        };
        if self.fetch.is_none() {
            return false;
        }
        let _gate = self.gate.lock().await;
        // Another task may have fetched while this one waited for the gate.
        if has(&self.keys.load()) {
            return true;
        }
        let due = {
            let last = self.last_fetch.lock().unwrap_or_else(|e| e.into_inner());
            last.is_none_or(|t| t.elapsed() >= self.min_refetch)
        };
        if !due {
            return false;
        }
        self.mark_fetched();
        if let Err(e) = self.fetch_and_store().await {
            tracing::warn!(error = %e, "jwks refetch failed; keeping the previous keys");
            return false;
        }
        has(&self.keys.load())
    }

    fn mark_fetched(&self) {
        *self.last_fetch.lock().unwrap_or_else(|e| e.into_inner()) = Some(Instant::now());
    }

    async fn fetch_and_store(&self) -> Result<(), IdentityError> {
        let Some(fetch) = &self.fetch else {
            return Ok(());
        };
        let text = tokio::time::timeout(FETCH_TIMEOUT, fetch())
            .await
            .map_err(|_| IdentityError::Jwks("fetch timed out".into()))?
            .map_err(IdentityError::Jwks)?;
        let set = KeySet::from_jwks(&text)?;
        self.keys.store(Arc::new(set));
        Ok(())
    }
}

/// Fetches a JWKS document over HTTPS with a bounded body.
pub fn https_fetch(uri: http::Uri, tls_cfg: rustls::ClientConfig) -> JwksFetch {
    use http_body_util::BodyExt;
    let https = hyper_rustls::HttpsConnectorBuilder::new()
        .with_tls_config(tls_cfg)
        .https_or_http()
        .enable_http1()
        .build();
    let client: hyper_util::client::legacy::Client<_, http_body_util::Empty<bytes::Bytes>> =
        hyper_util::client::legacy::Client::builder(hyper_util::rt::TokioExecutor::new())
            .build(https);
    Arc::new(move || {
        let client = client.clone();
        let uri = uri.clone();
        Box::pin(async move {
            let resp = client
                .get(uri)
                .await
                .map_err(|e| format!("jwks fetch: {e}"))?;
            if !resp.status().is_success() {
                return Err(format!("jwks fetch: HTTP {}", resp.status()));
            }
            let body = http_body_util::Limited::new(resp.into_body(), super::MAX_JWKS_BYTES);
            let bytes = body
                .collect()
                .await
                .map_err(|e| format!("jwks fetch: {e}"))?
                .to_bytes();
            String::from_utf8(bytes.to_vec()).map_err(|_| "jwks fetch: not UTF-8".to_owned())
        })
    })
}
