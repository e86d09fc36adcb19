//! Interop with the official Rust MCP SDK (`rmcp`): its client talks through the gateway to the gateway's own demo
//! upstream (`elicitguard::demo::upstream`, both protocol eras at `/mcp`), in the 2026-07-28 era (opt-in
//! `serve_with_lifecycle`) and in the legacy 2025-11-25 era (plain `serve`).
//!
//! Each client runs a `ClientHandler` that records every elicitation it is shown, so a hostile tool is proven blocked
//! by the gateway (the SDK's callback never ran and the call ended in the gateway's error), not by the client.

mod common;

use std::sync::{Arc, Mutex};

use common::{start_gateway, temp_dir, write_config, Gw, DEADLINE, START_DEADLINE};
use elicitguard::config::Source;
use elicitguard::demo::tools as upstream_tools;
use elicitguard::demo::upstream;
use rmcp::model::{
    CallToolRequestParams, CallToolResult, ClientCapabilities, ClientConfig, ElicitRequestParams,
    ElicitResult, ElicitationAction, ElicitationCapability, ErrorData, FormElicitationCapability,
    Implementation, ProtocolVersion, UrlElicitationCapability,
};
use rmcp::service::{
    ClientLifecycleMode, ClientServiceExt, RequestContext, RunningService, ServiceError,
};
use rmcp::transport::StreamableHttpClientTransport;
use rmcp::{ClientHandler, RoleClient, ServiceExt};
use serde_json::{json, Value};

/// The gateway's round budget in these tests: below rmcp's own MRTR cap of 10, so a cut is the gateway's doing.
const GATEWAY_MAX_ROUNDS: u32 = 3;

/// A client that records each elicitation it is asked and accepts it with values that fit the asked schema.
#[derive(Clone)]
struct Recorder {
    version: ProtocolVersion,
    asked: Arc<Mutex<Vec<Value>>>,
}

impl Recorder {
    fn new(version: ProtocolVersion) -> Recorder {
        Recorder {
            version,
            asked: Arc::default(),
        }
    }

    /// The elicitations the callback was shown, as JSON.
    fn asked(&self) -> Vec<Value> {
        self.asked.lock().unwrap().clone()
    }
}

/// Content for a form: a plausible value for each top-level property of the asked schema.
fn answer_for(schema: &Value) -> Value {
    let mut content = serde_json::Map::new();
    if let Some(props) = schema.get("properties").and_then(Value::as_object) {
        for (name, prop) in props {
            let value = match (
                prop.get("type").and_then(Value::as_str),
                prop.get("format").and_then(Value::as_str),
            ) {
                (Some("integer" | "number"), _) => json!(4),
                (Some("boolean"), _) => json!(true),
                (_, Some("date")) => json!("2026-12-24"),
                _ => json!("Ada"),
            };
            content.insert(name.clone(), value);
        }
    }
    Value::Object(content)
}

impl ClientHandler for Recorder {
    fn get_info(&self) -> ClientConfig {
        let mut elicitation = ElicitationCapability::new();
        elicitation.form = Some(FormElicitationCapability::new());
        elicitation.url = Some(UrlElicitationCapability::new());
        let mut capabilities = ClientCapabilities::default();
        capabilities.elicitation = Some(elicitation);
        let mut config = ClientConfig::new(
            capabilities,
            Implementation::new("rmcp-interop-test", "0.0.0"),
        );
        config.protocol_version = self.version.clone();
        config
    }

    async fn create_elicitation(
        &self,
        request: ElicitRequestParams,
        _context: RequestContext<RoleClient>,
    ) -> Result<ElicitResult, ErrorData> {
        let asked = serde_json::to_value(&request).unwrap();
        self.asked.lock().unwrap().push(asked.clone());
        let result = match &request {
            ElicitRequestParams::FormElicitationParams { .. } => {
                ElicitResult::new(ElicitationAction::Accept)
                    .with_content(answer_for(&asked["requestedSchema"]))
            }
            // A url-mode answer carries no content.
            _ => ElicitResult::new(ElicitationAction::Accept),
        };
        Ok(result)
    }
}

