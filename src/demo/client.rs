//! The demo's MCP client: a minimal hand-written Streamable HTTP client that calls every demo tool in each era
//! and records what reached it and how each call ended.
//!
//! It answers form elicitations with plausible benign content and url elicitations with `accept`, for at most
//! [`MAX_ROUNDS`] rounds (the SDK clients' default), so the walkthrough shows what a trusting client would do.
//! Every network step has a deadline and every scenario an overall one: a scenario ends, it never hangs.

use std::time::Duration;

use bytes::Bytes;
use http::{header, Method, Request, StatusCode, Uri};
use http_body_util::{BodyExt, Full, Limited};
use hyper::body::Incoming;
use hyper_util::client::legacy::{connect::HttpConnector, Client};
use hyper_util::rt::TokioExecutor;
use serde_json::{json, Map, Value};

use super::tools::{self, DemoTool};
use super::upstream::{LEGACY_VERSION, META_CAPABILITIES, META_VERSION, MODERN_VERSION};

/// Rounds of elicitation the client answers in one call before giving up (TS, Python and rmcp all default to 10).
pub const MAX_ROUNDS: u32 = 10;
/// Elicitations kept per report for the table; the count goes on beyond it, the details do not.
const MAX_SEEN_KEPT: usize = 3;
/// A JSON response larger than this is refused; demo answers are a few hundred bytes.
const MAX_RESPONSE_BODY: usize = 1024 * 1024;
/// One SSE event larger than this is refused, for the same reason.
const MAX_SSE_EVENT: usize = 1024 * 1024;
/// Deadline for each network step (a response's headers, a body, the next SSE event).
const STEP_TIMEOUT: Duration = Duration::from_secs(10);
/// Deadline for a whole scenario, however many rounds it takes.
const SCENARIO_TIMEOUT: Duration = Duration::from_secs(60);
/// Object nesting the form filler follows; deeper schemas get an empty object.
const MAX_FILL_DEPTH: usize = 4;

/// The protocol era (and, for the modern one, the response style) a scenario runs in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Era {
    /// 2026-07-28, JSON responses.
    Modern,
    /// 2026-07-28, SSE responses (the upstream's `stream=sse` query flag).
    ModernSse,
    /// 2025-11-25, sessionful, elicitations pushed on the call's SSE stream.
    Legacy,
}

impl Era {
    /// Every era, in walkthrough order.
    pub const ALL: [Era; 3] = [Era::Modern, Era::ModernSse, Era::Legacy];

    /// A short label for the table.
    pub fn label(self) -> &'static str {
        match self {
            Era::Modern => "2026-07-28 json",
            Era::ModernSse => "2026-07-28 sse",
            Era::Legacy => "2025-11-25",
        }
    }
}

/// One elicitation as it reached the client.
#[derive(Debug, Clone, PartialEq)]
pub enum Seen {
    Form {
        message: String,
        fields: Vec<String>,
    },
    Url {
        message: String,
        url: String,
    },
}

/// How a scenario's call ended, as the client saw it.
#[derive(Debug, Clone, PartialEq)]
pub enum Outcome {
    /// A tool result (`isError` as the server set it).
    Completed { text: String, is_error: bool },
    /// A JSON-RPC error instead of a result; `rules` from `data.rules` when present.
    RpcError {
        code: i64,
        message: String,
        rules: Vec<String>,
    },
    /// The server kept asking after [`MAX_ROUNDS`] answered rounds.
    RoundsExhausted { rounds: u32 },
    /// No JSON-RPC answer: transport failure, timeout, bad body, a stream that ended early.
    Failed { reason: String },
}

/// What happened in one scenario (one tool in one era).
#[derive(Debug, Clone, PartialEq)]
pub struct ScenarioReport {
    pub scenario: &'static str,
    pub era: Era,
    /// What the upstream asks for in this scenario, from the demo's tool table.
    pub upstream_asked: String,
    /// The first few elicitations that reached the client.
    pub seen: Vec<Seen>,
    /// How many elicitations reached the client in all.
    pub elicitations: u32,
    pub outcome: Outcome,
}

/// Why a network step failed.
#[derive(Debug, thiserror::Error)]
enum ClientError {
    #[error("bad URL: {0}")]
    Url(String),
    #[error("HTTP request failed: {0}")]
    Http(String),
    #[error("no answer within the step deadline")]
    Timeout,
    #[error("HTTP {0} without a JSON-RPC body")]
    Status(u16),
    #[error("response body unreadable or over the size limit")]
    Body,
    #[error("response is not JSON")]
    NotJson,
    #[error("SSE event over {MAX_SSE_EVENT} bytes")]
    EventTooLarge,
    #[error("the response stream ended without the call's response")]
    StreamEnded,
    #[error("no Mcp-Session-Id in the initialize response")]
    NoSession,
}

