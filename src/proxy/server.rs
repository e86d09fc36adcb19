//! Listeners: accept, TLS, HTTP/1.1 and h2 on one port; the admin listener; graceful shutdown.

use std::convert::Infallible;
use std::net::SocketAddr;
use std::sync::atomic::{AtomicU8, AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;

use http::{header, HeaderValue, Request, Response, StatusCode};
use hyper::body::Incoming;
use hyper::service::service_fn;
use hyper_util::rt::{TokioExecutor, TokioIo, TokioTimer};
use hyper_util::server::conn::auto;
use hyper_util::server::graceful::GracefulShutdown;
use tokio::net::TcpListener;
use tokio::sync::{watch, Notify, Semaphore};
use tokio::task::JoinSet;

use crate::proxy::body::{full, ProxyBody};
use crate::proxy::first_bytes::FirstBytes;
use crate::proxy::{pipeline, Gateway};

/// TLS handshakes must finish within this: a client that cannot is stalling a connection slot.
const TLS_HANDSHAKE_TIMEOUT: Duration = Duration::from_secs(10);

/// A running gateway: its bound addresses and the handle that stops it.
#[derive(Debug)]
pub struct Running {
    /// Bound client listener addresses, in config order.
    pub addrs: Vec<SocketAddr>,
    /// Bound admin address.
    pub admin: Option<SocketAddr>,
    stop: watch::Sender<bool>,
    tasks: JoinSet<()>,
    /// The admin listener, kept up through the drain so `/readyz` can say so; ended last.
    admin_task: Option<tokio::task::JoinHandle<()>>,
    state: Arc<AtomicU8>,
}

impl Drop for Running {
    /// A handle dropped without `shutdown` takes the admin listener with it, as the `JoinSet` takes the others.
    fn drop(&mut self) {
        if let Some(admin) = self.admin_task.take() {
            admin.abort();
        }
    }
}

/// Where the gateway is in its life, as `/readyz` tells it.
const STARTING: u8 = 0;
const READY: u8 = 1;
const DRAINING: u8 = 2;

/// After the grace, how long streams have to write the error that ends them before their connections close.
const CLOSE_FLUSH: Duration = Duration::from_secs(1);

impl Running {
    /// Stops accepting and waits for in-flight requests and streams, up to the grace period; then streams
    /// still open end with an error for their pending call, and what is left is closed. `/readyz` answers
    /// 503 `draining` meanwhile.
    pub async fn shutdown(mut self, grace: Duration) {
        self.state.store(DRAINING, Ordering::Release);
        let _ = self.stop.send(true);
        let all = async { while self.tasks.join_next().await.is_some() {} };
        // Each client listener bounds its own drain by the grace and the flush (see `accept_loop`).
        if tokio::time::timeout(grace + CLOSE_FLUSH + Duration::from_secs(1), all)
            .await
            .is_err()
        {
            self.tasks.abort_all();
        }
        if let Some(admin) = self.admin_task.take() {
            admin.abort();
        }
    }

    /// The handle that stops the listeners: sending `true` starts their drain.
    pub fn stopper(&self) -> watch::Sender<bool> {
        self.stop.clone()
    }
}

/// Binds every listener of the gateway's snapshot and the admin listener, and serves until stopped.
pub async fn serve(gw: Arc<Gateway>) -> std::io::Result<Running> {
    let snap = gw.live.load().snapshot.clone();
    crate::wire::prefilter::prepare();
    tracing::info!(store = %snap.store.backend.describe(), "state store");
    gw.store.spawn_probe();
    let (stop, stop_rx) = watch::channel(false);
    let mut tasks = JoinSet::new();
    let mut addrs = Vec::new();
    let ready = Arc::new(AtomicU8::new(STARTING));
    // One budget for every client listener: the cap is on what the process holds, not per port.
    let connections = Arc::new(Semaphore::new(snap.limits.max_connections as usize));
    for l in &snap.listeners {
        let listener = TcpListener::bind(l.addr).await?;
        addrs.push(listener.local_addr()?);
        let tls = l.tls.clone().map(tokio_rustls::TlsAcceptor::from);
        tasks.spawn(accept_loop(
            gw.clone(),
            listener,
            tls,
            connections.clone(),
            stop_rx.clone(),
            snap.limits.shutdown_grace,
        ));
    }
    let mut admin_task = None;
    let admin = match snap.admin {
        Some(a) => {
            let listener = TcpListener::bind(a).await?;
            let bound = listener.local_addr()?;
            admin_task = Some(tokio::spawn(admin_loop(
                gw.clone(),
                listener,
                ready.clone(),
            )));
            Some(bound)
        }
        None => None,
    };
    ready.store(READY, Ordering::Release);
    Ok(Running {
        addrs,
        admin,
        stop,
        tasks,
        admin_task,
        state: ready,
    })
}

/// Raises the soft limit on open file descriptors (RLIMIT_NOFILE) to the hard limit, as nginx's
/// `worker_rlimit_nofile` and Envoy's start-up scripts do: systemd starts services with a soft limit of 1024,
/// which ~1,000 idle clients exhaust, while its hard limit (524,288) is what the operator allows. Returns the
/// soft limit before and after; None where the limit cannot be read or raised (not Unix, or refused), which
/// leaves it as it was.
pub fn raise_open_file_limit() -> Option<(u64, u64)> {
    #[cfg(unix)]
    {
        let (soft, _hard) = rlimit::getrlimit(rlimit::Resource::NOFILE).ok()?;
        let now = rlimit::increase_nofile_limit(u64::MAX).ok()?;
        Some((soft, now))
    }
    #[cfg(not(unix))]
    {
        None
    }
}

/// The HTTP/2 connection preface: a plaintext connection that opens with it speaks h2c (prior knowledge).
const H2_PREFACE: &[u8] = b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n";
/// Pause before peeking again at a connection whose first bytes are a strict prefix of [`H2_PREFACE`].
const PREFACE_REPEEK: Duration = Duration::from_millis(5);
/// Pause after a failed accept (EMFILE, ENFILE, ENOBUFS) before the next: the pending connection stays in the
/// kernel's queue and the listener stays readable, so accepting again at once would spin a core and starve
/// every other task without freeing anything. 50 ms is what a descriptor freed by a closing connection needs
/// to be found, and at most 20 accepts a second wasted while out of descriptors.
const ACCEPT_BACKOFF: Duration = Duration::from_millis(50);
/// Admin connections open at once. Probes and scrapers open one or two; the bound keeps a flood of admin
/// connections from taking the descriptors the client listeners need (over it: accepted and closed at once).
const ADMIN_MAX_CONNECTIONS: usize = 64;
/// An admin client must send its request head within this (a stalled probe must not hold one of the
/// [`ADMIN_MAX_CONNECTIONS`] for ever).
const ADMIN_HEADER_READ_TIMEOUT: Duration = Duration::from_secs(10);
/// An HTTP/2 client that does not answer a keep-alive PING within this is gone (hyper's default, named here):
/// its connection is closed. The PINGs go every [`H2_KEEPALIVE_INTERVAL`].
const H2_KEEPALIVE_TIMEOUT: Duration = Duration::from_secs(20);
/// How often an HTTP/2 connection is PINGed: a dead peer (a NAT that forgot it) is noticed within a minute.
const H2_KEEPALIVE_INTERVAL: Duration = Duration::from_secs(30);
/// Concurrent streams per HTTP/2 connection: one client cannot open thousands of concurrent calls on one socket.
const H2_MAX_CONCURRENT_STREAMS: u32 = 256;

/// The connection builders of a listener, made once.
///
/// Plaintext connections are served by the HTTP/1.1 or the HTTP/2 builder directly, chosen by peeking at the
/// first bytes ([`speaks_h2`]), not by hyper-util's `auto` builder. Memory per idle keep-alive connection is what
/// this is for: `auto` reads the first bytes itself and hands them to the HTTP/1 parser alone, which makes hyper
/// regrow its 8 KiB read buffer to 16 KiB (copying 8 KiB) on every connection, and its task holds an HTTP/2
/// connection inline even for HTTP/1.1 clients. TLS connections are served by the builder of the protocol ALPN
/// agreed, and by `auto` only when the client offered no ALPN.
#[derive(Clone)]
struct Builders {
    h1: hyper::server::conn::http1::Builder,
    h2: hyper::server::conn::http2::Builder<TokioExecutor>,
    auto: auto::Builder<TokioExecutor>,
    /// How long a new connection (plaintext, or TLS after its handshake) may take to send its first request
    /// head, first bytes included: one deadline from accept (or the end of the handshake), not one per phase.
    header_read_timeout: Duration,
}

fn builders(gw: &Gateway) -> Builders {
    let limits = gw.live.load().snapshot.limits;
    // Over it, hyper answers 431 (HTTP/1.1) and h2 answers 431 (RFC 9113 §6.5.2's SETTINGS_MAX_HEADER_LIST_SIZE,
    // advertised). `usize` from `u32` cannot fail on the platforms hyper supports.
    let header_bytes = limits.request_header_bytes;
    let mut h1 = hyper::server::conn::http1::Builder::new();
    h1.timer(TokioTimer::new())
        .header_read_timeout(limits.header_read_timeout)
        .max_header_size(header_bytes as usize)
        .keep_alive(true);
    let mut h2 = hyper::server::conn::http2::Builder::new(TokioExecutor::new());
    h2.timer(TokioTimer::new())
        .keep_alive_interval(Some(H2_KEEPALIVE_INTERVAL))
        .keep_alive_timeout(H2_KEEPALIVE_TIMEOUT)
        .max_header_list_size(header_bytes)
        .max_concurrent_streams(H2_MAX_CONCURRENT_STREAMS);
    let mut auto = auto::Builder::new(TokioExecutor::new());
    auto.http1()
        .timer(TokioTimer::new())
        .header_read_timeout(limits.header_read_timeout)
        // hyper-util's builder has no `max_header_size`: the read buffer bound caps the header block as well
        // (config validation keeps it at hyper's 8 KiB minimum or more).
        .max_buf_size(header_bytes as usize)
        .keep_alive(true);
    auto.http2()
        .timer(TokioTimer::new())
        .keep_alive_interval(Some(H2_KEEPALIVE_INTERVAL))
        .keep_alive_timeout(H2_KEEPALIVE_TIMEOUT)
        .max_header_list_size(header_bytes)
        .max_concurrent_streams(H2_MAX_CONCURRENT_STREAMS);
    Builders {
        h1,
        h2,
        auto,
        header_read_timeout: limits.header_read_timeout,
    }
}

/// Whether a new plaintext connection opens with the HTTP/2 preface. Peeks, so the bytes stay in the socket
/// for the HTTP parser. An HTTP/1.1 request differs from the preface in its first or second byte, so one peek
/// decides almost always; a connection whose bytes so far are a strict prefix of the preface is peeked again
/// after a short pause (the caller bounds the whole wait). End of stream counts as HTTP/1.1, whose parser then
/// sees it and closes.
async fn speaks_h2(stream: &tokio::net::TcpStream) -> std::io::Result<bool> {
    let mut buf = [0u8; H2_PREFACE.len()];
    loop {
        let n = stream.peek(&mut buf).await?;
        if n == 0 || buf[..n] != H2_PREFACE[..n] {
            return Ok(false);
        }
        if n == H2_PREFACE.len() {
            return Ok(true);
        }
        tokio::time::sleep(PREFACE_REPEEK).await;
    }
}

/// Time the sniff may take before the HTTP/1.1 builder is given what is left of the header deadline rather
/// than the whole: a first peek answers within microseconds of the first bytes, so below this the second
/// deadline is within this of the one, and the common case keeps the shared builder (no clone, no clock read
/// beyond the one deadline).
const SNIFF_SLACK: Duration = Duration::from_millis(50);

/// The HTTP/1.1 builder for a connection whose sniff ended at `now`, given the connection's header
/// `deadline`: hyper's header timer starts when it first reads, so a client that spent part of the deadline
/// before the sniff decided (silent, or a lone `P`) gets only the rest, not a second full timeout.
fn h1_for(
    b: &Builders,
    deadline: tokio::time::Instant,
    now: tokio::time::Instant,
) -> std::borrow::Cow<'_, hyper::server::conn::http1::Builder> {
    let left = deadline.saturating_duration_since(now);
    if left + SNIFF_SLACK >= b.header_read_timeout {
        return std::borrow::Cow::Borrowed(&b.h1);
    }
    let mut h1 = b.h1.clone();
    // hyper's timer wants a non-zero duration to mean anything; a spent deadline closes at the first read.
    h1.header_read_timeout(left.max(Duration::from_millis(1)));
    std::borrow::Cow::Owned(h1)
}

