//! Sites that a site builder gives its user as a path rather than a subdomain: the first path segments
//! are the page's own name, chosen by whoever published it, as a hosting service's subdomain is
//! (`sites.google.com/view/<site>` beside `<site>.weebly.com`). The host checks never see that name;
//! `host::path_site_checks` judges it as a hosting service's page label.
//!
//! The list, with where each format is documented:
//! - Google Sites: `sites.google.com/view/<site>` (a consumer account's site) and
//!   `sites.google.com/<workspace domain>/<site>` (a Google Workspace domain's site), Google Sites Help,
//!   "Publish your site"; `sites.google.com/site/<site>` (classic Sites, still served).
//! - Wix's free address: `<account>.wixsite.com/<site>`, Wix Help Center, "Understanding your free Wix
//!   URL".
//! - Zoho Forms' public forms: `forms.zohopublic.<region>/<account>/form/...`, Zoho Forms help,
//!   "Share form: permalink".
//! - Padlet boards: `padlet.com/<user>/<board>`; Linktree pages: `linktr.ee/<user>`.
//!
//! A segment is read only when it can be a host label (letters, digits, hyphens; up to 63), so a name
//! with an underscore or in another script is left to the path rules (`path_bait.rs`).

/// Longest site name read: a DNS label's bound, as the name is judged as one.
const MAX_SITE: usize = 63;

/// Exact hosts whose path names a user's site: `(host, the fixed segment before the name or "" when the
/// name is the first segment, the service's name in messages)`.
const FIRST_SEGMENT_SITES: &[(&str, &str, &str)] = &[
    ("sites.google.com", "view", "sites.google.com"),
    ("sites.google.com", "site", "sites.google.com"),
    ("forms.zohopublic.com", "", "forms.zohopublic.com"),
    ("forms.zohopublic.eu", "", "forms.zohopublic.eu"),
    ("forms.zohopublic.in", "", "forms.zohopublic.in"),
    ("padlet.com", "", "padlet.com"),
    ("linktr.ee", "", "linktr.ee"),
];

/// Hosting domains whose every account subdomain's first path segment is a site (`<account>.wixsite.com/<site>`).
const ACCOUNT_PATH_SITES: &[&str] = &["wixsite.com"];

/// The service (as a host name, for the message and as the page's hosting domain) and the site's name
/// (lowercase) of a link to `host` (ASCII, lowercase, no trailing dot) with path `segs`, when the host is
/// one of the list's and the name can be a host label.
pub(super) fn site_of<'a>(
    host: &str,
    mut segs: impl Iterator<Item = &'a str>,
) -> Option<(&'static str, String)> {
    let first = segs.next().filter(|s| !s.is_empty())?;
    if let Some(&(_, lead, service)) = FIRST_SEGMENT_SITES
        .iter()
        .find(|(h, lead, _)| *h == host && (lead.is_empty() || first.eq_ignore_ascii_case(lead)))
    {
        let seg = if lead.is_empty() { first } else { segs.next()? };
        return label(seg).map(|l| (service, l));
    }
    if host == "sites.google.com" && first.contains('.') {
        // A Google Workspace domain's site: `sites.google.com/<domain>/<site>`.
        return label(segs.next()?).map(|l| ("sites.google.com", l));
    }
    let service = ACCOUNT_PATH_SITES.iter().copied().find(|s| {
        host.strip_suffix(s)
            .is_some_and(|head| head.len() > 1 && head.ends_with('.'))
    })?;
    label(first).map(|l| (service, l))
}

/// `seg` lowercased when it can be a host label: letters, digits and hyphens, not at either end.
fn label(seg: &str) -> Option<String> {
    let ok = !seg.is_empty()
        && seg.len() <= MAX_SITE
        && seg.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-')
        && !seg.starts_with('-')
        && !seg.ends_with('-');
    ok.then(|| seg.to_ascii_lowercase())
}

/// (`urls13`) What makes a site named with the hosting company's own name (`<service>-<words>` on the
/// service's site builder) bait: a strong lure word beside the name (sign in, verify, unlock: the step a
/// phishing page exists for), or two lure words (`account` and `recovery`), and no word saying the site
/// is a project about the service (`workshop`, `demo`, `course`: a teacher's or a club's page names the
/// service it teaches). Returns the words found, for the message. Bounded: a site name is one label of
/// at most [`MAX_SITE`] bytes.
pub(super) fn own_name_bait(site: &str, own: &str) -> Option<String> {
    use super::top_sites::{is_lure, project_word, strong_lure};
    let others = || site.split('-').filter(|t| *t != own && !t.is_empty());
    if others().any(project_word) {
        return None;
    }
    let strong: Vec<&str> = others().filter(|t| strong_lure(t)).collect();
    let lures: Vec<&str> = others().filter(|t| is_lure(t)).collect();
    let words = if !strong.is_empty() {
        strong
    } else if lures.len() >= 2 {
        lures
    } else {
        return None;
    };
    Some(format!("`{}`", words.join("`, `")))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_services_own_name_beside_its_account_steps_is_bait() {
        assert!(own_name_bait("acme-account-recovery-help", "acme").is_some());
        assert!(own_name_bait("acme-verify-identity", "acme").is_some());
        // A class, a club or one ordinary word beside the name.
        assert_eq!(own_name_bait("acme-login-workshop", "acme"), None);
        assert_eq!(own_name_bait("acme-classroom-notes", "acme"), None);
        assert_eq!(own_name_bait("acme-account", "acme"), None);
        assert_eq!(own_name_bait("acme-for-teachers", "acme"), None);
    }

    fn of(host: &str, path: &str) -> Option<(&'static str, String)> {
        site_of(host, path.split('/').filter(|s| !s.is_empty()))
    }

    #[test]
    fn a_builders_path_site_is_its_name() {
        assert_eq!(
            of("sites.google.com", "/view/parcel-redelivery/home"),
            Some(("sites.google.com", "parcel-redelivery".into()))
        );
        assert_eq!(
            of("sites.google.com", "/example.edu/Math-Club"),
            Some(("sites.google.com", "math-club".into()))
        );
        assert_eq!(
            of("sites.google.com", "/site/oldsite"),
            Some(("sites.google.com", "oldsite".into()))
        );
        assert_eq!(
            of("jane.wixsite.com", "/my-bakery"),
            Some(("wixsite.com", "my-bakery".into()))
        );
        assert_eq!(
            of("padlet.com", "/teacher/board1"),
            Some(("padlet.com", "teacher".into()))
        );
    }

    #[test]
    fn other_hosts_and_segments_that_are_no_label_are_not_read() {
        // Not a site's name: Google Sites' own pages, other hosts, names no host label can be.
        assert_eq!(of("sites.google.com", "/new"), None);
        assert_eq!(of("sites.google.com", "/view/"), None);
        assert_eq!(of("docs.google.com", "/view/x"), None);
        assert_eq!(of("wixsite.com", "/x"), None);
        assert_eq!(of("notwixsite.com", "/x"), None);
        assert_eq!(of("padlet.com", "/user_name/b"), None);
        assert_eq!(of("linktr.ee", "/-x"), None);
        assert_eq!(of("linktr.ee", &format!("/{}", "a".repeat(64))), None);
    }
}
