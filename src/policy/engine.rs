//! The judgement of one message: every carrier's entries checked, rule settings applied, rewrites made.
//!
//! Order inside one entry: capability first (a mode the client cannot show is refused whatever it says),
//! then shape (the restricted schema), then content (secrets, URLs), then text sanitising, which only
//! matters when nothing blocks. One blocked entry blocks the whole message.

use std::borrow::Cow;

use serde_json::Value;

use crate::wire::tree::Node;

use crate::policy::clean_schemas::CleanSchemas;
use crate::policy::rules::{RuleSetting, RuleTable};
use crate::policy::schema::check_schema;
use crate::policy::secret::{form, SecretPolicy};
use crate::policy::text::{sanitize_known, Known, MAX_LABEL_CHARS, MAX_MESSAGE_CHARS};
use crate::policy::url::{RouteUrlRules, UrlPolicy};
use crate::policy::{pointer_push, Action, Finding, Verdict};
use crate::wire::{Carrier, ClientModes, InputMethod};

/// The compiled, immutable policy shared by every request.
#[derive(Debug)]
pub struct Engine {
    /// The secret classifier.
    pub secret: SecretPolicy,
    /// The URL checks.
    pub url: UrlPolicy,
    /// Global rule settings (embedded defaults plus the config's `policy.rules`).
    pub rules: RuleTable,
    /// Form schemas found clean under this policy ([`crate::policy::clean_schemas`]).
    pub clean_schemas: CleanSchemas,
}

/// What a route adds to the global policy.
#[derive(Debug, Clone, Default)]
pub struct RoutePolicy {
    /// Route-specific rule settings, over the global ones.
    pub rules: RuleTable,
    /// Form property names not judged by name.
    pub allow_fields: Vec<String>,
    /// url-mode allow and deny lists.
    pub url_rules: RouteUrlRules,
}

/// Makes a warning-page link for an unsafe URL; None when the gateway cannot (no public base URL configured).
pub type LinkMinter<'a> = &'a (dyn Fn(&str) -> Option<String> + Sync);

/// One judged entry, for metrics.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct EntryOutcome {
    /// The input method.
    pub method: InputMethod,
    /// This entry's own verdict in enforce mode.
    pub verdict: Verdict,
}

/// The judgement of one message.
#[derive(Debug, Clone)]
pub struct Judgement {
    /// What enforce mode does. Monitor-mode callers record it and forward unchanged.
    pub verdict: Verdict,
    /// Findings that act (block or rewrite) in enforce mode.
    pub findings: Vec<Finding>,
    /// Findings whose rule is set to `monitor`: recorded, never acted on.
    pub monitored: Vec<Finding>,
    /// The message as rewritten, when the verdict is `rewrite`.
    pub rewritten: Option<Value>,
    /// Capabilities the client lacked (`form`, `url`, `sampling`, `roots`), for a -32021 error.
    pub missing_capabilities: Vec<&'static str>,
    /// Per entry, for metrics.
    pub entries: Vec<EntryOutcome>,
}

impl Judgement {
    /// The rule ids of the acting findings, deduplicated, in order.
    pub fn rule_ids(&self) -> Vec<String> {
        let mut ids: Vec<String> = Vec::new();
        for f in &self.findings {
            if !ids.contains(&f.rule) {
                ids.push(f.rule.clone());
            }
        }
        ids
    }
}

