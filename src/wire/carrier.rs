//! Where an elicitation hides in a message from the upstream: the carriers and their input entries.
//!
//! Five shapes carry input requests to a client: a 2026-07-28 `InputRequiredResult`; a tasks-extension result
//! holding `inputRequests` (`tasks/get`); a 2025-11-25 server-to-client request (`elicitation/create`,
//! `sampling/createMessage`, `roots/list`); a legacy `-32042` error with `data.elicitations`; and any other
//! error whose `data` holds an input request somewhere. A carrier whose shape is broken is reported as a
//! problem: the gateway cannot judge it, so it must not pass (fail closed).

use std::cmp::Ordering;

use serde_json::Value;

use crate::wire::tree::{same_bytes, Node, Object};

use crate::wire::finding::{pointer_push, Finding};

/// The legacy `URLElicitationRequiredError` code.
pub const URL_ELICITATION_REQUIRED: i64 = -32042;

// The members the gateway reads, level by level. A client whose parser matches keys without case (Go's
// `encoding/json`) reads `"METHOD"` or `"Mode"` as these; the gateway, matching exactly, would not, and would
// forward what it never judged (or judge a `mode` other than the one the client shows). So a key that only
// a case-folding parser takes for one of these makes the carrier unjudgeable: it is refused, never resolved.
/// A message's members.
const MESSAGE_KEYS: &[&str] = &["method", "id", "params", "result", "error"];
/// A result's members.
const RESULT_KEYS: &[&str] = &["resultType", "inputRequests", "requestState"];
/// An `inputRequests` entry's members.
const ENTRY_KEYS: &[&str] = &["method", "params"];
/// An elicitation's params members.
const ELICITATION_KEYS: &[&str] = &["mode", "message", "url", "requestedSchema"];
/// An error's members, and its `data`'s.
const ERROR_KEYS: &[&str] = &["code", "data"];
const ERROR_DATA_KEYS: &[&str] = &["elicitations"];

/// Whether `key` is not `word` but a parser that matches keys without case takes it for `word`. Go's
/// `encoding/json` folds keys as `bytes.EqualFold` does: ASCII case, plus the only two non-ASCII letters
/// whose simple case folding reaches an ASCII one, `ſ` (U+017F, `s`) and the Kelvin sign (U+212A, `k`).
///
/// `word` is ASCII. Folding never lengthens a key (an ASCII letter stays one byte, `ſ`'s two bytes and the
/// Kelvin sign's three become one), so an alias is either as long as `word`, and then ASCII (a byte from
/// 0x80 never equals an ASCII one, without case or with), or longer, and then not ASCII. Nearly every pair
/// looked up (each member name at each level the gateway reads, against each of its words) differs in
/// length and is answered without reading a byte.
pub(crate) fn is_folded_alias(key: &str, word: &str) -> bool {
    match key.len().cmp(&word.len()) {
        Ordering::Less => false,
        Ordering::Equal => alias_of_its_length(key, word),
        Ordering::Greater => !key.is_ascii() && folds_to(key, word),
    }
}

/// [`is_folded_alias`] for a `key` as long as `word`: it differs, but not without ASCII case.
#[inline]
fn alias_of_its_length(key: &str, word: &str) -> bool {
    !same_bytes(key, word) && key.eq_ignore_ascii_case(word)
}

/// The general fold of [`is_folded_alias`], for any `key`.
fn folds_to(key: &str, word: &str) -> bool {
    let folded = key.chars().map(|c| match c {
        '\u{17F}' => 's',
        '\u{212A}' => 'k',
        c => c.to_ascii_lowercase(),
    });
    folded.eq(word.chars().map(|c| c.to_ascii_lowercase()))
}

/// Whether `key` is a folded alias ([`is_folded_alias`]) of one of `words`. An ASCII key can only alias a word
/// of its own length, so whether it is ASCII is asked once, not once per word (where `is_folded_alias` asks it
/// of every longer key): every key of every entry the gateway reads is looked at.
fn aliases_one_of(key: &str, words: &[&str]) -> bool {
    if key.is_ascii() {
        words
            .iter()
            .any(|w| key.len() == w.len() && alias_of_its_length(key, w))
    } else {
        words.iter().any(|w| is_folded_alias(key, w))
    }
}

