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

/// How the gateway reads a response body.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BodyKind {
    /// The type names JSON and not SSE, on a request other than a GET: read whole and judged as one message.
    Json,
    /// Anything else (SSE, both, neither, no type, several): filtered as it streams, as SSE, unless its first
    /// significant byte shows a JSON document ([`sniffed`]), which is then read whole and judged as one message.
    /// Some client reads each such body one way or the other, so none is passed unread.
    Stream,
}

/// Classifies a response's content type so that the gateway reads a body at least as widely as any MCP client
/// does. Clients pick their reader in different ways (tests/client_readers.rs rebuilds each rule from its
/// source):
/// - the TypeScript SDK 2.x by the media type's essence, and any 400 as JSON; the 1.x line by *substring*
///   (`includes('text/event-stream')`, then `includes('application/json')`); both read a GET stream as SSE
///   whatever its type;
/// - the Python SDK by *prefix* of the lower-cased value (`startswith('application/json')`);
/// - rmcp by the media type's essence;
/// - hand-written clients parse any body as JSON.
///
/// So a value that names JSON anywhere (any case) and not `event-stream`, on a request other than a GET, is
/// read whole as JSON; every other body streams through the SSE filter, which reads a body that turns out to be
/// a JSON document whole (a superset of every rule above, without holding a stream's head back to look at its
/// body). The rule is on bytes: rmcp reads a type whose parameters are not UTF-8.
pub fn body_kind(is_get: bool, h: &HeaderMap) -> BodyKind {
    let mut fields = h.get_all(header::CONTENT_TYPE).iter();
    let (Some(ct), None) = (fields.next(), fields.next()) else {
        return BodyKind::Stream;
    };
    let json = contains_ignore_ascii_case(ct.as_bytes(), b"json");
    let sse = contains_ignore_ascii_case(ct.as_bytes(), b"event-stream");
    if json && !sse && !is_get {
        BodyKind::Json
    } else {
        BodyKind::Stream
    }
}

/// How a streamed body is read, from its first byte that is neither a UTF-8 byte order mark nor JSON whitespace
/// ([`first_significant`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Sniffed {
    /// Empty, or whitespace only: nothing any reader takes a message from. Passed as it is.
    Blank,
    /// `{` or `[`: read whole and judged as JSON. A body the strict parser accepts holds no SSE event (no JSON
    /// text has a line that starts with a field name), so an SSE reader finds nothing in it that was not judged;
    /// one it refuses is blocked whenever it could carry an elicitation.
    Json,
    /// Anything else: judged as SSE, event by event. Text with no `data` line (an HTML page) passes unchanged;
    /// every event with data is judged. No JSON reader takes a message from such a body (a JSON scalar is not a
    /// message). An SSE stream starts with a field, a comment or a blank line, never with `{` or `[`.
    Sse,
}

/// Reads a streamed body by its first significant byte.
pub fn sniffed(first: Option<u8>) -> Sniffed {
    match first {
        None => Sniffed::Blank,
        Some(b'{' | b'[') => Sniffed::Json,
        Some(_) => Sniffed::Sse,
    }
}

/// The UTF-8 byte order mark, which lenient JSON readers and SSE readers skip at the start of a body.
const BOM: &[u8] = b"\xEF\xBB\xBF";

/// Where the first significant byte of a body that starts with `head` stands: past a byte order mark at the
/// start and JSON whitespace. None while more bytes are needed to tell (`head` is whitespace, or may be the start
/// of a byte order mark) and, once the body has `ended`, when it is blank.
pub fn first_significant(head: &[u8], ended: bool) -> Option<usize> {
    let skip = if head.starts_with(BOM) {
        BOM.len()
    } else if !head.is_empty() && BOM.starts_with(head) {
        // `head` may be the start of a byte order mark; at the end it is not one, and is itself significant.
        return ended.then_some(0);
    } else {
        0
    };
    head[skip..]
        .iter()
        .position(|b| !matches!(b, b' ' | b'\t' | b'\n' | b'\r'))
        .map(|p| p + skip)
}