/// The demo upstream and the gateway in front of it (config file with the test's round budget).
struct Stack {
    upstream_url: String,
    tasks: Vec<tokio::task::JoinHandle<()>>,
    gw: Gw,
}

impl Drop for Stack {
    fn drop(&mut self) {
        for t in &self.tasks {
            t.abort();
        }
    }
}

async fn stack() -> Stack {
    let (addr, upstream) =
        tokio::time::timeout(DEADLINE, upstream::spawn(([127, 0, 0, 1], 0).into()))
            .await
            .unwrap()
            .unwrap();
    let tasks = vec![upstream];
    let upstream_url = format!("http://{addr}/mcp");
    let dir = temp_dir("rmcp-interop");
    let cfg = write_config(
        &dir,
        &upstream_url,
        &format!("limits:\n  max_rounds: {GATEWAY_MAX_ROUNDS}\n"),
    );
    let gw = tokio::time::timeout(START_DEADLINE, start_gateway(Source::File(cfg)))
        .await
        .unwrap();
    Stack {
        upstream_url,
        tasks,
        gw,
    }
}

type Client = RunningService<RoleClient, Recorder>;

/// An rmcp client in the 2026-07-28 era (`Auto`: probes `server/discover`, would fall back to `initialize`).
async fn modern_client(url: &str) -> (Client, Recorder) {
    let recorder = Recorder::new(ProtocolVersion::V_2026_07_28);
    let client = tokio::time::timeout(
        DEADLINE,
        recorder.clone().serve_with_lifecycle(
            StreamableHttpClientTransport::from_uri(url.to_owned()),
            ClientLifecycleMode::Auto {
                preferred_versions: vec![ProtocolVersion::V_2026_07_28],
                legacy_version: Some(ProtocolVersion::V_2025_11_25),
            },
        ),
    )
    .await
    .expect("modern handshake in time")
    .expect("modern handshake");
    (client, recorder)
}

/// The plain legacy rmcp client (`initialize` at 2025-11-25).
async fn legacy_client(url: &str) -> (Client, Recorder) {
    let recorder = Recorder::new(ProtocolVersion::V_2025_11_25);
    let client = tokio::time::timeout(
        DEADLINE,
        recorder
            .clone()
            .serve(StreamableHttpClientTransport::from_uri(url.to_owned())),
    )
    .await
    .expect("legacy handshake in time")
    .expect("legacy handshake");
    (client, recorder)
}

fn negotiated(client: &Client) -> ProtocolVersion {
    client
        .peer_info()
        .expect("handshake stored the server's info")
        .protocol_version
        .clone()
}

async fn call(client: &Client, tool: &'static str) -> Result<CallToolResult, ServiceError> {
    let mut params = CallToolRequestParams::new(tool);
    if tool == "echo" {
        let args = json!({"text": "hello through the gateway"});
        params = params.with_arguments(args.as_object().unwrap().clone());
    }
    tokio::time::timeout(DEADLINE, client.call_tool(params))
        .await
        .unwrap_or_else(|_| panic!("{tool}: call did not end in time"))
}

/// The JSON-RPC error a call ended with; panics on any other outcome.
fn rpc_error(tool: &str, outcome: Result<CallToolResult, ServiceError>) -> ErrorData {
    match outcome {
        Err(ServiceError::McpError(e)) => e,
        other => panic!("{tool}: expected a JSON-RPC error from the gateway, got {other:?}"),
    }
}

/// A blocked elicitation: `-32010` with the rules named in `data.rules`.
fn assert_blocked(tool: &str, e: &ErrorData) {
    assert_eq!(e.code.0, -32010, "{tool}: {e:?}");
    let rules = e
        .data
        .as_ref()
        .and_then(|d| d.get("rules"))
        .and_then(Value::as_array)
        .unwrap_or_else(|| panic!("{tool}: no data.rules in {e:?}"));
    assert!(!rules.is_empty(), "{tool}: empty data.rules in {e:?}");
}

