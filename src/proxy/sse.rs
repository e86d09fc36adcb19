//! The streaming response filter: each SSE event is judged as soon as it is complete and forwarded at once; events
//! that arrive together, in one upstream chunk or several, go out in one frame (one chunk and one write to the
//! client), which is also what makes SSE pass-through cheap. A body that turns out to be a JSON document (its
//! first significant byte is `{` or `[`: see [`headers::Sniffed`]) is gathered whole and judged as one message,
//! whatever its type said, since some client reads it so.

use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context as TaskContext, Poll};

use crate::proxy::upstream::UpstreamBody;
use bytes::{Bytes, BytesMut};
use http_body::{Body, Frame};
use serde_json::Value;

use crate::wire::tree::{Arena, Node};

use crate::config::{Route, Snapshot};
use crate::limit::LimitError;
use crate::proxy::body::BoxError;
use crate::proxy::enforce::{decide, Context, Outcome};
use crate::proxy::error::ProxyError;
use crate::proxy::headers::{self, Sniffed};
use crate::proxy::record::Recorder;
use crate::proxy::reply::{Reply, StreamEnd};
use crate::proxy::retry::Sealer;
use crate::store::Store;
use crate::telemetry::Metrics;
use crate::wire::sse::{Decoder, Event, SseError};
use crate::wire::ClientModes;

/// Output gathered into one frame before it is handed to the client's connection even if more of the upstream's
/// body is ready: bounds what one frame holds (the upstream's chunks are bounded by its connection's read
/// buffer, the events by `limits.sse_event_bytes`) and how long the first event waits behind later ones.
const MAX_FRAME_BYTES: usize = 64 * 1024;

/// Room a frame starts with once the upstream's body has data: a few events' worth, so a batch of them is
/// gathered without the buffer growing through several sizes. Grown from nothing one event at a time, the
/// buffer's last, largest size was freed alone after each response and the allocator handed its page back to the
/// kernel (`madvise` on 9 `/sse` responses in 10, `python3 benches/syscalls.py`).
const FRAME_START_BYTES: usize = 4096;

/// Answers a legacy server's requests (POST to the upstream with the session id), off the data path.
pub type UpstreamAnswerer = Arc<dyn Fn(Vec<Value>) + Send + Sync>;

/// Everything the filter needs, shared for the life of one stream.
pub struct Shared {
    /// The snapshot the request started with.
    pub snapshot: Arc<Snapshot>,
    /// The route.
    pub route: Arc<Route>,
    /// Declared modes.
    pub modes: ClientModes,
    /// Monitor mode.
    pub monitor: bool,
    /// The client's request id (None on a GET stream).
    pub client_id: Option<Value>,
    /// Recorder.
    pub recorder: Recorder,
    /// Legacy answerer, when a session id is known.
    pub answer_upstream: Option<UpstreamAnswerer>,
    /// Round budgets, rate limits and sealing (None in monitor mode).
    pub sealer: Option<Arc<crate::proxy::retry::Sealer>>,
    /// The legacy session this stream belongs to, where forwarded form questions are remembered so the
    /// client's answers can be checked against them.
    pub session: Option<String>,
    /// The gateway's state store (the session's questions; on a shared store, a message that asks waits for
    /// it: see [`Step`]).
    pub store: Arc<Store>,
    /// The gateway's `closing` signal: the shutdown grace is over.
    pub closing: tokio::sync::watch::Receiver<bool>,
}

/// A message that needs the shared store before it can go out, and what to do with its outcome then.
pub struct Parked {
    wait: Pin<Box<dyn Future<Output = Filtered> + Send>>,
    then: Then,
}

/// What the filter made of one message: what goes out in its place, the policy's verdict (when it judged an
/// elicitation) and whether a limit stopped it. Recorded already; the verdict and the limit are for the caller's
/// request outcome.
pub struct Filtered {
    /// What goes out.
    pub outcome: Outcome,
    /// The policy's verdict on the message's elicitations, if it had any.
    pub verdict: Option<crate::policy::Verdict>,
    /// A round budget or rate limit stopped it.
    pub limited: bool,
}

