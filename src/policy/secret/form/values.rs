//! Credentials in values (docs/rules/forms.md, "Credentials in values"): the credential formats matched in
//! the form's own texts ([`embedded`], rule `embedded_value`) and in the values the server pushes
//! ([`pushed_values`], rule `default_value`: default, enum, const, option consts, examples), each list read up
//! to [`MAX_JUDGED_OPTIONS`] values. A finding names the format, never the value.

use super::MAX_JUDGED_OPTIONS;
use crate::policy::secret::formats::Search;
use crate::policy::secret::pack::Compiled;
use crate::policy::{pointer_push, Finding};
use crate::wire::tree::Node;

/// Credential formats (those `search` covers) in a server text (message, title, description).
pub(super) fn embedded(
    c: &Compiled,
    text: &str,
    search: Search,
    ptr: impl FnOnce() -> String,
    out: &mut Vec<Finding>,
) {
    if let Some(f) = format_finding(
        c,
        text,
        search,
        "embedded_value",
        ptr,
        "the form's text holds",
    ) {
        out.push(f);
    }
}

/// Credential formats in values the server pushes: default, enum, const, option consts, examples (at most
/// [`MAX_JUDGED_OPTIONS`] string values of each list). Each value's pointer is built only when it holds a
/// credential. The budget is per list, not per property: a shared one let a long `default` use it up so
/// that the option list after it went unread.
pub(super) fn pushed_values(
    c: &Compiled,
    prop: &Node<'_>,
    ptr: &dyn Fn() -> String,
    out: &mut Vec<Finding>,
) {
    let one = |v: &Node<'_>, path: &dyn Fn() -> String, out: &mut Vec<Finding>| {
        let Some(text) = v.as_str() else {
            return;
        };
        if let Some(f) = format_finding(
            c,
            text,
            Search::All,
            "default_value",
            path,
            "a value the server fills in holds",
        ) {
            out.push(f);
        }
    };
    let at = |parts: &[&str]| {
        parts
            .iter()
            .fold(ptr(), |acc, part| pointer_push(&acc, part))
    };
    for key in ["default", "const"] {
        if let Some(v) = prop.get(key) {
            match v.as_array() {
                Some(items) => {
                    for (i, x) in items.iter().enumerate().take(MAX_JUDGED_OPTIONS) {
                        one(x, &|| at(&[key, &i.to_string()]), out);
                    }
                }
                None => one(v, &|| at(&[key]), out),
            }
        }
    }
    let entries = |key| {
        prop.get(key)
            .and_then(Node::as_array)
            .into_iter()
            .flatten()
            .enumerate()
            .take(MAX_JUDGED_OPTIONS)
    };
    for key in ["enum", "examples"] {
        for (i, x) in entries(key) {
            one(x, &|| at(&[key, &i.to_string()]), out);
        }
    }
    for key in ["oneOf", "anyOf"] {
        for (i, x) in entries(key) {
            if let Some(v) = x.get("const") {
                one(v, &|| at(&[key, &i.to_string(), "const"]), out);
            }
        }
    }
    let items = prop.get("items");
    for key in ["enum", "anyOf"] {
        let list = items.and_then(|i| i.get(key)).and_then(Node::as_array);
        for (i, x) in list
            .into_iter()
            .flatten()
            .enumerate()
            .take(MAX_JUDGED_OPTIONS)
        {
            let v = x.get("const").unwrap_or(x);
            one(v, &|| at(&["items", key, &i.to_string()]), out);
        }
    }
}

/// The first enabled credential format in `text` (of those `search` covers), as a finding under `rule_cat`
/// (never quoting the value).
fn format_finding(
    c: &Compiled,
    text: &str,
    search: Search,
    rule_cat: &str,
    ptr: impl FnOnce() -> String,
    what: &str,
) -> Option<Finding> {
    // The text first: almost none holds a format, and the rule lookup is a scan of the categories.
    let matched = crate::policy::secret::format_matches(c, text, search)?;
    let rule_on = c
        .category(rule_cat)
        .and_then(|i| c.categories.get(i))
        .is_some_and(|k| k.enabled);
    if !rule_on {
        return None;
    }
    let fmt = matched
        .iter()
        .filter_map(|&i| c.format_infos.get(i))
        .find(|f| c.categories.get(f.category).is_some_and(|k| k.enabled))?;
    Some(Finding::block(
        format!("form.secret.{rule_cat}"),
        ptr(),
        format!("{what} what looks like {} (value not shown)", fmt.label),
    ))
}
