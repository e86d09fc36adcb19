//! Text folded into one comparable form before matching: what a person reads, not how a server spelled it.
//!
//! [`fold`] turns `pаss\u{200B}W0rd_Hint` into ` password hint `: NFKC, invisible characters removed,
//! Latin look-alikes (Cyrillic `а`, Greek `ο`) replaced by their UTS 39 skeleton, accents dropped,
//! camelCase / snake_case / kebab-case and every other separator split into single spaces, leetspeak inside
//! words undone, lower-cased, and stopwords dropped. The output always starts and ends with a space, so a
//! pattern ` pin ` matches the whole word `pin` and never `spinning`. Vocabulary terms go through the very same
//! function, so whatever the folding does to a script (Russian, Korean) it does to both sides alike.

use std::collections::HashSet;

/// A set of folded words (stopwords, generic words), fixed at load and looked up once per word of every
/// text judged. Words of up to [`SHORT_WORD`] bytes (nearly every stopword) are packed into a `u64` with
/// their length and found in a small open-addressed table: a multiply, a shift and a compare or two,
/// where hashing the string and comparing it byte by byte was a seventh of the folding's time. Longer
/// words go to a hash set with foldhash. Neither can be flooded: the set is built once from the packs and
/// only ever queried, so an attacker's words only probe a table whose clusters are fixed.
#[derive(Debug, Clone)]
pub struct WordSet {
    /// Packed short words ([`pack_short`]); 0 marks an empty slot (no packed word is 0: its length is not).
    short: Vec<u64>,
    /// How many slots of `short` are used (the table is kept at most half full).
    short_len: usize,
    /// Bit `n` is set when a word of `n` bytes is in the set (bit 63: of 63 bytes or more): most words
    /// are ruled out by their length alone.
    lens: u64,
    /// Words longer than [`SHORT_WORD`] bytes.
    long: HashSet<String, foldhash::fast::RandomState>,
    /// The words written with diacritics before they were folded ([`WordSet::insert_marked`]): only these
    /// drop a text's word that lost its own diacritics.
    marked: HashSet<String, foldhash::fast::RandomState>,
}

/// The bit of [`WordSet::lens`] for a word of `n` bytes.
fn len_bit(n: usize) -> u64 {
    1 << n.min(63)
}

/// Longest word kept in the packed table, in bytes: seven bytes plus a length byte fill a `u64`.
const SHORT_WORD: usize = 7;

/// `w` (at most [`SHORT_WORD`] bytes) as one `u64`: its bytes, then its length in the top byte, so that
/// two words pack alike only when they are equal.
fn pack_short(w: &[u8]) -> u64 {
    let mut key = (w.len() as u64) << 56;
    for (i, &b) in w.iter().take(SHORT_WORD).enumerate() {
        key |= u64::from(b) << (8 * i);
    }
    key
}

/// The lower-cased `n` bytes (2 to [`SHORT_WORD`], all ASCII letters) at `start` in `text`, as the low bytes of
/// a `u64` (the rest zero): [`pack_short`] of the word without its length byte. Setting bit 5 lower-cases an
/// ASCII letter, so eight bytes are loaded, lower-cased and cut at once.
fn lower_letters(text: &[u8], start: usize, n: usize) -> u64 {
    let raw = match text.get(start..start + 8) {
        Some(&[a, b, c, d, e, f, g, h]) => u64::from_le_bytes([a, b, c, d, e, f, g, h]),
        // Near the end of the text: byte by byte.
        _ => text
            .get(start..)
            .unwrap_or_default()
            .iter()
            .take(SHORT_WORD)
            .enumerate()
            .fold(0, |k, (i, &b)| k | u64::from(b) << (8 * i)),
    };
    let keep = (1u64 << (8 * n.min(SHORT_WORD))) - 1;
    (raw | 0x2020_2020_2020_2020) & keep
}

/// The home slot of a packed word in a table of `mask + 1` (a power of two) slots.
fn slot_of(key: u64, mask: usize) -> usize {
    // Fibonacci hashing: the high bits of the product mix every byte of the key.
    (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 32) as usize & mask
}

impl Default for WordSet {
    fn default() -> Self {
        WordSet {
            short: vec![0; 16],
            short_len: 0,
            lens: 0,
            long: HashSet::default(),
            marked: HashSet::default(),
        }
    }
}

impl WordSet {
    /// Adds a word.
    pub fn insert(&mut self, w: String) {
        self.lens |= len_bit(w.len());
        if w.len() > SHORT_WORD || w.is_empty() {
            self.long.insert(w);
            return;
        }
        if self.contains(&w) {
            return;
        }
        if (self.short_len + 1) * 2 > self.short.len() {
            let grown = vec![0; self.short.len() * 2];
            let old = std::mem::replace(&mut self.short, grown);
            for key in old.into_iter().filter(|&k| k != 0) {
                self.place(key);
            }
        }
        self.place(pack_short(w.as_bytes()));
        self.short_len += 1;
    }

