//! The YAML file format, compiled into a validated, immutable snapshot; reload keeps the old one on error.

pub mod file;

pub mod tls;

use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use http::Uri;

use crate::limit::RateConfig;
use crate::policy::clean_schemas::{self, CleanSchemas};
use crate::policy::engine::{Engine, RoutePolicy};
use crate::policy::rules::RuleTable;
use crate::policy::secret::{PackSource, SecretPolicy};
use crate::policy::url::{RouteUrlRules, UrlConfig, UrlPolicy};
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
            max_rounds: 8,
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
    pub origin: crate::proxy::origin::OriginPolicy,
    /// This route's handles on its metric series.
    pub metrics: crate::telemetry::RouteMetrics,
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

fn compile(
    cfg: file::ConfigFile,
    f: &str,
    base: &Path,
    ov: &Overrides,
    watched: &mut Vec<PathBuf>,
) -> Result<Snapshot, Vec<ConfigError>> {
    let mut errs = Vec::new();
    let invalid = |field: &str, reason: String| ConfigError::Invalid {
        file: f.to_owned(),
        field: field.to_owned(),
        reason,
    };
    let resolve = |p: &str| -> PathBuf {
        let p = Path::new(p);
        if p.is_absolute() {
            p.to_path_buf()
        } else {
            base.join(p)
        }
    };

    let monitor = ov.monitor || cfg.mode == ModeSetting::Monitor;

    // Listeners.
    let mut listeners = Vec::new();
    let mut listener_files = cfg.listeners.clone();
    if let Some(l) = &ov.listen {
        listener_files = vec![file::ListenerFile {
            address: l.clone(),
            tls: listener_files.first().and_then(|l| l.tls.clone()),
        }];
    }
    if listener_files.is_empty() {
        listener_files.push(file::ListenerFile {
            address: "127.0.0.1:8080".into(),
            tls: None,
        });
    }
    for (i, l) in listener_files.iter().enumerate() {
        let field = format!("listeners[{i}].address");
        let addr = match l.address.parse::<SocketAddr>() {
            Ok(a) => a,
            Err(e) => {
                errs.push(invalid(
                    &field,
                    format!("{:?} is not host:port: {e}", l.address),
                ));
                continue;
            }
        };
        let tls = match &l.tls {
            None => None,
            Some(t) => {
                let (cert, key) = (resolve(&t.cert), resolve(&t.key));
                watched.push(cert.clone());
                watched.push(key.clone());
                match tls::server_config(&cert, &key) {
                    Ok(c) => Some(Arc::new(c)),
                    Err(e) => {
                        errs.push(invalid(&format!("listeners[{i}].tls"), e));
                        None
                    }
                }
            }
        };
        listeners.push(Listener { addr, tls });
    }

    let admin_addr = ov.admin_listen.clone().unwrap_or(cfg.admin.address.clone());
    let admin = if admin_addr == "off" {
        None
    } else {
        match admin_addr.parse::<SocketAddr>() {
            Ok(a) => Some(a),
            Err(e) => {
                errs.push(invalid(
                    "admin.address",
                    format!("{admin_addr:?} is not host:port or off: {e}"),
                ));
                None
            }
        }
    };

    // Limits.
    let d = Limits::default();
    let l = &cfg.limits;
    let ms = Duration::from_millis;
    let limits = Limits {
        request_body_bytes: l.request_body_bytes.unwrap_or(d.request_body_bytes),
        response_body_bytes: l.response_body_bytes.unwrap_or(d.response_body_bytes),
        sse_event_bytes: l.sse_event_bytes.unwrap_or(d.sse_event_bytes),
        header_read_timeout: l
            .header_read_timeout_ms
            .map(ms)
            .unwrap_or(d.header_read_timeout),
        idle_timeout: l.idle_timeout_ms.map(ms).unwrap_or(d.idle_timeout),
        upstream_connect_timeout: l
            .upstream_connect_timeout_ms
            .map(ms)
            .unwrap_or(d.upstream_connect_timeout),
        upstream_timeout: l.upstream_timeout_ms.map(ms).unwrap_or(d.upstream_timeout),
        max_concurrent_requests: l
            .max_concurrent_requests
            .unwrap_or(d.max_concurrent_requests),
        max_concurrent_requests_per_route: l.max_concurrent_requests_per_route.unwrap_or_else(
            || {
                per_route_default(
                    l.max_concurrent_requests
                        .unwrap_or(d.max_concurrent_requests),
                )
            },
        ),
        sse_idle_timeout: l.sse_idle_timeout_ms.map(ms).unwrap_or(d.sse_idle_timeout),
        max_connections: l.max_connections.unwrap_or(d.max_connections),
        request_header_bytes: l.request_header_bytes.unwrap_or(d.request_header_bytes),
        max_rounds: ov.max_rounds.or(l.max_rounds).unwrap_or(d.max_rounds),
        shutdown_grace: l.shutdown_grace_ms.map(ms).unwrap_or(d.shutdown_grace),
    };
    for (field, v) in [
        ("limits.request_body_bytes", limits.request_body_bytes),
        ("limits.response_body_bytes", limits.response_body_bytes),
        ("limits.sse_event_bytes", limits.sse_event_bytes),
        (
            "limits.max_concurrent_requests",
            u64::from(limits.max_concurrent_requests),
        ),
        (
            "limits.max_concurrent_requests_per_route",
            u64::from(limits.max_concurrent_requests_per_route),
        ),
        ("limits.max_connections", u64::from(limits.max_connections)),
    ] {
        if v == 0 {
            errs.push(invalid(field, "must be greater than zero".into()));
        }
    }
    if limits.request_header_bytes < MIN_REQUEST_HEADER_BYTES {
        errs.push(invalid(
            "limits.request_header_bytes",
            format!("must be at least {MIN_REQUEST_HEADER_BYTES} (hyper's smallest read buffer)"),
        ));
    }
    for (field, v) in [
        ("limits.header_read_timeout_ms", limits.header_read_timeout),
        (
            "limits.upstream_connect_timeout_ms",
            limits.upstream_connect_timeout,
        ),
        ("limits.upstream_timeout_ms", limits.upstream_timeout),
        ("limits.sse_idle_timeout_ms", limits.sse_idle_timeout),
    ] {
        if v.is_zero() {
            errs.push(invalid(field, "must be greater than zero".into()));
        }
    }

    // Policy.
    let mut rules = match RuleTable::embedded() {
        Ok(r) => r,
        Err(e) => {
            errs.push(invalid("policy", e));
            RuleTable::default()
        }
    };
    rules.overlay(&cfg.policy.rules);
    let clean_schema_bytes = match cfg.policy.clean_schema_cache_bytes {
        None => clean_schemas::DEFAULT_MAX_BYTES,
        Some(n) if n <= clean_schemas::MAX_MAX_BYTES => n,
        Some(_) => {
            errs.push(invalid(
                "policy.clean_schema_cache_bytes",
                format!("must be at most {}", clean_schemas::MAX_MAX_BYTES),
            ));
            0
        }
    };
    let mut packs = Vec::new();
    for (i, p) in cfg.policy.secret_packs.iter().enumerate() {
        let path = resolve(p);
        watched.push(path.clone());
        match std::fs::read_to_string(&path) {
            Ok(text) => packs.push(PackSource {
                name: path.display().to_string(),
                text,
            }),
            Err(e) => errs.push(invalid(
                &format!("policy.secret_packs[{i}]"),
                format!("{}: {e}", path.display()),
            )),
        }
    }
    let secret =
        SecretPolicy::compile(&packs).map_err(|e| invalid("policy.secret_packs", e.to_string()));
    let url_cfg: Result<Option<UrlConfig>, ConfigError> = match &cfg.policy.url_policy {
        None => Ok(None),
        Some(p) => {
            let path = resolve(p);
            watched.push(path.clone());
            std::fs::read_to_string(&path)
                .map_err(|e| invalid("policy.url_policy", format!("{}: {e}", path.display())))
                .and_then(|t| {
                    file::parse_url_policy(&t).map_err(|e| {
                        invalid("policy.url_policy", format!("{}: {e}", path.display()))
                    })
                })
                .map(Some)
        }
    };
    let url = url_cfg.and_then(|c| match c {
        Some(c) => UrlPolicy::compile(&c).map_err(|e| invalid("policy.url_policy", e.to_string())),
        None => UrlPolicy::embedded_default()
            .map_err(|e| invalid("policy (embedded urls.yaml)", e.to_string())),
    });

    // Routes.
    let mut routes = Vec::new();
    if cfg.routes.is_empty() {
        errs.push(invalid("routes", "at least one route is needed".into()));
    }
    let mut names = std::collections::HashSet::new();
    for (i, r) in cfg.routes.iter().enumerate() {
        let field = |x: &str| format!("routes[{i}].{x}");
        if r.name.is_empty()
            || r.name.len() > 64
            || !r
                .name
                .bytes()
                .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-' || b == b'_')
        {
            errs.push(invalid(
                &field("name"),
                format!("{:?} must match [a-z0-9_-]{{1,64}}", r.name),
            ));
        }
        if !names.insert(r.name.clone()) {
            errs.push(invalid(
                &field("name"),
                format!("{:?} is used by two routes", r.name),
            ));
        }
        if !r.path_prefix.starts_with('/') {
            errs.push(invalid(&field("path_prefix"), "must start with /".into()));
        }
        let uri: Uri = match r.upstream.parse() {
            Ok(u) => u,
            Err(e) => {
                errs.push(invalid(
                    &field("upstream"),
                    format!("{:?}: {e}", r.upstream),
                ));
                continue;
            }
        };
        let tls = match uri.scheme_str() {
            Some("http") => false,
            Some("https") => true,
            _ => {
                errs.push(invalid(
                    &field("upstream"),
                    "must be an http:// or https:// URL".into(),
                ));
                continue;
            }
        };
        if tls && r.h2c {
            errs.push(invalid(
                &field("h2c"),
                "h2c is for http:// upstreams; https upstreams negotiate h2 by ALPN".into(),
            ));
        }
        let Some(authority) = uri.authority().cloned() else {
            errs.push(invalid(&field("upstream"), "has no host".into()));
            continue;
        };
        let origin = Uri::builder()
            .scheme(if tls { "https" } else { "http" })
            .authority(authority)
            .path_and_query("/")
            .build();
        let Ok(origin) = origin else {
            errs.push(invalid(
                &field("upstream"),
                "cannot be used as an origin".into(),
            ));
            continue;
        };
        let mut rt = RuleTable::default();
        rt.overlay(&r.rules);
        let identity = match &r.identity {
            None => None,
            Some(idf) if idf.mode == file::IdentityMode::Off => None,
            Some(idf) => match compile_identity(
                idf,
                &resolve,
                upstream_tls_for_jwks(&cfg.upstream_tls, &resolve),
                watched,
            ) {
                Ok(v) => Some(RouteIdentity {
                    required: idf.mode == file::IdentityMode::Required,
                    verifier: Arc::new(v),
                    resource_metadata: idf.resource_metadata.clone(),
                }),
                Err(e) => {
                    errs.push(invalid(&field("identity"), e));
                    None
                }
            },
        };
        routes.push(Arc::new(Route {
            name: Arc::from(r.name.as_str()),
            prefix: r.path_prefix.trim_end_matches('/').to_owned(),
            upstream_origin: origin,
            upstream_path: uri.path().trim_end_matches('/').to_owned(),
            tls,
            h2c: r.h2c,
            monitor: match r.mode {
                Some(m) => m == ModeSetting::Monitor || ov.monitor,
                None => monitor,
            },
            policy: RoutePolicy {
                rules: rt,
                allow_fields: r.allow_fields.clone(),
                url_rules: RouteUrlRules {
                    allow: r.url_allow.clone(),
                    deny: r.url_deny.clone(),
                },
            },
            identity,
            origin: crate::proxy::origin::OriginPolicy {
                allowed_hosts: lower(&r.allowed_hosts),
                allowed_origins: lower(&r.allowed_origins),
            },
            metrics: crate::telemetry::RouteMetrics::new(&r.name),
            slots: Arc::new(tokio::sync::Semaphore::new(
                r.max_concurrent_requests
                    .unwrap_or(limits.max_concurrent_requests_per_route)
                    .max(1) as usize,
            )),
        }));
    }
    routes.sort_by_key(|r| std::cmp::Reverse(r.prefix.len()));

    let upstream_tls = {
        let t = &cfg.upstream_tls;
        if let Some(p) = &t.extra_ca {
            watched.push(resolve(p));
        }
        match tls::client_config(
            t.extra_ca.as_deref().map(resolve).as_deref(),
            t.client_cert.as_deref().map(resolve).as_deref(),
            t.client_key.as_deref().map(resolve).as_deref(),
        ) {
            Ok(c) => Some(Arc::new(c)),
            Err(e) => {
                errs.push(invalid("upstream_tls", e));
                None
            }
        }
    };

    // Envelope keys: the file, else the environment, else one random key for the life of the process
    // (envelopes then die with it and cannot cross replicas; `serve` logs a warning).
    let keyring = match &cfg.state.keys_file {
        Some(p) => {
            let path = resolve(p);
            watched.push(path.clone());
            Keyring::from_file(&path)
                .map(Arc::new)
                .map_err(|e| invalid("state.keys_file", e.to_string()))
        }
        None => match std::env::var(crate::state::ENV_STATE_KEYS) {
            Ok(_) => Keyring::from_env()
                .map(Arc::new)
                .map_err(|e| invalid(crate::state::ENV_STATE_KEYS, e.to_string())),
            Err(_) => ephemeral_keyring().map_err(|e| invalid("state", e)),
        },
    };
    let keyring = match keyring {
        Ok(k) => Some(k),
        Err(e) => {
            errs.push(e);
            None
        }
    };
    let state_ttl_seconds = cfg.state.ttl_seconds.unwrap_or(DEFAULT_STATE_TTL_SECONDS);
    if state_ttl_seconds == 0 || state_ttl_seconds > 86_400 {
        errs.push(invalid(
            "state.ttl_seconds",
            "must be between 1 and 86400".into(),
        ));
    }
    let rd = RateConfig::default();
    let mut nz = |field: &str, v: Option<u32>, d: std::num::NonZeroU32| match v {
        None => d,
        Some(v) => std::num::NonZeroU32::new(v).unwrap_or_else(|| {
            errs.push(ConfigError::Invalid {
                file: f.to_owned(),
                field: field.to_owned(),
                reason: "must be greater than zero".into(),
            });
            d
        }),
    };
    let rate = RateConfig {
        per_principal_burst: nz(
            "limits.elicitation_burst",
            l.elicitation_burst,
            rd.per_principal_burst,
        ),
        per_principal_per_minute: nz(
            "limits.elicitations_per_minute",
            l.elicitations_per_minute,
            rd.per_principal_per_minute,
        ),
        per_route_burst: nz(
            "limits.route_elicitation_burst",
            l.route_elicitation_burst,
            rd.per_route_burst,
        ),
        per_route_per_minute: nz(
            "limits.route_elicitations_per_minute",
            l.route_elicitations_per_minute,
            rd.per_route_per_minute,
        ),
        max_tracked_keys: rd.max_tracked_keys,
    };

    let links = match &cfg.links.public_base_url {
        None => None,
        Some(base) => match base.parse::<Uri>() {
            Ok(u)
                if matches!(u.scheme_str(), Some("https") | Some("http"))
                    && u.host().is_some()
                    && u.query().is_none() =>
            {
                Some((
                    base.trim_end_matches('/').to_owned(),
                    cfg.links.ttl_seconds.unwrap_or(DEFAULT_LINK_TTL_SECONDS),
                ))
            }
            _ => {
                errs.push(invalid(
                    "links.public_base_url",
                    format!("{base:?} must be an absolute http(s) URL without a query"),
                ));
                None
            }
        },
    };

    let store = compile_store(cfg.store.as_ref(), ov.store.as_deref(), &invalid, &mut errs);

    let audit = Audit {
        path: cfg.audit.path.as_deref().map(resolve),
        include_allows: cfg.audit.include_allows,
    };

    let (secret, url) = match (secret, url) {
        (Ok(s), Ok(u)) => (Some(s), Some(u)),
        (s, u) => {
            if let Err(e) = s {
                errs.push(e);
            }
            if let Err(e) = u {
                errs.push(e);
            }
            (None, None)
        }
    };
    match (errs.is_empty(), secret, url, upstream_tls, keyring) {
        (true, Some(secret), Some(url), Some(upstream_tls), Some(keyring)) => Ok(Snapshot {
            monitor,
            listeners,
            admin,
            routes,
            limits,
            engine: Arc::new(Engine {
                secret,
                url,
                rules,
                clean_schemas: CleanSchemas::new(clean_schema_bytes),
            }),
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

/// The `store:` section (and `--store`): memory when neither names a URL.
fn compile_store(
    file: Option<&file::StoreFile>,
    url_flag: Option<&str>,
    invalid: &dyn Fn(&str, String) -> ConfigError,
    errs: &mut Vec<ConfigError>,
) -> crate::store::StoreConfig {
    use crate::store::{
        Backend, FailMode, StoreConfig, DEFAULT_KEY_PREFIX, DEFAULT_TIMEOUT, MAX_TIMEOUT,
    };
    let url = url_flag.or(file.map(|f| f.url.as_str()));
    let timeout = match file.and_then(|f| f.timeout_ms) {
        None => DEFAULT_TIMEOUT,
        Some(ms) if ms >= 1 && u128::from(ms) <= MAX_TIMEOUT.as_millis() => {
            std::time::Duration::from_millis(ms)
        }
        Some(_) => {
            errs.push(invalid(
                "store.timeout_ms",
                format!("must be between 1 and {}", MAX_TIMEOUT.as_millis()),
            ));
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
                errs.push(invalid(field, reason));
            }
            let key_prefix = file
                .and_then(|f| f.key_prefix.clone())
                .unwrap_or_else(|| DEFAULT_KEY_PREFIX.to_owned());
            if key_prefix.len() > 64
                || key_prefix
                    .chars()
                    .any(|c| c.is_control() || c.is_whitespace())
            {
                errs.push(invalid(
                    "store.key_prefix",
                    "must be at most 64 characters, without spaces or control characters".into(),
                ));
            }
            Backend::Redis {
                url: url.to_owned(),
                key_prefix,
            }
        }
    };
    StoreConfig {
        backend,
        timeout,
        rate_on_error,
    }
}

/// Default clock skew for JWT `exp`/`nbf`.
const DEFAULT_LEEWAY_SECONDS: u64 = 60;

fn upstream_tls_for_jwks(
    t: &file::UpstreamTlsFile,
    resolve: &dyn Fn(&str) -> PathBuf,
) -> Option<rustls::ClientConfig> {
    tls::client_config(t.extra_ca.as_deref().map(resolve).as_deref(), None, None).ok()
}

fn compile_identity(
    idf: &file::IdentityFile,
    resolve: &dyn Fn(&str) -> PathBuf,
    tls_cfg: Option<rustls::ClientConfig>,
    watched: &mut Vec<PathBuf>,
) -> Result<crate::identity::JwtVerifier, String> {
    use crate::identity::{JwksSource, JwtConfig, JwtVerifier, KeySet};
    let mut algorithms = Vec::new();
    for a in &idf.algorithms {
        algorithms.push(
            a.parse::<jsonwebtoken::Algorithm>()
                .map_err(|_| format!("algorithms: {a:?} is not a JWT algorithm"))?,
        );
    }
    let source = match (&idf.jwks_file, &idf.jwks_url) {
        (Some(p), None) => {
            let path = resolve(p);
            watched.push(path.clone());
            let text = std::fs::read_to_string(&path)
                .map_err(|e| format!("jwks_file {}: {e}", path.display()))?;
            JwksSource::fixed(
                KeySet::from_jwks(&text)
                    .map_err(|e| format!("jwks_file {}: {e}", path.display()))?,
            )
        }
        (None, Some(url)) => {
            let uri: http::Uri = url.parse().map_err(|e| format!("jwks_url: {e}"))?;
            if uri.scheme_str() != Some("https")
                && uri.host() != Some("127.0.0.1")
                && uri.host() != Some("localhost")
            {
                return Err("jwks_url must be https (plain http only for localhost)".into());
            }
            let tls_cfg = tls_cfg.ok_or("jwks_url: no TLS configuration")?;
            let min_refetch = idf.jwks_min_refetch_seconds.map_or(
                crate::identity::DEFAULT_MIN_REFETCH,
                std::time::Duration::from_secs,
            );
            JwksSource::remote(crate::identity::https_fetch(uri, tls_cfg), min_refetch)
        }
        _ => return Err("exactly one of jwks_file and jwks_url".into()),
    };
    let leeway = idf.leeway_seconds.unwrap_or(DEFAULT_LEEWAY_SECONDS);
    JwtVerifier::new(
        JwtConfig {
            issuers: idf.issuers.clone(),
            audiences: idf.audiences.clone(),
            algorithms,
            leeway_seconds: leeway,
        },
        Arc::new(source),
    )
    .map_err(|e| e.to_string())
}

/// Warning-page link lifetime: a person reads the page soon after the prompt.
pub const DEFAULT_LINK_TTL_SECONDS: u64 = 900;

/// A list trimmed and lower-cased, as the `Host` and `Origin` checks compare.
fn lower(list: &[String]) -> Vec<String> {
    list.iter()
        .map(|s| s.trim().trim_end_matches('/').to_ascii_lowercase())
        .collect()
}

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
