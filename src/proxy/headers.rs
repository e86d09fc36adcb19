//! Header hygiene: hop-by-hop headers removed, forwarding headers set, identity encoding requested.

use http::header::{self, HeaderMap, HeaderName, HeaderValue};

/// Hop-by-hop headers (RFC 9110 §7.6.1) plus those the proxy owns: never forwarded as received.
const HOP_BY_HOP: &[HeaderName] = &[
    header::CONNECTION,
    header::PROXY_AUTHENTICATE,
    header::PROXY_AUTHORIZATION,
    header::TE,
    header::TRAILER,
    header::TRANSFER_ENCODING,
    header::UPGRADE,
];

/// Is `name` hop-by-hop on its own (without being named in `Connection`)?
fn is_hop_by_hop(name: &HeaderName) -> bool {
    HOP_BY_HOP.contains(name) || name == "keep-alive" || name == "proxy-connection"
}

const X_FORWARDED_FOR: HeaderName = HeaderName::from_static("x-forwarded-for");

/// Removes hop-by-hop headers, including any named in `Connection`.
pub fn strip_hop_by_hop(h: &mut HeaderMap) {
    // Most messages carry none (HTTP/1.1 keeps alive by default): one look at each name is cheaper than ten
    // removals that each hash a name. `Connection` is itself hop-by-hop, so a message naming others is caught.
    if !h.keys().any(is_hop_by_hop) {
        return;
    }
    let named: Vec<HeaderName> = h
        .get_all(header::CONNECTION)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .filter_map(|n| HeaderName::from_bytes(n.trim().as_bytes()).ok())
        .collect();
    for n in named {
        h.remove(n);
    }
    for n in HOP_BY_HOP {
        h.remove(n);
    }
    h.remove("keep-alive");
    h.remove("proxy-connection");
}

/// Prepares client request headers for the upstream. `client_ip` is the peer's address as a header value
/// (made once per connection).
pub fn to_upstream(h: &mut HeaderMap, client_ip: Option<&HeaderValue>, tls: bool) {
    strip_hop_by_hop(h);
    // Compression could hide an elicitation from inspection: ask for the plain body.
    h.insert(
        header::ACCEPT_ENCODING,
        HeaderValue::from_static("identity"),
    );
    // Host is set from the upstream URI by the client.
    h.remove(header::HOST);
    if let Some(ip) = client_ip {
        // Every received field counts: several X-Forwarded-For fields are one comma-separated list.
        let mut value: Vec<&[u8]> = h
            .get_all(X_FORWARDED_FOR)
            .iter()
            .map(HeaderValue::as_bytes)
            .collect();
        let v = if value.is_empty() {
            Some(ip.clone())
        } else {
            value.push(ip.as_bytes());
            HeaderValue::from_bytes(&value.join(&b", "[..])).ok()
        };
        if let Some(v) = v {
            h.insert(X_FORWARDED_FOR, v);
        }
    }
    h.insert(
        HeaderName::from_static("x-forwarded-proto"),
        HeaderValue::from_static(if tls { "https" } else { "http" }),
    );
    // The body may be re-written (requestState unwrapped); the length is recomputed from the body.
    h.remove(header::CONTENT_LENGTH);
}

/// Prepares upstream response headers for the client. `body_changed`: the length is recomputed.
pub fn to_client(h: &mut HeaderMap, body_changed: bool) {
    strip_hop_by_hop(h);
    if body_changed {
        h.remove(header::CONTENT_LENGTH);
    }
}

/// Is the upstream body encoded (anything but identity)? Every `Content-Encoding` field counts, and every
/// coding listed in each: a client decodes them all (httpx reads `identity` then `gzip` in two fields as
/// gzip), so a gzip hidden behind a first `identity` field would reach the client unjudged.
pub fn content_encoding(h: &HeaderMap) -> Option<String> {
    let mut codings = Vec::new();
    for v in h.get_all(header::CONTENT_ENCODING) {
        let Ok(v) = v.to_str() else {
            return Some("invalid".to_owned());
        };
        codings.extend(
            v.split(',')
                .map(str::trim)
                .filter(|c| !c.is_empty() && !c.eq_ignore_ascii_case("identity")),
        );
    }
    (!codings.is_empty()).then(|| codings.join(", "))
}

