//! URL-mode safety: one strict parser and checks with rule ids, plus the canonical rewrite.
//!
//! CONTRACT: [`UrlPolicy::compile`] builds an immutable (but for the hosts it
//! remembers as clean, which changes no judgement: `clean_hosts`), `Send + Sync` policy
//! from [`UrlConfig`] (YAML, `deny_unknown_fields`, every field documented; the embedded default is
//! `policies/urls.yaml`). [`UrlPolicy::judge`] parses with the `url` crate (UTS-46 via `idna`) and returns
//! every finding, each with a `url.*` rule id (see [`rules`]: `url.scheme`, `url.invalid`, `url.userinfo`,
//! `url.ambiguous`, `url.too_long`, `url.host.ip`, `url.host.internal`, `url.host.single_label`,
//! `url.host.punycode`, `url.host.idn_character`, `url.host.mixed_script`, `url.host.confusable`,
//! `url.host.brand`, `url.domain.denied`, `url.domain.not_allowed`, `url.query.credential`, `url.query.pii`,
//! `url.query.redirect`, `url.query.open_redirect`, `url.path.credential`, `url.path.pii`,
//! `url.path.brand`, `url.device_code`) and
//! `Action::Block`; the caller applies
//! per-rule actions. `canonical` is the URL re-serialised with its ASCII host when it parses. The
//! judgement never changes the URL: a benign URL passes byte for byte. [`render_warning_page`] renders
//! the page shown instead of a link whose action is the warning page.
//!
//! `http_dev_hosts` lift only the scheme rule: `http://localhost` in development still reports
//! `url.host.internal`, which the operator sets to allow for that route if wanted.
//!
//! The checks run in three layers, because each layer sees what the one after it hides:
//! - `raw`: the string as the server sent it, before parsing (the `url` crate silently drops tabs,
//!   maps backslashes and full-width dots, decodes percent-escapes in hosts, rewrites IPv4 notations);
//! - `host`: the parsed host (IP ranges, internal names, internationalised labels as browsers judge them
//!   (`idn`), look-alikes of the operator's brands and of the shipped well-known sites (`top_sites`)),
//!   skipped for a host (as parsed and as written) that `clean_hosts` remembers passing them all;
//! - `query`: path, query and fragment (credentials, personal data, redirect targets judged as
//!   destinations, open redirects through well-known sites).
//!
//! Every judgement is a pure function of the policy and the URL: no I/O, no clock, no DNS.

mod admin_consent;
mod callback;
mod clean_hosts;
mod coined_edit;
mod device_code;
mod embedded;
mod flow_token;
mod generic_cc;
mod host;
mod idn;
mod kit_folder;
mod lure_l10n;
mod meeting;
mod missing_dot;
mod name_token;
mod native_name;
mod path_bait;
mod path_site;
mod product_name;
mod query;
mod raw;
mod short_confusable;
mod simple;
mod sub_typo;
mod top_sites;
mod translit;
mod twin_word;
pub mod warning_page;
mod zones;

#[cfg(test)]
mod tests;

use std::collections::{BTreeSet, HashMap};

use serde::Deserialize;
use url::{Host, Url};

use crate::policy::Finding;

pub use warning_page::{render_warning_page, WARNING_PAGE_CSP};

