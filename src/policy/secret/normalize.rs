//! Text folded into one comparable form before matching: what a person reads, not how a server spelled it.
//!
//! [`fold`] turns `pаss\u{200B}W0rd_Hint` into ` password hint `: NFKC, invisible characters removed,
//! Latin look-alikes (Cyrillic `а`, Greek `ο`) replaced by their UTS 39 skeleton, accents dropped,
//! camelCase / snake_case / kebab-case and every other separator split into single spaces, leetspeak inside
//! words undone, lower-cased, and stopwords dropped. The output always starts and ends with a space, so a
//! pattern ` pin ` matches the whole word `pin` and never `spinning`. Vocabulary terms go through the very same
//! function, so whatever the folding does to a script (Russian, Korean) it does to both sides alike.

use std::collections::HashSet;

/// A set of folded words (stopwords, generic words). Looked up once per word of every text judged, so it
/// hashes with foldhash rather than SipHash: the sets are fixed at load and only ever queried, so an
/// attacker's words cannot flood them, and SipHash was a tenth of the classifier's time.
pub type WordSet = HashSet<String, foldhash::fast::RandomState>;

use unicode_normalization::char::is_combining_mark;
use unicode_normalization::UnicodeNormalization;

/// Longest text folded, in bytes. Server text beyond it is not judged: the sanitiser shows a person at most
/// 2000 characters of a message and 500 of a label, so 16 KiB covers every byte that can be seen, four times over.
pub const MAX_FOLD_BYTES: usize = 16 * 1024;

/// Characters that render as nothing and only serve to split a word in the eyes of a matcher.
fn is_invisible(c: char) -> bool {
    matches!(c,
        '\u{00AD}' | '\u{034F}' | '\u{061C}' | '\u{115F}' | '\u{1160}' | '\u{17B4}' | '\u{17B5}'
        | '\u{180B}'..='\u{180F}' | '\u{200B}'..='\u{200F}' | '\u{202A}'..='\u{202E}'
        | '\u{2060}'..='\u{206F}' | '\u{3164}' | '\u{FE00}'..='\u{FE0F}' | '\u{FEFF}' | '\u{FFA0}'
        | '\u{1BCA0}'..='\u{1BCA3}' | '\u{E0000}'..='\u{E0FFF}')
}

/// Whether `c` belongs to a script written without spaces (Han, kana, Hangul).
pub fn is_unspaced_script(c: char) -> bool {
    matches!(c as u32,
        0x3040..=0x30FF | 0x31F0..=0x31FF | 0x3400..=0x4DBF | 0x4E00..=0x9FFF | 0xF900..=0xFAFF
        | 0xFF66..=0xFF9F | 0xAC00..=0xD7AF | 0x1100..=0x11FF | 0x3130..=0x318F)
}

/// The letter a leetspeak character stands for inside a word.
fn leet(c: char) -> Option<char> {
    Some(match c {
        '0' => 'o',
        '1' => 'i',
        '3' => 'e',
        '4' => 'a',
        '5' => 's',
        '7' => 't',
        '@' => 'a',
        '$' => 's',
        _ => return None,
    })
}

/// Step 1, only for text that is not plain ASCII: NFKC, invisibles out, look-alikes to their ASCII skeleton
/// (keeping upper case, which camelCase splitting needs), accents dropped. Other scripts stay as they are.
fn unconfuse(text: &str, out: &mut String) {
    let mut buf = [0u8; 4];
    for c in text.nfkc() {
        if c.is_ascii() {
            out.push(c);
            continue;
        }
        if is_invisible(c) {
            continue;
        }
        if is_unspaced_script(c) {
            // Han, kana and Hangul have no Latin look-alikes worth the skeleton's cost.
            out.push(c);
            continue;
        }
        let upper = c.is_uppercase();
        // The skeleton of the lower-case letter, so that `П` and `п` fold alike.
        let lower = c.to_lowercase().next().unwrap_or(c);
        let skel: String = unicode_security::skeleton(lower.encode_utf8(&mut buf))
            .filter(|s| !is_combining_mark(*s))
            .collect();
        if skel.is_empty() {
            if !is_combining_mark(c)
                && unicode_security::skeleton(c.encode_utf8(&mut buf))
                    .next()
                    .is_some()
            {
                out.push(c);
            }
        } else if skel.is_ascii() {
            if upper {
                out.extend(skel.chars().map(|s| s.to_ascii_uppercase()));
            } else {
                out.push_str(&skel);
            }
        } else {
            out.push(c);
        }
    }
}

