//! A protected name standing as a word of its own in a host whose registrable domain the name's owner
//! does not hold (part of rule `url.host.brand`), with no lure word.
//!
//! The other look-alike checks (`top_sites.rs`) need a second sign beside a listed name: a lure word
//! on a list, a listed hosting service, a listed technique. Phishers who write a word no list has
//! (`<name>-premium-free`, `<name>-shipping-docs`, a lure word with diacritics, `<name>-<cc>`) pass
//! them. This module reads the structure instead: a host's labels cut at hyphens into tokens (Latin
//! labels read without diacritics, Cyrillic ones in Latin letters: `translit::fold_word`), and a token
//! that is exactly a listed name counts when
//! - the name is coined, not a word (`data/name_words.txt`, written by `tools/corpus/name_words.py`
//!   from Debian's spelling word lists: `orange`, `target`, `booking`, `google` (a verb) are words
//!   people name other things by), and has [`MIN_NAME`] letters or more; and
//! - the label is a hosting service's page or the registrable label (a subdomain `<name>-<word>` of a
//!   company's own domain is as often its integration, `<crm>-sync.<company>.com`), and
//! - the label holds another token beside it: a label that is the name alone is the name's own
//!   account on a hosting service (`<org>.github.io`) or a self-hosted copy of a product
//!   (`grafana.<company>.com`), and as the registrable label it is the name under another ending
//!   (the swap checks' business); and
//! - no token beside it says what else the host is: a project's word (`-demo`, `-status`:
//!   `top_sites::project_word`) or a word for the name's own infrastructure ([`INFRA_WORDS`]:
//!   `<name>-nocookie`, `<name>-adsystem`, `<name>-usercontent`, second domains big names keep); and
//! - as the registrable label, it is not under a country ending the name is listed with
//!   (`<name>-<town>.de` beside `<name>.de`: savings and cooperative banks' family members), nor,
//!   for a name listed only under countries' endings, under any country's ending (`volksbank` is
//!   listed as `volksbank.at`; `volksbank-<region>.de` is a German cooperative bank).
//!
//! The caller runs it only where the registrable domain is on no list (a listed one is its owner's,
//! `google-analytics.com`), or on a page of a hosting service, bucket or site builder.
//!
//! A short name (three letters or more, coined) followed by a country code it is listed under
//! (`<bank>-ee` for a bank listed as `<bank>.ee`) counts too: the name's own country written as the
//! branch a phisher poses.

use super::top_sites::{self, TopBrand, TopSites};
use std::collections::HashSet;
use std::sync::LazyLock;

/// The fewest letters a listed name needs to count alone as a token (`maersk`, `spotify`): shorter
/// names are initials that many unrelated hosts share (`mtn`, `ing`).
const MIN_NAME: usize = 5;

/// The fewest letters a name needs to count beside one of its own country codes (`<bank>-ee`).
const MIN_NAME_WITH_HOME: usize = 3;

/// At most this many tokens are read in one label (a bound on work per host).
const MAX_TOKENS: usize = 8;

/// Words beside a big name that make a second domain of its own infrastructure, not a page posing as
/// it (`youtube-nocookie.com`, `amazon-adsystem.com`, `<name>-cdn`, `<name>-static`).
const INFRA_WORDS: &[&str] = &[
    "nocookie",
    "adsystem",
    "usercontent",
    "cdn",
    "static",
    "assets",
    "img",
    "images",
    "media",
    "fonts",
    "cache",
    "edge",
    "apis",
    "analytics",
    "ads",
    "video",
    "download",
    "downloads",
    "updates",
    "mail",
];

/// Names on the list that are ordinary words (`data/name_words.txt`).
const NAME_WORDS_TEXT: &str = include_str!("data/name_words.txt");

/// [`NAME_WORDS_TEXT`], indexed once.
static NAME_WORDS: LazyLock<HashSet<&'static str, foldhash::fast::RandomState>> =
    LazyLock::new(|| super::word_set(NAME_WORDS_TEXT));

/// Where in the host the name stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Place {
    /// A page's label on a hosting service, storage bucket or site builder.
    Hosted,
    /// A subdomain of another registrable domain.
    Subdomain,
    /// The registrable label itself.
    Registrable,
}

/// Whether a listed name is an ordinary word (`data/name_words.txt`).
pub(super) fn name_is_word(name: &str) -> bool {
    NAME_WORDS.contains(name)
}

