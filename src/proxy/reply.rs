//! Every answer the gateway writes in its own name, and the one place that renders it.
//!
//! A [`Reply`] says *what* happened (a route is missing, a form was blocked, a retry's envelope failed its
//! check); [`Reply::render`] is the only match from it to an HTTP status, a JSON-RPC error code, a message a
//! person can act on, and the error's `data`. The same reply goes out as an HTTP response
//! ([`Reply::response`]), as a JSON-RPC message inside a body ([`Reply::message`]) or as an SSE event
//! ([`Reply::event`]), so a code or a wording changes in one match. Rendering records nothing: metrics and
//! the audit log are written by the request path, once, from the same reply.
//!
//! Messages never carry a secret or an internal detail: the rules that fired, an incident id to find the
//! audit line, and what the person can do.

use std::borrow::Cow;

use bytes::Bytes;
use http::{header, HeaderValue, Response, StatusCode};
use serde_json::{json, Value};

use crate::proxy::body::{full, ProxyBody};
use crate::proxy::error::ProxyError;

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

/// What the gateway answers in its own name: to the client (most variants) or to the server (the
/// `*ForUser` variants, the gateway answering a legacy server's request on the user's behalf).
#[derive(Debug, Clone, PartialEq)]
pub enum Reply {
    /// The proxy could not do its job: routing, admission, reading the request, identity, the upstream.
    Failed(ProxyError),
    /// The legacy session named by the request was opened by another principal.
    SessionOfAnother,
    /// A retry's `requestState` failed a check. The reason goes to the audit log and a metric, never to the
    /// client (it would teach a forger which check to aim at).
    EnvelopeRefused {
        /// The check that failed (`expired`, `tampered`, `replayed`, ...): a metric label.
        reason: &'static str,
        /// The incident id of the audit line.
        incident: String,
    },
    /// A retry's envelope could not be recorded as used (the shared store is unavailable), so its replay
    /// cannot be ruled out: the client may send it again shortly.
    ReplayUnchecked {
        /// The incident id of the audit line.
        incident: String,
    },
    /// The user's answers (a retry's `inputResponses`, a legacy answer) were refused.
    AnswersRefused {
        /// The first blocking finding's message (it names the rule's concern, never the value).
        why: String,
        /// The rules that fired, each once.
        rules: Vec<String>,
        /// The incident id of the audit line.
        incident: String,
    },
    /// An input request of the server was blocked by policy.
    Blocked {
        /// The first blocking finding's message.
        why: String,
        /// The rules that fired.
        rules: Vec<String>,
        /// The incident id of the audit line.
        incident: String,
    },
    /// An input request needs a mode the client did not declare.
    Undeclared {
        /// The modes missing, as the client would declare them (`form`, `url`).
        missing: Vec<&'static str>,
        /// The rules that fired.
        rules: Vec<String>,
        /// The incident id of the audit line.
        incident: String,
    },
    /// A round budget or an elicitation rate limit stopped the call.
    Limited {
        /// `limit.rounds`, `limit.rate.*`.
        rule: &'static str,
        /// When the client may try again, when the limit knows.
        retry_after: Option<u64>,
    },
    /// The server's `requestState` could not be sealed, so its input request was not forwarded.
    SealFailed,
    /// A legacy server's form question could not be held in the state store (its answer could not be
    /// checked), so it was not forwarded.
    QuestionNotHeld,
    /// An SSE event of the upstream is larger than `limits.sse_event_bytes`.
    EventTooLarge(usize),
    /// An SSE event of the upstream is not UTF-8.
    EventNotUtf8,
    /// The upstream's stream ended before it answered the client's call.
    StreamEnded(StreamEnd),
    /// To a legacy server: its input request was refused on the user's behalf.
    RefusedForUser {
        /// The rules that fired.
        rules: Vec<String>,
    },
    /// To a legacy server: its input request was refused on the user's behalf by a limit.
    LimitedForUser {
        /// The limit's rule.
        rule: &'static str,
    },
    /// To a legacy server: the user's answer to its question was refused.
    AnswerRefusedForUser,
}

/// Why a stream ended before the upstream answered the client's call.
#[derive(Debug, Clone, PartialEq)]
pub enum StreamEnd {
    /// The upstream's connection broke.
    Broke,
    /// The upstream sent nothing for this many seconds (`limits.sse_idle_timeout`).
    Silent(u64),
    /// The gateway's shutdown grace is over.
    ShuttingDown,
    /// The gateway could not read back the filtered stream (an internal framing failure).
    Unreadable,
    /// The call the gateway sent again with held answers failed (the proxy's own words for why).
    ResendFailed(String),
}

