//! (urls21) A listed name with one of its words written as the same word of another language
//! (`clickbca` for KlikBCA, `bankchile` for Banco de Chile, `ceskapost` for Česká pošta): the name a
//! reader recognises, in the spelling a phisher can still register.
//!
//! Why: a regional brand is often named with a word of its own language that has a twin in English
//! or a neighbouring language (Indonesian `klik`, Spanish `banco`, Czech `pošta`). Swapping the word
//! for its twin changes several letters, so no one-edit or skeleton check sees it, yet the name reads
//! the same. Only swaps that give back a listed name exactly count, and only with at least
//! [`MIN_REST`] letters of the name left beside the word, so a word alone (`post`, `bank`) is never
//! read as a brand.

/// Groups of words that are the same word in different languages, as brands put them in their names:
/// click, bank and post, the words regional banks' and posts' names are most often built with.
const TWINS: &[&[&str]] = &[
    &["klik", "click", "clic", "klick"],
    &["banco", "banca", "banque", "bank", "banka", "banc"],
    &["posta", "poste", "post", "poczta", "posti", "pocta"],
];

/// Fewest letters of the name beside the swapped word.
const MIN_REST: usize = 3;

/// The listed name (given by `listed`) that `label` (a registrable label, ASCII) writes with one word
/// swapped for its twin, glued or hyphenated at the start or the end of the label; with the word as
/// written and its twin.
pub(super) fn swapped(
    label: &str,
    listed: impl Fn(&str) -> bool,
) -> Option<(String, &'static str, &'static str)> {
    let label_glued: String = label.chars().filter(|&c| c != '-').collect();
    for group in TWINS {
        for &w in group.iter() {
            let (front, back) = (label_glued.strip_prefix(w), label_glued.strip_suffix(w));
            for (rest, at_front) in [(front, true), (back, false)] {
                let Some(rest) = rest.filter(|r| r.len() >= MIN_REST) else {
                    continue;
                };
                for &twin in group.iter().filter(|&&t| t != w) {
                    let name = if at_front {
                        format!("{twin}{rest}")
                    } else {
                        format!("{rest}{twin}")
                    };
                    if listed(&name) {
                        return Some((name, w, twin));
                    }
                }
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn listed(n: &str) -> bool {
        ["klikbca", "bancochile", "ceskaposta"].contains(&n)
    }

    #[test]
    fn a_word_swapped_for_its_twin() {
        assert_eq!(
            swapped("clickbca", listed).map(|s| s.0),
            Some("klikbca".to_owned())
        );
        assert_eq!(
            swapped("bank-chile", listed).map(|s| s.0),
            Some("bancochile".to_owned())
        );
        assert_eq!(
            swapped("ceskapost", listed).map(|s| s.0),
            Some("ceskaposta".to_owned())
        );
    }

    #[test]
    fn not_the_name_itself_a_word_alone_or_another_name() {
        for l in [
            "klikbca",
            "click",
            "bank",
            "clickbank",
            "postman",
            "bca",
            "click-me",
        ] {
            assert_eq!(swapped(l, listed), None, "{l}");
        }
    }
}
