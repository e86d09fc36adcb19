//! Server-supplied text made safe to show: invisible and bidi controls removed, length capped, links defanged.
//!
//! CONTRACT (wire helper): `sanitize(text, max_chars) -> Cow<str>` removes C0/C1 controls except `\n` and `\t`,
//! bidi overrides and isolates (U+202A–U+202E, U+2066–U+2069), zero-width and invisible characters
//! (U+200B–U+200F but for joiners that spell a word, U+2060–U+2064, U+FEFF, U+00AD, U+180E, tag characters
//! U+E0000–U+E007F), caps the length at `max_chars` characters (appending `…`), and defangs URLs so they are not clickable (`https://x.example/a`
//! -> `hxxps://x[.]example/a`; also `http`, `ftp`, `www.`-prefixed hosts and bare `javascript:`/`data:`).
//! Returns `Cow::Borrowed` when nothing changed (the common case: allocation-free).
//!
//! Details:
//! - Also removed: DEL, U+034F, U+061C (Arabic letter mark), the rest of U+2060–U+206F, U+115F/U+1160/
//!   U+3164/U+FFA0 (Hangul fillers), U+17B4/U+17B5, U+FFF9–U+FFFB: all invisible, all usable to hide text.
//! - Kept: the zero-width non-joiner and joiner (U+200C, U+200D) where they are part of a word's spelling, and
//!   only there (see [`joiner_in_place`]): after (or, for ZWJ in Bengali and Malayalam, before) a virama, a ZWNJ
//!   between two letters of a joining script (Persian writes its half-space with it), a ZWJ inside an emoji
//!   sequence. These are IDNA's CONTEXTJ rules (RFC 5892, appendix A.1, A.2) plus UTS #51's emoji sequences;
//!   anywhere else, between Latin letters say, a joiner only hides a word from a reader's or a filter's eye and
//!   is removed. (Removing them everywhere rewrote nearly every Persian and Telugu form the gateway saw.)
//! - Order matters: invisible characters go first, so `ht<U+200B>tps://` cannot dodge the defanging;
//!   the cap comes last and counts the result, `…` included (the output has at most `max_chars` chars).
//! - Schemes are matched without case, followed by `:`; the host (up to `/`, `?`, `#`, `\`, a quote,
//!   `<`, `>` or whitespace) has its dots written `[.]`. `javascript:`, `vbscript:` and `data:` are
//!   defanged (`javascript[:]`) only at a word start and when something follows the colon, so prose
//!   like "your data: name" is left alone.
//! - The output is a fixed point: sanitising it again changes nothing.

use std::borrow::Cow;

use icu_properties::props::{EmojiModifier, ExtendedPictographic, JoiningType};
use icu_properties::{
    CodePointMapData, CodePointMapDataBorrowed, CodePointSetData, CodePointSetDataBorrowed,
};

/// Default cap for an elicitation `message`.
pub const MAX_MESSAGE_CHARS: usize = 2000;
/// Default cap for a title or description.
pub const MAX_LABEL_CHARS: usize = 500;

/// Link schemes rewritten so that no client turns them into links, with their replacement.
const LINK_SCHEMES: &[(&str, &str)] = &[
    ("https:", "hxxps:"),
    ("http:", "hxxp:"),
    ("ftps:", "fxps:"),
    ("ftp:", "fxp:"),
];
/// Script and inline-content schemes, defanged by bracketing the colon.
const SCRIPT_SCHEMES: &[&str] = &["javascript", "vbscript", "data"];

/// Sanitises one piece of server-supplied text; see the module doc. Borrowed exactly when nothing changed:
/// every step borrows only the text it was given, whole, and returns its own text when it makes a change.
pub fn sanitize(text: &str, max_chars: usize) -> Cow<'_, str> {
    sanitize_known(text, max_chars, Known::Nothing)
}

/// What a caller already proved of a text it sanitises, so that the proof is not made twice.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Known {
    /// Nothing.
    Nothing,
    /// Every byte is printable ASCII, a tab or a newline: the term-free test read every byte of the text and
    /// found no risky one ([`crate::policy::secret::prefilter::Proof::TermAndPrefixFree`]).
    Printable,
}

