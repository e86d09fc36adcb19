//! Instructions per `decide` call, for `benches/callgrind/decide.sh`: judges one fixture N times with the
//! gateway's default policy and exits. Run under callgrind with N and with 0, the difference divided by N is
//! the figure: start-up (policy compilation, reading the file) cancels out, and instruction counts do not
//! swing with the machine the way criterion's times do (±10% between runs on a shared VM).
//!
//! Usage: `decide_ir FIXTURE N [--forget-hosts] [--forget-schemas] [--name-a-term] [--time [--evict BYTES]]`.
//! `--forget-hosts` switches the policy's memory of clean hosts off (every call checks the URL's hosts as if met for
//! the first time), `--forget-schemas` its memory of clean form schemas (every call checks each schema in full);
//! `--name-a-term` makes every form message name a term that blocks nothing, so the secret classifier takes its
//! full path (as `benches/inspect.rs` does).
//!
//! `--time` (natively, not under valgrind) times each call and prints the median, 10th and 90th percentile in
//! nanoseconds; `--evict BYTES` writes a byte into every cache line of a buffer of BYTES between the calls
//! (outside the timed part), so that each judgement starts with the caches as a busy machine leaves them: the
//! code, the policy's tables and the allocator's free blocks gone from the levels that BYTES covers. Instruction
//! counts cannot show that cost, and under load it is most of a judgement's (BENCHMARKS.md).

use std::hint::black_box;
use std::process::ExitCode;
use std::time::Instant;

use elicitguard::config::default_engine;
use elicitguard::policy::clean_schemas::CleanSchemas;
use elicitguard::policy::url::{UrlConfig, UrlPolicy, EMBEDDED_DEFAULT_YAML};
use elicitguard::policy::{Engine, RoutePolicy};
use elicitguard::proxy::enforce::{decide, Context, Outcome};
use elicitguard::wire::tree::Arena;
use elicitguard::wire::ClientModes;

#[path = "../src/allocator.rs"]
mod allocator;

/// The gateway binary's allocator, so the count is the shipped code's.
#[global_allocator]
static ALLOC: allocator::MiMalloc = allocator::MiMalloc;

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("decide_ir: {e}");
            ExitCode::from(2)
        }
    }
}

fn run() -> Result<(), String> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (path, n) =
        match args.as_slice() {
            [path, n, ..] => (path, n.parse::<u64>().map_err(|e| format!("N: {e}"))?),
            _ => return Err(
                "usage: decide_ir FIXTURE N [--forget-hosts] [--forget-schemas] [--name-a-term] [--time [--evict BYTES]]"
                    .into(),
            ),
        };
    let flag = |f: &str| args.iter().skip(2).any(|a| a == f);
    // `at` counts from the first flag (args[2]), so the number after `--evict` is args[at + 3].
    let evict = match args.iter().skip(2).position(|a| a == "--evict") {
        Some(at) => args
            .get(at + 3)
            .ok_or("--evict wants a number of bytes")?
            .parse::<usize>()
            .map_err(|e| format!("--evict: {e}"))?,
        None => 0,
    };
    let mut body = std::fs::read(path).map_err(|e| format!("{path}: {e}"))?;
    if flag("--name-a-term") {
        body = String::from_utf8_lossy(&body)
            .replace("\"Book a table:", "\"Book a table with your booking code:")
            .into_bytes();
    }
    let mut engine = default_engine().map_err(|e| e.to_string())?;
    if flag("--forget-schemas") {
        engine = Engine {
            clean_schemas: CleanSchemas::new(0),
            ..engine
        };
    }
    if flag("--forget-hosts") {
        let mut url = UrlConfig::from_yaml(EMBEDDED_DEFAULT_YAML).map_err(|e| e.to_string())?;
        url.clean_host_cache = 0;
        engine = Engine {
            url: UrlPolicy::compile(&url).map_err(|e| e.to_string())?,
            ..engine
        };
    }
    let route = RoutePolicy::default();
    let ctx = Context {
        engine: &engine,
        route: &route,
        modes: ClientModes::ALL,
        client_id: None,
        links: None,
    };
    // One call outside the count in both runs (N and 0), so lazily built state is paid before either.
    let arena = Arena::new();
    let first = decide(&body, &arena, &ctx, false);
    if first.outcome != Outcome::Original {
        return Err(format!(
            "{path}: the default policy did not pass it unchanged"
        ));
    }
    if flag("--time") {
        return time(n, evict, || {
            let arena = Arena::new();
            black_box(decide(black_box(&body), &arena, &ctx, false).outcome);
        });
    }
    for _ in 0..n {
        // A tree in an arena of its own per call, dropped with the decision, as the gateway does.
        let arena = Arena::new();
        black_box(decide(black_box(&body), &arena, &ctx, false).outcome);
    }
    Ok(())
}

/// Times `n` calls of `judge`, writing into every 64-byte line of an `evict`-byte buffer before each (not
/// timed), and prints `median p10 p90` in nanoseconds.
fn time(n: u64, evict: usize, mut judge: impl FnMut()) -> Result<(), String> {
    if n == 0 {
        return Err("--time wants N > 0".into());
    }
    let mut junk = vec![0u8; evict];
    let mut ns: Vec<u128> = Vec::new();
    for round in 0..n {
        for line in junk.iter_mut().step_by(64) {
            *line = line.wrapping_add(round as u8 | 1);
        }
        black_box(&mut junk);
        let start = Instant::now();
        judge();
        ns.push(start.elapsed().as_nanos());
    }
    ns.sort_unstable();
    let at = |q: usize| ns.get((ns.len() - 1) * q / 100).copied().unwrap_or(0);
    println!("{} {} {}", at(50), at(10), at(90));
    Ok(())
}
