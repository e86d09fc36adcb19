//! Ordinal words in field labels: "First one", "Second one"; "第一組", "第二組"; "Wa kwanza", "Wa pili".
//!
//! A form that asks for several codes of one kind (two of the user's backup codes) labels its fields by their
//! rank, in words as often as in digits. Read as numbers, such labels join the numbered fields of
//! [`super::structure`]: a row of fields alike but for their rank. The ranks are a closed class in every
//! language, so they are listed here once for the packs' languages (1 to 4: a row of codes, the groups of a
//! card number), rather than per pack; the Chinese and Japanese `第` + numeral is read by rule.
//!
//! Matching is on the label folded as texts are (accents dropped, lower case), word by word; an entry ending
//! in `*` is a stem that takes its language's endings (German `erst*`: `erste`, `ersten`), and an entry in a
//! script without spaces is found anywhere in the label.

use crate::policy::secret::normalize::{fold_words, is_unspaced_script};

/// The ordinals 1 to 4, as written, in the languages of the packs.
const ORDINALS: &[(&str, u32)] = &[
    // en
    ("first", 1),
    ("second", 2),
    ("third", 3),
    ("fourth", 4),
    // de, nl, sv, da, no
    ("erst*", 1),
    ("zweit*", 2),
    ("dritt*", 3),
    ("viert*", 4),
    ("eerste", 1),
    ("tweede", 2),
    ("derde", 3),
    ("vierde", 4),
    ("första", 1),
    ("andra", 2),
    ("tredje", 3),
    ("fjärde", 4),
    ("første", 1),
    ("anden", 2),
    ("andet", 2),
    ("andre", 2),
    ("fjerde", 4),
    // fr, es, it, pt, ro
    ("premier*", 1),
    ("première", 1),
    ("deuxième", 2),
    ("seconde", 2),
    ("troisième", 3),
    ("quatrième", 4),
    ("primer*", 1),
    ("primeir*", 1),
    ("primo", 1),
    ("prima", 1),
    ("segund*", 2),
    ("secondo", 2),
    ("tercer*", 3),
    ("terceir*", 3),
    ("terzo", 3),
    ("terza", 3),
    ("cuart*", 4),
    ("quart*", 4),
    ("primul", 1),
    ("doilea", 2),
    ("doua", 2),
    ("treilea", 3),
    ("treia", 3),
    ("patrulea", 4),
    ("patra", 4),
    // fi, hu, lt, tr, el
    ("ensimmäi*", 1),
    ("toinen", 2),
    ("toinen*", 2),
    ("kolmas", 3),
    ("neljäs", 4),
    ("első", 1),
    ("második", 2),
    ("harmadik", 3),
    ("negyedik", 4),
    ("pirm*", 1),
    ("antr*", 2),
    ("treči*", 3),
    ("ketvirt*", 4),
    ("birinci", 1),
    ("ikinci", 2),
    ("üçüncü", 3),
    ("dördüncü", 4),
    ("πρώτ*", 1),
    ("δεύτερ*", 2),
    ("τρίτ*", 3),
    ("τέταρτ*", 4),
    // pl, cs, sk, hr, sr, bg, ru, uk
    ("pierwsz*", 1),
    ("drug*", 2),
    ("trzeci*", 3),
    ("czwart*", 4),
    ("první", 1),
    ("prvý", 1),
    ("prvá", 1),
    ("prvé", 1),
    ("druh*", 2),
    ("třetí", 3),
    ("tretí", 3),
    ("tretia", 3),
    ("čtvrt*", 4),
    ("štvrt*", 4),
    ("prvi", 1),
    ("prva", 1),
    ("prvo", 1),
    ("treći", 3),
    ("treća", 3),
    ("četvrt*", 4),
    ("први", 1),
    ("прва", 1),
    ("други", 2),
    ("друга", 2),
    ("трећи", 3),
    ("четврт*", 4),
    ("първ*", 1),
    ("втор*", 2),
    ("трет*", 3),
    ("четвърт*", 4),
    ("перв*", 1),
    ("четвёрт*", 4),
    ("четверт*", 4),
    ("перш*", 1),
    ("друг*", 2),
    ("трет*", 3),
    // id, ms, tl, sw, vi
    ("pertama", 1),
    ("kedua", 2),
    ("ketiga", 3),
    ("keempat", 4),
    ("una", 1),
    ("ikalawa", 2),
    ("pangalawa", 2),
    ("ikatlo", 3),
    ("pangatlo", 3),
    ("ikaapat", 4),
    ("pang-apat", 4),
    ("kwanza", 1),
    ("pili", 2),
    ("tatu", 3),
    ("nne", 4),
    ("thứ nhất", 1),
    ("thứ hai", 2),
    ("thứ ba", 3),
    ("thứ tư", 4),
    // ar, he, fa, ur
    ("الأول", 1),
    ("الأولى", 1),
    ("الثاني", 2),
    ("الثانية", 2),
    ("الثالث", 3),
    ("الثالثة", 3),
    ("الرابع", 4),
    ("الرابعة", 4),
    ("ראשון", 1),
    ("ראשונה", 1),
    ("שני", 2),
    ("שנייה", 2),
    ("שלישי", 3),
    ("שלישית", 3),
    ("רביעי", 4),
    ("רביעית", 4),
    ("اول", 1),
    ("اولین", 1),
    ("دوم", 2),
    ("دومین", 2),
    ("سوم", 3),
    ("سومین", 3),
    ("چهارم", 4),
    ("پہلا", 1),
    ("پہلی", 1),
    ("دوسرا", 2),
    ("دوسری", 2),
    ("تیسرا", 3),
    ("تیسری", 3),
    ("چوتھا", 4),
    ("چوتھی", 4),
    // hi, mr, bn, ta, te
    ("पहला", 1),
    ("पहली", 1),
    ("दूसरा", 2),
    ("दूसरी", 2),
    ("तीसरा", 3),
    ("तीसरी", 3),
    ("चौथा", 4),
    ("चौथी", 4),
    ("पहिला", 1),
    ("पहिली", 1),
    ("दुसरा", 2),
    ("दुसरी", 2),
    ("तिसरा", 3),
    ("तिसरी", 3),
    ("প্রথম", 1),
    ("দ্বিতীয়", 2),
    ("তৃতীয়", 3),
    ("চতুর্থ", 4),
    ("முதல்", 1),
    ("முதலாவது", 1),
    ("இரண்டாம்", 2),
    ("இரண்டாவது", 2),
    ("மூன்றாம்", 3),
    ("மூன்றாவது", 3),
    ("நான்காம்", 4),
    ("நான்காவது", 4),
    ("మొదటి", 1),
    ("రెండవ", 2),
    ("రెండో", 2),
    ("మూడవ", 3),
    ("మూడో", 3),
    ("నాలుగవ", 4),
    ("నాలుగో", 4),
    // ko, th (scripts without spaces: found anywhere)
    ("첫째", 1),
    ("첫번째", 1),
    ("두번째", 2),
    ("둘째", 2),
    ("세번째", 3),
    ("셋째", 3),
    ("네번째", 4),
    ("넷째", 4),
    ("ที่หนึ่ง", 1),
    ("ที่สอง", 2),
    ("ที่สาม", 3),
    ("ที่สี่", 4),
];