impl Filtered {
    /// The same decision, with another outcome going out.
    fn with(self, outcome: Outcome) -> Filtered {
        Filtered { outcome, ..self }
    }
}

/// What a parked message was.
enum Then {
    /// An event (and whether its data reads as the answer to the client's call).
    Event(Event, bool),
    /// A body read whole.
    Whole(Bytes),
}

/// What reading on does next.
enum Flow {
    /// Read on.
    Go,
    /// The body ends after what was written.
    End,
    /// A message waits for the store; nothing after it is read or written until it is out.
    Park(Parked),
}

/// A message judged: what goes out in its place, or a wait for the shared store first.
enum Step {
    Done(Filtered),
    Wait(Pin<Box<dyn Future<Output = Filtered> + Send>>),
}

/// A message decided, with the questions it asks a legacy session; or the rounds the shared store must count
/// (and the questions it must hold) before it can be.
enum Judged {
    Done(Filtered, Vec<AskedForm>),
    NeedsStore(u32),
}

/// A form question a message asks in a legacy session, for the session to check the answer against.
pub struct AskedForm {
    /// The server request's id.
    pub id: Option<Value>,
    /// Its id as text (a string id as it is, a number as JSON writes it).
    pub key: String,
    /// The requested schema.
    pub schema: Value,
}

/// The form questions `msg` asks (legacy `elicitation/create` requests in form mode).
pub fn forms_asked(msg: &Node<'_>) -> Vec<AskedForm> {
    let mut out = Vec::new();
    for c in crate::wire::find_carriers(msg) {
        if c.kind != crate::wire::CarrierKind::ServerRequest {
            continue;
        }
        for e in c
            .entries
            .iter()
            .filter(|e| e.method == crate::wire::InputMethod::Form)
        {
            let schema = msg
                .pointer(&e.params_ptr)
                .and_then(|p| p.get("requestedSchema"))
                .map(Node::to_value)
                .unwrap_or(Value::Null);
            out.push(AskedForm {
                id: c.id.clone(),
                key: e.key.clone(),
                schema,
            });
        }
    }
    out
}

/// What goes out instead of a message whose questions the shared store could not hold (their answers could
/// not be checked): the server is told its requests were refused, the client's call gets an error.
pub fn unremembered(forms: &[AskedForm], client_id: Option<&Value>) -> Outcome {
    Outcome::DropServerRequests {
        upstream_answers: forms
            .iter()
            .filter_map(|f| f.id.as_ref())
            .map(|id| Reply::QuestionNotHeld.message(Some(id)))
            .collect(),
        client_error: client_id.map(|_| Box::new(Reply::QuestionNotHeld)),
    }
}

/// Whether an outcome lets the message (or a rewrite of it) out.
fn goes_out(o: &Outcome) -> bool {
    matches!(
        o,
        Outcome::Original | Outcome::Replace(_) | Outcome::Sealed(_)
    )
}

/// How far the filter has read its body.
enum Reading {
    /// Nothing significant yet: the bytes so far (whitespace, a byte order mark), bounded by the response body limit.
    Sniffing(BytesMut),
    /// Event by event.
    Sse,
    /// A JSON document, gathered whole (bounded by the response body limit) and judged at its end.
    Json(BytesMut),
}

pin_project_lite::pin_project! {
    /// The filtering body.
    pub struct SseFilter {
        #[pin]
        inner: UpstreamBody,
        decoder: Decoder,
        reading: Reading,
        shared: Arc<Shared>,
        done: bool,
        // A response to the client's call went out: an early end needs no error for it.
        answered: bool,
        // When the upstream last sent a byte, and the timer that ends a stream silent for `sse_idle_timeout`
        // (made at the first wait, and moved only when it fires early: not reset on every chunk).
        last_byte: tokio::time::Instant,
        idle: Option<Pin<Box<tokio::time::Sleep>>>,
        // Ready once the shutdown grace is over (made at the first wait).
        closing: Option<Pin<Box<dyn std::future::Future<Output = ()> + Send + Sync>>>,
        // A message waiting for the shared store, and whether the upstream's body had ended by then.
        parked: Option<Parked>,
        ending: bool,
        _open: OpenStream,
    }
}

