//! Where an object's text ends, read without building it, and what the parser would count in it: for
//! [`super::Known`] values, which the parser skips when the caller already knows their text (the caller
//! reads the extent once, when it first keeps a text, and answers with it).
//!
//! The scan follows brackets and strings only, so it is exact for valid JSON and says nothing useful about
//! anything else. That is enough: a skipped value is one whose text the caller *recognised* (the same bytes as
//! a text that was parsed whole before), and a text that is not valid JSON is never recognised, so a wrong
//! extent on invalid input only costs a miss, after which the parser reads the value as usual and refuses it
//! there. What the scan counts (values, nesting, whitespace) is what the parser would have counted, so the
//! bounds and the compact spans come out the same either way; a proptest holds it to the parser.

/// What an object's text holds, as the parser would have found it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Extent {
    /// Just past the closing `}` (from the start of the bytes scanned).
    pub end: usize,
    /// Values in it, itself included (as [`super::Parser`] counts them for `MAX_VALUES`).
    pub values: usize,
    /// Containers nested at its deepest point, itself included (1 for an object of scalars).
    pub depth: usize,
    /// Whether whitespace lies between its tokens.
    pub spaced: bool,
}

/// Most containers nested in a scanned text: one bit each in `arrays`. Deeper than the parser allows anyway
/// (`MAX_DEPTH` is 64), so such a text is never skipped.
const MAX_LEVELS: usize = 64;

/// The extent of the object whose `{` is at `start`, looking at no more than `limit` bytes; `None` when it
/// does not close within them (or nests deeper than [`MAX_LEVELS`], or `b[start]` is not `{`).
pub fn extent(b: &[u8], start: usize, limit: usize) -> Option<Extent> {
    if b.get(start) != Some(&b'{') {
        return None;
    }
    let stop = b.len().min(start.saturating_add(limit));
    let mut i = start;
    let mut level = 0usize;
    let mut deepest = 0usize;
    // Bit `k` set: the container at level `k + 1` is an array, whose commas separate values.
    let mut arrays = 0u64;
    let mut values = 1usize;
    let mut spaced = false;
    while i < stop {
        let c = *b.get(i)?;
        i += 1;
        match c {
            b'"' => i = string_end(b, i, stop)?,
            b'{' | b'[' => {
                if level == MAX_LEVELS {
                    return None;
                }
                let bit = 1u64 << level;
                level += 1;
                deepest = deepest.max(level);
                if c == b'[' {
                    arrays |= bit;
                    // A non-empty array's first item; the rest follow commas.
                    let mut j = i;
                    while let Some(b' ' | b'\n' | b'\t' | b'\r') = b.get(j) {
                        j += 1;
                    }
                    if b.get(j).is_some_and(|&n| n != b']') {
                        values += 1;
                    }
                } else {
                    arrays &= !bit;
                }
            }
            b'}' | b']' => {
                level = level.checked_sub(1)?;
                if level == 0 {
                    return Some(Extent {
                        end: i,
                        values,
                        depth: deepest,
                        spaced,
                    });
                }
            }
            // Outside strings, a colon only ever ends a key: one member value each.
            b':' => values += 1,
            b',' if level > 0 && arrays & (1u64 << (level - 1)) != 0 => values += 1,
            b' ' | b'\n' | b'\t' | b'\r' => spaced = true,
            _ => {}
        }
    }
    None
}

/// Just past the closing quote of the string whose contents start at `i`, before `stop`: the parser's own
/// run finder ([`super::plain_run`], eight bytes a step) between escapes. `None` at a control character too
/// (the text is not valid JSON, so it is never recognised).
fn string_end(b: &[u8], mut i: usize, stop: usize) -> Option<usize> {
    loop {
        i = super::plain_run(b, i);
        if i >= stop {
            return None;
        }
        match *b.get(i)? {
            b'"' => return Some(i + 1),
            b'\\' => i += 2,
            _ => return None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn of(text: &str) -> Option<Extent> {
        extent(text.as_bytes(), 0, usize::MAX)
    }

    #[test]
    fn counts_as_the_parser_counts() {
        let e = of(r#"{"a":1,"b":[1,[],[2,3],{"c":"}]"}],"d":{}}tail"#).expect("closes");
        assert_eq!(e.end, r#"{"a":1,"b":[1,[],[2,3],{"c":"}]"}],"d":{}}"#.len());
        // The object, a, b, 1, [], [2,3], 2, 3, {..}, c, d.
        assert_eq!(e.values, 11);
        assert_eq!(e.depth, 3);
        assert!(!e.spaced);
        let e = of("{ \"a\" : [ ] }").expect("closes");
        assert_eq!((e.values, e.depth, e.spaced), (2, 2, true));
        // Whitespace and brackets inside strings are text, escaped quotes too.
        let e = of(r#"{"a b":"x \" } ]"}"#).expect("closes");
        assert_eq!((e.values, e.depth, e.spaced), (2, 1, false));
    }

    #[test]
    fn refuses_what_does_not_close_within_the_limit() {
        assert_eq!(of(r#"{"a":1"#), None);
        assert_eq!(of(r#"["a"]"#), None);
        assert_eq!(of(r#"{"a":"}"#), None);
        assert_eq!(of("}"), None);
        assert_eq!(extent(br#"{"a":1}"#, 0, 6), None);
        assert!(extent(br#"{"a":1}"#, 0, 7).is_some());
        let deep = "[".repeat(70);
        assert_eq!(of(&format!("{{\"a\":{deep}")), None);
    }
}
