//! The keys that seal and open envelopes, and the token format around AES-256-GCM.
//!
//! Token: `eg1.<kid>.<base64url(nonce || ciphertext || tag)>`, no padding. The associated data binds the version,
//! a purpose label (so a warning-page link token can never be opened as a `requestState`), the key id and the
//! route, each length-prefixed so no two different tuples give the same bytes. The plaintext starts with the
//! expiry (8 bytes, big-endian), so [`Keyring::open_bytes`] can refuse stale tokens for any purpose.
//!
//! Keys are derived once at load with HKDF-SHA256 (salt fixed per version, info = purpose + key id); never per
//! request. Nonces are 96 random bits per seal: with one key sealing, the birthday bound (~2^32 seals before a
//! 2^-32 collision chance) is far beyond the rate limits of a gateway between key rotations.

use aws_lc_rs::aead::{Aad, LessSafeKey, Nonce, UnboundKey, AES_256_GCM, NONCE_LEN};
use aws_lc_rs::hkdf::{Salt, HKDF_SHA256};
use base64::engine::general_purpose::{STANDARD_NO_PAD, URL_SAFE_NO_PAD};
use base64::Engine as _;

use super::pool::Pool;
use super::{codec, Claims, Envelope, StateError, ID_BYTES, MAX_UPSTREAM_STATE_BYTES};

/// The token version, first field of every token and of the associated data.
const VERSION: &str = "eg1";

/// Purpose label of a `requestState` envelope (see [`Keyring::seal_bytes`] for other purposes).
const LABEL_REQUEST_STATE: &str = "requestState";

/// Salt of the key derivation: fixed, names the scheme so keys derived for `eg1` serve nothing else.
const HKDF_SALT: &[u8] = b"elicitguard state eg1 hkdf-sha256 aes-256-gcm";

/// The environment variable that may hold the keys, in the file format.
pub const ENV_STATE_KEYS: &str = "ELICITGUARD_STATE_KEYS";

/// Shortest key accepted, in decoded bytes: 256 bits of input keying material for a 256-bit AEAD key.
pub const MIN_KEY_BYTES: usize = 32;

/// Longest key id: ids are labels for operators, and they travel in every token.
const MAX_KID_CHARS: usize = 32;

/// Most keys in one ring: rotation needs two or three; a long list only slows the unknown-kid path.
const MAX_KEYS: usize = 16;

/// Longest key file or variable read: [`MAX_KEYS`] lines with generous comments.
const MAX_KEY_TEXT_BYTES: usize = 64 * 1024;

/// Longest token accepted by `open`, checked before any decoding. An envelope holds the upstream state
/// (at most [`MAX_UPSTREAM_STATE_BYTES`]) plus the asked schemas as compact JSON; six times the state's bound
/// plus a quarter of a mebibyte covers any schema the form limits let through. Anything longer is not ours,
/// and an envelope sealed over it would fail closed on the retry.
pub const MAX_TOKEN_CHARS: usize = (MAX_UPSTREAM_STATE_BYTES * 6 + 256 * 1024) * 4 / 3;

/// AES-GCM tag length.
const TAG_LEN: usize = 16;

