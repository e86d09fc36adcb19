//! A learned second signal beside the rules: a hashed linear text classifier (`form.secret.model`).
//!
//! The rules (packs, inflection, structure) name what they know; each new batch of forms written by people who
//! never saw the packs brings phrasings of its own. This model reads the same texts the rules read, folded by the
//! same [`Folder`] (so whatever folding does to a script it does here too), and scores the form as a whole:
//! - character n-grams of 2 to [`NGRAM_MAX`] characters inside each folded word, with the word's boundaries
//!   (inflection and scripts written without spaces share most of them),
//! - word unigrams and bigrams,
//! - each prefixed by where it comes from: the message, a field's title or description, a field's name,
//! - a few structure features: how many free-text, number and choice fields, a field of 1 to 8 characters at
//!   most, a field of a fixed length.
//!
//! Each feature is hashed (FNV-1a, 32 bits, fixed here and nowhere else) into `2^bits` buckets. A bucket counts
//! once however often it is named (presence, a binary bag: a paragraph said twice scores as said once). The
//! message is read sentence by sentence ([`segments`]): the score is the bias, plus the sum of the weights of
//! the distinct buckets of the form's fields and shape, plus the largest such sum over the message's
//! sentences. A sum over the whole message grew with every ordinary sentence added to it (two everyday messages
//! joined crossed the threshold one time in nine before the trainer was taught otherwise); the strongest
//! sentence does not add up, so a secret asked in one sentence is read as strongly amid ten others, and ten
//! ordinary sentences are no more secret than their strongest one (docs/model.md, "Length").
//! Version 4: a sentence of more than `segment_n0` distinct buckets (in the weights' header) has its sum damped
//! by `sqrt(segment_n0 / distinct)`, since many ordinary words weigh slightly positive and a long ordinary
//! sentence summed them over the threshold; and the fields and shape are read first, within their own share of
//! the budget ([`FIELD_FEATURES`]), so that a padded message cannot leave them unread (docs/model.md, s15).
//! The weights are trained by `tools/model/train.py` (L2-regularised logistic regression) on the feature
//! indices this module prints (`elicitguard model-features`), so the trainer never re-implements the folding:
//! one source of truth. They are embedded with `include_bytes!` as i8 with a scale ([`Weights::parse`]).
//!
//! Hand-written because a hashed linear model is about a hundred lines, and no maintained crate does exactly
//! this (our folding, our sources, a fixed hash, an embedded quantised file) without a heavy dependency.
//!
//! Cost: linear in the bounded text ([`MAX_TEXT_BYTES`] a text, [`MAX_WORD_CHARS`] a word, [`MAX_FEATURES`] a
//! form, of which the fields at most [`FIELD_FEATURES`] and one property [`PROPERTY_FEATURES`]; [`MAX_SEGMENTS`]
//! sentences). A bucket is kept once per part as it is read: a bitset of all `2^bits`
//! buckets tells whether it was seen, and only the bits set are cleared for the next sentence or form, so dropping duplicates costs one bit test a feature, with no
//! sort and no allocation per n-gram (the scratch is reused per thread, [`judge`]). It runs only when the rules
//! found nothing, and it never reads a value the user or the server pushes (defaults, enums): only the form's
//! words.

use std::sync::OnceLock;

use super::normalize::Folder;
use super::pack::Compiled;
use crate::policy::clean_set::CleanSet;
use crate::policy::Finding;
use crate::wire::tree::Node;

/// The embedded weights, written by `tools/model/train.py`.
static WEIGHTS_FILE: &[u8] = include_bytes!("model/weights.bin");

/// Most bytes of one text (message, title, description, name) read; the rest is not scored.
pub const MAX_TEXT_BYTES: usize = 1024;
/// Most characters of one folded word cut into n-grams (a 500-letter "word" is noise, and costs).
pub const MAX_WORD_CHARS: usize = 24;
/// Most feature occurrences read from one form (before duplicates are dropped); the rest of the form is not
/// scored. The longest form of the training data has 1,980 and nine in ten under 530: this bounds the cost of a
/// long message (a 1 KB message has about 4,000) rather than what is read of a typical form.
pub const MAX_FEATURES: usize = 2048;
/// Most occurrences of the fields and shape, read FIRST (version 4): the message has the rest of
/// [`MAX_FEATURES`], at least half of it. Before, the message was read first and a 1 KB message spent the whole
/// budget, so its fields were never read: a server could pad the message with ordinary text to blind the model
/// to a field titled with a secret (the benchmarks' 2 KB booking had no field feature at all). Half, because a
/// form's fields rarely need more (a field's name, title and a sentence of description is about 50 to 150),
/// and the message needs as much to be read at all when it is long.
pub const FIELD_FEATURES: usize = MAX_FEATURES / 2;
/// Most occurrences of one property (its name, title, then description): one field with a padded description
/// cannot spend the fields' share and blind the model to the next ones. A name, a title and about eight words
/// of description.
pub const PROPERTY_FEATURES: usize = 256;
/// Occurrences kept for the shape's features (three counts, "short", "fixed"): always read, whatever the fields
/// spent.
const STRUCTURE_FEATURES: usize = 5;
/// Most properties read.
pub const MAX_PROPERTIES: usize = 64;
/// Most segments (sentences) of the message scored apart; the rest of the message joins the last one.
pub const MAX_SEGMENTS: usize = 32;
/// A sentence shorter than this (bytes) joins the next one: "Hi!" or "Dear customer," carries no reading of
/// its own, and the sentence it opens keeps its context.
const MIN_SEGMENT_BYTES: usize = 24;
/// Most bytes of one word shown in a finding's explanation.
const SHOWN_BYTES: usize = 48;
/// Shortest and longest character n-gram.
const NGRAM_MIN: usize = 2;
/// See [`NGRAM_MIN`].
pub const NGRAM_MAX: usize = 5;
/// The weights file's magic bytes and the one version read.
const MAGIC: &[u8; 4] = b"EGM1";
/// Version 4: the fields read before the message, each with its own budget, and a long sentence's sum damped
/// by the square root of its length ([`Weights::segment_n0`]). Version 3: the message scored sentence by
/// sentence, its strongest sentence counted (version 2 summed the whole message's presence; version 1 every
/// occurrence over the square root of their count).
const VERSION: u16 = 4;
/// Bytes before the weights: magic, version (u16), bucket bits (u8), the segment damping's N0 (u8, 0: none),
/// scale, bias, threshold (f32 each), then the SHA-256 of the training data.
const HEADER_BYTES: usize = 4 + 2 + 1 + 1 + 4 + 4 + 4 + 32;

