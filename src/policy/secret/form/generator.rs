//! A generator's seed is no wallet's: "Create a Minecraft world: name, game mode and optionally a seed",
//! "укажите сид (seed) генерации мира", "Monte Carlo simulation: enter the seed for the random number
//! generator". The number or word a world, a map or a simulation is generated from is public (players share
//! it); a wallet's seed is a phrase of 12 to 24 words.
//!
//! A field is read as a generator's seed ([`generator_seed`]) when its own words name a seed only by the
//! bare word (`seed`; no "seed phrase", "mnemonic", "12 words", nor any other term of the recovery-phrase
//! category, in the field or in the message), and either
//! - it is a number field (`integer`, `number`): no phrase of words can be typed into one; or
//! - the form speaks of what a seed generates ([`GENERATOR`]: a world, a map, a game, randomness, a
//!   simulation) and of no wallet ([`WALLET`]: a wallet, crypto, a coin, a recovery).
//!
//! The trade, for a reviewer: a text field asking for "your seed" in a form about a game and no wallet
//! ("Link your seed to the game to get your reward") passes; a scam that names the wallet, the coin or the
//! phrase anywhere in the form keeps the reading.

use crate::policy::secret::normalize::{fold_words, is_unspaced_script, Folder};
use crate::policy::secret::pack::{Compiled, Kind};

/// What a seed generates, or the randomness it starts, folded: whole words, or the start of a word of
/// five letters or more; phrases and the scripts without spaces, anywhere.
const GENERATOR: &[&str] = &[
    // en
    "world",
    "worlds",
    "map",
    "random",
    "randomly",
    "generate",
    "generated",
    "generator",
    "generation",
    "terrain",
    "landscape",
    "simulation",
    "monte carlo",
    "minecraft",
    "game",
    "procedural",
    "iterations",
    // nl, de, da, no, sv
    "wereld",
    "willekeurig",
    "genereren",
    "spelmodus",
    "welt",
    "zufällig",
    "zufall",
    "generieren",
    "verden",
    "tilfeldig",
    "tilfældig",
    "landskap",
    "spillmodus",
    "värld",
    "slumpmässig",
    // fr, es, pt, it, ro
    "monde",
    "aléatoire",
    "générer",
    "génération",
    "mundo",
    "aleatorio",
    "aleatória",
    "aleatório",
    "generar",
    "gerar",
    "geração",
    "generación",
    "mondo",
    "mappa",
    "casuale",
    "generare",
    "generazione",
    "lume",
    "aleator",
    "generare",
    // pl, cs, sk, hr, sr, sl, hu, lt, fi, el
    "świat",
    "losowy",
    "losowo",
    "generowania",
    "svět",
    "náhodný",
    "náhodně",
    "generování",
    "svet",
    "náhodne",
    "svijet",
    "svijeta",
    "nasumično",
    "nasumice",
    "generirati",
    "generiranje",
    "svet",
    "világ",
    "véletlen",
    "generálás",
    "pasaulis",
    "atsitiktinis",
    "generavimo",
    "maailma",
    "satunnainen",
    "κόσμο",
    "κόσμου",
    "τυχαίο",
    "τυχαία",
    // ru, uk, bg, sr
    "мира",
    "мир",
    "карты",
    "генерации",
    "генерация",
    "случайный",
    "случайно",
    "случайных",
    "ландшафт",
    "світу",
    "випадковий",
    "генерації",
    "свят",
    "случайни",
    "генератора",
    "генератор",
    "симулация",
    "симуляция",
    "итерации",
    "света",
    "насумично",
    // tr, id, ms, tl, sw, vi
    "dünya",
    "rastgele",
    "oluşturma",
    "dunia",
    "acak",
    "rawak",
    "mundo",
    "nasibu",
    "thế giới",
    "ngẫu nhiên",
    // ar, fa, he, ur, hi, bn, ta, te, th
    "عالم",
    "العالم",
    "عشوائي",
    "جهان",
    "تصادفی",
    "עולם",
    "אקראי",
    "دنیا",
    "दुनिया",
    "বিশ্ব",
    "உலகம்",
    "ప్రపంచం",
    "โลก",
    "สุ่ม",
    // ja, ko, zh
    "ワールド",
    "ランダム",
    "マップ",
    "生成",
    "乱数",
    "월드",
    "랜덤",
    "생성",
    "世界",
    "随机",
    "隨機",
];

/// Words of a wallet, a coin or a recovery, folded as [`GENERATOR`]'s: any of them keeps a seed a wallet's.
const WALLET: &[&str] = &[
    "wallet",
    "crypto",
    "bitcoin",
    "ethereum",
    "metamask",
    "ledger",
    "trezor",
    "blockchain",
    "coin",
    "coins",
    "recovery",
    "restore",
    "mnemonic",
    "phantom",
    "binance",
    "usdt",
    "portemonnee",
    "brieftasche",
    "geldbörse",
    "tegnebog",
    "lommebok",
    "plånbok",
    "portefeuille",
    "billetera",
    "cartera",
    "carteira",
    "portafoglio",
    "portofel",
    "portfel",
    "peněženka",
    "peněženku",
    "peňaženka",
    "novčanik",
    "novčanika",
    "pénztárca",
    "piniginė",
    "lompakko",
    "πορτοφόλι",
    "кошелек",
    "кошелёк",
    "кошелька",
    "гаманець",
    "портфейл",
    "новчаник",
    "cüzdan",
    "dompet",
    "pitaka",
    "pochi",
    "ví tiền",
    "ví điện tử",
    "محفظة",
    "کیف پول",
    "ארנק",
    "والیٹ",
    "बटुआ",
    "वॉलेट",
    "ওয়ালেট",
    "வாலட்",
    "వాలెట్",
    "กระเป๋าเงิน",
    "ウォレット",
    "財布",
    "지갑",
    "钱包",
    "錢包",
    "暗号資産",
    "加密",
    "криптo",
    "крипто",
    "kripto",
    "kryptowal",
];

