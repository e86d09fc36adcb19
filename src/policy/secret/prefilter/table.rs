//! The term-free test as one DFA over the raw bytes, with a lookup a byte: the test of the module above
//! ([`super::free`]: no risky shape, no word of a term), exactly, where that test stepped two automata and
//! checked for a match after every byte.
//!
//! The automaton is an Aho-Corasick automaton built here over byte *symbols*: a separator (every ASCII byte
//! that is not a letter, a digit or risky), each letter (either case), each digit, and a *sink byte* (a risky
//! byte, [`super::is_risky_byte`]: `@`, `$`, a control but tab and newline, DEL, any byte above 0x7F). Its
//! patterns:
//!
//! - a word with its bounds ([`Bounds`]): as many `SEP` as it needs before it, the word, and a `SEP` when it
//!   needs one after it (the text starts in the state after a separator and is ended by one, as the
//!   folding's words are). A term word that must be whole is `SEP word SEP`, one that may lie inside a word
//!   `word`, a format prefix's word what its literal holds around it (`SEP SEP SEP SEP SEP begin SEP`);
//! - the risky shapes the raw bytes show without case: a sink byte, a letter then a digit, a digit then a
//!   letter;
//!
//! and, not as patterns but as states, the last risky shape: two one-letter words in a row. The automaton is
//! run as a product with one bit, *pending*: set when a one-letter word has just ended (the state of the
//! trie node `SEP l SEP`), kept through separators and the first letter of the next word, dropped at its
//! second letter or at a digit; a second one-letter word ending while it is set is risky (the shape
//! machine's `PENDING` and `ONE`, see [`super::step`]). Every letter and digit is a trie node of its own, so
//! every state knows the symbol before it, which the shapes need.
//!
//! Every match, and every risky shape, leads to one absorbing *sink* state: the walk does not look at the
//! state until the end of the text (and every 64 bytes, to stop early), so a byte costs one class lookup and
//! one table lookup. Case is the one thing the symbols drop: a lower-case letter before a capital (`eBay`),
//! or two capitals before a lower-case letter (`APIKey`), are looked for after the walk, capitals found
//! thirty-two bytes at a time (they are rare in prose) and looked at where they are.
//!
//! Why it answers as the walk does. The walk says term-free iff the text is ASCII, matches none of the risky
//! shapes (`RISKY`) and holds no word where its bounds want it (after as many non-alphanumeric bytes, the
//! text's start reading as one, and before one or the text's end if so; ASCII case ignored). An Aho-Corasick automaton is in a matching state after a byte iff
//! some pattern ends at that byte, so this one, started as after a separator and given one more at the end
//! (the text's ends read as separators, as in the walk), meets the sink iff the text holds a byte that is
//! not ASCII or is `@`/`$`, a letter against a digit, a word as the walk finds it, or a second
//! one-letter word right after one (the pending bit follows the shape machine's `PENDING` and `ONE` step for
//! step, but that it is dropped at a word's second letter, after which the machine only ever clears it).
//! The case shapes, the rest of `RISKY`, are looked for at every capital: a lower-case letter before it, or
//! a capital before and a lower-case letter after. Making matches absorbing only stops the automaton where
//! the answer is already known.
//!
//! The table holds the next state, premultiplied by the row width, for every state and byte class (symbols
//! with the same column everywhere share a class). Its length is one of a few powers of two, fixed at
//! compile time, so that the bound each index is checked against is a constant, not one more register the
//! four lanes' loop spills (as a slice it was slower). The check is a branch never taken (every entry is a
//! row's start; an index past the end would read as "not free"), predicted and off the chain of dependent
//! loads the walk waits on, where masking the index to the length, as the walk first did, put one more
//! instruction on it: the checked walk executes more instructions but waits less, and judges the 64 KB
//! benchmark message faster (`cargo bench --bench inspect`). An automaton too large for the largest (a policy
//! with many more terms than the built-in packs) is not built, and the test falls back to the two-automata
//! walk.

use std::collections::{HashMap, VecDeque};

use super::Bounds;

