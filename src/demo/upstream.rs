//! The demo's MCP upstream: a small hand-written Streamable HTTP server at `/mcp` that answers both eras.
//!
//! - 2026-07-28 (any POST whose `params._meta` carries `io.modelcontextprotocol/protocolVersion`): stateless;
//!   `server/discover`, `tools/list`, `tools/call`. A tool that needs input answers `resultType:"input_required"`
//!   with one `inputRequests` entry (key `q<round>`) and a `requestState` of its own (base64url JSON naming the tool
//!   and the round; it is not signed, since tampering can only confuse the demo). Responses are JSON, or SSE (a
//!   `notifications/progress` event when the request carried a `progressToken`, then the result as the last event)
//!   when the URL has the query flag `stream=sse` (`/mcp?stream=sse`).
//! - 2025-11-25 (`initialize`, then `Mcp-Session-Id`): `tools/call` of an eliciting tool answers on an SSE stream
//!   that pushes `elicitation/create` requests (ids from the server's own counter), waits a bounded time for the
//!   client's POSTed response (answered 202), and ends with the tool result. A POSTed JSON-RPC error (such as a
//!   gateway's `-32010`) ends the call with an `isError` result. GET opens the standalone stream (keep-alive
//!   comments only), DELETE ends the session.
//!
//! The tools and what each asks live in [`super::tools::TOOLS`], shared by both eras.

use std::collections::hash_map::RandomState;
use std::collections::HashMap;
use std::convert::Infallible;
use std::hash::{BuildHasher, Hasher};
use std::net::SocketAddr;
use std::pin::Pin;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::task::{Context, Poll};
use std::time::{Duration, Instant};

use base64::Engine;
use bytes::Bytes;
use http::{header, HeaderMap, Method, Request, Response, StatusCode};
use http_body::Frame;
use http_body_util::{combinators::BoxBody, BodyExt, Full, Limited};
use hyper::body::Incoming;
use hyper::service::service_fn;
use hyper_util::rt::{TokioExecutor, TokioIo};
use hyper_util::server::conn::auto;
use serde_json::{json, Map, Value};
use tokio::net::TcpListener;
use tokio::sync::{mpsc, oneshot, watch, Semaphore};
use tokio::task::JoinHandle;

use super::tools::{self, DemoTool};

/// The modern protocol version.
pub const MODERN_VERSION: &str = "2026-07-28";
/// The legacy protocol version.
pub const LEGACY_VERSION: &str = "2025-11-25";
/// The `_meta` key carrying the modern protocol version.
pub const META_VERSION: &str = "io.modelcontextprotocol/protocolVersion";
/// The `_meta` key carrying the modern client capabilities.
pub const META_CAPABILITIES: &str = "io.modelcontextprotocol/clientCapabilities";

/// The demo's requests are a few hundred bytes; 1 MiB refuses abuse without ever refusing the walkthrough.
const MAX_REQUEST_BODY: usize = 1024 * 1024;
/// Concurrent connections; the demo serves one person and the walkthrough, far below this.
const MAX_CONNECTIONS: usize = 256;
/// Live legacy sessions; the oldest is evicted beyond this, so forgotten sessions cannot grow memory.
const MAX_SESSIONS: usize = 128;
/// Outstanding server-to-client requests per session: each call has at most one, so this bounds parallel calls.
const MAX_PENDING_PER_SESSION: usize = 16;
/// SSE events queued per stream before the writer waits for the client to read.
const SSE_CHANNEL_CAPACITY: usize = 16;
/// How long a legacy call waits for the client's answer to an `elicitation/create` before giving up.
const ELICIT_TIMEOUT: Duration = Duration::from_secs(30);
/// Keep-alive comment period on the standalone GET stream, below common 30-60 s proxy idle timeouts.
const KEEPALIVE_PERIOD: Duration = Duration::from_secs(15);

/// Why a request could not be served.
#[derive(Debug, thiserror::Error)]
enum UpstreamError {
    #[error("request body over {MAX_REQUEST_BODY} bytes or unreadable")]
    Body,
    #[error("request body is not JSON")]
    NotJson,
}

type Body = BoxBody<Bytes, Infallible>;