folded_words! { fn generator_words = GENERATOR; }

folded_words! { fn wallet_words = WALLET; }

/// Whether the folded `text` holds one of `words`: whole words or, of five letters or more, the start of
/// one; phrases and words of the scripts without spaces, anywhere.
fn holds(text: &str, words: &[String]) -> bool {
    let padded = format!(" {} ", text.trim());
    words.iter().any(|w| {
        if w.contains(' ') || w.chars().any(is_unspaced_script) {
            return padded.contains(w.as_str());
        }
        padded
            .split_whitespace()
            .any(|word| word == w || (w.chars().count() >= 5 && word.starts_with(w.as_str())))
    })
}

/// What a text says of seeds: whether it names one by the bare word, and whether it names a recovery
/// phrase by any other term.
#[derive(Default, Clone, Copy)]
struct Seeds {
    bare: bool,
    phrase: bool,
}

fn seeds_in(c: &Compiled, folder: &mut Folder, buf: &mut Vec<u8>, text: &str) -> Seeds {
    let mut out = Seeds::default();
    let Some(cat) = c.category("recovery_phrase") else {
        return out;
    };
    buf.clear();
    folder.fold_into(text, &c.stopwords, buf);
    c.find_terms(buf, |pattern, _, _| {
        let infos = c.infos.get(pattern).map_or(&[][..], Vec::as_slice);
        if !infos
            .iter()
            .any(|i| i.category == Some(cat) && matches!(i.kind, Kind::Strong | Kind::Weak))
        {
            return;
        }
        let bare = c.patterns.get(pattern).is_some_and(|p| p.trim() == "seed");
        if bare {
            out.bare = true;
        } else {
            out.phrase = true;
        }
    });
    out
}

/// Whether any of `texts` holds `seed` in any case: the bare term is English's, and a field that does not
/// write it needs no further reading (no folding, no allocation).
pub(super) fn mentions_seed(texts: &[&str]) -> bool {
    texts.iter().any(|t| {
        t.as_bytes()
            .windows(4)
            .any(|w| w.eq_ignore_ascii_case(b"seed"))
    })
}

/// Whether the field (`name`, `title`, `description`; `number`: an `integer` or `number` field) asks for a
/// generator's seed under `message` (see the module doc).
pub(super) fn generator_seed(
    c: &Compiled,
    message: &str,
    name: &str,
    title: &str,
    description: &str,
    number: bool,
) -> bool {
    let mut folder = Folder::default();
    let mut buf = Vec::new();
    let mut field = Seeds::default();
    for text in [name, title, description] {
        let s = seeds_in(c, &mut folder, &mut buf, text);
        field.bare |= s.bare;
        field.phrase |= s.phrase;
    }
    if !field.bare || field.phrase || seeds_in(c, &mut folder, &mut buf, message).phrase {
        return false;
    }
    if number {
        return true;
    }
    let texts = [message, name, title, description].map(fold_words);
    !texts.iter().any(|t| holds(t, wallet_words()))
        && texts.iter().any(|t| holds(t, generator_words()))
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::policy::secret::pack::embedded_for_tests as compiled;

    #[test]
    fn a_seed_for_a_world_or_a_simulation_is_a_generators() {
        let c = compiled();
        assert!(generator_seed(
            c,
            "Nieuwe Minecraft-wereld aanmaken: kies een naam, spelmodus en eventueel een seed.",
            "seed",
            "Seed",
            "laat leeg voor een willekeurige wereld",
            false
        ));
        assert!(generator_seed(
            c,
            "Создание карты для сервера: укажите сид (seed) генерации мира.",
            "seed",
            "Сид",
            "",
            false
        ));
        // A number field takes no phrase of words, wallet or not.
        assert!(generator_seed(
            c,
            "Симулация Монте Карло за инвестиционния ви портфейл: въведете seed.",
            "seed",
            "Seed",
            "",
            true
        ));
    }

    #[test]
    fn only_a_field_writing_seed_is_read() {
        assert!(mentions_seed(&["", "World SEED"]));
        assert!(!mentions_seed(&["phrase", "Сид"]));
    }

    #[test]
    fn a_seed_beside_a_wallet_or_a_phrase_stays_a_wallets() {
        let c = compiled();
        for (message, title) in [
            ("Restore your wallet: enter your seed.", "Seed"),
            (
                "Enter the seed phrase of your wallet to generate a new address.",
                "Seed",
            ),
            ("Enter your seed (12 words) to play the game.", "Seed"),
            ("Sync your crypto game account: type your seed.", "Seed"),
            // No word of what it generates: nothing says it is a generator's.
            ("Please enter your seed below.", "Seed"),
        ] {
            assert!(
                !generator_seed(c, message, "seed", title, "", false),
                "{message}"
            );
        }
        assert!(!generator_seed(
            c,
            "Create a new world.",
            "seed_phrase",
            "Seed phrase",
            "",
            false
        ));
    }
}
