//! The sealed requestState through the gateway (issue 6): a full MRTR exchange, and every way a retry can
//! be forged, swapped, replayed or answered wrongly.

mod common;

use common::*;
use elicitguard::config::Source;
use serde_json::{json, Value};

const META: &str = r#"{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{"elicitation":{"form":{},"url":{}}}}"#;

fn meta() -> Value {
    serde_json::from_str(META).unwrap()
}

/// A modern upstream: asks one form question per call, with its own requestState "up-<round>"; answers a
/// retry carrying inputResponses with the state it received, so the test sees what reached it.
async fn asking_upstream(rounds_before_done: u64) -> Upstream {
    Upstream::start(move |r| {
        let v: Value = serde_json::from_slice(&r.body).unwrap_or(Value::Null);
        let id = v["id"].clone();
        let state = v["params"]["requestState"].as_str().unwrap_or("");
        let round: u64 = state.strip_prefix("up-").and_then(|n| n.parse().ok()).unwrap_or(0);
        let body = if v["params"].get("inputResponses").is_some() && round >= rounds_before_done {
            json!({"jsonrpc":"2.0","id":id,"result":{"resultType":"complete","content":[{"type":"text","text":format!("upstream got state {state:?} and answers {}", v["params"]["inputResponses"])}]}})
        } else {
            json!({"jsonrpc":"2.0","id":id,"result":{"resultType":"input_required","requestState":format!("up-{}", round + 1),
                "inputRequests":{"when":{"method":"elicitation/create","params":{"mode":"form","message":"Which day?",
                    "requestedSchema":{"type":"object","properties":{"day":{"type":"string","enum":["mon","tue"]},"guests":{"type":"integer","minimum":1,"maximum":8}},"required":["day"]}}}}}})
        };
        Reply::json(serde_json::to_vec(&body).unwrap())
    })
    .await
}

fn call(id: u64, args: Value, extra: Option<(Value, Value)>) -> String {
    let mut params = json!({"name":"book","arguments":args,"_meta":meta()});
    if let Some((state, responses)) = extra {
        params["requestState"] = state;
        params["inputResponses"] = responses;
    }
    serde_json::to_string(&json!({"jsonrpc":"2.0","id":id,"method":"tools/call","params":params}))
        .unwrap()
}

async fn post_json(gw: &Gw, body: String) -> (u16, Value) {
    let (parts, bytes) = send(&http1_client(), post(&gw.url("/mcp"), body)).await;
    (
        parts.status.as_u16(),
        serde_json::from_slice(&bytes)
            .unwrap_or_else(|e| panic!("{e}: {}", String::from_utf8_lossy(&bytes))),
    )
}

fn good_answer() -> Value {
    json!({"when":{"action":"accept","content":{"day":"tue","guests":2}}})
}

