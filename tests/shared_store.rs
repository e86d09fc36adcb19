//! Three gateway replicas sharing one real Redis (`redis-server`, Debian's `redis-server` package) and one set of
//! state keys: a retry replayed on another replica is refused, the elicitation limits count across replicas, a
//! legacy session opened on one replica is served and checked on the others, and when Redis dies retries are
//! refused, pass-through is served and `/readyz` says not ready, all of it recovering when Redis is back.
//!
//! Each test starts its own `redis-server` on a free port (no persistence). `tests/run.sh` installs the package;
//! without it these tests fail with a message saying so.

mod common;

use std::net::SocketAddr;
use std::path::Path;
use std::process::{Child, Command, Stdio};

use bytes::Bytes;
use common::*;
use elicitguard::config::Source;
use serde_json::{json, Value};

/// A `redis-server` child process, killed on drop.
struct Redis {
    child: Child,
    port: u16,
}

impl Redis {
    async fn start() -> Redis {
        let port = free_port();
        Self::start_on(port).await
    }

    async fn start_on(port: u16) -> Redis {
        let child = Command::new("redis-server")
            .args(["--port", &port.to_string(), "--bind", "127.0.0.1"])
            .args(["--save", "", "--appendonly", "no"])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap_or_else(|e| {
                panic!("redis-server could not be started ({e}): install Debian's redis-server (tests/run.sh does)")
            });
        let r = Redis { child, port };
        eventually("redis-server answers PING", || ping(r.addr())).await;
        r
    }

    fn addr(&self) -> SocketAddr {
        SocketAddr::from(([127, 0, 0, 1], self.port))
    }

    fn url(&self) -> String {
        format!("redis://127.0.0.1:{}/0", self.port)
    }

