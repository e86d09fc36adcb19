//! What a host's public suffix says about who could register it (`urls13`): zones nobody but a
//! government or an institution registers under, and zones a registry sells to anyone as if they were a
//! country's ending.
//!
//! - A **restricted-registration zone** (`gov.<cc>`, `gob.<cc>`, `gouv.<cc>`, a state's zone under one
//!   such as `am.gov.br`, `mil.<cc>`, `edu.<cc>`, and the `.gov`, `.mil`, `.edu` top-level domains):
//!   an attacker cannot register a name there, so a label that happens to resemble a commercial name
//!   (a state called after a river, a ministry's acronym) is the institution's own, never a look-alike.
//!   Which zones exist comes from the public suffix list's ICANN section (the suffix must be one of its
//!   entries, state zones included); the registry words that mark them restricted are the convention
//!   registries name their government, military and education zones by (no maintained list tags PSL
//!   entries by who may register, so the words are kept here, [`RESTRICTED_WORDS`]).
//! - A **brand top-level domain** (`.google`, `.bmw`: ICANN's Specification 13, [`BRAND_TLDS`]) is
//!   restricted the same way: only the brand registers there (`about.google`).
//! - A **zone sold as a country's** (`de.com`, `sa.com`, `ae.org`): a private-section entry of the
//!   public suffix list of two labels, a country's top-level domain under `.com`, `.net` or `.org`
//!   (CentralNic's and others' products). A listed name under its own country's code there
//!   (`<name>.de.com` for `<name>.de`) writes the listed domain whole with `.com` after it.

/// Registry second-level words of restricted zones: government (`gov`, `gob`, `gouv`, `govt`, `gv`,
/// `go`: `go.jp`, `go.kr`, `go.id`, `go.th`, `gub`: `gub.uy`), military (`mil`), education (`edu`, `ac`
/// as in `ac.uk`, `ac.jp`). `go` and `ac` count only inside an ICANN suffix of two labels or more, where
/// the list makes them a registry zone and not a name.
const RESTRICTED_WORDS: &[&str] = &[
    "gov", "gob", "gouv", "govt", "gv", "go", "gub", "mil", "edu", "ac",
];

/// Top-level domains only institutions register under.
const RESTRICTED_TLDS: &[&str] = &["gov", "mil", "edu"];

/// Brand top-level domains of companies on the shipped list (ICANN's registry agreement, Specification
/// 13: the brand registers every name under its own ending for itself, its affiliates and licensees, and
/// nobody else can): `about.google`, `blog.youtube`, `home.bmw` are the brand's own sites, never a
/// look-alike of a listed `about.com`. Hand-kept (no maintained machine-readable list tags the public
/// suffix list's entries by Specification 13), only endings the unit test finds in the public suffix
/// list; a brand's word that is also an open generic ending (`.live`, `.shop`) is not one of them.
const BRAND_TLDS: &[&str] = &[
    "google",
    "youtube",
    "android",
    "chrome",
    "apple",
    "microsoft",
    "xbox",
    "bing",
    "azure",
    "office",
    "skype",
    "windows",
    "amazon",
    "aws",
    "kindle",
    "audible",
    "bmw",
    "barclays",
    "hsbc",
    "citi",
    "sony",
    "canon",
    "toyota",
    "samsung",
    "ibm",
    "cisco",
    "netflix",
    "yahoo",
    "bbc",
    "bnpparibas",
    "axa",
];

/// Generic endings under which a registry sells a country code as a zone of its own.
const SOLD_UNDER: &[&str] = &["com", "net", "org"];