/// Why the embedded weights could not be read.
#[derive(Debug, thiserror::Error, PartialEq)]
pub enum ModelError {
    /// Shorter than the header, wrong magic or version.
    #[error("the model file has no valid header")]
    Header,
    /// The bucket count the header names is out of range or the weights do not fill it.
    #[error("the model file holds {got} weights, its header says {want}")]
    Size { got: usize, want: usize },
}

/// The model: header and quantised weights.
#[derive(Debug)]
pub struct Weights {
    /// log2 of the bucket count.
    pub bits: u8,
    /// A message segment of `n` distinct buckets has its sum multiplied by `min(1, sqrt(segment_n0 / n))` (0:
    /// never). Why: many ordinary words weigh slightly positive, so the plain sum of a long ordinary sentence
    /// drifted over the threshold (docs/model.md, "Length" and s14); damped, a sentence's score grows like the
    /// square root of its length past `segment_n0` buckets, not linearly. In the header, so that the scorer
    /// always damps as the weights were fitted.
    pub segment_n0: u8,
    /// A weight is `scale * i8`.
    pub scale: f32,
    pub bias: f32,
    /// A form scoring at or above it is a finding (chosen by the trainer, see docs/model.md).
    pub threshold: f32,
    /// SHA-256 of the training data (`tools/model/manifest.json` names it).
    pub data_hash: [u8; 32],
    weights: &'static [u8],
}

fn f32_at(b: &[u8], at: usize) -> Option<f32> {
    let bytes: [u8; 4] = b.get(at..at + 4)?.try_into().ok()?;
    Some(f32::from_le_bytes(bytes))
}

impl Weights {
    /// Reads a weights file (see [`HEADER_BYTES`]); little-endian throughout.
    pub fn parse(b: &'static [u8]) -> Result<Weights, ModelError> {
        if b.len() < HEADER_BYTES || b.get(..4) != Some(MAGIC.as_slice()) {
            return Err(ModelError::Header);
        }
        let version = u16::from_le_bytes([b[4], b[5]]);
        let bits = b[6];
        let segment_n0 = b[7];
        if version != VERSION || !(8..=24).contains(&bits) {
            return Err(ModelError::Header);
        }
        let (Some(scale), Some(bias), Some(threshold)) =
            (f32_at(b, 8), f32_at(b, 12), f32_at(b, 16))
        else {
            return Err(ModelError::Header);
        };
        let mut data_hash = [0u8; 32];
        data_hash.copy_from_slice(&b[20..52]);
        let weights = &b[HEADER_BYTES..];
        let want = 1usize << bits;
        if weights.len() != want {
            return Err(ModelError::Size {
                got: weights.len(),
                want,
            });
        }
        Ok(Weights {
            bits,
            segment_n0,
            scale,
            bias,
            threshold,
            data_hash,
            weights,
        })
    }

    /// The embedded model, read once; `None` when the file is unreadable (a test holds that it is not).
    pub fn embedded() -> Option<&'static Weights> {
        static W: OnceLock<Option<Weights>> = OnceLock::new();
        W.get_or_init(|| Weights::parse(WEIGHTS_FILE).ok()).as_ref()
    }

    /// The weight of bucket `i`.
    pub fn weight(&self, i: u32) -> f32 {
        let q = self.weights.get(i as usize).copied().unwrap_or(0) as i8;
        f32::from(q) * self.scale
    }

    /// The factor of a message segment of `n` distinct buckets: `min(1, sqrt(segment_n0 / n))`.
    pub fn segment_damping(&self, n: usize) -> f64 {
        if self.segment_n0 == 0 || n <= usize::from(self.segment_n0) {
            return 1.0;
        }
        (f64::from(self.segment_n0) / n as f64).sqrt()
    }

    /// The score of extracted features: the bias, plus the sum of the weights of the form's distinct buckets
    /// outside the message (its fields and shape), plus the largest damped sum over the message's segments
    /// (each segment's sum times [`Weights::segment_damping`]; nothing when it has none). The quantised weights
    /// are summed as integers (at most [`MAX_FEATURES`] of them, far within `i32`) and scaled once, so the order
    /// the buckets were read in cannot change the score; the damping and the sum are in f64, as the trainer's.
    pub fn score(&self, f: &Features) -> f32 {
        let sum = |ix: &[u32]| -> i32 {
            ix.iter()
                .map(|&i| i32::from(self.weights.get(i as usize).copied().unwrap_or(0) as i8))
                .sum()
        };
        let best = f
            .segments()
            .map(|ix| f64::from(sum(ix)) * self.segment_damping(ix.len()))
            .fold(None, |m: Option<f64>, x| Some(m.map_or(x, |m| m.max(x))))
            .unwrap_or(0.0);
        (f64::from(self.bias) + f64::from(self.scale) * (f64::from(sum(f.base())) + best)) as f32
    }
}

/// Where a feature's text comes from: a byte that prefixes its hash.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Origin {
    Message = b'm' as isize,
    Title = b't' as isize,
    Name = b'n' as isize,
    Structure = b's' as isize,
}

/// One feature: its bucket and the folded bytes it was read from (empty for structure features).
#[derive(Clone, Copy, Debug)]
struct Entry {
    index: u32,
    start: u32,
    end: u32,
}

