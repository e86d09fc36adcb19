//! elicitguard: a reverse-proxy security gateway for MCP servers that makes elicitation safe.
//!
//! Layers point one way: [`wire`] and [`policy`] know nothing of hyper or tokio; [`proxy`] uses them.
#![forbid(unsafe_code)]

pub mod config;
pub mod demo;
pub mod identity;
pub mod limit;
pub mod policy;
pub mod proxy;
pub mod state;
pub mod store;
pub mod telemetry;
pub mod wire;
