//! (urls13c) A brand's name written in its own script beside a lure word, in an internationalised host.
//!
//! A phisher imitating a Chinese bank, a Japanese or Korean service or an Iranian bank for its own
//! customers writes the brand's name as they know it, in their script, and glues the step word to it
//! (`<bank in Han>登录.com`, `<service in Hangul>-로그인.net`): the Latin name the other checks compare is
//! not in the host at all. The names come from the maintained sources the shipped list is built from
//! (`data/native_names.txt`, written by `tools/corpus/native_names.py`: npm `simple-icons` localised
//! names and `banks-db` local titles). Such a name beside a lure word (the hand-kept script and Latin
//! lure words of [`super::top_sites`], the translated ones of [`super::lure_l10n`]), or beside any
//! other text under one of the cheapest top-level domains, is judged as the Latin name is. The name
//! alone (`<name>.中国`) is the brand's own internationalised domain or a fan's, not bait.

use std::sync::LazyLock;

/// The generated names: one a line, then the Latin name it stands for.
const NATIVE_NAMES: &str = include_str!("data/native_names.txt");

/// Longest label read: DNS bounds a label at 63 bytes, and the host parser has checked it; the bound is
/// restated here so that no label makes the search below longer.
const MAX_LABEL_BYTES: usize = 63;

/// (native name, Latin name), parsed once.
static NAMES: LazyLock<Vec<(&'static str, &'static str)>> = LazyLock::new(|| {
    NATIVE_NAMES
        .lines()
        .filter(|l| !l.starts_with('#'))
        .filter_map(|l| {
            let mut it = l.split_whitespace();
            Some((it.next()?, it.next()?))
        })
        .collect()
});

/// A lure word in a piece of a label beside the name: a script word found inside it (Chinese,
/// Japanese, Korean, ... are written without a space between words), or the piece or one of its
/// hyphenated parts a lure word once folded (Cyrillic transliterated, Latin without marks).
fn lure_in(piece: &str) -> Option<String> {
    if let Some(w) = super::lure_l10n::script_word_in(piece) {
        return Some(w.to_string());
    }
    if let Some(w) = super::top_sites::SCRIPT_LURES
        .iter()
        .find(|w| piece.contains(*w))
    {
        return Some((*w).to_string());
    }
    std::iter::once(piece)
        .chain(piece.split('-'))
        .filter(|p| !p.is_empty())
        .find_map(|p| {
            let folded = super::translit::fold_word(p);
            (super::top_sites::is_lure(&folded) || super::top_sites::strong_lure(&folded))
                .then(|| p.to_string())
        })
}

/// The native name, the Latin name it stands for and the lure word of a label (Unicode, lowercase)
/// that carries a brand's name in its own script beside a lure word, or beside any other text when
/// `cheap` (the host is under one of the cheapest top-level domains).
pub(super) fn native_brand(
    label: &str,
    cheap: bool,
) -> Option<(&'static str, &'static str, String)> {
    if label.is_ascii() || label.len() > MAX_LABEL_BYTES {
        return None;
    }
    // The name may be written with hyphens inside it (`<word>-<word>银行`): read without them.
    let joined: String = label.chars().filter(|&c| c != '-').collect();
    NAMES.iter().find_map(|&(name, latin)| {
        let at = joined.find(name)?;
        let before = joined.get(..at)?;
        let after = joined.get(at + name.len()..)?;
        let lure = lure_in(before)
            .or_else(|| lure_in(after))
            // The label's hyphenated parts that hold no part of the name (`<name>-login-verify`).
            .or_else(|| {
                label
                    .split('-')
                    .filter(|p| !name.contains(*p) && !p.contains(name))
                    .find_map(lure_in)
            })
            .or_else(|| {
                let rest = format!("{before}{after}");
                (cheap && rest.chars().any(char::is_alphanumeric)).then_some(rest)
            })?;
        Some((name, latin, lure))
    })
}