/// A form's features as they are read: their distinct bucket indices in the order first read (a fixed array),
/// and, only when asked for (an explanation), each occurrence with the folded bytes it came from.
#[derive(Debug)]
pub struct Features {
    folder: Folder,
    /// Folded texts end to end.
    buf: Vec<u8>,
    /// Every feature read, in order, duplicates included; filled only with `collect`.
    entries: Vec<Entry>,
    collect: bool,
    /// The first `distinct` are the buckets read, each once, in the order first read.
    index: [u32; MAX_FEATURES],
    /// Occurrences read, at most [`MAX_FEATURES`].
    count: usize,
    /// Distinct buckets read.
    distinct: usize,
    /// Each message segment's distinct buckets: `index[start..end]`, in order. A bucket counts once within a
    /// segment, and once in the rest of the form (its fields and shape, read first: `index[..base]`).
    segments: [(u16, u16); MAX_SEGMENTS],
    nsegments: usize,
    base: usize,
    /// Occurrences the part being read may reach ([`FIELD_FEATURES`], [`PROPERTY_FEATURES`]); never over
    /// [`MAX_FEATURES`].
    limit: usize,
    /// One bit per bucket (`2^bits` of them, 32 KiB for the shipped 18 bits): set when the bucket is read.
    /// Only the bits of `index[..distinct]` are ever set, and they are cleared by the next `clear`.
    seen: Vec<u64>,
    mask: u32,
}

impl Default for Features {
    fn default() -> Features {
        Features {
            folder: Folder::default(),
            buf: Vec::new(),
            entries: Vec::new(),
            collect: false,
            index: [0; MAX_FEATURES],
            count: 0,
            distinct: 0,
            segments: [(0, 0); MAX_SEGMENTS],
            nsegments: 0,
            base: 0,
            limit: MAX_FEATURES,
            seen: Vec::new(),
            mask: 0,
        }
    }
}

/// Whether `c` ends a sentence wherever it stands (a full stop needs more: [`segments`]).
fn ends_sentence(c: char) -> bool {
    matches!(
        c,
        '\n' | '!' | '?' | '。' | '！' | '？' | '．' | '।' | '॥' | '۔' | '؟' | '…' | '።' | '။'
    )
}

/// The message's sentences, each scored apart (see the module doc): cut after a sentence mark, or after a full
/// stop followed by a space where the character before it is not a digit ("1. word" numbers a list, it ends
/// nothing). A piece shorter than [`MIN_SEGMENT_BYTES`] joins the next one, and the [`MAX_SEGMENTS`]th takes
/// the rest of the message. Language-neutral on purpose: a script that marks no sentences (Thai) is read as
/// one, as before. Hand-written: a Unicode sentence segmenter (UAX #29) costs more than the whole model and
/// its abbreviations rules buy nothing here, since a cut in the wrong place only splits a reading in two.
fn segments(message: &str) -> impl Iterator<Item = &str> + '_ {
    let mut rest = message;
    let mut produced = 0;
    std::iter::from_fn(move || {
        let trimmed = rest.trim_start();
        if trimmed.is_empty() {
            return None;
        }
        produced += 1;
        if produced >= MAX_SEGMENTS {
            rest = "";
            return Some(trimmed);
        }
        let mut prev = ' ';
        let mut chars = trimmed.char_indices().peekable();
        let mut cut = trimmed.len();
        while let Some((i, ch)) = chars.next() {
            let next = chars.peek().map(|&(_, n)| n);
            let ends = ends_sentence(ch)
                || (ch == '.' && !prev.is_ascii_digit() && next.is_none_or(char::is_whitespace));
            prev = ch;
            let end = i + ch.len_utf8();
            if ends && end >= MIN_SEGMENT_BYTES {
                cut = end;
                break;
            }
        }
        let (head, tail) = trimmed.split_at(cut);
        rest = tail;
        Some(head)
    })
}

/// FNV-1a, 32 bits, over a source byte, a kind byte and the text: fixed, since the weights depend on it.
fn fnv1a(source: u8, kind: u8, text: &[u8]) -> u32 {
    let mut h: u32 = 0x811c_9dc5;
    for &b in [source, kind].iter().chain(text) {
        h = fnv1a_step(h, b);
    }
    h
}

/// One byte of FNV-1a.
fn fnv1a_step(h: u32, b: u8) -> u32 {
    (h ^ u32::from(b)).wrapping_mul(0x0100_0193)
}

impl Features {
    /// Features that also keep where each occurrence came from (for explanations).
    pub fn collecting() -> Features {
        Features {
            collect: true,
            ..Features::default()
        }
    }

    fn clear(&mut self, bits: u8) {
        self.buf.clear();
        self.entries.clear();
        let words = (1usize << bits).div_ceil(64);
        if self.seen.len() == words {
            // Only the last form's buckets were set: clearing them is linear in what was read, not 32 KiB.
            for &i in &self.index[..self.distinct] {
                if let Some(w) = self.seen.get_mut(i as usize / 64) {
                    *w = 0;
                }
            }
        } else {
            self.seen = vec![0; words];
        }
        self.count = 0;
        self.distinct = 0;
        self.nsegments = 0;
        self.base = 0;
        self.limit = MAX_FEATURES;
        self.mask = (1u32 << bits) - 1;
    }

    /// Distinct buckets read (each once), at most [`MAX_FEATURES`].
    pub fn len(&self) -> usize {
        self.distinct
    }

    /// Feature occurrences read (duplicates included), at most [`MAX_FEATURES`].
    pub fn occurrences(&self) -> usize {
        self.count
    }

    /// Whether no feature was read.
    pub fn is_empty(&self) -> bool {
        self.distinct == 0
    }

