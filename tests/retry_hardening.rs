//! Hostile clients against the retry flow and what protects it: era confusion (a body that claims one era
//! while its headers claim the other), JSON-RPC id aliases, batches, and retries the gateway never opened.
//! Each test is an attack the gateway must refuse; none sleeps, every await is bounded by `DEADLINE`.

mod common;

use bytes::Bytes;
use common::*;
use elicitguard::config::Source;
use serde_json::{json, Value};

/// A value the secret classifier blocks in any answer (a GitHub token format).
const PASTED: &str = "ghp_abcdefghijklmnopqrstuvwxyz0123456789";

/// `_meta` of a 2026-07-28 request: what makes the gateway read a body as modern.
fn modern_meta() -> Value {
    json!({"io.modelcontextprotocol/protocolVersion":"2026-07-28",
        "io.modelcontextprotocol/clientCapabilities":{"elicitation":{"form":{}}}})
}

/// A legacy POST on session `s-alice` as `sub`.
fn legacy_post(gw: &Gw, body: &Value, sub: &str) -> http::Request<http_body_util::Full<Bytes>> {
    let mut req = post(&gw.url("/mcp"), serde_json::to_vec(body).unwrap());
    let h = req.headers_mut();
    h.insert(
        "authorization",
        format!("Bearer {}", test_token(sub)).parse().unwrap(),
    );
    h.insert("mcp-protocol-version", "2025-11-25".parse().unwrap());
    h.insert("mcp-session-id", "s-alice".parse().unwrap());
    req
}

