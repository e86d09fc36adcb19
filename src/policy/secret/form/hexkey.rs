//! A wallet's private key described by its format, in any language: the shape of the value, not a word.
//!
//! An EVM wallet's private key is 64 hexadecimal characters, often written with `0x` before them (66); its
//! address is 40 (42). A form after the key need not name it: "paste the 64-character string starting with
//! 0x that you get when you export your wallet", over a field bounded to 64 characters, says it by its
//! format in Telugu as in English. The signals here read what every language writes the same way:
//! - a text field bounded to a key's length (`minLength` or `maxLength` 64 or 66, or a pattern of 64 hex
//!   digits) in a form that speaks of a wallet or a chain ([`Reading::crypto`]);
//! - a message that gives a key's format: a bare `0x` (a prefix, no hex digit after it: "starts with 0x",
//!   not the error code `0x3f`) and the count 64 or 66 (in any script's digits), in a form that speaks of
//!   a wallet or a chain.
//!
//! A transaction's or a block's hash is 64 hex characters too, and a certificate's SHA-256 fingerprint: a
//! form whose texts name a hash, a transaction or a fingerprint ([`HASH_WORDS`], in the scripts developers
//! write the loanword in) is left alone. The words for a wallet and a chain ([`CRYPTO_WORDS`]) are the
//! tickers and names written in Latin letters everywhere (`USDT`, `MetaMask`, `airdrop`) and the word for a
//! wallet in the packs' languages.
//!
//! Read only when a form holds a candidate (a field with a key's bounds, or `0x` in the message), so an
//! ordinary form pays one byte search of its message and a look at each field's bounds. The form's reading
//! of the two signals together is [`wallet_key`].

use super::field::Prop;
use super::structure;
use crate::wire::tree::Node;

/// Bytes of a text read (the message's first kilobytes, a title or description).
const READ_BYTES: usize = 4096;

/// The lengths of an EVM private key in characters: 64 hex digits, 66 with `0x`.
const KEY_LENGTHS: &[u64] = &[64, 66];

/// Words (lower case) that say a form speaks of a wallet or a chain. Latin ones are matched as whole words
/// (no ASCII letter or digit on either side); the others anywhere, since several scripts write no spaces
/// and glue case endings on ("ウォレットの", "кошелька").
const CRYPTO_WORDS: &[&str] = &[
    // Tickers, chains and wallets, written in Latin letters in every language.
    "wallet",
    "metamask",
    "trust wallet",
    "phantom",
    "ethereum",
    "eth",
    "erc20",
    "erc-20",
    "bep20",
    "bep-20",
    "trc20",
    "usdt",
    "usdc",
    "bnb",
    "bsc",
    "polygon",
    "arbitrum",
    "solana",
    "airdrop",
    "web3",
    "defi",
    "nft",
    "nfts",
    "evm",
    "crypto",
    "blockchain",
    // The word for a wallet in the packs' languages.
    "carteira",
    "billetera",
    "portefeuille",
    "portafoglio",
    "geldbörse",
    "portemonnee",
    "plånbok",
    "tegnebog",
    "lommebok",
    "lompakko",
    "portfel",
    "peněžen",
    "peňažen",
    "novčanik",
    "novčanika",
    "piniginė",
    "piniginės",
    "pénztárc",
    "portofel",
    "cüzdan",
    "dompet",
    "pitaka",
    "pochi",
    "ví tiền",
    "ví điện tử",
    "кошел",
    "гаманц",
    "гаманец",
    "портфейл",
    "новчаник",
    "πορτοφόλι",
    "ארנק",
    "محفظ",
    "کیف پول",
    "والٹ",
    "वॉलेट",
    "वालेट",
    "ওয়ালেট",
    "வாலட்",
    "వాలెట్",
    "วอลเล็ต",
    "กระเป๋าเงินดิจิทัล",
    "钱包",
    "錢包",
    "ウォレット",
    "지갑",
];

/// Words (lower case) for what else is 64 hex characters: a hash, a transaction or block id, a
/// fingerprint, a checksum or signature. Matched as [`CRYPTO_WORDS`] are.
const HASH_WORDS: &[&str] = &[
    "hash",
    "txid",
    "txhash",
    "tx",
    "txn",
    "transaction",
    "sha",
    "sha256",
    "sha-256",
    "checksum",
    "fingerprint",
    "signature",
    "block",
    "commit",
    "хеш",
    "хэш",
    "транзакц",
    "трансакц",
    "哈希",
    "交易",
    "ハッシュ",
    "トランザクション",
    "해시",
    "트랜잭션",
    "هش",
    "هاش",
    "تراکنش",
    "معاملة",
    "हैश",
    "ट्रांजैक्शन",
    "হ্যাশ",
    "ஹாஷ்",
    "హాష్",
    "హ్యాష్",
    "แฮช",
    "ธุรกรรม",
    "κατακερματ",
    "συναλλαγ",
    "גיבוב",
    "vingerafdruk",
    "fingeravtryck",
    "fingeraftryk",
    "empreinte",
    "huella",
    "impronta",
    "impressão digital",
    "odcisk",
    "otisk",
    "giao dịch",
    "transakcj",
    "transakc",
    "tranzac",
    "muamala",
];

