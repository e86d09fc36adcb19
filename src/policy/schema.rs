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
//!
//! Choices within the contract:
//! - An allowed keyword with a value of the wrong kind (`"minLength": "3"`, a non-string `title`) is
//!   `form.schema.keyword`; so is a keyword that belongs to another kind (`minimum` on a string, `enum` on an
//!   integer), whose message says which kind it belongs to.
//! - `enum` values that are not strings, and `oneOf` entries that are not `{"const": string, "title": string}`,
//!   are `form.schema.type` and `form.schema.composition` respectively.
//! - A `default` must have the property's type and, for enums, be one of the allowed values.
//! - `patternProperties` counts as `form.schema.pattern`.
//! - With more than [`MAX_PROPERTIES`] properties only `form.schema.too_many` is reported: the work per
//!   schema stays bounded.
//! - An option list (or a multi-select `default`) longer than [`MAX_OPTIONS`] is `form.schema.too_many`.
//! - Options must be readable: `enum` values that repeat or are blank (empty, spaces, invisible characters)
//!   are `form.schema.type`; `oneOf`/`anyOf` options with a repeated or blank const or title are
//!   `form.schema.composition`; repeated or blank `enumNames` are `form.schema.keyword`. One value under two
//!   titles says one thing and sends another.
//! - Property names must be readable: an empty or blank name, or one with control, invisible or bidi
//!   characters, is `form.schema.keyword`.
//! - Bounds must leave a value to give: `minimum` > `maximum`, integer bounds with no integer between them
//!   (`minimum` 0.2, `maximum` 0.8), `minLength` > `maxLength`, `minItems` >
//!   `maxItems`, and `minItems` above the number of options are `form.schema.keyword`; so are `minLength`,
//!   `maxLength` and `format` beside `enum` or `oneOf` (not in the single-select rows of the table).
//! - A `default` must meet its own bounds (range, length in code points, item count) and a multi-select
//!   default must not repeat a value: `form.schema.default`.

use crate::wire::tree::{Node, Object};

use crate::policy::{pointer_push, Finding};

/// Most properties one form may ask for. Real forms have a handful; 64 keeps the host's UI reviewable.
pub const MAX_PROPERTIES: usize = 64;
/// Most options one list may hold (`enum`, `oneOf`, `items.enum`, `items.anyOf`, a multi-select `default`).
/// The longest real choice lists (IANA time zones, ~600) fit; the secret classifier reads this many values
/// of each list (`secret::form::MAX_JUDGED_OPTIONS`), so an option past the bound could otherwise carry a
/// credential, or ask for part of a secret, unread.
pub const MAX_OPTIONS: usize = 1024;

/// Formats a string property may declare.
const FORMATS: &[&str] = &["email", "uri", "date", "date-time"];
/// Keywords accepted at the top level.
const TOP_KEYWORDS: &[&str] = &[
    "$schema",
    "type",
    "properties",
    "required",
    "title",
    "description",
];
// The property keyword table, kind by kind. `keyword_group` is what the check uses (one `match`); these
// lists are the table as it reads in the spec, and a test holds the two together.
/// Keywords accepted on every property.
#[cfg(test)]
const COMMON_KEYWORDS: &[&str] = &["type", "title", "description", "default"];
#[cfg(test)]
const STRING_KEYWORDS: &[&str] = &[
    "minLength",
    "maxLength",
    "format",
    "enum",
    "enumNames",
    "oneOf",
];
#[cfg(test)]
const NUMBER_KEYWORDS: &[&str] = &["minimum", "maximum"];
#[cfg(test)]
const ARRAY_KEYWORDS: &[&str] = &["items", "minItems", "maxItems"];
const REF_KEYWORDS: &[&str] = &[
    "$ref",
    "$defs",
    "definitions",
    "$dynamicRef",
    "$recursiveRef",
];
const COMPOSITION_KEYWORDS: &[&str] = &["allOf", "anyOf", "oneOf", "not", "if", "then", "else"];
const PATTERN_KEYWORDS: &[&str] = &["pattern", "patternProperties"];

/// Which keyword list a property keyword is in: the table of the restricted schema.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Group {
    Common,
    String,
    Number,
    Array,
}

/// The list `k` is in, found with one `match` (a jump on the length, then a compare or two) where
/// searching the lists one after the other compared every keyword of a form with a dozen strings.
/// A test checks it against the lists.
fn keyword_group(k: &str) -> Option<Group> {
    Some(match k {
        "type" | "title" | "description" | "default" => Group::Common,
        "minLength" | "maxLength" | "format" | "enum" | "enumNames" | "oneOf" => Group::String,
        "minimum" | "maximum" => Group::Number,
        "items" | "minItems" | "maxItems" => Group::Array,
        _ => return None,
    })
}

/// A JSON pointer made only when a finding needs it: a schema that passes (nearly every one) needs none,
/// and building one per property and keyword was a large part of the check's time.
type Ptr<'a> = &'a dyn Fn() -> String;

/// Checks a `requestedSchema` against the restricted subset.
pub fn check_schema(schema: &Node<'_>, schema_ptr: &str) -> Vec<Finding> {
    let mut out = Vec::new();
    let Some(top) = schema.as_object() else {
        out.push(Finding::block(
            "form.schema.not_object",
            schema_ptr,
            "the requested schema is not a JSON object",
        ));
        return out;
    };
    if top.get("type").and_then(Node::as_str) != Some("object") {
        out.push(Finding::block(
            "form.schema.not_object",
            pointer_push(schema_ptr, "type"),
            "the requested schema must have \"type\": \"object\"",
        ));
    }
    for (key, value) in top {
        let ptr = || pointer_push(schema_ptr, key);
        if !TOP_KEYWORDS.contains(&key) {
            out.push(unknown_keyword(
                key,
                ptr(),
                "the top level of a form schema",
            ));
            continue;
        }
        let well_typed = match key {
            "$schema" | "title" | "description" => value.is_string(),
            _ => true, // type, properties and required are checked below
        };
        if !well_typed {
            out.push(Finding::block(
                "form.schema.keyword",
                ptr(),
                format!("\"{key}\" must be a string"),
            ));
        }
    }
    let Some(properties) = top.get("properties").and_then(Node::as_object) else {
        out.push(Finding::block(
            "form.schema.not_object",
            pointer_push(schema_ptr, "properties"),
            "the requested schema must have a \"properties\" object",
        ));
        return out;
    };
    let props_ptr = pointer_push(schema_ptr, "properties");
    if properties.len() > MAX_PROPERTIES {
        out.push(Finding::block(
            "form.schema.too_many",
            props_ptr,
            format!("a form may ask for at most {MAX_PROPERTIES} fields"),
        ));
        return out;
    }
    if let Some(required) = top.get("required") {
        check_required(
            required,
            properties,
            &|| pointer_push(schema_ptr, "required"),
            &mut out,
        );
    }
    for (name, property) in properties {
        let ptr = || pointer_push(&props_ptr, name);
        if unreadable_name(name) {
            out.push(Finding::block(
                "form.schema.keyword",
                ptr(),
                "a property name must be visible text without control, invisible or bidi characters",
            ));
        }
        check_property(property, &ptr, &mut out);
    }
    out
}

