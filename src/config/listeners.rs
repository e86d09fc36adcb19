//! The `listeners`, `admin` and `links` sections: where the gateway listens, and the public URL of its
//! warning pages.

use std::net::SocketAddr;
use std::sync::Arc;

use http::Uri;

use super::{file, tls, Cx, Listener, Overrides, DEFAULT_LINK_TTL_SECONDS};

/// Where the gateway listens for clients: the file's listeners, `--listen` over the first, or the default
/// loopback address when none is given.
pub(super) fn compile(
    cx: &mut Cx<'_>,
    files: &[file::ListenerFile],
    ov: &Overrides,
) -> Vec<Listener> {
    let mut listener_files = files.to_vec();
    if let Some(l) = &ov.listen {
        listener_files = vec![file::ListenerFile {
            address: l.clone(),
            tls: listener_files.first().and_then(|l| l.tls.clone()),
        }];
    }
    if listener_files.is_empty() {
        listener_files.push(file::ListenerFile {
            address: "127.0.0.1:8080".into(),
            tls: None,
        });
    }
    let mut listeners = Vec::new();
    for (i, l) in listener_files.iter().enumerate() {
        let field = format!("listeners[{i}].address");
        let addr = match l.address.parse::<SocketAddr>() {
            Ok(a) => a,
            Err(e) => {
                cx.invalid(&field, format!("{:?} is not host:port: {e}", l.address));
                continue;
            }
        };
        let tls = match &l.tls {
            None => None,
            Some(t) => {
                let (cert, key) = (cx.watch(&t.cert), cx.watch(&t.key));
                match tls::server_config(&cert, &key) {
                    Ok(c) => Some(Arc::new(c)),
                    Err(e) => {
                        cx.invalid(&format!("listeners[{i}].tls"), e);
                        None
                    }
                }
            }
        };
        listeners.push(Listener { addr, tls });
    }
    listeners
}

/// The admin listener (metrics, health), or None when set to `off`.
pub(super) fn admin(
    cx: &mut Cx<'_>,
    admin: &file::AdminFile,
    ov: &Overrides,
) -> Option<SocketAddr> {
    let admin_addr = ov.admin_listen.clone().unwrap_or(admin.address.clone());
    if admin_addr == "off" {
        return None;
    }
    match admin_addr.parse::<SocketAddr>() {
        Ok(a) => Some(a),
        Err(e) => {
            cx.invalid(
                "admin.address",
                format!("{admin_addr:?} is not host:port or off: {e}"),
            );
            None
        }
    }
}

/// The public base URL of the warning pages and their links' lifetime, when set.
pub(super) fn links(cx: &mut Cx<'_>, links: &file::LinksFile) -> Option<(String, u64)> {
    let base = links.public_base_url.as_ref()?;
    match base.parse::<Uri>() {
        Ok(u)
            if matches!(u.scheme_str(), Some("https") | Some("http"))
                && u.host().is_some()
                && u.query().is_none() =>
        {
            Some((
                base.trim_end_matches('/').to_owned(),
                links.ttl_seconds.unwrap_or(DEFAULT_LINK_TTL_SECONDS),
            ))
        }
        _ => {
            cx.invalid(
                "links.public_base_url",
                format!("{base:?} must be an absolute http(s) URL without a query"),
            );
            None
        }
    }
}
