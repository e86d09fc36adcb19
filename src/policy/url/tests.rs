//! Unit and property tests of the URL judgement.

use std::collections::BTreeSet;

use proptest::prelude::*;

use super::*;

fn policy() -> UrlPolicy {
    UrlPolicy::embedded_default().unwrap()
}

fn rules_of(p: &UrlPolicy, url: &str) -> BTreeSet<String> {
    p.judge(url, "/params/url", &RouteUrlRules::default())
        .findings
        .into_iter()
        .map(|f| f.rule)
        .collect()
}

fn has(p: &UrlPolicy, url: &str, rule: &str) -> bool {
    rules_of(p, url).contains(rule)
}

#[test]
fn embedded_default_parses_and_rejects_unknown_fields() {
    policy();
    assert!(UrlConfig::from_yaml("max_url_len: 10\nbogus: 1\n").is_err());
    let cfg = UrlConfig::from_yaml("max_url_len: 0\n").unwrap();
    assert!(UrlPolicy::compile(&cfg).is_err());
    let cfg = UrlConfig::from_yaml("protected_brands: [\"a.b\"]\n").unwrap();
    assert!(UrlPolicy::compile(&cfg).is_err());
}

#[test]
fn benign_oauth_link_passes_with_view() {
    let p = policy();
    let u = "https://accounts.google.com/o/oauth2/v2/auth?client_id=1-a.apps.googleusercontent.com\
&redirect_uri=https%3A%2F%2Fapp.acmecorp.com%2Fcb&response_type=code&scope=openid&state=xyz\
&code_challenge=E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM";
    let j = p.judge(u, "/params/url", &RouteUrlRules::default());
    assert!(j.findings.is_empty(), "{:?}", j.findings);
    assert_eq!(j.view().registrable_domain.as_deref(), Some("google.com"));
    assert_eq!(j.view().host_ascii.as_deref(), Some("accounts.google.com"));
    assert_eq!(j.view().canonical.as_deref(), Some(u));
}

#[test]
fn findings_carry_the_pointer_and_block() {
    let j = policy().judge(
        "javascript:alert(1)",
        "/params/url",
        &RouteUrlRules::default(),
    );
    assert_eq!(j.findings.len(), 1);
    assert_eq!(j.findings[0].rule, rules::SCHEME);
    assert_eq!(j.findings[0].path, "/params/url");
    assert_eq!(j.findings[0].action, crate::policy::Action::Block);
}

#[test]
fn scheme_http_only_for_dev_hosts() {
    let p = policy();
    assert!(has(&p, "http://dev.acmecorp.com/", rules::SCHEME));
    let cfg = UrlConfig {
        http_dev_hosts: vec!["Dev.AcmeCorp.com".into()],
        ..UrlConfig::from_yaml(EMBEDDED_DEFAULT_YAML).unwrap()
    };
    let p = UrlPolicy::compile(&cfg).unwrap();
    assert!(!has(&p, "http://dev.acmecorp.com/", rules::SCHEME));
    assert!(has(&p, "http://prod.acmecorp.com/", rules::SCHEME));
}

#[test]
fn ipv4_notations_all_detected() {
    let p = policy();
    for u in [
        "https://127.0.0.1/",
        "https://2130706433/",
        "https://0x7f000001/",
        "https://0177.0.0.1/",
        "https://127.1/",
    ] {
        let r = rules_of(&p, u);
        assert!(r.contains(rules::HOST_IP), "{u}: {r:?}");
        assert!(r.contains(rules::HOST_INTERNAL), "{u}: {r:?}");
    }
    // A dotted public address is an IP but not internal, and not ambiguous.
    let r = rules_of(&p, "https://8.8.8.8/");
    assert!(r.contains(rules::HOST_IP) && !r.contains(rules::HOST_INTERNAL));
    assert!(!r.contains(rules::AMBIGUOUS));
    // Unusual notations are also ambiguous.
    assert!(has(&p, "https://0xA9FEA9FE/", rules::AMBIGUOUS));
}

#[test]
fn metadata_targets() {
    let p = policy();
    for u in [
        "https://169.254.169.254/latest/meta-data/",
        "https://[fd00:ec2::254]/",
        "https://metadata.google.internal/computeMetadata/v1/",
        "https://[::ffff:169.254.169.254]/",
    ] {
        assert!(has(&p, u, rules::HOST_INTERNAL), "{u}");
    }
}

#[test]
fn names_and_idn() {
    let p = policy();
    assert!(has(&p, "https://intranet/", rules::HOST_SINGLE_LABEL));
    assert!(has(&p, "https://localhost:3000/", rules::HOST_INTERNAL));
    assert!(has(&p, "https://wiki.corp/", rules::HOST_INTERNAL));
    assert!(has(
        &p,
        "https://xn--80ak6aa92e.com/",
        rules::HOST_CONFUSABLE
    ));
    assert!(has(&p, "https://xn--80ak6aa92e.com/", rules::HOST_BRAND));
    assert!(has(&p, "https://pаypal.com/", rules::HOST_MIXED_SCRIPT));
    // Internationalised names are judged as browsers judge them: a deceptive one is shown as punycode, a
    // legitimate one is not, unless every one is asked for.
    assert!(has(&p, "https://pаypal.com/", rules::HOST_PUNYCODE));
    assert!(!has(&p, "https://bücher.example.de/", rules::HOST_PUNYCODE));
    let strict = UrlPolicy::compile(&UrlConfig {
        idn_strict: true,
        ..UrlConfig::from_yaml(EMBEDDED_DEFAULT_YAML).unwrap()
    })
    .unwrap();
    assert!(has(&strict, "https://pаypal.com/", rules::HOST_PUNYCODE));
    assert!(has(
        &strict,
        "https://bücher.example.de/",
        rules::HOST_PUNYCODE
    ));
    let j = p.judge("https://pаypal.com/x", "", &RouteUrlRules::default());
    assert_eq!(j.view().host_ascii.as_deref(), Some("xn--pypal-4ve.com"));
    assert_eq!(j.view().host_unicode.as_deref(), Some("pаypal.com"));
    assert_eq!(
        j.view().canonical.as_deref(),
        Some("https://xn--pypal-4ve.com/x")
    );
}

#[test]
fn brands() {
    let p = policy();
    for u in [
        "https://paypa1.com/",
        "https://g00gle.com/",
        "https://micros0ft.com/",
        "https://rnicrosoft.com/",
        "https://gihtub.com/",
        "https://paypal-login.com/",
        "https://github.com.evil-site.net/",
        "https://m\u{131}crosoft.com/",
        "https://\u{456}cloud.com/",
    ] {
        assert!(has(&p, u, rules::HOST_BRAND), "{u}");
    }
    for u in [
        "https://github.com/",
        "https://acme.github.io/",
        "https://login.microsoftonline.com/",
        "https://gitlab.com/",
        "https://www.googleapis.com/",
        "https://stackoverflow.com/",
    ] {
        assert!(!has(&p, u, rules::HOST_BRAND), "{u}");
    }
}

/// A well-known name on a host that is not its own, beside lure words or imitated on a hosting service,
/// and a government domain inside another domain (examples written for these rules).
#[test]
fn names_as_bait_in_other_hosts() {
    let p = policy();
    for u in [
        "https://paypal.secure-account-check.net/",
        "https://login.dropbox.files-share-online.com/",
        "https://netflix-konto-zahlung.de/",
        "https://netflixlogin.web.app/",
        "https://paypa1-help.pages.dev/",
        "https://www.gov.br.consulta-cpf.com/",
        "https://gouv-fr-amendes.com/paiement",
        "https://gov-uk-refund.netlify.app/",
    ] {
        assert!(has(&p, u, rules::HOST_BRAND), "{u}");
    }
    for u in [
        "https://my-spotify-bot.herokuapp.com/oauth/callback",
        "https://acme.github.io/login",
        "https://servicos.gov.br/entrar",
        "https://www.gov.uk/sign-in",
        "https://login.acme-corp.com/",
        "https://support.acme-corp.com/account",
        "https://spotify-stats.vercel.app/",
    ] {
        assert!(!has(&p, u, rules::HOST_BRAND), "{u}");
    }
}

/// (urls18) Two techniques composed: a name and lure words before a registrable label that starts
/// with a country's code (`<name>-<invoice>.<cc>-<word>.com`); a listed domain spelt with a letter
/// added to its name.
#[test]
fn composed_techniques_across_labels() {
    let p = policy();
    for u in [
        "https://o2-rechnung.de-kunden.com/login",
        "https://hp-support-login.uk-help.com/",
    ] {
        assert!(has(&p, u, rules::HOST_BRAND), "{u}");
    }
    for u in [
        // The name beside a word that is no lure, or not in front of a country's code, or a lure
        // word alone before it.
        "https://o2-arena.de-events.com/",
        "https://o2-rechnung.kunden-portal.example/",
        "https://secure-login.at-kunden.com/",
    ] {
        assert!(!has(&p, u, rules::HOST_BRAND), "{u}");
    }
}

/// (urls18) A name leading a subdomain of a domain that offers something free or shows a file, or of
/// one made only of lure words (a three-letter name too, hyphenated before another word); the tenant
/// hosts of listed providers and names that do not lead a label pass.
#[test]
fn names_leading_a_subdomain_of_a_bait_domain() {
    let p = policy();
    for u in [
        "https://dropbox.pdf-view.site/document/open?id=1",
        "https://spotify-premium.free-month.net/",
        "https://netflix.kostenlos-filme.de/",
        "https://ups-premium.billing-center.net/",
        "https://dhl-paket.payment-portal.com/",
    ] {
        assert!(has(&p, u, rules::HOST_BRAND), "{u}");
    }
    for u in [
        // A listed provider's own tenant host.
        "https://adobe.okta.com/app/sso",
        "https://dropbox.my.salesforce.com/",
        // The name is not first in its label, or the words are beside it, not the domain's.
        "https://my-dropbox-notes.pdf-tools.org/",
        "https://spotify-free.example.org/",
        // Three letters alone as a label, or with a project's word, or before a domain with other words.
        "https://ups.billing-center.net/",
        "https://ups-status.billing-center.net/",
        "https://ups-premium.billing-acme.net/",
    ] {
        assert!(!has(&p, u, rules::HOST_BRAND), "{u}");
    }
}

/// Bait that needs no lure word: a cheap top-level domain, a country code ending the label, a site
/// builder's page, a government word, a second-level ending inside the host.
#[test]
fn structural_bait_without_a_list_entry() {
    let p = policy();
    for u in [
        "https://paypal-partners.cfd/",
        "https://dropbox-files.share-now.sbs/open",
        "https://netflix-ca.com/account",
        "https://paypal-resolution.weebly.com/",
        "https://ups-parcel-update.godaddysites.com/",
        "https://permis-gouv-paiement.com/",
        "https://mygov-refund-portal.com/",
        "https://shop-card.co.jp.example.cn/login",
        "https://ups.quest/track",
    ] {
        assert!(has(&p, u, rules::HOST_BRAND), "{u}");
    }
    for u in [
        "https://my-band-site.weebly.com/tour",
        "https://ups-fans.weebly.com/",
        "https://www.weebly.com/pricing",
        "https://gov-jobs-board.com/",
        "https://coffee-corner.cfd/menu",
        "https://www.acme.co.jp/",
        "https://www.correo.com.uy/",
    ] {
        assert!(!has(&p, u, rules::HOST_BRAND), "{u}");
    }
}

/// An OAuth request's scopes and resources are names, not places; the implicit grant hands the token to
/// its callback, so a stranger's callback is a finding.
#[test]
fn oauth_identifiers_and_the_implicit_grant() {
    let p = policy();
    let scopes = "https://login.microsoftonline.com/common/oauth2/v2.0/authorize?client_id=abc\
&response_type=code&redirect_uri=http%3A%2F%2Flocalhost%3A5123&scope=https%3A%2F%2Fvault.azure.net%2F%2F.default%20offline_access%20openid";
    assert!(
        rules_of(&p, scopes).is_empty(),
        "{:?}",
        rules_of(&p, scopes)
    );
    let implicit = |redirect: &str, response_type: &str| {
        format!(
            "https://accounts.google.com/o/oauth2/v2/auth?client_id=7.apps.googleusercontent.com\
&redirect_uri={redirect}&response_type={response_type}&scope=openid%20email"
        )
    };
    let stranger = "https%3A%2F%2Fcb.harvest-tokens.net%2Fgrab";
    assert!(has(
        &p,
        &implicit(stranger, "token"),
        rules::QUERY_OPEN_REDIRECT
    ));
    assert!(has(
        &p,
        &implicit(stranger, "id_token%20token"),
        rules::QUERY_OPEN_REDIRECT
    ));
    // The code flow sends a code the client redeems with its secret or verifier; a loopback callback is
    // the user's own machine; an ID token alone grants no access.
    for (redirect, rt) in [
        (stranger, "code"),
        ("http%3A%2F%2F127.0.0.1%3A8123%2Fcb", "token"),
        (stranger, "id_token"),
    ] {
        let u = implicit(redirect, rt);
        assert!(!has(&p, &u, rules::QUERY_OPEN_REDIRECT), "{u}");
    }
}

#[test]
fn raw_forms() {
    let p = policy();
    for u in [
        "https://github.com\\@evil-site.net/",
        "https://github.com/a\tb",
        "https://evil-site.net/\u{202E}moc",
        "https://%67ithub.com/",
        "https:/github.com/",
        "https://ｇｉｔｈｕｂ.com/",
    ] {
        assert!(has(&p, u, rules::AMBIGUOUS), "{u}");
    }
    assert!(has(&p, "https://a@github.com/", rules::USERINFO));
    assert!(has(&p, "https://@github.com/", rules::USERINFO));
    let long = format!("https://github.com/{}", "a".repeat(3000));
    assert!(has(&p, &long, rules::TOO_LONG));
}