    /// Puts a packed word in its slot or the next free one (the table always has a free slot).
    fn place(&mut self, key: u64) {
        let mask = self.short.len() - 1;
        let mut i = slot_of(key, mask);
        while let Some(slot) = self.short.get_mut(i) {
            if *slot == 0 {
                *slot = key;
                return;
            }
            i = (i + 1) & mask;
        }
    }

    /// Whether some word of the set may be `n` bytes long.
    fn may_hold_len(&self, n: usize) -> bool {
        self.lens & len_bit(n) != 0
    }

    /// Whether the short word packed as `key` ([`pack_short`]) is in the set.
    fn contains_packed(&self, key: u64) -> bool {
        let mask = self.short.len() - 1;
        let mut i = slot_of(key, mask);
        // At most half the slots are used, so the probe meets an empty one.
        while let Some(&slot) = self.short.get(i) {
            if slot == key {
                return true;
            }
            if slot == 0 {
                return false;
            }
            i = (i + 1) & mask;
        }
        false
    }

    /// Adds the folding `w` of a word written with diacritics (Vietnamese `của` as `cua`, Romanian `vă` as
    /// `va`): a text's word that lost diacritics in the folding is dropped only as such a word.
    pub fn insert_marked(&mut self, w: String) {
        self.marked.insert(w.clone());
        self.insert(w);
    }

    /// Whether `w`, a text's word that lost diacritics in the folding, is in the set: only as a word that
    /// was written with diacritics too. Vietnamese `tên`, `số`, `thẻ` fold to `ten`, `so`, `the`, other
    /// languages' stopwords written without any: dropped, "Tên khóa API" lost its "name" and "số thẻ ngân
    /// hàng" (card number) read as `ngân hàng`, the bank.
    pub fn contains_marked(&self, w: &str) -> bool {
        self.marked.contains(w)
    }

    /// Whether `w` is in the set.
    pub fn contains(&self, w: &str) -> bool {
        let n = w.len();
        if !self.may_hold_len(n) {
            return false;
        }
        if n > SHORT_WORD || n == 0 {
            return self.long.contains(w);
        }
        self.contains_packed(pack_short(w.as_bytes()))
    }
}

impl FromIterator<String> for WordSet {
    fn from_iter<I: IntoIterator<Item = String>>(iter: I) -> Self {
        let mut set = WordSet::default();
        for w in iter {
            set.insert(w);
        }
        set
    }
}

use unicode_normalization::char::is_combining_mark;
use unicode_normalization::UnicodeNormalization;

/// Longest text folded, in bytes. Server text beyond it is not judged: the sanitiser shows a person at most
/// 2000 characters of a message and 500 of a label, so 16 KiB covers every byte that can be seen, four times over.
pub const MAX_FOLD_BYTES: usize = 16 * 1024;

/// The Simplified form of a Traditional Chinese character (`號` -> `号`, `碼` -> `码`), else `c`: Traditional
/// (Taiwan, Hong Kong) and Simplified text fold alike, and the packs' terms are written once. From OpenCC's
/// table ([`super::hant_table`]); a binary search, only for characters of the CJK blocks.
fn simplified(c: char) -> char {
    if !matches!(c as u32, 0x3400..=0x9FFF | 0xF900..=0xFAFF | 0x20000..=0x3134F) {
        return c;
    }
    super::hant_table::HANT
        .binary_search_by_key(&c, |&(t, _)| t)
        .ok()
        .and_then(|i| super::hant_table::HANT.get(i))
        .map_or(c, |&(_, s)| s)
}

/// Whether `c` is a Latin letter written with a diacritic (or a letter of its own, `đ`, `ł`, `ø`) that the
/// folding turns into plain ASCII: Latin-1 Supplement, Latin Extended-A and -B, Latin Extended Additional.
pub fn is_marked_latin(c: char) -> bool {
    matches!(c as u32, 0xC0..=0x24F | 0x1E00..=0x1EFF) && c.is_alphabetic() && c != '×' && c != '÷'
}

/// Whether a word as written holds a Latin letter with a diacritic ([`is_marked_latin`]).
pub fn has_marked_latin(word: &str) -> bool {
    word.chars().any(is_marked_latin)
}

/// Characters that render as nothing and only serve to split a word in the eyes of a matcher.
pub(crate) fn is_invisible(c: char) -> bool {
    // Nearly every character asked about is ASCII, below the first invisible one: one comparison.
    if c < '\u{AD}' {
        return false;
    }
    matches!(c,
        '\u{00AD}' | '\u{034F}' | '\u{061C}' | '\u{115F}' | '\u{1160}' | '\u{17B4}' | '\u{17B5}'
        | '\u{180B}'..='\u{180F}' | '\u{200B}'..='\u{200F}' | '\u{202A}'..='\u{202E}'
        | '\u{2060}'..='\u{206F}' | '\u{3164}' | '\u{FE00}'..='\u{FE0F}' | '\u{FEFF}' | '\u{FFA0}'
        | '\u{1BCA0}'..='\u{1BCA3}' | '\u{E0000}'..='\u{E0FFF}')
}

