//! Checks on path, query and fragment: a url-mode link must not carry credentials or personal data and
//! must not be pre-authenticated; redirect parameters must not lead somewhere unsafe.

use std::borrow::Cow;
use std::cell::OnceCell;
use std::sync::LazyLock;

use regex::{Regex, RegexSet};
use smallvec::SmallVec;

use super::callback;
use super::top_sites::TopSites;
use super::{
    rules, Depth, Findings, Parts, RouteUrlRules, UrlPolicy, MAX_DECODE_ROUNDS, MAX_NESTED_DEPTH,
    MAX_NESTED_LINKS,
};

/// Bound on the parameters examined per URL (query and fragment each): a longer list is itself
/// suspicious and the URL length limit already caps the total work.
const MAX_PARAMS: usize = 256;
/// Bound on path segments examined.
const MAX_SEGMENTS: usize = 64;

/// OAuth 1.0a's request-token parameter ([`super::norm_param`] form).
const OAUTH1_TOKEN: &str = "oauthtoken";
/// Last path segments ([`super::norm_param`] form) of OAuth 1.0a's resource-owner authorization step
/// (RFC 5849 2.2): Twitter/X and Flickr `.../oauth/authorize`, Twitter's `.../oauth/authenticate`,
/// Trello's `/1/OAuthAuthorizeToken`.
const OAUTH1_AUTHORIZE_STEPS: &[&str] = &["authorize", "authenticate", "oauthauthorizetoken"];

/// Values that cannot be secrets, whatever the parameter is called (`session=false`).
const FLAG_VALUES: &[&str] = &[
    "", "true", "false", "yes", "no", "on", "off", "0", "1", "none", "null",
];

/// Known credential formats, found anywhere in a value.
static KEY_FORMATS: LazyLock<RegexSet> = LazyLock::new(|| {
    RegexSet::new([
        // JSON Web Token / JWS: base64url header `{"...`, payload, signature.
        r"\beyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]*",
        // GitHub tokens.
        r"\b(?:gh[pousr]_[A-Za-z0-9]{30,}|github_pat_[A-Za-z0-9_]{40,})",
        // GitLab personal access tokens.
        r"\bglpat-[A-Za-z0-9_-]{20,}",
        // Stripe secret and restricted keys.
        r"\b[sr]k_(?:live|test)_[A-Za-z0-9]{10,}",
        // Slack tokens.
        r"\bxox[abposr]-[A-Za-z0-9-]{10,}",
        // AWS access key ids.
        r"\b(?:AKIA|ASIA)[0-9A-Z]{16}\b",
        // Google API keys and OAuth access tokens.
        r"\bAIza[0-9A-Za-z_-]{35}",
        r"\bya29\.[0-9A-Za-z_-]{10,}",
        // OpenAI / Anthropic style keys.
        r"\bsk-(?:ant-|proj-)?[A-Za-z0-9_-]{20,}",
        // npm and PyPI tokens.
        r"\bnpm_[A-Za-z0-9]{36}",
        r"\bpypi-[A-Za-z0-9_-]{50,}",
        // PEM private keys.
        r"-----BEGIN [A-Z ]*PRIVATE KEY-----",
    ])
    .unwrap_or_else(|_| RegexSet::empty())
});

static EMAIL: LazyLock<Option<Regex>> = LazyLock::new(|| {
    Regex::new(r"[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}").ok()
});

/// International (`+14155552671`, `+44 20 7946 0958`) or North-American formatted numbers.
static PHONE: LazyLock<Option<Regex>> = LazyLock::new(|| {
    Regex::new(r"^(?:[+ ]\d[\d ().-]{6,20}\d|\(?\d{3}\)?[ .-]?\d{3}[ .-]\d{4})$").ok()
});

/// Builds the query checks' regexes now, so that the first link judged after start-up (or after a reload) does
/// not pay for compiling them (~8M instructions, milliseconds), and answers whether they all compiled: they
/// are constants, but a check that silently fell back to matching nothing would fail open, so a policy whose
/// checks could not be built is refused instead.
pub(super) fn prepare() -> Result<(), &'static str> {
    if KEY_FORMATS.is_empty() {
        return Err("the built-in credential formats of query values did not compile");
    }
    if EMAIL.is_none() || PHONE.is_none() {
        return Err("the built-in e-mail and phone patterns of query values did not compile");
    }
    Ok(())
}

fn has_key_format(v: &str) -> bool {
    KEY_FORMATS.is_match(v)
}

/// [`has_key_format`] but for the JSON Web Token format (the first of [`KEY_FORMATS`]).
fn has_key_format_but_jwt(v: &str) -> bool {
    KEY_FORMATS.matches(v).iter().any(|i| i != 0)
}

/// Parameters ([`super::norm_param`] form) of a sign-in request that hold a JSON Web Token by design: a
/// client's signed `state` or `nonce`, a request object (`request`, RFC 9101), the ID token a logout
/// request names its session by (`id_token_hint`). None of them signs anyone in at the provider.
const PROTOCOL_JWT_PARAMS: &[&str] = &["state", "nonce", "request", "idtokenhint"];

/// Shortest value searched for a base64 SAML assertion: an assertion element with its namespace alone
/// takes more than this, so shorter values are not decoded.
const MIN_SAML_B64: usize = 64;

/// The element names of a SAML assertion (1.1 and 2.0, prefixed or not, plain or encrypted). A sign-in
/// request (`AuthnRequest`) names the assertion namespace and `AssertionConsumerServiceURL` but holds no
/// such element.
const SAML_ASSERTION_MARKS: &[&[u8]] = &[b":Assertion", b"<Assertion", b"EncryptedAssertion"];

/// Whether `v` is a SAML assertion in base64 (the POST binding's form), under whatever parameter name
/// (`RelayState`, a fragment): a bearer credential for the user it names. Deflated forms (the redirect
/// binding) are caught by their parameter names only.
fn has_saml_assertion(v: &str) -> bool {
    use base64::engine::general_purpose::{STANDARD_PAD_INDIFFERENT, URL_SAFE_PAD_INDIFFERENT};
    use base64::Engine as _;
    let v = v.trim();
    // A literal `+` of standard base64 became a space when the query was decoded.
    let b64 =
        |b: u8| b.is_ascii_alphanumeric() || matches!(b, b'+' | b'/' | b'=' | b'-' | b'_' | b' ');
    if v.len() < MIN_SAML_B64 || !v.bytes().all(b64) {
        return false;
    }
    let text = v.replace(' ', "+");
    let decoded = STANDARD_PAD_INDIFFERENT
        .decode(&text)
        .or_else(|_| URL_SAFE_PAD_INDIFFERENT.decode(&text));
    decoded.is_ok_and(|xml| {
        SAML_ASSERTION_MARKS
            .iter()
            .any(|m| memchr::memmem::find(&xml, m).is_some())
    })
}

fn has_email(v: &str) -> bool {
    // The regex has no literal to start from; every address has an `@`.
    v.contains('@') && EMAIL.as_ref().is_some_and(|r| r.is_match(v))
}

/// ASCII digits in `v`: counted by byte, as no byte of a multi-byte character is an ASCII digit.
fn ascii_digits(v: &str) -> usize {
    v.bytes().filter(u8::is_ascii_digit).count()
}

fn is_phone(v: &str) -> bool {
    let digits = ascii_digits(v);
    (8..=15).contains(&digits) && PHONE.as_ref().is_some_and(|r| r.is_match(v))
}

/// Where a parameter was found, for messages.
#[derive(Clone, Copy)]
enum Part {
    Query,
    Fragment,
}

impl Part {
    fn name(self) -> &'static str {
        match self {
            Part::Query => "query",
            Part::Fragment => "fragment",
        }
    }
}

/// Where the parameters being checked are, for the links found in them.
struct Place<'a> {
    route: &'a RouteUrlRules,
    /// The depth of the URL whose parameters these are.
    depth: Depth,
    /// Links found in parameters judged so far, all levels together ([`MAX_NESTED_LINKS`]).
    links: &'a mut usize,
    /// The path is an OAuth 1.0a authorize step ([`oauth1_authorize_step`]).
    oauth1_authorize: bool,
    /// The host of the URL whose parameters these are ([`Parts::host_str`]).
    host: Option<&'a str>,
    /// Its query, read again only for a link found in a parameter of a well-known site ([`open_redirect`]).
    query: Option<&'a str>,
    /// Its path, read again only for a sign-in request's callback ([`hostile_callback`]).
    path: &'a str,
    /// The link being judged was written without its scheme ([`schemeless_link`]): judged as a destination,
    /// but not as a well-known site's open redirect (a search for `example.com/page` names a site).
    schemeless: bool,
    /// What the whole query says about the request, read once when a parameter's checks first ask.
    marks: OnceCell<QueryMarks>,
}

impl Place<'_> {
    /// [`QueryMarks`] of the query, read at the first call.
    fn marks(&self) -> QueryMarks {
        *self.marks.get_or_init(|| QueryMarks::read(self.query))
    }
}

