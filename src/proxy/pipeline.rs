//! The request path, as a table of contents. [`handle`] runs the phases in order over one request's
//! [`Exchange`], each returning `Result<_, Reply>`; the first [`Reply`] ends the request, and [`record`]
//! writes its metrics and audit line once, at the end:
//!
//! admit ([`admit`]) → read and parse ([`read`]) → a place in flight ([`Slots::take`]) → identify
//! ([`identify`]) → the legacy session ([`session`]) → open the envelope ([`open_envelope`]) → check a legacy
//! answer ([`check_legacy_answer`]) → forward ([`forward`]) → filter the response ([`Answering`]: the one
//! filter of `sse`, for a JSON body and each SSE event alike) → record ([`record`]).

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Instant;

use bytes::Bytes;
use http::{header, HeaderValue, Method, Request, Response, StatusCode};
use http_body_util::{BodyExt, Full};
use hyper::body::Incoming;
use serde_json::Value;

use crate::config::{Route, Snapshot};
use crate::policy::Verdict;
use crate::proxy::body::{full, read_bounded, ProxyBody, ReadError};
use crate::proxy::enforce::Outcome;
use crate::proxy::error::ProxyError;
use crate::proxy::headers::{self, BodyKind};
use crate::proxy::record::Recorder;
use crate::proxy::reply::Reply;
use crate::proxy::retry;
use crate::proxy::sse::{Filtered, Shared, SseFilter, UpstreamAnswerer};
use crate::proxy::upstream::{Clients, UpstreamBody};
use crate::proxy::{Gateway, Live};
use crate::store::{AskLookup, Lookup, UseOnce};
use crate::telemetry::{MethodLabel, RequestOutcome, UpstreamErrorLabels};
use crate::wire::strict::parse_strict;
use crate::wire::{skim_request, ClientModes, Era, RequestInfo, Skimmed};

/// Header carrying the legacy session id.
const SESSION_HEADER: &str = "mcp-session-id";
/// Time allowed for answering a legacy server's blocked request.
const ANSWER_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(10);

/// One request's context: what the phases learned about it, for the reply and for [`record`].
struct Exchange {
    /// The route, once admitted.
    route: Option<Arc<Route>>,
    /// The client's JSON-RPC id, once read.
    id: Option<Value>,
    /// The method's metric label.
    method: MethodLabel,
    /// The era the request was read in.
    era: Era,
    /// Who sent it, once identified.
    principal: Option<Arc<str>>,
    /// How the request ended, for the request counter (set by the filter; a reply sets its own).
    outcome: RequestOutcome,
}

/// The client end of one connection, worked out once per connection instead of once per request.
pub struct Peer {
    /// Connected over TLS.
    tls: bool,
    /// The peer is a loopback address (the DNS-rebinding check treats such clients apart).
    loopback: bool,
    /// The peer's address as an `X-Forwarded-For` entry.
    forwarded_for: Option<HeaderValue>,
}

impl Peer {
    /// The peer at `addr`, over TLS or not.
    pub fn new(addr: SocketAddr, tls: bool) -> Peer {
        let ip = addr.ip().to_canonical();
        Peer {
            tls,
            loopback: ip.is_loopback(),
            forwarded_for: HeaderValue::from_str(&ip.to_string()).ok(),
        }
    }
}

/// Serves one client request. Never fails: a [`Reply`] becomes the response here, and the request is
/// recorded once.
pub async fn handle(
    gw: Arc<Gateway>,
    req: Request<Incoming>,
    peer: Arc<Peer>,
) -> Response<ProxyBody> {
    let started = Instant::now();
    let live = gw.live.load_full();
    let mut ex = Exchange {
        route: None,
        id: None,
        method: MethodLabel::NONE,
        era: Era::Modern,
        principal: None,
        outcome: RequestOutcome::Ok,
    };
    let result = proxy(&gw, &live, req, &peer, &mut ex).await;
    record(&gw, &live, &mut ex, result.as_ref().err(), started);
    result.unwrap_or_else(|reply| reply.response(ex.id.as_ref()))
}

