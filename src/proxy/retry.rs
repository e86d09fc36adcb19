//! The MRTR retry, both ways: on the way out, the upstream's `requestState` is wrapped in the gateway's sealed
//! envelope (after the round budget and rate limits); on the way back, the envelope is opened and checked,
//! the answers are checked against what was asked, and the upstream gets its own state back byte for byte.

use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::{Arc, OnceLock};

use bytes::Bytes;
use serde_json::Value;

use crate::limit::{check_round, ElicitLimiter, LimitError, RateConfig, Scope};
use crate::policy::answers::check_input_responses;
use crate::policy::secret::SecretPolicy;
use crate::policy::{pointer_push, Action, Finding};
use crate::proxy::enforce::Outcome;
use crate::proxy::reply::Reply;
use crate::state::{params_digest, Asked, Claims, Keyring, SchemaText};
use crate::store::Store;
use crate::wire::tree::{write_json_str, Node};
use crate::wire::{Carrier, CarrierKind, InputMethod};

/// Methods whose results may be `input_required` (2026-07-28 MRTR).
pub fn is_mrtr_method(method: &str) -> bool {
    matches!(method, "tools/call" | "prompts/get" | "resources/read")
}

/// Unix seconds now.
pub fn now_unix() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0)
}

/// What a checked request carries forward.
#[derive(Debug, Clone)]
pub struct Checked {
    /// The round of the envelope it answered (0 on a first call).
    pub round: u32,
    /// The body to forward instead of the client's (the upstream's own state restored).
    pub new_body: Option<Bytes>,
    /// Digest of the request's salient params.
    pub params_digest: String,
    /// The request carried `inputResponses` without a `requestState`: answers to nothing this gateway asked,
    /// which it cannot check yet. They are removed from `new_body` (the call goes on as a first call) and
    /// given here, to be held until the server asks (see [`crate::proxy::held`]).
    pub unsolicited: Option<Value>,
    /// The envelope this retry used, (id, expiry): to be recorded in the store as used before the request is
    /// forwarded ([`Store::use_once`]). Left to the caller because the store may be shared and answer later.
    pub use_once: Option<(String, u64)>,
}

/// Why a retry was refused.
#[derive(Debug, Clone)]
pub enum Refusal {
    /// The envelope is invalid or expired; the reason is for the audit log only.
    Envelope(&'static str),
    /// The answers break what was asked.
    Answers(Vec<Finding>),
    /// The envelope could not be recorded as used (the shared store is unavailable): its replay cannot be
    /// checked, so the retry is refused.
    StoreUnavailable,
}

/// What checking a retry needs from the gateway.
#[derive(Clone, Copy)]
pub struct Verifiers<'a> {
    /// Envelope keys.
    pub keyring: &'a Keyring,
    /// The secret classifier, for pasted answers.
    pub secret: &'a SecretPolicy,
}

