//! Cyrillic host labels read in Latin letters, for the look-alike checks that compare a host's words with
//! the protected names and lure words ([`super::top_sites::TopSites::lure_brand`]).
//!
//! A phisher who imitates a Russian, Ukrainian, Belarusian, Bulgarian or Serbian service under a Cyrillic
//! domain writes the service's own name and the lure word in Cyrillic (`госуслуги-вход.рф`): the
//! protected names and lure words are ASCII, so the label is compared once transliterated (`gosuslugi-vhod`).
//! One fixed scheme, close to the way the services spell themselves in Latin (`gosuslugi`, `pochta`,
//! `ukrposhta`): `х` is `h`, `ц` is `c`, `й` is `i`, soft and hard signs vanish. A label with a character
//! of another script is not transliterated: mixed-script labels are `url.host.mixed_script` already.

/// The Latin reading of a Cyrillic letter (lowercase; hosts are lowercase after IDNA mapping).
fn letter(c: char) -> Option<&'static str> {
    Some(match c {
        'а' => "a",
        'б' => "b",
        'в' => "v",
        'г' | 'ґ' => "g",
        'д' => "d",
        'е' | 'ё' | 'э' => "e",
        'є' => "ye",
        'ж' => "zh",
        'з' => "z",
        'и' | 'і' | 'ы' => "i",
        'ї' => "yi",
        'й' => "i",
        'ј' => "j",
        'к' => "k",
        'л' => "l",
        'љ' => "lj",
        'м' => "m",
        'н' => "n",
        'њ' => "nj",
        'о' => "o",
        'п' => "p",
        'р' => "r",
        'с' => "s",
        'т' => "t",
        'ћ' | 'ђ' => "c",
        'у' | 'ў' => "u",
        'ф' => "f",
        'х' => "h",
        'ц' => "c",
        'ч' => "ch",
        'џ' => "dz",
        'ш' => "sh",
        'щ' => "shch",
        'ъ' | 'ь' => "",
        'ю' => "yu",
        'я' => "ya",
        _ => return None,
    })
}

/// The label in Latin letters when it is Cyrillic (with ASCII digits and hyphens), else `None`: an ASCII
/// label needs no transliteration, and one with another script's letters gets none.
pub(super) fn cyrillic_to_latin(label: &str) -> Option<String> {
    if label.is_ascii() {
        return None;
    }
    let mut out = String::with_capacity(label.len());
    for c in label.chars() {
        if c.is_ascii_digit() || c == '-' {
            out.push(c);
        } else {
            out.push_str(letter(c)?);
        }
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cyrillic_labels_read_in_latin() {
        assert_eq!(
            cyrillic_to_latin("почта-вход").as_deref(),
            Some("pochta-vhod")
        );
        assert_eq!(cyrillic_to_latin("укрпошта").as_deref(), Some("ukrposhta"));
        assert_eq!(
            cyrillic_to_latin("доставка24").as_deref(),
            Some("dostavka24")
        );
        assert_eq!(
            cyrillic_to_latin("підтвердження").as_deref(),
            Some("pidtverdzhennya")
        );
        // ASCII, and another script, are left alone.
        assert_eq!(cyrillic_to_latin("pochta"), None);
        assert_eq!(cyrillic_to_latin("почтаλ"), None);
        assert_eq!(cyrillic_to_latin("bücher"), None);
    }
}