/// The HTTP client and the deadlines it applies.
struct Http {
    client: Client<HttpConnector, Full<Bytes>>,
    /// Deadline for each network step.
    step: Duration,
    /// Deadline for a whole scenario.
    scenario: Duration,
}

impl Http {
    fn new(step: Duration, scenario: Duration) -> Self {
        Http {
            client: Client::builder(TokioExecutor::new()).build_http(),
            step,
            scenario,
        }
    }
}

/// Runs every demo tool in every era against `base_url` (the gateway, or the upstream directly), in order.
pub async fn walkthrough(base_url: &str) -> Vec<ScenarioReport> {
    let client = Http::new(STEP_TIMEOUT, SCENARIO_TIMEOUT);
    let mut reports = Vec::with_capacity(Era::ALL.len() * tools::TOOLS.len());
    for era in Era::ALL {
        for tool in tools::TOOLS {
            reports.push(run_scenario(&client, base_url, tool, era).await);
        }
    }
    reports
}

async fn run_scenario(
    client: &Http,
    base_url: &str,
    tool: &'static DemoTool,
    era: Era,
) -> ScenarioReport {
    let mut report = ScenarioReport {
        scenario: tool.name,
        era,
        upstream_asked: tool.summary(),
        seen: Vec::new(),
        elicitations: 0,
        outcome: Outcome::Failed {
            reason: String::new(),
        },
    };
    let run = async {
        match era {
            Era::Modern => modern_call(client, base_url, tool, &mut report).await,
            Era::ModernSse => {
                modern_call(client, &with_sse_flag(base_url), tool, &mut report).await
            }
            Era::Legacy => legacy_call(client, base_url, tool, &mut report).await,
        }
    };
    let outcome = match tokio::time::timeout(client.scenario, run).await {
        Ok(Ok(outcome)) => outcome,
        Ok(Err(e)) => Outcome::Failed {
            reason: e.to_string(),
        },
        Err(_) => Outcome::Failed {
            reason: format!("scenario took over {:?}", client.scenario),
        },
    };
    report.outcome = outcome;
    report
}

fn with_sse_flag(base_url: &str) -> String {
    let sep = if base_url.contains('?') { '&' } else { '?' };
    format!("{base_url}{sep}stream=sse")
}

/// A modern call: send, follow `input_required` rounds, stop at a result, an error or the round cap.
async fn modern_call(
    client: &Http,
    url: &str,
    tool: &DemoTool,
    report: &mut ScenarioReport,
) -> Result<Outcome, ClientError> {
    let mut retry: Option<(Value, Option<Value>)> = None;
    let mut rounds = 0u32;
    for id in 1u64.. {
        let mut params = json!({
            "name": tool.name,
            "arguments": arguments_for(tool),
            "_meta": {
                META_VERSION: MODERN_VERSION,
                META_CAPABILITIES: {"elicitation": {"form": {}, "url": {}}},
                "io.modelcontextprotocol/clientInfo": {"name": "elicitguard-demo-client", "version": env!("CARGO_PKG_VERSION")},
                "progressToken": id
            }
        });
        if let (Some((responses, state)), Some(p)) = (retry.take(), params.as_object_mut()) {
            p.insert("inputResponses".into(), responses);
            // The state is echoed byte-exact (it is a JSON string, so `Value` keeps it unchanged), or not at all.
            if let Some(state) = state {
                p.insert("requestState".into(), state);
            }
        }
        let body = json!({"jsonrpc": "2.0", "id": id, "method": "tools/call", "params": params});
        let headers = [
            ("mcp-protocol-version", MODERN_VERSION),
            ("mcp-method", "tools/call"),
            ("mcp-name", tool.name),
        ];
        let reply = post(client, url, &body, &headers).await?;
        let message = match reply.body {
            ReplyBody::Json(v) => v,
            ReplyBody::Sse(mut sse) => sse.response_for(&json!(id)).await?,
            ReplyBody::Empty => return Err(ClientError::Status(reply.status.as_u16())),
        };
        if let Some(outcome) = error_outcome(&message) {
            return Ok(outcome);
        }
        let Some(result) = message.get("result") else {
            return Err(ClientError::Status(reply.status.as_u16()));
        };
        if result.get("resultType").and_then(Value::as_str) != Some("input_required") {
            return Ok(completed(result));
        }
        let mut responses = Map::new();
        if let Some(requests) = result.get("inputRequests").and_then(Value::as_object) {
            for (key, request) in requests {
                if request.get("method").and_then(Value::as_str) != Some("elicitation/create") {
                    continue;
                }
                let params = request.get("params").unwrap_or(&Value::Null);
                record(report, params);
                responses.insert(key.clone(), answer(params));
            }
        }
        if rounds >= MAX_ROUNDS {
            return Ok(Outcome::RoundsExhausted { rounds });
        }
        rounds += 1;
        retry = Some((
            Value::Object(responses),
            result.get("requestState").cloned(),
        ));
    }
    Err(ClientError::StreamEnded)
}

