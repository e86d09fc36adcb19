//! Criterion benchmark of the URL judgement (embedded default policy, default route).
//!
//! Cargo.toml entry (added by the lead):
//! ```toml
//! [[bench]]
//! name = "url"
//! harness = false
//! ```

use criterion::{criterion_group, criterion_main, Criterion};
use elicitguard::policy::url::{RouteUrlRules, UrlPolicy};
use std::hint::black_box;

/// The allocator the gateway binary ships with (src/main.rs), so these figures are the shipped code's: under
/// glibc's malloc the allocation-heavy steps (the strict parse, folding) cost more than they do in the gateway.
#[global_allocator]
static ALLOC: mimalloc::MiMalloc = mimalloc::MiMalloc;

const CASES: &[(&str, &str)] = &[
    (
        "benign_oauth",
        "https://accounts.google.com/o/oauth2/v2/auth?client_id=1234567890-abc123def456.apps.googleusercontent.com\
&redirect_uri=https%3A%2F%2Fmcp.acmecorp.com%2Foauth%2Fcallback&response_type=code&scope=openid%20email%20profile\
&state=xyzABC123&code_challenge=E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM&code_challenge_method=S256",
    ),
    ("short_benign", "https://github.com/login/device"),
    ("idn_brand", "https://xn--pypal-4ve.com/signin"),
    ("ip_hex", "https://0xA9FEA9FE/latest/meta-data/"),
    (
        "credential_fragment",
        "https://app.acmecorp.com/callback#id_token=eyJhbGciOiJSUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U",
    ),
];

fn judge(c: &mut Criterion) {
    let policy = UrlPolicy::embedded_default().expect("embedded policy compiles");
    let route = RouteUrlRules::default();
    let mut group = c.benchmark_group("url_judge");
    for (name, url) in CASES {
        group.bench_function(*name, |b| {
            b.iter(|| policy.judge(black_box(url), "/params/url", &route))
        });
    }
    group.finish();
}

criterion_group!(benches, judge);
criterion_main!(benches);
