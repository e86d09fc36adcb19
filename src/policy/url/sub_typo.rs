//! A typo of a coined listed name as a subdomain of a domain no list knows (`paypa1.<x>.com`,
//! `arnazon.<x>.info`, `sounlcloud.<x>.net`), read as `url.host.brand`.
//!
//! A phisher registers one domain and puts each target's name in front of it, often misspelt so that
//! the name itself sets off no filter: the registrable label is innocent and the brand is a subdomain.
//! A subdomain with a name's skeleton was read before (`host.rs`), but not one typed with the slips
//! dnstwist makes (a neighbouring key, a letter left out, doubled, put inside, two swapped, a bit
//! flipped). The name itself as a subdomain is left alone (`grafana.<company>.com` is a self-hosted
//! product, `name_token.rs` measured it), but nobody names an integration after a misspelling.
//!
//! Read only for a coined name (not an ordinary word, `data/name_words.txt`) of the policy's edit length
//! or more, with the edit one a look-alike is made of (`top_sites::typo_shaped`), when the label is no
//! common word one letter from the name (`data/ordinary_near.txt`) nor a listed name, and when the
//! registrable domain is on no list (`host.rs` stops before subdomains of a known one).

use super::top_sites::{TopBrand, TopSites};

/// The coined listed name the subdomain label `label` is a dnstwist-shaped typo of.
pub(super) fn typo_of_name<'t>(
    t: &'t TopSites,
    label: &str,
    min_edit: usize,
) -> Option<&'t TopBrand> {
    if !label.is_ascii()
        || label.len() < min_edit
        || !label
            .bytes()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit())
    {
        return None;
    }
    if t.exact(label).is_some() || super::top_sites::ordinary_near(label) {
        return None;
    }
    t.imitated(label, min_edit).filter(|b| {
        !b.tail
            && b.label.len() >= min_edit
            && b.label != label
            && !super::name_token::name_is_word(&b.label)
            && !super::top_sites::plain_edit_unshaped(label, &b.label)
            // The name less its first letter is often a word the name was coined from (`static`
            // of `gstatic`, `market` of `gmarket`, `mail` of `gmail`): a subdomain's everyday name.
            && b.label.get(1..) != Some(label)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn list() -> TopSites {
        TopSites::parse("paypal.com\nsoundcloud.com\nbooking.com\nryanair.com tail\ngrafana.com\n")
    }

    #[test]
    fn typos_of_coined_names() {
        let t = list();
        let name = |l: &str| typo_of_name(&t, l, 6).map(|b| b.label.clone());
        assert_eq!(name("paypa1").as_deref(), Some("paypal"));
        assert_eq!(name("paypall").as_deref(), Some("paypal"));
        assert_eq!(name("sounlcloud").as_deref(), Some("soundcloud"));
        assert_eq!(name("soundclod").as_deref(), Some("soundcloud"));
    }

    #[test]
    fn names_words_and_unshaped_edits_pass() {
        let t = list();
        // The name itself is an integration's or self-hosted product's subdomain.
        assert!(typo_of_name(&t, "grafana", 6).is_none());
        assert!(typo_of_name(&t, "paypal", 6).is_none());
        // A listed name that is an ordinary word (`booking`) is not read.
        assert!(typo_of_name(&t, "bookin9", 6).is_none());
        // The long tail is not read by one edit.
        assert!(typo_of_name(&t, "ryanalr", 6).is_none());
        // Another letter appended that is no slip of the last one reads as another word.
        assert!(typo_of_name(&t, "paypalx", 6).is_none());
        // The name less its first letter is the word it was coined from.
        let t2 = TopSites::parse("gstatic.com\n");
        assert!(typo_of_name(&t2, "static", 6).is_none());
        assert!(typo_of_name(&t2, "gstatlc", 6).is_some());
        // Too short for the edit length.
        assert!(typo_of_name(&t, "paypa", 6).is_none());
    }
}
