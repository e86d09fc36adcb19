//! A protected name in the path of a page that is not the name's own, set up to collect a sign-in
//! (rule `url.path.brand`): the host is one anyone can put a page on, or a stranger's site, so the host
//! checks see nothing, and the name the person trusts is further along the link.
//!
//! Three places where a phishing kit puts a brand's name in the path:
//! - a page on a shared host, whose path (or part of it) is a stranger's space: a cloud-storage bucket
//!   (`s3.amazonaws.com/<bucket>/`, `storage.googleapis.com/<bucket>/`), a site builder's or form
//!   builder's page (`sites.google.com/view/<site>/`, `forms.zohopublic.com/<account>/`), an IPFS
//!   gateway, or any page of a hosting service (the public suffix list's private section, or a site
//!   builder tagged `hosting`); the name beside a sign-in or scam word of the path, or, in a storage
//!   bucket, a web page served from it (buckets hold files; a brand's sign-in page there is a kit);
//! - a compromised site's system folders (`wp-includes/`, `wp-admin/`, `wp-content/`, `.well-known/`,
//!   `cgi-bin/`), where no site keeps a brand's folder: the name beside a lure word or a page;
//! - any other site that is not well known: the name's folder, then a sign-in word, ending in a page
//!   file (`<brand>/signin/index.php`, `<brand>/login.html`).
//!
//! Not bait: the name right after a sign-in route's word (`/auth/google/login`, `/login/github`), which
//! is an app's "sign in with" route; the name on its own host (`github.com/...`) or on the shared host's
//! own name; code-hosting sites (`github.com/<org>`), where brands keep their real organisations.
//! Names count from [`MIN_PATH_NAME`] letters (the long tail's from one more): shorter ones are words
//! that paths are made of.

use smallvec::SmallVec;

use super::top_sites::{is_lure, TopBrand, TopSites, AFFIX_WORDS, LURE_WORDS};
use super::{rules, Findings, Parts};

/// Shortest protected name read in a path: paths are made of short words (`live`, `mail`, `docs`).
pub(super) const MIN_PATH_NAME: usize = 5;
/// Longest path word read as a name with affix words glued to it.
const MAX_AFFIXED_WORD: usize = 32;
/// Most words of one path segment read (a slug is a sentence; a name's folder is a word or three).
const MAX_SEGMENT_WORDS: usize = 8;
/// Most path segments read.
const MAX_PATH_SEGMENTS: usize = 12;
/// Longest path segment read (a name's folder is short; longer segments are ids and slugs).
const MAX_SEGMENT: usize = 64;

/// Shared hosts whose path holds a stranger's space (exact host names).
const SHARED_PATH_HOSTS: &[&str] = &[
    "s3.amazonaws.com",
    "storage.googleapis.com",
    "storage.cloud.google.com",
    "firebasestorage.googleapis.com",
    "sites.google.com",
    "forms.zohopublic.com",
    "forms.zohopublic.eu",
    "forms.zohopublic.in",
    "ipfs.io",
    "dweb.link",
    "cloudflare-ipfs.com",
    "gateway.pinata.cloud",
    "padlet.com",
    "linktr.ee",
];

/// Of [`SHARED_PATH_HOSTS`], the cloud-storage ones (and every regional S3 endpoint): buckets hold files,
/// and a web page served from a bucket named after a brand is bait without a lure word.
const STORAGE_HOSTS: &[&str] = &[
    "s3.amazonaws.com",
    "storage.googleapis.com",
    "storage.cloud.google.com",
    "firebasestorage.googleapis.com",
    "ipfs.io",
    "dweb.link",
    "cloudflare-ipfs.com",
    "gateway.pinata.cloud",
];

/// Cloud object-storage and CDN endpoints whose subdomain is a stranger's bucket or account, under a
/// provider's domain that the public suffix list does not split: the path is that stranger's files, the
/// subdomain their name (judged like a hosting service's by the host checks).
const STORAGE_SUFFIXES: &[&str] = &[
    "blob.core.windows.net",
    "web.core.windows.net",
    "file.core.windows.net",
    "digitaloceanspaces.com",
    "backblazeb2.com",
    "linodeobjects.com",
    "cloudfront.net",
    "r2.dev",
    "s3.amazonaws.com",
    "firebasestorage.app",
    // Google Cloud Storage's virtual-hosted buckets (`<bucket>.storage.googleapis.com`).
    "storage.googleapis.com",
];

/// The storage endpoint suffix ([`STORAGE_SUFFIXES`]) a host is under or is, when there is one.
pub(super) fn storage_suffix(host: &str) -> Option<&'static str> {
    let host = host.trim_end_matches('.');
    STORAGE_SUFFIXES.iter().copied().find(|s| {
        host.strip_suffix(s)
            .is_some_and(|head| head.is_empty() || head.ends_with('.'))
    })
}

/// Folders of a web site's software that hold no page of a brand's: a brand's folder inside one is a
/// phishing kit dropped on a compromised site.
const SYSTEM_FOLDERS: &[&str] = &[
    "wp-includes",
    "wp-admin",
    "wp-content",
    ".well-known",
    "cgi-bin",
];

/// Path words of an app's own sign-in routes: the name after one is the provider a person signs in with
/// (`/auth/google`, `/login/github/callback`), not bait.
const SIGN_IN_ROUTES: &[&str] = &[
    "auth",
    "oauth",
    "oauth2",
    "login",
    "signin",
    "sso",
    "social",
    "connect",
    "callback",
    "provider",
    "providers",
    "integrations",
    "accounts",
];