/// The rule ids this module emits; stable, used in config, metrics and the audit log.
pub mod rules {
    /// A scheme other than `https` (or `http` to an operator's development host).
    pub const SCHEME: &str = "url.scheme";
    /// The URL does not parse (or is relative).
    pub const INVALID: &str = "url.invalid";
    /// A user name or password before the host, of any kind (even empty).
    pub const USERINFO: &str = "url.userinfo";
    /// A form that makes a person misread the URL: backslashes, whitespace, control, bidi or invisible
    /// characters, percent-encoded host characters, missing or extra slashes, a host written unusually.
    pub const AMBIGUOUS: &str = "url.ambiguous";
    /// Longer than the configured limit.
    pub const TOO_LONG: &str = "url.too_long";
    /// The host is an IP address (any notation, IPv4 or IPv6).
    pub const HOST_IP: &str = "url.host.ip";
    /// The host is internal: private, loopback, link-local, CGNAT or metadata ranges, `localhost`,
    /// cloud metadata names, or a name outside the public suffix list.
    pub const HOST_INTERNAL: &str = "url.host.internal";
    /// The host is a single label (`intranet`).
    pub const HOST_SINGLE_LABEL: &str = "url.host.single_label";
    /// The host has labels that are not valid internationalised names, or is internationalised and
    /// deceptive (a browser shows it as punycode: another `url.host` rule says why); with `idn_strict`,
    /// any internationalised host.
    pub const HOST_PUNYCODE: &str = "url.host.punycode";
    /// A label mixes scripts beyond UTS #39's highly restrictive level (Latin and Cyrillic, accented
    /// Latin with Chinese, ...), or digits of two numbering systems.
    pub const HOST_MIXED_SCRIPT: &str = "url.host.mixed_script";
    /// A non-Latin label made only of look-alikes of Latin letters or digits (whole-script confusable),
    /// outside the domains where its script is at home.
    pub const HOST_CONFUSABLE: &str = "url.host.confusable";
    /// A label holds a character browsers do not show in a host (outside UTS #39's identifier set, on
    /// Chromium's blocked list, invisible, or out of its language's place).
    pub const HOST_IDN_CHARACTER: &str = "url.host.idn_character";
    /// The host imitates a protected brand or a well-known site (look-alike, typo, digit swap,
    /// combination with other words, another top-level domain, embedded domain).
    pub const HOST_BRAND: &str = "url.host.brand";
    /// The route's deny list matches.
    pub const DOMAIN_DENIED: &str = "url.domain.denied";
    /// The route has an allow list and it does not match.
    pub const DOMAIN_NOT_ALLOWED: &str = "url.domain.not_allowed";
    /// A credential in the query or fragment (by parameter name or by value format).
    pub const QUERY_CREDENTIAL: &str = "url.query.credential";
    /// Personal data in the query or fragment (email address, phone number).
    pub const QUERY_PII: &str = "url.query.pii";
    /// A well-known site's link that sends the browser on to another site, one the shipped list does not
    /// vouch for, through a parameter (an open redirector: `google.com/url?q=`): a person reads the
    /// well-known host and lands elsewhere. Not for the registered redirect of an OAuth, OpenID Connect
    /// or SAML request.
    pub const QUERY_OPEN_REDIRECT: &str = "url.query.open_redirect";
    /// A redirect parameter (`redirect_uri`, `next`, ...), or any parameter whose value is a web link (an
    /// open redirector's `q`) or a `javascript:`, `vbscript:`, `data:` or `file:` link (a client-side
    /// redirector's `to`), points somewhere unsafe, or nests links past the bounds.
    pub const QUERY_REDIRECT: &str = "url.query.redirect";
    /// A credential in the path (a JWT or a known key format).
    pub const PATH_CREDENTIAL: &str = "url.path.credential";
    /// Personal data in the path (an email address).
    pub const PATH_PII: &str = "url.path.pii";
    /// A protected brand's name in the path of a page that is not the brand's, beside a sign-in or lure
    /// word: a storage bucket, a site or form builder's page, a compromised site's software folders, a
    /// stranger's sign-in page (`path_bait`).
    pub const PATH_BRAND: &str = "url.path.brand";
    /// A page served from a content-management system's media, include or static folders, where phishing
    /// kits are dropped on compromised sites (`wp-content/uploads/`, `wp-includes/`, `.well-known/`
    /// under an unregistered name; with a lure word, a plugin's folder, `images/`, `cgi-bin/`):
    /// `kit_folder`.
    pub const PATH_KIT: &str = "url.path.kit";
    /// A device sign-in code (`user_code`, RFC 8628) filled into the device page of a provider that never
    /// writes it into a link itself (`github.com/login/device?user_code=...`): approving the code signs in
    /// whoever started the flow (`device_code`).
    pub const DEVICE_CODE: &str = "url.device_code";
}

/// A generated word list (`data/*.txt`: one word a line, `#` comments), indexed once by its caller's
/// `LazyLock`.
fn word_set(
    text: &'static str,
) -> std::collections::HashSet<&'static str, foldhash::fast::RandomState> {
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .collect()
}

/// Default cap on a URL's length in bytes: browsers and proxies start to disagree above this, and a
/// link a person must read in full is unreadable long before.
pub const DEFAULT_MAX_URL_LEN: usize = 2048;
/// Hard upper bound on `max_url_len`, so a typo in the config cannot disable the check.
pub const MAX_MAX_URL_LEN: usize = 65_536;
/// Bound on each configured list (brands, hosts, names): they are scanned per URL.
pub const MAX_LIST_ENTRIES: usize = 1024;
/// Default minimum brand length for edit-distance matching: below it, one edit turns a brand into an
/// ordinary word (`slack` -> `stack`) and false alarms dominate.
pub const DEFAULT_BRAND_MIN_LEN_FOR_EDIT: usize = 6;
/// Default shortest value of a generically named parameter (`token`) judged a credential: 24
/// characters is about 128 bits for random text, the usual size of a bearer secret; order ids and
/// references are shorter.
pub const DEFAULT_WEAK_CREDENTIAL_MIN_LEN: usize = 24;
/// Most times a parameter's value is percent-decoded to find the link in it, the query's own decoding
/// included: a redirector may decode again what it was given, so `https%253A%252F%252F...` is a link
/// too. Benign links encode a target once; past this many the target is not read but refused.
pub const MAX_DECODE_ROUNDS: usize = 4;
/// Most levels of links inside links judged (a link in a parameter of a link in a parameter ...): real
/// links nest one level (a redirect target), two at most (a sign-in page's `continue` that carries its
/// own `redirect_uri`). Deeper nesting is refused.
pub const MAX_NESTED_DEPTH: usize = 3;
/// Most links found in parameters judged per URL, all levels together: each is a whole judgement. A link
/// carrying more is refused.
pub const MAX_NESTED_LINKS: usize = 16;
/// Bound on findings per URL: enough to explain everything, small enough for an error message.
pub const MAX_FINDINGS: usize = 32;
/// Default number of clean hosts a policy remembers ([`UrlConfig::clean_host_cache`]): far more than the
/// hosts one gateway's servers link to, a few hundred KiB at most.
pub const DEFAULT_CLEAN_HOST_CACHE: usize = 4096;
/// Largest [`UrlConfig::clean_host_cache`] accepted (keys are at most 512 bytes: 32 MiB at worst).
pub const MAX_CLEAN_HOST_CACHE: usize = 65_536;

