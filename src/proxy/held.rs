//! Unsolicited answers, held until the server asks.
//!
//! `inputResponses` on a call without a `requestState` answer nothing the gateway asked, so nothing can check
//! them when they arrive. The call goes upstream without them, as a first call ([`retry::check_request`]
//! removes them), and they are held here. If the upstream's answer to that call (its JSON body, or the answering
//! event of its SSE stream) is an `InputRequiredResult` that the policy let through and the gateway sealed, and
//! the held answers answer every key it asks, they are checked exactly as the client's retry with that envelope
//! would be: [`retry::check_request`] on the call with the envelope and the held answers for the asked keys
//! (the envelope's binding and single use, [`check_input_responses`](crate::policy::answers::check_input_responses)
//! against what was asked, the pasted-credential check). The round budget and the elicitation rate limits were
//! applied when the question was sealed, as for any round. If they pass, the gateway sends the call again
//! itself, with those answers and the upstream's own `requestState`, and the client gets that second response,
//! judged and sealed like any other (it may ask again: the client then answers through the ordinary checked
//! path). Otherwise the client gets the sealed question as it would have without them, and no held answer
//! reaches the upstream. Anything that cannot be decided (an unreadable answer, a missing key, a failed check)
//! leaves the question to the client. If the call sent again fails upstream, the client's call ends with the
//! gateway's `-32001` error, as any call whose upstream fails (the question's envelope was spent by the check,
//! so the question is not handed back).
//!
//! Bounds: the held answers came in one request body, so they are bounded by `limits.request_body_bytes` and
//! the strict parser's value bound, and they are held for one call only: until its answer (the JSON body, or
//! the first event that answers it), then used or dropped. One retry at most per call: the second response is
//! filtered with nothing held. The retry is one more upstream request under the call's own place among the
//! requests in flight, with its own `limits.upstream_timeout_ms` deadline for its head and a JSON body.
//!
//! Audit: one record per held set (`kind` `answers`, rule `answer.unsolicited`, never a value): verdict `allow`
//! when they were used as sent; `rewrite`, with `answer.unasked_key`, when they were used but answers for keys
//! the server did not ask were left out; `rewrite` when they were dropped, with the rules of the check that
//! refused them when one did (`answer.schema`, `answer.secret.*`, ...). Dropped sets are counted in
//! `elicitguard_answers_refused_total{rule="answer.unsolicited"}`, and in the `answer.*` rules that refused them.

use std::future::Future;
use std::pin::Pin;
use std::sync::atomic::AtomicU32;
use std::sync::Arc;
use std::task::{Context, Poll};
use std::time::Duration;

use bytes::{Bytes, BytesMut};
use http::{HeaderMap, Method, Request, Uri};
use http_body::{Body, Frame};
use http_body_util::{BodyExt, Full};
use serde_json::{Map, Value};

use crate::config::{Route, Snapshot};
use crate::policy::Verdict;
use crate::proxy::body::{full, read_bounded, BoxError, ProxyBody, ReadError};
use crate::proxy::error::ProxyError;
use crate::proxy::headers::{self, BodyKind};
use crate::proxy::record::Recorder;
use crate::proxy::reply::{Reply, StreamEnd};
use crate::proxy::retry::{self, ParamsDigest, Refusal, Sealer, Verifiers};
use crate::proxy::sse::{Shared, SseFilter};
use crate::proxy::upstream::{Clients, UpstreamBody};
use crate::proxy::Gateway;
use crate::telemetry::RuleLabels;
use crate::wire::sse::Decoder;

/// The rule of every record about held answers.
const RULE: &str = "answer.unsolicited";

/// How the call went upstream, so that it can be sent again.
pub struct Resend {
    /// The upstream clients of the request's snapshot.
    pub clients: Clients,
    /// The route.
    pub route: Arc<Route>,
    /// The upstream URI the call went to.
    pub uri: Uri,
    /// The call's headers as they were sent upstream.
    pub headers: HeaderMap,
    /// The body sent upstream: the client's call without the held answers.
    pub body: Bytes,
    /// `limits.upstream_timeout`.
    pub timeout: Duration,
}

