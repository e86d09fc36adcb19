//! A limit on how many words a text may have is no recovery phrase: "Tagline (max 12 words)", "maksimal 24
//! kata", "höchstens 24 Wörter", "in 12 words or fewer".
//!
//! The packs name a recovery phrase by its length ("12 words", "24 palabras", "12 слов"), which is also how a
//! form limits a free text. A length led by a word of limit ("max", "up to", "höchstens", "не более", "最多")
//! or followed by one ("or fewer", "maximum") bounds what the user writes; the phrase is asked without one
//! ("Enter your 12 words"). Only terms led by a number are read so: "recovery phrase" is never a limit.

use super::hit::Hit;
use crate::policy::secret::normalize::fold;
use crate::policy::secret::pack::{Compiled, Kind};

/// Words of limit, written naturally, in the languages of the packs; a folded word of the text is compared
/// with each, so a phrase ("up to") is compared by its last word after the stopwords are gone.
const BEFORE: &[&str] = &[
    "max",
    "maximum",
    "maximal",
    "maximally",
    "up to",
    "at most",
    "no more than",
    "not more than",
    "within",
    "limit",
    "höchstens",
    "maximal",
    "bis zu",
    "maximaal",
    "hoogstens",
    "au plus",
    "au maximum",
    "jusqu'à",
    "máximo",
    "como máximo",
    "hasta",
    "massimo",
    "al massimo",
    "fino a",
    "no máximo",
    "até",
    "maks",
    "maksimal",
    "maksimum",
    "paling banyak",
    "hingga",
    "sehingga",
    "najwyżej",
    "maksymalnie",
    "maximálně",
    "nanejvýš",
    "maximálne",
    "najviac",
    "najviše",
    "maksimalno",
    "cel mult",
    "maxim",
    "legfeljebb",
    "maximum",
    "enintään",
    "korkeintaan",
    "högst",
    "højst",
    "høyst",
    "maks.",
    "не более",
    "не больше",
    "максимум",
    "до",
    "не більше",
    "максимально",
    "не повече от",
    "най-много",
    "en fazla",
    "azami",
    "όχι πάνω από",
    "έως",
    "το πολύ",
    "ne daugiau kaip",
    "iki",
    "hanggang",
    "hadi",
    "isiyozidi",
    "حداکثر",
    "حد أقصى",
    "بحد أقصى",
    "لا يزيد عن",
    "لا تتجاوز",
    "עד",
    "לכל היותר",
    "अधिकतम",
    "अधिकाधिक",
    "সর্বোচ্চ",
    "அதிகபட்சம்",
    "గరిష్టంగా",
    "زیادہ سے زیادہ",
    "زیادہ",
    "สูงสุด",
    "ไม่เกิน",
    "最多",
    "不超过",
    "不超過",
    "最大",
    "최대",
];

/// Words of limit after the length ("12 words or fewer", "24 Wörter maximal", "12 词以内").
const AFTER: &[&str] = &[
    "fewer",
    "less",
    "max",
    "maximum",
    "maximal",
    "höchstens",
    "maximaal",
    "maximum",
    "máximo",
    "massimo",
    "maksimal",
    "maksimum",
    "maks",
    "moins",
    "menos",
    "meno",
    "mniej",
    "méně",
    "menej",
    "manje",
    "kevesebb",
    "vähemmän",
    "färre",
    "færre",
    "mindre",
    "меньше",
    "менше",
    "по-малко",
    "daha az",
    "λιγότερες",
    "mažiau",
    "以内",
    "以下",
    "이내",
    "이하",
    "ไม่เกิน",
    "تک",
    "کمتر",
    "أقل",
    "פחות",
    "कम",
];

fn folded(c: &Compiled, list: &[&str]) -> Vec<String> {
    list.iter()
        .map(|w| {
            fold(w, &c.stopwords)
                .split_whitespace()
                .last()
                .unwrap_or("")
                .to_owned()
        })
        .filter(|w| !w.is_empty())
        .collect()
}

/// Drops the recovery phrase's length terms of `hits` (found in `folded`) that a word of limit bounds.
pub(super) fn drop_word_limits(c: &Compiled, folded_text: &str, hits: &mut Vec<Hit>) {
    let recovery = c.category("recovery_phrase");
    let led_by_number = |h: &Hit| {
        h.kind == Kind::Strong
            && recovery.is_some()
            && h.cat == recovery
            && c.shown
                .get(h.pattern)
                .is_some_and(|t| t.trim_start().starts_with(|ch: char| ch.is_ascii_digit()))
    };
    if !hits.iter().any(led_by_number) {
        return;
    }
    let (before, after) = (folded(c, BEFORE), folded(c, AFTER));
    hits.retain(|h| {
        if !led_by_number(h) {
            return true;
        }
        let head = folded_text.get(..h.start).unwrap_or("");
        let prev = head.split([' ', '\n']).rev().find(|w| !w.is_empty());
        let line_before = !head.ends_with('\n') && !head.trim_end_matches(' ').ends_with('\n');
        let tail = folded_text.get(h.end..).unwrap_or("");
        let next = tail.split([' ', '\n']).find(|w| !w.is_empty());
        let line_after = !tail.trim_start_matches(' ').starts_with('\n');
        let bounded = (line_before && prev.is_some_and(|w| before.iter().any(|b| b == w)))
            || (line_after && next.is_some_and(|w| after.iter().any(|a| a == w)));
        !bounded
    });
}