/// Checks a modern request's `requestState` and `inputResponses`.
pub fn check_request(
    request: &Value,
    method: &str,
    route: &str,
    principal: &str,
    v: Verifiers<'_>,
    now: u64,
) -> Result<Checked, Refusal> {
    let Verifiers { keyring, secret } = v;
    let params = request.get("params").unwrap_or(&Value::Null);
    let digest = params_digest(params);
    let state = params.get("requestState");
    let responses = params.get("inputResponses");
    let fresh = Checked {
        round: 0,
        new_body: None,
        params_digest: digest.clone(),
        unsolicited: None,
        use_once: None,
    };
    let Some(state) = state else {
        return match responses {
            None => Ok(fresh),
            // tasks/update carries answers without requestState by design: content checks only.
            Some(r) if method == "tasks/update" => {
                let findings = pasted_secrets(r, &[], secret);
                if findings.is_empty() {
                    Ok(fresh)
                } else {
                    Err(Refusal::Answers(findings))
                }
            }
            // Answers with no envelope answer nothing the gateway asked, so none of them can be checked now. The
            // protocol reads such a call as a first call (a server ignores what it did not ask for): it goes on
            // as one, without them. They are held: if the server then asks what they answer, they are checked
            // as a retry to that question would be (`held`); else the server's question reaches the client.
            Some(_) => {
                let mut forwarded = request.clone();
                let unsolicited = forwarded
                    .get_mut("params")
                    .and_then(Value::as_object_mut)
                    .and_then(|p| p.remove("inputResponses"));
                let body =
                    serde_json::to_vec(&forwarded).map_err(|_| Refusal::Envelope("malformed"))?;
                Ok(Checked {
                    new_body: Some(Bytes::from(body)),
                    unsolicited,
                    ..fresh
                })
            }
        };
    };
    let Some(token) = state.as_str() else {
        return Err(Refusal::Envelope("malformed"));
    };
    let env = keyring
        .open(token, route, now)
        .map_err(|e| Refusal::Envelope(e.as_str()))?;
    if env.principal != principal {
        return Err(Refusal::Envelope("principal"));
    }
    if env.method != method {
        return Err(Refusal::Envelope("method"));
    }
    if env.params_digest != digest {
        return Err(Refusal::Envelope("params"));
    }
    if let Some(r) = responses {
        let mut findings = check_input_responses(&env.asked, r, "/params/inputResponses");
        findings.extend(pasted_secrets(r, &env.asked, secret));
        if findings.iter().any(|f| f.action == Action::Block) {
            return Err(Refusal::Answers(findings));
        }
    }
    // Single use (`use_once`): recorded by the caller after every other check, so a refused retry does not
    // burn the envelope the client may fix and resend.
    let mut forwarded = request.clone();
    if let Some(p) = forwarded.get_mut("params").and_then(Value::as_object_mut) {
        match &env.upstream_state {
            Some(s) => {
                p.insert("requestState".into(), Value::String(s.clone()));
            }
            None => {
                p.remove("requestState");
            }
        }
    }
    let body = serde_json::to_vec(&forwarded).map_err(|_| Refusal::Envelope("malformed"))?;
    Ok(Checked {
        round: env.round,
        new_body: Some(Bytes::from(body)),
        params_digest: digest,
        unsolicited: None,
        use_once: Some((env.id, env.expires_at)),
    })
}

/// Secrets pasted into accepted form answers.
fn pasted_secrets(
    responses: &Value,
    asked: &[(String, Asked)],
    secret: &SecretPolicy,
) -> Vec<Finding> {
    let mut out = Vec::new();
    let Some(map) = responses.as_object() else {
        return out;
    };
    for (key, answer) in map {
        let Some(content) = answer.get("content") else {
            continue;
        };
        let schema = asked
            .iter()
            .find(|(k, _)| k == key)
            .and_then(|(_, a)| match a {
                // Unreadable schema text: judged against no schema, which treats every field as undeclared.
                Asked::Form { schema } => schema.parse(),
                _ => None,
            });
        let ptr = pointer_push(&pointer_push("/params/inputResponses", key), "content");
        out.extend(secret.judge_content(content, &schema.unwrap_or(Value::Null), &ptr));
    }
    out
}

/// Canonical params up to this size are kept for a streamed response's digest; larger ones are hashed when the
/// stream starts. A typical `tools/call`'s are a few dozen bytes, so keeping them is cheaper than hashing every
/// pass-through stream, and a stream never holds more than this for it.
const STREAM_KEEP_BYTES: usize = 4096;

/// The params digest of the request a response answers, hashed the first time a response is sealed: most
/// responses carry nothing to seal, and hashing every call's canonical params up front was an eighth of the
/// pass-through path. The canonical text itself was written when the request was read (`wire::skim`).
pub struct ParamsDigest {
    /// The request's canonical params, when the digest is not known yet.
    canonical: Vec<u8>,
    digest: OnceLock<String>,
}

impl ParamsDigest {
    /// The digest of `canonical` (made by [`canonical_params`](crate::state::canonical_params)), when it is
    /// first needed.
    pub fn of_canonical(canonical: Vec<u8>) -> Self {
        ParamsDigest {
            canonical,
            digest: OnceLock::new(),
        }
    }

    /// For a response that streams, which may stay open for hours: large canonical params are hashed now and
    /// released, small ones kept.
    pub fn for_stream(self) -> Self {
        if self.digest.get().is_some() || self.canonical.len() <= STREAM_KEEP_BYTES {
            return self;
        }
        let _ = self.get();
        ParamsDigest {
            canonical: Vec::new(),
            digest: self.digest,
        }
    }

