//! The gateway reads a response at least as widely as any MCP client does (issue 36): a differential test.
//!
//! Each client's rule for turning an HTTP response into JSON-RPC messages is rebuilt below from its source, at
//! the versions the interop suite pins (tests/interop/ts/package-lock.json, tests/interop/requirements.lock,
//! Cargo.toml), plus two rules that clients outside the SDKs use. For a generated set of responses (status,
//! content type, body, on a POST or a GET), the test asks every reader what it takes from the upstream's
//! response and from the gateway's. A hostile form that any reader takes from the upstream's response must be
//! taken by none from the gateway's: it was judged (and, being a nested schema, blocked). The case count where a
//! reader took it directly is asserted too, so the test cannot pass by generating nothing a client reads.

mod common;

use bytes::Bytes;
use common::*;
use elicitguard::config::Source;
use serde_json::{json, Value};

/// Text in the hostile form's message: a reader that hands the application a message holding it got the
/// form. The gateway's block errors never repeat the server's text.
const MARKER: &str = "HOSTILE-FORM-7f3a";

/// One HTTP response as a client receives it.
#[derive(Debug, Clone)]
struct Resp {
    get: bool,
    status: u16,
    content_types: Vec<String>,
    body: Vec<u8>,
}

impl Resp {
    fn ok(&self) -> bool {
        (200..300).contains(&self.status)
    }

    /// The one `Content-Type` value as a client's HTTP library gives it: `fetch`'s `headers.get` and httpx join
    /// several fields with ", "; reqwest's `get` takes the first.
    fn joined_type(&self) -> Option<String> {
        (!self.content_types.is_empty()).then(|| self.content_types.join(", "))
    }

    fn first_type(&self) -> Option<&str> {
        self.content_types.first().map(String::as_str)
    }
}

/// A client's rule: the messages it hands to the application.
type Reader = fn(&Resp) -> Vec<Value>;

/// The readers, each named with where its rule comes from.
const READERS: &[(&str, Reader)] = &[
    ("typescript 2.4.0", typescript_2_4),
    ("typescript 1.x substring", typescript_substring),
    ("python mcp 2.3.0", python_2_3),
    ("rmcp 3.11.0", rmcp_3_11),
    ("any body as JSON", any_body_as_json),
];

/// `@modelcontextprotocol/client` 2.4.0, `dist/index.mjs`, `StreamableHTTPClientTransport`:
/// - `_send` (POST): a non-ok status reads nothing, except a 400 to a 2026-07-28 request, whose text is
///   `JSON.parse`d whatever its type and handed on when it is an error response; 202 reads nothing; otherwise
///   `mediaTypeEssence(content-type)` (the `content-type` package's parse, or the part before `;`, trimmed and
///   lower-cased) picks `text/event-stream` (SSE) or `application/json` (`response.json()`: one message or an
///   array); anything else is an error.
/// - `_startOrAuthSse` (GET): an ok response is read as SSE whatever its type (`_handleSseStream`).
/// - Bodies are decoded as UTF-8 with the byte order mark stripped (`TextDecoderStream`, `response.json()`).
fn typescript_2_4(r: &Resp) -> Vec<Value> {
    if r.get {
        return if r.ok() {
            sse_messages(&r.body, true)
        } else {
            vec![]
        };
    }
    if !r.ok() {
        return match r.status {
            400 => json_messages(&r.body, true)
                .into_iter()
                .filter(is_error)
                .collect(),
            _ => vec![],
        };
    }
    if r.status == 202 {
        return vec![];
    }
    match r.joined_type().as_deref().and_then(essence).as_deref() {
        Some("text/event-stream") => sse_messages(&r.body, true),
        Some("application/json") => json_messages(&r.body, true),
        _ => vec![],
    }
}

/// The rule the 1.x line of the TypeScript SDK (`@modelcontextprotocol/sdk`, `client/streamableHttp.ts`,
/// `send`) used and clients built on it still run: `contentType?.includes("text/event-stream")` first, then
/// `contentType?.includes("application/json")`; a GET stream read as SSE whatever its type.
fn typescript_substring(r: &Resp) -> Vec<Value> {
    if !r.ok() || (!r.get && r.status == 202) {
        return vec![];
    }
    if r.get {
        return sse_messages(&r.body, true);
    }
    let t = r.joined_type().unwrap_or_default();
    if t.contains("text/event-stream") {
        sse_messages(&r.body, true)
    } else if t.contains("application/json") {
        json_messages(&r.body, true)
    } else {
        vec![]
    }
}