/// The phases, in order. The warning pages are the gateway's own, on every listener.
async fn proxy(
    gw: &Arc<Gateway>,
    live: &Live,
    req: Request<Incoming>,
    peer: &Peer,
    ex: &mut Exchange,
) -> Result<Response<ProxyBody>, Reply> {
    let (snap, clients) = (&live.snapshot, &live.clients);
    if req.method() == Method::GET
        && req
            .uri()
            .path()
            .starts_with(crate::proxy::links::LINK_PREFIX)
    {
        return Ok(crate::proxy::links::serve(snap, req.uri().path()));
    }
    let route = admit(snap, &req, peer)?;
    ex.route = Some(route.clone());
    let (mut parts, body) = req.into_parts();
    let read = read(snap, &parts, body).await?;
    let info = read.skimmed.info;
    ex.id = info.id.clone();
    ex.method = MethodLabel::of(info.method.as_deref());
    ex.era = info.era;
    // A place among the requests in flight, on the route and in all, taken once the request is read: a client
    // trickling its body holds none, and one route whose upstream hangs holds at most its own share.
    let permit = Slots::take(gw, &route)?;
    let principal = identify(gw, &route, &parts.headers).await?;
    ex.principal = Some(principal.clone());
    let session = session(gw, &parts.headers, &info, &principal).await?;
    let opened = open_envelope(
        gw,
        snap,
        &route,
        &info,
        &principal,
        read.body,
        read.skimmed.carries_retry,
        read.skimmed.canonical_params,
    )
    .await?;
    check_legacy_answer(
        gw,
        snap,
        clients,
        &route,
        &info,
        &session,
        &parts,
        &opened.body,
    )
    .await?;
    let monitor = route.monitor;
    let sealer = (!monitor && parts.method == Method::POST).then(|| retry::Sealer {
        keyring: snap.keyring.clone(),
        route: route.name.clone(),
        principal: principal.clone(),
        // Read nowhere after this: moved, not copied.
        method: info.method.clone().unwrap_or_default(),
        params_digest: opened.digest,
        prev_round: opened.prev_round,
        max_rounds: snap.limits.max_rounds,
        ttl_seconds: snap.state_ttl_seconds,
        counter: retry::Counter::for_store(&gw.store, snap.rate),
        legacy_rounds: std::sync::atomic::AtomicU32::new(0),
        metrics: gw.metrics.clone(),
    });
    if parts.method == Method::DELETE {
        if let Some(sid) = &session.id {
            // A failure is counted and logged by the store; the session then ends by its idle expiry.
            let _ = gw.store.session_remove(sid).await;
        }
    }
    let forwarded = forward(
        gw,
        live,
        &route,
        &info,
        ex,
        peer,
        &principal,
        &mut parts,
        opened.body,
        opened.unsolicited,
        session.id.is_some(),
    )
    .await?;
    let Forwarded {
        rparts,
        rbody,
        upstream_uri,
        answer_headers,
        deadline,
        held,
    } = forwarded;
    // A legacy initialize that opened a session: remember what the client declared, and who opened it.
    if info.method.as_deref() == Some("initialize") {
        if let Some(sid) = rparts
            .headers
            .get(SESSION_HEADER)
            .and_then(|v| v.to_str().ok())
        {
            // A session the store could not record is unknown later: its elicitations are judged undeclared and
            // its answers refused (fail closed); the failure is counted and logged by the store.
            let _ = gw
                .store
                .session_open(sid, info.declared.unwrap_or_default(), &principal)
                .await;
        }
    }
    if let Some(enc) = headers::content_encoding(&rparts.headers) {
        return Err(ProxyError::UpstreamEncoding(enc).into());
    }
    // Filter the response: read as widely as any client reads it.
    let answering = Answering {
        gw,
        snap,
        clients,
        route: &route,
        info: &info,
        modes: session.modes,
        monitor,
        recorder: recorder_for(
            gw,
            live,
            &route,
            info.era,
            ex.method.as_str(),
            &principal,
            monitor,
        ),
        sealer,
        session_id: session.id,
        upstream_uri,
        answer_headers,
        deadline,
        held,
    };
    let is_get = parts.method == Method::GET;
    match headers::body_kind(is_get, &rparts.headers) {
        BodyKind::Json => answering.json(rparts, rbody, ex, permit).await,
        BodyKind::Stream => Ok(answering.stream(rparts, rbody, permit)),
    }
}

/// Admit: a route serves the path, and the request's `Host` and `Origin` are allowed on it.
fn admit(snap: &Snapshot, req: &Request<Incoming>, peer: &Peer) -> Result<Arc<Route>, Reply> {
    let route = snap
        .route_for(req.uri().path())
        .cloned()
        .ok_or(ProxyError::NoRoute)?;
    route
        .origin
        .check(req.headers(), req.uri(), peer.loopback)
        .map_err(ProxyError::Forbidden)?;
    Ok(route)
}

/// A request read: its body and what the skim learned of it.
struct Read {
    body: Bytes,
    skimmed: Skimmed,
}

/// Read and parse: the gateway must know the era, the method, the id and the declared modes. Most bodies are
/// plain calls: the skim reads what routing and policy need without building a tree, and the whole body is
/// parsed later only where the gateway must look further (a retry, a legacy answer, sealing).
async fn read(
    snap: &Snapshot,
    parts: &http::request::Parts,
    body: Incoming,
) -> Result<Read, Reply> {
    // The body gets the same allowance as the headers: a client trickling its body would otherwise hold a
    // place among the requests in flight for as long as it likes.
    let read = read_bounded(body, snap.limits.request_body_bytes);
    let body = match tokio::time::timeout(snap.limits.header_read_timeout, read).await {
        Err(_) => return Err(ProxyError::RequestTimeout.into()),
        Ok(Ok(b)) => b,
        Ok(Err(ReadError::TooLarge)) => {
            return Err(ProxyError::RequestTooLarge(snap.limits.request_body_bytes).into())
        }
        Ok(Err(ReadError::Failed)) => return Err(ProxyError::RequestRead.into()),
    };
    let header_version = parts
        .headers
        .get("mcp-protocol-version")
        .and_then(|v| v.to_str().ok());
    let skimmed = if parts.method == Method::POST {
        skim_request(&body, header_version).map_err(|e| ProxyError::BadRequest(e.to_string()))?
    } else {
        Skimmed {
            info: RequestInfo::unclassified(false),
            carries_retry: false,
            canonical_params: crate::state::canonical_params(None),
        }
    };
    if skimmed.info.is_batch && batch_needs_checks(&body)? {
        return Err(ProxyError::BadRequest(
            "a batch cannot carry answers or retries; send each as its own message".into(),
        )
        .into());
    }
    Ok(Read { body, skimmed })
}

