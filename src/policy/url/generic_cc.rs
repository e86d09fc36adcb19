//! Country endings sold worldwide as generic ones, and their commercial second levels (`com.co`,
//! `com.ai`, `net.me`): a global name under one poses as the name's own `.com` with an ending tacked on.
//!
//! `tld_swap` (`super::top_sites`) leaves a country's commercial zone alone where the shipped list shows
//! the country's businesses use it (`com.co`: `bbva.com.co`, `rappi.com.co`): multinationals run country
//! sites there. That reasoning holds for the country's own market, not for a name that runs one global
//! site and no country site anywhere on the list (a web service, `<chatbot>.com`): under an ending that
//! registries market to the whole world, `<name>.com.<cc>` is read as `<name>.com` by a person, and no
//! country business of that name is there to be protected.
//!
//! The endings are Google's list of country codes it treats as generic (Search Central, "Domains that
//! Google treats as generic", the maintained source of which country endings are sold as generic ones).

/// Country codes Google treats as generic top-level domains (Search Central documentation).
const GENERIC_CCTLDS: &[&str] = &[
    "ad", "ai", "as", "bz", "cc", "cd", "co", "dj", "fm", "io", "la", "me", "ms", "nu", "sc", "sr",
    "su", "tv", "tk", "ws",
];

/// Second levels that spell a global name's own ending (`com`, `net`, `org`, `co`).
const GLOBAL_SECOND_LEVELS: &[&str] = &["com", "net", "org", "co"];

/// Whether `suffix` (a public suffix, lowercase) is a commercial second level of a country ending sold
/// as a generic one (`com.co`, `net.ai`; not `com.br`, not `co` alone).
pub(super) fn generic_cc_zone(suffix: &str) -> bool {
    suffix.split_once('.').is_some_and(|(second, cc)| {
        GLOBAL_SECOND_LEVELS.contains(&second) && GENERIC_CCTLDS.contains(&cc)
    })
}

/// Whether `cc` (a country code, lowercase) is an ending sold worldwide as a generic one (`io`, `co`,
/// `nu`): no country's community of same-named businesses lives under it.
pub(super) fn sold_worldwide(cc: &str) -> bool {
    GENERIC_CCTLDS.contains(&cc)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn endings_sold_worldwide_are_not_countries_markets() {
        for cc in ["io", "co", "nu", "me", "tv"] {
            assert!(sold_worldwide(cc), "{cc}");
        }
        for cc in ["nl", "de", "ro", "", "com"] {
            assert!(!sold_worldwide(cc), "{cc}");
        }
    }

    #[test]
    fn generic_cc_zones_are_second_levels_of_endings_sold_worldwide() {
        for s in ["com.co", "net.co", "com.ai", "org.me", "com.tv"] {
            assert!(generic_cc_zone(s), "{s}");
        }
        for s in ["co", "com", "com.br", "co.uk", "com.cn", "gov.co", "edu.co"] {
            assert!(!generic_cc_zone(s), "{s}");
        }
    }
}
