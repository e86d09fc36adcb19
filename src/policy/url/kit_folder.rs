//! A web page served from a content-management system's media, upload, include or static folders
//! (rule `url.path.kit`): where phishing kits live on hacked sites, whatever brand they imitate.
//!
//! A kit is dropped where the intruder could write: the upload folder (`wp-content/uploads/`, Drupal's
//! `sites/<site>/files/`), the software's own folders (`wp-includes/`, `wp-admin/css/`), a plugin or theme
//! folder, `.well-known/` (whose files the host's certificate tool keeps, and nobody reads), `cgi-bin/`,
//! a static folder (`images/`). The brand is often only a word of the kit's folder, in the language of its
//! victims, and no list of names holds every small bank and post office: the place the page is served from
//! is the signal, and it holds for the brands nobody listed (`url.path.brand` reads the listed ones).
//!
//! A link in a url-mode elicitation asks a person to sign in, pay or confirm: no such step is served from
//! a folder of media files or of the software's code. Two strengths:
//! - a page alone suffices where no page of a visitor's ever is: a server script (`.php`, `.asp`, ...) in
//!   the upload folder, any page under `wp-includes/` or a static folder of `wp-admin/`, any page under
//!   `.well-known/` in a folder the IANA registry does not name;
//! - a page with a lure word of the path after the folder ([`booster`]: sign-in, payment, parcel, refund
//!   words, in the languages of the lure lists) where the folder sometimes serves pages: an HTML page in
//!   the upload folder (e-learning packages and newsletters are uploaded as HTML), a plugin's or theme's
//!   page, a server script in `images/` or another static folder, `cgi-bin/` (whose sign-in word need not
//!   end in a page: `cgi-bin/webscr`).
//!
//! Not read on a site on the shipped list (its paths are its own business; `path_bait` decides which
//! hosts those are) nor on a shared host, where a stranger's page is judged by `url.path.brand`.

use super::path_bait::{path_lure, sign_in_word, words};
use super::top_sites::step_word;
use super::{rules, Findings, Parts};

/// Most path segments read (as `path_bait`).
const MAX_SEGMENTS: usize = 12;
/// Longest path segment read for words (longer ones are ids and slugs).
const MAX_SEGMENT: usize = 64;

/// File endings of pages run on the server: none belongs in a folder of uploaded media.
const SCRIPT_EXTENSIONS: &[&str] = &[
    "php", "php5", "php7", "phtml", "asp", "aspx", "jsp", "cgi", "pl",
];
/// File endings of static web pages.
const HTML_EXTENSIONS: &[&str] = &["html", "htm", "shtml", "xhtml"];

/// Folders of `wp-admin/` that hold styles, scripts, images and included code, never a page.
const WP_ADMIN_STATIC: &[&str] = &["css", "js", "images", "includes", "maint"];
/// Folders of `wp-content/` that hold uploaded or generated files (`uploads`, `upgrade`, `cache`).
const WP_CONTENT_MEDIA: &[&str] = &["uploads", "upgrade", "cache"];
/// Folders of `wp-content/` that hold installed code: a plugin's page exists, but seldom for a visitor.
const WP_CONTENT_CODE: &[&str] = &["plugins", "themes", "mu-plugins"];
/// A site's static folders (any CMS, or none): images, styles, scripts, fonts.
const STATIC_FOLDERS: &[&str] = &["images", "image", "img", "css", "js", "fonts"];

/// Names under `.well-known/` of the IANA registry of well-known URIs (and a few widely deployed ones):
/// a page under any other name there is no tool's.
const WELL_KNOWN_NAMES: &[&str] = &[
    "acme-challenge",
    "pki-validation",
    "security.txt",
    "openid-configuration",
    "openid-federation",
    "oauth-authorization-server",
    "oauth-protected-resource",
    "apple-app-site-association",
    "apple-developer-merchantid-domain-association",
    "assetlinks.json",
    "change-password",
    "webfinger",
    "host-meta",
    "host-meta.json",
    "nodeinfo",
    "matrix",
    "mta-sts.txt",
    "jwks.json",
    "did.json",
    "gpc.json",
    "caldav",
    "carddav",
    "traffic-advice",
    "passkey-endpoints",
    "web-identity",
    "microsoft-identity-association.json",
    "mcp",
    "mcp.json",
    "ai-plugin.json",
];

