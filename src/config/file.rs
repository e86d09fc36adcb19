//! The YAML file format. Every field is documented here and in the README; unknown fields are errors,
//! because a typo must never switch a protection off silently.

use std::collections::BTreeMap;

use serde::Deserialize;

pub use crate::policy::rules::RuleSetting;
use crate::policy::url::UrlConfig;

/// The whole config file.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ConfigFile {
    /// `enforce` (default) or `monitor`: monitor records what enforce would do and changes nothing.
    #[serde(default)]
    pub mode: ModeSetting,
    /// Where clients connect. Default: one plain listener on 127.0.0.1:8080.
    #[serde(default)]
    pub listeners: Vec<ListenerFile>,
    /// The admin listener (`/metrics`, `/healthz`, `/readyz`). Default 127.0.0.1:9090; `address: off` disables it.
    #[serde(default)]
    pub admin: AdminFile,
    /// The routes, matched by longest path prefix. At least one.
    pub routes: Vec<RouteFile>,
    /// TLS towards `https://` upstreams.
    #[serde(default)]
    pub upstream_tls: UpstreamTlsFile,
    /// Size, time and concurrency limits.
    #[serde(default)]
    pub limits: LimitsFile,
    /// Policy settings: rule actions, extra packs, URL rules.
    #[serde(default)]
    pub policy: PolicyFile,
    /// The audit log.
    #[serde(default)]
    pub audit: AuditFile,
    /// The sealed requestState envelope.
    #[serde(default)]
    pub state: StateFile,
    /// Gateway-hosted warning pages for suspicious url-mode URLs (rule action `warning_page`).
    #[serde(default)]
    pub links: LinksFile,
    /// Where the replay cache, rate limits and legacy sessions live. Default: in process (one replica).
    #[serde(default)]
    pub store: Option<StoreFile>,
}

/// The shared state store (`store:`), for more than one replica.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StoreFile {
    /// `redis://host:6379/0`, or `rediss://` for TLS. A password may be in the URL; better from
    /// `ELICITGUARD_STORE_PASSWORD`.
    pub url: String,
    /// Prefix of every key written (default `elicitguard:`).
    #[serde(default)]
    pub key_prefix: Option<String>,
    /// Bound on one store call, milliseconds (default 250, at most 5000).
    #[serde(default)]
    pub timeout_ms: Option<u64>,
    /// A round that cannot be counted because the store is down: `closed` (refused, default) or `open`.
    #[serde(default)]
    pub rate_limits_on_error: Option<FailModeSetting>,
}

/// `closed` or `open`.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum FailModeSetting {
    /// Refuse.
    #[default]
    Closed,
    /// Let through.
    Open,
}

/// Warning-page links.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LinksFile {
    /// The gateway's public base URL as clients reach it (`https://mcp.example.com`); a gateway behind a load
    /// balancer cannot guess it. Without it, `warning_page` rules block instead.
    #[serde(default)]
    pub public_base_url: Option<String>,
    /// How long a warning-page link stays valid, seconds (default 900).
    #[serde(default)]
    pub ttl_seconds: Option<u64>,
}

/// The requestState envelope.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StateFile {
    /// File of `key-id: base64-key` lines (first seals, all open; at least 32 bytes each). Without it,
    /// `ELICITGUARD_STATE_KEYS` in the same format; without both, a random key made at start-up.
    #[serde(default)]
    pub keys_file: Option<String>,
    /// Envelope lifetime in seconds (default 600).
    #[serde(default)]
    pub ttl_seconds: Option<u64>,
    /// Envelope ids the in-process replay cache holds (default 200,000; memory store only).
    #[serde(default)]
    pub replay_cache_entries: Option<u64>,
}

/// Enforce or monitor.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ModeSetting {
    /// Act on verdicts.
    #[default]
    Enforce,
    /// Log and count, change nothing on the wire.
    Monitor,
}

/// One client-facing listener.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ListenerFile {
    /// `host:port` to bind.
    pub address: String,
    /// TLS from PEM files; without it the listener speaks plain HTTP/1.1 and h2c.
    #[serde(default)]
    pub tls: Option<TlsFile>,
}

