//! A sound pre-filter: tells, at memchr speed, when a body cannot carry anything the gateway must judge.
//!
//! CONTRACT (wire helper): `may_carry_elicitation(body) -> bool` returns false only when no parse of `body`
//! by any JSON parser could yield an elicitation-bearing message: an `input_required` result, an
//! `inputRequests` map, a server-to-client request (`elicitation/create`, `sampling/createMessage`,
//! `roots/list`, or any other method), or a JSON-RPC error (which could be -32042). It must be sound
//! against JSON escapes (`"input\u005frequired"`, `"elicitation\/create"`), whitespace and key order:
//! any `\u` escape, any `"method"`, `"error"`, ... makes it return true. Invalid UTF-8 returns true
//! (the full parser then refuses it). False positives only cost a parse.
pub fn may_carry_elicitation(body: &[u8]) -> bool {
    let _ = body;
    true
}