/// What the whole query of a link says about the request, which the checks of single parameters need
/// (whether `state` or `redirect_uri` belongs to a sign-in request depends on `client_id` elsewhere in
/// it). Read in one pass of the names, when first asked: asked again by each parameter, the query was
/// parsed, and its values decoded, up to six times over for a sign-in link, about a fifth of its checks.
#[derive(Clone, Copy, Default)]
struct QueryMarks {
    /// A sign-in protocol's request ([`PROTOCOL_MARKERS`]).
    protocol: bool,
    /// A SAML `SAMLRequest`: its `Signature` signs the request, nobody in.
    saml_request: bool,
    /// `response_type` asks for a token (`token`, `id_token token`): the implicit grant.
    implicit: bool,
    /// An OpenID 2.0 authentication request (`openid.mode`, [`openid2_identifier`]).
    openid2: bool,
}

impl QueryMarks {
    fn read(query: Option<&str>) -> Self {
        let mut m = QueryMarks::default();
        let Some(query) = query else { return m };
        for piece in super::split_byte(query, b'&').take(MAX_PARAMS) {
            let raw_name = piece.split('=').next().unwrap_or(piece);
            // Names are decoded (a `%5F` is an `_`); values only for the one parameter whose value counts.
            let name = super::NormParam::new(&form_decode(raw_name));
            let name = name.as_str();
            m.protocol |= PROTOCOL_MARKERS.contains(&name);
            m.saml_request |= name == "samlrequest";
            m.openid2 |= name == "openidmode";
            if name == "responsetype" && !m.implicit {
                let value = form_decode(piece.get(raw_name.len() + 1..).unwrap_or(""));
                m.implicit = value.split([' ', '+', ',']).any(|w| w == "token");
            }
        }
        m
    }
}

/// Whether `url`'s path ends in OAuth 1.0a's authorize step, where the query's `oauth_token` is the
/// temporary request token the protocol puts in the link (RFC 5849 2.2), not a credential: it signs no
/// one in, and it is useless without the consumer's secret. An access token sent there gains an attacker
/// nothing either: OAuth 1 requests are signed with the token's secret, which goes by its own name
/// (`oauth_token_secret`, a credential by its `secret` ending), as does `oauth_verifier`.
fn oauth1_authorize_step(url: &Parts<'_>) -> bool {
    url.path_segments()
        .and_then(|segs| segs.filter(|s| !s.is_empty()).last())
        .is_some_and(|last| {
            let last = super::NormParam::new(&form_decode(last));
            OAUTH1_AUTHORIZE_STEPS.contains(&last.as_str())
        })
}

/// Runs the path, query and fragment checks; links found in parameters are judged at `depth`'s next level.
pub(super) fn check(
    policy: &UrlPolicy,
    url: &Parts<'_>,
    route: &RouteUrlRules,
    depth: Depth,
    links: &mut usize,
    out: &mut Findings,
) {
    let mut place = Place {
        route,
        depth,
        links,
        oauth1_authorize: oauth1_authorize_step(url),
        host: url.host_str,
        query: url.query,
        path: url.path,
        schemeless: false,
        marks: OnceCell::new(),
    };
    if let Some(segments) = url.path_segments() {
        for seg in segments.take(MAX_SEGMENTS) {
            let v = form_decode(seg);
            if has_key_format(&v) {
                out.push(
                    rules::PATH_CREDENTIAL,
                    "the link's path contains something that looks like a secret key or token",
                );
            }
            if has_email(&v) {
                out.push(rules::PATH_PII, "the link's path contains an email address");
            }
        }
    }
    // An AMP viewer shows the site's own name and serves another site's page, named in the path: that
    // page is a destination like a redirect parameter's.
    if let Some(target) = amp_viewer_target(url) {
        link(
            policy,
            &mut place,
            &|| "AMP viewer path".to_owned(),
            "amp",
            &target,
            false,
            out,
        );
    }
    // A click or ad tracker's target written whole after the `?` with no name (`/clk;123;h?https://...`),
    // or after a `;` in the path (`/clk;123;https://...`): the browser is sent there all the same.
    if let Some(q) = url.query.filter(|q| !q.contains('=')) {
        let q = form_decode(q);
        if web_link(&q) {
            link(
                policy,
                &mut place,
                &|| "query".to_owned(),
                "",
                &q,
                false,
                out,
            );
        }
    }
    if let Some(at) = url.path.find(";http") {
        let target = form_decode(url.path.get(at + 1..).unwrap_or(""));
        if web_link(&target) {
            link(
                policy,
                &mut place,
                &|| "path".to_owned(),
                "",
                &target,
                false,
                out,
            );
        }
    }
    // `Url::query_pairs` is this parse of the query, or of nothing when there is none.
    let pairs = form_pairs(url.query.unwrap_or("")).take(MAX_PARAMS);
    for (k, v) in pairs {
        param(policy, &mut place, Part::Query, &k, &v, out);
    }
    if let Some(frag) = url.fragment {
        if frag.contains('=') {
            let pairs = form_pairs(frag).take(MAX_PARAMS);
            for (k, v) in pairs {
                param(policy, &mut place, Part::Fragment, &k, &v, out);
            }
        } else {
            let v = form_decode(frag);
            value_checks(
                rules::QUERY_CREDENTIAL,
                rules::QUERY_PII,
                &|| "fragment".to_owned(),
                &v,
                out,
            );
        }
    }
}

/// The page an AMP viewer link serves, as a link: Google's viewer (`google.<tld>/amp/s/<host>/<path>` for an
/// https page, `/amp/<host>/<path>` for an http one) and the AMP cache (`<name>.cdn.ampproject.org/c/s/<host>/...`,
/// also `/v/` and `/i/`). Only on those hosts: elsewhere `/amp/<slug>` is a site's own AMP version of a page.
fn amp_viewer_target(url: &Parts<'_>) -> Option<String> {
    // Most links are no viewer's: told by the path's first bytes before the host is looked at.
    let viewer_path = ["/amp/", "/c/", "/v/", "/i/"]
        .iter()
        .any(|p| url.path.starts_with(p));
    if !viewer_path {
        return None;
    }
    let host = url.host_str?.trim_end_matches('.').to_ascii_lowercase();
    let google = super::registrable(&host).is_some_and(|r| r.starts_with("google."));
    let cache = host.ends_with(".cdn.ampproject.org");
    if !google && !cache {
        return None;
    }
    let rest = url.path.strip_prefix('/')?;
    let (head, rest) = rest.split_once('/')?;
    let wanted = if google {
        head == "amp"
    } else {
        matches!(head, "c" | "v" | "i")
    };
    if !wanted {
        return None;
    }
    let (scheme, rest) = match rest.strip_prefix("s/") {
        Some(r) => ("https", r),
        None => ("http", rest),
    };
    // The page's host is the next segment; a viewer link with nothing after it serves nothing.
    if !rest.split('/').next().is_some_and(|h| h.contains('.')) {
        return None;
    }
    let mut target = format!("{scheme}://{rest}");
    if let Some(q) = url.query.filter(|_| cache) {
        // The cache passes the page's own query along; the viewer's query is its own.
        target.push('?');
        target.push_str(q);
    }
    Some(target)
}

/// The name-value pairs of `application/x-www-form-urlencoded` text, exactly as
/// [`url::form_urlencoded::parse`] reads them (a proptest compares the two): split at `&`, empty pieces
/// skipped, name and value split at the first `=`, each decoded by [`form_decode`].
fn form_pairs(input: &str) -> impl Iterator<Item = (Cow<'_, str>, Cow<'_, str>)> {
    super::split_byte(input, b'&')
        .filter(|s| !s.is_empty())
        .map(|piece| {
            let mut halves = super::split_byte(piece, b'=');
            let name = halves.next().unwrap_or(piece);
            // Everything after the first `=`, further `=` included.
            let value = piece.get(name.len() + 1..).unwrap_or("");
            (form_decode(name), form_decode(value))
        })
}

