//! The request path, as a table of contents:
//! admit → read and parse the request → identify → session (legacy) → forward → filter the response → record.

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
use crate::proxy::error::{json_response, ProxyError};
use crate::proxy::headers::{self, BodyKind};
use crate::proxy::record::Recorder;
use crate::proxy::retry;
use crate::proxy::sse::{Filtered, Shared, SseFilter, UpstreamAnswerer};
use crate::proxy::upstream::Clients;
use crate::proxy::Gateway;
use crate::store::{AskLookup, Lookup, UseOnce};
use crate::telemetry::{MethodLabel, RequestOutcome, UpstreamErrorLabels};
use crate::wire::strict::parse_strict;
use crate::wire::{skim_request, ClientModes, Era, RequestInfo, Skimmed};

/// Header carrying the legacy session id.
const SESSION_HEADER: &str = "mcp-session-id";
/// Time allowed for answering a legacy server's blocked request.
const ANSWER_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(10);

/// What the pipeline learned about the request, for errors and metrics.
struct Meta {
    route: Option<Arc<Route>>,
    id: Option<Value>,
    method: MethodLabel,
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

/// Serves one client request. Never fails: every error becomes a response here.
pub async fn handle(
    gw: Arc<Gateway>,
    req: Request<Incoming>,
    peer: Arc<Peer>,
) -> Response<ProxyBody> {
    let started = Instant::now();
    let live = gw.live.load_full();
    let mut meta = Meta {
        route: None,
        id: None,
        method: MethodLabel::NONE,
        outcome: RequestOutcome::Ok,
    };
    let resp = match proxy(&gw, &live.snapshot, &live.clients, req, &peer, &mut meta).await {
        Ok(r) => r,
        Err(e) => {
            meta.outcome = match e {
                ProxyError::Overloaded => RequestOutcome::Shed,
                ref e if e.upstream_kind().is_some() => RequestOutcome::UpstreamError,
                _ => RequestOutcome::ClientError,
            };
            if let (Some(kind), Some(route)) = (e.upstream_kind(), &meta.route) {
                gw.metrics
                    .upstream_errors
                    .get_or_create(&UpstreamErrorLabels {
                        route: route.name.to_string(),
                        kind,
                    })
                    .inc();
            }
            e.into_response(meta.id.as_ref())
        }
    };
    let counters = meta.route.as_ref().map_or(&gw.unrouted, |r| &r.metrics);
    counters.request(
        &gw.metrics,
        meta.method,
        meta.outcome,
        started.elapsed().as_secs_f64(),
    );
    resp
}

#[allow(clippy::too_many_arguments)]
async fn proxy(
    gw: &Arc<Gateway>,
    snap: &Arc<Snapshot>,
    clients: &Clients,
    req: Request<Incoming>,
    peer: &Peer,
    meta: &mut Meta,
) -> Result<Response<ProxyBody>, ProxyError> {
    // Warning pages are the gateway's own, on every listener.
    if req.method() == Method::GET
        && req
            .uri()
            .path()
            .starts_with(crate::proxy::links::LINK_PREFIX)
    {
        return Ok(crate::proxy::links::serve(snap, req.uri().path()));
    }
    // Admit: a route, and a place among the requests in flight.
    let route = snap
        .route_for(req.uri().path())
        .cloned()
        .ok_or(ProxyError::NoRoute)?;
    meta.route = Some(route.clone());
    route
        .origin
        .check(req.headers(), req.uri(), peer.loopback)
        .map_err(ProxyError::Forbidden)?;

    // Read and parse the request: the gateway must know the era, the method, the id and the declared modes.
    let (mut parts, body) = req.into_parts();
    // The body gets the same allowance as the headers: a client trickling its body would otherwise hold a
    // place among the requests in flight for as long as it likes.
    let read = read_bounded(body, snap.limits.request_body_bytes);
    let body = match tokio::time::timeout(snap.limits.header_read_timeout, read).await {
        Err(_) => return Err(ProxyError::RequestTimeout),
        Ok(Ok(b)) => b,
        Ok(Err(ReadError::TooLarge)) => {
            return Err(ProxyError::RequestTooLarge(snap.limits.request_body_bytes))
        }
        Ok(Err(ReadError::Failed)) => return Err(ProxyError::RequestRead),
    };
    let header_version = parts
        .headers
        .get("mcp-protocol-version")
        .and_then(|v| v.to_str().ok());
    // Most bodies are plain calls: read what routing and policy need without building a tree, and parse the
    // whole body below only where the gateway must look further (a retry, a legacy answer, sealing).
    let skimmed = if parts.method == Method::POST {
        skim_request(&body, header_version).map_err(|e| ProxyError::BadRequest(e.to_string()))?
    } else {
        Skimmed {
            info: RequestInfo::unclassified(false),
            carries_retry: false,
            canonical_params: crate::state::canonical_params(None),
        }
    };
    let info = skimmed.info;
    if info.is_batch && batch_needs_checks(&body)? {
        return Err(ProxyError::BadRequest(
            "a batch cannot carry answers or retries; send each as its own message".into(),
        ));
    }
    let mut body = body;
    meta.id = info.id.clone();
    meta.method = MethodLabel::of(info.method.as_deref());
    // A place among the requests in flight, on the route and in all, taken once the request is read: a client
    // trickling its body holds none, and one route whose upstream hangs holds at most its own share.
    let permit = Slots::take(gw, &route)?;

    // Identify: the principal is the issuer and subject of a verified bearer JWT, or `anonymous` on routes
    // without identity. An invalid token is refused even where identity is optional: it is never anonymous.
    let principal = identify(gw, &route, &parts.headers).await?;

    // Session (legacy): what the client declared at initialize, and who opened the session.
    let session_id = parts
        .headers
        .get(SESSION_HEADER)
        .and_then(|v| v.to_str().ok())
        .map(str::to_owned);
    // The owner check runs whatever era the body claims: the body's `_meta` is the client's word, while the
    // session id travels in a header the upstream may route by (Python's SDK picks the era from the header
    // alone), so a "modern" body on another user's session would still act inside that session.
    let session = match session_id.as_deref() {
        // Who opened the session cannot be checked without the store: the request is refused (fail closed).
        Some(sid) => Some(
            gw.store
                .session_lookup(sid, &principal)
                .await
                .map_err(|_| ProxyError::StoreUnavailable)?,
        ),
        None => None,
    };
    if session == Some(Lookup::OtherPrincipal) {
        return Ok(json_response(
            StatusCode::FORBIDDEN,
            &crate::proxy::error::error_message(
                meta.id.as_ref(),
                crate::proxy::error::codes::INVALID_REQUEST,
                "This session belongs to another user.",
                None,
            ),
        ));
    }
    let modes = match (info.era, session) {
        (Era::Modern, _) => info.declared.unwrap_or_default(),
        (Era::Legacy, Some(Lookup::Known(m))) => m,
        // Unknown session, or none: nothing is assumed declared (fail closed).
        (Era::Legacy, _) => ClientModes::default(),
    };
    // The retry: open and check the envelope and the answers; give the upstream its own state back.
    let monitor = route.monitor;
    let mut prev_round = 0;
    // `inputResponses` the call carried without a `requestState`, removed from it and held (see `held`).
    let mut unsolicited = None;
    // The canonical params the read wrote, hashed only if a response is sealed.
    let mut digest = retry::ParamsDigest::of_canonical(skimmed.canonical_params);
    let method = info.method.clone().unwrap_or_default();
    // Whatever era the body claims and whatever its method: `inputResponses` and `requestState` are
    // retry-only members, and an upstream may act on them on any request (SDKs read them from the params,
    // not from the version). Unchecked, they would carry unjudged answers and the upstream's own unsealed
    // state; the envelope's method binding keeps a retry to the method that was asked.
    if !monitor && skimmed.carries_retry {
        let request = parse_strict(&body).map_err(|e| ProxyError::BadRequest(e.to_string()))?;
        match retry::check_request(
            &request,
            &method,
            &route.name,
            &principal,
            retry::Verifiers {
                keyring: &snap.keyring,
                secret: &snap.engine.secret,
            },
            retry::now_unix(),
        ) {
            Ok(checked) => {
                // Single use, cluster-wide on a shared store: recorded last, once every other check passed.
                if let Some((id, expires_at)) = &checked.use_once {
                    match gw.store.use_once(id, *expires_at, retry::now_unix()).await {
                        Ok(()) => {}
                        Err(UseOnce::Refused(e)) => {
                            let refusal = retry::Refusal::Envelope(e.as_str());
                            return Ok(refused(gw, &route, &info, meta, &principal, refusal));
                        }
                        Err(UseOnce::Unavailable) => {
                            let refusal = retry::Refusal::StoreUnavailable;
                            return Ok(refused(gw, &route, &info, meta, &principal, refusal));
                        }
                    }
                }
                unsolicited = checked.unsolicited;
                prev_round = checked.round;
                digest = retry::ParamsDigest::known(checked.params_digest);
                if let Some(b) = checked.new_body {
                    body = b;
                }
            }
            Err(refusal) => return Ok(refused(gw, &route, &info, meta, &principal, refusal)),
        }
    }
    // A legacy client's answer to a server's form question: checked against the schema that was asked.
    if !monitor && info.era == Era::Legacy && info.is_response && session_id.is_some() {
        let request = parse_strict(&body).map_err(|e| ProxyError::BadRequest(e.to_string()))?;
        if let (Some(sid), Some(id)) = (&session_id, request.get("id")) {
            let key = match id {
                Value::String(s) => s.clone(),
                other => other.to_string(),
            };
            let asked = gw.store.take_asked(sid, &key).await;
            let findings = match asked {
                // The store cannot say what was asked: the answer cannot be checked, so it does not pass.
                Err(_) => Some(vec![crate::policy::Finding::block(
                    "answer.unchecked",
                    "/result",
                    "The gateway's state store is unavailable, so the question this answers could not be found and the answer could not be checked.",
                )]),
                Ok(asked) => match asked {
                AskLookup::Form(schema) => {
                    legacy_answer_findings(&request, &key, schema, &snap.engine.secret)
                }
                // The gateway forwarded the form and dropped it (the server asked too many at once):
                // the answer cannot be checked, so it does not pass.
                AskLookup::Forgotten => Some(vec![crate::policy::Finding::block(
                    "answer.unchecked",
                    "/result",
                    "The gateway no longer holds the question this answers (the server asked too many at once), so the answer could not be checked.",
                )]),
                // An id a server may read as a number the gateway cannot: the question is unknown.
                AskLookup::UnreadableId => Some(vec![crate::policy::Finding::block(
                    "answer.unchecked",
                    "/id",
                    "The answer's id holds characters the gateway cannot read, so the question it answers could not be found and the answer could not be checked.",
                )]),
                AskLookup::NotAForm => None,
                },
            };
            if let Some(findings) = findings {
                let resp = refused(
                    gw,
                    &route,
                    &info,
                    meta,
                    &principal,
                    retry::Refusal::Answers(findings),
                );
                // The server still waits for an answer: it gets a refusal instead of the user's content.
                let refusal = crate::proxy::error::error_message(
                    Some(id),
                    crate::proxy::error::codes::ANSWERS_REFUSED,
                    "The gateway refused the user's answer.",
                    None,
                );
                answerer(
                    clients.clone(),
                    route.clone(),
                    upstream_uri(&route, &parts.uri)?,
                    sid.clone(),
                    &parts.headers,
                    snap.limits.upstream_timeout,
                )(vec![refusal]);
                return Ok(resp);
            }
        }
    }
    let sealer = (!monitor && parts.method == Method::POST).then(|| retry::Sealer {
        keyring: snap.keyring.clone(),
        route: route.name.clone(),
        principal: principal.clone(),
        // Read nowhere after this: moved, not copied.
        method,
        params_digest: digest,
        prev_round,
        max_rounds: snap.limits.max_rounds,
        ttl_seconds: snap.state_ttl_seconds,
        counter: retry::Counter::for_store(&gw.store, snap.rate),
        legacy_rounds: std::sync::atomic::AtomicU32::new(0),
        metrics: gw.metrics.clone(),
    });
    if parts.method == Method::DELETE {
        if let Some(sid) = &session_id {
            // A failure is counted and logged by the store; the session then ends by its idle expiry.
            let _ = gw.store.session_remove(sid).await;
        }
    }

    // Forward.
    let upstream_uri = upstream_uri(&route, &parts.uri)?;
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
            &route,
            info.era,
            meta.method.as_str(),
            &principal,
            false,
        );
        let client_id = info.id.clone();
        crate::proxy::held::Held::new(
            answers,
            resend,
            gw.clone(),
            snap.clone(),
            recorder,
            client_id,
        )
    });
    let mut up = Request::builder()
        .method(parts.method.clone())
        .uri(upstream_uri.clone())
        .body(Full::new(body))
        .map_err(|_| ProxyError::UpstreamBroken)?;
    // The headers move to the upstream request; a legacy session keeps a copy for answering the server's
    // blocked requests with the client's credentials (`answerer` takes what it needs from them).
    let answer_headers = if session_id.is_some() {
        parts.headers.clone()
    } else {
        http::HeaderMap::new()
    };
    *up.headers_mut() = std::mem::take(&mut parts.headers);
    // One deadline for the response head and, where it is read whole, the body: not one each.
    let deadline = tokio::time::Instant::now() + snap.limits.upstream_timeout;
    let resp = clients
        .send(&route, up, snap.limits.upstream_timeout)
        .await?;
    let (mut rparts, rbody) = resp.into_parts();
    // The client's connection has its own version; an HTTP/1.0 upstream must not downgrade it.
    rparts.version = http::Version::HTTP_11;

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
        return Err(ProxyError::UpstreamEncoding(enc));
    }
    let recorder = recorder_for(
        gw,
        &route,
        info.era,
        meta.method.as_str(),
        &principal,
        monitor,
    );

    // Filter the response: read as widely as any client reads it.
    let answering = Answering {
        gw,
        snap,
        clients,
        route: &route,
        info: &info,
        modes,
        monitor,
        recorder,
        sealer,
        session_id,
        upstream_uri,
        answer_headers,
        deadline,
        held,
    };
    let is_get = parts.method == Method::GET;
    match headers::body_kind(is_get, &rparts.headers) {
        BodyKind::Json => answering.json(rparts, rbody, meta, permit).await,
        BodyKind::Stream => Ok(answering.stream(rparts, rbody, permit)),
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
        rbody: crate::proxy::upstream::UpstreamBody,
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
        rbody: crate::proxy::upstream::UpstreamBody,
        meta: &mut Meta,
        permit: Slots,
    ) -> Result<Response<ProxyBody>, ProxyError> {
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
            Err(_) => return Err(ProxyError::UpstreamTimeout),
            Ok(Err(ReadError::TooLarge)) => return Err(ProxyError::UpstreamTooLarge(limit)),
            Ok(Err(ReadError::Failed)) => return Err(ProxyError::UpstreamBroken),
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
            meta.outcome = RequestOutcome::Blocked;
        }
        if let Some(verdict) = verdict {
            meta.outcome = match verdict {
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
                BodyKind::Json => Box::pin(again.json(rparts, rbody, meta, permit)).await,
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
            Outcome::Error { message, status } => Ok(json_response(
                StatusCode::from_u16(status).unwrap_or(StatusCode::OK),
                &message,
            )),
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
                    Some(e) => Ok(json_response(StatusCode::OK, &e)),
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
    fn take(gw: &Gateway, route: &Route) -> Result<Slots, ProxyError> {
        let route = route.slots.clone().try_acquire_owned();
        let global = gw.inflight.clone().try_acquire_owned();
        match (route, global) {
            (Ok(r), Ok(g)) => Ok(Slots {
                _route: r,
                _global: g,
            }),
            _ => Err(ProxyError::Overloaded),
        }
    }
}

/// The principal of a request without a verified bearer token: one string for all of them, so a request
/// takes a reference count rather than an allocation.
static ANONYMOUS: std::sync::LazyLock<Arc<str>> =
    std::sync::LazyLock::new(|| Arc::from("anonymous"));

async fn identify(
    gw: &Gateway,
    route: &Route,
    headers: &http::HeaderMap,
) -> Result<Arc<str>, ProxyError> {
    use crate::identity::{bearer_from_headers, www_authenticate, IdentityError};
    let Some(id) = &route.identity else {
        return Ok(ANONYMOUS.clone());
    };
    let refuse = |e: IdentityError| {
        gw.metrics
            .identity_failures
            .get_or_create(&crate::telemetry::ReasonLabels { reason: e.as_str() })
            .inc();
        ProxyError::Unauthorized(www_authenticate(id.resource_metadata.as_deref(), &e))
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
fn batch_needs_checks(body: &[u8]) -> Result<bool, ProxyError> {
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
fn recorder_for(
    gw: &Gateway,
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
        era,
        method,
        principal: principal.to_owned(),
        monitor,
    }
}

/// The answer to a refused retry: -32602 for an envelope (the reason goes to the audit log and a metric
/// only), -32012 for answers (the rules, never the values).
fn refused(
    gw: &Gateway,
    route: &Arc<Route>,
    info: &RequestInfo,
    meta: &mut Meta,
    principal: &str,
    refusal: retry::Refusal,
) -> Response<ProxyBody> {
    use crate::proxy::error::{codes, error_message};
    let incident = crate::telemetry::incident_id();
    let recorder = recorder_for(gw, route, info.era, meta.method.as_str(), principal, false);
    meta.outcome = RequestOutcome::Rejected;
    match refusal {
        retry::Refusal::Envelope(_) | retry::Refusal::StoreUnavailable => {
            let reason = match refusal {
                retry::Refusal::Envelope(reason) => reason,
                _ => "unavailable",
            };
            gw.metrics
                .envelope_rejections
                .get_or_create(&crate::telemetry::ReasonLabels { reason })
                .inc();
            recorder.event(
                "envelope",
                Verdict::Block,
                vec![format!("state.{reason}")],
                &incident,
            );
            if matches!(refusal, retry::Refusal::StoreUnavailable) {
                // Not the envelope's fault: the client may retry the same request shortly.
                return ProxyError::StoreUnavailable.into_response(info.id.as_ref());
            }
            json_response(
                StatusCode::BAD_REQUEST,
                &error_message(
                    info.id.as_ref(),
                    codes::INVALID_PARAMS,
                    "Invalid or expired requestState",
                    Some(serde_json::json!({"incident": incident})),
                ),
            )
        }
        retry::Refusal::Answers(findings) => {
            let mut rules: Vec<String> = Vec::new();
            for f in &findings {
                gw.metrics
                    .answers_refused
                    .get_or_create(&crate::telemetry::RuleLabels {
                        rule: f.rule.clone(),
                    })
                    .inc();
                if !rules.contains(&f.rule) {
                    rules.push(f.rule.clone());
                }
            }
            recorder.event("answers", Verdict::Block, rules.clone(), &incident);
            let why = findings
                .first()
                .map(|f| f.message.as_str())
                .unwrap_or("the answers do not match what was asked");
            json_response(
                StatusCode::OK,
                &error_message(
                    info.id.as_ref(),
                    codes::ANSWERS_REFUSED,
                    &format!("elicitguard refused the answers: {why} (incident {incident})"),
                    Some(serde_json::json!({"rules": rules, "incident": incident})),
                ),
            )
        }
    }
}

/// The upstream URI for a client URI under the route.
fn upstream_uri(route: &Route, uri: &http::Uri) -> Result<http::Uri, ProxyError> {
    let pq = route.upstream_path_and_query(uri.path(), uri.query());
    let mut parts = route.upstream_origin.clone().into_parts();
    parts.path_and_query = Some(
        pq.parse()
            .map_err(|_| ProxyError::BadRequest("the path cannot be forwarded".into()))?,
    );
    http::Uri::from_parts(parts)
        .map_err(|_| ProxyError::BadRequest("the path cannot be forwarded".into()))
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