/// What a form's texts say of a key's format, read once per text and merged.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct Reading {
    /// A bare `0x`: the prefix named, no hex digit after it.
    pub zero_x: bool,
    /// The count 64 or 66 as a number of its own.
    pub key_count: bool,
    /// A word for a wallet or a chain ([`CRYPTO_WORDS`]).
    pub crypto: bool,
    /// A word for a hash, a transaction or a fingerprint ([`HASH_WORDS`]).
    pub hash: bool,
}

impl Reading {
    /// Both readings' signals.
    pub fn merge(&mut self, other: Reading) {
        self.zero_x |= other.zero_x;
        self.key_count |= other.key_count;
        self.crypto |= other.crypto;
        self.hash |= other.hash;
    }

    /// The message gives a private key's format: `0x`, 64 or 66 characters, a wallet, no hash.
    pub fn message_describes_key(&self) -> bool {
        self.zero_x && self.key_count && self.crypto && !self.hash
    }

    /// A field bounded to a key's length takes a key: the form speaks of a wallet and of no hash.
    pub fn bounds_read_as_key(&self) -> bool {
        self.crypto && !self.hash
    }
}

/// Whether `message` may describe a key's format at all (the cheap gate: it holds `0x`).
pub(super) fn may_name_prefix(message: &str) -> bool {
    super::head(super::super::scan_limit(message), READ_BYTES)
        .as_bytes()
        .windows(2)
        .any(|w| w.eq_ignore_ascii_case(b"0x"))
}

/// Whether a field's bounds are a private key's length: `minLength` or `maxLength` 64 or 66 (and no
/// `maxLength` below 64), or a pattern of exactly 64 hex digits.
pub(super) fn key_bounds(min_length: Option<u64>, max_length: Option<u64>, pattern: &str) -> bool {
    let by_length = min_length.is_some_and(|n| KEY_LENGTHS.contains(&n))
        || max_length.is_some_and(|n| KEY_LENGTHS.contains(&n));
    let fits = max_length.is_none_or(|n| n >= 64) && min_length.is_none_or(|n| n <= 66);
    let by_pattern = pattern.len() <= 64
        && pattern.contains("{64}")
        && (pattern.contains("a-f") || pattern.contains("A-F"));
    (by_length && fits) || by_pattern
}

/// Reads one text for a key's format and the words around it (lower-cased once; called only for a form
/// holding a candidate).
pub(super) fn read(text: &str) -> Reading {
    let text = super::head(super::super::scan_limit(text), READ_BYTES);
    let lower = text.to_lowercase();
    let bytes = lower.as_bytes();
    let mut out = Reading {
        crypto: CRYPTO_WORDS.iter().any(|w| holds_word(&lower, w)),
        hash: HASH_WORDS.iter().any(|w| holds_word(&lower, w)),
        ..Reading::default()
    };
    // A bare `0x`: no letter or digit before it, no hex digit after it.
    for (i, w) in bytes.windows(2).enumerate() {
        if w != b"0x" {
            continue;
        }
        let before = i.checked_sub(1).and_then(|j| bytes.get(j));
        let after = bytes.get(i + 2);
        if !before.is_some_and(u8::is_ascii_alphanumeric)
            && !after.is_some_and(u8::is_ascii_hexdigit)
        {
            out.zero_x = true;
            break;
        }
    }
    out.key_count = counts_key(&lower);
    out
}

/// Whether `text` holds 64 or 66 as a number of its own, in any script's decimal digits.
fn counts_key(text: &str) -> bool {
    let mut value: u64 = 0;
    let mut digits = 0usize;
    // A number glued to a letter or a dot ("0x64", "v1.64", "x64") is a code or a version, not a count.
    let mut glued = false;
    let mut prev: Option<char> = None;
    for ch in text.chars().chain(std::iter::once(' ')) {
        if let Some(d) = decimal_value(ch) {
            if digits == 0 {
                glued = prev.is_some_and(|p| p.is_alphabetic() || p == '.' || p == ',');
            }
            value = value.saturating_mul(10).saturating_add(u64::from(d));
            digits += 1;
        } else {
            // "64-character", "64 символа", "64位": no Latin letter right after the number ("64bit").
            let ends_clean = !ch.is_ascii_alphabetic();
            if digits == 2 && !glued && ends_clean && KEY_LENGTHS.contains(&value) {
                return true;
            }
            value = 0;
            digits = 0;
        }
        prev = Some(ch);
    }
    false
}