    /// A digest already computed (checking a retry needs it anyway).
    pub fn known(digest: String) -> Self {
        ParamsDigest {
            canonical: Vec::new(),
            digest: OnceLock::from(digest),
        }
    }

    /// The digest.
    pub fn get(&self) -> &str {
        self.digest
            .get_or_init(|| crate::state::digest_of(&self.canonical))
    }
}

/// What sealing needs for one request.
pub struct Sealer {
    /// Keys.
    pub keyring: Arc<Keyring>,
    /// Route name (shared with the route: the rate limiter's keys are these `Arc`s, not copies).
    pub route: Arc<str>,
    /// Principal (shared with the request, as the route's name).
    pub principal: Arc<str>,
    /// The request's method.
    pub method: String,
    /// Digest of the request's salient params.
    pub params_digest: ParamsDigest,
    /// The round the request answered (0 on a first call).
    pub prev_round: u32,
    /// The round budget.
    pub max_rounds: u32,
    /// Envelope lifetime.
    pub ttl_seconds: u64,
    /// Where rounds are counted.
    pub counter: Counter,
    /// Legacy rounds pushed on this call's stream.
    pub legacy_rounds: AtomicU32,
    /// Metrics (rounds histogram, rate-limited counter).
    pub metrics: Arc<crate::telemetry::Metrics>,
}

/// Where a sealer counts elicitation rounds against the rate limits.
#[derive(Clone)]
pub enum Counter {
    /// This replica's limiter, checked as the message is sealed.
    Local(Arc<ElicitLimiter>),
    /// The shared store, counted before the message is sealed ([`Sealer::count`]) with these quotas; the
    /// result is handed to [`Sealer::finish`].
    Shared(Arc<Store>, RateConfig),
}

impl Counter {
    /// The counter for a store: its in-process limiter, or the store itself when it is shared.
    pub fn for_store(store: &Arc<Store>, rate: RateConfig) -> Counter {
        match store.local_limiter() {
            Some(l) => Counter::Local(l),
            None => Counter::Shared(store.clone(), rate),
        }
    }
}

/// What ends a message instead of sealing it: the outcome to send and the limit that bit, if one did.
type Stopped = (Outcome, Option<Limited>);

/// A limit that stopped a round.
#[derive(Debug, Clone)]
pub struct Limited {
    /// `limit.rounds`, `limit.rate.principal`, ...
    pub rule: &'static str,
    /// Seconds after which a retry may pass.
    pub retry_after: Option<u64>,
}

impl Sealer {
    /// This sealer, made fit to live as long as a stream (see [`ParamsDigest::for_stream`]).
    pub fn for_stream(self) -> Self {
        Sealer {
            params_digest: self.params_digest.for_stream(),
            ..self
        }
    }

    /// Whether rounds must be counted (on the shared store) before [`Sealer::finish`].
    pub fn counts_remotely(&self) -> bool {
        matches!(self.counter, Counter::Shared(..))
    }

    /// The rounds that sealing a message decided as `outcome`, with `carriers`, counts: one per
    /// `input_required` result and per legacy form or url request it lets out.
    pub fn rounds_needed(outcome: &Outcome, carriers: &[Carrier]) -> u32 {
        if !matches!(outcome, Outcome::Original | Outcome::Replace(_)) {
            return 0;
        }
        let n = carriers
            .iter()
            .filter(|c| match c.kind {
                CarrierKind::InputRequired => true,
                CarrierKind::ServerRequest => c
                    .entries
                    .iter()
                    .any(|e| matches!(e.method, InputMethod::Form | InputMethod::Url)),
                _ => false,
            })
            .count();
        u32::try_from(n).unwrap_or(u32::MAX)
    }

    /// Counts `rounds` rounds on the shared store (every one passes on a local counter, which counts them in
    /// [`Sealer::finish`]).
    pub async fn count(&self, rounds: u32) -> Result<(), LimitError> {
        match &self.counter {
            Counter::Local(_) => Ok(()),
            Counter::Shared(store, rate) => {
                store
                    .count_rounds(&self.route, &self.principal, rounds, rate)
                    .await
            }
        }
    }