impl Engine {
    /// Judges `body` (a message or batch) whose carriers were found by [`crate::wire::find_carriers`].
    /// `source` is the text `body` was parsed from (the spans its objects recorded point into it), or empty for
    /// a tree made from a `Value`: a form schema found clean before is recognised by its text.
    pub fn judge(
        &self,
        body: &Node<'_>,
        source: &[u8],
        carriers: &[Carrier],
        modes: ClientModes,
        route: &RoutePolicy,
        links: Option<LinkMinter<'_>>,
    ) -> Judgement {
        let mut j = Judgement {
            verdict: Verdict::Allow,
            findings: vec![],
            monitored: vec![],
            rewritten: None,
            missing_capabilities: vec![],
            entries: vec![],
        };
        let mut edits: Vec<(String, Value)> = Vec::new();
        // The forms of one message mostly repeat one message: it is read, and its language identified, once.
        let mut messages = form::message::Memo::default();
        for carrier in carriers {
            for f in &carrier.problems {
                self.settle(f.clone(), route, &mut j);
            }
            for entry in &carrier.entries {
                let before = j.findings.len();
                let params = body.pointer(&entry.params_ptr).unwrap_or(&Node::Null);
                let mut raw = Vec::new();
                self.check_capability(
                    entry.method,
                    modes,
                    &entry.params_ptr,
                    &mut raw,
                    &mut j.missing_capabilities,
                );
                match entry.method {
                    InputMethod::Form => self.check_form(
                        params,
                        source,
                        &entry.params_ptr,
                        route,
                        &mut messages,
                        &mut raw,
                        &mut edits,
                    ),
                    InputMethod::Url => self.check_url(
                        params,
                        &entry.params_ptr,
                        route,
                        links,
                        &mut raw,
                        &mut edits,
                    ),
                    InputMethod::Sampling | InputMethod::Roots => {}
                }
                for f in raw {
                    self.settle(f, route, &mut j);
                }
                let verdict = Verdict::of(&j.findings[before..]);
                j.entries.push(EntryOutcome {
                    method: entry.method,
                    verdict,
                });
            }
        }
        j.verdict = Verdict::of(&j.findings);
        if j.verdict == Verdict::Rewrite {
            let mut out = body.to_value();
            for (ptr, value) in edits {
                if let Some(slot) = out.pointer_mut(&ptr) {
                    *slot = value;
                }
            }
            j.rewritten = Some(out);
        }
        j
    }

    /// A rule's setting: the route's own first, then the global one.
    fn setting(&self, route: &RoutePolicy, rule: &str) -> Option<RuleSetting> {
        route
            .rules
            .resolve(rule)
            .or_else(|| self.rules.resolve(rule))
    }

    /// Applies the rule settings to one raw finding.
    fn settle(&self, mut f: Finding, route: &RoutePolicy, j: &mut Judgement) {
        match self.setting(route, &f.rule) {
            Some(RuleSetting::Off) => {}
            Some(RuleSetting::Monitor) => j.monitored.push(f),
            Some(RuleSetting::Block) => {
                f.action = Action::Block;
                j.findings.push(f);
            }
            // Rewrite only where the finding can be rewritten (it then carries Action::Rewrite).
            Some(RuleSetting::Rewrite) | Some(RuleSetting::WarningPage) | None => {
                j.findings.push(f)
            }
        }
    }

    fn check_capability(
        &self,
        method: InputMethod,
        modes: ClientModes,
        ptr: &str,
        out: &mut Vec<Finding>,
        missing: &mut Vec<&'static str>,
    ) {
        let (declared, cap, rule) = match method {
            InputMethod::Form => (modes.form, "form", "capability.mode"),
            InputMethod::Url => (modes.url, "url", "capability.mode"),
            InputMethod::Sampling => (modes.sampling, "sampling", "capability.sampling"),
            InputMethod::Roots => (modes.roots, "roots", "capability.roots"),
        };
        if !declared {
            if !missing.contains(&cap) {
                missing.push(cap);
            }
            out.push(Finding::block(
                rule,
                ptr.to_owned(),
                format!("The client did not declare {cap} for this request, so it must not be asked for it."),
            ));
        }
    }

