//! What the gateway reads first from a client request, and whether a server message can carry nothing.
//!
//! Every client POST body is read once, strictly, into the borrowed tree ([`super::tree`]): its era, method,
//! id and declared modes ([`classify_request`](super::era::classify_request)), whether it carries a retry's
//! `requestState` or `inputResponses`, and the canonical text of its params that an envelope's digest binds
//! (written now from the tree, hashed only if a response is sealed). One parse serves all three: the tree of a
//! typical 340-byte `tools/call` costs less than the tree-less serde skim it replaced, which left the digest
//! to read the body a second time.
//!
//! Most server messages on a stream are notifications (progress, log lines) that can carry no input request
//! whatever they contain: [`carries_no_input`] says so from a strict read of the top level that builds no
//! tree, with the same refusals as [`parse_strict`](super::strict::parse_strict) (UTF-8, duplicate keys in any
//! object, depth, trailing data), checked by the same guard. It says yes only where
//! [`find_carriers`](super::find_carriers) would find nothing; a property test holds it to that.

use std::fmt;

use serde::de::{DeserializeSeed, Deserializer, Error as _, MapAccess, SeqAccess, Visitor};

use super::era::{classify_request, RequestInfo};
use super::strict::{read_strict_ok, CheckSeed, Guard, KeySeed, Keys, StrictError};
use super::tree::{self, Node};

/// A client request as the gateway first sees it.
#[derive(Clone, Debug, PartialEq)]
pub struct Skimmed {
    /// Era, method, id and declared modes, as [`classify_request`](super::era::classify_request) gives them.
    pub info: RequestInfo,
    /// `params` is an object with a `requestState` or an `inputResponses` member: a retry to check.
    pub carries_retry: bool,
    /// The canonical text of `params` without its retry-only members
    /// ([`canonical_params`](crate::state::canonical_params)): what an envelope sealed for this request's
    /// response binds it to.
    pub canonical_params: Vec<u8>,
}

/// Reads one client request body strictly. `header_version` is the `MCP-Protocol-Version` header.
pub fn skim_request(bytes: &[u8], header_version: Option<&str>) -> Result<Skimmed, StrictError> {
    let body = tree::parse(bytes)?;
    let params = body.get("params");
    let carries_retry = params
        .and_then(Node::as_object)
        .is_some_and(|p| p.contains_key("requestState") || p.contains_key("inputResponses"));
    Ok(Skimmed {
        info: classify_request(&body, header_version),
        carries_retry,
        canonical_params: crate::state::canonical_params(params),
    })
}

/// A strictly well-formed single message that certainly carries no input request: a notification (a
/// `method` and no `id`), or a server request for a method that asks the client nothing. False when in doubt
/// (anything else, or anything the strict parser refuses); the caller then parses and looks.
pub fn carries_no_input(bytes: &[u8]) -> bool {
    // A response (what every `InputRequiredResult` is) answers "look" before the strict read: a raw scan of
    // the top-level keys finds `result` or `error` in a few hundred instructions, where the read that stops
    // there validated the whole body's UTF-8 and built the error that stops it (~4,000 for a 2 KB result,
    // paid again by the parse that follows). Acting on what it finds is safe whatever the bytes: "look".
    // The scan stops at `method` too, so a notification (most of a stream) is not scanned to its end first.
    if matches!(
        super::splice::first_top_member(bytes, &["result", "error", "method"]),
        Some(0 | 1)
    ) {
        return false;
    }
    // Stopping at `result`, `error` or an array ends the read early for messages that may carry something
    // (an `InputRequiredResult` is parsed whole next anyway); the error it returns means "look", so it is
    // never formatted into a message.
    let read = read_strict_ok(bytes, |de, guard| Top { guard }.deserialize(de));
    let Some(f) = read else {
        return false;
    };
    match (f.is_object, &f.method) {
        (true, Some(method)) => !f.id_present || super::carrier::method_kind(method).is_none(),
        _ => false,
    }
}

