//! Every metric the gateway exports, registered once in an explicit registry under the `elicitguard_` prefix.
//! Label values come only from closed sets (known methods, verdicts, rule ids, configured route names),
//! never from URLs, tool names, users or session ids.

use std::sync::OnceLock;

use prometheus_client::encoding::EncodeLabelSet;
use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::family::Family;
use prometheus_client::metrics::gauge::Gauge;
use prometheus_client::metrics::histogram::{exponential_buckets, Histogram};
use prometheus_client::registry::Registry;

/// Requests by route, method and outcome.
#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
pub struct RequestLabels {
    /// Route name (from config), or `none`.
    pub route: String,
    /// A known MCP method or `other`.
    pub method: &'static str,
    /// `ok`, `blocked`, `rewritten`, `upstream_error`, `client_error`, `rejected`, `shed`.
    pub outcome: &'static str,
}

/// Route only.
#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
pub struct RouteLabels {
    /// Route name.
    pub route: String,
}

/// Upstream errors by kind.
#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
pub struct UpstreamErrorLabels {
    /// Route name.
    pub route: String,
    /// `connect`, `timeout`, `reset`, `protocol`, `too_large`, `encoding`, `malformed`.
    pub kind: &'static str,
}

/// Elicitations judged.
#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
pub struct ElicitationLabels {
    /// Route name.
    pub route: String,
    /// `modern` or `legacy`.
    pub era: &'static str,
    /// `form`, `url`, `sampling`, `roots`.
    pub mode: &'static str,
    /// `allow`, `rewrite`, `block` (what enforce decided, also in monitor mode).
    pub verdict: &'static str,
    /// `enforce` or `monitor`.
    pub enforcement: &'static str,
}

/// Findings by rule id.
#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
pub struct RuleLabels {
    /// Stable rule id.
    pub rule: String,
}

/// A reason label.
#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
pub struct ReasonLabels {
    /// Closed-set reason.
    pub reason: &'static str,
}

/// A scope label.
#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
pub struct ScopeLabels {
    /// Closed-set scope.
    pub scope: &'static str,
}

/// A state store operation.
#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
pub struct OpLabels {
    /// `replay`, `rate`, `session_read`, `session_write`, `ping` (`STORE_OPS`).
    pub op: &'static str,
}

/// Reload results.
#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
pub struct ReloadLabels {
    /// `success`, `failure`, or `restart_required` (applied, but a start-up-only field changed and keeps its
    /// old value until a restart).
    pub result: &'static str,
}

/// `result` values of `elicitguard_config_reloads_total`.
pub const RELOAD_RESULTS: [&str; 3] = ["success", "failure", "restart_required"];
/// `scope` values of `elicitguard_rate_limited_total` (`overflow`: a limiter table full).
pub const RATE_LIMITED_SCOPES: [&str; 5] =
    ["rounds", "principal", "route", "overflow", "unavailable"];
/// `reason` values of `elicitguard_identity_failures_total`: `IdentityError::as_str`, its `Invalid` reasons
/// included (`identity::jwt::map_error`).
pub const IDENTITY_FAILURE_REASONS: [&str; 15] = [
    "missing",
    "malformed",
    "algorithm",
    "unknown_key",
    "keys_unavailable",
    "jwks",
    "config",
    "signature",
    "expired",
    "not_yet_valid",
    "issuer",
    "audience",
    "subject",
    "missing_claim",
    "claims",
];
/// `op` values of the `elicitguard_store_*` metrics (`crate::store::Op::as_str`; a test there keeps them equal).
pub const STORE_OPS: [&str; 5] = ["replay", "rate", "session_read", "session_write", "ping"];
/// `reason` values of `elicitguard_envelope_rejections_total` (`proxy::retry`, `StateError::as_str`).
pub const ENVELOPE_REJECTION_REASONS: [&str; 10] = [
    "unavailable",
    "missing",
    "malformed",
    "principal",
    "method",
    "params",
    "tampered",
    "expired",
    "replayed",
    "replay_cache_full",
];
/// The answer rules of `elicitguard_answers_refused_total` (`policy::answers`); a secret or text rule that
/// refuses an answer gets its series on first use.
pub const ANSWER_RULES: [&str; 3] = ["answer.shape", "answer.unasked_key", "answer.schema"];
/// `kind` values of `elicitguard_upstream_errors_total` (`ProxyError::upstream_kind`).
pub const UPSTREAM_ERROR_KINDS: [&str; 5] =
    ["connect", "timeout", "reset", "too_large", "encoding"];