/// `mcp` 2.3.0, `mcp/client/streamable_http.py`:
/// - `_handle_post_request`: 202 reads nothing; a status of 400 or more reads the body when the lower-cased type
///   `startswith("application/json")` and hands it on if it is an error; otherwise the lower-cased type
///   `startswith("application/json")` is JSON, `startswith("text/event-stream")` is SSE through
///   `httpx2.EventSource`, whose `_check_content_type` (httpx2/_sse.py) wants the essence to be exactly
///   `text/event-stream`.
/// - `handle_get_stream`: `raise_for_status()`, then `httpx2.EventSource` (the same check).
/// - No byte order mark is stripped (`aiter_text`; pydantic's `validate_json`).
fn python_2_3(r: &Resp) -> Vec<Value> {
    let t = r.joined_type().unwrap_or_default().to_lowercase();
    let exact_sse = t.split(';').next().unwrap_or_default().trim() == "text/event-stream";
    if r.get {
        return if r.ok() && exact_sse {
            sse_messages(&r.body, false)
        } else {
            vec![]
        };
    }
    if r.status == 202 {
        return vec![];
    }
    if r.status >= 400 {
        return match t.starts_with("application/json") {
            true => json_messages(&r.body, false)
                .into_iter()
                .filter(is_error)
                .collect(),
            false => vec![],
        };
    }
    if t.starts_with("application/json") {
        json_messages(&r.body, false)
    } else if t.starts_with("text/event-stream") && exact_sse {
        sse_messages(&r.body, false)
    } else {
        vec![]
    }
}

/// rmcp 3.11.0, `src/transport/common/reqwest/streamable_http_client.rs`, with `media_type_is`
/// (`src/transport/common/client_side_http.rs`: the part before `;`, trimmed of spaces and tabs, compared
/// without ASCII case):
/// - `post_message`: 202 and 204 read nothing; a non-2xx status reads the body when the type is JSON (not on 401
///   and 403) and hands it on if it is an error; a 2xx reads SSE or JSON by the media type, anything else nothing.
/// - `get_stream`: `error_for_status()`; the type must be SSE or JSON, and the body is then read as SSE.
fn rmcp_3_11(r: &Resp) -> Vec<Value> {
    let is = |want: &str| {
        r.first_type()
            .map(|t| {
                t.split(';')
                    .next()
                    .unwrap_or_default()
                    .trim_matches([' ', '\t'])
            })
            .is_some_and(|e| e.eq_ignore_ascii_case(want))
    };
    let (json, sse) = (is("application/json"), is("text/event-stream"));
    if r.get {
        return if r.ok() && (json || sse) {
            sse_messages(&r.body, true)
        } else {
            vec![]
        };
    }
    if matches!(r.status, 202 | 204) {
        return vec![];
    }
    if !r.ok() {
        return match json && !matches!(r.status, 401 | 403) {
            true => json_messages(&r.body, false)
                .into_iter()
                .filter(is_error)
                .collect(),
            false => vec![],
        };
    }
    if sse {
        sse_messages(&r.body, true)
    } else if json {
        json_messages(&r.body, false)
    } else {
        vec![]
    }
}

/// A hand-written client that parses any body as JSON, whatever its status and type (public MCP client code
/// does; the TypeScript SDK does it for a 400).
fn any_body_as_json(r: &Resp) -> Vec<Value> {
    json_messages(&r.body, true)
}

fn is_error(m: &Value) -> bool {
    m.get("error").is_some()
}

/// A media type's essence as `mediaTypeEssence` finds it: the `content-type` package's parse (the part before
/// `;`, trimmed, lower-cased) or its fallback, which gives the same text. A joined pair keeps its comma and so
/// is neither type.
fn essence(header: &str) -> Option<String> {
    let e = header.split(';').next()?.trim().to_ascii_lowercase();
    (!e.is_empty()).then_some(e)
}

