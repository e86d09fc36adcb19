//! Elicitation rate limits: per (route, principal) and per route in total, with governor's GCRA.
//!
//! Order: the principal's own limit is checked first, so one user flooding a route is stopped by their own
//! bucket before they eat the route's total (which would lock everyone else out). A round refused by the
//! route total still spent one cell of the principal's bucket; that only makes the flooder wait longer.
//!
//! Memory: the keyed state grows with distinct (route, principal) pairs. [`ElicitLimiter::retain_recent`]
//! drops keys whose bucket is full again (indistinguishable from a fresh key); the proxy should call it
//! periodically, and [`ElicitLimiter::check`] calls it itself, at most once per [`PRUNE_MIN_INTERVAL`], when
//! the key count reaches the bound. If the bound is still reached after pruning, every principal on every
//! route is counted in one shared per-route overflow bucket with the per-principal quota until pruning frees
//! room: fail closed (no one escapes a limit because the table is full) yet available (elicitations still
//! flow at one principal's rate per route). Route names must be configured names, never client input: the
//! per-route table is not pruned.

use std::num::NonZeroU32;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use governor::clock::{Clock, DefaultClock, Reference};
use governor::middleware::NoOpMiddleware;
use governor::state::keyed::DashMapStateStore;
use governor::{NotUntil, Quota, RateLimiter};

use super::LimitError;

/// Most (route, principal) keys tracked before new rounds share the overflow bucket. A key costs about
/// 100 bytes (two short strings, GCRA state, map slot), so ~10 MiB at the bound.
pub const MAX_TRACKED_KEYS: usize = 100_000;

/// Least time between two inline prunes: pruning walks the whole table, which must not happen per request.
pub const PRUNE_MIN_INTERVAL: Duration = Duration::from_secs(1);

/// Which limit was hit.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Scope {
    /// One principal on one route.
    Principal,
    /// All principals on one route.
    Route,
    /// The shared bucket used while the key table is full (see the module doc).
    Overflow,
    /// The shared state store could not count the round (`store.rate_limits_on_error: closed`).
    Unavailable,
}

impl Scope {
    /// Stable rule id.
    pub fn rule(self) -> &'static str {
        match self {
            Scope::Principal => "limit.rate.principal",
            Scope::Route => "limit.rate.route",
            Scope::Overflow => "limit.rate.overflow",
            Scope::Unavailable => "limit.rate.unavailable",
        }
    }

    /// Stable lowercase name for metric labels.
    pub fn as_str(self) -> &'static str {
        match self {
            Scope::Principal => "principal",
            Scope::Route => "route",
            Scope::Overflow => "overflow",
            Scope::Unavailable => "unavailable",
        }
    }
}

impl std::fmt::Display for Scope {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Quotas, built once when the config loads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RateConfig {
    /// Elicitations one principal may get on one route at once.
    pub per_principal_burst: NonZeroU32,
    /// Elicitations one principal may get per minute on one route, sustained.
    pub per_principal_per_minute: NonZeroU32,
    /// Elicitations one route may send at once, all principals together.
    pub per_route_burst: NonZeroU32,
    /// Elicitations one route may send per minute, sustained.
    pub per_route_per_minute: NonZeroU32,
    /// Bound on tracked (route, principal) keys; see the module doc.
    pub max_tracked_keys: usize,
}

impl Default for RateConfig {
    /// A person answers a prompt in seconds at best, so a server that needs more than a few prompts a minute
    /// from one user is spamming. The defaults are set for deployments without identity, where every client
    /// shares the `anonymous` principal: 50 at once and 300 a minute per principal stop a runaway loop without
    /// tripping a handful of concurrent users; a route's total is 500 at once and 6000 a minute. With identity
    /// configured, operators tighten the per-principal numbers (`limits.elicitation_burst`, ...).
    fn default() -> Self {
        RateConfig {
            per_principal_burst: NonZeroU32::new(50).unwrap_or(NonZeroU32::MIN),
            per_principal_per_minute: NonZeroU32::new(300).unwrap_or(NonZeroU32::MIN),
            per_route_burst: NonZeroU32::new(500).unwrap_or(NonZeroU32::MIN),
            per_route_per_minute: NonZeroU32::new(6000).unwrap_or(NonZeroU32::MIN),
            max_tracked_keys: MAX_TRACKED_KEYS,
        }
    }
}

type Keyed<K, C> = RateLimiter<K, DashMapStateStore<K>, C, NoOpMiddleware<<C as Clock>::Instant>>;

/// The elicitation limiter; see the module doc. Generic over governor's clock so tests use
/// `governor::clock::FakeRelativeClock`.
pub struct ElicitLimiter<C: Clock = DefaultClock> {
    // Keys are `Arc<str>`s the request already holds (the route's name, the principal), so a check clones
    // two reference counts where `String` keys cost three allocations per check.
    principal: Keyed<(Arc<str>, Arc<str>), C>,
    route: Keyed<Arc<str>, C>,
    overflow: Keyed<Arc<str>, C>,
    max_keys: usize,
    clock: C,
    last_prune: Mutex<Option<C::Instant>>,
}

impl<C: Clock> std::fmt::Debug for ElicitLimiter<C> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ElicitLimiter")
            .field("tracked_keys", &self.principal.len())
            .field("max_keys", &self.max_keys)
            .finish()
    }
}

