//! Strict JSON into a `serde_json::Value`, refusing what parsers disagree on: for the paths that edit a
//! message (a retry's request, a legacy answer), and the oracle the judged path's borrowed tree
//! ([`super::tree`]) is tested against, built on serde_json's own grammar.
//!
//! CONTRACT (wire helper): `parse_strict(bytes)` parses exactly one JSON value from `bytes`
//! (surrounding whitespace allowed, trailing data refused), into a `serde_json::Value`, refusing:
//! invalid UTF-8, duplicate keys in ANY object (parsers disagree on which one wins: refused, never resolved),
//! nesting deeper than [`MAX_DEPTH`], more than [`MAX_VALUES`] values, and anything serde_json refuses. Numbers
//! keep serde_json's default behaviour. Never panics.
//!
//! Keys are compared after escape decoding, so `{"a":1,"\u0061":2}` is a duplicate. The depth bound is
//! enforced by our own seed, well below serde_json's built-in recursion limit (128), so it is the one
//! that fires and the error says so.

use std::cell::Cell;
use std::fmt;

use serde::de::{DeserializeSeed, Deserializer, MapAccess, SeqAccess, Visitor};
use serde_json::map::Entry;
use serde_json::{Map, Number, Value};

/// Deepest nesting accepted. MCP messages are shallow (a form schema sits at depth ~8); 64 leaves room
/// for rich tool results while keeping recursion bounded far below the stack.
pub const MAX_DEPTH: usize = 64;

/// Most values in one parsed message: the root, every array item and every object member's value, counted as
/// they are read. The bound is on the tree, not the text: each value costs a node (32 bytes in the judged
/// path's tree, 72 with its member's key and span; more in a `serde_json::Value`) plus its container's
/// spare capacity, so 4 MiB of `[0,0,...]` (the request body limit) became 2M nodes and a peak of 130 MB
/// for one request, which any client could send before it is even identified, and an upstream four times
/// that through the 16 MiB response limit. At 262,144 values a tree stays under ~20 MiB whatever the body.
/// MCP messages hold tens to hundreds of values; a tool's arguments or result carrying a data table of tens of
/// thousands of cells still fits. A message over it is refused like malformed JSON: a request with 400, a
/// judged response failed closed.
pub const MAX_VALUES: usize = 1 << 18;

/// Why a body could not be parsed strictly.
#[derive(Debug, thiserror::Error)]
pub enum StrictError {
    /// The JSON text is malformed, has trailing data, or is not UTF-8.
    #[error("malformed JSON: {0}")]
    Syntax(String),
    /// An object repeats a key.
    #[error("duplicate key in a JSON object")]
    DuplicateKey,
    /// Nesting exceeds [`MAX_DEPTH`].
    #[error("JSON nested deeper than {MAX_DEPTH}")]
    TooDeep,
    /// The text holds more than [`MAX_VALUES`] values.
    #[error("JSON holds more than {MAX_VALUES} values")]
    TooManyValues,
}

/// Which of our own refusals happened. serde errors are strings, so the seed records the kind here
/// and the caller reads it back instead of parsing messages.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Refusal {
    DuplicateKey,
    TooDeep,
    TooManyValues,
}

/// Parses one JSON value strictly. See the module doc.
pub fn parse_strict(bytes: &[u8]) -> Result<Value, StrictError> {
    read_strict(bytes, |de, guard| StrictSeed::from(guard).deserialize(de))
}

/// Runs `read` over `bytes` under the module's rules: UTF-8 checked over the whole body first, exactly one
/// value (trailing data refused), and the refusals `read`'s seeds record through `guard` reported as ours.
/// [`parse_strict`] builds a tree with it.
fn read_strict<T>(
    bytes: &[u8],
    read: impl for<'de, 'r> FnOnce(
        &mut serde_json::Deserializer<serde_json::de::StrRead<'de>>,
        Guard<'r>,
    ) -> Result<T, serde_json::Error>,
) -> Result<T, StrictError> {
    // Validate UTF-8 up front over the whole body, not only inside strings, so no byte escapes the check.
    let text = simdutf8::compat::from_utf8(bytes)
        .map_err(|e| StrictError::Syntax(format!("invalid UTF-8 at byte {}", e.valid_up_to())))?;
    match read_text(text, read) {
        (_, Some(Refusal::DuplicateKey)) => Err(StrictError::DuplicateKey),
        (_, Some(Refusal::TooDeep)) => Err(StrictError::TooDeep),
        (_, Some(Refusal::TooManyValues)) => Err(StrictError::TooManyValues),
        (Ok(v), None) => Ok(v),
        (Err(e), None) => Err(StrictError::Syntax(e.to_string())),
    }
}

