//! Unsolicited answers held until the server asks (issue 36, `src/proxy/held.rs`): `inputResponses` on a call
//! without a `requestState` never reach the upstream with the first call; if the upstream then asks what they
//! answer and they pass every check a retry would, the gateway sends the call again with them (once, with the
//! upstream's own state), and otherwise the client gets the upstream's question, sealed, as without them.

mod common;

use std::path::{Path, PathBuf};

use bytes::Bytes;
use common::*;
use elicitguard::config::Source;
use serde_json::{json, Value};

/// A credential a user might paste (GitHub token format): never forwarded from a held answer.
const PASTED: &str = "ghp_abcdefghijklmnopqrstuvwxyz0123456789";

fn meta() -> Value {
    json!({"io.modelcontextprotocol/protocolVersion":"2026-07-28",
        "io.modelcontextprotocol/clientCapabilities":{"elicitation":{"form":{}}}})
}

/// The form the upstream asks (key `when`, its own state `up-1`), and on its second round (key `more`, `up-2`).
fn question(id: &Value, key: &str, state: &str) -> Value {
    json!({"jsonrpc":"2.0","id":id,"result":{"resultType":"input_required","requestState":state,
        "inputRequests":{key:{"method":"elicitation/create","params":{"mode":"form","message":"Which day?",
            "requestedSchema":{"type":"object","properties":{
                "day":{"type":"string","enum":["mon","tue"]},
                "guests":{"type":"integer","minimum":1,"maximum":8},
                "note":{"type":"string","maxLength":200}},"required":["day"]}}}}}})
}

fn complete(id: &Value, state: &str, answers: &Value) -> Value {
    json!({"jsonrpc":"2.0","id":id,"result":{"resultType":"complete",
        "content":[{"type":"text","text":format!("got state {state:?} and answers {answers}")}]}})
}

/// How the mock upstream answers.
#[derive(Clone, Copy)]
struct Shape {
    /// The first call's question comes on an SSE stream after a progress notification (else as JSON).
    first_sse: bool,
    /// The answer to the retried call comes on an SSE stream (else as JSON).
    second_sse: bool,
    /// The retried call is asked one more question instead of completing.
    asks_again: bool,
}

const JSON: Shape = Shape {
    first_sse: false,
    second_sse: false,
    asks_again: false,
};

/// `msgs` as a finished SSE stream.
fn sse(msgs: &[Value]) -> Reply {
    let (tx, rx) = sse_channel();
    for m in msgs {
        tx.try_send(SseMsg::Data(Bytes::from(format!("data: {m}\n\n"))))
            .unwrap_or_else(|_| panic!("the mock stream is full"));
    }
    Reply::Sse(rx)
}

/// A modern upstream: a call without `inputResponses` is asked `when` (state `up-1`); a call answering it with
/// state `up-1` completes, echoing what it got (or is asked `more`, state `up-2`); any other call completes
/// echoing what it got, so a test sees anything that reached it.
async fn asking_upstream(shape: Shape) -> Upstream {
    Upstream::start(move |r| {
        let v: Value = serde_json::from_slice(&r.body).unwrap_or(Value::Null);
        let id = v["id"].clone();
        let state = v["params"]["requestState"].as_str().unwrap_or("");
        let answers = v["params"].get("inputResponses");
        match answers {
            None => {
                let q = question(&id, "when", "up-1");
                if shape.first_sse {
                    let progress = json!({"jsonrpc":"2.0","method":"notifications/progress",
                        "params":{"progressToken":"p","progress":1}});
                    sse(&[progress, q])
                } else {
                    Reply::json(serde_json::to_vec(&q).unwrap())
                }
            }
            Some(a) => {
                let out = if shape.asks_again && state == "up-1" {
                    question(&id, "more", "up-2")
                } else {
                    complete(&id, state, a)
                };
                if shape.second_sse {
                    sse(&[out])
                } else {
                    Reply::json(serde_json::to_vec(&out).unwrap())
                }
            }
        }
    })
    .await
}