/// A reply rendered: everything a response, a message or an event is made of.
struct Rendered {
    status: StatusCode,
    code: i64,
    message: Cow<'static, str>,
    data: Option<Value>,
}

impl From<ProxyError> for Reply {
    fn from(e: ProxyError) -> Reply {
        Reply::Failed(e)
    }
}

impl Reply {
    /// The only match from a reply to its status, code, message and data. Exhaustive on purpose: a new
    /// variant must choose all four here.
    fn render(&self) -> Rendered {
        use StatusCode as S;
        let r = |status, code, message: Cow<'static, str>, data| Rendered {
            status,
            code,
            message,
            data,
        };
        match self {
            Reply::Failed(e) => render_failure(e),
            Reply::SessionOfAnother => r(
                S::FORBIDDEN,
                codes::INVALID_REQUEST,
                "This session belongs to another user.".into(),
                None,
            ),
            Reply::EnvelopeRefused { incident, .. } => r(
                S::BAD_REQUEST,
                codes::INVALID_PARAMS,
                "Invalid or expired requestState".into(),
                Some(json!({"incident": incident})),
            ),
            Reply::ReplayUnchecked { .. } => render_failure(&ProxyError::StoreUnavailable),
            Reply::AnswersRefused {
                why,
                rules,
                incident,
            } => r(
                S::OK,
                codes::ANSWERS_REFUSED,
                format!("elicitguard refused the answers: {why} (incident {incident})").into(),
                Some(json!({"rules": rules, "incident": incident})),
            ),
            Reply::Blocked {
                why,
                rules,
                incident,
            } => r(
                S::OK,
                codes::BLOCKED,
                format!(
                    "elicitguard blocked an input request from the MCP server: {why} (incident {incident})"
                )
                .into(),
                Some(json!({"rules": rules, "incident": incident})),
            ),
            Reply::Undeclared {
                missing,
                rules,
                incident,
            } => r(
                S::BAD_REQUEST,
                codes::MISSING_CAPABILITY,
                format!(
                    "elicitguard blocked an input request the client did not declare support for ({}) (incident {incident})",
                    missing.join(", ")
                )
                .into(),
                Some(json!({
                    "rules": rules,
                    "incident": incident,
                    "requiredCapabilities": crate::wire::ClientModes::required_json(missing),
                })),
            ),
            Reply::Limited { rule, retry_after } => {
                let text = match *rule {
                    "limit.rounds" => "elicitguard stopped the call: the MCP server asked for input more rounds than the gateway allows.",
                    _ => "elicitguard stopped the call: the MCP server is asking for input faster than the gateway allows; retry later.",
                };
                let mut data = json!({"rules": [rule]});
                if let Some(s) = retry_after {
                    data["retryAfterSeconds"] = json!(s);
                }
                r(S::OK, codes::RATE_LIMITED, text.into(), Some(data))
            }
            Reply::SealFailed => r(
                S::OK,
                codes::BLOCKED,
                "elicitguard could not protect this input request, so it was not forwarded.".into(),
                Some(json!({"rules": ["state.seal"]})),
            ),
            Reply::QuestionNotHeld => r(
                S::OK,
                codes::STATE_UNAVAILABLE,
                "The gateway's state store is unavailable, so it could not hold this question to check its answer; the question was not forwarded.".into(),
                None,
            ),
            Reply::EventTooLarge(n) => r(
                S::OK,
                codes::UPSTREAM,
                format!("The MCP server sent an event larger than the gateway's limit of {n} bytes.").into(),
                None,
            ),
            Reply::EventNotUtf8 => r(
                S::OK,
                codes::BLOCKED,
                "The MCP server sent an event that is not UTF-8; the gateway does not forward what it cannot judge.".into(),
                None,
            ),
            Reply::StreamEnded(why) => {
                let text: Cow<'static, str> = match why {
                    StreamEnd::Broke => "The MCP server's stream broke before it answered.".into(),
                    StreamEnd::Silent(secs) => format!(
                        "The MCP server sent nothing for {secs} s; the gateway ended the stream."
                    )
                    .into(),
                    StreamEnd::ShuttingDown => {
                        "The gateway is shutting down; the call did not finish in its grace period.".into()
                    }
                    StreamEnd::Unreadable => {
                        "The gateway could not read back the MCP server's stream.".into()
                    }
                    StreamEnd::ResendFailed(e) => format!(
                        "The MCP server did not answer the call the gateway sent again with the client's answers ({e})."
                    )
                    .into(),
                };
                r(S::OK, codes::UPSTREAM, text, None)
            }
            Reply::RefusedForUser { rules } => r(
                S::OK,
                codes::BLOCKED,
                "The gateway refused this request on the user's behalf.".into(),
                Some(json!({"rules": rules})),
            ),
            Reply::LimitedForUser { rule } => r(
                S::OK,
                codes::RATE_LIMITED,
                "The gateway refused this request on the user's behalf: too many elicitations.".into(),
                Some(json!({"rules": [rule]})),
            ),
            Reply::AnswerRefusedForUser => r(
                S::OK,
                codes::ANSWERS_REFUSED,
                "The gateway refused the user's answer.".into(),
                None,
            ),
        }
    }

    /// The JSON-RPC error message for request `id` (null when unknown).
    pub fn message(&self, id: Option<&Value>) -> Value {
        let Rendered {
            code,
            message,
            data,
            ..
        } = self.render();
        error_message(id, code, &message, data)
    }

    /// The message as one SSE event.
    pub fn event(&self, id: Option<&Value>) -> Bytes {
        crate::proxy::sse::event_bytes(&self.message(id))
    }

    /// The message as the body of a 200 response: the HTTP exchange succeeded and the JSON-RPC call failed,
    /// as when a call's answer is the gateway's in place of a legacy server's request.
    pub fn in_body(&self, id: Option<&Value>) -> Response<ProxyBody> {
        json_response(StatusCode::OK, &self.message(id))
    }

    /// The HTTP response: the reply's status, the message as a JSON body, and the headers some replies need
    /// (`Retry-After` when retrying shortly may work, `WWW-Authenticate` when a token is needed).
    pub fn response(&self, id: Option<&Value>) -> Response<ProxyBody> {
        let Rendered {
            status,
            code,
            message,
            data,
        } = self.render();
        let mut resp = json_response(status, &error_message(id, code, &message, data));
        match self {
            Reply::Failed(ProxyError::Overloaded | ProxyError::StoreUnavailable)
            | Reply::ReplayUnchecked { .. } => {
                resp.headers_mut()
                    .insert(header::RETRY_AFTER, HeaderValue::from_static("1"));
            }
            Reply::Failed(ProxyError::Unauthorized(www)) => {
                if let Ok(v) = HeaderValue::from_str(www) {
                    resp.headers_mut().insert(header::WWW_AUTHENTICATE, v);
                }
            }
            _ => {}
        }
        resp
    }
}