/// A legacy call: initialize, call, answer `elicitation/create` requests from the call's stream, end the session.
async fn legacy_call(
    client: &Http,
    url: &str,
    tool: &DemoTool,
    report: &mut ScenarioReport,
) -> Result<Outcome, ClientError> {
    let init = json!({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
        "protocolVersion": LEGACY_VERSION,
        "capabilities": {"elicitation": {"form": {}, "url": {}}},
        "clientInfo": {"name": "elicitguard-demo-client", "version": env!("CARGO_PKG_VERSION")}
    }});
    let reply = post(client, url, &init, &[]).await?;
    let session = reply.session.clone();
    let message = match reply.body {
        ReplyBody::Json(v) => v,
        ReplyBody::Sse(mut sse) => sse.response_for(&json!(1)).await?,
        ReplyBody::Empty => return Err(ClientError::Status(reply.status.as_u16())),
    };
    if let Some(outcome) = error_outcome(&message) {
        return Ok(outcome);
    }
    let session = session.ok_or(ClientError::NoSession)?;
    let outcome = legacy_session(client, url, tool, report, &session).await;
    // Best effort: the session would be evicted eventually anyway.
    let _ = request(
        client,
        Method::DELETE,
        url,
        None,
        &[("mcp-session-id", &session)],
    )
    .await;
    outcome
}

async fn legacy_session(
    client: &Http,
    url: &str,
    tool: &DemoTool,
    report: &mut ScenarioReport,
    session: &str,
) -> Result<Outcome, ClientError> {
    let headers = [
        ("mcp-session-id", session),
        ("mcp-protocol-version", LEGACY_VERSION),
    ];
    let initialized = json!({"jsonrpc": "2.0", "method": "notifications/initialized"});
    post(client, url, &initialized, &headers).await?;
    let call_id = json!(2);
    let call = json!({"jsonrpc": "2.0", "id": call_id, "method": "tools/call",
        "params": {"name": tool.name, "arguments": arguments_for(tool)}});
    let reply = post(client, url, &call, &headers).await?;
    let mut sse = match reply.body {
        ReplyBody::Json(message) => return legacy_final(&message, reply.status),
        ReplyBody::Sse(sse) => sse,
        ReplyBody::Empty => return Err(ClientError::Status(reply.status.as_u16())),
    };
    let mut answered = 0u32;
    loop {
        let message = sse.next_message().await?.ok_or(ClientError::StreamEnded)?;
        match message.get("method").and_then(Value::as_str) {
            Some("elicitation/create") => {
                let Some(server_id) = message.get("id") else {
                    continue;
                };
                let params = message.get("params").unwrap_or(&Value::Null);
                record(report, params);
                let (result, exhausted) = if answered >= MAX_ROUNDS {
                    (json!({"action": "cancel"}), true)
                } else {
                    (answer(params), false)
                };
                let response = json!({"jsonrpc": "2.0", "id": server_id, "result": result});
                let posted = post(client, url, &response, &headers).await?;
                if exhausted {
                    return Ok(Outcome::RoundsExhausted { rounds: answered });
                }
                if !posted.status.is_success() {
                    return Err(ClientError::Status(posted.status.as_u16()));
                }
                answered += 1;
            }
            // Notifications, and server requests the demo client does not serve.
            Some(_) => continue,
            None if message.get("id") == Some(&call_id) => {
                return legacy_final(&message, reply.status)
            }
            None => continue,
        }
    }
}

fn legacy_final(message: &Value, status: StatusCode) -> Result<Outcome, ClientError> {
    if let Some(outcome) = error_outcome(message) {
        return Ok(outcome);
    }
    message
        .get("result")
        .map(completed)
        .ok_or(ClientError::Status(status.as_u16()))
}

