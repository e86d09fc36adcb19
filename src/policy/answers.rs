//! Checking a retry's `inputResponses` against what the gateway asked (see docs/design.md, the retry).
//!
//! CONTRACT: [`check_input_responses`] takes the asked keys from the opened envelope and the retry's
//! `inputResponses`, and returns `Action::Block` findings with rule ids:
//! - `answer.shape`: `inputResponses` is not an object, or a value is not the bare result of its request
//!   (forms and urls: `action` one of accept/decline/cancel, `content` only on a form accept; sampling:
//!   `role`, `content`, `model`; roots: `{"roots":[{"uri":"file://..."}]}`);
//! - `answer.unasked_key`: a key the gateway never asked for (stricter than a server must be, on purpose: an
//!   answer nobody asked for is a bug or an attack);
//! - `answer.schema`: form content outside the asked schema (unknown field, type, required, enum/oneOf/
//!   multi-select members, lengths, number bounds, item counts, formats email/uri/date/date-time).
//!
//! Missing keys are fine: the server re-asks. Messages name keys and fields, never the answered values, since
//! those are what the user typed. The restricted schema itself is judged elsewhere (`form.schema.*`); here an
//! asked property the checker cannot read makes any answer to it fail closed.

use serde_json::{Map, Value};

use crate::policy::{pointer_push, Finding};
use crate::wire::asked::Asked;

/// Most findings reported for one retry: enough to say what is wrong, bounded against a client that sends
/// thousands of unasked fields.
pub const MAX_FINDINGS: usize = 32;

const SHAPE: &str = "answer.shape";
const UNASKED: &str = "answer.unasked_key";
const SCHEMA: &str = "answer.schema";

/// Checks `responses` (the retry's `inputResponses`, found at JSON pointer `ptr`) against `asked`.
pub fn check_input_responses(
    asked: &[(String, Asked)],
    responses: &Value,
    ptr: &str,
) -> Vec<Finding> {
    let mut out = Vec::new();
    let Some(map) = responses.as_object() else {
        out.push(Finding::block(
            SHAPE,
            ptr,
            "inputResponses must be an object keyed by the asked keys",
        ));
        return out;
    };
    for (key, value) in map {
        let p = pointer_push(ptr, key);
        match asked.iter().find(|(k, _)| k == key) {
            None => out.push(Finding::block(
                UNASKED,
                p,
                format!("an answer for `{key}`, which was not asked"),
            )),
            Some((_, what)) => check_one(key, what, value, &p, &mut out),
        }
        if out.len() >= MAX_FINDINGS {
            break;
        }
    }
    out.truncate(MAX_FINDINGS);
    out
}

fn check_one(key: &str, asked: &Asked, value: &Value, p: &str, out: &mut Vec<Finding>) {
    let Some(obj) = value.as_object() else {
        out.push(Finding::block(
            SHAPE,
            p,
            format!("the answer to `{key}` is not a result object"),
        ));
        return;
    };
    match asked {
        Asked::Form { schema } => match schema.parse() {
            Some(schema) => check_elicit(key, Some(&schema), obj, p, out),
            // Only the gateway writes this text; if it does not read back, nothing can be checked: refuse.
            None => out.push(Finding::block(
                SHAPE,
                p,
                format!("the form asked for `{key}` could not be read back to check the answer"),
            )),
        },
        Asked::Url => check_elicit(key, None, obj, p, out),
        Asked::Sampling => check_sampling(key, obj, p, out),
        Asked::Roots => check_roots(key, obj, p, out),
    }
}