/// One name or value of a form: `+` read as a space, then percent-decoded, then read as UTF-8 with
/// replacement characters, as `form_urlencoded` does. Path segments and a fragment without `=` are decoded
/// the same way, whole: an `&` in them separates nothing (a form parse of them stopped at the first `&` and
/// hid what followed from the checks), and reading a `+` as a space is harmless to the searches. Text with neither `+` nor `%` is itself, without the
/// two passes and the UTF-8 validation `form_urlencoded` spends on it (it takes bytes, this takes a `str`),
/// which were a sixth of a sign-in link's judgement.
fn form_decode(s: &str) -> Cow<'_, str> {
    // Most names and values are a few bytes to a few dozen, shorter than `memchr`'s setup: walked plainly.
    let plain = if s.len() <= 32 {
        !s.bytes().any(|b| b == b'+' || b == b'%')
    } else {
        memchr::memchr2(b'+', b'%', s.as_bytes()).is_none()
    };
    if plain {
        return Cow::Borrowed(s);
    }
    // One pass: `+` to a space, then `%` and two hex digits (either case) to their byte, any other `%`
    // kept (`percent_encoding::percent_decode`); the `+` replacement comes first in `form_urlencoded`, and
    // neither a space nor `+` is a hex digit, so doing both at once decodes the same escapes.
    let mut out = Vec::with_capacity(s.len());
    let mut rest = s.as_bytes();
    // Runs without `%` or `+` copied whole.
    while let Some(at) = rest.iter().position(|&b| b == b'%' || b == b'+') {
        let (run, tail) = rest.split_at(at);
        out.extend_from_slice(run);
        rest = match tail {
            [b'%', h, l, after @ ..] => match (hex(*h), hex(*l)) {
                (Some(h), Some(l)) => {
                    out.push(h << 4 | l);
                    after
                }
                // Not an escape: the `%` is kept and the next bytes read as any others.
                _ => {
                    out.push(b'%');
                    tail.get(1..).unwrap_or_default()
                }
            },
            [b'+', after @ ..] => {
                out.push(b' ');
                after
            }
            [b, after @ ..] => {
                out.push(*b);
                after
            }
            [] => &[],
        };
    }
    out.extend_from_slice(rest);
    // Invalid UTF-8 is read with replacement characters, as `form_urlencoded` reads it.
    Cow::Owned(
        String::from_utf8(out)
            .unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned()),
    )
}

/// The value of an ASCII hex digit.
fn hex(b: u8) -> Option<u8> {
    char::from(b)
        .to_digit(16)
        .and_then(|d| u8::try_from(d).ok())
}

/// `where_` names the place for a finding's message; it is only built for a finding.
fn value_checks(
    cred_rule: &str,
    pii_rule: &str,
    where_: &dyn Fn() -> String,
    v: &str,
    out: &mut Findings,
) {
    value_checks_jwt(cred_rule, Some(pii_rule), where_, v, false, out);
}

/// [`value_checks`]; `jwt_ok` for a parameter that holds a JSON Web Token by design ([`PROTOCOL_JWT_PARAMS`]);
/// no `pii_rule` for a value the page it is sent to asks for by design ([`prefill_on_own_site`]).
fn value_checks_jwt(
    cred_rule: &str,
    pii_rule: Option<&str>,
    where_: &dyn Fn() -> String,
    v: &str,
    jwt_ok: bool,
    out: &mut Findings,
) {
    let key = if jwt_ok {
        has_key_format_but_jwt(v)
    } else {
        has_key_format(v)
    };
    if key {
        out.push(
            cred_rule,
            format!(
                "the link's {} contains something that looks like a secret key or token",
                where_()
            ),
        );
    }
    if has_saml_assertion(v) {
        out.push(
            cred_rule,
            format!(
                "the link's {} contains a SAML assertion, which signs its bearer in",
                where_()
            ),
        );
    }
    let Some(pii_rule) = pii_rule else { return };
    if has_email(v) {
        out.push(
            pii_rule,
            format!("the link's {} contains an email address", where_()),
        );
    }
    if is_phone(v) {
        out.push(
            pii_rule,
            format!("the link's {} contains a phone number", where_()),
        );
    }
}

/// Whether a query parameter named `name` ([`super::norm_param`] form) prefills a form field of a page on a
/// site the shipped list vouches for (`buy.stripe.com/...?prefilled_email=`, Razorpay's
/// `prefill[contact]=`): a checkout or booking page shows the address or number in its own form, where
/// the user sees and may change it, and the site it is sent to is the one that asks for it. Only the
/// link a person is sent to, and only names that say so (`prefill`): an address in any other parameter,
/// or a prefill sent to a site nobody vouches for, is still personal data in a link.
fn prefill_on_own_site(policy: &UrlPolicy, place: &Place<'_>, part: Part, name: &str) -> bool {
    matches!(part, Part::Query)
        && place.depth.level() == 0
        && name.contains("prefill")
        && on_vouched_site(policy, place)
}

/// Whether the link's host is on a site the shipped list vouches for (its registrable domain a trusted
/// destination).
fn on_vouched_site(policy: &UrlPolicy, place: &Place<'_>) -> bool {
    place
        .host
        .and_then(|h| super::registrable(h.trim_end_matches('.')))
        .is_some_and(|own| {
            policy
                .top_sites()
                .is_some_and(|t| t.is_trusted_destination(&own))
        })
}

/// Whether a short parameter named for a token only by its ending is a sign-in page's own flow token
/// ([`super::flow_token`]): in the query of the link a person is sent to, on a sign-in page of a site the
/// shipped list vouches for.
fn own_flow_token(policy: &UrlPolicy, place: &Place<'_>, part: Part) -> bool {
    matches!(part, Part::Query)
        && place.depth.level() == 0
        && super::flow_token::sign_in_page(place.path)
        && on_vouched_site(policy, place)
}

fn param(
    policy: &UrlPolicy,
    place: &mut Place<'_>,
    part: Part,
    key: &str,
    value: &str,
    out: &mut Findings,
) {
    let name = super::NormParam::new(key);
    let name = name.as_str();
    let where_ = || format!("{} parameter `{}`", part.name(), key);
    let trimmed = value.trim();
    // A setting, not a secret: a listed flag word, or a number of one or two digits (`auth=2`, a sign-in
    // page's mode; seven bits at most, no credential).
    let flag = FLAG_VALUES.iter().any(|f| f.eq_ignore_ascii_case(trimmed))
        || (trimmed.len() <= 2 && trimmed.bytes().all(|b| b.is_ascii_digit()));
    let kind = policy.params.get(name).copied().unwrap_or_default();
    let weak = kind.weak;
    // Only the query's: the protocol puts the request token there, never in a fragment.
    let request_token =
        matches!(part, Part::Query) && place.oauth1_authorize && name == OAUTH1_TOKEN;
    // SAML's HTTP-Redirect binding signs a sign-in request in the query (`SAMLRequest`, `SigAlg`,
    // `Signature`): the signature proves who asked, it signs no one in. A response or an artifact is
    // still a credential by its own name.
    let saml_request_signature =
        matches!(part, Part::Query) && name == "signature" && place.marks().saml_request;
    let long = trimmed.chars().count() >= policy.weak_credential_min_len;
    // (urls21) A meeting's passcode in the provider's own join link admits to one meeting and signs
    // nobody in (`meeting`).
    let meeting_passcode = matches!(part, Part::Query)
        && place.depth.level() == 0
        && place
            .host
            .is_some_and(|h| super::meeting::own_passcode(h, place.path, name, trimmed));
    let credential_name = !request_token
        && !saml_request_signature
        && !meeting_passcode
        && ((weak && long)
            || (!weak
                && (kind.credential
                    || (policy
                        .credential_param_suffixes
                        .iter()
                        .any(|s| name.ends_with(s.as_str()))
                        && (long || !own_flow_token(policy, place, part))))));
    if credential_name && !flag {
        out.push(
            rules::QUERY_CREDENTIAL,
            format!(
                "the link carries a credential in the {}: it may be pre-authenticated",
                where_()
            ),
        );
    }
    // Counted only for a phone parameter: the count is read nowhere else.
    if kind.phone && ascii_digits(value) >= 7 {
        out.push(
            rules::QUERY_PII,
            format!("the link's {} contains a phone number", where_()),
        );
    }
    let jwt_ok = PROTOCOL_JWT_PARAMS.contains(&name) && place.marks().protocol;
    let pii = (!prefill_on_own_site(policy, place, part, name)).then_some(rules::QUERY_PII);
    value_checks_jwt(rules::QUERY_CREDENTIAL, pii, &where_, value, jwt_ok, out);
    if PROTOCOL_IDENTIFIER_PARAMS.contains(&name) && place.marks().protocol {
        // A scope, resource or assurance level names what is asked for; the browser never goes there.
        return;
    }
    if openid2_identifier(key) && place.marks().openid2 {
        // An OpenID 2.0 namespace or identifier URI (`specs.openid.net/auth/2.0`): never followed.
        return;
    }
    if kind.redirect {
        link(policy, place, &where_, name, value, true, out);
    } else if may_be_link(value) {
        // Open redirectors take the next link under any name (`q`, `u`, `url`, `to`), and client-side
        // ones assign it to `location`: a value that is an absolute web link, or a script, document or
        // file link, at some decoding, is judged as one whatever its parameter is called.
        link(policy, place, &where_, name, value, false, out);
    } else if let Some(hidden) = base64_link(value) {
        // A click tracker's target in base64 (`u=a1aHR0cHM6Ly9...`): the browser goes there all the same.
        link(policy, place, &where_, name, &hidden, false, out);
    } else if let Some(bare) = schemeless_link(value, || {
        // An app's identifier in reverse-domain form (`client_id=com.<vendor>.web`) names no host.
        name != "clientid" && on_listed_site(policy, place)
    }) {
        // A mail tracker's target without its scheme (`p1=site.com%2Flogin`): the tracker adds it.
        place.schemeless = true;
        link(policy, place, &where_, name, &bare, false, out);
        place.schemeless = false;
    }
}