/// [`sanitize`], given what is `known` of `text`: a text known printable is not checked for other bytes
/// again. The answer is the same; only a wrong `known` would change it (debug builds check it).
pub fn sanitize_known(text: &str, max_chars: usize, known: Known) -> Cow<'_, str> {
    debug_assert!(
        known == Known::Nothing || text.bytes().all(|b| LOOK[usize::from(b)] != OTHER),
        "a text said to be printable is not"
    );
    // Nearly every text is short printable ASCII that no step changes: proven in one pass over its bytes
    // (see `unchanged_ascii`), it is returned as it is, without the steps below.
    if text.len() <= max_chars && unchanged_ascii(text.as_bytes(), known) {
        return Cow::Borrowed(text);
    }
    sanitize_steps(text, max_chars)
}

/// The sanitising steps in order (see the module doc): invisibles, links, cap.
fn sanitize_steps(text: &str, max_chars: usize) -> Cow<'_, str> {
    // ASCII text (nearly all) can only hide controls, and a byte test is enough for those.
    let hidden = if text.is_ascii() {
        has_ascii_control(text.as_bytes())
    } else {
        text.char_indices().any(|(at, c)| removed(text, at, c))
    };
    let visible: Cow<'_, str> = if hidden {
        Cow::Owned(
            text.char_indices()
                .filter(|&(at, c)| !removed(text, at, c))
                .map(|(_, c)| c)
                .collect(),
        )
    } else {
        Cow::Borrowed(text)
    };
    let defanged = match visible {
        Cow::Borrowed(s) => defang(s),
        Cow::Owned(s) => match defang(&s) {
            Cow::Borrowed(_) => Cow::Owned(s),
            Cow::Owned(d) => Cow::Owned(d),
        },
    };
    cap(defanged, max_chars)
}

/// Whether [`sanitize_steps`] surely returns `bytes` unchanged, when they are at most `max_chars` long: they
/// are printable ASCII (or `\t`, `\n`), no `:` follows a letter that ends a scheme name, and no `.` follows
/// `www`. Exact in that direction, and nearly always true of prose, so the steps are skipped:
///
/// - printable ASCII holds no invisible character (all are controls or not ASCII), so nothing is removed;
/// - every rewrite [`defang_at`] makes starts at a scheme name right before its `:` (`https:`, `http:`,
///   `ftps:`, `ftp:`, `javascript:`, `vbscript:`, `data:`) or at `www.`: with no `:` after the last letter
///   of a scheme name ([`SCHEME_END`]) and no `.` after `www`, it makes none, wherever it is tried;
/// - ASCII has one character a byte, so at most `max_chars` bytes are at most `max_chars` characters: no cap.
///
/// Any other text (one that needs a change, or only might) takes the steps, which decide exactly. A long
/// text is checked for bytes that are not printable in one vectorised pass (unless `known` printable) and
/// its `:` and `.` found with `memchr2`; a short one is read byte by byte.
fn unchanged_ascii(bytes: &[u8], known: Known) -> bool {
    if bytes.len() < SHORT_TEXT {
        // A label: one pass, a table lookup a byte.
        return bytes
            .iter()
            .enumerate()
            .all(|(at, &b)| match LOOK[usize::from(b)] {
                PRINTABLE => true,
                COLON | DOT => plain_punctuation(bytes, at),
                _ => false,
            });
    }
    // One pass without an early exit, which the compiler turns into vector compares: a byte that is neither
    // printable ASCII nor a tab or newline (a control, DEL, a byte above 0x7F) sends the text to the steps.
    let odd = known != Known::Printable
        && bytes.iter().fold(false, |any, &b| {
            any | (!(0x20..0x7F).contains(&b) & (b != b'\t') & (b != b'\n'))
        });
    if odd {
        return false;
    }
    // `:` and `.` are a few per sentence: each is looked at where it is.
    memchr::memchr2_iter(b':', b'.', bytes).all(|at| plain_punctuation(bytes, at))
}

/// Texts shorter than this are read byte by byte: the vector search's set-up costs more than it saves.
const SHORT_TEXT: usize = 32;

/// Byte kinds for [`unchanged_ascii`]: printable (or tab, newline), `:`, `.`, anything else.
const PRINTABLE: u8 = 0;
const COLON: u8 = 1;
const DOT: u8 = 2;
const OTHER: u8 = 3;
const LOOK: [u8; 256] = {
    let mut t = [OTHER; 256];
    let mut b = 0x20;
    while b < 0x7F {
        t[b] = PRINTABLE;
        b += 1;
    }
    t[b'\t' as usize] = PRINTABLE;
    t[b'\n' as usize] = PRINTABLE;
    t[b':' as usize] = COLON;
    t[b'.' as usize] = DOT;
    t
};

