//! The `routes` and `upstream_tls` sections: which path goes to which MCP server, with what policy,
//! identity and Host/Origin lists, and how the gateway speaks TLS to upstreams.

use std::sync::Arc;

use http::Uri;

use crate::policy::engine::RoutePolicy;
use crate::policy::rules::RuleTable;
use crate::policy::url::RouteUrlRules;

use super::origin::OriginPolicy;
use super::{file, identity, tls, Cx, Limits, ModeSetting, Overrides, Route, RouteIdentity};

/// The routes, longest prefix first (the order [`super::Snapshot::route_for`] matches in). `monitor` is the
/// gateway-wide mode a route without its own inherits.
pub(super) fn compile(
    cx: &mut Cx<'_>,
    cfg: &file::ConfigFile,
    ov: &Overrides,
    limits: &Limits,
    monitor: bool,
) -> Vec<Arc<Route>> {
    let mut routes = Vec::new();
    if cfg.routes.is_empty() {
        cx.invalid("routes", "at least one route is needed");
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
            cx.invalid(
                &field("name"),
                format!("{:?} must match [a-z0-9_-]{{1,64}}", r.name),
            );
        }
        if !names.insert(r.name.clone()) {
            cx.invalid(
                &field("name"),
                format!("{:?} is used by two routes", r.name),
            );
        }
        if !r.path_prefix.starts_with('/') {
            cx.invalid(&field("path_prefix"), "must start with /");
        }
        let uri: Uri = match r.upstream.parse() {
            Ok(u) => u,
            Err(e) => {
                cx.invalid(&field("upstream"), format!("{:?}: {e}", r.upstream));
                continue;
            }
        };
        let tls = match uri.scheme_str() {
            Some("http") => false,
            Some("https") => true,
            _ => {
                cx.invalid(&field("upstream"), "must be an http:// or https:// URL");
                continue;
            }
        };
        if tls && r.h2c {
            cx.invalid(
                &field("h2c"),
                "h2c is for http:// upstreams; https upstreams negotiate h2 by ALPN",
            );
        }
        let Some(authority) = uri.authority().cloned() else {
            cx.invalid(&field("upstream"), "has no host");
            continue;
        };
        let origin = Uri::builder()
            .scheme(if tls { "https" } else { "http" })
            .authority(authority)
            .path_and_query("/")
            .build();
        let Ok(origin) = origin else {
            cx.invalid(&field("upstream"), "cannot be used as an origin");
            continue;
        };
        let mut rt = RuleTable::default();
        rt.overlay(&r.rules);
        let identity = match &r.identity {
            None => None,
            Some(idf) if idf.mode == file::IdentityMode::Off => None,
            Some(idf) => match identity::compile(cx, idf, &cfg.upstream_tls) {
                Ok(v) => Some(RouteIdentity {
                    required: idf.mode == file::IdentityMode::Required,
                    verifier: Arc::new(v),
                    resource_metadata: idf.resource_metadata.clone(),
                }),
                Err(e) => {
                    cx.invalid(&field("identity"), e);
                    None
                }
            },
        };
        routes.push(Route {
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
            origin: OriginPolicy {
                allowed_hosts: lower(&r.allowed_hosts),
                allowed_origins: lower(&r.allowed_origins),
            },
            slots: Arc::new(tokio::sync::Semaphore::new(
                r.max_concurrent_requests
                    .unwrap_or(limits.max_concurrent_requests_per_route)
                    .max(1) as usize,
            )),
            index: 0,
        });
    }
    routes.sort_by_key(|r| std::cmp::Reverse(r.prefix.len()));
    routes
        .into_iter()
        .enumerate()
        .map(|(index, r)| Arc::new(Route { index, ..r }))
        .collect()
}

/// How the gateway speaks TLS to https upstreams: the system roots plus `extra_ca`, and a client
/// certificate when set.
pub(super) fn upstream_tls(
    cx: &mut Cx<'_>,
    t: &file::UpstreamTlsFile,
) -> Option<Arc<rustls::ClientConfig>> {
    let extra_ca = t.extra_ca.as_deref().map(|p| cx.watch(p));
    let cert = t.client_cert.as_deref().map(|p| cx.resolve(p));
    let key = t.client_key.as_deref().map(|p| cx.resolve(p));
    match tls::client_config(extra_ca.as_deref(), cert.as_deref(), key.as_deref()) {
        Ok(c) => Some(Arc::new(c)),
        Err(e) => {
            cx.invalid("upstream_tls", e);
            None
        }
    }
}

/// A list trimmed and lower-cased, as the `Host` and `Origin` checks compare.
fn lower(list: &[String]) -> Vec<String> {
    list.iter()
        .map(|s| s.trim().trim_end_matches('/').to_ascii_lowercase())
        .collect()
}