/// Runs `read` over `text` then checks that nothing but whitespace follows; returns its result and the
/// refusal its seeds recorded, if any (which wins over the result: see [`read_strict`]).
fn read_text<T>(
    text: &str,
    read: impl for<'de, 'r> FnOnce(
        &mut serde_json::Deserializer<serde_json::de::StrRead<'de>>,
        Guard<'r>,
    ) -> Result<T, serde_json::Error>,
) -> (Result<T, serde_json::Error>, Option<Refusal>) {
    let refusal = Cell::new(None);
    let values = Cell::new(0);
    let mut de = serde_json::Deserializer::from_str(text);
    let guard = Guard {
        depth: 0,
        values: &values,
        refusal: &refusal,
    };
    let parsed = read(&mut de, guard).and_then(|v| de.end().map(|()| v));
    (parsed, refusal.get())
}

/// The depth of the value being read (the number of containers around it), the values read so far, and
/// where a seed records which of our own refusals happened. Every seed of a strict read carries one, so depth,
/// size and duplicates are judged the same way whichever seed reads a value.
#[derive(Clone, Copy)]
pub(crate) struct Guard<'r> {
    depth: usize,
    values: &'r Cell<usize>,
    refusal: &'r Cell<Option<Refusal>>,
}

impl Guard<'_> {
    /// The guard for the children of a container at this depth, or a refusal if that is too deep.
    pub(crate) fn enter<E: serde::de::Error>(self) -> Result<Self, E> {
        let depth = self.depth + 1;
        if depth > MAX_DEPTH {
            self.refusal.set(Some(Refusal::TooDeep));
            return Err(E::custom("too deep"));
        }
        Ok(Guard { depth, ..self })
    }

    /// Counts one more value read, or refuses past [`MAX_VALUES`].
    pub(crate) fn count<E: serde::de::Error>(self) -> Result<(), E> {
        let n = self.values.get() + 1;
        if n > MAX_VALUES {
            self.refusal.set(Some(Refusal::TooManyValues));
            return Err(E::custom("too many values"));
        }
        self.values.set(n);
        Ok(())
    }

    /// Records a repeated key and returns the error that stops the read.
    pub(crate) fn duplicate<E: serde::de::Error>(self) -> E {
        self.refusal.set(Some(Refusal::DuplicateKey));
        E::custom("duplicate key")
    }
}

/// Deserializes one value into a tree, under a [`Guard`].
#[derive(Clone, Copy)]
pub(crate) struct StrictSeed<'r>(Guard<'r>);

impl<'r> From<Guard<'r>> for StrictSeed<'r> {
    fn from(g: Guard<'r>) -> Self {
        StrictSeed(g)
    }
}

