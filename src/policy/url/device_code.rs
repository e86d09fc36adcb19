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

/// Most bytes of a query or fragment read for the code's parameter.
const MAX_QUERY: usize = 2048;

/// Adds `url.device_code` when `url` is a listed provider's device page with a device code in its query
/// or its fragment's.
pub(super) fn check(url: &Parts<'_>, out: &mut Findings) {
    let Some(host) = url.host_str else { return };
    let host = host.trim_end_matches('.');
    if !PAGES.iter().any(|p| page_matches(p, host, url)) {
        return;
    }
    if code_param(url.query).is_some() || code_param(fragment_query(url.fragment)).is_some() {
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
        ] {
            assert!(found(u), "{u}");
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
            "https://evil.example/microsoft.com/devicelogin?user_code=A",
            "https://notgithub.com/login/device?user_code=A",
            "https://salesforce.com.evil.example/setup/connect?user_code=A",
        ] {
            assert!(!found(u), "{u}");
        }
    }
}