/// A listed name standing as a token of its own in `own` (the host's labels before its public suffix,
/// or before the hosting service's or bucket's domain, registrable label last unless `hosted`; as
/// Unicode), with `cc` the country code ending the host (empty for a generic ending). See the module
/// doc. Returns the name and where it stands.
pub(super) fn name_as_token<'a>(
    t: &'a TopSites,
    own: &[&str],
    hosted: bool,
    cc: &str,
) -> Option<(&'a TopBrand, Place)> {
    let last = own.len().checked_sub(1)?;
    for (i, label) in own.iter().enumerate() {
        let place = if hosted {
            Place::Hosted
        } else if i == last {
            Place::Registrable
        } else {
            Place::Subdomain
        };
        let folded = super::translit::fold_word(label);
        let tokens: smallvec::SmallVec<[&str; MAX_TOKENS]> = folded
            .split('-')
            .filter(|p| !p.is_empty())
            .take(MAX_TOKENS)
            .collect();
        if tokens.len() < 2 {
            continue;
        }
        if tokens
            .iter()
            .any(|p| top_sites::project_word(p) || INFRA_WORDS.contains(p))
        {
            continue;
        }
        for (j, tok) in tokens.iter().enumerate() {
            let next = tokens.get(j + 1).copied().unwrap_or("");
            let Some(b) = t.exact(tok) else {
                if let Some(b) = glued_before_home(t, tok, next) {
                    return Some((b, place));
                }
                continue;
            };
            if name_is_word(tok) || !tok.bytes().any(|c| c.is_ascii_alphabetic()) {
                continue;
            }
            // A family member under the name's own country ending (`<name>-<town>.de`). A regional
            // name (listed only under countries' endings: savings and cooperative banks, `volksbank`,
            // `sparkasse`) under any country's ending is read as one too: the same name is many
            // independent banks' across neighbouring countries. Not under an ending sold worldwide as
            // a generic one (`<name>-<word>.io` beside `<name>.io`, a wallet's `suite-<name>.io`): no
            // country's family of same-named banks lives there, and anyone registers it.
            if place == Place::Registrable
                && !cc.is_empty()
                && !super::generic_cc::sold_worldwide(cc)
                && (b.home_in(cc) || !b.global())
            {
                continue;
            }
            // A subdomain `<name>-<word>` of a company's own domain is as often its integration
            // (`<e-signature>-envelope.<company>.com`, `<crm>-sync.<company>.com`): only the name's
            // country branch counts there.
            let long = tok.len() >= MIN_NAME && place != Place::Subdomain;
            let home_branch = tok.len() >= MIN_NAME_WITH_HOME && next.len() == 2 && b.home_in(next);
            if long || home_branch {
                return Some((b, place));
            }
        }
    }
    None
}

/// A token that is a listed name glued to another listed name or a lure word, followed by a country
/// code the first name is listed under (`<telco><its wallet>-<cc>`): the segmenter is the list itself,
/// so only a cut whose both halves are known is read.
fn glued_before_home<'a>(t: &'a TopSites, tok: &str, next: &str) -> Option<&'a TopBrand> {
    if next.len() != 2 || !tok.is_ascii() || tok.len() < 2 * MIN_NAME_WITH_HOME + 1 {
        return None;
    }
    (MIN_NAME_WITH_HOME..=tok.len() - 4).find_map(|k| {
        let (head, rest) = (tok.get(..k)?, tok.get(k..)?);
        let b = t
            .exact(head)
            .filter(|b| b.home_in(next) && !name_is_word(head))?;
        (t.exact(rest).is_some() || top_sites::is_lure(rest)).then_some(b)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn judge(own: &[&str], hosted: bool, cc: &str) -> Option<(String, Place)> {
        let t = top_sites::shipped();
        name_as_token(t, own, hosted, cc).map(|(b, p)| (b.label.clone(), p))
    }

    #[test]
    fn a_coined_name_beside_any_word_on_a_hosted_page() {
        assert_eq!(
            judge(&["spotify-premium-free"], true, ""),
            Some(("spotify".into(), Place::Hosted))
        );
        // A bucket's name (`<bucket>.storage.googleapis.com`).
        assert_eq!(
            judge(&["hongkongpost-hk"], true, ""),
            Some(("hongkongpost".into(), Place::Hosted))
        );
        // The name alone is the owner's own account (`<org>.github.io`).
        assert_eq!(judge(&["netflix"], true, ""), None);
        // A project about the name.
        assert_eq!(judge(&["spotify-stats"], true, ""), None);
    }

    #[test]
    fn a_coined_name_in_a_subdomain_or_registrable_label() {
        // A subdomain `<name>-<word>` is as often a company's integration.
        assert_eq!(judge(&["spotify-account", "renewals"], false, ""), None);
        // Diacritics are read away; the word beside the name is on no list.
        assert_eq!(
            judge(&["desjardins-accèsd"], false, ""),
            Some(("desjardins".into(), Place::Registrable))
        );
        assert_eq!(
            judge(&["vietcombank-xácthực"], false, ""),
            Some(("vietcombank".into(), Place::Registrable))
        );
        // A self-hosted product is the name alone as a subdomain.
        assert_eq!(judge(&["grafana", "northwind-traders"], false, ""), None);
        // The name's infrastructure (`youtube-nocookie.com`) and its family under its own ending.
        assert_eq!(judge(&["youtube-nocookie"], false, ""), None);
        assert_eq!(judge(&["sparkasse-koelnbonn"], false, "de"), None);
        assert!(judge(&["sparkasse-koelnbonn"], false, "").is_some());
        assert_eq!(judge(&["volksbank-mittelhessen"], false, "de"), None);
        // A global name under a country's ending still counts.
        assert!(judge(&["spotify-premium"], false, "de").is_some());
    }

    #[test]
    fn ordinary_words_and_short_names_need_more() {
        // Names that are words (`orange`, `target`) are in unrelated hosts.
        assert!(name_is_word("orange") && name_is_word("target"));
        assert_eq!(judge(&["orange-county-news"], false, ""), None);
        assert_eq!(judge(&["target-practice"], false, ""), None);
        // Initials alone are not enough, but beside a country code they are listed under they pose
        // the name's branch.
        assert_eq!(judge(&["lhv-portal"], false, ""), None);
        assert_eq!(
            judge(&["lhv-ee", "kinnitus"], false, ""),
            Some(("lhv".into(), Place::Subdomain))
        );
        assert_eq!(judge(&["lhv-de", "kinnitus"], false, ""), None);
        // A name glued to its product before its country code.
        assert_eq!(
            judge(&["mtnmomo-gh-promo"], false, ""),
            Some(("mtn".into(), Place::Registrable))
        );
        assert_eq!(judge(&["mtnfoo-gh-promo"], false, ""), None);
    }
}