    // The message-wide state (the message memo, findings, edits) is passed apart, as `judge` holds it.
    #[allow(clippy::too_many_arguments)]
    fn check_form(
        &self,
        params: &Node<'_>,
        source: &[u8],
        ptr: &str,
        route: &RoutePolicy,
        messages: &mut form::message::Memo,
        out: &mut Vec<Finding>,
        edits: &mut Vec<(String, Value)>,
    ) {
        let message = params.get("message");
        let schema = params.get("requestedSchema");
        let (Some(Node::String(message)), Some(schema)) = (message, schema) else {
            out.push(Finding::block(
                "wire.malformed",
                ptr.to_owned(),
                "A form elicitation needs a message string and a requestedSchema.",
            ));
            return;
        };
        // A schema the parser skipped was recognised as one found clean on this route: that recognition is the
        // verdict (the set may have been emptied since, by another request's insert).
        let skipped = matches!(schema, Node::Skipped(_));
        // The schema as written, when this tree was parsed from `source`: the key of its clean verdict.
        let written = if skipped {
            None
        } else {
            params
                .as_object()
                .and_then(|p| p.span_of("requestedSchema"))
                .and_then(|span| source.get(span))
        };
        let known_clean = skipped
            || written.is_some_and(|text| self.clean_schemas.remembers(text, &route.allow_fields));
        // Built only for a schema judged here: one remembered clean needs no pointer.
        let schema_ptr = (!known_clean).then(|| pointer_push(ptr, "requestedSchema"));
        let shape_found = match &schema_ptr {
            None => false,
            Some(schema_ptr) => {
                let before = out.len();
                out.extend(check_schema(schema, schema_ptr));
                out.len() > before
            }
        };
        let form = self.secret.judge_form_in(
            message,
            schema,
            ptr,
            &route.allow_fields,
            known_clean,
            messages,
        );
        // The learned second signal speaks only where the rules did not (src/policy/secret/model.rs). It costs
        // about ten times the rules' judgement (docs/model.md): when `off`, it is not computed at all.
        // A form whose purpose redefined a secret's name (a crossword's answer, a postal PIN) is the rules'
        // reading, which the model cannot make: it stays silent there ([`FormJudgement::term_redefined`]).
        // So it does on a form that names a card only to say which one: a last four, a gift card's printed
        // number ([`FormJudgement::card_identified`]); what such a form could ask beside it, the rules read.
        // So it does on a form holding a field the route allows (`allow_fields`): the operator said this route's
        // servers ask for that field, and the model, reading the whole form, would take it back.
        let model = (self.setting(route, "form.secret.model") != Some(RuleSetting::Off)
            && !form.term_redefined
            && !form.card_identified
            && !holds_allowed_field(schema, &route.allow_fields))
        .then(|| {
            let schema_text = match schema {
                Node::Skipped(text) => Some(text.as_bytes()),
                _ => written,
            };
            self.secret
                .model_finding(message, schema, schema_text, ptr, &form.findings)
        })
        .flatten();
        out.extend(form.findings);
        out.extend(model);
        // Pointers are built only for text that needs rewriting: nearly all text is left as it is.
        sanitize_at(
            message,
            form.message,
            || pointer_push(ptr, "message"),
            MAX_MESSAGE_CHARS,
            out,
            edits,
        );
        let Some(schema_ptr) = schema_ptr else {
            return;
        };
        let (findings_before, edits_before) = (out.len(), edits.len());
        sanitize_schema(schema, &schema_ptr, out, edits);
        let labels_clean = out.len() == findings_before && edits.len() == edits_before;
        if let Some(text) = written {
            if !known_clean && !shape_found && form.properties_clean && labels_clean {
                self.clean_schemas.note(text, &route.allow_fields);
            }
        }
    }