/// What an HTTP/2 connection's streams are doing, for its idle timeout: hyper's HTTP/2 server has keep-alive
/// PINGs but no idle timeout, so a client that answers PINGs and opens no stream would hold its connection
/// for ever (HTTP/1.1's keep-alive ends at the header read timeout).
#[derive(Default)]
struct H2Activity {
    /// Streams whose request is being handled or whose response body is still being sent.
    open: AtomicUsize,
    /// Signalled when a stream opens or ends.
    changed: Notify,
}

impl H2Activity {
    /// Resolves once the connection has had no open stream for `idle` without interruption.
    async fn idle_for(&self, idle: Duration) {
        loop {
            let changed = self.changed.notified();
            tokio::pin!(changed);
            // Registered before the count is read: a stream opening right after is not missed.
            changed.as_mut().enable();
            if self.open.load(Ordering::Acquire) == 0 {
                if tokio::time::timeout(idle, changed).await.is_err() {
                    return;
                }
            } else {
                changed.await;
            }
        }
    }
}

/// Counts one HTTP/2 stream open while it lives: made when hyper calls the service, moved into the response
/// body, dropped when the body is done or the stream is reset.
struct StreamGuard(Arc<H2Activity>);

impl StreamGuard {
    fn open(activity: &Arc<H2Activity>) -> StreamGuard {
        activity.open.fetch_add(1, Ordering::AcqRel);
        activity.changed.notify_waiters();
        StreamGuard(activity.clone())
    }
}