/// The separator symbol: an ASCII byte that is neither a letter, a digit nor risky.
const SEP: usize = 0;
/// A risky byte ([`super::is_risky_byte`]: `@`, `$`, controls but tab and newline, DEL, every byte above
/// 0x7F): risky wherever it is.
const SINK_BYTE: usize = 1;
/// The first letter symbol (`a`/`A`); 26 of them.
const LETTER: usize = 2;
/// The first digit symbol (`0`); 10 of them.
const DIGIT: usize = LETTER + 26;
const SYMBOLS: usize = DIGIT + 10;

const fn symbol(b: u8) -> usize {
    match b {
        b'a'..=b'z' => LETTER + (b - b'a') as usize,
        b'A'..=b'Z' => LETTER + (b - b'A') as usize,
        b'0'..=b'9' => DIGIT + (b - b'0') as usize,
        _ if super::is_risky_byte(b) => SINK_BYTE,
        _ => SEP,
    }
}

fn is_letter(sym: usize) -> bool {
    (LETTER..DIGIT).contains(&sym)
}

/// The id of the sink state (premultiplied, it is 0 too).
const SINK: u32 = 0;

/// The table, in the smallest of the fixed sizes it fits. The built-in packs need 184,224 entries (4,848
/// states of 38 classes): `Medium`, 1 MiB.
#[derive(Clone)]
enum Table {
    Small(Box<[u32; 1 << 16]>),
    Medium(Box<[u32; 1 << 18]>),
    Large(Box<[u32; 1 << 20]>),
}

impl std::fmt::Debug for Table {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let len = match self {
            Table::Small(t) => t.len(),
            Table::Medium(t) => t.len(),
            Table::Large(t) => t.len(),
        };
        write!(f, "Table({len} entries)")
    }
}

/// The compiled automaton.
#[derive(Debug, Clone)]
pub(super) struct OneTable {
    /// The class of each byte.
    class: [u8; 256],
    /// By `state * width + class`: the next state, times the width.
    table: Table,
    /// The start state (premultiplied): after a separator, nothing pending.
    start: u32,
    /// States, the sink included (for tests).
    #[cfg(test)]
    states: usize,
}

/// The trie under construction: per node, its children by symbol, whether a pattern ends there (a term
/// word or a risky shape), and the symbol that leads to it.
struct Trie {
    next: Vec<[u32; SYMBOLS]>,
    matched: Vec<bool>,
    last: Vec<usize>,
}

const NONE: u32 = u32::MAX;

impl Trie {
    fn insert(&mut self, path: &[usize], matched: bool) -> usize {
        let mut node = 0usize;
        for &sym in path {
            let child = self.next.get(node).map_or(NONE, |row| row[sym]);
            node = if child == NONE {
                self.next.push([NONE; SYMBOLS]);
                self.matched.push(false);
                self.last.push(sym);
                let id = self.next.len() - 1;
                if let Some(row) = self.next.get_mut(node) {
                    row[sym] = id as u32;
                }
                id
            } else {
                child as usize
            };
        }
        if let Some(m) = self.matched.get_mut(node) {
            *m |= matched;
        }
        node
    }
}

impl OneTable {
    /// Builds the automaton for `words` (each with where it must lie), or `None` when a word holds a byte
    /// other than an ASCII lower-case letter or digit (folded words never do) or the automaton is too large
    /// for the table.
    pub(super) fn build(words: &[(&str, Bounds)]) -> Option<OneTable> {
        let mut trie = Trie {
            next: vec![[NONE; SYMBOLS]],
            matched: vec![false],
            last: vec![SEP],
        };
        for (word, bounds) in words {
            if word.is_empty()
                || !word
                    .bytes()
                    .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit())
            {
                return None;
            }
            let mut path: Vec<usize> = Vec::with_capacity(word.len() + bounds.left + 1);
            path.extend(std::iter::repeat_n(SEP, bounds.left));
            path.extend(word.bytes().map(symbol));
            if bounds.right {
                path.push(SEP);
            }
            trie.insert(&path, true);
        }
        // Every symbol a node of its own, so that every state knows the symbol before it.
        for sym in 0..SYMBOLS {
            trie.insert(&[sym], sym == SINK_BYTE);
        }
        for l in LETTER..DIGIT {
            for d in DIGIT..SYMBOLS {
                trie.insert(&[l, d], true);
                trie.insert(&[d, l], true);
            }
        }
        // The end of a one-letter word, by letter: the nodes the pending bit is set at.
        let ends: Vec<usize> = (LETTER..DIGIT)
            .map(|l| trie.insert(&[SEP, l, SEP], false))
            .collect();
        let start_node = trie.insert(&[SEP], false);
        let mut one_letter_end = vec![false; trie.next.len()];
        for e in ends {
            if let Some(x) = one_letter_end.get_mut(e) {
                *x = true;
            }
        }