/// A `wire.malformed` finding for every key of `obj` that is a folded alias of one of `words`.
fn aliased_keys(obj: &Object<'_>, words: &[&str], ptr: &str, out: &mut Vec<Finding>) {
    for key in obj.keys() {
        if aliases_one_of(key, words) {
            // The key is server text: it is named through the pointer, not repeated in the sentence.
            out.push(Finding::block(
                "wire.malformed",
                pointer_push(ptr, key),
                "A member's name differs only in case from one the gateway reads, so parsers disagree on it.",
            ));
        }
    }
}

/// What an input request asks of the client.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum InputMethod {
    /// `elicitation/create` in form mode (a missing `mode` is form).
    Form,
    /// `elicitation/create` in url mode.
    Url,
    /// `sampling/createMessage`.
    Sampling,
    /// `roots/list`.
    Roots,
}

impl InputMethod {
    /// Stable label for metrics.
    pub fn as_str(self) -> &'static str {
        match self {
            InputMethod::Form => "form",
            InputMethod::Url => "url",
            InputMethod::Sampling => "sampling",
            InputMethod::Roots => "roots",
        }
    }
}

/// Which shape carried the input requests.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CarrierKind {
    /// `result.resultType == "input_required"` (2026-07-28).
    InputRequired,
    /// A result with `inputRequests` but not `input_required` (tasks extension `tasks/get`).
    TaskInput,
    /// A server-to-client request (2025-11-25).
    ServerRequest,
    /// A `-32042` error (2025-11-25).
    UrlRequiredError,
    /// Input requests inside the `data` of any other error: no SDK acts on them, but an application shown the
    /// error may; judged like the rest, never sealed.
    ErrorData,
}

/// One input request inside a carrier.
#[derive(Clone, Debug, PartialEq)]
pub struct InputEntry {
    /// The `inputRequests` key, the server request's id, or the index in `data.elicitations`.
    pub key: String,
    /// What it asks for.
    pub method: InputMethod,
    /// JSON pointer to its params object.
    pub params_ptr: String,
}

/// One message (or batch element) that carries input requests.
#[derive(Clone, Debug, PartialEq)]
pub struct Carrier {
    /// The shape.
    pub kind: CarrierKind,
    /// Pointer to the message in the body (`""`, or `/2` in a batch).
    pub msg_ptr: String,
    /// The JSON-RPC id of the message (the client's id on responses, the server's on requests).
    pub id: Option<Value>,
    /// The entries found.
    pub entries: Vec<InputEntry>,
    /// Shape problems that make the carrier unjudgeable (all blocking).
    pub problems: Vec<Finding>,
}

/// Finds every carrier in a message body (a single message or a batch array).
pub fn find_carriers(body: &Node<'_>) -> Vec<Carrier> {
    let mut out = Vec::new();
    match body {
        Node::Array(items) => {
            for (i, item) in items.iter().enumerate() {
                carriers_of(item, format!("/{i}"), &mut out);
            }
        }
        other => carriers_of(other, String::new(), &mut out),
    }
    out
}

