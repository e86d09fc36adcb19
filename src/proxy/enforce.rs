//! What happens to one message from the upstream (a JSON body or one SSE event): the single place where
//! a judgement becomes an outcome on the wire. JSON responses, SSE streams and `elicitguard inspect` all
//! come through here, so they cannot disagree.

use std::time::Instant;

use serde_json::Value;

use crate::policy::clean_schemas::MAX_KEY_BYTES;
use crate::policy::{Engine, Judgement, RoutePolicy, Verdict};
use crate::proxy::reply::Reply;
use crate::wire::prefilter::may_carry_elicitation;
use crate::wire::tree::{self, Arena, Node};
use crate::wire::{find_carriers, Carrier, CarrierKind, ClientModes};

/// What the decision depends on.
#[derive(Clone, Copy)]
pub struct Context<'a> {
    /// The policy.
    pub engine: &'a Engine,
    /// The route's additions.
    pub route: &'a RoutePolicy,
    /// What the client declared for this request (or its legacy session).
    pub modes: ClientModes,
    /// The client's own request id, when the message answers a client request (None on a GET stream).
    pub client_id: Option<&'a Value>,
    /// Warning-page links, when the gateway can offer them.
    pub links: Option<crate::policy::engine::LinkMinter<'a>>,
}

/// What goes out in place of the upstream's message.
#[derive(Debug, Clone, PartialEq)]
pub enum Outcome {
    /// The original bytes, unchanged.
    Original,
    /// A re-serialised message (rewritten, or to be sealed by the caller).
    Replace(Value),
    /// The upstream's own bytes with the gateway's sealed `requestState` spliced in (the policy changed
    /// nothing else), so the client gets the server's message as it was written, not re-serialised.
    Sealed(Vec<u8>),
    /// The gateway's reply to the client's request in place of the message; on a stream, the stream ends
    /// after it. Rendered where it goes out (a response, a message in a body, an event).
    Error {
        /// What the gateway answers (boxed: the outcome of every message carries this variant's size).
        reply: Box<Reply>,
        /// The request it answers (null when unknown).
        id: Option<Value>,
    },
    /// A legacy server request is dropped: the upstream gets `upstream_answers` (POSTed with the session
    /// id) so it stops waiting; the client's call ends with `client_error` when there is a call.
    DropServerRequests {
        /// Error responses to the server's requests.
        upstream_answers: Vec<Value>,
        /// The reply the client's call ends with (to the client's own id), when the message answers a call.
        client_error: Option<Box<Reply>>,
    },
}

/// The decision on one message, borrowing from the message's bytes.
#[derive(Debug, Clone)]
pub struct Decision<'a> {
    /// What goes out.
    pub outcome: Outcome,
    /// The judgement, when the message carried anything to judge.
    pub judgement: Option<Judgement>,
    /// The parsed message when it carried something (so the caller can seal its requestState).
    pub parsed: Option<Node<'a>>,
    /// The carriers found in `parsed`, for the sealer: a rewrite changes strings only, never the message's
    /// shape, so they hold for the rewritten message too and need not be searched for again.
    pub carriers: Vec<Carrier>,
    /// Incident id for blocks and rewrites.
    pub incident: String,
    /// Time spent judging (seconds), when judged.
    pub seconds: f64,
}

