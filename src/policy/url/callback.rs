//! Where a sign-in request sends its grant, judged as a destination: the callback of an OAuth 2.0 /
//! OpenID Connect authorization request (`redirect_uri`), or its logout return address.
//!
//! The provider's authorize page is genuine; what makes such a link hostile is where the code (and with
//! it the consent the user gives) goes next. These readings are added here to the generic destination
//! checks ([`super::query`] calls them):
//! - a callback that can reach no one: a name reserved for documentation and testing (RFC 2606, RFC 6761:
//!   `.example`, `.invalid`, `.test`; `.localhost` is loopback) is a placeholder, not an internal host, and
//!   a private-use scheme (`fb123://authorize`, `sfdc://success`, RFC 8252 7.1) hands the code to an
//!   installed app, not to a site ([`reserved_name`], [`private_use_scheme`]);
//! - consent phishing: a request for a dangerous scope (a mailbox, every file, write access to every
//!   repository) whose callback's name is made of bait words, a security product's or a shared
//!   document's (`secure-docs-viewer`, `gh-security-scanner`) ([`dangerous_scope`], [`consent_bait`]);
//! - a callback on a public tunnel (`*.ngrok.io`, `*.trycloudflare.com`), or one the request is built to
//!   bounce to without showing anything (`prompt=none`, an invalid scope: the provider's error redirect
//!   used as a redirector) ([`tunnel`], [`error_redirect`]);
//! - a callback on a look-alike of the organisation whose sign-in page it is (`sso.<org>.de` sending to
//!   `<org>-webmail.com`): the page the user trusts, imitated, whatever the brand lists say
//!   ([`imitates_org`]).

use smallvec::SmallVec;

use super::top_sites;

/// Top-level domains that never resolve on the Internet and are reserved for documentation and tests
/// (RFC 2606 section 2, RFC 6761 sections 6.2, 6.4, 6.5). `localhost` (6.3) is loopback and judged as such.
const RESERVED_TLDS: &[&str] = &["example", "invalid", "test"];

/// Whether a host name (ASCII, lowercase, without a trailing dot) is under a top-level domain reserved
/// for documentation and tests ([`RESERVED_TLDS`]): a callback there sends the code to no one.
/// `example.com`, `.net` and `.org` are reserved too (RFC 2606 section 3) but are public names, which
/// the destination checks pass already.
pub(super) fn reserved_name(host: &str) -> bool {
    let host = host.trim_end_matches('.');
    let tld = host.rsplit('.').next().unwrap_or(host);
    host.contains('.') && RESERVED_TLDS.iter().any(|t| tld.eq_ignore_ascii_case(t))
}

/// Schemes that run code, render a document, open a file or share, launch an operating system's handler
/// with arguments, or send the link's contents to someone (mail, messages): not an app's callback, even
/// in a sign-in request. Schemes starting `ms-` or `microsoft-` (Windows handlers: `ms-msdt:`,
/// `ms-officecmd:`) and `search` are refused by prefix.
const UNSAFE_SCHEMES: &[&str] = &[
    "javascript",
    "vbscript",
    "livescript",
    "jscript",
    "data",
    "file",
    "blob",
    "filesystem",
    "about",
    "view-source",
    "intent",
    "android-app",
    "jar",
    "mhtml",
    "mk",
    "res",
    "its",
    "shell",
    "hcp",
    "help",
    "smb",
    "cifs",
    "nfs",
    "afp",
    "ftp",
    "ftps",
    "sftp",
    "dav",
    "davs",
    "webdav",
    "ldap",
    "ldaps",
    "gopher",
    "telnet",
    "ssh",
    "rdp",
    "vnc",
    "ws",
    "wss",
    "chrome",
    "chrome-extension",
    "moz-extension",
    "edge",
    "resource",
    "wyciwyg",
    "mailto",
    "sms",
    "smsto",
    "mms",
    "tel",
    "callto",
    "http",
    "https",
];

/// Whether `scheme` (lowercase) is a private-use scheme a native app registers for its sign-in callback
/// (`fb1234567890`, `kakao0a1b`, `sfdc`, `myapp`, `db-abc123`): letters, digits, `+`, `-` and `.`,
/// starting with a letter, and none of the [`UNSAFE_SCHEMES`]. The browser hands the link to the app
/// that claims the scheme; no site receives the code. `http` and `https` are web links, judged as such.
pub(super) fn private_use_scheme(scheme: &str) -> bool {
    scheme.starts_with(|c: char| c.is_ascii_lowercase())
        && scheme.bytes().all(|b| {
            b.is_ascii_lowercase() || b.is_ascii_digit() || matches!(b, b'+' | b'-' | b'.')
        })
        && !UNSAFE_SCHEMES.contains(&scheme)
        && !scheme.starts_with("ms-")
        && !scheme.starts_with("microsoft-")
        && !scheme.starts_with("search")
}

/// Scopes (lowercase, after [`scope_name`]) that hand over a mailbox, a whole drive or site collection,
/// a directory, or write access to an organisation's code, by exact name.
const DANGEROUS_SCOPES: &[&str] = &[
    // Microsoft Graph and Exchange Online.
    "mailboxsettings.readwrite",
    "user.readwrite.all",
    "user.read.all",
    "group.readwrite.all",
    "application.readwrite.all",
    "approleassignment.readwrite.all",
    "rolemanagement.readwrite.directory",
    "ews.accessasuser.all",
    "full_access_as_user",
    "imap.accessasuser.all",
    "pop.accessasuser.all",
    "smtp.send",
    "exchange.manage",
    "user_impersonation",
    // Google (`https://www.googleapis.com/auth/` taken off; `https://mail.google.com/` is the whole mailbox).
    "google:mail",
    "google:drive",
    "google:drive.readonly",
    "google:cloud-platform",
    "google:contacts",
    // GitHub.
    "repo",
    "public_repo",
    "workflow",
    "delete_repo",
    "admin:org",
    "write:org",
    "admin:repo_hook",
    "admin:org_hook",
    "admin:public_key",
    "write:public_key",
    "admin:gpg_key",
    "write:packages",
    "delete:packages",
    "admin:enterprise",
    "codespace",
    // GitLab.
    "api",
    "write_repository",
    "sudo",
    "admin_mode",
    // Bitbucket.
    "repository:write",
    "repository:admin",
    // Slack: every message of every conversation, every file.
    "channels:history",
    "groups:history",
    "im:history",
    "mpim:history",
    "files:read",
    "client",
    "admin",
    // Dropbox, Box.
    "files.content.read",
    "files.content.write",
    "root_readwrite",
    "manage_enterprise",
    // Salesforce.
    "full",
];

