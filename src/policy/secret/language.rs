//! Which language a form is written in, and whether a secret pack reads it (issue 35, point 2).
//!
//! The vocabulary finds a secret only in the languages its packs are written in. A form in any other language
//! ("Ingiza nenosiri lako" in Swahili) would pass as if it asked for nothing: silence that looks like a clean
//! verdict. So a form whose text is long enough to identify, and identified as a language no pack covers,
//! gets the finding `form.language.unsupported`. It says "not read", not "hostile": its default action
//! (`policies/rules.yaml`) is `monitor`, which counts it in the metrics and writes it to the audit log
//! without blocking; an operator whose users only speak the covered languages may set it to `block`.
//!
//! The covered languages are the `lang` codes of the packs themselves (embedded and operator packs alike),
//! so a new pack widens the set with no second list to keep. The identification is [`whatlang`]'s
//! (trigrams per script, pure Rust, no model file); it runs only for a judged form, over at most
//! [`MAX_BYTES`] of its text.

use super::normalize::truncate;
use whatlang::Lang;

use super::pack::Compiled;

/// Fewest letters a form's text must have for its language to be named. `whatlang` reports a confidence,
/// and `is_reliable()` (confidence over 0.9) is required too; but on a title or two (under ~30 letters) its
/// trigram counts are too few to tell close languages apart (Danish from Norwegian, Croatian from Serbian,
/// Spanish from Catalan) and it can still report itself confident. A form's message with its titles is
/// typically 50 to 300 letters, so 30 leaves out only forms too terse to say anything of their language.
pub const MIN_LETTERS: usize = 30;

/// Most bytes of a form's text read to identify its language (cut at a character boundary). A few sentences
/// identify a language as well as a page does, and the cost of identification grows with the text: judging
/// a 2 KB form must stay within its 10 µs budget (BENCHMARKS.md).
pub const MAX_BYTES: usize = 512;

/// The text of a form read for its language (its message), up to [`MAX_BYTES`].
#[derive(Default)]
pub(crate) struct FormText {
    buf: String,
}

impl FormText {
    /// Adds `text` (cut to what fits); a newline separates it from the text before.
    pub(crate) fn add(&mut self, text: &str) {
        if text.is_empty() || self.buf.len() >= MAX_BYTES {
            return;
        }
        if !self.buf.is_empty() {
            self.buf.push('\n');
        }
        let room = MAX_BYTES.saturating_sub(self.buf.len());
        self.buf.push_str(truncate(text, room));
    }

    pub(crate) fn as_str(&self) -> &str {
        &self.buf
    }
}

/// Whether `text` (cut to [`MAX_BYTES`]) has enough letters for its language to be named.
pub(crate) fn long_enough(text: &str) -> bool {
    truncate(text, MAX_BYTES)
        .chars()
        .filter(|c| c.is_alphabetic())
        .nth(MIN_LETTERS - 1)
        .is_some()
}

/// Fewest distinct stopwords of one pack, and least share of the text's words they make up (one in
/// [`COVERED_SHARE`]), for the text to count as written in that pack's language without asking `whatlang`.
const COVERED_WORDS: usize = 3;
/// See [`COVERED_WORDS`]: in running text of any language, function words ("the", "your", "to") are a third
/// to a half of the words; a fifth leaves room for terse forms, and a language that merely shares a word or
/// two with a pack ("for", "at" in Danish) stays under it.
const COVERED_SHARE: usize = 5;

/// Whether `text` reads as the language of one pack by that pack's own stopwords (see [`COVERED_WORDS`]).
///
/// `whatlang` scores a Latin-script text against some forty trigram profiles, a call costing several times
/// the whole judgement of a form. Nearly every judged form is in a covered language and says
/// so in its first function words, so this test, a few hash lookups a word, spares the identification on
/// them. A language close to a covered one (Catalan, Galician beside Spanish) can pass for it: the pack
/// then reads it as far as their words are shared.
fn reads_as_covered(c: &Compiled, text: &str) -> bool {
    covered_by(c, text) != 0
}