/// Alice opens the session, declaring form elicitation.
async fn alice_initializes(gw: &Gw) {
    let init = json!({"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{"elicitation":{"form":{}}},"clientInfo":{"name":"c","version":"1"}}});
    let mut req = legacy_post(gw, &init, "alice");
    req.headers_mut().remove("mcp-session-id");
    let (parts, _) = send(&http1_client(), req).await;
    assert_eq!(parts.status, 200);
}

/// Alice calls a tool; the server pushes form elicitation id 7 on the call's stream, and the test reads it
/// off the client side (so the gateway has judged and remembered it). Returns the open stream.
async fn alice_is_asked(gw: &Gw, tx: &tokio::sync::mpsc::Sender<SseMsg>) -> hyper::body::Incoming {
    let call = json!({"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"x"}});
    let resp = tokio::time::timeout(
        DEADLINE,
        http1_client().request(legacy_post(gw, &call, "alice")),
    )
    .await
    .unwrap()
    .unwrap();
    let mut body = resp.into_body();
    let seen = push_event(tx, &mut body, &day_form(7)).await;
    assert!(seen.contains("elicitation/create"));
    body
}

/// The form a legacy server pushes in these tests, as request `id`.
fn day_form(id: u64) -> Value {
    json!({"jsonrpc":"2.0","id":id,"method":"elicitation/create","params":{"message":"Day?","requestedSchema":{"type":"object","properties":{"day":{"type":"string","enum":["mon","tue"]}}}}})
}

/// Whether any request the upstream received contains `needle`.
fn upstream_saw(up: &Upstream, needle: &str) -> bool {
    up.requests()
        .iter()
        .any(|r| String::from_utf8_lossy(&r.body).contains(needle))
}

/// A body that says "2026-07-28" in `params._meta` is not a reason to skip the legacy session's owner
/// check: the header, the session id and the upstream (Python's SDK routes by the header alone) say legacy.
#[tokio::test]
async fn a_modern_looking_body_does_not_unlock_another_users_legacy_session() {
    let (tx, up) = legacy_session_upstream().await;
    let dir = temp_dir("hijack-meta");
    let gw = start_gateway(Source::File(identity_config(&dir, &up.url("/mcp"), ""))).await;
    alice_initializes(&gw).await;

    // Bob, on Alice's session, with a call and with an answer that both carry a modern `_meta`.
    let call =
        json!({"jsonrpc":"2.0","id":1,"method":"tools/list","params":{"_meta":modern_meta()}});
    let (parts, _) = send(&http1_client(), legacy_post(&gw, &call, "bob")).await;
    assert_eq!(parts.status, 403, "a call on another user's session");
    let answer = json!({"jsonrpc":"2.0","id":7,"result":{"action":"accept","content":{"day":"mon"}},
        "params":{"_meta":modern_meta()}});
    let (parts, _) = send(&http1_client(), legacy_post(&gw, &answer, "bob")).await;
    assert_eq!(parts.status, 403, "an answer on another user's session");
    assert!(
        !upstream_saw(&up, "tools/list") && !upstream_saw(&up, "\"action\""),
        "nothing Bob sent reached the upstream"
    );
    drop(tx);
}

/// A legacy answer is checked whatever else its body carries: a modern `_meta` beside `result` must not make
/// the gateway forget it is an answer to a form it remembered.
#[tokio::test]
async fn a_legacy_answer_with_a_modern_meta_is_still_checked() {
    let (tx, up) = legacy_session_upstream().await;
    let dir = temp_dir("answer-meta");
    let gw = start_gateway(Source::File(identity_config(&dir, &up.url("/mcp"), ""))).await;
    alice_initializes(&gw).await;
    let _stream = alice_is_asked(&gw, &tx).await;

    let answer = json!({"jsonrpc":"2.0","id":7,"result":{"action":"accept","content":{"day":PASTED}},
        "params":{"_meta":modern_meta()}});
    let (parts, bytes) = send(&http1_client(), legacy_post(&gw, &answer, "alice")).await;
    let (code, _) = rpc_error(&bytes);
    assert_eq!((parts.status.as_u16(), code), (200, -32012));
    assert!(
        !upstream_saw(&up, PASTED),
        "the pasted value never reaches the upstream"
    );
    drop(tx);
}

/// SDK servers match a response to their request by a loose id: the TypeScript SDK looks up
/// `Number(response.id)`, so `7.0`, `"7.0"`, `"0x7"` and `" 7"` all answer request 7, and the Python SDK's
/// `int()` reads `"٧"` and `"７"` as 7. Each must be checked against the form request 7 asked.
#[tokio::test]
async fn a_legacy_answer_under_an_aliased_id_is_still_checked() {
    for alias in [
        json!(7.0),
        json!("7.0"),
        json!("0x7"),
        json!(" 7"),
        json!("07"),
        json!(7e0),
        // Python's int() reads any Unicode decimal digit; JavaScript's Number() strips a byte-order mark.
        json!("\u{0667}"),
        json!("\u{ff17}"),
        json!("\u{feff}7"),
    ] {
        let (tx, up) = legacy_session_upstream().await;
        let dir = temp_dir("answer-alias");
        let gw = start_gateway(Source::File(identity_config(&dir, &up.url("/mcp"), ""))).await;
        alice_initializes(&gw).await;
        let _stream = alice_is_asked(&gw, &tx).await;

        let answer = json!({"jsonrpc":"2.0","id":alias,"result":{"action":"accept","content":{"day":PASTED}}});
        let (parts, bytes) = send(&http1_client(), legacy_post(&gw, &answer, "alice")).await;
        let (code, _) = rpc_error(&bytes);
        assert_eq!((parts.status.as_u16(), code), (200, -32012), "id {alias}");
        assert!(
            !upstream_saw(&up, PASTED),
            "id {alias}: the pasted value never reaches the upstream"
        );
        drop(tx);
    }
}

/// A batch holding a legacy answer (batches were 2025-03-26 JSON-RPC, and SDK transports still take arrays)
/// must not slip past the answer check the single message gets.
#[tokio::test]
async fn a_legacy_answer_inside_a_batch_is_not_forwarded_unchecked() {
    let (tx, up) = legacy_session_upstream().await;
    let dir = temp_dir("answer-batch");
    let gw = start_gateway(Source::File(identity_config(&dir, &up.url("/mcp"), ""))).await;
    alice_initializes(&gw).await;
    let _stream = alice_is_asked(&gw, &tx).await;

    let batch =
        json!([{"jsonrpc":"2.0","id":7,"result":{"action":"accept","content":{"day":PASTED}}}]);
    let (parts, _) = send(&http1_client(), legacy_post(&gw, &batch, "alice")).await;
    assert_eq!(parts.status, 400);
    assert!(
        !upstream_saw(&up, PASTED),
        "the pasted value never reaches the upstream"
    );
    drop(tx);
}

/// A modern retry wrapped in a batch: its answers and its requestState were never opened or checked.
#[tokio::test]
async fn a_retry_inside_a_batch_is_not_forwarded_unchecked() {
    let up = Upstream::start(|_| Reply::json(r#"{"jsonrpc":"2.0","id":1,"result":{}}"#)).await;
    let gw = start_gateway(Source::Upstream(up.url("/mcp"))).await;
    let retry = json!([{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"book",
        "_meta":modern_meta(),"requestState":"upstream-raw",
        "inputResponses":{"when":{"action":"accept","content":{"day":PASTED}}}}}]);
    let (parts, _) = send(&http1_client(), post(&gw.url("/mcp"), retry.to_string())).await;
    assert_eq!(parts.status, 400);
    assert!(!upstream_saw(&up, PASTED));
    assert!(!upstream_saw(&up, "upstream-raw"));
}

/// A retry without the modern `_meta` (the era the gateway reads from the body) still carries
/// `inputResponses` and a `requestState` the upstream may act on (rmcp and others read them from the params
/// whatever the version): it must be opened and checked like any retry, never forwarded as it is.
#[tokio::test]
async fn a_retry_without_modern_meta_is_still_checked() {
    let up = Upstream::start(|_| Reply::json(r#"{"jsonrpc":"2.0","id":1,"result":{}}"#)).await;
    let gw = start_gateway(Source::Upstream(up.url("/mcp"))).await;
    for header in [None, Some("2025-11-25")] {
        let retry = json!({"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"book",
            "requestState":"upstream-raw",
            "inputResponses":{"when":{"action":"accept","content":{"day":PASTED}}}}});
        let mut req = post(&gw.url("/mcp"), retry.to_string());
        if let Some(v) = header {
            req.headers_mut()
                .insert("mcp-protocol-version", v.parse().unwrap());
        }
        let (parts, bytes) = send(&http1_client(), req).await;
        let (code, _) = rpc_error(&bytes);
        assert_eq!((parts.status.as_u16(), code), (400, -32602), "{header:?}");
    }
    assert!(!upstream_saw(&up, PASTED));
    assert!(!upstream_saw(&up, "upstream-raw"));
}

/// A hostile server pushes more forms than a session remembers (16): the first one falls out of memory.
/// Its answer can then not be checked against what was asked, so it is refused, never forwarded as if
/// nothing had been asked; a form still remembered is checked as always.
#[tokio::test]
async fn an_answer_to_a_form_the_gateway_had_to_forget_is_refused() {
    let (tx, up) = legacy_session_upstream().await;
    let dir = temp_dir("answer-forgotten");
    let cfg = identity_config(&dir, &up.url("/mcp"), "");
    // Budgets above the pushes, so that what stops the answer is the forgotten ask, not a limit.
    let mut text = std::fs::read_to_string(&cfg).unwrap();
    text.push_str(
        "limits:\n  max_rounds: 64\n  elicitation_burst: 64\n  route_elicitation_burst: 64\n",
    );
    std::fs::write(&cfg, text).unwrap();
    let gw = start_gateway(Source::File(cfg)).await;
    alice_initializes(&gw).await;
    let mut stream = alice_is_asked(&gw, &tx).await;
    // Sixteen filler forms after request 7, each read off the client side so the gateway judged it.
    for i in 100..116 {
        let seen = push_event(&tx, &mut stream, &day_form(i)).await;
        assert!(seen.contains(&format!("\"id\":{i}")), "{seen}");
    }
    let answer =
        json!({"jsonrpc":"2.0","id":7,"result":{"action":"accept","content":{"day":PASTED}}});
    let (parts, bytes) = send(&http1_client(), legacy_post(&gw, &answer, "alice")).await;
    let (code, _) = rpc_error(&bytes);
    let text = String::from_utf8_lossy(&bytes);
    assert_eq!((parts.status.as_u16(), code), (200, -32012), "{text}");
    assert!(text.contains("answer.unchecked"), "{text}");
    assert!(
        !upstream_saw(&up, PASTED),
        "the unchecked answer never reaches the upstream"
    );
    // A form still remembered is checked as before: a valid answer passes.
    let ok = json!({"jsonrpc":"2.0","id":115,"result":{"action":"accept","content":{"day":"mon"}}});
    let (parts, _) = send(&http1_client(), legacy_post(&gw, &ok, "alice")).await;
    assert_eq!(parts.status.as_u16(), 202);
    drop(tx);
}
