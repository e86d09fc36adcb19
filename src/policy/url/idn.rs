//! Internationalised labels judged as a browser decides whether to show them in Unicode: Chromium's IDN
//! display policy (`docs/idn.md` in Chromium's source), steps 3 to 12, on each label of a host outside its
//! public suffix (the registry's, not the link author's). Step 2 (IDNA errors) is `url.host.punycode`,
//! step 13 (a skeleton match with a well-known site) is `url.host.brand` ([`super::top_sites`]).
//!
//! - `url.host.idn_character`: a character outside UTS #39's identifier set (`IdentifierStatus=Allowed`,
//!   `unicode-security`) or on Chromium's blocked list (U+02BB, U+02BC, U+2010, U+2019, U+2027, U+30A0,
//!   U+0338, U+058A and the ranges of Greek extended, Latin Ǎ..ǜ, Cyrillic extended, ...); invisible
//!   sequences (the same combining mark twice); a character used where its language does not use it
//!   (the middle dot outside `l·l`, a dot above after `i`/`j`/`l`, the dotless `ı`/`ȷ` and the schwa `ə`
//!   outside Turkish and Azerbaijani domains, `þ`/`ð` outside Iceland's); katakana that read as a slash
//!   (`ノ ン ソ ゾ`) or Japanese marks (`ー ・ 〇`) beside no Japanese or Chinese letter.
//! - `url.host.mixed_script`: scripts mixed beyond UTS #39's *highly restrictive* level (only Chinese,
//!   Japanese or Korean scripts with ASCII Latin), with Chromium's extra rule that only ASCII Latin mixes;
//!   digits from two numbering systems.
//! - `url.host.confusable`: a label in one non-Latin script made only of letters that look Latin (its
//!   UTS #39 skeleton is ASCII: `аррӏе`), unless the domain's top-level domain is in that script or is one
//!   of the country domains where that script is at home (Chromium's whole-script-confusable exceptions:
//!   Cyrillic under `ru`, `ua`, `bg`, ...); a label made only of digits and letters that look like digits.

use unicode_normalization::char::is_combining_mark;
use unicode_script::{Script, UnicodeScript};
use unicode_security::mixed_script::AugmentedScriptSet;
use unicode_security::{GeneralSecurityProfile, RestrictionLevel, RestrictionLevelDetection};

use super::{rules, Findings};

/// Characters Chromium never shows in a host: single code points.
const BLOCKED_CHARS: &[char] = &[
    '\u{0338}', // combining long solidus overlay
    '\u{058A}', // Armenian hyphen
    '\u{2010}', // hyphen
    '\u{2019}', // right single quotation mark
    '\u{2027}', // hyphenation point
    '\u{30A0}', // katakana-hiragana double hyphen
    '\u{02BB}', // modifier letter turned comma (ʻ)
    '\u{02BC}', // modifier letter apostrophe
];

/// Characters Chromium never shows in a host: ranges (Latin letters with carons and diaereses used in
/// pinyin and romanisation, Cyrillic extended-C, Latin extended additional's rarely used letters, Greek
/// extended, Cyrillic extended-B). Latin extended-D (U+A720..U+A72F) is inside none of them.
const BLOCKED_RANGES: &[(char, char)] = &[
    ('\u{01CD}', '\u{01DC}'),
    ('\u{1C80}', '\u{1C8F}'),
    ('\u{1E90}', '\u{1E9B}'),
    ('\u{1F00}', '\u{1FFF}'),
    ('\u{A640}', '\u{A69F}'),
];

/// Country domains where a script's whole-script confusables are ordinary names (Chromium's list): a
/// Cyrillic `сор` is a word under `ru`, and `аррӏе` under `com` is a spoof.
const SCRIPT_HOME_TLDS: &[(Script, &[&str])] = &[
    (
        Script::Cyrillic,
        &["bg", "by", "kz", "xn--p1acf", "ru", "su", "ua", "uz"],
    ),
    (Script::Greek, &["gr"]),
    (Script::Armenian, &["am"]),
    (Script::Georgian, &["ge"]),
    (Script::Hebrew, &["il"]),
    (Script::Thai, &["th"]),
    (Script::Ethiopic, &["er", "et"]),
];

