//! What the gateway reads from a message's top level, in one strict pass that builds no tree.
//!
//! Every client POST body is read before it is forwarded, and most are plain calls that the gateway only
//! needs to route and count: their era, method, id and declared modes, and whether they carry a retry's
//! `requestState` or `inputResponses`. Parsing them into a `serde_json::Value` only to read five fields and
//! drop the tree was a sixth of the pass-through path's instructions. Likewise most server messages on a
//! stream are notifications (progress, log lines) that can carry no input request whatever they contain.
//! So this reads those few fields and only validates the rest: the same refusals as
//! [`parse_strict`](super::strict::parse_strict) (UTF-8, duplicate keys in any object, depth, trailing
//! data), checked by the same guard. The caller parses the whole message only when it must look further (a
//! retry, a legacy client's answer, sealing, anything that may carry an input request).
//!
//! [`skim_request`] reads exactly what [`classify_request`](super::era::classify_request) reads from a tree;
//! [`carries_no_input`] says yes only where [`find_carriers`](super::find_carriers) would find nothing.
//! Property tests check both against the tree path on every body, refusals included.

use std::fmt;

use serde::de::{
    DeserializeSeed, Deserializer, Error as _, IgnoredAny, MapAccess, SeqAccess, Visitor,
};
use serde_json::Value;

use super::era::{era_and_modes, ClientModes, RequestInfo, META_CAPABILITIES, META_VERSION};
use super::strict::{
    check_seq, read_strict, read_strict_ok, CheckSeed, Guard, KeySeed, Keys, StrictError,
    StrictSeed,
};

/// A client request as the gateway first sees it.
#[derive(Clone, Debug, PartialEq)]
pub struct Skimmed {
    /// Era, method, id and declared modes, as [`classify_request`](super::era::classify_request) gives them.
    pub info: RequestInfo,
    /// `params` is an object with a `requestState` or an `inputResponses` member: a retry to check.
    pub carries_retry: bool,
}

/// Reads one client request body strictly. `header_version` is the `MCP-Protocol-Version` header.
pub fn skim_request(bytes: &[u8], header_version: Option<&str>) -> Result<Skimmed, StrictError> {
    let top = read_top(bytes, false)?;
    Ok(top.into_skimmed(header_version))
}

/// A strictly well-formed single message that certainly carries no input request: a notification (a
/// `method` and no `id`), or a server request for a method that asks the client nothing. False when in doubt
/// (anything else, or anything the strict parser refuses); the caller then parses and looks.
pub fn carries_no_input(bytes: &[u8]) -> bool {
    // A response (what every `InputRequiredResult` is) answers "look" before the strict read: a raw scan of
    // the top-level keys finds `result` or `error` in a few hundred instructions, where the read that stops
    // there validated the whole body's UTF-8 and built the error that stops it (~4,000 for a 2 KB result,
    // paid again by the parse that follows). Acting on what it finds is safe whatever the bytes: "look".
    // The scan stops at `method` too, so a notification (most of a stream) is not scanned to its end first.
    if matches!(
        super::splice::first_top_member(bytes, &["result", "error", "method"]),
        Some(0 | 1)
    ) {
        return false;
    }
    // Stopping at `result`, `error` or an array ends the read early for messages that may carry something
    // (an `InputRequiredResult` is parsed whole next anyway); the error it returns means "look", so it is
    // never formatted into a message.
    let read = read_strict_ok(bytes, |de, guard| {
        Top {
            guard,
            stop_at_outcome: true,
        }
        .deserialize(de)
    });
    let Some(f) = read else {
        return false;
    };
    match (f.is_object, &f.method) {
        (true, Some(method)) => !f.id_present || super::carrier::method_kind(method).is_none(),
        _ => false,
    }
}

/// The request's `params` as a tree, without the top-level members a retry may change (`_meta`,
/// `requestState`, `inputResponses`: read past, never built), or `Value::Null` when there are none: what the
/// envelope's params digest hashes. For bytes that already passed the strict parser (the caller's guarantee),
/// so it reads with serde_json's own rules; None if they cannot be read after all.
pub fn digest_params(bytes: &[u8]) -> Option<Value> {
    let mut de = serde_json::Deserializer::from_slice(bytes);
    let params = DigestTop.deserialize(&mut de).ok()?;
    de.end().ok()?;
    Some(params)
}