/// Starts the upstream on `addr` (port 0 picks a free port) and returns the bound address and the server task.
pub async fn spawn(addr: SocketAddr) -> std::io::Result<(SocketAddr, JoinHandle<()>)> {
    let listener = TcpListener::bind(addr).await?;
    let local = listener.local_addr()?;
    let state = Arc::new(Upstream::default());
    let permits = Arc::new(Semaphore::new(MAX_CONNECTIONS));
    let task = tokio::spawn(async move {
        loop {
            let Ok(permit) = permits.clone().acquire_owned().await else {
                return;
            };
            let stream = match listener.accept().await {
                Ok((stream, _)) => stream,
                Err(e) => {
                    tracing::debug!(error = %e, "demo upstream: accept failed");
                    continue;
                }
            };
            let state = state.clone();
            tokio::spawn(async move {
                let service = service_fn(move |req| {
                    let state = state.clone();
                    async move { Ok::<_, Infallible>(state.handle(req).await) }
                });
                let conn = auto::Builder::new(TokioExecutor::new())
                    .serve_connection(TokioIo::new(stream), service)
                    .await;
                if let Err(e) = conn {
                    tracing::debug!(error = %e, "demo upstream: connection ended with an error");
                }
                drop(permit);
            });
        }
    });
    Ok((local, task))
}

/// A legacy session.
struct Session {
    id: String,
    created: Instant,
    /// Elicitation modes declared in `initialize`.
    modes: Modes,
    next_server_id: AtomicU64,
    /// Server-to-client requests waiting for the client's POSTed response, by server id.
    pending: Mutex<HashMap<u64, oneshot::Sender<Value>>>,
    /// Set to `true` when the session ends, so its streams close.
    closed: watch::Sender<bool>,
}

impl Session {
    fn pending(&self) -> MutexGuard<'_, HashMap<u64, oneshot::Sender<Value>>> {
        self.pending.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn close(&self) {
        self.closed.send_replace(true);
        // Dropping the senders wakes every waiting call.
        self.pending().clear();
    }
}

#[derive(Debug, Clone, Copy, Default)]
struct Modes {
    form: bool,
    url: bool,
}

impl Modes {
    /// Reads a `ClientCapabilities` object: no `elicitation` = none, `{}` = form only, else the keys present.
    fn from_capabilities(caps: Option<&Value>) -> Self {
        match caps.and_then(|c| c.get("elicitation")) {
            Some(Value::Object(m)) if m.is_empty() => Modes {
                form: true,
                url: false,
            },
            Some(Value::Object(m)) => Modes {
                form: m.contains_key("form"),
                url: m.contains_key("url"),
            },
            _ => Modes::default(),
        }
    }

    fn allows(self, mode: &str) -> bool {
        match mode {
            "form" => self.form,
            "url" => self.url,
            _ => false,
        }
    }
}

#[derive(Default)]
struct Upstream {
    sessions: Mutex<HashMap<String, Arc<Session>>>,
    session_counter: AtomicU64,
    id_hasher: RandomState,
}

