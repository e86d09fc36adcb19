//! The upstream client: per upstream origin, pooled HTTP/1.1 connections (and h2 by ALPN) over plain TCP
//! or rustls, or one prior-knowledge h2c connection; bounded by the connect and response-head timeouts.

mod connect;
mod pool;

use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};

use bytes::Bytes;
use http::{header, HeaderValue, Request, Response, Uri, Version};
use http_body::{Body, Frame, SizeHint};
use http_body_util::Full;
use hyper::body::Incoming;
use hyper::client::conn::TrySendError;

use crate::config::{Route, Snapshot};
use crate::proxy::error::ProxyError;

use connect::{Conn1, Dialer, Sender};
use pool::Origin;

/// The clients for one snapshot (rebuilt on reload, since TLS settings and upstreams may change).
#[derive(Clone)]
pub struct Clients {
    /// One entry per distinct (origin, h2c) among the routes. A gateway has a handful of upstreams, so
    /// a linear search (pointer-sized compares first) beats hashing the origin per request.
    origins: Arc<[OriginEntry]>,
}

struct OriginEntry {
    origin_uri: Uri,
    h2c: bool,
    origin: Arc<Origin>,
    /// `Host` for HTTP/1.1 requests: the authority, with the port only when it is not the scheme's default.
    host: HeaderValue,
}

impl std::fmt::Debug for Clients {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Clients")
            .field("origins", &self.origins.len())
            .finish()
    }
}

impl Clients {
    /// Builds the clients for a snapshot.
    pub fn new(snap: &Snapshot) -> Self {
        let mut origins: Vec<OriginEntry> = Vec::new();
        for route in &snap.routes {
            if origins
                .iter()
                .any(|o| o.h2c == route.h2c && o.origin_uri == route.upstream_origin)
            {
                continue;
            }
            let Some(dialer) = Dialer::new(
                &route.upstream_origin,
                route.h2c,
                &snap.upstream_tls,
                snap.limits.upstream_connect_timeout,
            ) else {
                // Config validation accepts only origins with a host; a route without one stays
                // unreachable (502) rather than panicking.
                tracing::warn!(route = %route.name, "upstream origin has no usable host");
                continue;
            };
            let Some(host) = host_header(&route.upstream_origin) else {
                tracing::warn!(route = %route.name, "upstream authority is not a valid Host header");
                continue;
            };
            origins.push(OriginEntry {
                origin_uri: route.upstream_origin.clone(),
                h2c: route.h2c,
                origin: Origin::new(dialer, snap.limits.idle_timeout),
                host,
            });
        }
        Clients {
            origins: origins.into(),
        }
    }

    fn entry(&self, route: &Route) -> Option<&OriginEntry> {
        self.origins
            .iter()
            .find(|o| o.h2c == route.h2c && o.origin_uri == route.upstream_origin)
    }

    /// Sends one request (absolute URI) to the route's upstream, with the connect/response-head timeouts
    /// applied.
    pub async fn send(
        &self,
        route: &Route,
        req: Request<Full<Bytes>>,
        timeout: std::time::Duration,
    ) -> Result<Response<UpstreamBody>, ProxyError> {
        let Some(entry) = self.entry(route) else {
            tracing::debug!(route = %route.name, "no upstream client for the route");
            return Err(ProxyError::UpstreamConnect);
        };
        match tokio::time::timeout(timeout, send_to(entry, req)).await {
            Err(_) => Err(ProxyError::UpstreamTimeout),
            Ok(r) => r,
        }
    }
}

/// The `Host` header for an origin.
fn host_header(origin: &Uri) -> Option<HeaderValue> {
    let host = origin.host()?;
    let default = match origin.scheme_str() {
        Some("https") => 443,
        _ => 80,
    };
    let value = match origin.port_u16() {
        Some(p) if p != default => format!("{host}:{p}"),
        _ => host.to_owned(),
    };
    HeaderValue::from_str(&value).ok()
}

