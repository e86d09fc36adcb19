//! Form schemas the checks found clean, so that the next form asking with the same schema is not checked
//! again.
//!
//! The schema checks (the restricted flat subset), the per-property secret classification (names, titles,
//! descriptions, options, pushed values) and the sanitising of the schema's labels are a pure function of the
//! compiled policy, the route's allowed fields and the schema as written, as long as the form's message
//! contributes no term to the classification (a message that names a secret makes an otherwise neutral field
//! suspect). They were a large part of a 2 KB form's judgement. A server's forms are code: it asks with the same
//! schema each time, while the message around it changes, so the verdict is kept per schema text, and only when
//! it is clean: a schema with any finding is checked every time, so nothing the checks found is stored, and a
//! schema is either in the set or judged as if there were no set.
//!
//! The key is the schema's own bytes as the upstream wrote them (the span the parser recorded) after the
//! route's allowed fields: the same bytes parse to the same tree, whatever else the message holds. A tree
//! not parsed from text has no span and is always judged.
//!
//! Since the verdict needs nothing from a remembered schema but its text, the gateway's parse does not build
//! one at all ([`crate::wire::tree::parse_known`], asked by [`crate::proxy::enforce::decide`] with this set
//! and the route): the `requestedSchema` of a `params` object whose text is a key here becomes a
//! `Node::Skipped` that holds the text, and is built only when a message names a term, which makes its
//! fields matter again. A remembered schema was most of a typical form's tokens, and building its nodes a
//! measurable part of judging a form. Only texts that parsed are ever noted, so a recognised text is valid
//! JSON; the parser still counts its values and nesting where it stands.
//!
//! The parser asks before it knows where a value ends ([`CleanSchemas::recognise`]): remembered texts are
//! indexed by their first [`PROBE`] bytes (and the allowed fields), so a remembered schema is found and
//! compared whole without being scanned first, and what the parser would count in it (values, nesting,
//! whitespace) was read once, when it was noted.
//!
//! Bounds: keys of at most [`MAX_KEY_BYTES`] (larger schemas are always judged), at most `max_bytes` of keys
//! in all (0 switches the cache off; the set is emptied when a new key would overflow it, as
//! [`super::clean_set`] does for hosts), at most [`MAX_BUCKET`] texts a probe. The set belongs to one
//! compiled policy: a reload starts empty.

use std::collections::HashMap;
use std::hash::{BuildHasher, Hasher};
use std::sync::Mutex;

use crate::wire::tree::{extent, Extent};

/// Longest key kept. MCP form schemas are a few hundred bytes to a few KiB; anything larger is judged each time.
pub const MAX_KEY_BYTES: usize = 16 * 1024;

/// Default budget for all keys together: thousands of typical schemas, and the worst case stays small.
pub const DEFAULT_MAX_BYTES: usize = 1024 * 1024;

/// Largest budget a config may set (`policy.clean_schema_cache_bytes`): the set's memory is this plus its
/// per-entry overhead.
pub const MAX_MAX_BYTES: usize = 64 * 1024 * 1024;

/// Bytes of a schema's text the index is keyed on: its start, or the whole of a shorter text. The parser asks
/// before it knows where a value ends; the start of a text is enough to find it among the remembered ones,
/// and then the whole text is compared.
const PROBE: usize = 64;

/// Most remembered texts sharing one probe (the same first [`PROBE`] bytes and allowed fields): a server's
/// schemas that start alike are few, and a full bucket keeps further ones out (they are judged each time),
/// so that no probe costs more than this many comparisons.
const MAX_BUCKET: usize = 8;

/// The set of clean schemas. See the module doc.
#[derive(Debug)]
pub struct CleanSchemas {
    /// Bytes of keys (allowed fields and schema text) the set may hold; 0 keeps none.
    budget: usize,
    /// Probe hashes are seeded at random per set (foldhash, as [`super::clean_set`] explains), so that a
    /// server cannot choose texts that share a bucket.
    seed: foldhash::fast::RandomState,
    inner: Mutex<Inner>,
}

#[derive(Debug, Default)]
struct Inner {
    /// Remembered texts by the hash of their probe.
    buckets: HashMap<u64, Vec<Entry>, foldhash::fast::RandomState>,
    /// Sum of the costs of the entries.
    used: usize,
}

/// One remembered schema.
#[derive(Debug)]
struct Entry {
    /// The route's allowed fields it was judged with.
    allowed_fields: Box<[String]>,
    /// Its text as written: a JSON object that parsed whole.
    text: Box<[u8]>,
    /// What the parser counts in it, read when it was noted.
    extent: Extent,
}

impl Default for CleanSchemas {
    fn default() -> Self {
        CleanSchemas::new(DEFAULT_MAX_BYTES)
    }
}

