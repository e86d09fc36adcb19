//! The fixed upstream of the load benchmark (`benches/load.sh`): canned responses, no logic, so the figures
//! measure whatever sits in front of it. Built only with `--features bench-tools`; never part of the gateway.
//!
//! Routes (any method; the request body is read and dropped):
//! - `/mcp`: a 2 KB JSON `tools/call` result carrying nothing to judge (the gateway's pass-through path).
//! - `/mcp-elicit`: a 2 KB benign `InputRequiredResult`, one form and one url elicitation, which the default
//!   policy allows (the gateway judges it and seals its `requestState`).
//! - `/sse`: an SSE response of 3 events (~2 KB in all) written as 3 body chunks, then the end.
//! - `/sse-elicit`: the same two notifications, then the 2 KB `InputRequiredResult` of `/mcp-elicit` as the last
//!   event (~3 KB, 3 chunks): the gateway judges that event and seals its `requestState`.
//! - `/sse-hold`: one SSE event at once, then a comment every [`HOLD_PING`] for up to [`HOLD_MAX`], for
//!   time-to-first-event and memory measurements (open streams).
//! - `/mcp-retry`: an MRTR exchange of two requests, for the retry path (`benches/store.sh`): a request whose
//!   body carries no `requestState` gets the `InputRequiredResult` of `/mcp-elicit`, one that carries one (the
//!   gateway's retry, the upstream's own state restored) gets the result of `/mcp`, as a server would once
//!   answered.
//!
//! The bodies are the files under `benches/fixtures/`, the same bytes the criterion benchmarks use.

use std::convert::Infallible;
use std::net::SocketAddr;
use std::time::Duration;

use bytes::Bytes;
use clap::Parser;
use futures_util::stream::{self, StreamExt};
use http::{header, HeaderValue, Request, Response, StatusCode};
use http_body_util::{combinators::BoxBody, BodyExt, Full, StreamBody};
use hyper::body::{Frame, Incoming};
use hyper::service::service_fn;
use hyper_util::rt::{TokioIo, TokioTimer};
use tokio::net::TcpListener;

const TOOLS_CALL_2K: &[u8] = include_bytes!("../../benches/fixtures/tools_call_2k.json");
const INPUT_REQUIRED_2K: &[u8] = include_bytes!("../../benches/fixtures/input_required_2k.json");
const STREAM_3EV: &[u8] = include_bytes!("../../benches/fixtures/stream_3ev.sse");
const STREAM_ELICIT_3EV: &[u8] = include_bytes!("../../benches/fixtures/stream_elicit_3ev.sse");

/// Interval of the keep-alive comment on `/sse-hold`: a write is how a closed client is noticed.
const HOLD_PING: Duration = Duration::from_secs(5);
/// Longest a `/sse-hold` stream lasts, so a forgotten client cannot hold it forever.
const HOLD_MAX: Duration = Duration::from_secs(900);
/// What makes a `/mcp-retry` request a retry.
const REQUEST_STATE: &[u8] = b"\"requestState\"";
/// Request bodies are drained up to this much (the benchmark's requests are a few hundred bytes).
const MAX_REQUEST_BYTES: usize = 1024 * 1024;

/// Command line.
#[derive(Parser, Debug)]
#[command(about = "Fixed upstream for the elicitguard load benchmark")]
struct Args {
    /// Address to listen on (loopback).
    #[arg(long, default_value = "127.0.0.1:9000")]
    listen: SocketAddr,
    /// Tokio worker threads.
    #[arg(long, default_value_t = 1)]
    workers: usize,
}

type Body = BoxBody<Bytes, Infallible>;

fn main() -> std::io::Result<()> {
    let args = Args::parse();
    let rt = if args.workers <= 1 {
        tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()?
    } else {
        tokio::runtime::Builder::new_multi_thread()
            .worker_threads(args.workers)
            .enable_all()
            .build()?
    };
    rt.block_on(serve(args.listen))
}

