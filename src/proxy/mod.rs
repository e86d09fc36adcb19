//! Listeners and TLS, the request pipeline, the upstream client, the response filter, errors as responses.

pub mod body;
pub mod enforce;
pub mod error;
pub mod first_bytes;
pub mod headers;
pub mod held;
pub mod pipeline;
pub mod record;
pub mod reload;
pub mod reply;
pub mod server;
pub mod sse;
pub mod upstream;

use std::sync::Arc;

use arc_swap::ArcSwap;
use tokio::sync::Semaphore;

use crate::config::{Route, Snapshot};
use crate::telemetry::{AuditLog, Metrics, RouteMetrics};

pub use server::{serve, Running};

/// The snapshot in force and the clients built for it, swapped together on reload.
#[derive(Debug)]
pub struct Live {
    /// The configuration.
    pub snapshot: Arc<Snapshot>,
    /// Upstream clients for it.
    pub clients: upstream::Clients,
    /// Each route's metric handles, at the route's [`crate::config::Route::index`].
    pub route_metrics: Vec<Arc<RouteMetrics>>,
}

impl Live {
    /// What `snapshot` puts in force: its upstream clients and its routes' metric handles.
    fn new(snapshot: Snapshot) -> Live {
        let clients = upstream::Clients::new(&snapshot);
        let route_metrics = snapshot
            .routes
            .iter()
            .map(|r| Arc::new(RouteMetrics::new(&r.name)))
            .collect();
        Live {
            snapshot: Arc::new(snapshot),
            clients,
            route_metrics,
        }
    }

    /// The metric handles of `route`, one of this snapshot's routes (a route of another snapshot gets
    /// handles of its own: they count into the same series).
    pub fn metrics_of(&self, route: &Route) -> Arc<RouteMetrics> {
        match self.route_metrics.get(route.index) {
            Some(m) => m.clone(),
            None => Arc::new(RouteMetrics::new(&route.name)),
        }
    }
}

/// State shared by every connection.
#[derive(Debug)]
pub struct Gateway {
    /// What is in force now; each request loads it once and keeps it to the end.
    pub live: ArcSwap<Live>,
    /// Metrics.
    pub metrics: Arc<Metrics>,
    /// Audit sink (its destination is fixed at start-up).
    pub audit: AuditLog,
    /// The replay cache, the elicitation rate limits and the legacy sessions: in process, or shared by every
    /// replica (`store:`). Fixed at start-up; a reload that changes the rate limits gives the in-process limiter
    /// new quotas (its counts start afresh then) and keeps it, counts and all, across any other reload, so
    /// reloading cannot be used to reset them.
    pub store: Arc<crate::store::Store>,
    /// Requests in flight (sized at start-up from `limits.max_concurrent_requests`).
    pub inflight: Arc<Semaphore>,
    /// Metric handles for requests no route took (route label `none`).
    pub unrouted: RouteMetrics,
    /// Set when the shutdown grace is over: every stream still open ends with an error for its pending call
    /// and a proper end of body before its connection is closed (see `server::Running::shutdown`).
    pub closing: tokio::sync::watch::Sender<bool>,
}

impl Gateway {
    /// Builds the shared state for a first snapshot.
    pub fn new(snapshot: Snapshot, metrics: Arc<Metrics>) -> std::io::Result<Arc<Self>> {
        let audit = AuditLog::open(
            snapshot.audit.path.as_deref(),
            snapshot.audit.include_allows,
            metrics.clone(),
        )?;
        let inflight = Arc::new(Semaphore::new(
            snapshot.limits.max_concurrent_requests as usize,
        ));
        for r in &snapshot.routes {
            metrics.route_series(&r.name);
        }
        let store =
            crate::store::Store::new(snapshot.store.clone(), snapshot.rate, metrics.clone())
                .map_err(std::io::Error::other)?;
        if store.is_shared() {
            // Not ready until the first probe is answered.
            metrics.store_up.set(0);
        }
        Ok(Arc::new(Gateway {
            store: Arc::new(store),
            live: ArcSwap::from_pointee(Live::new(snapshot)),
            metrics,
            audit,
            inflight,
            unrouted: RouteMetrics::new("none"),
            closing: tokio::sync::watch::Sender::new(false),
        }))
    }

    /// Puts a new snapshot in force; requests already running keep theirs.
    pub fn install(&self, snapshot: Snapshot) {
        if self.live.load().snapshot.rate != snapshot.rate {
            self.store.set_rate(snapshot.rate);
        }
        for r in &snapshot.routes {
            self.metrics.route_series(&r.name);
        }
        self.live.store(Arc::new(Live::new(snapshot)));
    }
}
pub mod links;
pub mod retry;
