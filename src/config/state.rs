//! The `state` and `store` sections: the keys envelopes are sealed with and how long they live, and where
//! the replay cache, the rate limits and the legacy sessions are kept (this process, or a shared Redis).

use std::sync::Arc;

use crate::state::{Keyring, MAX_REPLAY_CAPACITY, MIN_REPLAY_CAPACITY, REPLAY_CAPACITY};
use crate::store::{
    Backend, FailMode, StoreConfig, DEFAULT_KEY_PREFIX, DEFAULT_TIMEOUT, MAX_TIMEOUT,
};

use super::{ephemeral_keyring, file, Cx, DEFAULT_STATE_TTL_SECONDS};

/// Envelope keys: the file, else the environment, else one random key for the life of the process
/// (envelopes then die with it and cannot cross replicas; `serve` logs a warning).
pub(super) fn keyring(cx: &mut Cx<'_>, s: &file::StateFile) -> Option<Arc<Keyring>> {
    let keyring = match &s.keys_file {
        Some(p) => {
            let path = cx.watch(p);
            Keyring::from_file(&path)
                .map(Arc::new)
                .map_err(|e| ("state.keys_file", e.to_string()))
        }
        None => match std::env::var(crate::state::ENV_STATE_KEYS) {
            Ok(_) => Keyring::from_env()
                .map(Arc::new)
                .map_err(|e| (crate::state::ENV_STATE_KEYS, e.to_string())),
            Err(_) => ephemeral_keyring().map_err(|e| ("state", e)),
        },
    };
    keyring.map_err(|(field, e)| cx.invalid(field, e)).ok()
}

/// How long a sealed envelope lives, in seconds (1 to a day).
pub(super) fn ttl_seconds(cx: &mut Cx<'_>, s: &file::StateFile) -> u64 {
    let ttl = s.ttl_seconds.unwrap_or(DEFAULT_STATE_TTL_SECONDS);
    if ttl == 0 || ttl > 86_400 {
        cx.invalid("state.ttl_seconds", "must be between 1 and 86400");
    }
    ttl
}

/// The `store:` section (and `--store`): memory when neither names a URL. `state.replay_cache_entries` sizes
/// the in-process replay cache, so it is refused beside a shared store, which would silently ignore it.
pub(super) fn store(
    cx: &mut Cx<'_>,
    file: Option<&file::StoreFile>,
    url_flag: Option<&str>,
    state: &file::StateFile,
) -> StoreConfig {
    let url = url_flag.or(file.map(|f| f.url.as_str()));
    let timeout = match file.and_then(|f| f.timeout_ms) {
        None => DEFAULT_TIMEOUT,
        Some(ms) if ms >= 1 && u128::from(ms) <= MAX_TIMEOUT.as_millis() => {
            std::time::Duration::from_millis(ms)
        }
        Some(_) => {
            cx.invalid(
                "store.timeout_ms",
                format!("must be between 1 and {}", MAX_TIMEOUT.as_millis()),
            );
            DEFAULT_TIMEOUT
        }
    };
    let rate_on_error = match file.and_then(|f| f.rate_limits_on_error) {
        Some(file::FailModeSetting::Open) => FailMode::Open,
        _ => FailMode::Closed,
    };
    let backend = match url {
        None => Backend::Memory,
        Some(url) => {
            let field = if url_flag.is_some() {
                "--store"
            } else {
                "store.url"
            };
            if let Err(reason) = crate::store::validate_url(url) {
                cx.invalid(field, reason);
            }
            let key_prefix = file
                .and_then(|f| f.key_prefix.clone())
                .unwrap_or_else(|| DEFAULT_KEY_PREFIX.to_owned());
            if key_prefix.len() > 64
                || key_prefix
                    .chars()
                    .any(|c| c.is_control() || c.is_whitespace())
            {
                cx.invalid(
                    "store.key_prefix",
                    "must be at most 64 characters, without spaces or control characters",
                );
            }
            Backend::Redis {
                url: url.to_owned(),
                key_prefix,
            }
        }
    };
    let replay_capacity = match state.replay_cache_entries {
        None => REPLAY_CAPACITY,
        Some(_) if backend != Backend::Memory => {
            cx.invalid(
                "state.replay_cache_entries",
                "sizes the in-process replay cache; with store.url the ids are kept in Redis",
            );
            REPLAY_CAPACITY
        }
        Some(n) => match usize::try_from(n) {
            Ok(n) if (MIN_REPLAY_CAPACITY..=MAX_REPLAY_CAPACITY).contains(&n) => n,
            _ => {
                cx.invalid(
                    "state.replay_cache_entries",
                    format!("must be between {MIN_REPLAY_CAPACITY} and {MAX_REPLAY_CAPACITY}"),
                );
                REPLAY_CAPACITY
            }
        },
    };
    StoreConfig {
        backend,
        timeout,
        rate_on_error,
        replay_capacity,
    }
}