/// PEM certificate chain and private key.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TlsFile {
    /// Path to the PEM certificate chain (relative paths are relative to the config file).
    pub cert: String,
    /// Path to the PEM private key.
    pub key: String,
}

/// The admin listener.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AdminFile {
    /// `host:port`, or `off`.
    #[serde(default = "default_admin")]
    pub address: String,
}

impl Default for AdminFile {
    fn default() -> Self {
        AdminFile {
            address: default_admin(),
        }
    }
}

fn default_admin() -> String {
    "127.0.0.1:9090".into()
}

/// One route: a path prefix served by one upstream.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RouteFile {
    /// Name used in metrics, logs and envelopes: `[a-z0-9_-]{1,64}`.
    pub name: String,
    /// Path prefix on the gateway (`/mcp`); matched on segment boundaries, longest first.
    pub path_prefix: String,
    /// Upstream URL (`http://` or `https://`); its path replaces the prefix.
    pub upstream: String,
    /// Speak prior-knowledge HTTP/2 (h2c) to an `http://` upstream.
    #[serde(default)]
    pub h2c: bool,
    /// Overrides the global mode for this route.
    #[serde(default)]
    pub mode: Option<ModeSetting>,
    /// Rule actions for this route only (rule id or prefix -> action), over the global ones.
    #[serde(default)]
    pub rules: BTreeMap<String, RuleSetting>,
    /// Form property names not judged by name on this route (their text is still judged).
    #[serde(default)]
    pub allow_fields: Vec<String>,
    /// url-mode hosts or registrable domains allowed on this route (`example.com`, `*.example.com`); empty: any.
    #[serde(default)]
    pub url_allow: Vec<String>,
    /// url-mode hosts or registrable domains denied on this route.
    #[serde(default)]
    pub url_deny: Vec<String>,
    /// Verified identity (bearer JWT) for this route; without it the principal is `anonymous`.
    #[serde(default)]
    pub identity: Option<IdentityFile>,
    /// `Host` values (`name` or `name:port`) accepted from clients on this machine besides loopback names;
    /// `*` accepts any (DNS-rebinding protection off).
    #[serde(default)]
    pub allowed_hosts: Vec<String>,
    /// `Origin` values (`https://app.example`) accepted besides loopback origins and the gateway's own;
    /// `*` accepts any.
    #[serde(default)]
    pub allowed_origins: Vec<String>,
    /// Requests in flight at once on this route, over `limits.max_concurrent_requests_per_route`.
    #[serde(default)]
    pub max_concurrent_requests: Option<u32>,
}

/// Whether a route needs a verified identity.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum IdentityMode {
    /// A valid bearer JWT is required (401 otherwise).
    #[default]
    Required,
    /// A bearer JWT, when sent, must be valid; without one the principal is `anonymous`.
    Optional,
    /// No verification: the principal is `anonymous`.
    Off,
}

/// Bearer JWT verification for a route.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct IdentityFile {
    /// `required` (default), `optional` or `off`.
    #[serde(default)]
    pub mode: IdentityMode,
    /// Accepted `iss` values.
    pub issuers: Vec<String>,
    /// Accepted `aud` values (the gateway's resource identifier).
    pub audiences: Vec<String>,
    /// Allowed algorithms (`RS256`, `ES256`, `EdDSA`, `HS256`, ...).
    pub algorithms: Vec<String>,
    /// A JWKS file.
    #[serde(default)]
    pub jwks_file: Option<String>,
    /// A JWKS URL, fetched by the gateway, cached, refetched on an unknown `kid` (at most every 30 s).
    #[serde(default)]
    pub jwks_url: Option<String>,
    /// Least time between two fetches of `jwks_url`, seconds (default 30): an unknown `kid` refetches, but a
    /// flood of forged kids must not turn the gateway into a load generator against the identity provider.
    #[serde(default)]
    pub jwks_min_refetch_seconds: Option<u64>,
    /// Clock skew allowed on `exp`/`nbf`, seconds (default 60, at most 300).
    #[serde(default)]
    pub leeway_seconds: Option<u64>,
    /// The protected resource metadata URL announced in `WWW-Authenticate` on a 401.
    #[serde(default)]
    pub resource_metadata: Option<String>,
}

