//! Test harness over real sockets: a mock MCP upstream on hyper driven by a handler closure, the gateway
//! started in-process through the library, and clients (HTTP/1.1, h2c prior knowledge, TLS by ALPN).

#![allow(dead_code)]

use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use bytes::Bytes;
use elicitguard::config::{self, Overrides, Source};
use elicitguard::proxy::{self, Gateway, Running};
use elicitguard::telemetry::Metrics;
use http::{HeaderMap, Method, Request, Response, StatusCode, Version};
use http_body_util::{BodyExt, Full, StreamBody};
use hyper::body::{Frame, Incoming};
use hyper::service::service_fn;
use hyper_util::client::legacy::connect::HttpConnector;
use hyper_util::client::legacy::Client;
use hyper_util::rt::{TokioExecutor, TokioIo};
use hyper_util::server::conn::auto;
use tokio::net::TcpListener;
use tokio::sync::mpsc;

/// Every await in a test is bounded by this: a hang is a failure, never a stuck CI job.
pub const DEADLINE: Duration = Duration::from_secs(10);

/// The bound on what compiles the policy: a gateway process starting, or a reload taking effect. The debug
/// binary builds the 42 packs' automata before it listens, about 2 s on an idle machine and five times that
/// under the load of parallel test binaries and builds (two tests missed the 10 s [`DEADLINE`] so). On a
/// starved machine (a load of ~20 on two cores: four builds beside a test run) two starts took over a minute;
/// a start that takes three minutes is a hang.
pub const START_DEADLINE: Duration = Duration::from_secs(180);

/// Events queued on a mock SSE stream before the test must wait: more than any test sends.
const SSE_CHANNEL: usize = 64;

type BoxError = Box<dyn std::error::Error + Send + Sync>;
type MockBody = http_body_util::combinators::UnsyncBoxBody<Bytes, BoxError>;

/// A JSON body of `{"jsonrpc":"2.0","id":7,"result":{}}`, gzip-compressed (fixed bytes, mtime 0).
pub const GZIP_BODY: &[u8] = &[
    31, 139, 8, 0, 0, 0, 0, 0, 2, 3, 171, 86, 202, 42, 206, 207, 43, 42, 72, 86, 178, 82, 50, 210,
    51, 80, 210, 81, 202, 76, 81, 178, 50, 215, 81, 42, 74, 45, 46, 205, 41, 81, 178, 170, 174,
    173, 5, 0, 218, 246, 155, 56, 36, 0, 0, 0,
];