    fn kill(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Drop for Redis {
    fn drop(&mut self) {
        self.kill();
    }
}

fn free_port() -> u16 {
    let l = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    l.local_addr().unwrap().port()
}

async fn ping(addr: SocketAddr) -> bool {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let Ok(mut s) = tokio::net::TcpStream::connect(addr).await else {
        return false;
    };
    if s.write_all(b"PING\r\n").await.is_err() {
        return false;
    }
    let mut buf = [0u8; 7];
    s.read_exact(&mut buf).await.is_ok() && &buf == b"+PONG\r\n"
}

/// One envelope key every replica shares (base64 of 32 bytes).
fn write_keys(dir: &Path) {
    std::fs::write(
        dir.join("keys.txt"),
        "k1: YWJjZGVmZ2hpamtsbW5vcHFyc3R1dnd4eXoxMjM0NTY=\n",
    )
    .unwrap();
}

fn store_yaml(redis: &Redis, extra: &str) -> String {
    format!(
        "state:\n  keys_file: keys.txt\nstore:\n  url: {}\n  key_prefix: \"t:\"\n{extra}",
        redis.url()
    )
}

/// Three replicas of one config.
async fn replicas(config: &Path) -> Vec<Gw> {
    let mut out = Vec::new();
    for _ in 0..3 {
        let gw = start_gateway(Source::File(config.to_path_buf())).await;
        eventually("the replica's store is up", || readyz_is(&gw, 200)).await;
        out.push(gw);
    }
    out
}

async fn readyz_is(gw: &Gw, status: u16) -> bool {
    let (parts, _) = send(&http1_client(), get(&gw.admin_url("/readyz"))).await;
    parts.status.as_u16() == status
}

const META: &str = r#"{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{"elicitation":{"form":{},"url":{}}}}"#;

/// A modern server that asks once for a day, then completes with what it got. A call named `plain` gets a
/// plain result (pass-through).
async fn asking_upstream() -> Upstream {
    Upstream::start(move |r| {
        let v: Value = serde_json::from_slice(&r.body).unwrap_or(Value::Null);
        let id = v["id"].clone();
        let body = if v["params"]["name"] == "plain" {
            json!({"jsonrpc":"2.0","id":id,"result":{"content":[{"type":"text","text":"plain"}]}})
        } else if v["params"].get("inputResponses").is_some() {
            json!({"jsonrpc":"2.0","id":id,"result":{"resultType":"complete","content":[{"type":"text","text":"booked"}]}})
        } else {
            json!({"jsonrpc":"2.0","id":id,"result":{"resultType":"input_required","requestState":"up-1",
                "inputRequests":{"when":{"method":"elicitation/create","params":{"mode":"form","message":"Which day?",
                    "requestedSchema":{"type":"object","properties":{"day":{"type":"string","enum":["mon","tue"]}},"required":["day"]}}}}}})
        };
        Reply::json(serde_json::to_vec(&body).unwrap())
    })
    .await
}

fn call(id: u64, name: &str, retry: Option<(&str, Value)>) -> String {
    let meta: Value = serde_json::from_str(META).unwrap();
    let mut params = json!({"name":name,"arguments":{"table":4},"_meta":meta});
    if let Some((state, responses)) = retry {
        params["requestState"] = json!(state);
        params["inputResponses"] = responses;
    }
    json!({"jsonrpc":"2.0","id":id,"method":"tools/call","params":params}).to_string()
}

async fn post_json(gw: &Gw, body: String) -> (u16, Value) {
    let (parts, bytes) = send(&http1_client(), post(&gw.url("/mcp"), body)).await;
    let v = serde_json::from_slice(&bytes)
        .unwrap_or_else(|e| panic!("{e}: {}", String::from_utf8_lossy(&bytes)));
    (parts.status.as_u16(), v)
}

fn metric(gw: &Gw, series: &str) -> f64 {
    gw.metrics
        .encode()
        .lines()
        .find(|l| l.starts_with(series))
        .and_then(|l| l.rsplit(' ').next())
        .and_then(|v| v.parse().ok())
        .unwrap_or(0.0)
}

#[tokio::test]
async fn a_retry_replayed_on_another_replica_is_refused() {
    let redis = Redis::start().await;
    let up = asking_upstream().await;
    let dir = temp_dir("store-replay");
    write_keys(&dir);
    let config = write_config(&dir, &up.url("/mcp"), &store_yaml(&redis, ""));
    let gws = replicas(&config).await;

    let (_, first) = post_json(&gws[0], call(1, "book", None)).await;
    let token = first["result"]["requestState"]
        .as_str()
        .unwrap_or_else(|| panic!("an input_required with a sealed state: {first}"))
        .to_owned();
    let answer = json!({"when":{"action":"accept","content":{"day":"tue"}}});
    let retry = call(2, "book", Some((&token, answer)));

    let (status, done) = post_json(&gws[1], retry.clone()).await;
    assert_eq!(status, 200);
    assert_eq!(done["result"]["resultType"], "complete", "{done}");
    for (i, gw) in gws.iter().enumerate() {
        let (status, again) = post_json(gw, retry.clone()).await;
        assert_eq!(
            (status, again["error"]["code"].as_i64()),
            (400, Some(-32602)),
            "the replay on replica {i} is refused: {again}"
        );
    }
    assert_eq!(
        metric(
            &gws[2],
            "elicitguard_envelope_rejections_total{reason=\"replayed\"}"
        ),
        1.0
    );
    let upstream_retries = up
        .requests()
        .iter()
        .filter(|r| String::from_utf8_lossy(&r.body).contains("inputResponses"))
        .count();
    assert_eq!(upstream_retries, 1, "the upstream saw the answer once");
}

#[tokio::test]
async fn the_elicitation_limit_counts_across_replicas() {
    let redis = Redis::start().await;
    let up = asking_upstream().await;
    let dir = temp_dir("store-rate");
    write_keys(&dir);
    let limits = "limits:\n  elicitation_burst: 4\n  elicitations_per_minute: 1\n";
    let config = write_config(&dir, &up.url("/mcp"), &store_yaml(&redis, limits));
    let gws = replicas(&config).await;

    let (mut asked, mut limited) = (0, 0);
    for i in 0..12u64 {
        let gw = &gws[(i % 3) as usize];
        let (_, v) = post_json(gw, call(i, "book", None)).await;
        if v["result"]["resultType"] == "input_required" {
            asked += 1;
        } else {
            assert_eq!(v["error"]["code"], -32011, "{v}");
            assert_eq!(
                v["error"]["data"]["rules"],
                json!(["limit.rate.principal"]),
                "{v}"
            );
            limited += 1;
        }
    }
    assert_eq!(
        (asked, limited),
        (4, 8),
        "a burst of 4 over three replicas grants 4, not 12"
    );
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

fn day_form(id: u64) -> Value {
    json!({"jsonrpc":"2.0","id":id,"method":"elicitation/create","params":{"message":"Day?","requestedSchema":{"type":"object","properties":{"day":{"type":"string","enum":["mon","tue"]}}}}})
}

fn upstream_saw(up: &Upstream, needle: &str) -> bool {
    up.requests()
        .iter()
        .any(|r| String::from_utf8_lossy(&r.body).contains(needle))
}

#[tokio::test]
async fn a_legacy_session_is_served_and_checked_on_every_replica() {
    let redis = Redis::start().await;
    let (tx, up) = legacy_session_upstream().await;
    let dir = temp_dir("store-legacy");
    write_keys(&dir);
    let config = identity_config(&dir, &up.url("/mcp"), &store_yaml(&redis, ""));
    let gws = replicas(&config).await;

    // Alice opens the session on replica 0, declaring form elicitation.
    let init = json!({"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{"elicitation":{"form":{}}},"clientInfo":{"name":"c","version":"1"}}});
    let mut req = legacy_post(&gws[0], &init, "alice");
    req.headers_mut().remove("mcp-session-id");
    let (parts, _) = send(&http1_client(), req).await;
    assert_eq!(parts.status, 200);

    // Bob cannot use it on replica 2.
    let list = json!({"jsonrpc":"2.0","id":1,"method":"tools/list"});
    let (parts, _) = send(&http1_client(), legacy_post(&gws[2], &list, "bob")).await;
    assert_eq!(
        parts.status, 403,
        "the owner is known on a replica that did not see the initialize"
    );

    // Alice calls a tool on replica 1: its server asks a form, which replica 1 lets out because the session
    // declared form mode on replica 0.
    let call = json!({"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"x"}});
    let resp = tokio::time::timeout(
        DEADLINE,
        http1_client().request(legacy_post(&gws[1], &call, "alice")),
    )
    .await
    .unwrap()
    .unwrap();
    let mut stream = resp.into_body();
    let seen = push_event(&tx, &mut stream, &day_form(7)).await;
    assert!(seen.contains("elicitation/create"), "{seen}");
    let seen = push_event(&tx, &mut stream, &day_form(8)).await;
    assert!(seen.contains("elicitation/create"), "{seen}");

    // An answer outside the asked schema, on replica 2: refused, never forwarded.
    let bad = json!({"jsonrpc":"2.0","id":7,"result":{"action":"accept","content":{"day":"friday-the-13th"}}});
    let (parts, bytes) = send(&http1_client(), legacy_post(&gws[2], &bad, "alice")).await;
    let (code, _) = rpc_error(&bytes);
    assert_eq!((parts.status.as_u16(), code), (200, -32012));
    assert!(!upstream_saw(&up, "friday-the-13th"));

    // A good answer to the other question, on replica 0: forwarded.
    let good = json!({"jsonrpc":"2.0","id":8,"result":{"action":"accept","content":{"day":"tue"}}});
    let (parts, _) = send(&http1_client(), legacy_post(&gws[0], &good, "alice")).await;
    assert_eq!(parts.status, 202);
    assert!(upstream_saw(&up, "\"tue\""));
    drop(tx);
}

#[tokio::test]
async fn a_store_outage_fails_closed_and_recovers_without_a_restart() {
    let mut redis = Redis::start().await;
    let port = redis.port;
    let up = asking_upstream().await;
    let dir = temp_dir("store-outage");
    write_keys(&dir);
    let config = write_config(&dir, &up.url("/mcp"), &store_yaml(&redis, ""));
    let gws = replicas(&config).await;

    // An envelope issued while the store is up.
    let (_, first) = post_json(&gws[0], call(1, "book", None)).await;
    let token = first["result"]["requestState"].as_str().unwrap().to_owned();
    let answer = json!({"when":{"action":"accept","content":{"day":"mon"}}});

    redis.kill();
    eventually("every replica says not ready", || async {
        for gw in &gws {
            if !readyz_is(gw, 503).await {
                return false;
            }
        }
        true
    })
    .await;

    // Pass-through still flows.
    let (status, plain) = post_json(&gws[1], call(2, "plain", None)).await;
    assert_eq!(
        (status, plain["result"]["content"][0]["text"].as_str()),
        (200, Some("plain"))
    );
    // A retry cannot be checked for replay: refused with a clear error, not forwarded.
    let (status, refused) =
        post_json(&gws[1], call(3, "book", Some((&token, answer.clone())))).await;
    assert_eq!(
        (status, refused["error"]["code"].as_i64()),
        (503, Some(-32013)),
        "{refused}"
    );
    assert!(!upstream_saw(&up, "inputResponses"));
    // A round that cannot be counted is not let out (rate_limits_on_error: closed, the default).
    let (_, asked) = post_json(&gws[2], call(4, "book", None)).await;
    assert_eq!(asked["error"]["code"], -32011, "{asked}");
    assert_eq!(
        asked["error"]["data"]["rules"],
        json!(["limit.rate.unavailable"])
    );
    assert!(metric(&gws[1], "elicitguard_store_errors_total{op=\"replay\"}") >= 1.0);
    assert_eq!(metric(&gws[0], "elicitguard_store_up"), 0.0);

    // Redis comes back on the same address: everything works again, no restart.
    let _redis = Redis::start_on(port).await;
    eventually("every replica is ready again", || async {
        for gw in &gws {
            if !readyz_is(gw, 200).await {
                return false;
            }
        }
        true
    })
    .await;
    let (status, done) = post_json(&gws[2], call(5, "book", Some((&token, answer)))).await;
    assert_eq!(
        (status, done["result"]["resultType"].as_str()),
        (200, Some("complete")),
        "{done}"
    );
}

/// On an SSE stream, an `input_required` that must be counted on the shared store waits for it, goes out
/// sealed, and the events after it follow in order.
#[tokio::test]
async fn a_streamed_input_required_waits_for_the_store_and_keeps_the_order() {
    let redis = Redis::start().await;
    let (tx, up) = sse_upstream().await;
    let dir = temp_dir("store-sse");
    write_keys(&dir);
    let config = write_config(&dir, &up.url("/mcp"), &store_yaml(&redis, ""));
    let gw = start_gateway(Source::File(config)).await;
    eventually("the store is up", || readyz_is(&gw, 200)).await;

    let resp = tokio::time::timeout(
        DEADLINE,
        http1_client().request(post(&gw.url("/mcp"), call(1, "book", None))),
    )
    .await
    .unwrap()
    .unwrap();
    let mut body = resp.into_body();
    let progress = json!({"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":"p","progress":1}});
    let asked = json!({"jsonrpc":"2.0","id":1,"result":{"resultType":"input_required","requestState":"up-1",
        "inputRequests":{"when":{"method":"elicitation/create","params":{"mode":"form","message":"Which day?",
            "requestedSchema":{"type":"object","properties":{"day":{"type":"string"}}}}}}}});
    // Sent together: the second event must not overtake the first while it waits for the store.
    let both = format!("data: {asked}\n\ndata: {progress}\n\n");
    assert!(tx.send(SseMsg::Data(Bytes::from(both))).await.is_ok());
    let mut acc = Vec::new();
    read_until(&mut body, &mut acc, |b| {
        String::from_utf8_lossy(b).contains("notifications/progress")
    })
    .await;
    let text = String::from_utf8_lossy(&acc);
    let sealed = text
        .find("\"requestState\":\"eg1.")
        .expect("a sealed state");
    assert!(
        !text.contains("up-1"),
        "the upstream's own state stays hidden: {text}"
    );
    assert!(
        sealed < text.find("notifications/progress").unwrap(),
        "the order is kept: {text}"
    );
    let counted = metric(&gw, "elicitguard_store_duration_seconds_count{op=\"rate\"}");
    assert_eq!(counted, 1.0, "the round was counted on the store");
    drop(tx);
}

/// A store that hangs (SIGSTOP) is a store down: every call is bounded by `store.timeout_ms`, retries are
/// refused, and all of it works again once it answers.
#[tokio::test]
async fn a_hung_store_is_bounded_by_the_timeout() {
    let redis = Redis::start().await;
    let up = asking_upstream().await;
    let dir = temp_dir("store-hung");
    write_keys(&dir);
    let config = write_config(
        &dir,
        &up.url("/mcp"),
        &store_yaml(&redis, "").replace("key_prefix", "timeout_ms: 200\n  key_prefix"),
    );
    let gw = start_gateway(Source::File(config)).await;
    eventually("the store is up", || readyz_is(&gw, 200)).await;
    let (_, first) = post_json(&gw, call(1, "book", None)).await;
    let token = first["result"]["requestState"].as_str().unwrap().to_owned();
    let answer = json!({"when":{"action":"accept","content":{"day":"mon"}}});

    let signal = |sig: &str| {
        let ok = Command::new("kill")
            .args([sig, &redis.child.id().to_string()])
            .status()
            .map(|s| s.success());
        assert!(matches!(ok, Ok(true)), "kill {sig}");
    };
    signal("-STOP");
    let started = std::time::Instant::now();
    let (status, refused) = post_json(&gw, call(2, "book", Some((&token, answer.clone())))).await;
    assert_eq!(
        (status, refused["error"]["code"].as_i64()),
        (503, Some(-32013)),
        "{refused}"
    );
    // One store call, bounded by 200 ms; the rest is the request's own work. Generous for a loaded machine,
    // and far below what an unbounded call would take (the store never answers while stopped).
    assert!(
        started.elapsed() < std::time::Duration::from_secs(3),
        "the refusal came after {:?}",
        started.elapsed()
    );
    eventually("not ready while the store hangs", || readyz_is(&gw, 503)).await;
    signal("-CONT");
    eventually("ready again", || readyz_is(&gw, 200)).await;
    // The timed-out `SET NX` sat in Redis's socket and ran when it resumed: that envelope is spent, which
    // fails closed (the client starts the call again). A fresh exchange completes.
    let (_, again) = post_json(&gw, call(3, "book", Some((&token, answer.clone())))).await;
    assert_eq!(again["error"]["code"], -32602, "{again}");
    let (_, first) = post_json(&gw, call(4, "book", None)).await;
    let token = first["result"]["requestState"].as_str().unwrap().to_owned();
    let (status, done) = post_json(&gw, call(5, "book", Some((&token, answer)))).await;
    assert_eq!(
        (status, done["result"]["resultType"].as_str()),
        (200, Some("complete")),
        "{done}"
    );
}

/// Answers sent unasked are held and, once the server asks, used through the shared store like a retry: the
/// call completes on one replica, and the envelope the gateway spent for them is spent on every replica.
#[tokio::test]
async fn held_answers_are_spent_on_the_shared_store() {
    let redis = Redis::start().await;
    let up = asking_upstream().await;
    let dir = temp_dir("store-held");
    write_keys(&dir);
    let config = write_config(&dir, &up.url("/mcp"), &store_yaml(&redis, ""));
    let gws = replicas(&config).await;
    let meta: Value = serde_json::from_str(META).unwrap();
    let eager = json!({"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"book","arguments":{"table":4},"_meta":meta,
        "inputResponses":{"when":{"action":"accept","content":{"day":"tue"}}}}});
    let (status, done) = post_json(&gws[0], eager.to_string()).await;
    assert_eq!(
        (status, done["result"]["resultType"].as_str()),
        (200, Some("complete")),
        "{done}"
    );
    assert_eq!(
        metric(
            &gws[0],
            "elicitguard_store_duration_seconds_count{op=\"replay\"}"
        ),
        1.0,
        "the envelope the held answers used was recorded on the store"
    );
}
