//! (urls21) A protected name followed by one of its own products or services in a host's registrable
//! label, with more words beside them (`meta-business-support`, `microsoftteams-join`,
//! `appleid-verify`): the label claims the brand's product on a host that is not the brand's.
//! `data/brand_products.txt` lists the products.
//!
//! Why: phishers name a page after the service a victim uses, not the company (Meta Business Suite's
//! "page disabled" appeals, Microsoft Teams invitations, Apple ID locks, Amazon Seller Central). Some
//! names are common words alone (`meta`, `steam`), so the name beside any word is not bait (a
//! `metadata` or `steamboat` site); the name followed by its own product's word is the brand. The pair
//! alone (`metabusiness.com`) may be a consultancy's name, and is left to the other checks: more words
//! must stand beside it. The pair starts a part of the label (its start, or after a hyphen), so a
//! word that merely ends in the name (`pineappleid...`) is not read as it.

use std::collections::HashMap;
use std::sync::LazyLock;

/// The list: a protected name, then its products written without spaces or hyphens.
const PRODUCTS: &str = include_str!("data/brand_products.txt");

/// Longest protected name on the list, in bytes: the prefixes of a part tried as a name.
const MAX_NAME: usize = 24;

/// A name to its products.
type Products = HashMap<&'static str, Vec<&'static str>, foldhash::fast::RandomState>;

/// [`PRODUCTS`], indexed once.
static BY_NAME: LazyLock<Products> = LazyLock::new(|| super::top_sites::keyed_lines(PRODUCTS));

/// Most bytes of a label read (a registrable label is at most 63).
const MAX_LABEL: usize = 63;

/// The name and product `label` (a registrable label, ASCII) claims: a listed name followed by one of
/// its products, starting the label or a part after a hyphen, with more letters beside the pair.
pub(super) fn claimed(label: &str) -> Option<(&'static str, &'static str)> {
    if label.len() > MAX_LABEL || !label.contains('-') && label.len() < 8 {
        return None;
    }
    let mut glued = [0u8; MAX_LABEL];
    let mut n = 0;
    // Where each part starts in the glued label.
    let mut starts: smallvec::SmallVec<[usize; 8]> = smallvec::smallvec![0];
    for b in label.bytes() {
        if b == b'-' {
            if starts.last() != Some(&n) {
                starts.push(n);
            }
            continue;
        }
        let slot = glued.get_mut(n)?;
        *slot = b.to_ascii_lowercase();
        n += 1;
    }
    let glued = std::str::from_utf8(glued.get(..n)?).ok()?;
    for &at in &starts {
        let rest = glued.get(at..)?;
        for end in 2..=rest.len().min(MAX_NAME) {
            let Some((name, products)) =
                rest.get(..end).and_then(|cand| BY_NAME.get_key_value(cand))
            else {
                continue;
            };
            let after = rest.get(end..).unwrap_or("");
            // The longest product that follows (`sellercentral` before `seller`).
            if let Some(p) = products
                .iter()
                .filter(|p| after.starts_with(**p))
                .max_by_key(|p| p.len())
            {
                // More words beside the pair: before it, or after it.
                if at > 0 || after.len() > p.len() {
                    return Some((name, p));
                }
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_name_with_its_products_and_more_words() {
        for (l, n, p) in [
            ("meta-business-support", "meta", "business"),
            ("meta-business-appeal", "meta", "business"),
            ("metabusiness-help", "meta", "business"),
            ("support-meta-business", "meta", "business"),
            ("microsoftteams-join", "microsoft", "teams"),
            ("appleid-unlock", "apple", "id"),
            ("amazon-sellercentral-verify", "amazon", "sellercentral"),
            ("google-workspace-billing", "google", "workspace"),
        ] {
            assert_eq!(claimed(l), Some((n, p)), "{l}");
        }
    }

    #[test]
    fn not_the_name_alone_the_pair_alone_or_inside_a_word() {
        for l in [
            "meta",
            "metabusiness",
            "meta-business",
            "metabase",
            "metamask",
            "metadata-business",
            "pineappleidaho",
            "steamboat-rides",
            "the-metaverse-business",
        ] {
            assert_eq!(claimed(l), None, "{l}");
        }
    }
}