/// Why a key list could not be loaded. Never carries key material; `line` is 1-based.
#[derive(Debug, thiserror::Error)]
pub enum KeyringError {
    /// No key at all.
    #[error("no state keys configured")]
    Empty,
    /// A line is not `key-id: base64-key`.
    #[error("state keys line {line}: expected `key-id: base64-key`")]
    Syntax {
        /// Line number.
        line: usize,
    },
    /// A key id is empty, too long or has characters outside `A-Za-z0-9_-`.
    #[error("state keys line {line}: key id must be 1 to 32 characters of A-Z a-z 0-9 _ -")]
    BadId {
        /// Line number.
        line: usize,
    },
    /// A key id appears twice.
    #[error("state keys line {line}: duplicate key id")]
    DuplicateId {
        /// Line number.
        line: usize,
    },
    /// The key is not base64.
    #[error("state keys line {line}: key is not valid base64")]
    BadBase64 {
        /// Line number.
        line: usize,
    },
    /// The key is shorter than [`MIN_KEY_BYTES`].
    #[error("state keys line {line}: key is shorter than 32 bytes")]
    ShortKey {
        /// Line number.
        line: usize,
    },
    /// More than 16 keys, or more than 64 KiB of text.
    #[error("state keys: too many keys or too much text")]
    TooLarge,
    /// The key file could not be read.
    #[error("state keys file {path}: {source}")]
    Io {
        /// The path as configured.
        path: String,
        /// The read error.
        source: std::io::Error,
    },
    /// The environment variable is unset or not unicode.
    #[error("environment variable {ENV_STATE_KEYS} is unset or not valid unicode")]
    EnvMissing,
    /// The crypto library refused (RNG or key setup); should not happen.
    #[error("state keys: key derivation failed")]
    Crypto,
}

/// Why sealing failed. The caller must then not forward the elicitation (it cannot be bound).
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum SealError {
    /// The upstream `requestState` is longer than [`MAX_UPSTREAM_STATE_BYTES`].
    #[error("upstream requestState too large to wrap")]
    UpstreamStateTooLarge,
    /// The RNG or the cipher failed; should not happen.
    #[error("sealing failed")]
    Crypto,
}

/// One derived key and its id.
struct Key {
    kid: String,
    aead: LessSafeKey,
}

/// Sealing keys: the first seals, all open. See the module doc.
pub struct Keyring {
    /// Never empty (every constructor checks).
    keys: Vec<Key>,
    /// Every nonce, and the ids of [`Keyring::seal_fresh`].
    random: Pool,
}

impl std::fmt::Debug for Keyring {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // Key ids are not secret and help operators; the keys never print.
        let kids: Vec<&str> = self.keys.iter().map(|k| k.kid.as_str()).collect();
        f.debug_struct("Keyring").field("kids", &kids).finish()
    }
}

impl Keyring {
    /// Parses `key-id: base64-key` lines (`#` starts a comment line, blank lines are skipped).
    pub fn from_lines(text: &str) -> Result<Keyring, KeyringError> {
        if text.len() > MAX_KEY_TEXT_BYTES {
            return Err(KeyringError::TooLarge);
        }
        let mut keys: Vec<Key> = Vec::new();
        for (idx, raw) in text.lines().enumerate() {
            let line = idx + 1;
            let trimmed = raw.trim();
            if trimmed.is_empty() || trimmed.starts_with('#') {
                continue;
            }
            let (kid, b64) = trimmed
                .split_once(':')
                .ok_or(KeyringError::Syntax { line })?;
            let kid = kid.trim();
            if !valid_kid(kid) {
                return Err(KeyringError::BadId { line });
            }
            if keys.iter().any(|k| k.kid == kid) {
                return Err(KeyringError::DuplicateId { line });
            }
            if keys.len() >= MAX_KEYS {
                return Err(KeyringError::TooLarge);
            }
            let ikm = decode_key(b64.trim()).ok_or(KeyringError::BadBase64 { line })?;
            if ikm.len() < MIN_KEY_BYTES {
                return Err(KeyringError::ShortKey { line });
            }
            keys.push(derive(kid, &ikm)?);
        }
        if keys.is_empty() {
            return Err(KeyringError::Empty);
        }
        Ok(Keyring {
            keys,
            random: Pool::new(),
        })
    }

    /// Reads the key list from a file.
    pub fn from_file(path: &std::path::Path) -> Result<Keyring, KeyringError> {
        let io = |source| KeyringError::Io {
            path: path.display().to_string(),
            source,
        };
        let meta = std::fs::metadata(path).map_err(io)?;
        if meta.len() > MAX_KEY_TEXT_BYTES as u64 {
            return Err(KeyringError::TooLarge);
        }
        let text = std::fs::read_to_string(path).map_err(io)?;
        Keyring::from_lines(&text)
    }