/// The top-level members [`carries_no_input`] reads.
#[derive(Default)]
struct Fields {
    is_object: bool,
    /// `id` is present, whatever its value.
    id_present: bool,
    /// `method`, when it is a string.
    method: Option<String>,
}

/// The whole message: gives up (with an error, which means "look") at a top-level `result` or `error`, at a
/// key a case-folding parser reads as a message member, or at an array (a batch).
struct Top<'r> {
    guard: Guard<'r>,
}

impl<'de> DeserializeSeed<'de> for Top<'_> {
    type Value = Fields;
    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<Fields, D::Error> {
        deserializer.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for Top<'_> {
    type Value = Fields;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a JSON-RPC message")
    }

    fn visit_bool<E>(self, _: bool) -> Result<Fields, E> {
        Ok(Fields::default())
    }
    fn visit_i64<E>(self, _: i64) -> Result<Fields, E> {
        Ok(Fields::default())
    }
    fn visit_u64<E>(self, _: u64) -> Result<Fields, E> {
        Ok(Fields::default())
    }
    fn visit_f64<E>(self, _: f64) -> Result<Fields, E> {
        Ok(Fields::default())
    }
    fn visit_str<E>(self, _: &str) -> Result<Fields, E> {
        Ok(Fields::default())
    }
    fn visit_unit<E>(self) -> Result<Fields, E> {
        Ok(Fields::default())
    }
    fn visit_seq<A: SeqAccess<'de>>(self, _: A) -> Result<Fields, A::Error> {
        Err(A::Error::custom("a batch"))
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Fields, A::Error> {
        let child = self.guard.enter()?;
        let mut keys = Keys::default();
        let mut out = Fields {
            is_object: true,
            ..Fields::default()
        };
        while let Some(key) = map.next_key_seed(KeySeed)? {
            // A repeat is refused before its value is read, as the tree parser does.
            let member = match &*key {
                "method" => TopMember::Method,
                "id" => TopMember::Id,
                "result" | "error" => TopMember::Outcome,
                // `"ID"` is an id to a parser that matches keys without case: such a message is no
                // certain notification (see `carrier::MESSAGE_KEYS`).
                k if super::carrier::is_message_alias(k) => TopMember::Alias,
                _ => TopMember::Other,
            };
            keys.insert(key, self.guard)?;
            match member {
                TopMember::Method => out.method = map.next_value_seed(StringSeed(child))?,
                TopMember::Id => {
                    out.id_present = true;
                    map.next_value_seed(CheckSeed(child))?;
                }
                TopMember::Outcome => return Err(A::Error::custom("a response")),
                TopMember::Alias => return Err(A::Error::custom("a member named in another case")),
                TopMember::Other => map.next_value_seed(CheckSeed(child))?,
            }
        }
        Ok(out)
    }
}

/// The top-level members the check tells apart.
enum TopMember {
    Method,
    Id,
    Outcome,
    /// A key that differs from `method`, `id`, `params`, `result` or `error` only in case.
    Alias,
    Other,
}

/// A string member (`method`): the string, or None for any other value (checked all the same).
#[derive(Clone, Copy)]
struct StringSeed<'r>(Guard<'r>);