    fn check_url(
        &self,
        params: &Node<'_>,
        ptr: &str,
        route: &RoutePolicy,
        links: Option<LinkMinter<'_>>,
        out: &mut Vec<Finding>,
        edits: &mut Vec<(String, Value)>,
    ) {
        let (Some(Node::String(url)), Some(Node::String(message))) =
            (params.get("url"), params.get("message"))
        else {
            out.push(Finding::block(
                "wire.malformed",
                ptr.to_owned(),
                "A url elicitation needs a url string and a message string.",
            ));
            return;
        };
        let url_ptr = pointer_push(ptr, "url");
        let mut judged = self.url.judge(url, &url_ptr, &route.url_rules);
        // The strongest rewrite any finding asks for: a warning page beats the canonical form.
        let mut replacement: Option<String> = None;
        let mut page = false;
        let mut pending = Vec::new();
        for mut f in std::mem::take(&mut judged.findings) {
            match self.setting(route, &f.rule) {
                Some(RuleSetting::WarningPage) => {
                    page = true;
                    f.action = Action::Rewrite;
                    pending.push(f);
                }
                // The canonical form is only a fix when it exists; otherwise the rule blocks.
                Some(RuleSetting::Rewrite) if judged.canonical().is_some() => {
                    f.action = Action::Rewrite;
                    pending.push(f);
                }
                Some(RuleSetting::Rewrite) => {
                    f.action = Action::Block;
                    pending.push(f);
                }
                _ => pending.push(f),
            }
        }
        let rewriting = pending.iter().any(|f| f.action == Action::Rewrite);
        // A warning page ends in a Continue link to the URL: only ever to a web page. A `javascript:` or
        // `data:` link under a rule set to `warning_page` (`url.scheme`, or a catch-all) blocks instead;
        // the page's CSP would stop the script, but the gateway must not offer the click at all.
        let web = judged
            .canonical()
            .is_some_and(|u| u.starts_with("https:") || u.starts_with("http:"));
        let offer_page = if web { links } else { None };
        if page {
            match offer_page.and_then(|mint| mint(url)) {
                Some(link) => replacement = Some(link),
                None => {
                    // No public base URL: a warning page cannot be offered, so the finding blocks instead.
                    for f in pending.iter_mut().filter(|f| f.action == Action::Rewrite) {
                        f.action = Action::Block;
                    }
                }
            }
        } else if rewriting {
            replacement = judged.canonical().map(str::to_owned);
        }
        out.extend(pending);
        if let Some(r) = replacement {
            if r != **url {
                edits.push((url_ptr, Value::String(r)));
            }
        }
        sanitize_at(
            message,
            Known::Nothing,
            || pointer_push(ptr, "message"),
            MAX_MESSAGE_CHARS,
            out,
            edits,
        );
    }
}

/// A JSON pointer made only when a finding needs it.
type LazyPtr<'a> = &'a dyn Fn() -> String;

/// The members of a property that hold text to sanitise, found in one pass over its keys: six searches of
/// the map per property (each a string comparison per key passed) cost more than the pass. What `get`
/// would return for each, so the results and their order are unchanged.
#[derive(Default)]
struct Labels<'v, 'a> {
    title: Option<&'v Node<'a>>,
    description: Option<&'v Node<'a>>,
    one_of: Option<&'v Node<'a>>,
    any_of: Option<&'v Node<'a>>,
    items: Option<&'v Node<'a>>,
    enum_names: Option<&'v Node<'a>>,
}

impl<'v, 'a> Labels<'v, 'a> {
    fn of(v: &'v Node<'a>) -> Self {
        let mut l = Labels::default();
        for (k, x) in v.as_object().into_iter().flatten() {
            let slot = match k {
                "title" => &mut l.title,
                "description" => &mut l.description,
                "oneOf" => &mut l.one_of,
                "anyOf" => &mut l.any_of,
                "items" => &mut l.items,
                "enumNames" => &mut l.enum_names,
                _ => continue,
            };
            *slot = Some(x);
        }
        l
    }
}

fn sanitize_labels(
    v: &Node<'_>,
    ptr: LazyPtr<'_>,
    out: &mut Vec<Finding>,
    edits: &mut Vec<(String, Value)>,
) {
    sanitize_labels_of(&Labels::of(v), ptr, out, edits);
}

/// Sanitises the title, then the description, found by [`Labels::of`].
fn sanitize_labels_of(
    labels: &Labels<'_, '_>,
    ptr: LazyPtr<'_>,
    out: &mut Vec<Finding>,
    edits: &mut Vec<(String, Value)>,
) {
    for (key, v) in [("title", labels.title), ("description", labels.description)] {
        if let Some(Node::String(s)) = v {
            sanitize_at(
                s,
                Known::Nothing,
                || pointer_push(&ptr(), key),
                MAX_LABEL_CHARS,
                out,
                edits,
            );
        }
    }
}