/// Where in a CMS's folders a page is served from, and how much that says alone.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Folder {
    /// Uploaded or generated media (`wp-content/uploads`, `sites/<site>/files`).
    Media,
    /// The CMS's own code or static files, which no visitor opens (`wp-includes`, `wp-admin/css`).
    System,
    /// An installed plugin or theme.
    Code,
    /// `.well-known/` under a name no registry knows.
    WellKnown,
    /// A static folder (`images/`, `css/`).
    Static,
    /// `cgi-bin/`.
    CgiBin,
}

impl Folder {
    fn describe(self) -> &'static str {
        match self {
            Folder::Media => "the site's upload folder",
            Folder::System => "the site software's own folders",
            Folder::Code => "a plugin's or theme's folder",
            Folder::WellKnown => "`.well-known/` under a name no registry knows",
            Folder::Static => "a folder of images, styles or scripts",
            Folder::CgiBin => "`cgi-bin/`",
        }
    }
}

/// The first CMS folder of `segs` (lowercase) and the index of the first segment after it.
fn folder_of(segs: &[String]) -> Option<(Folder, usize)> {
    let at = |i: usize| segs.get(i).map(String::as_str);
    for (i, seg) in segs.iter().enumerate() {
        let found = match seg.as_str() {
            "wp-includes" => Some((Folder::System, i + 1)),
            "wp-admin" => at(i + 1)
                .filter(|n| WP_ADMIN_STATIC.contains(n))
                .map(|_| (Folder::System, i + 2)),
            "wp-content" => at(i + 1).and_then(|n| {
                if WP_CONTENT_MEDIA.contains(&n) {
                    Some((Folder::Media, i + 2))
                } else if WP_CONTENT_CODE.contains(&n) {
                    Some((Folder::Code, i + 2))
                } else {
                    None
                }
            }),
            // Drupal's public files: `sites/default/files/`, `sites/<site>/files/`.
            "sites" => (at(i + 2) == Some("files")).then_some((Folder::Media, i + 3)),
            ".well-known" => at(i + 1)
                .filter(|n| !WELL_KNOWN_NAMES.contains(n))
                .map(|_| (Folder::WellKnown, i + 1)),
            "cgi-bin" => Some((Folder::CgiBin, i + 1)),
            s if STATIC_FOLDERS.contains(&s) => Some((Folder::Static, i + 1)),
            _ => None,
        };
        if found.is_some() {
            return found;
        }
    }
    None
}

/// Whether a word of the path after the folder is bait: a sign-in, payment, parcel, refund or other
/// scam word of the path rules (`super::path_bait::path_lure`, without the words that name an ordinary
/// folder of documents), or a payment, parcel or renewal word of the languages of the lure lists
/// ([`step_word`]: `placanje`, `zahlung`, `paczka`).
fn booster(word: &str) -> bool {
    (path_lure(word) && !matches!(word, "docs" | "shared" | "storage" | "statement"))
        || (word.len() >= 4 && step_word(word))
}

