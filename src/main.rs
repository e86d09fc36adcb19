//! The elicitguard command line: `serve`, `check`, `inspect`, `demo`.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand};

use elicitguard::config::{self, Overrides, Source};
use elicitguard::proxy::{self, Gateway};
use elicitguard::telemetry::Metrics;

mod allocator;

/// mimalloc rather than glibc's malloc: a proxied request makes dozens of small, short-lived allocations
/// (hyper's heads and buffers, futures, JSON strings), so malloc + free are a visible share of a pass-through
/// request's instructions in the callgrind gate, and mimalloc's thread-local free lists cut that share
/// substantially.
#[global_allocator]
static ALLOC: allocator::MiMalloc = allocator::MiMalloc;

/// `mi_option_arena_eager_commit` in mimalloc.h's `mi_option_e` (the Rust bindings name no constant for it).
const MI_OPTION_ARENA_EAGER_COMMIT: libmimalloc_sys::mi_option_t = 4;

/// Arenas committed on demand: with eager commit (mimalloc's default on Linux) pages freed by closed
/// connections are only reset, and still count in RSS, so each idle keep-alive connection holds markedly
/// more with it than without (BENCHMARKS.md, "Memory and soak"; `ROUNDS=0 bash benches/load.sh`). The option
/// must be set before the first arena is reserved, which is the first Rust allocation, before `main`: hence a
/// constructor in `.init_array` (the Rust runtime allocates only after the constructors have run).
extern "C" fn tune_allocator() {
    // SAFETY: mi_option_set only stores an option value; it is safe to call at any time.
    unsafe { libmimalloc_sys::mi_option_set(MI_OPTION_ARENA_EAGER_COMMIT, 0) };
}

#[used]
#[cfg_attr(target_os = "linux", link_section = ".init_array")]
static TUNE_ALLOCATOR: extern "C" fn() = tune_allocator;

#[derive(Parser)]
#[command(
    name = "elicitguard",
    version,
    about = "A security gateway for MCP servers that makes elicitation safe"
)]
struct Cli {
    #[command(subcommand)]
    cmd: Cmd,
}

#[derive(Subcommand)]
enum Cmd {
    /// Run the gateway.
    Serve {
        /// The YAML config file.
        #[arg(long, conflicts_with = "upstream")]
        config: Option<PathBuf>,
        /// Quick mode without a file: one route `default` serving this upstream URL's path.
        #[arg(long)]
        upstream: Option<String>,
        /// Client listener address (overrides the file).
        #[arg(long)]
        listen: Option<String>,
        /// Admin listener address, or `off` (overrides the file; default 127.0.0.1:9090).
        #[arg(long)]
        admin_listen: Option<String>,
        /// Tokio worker threads (default: one per core). `--workers 1` runs the whole gateway on one thread
        /// without work stealing.
        #[arg(long)]
        workers: Option<usize>,
        /// Elicitation rounds per call chain (overrides `limits.max_rounds`).
        #[arg(long)]
        max_rounds: Option<u32>,
        /// Monitor mode: record what enforce mode would do, change nothing.
        #[arg(long)]
        monitor: bool,
        /// The shared state store for more than one replica, `redis://host:6379/0` or `rediss://...` (over the
        /// file's `store.url`; the password is best given in ELICITGUARD_STORE_PASSWORD).
        #[arg(long)]
        store: Option<String>,
    },
    /// Validate a config (and the policies it names) and print what `serve` would run.
    Check {
        /// The YAML config file.
        #[arg(long)]
        config: PathBuf,
        /// A store URL, as `serve --store` takes it.
        #[arg(long)]
        store: Option<String>,
    },
    /// Judge one JSON-RPC message offline, as enforce mode would, and print one JSON line.
    Inspect {
        /// Config whose policies apply (default: the embedded policies).
        #[arg(long)]
        config: Option<PathBuf>,
        /// Modes the client declared: `form,url`, `form`, `url` or `none`.
        #[arg(long, default_value = "form,url")]
        client_modes: String,
        /// The message file, or `-` for standard input.
        #[arg(default_value = "-")]
        file: String,
        /// Read JSON Lines: judge every line on its own, one output line each, in order.
        #[arg(long)]
        lines: bool,
    },
    /// For the model's trainer (tools/model/train.py): read JSON Lines of forms (`message`, `requestedSchema`)
    /// and print each one's learned-model feature indices and score, one JSON line each.
    #[command(hide = true)]
    ModelFeatures {
        /// The JSON Lines file, or `-` for standard input.
        #[arg(default_value = "-")]
        file: String,
    },
    /// Run the built-in walkthrough: a demo MCP upstream behind the gateway, and what the gateway stops.
    Demo {
        /// Gateway port.
        #[arg(long, default_value_t = 8080)]
        port: u16,
        /// Run the walkthrough and exit.
        #[arg(long)]
        once: bool,
    },
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    init_logging();
    config::tls::install_crypto_provider();
    match cli.cmd {
        Cmd::Serve {
            config,
            upstream,
            listen,
            admin_listen,
            workers,
            max_rounds,
            monitor,
            store,
        } => {
            let source = match (config, upstream) {
                (Some(c), None) => Source::File(c),
                (None, Some(u)) => Source::Upstream(u),
                _ => {
                    eprintln!(
                        "elicitguard serve: give --config FILE, or --upstream URL for quick mode"
                    );
                    return ExitCode::from(2);
                }
            };
            let overrides = Overrides {
                listen,
                admin_listen,
                max_rounds,
                monitor,
                store,
            };
            let rt = runtime(workers);
            match rt {
                Ok(rt) => rt.block_on(serve(source, overrides)),
                Err(e) => {
                    eprintln!("elicitguard: cannot start the runtime: {e}");
                    ExitCode::FAILURE
                }
            }
        }
        Cmd::Check { config, store } => check(config, store),
        Cmd::Inspect {
            config,
            client_modes,
            file,
            lines,
        } => elicitguard_cli::inspect(config, &client_modes, &file, lines),
        Cmd::ModelFeatures { file } => elicitguard_cli::model_features(&file),
        Cmd::Demo { port, once } => match runtime(None) {
            Ok(rt) => rt.block_on(elicitguard_cli::demo(port, once)),
            Err(e) => {
                eprintln!("elicitguard: cannot start the runtime: {e}");
                ExitCode::FAILURE
            }
        },
    }
}