/// A call (id 7) to `book` carrying `answers` as `inputResponses` and no `requestState`.
fn call_with(answers: Value) -> String {
    json!({"jsonrpc":"2.0","id":7,"method":"tools/call",
        "params":{"name":"book","arguments":{"table":4},"_meta":meta(),"inputResponses":answers}})
    .to_string()
}

/// The same call, retried through the ordinary path with the client's envelope.
fn retry_with(state: &Value, answers: Value) -> String {
    json!({"jsonrpc":"2.0","id":8,"method":"tools/call",
        "params":{"name":"book","arguments":{"table":4},"_meta":meta(),"requestState":state,
            "inputResponses":answers}})
    .to_string()
}

fn good() -> Value {
    json!({"action":"accept","content":{"day":"tue","guests":2}})
}

/// A gateway in front of `up` writing its audit log to a file, which is returned.
async fn gateway(up: &Upstream, extra: &str) -> (Gw, PathBuf) {
    let dir = temp_dir("held");
    let audit = dir.join("audit.log");
    let cfg = write_config(
        &dir,
        &up.url("/mcp"),
        &format!("audit:\n  path: {}\n{extra}", audit.display()),
    );
    (start_gateway(Source::File(cfg)).await, audit)
}

/// The audit records of kind `answers`, once there are `n` of them.
async fn answer_records(audit: &Path, n: usize) -> Vec<Value> {
    let read = || -> Vec<Value> {
        std::fs::read_to_string(audit)
            .unwrap_or_default()
            .lines()
            .filter_map(|l| serde_json::from_str::<Value>(l).ok())
            .map(|v| v["audit"].clone())
            .filter(|a| a["kind"] == "answers")
            .collect()
    };
    eventually("the audit records of held answers", || {
        let got = read().len();
        async move { got >= n }
    })
    .await;
    read()
}

async fn post_json(gw: &Gw, body: String) -> (u16, Value) {
    let (parts, bytes) = send(&http1_client(), post(&gw.url("/mcp"), body)).await;
    (
        parts.status.as_u16(),
        serde_json::from_slice(&bytes)
            .unwrap_or_else(|e| panic!("{e}: {}", String::from_utf8_lossy(&bytes))),
    )
}

/// The bodies the upstream received, parsed.
fn upstream_saw(up: &Upstream) -> Vec<Value> {
    up.requests()
        .iter()
        .map(|r| serde_json::from_slice(&r.body).unwrap())
        .collect()
}

/// The JSON messages of an SSE body, in order.
fn sse_messages(body: &[u8]) -> Vec<Value> {
    String::from_utf8_lossy(body)
        .lines()
        .filter_map(|l| l.strip_prefix("data:"))
        .map(|d| serde_json::from_str(d.trim()).unwrap_or_else(|e| panic!("{e}: {d}")))
        .collect()
}