/// File endings of web pages (as opposed to scripts, styles, images and downloads).
const PAGE_EXTENSIONS: &[&str] = &["html", "htm", "shtml", "php", "asp", "aspx", "jsp", "cgi"];

/// Words of a sign-in or verification step, for a stranger's site (narrower than the lure words: a
/// shop's `paypal/payment.php` is its checkout).
const SIGN_IN_WORDS: &[&str] = &[
    "login",
    "logon",
    "signin",
    "signon",
    "verify",
    "verification",
    "validate",
    "authenticate",
    "unlock",
    "recover",
    "recovery",
    "password",
    "webscr",
    "secure",
    "security",
    "account",
    "update",
    "confirm",
    "kyc",
    "otp",
    "connexion",
    "anmelden",
    "anmeldung",
    "inloggen",
    "acceso",
    "acesso",
    "acceder",
    "accedi",
    "entrar",
    "ingresar",
    "masuk",
    "giris",
    "logowanie",
    "prihlaseni",
    "prijava",
    "vhod",
    "dangnhap",
    "kirjaudu",
    "logga",
];

/// Scam words of a path beside a name on a shared host or in a site's software folders, with the sign-in
/// words ([`path_lure`]): a bill, a refund, a parcel, a full mailbox, a locked account, a prize. Not the
/// lure words that a club's or a shop's pages use too (`members`, `online`, `service`, `portal`).
const PATH_SCAM_WORDS: &[&str] = &[
    "billing",
    "payment",
    "refund",
    "invoice",
    "wallet",
    "delivery",
    "tracking",
    "customs",
    "parcel",
    "storage",
    "quota",
    "mailbox",
    "suspended",
    "locked",
    "unusual",
    "expired",
    "reward",
    "claim",
    "airdrop",
    "restore",
    "unblock",
    "validation",
    "statement",
    "docs",
    "shared",
];

/// Whether a word of a path beside a name on a shared host is bait: a sign-in word
/// ([`sign_in_word`]) or a scam word ([`PATH_SCAM_WORDS`], also glued from four letters).
pub(super) fn path_lure(token: &str) -> bool {
    sign_in_word(token)
        || super::top_sites::strong_lure(token)
        || PATH_SCAM_WORDS.iter().any(|w| {
            token == *w
                || (w.len() >= 4
                    && token.len() > w.len()
                    && (token.starts_with(w) || token.ends_with(w)))
        })
}

/// Whether a word of a path names a sign-in step ([`SIGN_IN_WORDS`], also glued to another word from
/// four letters: `loginform`, `verifyaccount`).
pub(super) fn sign_in_word(token: &str) -> bool {
    SIGN_IN_WORDS.iter().any(|w| {
        token == *w
            || (w.len() >= 4
                && token.len() > w.len()
                && (token.starts_with(w) || token.ends_with(w)))
    })
}

/// A path segment split into its words: lowercase ASCII alphanumeric runs (`KYCUpdate` is one word,
/// `kycupdate`; `gmail-storage-upgrade` three). A run written in camel case or with a number inside
/// (`Microsoft365Verification`, a form builder's page name) is followed by its pieces (`microsoft`,
/// `365`, `verification`): the name and the lure word a writer glued are still two words to the reader.
pub(super) fn words(segment: &str) -> SmallVec<[String; 6]> {
    let mut out: SmallVec<[String; 6]> = SmallVec::new();
    for run in segment
        .split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|w| !w.is_empty())
    {
        if out.len() >= MAX_SEGMENT_WORDS {
            break;
        }
        out.push(run.to_ascii_lowercase());
        let pieces = pieces_of(run);
        if pieces.len() > 1 {
            for p in pieces {
                if out.len() >= MAX_SEGMENT_WORDS {
                    break;
                }
                out.push(p.to_ascii_lowercase());
            }
        }
    }
    out
}

/// The pieces of an ASCII alphanumeric run cut where a lowercase letter is followed by a capital
/// (`fooBar`) or a letter by a digit or a digit by a letter (`office365login`); at most
/// [`MAX_SEGMENT_WORDS`].
fn pieces_of(run: &str) -> SmallVec<[&str; 6]> {
    let b = run.as_bytes();
    let mut out: SmallVec<[&str; 6]> = SmallVec::new();
    let mut start = 0;
    for i in 1..b.len() {
        let (x, y) = (b[i - 1], b[i]);
        let cut = (x.is_ascii_lowercase() && y.is_ascii_uppercase())
            || (x.is_ascii_alphabetic() && y.is_ascii_digit())
            || (x.is_ascii_digit() && y.is_ascii_alphabetic());
        if cut {
            if let Some(p) = run.get(start..i) {
                out.push(p);
            }
            start = i;
            if out.len() >= MAX_SEGMENT_WORDS {
                return out;
            }
        }
    }
    if let Some(p) = run.get(start..) {
        out.push(p);
    }
    out
}

/// The file ending of a segment, lowercase, when it has one.
fn extension(segment: &str) -> Option<String> {
    let (stem, ext) = segment.rsplit_once('.')?;
    (!stem.is_empty() && !ext.is_empty() && ext.len() <= 5).then(|| ext.to_ascii_lowercase())
}