/// The languages (bits of indexes in [`Compiled::languages`], the first 64) whose pack's stopwords reach
/// [`COVERED_WORDS`] and [`COVERED_SHARE`] in `text`, read until the first does: [`reads_as_covered`].
fn covered_by(c: &Compiled, text: &str) -> u64 {
    let mut tally = Tally::default();
    // One buffer for every word of the text: a word is lowered into it and looked up from it.
    let mut word = String::with_capacity(32);
    for ch in text.chars() {
        // ASCII, nearly every character of a form in a Latin-script language, is lowered in place: the
        // general `char::to_lowercase` builds an iterator of up to three characters for each.
        if ch.is_ascii() {
            if ch.is_ascii_alphanumeric() || ch == '\'' {
                word.push(ch.to_ascii_lowercase());
                continue;
            }
        } else if ch.is_alphanumeric() {
            word.extend(ch.to_lowercase());
            continue;
        }
        // Stopping once a pack reaches the bar keeps the test to the first dozen words of a form in a covered
        // language, whatever its length.
        let covered = tally.read(c, &word);
        if covered != 0 {
            return covered;
        }
        word.clear();
    }
    tally.read(c, &word)
}

/// The stopwords of each pack counted so far in a text, by [`covered_by`].
struct Tally {
    /// Words read, stopwords or not.
    words: usize,
    /// By language bit: the [`word_hash`]es of its distinct stopwords seen, as a 64-bit set.
    seen: [u64; 64],
    /// By language bit: how many distinct stopwords of it were seen.
    counts: [usize; 64],
}

impl Default for Tally {
    fn default() -> Self {
        Tally {
            words: 0,
            seen: [0; 64],
            counts: [0; 64],
        }
    }
}

impl Tally {
    /// Reads one word (lower case; empty between two separators, and then not a word); the languages whose
    /// stopwords reach the bar in the words read so far, as bits (0 while none does).
    fn read(&mut self, c: &Compiled, word: &str) -> u64 {
        if word.is_empty() {
            return 0;
        }
        self.words += 1;
        let Some(&bits) = c.function_words.get(word) else {
            return 0;
        };
        // Distinct words only: a text repeating "the" is not more English for it.
        let h = word_hash(word) % 64;
        let mut covered = 0u64;
        let mut b = bits;
        while b != 0 {
            let i = b.trailing_zeros() as usize;
            b &= b - 1;
            if let (Some(s), Some(n)) = (self.seen.get_mut(i), self.counts.get_mut(i)) {
                if *s & (1u64 << h) == 0 {
                    *s |= 1u64 << h;
                    *n += 1;
                }
                if *n >= COVERED_WORDS && *n * COVERED_SHARE >= self.words {
                    covered |= 1u64 << i;
                }
            }
        }
        covered
    }
}

/// The covered languages `text` is written in, as bits of indexes in [`Compiled::languages`] (the first
/// 64): those whose pack's stopwords make up enough of it ([`covered_by`]), or else the language `whatlang`
/// names reliably in a text long enough to tell. 0 when it cannot be told. Read only for a form where an
/// `ordinary` word matched a secret's term ([`Compiled::ordinary`]): the identification costs more than
/// the rest of the judgement.
pub(crate) fn written_in(c: &Compiled, text: &str) -> u64 {
    let text = truncate(text, MAX_BYTES);
    let by_words = covered_by(c, text);
    if by_words != 0 || !long_enough(text) {
        return by_words;
    }
    let Some(lang) = whatlang::detect(text)
        .filter(|i| i.is_reliable())
        .map(|i| i.lang())
    else {
        return 0;
    };
    c.languages
        .iter()
        .take(64)
        .enumerate()
        .filter(|(_, l)| covers(std::slice::from_ref(*l), lang))
        .fold(0, |bits, (i, _)| bits | (1u64 << i))
}