/// Decides one message. `monitor` records the enforce-mode judgement and forwards unchanged.
pub fn decide<'a>(
    bytes: &'a [u8],
    arena: &'a Arena,
    ctx: &Context<'_>,
    monitor: bool,
) -> Decision<'a> {
    let mut d = Decision {
        outcome: Outcome::Original,
        judgement: None,
        parsed: None,
        carriers: Vec::new(),
        incident: String::new(),
        seconds: 0.0,
    };
    // An empty body (a 202 for a notification, an SSE priming event with an empty `data:`) carries nothing;
    // no parser yields a message from JSON whitespace alone, so it passes rather than fail as unparseable.
    if bytes
        .iter()
        .all(|b| matches!(b, b' ' | b'\t' | b'\n' | b'\r'))
    {
        return d;
    }
    // One look before the tree: no deciding word at all. Anything else is parsed strictly; a notification (most
    // of a stream) costs a small tree, in which no carrier is found.
    if !may_carry_elicitation(bytes) {
        return d;
    }
    let started = Instant::now();
    // A form schema this policy found clean before (on this route) is recognised by its text and not built:
    // the judgement needs nothing from it but that it is the same (see `check_form`).
    let clean = &ctx.engine.clean_schemas;
    let remembered = |rest: &[u8]| clean.recognise(rest, &ctx.route.allow_fields);
    let known = tree::Known {
        parent: "params",
        member: "requestedSchema",
        max_len: MAX_KEY_BYTES,
        recognise: &remembered,
    };
    let parsed = if clean.max_bytes() == 0 {
        tree::parse(bytes, arena)
    } else {
        tree::parse_known(bytes, arena, &known)
    };
    let value = match parsed {
        Ok(v) => v,
        Err(e) => {
            // It could carry an elicitation and cannot be parsed the one way everybody agrees on: fail closed.
            let finding = crate::policy::Finding::block(
                "wire.unparseable",
                "",
                format!("The server's message could not be parsed strictly ({e}), so it could not be judged."),
            );
            let j = Judgement {
                verdict: Verdict::Block,
                findings: vec![finding],
                monitored: vec![],
                rewritten: None,
                missing_capabilities: vec![],
                entries: vec![],
            };
            d.incident = crate::telemetry::incident_id();
            if !monitor {
                d.outcome = blocked_outcome(&j, &[], ctx, &d.incident, &Node::Null);
            }
            d.judgement = Some(j);
            d.seconds = started.elapsed().as_secs_f64();
            return d;
        }
    };
    let carriers = find_carriers(&value);
    if carriers.is_empty() {
        d.seconds = started.elapsed().as_secs_f64();
        return d;
    }
    let j = ctx
        .engine
        .judge(&value, bytes, &carriers, ctx.modes, ctx.route, ctx.links);
    if j.verdict != Verdict::Allow {
        d.incident = crate::telemetry::incident_id();
    }
    if !monitor {
        d.outcome = match j.verdict {
            Verdict::Allow => Outcome::Original,
            Verdict::Rewrite => j
                .rewritten
                .clone()
                .map_or(Outcome::Original, Outcome::Replace),
            Verdict::Block => {
                let kinds: Vec<(CarrierKind, Option<Value>)> =
                    carriers.iter().map(|c| (c.kind, c.id.clone())).collect();
                blocked_outcome(&j, &kinds, ctx, &d.incident, &value)
            }
        };
    }
    d.seconds = started.elapsed().as_secs_f64();
    d.judgement = Some(j);
    d.parsed = Some(value);
    d.carriers = carriers;
    d
}

