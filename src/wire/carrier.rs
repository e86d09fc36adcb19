//! Where an elicitation hides in a message from the upstream: the carriers and their input entries.
//!
//! Four shapes carry input requests to a client: a 2026-07-28 `InputRequiredResult`; a tasks-extension result
//! holding `inputRequests` (`tasks/get`); a 2025-11-25 server-to-client request (`elicitation/create`,
//! `sampling/createMessage`, `roots/list`); a legacy `-32042` error with `data.elicitations`. A carrier whose
//! shape is broken is reported as a problem: the gateway cannot judge it, so it must not pass (fail closed).

use serde_json::Value;

use crate::policy::{pointer_push, Finding};

/// The legacy `URLElicitationRequiredError` code.
pub const URL_ELICITATION_REQUIRED: i64 = -32042;

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
pub fn find_carriers(body: &Value) -> Vec<Carrier> {
    let mut out = Vec::new();
    match body {
        Value::Array(items) => {
            for (i, item) in items.iter().enumerate() {
                carriers_of(item, format!("/{i}"), &mut out);
            }
        }
        other => carriers_of(other, String::new(), &mut out),
    }
    out
}

fn carriers_of(msg: &Value, msg_ptr: String, out: &mut Vec<Carrier>) {
    let Some(obj) = msg.as_object() else { return };
    let id = obj.get("id").cloned();
    let carrier = |kind| Carrier {
        kind,
        msg_ptr: msg_ptr.clone(),
        id: id.clone(),
        entries: vec![],
        problems: vec![],
    };

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
            Some(Value::String(s)) => s.clone(),
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
        let result_type = res.get("resultType");
        let kind = match result_type {
            None => None,
            Some(Value::String(t)) => match t.as_str() {
                "input_required" => Some(CarrierKind::InputRequired),
                "complete" | "task" => None,
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
            Some(Value::Object(map)) => {
                for (key, entry) in map {
                    let entry_ptr = pointer_push(&reqs_ptr, key);
                    let method = entry.get("method").and_then(Value::as_str);
                    match method.and_then(method_kind) {
                        Some(kind) => push_entry(&mut c, key.clone(), kind, entry.get("params"), pointer_push(&entry_ptr, "params")),
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
        let code = error.get("code");
        let is_url_required = code.is_some_and(|c| {
            c.as_i64() == Some(URL_ELICITATION_REQUIRED)
                || c.as_f64() == Some(URL_ELICITATION_REQUIRED as f64)
        });
        if !is_url_required {
            return;
        }
        let mut c = carrier(CarrierKind::UrlRequiredError);
        let list_ptr = pointer_push(
            &pointer_push(&pointer_push(&msg_ptr, "error"), "data"),
            "elicitations",
        );
        match error.get("data").and_then(|d| d.get("elicitations")) {
            Some(Value::Array(items)) => {
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
        out.push(c);
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
    params: Option<&Value>,
    params_ptr: String,
) {
    let method = match (kind, params) {
        (InputMethod::Form | InputMethod::Url, Some(Value::Object(p))) => match p.get("mode") {
            None => InputMethod::Form,
            Some(Value::String(m)) if m == "form" => InputMethod::Form,
            Some(Value::String(m)) if m == "url" => InputMethod::Url,
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
    use super::*;
    use serde_json::json;

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
    fn broken_shapes_are_problems() {
        for bad in [
            json!({"id":1,"result":{"resultType":"input_required"}}),
            json!({"id":1,"result":{"resultType":"input_required","inputRequests":[]}}),
            json!({"id":1,"result":{"resultType":"input_required","inputRequests":{"a":{"method":"tools/call"}}}}),
            json!({"id":1,"result":{"resultType":"input_required","inputRequests":{"a":{"method":"elicitation/create","params":{"mode":"URL"}}}}}),
            json!({"id":1,"result":{"resultType":"surprise"}}),
            json!({"id":1,"result":{"resultType":"input_required","requestState":5}}),
            json!({"id":1,"method":"elicitation/create"}),
        ] {
            let c = find_carriers(&bad);
            assert!(c.iter().any(|c| !c.problems.is_empty()), "{bad}");
        }
    }
}
