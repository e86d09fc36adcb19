//! `parse_strict` never panics, and agrees with serde_json on every body it accepts or calls malformed.
#![no_main]

use elicitguard::wire::strict::{parse_strict, StrictError, MAX_DEPTH};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| check(data));

fn check(data: &[u8]) {
    let plain = serde_json::from_slice::<serde_json::Value>(data);
    match parse_strict(data) {
        // What strict accepts, serde_json reads identically (same number parsing, no key resolved).
        Ok(value) => {
            let plain = plain.expect("serde_json refused what parse_strict accepted");
            assert_eq!(value, plain);
            assert!(depth(&value) <= MAX_DEPTH);
        }
        // Malformed for strict is malformed for serde_json too: strict only adds refusals of its own kinds.
        Err(StrictError::Syntax(_)) => assert!(
            plain.is_err(),
            "serde_json accepted a body called malformed"
        ),
        Err(StrictError::DuplicateKey | StrictError::TooDeep | StrictError::TooManyValues) => {}
    }
}

/// Containers around the deepest value.
fn depth(v: &serde_json::Value) -> usize {
    match v {
        serde_json::Value::Array(a) => 1 + a.iter().map(depth).max().unwrap_or(0),
        serde_json::Value::Object(o) => 1 + o.values().map(depth).max().unwrap_or(0),
        _ => 0,
    }
}