/// The legacy session a request names: its id, and what its client declared.
struct Session {
    id: Option<String>,
    modes: ClientModes,
}

/// Session: what the client declared (in the body, or at a legacy session's initialize) and whether the
/// session is the principal's own. The owner check runs whatever era the body claims: the body's `_meta` is
/// the client's word, while the session id travels in a header the upstream may route by (Python's SDK picks
/// the era from the header alone), so a "modern" body on another user's session would still act inside it.
async fn session(
    gw: &Gateway,
    headers: &http::HeaderMap,
    info: &RequestInfo,
    principal: &str,
) -> Result<Session, Reply> {
    let id = headers
        .get(SESSION_HEADER)
        .and_then(|v| v.to_str().ok())
        .map(str::to_owned);
    let lookup = match id.as_deref() {
        // Who opened the session cannot be checked without the store: the request is refused (fail closed).
        Some(sid) => Some(
            gw.store
                .session_lookup(sid, principal)
                .await
                .map_err(|_| ProxyError::StoreUnavailable)?,
        ),
        None => None,
    };
    let modes = match (info.era, lookup) {
        (_, Some(Lookup::OtherPrincipal)) => return Err(Reply::SessionOfAnother),
        (Era::Modern, _) => info.declared.unwrap_or_default(),
        (Era::Legacy, Some(Lookup::Known(m))) => m,
        // Unknown session, or none: nothing is assumed declared (fail closed).
        (Era::Legacy, _) => ClientModes::default(),
    };
    Ok(Session { id, modes })
}

/// What opening a retry's envelope gave the rest of the request.
struct Opened {
    /// The body to forward (the upstream's own state given back, when the call was a retry).
    body: Bytes,
    /// `inputResponses` the call carried without a `requestState`, removed from it and held (see `held`).
    unsolicited: Option<Value>,
    /// The round of the envelope the retry carried (0 on a first call).
    prev_round: u32,
    /// The digest of the call's params, bound into the envelope a response is sealed with.
    digest: retry::ParamsDigest,
}

/// Open the envelope: a retry's `requestState` is opened and checked, its answers judged against what was
/// asked, its single use recorded; the upstream gets its own state back. Whatever era the body claims and
/// whatever its method: `inputResponses` and `requestState` are retry-only members, and an upstream may act
/// on them on any request (SDKs read them from the params, not from the version). Unchecked, they would
/// carry unjudged answers and the upstream's own unsealed state; the envelope's method binding keeps a retry
/// to the method that was asked.
#[allow(clippy::too_many_arguments)]
async fn open_envelope(
    gw: &Gateway,
    snap: &Snapshot,
    route: &Route,
    info: &RequestInfo,
    principal: &str,
    body: Bytes,
    carries_retry: bool,
    canonical_params: Vec<u8>,
) -> Result<Opened, Reply> {
    // The canonical params the read wrote, hashed only if a response is sealed.
    let digest = retry::ParamsDigest::of_canonical(canonical_params);
    if route.monitor || !carries_retry {
        return Ok(Opened {
            body,
            unsolicited: None,
            prev_round: 0,
            digest,
        });
    }
    let request = parse_strict(&body).map_err(|e| ProxyError::BadRequest(e.to_string()))?;
    let method = info.method.as_deref().unwrap_or_default();
    let verifiers = retry::Verifiers {
        keyring: &snap.keyring,
        secret: &snap.engine.secret,
    };
    let checked = retry::check_request(
        &request,
        method,
        &route.name,
        principal,
        verifiers,
        retry::now_unix(),
    )
    .map_err(refusal)?;
    // Single use, cluster-wide on a shared store: recorded last, once every other check passed.
    if let Some((id, expires_at)) = &checked.use_once {
        match gw.store.use_once(id, *expires_at, retry::now_unix()).await {
            Ok(()) => {}
            Err(UseOnce::Refused(e)) => return Err(refusal(retry::Refusal::Envelope(e.as_str()))),
            Err(UseOnce::Unavailable) => return Err(refusal(retry::Refusal::StoreUnavailable)),
        }
    }
    Ok(Opened {
        body: checked.new_body.unwrap_or(body),
        unsolicited: checked.unsolicited,
        prev_round: checked.round,
        digest: retry::ParamsDigest::known(checked.params_digest),
    })
}