/// The messages of a JSON body: one, or the elements of an array.
fn json_messages(body: &[u8], strip_bom: bool) -> Vec<Value> {
    let text = String::from_utf8_lossy(body);
    let text = match strip_bom {
        true => text.strip_prefix('\u{feff}').unwrap_or(&text),
        false => &text,
    };
    match serde_json::from_str::<Value>(text) {
        Ok(Value::Array(items)) => items,
        Ok(v) => vec![v],
        Err(_) => vec![],
    }
}

/// The messages of an SSE body, parsed as the HTML standard says (a second implementation, not the gateway's):
/// lines end at CRLF, LF or CR; `data` lines join with LF; a blank line dispatches an event with data; an event
/// whose type is missing or `message` carries a JSON message; an unfinished last event is dropped.
fn sse_messages(body: &[u8], strip_bom: bool) -> Vec<Value> {
    let text = String::from_utf8_lossy(body);
    let text = match strip_bom {
        true => text.strip_prefix('\u{feff}').unwrap_or(&text),
        false => &text,
    };
    let text = text.replace("\r\n", "\n").replace('\r', "\n");
    let mut lines: Vec<&str> = text.split('\n').collect();
    // The text after the last line end is an unfinished line.
    lines.pop();
    let (mut data, mut event, mut out) = (None::<String>, None::<String>, Vec::new());
    for line in lines {
        if line.is_empty() {
            if let Some(d) = data.take() {
                if event.as_deref().is_none_or(|e| e == "message") {
                    if let Ok(v) = serde_json::from_str::<Value>(&d) {
                        out.push(v);
                    }
                }
            }
            event = None;
            continue;
        }
        if line.starts_with(':') {
            continue;
        }
        let (name, value) = line.split_once(':').unwrap_or((line, ""));
        let value = value.strip_prefix(' ').unwrap_or(value);
        match name {
            "data" => match &mut data {
                Some(d) => {
                    d.push('\n');
                    d.push_str(value);
                }
                None => data = Some(value.to_owned()),
            },
            "event" => event = Some(value.to_owned()),
            _ => {}
        }
    }
    out
}

/// What any reader takes from `r` that holds the hostile form.
fn takes_the_form(r: &Resp) -> Vec<&'static str> {
    READERS
        .iter()
        .filter(|(_, read)| read(r).iter().any(|m| m.to_string().contains(MARKER)))
        .map(|(name, _)| *name)
        .collect()
}

fn hostile_form() -> Value {
    json!({"mode":"form","message":format!("Your profile {MARKER}"),"requestedSchema":{"type":"object",
        "properties":{"address":{"type":"object","properties":{"city":{"type":"string"}}}}}})
}

/// Bodies an upstream could send, with the hostile form in each shape a reader could take it from.
fn bodies() -> Vec<(&'static str, Vec<u8>)> {
    let result = json!({"jsonrpc":"2.0","id":1,"result":{"resultType":"input_required",
        "inputRequests":{"q":{"method":"elicitation/create","params":hostile_form()}},"requestState":"s"}});
    let push =
        json!({"jsonrpc":"2.0","id":"srv-1","method":"elicitation/create","params":hostile_form()});
    let error = json!({"jsonrpc":"2.0","id":1,"error":{"code":-32000,"message":"more","data":{"next":
        {"method":"elicitation/create","params":hostile_form()}}}});
    let url_error = json!({"jsonrpc":"2.0","id":1,"error":{"code":-32042,"message":"more","data":{
        "elicitations":[{"mode":"url","elicitationId":"e","message":MARKER,"url":"javascript:alert(1)"}]}}});
    let text = |v: &Value| v.to_string();
    let mut out = vec![];
    for (name, msg) in [
        ("result", &result),
        ("push", &push),
        ("error", &error),
        ("url_error", &url_error),
    ] {
        let m = text(msg);
        let shapes: [(&str, String); 7] = [
            ("json", m.clone()),
            ("json_ws", format!("\r\n  {m}\n")),
            ("json_bom", format!("\u{feff}{m}")),
            ("batch", format!("[{m}]")),
            ("sse", format!("event: message\ndata: {m}\n\n")),
            (
                "sse_crlf_bom",
                format!("\u{feff}id: 1\r\ndata: {m}\r\n\r\n"),
            ),
            (
                "sse_split",
                format!(": hi\n\ndata: {}\ndata: {}\n\n", &m[..10], &m[10..]),
            ),
        ];
        for (shape, body) in shapes {
            out.push((leak(format!("{name}/{shape}")), body.into_bytes()));
        }
    }
    // Text that is not MCP, and a benign message: never blocked, and nothing to take.
    out.push((
        "html",
        b"<!doctype html><form method=\"post\">\"error\"</form>".to_vec(),
    ));
    out.push((
        "benign",
        br#"{"jsonrpc":"2.0","id":1,"result":{"content":[],"resultType":"complete"}}"#.to_vec(),
    ));
    out
}

