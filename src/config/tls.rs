//! TLS settings from PEM files (rustls with aws-lc-rs), for client listeners and upstream connections.

use std::path::Path;

use rustls::pki_types::pem::PemObject;
use rustls::pki_types::{CertificateDer, PrivateKeyDer};

/// Installs aws-lc-rs as rustls' process-wide provider, so that a second provider pulled in by a
/// dependency can never make rustls refuse to choose. Idempotent.
pub fn install_crypto_provider() {
    let _ = rustls::crypto::aws_lc_rs::default_provider().install_default();
}

fn certs(path: &Path) -> Result<Vec<CertificateDer<'static>>, String> {
    let certs: Result<Vec<_>, _> = CertificateDer::pem_file_iter(path)
        .map_err(|e| format!("{}: {e}", path.display()))?
        .collect();
    let certs = certs.map_err(|e| format!("{}: {e}", path.display()))?;
    if certs.is_empty() {
        return Err(format!("{}: no PEM certificate found", path.display()));
    }
    Ok(certs)
}

fn key(path: &Path) -> Result<PrivateKeyDer<'static>, String> {
    PrivateKeyDer::from_pem_file(path).map_err(|e| format!("{}: {e}", path.display()))
}

/// A server config offering h2 and http/1.1 by ALPN.
pub fn server_config(cert: &Path, key_path: &Path) -> Result<rustls::ServerConfig, String> {
    install_crypto_provider();
    let mut cfg = rustls::ServerConfig::builder()
        .with_no_client_auth()
        .with_single_cert(certs(cert)?, key(key_path)?)
        .map_err(|e| format!("certificate and key do not form a usable pair: {e}"))?;
    cfg.alpn_protocols = vec![b"h2".to_vec(), b"http/1.1".to_vec()];
    Ok(cfg)
}

/// A client config trusting the system roots plus an optional extra CA, with an optional client certificate.
pub fn client_config(
    extra_ca: Option<&Path>,
    client_cert: Option<&Path>,
    client_key: Option<&Path>,
) -> Result<rustls::ClientConfig, String> {
    install_crypto_provider();
    let mut roots = rustls::RootCertStore::empty();
    // System roots that fail to load are skipped: a broken bundle on the host must not stop a gateway
    // whose upstreams are trusted through `extra_ca`.
    let native = rustls_native_certs::load_native_certs();
    for cert in native.certs {
        let _ = roots.add(cert);
    }
    if let Some(ca) = extra_ca {
        for c in certs(ca)? {
            roots
                .add(c)
                .map_err(|e| format!("extra_ca {}: {e}", ca.display()))?;
        }
    }
    let builder = rustls::ClientConfig::builder().with_root_certificates(roots);
    match (client_cert, client_key) {
        (Some(c), Some(k)) => builder
            .with_client_auth_cert(certs(c)?, key(k)?)
            .map_err(|e| format!("client certificate: {e}")),
        (None, None) => Ok(builder.with_no_client_auth()),
        _ => Err("client_cert and client_key go together".into()),
    }
}