/// Why a stream ended before its upstream finished it.
#[derive(Clone, Copy)]
enum EarlyEnd {
    /// The upstream's connection broke.
    Broke,
    /// The upstream sent nothing for `limits.sse_idle_timeout`.
    Silent,
    /// The gateway's shutdown grace is over.
    ShuttingDown,
}

/// Counts open SSE streams for as long as it lives.
struct OpenStream(Arc<Metrics>);

impl OpenStream {
    fn new(m: Arc<Metrics>) -> Self {
        m.sse_streams_open.inc();
        OpenStream(m)
    }
}

impl Drop for OpenStream {
    fn drop(&mut self) {
        self.0.sse_streams_open.dec();
    }
}

impl SseFilter {
    /// Wraps an upstream SSE body.
    pub fn new(inner: UpstreamBody, shared: Arc<Shared>) -> Self {
        let max = usize::try_from(shared.snapshot.limits.sse_event_bytes).unwrap_or(usize::MAX);
        let open = OpenStream::new(shared.recorder.metrics.clone());
        SseFilter {
            inner,
            decoder: Decoder::new(max),
            reading: Reading::Sniffing(BytesMut::new()),
            shared,
            done: false,
            answered: false,
            last_byte: tokio::time::Instant::now(),
            idle: None,
            closing: None,
            parked: None,
            ending: false,
            _open: open,
        }
    }
}

/// Formats a JSON-RPC message as one SSE `message` event.
pub fn event_bytes(msg: &Value) -> Bytes {
    event_of_json(&serde_json::to_vec(msg).unwrap_or_default(), None)
}

/// One event carrying `json` (one line: serde_json writes no newline). An event that stands for one of the
/// upstream's (`like`: a sealed or rewritten message) keeps its `id` and type, so a client that resumes with
/// `Last-Event-ID` resumes where the upstream's stream was. (Field values come from the decoder, which splits
/// on line breaks, so they cannot carry one.)
fn event_of_json(json: &[u8], like: Option<&Event>) -> Bytes {
    let id = like.and_then(|e| e.id.as_deref());
    let kind = like.and_then(|e| e.event.as_deref()).unwrap_or("message");
    let mut out = BytesMut::with_capacity(json.len() + kind.len() + id.map_or(0, str::len) + 24);
    if let Some(id) = id {
        out.extend_from_slice(b"id: ");
        out.extend_from_slice(id.as_bytes());
        out.extend_from_slice(b"\n");
    }
    out.extend_from_slice(b"event: ");
    out.extend_from_slice(kind.as_bytes());
    out.extend_from_slice(b"\ndata: ");
    out.extend_from_slice(json);
    out.extend_from_slice(b"\n\n");
    out.freeze()
}

/// Whether an event's data reads as a response (a `result` or an `error`, and no `method`): the client's call is
/// answered once one goes out. A cheap look, not a parse: wrong only on a response whose text holds the word
/// `"method"`, which then costs the client, if the stream breaks, one error for a call it already has.
fn answers_a_call(data: &[u8]) -> bool {
    use memchr::memmem::find;
    find(data, b"\"method\"").is_none()
        && (find(data, b"\"result\"").is_some() || find(data, b"\"error\"").is_some())
}