    /// Applies budgets and seals the outgoing message. `outcome` is what the policy decided about `original`
    /// (the upstream's bytes), `parsed` the tree it judged and `carriers` the ones
    /// [`decide`](crate::proxy::enforce::decide) found in it. Returns the outcome to send and the limit that bit,
    /// if any. A message the policy let through as it was (`Outcome::Original`) comes back as the upstream's own
    /// bytes with the sealed `requestState` spliced in ([`Outcome::Sealed`]) when `splice` allows it and the
    /// message is one object; otherwise the message is re-serialised ([`Outcome::Replace`]). `counted`: what
    /// [`Sealer::count`] said of the message's rounds, when they are counted on the shared store (`None` there
    /// fails every round closed).
    #[allow(clippy::too_many_arguments)]
    pub fn finish(
        &self,
        outcome: Outcome,
        parsed: Option<&Node<'_>>,
        original: &[u8],
        splice: bool,
        carriers: &[Carrier],
        client_id: Option<&Value>,
        counted: Option<Result<(), LimitError>>,
    ) -> (Outcome, Option<Limited>) {
        match outcome {
            Outcome::Replace(mut msg) => {
                // A rewrite: its tree is read for the envelopes, then the tokens are set in it.
                let arena = crate::wire::tree::Arena::new();
                let sealed = match self.seal_all(
                    &Node::from_value(&msg, &arena),
                    None,
                    carriers,
                    client_id,
                    counted,
                ) {
                    Ok(s) => s,
                    Err(stop) => return stop,
                };
                for (result_ptr, token) in sealed {
                    if let Some(result) =
                        msg.pointer_mut(&result_ptr).and_then(Value::as_object_mut)
                    {
                        result.insert("requestState".into(), Value::String(token));
                    }
                }
                (Outcome::Replace(msg), None)
            }
            Outcome::Original => {
                let Some(tree) = parsed else {
                    return (Outcome::Original, None);
                };
                let sealed = match self.seal_all(tree, Some(original), carriers, client_id, counted)
                {
                    Ok(s) => s,
                    Err(stop) => return stop,
                };
                if sealed.is_empty() {
                    return (Outcome::Original, None);
                }
                if splice {
                    if let Some(bytes) = splice_states(original, tree, &sealed) {
                        return (Outcome::Sealed(bytes), None);
                    }
                }
                let mut msg = tree.to_value();
                for (result_ptr, token) in sealed {
                    if let Some(result) =
                        msg.pointer_mut(&result_ptr).and_then(Value::as_object_mut)
                    {
                        result.insert("requestState".into(), Value::String(token));
                    }
                }
                (Outcome::Replace(msg), None)
            }
            other => (other, None),
        }
    }

    /// Budgets and envelopes for every carrier of `msg`: the sealed `requestState` of each `input_required`
    /// result, with the pointer to that result, or the outcome that stops the message. `source`: the bytes `msg`
    /// was parsed from, when it is unchanged, so an asked schema is sealed from its own text.
    fn seal_all(
        &self,
        msg: &Node<'_>,
        source: Option<&[u8]>,
        carriers: &[Carrier],
        client_id: Option<&Value>,
        counted: Option<Result<(), LimitError>>,
    ) -> Result<Vec<(String, String)>, Stopped> {
        let mut sealed = Vec::new();
        for c in carriers {
            match c.kind {
                CarrierKind::InputRequired => {
                    let round = self.prev_round.saturating_add(1);
                    if let Err(l) = self.limits(round, counted) {
                        return Err((limited_error(c.id.as_ref().or(client_id), &l), Some(l)));
                    }
                    let result_ptr = pointer_push(&c.msg_ptr, "result");
                    let upstream_state = msg
                        .pointer(&result_ptr)
                        .and_then(|r| r.get("requestState"))
                        .and_then(Node::as_str);
                    let asked: Vec<(&str, Asked)> = c
                        .entries
                        .iter()
                        .map(|e| {
                            let a = match e.method {
                                InputMethod::Form => asked_form(msg.pointer(&e.params_ptr), source),
                                InputMethod::Url => Asked::Url,
                                InputMethod::Sampling => Asked::Sampling,
                                InputMethod::Roots => Asked::Roots,
                            };
                            (e.key.as_str(), a)
                        })
                        .collect();
                    let failed = || (sealing_failed(c.id.as_ref().or(client_id)), None);
                    let now = now_unix();
                    // Borrowed, not copied into an owned `Envelope`: see `Claims`.
                    let claims = Claims {
                        upstream_state,
                        principal: &self.principal,
                        route: &self.route,
                        method: &self.method,
                        params_digest: self.params_digest.get(),
                        asked: &asked,
                        round,
                        issued_at: now,
                        expires_at: now.saturating_add(self.ttl_seconds),
                    };
                    self.metrics.rounds.observe(f64::from(round));
                    let Ok((token, _id)) = self.keyring.seal_claims_fresh(&claims) else {
                        return Err(failed());
                    };
                    sealed.push((result_ptr, token));
                }
                CarrierKind::ServerRequest
                    if c.entries
                        .iter()
                        .any(|e| matches!(e.method, InputMethod::Form | InputMethod::Url)) =>
                {
                    let round = self
                        .legacy_rounds
                        .fetch_add(1, Ordering::Relaxed)
                        .saturating_add(1);
                    if let Err(l) = self.limits(round, counted) {
                        let answer = Reply::LimitedForUser { rule: l.rule }.message(c.id.as_ref());
                        let client_error = client_id.map(|_| Box::new(limited_reply(&l)));
                        return Err((
                            Outcome::DropServerRequests {
                                upstream_answers: vec![answer],
                                client_error,
                            },
                            Some(l),
                        ));
                    }
                }
                _ => {}
            }
        }
        Ok(sealed)
    }

