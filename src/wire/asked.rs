//! What a gateway asked in an elicitation round, as sealed in an envelope and as answers are checked against
//! it: the kind of each asked input, and a form's requested schema as compact JSON text.

use serde_json::Value;

/// A `requestedSchema` as compact JSON text: sealed as it is and parsed only when an answer is checked
/// against it, so envelopes whose answers never need the schema (url mode, declines) never pay for a parse.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SchemaText(String);

impl SchemaText {
    /// The compact JSON text of `schema`.
    pub fn of(schema: &Value) -> SchemaText {
        // Serialising a `Value` cannot fail (its map keys are strings); `null` would fail every answer closed.
        SchemaText(serde_json::to_string(schema).unwrap_or_else(|_| "null".to_owned()))
    }

    /// The schema as the upstream wrote it (`raw`: the text of one JSON value the strict parser has read), with
    /// the whitespace between its tokens left out: the asked schema is sealed as it was asked, without
    /// building and serialising a tree, and pretty-printed text does not grow the envelope. Key order and
    /// escapes stay as written; [`SchemaText::parse`] reads the same value either way.
    pub fn from_json(raw: &str) -> SchemaText {
        SchemaText(crate::wire::tree::compact(raw).into_owned())
    }

    /// [`SchemaText::from_json`] for text the strict parser found without whitespace between its tokens
    /// (`Object::compact_span_of`): kept as it is.
    pub fn from_compact_json(raw: &str) -> SchemaText {
        SchemaText(raw.to_owned())
    }

    /// Wraps text read back from an authenticated envelope (parsed, and checked, only by [`SchemaText::parse`]).
    pub(crate) fn from_text(text: String) -> SchemaText {
        SchemaText(text)
    }

    /// The JSON text.
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The schema; `None` if the text is not JSON, which the caller must treat as a refusal.
    pub fn parse(&self) -> Option<Value> {
        serde_json::from_str(&self.0).ok()
    }
}

/// What an asked input was, so the retry's answer can be checked against it.
#[derive(Debug, Clone, PartialEq)]
pub enum Asked {
    /// A form elicitation and its requested schema.
    Form {
        /// The `requestedSchema` as asked.
        schema: SchemaText,
    },
    /// A url elicitation.
    Url,
    /// A sampling request.
    Sampling,
    /// A roots request.
    Roots,
}

impl Asked {
    /// A form elicitation asking for `schema`.
    pub fn form(schema: &Value) -> Asked {
        Asked::Form {
            schema: SchemaText::of(schema),
        }
    }
}
