//! Faults on the request path (issue 37): one route's hung upstream or a trickling client cannot take every place
//! among the requests in flight; one deadline bounds an upstream's head and JSON body; a stream that ends early,
//! because its upstream broke or went silent, ends with a JSON-RPC error for the pending call and a proper end of
//! body.

mod common;

use std::time::Duration;

use bytes::Bytes;
use common::*;
use elicitguard::config::Source;
use http::StatusCode;
use tokio::io::{AsyncReadExt, AsyncWriteExt};

const CALL: &str =
    r#"{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"echo","arguments":{}}}"#;

const EVENT_1: &str = "event: message\ndata: {\"jsonrpc\":\"2.0\",\"method\":\"notifications/progress\",\"params\":{\"progress\":1}}\n\n";

const DONE: &str = r#"{"jsonrpc":"2.0","id":7,"result":{"content":[],"resultType":"complete"}}"#;

/// Two routes: `/hung` to an upstream that never answers, `/ok` to one that does.
fn two_routes(dir: &std::path::Path, hung: &str, ok: &str, limits: &str) -> std::path::PathBuf {
    let path = dir.join("elicitguard.yaml");
    std::fs::write(
        &path,
        format!(
            "routes:\n  - name: hung\n    path_prefix: /hung\n    upstream: {hung}\n  - name: ok\n    path_prefix: /ok\n    upstream: {ok}\nlimits:\n{limits}"
        ),
    )
    .unwrap();
    path
}

#[tokio::test]
async fn one_hung_route_cannot_take_every_place() {
    let hung = Upstream::start(|_| Reply::Pending).await;
    let ok = Upstream::start(|_| Reply::json(DONE)).await;
    let dir = temp_dir("per-route");
    // Four places in all; a route gets half of them by default.
    let cfg = two_routes(
        &dir,
        &hung.url("/mcp"),
        &ok.url("/mcp"),
        "  max_concurrent_requests: 4\n",
    );
    let gw = start_gateway(Source::File(cfg)).await;

    let mut stuck = Vec::new();
    for _ in 0..2 {
        let url = gw.url("/hung");
        stuck.push(tokio::spawn(async move {
            http1_client().request(post(&url, CALL)).await
        }));
    }
    eventually("two calls are held by the hung upstream", || {
        let n = hung.requests().len();
        async move { n == 2 }
    })
    .await;
    // The hung route's share is taken: more calls to it are shed at once...
    for _ in 0..2 {
        let (parts, body) = send(&http1_client(), post(&gw.url("/hung"), CALL)).await;
        assert_eq!(parts.status, StatusCode::SERVICE_UNAVAILABLE);
        assert_eq!(rpc_error(&body).1, serde_json::json!(7));
    }
    // ...and the healthy route keeps the rest.
    for _ in 0..2 {
        let (parts, body) = send(&http1_client(), post(&gw.url("/ok"), CALL)).await;
        assert_eq!(parts.status, StatusCode::OK);
        assert_eq!(body, DONE.as_bytes());
    }
    assert_eq!(hung.requests().len(), 2);
    for s in stuck {
        s.abort();
    }
}

#[tokio::test]
async fn a_trickling_request_body_holds_no_place() {
    let up = Upstream::start(|_| Reply::json(DONE)).await;
    let dir = temp_dir("trickle");
    let cfg = write_config(
        &dir,
        &up.url("/mcp"),
        "limits:\n  max_concurrent_requests: 1\n",
    );
    let gw = start_gateway(Source::File(cfg)).await;
    // A client that sends its head and a tenth of its body, then nothing.
    let mut slow = tokio::net::TcpStream::connect(gw.addr).await.unwrap();
    let head = format!(
        "POST /mcp HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-type: application/json\r\ncontent-length: {}\r\n\r\n",
        CALL.len()
    );
    slow.write_all(head.as_bytes()).await.unwrap();
    slow.write_all(&CALL.as_bytes()[..8]).await.unwrap();
    // The only place is still free for a whole request.
    for _ in 0..3 {
        let (parts, body) = send(&http1_client(), post(&gw.url("/mcp"), CALL)).await;
        assert_eq!(
            parts.status,
            StatusCode::OK,
            "{}",
            String::from_utf8_lossy(&body)
        );
    }
    drop(slow);
}

/// An upstream that answers its head late and its body later still, each within `upstream_timeout` of the last,
/// but both together past it: the one deadline ends the call.
#[tokio::test]
async fn one_deadline_bounds_the_head_and_the_json_body() {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let upstream = tokio::spawn(async move {
        let (mut sock, _) = listener.accept().await.unwrap();
        let mut buf = vec![0u8; 8192];
        let _ = sock.read(&mut buf).await;
        // A scripted upstream: its head at 1.2 s, its body at 2.4 s (the deadline is 2 s).
        tokio::time::sleep(Duration::from_millis(1200)).await;
        let head = format!(
            "HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: {}\r\n\r\n",
            DONE.len()
        );
        let _ = sock.write_all(head.as_bytes()).await;
        tokio::time::sleep(Duration::from_millis(1200)).await;
        let _ = sock.write_all(DONE.as_bytes()).await;
        let _ = sock.read(&mut buf).await;
    });
    let dir = temp_dir("deadline");
    let cfg = write_config(
        &dir,
        &format!("http://{addr}/mcp"),
        "limits:\n  upstream_timeout_ms: 2000\n",
    );
    let gw = start_gateway(Source::File(cfg)).await;
    let (parts, body) = send(&http1_client(), post(&gw.url("/mcp"), CALL)).await;
    assert_eq!(
        parts.status,
        StatusCode::GATEWAY_TIMEOUT,
        "{}",
        String::from_utf8_lossy(&body)
    );
    assert_eq!(rpc_error(&body), (-32001, serde_json::json!(7)));
    upstream.abort();
}

