//! Ordinal words in field labels: "Erstes", "Neno la kwanza", "الحادية عشرة", "第十二組", "Duodécima".
//!
//! A form that asks for several secrets of one kind (a recovery phrase word by word, two backup codes, the
//! groups of a card number) labels its fields by their rank, in words as often as in digits. Read as
//! numbers, such labels join the numbered fields of [`super::structure`]: a row of fields alike but for
//! their rank.
//!
//! The ranks are a closed class in every language, so they are not written per pack but generated once from
//! maintained data: `policies/secrets/ordinals.yaml`, the ordinals 1 to 24 of the 42 pack languages with
//! their genders and cases, written by `tools/ordinals/generate.py` from CLDR's rule-based number formatting
//! (the `%spellout-ordinal*` rule sets), `num2words` where CLDR has none, and by hand where neither has them
//! (the generator says which and why). Ordinals in digits ("1.", "1st", "١.", "۱-ام") are read by
//! [`super::structure::numbered`], not here.
//!
//! Matching is on the label folded as texts are (accents dropped, lower case; `_` and `-` read as spaces),
//! word by word, the longest ordinal first ("الثانية عشرة" is 12, not 2): one hash lookup per span of words.
//! A word not found as written is read by the inflection rules of its language's pack ([`Rules`]: the stem
//! `erst` with the ending `en`, Slavic case endings, Arabic proclitics), so the data holds dictionary forms
//! and the cases follow. Entries in a script without spaces (Chinese, Japanese, Korean, Thai) are found
//! anywhere in the label's joined words, the longest first. Labels are short (at most [`MAX_LABEL_CHARS`]);
//! long texts are never read with it.

use std::collections::HashMap;
use std::sync::OnceLock;

use crate::policy::secret::inflect::{Family, Rules, MIN_STEM};
use crate::policy::secret::normalize::{fold_words, is_unspaced_script};

/// The generated ordinals, embedded.
const DATA: &str = include_str!("../../../../policies/secrets/ordinals.yaml");

/// Longest label read, in characters (a field's title or name, not a question).
const MAX_LABEL_CHARS: usize = 32;

/// Most words of a label read: past this, it is a sentence.
const MAX_LABEL_WORDS: usize = 12;

#[derive(serde::Deserialize)]
struct File {
    languages: std::collections::BTreeMap<String, Language>,
}

#[derive(serde::Deserialize)]
struct Language {
    #[serde(default)]
    inflection: Option<String>,
    ranks: std::collections::BTreeMap<u32, Vec<String>>,
}

/// The folded ordinals, ready to match.
struct Table {
    /// A phrase of folded words joined by one space -> its rank; 0 when two languages rank it differently
    /// (such a word says nothing).
    phrases: HashMap<String, u32>,
    /// Every folded word of a phrase, as written.
    words: std::collections::HashSet<String>,
    /// The stem of an inflecting word -> (the word, its family's index in `rules`).
    stems: HashMap<String, Vec<(String, usize)>>,
    /// Longest stem, in bytes.
    longest_stem: usize,
    /// The inflection rules of the families the data names.
    rules: Vec<Rules>,
    /// The most words of a phrase.
    max_words: usize,
    /// Entries in a script without spaces, their words joined, the longest first.
    unspaced: Vec<(String, u32)>,
}

/// A label or an entry folded as texts are, with `_` and `-` (identifiers, Tagalog `ika-`) read as spaces.
fn fold_label(text: &str) -> String {
    let spaced: String = text
        .chars()
        .map(|c| if c == '_' || c == '-' { ' ' } else { c })
        .collect();
    fold_words(&spaced)
}

fn table() -> &'static Table {
    static TABLE: OnceLock<Table> = OnceLock::new();
    TABLE.get_or_init(|| {
        // The file is generated and tested (`the_data_parses`): an unreadable one leaves the table empty.
        let file: File = serde_saphyr::from_str(DATA).unwrap_or(File {
            languages: Default::default(),
        });
        let mut t = Table {
            phrases: HashMap::new(),
            words: Default::default(),
            stems: HashMap::new(),
            longest_stem: 0,
            rules: Vec::new(),
            max_words: 1,
            unspaced: Vec::new(),
        };
        let mut families: Vec<Family> = Vec::new();
        for lang in file.languages.values() {
            let family = lang.inflection.as_deref().and_then(Family::from_name);
            let family_index = family.map(|f| {
                families.iter().position(|g| *g == f).unwrap_or_else(|| {
                    families.push(f);
                    t.rules.push(Rules::new(f));
                    families.len() - 1
                })
            });
            for (&rank, forms) in &lang.ranks {
                for form in forms {
                    let folded = fold_label(form);
                    let words: Vec<&str> = folded.split_whitespace().collect();
                    if words.is_empty() {
                        continue;
                    }
                    if form.chars().any(is_unspaced_script) {
                        t.unspaced.push((words.concat(), rank));
                        continue;
                    }
                    t.max_words = t.max_words.max(words.len());
                    let key = words.join(" ");
                    let slot = t.phrases.entry(key).or_insert(rank);
                    if *slot != rank {
                        *slot = 0;
                    }
                    for w in &words {
                        t.words.insert((*w).to_owned());
                        if let Some(i) = family_index {
                            let rules = t.rules.get(i);
                            if let Some((stem, true)) = rules.map(|r| r.stem(w, MIN_STEM)) {
                                t.longest_stem = t.longest_stem.max(stem.len());
                                let entry = t.stems.entry(stem).or_default();
                                if !entry.iter().any(|(x, j)| x == w && *j == i) {
                                    entry.push(((*w).to_owned(), i));
                                }
                            }
                        }
                    }
                }
            }
        }
        t.unspaced
            .sort_by(|a, b| b.0.len().cmp(&a.0.len()).then(a.cmp(b)));
        t.unspaced.dedup();
        t
    })
}

