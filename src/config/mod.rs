//! The YAML file format, compiled into a validated, immutable snapshot; reload keeps the old one on error.

pub mod file;
mod identity;
mod limits;
mod listeners;
pub mod origin;
mod policy;
mod routes;
mod state;

pub mod tls;

use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use http::Uri;

use crate::limit::RateConfig;
use crate::policy::clean_schemas::CleanSchemas;
use crate::policy::engine::{Engine, RoutePolicy};
use crate::policy::rules::RuleTable;
use crate::policy::secret::SecretPolicy;
use crate::policy::url::UrlPolicy;
use crate::state::Keyring;

pub use file::ModeSetting;

/// Why a config could not be used. Every variant names the file and field where it can.
#[derive(Debug, thiserror::Error)]
pub enum ConfigError {
    /// The file could not be read.
    #[error("{file}: cannot read: {reason}")]
    Read {
        /// The file.
        file: String,
        /// The OS error.
        reason: String,
    },
    /// The YAML does not match the format.
    #[error("{file}: {reason}")]
    Parse {
        /// The file.
        file: String,
        /// What serde-saphyr said (with line and column).
        reason: String,
    },
    /// A field has a value that cannot work.
    #[error("{file}: {field}: {reason}")]
    Invalid {
        /// The file.
        file: String,
        /// The field path, such as `routes[0].upstream`.
        field: String,
        /// Why.
        reason: String,
    },
}

/// Limits with their defaults. Each default says why it is what it is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// 4 MiB: MCP requests are small JSON-RPC envelopes; large tool arguments rarely exceed a few hundred KiB.
    pub request_body_bytes: u64,
    /// 16 MiB: JSON responses are buffered whole to be judged; tool results with embedded resources can be
    /// a few MiB, and the cap bounds memory per request.
    pub response_body_bytes: u64,
    /// 4 MiB: one SSE event is buffered whole to be judged; one event carries one JSON-RPC message.
    pub sse_event_bytes: u64,
    /// 10 s: a client that cannot send its headers in 10 s is slow-lorising.
    pub header_read_timeout: Duration,
    /// 120 s: idle keep-alive connections are cheap, but not free.
    pub idle_timeout: Duration,
    /// 5 s: a loopback or in-cluster upstream connects in milliseconds; longer means it is down.
    pub upstream_connect_timeout: Duration,
    /// 300 s: tools can run long; matches the serverless default duration of MCP hosts.
    pub upstream_timeout: Duration,
    /// 4096: beyond this the gateway sheds load with 503 rather than queue without bound.
    pub max_concurrent_requests: u32,
    /// Half the global ceiling unless set (see [`per_route_default`]): one route whose upstream hangs can take
    /// at most this many places, so the other routes keep the rest. A route may set its own.
    pub max_concurrent_requests_per_route: u32,
    /// 300 s, Envoy's stream idle timeout: an SSE stream on which the upstream sends no byte for this long is
    /// ended with a JSON-RPC error event for its pending call, so a silent upstream cannot hold a place among
    /// the requests in flight for as long as its client stays.
    pub sse_idle_timeout: Duration,
    /// 10,000: client connections open at once, all listeners together (the admin listener has its own small
    /// bound). nginx's `worker_connections` sizes the same thing (its shipped 1024 per worker is for an
    /// 80-byte-per-connection C server); here an idle keep-alive connection costs ~12 KiB (BENCHMARKS.md), so
    /// 10,000 is ~120 MiB at worst, and each may need an upstream socket too: with the soft RLIMIT_NOFILE raised
    /// to the hard limit at start-up (systemd's 524,288; containers' 1,048,576) that leaves ample descriptors.
    /// Over it a new connection is accepted and closed at once (see `proxy::server`).
    pub max_connections: u32,
    /// 32 KiB: the request line and headers together. nginx's `large_client_header_buffers 4 8k` admits at most
    /// 32 KiB of header lines; hyper's own default (~400 KiB) let 1,000 unfinished header blocks hold ~220 MiB.
    /// HTTP/1.1 gets 431 over it; h2 advertises it as SETTINGS_MAX_HEADER_LIST_SIZE and answers 431 too.
    /// At least 8 KiB (hyper's smallest read buffer).
    pub request_header_bytes: u32,
    /// 8: below the SDK clients' own caps (8 to 10), so the gateway's budget is the one that bites.
    pub max_rounds: u32,
    /// 30 s: enough for in-flight calls to finish on a rolling restart.
    pub shutdown_grace: Duration,
}

/// The least `limits.request_header_bytes`: hyper's HTTP/1 reader refuses (panics on) a buffer under 8 KiB.
pub const MIN_REQUEST_HEADER_BYTES: u32 = 8192;