    fn limits(&self, round: u32, counted: Option<Result<(), LimitError>>) -> Result<(), Limited> {
        let as_limited = |e: LimitError| Limited {
            rule: e.rule(),
            retry_after: e.retry_after_seconds(),
        };
        let r = check_round(round, self.max_rounds)
            .map_err(as_limited)
            .and_then(|()| {
                match (&self.counter, counted) {
                    (Counter::Local(l), _) => l.check(&self.route, &self.principal),
                    (Counter::Shared(..), Some(counted)) => counted,
                    // Not counted: nothing says the round is within the limits.
                    (Counter::Shared(..), None) => Err(LimitError::Rate {
                        scope: Scope::Unavailable,
                        retry_after_seconds: 1,
                    }),
                }
                .map_err(as_limited)
            });
        if let Err(l) = &r {
            let scope = l.rule.strip_prefix("limit.").unwrap_or(l.rule);
            let scope: &'static str = match scope {
                "rounds" => "rounds",
                "rate.principal" => "principal",
                "rate.route" => "route",
                "rate.unavailable" => "unavailable",
                _ => "overflow",
            };
            self.metrics
                .rate_limited
                .get_or_create(&crate::telemetry::ScopeLabels { scope })
                .inc();
        }
        r
    }
}

/// The form's asked schema: its own text in `source` (the bytes the tree was parsed from, when it is
/// unchanged: compacted, not re-serialised), else the tree's. A missing schema is sealed as `null`, which
/// fails every answer closed.
fn asked_form(params: Option<&Node<'_>>, source: Option<&[u8]>) -> Asked {
    let params = params.and_then(Node::as_object);
    let text = |span: std::ops::Range<usize>| {
        source
            .and_then(|s| s.get(span))
            .and_then(|t| std::str::from_utf8(t).ok())
    };
    // Written compact (as SDKs write it): copied as it is. Else compacted. A tree made from a `Value` has no
    // spans and takes the last branch.
    if let Some(written) = params
        .and_then(|p| p.compact_span_of("requestedSchema"))
        .and_then(text)
    {
        return Asked::Form {
            schema: SchemaText::from_compact_json(written),
        };
    }
    if let Some(written) = params
        .and_then(|p| p.span_of("requestedSchema"))
        .and_then(text)
    {
        return Asked::Form {
            schema: SchemaText::from_json(written),
        };
    }
    let schema = params
        .and_then(|p| p.get("requestedSchema"))
        .map(Node::to_value)
        .unwrap_or(Value::Null);
    Asked::form(&schema)
}

