//! The protocol era of a client request and the input modes the client declared.
//!
//! 2026-07-28 requests carry their version and capabilities in `params._meta` on every request; 2025-11-25
//! clients declare capabilities once, in `initialize`, and the gateway remembers them per session.

use serde_json::Value;

use super::tree::Node;

/// `_meta` key of the protocol version on a 2026-07-28 request.
pub const META_VERSION: &str = "io.modelcontextprotocol/protocolVersion";
/// `_meta` key of the client capabilities on a 2026-07-28 request.
pub const META_CAPABILITIES: &str = "io.modelcontextprotocol/clientCapabilities";

/// Which protocol generation a request belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Era {
    /// 2026-07-28: stateless, MRTR `input_required` results.
    Modern,
    /// 2025-11-25 and earlier: `initialize`, sessions, server-pushed `elicitation/create`.
    Legacy,
}

impl Era {
    /// Stable label for metrics and logs.
    pub fn as_str(self) -> &'static str {
        match self {
            Era::Modern => "modern",
            Era::Legacy => "legacy",
        }
    }
}

/// What a client declared it can do with server input requests.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct ClientModes {
    /// Form-mode elicitation.
    pub form: bool,
    /// URL-mode elicitation.
    pub url: bool,
    /// `sampling/createMessage`.
    pub sampling: bool,
    /// `roots/list`.
    pub roots: bool,
}

impl ClientModes {
    /// Everything declared (for `inspect` defaults and tests).
    pub const ALL: ClientModes = ClientModes {
        form: true,
        url: true,
        sampling: true,
        roots: true,
    };

    /// Reads a `ClientCapabilities` object. `elicitation: {}` means form only (backwards compatibility).
    pub fn from_capabilities(caps: Option<&Node<'_>>) -> ClientModes {
        let Some(caps) = caps.and_then(Node::as_object) else {
            return ClientModes::default();
        };
        let mut modes = ClientModes {
            sampling: caps.get("sampling").is_some_and(Node::is_object),
            roots: caps.get("roots").is_some_and(Node::is_object),
            ..ClientModes::default()
        };
        if let Some(el) = caps.get("elicitation").and_then(Node::as_object) {
            modes.form = el.contains_key("form");
            modes.url = el.contains_key("url");
            if el.is_empty() {
                modes.form = true;
            }
        }
        modes
    }

    /// Parses `form,url`, `form`, `url` or `none` (the `inspect --client-modes` syntax).
    pub fn parse_list(s: &str) -> Option<ClientModes> {
        let mut m = ClientModes {
            sampling: true,
            roots: true,
            ..ClientModes::default()
        };
        if s.trim() == "none" {
            return Some(ClientModes::default());
        }
        for part in s.split(',').map(str::trim) {
            match part {
                "form" => m.form = true,
                "url" => m.url = true,
                _ => return None,
            }
        }
        Some(m)
    }

    /// The `requiredCapabilities` object for a -32021 error naming what was missing.
    pub fn required_json(missing: &[&str]) -> Value {
        let mut caps = serde_json::Map::new();
        let mut el = serde_json::Map::new();
        for m in missing {
            match *m {
                "form" | "url" => {
                    el.insert((*m).to_owned(), Value::Object(Default::default()));
                }
                other => {
                    caps.insert(other.to_owned(), Value::Object(Default::default()));
                }
            }
        }
        if !el.is_empty() {
            caps.insert("elicitation".into(), Value::Object(el));
        }
        Value::Object(caps)
    }
}

/// What the gateway needs to know about one client request.
#[derive(Clone, Debug, PartialEq)]
pub struct RequestInfo {
    /// The era it belongs to.
    pub era: Era,
    /// The JSON-RPC method, when the body is a request or notification.
    pub method: Option<String>,
    /// The JSON-RPC id, when the body is a request.
    pub id: Option<Value>,
    /// Capabilities declared on this request (modern `_meta`, or a legacy `initialize`).
    pub declared: Option<ClientModes>,
    /// The body is a JSON-RPC response (a legacy client answering a server request).
    pub is_response: bool,
    /// The body is a batch array (legacy only).
    pub is_batch: bool,
}

impl RequestInfo {
    /// What is known of a body that is not a single JSON-RPC message object (or of no body at all): legacy,
    /// nothing declared.
    pub fn unclassified(is_batch: bool) -> RequestInfo {
        RequestInfo {
            era: Era::Legacy,
            method: None,
            id: None,
            declared: None,
            is_response: false,
            is_batch,
        }
    }
}

/// Classifies one parsed client request body, the body first (as the TypeScript SDK does), then the header.
pub fn classify_request(body: &Node<'_>, header_version: Option<&str>) -> RequestInfo {
    let mut info = RequestInfo::unclassified(body.is_array());
    let Some(obj) = body.as_object() else {
        return info;
    };
    info.method = obj.get("method").and_then(Node::as_str).map(str::to_owned);
    info.id = obj
        .get("id")
        .filter(|id| id.is_string() || id.is_number())
        .map(Node::to_value);
    info.is_response =
        info.method.is_none() && (obj.contains_key("result") || obj.contains_key("error"));
    let meta = obj.get("params").and_then(|p| p.get("_meta"));
    let modern_meta = meta
        .and_then(|m| m.get(META_VERSION))
        .and_then(Node::as_str);
    (info.era, info.declared) = era_and_modes(
        info.method.as_deref(),
        modern_meta.is_some(),
        || ClientModes::from_capabilities(meta.and_then(|m| m.get(META_CAPABILITIES))),
        || ClientModes::from_capabilities(obj.get("params").and_then(|p| p.get("capabilities"))),
        header_version,
    );
    info
}

