//! The URL judge (`policy::url`) on any string a server may put in a url-mode elicitation:
//! - it never panics, and judging is a pure function of the policy and the URL: the shared policy, whose
//!   clean-host cache every earlier input has filled, gives the same findings as a policy that remembers
//!   nothing, and as itself a second time; the JSON pointer a finding carries is the only thing `ptr` changes;
//! - it agrees with the `url` crate on what it judged: the canonical form is `Url::parse(raw)` re-serialised
//!   (a link the judge's own fast reader took is one the `url` crate reads to the very same string), a URL
//!   the `url` crate refuses has no canonical form and a `url.invalid` finding, and the host a person is
//!   shown is the host the `url` crate parsed;
//! - the canonical form of an http(s) link is a fixed point (parsing it again gives it back), and a link
//!   that passes has a canonical form that passes too (but for its length): normalising never turns a clean
//!   link into a flagged one.
#![no_main]

use std::sync::OnceLock;

use elicitguard::policy::url::{rules, RouteUrlRules, UrlConfig, UrlPolicy, EMBEDDED_DEFAULT_YAML};
use elicitguard::policy::Finding;
use libfuzzer_sys::fuzz_target;
use url::Url;

/// The embedded default policy, shared by every input: its clean-host cache grows as the fuzzer runs.
fn warm() -> &'static UrlPolicy {
    static P: OnceLock<UrlPolicy> = OnceLock::new();
    P.get_or_init(|| UrlPolicy::embedded_default().expect("the embedded policy compiles"))
}

/// The same policy remembering no clean host.
fn cold() -> &'static UrlPolicy {
    static P: OnceLock<UrlPolicy> = OnceLock::new();
    P.get_or_init(|| {
        let mut cfg = UrlConfig::from_yaml(EMBEDDED_DEFAULT_YAML).expect("embedded yaml");
        cfg.clean_host_cache = 0;
        UrlPolicy::compile(&cfg).expect("compiles without a cache")
    })
}

fn routes() -> [RouteUrlRules; 2] {
    [
        RouteUrlRules::default(),
        RouteUrlRules {
            allow: vec!["example.com".into(), "*.github.com".into()],
            deny: vec!["evil.example.com".into(), "*.bad.example".into()],
        },
    ]
}

/// Findings without their pointer.
fn strip(findings: &[Finding]) -> Vec<(String, String)> {
    findings
        .iter()
        .map(|f| (f.rule.clone(), f.message.clone()))
        .collect()
}

fuzz_target!(|data: &[u8]| {
    let Ok(raw) = std::str::from_utf8(data) else {
        return;
    };
    check(raw);
});

fn check(raw: &str) {
    for route in &routes() {
        let j = warm().judge(raw, "/params/url", route);
        let again = warm().judge(raw, "/params/url", route);
        let fresh = cold().judge(raw, "/params/url", route);
        assert_eq!(j.findings, again.findings, "judging twice differs");
        assert_eq!(
            j.findings, fresh.findings,
            "the clean-host cache changed a verdict"
        );
        assert_eq!(j.canonical(), fresh.canonical());
        let elsewhere = warm().judge(raw, "/result/inputRequests/x/params/url", route);
        assert_eq!(
            strip(&j.findings),
            strip(&elsewhere.findings),
            "ptr changed a verdict"
        );
        assert!(elsewhere
            .findings
            .iter()
            .all(|f| f.path == "/result/inputRequests/x/params/url"));

        let parsed = Url::parse(raw);
        match (&parsed, j.canonical()) {
            (Ok(u), Some(c)) => assert_eq!(u.as_str(), c, "canonical is not the url crate's"),
            (Err(_), None) => assert!(
                j.findings.iter().any(|f| f.rule == rules::INVALID)
                    || j.findings.len() == elicitguard::policy::url::MAX_FINDINGS,
                "an unparsable URL without url.invalid"
            ),
            (p, c) => panic!("url crate {p:?} / judge canonical {c:?}"),
        }
        let Ok(u) = parsed else { continue };
        let view = j.view();
        assert_eq!(
            view.host_ascii.as_deref(),
            u.host_str(),
            "judged another host"
        );
        assert_eq!(view.canonical.as_deref(), Some(u.as_str()));
        if !matches!(u.scheme(), "http" | "https") {
            continue;
        }
        let canonical = u.as_str();
        let reparsed = Url::parse(canonical).expect("a canonical http(s) URL parses");
        assert_eq!(
            reparsed.as_str(),
            canonical,
            "canonical form is not a fixed point"
        );
        if j.findings.is_empty() && canonical != raw {
            // `url.too_long` measures the link as written, which is what a person is shown; percent-encoding
            // (a `"` becomes `%22`) can take the canonical form over the limit (see fuzz/README.md, findings).
            let cj = warm().judge(canonical, "/params/url", route);
            let rest: Vec<_> = strip(&cj.findings)
                .into_iter()
                .filter(|(rule, _)| !(rule == rules::TOO_LONG && canonical.len() > raw.len()))
                .collect();
            assert!(
                rest.is_empty(),
                "{raw:?} passes but its canonical form {canonical:?} gets {rest:?}"
            );
        }
    }
}
