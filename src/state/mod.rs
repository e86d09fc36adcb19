//! The requestState envelope: AEAD-sealed, bound to the principal and the originating request; seal, open, rotate.
//!
//! CONTRACT: [`Keyring`] holds AES-256-GCM keys (aws-lc-rs) with key ids, derived
//! once at load (HKDF-SHA256): the first seals, all open (`from_lines`, `from_file`, `from_env`, `random`).
//! Token format: `eg1.<kid>.<base64url(nonce || ciphertext || tag)>`; the associated data is the version, a
//! purpose label, the key id and the route, so an envelope moved to another route fails. [`Envelope`] is what
//! is sealed (a compact binary layout inside, see `codec`). `Keyring::seal` returns `Result<String, SealError>` (refuses an upstream state
//! over [`MAX_UPSTREAM_STATE_BYTES`]); `Keyring::open` checks the tag, the route, and the expiry against
//! `now_unix`, and returns the claims; principal/method/params-digest checks are the caller's (it knows the
//! request): [`Envelope::binding_mismatch`] does them. `seal_bytes`/`open_bytes` serve other short-lived
//! tokens (the warning-page link) under their own label. [`params_digest`] hashes canonical params.
//! [`ReplayCache`] is a bounded per-instance set of envelope ids with expiry. Errors say *why* for the audit
//! log; the client is only ever told "invalid or expired".

mod codec;
mod keyring;
mod pool;
mod replay;

pub(crate) use crate::wire::digest::hex;
pub use crate::wire::digest::{canonical_params, digest_of, params_digest};

/// Lowercase hex of an envelope id's bytes, on the stack.
pub(crate) fn hex_id(bytes: &[u8; ID_BYTES]) -> [u8; 2 * ID_BYTES] {
    let mut out = [0u8; 2 * ID_BYTES];
    crate::wire::digest::hex_into(bytes, &mut out);
    out
}
pub use keyring::{
    Keyring, KeyringError, SealError, ENV_STATE_KEYS, MAX_TOKEN_CHARS, MIN_KEY_BYTES,
};
pub use replay::{ReplayCache, MAX_REPLAY_CAPACITY, MIN_REPLAY_CAPACITY, REPLAY_CAPACITY};

/// Random bytes in an envelope id.
pub(crate) const ID_BYTES: usize = 16;

/// The largest upstream `requestState` the gateway will wrap.
pub const MAX_UPSTREAM_STATE_BYTES: usize = 64 * 1024;

pub use crate::wire::asked::{Asked, SchemaText};

/// The sealed claims.
#[derive(Debug, Clone, PartialEq)]
pub struct Envelope {
    /// Unique id (replay cache key), 16 random bytes hex.
    pub id: String,
    /// The upstream's own requestState, byte for byte, or None when it sent none.
    pub upstream_state: Option<String>,
    /// `iss` + `sub` of the verified principal, or `anonymous`.
    pub principal: String,
    /// The route name.
    pub route: String,
    /// The original method (`tools/call`, ...).
    pub method: String,
    /// Digest of the params without `inputResponses`, `requestState` and `_meta` (hex SHA-256 of canonical JSON).
    pub params_digest: String,
    /// The asked keys.
    pub asked: Vec<(String, Asked)>,
    /// Round number (the first `input_required` of a call is round 1).
    pub round: u32,
    /// Unix seconds issued.
    pub issued_at: u64,
    /// Unix seconds it expires.
    pub expires_at: u64,
}

/// An envelope's claims but its id, as sealing reads them: borrowed from the request and the message it
/// answers. Sealing from these copies nothing into an owned [`Envelope`] first: principal, route, method,
/// params digest, upstream state and each asked key were a `String` each, ~8 allocations a judged request,
/// and under load each allocation is a likely cache miss.
/// `K` is how the asked keys are held: `&str` when sealing, `String` in an [`Envelope`].
#[derive(Debug, Clone, Copy)]
pub struct Claims<'a, K> {
    /// As [`Envelope::upstream_state`].
    pub upstream_state: Option<&'a str>,
    /// As [`Envelope::principal`].
    pub principal: &'a str,
    /// As [`Envelope::route`].
    pub route: &'a str,
    /// As [`Envelope::method`].
    pub method: &'a str,
    /// As [`Envelope::params_digest`].
    pub params_digest: &'a str,
    /// As [`Envelope::asked`].
    pub asked: &'a [(K, Asked)],
    /// As [`Envelope::round`].
    pub round: u32,
    /// As [`Envelope::issued_at`].
    pub issued_at: u64,
    /// As [`Envelope::expires_at`].
    pub expires_at: u64,
}

impl Envelope {
    /// This envelope's claims but its id.
    pub fn claims(&self) -> Claims<'_, String> {
        Claims {
            upstream_state: self.upstream_state.as_deref(),
            principal: &self.principal,
            route: &self.route,
            method: &self.method,
            params_digest: &self.params_digest,
            asked: &self.asked,
            round: self.round,
            issued_at: self.issued_at,
            expires_at: self.expires_at,
        }
    }

    /// A fresh envelope id: 16 random bytes, lowercase hex (32 characters).
    ///
    /// Falls back to nothing weaker: if the system RNG fails the caller gets an error and must not seal.
    pub fn new_id() -> Result<String, SealError> {
        let mut bytes = [0u8; ID_BYTES];
        aws_lc_rs::rand::fill(&mut bytes).map_err(|_| SealError::Crypto)?;
        Ok(hex(&bytes))
    }
}

impl Envelope {
    /// Which binding of this envelope the retry breaks, for the audit log (`principal`, `method` or
    /// `params`); `None` when the retry is the request that was asked for. The client is told only
    /// "invalid or expired", as for [`StateError`].
    pub fn binding_mismatch(
        &self,
        principal: &str,
        method: &str,
        params_digest: &str,
    ) -> Option<&'static str> {
        if self.principal != principal {
            Some("principal")
        } else if self.method != method {
            Some("method")
        } else if self.params_digest != params_digest {
            Some("params")
        } else {
            None
        }
    }
}

/// Why an envelope was refused (for the audit log and metrics; the client learns none of it).
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum StateError {
    /// Not an envelope of ours (format, version, unknown key id).
    #[error("malformed")]
    Malformed,
    /// The tag did not verify (tampered, wrong key or wrong route).
    #[error("tampered")]
    Tampered,
    /// Past its expiry.
    #[error("expired")]
    Expired,
    /// Already used.
    #[error("replayed")]
    Replayed,
    /// Not used before, but this replica's replay cache is full of unexpired ids: refused, since an id that
    /// cannot be recorded cannot be stopped from being replayed (`state.replay_cache_entries`).
    #[error("replay cache full")]
    CacheFull,
}

impl StateError {
    /// Stable lowercase name for metric labels and the audit log.
    pub fn as_str(self) -> &'static str {
        match self {
            StateError::Malformed => "malformed",
            StateError::Tampered => "tampered",
            StateError::Expired => "expired",
            StateError::Replayed => "replayed",
            StateError::CacheFull => "replay_cache_full",
        }
    }
}