impl Shared {
    /// Judges buffered events into `out`, until none is left, the stream must end, or a message waits for the
    /// store. `answered` is set once an event that answers the client's call goes out.
    fn drain(
        self: &Arc<Self>,
        decoder: &mut Decoder,
        out: &mut BytesMut,
        answered: &mut bool,
    ) -> Flow {
        loop {
            let event = match decoder.next_event() {
                Ok(Some(e)) => e,
                Ok(None) => return Flow::Go,
                Err(SseError::TooLarge(n)) => {
                    if let Some(id) = &self.client_id {
                        out.extend_from_slice(&Reply::EventTooLarge(n).event(Some(id)));
                    }
                    return Flow::End;
                }
                Err(SseError::NotUtf8) => {
                    if let Some(id) = &self.client_id {
                        out.extend_from_slice(&Reply::EventNotUtf8.event(Some(id)));
                    }
                    return Flow::End;
                }
            };
            let Some(data) = event.data.as_deref() else {
                out.extend_from_slice(&event.raw);
                continue;
            };
            // The event's data may span several lines; the spliced JSON is written on one. A line break inside
            // the data is JSON whitespace, so splicing keeps it valid, but it cannot stay in a one-line `data:`
            // field: such data is serialised instead.
            let one_line = memchr::memchr2(b'\n', b'\r', data.as_bytes()).is_none();
            let answers = answers_a_call(data.as_bytes());
            match self.filter_message(data.as_bytes(), one_line) {
                Step::Done(filtered) => {
                    if self.emit_event(filtered.outcome, &event, answers, out, answered) {
                        return Flow::End;
                    }
                }
                Step::Wait(wait) => {
                    return Flow::Park(Parked {
                        wait,
                        then: Then::Event(event, answers),
                    })
                }
            }
        }
    }

    /// Writes what goes out for one event; true when the stream must end after it.
    fn emit_event(
        &self,
        outcome: Outcome,
        event: &Event,
        answers: bool,
        out: &mut BytesMut,
        answered: &mut bool,
    ) -> bool {
        if answers && goes_out(&outcome) {
            *answered = true;
        }
        match outcome {
            Outcome::Original => out.extend_from_slice(&event.raw),
            Outcome::Replace(v) => {
                let json = serde_json::to_vec(&v).unwrap_or_default();
                out.extend_from_slice(&event_of_json(&json, Some(event)))
            }
            Outcome::Sealed(json) => out.extend_from_slice(&event_of_json(&json, Some(event))),
            Outcome::Error { reply, id } => {
                out.extend_from_slice(&reply.event(id.as_ref()));
                return true;
            }
            Outcome::DropServerRequests {
                upstream_answers,
                client_error,
            } => {
                if let Some(answer) = &self.answer_upstream {
                    answer(upstream_answers);
                }
                if let Some(err) = client_error {
                    out.extend_from_slice(&err.event(self.client_id.as_ref()));
                    return true;
                }
            }
        }
        false
    }

    /// A parked message's outcome is in: it goes out, and reading goes on (or the end the upstream already
    /// reached is finished).
    fn resume(
        self: &Arc<Self>,
        then: Then,
        filtered: Filtered,
        decoder: &mut Decoder,
        out: &mut BytesMut,
        answered: &mut bool,
        ending: bool,
    ) -> Flow {
        match then {
            Then::Event(event, answers) => {
                if self.emit_event(filtered.outcome, &event, answers, out, answered) {
                    Flow::End
                } else if ending {
                    self.end_events(decoder, out, answered)
                } else {
                    self.drain(decoder, out, answered)
                }
            }
            Then::Whole(body) => {
                self.emit_whole(filtered.outcome, &body, out);
                Flow::End
            }
        }
    }
}

impl Shared {
    /// One message from the upstream (an event's data, or a whole body): decided, sealed (round budgets, rate
    /// limits, the envelope) and recorded, and its questions remembered in a legacy session; what goes out in
    /// its place. `splice`: a sealed state may be written into the message's own bytes. On a shared store, a
    /// message that asks waits for the store (its rounds counted, its questions held) before it goes out:
    /// such a message is decided again once the count is in, rather than keeping its tree across the wait.
    fn filter_message(self: &Arc<Self>, data: &[u8], splice: bool) -> Step {
        match self.judge(data, splice, None) {
            Judged::Done(filtered, forms) if forms.is_empty() => Step::Done(filtered),
            Judged::Done(filtered, forms) => {
                // In process: remembered at once (the store's future is ready on its first poll).
                let remembered = futures_util::FutureExt::now_or_never(self.remember(&forms));
                match remembered {
                    Some(Ok(())) => Step::Done(filtered),
                    _ => Step::Done(filtered.with(unremembered(&forms, self.client_id.as_ref()))),
                }
            }
            Judged::NeedsStore(rounds) => {
                let me = self.clone();
                let data = data.to_vec();
                Step::Wait(Box::pin(async move {
                    let counted = match (&me.sealer, rounds) {
                        (Some(s), 1..) => s.count(rounds).await,
                        _ => Ok(()),
                    };
                    match me.judge(&data, splice, Some(counted)) {
                        Judged::Done(filtered, forms) if forms.is_empty() => filtered,
                        Judged::Done(filtered, forms) => match me.remember(&forms).await {
                            Ok(()) => filtered,
                            Err(_) => filtered.with(unremembered(&forms, me.client_id.as_ref())),
                        },
                        // Not reached: a counted message does not wait again. Fail closed if it were.
                        Judged::NeedsStore(_) => Filtered {
                            outcome: unremembered(&[], me.client_id.as_ref()),
                            verdict: None,
                            limited: false,
                        },
                    }
                }))
            }
        }
    }

