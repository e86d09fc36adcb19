//! Judging an elicitation: restricted schema, secret classifier, URL checks, text sanitising, capabilities.

pub mod answers;
pub mod clean_schemas;
mod clean_set;
/// Findings and verdicts live with the wire types (the carrier finder reports its problems as findings).
pub use crate::wire::finding;
pub mod schema;
pub mod secret;
pub mod text;
pub mod url;

pub use finding::{pointer_push, Action, Finding, Verdict};
pub mod engine;
pub mod rules;

pub use engine::{Engine, Judgement, RoutePolicy};
