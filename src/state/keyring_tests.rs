use super::*;
use crate::state::Asked;
use serde_json::json;

const K1: &str = "MDEyMzQ1Njc4OWFiY2RlZjAxMjM0NTY3ODlhYmNkZWY="; // 32 bytes
const K2: &str = "ZmVkY2JhOTg3NjU0MzIxMGZlZGNiYTk4NzY1NDMyMTA="; // 32 bytes

fn envelope(route: &str) -> Envelope {
    Envelope {
        id: Envelope::new_id().unwrap(),
        upstream_state: Some("v1.upstream-state".into()),
        principal: "https://idp.example|alice".into(),
        route: route.into(),
        method: "tools/call".into(),
        params_digest: "00".repeat(32),
        asked: vec![
            (
                "confirm".into(),
                Asked::form(&json!({"type":"object","properties":{"ok":{"type":"boolean"}}})),
            ),
            ("login".into(), Asked::Url),
        ],
        round: 1,
        issued_at: 1000,
        expires_at: 1600,
    }
}

fn ring(text: &str) -> Keyring {
    Keyring::from_lines(text).unwrap()
}

#[test]
fn round_trip_keeps_every_claim() {
    let kr = ring(&format!("a: {K1}"));
    let env = envelope("r1");
    let token = kr.seal(&env).unwrap();
    assert!(token.starts_with("eg1.a."));
    assert_eq!(kr.open(&token, "r1", 1500).unwrap(), env);
    // Nonces are random: the same envelope never seals to the same token.
    assert_ne!(token, kr.seal(&env).unwrap());
}

#[test]
fn a_fresh_seal_draws_the_id_with_the_nonce() {
    let kr = ring(&format!("a: {K1}"));
    let mut seen_ids = std::collections::HashSet::new();
    let mut seen_nonces = std::collections::HashSet::new();
    for _ in 0..64 {
        let mut env = envelope("r1");
        env.id.clear();
        let token = kr.seal_fresh(&mut env).unwrap();
        // A 16-byte id in lowercase hex, sealed inside the token and opened back out.
        assert_eq!(env.id.len(), 32);
        assert!(env
            .id
            .bytes()
            .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b)));
        let opened = kr.open(&token, "r1", 1500).unwrap();
        assert_eq!(opened, env);
        assert!(seen_ids.insert(env.id.clone()), "ids repeat");
        // The nonce travels in clear at the front of the token's body and is not the id's bytes.
        let body = token.rsplit('.').next().unwrap();
        let raw = base64_simd::URL_SAFE_NO_PAD.decode_to_vec(body).unwrap();
        let nonce = raw[..NONCE_LEN].to_vec();
        assert!(!env.id.starts_with(&crate::state::hex(&nonce)));
        assert!(seen_nonces.insert(nonce), "nonces repeat");
    }
    // The bound on the upstream state holds on this path too.
    let mut env = envelope("r1");
    env.upstream_state = Some("x".repeat(MAX_UPSTREAM_STATE_BYTES + 1));
    assert!(matches!(
        kr.seal_fresh(&mut env),
        Err(SealError::UpstreamStateTooLarge)
    ));
}

#[test]
fn every_flipped_byte_fails() {
    let kr = ring(&format!("a: {K1}"));
    let token = kr.seal(&envelope("r1")).unwrap();
    let bytes = token.as_bytes();
    for i in 0..bytes.len() {
        for flip in [0x01u8, 0x20, 0x80] {
            let mut b = bytes.to_vec();
            b[i] ^= flip;
            // A flip may yield invalid UTF-8, which never reaches `open` (it takes &str).
            let Ok(t) = String::from_utf8(b) else {
                continue;
            };
            assert!(kr.open(&t, "r1", 1500).is_err(), "byte {i} flip {flip:#x}");
        }
    }
    // And truncation at every length.
    for len in 0..token.len() {
        assert!(kr.open(&token[..len], "r1", 1500).is_err(), "len {len}");
    }
}

#[test]
fn moved_to_another_route_fails() {
    let kr = ring(&format!("a: {K1}"));
    let token = kr.seal(&envelope("r1")).unwrap();
    assert_eq!(kr.open(&token, "r2", 1500), Err(StateError::Tampered));
    assert_eq!(kr.open(&token, "r1x", 1500), Err(StateError::Tampered));
    assert_eq!(kr.open(&token, "", 1500), Err(StateError::Tampered));
}