    /// Decides one message and seals it. `counted`: what the shared store said of its rounds; `None` before
    /// it was asked, when a message that needs the shared store comes back as [`Judged::NeedsStore`] with
    /// nothing recorded.
    fn judge(&self, data: &[u8], splice: bool, counted: Option<Result<(), LimitError>>) -> Judged {
        let mint = |url: &str| crate::proxy::links::mint(&self.snapshot, &self.route.name, url);
        let ctx = Context {
            engine: &self.snapshot.engine,
            route: &self.route.policy,
            modes: self.modes,
            client_id: self.client_id.as_ref(),
            links: Some(&mint),
        };
        let arena = Arena::new();
        let d = decide(data, &arena, &ctx, self.monitor);
        if counted.is_none() && self.store.is_shared() {
            let rounds = match &self.sealer {
                Some(s) if s.counts_remotely() => Sealer::rounds_needed(&d.outcome, &d.carriers),
                _ => 0,
            };
            let asks = self.session.is_some()
                && goes_out(&d.outcome)
                && d.parsed
                    .as_ref()
                    .is_some_and(|m| !forms_asked(m).is_empty());
            if rounds > 0 || asks {
                return Judged::NeedsStore(rounds);
            }
        }
        self.recorder.decision(&d);
        let verdict = d.judgement.as_ref().map(|j| j.verdict);
        let mut limited_by = None;
        let outcome = match &self.sealer {
            Some(s) => {
                let (o, limited) = s.finish(
                    d.outcome,
                    d.parsed.as_ref(),
                    data,
                    splice,
                    &d.carriers,
                    self.client_id.as_ref(),
                    counted,
                );
                if let Some(l) = limited {
                    self.recorder.event(
                        "rate_limit",
                        crate::policy::Verdict::Block,
                        vec![l.rule.to_owned()],
                        &crate::telemetry::incident_id(),
                    );
                    limited_by = Some(l);
                }
                o
            }
            None => d.outcome,
        };
        // A legacy session remembers the forms it forwards, as the upstream asked them.
        let forms = match (&self.session, d.parsed.as_ref()) {
            (Some(_), Some(msg)) if goes_out(&outcome) => forms_asked(msg),
            _ => Vec::new(),
        };
        let filtered = Filtered {
            outcome,
            verdict,
            limited: limited_by.is_some(),
        };
        Judged::Done(filtered, forms)
    }

    /// A body read whole, as one message (or batch): what [`Shared::filter_message`] makes of it, once the
    /// shared store answered when it must.
    pub async fn filter_body(self: &Arc<Self>, body: &[u8]) -> Filtered {
        match self.filter_message(body, true) {
            Step::Done(filtered) => filtered,
            Step::Wait(wait) => wait.await,
        }
    }

    /// Remembers forwarded legacy form questions in the session.
    async fn remember(&self, forms: &[AskedForm]) -> Result<(), crate::store::StoreError> {
        let Some(sid) = &self.session else {
            return Ok(());
        };
        let asked = forms
            .iter()
            .map(|f| (f.key.clone(), f.schema.clone()))
            .collect();
        self.store.remember_asked(sid, asked).await
    }