/// Characters allowed only under some country domains, where the language writes them (Chromium).
const LOCAL_CHARS: &[(char, &[&str])] = &[
    ('\u{0131}', &["tr", "az"]), // dotless i
    ('\u{0237}', &["tr", "az"]), // dotless j
    ('\u{0259}', &["az"]),       // schwa
    ('\u{00FE}', &["is"]),       // thorn
    ('\u{00F0}', &["is"]),       // eth
];

/// Katakana that look like a slash or a stroke.
const SLASH_KANA: &[char] = &['\u{30CE}', '\u{30F3}', '\u{30BD}', '\u{30BE}'];
/// Japanese marks that look like Latin punctuation or a letter beside no Japanese text: prolonged sound
/// mark, katakana middle dot, ideographic zero.
const JAPANESE_MARKS: &[char] = &['\u{30FC}', '\u{30FB}', '\u{3007}'];

/// Letters of other scripts that read as a Latin `k` though UTS #39's skeleton does not map them to it.
const LATIN_K_ALIKES: &[char] = &['\u{043A}', '\u{03BA}'];

/// Letters that look like a digit (Chromium's digit look-alikes): a label of these and digits reads as a
/// number (`зз` as `33`).
const DIGIT_LOOKALIKES: &[char] = &[
    'θ', '२', '২', '੨', '૨', '೩', '೭', 'շ', 'ȝ', 'з', 'ҙ', 'ӡ', 'उ', 'ও', 'ਤ', '੩', '૩', '౩', 'ဒ',
    'ვ', 'პ', 'ੜ', '੫',
];

/// The host's facts the label checks need.
pub(super) struct Domain<'a> {
    /// The top-level domain as a person reads it (Unicode).
    pub(super) tld_unicode: &'a str,
    /// The top-level domain in ASCII (punycode for an internationalised one).
    pub(super) tld_ascii: &'a str,
}

/// Runs the label checks on one non-ASCII label (Unicode, lowercase).
pub(super) fn check_label(label: &str, domain: &Domain<'_>, out: &mut Findings) {
    if let Some(why) = bad_character(label, domain) {
        out.push(
            rules::HOST_IDN_CHARACTER,
            format!(
                "the name `{label}` has {why}, which browsers do not show as text in a web address"
            ),
        );
    }
    if let Some(why) = mixed(label) {
        out.push(
            rules::HOST_MIXED_SCRIPT,
            format!("the name `{label}` {why}"),
        );
    } else if let Some(reads_as) = whole_script_confusable(label, domain) {
        out.push(
            rules::HOST_CONFUSABLE,
            format!("the name `{label}` is written in another alphabet but reads as `{reads_as}`"),
        );
    }
}

/// Why a label has a character browsers refuse in a host name, if it has one.
fn bad_character(label: &str, domain: &Domain<'_>) -> Option<String> {
    let chars: Vec<char> = label.chars().collect();
    let japanese = |c: char| {
        matches!(
            c.script(),
            Script::Hiragana | Script::Katakana | Script::Han
        ) && !SLASH_KANA.contains(&c)
            && !JAPANESE_MARKS.contains(&c)
    };
    let any_japanese = chars.iter().any(|&c| japanese(c));
    let mut prev: Option<char> = None;
    for (i, &c) in chars.iter().enumerate() {
        let code = || format!("`{c}` (U+{:04X})", u32::from(c));
        if !c.identifier_allowed() {
            return Some(format!("the character {}", code()));
        }
        if BLOCKED_CHARS.contains(&c) || BLOCKED_RANGES.iter().any(|&(a, b)| (a..=b).contains(&c)) {
            return Some(format!("the character {}", code()));
        }
        if let Some((_, tlds)) = LOCAL_CHARS.iter().find(|(l, _)| *l == c) {
            if !tlds.contains(&domain.tld_ascii) {
                return Some(format!(
                    "the character {} outside the domains of the languages that write it",
                    code()
                ));
            }
        }
        if is_combining_mark(c) && prev == Some(c) {
            return Some(format!(
                "the same mark {} twice, an invisible repeat",
                code()
            ));
        }
        if matches!(c, '\u{3099}' | '\u{309A}')
            && prev.is_some_and(|p| matches!(p, '\u{3099}' | '\u{309A}'))
        {
            return Some(format!("the kana mark {} after another one", code()));
        }
        if c == '\u{0307}' && prev.is_some_and(|p| matches!(p, 'i' | 'j' | 'l' | '\u{0131}')) {
            return Some(format!(
                "a dot above ({}) after a letter that has one",
                code()
            ));
        }
        if c == '\u{00B7}' && !(prev == Some('l') && chars.get(i + 1) == Some(&'l')) {
            return Some(format!("a middle dot {} outside `l·l`", code()));
        }
        if (SLASH_KANA.contains(&c) || JAPANESE_MARKS.contains(&c)) && !any_japanese {
            return Some(format!(
                "the Japanese character {} with no Japanese text beside it",
                code()
            ));
        }
        prev = Some(c);
    }
    None
}