fn arguments_for(tool: &DemoTool) -> Value {
    if tool.mode().is_none() {
        json!({"text": "hello from the demo client"})
    } else {
        json!({})
    }
}

/// Notes an elicitation that reached the client.
fn record(report: &mut ScenarioReport, params: &Value) {
    report.elicitations = report.elicitations.saturating_add(1);
    if report.seen.len() >= MAX_SEEN_KEPT {
        return;
    }
    let text = |k: &str| {
        params
            .get(k)
            .and_then(Value::as_str)
            .unwrap_or("")
            .to_owned()
    };
    let seen = if params.get("mode").and_then(Value::as_str) == Some("url") {
        Seen::Url {
            message: text("message"),
            url: text("url"),
        }
    } else {
        Seen::Form {
            message: text("message"),
            fields: tools::field_names(params.get("requestedSchema").unwrap_or(&Value::Null)),
        }
    };
    report.seen.push(seen);
}

/// What a trusting user would answer: accept, with plausible content for a form.
fn answer(params: &Value) -> Value {
    if params.get("mode").and_then(Value::as_str) == Some("url") {
        return json!({"action": "accept"});
    }
    let schema = params.get("requestedSchema").unwrap_or(&Value::Null);
    json!({"action": "accept", "content": fill_object(schema, 0)})
}

fn fill_object(schema: &Value, depth: usize) -> Value {
    let mut content = Map::new();
    if depth >= MAX_FILL_DEPTH {
        return Value::Object(content);
    }
    if let Some(properties) = schema.get("properties").and_then(Value::as_object) {
        for (name, property) in properties {
            content.insert(name.clone(), fill_value(name, property, depth));
        }
    }
    Value::Object(content)
}

fn fill_value(name: &str, property: &Value, depth: usize) -> Value {
    if let Some(first) = property.get("enum").and_then(|e| e.get(0)) {
        return first.clone();
    }
    if let Some(first) = property.pointer("/oneOf/0/const") {
        return first.clone();
    }
    let number = |fallback: f64| {
        let min = property
            .get("minimum")
            .and_then(Value::as_f64)
            .unwrap_or(f64::MIN);
        let max = property
            .get("maximum")
            .and_then(Value::as_f64)
            .unwrap_or(f64::MAX);
        fallback.clamp(min, max.max(min))
    };
    match property.get("type").and_then(Value::as_str) {
        Some("integer") => json!(number(2.0).round() as i64),
        Some("number") => json!(number(2.0)),
        Some("boolean") => json!(true),
        Some("object") => fill_object(property, depth + 1),
        Some("array") => {
            let first = property
                .pointer("/items/enum/0")
                .or_else(|| property.pointer("/items/anyOf/0/const"));
            json!(first.into_iter().cloned().collect::<Vec<_>>())
        }
        _ => match property.get("format").and_then(Value::as_str) {
            Some("date") => json!("2026-12-24"),
            Some("date-time") => json!("2026-12-24T19:30:00Z"),
            Some("email") => json!("ada@example.com"),
            Some("uri") => json!("https://example.com/"),
            _ if name.contains("name") => json!("Ada Lovelace"),
            _ => json!("demo answer"),
        },
    }
}

/// The outcome of a JSON-RPC error message, or `None` when it is not one.
fn error_outcome(message: &Value) -> Option<Outcome> {
    let error = message.get("error")?;
    let rules = error
        .pointer("/data/rules")
        .and_then(Value::as_array)
        .map(|r| {
            r.iter()
                .filter_map(Value::as_str)
                .map(str::to_owned)
                .collect()
        })
        .unwrap_or_default();
    Some(Outcome::RpcError {
        code: error.get("code").and_then(Value::as_i64).unwrap_or(0),
        message: error
            .get("message")
            .and_then(Value::as_str)
            .unwrap_or("")
            .to_owned(),
        rules,
    })
}

fn completed(result: &Value) -> Outcome {
    let text = result
        .pointer("/content/0/text")
        .and_then(Value::as_str)
        .unwrap_or("")
        .to_owned();
    let is_error = result
        .get("isError")
        .and_then(Value::as_bool)
        .unwrap_or(false);
    Outcome::Completed { text, is_error }
}

struct Reply {
    status: StatusCode,
    session: Option<String>,
    body: ReplyBody,
}

enum ReplyBody {
    Json(Value),
    Sse(SseReader),
    Empty,
}

async fn post(
    client: &Http,
    url: &str,
    body: &Value,
    headers: &[(&str, &str)],
) -> Result<Reply, ClientError> {
    request(client, Method::POST, url, Some(body), headers).await
}