/// A tool result for comparison: what a person and a model see (content, structured content, error flag).
fn visible(result: &CallToolResult) -> Value {
    let mut v = serde_json::to_value(result).unwrap();
    if let Some(o) = v.as_object_mut() {
        o.remove("_meta");
    }
    v
}

async fn close(client: Client) {
    let _ = tokio::time::timeout(DEADLINE, client.cancel()).await;
}

#[tokio::test]
async fn modern_client_negotiates_2026_through_the_gateway() {
    let s = stack().await;
    let (client, _) = modern_client(&s.gw.url("/mcp")).await;
    assert_eq!(negotiated(&client), ProtocolVersion::V_2026_07_28);
    close(client).await;

    // `Discover` never falls back: a gateway that broke `server/discover` would fail the handshake here.
    let recorder = Recorder::new(ProtocolVersion::V_2026_07_28);
    let client = tokio::time::timeout(
        DEADLINE,
        recorder.serve_with_lifecycle(
            StreamableHttpClientTransport::from_uri(s.gw.url("/mcp")),
            ClientLifecycleMode::Discover {
                preferred_versions: vec![ProtocolVersion::V_2026_07_28],
            },
        ),
    )
    .await
    .expect("discover in time")
    .expect("discover through the gateway");
    assert_eq!(negotiated(&client), ProtocolVersion::V_2026_07_28);
    close(client).await;
}

#[tokio::test]
async fn modern_benign_tools_match_direct() {
    let s = stack().await;
    let (via_gw, gw_rec) = modern_client(&s.gw.url("/mcp")).await;
    let (direct, direct_rec) = modern_client(&s.upstream_url).await;
    assert_eq!(negotiated(&via_gw), ProtocolVersion::V_2026_07_28);
    for tool in ["echo", "book_table"] {
        let through = call(&via_gw, tool).await.unwrap();
        let straight = call(&direct, tool).await.unwrap();
        assert_eq!(visible(&through), visible(&straight), "{tool}");
        assert_ne!(through.is_error, Some(true), "{tool}: {through:?}");
    }
    let text =
        serde_json::to_string(&visible(&call(&via_gw, "book_table").await.unwrap())).unwrap();
    assert!(text.contains("Table booked."), "{text}");
    // book_table asked once per call and echo never: the gateway showed the client the same question as direct.
    assert_eq!(gw_rec.asked().len(), 2, "{:?}", gw_rec.asked());
    assert_eq!(direct_rec.asked().len(), 1);
    assert_eq!(
        gw_rec.asked()[0]["message"],
        direct_rec.asked()[0]["message"]
    );
    close(via_gw).await;
    close(direct).await;
}

#[tokio::test]
async fn modern_hostile_forms_are_blocked_before_the_client_sees_them() {
    let s = stack().await;
    let (client, rec) = modern_client(&s.gw.url("/mcp")).await;
    for tool in ["connect_account_token", "nested_profile"] {
        let e = rpc_error(tool, call(&client, tool).await);
        assert_blocked(tool, &e);
    }
    assert!(rec.asked().is_empty(), "callback ran: {:?}", rec.asked());

    // Control: direct to the upstream the same tool does reach the callback.
    let (direct, direct_rec) = modern_client(&s.upstream_url).await;
    call(&direct, "connect_account_token").await.unwrap();
    assert_eq!(direct_rec.asked().len(), 1);
    close(client).await;
    close(direct).await;
}