/// Whether `c` belongs to a script written without spaces between words: Han, kana, Hangul, and the
/// scripts of South-East Asia (Thai, Lao, Khmer, Myanmar). Their terms match as substrings.
pub fn is_unspaced_script(c: char) -> bool {
    matches!(c as u32,
        0x3040..=0x30FF | 0x31F0..=0x31FF | 0x3400..=0x4DBF | 0x4E00..=0x9FFF | 0xF900..=0xFAFF
        | 0xFF66..=0xFF9F | 0xAC00..=0xD7AF | 0x1100..=0x11FF | 0x3130..=0x318F)
        || is_southeast_asian(c)
}

/// Whether `c` is a letter or mark of the Brahmic scripts of India and Sri Lanka (Devanagari, Bengali,
/// Gurmukhi, Gujarati, Oriya, Tamil, Telugu, Kannada, Malayalam, Sinhala). Their vowel signs and viramas
/// are combining marks, yet they spell the word: the skeleton path, which drops marks as it drops Latin
/// accents, left `पासवर्ड` (password) as its bare consonants, the same as many unrelated words. These
/// letters are kept as written, marks included.
pub(crate) fn is_brahmic(c: char) -> bool {
    matches!(c as u32, 0x0900..=0x0DFF)
}

/// Whether `c` is of a script that glues a Latin word to its own with no space between: the Brahmic
/// scripts (their case endings, `OTPని`, `PINको`) and the unspaced ones (`กรอกOTP`, `PIN번호`). A change
/// between ASCII letters or digits and such a character starts a new word ([`is_boundary`]).
fn glues_to_latin(c: char) -> bool {
    !c.is_ascii() && (is_brahmic(c) || is_unspaced_script(c))
}

/// Whether `c` is a Thai vowel sign written above or below its consonant, or the nikhahit of `ำ`: letters
/// of the word, unlike the tone marks. Dropped with them, `ชื่อ` (name) folded to `ชอ` and was found inside
/// every `ช่อง` (field, `ชอง`); kept, the two stay apart, and a tone mark added or left out still folds alike.
pub(crate) fn is_thai_vowel_sign(c: char) -> bool {
    matches!(c as u32, 0x0E31 | 0x0E34..=0x0E3A | 0x0E4D)
}

/// Thai, Lao, Khmer and Myanmar letters and marks.
fn is_southeast_asian(c: char) -> bool {
    matches!(c as u32, 0x0E00..=0x0EFF | 0x1000..=0x109F | 0x1780..=0x17FF | 0x19E0..=0x19FF)
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
fn unconfuse(text: &str, out: &mut String, marks: &mut Vec<usize>) {
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
            // Han, kana and Hangul have no Latin look-alikes worth the skeleton's cost. The tone marks of
            // Thai and the marks of Lao, Khmer and Myanmar are dropped, as the skeleton path drops every
            // mark: a tone mark is no letter, so kept it would cut a word in two (`รหัสผ่าน`), and a server
            // could add or swap one where a person barely sees it. Thai vowel signs spell the word and stay
            // ([`is_thai_vowel_sign`]).
            if !(is_combining_mark(c) && is_southeast_asian(c)) || is_thai_vowel_sign(c) {
                out.push(simplified(c));
            }
            continue;
        }
        if is_brahmic(c) {
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
        } else if skel.is_ascii()
            && (!c.is_alphanumeric() || skel.bytes().all(|b| b.is_ascii_alphanumeric()))
        {
            // A letter whose skeleton is punctuation (the Hebrew yod is `'`) stays itself (below): the
            // skeleton would cut its word in two. A Latin letter that loses its diacritic here is noted, for
            // the stopwords ([`WordSet::contains_marked`]).
            if is_marked_latin(c) {
                marks.push(out.len());
            }
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
/// word was a large part of the classifier's time. One `Folder` per judgement; its buffers only ever grow to the
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
    /// Byte offsets in `pre` of the Latin letters that lost a diacritic ([`is_marked_latin`]), ascending.
    marks: Vec<usize>,
}

impl Folder {
    /// Appends the folding of `text` (see the module doc) to `out`: a space, then each word followed by a
    /// space. `stopwords` are dropped (they must be given folded, see [`fold_words`]).
    ///
    /// `out` is bytes, not a `String`, so that a short word is written with one fixed-size store (see
    /// [`Sink::plain_ascii`]); everything written is whole UTF-8 strings, so `out` stays UTF-8.
    pub fn fold_into(&mut self, text: &str, stopwords: &WordSet, out: &mut Vec<u8>) {
        out.push(b' ');
        if text.is_empty() {
            return;
        }
        let text = truncate(text, MAX_FOLD_BYTES);
        let mut pre = std::mem::take(&mut self.pre);
        pre.clear();
        self.marks.clear();
        // `unconfuse` may leave non-ASCII letters (other scripts), so its output takes the general path.
        let ascii = text.is_ascii();
        let text: &str = if ascii {
            text
        } else {
            unconfuse(text, &mut pre, &mut self.marks);
            &pre
        };
        // Room for the text and the eight-byte stores of its last word.
        out.reserve(text.len() + 1 + 8);
        let mut sink = Sink {
            stopwords,
            out,
            run: &mut self.run,
            marked: false,
        };
        sink.run.clear();
        let marks = Marks {
            at: &self.marks,
            next: 0,
        };
        if ascii || text.is_ascii() {
            fold_ascii(text, &mut self.word, &mut self.piece, &mut sink, marks);
        } else {
            fold_chars(text, &mut self.word, &mut self.piece, &mut sink, marks);
        }
        sink.flush_run();
        self.pre = pre;
    }
}

/// The offsets of the letters that lost a diacritic, read once from the start as the words go by.
struct Marks<'m> {
    at: &'m [usize],
    next: usize,
}