/// Whether `needle` (lower-case ASCII) occurs in `hay` without regard to ASCII case.
fn contains_ignore_ascii_case(hay: &[u8], needle: &[u8]) -> bool {
    hay.windows(needle.len())
        .any(|w| w.eq_ignore_ascii_case(needle))
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

    fn kind_of(get: bool, values: &[&[u8]]) -> BodyKind {
        let mut h = HeaderMap::new();
        for v in values {
            h.append(header::CONTENT_TYPE, HeaderValue::from_bytes(v).unwrap());
        }
        body_kind(get, &h)
    }

    #[test]
    fn only_a_type_that_names_json_alone_is_read_whole_up_front() {
        use BodyKind::*;
        for (v, kind) in [
            (&b"application/json"[..], Json),
            (b"application/json; charset=utf-8", Json),
            (b"application/vnd.x+json", Json),
            (b"Application/JSON5; charset=utf-8", Json),
            (b"application/jsonx", Json),
            // The 1.x TypeScript client's substring rule.
            (b"text/plain; x=application/json", Json),
            (b"multipart/related; type=\"application/json\"", Json),
            (b"text/json", Json),
            (b"application/x-ndjson", Json),
            (b"text/event-stream", Stream),
            (b" TEXT/EVENT-STREAM;charset=UTF-8", Stream),
            (b"text/plain; x=text/event-stream", Stream),
            // rmcp reads a type whose parameters are not UTF-8.
            (b"text/event-stream; note=\"\xff\"", Stream),
            // Both: TypeScript 1.x reads SSE, Python JSON.
            (b"application/json; x=text/event-stream", Stream),
            // Neither: some hand-written client reads it anyway.
            (b"text/plain", Stream),
            (b"text/html; charset=utf-8", Stream),
            (b"application/octet-stream", Stream),
            (b"\xff/\xfe", Stream),
        ] {
            assert_eq!(kind_of(false, &[v]), kind, "{}", String::from_utf8_lossy(v));
        }
        assert_eq!(kind_of(false, &[]), Stream);
        assert_eq!(
            kind_of(false, &[b"application/json", b"application/json"]),
            Stream
        );
        // A GET stream is read as SSE whatever its type, by the TypeScript client: it always streams.
        for v in [
            &b"application/json"[..],
            b"text/plain",
            b"text/event-stream",
        ] {
            assert_eq!(kind_of(true, &[v]), Stream);
        }
    }

    #[test]
    fn sniffing_skips_a_bom_and_json_whitespace() {
        let at = |head: &[u8], ended| first_significant(head, ended);
        assert_eq!(at(b"", false), None);
        assert_eq!(at(b"", true), None);
        assert_eq!(at(b" \r\n\t", true), None);
        assert_eq!(at(b"  {", false), Some(2));
        assert_eq!(at(b"\xEF\xBB\xBF \n[", false), Some(5));
        assert_eq!(at(b"\xEF\xBB\xBF", true), None);
        // Half a byte order mark: more bytes decide; at the end it is text.
        assert_eq!(at(b"\xEF\xBB", false), None);
        assert_eq!(at(b"\xEF\xBB", true), Some(0));
        // A form feed is not JSON whitespace.
        assert_eq!(at(b"\x0c{", true), Some(0));
        let kind = |head: &[u8]| sniffed(first_significant(head, true).map(|i| head[i]));
        assert_eq!(kind(b"\n"), Sniffed::Blank);
        assert_eq!(kind(b" {\"jsonrpc\":\"2.0\"}"), Sniffed::Json);
        assert_eq!(kind(b"[]"), Sniffed::Json);
        assert_eq!(kind(b"data: {}\n\n"), Sniffed::Sse);
        assert_eq!(kind(b"<!doctype html>"), Sniffed::Sse);
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