/// How a label mixes scripts or numbering systems beyond what browsers show, if it does.
fn mixed(label: &str) -> Option<&'static str> {
    match label.detect_restriction_level() {
        RestrictionLevel::ASCIIOnly | RestrictionLevel::SingleScript => {}
        RestrictionLevel::HighlyRestrictive => {
            // Chinese, Japanese or Korean with Latin: only ASCII Latin (Chromium's extra rule).
            if label
                .chars()
                .any(|c| !c.is_ascii() && c.script() == Script::Latin)
            {
                return Some("mixes accented Latin letters with Chinese, Japanese or Korean ones");
            }
        }
        // A character outside the identifier set: `bad_character` reports it.
        RestrictionLevel::Unrestricted => {}
        RestrictionLevel::ModeratelyRestrictive | RestrictionLevel::MinimallyRestrictive => {
            return Some("mixes letters from different alphabets");
        }
    }
    let mut zero = None;
    for c in label.chars() {
        if let Some(z) = digit_zero(c) {
            if zero.is_some_and(|first| first != z) {
                return Some("mixes digits from different numbering systems");
            }
            zero = Some(z);
        }
    }
    None
}

/// The zero of the decimal digits `c` belongs to (`0` for ASCII digits, `০` for Bengali ones), if `c` is
/// a decimal digit: Unicode encodes each system's digits as ten consecutive code points from zero.
fn digit_zero(c: char) -> Option<u32> {
    if c.is_ascii_digit() {
        return Some(u32::from('0'));
    }
    if c.is_ascii() || !is_decimal_digit(c) {
        return None;
    }
    let code = u32::from(c);
    // Walk down to the first of the run (at most nine steps).
    let mut z = code;
    while code - z < 9 && z > 0 && char::from_u32(z - 1).is_some_and(is_decimal_digit) {
        z -= 1;
    }
    Some(z)
}

fn is_decimal_digit(c: char) -> bool {
    unicode_general_category::get_general_category(c)
        == unicode_general_category::GeneralCategory::DecimalNumber
}

/// The Latin text a single-script, non-Latin label reads as, when it is made only of look-alikes of Latin
/// letters and digits and its script is not at home under the domain's top-level domain.
fn whole_script_confusable(label: &str, domain: &Domain<'_>) -> Option<String> {
    if label.chars().any(|c| DIGIT_LOOKALIKES.contains(&c))
        && label
            .chars()
            .all(|c| c.is_ascii_digit() || DIGIT_LOOKALIKES.contains(&c))
    {
        return Some(
            label
                .chars()
                .map(|c| if c.is_ascii_digit() { c } else { '#' })
                .collect(),
        );
    }
    let set = AugmentedScriptSet::for_str(label);
    if set.is_empty() || set.base.contains_script(Script::Latin) {
        return None;
    }
    let script = label
        .chars()
        .map(|c| c.script())
        .find(|s| !matches!(s, Script::Common | Script::Inherited))?;
    // UTS #39 maps Cyrillic `к` and Greek `κ` to `ĸ` (kra), not to `k`, though lowercase they are `k`
    // with a shorter ascender at any size a host is read at (`какао` for `kakao`, `ірко` for `ipko`):
    // read as `k` here, so a label of them and the skeleton's look-alikes is a whole-script confusable.
    let reads_as: String = if label.contains(LATIN_K_ALIKES) {
        let with_k: String = label
            .chars()
            .map(|c| if LATIN_K_ALIKES.contains(&c) { 'k' } else { c })
            .collect();
        super::host::skeleton_of(&with_k).collect()
    } else {
        super::host::skeleton_of(label).collect()
    };
    let latin_only = reads_as.is_ascii() && reads_as.bytes().any(|b| b.is_ascii_alphanumeric());
    if !latin_only {
        return None;
    }
    let digits_only = reads_as.bytes().all(|b| b.is_ascii_digit() || b == b'-');
    if !digits_only && at_home(script, domain) {
        return None;
    }
    Some(reads_as)
}