/// The upstream's bytes with each sealed `requestState` in place of its own (or added as the result's last
/// member): the client gets the server's message as written. Only for a message that is one object, whose
/// results are found by their spans in `original`; `None` otherwise (the caller re-serialises).
fn splice_states(original: &[u8], tree: &Node<'_>, sealed: &[(String, String)]) -> Option<Vec<u8>> {
    let [(result_ptr, token)] = sealed else {
        // One message carries at most one result; a batch (several) is serialised.
        return None;
    };
    if result_ptr != "/result" {
        return None;
    }
    let top = tree.as_object()?;
    let result_span = top.span_of("result")?;
    let result = top.get("result")?.as_object()?;
    // The token quoted as serde_json writes it, straight into the output (`write_json_str`).
    let mut out = Vec::with_capacity(original.len() + token.len() + 22);
    match result.span_of("requestState") {
        Some(state) => {
            out.extend_from_slice(original.get(..state.start)?);
            write_json_str(&mut out, token);
            out.extend_from_slice(original.get(state.end..)?);
        }
        None => {
            // Before the result's closing brace, after a comma unless it has no member.
            let close = result_span.end.checked_sub(1)?;
            if original.get(close) != Some(&b'}') {
                return None;
            }
            out.extend_from_slice(original.get(..close)?);
            if !result.is_empty() {
                out.push(b',');
            }
            out.extend_from_slice(b"\"requestState\":");
            write_json_str(&mut out, token);
            out.extend_from_slice(original.get(close..)?);
        }
    }
    Some(out)
}

/// The reply to a call a limit stopped.
fn limited_reply(l: &Limited) -> Reply {
    Reply::Limited {
        rule: l.rule,
        retry_after: l.retry_after,
    }
}

/// A -32011 error for a limit, to request `id`.
pub fn limited_error(id: Option<&Value>, l: &Limited) -> Outcome {
    Outcome::Error {
        reply: Box::new(limited_reply(l)),
        id: id.cloned(),
    }
}

