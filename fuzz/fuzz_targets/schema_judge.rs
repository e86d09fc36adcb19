//! The form judges on any form a server may send. The input is a line of `tests/corpus/forms.jsonl`
//! (`{"message": ..., "requestedSchema": ...}`) or a bare schema.
//! - The restricted-schema check (`policy::schema::check_schema`) and the secret classifier
//!   (`policy::secret`) are deterministic and read the schema, not the text it was written as: the tree
//!   parsed from the wire, the tree built from its `serde_json::Value` and the tree of its compact text get
//!   the same findings.
//! - A schema the check allows round-trips through serde_json unchanged, and is still allowed.
//! - The secret classifier's shortcut for properties known clean
//!   (`judge_form_with(.., properties_known_clean)`) changes no finding, for the form's message and others.
//! - The whole message judged by `proxy::enforce::decide` with the engine shared by every input (whose
//!   clean-schema cache earlier inputs filled) and with an engine that remembers nothing decide the same.
#![no_main]

use std::sync::OnceLock;

use elicitguard::policy::clean_schemas::CleanSchemas;
use elicitguard::policy::schema::check_schema;
use elicitguard::policy::secret::SecretPolicy;
use elicitguard::policy::{Engine, Finding, RoutePolicy};
use elicitguard::proxy::enforce::{decide, Context, Decision};
use elicitguard::wire::tree::{compact, parse, parse_str, Arena, Node};
use elicitguard::wire::ClientModes;
use libfuzzer_sys::fuzz_target;
use serde_json::Value;

fn secret() -> &'static SecretPolicy {
    static P: OnceLock<SecretPolicy> = OnceLock::new();
    P.get_or_init(|| SecretPolicy::compile(&[]).expect("embedded packs compile"))
}

/// The default engine, shared: its clean-schema cache fills as the fuzzer runs.
fn warm() -> &'static Engine {
    static E: OnceLock<Engine> = OnceLock::new();
    E.get_or_init(|| elicitguard::config::default_engine().expect("default engine"))
}

/// The default engine with the clean-schema cache switched off.
fn cold() -> &'static Engine {
    static E: OnceLock<Engine> = OnceLock::new();
    E.get_or_init(|| {
        let mut e = elicitguard::config::default_engine().expect("default engine");
        e.clean_schemas = CleanSchemas::new(0);
        e
    })
}

fn route() -> &'static RoutePolicy {
    static R: OnceLock<RoutePolicy> = OnceLock::new();
    R.get_or_init(|| RoutePolicy {
        allow_fields: vec!["otp_hint".into()],
        ..RoutePolicy::default()
    })
}

fuzz_target!(|data: &[u8]| check(data));

fn check(data: &[u8]) {
    let arena = Arena::new();
    let Ok(doc) = parse(data, &arena) else {
        return;
    };
    let text = std::str::from_utf8(data).expect("parsed text is UTF-8");
    let (message, schema_text) = match doc.as_object() {
        Some(o) if o.contains_key("requestedSchema") => {
            let span = o.span_of("requestedSchema").expect("a member has a span");
            let message = o.get("message").and_then(Node::as_str).unwrap_or("");
            (message, &text[span])
        }
        _ => ("", text),
    };
    let schema_arena = Arena::new();
    let schema = parse_str(schema_text, &schema_arena).expect("a span holds one value");
    let value = schema.to_value();
    let value_arena = Arena::new();
    let from_value = Node::from_value(&value, &value_arena);
    let short = compact(schema_text);
    let short_arena = Arena::new();
    let from_short = parse_str(&short, &short_arena).expect("compact text parses");

    // The restricted schema.
    let found = check_schema(&schema, "/params/requestedSchema");
    assert_eq!(found, check_schema(&schema, "/params/requestedSchema"));
    assert_eq!(found, check_schema(&from_value, "/params/requestedSchema"));
    assert_eq!(found, check_schema(&from_short, "/params/requestedSchema"));
    if found.is_empty() {
        let written = serde_json::to_string(&value).expect("a Value serialises");
        let back_arena = Arena::new();
        let back = parse_str(&written, &back_arena).expect("serde_json's text parses strictly");
        assert_eq!(
            back.to_value(),
            value,
            "an allowed schema changed through serde_json"
        );
        assert!(check_schema(&back, "/params/requestedSchema").is_empty());
    }

    // The secret classifier.
    let p = secret();
    for allowed in [&[][..], &["otp_hint".to_owned()][..]] {
        let j = p.judge_form_with(message, &schema, "/params", allowed, false);
        let again = p.judge_form_with(message, &schema, "/params", allowed, false);
        assert_eq!(j.findings, again.findings);
        assert_eq!(j.properties_clean, again.properties_clean);
        let v = p.judge_form_with(message, &from_value, "/params", allowed, false);
        assert_eq!(j.findings, v.findings, "the Value tree judged differently");
        let s = p.judge_form_with(message, &from_short, "/params", allowed, false);
        assert_eq!(
            j.findings, s.findings,
            "the compact text judged differently"
        );
        if j.properties_clean {
            for m in [
                message,
                "",
                "Which table would you like?",
                "Enter your password",
            ] {
                let full: Vec<Finding> = p.judge_form(m, &schema, "/params", allowed);
                let short_cut = p.judge_form_with(m, &schema, "/params", allowed, true);
                assert_eq!(
                    full, short_cut.findings,
                    "known-clean shortcut changed {m:?}"
                );
            }
        }
    }

    // The whole message, as the gateway decides it.
    let body = format!(
        r#"{{"jsonrpc":"2.0","id":1,"result":{{"resultType":"input_required","inputRequests":{{"f":{{"method":"elicitation/create","params":{{"mode":"form","message":{},"requestedSchema":{schema_text}}}}}}},"requestState":"s"}}}}"#,
        Value::from(message)
    );
    let first = said(&decided(warm(), &body));
    let second = said(&decided(warm(), &body));
    let fresh = said(&decided(cold(), &body));
    assert_eq!(first, second, "deciding twice differs");
    assert_eq!(first, fresh, "the clean-schema cache changed a decision");
}

fn decided<'a>(engine: &Engine, body: &'a str) -> (String, String) {
    let arena = Arena::new();
    let ctx = Context {
        engine,
        route: route(),
        modes: ClientModes::ALL,
        client_id: None,
        links: None,
    };
    let d: Decision<'_> = decide(body.as_bytes(), &arena, &ctx, false);
    let judged = d.judgement.as_ref().map(|j| {
        format!(
            "{:?} {:?} {:?} {:?}",
            j.verdict, j.findings, j.monitored, j.rewritten
        )
    });
    // The incident id is random per decision.
    let outcome = format!("{:?}", d.outcome);
    let outcome = if d.incident.is_empty() {
        outcome
    } else {
        outcome.replace(&d.incident, "<incident>")
    };
    (outcome, judged.unwrap_or_default())
}

fn said(d: &(String, String)) -> String {
    format!("{} | {}", d.0, d.1)
}