/// The embedded default policy (parsed by [`UrlPolicy::embedded_default`]).
pub const EMBEDDED_DEFAULT_YAML: &str = include_str!("../../../policies/urls.yaml");

/// Operator settings for URL checks (YAML). See `policies/urls.yaml` for the documented default.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct UrlConfig {
    /// Longest URL accepted, in bytes.
    pub max_url_len: usize,
    /// Hosts for which plain `http` is accepted (development only), exact names, case-insensitive.
    pub http_dev_hosts: Vec<String>,
    /// Brand names (registrable labels such as `github`) that look-alike hosts must not imitate.
    pub protected_brands: Vec<String>,
    /// Brands at least this long are also matched by one edit (typo, transposition).
    pub brand_min_len_for_edit: usize,
    /// Host names that are internal wherever they appear (cloud metadata names).
    pub internal_hosts: Vec<String>,
    /// Suffixes that are internal even if listed publicly (`home.arpa`), without the leading dot.
    pub internal_suffixes: Vec<String>,
    /// Public domains whose name and every subdomain resolve to this machine (`lvh.me`), rule
    /// `url.host.internal`.
    pub loopback_domains: Vec<String>,
    /// Wildcard-DNS services that answer a name with the IP address it spells (`nip.io`): their names
    /// are IP hosts in disguise, rule `url.host.ip`.
    pub ip_echo_domains: Vec<String>,
    /// Parameter names that carry credentials, compared case-insensitively without `_`, `-`, `.`.
    pub credential_params: Vec<String>,
    /// Endings of parameter names that carry credentials (`token` matches `auth_token`), same comparison.
    pub credential_param_suffixes: Vec<String>,
    /// Generic parameter names (`token`, `key`) that also carry order ids and references: a credential
    /// only when the value is at least `weak_credential_min_len` characters (or a known key format).
    pub weak_credential_params: Vec<String>,
    /// Shortest value of a weak-named parameter judged a credential (bearer secrets are long).
    pub weak_credential_min_len: usize,
    /// Parameter names that carry phone numbers, same comparison.
    pub phone_params: Vec<String>,
    /// Parameter names whose value is a URL the browser will be sent to, same comparison.
    pub redirect_params: Vec<String>,
    /// How many hosts found clean are remembered so that links to them skip the host checks (0: none).
    pub clean_host_cache: usize,
    /// Also protect the shipped list of well-known sites (`src/policy/url/data/top_domains.txt`: the Moz
    /// Top 500 and banks, payment, crypto and identity providers) from look-alikes, and use it to tell a
    /// well-known site's open redirect (`url.query.open_redirect`). On by default.
    pub top_sites: bool,
    /// Report every internationalised host (`url.host.punycode`), not only the ones a browser would show
    /// as punycode: for deployments whose users read no script but Latin. Off by default.
    pub idn_strict: bool,
}

impl Default for UrlConfig {
    /// Limits only, empty lists: the shipped lists live in `policies/urls.yaml`
    /// (see [`UrlPolicy::embedded_default`]).
    fn default() -> Self {
        UrlConfig {
            max_url_len: DEFAULT_MAX_URL_LEN,
            http_dev_hosts: Vec::new(),
            protected_brands: Vec::new(),
            brand_min_len_for_edit: DEFAULT_BRAND_MIN_LEN_FOR_EDIT,
            internal_hosts: Vec::new(),
            internal_suffixes: Vec::new(),
            loopback_domains: Vec::new(),
            ip_echo_domains: Vec::new(),
            credential_params: Vec::new(),
            credential_param_suffixes: Vec::new(),
            weak_credential_params: Vec::new(),
            weak_credential_min_len: DEFAULT_WEAK_CREDENTIAL_MIN_LEN,
            phone_params: Vec::new(),
            redirect_params: Vec::new(),
            clean_host_cache: DEFAULT_CLEAN_HOST_CACHE,
            top_sites: true,
            idn_strict: false,
        }
    }
}

impl UrlConfig {
    /// Parses YAML settings.
    pub fn from_yaml(text: &str) -> Result<Self, UrlConfigError> {
        serde_saphyr::from_str(text).map_err(|e| UrlConfigError::Invalid(e.to_string()))
    }
}

/// Why a URL policy could not be compiled.
#[derive(Debug, thiserror::Error)]
pub enum UrlConfigError {
    /// A setting is invalid.
    #[error("url policy: {0}")]
    Invalid(String),
}

/// The facts about a URL a person needs to see it for what it is.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct UrlView {
    /// The URL re-serialised with its ASCII (punycode) host, when it parses.
    pub canonical: Option<String>,
    /// The host as a person would read it (Unicode), when it parses.
    pub host_unicode: Option<String>,
    /// The host in ASCII (punycode) form.
    pub host_ascii: Option<String>,
    /// The registrable domain (public suffix + one label), ASCII, when there is one.
    pub registrable_domain: Option<String>,
    /// The registrable domain as a person reads it (Unicode).
    pub registrable_domain_unicode: Option<String>,
}