    /// The distinct bucket indices, in the order first read: the fields' and shape's, then each segment's (a
    /// bucket may appear in several segments).
    pub fn indices(&self) -> impl Iterator<Item = u32> + '_ {
        self.index[..self.distinct].iter().copied()
    }

    /// The distinct buckets of the form outside its message: its fields and shape.
    pub fn base(&self) -> &[u32] {
        self.index.get(..self.base).unwrap_or_default()
    }

    /// Each message segment's distinct buckets, in order.
    pub fn segments(&self) -> impl Iterator<Item = &[u32]> + '_ {
        self.segments[..self.nsegments]
            .iter()
            .map(|&(s, e)| self.index.get(s as usize..e as usize).unwrap_or_default())
    }

    /// The form outside its message, and each message segment, as distinct bucket indices ascending (what the
    /// trainer reads).
    pub fn sorted_indices(&self) -> (Vec<u32>, Vec<Vec<u32>>) {
        let sorted = |ix: &[u32]| {
            let mut v = ix.to_vec();
            v.sort_unstable();
            v
        };
        (sorted(self.base()), self.segments().map(sorted).collect())
    }

    fn add(&mut self, h: u32, start: usize, end: usize) {
        let index = h & self.mask;
        // Every caller stops at its part's limit (at most MAX_FEATURES); the check keeps that a bound rather
        // than a panic.
        if self.count >= self.limit.min(MAX_FEATURES) {
            return;
        }
        self.count += 1;
        let (word, bit) = (index as usize / 64, 1u64 << (index % 64));
        if let Some(w) = self.seen.get_mut(word) {
            if *w & bit == 0 {
                *w |= bit;
                // distinct <= count <= MAX_FEATURES.
                if let Some(slot) = self.index.get_mut(self.distinct) {
                    *slot = index;
                    self.distinct += 1;
                }
            }
        }
        if self.collect {
            // Folded texts are bounded by MAX_TEXT_BYTES each and MAX_PROPERTIES of them: offsets fit.
            self.entries.push(Entry {
                index,
                start: start as u32,
                end: end as u32,
            });
        }
    }

    fn push(&mut self, from: Origin, kind: u8, start: usize, end: usize) {
        if self.count >= self.limit {
            return;
        }
        let h = fnv1a(
            from as u8,
            kind,
            self.buf.get(start..end).unwrap_or_default(),
        );
        self.add(h, start, end);
    }

    fn structure(&mut self, what: &str) {
        if self.count >= self.limit {
            return;
        }
        self.add(fnv1a(Origin::Structure as u8, b's', what.as_bytes()), 0, 0);
    }

    /// Folds `text` and reads its words, bigrams and character n-grams.
    fn text(&mut self, c: &Compiled, from: Origin, text: &str) {
        if text.is_empty() || self.count >= self.limit {
            return;
        }
        let text = super::normalize::truncate(text, MAX_TEXT_BYTES);
        let start = self.buf.len();
        self.folder.fold_into(text, &c.stopwords, &mut self.buf);
        let end = self.buf.len();
        self.buf.push(b'\n');
        // The folded text is " w1 w2 ... wn ": words between single spaces.
        let mut prev: Option<usize> = None;
        let mut at = start + 1;
        while at < end {
            let Some(len) = self.buf[at..end].iter().position(|&b| b == b' ') else {
                break;
            };
            let (ws, we) = (at, at + len);
            if len > 0 {
                self.push(from, b'w', ws, we);
                if let Some(ps) = prev {
                    self.push(from, b'b', ps, we);
                }
                self.ngrams(from, ws - 1, we + 1);
                prev = Some(ws);
            }
            at = we + 1;
        }
    }

    /// Character n-grams of the word at `start..end`, its boundary spaces included, over its first
    /// [`MAX_WORD_CHARS`] characters. The hash runs on from each character and is read at the end of its 2nd to
    /// [`NGRAM_MAX`]th: each byte is hashed at most `NGRAM_MAX` times, with no slice per n-gram.
    fn ngrams(&mut self, from: Origin, start: usize, end: usize) {
        const CAP: usize = MAX_WORD_CHARS + 2;
        let mut offs = [0usize; CAP + 1];
        let mut n = 0;
        let mut cut = end;
        // The folded buffer is UTF-8 (written from `str`s): a character starts at every byte that is not a
        // continuation byte, so no validation is needed to find them.
        let word = self.buf.get(start..end).unwrap_or_default();
        for (i, _) in word.iter().enumerate().filter(|(_, &b)| b & 0xC0 != 0x80) {
            if n == CAP {
                cut = start + i;
                break;
            }
            offs[n] = start + i;
            n += 1;
        }
        offs[n] = cut;
        for i in 0..n.saturating_sub(1) {
            let mut h = fnv1a(from as u8, b'c', &[]);
            for len in 1..=NGRAM_MAX.min(n - i) {
                for &b in self
                    .buf
                    .get(offs[i + len - 1]..offs[i + len])
                    .unwrap_or_default()
                {
                    h = fnv1a_step(h, b);
                }
                if len >= NGRAM_MIN {
                    if self.count >= self.limit {
                        return;
                    }
                    self.add(h, offs[i], offs[i + len]);
                }
            }
        }
    }

    /// Reads the form: each property's name, title and description and its shape (within [`FIELD_FEATURES`],
    /// each property within [`PROPERTY_FEATURES`]), then the message sentence by sentence with the rest of
    /// [`MAX_FEATURES`] (see the module doc); `bits` sizes the buckets. Each bucket is kept once per part, as it is
    /// first read.
    pub fn extract(&mut self, c: &Compiled, bits: u8, message: &str, schema: &Node<'_>) {
        self.clear(bits);
        let (mut text, mut number, mut choice, mut short, mut fixed) =
            (0u32, 0u32, 0u32, false, false);
        let fields = FIELD_FEATURES - STRUCTURE_FEATURES;
        if let Some(props) = schema.get("properties").and_then(Node::as_object) {
            for (name, prop) in props.iter().take(MAX_PROPERTIES) {
                // The shape counts every property read; its words only while the share lasts.
                self.limit = (self.count + PROPERTY_FEATURES).min(fields);
                self.text(c, Origin::Name, name);
                let s = |k: &str| prop.get(k).and_then(Node::as_str).unwrap_or("");
                self.text(c, Origin::Title, s("title"));
                self.text(c, Origin::Title, s("description"));
                let max = prop.get("maxLength").and_then(Node::as_u64);
                let min = prop.get("minLength").and_then(Node::as_u64);
                short |= matches!(max, Some(1..=8));
                fixed |= max.is_some() && max == min;
                let is_choice = ["enum", "oneOf", "anyOf", "const", "items", "enumNames"]
                    .iter()
                    .any(|k| prop.get(k).is_some());
                match (is_choice, s("type")) {
                    (true, _) | (_, "boolean" | "array" | "object" | "null") => choice += 1,
                    (_, "number" | "integer") => number += 1,
                    _ => text += 1,
                }
            }
        }
        // The fields spent at most FIELD_FEATURES - STRUCTURE_FEATURES: the shape always fits.
        self.limit = FIELD_FEATURES;
        let bucket = |n: u32| match n {
            0 => "0",
            1 => "1",
            2 => "2",
            3..=5 => "3-5",
            _ => "6+",
        };
        let mut line = String::with_capacity(16);
        for (what, n) in [("text=", text), ("number=", number), ("choice=", choice)] {
            line.clear();
            line.push_str(what);
            line.push_str(bucket(n));
            self.structure(&line);
        }
        if short {
            self.structure("short");
        }
        if fixed {
            self.structure("fixed");
        }
        self.base = self.distinct;
        // The message counts its own buckets: forget the fields' (only their bits were set).
        for &i in &self.index[..self.base] {
            if let Some(w) = self.seen.get_mut(i as usize / 64) {
                *w &= !(1u64 << (i % 64));
            }
        }
        // The message has the rest of the budget: at least MAX_FEATURES - FIELD_FEATURES.
        self.limit = MAX_FEATURES;
        let message = super::normalize::truncate(message, MAX_TEXT_BYTES);
        for segment in segments(message) {
            let start = self.distinct;
            self.text(c, Origin::Message, segment);
            let end = self.distinct;
            if end > start {
                // distinct <= MAX_FEATURES (2,048): fits u16. `segments` yields at most MAX_SEGMENTS.
                if let Some(slot) = self.segments.get_mut(self.nsegments) {
                    *slot = (start as u16, end as u16);
                    self.nsegments += 1;
                }
            }
            // The next segment counts its own buckets: forget this one's (only its bits were set).
            for &i in &self.index[start..end] {
                if let Some(w) = self.seen.get_mut(i as usize / 64) {
                    *w &= !(1u64 << (i % 64));
                }
            }
        }
    }

    /// The folded words holding the strongest `k` positively weighted features that came from the form's
    /// texts (never a value), strongest first, each once.
    pub fn strongest(&self, w: &Weights, k: usize) -> Vec<String> {
        let mut best: Vec<(f32, &str)> = Vec::new();
        for e in &self.entries {
            if e.start == e.end {
                continue;
            }
            let wt = w.weight(e.index);
            if wt <= 0.0 {
                continue;
            }
            // A character n-gram is shown with the word(s) it was read from: "ibble" alone tells a person
            // little, "wibblecode" does.
            let (mut s, mut t) = (e.start as usize, e.end as usize);
            // An n-gram's boundary space belongs to its own word, not to the neighbour across it.
            if self.buf.get(s) == Some(&b' ') && s + 1 < t {
                s += 1;
            }
            if t > s + 1 && self.buf.get(t - 1) == Some(&b' ') {
                t -= 1;
            }
            while s > 0 && !matches!(self.buf.get(s - 1), Some(b' ' | b'\n') | None) {
                s -= 1;
            }
            while !matches!(self.buf.get(t), Some(b' ' | b'\n') | None) {
                t += 1;
            }
            let text = self
                .buf
                .get(s..t)
                .and_then(|b| std::str::from_utf8(b).ok())
                .map(|w| super::normalize::truncate(w.trim(), SHOWN_BYTES))
                .unwrap_or("");
            match best.iter_mut().find(|(_, t)| *t == text) {
                // A word is as strong as its strongest feature.
                Some(b) => b.0 = b.0.max(wt),
                None if !text.is_empty() => best.push((wt, text)),
                None => {}
            }
        }
        best.sort_by(|a, b| b.0.total_cmp(&a.0));
        best.into_iter()
            .take(k)
            .map(|(_, t)| t.to_owned())
            .collect()
    }
}

