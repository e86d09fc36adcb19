//! Judging a form: which fields ask for a secret, from their words and the words around them.
//!
//! Each text is folded once and scanned once by the term automaton. Then, per property:
//! 1. a `strong` term in its own name, `format`, title or description names the secret;
//! 2. otherwise a `weak` term with a `qualifier` of the same category ("key" + "aws") does;
//! 3. otherwise, when the field says nothing of its own (only `generic` words: `value`, `t`, `field1`) or holds
//!    a partial clue (a weak or qualifier term), the message is read with it ("Paste your GitHub token").
//!
//! Terms inside a `benign` phrase ("max tokens", "public key") do not count. Number fields are judged only for
//! categories marked `numeric` (a PIN, yes; a token count, no). Choice fields (enum, oneOf, arrays, booleans)
//! cannot carry a typed secret and are judged only when they ask for part of one ("first digit of your PIN").
//! Finally a message that asks for a secret right after a request verb ("enter your password") is a finding
//! when the form has a free-text field and no field was found already. Defaults, enum and const values and the
//! form's texts are matched against the credential formats.

use serde_json::Value;

use super::normalize::fold;
use super::pack::{CatId, Compiled, Kind, Scope};
use crate::policy::{pointer_push, Finding};

/// Most properties judged in one form. The schema check blocks forms over 64 properties; this bound only keeps
/// the classifier's own work bounded if it runs first.
pub const MAX_JUDGED_PROPERTIES: usize = 256;
/// Most option values (enum, oneOf, anyOf, default array entries) matched against formats per property.
pub const MAX_JUDGED_OPTIONS: usize = 1024;
/// Words a request verb may be ahead of the secret it asks for ("enter | your AWS secret key").
const REQUEST_REACH: usize = 3;

/// Where a text comes from, for explanations and for which terms apply.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Source {
    Name,
    Format,
    Title,
    Description,
    Options,
    Message,
}

impl Source {
    fn label(self) -> &'static str {
        match self {
            Source::Name => "name",
            Source::Format => "format",
            Source::Title => "title",
            Source::Description => "description",
            Source::Options => "option titles",
            Source::Message => "elicitation message",
        }
    }
}

/// One term found in one text.
#[derive(Clone, Copy, Debug)]
struct Hit {
    kind: Kind,
    cat: Option<CatId>,
    source: Source,
    start: usize,
    end: usize,
    /// Word index of the start, for the request-verb rule.
    word: usize,
    pattern: usize,
}

/// What a property is, for the purpose of typing a secret into it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum FieldKind {
    /// A free string.
    Text,
    /// A number or integer.
    Number,
    /// A choice: enum, oneOf, array, boolean, const.
    Choice,
}

fn field_kind(prop: &Value) -> FieldKind {
    let has = |k: &str| prop.get(k).is_some();
    if has("enum")
        || has("oneOf")
        || has("anyOf")
        || has("const")
        || has("enumNames")
        || has("items")
    {
        return FieldKind::Choice;
    }
    match prop.get("type").and_then(Value::as_str) {
        Some("number") | Some("integer") => FieldKind::Number,
        Some("boolean") | Some("array") | Some("object") | Some("null") => FieldKind::Choice,
        _ => FieldKind::Text,
    }
}

/// Scans one folded text; benign phrases remove the terms they contain.
fn scan(c: &Compiled, folded: &str, source: Source, out: &mut Vec<Hit>) {
    let names = matches!(source, Source::Name | Source::Format);
    let first = out.len();
    for m in c.terms.find_overlapping_iter(folded) {
        let pattern = m.pattern().as_usize();
        let Some(infos) = c.infos.get(pattern) else {
            continue;
        };
        for info in infos {
            if info.scope == Scope::Name && !names {
                continue;
            }
            out.push(Hit {
                kind: info.kind,
                cat: info.category,
                source,
                start: m.start(),
                end: m.end(),
                word: 0,
                pattern,
            });
        }
    }
    let benign: Vec<(usize, usize, Option<CatId>)> = out[first..]
        .iter()
        .filter(|h| h.kind == Kind::Benign)
        .map(|h| (h.start, h.end, h.cat))
        .collect();
    let mut i = first;
    while i < out.len() {
        let h = out[i];
        let covered = h.kind == Kind::Benign
            || benign
                .iter()
                .any(|&(s, e, cat)| s <= h.start && h.end <= e && (cat.is_none() || cat == h.cat));
        if covered {
            out.swap_remove(i);
        } else {
            i += 1;
        }
    }
    if source == Source::Message {
        let bytes = folded.as_bytes();
        for h in out[first..].iter_mut() {
            let upto = bytes.get(..=h.start).unwrap_or(bytes);
            h.word = upto.iter().filter(|&&b| b == b' ').count();
        }
    }
}

