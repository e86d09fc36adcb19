//! Criterion benchmark of the URL judgement (embedded default policy, default route), and a harness for
//! counting its instructions under callgrind.
//!
//! Cargo.toml entry (added by the lead):
//! ```toml
//! [[bench]]
//! name = "url"
//! harness = false
//! ```
//!
//! Instructions per judgement (deterministic, unlike wall time on a shared machine): with `URL_IR_CASE` set
//! to a case name (or `all`), the binary judges that case a few times to warm up (lazy regexes, the clean-host
//! memory), then [`IR_CALLS`] times inside `measured`, and exits. `URL_IR_COLD=1` uses a policy that remembers
//! no clean host (`clean_host_cache: 0`).
//!
//! ```text
//! URL_IR_CASE=fixture_oauth valgrind --tool=callgrind --callgrind-out-file=/tmp/u.out \
//!     --toggle-collect='url::measured' target/release/deps/url-XXXX
//! ```
//! then `callgrind_annotate /tmp/u.out | head` and divide the total by [`IR_CALLS`].

use criterion::{criterion_group, Criterion};
use elicitguard::policy::url::{RouteUrlRules, UrlConfig, UrlPolicy, EMBEDDED_DEFAULT_YAML};
use std::hint::black_box;

#[path = "../src/allocator.rs"]
mod allocator;

/// The allocator the gateway binary ships with (src/main.rs), so these figures are the shipped code's: under
/// glibc's malloc the allocation-heavy steps (the strict parse, folding) cost more than they do in the gateway.
#[global_allocator]
static ALLOC: allocator::MiMalloc = allocator::MiMalloc;

/// Judgements counted per case by the callgrind harness.
const IR_CALLS: usize = 100;

const CASES: &[(&str, &str)] = &[
    (
        "benign_oauth",
        "https://accounts.google.com/o/oauth2/v2/auth?client_id=1234567890-abc123def456.apps.googleusercontent.com\
&redirect_uri=https%3A%2F%2Fmcp.acmecorp.com%2Foauth%2Fcallback&response_type=code&scope=openid%20email%20profile\
&state=xyzABC123&code_challenge=E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM&code_challenge_method=S256",
    ),
    // The URL of the 2 KB fixture of `benches/inspect.rs` (benches/fixtures/input_required_2k.json).
    (
        "fixture_oauth",
        "https://github.com/login/oauth/authorize?client_id=Iv1.8a61f9b3a7aba766\
&redirect_uri=https%3A%2F%2Fmcp.acmecorp.com%2Foauth%2Fcallback&scope=read%3Auser&state=af0ifjsldkj",
    ),
    // Representative links from tests/corpus/urls.jsonl: a checkout with a fragment, a docs link, a sign-in
    // with an unencoded redirect, a Microsoft authorize link with a loopback redirect.
    (
        "stripe_checkout",
        "https://checkout.stripe.com/c/pay/cs_live_b1C2d3E4f5G6h7I8j9K0lMnOpQrStUvWxYz#fidkdWxOYHwnPyd1blpxYHZxWjA0",
    ),
    (
        "docs_link",
        "https://docs.github.com/en/apps/oauth-apps/building-oauth-apps/authorizing-oauth-apps#1-request-a-users-github-identity",
    ),
    (
        "hubspot_oauth",
        "https://app.hubspot.com/oauth/authorize?client_id=7fff1e36-2d40-4ae1-bbb1-5266d59564fb\
&scope=crm.objects.contacts.read&redirect_uri=https://app.acmecorp.com/hubspot",
    ),
    (
        "microsoft_oauth",
        "https://login.microsoftonline.com/common/oauth2/v2.0/authorize?client_id=6731de76-14a6-49ae-97bc-6eba6914391e\
&response_type=code&redirect_uri=http%3A%2F%2Flocalhost%2Fmyapp%2F&response_mode=query\
&scope=offline_access%20user.read%20mail.read&state=12345\
&code_challenge=YTFjNjI1OWYzMzA3MTI4ZDY2Njg5M2RkNmVjNDE5YmEyZGRhOGYyM2IzNjdmZWFhMTQ1ODg3NDcxY2Nl\
&code_challenge_method=S256",
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

/// The judgements callgrind counts (`--toggle-collect='url::measured'`).
#[inline(never)]
fn measured(policy: &UrlPolicy, route: &RouteUrlRules, url: &str) -> usize {
    let mut findings = 0;
    for _ in 0..IR_CALLS {
        findings += policy
            .judge(black_box(url), "/params/url", route)
            .findings
            .len();
    }
    findings
}

/// The callgrind harness (see the module doc).
fn count_instructions(case: &str) {
    let mut cfg = UrlConfig::from_yaml(EMBEDDED_DEFAULT_YAML).expect("embedded policy parses");
    if std::env::var("URL_IR_COLD").is_ok_and(|v| v == "1") {
        cfg.clean_host_cache = 0;
    }
    let policy = UrlPolicy::compile(&cfg).expect("embedded policy compiles");
    let route = RouteUrlRules::default();
    for (name, url) in CASES.iter().filter(|(n, _)| case == "all" || *n == case) {
        for _ in 0..3 {
            black_box(policy.judge(url, "/params/url", &route));
        }
        let findings = measured(&policy, &route, url);
        println!("{name}: {} findings per judgement", findings / IR_CALLS);
    }
}

criterion_group!(benches, judge);

fn main() {
    if let Ok(case) = std::env::var("URL_IR_CASE") {
        count_instructions(&case);
        return;
    }
    benches();
    Criterion::default().configure_from_args().final_summary();
}