impl Default for Limits {
    fn default() -> Self {
        Limits {
            request_body_bytes: 4 << 20,
            response_body_bytes: 16 << 20,
            sse_event_bytes: 4 << 20,
            header_read_timeout: Duration::from_secs(10),
            idle_timeout: Duration::from_secs(120),
            upstream_connect_timeout: Duration::from_secs(5),
            upstream_timeout: Duration::from_secs(300),
            max_concurrent_requests: 4096,
            max_concurrent_requests_per_route: per_route_default(4096),
            sse_idle_timeout: Duration::from_secs(300),
            max_connections: 10_000,
            request_header_bytes: 32 << 10,
            max_rounds: crate::limit::DEFAULT_MAX_ROUNDS,
            shutdown_grace: Duration::from_secs(30),
        }
    }
}

/// The per-route ceiling when none is set: half the global one (at least one place), so that one route's
/// hung calls leave the other half to the rest.
pub fn per_route_default(global: u32) -> u32 {
    (global / 2).max(1)
}

/// One compiled route.
#[derive(Debug)]
pub struct Route {
    /// Name for metrics, logs and envelopes; shared, not copied, with each request's sealer and rate-limit keys.
    pub name: Arc<str>,
    /// Gateway path prefix, without a trailing slash (`""` for the root).
    pub prefix: String,
    /// Upstream scheme + authority.
    pub upstream_origin: Uri,
    /// Upstream base path, without a trailing slash.
    pub upstream_path: String,
    /// The upstream is `https://`.
    pub tls: bool,
    /// Prior-knowledge h2c to an http upstream.
    pub h2c: bool,
    /// Monitor mode on this route.
    pub monitor: bool,
    /// Route policy additions.
    pub policy: RoutePolicy,
    /// Identity verification, when configured and not `off`.
    pub identity: Option<RouteIdentity>,
    /// Which `Host` and `Origin` a request may carry (DNS-rebinding protection).
    pub origin: origin::OriginPolicy,
    /// Where the route sits in [`Snapshot::routes`]: the proxy keeps the route's metric handles at that index.
    pub index: usize,
    /// This route's places among the requests in flight (`max_concurrent_requests_per_route`, or the route's
    /// own), under the global ceiling. New with each snapshot: a reload starts the route's count afresh while
    /// the global one holds.
    pub slots: Arc<tokio::sync::Semaphore>,
}

/// A route's compiled identity settings.
#[derive(Debug)]
pub struct RouteIdentity {
    /// Required or optional.
    pub required: bool,
    /// The verifier.
    pub verifier: Arc<crate::identity::JwtVerifier>,
    /// For `WWW-Authenticate`.
    pub resource_metadata: Option<String>,
}

impl Route {
    /// The upstream path-and-query for a gateway path under this route's prefix.
    pub fn upstream_path_and_query(&self, path: &str, query: Option<&str>) -> String {
        let rest = path.get(self.prefix.len()..).unwrap_or("");
        let mut out = String::with_capacity(self.upstream_path.len() + rest.len() + 1);
        out.push_str(&self.upstream_path);
        out.push_str(rest);
        if out.is_empty() {
            out.push('/');
        }
        if let Some(q) = query {
            out.push('?');
            out.push_str(q);
        }
        out
    }
}

/// A listener to bind.
#[derive(Debug, Clone)]
pub struct Listener {
    /// Address.
    pub addr: SocketAddr,
    /// TLS, if configured.
    pub tls: Option<Arc<rustls::ServerConfig>>,
}

/// The audit settings.
#[derive(Debug, Clone, Default)]
pub struct Audit {
    /// File path; None = stderr.
    pub path: Option<PathBuf>,
    /// Log plain allows too.
    pub include_allows: bool,
}

/// The compiled configuration the gateway runs on. Immutable; replaced whole on reload.
#[derive(Debug)]
pub struct Snapshot {
    /// Global monitor mode.
    pub monitor: bool,
    /// Client listeners.
    pub listeners: Vec<Listener>,
    /// Admin listener, if enabled.
    pub admin: Option<SocketAddr>,
    /// Routes, longest prefix first.
    pub routes: Vec<Arc<Route>>,
    /// Limits.
    pub limits: Limits,
    /// The policy engine.
    pub engine: Arc<Engine>,
    /// Upstream TLS client settings.
    pub upstream_tls: Arc<rustls::ClientConfig>,
    /// Audit settings.
    pub audit: Audit,
    /// Files whose change triggers a reload (the config and the files it names).
    pub watched: Vec<PathBuf>,
    /// Envelope keys.
    pub keyring: Arc<Keyring>,
    /// Envelope lifetime.
    pub state_ttl_seconds: u64,
    /// Elicitation rate limits (a reload that changes them gives the gateway a new limiter).
    pub rate: RateConfig,
    /// Warning-page links: public base URL (no trailing slash) and lifetime, when configured.
    pub links: Option<(String, u64)>,
    /// Where the replay cache, rate limits and legacy sessions live (start-up only).
    pub store: crate::store::StoreConfig,
}