/// The evidence gathered for one property.
struct Evidence<'a> {
    hits: Vec<Hit>,
    compiled: &'a Compiled,
    kind: FieldKind,
}

impl Evidence<'_> {
    fn applicable(&self, cat: Option<CatId>) -> Option<CatId> {
        let cat = cat?;
        let info = self.compiled.categories.get(cat)?;
        let fits = match self.kind {
            FieldKind::Text | FieldKind::Choice => true,
            FieldKind::Number => info.numeric,
        };
        (info.enabled && fits).then_some(cat)
    }

    /// A strong term among `hits` (filtered by `pick`), as (category, hit).
    fn strong(&self, pick: impl Fn(&Hit) -> bool) -> Option<(CatId, Hit)> {
        self.hits
            .iter()
            .filter(|h| h.kind == Kind::Strong && pick(h))
            .find_map(|h| self.applicable(h.cat).map(|c| (c, *h)))
    }

    /// A weak term with a qualifier of its category that does not overlap it.
    fn paired(&self, pick: impl Fn(&Hit) -> bool) -> Option<(CatId, Hit)> {
        let weak = self.hits.iter().filter(|h| h.kind == Kind::Weak && pick(h));
        for w in weak {
            let Some(cat) = self.applicable(w.cat) else {
                continue;
            };
            let qualified = self.hits.iter().any(|q| {
                // Another word: `card` is both weak and a qualifier, but does not qualify itself.
                q.kind == Kind::Qualifier
                    && q.cat == w.cat
                    && q.pattern != w.pattern
                    && pick(q)
                    && (q.source != w.source || q.end <= w.start || w.end <= q.start)
            });
            if qualified {
                return Some((cat, *w));
            }
        }
        None
    }
}

/// Whether every word of the folded texts says nothing: generic words, one- or two-letter words, or words with
/// digits (`field1`, `f_8x2`).
fn says_nothing(c: &Compiled, texts: &[&str]) -> bool {
    texts.iter().flat_map(|t| t.split_whitespace()).all(|w| {
        c.generic.contains(w) || w.chars().count() <= 2 || w.chars().any(|ch| ch.is_ascii_digit())
    })
}

/// Judges one form; see the module doc.
pub fn judge_form(
    c: &Compiled,
    message: &str,
    schema: &Value,
    params_ptr: &str,
    allowed_fields: &[String],
) -> Vec<Finding> {
    let mut findings = Vec::new();
    let schema_ptr = pointer_push(params_ptr, "requestedSchema");
    let props_ptr = pointer_push(&schema_ptr, "properties");
    let message_ptr = pointer_push(params_ptr, "message");

    let folded_message = fold(message, &c.stopwords);
    let mut message_hits = Vec::new();
    scan(c, &folded_message, Source::Message, &mut message_hits);
    embedded(c, message, &message_ptr, &mut findings);

    let mut any_text_field = false;
    let mut field_found = false;
    if let Some(props) = schema.get("properties").and_then(Value::as_object) {
        for (name, prop) in props.iter().take(MAX_JUDGED_PROPERTIES) {
            // A name that holds a credential is not repeated, not even in a pointer: findings point at
            // the properties object instead.
            let withheld =
                super::may_hold_format(name) && c.formats.is_match(super::scan_limit(name));
            let ptr = if withheld {
                props_ptr.clone()
            } else {
                pointer_push(&props_ptr, name)
            };
            embedded(c, name, &ptr, &mut findings);
            pushed_values(c, prop, &ptr, &mut findings);
            for key in ["title", "description"] {
                if let Some(text) = prop.get(key).and_then(Value::as_str) {
                    embedded(c, text, &pointer_push(&ptr, key), &mut findings);
                }
            }
            if allowed_fields.iter().any(|a| a == name) {
                continue;
            }
            let kind = field_kind(prop);
            any_text_field |= kind == FieldKind::Text;
            if let Some(f) = judge_property(c, name, prop, kind, &ptr, &message_hits) {
                field_found = true;
                findings.push(f);
            }
        }
    }
    if !field_found && any_text_field {
        if let Some(f) = requested_in_message(c, &message_hits, &message_ptr) {
            findings.push(f);
        }
    }
    findings
}