async fn serve(addr: SocketAddr) -> std::io::Result<()> {
    let listener = TcpListener::bind(addr).await?;
    eprintln!("bench-upstream listening on {addr}");
    loop {
        let (stream, _) = match listener.accept().await {
            Ok(s) => s,
            // Out of descriptors or a reset before accept: keep serving the connections we have.
            Err(e) => {
                eprintln!("accept: {e}");
                tokio::time::sleep(Duration::from_millis(10)).await;
                continue;
            }
        };
        let _ = stream.set_nodelay(true);
        tokio::spawn(async move {
            let conn = hyper::server::conn::http1::Builder::new()
                .timer(TokioTimer::new())
                .serve_connection(TokioIo::new(stream), service_fn(respond));
            // Client resets are normal at the end of a load run.
            let _ = conn.await;
        });
    }
}

async fn respond(req: Request<Incoming>) -> Result<Response<Body>, Infallible> {
    let path = req.uri().path().to_owned();
    // Read the request like a real server would, bounded.
    let body = http_body_util::Limited::new(req.into_body(), MAX_REQUEST_BYTES)
        .collect()
        .await;
    let resp = match path.as_str() {
        "/mcp" => json(TOOLS_CALL_2K),
        "/mcp-elicit" => json(INPUT_REQUIRED_2K),
        "/mcp-retry" => {
            let answered = body.is_ok_and(|b| {
                b.to_bytes()
                    .windows(REQUEST_STATE.len())
                    .any(|w| w == REQUEST_STATE)
            });
            json(if answered {
                TOOLS_CALL_2K
            } else {
                INPUT_REQUIRED_2K
            })
        }
        "/sse" => sse(BodyExt::boxed(event_chunks(STREAM_3EV))),
        "/sse-elicit" => sse(BodyExt::boxed(event_chunks(STREAM_ELICIT_3EV))),
        "/sse-hold" => sse(BodyExt::boxed(hold())),
        _ => {
            let mut r = Response::new(Full::new(Bytes::from_static(b"not found\n")).boxed());
            *r.status_mut() = StatusCode::NOT_FOUND;
            r
        }
    };
    Ok(resp)
}

fn json(body: &'static [u8]) -> Response<Body> {
    let mut r = Response::new(Full::new(Bytes::from_static(body)).boxed());
    r.headers_mut().insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/json"),
    );
    r
}

fn sse(body: Body) -> Response<Body> {
    let mut r = Response::new(body);
    let h = r.headers_mut();
    h.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("text/event-stream"),
    );
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    r
}

/// A fixture stream as one frame per event (each event ends with a blank line).
fn event_chunks(
    fixture: &'static [u8],
) -> StreamBody<impl futures_util::Stream<Item = Result<Frame<Bytes>, Infallible>>> {
    let whole = Bytes::from_static(fixture);
    let mut chunks = Vec::with_capacity(3);
    let mut start = 0;
    for (i, w) in fixture.windows(2).enumerate() {
        if w == b"\n\n" {
            chunks.push(whole.slice(start..i + 2));
            start = i + 2;
        }
    }
    if start < whole.len() {
        chunks.push(whole.slice(start..));
    }
    StreamBody::new(stream::iter(chunks.into_iter().map(|c| Ok(Frame::data(c)))))
}

/// First event (the first event of the fixture stream) at once, then a comment every `HOLD_PING`.
fn hold() -> StreamBody<impl futures_util::Stream<Item = Result<Frame<Bytes>, Infallible>>> {
    let first_end = STREAM_3EV
        .windows(2)
        .position(|w| w == b"\n\n")
        .map_or(STREAM_3EV.len(), |i| i + 2);
    let first = Bytes::from_static(STREAM_3EV).slice(..first_end);
    let pings = (HOLD_MAX.as_secs() / HOLD_PING.as_secs()) as usize;
    let rest = stream::unfold(0usize, move |n| async move {
        if n >= pings {
            return None;
        }
        tokio::time::sleep(HOLD_PING).await;
        Some((Bytes::from_static(b": ping\n\n"), n + 1))
    });
    StreamBody::new(
        stream::once(async move { first })
            .chain(rest)
            .map(|b| Ok(Frame::data(b))),
    )
}
