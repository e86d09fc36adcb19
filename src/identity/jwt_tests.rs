use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use aws_lc_rs::signature::{EcdsaKeyPair, KeyPair, ECDSA_P256_SHA256_FIXED_SIGNING};
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine as _;
use jsonwebtoken::{encode, EncodingKey, Header};
use serde_json::{json, Value};

use super::*;
use crate::identity::{JwksFetch, KeySet, MAX_JWKS_BYTES};

const SECRET: &[u8] = b"0123456789abcdef0123456789abcdef";
const ISS: &str = "https://idp.example";
const AUD: &str = "https://gw.example/mcp";

fn now() -> u64 {
    jsonwebtoken::get_current_timestamp()
}

fn claims() -> Value {
    json!({"iss": ISS, "sub": "alice", "aud": AUD, "exp": now() + 600, "iat": now()})
}

fn hs_jwks() -> String {
    json!({"keys":[{"kty":"oct","kid":"h1","alg":"HS256","k": URL_SAFE_NO_PAD.encode(SECRET)}]})
        .to_string()
}

fn hs_token(kid: Option<&str>, alg: Algorithm, claims: &Value) -> String {
    let mut h = Header::new(alg);
    h.kid = kid.map(str::to_owned);
    encode(&h, claims, &EncodingKey::from_secret(SECRET).unwrap()).unwrap()
}

fn config(algs: &[Algorithm]) -> JwtConfig {
    JwtConfig {
        issuers: vec![ISS.into()],
        audiences: vec![AUD.into()],
        algorithms: algs.to_vec(),
        leeway_seconds: 30,
    }
}

fn hs_verifier() -> JwtVerifier {
    let source = JwksSource::fixed(KeySet::from_jwks(&hs_jwks()).unwrap());
    JwtVerifier::new(config(&[Algorithm::HS256]), Arc::new(source)).unwrap()
}

/// An ES256 key pair: (JWKS text, encoding key).
fn es_key(kid: &str) -> (Value, EncodingKey) {
    let kp = EcdsaKeyPair::generate(&ECDSA_P256_SHA256_FIXED_SIGNING).unwrap();
    let pkcs8 = kp.to_pkcs8v1().unwrap();
    let point = kp.public_key().as_ref();
    assert_eq!(point.len(), 65);
    let jwk = json!({"kty":"EC","crv":"P-256","kid":kid,"alg":"ES256","use":"sig",
        "x": URL_SAFE_NO_PAD.encode(&point[1..33]), "y": URL_SAFE_NO_PAD.encode(&point[33..65])});
    (jwk, EncodingKey::from_ec_der(pkcs8.as_ref()))
}

fn es_token(kid: &str, key: &EncodingKey, claims: &Value) -> String {
    let mut h = Header::new(Algorithm::ES256);
    h.kid = Some(kid.into());
    encode(&h, claims, key).unwrap()
}

#[test]
fn hs256_from_jwks_oct_key() {
    let v = hs_verifier();
    let p = v
        .verify(&hs_token(Some("h1"), Algorithm::HS256, &claims()))
        .unwrap();
    assert_eq!(p.to_string(), "https://idp.example|alice");
    // No kid: the single fitting key is tried.
    assert!(v
        .verify(&hs_token(None, Algorithm::HS256, &claims()))
        .is_ok());
}