/// Top-level domains that start an identifier written in reverse-domain form (Java packages, Apple's
/// bundle and Services IDs, Android application ids: `com.<vendor>.<app>`).
const REVERSE_DOMAIN_HEADS: &[&str] = &["com", "org", "net", "edu", "gov", "io", "app", "dev"];

/// Whether the link being read is on a site of the shipped list: its parameters are where a well-known
/// site's click tracker or redirector keeps the next address.
fn on_listed_site(policy: &UrlPolicy, place: &Place<'_>) -> bool {
    let Some(top) = policy.top_sites() else {
        return false;
    };
    place
        .host
        .and_then(|h| super::registrable(h.trim_end_matches('.')))
        .is_some_and(|own| top.is_known(&own))
}

/// A value that is a link written without its scheme, as `https://` + the value: a host name of two labels
/// or more under a known public suffix followed by a path (`site.com/login`), or starting `www.`.
/// File names (`main.rs`, `setup.py`) have no path after them and are not read, except on a well-known
/// site (`bare_host_is_link`, asked only then): a mail or ad platform's click tracker there takes its
/// target as a bare host (`t-info.mail.<vendor>.com/r/?...&p1=<site>.com`) and sends the browser to it,
/// so a whole value that is a host name under an ICANN ending is the destination, and is judged.
fn schemeless_link(v: &str, bare_host_is_link: impl FnOnce() -> bool) -> Option<String> {
    let v = v.trim();
    let (host, rest) = match v.find('/') {
        Some(i) => (v.get(..i)?, v.get(i..)?),
        None => (v, ""),
    };
    if host.len() > 253
        || !host.contains('.')
        || !host
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'.')
        || !rest.bytes().all(|b| b.is_ascii_graphic())
        || host.starts_with('.')
        || host.ends_with('.')
    {
        return None;
    }
    let host = host.to_ascii_lowercase();
    let icann = psl::suffix(host.as_bytes())
        .is_some_and(|s| s.is_known() && s.typ() == Some(psl::Type::Icann));
    if !icann || psl::domain_str(&host).is_none() {
        return None;
    }
    // Written in reverse-domain form (`com.<vendor>.<app>`), a bare name is an app's or a package's
    // identifier, not a host a browser visits.
    let reverse = host
        .split('.')
        .next()
        .is_some_and(|first| REVERSE_DOMAIN_HEADS.contains(&first));
    if rest.is_empty() && !host.starts_with("www.") && reverse {
        return None;
    }
    (!rest.is_empty() || host.starts_with("www.") || bare_host_is_link())
        .then(|| format!("https://{v}"))
}

/// Shortest value searched for a web link in base64: `https://a.bc` alone takes 16 characters.
const MIN_B64_LINK: usize = 16;

/// The base64 of `https://` and `http://` without the last character, which depends on what follows.
const B64_LINK_HEADS: &[&[u8]] = &[b"aHR0cHM6Ly", b"aHR0cDovL"];

/// A web link written in base64 inside `v` (standard or URL-safe alphabet, padded or not, after any
/// prefix: `a1aHR0cHM6Ly9...`), decoded.
fn base64_link(v: &str) -> Option<String> {
    use base64::engine::general_purpose::STANDARD_PAD_INDIFFERENT;
    use base64::Engine as _;
    if v.len() < MIN_B64_LINK {
        return None;
    }
    let bytes = v.as_bytes();
    let at = B64_LINK_HEADS
        .iter()
        .filter_map(|h| memchr::memmem::find(bytes, h))
        .min()?;
    // A literal `+` of standard base64 became a space when the query was decoded.
    let run: String = v
        .get(at..)?
        .chars()
        .take_while(|&c| c.is_ascii_alphanumeric() || matches!(c, '+' | '/' | '-' | '_' | ' '))
        .map(|c| match c {
            ' ' | '-' => '+',
            '_' => '/',
            c => c,
        })
        .collect();
    // Without padding, a length of 4n + 1 is one character too many to be base64.
    let run = if run.len() % 4 == 1 {
        run.get(..run.len() - 1)?
    } else {
        run.as_str()
    };
    let decoded = STANDARD_PAD_INDIFFERENT.decode(run).ok()?;
    let text = String::from_utf8_lossy(&decoded).into_owned();
    web_link(&text).then_some(text)
}

/// Markers ([`super::norm_param`] form) of a sign-in protocol's request: OAuth 2.0 / OpenID Connect
/// authorization and logout requests (`client_id`, `response_type`, `id_token_hint`) and SAML requests.
const PROTOCOL_MARKERS: &[&str] = &["clientid", "responsetype", "idtokenhint", "samlrequest"];

/// Parameters ([`super::norm_param`] form) of those requests that hold another site's address by design:
/// the client's registered redirect and logout targets (the provider sends the browser nowhere else),
/// resource and audience identifiers, assurance-level URIs, SAML's `RelayState`, Auth0's `returnTo`.
const PROTOCOL_URI_PARAMS: &[&str] = &[
    "redirecturi",
    "postlogoutredirecturi",
    "audience",
    "resource",
    "acrvalues",
    "scope",
    "claims",
    "requesturi",
    "relaystate",
    "returnto",
];

/// Parameters ([`super::norm_param`] form) of a sign-in request that name what is asked for, not where the
/// browser goes: scopes (a space-separated list, often of URIs such as
/// `https://management.core.windows.net//.default offline_access`), resource and audience identifiers,
/// assurance levels and requested claims. Never followed, so never judged as links.
const PROTOCOL_IDENTIFIER_PARAMS: &[&str] =
    &["scope", "resource", "audience", "acrvalues", "claims"];

/// Whether a parameter named `key` (as written) of an OpenID 2.0 authentication request (one with
/// `openid.mode`: `checkid_setup`, Amazon's and older sign-in pages still send them) holds a protocol
/// identifier, not an address the browser is sent to: `openid.ns` and the extensions' namespaces
/// (`openid.ns.pape`), `openid.identity` and `openid.claimed_id` (the user's identifier, most often
/// `specs.openid.net/auth/2.0/identifier_select`, which the provider resolves itself), `openid.realm`
/// and the other fields (OpenID Authentication 2.0, 9.1). Only `openid.return_to` sends the browser
/// anywhere (10.1), so it alone is still judged as a link; a relying party never follows the others.
fn openid2_identifier(key: &str) -> bool {
    let Some(field) = key
        .get(..7)
        .filter(|head| head.eq_ignore_ascii_case("openid."))
        .and_then(|_| key.get(7..))
    else {
        return false;
    };
    !super::NormParam::new(field)
        .as_str()
        .starts_with("returnto")
}

/// Why an implicit-grant request's `redirect_uri` (`scheme`, `host`) is a token handed to a stranger, if
/// it is: another registrable domain than the provider's (`own`), not loopback, and not one the shipped
/// list vouches for. The implicit grant puts the access token itself in that address (RFC 6749 4.2; the
/// OAuth security best current practice, RFC 9700, retires it for this reason): an attacker's client
/// registered with an attacker's callback is illicit consent phishing, the token in hand on one click.
fn implicit_target(
    top: &TopSites,
    own: &str,
    scheme: &str,
    host: url::Host<&str>,
) -> Option<String> {
    if !matches!(scheme, "http" | "https") || super::host::is_loopback_host(Some(host.clone())) {
        return None;
    }
    let dest = match host {
        // A name reserved for documentation and tests: the token sent there reaches no one.
        url::Host::Domain(d) if callback::reserved_name(d) => return None,
        url::Host::Domain(d) => {
            let d = d.trim_end_matches('.');
            super::registrable(d).unwrap_or_else(|| d.to_string())
        }
        url::Host::Ipv4(a) => a.to_string(),
        url::Host::Ipv6(a) => format!("[{a}]"),
    };
    if dest == own || top.is_trusted_destination(&dest) {
        return None;
    }
    Some(format!(
        "the sign-in link at `{own}` asks for an access token handed straight to `{dest}` in the address (the implicit grant), a site the list does not vouch for"
    ))
}

/// Parameters ([`super::norm_param`] form) of a sign-in request where the provider sends the browser, and
/// with it the authorization code or the signed-out session: the client's registered callback, its
/// logout return address (OpenID Connect, Auth0's `returnTo`).
const CALLBACK_PARAMS: &[&str] = &["redirecturi", "postlogoutredirecturi", "returnto"];

/// Words of a shared-document lure, which an attacker's app takes for its callback's name to pass for the
/// provider's own file service (`docs-share-office.com`).
/// Only the words of a shared document: an app's own name has words of its trade (`sync`, `backup`,
/// `tool`) that are no bait.
const SHARE_WORDS: &[&str] = &[
    "doc",
    "docs",
    "document",
    "documents",
    "share",
    "shared",
    "sharing",
    "file",
    "files",
    "view",
    "viewer",
    "attachment",
    "attachments",
];

