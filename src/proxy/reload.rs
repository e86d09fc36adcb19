//! Hot reload: SIGHUP or a change to a watched file compiles a new snapshot; a bad one is refused and the old
//! one keeps serving. In-flight requests keep the snapshot they started with (they hold an `Arc`).

use std::sync::Arc;
use std::time::Duration;

use notify::{RecursiveMode, Watcher};
use tokio::sync::mpsc;

use crate::config::{load, restart_only_changes, Overrides, Source};
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
            if is_trigger(&ev, &names) {
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

/// The link Kubernetes' atomic writer swaps when a mounted ConfigMap or Secret changes: the watched files are
/// symlinks through it (`gateway.yaml -> ..data/gateway.yaml`), so their own names never appear in the events.
const KUBERNETES_DATA_LINK: &str = "..data";

/// Whether `ev` is a change to one of the watched files (`names`: their file names), directly or through the
/// Kubernetes data link of their directory.
fn is_trigger(ev: &notify::Event, names: &std::collections::HashSet<std::ffi::OsString>) -> bool {
    changes_content(&ev.kind)
        && ev.paths.iter().any(|p| {
            p.file_name()
                .is_some_and(|n| names.contains(n) || n == KUBERNETES_DATA_LINK)
        })
}

/// Whether a file event can mean new content: created, written, renamed, removed, or its metadata changed.
/// Opening, reading and closing a file without writing are not: a reload reads every watched file, so counting
/// them made each reload trigger the next, and one `cat gateway.yaml` started an endless loop of reloads
/// (each one re-reading the CA roots, recompiling the policies and emptying its memories).
fn changes_content(kind: &notify::EventKind) -> bool {
    use notify::event::{AccessKind, AccessMode};
    use notify::EventKind;
    match kind {
        EventKind::Create(_) | EventKind::Modify(_) | EventKind::Remove(_) => true,
        // A write finished (inotify's IN_CLOSE_WRITE): the end of an in-place edit.
        EventKind::Access(AccessKind::Close(AccessMode::Write)) => true,
        EventKind::Access(_) => false,
        // An event the backend could not classify may be a change: reload rather than miss it.
        EventKind::Any | EventKind::Other => true,
    }
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
                let restart = restart_only_changes(&gw.live.load().snapshot, &new);
                gw.install(new);
                // One result per reload: `restart_required` is a success that left some fields at their old
                // values, so an alert on it (or on the log line naming them) finds a config not fully in force.
                let result = if restart.is_empty() {
                    tracing::info!("configuration reloaded");
                    "success"
                } else {
                    tracing::warn!(
                        fields = %restart.join(", "),
                        "configuration reloaded, but these fields take effect only after a restart; \
                         their previous values stay in force"
                    );
                    "restart_required"
                };
                metrics
                    .config_reloads
                    .get_or_create(&crate::telemetry::ReloadLabels { result })
                    .inc();
                metrics.config_last_reload_success.set(1);
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

#[cfg(test)]
mod tests {
    use super::{changes_content, is_trigger};
    use notify::{RecursiveMode, Watcher};
    use std::collections::HashSet;
    use std::ffi::OsString;
    use std::sync::mpsc;
    use std::time::{Duration, Instant};

    #[test]
    fn reads_are_not_changes_and_writes_are() {
        use notify::event::{
            AccessKind, AccessMode, CreateKind, DataChange, MetadataKind, ModifyKind, RemoveKind,
            RenameMode,
        };
        use notify::EventKind;
        for kind in [
            EventKind::Access(AccessKind::Open(AccessMode::Any)),
            EventKind::Access(AccessKind::Read),
            EventKind::Access(AccessKind::Close(AccessMode::Read)),
            EventKind::Access(AccessKind::Any),
        ] {
            assert!(!changes_content(&kind), "{kind:?}");
        }
        for kind in [
            EventKind::Create(CreateKind::File),
            EventKind::Modify(ModifyKind::Data(DataChange::Any)),
            EventKind::Modify(ModifyKind::Name(RenameMode::To)),
            EventKind::Modify(ModifyKind::Metadata(MetadataKind::Permissions)),
            EventKind::Remove(RemoveKind::File),
            EventKind::Access(AccessKind::Close(AccessMode::Write)),
            EventKind::Any,
            EventKind::Other,
        ] {
            assert!(changes_content(&kind), "{kind:?}");
        }
    }

    /// A real watcher on a directory, with fences: after each action a fence file is created, and inotify delivers
    /// one directory's events in order, so every event the action caused has arrived once the fence's has. No
    /// waiting on time decides an outcome.
    struct Fenced {
        dir: std::path::PathBuf,
        names: HashSet<OsString>,
        rx: mpsc::Receiver<notify::Event>,
        _watcher: notify::RecommendedWatcher,
        fences: u32,
    }

    impl Fenced {
        fn new(dir: &std::path::Path, watched_name: &str) -> Fenced {
            let (tx, rx) = mpsc::channel();
            let mut watcher =
                notify::recommended_watcher(move |res: notify::Result<notify::Event>| {
                    if let Ok(ev) = res {
                        let _ = tx.send(ev);
                    }
                })
                .unwrap();
            watcher.watch(dir, RecursiveMode::NonRecursive).unwrap();
            Fenced {
                dir: dir.to_path_buf(),
                names: HashSet::from([OsString::from(watched_name)]),
                rx,
                _watcher: watcher,
                fences: 0,
            }
        }

        /// Whether `action` caused a reload trigger.
        fn triggered_by(&mut self, action: impl FnOnce()) -> bool {
            action();
            self.fences += 1;
            let fence = format!("fence-{}", self.fences);
            std::fs::write(self.dir.join(&fence), "").unwrap();
            let deadline = Instant::now() + Duration::from_secs(10);
            let mut triggered = false;
            loop {
                let left = deadline.saturating_duration_since(Instant::now());
                let ev = self
                    .rx
                    .recv_timeout(left)
                    .expect("the fence's event arrives");
                triggered |= is_trigger(&ev, &self.names);
                if ev
                    .paths
                    .iter()
                    .any(|p| p.file_name() == Some(fence.as_ref()))
                {
                    return triggered;
                }
            }
        }
    }

    /// A fresh directory for one test.
    fn scratch_dir(name: &str) -> std::path::PathBuf {
        let dir = std::env::temp_dir().join(format!("elicitguard-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    /// Real inotify events: reading the watched file triggers nothing, writing or replacing it does.
    #[test]
    fn a_read_of_a_watched_file_is_no_trigger() {
        let dir = scratch_dir("watch");
        let config = dir.join("gateway.yaml");
        std::fs::write(&config, "mode: enforce\n").unwrap();
        let mut w = Fenced::new(&dir, "gateway.yaml");
        let read = || {
            std::fs::read_to_string(&config).unwrap();
        };
        assert!(!w.triggered_by(read), "a read");
        assert!(
            w.triggered_by(|| std::fs::write(&config, "mode: monitor\n").unwrap()),
            "a write"
        );
        assert!(!w.triggered_by(read), "a read after a write");
        let replaced = dir.join("gateway.yaml.new");
        assert!(
            w.triggered_by(|| {
                std::fs::write(&replaced, "mode: enforce\n").unwrap();
                std::fs::rename(&replaced, &config).unwrap();
            }),
            "a replacement by rename"
        );
        assert!(!w.triggered_by(read), "a read after a rename");
        drop(w);
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// A ConfigMap mounted by Kubernetes: the file is a symlink through `..data`, and an update swaps that link
    /// by a rename (the kubelet's atomic writer). The swap is a trigger; reading through the links is not.
    #[cfg(unix)]
    #[test]
    fn a_kubernetes_configmap_update_is_a_trigger() {
        use std::os::unix::fs::symlink;
        let dir = scratch_dir("watch-k8s");
        std::fs::create_dir_all(dir.join("..2026_12_03_a")).unwrap();
        std::fs::write(dir.join("..2026_12_03_a/gateway.yaml"), "mode: enforce\n").unwrap();
        symlink("..2026_12_03_a", dir.join("..data")).unwrap();
        symlink("..data/gateway.yaml", dir.join("gateway.yaml")).unwrap();
        let mut w = Fenced::new(&dir, "gateway.yaml");
        let read = || {
            std::fs::read_to_string(dir.join("gateway.yaml")).unwrap();
        };
        assert!(!w.triggered_by(read), "a read through the links");
        assert!(
            w.triggered_by(|| {
                std::fs::create_dir_all(dir.join("..2026_12_03_b")).unwrap();
                std::fs::write(dir.join("..2026_12_03_b/gateway.yaml"), "mode: monitor\n").unwrap();
                symlink("..2026_12_03_b", dir.join("..data_tmp")).unwrap();
                std::fs::rename(dir.join("..data_tmp"), dir.join("..data")).unwrap();
            }),
            "the kubelet's swap of ..data"
        );
        assert_eq!(
            std::fs::read_to_string(dir.join("gateway.yaml")).unwrap(),
            "mode: monitor\n"
        );
        drop(w);
        let _ = std::fs::remove_dir_all(&dir);
    }
}
