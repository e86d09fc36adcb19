//! The restricted flat schema of form-mode elicitation: exactly the keyword table of MCP 2026-07-28.
//!
//! CONTRACT (wire helper): `check_schema(schema, schema_ptr) -> Vec<Finding>`, rule ids `form.schema.*`:
//! `form.schema.not_object` (top level not `{"type":"object", "properties":{...}}`), `form.schema.nested`
//! (a property of type object, or an array whose items are not the string-enum / anyOf-const shapes),
//! `form.schema.ref` (`$ref`, `$defs`, `definitions`), `form.schema.composition` (`allOf`/`anyOf`/`oneOf`/`not`/
//! `if`/`then`/`else` where not allowed), `form.schema.pattern`, `form.schema.keyword` (any unknown keyword,
//! at top level or in a property), `form.schema.type` (a bad or missing type), `form.schema.format` (a format
//! outside email/uri/date/date-time), `form.schema.required` (`required` naming a property not declared, or not
//! an array of strings), `form.schema.default` (a default of the wrong type), `form.schema.too_many`
//! (more than [`MAX_PROPERTIES`] properties). All `Action::Block`. Pointers are built from `schema_ptr`.

use serde_json::Value;

use crate::policy::Finding;

/// Most properties one form may ask for. Real forms have a handful; 64 keeps the host's UI reviewable.
pub const MAX_PROPERTIES: usize = 64;

/// Checks a `requestedSchema` against the restricted subset.
pub fn check_schema(schema: &Value, schema_ptr: &str) -> Vec<Finding> {
    let _ = (schema, schema_ptr);
    Vec::new()
}