/// Whether the `:` or `.` at `at` starts no link: no scheme name's last letter before a `:`, no `www`
/// before a `.`.
fn plain_punctuation(bytes: &[u8], at: usize) -> bool {
    let before = bytes.get(..at).unwrap_or_default();
    if bytes.get(at) == Some(&b':') {
        !before.last().is_some_and(|&b| SCHEME_END[usize::from(b)])
    } else {
        !before
            .get(before.len().saturating_sub(3)..)
            .is_some_and(|w| w.eq_ignore_ascii_case(b"www"))
    }
}

/// By byte: whether it is the last letter of a scheme name that [`defang_at`] rewrites before a `:`, in
/// either case. Built from [`LINK_SCHEMES`] and [`SCRIPT_SCHEMES`], so that it follows them.
const SCHEME_END: [bool; 256] = {
    let mut t = [false; 256];
    let mut i = 0;
    while i < LINK_SCHEMES.len() {
        // The scheme without its `:`.
        let s = LINK_SCHEMES[i].0.as_bytes();
        let last = s[s.len() - 2];
        t[last.to_ascii_lowercase() as usize] = true;
        t[last.to_ascii_uppercase() as usize] = true;
        i += 1;
    }
    let mut i = 0;
    while i < SCRIPT_SCHEMES.len() {
        let s = SCRIPT_SCHEMES[i].as_bytes();
        let last = s[s.len() - 1];
        t[last.to_ascii_lowercase() as usize] = true;
        t[last.to_ascii_uppercase() as usize] = true;
        i += 1;
    }
    t
};

/// An ASCII control other than `\n` and `\t`: the only invisible characters ASCII text can hold.
fn is_ascii_control(b: u8) -> bool {
    (b < 0x20 && b != b'\n' && b != b'\t') || b == 0x7F
}

/// Whether ASCII `bytes` hold a control other than `\n` and `\t`. Eight bytes at a time: a word that may hold
/// a byte below 0x20 or a DEL (the bit tricks never miss one) is checked byte by byte, so the answer is
/// exact, and text without controls (nearly all) costs a fraction of a byte-by-byte check.
fn has_ascii_control(bytes: &[u8]) -> bool {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    let mut chunks = bytes.chunks_exact(8);
    for chunk in &mut chunks {
        let Ok(word) = <[u8; 8]>::try_from(chunk) else {
            continue;
        };
        let x = u64::from_le_bytes(word);
        // A byte below 0x20 (every byte is ASCII, below 0x80, so the subtraction is exact enough).
        let low = x.wrapping_sub(ONES * 0x20) & !x & HIGH;
        // A byte equal to 0x7F: zero after the XOR.
        let d = x ^ (ONES * 0x7F);
        let del = d.wrapping_sub(ONES) & !d & HIGH;
        if (low | del) != 0 && chunk.iter().any(|&b| is_ascii_control(b)) {
            return true;
        }
    }
    chunks.remainder().iter().any(|&b| is_ascii_control(b))
}

/// Whether the character `c` at byte `at` of `text` is removed: an invisible one ([`is_invisible`]), but a
/// joiner where it spells ([`joiner_in_place`]).
fn removed(text: &str, at: usize, c: char) -> bool {
    if c != ZWNJ && c != ZWJ {
        return is_invisible(c);
    }
    let before = text.get(..at).unwrap_or_default();
    let after = text.get(at + c.len_utf8()..).unwrap_or_default();
    !joiner_in_place(before, c, after)
}

const ZWNJ: char = '\u{200C}';
const ZWJ: char = '\u{200D}';

/// How many marks of joining type Transparent (vowel signs, shadda, a soft hyphen) are looked past on either
/// side of a ZWNJ for the letters it sits between. Real words put at most three or four there; the bound keeps
/// a text of joiners between long runs of marks linear, and a longer run removes the joiner (the safe side).
const MAX_TRANSPARENT_RUN: usize = 8;

/// How many emoji modifiers and variation selectors are looked past before a ZWJ for the emoji it follows
/// (an emoji takes at most one of each).
const MAX_EMOJI_SUFFIX: usize = 2;