#[tokio::test]
async fn full_mrtr_exchange_restores_the_upstream_state_byte_for_byte() {
    let up = asking_upstream(1).await;
    let gw = start_gateway(Source::Upstream(up.url("/mcp"))).await;
    let (_, first) = post_json(&gw, call(1, json!({"table":4}), None)).await;
    let token = first["result"]["requestState"].as_str().unwrap().to_owned();
    assert!(
        token.starts_with("eg1."),
        "the client holds the gateway's envelope, not the upstream's state: {token}"
    );
    assert!(!token.contains("up-1"));
    let (status, done) = post_json(
        &gw,
        call(2, json!({"table":4}), Some((json!(token), good_answer()))),
    )
    .await;
    assert_eq!(status, 200);
    let text = done["result"]["content"][0]["text"]
        .as_str()
        .unwrap_or_else(|| panic!("{done}"));
    assert!(text.starts_with(r#"upstream got state "up-1""#), "{text}");
    assert_eq!(done["id"], 2);
    // The same envelope again: single use.
    let (status, again) = post_json(
        &gw,
        call(3, json!({"table":4}), Some((json!(token), good_answer()))),
    )
    .await;
    assert_eq!(
        (status, again["error"]["code"].clone()),
        (400, json!(-32602))
    );
    assert_eq!(again["error"]["message"], "Invalid or expired requestState");
    assert!(gw
        .metrics
        .encode()
        .contains(r#"elicitguard_envelope_rejections_total{reason="replayed"} 1"#));
}

#[tokio::test]
async fn forged_swapped_and_missing_envelopes_are_refused() {
    let up = asking_upstream(1).await;
    let gw = start_gateway(Source::Upstream(up.url("/mcp"))).await;
    let (_, first) = post_json(&gw, call(1, json!({"table":4}), None)).await;
    let token = first["result"]["requestState"].as_str().unwrap().to_owned();

    // Every flipped character of the token's body fails (a sample across the token).
    let bytes = token.as_bytes();
    for i in (4..bytes.len()).step_by(7) {
        let mut t = bytes.to_vec();
        t[i] = if t[i] == b'A' { b'B' } else { b'A' };
        let forged = String::from_utf8(t).unwrap();
        if forged == token {
            continue;
        }
        let (status, v) = post_json(
            &gw,
            call(10, json!({"table":4}), Some((json!(forged), good_answer()))),
        )
        .await;
        assert_eq!(
            (status, v["error"]["code"].clone()),
            (400, json!(-32602)),
            "flip at {i}"
        );
    }
    // The envelope moved to other params (another table): refused.
    let (status, _) = post_json(
        &gw,
        call(11, json!({"table":5}), Some((json!(token), good_answer()))),
    )
    .await;
    assert_eq!(status, 400);
    // The upstream's raw state with answers: refused.
    let (status, _) = post_json(
        &gw,
        call(12, json!({"table":4}), Some((json!("up-1"), good_answer()))),
    )
    .await;
    assert_eq!(status, 400);
    // Answers with no state at all: a first call, without them; held, and since they pass as an answer to what
    // the server then asks, the gateway sends the call again with them (tests/held_answers.rs).
    let mut no_state: Value = serde_json::from_str(&call(
        13,
        json!({"table":4}),
        Some((json!(token), good_answer())),
    ))
    .unwrap();
    no_state["params"]
        .as_object_mut()
        .unwrap()
        .remove("requestState");
    let (status, v) = post_json(&gw, no_state.to_string()).await;
    assert_eq!(
        (status, v["result"]["resultType"].clone()),
        (200, json!("complete")),
        "{v}"
    );
    // The untouched token still works afterwards: refusals did not burn it.
    let (status, v) = post_json(
        &gw,
        call(14, json!({"table":4}), Some((json!(token), good_answer()))),
    )
    .await;
    assert_eq!(status, 200, "{v}");
}

/// `inputResponses` on a call without `requestState` answer nothing the gateway asked and cannot be checked:
/// they are removed and the call goes on as a first call (what the protocol expects of a server given answers
/// it did not ask for). Held answers that do not pass as answers to what the server then asks (here one breaks
/// the schema) never reach it: the client gets the server's question. Recorded, without the answers' values.
/// (Held answers that pass are used: tests/held_answers.rs.)
#[tokio::test]
async fn unsolicited_answers_are_removed_and_the_call_goes_on_as_a_first_call() {
    // This upstream completes any call that carries answers: only a call without them is asked again.
    let up = asking_upstream(0).await;
    let gw = start_gateway(Source::Upstream(up.url("/mcp"))).await;
    let mut body: Value = serde_json::from_str(&call(
        7,
        json!({"table":4}),
        Some((Value::Null, json!({"when":{"action":"accept","content":{"day":"sun"}},"x":{"action":"accept","content":{"pin":"UNSOLICITED-4242"}}}))),
    ))
    .unwrap();
    let params = body["params"].as_object_mut().unwrap();
    params.remove("requestState");
    params.insert("extra".into(), json!("ignored"));
    let (status, v) = post_json(&gw, body.to_string()).await;
    assert_eq!(status, 200, "{v}");
    assert_eq!(v["id"], 7);
    assert_eq!(v["result"]["resultType"], "input_required", "{v}");
    // The server's state came back sealed, as on any first call.
    let sealed = v["result"]["requestState"].as_str().unwrap();
    assert_ne!(sealed, "up-1");
    let reqs = up.requests();
    assert_eq!(reqs.len(), 1, "never sent again with answers that fail");
    let forwarded: Value = serde_json::from_slice(&reqs.last().unwrap().body).unwrap();
    assert!(
        forwarded["params"].get("inputResponses").is_none(),
        "{forwarded}"
    );
    assert_eq!(forwarded["params"]["extra"], "ignored");
    assert_eq!(forwarded["params"]["arguments"], json!({"table":4}));
    let metrics = gw.metrics.encode();
    assert!(
        metrics.contains(r#"elicitguard_answers_refused_total{rule="answer.unsolicited"} 1"#),
        "{metrics}"
    );
    assert!(!metrics.contains("UNSOLICITED-4242"));
    // The honest retry of the same call with the sealed state then completes.
    let mut retry: Value = serde_json::from_str(&call(
        8,
        json!({"table":4}),
        Some((json!(sealed), good_answer())),
    ))
    .unwrap();
    retry["params"]["extra"] = json!("ignored");
    let (status, v) = post_json(&gw, retry.to_string()).await;
    assert_eq!(
        (status, v["result"]["resultType"].clone()),
        (200, json!("complete")),
        "{v}"
    );
}

#[tokio::test]
async fn answers_outside_what_was_asked_get_32012() {
    let up = asking_upstream(1).await;
    let gw = start_gateway(Source::Upstream(up.url("/mcp"))).await;
    for (bad, rule) in [
        (
            json!({"when":{"action":"accept","content":{"day":"sun"}}}),
            "answer.schema",
        ),
        (
            json!({"when":{"action":"accept","content":{"day":"mon","guests":99}}}),
            "answer.schema",
        ),
        (
            json!({"when":{"action":"accept","content":{"day":"mon"}},"other":{"action":"accept"}}),
            "answer.unasked_key",
        ),
        (json!({"when":{"action":"maybe"}}), "answer.shape"),
    ] {
        let (_, first) = post_json(&gw, call(1, json!({}), None)).await;
        let token = first["result"]["requestState"].clone();
        let (status, v) = post_json(&gw, call(2, json!({}), Some((token, bad.clone())))).await;
        assert_eq!(
            (status, v["error"]["code"].clone()),
            (200, json!(-32012)),
            "{bad}: {v}"
        );
        assert!(
            v["error"]["data"]["rules"]
                .as_array()
                .unwrap()
                .contains(&json!(rule)),
            "{bad}: {v}"
        );
        assert!(
            !v.to_string().contains("sun"),
            "the refused value is never echoed"
        );
    }
    // No upstream request ever carried a refused answer.
    assert!(up
        .requests()
        .iter()
        .all(|r| !String::from_utf8_lossy(&r.body).contains("inputResponses")));
}

#[tokio::test]
async fn the_round_budget_cuts_an_endless_asker() {
    let up = asking_upstream(u64::MAX).await;
    let dir = temp_dir("rounds");
    let cfg = write_config(&dir, &up.url("/mcp"), "limits:\n  max_rounds: 2\n");
    let gw = start_gateway(Source::File(cfg)).await;
    let (_, r1) = post_json(&gw, call(1, json!({}), None)).await;
    let (_, r2) = post_json(
        &gw,
        call(
            2,
            json!({}),
            Some((r1["result"]["requestState"].clone(), good_answer())),
        ),
    )
    .await;
    assert_eq!(
        r2["result"]["resultType"], "input_required",
        "round 2 passes: {r2}"
    );
    let (status, r3) = post_json(
        &gw,
        call(
            3,
            json!({}),
            Some((r2["result"]["requestState"].clone(), good_answer())),
        ),
    )
    .await;
    assert_eq!(
        (status, r3["error"]["code"].clone()),
        (200, json!(-32011)),
        "{r3}"
    );
    assert_eq!(r3["error"]["data"]["rules"], json!(["limit.rounds"]));
    assert_eq!(r3["id"], 3);
}

#[tokio::test]
async fn a_sealed_result_is_the_upstream_bytes_but_for_the_request_state() {
    // Spacing, key order, a number spelling and an escape that a re-serialised tree would all change.
    const ASKING: &str = "{ \"jsonrpc\":\"2.0\", \"id\":1, \"result\":{\"requestState\":\"up-1\", \
        \"resultType\":\"input_required\", \"_meta\":{\"weight\":1.50e3,\"note\":\"caf\\u00e9\"}, \
        \"inputRequests\":{\"when\":{\"method\":\"elicitation/create\",\"params\":{\"mode\":\"form\", \
        \"message\":\"Which day?\",\"requestedSchema\":{\"type\":\"object\",\"properties\":{\"day\":\
        {\"type\":\"string\",\"enum\":[\"mon\",\"tue\"]}}}}}}} }";
    let up = Upstream::start(|_| Reply::json(ASKING)).await;
    let gw = start_gateway(Source::Upstream(up.url("/mcp"))).await;
    let (parts, bytes) = send(
        &http1_client(),
        post(&gw.url("/mcp"), call(1, json!({"table":4}), None)),
    )
    .await;
    assert_eq!(parts.status.as_u16(), 200);
    let got = String::from_utf8(bytes.to_vec()).unwrap();
    let sealed: Value = serde_json::from_str(&got).unwrap();
    let token = sealed["result"]["requestState"].as_str().unwrap();
    assert!(token.starts_with("eg1."), "{got}");
    assert_eq!(got.replacen(token, "up-1", 1), ASKING);
}

#[tokio::test]
async fn a_sealed_sse_event_keeps_its_id_and_the_upstream_bytes() {
    // The upstream's event id (for Last-Event-ID resumption) and its own bytes survive sealing.
    const ASKING: &str = "{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{\"resultType\":\"input_required\", \
        \"inputRequests\":{\"when\":{\"method\":\"elicitation/create\",\"params\":{\"mode\":\"form\", \
        \"message\":\"Which day?\",\"requestedSchema\":{\"type\":\"object\",\"properties\":{\"day\":\
        {\"type\":\"string\",\"enum\":[\"mon\",\"tue\"]}}}}}},\"requestState\":\"up-1\",\"n\":1.50e3}}";
    let (tx, up) = sse_upstream().await;
    let gw = start_gateway(Source::Upstream(up.url("/mcp"))).await;
    let resp = tokio::time::timeout(
        DEADLINE,
        http1_client().request(post(&gw.url("/mcp"), call(1, json!({}), None))),
    )
    .await
    .unwrap()
    .unwrap();
    let mut body = resp.into_body();
    tx.send(SseMsg::Data(
        format!("id: 41\nevent: message\ndata: {ASKING}\n\n").into(),
    ))
    .await
    .ok()
    .unwrap();
    drop(tx);
    let mut got = Vec::new();
    read_rest(&mut body, &mut got).await.unwrap();
    let text = String::from_utf8(got).unwrap();
    let data = text
        .strip_prefix("id: 41\nevent: message\ndata: ")
        .and_then(|t| t.strip_suffix("\n\n"))
        .unwrap_or_else(|| panic!("the sealed event lost its id or framing: {text}"));
    let sealed: Value = serde_json::from_str(data).unwrap();
    let token = sealed["result"]["requestState"].as_str().unwrap();
    assert!(token.starts_with("eg1."), "{data}");
    assert_eq!(data.replacen(token, "up-1", 1), ASKING);
}
