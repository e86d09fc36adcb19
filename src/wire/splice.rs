//! Sets one member of a message's `result` in the upstream's own bytes, instead of re-serialising the tree.
//!
//! Sealing an `InputRequiredResult` changes one string (`result.requestState`); writing the whole 2 KB tree
//! back out to change it cost as much as sealing itself. When the gateway changed nothing else, the bytes
//! the client gets are the upstream's, with that member's value replaced (or the member added), so the
//! client also sees exactly the key order, number spellings and escapes the server chose.
//!
//! Only for bytes that already passed the strict parser (one value, no duplicate keys), which the caller
//! guarantees: this only looks for where things are. It is a small hand-written scanner rather than a second
//! serde pass because serde cannot report positions, and finding them with `RawValue` reads the result twice
//! (it cost as much as the serialisation it replaces). Anything unexpected returns None and the caller
//! serialises the tree as before.

use memchr::memchr2;

/// `bytes` (a single JSON-RPC message object) with `result[member]` set to the JSON text `value`. None if
/// `bytes` is not an object with an object `result`, or cannot be read.
pub fn set_result_member(bytes: &[u8], member: &str, value: &str) -> Option<Vec<u8>> {
    let top = skip_ws(bytes, 0);
    let start = find_member(bytes, top, "result")?.ok()?;
    if bytes.get(start) != Some(&b'{') {
        return None;
    }
    let found = find_member(bytes, start, member)?;
    let mut out = Vec::with_capacity(bytes.len() + value.len() + member.len() + 4);
    match found {
        Ok(vstart) => {
            let vend = skip_value(bytes, vstart)?;
            out.extend_from_slice(&bytes[..vstart]);
            out.extend_from_slice(value.as_bytes());
            out.extend_from_slice(&bytes[vend..]);
        }
        Err(close) => {
            // Added as the last member: before the object's closing brace, after a comma unless it is empty.
            let empty = skip_ws(bytes, start + 1) == close;
            out.extend_from_slice(&bytes[..close]);
            if !empty {
                out.push(b',');
            }
            out.extend_from_slice(serde_json::to_string(member).ok()?.as_bytes());
            out.push(b':');
            out.extend_from_slice(value.as_bytes());
            out.extend_from_slice(&bytes[close..]);
        }
    }
    Some(out)
}

/// Which of `names` is the first top-level member of the object `bytes` holds (its index in `names`), if
/// any. Safe on any bytes (nothing here indexes past what it found), but only a hint for bytes the strict
/// parser has not passed: a caller may act on it only where acting on it is always safe
/// (`skim::carries_no_input` answers "look" for a response).
pub fn first_top_member(bytes: &[u8], names: &[&str]) -> Option<usize> {
    let top = skip_ws(bytes, 0);
    let found = std::cell::Cell::new(None);
    find_member_where(bytes, top, |quoted| {
        // Each key is decoded (when it has escapes) once, not once for every name.
        let inner = &quoted[1..quoted.len() - 1];
        let at = if inner.contains(&b'\\') {
            serde_json::from_slice::<String>(quoted)
                .ok()
                .and_then(|k| names.iter().position(|n| *n == k))
        } else {
            names.iter().position(|n| n.as_bytes() == inner)
        };
        found.set(at);
        at.is_some()
    })?
    .ok()?;
    found.get()
}

/// In the object opening at `open`: where the value of member `name` starts, or else the index of the
/// object's closing brace. Keys are unique (the bytes passed the strict parser), so the scan stops at the
/// match, before reading the value: the `result` holding everything is not skipped only to be entered.
fn find_member(b: &[u8], open: usize, name: &str) -> Option<Result<usize, usize>> {
    find_member_where(b, open, |key| key_is(key, name))
}

/// [`find_member`] for the first member whose quoted key `is_wanted`.
fn find_member_where(
    b: &[u8],
    open: usize,
    is_wanted: impl Fn(&[u8]) -> bool,
) -> Option<Result<usize, usize>> {
    if b.get(open) != Some(&b'{') {
        return None;
    }
    let mut i = skip_ws(b, open + 1);
    if b.get(i) == Some(&b'}') {
        return Some(Err(i));
    }
    loop {
        let key_end = skip_string(b, i)?;
        let key = &b[i..key_end];
        i = skip_ws(b, key_end);
        if b.get(i) != Some(&b':') {
            return None;
        }
        let vstart = skip_ws(b, i + 1);
        if is_wanted(key) {
            return Some(Ok(vstart));
        }
        i = skip_ws(b, skip_value(b, vstart)?);
        match b.get(i) {
            Some(b',') => i = skip_ws(b, i + 1),
            Some(b'}') => return Some(Err(i)),
            _ => return None,
        }
    }
}

/// Does the quoted key (with its quotes) decode to `name`? Keys without escapes compare as bytes.
fn key_is(quoted: &[u8], name: &str) -> bool {
    let inner = &quoted[1..quoted.len() - 1];
    if !inner.contains(&b'\\') {
        return inner == name.as_bytes();
    }
    serde_json::from_slice::<String>(quoted).is_ok_and(|k| k == name)
}