/// The value of a decimal digit of any of the packs' scripts (ASCII, Arabic-Indic, Extended Arabic-Indic,
/// Devanagari, Bengali, Tamil, Telugu, Thai, full-width).
fn decimal_value(ch: char) -> Option<u32> {
    const ZEROS: &[u32] = &[
        0x30, 0x660, 0x6F0, 0x966, 0x9E6, 0xBE6, 0xC66, 0xE50, 0xFF10,
    ];
    let c = u32::from(ch);
    ZEROS
        .iter()
        .find(|&&z| (z..z + 10).contains(&c))
        .map(|&z| c - z)
}

/// Whether `text` (lower case) holds `word`: a Latin word with no ASCII letter or digit on either side, any
/// other anywhere.
fn holds_word(text: &str, word: &str) -> bool {
    if !word.is_ascii() {
        return text.contains(word);
    }
    let bytes = text.as_bytes();
    text.match_indices(word).any(|(at, _)| {
        let before = at.checked_sub(1).and_then(|i| bytes.get(i));
        let after = bytes.get(at + word.len());
        !before.is_some_and(u8::is_ascii_alphanumeric)
            && !after.is_some_and(u8::is_ascii_alphanumeric)
    })
}

/// Most properties whose title and description are read for a wallet key's words ([`wallet_key`]).
const KEY_READ_PROPERTIES: usize = 32;

/// A wallet's private key described by its format (the readings above): a text field bounded to a key's length
/// (`key_field`) in a form that speaks of a wallet and of no hash, or a message that gives the key's prefix
/// and length. Read only for a form holding such a field or `0x` in its message.
pub(super) fn wallet_key<'s>(
    message: &str,
    schema: &Node<'s>,
    key_field: Option<&'s str>,
) -> Option<structure::Signal<'s>> {
    let prefix = may_name_prefix(message);
    if key_field.is_none() && !prefix {
        return None;
    }
    let mut reading = read(message);
    if let Some(props) = schema.get("properties").and_then(Node::as_object) {
        for (name, value) in props.iter().take(KEY_READ_PROPERTIES) {
            let prop = Prop::of(value);
            for text in [name, prop.title, prop.description] {
                reading.merge(read(text));
            }
        }
    }
    if key_field.is_some() && reading.bounds_read_as_key() {
        return Some(structure::Signal {
            category: "private_key",
            name: key_field,
            why: "(a field bounded to a wallet key's 64 hex characters in a form about a wallet)"
                .to_owned(),
        });
    }
    reading.message_describes_key().then(|| structure::Signal {
        category: "private_key",
        name: None,
        why: "(described by its format: 0x and 64 hex characters, in a form about a wallet)"
            .to_owned(),
    })
}

#[cfg(test)]
mod tests {
    use super::{key_bounds, may_name_prefix, read};

    #[test]
    fn a_key_is_described_by_its_prefix_and_length_in_any_language() {
        for yes in [
            "మీ వాలెట్ ఎగుమతి చేసినప్పుడు వచ్చే 0x తో మొదలయ్యే 64 అక్షరాల స్ట్రింగ్‌ని ఇక్కడ అతికించండి (500 USDT)",
            "Plak de sleutel van je wallet (begint met 0x, 64 tekens) hieronder.",
            "请粘贴钱包导出的字符串（0x 开头，共 66 位）",
            "Вставьте строку из кошелька: 0x… и ещё ٦٤ символа",
        ] {
            assert!(may_name_prefix(yes), "{yes}");
            assert!(read(yes).message_describes_key(), "{yes}");
        }
    }

    #[test]
    fn a_hash_an_address_or_an_error_code_is_no_key() {
        for no in [
            // A transaction's hash is 64 hex digits with 0x too.
            "Paste the transaction hash (starts with 0x, 64 characters) of your USDT deposit.",
            "Вставьте хеш транзакции кошелька: 0x и 64 символа",
            // An address is 40.
            "Your wallet address: starts with 0x, 40 characters.",
            // An error code, a version, no wallet.
            "MetaMask sync error (code 0x3f), 64 items failed.",
            "Paste the 64-character string starting with 0x.",
            "Windows x64 build, 0x prefix not needed",
        ] {
            assert!(!read(no).message_describes_key(), "{no}");
        }
    }

    #[test]
    fn a_field_is_bounded_to_a_key() {
        assert!(key_bounds(Some(64), None, ""));
        assert!(key_bounds(Some(64), Some(66), ""));
        assert!(key_bounds(None, Some(66), ""));
        assert!(key_bounds(None, None, "^(0x)?[0-9a-fA-F]{64}$"));
        assert!(!key_bounds(Some(40), Some(42), ""));
        assert!(!key_bounds(Some(64), Some(40), ""));
        assert!(!key_bounds(Some(100), None, ""));
        assert!(!key_bounds(None, None, "^[0-9]{6}$"));
        // The words decide: a fingerprint's field is bounded alike.
        let fp = read("Vul de SHA-256-vingerafdruk van het openbare certificaat in.");
        assert!(!fp.bounds_read_as_key());
        let wallet = read("Import your MetaMask account");
        assert!(wallet.bounds_read_as_key());
    }
}