#[test]
fn query_and_fragment() {
    let p = policy();
    assert!(has(
        &p,
        "https://a-corp.com/?access_token=x1",
        rules::QUERY_CREDENTIAL
    ));
    assert!(has(
        &p,
        "https://a-corp.com/#id_token=x1",
        rules::QUERY_CREDENTIAL
    ));
    assert!(has(
        &p,
        "https://a-corp.com/?apiKey=x1",
        rules::QUERY_CREDENTIAL
    ));
    assert!(!has(
        &p,
        "https://a-corp.com/?session=false",
        rules::QUERY_CREDENTIAL
    ));
    assert!(has(&p, "https://a-corp.com/?e=a%40b.com", rules::QUERY_PII));
    assert!(has(
        &p,
        "https://a-corp.com/?to=%2B14155552671",
        rules::QUERY_PII
    ));
    assert!(has(
        &p,
        "https://a-corp.com/?next=https://169.254.169.254/",
        rules::QUERY_REDIRECT
    ));
    assert!(!has(
        &p,
        "https://a-corp.com/?redirect_uri=http://localhost:8080/cb",
        rules::QUERY_REDIRECT
    ));
    assert!(!has(
        &p,
        "https://a-corp.com/?next=/home",
        rules::QUERY_REDIRECT
    ));
    assert!(has(
        &p,
        "https://a-corp.com/?next=//b-corp.com/",
        rules::QUERY_REDIRECT
    ));
    assert!(has(
        &p,
        "https://a-corp.com/?next=/%5Cb-corp.com/",
        rules::QUERY_REDIRECT
    ));
    assert!(has(
        &p,
        "https://localhost.b-corp.com/",
        rules::HOST_INTERNAL
    ));
    assert!(has(
        &p,
        "https://a-corp.com/?redirect_uri=javascript:alert(1)",
        rules::QUERY_REDIRECT
    ));
}

#[test]
fn credential_messages_never_hold_values() {
    let j = policy().judge(
        "https://a-corp.com/?password=hunter2secret&x=sk_live_51H8abcdefghijklmnop",
        "",
        &RouteUrlRules::default(),
    );
    assert!(!j.findings.is_empty());
    for f in j.findings {
        assert!(
            !f.message.contains("hunter2secret") && !f.message.contains("sk_live"),
            "{}",
            f.message
        );
    }
}

#[test]
fn route_lists() {
    let p = policy();
    let route = RouteUrlRules {
        allow: vec!["github.com".into(), "*.acmecorp.com".into()],
        deny: vec!["gist.github.com".into()],
    };
    let r = |u: &str| -> BTreeSet<String> {
        p.judge(u, "", &route)
            .findings
            .into_iter()
            .map(|f| f.rule)
            .collect()
    };
    assert!(r("https://github.com/x").is_empty());
    assert!(r("https://api.github.com/x").is_empty());
    assert!(r("https://app.acmecorp.com/").is_empty());
    assert!(r("https://acmecorp.com/").contains(rules::DOMAIN_NOT_ALLOWED));
    assert!(r("https://gitlab.com/").contains(rules::DOMAIN_NOT_ALLOWED));
    assert!(r("https://gist.github.com/").contains(rules::DOMAIN_DENIED));
    assert!(r("https://evilgithub.com/").contains(rules::DOMAIN_NOT_ALLOWED));
}

fn host_strategy() -> impl Strategy<Value = String> {
    prop_oneof![
        Just("github.com".to_string()),
        Just("accounts.google.com".to_string()),
        Just("pаypal.com".to_string()),
        Just("xn--80ak6aa92e.com".to_string()),
        Just("127.1".to_string()),
        Just("0x7f000001".to_string()),
        Just("[::1]".to_string()),
        Just("localhost".to_string()),
        Just("GitHub.COM".to_string()),
        Just("ｇｉｔｈｕｂ.com".to_string()),
        Just("github.com.".to_string()),
        Just("paypa1.com".to_string()),
        Just("bücher.de".to_string()),
        "[a-z]{1,10}\\.(com|net|io|co\\.uk|internal)",
    ]
}