/// The judgement of one URL.
#[derive(Debug, Clone, Default)]
pub struct UrlJudgement {
    /// Every finding; empty means the URL passes.
    pub findings: Vec<Finding>,
    /// The URL as parsed, when it parses.
    parsed: Option<Canonical>,
}

/// A parsed URL as a judgement keeps it.
#[derive(Debug, Clone)]
enum Canonical {
    /// Parsed by the `url` crate.
    Parsed(Url),
    /// A simple link ([`simple`]), which the `url` crate parses to this very string: kept as the string, and
    /// parsed again only if a person's view of it is asked for.
    Verbatim(String),
}

impl UrlJudgement {
    /// The URL re-serialised with its ASCII (punycode) host, when it parses.
    pub fn canonical(&self) -> Option<&str> {
        self.parsed.as_ref().map(|c| match c {
            Canonical::Parsed(url) => url.as_str(),
            Canonical::Verbatim(s) => s.as_str(),
        })
    }

    /// What the URL is, for a person. Computed on demand: the Unicode forms and the registrable domain
    /// cost IDNA and public-suffix lookups that only a warning page or a report needs.
    pub fn view(&self) -> UrlView {
        match &self.parsed {
            Some(Canonical::Parsed(url)) => view_of(url),
            // A simple link always parses (a proptest checks it); the default is never reached.
            Some(Canonical::Verbatim(s)) => Url::parse(s).as_ref().map(view_of).unwrap_or_default(),
            None => UrlView::default(),
        }
    }
}

/// What the checks read of a parsed URL: taken from the `url` crate's parse, or from a simple link's own
/// string ([`simple`]), which the `url` crate would parse to the same parts.
#[derive(Debug, Clone)]
struct Parts<'a> {
    /// Lowercase, as [`Url::scheme`].
    scheme: &'a str,
    /// [`Url::host`].
    host: Option<Host<&'a str>>,
    /// [`Url::host_str`].
    host_str: Option<&'a str>,
    /// A user name or a password ([`Url::username`], [`Url::password`]).
    userinfo: bool,
    /// [`Url::path`].
    path: &'a str,
    /// [`Url::query`].
    query: Option<&'a str>,
    /// [`Url::fragment`].
    fragment: Option<&'a str>,
}

impl<'a> Parts<'a> {
    fn of_url(url: &'a Url) -> Self {
        Parts {
            scheme: url.scheme(),
            host: url.host(),
            host_str: url.host_str(),
            userinfo: !url.username().is_empty() || url.password().is_some(),
            path: url.path(),
            query: url.query(),
            fragment: url.fragment(),
        }
    }

    fn of_simple(s: &simple::Simple<'a>) -> Self {
        Parts {
            scheme: s.scheme,
            host: Some(Host::Domain(s.host)),
            host_str: Some(s.host),
            userinfo: false,
            path: s.path,
            query: s.query,
            fragment: s.fragment,
        }
    }

    /// [`Url::path_segments`], which splits the path this way.
    fn path_segments(&self) -> Option<SplitByte<'a>> {
        self.path
            .strip_prefix('/')
            .map(|rest| split_byte(rest, b'/'))
    }

    /// [`Url::domain`]: the host when it is a name.
    fn domain(&self) -> Option<&'a str> {
        match self.host {
            Some(Host::Domain(d)) => Some(d),
            _ => None,
        }
    }
}

/// The pieces of `s` between the bytes `sep`, as `s.split(char::from(sep))` gives them for an ASCII `sep`
/// (a proptest compares the two). Hosts, paths and queries are short, and `str::split` searched each piece
/// with a `memchr` call whose setup cost more than a plain walk of a dozen bytes.
fn split_byte(s: &str, sep: u8) -> SplitByte<'_> {
    SplitByte { rest: Some(s), sep }
}

/// See [`split_byte`].
#[derive(Debug, Clone)]
struct SplitByte<'a> {
    /// What is left to split; `None` once the last piece was given.
    rest: Option<&'a str>,
    sep: u8,
}

impl<'a> Iterator for SplitByte<'a> {
    type Item = &'a str;

    fn next(&mut self) -> Option<&'a str> {
        let s = self.rest?;
        match s.bytes().position(|b| b == self.sep) {
            // `sep` is ASCII (a UTF-8 byte of a longer character is never ASCII), so both cuts fall on
            // character boundaries and `get` always succeeds.
            Some(i) => {
                self.rest = s.get(i + 1..);
                s.get(..i)
            }
            None => {
                self.rest = None;
                Some(s)
            }
        }
    }
}

/// How [`UrlPolicy::judge_into`] read a URL that parses.
enum Read {
    Parsed(Url),
    /// A simple link: its canonical form is the string judged.
    Verbatim,
}

/// Whether [`simple`] links skip the `url` crate: always, but in tests that judge every URL both ways.
#[cfg(not(test))]
fn simple_links_allowed() -> bool {
    true
}

