//! The `inspect` and `demo` commands.

use std::io::Read;
use std::path::PathBuf;
use std::process::ExitCode;

use serde_json::{json, Value};

use elicitguard::config::{self, Overrides, Source};
use elicitguard::policy::{RoutePolicy, Verdict};
use elicitguard::proxy::enforce::{decide, Context, Outcome};
use elicitguard::wire::ClientModes;

/// `elicitguard inspect`: judge one message, print one JSON line. Exit 0 when judged, 2 otherwise.
pub fn inspect(config_path: Option<PathBuf>, modes: &str, file: &str) -> ExitCode {
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
    let mut input = Vec::new();
    let read = if file == "-" {
        std::io::stdin().read_to_end(&mut input).map(|_| ())
    } else {
        std::fs::read(file).map(|b| input = b)
    };
    if let Err(e) = read {
        eprintln!("elicitguard inspect: cannot read {file}: {e}");
        return ExitCode::from(2);
    }
    // One JSON value, leniently: a readable but hostile message (duplicate keys) is judged, not refused.
    let original: Value = match serde_json::from_slice(&input) {
        Ok(v) => v,
        Err(e) => {
            eprintln!("elicitguard inspect: the input is not one JSON value: {e}");
            return ExitCode::from(2);
        }
    };
    let client_id = original.get("id").cloned();
    let ctx = Context {
        engine: &engine,
        route: &route,
        modes,
        client_id: client_id.as_ref(),
    };
    let d = decide(&input, &ctx, false);
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
        Outcome::Error { message, .. } => message,
        Outcome::DropServerRequests { client_error, .. } => client_error.unwrap_or(Value::Null),
    };
    let line = json!({"verdict": verdict, "findings": findings, "forwarded": forwarded});
    println!("{line}");
    ExitCode::SUCCESS
}

/// `elicitguard demo`.
pub async fn demo(port: u16, once: bool) -> ExitCode {
    let _ = (port, once);
    eprintln!("demo: not built yet");
    ExitCode::FAILURE
}