/// The members of `params` the digest leaves out (see `state::digest`).
const RETRY_ONLY: [&str; 3] = ["inputResponses", "requestState", "_meta"];

/// The whole request, for [`digest_params`]: only `params` is built.
struct DigestTop;

impl<'de> DeserializeSeed<'de> for DigestTop {
    type Value = Value;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Value, D::Error> {
        d.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for DigestTop {
    type Value = Value;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a JSON-RPC message")
    }
    fn visit_bool<E>(self, _: bool) -> Result<Value, E> {
        Ok(Value::Null)
    }
    fn visit_i64<E>(self, _: i64) -> Result<Value, E> {
        Ok(Value::Null)
    }
    fn visit_u64<E>(self, _: u64) -> Result<Value, E> {
        Ok(Value::Null)
    }
    fn visit_f64<E>(self, _: f64) -> Result<Value, E> {
        Ok(Value::Null)
    }
    fn visit_str<E>(self, _: &str) -> Result<Value, E> {
        Ok(Value::Null)
    }
    fn visit_unit<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Value, A::Error> {
        while seq.next_element::<IgnoredAny>()?.is_some() {}
        Ok(Value::Null)
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Value, A::Error> {
        let mut params = Value::Null;
        while let Some(key) = map.next_key_seed(KeySeed)? {
            if key == "params" {
                params = map.next_value_seed(DigestParams)?;
            } else {
                map.next_value::<IgnoredAny>()?;
            }
        }
        Ok(params)
    }
}

/// `params` for [`digest_params`]: an object loses its retry-only members; anything else is built whole.
struct DigestParams;

impl<'de> DeserializeSeed<'de> for DigestParams {
    type Value = Value;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Value, D::Error> {
        d.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for DigestParams {
    type Value = Value;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("params")
    }
    fn visit_bool<E>(self, v: bool) -> Result<Value, E> {
        Ok(Value::Bool(v))
    }
    fn visit_i64<E>(self, v: i64) -> Result<Value, E> {
        Ok(Value::from(v))
    }
    fn visit_u64<E>(self, v: u64) -> Result<Value, E> {
        Ok(Value::from(v))
    }
    fn visit_f64<E>(self, v: f64) -> Result<Value, E> {
        Ok(serde_json::Number::from_f64(v).map_or(Value::Null, Value::Number))
    }
    fn visit_str<E>(self, v: &str) -> Result<Value, E> {
        Ok(Value::String(v.to_owned()))
    }
    fn visit_unit<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Value, A::Error> {
        let mut out = Vec::new();
        while let Some(v) = seq.next_element::<Value>()? {
            out.push(v);
        }
        Ok(Value::Array(out))
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Value, A::Error> {
        let mut out = serde_json::Map::new();
        while let Some(key) = map.next_key_seed(KeySeed)? {
            if RETRY_ONLY.contains(&&*key) {
                map.next_value::<IgnoredAny>()?;
            } else {
                let v = map.next_value::<Value>()?;
                out.insert(key.into_owned(), v);
            }
        }
        Ok(Value::Object(out))
    }
}

/// Reads a message's top level strictly; see [`Top`].
fn read_top(bytes: &[u8], stop_at_outcome: bool) -> Result<Fields, StrictError> {
    read_strict(bytes, |de, guard| {
        Top {
            guard,
            stop_at_outcome,
        }
        .deserialize(de)
    })
}

/// The top-level members that matter, as read.
#[derive(Default)]
struct Fields {
    is_object: bool,
    is_array: bool,
    /// `id` is present, whatever its value.
    id_present: bool,
    method: Option<String>,
    id: Option<Value>,
    result_or_error: bool,
    params: Params,
}

/// The members of `params` that matter.
#[derive(Default)]
struct Params {
    carries_retry: bool,
    /// `_meta[META_VERSION]` when it is a string.
    meta_version: bool,
    /// `_meta[META_CAPABILITIES]`, read as `ClientModes::from_capabilities` reads it.
    meta_capabilities: ClientModes,
    /// `capabilities` (a legacy `initialize`), read the same way.
    capabilities: ClientModes,
}

impl Fields {
    /// The same decisions as `classify_request`, on the fields it would have read.
    fn into_skimmed(self, header_version: Option<&str>) -> Skimmed {
        let mut info = RequestInfo::unclassified(self.is_array);
        if !self.is_object {
            return Skimmed {
                info,
                carries_retry: false,
            };
        }
        info.method = self.method;
        info.id = self.id;
        info.is_response = info.method.is_none() && self.result_or_error;
        let p = self.params;
        (info.era, info.declared) = era_and_modes(
            info.method.as_deref(),
            p.meta_version,
            || p.meta_capabilities,
            || p.capabilities,
            header_version,
        );
        Skimmed {
            info,
            carries_retry: p.carries_retry,
        }
    }
}

/// Implements the scalar visits of a visitor whose value is `Default` for a scalar (nothing to read there).
macro_rules! scalars_are_default {
    () => {
        fn visit_bool<E>(self, _: bool) -> Result<Self::Value, E> {
            Ok(Default::default())
        }
        fn visit_i64<E>(self, _: i64) -> Result<Self::Value, E> {
            Ok(Default::default())
        }
        fn visit_u64<E>(self, _: u64) -> Result<Self::Value, E> {
            Ok(Default::default())
        }
        fn visit_f64<E>(self, _: f64) -> Result<Self::Value, E> {
            Ok(Default::default())
        }
        fn visit_str<E>(self, _: &str) -> Result<Self::Value, E> {
            Ok(Default::default())
        }
        fn visit_unit<E>(self) -> Result<Self::Value, E> {
            Ok(Default::default())
        }
        fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<Self::Value, A::Error> {
            check_seq(self.0, seq).map(|()| Default::default())
        }
    };
}

/// Reads a member's value into a small tree (an id, a method, capabilities: bounded by the body limit and
/// only ever a few bytes in practice).
fn tree<'de, A: MapAccess<'de>>(map: &mut A, guard: Guard<'_>) -> Result<Value, A::Error> {
    map.next_value_seed(StrictSeed::from(guard))
}

/// The whole body.
struct Top<'r> {
    guard: Guard<'r>,
    /// Give up (with an error) at a top-level `result` or `error` member or an array: see
    /// [`carries_no_input`].
    stop_at_outcome: bool,
}

impl<'de> DeserializeSeed<'de> for Top<'_> {
    type Value = Fields;
    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<Fields, D::Error> {
        deserializer.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for Top<'_> {
    type Value = Fields;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a JSON-RPC message")
    }

    fn visit_bool<E>(self, _: bool) -> Result<Fields, E> {
        Ok(Fields::default())
    }
    fn visit_i64<E>(self, _: i64) -> Result<Fields, E> {
        Ok(Fields::default())
    }
    fn visit_u64<E>(self, _: u64) -> Result<Fields, E> {
        Ok(Fields::default())
    }
    fn visit_f64<E>(self, _: f64) -> Result<Fields, E> {
        Ok(Fields::default())
    }
    fn visit_str<E>(self, _: &str) -> Result<Fields, E> {
        Ok(Fields::default())
    }
    fn visit_unit<E>(self) -> Result<Fields, E> {
        Ok(Fields::default())
    }
    fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<Fields, A::Error> {
        if self.stop_at_outcome {
            return Err(A::Error::custom("a batch"));
        }
        check_seq(self.guard, seq)?;
        Ok(Fields {
            is_array: true,
            ..Fields::default()
        })
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Fields, A::Error> {
        let child = self.guard.enter()?;
        let mut keys = Keys::default();
        let mut out = Fields {
            is_object: true,
            ..Fields::default()
        };
        while let Some(key) = map.next_key_seed(KeySeed)? {
            // A repeat is refused before its value is read, as the tree parser does.
            let member = match &*key {
                "method" => TopMember::Method,
                "id" => TopMember::Id,
                "params" => TopMember::Params,
                "result" | "error" => TopMember::Outcome,
                // `"ID"` is an id to a parser that matches keys without case: such a message is no
                // certain notification (see `carrier::MESSAGE_KEYS`).
                k if super::carrier::is_message_alias(k) => TopMember::Alias,
                _ => TopMember::Other,
            };
            keys.insert(key, self.guard)?;
            match member {
                TopMember::Method => out.method = map.next_value_seed(StringSeed(child))?,
                TopMember::Id => {
                    out.id_present = true;
                    out.id =
                        Some(tree(&mut map, child)?).filter(|id| id.is_string() || id.is_number())
                }
                TopMember::Params => out.params = map.next_value_seed(ParamsSeed(child))?,
                TopMember::Outcome if self.stop_at_outcome => {
                    return Err(A::Error::custom("a response"))
                }
                TopMember::Alias if self.stop_at_outcome => {
                    return Err(A::Error::custom("a member named in another case"))
                }
                TopMember::Outcome => {
                    out.result_or_error = true;
                    map.next_value_seed(CheckSeed(child))?;
                }
                TopMember::Other | TopMember::Alias => map.next_value_seed(CheckSeed(child))?,
            }
        }
        Ok(out)
    }
}

/// The top-level members the skim reads.
enum TopMember {
    Method,
    Id,
    Params,
    Outcome,
    /// A key that differs from `method`, `id`, `params`, `result` or `error` only in case.
    Alias,
    Other,
}

/// `params`.
#[derive(Clone, Copy)]
struct ParamsSeed<'r>(Guard<'r>);

impl<'de> DeserializeSeed<'de> for ParamsSeed<'_> {
    type Value = Params;
    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<Params, D::Error> {
        deserializer.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for ParamsSeed<'_> {
    type Value = Params;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("params")
    }
    scalars_are_default!();

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Params, A::Error> {
        let child = self.0.enter()?;
        let mut keys = Keys::default();
        let mut out = Params::default();
        while let Some(key) = map.next_key_seed(KeySeed)? {
            let (meta, caps, retry) = (
                key == "_meta",
                key == "capabilities",
                key == "requestState" || key == "inputResponses",
            );
            keys.insert(key, self.0)?;
            if meta {
                let meta: Meta = map.next_value_seed(MetaSeed(child))?;
                out.meta_version = meta.version;
                out.meta_capabilities = meta.capabilities;
            } else if caps {
                out.capabilities = map.next_value_seed(CapsSeed(child))?;
            } else {
                out.carries_retry |= retry;
                map.next_value_seed(CheckSeed(child))?;
            }
        }
        Ok(out)
    }
}

/// The members of `params._meta` that matter.
#[derive(Default)]
struct Meta {
    version: bool,
    capabilities: ClientModes,
}

/// `params._meta`.
#[derive(Clone, Copy)]
struct MetaSeed<'r>(Guard<'r>);