fn carriers_of(msg: &Node<'_>, msg_ptr: String, out: &mut Vec<Carrier>) {
    let Some(obj) = msg.as_object() else { return };
    let id = obj.get("id").map(Node::to_value);
    let carrier = |kind| Carrier {
        kind,
        msg_ptr: msg_ptr.clone(),
        id: id.clone(),
        entries: vec![],
        problems: vec![],
    };

    let mut aliases = Vec::new();
    aliased_keys(obj, MESSAGE_KEYS, &msg_ptr, &mut aliases);
    if !aliases.is_empty() {
        // What the message is to a case-folding client: a request if it names a method, else a response.
        let has = |word| obj.keys().any(|k| k == word || is_folded_alias(k, word));
        let kind = if has("method") {
            CarrierKind::ServerRequest
        } else if has("error") {
            CarrierKind::UrlRequiredError
        } else {
            CarrierKind::InputRequired
        };
        let mut c = carrier(kind);
        c.problems = aliases;
        out.push(c);
        return;
    }

    if obj.contains_key("method") && (obj.contains_key("result") || obj.contains_key("error")) {
        // A request and a response at once: the gateway would judge it as the request (`ping`, a
        // notification) while a client that looks for `result` first reads an input request never judged.
        let mut c = carrier(CarrierKind::InputRequired);
        c.problems.push(Finding::block(
            "wire.malformed",
            msg_ptr.clone(),
            "The message has both a method and a result or error, so clients disagree on what it is.",
        ));
        out.push(c);
        return;
    }

    if let Some(method) = obj.get("method") {
        // A request or notification from the server. Only requests with an id ask the client for anything.
        let Some(method) = method.as_str() else {
            let mut c = carrier(CarrierKind::ServerRequest);
            c.problems.push(Finding::block(
                "wire.malformed",
                pointer_push(&msg_ptr, "method"),
                "The method is not a string.",
            ));
            out.push(c);
            return;
        };
        if !obj.contains_key("id") {
            return;
        }
        let Some(kind) = method_kind(method) else {
            return;
        };
        let mut c = carrier(CarrierKind::ServerRequest);
        let key = match obj.get("id") {
            Some(Node::String(s)) => s.to_string(),
            Some(other) => other.to_string(),
            None => String::new(),
        };
        push_entry(
            &mut c,
            key,
            kind,
            obj.get("params"),
            pointer_push(&msg_ptr, "params"),
        );
        out.push(c);
        return;
    }

    if let Some(result) = obj.get("result") {
        let Some(res) = result.as_object() else {
            return;
        };
        let result_ptr = pointer_push(&msg_ptr, "result");
        let mut aliases = Vec::new();
        aliased_keys(res, RESULT_KEYS, &result_ptr, &mut aliases);
        if !aliases.is_empty() {
            let mut c = carrier(CarrierKind::InputRequired);
            c.problems = aliases;
            out.push(c);
            return;
        }
        let result_type = res.get("resultType");
        // A resultType the gateway does not know (or not a string) fails closed only on a result that asks
        // for input the way the gateway knows (`inputRequests`, `requestState`): one that carries neither
        // asks the client for nothing, and the pre-filter, which sees those keys, lets it pass unparsed
        // anyway. Blocking it only when parsed made the verdict hang on unrelated bytes (fuzz/README.md).
        let asks = res.contains_key("inputRequests") || res.contains_key("requestState");
        let kind = match result_type {
            None => None,
            Some(Node::String(t)) => match *t {
                "input_required" => Some(CarrierKind::InputRequired),
                "complete" | "task" => None,
                _ if !asks => return,
                _ => {
                    let mut c = carrier(CarrierKind::InputRequired);
                    c.problems.push(Finding::block(
                        "wire.result_type",
                        pointer_push(&result_ptr, "resultType"),
                        "The result has a resultType the gateway does not know, so it cannot be judged.",
                    ));
                    out.push(c);
                    return;
                }
            },
            Some(_) if !asks => return,
            Some(_) => {
                let mut c = carrier(CarrierKind::InputRequired);
                c.problems.push(Finding::block(
                    "wire.malformed",
                    pointer_push(&result_ptr, "resultType"),
                    "resultType is not a string.",
                ));
                out.push(c);
                return;
            }
        };
        let kind = match (kind, res.contains_key("inputRequests")) {
            (Some(k), _) => k,
            (None, true) => CarrierKind::TaskInput,
            (None, false) => return,
        };
        let mut c = carrier(kind);
        let reqs_ptr = pointer_push(&result_ptr, "inputRequests");
        match res.get("inputRequests") {
            None => {
                if kind == CarrierKind::InputRequired && !res.contains_key("requestState") {
                    c.problems.push(Finding::block(
                        "wire.malformed",
                        result_ptr.clone(),
                        "An input_required result must carry inputRequests or requestState.",
                    ));
                }
            }
            Some(Node::Object(map)) => {
                for (key, entry) in map {
                    let entry_ptr = pointer_push(&reqs_ptr, key);
                    if let Some(fields) = entry.as_object() {
                        let before = c.problems.len();
                        aliased_keys(fields, ENTRY_KEYS, &entry_ptr, &mut c.problems);
                        if c.problems.len() > before {
                            continue;
                        }
                    }
                    let method = entry.get("method").and_then(Node::as_str);
                    match method.and_then(method_kind) {
                        Some(kind) => push_entry(&mut c, key.to_owned(), kind, entry.get("params"), pointer_push(&entry_ptr, "params")),
                        None => c.problems.push(Finding::block(
                            "input.method",
                            pointer_push(&entry_ptr, "method"),
                            "An input request must be elicitation/create, sampling/createMessage or roots/list.",
                        )),
                    }
                }
            }
            Some(_) => c.problems.push(Finding::block(
                "wire.malformed",
                reqs_ptr,
                "inputRequests is not an object.",
            )),
        }
        if let Some(state) = res.get("requestState") {
            if !state.is_string() {
                c.problems.push(Finding::block(
                    "wire.malformed",
                    pointer_push(&result_ptr, "requestState"),
                    "requestState is not a string.",
                ));
            }
        }
        out.push(c);
        return;
    }

    if let Some(error) = obj.get("error") {
        let error_ptr = pointer_push(&msg_ptr, "error");
        let mut aliases = Vec::new();
        if let Some(fields) = error.as_object() {
            aliased_keys(fields, ERROR_KEYS, &error_ptr, &mut aliases);
        }
        if let Some(Node::Object(data)) = error.get("data") {
            aliased_keys(
                data,
                ERROR_DATA_KEYS,
                &pointer_push(&error_ptr, "data"),
                &mut aliases,
            );
        }
        if !aliases.is_empty() {
            let mut c = carrier(CarrierKind::UrlRequiredError);
            c.problems = aliases;
            out.push(c);
            return;
        }
        let code = error.get("code");
        let is_url_required = code.is_some_and(is_url_required_code);
        if !is_url_required {
            // Any other error: what its `data` holds that a client could act on is judged all the same.
            if let Some(data) = error.get("data") {
                let mut c = carrier(CarrierKind::ErrorData);
                error_data_entries(data, pointer_push(&error_ptr, "data"), &mut c);
                if !c.entries.is_empty() || !c.problems.is_empty() {
                    out.push(c);
                }
            }
            return;
        }
        let mut c = carrier(CarrierKind::UrlRequiredError);
        let list_ptr = pointer_push(
            &pointer_push(&pointer_push(&msg_ptr, "error"), "data"),
            "elicitations",
        );
        match error.get("data").and_then(|d| d.get("elicitations")) {
            Some(Node::Array(items)) => {
                for (i, item) in items.iter().enumerate() {
                    push_entry(
                        &mut c,
                        i.to_string(),
                        InputMethod::Url,
                        Some(item),
                        pointer_push(&list_ptr, &i.to_string()),
                    );
                }
            }
            _ => c.problems.push(Finding::block(
                "wire.malformed",
                list_ptr,
                "A -32042 error must carry data.elicitations as an array.",
            )),
        }
        // The rest of its data, like any error's.
        if let Some(Node::Object(data)) = error.get("data") {
            let data_ptr = pointer_push(&error_ptr, "data");
            for (key, value) in data.iter().filter(|(k, _)| *k != "elicitations") {
                error_data_entries(value, pointer_push(&data_ptr, key), &mut c);
            }
        }
        out.push(c);
    }
}