/// Answers a client sent on a call without a `requestState`, held for that call. Dropping it unused writes the
/// audit record of a dropped set.
pub struct Held {
    /// The client's `inputResponses`, as it sent them.
    answers: Value,
    resend: Resend,
    gw: Arc<Gateway>,
    snap: Arc<Snapshot>,
    recorder: Recorder,
    /// The client's request id: only a response for it is the call's answer.
    client_id: Option<Value>,
    /// The rules of the check that refused the answers, for the record of a dropped set.
    refused: Vec<String>,
    /// The record is written (the answers were used).
    settled: bool,
}

/// The call, to be sent again with checked answers.
pub struct Retry {
    resend: Resend,
    /// Seals what the second response asks: the round after the question the held answers answered.
    sealer: Sealer,
    /// The envelope the check used, recorded as used before the call goes again.
    use_once: Option<(String, u64)>,
    store: Arc<crate::store::Store>,
}

impl Held {
    /// Holds `answers` (the removed `inputResponses`) for the call that went upstream as `resend` says.
    pub fn new(
        answers: Value,
        resend: Resend,
        gw: Arc<Gateway>,
        snap: Arc<Snapshot>,
        recorder: Recorder,
        client_id: Option<Value>,
    ) -> Box<Held> {
        // Boxed: it rides in the request's future, which every call would otherwise carry at its full size.
        Box::new(Held {
            answers,
            resend,
            gw,
            snap,
            recorder,
            client_id,
            refused: Vec::new(),
            settled: false,
        })
    }

    /// What the gateway is about to send the client for its call, judged and sealed: when it is an
    /// `InputRequiredResult` with the gateway's envelope, and the held answers answer every key it asks and pass
    /// the checks of a retry with that envelope, the call to send again (the answers are used, and recorded so).
    /// `sealer` sealed `msg`. Anything else drops the held answers (recorded when `self` is dropped).
    pub fn retry_for(mut self: Box<Self>, msg: &Value, sealer: &Sealer) -> Option<Retry> {
        let id = self.client_id.as_ref()?;
        if msg.get("id") != Some(id) || msg.get("method").is_some() {
            return None;
        }
        let result = msg.get("result")?;
        if result.get("resultType").and_then(Value::as_str) != Some("input_required") {
            return None;
        }
        let state = result.get("requestState")?.as_str()?;
        let asked = result.get("inputRequests")?.as_object()?;
        let Some(held) = self.answers.as_object() else {
            self.refused.push("answer.shape".to_owned());
            return None;
        };
        if asked.is_empty() {
            return None;
        }
        // Only the asked keys' answers go on, and every asked key must have one; the rest stay here.
        let mut answers = Map::new();
        for key in asked.keys() {
            answers.insert(key.clone(), held.get(key)?.clone());
        }
        let left_out = held.len() > answers.len();
        let mut call: Value = serde_json::from_slice(&self.resend.body).ok()?;
        let params = call.get_mut("params")?.as_object_mut()?;
        params.insert("requestState".to_owned(), Value::String(state.to_owned()));
        params.insert("inputResponses".to_owned(), Value::Object(answers));
        let verifiers = Verifiers {
            keyring: &self.snap.keyring,
            secret: &self.snap.engine.secret,
        };
        let checked = match retry::check_request(
            &call,
            &sealer.method,
            &sealer.route,
            &sealer.principal,
            verifiers,
            retry::now_unix(),
        ) {
            Ok(checked) => checked,
            Err(Refusal::Answers(findings)) => {
                for f in findings {
                    if !self.refused.contains(&f.rule) {
                        self.refused.push(f.rule);
                    }
                }
                return None;
            }
            Err(Refusal::Envelope(reason)) => {
                self.refused.push(format!("state.{reason}"));
                return None;
            }
            Err(Refusal::StoreUnavailable) => {
                self.refused.push("state.unavailable".to_owned());
                return None;
            }
        };
        let body = checked.new_body?;
        let (verdict, rules) = if left_out {
            (
                Verdict::Rewrite,
                vec![RULE.to_owned(), "answer.unasked_key".to_owned()],
            )
        } else {
            (Verdict::Allow, vec![RULE.to_owned()])
        };
        self.recorder
            .event("answers", verdict, rules, &crate::telemetry::incident_id());
        self.settled = true;
        let resend = Resend {
            clients: self.resend.clients.clone(),
            route: self.resend.route.clone(),
            uri: self.resend.uri.clone(),
            headers: std::mem::take(&mut self.resend.headers),
            body,
            timeout: self.resend.timeout,
        };
        let sealer = Sealer {
            keyring: sealer.keyring.clone(),
            route: sealer.route.clone(),
            principal: sealer.principal.clone(),
            method: sealer.method.clone(),
            params_digest: ParamsDigest::known(checked.params_digest),
            prev_round: checked.round,
            max_rounds: sealer.max_rounds,
            ttl_seconds: sealer.ttl_seconds,
            counter: sealer.counter.clone(),
            legacy_rounds: AtomicU32::new(0),
            metrics: sealer.metrics.clone(),
        };
        Some(Retry {
            resend,
            sealer,
            use_once: checked.use_once,
            store: self.gw.store.clone(),
        })
    }
}