/// Reusable buffers for folding: a judgement folds dozens of short texts, and allocating per text and per
/// word was a third of the classifier's time. One `Folder` per judgement; its buffers only ever grow to the
/// longest word or text seen (bounded by [`MAX_FOLD_BYTES`]).
#[derive(Debug, Default)]
pub struct Folder {
    /// The text after `unconfuse`, for non-ASCII input.
    pre: String,
    /// The current word, for the general path.
    word: Vec<char>,
    /// One lower-cased piece of a word.
    piece: String,
    /// A run of one-letter words, possibly spelling a word out.
    run: String,
}

impl Folder {
    /// Appends the folding of `text` (see the module doc) to `out`: a space, then each word followed by a
    /// space. `stopwords` are dropped (they must be given folded, see [`fold_words`]).
    pub fn fold_into(&mut self, text: &str, stopwords: &WordSet, out: &mut String) {
        out.push(' ');
        if text.is_empty() {
            return;
        }
        let text = truncate(text, MAX_FOLD_BYTES);
        let mut pre = std::mem::take(&mut self.pre);
        pre.clear();
        let text: &str = if text.is_ascii() {
            text
        } else {
            unconfuse(text, &mut pre);
            &pre
        };
        out.reserve(text.len() + 1);
        let mut sink = Sink {
            stopwords,
            out,
            run: &mut self.run,
        };
        sink.run.clear();
        if text.is_ascii() {
            fold_ascii(text, &mut self.word, &mut self.piece, &mut sink);
        } else {
            fold_chars(text, &mut self.word, &mut self.piece, &mut sink);
        }
        sink.flush_run();
        self.pre = pre;
    }
}

/// The general path: words are runs of alphanumerics (and `@`, `$` for leetspeak); invisible characters
/// inside a word are skipped, anything else ends it.
fn fold_chars(text: &str, word: &mut Vec<char>, piece: &mut String, sink: &mut Sink<'_>) {
    word.clear();
    for c in text.chars() {
        if c.is_alphanumeric() || c == '@' || c == '$' {
            word.push(c);
        } else if !is_invisible(c) && !word.is_empty() {
            emit_word(word, piece, sink);
            word.clear();
        }
    }
    if !word.is_empty() {
        emit_word(word, piece, sink);
        word.clear();
    }
}

/// The ASCII path (nearly all text): words are byte runs, and a word with no digit, `@` or `$` and no
/// case change inside (`table`, `Book`, `API`) is only lower-cased, without the general path's per-char
/// leetspeak and camelCase passes. Anything else takes the general path, so both give the same result.
fn fold_ascii(text: &str, word: &mut Vec<char>, piece: &mut String, sink: &mut Sink<'_>) {
    let bytes = text.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        let start = i;
        while bytes.get(i).is_some_and(|&b| WORD_BYTE[usize::from(b)]) {
            i += 1;
        }
        // ASCII: every byte offset is a char boundary, so slicing needs no validation.
        if let Some(w) = text.get(start..i).filter(|w| !w.is_empty()) {
            let b = w.as_bytes();
            let tail = b.get(1..).unwrap_or_default();
            let plain = b.iter().all(u8::is_ascii_alphabetic)
                && (tail.iter().all(u8::is_ascii_lowercase)
                    || b.iter().all(u8::is_ascii_uppercase));
            if plain {
                piece.clear();
                piece.push_str(w);
                piece.make_ascii_lowercase();
                sink.word(piece);
            } else {
                word.clear();
                word.extend(w.chars());
                emit_word(word, piece, sink);
            }
        }
        // Skip the separator (every ASCII non-word byte is one).
        i += 1;
    }
}

/// ASCII bytes that belong to a word: letters, digits, and `@` `$` (leetspeak for `a` and `s`).
const WORD_BYTE: [bool; 256] = {
    let mut table = [false; 256];
    let mut b = 0;
    while b < 128 {
        let c = b as u8;
        table[b] = c.is_ascii_alphanumeric() || c == b'@' || c == b'$';
        b += 1;
    }
    table
};