/// Scope prefixes (lowercase, after [`scope_name`]) of the same kinds: every Graph mail, file, site,
/// notes, contacts, chat and directory permission, every Gmail and Google admin scope, Okta's
/// management scopes.
const DANGEROUS_SCOPE_PREFIXES: &[&str] = &[
    "mail.",
    "files.read",
    "sites.",
    "notes.readwrite",
    "contacts.",
    "chat.",
    "channelmessage",
    "directory.",
    "google:gmail.",
    "google:admin.",
];

/// Scopes read as dangerous by prefix but that reach only the app's own corner.
const NARROW_SCOPES: &[&str] = &["files.readwrite.appfolder"];

/// A scope as compared with [`DANGEROUS_SCOPES`]: lowercase, a Graph or Outlook resource prefix taken
/// off (`https://graph.microsoft.com/Mail.Read`), Google's scope URLs shortened to `google:` and the
/// name (`https://www.googleapis.com/auth/drive` to `google:drive`; `https://mail.google.com/` to
/// `google:mail`), Okta's `okta.` scopes as they are.
fn scope_name(scope: &str) -> String {
    let s = scope.trim().to_ascii_lowercase();
    let s = s.trim_end_matches('/');
    if s == "https://mail.google.com" {
        return "google:mail".to_owned();
    }
    if let Some(rest) = s.strip_prefix("https://www.googleapis.com/auth/") {
        return format!("google:{rest}");
    }
    for resource in [
        "https://graph.microsoft.com/",
        "https://outlook.office.com/",
        "https://outlook.office365.com/",
        "https://management.azure.com/",
        "https://management.core.windows.net/",
    ] {
        if let Some(rest) = s.strip_prefix(resource) {
            return rest.trim_start_matches('/').to_owned();
        }
    }
    s.to_owned()
}

/// The first dangerous scope a sign-in request asks for (`scope` and Slack's `user_scope`, separated by
/// spaces, commas or `+`), as written; `values` are the request's `(name, value)` pairs, names in
/// [`super::norm_param`] form.
pub(super) fn dangerous_scope<'a>(
    values: impl Iterator<Item = (&'a str, &'a str)>,
) -> Option<String> {
    let mut admin = None;
    let found = values
        .filter(|(k, v)| {
            // A bot installed with Discord's `permissions` bit field holding Administrator (`0x8`):
            // every permission on the server, whatever the scope says.
            if *k == "permissions" {
                if v.trim()
                    .parse::<u64>()
                    .is_ok_and(|p| p & DISCORD_ADMINISTRATOR != 0)
                {
                    admin = Some(format!("permissions={} (Administrator)", v.trim()));
                }
                return false;
            }
            matches!(*k, "scope" | "userscope")
        })
        .flat_map(|(_, v)| v.split([' ', ',', '+']))
        .find(|s| {
            let n = scope_name(s);
            !n.is_empty()
                && !NARROW_SCOPES.contains(&n.as_str())
                && (DANGEROUS_SCOPES.contains(&n.as_str())
                    || DANGEROUS_SCOPE_PREFIXES.iter().any(|p| n.starts_with(p))
                    || (n.starts_with("okta.") && n.ends_with(".manage")))
        })
        .map(|s| s.trim().to_owned());
    found.or(admin)
}

/// Discord's Administrator permission bit: a bot that holds it holds every permission of the server.
const DISCORD_ADMINISTRATOR: u64 = 0x8;

/// Words an illicit-consent app takes for its name to pass for a security product or a shared
/// document's viewer: what the user is told the access is for. The sign-in words ([`SIGN_IN_WORDS`])
/// count as well.
const CONSENT_BAIT_WORDS: &[&str] = &[
    "scanner",
    "scan",
    "secured",
    "protect",
    "protection",
    "protector",
    "defender",
    "defense",
    "guard",
    "shield",
    "antivirus",
    "antispam",
    "antiphishing",
    "audit",
    "compliance",
    "alert",
    "alerts",
    "quarantine",
    "threat",
    "malware",
    "phishing",
    "encrypted",
    "encrypt",
    "viewer",
    "view",
    "reader",
    "preview",
    "pdf",
    "doc",
    "docs",
    "document",
    "documents",
    "file",
    "files",
    "share",
    "shared",
    "sharing",
    "attachment",
    "attachments",
    "invoice",
    "invoices",
    "voicemail",
    "fax",
    "efax",
    "esign",
    "mailbox",
    "inbox",
    "webmail",
    "mail",
    "message",
    "messages",
];

/// Words of a sign-in step, bait in a consent app's name and beside an organisation's name alike. Not
/// the whole list of host lure words ([`top_sites::LURE_WORDS`]): `portal`, `online`, `service` and
/// `client` name real apps and an organisation's own second domains too.
const SIGN_IN_WORDS: &[&str] = &[
    "login",
    "logon",
    "signin",
    "signon",
    "sso",
    "auth",
    "oauth",
    "reauth",
    "mfa",
    "2fa",
    "otp",
    "verify",
    "verification",
    "verified",
    "validate",
    "validation",
    "confirm",
    "secure",
    "security",
    "unlock",
    "recovery",
    "recover",
    "reset",
    "password",
    "passwort",
    "account",
    "accounts",
    "update",
];