/// What kind of body the response claims to carry.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BodyKind {
    /// Anything a client could read as JSON: `application/json...`, `+json`, no content type, one that is not
    /// text, or several: judged whole.
    Json,
    /// `text/event-stream...`: judged event by event.
    Sse,
    /// Anything else (`text/html`, `text/plain`): no MCP client reads it as JSON-RPC, so it passes.
    Other,
}

/// Classifies a response's content type as the most lenient MCP client would read it. The SDKs disagree:
/// the TypeScript SDK and rmcp compare the media type's essence, but the Python SDK (`mcp` 2.3) picks its
/// reader by whether the lower-cased value *starts with* `application/json` or `text/event-stream`, so it
/// parses an `application/jsonx` body as a message (tests/interop/test_content_type.py shows it; its SSE
/// reader then insists on the exact type, today). Exact matching here passed such a body unjudged to a
/// Python client; so prefixes decide, and when in doubt the body is judged (a body that cannot carry an
/// elicitation passes the judging unchanged anyway).
pub fn body_kind(h: &HeaderMap) -> BodyKind {
    let mut fields = h.get_all(header::CONTENT_TYPE).iter();
    let Some(ct) = fields.next() else {
        return BodyKind::Json;
    };
    if fields.next().is_some() {
        // Two content types: clients join them or take either one; judged, never passed.
        return BodyKind::Json;
    }
    // On bytes: rmcp reads a content type whose parameters are not UTF-8 (`text/event-stream; x="\xff"`).
    let v = ct.as_bytes();
    let start = v
        .iter()
        .position(|b| !matches!(b, b' ' | b'\t'))
        .unwrap_or(v.len());
    let v = &v[start..];
    let starts = |p: &[u8]| v.len() >= p.len() && v[..p.len()].eq_ignore_ascii_case(p);
    if starts(b"text/event-stream") {
        return BodyKind::Sse;
    }
    let essence = v.split(|&b| b == b';').next().unwrap_or_default();
    let essence = essence.trim_ascii_end();
    let json_suffix =
        essence.len() >= 5 && essence[essence.len() - 5..].eq_ignore_ascii_case(b"+json");
    if essence.is_empty() || starts(b"application/json") || json_suffix {
        BodyKind::Json
    } else {
        BodyKind::Other
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hop_by_hop_and_forwarding() {
        let mut h = HeaderMap::new();
        h.insert(
            header::CONNECTION,
            HeaderValue::from_static("keep-alive, x-secret-hop"),
        );
        h.insert("x-secret-hop", HeaderValue::from_static("1"));
        h.insert("mcp-session-id", HeaderValue::from_static("s"));
        h.insert(header::ACCEPT_ENCODING, HeaderValue::from_static("gzip"));
        to_upstream(&mut h, Some(&HeaderValue::from_static("10.0.0.1")), false);
        assert!(h.get("x-secret-hop").is_none());
        assert!(h.get(header::CONNECTION).is_none());
        assert_eq!(h.get("mcp-session-id").unwrap(), "s");
        assert_eq!(h.get(header::ACCEPT_ENCODING).unwrap(), "identity");
        assert_eq!(h.get("x-forwarded-for").unwrap(), "10.0.0.1");
        // A proxy before the gateway: the peer is appended to every field the client sent.
        let mut h = HeaderMap::new();
        h.append("x-forwarded-for", HeaderValue::from_static("192.0.2.1"));
        h.append(
            "x-forwarded-for",
            HeaderValue::from_static("192.0.2.2, 192.0.2.3"),
        );
        to_upstream(&mut h, Some(&HeaderValue::from_static("10.0.0.1")), true);
        let all: Vec<_> = h.get_all("x-forwarded-for").iter().collect();
        assert_eq!(all, ["192.0.2.1, 192.0.2.2, 192.0.2.3, 10.0.0.1"]);
        assert_eq!(h.get("x-forwarded-proto").unwrap(), "https");
    }

    #[test]
    fn kinds() {
        let mut h = HeaderMap::new();
        assert_eq!(body_kind(&h), BodyKind::Json);
        h.insert(
            header::CONTENT_TYPE,
            HeaderValue::from_static("text/event-stream; charset=utf-8"),
        );
        assert_eq!(body_kind(&h), BodyKind::Sse);
        h.insert(
            header::CONTENT_TYPE,
            HeaderValue::from_static("application/vnd.x+json"),
        );
        assert_eq!(body_kind(&h), BodyKind::Json);
        h.insert(header::CONTENT_TYPE, HeaderValue::from_static("text/html"));
        assert_eq!(body_kind(&h), BodyKind::Other);
        h.insert(header::CONTENT_ENCODING, HeaderValue::from_static("gzip"));
        assert_eq!(content_encoding(&h).as_deref(), Some("gzip"));
    }

    fn kind_of(values: &[&[u8]]) -> BodyKind {
        let mut h = HeaderMap::new();
        for v in values {
            h.append(header::CONTENT_TYPE, HeaderValue::from_bytes(v).unwrap());
        }
        body_kind(&h)
    }

    #[test]
    fn a_content_type_some_client_reads_as_mcp_is_judged() {
        // The Python SDK reads these by prefix: they must not pass as `Other`.
        assert_eq!(kind_of(&[b"application/jsonx"]), BodyKind::Json);
        assert_eq!(
            kind_of(&[b"Application/JSON5; charset=utf-8"]),
            BodyKind::Json
        );
        assert_eq!(kind_of(&[b"text/event-streamx"]), BodyKind::Sse);
        assert_eq!(
            kind_of(&[b" TEXT/EVENT-STREAM;charset=UTF-8"]),
            BodyKind::Sse
        );
        // rmcp reads a stream whose parameters are not UTF-8.
        assert_eq!(
            kind_of(&[b"text/event-stream; note=\"\xff\""]),
            BodyKind::Sse
        );
        assert_eq!(kind_of(&[b"application/problem+JSON "]), BodyKind::Json);
        assert_eq!(kind_of(&[b"\xff/\xfe"]), BodyKind::Other);
        // Two fields: a client may take either, or both joined.
        assert_eq!(
            kind_of(&[b"text/html", b"application/json"]),
            BodyKind::Json
        );
        assert_eq!(
            kind_of(&[b"text/plain", b"text/event-stream"]),
            BodyKind::Json
        );
        // What no client reads as MCP still passes.
        assert_eq!(kind_of(&[b"text/plain; charset=utf-8"]), BodyKind::Other);
        assert_eq!(kind_of(&[b"image/png"]), BodyKind::Other);
        assert_eq!(kind_of(&[b"text/json"]), BodyKind::Other);
    }

    #[test]
    fn every_content_encoding_field_counts() {
        let mut h = HeaderMap::new();
        assert_eq!(content_encoding(&h), None);
        h.append(
            header::CONTENT_ENCODING,
            HeaderValue::from_static("identity"),
        );
        assert_eq!(content_encoding(&h), None);
        // A gzip behind a first identity field is decoded by the client all the same.
        h.append(header::CONTENT_ENCODING, HeaderValue::from_static("gzip"));
        assert_eq!(content_encoding(&h).as_deref(), Some("gzip"));
        let mut h = HeaderMap::new();
        h.insert(
            header::CONTENT_ENCODING,
            HeaderValue::from_static(" Identity , br"),
        );
        assert_eq!(content_encoding(&h).as_deref(), Some("br"));
        h.insert(
            header::CONTENT_ENCODING,
            HeaderValue::from_bytes(b"\xffgzip").unwrap(),
        );
        assert_eq!(content_encoding(&h).as_deref(), Some("invalid"));
    }
}
