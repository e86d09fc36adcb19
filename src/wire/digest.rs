//! The params digest that binds an envelope to the call it came from.
//!
//! Hex SHA-256 of a canonical JSON of the request params without `inputResponses`, `requestState` and `_meta`
//! (the parts a retry legitimately changes). Canonical: object keys sorted by their UTF-8 bytes at every
//! depth, no whitespace, strings and numbers as serde_json writes them. The canonical text is written from the
//! request's strict tree when the request is read ([`canonical_params`]), and hashed only when a response is
//! sealed ([`digest_of`]); a retry's params go through the same writer ([`params_digest`]).

use aws_lc_rs::digest::{digest, SHA256};
use serde_json::Value;

use crate::wire::tree::{write_json_str, Node};

/// Top-level params keys a retry may change, left out of the digest.
const EXCLUDED: [&str; 3] = ["inputResponses", "requestState", "_meta"];

/// Hex SHA-256 of the canonical params without the retry-only keys. `Value::Null` stands for absent params.
pub fn params_digest(params: &Value) -> String {
    let arena = crate::wire::tree::Arena::new();
    digest_of(&canonical_params(Some(&Node::from_value(params, &arena))))
}

/// Hex SHA-256 of canonical params text made by [`canonical_params`].
pub fn digest_of(canonical: &[u8]) -> String {
    hex(digest(&SHA256, canonical).as_ref())
}

/// The canonical text of a request's `params` (absent: `null`) without the retry-only keys: what
/// [`digest_of`] hashes. Written to one buffer and hashed once, not fed to the hash piece by piece (a call into
/// aws-lc per brace, comma and quote cost about as much as the hashing itself). The buffer is as long as the
/// canonical params, which come from a request body the gateway already holds in full (bounded by the
/// request-body limit).
pub fn canonical_params(params: Option<&Node<'_>>) -> Vec<u8> {
    let mut buf = Vec::with_capacity(256);
    match params {
        Some(Node::Object(map)) => {
            // A tree's members are sorted by key bytes already, the canonical order.
            buf.push(b'{');
            let mut first = true;
            for (k, v) in map.iter().filter(|(k, _)| !EXCLUDED.contains(k)) {
                if !first {
                    buf.push(b',');
                }
                first = false;
                write_json_str(&mut buf, k);
                buf.push(b':');
                write_value(&mut buf, v);
            }
            buf.push(b'}');
        }
        Some(other) => write_value(&mut buf, other),
        None => buf.extend_from_slice(b"null"),
    }
    buf
}

fn write_value(buf: &mut Vec<u8>, v: &Node<'_>) {
    match v {
        Node::Null => buf.extend_from_slice(b"null"),
        Node::True => buf.extend_from_slice(b"true"),
        Node::False => buf.extend_from_slice(b"false"),
        Node::Number(n) => {
            // serde_json's number writing (itoa, ryu); into a Vec it cannot fail.
            let _ = serde_json::to_writer(&mut *buf, n);
        }
        Node::String(s) => write_json_str(buf, s),
        Node::Array(items) => {
            buf.push(b'[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    buf.push(b',');
                }
                write_value(buf, item);
            }
            buf.push(b']');
        }
        Node::Object(map) => {
            buf.push(b'{');
            for (i, (k, v)) in map.iter().enumerate() {
                if i > 0 {
                    buf.push(b',');
                }
                write_json_str(buf, k);
                buf.push(b':');
                write_value(buf, v);
            }
            buf.push(b'}');
        }
        // Digested trees are made from the client's `Value`s, which skip nothing; built all the same should
        // one ever come here, so the digest is the same either way (its text parsed before: `null` cannot
        // happen).
        Node::Skipped(_) => {
            let arena = crate::wire::tree::Arena::new();
            match v.expanded(&arena) {
                Ok(built) => write_value(buf, &built),
                Err(_) => buf.extend_from_slice(b"null"),
            }
        }
    }
}

/// Lowercase hex of some bytes.
pub(crate) fn hex(bytes: &[u8]) -> String {
    let mut out = vec![0u8; bytes.len() * 2];
    hex_into(bytes, &mut out);
    // Hex digits only: always UTF-8.
    String::from_utf8(out).unwrap_or_default()
}

/// Writes the lowercase hex of `bytes` into `out`, two digits a byte (as far as `out` reaches).
pub(crate) fn hex_into(bytes: &[u8], out: &mut [u8]) {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    for (pair, b) in out.chunks_exact_mut(2).zip(bytes) {
        pair[0] = DIGITS[usize::from(b >> 4)];
        pair[1] = DIGITS[usize::from(b & 0x0f)];
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

    /// The text the request's own tree gives is the text a `Value` of it gives, in every spelling.
    #[test]
    fn the_tree_and_the_value_write_the_same_text() {
        let texts = [
            r#"{"name":"deploy","arguments":{"b":1,"a":{"y":[1,{"q":2,"p":3}],"x":null}},"_meta":{"z":1}}"#,
            r#"{ "arguments" : { "a\u0062" : "\u00e9\n\/" , "n" : 1.50e1 , "k" : -0 } , "requestState" : "x" }"#,
            r#"[1,2]"#,
            r#""text""#,
        ];
        for text in texts {
            let tree =
                crate::wire::tree::parse(text.as_bytes(), crate::wire::tree::test_arena()).unwrap();
            let value: Value = serde_json::from_str(text).unwrap();
            assert_eq!(
                digest_of(&canonical_params(Some(&tree))),
                params_digest(&value),
                "{text}"
            );
        }
        assert_eq!(
            digest_of(&canonical_params(None)),
            params_digest(&Value::Null)
        );
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