/// Whether a joiner (`c` is ZWNJ or ZWJ) between `before` and `after` is part of the spelling:
///
/// - right after a virama, either joiner chooses a conjunct's form (RFC 5892, A.1 and A.2); right before one, a
///   ZWJ writes Bengali's ra-phala and Malayalam's chillu forms (RA + ZWJ + virama), and a ZWNJ there is as
///   harmless (both sides are the same Indic syllable);
/// - a ZWNJ between a letter that joins to its left (joining type D or L) and one that joins to its right (D or
///   R), marks of type T between them skipped: Persian's half-space, Arabic-script and Syriac spellings (RFC
///   5892, A.1);
/// - a ZWJ between two pictographs (an emoji's modifier and variation selector skipped): an emoji ZWJ sequence
///   (UTS #51), such as a family or a profession.
///
/// The neighbours are read in the text as given. A removed character beside a joiner is either of type T
/// (a soft hyphen, a bidi mark), looked past here as it would be once gone, or it ends the search and the
/// joiner goes too: a joiner kept reads the same in the output, so the output stays a fixed point.
fn joiner_in_place(before: &str, c: char, after: &str) -> bool {
    use unicode_normalization::char::canonical_combining_class;
    /// Canonical combining class of a virama (Unicode's `ccc=9`).
    const VIRAMA: u8 = 9;
    let prev = before.chars().next_back();
    let next = after.chars().next();
    if prev.is_some_and(|p| canonical_combining_class(p) == VIRAMA) {
        return true;
    }
    if next.is_some_and(|n| canonical_combining_class(n) == VIRAMA) {
        return true;
    }
    if c == ZWNJ {
        let joins = |chars: &mut dyn Iterator<Item = char>, sides: [JoiningType; 2]| {
            chars
                .take(MAX_TRANSPARENT_RUN + 1)
                .map(|ch| JOINING.get(ch))
                .find(|&j| j != JoiningType::Transparent)
                .is_some_and(|j| sides.contains(&j))
        };
        joins(
            &mut before.chars().rev(),
            [JoiningType::DualJoining, JoiningType::LeftJoining],
        ) && joins(
            &mut after.chars(),
            [JoiningType::DualJoining, JoiningType::RightJoining],
        )
    } else {
        let emoji = before
            .chars()
            .rev()
            .take(MAX_EMOJI_SUFFIX + 1)
            .find(|&ch| !(EMOJI_MODIFIER.contains(ch) || ch == '\u{FE0F}'));
        emoji.is_some_and(|e| PICTOGRAPHIC.contains(e))
            && next.is_some_and(|n| PICTOGRAPHIC.contains(n))
    }
}

/// Unicode data for [`joiner_in_place`], compiled into the binary by `icu_properties` (already in the tree
/// through `idna`).
const JOINING: CodePointMapDataBorrowed<'static, JoiningType> = CodePointMapData::new();
const PICTOGRAPHIC: CodePointSetDataBorrowed<'static> =
    CodePointSetData::new::<ExtendedPictographic>();
const EMOJI_MODIFIER: CodePointSetDataBorrowed<'static> = CodePointSetData::new::<EmojiModifier>();

/// Characters removed because they are invisible, control text direction, or are controls (the joiners
/// among them kept where [`joiner_in_place`] says).
fn is_invisible(c: char) -> bool {
    match c {
        '\n' | '\t' => false,
        '\u{0}'..='\u{1F}' | '\u{7F}'..='\u{9F}' => true,
        '\u{AD}' | '\u{34F}' | '\u{61C}' | '\u{115F}' | '\u{1160}' | '\u{17B4}' | '\u{17B5}'
        | '\u{180E}' => true,
        '\u{200B}'..='\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2060}'..='\u{206F}' => true,
        '\u{3164}' | '\u{FEFF}' | '\u{FFA0}' | '\u{FFF9}'..='\u{FFFB}' => true,
        '\u{E0000}'..='\u{E007F}' => true,
        _ => false,
    }
}

/// Keeps at most `max_chars` characters, the last being `…` when something was cut.
fn cap(text: Cow<'_, str>, max_chars: usize) -> Cow<'_, str> {
    // No more bytes than the cap means no more characters either.
    if text.len() <= max_chars || text.char_indices().nth(max_chars).is_none() {
        return text;
    }
    let keep = max_chars.saturating_sub(1);
    let end = text.char_indices().nth(keep).map_or(text.len(), |(i, _)| i);
    let mut out = text.get(..end).unwrap_or_default().to_owned();
    if max_chars > 0 {
        out.push('…');
    }
    Cow::Owned(out)
}

/// Rewrites links so they are not clickable; borrowed when there was nothing to rewrite.
fn defang(s: &str) -> Cow<'_, str> {
    let bytes = s.as_bytes();
    let mut out: Option<String> = None;
    let mut copied = 0;
    for i in candidates(bytes) {
        if i < copied {
            continue;
        }
        let Some((end, replacement)) = defang_at(s, i) else {
            continue;
        };
        let o = out.get_or_insert_with(|| String::with_capacity(s.len() + 16));
        o.push_str(s.get(copied..i).unwrap_or_default());
        o.push_str(&replacement);
        copied = end;
    }
    match out {
        None => Cow::Borrowed(s),
        Some(mut o) => {
            o.push_str(s.get(copied..).unwrap_or_default());
            Cow::Owned(o)
        }
    }
}

