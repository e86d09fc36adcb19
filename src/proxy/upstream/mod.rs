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
    while let Some(mut conn) = origin.take_idle() {
        match send_on(&mut conn, req).await {
            Ok(resp) => return Ok(resp.map(|b| UpstreamBody::pooled(b, conn, origin.clone()))),
            Err(mut e) => match e.take_message() {
                // Not sent: the connection closed while idle. Try the next one.
                Some(back) => req = back,
                None => return Err(broken(e.into_error())),
            },
        }
    }
    // Boxed: the dial's state (TCP connect, TLS handshake) is kilobytes, and an unboxed one would make
    // every request's future that large, and move it, though most requests find an idle connection.
    match Box::pin(origin.dialer.dial()).await {
        Err(e) => {
            tracing::debug!(error = %e, "upstream connect failed");
            Err(ProxyError::UpstreamConnect)
        }
        Ok(Sender::Http1(mut conn)) => {
            let resp = send_on(&mut conn, req)
                .await
                .map_err(|e| broken(e.into_error()))?;
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

/// Sends on an HTTP/1.1 connection, driving its I/O until the response head is in. A request the connection
/// could not take (it closed while idle) comes back in the error.
async fn send_on(
    conn: &mut Conn1,
    req: Request<Full<Bytes>>,
) -> Result<Response<Incoming>, TrySendError<Request<Full<Bytes>>>> {
    let mut sent = std::pin::pin!(conn.tx.try_send_request(req));
    let driver = &mut conn.driver;
    std::future::poll_fn(|cx| {
        // The I/O first: it writes the request and reads the head that completes `sent`. Once the connection
        // has ended, `sent` resolves with its error.
        driver.poll_alive(cx);
        sent.as_mut().poll(cx)
    })
    .await
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

fn broken(e: hyper::Error) -> ProxyError {
    tracing::debug!(error = %e, "upstream request failed");
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