/// The input requests anywhere in an error's `data` (other than a -32042's `elicitations`, read above), at any
/// depth: an error's data is free-form, and a client or its application that shows or follows what it finds there
/// must not find an elicitation the gateway never judged. Found, as the shapes that carry them elsewhere:
/// - an object naming a method that asks for input (`elicitation/create`, …), with its `params`: a server
///   request or an `inputRequests` entry;
/// - an object that is an elicitation's params itself: it has a `requestedSchema`, or a `mode` of `form` or `url`
///   (an `elicitations` list's items, a lone elicitation).
///
/// A found object is not searched further (its params are the entry); everything else is. The walk is as deep
/// as the tree, whose depth the parser bounds. Each entry's key is its pointer under `data`.
fn error_data_entries(node: &Node<'_>, ptr: String, c: &mut Carrier) {
    match node {
        Node::Object(obj) => {
            if let Some(kind) = obj
                .get("method")
                .and_then(Node::as_str)
                .and_then(method_kind)
            {
                let key = ptr.clone();
                push_entry(
                    c,
                    key,
                    kind,
                    obj.get("params"),
                    pointer_push(&ptr, "params"),
                );
                return;
            }
            let elicitation_mode =
                matches!(obj.get("mode"), Some(Node::String(m)) if *m == "form" || *m == "url");
            if elicitation_mode || obj.contains_key("requestedSchema") {
                push_entry(c, ptr.clone(), InputMethod::Form, Some(node), ptr);
                return;
            }
            for (key, value) in obj.iter() {
                error_data_entries(value, pointer_push(&ptr, key), c);
            }
        }
        Node::Array(items) => {
            for (i, item) in items.iter().enumerate() {
                error_data_entries(item, pointer_push(&ptr, &i.to_string()), c);
            }
        }
        _ => {}
    }
}

