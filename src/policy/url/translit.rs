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

/// A host label as the lure-word checks compare it: ASCII as it is; Cyrillic in Latin letters
/// ([`cyrillic_to_latin`]); any other text without its diacritics, with the letters that have no
/// decomposition written as their ASCII spelling (`bekræft` as `bekraeft`, `giriş` as `giris`,
/// `zásilka` as `zasilka`, `σύνδεση` as `συνδεση`). The lure words are kept in that form.
pub(super) fn fold_word(label: &str) -> std::borrow::Cow<'_, str> {
    if label.is_ascii() {
        return std::borrow::Cow::Borrowed(label);
    }
    if let Some(latin) = cyrillic_to_latin(label) {
        return std::borrow::Cow::Owned(latin);
    }
    let mut out = String::with_capacity(label.len());
    // Only Latin and Greek letters lose their marks: Hangul syllables would decompose into jamo, and the
    // vowel signs of Indic scripts are marks that belong to the word. (urls13c) Latin Extended Additional
    // too (U+1E00 to U+1EFF: Vietnamese `ả`, `ậ`), so that `bảo-mật` reads as `bao-mat`, the spelling the
    // lure words are kept in and the one a Vietnamese user types in an ASCII host.
    let decomposed = label.chars().flat_map(|c| {
        let mut one: smallvec::SmallVec<[char; 4]> = smallvec::SmallVec::new();
        if c < '\u{0400}' || ('\u{1E00}'..='\u{1EFF}').contains(&c) {
            unicode_normalization::char::decompose_canonical(c, |d| {
                if !unicode_normalization::char::is_combining_mark(d) {
                    one.push(d);
                }
            });
        } else {
            one.push(c);
        }
        one
    });
    for c in decomposed {
        match c {
            'æ' => out.push_str("ae"),
            'ø' => out.push('o'),
            'ß' => out.push_str("ss"),
            'ł' => out.push('l'),
            'đ' | 'ð' => out.push('d'),
            'ı' => out.push('i'),
            'œ' => out.push_str("oe"),
            'þ' => out.push_str("th"),
            'ς' => out.push('σ'),
            _ => out.extend(c.to_lowercase()),
        }
    }
    std::borrow::Cow::Owned(out)
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

    #[test]
    fn words_fold_to_the_lure_lists_spelling() {
        assert_eq!(fold_word("afgørelse-bekræft"), "afgorelse-bekraeft");
        assert_eq!(fold_word("kargo-doğrulama"), "kargo-dogrulama");
        assert_eq!(fold_word("přihlášení"), "prihlaseni");
        assert_eq!(fold_word("straße"), "strasse");
        assert_eq!(fold_word("επαλήθευση"), "επαληθευση");
        assert_eq!(fold_word("налог-вход"), "nalog-vhod");
        assert_eq!(fold_word("plain-ascii"), "plain-ascii");
        // Scripts without marks are left as written.
        assert_eq!(fold_word("우체국-로그인"), "우체국-로그인");
    }
}