impl Upstream {
    fn sessions(&self) -> MutexGuard<'_, HashMap<String, Arc<Session>>> {
        self.sessions.lock().unwrap_or_else(|e| e.into_inner())
    }

    async fn handle(self: Arc<Self>, req: Request<Incoming>) -> Response<Body> {
        if req.uri().path() != "/mcp" {
            return plain(
                StatusCode::NOT_FOUND,
                "not found: the demo upstream serves /mcp\n",
            );
        }
        let sse = req
            .uri()
            .query()
            .is_some_and(|q| q.split('&').any(|p| p == "stream=sse"));
        let session_id = req
            .headers()
            .get("mcp-session-id")
            .and_then(|v| v.to_str().ok())
            .map(str::to_owned);
        let session = session_id
            .as_deref()
            .and_then(|id| self.sessions().get(id).cloned());
        match *req.method() {
            Method::POST => {}
            Method::GET | Method::DELETE if session_id.is_none() => {
                return rpc_error(
                    StatusCode::METHOD_NOT_ALLOWED,
                    Value::Null,
                    -32000,
                    "Method not allowed: the modern era is POST only",
                    None,
                );
            }
            Method::GET => {
                return match session {
                    Some(s) => standalone_stream(&s),
                    None => session_not_found(),
                }
            }
            Method::DELETE => {
                return match session_id.and_then(|id| self.sessions().remove(&id)) {
                    Some(s) => {
                        s.close();
                        plain(StatusCode::OK, "")
                    }
                    None => session_not_found(),
                }
            }
            _ => return plain(StatusCode::METHOD_NOT_ALLOWED, "method not allowed\n"),
        }
        let (parts, body) = req.into_parts();
        let message = match read_json(body).await {
            Ok(v) => v,
            Err(e) => {
                return rpc_error(
                    StatusCode::BAD_REQUEST,
                    Value::Null,
                    -32700,
                    &e.to_string(),
                    None,
                )
            }
        };
        let Some(obj) = message.as_object() else {
            return rpc_error(
                StatusCode::BAD_REQUEST,
                Value::Null,
                -32600,
                "the demo upstream takes one JSON-RPC object per POST",
                None,
            );
        };
        let id = obj.get("id").cloned().unwrap_or(Value::Null);
        let params = obj.get("params").cloned().unwrap_or(Value::Null);
        let Some(method) = obj.get("method").and_then(Value::as_str) else {
            // A JSON-RPC response from the client (legacy: the answer to our elicitation/create).
            return match session {
                Some(s) => deliver_response(&s, &message),
                None if session_id.is_some() => session_not_found(),
                None => rpc_error(
                    StatusCode::BAD_REQUEST,
                    id,
                    -32600,
                    "missing Mcp-Session-Id",
                    None,
                ),
            };
        };
        if params
            .pointer("/_meta")
            .and_then(|m| m.get(META_VERSION))
            .is_some()
        {
            return modern(&parts.headers, id, method, &params, sse);
        }
        if method == "initialize" {
            return self.initialize(id, &params);
        }
        match session {
            Some(s) => legacy(&s, id, method, &params),
            None if session_id.is_some() => session_not_found(),
            None => rpc_error(
                StatusCode::BAD_REQUEST,
                id,
                -32600,
                "neither a 2026-07-28 `_meta` envelope nor an Mcp-Session-Id from initialize",
                None,
            ),
        }
    }

    fn initialize(&self, id: Value, params: &Value) -> Response<Body> {
        let n = self.session_counter.fetch_add(1, Ordering::Relaxed);
        // Not a secret: the demo's session ids only need to be unique and hard to guess by accident.
        let mut h = self.id_hasher.build_hasher();
        h.write_u64(n);
        let session_id = format!("demo-{:016x}{n:04x}", h.finish());
        let (closed, _) = watch::channel(false);
        let session = Arc::new(Session {
            id: session_id.clone(),
            created: Instant::now(),
            modes: Modes::from_capabilities(params.get("capabilities")),
            next_server_id: AtomicU64::new(0),
            pending: Mutex::new(HashMap::new()),
            closed,
        });
        {
            let mut sessions = self.sessions();
            if sessions.len() >= MAX_SESSIONS {
                let oldest = sessions
                    .values()
                    .min_by_key(|s| s.created)
                    .map(|s| s.id.clone());
                if let Some(old) = oldest.and_then(|k| sessions.remove(&k)) {
                    old.close();
                }
            }
            sessions.insert(session_id.clone(), session);
        }
        let result = json!({
            "protocolVersion": LEGACY_VERSION,
            "capabilities": {"tools": {}},
            "serverInfo": {"name": "elicitguard-demo-upstream", "version": env!("CARGO_PKG_VERSION")}
        });
        let mut resp = json_response(StatusCode::OK, &rpc_result(id, result));
        if let Ok(v) = session_id.parse() {
            resp.headers_mut().insert("mcp-session-id", v);
        }
        resp
    }
}