/// Whether an error's `code` is -32042 to some client: as a number in any notation, or as a string of
/// one, which lax decoders (pydantic's default mode, for the Python SDK's `ErrorData.code: int`) turn into
/// the number. A string the gateway skipped would leave its `data.elicitations` unjudged.
fn is_url_required_code(code: &Node<'_>) -> bool {
    let target = URL_ELICITATION_REQUIRED as f64;
    match code {
        Node::String(s) => s.trim().parse::<f64>().is_ok_and(|n| n == target),
        other => other.as_i64() == Some(URL_ELICITATION_REQUIRED) || other.as_f64() == Some(target),
    }
}

/// Maps a method name to the input it asks for; `elicitation/create` is refined by its mode later.
/// What a server-to-client request asks of the client, for the methods that ask anything.
pub(crate) fn method_kind(method: &str) -> Option<InputMethod> {
    match method {
        "elicitation/create" => Some(InputMethod::Form),
        "sampling/createMessage" => Some(InputMethod::Sampling),
        "roots/list" => Some(InputMethod::Roots),
        _ => None,
    }
}

fn push_entry(
    c: &mut Carrier,
    key: String,
    kind: InputMethod,
    params: Option<&Node<'_>>,
    params_ptr: String,
) {
    if let (InputMethod::Form | InputMethod::Url, Some(Node::Object(p))) = (kind, params) {
        let before = c.problems.len();
        aliased_keys(p, ELICITATION_KEYS, &params_ptr, &mut c.problems);
        if c.problems.len() > before {
            return;
        }
    }
    let method = match (kind, params) {
        (InputMethod::Form | InputMethod::Url, Some(Node::Object(p))) => match p.get("mode") {
            None => InputMethod::Form,
            Some(Node::String(m)) if *m == "form" => InputMethod::Form,
            Some(Node::String(m)) if *m == "url" => InputMethod::Url,
            Some(_) => {
                c.problems.push(Finding::block(
                    "elicitation.mode",
                    pointer_push(&params_ptr, "mode"),
                    "The elicitation mode is neither form nor url.",
                ));
                return;
            }
        },
        (InputMethod::Form | InputMethod::Url, _) => {
            c.problems.push(Finding::block(
                "wire.malformed",
                params_ptr,
                "An elicitation must carry a params object.",
            ));
            return;
        }
        (InputMethod::Roots, None) => InputMethod::Roots,
        (other, Some(p)) if p.is_object() => other,
        (_, _) => {
            c.problems.push(Finding::block(
                "wire.malformed",
                params_ptr,
                "The input request's params are not an object.",
            ));
            return;
        }
    };
    c.entries.push(InputEntry {
        key,
        method,
        params_ptr,
    });
}

#[cfg(test)]
mod tests {

    proptest::proptest! {
        /// The length shortcuts of `is_folded_alias` answer as the general fold does, for ASCII keys and for keys
        /// with the two non-ASCII letters that fold.
        #[test]
        fn the_ascii_shortcut_folds_like_the_general_path(
            key in "[a-zA-Z_\u{17F}\u{212A}]{0,14}|(?i:method|params|result|error|id|mode|message|url|code|data|resulttype|inputrequests|requeststate|requestedschema|elicitations)|[mM][eE][tT][hH][oO\u{17F}\u{212A}][dD]|(?i:in\u{17F}\u{212A}putrequests|re\u{17F}ult|\u{212A}ey|ele\u{17F})",
            word in "method|params|result|error|id|mode|message|url|code|data|resultType|inputRequests|requestState|requestedSchema|elicitations",
        ) {
            let general = key != word && key.len() >= word.len() && folds_to(&key, &word);
            proptest::prop_assert_eq!(is_folded_alias(&key, &word), general, "{} {}", key, word);
        }

        /// Asking whether a key is ASCII once per key answers as asking each word does, for every word list read.
        #[test]
        fn one_question_per_key_answers_as_one_per_word(
            key in "[a-zA-Z_\u{17F}\u{212A}]{0,16}|(?i:method|params|result|error|id|mode|message|url|code|data|resulttype|inputrequests|requeststate|requestedschema|elicitations)|(?i:re\u{17F}ult|\u{212A}ey|me\u{17F}\u{17F}age|mo\u{212A}e)",
        ) {
            for words in [MESSAGE_KEYS, RESULT_KEYS, ENTRY_KEYS, ELICITATION_KEYS, ERROR_KEYS, ERROR_DATA_KEYS] {
                let per_word = words.iter().any(|w| is_folded_alias(&key, w));
                proptest::prop_assert_eq!(aliases_one_of(&key, words), per_word, "{} {:?}", key, words);
            }
        }
    }

