//! Verified identity through the gateway (issue 6): a route that requires a bearer JWT, envelopes bound to
//! the verified principal (one user cannot replay another's), legacy sessions bound to who opened them, and
//! legacy answers checked against what the session's server asked.

mod common;

use base64::Engine as _;
use bytes::Bytes;
use common::*;
use elicitguard::config::Source;
use serde_json::{json, Value};

const META: &str = r#"{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{"elicitation":{"form":{}}}}"#;

fn with_bearer(
    mut req: http::Request<http_body_util::Full<Bytes>>,
    sub: Option<&str>,
) -> http::Request<http_body_util::Full<Bytes>> {
    if let Some(s) = sub {
        req.headers_mut().insert(
            "authorization",
            format!("Bearer {}", test_token(s)).parse().unwrap(),
        );
    }
    req
}

fn asking(r: &Recorded) -> Reply {
    let v: Value = serde_json::from_slice(&r.body).unwrap_or(Value::Null);
    let body = if v["params"].get("inputResponses").is_some() {
        json!({"jsonrpc":"2.0","id":v["id"],"result":{"resultType":"complete","content":[{"type":"text","text":"done"}]}})
    } else {
        json!({"jsonrpc":"2.0","id":v["id"],"result":{"resultType":"input_required","requestState":"s",
            "inputRequests":{"q":{"method":"elicitation/create","params":{"message":"Day?","requestedSchema":{"type":"object","properties":{"day":{"type":"string","enum":["mon","tue"]}}}}}}}})
    };
    Reply::json(serde_json::to_vec(&body).unwrap())
}