/// Whether a property name cannot be read for what it is: empty or blank (a field with no name a person
/// can see), or holding control, invisible or bidi characters, which make one name look like another
/// (`pass\u{200B}word`, a right-to-left override that reverses what follows). The name is the key the
/// answer goes back under, and hosts show it when there is no title.
fn unreadable_name(name: &str) -> bool {
    blank(name)
        || name
            .chars()
            .any(|c| c.is_control() || crate::policy::secret::normalize::is_invisible(c))
}

/// The finding for a keyword outside the table, with the more specific rule when there is one.
fn unknown_keyword(key: &str, ptr: String, place: &str) -> Finding {
    if REF_KEYWORDS.contains(&key) {
        Finding::block(
            "form.schema.ref",
            ptr,
            format!("\"{key}\" references are not allowed in a form schema"),
        )
    } else if COMPOSITION_KEYWORDS.contains(&key) {
        Finding::block(
            "form.schema.composition",
            ptr,
            format!("\"{key}\" is not allowed in {place}"),
        )
    } else if PATTERN_KEYWORDS.contains(&key) {
        Finding::block(
            "form.schema.pattern",
            ptr,
            format!("\"{key}\" is not allowed in a form schema"),
        )
    } else {
        // The key is server-chosen text: it is named through the pointer, not repeated in the sentence.
        Finding::block(
            "form.schema.keyword",
            ptr,
            format!("unknown keyword in {place}"),
        )
    }
}

/// The finding for a keyword of the table on a field of another kind (`enum` on an integer, `minimum` on a
/// string): the rule an unknown keyword gets there, and a message that says where the keyword belongs, so
/// the server's developer sees what to change (MCP's choice lists are strings: an integer `enum` is outside
/// the subset, however natural it looks). The keyword is one of the table's, so naming it repeats no
/// server-chosen text.
fn misplaced_keyword(key: &str, belongs: Group, kind: Kind, ptr: String) -> Finding {
    let rule = if COMPOSITION_KEYWORDS.contains(&key) {
        "form.schema.composition"
    } else {
        "form.schema.keyword"
    };
    let here = match kind {
        Kind::String => "a string field",
        Kind::Number => "a number field",
        Kind::Integer => "an integer field",
        Kind::Boolean => "a boolean field",
        Kind::Array => "an array field",
    };
    let there = match belongs {
        Group::String => "string fields",
        Group::Number => "number and integer fields",
        Group::Array => "array (multi-select) fields",
        Group::Common => "every field",
    };
    Finding::block(
        rule,
        ptr,
        format!("\"{key}\" is not allowed in {here}: it belongs to {there}"),
    )
}

fn check_required(
    required: &Node<'_>,
    properties: &Object<'_>,
    ptr: Ptr<'_>,
    out: &mut Vec<Finding>,
) {
    let Some(names) = required.as_array() else {
        out.push(Finding::block(
            "form.schema.required",
            ptr(),
            "\"required\" must be an array of strings",
        ));
        return;
    };
    for (i, name) in names.iter().enumerate() {
        let item_ptr = || pointer_push(&ptr(), &i.to_string());
        match name.as_str() {
            None => out.push(Finding::block(
                "form.schema.required",
                item_ptr(),
                "\"required\" must list strings",
            )),
            Some(n) if !properties.contains_key(n) => out.push(Finding::block(
                "form.schema.required",
                item_ptr(),
                "\"required\" names a property that is not declared",
            )),
            Some(n)
                if names
                    .iter()
                    .take(i)
                    .any(|earlier| earlier.as_str() == Some(n)) =>
            {
                out.push(Finding::block(
                    "form.schema.required",
                    item_ptr(),
                    "\"required\" lists a property twice",
                ))
            }
            Some(_) => {}
        }
    }
}

/// What kind of field a property is, from its `type`.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    String,
    Number,
    Integer,
    Boolean,
    Array,
}

fn check_property(property: &Node<'_>, ptr: Ptr<'_>, out: &mut Vec<Finding>) {
    let Some(p) = property.as_object() else {
        out.push(Finding::block(
            "form.schema.type",
            ptr(),
            "a property must be a schema object",
        ));
        return;
    };
    let kind = match p.get("type") {
        None => {
            out.push(Finding::block(
                "form.schema.type",
                ptr(),
                "a property must declare its \"type\"",
            ));
            None
        }
        Some(Node::String(t)) => match *t {
            "string" => Some(Kind::String),
            "number" => Some(Kind::Number),
            "integer" => Some(Kind::Integer),
            "boolean" => Some(Kind::Boolean),
            "array" => Some(Kind::Array),
            "object" => {
                out.push(Finding::block(
                    "form.schema.nested",
                    pointer_push(&ptr(), "type"),
                    "nested objects are not allowed in a form",
                ));
                None
            }
            _ => {
                out.push(Finding::block(
                    "form.schema.type",
                    pointer_push(&ptr(), "type"),
                    "unknown property type",
                ));
                None
            }
        },
        Some(_) => {
            out.push(Finding::block(
                "form.schema.type",
                pointer_push(&ptr(), "type"),
                "\"type\" must be one of string, number, integer, boolean, array",
            ));
            None
        }
    };
    // Keywords: those of the table for this kind, and nothing else. The bounds are gathered on the way, so
    // that their checks below need no search of the map.
    let mut bounds = Bounds::default();
    for (key, value) in p {
        bounds.note(key, value);
        let kptr = || pointer_push(&ptr(), key);
        let k = key;
        let group = keyword_group(k);
        let allowed_here = group == Some(Group::Common)
            || match kind {
                Some(Kind::String) => group == Some(Group::String),
                Some(Kind::Number | Kind::Integer) => group == Some(Group::Number),
                Some(Kind::Array) => group == Some(Group::Array),
                Some(Kind::Boolean) => false,
                // Without a usable type, only structural problems are worth reporting.
                None => group.is_some(),
            };
        if !allowed_here {
            out.push(match (group, kind) {
                (Some(belongs), Some(kind)) => misplaced_keyword(k, belongs, kind, kptr()),
                _ => unknown_keyword(k, kptr(), "a form field"),
            });
            continue;
        }
        let bad_value = match k {
            "title" | "description" => !value.is_string(),
            "minLength" | "maxLength" | "minItems" | "maxItems" => value.as_u64().is_none(),
            "minimum" | "maximum" => !value.is_number(),
            _ => false,
        };
        if bad_value {
            out.push(Finding::block(
                "form.schema.keyword",
                kptr(),
                format!("\"{k}\" has a value of the wrong kind"),
            ));
        }
    }
    check_bounds(&bounds, ptr, out);
    match kind {
        Some(Kind::String) => check_string(p, &bounds, ptr, out),
        Some(Kind::Array) => check_array(p, &bounds, ptr, out),
        Some(k @ (Kind::Number | Kind::Integer)) => {
            if k == Kind::Integer {
                check_integer_bounds(&bounds, ptr, out);
            }
            if let Some(default) = p.get("default") {
                let ok = match k {
                    Kind::Integer => {
                        default.as_i64().is_some()
                            || default.as_u64().is_some()
                            || is_integral_float(default)
                    }
                    _ => default.is_number(),
                };
                if !ok {
                    out.push(wrong_default(ptr, "a number"));
                } else if !default
                    .as_f64()
                    .is_some_and(|d| within(bounds.minimum, bounds.maximum, d))
                {
                    out.push(wrong_default(ptr, "within \"minimum\" and \"maximum\""));
                }
            }
        }
        Some(Kind::Boolean) if p.get("default").is_some_and(|d| !d.is_boolean()) => {
            out.push(wrong_default(ptr, "a boolean"));
        }
        Some(Kind::Boolean) | None => {}
    }
}