/// The offsets where a link could start, in order. Every pattern is a scheme name right before a `:` or
/// `www` right before a `.`, so only those offsets are tried rather than every byte (text with neither, most
/// text, yields none). [`defang_at`] decides; an offset inside a character is refused there.
fn candidates(bytes: &[u8]) -> Vec<usize> {
    let mut out = Vec::new();
    for colon in memchr::memchr_iter(b':', bytes) {
        let names = LINK_SCHEMES
            .iter()
            .map(|(scheme, _)| scheme.len() - 1)
            .chain(SCRIPT_SCHEMES.iter().map(|name| name.len()));
        out.extend(names.filter_map(|len| colon.checked_sub(len)));
    }
    for dot in memchr::memchr_iter(b'.', bytes) {
        let www = dot
            .checked_sub(3)
            .and_then(|i| bytes.get(i..dot))
            .is_some_and(|w| w.eq_ignore_ascii_case(b"www"));
        if www {
            out.push(dot - 3);
        }
    }
    out.sort_unstable();
    out.dedup();
    out
}

/// If a link starts at byte `i`, the byte where its defanged part ends and the text replacing it.
fn defang_at(s: &str, i: usize) -> Option<(usize, String)> {
    let rest = s.get(i..)?;
    let first = rest.as_bytes().first()?.to_ascii_lowercase();
    if !matches!(first, b'h' | b'f' | b'w' | b'j' | b'v' | b'd') {
        return None;
    }
    for (scheme, replacement) in LINK_SCHEMES {
        if starts_with_ignore_case(rest, scheme) {
            let after = rest.get(scheme.len()..)?;
            let slashes = after.len() - after.trim_start_matches(['/', '\\']).len();
            let host_start = i + scheme.len() + slashes;
            let host_end = host_end(s, host_start);
            let mut out = String::from(*replacement);
            out.push_str(s.get(i + scheme.len()..host_start)?);
            out.push_str(&s.get(host_start..host_end)?.replace('.', "[.]"));
            return Some((host_end, out));
        }
    }
    let at_word_start = i == 0
        || s.as_bytes()
            .get(i - 1)
            .is_some_and(|b| !b.is_ascii_alphanumeric());
    if !at_word_start {
        return None;
    }
    if starts_with_ignore_case(rest, "www.") {
        let end = host_end(s, i);
        return Some((end, s.get(i..end)?.replace('.', "[.]")));
    }
    for scheme in SCRIPT_SCHEMES {
        let Some(name) = rest
            .get(..scheme.len())
            .filter(|n| n.eq_ignore_ascii_case(scheme))
        else {
            continue;
        };
        let mut after = rest.get(scheme.len()..).unwrap_or_default().chars();
        // `…` counts as nothing following, so a cut made by `cap` cannot create a new match.
        if after.next() == Some(':') && after.next().is_some_and(|c| !c.is_whitespace() && c != '…')
        {
            return Some((i + scheme.len() + 1, format!("{name}[:]")));
        }
    }
    None
}

fn starts_with_ignore_case(s: &str, prefix: &str) -> bool {
    s.as_bytes()
        .get(..prefix.len())
        .is_some_and(|p| p.eq_ignore_ascii_case(prefix.as_bytes()))
}