/// Serves one modern (2026-07-28) request.
fn modern(
    headers: &HeaderMap,
    id: Value,
    method: &str,
    params: &Value,
    sse: bool,
) -> Response<Body> {
    let meta = params.get("_meta").unwrap_or(&Value::Null);
    let version = meta.get(META_VERSION).and_then(Value::as_str).unwrap_or("");
    if version != MODERN_VERSION {
        let data = json!({"supported": [MODERN_VERSION], "requested": version});
        return rpc_error(
            StatusCode::BAD_REQUEST,
            id,
            -32022,
            "Unsupported protocol version",
            Some(data),
        );
    }
    let header_version = headers
        .get("mcp-protocol-version")
        .and_then(|v| v.to_str().ok());
    if header_version.is_some_and(|h| h != version) {
        return rpc_error(
            StatusCode::BAD_REQUEST,
            id,
            -32020,
            "MCP-Protocol-Version header does not match _meta",
            None,
        );
    }
    let Some(caps) = meta.get(META_CAPABILITIES) else {
        return rpc_error(
            StatusCode::BAD_REQUEST,
            id,
            -32602,
            "Invalid _meta envelope: clientCapabilities: missing",
            None,
        );
    };
    if method.starts_with("notifications/") {
        return plain(StatusCode::ACCEPTED, "");
    }
    let result = match method {
        "server/discover" => complete(json!({
            "supportedVersions": [MODERN_VERSION, LEGACY_VERSION],
            "capabilities": {"tools": {}},
            "instructions": "elicitguard demo upstream: each tool shows one kind of elicitation.",
            "ttlMs": 60_000,
            // The tool list is the same for everybody.
            "cacheScope": "public"
        })),
        "tools/list" => complete(tools::list_json()),
        "tools/call" => match modern_call(params, Modes::from_capabilities(Some(caps))) {
            Ok(r) => r,
            Err((status, code, message, data)) => {
                return rpc_error(status, id, code, &message, data)
            }
        },
        _ => return rpc_error(StatusCode::NOT_FOUND, id, -32601, "Method not found", None),
    };
    let response = rpc_result(id, result);
    if !sse {
        return json_response(StatusCode::OK, &response);
    }
    let mut events = Vec::with_capacity(2);
    if let Some(token) = meta.get("progressToken") {
        events.push(sse_event(&json!({
            "jsonrpc": "2.0",
            "method": "notifications/progress",
            "params": {"progressToken": token, "progress": 1, "total": 2, "message": "working on it"}
        })));
    }
    events.push(sse_event(&response));
    sse_response(Full::new(Bytes::from(events.concat())).boxed())
}

type CallError = (StatusCode, i64, String, Option<Value>);

/// One round of a modern `tools/call`: reads the retry's `requestState` and `inputResponses`, then asks again or
/// completes.
fn modern_call(params: &Value, modes: Modes) -> Result<Value, CallError> {
    let tool = call_tool(params)?;
    let mut round = 0u32;
    if let Some(state) = params.get("requestState") {
        let state_round = state
            .as_str()
            .and_then(|s| decode_state(s, tool.name))
            .ok_or((
                StatusCode::BAD_REQUEST,
                -32602,
                "Invalid or expired requestState".to_owned(),
                Some(json!({"reason": "invalid_request_state"})),
            ))?;
        round = state_round;
        let key = format!("q{round}");
        // A missing answer is asked again rather than refused, as the spec advises.
        if let Some(answer) = params.pointer("/inputResponses").and_then(|r| r.get(&key)) {
            if answer.get("action").and_then(Value::as_str) != Some("accept") {
                return Ok(tool_result(
                    &tools::final_text(tool, false, &Value::Null),
                    false,
                ));
            }
            round = round.saturating_add(1);
        }
    }
    let arguments = params.get("arguments").unwrap_or(&Value::Null);
    let Some(elicitation) = tool.elicitation(round) else {
        return Ok(tool_result(
            &tools::final_text(tool, true, arguments),
            false,
        ));
    };
    let mode = tool.mode().unwrap_or("form");
    if !modes.allows(mode) {
        return Err((
            StatusCode::BAD_REQUEST,
            -32021,
            format!("Cannot request input 'q{round}' (elicitation/create): the client did not declare {mode} elicitation"),
            Some(json!({"requiredCapabilities": {"elicitation": {mode: {}}}})),
        ));
    }
    let mut requests = Map::new();
    requests.insert(
        format!("q{round}"),
        json!({"method": "elicitation/create", "params": elicitation}),
    );
    Ok(json!({
        "resultType": "input_required",
        "inputRequests": requests,
        "requestState": encode_state(tool.name, round),
        "_meta": {"io.modelcontextprotocol/serverInfo": {"name": "elicitguard-demo-upstream", "version": env!("CARGO_PKG_VERSION")}}
    }))
}