impl<'de> DeserializeSeed<'de> for MetaSeed<'_> {
    type Value = Meta;
    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<Meta, D::Error> {
        deserializer.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for MetaSeed<'_> {
    type Value = Meta;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("_meta")
    }
    scalars_are_default!();

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Meta, A::Error> {
        let child = self.0.enter()?;
        let mut keys = Keys::default();
        let mut out = Meta::default();
        while let Some(key) = map.next_key_seed(KeySeed)? {
            let (version, caps) = (key == META_VERSION, key == META_CAPABILITIES);
            keys.insert(key, self.0)?;
            if version {
                out.version = map.next_value_seed(StringSeed(child))?.is_some();
            } else if caps {
                out.capabilities = map.next_value_seed(CapsSeed(child))?;
            } else {
                map.next_value_seed(CheckSeed(child))?;
            }
        }
        Ok(out)
    }
}

/// Declares a seed type that reads one value with `deserialize_any` and the visitor implemented for it.
macro_rules! seed {
    ($(#[$doc:meta])* $name:ident -> $value:ty) => {
        $(#[$doc])*
        #[derive(Clone, Copy)]
        struct $name<'r>(Guard<'r>);

        impl<'de> DeserializeSeed<'de> for $name<'_> {
            type Value = $value;
            fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<$value, D::Error> {
                deserializer.deserialize_any(self)
            }
        }
    };
}