impl Drop for StreamGuard {
    fn drop(&mut self) {
        self.0.open.fetch_sub(1, Ordering::AcqRel);
        self.0.changed.notify_waiters();
    }
}

pin_project_lite::pin_project! {
    /// An HTTP/2 response body that keeps its stream counted open until it ends.
    struct Guarded {
        #[pin]
        inner: ProxyBody,
        _guard: StreamGuard,
    }
}

impl http_body::Body for Guarded {
    type Data = bytes::Bytes;
    type Error = crate::proxy::body::BoxError;

    fn poll_frame(
        self: std::pin::Pin<&mut Self>,
        cx: &mut std::task::Context<'_>,
    ) -> std::task::Poll<Option<Result<http_body::Frame<Self::Data>, Self::Error>>> {
        self.project().inner.poll_frame(cx)
    }

    fn is_end_stream(&self) -> bool {
        self.inner.is_end_stream()
    }

    fn size_hint(&self) -> http_body::SizeHint {
        self.inner.size_hint()
    }
}

/// Serves one HTTP/2 connection until it ends: closed gracefully (GOAWAY, open streams finish) when the
/// gateway stops or when it has had no open stream for the idle timeout.
async fn serve_h2<I>(
    builder: &hyper::server::conn::http2::Builder<TokioExecutor>,
    io: I,
    gw: Arc<Gateway>,
    client: Arc<pipeline::Peer>,
    mut stop: watch::Receiver<bool>,
    idle: Duration,
) where
    I: hyper::rt::Read + hyper::rt::Write + Unpin + Send + 'static,
{
    let activity = Arc::new(H2Activity::default());
    let streams = activity.clone();
    let svc = service_fn(move |req: Request<Incoming>| {
        let guard = StreamGuard::open(&streams);
        let gw = gw.clone();
        let client = client.clone();
        Box::pin(async move {
            let resp = pipeline::handle(gw, req, client).await;
            Ok::<_, Infallible>(resp.map(|inner| Guarded {
                inner,
                _guard: guard,
            }))
        })
    });
    let mut conn = std::pin::pin!(builder.serve_connection(io, svc));
    let mut closing = *stop.borrow();
    if closing {
        conn.as_mut().graceful_shutdown();
    }
    loop {
        tokio::select! {
            _ = conn.as_mut() => return,
            _ = stop.changed(), if !closing => {
                closing = true;
                conn.as_mut().graceful_shutdown();
            }
            () = activity.idle_for(idle), if !closing => {
                closing = true;
                conn.as_mut().graceful_shutdown();
            }
        }
    }
}