/// Build information.
#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
pub struct BuildLabels {
    /// Crate version.
    pub version: &'static str,
}

fn duration_histogram() -> Histogram {
    // 100 µs to ~100 s: loopback pass-through sits at the bottom, long tool calls at the top.
    Histogram::new(exponential_buckets(0.0001, 4.0, 11))
}

fn store_histogram() -> Histogram {
    // 50 µs to ~3 s: a Redis call on loopback or in the same zone sits at the bottom; the top is past any
    // `store.timeout_ms` an operator would set (the default is 250 ms).
    Histogram::new(exponential_buckets(0.000_05, 3.0, 11))
}

fn inspection_histogram() -> Histogram {
    // 1 µs to ~4 ms: judging is CPU work on one message.
    Histogram::new(exponential_buckets(0.000_001, 4.0, 12))
}

/// All metrics.
pub struct Metrics {
    /// The registry served at `/metrics`.
    pub registry: Registry,
    /// `elicitguard_requests_total`.
    pub requests: Family<RequestLabels, Counter>,
    /// `elicitguard_request_duration_seconds`.
    pub request_duration: Family<RouteLabels, Histogram, fn() -> Histogram>,
    /// `elicitguard_upstream_errors_total`.
    pub upstream_errors: Family<UpstreamErrorLabels, Counter>,
    /// `elicitguard_sse_streams_open`.
    pub sse_streams_open: Gauge,
    /// `elicitguard_connections_open`.
    pub connections_open: Gauge,
    /// `elicitguard_build_info`.
    pub build_info: Family<BuildLabels, Gauge>,
    /// `elicitguard_config_reloads_total`.
    pub config_reloads: Family<ReloadLabels, Counter>,
    /// `elicitguard_config_last_reload_success`.
    pub config_last_reload_success: Gauge,
    /// `elicitguard_elicitations_total`.
    pub elicitations: Family<ElicitationLabels, Counter>,
    /// `elicitguard_findings_total`.
    pub findings: Family<RuleLabels, Counter>,
    /// `elicitguard_inspection_duration_seconds`.
    pub inspection_duration: Histogram,
    /// `elicitguard_envelope_rejections_total`.
    pub envelope_rejections: Family<ReasonLabels, Counter>,
    /// `elicitguard_rate_limited_total`.
    pub rate_limited: Family<ScopeLabels, Counter>,
    /// `elicitguard_rounds` (rounds per call chain when an input_required leaves the gateway).
    pub rounds: Histogram,
    /// `elicitguard_answers_refused_total`.
    pub answers_refused: Family<RuleLabels, Counter>,
    /// `elicitguard_audit_dropped_total`.
    pub audit_dropped: Counter,
    /// `elicitguard_identity_failures_total`.
    pub identity_failures: Family<ReasonLabels, Counter>,
    /// `elicitguard_connections_refused_total`.
    pub connections_refused: Counter,
    /// `elicitguard_store_errors_total`: state store calls that failed or timed out, by operation.
    pub store_errors: Family<OpLabels, Counter>,
    /// `elicitguard_store_duration_seconds`: state store call latency, by operation (the Redis store only).
    pub store_duration: Family<OpLabels, Histogram, fn() -> Histogram>,
    /// `elicitguard_store_up`: 1 while the state store answers (always 1 for the in-process store).
    pub store_up: Gauge,
}

impl std::fmt::Debug for Metrics {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Metrics(..)")
    }
}