/// Names and abbreviations of the providers whose consent is phished (`gh-`, `o365-`, `google-`): an app
/// named after the provider beside bait claims to be the provider's own. The provider of the request at
/// hand counts by its registrable label too.
const PROVIDER_NAMES: &[&str] = &[
    "gh",
    "github",
    "gitlab",
    "ms",
    "msft",
    "microsoft",
    "o365",
    "m365",
    "ms365",
    "office",
    "office365",
    "microsoft365",
    "outlook",
    "onedrive",
    "sharepoint",
    "teams",
    "azure",
    "azuread",
    "aad",
    "entra",
    "google",
    "gmail",
    "gdrive",
    "gsuite",
    "gws",
    "slack",
    "dropbox",
    "docusign",
    "adobe",
    "acrobat",
    "okta",
    "salesforce",
    "zoom",
];

/// Most words [`bait_words`] splits one glued label part into.
const MAX_GLUED_WORDS: usize = 4;

/// Whether `w` is a bait word by itself: a consent lure, a sign-in word, a provider's name.
fn bait_word(w: &str) -> bool {
    CONSENT_BAIT_WORDS.contains(&w)
        || SIGN_IN_WORDS.contains(&w)
        || PROVIDER_NAMES.contains(&w)
        // A giveaway's prize words (`claim`, `gift`, `bonus`): the bot or app that promises a reward
        // for a grant of everything.
        || top_sites::REWARD_WORDS.contains(&w)
}

/// How many bait words `part` is made of when it is nothing else, glued (`securedocs`: 2), at most
/// [`MAX_GLUED_WORDS`]; 0 when some of it is no bait word. Words of three letters or more only, so that
/// a glued name is not read as bait by its syllables.
fn glued_bait(part: &str) -> usize {
    if part.len() > 48 || !part.is_ascii() {
        return 0;
    }
    // best[i]: fewest words covering part[..i], when it can be covered.
    let n = part.len();
    let mut best: SmallVec<[Option<usize>; 49]> = SmallVec::from_elem(None, n + 1);
    if let Some(b) = best.first_mut() {
        *b = Some(0);
    }
    for end in 1..=n {
        for start in 0..end {
            let (Some(Some(prev)), Some(w)) = (best.get(start).copied(), part.get(start..end))
            else {
                continue;
            };
            if w.len() >= 3 && bait_word(w) {
                let cand = prev + 1;
                if let Some(slot) = best.get_mut(end) {
                    if slot.is_none_or(|b| cand < b) {
                        *slot = Some(cand);
                    }
                }
            }
        }
    }
    best.get(n)
        .copied()
        .flatten()
        .filter(|&k| k <= MAX_GLUED_WORDS)
        .unwrap_or(0)
}

/// How many bait words a registrable label (`secure-docs-viewer`) is made of: each hyphen-separated part
/// that is a bait word or the request's provider (`provider`, its registrable label), or that is bait
/// words glued together (`securedocs`: 2). A part with a word of its own counts for nothing.
pub(super) fn bait_words(label: &str, provider: &str) -> usize {
    label
        .split('-')
        .map(|p| {
            if bait_word(p) || p == provider {
                1
            } else {
                glued_bait(p)
            }
        })
        .sum()
}

/// Why a callback's registrable domain (`label` and `suffix`, the public suffix) is an illicit-consent
/// app's, given the dangerous scope the request asks for: its name is made of two bait words or more
/// ([`bait_words`]: `secure-docs-viewer.online`, `gh-security-scanner.app`), or of one under a
/// generic top-level domain of the new rounds ([`top_sites::generic_tld`]: `doc-review.cloud`). A real
/// app that asks for a mailbox or every repository goes by a name of its own (`fabrikam-tools`,
/// `buildkite-mirror`). Two bait words glued into one (`mailguard`, `securedocs`) under an older or a
/// country's top-level domain are a product's brand as often as a lure (real mail-security and
/// data-room products, which ask for exactly these scopes, are named so): they count from three
/// (`securefileshare.co`), or set apart by a hyphen, or under a new generic top-level domain.
pub(super) fn consent_bait(
    provider: &str,
    label: &str,
    suffix: &str,
    scope: &str,
) -> Option<String> {
    let n = bait_words(label, provider);
    let generic = top_sites::generic_tld(suffix);
    let brand_like = !label.contains('-') && n < 3 && !generic;
    let hostile = (n >= 2 && !brand_like) || (n == 1 && generic);
    hostile.then(|| {
        format!(
            "asks for `{scope}` and hands the grant to `{label}.{suffix}`, a name made of bait words (a security product's, a shared document's), not an app's own"
        )
    })
}

/// Words of the services an organisation's people sign in to, which beside its name in another
/// registrable domain make that domain the organisation's look-alike (`<org>-webmail.com`,
/// `<org>-vpn.net`), with the sign-in words ([`SIGN_IN_WORDS`]: `<org>-login.com`). A name beside other
/// words (`<org>-portal`, `<org>-dashboard`, `<org>-services`) may be the organisation's own second
/// domain or an app's, and is not read.
const ORG_SERVICE_WORDS: &[&str] = &[
    "webmail",
    "mail",
    "email",
    "owa",
    "outlook",
    "exchange",
    "vpn",
    "remote",
    "citrix",
    "helpdesk",
    "servicedesk",
    "itsupport",
    "support",
    "payroll",
];

/// Whether a word left beside an organisation's name is one of its sign-in services or steps: a listed
/// word, or a part that starts or ends with one of four letters or more (`webmailer`, `reauthorize`).
fn service_word(w: &str) -> bool {
    let listed = |s: &&str| {
        *s == w || (s.len() >= 4 && w.len() > s.len() && (w.starts_with(*s) || w.ends_with(*s)))
    };
    ORG_SERVICE_WORDS.iter().any(listed) || SIGN_IN_WORDS.iter().any(listed)
}

/// Shortest organisation name read in another domain: shorter names are initials many share.
const MIN_ORG: usize = 4;