async fn request(
    client: &Http,
    method: Method,
    url: &str,
    body: Option<&Value>,
    headers: &[(&str, &str)],
) -> Result<Reply, ClientError> {
    let uri: Uri = url.parse().map_err(|_| ClientError::Url(url.to_owned()))?;
    let mut builder = Request::builder()
        .method(method)
        .uri(uri)
        .header(header::ACCEPT, "application/json, text/event-stream");
    if body.is_some() {
        builder = builder.header(header::CONTENT_TYPE, "application/json");
    }
    for (name, value) in headers {
        builder = builder.header(*name, *value);
    }
    let payload = body.map(|b| Bytes::from(b.to_string())).unwrap_or_default();
    let req = builder
        .body(Full::new(payload))
        .map_err(|e| ClientError::Http(e.to_string()))?;
    let resp = tokio::time::timeout(client.step, client.client.request(req))
        .await
        .map_err(|_| ClientError::Timeout)?
        .map_err(|e| ClientError::Http(e.to_string()))?;
    let status = resp.status();
    let session = resp
        .headers()
        .get("mcp-session-id")
        .and_then(|v| v.to_str().ok())
        .map(str::to_owned);
    let is_sse = resp
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|ct| ct.trim_start().starts_with("text/event-stream"));
    let body = resp.into_body();
    if is_sse {
        return Ok(Reply {
            status,
            session,
            body: ReplyBody::Sse(SseReader::new(body, client.step)),
        });
    }
    let bytes = tokio::time::timeout(client.step, Limited::new(body, MAX_RESPONSE_BODY).collect())
        .await
        .map_err(|_| ClientError::Timeout)?
        .map_err(|_| ClientError::Body)?
        .to_bytes();
    if bytes.iter().all(u8::is_ascii_whitespace) {
        return Ok(Reply {
            status,
            session,
            body: ReplyBody::Empty,
        });
    }
    match serde_json::from_slice(&bytes) {
        Ok(v) => Ok(Reply {
            status,
            session,
            body: ReplyBody::Json(v),
        }),
        Err(_) if !status.is_success() => Err(ClientError::Status(status.as_u16())),
        Err(_) => Err(ClientError::NotJson),
    }
}

/// Reads JSON-RPC messages from an SSE body, one event at a time (LF or CRLF line ends).
struct SseReader {
    body: Incoming,
    buf: Vec<u8>,
    /// Deadline for each read; keep-alive comments reset it, the scenario deadline bounds the total.
    step: Duration,
}

impl SseReader {
    fn new(body: Incoming, step: Duration) -> Self {
        SseReader {
            body,
            buf: Vec::new(),
            step,
        }
    }

    /// The next event's JSON message, or `None` when the stream ended.
    async fn next_message(&mut self) -> Result<Option<Value>, ClientError> {
        loop {
            if let Some(end) = self.buf.windows(2).position(|w| w == b"\n\n") {
                let event: Vec<u8> = self.buf.drain(..end + 2).collect();
                let data = event_data(&event);
                if data.is_empty() {
                    continue; // a comment or keep-alive
                }
                return serde_json::from_slice(&data)
                    .map(Some)
                    .map_err(|_| ClientError::NotJson);
            }
            if self.buf.len() > MAX_SSE_EVENT {
                return Err(ClientError::EventTooLarge);
            }
            let frame = tokio::time::timeout(self.step, self.body.frame())
                .await
                .map_err(|_| ClientError::Timeout)?;
            match frame {
                // An unfinished event at the end of the stream is discarded, as SSE says.
                None => return Ok(None),
                Some(Err(e)) => return Err(ClientError::Http(e.to_string())),
                Some(Ok(frame)) => {
                    if let Ok(data) = frame.into_data() {
                        self.buf.extend(data.iter().filter(|b| **b != b'\r'));
                    }
                }
            }
        }
    }

    /// Reads until the response for `id`, skipping notifications; a stream that ends first is an error.
    async fn response_for(&mut self, id: &Value) -> Result<Value, ClientError> {
        loop {
            let message = self.next_message().await?.ok_or(ClientError::StreamEnded)?;
            if message.get("method").is_none() && message.get("id") == Some(id) {
                return Ok(message);
            }
        }
    }
}