impl ElicitLimiter<DefaultClock> {
    /// A limiter on the real clock.
    pub fn new(config: RateConfig) -> Self {
        Self::with_clock(config, DefaultClock::default())
    }
}

impl<C: Clock + Clone> ElicitLimiter<C> {
    /// A limiter on the given clock.
    pub fn with_clock(config: RateConfig, clock: C) -> Self {
        let principal_quota = Quota::per_minute(config.per_principal_per_minute)
            .allow_burst(config.per_principal_burst);
        let route_quota =
            Quota::per_minute(config.per_route_per_minute).allow_burst(config.per_route_burst);
        ElicitLimiter {
            principal: RateLimiter::dashmap_with_clock(principal_quota, clock.clone()),
            route: RateLimiter::dashmap_with_clock(route_quota, clock.clone()),
            overflow: RateLimiter::dashmap_with_clock(principal_quota, clock.clone()),
            max_keys: config.max_tracked_keys,
            clock,
            last_prune: Mutex::new(None),
        }
    }

    /// Counts one elicitation round for `principal` (its `Display` form) on the configured `route`.
    pub fn check(&self, route: &Arc<str>, principal: &Arc<str>) -> Result<(), LimitError> {
        let own = if self.table_full() {
            self.overflow
                .check_key(route)
                .map_err(|n| self.blocked(Scope::Overflow, &n))
        } else {
            self.principal
                .check_key(&(route.clone(), principal.clone()))
                .map_err(|n| self.blocked(Scope::Principal, &n))
        };
        own?;
        self.route
            .check_key(route)
            .map_err(|n| self.blocked(Scope::Route, &n))
    }

    /// Drops keys whose buckets are full again. Cheap to call every few seconds from a timer.
    pub fn retain_recent(&self) {
        self.principal.retain_recent();
        self.principal.shrink_to_fit();
        self.overflow.retain_recent();
    }

    /// (route, principal) keys currently tracked.
    pub fn tracked_keys(&self) -> usize {
        self.principal.len()
    }

    /// Whether the key table is at its bound even after an (interval-limited) prune.
    fn table_full(&self) -> bool {
        if self.principal.len() < self.max_keys {
            return false;
        }
        let now = self.clock.now();
        let due = {
            // A poisoned lock only means a panic elsewhere mid-store; the Option inside is still valid.
            let mut last = self.last_prune.lock().unwrap_or_else(|e| e.into_inner());
            let due =
                last.is_none_or(|t| Duration::from(now.duration_since(t)) >= PRUNE_MIN_INTERVAL);
            if due {
                *last = Some(now);
            }
            due
        };
        if due {
            self.principal.retain_recent();
        }
        self.principal.len() >= self.max_keys
    }