#[cfg(test)]
thread_local! {
    /// Set by tests to judge with the `url` crate only, the exact path the shortcut must agree with.
    static EXACT_ONLY: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

#[cfg(test)]
fn simple_links_allowed() -> bool {
    !EXACT_ONLY.with(std::cell::Cell::get)
}

/// Per-route lists, compiled.
///
/// An entry `example.com` matches the host `example.com` and every host whose registrable domain is
/// `example.com`; an entry `*.example.com` matches strict subdomains of `example.com` only.
#[derive(Debug, Clone, Default)]
pub struct RouteUrlRules {
    /// Registrable domains or hosts allowed (exact, or `*.suffix`); empty means any.
    pub allow: Vec<String>,
    /// Registrable domains or hosts denied (exact, or `*.suffix`).
    pub deny: Vec<String>,
}

/// A protected brand, with its comparison form computed once.
#[derive(Debug)]
struct Brand {
    name: String,
    folded: String,
    /// `folded` with repeated letters collapsed, computed once here rather than per URL.
    collapsed: String,
    /// Long enough for one-edit matching ([`UrlConfig::brand_min_len_for_edit`]).
    long: bool,
}

/// The compiled URL policy.
#[derive(Debug)]
pub struct UrlPolicy {
    max_url_len: usize,
    http_dev_hosts: BTreeSet<String>,
    brands: Vec<Brand>,
    /// `brands` by their comparison forms, for the per-label look-alike check.
    brand_index: host::BrandIndex,
    brand_min_len_for_edit: usize,
    internal_hosts: BTreeSet<String>,
    internal_suffixes: Vec<String>,
    /// [`UrlConfig::loopback_domains`], lowercase, without leading or trailing dots.
    loopback_domains: Vec<String>,
    /// [`UrlConfig::ip_echo_domains`], the same.
    ip_echo_domains: Vec<String>,
    /// What each listed parameter name (normalised, [`norm_param`]) is: one look-up per parameter
    /// instead of one search of each of four lists.
    params: HashMap<String, ParamKind, foldhash::fast::RandomState>,
    credential_param_suffixes: Vec<String>,
    weak_credential_min_len: usize,
    /// Hosts the host checks found clean ([`clean_hosts`]).
    clean_hosts: clean_hosts::CleanHosts,
    /// [`UrlConfig::top_sites`].
    top_sites: bool,
    /// [`UrlConfig::idn_strict`].
    idn_strict: bool,
}

/// The lists a parameter name is on (a name may be on several).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
struct ParamKind {
    /// `credential_params`.
    credential: bool,
    /// `weak_credential_params`.
    weak: bool,
    /// `phone_params`.
    phone: bool,
    /// `redirect_params`.
    redirect: bool,
}

/// The [`ParamKind`] of every name on the four lists, built once per policy. The map is built from the
/// policy's lists and only queried, so an attacker's parameter names cannot flood it.
fn param_kinds(
    credential: BTreeSet<String>,
    weak: BTreeSet<String>,
    phone: BTreeSet<String>,
    redirect: BTreeSet<String>,
) -> HashMap<String, ParamKind, foldhash::fast::RandomState> {
    let mut map: HashMap<String, ParamKind, foldhash::fast::RandomState> = HashMap::default();
    for name in credential {
        map.entry(name).or_default().credential = true;
    }
    for name in weak {
        map.entry(name).or_default().weak = true;
    }
    for name in phone {
        map.entry(name).or_default().phone = true;
    }
    for name in redirect {
        map.entry(name).or_default().redirect = true;
    }
    map
}

/// Lowercase ASCII alphanumerics only: `X-Amz-Signature` and `x_amz_signature` compare equal.
fn norm_param(name: &str) -> String {
    if name.is_ascii() {
        // Every parameter name but a handful: the same result without Unicode's tables.
        return norm_param_ascii(name);
    }
    norm_param_chars(name)
}

/// [`norm_param`] kept on the stack for the names of nearly every parameter (ASCII, at most
/// [`NormParam::STACK`] bytes): it is computed for every parameter of every link, and one allocation each
/// was a tenth of a link's query checks. The text is [`norm_param`]'s either way.
enum NormParam {
    Stack([u8; NormParam::STACK], usize),
    Heap(String),
}

impl NormParam {
    const STACK: usize = 32;

    fn new(name: &str) -> Self {
        if name.len() > Self::STACK || !name.is_ascii() {
            return NormParam::Heap(norm_param(name));
        }
        let mut buf = [0u8; Self::STACK];
        let mut len = 0;
        for b in name.bytes().filter(u8::is_ascii_alphanumeric) {
            // `len` < STACK: at most `name.len()` bytes are kept.
            if let Some(slot) = buf.get_mut(len) {
                *slot = b.to_ascii_lowercase();
                len += 1;
            }
        }
        NormParam::Stack(buf, len)
    }

    fn as_str(&self) -> &str {
        match self {
            // ASCII bytes only, so always UTF-8; the empty fallback is never taken.
            NormParam::Stack(buf, len) => buf
                .get(..*len)
                .and_then(|b| std::str::from_utf8(b).ok())
                .unwrap_or(""),
            NormParam::Heap(s) => s,
        }
    }
}

/// [`norm_param`] for any text: alphanumerics in the Unicode sense, lower-cased the Unicode way.
fn norm_param_chars(name: &str) -> String {
    name.chars()
        .filter(|c| c.is_alphanumeric())
        .flat_map(char::to_lowercase)
        .collect()
}

/// [`norm_param`] for ASCII text, where alphanumeric and lower case mean the ASCII ones (a proptest
/// compares it with [`norm_param_chars`]).
fn norm_param_ascii(name: &str) -> String {
    // Sized once: collecting char by char grew the string a few times for every parameter of every link.
    let mut out = String::with_capacity(name.len());
    out.extend(
        name.bytes()
            .filter(u8::is_ascii_alphanumeric)
            .map(|b| char::from(b.to_ascii_lowercase())),
    );
    out
}

fn check_len(what: &str, list: &[String]) -> Result<(), UrlConfigError> {
    if list.len() > MAX_LIST_ENTRIES {
        return Err(UrlConfigError::Invalid(format!(
            "{what} has {} entries, the limit is {MAX_LIST_ENTRIES}",
            list.len()
        )));
    }
    Ok(())
}

fn host_set(what: &str, list: &[String]) -> Result<BTreeSet<String>, UrlConfigError> {
    check_len(what, list)?;
    Ok(list
        .iter()
        .map(|h| h.trim().trim_end_matches('.').to_ascii_lowercase())
        .filter(|h| !h.is_empty())
        .collect())
}

fn param_set(what: &str, list: &[String]) -> Result<BTreeSet<String>, UrlConfigError> {
    check_len(what, list)?;
    Ok(list
        .iter()
        .map(|n| norm_param(n))
        .filter(|n| !n.is_empty())
        .collect())
}

impl UrlPolicy {
    /// Compiles the settings.
    pub fn compile(cfg: &UrlConfig) -> Result<Self, UrlConfigError> {
        if cfg.max_url_len == 0 || cfg.max_url_len > MAX_MAX_URL_LEN {
            return Err(UrlConfigError::Invalid(format!(
                "max_url_len must be between 1 and {MAX_MAX_URL_LEN}"
            )));
        }
        if cfg.clean_host_cache > MAX_CLEAN_HOST_CACHE {
            return Err(UrlConfigError::Invalid(format!(
                "clean_host_cache must be at most {MAX_CLEAN_HOST_CACHE}"
            )));
        }
        check_len("protected_brands", &cfg.protected_brands)?;
        let mut brands = Vec::with_capacity(cfg.protected_brands.len());
        for b in &cfg.protected_brands {
            let name = b.trim().to_ascii_lowercase();
            if name.is_empty() || !name.bytes().all(|c| c.is_ascii_alphanumeric() || c == b'-') {
                return Err(UrlConfigError::Invalid(format!(
                    "protected brand `{b}` must be one ASCII label (letters, digits, `-`)"
                )));
            }
            let folded = host::fold(&name);
            let collapsed = host::collapse_runs(&folded);
            let long = name.chars().count() >= cfg.brand_min_len_for_edit.max(1);
            brands.push(Brand {
                name,
                folded,
                collapsed,
                long,
            });
        }
        let internal_suffixes = host_set("internal_suffixes", &cfg.internal_suffixes)?
            .into_iter()
            .map(|s| s.trim_start_matches('.').to_string())
            .collect();
        // In the order of the settings, so that the first list in error is the one reported.
        let http_dev_hosts = host_set("http_dev_hosts", &cfg.http_dev_hosts)?;
        let internal_hosts = host_set("internal_hosts", &cfg.internal_hosts)?;
        let domains = |what, list| -> Result<Vec<String>, UrlConfigError> {
            Ok(host_set(what, list)?
                .into_iter()
                .map(|s| s.trim_start_matches('.').to_string())
                .filter(|s| !s.is_empty())
                .collect())
        };
        let loopback_domains = domains("loopback_domains", &cfg.loopback_domains)?;
        let ip_echo_domains = domains("ip_echo_domains", &cfg.ip_echo_domains)?;
        let credential_params = param_set("credential_params", &cfg.credential_params)?;
        let credential_param_suffixes =
            param_set("credential_param_suffixes", &cfg.credential_param_suffixes)?
                .into_iter()
                .collect();
        let params = param_kinds(
            credential_params,
            param_set("weak_credential_params", &cfg.weak_credential_params)?,
            param_set("phone_params", &cfg.phone_params)?,
            param_set("redirect_params", &cfg.redirect_params)?,
        );
        query::prepare().map_err(|e| UrlConfigError::Invalid(e.into()))?;
        if cfg.top_sites {
            // Parsed now, not by the first link judged.
            let _ = top_sites::shipped();
        }
        Ok(UrlPolicy {
            max_url_len: cfg.max_url_len,
            http_dev_hosts,
            brand_index: host::BrandIndex::build(&brands),
            brands,
            brand_min_len_for_edit: cfg.brand_min_len_for_edit.max(1),
            internal_hosts,
            internal_suffixes,
            loopback_domains,
            ip_echo_domains,
            params,
            credential_param_suffixes,
            weak_credential_min_len: cfg.weak_credential_min_len,
            clean_hosts: clean_hosts::CleanHosts::new(cfg.clean_host_cache),
            top_sites: cfg.top_sites,
            idn_strict: cfg.idn_strict,
        })
    }

    /// The shipped list of well-known sites, when the policy uses it.
    fn top_sites(&self) -> Option<&'static top_sites::TopSites> {
        self.top_sites.then(top_sites::shipped)
    }

    /// The policy shipped in `policies/urls.yaml`.
    pub fn embedded_default() -> Result<Self, UrlConfigError> {
        UrlPolicy::compile(&UrlConfig::from_yaml(EMBEDDED_DEFAULT_YAML)?)
    }

    /// Judges one url-mode URL found at `ptr`.
    pub fn judge(&self, raw: &str, ptr: &str, route: &RouteUrlRules) -> UrlJudgement {
        let mut out = Findings::new(ptr);
        let mut links = 0;
        let parsed = match self.judge_into(raw, route, Depth::Top, &mut links, &mut out) {
            Some(Read::Parsed(url)) => Some(Canonical::Parsed(url)),
            Some(Read::Verbatim) => Some(Canonical::Verbatim(raw.to_owned())),
            None => None,
        };
        UrlJudgement {
            findings: out.into_vec(),
            parsed,
        }
    }

    /// Runs every check on `raw`, appending to `out`; returns how it was read when it parses. `links` counts
    /// the links found in parameters judged so far in this judgement, all levels together
    /// ([`MAX_NESTED_LINKS`]).
    fn judge_into(
        &self,
        raw: &str,
        route: &RouteUrlRules,
        depth: Depth,
        links: &mut usize,
        out: &mut Findings,
    ) -> Option<Read> {
        if raw.len() > self.max_url_len {
            out.push(
                rules::TOO_LONG,
                format!(
                    "the link is {} bytes long, over the limit of {}",
                    raw.len(),
                    self.max_url_len
                ),
            );
        }
        if simple_links_allowed() {
            if let Some(s) = simple::parse(raw) {
                // `raw::check` finds nothing in a simple link and reads its host as parsed (module doc of
                // `simple`), so it is not run; the rest runs on the same parts the `url` crate would give.
                self.judge_parts(
                    &Parts::of_simple(&s),
                    Some(s.host),
                    route,
                    depth,
                    links,
                    out,
                );
                return Some(Read::Verbatim);
            }
        }
        let raw_parts = raw::check(raw, out);
        let url = match Url::parse(raw) {
            Ok(u) => u,
            Err(e) => {
                out.push(
                    rules::INVALID,
                    format!("the link is not a valid absolute URL ({e})"),
                );
                return None;
            }
        };
        let raw_host = raw_parts.host.as_deref();
        if let (Some(t), Some(as_l), Some(lower)) =
            (self.top_sites(), raw_parts.host_i_as_l.as_deref(), raw_host)
        {
            host::capital_i(t, lower, as_l, out);
        }
        self.judge_parts(&Parts::of_url(&url), raw_host, route, depth, links, out);
        Some(Read::Parsed(url))
    }

    /// The checks after the parse: scheme, user info, host, route lists, path, query and fragment.
    /// `raw_host` is the host as written ([`raw::RawParts::host`]).
    fn judge_parts(
        &self,
        url: &Parts<'_>,
        raw_host: Option<&str>,
        route: &RouteUrlRules,
        depth: Depth,
        links: &mut usize,
        out: &mut Findings,
    ) {
        let scheme = url.scheme;
        let loopback_ok = matches!(
            depth,
            Depth::Nested {
                redirect_param: true,
                ..
            }
        ) && host::is_loopback_host(url.host.clone());
        let identifier_ok = matches!(
            depth,
            Depth::Nested {
                redirect_param: false,
                ..
            }
        );
        // A native app's redirect target in a redirect parameter: a private-use scheme in reverse-domain
        // form (`com.example.app:/oauth2redirect`, RFC 8252 7.1), which the browser hands to the app that
        // registered it, or the out-of-band marker some installed apps still send (`urn:ietf:wg:oauth:2.0:oob`).
        // Nothing is fetched there; host and query checks have nothing to read.
        let redirect_param = matches!(
            depth,
            Depth::Nested {
                redirect_param: true,
                ..
            }
        );
        if redirect_param && native_app_redirect(scheme, url.path) {
            return;
        }
        let scheme_ok = match scheme {
            "https" => true,
            // The host is lower-cased only here: `https` links (nearly all) do not need it.
            "http" => {
                loopback_ok
                    || identifier_ok
                    || url.host_str.is_some_and(|h| {
                        let h = h.trim_end_matches('.').to_ascii_lowercase();
                        self.http_dev_hosts.contains(&h)
                    })
            }
            _ => false,
        };
        if !scheme_ok {
            out.push(
                rules::SCHEME,
                format!("the link uses the `{scheme}:` scheme; only https links are allowed"),
            );
        }
        if scheme != "https" && scheme != "http" {
            // Host, query and path checks mean nothing for `javascript:` or `data:`.
            return;
        }
        if url.userinfo {
            out.push(
                rules::USERINFO,
                "the link has a user name or password before the host, which hides the real host",
            );
        }
        if let Some(h) = url.host.clone() {
            if !loopback_ok {
                host::check(self, h, raw_host, out);
                if let Some(t) = self.top_sites() {
                    let before = out.pushes;
                    path_bait::judge(t, url, self.brand_min_len_for_edit, out);
                    // A site builder's site named in the path (`sites.google.com/view/<site>`), judged
                    // as a hosting service's page label when the path rules found nothing.
                    if out.pushes == before {
                        host::path_site_checks(self, url, out);
                    }
                }
            }
            domain_lists(url, route, out);
        }
        device_code::check(url, out);
        query::check(self, url, route, depth, links, out);
    }
}