/// The reply to a refused retry: -32602 for an envelope (the reason goes to the audit log and a metric
/// only), -32013 when the store could not record its use, -32012 for answers (the rules, never the values).
fn refusal(refusal: retry::Refusal) -> Reply {
    let incident = crate::telemetry::incident_id();
    match refusal {
        retry::Refusal::Envelope(reason) => Reply::EnvelopeRefused { reason, incident },
        retry::Refusal::StoreUnavailable => Reply::ReplayUnchecked { incident },
        retry::Refusal::Answers(findings) => answers_refused(&findings, incident),
    }
}

/// The reply to refused answers: the first blocking finding's message and every rule once.
fn answers_refused(findings: &[crate::policy::Finding], incident: String) -> Reply {
    let mut rules: Vec<String> = Vec::new();
    for f in findings {
        if !rules.contains(&f.rule) {
            rules.push(f.rule.clone());
        }
    }
    let why = findings
        .first()
        .map(|f| f.message.clone())
        .unwrap_or_else(|| "the answers do not match what was asked".to_owned());
    Reply::AnswersRefused {
        why,
        rules,
        incident,
    }
}

/// A legacy client's answer to a server's form question is checked against the schema that was asked. A
/// refused answer ends the request, and the server, which still waits for an answer, gets a refusal
/// instead of the user's content.
#[allow(clippy::too_many_arguments)]
async fn check_legacy_answer(
    gw: &Gateway,
    snap: &Snapshot,
    clients: &Clients,
    route: &Arc<Route>,
    info: &RequestInfo,
    session: &Session,
    parts: &http::request::Parts,
    body: &Bytes,
) -> Result<(), Reply> {
    let Some(sid) = &session.id else {
        return Ok(());
    };
    if route.monitor || info.era != Era::Legacy || !info.is_response {
        return Ok(());
    }
    let response = parse_strict(body).map_err(|e| ProxyError::BadRequest(e.to_string()))?;
    let Some(id) = response.get("id") else {
        return Ok(());
    };
    let key = match id {
        Value::String(s) => s.clone(),
        other => other.to_string(),
    };
    let unchecked = |pointer: &str, why: &str| {
        Some(vec![crate::policy::Finding::block(
            "answer.unchecked",
            pointer,
            why,
        )])
    };
    let findings = match gw.store.take_asked(sid, &key).await {
        // The store cannot say what was asked: the answer cannot be checked, so it does not pass.
        Err(_) => unchecked(
            "/result",
            "The gateway's state store is unavailable, so the question this answers could not be found and the answer could not be checked.",
        ),
        Ok(AskLookup::Form(schema)) => {
            legacy_answer_findings(&response, &key, schema, &snap.engine.secret)
        }
        // The gateway forwarded the form and dropped it (the server asked too many at once): the answer
        // cannot be checked, so it does not pass.
        Ok(AskLookup::Forgotten) => unchecked(
            "/result",
            "The gateway no longer holds the question this answers (the server asked too many at once), so the answer could not be checked.",
        ),
        // An id a server may read as a number the gateway cannot: the question is unknown.
        Ok(AskLookup::UnreadableId) => unchecked(
            "/id",
            "The answer's id holds characters the gateway cannot read, so the question it answers could not be found and the answer could not be checked.",
        ),
        Ok(AskLookup::NotAForm) => None,
    };
    let Some(findings) = findings else {
        return Ok(());
    };
    answerer(
        clients.clone(),
        route.clone(),
        upstream_uri(route, &parts.uri)?,
        sid.clone(),
        &parts.headers,
        snap.limits.upstream_timeout,
    )(vec![Reply::AnswerRefusedForUser.message(Some(id))]);
    Err(answers_refused(&findings, crate::telemetry::incident_id()))
}

/// What forwarding gave back: the upstream's response head and body, and what filtering it needs.
struct Forwarded {
    rparts: http::response::Parts,
    rbody: UpstreamBody,
    upstream_uri: http::Uri,
    /// The client's headers, kept for answering a legacy server's blocked requests (empty without a session).
    answer_headers: http::HeaderMap,
    /// When the upstream's answer must be in: its head, and a body read whole.
    deadline: tokio::time::Instant,
    /// Answers the client sent unasked, held until the server asks (see `held`).
    held: Option<Box<crate::proxy::held::Held>>,
}