/// The protected name a segment's words are (one word, or up to three neighbours joined: `ceska-posta`),
/// or carry with affix words glued (`paypallogin`): `(name, the words it spans)`.
fn name_in<'t>(
    t: &'t TopSites,
    words: &[String],
    min_edit: usize,
) -> Option<(&'t TopBrand, std::ops::Range<usize>)> {
    for n in 1..=3usize.min(words.len()) {
        for at in 0..=words.len() - n {
            let Some(span) = words.get(at..at + n) else {
                continue;
            };
            let joined = span.concat();
            if LURE_WORDS.contains(&joined.as_str()) || AFFIX_WORDS.contains(&joined.as_str()) {
                continue;
            }
            let found = t
                .exact(&joined)
                .or_else(|| {
                    // A name with an affix word glued (`paypallogin`): at least two letters more
                    // than the shortest name, and no longer than a name and three affixes.
                    (n == 1 && (MIN_PATH_NAME + 2..=MAX_AFFIXED_WORD).contains(&joined.len()))
                        .then(|| t.with_affixes(&joined, min_edit))
                        .flatten()
                })
                .filter(|b| {
                    let min = if b.tail {
                        MIN_PATH_NAME + 1
                    } else {
                        MIN_PATH_NAME
                    };
                    b.label.len() >= min
                        && !LURE_WORDS.contains(&b.label.as_str())
                        && !AFFIX_WORDS.contains(&b.label.as_str())
                        && !SIGN_IN_ROUTES.contains(&b.label.as_str())
                });
            if let Some(b) = found {
                return Some((b, at..at + n));
            }
        }
    }
    None
}

/// The top-tier name of three or four letters a one-word folder is exactly (`cgd`), for a site's software
/// folders ([`SYSTEM_FOLDERS`]): `(name, the word)`.
fn short_folder<'t>(
    t: &'t TopSites,
    words: &[String],
) -> Option<(&'t TopBrand, std::ops::Range<usize>)> {
    let [word] = words else { return None };
    let b = t.exact(word)?;
    let ok = !b.tail
        && (3..MIN_PATH_NAME).contains(&b.label.len())
        && !LURE_WORDS.contains(&b.label.as_str())
        && !AFFIX_WORDS.contains(&b.label.as_str())
        && !SIGN_IN_ROUTES.contains(&b.label.as_str())
        && !PAGE_EXTENSIONS.contains(&b.label.as_str());
    ok.then_some((b, 0..1))
}

/// How a host holds pages, for this check.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Place {
    /// A cloud-storage host (bucket paths).
    Storage,
    /// Another host whose path or subdomain is a stranger's space.
    Shared,
    /// A site on the shipped list of well-known sites: its paths are its own business.
    Known,
    /// Any other site.
    Other,
}

/// Judges the path of a link whose host is `host` (ASCII, lowercase).
pub(super) fn judge(t: &TopSites, url: &Parts<'_>, min_edit: usize, out: &mut Findings) {
    let Some(host) = url.domain() else { return };
    let host = host.trim_end_matches('.');
    // A shared host that is a public suffix itself (`s3.amazonaws.com`) is its own registrable name here.
    let reg = psl::domain_str(host).unwrap_or(host);
    let before = out.pushes;
    check(t, url, host, reg, min_edit, out);
    if out.pushes == before {
        weak_host(t, url, reg, min_edit, out);
    }
    // A page in a CMS's media or code folders, whatever its words name, on a site on no list.
    if out.pushes == before && !t.is_known(reg) && !shared_host(host) {
        super::kit_folder::judge(url, host, out);
    }
}

/// Whether `host`, on no list, is one whose path or subdomain is a stranger's space (a storage or shared
/// host, or under a hosting service's public suffix), as [`check`] places it: `url.path.brand` judges a
/// page there.
fn shared_host(host: &str) -> bool {
    SHARED_PATH_HOSTS.contains(&host)
        || STORAGE_HOSTS.contains(&host)
        || s3_endpoint(host)
        || storage_suffix(host).is_some()
        || psl::suffix(host.as_bytes())
            .is_some_and(|s| s.is_known() && s.typ() == Some(psl::Type::Private))
}