#[test]
fn expired_fails_at_the_expiry_second() {
    let kr = ring(&format!("a: {K1}"));
    let token = kr.seal(&envelope("r1")).unwrap();
    assert!(kr.open(&token, "r1", 1599).is_ok());
    assert_eq!(kr.open(&token, "r1", 1600), Err(StateError::Expired));
    assert_eq!(kr.open(&token, "r1", u64::MAX), Err(StateError::Expired));
}

#[test]
fn rotation_old_key_opens_new_key_seals() {
    let old = ring(&format!("old: {K1}"));
    let rotated = ring(&format!("# rotated\nnew: {K2}\nold: {K1}\n"));
    let env = envelope("r1");
    let old_token = old.seal(&env).unwrap();
    assert_eq!(rotated.open(&old_token, "r1", 1500).unwrap(), env);
    let new_token = rotated.seal(&env).unwrap();
    assert!(new_token.starts_with("eg1.new."));
    assert_eq!(rotated.sealing_kid(), "new");
    // The old ring does not know `new`.
    assert_eq!(old.open(&new_token, "r1", 1500), Err(StateError::Malformed));
}

#[test]
fn unknown_kid_and_swapped_kid_fail() {
    let kr = ring(&format!("a: {K1}\nb: {K2}"));
    let token = kr.seal(&envelope("r1")).unwrap();
    let unknown = token.replacen("eg1.a.", "eg1.zz.", 1);
    assert_eq!(kr.open(&unknown, "r1", 1500), Err(StateError::Malformed));
    // Relabelled to another known kid: the key and the AAD both differ.
    let swapped = token.replacen("eg1.a.", "eg1.b.", 1);
    assert_eq!(kr.open(&swapped, "r1", 1500), Err(StateError::Tampered));
}

#[test]
fn same_key_text_other_id_does_not_open() {
    // The key id feeds the derivation, so one secret under two names gives two keys.
    let a = ring(&format!("a: {K1}"));
    let b = ring(&format!("b: {K1}"));
    let token = a.seal(&envelope("r1")).unwrap();
    let relabelled = token.replacen("eg1.a.", "eg1.b.", 1);
    assert_eq!(b.open(&relabelled, "r1", 1500), Err(StateError::Tampered));
}

#[test]
fn labels_separate_purposes() {
    let kr = ring(&format!("a: {K1}"));
    let link = kr
        .seal_bytes("warnLink", "r1", 1600, b"https://x.example/")
        .unwrap();
    assert_eq!(
        kr.open_bytes("warnLink", &link, "r1", 1500).unwrap(),
        b"https://x.example/"
    );
    assert_eq!(kr.open(&link, "r1", 1500), Err(StateError::Tampered));
    let state = kr.seal(&envelope("r1")).unwrap();
    assert_eq!(
        kr.open_bytes("warnLink", &state, "r1", 1500),
        Err(StateError::Tampered)
    );
    assert_eq!(
        kr.open_bytes("warnLink", &link, "r1", 1600),
        Err(StateError::Expired)
    );
}

#[test]
fn garbage_is_malformed() {
    let kr = ring(&format!("a: {K1}"));
    for t in [
        "",
        "eg1",
        "eg1.a",
        "eg1.a.",
        "eg2.a.AAAA",
        "eg1.a.!!!!",
        "v1.eyJ...sig",
    ] {
        assert_eq!(kr.open(t, "r1", 0), Err(StateError::Malformed), "{t:?}");
    }
    let long = format!("eg1.a.{}", "A".repeat(MAX_TOKEN_CHARS));
    assert_eq!(kr.open(&long, "r1", 0), Err(StateError::Malformed));
}

#[test]
fn upstream_state_bound_is_enforced_at_seal() {
    let kr = ring(&format!("a: {K1}"));
    let mut env = envelope("r1");
    env.upstream_state = Some("x".repeat(MAX_UPSTREAM_STATE_BYTES));
    let token = kr.seal(&env).unwrap();
    assert!(token.len() <= MAX_TOKEN_CHARS);
    assert_eq!(kr.open(&token, "r1", 1500).unwrap(), env);
    env.upstream_state = Some("x".repeat(MAX_UPSTREAM_STATE_BYTES + 1));
    assert_eq!(kr.seal(&env), Err(SealError::UpstreamStateTooLarge));
}