/// The rendering of a proxy failure (part of [`Reply::render`], apart only for length).
fn render_failure(e: &ProxyError) -> Rendered {
    use StatusCode as S;
    let (status, code, message): (StatusCode, i64, Cow<'static, str>) = match e {
        ProxyError::NoRoute => (
            S::NOT_FOUND,
            codes::INVALID_REQUEST,
            "No MCP endpoint is served at this path.".into(),
        ),
        ProxyError::RequestTooLarge(n) => (
            S::PAYLOAD_TOO_LARGE,
            codes::INVALID_REQUEST,
            format!("The request body is larger than the gateway's limit of {n} bytes.").into(),
        ),
        ProxyError::RequestRead => (
            S::BAD_REQUEST,
            codes::INVALID_REQUEST,
            "The request body could not be read.".into(),
        ),
        ProxyError::RequestTimeout => (
            S::REQUEST_TIMEOUT,
            codes::INVALID_REQUEST,
            "The request body did not arrive in time.".into(),
        ),
        ProxyError::BadRequest(why) => (
            S::BAD_REQUEST,
            codes::PARSE,
            format!("The request is not valid JSON-RPC: {why}.").into(),
        ),
        ProxyError::Unauthorized(_) => (
            S::UNAUTHORIZED,
            codes::INVALID_REQUEST,
            "This MCP endpoint needs a valid bearer token.".into(),
        ),
        ProxyError::Forbidden(why) => (
            S::FORBIDDEN,
            codes::INVALID_REQUEST,
            format!("The gateway refused this request: {why}.").into(),
        ),
        ProxyError::Overloaded => (
            S::SERVICE_UNAVAILABLE,
            codes::UPSTREAM,
            "The gateway is at its concurrency limit; retry shortly.".into(),
        ),
        ProxyError::StoreUnavailable => (
            S::SERVICE_UNAVAILABLE,
            codes::STATE_UNAVAILABLE,
            "The gateway cannot check this request now: its shared state store is unavailable. Retry shortly.".into(),
        ),
        ProxyError::UpstreamConnect => (
            S::BAD_GATEWAY,
            codes::UPSTREAM,
            "The MCP server behind the gateway is unreachable; check that it is running.".into(),
        ),
        ProxyError::UpstreamTimeout => (
            S::GATEWAY_TIMEOUT,
            codes::UPSTREAM,
            "The MCP server behind the gateway did not answer in time.".into(),
        ),
        ProxyError::UpstreamBroken => (
            S::BAD_GATEWAY,
            codes::UPSTREAM,
            "The connection to the MCP server behind the gateway failed.".into(),
        ),
        ProxyError::UpstreamTooLarge(n) => (
            S::BAD_GATEWAY,
            codes::UPSTREAM,
            format!("The MCP server's response is larger than the gateway's limit of {n} bytes.").into(),
        ),
        ProxyError::UpstreamEncoding(_) => (
            S::BAD_GATEWAY,
            codes::UPSTREAM,
            "The MCP server compressed its response although the gateway asked for none; the gateway does not forward what it cannot inspect.".into(),
        ),
    };
    Rendered {
        status,
        code,
        message,
        data: None,
    }
}