impl Drop for Held {
    fn drop(&mut self) {
        if self.settled {
            return;
        }
        let mut rules = vec![RULE.to_owned()];
        rules.extend(self.refused.iter().cloned());
        for rule in rules.iter().filter(|r| r.starts_with("answer.")) {
            self.gw
                .metrics
                .answers_refused
                .get_or_create(&RuleLabels { rule: rule.clone() })
                .inc();
        }
        self.recorder.event(
            "answers",
            Verdict::Rewrite,
            rules,
            &crate::telemetry::incident_id(),
        );
    }
}

/// The message `outcome` sends the client, when it is one the gateway judged and changed (sealed or
/// rewritten): the only kind that can carry the gateway's envelope.
pub fn message_of(outcome: &crate::proxy::enforce::Outcome) -> Option<Value> {
    use crate::proxy::enforce::Outcome;
    match outcome {
        Outcome::Sealed(bytes) => serde_json::from_slice(bytes).ok(),
        Outcome::Replace(v) => Some(v.clone()),
        _ => None,
    }
}

impl Retry {
    /// Sends the call again: the upstream's response head and body, and the sealer for that response. An
    /// encoded body is refused, as on any call.
    pub async fn send(self) -> Result<(http::response::Parts, UpstreamBody, Sealer), ProxyError> {
        // Single use, as for the client's own retry: recorded before the answers go upstream. The question is
        // not handed back if this fails (the check may have spent its envelope): the call ends with -32013.
        if let Some((id, expires_at)) = &self.use_once {
            self.store
                .use_once(id, *expires_at, retry::now_unix())
                .await
                .map_err(|_| ProxyError::StoreUnavailable)?;
        }
        let Resend {
            clients,
            route,
            uri,
            headers,
            body,
            timeout,
        } = self.resend;
        let mut req = Request::builder()
            .method(Method::POST)
            .uri(uri)
            .body(Full::new(body))
            .map_err(|_| ProxyError::UpstreamBroken)?;
        *req.headers_mut() = headers;
        let resp = clients.send(&route, req, timeout).await?;
        let (mut parts, body) = resp.into_parts();
        parts.version = http::Version::HTTP_11;
        if let Some(enc) = headers::content_encoding(&parts.headers) {
            return Err(ProxyError::UpstreamEncoding(enc));
        }
        Ok((parts, body, self.sealer))
    }
}