    /// Reads the key list from [`ENV_STATE_KEYS`].
    pub fn from_env() -> Result<Keyring, KeyringError> {
        let text = std::env::var(ENV_STATE_KEYS).map_err(|_| KeyringError::EnvMissing)?;
        Keyring::from_lines(&text)
    }

    /// A ring with one random key (id `ephemeral`), for the quick start and `demo`. The caller logs the warning:
    /// envelopes die with the process and cannot cross replicas.
    pub fn random() -> Result<Keyring, KeyringError> {
        let mut ikm = [0u8; MIN_KEY_BYTES];
        aws_lc_rs::rand::fill(&mut ikm).map_err(|_| KeyringError::Crypto)?;
        Ok(Keyring {
            keys: vec![derive("ephemeral", &ikm)?],
            random: Pool::new(),
        })
    }

    /// The key id that seals.
    pub fn sealing_kid(&self) -> &str {
        self.keys.first().map(|k| k.kid.as_str()).unwrap_or("")
    }

    /// Seals an envelope as a `requestState` token bound to `env.route`.
    pub fn seal(&self, env: &Envelope) -> Result<String, SealError> {
        let claims = env.claims();
        check_upstream_state(claims.upstream_state)?;
        self.seal_with(
            LABEL_REQUEST_STATE,
            claims.route,
            claims.expires_at,
            codec::encoded_len(&env.id, &claims),
            |buf| codec::encode(&env.id, &claims, buf),
        )
    }

    /// [`Keyring::seal`] for an envelope that has no id yet, which it is given (see
    /// [`Keyring::seal_claims_fresh`]).
    pub fn seal_fresh(&self, env: &mut Envelope) -> Result<String, SealError> {
        let (token, id) = self.seal_claims_fresh(&env.claims())?;
        env.id = std::str::from_utf8(&id)
            .map_err(|_| SealError::Crypto)?
            .to_owned();
        Ok(token)
    }

    /// Seals fresh `claims`: the id (16 random bytes, hex; returned with the token) and the nonce come from
    /// the ring's pool of system DRBG output ([`super::pool`]: each draw re-keys aws-lc's CTR-DRBG, a fixed
    /// cost that was a noticeable share of sealing, so one draw serves many envelopes). The two stay
    /// independent random values, each fresh per envelope.
    pub fn seal_claims_fresh<K: AsRef<str>>(
        &self,
        claims: &Claims<'_, K>,
    ) -> Result<(String, [u8; 2 * ID_BYTES]), SealError> {
        let random = self
            .random
            .take::<{ super::pool::TAKE }>()
            .map_err(|_| SealError::Crypto)?;
        let (nonce, id) = random.split_at(NONCE_LEN);
        let id = super::hex_id(id.try_into().map_err(|_| SealError::Crypto)?);
        // Hex digits: always UTF-8.
        let id_text = std::str::from_utf8(&id).map_err(|_| SealError::Crypto)?;
        let nonce: [u8; NONCE_LEN] = nonce.try_into().map_err(|_| SealError::Crypto)?;
        check_upstream_state(claims.upstream_state)?;
        let token = self.seal_with_nonce(
            nonce,
            LABEL_REQUEST_STATE,
            claims.route,
            claims.expires_at,
            codec::encoded_len(id_text, claims),
            |buf| codec::encode(id_text, claims, buf),
        )?;
        Ok((token, id))
    }

    /// Opens a `requestState` token for `route`: checks format, key id, tag (which covers the route), and the
    /// expiry against `now_unix`. Principal, method and params digest are the caller's to check; the replay
    /// cache too.
    pub fn open(&self, token: &str, route: &str, now_unix: u64) -> Result<Envelope, StateError> {
        let mut buf = Vec::new();
        let (expires_at, plain) =
            self.open_in_place(LABEL_REQUEST_STATE, token, route, now_unix, &mut buf)?;
        let env = codec::decode(plain, expires_at).ok_or(StateError::Malformed)?;
        // The AAD already binds the route; this re-check costs nothing and keeps the claims honest if the
        // sealing side ever disagrees with itself.
        if env.route != route {
            return Err(StateError::Tampered);
        }
        Ok(env)
    }

