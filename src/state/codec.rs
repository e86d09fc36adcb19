//! The binary layout of an [`Envelope`] inside the AEAD plaintext.
//!
//! Hand-written on purpose: the envelope is a dozen flat fields that must seal and open well within their
//! budget (BENCHMARKS.md: 2 µs for both), and the general serde formats either cannot hold the asked schemas
//! (postcard and bincode cannot carry JSON values) or cost several times more (JSON with a parsed `Value`
//! inside was well over the budget on its own). The schema travels as the compact JSON text it was asked
//! with and is parsed only when an answer is checked against it ([`super::SchemaText`]).
//!
//! Layout (all integers big-endian; a `str` is a u32 length then that many UTF-8 bytes):
//! `u8 CODEC_VERSION`, `str id`, `str principal`, `str route`, `str method`, `str params_digest`,
//! `u32 round`, `u64 issued_at`, `u8 has_upstream_state` [`str upstream_state`], `u32 asked count`, then per
//! asked key `str key`, `u8 kind` (0 form, 1 url, 2 sampling, 3 roots) [`str schema` for a form].
//! The expiry is not here: it is the 8-byte prefix every sealed token carries (see `keyring`).
//! Decoding refuses a wrong version, a short or overlong buffer, bad UTF-8 and unknown kinds: although only
//! authenticated bytes reach it, a decoder that trusts its input is one key leak away from a panic.

use super::{Asked, Claims, Envelope, SchemaText};

/// Version of this layout, first byte of the plaintext after the expiry.
const CODEC_VERSION: u8 = 1;

/// Most asked keys decoded from one envelope. `inputRequests` maps are bounded far below this by the
/// response size limit; the bound keeps a forged count from reserving memory.
const MAX_ASKED: usize = 4096;

/// Appends the envelope of id `id` and claims `env` (without its expiry) to `out`.
pub(super) fn encode<K: AsRef<str>>(id: &str, env: &Claims<'_, K>, out: &mut Vec<u8>) {
    out.push(CODEC_VERSION);
    for s in [id, env.principal, env.route, env.method, env.params_digest] {
        put_str(out, s);
    }
    out.extend_from_slice(&env.round.to_be_bytes());
    out.extend_from_slice(&env.issued_at.to_be_bytes());
    match env.upstream_state {
        Some(s) => {
            out.push(1);
            put_str(out, s);
        }
        None => out.push(0),
    }
    put_len(out, env.asked.len());
    for (key, asked) in env.asked {
        put_str(out, key.as_ref());
        match asked {
            Asked::Form { schema } => {
                out.push(0);
                put_str(out, schema.as_str());
            }
            Asked::Url => out.push(1),
            Asked::Sampling => out.push(2),
            Asked::Roots => out.push(3),
        }
    }
}

/// Bytes an encoded envelope takes, to size the buffer once.
pub(super) fn encoded_len<K: AsRef<str>>(id: &str, env: &Claims<'_, K>) -> usize {
    let strs = id.len()
        + env.principal.len()
        + env.route.len()
        + env.method.len()
        + env.params_digest.len();
    let state = env.upstream_state.map_or(0, |s| 4 + s.len());
    let asked: usize = env
        .asked
        .iter()
        .map(|(k, a)| {
            4 + k.as_ref().len()
                + 1
                + match a {
                    Asked::Form { schema } => 4 + schema.as_str().len(),
                    _ => 0,
                }
        })
        .sum();
    1 + 5 * 4 + strs + 4 + 8 + 1 + state + 4 + asked
}

/// Decodes what [`encode`] wrote; `expires_at` comes from the token's prefix.
pub(super) fn decode(bytes: &[u8], expires_at: u64) -> Option<Envelope> {
    let mut r = Reader { rest: bytes };
    if r.u8()? != CODEC_VERSION {
        return None;
    }
    let id = r.string()?;
    let principal = r.string()?;
    let route = r.string()?;
    let method = r.string()?;
    let params_digest = r.string()?;
    let round = u32::from_be_bytes(r.array()?);
    let issued_at = u64::from_be_bytes(r.array()?);
    let upstream_state = match r.u8()? {
        0 => None,
        1 => Some(r.string()?),
        _ => return None,
    };
    let count = u32::from_be_bytes(r.array()?) as usize;
    if count > MAX_ASKED {
        return None;
    }
    let mut asked = Vec::with_capacity(count);
    for _ in 0..count {
        let key = r.string()?;
        let a = match r.u8()? {
            0 => Asked::Form {
                schema: SchemaText::from_text(r.string()?),
            },
            1 => Asked::Url,
            2 => Asked::Sampling,
            3 => Asked::Roots,
            _ => return None,
        };
        asked.push((key, a));
    }
    if !r.rest.is_empty() {
        return None;
    }
    Some(Envelope {
        id,
        upstream_state,
        principal,
        route,
        method,
        params_digest,
        asked,
        round,
        issued_at,
        expires_at,
    })
}