/// The word for bank or for a payment card in the scripts written without spaces between words
/// (Chinese, Japanese, Korean, Thai), hand-kept: no maintained source lists them, and they are few.
/// A bank or card issuer that no list carries (`<name>カード`, `<name>銀行`) is named by its own name with
/// one of them glued, as a Latin bank is `<name>bank`.
const SCRIPT_BANK_WORDS: &[&str] = &[
    "銀行",
    "银行",
    "은행",
    "カード",
    "카드",
    "信用卡",
    "ธนาคาร",
    "บัตร",
];

/// (urls13c) A label (Unicode, lowercase) that glues a bank's or card issuer's name, whatever it is, to a
/// script lure word: `<name>カード確認`, `<name>은행로그인`. The script analogue of a Latin bank's sign-in
/// host (`<name>bank-login`, [`super::top_sites`]'s bank sign-in check): no list of the world's banks is
/// complete, and a bank signs its customers in on its own domain, not on one whose name says so. Returns
/// the name part (with the bank word) and the lure word. The bank word alone beside the lure word (no
/// name) is a generic page's label, not counted.
pub(super) fn script_bank_lure(label: &str) -> Option<(String, String)> {
    if label.is_ascii() || label.len() > MAX_LABEL_BYTES {
        return None;
    }
    let joined: String = label.chars().filter(|&c| c != '-').collect();
    SCRIPT_BANK_WORDS.iter().find_map(|bank| {
        let at = joined.find(bank)?;
        let head = joined.get(..at + bank.len())?;
        let after = joined.get(at + bank.len()..)?;
        // A name before the bank word, in the script (not a bare bank word, not digits).
        if !joined
            .get(..at)?
            .chars()
            .any(|c| c.is_alphabetic() && !c.is_ascii())
        {
            return None;
        }
        let lure = super::lure_l10n::script_word_in(after).or_else(|| {
            super::top_sites::SCRIPT_LURES
                .iter()
                .copied()
                .find(|w| after.contains(w))
        })?;
        Some((head.to_string(), lure.to_string()))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_native_name_beside_a_lure_word() {
        // A Chinese bank's name glued to the Chinese for "sign in"; a Korean service's with a hyphen
        // and the Korean for "account"; with an English lure word.
        assert!(native_brand("招商银行登录", false).is_some());
        assert!(native_brand("카카오-계정", false).is_some());
        assert!(native_brand("카카오-login", false).is_some());
        // A Japanese service's name beside the Japanese for "confirm".
        assert!(native_brand("ネイバー確認", false).is_some());
        // A Persian bank's name, hyphenated inside, with the Persian for "account".
        assert!(native_brand("بانک-ملت-حساب", false).is_some());
        // A Cyrillic bank's name beside the transliterated Russian for "sign in".
        assert!(native_brand("сбербанк-вход", false).is_some());
    }

    #[test]
    fn the_name_alone_or_beside_other_words_passes() {
        assert!(native_brand("招商银行", false).is_none());
        assert!(native_brand("카카오", false).is_none());
        assert!(native_brand("카카오프렌즈", false).is_none());
        assert!(native_brand("招商银行", true).is_none());
        // Other words beside the name under an ordinary ending.
        assert!(native_brand("美团外卖", false).is_none());
        // Under one of the cheapest endings, any other text counts.
        assert!(native_brand("美团外卖", true).is_some());
        // No name at all.
        assert!(native_brand("例え登录", false).is_none());
        assert!(native_brand("login-verify", false).is_none());
    }

    #[test]
    fn an_unlisted_bank_or_card_name_glued_to_a_script_lure_word() {
        // An invented card issuer's name in kanji, the word for card, the Japanese for "confirm";
        // an invented Korean bank's with "log in".
        assert!(script_bank_lure("山川カード確認").is_some());
        assert!(script_bank_lure("푸른은행-로그인").is_some());
        // The bank's own name alone, the lure word before the bank word, or no name before it.
        assert!(script_bank_lure("山川カード").is_none());
        assert!(script_bank_lure("確認山川カード").is_none());
        assert!(script_bank_lure("カード確認").is_none());
        assert!(script_bank_lure("card-login").is_none());
    }
}