/// Whether the registrable domain of `ascii` (lowercase ASCII host, no trailing dot) is under a
/// restricted-registration zone of the public suffix list's ICANN section (`x.am.gov.br`, `x.gov.uk`,
/// `x.ac.jp`, `x.gov`).
pub(super) fn restricted(ascii: &str) -> bool {
    let Some(s) = psl::suffix(ascii.as_bytes()) else {
        return false;
    };
    if !s.is_known() || s.typ() != Some(psl::Type::Icann) {
        return false;
    }
    let Ok(suffix) = std::str::from_utf8(s.as_bytes()) else {
        return false;
    };
    let mut labels = suffix.rsplit('.');
    let tld = labels.next().unwrap_or("");
    // The registrable domain must have a label of its own before the suffix (the suffix alone is the
    // registry's).
    ascii.len() > suffix.len()
        && (RESTRICTED_TLDS.contains(&tld)
            || (suffix == tld && BRAND_TLDS.contains(&tld))
            || labels.any(|l| RESTRICTED_WORDS.contains(&l)))
}

/// The country code a zone sold as a country's spells (`de` of `de.com`): `suffix` (lowercase) is a
/// private-section entry of the public suffix list of two labels, a two-letter top-level domain under
/// `.com`, `.net` or `.org`.
pub(super) fn sold_country(suffix: &str) -> Option<&str> {
    let (cc, under) = suffix.split_once('.')?;
    if cc.len() != 2 || !SOLD_UNDER.contains(&under) || !cc.bytes().all(|b| b.is_ascii_lowercase())
    {
        return None;
    }
    let entry = psl::suffix(suffix.as_bytes()).filter(|s| {
        s.is_known() && s.typ() == Some(psl::Type::Private) && s.as_bytes() == suffix.as_bytes()
    });
    let tld = psl::suffix(cc.as_bytes()).filter(|s| {
        s.is_known() && s.typ() == Some(psl::Type::Icann) && s.as_bytes() == cc.as_bytes()
    });
    (entry.is_some() && tld.is_some()).then_some(cc)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn government_military_and_education_zones_are_restricted() {
        for h in [
            "www.amazonas.am.gov.br",
            "portal.gov.uk",
            "tax.gouv.fr",
            "sat.gob.mx",
            "example.go.jp",
            "cs.ox.ac.uk",
            "army.mil",
            "nasa.gov",
            "mit.edu",
        ] {
            assert!(restricted(h), "{h}");
        }
    }

    #[test]
    fn brand_endings_are_restricted_and_are_real_endings() {
        for h in ["about.google", "blog.youtube", "home.bmw"] {
            assert!(restricted(h), "{h}");
        }
        // The ending alone, a brand's word as a second level, an open generic ending.
        for h in ["google", "google.xyz", "about.live", "paypal.shop"] {
            assert!(!restricted(h), "{h}");
        }
        for tld in BRAND_TLDS {
            let s = psl::suffix(tld.as_bytes());
            assert!(
                s.is_some_and(|s| s.is_known() && s.typ() == Some(psl::Type::Icann)),
                "{tld}"
            );
        }
    }

    #[test]
    fn commercial_and_look_alike_zones_are_not_restricted() {
        // Anyone registers these: a government word in the name, not in the registry's suffix.
        for h in [
            "gov.uk",
            "amazonas-gov.com",
            "gov-br.com",
            "gov.br.example.com",
            "edu-login.net",
            "go.com",
            "acme.com.br",
            "acme.co.uk",
            "acme.gov.za.com",
            "ac.example.app",
        ] {
            assert!(!restricted(h), "{h}");
        }
    }

    #[test]
    fn zones_sold_as_a_countrys_come_from_the_private_section() {
        assert_eq!(sold_country("de.com"), Some("de"));
        assert_eq!(sold_country("sa.com"), Some("sa"));
        assert_eq!(sold_country("ae.org"), Some("ae"));
        // Not a private two-label entry, or not a country code.
        assert_eq!(sold_country("co.uk"), None);
        assert_eq!(sold_country("com.br"), None);
        assert_eq!(sold_country("xx.com"), None);
        assert_eq!(sold_country("com"), None);
        assert_eq!(sold_country("jpn.com"), None);
    }
}
