//! Finds a top-level member of a message in its raw bytes, before any parse: the hint that lets a response
//! skip the notification skim (`skim::carries_no_input`).
//!
//! A small hand-written scanner: serde cannot report positions, and the hint is read before the strict parse
//! decides whether the bytes are JSON at all, so it must be safe on any bytes (it never indexes past what it
//! found, and answers `None` on anything unexpected).

use memchr::memchr2;

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

/// In the object opening at `open`: where the value of the first member whose quoted key `is_wanted` starts,
/// or else the index of the object's closing brace. The scan stops at the match, before reading the value.
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