impl CleanSchemas {
    /// A set holding at most `max_bytes` of keys; 0 keeps none.
    pub fn new(max_bytes: usize) -> Self {
        CleanSchemas {
            budget: max_bytes,
            seed: foldhash::fast::RandomState::default(),
            inner: Mutex::new(Inner::default()),
        }
    }

    /// The budget for all keys together; 0 when the cache is off.
    pub fn max_bytes(&self) -> usize {
        self.budget
    }

    /// What a schema costs against the budget: its text and its allowed fields (each with a length word),
    /// or `None` when it is longer than [`MAX_KEY_BYTES`] or the cache is off.
    fn cost(&self, schema: &[u8], allowed_fields: &[String]) -> Option<usize> {
        let fields: usize = allowed_fields.iter().map(|f| 8 + f.len()).sum::<usize>() + 8;
        let cost = fields.checked_add(schema.len())?;
        (self.budget > 0 && cost <= MAX_KEY_BYTES).then_some(cost)
    }

    /// The hash of `text`'s probe (its first [`PROBE`] bytes, or all of a shorter text): the allowed fields,
    /// each length-prefixed, then their count (so that no two lists hash alike by concatenation), then the
    /// probe's bytes.
    fn probe_hash(&self, allowed_fields: &[String], text: &[u8]) -> u64 {
        let mut h = self.seed.build_hasher();
        for f in allowed_fields {
            h.write_usize(f.len());
            h.write(f.as_bytes());
        }
        h.write_usize(allowed_fields.len());
        h.write(text.get(..PROBE).unwrap_or(text));
        h.finish()
    }

    /// Whether `schema` (its text as written) was found clean with `allowed_fields`.
    pub fn remembers(&self, schema: &[u8], allowed_fields: &[String]) -> bool {
        if self.cost(schema, allowed_fields).is_none() {
            return false;
        }
        let h = self.probe_hash(allowed_fields, schema);
        self.find(h, allowed_fields, |text| text == schema)
            .is_some()
    }

    /// The remembered schema text that starts `rest` (the message from a value's `{` on), with what the
    /// parser counts in it; `None` when none does. A remembered text is a JSON object, so the value at the
    /// start of `rest` is exactly that text whenever `rest` starts with it: its closing brace is where its
    /// bytes say, whatever follows. Long texts are found by their first [`PROBE`] bytes; a shorter one has
    /// to be read to its end first ([`extent`], at most [`PROBE`] bytes).
    pub fn recognise(&self, rest: &[u8], allowed_fields: &[String]) -> Option<Extent> {
        if self.budget == 0 {
            return None;
        }
        if rest.len() >= PROBE {
            let h = self.probe_hash(allowed_fields, rest);
            let found = self.find(h, allowed_fields, |text| {
                text.len() >= PROBE && rest.starts_with(text)
            });
            if found.is_some() {
                return found;
            }
        }
        let short = extent(rest, 0, PROBE - 1)?;
        let text = rest.get(..short.end)?;
        self.find(self.probe_hash(allowed_fields, text), allowed_fields, |t| {
            t == text
        })
    }

    /// The extent of the entry in bucket `h` with these allowed fields whose text `matches`.
    fn find(
        &self,
        h: u64,
        allowed_fields: &[String],
        matches: impl Fn(&[u8]) -> bool,
    ) -> Option<Extent> {
        let inner = self.inner.lock().ok()?;
        inner
            .buckets
            .get(&h)?
            .iter()
            .find(|e| matches(&e.text) && *e.allowed_fields == *allowed_fields)
            .map(|e| e.extent)
    }

    /// Records that `schema` (its text as written, which parsed whole as an object) is clean with
    /// `allowed_fields`. The set is emptied first when the schema would overflow the budget; a full bucket
    /// keeps it out.
    pub fn note(&self, schema: &[u8], allowed_fields: &[String]) {
        let Some(cost) = self.cost(schema, allowed_fields) else {
            return;
        };
        if cost > self.budget {
            return;
        }
        // The text parsed whole, so it closes where it ends; anything else is not kept.
        let Some(extent) = extent(schema, 0, schema.len()).filter(|e| e.end == schema.len()) else {
            return;
        };
        let h = self.probe_hash(allowed_fields, schema);
        let Ok(mut inner) = self.inner.lock() else {
            return;
        };
        if inner.used + cost > self.budget {
            inner.buckets.clear();
            inner.used = 0;
        }
        let bucket = inner.buckets.entry(h).or_default();
        if bucket.len() >= MAX_BUCKET
            || bucket
                .iter()
                .any(|e| *e.text == *schema && *e.allowed_fields == *allowed_fields)
        {
            return;
        }
        bucket.push(Entry {
            allowed_fields: allowed_fields.into(),
            text: schema.into(),
            extent,
        });
        inner.used += cost;
    }