    /// Judges a body gathered whole as one JSON message (or batch), into `out` as plain JSON.
    fn judge_whole(self: &Arc<Self>, body: Bytes, out: &mut BytesMut) -> Flow {
        match self.filter_message(&body, true) {
            Step::Done(filtered) => {
                self.emit_whole(filtered.outcome, &body, out);
                Flow::End
            }
            Step::Wait(wait) => Flow::Park(Parked {
                wait,
                then: Then::Whole(body),
            }),
        }
    }

    /// Writes what goes out for a body read whole.
    fn emit_whole(&self, outcome: Outcome, body: &[u8], out: &mut BytesMut) {
        let json = |v: &Value| serde_json::to_vec(v).unwrap_or_default();
        match outcome {
            Outcome::Original => out.extend_from_slice(body),
            Outcome::Replace(v) => out.extend_from_slice(&json(&v)),
            Outcome::Sealed(bytes) => out.extend_from_slice(&bytes),
            Outcome::Error { reply, id } => {
                out.extend_from_slice(&json(&reply.message(id.as_ref())))
            }
            Outcome::DropServerRequests {
                upstream_answers,
                client_error,
            } => {
                if let Some(answer) = &self.answer_upstream {
                    answer(upstream_answers);
                }
                if let Some(err) = client_error {
                    out.extend_from_slice(&json(&err.message(self.client_id.as_ref())));
                }
            }
        }
    }

    /// The error a client is sent, as plain JSON, when a JSON body grew past the response body limit.
    fn too_large(&self, out: &mut BytesMut) {
        let limit = self.snapshot.limits.response_body_bytes;
        if let Some(id) = &self.client_id {
            let msg = Reply::Failed(ProxyError::UpstreamTooLarge(limit)).message(Some(id));
            out.extend_from_slice(&serde_json::to_vec(&msg).unwrap_or_default());
        }
    }

    /// Takes one chunk of the body.
    fn take(
        self: &Arc<Self>,
        reading: &mut Reading,
        decoder: &mut Decoder,
        data: Bytes,
        out: &mut BytesMut,
        answered: &mut bool,
    ) -> Flow {
        let limit = usize::try_from(self.snapshot.limits.response_body_bytes).unwrap_or(usize::MAX);
        match reading {
            Reading::Sse => {
                decoder.push(&data);
                self.drain(decoder, out, answered)
            }
            Reading::Json(body) => {
                body.extend_from_slice(&data);
                if body.len() > limit {
                    self.too_large(out);
                    return Flow::End;
                }
                Flow::Go
            }
            Reading::Sniffing(head) => {
                // The usual first chunk starts an SSE field at once: it goes to the decoder without a copy here.
                if head.is_empty() {
                    if let Some(i) = headers::first_significant(&data, false) {
                        if headers::sniffed(data.get(i).copied()) == Sniffed::Sse {
                            *reading = Reading::Sse;
                            decoder.push(&data);
                            return self.drain(decoder, out, answered);
                        }
                    }
                }
                head.extend_from_slice(&data);
                let Some(i) = headers::first_significant(head, false) else {
                    if head.len() > limit {
                        self.too_large(out);
                        return Flow::End;
                    }
                    return Flow::Go;
                };
                match headers::sniffed(head.get(i).copied()) {
                    Sniffed::Json => {
                        *reading = Reading::Json(std::mem::take(head));
                        self.take(reading, decoder, Bytes::new(), out, answered)
                    }
                    _ => {
                        decoder.push(head);
                        *reading = Reading::Sse;
                        self.drain(decoder, out, answered)
                    }
                }
            }
        }
    }

    /// The end of the body: what is still held is judged, or given back when it is inert.
    fn end(
        self: &Arc<Self>,
        reading: &mut Reading,
        decoder: &mut Decoder,
        out: &mut BytesMut,
        answered: &mut bool,
    ) -> Flow {
        match std::mem::replace(reading, Reading::Sse) {
            Reading::Sniffing(head) => match headers::first_significant(&head, true) {
                // Nothing but whitespace: as it came.
                None => {
                    out.extend_from_slice(&head);
                    Flow::End
                }
                Some(i) if headers::sniffed(head.get(i).copied()) == Sniffed::Json => {
                    self.judge_whole(head.freeze(), out)
                }
                Some(_) => {
                    decoder.push(&head);
                    self.end_events(decoder, out, answered)
                }
            },
            Reading::Sse => self.end_events(decoder, out, answered),
            Reading::Json(body) => self.judge_whole(body.freeze(), out),
        }
    }