    fn blocked(&self, scope: Scope, not_until: &NotUntil<C::Instant>) -> LimitError {
        let wait = not_until.wait_time_from(self.clock.now());
        // Round up: telling a client to come back before the cell is free only earns another refusal.
        let secs = wait.as_secs() + u64::from(wait.subsec_nanos() > 0);
        LimitError::Rate {
            scope,
            retry_after_seconds: secs.max(1),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use governor::clock::FakeRelativeClock;

    fn nz(n: u32) -> NonZeroU32 {
        NonZeroU32::new(n).unwrap()
    }

    fn config(pb: u32, pm: u32, rb: u32, rm: u32, max_keys: usize) -> RateConfig {
        RateConfig {
            per_principal_burst: nz(pb),
            per_principal_per_minute: nz(pm),
            per_route_burst: nz(rb),
            per_route_per_minute: nz(rm),
            max_tracked_keys: max_keys,
        }
    }

    /// [`ElicitLimiter::check`] with the keys made from strings.
    fn check<C: Clock + Clone>(
        lim: &ElicitLimiter<C>,
        route: &str,
        principal: &str,
    ) -> Result<(), LimitError> {
        lim.check(&Arc::from(route), &Arc::from(principal))
    }

    #[test]
    fn principal_burst_then_rate() {
        let clock = FakeRelativeClock::default();
        // 3 at once, then one every 10 s (6 a minute).
        let lim = ElicitLimiter::with_clock(config(3, 6, 100, 600, 100), clock.clone());
        for _ in 0..3 {
            check(&lim, "r", "alice").unwrap();
        }
        let err = check(&lim, "r", "alice").unwrap_err();
        assert_eq!(
            err,
            LimitError::Rate {
                scope: Scope::Principal,
                retry_after_seconds: 10
            }
        );
        assert_eq!(err.rule(), "limit.rate.principal");
        // Other principals and other routes are not affected.
        check(&lim, "r", "bob").unwrap();
        check(&lim, "r2", "alice").unwrap();
        clock.advance(Duration::from_millis(9_500));
        assert_eq!(
            check(&lim, "r", "alice").unwrap_err().retry_after_seconds(),
            Some(1)
        );
        clock.advance(Duration::from_millis(500));
        check(&lim, "r", "alice").unwrap();
        assert!(check(&lim, "r", "alice").is_err());
    }

    #[test]
    fn route_total_caps_all_principals() {
        let clock = FakeRelativeClock::default();
        // Route: 4 at once, then one every 30 s.
        let lim = ElicitLimiter::with_clock(config(10, 60, 4, 2, 100), clock.clone());
        for p in ["a", "b", "c", "d"] {
            check(&lim, "r", p).unwrap();
        }
        let err = check(&lim, "r", "e").unwrap_err();
        assert_eq!(
            err,
            LimitError::Rate {
                scope: Scope::Route,
                retry_after_seconds: 30
            }
        );
        check(&lim, "other", "e").unwrap();
        clock.advance(Duration::from_secs(30));
        check(&lim, "r", "e").unwrap();
    }

    #[test]
    fn principal_limit_is_checked_before_route_total() {
        let clock = FakeRelativeClock::default();
        let lim = ElicitLimiter::with_clock(config(2, 1, 3, 1, 100), clock);
        check(&lim, "r", "flood").unwrap();
        check(&lim, "r", "flood").unwrap();
        for _ in 0..10 {
            assert_eq!(
                check(&lim, "r", "flood").unwrap_err().rule(),
                "limit.rate.principal"
            );
        }
        // The flooder did not use up the route: one more user still gets through.
        check(&lim, "r", "quiet").unwrap();
    }

    #[test]
    fn keys_are_pruned_and_overflow_fails_closed() {
        let clock = FakeRelativeClock::default();
        // Per principal: 1 at once, one a minute. Table bound: 3 keys.
        let lim = ElicitLimiter::with_clock(config(1, 1, 1000, 1000, 3), clock.clone());
        for p in ["a", "b", "c"] {
            check(&lim, "r", p).unwrap();
        }
        assert_eq!(lim.tracked_keys(), 3);
        // Table full of live keys: the newcomer shares the overflow bucket (1 at once) ...
        check(&lim, "r", "d").unwrap();
        assert_eq!(lim.tracked_keys(), 3);
        // ... and so does everyone else until room frees up.
        assert_eq!(
            check(&lim, "r", "e").unwrap_err().rule(),
            "limit.rate.overflow"
        );
        // Governor forgets a key one emission interval after its bucket is full again (here 60 + 60 s):
        // then the inline prune empties the table.
        clock.advance(Duration::from_secs(121));
        check(&lim, "r", "e").unwrap();
        assert_eq!(lim.tracked_keys(), 1);
        // The timer prune drops idle keys too.
        clock.advance(Duration::from_secs(121));
        lim.retain_recent();
        assert_eq!(lim.tracked_keys(), 0);
    }

    #[test]
    fn many_principals_memory_stays_flat() {
        let clock = FakeRelativeClock::default();
        let lim =
            ElicitLimiter::with_clock(config(5, 60, 1_000_000, 1_000_000, 1000), clock.clone());
        for round in 0..5u32 {
            for i in 0..1000u32 {
                let _ = check(&lim, "r", &format!("p{round}-{i}"));
            }
            assert!(lim.tracked_keys() <= 1000);
            clock.advance(Duration::from_secs(5));
        }
    }

    #[test]
    fn default_config_is_sane() {
        let c = RateConfig::default();
        assert_eq!(c.per_principal_burst.get(), 50);
        assert_eq!(c.max_tracked_keys, MAX_TRACKED_KEYS);
        let lim = ElicitLimiter::new(c);
        for _ in 0..50 {
            check(&lim, "r", "p").unwrap();
        }
        assert!(check(&lim, "r", "p").is_err());
    }
}