    /// Seals any short-lived token (`label` names its purpose, e.g. `warnLink`) bound to `route` and valid
    /// until `expires_at` (unix seconds, exclusive).
    pub fn seal_bytes(
        &self,
        label: &str,
        route: &str,
        expires_at: u64,
        plaintext: &[u8],
    ) -> Result<String, SealError> {
        self.seal_with(label, route, expires_at, plaintext.len(), |buf| {
            buf.extend_from_slice(plaintext)
        })
    }

    /// Opens a token made by [`Keyring::seal_bytes`] with the same `label` and `route`; returns the plaintext.
    pub fn open_bytes(
        &self,
        label: &str,
        token: &str,
        route: &str,
        now_unix: u64,
    ) -> Result<Vec<u8>, StateError> {
        let mut buf = Vec::new();
        let (_, plain) = self.open_in_place(label, token, route, now_unix, &mut buf)?;
        Ok(plain.to_vec())
    }

    /// The one sealing path: `nonce || AES-GCM(expiry || plaintext) || tag`, base64url, behind `eg1.<kid>.`.
    /// `write` appends `len` plaintext bytes; everything is built in one buffer and sealed in place.
    fn seal_with(
        &self,
        label: &str,
        route: &str,
        expires_at: u64,
        len: usize,
        write: impl FnOnce(&mut Vec<u8>),
    ) -> Result<String, SealError> {
        let nonce = self
            .random
            .take::<NONCE_LEN>()
            .map_err(|_| SealError::Crypto)?;
        self.seal_with_nonce(nonce, label, route, expires_at, len, write)
    }

    /// [`Keyring::seal_with`] under a nonce the caller took fresh from the ring's pool of system DRBG output.
    fn seal_with_nonce(
        &self,
        nonce_bytes: [u8; NONCE_LEN],
        label: &str,
        route: &str,
        expires_at: u64,
        len: usize,
        write: impl FnOnce(&mut Vec<u8>),
    ) -> Result<String, SealError> {
        let key = self.keys.first().ok_or(SealError::Crypto)?;
        let aad = aad(label, &key.kid, route);

        let mut buf = Vec::with_capacity(NONCE_LEN + 8 + len + TAG_LEN);
        buf.extend_from_slice(&nonce_bytes);
        buf.extend_from_slice(&expires_at.to_be_bytes());
        write(&mut buf);
        // Seal everything after the nonce in place; the nonce itself travels in clear at the front.
        let body = buf.get_mut(NONCE_LEN..).ok_or(SealError::Crypto)?;
        let tag = key
            .aead
            .seal_in_place_separate_tag(
                Nonce::assume_unique_for_key(nonce_bytes),
                Aad::from(aad.as_slice()),
                body,
            )
            .map_err(|_| SealError::Crypto)?;
        buf.extend_from_slice(tag.as_ref());

        // base64-simd: with the scalar `base64` engine the token's base64 was a large part of seal + open.
        // Encoded straight after the prefix, into a string sized once.
        let b64 = base64_simd::URL_SAFE_NO_PAD;
        let mut token = String::with_capacity(
            VERSION.len() + key.kid.len() + 2 + b64.encoded_length(buf.len()),
        );
        token.push_str(VERSION);
        token.push('.');
        token.push_str(&key.kid);
        token.push('.');
        b64.encode_append(&buf, &mut token);
        Ok(token)
    }