/// Whether a redirect target with this scheme and path is a native app's ([`UrlPolicy::judge_parts`]): a
/// private-use scheme of reverse-domain form (a dot in it, RFC 8252 7.1; `javascript`, `data` and the
/// other schemes browsers run or render have none), or OAuth's out-of-band marker.
fn native_app_redirect(scheme: &str, path: &str) -> bool {
    let private_use = scheme.contains('.')
        && scheme
            .split('.')
            .all(|l| !l.is_empty() && l.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-'));
    let oob = scheme == "urn"
        && (path == "ietf:wg:oauth:2.0:oob" || path == "ietf:wg:oauth:2.0:oob:auto");
    private_use || oob
}

/// Whether a URL is the one a person was sent, or a link found in a parameter of one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Depth {
    Top,
    /// A link in a parameter of the link `level - 1` deep (1: of the link a person was sent); links are
    /// judged at most [`MAX_NESTED_DEPTH`] deep.
    Nested {
        level: usize,
        /// Found in a listed redirect parameter: loopback targets are the normal native-app flow there
        /// (RFC 8252), and the browser goes there next, so plain `http` is refused. Under any other name a
        /// value may be a link or an identifier that is never visited (`acr_values`, XML namespaces, most
        /// with `http://`), so its host is judged but not its plain-`http` scheme, and loopback gets no
        /// allowance.
        redirect_param: bool,
    },
}