/// An `ElicitResult`: `schema` is `Some` for form mode, `None` for url mode.
fn check_elicit(
    key: &str,
    schema: Option<&Value>,
    obj: &Map<String, Value>,
    p: &str,
    out: &mut Vec<Finding>,
) {
    for k in obj.keys() {
        if !matches!(k.as_str(), "action" | "content" | "_meta") {
            out.push(Finding::block(
                SHAPE,
                pointer_push(p, k),
                format!(
                    "the answer to `{key}` has a member `{k}` an elicitation result does not have"
                ),
            ));
        }
    }
    if obj.get("_meta").is_some_and(|m| !m.is_object()) {
        out.push(Finding::block(
            SHAPE,
            pointer_push(p, "_meta"),
            format!("the answer to `{key}` has a `_meta` that is not an object"),
        ));
    }
    let action = obj.get("action").and_then(Value::as_str);
    let accept = match action {
        Some("accept") => true,
        Some("decline" | "cancel") => false,
        _ => {
            out.push(Finding::block(
                SHAPE,
                pointer_push(p, "action"),
                format!("the answer to `{key}` needs an action of accept, decline or cancel"),
            ));
            return;
        }
    };
    let content = obj.get("content");
    let Some(schema) = schema else {
        if content.is_some() {
            out.push(Finding::block(
                SHAPE,
                pointer_push(p, "content"),
                format!(
                    "the answer to url request `{key}` carries content; url answers carry none"
                ),
            ));
        }
        return;
    };
    if !accept {
        if content.is_some() {
            out.push(Finding::block(
                SHAPE,
                pointer_push(p, "content"),
                format!("the answer to `{key}` carries content without accepting"),
            ));
        }
        return;
    }
    let cp = pointer_push(p, "content");
    let empty = Map::new();
    let content = match content {
        None => &empty,
        Some(Value::Object(c)) => c,
        Some(_) => {
            out.push(Finding::block(
                SHAPE,
                cp,
                format!("the content of `{key}` is not an object"),
            ));
            return;
        }
    };
    check_content(key, schema, content, &cp, out);
}

fn check_content(
    key: &str,
    schema: &Value,
    content: &Map<String, Value>,
    cp: &str,
    out: &mut Vec<Finding>,
) {
    let props = schema.get("properties").and_then(Value::as_object);
    for (field, v) in content {
        if out.len() >= MAX_FINDINGS {
            return;
        }
        let fp = pointer_push(cp, field);
        match props.and_then(|ps| ps.get(field)) {
            None => out.push(Finding::block(
                SCHEMA,
                fp,
                format!("the answer to `{key}` has field `{field}`, which was not asked"),
            )),
            Some(prop) => {
                if let Some(why) = check_value(prop, v) {
                    out.push(Finding::block(
                        SCHEMA,
                        fp,
                        format!("field `{field}` of `{key}` {why}"),
                    ));
                }
            }
        }
    }
    if let Some(required) = schema.get("required").and_then(Value::as_array) {
        for name in required.iter().filter_map(Value::as_str) {
            if !content.contains_key(name) {
                out.push(Finding::block(
                    SCHEMA,
                    pointer_push(cp, name),
                    format!("the answer to `{key}` lacks required field `{name}`"),
                ));
            }
        }
    }
}

/// Why `v` does not fit the property schema `prop`, as the end of a sentence; `None` if it fits.
fn check_value(prop: &Value, v: &Value) -> Option<String> {
    let ty = prop.get("type").and_then(Value::as_str);
    match ty {
        Some("string") => {
            let Some(s) = v.as_str() else {
                return Some("is not a string".into());
            };
            if let Some(members) = members(prop) {
                if !members.contains(&s) {
                    return Some("is not one of the offered choices".into());
                }
            }
            let chars = s.chars().count() as u64;
            if uint(prop, "minLength").is_some_and(|min| chars < min) {
                return Some("is shorter than its minLength".into());
            }
            if uint(prop, "maxLength").is_some_and(|max| chars > max) {
                return Some("is longer than its maxLength".into());
            }
            match prop.get("format").and_then(Value::as_str) {
                None => None,
                Some("email") if !is_email(s) => Some("is not an email address".into()),
                Some("uri") if !is_uri(s) => Some("is not an absolute URI".into()),
                Some("date") if !is_date(s) => Some("is not a date (YYYY-MM-DD)".into()),
                Some("date-time") if !is_date_time(s) => {
                    Some("is not an RFC 3339 date-time".into())
                }
                Some("email" | "uri" | "date" | "date-time") => None,
                Some(_) => Some("has a format the gateway cannot check".into()),
            }
        }
        Some(t @ ("number" | "integer")) => {
            let Some(n) = v.as_f64().filter(|_| v.is_number()) else {
                return Some(if t == "integer" {
                    "is not an integer".into()
                } else {
                    "is not a number".into()
                });
            };
            if t == "integer" && !(v.is_i64() || v.is_u64() || n.fract() == 0.0) {
                return Some("is not an integer".into());
            }
            if prop
                .get("minimum")
                .and_then(Value::as_f64)
                .is_some_and(|min| n < min)
            {
                return Some("is below its minimum".into());
            }
            if prop
                .get("maximum")
                .and_then(Value::as_f64)
                .is_some_and(|max| n > max)
            {
                return Some("is above its maximum".into());
            }
            None
        }
        Some("boolean") => (!v.is_boolean()).then(|| "is not a boolean".into()),
        Some("array") => {
            let Some(items) = v.as_array() else {
                return Some("is not an array".into());
            };
            let Some(allowed) = prop.get("items").and_then(members) else {
                return Some("asks for a list the gateway cannot check".into());
            };
            for item in items {
                match item.as_str() {
                    Some(s) if allowed.contains(&s) => {}
                    _ => return Some("has an item that is not one of the offered choices".into()),
                }
            }
            let n = items.len() as u64;
            if uint(prop, "minItems").is_some_and(|min| n < min) {
                return Some("has fewer items than its minItems".into());
            }
            if uint(prop, "maxItems").is_some_and(|max| n > max) {
                return Some("has more items than its maxItems".into());
            }
            None
        }
        _ => Some("was asked with a type the gateway cannot check".into()),
    }
}