/// The joined `data:` lines of one event.
fn event_data(event: &[u8]) -> Vec<u8> {
    let mut data = Vec::new();
    for line in event.split(|b| *b == b'\n') {
        if let Some(rest) = line.strip_prefix(b"data:") {
            if !data.is_empty() {
                data.push(b'\n');
            }
            data.extend_from_slice(rest.strip_prefix(b" ").unwrap_or(rest));
        }
    }
    data
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::demo::tools::{GOOD_GITHUB_URL, LOOKALIKE_GITHUB_URL};
    use crate::demo::upstream;
    use tokio::io::{AsyncReadExt, AsyncWriteExt};

    async fn start() -> String {
        let (addr, _task) = upstream::spawn("127.0.0.1:0".parse().unwrap())
            .await
            .unwrap();
        format!("http://{addr}/mcp")
    }

    fn find<'a>(reports: &'a [ScenarioReport], scenario: &str, era: Era) -> &'a ScenarioReport {
        reports
            .iter()
            .find(|r| r.scenario == scenario && r.era == era)
            .unwrap_or_else(|| panic!("no report for {scenario} in {era:?}"))
    }

    fn assert_completed(r: &ScenarioReport, expected: &str) {
        assert_eq!(
            r.outcome,
            Outcome::Completed {
                text: expected.to_owned(),
                is_error: false
            },
            "{} in {:?}",
            r.scenario,
            r.era
        );
    }

    fn form_fields(r: &ScenarioReport) -> Vec<String> {
        match r.seen.first() {
            Some(Seen::Form { fields, .. }) => fields.clone(),
            other => panic!(
                "{} in {:?}: expected a form, got {other:?}",
                r.scenario, r.era
            ),
        }
    }

    fn url(r: &ScenarioReport) -> String {
        match r.seen.first() {
            Some(Seen::Url { url, .. }) => url.clone(),
            other => panic!(
                "{} in {:?}: expected a url, got {other:?}",
                r.scenario, r.era
            ),
        }
    }

    #[tokio::test]
    async fn walkthrough_without_a_gateway_lets_everything_through() {
        let base = start().await;
        let reports = walkthrough(&base).await;
        assert_eq!(reports.len(), Era::ALL.len() * tools::TOOLS.len());
        let table = crate::demo::report::render_table(&reports);
        println!("{table}");
        assert_eq!(table.lines().count(), reports.len() + 2);
        for era in Era::ALL {
            let r = find(&reports, "book_table", era);
            assert_completed(r, "Table booked.");
            assert_eq!(r.elicitations, 1);
            assert_eq!(form_fields(r), ["date", "name", "party_size"]);

            let r = find(&reports, "connect_account_token", era);
            assert_completed(r, "Account connected.");
            assert_eq!(r.elicitations, 1, "the hostile form reaches the client");
            assert_eq!(form_fields(r), ["api_token", "password"]);

            let r = find(&reports, "nested_profile", era);
            assert_completed(r, "Profile saved.");
            assert_eq!(form_fields(r), ["address", "name"]);

            let r = find(&reports, "link_github", era);
            assert_completed(r, "Account linked.");
            assert_eq!(url(r), GOOD_GITHUB_URL);

            let r = find(&reports, "link_lookalike", era);
            assert_completed(r, "Account linked.");
            assert_eq!(url(r), LOOKALIKE_GITHUB_URL);

            let r = find(&reports, "endless_questions", era);
            assert_eq!(
                r.outcome,
                Outcome::RoundsExhausted { rounds: MAX_ROUNDS },
                "{era:?}"
            );
            assert_eq!(r.elicitations, MAX_ROUNDS + 1, "{era:?}");
            assert_eq!(r.seen.len(), MAX_SEEN_KEPT);
            // A new question every round.
            assert_ne!(r.seen.first(), r.seen.get(1));

            let r = find(&reports, "echo", era);
            assert_completed(r, "hello from the demo client");
            assert_eq!(r.elicitations, 0);
            assert!(r.seen.is_empty());
        }
    }

    #[tokio::test]
    async fn modern_sse_sends_progress_then_the_result() {
        let base = start().await;
        let client = Http::new(STEP_TIMEOUT, SCENARIO_TIMEOUT);
        let body = json!({"jsonrpc": "2.0", "id": 7, "method": "tools/call", "params": {
            "name": "book_table", "arguments": {},
            "_meta": {META_VERSION: MODERN_VERSION, META_CAPABILITIES: {"elicitation": {}}, "progressToken": "p"}}});
        let reply = post(&client, &with_sse_flag(&base), &body, &[])
            .await
            .unwrap();
        let ReplyBody::Sse(mut sse) = reply.body else {
            panic!("expected SSE")
        };
        let first = sse.next_message().await.unwrap().unwrap();
        assert_eq!(first["method"], "notifications/progress");
        assert_eq!(first["params"]["progressToken"], "p");
        let second = sse.next_message().await.unwrap().unwrap();
        assert_eq!(second["id"], 7);
        assert_eq!(second["result"]["resultType"], "input_required");
        assert!(
            sse.next_message().await.unwrap().is_none(),
            "the result is the last event"
        );
    }

    #[tokio::test]
    async fn modern_undeclared_mode_gets_32021() {
        let base = start().await;
        let client = Http::new(STEP_TIMEOUT, SCENARIO_TIMEOUT);
        let body = json!({"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {
            "name": "link_github", "arguments": {},
            "_meta": {META_VERSION: MODERN_VERSION, META_CAPABILITIES: {"elicitation": {"form": {}}}}}});
        let reply = post(&client, &base, &body, &[]).await.unwrap();
        assert_eq!(reply.status, StatusCode::BAD_REQUEST);
        let ReplyBody::Json(v) = reply.body else {
            panic!("expected JSON")
        };
        assert_eq!(v["error"]["code"], -32021);
        assert_eq!(
            v["error"]["data"]["requiredCapabilities"]["elicitation"]["url"],
            json!({})
        );
    }

    #[tokio::test]
    async fn legacy_error_answer_ends_the_call_with_an_error_result() {
        let base = start().await;
        let client = Http::new(STEP_TIMEOUT, SCENARIO_TIMEOUT);
        let init = json!({"jsonrpc": "2.0", "id": 1, "method": "initialize",
            "params": {"protocolVersion": LEGACY_VERSION, "capabilities": {"elicitation": {}}}});
        let reply = post(&client, &base, &init, &[]).await.unwrap();
        let session = reply.session.unwrap();
        let headers = [("mcp-session-id", session.as_str())];
        let call = json!({"jsonrpc": "2.0", "id": 1, "method": "tools/call",
            "params": {"name": "connect_account_token", "arguments": {}}});
        let reply = post(&client, &base, &call, &headers).await.unwrap();
        let ReplyBody::Sse(mut sse) = reply.body else {
            panic!("expected SSE")
        };
        let ask = sse.next_message().await.unwrap().unwrap();
        assert_eq!(ask["method"], "elicitation/create");
        assert_eq!(ask["params"]["mode"], "form");
        let refusal = json!({"jsonrpc": "2.0", "id": ask["id"], "error": {"code": -32010, "message": "blocked"}});
        let posted = post(&client, &base, &refusal, &headers).await.unwrap();
        assert_eq!(posted.status, StatusCode::ACCEPTED);
        let last = sse.response_for(&json!(1)).await.unwrap();
        assert_eq!(last["result"]["isError"], true);
        assert!(last["result"]["content"][0]["text"]
            .as_str()
            .unwrap()
            .contains("-32010"));
        // The url-mode tool is refused on this session: it declared form only (`{}`).
        let call = json!({"jsonrpc": "2.0", "id": 2, "method": "tools/call",
            "params": {"name": "link_github", "arguments": {}}});
        let reply = post(&client, &base, &call, &headers).await.unwrap();
        let ReplyBody::Json(v) = reply.body else {
            panic!("expected JSON")
        };
        assert_eq!(v["result"]["isError"], true);
    }

    #[tokio::test]
    async fn legacy_standalone_stream_ends_with_the_session() {
        let base = start().await;
        let client = Http::new(STEP_TIMEOUT, SCENARIO_TIMEOUT);
        let get = request(&client, Method::GET, &base, None, &[])
            .await
            .unwrap();
        assert_eq!(
            get.status,
            StatusCode::METHOD_NOT_ALLOWED,
            "no session, no GET"
        );
        let init = json!({"jsonrpc": "2.0", "id": 1, "method": "initialize",
            "params": {"protocolVersion": LEGACY_VERSION, "capabilities": {}}});
        let session = post(&client, &base, &init, &[])
            .await
            .unwrap()
            .session
            .unwrap();
        let headers = [("mcp-session-id", session.as_str())];
        let get = request(&client, Method::GET, &base, None, &headers)
            .await
            .unwrap();
        let ReplyBody::Sse(mut stream) = get.body else {
            panic!("expected SSE")
        };
        let delete = request(&client, Method::DELETE, &base, None, &headers)
            .await
            .unwrap();
        assert_eq!(delete.status, StatusCode::OK);
        // Keep-alive comments are skipped; the stream then ends because the session did.
        assert!(stream.next_message().await.unwrap().is_none());
        let again = request(&client, Method::DELETE, &base, None, &headers)
            .await
            .unwrap();
        assert_eq!(again.status, StatusCode::NOT_FOUND);
    }

    /// A one-shot HTTP server answering every request with `response` verbatim, then closing.
    async fn canned(response: &'static str) -> String {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        tokio::spawn(async move {
            while let Ok((mut s, _)) = listener.accept().await {
                let mut buf = [0u8; 4096];
                let _ = s.read(&mut buf).await;
                let _ = s.write_all(response.as_bytes()).await;
                let _ = s.shutdown().await;
            }
        });
        format!("http://{addr}/mcp")
    }

    #[tokio::test]
    async fn an_sse_error_event_and_an_early_end_are_reported() {
        let error_event = canned(
            "HTTP/1.1 200 OK\r\ncontent-type: text/event-stream\r\nconnection: close\r\n\r\n\
             : hi\r\n\r\nevent: message\r\ndata: {\"jsonrpc\":\"2.0\",\"id\":1,\"error\":{\"code\":-32010,\
             \"message\":\"blocked\",\"data\":{\"rules\":[\"form.secret.password\"],\"incident\":\"i1\"}}}\r\n\r\n",
        )
        .await;
        let client = Http::new(STEP_TIMEOUT, SCENARIO_TIMEOUT);
        let tool = tools::find("connect_account_token").unwrap();
        let r = run_scenario(&client, &error_event, tool, Era::Modern).await;
        assert_eq!(
            r.outcome,
            Outcome::RpcError {
                code: -32010,
                message: "blocked".to_owned(),
                rules: vec!["form.secret.password".to_owned()]
            }
        );
        assert_eq!(r.elicitations, 0);

        let early_end = canned(
            "HTTP/1.1 200 OK\r\ncontent-type: text/event-stream\r\nconnection: close\r\n\r\n\
             data: {\"jsonrpc\":\"2.0\",\"method\":\"notifications/progress\",\"params\":{}}\n\n",
        )
        .await;
        let r = run_scenario(&client, &early_end, tool, Era::ModernSse).await;
        assert_eq!(
            r.outcome,
            Outcome::Failed {
                reason: ClientError::StreamEnded.to_string()
            }
        );
        let r = run_scenario(&client, &early_end, tool, Era::Legacy).await;
        assert!(
            matches!(r.outcome, Outcome::Failed { .. }),
            "{:?}",
            r.outcome
        );
    }

    /// A server that accepts, reads the request, sends `head` (if any), then every `tick` a keep-alive comment
    /// (if `keep_alive`) and never answers.
    async fn silent(head: &'static str, keep_alive: bool) -> String {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        tokio::spawn(async move {
            while let Ok((mut s, _)) = listener.accept().await {
                tokio::spawn(async move {
                    let mut buf = [0u8; 4096];
                    let _ = s.read(&mut buf).await;
                    let _ = s.write_all(head.as_bytes()).await;
                    let mut tick = tokio::time::interval(Duration::from_millis(20));
                    loop {
                        tick.tick().await;
                        if keep_alive && s.write_all(b": ka\n\n").await.is_err() {
                            return;
                        }
                        if !keep_alive && s.read(&mut buf).await.map_or(true, |n| n == 0) {
                            return;
                        }
                    }
                });
            }
        });
        format!("http://{addr}/mcp")
    }

    #[tokio::test]
    async fn silent_and_trickling_servers_end_in_a_deadline() {
        let client = Http::new(Duration::from_millis(200), Duration::from_secs(1));
        let tool = tools::find("book_table").unwrap();
        let sse_head = "HTTP/1.1 200 OK\r\ncontent-type: text/event-stream\r\n\r\n";

        let no_answer = silent("", false).await;
        for era in Era::ALL {
            let r = run_scenario(&client, &no_answer, tool, era).await;
            assert_eq!(
                r.outcome,
                Outcome::Failed {
                    reason: ClientError::Timeout.to_string()
                },
                "{era:?}"
            );
        }
        let stalled_stream = silent(sse_head, false).await;
        let r = run_scenario(&client, &stalled_stream, tool, Era::ModernSse).await;
        assert_eq!(
            r.outcome,
            Outcome::Failed {
                reason: ClientError::Timeout.to_string()
            }
        );
        // Keep-alives reset the step deadline; the scenario deadline still ends it.
        let trickle = silent(sse_head, true).await;
        let r = run_scenario(&client, &trickle, tool, Era::ModernSse).await;
        match r.outcome {
            Outcome::Failed { reason } => {
                assert!(reason.starts_with("scenario took over"), "{reason}")
            }
            other => panic!("{other:?}"),
        }
    }
}
