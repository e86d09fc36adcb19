//! Judging an elicitation: restricted schema, secret classifier, URL checks, text sanitising, capabilities.

pub mod answers;
pub mod finding;
pub mod schema;
pub mod secret;
pub mod text;
pub mod url;

pub use finding::{pointer_push, Action, Finding, Verdict};