/// The era of a request and what it declared, from what its body says: `meta_version` is whether
/// `params._meta` names a protocol version; the capabilities are read only where they count (the modern
/// `_meta` ones, or a legacy `initialize`'s). The one place for this rule: [`classify_request`] reads a tree and
/// `wire::skim` a request it reads without one.
pub(crate) fn era_and_modes(
    method: Option<&str>,
    meta_version: bool,
    meta_capabilities: impl FnOnce() -> ClientModes,
    initialize_capabilities: impl FnOnce() -> ClientModes,
    header_version: Option<&str>,
) -> (Era, Option<ClientModes>) {
    if method.is_none() {
        // No method: a response (a client answering a server's request), or nothing valid. 2026-07-28
        // clients never POST responses, so this is a legacy answer whatever `_meta` it carries beside its
        // result; read as modern it would skip the legacy answer checks.
        (Era::Legacy, None)
    } else if meta_version {
        (Era::Modern, Some(meta_capabilities()))
    } else if method == Some("initialize") {
        (Era::Legacy, Some(initialize_capabilities()))
    } else if header_version.is_some_and(|v| v > "2025-11-25") && method.is_some() {
        // A modern header without the envelope: the upstream will refuse it (-32602); judge it as modern
        // with nothing declared, so no elicitation can reach a client that declared nothing.
        (Era::Modern, Some(ClientModes::default()))
    } else {
        (Era::Legacy, None)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    /// `classify_request` on a body written as a `Value`.
    fn classify_request(body: &Value, header: Option<&str>) -> RequestInfo {
        super::classify_request(
            &Node::from_value(body, crate::wire::tree::test_arena()),
            header,
        )
    }

    #[test]
    fn modes_from_capabilities() {
        let c = |v: Value| {
            ClientModes::from_capabilities(Some(&Node::from_value(
                &v,
                crate::wire::tree::test_arena(),
            )))
        };
        assert_eq!(c(json!({})), ClientModes::default());
        assert_eq!(
            c(json!({"elicitation":{}})),
            ClientModes {
                form: true,
                ..Default::default()
            }
        );
        assert_eq!(
            c(json!({"elicitation":{"url":{}}})),
            ClientModes {
                url: true,
                ..Default::default()
            }
        );
        assert_eq!(
            c(json!({"elicitation":{"form":{},"url":{}},"sampling":{},"roots":{}})),
            ClientModes::ALL
        );
        assert_eq!(ClientModes::from_capabilities(None), ClientModes::default());
    }

    #[test]
    fn classify_modern_and_legacy() {
        let modern = json!({"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"x",
            "_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28",
                     "io.modelcontextprotocol/clientCapabilities":{"elicitation":{"form":{}}}}}});
        let i = classify_request(&modern, Some("2026-07-28"));
        assert_eq!(i.era, Era::Modern);
        assert_eq!(i.id, Some(json!(3)));
        assert_eq!(
            i.declared,
            Some(ClientModes {
                form: true,
                ..Default::default()
            })
        );

        let init = json!({"jsonrpc":"2.0","id":"a","method":"initialize","params":{"capabilities":{"elicitation":{"url":{}}}}});
        let i = classify_request(&init, None);
        assert_eq!(i.era, Era::Legacy);
        assert_eq!(
            i.declared,
            Some(ClientModes {
                url: true,
                ..Default::default()
            })
        );

        let resp = json!({"jsonrpc":"2.0","id":0,"result":{"action":"accept"}});
        assert!(classify_request(&resp, Some("2025-11-25")).is_response);
        // A response is a legacy answer even dressed in a modern `_meta` or header.
        let dressed = json!({"jsonrpc":"2.0","id":0,"result":{"action":"accept"},
            "params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28"}}});
        let i = classify_request(&dressed, Some("2026-07-28"));
        assert_eq!(
            (i.era, i.is_response, i.declared),
            (Era::Legacy, true, None)
        );

        let bare = json!({"jsonrpc":"2.0","id":1,"method":"tools/call","params":{}});
        let i = classify_request(&bare, Some("2026-07-28"));
        assert_eq!(
            (i.era, i.declared),
            (Era::Modern, Some(ClientModes::default()))
        );
    }

    #[test]
    fn parse_list() {
        assert_eq!(
            ClientModes::parse_list("none"),
            Some(ClientModes::default())
        );
        assert!(ClientModes::parse_list("form,url").is_some_and(|m| m.form && m.url));
        assert!(ClientModes::parse_list("bogus").is_none());
        assert_eq!(
            ClientModes::required_json(&["form", "sampling"]),
            json!({"elicitation":{"form":{}},"sampling":{}})
        );
    }
}