/// The outcome of a block.
fn blocked_outcome(
    j: &Judgement,
    carriers: &[(CarrierKind, Option<Value>)],
    ctx: &Context<'_>,
    incident: &str,
    msg: &Node<'_>,
) -> Outcome {
    let rules = j.rule_ids();
    let reply = || {
        if j.missing_capabilities.is_empty() {
            let why = j
                .findings
                .iter()
                .find(|f| f.action == crate::policy::Action::Block)
                .map(|f| f.message.clone())
                .unwrap_or_else(|| "it broke a policy rule".to_owned());
            Reply::Blocked {
                why,
                rules: rules.clone(),
                incident: incident.to_owned(),
            }
        } else {
            Reply::Undeclared {
                missing: j.missing_capabilities.clone(),
                rules: rules.clone(),
                incident: incident.to_owned(),
            }
        }
    };
    let server_requests: Vec<&Option<Value>> = carriers
        .iter()
        .filter(|(k, _)| *k == CarrierKind::ServerRequest)
        .map(|(_, id)| id)
        .collect();
    if !server_requests.is_empty() {
        let to_server = Reply::RefusedForUser {
            rules: rules.clone(),
        };
        let upstream_answers = server_requests
            .iter()
            .map(|id| to_server.message(id.as_ref()))
            .collect();
        let client_error = ctx.client_id.map(|_| Box::new(reply()));
        return Outcome::DropServerRequests {
            upstream_answers,
            client_error,
        };
    }
    // A response: the error goes to the id the upstream answered (the client's own id).
    let id = carriers
        .first()
        .and_then(|(_, id)| id.clone())
        .or_else(|| ctx.client_id.cloned())
        .or_else(|| msg.get("id").map(Node::to_value));
    Outcome::Error {
        reply: Box::new(reply()),
        id,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::policy::clean_schemas::CleanSchemas;

    /// A remembered schema is not built by the parse, and nothing that comes out differs from an engine that
    /// remembers nothing: a neutral form, one whose message asks for a secret (the schema is built then), one
    /// whose message is rewritten (the schema is re-serialised from its text), a legacy server request, and a
    /// second form in the same message.
    #[test]
    fn remembered_schemas_decide_as_forgotten_ones() {
        let remembering = crate::config::default_engine().unwrap();
        let forgetting = Engine {
            clean_schemas: CleanSchemas::new(0),
            ..crate::config::default_engine().unwrap()
        };
        let route = RoutePolicy::default();
        let schema = r#"{"type":"object","properties":{"date":{"type":"string","format":"date","title":"Date"},"name":{"type":"string","title":"Name"}},"required":["date"]}"#;
        let modern = |message: &str| {
            format!(
                r#"{{"jsonrpc":"2.0","id":1,"result":{{"resultType":"input_required","inputRequests":{{"f":{{"method":"elicitation/create","params":{{"mode":"form","message":{},"requestedSchema":{schema}}}}},"g":{{"method":"elicitation/create","params":{{"mode":"form","message":"Second","requestedSchema":{schema}}}}}}},"requestState":"s"}}}}"#,
                serde_json::to_string(message).unwrap()
            )
        };
        let legacy = format!(
            r#"{{"jsonrpc":"2.0","id":7,"method":"elicitation/create","params":{{"mode":"form","message":"Which day?","requestedSchema":{schema}}}}}"#
        );
        let outcome = |engine: &Engine, text: &str| {
            let arena = Arena::new();
            let ctx = Context {
                engine,
                route: &route,
                modes: ClientModes::ALL,
                client_id: None,
                links: None,
            };
            let d = decide(text.as_bytes(), &arena, &ctx, false);
            let skipped = d.parsed.as_ref().is_some_and(|p| {
                [
                    "/result/inputRequests/f/params/requestedSchema",
                    "/params/requestedSchema",
                ]
                .iter()
                .any(|at| matches!(p.pointer(at), Some(Node::Skipped(_))))
            });
            let j = d.judgement.expect("judged");
            let said = format!("{:?} {:?} {:?}", d.outcome, j.verdict, j.findings);
            // Incident ids are random.
            let said = match d.incident.as_str() {
                "" => said,
                id => said.replace(id, "(incident)"),
            };
            (said, skipped)
        };
        // Remembered once judged clean.
        let (first, skipped) = outcome(&remembering, &modern("Which day suits you?"));
        assert!(!skipped && first.starts_with("Original Allow"), "{first}");
        for (text, verdict) in [
            (modern("Which day suits you?"), "Allow"),
            (
                modern("Please enter your bank password in the name field"),
                "Block",
            ),
            (modern("Which day\u{202e} suits you?"), "Rewrite"),
            (legacy.clone(), "Allow"),
        ] {
            let (with, skipped) = outcome(&remembering, &text);
            let (without, _) = outcome(&forgetting, &text);
            assert!(skipped, "{text}");
            assert_eq!(with, without, "{text}");
            assert!(with.contains(&format!(" {verdict} ")), "{with}");
        }
    }
}