impl Snapshot {
    /// The route serving `path`: longest prefix on a segment boundary.
    pub fn route_for(&self, path: &str) -> Option<&Arc<Route>> {
        self.routes.iter().find(|r| {
            path.starts_with(&r.prefix)
                && matches!(
                    path.as_bytes().get(r.prefix.len()),
                    None | Some(b'/') | Some(b'?')
                )
        })
    }
}

/// The start-up-only fields that differ between the configuration in force and a reloaded one, by their
/// names in the file. The listeners, the admin listener and the audit sink are opened once, and these limits
/// sized or built into them at start-up; a reload applies everything else and these keep their old values
/// until a restart.
pub fn restart_only_changes(old: &Snapshot, new: &Snapshot) -> Vec<&'static str> {
    let addrs = |s: &Snapshot| s.listeners.iter().map(|l| l.addr).collect::<Vec<_>>();
    let (o, n) = (&old.limits, &new.limits);
    [
        ("listeners", addrs(old) != addrs(new)),
        ("admin.address", old.admin != new.admin),
        ("audit.path", old.audit.path != new.audit.path),
        (
            "audit.include_allows",
            old.audit.include_allows != new.audit.include_allows,
        ),
        (
            "limits.max_concurrent_requests",
            o.max_concurrent_requests != n.max_concurrent_requests,
        ),
        (
            "limits.max_connections",
            o.max_connections != n.max_connections,
        ),
        (
            "limits.request_header_bytes",
            o.request_header_bytes != n.request_header_bytes,
        ),
        (
            "limits.header_read_timeout_ms",
            o.header_read_timeout != n.header_read_timeout,
        ),
        (
            "limits.shutdown_grace_ms",
            o.shutdown_grace != n.shutdown_grace,
        ),
        ("store", old.store != new.store),
    ]
    .into_iter()
    .filter_map(|(field, changed)| changed.then_some(field))
    .collect()
}

/// Command-line overrides applied over the file.
#[derive(Debug, Clone, Default)]
pub struct Overrides {
    /// `--listen`.
    pub listen: Option<String>,
    /// `--admin-listen` (`off` disables).
    pub admin_listen: Option<String>,
    /// `--max-rounds`.
    pub max_rounds: Option<u32>,
    /// `--monitor`.
    pub monitor: bool,
    /// `--store URL`: the shared store's URL, over the file's `store.url`.
    pub store: Option<String>,
}

/// Where the config comes from.
#[derive(Debug, Clone)]
pub enum Source {
    /// A YAML file.
    File(PathBuf),
    /// Quick mode: one route `default` to this upstream URL.
    Upstream(String),
}

/// Reads and compiles a config.
pub fn load(source: &Source, overrides: &Overrides) -> Result<Snapshot, Vec<ConfigError>> {
    let (cfg, file_name, base, mut watched) = match source {
        Source::File(path) => {
            let name = path.display().to_string();
            let text = std::fs::read_to_string(path).map_err(|e| {
                vec![ConfigError::Read {
                    file: name.clone(),
                    reason: e.to_string(),
                }]
            })?;
            let cfg = file::parse(&text).map_err(|reason| {
                vec![ConfigError::Parse {
                    file: name.clone(),
                    reason,
                }]
            })?;
            let base = path.parent().map(Path::to_path_buf).unwrap_or_default();
            (cfg, name, base, vec![path.clone()])
        }
        Source::Upstream(url) => {
            let uri: Uri = url.parse().map_err(|e: http::uri::InvalidUri| {
                vec![ConfigError::Invalid {
                    file: "--upstream".into(),
                    field: "upstream".into(),
                    reason: e.to_string(),
                }]
            })?;
            let prefix = uri.path().trim_end_matches('/').to_owned();
            let cfg = file::ConfigFile {
                mode: ModeSetting::Enforce,
                listeners: vec![],
                admin: file::AdminFile::default(),
                routes: vec![file::RouteFile {
                    name: "default".into(),
                    path_prefix: if prefix.is_empty() {
                        "/".into()
                    } else {
                        prefix
                    },
                    upstream: url.clone(),
                    h2c: false,
                    mode: None,
                    rules: Default::default(),
                    allow_fields: vec![],
                    url_allow: vec![],
                    url_deny: vec![],
                    identity: None,
                    allowed_hosts: vec![],
                    allowed_origins: vec![],
                    max_concurrent_requests: None,
                }],
                upstream_tls: Default::default(),
                limits: Default::default(),
                policy: Default::default(),
                audit: Default::default(),
                state: Default::default(),
                links: Default::default(),
                store: None,
            };
            (cfg, "--upstream".to_owned(), PathBuf::new(), vec![])
        }
    };
    compile(cfg, &file_name, &base, overrides, &mut watched)
}