fn is_integral_float(v: &Node<'_>) -> bool {
    v.as_f64().is_some_and(|f| f.fract() == 0.0)
}

/// Whether a person sees nothing of `s`: empty, or only spaces and invisible characters (the secret
/// classifier's list, bidi controls included). Such an option cannot be told from no option, or from another
/// blank one.
fn blank(s: &str) -> bool {
    s.chars()
        .all(|c| c.is_whitespace() || crate::policy::secret::normalize::is_invisible(c))
}

/// Whether a list holds a value twice. Lists are at most [`MAX_OPTIONS`] long (checked first). A short list
/// (nearly every one) is compared pair by pair, without allocating or hashing: a `HashSet` per list cost more
/// than the rest of the property's checks; a longer one is sorted, so the work stays n log n.
fn has_duplicates(values: &[&str]) -> bool {
    /// Longest list compared pair by pair (at most 120 comparisons of short strings).
    const PAIRWISE: usize = 16;
    if values.len() <= PAIRWISE {
        return values
            .iter()
            .enumerate()
            .any(|(i, v)| values.get(i + 1..).is_some_and(|rest| rest.contains(v)));
    }
    let mut sorted = values.to_vec();
    sorted.sort_unstable();
    sorted.windows(2).any(|w| w[0] == w[1])
}

/// The numeric bounds of one property, as far as they are numbers (a bound of the wrong kind is a finding
/// of its own and bounds nothing).
#[derive(Default, Clone, Copy)]
struct Bounds {
    minimum: Option<f64>,
    maximum: Option<f64>,
    min_length: Option<f64>,
    max_length: Option<f64>,
    min_items: Option<f64>,
    max_items: Option<f64>,
}

impl Bounds {
    /// Takes `value` if `key` is a bound.
    fn note(&mut self, key: &str, value: &Node<'_>) {
        let slot = match key {
            "minimum" => &mut self.minimum,
            "maximum" => &mut self.maximum,
            "minLength" => &mut self.min_length,
            "maxLength" => &mut self.max_length,
            "minItems" => &mut self.min_items,
            "maxItems" => &mut self.max_items,
            _ => return,
        };
        *slot = value.as_f64();
    }

    /// The pairs whose lower bound must not exceed the upper one, with their keywords.
    fn pairs(&self) -> [(&'static str, &'static str, Option<f64>, Option<f64>); 3] {
        [
            ("minimum", "maximum", self.minimum, self.maximum),
            ("minLength", "maxLength", self.min_length, self.max_length),
            ("minItems", "maxItems", self.min_items, self.max_items),
        ]
    }
}

/// Whether `x` lies within `lo` and `hi` (either may be absent).
fn within(lo: Option<f64>, hi: Option<f64>, x: f64) -> bool {
    lo.is_none_or(|l| x >= l) && hi.is_none_or(|h| x <= h)
}

/// A lower bound above its upper one: a field no value satisfies cannot be answered, only declined, and
/// says nothing a person can act on.
fn check_bounds(bounds: &Bounds, ptr: Ptr<'_>, out: &mut Vec<Finding>) {
    for (lo, hi, l, h) in bounds.pairs() {
        if let (Some(l), Some(h)) = (l, h) {
            if l > h {
                out.push(Finding::block(
                    "form.schema.keyword",
                    pointer_push(&ptr(), lo),
                    format!("\"{lo}\" is greater than \"{hi}\": no value can be given"),
                ));
            }
        }
    }
}

/// Integer bounds in order that still leave no integer between them (`minimum` 0.2, `maximum` 0.8): the
/// field cannot be answered, like bounds out of order ([`check_bounds`] reports those).
fn check_integer_bounds(bounds: &Bounds, ptr: Ptr<'_>, out: &mut Vec<Finding>) {
    if let (Some(l), Some(h)) = (bounds.minimum, bounds.maximum) {
        if l <= h && l.ceil() > h.floor() {
            out.push(Finding::block(
                "form.schema.keyword",
                pointer_push(&ptr(), "minimum"),
                "no integer lies between \"minimum\" and \"maximum\": no value can be given",
            ));
        }
    }
}

fn wrong_default(ptr: Ptr<'_>, what: &str) -> Finding {
    Finding::block(
        "form.schema.default",
        pointer_push(&ptr(), "default"),
        format!("\"default\" must be {what}"),
    )
}