/// Forward: the request goes to the upstream with the gateway's headers, under one deadline for the
/// response head and, where it is read whole, the body.
#[allow(clippy::too_many_arguments)]
async fn forward(
    gw: &Arc<Gateway>,
    live: &Live,
    route: &Arc<Route>,
    info: &RequestInfo,
    ex: &Exchange,
    peer: &Peer,
    principal: &str,
    parts: &mut http::request::Parts,
    body: Bytes,
    unsolicited: Option<Value>,
    legacy_session: bool,
) -> Result<Forwarded, Reply> {
    let (snap, clients) = (&live.snapshot, &live.clients);
    let upstream_uri = upstream_uri(route, &parts.uri)?;
    headers::to_upstream(&mut parts.headers, peer.forwarded_for.as_ref(), peer.tls);
    let held = unsolicited.map(|answers| {
        let resend = crate::proxy::held::Resend {
            clients: clients.clone(),
            route: route.clone(),
            uri: upstream_uri.clone(),
            headers: parts.headers.clone(),
            body: body.clone(),
            timeout: snap.limits.upstream_timeout,
        };
        let recorder = recorder_for(
            gw,
            live,
            route,
            info.era,
            ex.method.as_str(),
            principal,
            false,
        );
        crate::proxy::held::Held::new(
            answers,
            resend,
            gw.clone(),
            snap.clone(),
            recorder,
            info.id.clone(),
        )
    });
    let mut up = Request::builder()
        .method(parts.method.clone())
        .uri(upstream_uri.clone())
        .body(Full::new(body))
        .map_err(|_| ProxyError::UpstreamBroken)?;
    // The headers move to the upstream request; a legacy session keeps a copy for answering the server's
    // blocked requests with the client's credentials (`answerer` takes what it needs from them).
    let answer_headers = if legacy_session {
        parts.headers.clone()
    } else {
        http::HeaderMap::new()
    };
    *up.headers_mut() = std::mem::take(&mut parts.headers);
    let deadline = tokio::time::Instant::now() + snap.limits.upstream_timeout;
    let resp = clients
        .send(route, up, snap.limits.upstream_timeout)
        .await?;
    let (mut rparts, rbody) = resp.into_parts();
    // The client's connection has its own version; an HTTP/1.0 upstream must not downgrade it.
    rparts.version = http::Version::HTTP_11;
    Ok(Forwarded {
        rparts,
        rbody,
        upstream_uri,
        answer_headers,
        deadline,
        held,
    })
}

/// Record: the request counter, and for a request the gateway answered itself, its metrics and audit line.
/// The one place a request's end is recorded (a judged message is recorded by the filter as it goes out).
fn record(gw: &Gateway, live: &Live, ex: &mut Exchange, reply: Option<&Reply>, started: Instant) {
    if let Some(reply) = reply {
        ex.outcome = match reply {
            Reply::Failed(ProxyError::Overloaded) => RequestOutcome::Shed,
            Reply::Failed(e) if e.upstream_kind().is_some() => RequestOutcome::UpstreamError,
            Reply::EnvelopeRefused { .. }
            | Reply::ReplayUnchecked { .. }
            | Reply::AnswersRefused { .. } => RequestOutcome::Rejected,
            _ => RequestOutcome::ClientError,
        };
        if let (Reply::Failed(e), Some(route)) = (reply, &ex.route) {
            if let Some(kind) = e.upstream_kind() {
                gw.metrics
                    .upstream_errors
                    .get_or_create(&UpstreamErrorLabels {
                        route: route.name.to_string(),
                        kind,
                    })
                    .inc();
            }
        }
        audit_refusal(gw, live, ex, reply);
    }
    // The request ran on `live`'s snapshot, so its route's handles are at its index there.
    let counters = ex
        .route
        .as_ref()
        .and_then(|r| live.route_metrics.get(r.index))
        .map_or(&gw.unrouted, |m| &**m);
    counters.request(
        &gw.metrics,
        ex.method,
        ex.outcome,
        started.elapsed().as_secs_f64(),
    );
}

/// The metric and audit line of a refused retry or answer.
fn audit_refusal(gw: &Gateway, live: &Live, ex: &Exchange, reply: &Reply) {
    let (Some(route), Some(principal)) = (&ex.route, &ex.principal) else {
        return;
    };
    let recorder = || {
        recorder_for(
            gw,
            live,
            route,
            ex.era,
            ex.method.as_str(),
            principal,
            false,
        )
    };
    match reply {
        Reply::EnvelopeRefused { reason, incident } => {
            gw.metrics
                .envelope_rejections
                .get_or_create(&crate::telemetry::ReasonLabels { reason })
                .inc();
            recorder().event(
                "envelope",
                Verdict::Block,
                vec![format!("state.{reason}")],
                incident,
            );
        }
        Reply::ReplayUnchecked { incident } => {
            gw.metrics
                .envelope_rejections
                .get_or_create(&crate::telemetry::ReasonLabels {
                    reason: "unavailable",
                })
                .inc();
            recorder().event(
                "envelope",
                Verdict::Block,
                vec!["state.unavailable".to_owned()],
                incident,
            );
        }
        Reply::AnswersRefused {
            rules, incident, ..
        } => {
            for rule in rules {
                gw.metrics
                    .answers_refused
                    .get_or_create(&crate::telemetry::RuleLabels { rule: rule.clone() })
                    .inc();
            }
            recorder().event("answers", Verdict::Block, rules.clone(), incident);
        }
        _ => {}
    }
}