/// Whether `script` is at home under the domain's top-level domain: the top-level domain is written in it,
/// or is a country domain where it is used ([`SCRIPT_HOME_TLDS`]).
fn at_home(script: Script, domain: &Domain<'_>) -> bool {
    domain.tld_unicode.chars().any(|c| c.script() == script)
        || SCRIPT_HOME_TLDS
            .iter()
            .any(|(s, tlds)| *s == script && tlds.contains(&domain.tld_ascii))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn verdict(label: &str, tld_unicode: &str, tld_ascii: &str) -> Vec<String> {
        let mut out = Findings::new("");
        let domain = Domain {
            tld_unicode,
            tld_ascii,
        };
        check_label(label, &domain, &mut out);
        out.into_vec().into_iter().map(|f| f.rule).collect()
    }

    #[test]
    fn single_script_names_pass() {
        for (label, tld, tld_ascii) in [
            ("bücher", "de", "de"),
            ("münchen", "de", "de"),
            ("пример", "рф", "xn--p1ai"),
            ("παράδειγμα", "ελ", "xn--qxam"),
            ("ตัวอย่าง", "ไทย", "xn--o3cw4h"),
            ("例え", "jp", "jp"),
            ("テスト", "jp", "jp"),
            ("中文网", "cn", "cn"),
            ("한국어", "kr", "kr"),
            ("مثال", "مصر", "xn--wgbh1c"),
            ("उदाहरण", "भारत", "xn--h2brj9c"),
            ("abc日本", "jp", "jp"),
            ("çalışma", "tr", "tr"),
            ("col·lecció", "cat", "cat"),
            ("сор", "ru", "ru"),
            ("аррӏе", "рф", "xn--p1ai"),
        ] {
            assert!(verdict(label, tld, tld_ascii).is_empty(), "{label}.{tld}");
        }
    }

    #[test]
    fn spoofs_are_found() {
        let v = |l: &str, t: &str| verdict(l, t, t);
        assert_eq!(v("аррӏе", "com"), [rules::HOST_CONFUSABLE]);
        assert_eq!(v("ѕсоре", "io"), [rules::HOST_CONFUSABLE]);
        assert_eq!(v("ορ", "com"), [rules::HOST_CONFUSABLE]);
        // Digits and digit look-alikes read as a number anywhere.
        assert_eq!(v("зз", "ru"), [rules::HOST_CONFUSABLE]);
        assert_eq!(v("pаypal", "com"), [rules::HOST_MIXED_SCRIPT]);
        assert_eq!(v("gօօgle", "com"), [rules::HOST_MIXED_SCRIPT]);
        assert_eq!(v("abc\u{e9}日本", "jp"), [rules::HOST_MIXED_SCRIPT]);
        assert_eq!(v("a1\u{9e8}", "com"), [rules::HOST_MIXED_SCRIPT]);
        assert_eq!(v("m\u{131}crosoft", "com"), [rules::HOST_IDN_CHARACTER]);
        assert_eq!(v("a\u{2bb}b", "com"), [rules::HOST_IDN_CHARACTER]);
        assert_eq!(v("a\u{301}\u{301}b", "com"), [rules::HOST_IDN_CHARACTER]);
        assert_eq!(v("a\u{b7}b", "com"), [rules::HOST_IDN_CHARACTER]);
        assert_eq!(v("abc\u{30ce}def", "com"), [rules::HOST_IDN_CHARACTER]);
        assert_eq!(v("\u{1f00}βγ", "gr"), [rules::HOST_IDN_CHARACTER]);
        assert_eq!(v("a\u{589}b", "com"), [rules::HOST_IDN_CHARACTER]);
        assert_eq!(v("\u{259}pple", "com"), [rules::HOST_IDN_CHARACTER]);
    }

    #[test]
    fn digit_zeros() {
        assert_eq!(digit_zero('7'), Some(0x30));
        assert_eq!(digit_zero('\u{9ed}'), Some(0x9e6));
        assert_eq!(digit_zero('\u{9e6}'), Some(0x9e6));
        assert_eq!(digit_zero('\u{669}'), Some(0x660));
        assert_eq!(digit_zero('a'), None);
    }
}