    use super::*;
    use serde_json::json;

    /// The carriers of a message written as a `Value`.
    fn find_carriers(msg: &Value) -> Vec<Carrier> {
        super::find_carriers(&Node::from_value(msg, crate::wire::tree::test_arena()))
    }

    #[test]
    fn input_required_entries() {
        let msg = json!({"jsonrpc":"2.0","id":7,"result":{"resultType":"input_required",
            "inputRequests":{
              "confirm":{"method":"elicitation/create","params":{"message":"ok?","requestedSchema":{"type":"object","properties":{}}}},
              "login":{"method":"elicitation/create","params":{"mode":"url","message":"m","url":"https://a.example"}},
              "s":{"method":"sampling/createMessage","params":{"messages":[]}},
              "r":{"method":"roots/list"}},
            "requestState":"abc"}});
        let c = find_carriers(&msg);
        assert_eq!(c.len(), 1);
        assert_eq!(c[0].kind, CarrierKind::InputRequired);
        assert!(c[0].problems.is_empty());
        let kinds: Vec<_> = c[0]
            .entries
            .iter()
            .map(|e| (e.key.as_str(), e.method))
            .collect();
        assert!(kinds.contains(&("confirm", InputMethod::Form)));
        assert!(kinds.contains(&("login", InputMethod::Url)));
        assert!(kinds.contains(&("s", InputMethod::Sampling)));
        assert!(kinds.contains(&("r", InputMethod::Roots)));
        let login = c[0].entries.iter().find(|e| e.key == "login").unwrap();
        assert_eq!(login.params_ptr, "/result/inputRequests/login/params");
    }

    #[test]
    fn other_shapes() {
        let legacy = json!({"jsonrpc":"2.0","id":0,"method":"elicitation/create","params":{"mode":"url","url":"u","message":"m","elicitationId":"x"}});
        let c = find_carriers(&legacy);
        assert_eq!(
            (
                c[0].kind,
                c[0].entries[0].method,
                c[0].entries[0].key.as_str()
            ),
            (CarrierKind::ServerRequest, InputMethod::Url, "0")
        );

        let err = json!({"jsonrpc":"2.0","id":2,"error":{"code":-32042,"message":"m","data":{"elicitations":[{"mode":"url","url":"u","message":"m","elicitationId":"e"}]}}});
        let c = find_carriers(&err);
        assert_eq!(c[0].kind, CarrierKind::UrlRequiredError);
        assert_eq!(c[0].entries[0].params_ptr, "/error/data/elicitations/0");
        let float_code =
            json!({"jsonrpc":"2.0","id":2,"error":{"code":-32042.0,"message":"m","data":{}}});
        assert_eq!(find_carriers(&float_code)[0].problems.len(), 1);
        // A string code a lax decoder reads as the number.
        for code in [json!("-32042"), json!(" -32042"), json!("-3.2042e4")] {
            let err = json!({"jsonrpc":"2.0","id":2,"error":{"code":code,"message":"m","data":{"elicitations":[
                {"mode":"url","url":"javascript:x","message":"m","elicitationId":"e"}]}}});
            let c = find_carriers(&err);
            assert_eq!(c[0].kind, CarrierKind::UrlRequiredError, "{code}");
            assert_eq!(c[0].entries.len(), 1, "{code}");
        }
        let other = json!({"jsonrpc":"2.0","id":2,"error":{"code":"-32601","message":"m"}});
        assert!(find_carriers(&other).is_empty());

        let task = json!({"jsonrpc":"2.0","id":4,"result":{"resultType":"complete","status":"input_required","inputRequests":{"a":{"method":"elicitation/create","params":{"message":"m","requestedSchema":{}}}}}});
        assert_eq!(find_carriers(&task)[0].kind, CarrierKind::TaskInput);

        let batch = json!([{"jsonrpc":"2.0","id":1,"result":{}}, legacy]);
        let c = find_carriers(&batch);
        assert_eq!((c.len(), c[0].msg_ptr.as_str()), (1, "/1"));

        for benign in [
            json!({"jsonrpc":"2.0","id":1,"result":{"content":[]}}),
            json!({"jsonrpc":"2.0","method":"notifications/progress","params":{}}),
            json!({"jsonrpc":"2.0","id":9,"method":"ping"}),
            json!({"jsonrpc":"2.0","id":1,"error":{"code":-32601,"message":"x"}}),
        ] {
            assert!(find_carriers(&benign).is_empty(), "{benign}");
        }
    }