    /// A stream that ends before its upstream finished it: a JSON-RPC error for the client's call, unless it was
    /// answered (or is a GET stream, which answers no call), in the form the body was being read in.
    fn end_early(&self, why: EarlyEnd, reading: &Reading, answered: bool, out: &mut BytesMut) {
        let Some(id) = self.client_id.as_ref().filter(|_| !answered) else {
            return;
        };
        let why = match why {
            EarlyEnd::Broke => StreamEnd::Broke,
            EarlyEnd::Silent => StreamEnd::Silent(self.snapshot.limits.sse_idle_timeout.as_secs()),
            EarlyEnd::ShuttingDown => StreamEnd::ShuttingDown,
        };
        let msg = Reply::StreamEnded(why).message(Some(id));
        match reading {
            Reading::Json(_) => {
                out.extend_from_slice(&serde_json::to_vec(&msg).unwrap_or_default())
            }
            _ => out.extend_from_slice(&event_bytes(&msg)),
        }
    }

    /// A final event ended by a bare CR is complete only at the end. A trailing event without its blank line is
    /// never dispatched by SSE parsers: one holding data is dropped rather than forwarded unjudged; one without
    /// (the end of a text that is not SSE) goes out as it came.
    fn end_events(
        self: &Arc<Self>,
        decoder: &mut Decoder,
        out: &mut BytesMut,
        answered: &mut bool,
    ) -> Flow {
        decoder.end_input();
        match self.drain(decoder, out, answered) {
            Flow::Go => {
                if let Some(rest) = decoder.take_inert_rest() {
                    out.extend_from_slice(&rest);
                }
                Flow::End
            }
            other => other,
        }
    }
}

/// Whether the upstream has been silent for `idle_for` since `last_byte`, registering `cx` to be woken when it
/// would be. The timer is made at the first wait and moved only when it fires before the stream went quiet
/// for long enough, so a busy stream costs one clock read a chunk, not a timer update.
fn silent_too_long(
    idle: &mut Option<Pin<Box<tokio::time::Sleep>>>,
    last_byte: tokio::time::Instant,
    idle_for: std::time::Duration,
    cx: &mut TaskContext<'_>,
) -> bool {
    let due = last_byte + idle_for;
    let timer = idle.get_or_insert_with(|| Box::pin(tokio::time::sleep_until(due)));
    loop {
        if timer.as_mut().poll(cx).is_pending() {
            return false;
        }
        if tokio::time::Instant::now() >= due {
            return true;
        }
        timer.as_mut().reset(due);
    }
}

/// Where a flow leaves the filter: parked on a message, ended, or reading on.
fn follow(flow: Flow, parked: &mut Option<Parked>, done: &mut bool) {
    match flow {
        Flow::Go => {}
        Flow::End => *done = true,
        Flow::Park(p) => *parked = Some(p),
    }
}

impl Body for SseFilter {
    type Data = Bytes;
    type Error = BoxError;

