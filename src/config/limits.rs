//! The `limits` section: sizes, timeouts, concurrency, rounds and elicitation rates. Every default is written
//! once, in [`Limits::default`] and [`RateConfig::default`]; this reads the file over them.

use std::num::NonZeroU32;
use std::time::Duration;

use crate::limit::RateConfig;

use super::{file, per_route_default, Cx, Limits, Overrides, MIN_REQUEST_HEADER_BYTES};

/// The limits the file and the flags set, over the defaults; a zero where zero cannot work is an error.
pub(super) fn compile(cx: &mut Cx<'_>, l: &file::LimitsFile, ov: &Overrides) -> Limits {
    let d = Limits::default();
    let ms = Duration::from_millis;
    let limits = Limits {
        request_body_bytes: l.request_body_bytes.unwrap_or(d.request_body_bytes),
        response_body_bytes: l.response_body_bytes.unwrap_or(d.response_body_bytes),
        sse_event_bytes: l.sse_event_bytes.unwrap_or(d.sse_event_bytes),
        header_read_timeout: l
            .header_read_timeout_ms
            .map(ms)
            .unwrap_or(d.header_read_timeout),
        idle_timeout: l.idle_timeout_ms.map(ms).unwrap_or(d.idle_timeout),
        upstream_connect_timeout: l
            .upstream_connect_timeout_ms
            .map(ms)
            .unwrap_or(d.upstream_connect_timeout),
        upstream_timeout: l.upstream_timeout_ms.map(ms).unwrap_or(d.upstream_timeout),
        max_concurrent_requests: l
            .max_concurrent_requests
            .unwrap_or(d.max_concurrent_requests),
        max_concurrent_requests_per_route: l.max_concurrent_requests_per_route.unwrap_or_else(
            || {
                per_route_default(
                    l.max_concurrent_requests
                        .unwrap_or(d.max_concurrent_requests),
                )
            },
        ),
        sse_idle_timeout: l.sse_idle_timeout_ms.map(ms).unwrap_or(d.sse_idle_timeout),
        max_connections: l.max_connections.unwrap_or(d.max_connections),
        request_header_bytes: l.request_header_bytes.unwrap_or(d.request_header_bytes),
        max_rounds: ov.max_rounds.or(l.max_rounds).unwrap_or(d.max_rounds),
        shutdown_grace: l.shutdown_grace_ms.map(ms).unwrap_or(d.shutdown_grace),
    };
    for (field, v) in [
        ("limits.request_body_bytes", limits.request_body_bytes),
        ("limits.response_body_bytes", limits.response_body_bytes),
        ("limits.sse_event_bytes", limits.sse_event_bytes),
        (
            "limits.max_concurrent_requests",
            u64::from(limits.max_concurrent_requests),
        ),
        (
            "limits.max_concurrent_requests_per_route",
            u64::from(limits.max_concurrent_requests_per_route),
        ),
        ("limits.max_connections", u64::from(limits.max_connections)),
    ] {
        if v == 0 {
            cx.invalid(field, "must be greater than zero");
        }
    }
    if limits.request_header_bytes < MIN_REQUEST_HEADER_BYTES {
        cx.invalid(
            "limits.request_header_bytes",
            format!("must be at least {MIN_REQUEST_HEADER_BYTES} (hyper's smallest read buffer)"),
        );
    }
    for (field, v) in [
        ("limits.header_read_timeout_ms", limits.header_read_timeout),
        (
            "limits.upstream_connect_timeout_ms",
            limits.upstream_connect_timeout,
        ),
        ("limits.upstream_timeout_ms", limits.upstream_timeout),
        ("limits.sse_idle_timeout_ms", limits.sse_idle_timeout),
    ] {
        if v.is_zero() {
            cx.invalid(field, "must be greater than zero");
        }
    }
    limits
}

/// The elicitation rate limits, over [`RateConfig::default`].
pub(super) fn rate(cx: &mut Cx<'_>, l: &file::LimitsFile) -> RateConfig {
    let rd = RateConfig::default();
    let mut nz = |field: &str, v: Option<u32>, d: NonZeroU32| match v {
        None => d,
        Some(v) => NonZeroU32::new(v).unwrap_or_else(|| {
            cx.invalid(field, "must be greater than zero");
            d
        }),
    };
    RateConfig {
        per_principal_burst: nz(
            "limits.elicitation_burst",
            l.elicitation_burst,
            rd.per_principal_burst,
        ),
        per_principal_per_minute: nz(
            "limits.elicitations_per_minute",
            l.elicitations_per_minute,
            rd.per_principal_per_minute,
        ),
        per_route_burst: nz(
            "limits.route_elicitation_burst",
            l.route_elicitation_burst,
            rd.per_route_burst,
        ),
        per_route_per_minute: nz(
            "limits.route_elicitations_per_minute",
            l.route_elicitations_per_minute,
            rd.per_route_per_minute,
        ),
        max_tracked_keys: rd.max_tracked_keys,
    }
}