/// Judges the path of a link to a site on no list (`host`, ASCII lowercase) for a page in a CMS's media,
/// include or static folders.
pub(super) fn judge(url: &Parts<'_>, host: &str, out: &mut Findings) {
    let Some(segments) = url.path_segments() else {
        return;
    };
    // Most paths hold no CMS folder: look for one before copying anything.
    let path = url.path;
    let hint = [
        "wp-",
        "sites/",
        ".well-known",
        "cgi-bin",
        "images",
        "image/",
        "img/",
        "css/",
        "js/",
        "fonts/",
    ];
    if !hint.iter().any(|h| {
        path.as_bytes()
            .windows(h.len())
            .any(|w| w.eq_ignore_ascii_case(h.as_bytes()))
    }) {
        return;
    }
    let segs: Vec<String> = segments
        .filter(|s| !s.is_empty())
        .take(MAX_SEGMENTS)
        .map(str::to_ascii_lowercase)
        .collect();
    let Some((folder, after)) = folder_of(&segs) else {
        return;
    };
    let rest = segs.get(after..).unwrap_or(&[]);
    let Some(last) = rest.last() else { return };
    let ext = last
        .rsplit_once('.')
        .filter(|(stem, ext)| !stem.is_empty() && (1..=5).contains(&ext.len()))
        .map(|(_, ext)| ext);
    let script = ext.is_some_and(|e| SCRIPT_EXTENSIONS.contains(&e));
    let html = ext.is_some_and(|e| HTML_EXTENSIONS.contains(&e));
    let lure = || {
        rest.iter()
            .filter(|s| s.len() <= MAX_SEGMENT)
            .flat_map(|s| words(s))
            .any(|w| booster(&w))
    };
    let bait = match folder {
        Folder::Media => script || (html && lure()),
        Folder::System | Folder::WellKnown => script || html,
        Folder::Code => (script || html) && lure(),
        Folder::Static => script && lure(),
        // `cgi-bin/webscr`, `cgi-bin/login.cgi`: the program's own name is the sign-in step.
        Folder::CgiBin => rest
            .iter()
            .filter(|s| s.len() <= MAX_SEGMENT)
            .flat_map(|s| words(s))
            .any(|w| sign_in_word(&w)),
    };
    if bait {
        out.push(
            rules::PATH_KIT,
            format!(
                "the link opens a page in {} ({host}): a folder of files, not of pages, where phishing \
                 kits are dropped on compromised sites",
                folder.describe()
            ),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn folder(path: &str) -> Option<Folder> {
        let segs: Vec<String> = path
            .split('/')
            .filter(|s| !s.is_empty())
            .map(str::to_ascii_lowercase)
            .collect();
        folder_of(&segs).map(|(f, _)| f)
    }

    #[test]
    fn folders_are_found_by_their_cms_shape() {
        assert_eq!(
            folder("/wp-content/uploads/2024/x.php"),
            Some(Folder::Media)
        );
        assert_eq!(folder("/blog/wp-includes/js/x.html"), Some(Folder::System));
        assert_eq!(folder("/wp-admin/css/x/login.html"), Some(Folder::System));
        assert_eq!(folder("/wp-content/plugins/x/y.php"), Some(Folder::Code));
        assert_eq!(folder("/sites/default/files/x.html"), Some(Folder::Media));
        assert_eq!(folder("/.well-known/pay/x.html"), Some(Folder::WellKnown));
        assert_eq!(folder("/cgi-bin/webscr"), Some(Folder::CgiBin));
        assert_eq!(folder("/images/a/b.php"), Some(Folder::Static));
        // The admin's own pages, a theme's name that is no folder of ours, registered names.
        assert_eq!(folder("/wp-admin/post.php"), None);
        assert_eq!(folder("/wp-content/languages/de.mo"), None);
        assert_eq!(folder("/.well-known/acme-challenge/abc"), None);
        assert_eq!(folder("/sites/about/team.html"), None);
    }

    #[test]
    fn boosters_are_scam_words_in_many_languages() {
        for w in ["placanje", "login", "verify", "zahlung", "refund", "webscr"] {
            assert!(booster(w), "{w}");
        }
        for w in [
            "report", "story", "index", "docs", "shared", "gallery", "2024",
        ] {
            assert!(!booster(w), "{w}");
        }
    }
}