fn url_strategy() -> impl Strategy<Value = String> {
    (
        prop_oneof![
            Just("https://"),
            Just("http://"),
            Just("HTTPS://"),
            Just("javascript:")
        ],
        prop_oneof![Just(""), Just("user@"), Just("a:b@")],
        host_strategy(),
        prop_oneof![Just(""), Just(":443"), Just(":8443")],
        "(/[a-zA-Z0-9._~-]{0,8}){0,3}",
        prop_oneof![
            Just(""),
            Just("?client_id=abc&state=xyz"),
            Just("?access_token=abc"),
            Just("?e=a%40b.com"),
            Just("?next=https://127.0.0.1/"),
            Just("?q=a b"),
        ],
        prop_oneof![Just(""), Just("#frag"), Just("#id_token=abc")],
    )
        .prop_map(|(s, u, h, port, path, q, f)| format!("{s}{u}{h}{port}{path}{q}{f}"))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn ascii_parameter_names_normalise_like_any_text(name in "[ -~]{0,24}") {
        prop_assert_eq!(super::norm_param_ascii(&name), super::norm_param_chars(&name));
    }

    #[test]
    fn split_byte_is_str_split(s in "[a./&=\\x{e9}\\x{2e2e}\\x{1F600}]{0,16}", sep in prop_oneof![Just(b'.'), Just(b'/'), Just(b'&'), Just(b'=')]) {
        let fast: Vec<&str> = split_byte(&s, sep).collect();
        let std: Vec<&str> = s.split(char::from(sep)).collect();
        prop_assert_eq!(fast, std);
        prop_assert_eq!(
            split_byte(&s, sep).filter(|p| !p.is_empty()).last(),
            s.split(char::from(sep)).rfind(|p| !p.is_empty())
        );
    }

    #[test]
    fn parameter_names_normalised_on_the_stack_are_the_same(name in "[ -~]{0,40}|\\PC{0,40}|[a-zA-Z_\\x{130}\\x{212a}]{30,34}") {
        let (stack, heap) = (NormParam::new(&name), norm_param(&name));
        prop_assert_eq!(stack.as_str(), heap.as_str());
    }

    /// The one map of parameter kinds answers as the four configured lists do, names compared normalised.
    #[test]
    fn parameter_kinds_are_the_lists_they_came_from(
        lists in proptest::collection::vec(proptest::collection::vec("[a-cA-C_.-]{0,4}", 0..6), 4),
        asked in proptest::collection::vec("[a-cA-C_.-]{0,4}", 1..12),
    ) {
        let yaml_list = |l: &Vec<String>| {
            l.iter().map(|n| format!("\"{n}\"")).collect::<Vec<_>>().join(", ")
        };
        let yaml = format!(
            "credential_params: [{}]\nweak_credential_params: [{}]\nphone_params: [{}]\nredirect_params: [{}]\n",
            yaml_list(&lists[0]), yaml_list(&lists[1]), yaml_list(&lists[2]), yaml_list(&lists[3])
        );
        let p = UrlPolicy::compile(&UrlConfig::from_yaml(&yaml).unwrap()).unwrap();
        for name in asked.iter().chain(lists.iter().flatten()) {
            let n = norm_param(name);
            let on = |l: &Vec<String>| l.iter().any(|x| !n.is_empty() && norm_param(x) == n);
            let want = ParamKind {
                credential: on(&lists[0]),
                weak: on(&lists[1]),
                phone: on(&lists[2]),
                redirect: on(&lists[3]),
            };
            prop_assert_eq!(p.params.get(&n).copied().unwrap_or_default(), want, "{:?}", name);
        }
    }

    #[test]
    fn judging_twice_gives_the_same_findings(url in url_strategy()) {
        let p = policy();
        let a = p.judge(&url, "/p", &RouteUrlRules::default());
        let b = p.judge(&url, "/p", &RouteUrlRules::default());
        prop_assert_eq!(&a.findings, &b.findings);
        prop_assert_eq!(a.view(), b.view());
    }

    #[test]
    fn canonical_judges_as_allow_or_the_same_blocks(url in url_strategy()) {
        let p = policy();
        let a = p.judge(&url, "/p", &RouteUrlRules::default());
        let Some(canon) = a.view().canonical.clone() else { return Ok(()) };
        let b = p.judge(&canon, "/p", &RouteUrlRules::default());
        // Rules about how the string is written disappear in the canonical form (that is its point);
        // the canonical punycode form may be longer. Every other rule must be the same.
        let skip = [rules::AMBIGUOUS, rules::TOO_LONG];
        let set = |j: &UrlJudgement| -> BTreeSet<String> {
            j.findings.iter().map(|f| f.rule.clone()).filter(|r| !skip.contains(&r.as_str())).collect()
        };
        prop_assert_eq!(set(&a), set(&b), "{} -> {}", url, canon);
        // And the canonical form is a fixed point.
        prop_assert_eq!(b.canonical(), Some(canon.as_str()));
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    /// Arbitrary input (including after a real scheme, where the parser works hardest) never panics,
    /// and judging is deterministic; the warning page renders for it without raw markup.
    #[test]
    fn arbitrary_input_is_judged_deterministically(tail in "\\PC{0,80}", prefix in prop_oneof![Just(""), Just("https://"), Just("https://a@")]) {
        let p = policy();
        let url = format!("{prefix}{tail}");
        let a = p.judge(&url, "/p", &RouteUrlRules::default());
        let b = p.judge(&url, "/p", &RouteUrlRules::default());
        prop_assert_eq!(&a.findings, &b.findings);
        prop_assert!(a.findings.len() <= MAX_FINDINGS);
        let html = render_warning_page("s", &url, &a.view(), &a.findings, "/c", "/b");
        prop_assert!(!html.contains("<script"));
    }
}

#[test]
fn policy_is_send_sync_and_default_config_compiles() {
    fn assert_send_sync<T: Send + Sync>() {}
    assert_send_sync::<UrlPolicy>();
    let p = UrlPolicy::compile(&UrlConfig::default()).unwrap();
    // Without lists the structural rules still apply, and the shipped list of well-known sites.
    assert!(has(&p, "https://127.0.0.1/", rules::HOST_IP));
    assert!(has(&p, "https://paypa1.com/", rules::HOST_BRAND));
    let p = UrlPolicy::compile(&UrlConfig {
        top_sites: false,
        ..UrlConfig::default()
    })
    .unwrap();
    assert!(!has(&p, "https://paypa1.com/", rules::HOST_BRAND));
}

#[test]
fn warning_page_marks_the_unicode_domain() {
    let p = policy();
    let url = "https://login.pаypal.com/signin";
    let j = p.judge(url, "", &RouteUrlRules::default());
    let html = render_warning_page("srv", url, &j.view(), &j.findings, "/c", "/b");
    assert!(
        html.contains("login.<mark>pаypal.com</mark>/signin"),
        "{html}"
    );
    assert!(html.contains("xn--pypal-4ve.com"));
}

/// Names that resolve to an internal address by construction: wildcard-DNS services (and anyone's own
/// wildcard zone) that answer with the IP written in the name, and public names set up for loopback.
#[test]
fn names_that_embed_an_internal_address_are_internal() {
    let p = policy();
    for u in [
        "https://127.0.0.1.nip.io/",
        "https://magic.127.0.0.1.nip.io/",
        "https://10-0-0-1.sslip.io/",
        "https://app-192-168-1-20.nip.io/",
        "https://7f000001.nip.io/",
        "https://app-0a000001.nip.io/",
        "https://169.254.169.254.xip.io/latest/",
        "https://--1.sslip.io/",
        "https://fd00-ec2--254.sslip.io/",
        "https://localtest.me/",
        "https://api.localtest.me/",
        "https://lvh.me:3000/",
        "https://app.lvh.me/",
        "https://LVH.ME./",
        // The general case: an attacker's own wildcard zone works the same way.
        "https://10.0.0.1.attacker-dns.net/",
        "https://ip-172-16-4-2.attacker-dns.net/",
        "https://10-0-0-1.anything.net/",
        // Inside an echo zone, the service reads the address wherever the dashes put it.
        "https://app-10-0-0-1-beta.sslip.io/",
        "https://a9fea9fe.attacker-dns.net/",
    ] {
        assert!(
            has(&p, u, rules::HOST_INTERNAL),
            "{u}: {:?}",
            rules_of(&p, u)
        );
    }
    // A wildcard-DNS service's name is an IP address in disguise, a public one too.
    for u in [
        "https://8.8.8.8.nip.io/",
        "https://8-8-8-8.sslip.io/",
        "https://app.1.1.1.1.traefik.me/",
    ] {
        assert!(has(&p, u, rules::HOST_IP), "{u}: {:?}", rules_of(&p, u));
    }
    // Near misses: numbers and hex in names that are no internal address.
    for u in [
        "https://ec2-54-12-3-4.compute-1.amazonaws.com/",
        "https://v1-2-3.api.acmecorp.com/",
        "https://app.acmecorp.com/10.0.0.1/",
        "https://deadbeef.acmecorp.com/",
        "https://2024-01-15.acmecorp.com/",
        "https://release-1-0-0-1.acmecorp.com/",
        // Outside the echo zones a dashed address counts only at a label's end, where wildcard zones
        // put it; with more after it, it is a version or a date.
        "https://release-10-0-0-1-beta.acmecorp.com/",
        "https://build-192-168-1-2-rc1.ci.acmecorp.com/",
        "https://cafe--babe.acmecorp.com/",
        "https://nip.io/",
        "https://notlvh.me/",
    ] {
        assert!(rules_of(&p, u).is_empty(), "{u}: {:?}", rules_of(&p, u));
    }
}

/// `%` written as `%25`, `times` times over.
fn encode_percent(s: &str, times: usize) -> String {
    let mut v = s.to_string();
    for _ in 0..times {
        v = v.replace('%', "%25");
    }
    v
}

/// A redirect target encoded twice or more is judged as the target it decodes to, up to the bound; past
/// it, the link is refused, not passed unread.
#[test]
fn redirect_targets_encoded_more_than_once_are_judged() {
    let p = policy();
    let once = "https%3A%2F%2F169.254.169.254%2Flatest%2F";
    for times in 1..=MAX_DECODE_ROUNDS - 1 {
        let u = format!("https://a-corp.com/?next={}", encode_percent(once, times));
        assert!(has(&p, &u, rules::QUERY_REDIRECT), "{u}");
    }
    for u in [
        "https://a-corp.com/?redirect_uri=javascript%253Aalert(1)",
        "https://a-corp.com/?next=%252F%252Fb-corp.com%252F",
        "https://a-corp.com/?next=https%25253A%25252F%25252Fpaypa1.com%25252F",
    ] {
        assert!(
            has(&p, u, rules::QUERY_REDIRECT),
            "{u}: {:?}",
            rules_of(&p, u)
        );
    }
    let route = RouteUrlRules {
        allow: vec!["a-corp.com".into()],
        deny: vec![],
    };
    let j = p.judge(
        "https://a-corp.com/?next=https%253A%252F%252Fevil-site.net%252F",
        "",
        &route,
    );
    assert!(
        j.findings.iter().any(|f| f.rule == rules::QUERY_REDIRECT),
        "{:?}",
        j.findings
    );
    // Past the bound the target cannot be read, so the link does not pass.
    let deep = format!(
        "https://a-corp.com/?next={}",
        encode_percent("https%3A%2F%2Fb-corp.com%2F", MAX_DECODE_ROUNDS + 1)
    );
    assert!(has(&p, &deep, rules::QUERY_REDIRECT), "{deep}");
    // Near misses: benign targets encoded twice, and a literal percent sign.
    for u in [
        "https://a-corp.com/?next=https%253A%252F%252Fapp.acmecorp.com%252Fhome",
        "https://a-corp.com/?next=%252Fhome",
        "https://a-corp.com/?next=https%3A%2F%2Fapp.acmecorp.com%2Fa%2520b",
        "https://a-corp.com/?discount=100%2525",
    ] {
        assert!(rules_of(&p, u).is_empty(), "{u}: {:?}", rules_of(&p, u));
    }
}

/// A return link inside a sign-in request's callback, encoded once more than its place needs and
/// leading to another site, is hidden on purpose; encoded as its place needs, or to the callback's own
/// site, it is the client's own return step.
#[test]
fn over_encoded_targets_inside_a_callback_leaving_its_site() {
    let p = policy();
    let request = |next: &str| {
        format!(
            "https://accounts.google.com/o/oauth2/v2/auth?client_id=1-a.apps.googleusercontent.com\
             &redirect_uri=https%3A%2F%2Fapp.quokka-ledger.io%2Fcb%3Fnext%3D{next}\
             &response_type=code&scope=openid%20email&state=abc"
        )
    };
    for next in [
        "https%25253A%25252F%25252Fquokka-ledger-billing.top%25252Fx",
        "https%2525253A%2525252F%2525252Fwombat-files.net%2525252F",
    ] {
        let u = request(next);
        assert!(
            has(&p, &u, rules::QUERY_REDIRECT),
            "{u}: {:?}",
            rules_of(&p, &u)
        );
    }
    for next in [
        // Encoded as its place needs: once for the callback's query, once for the request's.
        "https%253A%252F%252Fwombat-files.net%252F",
        // Over-encoded, but back to the callback's own site.
        "https%25253A%25252F%25252Fwww.quokka-ledger.io%25252Fhome",
        "%25252Fhome",
    ] {
        let u = request(next);
        assert!(rules_of(&p, &u).is_empty(), "{u}: {:?}", rules_of(&p, &u));
    }
}

/// Open redirectors take the next link under any name (`q`, `u`, `url`, `to`, ...): a parameter whose
/// value is an absolute web link is judged as a link, whatever it is called, and so are the links inside
/// that one, to a bound.
#[test]
fn any_parameter_holding_a_link_is_judged_as_one() {
    let p = policy();
    for u in [
        "https://www.google.com/url?q=https://169.254.169.254/",
        "https://www.google.com/url?sa=t&url=https%3A%2F%2Fpaypa1.com%2Flogin",
        "https://a-corp.com/out?u=https://10.0.0.1/",
        "https://a-corp.com/out?to=https://user:pw@b-corp.com/",
        "https://a-corp.com/out?dest_url=http://192.168.0.1/",
        "https://a-corp.com/out?link=HTTPS://xn--80ak6aa92e.com/",
        "https://a-corp.com/out#u=https://10.0.0.1/",
        "https://a-corp.com/out?u=https%253A%252F%252F10.0.0.1%252F",
        // A link inside the link: its own parameters are judged too.
        "https://www.google.com/url?q=https://www.google.com/url?q%3Dhttps://10.0.0.1/",
        "https://a-corp.com/out?u=https://b-corp.com/cb%3Faccess_token%3Dabc",
    ] {
        assert!(
            has(&p, u, rules::QUERY_REDIRECT),
            "{u}: {:?}",
            rules_of(&p, u)
        );
    }
    // An open redirector does not get a link past the route's allow list.
    let route = RouteUrlRules {
        allow: vec!["google.com".into()],
        deny: vec![],
    };
    for u in [
        "https://www.google.com/url?q=https://evil-site.net/",
        "https://www.google.com/url?q=https://www.google.com/url?q%3Dhttps://evil-site.net/",
    ] {
        let j = p.judge(u, "", &route);
        assert!(
            j.findings.iter().any(|f| f.rule == rules::QUERY_REDIRECT),
            "{u}: {:?}",
            j.findings
        );
    }
    // Nesting deeper than the bound, or more links than the bound, is refused rather than left unread.
    let mut deep = "https://evil-site.net/".to_string();
    for _ in 0..=MAX_NESTED_DEPTH {
        deep = format!(
            "https://www.google.com/url?q={}",
            url::form_urlencoded::byte_serialize(deep.as_bytes()).collect::<String>()
        );
    }
    assert!(
        p.judge(&deep, "", &route)
            .findings
            .iter()
            .any(|f| f.rule == rules::QUERY_REDIRECT),
        "{deep}"
    );
    let many: String = (0..=MAX_NESTED_LINKS)
        .map(|i| format!("&u{i}=https://docs.acmecorp.com/{i}"))
        .collect();
    let many = format!("https://a-corp.com/?x=1{many}");
    assert!(has(&p, &many, rules::QUERY_REDIRECT), "{many}");
    // Near misses: links to ordinary sites, text that mentions a link, and words that start like one.
    for u in [
        "https://a-corp.com/share?url=https%3A%2F%2Fgithub.com%2Facme%2Fwidgets",
        "https://a-corp.com/?text=see+https://b-corp.com/",
        "https://a-corp.com/?q=httpsfoo&r=http",
        "https://a-corp.com/out?u=https://b-corp.com/a%2520b",
        // An identifier URI is judged for its host, not for plain `http`, outside redirect parameters.
        "https://a-corp.com/authorize?acr_values=http%3A%2F%2Fidmanagement.gov%2Fns%2Fassurance%2Fial%2F1",
    ] {
        assert!(rules_of(&p, u).is_empty(), "{u}: {:?}", rules_of(&p, u));
    }
}

/// Internationalised names a browser shows in Unicode pass: one script that fits the name, under any
/// ending (Chromium's IDN display policy); the spoofs it shows as punycode are found, each by its rule.
#[test]
fn internationalised_names_are_judged_as_browsers_show_them() {
    let p = policy();
    for u in [
        "https://bücher-kiste.de/",
        "https://www.straßenbahn-fahrplan.at/",
        "https://xn--bcher-kva.ch/katalog",
        "https://пример-сайта.рф/",
        "https://магазин.com.ua/",
        "https://παράδειγμα-σελίδα.ελ/",
        "https://ตัวอย่างร้าน.ไทย/",
        "https://例え問題.jp/",
        "https://中文网站.中国/",
        "https://한국어사이트.한국/",
        "https://مثال-موقع.مصر/",
        "https://उदाहरण-साइट.भारत/",
        "https://çalışma-saatleri.com.tr/",
        "https://ejemplo-año.es/",
        "https://例子.example.com/",
    ] {
        assert!(rules_of(&p, u).is_empty(), "{u}: {:?}", rules_of(&p, u));
    }
    for (u, rule) in [
        // Cyrillic letters that all look Latin, under an ending where Cyrillic is not at home.
        ("https://ѕсоре-арр.com/", rules::HOST_CONFUSABLE),
        ("https://xn--80ak6aa92e.com/", rules::HOST_CONFUSABLE),
        // Latin mixed with Cyrillic, Armenian; accented Latin with Chinese; two numbering systems.
        ("https://gօօgle-docs.com/", rules::HOST_MIXED_SCRIPT),
        ("https://e\u{301}xample中文.com/", rules::HOST_MIXED_SCRIPT),
        ("https://shop1\u{9e8}.com/", rules::HOST_MIXED_SCRIPT),
        // Characters browsers never show: the dotless i outside Turkish domains, the okina.
        ("https://w\u{131}dget-store.com/", rules::HOST_IDN_CHARACTER),
        ("https://ha\u{2bb}ina.com/", rules::HOST_IDN_CHARACTER),
        // A slash-like katakana among Latin letters.
        (
            "https://example\u{30ce}login.com/",
            rules::HOST_IDN_CHARACTER,
        ),
        // Look-alikes of well-known sites by skeleton, diacritics removed, under any ending.
        ("https://googlé.com/", rules::HOST_BRAND),
        ("https://аррӏе.рф/", rules::HOST_BRAND),
    ] {
        assert!(has(&p, u, rule), "{u}: {:?}", rules_of(&p, u));
    }
}

/// Look-alikes of the shipped list of well-known sites, beyond the operator's brands: skeletons, typos,
/// names with words added, another top-level domain, a well-known domain written in front of another one.
#[test]
fn look_alikes_of_well_known_sites() {
    let p = policy();
    for u in [
        "https://wikipedla.org/",
        "https://vimeo-login.com/",
        "https://securenetfllx.com/",
        "https://spotifyaccount-verify.com/",
        "https://wordpres.org/",
        "https://gravatar.top/",
        "https://mozilla.org.example-cdn.net/",
        "https://login.wikipedia.org.example-cdn.net/",
        "https://chase-online.net/",
        "https://myc0inbase.com/",
    ] {
        assert!(has(&p, u, rules::HOST_BRAND), "{u}: {:?}", rules_of(&p, u));
    }
    for u in [
        "https://wikipedia.org/",
        "https://en.wikipedia.org/wiki/Lookalike",
        "https://www.bbc.co.uk/news",
        "https://vimeo.com/123",
        "https://mcp.acmecorp.com/oauth/callback",
        "https://gravatar.com/",
        "https://wordpress.org/plugins/",
        "https://acme.wordpress.com/",
        "https://webmail.acmecorp.com/",
        "https://online-shop.example/",
        "https://timely.io/",
    ] {
        assert!(!has(&p, u, rules::HOST_BRAND), "{u}: {:?}", rules_of(&p, u));
    }
}

/// An AMP viewer's page is judged as a destination: a look-alike or an IP there is found like anywhere else.
#[test]
fn amp_viewer_pages_are_judged() {
    let p = policy();
    for u in [
        "https://www.google.com/amp/s/paypa1-secure.top/signin",
        "https://www-example-com.cdn.ampproject.org/c/s/192.168.1.10/admin",
    ] {
        assert!(
            has(&p, u, rules::QUERY_REDIRECT),
            "{u}: {:?}",
            rules_of(&p, u)
        );
    }
    // Without a host after the viewer's prefix there is no page to judge.
    let u = "https://www.google.com/amp/s/";
    assert!(
        !has(&p, u, rules::QUERY_REDIRECT),
        "{u}: {:?}",
        rules_of(&p, u)
    );
}

/// A well-known site's link that sends the browser on to a site the list does not vouch for is an open
/// redirect; a sign-in request's registered redirect, a link to the same site and one to another
/// well-known site are not.
#[test]
fn open_redirects_through_well_known_sites() {
    let p = policy();
    for u in [
        "https://www.google.com/url?q=https://docs.acmecorp.com/guide",
        "https://www.google.com/url?sa=t&url=https%3A%2F%2Facme-invoices.example%2Fpay",
        "https://l.facebook.com/l.php?u=https%3A%2F%2Fshop.example%2F&h=AT0",
        "https://www.linkedin.com/redir/redirect?url=https%3A%2F%2Fshop.example%2F",
        "https://www.youtube.com/redirect?event=video_description&q=https%3A%2F%2Fshop.example%2F",
        // An authorization request's own addresses are registered; another parameter's is not.
        "https://accounts.google.com/o/oauth2/auth?client_id=1&redirect_uri=https://app.acmecorp.com/cb\
&response_type=code&u=https://shop.example/",
        // A shortener is no destination to vouch for.
        "https://www.google.com/url?q=https://bit.ly/abc",
        // A target in base64, as click trackers write it.
        "https://www.bing.com/ck/a?!&&p=1&u=a1aHR0cHM6Ly9zaG9wLmV4YW1wbGUvcGF5&ntb=1",
        // A listed redirect parameter to a page anyone can publish on a hosting service.
        "https://accounts.google.com/ServiceLogin?continue=https://acme-billing.appspot.com/",
        "https://github.com/login?return_to=https%3A%2F%2Facme.github.io%2F",
        // An AMP viewer serves another site's page under its own name, named in the path.
        "https://www.google.com/amp/s/acme-invoices.example/pay",
        "https://www.google.co.uk/amp/shop.example/pay",
    ] {
        assert!(
            has(&p, u, rules::QUERY_OPEN_REDIRECT),
            "{u}: {:?}",
            rules_of(&p, u)
        );
    }
    for u in [
        "https://accounts.google.com/o/oauth2/auth?client_id=1&redirect_uri=https://app.acmecorp.com/cb\
&response_type=code&scope=openid",
        "https://login.microsoftonline.com/common/oauth2/v2.0/logout?client_id=1\
&post_logout_redirect_uri=https%3A%2F%2Fapp.acmecorp.com%2F",
        "https://login.microsoftonline.com/t/saml2?SAMLRequest=fZJNT&RelayState=https%3A%2F%2Fapp.acmecorp.com%2Fhome",
        "https://www.google.com/url?q=https://www.youtube.com/watch?v%3D1",
        "https://accounts.google.com/ServiceLogin?continue=https://mail.google.com/mail/",
        "https://accounts.google.com/o/oauth2/auth?client_id=1&redirect_uri=https://app.acmecorp.com/cb\
&response_type=code&audience=https://api.acmecorp.com/",
        // A listed redirect parameter returns the browser after the site's own step: judged by its target.
        "https://github.com/login?return_to=https%3A%2F%2Fapp.acmecorp.com%2Fdone",
        "https://vercel.com/integrations/acme/new?next=https%3A%2F%2Fapp.acmecorp.com%2Fdone",
        // Not a well-known site: its redirects show nothing a person trusts more than the target.
        "https://a-corp.com/out?u=https://b-corp.com/",
        // A site's own AMP pages, and a viewer link to a site the list vouches for.
        "https://www.bbc.co.uk/amp/s/news.example/story",
        "https://www.google.com/amp/s/www.youtube.com/watch",
    ] {
        assert!(
            !has(&p, u, rules::QUERY_OPEN_REDIRECT),
            "{u}: {:?}",
            rules_of(&p, u)
        );
    }
    // The list off, the rule is off.
    let off = UrlPolicy::compile(&UrlConfig {
        top_sites: false,
        ..UrlConfig::from_yaml(EMBEDDED_DEFAULT_YAML).unwrap()
    })
    .unwrap();
    assert!(!has(
        &off,
        "https://www.google.com/url?q=https://docs.acmecorp.com/guide",
        rules::QUERY_OPEN_REDIRECT
    ));
}

/// OpenID 2.0's namespace and identifier fields hold protocol URIs (`specs.openid.net`), never followed;
/// `openid.return_to` is where the provider sends the browser and is judged as any redirect is.
#[test]
fn openid2_identifiers_are_not_redirects() {
    let p = policy();
    let ids = "openid.mode=checkid_setup&openid.ns=http%3A%2F%2Fspecs.openid.net%2Fauth%2F2.0\
&openid.identity=http%3A%2F%2Fspecs.openid.net%2Fauth%2F2.0%2Fidentifier_select\
&openid.claimed_id=http%3A%2F%2Fspecs.openid.net%2Fauth%2F2.0%2Fidentifier_select";
    let own = format!(
        "https://www.amazon.com/ap/signin?openid.return_to=https%3A%2F%2Fwww.amazon.com%2F&{ids}"
    );
    assert!(rules_of(&p, &own).is_empty(), "{:?}", rules_of(&p, &own));
    // The return address to a stranger is still an open redirect.
    let away = format!(
        "https://www.amazon.com/ap/signin?openid.return_to=https%3A%2F%2Facme-invoices.example%2F&{ids}"
    );
    assert!(
        has(&p, &away, rules::QUERY_OPEN_REDIRECT),
        "{:?}",
        rules_of(&p, &away)
    );
    // Without `openid.mode` the same names are ordinary parameters.
    let bare =
        "https://www.amazon.com/ap/signin?openid.identity=https%3A%2F%2Facme-invoices.example%2F";
    assert!(
        has(&p, bare, rules::QUERY_OPEN_REDIRECT),
        "{:?}",
        rules_of(&p, bare)
    );
}

/// A SAML assertion, base64 as the POST binding carries it.
const SAML_RESPONSE_B64: &str = "PHNhbWxwOlJlc3BvbnNlIHhtbG5zOnNhbWxwPSJ1cm46b2FzaXM6bmFtZXM6dGM6U0FNTDoyLjA6cHJvdG9jb2wiIElEPSJfMSI%2BPHNhbWw6QXNzZXJ0aW9uIHhtbG5zOnNhbWw9InVybjpvYXNpczpuYW1lczp0YzpTQU1MOjIuMDphc3NlcnRpb24iIElEPSJfMiI%2BPHNhbWw6U3ViamVjdD5hbGljZTwvc2FtbDpTdWJqZWN0Pjwvc2FtbDpBc3NlcnRpb24%2BPC9zYW1scDpSZXNwb25zZT4%3D";
/// A SAML authentication request (no assertion), base64: what an SP-initiated sign-in link carries.
const SAML_REQUEST_B64: &str = "PHNhbWxwOkF1dGhuUmVxdWVzdCB4bWxuczpzYW1scD0idXJuOm9hc2lzOm5hbWVzOnRjOlNBTUw6Mi4wOnByb3RvY29sIiB4bWxuczpzYW1sPSJ1cm46b2FzaXM6bmFtZXM6dGM6U0FNTDoyLjA6YXNzZXJ0aW9uIiBBc3NlcnRpb25Db25zdW1lclNlcnZpY2VVUkw9Imh0dHBzOi8vc3AuYWNtZWNvcnAuY29tL2FjcyIgSUQ9Il8zIj48c2FtbDpJc3N1ZXI%2Bc3A8L3NhbWw6SXNzdWVyPjwvc2FtbHA6QXV0aG5SZXF1ZXN0Pg%3D%3D";

/// Bearer material beyond OAuth tokens: SAML responses, artifacts and assertions (under any parameter
/// name), JWT-bearer assertions, PKCE and OAuth 1 verifiers, long authorization codes and CAS tickets.
#[test]
fn saml_assertions_and_other_bearer_parameters_are_credentials() {
    let p = policy();
    let urls = [
        format!("https://sp.acmecorp.com/acs?SAMLResponse={SAML_RESPONSE_B64}"),
        format!("https://sp.acmecorp.com/acs?RelayState={SAML_RESPONSE_B64}"),
        format!("https://sp.acmecorp.com/acs#x={SAML_RESPONSE_B64}"),
        "https://sp.acmecorp.com/acs?SAMLResponse=fZJNT8MwDIbv".to_string(),
        "https://sp.acmecorp.com/acs?SAMLart=AAQAAMh48%2FlZv".to_string(),
        "https://idp.acmecorp.com/token?grant_type=jwt-bearer&assertion=abc123".to_string(),
        "https://a-corp.com/?client_assertion=abc123".to_string(),
        "https://a-corp.com/cb?oauth_token=x&oauth_verifier=abc123".to_string(),
        "https://a-corp.com/cb?code_verifier=dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk"
            .to_string(),
        "https://a-corp.com/cb?code=4%2F0AX4XfWjYZ1234567890abcdefghijklmnop&state=x".to_string(),
        "https://cas.acmecorp.com/app?ticket=ST-1856339-aA5Yuvrxzpv8Tau1cYQ7abcd".to_string(),
        "https://a-corp.com/?passcode=123456".to_string(),
        "https://a-corp.com/?credentials=abc".to_string(),
    ];
    for u in &urls {
        assert!(
            has(&p, u, rules::QUERY_CREDENTIAL),
            "{u}: {:?}",
            rules_of(&p, u)
        );
    }
    // Near misses: sign-in requests, settings and short codes that are no credential.
    let benign = [
        format!("https://idp.acmecorp.com/sso?SAMLRequest={SAML_REQUEST_B64}&RelayState=dashboard"),
        "https://login.okta.com/?SAMLRequest=fZJNT8MwDIbv&RelayState=%2Fapp%2Fhome".to_string(),
        "https://a-corp.com/promo?code=SPRING25".to_string(),
        "https://claude.ai/oauth/authorize?code=true&response_type=code".to_string(),
        "https://app.netlify.com/authorize?response_type=ticket&ticket=5d7a51e2c4f3".to_string(),
        "https://a-corp.com/?country_code=FR&zip_code=75001&code_challenge=E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM".to_string(),
        "https://a-corp.com/?client_assertion_type=urn%3Aietf%3Aparams%3Aoauth%3Aclient-assertion-type%3Ajwt-bearer".to_string(),
    ];
    for u in &benign {
        assert!(rules_of(&p, u).is_empty(), "{u}: {:?}", rules_of(&p, u));
    }
}

/// OAuth 1.0a sends the user to the authorize step with the temporary request token in the URL (RFC 5849
/// 2.2): that `oauth_token` is meant to be there. Anywhere else, or beside the token's secret or the
/// verifier, it is still a credential.
#[test]
fn oauth1_request_tokens_pass_at_the_authorize_step_only() {
    let p = policy();
    for u in [
        "https://trello.com/1/OAuthAuthorizeToken?oauth_token=3d5a8f0b2c1e4d7a9b6c8e0f1a2b3c4d&name=Acme+App&scope=read&expiration=30days",
        "https://www.flickr.com/services/oauth/authorize?oauth_token=72157626737672178-022bbd2f4c2f3432&perms=read",
        "https://api.twitter.com/oauth/authorize?oauth_token=NPcudxy0yU5T3tBzho7iCotZ3cnetKwcTIRlX0iwRl0",
        "https://api.x.com/oauth/authenticate?oauth_token=NPcudxy0yU5T3tBzho7iCotZ3cnetKwcTIRlX0iwRl0",
        "https://api.example-saas.com/oauth/authorize/?oauth_token=abcdef0123456789abcdef",
    ] {
        assert!(rules_of(&p, u).is_empty(), "{u}: {:?}", rules_of(&p, u));
    }
    for u in [
        "https://api.twitter.com/oauth/authorize?oauth_token=NPcudxy0yU5T3tBzho7iCotZ3cnetKwcTIRlX0iwRl0&oauth_token_secret=veNRnAWe6inFuo8o2u8SLLZLjolYDmDP7SzL0YfYI",
        "https://api.twitter.com/oauth/authorize?oauth_token=NPcudxy0yU5T3tBzho7iCotZ3cnetKwcTIRlX0iwRl0&oauth_verifier=uw7NjWHT6OJ1MpJOXsHfNxoAhPKpgI8BlYDhxEjIBY",
        "https://app.acmecorp.com/api/boards?oauth_token=3d5a8f0b2c1e4d7a9b6c8e0f1a2b3c4d",
        "https://app.acmecorp.com/authorize/cb?oauth_token=3d5a8f0b2c1e4d7a9b6c8e0f1a2b3c4d",
        // Only the query's `oauth_token`: a token in the fragment or under another name is still one.
        "https://api.twitter.com/oauth/authorize#oauth_token=NPcudxy0yU5T3tBzho7iCotZ3cnetKwcTIRlX0iwRl0",
        "https://api.twitter.com/oauth/authorize?access_token=NPcudxy0yU5T3tBzho7iCotZ3cnetKwcTIRlX0iwRl0",
    ] {
        assert!(
            has(&p, u, rules::QUERY_CREDENTIAL),
            "{u}: {:?}",
            rules_of(&p, u)
        );
    }
}

/// Client-side redirectors send the browser to a parameter's value (`location = params.get('to')`), so
/// a value that is a script, inline-document or local-file link is refused under any name, listed
/// redirect parameter or not, at any decoding the redirect targets get.
#[test]
fn script_and_document_links_in_any_parameter_are_redirects() {
    let p = policy();
    for u in [
        "https://a-corp.com/?next=javascript:alert(1)",
        "https://a-corp.com/?next=JaVaScRiPt%3Aalert(1)",
        "https://a-corp.com/?next=java%09script:alert(1)",
        "https://a-corp.com/?to=JaVaScRiPt%3Aalert(1)",
        "https://a-corp.com/?to=javascript%253Aalert(1)",
        "https://a-corp.com/?to=%256Aavascript%253Aalert(1)",
        "https://a-corp.com/?to=%20java%0Ascript:alert(1)",
        "https://a-corp.com/?u=data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==",
        "https://a-corp.com/?u=DATA:,hello",
        "https://a-corp.com/?u=data:text/html;charset=utf-8,%3Cscript%3Ealert(1)%3C/script%3E",
        "https://a-corp.com/?u=vbscript:msgbox(1)",
        "https://a-corp.com/?u=file:///etc/passwd",
        "https://a-corp.com/#to=javascript:alert(1)",
    ] {
        assert!(
            has(&p, u, rules::QUERY_REDIRECT),
            "{u}: {:?}",
            rules_of(&p, u)
        );
    }
    // Near misses: words and text that start like those schemes but are no link.
    for u in [
        "https://a-corp.com/?q=javascript+tutorial",
        "https://a-corp.com/?q=javascript",
        "https://a-corp.com/?topic=data:science",
        "https://a-corp.com/?topic=data:science,+math",
        "https://a-corp.com/?topic=data%3A+a+primer,+part+2",
        "https://a-corp.com/?q=database&f=filename.txt",
        "https://a-corp.com/?tag=file:report",
        "https://a-corp.com/?q=100%25",
    ] {
        assert!(rules_of(&p, u).is_empty(), "{u}: {:?}", rules_of(&p, u));
    }
}

#[test]
fn clean_hosts_are_remembered_and_hosts_with_findings_are_not() {
    let p = UrlPolicy::embedded_default().unwrap();
    let route = RouteUrlRules::default();
    assert!(p
        .judge("https://github.com/login", "/u", &route)
        .findings
        .is_empty());
    assert_eq!(p.clean_hosts.len(), 1);
    // Judged again from memory: still clean.
    assert!(p
        .judge("https://github.com/logout", "/u", &route)
        .findings
        .is_empty());
    // A look-alike has a finding, every time, and is not remembered.
    for _ in 0..2 {
        let j = p.judge("https://githuh.com/login", "/u", &route);
        assert!(
            j.findings.iter().any(|f| f.rule == rules::HOST_BRAND),
            "{:?}",
            j.findings
        );
    }
    assert_eq!(p.clean_hosts.len(), 1);
}

/// A policy that remembers no clean host, so that every judgement runs every check.
fn forgetful() -> UrlPolicy {
    let mut cfg = UrlConfig::from_yaml(EMBEDDED_DEFAULT_YAML).unwrap();
    cfg.clean_host_cache = 0;
    UrlPolicy::compile(&cfg).unwrap()
}

/// `url` judged with the `url` crate only (the exact path), then as the gateway judges it: findings
/// (rule, pointer, message, action, in order), the canonical form and the view must be the same.
fn assert_shortcut_agrees(p: &UrlPolicy, url: &str) -> Result<(), TestCaseError> {
    let route = RouteUrlRules::default();
    EXACT_ONLY.with(|e| e.set(true));
    let exact = p.judge(url, "/params/url", &route);
    EXACT_ONLY.with(|e| e.set(false));
    let fast = p.judge(url, "/params/url", &route);
    prop_assert_eq!(&fast.findings, &exact.findings, "{}", url);
    prop_assert_eq!(fast.canonical(), exact.canonical(), "{}", url);
    prop_assert_eq!(fast.view(), exact.view(), "{}", url);
    Ok(())
}

/// Pieces of links where the `url` crate and the simple reading could part ways: case, dots and `%2e`
/// segments, backslashes, whitespace and controls, quotes and the characters the parser percent-encodes,
/// IDNA and non-ASCII, IP addresses in odd notations, ports and user info, nested encoded redirects.
fn adversarial_link() -> impl Strategy<Value = String> {
    let scheme = prop_oneof![
        16 => Just("https://"),
        4 => Just("http://"),
        1 => Just("HTTPS://"),
        1 => Just("Https://"),
        1 => Just("https:/"),
        1 => Just("https:///"),
        1 => Just("https:\\\\"),
        1 => Just(" https://"),
        1 => Just("ftp://"),
        1 => Just("javascript:"),
    ];
    let host = prop_oneof![
        8 => "[a-z0-9-]{1,8}(\\.[a-z0-9-]{1,8}){0,2}\\.[a-z][a-z0-9-]{0,6}",
        2 => "[a-z0-9-]{1,8}(\\.[a-z0-9-]{1,8}){0,3}",
        2 => "[a-z]{1,8}\\.(com|net|io|co\\.uk|internal|localhost|nip\\.io)",
        5 => proptest::sample::select(vec![
            "github.com",
            "githuh.com",
            "xn--pypal-4ve.com",
            "a.xn--p1ai",
            "xn--a.com",
            "GitHub.com",
            "github.com.",
            "github..com",
            ".github.com",
            "%67ithub.com",
            "ｇｉｔｈｕｂ.com",
            "bücher.de",
            "pаypal.com",
            "127.0.0.1",
            "127.1",
            "0x7f.1",
            "0x7f000001",
            "2130706433",
            "1.2.3.0x4",
            "a.0x10",
            "a.09",
            "a.1e",
            "127-0-0-1.sslip.io",
            "[::1]",
            "[::ffff:127.0.0.1]",
            "a.com:443",
            "a.com:",
            "user@a.com",
            "a.com@b.com",
            "a-.-b.com",
            "a.com\\@b.com",
        ])
        .prop_map(str::to_owned),
    ];
    let path = prop_oneof![
        1 => Just(String::new()),
        10 => "(/[a-zA-Z0-9._~%-]{0,6}){1,4}",
        2 => "(/(\\.|\\.\\.|%2e|%2E|\\.%2e|%2E\\.|%2e%2e|\\.\\.\\.|a\\.)){1,3}/?",
        2 => "/[!-~]{0,10}",
        1 => "/[ \\t\\n\\\\é\\x{202E}\\x{200B}\\x{7f}\\x{1}a]{0,4}",
    ];
    let param = prop_oneof![
        "[a-z_]{1,8}=[a-zA-Z0-9._~-]{0,12}",
        "[a-z_]{1,8}=[a-zA-Z0-9._~%+-]{0,12}",
        "[!-~]{0,12}",
        "[a-z]{1,4}=[ '\"<>`{}\\\\é+%]{0,4}",
        Just("redirect_uri=https%3A%2F%2Fapp.acmecorp.com%2Fcb".to_string()),
        Just("redirect_uri=https%3A%2F%2F127.0.0.1%2Fcb".to_string()),
        Just("redirect_uri=http%3A%2F%2Flocalhost%3A8080%2F".to_string()),
        Just("redirect_uri=https%253A%252F%252Fevil.example%252F".to_string()),
        Just("redirect_uri=%2F%2Fevil.example%2Fx".to_string()),
        Just("next=https://github.com/login?return_to=https%3A%2F%2Fgithuh.com%2F".to_string()),
        Just(
            "continue=https%3A%2F%2Fa.com%2F%3Fredirect_uri%3Dhttps%253A%252F%252F10.0.0.1%252F"
                .to_string()
        ),
        Just("u=https://a.com/../b".to_string()),
        Just("to=javascript%3Aalert(1)".to_string()),
        Just("access_token=abc".to_string()),
        Just("e=a%40b.com".to_string()),
        Just("k=eyJhbGciOiJIUzI1NiJ9.eyJ1c2VyIjoiYSJ9.c2ln".to_string()),
        Just("oauth_token=abcdef".to_string()),
    ];
    let query = prop_oneof![
        2 => Just(String::new()),
        1 => Just("?".to_string()),
        5 => proptest::collection::vec(param, 1..4).prop_map(|ps| format!("?{}", ps.join("&"))),
    ];
    let fragment = prop_oneof![
        4 => Just(String::new()),
        1 => Just("#".to_string()),
        1 => Just("#frag".to_string()),
        1 => Just("#id_token=abc&x=1".to_string()),
        1 => Just("#a#b?c".to_string()),
        1 => "#[!-~]{0,8}",
        1 => "#[ `<>\"\\\\é]{1,3}",
    ];
    (scheme, host, path, query, fragment).prop_map(|(s, h, p, q, f)| format!("{s}{h}{p}{q}{f}"))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2048))]

    /// A simple link is what the `url` crate makes of it, part for part and byte for byte, and the raw
    /// checks find nothing in it and read its host (the claims of `simple`'s module doc).
    #[test]
    fn simple_links_parse_to_themselves(url in adversarial_link()) {
        let Some(s) = simple::parse(&url) else { return Ok(()) };
        let parsed = Url::parse(&url);
        prop_assert!(parsed.is_ok(), "{}", url);
        let Ok(parsed) = parsed else { return Ok(()) };
        prop_assert_eq!(parsed.as_str(), url.as_str());
        prop_assert_eq!(parsed.scheme(), s.scheme);
        prop_assert_eq!(parsed.host(), Some(Host::Domain(s.host)));
        prop_assert_eq!(parsed.host_str(), Some(s.host));
        prop_assert_eq!(parsed.username(), "");
        prop_assert_eq!(parsed.password(), None);
        prop_assert_eq!(parsed.path(), s.path);
        prop_assert_eq!(parsed.query(), s.query);
        prop_assert_eq!(parsed.fragment(), s.fragment);
        let mut out = Findings::new("");
        let raw_parts = raw::check(&url, &mut out);
        prop_assert_eq!(out.pushes, 0, "{}", url);
        prop_assert_eq!(raw_parts.host.as_deref(), Some(s.host));
    }

    /// Every judgement is the same with the simple-link shortcut as with the `url` crate alone.
    #[test]
    fn the_simple_shortcut_changes_no_judgement(url in adversarial_link()) {
        assert_shortcut_agrees(&forgetful(), &url)?;
    }

    /// The same for strings of every kind (the shortcut must refuse what it cannot read).
    #[test]
    fn the_simple_shortcut_changes_no_judgement_of_any_text(
        tail in "[!-~]{0,60}|\\PC{0,40}",
        prefix in prop_oneof![Just("https://"), Just("http://"), Just("https://a.com/"), Just("https://a.com/?u=")],
    ) {
        assert_shortcut_agrees(&forgetful(), &format!("{prefix}{tail}"))?;
    }
}

