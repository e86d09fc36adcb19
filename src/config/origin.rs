//! DNS-rebinding protection: which `Host` and `Origin` a request may carry.
//!
//! The gateway replaces `Host` with the upstream's authority, so an upstream that validates `Host` (as the
//! MCP SDKs do for local servers) can no longer see the name a browser used; and the MCP transport spec
//! says servers MUST validate `Origin`. The gateway therefore does both itself, before anything is
//! forwarded:
//! - `Origin`, when present (browsers send it on cross-origin and on POST requests; SDK clients send none),
//!   must be a loopback origin (`http://localhost:6274`: the Inspector and other local tools), the gateway's
//!   own origin (the same host and port the request names), or one listed in the route's `allowed_origins`.
//!   `null` (sandboxed frames, `file:`) is refused unless listed.
//! - `Host` (or the HTTP/2 `:authority`) of a request from this machine (a loopback peer) must be a loopback
//!   name or address, or one listed in the route's `allowed_hosts`: a page on `evil.example` that rebinds its
//!   name to 127.0.0.1 reaches a local gateway with `Host: evil.example`, and a same-origin GET (the SSE
//!   stream) carries no `Origin` at all.
//!
//! `*` in either list switches that check off for the route.

use http::{header, HeaderMap, Uri};

/// A route's compiled lists (lower-cased; `host` or `host:port` for hosts, `scheme://host[:port]` for origins).
#[derive(Debug, Clone, Default)]
pub struct OriginPolicy {
    /// Extra `Host` values accepted from loopback peers.
    pub allowed_hosts: Vec<String>,
    /// Extra `Origin` values accepted.
    pub allowed_origins: Vec<String>,
}

/// Why a request was refused, for the response and the log; says which header and nothing secret.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum OriginError {
    /// The `Origin` is not allowed.
    #[error("requests from the web origin `{0}` are not allowed on this endpoint")]
    Origin(String),
    /// The `Host` is not allowed for a request from this machine.
    #[error("the host name `{0}` is not allowed for requests from this machine (DNS rebinding protection)")]
    Host(String),
}

/// Longest header value echoed in an error: enough to recognise it, too short to carry much.
const MAX_SHOWN: usize = 100;

impl OriginPolicy {
    /// Checks one request; `loopback_peer`: the client connected from this machine.
    pub fn check(
        &self,
        headers: &HeaderMap,
        uri: &Uri,
        loopback_peer: bool,
    ) -> Result<(), OriginError> {
        let host = uri
            .authority()
            .map(|a| a.as_str().to_owned())
            .or_else(|| {
                headers
                    .get(header::HOST)
                    .and_then(|v| v.to_str().ok())
                    .map(str::to_owned)
            })
            .map(|h| h.trim_end_matches('.').to_ascii_lowercase());
        if let Some(origin) = headers.get(header::ORIGIN) {
            let origin = origin.to_str().unwrap_or("").trim().to_ascii_lowercase();
            if !self.origin_allowed(&origin, host.as_deref()) {
                return Err(OriginError::Origin(shown(&origin)));
            }
        }
        if loopback_peer {
            if let Some(h) = host.as_deref() {
                if !self.host_allowed(h) {
                    return Err(OriginError::Host(shown(h)));
                }
            }
        }
        Ok(())
    }

    fn origin_allowed(&self, origin: &str, host: Option<&str>) -> bool {
        if self.allowed_origins.iter().any(|o| o == "*" || o == origin) {
            return true;
        }
        let Ok(url) = url::Url::parse(origin) else {
            return false;
        };
        if !matches!(url.scheme(), "http" | "https") {
            return false;
        }
        let Some(origin_host) = url.host_str() else {
            return false;
        };
        if is_loopback_name(origin_host) {
            return true;
        }
        // Same origin: the page was served by the gateway itself under the name the request uses.
        let authority = match url.port() {
            Some(p) => format!("{origin_host}:{p}"),
            None => origin_host.to_owned(),
        };
        host.is_some_and(|h| h == authority)
    }