impl Metrics {
    /// Creates and registers every metric.
    pub fn new() -> Self {
        let mut registry = Registry::with_prefix("elicitguard");
        let m = Metrics {
            requests: Family::default(),
            request_duration: Family::new_with_constructor(duration_histogram),
            upstream_errors: Family::default(),
            sse_streams_open: Gauge::default(),
            connections_open: Gauge::default(),
            build_info: Family::default(),
            config_reloads: Family::default(),
            config_last_reload_success: Gauge::default(),
            elicitations: Family::default(),
            findings: Family::default(),
            inspection_duration: inspection_histogram(),
            envelope_rejections: Family::default(),
            rate_limited: Family::default(),
            rounds: Histogram::new([1.0, 2.0, 3.0, 4.0, 6.0, 8.0, 12.0, 16.0]),
            answers_refused: Family::default(),
            audit_dropped: Counter::default(),
            identity_failures: Family::default(),
            connections_refused: Counter::default(),
            store_errors: Family::default(),
            store_duration: Family::new_with_constructor(store_histogram),
            store_up: Gauge::default(),
            registry: Registry::default(),
        };
        registry.register(
            "requests",
            "Client requests by route, JSON-RPC method and outcome",
            m.requests.clone(),
        );
        registry.register(
            "request_duration_seconds",
            "Time from request to the end of the response head",
            m.request_duration.clone(),
        );
        registry.register(
            "upstream_errors",
            "Upstream failures by kind",
            m.upstream_errors.clone(),
        );
        registry.register(
            "sse_streams_open",
            "SSE response streams open now",
            m.sse_streams_open.clone(),
        );
        registry.register(
            "connections_open",
            "Client connections open now",
            m.connections_open.clone(),
        );
        registry.register("build_info", "Build information", m.build_info.clone());
        registry.register(
            "config_reloads",
            "Configuration reloads by result",
            m.config_reloads.clone(),
        );
        registry.register(
            "config_last_reload_success",
            "1 if the last reload succeeded",
            m.config_last_reload_success.clone(),
        );
        registry.register(
            "elicitations",
            "Elicitation entries judged, by route, era, mode and verdict",
            m.elicitations.clone(),
        );
        registry.register("findings", "Policy findings by rule id", m.findings.clone());
        registry.register(
            "inspection_duration_seconds",
            "Time to parse and judge one message",
            m.inspection_duration.clone(),
        );
        registry.register(
            "envelope_rejections",
            "Retries whose requestState envelope was refused, by reason",
            m.envelope_rejections.clone(),
        );
        registry.register(
            "rate_limited",
            "Elicitation rounds refused by a limit, by scope",
            m.rate_limited.clone(),
        );
        registry.register(
            "rounds",
            "Elicitation round number of each input_required leaving the gateway",
            m.rounds.clone(),
        );
        registry.register(
            "answers_refused",
            "Retries whose answers were refused, by rule",
            m.answers_refused.clone(),
        );
        registry.register(
            "audit_dropped",
            "Audit lines dropped because the writer fell behind",
            m.audit_dropped.clone(),
        );
        registry.register(
            "identity_failures",
            "Requests refused for a missing or invalid bearer token, by reason",
            m.identity_failures.clone(),
        );
        registry.register(
            "connections_refused",
            "Client connections closed as soon as accepted because limits.max_connections were open",
            m.connections_refused.clone(),
        );
        registry.register(
            "store_errors",
            "State store calls that failed or timed out, by operation",
            m.store_errors.clone(),
        );
        registry.register(
            "store_duration_seconds",
            "State store call latency, by operation",
            m.store_duration.clone(),
        );
        registry.register(
            "store_up",
            "1 while the state store answers (always 1 for the in-process store)",
            m.store_up.clone(),
        );
        // Every series whose labels are known in advance exists from start-up, at zero: `rate()` and
        // `absent()` then work before the first event, and a dashboard tells "none yet" from "not exported".
        for result in RELOAD_RESULTS {
            let _ = m.config_reloads.get_or_create(&ReloadLabels { result });
        }
        for scope in RATE_LIMITED_SCOPES {
            let _ = m.rate_limited.get_or_create(&ScopeLabels { scope });
        }
        for reason in IDENTITY_FAILURE_REASONS {
            let _ = m.identity_failures.get_or_create(&ReasonLabels { reason });
        }
        for reason in ENVELOPE_REJECTION_REASONS {
            let _ = m
                .envelope_rejections
                .get_or_create(&ReasonLabels { reason });
        }
        for rule in ANSWER_RULES {
            let _ = m.answers_refused.get_or_create(&RuleLabels {
                rule: rule.to_owned(),
            });
        }
        m.build_info
            .get_or_create(&BuildLabels {
                version: env!("CARGO_PKG_VERSION"),
            })
            .set(1);
        for op in STORE_OPS {
            let labels = OpLabels { op };
            let _ = m.store_errors.get_or_create(&labels);
            let _ = m.store_duration.get_or_create(&labels);
        }
        m.config_last_reload_success.set(1);
        m.store_up.set(1);
        Metrics { registry, ..m }
    }