fn put_len(out: &mut Vec<u8>, len: usize) {
    // Every field is bounded far below 4 GiB (the token itself is capped at MAX_TOKEN_CHARS); saturating
    // keeps a impossible overflow from wrapping into a valid-looking length.
    let len = u32::try_from(len).unwrap_or(u32::MAX);
    out.extend_from_slice(&len.to_be_bytes());
}

fn put_str(out: &mut Vec<u8>, s: &str) {
    put_len(out, s.len());
    out.extend_from_slice(s.as_bytes());
}

/// A cursor over the plaintext; every read is bounds-checked.
struct Reader<'a> {
    rest: &'a [u8],
}

impl Reader<'_> {
    fn take(&mut self, n: usize) -> Option<&[u8]> {
        let (head, tail) = self.rest.split_at_checked(n)?;
        self.rest = tail;
        Some(head)
    }

    fn u8(&mut self) -> Option<u8> {
        self.take(1)?.first().copied()
    }

    fn array<const N: usize>(&mut self) -> Option<[u8; N]> {
        self.take(N)?.try_into().ok()
    }

    fn string(&mut self) -> Option<String> {
        let len = u32::from_be_bytes(self.array()?) as usize;
        let bytes = self.take(len)?;
        std::str::from_utf8(bytes).ok().map(str::to_owned)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn sample() -> Envelope {
        Envelope {
            id: "0123456789abcdef0123456789abcdef".into(),
            upstream_state: Some("s\u{e9}\u{0}t".into()),
            principal: "https://idp|alice".into(),
            route: "r".into(),
            method: "tools/call".into(),
            params_digest: "ab".repeat(32),
            asked: vec![
                ("f".into(), Asked::form(&json!({"type": "object"}))),
                ("u".into(), Asked::Url),
                ("s".into(), Asked::Sampling),
                ("o".into(), Asked::Roots),
            ],
            round: 3,
            issued_at: 10,
            expires_at: 20,
        }
    }

    #[test]
    fn round_trips_and_sizes_exactly() {
        for env in [
            sample(),
            Envelope {
                upstream_state: None,
                asked: vec![],
                ..sample()
            },
        ] {
            let mut buf = Vec::new();
            encode(&env.id, &env.claims(), &mut buf);
            assert_eq!(buf.len(), encoded_len(&env.id, &env.claims()));
            assert_eq!(decode(&buf, 20), Some(env));
        }
    }

    /// Claims borrowed as sealing holds them (asked keys as `&str`) encode to the same bytes as the owned
    /// envelope they describe.
    #[test]
    fn borrowed_claims_encode_as_the_envelope() {
        let env = sample();
        let keys: Vec<(&str, Asked)> = env
            .asked
            .iter()
            .map(|(k, a)| (k.as_str(), a.clone()))
            .collect();
        let owned = env.claims();
        let borrowed = Claims {
            upstream_state: owned.upstream_state,
            principal: owned.principal,
            route: owned.route,
            method: owned.method,
            params_digest: owned.params_digest,
            asked: &keys,
            round: owned.round,
            issued_at: owned.issued_at,
            expires_at: owned.expires_at,
        };
        let (mut owned_bytes, mut borrowed_bytes) = (Vec::new(), Vec::new());
        encode(&env.id, &env.claims(), &mut owned_bytes);
        encode(&env.id, &borrowed, &mut borrowed_bytes);
        assert_eq!(owned_bytes, borrowed_bytes);
        assert_eq!(encoded_len(&env.id, &borrowed), borrowed_bytes.len());
        assert_eq!(decode(&borrowed_bytes, env.expires_at), Some(env));
    }

    #[test]
    fn refuses_every_truncation_extension_and_bad_tag() {
        let mut buf = Vec::new();
        let env = sample();
        encode(&env.id, &env.claims(), &mut buf);
        for len in 0..buf.len() {
            assert_eq!(decode(&buf[..len], 20), None, "len {len}");
        }
        let mut longer = buf.clone();
        longer.push(0);
        assert_eq!(decode(&longer, 20), None);
        let mut wrong_version = buf.clone();
        wrong_version[0] = 2;
        assert_eq!(decode(&wrong_version, 20), None);
    }

    proptest::proptest! {
        #[test]
        fn arbitrary_bytes_never_panic(bytes in proptest::collection::vec(proptest::num::u8::ANY, 0..256)) {
            let _ = decode(&bytes, 0);
        }
    }
}
