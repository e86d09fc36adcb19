//! The state that guards a person across requests, in one place for every replica: the replay cache (an
//! envelope is used once), the elicitation rate limits, and the legacy session table (who opened a session,
//! what its client declared, which forms its server asked).
//!
//! Two backends behind one type, [`Store`]: the in-process one ([`memory`], the default: one replica needs
//! nothing else) and Redis ([`redis`]), which every replica shares, so no guarantee depends on which replica a
//! request lands on. Every Redis step is one atomic server-side command or Lua script: no read-modify-write
//! between replicas.
//!
//! Faults: a store call is bounded by `store.timeout_ms`. When it fails, nothing that guards a person is
//! skipped (see `docs/design.md`, "The shared store"): a retry is refused (its replay cannot be checked), a
//! round that cannot be counted is refused unless the operator chose `rate_limits_on_error: open`, a request in
//! a legacy session whose owner cannot be checked is refused, and an elicitation whose question cannot be
//! remembered is not forwarded. Pass-through traffic needs no store call and keeps flowing. A background probe
//! keeps [`Store::is_up`] (and `/readyz`, `elicitguard_store_up`) current, and the Redis connection is re-made
//! by itself when the server comes back: no restart.

pub mod memory;
pub mod redis;
pub mod sessions;

use std::sync::Arc;
use std::time::Duration;

use crate::limit::{LimitError, RateConfig, Scope};
use crate::state::StateError;
use crate::telemetry::{Metrics, OpLabels};
use crate::wire::ClientModes;

pub use sessions::{AskLookup, Lookup};

/// Default bound on one store call. A Redis round trip in the same zone is well under a millisecond; 250 ms
/// leaves room for a busy server and a TLS handshake while keeping a dead store from holding requests long.
pub const DEFAULT_TIMEOUT: Duration = Duration::from_millis(250);

/// Longest `store.timeout_ms` accepted: a store slower than this is down, as far as a person waiting is
/// concerned.
pub const MAX_TIMEOUT: Duration = Duration::from_secs(5);

/// Default prefix of every key the gateway writes, so one Redis can serve other tenants.
pub const DEFAULT_KEY_PREFIX: &str = "elicitguard:";

/// Environment variable holding the Redis password, when it is not in the URL (kept out of config files).
pub const ENV_STORE_PASSWORD: &str = "ELICITGUARD_STORE_PASSWORD";

/// How often the health probe runs (`PING`) while the gateway serves.
pub const PROBE_INTERVAL: Duration = Duration::from_secs(1);

/// What a round that cannot be counted (the store is down) gets.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum FailMode {
    /// Refused (`limit.rate.unavailable`): the default, since a limit nobody counts is no limit.
    #[default]
    Closed,
    /// Let through, counted nowhere. For rate limits only: replay and session checks always fail closed.
    Open,
}

/// Which backend, as configured (`store:` in the config file, or `--store URL`).
#[derive(Clone, PartialEq, Eq, Default)]
pub enum Backend {
    /// In-process: one replica.
    #[default]
    Memory,
    /// A Redis server every replica shares.
    Redis {
        /// `redis://` or `rediss://` URL, password included if the operator wrote one.
        url: String,
        /// Prefix of every key.
        key_prefix: String,
    },
}

impl std::fmt::Debug for Backend {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Backend::Memory => f.write_str("Memory"),
            Backend::Redis { url, key_prefix } => f
                .debug_struct("Redis")
                .field("url", &redacted_url(url))
                .field("key_prefix", key_prefix)
                .finish(),
        }
    }
}

impl Backend {
    /// What `check` prints: the backend and where, never a password.
    pub fn describe(&self) -> String {
        match self {
            Backend::Memory => "memory (in-process; one replica)".to_owned(),
            Backend::Redis { url, key_prefix } => {
                format!("redis {} (key prefix {key_prefix:?})", redacted_url(url))
            }
        }
    }
}

/// The store's settings.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoreConfig {
    /// Which backend.
    pub backend: Backend,
    /// Bound on one call.
    pub timeout: Duration,
    /// What an uncountable round gets.
    pub rate_on_error: FailMode,
    /// Envelope ids the in-process replay cache holds (`state.replay_cache_entries`; memory backend only, a
    /// shared store keeps ids in Redis).
    pub replay_capacity: usize,
}

impl Default for StoreConfig {
    fn default() -> Self {
        StoreConfig {
            backend: Backend::default(),
            timeout: Duration::default(),
            rate_on_error: FailMode::default(),
            replay_capacity: crate::state::REPLAY_CAPACITY,
        }
    }
}