/// Sends on the shared h2 connection if the origin has one, else on an idle HTTP/1.1 connection, else on a
/// new connection.
async fn send_to(
    entry: &OriginEntry,
    mut req: Request<Full<Bytes>>,
) -> Result<Response<UpstreamBody>, ProxyError> {
    let origin = &entry.origin;
    if let Some(mut tx) = origin.h2() {
        *req.version_mut() = Version::HTTP_2;
        let resp = tx.send_request(req).await.map_err(broken)?;
        return Ok(resp.map(UpstreamBody::unpooled));
    }
    // HTTP/1.1 wants origin-form and a Host header; h2 (should the dial below negotiate it) wants the
    // absolute URI for its pseudo-headers, so keep it.
    let absolute = req.uri().clone();
    to_http1(&mut req, &entry.host);
    while let Some(conn) = origin.take_idle() {
        match send_on(conn, origin, req).await {
            Ok((resp, conn)) => {
                return Ok(resp.map(|b| UpstreamBody::pooled(b, conn, origin.clone())))
            }
            // Not sent: the connection closed while idle. Try the next one.
            Err(SendFailed::NotSent(back)) => req = back,
            Err(SendFailed::Broken(e)) => return Err(broken(e)),
        }
    }
    // Boxed: the dial's state (TCP connect, TLS handshake) is kilobytes, and an unboxed one would make
    // every request's future that large, and move it, though most requests find an idle connection.
    match Box::pin(origin.dialer.dial()).await {
        Err(e) => {
            tracing::debug!(error = %e, "upstream connect failed");
            Err(ProxyError::UpstreamConnect)
        }
        Ok(Sender::Http1(conn)) => {
            let (resp, conn) = send_on(conn, origin, req).await.map_err(|e| match e {
                SendFailed::NotSent(_) => {
                    tracing::debug!("a new upstream connection refused its first request");
                    ProxyError::UpstreamBroken
                }
                SendFailed::Broken(e) => broken(e),
            })?;
            Ok(resp.map(|b| UpstreamBody::pooled(b, conn, origin.clone())))
        }
        Ok(Sender::Http2(mut tx)) => {
            origin.set_h2(tx.clone());
            *req.uri_mut() = absolute;
            *req.version_mut() = Version::HTTP_2;
            req.headers_mut().remove(header::HOST);
            let resp = tx.send_request(req).await.map_err(broken)?;
            Ok(resp.map(UpstreamBody::unpooled))
        }
    }
}

/// The response-head future of a request sent on an HTTP/1.1 connection. Boxed so that a cancelled exchange can
/// hand it to [`drain`]: it is the response's only receiver, and hyper closes a connection whose receiver is
/// dropped.
type Sent = Pin<
    Box<dyn Future<Output = Result<Response<Incoming>, TrySendError<Request<Full<Bytes>>>>> + Send>,
>;

/// Sends on an HTTP/1.1 connection, driving its I/O until the response head is in, and hands the connection
/// back with it. A request the connection could not take (it closed while idle) comes back in the error.
/// Cancelled (the client reset its stream or went away) before the head, the exchange goes to [`drain`].
async fn send_on(
    conn: Conn1,
    origin: &Arc<Origin>,
    req: Request<Full<Bytes>>,
) -> Result<(Response<Incoming>, Conn1), SendFailed> {
    let mut conn = conn;
    let sent: Sent = Box::pin(conn.tx.try_send_request(req));
    let mut exchange = Exchange {
        conn: Some(conn),
        origin,
        sent: Some(sent),
    };
    let resp = std::future::poll_fn(|cx| {
        let (Some(conn), Some(sent)) = (exchange.conn.as_mut(), exchange.sent.as_mut()) else {
            // Not reached: both are set until this returns Ready.
            return Poll::Pending;
        };
        // The I/O first: it writes the request and reads the head that completes `sent`. Once the connection
        // has ended, `sent` resolves with its error.
        conn.driver.poll_alive(cx);
        sent.as_mut().poll(cx)
    })
    .await;
    exchange.sent = None;
    match (resp, exchange.conn.take()) {
        (Ok(resp), Some(conn)) => Ok((resp, conn)),
        (Err(mut e), _) => Err(match e.take_message() {
            Some(req) => SendFailed::NotSent(req),
            None => SendFailed::Broken(Some(e.into_error())),
        }),
        // Not reached: the connection is taken only here and in `drop`.
        (Ok(_), None) => Err(SendFailed::Broken(None)),
    }
}

/// Why [`send_on`] returned no response.
// The request is handed back by value, as hyper's `TrySendError` did: boxing it would allocate on every retry.
#[allow(clippy::large_enum_variant)]
enum SendFailed {
    /// The connection could not take the request (it closed while idle): here it is back, to send elsewhere.
    NotSent(Request<Full<Bytes>>),
    /// Sent, and the connection failed before the head (the error, when hyper gave one).
    Broken(Option<hyper::Error>),
}

/// An HTTP/1.1 exchange waiting for its response head; see [`send_on`].
struct Exchange<'a> {
    conn: Option<Conn1>,
    origin: &'a Arc<Origin>,
    /// Set while the head is awaited.
    sent: Option<Sent>,
}

impl Drop for Exchange<'_> {
    fn drop(&mut self) {
        if let (Some(sent), Some(conn)) = (self.sent.take(), self.conn.take()) {
            // Only where a runtime runs (always, but for a test dropping a future outside one).
            if let Ok(rt) = tokio::runtime::Handle::try_current() {
                rt.spawn(drain(sent, conn, self.origin.clone()));
            }
        }
    }
}

/// Longest wait, in the background, for the answer to a request whose client went away, before its
/// connection is closed rather than kept: a fast upstream answers well within it, and a long tool call is
/// told by the close that nobody waits (closing is HTTP/1.1's only way to cancel), with this much delay.
const DRAIN_DEADLINE: std::time::Duration = std::time::Duration::from_secs(1);
/// Most bytes of such an answer read and thrown away to keep its connection: a dial costs less than more.
const DRAIN_MAX_BYTES: u64 = 64 << 10;