    /// The OpenMetrics text exposition.
    pub fn encode(&self) -> String {
        let mut out = String::new();
        if prometheus_client::encoding::text::encode(&mut out, &self.registry).is_err() {
            out.clear();
        }
        out
    }

    /// The Prometheus text exposition (format 0.0.4), what `promtool check metrics` and scrapers that do not
    /// ask for OpenMetrics read. prometheus-client writes OpenMetrics only, where a counter family is named
    /// without its `_total` suffix (`# TYPE elicitguard_requests counter`, samples `elicitguard_requests_total`);
    /// the text format names the family as its samples, else every counter has "no help text". So counter
    /// families are renamed, and `# UNIT` and `# EOF`, which the text format lacks, are left out.
    pub fn encode_prometheus(&self) -> String {
        openmetrics_to_prometheus(&self.encode())
    }

    /// Makes the series of `route`'s upstream errors, at zero, for every kind (a route's series exist from
    /// the configuration that names it on).
    pub fn route_series(&self, route: &str) {
        for kind in UPSTREAM_ERROR_KINDS {
            let _ = self.upstream_errors.get_or_create(&UpstreamErrorLabels {
                route: route.to_owned(),
                kind,
            });
        }
    }
}

/// See [`Metrics::encode_prometheus`].
fn openmetrics_to_prometheus(om: &str) -> String {
    let counters: std::collections::HashSet<&str> = om
        .lines()
        .filter_map(|l| l.strip_prefix("# TYPE "))
        .filter_map(|l| l.strip_suffix(" counter"))
        .collect();
    let mut out = String::with_capacity(om.len() + 16 * counters.len());
    for line in om.lines() {
        if line == "# EOF" || line.starts_with("# UNIT ") {
            continue;
        }
        let meta = ["# HELP ", "# TYPE "]
            .into_iter()
            .find_map(|p| line.strip_prefix(p).map(|rest| (p, rest)));
        if let Some((prefix, rest)) = meta {
            let (name, tail) = rest.split_once(' ').unwrap_or((rest, ""));
            if counters.contains(name) {
                out.push_str(prefix);
                out.push_str(name);
                out.push_str("_total ");
                out.push_str(tail);
                out.push('\n');
                continue;
            }
        }
        out.push_str(line);
        out.push('\n');
    }
    out
}

impl Default for Metrics {
    fn default() -> Self {
        Self::new()
    }
}

/// The `method` label's values: `none` (no JSON-RPC method), the known MCP methods, `other`.
const METHOD_LABELS: [&str; 26] = [
    "none",
    "initialize",
    "notifications/initialized",
    "server/discover",
    "tools/list",
    "tools/call",
    "prompts/list",
    "prompts/get",
    "resources/list",
    "resources/read",
    "resources/templates/list",
    "resources/subscribe",
    "resources/unsubscribe",
    "subscriptions/listen",
    "completion/complete",
    "logging/setLevel",
    "ping",
    "tasks/get",
    "tasks/update",
    "tasks/list",
    "tasks/cancel",
    "tasks/result",
    "notifications/cancelled",
    "notifications/progress",
    "notifications/roots/list_changed",
    "other",
];

/// A `method` label: one of a closed set, so a client cannot grow the series count by naming methods.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MethodLabel(u8);