fn init_logging() {
    let filter = tracing_subscriber::EnvFilter::try_from_env("ELICITGUARD_LOG")
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info"));
    // Colours only on a terminal: a log piped to a file, journald or a collector would otherwise carry escape
    // codes inside its fields (`address=` read back as `\x1b[2m=\x1b[0m`).
    let ansi = std::io::IsTerminal::is_terminal(&std::io::stderr());
    let _ = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_ansi(ansi)
        .with_writer(std::io::stderr)
        .with_target(false)
        .try_init();
}

/// The runtime: tokio's work-stealing scheduler, or for one worker its current-thread scheduler. With a single
/// worker there is nobody to steal from, and the multi-thread scheduler still pays for the possibility on every
/// task wake-up (atomic queue operations, the inject queue's lock, waking a parked worker through the driver);
/// the current-thread one polls the I/O driver and the tasks on the same thread, as an nginx worker does.
/// Blocking work (`spawn_blocking`: config reloads) still runs on tokio's blocking pool either way.
fn runtime(workers: Option<usize>) -> std::io::Result<tokio::runtime::Runtime> {
    let mut b = match workers {
        Some(w) if w <= 1 => tokio::runtime::Builder::new_current_thread(),
        Some(w) => {
            let mut b = tokio::runtime::Builder::new_multi_thread();
            b.worker_threads(w);
            b
        }
        None => tokio::runtime::Builder::new_multi_thread(),
    };
    b.enable_all().build()
}

async fn serve(source: Source, overrides: Overrides) -> ExitCode {
    let snap = match config::load(&source, &overrides) {
        Ok(s) => s,
        Err(errs) => {
            for e in errs {
                eprintln!("elicitguard: {e}");
            }
            return ExitCode::FAILURE;
        }
    };
    let grace = snap.limits.shutdown_grace;
    open_file_limit(snap.limits.max_connections);
    if config::uses_ephemeral_keys(&snap) {
        tracing::warn!(
            "no state keys configured (state.keys_file or ELICITGUARD_STATE_KEYS): sealing requestState with a random key; \
             envelopes die with this process and cannot cross replicas"
        );
    }
    let metrics = std::sync::Arc::new(Metrics::new());
    let gw = match Gateway::new(snap, metrics) {
        Ok(g) => g,
        Err(e) => {
            eprintln!("elicitguard: cannot start: {e}");
            return ExitCode::FAILURE;
        }
    };
    // SIGHUP is handled from before the first log line says the gateway listens: its default action ends the
    // process, and log-rotation tools send it to every service they know. With a config file it reloads;
    // in quick mode there is nothing to reload, and it is logged and ignored.
    if matches!(source, Source::File(_)) {
        proxy::reload::spawn(source, overrides, gw.clone());
    } else {
        ignore_sighup();
    }
    let running = match proxy::serve(gw.clone()).await {
        Ok(r) => r,
        Err(e) => {
            eprintln!("elicitguard: cannot bind: {e}");
            return ExitCode::FAILURE;
        }
    };
    for a in &running.addrs {
        tracing::info!(address = %a, "gateway listening");
    }
    if let Some(a) = running.admin {
        tracing::info!(address = %a, "admin listening (/metrics, /healthz, /readyz)");
    }
    wait_for_shutdown().await;
    tracing::info!(
        grace_seconds = grace.as_secs(),
        "shutting down: draining in-flight requests"
    );
    running.shutdown(grace).await;
    ExitCode::SUCCESS
}