fn text_of<'v>(prop: &'v Value, key: &str) -> &'v str {
    prop.get(key).and_then(Value::as_str).unwrap_or("")
}

fn judge_property(
    c: &Compiled,
    name: &str,
    prop: &Value,
    kind: FieldKind,
    ptr: &str,
    message_hits: &[Hit],
) -> Option<Finding> {
    let name_f = fold(name, &c.stopwords);
    let format_f = fold(text_of(prop, "format"), &c.stopwords);
    let title_f = fold(text_of(prop, "title"), &c.stopwords);
    let desc_f = fold(text_of(prop, "description"), &c.stopwords);
    let mut hits = Vec::new();
    scan(c, &name_f, Source::Name, &mut hits);
    scan(c, &format_f, Source::Format, &mut hits);
    scan(c, &title_f, Source::Title, &mut hits);
    scan(c, &desc_f, Source::Description, &mut hits);
    let mut ev = Evidence {
        hits,
        compiled: c,
        kind,
    };
    let own = |h: &Hit| h.source != Source::Message;

    if kind == FieldKind::Choice {
        // A choice cannot carry a typed secret, but it can ask for one piece at a time.
        let titles = fold(&option_titles(prop), &c.stopwords);
        scan(c, &titles, Source::Options, &mut ev.hits);
        let fragment = ev.hits.iter().any(|h| h.kind == Kind::Fragment);
        if !fragment {
            return None;
        }
        let (cat, hit) = ev.strong(own).or_else(|| ev.paired(own))?;
        return Some(finding(c, cat, ptr, name, &hit, "asks for part of"));
    }

    if let Some((cat, hit)) = ev.strong(own).or_else(|| ev.paired(own)) {
        return Some(finding(c, cat, ptr, name, &hit, "asks for"));
    }
    if ev.hits.iter().any(|h| h.kind == Kind::Metadata) {
        // "Name of the new key": about the secret the message speaks of, not the secret itself.
        return None;
    }
    let clue = ev
        .hits
        .iter()
        .any(|h| matches!(h.kind, Kind::Weak | Kind::Qualifier));
    if !(clue || says_nothing(c, &[&name_f, &title_f, &desc_f])) {
        return None;
    }
    ev.hits.extend_from_slice(message_hits);
    let from_message = |h: &Hit| h.source == Source::Message;
    let (cat, hit) = ev.strong(from_message).or_else(|| ev.paired(|_| true))?;
    Some(finding(
        c,
        cat,
        ptr,
        name,
        &hit,
        "is unnamed, and the message around it asks for",
    ))
}

/// The titles a choice shows for its options (`oneOf`/`anyOf` titles, `enumNames`), joined by newlines.
fn option_titles(prop: &Value) -> String {
    let mut out = String::new();
    let lists = [
        prop.get("oneOf"),
        prop.get("anyOf"),
        prop.get("items").and_then(|i| i.get("anyOf")),
    ];
    for list in lists.into_iter().flatten().filter_map(Value::as_array) {
        for t in list
            .iter()
            .take(MAX_JUDGED_OPTIONS)
            .filter_map(|o| o.get("title"))
            .filter_map(Value::as_str)
        {
            out.push_str(t);
            out.push('\n');
        }
    }
    if let Some(names) = prop.get("enumNames").and_then(Value::as_array) {
        for t in names
            .iter()
            .take(MAX_JUDGED_OPTIONS)
            .filter_map(Value::as_str)
        {
            out.push_str(t);
            out.push('\n');
        }
    }
    out
}

fn finding(c: &Compiled, cat: CatId, ptr: &str, name: &str, hit: &Hit, verb: &str) -> Finding {
    let (cat_name, label) = c
        .categories
        .get(cat)
        .map(|k| (k.name.as_str(), k.label.as_str()))
        .unwrap_or(("credential", "a secret"));
    let term = c.patterns.get(hit.pattern).map(|p| p.trim()).unwrap_or("");
    Finding::block(
        format!("form.secret.{cat_name}"),
        ptr,
        format!(
            "form field `{}` {verb} {label} (matched \"{term}\" in its {}); secrets must go through URL mode",
            super::shown_name(c, name),
            hit.source.label()
        ),
    )
}

