//! Single use within the expiry: a bounded set of envelope ids seen by this process (the memory store's replay
//! cache, `crate::store::memory`). Replicas share one through the Redis store instead (`crate::store::redis`).
//!
//! Full cache: expired ids are evicted first (cheap, earliest expiry at the top of a heap). If the cache is
//! still full, the retry is refused as `CacheFull`: fail closed, because an id we cannot record is an id we
//! cannot stop being replayed. The default capacity holds ~330 retries a second over a 10-minute expiry
//! window; an operator with more automated traffic on one replica raises it (`state.replay_cache_entries`),
//! and refusals show as `elicitguard_envelope_rejections_total{reason="replay_cache_full"}`.

use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashMap};
use std::sync::Mutex;

use super::StateError;

/// Ids remembered at most. An entry costs about 80 bytes (a 16-byte id, its expiry, map and heap slots), so
/// this is ~16 MiB at worst, and it holds 330 retries a second for a full 10-minute expiry window.
pub const REPLAY_CAPACITY: usize = 200_000;
/// The least `state.replay_cache_entries`: below it a burst of people retrying would be refused.
pub const MIN_REPLAY_CAPACITY: usize = 1_000;
/// The most `state.replay_cache_entries`: ~800 MiB at worst, 16,000 retries a second for 10 minutes.
pub const MAX_REPLAY_CAPACITY: usize = 10_000_000;

#[derive(Default)]
struct Inner {
    /// id -> expiry (unix seconds).
    seen: HashMap<u128, u64>,
    /// (expiry, id), earliest first; may hold stale pairs for ids whose map entry was replaced.
    by_expiry: BinaryHeap<Reverse<(u64, u128)>>,
}

/// The replay cache; see the module doc.
pub struct ReplayCache {
    capacity: usize,
    inner: Mutex<Inner>,
}

impl std::fmt::Debug for ReplayCache {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ReplayCache")
            .field("capacity", &self.capacity)
            .field("len", &self.len())
            .finish()
    }
}

impl Default for ReplayCache {
    fn default() -> Self {
        ReplayCache::with_capacity(REPLAY_CAPACITY)
    }
}

impl ReplayCache {
    /// A cache of [`REPLAY_CAPACITY`] ids.
    pub fn new() -> Self {
        Self::default()
    }

    /// A cache holding at most `capacity` ids (tests, or operators with unusual volumes).
    pub fn with_capacity(capacity: usize) -> Self {
        ReplayCache {
            capacity,
            inner: Mutex::new(Inner::default()),
        }
    }

    /// Records `id` until `expires_at`; `Err(Replayed)` if it was already recorded and has not expired,
    /// `Err(CacheFull)` if the cache is full of unexpired ids (see the module doc). An id that is not 32 hex digits is `Malformed`
    /// (envelope ids are made by [`super::Envelope::new_id`]).
    pub fn check_and_insert(&self, id: &str, expires_at: u64, now: u64) -> Result<(), StateError> {
        if id.len() != 32 || !id.bytes().all(|b| b.is_ascii_hexdigit()) {
            return Err(StateError::Malformed);
        }
        let key = u128::from_str_radix(id, 16).map_err(|_| StateError::Malformed)?;
        // A poisoned lock only means another thread panicked mid-update; the map is still a valid map.
        let mut inner = self.inner.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(&seen_exp) = inner.seen.get(&key) {
            if seen_exp > now {
                return Err(StateError::Replayed);
            }
        }
        evict_expired(&mut inner, now);
        if inner.seen.len() >= self.capacity && !inner.seen.contains_key(&key) {
            return Err(StateError::CacheFull);
        }
        inner.seen.insert(key, expires_at);
        inner.by_expiry.push(Reverse((expires_at, key)));
        Ok(())
    }

    /// Ids currently held (expired ones may linger until the next insert).
    pub fn len(&self) -> usize {
        self.inner
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .seen
            .len()
    }

    /// Whether no id is held.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

fn evict_expired(inner: &mut Inner, now: u64) {
    while let Some(&Reverse((exp, key))) = inner.by_expiry.peek() {
        if exp > now {
            break;
        }
        inner.by_expiry.pop();
        // Only drop the map entry if it is the one this heap pair describes.
        if inner.seen.get(&key) == Some(&exp) {
            inner.seen.remove(&key);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn id(n: u8) -> String {
        format!("{:032x}", n)
    }

    #[test]
    fn second_use_is_refused_until_expiry() {
        let cache = ReplayCache::new();
        assert_eq!(cache.check_and_insert(&id(1), 100, 10), Ok(()));
        assert_eq!(
            cache.check_and_insert(&id(1), 100, 50),
            Err(StateError::Replayed)
        );
        assert_eq!(cache.check_and_insert(&id(2), 100, 50), Ok(()));
        // After expiry the envelope itself is refused by `open`; the cache may forget it.
        assert_eq!(cache.check_and_insert(&id(1), 200, 100), Ok(()));
    }

    #[test]
    fn full_cache_evicts_expired_then_refuses() {
        let cache = ReplayCache::with_capacity(2);
        cache.check_and_insert(&id(1), 50, 0).unwrap();
        cache.check_and_insert(&id(2), 100, 0).unwrap();
        // Full of live ids: fail closed.
        assert_eq!(
            cache.check_and_insert(&id(3), 100, 10),
            Err(StateError::CacheFull)
        );
        // id 1 expired at 50: its slot is reused.
        assert_eq!(cache.check_and_insert(&id(3), 100, 50), Ok(()));
        assert_eq!(cache.len(), 2);
        assert_eq!(
            cache.check_and_insert(&id(2), 100, 60),
            Err(StateError::Replayed)
        );
    }

    #[test]
    fn malformed_ids_are_refused() {
        let cache = ReplayCache::new();
        for bad in [
            "",
            "xyz",
            &"g".repeat(32),
            &"0".repeat(33),
            &format!("+{}", "0".repeat(31)),
        ] {
            assert_eq!(
                cache.check_and_insert(bad, 100, 0),
                Err(StateError::Malformed)
            );
        }
        assert!(cache.is_empty());
    }

    #[test]
    fn new_ids_are_32_hex_and_distinct() {
        let a = crate::state::Envelope::new_id().unwrap();
        let b = crate::state::Envelope::new_id().unwrap();
        assert_eq!(a.len(), 32);
        assert!(a.bytes().all(|c| c.is_ascii_hexdigit()));
        assert_ne!(a, b);
        ReplayCache::new().check_and_insert(&a, 10, 0).unwrap();
    }
}
