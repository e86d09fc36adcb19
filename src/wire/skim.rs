//! What the gateway reads first from a client request, in one strict parse.
//!
//! Every client POST body is read once, strictly, into the borrowed tree ([`super::tree`]): its era, method,
//! id and declared modes ([`classify_request`](super::era::classify_request)), whether it carries a retry's
//! `requestState` or `inputResponses`, and the canonical text of its params that an envelope's digest binds
//! (written now, hashed only if a response is sealed). One parse serves all three: the tree of a typical
//! 340-byte `tools/call` costs less than the tree-less serde skim it replaced, which left the digest to read
//! the body a second time.

use super::era::{classify_request, RequestInfo};
use super::strict::StrictError;
use super::tree::{self, Node};

/// A client request as the gateway first sees it.
#[derive(Clone, Debug, PartialEq)]
pub struct Skimmed {
    /// Era, method, id and declared modes, as [`classify_request`](super::era::classify_request) gives them.
    pub info: RequestInfo,
    /// `params` is an object with a `requestState` or an `inputResponses` member: a retry to check.
    pub carries_retry: bool,
    /// The canonical text of `params` without its retry-only members
    /// ([`canonical_params`](crate::wire::digest::canonical_params)): what an envelope sealed for this request's
    /// response binds it to.
    pub canonical_params: Vec<u8>,
}

/// Reads one client request body strictly. `header_version` is the `MCP-Protocol-Version` header.
pub fn skim_request(bytes: &[u8], header_version: Option<&str>) -> Result<Skimmed, StrictError> {
    let arena = tree::Arena::new();
    let body = tree::parse(bytes, &arena)?;
    let params = body.get("params");
    let carries_retry = params
        .and_then(Node::as_object)
        .is_some_and(|p| p.contains_key("requestState") || p.contains_key("inputResponses"));
    Ok(Skimmed {
        info: classify_request(&body, header_version),
        carries_retry,
        canonical_params: crate::wire::digest::canonical_params(params),
    })
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
            info: classify_request(
                &Node::from_value(&v, crate::wire::tree::test_arena()),
                header,
            ),
            carries_retry,
            canonical_params: crate::wire::digest::canonical_params(Some(&Node::from_value(
                v.get("params").unwrap_or(&Value::Null),
                crate::wire::tree::test_arena(),
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
            StrictError::TooManyValues => "too many values".into(),
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

        /// The digest of what the request read wrote is the digest of its params read as a `Value`, whatever
        /// their spelling (key order, escapes, whitespace, retry-only members).
        #[test]
        fn the_read_params_hash_like_the_tree(body in arb_request()) {
            if let Ok(v) = parse_strict(body.as_bytes()) {
                let tree = crate::wire::digest::params_digest(v.get("params").unwrap_or(&Value::Null));
                let read = skim_request(body.as_bytes(), None)
                    .ok()
                    .map(|s| crate::wire::digest::digest_of(&s.canonical_params));
                prop_assert_eq!(read, Some(tree), "{}", body);
            }
        }

        #[test]
        fn never_panics_on_bytes(bytes in prop::collection::vec(any::<u8>(), 0..256)) {
            let _ = skim_request(&bytes, Some("2026-07-28"));
        }
    }
}
