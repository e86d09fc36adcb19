//! Device codes filled into a provider's own device sign-in page (rule `url.device_code`): a link to
//! the verification page of a provider whose device flow never writes the code into a link (GitHub,
//! Microsoft, Google, Salesforce), carrying the code all the same (`?user_code=`).
//!
//! Why a rule of its own: the page is the provider's real page, so no look-alike rule speaks, and yet
//! approving the code there signs in whoever started the flow, not the person at the client. In the
//! device authorization grant (RFC 8628) nothing binds the code to the app that asked for it: anyone can
//! start a flow with a public client's id (a provider's own command-line tool, an office suite), the
//! consent screen shows that trusted name, and the tokens go to the starter (the Storm-2372 campaigns on
//! `microsoft.com/devicelogin`, the 2025 Salesforce "Data Loader" calls on `/setup/connect`).
//!
//! What counts, and why only that: RFC 8628 lets a provider return a link with the code in it
//! (`verification_uri_complete`, section 3.3.1), and some do (AWS IAM Identity Center, Okta, Auth0,
//! Keycloak): such a link is what the user's own command-line login prints, and the corpora's
//! sign-in links hold it as ordinary. The providers in [`PAGES`] return the bare page only
//! (`verification_uri`; GitHub, Microsoft's identity platform, Google, Salesforce document no complete
//! form), so their page with the code already in it is a link nobody's own tool wrote: someone built
//! it so that one click approves their code. The bare page is not judged: it is also what a person's
//! own command-line login names, and the tuning batches hold it as ordinary (fresh17 alone calls
//! it bait; the decision is in `docs/rules/url-query.md`).
//!
//! The same page copied onto a host that is not the provider's (`<words>.com/devicelogin?code=...`)
//! is the same lure with a look-alike page in front of it, relaying the code to the real one
//! ([`posed_page`]): read by the provider's own page name (`devicelogin`, `deviceauth`, GitHub's
//! `login/device`) in the path or the host, and a code in the query under any of the names phishing
//! kits give it (`code`, `otc`, `user_code`). A generic `/device` page is not such a name: a company's
//! own identity server (Keycloak's `/realms/<realm>/device?user_code=`) writes the complete link
//! RFC 8628 allows, and the corpora hold it as ordinary.
//!
//! The default action is `warning_page` (`policies/rules.yaml`): the person sees what approving the code
//! does before going on; without warning pages configured it blocks. An operator whose servers sign in
//! through such a flow on purpose sets `url.device_code` to `off` on that route.

use super::{Findings, Parts};

/// A provider's device verification page: host (exactly, or with one `*` standing for a tenant's,
/// instance's or region's labels) and path prefix (whole segments), compared without case.
struct Page {
    host: &'static str,
    path: &'static str,
}

/// The verification URIs of the providers whose device-authorization endpoints return no link with the
/// code in it (`verification_uri` only; their developer documentation, RFC 8628 section 3.2).
const PAGES: &[Page] = &[
    // Microsoft identity platform: the printed short form and the endpoint it leads to, any tenant.
    Page {
        host: "microsoft.com",
        path: "/devicelogin",
    },
    Page {
        host: "www.microsoft.com",
        path: "/devicelogin",
    },
    Page {
        host: "login.microsoftonline.com",
        path: "/",
    },
    Page {
        host: "login.live.com",
        path: "/oauth20_remoteconnect.srf",
    },
    // GitHub.
    Page {
        host: "github.com",
        path: "/login/device",
    },
    // Google.
    Page {
        host: "google.com",
        path: "/device",
    },
    Page {
        host: "www.google.com",
        path: "/device",
    },
    // Salesforce: every instance and My Domain.
    Page {
        host: "*.salesforce.com",
        path: "/setup/connect",
    },
];

/// The registrable domains of the providers in [`PAGES`]: their own hosts are judged by [`PAGES`]
/// alone, never as a copy of their page.
const PROVIDER_DOMAINS: &[&str] = &[
    "microsoft.com",
    "microsoftonline.com",
    "live.com",
    "github.com",
    "google.com",
    "salesforce.com",
];