/// String properties: plain, with `format`, single-select by `enum` (+ legacy `enumNames`) or titled `oneOf`.
fn check_string(p: &Object<'_>, bounds: &Bounds, ptr: Ptr<'_>, out: &mut Vec<Finding>) {
    if let Some(format) = p.get("format") {
        if !format.as_str().is_some_and(|f| FORMATS.contains(&f)) {
            out.push(Finding::block(
                "form.schema.format",
                pointer_push(&ptr(), "format"),
                "\"format\" must be one of email, uri, date, date-time",
            ));
        }
    }
    let mut allowed: Option<Vec<&str>> = None;
    if let Some(values) = p.get("enum") {
        allowed = string_enum(values, &|| pointer_push(&ptr(), "enum"), out);
        if let Some(names) = p.get("enumNames") {
            let names: Option<Vec<&str>> = names
                .as_array()
                .and_then(|n| n.iter().map(Node::as_str).collect());
            let fits = names.as_ref().is_some_and(|n| {
                values.as_array().is_some_and(|v| v.len() == n.len())
                    && !n.iter().any(|t| blank(t))
                    && !has_duplicates(n)
            });
            if !fits {
                out.push(Finding::block(
                    "form.schema.keyword",
                    pointer_push(&ptr(), "enumNames"),
                    "\"enumNames\" must be distinct, visible strings, one per \"enum\" value",
                ));
            }
        }
    } else if p.contains_key("enumNames") {
        out.push(Finding::block(
            "form.schema.keyword",
            pointer_push(&ptr(), "enumNames"),
            "\"enumNames\" is only allowed beside \"enum\"",
        ));
    }
    if let Some(options) = p.get("oneOf") {
        let consts = titled_consts(options, &|| pointer_push(&ptr(), "oneOf"), out);
        if allowed.is_some() {
            out.push(Finding::block(
                "form.schema.composition",
                pointer_push(&ptr(), "oneOf"),
                "a field uses either \"enum\" or \"oneOf\", not both",
            ));
        }
        allowed = allowed.or(consts);
    }
    if p.contains_key("enum") || p.contains_key("oneOf") {
        // The single-select rows of the table have no length or format: a choice is one of its options.
        for k in ["minLength", "maxLength", "format"] {
            if p.contains_key(k) {
                out.push(Finding::block(
                    "form.schema.keyword",
                    pointer_push(&ptr(), k),
                    format!("\"{k}\" is not allowed beside \"enum\" or \"oneOf\""),
                ));
            }
        }
    }
    if let Some(default) = p.get("default") {
        match (default.as_str(), &allowed) {
            (None, _) => out.push(wrong_default(ptr, "a string")),
            (Some(d), Some(values)) if !values.contains(&d) => {
                out.push(wrong_default(ptr, "one of the allowed values"))
            }
            // JSON Schema counts lengths in code points.
            (Some(d), None)
                if !within(
                    bounds.min_length,
                    bounds.max_length,
                    d.chars().count() as f64,
                ) =>
            {
                out.push(wrong_default(ptr, "within \"minLength\" and \"maxLength\""))
            }
            _ => {}
        }
    }
}

/// Whether an option list is over [`MAX_OPTIONS`], with the finding when it is. The secret classifier
/// reads at most that many values of a list, so a longer one is refused rather than judged in part.
fn too_many_options(list: &[Node<'_>], ptr: Ptr<'_>, out: &mut Vec<Finding>) -> bool {
    let over = list.len() > MAX_OPTIONS;
    if over {
        out.push(Finding::block(
            "form.schema.too_many",
            ptr(),
            format!("a list may hold at most {MAX_OPTIONS} options"),
        ));
    }
    over
}

/// The values of an `enum` that must list strings; None (with a finding) when it does not.
fn string_enum<'v>(
    values: &'v Node<'_>,
    ptr: Ptr<'_>,
    out: &mut Vec<Finding>,
) -> Option<Vec<&'v str>> {
    if let Some(list) = values.as_array() {
        if too_many_options(list, ptr, out) {
            return None;
        }
    }
    let strings: Option<Vec<&str>> = values
        .as_array()
        .filter(|a| !a.is_empty())
        .and_then(|a| a.iter().map(Node::as_str).collect());
    if strings.is_none() {
        out.push(Finding::block(
            "form.schema.type",
            ptr(),
            "\"enum\" must be a non-empty array of strings",
        ));
    }
    let strings = strings?;
    // An option shown as its value must be visible, and a value listed twice is two options a person
    // cannot tell apart (each may carry its own `enumNames` title).
    if strings.iter().any(|v| blank(v)) || has_duplicates(&strings) {
        out.push(Finding::block(
            "form.schema.type",
            ptr(),
            "\"enum\" values must be distinct and visible (not empty or blank)",
        ));
        return None;
    }
    Some(strings)
}

/// The consts of a `[{"const": string, "title": string}, ...]` list; None (with a finding) when it is not one.
fn titled_consts<'v>(
    options: &'v Node<'_>,
    ptr: Ptr<'_>,
    out: &mut Vec<Finding>,
) -> Option<Vec<&'v str>> {
    if let Some(list) = options.as_array() {
        if too_many_options(list, ptr, out) {
            return None;
        }
    }
    let consts: Option<Vec<&str>> = options.as_array().filter(|a| !a.is_empty()).and_then(|a| {
        a.iter()
            .map(|o| {
                let o = o.as_object()?;
                let only_const_title = o.keys().all(|k| k == "const" || k == "title");
                o.get("title")?.as_str()?;
                let c = o.get("const")?.as_str()?;
                only_const_title.then_some(c)
            })
            .collect()
    });
    if consts.is_none() {
        out.push(Finding::block(
            "form.schema.composition",
            ptr(),
            "options must be a non-empty list of {\"const\": string, \"title\": string}",
        ));
    }
    let consts = consts?;
    // Titles are what a person reads: two options under one title cannot be told apart, and one value
    // under two titles (`Yes` and `No` both meaning `delete`) says one thing and sends another.
    let titles: Vec<&str> = options
        .as_array()
        .map(|a| {
            a.iter()
                .filter_map(|o| o.get("title").and_then(Node::as_str))
                .collect()
        })
        .unwrap_or_default();
    if consts.iter().chain(&titles).any(|v| blank(v))
        || has_duplicates(&consts)
        || has_duplicates(&titles)
    {
        out.push(Finding::block(
            "form.schema.composition",
            ptr(),
            "options must have distinct, visible consts and titles",
        ));
        return None;
    }
    Some(consts)
}