/// Where folded words go: joins a word spelled out letter by letter (`p_a_s_s_w_o_r_d`, `p a s s`: a run
/// of at least [`MIN_SPELLED`] one-letter words becomes one word), then drops stopwords (after joining: `a`
/// and `o` are stopwords and letters of `password` alike), as the words stream in.
struct Sink<'a> {
    stopwords: &'a WordSet,
    out: &'a mut String,
    /// The pending run of one-letter words, concatenated.
    run: &'a mut String,
}

impl Sink<'_> {
    fn word(&mut self, w: &str) {
        if single(w) {
            self.run.push_str(w);
        } else {
            self.flush_run();
            self.keep(w);
        }
    }

    fn keep(&mut self, w: &str) {
        if !self.stopwords.contains(w) {
            self.out.push_str(w);
            self.out.push(' ');
        }
    }

    fn flush_run(&mut self) {
        if self.run.is_empty() {
            return;
        }
        let run = std::mem::take(self.run);
        if run.chars().count() >= MIN_SPELLED {
            self.keep(&run);
        } else {
            let mut buf = [0u8; 4];
            for c in run.chars() {
                self.keep(c.encode_utf8(&mut buf));
            }
        }
        *self.run = run;
        self.run.clear();
    }
}

/// Shortest run of one-letter words taken as a spelled-out word: `x y` is a pair of names, `p a s s` is not.
const MIN_SPELLED: usize = 3;

/// A one-letter word (a letter, not a digit).
fn single(w: &str) -> bool {
    if w.len() > 4 {
        // No character takes more than four bytes.
        return false;
    }
    let mut cs = w.chars();
    cs.next().is_some_and(|c| c.is_alphabetic()) && cs.next().is_none()
}

/// Folds `text` into a new string; see [`Folder::fold_into`].
pub fn fold(text: &str, stopwords: &WordSet) -> String {
    let mut out = String::new();
    Folder::default().fold_into(text, stopwords, &mut out);
    out
}

/// Folds without dropping stopwords: used to fold the stopword list itself.
pub fn fold_words(text: &str) -> String {
    fold(text, &WordSet::default())
}

/// The longest prefix of `text` not over `max` bytes, cut at a character boundary.
fn truncate(text: &str, max: usize) -> &str {
    if text.len() <= max {
        return text;
    }
    let mut end = max;
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    text.get(..end).unwrap_or("")
}

/// Splits one raw word at camelCase and trailing-digit boundaries, undoes leetspeak, lower-cases, and passes
/// each piece to the sink.
fn emit_word(word: &mut [char], piece: &mut String, out: &mut Sink<'_>) {
    // Leetspeak first, on the raw word: a run of leet characters with an ASCII letter on both sides.
    let n = word.len();
    let mut i = 0;
    while i < n {
        if leet(word[i]).is_some() {
            let start = i;
            while i < n && leet(word[i]).is_some() {
                i += 1;
            }
            let left = start > 0 && word[start - 1].is_ascii_alphabetic();
            let right = i < n && word[i].is_ascii_alphabetic();
            if left && right {
                // Take the case of the right neighbour, so `P4SSWORD` and `P@ssword` are not split as camelCase.
                let upper = word[i].is_ascii_uppercase();
                for c in word.iter_mut().take(i).skip(start) {
                    if let Some(l) = leet(*c) {
                        *c = if upper { l.to_ascii_uppercase() } else { l };
                    }
                }
            }
        } else {
            i += 1;
        }
    }
    // Leftover `@`/`$` (not between letters) are separators.
    let mut start = 0;
    for i in 0..n {
        let c = word[i];
        if c == '@' || c == '$' {
            push_piece(&word[start..i], piece, out);
            start = i + 1;
            continue;
        }
        if i > start && is_boundary(&word[start..], i - start) {
            push_piece(&word[start..i], piece, out);
            start = i;
        }
    }
    if start < n {
        push_piece(&word[start..], piece, out);
    }
}

/// Whether a new piece starts at `i` in `w` (camelCase `aB`, `ABc`, or the start of trailing digits `key2`).
fn is_boundary(w: &[char], i: usize) -> bool {
    let (Some(&prev), Some(&cur)) = (w.get(i.wrapping_sub(1)), w.get(i)) else {
        return false;
    };
    if prev.is_ascii_lowercase() && cur.is_ascii_uppercase() {
        return true;
    }
    if prev.is_ascii_uppercase() && cur.is_ascii_uppercase() {
        if let Some(next) = w.get(i + 1) {
            // `APIKey`: the last capital before a lower-case letter starts a new word.
            return next.is_ascii_lowercase();
        }
    }
    if prev.is_alphabetic() && cur.is_ascii_digit() {
        // Only a run of digits to the end of the word: `field1`, `key2`, not `2fa` or `p4ss` (already undone).
        return w
            .get(i..)
            .is_some_and(|rest| rest.iter().all(|c| c.is_ascii_digit()));
    }
    false
}