    /// How many schemas the set holds (for tests).
    #[cfg(test)]
    pub(crate) fn len(&self) -> usize {
        self.inner
            .lock()
            .map_or(0, |i| i.buckets.values().map(Vec::len).sum())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn holds_what_was_noted_within_its_bounds() {
        let c = CleanSchemas::new(100);
        let schema = br#"{"type":"object"}"#;
        assert!(!c.remembers(schema, &[]));
        c.note(schema, &[]);
        assert!(c.remembers(schema, &[]));
        // The allowed fields are part of the key: the same schema judged on another route is judged again.
        assert!(!c.remembers(schema, &["token".to_owned()]));
        // Lists that concatenate alike still differ.
        let (ab, a_b) = (["a".to_owned(), "b".to_owned()], ["ab".to_owned()]);
        c.note(b"{}", &ab);
        assert!(c.remembers(b"{}", &ab) && !c.remembers(b"{}", &a_b));
        // Full: emptied, then the new key kept.
        let wide = format!("{{{}}}", " ".repeat(70));
        c.note(wide.as_bytes(), &[]);
        assert_eq!(c.len(), 1);
        assert!(!c.remembers(schema, &[]) && c.remembers(wide.as_bytes(), &[]));
        // Only whole objects are kept: they are what the parser may be told it need not read.
        for not_one in [&b"{\"a\":1"[..], b"[1]", b"{} ", b"{}{}"] {
            c.note(not_one, &[]);
            assert!(!c.remembers(not_one, &[]), "{not_one:?}");
        }
        // Over the key bound: never kept.
        let big = format!("{{\"a\":\"{}\"}}", "x".repeat(MAX_KEY_BYTES));
        let roomy = CleanSchemas::new(MAX_MAX_BYTES);
        roomy.note(big.as_bytes(), &[]);
        assert!(!roomy.remembers(big.as_bytes(), &[]));
        let off = CleanSchemas::new(0);
        off.note(schema, &[]);
        assert!(!off.remembers(schema, &[]) && off.recognise(schema, &[]).is_none());
    }

    /// A schema as the gateway's forms write one, longer than the probe: schemas for different `field`s
    /// share their first PROBE bytes.
    fn form_schema(field: &str) -> String {
        format!(
            r#"{{"type":"object","properties":{{"when":{{"type":"string","format":"date","title":"Day"}},"{field}":{{"type":"integer"}}}},"required":["{field}"]}}"#
        )
    }

    #[test]
    fn recognises_remembered_texts_at_the_start_of_the_rest() {
        let c = CleanSchemas::default();
        let fields = ["note".to_owned()];
        let long = form_schema("party");
        let short = r#"{"type":"object"}"#;
        assert!(long.len() > PROBE && short.len() < PROBE);
        for text in [long.as_str(), short] {
            assert_eq!(
                c.recognise(format!("{text},\"x\":1}}").as_bytes(), &fields),
                None
            );
            c.note(text.as_bytes(), &fields);
            let expected = extent(text.as_bytes(), 0, text.len());
            // Whatever follows it (the rest of the message), and at the very end of the bytes.
            for after in ["", "}", ",\"message\":\"Book\"}]}", " \n}"] {
                let rest = format!("{text}{after}");
                assert_eq!(c.recognise(rest.as_bytes(), &fields), expected, "{rest}");
            }
            // Not on another route, and not a text that only starts alike.
            assert_eq!(c.recognise(text.as_bytes(), &[]), None);
        }
        let other = form_schema("party_size");
        assert_eq!(other.get(..PROBE), long.get(..PROBE));
        assert_eq!(c.recognise(other.as_bytes(), &fields), None);
        // A text cut short of its end is not it.
        assert_eq!(
            c.recognise(&long.as_bytes()[..long.len() - 1], &fields),
            None
        );
        // The counts are the parser's: values, nesting, whitespace.
        let e = c.recognise(long.as_bytes(), &fields).expect("remembered");
        assert_eq!(
            (e.end, e.values, e.depth, e.spaced),
            (long.len(), 11, 3, false)
        );
    }

    #[test]
    fn a_probe_holds_a_bounded_number_of_texts() {
        let c = CleanSchemas::default();
        // Texts that share their first PROBE bytes: one bucket.
        let texts: Vec<String> = (0..MAX_BUCKET + 3)
            .map(|i| form_schema(&format!("party_size_{i}")))
            .collect();
        assert!(texts
            .iter()
            .all(|t| t.get(..PROBE) == texts[0].get(..PROBE)));
        for t in &texts {
            c.note(t.as_bytes(), &[]);
        }
        assert_eq!(c.len(), MAX_BUCKET);
        let found = texts
            .iter()
            .filter(|t| c.recognise(t.as_bytes(), &[]).is_some())
            .count();
        assert_eq!(found, MAX_BUCKET);
        // Noting a held text again changes nothing.
        c.note(texts[0].as_bytes(), &[]);
        assert_eq!(c.len(), MAX_BUCKET);
    }
}
