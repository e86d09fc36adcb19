//! Gateway-hosted warning pages: a suspicious url-mode URL is replaced by `/elicitguard/link/<route>/<token>`,
//! a sealed, short-lived, route-bound token; the page shows the real domain and each warning, and the gateway
//! never fetches the target.

use bytes::Bytes;
use http::{header, HeaderValue, Response, StatusCode};
use serde::{Deserialize, Serialize};

use crate::config::Snapshot;
use crate::policy::url::{render_warning_page, WARNING_PAGE_CSP};
use crate::proxy::body::{full, ProxyBody};
use crate::proxy::retry::now_unix;

/// Path prefix of warning pages on every listener.
pub const LINK_PREFIX: &str = "/elicitguard/link/";
/// Purpose label in the token's associated data, so a link token never opens as a requestState.
const LABEL: &str = "link";

#[derive(Serialize, Deserialize)]
struct LinkClaims {
    url: String,
}

/// Mints a link for `url` on `route`, or None when links are not configured or sealing fails.
pub fn mint(snap: &Snapshot, route: &str, url: &str) -> Option<String> {
    let (base, ttl) = snap.links.as_ref()?;
    let plain = serde_json::to_vec(&LinkClaims {
        url: url.to_owned(),
    })
    .ok()?;
    let token = snap
        .keyring
        .seal_bytes(LABEL, route, now_unix().saturating_add(*ttl), &plain)
        .ok()?;
    Some(format!("{base}{LINK_PREFIX}{route}/{token}"))
}

/// Serves `GET /elicitguard/link/<route>/<token>`.
pub fn serve(snap: &Snapshot, path: &str) -> Response<ProxyBody> {
    let Some(rest) = path.strip_prefix(LINK_PREFIX) else {
        return page(StatusCode::NOT_FOUND, gone_page());
    };
    let Some((route_name, token)) = rest.split_once('/') else {
        return page(StatusCode::NOT_FOUND, gone_page());
    };
    let Some(route) = snap.routes.iter().find(|r| &*r.name == route_name) else {
        return page(StatusCode::NOT_FOUND, gone_page());
    };
    let claims = snap
        .keyring
        .open_bytes(LABEL, token, &route.name, now_unix())
        .ok()
        .and_then(|b| serde_json::from_slice::<LinkClaims>(&b).ok());
    let Some(claims) = claims else {
        return page(StatusCode::NOT_FOUND, gone_page());
    };
    // Judge again for the page: the findings and the view are what the person needs to see.
    let judged = snap
        .engine
        .url
        .judge(&claims.url, "/url", &route.policy.url_rules);
    let continue_href = judged
        .canonical()
        .map_or_else(|| claims.url.clone(), str::to_owned);
    let html = render_warning_page(
        &route.name,
        &claims.url,
        &judged.view(),
        &judged.findings,
        &continue_href,
        "about:blank",
    );
    page(StatusCode::OK, html)
}

fn gone_page() -> String {
    "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>Link expired</title></head><body>\
     <h1>This link is no longer valid</h1><p>Warning-page links expire after a few minutes. Go back to your \
     application and ask again.</p></body></html>"
        .to_owned()
}

fn page(status: StatusCode, html: String) -> Response<ProxyBody> {
    let mut r = Response::new(full(Bytes::from(html)));
    *r.status_mut() = status;
    let h = r.headers_mut();
    h.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("text/html; charset=utf-8"),
    );
    h.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(WARNING_PAGE_CSP),
    );
    h.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    h.insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("no-referrer"),
    );
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    h.insert(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
    r
}