/// The model's verdict on a form: `Some((score, strongest words))` when it scores at or above the threshold.
/// The score is read in one pass that keeps no text; only a form that scores is read again, keeping where each
/// feature came from, for the explanation.
fn judge(
    w: &Weights,
    c: &Compiled,
    message: &str,
    schema: &Node<'_>,
) -> Option<(f32, Vec<String>)> {
    thread_local! {
        /// One feature scratch per thread, reused: its bitset is cleared bit by bit rather than allocated and
        /// zeroed for each form. Extraction never awaits or re-enters, so the borrow is never contended.
        static SCRATCH: std::cell::RefCell<Features> = std::cell::RefCell::new(Features::default());
    }
    let score = SCRATCH.with(|f| {
        let mut f = f.borrow_mut();
        f.extract(c, w.bits, message, schema);
        w.score(&f)
    });
    if score < w.threshold {
        return None;
    }
    let mut kept = Features::collecting();
    kept.extract(c, w.bits, message, schema);
    Some((score, kept.strongest(w, 3)))
}

/// Forms the model scored under its threshold, by their text: the same message over the same schema text scores
/// the same, so a server asking its usual form again is not read again. Keys are the message, a 0xFF byte (never
/// in UTF-8, so no two pairs join alike) and the schema as written; a hit compares the whole key
/// ([`CleanSet`]), so no collision can pass a form the model would flag. Bounded by its budget in key bytes,
/// emptied when full, like the memory of clean schemas it sits beside.
#[derive(Debug)]
pub(crate) struct Memory {
    set: CleanSet,
}

/// Longest key remembered: a form of a longer message and schema is read each time (the cost the bounds above
/// already cap).
pub const MAX_MEMORY_KEY_BYTES: usize = 16 * 1024;

impl Memory {
    /// A memory of `budget` key bytes; 0 keeps nothing.
    pub(crate) fn new(budget: usize) -> Memory {
        Memory {
            set: CleanSet::new(budget),
        }
    }

    fn key(message: &str, schema_text: &[u8]) -> Option<Vec<u8>> {
        let len = message.len() + 1 + schema_text.len();
        if len > MAX_MEMORY_KEY_BYTES {
            return None;
        }
        let mut key = Vec::with_capacity(len);
        key.extend_from_slice(message.as_bytes());
        key.push(0xFF);
        key.extend_from_slice(schema_text);
        Some(key)
    }
}