/// `url` with any password replaced by `***`, for logs and `check`.
pub fn redacted_url(url: &str) -> String {
    match url::Url::parse(url) {
        Ok(mut u) => {
            if u.password().is_some() {
                let _ = u.set_password(Some("***"));
            }
            u.to_string()
        }
        Err(_) => "(unparsable URL)".to_owned(),
    }
}

/// Checks a store URL as `check` and the config loader do: a scheme the client speaks, a host, a database
/// number. The reason is for the operator; it never repeats the URL (it may hold a password).
pub fn validate_url(url: &str) -> Result<(), String> {
    let u = url::Url::parse(url).map_err(|e| format!("not a URL: {e}"))?;
    match u.scheme() {
        "redis" | "rediss" => {}
        other => return Err(format!("scheme {other:?} is not redis:// or rediss://")),
    }
    if u.host_str().is_none_or(str::is_empty) {
        return Err("no host".to_owned());
    }
    let db = u.path().trim_start_matches('/');
    if !db.is_empty() && db.parse::<u16>().is_err() {
        return Err(format!("database {db:?} is not a number"));
    }
    ::redis::Client::open(url)
        .map_err(|e| format!("the Redis client refuses it: {:?}", e.kind()))?;
    Ok(())
}

/// Why a store call failed. Callers fail closed on every one of them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum StoreError {
    /// No answer within `store.timeout_ms`.
    #[error("the state store did not answer in time")]
    Timeout,
    /// The connection failed or the server refused the command.
    #[error("the state store cannot be reached")]
    Unavailable,
    /// The server answered something the gateway did not ask for.
    #[error("the state store answered something unexpected")]
    Protocol,
}

/// Store operations, for the metric labels.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Op {
    /// Recording an envelope id.
    Replay,
    /// Counting elicitation rounds.
    Rate,
    /// Reading a legacy session (owner, modes, an asked form).
    SessionRead,
    /// Writing a legacy session.
    SessionWrite,
    /// The health probe.
    Ping,
}

impl Op {
    /// Every operation, for series exported at zero.
    pub const ALL: [Op; 5] = [
        Op::Replay,
        Op::Rate,
        Op::SessionRead,
        Op::SessionWrite,
        Op::Ping,
    ];

    /// Stable label value.
    pub fn as_str(self) -> &'static str {
        match self {
            Op::Replay => "replay",
            Op::Rate => "rate",
            Op::SessionRead => "session_read",
            Op::SessionWrite => "session_write",
            Op::Ping => "ping",
        }
    }
}

/// Why an envelope id could not be used.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum UseOnce {
    /// Already used, or malformed ([`StateError`]).
    Refused(StateError),
    /// The store could not record it: the retry is refused, since its replay cannot be checked.
    Unavailable,
}

enum Kind {
    Memory(memory::Memory),
    Redis(redis::RedisStore),
}

/// The store every request of the gateway uses; see the module doc.
pub struct Store {
    kind: Kind,
    config: StoreConfig,
    metrics: Arc<Metrics>,
}

impl std::fmt::Debug for Store {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Store")
            .field("backend", &self.config.backend)
            .finish()
    }
}

impl Store {
    /// A store for `config`. The Redis connection is made lazily (and re-made after a failure), so a gateway
    /// starts while Redis is down and serves pass-through traffic, `/readyz` saying not ready until it is up.
    pub fn new(
        config: StoreConfig,
        rate: RateConfig,
        metrics: Arc<Metrics>,
    ) -> Result<Store, String> {
        let kind = match &config.backend {
            Backend::Memory => Kind::Memory(memory::Memory::new(rate, config.replay_capacity)),
            Backend::Redis { url, key_prefix } => {
                let password = std::env::var(ENV_STORE_PASSWORD)
                    .ok()
                    .filter(|p| !p.is_empty());
                Kind::Redis(redis::RedisStore::new(
                    url,
                    password.as_deref(),
                    key_prefix,
                    config.timeout,
                )?)
            }
        };
        Ok(Store {
            kind,
            config,
            metrics,
        })
    }

    /// An in-process store (tests, `inspect`, the demo).
    pub fn memory(rate: RateConfig, metrics: Arc<Metrics>) -> Store {
        Store {
            kind: Kind::Memory(memory::Memory::new(rate, crate::state::REPLAY_CAPACITY)),
            config: StoreConfig {
                timeout: DEFAULT_TIMEOUT,
                ..StoreConfig::default()
            },
            metrics,
        }
    }

    /// The settings it was made with.
    pub fn config(&self) -> &StoreConfig {
        &self.config
    }

    /// Whether the store is shared by replicas (Redis): rounds are then counted with [`Store::count_rounds`]
    /// and every call may wait.
    pub fn is_shared(&self) -> bool {
        matches!(self.kind, Kind::Redis(_))
    }

