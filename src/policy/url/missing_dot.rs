//! A listed domain typed without its dot (`rabobanknl.com` for `rabobank.nl`, `microsoftcom.com`), or
//! with the `www` glued to it (`wwwpaypal.com`), as a registrable label (rule `url.host.brand`).
//!
//! The missing dot is the oldest typosquat there is (Microsoft's "Strider Typo-Patrol" and dnstwist's
//! `various` permutations): a reader who types `www.rabobank.nl` and forgets a dot lands on
//! `rabobanknl.<anything>`, and a phisher who writes it shows the whole real domain, letter for letter.
//! The hyphenated form (`acme-org.com`) is read by `top_sites::domain_spelt`; this is the glued one.
//!
//! Read only when the glued label splits into a listed name of [`MIN_NAME`] letters or more (top tier)
//! and an ending that name is listed with (the list decides, so `telecom` is no `tele` + `com` unless
//! `tele.com` is listed), or into `www` and such a name. A registrable domain on the list is itself and
//! never reaches here.

use super::top_sites::{TopBrand, TopSites};

/// Shortest listed name read glued to its ending: three-letter names glued to an ending are syllables
/// of other words (`bbcom`, `upsnet`) as often as a slip.
const MIN_NAME: usize = 4;

/// Shortest name read glued to a bare country code (two letters): see [`glued_domain`].
const MIN_NAME_BEFORE_CC: usize = 8;

/// Longest ending read glued (`comtr`, `couk`, `orgau`: a second-level word and a country code).
const MAX_ENDING: usize = 5;

/// The top-tier listed name whose domain the registrable label `label` spells with its dot dropped
/// (`<name><ending>`, `<name><second><cc>`) or with `www` glued in front (`www<name>`), and that
/// domain.
pub(super) fn glued_domain<'t>(t: &'t TopSites, label: &str) -> Option<(&'t TopBrand, String)> {
    if !label.is_ascii() || label.len() <= MIN_NAME + 1 || label.contains('-') {
        return None;
    }
    let top_name = |name: &str| {
        t.exact(name)
            .filter(|b| !b.tail && b.label.len() >= MIN_NAME)
    };
    if let Some(b) = label.strip_prefix("www").and_then(top_name) {
        return Some((b, b.domain.clone()));
    }
    // Every place the ending could start, shortest ending first: `<name>` then `com`, `nl`, `comtr`.
    (2..=MAX_ENDING.min(label.len() - MIN_NAME)).find_map(|k| {
        let cut = label.len() - k;
        let (name, ending) = (label.get(..cut)?, label.get(cut..)?);
        let b = top_name(name)?;
        // A country code glued to a shorter name makes words (`telegraph` of `telegra.ph`,
        // `spiegelde`, `amazones`: measured on Debian's word lists of twelve languages).
        if k == 2 && name.len() < MIN_NAME_BEFORE_CC {
            return None;
        }
        let mut domain = String::with_capacity(label.len() + 2);
        domain.push_str(name);
        domain.push('.');
        domain.push_str(ending);
        if t.is_known(&domain) {
            return Some((b, domain));
        }
        // A second-level ending (`com.tr`, `co.uk`): a word of two or three letters, then a country code.
        if k >= 4 {
            domain.truncate(name.len() + 1);
            domain.push_str(ending.get(..k - 2)?);
            domain.push('.');
            domain.push_str(ending.get(k - 2..)?);
            if t.is_known(&domain) {
                return Some((b, domain));
            }
        }
        None
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn list() -> TopSites {
        TopSites::parse(
            "rabobank.nl\ntelegra.ph\nspiegel.de\nmicrosoft.com\nisbank.com.tr\npaypal.com\nups.com\nbbc.co.uk\nacme.org tail\n",
        )
    }

    #[test]
    fn a_listed_domain_without_its_dot() {
        let t = list();
        let hit = |l: &str| glued_domain(&t, l).map(|(_, d)| d);
        assert_eq!(hit("rabobanknl").as_deref(), Some("rabobank.nl"));
        assert_eq!(hit("microsoftcom").as_deref(), Some("microsoft.com"));
        assert_eq!(hit("isbankcomtr").as_deref(), Some("isbank.com.tr"));
        assert_eq!(hit("wwwpaypal").as_deref(), Some("paypal.com"));
    }

    #[test]
    fn other_endings_short_names_and_the_tail_pass() {
        let t = list();
        // An ending the name is not listed with.
        assert!(glued_domain(&t, "rabobankde").is_none());
        assert!(glued_domain(&t, "paypalnet").is_none());
        // A shorter name glued to a bare country code is a word as often (`telegraph`).
        assert!(glued_domain(&t, "telegraph").is_none());
        assert!(glued_domain(&t, "spiegelde").is_none());
        // Three-letter names and long-tail names are not read.
        assert!(glued_domain(&t, "upscom").is_none());
        assert!(glued_domain(&t, "bbccouk").is_none());
        assert!(glued_domain(&t, "acmeorg").is_none());
        // The name itself, a hyphenated label, a name with another word glued.
        assert!(glued_domain(&t, "paypal").is_none());
        assert!(glued_domain(&t, "paypal-com").is_none());
        assert!(glued_domain(&t, "paypalcommunity").is_none());
    }
}