/// The path checks of the module doc, for a link to `host` (ASCII, lowercase), registrable as `reg`.
fn check(
    t: &TopSites,
    url: &Parts<'_>,
    host: &str,
    reg: &str,
    min_edit: usize,
    out: &mut Findings,
) {
    let reg_label = reg.split('.').next().unwrap_or("");
    let listed = |list: &[&str]| {
        list.contains(&host)
            || (list == STORAGE_HOSTS && (s3_endpoint(host) || storage_suffix(host).is_some()))
    };
    let known = t.is_known(reg);
    // A host under a hosting service's public suffix has that whole name as its registrable domain,
    // which is on no list: the suffix is looked up only for a host the list does not know.
    let private_suffix = || {
        psl::suffix(host.as_bytes())
            .is_some_and(|s| s.is_known() && s.typ() == Some(psl::Type::Private))
    };
    let place = if listed(STORAGE_HOSTS) {
        Place::Storage
    } else if listed(SHARED_PATH_HOSTS)
        || (known && t.is_hosting(reg) && host != reg && !host.starts_with("www."))
    {
        Place::Shared
    } else if known {
        Place::Known
    } else if private_suffix() {
        Place::Shared
    } else {
        Place::Other
    };
    if place == Place::Known {
        return;
    }
    let Some(segments) = url.path_segments() else {
        return;
    };
    let segs: SmallVec<[&str; 12]> = segments
        .filter(|s| !s.is_empty())
        .take(MAX_PATH_SEGMENTS)
        .collect();
    let page = segs
        .last()
        .and_then(|s| extension(s))
        .is_some_and(|e| PAGE_EXTENSIONS.contains(&e.as_str()));
    // A stranger's site is read only with a page at the end or a software folder in the path: the
    // rest of the web's paths are nobody's bait, and reading each word costs look-ups.
    let any_system = segs
        .iter()
        .any(|s| SYSTEM_FOLDERS.iter().any(|f| s.eq_ignore_ascii_case(f)));
    if let Some(domain) = listed_host_folder(t, &segs, reg) {
        out.push(
            rules::PATH_BRAND,
            format!(
                "the link's path holds the site `{domain}` as a folder before a sign-in page, on a \
                 site that is not it ({host})"
            ),
        );
        return;
    }
    if place == Place::Other && !page && !any_system {
        return;
    }
    let mut system = false;
    for (i, seg) in segs.iter().enumerate() {
        let lower = seg.to_ascii_lowercase();
        if SYSTEM_FOLDERS.contains(&lower.as_str()) {
            system = true;
            continue;
        }
        if seg.len() > MAX_SEGMENT {
            continue;
        }
        // After a sign-in route's word the name is the provider an app signs you in with.
        let after_route = i
            .checked_sub(1)
            .and_then(|p| segs.get(p))
            .is_some_and(|p| SIGN_IN_ROUTES.contains(&p.to_ascii_lowercase().as_str()));
        if after_route {
            continue;
        }
        let w = words(seg);
        let found = name_in(t, &w, min_edit).or_else(|| {
            // Inside a site's software folders a folder named exactly after a short name (`cgd/`,
            // `bbva/`) is a kit's too, when a sign-in page follows: no theme or plugin is called that
            // and ends in one.
            (system && page && w.len() == 1)
                .then(|| short_folder(t, &w))
                .flatten()
                .filter(|_| {
                    segs.iter()
                        .skip(i + 1)
                        .any(|s| words(s).iter().any(|x| sign_in_word(x)))
                })
        });
        let Some((b, span)) = found else {
            continue;
        };
        // The host's own name (`google` on `sites.google.com`) is the host's business.
        if b.label == reg_label {
            continue;
        }
        // Lure words of the path besides the name's own words, in this segment and those after it.
        let later = || segs.iter().skip(i + 1).flat_map(|s| words(s));
        let here = || {
            w.iter()
                .enumerate()
                .filter(|(j, _)| !span.contains(j))
                .map(|(_, x)| x.clone())
        };
        // A strong lure word written as two words beside the name (`<bank>-sucursal-virtual`).
        let joined = || {
            let own: SmallVec<[String; 6]> = here().collect();
            own.windows(2).any(|p| match p {
                [a, b] => {
                    a.len() + b.len() <= 32 && super::top_sites::strong_lure(&(a.clone() + b))
                }
                _ => false,
            })
        };
        let bait = match place {
            Place::Storage => page || here().chain(later()).any(|x| path_lure(&x)) || joined(),
            Place::Shared => here().chain(later()).any(|x| path_lure(&x)) || joined(),
            Place::Other if system => page || here().chain(later()).any(|x| path_lure(&x)),
            Place::Other => {
                page && segs
                    .iter()
                    .skip(i + 1)
                    .take(2)
                    .any(|s| words(s).iter().any(|x| sign_in_word(x)))
            }
            Place::Known => false,
        };
        if bait {
            let why = match place {
                Place::Storage | Place::Shared => "a page anyone can publish",
                _ if system => "a folder of the site's software, where a phishing kit is dropped",
                _ => "a sign-in page of a site that is not",
            };
            out.push(
                rules::PATH_BRAND,
                format!(
                    "the link's path names `{}` on {why} ({host}), but it is not {}",
                    b.label, b.domain
                ),
            );
            return;
        }
    }
}

/// A folder of the path written as a listed site's host name, followed by a sign-in word in a later
/// folder (`/<listed domain>/common/login`), on a host that is not that site (`reg`, not on the list:
/// the caller returns for listed hosts first). A kit copies the real sign-in page's host and path
/// under its own host so that the address bar shows the real name; no site files its own pages under
/// another site's name followed by a sign-in step (a lookup or archive site's page ends with the
/// name, `/domain/<host>`). Returns the folder.
fn listed_host_folder<'s>(t: &TopSites, segs: &[&'s str], reg: &str) -> Option<&'s str> {
    segs.iter().enumerate().find_map(|(i, seg)| {
        if seg.len() > MAX_SEGMENT || !seg.contains('.') || seg.starts_with('.') {
            return None;
        }
        // Most dotted segments are file names (`index.html`) with no registrable domain: looked up
        // as written, copied only when a capital letter must be lowered.
        let lower: std::borrow::Cow<'_, str> = if seg.bytes().any(|b| b.is_ascii_uppercase()) {
            std::borrow::Cow::Owned(seg.to_ascii_lowercase())
        } else {
            std::borrow::Cow::Borrowed(seg)
        };
        let folder_reg = psl::domain_str(&lower)?;
        let sign_in_after = || {
            segs.iter()
                .skip(i + 1)
                .any(|s| words(s).iter().any(|x| sign_in_word(x)))
        };
        (folder_reg != reg
            && t.is_known(folder_reg)
            && !t.is_hosting(folder_reg)
            && sign_in_after())
        .then_some(*seg)
    })
}

/// Words of a page's path or query names that confirm a weak look-alike host: a sign-in step
/// ([`SIGN_IN_WORDS`]) or a person's account page.
fn account_word(token: &str) -> bool {
    sign_in_word(token) || matches!(token, "profile" | "users" | "user" | "wallet" | "billing")
}