#[tokio::test]
async fn held_answers_that_pass_are_used_once_with_the_upstreams_own_state() {
    let up = asking_upstream(JSON).await;
    let (gw, audit) = gateway(&up, "").await;
    // A valid answer for the key the server will ask, and two it will not (the conformance suite's
    // `input-required-result-ignore-extra-params`).
    let held = json!({"when": good(), "unknown_extra_key":{"action":"accept","content":{"foo":"bar"}},
        "another_unexpected":{"action":"accept","content":{"baz":123}}});
    let (status, v) = post_json(&gw, call_with(held)).await;
    assert_eq!(status, 200, "{v}");
    assert_eq!(v["id"], 7);
    assert_eq!(v["result"]["resultType"], "complete", "{v}");
    let saw = upstream_saw(&up);
    assert_eq!(saw.len(), 2, "one first call and one retry: {saw:?}");
    // The first call went as a first call: no answers, no state.
    assert!(
        saw[0]["params"].get("inputResponses").is_none(),
        "{}",
        saw[0]
    );
    assert!(saw[0]["params"].get("requestState").is_none(), "{}", saw[0]);
    // The retry: the upstream's own state back, and only the answer to what it asked.
    assert_eq!(saw[1]["params"]["requestState"], "up-1", "{}", saw[1]);
    assert_eq!(saw[1]["params"]["inputResponses"], json!({"when": good()}));
    assert_eq!(saw[1]["params"]["arguments"], json!({"table":4}));
    assert_eq!(saw[1]["id"], 7);
    let records = answer_records(&audit, 1).await;
    assert_eq!(records.len(), 1, "{records:?}");
    assert_eq!(records[0]["verdict"], "rewrite", "{records:?}");
    assert_eq!(
        records[0]["rules"],
        json!(["answer.unsolicited", "answer.unasked_key"])
    );
    let metrics = gw.metrics.encode();
    assert!(
        !metrics.contains(r#"elicitguard_answers_refused_total{rule="answer.unsolicited"}"#),
        "used answers are not refused ones: {metrics}"
    );

    // Answers for exactly the asked keys: used as sent, recorded as an allow.
    let (_, v) = post_json(&gw, call_with(json!({"when": good()}))).await;
    assert_eq!(v["result"]["resultType"], "complete", "{v}");
    let records = answer_records(&audit, 2).await;
    assert_eq!(records[1]["verdict"], "allow", "{records:?}");
    assert_eq!(records[1]["rules"], json!(["answer.unsolicited"]));
}

#[tokio::test]
async fn held_answers_that_fail_are_never_forwarded_and_the_client_is_asked() {
    let up = asking_upstream(JSON).await;
    let (gw, audit) = gateway(&up, "").await;
    let cases = [
        // A pasted credential in a free-text field.
        (
            json!({"when":{"action":"accept","content":{"day":"mon","note":PASTED}}}),
            PASTED,
            Some("answer.secret."),
        ),
        // Outside the asked schema.
        (
            json!({"when":{"action":"accept","content":{"day":"sun-SCHEMA"}}}),
            "sun-SCHEMA",
            Some("answer.schema"),
        ),
        (
            json!({"when":{"action":"accept","content":{"day":"mon","guests":99,"note":"GUESTS-99"}}}),
            "GUESTS-99",
            Some("answer.schema"),
        ),
        // Not the bare result of the request.
        (
            json!({"when":{"action":"maybe","note":"SHAPE"}}),
            "SHAPE",
            Some("answer.shape"),
        ),
        // Only a key the server does not ask: the asked one is unanswered.
        (
            json!({"other":{"action":"accept","content":{"day":"mon","note":"UNASKED-KEY"}}}),
            "UNASKED-KEY",
            None,
        ),
        // Not an object keyed by the asked keys.
        (json!(["NOT-A-MAP"]), "NOT-A-MAP", Some("answer.shape")),
    ];
    for (i, (held, marker, rule)) in cases.iter().enumerate() {
        let before = up.requests().len();
        let (status, v) = post_json(&gw, call_with(held.clone())).await;
        assert_eq!(status, 200, "{held}: {v}");
        assert_eq!(v["result"]["resultType"], "input_required", "{held}: {v}");
        let token = v["result"]["requestState"].clone();
        assert!(
            token.as_str().unwrap().starts_with("eg1."),
            "the question is sealed as on any first call: {v}"
        );
        let saw = &upstream_saw(&up)[before..];
        assert_eq!(saw.len(), 1, "{held}: no retry: {saw:?}");
        assert!(saw[0]["params"].get("inputResponses").is_none());
        assert!(!v.to_string().contains(marker), "never echoed: {v}");
        let records = answer_records(&audit, i + 1).await;
        let rec = &records[i];
        assert_eq!(rec["verdict"], "rewrite", "{held}: {rec}");
        let rules: Vec<&str> = rec["rules"]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| r.as_str().unwrap())
            .collect();
        assert_eq!(rules[0], "answer.unsolicited", "{held}: {rec}");
        match rule {
            Some(rule) => assert!(
                rules[1..].iter().any(|r| r.starts_with(rule)),
                "{held}: {rec}"
            ),
            None => assert_eq!(rules.len(), 1, "{held}: {rec}"),
        }
        // The envelope was not used up: the client answers through the ordinary path.
        let (status, done) = post_json(&gw, retry_with(&token, json!({"when": good()}))).await;
        assert_eq!(
            (status, done["result"]["resultType"].clone()),
            (200, json!("complete")),
            "{held}: {done}"
        );
    }
    // No request the upstream received ever carried a held answer that failed.
    for r in up.requests() {
        let body = String::from_utf8_lossy(&r.body);
        for (_, marker, _) in &cases {
            assert!(
                !body.contains(marker),
                "{marker} reached the upstream: {body}"
            );
        }
    }
    let metrics = gw.metrics.encode();
    assert!(
        metrics.contains(&format!(
            r#"elicitguard_answers_refused_total{{rule="answer.unsolicited"}} {}"#,
            cases.len()
        )),
        "{metrics}"
    );
    assert!(!metrics.contains(PASTED));
}