impl<'de> DeserializeSeed<'de> for StrictSeed<'_> {
    type Value = Value;
    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<Value, D::Error> {
        self.0.count()?;
        deserializer.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for StrictSeed<'_> {
    type Value = Value;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a JSON value")
    }
    fn visit_bool<E>(self, v: bool) -> Result<Value, E> {
        Ok(Value::Bool(v))
    }
    fn visit_i64<E>(self, v: i64) -> Result<Value, E> {
        Ok(Value::Number(v.into()))
    }
    fn visit_u64<E>(self, v: u64) -> Result<Value, E> {
        Ok(Value::Number(v.into()))
    }
    fn visit_f64<E>(self, v: f64) -> Result<Value, E> {
        // Same as serde_json's own Value visitor (it never produces NaN or infinity from JSON text).
        Ok(Number::from_f64(v).map_or(Value::Null, Value::Number))
    }
    fn visit_str<E>(self, v: &str) -> Result<Value, E> {
        Ok(Value::String(v.to_owned()))
    }
    fn visit_string<E>(self, v: String) -> Result<Value, E> {
        Ok(Value::String(v))
    }
    fn visit_unit<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }
    fn visit_none<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Value, A::Error> {
        let child = StrictSeed(self.0.enter()?);
        let mut out = Vec::new();
        while let Some(v) = seq.next_element_seed(child)? {
            out.push(v);
        }
        Ok(Value::Array(out))
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Value, A::Error> {
        let child = StrictSeed(self.0.enter()?);
        let mut out = Map::new();
        // Keys arrive escape-decoded, so the comparison is on what every parser sees.
        // One search of the map per key: the slot found empty is the one filled.
        while let Some(key) = map.next_key::<String>()? {
            match out.entry(key) {
                Entry::Occupied(_) => return Err(self.0.duplicate()),
                Entry::Vacant(slot) => {
                    slot.insert(map.next_value_seed(child)?);
                }
            }
        }
        Ok(Value::Object(out))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn nested(depth: usize) -> String {
        format!("{}{}", "[".repeat(depth), "]".repeat(depth))
    }

    #[test]
    fn accepts_plain_values() {
        let cases: &[(&[u8], Value)] = &[
            (
                b" {\"a\":1,\"b\":[true,null,\"x\"]} \n",
                json!({"a":1,"b":[true,null,"x"]}),
            ),
            (b"\"\\u00e9\\n\"", json!("\u{e9}\n")),
            (b"-12", json!(-12)),
            (b"18446744073709551615", json!(u64::MAX)),
            (b"1.5e3", json!(1500.0)),
            // Integers beyond u64 become floats, as serde_json does by default.
            (
                b"123456789012345678901234567890",
                json!(1.2345678901234568e29),
            ),
            (b"{\"a\":{\"a\":1}}", json!({"a":{"a":1}})),
            (b"[{\"k\":1},{\"k\":2}]", json!([{"k":1},{"k":2}])),
            (
                "{\"cl\u{e9}\":\"\u{1f600}\"}".as_bytes(),
                json!({"cl\u{e9}":"\u{1f600}"}),
            ),
        ];
        for (input, want) in cases {
            let got = parse_strict(input).unwrap();
            assert_eq!(&got, want, "{}", String::from_utf8_lossy(input));
        }
    }

    #[test]
    fn refuses_duplicate_keys_anywhere() {
        let cases: &[&str] = &[
            r#"{"a":1,"a":2}"#,
            r#"{"a":1,"\u0061":2}"#,
            r#"{"\u0061":1,"a":2}"#,
            r#"{"a/b":1,"a\/b":2}"#,
            r#"{"x":{"m":1,"m":1}}"#,
            r#"[1,{"resultType":"complete","resultType":"input_required"}]"#,
            r#"{"a":1,"b":2,"a":1}"#,
        ];
        for input in cases {
            assert!(
                matches!(
                    parse_strict(input.as_bytes()),
                    Err(StrictError::DuplicateKey)
                ),
                "{input}"
            );
        }
        // Keys that only look alike are distinct.
        assert!(parse_strict(br#"{"a":1,"A":2,"a ":3}"#).is_ok());
    }

    #[test]
    fn depth_is_bounded() {
        assert!(parse_strict(nested(MAX_DEPTH).as_bytes()).is_ok());
        assert!(matches!(
            parse_strict(nested(MAX_DEPTH + 1).as_bytes()),
            Err(StrictError::TooDeep)
        ));
        let objects = format!(
            "{}1{}",
            "{\"a\":".repeat(MAX_DEPTH + 1),
            "}".repeat(MAX_DEPTH + 1)
        );
        assert!(matches!(
            parse_strict(objects.as_bytes()),
            Err(StrictError::TooDeep)
        ));
        // Far beyond serde_json's own limit: still our refusal, and no stack overflow.
        assert!(matches!(
            parse_strict(nested(100_000).as_bytes()),
            Err(StrictError::TooDeep)
        ));
    }

    #[test]
    fn refuses_malformed_input() {
        let cases: &[&[u8]] = &[
            b"",
            b"   ",
            b"{\"a\":1} x",
            b"{\"a\":1}{}",
            b"[1,2",
            b"{\"a\":1,}",
            b"{'a':1}",
            b"NaN",
            b"1e400",
            b"\"\xff\"",
            b"{\"a\xc3\":1}",
            b"\xef\xbb\xbf{}",
            b"\"a\x01b\"",
            b"\"\\ud800\"",
            b"{\"a\" 1}",
        ];
        for input in cases {
            assert!(
                matches!(parse_strict(input), Err(StrictError::Syntax(_))),
                "{}",
                String::from_utf8_lossy(input)
            );
        }
    }

    #[test]
    fn error_messages_do_not_echo_values() {
        let err = parse_strict(b"{\"password\":\"hunter2\",\"password\":1}").unwrap_err();
        assert!(!err.to_string().contains("hunter2"));
    }
}
