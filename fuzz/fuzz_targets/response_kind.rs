//! The response classification of issue 36 point 1 (`proxy::headers`): how the gateway reads an upstream body
//! from its `Content-Type` fields, the request method and its first bytes. The first input byte steers (GET or
//! not, how many `Content-Type` fields), then come the field values, one a line, then the body.
//! - `body_kind` is deterministic and is the rule the README states, rebuilt here on lower-cased bytes: one
//!   field naming `json` anywhere (any case) and not `event-stream`, on a request other than a GET, is read
//!   whole as JSON; everything else (SSE, both, neither, none, several fields, any GET) streams through the
//!   SSE filter. Nothing is passed through unjudged: a type naming `json` or `event-stream` is always one of
//!   the two judged readers.
//! - `first_significant` answers the same however much of the body has arrived: while more bytes are
//!   needed it says so, and once it answers, the answer is the whole body's.
//! - A streamed body is only passed unread when it is blank: no JSON reader takes a value from it and no SSE
//!   reader an event with data. One sniffed as SSE gives no JSON reader a message (an object or an array);
//!   one sniffed as JSON that the strict parser accepts holds no SSE event with data.
#![no_main]

use elicitguard::proxy::headers::{body_kind, first_significant, sniffed, BodyKind, Sniffed};
use elicitguard::wire::sse::Decoder;
use elicitguard::wire::strict::parse_strict;
use http::header::CONTENT_TYPE;
use http::{HeaderMap, HeaderValue};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| check(data));

fn check(data: &[u8]) {
    let Some((&control, rest)) = data.split_first() else {
        return;
    };
    let is_get = control & 1 != 0;
    let fields = usize::from((control >> 1) % 3);
    let mut lines = rest.splitn(fields + 1, |&b| b == b'\n');
    let values: Vec<&[u8]> = lines.by_ref().take(fields).collect();
    let body = lines.next().unwrap_or(&[]);
    let mut h = HeaderMap::new();
    for v in &values {
        let Ok(v) = HeaderValue::from_bytes(v) else {
            return;
        };
        h.append(CONTENT_TYPE, v);
    }
    let fields_set = h.get_all(CONTENT_TYPE).iter().count();

    let kind = body_kind(is_get, &h);
    assert_eq!(kind, body_kind(is_get, &h), "classifying twice differs");
    let expected = match values.as_slice() {
        [v] if !is_get && fields_set == 1 => {
            let lower = v.to_ascii_lowercase();
            if contains(&lower, b"json") && !contains(&lower, b"event-stream") {
                BodyKind::Json
            } else {
                BodyKind::Stream
            }
        }
        _ => BodyKind::Stream,
    };
    assert_eq!(kind, expected, "{values:?} get={is_get}");

    // The streamed body.
    let whole = first_significant(body, true);
    for k in 0..=body.len().min(64) {
        if let Some(p) = first_significant(&body[..k], false) {
            assert_eq!(Some(p), whole, "answered early on {k} bytes");
        }
    }
    let first = whole.and_then(|p| body.get(p).copied());
    assert_eq!(whole.is_some(), first.is_some());
    match sniffed(first) {
        Sniffed::Blank => {
            let unbommed = body.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(body);
            assert!(
                unbommed
                    .iter()
                    .all(|b| matches!(b, b' ' | b'\t' | b'\n' | b'\r')),
                "a body passed as blank holds {body:?}"
            );
            assert!(serde_json::from_slice::<serde_json::Value>(unbommed).is_err());
            assert!(!sse_has_data(body), "a blank body holds an SSE event");
        }
        Sniffed::Sse => {
            for text in [body, body.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(body)] {
                if let Ok(v) = serde_json::from_slice::<serde_json::Value>(text) {
                    assert!(
                        !v.is_object() && !v.is_array(),
                        "a body read as SSE is a JSON message"
                    );
                }
            }
        }
        Sniffed::Json => {
            let p = whole.expect("sniffed JSON has a first byte");
            assert!(matches!(body[p], b'{' | b'['));
            if parse_strict(&body[p..]).is_ok() {
                assert!(
                    !sse_has_data(body),
                    "a JSON body holds an SSE event with data"
                );
            }
        }
    }
}

fn contains(hay: &[u8], needle: &[u8]) -> bool {
    hay.windows(needle.len()).any(|w| w == needle)
}

/// Whether an SSE reader finds an event with data in `body` (a refused stream finds none).
fn sse_has_data(body: &[u8]) -> bool {
    let mut d = Decoder::new(usize::MAX);
    d.push(body);
    d.end_input();
    while let Ok(Some(e)) = d.next_event() {
        if e.data.is_some() {
            return true;
        }
    }
    false
}
