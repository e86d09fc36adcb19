//! A letter appended to a coined listed name (`microsoftc`, `bithumbo`, `goodreadsj`), read as
//! `url.host.brand` when it is the registrable label.
//!
//! `top_sites::typo_shaped` reads a letter appended after a name's end as a look-alike only when it
//! repeats the last letter or is its neighbouring key (`paypall`, `amazonm`): any other letter there
//! reads as another word, the name of another business (`dockers` beside `docker`, `amazona`). That
//! holds for names that are words, or that words are made of, but not for a coined name: no language
//! writes `microsoft` or `bithumb` with one more letter, so `microsoftv.com` is the name with a slip,
//! dnstwist's `addition`, the typosquat a reader's eye completes without noticing.
//!
//! Read only for a coined name (not an ordinary word of any language, `data/name_words.txt`) of the
//! policy's edit length (six) or more, not of the long tail, with one ASCII letter appended; the label
//! itself must be no common word one letter from a name (`data/ordinary_near.txt`, already asked by
//! `top_sites::one_edit`), and a plural `s` stays a plural (`<name>s` is a reseller's, a fan site's or
//! the product line's own name as often as a slip). Measured with `tools/corpus/permute.py` and ~160,000
//! real hosts (see `docs/rules/lookalikes.md`).

/// Whether `label` is the coined listed name `name` with one ASCII letter (not a plural `s`) appended,
/// for names of `min_edit` letters or more.
pub(super) fn appended_to_coined(label: &str, name: &str, min_edit: usize) -> bool {
    let Some(rest) = label.strip_prefix(name) else {
        return false;
    };
    let &[c] = rest.as_bytes() else {
        return false;
    };
    c.is_ascii_lowercase()
        && c != b's'
        && name.len() >= min_edit
        && name.bytes().all(|b| b.is_ascii_lowercase())
        && !super::name_token::name_is_word(name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_letter_appended_to_a_coined_name() {
        assert!(appended_to_coined("microsoftc", "microsoft", 6));
        assert!(appended_to_coined("bithumbo", "bithumb", 6));
        assert!(appended_to_coined("goodreadsj", "goodreads", 6));
    }

    #[test]
    fn words_short_names_plurals_and_other_edits_are_not_read() {
        // A name that is an ordinary word makes other words with a letter more.
        assert!(super::super::name_token::name_is_word("booking"));
        assert!(!appended_to_coined("bookingx", "booking", 6));
        // Below the edit length.
        assert!(!appended_to_coined("adobex", "adobe", 6));
        // A plural is a reseller's or the product line's name.
        assert!(!appended_to_coined("bithumbs", "bithumb", 6));
        // Not a letter, two letters, a letter in front, the name itself.
        assert!(!appended_to_coined("bithumb1", "bithumb", 6));
        assert!(!appended_to_coined("bithumbxy", "bithumb", 6));
        assert!(!appended_to_coined("xbithumb", "bithumb", 6));
        assert!(!appended_to_coined("bithumb", "bithumb", 6));
    }
}