/// A host that is only weakly like a protected name, confirmed by its page (rule `url.host.brand`): the
/// registrable label is one edit from a five-letter name or one look-alike letter from a four-letter one
/// ([`TopSites::near_short`]: `pypj`, `bxbit`), has a name as a hyphenated part of its own (`nid-naver`,
/// `pypi-mirror`; not beside a word of a brand's own second domain, [`OWNED_WORDS`]); and the path or the
/// query's names hold a
/// sign-in or account word, or the name itself (`fedez.com/fedextrack`). Each alone is an ordinary site
/// as often as not (`sell` is one edit from `dell`); a sign-in page on it is bait.
fn weak_host(t: &TopSites, url: &Parts<'_>, reg: &str, min_edit: usize, out: &mut Findings) {
    if t.is_known(reg) || !reg.is_ascii() {
        return;
    }
    let Some((label, ending)) = reg.split_once('.') else {
        return;
    };
    // A typo of a short name is confirmed by any lure word of the page (`dhhl.de/.../pakete`); a name
    // among other words, by a sign-in or account word only.
    let (name, typo) = match t.near_short(label, min_edit) {
        Some(b) => (Some(b), true),
        None => (
            hyphenated_name(t, label, ending).or_else(|| t.short_with_affixes(label)),
            false,
        ),
    };
    // A short name (initials, or a word: `wise`, `a1`) as a hyphenated part is the weakest sign of all,
    // confirmed by a sign-in step only (below).
    // (urls17) A three- or four-letter name's domain one slip away (`ubr.com` for `uber.com`, `alb.ie`
    // for `aib.ie`) is as weak, and confirmed the same way.
    let (name, short) = match name {
        Some(b) => (Some(b), false),
        None => (
            short_hyphenated_name(t, label, ending).or_else(|| {
                // Not under a government's, military's or school's zone, where nobody but the
                // institution registers a name (`raven.cam.ac.uk`: `zones.rs`).
                (!super::zones::restricted(reg))
                    .then(|| t.short_slip(label, ending))
                    .flatten()
            }),
            true,
        ),
    };
    let Some(b) = name else {
        let before = out.pushes;
        country_affixed(url, label, ending, out);
        if out.pushes == before {
            short_name_lure_page(url, label, ending, out);
        }
        return;
    };
    let mut page_words = url
        .path_segments()
        .into_iter()
        .flatten()
        .take(MAX_PATH_SEGMENTS)
        .flat_map(words)
        .chain(
            url.query
                .unwrap_or("")
                .split('&')
                .filter_map(|p| p.split('=').next())
                .take(MAX_PATH_SEGMENTS)
                .flat_map(words),
        );
    // The name itself in the page's words (`fedez.com/fedextrack`): inside a word from five letters, a
    // shorter one only as a word of its own (`ing` is in `pricing`).
    let names_it =
        |w: &str| w == b.label || (b.label.len() >= MIN_PATH_NAME && w.contains(b.label.as_str()));
    let confirmed = if short {
        // A short name beside a word (`<initials>-mobile`, `<word-name>-transfers`) is an ordinary
        // company's domain as often as not: only a sign-in step of the page confirms it, and for a
        // two-letter name (`<xx>-<bill word>.at`) the page must name it too (`/mein-<xx>/login`).
        let words: SmallVec<[String; 8]> = page_words.collect();
        words.iter().any(|w| sign_in_word(w))
            && (b.label.len() > MIN_SHORT_HYPHENATED || words.contains(&b.label))
    } else {
        page_words.any(|w| account_word(&w) || names_it(&w) || (typo && is_lure(&w)))
    };
    if confirmed {
        out.push(
            rules::HOST_BRAND,
            format!(
                "the name `{label}` is close to `{}`, and its page asks you to sign in, but it is not {}",
                b.label, b.domain
            ),
        );
    }
}

/// A registrable label that is a name and a country code (`<name>-eg`, `<name>-mx`) under a generic
/// ending (`.com`, `.net`, a new generic one), whose page asks to sign in, confirm or activate
/// (rule `url.host.brand`): "your country's branch" of a service no list carries. A company's country
/// site is under the country's own ending (`<name>.com.eg`) or a path of its main site; the hyphenated
/// country code on a generic ending is how a phisher says it. Alone it is an ordinary regional site as
/// often as not; with a sign-in page it is bait.
fn country_affixed(url: &Parts<'_>, label: &str, ending: &str, out: &mut Findings) {
    let Some((name, cc)) = label.split_once('-') else {
        return;
    };
    let country = cc.len() == 2
        && cc.bytes().all(|b| b.is_ascii_lowercase())
        && psl::suffix(cc.as_bytes())
            .is_some_and(|s| s.is_known() && s.as_bytes() == cc.as_bytes());
    // The generic endings, not a country's (where `-<cc>` is the country's own company).
    let generic = !ending.contains('.') && ending.len() > 2;
    // Codes that are also a department's or trade's initials in company names (`<name>-hr` for human
    // resources, `-it`, `-pr`, `-ai`, `-tv`): a sign-in page there is the company's own portal.
    let initials = matches!(cc, "hr" | "it" | "pr" | "ai" | "tv");
    if !country
        || initials
        || !generic
        || name.len() < 4
        || !name.bytes().all(|b| b.is_ascii_lowercase())
        || is_lure(name)
    {
        return;
    }
    let sign_in = url
        .path_segments()
        .into_iter()
        .flatten()
        .take(MAX_PATH_SEGMENTS)
        .flat_map(words)
        .any(|w| account_word(&w) || super::top_sites::strong_lure(&w) || w.starts_with("activat"));
    if sign_in {
        out.push(
            rules::HOST_BRAND,
            format!(
                "the name `{label}` is `{name}` with the country code `{cc}` under `.{ending}`, and its page asks you to sign in; a company's country site is under the country's own ending"
            ),
        );
    }
}