/// The organisation name among `names` (the sign-in host's registrable label and its tenant's label)
/// that the callback's registrable label imitates: the label holds the name, glued or hyphenated, plus
/// a sign-in service's word ([`service_word`]), and is not the name itself (`<org>.com` beside
/// `sso.<org>.de` is the organisation's other domain).
///
/// `elsewhere`: the callback is under a generic top-level domain of the new rounds that the sign-in
/// host is not under (`cern-indico.help` for `auth.cern.ch`): there the name beside any other word set
/// apart by a hyphen is the look-alike. An organisation's second domains are under its own or the
/// legacy endings; one registered under `.help`, `.support`, `.cloud` with its name and an app's is
/// what a phisher buys for its callback.
pub(super) fn imitates_org<'a>(names: &[&'a str], label: &str, elsewhere: bool) -> Option<&'a str> {
    let parts: SmallVec<[&str; 8]> = label.split('-').collect();
    let flat_label: String = parts.concat();
    names.iter().copied().find(|name| {
        let flat: String = name.chars().filter(|&c| c != '-').collect();
        // Whether hyphenated or glued, the name's letters run together in the label: most callbacks
        // (an app's own name) hold no organisation's, and are told so before the word lists are walked.
        if flat.len() < MIN_ORG
            || flat == flat_label
            || !flat_label.contains(flat.as_str())
            || top_sites::LURE_WORDS.contains(&flat.as_str())
            || top_sites::AFFIX_WORDS.contains(&flat.as_str())
        {
            return false;
        }
        let name_parts = name.split('-').count();
        // The name as hyphenated parts of the label (`hafen-nord-mail`): the other parts are the rest.
        let hyphenated = (0..parts.len()).find_map(|at| {
            let span = parts.get(at..at + name_parts)?;
            (span.join("-") == *name).then(|| {
                parts
                    .iter()
                    .enumerate()
                    .filter(|(i, _)| !(at..at + name_parts).contains(i))
                    .any(|(_, w)| {
                        service_word(w)
                            // A sign-in step's word (`<org>-payroll-update`): the page asks the
                            // organisation's people to sign in or confirm, on a domain not its own.
                            || top_sites::sign_in_lure(w)
                            || (elsewhere && w.len() >= 2 && !w.bytes().all(|b| b.is_ascii_digit()))
                    })
            })
        });
        // The name glued inside one part (`globexvpn`, `login-tugraz`): what the part adds, and the others.
        let glued = || {
            parts.iter().enumerate().any(|(i, p)| {
                p.find(flat.as_str()).is_some_and(|at| {
                    let before = p.get(..at).unwrap_or("");
                    let after = p.get(at + flat.len()..).unwrap_or("");
                    [before, after]
                        .iter()
                        .filter(|w| !w.is_empty())
                        .any(|w| service_word(w))
                        || parts
                            .iter()
                            .enumerate()
                            .any(|(j, w)| j != i && service_word(w))
                })
            })
        };
        hyphenated.unwrap_or_else(glued)
    })
}

/// Domains of public tunnel services: anyone opens `<random>.<domain>` in seconds and it forwards to a
/// machine anywhere. A sign-in callback there hands the code to whoever runs the tunnel, an address no
/// app registration stands behind for long.
const TUNNEL_DOMAINS: &[&str] = &[
    "ngrok.io",
    "ngrok.app",
    "ngrok.dev",
    "ngrok-free.app",
    "ngrok-free.dev",
    "trycloudflare.com",
    "loca.lt",
    "localtunnel.me",
    "serveo.net",
    "serveousercontent.com",
    "localhost.run",
    "lhr.life",
    "lhr.rocks",
    "pinggy.link",
    "pinggy.online",
    "pinggy.io",
    "devtunnels.ms",
    "tunnelmole.net",
    "bore.pub",
    "telebit.io",
    "pagekite.me",
    "loclx.io",
    "localto.net",
    "sharedwithexpose.com",
    "playit.gg",
];

/// The tunnel service `host` (ASCII, lowercase, no trailing dot) is a name under, if any.
pub(super) fn tunnel(host: &str) -> Option<&'static str> {
    TUNNEL_DOMAINS.iter().copied().find(|t| {
        host.strip_suffix(t)
            .is_some_and(|h| h.ends_with('.') && h.len() > 1)
    })
}

/// How a sign-in request is built to bounce the browser straight to its callback ([`error_redirect`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(super) enum Bounce {
    /// `prompt=none`: the provider shows nothing and answers at once, a code or an error. Real apps
    /// send it too (a silent sign-in to an app already consented to), so it counts only with a weak
    /// destination ([`weak_destination`]).
    Silent,
    /// A scope that says it is invalid: no app asks for one but to get the provider's error redirect.
    InvalidScope,
}

impl Bounce {
    /// The reason, for a finding's message.
    pub(super) fn why(self) -> &'static str {
        match self {
            Bounce::Silent => "asks the provider to show nothing (`prompt=none`)",
            Bounce::InvalidScope => "asks for a scope that says it is invalid",
        }
    }
}

/// How a sign-in request is built to bounce the browser straight to its callback, if it is: it asks the
/// provider to show nothing (`prompt=none`) or names a scope that says it is invalid (`invalid_scope`),
/// the latter first when it does both. A link a person is sent to sign in shows them the provider's
/// page; one that cannot is an error redirect, the provider's trusted address used as a redirector to
/// the attacker's registered callback. `values` are the request's `(name, value)` pairs, names in
/// [`super::norm_param`] form.
pub(super) fn error_redirect<'a>(
    values: impl Iterator<Item = (&'a str, &'a str)>,
) -> Option<Bounce> {
    values
        .filter_map(|(k, v)| match k {
            "prompt" if v.split([' ', '+']).any(|p| p.eq_ignore_ascii_case("none")) => {
                Some(Bounce::Silent)
            }
            "scope"
                if v.split([' ', ',', '+'])
                    .any(|s| s.to_ascii_lowercase().contains("invalid")) =>
            {
                Some(Bounce::InvalidScope)
            }
            _ => None,
        })
        .max()
}

