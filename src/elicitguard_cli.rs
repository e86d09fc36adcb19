//! The `inspect`, `demo` and `model-features` commands.

use std::io::Read;
use std::path::PathBuf;
use std::process::ExitCode;

use serde_json::{json, Value};

use elicitguard::config::{self, Overrides, Source};
use elicitguard::policy::{RoutePolicy, Verdict};
use elicitguard::proxy::enforce::{decide, Context, Outcome};
use elicitguard::wire::ClientModes;

/// `elicitguard inspect`: judge one message, print one JSON line. Exit 0 when judged, 2 otherwise.
///
/// With `lines`, the input is JSON Lines: every non-blank line is judged on its own and answered by one
/// output line, in order (a line that is not one JSON value answers `{"error": ...}` and the exit code is 1).
/// The policy is compiled once, which is what makes judging a whole corpus or a captured log cheap.
pub fn inspect(config_path: Option<PathBuf>, modes: &str, file: &str, lines: bool) -> ExitCode {
    let Some(modes) = ClientModes::parse_list(modes) else {
        eprintln!("elicitguard inspect: --client-modes must be form,url, form, url or none");
        return ExitCode::from(2);
    };
    let (engine, route) = match config_path {
        None => match config::default_engine() {
            Ok(e) => (std::sync::Arc::new(e), RoutePolicy::default()),
            Err(e) => {
                eprintln!("elicitguard inspect: embedded policy: {e}");
                return ExitCode::from(2);
            }
        },
        Some(p) => match config::load(&Source::File(p), &Overrides::default()) {
            Ok(s) => {
                let route = s
                    .routes
                    .first()
                    .map(|r| r.policy.clone())
                    .unwrap_or_default();
                (s.engine.clone(), route)
            }
            Err(errs) => {
                for e in errs {
                    eprintln!("elicitguard inspect: {e}");
                }
                return ExitCode::from(2);
            }
        },
    };
    let Some(input) = read_input("inspect", file) else {
        return ExitCode::from(2);
    };
    // A closed pipe (`inspect | head -c0`) is the reader's choice, not an error worth a panic.
    use std::io::Write as _;
    let mut out = std::io::stdout().lock();
    if !lines {
        return match judge(&input, &engine, &route, modes) {
            Ok(line) => {
                let _ = writeln!(out, "{line}");
                ExitCode::SUCCESS
            }
            Err(e) => {
                eprintln!("elicitguard inspect: the input is not one JSON value: {e}");
                ExitCode::from(2)
            }
        };
    }
    let mut failed = false;
    for (n, message) in input.split(|b| *b == b'\n').enumerate() {
        if message.iter().all(u8::is_ascii_whitespace) {
            continue;
        }
        let line = judge(message, &engine, &route, modes).unwrap_or_else(|e| {
            failed = true;
            json!({"error": format!("line {}: not one JSON value: {e}", n + 1)})
        });
        let _ = writeln!(out, "{line}");
    }
    if failed {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}

/// Judges one upstream message as enforce mode would: the verdict, every finding (monitored ones too) and
/// what the client would be sent.
fn judge(
    input: &[u8],
    engine: &std::sync::Arc<elicitguard::policy::Engine>,
    route: &RoutePolicy,
    modes: ClientModes,
) -> Result<Value, serde_json::Error> {
    // One JSON value, leniently: a readable but hostile message (duplicate keys) is judged, not refused.
    let original: Value = serde_json::from_slice(input)?;
    // The message is what the upstream sends: a response answers the client's request (its id is the
    // client's); a request from the server has no client request behind it in this offline view.
    let client_id = if original.get("method").is_some() {
        None
    } else {
        original.get("id").cloned()
    };
    let ctx = Context {
        engine,
        route,
        modes,
        client_id: client_id.as_ref(),
        links: None,
    };
    let arena = elicitguard::wire::tree::Arena::new();
    let d = decide(input, &arena, &ctx, false);
    let (verdict, findings) = match &d.judgement {
        Some(j) => (
            j.verdict,
            j.findings
                .iter()
                .chain(j.monitored.iter())
                .cloned()
                .collect::<Vec<_>>(),
        ),
        None => (Verdict::Allow, vec![]),
    };
    let forwarded = match d.outcome {
        Outcome::Original => original,
        Outcome::Replace(v) => v,
        // `inspect` does not seal; a sealed message reads back as what it is.
        Outcome::Sealed(bytes) => serde_json::from_slice(&bytes).unwrap_or(Value::Null),
        Outcome::Error { reply, id } => reply.message(id.as_ref()),
        Outcome::DropServerRequests { client_error, .. } => {
            client_error.map_or(Value::Null, |r| r.message(client_id.as_ref()))
        }
    };
    Ok(json!({"verdict": verdict, "findings": findings, "forwarded": forwarded}))
}

/// `elicitguard demo`: the demo upstream on loopback, the gateway in front of it, the walkthrough table;
/// then it keeps serving (or exits with `--once`, non-zero when a scenario did not end as it should).
pub async fn demo(port: u16, once: bool) -> ExitCode {
    use elicitguard::demo::{client, report, tools, upstream};
    use elicitguard::proxy::{self, Gateway};
    use elicitguard::telemetry::Metrics;

    let (up_addr, _up) = match upstream::spawn(([127, 0, 0, 1], 0).into()).await {
        Ok(x) => x,
        Err(e) => {
            eprintln!("elicitguard demo: cannot start the demo MCP server: {e}");
            return ExitCode::FAILURE;
        }
    };
    let upstream_url = format!("http://{up_addr}/mcp");
    let overrides = Overrides {
        listen: Some(format!("127.0.0.1:{port}")),
        admin_listen: Some("127.0.0.1:0".into()),
        ..Overrides::default()
    };
    let snap = match config::load(&Source::Upstream(upstream_url.clone()), &overrides) {
        Ok(s) => s,
        Err(errs) => {
            for e in errs {
                eprintln!("elicitguard demo: {e}");
            }
            return ExitCode::FAILURE;
        }
    };
    let max_rounds = snap.limits.max_rounds;
    let gw = match Gateway::new(snap, std::sync::Arc::new(Metrics::new())) {
        Ok(g) => g,
        Err(e) => {
            eprintln!("elicitguard demo: {e}");
            return ExitCode::FAILURE;
        }
    };
    let running = match proxy::serve(gw).await {
        Ok(r) => r,
        Err(e) => {
            eprintln!("elicitguard demo: cannot listen on 127.0.0.1:{port}: {e} (try --port)");
            return ExitCode::FAILURE;
        }
    };
    let Some(addr) = running.addrs.first().copied() else {
        return ExitCode::FAILURE;
    };
    let gateway_url = format!("http://{addr}/mcp");
    println!("elicitguard demo");
    println!("  demo MCP server (both protocol eras): {upstream_url}");
    println!("  elicitguard in front of it:           {gateway_url}");
    if let Some(a) = running.admin {
        println!("  metrics:                              http://{a}/metrics");
    }
    println!();
    println!(
        "Walkthrough: the built-in client calls every demo tool through the gateway, in each era."
    );
    let reports = client::walkthrough(&gateway_url).await;
    println!("{}", report::render_table(&reports));
    let mut unexpected = 0;
    for r in &reports {
        let hostile = tools::find(r.scenario).is_some_and(|t| t.hostile);
        let endless = r.scenario == "endless_questions";
        let ok = match (&r.outcome, hostile, endless) {
            (client::Outcome::RpcError { code, .. }, true, true) => {
                *code == -32011 && r.elicitations <= max_rounds
            }
            (client::Outcome::RpcError { code, .. }, true, false) => {
                (*code == -32010 || *code == -32021) && r.elicitations == 0
            }
            (
                client::Outcome::Completed {
                    is_error: false, ..
                },
                false,
                _,
            ) => true,
            _ => false,
        };
        if !ok {
            unexpected += 1;
            println!(
                "UNEXPECTED: {} ({}) ended as {:?}",
                r.scenario,
                r.era.label(),
                r.outcome
            );
        }
    }
    println!(
        "{} scenarios: benign ones completed, hostile ones stopped before the client saw them{}.",
        reports.len(),
        if unexpected == 0 {
            String::new()
        } else {
            format!(", except {unexpected}")
        }
    );
    if once {
        running.shutdown(std::time::Duration::from_secs(2)).await;
        return if unexpected == 0 {
            ExitCode::SUCCESS
        } else {
            ExitCode::FAILURE
        };
    }
    println!();
    println!("The gateway keeps serving. Point an MCP client at {gateway_url}, for example:");
    println!("  the MCP Inspector (npx @modelcontextprotocol/inspector): transport Streamable HTTP, URL {gateway_url}");
    println!("Ctrl-C stops it.");
    let _ = tokio::signal::ctrl_c().await;
    running.shutdown(std::time::Duration::from_secs(5)).await;
    ExitCode::SUCCESS
}

/// The whole input of `command`: standard input for `-`, else the file. `None` after saying why on stderr.
fn read_input(command: &str, file: &str) -> Option<Vec<u8>> {
    let read = if file == "-" {
        let mut input = Vec::new();
        std::io::stdin().read_to_end(&mut input).map(|_| input)
    } else {
        std::fs::read(file)
    };
    read.map_err(|e| eprintln!("elicitguard {command}: cannot read {file}: {e}"))
        .ok()
}

/// `elicitguard model-features`: for every JSON line `{"message": ..., "requestedSchema": ...}`, one line
/// `{"features": [bucket, ...], "segments": [[bucket, ...], ...], "score": s}` (the form outside its message,
/// then each message segment) with the embedded packs' folding, so that the trainer
/// (`tools/model/train.py`) never re-implements it. A line that is not a form answers `{"error": ...}`.
pub fn model_features(file: &str) -> ExitCode {
    let policy = match elicitguard::policy::secret::SecretPolicy::compile(&[]) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("elicitguard model-features: embedded packs: {e}");
            return ExitCode::from(2);
        }
    };
    let Some(input) = read_input("model-features", file) else {
        return ExitCode::from(2);
    };
    use std::io::Write as _;
    let mut out = std::io::stdout().lock();
    let mut failed = false;
    for line in input.split(|b| *b == b'\n') {
        if line.iter().all(u8::is_ascii_whitespace) {
            continue;
        }
        let answer = match serde_json::from_slice::<serde_json::Value>(line) {
            Ok(v) => {
                let message = v.get("message").and_then(|m| m.as_str()).unwrap_or("");
                let empty = serde_json::Value::Null;
                let schema = v.get("requestedSchema").unwrap_or(&empty);
                let arena = elicitguard::wire::tree::Arena::new();
                let node = elicitguard::wire::tree::Node::from_value(schema, &arena);
                match policy.model_features(message, &node) {
                    Some((features, segments, score)) => {
                        serde_json::json!({ "features": features, "segments": segments, "score": score })
                    }
                    None => {
                        failed = true;
                        serde_json::json!({ "error": "the embedded model cannot be read" })
                    }
                }
            }
            Err(e) => {
                failed = true;
                serde_json::json!({ "error": e.to_string() })
            }
        };
        if writeln!(out, "{answer}").is_err() {
            break;
        }
    }
    if failed {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}