impl MethodLabel {
    /// No method (a response, a batch, a body that is not JSON-RPC).
    pub const NONE: MethodLabel = MethodLabel(0);

    /// The label of `method`: itself when known, else `other`.
    pub fn of(method: Option<&str>) -> MethodLabel {
        let Some(m) = method else {
            return MethodLabel::NONE;
        };
        let known = METHOD_LABELS.len() - 1;
        let i = METHOD_LABELS[1..known]
            .iter()
            .position(|k| *k == m)
            .map_or(known, |i| i + 1);
        MethodLabel(u8::try_from(i).unwrap_or(0))
    }

    /// The label's text.
    pub fn as_str(self) -> &'static str {
        METHOD_LABELS
            .get(usize::from(self.0))
            .copied()
            .unwrap_or("other")
    }
}

/// The `outcome` label of a request.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RequestOutcome {
    /// Forwarded (allowed, or judged in monitor mode).
    Ok,
    /// Refused by policy or a limit.
    Blocked,
    /// Forwarded with changes.
    Rewritten,
    /// The upstream failed.
    UpstreamError,
    /// The client's request was refused before policy (malformed, too large, no route...).
    ClientError,
    /// A retry whose envelope or answers were refused.
    Rejected,
    /// Shed: too many requests in flight.
    Shed,
}

impl RequestOutcome {
    const COUNT: usize = 7;

    /// The label's text.
    pub fn as_str(self) -> &'static str {
        match self {
            RequestOutcome::Ok => "ok",
            RequestOutcome::Blocked => "blocked",
            RequestOutcome::Rewritten => "rewritten",
            RequestOutcome::UpstreamError => "upstream_error",
            RequestOutcome::ClientError => "client_error",
            RequestOutcome::Rejected => "rejected",
            RequestOutcome::Shed => "shed",
        }
    }
}

/// Series of `elicitguard_elicitations_total` one route can have: era (2) × mode (5, `unknown` included) ×
/// verdict (3) × enforcement (2).
pub const ELICITATION_SLOTS: usize = 60;

/// One route's handles on its metric series, each made on first use (a series appears when it first counts,
/// as with the families' own `get_or_create`). A request then counts with atomic adds on handles it indexes,
/// instead of hashing its labels (SipHash over the route name, under the family's lock) once per series.
/// The handles share their counts with the families, so `/metrics` is unchanged, and survive a reload: a new
/// route's first use finds the same series.
pub struct RouteMetrics {
    route: String,
    requests: [[OnceLock<Counter>; RequestOutcome::COUNT]; METHOD_LABELS.len()],
    duration: OnceLock<Histogram>,
    elicitations: [OnceLock<Counter>; ELICITATION_SLOTS],
}

impl std::fmt::Debug for RouteMetrics {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "RouteMetrics({})", self.route)
    }
}

impl RouteMetrics {
    /// No handles yet, for the route named `route` (`none` for requests no route took).
    pub fn new(route: &str) -> RouteMetrics {
        RouteMetrics {
            route: route.to_owned(),
            requests: std::array::from_fn(|_| std::array::from_fn(|_| OnceLock::new())),
            duration: OnceLock::new(),
            elicitations: std::array::from_fn(|_| OnceLock::new()),
        }
    }

    /// Counts one request and observes its duration.
    pub fn request(
        &self,
        metrics: &Metrics,
        method: MethodLabel,
        outcome: RequestOutcome,
        seconds: f64,
    ) {
        let slot = self
            .requests
            .get(usize::from(method.0))
            .and_then(|row| row.get(outcome as usize));
        if let Some(slot) = slot {
            slot.get_or_init(|| {
                metrics
                    .requests
                    .get_or_create(&RequestLabels {
                        route: self.route.clone(),
                        method: method.as_str(),
                        outcome: outcome.as_str(),
                    })
                    .clone()
            })
            .inc();
        }
        self.duration
            .get_or_init(|| {
                metrics
                    .request_duration
                    .get_or_create(&RouteLabels {
                        route: self.route.clone(),
                    })
                    .clone()
            })
            .observe(seconds);
    }

