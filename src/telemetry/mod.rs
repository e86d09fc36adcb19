//! The Prometheus registry and metrics, and the audit log.

pub mod audit;
pub mod metrics;

pub use audit::{AuditLog, AuditRecord};
pub use metrics::*;

/// A fresh incident id: 16 random bytes, hex. Ties a client's error, an audit line and a log line together.
pub fn incident_id() -> String {
    let mut b = [0u8; 8];
    // A failed RNG leaves zeros; the id is a correlation handle, not a secret.
    let _ = aws_lc_rs::rand::fill(&mut b);
    let mut s = String::with_capacity(16);
    for x in b {
        s.push_str(&format!("{x:02x}"));
    }
    s
}