/// What every section compiles with: the file's name (errors name it), its directory (relative paths are
/// read from there), the errors so far (every section reports all it finds, so one `check` lists them all),
/// and the files a reload watches.
struct Cx<'a> {
    file: &'a str,
    base: &'a Path,
    errs: Vec<ConfigError>,
    watched: &'a mut Vec<PathBuf>,
}

impl Cx<'_> {
    /// Records that `field` holds a value that cannot work.
    fn invalid(&mut self, field: &str, reason: impl Into<String>) {
        self.errs.push(ConfigError::Invalid {
            file: self.file.to_owned(),
            field: field.to_owned(),
            reason: reason.into(),
        });
    }

    /// A path of the file, relative to the file's directory unless absolute.
    fn resolve(&self, p: &str) -> PathBuf {
        let p = Path::new(p);
        if p.is_absolute() {
            p.to_path_buf()
        } else {
            self.base.join(p)
        }
    }

    /// A path of the file, resolved and watched: a change to it reloads the config.
    fn watch(&mut self, p: &str) -> PathBuf {
        let path = self.resolve(p);
        self.watched.push(path.clone());
        path
    }
}

/// The config file compiled section by section; every error of every section, or the snapshot.
fn compile(
    cfg: file::ConfigFile,
    f: &str,
    base: &Path,
    ov: &Overrides,
    watched: &mut Vec<PathBuf>,
) -> Result<Snapshot, Vec<ConfigError>> {
    let mut cx = Cx {
        file: f,
        base,
        errs: Vec::new(),
        watched,
    };
    let monitor = ov.monitor || cfg.mode == ModeSetting::Monitor;
    let listeners = listeners::compile(&mut cx, &cfg.listeners, ov);
    let admin = listeners::admin(&mut cx, &cfg.admin, ov);
    let limits = limits::compile(&mut cx, &cfg.limits, ov);
    let rate = limits::rate(&mut cx, &cfg.limits);
    let engine = policy::compile(&mut cx, &cfg.policy);
    let routes = routes::compile(&mut cx, &cfg, ov, &limits, monitor);
    let upstream_tls = routes::upstream_tls(&mut cx, &cfg.upstream_tls);
    let keyring = state::keyring(&mut cx, &cfg.state);
    let state_ttl_seconds = state::ttl_seconds(&mut cx, &cfg.state);
    let links = listeners::links(&mut cx, &cfg.links);
    let store = state::store(&mut cx, cfg.store.as_ref(), ov.store.as_deref(), &cfg.state);
    let audit = Audit {
        path: cfg.audit.path.as_deref().map(|p| cx.resolve(p)),
        include_allows: cfg.audit.include_allows,
    };
    let Cx { errs, watched, .. } = cx;
    match (errs.is_empty(), engine, upstream_tls, keyring) {
        (true, Some(engine), Some(upstream_tls), Some(keyring)) => Ok(Snapshot {
            monitor,
            listeners,
            admin,
            routes,
            limits,
            engine: Arc::new(engine),
            upstream_tls,
            audit,
            watched: std::mem::take(watched),
            keyring,
            state_ttl_seconds,
            rate,
            links,
            store,
        }),
        _ => Err(errs),
    }
}

/// Warning-page link lifetime: a person reads the page soon after the prompt.
pub const DEFAULT_LINK_TTL_SECONDS: u64 = 900;

/// Envelope lifetime: long enough for a person to fill a form, short enough that a leaked state is soon useless.
pub const DEFAULT_STATE_TTL_SECONDS: u64 = 600;

/// The random keyring used when none is configured: made once per process, so reloads keep it.
pub fn ephemeral_keyring() -> Result<Arc<Keyring>, String> {
    static EPHEMERAL: std::sync::OnceLock<Result<Arc<Keyring>, String>> =
        std::sync::OnceLock::new();
    EPHEMERAL
        .get_or_init(|| Keyring::random().map(Arc::new).map_err(|e| e.to_string()))
        .clone()
}

/// True when the snapshot seals with the random per-process key.
pub fn uses_ephemeral_keys(s: &Snapshot) -> bool {
    ephemeral_keyring().is_ok_and(|k| Arc::ptr_eq(&k, &s.keyring))
}

/// The default policy alone (for `inspect` without `--config`).
pub fn default_engine() -> Result<Engine, String> {
    Ok(Engine {
        secret: SecretPolicy::compile(&[]).map_err(|e| e.to_string())?,
        url: UrlPolicy::embedded_default().map_err(|e| e.to_string())?,
        rules: RuleTable::embedded()?,
        clean_schemas: CleanSchemas::default(),
    })
}