/// New generic endings that small shops use as much as phishers do: not cheap enough for
/// [`super::top_sites::cheap_tld`], but where a short name with a bare lure page is as suspect.
const SHOP_ENDINGS: &[&str] = &[
    "online", "site", "store", "shop", "live", "vip", "support", "help",
];

/// A short one-word name (two to eight letters: initials or a brand's short name) under one of the
/// most abused endings or [`SHOP_ENDINGS`], whose path is a lure page and nothing else: one or two
/// segments, the first a strong lure or activation word (`/verify`, `/ativacao`), no query (rule
/// `url.host.brand`). A regional bank's or wallet's name moved to such an ending is the classic swap,
/// and no list carries every one; a real site's own verification link carries its token.
fn short_name_lure_page(url: &Parts<'_>, label: &str, ending: &str, out: &mut Findings) {
    let cheap = super::top_sites::cheap_tld(ending) || SHOP_ENDINGS.contains(&ending);
    let short = (2..=8).contains(&label.len()) && label.bytes().all(|b| b.is_ascii_lowercase());
    if !cheap || !short || url.query.is_some_and(|q| !q.is_empty()) {
        return;
    }
    let segs: SmallVec<[&str; 4]> = url
        .path_segments()
        .into_iter()
        .flatten()
        .filter(|s| !s.is_empty())
        .take(3)
        .collect();
    let lure_first = segs.first().is_some_and(|s| {
        words(s).first().is_some_and(|w| {
            super::top_sites::strong_lure(w) || w.starts_with("activat") || w.starts_with("ativa")
        })
    });
    if lure_first && segs.len() <= 2 {
        out.push(
            rules::HOST_BRAND,
            format!(
                "the site `{label}.{ending}` is a short name under an ending phishers buy by the thousand, and its page asks you to verify or activate"
            ),
        );
    }
}

/// The top-tier name (of five letters or more: shorter ones are words, `grab-and-go`) that is a
/// hyphenated part of `label` (`nid-naver`), unless a part says the domain is the brand's own second one
/// ([`OWNED_WORDS`]), or the label is a member of the name's family under the name's own country ending
/// (`ending`, the registrable domain's suffix): savings banks, cooperative banks and regional branches
/// are named `<name>-<town>` under the ending the name is listed with (`<name>-<town>.de` beside
/// `<name>.de`), with no lure word beside the town.
fn hyphenated_name<'t>(t: &'t TopSites, label: &str, ending: &str) -> Option<&'t TopBrand> {
    let parts: SmallVec<[&str; 6]> = label.split('-').collect();
    // Beside a word of a brand's own second domain, or a word that says the site is a copy made to
    // learn or show something (`<name>-clone`, `<name>-demo`, `<name>-tutorial`): a developer's own app,
    // whose sign-in page is its own.
    if parts.len() < 2
        || parts
            .iter()
            .any(|p| OWNED_WORDS.contains(p) || COPY_WORDS.contains(p))
    {
        return None;
    }
    // A family member: the name first, then a town or region (`<savings bank>-<town>.de`). Not a
    // product code with a digit (`<bank>-<initials>24`: towns have no digits), nor under an ending sold
    // worldwide (`.io`, `.co`), where no country's same-named banks live.
    let family = |name: &str| {
        ending.len() == 2
            && !super::generic_cc::sold_worldwide(ending)
            && parts.first() == Some(&name)
            && t.is_known(&format!("{name}.{ending}"))
            && !parts
                .iter()
                .skip(1)
                .any(|w| is_lure(w) || w.len() <= 2 || w.bytes().any(|c| c.is_ascii_digit()))
    };
    parts.iter().find_map(|p| {
        t.exact(p).filter(|b| {
            !b.tail
                && !family(&b.label)
                && b.label.len() >= MIN_PATH_NAME
                && !LURE_WORDS.contains(&b.label.as_str())
                && !AFFIX_WORDS.contains(&b.label.as_str())
        })
    })
}

/// The fewest letters of a name read by [`short_hyphenated_name`]: two (`a1`), a telco's or bank's
/// whole name; one letter is any word's initial.
const MIN_SHORT_HYPHENATED: usize = 2;

/// A top-tier name shorter than [`MIN_PATH_NAME`] (`qnb`, `wise`, `a1`) as a whole hyphenated part of the
/// registrable label of two or three parts (`qnb-mobile`, `<name>-transfers`), where [`hyphenated_name`]
/// reads five letters and more. Short names are initials and ordinary words that unrelated hosts share,
/// so the caller asks for a sign-in step of the page ([`weak_host`]); the exclusions are
/// [`hyphenated_name`]'s (a brand's own second domain's word, a developer's copy, the name's family under
/// its own country ending), and a part of digits only (`<xx>-24`) is a number, not a word beside it.
fn short_hyphenated_name<'t>(t: &'t TopSites, label: &str, ending: &str) -> Option<&'t TopBrand> {
    let parts: SmallVec<[&str; 4]> = label.split('-').collect();
    if !(2..=3).contains(&parts.len())
        || parts.iter().any(|p| {
            p.is_empty()
                || OWNED_WORDS.contains(p)
                || COPY_WORDS.contains(p)
                || p.bytes().all(|c| c.is_ascii_digit())
        })
    {
        return None;
    }
    parts.iter().find_map(|p| {
        t.exact(p).filter(|b| {
            let n = b.label.len();
            !b.tail
                && (MIN_SHORT_HYPHENATED..MIN_PATH_NAME).contains(&n)
                && b.label.bytes().any(|c| c.is_ascii_alphabetic())
                && !LURE_WORDS.contains(&b.label.as_str())
                && !AFFIX_WORDS.contains(&b.label.as_str())
                // The name's family under its own country ending (`<xx>-<town>.<cc>`).
                && (ending.len() != 2 || !b.home_in(ending))
        })
    })
}