/// The error when the server's `requestState` cannot be sealed: its input request does not go out.
fn sealing_failed(id: Option<&Value>) -> Outcome {
    Outcome::Error {
        reply: Box::new(Reply::SealFailed),
        id: id.cloned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// `s` as [`write_json_str`] writes it.
    fn json_string(s: &str) -> String {
        let mut out = Vec::new();
        write_json_str(&mut out, s);
        String::from_utf8(out).unwrap()
    }

    proptest! {
        /// The quoting shortcut writes what serde_json writes, for any string (controls, quotes, backslashes,
        /// DEL, any Unicode), so a spliced token reads back as the same string.
        #[test]
        fn json_string_is_serde_jsons_quoting(s in any::<String>(), token in "[A-Za-z0-9_.~-]{0,64}") {
            prop_assert_eq!(json_string(&s), serde_json::to_string(&s).unwrap());
            prop_assert_eq!(json_string(&token), serde_json::to_string(&token).unwrap());
        }
    }

    /// What re-serialising would send: the same message with `result.requestState` set.
    fn via_tree(bytes: &[u8], token: &str) -> Value {
        let mut v: Value = serde_json::from_slice(bytes).unwrap();
        v["result"]["requestState"] = Value::from(token);
        v
    }

    fn spliced(bytes: &[u8], token: &str) -> Option<Vec<u8>> {
        let tree = crate::wire::tree::parse(bytes, crate::wire::tree::test_arena()).unwrap();
        splice_states(bytes, &tree, &[("/result".to_owned(), token.to_owned())])
    }

    #[test]
    fn the_sealed_state_replaces_or_joins_the_result_and_nothing_else_moves() {
        let cases: &[&[u8]] = &[
            br#"{"jsonrpc":"2.0","id":1,"result":{"resultType":"input_required","inputRequests":{},"requestState":"up-1"}}"#,
            br#"{"result":{"requestState":"a\"b","x":1.50e3},"id":"r"}"#,
            br#" { "id" : 1 , "result" : { "inputRequests" : { "requestState" : 1 } } } "#,
            br#"{"id":1,"result":{}}"#,
            br#"{"id":1,"result":{ }}"#,
            br#"{"id":1,"result":{"request\u0053tate":"escaped-key"}}"#,
            br#"{"result":{"resultType":"input_required","requestState":null,"nested":{"requestState":"keep"}}}"#,
            b"{\n  \"id\": 1,\n  \"result\": {\n    \"requestState\": \"s\"\n  }\n}\n",
        ];
        for bytes in cases {
            let out = spliced(bytes, "eg1.sealed").unwrap();
            let got = crate::wire::strict::parse_strict(&out).unwrap();
            assert_eq!(
                got,
                via_tree(bytes, "eg1.sealed"),
                "{}",
                String::from_utf8_lossy(bytes)
            );
        }
        // Untouched bytes stay as the server wrote them.
        assert_eq!(
            spliced(cases[1], "t").unwrap(),
            br#"{"result":{"requestState":"t","x":1.50e3},"id":"r"}"#
        );
        assert_eq!(
            spliced(br#"{"id":1,"result":{"a":1}}"#, "t").unwrap(),
            br#"{"id":1,"result":{"a":1,"requestState":"t"}}"#
        );
    }

    #[test]
    fn anything_but_one_message_with_one_result_is_serialised() {
        let batch = br#"[{"id":1,"result":{}}]"#;
        let tree = crate::wire::tree::parse(batch, crate::wire::tree::test_arena()).unwrap();
        assert!(splice_states(batch, &tree, &[("/0/result".into(), "t".into())]).is_none());
        let one = br#"{"id":1,"result":{}}"#;
        let tree = crate::wire::tree::parse(one, crate::wire::tree::test_arena()).unwrap();
        let two = [
            ("/result".to_owned(), "t".to_owned()),
            ("/result".to_owned(), "u".to_owned()),
        ];
        assert!(splice_states(one, &tree, &two).is_none());
        // A tree without spans (made from a Value) is never spliced.
        let v: Value = serde_json::from_slice(one).unwrap();
        let tree = Node::from_value(&v, crate::wire::tree::test_arena());
        assert!(splice_states(one, &tree, &[("/result".into(), "t".into())]).is_none());
    }

    proptest! {
        /// Any result object, compact or pretty, any key order: the splice reads back as the re-serialised
        /// message, and parses strictly.
        #[test]
        fn the_splice_agrees_with_the_tree(
            members in prop::collection::btree_map(
                "requestState|inputRequests|resultType|_meta|n|[a-z\"\\\\{]{0,4}",
                prop_oneof![
                    Just(Value::Null),
                    any::<i64>().prop_map(Value::from),
                    "[a-z\"\\\\{}\\[\\],:]{0,8}".prop_map(Value::from),
                    Just(serde_json::json!({"requestState": "inner", "a": [1, {"b": "}"}]})),
                ],
                0..6,
            ),
            pretty in any::<bool>(),
            token in "[A-Za-z0-9_.-]{1,40}",
        ) {
            let msg = serde_json::json!({"jsonrpc": "2.0", "id": 1, "result": Value::Object(members.into_iter().collect())});
            let bytes = if pretty { serde_json::to_vec_pretty(&msg).unwrap() } else { serde_json::to_vec(&msg).unwrap() };
            let out = spliced(&bytes, &token).unwrap();
            let got = crate::wire::strict::parse_strict(&out).unwrap();
            prop_assert_eq!(got, via_tree(&bytes, &token));
        }
    }

    fn call(arguments: &str) -> Bytes {
        Bytes::from(format!(
            r#"{{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{{"name":"book","arguments":{arguments}}}}}"#
        ))
    }

    fn expected(arguments: &str) -> String {
        let v: Value = serde_json::from_slice(&call(arguments)).unwrap();
        params_digest(&v["params"])
    }

    #[test]
    fn the_lazy_digest_is_the_params_digest_whatever_the_response_kind() {
        let small = r#"{"table":4}"#;
        let large = format!(r#"{{"note":"{}"}}"#, "x".repeat(STREAM_KEEP_BYTES));
        for args in [small, large.as_str()] {
            let want = expected(args);
            let read = || {
                let body = call(args);
                let skimmed = crate::wire::skim_request(&body, None).unwrap();
                ParamsDigest::of_canonical(skimmed.canonical_params)
            };
            assert_eq!(read().get(), want);
            let streamed = read().for_stream();
            // A stream holds at most a small canonical text, never a large one.
            assert!(streamed.canonical.len() <= STREAM_KEEP_BYTES);
            assert_eq!(streamed.get(), want);
        }
    }

    #[test]
    fn a_known_digest_survives_a_stream() {
        // A checked retry knows its digest and has no body to fall back on.
        let d = ParamsDigest::known("ab".repeat(32)).for_stream();
        assert_eq!(d.get(), "ab".repeat(32));
    }
}