async fn accept_loop(
    gw: Arc<Gateway>,
    listener: TcpListener,
    tls: Option<tokio_rustls::TlsAcceptor>,
    connections: Arc<Semaphore>,
    mut stop: watch::Receiver<bool>,
    grace: Duration,
) {
    let graceful = GracefulShutdown::new();
    let builders = Arc::new(builders(&gw));
    loop {
        let accepted = tokio::select! {
            r = listener.accept() => r,
            _ = stop.changed() => break,
        };
        let (stream, peer) = match accepted {
            Ok(x) => x,
            Err(e) => {
                tracing::warn!(error = %e, "accept failed");
                tokio::time::sleep(ACCEPT_BACKOFF).await;
                continue;
            }
        };
        // Over the cap the connection is accepted and closed at once (as Envoy's listener connection limit
        // does) rather than left in the kernel's queue: the client learns at once and can go to another
        // replica, and the queue cannot hide a saturated gateway behind connect timeouts.
        let Ok(permit) = connections.clone().try_acquire_owned() else {
            gw.metrics.connections_refused.inc();
            tracing::debug!(peer = %peer, "limits.max_connections open; connection closed");
            drop(stream);
            continue;
        };
        let _ = stream.set_nodelay(true);
        let gw2 = gw.clone();
        let client = Arc::new(pipeline::Peer::new(peer, tls.is_some()));
        let metrics = gw.metrics.clone();
        let builders = builders.clone();
        // The connection is watched by the graceful shutdown once its protocol is known (plaintext) or its
        // handshake is done (TLS); both run in the connection's task so a slow client never blocks the loop.
        // HTTP/2 connections watch the stop signal themselves (they also close when idle), holding the watcher
        // so the shutdown still waits for them.
        let watcher = graceful.watcher();
        let stop_conn = stop.clone();
        let h1_service = move |gw: Arc<Gateway>, client: Arc<pipeline::Peer>| {
            service_fn(move |req: Request<Incoming>| {
                let gw = gw.clone();
                let client = client.clone();
                // Boxed: hyper keeps a slot the size of the service future for the whole life of an HTTP/1.1
                // connection. Boxed, the slot is a pointer, and the request's state (a few KiB) exists only
                // while the request is in flight, not on every idle keep-alive connection.
                Box::pin(
                    async move { Ok::<_, Infallible>(pipeline::handle(gw, req, client).await) },
                )
            })
        };
        match &tls {
            None => {
                tokio::spawn(async move {
                    let _permit = permit;
                    // One deadline for the first request head, the sniff's wait included.
                    let deadline = tokio::time::Instant::now() + builders.header_read_timeout;
                    // Silent past the header read timeout, or a socket error: nothing to serve.
                    let Ok(Ok(h2)) = tokio::time::timeout_at(deadline, speaks_h2(&stream)).await
                    else {
                        return;
                    };
                    let io = TokioIo::new(stream);
                    metrics.connections_open.inc();
                    if h2 {
                        // `limits.idle_timeout_ms` as in force when the connection opened (a reload applies to new ones):
                        // with no open stream for that long, the connection is closed, as an idle HTTP/1.1 one is.
                        let idle = gw2.live.load().snapshot.limits.idle_timeout;
                        let _watcher = watcher;
                        // Boxed: HTTP/2 is the rarer protocol here, and its state inline would grow every
                        // HTTP/1.1 connection's task.
                        Box::pin(serve_h2(&builders.h2, io, gw2, client, stop_conn, idle)).await;
                    } else {
                        // The builder (possibly a clone) is dropped before the await: it is not kept in the
                        // state of every idle keep-alive connection's task.
                        let conn = h1_for(&builders, deadline, tokio::time::Instant::now())
                            .serve_connection(io, h1_service(gw2, client));
                        let _ = watcher.watch(conn).await;
                    }
                    metrics.connections_open.dec();
                });
            }
            Some(acceptor) => {
                let acceptor = acceptor.clone();
                tokio::spawn(async move {
                    let _permit = permit;
                    let Ok(Ok(tls_stream)) =
                        tokio::time::timeout(TLS_HANDSHAKE_TIMEOUT, acceptor.accept(stream)).await
                    else {
                        return;
                    };
                    // The protocol is the one ALPN agreed (RFC 9113 §3.2); `auto` sniffs only for a client that
                    // offered none. Whichever serves it, the client's first bytes have a deadline.
                    let alpn = tls_stream.get_ref().1.alpn_protocol().map(<[u8]>::to_vec);
                    let io =
                        TokioIo::new(FirstBytes::new(tls_stream, builders.header_read_timeout));
                    metrics.connections_open.inc();
                    match alpn.as_deref() {
                        Some(b"h2") => {
                            // `limits.idle_timeout_ms` as in force when the connection opened (a reload applies to new ones):
                            // with no open stream for that long, the connection is closed, as an idle HTTP/1.1 one is.
                            let idle = gw2.live.load().snapshot.limits.idle_timeout;
                            let _watcher = watcher;
                            // Boxed: HTTP/2 is the rarer protocol here, and its state inline would grow every
                            // HTTP/1.1 connection's task.
                            Box::pin(serve_h2(&builders.h2, io, gw2, client, stop_conn, idle))
                                .await;
                        }
                        Some(b"http/1.1") => {
                            let conn = builders.h1.serve_connection(io, h1_service(gw2, client));
                            let _ = watcher.watch(conn).await;
                        }
                        _ => {
                            let conn = builders
                                .auto
                                .serve_connection_with_upgrades(io, h1_service(gw2, client))
                                .into_owned();
                            let _ = Box::pin(watcher.watch(conn)).await;
                        }
                    }
                    metrics.connections_open.dec();
                });
            }
        }
    }
    drop(listener);
    let drained = graceful.shutdown();
    tokio::pin!(drained);
    if tokio::time::timeout(grace, &mut drained).await.is_err() {
        // Streams still open end with an error for their pending call and a proper end of body, then the
        // connections that remain are closed.
        tracing::warn!(
            "grace period over; ending the remaining streams and closing their connections"
        );
        gw.closing.send_replace(true);
        let _ = tokio::time::timeout(CLOSE_FLUSH, &mut drained).await;
    }
}