/// A small hash of a word, to count distinct stopwords in a 64-bit set (a collision undercounts, which only
/// sends the text to `whatlang`).
fn word_hash(word: &str) -> u64 {
    word.bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// The language of `text` when it can be named reliably and no pack covers it.
pub(crate) fn unsupported(c: &Compiled, text: &str) -> Option<Lang> {
    if !long_enough(text) || reads_as_covered(c, truncate(text, MAX_BYTES)) {
        return None;
    }
    let info = whatlang::detect(truncate(text, MAX_BYTES))?;
    if !info.is_reliable() {
        return None;
    }
    let lang = info.lang();
    (!covers(&c.languages, lang)).then_some(lang)
}

/// Most distinct texts whose verdict a [`Memo`] holds. The forms of one message mostly share their message
/// (the 64 KB benchmark's 40 forms have two between them), so a few are enough; the bound is what a hostile
/// message of many distinct forms can make it hold (`MEMO_TEXTS` × [`MAX_BYTES`], 2 KiB, allocated once) and
/// cost on a miss (four comparisons, of the bytes of a text of equal length only).
pub const MEMO_TEXTS: usize = 4;

/// The verdicts of [`unsupported`] on the texts already read while judging one message, under one policy.
///
/// Identifying a text costs more than the rest of its form's judgement when the form's schema is remembered
/// clean; 40 forms repeating one message pay for it once. The verdict is a function of the compiled packs and
/// of the text's first [`MAX_BYTES`] alone, which is the key: a remembered verdict is the one a new reading
/// would give. Past [`MEMO_TEXTS`] texts, the oldest is replaced.
#[derive(Default)]
pub(crate) struct Memo {
    /// Texts (cut to [`MAX_BYTES`]) and their verdicts, at most [`MEMO_TEXTS`].
    texts: Vec<(String, Option<Lang>)>,
    /// The entry replaced next once `texts` is full.
    next: usize,
}

impl Memo {
    /// [`unsupported`] for `text`, read once per distinct text (see [`Memo`]). `c` must be the policy of every
    /// call on this memo.
    pub(crate) fn unsupported(&mut self, c: &Compiled, text: &str) -> Option<Lang> {
        let text = truncate(text, MAX_BYTES);
        if let Some((_, verdict)) = self.texts.iter().find(|(t, _)| t == text) {
            return *verdict;
        }
        let verdict = unsupported(c, text);
        if self.texts.len() < MEMO_TEXTS {
            self.texts.push((text.to_owned(), verdict));
        } else if let Some((t, v)) = self.texts.get_mut(self.next) {
            // The buffer is reused: a message of many distinct forms allocates no more than `MEMO_TEXTS`.
            t.clear();
            t.push_str(text);
            *v = verdict;
            self.next = (self.next + 1) % MEMO_TEXTS;
        }
        verdict
    }
}

/// Whether one of the packs' language codes (lower case, ISO 639-1 or 639-3 as a pack writes it) names `lang`.
pub(crate) fn covers(pack_langs: &[String], lang: Lang) -> bool {
    pack_langs
        .iter()
        .any(|l| l == lang.code() || iso639_1(lang).contains(&l.as_str()))
}

/// The ISO 639-1 codes of a language `whatlang` identifies (packs are tagged `en`, `de`, ...; `whatlang`
/// names ISO 639-3). A conversion between two standards, not a list of what is covered: every language
/// `whatlang` knows is here. Mandarin is Chinese's `zh`; Norwegian Bokmål is both `nb` and `no`; Persian
/// (`pes`) is `fa`.
fn iso639_1(lang: Lang) -> &'static [&'static str] {
    match lang {
        Lang::Epo => &["eo"],
        Lang::Eng => &["en"],
        Lang::Rus => &["ru"],
        Lang::Cmn => &["zh"],
        Lang::Spa => &["es"],
        Lang::Por => &["pt"],
        Lang::Ita => &["it"],
        Lang::Ben => &["bn"],
        Lang::Fra => &["fr"],
        Lang::Deu => &["de"],
        Lang::Ukr => &["uk"],
        Lang::Kat => &["ka"],
        Lang::Ara => &["ar"],
        Lang::Hin => &["hi"],
        Lang::Jpn => &["ja"],
        Lang::Heb => &["he"],
        Lang::Yid => &["yi"],
        Lang::Pol => &["pl"],
        Lang::Amh => &["am"],
        Lang::Jav => &["jv"],
        Lang::Kor => &["ko"],
        Lang::Nob => &["nb", "no"],
        Lang::Dan => &["da"],
        Lang::Swe => &["sv"],
        Lang::Fin => &["fi"],
        Lang::Tur => &["tr"],
        Lang::Nld => &["nl"],
        Lang::Hun => &["hu"],
        Lang::Ces => &["cs"],
        Lang::Ell => &["el"],
        Lang::Bul => &["bg"],
        Lang::Bel => &["be"],
        Lang::Mar => &["mr"],
        Lang::Kan => &["kn"],
        Lang::Ron => &["ro"],
        Lang::Slv => &["sl"],
        Lang::Hrv => &["hr"],
        Lang::Srp => &["sr"],
        Lang::Mkd => &["mk"],
        Lang::Lit => &["lt"],
        Lang::Lav => &["lv"],
        Lang::Est => &["et"],
        Lang::Tam => &["ta"],
        Lang::Vie => &["vi"],
        Lang::Urd => &["ur"],
        Lang::Tha => &["th"],
        Lang::Guj => &["gu"],
        Lang::Uzb => &["uz"],
        Lang::Pan => &["pa"],
        Lang::Aze => &["az"],
        Lang::Ind => &["id"],
        Lang::Tel => &["te"],
        Lang::Pes => &["fa"],
        Lang::Mal => &["ml"],
        Lang::Ori => &["or"],
        Lang::Mya => &["my"],
        Lang::Nep => &["ne"],
        Lang::Sin => &["si"],
        Lang::Khm => &["km"],
        Lang::Tuk => &["tk"],
        Lang::Aka => &["ak"],
        Lang::Zul => &["zu"],
        Lang::Sna => &["sn"],
        Lang::Afr => &["af"],
        Lang::Lat => &["la"],
        Lang::Slk => &["sk"],
        Lang::Cat => &["ca"],
        Lang::Tgl => &["tl"],
        Lang::Hye => &["hy"],
        Lang::Cym => &["cy"],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::policy::secret::pack::embedded_for_tests as compiled;

    #[test]
    fn the_covered_languages_are_the_packs_own() {
        let c = compiled();
        for code in [
            "en", "de", "fr", "es", "it", "pt", "nl", "ru", "zh", "ja", "ko",
        ] {
            assert!(c.languages.iter().any(|l| l == code), "{code}");
        }
        assert!(covers(&c.languages, Lang::Eng));
        assert!(covers(&c.languages, Lang::Cmn));
        assert!(!covers(&c.languages, Lang::Lav));
        // An operator pack in another language widens the set, in either code.
        assert!(covers(&["pl".to_string()], Lang::Pol));
        assert!(covers(&["pol".to_string()], Lang::Pol));
        assert!(covers(&["no".to_string()], Lang::Nob));
    }

    /// The languages of issue 35: a form identified as any of them is read by a pack, not unsupported.
    #[test]
    fn the_forty_languages_are_covered() {
        let c = compiled();
        let read = [
            Lang::Eng,
            Lang::Deu,
            Lang::Fra,
            Lang::Spa,
            Lang::Ita,
            Lang::Por,
            Lang::Nld,
            Lang::Rus,
            Lang::Cmn,
            Lang::Jpn,
            Lang::Kor,
            Lang::Ara,
            Lang::Ben,
            Lang::Bul,
            Lang::Hrv,
            Lang::Srp,
            Lang::Ces,
            Lang::Dan,
            Lang::Fin,
            Lang::Ell,
            Lang::Heb,
            Lang::Hin,
            Lang::Hun,
            Lang::Ind,
            Lang::Lit,
            Lang::Nob,
            Lang::Pes,
            Lang::Pol,
            Lang::Ron,
            Lang::Slk,
            Lang::Swe,
            Lang::Tgl,
            Lang::Tam,
            Lang::Tha,
            Lang::Tur,
            Lang::Ukr,
            Lang::Urd,
            Lang::Vie,
            Lang::Mar,
            Lang::Tel,
        ];
        for lang in read {
            assert!(covers(&c.languages, lang), "{lang:?}");
        }
        // Polish and Turkish text, long enough to name, is read.
        for text in [
            "Aby kontynuować, wpisz poniżej swoje hasło do konta bankowego i potwierdź operację.",
            "Devam etmek için lütfen hesabınıza ait bilgileri aşağıdaki alana yazın ve onaylayın.",
        ] {
            assert_eq!(unsupported(c, text), None, "{text}");
        }
    }

    #[test]
    fn every_language_has_a_two_letter_code() {
        for &lang in Lang::all() {
            assert!(!iso639_1(lang).is_empty(), "{lang:?}");
        }
    }

    #[test]
    fn a_long_text_in_an_unread_language_is_named() {
        let c = compiled();
        let latvian =
            "Lai turpinātu, lūdzu, ievadiet sava konta datus zemāk esošajā laukā un apstipriniet \
             darbību.";
        assert_eq!(unsupported(c, latvian), Some(Lang::Lav));
        for covered in [
            "To continue, please enter the details of your account below and confirm the operation.",
            "Um fortzufahren, geben Sie bitte unten die Angaben zu Ihrem Konto ein und bestätigen Sie.",
            "Pour continuer, veuillez saisir ci-dessous les informations de votre compte et confirmer.",
        ] {
            assert_eq!(unsupported(c, covered), None, "{covered}");
        }
    }

    #[test]
    fn function_words_of_a_pack_spare_the_identification() {
        let c = compiled();
        assert!(reads_as_covered(
            c,
            "Please enter the name of your project and the region it should run in."
        ));
        assert!(reads_as_covered(
            c,
            "Bitte geben Sie den Namen des Projekts und die Region ein, in der es laufen soll."
        ));
        // Latvian shares a word or two with the packs, not a fifth of its words.
        assert!(!reads_as_covered(
            c,
            "Lai turpinātu, lūdzu, ievadiet sava konta datus zemāk esošajā laukā un apstipriniet."
        ));
        // One word repeated is one word.
        assert!(!reads_as_covered(c, "the the the the the zzz"));
    }

    /// Swahili, which `whatlang` cannot name, and chat Indonesian, which it may call Javanese, are told by
    /// their packs' `function` words as well as their stopwords; those words are not dropped from the text.
    #[test]
    fn function_words_tell_languages_whatlang_cannot_name() {
        let c = compiled();
        for text in [
            "Je, ungependa kupokea taarifa kuhusu akaunti yako kupitia barua pepe au ujumbe mfupi?",
            "Tumepokea ombi lako. Kabla ya kuendelea, thibitisha kuwa wewe ndiye mmiliki.",
            "Kak maaf, tadi aku salah kirim pesan ke nomor kakak, boleh tolong dibalas?",
        ] {
            assert!(reads_as_covered(c, text), "{text}");
            assert_eq!(unsupported(c, text), None, "{text}");
        }
        let folded = super::super::normalize::fold("kuhusu akaunti kupitia", &c.stopwords);
        assert!(
            folded.contains("kuhusu") && folded.contains("kupitia"),
            "{folded}"
        );
    }

    /// The memo answers as a new reading would, for every text it remembers or has let go, and stays bounded.
    #[test]
    fn the_memo_gives_the_verdict_of_a_new_reading() {
        let c = compiled();
        let texts = [
            "Lai turpinātu, lūdzu, ievadiet sava konta datus zemāk esošajā laukā un apstipriniet darbību.",
            "To continue, please enter the details of your account below and confirm the operation.",
            "Wpisz hasło",
            "Devam etmek için lütfen hesabınıza ait bilgileri aşağıdaki alana yazın ve onaylayın.",
            "Pour continuer, veuillez saisir ci-dessous les informations de votre compte et confirmer.",
            "Lai turpinātu, lūdzu, ievadiet sava konta datus zemāk esošajā laukā un apstipriniet.",
        ];
        let mut memo = Memo::default();
        for round in 0..3 {
            for (i, text) in texts.iter().enumerate() {
                // Each text twice in a row, then after the others have pushed it out.
                for _ in 0..=(round + i) % 2 {
                    assert_eq!(memo.unsupported(c, text), unsupported(c, text), "{text}");
                }
                assert!(memo.texts.len() <= MEMO_TEXTS);
            }
        }
        // Only the first `MAX_BYTES` decide, so they are the key.
        let long = format!(
            "{}{}",
            "Lai turpinātu, lūdzu, ievadiet datus. ".repeat(20),
            "the end"
        );
        assert_eq!(memo.unsupported(c, &long), unsupported(c, &long));
        assert!(memo.texts.iter().all(|(t, _)| t.len() <= MAX_BYTES));
    }

    /// The ASCII fast path reads words as the general one does: the previous implementation, kept as the
    /// reference, agrees on texts that mix ASCII, other scripts, apostrophes, digits and letters whose lower
    /// case is longer than they are.
    #[test]
    fn the_fast_path_reads_as_the_general_one() {
        fn reference(c: &Compiled, text: &str) -> bool {
            let mut tally = Tally::default();
            let mut word = String::new();
            for ch in text.chars() {
                if ch.is_alphanumeric() || ch == '\'' {
                    word.extend(ch.to_lowercase());
                } else {
                    if tally.read(c, &word) != 0 {
                        return true;
                    }
                    word.clear();
                }
            }
            tally.read(c, &word) != 0
        }
        let c = compiled();
        let texts = [
            "Please enter the name of your project and the region it should run in.",
            "THE NAME OF YOUR PROJECT AND THE REGION IT SHOULD RUN IN",
            "Bitte geben Sie den Namen des Projekts und die Region ein, in der es laufen soll.",
            "İSTANBUL'DA ÇALIŞAN BİR PROJE İÇİN LÜTFEN ADINIZI VE ŞİFRENİZİ GİRİN",
            "ΠΑΡΑΚΑΛΩ ΕΙΣΑΓΕΤΕ ΤΟΝ ΚΩΔΙΚΟ ΣΑΣ ΓΙΑ ΝΑ ΣΥΝΕΧΙΣΕΤΕ ΣΤΟ ΛΟΓΑΡΙΑΣΜΟ",
            "Введите, пожалуйста, ваш пароль для входа в систему и нажмите кнопку",
            "l'adresse de l'utilisateur et le nom d'utilisateur qu'il a choisi pour ce compte",
            "you're the one who'll pick it, it's your 2nd try and 3rd code",
            "Lai turpinātu, lūdzu, ievadiet sava konta datus zemāk esošajā laukā un apstipriniet.",
            "the the the the the zzz",
            "",
            "  ,,, ",
        ];
        for text in texts {
            assert_eq!(reads_as_covered(c, text), reference(c, text), "{text}");
        }
    }

    #[test]
    fn a_short_text_is_not_named() {
        let c = compiled();
        // Too few letters to tell: Polish, but a title's worth.
        assert_eq!(unsupported(c, "Wpisz hasło"), None);
        assert_eq!(unsupported(c, "12345 67890 !!! ??? 12345 67890 ..."), None);
        assert!(!long_enough("abc def"));
    }

    #[test]
    fn the_text_read_is_bounded() {
        let mut t = FormText::default();
        t.add(&"ż".repeat(MAX_BYTES));
        assert!(t.as_str().len() <= MAX_BYTES);
        t.add("more");
        assert!(t.as_str().len() <= MAX_BYTES);
    }
}