impl Depth {
    /// How many links deep this URL is (0: the link a person was sent).
    fn level(self) -> usize {
        match self {
            Depth::Top => 0,
            Depth::Nested { level, .. } => level,
        }
    }
}

/// Findings being collected for one URL: bounded, without exact duplicates.
struct Findings {
    ptr: String,
    items: Vec<Finding>,
    /// Calls to [`Findings::push`], kept or not (a repeat or one past [`MAX_FINDINGS`] is not kept): a check
    /// that made none found nothing, whatever was found before it.
    pushes: usize,
}

impl Findings {
    fn new(ptr: &str) -> Self {
        Findings {
            ptr: ptr.to_string(),
            items: Vec::new(),
            pushes: 0,
        }
    }

    fn push(&mut self, rule: &str, message: impl Into<String>) {
        self.pushes += 1;
        let message = message.into();
        if self.items.len() >= MAX_FINDINGS
            || self
                .items
                .iter()
                .any(|f| f.rule == rule && f.message == message)
        {
            return;
        }
        self.items
            .push(Finding::block(rule, self.ptr.clone(), message));
    }

    fn into_vec(self) -> Vec<Finding> {
        self.items
    }
}

/// The registrable domain (ASCII) of a host name, from the public suffix list.
fn registrable(host: &str) -> Option<String> {
    psl::domain_str(host).map(str::to_string)
}