/// Words that say a site is a developer's copy of a service, made to learn or to show
/// (`<name>-clone.app`): read with [`hyphenated_name`], where only a sign-in word on the page confirms a
/// look-alike. A narrower set than the project words of the host checks: no `api`, `sync` or `tools`,
/// which a phisher's "integration" page also says.
const COPY_WORDS: &[&str] = &[
    "clone",
    "demo",
    "tutorial",
    "example",
    "sample",
    "starter",
    "boilerplate",
];

/// Words a brand's own second domain puts beside its name (`paypal-community.com`, `brand-status.com`):
/// a hyphenated name beside one is not a weak look-alike.
const OWNED_WORDS: &[&str] = &[
    "community",
    "forum",
    "forums",
    "status",
    "blog",
    "careers",
    "jobs",
    "news",
    "press",
    "developer",
    "developers",
    "events",
    "fans",
    "foundation",
    "research",
    "labs",
];

/// Whether a host is a regional Amazon S3 endpoint (`s3.eu-west-1.amazonaws.com`, `s3-us-west-2...`),
/// whose path starts with a bucket.
fn s3_endpoint(host: &str) -> bool {
    host.strip_suffix(".amazonaws.com").is_some_and(|h| {
        (h.starts_with("s3.") || h.starts_with("s3-"))
            && h.bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'.')
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn findings(list: &str, url: &str) -> Vec<String> {
        let t = TopSites::parse(list);
        let parsed = url::Url::parse(url).expect("test URL parses");
        let mut out = Findings::new("/url");
        judge(&t, &Parts::of_url(&parsed), 6, &mut out);
        // This module's rule only: a page in a software folder is `url.path.kit`'s too (`kit_folder`).
        out.into_vec()
            .into_iter()
            .filter(|f| f.rule != rules::PATH_KIT)
            .map(|f| f.message)
            .collect()
    }

    const LIST: &str =
        "northbank.com\nquokkapay.io\nsitebuild.com hosting\ngoogle.com\nknownsite.com\n";

    #[test]
    fn a_listed_host_as_a_folder_before_a_sign_in_step() {
        let list = "examplemail.com\nsitebuild.com hosting\n";
        // The real sign-in host copied into a stranger's path, then its sign-in route.
        assert!(!findings(
            list,
            "https://files-share.xyz/login.examplemail.com/common/login"
        )
        .is_empty());
        assert!(!findings(list, "https://files-share.xyz/examplemail.com/signin").is_empty());
        // A lookup or archive page about the site ends with its name; no sign-in step follows.
        assert!(findings(list, "https://lookup.example.net/domain/examplemail.com").is_empty());
        assert!(findings(list, "https://lookup.example.net/examplemail.com/reviews").is_empty());
        // Not on the site itself, nor for a hosting service's name or an unlisted domain.
        assert!(findings(list, "https://examplemail.com/examplemail.com/login").is_empty());
        assert!(findings(list, "https://files-share.xyz/sitebuild.com/login").is_empty());
        assert!(findings(list, "https://files-share.xyz/unknown-site.com/login").is_empty());
    }

    #[test]
    fn camel_case_and_numbers_split_into_words() {
        let w = words("Microsoft365Verification");
        assert!(w.iter().any(|x| x == "microsoft365verification"));
        assert!(w.iter().any(|x| x == "microsoft"));
        assert!(w.iter().any(|x| x == "verification"));
        assert_eq!(words("KYCUpdate").len(), 1);
        assert_eq!(pieces_of("signInPage").len(), 3);
        assert!(words(&"aB".repeat(40)).len() <= MAX_SEGMENT_WORDS);
    }

    #[test]
    fn names_on_shared_hosts_beside_lure_words() {
        // A bucket named after the name, serving a page or beside a lure word.
        assert_eq!(
            findings(
                LIST,
                "https://s3.amazonaws.com/northbank-statements/view.htm"
            )
            .len(),
            1
        );
        assert_eq!(
            findings(
                LIST,
                "https://s3.eu-central-1.amazonaws.com/quokkapay/verify/start"
            )
            .len(),
            1
        );
        assert_eq!(
            findings(
                LIST,
                "https://storage.googleapis.com/quokkapay-cdn/logo.png"
            )
            .len(),
            0
        );
        // A site or form builder's page, a hosting service's page.
        assert_eq!(
            findings(
                LIST,
                "https://sites.google.com/view/northbank-online/verify"
            )
            .len(),
            1
        );
        assert_eq!(
            findings(LIST, "https://fan-page.sitebuild.com/northbank/unlock").len(),
            1
        );
        assert_eq!(
            findings(LIST, "https://random-thing.web.app/quokkapay/account-reset").len(),
            1
        );
        assert_eq!(
            findings(
                LIST,
                "https://sites.google.com/view/northbank-history/photos"
            )
            .len(),
            0
        );
        // A strong lure word in its language's form, or as two words joined.
        for url in [
            "https://sites.google.com/view/northbank-sucursal-virtual/inicio",
            "https://sites.google.com/view/northbank-verifiera/",
        ] {
            assert_eq!(findings(LIST, url).len(), 1, "{url}");
        }
        // The host's own name, and an app's sign-in route, are not bait.
        assert_eq!(
            findings(LIST, "https://sites.google.com/view/google-login-workshop/").len(),
            0
        );
        assert_eq!(
            findings(LIST, "https://myapp.web.app/auth/northbank/login").len(),
            0
        );
    }

    /// A name's family member under the name's own country ending is the family's; elsewhere, or
    /// beside a lure word, a hyphenated name is still a weak look-alike.
    /// A name with a country code on a generic ending is bait when its page asks to sign in.
    #[test]
    fn country_affixed_names_with_sign_in_pages() {
        let list = "example.org\n";
        assert!(!findings(list, "https://quokkapay-ph.com/activate?n=1").is_empty());
        assert!(!findings(list, "https://quokkapay-ph.net/account/verify").is_empty());
        // No sign-in page, the country's own ending, a lure word as the name, or no country code.
        assert!(findings(list, "https://quokkapay-ph.com/about/team").is_empty());
        assert!(findings(list, "https://quokkapay-ph.com.ph/activate").is_empty());
        assert!(findings(list, "https://online-ph.com/login").is_empty());
        assert!(findings(list, "https://quokkapay-xq.com/login").is_empty());
    }

    #[test]
    fn brand_families_under_their_home_ending() {
        let t = TopSites::parse("sparbank.de\n");
        let name =
            |label: &str, ending: &str| hyphenated_name(&t, label, ending).map(|b| b.label.clone());
        assert_eq!(name("sparbank-nordtal", "de"), None);
        assert_eq!(name("sparbank-nordtal", "com"), Some("sparbank".into()));
        assert_eq!(name("sparbank-login", "de"), Some("sparbank".into()));
        assert_eq!(name("nordtal-sparbank", "de"), Some("sparbank".into()));
        // A product code with a digit is no town, and an ending sold worldwide holds no family.
        assert_eq!(name("sparbank-sb24", "de"), Some("sparbank".into()));
        let io = TopSites::parse("walletco.io\n");
        assert_eq!(
            hyphenated_name(&io, "walletco-suite", "io").map(|b| b.label.clone()),
            Some("walletco".into())
        );
    }

    /// A short name (two to four letters) beside a word is confirmed by a sign-in step only, and a
    /// two-letter one by its name in the page too.
    #[test]
    fn short_names_beside_a_word_with_a_sign_in_page() {
        let list = "qxb.com\nzorp.com\nk7.net\nk7.bg\n";
        assert!(!findings(list, "https://qxb-mobile.com/login").is_empty());
        assert!(!findings(list, "https://zorp-transfers.com/signin?next=%2F").is_empty());
        assert!(!findings(list, "https://www.k7-rechnung.at/mein-k7/login").is_empty());
        // No sign-in step (an account word is not enough), a two-letter name the page does not name,
        // a brand's own second domain's word, a number, or the family under its country ending.
        assert!(findings(list, "https://qxb-mobile.com/about").is_empty());
        assert!(findings(list, "https://qxb-mobile.com/profile").is_empty());
        assert!(findings(list, "https://k7-rechnung.at/login").is_empty());
        assert!(findings(list, "https://qxb-community.com/login").is_empty());
        assert!(findings(list, "https://qxb-24.com/login").is_empty());
        assert!(findings(list, "https://k7-sofia.bg/mein-k7/login").is_empty());
    }

    #[test]
    fn names_in_a_strangers_site() {
        // A kit in the site's software folders.
        assert_eq!(
            findings(
                LIST,
                "https://bakery.example.org/wp-content/uploads/northbank/verify/"
            )
            .len(),
            1
        );
        // A name's folder, a sign-in word, a page.
        assert_eq!(
            findings(
                LIST,
                "https://plumber.example.net/northbank/logon/start.php"
            )
            .len(),
            1
        );
        assert_eq!(
            findings(LIST, "https://plumber.example.net/quokkapay/loginform.aspx").len(),
            1
        );
        // A shop's checkout through the name, a folder without a page, a well-known site's own paths.
        assert_eq!(
            findings(LIST, "https://shop.example.net/quokkapay/payment.php").len(),
            0
        );
        assert_eq!(
            findings(LIST, "https://blog.example.net/northbank/login-tips").len(),
            0
        );
        assert_eq!(
            findings(LIST, "https://knownsite.com/northbank/login.html").len(),
            0
        );
        assert_eq!(
            findings(LIST, "https://northbank.com/secure/login.html").len(),
            0
        );
    }

    /// A short name's folder (three or four letters) counts only inside a site's software folders and
    /// before a sign-in page; elsewhere, or without one, it is a word of the path.
    #[test]
    fn short_names_in_software_folders() {
        let list = "qzb.pt
vrkb.com
zanto.com tail
";
        assert_eq!(
            findings(
                list,
                "https://florist.example.net/wp-admin/js/qzb/online/signin.php"
            )
            .len(),
            1
        );
        assert_eq!(
            findings(
                list,
                "https://florist.example.net/wp-includes/vrkb/entrar.html"
            )
            .len(),
            1
        );
        // No sign-in word after it, no page, not in a software folder, or glued to other words.
        assert_eq!(
            findings(
                list,
                "https://florist.example.net/wp-admin/js/qzb/gallery.php"
            )
            .len(),
            0
        );
        assert_eq!(
            findings(list, "https://florist.example.net/wp-admin/js/qzb/login/").len(),
            0
        );
        assert_eq!(
            findings(list, "https://florist.example.net/shop/qzb/login.php").len(),
            0
        );
        assert_eq!(
            findings(
                list,
                "https://florist.example.net/wp-admin/qzb-colors/login.php"
            )
            .len(),
            0
        );
    }
}