impl Table {
    /// The word of the data a folded label word is, as written or inflected by its language's rules
    /// (proclitics in front for the families that take them, then a stem of the data, then endings).
    fn canonical<'a>(&'a self, word: &'a str) -> Option<&'a str> {
        if let Some(w) = self.words.get(word) {
            return Some(w.as_str());
        }
        for start in word
            .char_indices()
            .map(|(i, _)| i)
            .take(MAX_PROCLITIC_CHARS + 1)
        {
            let (before, rest) = word.split_at(start);
            if !before.is_empty() && !self.rules.iter().any(|r| r.is_proclitics(before)) {
                continue;
            }
            for (end, _) in rest
                .char_indices()
                .skip(MIN_STEM)
                .chain([(rest.len(), ' ')])
            {
                if end > self.longest_stem {
                    break;
                }
                let (stem, endings) = rest.split_at(end);
                for (w, i) in self.stems.get(stem).map(Vec::as_slice).unwrap_or_default() {
                    let Some(rules) = self.rules.get(*i) else {
                        continue;
                    };
                    if (before.is_empty() || rules.is_proclitics(before))
                        && rules.is_endings(endings)
                    {
                        return Some(w.as_str());
                    }
                }
            }
        }
        None
    }
}

/// Most characters of proclitics read in front of a word (Arabic `وبال`).
const MAX_PROCLITIC_CHARS: usize = 4;