fn view_of(url: &Url) -> UrlView {
    let host_ascii = url.host_str().map(str::to_string);
    let domain = url.domain().map(|d| d.trim_end_matches('.').to_string());
    let host_unicode = host_ascii.as_deref().map(|h| match url.domain() {
        Some(_) => idna::domain_to_unicode(h).0,
        None => h.to_string(),
    });
    let registrable_domain = domain.as_deref().and_then(registrable);
    let registrable_domain_unicode = registrable_domain
        .as_deref()
        .map(|d| idna::domain_to_unicode(d).0);
    UrlView {
        canonical: Some(url.as_str().to_string()),
        host_unicode,
        host_ascii,
        registrable_domain,
        registrable_domain_unicode,
    }
}

/// Whether one list entry matches a host (`*.suffix` or exact host / registrable domain).
fn entry_matches(entry: &str, host: &str, reg: Option<&str>) -> bool {
    let entry = entry.trim().trim_end_matches('.').to_ascii_lowercase();
    if let Some(suffix) = entry.strip_prefix("*.") {
        return host.len() > suffix.len() + 1
            && host.ends_with(suffix)
            && host.as_bytes().get(host.len() - suffix.len() - 1) == Some(&b'.');
    }
    !entry.is_empty() && (entry == host || reg == Some(entry.as_str()))
}

fn domain_lists(url: &Parts<'_>, route: &RouteUrlRules, out: &mut Findings) {
    if route.deny.is_empty() && route.allow.is_empty() {
        return;
    }
    let Some(host) = url.host_str else { return };
    let host = host.trim_end_matches('.').to_ascii_lowercase();
    let reg = url
        .domain()
        .and_then(|d| registrable(d.trim_end_matches('.')));
    let reg = reg.as_deref();
    if let Some(e) = route.deny.iter().find(|e| entry_matches(e, &host, reg)) {
        out.push(
            rules::DOMAIN_DENIED,
            format!("the host `{host}` is on this route's deny list (`{e}`)"),
        );
    }
    if !route.allow.is_empty() && !route.allow.iter().any(|e| entry_matches(e, &host, reg)) {
        out.push(
            rules::DOMAIN_NOT_ALLOWED,
            format!("the host `{host}` is not on this route's allow list"),
        );
    }
}
