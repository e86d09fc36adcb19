//! Dialing an upstream: TCP (no Nagle), rustls with ALPN for `https://`, and the HTTP handshake of the
//! protocol the connection speaks (HTTP/1.1, h2 by ALPN, or prior-knowledge h2c).
//!
//! An HTTP/1.1 connection's I/O is driven by whoever waits on it (the request waiting for its response head,
//! then the response body being read), not by a task of its own: the bytes the upstream sent together are
//! decoded together, in the task that forwards them, with no wake-up of another task per chunk (which wrote a
//! three-event SSE response to the client in four writes, one per chunk and the end). h2 connections, shared
//! by many requests, run in a task of their own.

use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};
use std::time::Duration;

use bytes::Bytes;
use http::Uri;
use http_body_util::Full;
use hyper::client::conn::{http1, http2};
use hyper_util::rt::{TokioExecutor, TokioIo};
use rustls::pki_types::ServerName;
use tokio::net::TcpStream;
use tokio_rustls::TlsConnector;

/// A new connection's sender.
pub enum Sender {
    /// One request at a time; goes back to the idle stack after each response.
    Http1(Conn1),
    /// Multiplexed; shared by every request to the origin while it lives.
    Http2(http2::SendRequest<Full<Bytes>>),
}

/// An HTTP/1.1 connection: its sender and its I/O, which the holder drives.
pub struct Conn1 {
    pub tx: http1::SendRequest<Full<Bytes>>,
    pub driver: Driver,
}

/// An HTTP/1.1 connection's I/O future, polled by whoever is waiting on the connection; None once it ended.
pub struct Driver(Option<Pin<Box<dyn Future<Output = hyper::Result<()>> + Send>>>);

impl Driver {
    /// Moves the connection's I/O forward (reads, writes, decodes); false once the connection has ended.
    pub fn poll_alive(&mut self, cx: &mut Context<'_>) -> bool {
        let Some(conn) = self.0.as_mut() else {
            return false;
        };
        match conn.as_mut().poll(cx) {
            Poll::Pending => true,
            Poll::Ready(end) => {
                if let Err(e) = end {
                    tracing::debug!(error = %e, "upstream connection ended");
                }
                self.0 = None;
                false
            }
        }
    }

    /// Lets an idle connection notice the upstream closing it, without a task to wake.
    pub fn check_alive(&mut self) -> bool {
        self.poll_alive(&mut Context::from_waker(std::task::Waker::noop()))
    }
}

/// Why a dial failed. Every variant means the upstream was not reached: the request was never sent.
#[derive(Debug, thiserror::Error)]
pub enum DialError {
    /// TCP connect failed or took longer than the connect timeout.
    #[error("tcp connect: {0}")]
    Tcp(std::io::Error),
    /// The TLS handshake failed (certificate, protocol) or timed out.
    #[error("tls handshake: {0}")]
    Tls(std::io::Error),
    /// The HTTP handshake (the h2 preface and settings) failed.
    #[error("http handshake: {0}")]
    Handshake(hyper::Error),
}

/// How to reach one upstream origin. Built once per configuration snapshot.
pub struct Dialer {
    /// Host for `connect` (IPv6 literals without brackets) and port.
    host: String,
    port: u16,
    /// rustls for `https://`, with the name the certificate must carry.
    tls: Option<(TlsConnector, ServerName<'static>)>,
    /// Prior-knowledge h2c over plain TCP.
    h2c: bool,
    connect_timeout: Duration,
}

/// ALPN offered to TLS upstreams: h2 first, as the pooled client this replaced did.
fn alpn() -> Vec<Vec<u8>> {
    vec![b"h2".to_vec(), b"http/1.1".to_vec()]
}

impl Dialer {
    /// The dialer for an origin (`scheme://authority/`), or None when the origin has no host (config
    /// validation rejects those, so this only guards the invariant).
    pub fn new(
        origin: &Uri,
        h2c: bool,
        tls: &Arc<rustls::ClientConfig>,
        connect_timeout: Duration,
    ) -> Option<Self> {
        let https = origin.scheme_str() == Some("https");
        let raw_host = origin.host()?;
        let host = raw_host
            .strip_prefix('[')
            .and_then(|h| h.strip_suffix(']'))
            .unwrap_or(raw_host)
            .to_owned();
        let port = origin.port_u16().unwrap_or(if https { 443 } else { 80 });
        let tls = if https {
            let mut cfg = rustls::ClientConfig::clone(tls);
            cfg.alpn_protocols = alpn();
            let name = ServerName::try_from(host.clone()).ok()?;
            Some((TlsConnector::from(Arc::new(cfg)), name))
        } else {
            None
        };
        Some(Dialer {
            host,
            port,
            tls,
            h2c,
            connect_timeout,
        })
    }

    /// Opens a connection and performs the HTTP handshake (an h2 connection's I/O task is spawned here).
    pub async fn dial(&self) -> Result<Sender, DialError> {
        let tcp = tokio::time::timeout(
            self.connect_timeout,
            TcpStream::connect((self.host.as_str(), self.port)),
        )
        .await
        .map_err(|_| DialError::Tcp(std::io::ErrorKind::TimedOut.into()))?
        .map_err(DialError::Tcp)?;
        // Requests and responses are written whole by hyper; Nagle would only delay the last segment.
        let _ = tcp.set_nodelay(true);
        match &self.tls {
            None if self.h2c => http2_over(tcp).await,
            None => http1_over(tcp).await,
            Some((connector, name)) => {
                let tls = tokio::time::timeout(
                    self.connect_timeout,
                    connector.connect(name.clone(), tcp),
                )
                .await
                .map_err(|_| DialError::Tls(std::io::ErrorKind::TimedOut.into()))?
                .map_err(DialError::Tls)?;
                let h2 = tls.get_ref().1.alpn_protocol() == Some(b"h2");
                if h2 {
                    http2_over(tls).await
                } else {
                    http1_over(tls).await
                }
            }
        }
    }
}

async fn http1_over<S>(io: S) -> Result<Sender, DialError>
where
    S: tokio::io::AsyncRead + tokio::io::AsyncWrite + Unpin + Send + 'static,
{
    let (tx, conn) = http1::Builder::new()
        .handshake(TokioIo::new(io))
        .await
        .map_err(DialError::Handshake)?;
    Ok(Sender::Http1(Conn1 {
        tx,
        driver: Driver(Some(Box::pin(conn))),
    }))
}

async fn http2_over<S>(io: S) -> Result<Sender, DialError>
where
    S: tokio::io::AsyncRead + tokio::io::AsyncWrite + Unpin + Send + 'static,
{
    let (tx, conn) = http2::Builder::new(TokioExecutor::new())
        .handshake(TokioIo::new(io))
        .await
        .map_err(DialError::Handshake)?;
    tokio::spawn(async move {
        if let Err(e) = conn.await {
            tracing::debug!(error = %e, "upstream h2 connection ended");
        }
    });
    Ok(Sender::Http2(tx))
}