/// Labels of a provider's host in front of its registrable domain that are no tenant's name: the
/// provider's own sign-in hosts and regions (`login.`, `accounts.`, `eu.`, `auth.eu-west-1.`).
/// Environment words a sign-in tenant's name ends in after a hyphen (`acme-prod.us.auth0.com`).
const TENANT_ENVIRONMENTS: &[&str] = &[
    "prod",
    "production",
    "prd",
    "dev",
    "development",
    "staging",
    "stage",
    "stg",
    "test",
    "qa",
    "uat",
];

const PROVIDER_LABELS: &[&str] = &[
    "www", "login", "accounts", "account", "auth", "oauth", "sso", "id", "signin", "secure", "api",
];

/// Why the callback (`scheme`, `host`) of a sign-in request on the provider's host `idp`, with this
/// `query`, looks hostile, if it does (illicit consent grant): another registrable domain than the
/// provider's, not on the shipped list (a hosting service's subdomain is judged by its own name), that
/// - is a public tunnel's name ([`callback::tunnel`]), or is named by a request built to fail
///   (an invalid scope: the provider's error redirect used as a redirector);
/// - receives a dangerous scope (a mailbox, every file, every repository) on a hosting service, where
///   anyone publishes under a name of their choosing (`mail-sync.onrender.com`: the public suffix list's
///   private section, or a site builder the list tags `hosting`), or under a name made of bait words
///   ([`callback::consent_bait`]: `secure-docs-viewer.online`);
/// - is asked to be reached without the provider showing anything (`prompt=none`) and is a weak
///   destination ([`callback::weak_destination`]): the provider's page used as a redirector to a name
///   no app of its own would take;
/// - is under one of the cheapest, most abused top-level domains ([`super::top_sites::cheap_tld`]) with
///   a composed name, a dangerous scope or a silent request: an app's own one-word name there
///   (`dashboard.mee6.xyz`) adds nothing the consent screen, which names the app, does not show;
/// - combines the organisation's own name (`uni-example` of `sso.uni-example.de`) or the provider
///   tenant's (`acme-corp` of `acme-corp.eu.auth0.com`) with a sign-in service's word
///   ([`callback::imitates_org`]: `uni-example-webmail.com`, `acme-corp-login.com`): the look-alike of
///   the page the user trusts;
/// - combines a protected name with a lure word or a file-sharing word ([`SHARE_WORDS`]:
///   `docs-share-office.com`): an app's callback is on its own name, not a brand's beside bait.
///
/// A callback on the app's own name (`myapp-example.com` for the tenant `myapp-prod`) passes, and so
/// does one on a host the route's allow list names (`url_allow: ["*.ngrok-free.app"]` for a developer's
/// own tunnel): the operator vouches for it.
fn hostile_callback(
    top: &TopSites,
    idp: &str,
    place: &Place<'_>,
    scheme: &str,
    host: url::Host<&str>,
) -> Option<String> {
    let (query, route) = (place.query, place.route);
    if !matches!(scheme, "http" | "https") {
        return None;
    }
    let url::Host::Domain(d) = host else {
        return None;
    };
    let d = d.trim_end_matches('.').to_ascii_lowercase();
    if callback::reserved_name(&d) {
        // A name reserved for documentation and tests: the code sent there reaches no one.
        return None;
    }
    let dest = super::registrable(&d)?;
    let own = super::registrable(idp)?;
    if dest == own
        || route
            .allow
            .iter()
            .any(|e| super::entry_matches(e, &d, Some(&dest)))
    {
        return None;
    }
    if let Some(t) = callback::tunnel(&d) {
        return Some(format!(
            "the sign-in request at `{own}` sends the code to `{d}`, a public tunnel (`{t}`) that forwards to whoever opened it"
        ));
    }
    // A hosting service's subdomain (`app.onrender.com`, `shop.weebly.com`): the app's name is the label
    // in front of the service's, which anyone may take.
    let site_builder = top.is_hosting(&dest);
    let hosted = site_builder || callback::hosting_suffix(&d);
    if top.is_known(&dest) && !site_builder {
        return None;
    }
    let (label, suffix) = if site_builder {
        let front = d.strip_suffix(dest.as_str())?.strip_suffix('.')?;
        (front.rsplit('.').next()?, dest.as_str())
    } else {
        dest.split_once('.')?
    };
    let pairs = scope_and_prompt(query);
    let values = || pairs.iter().map(|(k, v)| (k.as_str(), v.as_ref()));
    let bounce = callback::error_redirect(values());
    if let Some(b @ callback::Bounce::InvalidScope) = bounce {
        return Some(format!(
            "the sign-in request at `{own}` {}, so the provider sends the browser straight on to `{dest}`: its address used as a redirector",
            b.why()
        ));
    }
    let own_label = own.split_once('.').map_or(own.as_str(), |(l, _)| l);
    let front = d.strip_suffix(suffix).unwrap_or(&d).trim_end_matches('.');
    let cheap = super::top_sites::cheap_tld(suffix);
    if let Some(b) =
        bounce.filter(|_| hosted || cheap || callback::weak_destination(top, own_label, front))
    {
        return Some(format!(
            "the sign-in request at `{own}` {}, so the provider sends the browser straight on to `{d}`, a name no app of the provider's would take: its address used as a redirector",
            b.why()
        ));
    }
    let scope = callback::dangerous_scope(values());
    if let Some(s) = scope.as_deref().filter(|_| hosted) {
        return Some(format!(
            "the sign-in request at `{own}` asks for `{s}` and hands the grant to `{d}`, an app on a hosting service (`{suffix}`) where anyone publishes under a name of their choosing"
        ));
    }
    if let Some(why) = scope
        .as_deref()
        .and_then(|s| callback::consent_bait(own_label, label, suffix, s))
    {
        return Some(format!("the sign-in request at `{own}` {why}"));
    }
    if cheap && (scope.is_some() || !callback::plain_app_name(top, own_label, front)) {
        return Some(format!(
            "the sign-in request at `{own}` sends you back to `{dest}`, a composed name under one of the most abused top-level domains"
        ));
    }
    // A grant for a whole organisation sent to a composed name under a new generic ending.
    if !hosted
        && super::admin_consent::admin_request(place.path, values())
        && super::admin_consent::throwaway(top, own_label, front, suffix)
    {
        return Some(format!(
            "the sign-in request at `{own}` asks an administrator to grant an app access for the whole organisation and hands the grant to `{dest}`, a composed name under a new generic top-level domain"
        ));
    }
    // The organisation's names: its sign-in host's registrable label, and a tenant's label in front of
    // a provider's domain (`acme-corp` of `acme-corp.eu.auth0.com`; not the provider's own sign-in
    // hosts and regions, nor generated ids with digits).
    let tenant = idp
        .strip_suffix(own.as_str())
        .unwrap_or("")
        .split('.')
        .find(|l| {
            l.len() >= 3 && !PROVIDER_LABELS.contains(l) && !l.bytes().any(|b| b.is_ascii_digit())
        });
    // A tenant named for its environment (`acme-prod`, `acme-dev`) is the organisation `acme`.
    let org = tenant.and_then(|t| {
        t.rsplit_once('-')
            .filter(|(_, env)| TENANT_ENVIRONMENTS.contains(env))
            .map(|(org, _)| org)
    });
    let names: SmallVec<[&str; 3]> = tenant.into_iter().chain(org).chain([own_label]).collect();
    // Under a new generic ending the sign-in host's own domain is not under (`<org>-<app>.help`).
    let elsewhere = super::top_sites::generic_tld(suffix)
        && own
            .strip_suffix(suffix)
            .is_none_or(|head| !head.ends_with('.'));
    if let Some(t) = callback::imitates_org(&names, label, elsewhere) {
        return Some(format!(
            "the sign-in request of `{t}` sends you back to `{dest}`, which puts `{t}` beside a sign-in service's word but is not its domain"
        ));
    }
    let parts: SmallVec<[&str; 8]> = label.split('-').collect();
    if parts.len() < 2 {
        return None;
    }
    let lure = parts
        .iter()
        .any(|p| super::top_sites::is_lure(p) || SHARE_WORDS.contains(p));
    if !lure {
        return None;
    }
    let brand = parts.iter().find_map(|p| {
        top.exact(p).filter(|b| {
            !b.tail
                && b.label.len() >= super::top_sites::MIN_SKELETON
                && !super::top_sites::LURE_WORDS.contains(&b.label.as_str())
                && !super::top_sites::AFFIX_WORDS.contains(&b.label.as_str())
        })
    });
    brand.map(|b| {
        format!(
            "the sign-in request at `{own}` sends you back to `{dest}`, which combines `{}` with other words but is not {}",
            b.label, b.domain
        )
    })
}