seed!(
    /// A string member (`method`, the protocol version): the string, or None for any other value.
    StringSeed -> Option<String>
);

impl<'de> Visitor<'de> for StringSeed<'_> {
    type Value = Option<String>;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a JSON value")
    }
    fn visit_bool<E>(self, _: bool) -> Result<Self::Value, E> {
        Ok(None)
    }
    fn visit_i64<E>(self, _: i64) -> Result<Self::Value, E> {
        Ok(None)
    }
    fn visit_u64<E>(self, _: u64) -> Result<Self::Value, E> {
        Ok(None)
    }
    fn visit_f64<E>(self, _: f64) -> Result<Self::Value, E> {
        Ok(None)
    }
    fn visit_str<E>(self, v: &str) -> Result<Self::Value, E> {
        Ok(Some(v.to_owned()))
    }
    fn visit_unit<E>(self) -> Result<Self::Value, E> {
        Ok(None)
    }
    fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<Self::Value, A::Error> {
        check_seq(self.0, seq).map(|()| None)
    }
    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<Self::Value, A::Error> {
        CheckSeed(self.0).visit_map(map).map(|()| None)
    }
}

seed!(
    /// A `ClientCapabilities` value, read as [`ClientModes::from_capabilities`] reads a tree.
    CapsSeed -> ClientModes
);