/// Whether a callback's registrable label (`label`: `secure-docs` of `secure-docs.com`) is a weak
/// destination for a request that asks to be passed straight there (`prompt=none`): a word of it is
/// bait (a consent lure, a sign-in word, a provider's name or `provider`'s, [`bait_words`]) or a
/// protected name (`office365-docs`). Only the label the registrant chose counts: an app's own
/// sign-in hosts are named `auth.`, `login.`, `sso.` as a matter of course. A hosting service's or
/// an abused top-level domain's names are weak whatever their words (the caller's).
pub(super) fn weak_destination(top: &top_sites::TopSites, provider: &str, label: &str) -> bool {
    bait_words(label, provider) > 0
        || label
            .split('-')
            .any(|p| p.len() >= top_sites::MIN_SKELETON && top.exact(p).is_some_and(|b| !b.tail))
}

/// Whether a callback's name in front of its public suffix (`front`: `dashboard.mee6` of
/// `dashboard.mee6.xyz`) is an app's own plain name: one word for the registrable label (no hyphen),
/// and no word of any label bait ([`bait_word`], glued bait, `provider`), a host lure
/// ([`top_sites::is_lure`]) or a protected name (not of the list's long tail: `dash`, `app`). Under an abused top-level domain, a plain name adds
/// nothing the provider's consent screen, which names the app, does not already show; composed names
/// (`callback-collector.top`, `slack-app.webgate.cfd`) are the throwaway kind.
pub(super) fn plain_app_name(top: &top_sites::TopSites, provider: &str, front: &str) -> bool {
    let label = front.rsplit('.').next().unwrap_or(front);
    !label.contains('-')
        && front.split(['.', '-']).all(|p| {
            !p.is_empty()
                && !bait_word(p)
                && p != provider
                && glued_bait(p) == 0
                && !top_sites::is_lure(p)
                && top.exact(p).is_none_or(|b| b.tail)
        })
}