/// The shortcut is taken where it matters (the common links) and changes no judgement of the corpus, with
/// clean hosts remembered or not.
#[test]
fn the_simple_shortcut_changes_no_judgement_of_the_corpus() {
    #[derive(serde::Deserialize)]
    struct Case {
        url: String,
    }
    let urls: Vec<String> = include_str!("../../../tests/corpus/urls.jsonl")
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| serde_json::from_str::<Case>(l).unwrap().url)
        .collect();
    let simple = urls.iter().filter(|u| simple::parse(u).is_some()).count();
    assert!(simple * 2 > urls.len(), "{simple} of {}", urls.len());
    for p in [forgetful(), policy()] {
        for _ in 0..2 {
            for url in &urls {
                assert_shortcut_agrees(&p, url).unwrap();
            }
        }
    }
}

/// The adversarial links exercise both sides of the shortcut: many are simple, many are not.
#[test]
fn adversarial_links_are_often_simple_and_often_not() {
    use proptest::strategy::ValueTree;
    let mut runner = proptest::test_runner::TestRunner::deterministic();
    let strategy = adversarial_link();
    let n = 2000;
    let simple = (0..n)
        .filter(|_| {
            let url = strategy.new_tree(&mut runner).unwrap().current();
            simple::parse(&url).is_some()
        })
        .count();
    assert!(simple > n / 5 && simple < n * 4 / 5, "{simple} of {n}");
}

