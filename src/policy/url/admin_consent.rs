//! Admin-consent requests (rule `url.query.redirect`): a sign-in link that asks an administrator to grant
//! an app access to a whole organisation, whose callback is a composed name under a new generic
//! top-level domain.
//!
//! Microsoft's identity platform has an endpoint of its own for it (`/<tenant>/adminconsent`,
//! `/<tenant>/v2.0/adminconsent`) and an authorize prompt (`prompt=admin_consent`): one click grants the
//! app its permissions for every user of the tenant. Consent phishing aims at administrators with it,
//! sending the grant to a freshly registered name (`tenant-migrate.support`). A real multi-tenant app
//! sends its admin consent back to its own site, which is a one-word name (`acme.app`) or a name under a
//! legacy or country ending (`acme-hr.com`, `acme.io`) as often as not; a name made of several words or
//! holding bait under an ending of the 2012 round or later is the cheap, throwaway kind, as under the
//! most abused endings for any request (`super::callback::plain_app_name`).
//!
//! The trade: a real multi-tenant app whose own site is a composed name under a new generic ending
//! (`acme-sync.cloud`) is refused its admin-consent link; its user-level sign-in still passes, and an
//! operator lists its domain in the route's allow list.

use super::callback;
use super::top_sites::{self, TopSites};

/// Whether a sign-in request's path is an admin-consent endpoint (last segment `adminconsent`, any
/// case), or one of its query's `prompt` values is `admin_consent`.
pub(super) fn admin_request<'a>(
    path: &str,
    values: impl Iterator<Item = (&'a str, &'a str)>,
) -> bool {
    let endpoint = path
        .rsplit('/')
        .find(|s| !s.is_empty())
        .is_some_and(|last| last.eq_ignore_ascii_case("adminconsent"));
    endpoint
        || values.into_iter().any(|(k, v)| {
            k == "prompt"
                && v.split([' ', '+'])
                    .any(|p| p.eq_ignore_ascii_case("admin_consent"))
        })
}

/// Whether an admin consent's callback, `front` (the host before its public suffix `suffix`), is a
/// throwaway destination: under a generic ending of the 2012 round or later and not an app's own plain
/// name ([`callback::plain_app_name`]; `provider` is the sign-in provider's label).
pub(super) fn throwaway(top: &TopSites, provider: &str, front: &str, suffix: &str) -> bool {
    top_sites::generic_tld(suffix) && !callback::plain_app_name(top, provider, front)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn admin_consent_is_the_endpoint_or_the_prompt() {
        let none = std::iter::empty();
        assert!(admin_request("/common/adminconsent", none));
        assert!(admin_request(
            "/contoso.com/v2.0/AdminConsent/",
            std::iter::empty()
        ));
        assert!(admin_request(
            "/common/oauth2/authorize",
            [("prompt", "admin_consent")].into_iter()
        ));
        assert!(!admin_request(
            "/common/oauth2/v2.0/authorize",
            [("prompt", "consent")].into_iter()
        ));
        assert!(!admin_request("/adminconsent/help", std::iter::empty()));
    }

    #[test]
    fn throwaway_names_are_composed_under_new_endings() {
        let t = TopSites::parse("microsoft.com\nmicrosoftonline.com\n");
        assert!(throwaway(
            &t,
            "microsoftonline",
            "tenant-migrate",
            "support"
        ));
        assert!(throwaway(
            &t,
            "microsoftonline",
            "app.secure-login",
            "cloud"
        ));
        // An app's own one-word name, and any name under a legacy or a country ending.
        assert!(!throwaway(&t, "microsoftonline", "app.acme", "app"));
        assert!(!throwaway(&t, "microsoftonline", "tenant-migrate", "com"));
        assert!(!throwaway(&t, "microsoftonline", "acme-hr", "io"));
    }
}
