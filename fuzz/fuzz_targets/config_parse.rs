//! The config file reader (`config::file::parse`) and compiler (`config::load`, what `elicitguard check`
//! runs) on any YAML.
//! - Neither panics.
//! - Both are deterministic: parsing twice gives the same file, loading twice the same errors, in the same
//!   order, or the same compiled routes, listeners and limits.
//! - The YAML and its JSON form agree: when the text reads as a plain YAML value too, that value written as
//!   JSON (which is YAML) and parsed as a config gives the same config as the text, whenever both parse.
//! `load` reads the files a config names relative to a scratch directory; inputs naming device or kernel
//! files (`/dev`, `/proc`, `/sys`) are only parsed, never loaded.
#![no_main]

use std::path::PathBuf;
use std::sync::OnceLock;

use elicitguard::config::{file, load, Overrides, Snapshot, Source};
use libfuzzer_sys::fuzz_target;
use serde_json::Value;

fn scratch() -> &'static PathBuf {
    static D: OnceLock<PathBuf> = OnceLock::new();
    D.get_or_init(|| {
        let d =
            std::env::temp_dir().join(format!("elicitguard-fuzz-config-{}", std::process::id()));
        std::fs::create_dir_all(&d).expect("scratch dir");
        d
    })
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    check(text);
});

fn check(text: &str) {
    let parsed = file::parse(text);
    let again = file::parse(text);
    assert_eq!(
        format!("{parsed:?}"),
        format!("{again:?}"),
        "parsing twice differs"
    );
    let _ = file::parse_url_policy(text);

    if let (Ok(cfg), Ok(value)) = (&parsed, serde_saphyr::from_str::<Value>(text)) {
        let json = serde_json::to_string(&value).expect("a Value serialises");
        if let Ok(from_json) = file::parse(&json) {
            assert_eq!(
                format!("{cfg:?}"),
                format!("{from_json:?}"),
                "the YAML and its JSON form read differently: {json}"
            );
        }
    }

    if parsed.is_err() || ["/dev", "/proc", "/sys"].iter().any(|p| text.contains(p)) {
        return;
    }
    let path = scratch().join("config.yaml");
    std::fs::write(&path, text).expect("write scratch config");
    let source = Source::File(path);
    let first = summary(load(&source, &Overrides::default()));
    let second = summary(load(&source, &Overrides::default()));
    assert_eq!(first, second, "loading twice differs");
}

/// What a load said, minus what is random per load (ephemeral keys, metric handles).
fn summary(r: Result<Snapshot, Vec<elicitguard::config::ConfigError>>) -> String {
    match r {
        Err(errs) => errs
            .iter()
            .map(|e| e.to_string())
            .collect::<Vec<_>>()
            .join("\n"),
        Ok(s) => {
            let routes: Vec<String> = s
                .routes
                .iter()
                .map(|r| {
                    format!(
                        "{} {} {} {} {} {} {} {:?} {}",
                        r.name,
                        r.prefix,
                        r.upstream_origin,
                        r.upstream_path,
                        r.tls,
                        r.h2c,
                        r.monitor,
                        r.policy,
                        r.identity.is_some()
                    )
                })
                .collect();
            let listeners: Vec<String> = s
                .listeners
                .iter()
                .map(|l| format!("{} {}", l.addr, l.tls.is_some()))
                .collect();
            format!(
                "ok {} {listeners:?} {:?} {routes:?} {:?} {:?} {:?} {} {:?} {:?} rules {}",
                s.monitor,
                s.admin,
                s.limits,
                s.audit,
                s.watched,
                s.state_ttl_seconds,
                s.rate,
                s.links,
                s.engine.rules.len()
            )
        }
    }
}