fn sanitize_list(
    list: Option<&Node<'_>>,
    ptr: LazyPtr<'_>,
    out: &mut Vec<Finding>,
    edits: &mut Vec<(String, Value)>,
) {
    if let Some(Node::Array(items)) = list {
        for (i, item) in items.iter().enumerate() {
            sanitize_labels(item, &|| pointer_push(&ptr(), &i.to_string()), out, edits);
        }
    }
}

/// Sanitises `text`, of which `known` is known, and records the edit when that changed it.
/// Whether the form's schema has a property the route allows by name (`routes[].allow_fields`). Free for a route
/// that allows none (nearly all); a schema the parser skipped is built for the question.
fn holds_allowed_field(schema: &Node<'_>, allowed: &[String]) -> bool {
    if allowed.is_empty() {
        return false;
    }
    let arena = crate::wire::tree::Arena::new();
    schema
        .expanded(&arena)
        .ok()
        .and_then(|s| {
            s.get("properties").and_then(Node::as_object).map(|props| {
                props
                    .iter()
                    .any(|(name, _)| allowed.iter().any(|a| a == name))
            })
        })
        .unwrap_or(false)
}

fn sanitize_at(
    text: &str,
    known: Known,
    ptr: impl FnOnce() -> String,
    max: usize,
    out: &mut Vec<Finding>,
    edits: &mut Vec<(String, Value)>,
) {
    // Borrowed is the text unchanged (see `sanitize`): a long message is not compared with itself.
    let Cow::Owned(clean) = sanitize_known(text, max, known) else {
        return;
    };
    if clean != text {
        let ptr = ptr();
        out.push(Finding::rewrite(
            "text.sanitized",
            ptr.clone(),
            "Server text was made safe to show: invisible or bidi characters removed, links made non-clickable, or length capped.",
        ));
        edits.push((ptr, Value::String(clean)));
    }
}

