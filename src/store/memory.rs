//! The in-process backend: the replay cache, the rate limiter and the session table of this replica alone.
//! Every call completes at once; the bounds are those of each part (see their module docs).

use std::sync::Arc;

use arc_swap::ArcSwap;

use crate::limit::{ElicitLimiter, RateConfig};
use crate::state::ReplayCache;

use super::sessions::Sessions;

/// This replica's state.
pub struct Memory {
    /// Envelope ids already used.
    pub replay: ReplayCache,
    /// Elicitation rate limits. Replaced when a reload changes the quotas (their counts start afresh then);
    /// kept, counts and all, across any other reload, so reloading cannot be used to reset them.
    limiter: ArcSwap<ElicitLimiter>,
    /// Legacy sessions.
    pub sessions: Sessions,
}

impl Memory {
    /// Empty state with these quotas and a replay cache of `replay_capacity` ids.
    pub fn new(rate: RateConfig, replay_capacity: usize) -> Memory {
        Memory {
            replay: ReplayCache::with_capacity(replay_capacity),
            limiter: ArcSwap::from_pointee(ElicitLimiter::new(rate)),
            sessions: Sessions::default(),
        }
    }

    /// The limiter in force.
    pub fn limiter(&self) -> Arc<ElicitLimiter> {
        self.limiter.load_full()
    }

    /// New quotas: a fresh limiter.
    pub fn set_rate(&self, rate: RateConfig) {
        self.limiter.store(Arc::new(ElicitLimiter::new(rate)));
    }
}

/// Whether `id` has the shape of an envelope id (32 lowercase or uppercase hex digits), checked before it is
/// used as a key anywhere.
pub fn is_envelope_id(id: &str) -> bool {
    id.len() == 2 * crate::state::ID_BYTES && id.bytes().all(|b| b.is_ascii_hexdigit())
}
