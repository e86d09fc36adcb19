//! The params digest that binds an envelope to the call it came from.
//!
//! Hex SHA-256 of a canonical JSON of the request params without `inputResponses`, `requestState` and `_meta`
//! (the parts a retry legitimately changes). Canonical: object keys sorted by their UTF-8 bytes at every
//! depth, no whitespace, strings and numbers as serde_json writes them. Recursion depth is bounded by
//! serde_json's own parse limit (128), since params only ever come from parsed bytes.

use aws_lc_rs::digest::{digest, SHA256};
use serde_json::Value;

/// Top-level params keys a retry may change, left out of the digest.
const EXCLUDED: [&str; 3] = ["inputResponses", "requestState", "_meta"];

/// Hex SHA-256 of the canonical params without the retry-only keys. `Value::Null` stands for absent params.
///
/// The canonical text is written to a buffer and hashed once: fed piece by piece (a brace, a comma, each
/// string's quotes and contents), every piece was a call into the hash, half of the digest's instructions.
/// The buffer is as long as the canonical params, which come from a request body the gateway already holds
/// in full (bounded by the server's request-body limit), and is dropped here.
pub fn params_digest(params: &Value) -> String {
    let mut buf = Vec::with_capacity(256);
    match params {
        Value::Object(map) => {
            let mut keys: Vec<&String> = map
                .keys()
                .filter(|k| !EXCLUDED.contains(&k.as_str()))
                .collect();
            keys.sort();
            buf.push(b'{');
            for (i, k) in keys.into_iter().enumerate() {
                if i > 0 {
                    buf.push(b',');
                }
                write_str(&mut buf, k);
                buf.push(b':');
                if let Some(v) = map.get(k) {
                    write_value(&mut buf, v);
                }
            }
            buf.push(b'}');
        }
        other => write_value(&mut buf, other),
    }
    super::hex(digest(&SHA256, &buf).as_ref())
}

fn write_str(buf: &mut Vec<u8>, s: &str) {
    // serde_json's string escaping is deterministic; writing a &str into a Vec cannot fail.
    let _ = serde_json::to_writer(&mut *buf, s);
}

fn write_value(buf: &mut Vec<u8>, v: &Value) {
    match v {
        Value::Null => buf.extend_from_slice(b"null"),
        Value::Bool(true) => buf.extend_from_slice(b"true"),
        Value::Bool(false) => buf.extend_from_slice(b"false"),
        Value::Number(n) => {
            let _ = serde_json::to_writer(&mut *buf, n);
        }
        Value::String(s) => write_str(buf, s),
        Value::Array(items) => {
            buf.push(b'[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    buf.push(b',');
                }
                write_value(buf, item);
            }
            buf.push(b']');
        }
        Value::Object(map) => {
            let mut entries: Vec<(&String, &Value)> = map.iter().collect();
            entries.sort_by(|a, b| a.0.cmp(b.0));
            buf.push(b'{');
            for (i, (k, v)) in entries.into_iter().enumerate() {
                if i > 0 {
                    buf.push(b',');
                }
                write_str(buf, k);
                buf.push(b':');
                write_value(buf, v);
            }
            buf.push(b'}');
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn key_order_does_not_matter_at_any_depth() {
        let a = json!({"name":"deploy","arguments":{"b":1,"a":{"y":[1,{"q":2,"p":3}],"x":null}}});
        let b = json!({"arguments":{"a":{"x":null,"y":[1,{"p":3,"q":2}]},"b":1},"name":"deploy"});
        assert_eq!(params_digest(&a), params_digest(&b));
        assert_eq!(params_digest(&a).len(), 64);
    }

    #[test]
    fn retry_only_keys_are_left_out() {
        let first = json!({"name":"deploy","arguments":{"env":"prod"},"_meta":{"a":1}});
        let retry = json!({"name":"deploy","arguments":{"env":"prod"},"_meta":{"b":2},
            "inputResponses":{"k":{"action":"accept"}},"requestState":"eg1.x.y"});
        assert_eq!(params_digest(&first), params_digest(&retry));
    }

    #[test]
    fn changed_arguments_change_the_digest() {
        let a = json!({"name":"deploy","arguments":{"env":"prod"}});
        for other in [
            json!({"name":"deploy","arguments":{"env":"dev"}}),
            json!({"name":"deploy2","arguments":{"env":"prod"}}),
            json!({"name":"deploy","arguments":{"env":"prod","x":1}}),
            json!({"name":"deploy","arguments":{"env":["prod"]}}),
            // Nested `_meta` is ordinary data: only the top-level one is excluded.
            json!({"name":"deploy","arguments":{"env":"prod","_meta":1}}),
        ] {
            assert_ne!(params_digest(&a), params_digest(&other), "{other}");
        }
    }

    #[test]
    fn known_vector() {
        // sha256 of `{"a":1}`.
        assert_eq!(
            params_digest(&json!({"a":1})),
            "015abd7f5cc57a2dd94b7590f04ad8084273905ee33ec5cebeae62276a97f862"
        );
        // Escapes, non-ASCII, floats, negatives, nested order: what Python's
        // `json.dumps(p, separators=(",", ":"), sort_keys=True, ensure_ascii=False)` hashes to.
        let p = json!({"arguments":{"env":"prod","n":1.5,"k":-3,"s":"a\"b\u{e9}\n",
            "list":[true,null,{"z":1,"a":2}]},"name":"deploy"});
        assert_eq!(
            params_digest(&p),
            "1a30a8a7f89b990fd7d75641816e7acc656c3dae89f4fc88b39b130e48b70ef2"
        );
    }
}