impl<'de> DeserializeSeed<'de> for StringSeed<'_> {
    type Value = Option<String>;
    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<Self::Value, D::Error> {
        deserializer.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for StringSeed<'_> {
    type Value = Option<String>;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a JSON value")
    }
    fn visit_bool<E>(self, _: bool) -> Result<Self::Value, E> {
        Ok(None)
    }
    fn visit_i64<E>(self, _: i64) -> Result<Self::Value, E> {
        Ok(None)
    }
    fn visit_u64<E>(self, _: u64) -> Result<Self::Value, E> {
        Ok(None)
    }
    fn visit_f64<E>(self, _: f64) -> Result<Self::Value, E> {
        Ok(None)
    }
    fn visit_str<E>(self, v: &str) -> Result<Self::Value, E> {
        Ok(Some(v.to_owned()))
    }
    fn visit_unit<E>(self) -> Result<Self::Value, E> {
        Ok(None)
    }
    fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<Self::Value, A::Error> {
        super::strict::check_seq(self.0, seq).map(|()| None)
    }
    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<Self::Value, A::Error> {
        CheckSeed(self.0).visit_map(map).map(|()| None)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::wire::strict::parse_strict;
    use crate::wire::{ClientModes, Era};
    use proptest::prelude::*;
    use serde_json::Value;

    /// What the tree path says about a body: the refusal kind, or the classification and the retry flag.
    fn via_tree(bytes: &[u8], header: Option<&str>) -> Result<Skimmed, String> {
        let v = parse_strict(bytes).map_err(|e| kind(&e))?;
        let carries_retry = v
            .get("params")
            .and_then(Value::as_object)
            .is_some_and(|p| p.contains_key("requestState") || p.contains_key("inputResponses"));
        Ok(Skimmed {
            info: classify_request(&Node::from_value(&v), header),
            carries_retry,
            canonical_params: crate::state::canonical_params(Some(&Node::from_value(
                v.get("params").unwrap_or(&Value::Null),
            )))
            .into_iter()
            .collect(),
        })
    }

    fn kind(e: &StrictError) -> String {
        match e {
            StrictError::Syntax(_) => "syntax".into(),
            StrictError::DuplicateKey => "duplicate".into(),
            StrictError::TooDeep => "deep".into(),
        }
    }

    fn via_skim(bytes: &[u8], header: Option<&str>) -> Result<Skimmed, String> {
        skim_request(bytes, header).map_err(|e| kind(&e))
    }

    #[test]
    fn reads_a_modern_call_and_its_retry() {
        let call = br#"{"jsonrpc":"2.0","id":"r1","method":"tools/call","params":{"name":"book",
            "arguments":{"a":[1,{"b":null}]},"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28",
            "io.modelcontextprotocol/clientCapabilities":{"elicitation":{"url":{}}}}}}"#;
        let s = skim_request(call, None).unwrap();
        assert_eq!(s.info.era, Era::Modern);
        assert_eq!(s.info.method.as_deref(), Some("tools/call"));
        assert_eq!(s.info.id, Some(Value::from("r1")));
        assert_eq!(
            s.info.declared,
            Some(ClientModes {
                url: true,
                ..ClientModes::default()
            })
        );
        assert!(!s.carries_retry);
        let retry = br#"{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"book",
            "requestState":"x","_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28"}}}"#;
        assert!(skim_request(retry, None).unwrap().carries_retry);
        let answers = br#"{"id":2,"method":"tasks/update","params":{"inputResponses":{}}}"#;
        assert!(skim_request(answers, None).unwrap().carries_retry);
    }

    #[test]
    fn notifications_carry_no_input_and_server_requests_may() {
        for plain in [
            &br#"{"jsonrpc":"2.0","method":"notifications/progress","params":{"progress":1}}"#[..],
            br#"{"jsonrpc":"2.0","method":"notifications/message","params":{"data":{"inputRequests":{}}}}"#,
            br#"{"jsonrpc":"2.0","id":4,"method":"ping"}"#,
        ] {
            assert!(carries_no_input(plain), "{}", String::from_utf8_lossy(plain));
        }
        for maybe in [
            &br#"{"jsonrpc":"2.0","id":4,"method":"elicitation/create","params":{}}"#[..],
            br#"{"jsonrpc":"2.0","id":4,"method":"roots/list"}"#,
            br#"{"jsonrpc":"2.0","id":4,"method":"sampling/createMessage"}"#,
            br#"{"jsonrpc":"2.0","id":null,"method":"elicit\u0061tion/create"}"#,
            br#"{"jsonrpc":"2.0","method":7}"#,
            br#"{"jsonrpc":"2.0","id":1,"result":{"resultType":"input_required"}}"#,
            br#"[{"jsonrpc":"2.0","method":"notifications/progress"}]"#,
            br#"{"method":"notifications/progress","method":"elicitation/create","id":1}"#,
            br#"{"method":"notifications/progress"} x"#,
            // An id to a client whose parser matches keys without case.
            br#"{"jsonrpc":"2.0","ID":4,"method":"elicitation/create","params":{}}"#,
        ] {
            assert!(
                !carries_no_input(maybe),
                "{}",
                String::from_utf8_lossy(maybe)
            );
        }
    }

    #[test]
    fn refuses_what_the_tree_parser_refuses() {
        for body in [
            &br#"{"id":1,"id":2}"#[..],
            br#"{"params":{"a":{"x":1,"\u0078":2}}}"#,
            br#"{"params":{"_meta":{"k":[{"q":1,"q":1}]}}}"#,
            br#"[{"a":1,"a":1}]"#,
            br#"{"a":1} {}"#,
            b"{\"a\":\"\xff\"}",
        ] {
            assert!(
                skim_request(body, None).is_err(),
                "{}",
                String::from_utf8_lossy(body)
            );
            assert_eq!(via_skim(body, None), via_tree(body, None));
        }
        let deep = format!("{{\"params\":{}{}}}", "[".repeat(70), "]".repeat(70));
        assert_eq!(via_skim(deep.as_bytes(), None), Err("deep".into()));
        // Many keys: the hash-set path still finds the repeat, far from its first use.
        let mut many: Vec<String> = (0..200).map(|i| format!("\"k{i}\":{i}")).collect();
        many.push("\"k3\":0".into());
        let body = format!("{{\"params\":{{{}}}}}", many.join(","));
        assert_eq!(via_skim(body.as_bytes(), None), Err("duplicate".into()));
    }

    /// A JSON text built from parts that exercise every member the skim reads, with repeats and escapes.
    fn arb_body() -> impl Strategy<Value = String> {
        let key = prop::sample::select(vec![
            "jsonrpc",
            "id",
            "method",
            "params",
            "result",
            "error",
            "_meta",
            "capabilities",
            "requestState",
            "inputResponses",
            "name",
            "io.modelcontextprotocol/protocolVersion",
            "io.modelcontextprotocol/clientCapabilities",
            "elicitation",
            "form",
            "url",
            "sampling",
            "roots",
            "\\u0069d",
            "met\\u0068od",
        ]);
        let leaf = prop_oneof![
            Just("null".to_owned()),
            Just("true".to_owned()),
            Just("7".to_owned()),
            Just("-1.5".to_owned()),
            Just("\"tools/call\"".to_owned()),
            Just("\"initialize\"".to_owned()),
            Just("\"elicitation/create\"".to_owned()),
            Just("\"roots/list\"".to_owned()),
            Just("\"notifications/progress\"".to_owned()),
            Just("\"2026-07-28\"".to_owned()),
            Just("\"a\\nb\"".to_owned()),
            Just("{}".to_owned()),
            Just("[]".to_owned()),
        ];
        leaf.prop_recursive(6, 64, 6, move |inner| {
            prop_oneof![
                prop::collection::vec(inner.clone(), 0..4)
                    .prop_map(|v| format!("[{}]", v.join(","))),
                prop::collection::vec((key.clone(), inner), 0..6).prop_map(|kv| {
                    let members: Vec<String> = kv
                        .into_iter()
                        .map(|(k, v)| format!("\"{k}\":{v}"))
                        .collect();
                    format!("{{{}}}", members.join(","))
                }),
            ]
        })
    }

    /// A request shaped like the real ones (so the modern, initialize and retry branches are all taken),
    /// with random members in every place the skim reads and random extra members beside them.
    fn arb_request() -> impl Strategy<Value = String> {
        let opt = |s: BoxedStrategy<String>| prop::option::of(s);
        let any = || arb_body().boxed();
        let method = prop_oneof![
            Just("\"tools/call\"".to_owned()),
            Just("\"initialize\"".to_owned()),
            Just("\"tasks/update\"".to_owned()),
            any()
        ]
        .boxed();
        let version = prop_oneof![Just("\"2026-07-28\"".to_owned()), any()].boxed();
        let caps = prop_oneof![
            Just(r#"{"elicitation":{}}"#.to_owned()),
            Just(r#"{"elicitation":{"form":{},"url":{}},"sampling":{}}"#.to_owned()),
            any()
        ]
        .boxed();
        (
            opt(method),
            opt(any()),
            opt(version),
            opt(caps.clone()),
            opt(caps),
            opt(any()),
            opt(any()),
            any(),
        )
            .prop_map(
                |(method, id, version, meta_caps, caps, state, extra, other)| {
                    let member = |k: &str, v: Option<String>| v.map(|v| format!("\"{k}\":{v}"));
                    let meta: Vec<String> = [
                        member("io.modelcontextprotocol/protocolVersion", version),
                        member("io.modelcontextprotocol/clientCapabilities", meta_caps),
                        extra.clone().map(|v| format!("\"x\":{v}")),
                    ]
                    .into_iter()
                    .flatten()
                    .collect();
                    let params: Vec<String> = [
                        Some(format!("\"_meta\":{{{}}}", meta.join(","))),
                        member("capabilities", caps),
                        member("requestState", state),
                        Some(format!("\"name\":{other}")),
                    ]
                    .into_iter()
                    .flatten()
                    .collect();
                    let top: Vec<String> = [
                        Some("\"jsonrpc\":\"2.0\"".to_owned()),
                        member("id", id),
                        member("method", method),
                        Some(format!("\"params\":{{{}}}", params.join(","))),
                        member("result", extra),
                    ]
                    .into_iter()
                    .flatten()
                    .collect();
                    format!("{{{}}}", top.join(","))
                },
            )
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2048))]

        #[test]
        fn agrees_with_the_tree_path(body in arb_body(), modern_header in any::<bool>()) {
            let header = modern_header.then_some("2026-07-28");
            prop_assert_eq!(via_skim(body.as_bytes(), header), via_tree(body.as_bytes(), header));
        }

        #[test]
        fn agrees_with_the_tree_path_on_requests(body in arb_request(), modern_header in any::<bool>()) {
            let header = modern_header.then_some("2026-07-28");
            prop_assert_eq!(via_skim(body.as_bytes(), header), via_tree(body.as_bytes(), header));
        }

        #[test]
        fn no_input_only_where_the_tree_path_finds_no_carrier(body in arb_body()) {
            if carries_no_input(body.as_bytes()) {
                let v = parse_strict(body.as_bytes());
                prop_assert!(v.is_ok(), "{}", body);
                prop_assert!(crate::wire::find_carriers(&crate::wire::tree::Node::from_value(&v.unwrap())).is_empty(), "{}", body);
            }
        }

        /// The digest of what the request read wrote is the digest of its params read as a `Value`, whatever
        /// their spelling (key order, escapes, whitespace, retry-only members).
        #[test]
        fn the_read_params_hash_like_the_tree(body in arb_request()) {
            if let Ok(v) = parse_strict(body.as_bytes()) {
                let tree = crate::state::params_digest(v.get("params").unwrap_or(&Value::Null));
                let read = skim_request(body.as_bytes(), None)
                    .ok()
                    .map(|s| crate::state::digest_of(&s.canonical_params));
                prop_assert_eq!(read, Some(tree), "{}", body);
            }
        }

        #[test]
        fn never_panics_on_bytes(bytes in prop::collection::vec(any::<u8>(), 0..256)) {
            let _ = skim_request(&bytes, Some("2026-07-28"));
        }
    }
}
