//! The pooled upstream clients: HTTP/1.1 (and h2 by ALPN) over plain TCP or rustls, and prior-knowledge h2c.

use std::sync::Arc;

use bytes::Bytes;
use http::{Request, Response};
use http_body_util::Full;
use hyper::body::Incoming;
use hyper_rustls::HttpsConnector;
use hyper_util::client::legacy::connect::HttpConnector;
use hyper_util::client::legacy::Client;
use hyper_util::rt::TokioExecutor;

use crate::config::{Route, Snapshot};
use crate::proxy::error::ProxyError;

/// Idle upstream connections kept per host. 256 covers a busy gateway's concurrency to one upstream
/// without holding thousands of sockets open.
const POOL_MAX_IDLE_PER_HOST: usize = 256;

/// The clients for one snapshot (rebuilt on reload, since TLS settings may change).
#[derive(Clone, Debug)]
pub struct Clients {
    http: Client<HttpsConnector<HttpConnector>, Full<Bytes>>,
    h2c: Client<HttpConnector, Full<Bytes>>,
}

impl Clients {
    /// Builds the clients for a snapshot.
    pub fn new(snap: &Snapshot) -> Self {
        let mut tcp = HttpConnector::new();
        tcp.enforce_http(false);
        tcp.set_nodelay(true);
        tcp.set_connect_timeout(Some(snap.limits.upstream_connect_timeout));
        let tls = Arc::unwrap_or_clone(snap.upstream_tls.clone());
        let https = hyper_rustls::HttpsConnectorBuilder::new()
            .with_tls_config(tls)
            .https_or_http()
            .enable_all_versions()
            .wrap_connector(tcp.clone());
        let mut b = Client::builder(TokioExecutor::new());
        b.pool_max_idle_per_host(POOL_MAX_IDLE_PER_HOST)
            .pool_idle_timeout(snap.limits.idle_timeout);
        let http = b.build(https);
        let mut b2 = Client::builder(TokioExecutor::new());
        b2.http2_only(true)
            .pool_idle_timeout(snap.limits.idle_timeout);
        let h2c = b2.build(tcp);
        Clients { http, h2c }
    }

    /// Sends one request to the route's upstream, with the connect/response-head timeouts applied.
    pub async fn send(
        &self,
        route: &Route,
        req: Request<Full<Bytes>>,
        timeout: std::time::Duration,
    ) -> Result<Response<Incoming>, ProxyError> {
        let fut = async {
            if route.h2c {
                self.h2c.request(req).await
            } else {
                self.http.request(req).await
            }
        };
        match tokio::time::timeout(timeout, fut).await {
            Err(_) => Err(ProxyError::UpstreamTimeout),
            Ok(Ok(resp)) => Ok(resp),
            Ok(Err(e)) if e.is_connect() => {
                // A connect timeout surfaces as a connect error; both mean the upstream is unreachable.
                tracing::debug!(error = %e, "upstream connect failed");
                Err(ProxyError::UpstreamConnect)
            }
            Ok(Err(e)) => {
                tracing::debug!(error = %e, "upstream request failed");
                Err(ProxyError::UpstreamBroken)
            }
        }
    }
}