#[tokio::test]
async fn a_question_the_policy_blocks_gets_no_held_answer() {
    let up = Upstream::start(|r| {
        let v: Value = serde_json::from_slice(&r.body).unwrap_or(Value::Null);
        let q = json!({"jsonrpc":"2.0","id":v["id"],"result":{"resultType":"input_required","requestState":"up-1",
            "inputRequests":{"pw":{"method":"elicitation/create","params":{"mode":"form","message":"Your password",
                "requestedSchema":{"type":"object","properties":{"password":{"type":"string"}}}}}}}});
        Reply::json(serde_json::to_vec(&q).unwrap())
    })
    .await;
    let (gw, audit) = gateway(&up, "").await;
    let held = json!({"pw":{"action":"accept","content":{"password":"HUNTER2-HELD"}}});
    let (status, v) = post_json(&gw, call_with(held)).await;
    assert_eq!(
        (status, v["error"]["code"].clone()),
        (200, json!(-32010)),
        "{v}"
    );
    assert_eq!(up.requests().len(), 1);
    assert!(!String::from_utf8_lossy(&up.requests()[0].body).contains("HUNTER2-HELD"));
    let records = answer_records(&audit, 1).await;
    assert_eq!(records[0]["rules"], json!(["answer.unsolicited"]));
    assert_eq!(records[0]["verdict"], "rewrite");
}

/// Using held answers is a round: the second response is sealed a round on, and the round budget holds.
#[tokio::test]
async fn the_retry_counts_as_a_round() {
    let shape = Shape {
        asks_again: true,
        ..JSON
    };
    let up = asking_upstream(shape).await;
    let (gw, _) = gateway(&up, "limits:\n  max_rounds: 1\n").await;
    let (status, v) = post_json(&gw, call_with(json!({"when": good()}))).await;
    assert_eq!(
        (status, v["error"]["code"].clone()),
        (200, json!(-32011)),
        "round 2 of a budget of 1: {v}"
    );
    assert_eq!(v["error"]["data"]["rules"], json!(["limit.rounds"]));
    assert_eq!(up.requests().len(), 2, "one retry, never more");

    // With room for it, the second question reaches the client sealed, and its answer completes the call.
    let up = asking_upstream(shape).await;
    let (gw, _) = gateway(&up, "limits:\n  max_rounds: 2\n").await;
    let (_, v) = post_json(&gw, call_with(json!({"when": good(), "more": good()}))).await;
    assert_eq!(v["result"]["resultType"], "input_required", "{v}");
    assert!(v["result"]["inputRequests"].get("more").is_some(), "{v}");
    assert_eq!(
        up.requests().len(),
        2,
        "the held answers are used once only"
    );
    let token = v["result"]["requestState"].clone();
    let (_, done) = post_json(&gw, retry_with(&token, json!({"more": good()}))).await;
    assert_eq!(done["result"]["resultType"], "complete", "{done}");
    let saw = upstream_saw(&up);
    assert_eq!(saw[2]["params"]["requestState"], "up-2");
}