    #[test]
    fn keys_a_case_folding_parser_reads_differently_are_problems() {
        let pw = json!({"mode":"form","message":"m","requestedSchema":{"type":"object","properties":{"password":{"type":"string"}}}});
        for bad in [
            json!({"jsonrpc":"2.0","id":1,"METHOD":"elicitation/create","params":pw}),
            json!({"jsonrpc":"2.0","ID":1,"method":"elicitation/create","params":pw}),
            json!({"jsonrpc":"2.0","id":1,"method":"elicitation/create","Params":pw}),
            json!({"id":1,"result":{"RESULTTYPE":"input_required","INPUTREQUESTS":{"a":{"method":"elicitation/create","params":pw}}}}),
            json!({"id":1,"result":{"resultType":"input_required","requestState":"s","InputRequests":{"a":{"method":"elicitation/create","params":pw}}}}),
            json!({"id":1,"result":{"resultType":"input_required","inputReque\u{17F}ts":{}, "requestState":"s"}}),
            json!({"id":1,"result":{"resultType":"input_required","inputRequests":{"a":{"Method":"elicitation/create","method":"roots/list"}}}}),
            json!({"id":1,"method":"elicitation/create","params":{"mode":"form","MODE":"url","url":"https://evil.example/","message":"m","requestedSchema":{"type":"object","properties":{}}}}),
            json!({"id":1,"method":"elicitation/create","params":{"mode":"url","message":"m","url":"https://ok.example/","URL":"https://evil.example/"}}),
            json!({"id":1,"error":{"CODE":-32042,"message":"m","data":{"elicitations":[]}}}),
            json!({"id":1,"error":{"code":-32042,"message":"m","data":{"elicitations":[],"Elicitations":[{"mode":"url","url":"javascript:x","message":"m"}]}}}),
        ] {
            let c = find_carriers(&bad);
            assert!(
                c.iter()
                    .any(|c| c.problems.iter().any(|p| p.rule == "wire.malformed")),
                "{bad}"
            );
        }
        assert!(is_folded_alias("\u{212A}ey", "key"));
        assert!(!is_folded_alias("method", "method"));
        assert!(!is_folded_alias("methods", "method"));
        // Ordinary members around the ones read are not aliases.
        let fine = json!({"jsonrpc":"2.0","id":1,"result":{"resultType":"input_required","requestState":"s",
            "_meta":{"Method":"x"},"inputRequests":{"a":{"method":"elicitation/create","params":{"message":"m",
            "requestedSchema":{"type":"object","properties":{"Mode":{"type":"string"}}}}}}}});
        assert!(find_carriers(&fine)[0].problems.is_empty());
    }

    #[test]
    fn a_request_and_a_response_at_once_is_a_problem() {
        let ir = json!({"resultType":"input_required","inputRequests":{"a":{"method":"elicitation/create",
            "params":{"message":"m","requestedSchema":{"type":"object","properties":{"password":{"type":"string"}}}}}}});
        for bad in [
            json!({"jsonrpc":"2.0","id":1,"method":"ping","result":ir}),
            json!({"jsonrpc":"2.0","method":"notifications/message","result":ir}),
            json!({"jsonrpc":"2.0","id":1,"method":"ping","error":{"code":-32042,"message":"m","data":{"elicitations":[]}}}),
        ] {
            let c = find_carriers(&bad);
            assert!(
                c.iter()
                    .any(|c| c.problems.iter().any(|p| p.rule == "wire.malformed")),
                "{bad}"
            );
        }
    }