impl Marks<'_> {
    /// Whether a letter in `start..end` lost a diacritic; offsets before `end` are passed for good.
    fn within(&mut self, start: usize, end: usize) -> bool {
        let mut any = false;
        while let Some(&m) = self.at.get(self.next) {
            if m >= end {
                break;
            }
            any |= m >= start;
            self.next += 1;
        }
        any
    }
}

/// The general path: words are runs of alphanumerics (and `@`, `$` for leetspeak); invisible characters
/// inside a word are skipped, anything else ends it.
fn fold_chars(
    text: &str,
    word: &mut Vec<char>,
    piece: &mut String,
    sink: &mut Sink<'_>,
    mut marks: Marks<'_>,
) {
    word.clear();
    let mut start = 0;
    for (at, c) in text.char_indices() {
        // A Brahmic vowel sign or virama is part of its word ([`is_brahmic`]), as is a Thai vowel sign
        // ([`is_thai_vowel_sign`]); the other scripts' marks are gone by now (`unconfuse`).
        if c.is_alphanumeric()
            || c == '@'
            || c == '$'
            || (is_brahmic(c) && is_combining_mark(c))
            || is_thai_vowel_sign(c)
        {
            if word.is_empty() {
                start = at;
            }
            word.push(c);
        } else if !is_invisible(c) && !word.is_empty() {
            sink.marked = marks.within(start, at);
            emit_word(word, piece, sink);
            word.clear();
        }
    }
    if !word.is_empty() {
        sink.marked = marks.within(start, text.len());
        emit_word(word, piece, sink);
        word.clear();
    }
}

/// The ASCII path (nearly all text): words are byte runs, and a word with no digit, `@` or `$` and no
/// case change inside (`table`, `Book`, `API`) is lower-cased straight into the output, without the
/// general path's per-char leetspeak and camelCase passes. Anything else takes the general path, so both
/// give the same result (a proptest compares them).
fn fold_ascii(
    text: &str,
    word: &mut Vec<char>,
    piece: &mut String,
    sink: &mut Sink<'_>,
    mut marks: Marks<'_>,
) {
    let bytes = text.as_bytes();
    let mut i = 0;
    loop {
        // Skip separators (every ASCII non-word byte is one).
        while bytes.get(i).is_some_and(|&b| CLASS[usize::from(b)] == 0) {
            i += 1;
        }
        let Some(&b) = bytes.get(i) else {
            break;
        };
        let start = i;
        let first = CLASS[usize::from(b)];
        i += 1;
        // The lower-case letters after the first byte, eight at a time (prose is mostly such words),
        // then byte by byte from the first other byte: one pass gathers the classes of the rest.
        let mut tail = 0u8;
        loop {
            let run = lower_run(bytes, i);
            if run > 0 {
                tail |= LOWER;
                i += run;
            }
            if run < 8 {
                break;
            }
        }
        while let Some(&b) = bytes.get(i) {
            let c = CLASS[usize::from(b)];
            if c == 0 {
                break;
            }
            tail |= c;
            i += 1;
        }
        // ASCII: every byte offset is a char boundary.
        let Some(w) = text.get(start..i) else {
            break;
        };
        let all = first | tail;
        // Raw ASCII text has no marks: one comparison a word.
        sink.marked = !marks.at.is_empty() && marks.within(start, i);
        let plain = all & OTHER == 0 && (tail & UPPER == 0 || all & LOWER == 0);
        if plain {
            sink.plain_ascii(bytes, start, w, all & UPPER != 0);
        } else {
            word.clear();
            word.extend(w.chars());
            emit_word(word, piece, sink);
        }
    }
}