/// What filtering a response needs of the request it answers.
struct Answering<'a> {
    gw: &'a Arc<Gateway>,
    snap: &'a Arc<Snapshot>,
    clients: &'a Clients,
    route: &'a Arc<Route>,
    info: &'a RequestInfo,
    modes: ClientModes,
    monitor: bool,
    recorder: Recorder,
    /// Round budgets, rate limits and sealing (None in monitor mode and on other methods than POST).
    sealer: Option<retry::Sealer>,
    /// The legacy session id the client sent.
    session_id: Option<String>,
    upstream_uri: http::Uri,
    /// The client's headers, kept for answering a legacy server's blocked requests (empty without a session).
    answer_headers: http::HeaderMap,
    /// When the upstream's answer must be in: its head, and a body read whole.
    deadline: tokio::time::Instant,
    /// Answers the client sent unasked, held until the server asks (see `held`).
    held: Option<Box<crate::proxy::held::Held>>,
}

impl Answering<'_> {
    /// Filters a body as it streams to the client: event by event, or whole when it is a JSON document.
    fn stream(
        self,
        mut rparts: http::response::Parts,
        rbody: UpstreamBody,
        permit: Slots,
    ) -> Response<ProxyBody> {
        let Answering {
            gw,
            snap,
            clients,
            route,
            info,
            modes,
            monitor,
            recorder,
            sealer,
            session_id,
            upstream_uri,
            answer_headers,
            held,
            ..
        } = self;
        headers::to_client(&mut rparts.headers, true);
        let answer_upstream = session_id.clone().map(|sid| {
            answerer(
                clients.clone(),
                route.clone(),
                upstream_uri,
                sid,
                &answer_headers,
                snap.limits.upstream_timeout,
            )
        });
        let shared = Arc::new(Shared {
            snapshot: snap.clone(),
            route: route.clone(),
            modes,
            monitor,
            client_id: info.id.clone(),
            recorder,
            answer_upstream,
            // A stream may stay open for hours: the sealer must not pin the request's read buffer.
            sealer: sealer.map(|s| Arc::new(s.for_stream())),
            session: session_id.filter(|_| info.era == Era::Legacy),
            store: gw.store.clone(),
            closing: gw.closing.subscribe(),
        });
        if let Some(held) = held {
            // The call's answer is watched for what the held answers answer; the permit lives as below.
            let filtered = SseFilter::new(rbody, shared.clone());
            let body = PermitBody {
                inner: crate::proxy::held::HeldStream::new(filtered, held, shared),
                _permit: permit,
            };
            return Response::from_parts(rparts, body.boxed_unsync());
        }
        let filtered = SseFilter::new(rbody, shared);
        // The permit lives as long as the stream: open streams count against the concurrency limit.
        let body = PermitBody {
            inner: filtered,
            _permit: permit,
        };
        Response::from_parts(rparts, body.boxed_unsync())
    }

    /// Reads a body whole and judges it as one JSON message (or batch).
    async fn json(
        self,
        mut rparts: http::response::Parts,
        rbody: UpstreamBody,
        ex: &mut Exchange,
        permit: Slots,
    ) -> Result<Response<ProxyBody>, Reply> {
        let Answering {
            gw,
            snap,
            clients,
            route,
            info,
            modes,
            monitor,
            recorder,
            sealer,
            session_id,
            upstream_uri,
            answer_headers,
            deadline,
            held,
        } = self;
        let limit = snap.limits.response_body_bytes;
        let bytes = match tokio::time::timeout_at(deadline, read_bounded(rbody, limit)).await {
            Err(_) => return Err(ProxyError::UpstreamTimeout.into()),
            Ok(Err(ReadError::TooLarge)) => return Err(ProxyError::UpstreamTooLarge(limit).into()),
            Ok(Err(ReadError::Failed)) => return Err(ProxyError::UpstreamBroken.into()),
            Ok(Ok(b)) => b,
        };
        // The same filter as a stream's events: decided, sealed, recorded, its legacy questions remembered.
        let shared = Arc::new(Shared {
            snapshot: snap.clone(),
            route: route.clone(),
            modes,
            monitor,
            client_id: info.id.clone(),
            recorder,
            // A refused legacy question is answered below, with this request's headers.
            answer_upstream: None,
            sealer: sealer.map(Arc::new),
            session: session_id.clone().filter(|_| info.era == Era::Legacy),
            store: gw.store.clone(),
            closing: gw.closing.subscribe(),
        });
        let Filtered {
            outcome,
            verdict,
            limited,
        } = shared.filter_body(&bytes).await;
        if limited {
            ex.outcome = RequestOutcome::Blocked;
        }
        if let Some(verdict) = verdict {
            ex.outcome = match verdict {
                Verdict::Block if !monitor => RequestOutcome::Blocked,
                Verdict::Rewrite if !monitor => RequestOutcome::Rewritten,
                _ => RequestOutcome::Ok,
            };
        }
        // Answers the client sent unasked: if this asks what they answer and they pass as a retry with its
        // envelope would, the call goes again with them, and the client gets that response instead (once).
        let retry = match (held, shared.sealer.as_deref()) {
            (Some(h), Some(s)) => {
                crate::proxy::held::message_of(&outcome).and_then(|msg| h.retry_for(&msg, s))
            }
            _ => None,
        };
        if let Some(retry) = retry {
            let deadline = tokio::time::Instant::now() + snap.limits.upstream_timeout;
            let (rparts, rbody, sealer) = retry.send().await?;
            let again = Answering {
                gw,
                snap,
                clients,
                route,
                info,
                modes,
                monitor,
                recorder: shared.recorder.clone(),
                sealer: Some(sealer),
                session_id,
                upstream_uri,
                answer_headers,
                deadline,
                held: None,
            };
            return match headers::body_kind(false, &rparts.headers) {
                BodyKind::Json => Box::pin(again.json(rparts, rbody, ex, permit)).await,
                BodyKind::Stream => Ok(again.stream(rparts, rbody, permit)),
            };
        }
        match outcome {
            Outcome::Original => {
                headers::to_client(&mut rparts.headers, false);
                Ok(Response::from_parts(rparts, full(bytes)))
            }
            Outcome::Replace(v) => {
                headers::to_client(&mut rparts.headers, true);
                let out = Bytes::from(serde_json::to_vec(&v).unwrap_or_default());
                Ok(Response::from_parts(rparts, full(out)))
            }
            Outcome::Sealed(out) => {
                headers::to_client(&mut rparts.headers, true);
                Ok(Response::from_parts(rparts, full(Bytes::from(out))))
            }
            Outcome::Error { reply, id } => Ok(reply.response(id.as_ref())),
            Outcome::DropServerRequests {
                upstream_answers,
                client_error,
            } => {
                if let Some(sid) = session_id {
                    answerer(
                        clients.clone(),
                        route.clone(),
                        upstream_uri,
                        sid,
                        &answer_headers,
                        snap.limits.upstream_timeout,
                    )(upstream_answers);
                }
                match client_error {
                    Some(e) => Ok(e.in_body(info.id.as_ref())),
                    None => {
                        let mut r = Response::new(full(Bytes::new()));
                        *r.status_mut() = StatusCode::ACCEPTED;
                        Ok(r)
                    }
                }
            }
        }
    }
}