/// The question on an SSE stream: what came before it reaches the client as it streams, the question does not,
/// and the retried call's answer continues the stream, whether it comes as JSON or SSE.
#[tokio::test]
async fn an_sse_question_is_answered_from_held_answers_within_the_stream() {
    for second_sse in [false, true] {
        let shape = Shape {
            first_sse: true,
            second_sse,
            asks_again: false,
        };
        let up = asking_upstream(shape).await;
        let (gw, audit) = gateway(&up, "").await;
        let (parts, body) = send(
            &http1_client(),
            post(&gw.url("/mcp"), call_with(json!({"when": good()}))),
        )
        .await;
        assert_eq!(parts.status, 200);
        assert_eq!(
            parts.headers["content-type"], "text/event-stream",
            "the client reads the first response's stream"
        );
        let msgs = sse_messages(&body);
        assert_eq!(msgs.len(), 2, "second_sse {second_sse}: {msgs:?}");
        assert_eq!(msgs[0]["method"], "notifications/progress");
        assert_eq!(msgs[1]["id"], 7);
        assert_eq!(msgs[1]["result"]["resultType"], "complete", "{msgs:?}");
        let saw = upstream_saw(&up);
        assert_eq!(saw.len(), 2);
        assert!(saw[0]["params"].get("inputResponses").is_none());
        assert_eq!(saw[1]["params"]["requestState"], "up-1");
        assert_eq!(saw[1]["params"]["inputResponses"], json!({"when": good()}));
        let records = answer_records(&audit, 1).await;
        assert_eq!(records[0]["verdict"], "allow");
    }

    // Held answers that fail: the question goes out on the stream, sealed, and nothing is sent again.
    let shape = Shape {
        first_sse: true,
        ..JSON
    };
    let up = asking_upstream(shape).await;
    let (gw, audit) = gateway(&up, "").await;
    let held = json!({"when":{"action":"accept","content":{"day":"mon","note":PASTED}}});
    let (_, body) = send(&http1_client(), post(&gw.url("/mcp"), call_with(held))).await;
    let msgs = sse_messages(&body);
    assert_eq!(msgs.len(), 2, "{msgs:?}");
    assert_eq!(msgs[1]["result"]["resultType"], "input_required");
    assert!(msgs[1]["result"]["requestState"]
        .as_str()
        .unwrap()
        .starts_with("eg1."));
    assert_eq!(up.requests().len(), 1);
    assert!(!String::from_utf8_lossy(&up.requests()[0].body).contains(PASTED));
    let records = answer_records(&audit, 1).await;
    assert_eq!(records[0]["verdict"], "rewrite");
    assert!(records[0]["rules"].to_string().contains("answer.secret."));
    // And its envelope answers through the ordinary path.
    let token = msgs[1]["result"]["requestState"].clone();
    let (_, body) = send(
        &http1_client(),
        post(&gw.url("/mcp"), retry_with(&token, json!({"when": good()}))),
    )
    .await;
    let done: Value = serde_json::from_slice(&body).unwrap();
    assert_eq!(done["result"]["resultType"], "complete", "{done}");
}

/// The call sent again fails upstream: the client's call ends with a -32001 error (the question's envelope
/// was used by the check, so the question cannot be handed back), on a JSON response and within a stream.
#[tokio::test]
async fn a_failed_second_call_ends_the_call_with_an_upstream_error() {
    for first_sse in [false, true] {
        let up = Upstream::start(move |r| {
            let v: Value = serde_json::from_slice(&r.body).unwrap_or(Value::Null);
            if v["params"].get("inputResponses").is_some() {
                return Reply::Reset;
            }
            let q = question(&v["id"], "when", "up-1");
            if first_sse {
                sse(&[q])
            } else {
                Reply::json(serde_json::to_vec(&q).unwrap())
            }
        })
        .await;
        let (gw, _) = gateway(&up, "").await;
        let (parts, body) = send(
            &http1_client(),
            post(&gw.url("/mcp"), call_with(json!({"when": good()}))),
        )
        .await;
        let msgs = if first_sse {
            assert_eq!(parts.status, 200);
            sse_messages(&body)
        } else {
            assert_eq!(parts.status, 502);
            vec![serde_json::from_slice(&body).unwrap()]
        };
        assert_eq!(msgs.len(), 1, "first_sse {first_sse}: {msgs:?}");
        assert_eq!(msgs[0]["id"], 7);
        assert_eq!(msgs[0]["error"]["code"], -32001, "{msgs:?}");
        assert_eq!(up.requests().len(), 2);
    }
}