/// How many of the (up to) eight bytes at `at` in `text`, counted from `at`, are ASCII lower-case letters
/// before the first that is not: 8 when all eight are. One load and a few word-wide operations, where a
/// table lookup per byte cost several instructions on every byte of prose.
fn lower_run(text: &[u8], at: usize) -> usize {
    let Some(&[a, b, c, d, e, f, g, h]) = text.get(at..at.saturating_add(8)) else {
        // The last bytes of the text: one at a time.
        let rest = text.get(at..).unwrap_or_default();
        return rest.iter().take_while(|b| b.is_ascii_lowercase()).count();
    };
    let x = u64::from_le_bytes([a, b, c, d, e, f, g, h]);
    lower_bytes(x).trailing_ones() as usize / 8
}

/// Byte `k` of the result is `0xFF` where byte `k` of `x` is an ASCII lower-case letter (`a`..=`z`), else 0.
/// Per byte `v` below 0x80, `v + 0x1F` has its top bit set from `a` (0x61) on and `v + 0x05` from `{` (0x7B)
/// on; neither sum carries into the next byte. Bytes of 0x80 and above are never letters here.
fn lower_bytes(x: u64) -> u64 {
    const LOW7: u64 = 0x7F7F_7F7F_7F7F_7F7F;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    let seven = x & LOW7;
    let from_a = seven.wrapping_add(0x1F1F_1F1F_1F1F_1F1F);
    let past_z = seven.wrapping_add(0x0505_0505_0505_0505);
    let letters = from_a & !past_z & !x & HIGH;
    // Spread each byte's top bit over the byte.
    (letters >> 7).wrapping_mul(0xFF)
}

/// Byte classes of the ASCII path: 0 for a separator, else one of these bits.
const LOWER: u8 = 1;
const UPPER: u8 = 2;
/// A digit, `@` or `$` (leetspeak for `a` and `s`): the word takes the general path.
const OTHER: u8 = 4;
const CLASS: [u8; 256] = {
    let mut table = [0u8; 256];
    let mut b = 0;
    while b < 128 {
        let c = b as u8;
        table[b] = if c.is_ascii_lowercase() {
            LOWER
        } else if c.is_ascii_uppercase() {
            UPPER
        } else if c.is_ascii_digit() || c == b'@' || c == b'$' {
            OTHER
        } else {
            0
        };
        b += 1;
    }
    table
};

/// Where folded words go: joins a word spelled out letter by letter (`p_a_s_s_w_o_r_d`, `p a s s`: a run
/// of at least [`MIN_SPELLED`] one-letter words becomes one word), then drops stopwords (after joining: `a`
/// and `o` are stopwords and letters of `password` alike), as the words stream in.
struct Sink<'a> {
    stopwords: &'a WordSet,
    out: &'a mut Vec<u8>,
    /// The pending run of one-letter words, concatenated.
    run: &'a mut String,
    /// The current word lost a diacritic in the folding: it is a stopword only as one written with
    /// diacritics ([`WordSet::contains_marked`]).
    marked: bool,
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

    /// [`Sink::word`] for `w`, an ASCII word of letters only at `start` in `text`, lower-cased on the way
    /// into the output (`upper`: it holds a capital). A word of up to [`SHORT_WORD`] bytes is loaded from the
    /// text once: that one value is looked up among the stopwords and written, with its space, in one store.
    fn plain_ascii(&mut self, text: &[u8], start: usize, w: &str, upper: bool) {
        let n = w.len();
        if let [b] = w.as_bytes() {
            // A one-letter word (`single`): it joins the run.
            self.run.push(char::from(b.to_ascii_lowercase()));
            return;
        }
        if !self.run.is_empty() {
            self.flush_run();
        }
        if n <= SHORT_WORD {
            let lowered = lower_letters(text, start, n);
            if self.stopwords.may_hold_len(n)
                && self.stopwords.contains_packed(lowered | (n as u64) << 56)
                && (!self.marked || self.stopwords.contains_marked(w))
            {
                return;
            }
            // The word and its space in one eight-byte store (`fold_into` reserved the room), then cut to
            // their length: a copy of `n` bytes was a call to `memcpy` per word.
            let at = self.out.len();
            let with_space = lowered | 0x20 << (8 * n);
            self.out.extend_from_slice(&with_space.to_le_bytes());
            self.out.truncate(at + n + 1);
            return;
        }
        let at = self.out.len();
        self.out.extend_from_slice(w.as_bytes());
        let written = self.out.get_mut(at..).map(|s| {
            if upper {
                s.make_ascii_lowercase();
            }
            &*s
        });
        // Without a capital the written bytes are `w` itself, which needs no UTF-8 check to be looked up.
        let stop = self.stopwords.may_hold_len(n)
            && if upper {
                written
                    .and_then(|s| std::str::from_utf8(s).ok())
                    .is_some_and(|s| {
                        self.stopwords.contains(s)
                            && (!self.marked || self.stopwords.contains_marked(s))
                    })
            } else {
                self.stopwords.contains(w) && (!self.marked || self.stopwords.contains_marked(w))
            };
        if stop {
            self.out.truncate(at);
        } else {
            self.out.push(b' ');
        }
    }

    fn keep(&mut self, w: &str) {
        let stop =
            self.stopwords.contains(w) && (!self.marked || self.stopwords.contains_marked(w));
        if !stop {
            self.out.extend_from_slice(w.as_bytes());
            self.out.push(b' ');
        } else if let Some(key) = loanword_key(w, last_word(self.out)) {
            self.out.extend_from_slice(key.as_bytes());
            self.out.push(b' ');
        }
    }

    fn flush_run(&mut self) {
        if self.run.is_empty() {
            return;
        }
        let run = std::mem::take(self.run);
        // One-letter words are read as before, whatever their marks.
        let marked = std::mem::replace(&mut self.marked, false);
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
        self.marked = marked;
    }
}