        let delta = aho_corasick(&mut trie)?;

        // The product with the pending bit, breadth first from the start; the sink is state 0.
        let mut ids: HashMap<(usize, bool), u32> = HashMap::new();
        let mut order: Vec<(usize, bool)> = vec![(usize::MAX, false)];
        let mut queue = VecDeque::new();
        let start = (start_node, false);
        ids.insert(start, 1);
        order.push(start);
        queue.push_back(start);
        let mut rows: Vec<[u32; SYMBOLS]> = vec![[SINK; SYMBOLS]];
        while let Some((node, pending)) = queue.pop_front() {
            let mut row = [SINK; SYMBOLS];
            for (sym, slot) in row.iter_mut().enumerate() {
                let next = *delta.get(node)?.get(sym)?;
                if *trie.matched.get(next)? {
                    continue;
                }
                let ends_one = one_letter_end.get(next).copied().unwrap_or(false);
                let next_pending = if pending {
                    if ends_one {
                        // A second one-letter word in a row.
                        continue;
                    }
                    sym == SEP || (is_letter(sym) && *trie.last.get(node)? == SEP)
                } else {
                    ends_one
                };
                let key = (next, next_pending);
                let id = match ids.get(&key) {
                    Some(&id) => id,
                    None => {
                        let id = order.len() as u32;
                        ids.insert(key, id);
                        order.push(key);
                        queue.push_back(key);
                        id
                    }
                };
                *slot = id;
            }
            rows.push(row);
        }
        let states = rows.len();

        // Symbols whose columns are equal everywhere share a class.
        let mut class_of_symbol = [0u8; SYMBOLS];
        let mut columns: Vec<Vec<u32>> = Vec::new();
        for (sym, class) in class_of_symbol.iter_mut().enumerate() {
            let column: Vec<u32> = rows.iter().map(|r| r[sym]).collect();
            let at = match columns.iter().position(|c| *c == column) {
                Some(at) => at,
                None => {
                    columns.push(column);
                    columns.len() - 1
                }
            };
            *class = u8::try_from(at).ok()?;
        }
        let width = columns.len();
        let needed = states.checked_mul(width)?;
        let mut flat = vec![SINK; needed.next_power_of_two().max(1 << 16)];
        for (state, row) in rows.iter().enumerate() {
            for (sym, &next) in row.iter().enumerate() {
                let class = usize::from(class_of_symbol[sym]);
                let slot = flat.get_mut(state * width + class)?;
                *slot = u32::try_from(next as usize * width).ok()?;
            }
        }
        let table = match flat.len() {
            n if n == 1 << 16 => Table::Small(flat.into_boxed_slice().try_into().ok()?),
            n if n == 1 << 18 || n == 1 << 17 => {
                flat.resize(1 << 18, SINK);
                Table::Medium(flat.into_boxed_slice().try_into().ok()?)
            }
            n if n <= 1 << 20 => {
                flat.resize(1 << 20, SINK);
                Table::Large(flat.into_boxed_slice().try_into().ok()?)
            }
            _ => return None,
        };
        let mut class = [0u8; 256];
        for (b, c) in class.iter_mut().enumerate() {
            *c = class_of_symbol[symbol(b as u8)];
        }
        Some(OneTable {
            class,
            table,
            start: u32::try_from(width).ok()?,
            #[cfg(test)]
            states,
        })
    }

    /// Whether `text` holds no risky shape and no term word (see the module doc).
    pub(super) fn free(&self, text: &[u8]) -> bool {
        match &self.table {
            Table::Small(t) => run(t, &self.class, self.start, text),
            Table::Medium(t) => run(t, &self.class, self.start, text),
            Table::Large(t) => run(t, &self.class, self.start, text),
        }
    }

    /// The number of states, the sink included.
    #[cfg(test)]
    pub(super) fn states(&self) -> usize {
        self.states
    }
}