/// Path segments and host-label words that name a provider's own device page (folded: lowercase,
/// `-`, `_` and `.` left out): Microsoft's printed short form and its endpoint. Not `device` alone,
/// which any identity server's complete link uses.
const PAGE_NAMES: &[&str] = &["devicelogin", "deviceauth"];

/// Most path segments read for a device page's name.
const MAX_SEGMENTS: usize = 16;

/// Most bytes of a query or fragment read for the code's parameter.
const MAX_QUERY: usize = 2048;

/// Adds `url.device_code` when `url` is a listed provider's device page with a device code in its query
/// or its fragment's.
pub(super) fn check(url: &Parts<'_>, out: &mut Findings) {
    let Some(host) = url.host_str else { return };
    let host = host.trim_end_matches('.');
    if !PAGES.iter().any(|p| page_matches(p, host, url)) {
        if posed_page(host, url.path)
            && (any_code_param(url.query).is_some()
                || any_code_param(fragment_query(url.fragment)).is_some())
        {
            out.push(
                super::rules::DEVICE_CODE,
                format!(
                    "the link fills a device sign-in code into a copy of a provider's device page on \
                     {host}, which is not the provider's: the code it relays signs in whoever started \
                     the sign-in, not you"
                ),
            );
        }
        return;
    }
    let microsoft = matches!(
        host.to_ascii_lowercase().as_str(),
        "microsoft.com" | "www.microsoft.com" | "login.microsoftonline.com" | "login.live.com"
    );
    let code =
        |q: Option<&str>| code_param(q).or_else(|| microsoft.then(|| otc_param(q)).flatten());
    if code(url.query).is_some() || code(fragment_query(url.fragment)).is_some() {
        out.push(
            super::rules::DEVICE_CODE,
            format!(
                "the link fills a device sign-in code into {host}'s device page, which {host} never does \
                 itself: approving it signs in whoever started the sign-in, not you"
            ),
        );
    }
}

/// Whether the page `p` is this host's and path's (Microsoft's tenant endpoint: the path's
/// `oauth2/deviceauth` or `/devicelogin` segment, any tenant before it).
fn page_matches(p: &Page, host: &str, url: &Parts<'_>) -> bool {
    let host_ok = match p.host.split_once('*') {
        Some((head, tail)) => {
            host.len() > head.len() + tail.len()
                && host
                    .get(..head.len())
                    .is_some_and(|h| h.eq_ignore_ascii_case(head))
                && host
                    .get(host.len() - tail.len()..)
                    .is_some_and(|t| t.eq_ignore_ascii_case(tail))
        }
        None => host.eq_ignore_ascii_case(p.host),
    };
    if !host_ok {
        return false;
    }
    let path = url.path;
    if p.host == "login.microsoftonline.com" {
        return path.split('/').any(|s| {
            s.eq_ignore_ascii_case("deviceauth") || s.eq_ignore_ascii_case("devicelogin")
        });
    }
    let prefix_ok = path
        .get(..p.path.len())
        .is_some_and(|h| h.eq_ignore_ascii_case(p.path));
    // The prefix is a whole segment (`/device`, `/device/`, not `/devices-and-apps`); "/" is every page.
    prefix_ok && (p.path == "/" || matches!(path.as_bytes().get(p.path.len()), None | Some(b'/')))
}

/// Whether `host` is not a listed provider's and its path (or a label of the host) names a provider's
/// device page ([`PAGE_NAMES`], or GitHub's `login/device`).
fn posed_page(host: &str, path: &str) -> bool {
    let lower = host.to_ascii_lowercase();
    if PROVIDER_DOMAINS
        .iter()
        .any(|d| lower == *d || lower.strip_suffix(d).is_some_and(|h| h.ends_with('.')))
    {
        return false;
    }
    let fold = |s: &str| -> String {
        s.chars()
            .filter(|c| !matches!(c, '-' | '_' | '.'))
            .take(24)
            .collect::<String>()
            .to_ascii_lowercase()
    };
    let segments: Vec<String> = path
        .split('/')
        .filter(|s| !s.is_empty())
        .take(MAX_SEGMENTS)
        .map(fold)
        .collect();
    let named = |s: &str| PAGE_NAMES.contains(&s);
    segments.iter().any(|s| named(s))
        || segments.windows(2).any(|w| w[0] == "login" && w[1] == "device")
        // A part of its own in the host (`<brand>-devicelogin.com`), not inside a word
        // (`deviceauthority`).
        || lower.split(['.', '-']).any(named)
}