/// The allowed string values of a select: `enum`, or the `const`s of `oneOf` / `anyOf`. `None` if free text.
fn members(schema: &Value) -> Option<Vec<&str>> {
    if let Some(list) = schema.get("enum").and_then(Value::as_array) {
        return Some(list.iter().filter_map(Value::as_str).collect());
    }
    for kw in ["oneOf", "anyOf"] {
        if let Some(list) = schema.get(kw).and_then(Value::as_array) {
            return Some(
                list.iter()
                    .filter_map(|o| o.get("const").and_then(Value::as_str))
                    .collect(),
            );
        }
    }
    None
}

fn uint(schema: &Value, kw: &str) -> Option<u64> {
    let v = schema.get(kw)?;
    // `3.0` is a valid JSON Schema count; negative or fractional values would have failed `form.schema.*`.
    v.as_u64()
        .or_else(|| v.as_f64().filter(|f| *f >= 0.0).map(|f| f as u64))
}

/// A deliberately plain check: one `@`, something on each side, no spaces or controls, at most 254 chars.
fn is_email(s: &str) -> bool {
    let Some((local, domain)) = s.split_once('@') else {
        return false;
    };
    !local.is_empty()
        && !domain.is_empty()
        && !domain.contains('@')
        && s.len() <= 254
        && !s.chars().any(|c| c.is_whitespace() || c.is_control())
}

fn is_uri(s: &str) -> bool {
    !s.chars().any(|c| c.is_whitespace() || c.is_control()) && url::Url::parse(s).is_ok()
}

/// `YYYY-MM-DD` with a real month and day (leap years included).
fn is_date(s: &str) -> bool {
    let b = s.as_bytes();
    if b.len() != 10 || b.get(4) != Some(&b'-') || b.get(7) != Some(&b'-') {
        return false;
    }
    let (Some(y), Some(m), Some(d)) = (digits(s, 0, 4), digits(s, 5, 2), digits(s, 8, 2)) else {
        return false;
    };
    let leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
    let days = match m {
        1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
        4 | 6 | 9 | 11 => 30,
        2 if leap => 29,
        2 => 28,
        _ => return false,
    };
    (1..=days).contains(&d)
}

/// RFC 3339 `date-time`: full-date `T` HH:MM:SS[.frac] (`Z` | ±HH:MM). Leap second 60 allowed, as RFC 3339 does.
fn is_date_time(s: &str) -> bool {
    let (Some(date), Some(rest)) = (s.get(..10), s.get(10..)) else {
        return false;
    };
    if !is_date(date) {
        return false;
    }
    let Some(time) = rest.strip_prefix(['T', 't']) else {
        return false;
    };
    let b = time.as_bytes();
    if b.len() < 9 || b.get(2) != Some(&b':') || b.get(5) != Some(&b':') {
        return false;
    }
    let (Some(h), Some(mi), Some(sec)) =
        (digits(time, 0, 2), digits(time, 3, 2), digits(time, 6, 2))
    else {
        return false;
    };
    if h > 23 || mi > 59 || sec > 60 {
        return false;
    }
    let mut tail = time.get(8..).unwrap_or("");
    if let Some(frac) = tail.strip_prefix('.') {
        let n = frac.bytes().take_while(u8::is_ascii_digit).count();
        if n == 0 {
            return false;
        }
        tail = frac.get(n..).unwrap_or("");
    }
    if tail == "Z" || tail == "z" {
        return true;
    }
    let Some(off) = tail.strip_prefix(['+', '-']) else {
        return false;
    };
    off.len() == 5
        && off.as_bytes().get(2) == Some(&b':')
        && digits(off, 0, 2).is_some_and(|oh| oh <= 23)
        && digits(off, 3, 2).is_some_and(|om| om <= 59)
}