    /// The in-process limiter, checked synchronously where the response is filtered; `None` on a shared store.
    pub fn local_limiter(&self) -> Option<Arc<crate::limit::ElicitLimiter>> {
        match &self.kind {
            Kind::Memory(m) => Some(m.limiter()),
            Kind::Redis(_) => None,
        }
    }

    /// A reload changed the rate limits: the in-process limiter starts afresh with them. (On Redis each check
    /// carries the quota it is made with, so nothing needs replacing.)
    pub fn set_rate(&self, rate: RateConfig) {
        if let Kind::Memory(m) = &self.kind {
            m.set_rate(rate);
        }
    }

    /// Whether the store answered its last probe (always true in process).
    pub fn is_up(&self) -> bool {
        match &self.kind {
            Kind::Memory(_) => true,
            Kind::Redis(r) => r.is_up(),
        }
    }

    /// Runs the health probe every [`PROBE_INTERVAL`] until the process ends (nothing to do in process).
    pub fn spawn_probe(self: &Arc<Self>) {
        if !self.is_shared() {
            return;
        }
        let store = Arc::downgrade(self);
        tokio::spawn(async move {
            let mut tick = tokio::time::interval(PROBE_INTERVAL);
            tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
            loop {
                tick.tick().await;
                let Some(store) = store.upgrade() else { return };
                store.probe().await;
            }
        });
    }

    /// One health probe: `PING` within the timeout; sets [`Store::is_up`] and `elicitguard_store_up`.
    pub async fn probe(&self) {
        if let Kind::Redis(r) = &self.kind {
            let ok = self.timed(Op::Ping, r.ping()).await.is_ok();
            r.set_up(ok);
            self.metrics.store_up.set(i64::from(ok));
        }
    }

    /// Records envelope `id` as used until `expires_at`, cluster-wide on Redis (one `SET NX EXAT`).
    pub async fn use_once(&self, id: &str, expires_at: u64, now: u64) -> Result<(), UseOnce> {
        match &self.kind {
            Kind::Memory(m) => m
                .replay
                .check_and_insert(id, expires_at, now)
                .map_err(UseOnce::Refused),
            Kind::Redis(r) => {
                if !memory::is_envelope_id(id) {
                    return Err(UseOnce::Refused(StateError::Malformed));
                }
                match self.timed(Op::Replay, r.use_once(id, expires_at)).await {
                    Ok(true) => Ok(()),
                    Ok(false) => Err(UseOnce::Refused(StateError::Replayed)),
                    Err(_) => Err(UseOnce::Unavailable),
                }
            }
        }
    }

    /// Counts `rounds` elicitation rounds for `principal` on `route` against `rate`, atomically on the
    /// shared store (GCRA in one Lua script: the principal's bucket, then the route's). On the in-process
    /// store the limiter is checked once per round. A store that cannot count gives
    /// [`Scope::Unavailable`] under [`FailMode::Closed`], and lets the rounds through under
    /// [`FailMode::Open`].
    pub async fn count_rounds(
        &self,
        route: &Arc<str>,
        principal: &Arc<str>,
        rounds: u32,
        rate: &RateConfig,
    ) -> Result<(), LimitError> {
        match &self.kind {
            Kind::Memory(m) => {
                let limiter = m.limiter();
                for _ in 0..rounds {
                    limiter.check(route, principal)?;
                }
                Ok(())
            }
            Kind::Redis(r) => match self
                .timed(Op::Rate, r.count_rounds(route, principal, rounds, rate))
                .await
            {
                Ok(result) => result,
                Err(_) => match self.config.rate_on_error {
                    FailMode::Closed => Err(LimitError::Rate {
                        scope: Scope::Unavailable,
                        retry_after_seconds: 1,
                    }),
                    FailMode::Open => Ok(()),
                },
            },
        }
    }

    /// Remembers a session opened by `principal` whose `initialize` declared `modes`.
    pub async fn session_open(
        &self,
        sid: &str,
        modes: ClientModes,
        principal: &str,
    ) -> Result<(), StoreError> {
        match &self.kind {
            Kind::Memory(m) => {
                m.sessions
                    .insert(sid, modes, principal, std::time::Instant::now());
                Ok(())
            }
            Kind::Redis(r) => {
                if sid.len() > sessions::MAX_SESSION_ID_BYTES {
                    return Ok(());
                }
                self.timed(Op::SessionWrite, r.session_open(sid, modes, principal))
                    .await
            }
        }
    }

    /// Looks session `sid` up for `principal`, refreshing its idle expiry.
    pub async fn session_lookup(&self, sid: &str, principal: &str) -> Result<Lookup, StoreError> {
        match &self.kind {
            Kind::Memory(m) => Ok(m.sessions.lookup(sid, principal, std::time::Instant::now())),
            Kind::Redis(r) => {
                if sid.len() > sessions::MAX_SESSION_ID_BYTES {
                    return Ok(Lookup::Unknown);
                }
                self.timed(Op::SessionRead, r.session_lookup(sid, principal))
                    .await
            }
        }
    }