/// A device-code parameter as a copied page takes it: [`code_param`]'s `user_code`, or the short
/// names phishing kits and Microsoft's own one-time-code links use (`code`, `otc`), with a value.
fn any_code_param(query: Option<&str>) -> Option<&'static str> {
    code_param(query).or_else(|| {
        let q = query?;
        let q = q.get(..MAX_QUERY.min(q.len())).unwrap_or("");
        q.split(['&', ';']).find_map(|pair| {
            let (k, v) = pair.split_once('=')?;
            if v.trim().is_empty() {
                return None;
            }
            let k = k.trim().to_ascii_lowercase();
            match k.as_str() {
                "code" | "otc" | "devicecode" | "device_code" => Some("code"),
                _ => None,
            }
        })
    })
}

/// (urls19) Microsoft's own name for the one-time code its device page fills in (`otc`), with a
/// value: Microsoft's device flow returns the bare page only, so its page with `otc=` filled in is a link
/// someone built for one click, like `user_code=` is. Read on Microsoft's pages only: elsewhere `otc` is
/// any site's one-time code.
fn otc_param(query: Option<&str>) -> Option<&'static str> {
    let q = query?;
    let q = q.get(..MAX_QUERY.min(q.len())).unwrap_or("");
    q.split(['&', ';']).find_map(|pair| {
        let (k, v) = pair.split_once('=')?;
        (!v.trim().is_empty() && k.trim().eq_ignore_ascii_case("otc")).then_some("otc")
    })
}

/// The query of a client-side route in a fragment (`#/device?user_code=...`).
fn fragment_query(fragment: Option<&str>) -> Option<&str> {
    fragment.and_then(|f| f.split_once('?').map(|(_, q)| q))
}