#[test]
fn refused_tokens_table() {
    let v = hs_verifier();
    let with = |k: &str, val: Value| {
        let mut c = claims();
        c[k] = val;
        hs_token(Some("h1"), Algorithm::HS256, &c)
    };
    let without = |k: &str| {
        let mut c = claims();
        c.as_object_mut().unwrap().remove(k);
        hs_token(Some("h1"), Algorithm::HS256, &c)
    };
    let good = hs_token(Some("h1"), Algorithm::HS256, &claims());
    let mut tampered = good.clone().into_bytes();
    let mid = good.find('.').unwrap() + 3;
    tampered[mid] = if tampered[mid] == b'A' { b'B' } else { b'A' };
    let tampered = String::from_utf8(tampered).unwrap();
    let mut bad_sig = good.clone();
    bad_sig.truncate(good.rfind('.').unwrap() + 1);
    bad_sig.push_str(&URL_SAFE_NO_PAD.encode([7u8; 32]));
    // `alg: none` with no signature.
    let none = format!(
        "{}.{}.",
        URL_SAFE_NO_PAD.encode(r#"{"alg":"none","typ":"JWT"}"#),
        URL_SAFE_NO_PAD.encode(claims().to_string())
    );

    let cases: Vec<(String, IdentityError)> = vec![
        (
            with("aud", json!("https://other.example")),
            IdentityError::Invalid { reason: "audience" },
        ),
        (
            with("iss", json!("https://evil.example")),
            IdentityError::Invalid { reason: "issuer" },
        ),
        (
            with("exp", json!(now() - 120)),
            IdentityError::Invalid { reason: "expired" },
        ),
        (
            with("nbf", json!(now() + 120)),
            IdentityError::Invalid {
                reason: "not_yet_valid",
            },
        ),
        (
            with("sub", json!("")),
            IdentityError::Invalid { reason: "subject" },
        ),
        (
            without("sub"),
            IdentityError::Invalid {
                reason: "missing_claim",
            },
        ),
        (
            without("aud"),
            IdentityError::Invalid {
                reason: "missing_claim",
            },
        ),
        (
            without("exp"),
            IdentityError::Invalid {
                reason: "missing_claim",
            },
        ),
        (
            hs_token(Some("h1"), Algorithm::HS384, &claims()),
            IdentityError::Algorithm,
        ),
        (
            hs_token(Some("nope"), Algorithm::HS256, &claims()),
            IdentityError::UnknownKey,
        ),
        (
            bad_sig,
            IdentityError::Invalid {
                reason: "signature",
            },
        ),
        (none, IdentityError::Malformed),
        ("not.a.jwt".into(), IdentityError::Malformed),
        ("x".repeat(MAX_JWT_BYTES + 1), IdentityError::Malformed),
    ];
    for (token, want) in cases {
        assert_eq!(v.verify(&token), Err(want.clone()), "{want:?}");
    }
    assert!(v.verify(&tampered).is_err());
    // Within the leeway an expired token still passes (clock skew).
    assert!(v.verify(&with("exp", json!(now() - 10))).is_ok());
}

#[test]
fn es256_and_algorithm_confusion() {
    let (jwk, key) = es_key("e1");
    let mut hs = serde_json::from_str::<Value>(&hs_jwks()).unwrap()["keys"][0].clone();
    hs["kid"] = json!("h1");
    let jwks =
        json!({"keys":[jwk, hs, {"kty":"weird","kid":"w"}, {"kty":"oct","use":"enc","k":"AAAA"}]});
    let set = KeySet::from_jwks(&jwks.to_string()).unwrap();
    assert_eq!(set.len(), 2);
    let v = JwtVerifier::new(
        config(&[Algorithm::ES256, Algorithm::HS256]),
        Arc::new(JwksSource::fixed(set)),
    )
    .unwrap();
    assert_eq!(
        v.verify(&es_token("e1", &key, &claims())).unwrap(),
        Principal::Verified {
            issuer: ISS.into(),
            subject: "alice".into()
        }
    );
    // An HS256 token naming the EC key's kid: the EC key is never used as an HMAC secret.
    assert_eq!(
        v.verify(&hs_token(Some("e1"), Algorithm::HS256, &claims())),
        Err(IdentityError::Algorithm)
    );
    // Another EC key with the same kid: signature refused.
    let (_, other) = es_key("e1");
    assert_eq!(
        v.verify(&es_token("e1", &other, &claims())),
        Err(IdentityError::Invalid {
            reason: "signature"
        })
    );
}

#[test]
fn config_is_checked() {
    let src = || Arc::new(JwksSource::fixed(KeySet::from_jwks(&hs_jwks()).unwrap()));
    let mut c = config(&[Algorithm::HS256]);
    c.audiences.clear();
    assert!(JwtVerifier::new(c, src()).is_err());
    let mut c = config(&[Algorithm::HS256]);
    c.issuers = vec![String::new()];
    assert!(JwtVerifier::new(c, src()).is_err());
    assert!(JwtVerifier::new(config(&[]), src()).is_err());
    let mut c = config(&[Algorithm::HS256]);
    c.leeway_seconds = MAX_LEEWAY_SECONDS + 1;
    assert!(JwtVerifier::new(c, src()).is_err());
    for bad in [
        "",
        "{}",
        r#"{"keys":[]}"#,
        r#"{"keys":[{"kty":"weird"}]}"#,
        "[1]",
    ] {
        assert!(KeySet::from_jwks(bad).is_err(), "{bad}");
    }
    assert!(KeySet::from_jwks(&" ".repeat(MAX_JWKS_BYTES + 1)).is_err());
}

/// A fetcher that serves `docs` in turn (the last one forever) and counts calls; `None` fails.
fn fetcher(docs: Vec<Option<String>>) -> (JwksFetch, Arc<AtomicUsize>) {
    let calls = Arc::new(AtomicUsize::new(0));
    let c = calls.clone();
    let docs = Arc::new(docs);
    let f: JwksFetch = Arc::new(move || {
        let n = c.fetch_add(1, Ordering::SeqCst);
        let doc = docs.get(n).or(docs.last()).cloned().flatten();
        Box::pin(async move { doc.ok_or_else(|| "unreachable".to_string()) })
    });
    (f, calls)
}

#[tokio::test]
async fn remote_jwks_refetches_on_unknown_kid_rate_limited() {
    let (jwk1, key1) = es_key("k1");
    let (jwk2, key2) = es_key("k2");
    let doc1 = json!({"keys":[jwk1.clone()]}).to_string();
    let doc2 = json!({"keys":[jwk1, jwk2]}).to_string();
    let (f, calls) = fetcher(vec![Some(doc1), Some(doc2)]);
    let source = Arc::new(JwksSource::remote(f, Duration::from_secs(3600)));
    let v = JwtVerifier::new(config(&[Algorithm::ES256]), source.clone()).unwrap();

    // Nothing fetched yet: the first token triggers the first fetch.
    v.verify_or_refresh(&es_token("k1", &key1, &claims()))
        .await
        .unwrap();
    assert_eq!(calls.load(Ordering::SeqCst), 1);
    // k2 is unknown, but the interval has not passed: no fetch, fail closed.
    assert_eq!(
        v.verify_or_refresh(&es_token("k2", &key2, &claims())).await,
        Err(IdentityError::UnknownKey)
    );
    assert_eq!(calls.load(Ordering::SeqCst), 1);
    // An explicit refresh (start-up or timer) brings k2 in.
    source.refresh().await.unwrap();
    assert_eq!(calls.load(Ordering::SeqCst), 2);
    v.verify_or_refresh(&es_token("k2", &key2, &claims()))
        .await
        .unwrap();
    // Known kids never fetch.
    v.verify_or_refresh(&es_token("k1", &key1, &claims()))
        .await
        .unwrap();
    assert_eq!(calls.load(Ordering::SeqCst), 2);
}

#[tokio::test]
async fn remote_jwks_fails_closed_and_keeps_old_keys() {
    let (jwk1, key1) = es_key("k1");
    let (_, key2) = es_key("k2");
    let doc1 = json!({"keys":[jwk1]}).to_string();
    // First fetch fails: no keys at all.
    let (f, calls) = fetcher(vec![None, Some(doc1), None]);
    let source = Arc::new(JwksSource::remote(f, Duration::ZERO));
    let v = JwtVerifier::new(config(&[Algorithm::ES256]), source.clone()).unwrap();
    assert_eq!(
        v.verify_or_refresh(&es_token("k1", &key1, &claims())).await,
        Err(IdentityError::KeysUnavailable)
    );
    // Second fetch works.
    v.verify_or_refresh(&es_token("k1", &key1, &claims()))
        .await
        .unwrap();
    // Third fails (unknown kid k2): k2 refused, k1 still verifies with the kept keys.
    assert_eq!(
        v.verify_or_refresh(&es_token("k2", &key2, &claims())).await,
        Err(IdentityError::UnknownKey)
    );
    assert_eq!(calls.load(Ordering::SeqCst), 3);
    v.verify_or_refresh(&es_token("k1", &key1, &claims()))
        .await
        .unwrap();
    assert!(source.refresh().await.is_err());
    assert_eq!(source.keys().len(), 1);
}