/// A JSON-RPC error message object.
fn error_message(id: Option<&Value>, code: i64, message: &str, data: Option<Value>) -> Value {
    let mut err = json!({"code": code, "message": message});
    if let (Some(d), Some(obj)) = (data, err.as_object_mut()) {
        obj.insert("data".into(), d);
    }
    json!({"jsonrpc": "2.0", "id": id.cloned().unwrap_or(Value::Null), "error": err})
}

/// A JSON response with an exact Content-Length.
fn json_response(status: StatusCode, body: &Value) -> Response<ProxyBody> {
    let bytes = Bytes::from(serde_json::to_vec(body).unwrap_or_default());
    let mut resp = Response::new(full(bytes));
    *resp.status_mut() = status;
    resp.headers_mut().insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/json"),
    );
    resp
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_reply_renders_alike_as_response_message_and_event() {
        let id = json!(7);
        let reply = Reply::Limited {
            rule: "limit.rate.principal",
            retry_after: Some(3),
        };
        let msg = reply.message(Some(&id));
        assert_eq!(msg["id"], 7);
        assert_eq!(msg["error"]["code"], codes::RATE_LIMITED);
        assert_eq!(msg["error"]["data"]["retryAfterSeconds"], 3);
        let event = reply.event(Some(&id));
        let text = std::str::from_utf8(&event).unwrap_or_default();
        assert!(text.starts_with("event: message\n"), "{text}");
        assert!(text.contains(&serde_json::to_string(&msg).unwrap_or_default()));
        let resp = reply.response(Some(&id));
        assert_eq!(resp.status(), StatusCode::OK);
    }

    #[test]
    fn failures_keep_their_status_and_headers() {
        let resp = Reply::from(ProxyError::Overloaded).response(None);
        assert_eq!(resp.status(), StatusCode::SERVICE_UNAVAILABLE);
        assert_eq!(resp.headers()[header::RETRY_AFTER], "1");
        let resp = Reply::from(ProxyError::Unauthorized("Bearer".into())).response(None);
        assert_eq!(resp.status(), StatusCode::UNAUTHORIZED);
        assert_eq!(resp.headers()[header::WWW_AUTHENTICATE], "Bearer");
        let resp = Reply::Undeclared {
            missing: vec!["url"],
            rules: vec!["mode.undeclared".into()],
            incident: "i".into(),
        }
        .response(None);
        assert_eq!(resp.status(), StatusCode::BAD_REQUEST);
    }

    #[test]
    fn a_refused_envelope_does_not_say_why() {
        let msg = Reply::EnvelopeRefused {
            reason: "tampered",
            incident: "abc".into(),
        }
        .message(None);
        let text = msg.to_string();
        assert!(!text.contains("tampered"), "{text}");
        assert_eq!(msg["error"]["data"]["incident"], "abc");
    }
}
