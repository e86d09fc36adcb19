//! The sealed `requestState` envelope (`state::Keyring`), which a client sends back with any bytes it likes.
//! The first input byte steers (which byte to change, which round), the rest is the payload.
//! - `open` of the payload as a token, bare or behind a real `eg1.<kid>.` prefix, never panics and never
//!   accepts: nothing but the ring's own seal opens.
//! - The payload as an envelope's plaintext (sealed under the request-state label with `seal_bytes`, so it
//!   reaches the binary decoder as a key holder would make it): the decoder never panics, refuses with
//!   `malformed` (or `tampered` for another route), and what it accepts re-seals to exactly the same
//!   plaintext (one encoding per envelope).
//! - The payload cut into claims: seal then open gives the claims back, on every key of the ring and under
//!   the other ring order; the token opened at its expiry, on another route or under another label is
//!   refused; a token with one character changed, one removed or one added is refused.
#![no_main]

use std::sync::OnceLock;

use elicitguard::state::{Asked, Envelope, Keyring, SchemaText, StateError};
use libfuzzer_sys::fuzz_target;

const K1: &str = "MDEyMzQ1Njc4OWFiY2RlZjAxMjM0NTY3ODlhYmNkZWY=";
const K2: &str = "ZmVkY2JhOTg3NjU0MzIxMGZlZGNiYTk4NzY1NDMyMTA=";
const LABEL: &str = "requestState";
const ROUTE: &str = "r1";
const NOW: u64 = 1_000;
const EXPIRES: u64 = 2_000;
const B64: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/// Seals with `a`, opens `a` and `b`.
fn ring() -> &'static Keyring {
    static R: OnceLock<Keyring> = OnceLock::new();
    R.get_or_init(|| Keyring::from_lines(&format!("a: {K1}\nb: {K2}")).expect("ring"))
}

/// Seals with `b`, opens both.
fn other_ring() -> &'static Keyring {
    static R: OnceLock<Keyring> = OnceLock::new();
    R.get_or_init(|| Keyring::from_lines(&format!("b: {K2}\na: {K1}")).expect("ring"))
}

fuzz_target!(|data: &[u8]| {
    let Some((&control, payload)) = data.split_first() else {
        return;
    };
    forged(payload);
    plaintext(payload);
    claims(control, payload);
});

fn forged(payload: &[u8]) {
    let text = String::from_utf8_lossy(payload);
    let kr = ring();
    for token in [
        text.to_string(),
        format!("eg1.a.{text}"),
        format!("eg1.b.{text}"),
    ] {
        for route in [ROUTE, ""] {
            let r = kr.open(&token, route, NOW);
            assert!(r.is_err(), "opened a forged token {token:?}: {r:?}");
            assert!(kr.open_bytes("warnLink", &token, route, NOW).is_err());
        }
    }
}

fn plaintext(payload: &[u8]) {
    let kr = ring();
    let token = kr
        .seal_bytes(LABEL, ROUTE, EXPIRES, payload)
        .expect("seal_bytes");
    match kr.open(&token, ROUTE, NOW) {
        Ok(env) => {
            assert_eq!(env.route, ROUTE);
            assert_eq!(env.expires_at, EXPIRES);
            let again = kr.seal(&env).expect("an opened envelope seals again");
            let plain = kr
                .open_bytes(LABEL, &again, ROUTE, NOW)
                .expect("opens as bytes");
            assert_eq!(
                plain, payload,
                "an accepted plaintext is not the encoding of what it decoded to"
            );
            assert_eq!(kr.open(&again, ROUTE, NOW).as_ref(), Ok(&env));
        }
        Err(e) => assert!(
            matches!(e, StateError::Malformed | StateError::Tampered),
            "{e:?}"
        ),
    }
    assert_eq!(kr.open(&token, ROUTE, EXPIRES), Err(StateError::Expired));
    assert!(kr.open(&token, "r2", NOW).is_err());
}

/// Claims cut from the payload at 0xFF bytes (never in UTF-8).
fn claims(control: u8, payload: &[u8]) {
    let mut fields = payload
        .split(|&b| b == 0xFF)
        .map(|f| String::from_utf8_lossy(f).into_owned());
    let mut next = || fields.next().unwrap_or_default();
    let id = next();
    let upstream = next();
    let principal = next();
    let method = next();
    let params_digest = next();
    let mut asked = Vec::new();
    loop {
        let key = next();
        if key.is_empty() {
            break;
        }
        let kind = match key.len() % 4 {
            0 => Asked::Form {
                schema: SchemaText::from_compact_json(&next()),
            },
            1 => Asked::Url,
            2 => Asked::Sampling,
            _ => Asked::Roots,
        };
        asked.push((key, kind));
    }
    let env = Envelope {
        id,
        upstream_state: (!upstream.is_empty()).then_some(upstream),
        principal,
        route: ROUTE.into(),
        method,
        params_digest,
        asked,
        round: u32::from(control),
        issued_at: u64::from(control) * 3,
        expires_at: EXPIRES,
    };
    let kr = ring();
    let Ok(token) = kr.seal(&env) else {
        assert!(env
            .upstream_state
            .as_ref()
            .is_some_and(|s| s.len() > 64 * 1024));
        return;
    };
    assert!(token.starts_with("eg1.a."));
    assert_eq!(kr.open(&token, ROUTE, NOW).as_ref(), Ok(&env));
    assert_eq!(other_ring().open(&token, ROUTE, NOW).as_ref(), Ok(&env));
    let by_b = other_ring().seal(&env).expect("seals");
    assert!(by_b.starts_with("eg1.b."));
    assert_eq!(kr.open(&by_b, ROUTE, NOW).as_ref(), Ok(&env));
    assert_eq!(kr.open(&token, ROUTE, EXPIRES), Err(StateError::Expired));
    assert_eq!(kr.open(&token, "r2", NOW), Err(StateError::Tampered));
    assert!(kr.open_bytes("warnLink", &token, ROUTE, NOW).is_err());

    // One character changed, removed or added, anywhere.
    let bytes = token.as_bytes();
    let at = (usize::from(control) * 7919 + payload.len()) % bytes.len();
    let mut changed = bytes.to_vec();
    let was = changed[at];
    let pick = B64[(usize::from(control) + at) % B64.len()];
    changed[at] = if pick == was { b'.' } else { pick };
    let changed = String::from_utf8(changed).expect("ASCII");
    assert!(
        kr.open(&changed, ROUTE, NOW).is_err(),
        "a token with byte {at} changed ({:?} -> {:?}) opened",
        char::from(was),
        changed.as_bytes()[at] as char
    );
    let mut removed = token.clone();
    removed.remove(at);
    assert!(
        kr.open(&removed, ROUTE, NOW).is_err(),
        "byte {at} removed opened"
    );
    let mut added = token.clone();
    added.insert(at, char::from(pick));
    assert!(
        kr.open(&added, ROUTE, NOW).is_err(),
        "a byte added at {at} opened"
    );
    // The last character carries the padding bits of the base64: every other value of it too.
    let last = token.len() - 1;
    for &c in B64 {
        if c == bytes[last] {
            continue;
        }
        let mut t = token.clone().into_bytes();
        t[last] = c;
        let t = String::from_utf8(t).expect("ASCII");
        assert!(
            kr.open(&t, ROUTE, NOW).is_err(),
            "the last character {:?} -> {:?} opened",
            char::from(bytes[last]),
            char::from(c)
        );
    }
}