fn call_tool(params: &Value) -> Result<&'static DemoTool, CallError> {
    let name = params.get("name").and_then(Value::as_str).unwrap_or("");
    tools::find(name).ok_or_else(|| {
        (
            StatusCode::OK,
            -32602,
            format!(
                "Unknown tool: {}",
                name.chars().take(64).collect::<String>()
            ),
            None,
        )
    })
}

fn encode_state(tool: &str, round: u32) -> String {
    let raw = json!({"tool": tool, "round": round}).to_string();
    base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(raw)
}

/// The round a `requestState` names, if it is ours and for this tool.
fn decode_state(state: &str, tool: &str) -> Option<u32> {
    let raw = base64::engine::general_purpose::URL_SAFE_NO_PAD
        .decode(state)
        .ok()?;
    let v: Value = serde_json::from_slice(&raw).ok()?;
    if v.get("tool").and_then(Value::as_str) != Some(tool) {
        return None;
    }
    v.get("round")
        .and_then(Value::as_u64)
        .and_then(|r| u32::try_from(r).ok())
}

/// Serves one legacy (2025-11-25) request on an existing session.
fn legacy(session: &Arc<Session>, id: Value, method: &str, params: &Value) -> Response<Body> {
    if method.starts_with("notifications/") {
        return plain(StatusCode::ACCEPTED, "");
    }
    match method {
        "ping" => json_response(StatusCode::OK, &rpc_result(id, json!({}))),
        "tools/list" => json_response(StatusCode::OK, &rpc_result(id, tools::list_json())),
        "tools/call" => {
            let tool = match call_tool(params) {
                Ok(t) => t,
                Err((status, code, message, data)) => {
                    return rpc_error(status, id, code, &message, data)
                }
            };
            let arguments = params.get("arguments").cloned().unwrap_or(Value::Null);
            let Some(mode) = tool.mode() else {
                let text = tools::final_text(tool, true, &arguments);
                return json_response(StatusCode::OK, &rpc_result(id, tool_result(&text, false)));
            };
            if !session.modes.allows(mode) {
                let text = format!(
                    "{}: the client did not declare {mode} elicitation",
                    tool.name
                );
                return json_response(StatusCode::OK, &rpc_result(id, tool_result(&text, true)));
            }
            let (tx, rx) = mpsc::channel(SSE_CHANNEL_CAPACITY);
            tokio::spawn(run_legacy_call(session.clone(), id, tool, arguments, tx));
            sse_response(ChannelBody { rx }.boxed())
        }
        _ => rpc_error(StatusCode::NOT_FOUND, id, -32601, "Method not found", None),
    }
}

/// Drives one legacy call on its SSE stream: ask, wait for the POSTed answer, repeat, then the result.
async fn run_legacy_call(
    session: Arc<Session>,
    call_id: Value,
    tool: &'static DemoTool,
    arguments: Value,
    tx: mpsc::Sender<Bytes>,
) {
    let mut round = 0u32;
    let final_result = loop {
        let Some(mut params) = tool.elicitation(round) else {
            break tool_result(&tools::final_text(tool, true, &arguments), false);
        };
        let server_id = session.next_server_id.fetch_add(1, Ordering::Relaxed);
        if tool.mode() == Some("url") {
            if let Some(p) = params.as_object_mut() {
                p.insert(
                    "elicitationId".into(),
                    json!(format!("{}-{server_id}", session.id)),
                );
            }
        }
        let (answer_tx, answer_rx) = oneshot::channel();
        {
            let mut pending = session.pending();
            if pending.len() >= MAX_PENDING_PER_SESSION {
                drop(pending);
                break tool_result("too many calls waiting for input on this session", true);
            }
            pending.insert(server_id, answer_tx);
        }
        let request = json!({"jsonrpc": "2.0", "id": server_id, "method": "elicitation/create", "params": params});
        if tx.send(sse_event(&request)).await.is_err() {
            session.pending().remove(&server_id);
            return;
        }
        let answer = tokio::select! {
            a = tokio::time::timeout(ELICIT_TIMEOUT, answer_rx) => a,
            () = tx.closed() => {
                session.pending().remove(&server_id);
                return;
            }
        };
        session.pending().remove(&server_id);
        match answer {
            Ok(Ok(message)) => {
                if let Some(err) = message.get("error") {
                    let code = err.get("code").and_then(Value::as_i64).unwrap_or(0);
                    break tool_result(
                        &format!(
                            "{}: the elicitation was refused (JSON-RPC error {code})",
                            tool.name
                        ),
                        true,
                    );
                }
                let accepted =
                    message.pointer("/result/action").and_then(Value::as_str) == Some("accept");
                if !accepted {
                    break tool_result(&tools::final_text(tool, false, &arguments), false);
                }
                round = round.saturating_add(1);
            }
            // The session ended.
            Ok(Err(_)) => return,
            Err(_) => {
                break tool_result(
                    &format!("{}: no answer to the elicitation in time", tool.name),
                    true,
                )
            }
        }
    };
    // The client may be gone by now; nothing more to do either way.
    let _ = tx.send(sse_event(&rpc_result(call_id, final_result))).await;
}