/// TLS towards upstreams.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct UpstreamTlsFile {
    /// An extra PEM CA bundle trusted besides the system roots.
    #[serde(default)]
    pub extra_ca: Option<String>,
    /// A PEM client certificate chain for mutual TLS.
    #[serde(default)]
    pub client_cert: Option<String>,
    /// The PEM key of the client certificate.
    #[serde(default)]
    pub client_key: Option<String>,
}

/// Limits. Defaults are in [`crate::config::Limits`] with the reason for each.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LimitsFile {
    /// Largest request body read from a client.
    pub request_body_bytes: Option<u64>,
    /// Largest JSON response body buffered for judgement.
    pub response_body_bytes: Option<u64>,
    /// Largest single SSE event.
    pub sse_event_bytes: Option<u64>,
    /// Time allowed for a client to send its request headers, and again for its body.
    pub header_read_timeout_ms: Option<u64>,
    /// Idle keep-alive connections are closed after this.
    pub idle_timeout_ms: Option<u64>,
    /// Time allowed to connect to the upstream.
    pub upstream_connect_timeout_ms: Option<u64>,
    /// Time allowed for the upstream's response headers (and, for JSON, its whole body).
    pub upstream_timeout_ms: Option<u64>,
    /// Requests in flight at once; more are shed with 503.
    pub max_concurrent_requests: Option<u32>,
    /// Requests in flight at once on one route (default: half of `max_concurrent_requests`); more are shed
    /// with 503 while the other routes keep their places.
    pub max_concurrent_requests_per_route: Option<u32>,
    /// An SSE stream with no byte from the upstream for this long is ended with an error event.
    pub sse_idle_timeout_ms: Option<u64>,
    /// Client connections open at once, all listeners together; more are closed as soon as accepted.
    pub max_connections: Option<u32>,
    /// Largest request header block (request line and headers) read from a client; more gets 431.
    pub request_header_bytes: Option<u32>,
    /// Elicitation rounds per call chain.
    pub max_rounds: Option<u32>,
    /// On SIGTERM, how long in-flight requests and streams may take to finish.
    pub shutdown_grace_ms: Option<u64>,
    /// Elicitations one principal may receive at once on one route.
    pub elicitation_burst: Option<u32>,
    /// Elicitations one principal may receive per minute on one route, sustained.
    pub elicitations_per_minute: Option<u32>,
    /// Elicitations one route may send at once, all principals together.
    pub route_elicitation_burst: Option<u32>,
    /// Elicitations one route may send per minute, sustained.
    pub route_elicitations_per_minute: Option<u32>,
}

/// Policy settings.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PolicyFile {
    /// Rule id or prefix -> action, over the embedded `policies/rules.yaml`.
    #[serde(default)]
    pub rules: BTreeMap<String, RuleSetting>,
    /// Extra secret rule packs (YAML files), added to the embedded ones.
    #[serde(default)]
    pub secret_packs: Vec<String>,
    /// A URL policy file replacing the embedded `policies/urls.yaml`.
    #[serde(default)]
    pub url_policy: Option<String>,
    /// Bytes of form schemas remembered as clean ([`crate::policy::clean_schemas`]), and as much again of forms
    /// the learned model found clean (`form.secret.model`, when on); 0 switches both off.
    #[serde(default)]
    pub clean_schema_cache_bytes: Option<usize>,
}

/// The audit log.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AuditFile {
    /// File to append JSON lines to; default stderr.
    #[serde(default)]
    pub path: Option<String>,
    /// Also log plain allows.
    #[serde(default)]
    pub include_allows: bool,
}

/// Parses the YAML text of a config file.
pub fn parse(text: &str) -> Result<ConfigFile, String> {
    serde_saphyr::from_str(text).map_err(|e| e.to_string())
}

/// Parses a URL policy file.
pub fn parse_url_policy(text: &str) -> Result<UrlConfig, String> {
    serde_saphyr::from_str(text).map_err(|e| e.to_string())
}