/// The English loanword "key" as Hindi, Marathi and Urdu write it (`की`, `کی`) is also the Hindi and Urdu
/// genitive, a stopword: after a loanword that names a kind of key ("प्राइवेट की", "سیکرٹ کی", the
/// Marathi "खाजगी की") it is the key, and folds to the language's own word for one (`कुंजी`, `کلید`),
/// which the packs name. After any other word it stays the genitive: "API की सीमा" is the API's limit, and
/// "access" and "wallet" take the genitive too often to be read so. Each entry: the stopword, the words
/// that make it a key, the word it then folds to.
const LOANWORD_KEY: &[(&str, &[&str], &str)] = &[
    (
        "की",
        &[
            "प्राइवेट",
            "प्रायव्हेट",
            "प्रायवेट",
            "प्राईवेट",
            "सीक्रेट",
            "सिक्रेट",
            "खाजगी",
            "खासगी",
        ],
        "कुंजी",
    ),
    (
        "کی",
        &[
            "پرائیویٹ",
            "پرائیوٹ",
            "پرایوت",
            "پرایویت",
            "سیکرٹ",
            "سیکریٹ",
            "سکرت",
        ],
        "کلید",
    ),
];

/// [`LOANWORD_KEY`] folded, as the words reach [`Sink::keep`].
fn loanword_keys() -> &'static [(String, Vec<String>, String)] {
    static FOLDED: std::sync::OnceLock<Vec<(String, Vec<String>, String)>> =
        std::sync::OnceLock::new();
    FOLDED.get_or_init(|| {
        let one = |w: &str| fold_words(w).trim().to_owned();
        LOANWORD_KEY
            .iter()
            .map(|(stop, before, key)| {
                (one(stop), before.iter().map(|b| one(b)).collect(), one(key))
            })
            .collect()
    })
}

/// The word a stopword `w` folds to as the loanword "key" after `previous` ([`LOANWORD_KEY`]), if it is one.
fn loanword_key(w: &str, previous: &str) -> Option<&'static str> {
    if w.is_ascii() || previous.is_empty() {
        return None;
    }
    loanword_keys()
        .iter()
        .find(|(stop, before, _)| stop == w && before.iter().any(|b| b == previous))
        .map(|(_, _, key)| key.as_str())
}

/// The last word written to a folded output (which ends in a space), or "" when there is none.
fn last_word(out: &[u8]) -> &str {
    let body = out.strip_suffix(b" ").unwrap_or(out);
    let start = body.iter().rposition(|&b| b == b' ').map_or(0, |p| p + 1);
    body.get(start..)
        .and_then(|w| std::str::from_utf8(w).ok())
        .unwrap_or("")
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
    let mut out = Vec::new();
    Folder::default().fold_into(text, stopwords, &mut out);
    // The folding writes whole UTF-8 strings only, so this never replaces anything.
    String::from_utf8_lossy(&out).into_owned()
}

/// Folds without dropping stopwords: used to fold the stopword list itself.
pub fn fold_words(text: &str) -> String {
    fold(text, &WordSet::default())
}