impl<'de> Visitor<'de> for CapsSeed<'_> {
    type Value = ClientModes;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("client capabilities")
    }
    scalars_are_default!();

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<ClientModes, A::Error> {
        let child = self.0.enter()?;
        let mut keys = Keys::default();
        let mut out = ClientModes::default();
        while let Some(key) = map.next_key_seed(KeySeed)? {
            let which = match &*key {
                "sampling" => 1,
                "roots" => 2,
                "elicitation" => 3,
                _ => 0,
            };
            keys.insert(key, self.0)?;
            match which {
                1 => out.sampling = map.next_value_seed(IsObjectSeed(child))?,
                2 => out.roots = map.next_value_seed(IsObjectSeed(child))?,
                3 => {
                    let (form, url) = map.next_value_seed(ElicitationSeed(child))?;
                    out.form = form;
                    out.url = url;
                }
                _ => map.next_value_seed(CheckSeed(child))?,
            }
        }
        Ok(out)
    }
}

seed!(
    /// Any value: is it an object?
    IsObjectSeed -> bool
);

impl<'de> Visitor<'de> for IsObjectSeed<'_> {
    type Value = bool;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a JSON value")
    }
    scalars_are_default!();

    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<bool, A::Error> {
        CheckSeed(self.0).visit_map(map).map(|()| true)
    }
}

seed!(
    /// `capabilities.elicitation`: (form, url) declared; `{}` is form only, as the 2025-11-25 spec says.
    ElicitationSeed -> (bool, bool)
);