fn skip_ws(b: &[u8], mut i: usize) -> usize {
    while matches!(b.get(i), Some(b' ' | b'\t' | b'\n' | b'\r')) {
        i += 1;
    }
    i
}

/// The index just past the string opening at `i`.
fn skip_string(b: &[u8], i: usize) -> Option<usize> {
    if b.get(i) != Some(&b'"') {
        return None;
    }
    let mut j = i + 1;
    loop {
        j += memchr2(b'"', b'\\', b.get(j..)?)?;
        if b[j] == b'"' {
            return Some(j + 1);
        }
        // An escape: the next byte is escaped (`\uXXXX` continues with plain hex digits).
        j += 2;
    }
}

/// The bytes a container skip stops at: quotes and brackets (everything else between them is skipped in a
/// tight loop).
static STRUCTURAL: [bool; 256] = {
    let mut t = [false; 256];
    t[b'"' as usize] = true;
    t[b'{' as usize] = true;
    t[b'}' as usize] = true;
    t[b'[' as usize] = true;
    t[b']' as usize] = true;
    t
};

/// The index just past the value starting at `i`.
fn skip_value(b: &[u8], i: usize) -> Option<usize> {
    match b.get(i)? {
        b'"' => skip_string(b, i),
        b'{' | b'[' => {
            // Brackets and braces nest properly in bytes that passed the strict parser, so one depth count
            // serves both; strings are jumped over (they may hold any bracket).
            let mut depth = 0usize;
            let mut j = i;
            loop {
                let at = j + b
                    .get(j..)?
                    .iter()
                    .position(|c| STRUCTURAL[usize::from(*c)])?;
                match b[at] {
                    b'"' => {
                        j = skip_string(b, at)?;
                        continue;
                    }
                    b'{' | b'[' => depth += 1,
                    _ => {
                        depth = depth.checked_sub(1)?;
                        if depth == 0 {
                            return Some(at + 1);
                        }
                    }
                }
                j = at + 1;
            }
        }
        // A number, true, false or null: up to the next delimiter.
        _ => {
            let mut j = i;
            while !matches!(
                b.get(j),
                None | Some(b',' | b'}' | b']' | b' ' | b'\t' | b'\n' | b'\r')
            ) {
                j += 1;
            }
            (j > i).then_some(j)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::Value;

    /// What the tree path would send: the same message with the member set.
    fn via_tree(bytes: &[u8], member: &str, value: &str) -> Value {
        let mut v: Value = serde_json::from_slice(bytes).unwrap();
        v["result"][member] = serde_json::from_str(value).unwrap();
        v
    }

    #[test]
    fn replaces_or_adds_the_member_and_keeps_everything_else_byte_for_byte() {
        let cases: &[&[u8]] = &[
            br#"{"jsonrpc":"2.0","id":1,"result":{"resultType":"input_required","inputRequests":{},"requestState":"up-1"}}"#,
            br#"{"result":{"requestState":"a\"b","x":1.50e3},"id":"r"}"#,
            br#" { "id" : 1 , "result" : { "inputRequests" : { "requestState" : 1 } } } "#,
            br#"{"id":1,"result":{}}"#,
            br#"{"id":1,"result":{"request\u0053tate":"escaped-key"}}"#,
            br#"{"result":{"resultType":"input_required","requestState":null,"nested":{"requestState":"keep"}}}"#,
        ];
        for bytes in cases {
            let out = set_result_member(bytes, "requestState", r#""eg1.sealed""#).unwrap();
            let got: Value = serde_json::from_slice(&out).unwrap();
            assert_eq!(
                got,
                via_tree(bytes, "requestState", r#""eg1.sealed""#),
                "{}",
                String::from_utf8_lossy(bytes)
            );
            crate::wire::strict::parse_strict(&out).unwrap();
        }
        // Untouched bytes stay as the server wrote them.
        let out = set_result_member(cases[1], "requestState", r#""t""#).unwrap();
        assert_eq!(
            out,
            br#"{"result":{"requestState":"t","x":1.50e3},"id":"r"}"#
        );
    }

    #[test]
    fn anything_else_is_left_to_the_tree() {
        for bytes in [
            &br#"[{"result":{}}]"#[..],
            br#"{"result":"text"}"#,
            br#"{"error":{"code":1}}"#,
            // Malformed where it is read (the caller never passes such bytes: they passed the strict parser).
            br#"{"result":{"a":1"#,
            br#"{"result":{"a" 1}}"#,
            b"\xff",
        ] {
            assert!(set_result_member(bytes, "requestState", "1").is_none());
        }
    }

    /// Any JSON value, with strings full of what a scanner trips on (quotes, backslashes, braces, unicode).
    fn arb_value() -> impl proptest::strategy::Strategy<Value = Value> {
        use proptest::prelude::*;
        let text = prop::sample::select(vec![
            "",
            "a",
            "\"",
            "\\",
            "\\\"",
            "{",
            "}]",
            "[,:]",
            "requestState",
            "\u{e9}\u{1f600}",
            "\n\t",
            "\"requestState\":\"x\"",
        ]);
        let leaf = prop_oneof![
            Just(Value::Null),
            any::<bool>().prop_map(Value::from),
            any::<i64>().prop_map(Value::from),
            any::<f64>()
                .prop_filter("finite", |f| f.is_finite())
                .prop_map(Value::from),
            prop::collection::vec(text, 0..4).prop_map(|p| Value::from(p.concat())),
        ];
        leaf.prop_recursive(4, 32, 4, |inner| {
            prop_oneof![
                prop::collection::vec(inner.clone(), 0..4).prop_map(Value::from),
                prop::collection::btree_map(
                    prop::sample::select(vec!["requestState", "a", "b\"", "{"])
                        .prop_map(str::to_owned),
                    inner,
                    0..4
                )
                .prop_map(|m| Value::Object(m.into_iter().collect())),
            ]
        })
    }

    #[test]
    fn agrees_with_the_tree_on_any_result() {
        use proptest::prelude::*;
        proptest!(|(result in arb_value(), pretty in any::<bool>())| {
            let msg = serde_json::json!({"jsonrpc": "2.0", "id": 1, "result": result});
            let bytes = if pretty {
                serde_json::to_vec_pretty(&msg).unwrap()
            } else {
                serde_json::to_vec(&msg).unwrap()
            };
            match set_result_member(&bytes, "requestState", r#""sealed""#) {
                Some(out) => {
                    prop_assert!(msg["result"].is_object());
                    let got: Value = serde_json::from_slice(&out).unwrap();
                    prop_assert_eq!(got, via_tree(&bytes, "requestState", r#""sealed""#));
                }
                None => prop_assert!(!msg["result"].is_object()),
            }
        });
    }

    #[test]
    fn agrees_with_the_tree_on_generated_results() {
        use proptest::prelude::*;
        let member = prop_oneof![
            Just(("requestState", r#""s""#)),
            Just(("inputRequests", r#"{"a":{"method":"elicitation/create"}}"#)),
            Just(("resultType", r#""input_required""#)),
            Just(("_meta", r#"{"requestState":"inner"}"#)),
            Just(("n", "-0.5E-2")),
            Just(("u", r#""\u00e9\n""#)),
        ];
        let strategy = (prop::collection::vec(member, 0..5), any::<bool>());
        proptest!(|((members, spaced) in strategy)| {
            let mut seen = std::collections::HashSet::new();
            let sep = if spaced { " , " } else { "," };
            let body: Vec<String> = members
                .into_iter()
                .filter(|(k, _)| seen.insert(*k))
                .map(|(k, v)| format!("\"{k}\":{v}"))
                .collect();
            let bytes = format!("{{\"id\":7,\"result\":{{{}}}}}", body.join(sep));
            let out = set_result_member(bytes.as_bytes(), "requestState", r#""sealed""#).unwrap();
            let got: Value = serde_json::from_slice(&out).unwrap();
            prop_assert_eq!(got, via_tree(bytes.as_bytes(), "requestState", r#""sealed""#));
            prop_assert!(crate::wire::strict::parse_strict(&out).is_ok());
        });
    }

    #[test]
    fn top_members_are_found_as_the_tree_finds_them() {
        use proptest::prelude::*;
        let names = ["result", "error", "method"];
        proptest!(|(top in arb_value(), pretty in any::<bool>())| {
            let bytes = if pretty {
                serde_json::to_vec_pretty(&top).unwrap()
            } else {
                serde_json::to_vec(&top).unwrap()
            };
            // serde_json's map is ordered by key, as the bytes are written.
            let tree = top
                .as_object()
                .and_then(|o| o.keys().find_map(|k| names.iter().position(|n| n == k)));
            prop_assert_eq!(first_top_member(&bytes, &names), tree);
        });
        // Escaped keys decode first; nested members are not top-level ones; the first one named wins.
        assert_eq!(
            first_top_member(br#"{"id":1,"re\u0073ult":{}}"#, &names),
            Some(0)
        );
        assert_eq!(
            first_top_member(br#"{"id":1,"params":{"result":{}}}"#, &names),
            None
        );
        assert_eq!(first_top_member(br#"[{"result":{}}]"#, &names), None);
        assert_eq!(
            first_top_member(br#"{"method":"x","result":{}}"#, &names),
            Some(2)
        );
    }

    #[test]
    fn the_top_member_hint_never_panics_on_any_bytes() {
        use proptest::prelude::*;
        proptest!(|(bytes in prop::collection::vec(prop::sample::select(
            b"{}[]\":,\\ 0aeu\xff".to_vec()), 0..64))| {
            let _ = first_top_member(&bytes, &["result", "error"]);
        });
    }
}