/// A label ranked by an ordinal word, as (rank, the label folded with `#` for the ordinal and no spaces, how
/// many words are around the ordinal): "First one" -> (1, `#one`, 1); "Neno la kumi na mbili" -> (12,
/// `nenola#`, 2); "第二組" -> (2, `#组`, 0). `None` when it holds none.
pub(super) fn ranked(label: &str) -> Option<(u32, String, usize)> {
    if label.trim().is_empty() || label.chars().count() > MAX_LABEL_CHARS {
        return None;
    }
    let t = table();
    let folded = fold_label(label);
    let words: Vec<&str> = folded
        .split_whitespace()
        .take(MAX_LABEL_WORDS + 1)
        .collect();
    if words.is_empty() || words.len() > MAX_LABEL_WORDS {
        return None;
    }
    if folded.chars().any(is_unspaced_script) {
        let joined = words.concat();
        for (needle, rank) in &t.unspaced {
            if let Some(at) = joined.find(needle.as_str()) {
                let mut template = joined.clone();
                template.replace_range(at..at + needle.len(), "#");
                // A script without spaces: the words around are the label's other spaced words.
                return Some((*rank, template, words.len().saturating_sub(1)));
            }
        }
    }
    let canon: Vec<Option<&str>> = words.iter().map(|w| t.canonical(w)).collect();
    let mut key = String::new();
    for start in 0..words.len() {
        if canon.get(start).is_none_or(Option::is_none) {
            continue;
        }
        let longest = t.max_words.min(words.len() - start);
        for n in (1..=longest).rev() {
            let Some(span) = canon.get(start..start + n) else {
                continue;
            };
            key.clear();
            for (k, w) in span.iter().enumerate() {
                let Some(w) = w else {
                    break;
                };
                if k > 0 {
                    key.push(' ');
                }
                key.push_str(w);
            }
            match t.phrases.get(key.as_str()) {
                Some(&rank) if rank > 0 && span.iter().all(Option::is_some) => {
                    let mut template = String::new();
                    words
                        .get(..start)
                        .unwrap_or_default()
                        .iter()
                        .for_each(|w| template.push_str(w));
                    template.push('#');
                    words
                        .get(start + n..)
                        .unwrap_or_default()
                        .iter()
                        .for_each(|w| template.push_str(w));
                    return Some((rank, template, words.len() - n));
                }
                _ => {}
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_data_parses_and_covers_every_pack_language() {
        let file: File = serde_saphyr::from_str(DATA).expect("ordinals.yaml parses");
        assert_eq!(file.languages.len(), 42);
        for (lang, l) in &file.languages {
            for n in 1..=12 {
                assert!(
                    l.ranks.get(&n).is_some_and(|f| !f.is_empty()),
                    "{lang} has no ordinal {n}"
                );
            }
        }
        assert!(table().phrases.len() > 1000);
    }

    #[test]
    fn ordinal_words_rank_labels_alike() {
        assert_eq!(ranked("Third code"), Some((3, "#code".into(), 1)));
        assert_eq!(
            ranked("Fourth code").map(|r| r.1),
            ranked("First code").map(|r| r.1)
        );
        assert_eq!(ranked("Zweiter Code"), Some((2, "#code".into(), 1)));
        assert_eq!(ranked("Troisième groupe").map(|r| r.0), Some(3));
        assert_eq!(ranked("Kod drugi").map(|r| r.0), Some(2));
        assert_eq!(ranked("Nambari ya tatu"), Some((3, "nambariya#".into(), 2)));
        assert_eq!(ranked("Mã thứ tư").map(|r| r.0), Some(4));
        assert_eq!(ranked("第三段"), Some((3, "#段".into(), 0)));
        assert_eq!(ranked("두번째 코드").map(|r| r.0), Some(2));
        assert_eq!(ranked("الرمز الثالث").map(|r| r.0), Some(3));
        assert_eq!(ranked("दूसरा कोड").map(|r| r.0), Some(2));
    }

    #[test]
    fn ranks_to_twenty_four_in_many_languages_and_scripts() {
        let rank = |l: &str| ranked(l).map(|r| r.0);
        let mut bad = Vec::new();
        for (label, n) in [
            ("Zwölftes", 12),
            ("zwoelftes", 12),
            ("Vierundzwanzigstes Wort", 24),
            ("Duodécima", 12),
            ("Undécima palabra", 11),
            ("Palabra vigesimocuarta", 24),
            ("الحادية عشرة", 11),
            ("الكلمة الثانية عشرة", 12),
            ("دوازدهم", 12),
            ("کلمه بیست و چهارم", 24),
            ("Neno la kumi na mbili", 12),
            ("kumi_na_mbili", 12),
            ("Ikalabindalawa", 12),
            ("Ikalabing-isa", 11),
            ("ika-24", 0),
            ("بارہواں", 12),
            ("بارہویں لفظ", 12),
            ("Двенадцатое слово", 12),
            ("двадцать четвёртое", 24),
            ("Słowo dwunaste", 12),
            ("Dwunastego słowa", 12),
            ("dvanácté slovo", 12),
            ("dvanásta", 12),
            ("dvyliktas žodis", 12),
            ("δωδέκατη λέξη", 12),
            ("On ikinci kelime", 12),
            ("kahdestoista sana", 12),
            ("tizenkettedik szó", 12),
            ("第十二", 12),
            ("第二十四个词", 24),
            ("열두 번째 단어", 12),
            ("คำที่สิบสอง", 12),
            ("बारहवाँ शब्द", 12),
            ("बारावा शब्द", 12),
            ("পন্নিরণ্ড", 0),
            ("দ্বাদশ শব্দ", 12),
            ("பன்னிரண்டாவது சொல்", 12),
            ("పన్నెండవ పదం", 12),
            ("Từ thứ mười hai", 12),
            ("Kata kedua belas", 12),
            ("שתים עשרה", 12),
            ("twelfth word", 12),
            ("Twenty-fourth", 24),
        ] {
            let want = (n > 0).then_some(n);
            if rank(label) != want {
                bad.push(format!("{label}: {:?}", rank(label)));
            }
        }
        assert!(bad.is_empty(), "{bad:?}");
    }

    #[test]
    fn the_longest_ordinal_wins() {
        // "الثانية" is 2 and "الثانية عشرة" 12; "第十" is 10 and "第十二" 12.
        assert_eq!(ranked("الثانية عشرة"), Some((12, "#".into(), 0)));
        assert_eq!(ranked("第十二組").map(|r| r.0), Some(12));
        assert_eq!(ranked("wa kumi na moja").map(|r| r.0), Some(11));
    }

    #[test]
    fn other_labels_rank_nothing() {
        for no in [
            "Code",
            "Name",
            "Comment",
            "第",
            "Firstly we ask",
            "",
            "Secondary email",
            "Your answer",
            "E-mail",
            "Which of these did you like first and why?",
        ] {
            assert_eq!(ranked(no), None, "{no}");
        }
    }
}