    fn poll_frame(
        self: Pin<&mut Self>,
        cx: &mut TaskContext<'_>,
    ) -> Poll<Option<Result<Frame<Bytes>, BoxError>>> {
        let mut this = self.project();
        // Everything the upstream's chunks that are already here hold goes out in one frame: the body is read
        // until it has nothing ready (driving the upstream connection reads what it already received), so
        // events sent together cost the client's connection one chunk and one write, and none waits for
        // another that has not arrived.
        let mut out = BytesMut::new();
        let ready = |out: BytesMut| {
            if out.is_empty() {
                None
            } else {
                Some(Ok(Frame::data(out.freeze())))
            }
        };
        loop {
            // A message waiting for the shared store holds back everything after it.
            if let Some(parked) = this.parked.as_mut() {
                let Poll::Ready(outcome) = parked.wait.as_mut().poll(cx) else {
                    return if out.is_empty() {
                        Poll::Pending
                    } else {
                        Poll::Ready(ready(out))
                    };
                };
                let Some(parked) = this.parked.take() else {
                    continue;
                };
                let flow = this.shared.resume(
                    parked.then,
                    outcome,
                    this.decoder,
                    &mut out,
                    this.answered,
                    *this.ending,
                );
                follow(flow, this.parked, this.done);
                continue;
            }
            if *this.done {
                return Poll::Ready(ready(out));
            }
            match this.inner.as_mut().poll_frame(cx) {
                Poll::Pending => {
                    if !out.is_empty() {
                        return Poll::Ready(ready(out));
                    }
                    let closing = this.closing.get_or_insert_with(|| {
                        let mut rx = this.shared.closing.clone();
                        Box::pin(async move {
                            let _ = rx.wait_for(|closing| *closing).await;
                        })
                    });
                    let why = if closing.as_mut().poll(cx).is_ready() {
                        EarlyEnd::ShuttingDown
                    } else if silent_too_long(
                        this.idle,
                        *this.last_byte,
                        this.shared.snapshot.limits.sse_idle_timeout,
                        cx,
                    ) {
                        EarlyEnd::Silent
                    } else {
                        return Poll::Pending;
                    };
                    *this.done = true;
                    this.shared
                        .end_early(why, this.reading, *this.answered, &mut out);
                }
                Poll::Ready(None) => {
                    *this.ending = true;
                    let flow = this
                        .shared
                        .end(this.reading, this.decoder, &mut out, this.answered);
                    // The body is over whatever the flow says, once a parked message is out.
                    *this.done = true;
                    if let Flow::Park(p) = flow {
                        *this.parked = Some(p);
                    }
                }
                // The upstream broke: the client is told so for its call, and its body ends properly (a cut
                // connection would leave it guessing whether the stream was complete).
                Poll::Ready(Some(Err(e))) => {
                    tracing::debug!(error = %e, "upstream stream broke");
                    *this.done = true;
                    this.shared
                        .end_early(EarlyEnd::Broke, this.reading, *this.answered, &mut out);
                }
                Poll::Ready(Some(Ok(frame))) => {
                    let Ok(data) = frame.into_data() else {
                        continue;
                    };
                    *this.last_byte = tokio::time::Instant::now();
                    if out.capacity() == 0 {
                        out.reserve(FRAME_START_BYTES);
                    }
                    let flow =
                        this.shared
                            .take(this.reading, this.decoder, data, &mut out, this.answered);
                    follow(flow, this.parked, this.done);
                    if out.len() >= MAX_FRAME_BYTES {
                        return Poll::Ready(ready(out));
                    }
                }
            }
        }
    }

    fn is_end_stream(&self) -> bool {
        self.done && self.parked.is_none()
    }
}

impl Shared {
    /// Judges one whole JSON message (`json`, read whole and bounded by the caller) as one event of this stream,
    /// into `out`, exactly as an event the upstream sent would be: a call sent again with held answers (see
    /// [`crate::proxy::held`]) whose JSON answer continues a stream the client already reads. A line break in JSON
    /// is whitespace between tokens (never inside a string), so each line becomes a `data:` line and SSE's
    /// joining gives the same message back. Returns true when the stream must end after `out`.
    pub async fn judge_as_event(self: &Arc<Self>, json: &[u8], out: &mut BytesMut) -> bool {
        // Bounded by the message it holds, which the caller read within `limits.response_body_bytes`.
        let mut decoder = Decoder::new(usize::MAX);
        for line in json.split(|&b| b == b'\n' || b == b'\r') {
            decoder.push(b"data: ");
            decoder.push(line);
            decoder.push(b"\n");
        }
        decoder.push(b"\n");
        decoder.end_input();
        let mut answered = false;
        let mut flow = self.drain(&mut decoder, out, &mut answered);
        // On a shared store a message that asks waits for it; at most one message is here.
        while let Flow::Park(parked) = flow {
            let outcome = parked.wait.await;
            flow = self.resume(parked.then, outcome, &mut decoder, out, &mut answered, true);
        }
        matches!(flow, Flow::End)
    }
}