/// Multi-select: `items` is `{"type":"string","enum":[...]}` or `{"anyOf":[{"const","title"}...]}`.
fn check_array(p: &Object<'_>, bounds: &Bounds, ptr: Ptr<'_>, out: &mut Vec<Finding>) {
    let items_ptr = || pointer_push(&ptr(), "items");
    let allowed = match p.get("items").and_then(Node::as_object) {
        None => {
            out.push(Finding::block(
                "form.schema.nested",
                items_ptr(),
                "an array field must have \"items\" listing string options",
            ));
            None
        }
        Some(items) => {
            let keys = |allowed: &[&str]| items.keys().all(|k| allowed.contains(&k));
            let has_ref = items.keys().any(|k| REF_KEYWORDS.contains(&k));
            if has_ref {
                out.push(Finding::block(
                    "form.schema.ref",
                    items_ptr(),
                    "references are not allowed in a form schema",
                ));
                None
            } else if items.get("type").and_then(Node::as_str) == Some("string")
                && items.contains_key("enum")
                && keys(&["type", "enum"])
            {
                string_enum(
                    items.get("enum").unwrap_or(&Node::Null),
                    &|| pointer_push(&items_ptr(), "enum"),
                    out,
                )
            } else if items.contains_key("anyOf")
                && keys(&["anyOf", "type"])
                && items
                    .get("type")
                    .is_none_or(|t| t.as_str() == Some("string"))
            {
                titled_consts(
                    items.get("anyOf").unwrap_or(&Node::Null),
                    &|| pointer_push(&items_ptr(), "anyOf"),
                    out,
                )
            } else {
                out.push(Finding::block(
                    "form.schema.nested",
                    items_ptr(),
                    "array items must be string options (\"enum\" or \"anyOf\" of const/title)",
                ));
                None
            }
        }
    };
    if let (Some(values), Some(min)) = (&allowed, p.get("minItems").and_then(Node::as_u64)) {
        if usize::try_from(min).map_or(true, |m| m > values.len()) {
            out.push(Finding::block(
                "form.schema.keyword",
                pointer_push(&ptr(), "minItems"),
                "\"minItems\" asks for more choices than there are options",
            ));
        }
    }
    if let Some(default) = p.get("default") {
        let defaults_ptr = || pointer_push(&ptr(), "default");
        if let Some(list) = default.as_array() {
            if too_many_options(list, &defaults_ptr, out) {
                return;
            }
        }
        match default
            .as_array()
            .map(|d| d.iter().map(Node::as_str).collect::<Option<Vec<_>>>())
        {
            Some(Some(chosen)) => {
                if let Some(values) = &allowed {
                    if !chosen.iter().all(|c| values.contains(c)) {
                        out.push(wrong_default(ptr, "a list of the allowed values"));
                    }
                }
                if has_duplicates(&chosen) {
                    out.push(wrong_default(ptr, "a list of distinct values"));
                } else if !within(bounds.min_items, bounds.max_items, chosen.len() as f64) {
                    out.push(wrong_default(
                        ptr,
                        "within \"minItems\" and \"maxItems\" choices",
                    ));
                }
            }
            _ => out.push(wrong_default(ptr, "an array of strings")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::{json, Map, Value};

    /// `check_schema` on a schema written as a `Value`.
    fn check_schema(schema: &Value, ptr: &str) -> Vec<Finding> {
        super::check_schema(
            &Node::from_value(schema, crate::wire::tree::test_arena()),
            ptr,
        )
    }

    const PTR: &str = "/result/inputRequests/a/params/requestedSchema";

    fn form(properties: Value) -> Value {
        json!({"type": "object", "properties": properties})
    }

    fn rules(schema: &Value) -> Vec<(String, String)> {
        check_schema(schema, PTR)
            .into_iter()
            .map(|f| {
                assert_eq!(f.action, crate::policy::Action::Block);
                (
                    f.rule,
                    f.path.strip_prefix(PTR).unwrap_or(&f.path).to_owned(),
                )
            })
            .collect()
    }

    #[test]
    fn a_keyword_on_the_wrong_kind_of_field_says_where_it_belongs() {
        // Integer choice lists look natural and are outside the subset: the developer is told why.
        let cases = [
            (
                json!({"type": "integer", "enum": [0, 30, 60]}),
                "form.schema.keyword",
                "\"enum\" is not allowed in an integer field: it belongs to string fields",
            ),
            (
                json!({"type": "number", "oneOf": [{"const": 1, "title": "one"}]}),
                "form.schema.composition",
                "\"oneOf\" is not allowed in a number field: it belongs to string fields",
            ),
            (
                json!({"type": "string", "minimum": 1}),
                "form.schema.keyword",
                "\"minimum\" is not allowed in a string field: it belongs to number and integer fields",
            ),
            (
                json!({"type": "boolean", "maxItems": 1}),
                "form.schema.keyword",
                "\"maxItems\" is not allowed in a boolean field: it belongs to array (multi-select) fields",
            ),
        ];
        for (property, rule, message) in cases {
            let findings = check_schema(&form(json!({ "a": property })), PTR);
            assert_eq!(findings.len(), 1, "{property}");
            assert_eq!(findings[0].rule, rule, "{property}");
            assert_eq!(findings[0].message, message, "{property}");
        }
        // A keyword outside the table is still not named: it is server text.
        let findings = check_schema(&form(json!({"a": {"type": "string", "x-secret": 1}})), PTR);
        assert_eq!(findings[0].message, "unknown keyword in a form field");
    }

    #[test]
    fn accepts_every_shape_of_the_table() {
        let cases = [
            json!({"$schema": "https://json-schema.org/draft/2020-12/schema", "type": "object", "title": "Booking",
                   "description": "d", "properties": {}, "required": []}),
            form(
                json!({"name": {"type": "string", "title": "Name", "description": "d", "minLength": 1, "maxLength": 50, "default": "x"}}),
            ),
            form(
                json!({"mail": {"type": "string", "format": "email"}, "site": {"type": "string", "format": "uri"},
                        "day": {"type": "string", "format": "date"}, "at": {"type": "string", "format": "date-time"}}),
            ),
            form(
                json!({"n": {"type": "number", "minimum": 0.5, "maximum": 10, "default": 2.5},
                        "i": {"type": "integer", "minimum": -3, "maximum": 3, "default": 1, "title": "t"}}),
            ),
            form(
                json!({"ok": {"type": "boolean", "title": "OK?", "description": "d", "default": false}}),
            ),
            form(
                json!({"c": {"type": "string", "enum": ["red", "green"], "default": "red", "title": "Colour"}}),
            ),
            form(
                json!({"c": {"type": "string", "oneOf": [{"const": "r", "title": "Red"}, {"const": "g", "title": "Green"}], "default": "g"}}),
            ),
            form(
                json!({"c": {"type": "array", "items": {"type": "string", "enum": ["a", "b"]}, "minItems": 1, "maxItems": 2, "default": ["a"]}}),
            ),
            form(
                json!({"c": {"type": "array", "items": {"anyOf": [{"const": "a", "title": "A"}]}, "title": "t", "description": "d", "default": []}}),
            ),
            form(
                json!({"c": {"type": "string", "enum": ["a", "b"], "enumNames": ["A", "B"], "default": "b"}}),
            ),
            json!({"type": "object", "properties": {"a": {"type": "string"}, "b": {"type": "boolean"}}, "required": ["a", "b"]}),
        ];
        for schema in cases {
            assert_eq!(rules(&schema), vec![], "{schema}");
        }
    }

    #[test]
    fn refuses_what_the_table_does_not_allow() {
        let cases: Vec<(Value, &str, &str)> = vec![
            (json!([]), "form.schema.not_object", ""),
            (json!({"properties": {}}), "form.schema.not_object", "/type"),
            (
                json!({"type": "array", "properties": {}}),
                "form.schema.not_object",
                "/type",
            ),
            (
                json!({"type": "object"}),
                "form.schema.not_object",
                "/properties",
            ),
            (
                json!({"type": "object", "properties": []}),
                "form.schema.not_object",
                "/properties",
            ),
            (
                form(json!({"a": {"type": "object", "properties": {}}})),
                "form.schema.nested",
                "/properties/a/type",
            ),
            (
                form(json!({"a": {"type": "array", "items": {"type": "object"}}})),
                "form.schema.nested",
                "/properties/a/items",
            ),
            (
                form(json!({"a": {"type": "array", "items": {"type": "string"}}})),
                "form.schema.nested",
                "/properties/a/items",
            ),
            (
                form(json!({"a": {"type": "array"}})),
                "form.schema.nested",
                "/properties/a/items",
            ),
            (
                form(json!({"a": {"$ref": "#/$defs/x"}})),
                "form.schema.ref",
                "/properties/a/$ref",
            ),
            (
                json!({"type": "object", "properties": {}, "$defs": {}}),
                "form.schema.ref",
                "/$defs",
            ),
            (
                json!({"type": "object", "properties": {}, "definitions": {}}),
                "form.schema.ref",
                "/definitions",
            ),
            (
                form(json!({"a": {"type": "array", "items": {"$ref": "#/x"}}})),
                "form.schema.ref",
                "/properties/a/items",
            ),
            (
                json!({"type": "object", "properties": {}, "allOf": []}),
                "form.schema.composition",
                "/allOf",
            ),
            (
                form(json!({"a": {"type": "string", "anyOf": []}})),
                "form.schema.composition",
                "/properties/a/anyOf",
            ),
            (
                form(json!({"a": {"type": "number", "oneOf": [{"const": 1, "title": "x"}]}})),
                "form.schema.composition",
                "/properties/a/oneOf",
            ),
            (
                form(json!({"a": {"type": "string", "oneOf": [{"type": "string"}]}})),
                "form.schema.composition",
                "/properties/a/oneOf",
            ),
            (
                form(
                    json!({"a": {"type": "string", "oneOf": [{"const": "x", "title": "X", "pattern": "."}]}}),
                ),
                "form.schema.composition",
                "/properties/a/oneOf",
            ),
            (
                form(json!({"a": {"type": "string", "not": {}}})),
                "form.schema.composition",
                "/properties/a/not",
            ),
            (
                form(json!({"a": {"type": "string", "if": {}}})),
                "form.schema.composition",
                "/properties/a/if",
            ),
            (
                form(json!({"a": {"type": "string", "pattern": "^a"}})),
                "form.schema.pattern",
                "/properties/a/pattern",
            ),
            (
                json!({"type": "object", "properties": {}, "patternProperties": {}}),
                "form.schema.pattern",
                "/patternProperties",
            ),
            (
                json!({"type": "object", "properties": {}, "additionalProperties": false}),
                "form.schema.keyword",
                "/additionalProperties",
            ),
            (
                form(json!({"a": {"type": "string", "x-widget": "secret"}})),
                "form.schema.keyword",
                "/properties/a/x-widget",
            ),
            (
                form(json!({"a": {"type": "string", "minimum": 1}})),
                "form.schema.keyword",
                "/properties/a/minimum",
            ),
            (
                form(json!({"a": {"type": "number", "minLength": 1}})),
                "form.schema.keyword",
                "/properties/a/minLength",
            ),
            (
                form(json!({"a": {"type": "boolean", "enum": ["a"]}})),
                "form.schema.keyword",
                "/properties/a/enum",
            ),
            (
                form(json!({"a": {"type": "string", "minLength": "1"}})),
                "form.schema.keyword",
                "/properties/a/minLength",
            ),
            (
                form(json!({"a": {"type": "string", "maxLength": -1}})),
                "form.schema.keyword",
                "/properties/a/maxLength",
            ),
            (
                form(json!({"a": {"type": "string", "title": 3}})),
                "form.schema.keyword",
                "/properties/a/title",
            ),
            (
                json!({"type": "object", "properties": {}, "title": {}}),
                "form.schema.keyword",
                "/title",
            ),
            (
                form(json!({"a": {"type": "string", "enum": ["a"], "enumNames": ["A", "B"]}})),
                "form.schema.keyword",
                "/properties/a/enumNames",
            ),
            (
                form(json!({"a": {"type": "string", "enumNames": ["A"]}})),
                "form.schema.keyword",
                "/properties/a/enumNames",
            ),
            (
                form(json!({"a": {"title": "no type"}})),
                "form.schema.type",
                "/properties/a",
            ),
            (
                form(json!({"a": {"type": "null"}})),
                "form.schema.type",
                "/properties/a/type",
            ),
            (
                form(json!({"a": {"type": ["string", "null"]}})),
                "form.schema.type",
                "/properties/a/type",
            ),
            (
                form(json!({"a": "string"})),
                "form.schema.type",
                "/properties/a",
            ),
            (
                form(json!({"a": {"type": "string", "enum": [1, 2]}})),
                "form.schema.type",
                "/properties/a/enum",
            ),
            (
                form(json!({"a": {"type": "string", "enum": []}})),
                "form.schema.type",
                "/properties/a/enum",
            ),
            (
                form(json!({"a": {"type": "string", "format": "regex"}})),
                "form.schema.format",
                "/properties/a/format",
            ),
            (
                form(json!({"a": {"type": "string", "format": "password"}})),
                "form.schema.format",
                "/properties/a/format",
            ),
            (
                json!({"type": "object", "properties": {"a": {"type": "string"}}, "required": "a"}),
                "form.schema.required",
                "/required",
            ),
            (
                json!({"type": "object", "properties": {"a": {"type": "string"}}, "required": ["b"]}),
                "form.schema.required",
                "/required/0",
            ),
            (
                json!({"type": "object", "properties": {"a": {"type": "string"}}, "required": ["a", 1]}),
                "form.schema.required",
                "/required/1",
            ),
            (
                json!({"type": "object", "properties": {"a": {"type": "string"}}, "required": ["a", "a"]}),
                "form.schema.required",
                "/required/1",
            ),
            (
                form(json!({"a": {"type": "string", "default": 1}})),
                "form.schema.default",
                "/properties/a/default",
            ),
            (
                form(json!({"a": {"type": "string", "enum": ["x"], "default": "y"}})),
                "form.schema.default",
                "/properties/a/default",
            ),
            (
                form(
                    json!({"a": {"type": "string", "oneOf": [{"const": "x", "title": "X"}], "default": "y"}}),
                ),
                "form.schema.default",
                "/properties/a/default",
            ),
            (
                form(json!({"a": {"type": "number", "default": "1"}})),
                "form.schema.default",
                "/properties/a/default",
            ),
            (
                form(json!({"a": {"type": "integer", "default": 1.5}})),
                "form.schema.default",
                "/properties/a/default",
            ),
            (
                form(json!({"a": {"type": "boolean", "default": "true"}})),
                "form.schema.default",
                "/properties/a/default",
            ),
            (
                form(
                    json!({"a": {"type": "array", "items": {"type": "string", "enum": ["x"]}, "default": ["y"]}}),
                ),
                "form.schema.default",
                "/properties/a/default",
            ),
            (
                form(
                    json!({"a": {"type": "array", "items": {"type": "string", "enum": ["x"]}, "default": "x"}}),
                ),
                "form.schema.default",
                "/properties/a/default",
            ),
        ];
        for (schema, rule, path) in cases {
            let got = rules(&schema);
            assert!(
                got.contains(&(rule.to_owned(), path.to_owned())),
                "{schema}: want {rule} at {path:?}, got {got:?}"
            );
        }
    }

    proptest::proptest! {
        #[test]
        fn duplicates_are_found_in_short_and_long_lists(values in proptest::collection::vec("[ab]{0,3}", 0..40)) {
            let refs: Vec<&str> = values.iter().map(String::as_str).collect();
            let distinct: std::collections::HashSet<&str> = refs.iter().copied().collect();
            proptest::prop_assert_eq!(has_duplicates(&refs), distinct.len() != refs.len());
        }
    }

    /// Option lists a person cannot read or tell apart, and bounds no value meets, are outside the subset
    /// too: a duplicate value under two titles (`Yes` and `No` both meaning `delete`), a blank option, a
    /// minimum above its maximum, a default outside its own bounds.
    #[test]
    fn refuses_unreadable_options_and_impossible_bounds() {
        let pick = |o: Value| json!({"a": {"type": "array", "items": {"anyOf": o}}});
        let yes_no = |a: &str, b: &str, t: &str, u: &str| json!([{"const": a, "title": t}, {"const": b, "title": u}]);
        let cases: Vec<(Value, &str, &str)> = vec![
            (
                json!({"a": {"type": "string", "enum": ["x", "x"]}}),
                "form.schema.type",
                "/properties/a/enum",
            ),
            (
                json!({"a": {"type": "string", "enum": [""]}}),
                "form.schema.type",
                "/properties/a/enum",
            ),
            (
                json!({"a": {"type": "string", "enum": ["x", " \t"]}}),
                "form.schema.type",
                "/properties/a/enum",
            ),
            (
                // A right-to-left override and a word joiner: nothing a person can see.
                json!({"a": {"type": "string", "enum": ["x", "\u{202E}\u{2060}"]}}),
                "form.schema.type",
                "/properties/a/enum",
            ),
            (
                json!({"a": {"type": "array", "items": {"type": "string", "enum": ["x", "x"]}}}),
                "form.schema.type",
                "/properties/a/items/enum",
            ),
            (
                json!({"a": {"type": "string", "oneOf": yes_no("delete", "delete", "Yes", "No")}}),
                "form.schema.composition",
                "/properties/a/oneOf",
            ),
            (
                json!({"a": {"type": "string", "oneOf": yes_no("keep", "delete", "Keep", "Keep")}}),
                "form.schema.composition",
                "/properties/a/oneOf",
            ),
            (
                json!({"a": {"type": "string", "oneOf": yes_no("", "x", "None", "X")}}),
                "form.schema.composition",
                "/properties/a/oneOf",
            ),
            (
                json!({"a": {"type": "string", "oneOf": yes_no("y", "x", "", "X")}}),
                "form.schema.composition",
                "/properties/a/oneOf",
            ),
            (
                (pick(yes_no("x", "x", "A", "B"))),
                "form.schema.composition",
                "/properties/a/items/anyOf",
            ),
            (
                json!({"a": {"type": "string", "enum": ["keep", "delete"], "enumNames": ["Keep", "Keep"]}}),
                "form.schema.keyword",
                "/properties/a/enumNames",
            ),
            (
                json!({"a": {"type": "string", "enum": ["keep", "delete"], "enumNames": ["Keep", ""]}}),
                "form.schema.keyword",
                "/properties/a/enumNames",
            ),
            (
                json!({"a": {"type": "number", "minimum": 10, "maximum": 1}}),
                "form.schema.keyword",
                "/properties/a/minimum",
            ),
            (
                json!({"a": {"type": "integer", "minimum": 0.5, "maximum": 0.25}}),
                "form.schema.keyword",
                "/properties/a/minimum",
            ),
            (
                json!({"a": {"type": "string", "minLength": 5, "maxLength": 2}}),
                "form.schema.keyword",
                "/properties/a/minLength",
            ),
            (
                json!({"a": {"type": "array", "items": {"type": "string", "enum": ["x", "y"]}, "minItems": 2, "maxItems": 1}}),
                "form.schema.keyword",
                "/properties/a/minItems",
            ),
            (
                json!({"a": {"type": "array", "items": {"type": "string", "enum": ["x", "y"]}, "minItems": 3}}),
                "form.schema.keyword",
                "/properties/a/minItems",
            ),
            (
                json!({"a": {"type": "string", "enum": ["x"], "minLength": 1}}),
                "form.schema.keyword",
                "/properties/a/minLength",
            ),
            (
                json!({"a": {"type": "string", "enum": ["x"], "format": "email"}}),
                "form.schema.keyword",
                "/properties/a/format",
            ),
            (
                json!({"a": {"type": "string", "oneOf": yes_no("x", "y", "X", "Y"), "maxLength": 1}}),
                "form.schema.keyword",
                "/properties/a/maxLength",
            ),
            (
                json!({"a": {"type": "number", "minimum": 0, "maximum": 10, "default": 11}}),
                "form.schema.default",
                "/properties/a/default",
            ),
            (
                json!({"a": {"type": "integer", "minimum": 1, "default": 0}}),
                "form.schema.default",
                "/properties/a/default",
            ),
            (
                json!({"a": {"type": "string", "maxLength": 3, "default": "long"}}),
                "form.schema.default",
                "/properties/a/default",
            ),
            (
                json!({"a": {"type": "string", "minLength": 2, "default": "é"}}),
                "form.schema.default",
                "/properties/a/default",
            ),
            (
                json!({"a": {"type": "array", "items": {"type": "string", "enum": ["x", "y"]}, "default": ["x", "x"]}}),
                "form.schema.default",
                "/properties/a/default",
            ),
            (
                json!({"a": {"type": "array", "items": {"type": "string", "enum": ["x", "y"]}, "maxItems": 1, "default": ["x", "y"]}}),
                "form.schema.default",
                "/properties/a/default",
            ),
            (
                json!({"a": {"type": "array", "items": {"type": "string", "enum": ["x", "y"]}, "minItems": 1, "default": []}}),
                "form.schema.default",
                "/properties/a/default",
            ),
            (
                json!({"a": {"type": "integer", "minimum": 0.2, "maximum": 0.8}}),
                "form.schema.keyword",
                "/properties/a/minimum",
            ),
            (
                json!({"a": {"type": "integer", "minimum": -1.5, "maximum": -1.25}}),
                "form.schema.keyword",
                "/properties/a/minimum",
            ),
            // Names a person cannot read, or that read as another: empty, blank, control, invisible, bidi.
            (
                json!({"": {"type": "string"}}),
                "form.schema.keyword",
                "/properties/",
            ),
            (
                json!({" ": {"type": "string"}}),
                "form.schema.keyword",
                "/properties/ ",
            ),
            (
                json!({"pass\u{200B}word": {"type": "string"}}),
                "form.schema.keyword",
                "/properties/pass\u{200B}word",
            ),
            (
                json!({"name\u{202E}txt": {"type": "string"}}),
                "form.schema.keyword",
                "/properties/name\u{202E}txt",
            ),
            (
                json!({"a\u{2066}b": {"type": "string"}}),
                "form.schema.keyword",
                "/properties/a\u{2066}b",
            ),
            (
                json!({"line\nbreak": {"type": "string"}}),
                "form.schema.keyword",
                "/properties/line\nbreak",
            ),
            (
                json!({"nul\u{0}": {"type": "string"}}),
                "form.schema.keyword",
                "/properties/nul\u{0}",
            ),
        ];
        for (props, rule, path) in cases {
            let schema = form(props);
            let got = rules(&schema);
            assert!(
                got.contains(&(rule.to_owned(), path.to_owned())),
                "{schema}: want {rule} at {path:?}, got {got:?}"
            );
        }
        // Near misses: equal bounds, values that differ only in case, defaults on the bounds.
        let fine = [
            json!({"a": {"type": "number", "minimum": 1, "maximum": 1, "default": 1}}),
            json!({"a": {"type": "string", "enum": ["a", "A"], "default": "A"}}),
            json!({"a": {"type": "string", "minLength": 2, "maxLength": 2, "default": "éé"}}),
            json!({"a": {"type": "array", "items": {"type": "string", "enum": ["x", "y"]}, "minItems": 2, "maxItems": 2, "default": ["y", "x"]}}),
            json!({"a": {"type": "string", "oneOf": yes_no("x", "y", "Same text?", "Other")}}),
            json!({"a": {"type": "integer", "minimum": 0.2, "maximum": 1.0}}),
            json!({"a": {"type": "integer", "minimum": -0.5, "maximum": 0.5, "default": 0}}),
            json!({"a": {"type": "number", "minimum": 0.2, "maximum": 0.8}}),
            json!({"first name": {"type": "string"}, "Straße": {"type": "string"}, "名前": {"type": "string"}}),
        ];
        for props in fine {
            let schema = form(props);
            assert_eq!(rules(&schema), vec![], "{schema}");
        }
    }

    #[test]
    fn keyword_groups_are_the_lists() {
        let lists = [
            (COMMON_KEYWORDS, Group::Common),
            (STRING_KEYWORDS, Group::String),
            (NUMBER_KEYWORDS, Group::Number),
            (ARRAY_KEYWORDS, Group::Array),
        ];
        for (list, group) in lists {
            for k in list {
                assert_eq!(keyword_group(k), Some(group), "{k}");
            }
        }
        let listed: Vec<&str> = lists.iter().flat_map(|(l, _)| l.iter().copied()).collect();
        for k in TOP_KEYWORDS
            .iter()
            .chain(REF_KEYWORDS)
            .chain(COMPOSITION_KEYWORDS)
            .chain(PATTERN_KEYWORDS)
            .chain(&["", "Type", "types", "minlength", "x"])
        {
            if !listed.contains(k) {
                assert_eq!(keyword_group(k), None, "{k}");
            }
        }
    }

    #[test]
    fn too_many_properties_is_one_finding() {
        let props: Map<String, Value> = (0..=MAX_PROPERTIES)
            .map(|i| (format!("f{i}"), json!({"type": "object"})))
            .collect();
        let got = rules(&form(Value::Object(props)));
        assert_eq!(
            got,
            vec![("form.schema.too_many".to_owned(), "/properties".to_owned())]
        );
        let props: Map<String, Value> = (0..MAX_PROPERTIES)
            .map(|i| (format!("f{i}"), json!({"type": "string"})))
            .collect();
        assert_eq!(rules(&form(Value::Object(props))), vec![]);
    }

    #[test]
    fn option_lists_are_bounded() {
        let many: Vec<String> = (0..=MAX_OPTIONS).map(|i| format!("v{i}")).collect();
        let titled: Vec<Value> = many
            .iter()
            .map(|v| json!({"const": v, "title": v}))
            .collect();
        let cases = [
            (
                json!({"c": {"type": "string", "enum": many}}),
                "/properties/c/enum",
            ),
            (
                json!({"c": {"type": "string", "oneOf": titled}}),
                "/properties/c/oneOf",
            ),
            (
                json!({"c": {"type": "array", "items": {"type": "string", "enum": many}}}),
                "/properties/c/items/enum",
            ),
            (
                json!({"c": {"type": "array", "items": {"anyOf": titled}}}),
                "/properties/c/items/anyOf",
            ),
            (
                json!({"c": {"type": "array", "items": {"type": "string", "enum": ["a"]},
                             "default": vec!["a"; MAX_OPTIONS + 1]}}),
                "/properties/c/default",
            ),
        ];
        for (props, path) in cases {
            assert_eq!(
                rules(&form(props)),
                vec![("form.schema.too_many".to_owned(), path.to_owned())]
            );
        }
        // At the bound, a list is fine.
        let enough: Vec<String> = many.into_iter().take(MAX_OPTIONS).collect();
        assert_eq!(
            rules(&form(json!({"c": {"type": "string", "enum": enough}}))),
            vec![]
        );
        const { assert!(MAX_OPTIONS <= crate::policy::secret::form::MAX_JUDGED_OPTIONS) };
    }

    #[test]
    fn pointers_escape_property_names() {
        let got = rules(&form(json!({"a/b~c": {"type": "object"}})));
        assert_eq!(
            got,
            vec![(
                "form.schema.nested".to_owned(),
                "/properties/a~1b~0c/type".to_owned()
            )]
        );
    }

    #[test]
    fn messages_do_not_repeat_server_text() {
        let findings = check_schema(
            &form(json!({"a": {"type": "string", "sk-live-secret": 1}})),
            "",
        );
        assert_eq!(findings.len(), 1);
        assert!(!findings[0].message.contains("sk-live-secret"));
    }
}