    fn host_allowed(&self, host: &str) -> bool {
        if self.allowed_hosts.iter().any(|h| h == "*" || h == host) {
            return true;
        }
        let name = host_name(host);
        is_loopback_name(name) || self.allowed_hosts.iter().any(|h| h == name)
    }
}

/// The name part of `host[:port]` (brackets kept off IPv6 literals).
fn host_name(host: &str) -> &str {
    if let Some(rest) = host.strip_prefix('[') {
        return rest.split(']').next().unwrap_or(rest);
    }
    match host.rsplit_once(':') {
        Some((name, port)) if port.bytes().all(|b| b.is_ascii_digit()) => name,
        _ => host,
    }
}

/// `localhost`, a name under `.localhost`, 127/8 or `::1`.
fn is_loopback_name(name: &str) -> bool {
    let name = name.trim_start_matches('[').trim_end_matches(']');
    if name == "localhost" || name.ends_with(".localhost") {
        return true;
    }
    name.parse::<std::net::IpAddr>()
        .is_ok_and(|ip| ip.is_loopback())
}

fn shown(value: &str) -> String {
    value
        .chars()
        .filter(|c| !c.is_control())
        .take(MAX_SHOWN)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn req(host: Option<&str>, origin: Option<&str>) -> HeaderMap {
        let mut h = HeaderMap::new();
        if let Some(v) = host {
            h.insert(header::HOST, v.parse().unwrap());
        }
        if let Some(v) = origin {
            h.insert(header::ORIGIN, v.parse().unwrap());
        }
        h
    }

    fn check(p: &OriginPolicy, host: Option<&str>, origin: Option<&str>, loopback: bool) -> bool {
        p.check(&req(host, origin), &Uri::from_static("/mcp"), loopback)
            .is_ok()
    }

    #[test]
    fn local_clients_and_sdks_pass() {
        let p = OriginPolicy::default();
        assert!(check(&p, Some("127.0.0.1:8080"), None, true));
        assert!(check(&p, Some("localhost:8080"), None, true));
        assert!(check(&p, Some("[::1]:8080"), None, true));
        assert!(check(
            &p,
            Some("localhost:8080"),
            Some("http://localhost:6274"),
            true
        ));
        assert!(check(
            &p,
            Some("127.0.0.1:8080"),
            Some("http://127.0.0.1:6274"),
            true
        ));
        // A remote client with the public name: no Host check, and its own origin is fine.
        assert!(check(&p, Some("mcp.example.com"), None, false));
        assert!(check(
            &p,
            Some("mcp.example.com"),
            Some("https://mcp.example.com"),
            false
        ));
    }

    #[test]
    fn rebinding_and_foreign_origins_fail() {
        let p = OriginPolicy::default();
        assert_eq!(
            p.check(
                &req(Some("evil.example:8080"), None),
                &Uri::from_static("/mcp"),
                true
            ),
            Err(OriginError::Host("evil.example:8080".into()))
        );
        assert!(!check(
            &p,
            Some("localhost:8080"),
            Some("http://evil.example:8080"),
            true
        ));
        assert!(!check(
            &p,
            Some("mcp.example.com"),
            Some("https://evil.example"),
            false
        ));
        assert!(!check(&p, Some("localhost:8080"), Some("null"), true));
        assert!(!check(&p, Some("localhost"), Some("file://"), true));
        // The HTTP/2 authority counts like Host.
        assert!(p
            .check(
                &HeaderMap::new(),
                &Uri::from_static("http://evil.example:8080/mcp"),
                true
            )
            .is_err());
    }

    #[test]
    fn lists_extend_and_star_disables() {
        let p = OriginPolicy {
            allowed_hosts: vec!["gw.internal".into()],
            allowed_origins: vec!["https://app.example".into()],
        };
        assert!(check(&p, Some("gw.internal:8080"), None, true));
        assert!(check(
            &p,
            Some("gw.internal"),
            Some("https://app.example"),
            true
        ));
        assert!(!check(&p, Some("other.internal"), None, true));
        let star = OriginPolicy {
            allowed_hosts: vec!["*".into()],
            allowed_origins: vec!["*".into()],
        };
        assert!(check(
            &star,
            Some("evil.example"),
            Some("http://evil.example"),
            true
        ));
    }
}