/// Serves the admin endpoints until the task is aborted: it stays up through a drain (`Running::shutdown`).
// Endless on purpose: its end is the abort, after everything else has stopped.
#[allow(clippy::infinite_loop)]
async fn admin_loop(gw: Arc<Gateway>, listener: TcpListener, ready: Arc<AtomicU8>) {
    let connections = Arc::new(Semaphore::new(ADMIN_MAX_CONNECTIONS));
    let mut h1 = hyper::server::conn::http1::Builder::new();
    h1.timer(TokioTimer::new())
        .header_read_timeout(ADMIN_HEADER_READ_TIMEOUT);
    loop {
        let stream = match listener.accept().await {
            Ok((stream, _)) => stream,
            Err(e) => {
                // Out of descriptors: the same back-off as the client listeners (this loop once spun here).
                tracing::warn!(error = %e, "admin accept failed");
                tokio::time::sleep(ACCEPT_BACKOFF).await;
                continue;
            }
        };
        let Ok(permit) = connections.clone().try_acquire_owned() else {
            drop(stream);
            continue;
        };
        let gw = gw.clone();
        let ready = ready.clone();
        let h1 = h1.clone();
        tokio::spawn(async move {
            let _permit = permit;
            let svc = service_fn(move |req: Request<Incoming>| {
                let gw = gw.clone();
                let ready = ready.clone();
                async move { Ok::<_, Infallible>(admin(&gw, &req, &ready)) }
            });
            let _ = h1.serve_connection(TokioIo::new(stream), svc).await;
        });
    }
}