/// A path segment or a bare fragment is one text, decoded whole: an `&` in it is not a form separator, so a
/// secret after one is found as one before it is (a form parse of the text would stop at the `&`).
#[test]
fn secrets_after_an_ampersand_in_a_path_or_fragment_are_found() {
    let p = policy();
    let token = "ghp_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789";
    for url in [
        format!("https://example.com/files/a%20b&{token}/x"),
        format!("https://example.com/files/a+b&{token}"),
        format!("https://example.com/page#a%20b&{token}"),
    ] {
        let rules = rules_of(&p, &url);
        assert!(
            rules.contains(rules::PATH_CREDENTIAL) || rules.contains(rules::QUERY_CREDENTIAL),
            "{url}: {rules:?}"
        );
    }
    // Without the `&`, or without an escape before it, they were always found.
    assert!(has(
        &p,
        &format!("https://example.com/files/{token}"),
        rules::PATH_CREDENTIAL
    ));
}

/// Issue 35, third pass: a name beside a lure word of another language, a Cyrillic host read in Latin,
/// a brand's own second domains and a documentation domain.
#[test]
fn lure_words_of_more_languages_and_scripts() {
    let p = policy();
    // Parcel, customs and sign-in words of other languages beside a national carrier's name.
    for u in [
        "https://bpost-levering.com/volg",
        "https://inpost-sledzenie.net/paczka",
        "https://ceskaposta-zasilky.info/",
        "https://correos-aduana.com/pago",
        "https://anpost-customs-fee.com/pay",
        "https://posten-sporing.com/pakke",
        "https://thailandpost-haisou.net/",
        "https://qatarpost-tawseel.com/ar",
    ] {
        assert!(has(&p, u, rules::HOST_BRAND), "{u}");
    }
    // A Cyrillic host spelling the service and the lure word in Cyrillic; the service's own Cyrillic
    // name and other Cyrillic names pass.
    assert!(has(&p, "https://укрпошта-доставка.com/", rules::HOST_BRAND));
    assert!(has(&p, "https://почта-оплата.рф/", rules::HOST_BRAND));
    for u in [
        "https://госуслуги.рф/",
        "https://новости-доставка.рф/",
        "https://пример.рф/вход",
    ] {
        assert!(rules_of(&p, u).is_empty(), "{u}: {:?}", rules_of(&p, u));
    }
    // A brand's own second domains, and a documentation domain in an app's name.
    for u in [
        "https://www.paypal-community.com/t5/help/ct-p/help",
        "https://cdn.discordapp.com/attachments/1/2/a.png",
        "https://github.blog/changelog/",
        "https://ims-na1.adobelogin.com/ims/authorize/v2?client_id=x&response_type=code&redirect_uri=https%3A%2F%2Fwww.adobe.com%2F",
        "https://www.shop-example.com/login",
        "https://login.live.com/?auth=2",
    ] {
        assert!(rules_of(&p, u).is_empty(), "{u}: {:?}", rules_of(&p, u));
    }
}

/// A brand's name in the path of a page that is not the brand's (`url.path.brand`).
#[test]
fn names_in_paths_of_pages_that_are_not_theirs() {
    let p = policy();
    for u in [
        "https://storage.googleapis.com/netflix-billing-update/index.html",
        "https://s3.us-east-2.amazonaws.com/coinbase-wallet-restore/start.htm",
        "https://sites.google.com/view/outlook-mailbox-quota/home",
        "https://forms.zohopublic.com/santander/form/VerifyAccount/formperma/AbC123",
        "https://oldgarage.example.org/wp-content/themes/x/instagram/verify/",
        "https://tyres-example.co.za/docs/binance/login.php",
    ] {
        assert!(has(&p, u, rules::PATH_BRAND), "{u}: {:?}", rules_of(&p, u));
    }
    for u in [
        "https://storage.googleapis.com/acme-exports/netflix-report.csv",
        "https://sites.google.com/view/netflix-watch-club/members",
        "https://myapp.example.com/auth/github/login",
        "https://shop.example.com/paypal/return.php",
        "https://docs.example.com/guides/stripe/signin-flow",
        "https://github.com/netflix/zuul/blob/master/login.md",
    ] {
        assert!(!has(&p, u, rules::PATH_BRAND), "{u}: {:?}", rules_of(&p, u));
    }
}