/// Completes `trie` into the full transition function of its Aho-Corasick automaton (`delta[node][sym]`),
/// each node marked matched when a pattern ends at it or at one of its suffixes.
fn aho_corasick(trie: &mut Trie) -> Option<Vec<[usize; SYMBOLS]>> {
    let n = trie.next.len();
    let mut fail = vec![0usize; n];
    let mut delta = vec![[0usize; SYMBOLS]; n];
    let mut queue = VecDeque::new();
    for sym in 0..SYMBOLS {
        let child = trie.next.first()?[sym];
        if child != NONE {
            let child = child as usize;
            *delta.first_mut()?.get_mut(sym)? = child;
            queue.push_back(child);
        }
    }
    while let Some(node) = queue.pop_front() {
        let inherited = *trie.matched.get(*fail.get(node)?)?;
        *trie.matched.get_mut(node)? |= inherited;
        for sym in 0..SYMBOLS {
            let child = trie.next.get(node)?[sym];
            let via_fail = delta.get(*fail.get(node)?)?[sym];
            if child == NONE {
                delta.get_mut(node)?[sym] = via_fail;
            } else {
                let child = child as usize;
                *fail.get_mut(child)? = if node == 0 { 0 } else { via_fail };
                delta.get_mut(node)?[sym] = child;
                queue.push_back(child);
            }
        }
    }
    Some(delta)
}

/// Byte `k` of the result has its top bit set where byte `k` of `x` is an ASCII capital. Exact for ASCII
/// bytes (per byte below 0x80, `b + 0x3F` reaches 0x80 from `A` on and `b + 0x25` from `[` on, never
/// carrying into the next byte). A byte above 0x7F may be flagged, or carry into the next: the text holding
/// it is not term-free anyway (a sink byte), so a shape wrongly seen there changes no answer.
fn capitals(x: u64) -> u64 {
    const HIGH: u64 = 0x8080_8080_8080_8080;
    x.wrapping_add(0x3F3F_3F3F_3F3F_3F3F) & !x.wrapping_add(0x2525_2525_2525_2525) & HIGH
}

/// Whether a capital of `text` at one of the bytes `caps` marks (from [`capitals`] of the eight bytes at
/// `at`) makes a case shape: a lower-case letter before it, or a capital before it and a lower-case letter
/// after it.
fn case_risky(text: &[u8], at: usize, mut caps: u64) -> bool {
    while caps != 0 {
        let i = at + caps.trailing_zeros() as usize / 8;
        caps &= caps - 1;
        let before = i.checked_sub(1).and_then(|j| text.get(j)).copied();
        let after = text.get(i + 1).copied();
        if before.is_some_and(|b| b.is_ascii_lowercase())
            || (before.is_some_and(|b| b.is_ascii_uppercase())
                && after.is_some_and(|b| b.is_ascii_lowercase()))
        {
            return true;
        }
    }
    false
}

/// Whether `text` holds no case shape. Capitals are rare in prose: 32 bytes are tested at once for a byte
/// from 0x40 to 0x5F (bit 6 set, bit 5 clear: the capitals, `@`, `[`, `\`, `]`, `^`, `_`), and only a block
/// with one is looked at capital by capital.
fn case_free(text: &[u8]) -> bool {
    const BIT6: u64 = 0x4040_4040_4040_4040;
    let mut blocks = text.chunks_exact(32);
    let mut at = 0;
    for block in &mut blocks {
        let Ok(block) = <&[u8; 32]>::try_from(block) else {
            return false;
        };
        let words = block_words(block);
        let maybe = |x: u64| x & !(x << 1);
        if (maybe(words[0]) | maybe(words[1]) | maybe(words[2]) | maybe(words[3])) & BIT6 != 0
            && words
                .iter()
                .enumerate()
                .any(|(k, &x)| case_risky(text, at + 8 * k, capitals(x)))
        {
            return false;
        }
        at += 32;
    }
    !blocks
        .remainder()
        .iter()
        .enumerate()
        .any(|(k, &b)| b.is_ascii_uppercase() && case_risky(text, at + k, 0x80))
}