/// A stream the client already reads, the first response to a call with held answers: its events go out as the
/// SSE filter judged them until the one that answers the call. If that one asks what the held answers answer,
/// and they pass ([`Held::retry_for`]), it is not sent: the call goes again, and the second response continues
/// the stream (its events filtered as any; a JSON body judged as one event). Otherwise it goes out, and so does
/// the rest of the stream, untouched.
///
/// It reads the filter's output, not the upstream's bytes: each event is one the filter judged, bounded by the
/// filter's limits (`limits.sse_event_bytes` for an event, `limits.response_body_bytes` for a JSON document)
/// and the envelope sealed into it, and it holds at most one such event while it reads it.
pub struct HeldStream {
    state: State,
    decoder: Decoder,
    held: Option<Box<Held>>,
    shared: Arc<Shared>,
}

enum State {
    /// Reading the first response for the call's answer.
    Watching(ProxyBody),
    /// The call sent again: the body that continues the stream, when it is known.
    Retrying(Pin<Box<dyn Future<Output = ProxyBody> + Send>>),
    /// The rest, as it comes.
    Passing(ProxyBody),
    Done,
}

/// What one event of the first response is to the held answers.
enum Seen {
    /// Not the call's answer.
    Other,
    /// The call's answer, and the held answers are not used for it.
    Answer,
    /// The call's answer, and the call goes again with the held answers.
    Retry(Box<Retry>),
}

impl HeldStream {
    /// Watches `first` (filtered with `shared`) for the call's answer, holding `held` until then.
    pub fn new(first: SseFilter, held: Box<Held>, shared: Arc<Shared>) -> Self {
        HeldStream {
            state: State::Watching(first.boxed_unsync()),
            // Bounded by the filter's own output (see the type's doc).
            decoder: Decoder::new(usize::MAX),
            held: Some(held),
            shared,
        }
    }

    fn see(&mut self, data: &str) -> Seen {
        let Some(id) = self.shared.client_id.as_ref() else {
            return Seen::Other;
        };
        let Ok(msg) = serde_json::from_str::<Value>(data) else {
            return Seen::Other;
        };
        let answers = msg.get("id") == Some(id)
            && msg.get("method").is_none()
            && (msg.get("result").is_some() || msg.get("error").is_some());
        if !answers {
            return Seen::Other;
        }
        match (self.held.take(), self.shared.sealer.as_deref()) {
            (Some(held), Some(sealer)) => match held.retry_for(&msg, sealer) {
                Some(retry) => Seen::Retry(Box::new(retry)),
                None => Seen::Answer,
            },
            _ => Seen::Answer,
        }
    }

    /// The first response's frame `data`: what goes out of it now.
    fn watch(&mut self, data: &[u8], out: &mut BytesMut) {
        self.decoder.push(data);
        loop {
            let event = match self.decoder.next_event() {
                Ok(Some(e)) => e,
                Ok(None) => return,
                // The filter's own output always frames (see the type's doc); if it did not, the call ends with
                // an error rather than anything unread going out.
                Err(_) => {
                    self.held = None;
                    out.extend_from_slice(&self.error_event(StreamEnd::Unreadable));
                    self.state = State::Done;
                    return;
                }
            };
            let seen = match event.data.as_deref() {
                Some(d) => self.see(d),
                None => Seen::Other,
            };
            match seen {
                Seen::Other => out.extend_from_slice(&event.raw),
                Seen::Answer => {
                    out.extend_from_slice(&event.raw);
                    self.pass_rest(out);
                    return;
                }
                Seen::Retry(retry) => {
                    // The first stream ends here: the second response answers the call.
                    self.state = State::Retrying(Box::pin(second(*retry, self.shared.clone())));
                    return;
                }
            }
        }
    }

    /// From here on the first response goes out as it comes: what the decoder holds first.
    fn pass_rest(&mut self, out: &mut BytesMut) {
        let decoder = std::mem::replace(&mut self.decoder, Decoder::new(0));
        out.extend_from_slice(&decoder.finish());
        self.state = match std::mem::replace(&mut self.state, State::Done) {
            State::Watching(body) => State::Passing(body),
            other => other,
        };
    }

    fn error_event(&self, why: StreamEnd) -> Bytes {
        Reply::StreamEnded(why).event(self.shared.client_id.as_ref())
    }
}