/// What the mock upstream does with one request.
pub enum Reply {
    /// A complete response.
    Json {
        status: u16,
        headers: Vec<(&'static str, String)>,
        body: Bytes,
    },
    /// A `text/event-stream` response whose body is fed by the test; the stream ends when the sender drops.
    Sse(mpsc::Receiver<SseMsg>),
    /// A streamed (chunked on HTTP/1.1) response of this content type, fed like `Sse`.
    Stream(&'static str, mpsc::Receiver<SseMsg>),
    /// Never answer.
    Pending,
    /// Never answer, holding this sender: the test sees it dropped when the request is cancelled.
    Hold(tokio::sync::oneshot::Sender<()>),
    /// Close the connection without answering.
    Reset,
    /// `GZIP_BODY` with `Content-Encoding: gzip`.
    Gzip,
}

/// One step of a mock SSE stream.
pub enum SseMsg {
    /// Bytes to send as they are.
    Data(Bytes),
    /// Abort the connection mid-stream.
    Reset,
}

impl Reply {
    /// A 200 JSON response with these exact bytes.
    pub fn json(body: impl Into<Bytes>) -> Reply {
        Reply::Json {
            status: 200,
            headers: vec![("content-type", "application/json".into())],
            body: body.into(),
        }
    }
}

/// A new SSE channel: the test keeps the sender, the reply takes the receiver.
pub fn sse_channel() -> (mpsc::Sender<SseMsg>, mpsc::Receiver<SseMsg>) {
    mpsc::channel(SSE_CHANNEL)
}

/// An upstream that answers its one request with an SSE stream the test feeds through the returned sender
/// (a second request would find no stream and fail the test).
pub async fn sse_upstream() -> (mpsc::Sender<SseMsg>, Upstream) {
    let (tx, rx) = sse_channel();
    let rx = std::sync::Mutex::new(Some(rx));
    let up = Upstream::start(move |_| Reply::Sse(rx.lock().unwrap().take().unwrap())).await;
    (tx, up)
}

/// One request as the mock upstream received it.
#[derive(Debug, Clone)]
pub struct Recorded {
    pub method: Method,
    /// Path and query.
    pub path: String,
    pub version: Version,
    pub headers: HeaderMap,
    pub body: Bytes,
}

type Handler = Arc<dyn Fn(&Recorded) -> Reply + Send + Sync>;

/// The mock MCP upstream.
pub struct Upstream {
    pub addr: SocketAddr,
    requests: Arc<Mutex<Vec<Recorded>>>,
    /// Connections accepted so far (TCP, before any TLS handshake).
    connections: Arc<AtomicU64>,
    /// `https` when started with TLS.
    scheme: &'static str,
    task: tokio::task::JoinHandle<()>,
}

impl Drop for Upstream {
    fn drop(&mut self) {
        self.task.abort();
    }
}

impl Upstream {
    /// Starts a mock upstream (HTTP/1.1 and h2c) on 127.0.0.1:0.
    pub async fn start(handler: impl Fn(&Recorded) -> Reply + Send + Sync + 'static) -> Upstream {
        Self::start_with(handler, None).await
    }

    /// Starts a mock upstream over TLS under a fresh self-signed certificate for 127.0.0.1, offering
    /// `alpn` (e.g. `[b"h2", b"http/1.1"]`). Returns the upstream and the certificate (PEM), for the
    /// gateway's `upstream_tls.extra_ca`.
    pub async fn start_tls(
        handler: impl Fn(&Recorded) -> Reply + Send + Sync + 'static,
        alpn: &[&[u8]],
    ) -> (Upstream, String) {
        let _ = rustls::crypto::aws_lc_rs::default_provider().install_default();
        let ck = rcgen::generate_simple_self_signed(vec!["127.0.0.1".to_owned()]).unwrap();
        let key = rustls_pki_types::PrivateKeyDer::from_pem_slice(
            ck.signing_key.serialize_pem().as_bytes(),
        )
        .unwrap();
        let mut cfg = rustls::ServerConfig::builder()
            .with_no_client_auth()
            .with_single_cert(vec![ck.cert.der().clone()], key)
            .unwrap();
        cfg.alpn_protocols = alpn.iter().map(|p| p.to_vec()).collect();
        let up = Self::start_with(handler, Some(Arc::new(cfg))).await;
        (up, ck.cert.pem())
    }

    async fn start_with(
        handler: impl Fn(&Recorded) -> Reply + Send + Sync + 'static,
        tls: Option<Arc<rustls::ServerConfig>>,
    ) -> Upstream {
        let handler: Handler = Arc::new(handler);
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        let requests = Arc::new(Mutex::new(Vec::new()));
        let connections = Arc::new(AtomicU64::new(0));
        let recs = requests.clone();
        let accepted = connections.clone();
        let scheme = if tls.is_some() { "https" } else { "http" };
        let acceptor = tls.map(tokio_rustls::TlsAcceptor::from);
        let task = tokio::spawn(async move {
            loop {
                let Ok((stream, _)) = listener.accept().await else {
                    continue;
                };
                accepted.fetch_add(1, Ordering::SeqCst);
                let handler = handler.clone();
                let recs = recs.clone();
                let acceptor = acceptor.clone();
                tokio::spawn(async move {
                    let svc = service_fn(move |req: Request<Incoming>| {
                        let handler = handler.clone();
                        let recs = recs.clone();
                        serve_one(req, handler, recs)
                    });
                    let builder = auto::Builder::new(TokioExecutor::new());
                    match acceptor {
                        None => {
                            let _ = builder.serve_connection(TokioIo::new(stream), svc).await;
                        }
                        Some(acceptor) => {
                            let Ok(tls) = acceptor.accept(stream).await else {
                                return;
                            };
                            let _ = builder.serve_connection(TokioIo::new(tls), svc).await;
                        }
                    }
                });
            }
        });
        Upstream {
            addr,
            requests,
            connections,
            scheme,
            task,
        }
    }

    /// `http://127.0.0.1:port{path}` (`https` for a TLS upstream).
    pub fn url(&self, path: &str) -> String {
        format!("{}://{}{}", self.scheme, self.addr, path)
    }

    /// Connections accepted so far.
    pub fn connections(&self) -> u64 {
        self.connections.load(Ordering::SeqCst)
    }

    /// Every request received so far.
    pub fn requests(&self) -> Vec<Recorded> {
        self.requests.lock().unwrap().clone()
    }
}

async fn serve_one(
    req: Request<Incoming>,
    handler: Handler,
    recs: Arc<Mutex<Vec<Recorded>>>,
) -> Result<Response<MockBody>, BoxError> {
    let (parts, body) = req.into_parts();
    let body = body.collect().await?.to_bytes();
    let rec = Recorded {
        method: parts.method,
        path: parts
            .uri
            .path_and_query()
            .map_or_else(|| "/".to_owned(), |pq| pq.to_string()),
        version: parts.version,
        headers: parts.headers,
        body,
    };
    recs.lock().unwrap().push(rec.clone());
    match handler(&rec) {
        Reply::Json {
            status,
            headers,
            body,
        } => {
            let mut r = Response::new(full(body));
            *r.status_mut() = StatusCode::from_u16(status).unwrap();
            for (k, v) in headers {
                r.headers_mut().append(k, v.parse().unwrap());
            }
            Ok(r)
        }
        Reply::Gzip => {
            let mut r = Response::new(full(Bytes::from_static(GZIP_BODY)));
            r.headers_mut()
                .insert("content-type", "application/json".parse().unwrap());
            r.headers_mut()
                .insert("content-encoding", "gzip".parse().unwrap());
            Ok(r)
        }
        Reply::Pending => std::future::pending().await,
        Reply::Hold(guard) => {
            let _guard = guard;
            std::future::pending().await
        }
        // An error from the service makes hyper close the connection without a response.
        Reply::Reset => Err(BoxError::from("reset by the mock upstream")),
        Reply::Sse(rx) => Ok(streamed("text/event-stream", rx)),
        Reply::Stream(content_type, rx) => Ok(streamed(content_type, rx)),
    }
}

/// A response whose body frames come from the channel.
fn streamed(content_type: &'static str, rx: mpsc::Receiver<SseMsg>) -> Response<MockBody> {
    let stream = futures::stream::unfold(rx, |mut rx| async move {
        match rx.recv().await {
            None => None,
            Some(SseMsg::Data(b)) => Some((Ok(Frame::data(b)), rx)),
            Some(SseMsg::Reset) => Some((Err(BoxError::from("reset mid-stream")), rx)),
        }
    });
    let mut r = Response::new(StreamBody::new(stream).boxed_unsync());
    r.headers_mut()
        .insert("content-type", content_type.parse().unwrap());
    r.headers_mut()
        .insert("cache-control", "no-cache".parse().unwrap());
    r
}

fn full(b: Bytes) -> MockBody {
    Full::new(b).map_err(|never| match never {}).boxed_unsync()
}

/// A gateway running in-process.
pub struct Gw {
    pub running: Option<Running>,
    pub addr: SocketAddr,
    pub admin: SocketAddr,
    pub metrics: Arc<Metrics>,
}

impl Gw {
    /// `http://addr{path}` on the client listener.
    pub fn url(&self, path: &str) -> String {
        format!("http://{}{}", self.addr, path)
    }

    /// `http://admin{path}` on the admin listener.
    pub fn admin_url(&self, path: &str) -> String {
        format!("http://{}{}", self.admin, path)
    }

    /// Takes the running handle (for shutdown tests).
    pub fn take(&mut self) -> Running {
        self.running.take().unwrap()
    }
}

impl Drop for Gw {
    fn drop(&mut self) {
        if let Some(r) = self.running.take() {
            let _ = r.stopper().send(true);
        }
    }
}

/// Starts the gateway on ephemeral ports for a config source.
pub async fn start_gateway(source: Source) -> Gw {
    let overrides = Overrides {
        listen: Some("127.0.0.1:0".into()),
        admin_listen: Some("127.0.0.1:0".into()),
        ..Overrides::default()
    };
    let snap = match config::load(&source, &overrides) {
        Ok(s) => s,
        Err(errs) => panic!(
            "config refused: {}",
            errs.iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join("; ")
        ),
    };
    let metrics = Arc::new(Metrics::new());
    let gw = Gateway::new(snap, metrics.clone()).unwrap();
    let running = proxy::serve(gw).await.unwrap();
    Gw {
        addr: running.addrs[0],
        admin: running.admin.unwrap(),
        running: Some(running),
        metrics,
    }
}

/// A fresh temporary directory for one test's files.
pub fn temp_dir(tag: &str) -> PathBuf {
    static N: AtomicU64 = AtomicU64::new(0);
    let dir = std::env::temp_dir().join(format!(
        "elicitguard-test-{}-{}-{tag}",
        std::process::id(),
        N.fetch_add(1, Ordering::Relaxed)
    ));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Writes a config file with one route `default` (`/mcp` -> `upstream`) and extra YAML appended.
pub fn write_config(dir: &Path, upstream: &str, extra: &str) -> PathBuf {
    let path = dir.join("elicitguard.yaml");
    let text = format!(
        "routes:\n  - name: default\n    path_prefix: /mcp\n    upstream: {upstream}\n{extra}"
    );
    std::fs::write(&path, text).unwrap();
    path
}

/// A plain HTTP/1.1 client.
pub fn http1_client() -> Client<HttpConnector, Full<Bytes>> {
    Client::builder(TokioExecutor::new()).build_http()
}

/// A prior-knowledge h2c client.
pub fn h2c_client() -> Client<HttpConnector, Full<Bytes>> {
    Client::builder(TokioExecutor::new())
        .http2_only(true)
        .build_http()
}

/// A TLS client trusting only `ca_pem`, offering exactly the ALPN protocol of `version` (h2 or http/1.1).
pub fn tls_client(
    ca_pem: &str,
    version: Version,
) -> Client<hyper_rustls::HttpsConnector<HttpConnector>, Full<Bytes>> {
    let _ = rustls::crypto::aws_lc_rs::default_provider().install_default();
    let mut roots = rustls::RootCertStore::empty();
    let der = rustls_pki_types::CertificateDer::from_pem_slice(ca_pem.as_bytes()).unwrap();
    roots.add(der).unwrap();
    let cfg = rustls::ClientConfig::builder()
        .with_root_certificates(roots)
        .with_no_client_auth();
    let b = hyper_rustls::HttpsConnectorBuilder::new()
        .with_tls_config(cfg)
        .https_only();
    let conn = if version == Version::HTTP_2 {
        b.enable_http2().build()
    } else {
        b.enable_http1().build()
    };
    Client::builder(TokioExecutor::new()).build(conn)
}

use rustls_pki_types::pem::PemObject;

/// A POST of a JSON body with the headers an MCP client sends.
pub fn post(url: &str, body: impl Into<Bytes>) -> Request<Full<Bytes>> {
    Request::post(url)
        .header("content-type", "application/json")
        .header("accept", "application/json, text/event-stream")
        .body(Full::new(body.into()))
        .unwrap()
}

/// A GET with an empty body.
pub fn get(url: &str) -> Request<Full<Bytes>> {
    Request::get(url).body(Full::new(Bytes::new())).unwrap()
}

/// Sends a request and reads the whole response, all within the deadline.
pub async fn send<C>(
    client: &Client<C, Full<Bytes>>,
    req: Request<Full<Bytes>>,
) -> (http::response::Parts, Bytes)
where
    C: hyper_util::client::legacy::connect::Connect + Clone + Send + Sync + 'static,
{
    tokio::time::timeout(DEADLINE, async {
        let resp = client.request(req).await.unwrap();
        let (parts, body) = resp.into_parts();
        let body = body.collect().await.unwrap().to_bytes();
        (parts, body)
    })
    .await
    .expect("the response did not complete before the deadline")
}

/// Parses a JSON-RPC error body and returns (code, id).
pub fn rpc_error(body: &[u8]) -> (i64, serde_json::Value) {
    let v: serde_json::Value = serde_json::from_slice(body)
        .unwrap_or_else(|e| panic!("not JSON ({e}): {}", String::from_utf8_lossy(body)));
    assert_eq!(v["jsonrpc"], "2.0", "not a JSON-RPC message: {v}");
    let code = v["error"]["code"]
        .as_i64()
        .unwrap_or_else(|| panic!("no error code in {v}"));
    (code, v["id"].clone())
}

/// Reads body frames until `pred` holds for the bytes received so far; returns them.
pub async fn read_until(body: &mut Incoming, acc: &mut Vec<u8>, pred: impl Fn(&[u8]) -> bool) {
    tokio::time::timeout(DEADLINE, async {
        while !pred(acc) {
            match body.frame().await {
                Some(Ok(f)) => {
                    if let Ok(d) = f.into_data() {
                        acc.extend_from_slice(&d);
                    }
                }
                Some(Err(e)) => panic!("stream failed: {e}"),
                None => panic!(
                    "stream ended early; received {:?}",
                    String::from_utf8_lossy(acc)
                ),
            }
        }
    })
    .await
    .unwrap_or_else(|_| {
        panic!(
            "condition not met before the deadline; received {:?}",
            String::from_utf8_lossy(acc)
        )
    })
}

/// Sends `req` and reads its response's body until at least `first` bytes have come (a stream's first
/// events), within the deadline; returns the response head, the body to read on, and the bytes read.
pub async fn open_stream(
    client: &Client<HttpConnector, Full<Bytes>>,
    req: Request<Full<Bytes>>,
    first: usize,
) -> (http::response::Parts, Incoming, Vec<u8>) {
    let resp = tokio::time::timeout(DEADLINE, client.request(req))
        .await
        .expect("no response head in time")
        .expect("no response");
    let (head, mut body) = resp.into_parts();
    let mut got = Vec::new();
    read_until(&mut body, &mut got, |b| b.len() >= first).await;
    (head, body, got)
}

/// Reads the rest of a body: Ok(bytes) on a clean end, Err on a stream error.
pub async fn read_rest(body: &mut Incoming, acc: &mut Vec<u8>) -> Result<(), String> {
    tokio::time::timeout(DEADLINE, async {
        loop {
            match body.frame().await {
                Some(Ok(f)) => {
                    if let Ok(d) = f.into_data() {
                        acc.extend_from_slice(&d);
                    }
                }
                Some(Err(e)) => return Err(e.to_string()),
                None => return Ok(()),
            }
        }
    })
    .await
    .expect("the stream neither ended nor failed before the deadline")
}

/// Polls `f` until it returns true, failing at the deadline.
pub async fn eventually<F, Fut>(what: &str, f: F)
where
    F: FnMut() -> Fut,
    Fut: std::future::Future<Output = bool>,
{
    eventually_within(what, DEADLINE, f).await
}

/// Polls `f` until it returns true, failing after `within` (see [`START_DEADLINE`] for reloads).
pub async fn eventually_within<F, Fut>(what: &str, within: Duration, mut f: F)
where
    F: FnMut() -> Fut,
    Fut: std::future::Future<Output = bool>,
{
    let end = tokio::time::Instant::now() + within;
    loop {
        if f().await {
            return;
        }
        assert!(
            tokio::time::Instant::now() < end,
            "{what}: not before the deadline"
        );
        tokio::task::yield_now().await;
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
}

/// Sends raw HTTP/1.1 bytes and returns the response head (status line and headers), lower-cased names.
pub async fn raw_head(addr: SocketAddr, request: &[u8]) -> (String, Vec<(String, String)>) {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    tokio::time::timeout(DEADLINE, async {
        let mut s = tokio::net::TcpStream::connect(addr).await.unwrap();
        s.write_all(request).await.unwrap();
        let mut buf = Vec::new();
        let mut chunk = [0u8; 4096];
        while !buf.windows(4).any(|w| w == b"\r\n\r\n") {
            let n = s.read(&mut chunk).await.unwrap();
            assert!(n > 0, "connection closed before the response head");
            buf.extend_from_slice(&chunk[..n]);
        }
        let end = buf.windows(4).position(|w| w == b"\r\n\r\n").unwrap();
        let head = String::from_utf8(buf[..end].to_vec()).unwrap();
        let mut lines = head.split("\r\n");
        let status = lines.next().unwrap().to_owned();
        let headers = lines
            .filter_map(|l| l.split_once(':'))
            .map(|(k, v)| (k.trim().to_ascii_lowercase(), v.trim().to_owned()))
            .collect();
        (status, headers)
    })
    .await
    .expect("no response head before the deadline")
}

/// The HMAC key of the tests' identity provider (`identity_config`, `test_token`); never a real secret.
pub const TEST_JWT_SECRET: &[u8] = b"0123456789abcdef0123456789abcdef-test-only";

/// A bearer JWT for `sub` from the tests' identity provider (HS256, kid `k1`), valid for ten minutes.
pub fn test_token(sub: &str) -> String {
    use jsonwebtoken::{encode, EncodingKey, Header};
    let mut h = Header::new(jsonwebtoken::Algorithm::HS256);
    h.kid = Some("k1".into());
    let exp = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_secs()
        + 600;
    let claims =
        serde_json::json!({"iss":"https://idp.example","aud":"mcp-gateway","sub":sub,"exp":exp});
    encode(
        &h,
        &claims,
        &EncodingKey::from_secret(TEST_JWT_SECRET).unwrap(),
    )
    .unwrap()
}

/// A config whose route requires a JWT from the tests' identity provider (its JWKS written beside the
/// config); `extra` is appended inside the route's `identity` block.
pub fn identity_config(dir: &Path, upstream: &str, extra: &str) -> PathBuf {
    use base64::Engine as _;
    let k = base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(TEST_JWT_SECRET);
    let jwks = serde_json::json!({"keys":[{"kty":"oct","kid":"k1","alg":"HS256","k": k}]});
    std::fs::write(dir.join("jwks.json"), jwks.to_string()).unwrap();
    write_config(
        dir,
        upstream,
        &format!("    identity:\n      issuers: [\"https://idp.example\"]\n      audiences: [\"mcp-gateway\"]\n      algorithms: [HS256]\n      jwks_file: jwks.json\n{extra}"),
    )
}

/// Sends `msg` as one SSE event on a mock upstream's stream, then reads the client's side of the gateway's
/// stream up to the next blank line (the event as the gateway forwarded it, or what replaced it).
pub async fn push_event(
    tx: &mpsc::Sender<SseMsg>,
    body: &mut Incoming,
    msg: &serde_json::Value,
) -> String {
    let sent = tx.send(SseMsg::Data(Bytes::from(format!("data: {msg}\n\n"))));
    assert!(sent.await.is_ok(), "the mock upstream's stream is closed");
    let mut acc = Vec::new();
    read_until(body, &mut acc, |b| b.ends_with(b"\n\n")).await;
    String::from_utf8_lossy(&acc).into_owned()
}

/// A legacy (2025-11-25) upstream with one session, `s-alice`: `initialize` opens it, the first call gets an
/// SSE stream the test feeds (later ones hang), other requests an empty result, client answers get 202.
pub async fn legacy_session_upstream() -> (tokio::sync::mpsc::Sender<SseMsg>, Upstream) {
    let (tx, rx) = sse_channel();
    let rx = std::sync::Mutex::new(Some(rx));
    let up = Upstream::start(move |r| {
        let v: serde_json::Value = serde_json::from_slice(&r.body).unwrap_or(serde_json::Value::Null);
        match v["method"].as_str() {
            Some("initialize") => Reply::Json {
                status: 200,
                headers: vec![("content-type", "application/json".into()), ("mcp-session-id", "s-alice".into())],
                body: serde_json::to_vec(&serde_json::json!({"jsonrpc":"2.0","id":v["id"],"result":{"protocolVersion":"2025-11-25","capabilities":{},"serverInfo":{"name":"u","version":"1"}}})).unwrap().into(),
            },
            Some("tools/call") => match rx.lock().unwrap().take() {
                Some(rx) => Reply::Sse(rx),
                None => Reply::Pending,
            },
            Some(_) => Reply::json(serde_json::to_vec(&serde_json::json!({"jsonrpc":"2.0","id":v["id"],"result":{}})).unwrap()),
            None => Reply::Json { status: 202, headers: vec![], body: Bytes::new() },
        }
    })
    .await;
    (tx, up)
}