#[tokio::test]
async fn required_identity_and_envelopes_bound_to_the_user() {
    let up = Upstream::start(asking).await;
    let dir = temp_dir("identity");
    let gw = start_gateway(Source::File(identity_config(
        &dir,
        &up.url("/mcp"),
        "      resource_metadata: https://gw.example/.well-known/oauth-protected-resource\n",
    )))
    .await;
    let call = |id: u64, extra: &str| {
        format!(
            r#"{{"jsonrpc":"2.0","id":{id},"method":"tools/call","params":{{"name":"t"{extra},"_meta":{META}}}}}"#
        )
    };

    // No token, or a bad one: 401 with a WWW-Authenticate pointing at the resource metadata.
    let (parts, _) = send(&http1_client(), post(&gw.url("/mcp"), call(1, ""))).await;
    assert_eq!(parts.status, 401);
    let www = parts.headers["www-authenticate"].to_str().unwrap();
    assert!(
        www.starts_with("Bearer") && www.contains("resource_metadata=\"https://gw.example/"),
        "{www}"
    );
    let mut bad = post(&gw.url("/mcp"), call(1, ""));
    bad.headers_mut()
        .insert("authorization", "Bearer not.a.jwt".parse().unwrap());
    assert_eq!(send(&http1_client(), bad).await.0.status, 401);
    assert!(
        up.requests().is_empty(),
        "nothing unauthenticated reached the upstream"
    );

    // Alice gets an envelope; Bob cannot use it; Alice can.
    let (_, body) = send(
        &http1_client(),
        with_bearer(post(&gw.url("/mcp"), call(2, "")), Some("alice")),
    )
    .await;
    let v: Value = serde_json::from_slice(&body).unwrap();
    let state = v["result"]["requestState"].as_str().unwrap().to_owned();
    let retry = call(
        3,
        &format!(
            r#","requestState":"{state}","inputResponses":{{"q":{{"action":"accept","content":{{"day":"mon"}}}}}}"#
        ),
    );
    let (parts, body) = send(
        &http1_client(),
        with_bearer(post(&gw.url("/mcp"), retry.clone()), Some("bob")),
    )
    .await;
    assert_eq!(parts.status, 400, "{}", String::from_utf8_lossy(&body));
    assert!(gw
        .metrics
        .encode()
        .contains(r#"elicitguard_envelope_rejections_total{reason="principal"} 1"#));
    let (parts, body) = send(
        &http1_client(),
        with_bearer(post(&gw.url("/mcp"), retry), Some("alice")),
    )
    .await;
    assert_eq!(parts.status, 200);
    assert!(String::from_utf8_lossy(&body).contains("done"));
    // The token went to the upstream unchanged.
    assert!(up.requests().iter().all(|r| r
        .headers
        .get("authorization")
        .is_some_and(|a| a.to_str().unwrap().starts_with("Bearer ey"))));
}

#[tokio::test]
async fn legacy_session_hijack_is_refused_and_answers_are_checked() {
    let (tx, up) = legacy_session_upstream().await;
    let dir = temp_dir("legacy-identity");
    let gw = start_gateway(Source::File(identity_config(
        &dir,
        &up.url("/mcp"),
        "      resource_metadata: https://gw.example/.well-known/oauth-protected-resource\n",
    )))
    .await;
    let legacy = |body: Value, sub: &str| {
        let mut req = with_bearer(
            post(&gw.url("/mcp"), serde_json::to_vec(&body).unwrap()),
            Some(sub),
        );
        req.headers_mut()
            .insert("mcp-protocol-version", "2025-11-25".parse().unwrap());
        req.headers_mut()
            .insert("mcp-session-id", "s-alice".parse().unwrap());
        req
    };
    let init = json!({"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{"elicitation":{"form":{}}},"clientInfo":{"name":"c","version":"1"}}});
    let mut req = legacy(init, "alice");
    req.headers_mut().remove("mcp-session-id");
    send(&http1_client(), req).await;

    // Bob with Alice's session id: refused.
    let (parts, _) = send(
        &http1_client(),
        legacy(json!({"jsonrpc":"2.0","id":1,"method":"tools/list"}), "bob"),
    )
    .await;
    assert_eq!(parts.status, 403);

    // Alice's call: the server asks a form question; her answer outside the schema is refused, and the
    // server gets a refusal instead of the content.
    let resp = tokio::time::timeout(
        DEADLINE,
        http1_client().request(legacy(
            json!({"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"x"}}),
            "alice",
        )),
    )
    .await
    .unwrap()
    .unwrap();
    let mut body = resp.into_body();
    let ask = json!({"jsonrpc":"2.0","id":7,"method":"elicitation/create","params":{"message":"Day?","requestedSchema":{"type":"object","properties":{"day":{"type":"string","enum":["mon","tue"]}}}}});
    push_event(&tx, &mut body, &ask).await;
    let answer = json!({"jsonrpc":"2.0","id":7,"result":{"action":"accept","content":{"day":"sunday-ghp_abcdefghijklmnopqrstuvwxyz0123456789"}}});
    let (parts, bytes) = send(&http1_client(), legacy(answer, "alice")).await;
    let v: Value = serde_json::from_slice(&bytes).unwrap();
    assert_eq!(
        (parts.status.as_u16(), v["error"]["code"].clone()),
        (200, json!(-32012)),
        "{v}"
    );
    assert!(
        !v.to_string().contains("ghp_"),
        "the refused value is never echoed"
    );
    eventually("the server gets a refusal, never the content", || {
        let reqs = up.requests();
        async move {
            let bodies: Vec<String> = reqs
                .iter()
                .map(|r| String::from_utf8_lossy(&r.body).into_owned())
                .collect();
            bodies.iter().all(|b| !b.contains("ghp_"))
                && bodies
                    .iter()
                    .any(|b| b.contains("-32012") && b.contains(r#""id":7"#))
        }
    })
    .await;
    drop(tx);
}

#[tokio::test]
async fn jwks_fetched_from_a_url_verifies_tokens_and_fails_closed_without_it() {
    let jwks = json!({"keys":[{"kty":"oct","kid":"k1","alg":"HS256","k": base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(TEST_JWT_SECRET)}]});
    let serve_keys = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let flag = serve_keys.clone();
    let up = Upstream::start(move |r| {
        if r.path == "/jwks" {
            return if flag.load(std::sync::atomic::Ordering::SeqCst) {
                Reply::json(jwks.to_string())
            } else {
                Reply::Json {
                    status: 503,
                    headers: vec![],
                    body: Bytes::new(),
                }
            };
        }
        Reply::json(r#"{"jsonrpc":"2.0","id":1,"result":{"content":[]}}"#)
    })
    .await;
    let dir = temp_dir("jwks-url");
    let cfg = write_config(
        &dir,
        &up.url("/mcp"),
        &format!("    identity:\n      issuers: [\"https://idp.example\"]\n      audiences: [\"mcp-gateway\"]\n      algorithms: [HS256]\n      jwks_url: {}\n      jwks_min_refetch_seconds: 1\n", up.url("/jwks")),
    );
    let gw = start_gateway(Source::File(cfg)).await;
    let call = r#"{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{}}"#;
    // The key server is down: no keys, so even a well-signed token is refused (fail closed).
    let (parts, _) = send(
        &http1_client(),
        with_bearer(post(&gw.url("/mcp"), call), Some("alice")),
    )
    .await;
    assert_eq!(parts.status, 401);
    assert!(gw
        .metrics
        .encode()
        .contains("elicitguard_identity_failures_total"));
    // Keys available: after the refetch interval (1 s here) the next token fetches them and verifies; polled
    // with a fresh request each time, never a sleep-and-hope.
    serve_keys.store(true, std::sync::atomic::Ordering::SeqCst);
    eventually("the JWKS is fetched and the token verifies", || {
        let req = with_bearer(post(&gw.url("/mcp"), call), Some("alice"));
        async move { send(&http1_client(), req).await.0.status == 200 }
    })
    .await;
}