/// A host only weakly like a name, confirmed by a sign-in page; trackers' targets without a name or a
/// scheme; a setting in a credential-named parameter.
#[test]
fn weak_hosts_confirmed_by_their_page_and_trackers_targets() {
    let p = policy();
    for u in [
        "https://chasr.com/login",
        "https://fedec.com/account/signin",
        "https://uupps.com/tracking/parcel",
        "https://okta-reauth.com/signin",
        "https://upsonline.com/user/verify",
    ] {
        assert!(has(&p, u, rules::HOST_BRAND), "{u}: {:?}", rules_of(&p, u));
    }
    for u in [
        "https://chasr.com/recipes",
        "https://nike-running-club.org/about",
        "https://spotify-community.dev/login",
        "https://www.mercadolibre.com.mx/login",
    ] {
        assert!(!has(&p, u, rules::HOST_BRAND), "{u}: {:?}", rules_of(&p, u));
    }
    // A tracker's target written whole after the `?`, after a `;` in the path, or without its scheme.
    assert!(has(
        &p,
        "https://ad.doubleclick.net/ddm/trackclk/N1.2;dc_trk_aid=3;dc_trk_cid=4?https://paypal-refund-center.top/",
        rules::QUERY_REDIRECT
    ));
    assert!(has(
        &p,
        "https://clicks.example-mailer.com/c/1;https://secure-login-amazon.xyz/",
        rules::QUERY_REDIRECT
    ));
    assert!(has(
        &p,
        "https://links.mail.netflix.com/ls/click?upn=x&p2=netflix-billing-verify.com%2Fsignin",
        rules::QUERY_REDIRECT
    ));
    // A value naming a site without a scheme is read as a link, but not as an open redirect.
    for u in [
        "https://www.google.com/search?q=docs.rs%2Fserde",
        "https://www.bing.com/search?q=paypal.com%2Fsignin+help",
        "https://example-ci.com/build?file=src%2Fmain.rs",
    ] {
        assert!(rules_of(&p, u).is_empty(), "{u}: {:?}", rules_of(&p, u));
    }
    // `auth=2` is a mode; a long value is still a credential.
    assert!(!has(
        &p,
        "https://www.office.com/?auth=1&home=2",
        rules::QUERY_CREDENTIAL
    ));
    assert!(has(
        &p,
        "https://app.example.com/?auth=9f8e7d6c5b4a39281706f5e4d3c2b1a0",
        rules::QUERY_CREDENTIAL
    ));
}

/// Consent phishing: a real provider's authorize link whose callback looks hostile.
#[test]
fn hostile_callbacks_of_real_sign_in_requests() {
    let p = policy();
    let authorize = |redirect: &str| {
        format!(
            "https://login.microsoftonline.com/organizations/oauth2/v2.0/authorize?client_id=0000&response_type=code&redirect_uri={}&scope=Files.Read.All",
            redirect.replace(':', "%3A").replace('/', "%2F")
        )
    };
    for r in [
        "https://onedrive-files-view.com/cb",
        "https://mailbox-sync.click/auth",
        "https://sharepoint-shared-docs.net/oauth",
    ] {
        assert!(
            has(&p, &authorize(r), rules::QUERY_REDIRECT),
            "{r}: {:?}",
            rules_of(&p, &authorize(r))
        );
    }
    for r in [
        "https://app.contoso-analytics.com/cb",
        "https://reports.fabrikam.io/oauth",
        "https://mirror-sync-tool.com/cb",
    ] {
        assert!(
            rules_of(&p, &authorize(r)).is_empty(),
            "{r}: {:?}",
            rules_of(&p, &authorize(r))
        );
    }
    // A tenant's name beside a sign-in word on another domain; the tenant's own app passes.
    let logout = |to: &str| {
        format!(
            "https://globex-hr.us.auth0.com/v2/logout?client_id=abc&returnTo={}",
            to.replace(':', "%3A").replace('/', "%2F")
        )
    };
    assert!(has(
        &p,
        &logout("https://globex-hr-signin.com/"),
        rules::QUERY_REDIRECT
    ));
    assert!(rules_of(&p, &logout("https://globex-hr-portal.com/")).is_empty());
}

/// A returning redirect inside a link inside another launders a stranger; storage endpoints' subdomains
/// are strangers' buckets.
#[test]
fn redirect_chains_and_storage_endpoints() {
    let p = policy();
    let chain = "https://accounts.google.com/ServiceLogin?continue=https%3A%2F%2Fwww.youtube.com%2Fsignin%3Fnext%3Dhttps%3A%2F%2Fharvest-example.net%2Fgrab";
    assert!(
        has(&p, chain, rules::QUERY_REDIRECT),
        "{:?}",
        rules_of(&p, chain)
    );
    // One returning redirect to the app, and a chain that ends on a well-known site, pass.
    for u in [
        "https://accounts.google.com/ServiceLogin?continue=https%3A%2F%2Fapp.acmecorp.com%2Fhome",
        "https://accounts.google.com/ServiceLogin?continue=https%3A%2F%2Fwww.youtube.com%2Fsignin%3Fnext%3Dhttps%3A%2F%2Fwww.wikipedia.org%2F",
    ] {
        assert!(rules_of(&p, u).is_empty(), "{u}: {:?}", rules_of(&p, u));
    }
    for u in [
        "https://netflix-billing.blob.core.windows.net/index.html",
        "https://d3x9.cloudfront.net/coinbase/verify/index.html",
        "https://binance-reward.r2.dev/claim",
    ] {
        assert!(!rules_of(&p, u).is_empty(), "{u}");
    }
    for u in [
        "https://acmefiles.blob.core.windows.net/public/brochure.pdf",
        "https://d3x9.cloudfront.net/static/app.4f2a.js",
    ] {
        assert!(rules_of(&p, u).is_empty(), "{u}: {:?}", rules_of(&p, u));
    }
}

/// A Cyrillic name beside an ASCII lure word in another label.
#[test]
fn cyrillic_names_beside_ascii_lure_words() {
    let p = policy();
    let u = "https://укрпошта.secure-payment.com/";
    assert!(has(&p, u, rules::HOST_BRAND), "{:?}", rules_of(&p, u));
}

/// The mechanisms of the `urls7` round, each on hosts other than the ones that prompted it.
#[test]
fn look_alikes_by_structure_without_the_brands_name_list() {
    let p = policy();
    let brand = |u: &str| has(&p, u, "url.host.brand");
    // A capital `I` for `l` in a listed domain; a capitalised name written as usual is the site.
    assert!(brand("https://www.PaypaI.com/"));
    assert!(brand("https://gmaiI.com/"));
    assert!(!brand("https://Instagram.com/"));
    assert!(!brand("https://www.IKEA.com/"));
    // A listed name under a zone sold as a country's, or a regional name under another country's
    // commercial ending; a multinational's country site and a global name's are left alone.
    assert!(brand("https://pkobp.uk.com/"));
    assert!(brand("https://jazzcash.com.bd/"));
    assert!(!brand("https://www.apple.com.cn/"));
    assert!(!brand("https://www.amazon.com.mx/"));
    assert!(!brand("https://www.google.com.br/"));
    // A listed domain spelt with a digit under its own ending; a number with a look-alike letter.
    assert!(brand("https://bd0.com.ph/login") || brand("https://a1rajhibank.com.sa/"));
    assert!(!brand("https://www.apple.com.cn/shop/account"));
    assert!(brand("https://95o88.cn/"));
    assert!(!brand("https://web2.cn/"));
    // A listed host with its dot turned hyphen, the head a listed name.
    assert!(brand("https://outlook-live.com/"));
    assert!(!brand("https://media-amazon.com/"));
    // A category word with a look-alike letter in an unlisted name.
    assert!(brand("https://tamanbamk.com/"));
    assert!(brand("https://acme-acc0unt.net/"));
    // Country branches on lure domains and hosting services.
    assert!(brand("https://mpesa-ke.free-bonus.com/"));
    assert!(brand("https://orangemoney-sn.web.app/"));
    assert!(brand("https://jeeb-pk-reward.netlify.app/"));
    assert!(brand("https://easypaisa-pk.pages.dev/"));
    assert!(!brand("https://shop-us.web.app/"));
    assert!(!brand("https://harbor-notes-demo.web.app/"));
    // A courier's coined name beside a parcel word.
    assert!(brand("https://www.rsexpress-paket.com/"));
    // An omission inside a five-letter name, confirmed by the page.
    assert!(brand("https://www.chse.com/chase/login"));
    // Initials before a town under a country's ending are no `.th-` trick.
    assert!(!brand("https://moodle.tu-hafenstadt.de/"));
    assert!(brand("https://paypal.de-login.net/"));
    // Whole-script Cyrillic with `к` outside a Cyrillic ending.
    assert!(has(&p, "https://кок.com/", "url.host.confusable"));
    assert!(!has(&p, "https://кок.ru/", "url.host.confusable"));
}

#[test]
fn consent_and_logout_redirects_of_the_urls7_round() {
    let p = policy();
    let redirect = |u: &str| has(&p, u, "url.query.redirect");
    // A Discord bot with Administrator, sent to a prize-named app under a new generic ending.
    assert!(redirect(
        "https://discord.com/oauth2/authorize?client_id=1&permissions=2147483656&scope=bot&redirect_uri=https%3A%2F%2Ffree-prize.gift%2Fcb&response_type=code"
    ));
    assert!(!redirect(
        "https://discord.com/oauth2/authorize?client_id=1&permissions=2048&scope=bot&redirect_uri=https%3A%2F%2Fprize-bot.gift%2Fcb&response_type=code"
    ));
    // A tenant named for its environment is its organisation; its name beside a sign-in step's word.
    assert!(redirect(
        "https://globex-dev.eu.auth0.com/v2/logout?client_id=abc&returnTo=https%3A%2F%2Fglobex-account-reset.com%2F"
    ));
    assert!(!redirect(
        "https://globex-dev.eu.auth0.com/v2/logout?client_id=abc&returnTo=https%3A%2F%2Fapp.globex.com%2F"
    ));
}

/// The second half of the `urls7` round: page-confirmed signs and split path words.
#[test]
fn short_names_on_lure_pages_and_names_abroad() {
    let p = policy();
    let brand = |u: &str| has(&p, u, "url.host.brand");
    // A short one-word name under an abused or shop ending with a bare lure page.
    assert!(brand("https://bcpz.top/verify"));
    assert!(brand("https://mpago.online/activate"));
    assert!(!brand("https://bcpz.top/menu"));
    assert!(!brand("https://mpago.online/verify?token=abc123"));
    assert!(!brand("https://mpago.com/verify"));
    // A creator's payout appeal beside a name, on a site builder.
    assert!(brand("https://tt-monetisation-help.wixsite.com/"));
    // A toll or fine word glued to initials with a country code, under a generic ending.
    assert!(brand("https://ezytoll-sg.com/"));
    assert!(!brand("https://ezytoll.sg/"));
    // `rn` before a vowel in a coined finance name.
    assert!(brand("https://www.sarnobank.com/"));
    assert!(!brand("https://www.westernbank.com/"));
    // A brand in a camel-case page name on a form builder, beside a lure word.
    assert!(has(
        &p,
        "https://forms.zohopublic.com/someone/form/PaypalAccountVerification/formperma/x",
        "url.path.brand"
    ));
}

#[test]
fn public_tunnels_are_pages_anyone_opens() {
    let p = policy();
    // Tunnel services the public suffix list does not name are read as hosting services: a listed
    // name leading a tunnel's name with more words, or beside a strong lure word, is a look-alike.
    for url in [
        "https://paypal-help-center.loca.lt/",
        "https://paypal-verify.euw.devtunnels.ms/",
        "https://paypal-help-center.bore.pub/",
    ] {
        assert!(has(&p, url, "url.host.brand"), "{url}");
    }
    // A developer's own tunnel with a random or project name is not.
    for url in [
        "https://abc123.loca.lt/",
        "https://myapp-dev.euw.devtunnels.ms/callback",
    ] {
        assert!(!has(&p, url, "url.host.brand"), "{url}");
    }
}

#[test]
fn look_alikes_of_the_urls8_round() {
    let p = policy();
    // Another business's name one unrelated letter or one appended letter from a listed one.
    for url in [
        "https://www.dockers.com/US/en_US/",
        "https://www.amazona.de/",
        "https://sync.crmbridge.io/oauth/callback",
        "https://www.applebank.com/",
    ] {
        assert!(!has(&p, url, "url.host.brand"), "{url}");
    }
    // The look-alike edits still count, and a combination with bait.
    for url in [
        "https://www.amazonn.com/",
        "https://www.cambrldge.org/login",
        "https://applebank.top/",
        "https://abc-ie.secure-update.com/",
        "https://files-share.xyz/login.microsoftonline.com/common/login",
    ] {
        assert!(
            has(&p, url, "url.host.brand") || has(&p, url, "url.path.brand"),
            "{url}"
        );
    }
}

#[test]
fn a_hosted_pages_own_label_is_read_as_its_registrable_label() {
    let p = policy();
    // `<worker>.<account>.workers.dev`: the publisher names both labels.
    assert!(has(
        &p,
        "https://docusign-envelope.acct-7721.workers.dev/",
        "url.host.brand"
    ));
    // A project about the name, a plain page name, and someone's own domain's subdomain pass.
    for url in [
        "https://docusign-clone.acct-7721.workers.dev/",
        "https://my-app.myteam.workers.dev/",
        "https://docusign-envelope.example-corp.com/",
    ] {
        assert!(!has(&p, url, "url.host.brand"), "{url}");
    }
}

/// The urls9 mechanisms end to end: a country's domain written inside another host, Chromium's `k`
/// confusables, a free country ending's second level, two names on a site builder, and the ordinary
/// readings they leave alone.
#[test]
fn country_domain_tricks_k_confusables_and_builders() {
    let p = policy();
    let brand = |u: &str| has(&p, u, "url.host.brand");
    // `<name>.<cc>-<lure word>` and `<name>.<word-like cc>.<strong lure>.<tld>`, for names on no list.
    assert!(brand("https://kurjer.ee-pakke.info/"));
    assert!(brand("https://tienda.cz-platba.shop/"));
    assert!(brand("https://www.minbank.is.innskraning.net/"));
    assert!(!brand("https://shop.de-lux.com/"));
    assert!(!brand("https://de.example.com/login"));
    // Cyrillic `к` reads as `k` beside a listed name, even where Cyrillic is at home.
    assert!(brand("https://какао.kz/"));
    assert!(!brand("https://кино.kz/"));
    // A listed name's `.com` under a free country ending's second level; not another country's.
    assert!(brand("https://www.netflix.com.tk/"));
    assert!(!brand("https://www.netflix.com.br/"));
    // Two names of one owner on a form builder's account subdomain.
    assert!(brand("https://paypal-venmo-plus.typeform.com/"));
    // A developer's copy of a service, and an ordinary word beside a coined name, are no look-alikes.
    assert!(!brand("https://www.eventbrite-demo.app/accounts/login/"));
}