/// Hands a client's POSTed JSON-RPC response to the call waiting for it.
fn deliver_response(session: &Session, message: &Value) -> Response<Body> {
    let id = message.get("id").and_then(Value::as_u64);
    let waiter = id.and_then(|id| session.pending().remove(&id));
    match waiter {
        Some(w) => {
            // The call may have timed out meanwhile; the answer is then simply dropped.
            let _ = w.send(message.clone());
            plain(StatusCode::ACCEPTED, "")
        }
        None => rpc_error(
            StatusCode::BAD_REQUEST,
            Value::Null,
            -32600,
            "no outstanding server request with that id",
            None,
        ),
    }
}

/// The legacy standalone GET stream: keep-alive comments until the session or the client goes away.
fn standalone_stream(session: &Session) -> Response<Body> {
    let (tx, rx) = mpsc::channel(SSE_CHANNEL_CAPACITY);
    let mut closed = session.closed.subscribe();
    tokio::spawn(async move {
        let mut tick = tokio::time::interval(KEEPALIVE_PERIOD);
        loop {
            tokio::select! {
                _ = tick.tick() => {
                    if tx.send(Bytes::from_static(b": keep-alive\n\n")).await.is_err() {
                        return;
                    }
                }
                // The flag only ever turns true, so any change (or the sender's drop) means the session ended.
                _ = closed.changed() => return,
                () = tx.closed() => return,
            }
        }
    });
    sse_response(ChannelBody { rx }.boxed())
}

async fn read_json(body: Incoming) -> Result<Value, UpstreamError> {
    let bytes = Limited::new(body, MAX_REQUEST_BODY)
        .collect()
        .await
        .map_err(|_| UpstreamError::Body)?
        .to_bytes();
    serde_json::from_slice(&bytes).map_err(|_| UpstreamError::NotJson)
}

fn complete(mut result: Value) -> Value {
    if let Some(o) = result.as_object_mut() {
        o.insert("resultType".into(), json!("complete"));
    }
    result
}

fn tool_result(text: &str, is_error: bool) -> Value {
    complete(json!({"content": [{"type": "text", "text": text}], "isError": is_error}))
}

fn rpc_result(id: Value, result: Value) -> Value {
    json!({"jsonrpc": "2.0", "id": id, "result": result})
}

fn rpc_error(
    status: StatusCode,
    id: Value,
    code: i64,
    message: &str,
    data: Option<Value>,
) -> Response<Body> {
    let mut error = json!({"code": code, "message": message});
    if let (Some(d), Some(o)) = (data, error.as_object_mut()) {
        o.insert("data".into(), d);
    }
    json_response(status, &json!({"jsonrpc": "2.0", "id": id, "error": error}))
}

fn session_not_found() -> Response<Body> {
    rpc_error(
        StatusCode::NOT_FOUND,
        Value::Null,
        -32001,
        "Session not found",
        None,
    )
}

fn json_response(status: StatusCode, body: &Value) -> Response<Body> {
    let mut resp = Response::new(Full::new(Bytes::from(body.to_string())).boxed());
    *resp.status_mut() = status;
    resp.headers_mut().insert(
        header::CONTENT_TYPE,
        header::HeaderValue::from_static("application/json"),
    );
    resp
}