/// The `scope`, `user_scope` and `prompt` parameters of a sign-in request's query, names in
/// [`super::norm_param`] form and values decoded: all that [`callback::error_redirect`] and
/// [`callback::dangerous_scope`] read. The other values (the callback itself, a signed `state`) are
/// not decoded again.
fn scope_and_prompt(query: Option<&str>) -> SmallVec<[(super::NormParam, Cow<'_, str>); 4]> {
    super::split_byte(query.unwrap_or(""), b'&')
        .filter(|s| !s.is_empty())
        .take(MAX_PARAMS)
        .filter_map(|piece| {
            let raw_name = piece.split('=').next().unwrap_or(piece);
            let name = super::NormParam::new(&form_decode(raw_name));
            matches!(
                name.as_str(),
                "scope" | "userscope" | "prompt" | "permissions"
            )
            .then(|| {
                let value = form_decode(piece.get(raw_name.len() + 1..).unwrap_or(""));
                (name, value)
            })
        })
        .collect()
}

/// Whether the operator names `host` (ASCII, lowercase) as one of the network's own, by host or by suffix.
fn operator_internal(policy: &UrlPolicy, host: &str) -> bool {
    let host = host.trim_end_matches('.');
    policy.internal_hosts.contains(host)
        || policy.internal_suffixes.iter().any(|s| {
            host == s.as_str()
                || host
                    .strip_suffix(s.as_str())
                    .is_some_and(|h| h.ends_with('.'))
        })
}

/// Whether a parameter named `name` of the link at `place` is a sign-in protocol's own address
/// ([`PROTOCOL_URI_PARAMS`] in a query with a [`PROTOCOL_MARKERS`] parameter).
fn protocol_uri_param(name: &str, place: &Place<'_>) -> bool {
    PROTOCOL_URI_PARAMS.contains(&name) && place.marks().protocol
}

/// Why a target (`scheme`, `host`) of a well-known site's link (`own`, its registrable domain, found by
/// [`redirecting_site`]) is an open redirect ([`rules::QUERY_OPEN_REDIRECT`]), if it is one: the target is
/// - for a parameter not on the redirect list (`listed` false: an open redirector's `q`, `u`, `url`),
///   another registrable domain that the list (`top`) does not vouch for, or an IP address;
/// - for a listed one (`next`, `continue`), which sends the browser back after the site's own step, most
///   often to the linking app: a page anyone can publish, under a hosting service's public suffix
///   (`*.appspot.com`, `*.github.io`: the public suffix list's private section).
fn open_redirect(
    top: &TopSites,
    own: &str,
    listed: bool,
    scheme: &str,
    host: url::Host<&str>,
) -> Option<String> {
    if !matches!(scheme, "http" | "https") {
        return None;
    }
    let (dest, hosted) = match host {
        url::Host::Domain(d) => {
            let d = d.trim_end_matches('.');
            let hosted = listed
                && psl::suffix(d.as_bytes())
                    .and_then(|s| s.typ())
                    .is_some_and(|t| t == psl::Type::Private);
            (
                super::registrable(d).unwrap_or_else(|| d.to_string()),
                hosted,
            )
        }
        url::Host::Ipv4(a) => (a.to_string(), false),
        url::Host::Ipv6(a) => (format!("[{a}]"), false),
    };
    if dest == own {
        return None;
    }
    if listed {
        return hosted.then(|| {
            format!("the link shows `{own}`, but after it sends you on to `{dest}`, a page anyone can publish on a hosting service")
        });
    }
    if top.is_trusted_destination(&dest) {
        return None;
    }
    Some(format!(
        "the link shows `{own}`, but passes you straight on to `{dest}`, a site it does not vouch for"
    ))
}

/// The shipped list and the registrable domain of a link whose parameter `name` may be an open redirect
/// ([`open_redirect`]): the link's site is on the list and the parameter is not a sign-in protocol's own
/// address ([`protocol_uri_param`]).
fn redirecting_site(
    policy: &UrlPolicy,
    place: &Place<'_>,
    name: &str,
) -> Option<(&'static TopSites, String)> {
    let top = policy.top_sites()?;
    if protocol_uri_param(name, place) {
        return None;
    }
    let own = super::registrable(place.host?.trim_end_matches('.'))?;
    top.is_known(&own).then_some((top, own))
}

/// Longest scheme name read at the start of a value: every scheme judged here is shorter.
const MAX_SCHEME_LEN: usize = 16;

/// Starts of values (lowercase) that are, or may decode to, a link judged under any parameter name: web
/// links, the schemes [`non_web_link`] judges, and a `%` (a link encoded once more than the query).
const LINK_HEADS: &[&str] = &["http", "javascript", "vbscript", "data", "file", "%"];

/// Whether a browser ignores `c` where it reads a URL: ASCII tab and newlines, anywhere (WHATWG URL).
fn ignored_in_url(c: char) -> bool {
    matches!(c, '\t' | '\n' | '\r')
}

/// `v` as a browser starts to read it as a URL: leading C0 controls and spaces trimmed.
fn url_start(v: &str) -> &str {
    v.trim_start_matches(|c: char| c <= ' ')
}

/// Whether `v` starts like a link judged under any parameter name ([`LINK_HEADS`]), as a browser reads
/// it: a cheap test, so that most values (words, ids) are not decoded at all.
fn may_be_link(v: &str) -> bool {
    // Every head starts with one of these letters (any case) or `%`: a value whose first character as read
    // (after the trimmed start and the ignored tabs and newlines) is another cannot start like a link.
    let first = url_start(v).chars().find(|&c| !ignored_in_url(c));
    if !first.is_some_and(|c| matches!(c.to_ascii_lowercase(), 'h' | 'j' | 'v' | 'd' | 'f' | '%')) {
        return false;
    }
    let mut head = [0u8; MAX_SCHEME_LEN];
    let mut len = 0;
    for c in url_start(v).chars().filter(|&c| !ignored_in_url(c)) {
        if len == head.len() || !c.is_ascii() {
            break;
        }
        head[len] = c.to_ascii_lowercase() as u8;
        len += 1;
    }
    let head = &head[..len];
    LINK_HEADS.iter().any(|h| head.starts_with(h.as_bytes()))
}

/// The scheme a browser reads at the start of `v` (lowercase) and what follows its `:`, tabs and
/// newlines in the scheme ignored as the URL parser ignores them (`java\tscript:`).
fn scheme_and_rest(v: &str) -> Option<(String, &str)> {
    scheme_and_rest_upto(v, MAX_SCHEME_LEN)
}

/// Longest private-use scheme read in a sign-in request's callback: native apps' schemes carry the app's
/// key (`kakao` and 32 hex digits, `fb` and 15-16 digits), longer than any scheme judged elsewhere.
const MAX_APP_SCHEME_LEN: usize = 64;

/// [`scheme_and_rest`] for schemes of up to `max` characters.
fn scheme_and_rest_upto(v: &str, max: usize) -> Option<(String, &str)> {
    let v = url_start(v);
    let mut scheme = String::new();
    for (i, c) in v.char_indices() {
        if ignored_in_url(c) {
            continue;
        }
        if c == ':' {
            let rest = v.get(i + 1..)?;
            return scheme
                .starts_with(|c: char| c.is_ascii_alphabetic())
                .then_some((scheme, rest));
        }
        if scheme.len() == max || !(c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.')) {
            return None;
        }
        scheme.push(c.to_ascii_lowercase());
    }
    None
}

/// Whether `v` is a link a browser sent to it runs or renders without a web site: `javascript:` and
/// `vbscript:` (code, whatever follows), `data:` with a media type that can be a document (a data URL
/// is `data:[<mediatype>][;base64],<data>`: without the comma it is no URL; with a head that is no
/// media type the browser shows plain text, so `data:science, math` is words), `file:` with a path or a
/// share (`file:///etc/passwd`, `file://host/share`, `file:c:/`).
fn non_web_link(v: &str) -> bool {
    let Some((scheme, rest)) = scheme_and_rest(v) else {
        return false;
    };
    match scheme.as_str() {
        "javascript" | "vbscript" => true,
        "data" => rest
            .split_once(',')
            .is_some_and(|(head, _)| data_media_type(head)),
        "file" => {
            let mut rest = rest.chars().filter(|&c| !ignored_in_url(c));
            match (rest.next(), rest.next()) {
                (Some('/' | '\\'), _) => true,
                (Some(d), Some(':' | '|')) => d.is_ascii_alphabetic(),
                _ => false,
            }
        }
        _ => false,
    }
}

/// Whether a data URL's head (before its comma) is a media type: empty (`text/plain`), or `type/subtype`
/// of token characters, then `;base64` or `;name=value` parameters.
fn data_media_type(head: &str) -> bool {
    let token = |t: &str| {
        !t.is_empty()
            && t.bytes()
                .all(|b| b.is_ascii_alphanumeric() || b"!#$&^_.+-*'".contains(&b))
    };
    let mut parts = head.split(';');
    let mime = parts.next().unwrap_or_default().trim();
    let mime_ok = mime.is_empty()
        || mime
            .split_once('/')
            .is_some_and(|(t, sub)| token(t) && token(sub));
    mime_ok
        && parts.all(|p| {
            let p = p.trim();
            p.eq_ignore_ascii_case("base64")
                || p.split_once('=')
                    .is_some_and(|(k, v)| token(k.trim()) && !v.trim().is_empty())
        })
}

fn starts_with_ignore_case(v: &str, prefix: &str) -> bool {
    v.get(..prefix.len())
        .is_some_and(|h| h.eq_ignore_ascii_case(prefix))
}

/// Whether an unlisted parameter's value is an absolute web link (`https://`, `http://`, any case).
fn web_link(v: &str) -> bool {
    let v = v.trim();
    starts_with_ignore_case(v, "https://") || starts_with_ignore_case(v, "http://")
}

/// Decodings past the query's own from which a link inside another link is over-encoded: once more
/// than its place needs (`next=https%25253A` in a callback written into a sign-in request: the request's
/// query decodes it once, the callback's once more, and a third decoding is still needed).
const OVER_ENCODED: usize = 1;

/// What a parameter's value is once decoded as often as a redirector might ([`decoded_link`]).
enum Decoded<'a> {
    /// A link, in the first decoding that reads as one, and how many decodings past the query's own
    /// it took.
    Link(Cow<'a, str>, usize),
    /// Still encoded after [`MAX_DECODE_ROUNDS`] decodings, and still the start of a link.
    TooDeep,
    /// No link at any decoding.
    NotALink,
}

/// `value` (already decoded once, as the query is) decoded again until `is_link` reads it as a link, at
/// most [`MAX_DECODE_ROUNDS`] decodings in all. The first decoding that reads as a link is the one judged:
/// decoding a link's own escapes further (`%20` in its path) would judge a link nobody visits. Later
/// rounds decode percent escapes only: a `+` they meet is a literal plus. `may_become` says whether the
/// value left after the last round could still decode to a link; it is then refused, not passed unread.
fn decoded_link<'a>(
    value: &'a str,
    is_link: &dyn Fn(&str) -> bool,
    may_become: &dyn Fn(&str) -> bool,
) -> Decoded<'a> {
    let mut v = Cow::Borrowed(value);
    for round in 1..MAX_DECODE_ROUNDS {
        if is_link(&v) {
            return Decoded::Link(v, round - 1);
        }
        match decode_again(&v) {
            Some(next) => v = Cow::Owned(next),
            None => return Decoded::NotALink,
        }
    }
    if is_link(&v) {
        Decoded::Link(v, MAX_DECODE_ROUNDS - 1)
    } else if may_become(&v) && decode_again(&v).is_some() {
        Decoded::TooDeep
    } else {
        Decoded::NotALink
    }
}

