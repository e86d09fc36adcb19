//! Every failure the proxy can meet, and the one place that turns it into a response.
//!
//! JSON-RPC errors carry the client's request id when one is known, a message a person can act on, and
//! never a secret or an internal detail (those go to the log, with the incident id).

use bytes::Bytes;
use http::{header, HeaderValue, Response, StatusCode};
use serde_json::{json, Value};

use crate::proxy::body::{full, ProxyBody};

/// Gateway JSON-RPC error codes (implementation range -32000..-32019, plus the spec's own).
pub mod codes {
    /// The upstream is unreachable, refused, reset or timed out.
    pub const UPSTREAM: i64 = -32001;
    /// An elicitation was blocked by policy.
    pub const BLOCKED: i64 = -32010;
    /// A round budget or elicitation rate limit was exceeded.
    pub const RATE_LIMITED: i64 = -32011;
    /// A retry's answers were refused.
    pub const ANSWERS_REFUSED: i64 = -32012;
    /// The shared state store is unavailable, so a check the request needs cannot be made (fail closed).
    pub const STATE_UNAVAILABLE: i64 = -32013;
    /// Invalid params, including an invalid or expired requestState.
    pub const INVALID_PARAMS: i64 = -32602;
    /// The client did not declare a capability the elicitation needs.
    pub const MISSING_CAPABILITY: i64 = -32021;
    /// Parse error.
    pub const PARSE: i64 = -32700;
    /// Invalid request.
    pub const INVALID_REQUEST: i64 = -32600;
}

/// Why the proxy could not do its job for a request.
#[derive(Debug, thiserror::Error)]
pub enum ProxyError {
    /// No route serves the path.
    #[error("no route serves this path")]
    NoRoute,
    /// The request body is larger than the limit.
    #[error("request body larger than {0} bytes")]
    RequestTooLarge(u64),
    /// The request body could not be read.
    #[error("request body could not be read")]
    RequestRead,
    /// The request body did not arrive within the header read timeout.
    #[error("request body not received in time")]
    RequestTimeout,
    /// The request body is not one JSON-RPC message the gateway can read.
    #[error("request body is not valid JSON-RPC: {0}")]
    BadRequest(String),
    /// Too many requests in flight.
    #[error("too many requests in flight")]
    Overloaded,
    /// The shared state store cannot be reached, and the request needs it (a retry's replay check, a legacy
    /// session's owner, a question to remember).
    #[error("the state store is unavailable")]
    StoreUnavailable,
    /// The route needs a verified identity and the request has none (or an invalid one); the value is the
    /// `WWW-Authenticate` header.
    #[error("authentication required")]
    Unauthorized(String),
    /// The request's `Host` or `Origin` is not allowed (DNS-rebinding protection).
    #[error("forbidden: {0}")]
    Forbidden(crate::proxy::origin::OriginError),
    /// The upstream could not be reached.
    #[error("upstream unreachable")]
    UpstreamConnect,
    /// The upstream did not answer in time.
    #[error("upstream timed out")]
    UpstreamTimeout,
    /// The upstream broke the connection or the protocol.
    #[error("upstream connection failed")]
    UpstreamBroken,
    /// The upstream's response is larger than the gateway will judge.
    #[error("upstream response larger than {0} bytes")]
    UpstreamTooLarge(u64),
    /// The upstream compressed a body the gateway asked to be sent plain.
    #[error("upstream sent an encoded body ({0}) the gateway did not ask for")]
    UpstreamEncoding(String),
}