/// The message asks for a secret right after a request verb.
fn requested_in_message(c: &Compiled, hits: &[Hit], ptr: &str) -> Option<Finding> {
    for s in hits.iter().filter(|h| h.kind == Kind::Strong) {
        let Some(cat) = s.cat else { continue };
        let Some(info) = c.categories.get(cat) else {
            continue;
        };
        if !info.enabled {
            continue;
        }
        // "Enter a name for your new API key" asks about the key, not for it.
        let asked = hits.iter().any(|r| {
            r.kind == Kind::Request
                && r.end <= s.start + 1
                && s.word >= r.word
                && s.word - r.word <= REQUEST_REACH
                && !hits.iter().any(|m| {
                    m.kind == Kind::Metadata && m.start + 1 >= r.end && m.end <= s.start + 1
                })
        });
        if asked {
            let term = c.patterns.get(s.pattern).map(|p| p.trim()).unwrap_or("");
            return Some(Finding::block(
                format!("form.secret.{}", info.name),
                ptr,
                format!(
                    "the elicitation message asks for {} (\"{term}\") in a form; secrets must go through URL mode",
                    info.label
                ),
            ));
        }
    }
    None
}

/// Credential formats in a server text (message, title, description).
fn embedded(c: &Compiled, text: &str, ptr: &str, out: &mut Vec<Finding>) {
    if let Some(f) = format_finding(c, text, "embedded_value", ptr, "the form's text holds") {
        out.push(f);
    }
}

/// Credential formats in values the server pushes: default, enum, const, option consts, examples.
fn pushed_values(c: &Compiled, prop: &Value, ptr: &str, out: &mut Vec<Finding>) {
    for (path, v) in strings(prop, ptr) {
        if let Some(f) = format_finding(
            c,
            v,
            "default_value",
            &path,
            "a value the server fills in holds",
        ) {
            out.push(f);
        }
    }
}

/// Every server-supplied string value of a property, with its pointer (bounded by [`MAX_JUDGED_OPTIONS`]).
fn strings<'v>(prop: &'v Value, ptr: &str) -> Vec<(String, &'v str)> {
    let mut out = Vec::new();
    let mut one = |path: String, v: &'v Value| {
        if out.len() < MAX_JUDGED_OPTIONS {
            if let Some(s) = v.as_str() {
                out.push((path, s));
            }
        }
    };
    for key in ["default", "const"] {
        if let Some(v) = prop.get(key) {
            let p = pointer_push(ptr, key);
            match v.as_array() {
                Some(items) => items
                    .iter()
                    .enumerate()
                    .for_each(|(i, x)| one(pointer_push(&p, &i.to_string()), x)),
                None => one(p, v),
            }
        }
    }
    for key in ["enum", "examples"] {
        if let Some(items) = prop.get(key).and_then(Value::as_array) {
            let p = pointer_push(ptr, key);
            items
                .iter()
                .enumerate()
                .for_each(|(i, x)| one(pointer_push(&p, &i.to_string()), x));
        }
    }
    let options = [("oneOf", prop.get("oneOf")), ("anyOf", prop.get("anyOf"))];
    let items_ptr = pointer_push(ptr, "items");
    let nested = [
        ("enum", prop.get("items").and_then(|i| i.get("enum"))),
        ("anyOf", prop.get("items").and_then(|i| i.get("anyOf"))),
    ];
    for (key, list) in options {
        if let Some(items) = list.and_then(Value::as_array) {
            let p = pointer_push(ptr, key);
            for (i, x) in items.iter().enumerate() {
                if let Some(v) = x.get("const") {
                    one(pointer_push(&pointer_push(&p, &i.to_string()), "const"), v);
                }
            }
        }
    }
    for (key, list) in nested {
        if let Some(items) = list.and_then(Value::as_array) {
            let p = pointer_push(&items_ptr, key);
            for (i, x) in items.iter().enumerate() {
                let v = x.get("const").unwrap_or(x);
                one(pointer_push(&p, &i.to_string()), v);
            }
        }
    }
    out
}

/// The first enabled credential format in `text`, as a finding under `rule_cat` (never quoting the value).
fn format_finding(
    c: &Compiled,
    text: &str,
    rule_cat: &str,
    ptr: &str,
    what: &str,
) -> Option<Finding> {
    let rule_on = c
        .category(rule_cat)
        .and_then(|i| c.categories.get(i))
        .is_some_and(|k| k.enabled);
    if !rule_on || !super::may_hold_format(text) {
        return None;
    }
    let text = super::scan_limit(text);
    let fmt = c
        .formats
        .matches(text)
        .iter()
        .filter_map(|i| c.format_infos.get(i))
        .find(|f| c.categories.get(f.category).is_some_and(|k| k.enabled))?;
    Some(Finding::block(
        format!("form.secret.{rule_cat}"),
        ptr,
        format!("{what} what looks like {} (value not shown)", fmt.label),
    ))
}