/// Sends the call again and makes the body that continues the client's stream with its response: an SSE (or
/// unlabelled) body through a new filter, a JSON body read whole and judged as one event, a failure as an
/// error event for the call. The second response's head is not the client's: the client has the first's.
async fn second(retry: Retry, first: Arc<Shared>) -> ProxyBody {
    let limits = &first.snapshot.limits;
    let (limit, timeout) = (limits.response_body_bytes, limits.upstream_timeout);
    let mut closing = first.closing.clone();
    let work = async {
        let deadline = tokio::time::Instant::now() + timeout;
        let (parts, body, sealer) = retry.send().await?;
        let next = Arc::new(Shared {
            snapshot: first.snapshot.clone(),
            route: first.route.clone(),
            modes: first.modes,
            monitor: first.monitor,
            client_id: first.client_id.clone(),
            recorder: first.recorder.clone(),
            answer_upstream: first.answer_upstream.clone(),
            sealer: Some(Arc::new(sealer.for_stream())),
            session: first.session.clone(),
            store: first.store.clone(),
            closing: first.closing.clone(),
        });
        match headers::body_kind(false, &parts.headers) {
            BodyKind::Stream => Ok(SseFilter::new(body, next).boxed_unsync()),
            BodyKind::Json => {
                let bytes = match tokio::time::timeout_at(deadline, read_bounded(body, limit)).await
                {
                    Err(_) => return Err(ProxyError::UpstreamTimeout),
                    Ok(Err(ReadError::TooLarge)) => {
                        return Err(ProxyError::UpstreamTooLarge(limit))
                    }
                    Ok(Err(ReadError::Failed)) => return Err(ProxyError::UpstreamBroken),
                    Ok(Ok(b)) => b,
                };
                if bytes.iter().all(u8::is_ascii_whitespace) {
                    return Err(ProxyError::UpstreamBroken);
                }
                let mut out = BytesMut::new();
                next.judge_as_event(&bytes, &mut out).await;
                Ok(full(out.freeze()))
            }
        }
    };
    let why = tokio::select! {
        r = work => match r {
            Ok(body) => return body,
            Err(e) => StreamEnd::ResendFailed(e.to_string()),
        },
        _ = closing.wait_for(|c| *c) => StreamEnd::ShuttingDown,
    };
    full(Reply::StreamEnded(why).event(first.client_id.as_ref()))
}

impl Body for HeldStream {
    type Data = Bytes;
    type Error = BoxError;

    fn poll_frame(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Bytes>, BoxError>>> {
        let this = self.get_mut();
        loop {
            match &mut this.state {
                State::Done => return Poll::Ready(None),
                State::Passing(body) => return Pin::new(body).poll_frame(cx),
                State::Retrying(next) => {
                    let body = std::task::ready!(next.as_mut().poll(cx));
                    this.state = State::Passing(body);
                }
                State::Watching(body) => {
                    let frame = match std::task::ready!(Pin::new(body).poll_frame(cx)) {
                        None => {
                            // The stream ended without answering the call: the held answers were not used.
                            this.held = None;
                            let mut out = BytesMut::new();
                            this.pass_rest(&mut out);
                            this.state = State::Done;
                            return Poll::Ready(
                                (!out.is_empty()).then(|| Ok(Frame::data(out.freeze()))),
                            );
                        }
                        Some(Err(e)) => {
                            this.held = None;
                            this.state = State::Done;
                            return Poll::Ready(Some(Err(e)));
                        }
                        Some(Ok(frame)) => frame,
                    };
                    let data = match frame.into_data() {
                        Ok(d) => d,
                        Err(other) => return Poll::Ready(Some(Ok(other))),
                    };
                    let mut out = BytesMut::new();
                    this.watch(&data, &mut out);
                    if !out.is_empty() {
                        return Poll::Ready(Some(Ok(Frame::data(out.freeze()))));
                    }
                }
            }
        }
    }

    fn is_end_stream(&self) -> bool {
        match &self.state {
            State::Done => true,
            State::Passing(body) => body.is_end_stream(),
            _ => false,
        }
    }
}
