//! Listeners: accept, TLS, HTTP/1.1 and h2 on one port; the admin listener; graceful shutdown.

use std::convert::Infallible;
use std::net::SocketAddr;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

use http::{header, HeaderValue, Request, Response, StatusCode};
use hyper::body::Incoming;
use hyper::service::service_fn;
use hyper_util::rt::{TokioExecutor, TokioIo, TokioTimer};
use hyper_util::server::conn::auto;
use hyper_util::server::graceful::GracefulShutdown;
use tokio::net::TcpListener;
use tokio::sync::watch;
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
}

impl Running {
    /// Stops accepting and waits for in-flight requests and streams, up to the grace period.
    pub async fn shutdown(mut self, grace: Duration) {
        let _ = self.stop.send(true);
        let all = async { while self.tasks.join_next().await.is_some() {} };
        if tokio::time::timeout(grace + Duration::from_secs(1), all)
            .await
            .is_err()
        {
            self.tasks.abort_all();
        }
    }

    /// Waits until every listener ends (after `shutdown` was asked through the stop handle).
    pub fn stopper(&self) -> watch::Sender<bool> {
        self.stop.clone()
    }
}

/// Binds every listener of the gateway's snapshot and the admin listener, and serves until stopped.
pub async fn serve(gw: Arc<Gateway>) -> std::io::Result<Running> {
    let snap = gw.live.load().snapshot.clone();
    crate::wire::prefilter::prepare();
    let (stop, stop_rx) = watch::channel(false);
    let mut tasks = JoinSet::new();
    let mut addrs = Vec::new();
    let ready = Arc::new(AtomicBool::new(false));
    for l in &snap.listeners {
        let listener = TcpListener::bind(l.addr).await?;
        addrs.push(listener.local_addr()?);
        let tls = l.tls.clone().map(tokio_rustls::TlsAcceptor::from);
        tasks.spawn(accept_loop(
            gw.clone(),
            listener,
            tls,
            stop_rx.clone(),
            snap.limits.shutdown_grace,
        ));
    }
    let admin = match snap.admin {
        Some(a) => {
            let listener = TcpListener::bind(a).await?;
            let bound = listener.local_addr()?;
            tasks.spawn(admin_loop(
                gw.clone(),
                listener,
                ready.clone(),
                stop_rx.clone(),
            ));
            Some(bound)
        }
        None => None,
    };
    ready.store(true, Ordering::Release);
    Ok(Running {
        addrs,
        admin,
        stop,
        tasks,
    })
}

/// The HTTP/2 connection preface: a plaintext connection that opens with it speaks h2c (prior knowledge).
const H2_PREFACE: &[u8] = b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n";
/// Pause before peeking again at a connection whose first bytes are a strict prefix of [`H2_PREFACE`].
const PREFACE_REPEEK: Duration = Duration::from_millis(5);

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
    /// How long a new connection (plaintext, or TLS after its handshake) may stay silent before its first bytes.
    first_bytes_timeout: Duration,
}