/// `form.secret.model` when no `form.secret` rule is among `rules` (the form's own findings) and the model scores
/// the form at or over its threshold. A schema the parser skipped (remembered clean) is built here.
/// `schema_text` is the schema as written, when known: with it, a form scored clean is remembered in `memory`
/// and not read again.
pub(crate) fn speak(
    c: &Compiled,
    memory: &Memory,
    message: &str,
    schema: &Node<'_>,
    schema_text: Option<&[u8]>,
    params_ptr: &str,
    rules: &[Finding],
) -> Option<Finding> {
    let w = Weights::embedded()?;
    speak_remembering(
        w,
        c,
        memory,
        message,
        schema,
        schema_text,
        params_ptr,
        rules,
    )
}

/// [`speak`] with the given weights.
#[allow(clippy::too_many_arguments)]
fn speak_remembering(
    w: &Weights,
    c: &Compiled,
    memory: &Memory,
    message: &str,
    schema: &Node<'_>,
    schema_text: Option<&[u8]>,
    params_ptr: &str,
    rules: &[Finding],
) -> Option<Finding> {
    if rules.iter().any(|f| f.rule.starts_with("form.secret")) {
        return None;
    }
    let key = (memory.set.budget() > 0)
        .then(|| schema_text.and_then(|t| Memory::key(message, t)))
        .flatten();
    if key.as_deref().is_some_and(|k| memory.set.contains(k)) {
        return None;
    }
    let found = speak_with(w, c, message, schema, params_ptr, rules);
    if let (None, Some(key)) = (&found, key) {
        let cost = key.len();
        memory.set.insert(key.into_boxed_slice(), cost);
    }
    found
}

