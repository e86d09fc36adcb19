//! Soundness of the pre-filter: when it says a body carries nothing, no parse finds anything deciding.
#![no_main]

use elicitguard::wire::{prefilter::may_carry_elicitation, strict::parse_strict};
use libfuzzer_sys::fuzz_target;
use serde_json::Value;

fuzz_target!(|data: &[u8]| check(data));

fn check(data: &[u8]) {
    if may_carry_elicitation(data) {
        return;
    }
    // Said "skip": both the strict parser and a lenient one (last duplicate wins) must agree.
    if let Ok(v) = parse_strict(data) {
        assert!(!deciding(&v), "prefilter missed a deciding key or value");
    }
    if let Ok(v) = serde_json::from_slice::<Value>(data) {
        assert!(
            !deciding(&v),
            "prefilter missed a deciding key or value (lenient parse)"
        );
    }
}

/// True when a value has a key or string the prefilter promises to notice (see its module doc: keys
/// exactly as case-sensitive parsers read them; method names and `input_required` anywhere).
fn deciding(v: &Value) -> bool {
    const KEYS: &[&str] = &["method", "error", "inputRequests", "requestState"];
    const WORDS: &[&str] = &[
        "input_required",
        "elicitation",
        "sampling/createMessage",
        "roots/list",
    ];
    let hit = |s: &str| WORDS.iter().any(|w| s.contains(w));
    match v {
        Value::String(s) => hit(s),
        Value::Array(a) => a.iter().any(deciding),
        Value::Object(o) => o
            .iter()
            .any(|(k, v)| KEYS.contains(&k.as_str()) || hit(k) || deciding(v)),
        _ => false,
    }
}