fn builders(gw: &Gateway) -> Builders {
    let limits = gw.live.load().snapshot.limits;
    let mut h1 = hyper::server::conn::http1::Builder::new();
    h1.timer(TokioTimer::new())
        .header_read_timeout(limits.header_read_timeout)
        .keep_alive(true);
    let mut h2 = hyper::server::conn::http2::Builder::new(TokioExecutor::new());
    h2.timer(TokioTimer::new())
        .keep_alive_interval(Some(Duration::from_secs(30)))
        // Bounded per-connection streams: one client cannot open thousands of concurrent calls on one socket.
        .max_concurrent_streams(256);
    let mut auto = auto::Builder::new(TokioExecutor::new());
    auto.http1()
        .timer(TokioTimer::new())
        .header_read_timeout(limits.header_read_timeout)
        .keep_alive(true);
    auto.http2()
        .timer(TokioTimer::new())
        .keep_alive_interval(Some(Duration::from_secs(30)))
        .max_concurrent_streams(256);
    Builders {
        h1,
        h2,
        auto,
        first_bytes_timeout: limits.header_read_timeout,
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

async fn accept_loop(
    gw: Arc<Gateway>,
    listener: TcpListener,
    tls: Option<tokio_rustls::TlsAcceptor>,
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
                // Out of file descriptors and similar: back off briefly instead of spinning.
                tracing::warn!(error = %e, "accept failed");
                tokio::time::sleep(Duration::from_millis(50)).await;
                continue;
            }
        };
        let _ = stream.set_nodelay(true);
        let gw2 = gw.clone();
        let client = Arc::new(pipeline::Peer::new(peer, tls.is_some()));
        let svc = service_fn(move |req: Request<Incoming>| {
            let gw = gw2.clone();
            let client = client.clone();
            // Boxed: hyper keeps a slot the size of the service future for the whole life of an HTTP/1.1
            // connection. Boxed, the slot is a pointer, and the request's state (a few KiB) exists only while
            // the request is in flight, not on every idle keep-alive connection.
            Box::pin(async move { Ok::<_, Infallible>(pipeline::handle(gw, req, client).await) })
        });
        let metrics = gw.metrics.clone();
        let builders = builders.clone();
        // The connection is watched by the graceful shutdown once its protocol is known (plaintext) or its
        // handshake is done (TLS); both run in the connection's task so a slow client never blocks the loop.
        let watcher = graceful.watcher();
        match &tls {
            None => {
                tokio::spawn(async move {
                    let first = builders.first_bytes_timeout;
                    // Silent past the header read timeout, or a socket error: nothing to serve.
                    let Ok(Ok(h2)) = tokio::time::timeout(first, speaks_h2(&stream)).await else {
                        return;
                    };
                    let io = TokioIo::new(stream);
                    metrics.connections_open.inc();
                    if h2 {
                        // Boxed: h2c is rare here, and its connection state inline would make every
                        // HTTP/1.1 connection's task that much larger.
                        let conn = builders.h2.serve_connection(io, svc);
                        let _ = Box::pin(watcher.watch(conn)).await;
                    } else {
                        let conn = builders.h1.serve_connection(io, svc);
                        let _ = watcher.watch(conn).await;
                    }
                    metrics.connections_open.dec();
                });
            }
            Some(acceptor) => {
                let acceptor = acceptor.clone();
                tokio::spawn(async move {
                    let Ok(Ok(tls_stream)) =
                        tokio::time::timeout(TLS_HANDSHAKE_TIMEOUT, acceptor.accept(stream)).await
                    else {
                        return;
                    };
                    // The protocol is the one ALPN agreed (RFC 9113 §3.2); `auto` sniffs only for a client that
                    // offered none. Whichever serves it, the client's first bytes have a deadline.
                    let alpn = tls_stream.get_ref().1.alpn_protocol().map(<[u8]>::to_vec);
                    let io =
                        TokioIo::new(FirstBytes::new(tls_stream, builders.first_bytes_timeout));
                    metrics.connections_open.inc();
                    match alpn.as_deref() {
                        Some(b"h2") => {
                            let conn = builders.h2.serve_connection(io, svc);
                            let _ = Box::pin(watcher.watch(conn)).await;
                        }
                        Some(b"http/1.1") => {
                            let conn = builders.h1.serve_connection(io, svc);
                            let _ = watcher.watch(conn).await;
                        }
                        _ => {
                            let conn = builders
                                .auto
                                .serve_connection_with_upgrades(io, svc)
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
    if tokio::time::timeout(grace, graceful.shutdown())
        .await
        .is_err()
    {
        tracing::warn!("grace period over; closing the remaining connections");
    }
}

async fn admin_loop(
    gw: Arc<Gateway>,
    listener: TcpListener,
    ready: Arc<AtomicBool>,
    mut stop: watch::Receiver<bool>,
) {
    loop {
        let accepted = tokio::select! {
            r = listener.accept() => r,
            _ = stop.changed() => break,
        };
        let Ok((stream, _)) = accepted else { continue };
        let gw = gw.clone();
        let ready = ready.clone();
        tokio::spawn(async move {
            let svc = service_fn(move |req: Request<Incoming>| {
                let gw = gw.clone();
                let ready = ready.clone();
                async move { Ok::<_, Infallible>(admin(&gw, &req, &ready)) }
            });
            let _ = hyper::server::conn::http1::Builder::new()
                .serve_connection(TokioIo::new(stream), svc)
                .await;
        });
    }
}

fn admin(gw: &Gateway, req: &Request<Incoming>, ready: &AtomicBool) -> Response<ProxyBody> {
    let (status, ctype, body) = match req.uri().path() {
        "/metrics" => (
            StatusCode::OK,
            "application/openmetrics-text; version=1.0.0; charset=utf-8",
            gw.metrics.encode(),
        ),
        "/healthz" => (StatusCode::OK, "text/plain", "ok\n".to_owned()),
        "/readyz" if ready.load(Ordering::Acquire) => {
            (StatusCode::OK, "text/plain", "ready\n".to_owned())
        }
        "/readyz" => (
            StatusCode::SERVICE_UNAVAILABLE,
            "text/plain",
            "starting\n".to_owned(),
        ),
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