/// Keeps the connection of a cancelled HTTP/1.1 exchange when its answer comes soon and is small: reads the
/// head and the body to its end, then the body puts the connection back on the idle stack. Otherwise the
/// connection closes, as before.
///
/// Why: HTTP/1.1 cannot cancel a request but by closing its connection, so every cancelled call used to cost
/// a dial; h2 rapid reset (CVE-2023-44487: 103k client resets in 6 s) made the gateway dial 6,480 upstream
/// connections, which against a remote upstream runs out of ephemeral ports within a minute. Envoy and
/// nginx close the upstream connection of an aborted request too, and bound the damage with connection
/// limits; here the cancelled exchange's answer is waited for instead, within [`DRAIN_DEADLINE`] and
/// [`DRAIN_MAX_BYTES`], so a flood of cancelled calls to a fast upstream reuses a few connections, and the
/// cost of a cancellation is a task and a timer, nothing on the path of a request that completes.
async fn drain(mut sent: Sent, mut conn: Conn1, origin: Arc<Origin>) {
    let finished = tokio::time::timeout(DRAIN_DEADLINE, async move {
        let resp = std::future::poll_fn(|cx| {
            conn.driver.poll_alive(cx);
            sent.as_mut().poll(cx)
        })
        .await
        .ok()?;
        let mut body = UpstreamBody::pooled(resp.into_body(), conn, origin);
        let mut read = 0u64;
        while let Some(frame) = std::future::poll_fn(|cx| Pin::new(&mut body).poll_frame(cx)).await
        {
            let frame = frame.ok()?;
            read += frame.data_ref().map_or(0, |d| d.len() as u64);
            if read > DRAIN_MAX_BYTES {
                return None;
            }
        }
        Some(())
    })
    .await;
    if !matches!(finished, Ok(Some(()))) {
        tracing::debug!("cancelled upstream exchange not drained; its connection is closed");
    }
}

/// Rewrites an absolute-URI request into what an HTTP/1.1 connection sends.
fn to_http1(req: &mut Request<Full<Bytes>>, host: &HeaderValue) {
    let origin_form = req
        .uri()
        .path_and_query()
        .cloned()
        .map_or_else(|| Uri::from_static("/"), Uri::from);
    *req.uri_mut() = origin_form;
    *req.version_mut() = Version::HTTP_11;
    req.headers_mut().insert(header::HOST, host.clone());
}

fn broken(e: impl Into<Option<hyper::Error>>) -> ProxyError {
    if let Some(e) = e.into() {
        tracing::debug!(error = %e, "upstream request failed");
    }
    ProxyError::UpstreamBroken
}

/// An upstream response body. On HTTP/1.1 it also drives its connection's I/O (see `connect`), and the
/// connection goes back to its origin's idle stack as soon as the body has been read to its end; a body
/// dropped before that closes its connection (a connection with unread response bytes cannot be reused).
pub struct UpstreamBody {
    inner: Incoming,
    conn: Option<(Conn1, Arc<Origin>)>,
}

impl UpstreamBody {
    fn unpooled(inner: Incoming) -> Self {
        UpstreamBody { inner, conn: None }
    }

    fn pooled(inner: Incoming, conn: Conn1, origin: Arc<Origin>) -> Self {
        let mut body = UpstreamBody {
            inner,
            conn: Some((conn, origin)),
        };
        // An empty body (202, 204, Content-Length: 0) may never be polled.
        if body.inner.is_end_stream() {
            body.release();
        }
        body
    }

    fn release(&mut self) {
        if let Some((conn, origin)) = self.conn.take() {
            origin.put_idle(conn);
        }
    }
}

impl Body for UpstreamBody {
    type Data = Bytes;
    type Error = hyper::Error;

    fn poll_frame(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Bytes>, hyper::Error>>> {
        let this = self.get_mut();
        // The body's channel first: what the connection already decoded is taken without touching the I/O.
        // Only an empty channel drives the connection, and only after the poll above has told hyper the body
        // wants more (driving it first would park the chunk until that want woke this task once more).
        let mut polled = Pin::new(&mut this.inner).poll_frame(cx);
        if polled.is_pending() {
            if let Some((conn, _)) = &mut this.conn {
                // Reads and decodes what the upstream sent into the channel (and registers for more).
                conn.driver.poll_alive(cx);
                polled = Pin::new(&mut this.inner).poll_frame(cx);
            }
        }
        match &polled {
            Poll::Ready(None) => this.release(),
            Poll::Ready(Some(Ok(_))) if this.inner.is_end_stream() => this.release(),
            Poll::Ready(Some(Err(_))) => this.conn = None,
            _ => {}
        }
        polled
    }

    fn is_end_stream(&self) -> bool {
        self.inner.is_end_stream()
    }

    fn size_hint(&self) -> SizeHint {
        self.inner.size_hint()
    }
}