fn leak(s: String) -> &'static str {
    Box::leak(s.into_boxed_str())
}

/// Content types: what each client's rule distinguishes, and around it.
const TYPES: &[&[&str]] = &[
    &[],
    &["application/json"],
    &["Application/JSON; charset=utf-8"],
    &["application/jsonx"],
    &["application/vnd.api+json"],
    &["text/json"],
    &["application/x-ndjson"],
    &["text/plain; x=application/json"],
    &["multipart/related; type=\"application/json\""],
    &["text/event-stream"],
    &[" TEXT/EVENT-STREAM;charset=UTF-8"],
    &["text/event-streamx"],
    &["text/plain; x=text/event-stream"],
    &["application/json; x=text/event-stream"],
    &["text/event-stream; x=application/json"],
    &["text/plain"],
    &["text/html; charset=utf-8"],
    &["application/octet-stream"],
    &["text/plain", "application/json"],
    &["text/event-stream", "text/plain"],
];

const STATUSES: &[u16] = &[200, 202, 400, 500];

#[tokio::test]
async fn no_reader_takes_from_the_gateway_a_form_it_did_not_judge() {
    let bodies = bodies();
    let mut cases = Vec::new();
    for get in [false, true] {
        for &status in STATUSES {
            for types in TYPES {
                for (name, body) in &bodies {
                    cases.push((
                        *name,
                        Resp {
                            get,
                            status,
                            content_types: types.iter().map(|t| (*t).to_owned()).collect(),
                            body: body.clone(),
                        },
                    ));
                }
            }
        }
    }
    let served = std::sync::Arc::new(cases.iter().map(|(_, r)| r.clone()).collect::<Vec<_>>());
    let table = served.clone();
    let up = Upstream::start(move |req| {
        let Some(r) = req
            .headers
            .get("x-case")
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.parse::<usize>().ok())
            .and_then(|i| table.get(i))
        else {
            return Reply::Json {
                status: 500,
                headers: vec![],
                body: Bytes::new(),
            };
        };
        Reply::Json {
            status: r.status,
            headers: r
                .content_types
                .iter()
                .map(|t| ("content-type", t.clone()))
                .collect(),
            body: Bytes::from(r.body.clone()),
        }
    })
    .await;
    let gw = start_gateway(Source::Upstream(up.url("/mcp"))).await;
    let client = http1_client();
    let call = r#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"t","arguments":{},"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{"elicitation":{"form":{},"url":{}}}}}}"#;

    let mut direct_takes = 0;
    for (i, (name, upstream)) in cases.iter().enumerate() {
        let direct = takes_the_form(upstream);
        if !direct.is_empty() {
            direct_takes += 1;
        }
        let mut req = match upstream.get {
            true => get(&gw.url("/mcp")),
            false => post(&gw.url("/mcp"), call),
        };
        req.headers_mut()
            .insert("x-case", i.to_string().parse().unwrap());
        let (parts, body) = send(&client, req).await;
        let via = Resp {
            get: upstream.get,
            status: parts.status.as_u16(),
            content_types: parts
                .headers
                .get_all("content-type")
                .iter()
                .map(|v| String::from_utf8_lossy(v.as_bytes()).into_owned())
                .collect(),
            body: body.to_vec(),
        };
        let leaked = takes_the_form(&via);
        assert!(
            leaked.is_empty(),
            "case {i} ({name}, {} {}, types {:?}): read directly by {direct:?}; through the gateway {leaked:?} \
             still take the form from:\n{}",
            if upstream.get { "GET" } else { "POST" },
            upstream.status,
            upstream.content_types,
            String::from_utf8_lossy(&via.body)
        );
        // What the gateway passed unchanged it passed because nothing in it asks anything.
        if via.body == upstream.body && !direct.is_empty() {
            panic!("case {i} ({name}): forwarded unchanged although {direct:?} take the form");
        }
    }
    // Not vacuous: most hostile cases are read by at least one client directly (the rest are a 202, a GET
    // that Python and rmcp refuse by type, and the like). Every reader takes the form from some case.
    eprintln!("{direct_takes} of {} responses give some reader the form directly; none through the gateway", cases.len());
    assert!(
        direct_takes > cases.len() / 2,
        "{direct_takes} of {}",
        cases.len()
    );
    for (name, read) in READERS {
        assert!(
            cases
                .iter()
                .any(|(_, r)| read(r).iter().any(|m| m.to_string().contains(MARKER))),
            "{name} takes the form from no case"
        );
    }
}