/// The numerals after `第` (Chinese, Japanese: `第一組`, `第2グループ` is read as digits already).
const HAN_NUMERALS: &[char] = &['一', '二', '三', '四', '五', '六', '七', '八', '九'];

/// One folded entry: its words, whether its last word is a stem, whether it is in a script without spaces.
struct Entry {
    words: Vec<String>,
    stem: bool,
    unspaced: bool,
    rank: u32,
}

fn entries() -> &'static [Entry] {
    static FOLDED: std::sync::OnceLock<Vec<Entry>> = std::sync::OnceLock::new();
    FOLDED.get_or_init(|| {
        ORDINALS
            .iter()
            .filter_map(|&(w, rank)| {
                let (w, stem) = match w.strip_suffix('*') {
                    Some(s) => (s, true),
                    None => (w, false),
                };
                let words: Vec<String> = fold_words(w)
                    .split_whitespace()
                    .map(str::to_owned)
                    .collect();
                let unspaced = w.chars().any(is_unspaced_script);
                (!words.is_empty()).then_some(Entry {
                    words,
                    stem,
                    unspaced,
                    rank,
                })
            })
            .collect()
    })
}

/// A label ranked by an ordinal word, as (rank, the label folded with `#` for the ordinal and no spaces):
/// "First one" -> (1, `#one`); "Wa pili" -> (2, `wa#`); "第二組" -> (2, `#組`). `None` when it holds none.
pub(super) fn ranked(label: &str) -> Option<(u32, String)> {
    if label.trim().is_empty() || label.chars().count() > 32 {
        return None;
    }
    // `第` + a numeral, by rule.
    let chars: Vec<char> = label.trim().chars().collect();
    for (i, w) in chars.windows(2).enumerate() {
        if let [first, numeral] = w {
            if let (true, Some(n)) = (
                *first == '第',
                HAN_NUMERALS.iter().position(|h| h == numeral),
            ) {
                let mut template: String = chars.get(..i).unwrap_or_default().iter().collect();
                template.push('#');
                template.extend(chars.get(i + 2..).unwrap_or_default());
                let template: String = template.chars().filter(|c| !c.is_whitespace()).collect();
                return u32::try_from(n + 1)
                    .ok()
                    .map(|n| (n, template.to_lowercase()));
            }
        }
    }
    let folded = fold_words(label);
    let words: Vec<&str> = folded.split_whitespace().collect();
    let joined: String = words.concat();
    for e in entries() {
        if e.unspaced {
            // Found anywhere: the label's words joined, as such scripts write them.
            let needle = e.words.concat();
            if let Some(at) = joined.find(&needle) {
                let mut template = joined.clone();
                template.replace_range(at..at + needle.len(), "#");
                return Some((e.rank, template));
            }
            continue;
        }
        let n = e.words.len();
        for start in 0..words.len() {
            let Some(window) = words.get(start..start + n) else {
                break;
            };
            let hit = window.iter().zip(&e.words).enumerate().all(|(k, (w, x))| {
                if e.stem && k + 1 == n {
                    w.starts_with(x.as_str())
                } else {
                    w == x
                }
            });
            if hit {
                let mut template = String::new();
                for w in words.get(..start).unwrap_or_default() {
                    template.push_str(w);
                }
                template.push('#');
                for w in words.get(start + n..).unwrap_or_default() {
                    template.push_str(w);
                }
                return Some((e.rank, template));
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ordinal_words_rank_labels_alike() {
        assert_eq!(ranked("Third code"), Some((3, "#code".into())));
        assert_eq!(
            ranked("Fourth code").map(|r| r.1),
            ranked("First code").map(|r| r.1)
        );
        assert_eq!(ranked("Zweiter Code"), Some((2, "#code".into())));
        assert_eq!(ranked("Troisième groupe").map(|r| r.0), Some(3));
        assert_eq!(ranked("Kod drugi").map(|r| r.0), Some(2));
        assert_eq!(ranked("Nambari ya tatu"), Some((3, "nambariya#".into())));
        assert_eq!(ranked("Mã thứ tư").map(|r| r.0), Some(4));
        assert_eq!(ranked("第三段"), Some((3, "#段".into())));
        assert_eq!(ranked("두번째 코드").map(|r| r.0), Some(2));
        assert_eq!(ranked("الرمز الثالث").map(|r| r.0), Some(3));
        assert_eq!(ranked("दूसरा कोड").map(|r| r.0), Some(2));
    }

    #[test]
    fn other_labels_rank_nothing() {
        for no in ["Code", "Name", "Comment", "第", "Firstly we ask", ""] {
            assert_eq!(ranked(no), None, "{no}");
        }
        assert_eq!(ranked("E-mail"), None);
        assert_eq!(ranked("Your answer"), None);
    }
}