/// A request's places among the requests in flight: its route's and the gateway's. Held until the response
/// ends (a stream's, for as long as it streams).
struct Slots {
    _route: tokio::sync::OwnedSemaphorePermit,
    _global: tokio::sync::OwnedSemaphorePermit,
}

impl Slots {
    /// Both places, or [`ProxyError::Overloaded`] (503) when the route's or the gateway's are all taken.
    fn take(gw: &Gateway, route: &Route) -> Result<Slots, Reply> {
        let route = route.slots.clone().try_acquire_owned();
        let global = gw.inflight.clone().try_acquire_owned();
        match (route, global) {
            (Ok(r), Ok(g)) => Ok(Slots {
                _route: r,
                _global: g,
            }),
            _ => Err(ProxyError::Overloaded.into()),
        }
    }
}

/// The principal of a request without a verified bearer token: one string for all of them, so a request
/// takes a reference count rather than an allocation.
static ANONYMOUS: std::sync::LazyLock<Arc<str>> =
    std::sync::LazyLock::new(|| Arc::from("anonymous"));

/// Identify: the principal is the issuer and subject of a verified bearer JWT, or `anonymous` on routes
/// without identity. An invalid token is refused even where identity is optional: it is never anonymous.
async fn identify(
    gw: &Gateway,
    route: &Route,
    headers: &http::HeaderMap,
) -> Result<Arc<str>, Reply> {
    use crate::identity::{bearer_from_headers, www_authenticate, IdentityError};
    let Some(id) = &route.identity else {
        return Ok(ANONYMOUS.clone());
    };
    let refuse = |e: IdentityError| {
        gw.metrics
            .identity_failures
            .get_or_create(&crate::telemetry::ReasonLabels { reason: e.as_str() })
            .inc();
        Reply::from(ProxyError::Unauthorized(www_authenticate(
            id.resource_metadata.as_deref(),
            &e,
        )))
    };
    match bearer_from_headers(headers) {
        Ok(Some(token)) => id
            .verifier
            .verify_or_refresh(token)
            .await
            .map(|p| Arc::from(p.to_string()))
            .map_err(refuse),
        Ok(None) if id.required => Err(refuse(IdentityError::Missing)),
        Ok(None) => Ok(ANONYMOUS.clone()),
        Err(e) => Err(refuse(e)),
    }
}

/// Whether a batch body holds a client answer or a retry. Both are checked one message at a time (the
/// legacy answer check, the envelope), which a batch would slip past, so such a batch is refused; batches
/// of plain calls pass as before. A body the strict parser refuses is a bad request.
fn batch_needs_checks(body: &[u8]) -> Result<bool, Reply> {
    let batch = parse_strict(body).map_err(|e| ProxyError::BadRequest(e.to_string()))?;
    let needs = |m: &Value| {
        let is_response =
            m.get("method").is_none() && (m.get("result").is_some() || m.get("error").is_some());
        let is_retry = m
            .get("params")
            .and_then(Value::as_object)
            .is_some_and(|p| p.contains_key("requestState") || p.contains_key("inputResponses"));
        is_response || is_retry
    };
    Ok(batch
        .as_array()
        .is_some_and(|items| items.iter().any(needs)))
}