/// Whether a scraper's `Accept` prefers OpenMetrics to the Prometheus text format. Without an `Accept`, or
/// with one that ranks them equal (`*/*`), the text format: every Prometheus tool reads it, and OpenMetrics
/// is served only when asked for (as Prometheus itself asks, with q-values ranking it first).
fn wants_openmetrics(accept: Option<&HeaderValue>) -> bool {
    let Some(accept) = accept.and_then(|v| v.to_str().ok()) else {
        return false;
    };
    let (mut om, mut text) = (0.0f32, 0.0f32);
    for range in accept.split(',') {
        let mut parts = range.split(';');
        let media = parts.next().unwrap_or("").trim().to_ascii_lowercase();
        let q = parts
            .filter_map(|p| p.trim().strip_prefix("q="))
            .find_map(|q| q.trim().parse::<f32>().ok())
            .unwrap_or(1.0);
        match media.as_str() {
            "application/openmetrics-text" => om = om.max(q),
            "text/plain" | "text/*" | "*/*" => text = text.max(q),
            _ => {}
        }
    }
    om > 0.0 && om > text
}

fn admin(gw: &Gateway, req: &Request<Incoming>, ready: &AtomicU8) -> Response<ProxyBody> {
    let (status, ctype, body) = match req.uri().path() {
        "/metrics" if wants_openmetrics(req.headers().get(header::ACCEPT)) => (
            StatusCode::OK,
            "application/openmetrics-text; version=1.0.0; charset=utf-8",
            gw.metrics.encode(),
        ),
        "/metrics" => (
            StatusCode::OK,
            "text/plain; version=0.0.4; charset=utf-8",
            gw.metrics.encode_prometheus(),
        ),
        "/healthz" => (StatusCode::OK, "text/plain", "ok\n".to_owned()),
        "/readyz" => match ready.load(Ordering::Acquire) {
            // Retries, counted rounds and legacy sessions need the shared store: a replica that cannot reach
            // it is taken out of the balancer's rotation until it can (it still serves what reaches it).
            READY if !gw.store.is_up() => (
                StatusCode::SERVICE_UNAVAILABLE,
                "text/plain",
                "store unavailable\n".to_owned(),
            ),
            READY => (StatusCode::OK, "text/plain", "ready\n".to_owned()),
            DRAINING => (
                StatusCode::SERVICE_UNAVAILABLE,
                "text/plain",
                "draining\n".to_owned(),
            ),
            _ => (
                StatusCode::SERVICE_UNAVAILABLE,
                "text/plain",
                "starting\n".to_owned(),
            ),
        },
        _ => (
            StatusCode::NOT_FOUND,
            "text/plain",
            "not found\n".to_owned(),
        ),
    };
    let mut r = Response::new(full(body.into()));
    *r.status_mut() = status;
    r.headers_mut()
        .insert(header::CONTENT_TYPE, HeaderValue::from_static(ctype));
    r
}

