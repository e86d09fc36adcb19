//! The Prometheus registry and metrics, and the audit log.