/// The urls11b mechanisms end to end, each with its benign twins: a page in a CMS's media or code
/// folders, a four-letter name's look-alike letter, a global-only name under a generic-sold country's
/// commercial zone, an admin-consent grant to a throwaway name, and a sign-in page's own flow token.
#[test]
fn kit_folders_short_swaps_generic_cc_zones_admin_consent_and_flow_tokens() {
    let p = policy();
    let kit = |u: &str| has(&p, u, "url.path.kit");
    // Kits on compromised sites, the brand unlisted or absent.
    for u in [
        "https://www.bakery-example.rs/wp-content/uploads/kurir/posiljka/placanje.html",
        "https://dentist-example.pl/wp-content/uploads/2024/11/index.php",
        "https://garden-example.com/wp-includes/fonts/x/verify.html",
        "https://garage-example.de/wp-admin/js/bank/anmelden.php",
        "https://hotel-example.at/.well-known/pki/login.html",
        "https://shop-example.com/wp-content/plugins/acme-kit/refund/claim.php",
        "https://club-example.org/images/secure/login.php",
        "https://old-example.net/cgi-bin/webscr?cmd=_login",
        "https://school-example.edu.au/sites/default/files/portal/index.php",
    ] {
        assert!(kit(u), "{u}: {:?}", rules_of(&p, u));
    }
    // A site's own files and pages, the admin's own pages, registered well-known names.
    for u in [
        "https://www.bakery-example.rs/wp-content/uploads/2024/05/report.pdf",
        "https://school-example.edu/wp-content/uploads/articulate_uploads/course1/story.html",
        "https://blog-example.com/wp-admin/post.php?post=12&action=edit",
        "https://blog-example.com/wp-content/themes/twentyone/style.css",
        "https://shop-example.com/.well-known/change-password",
        "https://shop-example.com/.well-known/acme-challenge/abcdef",
        "https://shop-example.com/images/logo.png",
        "https://shop-example.com/cgi-bin/search.cgi?q=shoes",
        "https://wordpress.org/wp-content/uploads/2024/x.php",
    ] {
        assert!(!kit(u), "{u}: {:?}", rules_of(&p, u));
    }
    let brand = |u: &str| has(&p, u, "url.host.brand");
    // A four-letter name with one look-alike letter, alone; not the name, not a word one swap away.
    assert!(brand("https://wlse.com/"));
    assert!(brand("https://vsps.com/"));
    for u in [
        "https://wise.com/",
        "https://wiki.com/",
        "https://www.deli.com/",
        "https://pius.org/",
    ] {
        assert!(!brand(u), "{u}: {:?}", rules_of(&p, u));
    }
    // A global-only name under a generic-sold country's commercial zone; Colombian companies there,
    // and names with country sites, pass.
    assert!(brand("https://chatgpt.com.co/"));
    for u in [
        "https://www.bbva.com.co/",
        "https://www.rappi.com.co/",
        "https://www.google.com.co/",
        "https://www.panaderia-example.com.co/",
    ] {
        assert!(!brand(u), "{u}: {:?}", rules_of(&p, u));
    }
    // An admin-consent grant to a composed name under a new generic ending.
    let redirect = |u: &str| has(&p, u, "url.query.redirect");
    assert!(redirect(
        "https://login.microsoftonline.com/common/adminconsent?client_id=5f2c8b1e-9d4a-4c7e-b6a3-0e1f2d3c4b5a&redirect_uri=https%3A%2F%2Ftenant-migrate.support%2Fconsent"
    ));
    assert!(redirect(
        "https://login.microsoftonline.com/common/oauth2/authorize?client_id=5f2c8b1e&response_type=code&prompt=admin_consent&redirect_uri=https%3A%2F%2Fmail-archive-sync.cloud%2Fcb"
    ));
    for u in [
        "https://login.microsoftonline.com/common/adminconsent?client_id=5f2c8b1e&redirect_uri=https%3A%2F%2Fapp.acme-hr.com%2Fconsent",
        "https://login.microsoftonline.com/common/adminconsent?client_id=5f2c8b1e&redirect_uri=https%3A%2F%2Facme.app%2Fconsent",
        "https://login.microsoftonline.com/common/oauth2/v2.0/authorize?client_id=5f2c8b1e&response_type=code&prompt=consent&redirect_uri=https%3A%2F%2Fmail-archive-sync.cloud%2Fcb&scope=openid",
    ] {
        assert!(!redirect(u), "{u}: {:?}", rules_of(&p, u));
    }
    // A sign-in page's own short flow token on the brand's host; a long one, another page, a listed
    // credential name, or a stranger's site still count.
    let cred = |u: &str| has(&p, u, "url.query.credential");
    assert!(!cred(
        "https://account.booking.com/sign-in?op_token=EgVvYXV0aCKCAQoUNm"
    ));
    for u in [
        "https://account.booking.com/sign-in?op_token=EgVvYXV0aCKCAQoUNmEgVvYXV0aCKCAQoUNm",
        "https://account.booking.com/settings?op_token=EgVvYXV0aCKCAQoUNm",
        "https://account.booking.com/sign-in?access_token=EgVvYXV0aCKC",
        "https://booking-example.com/sign-in?op_token=EgVvYXV0aCKCAQoUNm",
    ] {
        assert!(cred(u), "{u}: {:?}", rules_of(&p, u));
    }
}

/// (`urls12`) An ordinary English word one letter left out of or put into a listed name, as a whole
/// token, is that word (`market` beside `gmarket`, `interest` beside `pinterest`); an invented spelling
/// one edit away still counts.
#[test]
fn an_ordinary_word_is_no_one_edit_look_alike() {
    let p = policy();
    for u in [
        "https://market-sync.ru/oauth/cb",
        "https://market.ru/login",
        "https://interest-calc.com/",
        "https://delivery-tracker.io/",
        "https://oauth.yandex.ru/authorize?response_type=code&client_id=abc&redirect_uri=https%3A%2F%2Fmarket-hub.ru%2Fcb&state=1",
    ] {
        assert!(!has(&p, u, rules::HOST_BRAND), "{u}: {:?}", rules_of(&p, u));
        assert!(!has(&p, u, rules::QUERY_REDIRECT), "{u}: {:?}", rules_of(&p, u));
    }
    for u in [
        "https://gmarkit-sync.ru/login",
        "https://gmarkett.com/login",
        "https://pinterst-login.com/",
    ] {
        assert!(has(&p, u, rules::HOST_BRAND), "{u}: {:?}", rules_of(&p, u));
    }
}

/// (`urls12`) A site builder's site given as a path (`sites.google.com/view/<site>`,
/// `<account>.wixsite.com/<site>`) is judged as a hosting service's page label; the service's own name
/// and a name beside words that are no lure pass.
#[test]
fn a_site_builders_path_site_is_read_as_its_label() {
    let p = policy();
    for u in [
        "https://sites.google.com/view/ups-paket-zustellung",
        "https://sites.google.com/view/santander-atualizar-dados/inicio",
        "https://sites.google.com/acme.edu/dhl-paket-zustellung",
        "https://acme.wixsite.com/dhl-redelivery",
    ] {
        assert!(has(&p, u, rules::PATH_BRAND), "{u}: {:?}", rules_of(&p, u));
    }
    for u in [
        "https://sites.google.com/view/parcel-club/home",
        "https://sites.google.com/view/netflix-watch-club/members",
        "https://sites.google.com/view/google-login-workshop/",
        "https://acme.wixsite.com/bakery-north",
    ] {
        assert!(rules_of(&p, u).is_empty(), "{u}: {:?}", rules_of(&p, u));
    }
}

/// (`urls12`) A country's second-level zone glued under a generic ending (`co.za.com`, `com.br.com`) is
/// read as that zone: the label before it is judged as a registrable label there.
#[test]
fn a_nested_country_zone_is_read_as_the_country_zone() {
    let p = policy();
    for u in [
        "https://northbank-refund.co.za.com/",
        "https://northbank-login.com.br.com/",
    ] {
        assert!(has(&p, u, rules::HOST_BRAND), "{u}: {:?}", rules_of(&p, u));
    }
    for u in [
        "https://northbank-history.co.za.com/",
        "https://shop-north.co.uk.com/",
        "https://northbank-refund.example.com/",
    ] {
        assert!(!has(&p, u, rules::HOST_BRAND), "{u}: {:?}", rules_of(&p, u));
    }
}

/// (`urls12`) A five-letter name's two vowels one letter apart exchanged (`nevar` for `naver`) is a
/// typo the page confirms; an English word (`prize` beside `prezi`) or a page that asks nothing is not.
#[test]
fn a_short_names_vowels_exchanged_need_a_sign_in_page() {
    let p = policy();
    assert!(has(&p, "https://nevar.net/account", rules::HOST_BRAND));
    assert!(!has(&p, "https://nevar.net/", rules::HOST_BRAND));
    assert!(!has(&p, "https://prize.com/login", rules::HOST_BRAND));
}

/// (`urls12`) A bare host (no scheme, no path) in a well-known site's parameter is a click tracker's
/// destination and is judged; an app's reverse-domain identifier, or a bare host on a site no list
/// knows, is not read as one.
#[test]
fn a_bare_host_in_a_listed_sites_parameter_is_a_destination() {
    let p = policy();
    for u in [
        "https://t-info.mail.adobe.com/r/?id=1&p1=paypa1-secure.com",
        "https://www.google.com/url?q=wellsfargo-verify-login.com",
    ] {
        assert!(
            has(&p, u, rules::QUERY_REDIRECT),
            "{u}: {:?}",
            rules_of(&p, u)
        );
    }
    for u in [
        "https://t-info.mail.adobe.com/r/?id=1&p1=example.com",
        "https://appleid.apple.com/auth/authorize?client_id=com.example.web&redirect_uri=https%3A%2F%2Fwww.example.com%2Fcb&response_type=code",
        "https://appleid.apple.com/auth/authorize?client_id=com.airbnb.web&redirect_uri=https%3A%2F%2Fwww.airbnb.com%2Fcb&response_type=code",
        "https://lookup.example.org/?d=wellsfarqo-verify.com",
    ] {
        assert!(rules_of(&p, u).is_empty(), "{u}: {:?}", rules_of(&p, u));
    }
}

/// (`urls13`) Who can register under a host's zone: a government's or a school's zone holds no
/// look-alike; a zone sold as a country's (`<cc>.com`, from the public suffix list's private section)
/// holds the country's listed name at any length; a global-only name under an unused country zone is a
/// swap, while a multinational's country site under a zone the list shows in use stays clean.
#[test]
fn registration_zones_decide_look_alikes() {
    let p = policy();
    for u in [
        // A three-letter bank listed under `.de`, under the zone sold as Germany's.
        "https://ing.de.com/konto",
        // A one-letter listed domain written across the dot.
        "https://x.com-login-help.xyz/",
        // A global-only chat service under a country zone no listed business uses.
        "https://discord.com.fj/invite/abc",
    ] {
        assert!(has(&p, u, rules::HOST_BRAND), "{u}: {:?}", rules_of(&p, u));
    }
    for u in [
        // Restricted zones: a state, a university department, a ministry.
        "https://www.amazonia.pa.gov.br/",
        "https://paypai.cs.ox.ac.uk/",
        "https://discord.gov.sg/",
        // A multinational's country site under a zone the list shows in use.
        "https://www.apple.com.cn/ipad/",
        // One letter before a label that does not spell a listed domain.
        "https://x.community-news.example.com/",
        "https://a.co-op.example.org/",
    ] {
        assert!(!has(&p, u, rules::HOST_BRAND), "{u}: {:?}", rules_of(&p, u));
    }
    // A look-alike hosted on a government site is still read by the path rules, and its host
    // is not the only evidence: the zone rule clears the host name only.
    assert!(has(&p, "https://paypa1.com/", rules::HOST_BRAND));
}

/// (`urls13`) A site builder's page named with the builder's own name beside the account steps a
/// phishing page exists for; a class's page about the service is not.
#[test]
fn a_builders_own_name_beside_account_steps_on_its_builder() {
    let p = policy();
    let bad = "https://sites.google.com/view/google-verify-identity-now/home";
    assert!(has(&p, bad, rules::PATH_BRAND), "{:?}", rules_of(&p, bad));
    let bad = "https://sites.google.com/view/google-account-recovery-desk";
    assert!(has(&p, bad, rules::PATH_BRAND), "{:?}", rules_of(&p, bad));
    for u in [
        "https://sites.google.com/view/google-login-workshop/home",
        "https://sites.google.com/view/google-classroom-tips",
    ] {
        assert!(rules_of(&p, u).is_empty(), "{u}: {:?}", rules_of(&p, u));
    }
}

/// (urls13c) A brand's name in its own script beside a lure word, and listed names beside lure words of
/// the languages the translations add; the names alone and ordinary words beside them pass.
#[test]
fn native_script_names_and_translated_lure_words() {
    let p = policy();
    for u in [
        // A Chinese bank's name glued to "sign in"; a Korean service's beside "account".
        "https://招商银行登录.com/",
        "https://카카오-계정.net/",
        // A Japanese service's name glued to "confirm"; an unlisted card issuer's name (invented)
        // with the word for card glued to "confirm".
        "https://ネイバー確認.com/",
        "https://山川カード確認.com/",
        // A listed name beside a Finnish "expired" and a Vietnamese "security" with its marks.
        "https://paypal-vanhentunut.com/",
        "https://paypal-bảo-mật.com/",
    ] {
        assert!(has(&p, u, rules::HOST_BRAND), "{u}: {:?}", rules_of(&p, u));
    }
    for u in [
        "https://招商银行.com/",
        "https://山川カード.jp/",
        "https://카카오프렌즈.com/",
        // "Online" holds the Korean spelling of `line`, a loanword the generator leaves out.
        "https://온라인확인.kr/",
        "https://例え.jp/ログイン",
    ] {
        assert!(!has(&p, u, rules::HOST_BRAND), "{u}: {:?}", rules_of(&p, u));
    }
}