/// Reads a streamed response to its end; panics if the body is cut instead of ended.
async fn read_to_end(gw: &Gw, path: &str) -> (StatusCode, String) {
    let resp = tokio::time::timeout(DEADLINE, http1_client().request(post(&gw.url(path), CALL)))
        .await
        .expect("no response head in time")
        .expect("no response");
    let status = resp.status();
    let mut body = resp.into_body();
    let mut got = Vec::new();
    read_rest(&mut body, &mut got)
        .await
        .expect("the body was cut, not ended");
    (status, String::from_utf8(got).unwrap())
}

/// The JSON-RPC message of the last event in `text`.
fn last_event(text: &str) -> serde_json::Value {
    let data = text
        .trim_end()
        .rsplit("\n\n")
        .next()
        .and_then(|e| e.lines().find_map(|l| l.strip_prefix("data: ")))
        .unwrap_or_else(|| panic!("no event in {text:?}"));
    serde_json::from_str(data).unwrap()
}

/// Sends `first` on the upstream's stream, waits until the client has it, then breaks the upstream's
/// connection; returns everything the client received, to a proper end of body.
async fn break_after(first: &str) -> String {
    let (tx, up) = sse_upstream().await;
    let gw = start_gateway(Source::Upstream(up.url("/mcp"))).await;
    tx.send(SseMsg::Data(Bytes::from(first.to_owned())))
        .await
        .unwrap();
    let (head, mut body, mut got) =
        open_stream(&http1_client(), post(&gw.url("/mcp"), CALL), first.len()).await;
    assert_eq!(head.status, StatusCode::OK);
    tx.send(SseMsg::Reset).await.unwrap();
    read_rest(&mut body, &mut got)
        .await
        .expect("the body was cut, not ended");
    String::from_utf8(got).unwrap()
}

#[tokio::test]
async fn a_broken_upstream_stream_ends_with_an_error_for_the_call() {
    let text = break_after(EVENT_1).await;
    assert!(text.starts_with(EVENT_1), "{text}");
    let err = last_event(&text);
    assert_eq!(
        (err["id"].clone(), err["error"]["code"].clone()),
        (serde_json::json!(7), serde_json::json!(-32001)),
        "{text}"
    );
}

#[tokio::test]
async fn a_stream_answered_before_it_broke_gets_no_error() {
    let answer = format!("event: message\ndata: {DONE}\n\n");
    assert_eq!(break_after(&answer).await, answer);
}

#[tokio::test]
async fn a_silent_upstream_stream_is_ended_after_the_idle_timeout() {
    let (tx, up) = sse_upstream().await;
    let dir = temp_dir("sse-idle");
    let cfg = write_config(
        &dir,
        &up.url("/mcp"),
        "limits:\n  sse_idle_timeout_ms: 300\n",
    );
    let gw = start_gateway(Source::File(cfg)).await;
    tx.send(SseMsg::Data(EVENT_1.into())).await.unwrap();
    // The upstream keeps its stream open and says nothing more.
    let (status, text) = read_to_end(&gw, "/mcp").await;
    assert_eq!(status, StatusCode::OK);
    assert!(text.starts_with(EVENT_1), "{text}");
    let err = last_event(&text);
    assert_eq!(err["error"]["code"], -32001, "{text}");
    assert!(
        err["error"]["message"]
            .as_str()
            .unwrap()
            .contains("sent nothing"),
        "{text}"
    );
    // The place it held is free again.
    eventually("the stream's place is given back", || {
        let open = gw.metrics.encode();
        async move { open.contains("elicitguard_sse_streams_open 0") }
    })
    .await;
    drop(tx);
}

/// SIGTERM's drain: `/readyz` says `draining` (the admin listener stays up), and a stream still open when the
/// grace is over ends with a -32001 event for its call and a proper end of body, not a cut connection.
#[tokio::test]
async fn at_the_end_of_the_grace_an_open_stream_ends_with_an_error() {
    let (tx, up) = sse_upstream().await;
    let dir = temp_dir("drain");
    let cfg = write_config(&dir, &up.url("/mcp"), "limits:\n  shutdown_grace_ms: 400\n");
    let mut gw = start_gateway(Source::File(cfg)).await;
    tx.send(SseMsg::Data(EVENT_1.into())).await.unwrap();
    let (_, mut body, mut got) =
        open_stream(&http1_client(), post(&gw.url("/mcp"), CALL), EVENT_1.len()).await;

    let readyz = gw.admin_url("/readyz");
    let (status, _) = send(&http1_client(), get(&readyz)).await;
    assert_eq!(status.status, StatusCode::OK);
    let running = gw.take();
    let shutdown = tokio::spawn(running.shutdown(Duration::from_millis(400)));
    eventually("/readyz says draining", || {
        let readyz = readyz.clone();
        async move {
            let (parts, body) = send(&http1_client(), get(&readyz)).await;
            parts.status == StatusCode::SERVICE_UNAVAILABLE && body == "draining\n"
        }
    })
    .await;
    read_rest(&mut body, &mut got)
        .await
        .expect("the stream was cut, not ended");
    let text = String::from_utf8(got).unwrap();
    assert!(text.starts_with(EVENT_1), "{text}");
    let err = last_event(&text);
    assert_eq!(err["id"], 7, "{text}");
    assert_eq!(err["error"]["code"], -32001, "{text}");
    assert!(
        err["error"]["message"]
            .as_str()
            .unwrap()
            .contains("shutting down"),
        "{text}"
    );
    tokio::time::timeout(DEADLINE, shutdown)
        .await
        .unwrap()
        .unwrap();
    drop(tx);
}