/// The name of a device-code parameter (`user_code`, RFC 8628's name; any case, `_`, `-` or `.` left
/// out) with a non-empty value in `query`, if any.
fn code_param(query: Option<&str>) -> Option<&'static str> {
    let q = query?;
    let q = q.get(..MAX_QUERY.min(q.len())).unwrap_or("");
    q.split(['&', ';']).find_map(|pair| {
        let (k, v) = pair.split_once('=')?;
        if v.trim().is_empty() {
            return None;
        }
        let norm: String = k
            .chars()
            .filter(|c| !matches!(c, '_' | '-' | '.'))
            .take(16)
            .collect::<String>()
            .to_ascii_lowercase();
        (norm == "usercode").then_some("user_code")
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use url::Url;

    fn found(u: &str) -> bool {
        let url = Url::parse(u).expect("test URL parses");
        let mut out = Findings::new("/u");
        check(&Parts::of_url(&url), &mut out);
        out.into_vec()
            .iter()
            .any(|f| f.rule == super::super::rules::DEVICE_CODE)
    }

    #[test]
    fn a_code_filled_into_a_page_whose_provider_never_fills_it() {
        for u in [
            "https://github.com/login/device?user_code=WDJB-MJHT",
            "https://github.com/login/device/?User-Code=WDJB-MJHT",
            "https://login.salesforce.com/setup/connect?user_code=K7Q2M9PD",
            "https://acme.my.salesforce.com/setup/connect?user_code=K7Q2M9PD",
            "https://microsoft.com/devicelogin?user_code=HF7KQ2PLX",
            "https://www.microsoft.com/DeviceLogin#/?user_code=HF7KQ2PLX",
            "https://login.microsoftonline.com/common/oauth2/deviceauth?user_code=HF7KQ2PLX",
            "https://login.microsoftonline.com/contoso.onmicrosoft.com/oauth2/deviceauth?usercode=A",
            "https://www.google.com/device?user_code=ABC-DEF-GHI",
            // (urls19) Microsoft's own one-time-code parameter on its device pages.
            "https://microsoft.com/devicelogin?otc=HXK2-PQ9M",
            "https://login.microsoftonline.com/common/oauth2/deviceauth?OTC=HXK2PQ9M",
        ] {
            assert!(found(u), "{u}");
        }
    }

    #[test]
    fn otc_is_read_on_microsoft_pages_only() {
        // `otc` empty, or on another provider's page or an ordinary site: not a device code.
        for u in [
            "https://microsoft.com/devicelogin?otc=",
            "https://github.com/login/device?otc=WDJB-MJHT",
            "https://shop.example.com/verify?otc=123456",
        ] {
            assert!(!found(u), "{u}");
        }
    }

    #[test]
    fn the_bare_page_and_complete_links_of_providers_that_write_them_pass() {
        for u in [
            // The bare page: what a person's own command-line login names.
            "https://microsoft.com/devicelogin",
            "https://github.com/login/device",
            "https://www.google.com/device",
            "https://login.salesforce.com/setup/connect",
            // RFC 8628's complete link, as the providers that issue one write it.
            "https://device.sso.us-east-1.amazonaws.com/?user_code=WDDD-HRQK",
            "https://d-9067642ac7.awsapps.com/start/#/device?user_code=WDDD-HRQV",
            "https://id.example.de/realms/staff/device?user_code=WDJB-MJHT",
            "https://acme.okta.com/activate?user_code=ABCDEFGH",
        ] {
            assert!(!found(u), "{u}");
        }
    }

    /// A provider's device page copied onto another host, with a code: the same lure.
    #[test]
    fn a_copied_device_page_with_a_code() {
        for u in [
            "https://teams-meeting-join.com/devicelogin?code=BQHT9XWLA&tenant=contoso",
            "https://meet-join.example/common/oauth2/deviceauth?otc=GHX7K8JQ2",
            "https://portal-signin.example/login/device?user_code=WDJB-MJHT",
            "https://microsoft-devicelogin.example/?code=HF7KQ2PLX",
            "https://office-share.example/DeviceLogin#/?user_code=HF7KQ2PLX",
            // Formerly passed as "another host": the provider's page under another host is a copy.
            "https://evil.example/microsoft.com/devicelogin?user_code=A",
            "https://notgithub.com/login/device?user_code=A",
        ] {
            assert!(found(u), "{u}");
        }
    }

    /// Benign twins: a copied page with no code, an identity server's own complete link, a code on a
    /// page that is not a device page, a provider's own hosts (judged by their pages alone).
    #[test]
    fn a_copied_page_without_a_code_or_a_generic_device_page_passes() {
        for u in [
            "https://teams-meeting-join.com/devicelogin",
            "https://teams-meeting-join.com/devicelogin?code=",
            "https://id.example.de/realms/staff/device?user_code=WDJB-MJHT",
            "https://app.example.com/callback?code=abc123&state=xyz",
            "https://app.example.com/devices?code=abc123",
            "https://login.microsoftonline.com/common/oauth2/deviceauth?code=A",
            "https://github.com/login/device?code=WDJB-MJHT",
        ] {
            assert!(!found(u), "{u}");
        }
    }

    #[test]
    fn other_pages_and_other_hosts_pass() {
        for u in [
            "https://github.com/login?user_code=WDJB-MJHT",
            "https://github.com/login/oauth/authorize?client_id=abc&state=xyz",
            "https://github.com/login/devices?user_code=WDJB-MJHT",
            "https://www.google.com/devices-and-apps?user_code=A",
            "https://login.microsoftonline.com/common/oauth2/v2.0/authorize?client_id=a",
            "https://github.com/login/device?user_code=",
            "https://github.com/login/device?code=WDJB-MJHT",
            "https://salesforce.com.evil.example/setup/connect?user_code=A",
        ] {
            assert!(!found(u), "{u}");
        }
    }
}