impl<'de> Visitor<'de> for ElicitationSeed<'_> {
    type Value = (bool, bool);

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("elicitation capabilities")
    }
    scalars_are_default!();

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<(bool, bool), A::Error> {
        let child = self.0.enter()?;
        let mut keys = Keys::default();
        let (mut form, mut url, mut any) = (false, false, false);
        while let Some(key) = map.next_key_seed(KeySeed)? {
            any = true;
            form |= key == "form";
            url |= key == "url";
            keys.insert(key, self.0)?;
            map.next_value_seed(CheckSeed(child))?;
        }
        Ok((form || !any, url))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::wire::strict::parse_strict;
    use crate::wire::{classify_request, Era};
    use proptest::prelude::*;

    /// What the tree path says about a body: the refusal kind, or the classification and the retry flag.
    fn via_tree(bytes: &[u8], header: Option<&str>) -> Result<Skimmed, String> {
        let v = parse_strict(bytes).map_err(|e| kind(&e))?;
        let carries_retry = v
            .get("params")
            .and_then(Value::as_object)
            .is_some_and(|p| p.contains_key("requestState") || p.contains_key("inputResponses"));
        Ok(Skimmed {
            info: classify_request(&v, header),
            carries_retry,
        })
    }

    fn kind(e: &StrictError) -> String {
        match e {
            StrictError::Syntax(_) => "syntax".into(),
            StrictError::DuplicateKey => "duplicate".into(),
            StrictError::TooDeep => "deep".into(),
        }
    }

    fn via_skim(bytes: &[u8], header: Option<&str>) -> Result<Skimmed, String> {
        skim_request(bytes, header).map_err(|e| kind(&e))
    }

    #[test]
    fn reads_a_modern_call_and_its_retry() {
        let call = br#"{"jsonrpc":"2.0","id":"r1","method":"tools/call","params":{"name":"book",
            "arguments":{"a":[1,{"b":null}]},"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28",
            "io.modelcontextprotocol/clientCapabilities":{"elicitation":{"url":{}}}}}}"#;
        let s = skim_request(call, None).unwrap();
        assert_eq!(s.info.era, Era::Modern);
        assert_eq!(s.info.method.as_deref(), Some("tools/call"));
        assert_eq!(s.info.id, Some(Value::from("r1")));
        assert_eq!(
            s.info.declared,
            Some(ClientModes {
                url: true,
                ..ClientModes::default()
            })
        );
        assert!(!s.carries_retry);
        let retry = br#"{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"book",
            "requestState":"x","_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28"}}}"#;
        assert!(skim_request(retry, None).unwrap().carries_retry);
        let answers = br#"{"id":2,"method":"tasks/update","params":{"inputResponses":{}}}"#;
        assert!(skim_request(answers, None).unwrap().carries_retry);
    }

    #[test]
    fn notifications_carry_no_input_and_server_requests_may() {
        for plain in [
            &br#"{"jsonrpc":"2.0","method":"notifications/progress","params":{"progress":1}}"#[..],
            br#"{"jsonrpc":"2.0","method":"notifications/message","params":{"data":{"inputRequests":{}}}}"#,
            br#"{"jsonrpc":"2.0","id":4,"method":"ping"}"#,
        ] {
            assert!(carries_no_input(plain), "{}", String::from_utf8_lossy(plain));
        }
        for maybe in [
            &br#"{"jsonrpc":"2.0","id":4,"method":"elicitation/create","params":{}}"#[..],
            br#"{"jsonrpc":"2.0","id":4,"method":"roots/list"}"#,
            br#"{"jsonrpc":"2.0","id":4,"method":"sampling/createMessage"}"#,
            br#"{"jsonrpc":"2.0","id":null,"method":"elicit\u0061tion/create"}"#,
            br#"{"jsonrpc":"2.0","method":7}"#,
            br#"{"jsonrpc":"2.0","id":1,"result":{"resultType":"input_required"}}"#,
            br#"[{"jsonrpc":"2.0","method":"notifications/progress"}]"#,
            br#"{"method":"notifications/progress","method":"elicitation/create","id":1}"#,
            br#"{"method":"notifications/progress"} x"#,
            // An id to a client whose parser matches keys without case.
            br#"{"jsonrpc":"2.0","ID":4,"method":"elicitation/create","params":{}}"#,
        ] {
            assert!(
                !carries_no_input(maybe),
                "{}",
                String::from_utf8_lossy(maybe)
            );
        }
    }

    #[test]
    fn refuses_what_the_tree_parser_refuses() {
        for body in [
            &br#"{"id":1,"id":2}"#[..],
            br#"{"params":{"a":{"x":1,"\u0078":2}}}"#,
            br#"{"params":{"_meta":{"k":[{"q":1,"q":1}]}}}"#,
            br#"[{"a":1,"a":1}]"#,
            br#"{"a":1} {}"#,
            b"{\"a\":\"\xff\"}",
        ] {
            assert!(
                skim_request(body, None).is_err(),
                "{}",
                String::from_utf8_lossy(body)
            );
            assert_eq!(via_skim(body, None), via_tree(body, None));
        }
        let deep = format!("{{\"params\":{}{}}}", "[".repeat(70), "]".repeat(70));
        assert_eq!(via_skim(deep.as_bytes(), None), Err("deep".into()));
        // Many keys: the hash-set path still finds the repeat, far from its first use.
        let mut many: Vec<String> = (0..200).map(|i| format!("\"k{i}\":{i}")).collect();
        many.push("\"k3\":0".into());
        let body = format!("{{\"params\":{{{}}}}}", many.join(","));
        assert_eq!(via_skim(body.as_bytes(), None), Err("duplicate".into()));
    }

    /// A JSON text built from parts that exercise every member the skim reads, with repeats and escapes.
    fn arb_body() -> impl Strategy<Value = String> {
        let key = prop::sample::select(vec![
            "jsonrpc",
            "id",
            "method",
            "params",
            "result",
            "error",
            "_meta",
            "capabilities",
            "requestState",
            "inputResponses",
            "name",
            "io.modelcontextprotocol/protocolVersion",
            "io.modelcontextprotocol/clientCapabilities",
            "elicitation",
            "form",
            "url",
            "sampling",
            "roots",
            "\\u0069d",
            "met\\u0068od",
        ]);
        let leaf = prop_oneof![
            Just("null".to_owned()),
            Just("true".to_owned()),
            Just("7".to_owned()),
            Just("-1.5".to_owned()),
            Just("\"tools/call\"".to_owned()),
            Just("\"initialize\"".to_owned()),
            Just("\"elicitation/create\"".to_owned()),
            Just("\"roots/list\"".to_owned()),
            Just("\"notifications/progress\"".to_owned()),
            Just("\"2026-07-28\"".to_owned()),
            Just("\"a\\nb\"".to_owned()),
            Just("{}".to_owned()),
            Just("[]".to_owned()),
        ];
        leaf.prop_recursive(6, 64, 6, move |inner| {
            prop_oneof![
                prop::collection::vec(inner.clone(), 0..4)
                    .prop_map(|v| format!("[{}]", v.join(","))),
                prop::collection::vec((key.clone(), inner), 0..6).prop_map(|kv| {
                    let members: Vec<String> = kv
                        .into_iter()
                        .map(|(k, v)| format!("\"{k}\":{v}"))
                        .collect();
                    format!("{{{}}}", members.join(","))
                }),
            ]
        })
    }

    /// A request shaped like the real ones (so the modern, initialize and retry branches are all taken),
    /// with random members in every place the skim reads and random extra members beside them.
    fn arb_request() -> impl Strategy<Value = String> {
        let opt = |s: BoxedStrategy<String>| prop::option::of(s);
        let any = || arb_body().boxed();
        let method = prop_oneof![
            Just("\"tools/call\"".to_owned()),
            Just("\"initialize\"".to_owned()),
            Just("\"tasks/update\"".to_owned()),
            any()
        ]
        .boxed();
        let version = prop_oneof![Just("\"2026-07-28\"".to_owned()), any()].boxed();
        let caps = prop_oneof![
            Just(r#"{"elicitation":{}}"#.to_owned()),
            Just(r#"{"elicitation":{"form":{},"url":{}},"sampling":{}}"#.to_owned()),
            any()
        ]
        .boxed();
        (
            opt(method),
            opt(any()),
            opt(version),
            opt(caps.clone()),
            opt(caps),
            opt(any()),
            opt(any()),
            any(),
        )
            .prop_map(
                |(method, id, version, meta_caps, caps, state, extra, other)| {
                    let member = |k: &str, v: Option<String>| v.map(|v| format!("\"{k}\":{v}"));
                    let meta: Vec<String> = [
                        member("io.modelcontextprotocol/protocolVersion", version),
                        member("io.modelcontextprotocol/clientCapabilities", meta_caps),
                        extra.clone().map(|v| format!("\"x\":{v}")),
                    ]
                    .into_iter()
                    .flatten()
                    .collect();
                    let params: Vec<String> = [
                        Some(format!("\"_meta\":{{{}}}", meta.join(","))),
                        member("capabilities", caps),
                        member("requestState", state),
                        Some(format!("\"name\":{other}")),
                    ]
                    .into_iter()
                    .flatten()
                    .collect();
                    let top: Vec<String> = [
                        Some("\"jsonrpc\":\"2.0\"".to_owned()),
                        member("id", id),
                        member("method", method),
                        Some(format!("\"params\":{{{}}}", params.join(","))),
                        member("result", extra),
                    ]
                    .into_iter()
                    .flatten()
                    .collect();
                    format!("{{{}}}", top.join(","))
                },
            )
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2048))]

        #[test]
        fn agrees_with_the_tree_path(body in arb_body(), modern_header in any::<bool>()) {
            let header = modern_header.then_some("2026-07-28");
            prop_assert_eq!(via_skim(body.as_bytes(), header), via_tree(body.as_bytes(), header));
        }

        #[test]
        fn agrees_with_the_tree_path_on_requests(body in arb_request(), modern_header in any::<bool>()) {
            let header = modern_header.then_some("2026-07-28");
            prop_assert_eq!(via_skim(body.as_bytes(), header), via_tree(body.as_bytes(), header));
        }

        #[test]
        fn no_input_only_where_the_tree_path_finds_no_carrier(body in arb_body()) {
            if carries_no_input(body.as_bytes()) {
                let v = parse_strict(body.as_bytes());
                prop_assert!(v.is_ok(), "{}", body);
                prop_assert!(crate::wire::find_carriers(&crate::wire::tree::Node::from_value(&v.unwrap())).is_empty(), "{}", body);
            }
        }

        #[test]
        fn digest_params_hash_like_the_tree(body in arb_request()) {
            if let Ok(v) = parse_strict(body.as_bytes()) {
                let tree = crate::state::params_digest(v.get("params").unwrap_or(&Value::Null));
                let read = digest_params(body.as_bytes()).map(|p| crate::state::params_digest(&p));
                prop_assert_eq!(read, Some(tree), "{}", body);
            }
        }

        #[test]
        fn never_panics_on_bytes(bytes in prop::collection::vec(any::<u8>(), 0..256)) {
            let _ = skim_request(&bytes, Some("2026-07-28"));
        }
    }
}