/// The longest prefix of `text` not over `max` bytes, cut at a character boundary.
pub(crate) fn truncate(text: &str, max: usize) -> &str {
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
            // `PINu`, `PINy`, `OTPs`: one lower-case letter ending the word after a run of capitals is the
            // acronym's case ending (Czech, Slovak, Polish genitives) or plural, not a new word. `APIKey`
            // (a capital and two or more lower-case letters) still splits.
            let ends = w.get(i + 2).is_none_or(|c| !c.is_ascii_alphanumeric());
            return next.is_ascii_lowercase() && !ends;
        }
    }
    if prev.is_ascii_alphanumeric() != cur.is_ascii_alphanumeric()
        && (glues_to_latin(prev) || glues_to_latin(cur))
    {
        // `OTPని`, `กรอกOTP`, `PIN을`: a Latin word (an acronym, a loanword) written against a script whose
        // case endings or words follow it with no space. Only those scripts: a Cyrillic or Greek word may hold
        // a Latin look-alike letter, and cutting it there would cut the word.
        return true;
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
        // An acronym's one-letter case ending stays on it: Czech `PINu`, the plural `OTPs`.
        assert_eq!(f("PINu"), " pinu ");
        assert_eq!(f("bez PINu ke kartě"), " bez pinu ke karte ");
        assert_eq!(f("OTPs"), " otps ");
        assert_eq!(f("getAPIKey"), " get api key ");
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
        // A Hebrew word stays one word: its yod is no apostrophe.
        assert_eq!(f("סיסמה").split_whitespace().count(), 1);
    }

    #[test]
    fn thai_is_unspaced_and_keeps_its_words_whole() {
        assert!("รหัสผ่าน".chars().all(is_unspaced_script));
        for c in ['ລ', 'ក', 'က'] {
            assert!(is_unspaced_script(c), "{c}");
        }
        // The tone mark inside `รหัสผ่าน` (password) does not cut the word, and a mark added or left out
        // folds alike.
        let folded = f("กรอกรหัสผ่านของคุณ");
        assert_eq!(folded.split_whitespace().count(), 1, "{folded}");
        assert!(folded.contains(f("รหัสผ่าน").trim()), "{folded}");
        assert_eq!(f("รหัสผ่าน"), f("รหัสผาน"));
    }

    #[test]
    fn thai_vowel_signs_spell_the_word() {
        // Name (ชื่อ) is not inside field (ช่อง), nor is the vowel of a word lost to its neighbour's.
        assert!(!f("ช่องรหัสผ่าน").contains(f("ชื่อ").trim()));
        assert_ne!(f("ชื่อ"), f("ชอ"));
        assert_ne!(f("ปิน"), f("ปน"));
        // A tone mark still folds away, a vowel sign stays with it in one word.
        assert_eq!(f("ชื่อผู้ใช้"), f("ชือผูใช"));
        assert_eq!(f("ชื่อผู้ใช้").split_whitespace().count(), 1);
    }

    #[test]
    fn brahmic_vowel_signs_are_kept() {
        // Password and water differ only in their vowel signs and virama.
        assert_eq!(f("पासवर्ड"), " पासवर्ड ");
        assert_ne!(f("पिन"), f("पानी"));
        assert_eq!(f("உங்கள் கடவுச்சொல்லை"), " உங்கள் கடவுச்சொல்லை ");
        // The zero-width non-joiner inside a Telugu word is dropped, the word stays whole.
        assert_eq!(f("పాస్\u{200C}వర్డ్"), " పాస్వర్డ్ ");
    }

    #[test]
    fn a_latin_word_glued_to_another_script_is_a_word() {
        assert_eq!(f("OTPని"), " otp ని ");
        assert_eq!(f("PINको"), " pin को ");
        assert_eq!(f("PIN번호"), " pin 번호 ");
        assert_eq!(f("6桁"), " 6 桁 ");
        assert!(f("กรอกOTPที่ได้รับ").contains(" otp "));
        // Cyrillic and Greek words stay whole, whatever look-alike letter they hold.
        assert_eq!(f("пароль").split_whitespace().count(), 1);
        assert_eq!(f("κωδικός").split_whitespace().count(), 1);
        // Within one script nothing changes.
        assert_eq!(f("पासवर्ड"), " पासवर्ड ");
        assert_eq!(f("otp123"), " otp 123 ");
    }

    #[test]
    fn traditional_chinese_folds_as_simplified() {
        assert_eq!(f("銀行卡號"), f("银行卡号"));
        assert_eq!(f("備用碼"), f("备用码"));
        // Kana and Hangul are left as they are.
        assert_eq!(f("パスワード"), " パスワード ");
    }

    #[test]
    fn a_word_that_lost_its_diacritics_is_no_plain_stopword() {
        let mut stop = WordSet::default();
        stop.insert("ten".into());
        stop.insert("the".into());
        stop.insert_marked("cua".into());
        // Written plain, the stopwords go; written with diacritics, only the one written so.
        assert_eq!(fold("ten the", &stop), " ");
        assert_eq!(fold("Tên khóa của thẻ", &stop), " ten khoa the ");
        assert_eq!(fold("TÊN", &stop), " ten ");
    }

    #[test]
    fn drops_stopwords() {
        let stop: WordSet = ["your", "of"].iter().map(|s| s.to_string()).collect();
        assert_eq!(
            fold("Characters of your password", &stop),
            " characters password "
        );
    }

    #[test]
    fn the_loanword_key_is_a_key_only_after_a_kind_of_key() {
        let stop: WordSet = ["की", "کی", "अपनी", "اپنی", "यहाँ"]
            .iter()
            .map(|s| fold_words(s).trim().to_owned())
            .collect();
        let key = fold_words("कुंजी");
        let kalid = fold_words("کلید");
        assert!(fold("अपनी प्राइवेट की यहाँ डालें", &stop).contains(key.trim()));
        assert!(fold("खाजगी की", &stop).contains(key.trim()));
        assert!(fold("اپنی سیکرٹ کی بھیجیں", &stop).contains(kalid.trim()));
        // The genitive after anything else: the API's limit, the user's name.
        assert!(!fold("API की सीमा", &stop).contains(key.trim()));
        assert!(!fold("उपयोगकर्ता की जानकारी", &stop).contains(key.trim()));
        assert!(!fold("صارف کی معلومات", &stop).contains(kalid.trim()));
        // Alone, it is dropped as every stopword is.
        assert_eq!(fold("की", &stop), " ");
    }

    /// The general path alone, for comparing with the ASCII path.
    fn f_general(text: &str, stopwords: &WordSet) -> String {
        let mut out = b" ".to_vec();
        let (mut word, mut piece, mut run) = (Vec::new(), String::new(), String::new());
        let mut sink = Sink {
            stopwords,
            out: &mut out,
            run: &mut run,
            marked: false,
        };
        let marks = Marks { at: &[], next: 0 };
        fold_chars(text, &mut word, &mut piece, &mut sink, marks);
        sink.flush_run();
        String::from_utf8(out).expect("the folding writes UTF-8")
    }

    proptest::proptest! {
        #[test]
        fn the_ascii_path_folds_like_the_general_path(text in "[ -~]{0,40}|[aApP4@$_ 0-9sSwWoOrRdD.-]{0,40}") {
            let stop: WordSet = ["your", "of", "a", "the"].iter().map(|s| s.to_string()).collect();
            proptest::prop_assert_eq!(fold(&text, &stop), f_general(&text, &stop));
        }

        #[test]
        fn the_ascii_path_folds_words_like_the_general_path(
            words in proptest::collection::vec(
                "the|The|THE|of|OF|a|A|b|x|your|Your|between|Between|BETWEEN|nevertheless|Nevertheless|NEVERTHELESS|pass|Word|API|Key|apiKey|p4ss|w0rd|field1|[a-zA-Z]{1,9}",
                0..24,
            ),
            // Mostly single spaces, as in prose.
            seps in proptest::collection::vec("[ _.,;:!?()/-]{1,2}| | | ", 24),
            bare_end in proptest::bool::ANY,
        ) {
            let mut text = String::new();
            for (w, sep) in words.iter().zip(&seps) {
                text.push_str(w);
                text.push_str(sep);
            }
            if bare_end {
                // The last word right at the end of the text.
                text.truncate(text.trim_end_matches(|c: char| !c.is_ascii_alphanumeric()).len());
            }
            // Short and long stopwords, so both halves of the `WordSet` are exercised.
            let stop: WordSet = ["your", "of", "a", "the", "between", "nevertheless"]
                .iter()
                .map(|s| s.to_string())
                .collect();
            proptest::prop_assert_eq!(fold(&text, &stop), f_general(&text, &stop));
        }

        #[test]
        fn lower_runs_are_counted_like_byte_by_byte(text in proptest::collection::vec(proptest::num::u8::ANY, 0..12), at in 0usize..12) {
            let expected = text.get(at..).unwrap_or_default().iter().take(8).take_while(|b| b.is_ascii_lowercase()).count();
            proptest::prop_assert_eq!(lower_run(&text, at), expected);
        }

        #[test]
        fn the_invisible_test_is_the_list(c in proptest::char::any()) {
            let listed = matches!(c,
                '\u{00AD}' | '\u{034F}' | '\u{061C}' | '\u{115F}' | '\u{1160}' | '\u{17B4}' | '\u{17B5}'
                | '\u{180B}'..='\u{180F}' | '\u{200B}'..='\u{200F}' | '\u{202A}'..='\u{202E}'
                | '\u{2060}'..='\u{206F}' | '\u{3164}' | '\u{FE00}'..='\u{FE0F}' | '\u{FEFF}' | '\u{FFA0}'
                | '\u{1BCA0}'..='\u{1BCA3}' | '\u{E0000}'..='\u{E0FFF}');
            proptest::prop_assert_eq!(is_invisible(c), listed);
        }

        #[test]
        fn the_word_set_holds_what_was_put_in(
            put in proptest::collection::vec("[a-e\\x{e9}\\x{43f}]{0,10}", 0..40),
            ask in proptest::collection::vec("[a-e\\x{e9}\\x{43f}]{0,10}", 0..40),
        ) {
            let set: WordSet = put.iter().cloned().collect();
            let reference: HashSet<String> = put.iter().cloned().collect();
            for w in put.iter().chain(&ask) {
                proptest::prop_assert_eq!(set.contains(w), reference.contains(w), "{:?}", w);
            }
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