/// Where a host starting at `start` ends.
fn host_end(s: &str, start: usize) -> usize {
    let rest = s.get(start..).unwrap_or_default();
    rest.find(|c: char| {
        c.is_whitespace() || matches!(c, '/' | '?' | '#' | '\\' | '"' | '\'' | '<' | '>')
    })
    .map_or(s.len(), |n| start + n)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_text_is_borrowed() {
        for text in [
            "Deploy to prod?",
            "Your data: name and city",
            "Caf\u{e9} \u{1f600} \u{5317}\u{4eac}\ttab\nnew line",
            "Use the HTTP header",
            "metadata:x and bigdata:y",
            "",
        ] {
            assert!(matches!(sanitize(text, 2000), Cow::Borrowed(_)), "{text:?}");
        }
    }

    #[test]
    fn removes_invisible_and_control_characters() {
        let cases = [
            ("a\u{202E}b\u{2066}c\u{2069}", "abc"),
            ("z\u{200B}e\u{200D}r\u{FEFF}o\u{00AD}", "zero"),
            ("tag\u{E0041}\u{E007F}s", "tags"),
            ("bell\u{7}\r\n\u{1b}[31m", "bell\n[31m"),
            ("c1\u{85}\u{9F}", "c1"),
            ("mvs\u{180E}\u{2060}\u{2064}", "mvs"),
            ("keep\ttab\nline", "keep\ttab\nline"),
        ];
        for (input, want) in cases {
            assert_eq!(sanitize(input, 2000), want, "{input:?}");
        }
    }

    #[test]
    fn joiners_stay_where_they_spell_a_word() {
        let kept = [
            // Persian half-space: "I want", "books" (ZWNJ after a dual-joining letter, before one).
            "\u{645}\u{6CC}\u{200C}\u{62E}\u{648}\u{627}\u{647}\u{645}",
            "\u{6A9}\u{62A}\u{627}\u{628}\u{200C}\u{647}\u{627}",
            // A vowel mark (type T) between the letter and the ZWNJ is looked past.
            "\u{628}\u{64E}\u{200C}\u{647}",
            // After a virama: Telugu "password" as written, Devanagari half forms with either joiner.
            "\u{C2A}\u{C3E}\u{C38}\u{C4D}\u{200C}\u{C35}\u{C30}\u{C4D}\u{C21}\u{C4D}",
            "\u{915}\u{94D}\u{200D}\u{937}",
            // Bengali ra-phala: RA + ZWJ + virama + YA.
            "\u{9B0}\u{200D}\u{9CD}\u{9AF}",
            // Emoji ZWJ sequences, with a skin tone and a variation selector.
            "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}",
            "\u{1F926}\u{1F3FD}\u{200D}\u{2642}\u{FE0F}",
            "\u{2764}\u{FE0F}\u{200D}\u{1F525}",
        ];
        for text in kept {
            assert!(matches!(sanitize(text, 2000), Cow::Borrowed(_)), "{text:?}");
        }
        let removed = [
            // Between Latin letters, digits or scripts that do not join: hiding, not spelling.
            ("pass\u{200C}word", "password"),
            ("pass\u{200D}word", "password"),
            ("12\u{200C}34", "1234"),
            (
                "\u{43F}\u{430}\u{200C}\u{440}\u{43E}\u{43B}\u{44C}",
                "\u{43F}\u{430}\u{440}\u{43E}\u{43B}\u{44C}",
            ),
            // A ZWNJ after a letter that does not join to its left (Arabic REH), or at the text's edges.
            ("\u{631}\u{200C}\u{628}", "\u{631}\u{628}"),
            ("\u{200C}\u{628}", "\u{628}"),
            ("\u{628}\u{200C}", "\u{628}"),
            // Two joiners in a row: neither has a letter on both sides.
            ("\u{628}\u{200C}\u{200C}\u{647}", "\u{628}\u{647}"),
            // A removed character that is not a mark ends the search: the joiner goes too.
            ("\u{1F468}\u{200B}\u{200D}\u{1F469}", "\u{1F468}\u{1F469}"),
            // A ZWJ after an emoji but before a letter, a ZWNJ between emoji.
            ("\u{1F600}\u{200D}a", "\u{1F600}a"),
            ("\u{1F468}\u{200C}\u{1F469}", "\u{1F468}\u{1F469}"),
        ];
        for (input, want) in removed {
            assert_eq!(sanitize(input, 2000), want, "{input:?}");
        }
        // More marks between the letter and the ZWNJ than real words hold: removed, the marks kept.
        let marks = "\u{64E}".repeat(MAX_TRANSPARENT_RUN + 1);
        let long = format!("\u{628}{marks}\u{200C}\u{647}");
        assert_eq!(sanitize(&long, 2000), format!("\u{628}{marks}\u{647}"));
        let short = format!(
            "\u{628}{}\u{200C}\u{647}",
            "\u{64E}".repeat(MAX_TRANSPARENT_RUN)
        );
        assert!(matches!(sanitize(&short, 2000), Cow::Borrowed(_)));
    }

    #[test]
    fn defangs_links() {
        let cases = [
            (
                "see https://x.example/a.b?c=d.e",
                "see hxxps://x[.]example/a.b?c=d.e",
            ),
            ("HTTP://X.Example", "hxxp://X[.]Example"),
            ("ftp://files.example.org/f", "fxp://files[.]example[.]org/f"),
            ("https:\\\\evil.example\\x", "hxxps:\\\\evil[.]example\\x"),
            (
                "go to www.evil.example now",
                "go to www[.]evil[.]example now",
            ),
            ("(www.a.b)", "(www[.]a[.]b)"),
            ("javascript:alert(1)", "javascript[:]alert(1)"),
            ("x JavaScript:void(0)", "x JavaScript[:]void(0)"),
            ("data:text/html;base64,xx", "data[:]text/html;base64,xx"),
            ("ht\u{200B}tps://x.example", "hxxps://x[.]example"),
            ("<https://a.example>", "<hxxps://a[.]example>"),
            (
                "https://user:pw@a.example:8443/p",
                "hxxps://user:pw@a[.]example:8443/p",
            ),
        ];
        for (input, want) in cases {
            assert_eq!(sanitize(input, 2000), want, "{input:?}");
        }
    }

    #[test]
    fn caps_length_in_characters() {
        assert_eq!(sanitize("abcdef", 4), "abc…");
        assert_eq!(sanitize("abcd", 4), "abcd");
        assert!(matches!(sanitize("abcd", 4), Cow::Borrowed(_)));
        assert_eq!(
            sanitize("\u{e9}\u{e9}\u{e9}\u{e9}\u{e9}", 3),
            "\u{e9}\u{e9}…"
        );
        assert_eq!(sanitize("abc", 0), "");
        assert_eq!(sanitize("abc", 1), "…");
        // The cap applies to the defanged text and never exceeds max_chars.
        let out = sanitize("https://a.b.c.d", 12);
        assert_eq!(out.chars().count(), 12);
        assert!(out.starts_with("hxxps://a[."));
    }

    /// Trying every byte, as `defang` did before it looked only where a link can start.
    fn defang_every_byte(s: &str) -> String {
        let mut out = String::new();
        let (mut copied, mut i) = (0, 0);
        while i < s.len() {
            match defang_at(s, i) {
                Some((end, replacement)) => {
                    out.push_str(&s[copied..i]);
                    out.push_str(&replacement);
                    copied = end;
                    i = end;
                }
                None => i += 1,
            }
        }
        out.push_str(&s[copied..]);
        out
    }

    proptest::proptest! {
        #[test]
        fn the_word_at_a_time_control_check_is_exact(
            s in "[ -~\\n\\t]{0,40}",
            at in 0usize..41,
            ctl in proptest::prop_oneof![0u8..0x20, proptest::strategy::Just(0x7Fu8)],
        ) {
            let at = at.min(s.len());
            let with_ctl = format!("{}{}{}", &s[..at], char::from(ctl), &s[at..]);
            for t in [s.as_str(), with_ctl.as_str()] {
                let bytewise = t.bytes().any(is_ascii_control);
                proptest::prop_assert_eq!(has_ascii_control(t.as_bytes()), bytewise);
            }
        }

        #[test]
        fn trying_only_candidates_finds_every_link(
            s in "((HTTPS?|https?|ftps?|javascript|vbscript|DATA|data|www|WWW|é|x|a)[:./ ]{0,3}){0,12}"
        ) {
            proptest::prop_assert_eq!(defang(&s).into_owned(), defang_every_byte(&s));
        }
    }

    #[test]
    fn the_scheme_ends_are_the_schemes_last_letters() {
        let ends: Vec<u8> = (0..=255u8)
            .filter(|&b| SCHEME_END[usize::from(b)])
            .collect();
        assert_eq!(ends, b"APSTapst".to_vec());
    }

    #[test]
    fn prose_is_proven_unchanged_and_links_are_not() {
        for text in [
            "Book a table: the quarterly report lists each warehouse. Items below it are flagged.",
            "Your name: and city",
            "Tabs\tand\nnewlines (2024), 100% sure; e-mail me?",
            "",
        ] {
            assert!(unchanged_ascii(text.as_bytes(), Known::Nothing), "{text:?}");
        }
        for text in [
            "see https://x.example",
            "HTTP://X",
            "ftp:x",
            "javascript:x",
            "my data:x",
            // Prose the steps leave alone, but only they can tell.
            "Your data: name and city",
            "go to WWW.x",
            "bell\u{7}",
            "del\u{7f}",
            "caf\u{e9}",
            "a\u{200B}b",
            "cr\r",
        ] {
            assert!(
                !unchanged_ascii(text.as_bytes(), Known::Nothing),
                "{text:?}"
            );
        }
    }

    /// Text for the properties below: printable ASCII and its look-alikes, with the pieces every step acts on
    /// (schemes in any case, `www`, colons, dots, controls, invisible and bidi characters, non-ASCII).
    fn adversarial() -> impl proptest::strategy::Strategy<Value = String> {
        use proptest::strategy::Strategy;
        let piece = proptest::prop_oneof![
            4 => "[ -~]{0,12}",
            2 => "(?i:https?|ftps?|javascript|vbscript|data|www|wwww|ww|sp|ta)[:./\\\\ ]{0,3}",
            1 => "[\t\n\r\x00-\x1f\x7f]",
            1 => "[\u{80}-\u{9f}\u{ad}\u{200b}-\u{200f}\u{202a}-\u{202e}\u{2066}-\u{2069}\u{feff}\u{e0041}]",
            1 => "[\u{e9}\u{430}\u{4e2d}\u{2026}\u{1f600}]",
            1 => "[a-zA-Z]{0,40}",
        ];
        proptest::collection::vec(piece, 0..12).prop_map(|p| p.concat())
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(20_000))]
        /// The fast path answers exactly what the steps answer, for every text and cap.
        #[test]
        fn the_fast_path_is_the_steps(text in adversarial(), max in proptest::prop_oneof![0usize..40, proptest::strategy::Just(2000usize)]) {
            let steps = sanitize_steps(&text, max);
            if text.len() <= max && unchanged_ascii(text.as_bytes(), Known::Nothing) {
                proptest::prop_assert!(matches!(steps, Cow::Borrowed(_)), "{:?} -> {:?}", text, steps);
            }
            let got = sanitize(&text, max);
            proptest::prop_assert_eq!(&got, &steps);
            proptest::prop_assert_eq!(matches!(got, Cow::Borrowed(_)), matches!(steps, Cow::Borrowed(_)));
            // What `sanitize_at` relies on: borrowed exactly when unchanged.
            proptest::prop_assert_eq!(matches!(got, Cow::Borrowed(_)), got == text.as_str(), "{:?}", text);
            // Told it is printable (when it is), the same answer.
            if text.bytes().all(|b| LOOK[usize::from(b)] != OTHER) {
                let told = sanitize_known(&text, max, Known::Printable);
                proptest::prop_assert_eq!(&told, &steps);
                proptest::prop_assert_eq!(matches!(told, Cow::Borrowed(_)), matches!(steps, Cow::Borrowed(_)));
            }
        }

        /// On printable ASCII the fast path is complete but for what it must leave to the steps: a colon after
        /// a scheme name's last letter, a dot after `www`.
        #[test]
        fn the_fast_path_misses_only_suspects(
            text in "([ -~]{0,8}(https?|HTTPS?|Https|ftp|FTP|data|Data|www|WWW|Www|sp|SP|ta|TA)?[:.]?){0,8}",
        ) {
            let suspicious = text.as_bytes().windows(2).any(|w| w[1] == b':' && SCHEME_END[usize::from(w[0])])
                || text.to_ascii_lowercase().contains("www.");
            proptest::prop_assert_eq!(unchanged_ascii(text.as_bytes(), Known::Nothing), !suspicious, "{:?}", text);
        }
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(20_000))]
        /// Joiners among the letters, marks and invisibles they are judged by: sanitising twice changes nothing,
        /// and no joiner is left between two Latin letters.
        #[test]
        fn joiners_leave_a_fixed_point(
            text in "[a-b\u{628}\u{631}\u{647}\u{64E}\u{C15}\u{C4D}\u{9B0}\u{9CD}\u{1F468}\u{1F3FD}\u{FE0F}\u{200B}-\u{200F}\u{AD}]{0,24}",
        ) {
            let once = sanitize(&text, 2000).into_owned();
            let twice = sanitize(&once, 2000);
            proptest::prop_assert!(matches!(twice, Cow::Borrowed(_)), "{:?} -> {:?} -> {:?}", text, once, twice);
            for joiner in ["a\u{200C}b", "a\u{200D}b", "a\u{200C}a", "b\u{200D}a"] {
                proptest::prop_assert!(!once.contains(joiner), "{:?} -> {:?}", text, once);
            }
        }
    }

    #[test]
    fn output_is_a_fixed_point() {
        for input in [
            "see https://x.example/a and www.y.example, javascript:x data:y ftp://z.example",
            "a\u{202E}https://b.example\u{200B}.c",
            "hxxps://x[.]example",
            "0123456789https://long.example.org",
            "abcdefgh javascript: x",
        ] {
            for max in [5, 20, 2000] {
                let once = sanitize(input, max).into_owned();
                assert_eq!(sanitize(&once, max), once.as_str(), "{input:?} at {max}");
                assert!(matches!(sanitize(&once, max), Cow::Borrowed(_)));
            }
        }
    }
}