fn plain(status: StatusCode, text: &'static str) -> Response<Body> {
    let mut resp = Response::new(Full::new(Bytes::from_static(text.as_bytes())).boxed());
    *resp.status_mut() = status;
    resp
}

fn sse_response(body: Body) -> Response<Body> {
    let mut resp = Response::new(body);
    let h = resp.headers_mut();
    h.insert(
        header::CONTENT_TYPE,
        header::HeaderValue::from_static("text/event-stream"),
    );
    h.insert(
        header::CACHE_CONTROL,
        header::HeaderValue::from_static("no-cache"),
    );
    h.insert("x-accel-buffering", header::HeaderValue::from_static("no"));
    resp
}

fn sse_event(message: &Value) -> Bytes {
    Bytes::from(format!("event: message\ndata: {message}\n\n"))
}

/// A response body fed by a bounded channel: each message is one or more complete SSE events.
struct ChannelBody {
    rx: mpsc::Receiver<Bytes>,
}

impl http_body::Body for ChannelBody {
    type Data = Bytes;
    type Error = Infallible;

    fn poll_frame(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Bytes>, Infallible>>> {
        self.get_mut()
            .rx
            .poll_recv(cx)
            .map(|chunk| chunk.map(|b| Ok(Frame::data(b))))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn state_round_trips_and_is_bound_to_the_tool() {
        let s = encode_state("book_table", 3);
        assert_eq!(decode_state(&s, "book_table"), Some(3));
        assert_eq!(decode_state(&s, "echo"), None);
        assert_eq!(decode_state("not base64!", "book_table"), None);
    }

    #[test]
    fn modes_follow_the_capability_table() {
        let m = |v: Value| Modes::from_capabilities(Some(&v));
        assert!(!m(json!({})).form);
        assert!(m(json!({"elicitation": {}})).form);
        assert!(!m(json!({"elicitation": {}})).url);
        let both = m(json!({"elicitation": {"form": {}, "url": {}}}));
        assert!(both.form && both.url);
        assert!(!m(json!({"elicitation": {"url": {}}})).form);
    }

    #[test]
    fn modern_call_refuses_an_undeclared_mode() {
        let params = json!({"name": "link_github", "arguments": {}});
        let err = modern_call(
            &params,
            Modes {
                form: true,
                url: false,
            },
        )
        .unwrap_err();
        assert_eq!(err.1, -32021);
        assert_eq!(
            err.3,
            Some(json!({"requiredCapabilities": {"elicitation": {"url": {}}}}))
        );
    }

    #[test]
    fn modern_rounds_follow_the_state_and_the_answers() {
        let both = Modes {
            form: true,
            url: true,
        };
        let first = modern_call(&json!({"name": "book_table"}), both).unwrap();
        assert_eq!(first["resultType"], "input_required");
        let state = first["requestState"].clone();
        assert_eq!(first["inputRequests"]["q0"]["method"], "elicitation/create");

        // No answer for the asked key: asked again, same round.
        let again = modern_call(
            &json!({"name": "book_table", "requestState": state, "inputResponses": {}}),
            both,
        );
        assert_eq!(
            again.unwrap()["inputRequests"]["q0"]["params"]["mode"],
            "form"
        );

        let accepted = json!({"name": "book_table", "requestState": state,
            "inputResponses": {"q0": {"action": "accept", "content": {}}}});
        let done = modern_call(&accepted, both).unwrap();
        assert_eq!(done["resultType"], "complete");
        assert_eq!(done["content"][0]["text"], "Table booked.");

        let declined = json!({"name": "book_table", "requestState": state,
            "inputResponses": {"q0": {"action": "decline"}}});
        let text = modern_call(&declined, both).unwrap()["content"][0]["text"].clone();
        assert!(text.as_str().unwrap().contains("declined"));

        // State minted for another tool, or garbage, is refused.
        let stolen = json!({"name": "link_github", "requestState": state});
        assert_eq!(modern_call(&stolen, both).unwrap_err().1, -32602);
        let garbage = json!({"name": "book_table", "requestState": 42});
        assert_eq!(modern_call(&garbage, both).unwrap_err().1, -32602);
    }
}