/// Lower-cases one piece into `scratch` and passes it to the sink.
fn push_piece(piece: &[char], scratch: &mut String, out: &mut Sink<'_>) {
    if piece.is_empty() {
        return;
    }
    scratch.clear();
    for c in piece {
        if c.is_ascii() {
            scratch.push(c.to_ascii_lowercase());
        } else {
            scratch.extend(c.to_lowercase());
        }
    }
    out.word(scratch);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn f(s: &str) -> String {
        fold_words(s)
    }

    #[test]
    fn splits_cases_and_separators() {
        assert_eq!(f("newPassword"), " new password ");
        assert_eq!(f("APIKey"), " api key ");
        assert_eq!(f("DATABASE_PASSWORD"), " database password ");
        assert_eq!(f("vault-pass-phrase"), " vault pass phrase ");
        assert_eq!(f("smtp.password"), " smtp password ");
        assert_eq!(f("field1"), " field 1 ");
        assert_eq!(f("code_2fa"), " code 2fa ");
        assert_eq!(f("p_a_s_s_w_o_r_d"), " password ");
        assert_eq!(f("x y field"), " x y field ");
    }

    #[test]
    fn undoes_leetspeak_inside_words_only() {
        assert_eq!(f("p4ssw0rd"), " password ");
        assert_eq!(f("P@$$w0rd"), " password ");
        assert_eq!(f("max 4096 tokens"), " max 4096 tokens ");
        assert_eq!(f("admin@corp"), " adminacorp ");
    }

    #[test]
    fn removes_disguises() {
        assert_eq!(f("p\u{0430}ssword"), " password ");
        assert_eq!(f("pass\u{200B}word"), " password ");
        assert_eq!(f("pass\u{202E}word"), " password ");
        assert_eq!(f("ｐａｓｓｗｏｒｄ"), " password ");
        assert_eq!(f("pa\u{0301}ssword"), " password ");
        assert_eq!(f("Contraseña"), f("contrasena"));
        assert_eq!(f("ﾊﾟｽﾜｰﾄﾞ"), f("パスワード"));
        assert_eq!(f("Пароль"), f("пароль"));
    }

    #[test]
    fn drops_stopwords() {
        let stop: WordSet = ["your", "of"].iter().map(|s| s.to_string()).collect();
        assert_eq!(
            fold("Characters of your password", &stop),
            " characters password "
        );
    }

    /// The general path alone, for comparing with the ASCII path.
    fn f_general(text: &str, stopwords: &WordSet) -> String {
        let mut out = String::from(" ");
        let (mut word, mut piece, mut run) = (Vec::new(), String::new(), String::new());
        let mut sink = Sink {
            stopwords,
            out: &mut out,
            run: &mut run,
        };
        fold_chars(text, &mut word, &mut piece, &mut sink);
        sink.flush_run();
        out
    }

    proptest::proptest! {
        #[test]
        fn the_ascii_path_folds_like_the_general_path(text in "[ -~]{0,40}|[aApP4@$_ 0-9sSwWoOrRdD.-]{0,40}") {
            let stop: WordSet = ["your", "of", "a", "the"].iter().map(|s| s.to_string()).collect();
            proptest::prop_assert_eq!(fold(&text, &stop), f_general(&text, &stop));
        }

        #[test]
        fn folding_any_text_is_total_and_ignores_invisibles(text in "\\PC{0,60}", at in 0usize..60) {
            let folded = f(&text);
            proptest::prop_assert!(folded.starts_with(' ') && folded.ends_with(' '));
            // A zero-width space inserted anywhere changes nothing a person reads, nor the folding.
            let cut = text.char_indices().nth(at).map_or(text.len(), |(i, _)| i);
            let hidden = format!("{}\u{200B}{}", &text[..cut], &text[cut..]);
            let (a, b) = (f(&hidden), f(&text));
            proptest::prop_assert_eq!(a, b);
        }
    }
}
