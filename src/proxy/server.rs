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

fn http_builder(gw: &Gateway) -> auto::Builder<TokioExecutor> {
    let limits = gw.live.load().snapshot.limits;
    let mut b = auto::Builder::new(TokioExecutor::new());
    b.http1()
        .timer(TokioTimer::new())
        .header_read_timeout(limits.header_read_timeout)
        .keep_alive(true);
    b.http2()
        .timer(TokioTimer::new())
        .keep_alive_interval(Some(Duration::from_secs(30)))
        // Bounded per-connection streams: one client cannot open thousands of concurrent calls on one socket.
        .max_concurrent_streams(256);
    b
}

async fn accept_loop(
    gw: Arc<Gateway>,
    listener: TcpListener,
    tls: Option<tokio_rustls::TlsAcceptor>,
    mut stop: watch::Receiver<bool>,
    grace: Duration,
) {
    let graceful = GracefulShutdown::new();
    let builder = Arc::new(http_builder(&gw));
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
        let is_tls = tls.is_some();
        let svc = service_fn(move |req: Request<Incoming>| {
            let gw = gw2.clone();
            async move { Ok::<_, Infallible>(pipeline::handle(gw, req, peer, is_tls).await) }
        });
        let metrics = gw.metrics.clone();
        match &tls {
            None => {
                let conn = builder
                    .serve_connection_with_upgrades(TokioIo::new(stream), svc)
                    .into_owned();
                let watched = graceful.watch(conn);
                tokio::spawn(async move {
                    metrics.connections_open.inc();
                    let _ = watched.await;
                    metrics.connections_open.dec();
                });
            }
            Some(acceptor) => {
                let acceptor = acceptor.clone();
                let builder = builder.clone();
                // The handshake runs in its own task so a slow client never blocks the accept loop; the
                // connection is not watched by the graceful shutdown until it is established.
                let watcher = graceful.watcher();
                tokio::spawn(async move {
                    let Ok(Ok(tls_stream)) =
                        tokio::time::timeout(TLS_HANDSHAKE_TIMEOUT, acceptor.accept(stream)).await
                    else {
                        return;
                    };
                    let conn = builder
                        .serve_connection_with_upgrades(TokioIo::new(tls_stream), svc)
                        .into_owned();
                    metrics.connections_open.inc();
                    let _ = watcher.watch(conn).await;
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
