//! The audit log: one JSON line per decision, written off the request path by a dedicated thread.
//! It names rules, routes and incident ids, never a field value or a secret.

use std::io::Write;
use std::path::Path;
use std::sync::mpsc::{sync_channel, SyncSender, TrySendError};
use std::sync::Arc;

use serde::Serialize;

use crate::telemetry::Metrics;

/// Audit lines queued for the writer. 8192 lines (a few MiB) absorb a burst; past that lines are dropped
/// and counted, because an audit log must never stall or grow the data path without bound.
const QUEUE_LINES: usize = 8192;

/// One audit record.
#[derive(Debug, Clone, Serialize)]
pub struct AuditRecord {
    /// RFC 3339 time (seconds, UTC).
    pub time: String,
    /// What was decided on: `elicitation`, `answers`, `envelope`, `rate_limit`, `session`.
    pub kind: &'static str,
    /// Route name.
    pub route: String,
    /// `modern` or `legacy`.
    pub era: &'static str,
    /// The client's JSON-RPC method (closed set).
    pub method: &'static str,
    /// `allow`, `rewrite` or `block` (what enforce decided).
    pub verdict: &'static str,
    /// False in monitor mode: the decision was recorded, not applied.
    pub enforced: bool,
    /// Rule ids.
    pub rules: Vec<String>,
    /// Incident id also sent to the client.
    pub incident: String,
    /// `iss|sub`, or `anonymous`.
    pub principal: String,
    /// Pointers of the findings (where, never what).
    pub paths: Vec<String>,
}

/// The audit sink.
#[derive(Clone, Debug)]
pub struct AuditLog {
    tx: SyncSender<String>,
    metrics: Arc<Metrics>,
    /// Log plain allows too.
    pub include_allows: bool,
}

impl AuditLog {
    /// Opens the sink: a file (appended) or stderr.
    pub fn open(
        path: Option<&Path>,
        include_allows: bool,
        metrics: Arc<Metrics>,
    ) -> std::io::Result<Self> {
        let mut out: Box<dyn Write + Send> = match path {
            Some(p) => Box::new(
                std::fs::OpenOptions::new()
                    .create(true)
                    .append(true)
                    .open(p)?,
            ),
            None => Box::new(std::io::stderr()),
        };
        let (tx, rx) = sync_channel::<String>(QUEUE_LINES);
        std::thread::Builder::new()
            .name("elicitguard-audit".into())
            .spawn(move || {
                while let Ok(line) = rx.recv() {
                    let _ = out.write_all(line.as_bytes());
                    let _ = out.write_all(b"\n");
                    let _ = out.flush();
                }
            })?;
        Ok(AuditLog {
            tx,
            metrics,
            include_allows,
        })
    }

    /// Queues one record; drops (and counts) it when the writer is behind.
    pub fn record(&self, rec: &AuditRecord) {
        let Ok(mut line) = serde_json::to_string(&AuditRecordLine { audit: rec }) else {
            return;
        };
        line.shrink_to_fit();
        match self.tx.try_send(line) {
            Ok(()) => {}
            Err(TrySendError::Full(_)) | Err(TrySendError::Disconnected(_)) => {
                self.metrics.audit_dropped.inc();
            }
        }
    }
}

#[derive(Serialize)]
struct AuditRecordLine<'a> {
    audit: &'a AuditRecord,
}

/// Now as RFC 3339 UTC, without a date crate: days-from-civil arithmetic (Howard Hinnant's algorithm).
pub fn now_rfc3339() -> String {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0);
    let days = (secs / 86_400) as i64;
    let rem = secs % 86_400;
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    format!(
        "{y:04}-{m:02}-{d:02}T{:02}:{:02}:{:02}Z",
        rem / 3600,
        (rem % 3600) / 60,
        rem % 60
    )
}

#[cfg(test)]
mod tests {
    #[test]
    fn rfc3339_shape() {
        let s = super::now_rfc3339();
        assert_eq!(s.len(), 20);
        assert!(s.starts_with("20"));
        assert!(s.ends_with('Z'));
    }
}
