//! A route's `identity` section: the JWT verifier and where its keys come from (a JWKS file, or an HTTPS
//! JWKS URL fetched by [`crate::identity::https_fetch`]).

use std::sync::Arc;

use crate::identity::{JwksSource, JwtConfig, JwtVerifier, KeySet};

use super::{file, tls, Cx};

/// Default clock skew for JWT `exp`/`nbf`.
const DEFAULT_LEEWAY_SECONDS: u64 = 60;

/// The route's verifier, or why it cannot be built (the caller names the field).
pub(super) fn compile(
    cx: &mut Cx<'_>,
    idf: &file::IdentityFile,
    upstream_tls: &file::UpstreamTlsFile,
) -> Result<JwtVerifier, String> {
    let mut algorithms = Vec::new();
    for a in &idf.algorithms {
        algorithms.push(
            a.parse::<jsonwebtoken::Algorithm>()
                .map_err(|_| format!("algorithms: {a:?} is not a JWT algorithm"))?,
        );
    }
    let source = match (&idf.jwks_file, &idf.jwks_url) {
        (Some(p), None) => {
            let path = cx.watch(p);
            let text = std::fs::read_to_string(&path)
                .map_err(|e| format!("jwks_file {}: {e}", path.display()))?;
            JwksSource::fixed(
                KeySet::from_jwks(&text)
                    .map_err(|e| format!("jwks_file {}: {e}", path.display()))?,
            )
        }
        (None, Some(url)) => {
            let uri: http::Uri = url.parse().map_err(|e| format!("jwks_url: {e}"))?;
            if uri.scheme_str() != Some("https")
                && uri.host() != Some("127.0.0.1")
                && uri.host() != Some("localhost")
            {
                return Err("jwks_url must be https (plain http only for localhost)".into());
            }
            // The JWKS host is trusted like an upstream: the system roots plus `upstream_tls.extra_ca`.
            let extra_ca = upstream_tls.extra_ca.as_deref().map(|p| cx.resolve(p));
            let tls_cfg = tls::client_config(extra_ca.as_deref(), None, None)
                .map_err(|_| "jwks_url: no TLS configuration")?;
            let min_refetch = idf.jwks_min_refetch_seconds.map_or(
                crate::identity::DEFAULT_MIN_REFETCH,
                std::time::Duration::from_secs,
            );
            JwksSource::remote(crate::identity::https_fetch(uri, tls_cfg), min_refetch)
        }
        _ => return Err("exactly one of jwks_file and jwks_url".into()),
    };
    let leeway = idf.leeway_seconds.unwrap_or(DEFAULT_LEEWAY_SECONDS);
    JwtVerifier::new(
        JwtConfig {
            issuers: idf.issuers.clone(),
            audiences: idf.audiences.clone(),
            algorithms,
            leeway_seconds: leeway,
        },
        Arc::new(source),
    )
    .map_err(|e| e.to_string())
}
