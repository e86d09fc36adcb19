//! Hot reload: SIGHUP or a change to a watched file compiles a new snapshot; a bad one is refused and the old
//! one keeps serving. In-flight requests keep the snapshot they started with (they hold an `Arc`).

use std::sync::Arc;
use std::time::Duration;

use notify::{RecursiveMode, Watcher};
use tokio::sync::mpsc;

use crate::config::{load, Overrides, Source};
use crate::proxy::Gateway;

/// Changes arriving closer together than this are one reload: editors write files in several steps.
const DEBOUNCE: Duration = Duration::from_millis(200);

/// Starts watching (synchronously, so a change made right after this returns is seen) and spawns the
/// reload loop. Must be called inside a tokio runtime.
pub fn spawn(source: Source, overrides: Overrides, gw: Arc<Gateway>) {
    // A small bounded channel: one pending trigger is enough, extra triggers are coalesced.
    let (tx, rx) = mpsc::channel::<()>(1);
    let watched = gw.live.load().snapshot.watched.clone();
    // Only events on the watched files count: other files in the same directories (a log file beside the
    // config, say) must not trigger reloads.
    let names: std::collections::HashSet<std::ffi::OsString> = watched
        .iter()
        .filter_map(|p| p.file_name().map(|n| n.to_os_string()))
        .collect();
    let tx_fs = tx.clone();
    let watcher = notify::recommended_watcher(move |res: notify::Result<notify::Event>| {
        if let Ok(ev) = res {
            if ev
                .paths
                .iter()
                .any(|p| p.file_name().is_some_and(|n| names.contains(n)))
            {
                let _ = tx_fs.try_send(());
            }
        }
    });
    let watcher = match watcher {
        Ok(mut w) => {
            // Watch the directories: editors and Kubernetes replace files by rename, which a file watch misses.
            let mut dirs: Vec<_> = watched
                .iter()
                .filter_map(|p| {
                    p.parent().map(|d| {
                        if d.as_os_str().is_empty() {
                            std::path::PathBuf::from(".")
                        } else {
                            d.to_path_buf()
                        }
                    })
                })
                .collect();
            dirs.sort();
            dirs.dedup();
            for d in dirs {
                if let Err(e) = w.watch(&d, RecursiveMode::NonRecursive) {
                    tracing::warn!(dir = %d.display(), error = %e, "cannot watch config directory; SIGHUP still reloads");
                }
            }
            Some(w)
        }
        Err(e) => {
            tracing::warn!(error = %e, "file watching unavailable; SIGHUP still reloads");
            None
        }
    };
    #[cfg(unix)]
    {
        let tx_sig = tx.clone();
        tokio::spawn(async move {
            let Ok(mut hup) =
                tokio::signal::unix::signal(tokio::signal::unix::SignalKind::hangup())
            else {
                return;
            };
            while hup.recv().await.is_some() {
                let _ = tx_sig.try_send(());
            }
        });
    }
    drop(tx);
    tokio::spawn(run(source, overrides, gw, rx, watcher));
}

/// The reload loop: one reload per burst of triggers.
async fn run(
    source: Source,
    overrides: Overrides,
    gw: Arc<Gateway>,
    mut rx: mpsc::Receiver<()>,
    _watcher: Option<notify::RecommendedWatcher>,
) {
    let metrics = gw.metrics.clone();
    while rx.recv().await.is_some() {
        tokio::time::sleep(DEBOUNCE).await;
        while rx.try_recv().is_ok() {}
        let src = source.clone();
        let ov = overrides.clone();
        let result = tokio::task::spawn_blocking(move || load(&src, &ov)).await;
        match result {
            Ok(Ok(new)) => {
                gw.install(new);
                metrics
                    .config_reloads
                    .get_or_create(&crate::telemetry::ReloadLabels { result: "success" })
                    .inc();
                metrics.config_last_reload_success.set(1);
                tracing::info!("configuration reloaded");
            }
            Ok(Err(errs)) => {
                metrics
                    .config_reloads
                    .get_or_create(&crate::telemetry::ReloadLabels { result: "failure" })
                    .inc();
                metrics.config_last_reload_success.set(0);
                for e in errs {
                    tracing::error!(error = %e, "configuration reload refused; the previous configuration keeps serving");
                }
            }
            Err(e) => tracing::error!(error = %e, "configuration reload task failed"),
        }
    }
}