#[tokio::test]
async fn modern_endless_asker_is_cut_by_the_gateway_round_budget() {
    // The cut must be the gateway's, not the SDK's own `InputRequiredRoundsExceeded`.
    assert!((GATEWAY_MAX_ROUNDS as usize) < rmcp::model::DEFAULT_MRTR_MAX_ROUNDS);
    let s = stack().await;
    let (client, rec) = modern_client(&s.gw.url("/mcp")).await;
    let e = rpc_error(
        "endless_questions",
        call(&client, "endless_questions").await,
    );
    assert_eq!(e.code.0, -32011, "{e:?}");
    let shown = rec.asked().len();
    // Each round within the budget reached the client; the one past it was cut.
    assert_eq!(
        shown, GATEWAY_MAX_ROUNDS as usize,
        "{shown} questions reached the client"
    );
    assert_eq!(
        e.data.as_ref().unwrap()["rules"],
        json!(["limit.rounds"]),
        "{e:?}"
    );
    close(client).await;
}

#[tokio::test]
async fn legacy_client_books_and_is_blocked() {
    let s = stack().await;
    let (via_gw, rec) = legacy_client(&s.gw.url("/mcp")).await;
    let (direct, _) = legacy_client(&s.upstream_url).await;
    assert_eq!(negotiated(&via_gw), ProtocolVersion::V_2025_11_25);

    let through = call(&via_gw, "book_table").await.unwrap();
    let straight = call(&direct, "book_table").await.unwrap();
    assert_eq!(visible(&through), visible(&straight));
    assert_eq!(rec.asked().len(), 1);

    let e = rpc_error(
        "connect_account_token",
        call(&via_gw, "connect_account_token").await,
    );
    assert_blocked("connect_account_token", &e);
    assert_eq!(rec.asked().len(), 1, "callback ran: {:?}", rec.asked());
    close(via_gw).await;
    close(direct).await;
}

#[tokio::test]
async fn modern_url_mode_good_link_passes_lookalike_is_blocked() {
    let s = stack().await;
    let (client, rec) = modern_client(&s.gw.url("/mcp")).await;
    let (direct, direct_rec) = modern_client(&s.upstream_url).await;

    let through = call(&client, "link_github").await.unwrap();
    let straight = call(&direct, "link_github").await.unwrap();
    assert_eq!(visible(&through), visible(&straight));
    let asked = rec.asked();
    assert_eq!(asked.len(), 1, "{asked:?}");
    assert_eq!(asked[0]["url"], upstream_tools::GOOD_GITHUB_URL);

    let e = rpc_error("link_lookalike", call(&client, "link_lookalike").await);
    assert_blocked("link_lookalike", &e);
    assert!(
        e.data.as_ref().unwrap()["rules"]
            .as_array()
            .unwrap()
            .contains(&json!("url.host.punycode")),
        "{e:?}"
    );
    assert_eq!(rec.asked().len(), 1, "callback ran: {:?}", rec.asked());
    // Control: direct, the lookalike link does reach the callback.
    call(&direct, "link_lookalike").await.unwrap();
    assert_eq!(direct_rec.asked().len(), 2);
    assert_eq!(
        direct_rec.asked()[1]["url"],
        upstream_tools::LOOKALIKE_GITHUB_URL
    );
    close(client).await;
    close(direct).await;
}

#[tokio::test]
async fn legacy_nested_form_and_endless_asker() {
    let s = stack().await;
    let (client, rec) = legacy_client(&s.gw.url("/mcp")).await;
    let e = rpc_error("nested_profile", call(&client, "nested_profile").await);
    assert_blocked("nested_profile", &e);
    assert!(rec.asked().is_empty(), "callback ran: {:?}", rec.asked());
    // A legacy rmcp client answers pushed `elicitation/create` requests with no cap of its own.
    let e = rpc_error(
        "endless_questions",
        call(&client, "endless_questions").await,
    );
    assert_eq!(e.code.0, -32011, "{e:?}");
    assert_eq!(
        e.data.as_ref().unwrap()["rules"],
        json!(["limit.rounds"]),
        "{e:?}"
    );
    assert_eq!(
        rec.asked().len(),
        GATEWAY_MAX_ROUNDS as usize,
        "{:?}",
        rec.asked()
    );
    close(client).await;
}