/// Whether `host` (ASCII, lowercase) is under a public suffix of the public suffix list's private
/// section: a hosting or app platform's domain (`onrender.com`, `vercel.app`, `netlify.app`,
/// `herokuapp.com`, `pages.dev`, `workers.dev`, `web.app`, `glitch.me`, `repl.co`), where anyone gets
/// a name in seconds. A maintained list: new platforms are added there by their operators.
pub(super) fn hosting_suffix(host: &str) -> bool {
    psl::suffix(host.as_bytes())
        .and_then(|s| s.typ())
        .is_some_and(|t| t == psl::Type::Private)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tunnels_and_error_redirects() {
        assert_eq!(tunnel("ab12.ngrok.io"), Some("ngrok.io"));
        assert_eq!(
            tunnel("quiet-lake.trycloudflare.com"),
            Some("trycloudflare.com")
        );
        assert_eq!(tunnel("trycloudflare.com"), None);
        assert_eq!(tunnel("myngrok.io"), None);
        assert_eq!(tunnel("app.acme.com"), None);
        let q = |k: &'static str, v: &'static str| {
            error_redirect([("clientid", "1"), (k, v)].into_iter())
        };
        assert!(q("prompt", "none").is_some());
        assert!(q("prompt", "login none").is_some());
        assert!(q("scope", "openid invalid.scope").is_some());
        assert_eq!(
            error_redirect(
                [
                    ("prompt", "none"),
                    ("scope", "x.invalid"),
                    ("clientid", "1")
                ]
                .into_iter()
            ),
            Some(Bounce::InvalidScope)
        );
        assert_eq!(q("prompt", "none"), Some(Bounce::Silent));
        assert!(q("prompt", "select_account").is_none());
        assert!(q("prompt", "consent").is_none());
        assert!(q("scope", "openid email").is_none());
    }

    #[test]
    fn reserved_names_are_placeholders() {
        for h in [
            "shop.example",
            "api.acme.test",
            "x.invalid",
            "a.b.EXAMPLE.",
            "cb.test.",
        ] {
            assert!(reserved_name(h), "{h}");
        }
        for h in [
            "example",
            "example.com",
            "example.de",
            "testing.io",
            "attest",
            "my-test.com",
            "invalid.net",
        ] {
            assert!(!reserved_name(h), "{h}");
        }
    }

    #[test]
    fn app_schemes_and_unsafe_ones() {
        for s in [
            "fb987654321",
            "kakao9f8e",
            "sfdc",
            "myapp",
            "db-x1y2",
            "com.acme.app",
            "x-callback-url",
        ] {
            assert!(private_use_scheme(s), "{s}");
        }
        for s in [
            "javascript",
            "data",
            "file",
            "intent",
            "ms-msdt",
            "ms-officecmd",
            "microsoft-edge",
            "search-ms",
            "mailto",
            "http",
            "https",
            "1app",
            "my app",
            "",
        ] {
            assert!(!private_use_scheme(s), "{s}");
        }
    }

    fn scope_of(v: &str) -> Option<String> {
        dangerous_scope([("clientid", "x"), ("scope", v)].into_iter())
    }

    #[test]
    fn dangerous_scopes_by_provider() {
        assert_eq!(
            scope_of("openid profile https://graph.microsoft.com/Mail.Send").as_deref(),
            Some("https://graph.microsoft.com/Mail.Send")
        );
        assert_eq!(
            scope_of("Sites.Read.All offline_access").as_deref(),
            Some("Sites.Read.All")
        );
        assert_eq!(
            scope_of("https://www.googleapis.com/auth/gmail.modify").as_deref(),
            Some("https://www.googleapis.com/auth/gmail.modify")
        );
        assert_eq!(
            scope_of("https://mail.google.com/").as_deref(),
            Some("https://mail.google.com/")
        );
        assert_eq!(
            scope_of("read:user,admin:org").as_deref(),
            Some("admin:org")
        );
        assert_eq!(scope_of("read_user+api").as_deref(), Some("api"));
        assert_eq!(
            scope_of("okta.groups.manage").as_deref(),
            Some("okta.groups.manage")
        );
        assert_eq!(
            dangerous_scope([("scope", "commands"), ("userscope", "im:history")].into_iter())
                .as_deref(),
            Some("im:history")
        );
        for benign in [
            "openid email profile offline_access",
            "https://www.googleapis.com/auth/drive.file https://www.googleapis.com/auth/calendar.events",
            "read:user user:email read:org",
            "Files.ReadWrite.AppFolder User.Read",
            "chat:write,commands,incoming-webhook",
            "https://graph.microsoft.com/.default",
            "tweet.read users.read offline.access",
        ] {
            assert_eq!(scope_of(benign), None, "{benign}");
        }
    }

    #[test]
    fn glued_bait_needs_every_letter() {
        assert_eq!(glued_bait("securedocs"), 2);
        assert_eq!(glued_bait("pdfviewer"), 2);
        assert_eq!(glued_bait("mailguard"), 2);
        assert_eq!(glued_bait("photovault"), 0);
        assert_eq!(glued_bait("designsync"), 0);
        assert_eq!(glued_bait("docsbot"), 0);
    }

    #[test]
    fn consent_bait_names_and_own_names() {
        for (label, suffix) in [
            ("mailbox-protect", "com"),
            ("o365-quarantine", "net"),
            ("securefileshare", "co"),
            ("invoice-preview", "io"),
            ("pdf-reader", "site"),
            ("docview", "cloud"),
            ("scanner", "tech"),
            ("gh-scan", "com"),
        ] {
            assert!(
                consent_bait("microsoftonline", label, suffix, "Mail.Read").is_some(),
                "{label}.{suffix}"
            );
        }
        for (label, suffix) in [
            ("fabrikam-tools", "com"),
            ("mirror", "dev"),
            ("acme-online", "app"),
            ("customer-portal", "cloud"),
            ("buildkite-mirror", "dev"),
            ("photovault", "app"),
            ("teamrhythm", "app"),
            ("contractflow", "com"),
            ("ledgerbridge", "com"),
            ("mailchimp-sync", "com"),
            ("docs", "com"),
        ] {
            assert!(
                consent_bait("github", label, suffix, "repo").is_none(),
                "{label}.{suffix}"
            );
        }
    }

    #[test]
    fn glued_bait_brands_need_a_third_word_or_a_new_tld() {
        // Mail-security and data-room products named by two glued bait words, on their own domains.
        for (label, suffix) in [
            ("mailguard", "com.au"),
            ("securedocs", "com"),
            ("docshield", "de"),
        ] {
            assert!(
                consent_bait("microsoftonline", label, suffix, "Mail.Read").is_none(),
                "{label}.{suffix}"
            );
        }
        for (label, suffix) in [
            ("mailguard", "online"),
            ("mail-guard", "com"),
            ("securemailview", "com"),
            ("inboxshield", "site"),
        ] {
            assert!(
                consent_bait("microsoftonline", label, suffix, "Mail.Read").is_some(),
                "{label}.{suffix}"
            );
        }
    }

    #[test]
    fn hosting_suffixes_are_the_private_section() {
        for h in [
            "crm-sync.herokuapp.com",
            "inbox-helper.vercel.app",
            "a.pages.dev",
            "x.y.workers.dev",
            "notes.web.app",
        ] {
            assert!(hosting_suffix(h), "{h}");
        }
        for h in [
            "app.fabrikam.com",
            "vercel.com",
            "login.microsoftonline.com",
            "shop.co.uk",
        ] {
            assert!(!hosting_suffix(h), "{h}");
        }
    }

    #[test]
    fn plain_names_and_weak_destinations() {
        let top = top_sites::shipped();
        for front in ["tunebot", "dash.tunebot", "cdn.harbor7"] {
            assert!(plain_app_name(top, "discord", front), "{front}");
        }
        for front in [
            "callback-relay",
            "login.tunebot",
            "discord.tunebot",
            "securevault",
            "app.discord-gifts",
            "tune-bot",
        ] {
            assert!(!plain_app_name(top, "discord", front), "{front}");
        }
        for label in ["harbor-notes", "fabrikam", "contoso-hr"] {
            assert!(!weak_destination(top, "microsoftonline", label), "{label}");
        }
        for label in [
            "secure-harbor",
            "harbor-login",
            "microsoftonline-sync",
            "netflix-billing",
        ] {
            assert!(weak_destination(top, "microsoftonline", label), "{label}");
        }
    }

    #[test]
    fn organisation_look_alikes() {
        assert_eq!(
            imitates_org(&["hafen-nord"], "hafen-nord-mail", false),
            Some("hafen-nord")
        );
        assert_eq!(
            imitates_org(&["globex"], "globexvpn", false),
            Some("globex")
        );
        assert_eq!(
            imitates_org(&["tu-graz"], "login-tugraz", false),
            Some("tu-graz")
        );
        assert_eq!(
            imitates_org(&["dev", "initech"], "initech-helpdesk", false),
            Some("initech")
        );
        // The organisation's own names and its apps beside other words.
        assert_eq!(imitates_org(&["globex"], "globex", false), None);
        assert_eq!(imitates_org(&["hafen-nord"], "hafennord", false), None);
        assert_eq!(imitates_org(&["initech"], "initech-portal", false), None);
        // Under a new generic ending the sign-in host is not under, any other word.
        assert_eq!(
            imitates_org(&["initech"], "initech-indico", true),
            Some("initech")
        );
        assert_eq!(imitates_org(&["initech"], "initech-2024", true), None);
        assert_eq!(imitates_org(&["initech"], "initech", true), None);
        assert_eq!(imitates_org(&["initech"], "initech-analytics", false), None);
        assert_eq!(imitates_org(&["acme"], "acme-corp", false), None);
        // Short names and bait words are no organisation's name.
        assert_eq!(imitates_org(&["tum"], "tum-login", false), None);
        assert_eq!(imitates_org(&["login"], "login-mail", false), None);
    }

    /// The whole judgement of sign-in links whose callbacks these readings are about.
    mod judged {
        use std::collections::BTreeSet;

        use super::super::super::{rules, RouteUrlRules, UrlConfig, UrlPolicy};

        fn rules_of(p: &UrlPolicy, url: &str) -> BTreeSet<String> {
            p.judge(url, "/params/url", &RouteUrlRules::default())
                .findings
                .into_iter()
                .map(|f| f.rule)
                .collect()
        }

        fn default() -> UrlPolicy {
            UrlPolicy::embedded_default().unwrap()
        }

        fn authorize(idp: &str, redirect: &str, scope: &str) -> String {
            format!(
                "https://{idp}/oauth2/authorize?client_id=c1&response_type=code&redirect_uri={redirect}&scope={scope}&state=s"
            )
        }

        #[test]
        fn callbacks_that_reach_no_site_pass() {
            let p = default();
            for redirect in [
                "https%3A%2F%2Fshop.acme.example%2Fcb",
                "https%3A%2F%2Fcrm.test%3A8443%2Foauth",
                "https%3A%2F%2Fnowhere.invalid%2F",
                "http%3A%2F%2Fapp.localhost%3A3000%2Fcb",
                "http%3A%2F%2F%5B%3A%3A1%5D%3A7777%2F",
                "fb4455667788%3A%2F%2Fauthorize",
                // An app key in the scheme makes it longer than any web scheme.
                "kakao0a1b2c3d4e5f60718293a4b5c6d7e8f9%3A%2F%2Foauth",
                "fb1234567890123456%3A%2F%2Fauthorize",
                "sfdc%3A%2F%2Fsuccess",
                "myplanner%3A%2F%2Foauth%2Fdone",
                "com.acme.planner%3A%2Foauth2redirect",
            ] {
                for idp in [
                    "www.amazon.com",
                    "login.salesforce.com",
                    "kauth.kakao.com",
                    "gitlab.com",
                ] {
                    let u = authorize(idp, redirect, "profile");
                    assert_eq!(rules_of(&p, &u), BTreeSet::new(), "{u}");
                }
            }
        }

        #[test]
        fn unsafe_callbacks_and_placeholders_elsewhere_still_count() {
            let p = default();
            // Windows handlers and script are no app's callback.
            for redirect in [
                "ms-msdt%3A%2Fid%20x",
                "javascript%3Aalert(1)",
                "search-ms%3Aquery%3Dx",
            ] {
                let u = authorize("www.amazon.com", redirect, "profile");
                assert!(rules_of(&p, &u).contains(rules::QUERY_REDIRECT), "{u}");
            }
            // Outside a sign-in request a private-use scheme is judged as any other link.
            let u = "https://shop.acme-books.com/done?next=myplanner%3A%2F%2Fx";
            assert!(rules_of(&p, u).contains(rules::QUERY_REDIRECT), "{u}");
            // A reserved name the operator lists as the network's own stays internal.
            let cfg = UrlConfig::from_yaml("internal_suffixes: [test]\n").unwrap();
            let listed = UrlPolicy::compile(&cfg).unwrap();
            let u = authorize("www.amazon.com", "https%3A%2F%2Fcrm.test%2Fcb", "profile");
            assert!(rules_of(&listed, &u).contains(rules::QUERY_REDIRECT), "{u}");
            // Other findings of a placeholder target stand: a token in its query.
            let u = authorize(
                "www.amazon.com",
                "https%3A%2F%2Fshop.example%2Fcb%3Faccess_token%3Dghp_abcdefghijklmnopqrstuvwxyz0123456789",
                "profile",
            );
            assert!(rules_of(&p, &u).contains(rules::QUERY_REDIRECT), "{u}");
        }

        #[test]
        fn consent_bait_needs_the_dangerous_scope() {
            let p = default();
            let bait = "https%3A%2F%2Fmailbox-shield.cloud%2Fcb";
            let u = authorize(
                "login.microsoftonline.com",
                bait,
                "Mail.ReadWrite%20offline_access",
            );
            assert!(rules_of(&p, &u).contains(rules::QUERY_REDIRECT), "{u}");
            let u = authorize("login.microsoftonline.com", bait, "openid%20profile");
            assert_eq!(rules_of(&p, &u), BTreeSet::new(), "{u}");
            // A placeholder callback reaches no one, whatever its name.
            let u = authorize(
                "login.microsoftonline.com",
                "https%3A%2F%2Fsecure-docs.example%2Fcb",
                "Mail.ReadWrite",
            );
            assert_eq!(rules_of(&p, &u), BTreeSet::new(), "{u}");
            let own = "https%3A%2F%2Fapp.lanternmail.com%2Fcb";
            let u = authorize(
                "login.microsoftonline.com",
                own,
                "Mail.ReadWrite%20offline_access",
            );
            assert_eq!(rules_of(&p, &u), BTreeSet::new(), "{u}");
        }

        #[test]
        fn error_redirects_and_tunnels_are_hostile() {
            let p = default();
            let neutral = "https%3A%2F%2Fharbor-notes.com%2Fcb";
            // A silent sign-in to an app's own domain is how real apps skip a screen; to a bait name,
            // a hosting service or an abused top-level domain it is a redirector.
            let u = authorize("login.microsoftonline.com", neutral, "openid&prompt=none");
            assert_eq!(rules_of(&p, &u), BTreeSet::new(), "{u}");
            for weak in [
                "https%3A%2F%2Fsecure-harbor.com%2Fcb",
                "https%3A%2F%2Fharbor-notes.onrender.com%2Fcb",
                "https%3A%2F%2Fharbornotes.top%2Fcb",
            ] {
                let u = authorize("login.microsoftonline.com", weak, "openid&prompt=none");
                assert!(rules_of(&p, &u).contains(rules::QUERY_REDIRECT), "{u}");
            }
            let u = authorize("login.microsoftonline.com", neutral, "invalid_scope");
            assert!(rules_of(&p, &u).contains(rules::QUERY_REDIRECT), "{u}");
            let u = authorize(
                "login.microsoftonline.com",
                neutral,
                "openid&prompt=consent",
            );
            assert_eq!(rules_of(&p, &u), BTreeSet::new(), "{u}");
            let u = authorize(
                "github.com",
                "https%3A%2F%2Fbrisk-owl.trycloudflare.com%2Fcb",
                "read:user",
            );
            assert!(rules_of(&p, &u).contains(rules::QUERY_REDIRECT), "{u}");
        }

        #[test]
        fn dangerous_scopes_to_hosting_services_are_hostile() {
            let p = default();
            for (idp, cb, scope) in [
                (
                    "accounts.google.com",
                    "https%3A%2F%2Finbox-helper.vercel.app%2Fapi%2Fcb",
                    "https%3A%2F%2Fwww.googleapis.com%2Fauth%2Fgmail.readonly",
                ),
                (
                    "login.microsoftonline.com",
                    "https%3A%2F%2Fcrm-sync.herokuapp.com%2Foauth",
                    "Mail.Read%20offline_access",
                ),
                (
                    "github.com",
                    "https%3A%2F%2Frelease-bot.pages.dev%2Fcb",
                    "repo%20workflow",
                ),
            ] {
                let u = authorize(idp, cb, scope);
                assert!(rules_of(&p, &u).contains(rules::QUERY_REDIRECT), "{u}");
                // The same app asking to know who the user is: the consent screen says it all.
                let u = authorize(idp, cb, "openid%20email");
                assert_eq!(rules_of(&p, &u), BTreeSet::new(), "{u}");
            }
            // A real app on its own domain with the same scopes passes.
            let u = authorize(
                "login.microsoftonline.com",
                "https%3A%2F%2Fapp.fabrikam-crm.com%2Foauth",
                "Mail.Read%20offline_access",
            );
            assert_eq!(rules_of(&p, &u), BTreeSet::new(), "{u}");
        }

        #[test]
        fn an_apps_own_name_under_an_abused_tld_needs_more() {
            let p = default();
            let own = "https%3A%2F%2Fdash.tunebot.xyz%2Fcallback";
            let u = authorize("discord.com", own, "identify%20guilds");
            assert_eq!(rules_of(&p, &u), BTreeSet::new(), "{u}");
            for composed in [
                "https%3A%2F%2Fcallback-relay.top%2Fcb",
                "https%3A%2F%2Flogin.tunebot.xyz%2Fcb",
                "https%3A%2F%2Fdiscord.tunebot.xyz%2Fcb",
            ] {
                let u = authorize("discord.com", composed, "identify");
                assert!(rules_of(&p, &u).contains(rules::QUERY_REDIRECT), "{u}");
            }
            // A dangerous scope or a silent request to the plain name still counts.
            let u = authorize("github.com", own, "repo");
            assert!(rules_of(&p, &u).contains(rules::QUERY_REDIRECT), "{u}");
            let u = authorize("discord.com", own, "identify&prompt=none");
            assert!(rules_of(&p, &u).contains(rules::QUERY_REDIRECT), "{u}");
        }

        #[test]
        fn the_routes_allow_list_vouches_for_a_callback() {
            let p = default();
            let u = authorize(
                "github.com",
                "https%3A%2F%2F1a2b-81-2-69-142.ngrok-free.app%2Fauth%2Fcb",
                "read:user",
            );
            assert!(rules_of(&p, &u).contains(rules::QUERY_REDIRECT), "{u}");
            let dev = RouteUrlRules {
                allow: vec!["github.com".into(), "*.ngrok-free.app".into()],
                deny: vec![],
            };
            let found = p.judge(&u, "/params/url", &dev).findings;
            assert!(found.is_empty(), "{u}: {found:?}");
            // Another tunnel is not vouched for: not allowed, and still a tunnel.
            let other = u.replace("ngrok-free.app", "trycloudflare.com");
            let rules: BTreeSet<String> = p
                .judge(&other, "/params/url", &dev)
                .findings
                .into_iter()
                .map(|f| f.rule)
                .collect();
            assert!(rules.contains(rules::QUERY_REDIRECT), "{other}");
        }

        #[test]
        fn prefill_on_a_listed_checkout_host_is_no_leak() {
            let p = default();
            let u = "https://buy.stripe.com/test_4gw8zA1bC?prefilled_email=ana%40example.net&prefilled_promo_code=SPRING";
            assert_eq!(rules_of(&p, u), BTreeSet::new(), "{u}");
            // The same address under another name, or sent to an unlisted shop, is personal data.
            for u in [
                "https://buy.stripe.com/test_4gw8zA1bC?email=ana%40example.net",
                "https://pay.harbor-boutique.com/p/9?prefilled_email=ana%40example.net",
                "https://www.google.com/url?q=https://pay.harbor-boutique.com/p/9%3Fprefilled_email%3Dana%2540example.net",
            ] {
                assert!(rules_of(&p, u).iter().any(|r| r.starts_with("url.query")), "{u}");
            }
        }

        #[test]
        fn an_organisations_look_alike_is_hostile() {
            let p = default();
            let u = authorize(
                "sso.fjordline-shipping.no",
                "https%3A%2F%2Ffjordline-shipping-owa.com%2Fcb",
                "openid",
            );
            assert!(rules_of(&p, &u).contains(rules::QUERY_REDIRECT), "{u}");
            for own in [
                "https%3A%2F%2Fportal.fjordline-shipping.no%2Fcb",
                "https%3A%2F%2Ffjordline-shipping.com%2Fcb",
                "https%3A%2F%2Ffjordline-shipping-cargo.com%2Fcb",
            ] {
                let u = authorize("sso.fjordline-shipping.no", own, "openid");
                assert_eq!(rules_of(&p, &u), BTreeSet::new(), "{u}");
            }
        }
    }
}