/// Makes the schema's labels safe to show: titles, descriptions, option titles and enum names.
fn sanitize_schema(
    schema: &Node<'_>,
    schema_ptr: &str,
    out: &mut Vec<Finding>,
    edits: &mut Vec<(String, Value)>,
) {
    if let Some(props) = schema.get("properties").and_then(Node::as_object) {
        let props_ptr = || pointer_push(schema_ptr, "properties");
        for (name, prop) in props {
            let prop_ptr = || pointer_push(&props_ptr(), name);
            let labels = Labels::of(prop);
            sanitize_labels_of(&labels, &prop_ptr, out, edits);
            for (list, items) in [("oneOf", labels.one_of), ("anyOf", labels.any_of)] {
                sanitize_list(items, &|| pointer_push(&prop_ptr(), list), out, edits);
            }
            if let Some(items) = labels.items {
                sanitize_list(
                    items.get("anyOf"),
                    &|| pointer_push(&pointer_push(&prop_ptr(), "items"), "anyOf"),
                    out,
                    edits,
                );
            }
            if let Some(Node::Array(names)) = labels.enum_names {
                for (i, n) in names.iter().enumerate() {
                    if let Node::String(s) = n {
                        sanitize_at(
                            s,
                            Known::Nothing,
                            || {
                                pointer_push(
                                    &pointer_push(&prop_ptr(), "enumNames"),
                                    &i.to_string(),
                                )
                            },
                            MAX_LABEL_CHARS,
                            out,
                            edits,
                        );
                    }
                }
            }
        }
    }
    sanitize_labels(schema, &|| schema_ptr.to_owned(), out, edits);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::wire::find_carriers;
    use serde_json::Value;
    use std::collections::BTreeMap;

    fn url_request(url: &str) -> Value {
        serde_json::json!({"jsonrpc":"2.0","id":1,"result":{"resultType":"input_required","inputRequests":{
            "u":{"method":"elicitation/create","params":{"mode":"url","message":"Go","url":url,
                "elicitationId":"e1"}}},"requestState":"s"}})
    }

    #[test]
    fn a_warning_page_is_offered_for_web_links_only() {
        let engine = crate::config::default_engine().expect("embedded policy compiles");
        let route = RoutePolicy {
            rules: RuleTable::new(BTreeMap::from([
                ("url".to_owned(), RuleSetting::WarningPage),
                ("wire".to_owned(), RuleSetting::WarningPage),
            ])),
            ..RoutePolicy::default()
        };
        let mint = |u: &str| {
            Some(format!(
                "https://gw.example/elicitguard/link/default/{}",
                u.len()
            ))
        };
        let judge = |url: &str| {
            let body = url_request(url);
            let body = Node::from_value(&body, crate::wire::tree::test_arena());
            let carriers = find_carriers(&body);
            engine.judge(&body, b"", &carriers, ClientModes::ALL, &route, Some(&mint))
        };
        // A look-alike web host: rewritten to the page.
        let j = judge("https://xn--pypal-4ve.com/login");
        assert_eq!(j.verdict, Verdict::Rewrite, "{:?}", j.findings);
        let shown =
            &j.rewritten.expect("rewritten")["result"]["inputRequests"]["u"]["params"]["url"];
        assert!(
            shown
                .as_str()
                .is_some_and(|u| u.starts_with("https://gw.example/")),
            "{shown}"
        );
        // Script and data links never get a Continue button, whatever the rule says.
        for url in [
            "javascript:alert(document.domain)",
            "data:text/html,<b>x</b>",
            "JavaScript:alert(1)",
        ] {
            let j = judge(url);
            assert_eq!(j.verdict, Verdict::Block, "{url}: {:?}", j.findings);
            assert!(j.rewritten.is_none(), "{url}");
        }
    }

    /// A 2026-07-28 form elicitation with `message` and `schema` (JSON text), as an upstream writes it.
    fn form_text(message: &str, schema: &str) -> String {
        format!(
            r#"{{"jsonrpc":"2.0","id":1,"result":{{"resultType":"input_required","inputRequests":{{"f":{{"method":"elicitation/create","params":{{"mode":"form","message":{},"requestedSchema":{schema}}}}}}},"requestState":"s"}}}}"#,
            Value::from(message)
        )
    }

    /// Judges `text` as parsed from the wire (so its schema has a span) with `engine` on `route`.
    fn judge_text(engine: &Engine, route: &RoutePolicy, text: &str) -> Judgement {
        let arena = crate::wire::tree::Arena::new();
        let body = crate::wire::tree::parse(text.as_bytes(), &arena).expect("valid JSON");
        let carriers = find_carriers(&body);
        engine.judge(
            &body,
            text.as_bytes(),
            &carriers,
            ClientModes::ALL,
            route,
            None,
        )
    }

    /// What a judgement says, to compare two: verdict, findings with their paths, rewritten message.
    fn said(j: &Judgement) -> String {
        format!(
            "{:?} {:?} {:?} {:?}",
            j.verdict, j.findings, j.monitored, j.rewritten
        )
    }

    #[test]
    fn a_clean_schema_is_remembered_and_judged_again_when_the_message_names_a_term() {
        let engine = crate::config::default_engine().expect("embedded policy compiles");
        let fresh = || crate::config::default_engine().expect("embedded policy compiles");
        let route = RoutePolicy::default();
        let schema =
            r#"{"type":"object","properties":{"value":{"type":"string"}},"required":["value"]}"#;
        let benign = form_text("Which table would you like?", schema);
        let j = judge_text(&engine, &route, &benign);
        assert_eq!(j.verdict, Verdict::Allow, "{:?}", j.findings);
        assert_eq!(engine.clean_schemas.len(), 1);
        // The same schema under a message that asks for a secret: the neutral field is that secret.
        let asking = form_text("Enter your GitHub password below", schema);
        let remembered = judge_text(&engine, &route, &asking);
        assert_eq!(
            remembered.verdict,
            Verdict::Block,
            "{:?}",
            remembered.findings
        );
        assert_eq!(
            said(&remembered),
            said(&judge_text(&fresh(), &route, &asking))
        );
        // And again benign, from memory: the same judgement as a policy that never saw the schema.
        let again = form_text("Which table, again?", schema);
        assert_eq!(
            said(&judge_text(&engine, &route, &again)),
            said(&judge_text(&fresh(), &route, &again))
        );
        assert_eq!(engine.clean_schemas.len(), 1);
    }

    #[test]
    fn schemas_with_findings_or_rewrites_are_not_remembered() {
        let engine = crate::config::default_engine().expect("embedded policy compiles");
        let route = RoutePolicy::default();
        for schema in [
            // A secret by name.
            r#"{"type":"object","properties":{"password":{"type":"string"}}}"#,
            // Outside the flat subset.
            r#"{"type":"object","properties":{"a":{"type":"object","properties":{}}}}"#,
            // A label that is rewritten (a bidi override), not blocked.
            r#"{"type":"object","properties":{"a":{"type":"string","title":"Na\u202eme"}}}"#,
        ] {
            let text = form_text("Fill in the form", schema);
            for _ in 0..2 {
                let j = judge_text(&engine, &route, &text);
                assert_ne!(j.verdict, Verdict::Allow, "{schema}");
            }
            assert_eq!(engine.clean_schemas.len(), 0, "{schema}");
        }
    }

    #[test]
    fn a_schema_clean_on_one_route_is_judged_again_on_another() {
        let engine = crate::config::default_engine().expect("embedded policy compiles");
        let allowing = RoutePolicy {
            allow_fields: vec!["api_key".to_owned()],
            ..RoutePolicy::default()
        };
        let strict = RoutePolicy::default();
        let text = form_text(
            "Connect the account",
            r#"{"type":"object","properties":{"api_key":{"type":"string"}}}"#,
        );
        assert_eq!(
            judge_text(&engine, &allowing, &text).verdict,
            Verdict::Allow
        );
        assert_eq!(engine.clean_schemas.len(), 1);
        assert_eq!(judge_text(&engine, &strict, &text).verdict, Verdict::Block);
        assert_eq!(
            judge_text(&engine, &allowing, &text).verdict,
            Verdict::Allow
        );
    }

    #[test]
    fn a_tree_without_text_is_judged_every_time() {
        let engine = crate::config::default_engine().expect("embedded policy compiles");
        let text = form_text(
            "Which table would you like?",
            r#"{"type":"object","properties":{"value":{"type":"string"}}}"#,
        );
        let v: Value = serde_json::from_str(&text).expect("valid JSON");
        let body = Node::from_value(&v, crate::wire::tree::test_arena());
        let carriers = find_carriers(&body);
        let j = engine.judge(
            &body,
            b"",
            &carriers,
            ClientModes::ALL,
            &RoutePolicy::default(),
            None,
        );
        assert_eq!(j.verdict, Verdict::Allow, "{:?}", j.findings);
        assert_eq!(engine.clean_schemas.len(), 0);
    }

    proptest::proptest! {
        /// One pass over a property's keys finds what `Value::get` finds, key by key.
        #[test]
        fn labels_are_what_get_returns(
            keys in proptest::collection::btree_map(
                "title|description|oneOf|anyOf|items|enumNames|type|enum|[a-zA-Z]{0,11}",
                0u8..3,
                0..10,
            ),
            array in proptest::bool::ANY,
        ) {
            let obj: serde_json::Map<String, Value> = keys
                .iter()
                .map(|(k, n)| (k.clone(), Value::from(*n)))
                .collect();
            let v = if array { Value::Array(vec![Value::Object(obj)]) } else { Value::Object(obj) };
            let node = Node::from_value(&v, crate::wire::tree::test_arena());
            let l = Labels::of(&node);
            let got = [l.title, l.description, l.one_of, l.any_of, l.items, l.enum_names];
            let keys = ["title", "description", "oneOf", "anyOf", "items", "enumNames"];
            for (g, k) in got.iter().zip(keys) {
                proptest::prop_assert_eq!(g.map(Node::to_value), v.get(k).cloned(), "{}", k);
            }
        }
    }
}