    #[test]
    fn an_unknown_result_type_that_asks_for_nothing_is_not_a_carrier() {
        // The same verdict whatever else the result holds: the pre-filter lets these pass unparsed.
        for fine in [
            json!({"id":1,"result":{"resultType":"surprise","content":[]}}),
            json!({"id":1,"result":{"resultType":"surprise","content":[{"type":"text","text":"roots"}]}}),
            json!({"id":1,"result":{"resultType":null,"content":[]}}),
        ] {
            assert!(find_carriers(&fine).is_empty(), "{fine}");
        }
    }

    #[test]
    fn broken_shapes_are_problems() {
        for bad in [
            json!({"id":1,"result":{"resultType":"input_required"}}),
            json!({"id":1,"result":{"resultType":"input_required","inputRequests":[]}}),
            json!({"id":1,"result":{"resultType":"input_required","inputRequests":{"a":{"method":"tools/call"}}}}),
            json!({"id":1,"result":{"resultType":"input_required","inputRequests":{"a":{"method":"elicitation/create","params":{"mode":"URL"}}}}}),
            json!({"id":1,"result":{"resultType":"surprise","inputRequests":{}}}),
            json!({"id":1,"result":{"resultType":"surprise","requestState":"s"}}),
            json!({"id":1,"result":{"resultType":7,"inputRequests":{}}}),
            json!({"id":1,"result":{"resultType":"input_required","requestState":5}}),
            json!({"id":1,"method":"elicitation/create"}),
        ] {
            let c = find_carriers(&bad);
            assert!(c.iter().any(|c| !c.problems.is_empty()), "{bad}");
        }
    }

    #[test]
    fn input_requests_in_any_errors_data_are_found() {
        let form = json!({"message":"m","requestedSchema":{"type":"object","properties":{"p":{"type":"string"}}}});
        let url = json!({"mode":"url","url":"https://a.example","message":"m","elicitationId":"e"});
        let entry = json!({"method":"elicitation/create","params":form});
        for (data, ptrs) in [
            // An `elicitations` list under another code.
            (
                json!({"elicitations":[url]}),
                vec!["/error/data/elicitations/0"],
            ),
            // A lone elicitation, and a form without a mode.
            (url.clone(), vec!["/error/data"]),
            (form.clone(), vec!["/error/data"]),
            // An inputRequests map, a whole server request, a result, nested deeper in a list.
            (
                json!({"inputRequests":{"k":entry}}),
                vec!["/error/data/inputRequests/k/params"],
            ),
            (
                json!({"jsonrpc":"2.0","id":9,"method":"elicitation/create","params":url}),
                vec!["/error/data/params"],
            ),
            (
                json!({"result":{"resultType":"input_required","inputRequests":{"a":entry,"b":{"method":"elicitation/create","params":url}}}}),
                vec![
                    "/error/data/result/inputRequests/a/params",
                    "/error/data/result/inputRequests/b/params",
                ],
            ),
            (json!([{"x":[{"y":url}]}]), vec!["/error/data/0/x/0/y"]),
        ] {
            let msg =
                json!({"jsonrpc":"2.0","id":2,"error":{"code":-32000,"message":"m","data":data}});
            let c = find_carriers(&msg);
            assert_eq!(c.len(), 1, "{msg}");
            assert_eq!(c[0].kind, CarrierKind::ErrorData);
            assert!(c[0].problems.is_empty(), "{msg}");
            let found: Vec<&str> = c[0].entries.iter().map(|e| e.params_ptr.as_str()).collect();
            assert_eq!(found, ptrs, "{msg}");
        }
        // A mode that is not an elicitation's, and data with nothing to ask: no carrier.
        for data in [
            json!({"mode":"strict","detail":"x"}),
            json!("text"),
            json!([1, {"a": null}]),
        ] {
            let msg =
                json!({"jsonrpc":"2.0","id":2,"error":{"code":-32603,"message":"m","data":data}});
            assert!(find_carriers(&msg).is_empty(), "{msg}");
        }
        // A -32042's other data members are read too.
        let msg = json!({"jsonrpc":"2.0","id":2,"error":{"code":-32042,"message":"m","data":{"elicitations":[],"more":{"inputRequests":{"k":entry}}}}});
        let c = find_carriers(&msg);
        assert_eq!(c[0].kind, CarrierKind::UrlRequiredError);
        assert_eq!(
            c[0].entries[0].params_ptr,
            "/error/data/more/inputRequests/k/params"
        );
    }
}