    /// The one opening path: checks format, key id, tag (over label, key id and route) and expiry, decrypting
    /// into `buf`; returns the expiry and the plaintext after it.
    fn open_in_place<'b>(
        &self,
        label: &str,
        token: &str,
        route: &str,
        now_unix: u64,
        buf: &'b mut Vec<u8>,
    ) -> Result<(u64, &'b [u8]), StateError> {
        if token.len() > MAX_TOKEN_CHARS {
            return Err(StateError::Malformed);
        }
        let mut parts = token.splitn(3, '.');
        let (Some(version), Some(kid), Some(body)) = (parts.next(), parts.next(), parts.next())
        else {
            return Err(StateError::Malformed);
        };
        if version != VERSION {
            return Err(StateError::Malformed);
        }
        let key = self
            .keys
            .iter()
            .find(|k| k.kid == kid)
            .ok_or(StateError::Malformed)?;
        *buf = base64_simd::URL_SAFE_NO_PAD
            .decode_to_vec(body)
            .map_err(|_| StateError::Malformed)?;
        if buf.len() < NONCE_LEN + 8 + TAG_LEN {
            return Err(StateError::Malformed);
        }
        let (nonce, sealed) = buf.split_at_mut(NONCE_LEN);
        let nonce = Nonce::try_assume_unique_for_key(nonce).map_err(|_| StateError::Malformed)?;
        let aad = aad(label, kid, route);
        let plain = key
            .aead
            .open_in_place(nonce, Aad::from(aad.as_slice()), sealed)
            .map_err(|_| StateError::Tampered)?;
        let (exp, rest) = plain.split_at_checked(8).ok_or(StateError::Malformed)?;
        let exp: [u8; 8] = exp.try_into().map_err(|_| StateError::Malformed)?;
        let expires_at = u64::from_be_bytes(exp);
        if now_unix >= expires_at {
            return Err(StateError::Expired);
        }
        Ok((expires_at, rest))
    }
}

/// Key ids travel inside tokens separated by dots, so they are restricted to a dot-free, URL-safe set.
fn valid_kid(kid: &str) -> bool {
    !kid.is_empty()
        && kid.len() <= MAX_KID_CHARS
        && kid
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
}

/// Standard or URL-safe alphabet, padding optional: operators paste keys from `openssl rand -base64 32`
/// or from JWK-style tooling.
fn decode_key(b64: &str) -> Option<Vec<u8>> {
    let unpadded = b64.trim_end_matches('=');
    STANDARD_NO_PAD
        .decode(unpadded)
        .or_else(|_| URL_SAFE_NO_PAD.decode(unpadded))
        .ok()
}

/// HKDF-SHA256 from the operator's key to the AES-256-GCM key, once per key at load.
fn derive(kid: &str, ikm: &[u8]) -> Result<Key, KeyringError> {
    let prk = Salt::new(HKDF_SALT_ALG, HKDF_SALT).extract(ikm);
    let info: [&[u8]; 2] = [b"elicitguard envelope key ", kid.as_bytes()];
    let okm = prk
        .expand(&info, &AES_256_GCM)
        .map_err(|_| KeyringError::Crypto)?;
    Ok(Key {
        kid: kid.to_owned(),
        aead: LessSafeKey::new(UnboundKey::from(okm)),
    })
}

/// The HKDF algorithm (named so the salt constant reads with it).
const HKDF_SALT_ALG: aws_lc_rs::hkdf::Algorithm = HKDF_SHA256;

/// Associated data: each field length-prefixed (u32 big-endian) so field boundaries cannot shift.
fn aad(label: &str, kid: &str, route: &str) -> Vec<u8> {
    let mut out = Vec::with_capacity(16 + VERSION.len() + label.len() + kid.len() + route.len());
    for field in [VERSION, label, kid, route] {
        let len = u32::try_from(field.len()).unwrap_or(u32::MAX);
        out.extend_from_slice(&len.to_be_bytes());
        out.extend_from_slice(field.as_bytes());
    }
    out
}

/// An upstream's own state is sealed inside the envelope: bounded, so a server cannot make tokens (and the
/// client's retries carrying them) grow without limit.
fn check_upstream_state(upstream_state: Option<&str>) -> Result<(), SealError> {
    if upstream_state.is_some_and(|s| s.len() > MAX_UPSTREAM_STATE_BYTES) {
        return Err(SealError::UpstreamStateTooLarge);
    }
    Ok(())
}

#[cfg(test)]
#[path = "keyring_tests.rs"]
mod tests;