    /// Counts one judged elicitation entry in series `slot` (below [`ELICITATION_SLOTS`], one per label set:
    /// the caller's mapping), whose labels `labels` makes on first use. A slot out of range counts through
    /// the family.
    pub fn elicitation(
        &self,
        metrics: &Metrics,
        slot: usize,
        labels: impl FnOnce(&str) -> ElicitationLabels,
    ) {
        match self.elicitations.get(slot) {
            Some(cell) => {
                cell.get_or_init(|| {
                    metrics
                        .elicitations
                        .get_or_create(&labels(&self.route))
                        .clone()
                })
                .inc();
            }
            None => {
                metrics
                    .elicitations
                    .get_or_create(&labels(&self.route))
                    .inc();
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn method_labels_are_a_closed_set() {
        assert_eq!(MethodLabel::of(None).as_str(), "none");
        assert_eq!(MethodLabel::of(Some("tools/call")).as_str(), "tools/call");
        assert_eq!(
            MethodLabel::of(Some("notifications/roots/list_changed")).as_str(),
            "notifications/roots/list_changed"
        );
        for m in ["", "tools/call ", "TOOLS/CALL", "none", "other", "x/y"] {
            assert_eq!(MethodLabel::of(Some(m)).as_str(), "other", "{m:?}");
        }
    }

    #[test]
    fn every_outcome_has_a_slot() {
        let all = [
            RequestOutcome::Ok,
            RequestOutcome::Blocked,
            RequestOutcome::Rewritten,
            RequestOutcome::UpstreamError,
            RequestOutcome::ClientError,
            RequestOutcome::Rejected,
            RequestOutcome::Shed,
        ];
        assert_eq!(all.len(), RequestOutcome::COUNT);
        for (i, o) in all.into_iter().enumerate() {
            assert_eq!(o as usize, i);
        }
    }

    /// Counts made through a route's handles are the families' series: what `/metrics` shows, per label set,
    /// and shared by a second handle set for the same route (a reload's new route).
    #[test]
    fn route_handles_count_in_the_families_series() {
        let m = Metrics::new();
        let a = RouteMetrics::new("books");
        let call = MethodLabel::of(Some("tools/call"));
        for (method, outcome) in [
            (call, RequestOutcome::Ok),
            (call, RequestOutcome::Ok),
            (MethodLabel::of(Some("zzz")), RequestOutcome::Blocked),
        ] {
            a.request(&m, method, outcome, 0.001);
        }
        let after_reload = RouteMetrics::new("books");
        after_reload.request(&m, call, RequestOutcome::Ok, 0.5);
        let labels = |mode: &'static str| {
            move |route: &str| ElicitationLabels {
                route: route.to_owned(),
                era: "modern",
                mode,
                verdict: "allow",
                enforcement: "enforce",
            }
        };
        a.elicitation(&m, 7, labels("form"));
        after_reload.elicitation(&m, 7, labels("form"));
        // Out of range: counted through the family all the same.
        a.elicitation(&m, ELICITATION_SLOTS, labels("url"));
        let text = m.encode();
        let line = |prefix: &str| {
            text.lines()
                .find(|l| l.starts_with(prefix))
                .map(|l| l.rsplit(' ').next().unwrap_or("").to_owned())
        };
        assert_eq!(
            line(r#"elicitguard_requests_total{route="books",method="tools/call",outcome="ok"}"#)
                .as_deref(),
            Some("3")
        );
        assert_eq!(
            line(r#"elicitguard_requests_total{route="books",method="other",outcome="blocked"}"#)
                .as_deref(),
            Some("1")
        );
        assert_eq!(
            line(r#"elicitguard_request_duration_seconds_count{route="books"}"#).as_deref(),
            Some("4")
        );
        assert_eq!(
            line(r#"elicitguard_elicitations_total{route="books",era="modern",mode="form""#)
                .as_deref(),
            Some("2")
        );
        assert_eq!(
            line(r#"elicitguard_elicitations_total{route="books",era="modern",mode="url""#)
                .as_deref(),
            Some("1")
        );
        // No series for what never counted.
        assert!(!text.contains(r#"outcome="shed""#));
    }
}