#[cfg(test)]
mod tests {
    use super::*;
    use tokio::io::AsyncWriteExt;

    /// A connected pair: the client side to write on, the accepted side to peek at.
    async fn pair() -> (tokio::net::TcpStream, tokio::net::TcpStream) {
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let client = tokio::net::TcpStream::connect(listener.local_addr().unwrap())
            .await
            .unwrap();
        let (server, _) = listener.accept().await.unwrap();
        (client, server)
    }

    /// Peeks under a generous bound (the test fails rather than hangs).
    async fn sniff(server: &tokio::net::TcpStream) -> bool {
        tokio::time::timeout(Duration::from_secs(10), speaks_h2(server))
            .await
            .expect("speaks_h2 decided")
            .expect("peek worked")
    }

    #[tokio::test]
    async fn http1_request_is_not_h2_and_stays_readable() {
        let (mut client, server) = pair().await;
        let req = b"POST /mcp HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n\r\n";
        client.write_all(req).await.unwrap();
        assert!(!sniff(&server).await);
        // The bytes were peeked, not consumed: the HTTP parser still gets the whole request.
        let mut buf = vec![0u8; req.len()];
        let mut got = 0;
        while got < req.len() {
            server.readable().await.unwrap();
            match server.try_read(&mut buf[got..]) {
                Ok(n) => got += n,
                Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => continue,
                Err(e) => panic!("{e}"),
            }
        }
        assert_eq!(&buf[..], &req[..]);
    }

    #[tokio::test]
    async fn preface_is_h2_also_when_it_arrives_in_pieces() {
        let (mut client, server) = pair().await;
        client.write_all(&H2_PREFACE[..1]).await.unwrap();
        let writer = tokio::spawn(async move {
            // Let the peeker see the first piece alone before the rest comes.
            tokio::time::sleep(PREFACE_REPEEK * 4).await;
            client.write_all(&H2_PREFACE[1..9]).await.unwrap();
            tokio::time::sleep(PREFACE_REPEEK * 4).await;
            client.write_all(&H2_PREFACE[9..]).await.unwrap();
            client
        });
        assert!(sniff(&server).await);
        drop(writer.await.unwrap());
    }

    #[tokio::test]
    async fn a_method_sharing_the_first_letter_is_http1() {
        let (mut client, server) = pair().await;
        client.write_all(b"P").await.unwrap();
        let writer = tokio::spawn(async move {
            tokio::time::sleep(PREFACE_REPEEK * 4).await;
            client.write_all(b"UT / HTTP/1.1\r\n\r\n").await.unwrap();
            client
        });
        assert!(!sniff(&server).await);
        drop(writer.await.unwrap());
    }

    #[tokio::test]
    async fn closed_before_any_byte_is_left_to_http1() {
        let (client, server) = pair().await;
        drop(client);
        assert!(!sniff(&server).await);
    }
}