/// One more percent-decoding of `v`, when it changes anything.
fn decode_again(v: &str) -> Option<String> {
    if !v.contains('%') {
        return None;
    }
    let next = percent_encoding::percent_decode_str(v).decode_utf8_lossy();
    (next != v).then(|| next.into_owned())
}

/// Whether a redirect parameter's value leaves the link's site: scheme-relative (`//host`, and `/\host`,
/// which browsers read the same way), or absolute (a `:` first, then a parse).
fn scheme_relative(v: &str) -> bool {
    let mut head = v.trim().chars().take(2);
    matches!(
        (head.next(), head.next()),
        (Some('/' | '\\'), Some('/' | '\\'))
    )
}

fn absolute_or_scheme_relative(v: &str) -> bool {
    // `contains` first: an absolute target has a `:`, and parsing it here as well as in `judge_into`
    // parsed every redirect target twice.
    scheme_relative(v) || v.contains(':') || url::Url::parse(v.trim()).is_ok()
}

/// Judges the link in a parameter's value with the same checks as the link itself, its own parameters
/// included, to [`MAX_NESTED_DEPTH`] levels and [`MAX_NESTED_LINKS`] links. `listed` is for a listed
/// redirect parameter, whose relative and scheme-relative targets are read too; any other parameter counts
/// only with an absolute web link or a [`non_web_link`]. `where_` names the parameter for a finding's message; it is only built
/// for a finding (a benign link has none).
fn link(
    policy: &UrlPolicy,
    place: &mut Place<'_>,
    where_: &dyn Fn() -> String,
    name: &str,
    value: &str,
    listed: bool,
    out: &mut Findings,
) {
    // Relative targets (`/home`) stay on the link's own host. Scheme-relative ones leave it: OAuth requires
    // absolute redirect URIs (RFC 6749 3.1.2), and this form is the classic open-redirect bypass, so it is
    // a finding of its own; the target is judged too. A target encoded more than once is judged as what it
    // decodes to; any value still encoded past the bound could be anything.
    let (decoded, over_encoded) = match if listed {
        decoded_link(value, &absolute_or_scheme_relative, &|_| true)
    } else {
        decoded_link(value, &|v| web_link(v) || non_web_link(v), &may_be_link)
    } {
        Decoded::Link(v, extra) => (v, extra >= OVER_ENCODED),
        Decoded::TooDeep => {
            out.push(
                rules::QUERY_REDIRECT,
                format!(
                    "the {} is percent-encoded more than {MAX_DECODE_ROUNDS} times over, so where it leads cannot be checked",
                    where_()
                ),
            );
            return;
        }
        Decoded::NotALink => return,
    };
    let v = decoded.trim();
    // A sign-in request's callback on a native app's private-use scheme (`fb123456://authorize`,
    // `sfdc://success`, RFC 8252 7.1): the browser hands the code to the installed app that claims the
    // scheme; no site receives it, so there is no destination to judge.
    let callback = CALLBACK_PARAMS.contains(&name) && protocol_uri_param(name, place);
    if callback
        && scheme_and_rest_upto(v, MAX_APP_SCHEME_LEN)
            .is_some_and(|(s, _)| callback::private_use_scheme(&s))
    {
        return;
    }
    let level = place.depth.level() + 1;
    if level > MAX_NESTED_DEPTH {
        out.push(
            rules::QUERY_REDIRECT,
            format!(
                "the {} holds links nested more than {MAX_NESTED_DEPTH} deep, so where they lead cannot be checked",
                where_()
            ),
        );
        return;
    }
    if *place.links >= MAX_NESTED_LINKS {
        out.push(
            rules::QUERY_REDIRECT,
            format!("the link carries more than {MAX_NESTED_LINKS} other links, so where they lead cannot be checked"),
        );
        return;
    }
    *place.links += 1;
    let target = if listed && scheme_relative(v) {
        out.push(
            rules::QUERY_REDIRECT,
            format!(
                "the {} is a scheme-relative link (`//host`) that leaves this site",
                where_()
            ),
        );
        Cow::Owned(format!("https://{}", v.trim_start_matches(['/', '\\'])))
    } else {
        Cow::Borrowed(v)
    };
    let mut inner = Findings::new("");
    let depth = Depth::Nested {
        level,
        redirect_param: listed,
    };
    let read = policy.judge_into(&target, place.route, depth, place.links, &mut inner);
    // Where the target leads, from the judgement's own parse (a simple link is its own parse), read only
    // when the link is a well-known site's and the parameter could be an open redirect.
    let with_dest = |f: &dyn Fn(&str, url::Host<&str>) -> Option<String>| {
        let simple = match read {
            Some(super::Read::Verbatim) => super::simple::parse(&target),
            _ => None,
        };
        let dest = match (&read, simple) {
            (Some(super::Read::Parsed(url)), _) => url.host().map(|h| (url.scheme(), h)),
            (_, Some(s)) => Some((s.scheme, url::Host::Domain(s.host))),
            _ => None,
        };
        dest.and_then(|(scheme, host)| f(scheme, host))
    };
    let open = (!place.schemeless)
        .then(|| redirecting_site(policy, place, name))
        .flatten()
        .and_then(|(top, own)| {
            // A returning redirect (`continue`) is the site's own step only in the link a person was
            // sent: in a link inside another (`ServiceLogin?continue=<another site's sign-in>?continue=`),
            // it launders the stranger behind two trusted names, and counts as any other parameter.
            let returning = listed && place.depth.level() == 0;
            with_dest(&|scheme, host| open_redirect(top, &own, returning, scheme, host))
        });
    // A sign-in request's registered callback or return address that itself looks hostile: consent
    // phishing uses the provider's real authorize page to hand the code to the attacker's app.
    let hostile = CALLBACK_PARAMS
        .contains(&name)
        .then(|| {
            if !protocol_uri_param(name, place) {
                return None;
            }
            let top = policy.top_sites()?;
            let idp = place.host?.trim_end_matches('.');
            with_dest(&|scheme, host| hostile_callback(top, idp, place, scheme, host))
        })
        .flatten();
    // An implicit-grant request whose callback is a stranger's, whoever the provider is.
    let implicit = (name == "redirecturi" && place.marks().implicit)
        .then(|| {
            let top = policy.top_sites()?;
            let own = super::registrable(place.host?.trim_end_matches('.'))?;
            with_dest(&|scheme, host| implicit_target(top, &own, scheme, host))
        })
        .flatten();
    for why in open.into_iter().chain(implicit) {
        out.push(
            rules::QUERY_OPEN_REDIRECT,
            format!("{why} (the {})", where_()),
        );
    }
    if let Some(why) = hostile {
        out.push(rules::QUERY_REDIRECT, format!("{why} (the {})", where_()));
    }
    // A target in a link that is itself inside another link (a callback in a sign-in request), encoded
    // more times over than its place needs (the outer query decodes it once, the inner link's query
    // once more: `next=https%25253A...`), that leaves the inner link's site: a framework writing a
    // return link encodes it for its own query, so the extra round only hides where the signed-in
    // user is bounced to from whoever reads the request (the client's own callback as a springboard).
    // Only nested: a link a person is sent to with a doubly encoded target is a click tracker's habit,
    // judged by the open-redirect rules.
    if over_encoded && place.depth.level() >= 1 {
        let own = place
            .host
            .and_then(|h| super::registrable(h.trim_end_matches('.')));
        let elsewhere = with_dest(&|_, host| match host {
            url::Host::Domain(d) => {
                let d = d.trim_end_matches('.').to_ascii_lowercase();
                (super::registrable(&d) != own).then_some(d)
            }
            _ => Some(host.to_string()),
        });
        if let Some(dest) = elsewhere {
            out.push(
                rules::QUERY_REDIRECT,
                format!(
                    "the {} is percent-encoded more times over than its place needs, hiding that it leads to `{dest}`, another site",
                    where_()
                ),
            );
        }
    }
    let mut inner = inner.into_vec();
    // A target under a name reserved for documentation and tests (`app.example`, `cb.test`): nothing
    // sent there reaches anyone, so it is no internal host the link reaches into (unless the operator
    // lists the name as one of the network's own). Its other findings stand.
    let internal = inner.iter().any(|f| f.rule == rules::HOST_INTERNAL);
    let placeholder = internal
        .then(|| {
            with_dest(&|_, host| match host {
                url::Host::Domain(d) if callback::reserved_name(d) => Some(d.to_ascii_lowercase()),
                _ => None,
            })
        })
        .flatten();
    if placeholder.is_some_and(|h| !operator_internal(policy, &h)) {
        inner.retain(|f| f.rule != rules::HOST_INTERNAL);
    }
    if inner.is_empty() {
        return;
    }
    let where_ = where_();
    for f in inner {
        // Every finding is about where the browser is sent next, or about what that link carries.
        out.push(
            rules::QUERY_REDIRECT,
            format!(
                "the {where_} sends you on to another link, and there {} ({})",
                f.message, f.rule
            ),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn built_in_patterns_compile_and_a_policy_says_so() {
        // A pattern that failed to compile would leave its check matching nothing: prepare() must see it.
        assert_eq!(prepare(), Ok(()));
        assert!(
            KEY_FORMATS.len() >= 12,
            "every credential format is in the set"
        );
    }

    #[test]
    fn key_formats() {
        assert!(has_key_format("eyJhbGciOiJIUzI1NiJ9.eyJ1c2VyIjoiYSJ9.c2ln"));
        assert!(has_key_format("AKIAIOSFODNN7EXAMPLE/2026"));
        assert!(has_key_format("sk_live_51H8abcdefghijklmnop"));
        assert!(!has_key_format("cs_test_a1b2c3d4e5f6g7h8i9j0"));
        assert!(!has_key_format(
            "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM"
        ));
    }

    #[test]
    fn links_in_base64() {
        use base64::Engine as _;
        let b64 = base64::engine::general_purpose::STANDARD.encode("https://shop.example/pay?x=1");
        assert_eq!(
            base64_link(&format!("a1{}", b64.trim_end_matches('='))).as_deref(),
            Some("https://shop.example/pay?x=1")
        );
        let url_safe =
            base64::engine::general_purpose::URL_SAFE_NO_PAD.encode("http://10.0.0.1/??>>");
        assert_eq!(
            base64_link(&url_safe).as_deref(),
            Some("http://10.0.0.1/??>>")
        );
        assert_eq!(base64_link("aHR0cHM6Ly9"), None);
        assert_eq!(base64_link("plain-words-that-are-long-enough"), None);
    }

    #[test]
    fn non_web_links() {
        for v in [
            "javascript:alert(1)",
            " \u{1}JAVA\tSCRIPT:x",
            "vbscript:msgbox",
            "data:,x",
            "data:text/html;charset=utf-8;base64,PGI+",
            "data:image/svg+xml,<svg>",
            "file:///etc/passwd",
            "file://host/share",
            "file:C|/windows",
        ] {
            assert!(non_web_link(v), "{v:?}");
            assert!(may_be_link(v), "{v:?}");
        }
        for v in [
            "javascript",
            "data:science",
            "data:science, math",
            "data:text/html",
            "file:report",
            "java script:x",
            "1javascript:x",
            "https://a-corp.com/",
        ] {
            assert!(!non_web_link(v), "{v:?}");
        }
        assert!(!may_be_link("da"));
        assert!(!may_be_link("q"));
    }

    proptest::proptest! {
        #[test]
        fn form_pairs_are_form_urlencoded(
            input in "[a-z=&+%2eE0-9A-F\\x{e9}\\x{ff}\\x{1F600} #;-]{0,40}|(%[0-9a-fA-FgG]{0,2}|[+&=a]){0,20}",
        ) {
            let fast: Vec<(String, String)> = form_pairs(&input)
                .map(|(k, v)| (k.into_owned(), v.into_owned()))
                .collect();
            let exact: Vec<(String, String)> = url::form_urlencoded::parse(input.as_bytes())
                .map(|(k, v)| (k.into_owned(), v.into_owned()))
                .collect();
            proptest::prop_assert_eq!(fast, exact);
        }
    }

    /// [`may_be_link`] as it was, without the first-character test: the definition it must agree with.
    fn may_be_link_exact(v: &str) -> bool {
        let mut head = [0u8; MAX_SCHEME_LEN];
        let mut len = 0;
        for c in url_start(v).chars().filter(|&c| !ignored_in_url(c)) {
            if len == head.len() || !c.is_ascii() {
                break;
            }
            head[len] = c.to_ascii_lowercase() as u8;
            len += 1;
        }
        let head = &head[..len];
        LINK_HEADS.iter().any(|h| head.starts_with(h.as_bytes()))
    }

    proptest::proptest! {
        #[test]
        fn the_first_character_test_keeps_every_link_head(
            v in "[ \\t\\n\\r\\x{0}\\x{1f}]{0,3}[hHjJvVdDfF%\\x{130}\\x{212a}a-z\\t]{0,3}(ttps?|avascript|bscript|ata|ile|25)?[:/%a-z]{0,4}|\\PC{0,12}",
        ) {
            proptest::prop_assert_eq!(may_be_link(&v), may_be_link_exact(&v), "{:?}", v);
        }

        #[test]
        fn ascii_digits_are_the_char_count(v in "\\PC{0,20}|[0-9\\x{660}-\\x{669}\\x{ff10}-\\x{ff19} +()-]{0,20}") {
            proptest::prop_assert_eq!(ascii_digits(&v), v.chars().filter(char::is_ascii_digit).count());
        }
    }

    #[test]
    fn form_pairs_decode_invalid_utf8_as_form_urlencoded_does() {
        for input in ["a=%ff%fe", "%C3%A9=%C3", "x=%e2%82", "x=%%41+%4", "&&a&=b&"] {
            let fast: Vec<_> = form_pairs(input).collect();
            let exact: Vec<_> = url::form_urlencoded::parse(input.as_bytes()).collect();
            assert_eq!(fast, exact, "{input}");
        }
    }

    #[test]
    fn query_marks_and_scope_pairs_read_the_whole_query() {
        let q = Some("redirect_uri=https%3A%2F%2Fa.b%2F&Scope=Mail.Read+openid&client%5Fid=1&prompt=none&user_scope=im%3Ahistory&response_type=id_token%20token");
        let m = QueryMarks::read(q);
        assert!(m.protocol && m.implicit && !m.saml_request);
        let m = QueryMarks::read(Some("SAMLRequest=x&Signature=y"));
        assert!(m.protocol && m.saml_request && !m.implicit);
        let m = QueryMarks::read(Some("q=client_id&next=response_type"));
        assert!(!m.protocol && !m.implicit);
        assert!(!QueryMarks::read(None).protocol);
        let pairs: Vec<(String, String)> = scope_and_prompt(q)
            .iter()
            .map(|(k, v)| (k.as_str().to_owned(), v.to_string()))
            .collect();
        assert_eq!(
            pairs,
            [
                ("scope", "Mail.Read openid"),
                ("prompt", "none"),
                ("userscope", "im:history")
            ]
            .map(|(k, v)| (k.to_owned(), v.to_owned()))
        );
    }

    #[test]
    fn phones_and_ids() {
        assert!(is_phone("+14155552671"));
        assert!(is_phone(" 14155552671"));
        assert!(is_phone("(415) 555-2671"));
        assert!(is_phone("415-555-2671"));
        assert!(!is_phone("3336676.569200954261"));
        assert!(!is_phone("157730590492196864"));
        assert!(!is_phone("12345"));
    }
}
