//! The built-in demo: a small MCP upstream answering both eras, and a client that walks through the scenarios.

pub mod client;
pub mod report;
pub mod tools;
pub mod upstream;