/// The four little-endian words of a 32-byte block.
fn block_words(block: &[u8; 32]) -> [u64; 4] {
    let mut words = [0u64; 4];
    for (w, bytes) in words.iter_mut().zip(block.chunks_exact(8)) {
        *w = <[u8; 8]>::try_from(bytes).map_or(0, u64::from_le_bytes);
    }
    words
}

/// Lanes a long text is walked in, side by side: each lookup of the walk waits on the one before it in its
/// own lane only, so four lanes keep four lookups in flight where one lane kept one. On the 64 KB benchmark
/// message's 41 texts (~1.1 KB of prose each; `cargo bench --bench inspect -- term_free`) four lanes walked
/// a byte in about half the time two did, and eight were no better (the walk is then bound by its
/// instructions, not by waiting). Tried again with the checked index: six and eight lanes keep states and
/// cursors on the stack (more instructions) and are no faster.
const LANES: usize = 4;

/// Where `text` can be cut so that the automaton can walk the parts apart, each from the start state, near
/// `target`: right after a separator that ends a word of two or more letters or digits. There the walk over
/// the whole text is in the start state (the trie node of a lone separator, nothing pending: no pattern holds
/// a separator after a letter or a digit but at its end, and the word was not a one-letter word) or already
/// in the sink, so the
/// parts' answers together are the whole's. Case shapes do not cross a separator either. `None` when no
/// such separator lies in the 64 bytes from `target` on.
fn cut_near(text: &[u8], target: usize) -> Option<usize> {
    let word_byte = |b: u8| b.is_ascii_alphanumeric();
    (target.max(2)..(target + 64).min(text.len()))
        .find(|&p| {
            text.get(p).is_some_and(|&b| symbol(b) == SEP)
                && text.get(p - 1).is_some_and(|&b| word_byte(b))
                && text.get(p - 2).is_some_and(|&b| word_byte(b))
        })
        .map(|p| p + 1)
}

/// `text` as [`LANES`] parts of about equal length, cut as [`cut_near`] says; `None` for a text shorter than
/// 64 bytes a lane, or one without such a separator near each quarter (such a text is walked in one lane:
/// a long run without a word of two letters is rare in prose, and most such texts meet the sink early).
fn quarters(text: &[u8]) -> Option<[&[u8]; LANES]> {
    if text.len() < 64 * LANES {
        return None;
    }
    let mut parts = [&[][..]; LANES];
    let mut rest = text;
    let mut done = 0;
    for (k, part) in parts.iter_mut().enumerate().take(LANES - 1) {
        // A cut past the next quarter (a short text's window reaches it) leaves the next part to start there.
        let at = cut_near(rest, (text.len() * (k + 1) / LANES).saturating_sub(done))?;
        (*part, rest) = rest.split_at_checked(at)?;
        done += at;
    }
    *parts.last_mut()? = rest;
    Some(parts)
}

/// The walk: a class lookup and a table lookup a byte, then the case shapes ([`case_free`]). A long text is
/// walked in [`LANES`] parts side by side ([`quarters`]). A step is `None` for an index past the table
/// (never: every entry is a row's start), which reads as "not free". Generic over the table's fixed length
/// (see the module doc).
#[inline(never)]
fn run<const N: usize>(table: &[u32; N], class: &[u8; 256], start: u32, text: &[u8]) -> bool {
    let step = |s: usize, b: u8| -> Option<usize> {
        let c = usize::from(class[usize::from(b)]);
        table.get(s + c).map(|&n| n as usize)
    };
    let start = start as usize;
    let free = match quarters(text) {
        // `None`: a step read past the table, which reads as "not free".
        Some(parts) => lanes(&step, start, parts).unwrap_or(false),
        None => walk_free(&step, start, text, 0),
    };
    free && case_free(text)
}