/// Blocking findings on a legacy answer (`{"result": ElicitResult}`), or None when it is fine.
fn legacy_answer_findings(
    response: &Value,
    key: &str,
    schema: Value,
    secret: &crate::policy::secret::SecretPolicy,
) -> Option<Vec<crate::policy::Finding>> {
    let mut result = response.get("result").cloned()?;
    // The 2025-11-25 ElicitResult extends Result: `_meta` is allowed there and says nothing about the answer.
    if let Some(o) = result.as_object_mut() {
        o.remove("_meta");
    }
    let asked = vec![(key.to_owned(), crate::state::Asked::form(&schema))];
    let mut map = serde_json::Map::new();
    map.insert(key.to_owned(), result.clone());
    let mut findings =
        crate::policy::answers::check_input_responses(&asked, &Value::Object(map), "/result");
    if let Some(content) = result.get("content") {
        findings.extend(secret.judge_content(content, &schema, "/result/content"));
    }
    findings.retain(|f| f.action == crate::policy::Action::Block);
    (!findings.is_empty()).then_some(findings)
}

/// The recorder of one request's decisions.
#[allow(clippy::too_many_arguments)]
fn recorder_for(
    gw: &Gateway,
    live: &Live,
    route: &Arc<Route>,
    era: Era,
    method: &'static str,
    principal: &str,
    monitor: bool,
) -> Recorder {
    Recorder {
        metrics: gw.metrics.clone(),
        audit: gw.audit.clone(),
        route: route.clone(),
        route_metrics: live.metrics_of(route),
        era,
        method,
        principal: principal.to_owned(),
        monitor,
    }
}

/// The upstream URI for a client URI under the route.
fn upstream_uri(route: &Route, uri: &http::Uri) -> Result<http::Uri, Reply> {
    let pq = route.upstream_path_and_query(uri.path(), uri.query());
    let mut parts = route.upstream_origin.clone().into_parts();
    parts.path_and_query = Some(
        pq.parse()
            .map_err(|_| ProxyError::BadRequest("the path cannot be forwarded".into()))?,
    );
    http::Uri::from_parts(parts)
        .map_err(|_| ProxyError::BadRequest("the path cannot be forwarded".into()).into())
}

/// Builds the function that answers a legacy server's blocked requests: a POST of JSON-RPC error responses
/// with the session id, off the data path, bounded by a timeout, failures only logged (the server times out
/// its own request anyway).
fn answerer(
    clients: Clients,
    route: Arc<Route>,
    uri: http::Uri,
    session: String,
    client_headers: &http::HeaderMap,
    timeout: std::time::Duration,
) -> UpstreamAnswerer {
    let mut base = http::HeaderMap::new();
    for name in [
        header::AUTHORIZATION,
        header::HeaderName::from_static("mcp-protocol-version"),
    ] {
        if let Some(v) = client_headers.get(&name) {
            // A copy, not a clone: a clone shares the connection's read buffer, which the answerer (alive as long
            // as a legacy stream) would otherwise keep.
            base.insert(
                name,
                HeaderValue::from_bytes(v.as_bytes()).unwrap_or_else(|_| v.clone()),
            );
        }
    }
    Arc::new(move |answers: Vec<Value>| {
        for answer in answers {
            let clients = clients.clone();
            let route = route.clone();
            let uri = uri.clone();
            let mut headers = base.clone();
            if let Ok(v) = HeaderValue::from_str(&session) {
                headers.insert(SESSION_HEADER, v);
            }
            headers.insert(
                header::CONTENT_TYPE,
                HeaderValue::from_static("application/json"),
            );
            headers.insert(
                header::ACCEPT,
                HeaderValue::from_static("application/json, text/event-stream"),
            );
            tokio::spawn(async move {
                let body = Bytes::from(serde_json::to_vec(&answer).unwrap_or_default());
                let Ok(mut req) = Request::builder()
                    .method(Method::POST)
                    .uri(uri)
                    .body(Full::new(body))
                else {
                    return;
                };
                *req.headers_mut() = headers;
                match clients.send(&route, req, timeout.min(ANSWER_TIMEOUT)).await {
                    Ok(resp) => {
                        let _ = resp.into_body().collect().await;
                    }
                    Err(e) => {
                        tracing::warn!(error = %e, route = %route.name, "could not answer the upstream's blocked request")
                    }
                }
            });
        }
    })
}

pin_project_lite::pin_project! {
    /// A body that holds a concurrency permit until it is dropped.
    struct PermitBody<B> {
        #[pin]
        inner: B,
        _permit: Slots,
    }
}

impl<B: http_body::Body> http_body::Body for PermitBody<B> {
    type Data = B::Data;
    type Error = B::Error;

    fn poll_frame(
        self: std::pin::Pin<&mut Self>,
        cx: &mut std::task::Context<'_>,
    ) -> std::task::Poll<Option<Result<http_body::Frame<B::Data>, B::Error>>> {
        self.project().inner.poll_frame(cx)
    }

    fn is_end_stream(&self) -> bool {
        self.inner.is_end_stream()
    }

    fn size_hint(&self) -> http_body::SizeHint {
        self.inner.size_hint()
    }
}