/// (urls17) A protected brand with one bit flipped and nothing beside it; a three- or four-letter name's
/// domain one slip away on a sign-in page; a name as the last part of a label before `<cc>-<word>`.
#[test]
fn bit_squats_short_slips_and_a_name_before_a_country_code() {
    let p = policy();
    for u in [
        // One bit of one letter of a protected brand (`e` 0x65 to `g` 0x67, `d` 0x64).
        "https://support.applg.com/kb/HT201232",
        "https://appld.com/shop/bag",
        // A vowel left out of a four-letter name, a same-outline letter in a three-letter one, under the
        // listed domain's own ending, on a sign-in page.
        "https://auth.ubr.com/login",
        "https://onlinebanking.alb.ie/inet/roi/login.htm",
        // The name right before a country code glued to the registrable label.
        "https://etransfer-interac.ca-deposit.com/deposit?id=1",
        "https://secure-paypal.us-billing.com/",
    ] {
        assert!(has(&p, u, rules::HOST_BRAND), "{u}: {:?}", rules_of(&p, u));
    }
    for u in [
        // A bit flip composed with another word is read by the combination rules, not as a squat; a
        // common English word one bit from a brand is that word (`slick` beside `slack`).
        "https://slick.com/",
        // The short slips without a sign-in step, under another ending, or under a school's zone.
        "https://ubr.com/about",
        "https://alb.ie/",
        "https://ubr.de/login",
        "https://raven.cam.ac.uk/auth/login.html",
        // Three-letter words and initials: a letter put in or a neighbouring key is not read.
        "https://build.com/login",
        "https://hub.com/login",
        // The name not right before the registrable label, or the label after it not the registrable one.
        "https://status-app.eu-west.example.com/",
        "https://interac-news.example.ca/",
    ] {
        assert!(!has(&p, u, rules::HOST_BRAND), "{u}: {:?}", rules_of(&p, u));
    }
}

/// (urls17) A device code filled into a provider's own device page is `url.device_code`; the bare page
/// and the complete links of providers that issue them pass, and a look-alike device page is still a
/// look-alike.
#[test]
fn device_codes_filled_into_provider_pages() {
    let p = policy();
    for u in [
        "https://github.com/login/device?user_code=WDJB-MJHT",
        "https://login.salesforce.com/setup/connect?user_code=K7Q2M9PD",
    ] {
        assert!(has(&p, u, rules::DEVICE_CODE), "{u}: {:?}", rules_of(&p, u));
    }
    for u in [
        "https://github.com/login/device",
        "https://microsoft.com/devicelogin",
        "https://device.sso.us-east-1.amazonaws.com/?user_code=WDDD-HRQK",
    ] {
        assert!(rules_of(&p, u).is_empty(), "{u}: {:?}", rules_of(&p, u));
    }
    let u = "https://github-device.com/login/device?user_code=WDJB-MJHT";
    assert!(has(&p, u, rules::HOST_BRAND), "{u}: {:?}", rules_of(&p, u));
}

/// (urls19) A listed domain, protected or known by a word name (`unprotected`), spelt with its dots
/// typed as hyphens under any ending, short names too; a name meeting a country code it is not listed
/// under, or with other words besides, is not this rule's.
#[test]
fn a_listed_domain_spelt_with_hyphens() {
    let p = policy();
    for u in [
        "https://posta-hr.online/pracenje",
        "https://guichet-lu.info/connexion",
        "https://sri-gob-ec.com/declaraciones",
        "https://vero-fi.top/palautus",
    ] {
        assert!(has(&p, u, rules::HOST_BRAND), "{u}");
    }
    for u in [
        // A word and a country code nobody is listed under.
        "https://nordic-fi.com/",
        "https://guichet-be.com/",
        // The listed domains themselves.
        "https://posta.hr/",
        "https://www.guichet.lu/",
    ] {
        assert!(!has(&p, u, rules::HOST_BRAND), "{u}");
    }
}

/// (urls20) A listed `<name>.<cc>` (a word name too, `posta.rs`, `unprotected`) named by its name and
/// its country's name, glued or hyphenated, the country's name perhaps inflected or followed by the
/// code; the same word beside another country's name, a code it is not listed under, or no country
/// at all names nobody.
#[test]
fn a_listed_domain_named_with_its_country() {
    let p = policy();
    for u in [
        "https://www.posta-srbije.com/pracenje",
        "https://postasrbije-rs.com/parcel/redelivery",
        "https://posta-srbija.net/",
        "https://posta-hrvatske.info/pracenje",
        "https://post-luxembourg.top/colis",
        "https://vero-suomi.com/palautus",
        // Any word of the name's own with the domain's code after it.
        "https://nlbklik-si.com/netbanking/verify-device",
        "https://posta-paketi-rs.com/",
    ] {
        assert!(has(&p, u, rules::HOST_BRAND), "{u}");
    }
    for u in [
        // Another country's name, or a code the name is not listed under.
        "https://vero-sverige.com/",
        "https://nlbklik-hr.com/",
        // A word too short to be one beside the code.
        "https://nlbx-si.com/",
        // The word beside an ordinary word.
        "https://vero-moda.com/",
        // A country's name beside a word nobody lists under it.
        "https://visit-finland.com/",
        // The listed domain itself.
        "https://posta.rs/",
    ] {
        assert!(!has(&p, u, rules::HOST_BRAND), "{u}");
    }
}

/// (urls20) A listed `<name>.<cc>` written before another domain, its name first in a subdomain label
/// (alone or with a word after it) and its own country ending next, with no lure word; a name before a
/// country it is not listed under, a word-like ending or an unlisted name is not read so.
#[test]
fn a_listed_name_before_its_own_ending_inside_a_host() {
    let p = policy();
    for u in [
        "https://elta-courier.gr.paradosi.info/customs/pay?shipment=1",
        "https://posta.rs.paketi.info/",
    ] {
        assert!(has(&p, u, rules::HOST_BRAND), "{u}");
    }
    for u in [
        "https://elta-courier.de.paradosi.info/",
        "https://api.de.example.com/v1",
        "https://shop.nl.gardening-tools.com/",
        "https://elta.gr/",
    ] {
        assert!(!has(&p, u, rules::HOST_BRAND), "{u}");
    }
}

/// (urls20) A three-letter top-tier name spelt with a digit for a letter composes with any plain word
/// beside it in the registrable label, not only a lure word; a real name with a digit, a project's
/// word or a number beside it does not.
#[test]
fn a_short_name_spelt_with_a_digit_beside_a_word() {
    let p = policy();
    for u in [
        "https://dh1-express.net/tracking/?id=1",
        "https://www.dh1-logistics.com/",
    ] {
        assert!(has(&p, u, rules::HOST_BRAND), "{u}");
    }
    for u in [
        "https://g4s-express.com/",
        "https://b2b-express.com/",
        "https://dh1-demo.com/",
        "https://dh1-2024.com/",
    ] {
        assert!(!has(&p, u, rules::HOST_BRAND), "{u}");
    }
}

/// (urls19) A name listed under a government's zone, taken under the same country's commercial ending
/// or its bare code; the same name under another country, or a two-letter one, is not.
#[test]
fn a_government_name_under_a_commercial_ending() {
    let p = policy();
    for u in [
        "https://www.sri.com.ec/facturacion",
        "https://pajak.id/efiling",
        "https://pajak.co.id/efiling",
    ] {
        assert!(has(&p, u, rules::HOST_BRAND), "{u}");
    }
    for u in [
        "https://www.sri.gob.ec/",
        "https://pajak.go.id/",
        "https://www.sri.com.ar/",
        "https://nav.com.br/",
    ] {
        assert!(!has(&p, u, rules::HOST_BRAND), "{u}");
    }
}

/// (urls19) A known domain's label with accents put on it, under its own ending; an accented word
/// whose plain form is nobody's listed domain passes.
#[test]
fn a_known_domain_with_accents() {
    let p = policy();
    assert!(has(&p, "https://www.pošta.si/sledenje", rules::HOST_BRAND));
    assert!(has(&p, "https://véro.fi/", rules::HOST_BRAND));
    for u in [
        "https://münchen.de/",
        "https://www.café-wien.at/",
        "https://posta.si/",
    ] {
        assert!(!has(&p, u, rules::HOST_BRAND), "{u}");
    }
}

/// (urls19) A coined plural name less its final `s` is an omission typo; a listed name's singular
/// that is an ordinary word or a lure word is that word.
#[test]
fn a_coined_plural_less_its_s() {
    let p = policy();
    assert!(has(&p, "https://www.desjardin.com/", rules::HOST_BRAND));
    assert!(has(
        &p,
        "https://bnpparibasfortis.be.desjardin.online/",
        rules::HOST_BRAND
    ));
    for u in [
        "https://developer.example-tools.com/",
        "https://account.acmecorp.com/",
    ] {
        assert!(!has(&p, u, rules::HOST_BRAND), "{u}");
    }
}

/// (urls19) A company's host named after a long-tail tool before a word ending that is not the tool's
/// own (`jenkins.build.<company>.com`); the tool's own ending there, or a top-tier name before a word
/// ending, still reads as a domain written in front of another.
#[test]
fn a_tool_named_host_before_a_word_ending() {
    let p = policy();
    for u in [
        "https://jenkins.build.fernwood-logistics.de:8443/login",
        "https://jenkins.cloud.acmecorp.com/",
    ] {
        assert!(!has(&p, u, rules::HOST_BRAND), "{u}");
    }
    for u in [
        "https://jenkins.io.build-login.com/",
        "https://paypal.build.acmecorp-secure.com/",
    ] {
        assert!(has(&p, u, rules::HOST_BRAND), "{u}");
    }
}

#[test]
fn urls21_meeting_passcodes_in_the_providers_own_join_links() {
    let p = policy();
    for u in [
        "https://us05web.zoom.us/j/81234567890?pwd=Yk1hZ2ZqUzZ2WjN4",
        "https://acme.zoom.us/w/81234567890?pwd=Yk1hZ2ZqUzZ2WjN4.1",
        "https://teams.microsoft.com/meet/2541234567?p=AbCdEf123",
    ] {
        assert!(!has(&p, u, rules::QUERY_CREDENTIAL), "{u}");
    }
    // Hostile twins: a look-alike's join link, another page of the provider's site, another
    // credential beside the passcode, the join link nested in another.
    for u in [
        "https://zoom-us.meeting-join.com/j/81234567890?pwd=Yk1hZ2ZqUzZ2WjN4",
        "https://zoom.us.join-meeting.io/j/81234567890?pwd=Yk1hZ2ZqUzZ2WjN4",
        "https://zoom.us/signin?pwd=Yk1hZ2ZqUzZ2WjN4",
        "https://zoom.us/j/81234567890?pwd=Yk1hZ2ZqUzZ2WjN4&access_token=Yk1hZ2ZqUzZ2WjN4Yk1hZ2Zq",
        "https://app.example.com/next?to=https%3A%2F%2Fzoom.us%2Fj%2F1%3Fpwd%3DYk1hZ2ZqUzZ2WjN4",
    ] {
        assert!(!rules_of(&p, u).is_empty(), "{u}");
    }
    assert!(has(
        &p,
        "https://zoom.us/signin?pwd=Yk1hZ2ZqUzZ2WjN4",
        rules::QUERY_CREDENTIAL
    ));
}

#[test]
fn urls21_a_countrys_own_name_under_its_own_ending() {
    let p = policy();
    for u in ["https://www.türkiye.com.tr/", "https://turkiye.com.tr/"] {
        assert!(!has(&p, u, rules::HOST_BRAND), "{u}");
    }
    // Hostile twins: the name inside another domain, under another ending, misspelt, with a lure
    // subdomain, beside other words.
    for u in [
        "https://türkiye-gov.com.tr.attacker.com/giris",
        "https://turkiye-gov.com/giris",
        "https://türklye.com.tr/",
        "https://edevlet-giris.türkiye-dogrula.com.tr/",
    ] {
        assert!(has(&p, u, rules::HOST_BRAND), "{u}");
    }
}

#[test]
fn urls21_brand_products_regional_names_and_twin_words() {
    let p = policy();
    for u in [
        "https://meta-business-support.com/help/appeal/form-8812",
        "https://meta-business-appeal.com/help/contact/2890127",
        "https://microsoftteams-join.com/meet",
        "https://kasp1-bank.kz.com/login",
        "https://omaposti-fi.com/lahetys",
        "https://finanzonline-bmf-at.com/fon/",
        "https://clickbca.id/login/ib",
    ] {
        assert!(has(&p, u, rules::HOST_BRAND), "{u}");
    }
    // Benign twins: the brands' own product domains and ordinary names beside theirs.
    for u in [
        "https://business.facebook.com/latest/home",
        "https://www.metabase.com/",
        "https://metamask.io/",
        "https://www.meta.com/",
        "https://metadata-business.com/",
        "https://kaspi.kz/shop",
        "https://shop.kz.com/",
        "https://www.posti.fi/fi",
        "https://www.bmf.gv.at/",
        "https://finanzonline.bmf.gv.at/fon/",
        "https://www.klikbca.com/",
        "https://clickbank.com/",
        "https://www.postimees.ee/",
        "https://mijnoverheid.nl/",
    ] {
        assert!(rules_of(&p, u).is_empty(), "{u}: {:?}", rules_of(&p, u));
    }
}