/// The decimal number in `s[at..at + len]`, if it is all ASCII digits.
fn digits(s: &str, at: usize, len: usize) -> Option<u32> {
    let part = s.get(at..at.checked_add(len)?)?;
    if !part.bytes().all(|c| c.is_ascii_digit()) {
        return None;
    }
    part.parse().ok()
}

/// A `CreateMessageResult`: `role`, `content` (a block or a list of blocks) and `model`.
fn check_sampling(key: &str, obj: &Map<String, Value>, p: &str, out: &mut Vec<Finding>) {
    let role_ok = matches!(
        obj.get("role").and_then(Value::as_str),
        Some("assistant" | "user")
    );
    let content_ok = match obj.get("content") {
        Some(Value::Object(_)) => true,
        Some(Value::Array(blocks)) => blocks.iter().all(Value::is_object),
        _ => false,
    };
    let model_ok = obj.get("model").is_some_and(Value::is_string);
    for (ok, member) in [
        (role_ok, "role"),
        (content_ok, "content"),
        (model_ok, "model"),
    ] {
        if !ok {
            out.push(Finding::block(
                SHAPE,
                pointer_push(p, member),
                format!("the sampling answer to `{key}` needs a valid `{member}`"),
            ));
        }
    }
}

/// A `ListRootsResult`: `{"roots":[{"uri":"file://...","name"?: string}]}`.
fn check_roots(key: &str, obj: &Map<String, Value>, p: &str, out: &mut Vec<Finding>) {
    let rp = pointer_push(p, "roots");
    let Some(roots) = obj.get("roots").and_then(Value::as_array) else {
        out.push(Finding::block(
            SHAPE,
            rp,
            format!("the roots answer to `{key}` needs a `roots` list"),
        ));
        return;
    };
    for (i, root) in roots.iter().enumerate() {
        // Roots are `file://` URIs only, as the spec says for now.
        let uri_ok = root
            .get("uri")
            .and_then(Value::as_str)
            .is_some_and(|u| u.starts_with("file://") && is_uri(u));
        let name_ok = root.get("name").is_none_or(Value::is_string);
        if !(root.is_object() && uri_ok && name_ok) {
            out.push(Finding::block(
                SHAPE,
                pointer_push(&rp, &i.to_string()),
                format!("root {i} of the answer to `{key}` is not a file:// root"),
            ));
            if out.len() >= MAX_FINDINGS {
                return;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn asked() -> Vec<(String, Asked)> {
        vec![
            (
                "form".into(),
                Asked::form(&json!({"type":"object","properties":{
                        "name":{"type":"string","minLength":2,"maxLength":5},
                        "mail":{"type":"string","format":"email"},
                        "site":{"type":"string","format":"uri"},
                        "day":{"type":"string","format":"date"},
                        "at":{"type":"string","format":"date-time"},
                        "color":{"type":"string","enum":["red","green"]},
                        "size":{"type":"string","oneOf":[{"const":"s","title":"Small"},{"const":"l","title":"Large"}]},
                        "age":{"type":"integer","minimum":0,"maximum":150},
                        "ratio":{"type":"number","minimum":0.5,"maximum":1.5},
                        "ok":{"type":"boolean"},
                        "tags":{"type":"array","items":{"type":"string","enum":["a","b","c"]},"minItems":1,"maxItems":2},
                        "titled":{"type":"array","items":{"anyOf":[{"const":"x","title":"X"},{"const":"y","title":"Y"}]}}
                    },"required":["ok"]})),
            ),
            ("link".into(), Asked::Url),
            ("llm".into(), Asked::Sampling),
            ("dirs".into(), Asked::Roots),
        ]
    }

    /// Rule ids and paths of the findings for `responses`.
    fn run(responses: Value) -> Vec<(String, String)> {
        check_input_responses(&asked(), &responses, "/params/inputResponses")
            .into_iter()
            .map(|f| {
                assert_eq!(f.action, crate::policy::Action::Block);
                (f.rule, f.path)
            })
            .collect()
    }

    fn accept(field: &str, v: Value) -> Value {
        let mut content = json!({"ok": true});
        content[field] = v;
        json!({"form": {"action":"accept","content": content}})
    }

    #[test]
    fn good_answers_pass() {
        let cases = [
            json!({}),
            json!({"form":{"action":"accept","content":{"ok":false}}}),
            json!({"form":{"action":"decline"},"link":{"action":"cancel"}}),
            json!({"form":{"action":"cancel","_meta":{"x":1}}}),
            json!({"link":{"action":"accept"}}),
            json!({"llm":{"role":"assistant","content":{"type":"text","text":"hi"},"model":"m","stopReason":"endTurn"}}),
            json!({"llm":{"role":"assistant","content":[{"type":"text","text":"hi"}],"model":"m"}}),
            json!({"dirs":{"roots":[{"uri":"file:///home/a","name":"a"},{"uri":"file:///tmp"}]}}),
            json!({"dirs":{"roots":[]}}),
            json!({"form":{"action":"accept","content":{"ok":true,"name":"Al","mail":"a@b.example",
                "site":"https://x.example/p","day":"2024-02-29","at":"2026-07-28T10:00:00.5+02:00",
                "color":"red","size":"l","age":42,"ratio":1.0,"tags":["a","c"],"titled":[]}}}),
            accept("age", json!(3.0)),
            accept("at", json!("2026-07-28t23:59:60Z")),
            accept("name", json!("ÄÖÜ")), // three characters, six bytes
        ];
        for c in cases {
            assert_eq!(run(c.clone()), vec![], "{c}");
        }
    }

    #[test]
    fn bad_answers_are_refused_with_rule_and_path() {
        let p = |s: &str| format!("/params/inputResponses{s}");
        let cases: Vec<(Value, &str, String)> = vec![
            (json!([]), SHAPE, p("")),
            (json!("x"), SHAPE, p("")),
            (json!({"other":{"action":"accept"}}), UNASKED, p("/other")),
            (json!({"form":"accept"}), SHAPE, p("/form")),
            (
                json!({"form":{"method":"elicitation/create","result":{"action":"accept"}}}),
                SHAPE,
                p("/form/method"),
            ),
            (json!({"form":{"action":"ok"}}), SHAPE, p("/form/action")),
            (json!({"form":{}}), SHAPE, p("/form/action")),
            (
                json!({"form":{"action":"decline","content":{"ok":true}}}),
                SHAPE,
                p("/form/content"),
            ),
            (
                json!({"form":{"action":"accept","content":"yes"}}),
                SHAPE,
                p("/form/content"),
            ),
            (
                json!({"form":{"action":"accept","_meta":3,"content":{"ok":true}}}),
                SHAPE,
                p("/form/_meta"),
            ),
            (
                json!({"form":{"action":"accept"}}),
                SCHEMA,
                p("/form/content/ok"),
            ),
            (
                json!({"form":{"action":"accept","content":{}}}),
                SCHEMA,
                p("/form/content/ok"),
            ),
            (
                accept("password", json!("x")),
                SCHEMA,
                p("/form/content/password"),
            ),
            (accept("ok", json!("true")), SCHEMA, p("/form/content/ok")),
            (accept("name", json!("A")), SCHEMA, p("/form/content/name")),
            (
                accept("name", json!("Albert")),
                SCHEMA,
                p("/form/content/name"),
            ),
            (accept("name", json!(12)), SCHEMA, p("/form/content/name")),
            (
                accept("mail", json!("not-an-email")),
                SCHEMA,
                p("/form/content/mail"),
            ),
            (
                accept("mail", json!("a b@c")),
                SCHEMA,
                p("/form/content/mail"),
            ),
            (
                accept("site", json!("/relative")),
                SCHEMA,
                p("/form/content/site"),
            ),
            (
                accept("day", json!("2023-02-29")),
                SCHEMA,
                p("/form/content/day"),
            ),
            (
                accept("day", json!("2023-13-01")),
                SCHEMA,
                p("/form/content/day"),
            ),
            (
                accept("day", json!("23-01-01")),
                SCHEMA,
                p("/form/content/day"),
            ),
            (
                accept("at", json!("2026-07-28 10:00:00Z")),
                SCHEMA,
                p("/form/content/at"),
            ),
            (
                accept("at", json!("2026-07-28T10:00:00")),
                SCHEMA,
                p("/form/content/at"),
            ),
            (
                accept("at", json!("2026-07-28T24:00:00Z")),
                SCHEMA,
                p("/form/content/at"),
            ),
            (
                accept("at", json!("2026-07-28T10:00:00.Z")),
                SCHEMA,
                p("/form/content/at"),
            ),
            (
                accept("color", json!("blue")),
                SCHEMA,
                p("/form/content/color"),
            ),
            (
                accept("size", json!("Small")),
                SCHEMA,
                p("/form/content/size"),
            ),
            (accept("age", json!(-1)), SCHEMA, p("/form/content/age")),
            (accept("age", json!(151)), SCHEMA, p("/form/content/age")),
            (accept("age", json!(1.5)), SCHEMA, p("/form/content/age")),
            (accept("age", json!("3")), SCHEMA, p("/form/content/age")),
            (
                accept("ratio", json!(0.25)),
                SCHEMA,
                p("/form/content/ratio"),
            ),
            (accept("tags", json!([])), SCHEMA, p("/form/content/tags")),
            (
                accept("tags", json!(["a", "b", "c"])),
                SCHEMA,
                p("/form/content/tags"),
            ),
            (
                accept("tags", json!(["d"])),
                SCHEMA,
                p("/form/content/tags"),
            ),
            (accept("tags", json!("a")), SCHEMA, p("/form/content/tags")),
            (accept("tags", json!([1])), SCHEMA, p("/form/content/tags")),
            (
                accept("titled", json!(["X"])),
                SCHEMA,
                p("/form/content/titled"),
            ),
            (
                json!({"link":{"action":"accept","content":{"ok":true}}}),
                SHAPE,
                p("/link/content"),
            ),
            (json!({"link":{"action":"maybe"}}), SHAPE, p("/link/action")),
            (
                json!({"llm":{"role":"assistant","content":{"type":"text","text":"x"}}}),
                SHAPE,
                p("/llm/model"),
            ),
            (
                json!({"llm":{"role":"system","content":{},"model":"m"}}),
                SHAPE,
                p("/llm/role"),
            ),
            (
                json!({"llm":{"role":"user","content":"hi","model":"m"}}),
                SHAPE,
                p("/llm/content"),
            ),
            (
                json!({"dirs":{"roots":"file:///"}}),
                SHAPE,
                p("/dirs/roots"),
            ),
            (json!({"dirs":[{"uri":"file:///"}]}), SHAPE, p("/dirs")),
            (
                json!({"dirs":{"roots":[{"uri":"https://x.example/"}]}}),
                SHAPE,
                p("/dirs/roots/0"),
            ),
            (
                json!({"dirs":{"roots":[{"uri":"file:///a"},{"name":"b"}]}}),
                SHAPE,
                p("/dirs/roots/1"),
            ),
        ];
        for (responses, rule, path) in cases {
            let got = run(responses.clone());
            assert!(
                got.contains(&(rule.to_string(), path.clone())),
                "{responses}: want {rule} at {path}, got {got:?}"
            );
        }
    }

    #[test]
    fn messages_never_carry_answer_values() {
        let secret = "hunter2-SECRET-value";
        let responses = json!({
            "form":{"action":"accept","content":{"ok":secret,"name":secret,"mail":secret,"color":secret,"tags":[secret]}},
            "link":{"action":secret},
            "llm":{"role":secret,"content":secret,"model":1},
        });
        let findings = check_input_responses(&asked(), &responses, "");
        assert!(findings.len() >= 7, "{findings:?}");
        for f in findings {
            assert!(!f.message.contains(secret), "{}", f.message);
            assert!(!f.path.contains(secret), "{}", f.path);
        }
    }

    #[test]
    fn unreadable_asked_schema_fails_closed() {
        let asked = vec![(
            "f".to_string(),
            Asked::form(
                &json!({"type":"object","properties":{"x":{"type":"object"},"y":{"type":"array"}}}),
            ),
        )];
        for field in ["x", "y"] {
            let r = json!({"f":{"action":"accept","content":{field: []}}});
            assert_eq!(check_input_responses(&asked, &r, "").len(), 1, "{field}");
        }
    }

    #[test]
    fn findings_are_bounded() {
        let mut content = serde_json::Map::new();
        for i in 0..1000 {
            content.insert(format!("f{i}"), json!(1));
        }
        let r = json!({"form":{"action":"accept","content":content}});
        assert_eq!(check_input_responses(&asked(), &r, "").len(), MAX_FINDINGS);
        let mut many = serde_json::Map::new();
        for i in 0..1000 {
            many.insert(format!("k{i}"), json!({}));
        }
        assert_eq!(
            check_input_responses(&asked(), &Value::Object(many), "").len(),
            MAX_FINDINGS
        );
    }
}