    /// Remembers the schemas of form elicitations the server pushed in session `sid`: (the server request's
    /// id as text, its requested schema). On Redis, before the question is forwarded, so an answer landing on
    /// any replica finds it.
    pub async fn remember_asked(
        &self,
        sid: &str,
        asked: Vec<(String, serde_json::Value)>,
    ) -> Result<(), StoreError> {
        match &self.kind {
            Kind::Memory(m) => {
                for (id, schema) in asked {
                    m.sessions.remember_asked(sid, &id, schema);
                }
                Ok(())
            }
            Kind::Redis(r) => {
                if sid.len() > sessions::MAX_SESSION_ID_BYTES {
                    return Ok(());
                }
                self.timed(Op::SessionWrite, r.remember_asked(sid, asked))
                    .await
            }
        }
    }

    /// Takes what server request `request_id` asked in session `sid` (see [`sessions::Sessions::take_asked`]).
    pub async fn take_asked(&self, sid: &str, request_id: &str) -> Result<AskLookup, StoreError> {
        match &self.kind {
            Kind::Memory(m) => Ok(m.sessions.take_asked(sid, request_id)),
            Kind::Redis(r) => {
                if sid.len() > sessions::MAX_SESSION_ID_BYTES {
                    return Ok(AskLookup::NotAForm);
                }
                self.timed(Op::SessionRead, r.take_asked(sid, request_id))
                    .await
            }
        }
    }

    /// Forgets session `sid` (DELETE).
    pub async fn session_remove(&self, sid: &str) -> Result<(), StoreError> {
        match &self.kind {
            Kind::Memory(m) => {
                m.sessions.remove(sid);
                Ok(())
            }
            Kind::Redis(r) => self.timed(Op::SessionWrite, r.session_remove(sid)).await,
        }
    }

    /// Runs one store call within the timeout, counting its latency and any failure.
    async fn timed<T>(
        &self,
        op: Op,
        call: impl std::future::Future<Output = Result<T, StoreError>>,
    ) -> Result<T, StoreError> {
        let started = std::time::Instant::now();
        let result = match tokio::time::timeout(self.config.timeout, call).await {
            Ok(r) => r,
            Err(_) => Err(StoreError::Timeout),
        };
        let labels = OpLabels { op: op.as_str() };
        self.metrics
            .store_duration
            .get_or_create(&labels)
            .observe(started.elapsed().as_secs_f64());
        if let Err(e) = &result {
            self.metrics.store_errors.get_or_create(&labels).inc();
            tracing::warn!(op = op.as_str(), error = %e, "state store call failed");
        }
        result
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_op_has_its_metric_series() {
        let names: Vec<&str> = Op::ALL.iter().map(|o| o.as_str()).collect();
        assert_eq!(names, crate::telemetry::STORE_OPS);
    }

    #[tokio::test]
    async fn a_full_replay_cache_refuses_with_its_own_reason() {
        let config = StoreConfig {
            replay_capacity: crate::state::MIN_REPLAY_CAPACITY,
            ..StoreConfig::default()
        };
        let store = Store::new(config, RateConfig::default(), Arc::new(Metrics::new())).unwrap();
        let id = |n: usize| format!("{n:032x}");
        for n in 0..crate::state::MIN_REPLAY_CAPACITY {
            assert_eq!(store.use_once(&id(n), 100, 0).await, Ok(()));
        }
        let full = Err(UseOnce::Refused(StateError::CacheFull));
        assert_eq!(store.use_once(&id(usize::MAX), 100, 0).await, full);
        // Told apart from a replay, and exported under its own reason.
        assert_eq!(
            store.use_once(&id(0), 100, 0).await,
            Err(UseOnce::Refused(StateError::Replayed))
        );
        assert!(
            crate::telemetry::ENVELOPE_REJECTION_REASONS.contains(&StateError::CacheFull.as_str())
        );
        // Ids free up as they expire.
        assert_eq!(store.use_once(&id(usize::MAX), 200, 100).await, Ok(()));
    }

    #[test]
    fn a_password_never_leaves_the_url_as_written() {
        let shown = Backend::Redis {
            url: "redis://user:s3cr3t@h:6379/0".into(),
            key_prefix: "p:".into(),
        };
        assert!(!format!("{shown:?}").contains("s3cr3t"));
        assert!(!shown.describe().contains("s3cr3t"));
        assert!(validate_url("redis://user:s3cr3t@h:6379/x").is_err_and(|e| !e.contains("s3cr3t")));
    }
}
