//! Every failure the proxy can meet. How each is answered is in [`crate::proxy::reply`] (a
//! [`crate::proxy::reply::Reply::Failed`]), the one place that renders the gateway's answers.

/// Why the proxy could not do its job for a request.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum ProxyError {
    /// No route serves the path.
    #[error("no route serves this path")]
    NoRoute,
    /// The request body is larger than the limit.
    #[error("request body larger than {0} bytes")]
    RequestTooLarge(u64),
    /// The request body could not be read.
    #[error("request body could not be read")]
    RequestRead,
    /// The request body did not arrive within the header read timeout.
    #[error("request body not received in time")]
    RequestTimeout,
    /// The request body is not one JSON-RPC message the gateway can read.
    #[error("request body is not valid JSON-RPC: {0}")]
    BadRequest(String),
    /// Too many requests in flight.
    #[error("too many requests in flight")]
    Overloaded,
    /// The shared state store cannot be reached, and the request needs it (a retry's replay check, a legacy
    /// session's owner, a question to remember).
    #[error("the state store is unavailable")]
    StoreUnavailable,
    /// The route needs a verified identity and the request has none (or an invalid one); the value is the
    /// `WWW-Authenticate` header.
    #[error("authentication required")]
    Unauthorized(String),
    /// The request's `Host` or `Origin` is not allowed (DNS-rebinding protection).
    #[error("forbidden: {0}")]
    Forbidden(crate::config::origin::OriginError),
    /// The upstream could not be reached.
    #[error("upstream unreachable")]
    UpstreamConnect,
    /// The upstream did not answer in time.
    #[error("upstream timed out")]
    UpstreamTimeout,
    /// The upstream broke the connection or the protocol.
    #[error("upstream connection failed")]
    UpstreamBroken,
    /// The upstream's response is larger than the gateway will judge.
    #[error("upstream response larger than {0} bytes")]
    UpstreamTooLarge(u64),
    /// The upstream compressed a body the gateway asked to be sent plain.
    #[error("upstream sent an encoded body ({0}) the gateway did not ask for")]
    UpstreamEncoding(String),
}

impl ProxyError {
    /// The metric label for upstream errors, or None for client-side errors.
    pub fn upstream_kind(&self) -> Option<&'static str> {
        match self {
            ProxyError::UpstreamConnect => Some("connect"),
            ProxyError::UpstreamTimeout => Some("timeout"),
            ProxyError::UpstreamBroken => Some("reset"),
            ProxyError::UpstreamTooLarge(_) => Some("too_large"),
            ProxyError::UpstreamEncoding(_) => Some("encoding"),
            ProxyError::NoRoute
            | ProxyError::RequestTooLarge(_)
            | ProxyError::RequestRead
            | ProxyError::RequestTimeout
            | ProxyError::BadRequest(_)
            | ProxyError::Overloaded
            | ProxyError::StoreUnavailable
            | ProxyError::Unauthorized(_)
            | ProxyError::Forbidden(_) => None,
        }
    }
}