#[test]
fn no_upstream_state_stays_none() {
    let kr = ring(&format!("a: {K1}"));
    let mut env = envelope("r1");
    env.upstream_state = None;
    let opened = kr.open(&kr.seal(&env).unwrap(), "r1", 1500).unwrap();
    assert_eq!(opened.upstream_state, None);
}

#[test]
fn key_file_format_errors() {
    let short = "MDEyMzQ1Njc4OWFiY2RlZjAxMjM0NTY3ODlhYmNkZQ=="; // 31 bytes
    let cases: Vec<(String, &str)> = vec![
        (String::new(), "Empty"),
        ("# only a comment\n\n".into(), "Empty"),
        (format!("a {K1}"), "Syntax"),
        (format!(": {K1}"), "BadId"),
        (format!("a.b: {K1}"), "BadId"),
        (format!("{}: {K1}", "x".repeat(33)), "BadId"),
        (format!("a: {K1}\na: {K2}"), "DuplicateId"),
        ("a: not base64 at all!".into(), "BadBase64"),
        (format!("a: {short}"), "ShortKey"),
        ("a:".into(), "ShortKey"),
    ];
    for (text, want) in cases {
        let err = Keyring::from_lines(&text).unwrap_err();
        let dbg = format!("{err:?}");
        assert!(dbg.starts_with(want), "{text:?}: {dbg}");
        // Never echo key material.
        assert!(!err.to_string().contains(K1) && !err.to_string().contains(K2));
    }
    let many: String = (0..17).map(|i| format!("k{i}: {K1}\n")).collect();
    assert!(matches!(
        Keyring::from_lines(&many),
        Err(KeyringError::TooLarge)
    ));
}

#[test]
fn url_safe_and_unpadded_keys_load() {
    let url_safe = URL_SAFE_NO_PAD.encode([0xfbu8; 32]);
    assert!(url_safe.contains('-') || url_safe.contains('_'));
    let kr = ring(&format!("  a :  {url_safe}\n"));
    assert_eq!(kr.sealing_kid(), "a");
}

#[test]
fn from_file_and_random() {
    let dir = std::env::temp_dir().join(format!("eg-keys-{}", std::process::id()));
    std::fs::write(&dir, format!("f: {K1}\n")).unwrap();
    let kr = Keyring::from_file(&dir).unwrap();
    std::fs::remove_file(&dir).unwrap();
    assert_eq!(kr.sealing_kid(), "f");
    assert!(matches!(
        Keyring::from_file(&dir),
        Err(KeyringError::Io { .. })
    ));

    let r1 = Keyring::random().unwrap();
    let r2 = Keyring::random().unwrap();
    let token = r1.seal(&envelope("r1")).unwrap();
    assert!(r1.open(&token, "r1", 1500).is_ok());
    // Same kid, different random key: refused.
    assert_eq!(r2.open(&token, "r1", 1500), Err(StateError::Tampered));
    assert!(!format!("{r1:?}").contains(K1));
}

#[test]
fn swapped_between_users_methods_and_params_is_caught() {
    let kr = ring(&format!("a: {K1}"));
    let params = json!({"name":"deploy","arguments":{"env":"prod"}});
    let mut env = envelope("r1");
    env.params_digest = crate::state::params_digest(&params);
    let opened = kr.open(&kr.seal(&env).unwrap(), "r1", 1500).unwrap();
    let digest = crate::state::params_digest(&params);
    let alice = "https://idp.example|alice";
    assert_eq!(opened.binding_mismatch(alice, "tools/call", &digest), None);
    assert_eq!(
        opened.binding_mismatch("https://idp.example|bob", "tools/call", &digest),
        Some("principal")
    );
    assert_eq!(
        opened.binding_mismatch("anonymous", "tools/call", &digest),
        Some("principal")
    );
    assert_eq!(
        opened.binding_mismatch(alice, "prompts/get", &digest),
        Some("method")
    );
    let other = crate::state::params_digest(&json!({"name":"deploy","arguments":{"env":"dev"}}));
    assert_eq!(
        opened.binding_mismatch(alice, "tools/call", &other),
        Some("params")
    );
}

proptest::proptest! {
    #[test]
    fn open_never_panics_and_refuses_junk(s in "(eg1\\.a\\.)?[A-Za-z0-9_.\\-]{0,200}") {
        let kr = ring(&format!("a: {K1}"));
        proptest::prop_assert!(kr.open(&s, "r1", 0).is_err());
    }
}