/// Walks each of `parts` from `start`, side by side over the length they share, eight bytes of each a
/// round, then each to its end ([`walk_free`]): whether none meets the sink (every part but the last ends
/// with a separator already, so its end changes nothing). Four parts written out, not an array of them: as
/// arrays, the compiler kept the states and the parts' cursors on the stack. `None` when a step reads past
/// the table.
fn lanes(
    step: &impl Fn(usize, u8) -> Option<usize>,
    start: usize,
    parts: [&[u8]; LANES],
) -> Option<bool> {
    let [p0, p1, p2, p3] = parts;
    let (s0, s1, s2, s3) = {
        let (mut s0, mut s1, mut s2, mut s3) = (start, start, start, start);
        let rounds = p0
            .as_chunks::<8>()
            .0
            .iter()
            .zip(p1.as_chunks::<8>().0)
            .zip(p2.as_chunks::<8>().0)
            .zip(p3.as_chunks::<8>().0);
        for (round, (((a, b), c), d)) in rounds.enumerate() {
            for j in 0..8 {
                s0 = step(s0, a[j])?;
                s1 = step(s1, b[j])?;
                s2 = step(s2, c[j])?;
                s3 = step(s3, d[j])?;
            }
            // The sink is absorbing: looked for every 64 bytes, to stop early on a text that names a term.
            if round % 8 == 7 && [s0, s1, s2, s3].contains(&(SINK as usize)) {
                return Some(false);
            }
        }
        (s0, s1, s2, s3)
    };
    let shared = [p0, p1, p2, p3].iter().map(|p| p.len()).min().unwrap_or(0) / 8 * 8;
    Some(
        [(p0, s0), (p1, s1), (p2, s2), (p3, s3)]
            .into_iter()
            .all(|(part, s)| walk_free(step, s, part, shared)),
    )
}

/// Whether the walk from `s` over `text` from `at` to its end, and then the end itself (it ends the last
/// word, as a separator would), stays out of the sink.
fn walk_free(step: &impl Fn(usize, u8) -> Option<usize>, s: usize, text: &[u8], at: usize) -> bool {
    walk(step, s, text, at)
        .and_then(|s| step(s, b' '))
        .is_some_and(|s| s != SINK as usize)
}

/// Steps from `s` over `text` from `at` to its end: the state reached, or `None` when the sink is met at
/// the end of a block of 64 bytes (or a step reads past the table).
fn walk(
    step: impl Fn(usize, u8) -> Option<usize>,
    mut s: usize,
    text: &[u8],
    at: usize,
) -> Option<usize> {
    let mut blocks = text.get(at..).unwrap_or_default().chunks_exact(64);
    for block in &mut blocks {
        for eight in block.chunks_exact(8) {
            let Ok(eight) = <&[u8; 8]>::try_from(eight) else {
                return None;
            };
            for &b in eight {
                s = step(s, b)?;
            }
        }
        if s == SINK as usize {
            return None;
        }
    }
    for &b in blocks.remainder() {
        s = step(s, b)?;
    }
    Some(s)
}

#[cfg(test)]
mod tests {
    use super::{cut_near, quarters, symbol, LANES, SEP};

    /// Every cut follows a separator that ends a word of two or more bytes, the parts are the text in order,
    /// and texts at the edges of the lengths (where a cut's window reaches the next quarter) split safely.
    #[test]
    fn parts_are_the_text_cut_after_whole_words() {
        let after_a_word = |text: &[u8], at: usize| {
            at >= 3
                && symbol(text[at - 1]) == SEP
                && text[at - 2].is_ascii_alphanumeric()
                && text[at - 3].is_ascii_alphanumeric()
        };
        for words in ["ab ", "abc, ", "a b cd ", "x\tyz\n", "1234 "] {
            for len in 200..700 {
                let text: Vec<u8> = words.bytes().cycle().take(len).collect();
                if let Some(parts) = quarters(&text) {
                    assert_eq!(parts.concat(), text, "{words:?} {len}");
                    let mut at = 0;
                    for part in &parts[..LANES - 1] {
                        at += part.len();
                        assert!(after_a_word(&text, at), "{words:?} {len} cut at {at}");
                    }
                }
            }
        }
        // No word of two bytes before a separator: nowhere to cut.
        let spelled: Vec<u8> = b"a b ".iter().copied().cycle().take(600).collect();
        assert!(quarters(&spelled).is_none());
        assert_eq!(cut_near(b"ab cd", 100), None);
    }
}