#[test]
fn the_readers_read_as_their_sources_say() {
    let msg = json!({"jsonrpc":"2.0","id":1,"result":{"x":MARKER}}).to_string();
    let resp = |get, status, types: &[&str], body: String| Resp {
        get,
        status,
        content_types: types.iter().map(|t| (*t).to_owned()).collect(),
        body: body.into_bytes(),
    };
    let sse = format!("data: {msg}\n\n");
    // By type, on a POST.
    assert_eq!(
        takes_the_form(&resp(false, 200, &["application/json"], msg.clone())).len(),
        5
    );
    assert_eq!(
        takes_the_form(&resp(false, 200, &["application/jsonx"], msg.clone())),
        [
            "typescript 1.x substring",
            "python mcp 2.3.0",
            "any body as JSON"
        ]
    );
    assert_eq!(
        takes_the_form(&resp(
            false,
            200,
            &["text/plain; x=application/json"],
            msg.clone()
        )),
        ["typescript 1.x substring", "any body as JSON"]
    );
    assert_eq!(
        takes_the_form(&resp(false, 200, &["text/event-stream"], sse.clone())),
        [
            "typescript 2.4.0",
            "typescript 1.x substring",
            "python mcp 2.3.0",
            "rmcp 3.11.0"
        ]
    );
    assert_eq!(
        takes_the_form(&resp(false, 200, &["text/event-streamx"], sse.clone())),
        ["typescript 1.x substring"]
    );
    // A GET is SSE to TypeScript whatever its type; rmcp wants SSE or JSON; Python exactly SSE.
    assert_eq!(
        takes_the_form(&resp(true, 200, &["text/plain"], sse.clone())),
        ["typescript 2.4.0", "typescript 1.x substring"]
    );
    assert_eq!(
        takes_the_form(&resp(true, 200, &["application/json"], sse.clone())),
        [
            "typescript 2.4.0",
            "typescript 1.x substring",
            "rmcp 3.11.0"
        ]
    );
    // Errors: read from failed statuses by type, and by TypeScript from any 400.
    let err =
        json!({"jsonrpc":"2.0","id":1,"error":{"code":-1,"message":"m","data":MARKER}}).to_string();
    assert_eq!(
        takes_the_form(&resp(false, 400, &["text/plain"], err.clone())),
        ["typescript 2.4.0", "any body as JSON"]
    );
    assert_eq!(
        takes_the_form(&resp(false, 500, &["application/json"], err.clone())).len(),
        3
    );
    // An unfinished event is dropped; a byte order mark is skipped by some.
    assert_eq!(
        sse_messages(format!("data: {msg}\n").as_bytes(), true),
        Vec::<Value>::new()
    );
    assert_eq!(
        sse_messages(format!("\u{feff}data: {msg}\n\n").as_bytes(), true).len(),
        1
    );
    assert_eq!(
        sse_messages(format!("\u{feff}data: {msg}\n\n").as_bytes(), false).len(),
        0
    );
    assert_eq!(
        json_messages(format!("\u{feff}{msg}").as_bytes(), false).len(),
        0
    );
}