impl ProxyError {
    /// The metric label for upstream errors, or None for client-side errors.
    pub fn upstream_kind(&self) -> Option<&'static str> {
        match self {
            ProxyError::UpstreamConnect => Some("connect"),
            ProxyError::UpstreamTimeout => Some("timeout"),
            ProxyError::UpstreamBroken => Some("reset"),
            ProxyError::UpstreamTooLarge(_) => Some("too_large"),
            ProxyError::UpstreamEncoding(_) => Some("encoding"),
            ProxyError::NoRoute
            | ProxyError::RequestTooLarge(_)
            | ProxyError::RequestRead
            | ProxyError::RequestTimeout
            | ProxyError::BadRequest(_)
            | ProxyError::Overloaded
            | ProxyError::StoreUnavailable
            | ProxyError::Unauthorized(_)
            | ProxyError::Forbidden(_) => None,
        }
    }

    /// The response, with the client's request id when known. Exhaustive on purpose: a new variant must
    /// choose its status.
    pub fn into_response(self, id: Option<&Value>) -> Response<ProxyBody> {
        let (status, code, message) = match &self {
            ProxyError::NoRoute => (StatusCode::NOT_FOUND, codes::INVALID_REQUEST, "No MCP endpoint is served at this path.".to_owned()),
            ProxyError::RequestTooLarge(n) => (
                StatusCode::PAYLOAD_TOO_LARGE,
                codes::INVALID_REQUEST,
                format!("The request body is larger than the gateway's limit of {n} bytes."),
            ),
            ProxyError::RequestRead => (StatusCode::BAD_REQUEST, codes::INVALID_REQUEST, "The request body could not be read.".to_owned()),
            ProxyError::RequestTimeout => (
                StatusCode::REQUEST_TIMEOUT,
                codes::INVALID_REQUEST,
                "The request body did not arrive in time.".to_owned(),
            ),
            ProxyError::BadRequest(why) => (StatusCode::BAD_REQUEST, codes::PARSE, format!("The request is not valid JSON-RPC: {why}.")),
            ProxyError::Unauthorized(_) => (
                StatusCode::UNAUTHORIZED,
                codes::INVALID_REQUEST,
                "This MCP endpoint needs a valid bearer token.".to_owned(),
            ),
            ProxyError::Forbidden(why) => (
                StatusCode::FORBIDDEN,
                codes::INVALID_REQUEST,
                format!("The gateway refused this request: {why}."),
            ),
            ProxyError::Overloaded => (
                StatusCode::SERVICE_UNAVAILABLE,
                codes::UPSTREAM,
                "The gateway is at its concurrency limit; retry shortly.".to_owned(),
            ),
            ProxyError::StoreUnavailable => (
                StatusCode::SERVICE_UNAVAILABLE,
                codes::STATE_UNAVAILABLE,
                "The gateway cannot check this request now: its shared state store is unavailable. Retry shortly.".to_owned(),
            ),
            ProxyError::UpstreamConnect => (
                StatusCode::BAD_GATEWAY,
                codes::UPSTREAM,
                "The MCP server behind the gateway is unreachable; check that it is running.".to_owned(),
            ),
            ProxyError::UpstreamTimeout => (
                StatusCode::GATEWAY_TIMEOUT,
                codes::UPSTREAM,
                "The MCP server behind the gateway did not answer in time.".to_owned(),
            ),
            ProxyError::UpstreamBroken => (
                StatusCode::BAD_GATEWAY,
                codes::UPSTREAM,
                "The connection to the MCP server behind the gateway failed.".to_owned(),
            ),
            ProxyError::UpstreamTooLarge(n) => (
                StatusCode::BAD_GATEWAY,
                codes::UPSTREAM,
                format!("The MCP server's response is larger than the gateway's limit of {n} bytes."),
            ),
            ProxyError::UpstreamEncoding(_) => (
                StatusCode::BAD_GATEWAY,
                codes::UPSTREAM,
                "The MCP server compressed its response although the gateway asked for none; the gateway does not forward what it cannot inspect.".to_owned(),
            ),
        };
        let mut resp = json_response(status, &error_message(id, code, &message, None));
        match &self {
            ProxyError::Overloaded | ProxyError::StoreUnavailable => {
                resp.headers_mut()
                    .insert(header::RETRY_AFTER, HeaderValue::from_static("1"));
            }
            ProxyError::Unauthorized(www) => {
                if let Ok(v) = HeaderValue::from_str(www) {
                    resp.headers_mut().insert(header::WWW_AUTHENTICATE, v);
                }
            }
            _ => {}
        }
        resp
    }
}

/// A JSON-RPC error message object.
pub fn error_message(id: Option<&Value>, code: i64, message: &str, data: Option<Value>) -> Value {
    let mut err = json!({"code": code, "message": message});
    if let (Some(d), Some(obj)) = (data, err.as_object_mut()) {
        obj.insert("data".into(), d);
    }
    json!({"jsonrpc": "2.0", "id": id.cloned().unwrap_or(Value::Null), "error": err})
}

/// A JSON response with an exact Content-Length.
pub fn json_response(status: StatusCode, body: &Value) -> Response<ProxyBody> {
    let bytes = Bytes::from(serde_json::to_vec(body).unwrap_or_default());
    let mut resp = Response::new(full(bytes));
    *resp.status_mut() = status;
    resp.headers_mut().insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/json"),
    );
    resp
}
