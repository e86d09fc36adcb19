//! Strict JSON: one parser for every message the gateway judges, refusing what parsers disagree on.
//!
//! CONTRACT (wire helper): `parse_strict(bytes)` parses exactly one JSON value from `bytes`
//! (surrounding whitespace allowed, trailing data refused), into a `serde_json::Value`, refusing:
//! invalid UTF-8, duplicate keys in ANY object (parsers disagree on which one wins: refused, never resolved),
//! nesting deeper than [`MAX_DEPTH`], and anything serde_json refuses. Numbers keep serde_json's default
//! behaviour. Never panics.

use serde_json::Value;

/// Deepest nesting accepted. MCP messages are shallow (a form schema sits at depth ~8); 64 leaves room
/// for rich tool results while keeping recursion bounded far below the stack.
pub const MAX_DEPTH: usize = 64;

/// Why a body could not be parsed strictly.
#[derive(Debug, thiserror::Error)]
pub enum StrictError {
    /// The JSON text is malformed, has trailing data, or is not UTF-8.
    #[error("malformed JSON: {0}")]
    Syntax(String),
    /// An object repeats a key.
    #[error("duplicate key in a JSON object")]
    DuplicateKey,
    /// Nesting exceeds [`MAX_DEPTH`].
    #[error("JSON nested deeper than {MAX_DEPTH}")]
    TooDeep,
}

/// Parses one JSON value strictly. See the module doc.
pub fn parse_strict(bytes: &[u8]) -> Result<Value, StrictError> {
    let _ = bytes;
    Err(StrictError::Syntax("not implemented".into()))
}