fn speak_with(
    w: &Weights,
    c: &Compiled,
    message: &str,
    schema: &Node<'_>,
    params_ptr: &str,
    rules: &[Finding],
) -> Option<Finding> {
    if rules.iter().any(|f| f.rule.starts_with("form.secret")) {
        return None;
    }
    let arena = crate::wire::tree::Arena::new();
    let schema = schema.expanded(&arena).ok()?;
    let (score, words) = judge(w, c, message, &schema)?;
    let quoted: Vec<String> = words.iter().map(|w| format!("\"{w}\"")).collect();
    Some(Finding::block(
        "form.secret.model",
        params_ptr.to_owned(),
        format!(
            "the learned model reads the form as asking for a secret (score {score:.2}, strongest: {}); secrets must go through URL mode",
            quoted.join(", ")
        ),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::wire::tree::{test_arena, Node};

    use crate::policy::secret::pack::embedded_for_tests as compiled;

    /// A model of `2^8` buckets, every weight `w`, with `threshold`.
    fn flat(w: i8, threshold: f32) -> Weights {
        let mut b = Vec::new();
        b.extend_from_slice(MAGIC);
        b.extend_from_slice(&VERSION.to_le_bytes());
        // No segment damping: the tests' sums are plain counts.
        b.extend_from_slice(&[8, 0]);
        for x in [1.0f32, 0.0, threshold] {
            b.extend_from_slice(&x.to_le_bytes());
        }
        b.extend_from_slice(&[7; 32]);
        b.extend(std::iter::repeat_n(w as u8, 256));
        Weights::parse(Box::leak(b.into_boxed_slice())).unwrap()
    }

    #[test]
    fn the_hash_is_fnv1a() {
        // The published FNV-1a 32-bit vector for "foobar", its first two bytes given as source and kind.
        assert_eq!(fnv1a(b'f', b'o', b"obar"), 0xbf9c_f968);
    }

    #[test]
    fn a_header_is_checked() {
        assert_eq!(Weights::parse(b"EGM1").unwrap_err(), ModelError::Header);
        assert_eq!(Weights::parse(&[0; 60]).unwrap_err(), ModelError::Header);
        let w = flat(1, 0.5);
        assert_eq!((w.bits, w.scale, w.bias, w.threshold), (8, 1.0, 0.0, 0.5));
        let mut short = Vec::from(&WEIGHTS_FILE[..HEADER_BYTES]);
        short.extend_from_slice(&[0; 10]);
        assert!(matches!(
            Weights::parse(Box::leak(short.into_boxed_slice())),
            Err(ModelError::Size { got: 10, .. })
        ));
    }

    #[test]
    fn a_word_gives_its_ngrams_word_and_bigrams() {
        let mut f = Features::collecting();
        let schema = serde_json::json!({"type": "object"});
        let node = Node::from_value(&schema, test_arena());
        f.extract(compiled(), 18, "zxq", &node);
        // " zxq " is 5 characters: 4 + 3 + 2 + 1 n-grams and the word, in one segment; three structure rows.
        assert_eq!(f.len(), 10 + 1 + 3);
        assert_eq!(f.segments().map(<[u32]>::len).collect::<Vec<_>>(), [11]);
        assert_eq!(f.base().len(), 3);
        assert_eq!(f.indices().count(), f.len());
        let once: Vec<u32> = f.indices().collect();
        f.extract(compiled(), 18, "zxq vvb", &node);
        assert_eq!(f.len(), 2 * 10 + 2 + 1 + 3);
        // The same word twice is read twice but counts once: only the bigram "zxq zxq" is new.
        f.extract(compiled(), 18, "zxq zxq", &node);
        assert_eq!(f.occurrences(), 2 * (10 + 1) + 1 + 3);
        assert_eq!(f.len(), once.len() + 1);
        let (base, segments) = f.sorted_indices();
        assert_eq!(segments.len(), 1);
        let idx: Vec<u32> = segments[0].iter().chain(&base).copied().collect();
        assert!(
            segments[0].windows(2).all(|p| p[0] < p[1]),
            "ascending, each once"
        );
        assert!(base.windows(2).all(|p| p[0] < p[1]), "ascending, each once");
        assert_eq!(idx.len(), f.len());
        assert!(once.iter().all(|i| idx.contains(i)));
        // A long word is cut: its n-grams stop at MAX_WORD_CHARS. " qqq..." holds 8 distinct n-grams.
        f.extract(compiled(), 18, &"q".repeat(500), &node);
        let cap = MAX_WORD_CHARS + 2;
        assert_eq!(
            f.occurrences(),
            (cap - 1) + (cap - 2) + (cap - 3) + (cap - 4) + 1 + 3
        );
        assert_eq!(f.len(), 8 + 1 + 3);
        // Reading without collecting gives the same buckets with no text kept.
        let mut g = Features::default();
        g.extract(compiled(), 18, &"q".repeat(500), &node);
        assert!(g.indices().eq(f.indices()));
        assert!(g.entries.is_empty());
    }

    #[test]
    fn the_message_is_cut_into_sentences() {
        fn cut(m: &str) -> Vec<&str> {
            segments(m).collect()
        }
        assert_eq!(
            cut("Hello dear customer! Your account is locked. Please enter the code we sent. Thanks."),
            [
                "Hello dear customer! Your account is locked.",
                "Please enter the code we sent.",
                "Thanks."
            ]
        );
        // A numbered list is not cut at its numbers; a decimal is not a full stop.
        assert_eq!(
            cut("Type the words in order 1. apple 2. river 3. stone, costing 2.5 euros"),
            ["Type the words in order 1. apple 2. river 3. stone, costing 2.5 euros"]
        );
        // Other scripts' marks, and lines.
        assert_eq!(
            cut("您的账户已被冻结，请立即处理。请输入您收到的短信验证码以继续。"),
            [
                "您的账户已被冻结，请立即处理。",
                "请输入您收到的短信验证码以继续。"
            ]
        );
        assert_eq!(
            cut("first line of the message here\nsecond line of the message"),
            [
                "first line of the message here\n",
                "second line of the message"
            ]
        );
        assert!(cut("").is_empty() && cut("  \n ").is_empty());
        // Bounded: the last segment takes the rest.
        let long = "This sentence is long enough. ".repeat(100);
        let parts = cut(&long);
        assert_eq!(parts.len(), MAX_SEGMENTS);
        // Nothing is lost but the spaces between segments.
        assert_eq!(parts.join(" ").trim_end(), long.trim_end());
    }

    #[test]
    fn the_strongest_sentence_scores_not_their_sum() {
        // Every weight 1, bias 0: a sentence scores its count of distinct buckets, and the form its longest
        // sentence plus its fields. Ordinary sentences added to a message cannot raise the score past the
        // strongest one's.
        let w = flat(1, 0.0);
        let schema = serde_json::json!({"type": "object", "properties": {
            "party": {"type": "integer", "title": "Party size"}}});
        let node = Node::from_value(&schema, test_arena());
        let one = "Please tell us how many guests will join the dinner.";
        let mut f = Features::default();
        f.extract(compiled(), 8, one, &node);
        let alone = w.score(&f);
        let two = format!("{one} The terrace opens at noon and closes late.");
        f.extract(compiled(), 8, &two, &node);
        assert_eq!(f.segments().count(), 2);
        assert_eq!(w.score(&f), alone, "the shorter sentence adds nothing");
        let many = format!("{one} {}", "We look forward to seeing you. ".repeat(20));
        f.extract(compiled(), 8, &many, &node);
        assert_eq!(w.score(&f), alone);
    }

    #[test]
    fn a_long_sentence_is_damped_by_the_square_root_of_its_length() {
        // Every weight 1, bias 0, N0 = 16: a sentence of n > 16 distinct buckets scores sqrt(16 n), not n.
        let mut w = flat(1, 0.0);
        let schema = serde_json::json!({"type": "object"});
        let node = Node::from_value(&schema, test_arena());
        let mut f = Features::default();
        let long = "the quarterly report lists each warehouse with its stock level and supplier";
        f.extract(compiled(), 8, long, &node);
        let fields = f.base().len() as f32;
        let n = f.segments().next().map_or(0, <[u32]>::len);
        assert!(n > 16, "{n}");
        assert_eq!(w.score(&f), fields + n as f32, "no damping when N0 is 0");
        w.segment_n0 = 16;
        let damped = w.score(&f) - fields;
        assert!(
            (damped - (16.0 * n as f32).sqrt()).abs() < 1e-3,
            "{damped} for {n}"
        );
        // A short sentence is not damped, and the damped long one still outscores it: longer reads stronger,
        // only no longer linearly.
        f.extract(compiled(), 8, "zxq", &node);
        let short = f.segments().next().map_or(0, <[u32]>::len);
        assert!(short <= 16);
        assert_eq!(w.score(&f) - fields, short as f32);
        assert!(damped > short as f32);
        assert_eq!(w.segment_damping(4), 1.0);
        assert_eq!(w.segment_damping(64), 0.5);
    }

    #[test]
    fn a_padded_message_does_not_hide_the_fields() {
        // The fields are read first, within their own share: a message long enough to fill the whole budget
        // leaves them as read without it. Before, the message was read first and blinded the model to them.
        let schema = serde_json::json!({"type": "object", "properties": {
            "secret": {"type": "string", "title": "Your online banking password"}}});
        let node = Node::from_value(&schema, test_arena());
        let mut f = Features::default();
        f.extract(compiled(), 18, "", &node);
        let alone = f.sorted_indices().0;
        assert!(alone.len() > 20);
        let padding: String = (0..400).map(|i| format!("word{i} ")).collect();
        f.extract(compiled(), 18, &padding, &node);
        assert!(
            f.occurrences() == MAX_FEATURES,
            "the message takes the rest of the budget"
        );
        assert_eq!(f.sorted_indices().0, alone, "the field is read in full");
        // One property's padded description cannot spend the fields' share: the next property is read.
        // The same fields without the padding, the shape counting two of them.
        let schema = serde_json::json!({"type": "object", "properties": {
            "note": {"type": "string"},
            "secret": {"type": "string", "title": "Your online banking password"}}});
        f.extract(compiled(), 18, "", &Node::from_value(&schema, test_arena()));
        let alone = f.sorted_indices().0;
        let schema = serde_json::json!({"type": "object", "properties": {
            "note": {"type": "string", "description": padding},
            "secret": {"type": "string", "title": "Your online banking password"}}});
        f.extract(
            compiled(),
            18,
            &padding,
            &Node::from_value(&schema, test_arena()),
        );
        let padded = f.sorted_indices().0;
        assert!(alone.iter().all(|i| padded.binary_search(i).is_ok()));
        assert!(padded.len() <= PROPERTY_FEATURES + alone.len() + STRUCTURE_FEATURES);
        // Many padded properties: the fields stop at their share and the shape is still read.
        let many: serde_json::Map<String, serde_json::Value> = (0..20)
            .map(|i| {
                (
                    format!("f{i}"),
                    serde_json::json!({"type": "string", "description": padding}),
                )
            })
            .collect();
        let schema = serde_json::json!({"type": "object", "properties": many});
        f.extract(
            compiled(),
            18,
            &padding,
            &Node::from_value(&schema, test_arena()),
        );
        assert!(f.base().len() <= FIELD_FEATURES);
        assert!(f.occurrences() <= MAX_FEATURES);
        assert!(f.segments().count() > 0, "the message keeps at least half");
    }

    #[test]
    fn repetition_does_not_inflate_the_score() {
        // Every weight 1, bias 0: a paragraph said eight times in one sentence adds only the bigram across each
        // join (the same one each time), where counting occurrences multiplied the score by about eight.
        let w = flat(1, 0.0);
        let schema = serde_json::json!({"type": "object", "properties": {
            "party": {"type": "integer", "title": "Party size"}}});
        let node = Node::from_value(&schema, test_arena());
        let para = "Please review the quarterly warehouse report before booking the table";
        let mut f = Features::default();
        f.extract(compiled(), 8, para, &node);
        let (once, n) = (w.score(&f), f.len());
        f.extract(compiled(), 8, &[para; 8].join(" "), &node);
        assert!(f.len() <= n + 1, "{} distinct, {n} once", f.len());
        assert!(w.score(&f) <= once + 1.0);
        assert_eq!(once, n as f32);
    }

    #[test]
    fn a_form_scored_clean_is_remembered_and_a_flagged_one_is_not() {
        let schema = serde_json::json!({"type": "object", "properties": {
            "x": {"type": "string", "title": "Answer"}}});
        let node = Node::from_value(&schema, test_arena());
        let text = serde_json::to_vec(&schema).unwrap();
        let memory = Memory::new(1024);
        let (low, high) = (flat(1, 1e9), flat(1, 0.0));
        let say = |w: &Weights, m: &Memory, msg: &str, t: Option<&[u8]>| {
            speak_remembering(w, compiled(), m, msg, &node, t, "/params", &[])
        };
        assert!(say(&low, &memory, "Book a table", Some(&text)).is_none());
        assert_eq!(memory.set.len(), 1, "scored clean: remembered");
        // Remembered: even weights that would flag it now are not consulted for the same text.
        assert!(say(&high, &memory, "Book a table", Some(&text)).is_none());
        // Another message over the same schema is another form: read, and flagged.
        assert!(say(&high, &memory, "Book a table now", Some(&text)).is_some());
        assert_eq!(memory.set.len(), 1, "flagged: not remembered");
        // Without the schema's text, or with no budget, nothing is kept.
        assert!(say(&low, &memory, "Another form", None).is_none());
        assert_eq!(memory.set.len(), 1);
        let none = Memory::new(0);
        assert!(say(&low, &none, "Book a table", Some(&text)).is_none());
        assert_eq!(none.set.len(), 0);
        // The separator keeps the split: a message and a schema cannot be joined into another pair's key.
        assert_ne!(Memory::key("ab", b"c"), Memory::key("a", b"bc"));
    }

    #[test]
    fn features_are_bounded() {
        let mut f = Features::collecting();
        let schema = serde_json::json!({"type": "object"});
        let text: String = (0..5000).map(|i| format!("w{i} ")).collect();
        f.extract(
            compiled(),
            18,
            &text,
            &Node::from_value(&schema, test_arena()),
        );
        assert!(f.occurrences() <= MAX_FEATURES && f.entries.len() <= MAX_FEATURES);
        assert!(f.len() <= f.occurrences());
        assert!(f.buf.len() <= MAX_TEXT_BYTES + 2);
    }

    fn speak_on(
        w: &Weights,
        message: &str,
        schema: serde_json::Value,
        rules: &[Finding],
    ) -> Vec<Finding> {
        let node = Node::from_value(&schema, test_arena());
        speak_with(w, compiled(), message, &node, "/params", rules)
            .into_iter()
            .collect()
    }

    #[test]
    fn it_speaks_only_when_the_rules_found_nothing_and_names_only_the_forms_words() {
        let schema = serde_json::json!({"type": "object", "properties": {
            "f": {"type": "string", "title": "Wibblecode", "default": "hunter2secretvalue"}}});
        let w = flat(127, 1.0);
        let found = speak_on(&w, "Type the wibblecode", schema.clone(), &[]);
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].rule, "form.secret.model");
        assert!(
            found[0].message.contains("wibblecode"),
            "{}",
            found[0].message
        );
        assert!(
            !found[0].message.contains("hunter2"),
            "{}",
            found[0].message
        );
        // A rule already spoke: the model says nothing; another rule's finding does not silence it.
        let prior = [Finding::block("form.secret.password", "/params", "x")];
        assert!(speak_on(&w, "Type the wibblecode", schema.clone(), &prior).is_empty());
        let other = [Finding::block("form.language.unsupported", "/params", "x")];
        assert_eq!(
            speak_on(&w, "Type the wibblecode", schema.clone(), &other).len(),
            1
        );
        // Below the threshold: nothing; negative weights are never named.
        let high = flat(127, 1e6);
        assert!(speak_on(&high, "Type the wibblecode", schema.clone(), &[]).is_empty());
        let neg = flat(-127, -1e6);
        let found = speak_on(&neg, "Type the wibblecode", schema, &[]);
        assert!(
            found[0].message.contains("strongest: )"),
            "{}",
            found[0].message
        );
    }
}