/// Raises the soft open-file limit to the hard one and logs both, warning when even the raised limit cannot
/// hold `max_connections` client sockets and as many upstream ones (what nginx warns about as
/// "worker_connections exceed open file resource limit").
fn open_file_limit(max_connections: u32) {
    match proxy::server::raise_open_file_limit() {
        Some((before, after)) => {
            tracing::info!(
                soft_before = before,
                soft_now = after,
                "open file limit (RLIMIT_NOFILE) raised to the hard limit"
            );
            if after < 2 * u64::from(max_connections) {
                tracing::warn!(
                    open_files = after,
                    max_connections,
                    "the open file limit is under twice limits.max_connections: raise the hard limit \
                     (LimitNOFILE=, ulimit -Hn) or lower limits.max_connections"
                );
            }
        }
        None => tracing::warn!("cannot read or raise the open file limit (RLIMIT_NOFILE)"),
    }
}

/// Quick mode's SIGHUP: logged, nothing else.
fn ignore_sighup() {
    #[cfg(unix)]
    match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::hangup()) {
        Ok(mut hup) => {
            tokio::spawn(async move {
                while hup.recv().await.is_some() {
                    tracing::info!("SIGHUP: quick mode (--upstream) has no configuration file to reload; ignored");
                }
            });
        }
        Err(e) => tracing::warn!(error = %e, "cannot handle SIGHUP"),
    }
}

async fn wait_for_shutdown() {
    #[cfg(unix)]
    {
        let term = tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate());
        match term {
            Ok(mut term) => {
                tokio::select! {
                    _ = term.recv() => {}
                    _ = tokio::signal::ctrl_c() => {}
                }
            }
            Err(_) => {
                let _ = tokio::signal::ctrl_c().await;
            }
        }
    }
    #[cfg(not(unix))]
    {
        let _ = tokio::signal::ctrl_c().await;
    }
}

fn check(path: PathBuf, store: Option<String>) -> ExitCode {
    let overrides = Overrides {
        store,
        ..Overrides::default()
    };
    match config::load(&Source::File(path.clone()), &overrides) {
        Ok(s) => {
            println!("{}: ok", path.display());
            println!("mode: {}", if s.monitor { "monitor" } else { "enforce" });
            for l in &s.listeners {
                println!(
                    "listener: {} ({})",
                    l.addr,
                    if l.tls.is_some() {
                        "TLS, h2 + http/1.1"
                    } else {
                        "plain, h2c + http/1.1"
                    }
                );
            }
            println!(
                "admin: {}",
                s.admin.map_or("off".to_owned(), |a| a.to_string())
            );
            for r in &s.routes {
                println!(
                    "route {}: {} -> {}{}{}{}",
                    r.name,
                    if r.prefix.is_empty() { "/" } else { &r.prefix },
                    r.upstream_origin.to_string().trim_end_matches('/'),
                    r.upstream_path,
                    if r.h2c { " (h2c)" } else { "" },
                    if r.monitor { " [monitor]" } else { "" }
                );
            }
            println!(
                "policy: {} rule settings, max {} rounds",
                s.engine.rules.len(),
                s.limits.max_rounds
            );
            println!(
                "store: {}, timeout {} ms, rate limits on store error: {}",
                s.store.backend.describe(),
                s.store.timeout.as_millis(),
                match s.store.rate_on_error {
                    elicitguard::store::FailMode::Closed => "closed",
                    elicitguard::store::FailMode::Open => "open",
                }
            );
            if s.store.backend == elicitguard::store::Backend::Memory {
                println!("replay cache: {} envelope ids", s.store.replay_capacity);
            }
            ExitCode::SUCCESS
        }
        Err(errs) => {
            for e in errs {
                eprintln!("{e}");
            }
            ExitCode::FAILURE
        }
    }
}

mod elicitguard_cli;
