//! The identity reader (`identity::KeySet::from_jwks`, `identity::JwtVerifier::verify`) on hostile key sets
//! and bearer tokens. The input is a JWKS document, then a NUL byte, then a token.
//! - Reading the JWKS and verifying the token (against the fuzz-made key set and against a fixed one holding
//!   the unit tests' keys) never panics.
//! - Every HMAC key the key set kept verifies a token signed with it (under its `kid` and `alg`), and that
//!   token with one character changed, removed or added is refused.
#![no_main]

use std::sync::{Arc, OnceLock};

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine as _;
use elicitguard::identity::{JwksSource, JwtConfig, JwtVerifier, KeySet, Principal};
use jsonwebtoken::jwk::{AlgorithmParameters, Jwk, PublicKeyUse};
use jsonwebtoken::{Algorithm, DecodingKey, EncodingKey, Header};
use libfuzzer_sys::fuzz_target;
use serde_json::{json, Value};

const ISS: &str = "https://idp.example";
const AUD: &str = "https://gw.example/mcp";
/// The unit tests' HMAC secret and an EC key, as a JWKS.
const FIXED_JWKS: &str = r#"{"keys":[{"kty":"oct","kid":"h1","alg":"HS256","k":"MDEyMzQ1Njc4OWFiY2RlZjAxMjM0NTY3ODlhYmNkZWY"},{"kty":"EC","crv":"P-256","kid":"e1","alg":"ES256","use":"sig","x":"f83OJ3D2xF1Bg8vub9tLe1gHMzV76e8Tus9uPHvRVEU","y":"x_FEzRu9m36HLN_tue659LNpXW6pCyStikYjKIWI5a0"}]}"#;

fn config() -> JwtConfig {
    JwtConfig {
        issuers: vec![ISS.into()],
        audiences: vec![AUD.into()],
        algorithms: vec![
            Algorithm::HS256,
            Algorithm::HS384,
            Algorithm::HS512,
            Algorithm::RS256,
            Algorithm::PS256,
            Algorithm::ES256,
            Algorithm::ES384,
            Algorithm::EdDSA,
        ],
        leeway_seconds: 30,
    }
}

fn verifier(keys: KeySet) -> JwtVerifier {
    JwtVerifier::new(config(), Arc::new(JwksSource::fixed(keys))).expect("valid config")
}

fn fixed() -> &'static JwtVerifier {
    static V: OnceLock<JwtVerifier> = OnceLock::new();
    V.get_or_init(|| verifier(KeySet::from_jwks(FIXED_JWKS).expect("fixed JWKS")))
}

fuzz_target!(|data: &[u8]| {
    let (doc, token) = match data.iter().position(|&b| b == 0) {
        Some(i) => (&data[..i], &data[i + 1..]),
        None => (data, &[][..]),
    };
    let doc = String::from_utf8_lossy(doc);
    let token = String::from_utf8_lossy(token);
    let _ = fixed().verify(&token);
    let Ok(keys) = KeySet::from_jwks(&doc) else {
        return;
    };
    assert!(!keys.is_empty());
    let v = verifier(keys);
    let _ = v.verify(&token);
    signed(&v, &doc, data.len());
});

/// The HMAC keys `from_jwks` keeps, signing: each verifies its own token, and a changed token fails.
fn signed(v: &JwtVerifier, doc: &str, salt: usize) {
    let Ok(parsed) = serde_json::from_str::<Value>(doc) else {
        return;
    };
    let Some(list) = parsed.get("keys").and_then(Value::as_array) else {
        return;
    };
    let now = jsonwebtoken::get_current_timestamp();
    let claims = json!({"iss": ISS, "sub": "alice", "aud": AUD, "exp": now + 3600, "iat": now});
    for (n, raw) in list.iter().enumerate().take(8) {
        let Ok(jwk) = serde_json::from_value::<Jwk>(raw.clone()) else {
            continue;
        };
        if jwk.common.public_key_use == Some(PublicKeyUse::Encryption) {
            continue;
        }
        let AlgorithmParameters::OctetKey(params) = &jwk.algorithm else {
            continue;
        };
        if DecodingKey::from_jwk(&jwk).is_err() {
            continue;
        }
        let alg = match raw.get("alg").and_then(Value::as_str) {
            None => Algorithm::HS256,
            Some(a) => match a.parse::<Algorithm>() {
                Ok(a @ (Algorithm::HS256 | Algorithm::HS384 | Algorithm::HS512)) => a,
                _ => continue,
            },
        };
        let secret = URL_SAFE_NO_PAD
            .decode(&params.value)
            .expect("from_jwk decoded it");
        let mut header = Header::new(alg);
        header.kid = jwk.common.key_id.clone();
        let key = EncodingKey::from_secret(&secret).expect("a non-empty secret");
        let token = jsonwebtoken::encode(&header, &claims, &key).expect("signs");
        match v.verify(&token) {
            Ok(Principal::Verified { issuer, subject }) => {
                assert_eq!((issuer.as_str(), subject.as_str()), (ISS, "alice"));
            }
            other => panic!(
                "key {n} ({:?}) did not verify its own token: {other:?}",
                jwk.common.key_id
            ),
        }
        let at = (salt * 31 + n * 17) % token.len();
        let mut changed = token.clone().into_bytes();
        changed[at] = match changed[at] {
            b'A' => b'B',
            b'.' => b'A',
            _ => b'A',
        };
        let changed = String::from_utf8(changed).expect("ASCII");
        assert!(v.verify(&changed).is_err(), "changed at {at}: {changed}");
        let mut removed = token.clone();
        removed.remove(at);
        assert!(v.verify(&removed).is_err(), "removed at {at}: {removed}");
        let mut added = token.clone();
        added.insert(at, 'A');
        assert!(v.verify(&added).is_err(), "added at {at}: {added}");
    }
}
