//! Form schemas the checks found clean, so that the next form asking with the same schema is not checked
//! again.
//!
//! The schema checks (the restricted flat subset), the per-property secret classification (names, titles,
//! descriptions, options, pushed values) and the sanitising of the schema's labels are a pure function of the
//! compiled policy, the route's allowed fields and the schema as written, as long as the form's message
//! contributes no term to the classification (a message that names a secret makes an otherwise neutral field
//! suspect). They were a fifth of a 2 KB form's judgement. A server's forms are code: it asks with the same
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
//! fields matter again. A remembered schema was most of a typical form's tokens (a tenth of judging the 2 KB
//! benchmark message, a fifth of the 64 KB one's forty forms). Only texts that parsed are ever noted, so a
//! recognised text is valid JSON; the parser still counts its values and nesting where it stands.
//!
//! Bounds: keys of at most [`MAX_KEY_BYTES`] (larger schemas are always judged), at most `max_bytes` of keys
//! in all (0 switches the cache off), in the policy's `CleanSet` (emptied when full). The set belongs to one compiled
//! policy: a reload starts empty.

use super::clean_set::CleanSet;

/// Longest key kept. MCP form schemas are a few hundred bytes to a few KiB; anything larger is judged each time.
pub const MAX_KEY_BYTES: usize = 16 * 1024;

/// Default budget for all keys together: thousands of typical schemas, and the worst case stays small.
pub const DEFAULT_MAX_BYTES: usize = 1024 * 1024;

/// Largest budget a config may set (`policy.clean_schema_cache_bytes`): the set's memory is this plus its
/// per-entry overhead.
pub const MAX_MAX_BYTES: usize = 64 * 1024 * 1024;

/// The set of clean schemas. See the module doc.
#[derive(Debug)]
pub struct CleanSchemas {
    /// Keys, each costing its length in bytes.
    set: CleanSet,
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
            set: CleanSet::new(max_bytes),
        }
    }

    /// The budget for all keys together; 0 when the cache is off.
    pub fn max_bytes(&self) -> usize {
        self.set.budget()
    }

    /// The key of `schema` (its text as written) judged with `allowed_fields`, or `None` when the cache is off
    /// or the key would be longer than [`MAX_KEY_BYTES`].
    pub fn key(&self, schema: &[u8], allowed_fields: &[String]) -> Option<Vec<u8>> {
        if self.set.budget() == 0 {
            return None;
        }
        // Each allowed field length-prefixed, then a count, so that no two lists and schemas share a key.
        let prefix: usize = allowed_fields.iter().map(|f| 8 + f.len()).sum::<usize>() + 8;
        let len = prefix.checked_add(schema.len())?;
        if len > MAX_KEY_BYTES {
            return None;
        }
        let mut k = Vec::with_capacity(len);
        for f in allowed_fields {
            k.extend_from_slice(&(f.len() as u64).to_le_bytes());
            k.extend_from_slice(f.as_bytes());
        }
        k.extend_from_slice(&(allowed_fields.len() as u64).to_le_bytes());
        k.extend_from_slice(schema);
        Some(k)
    }

    /// Whether the schema of `key` was found clean.
    pub fn holds(&self, key: &[u8]) -> bool {
        self.set.contains(key)
    }

    /// Whether `schema` (its text as written) was found clean with `allowed_fields`: [`CleanSchemas::key`] then
    /// [`CleanSchemas::holds`].
    pub fn remembers(&self, schema: &[u8], allowed_fields: &[String]) -> bool {
        self.key(schema, allowed_fields)
            .is_some_and(|k| self.holds(&k))
    }

    /// Records that the schema of `key` is clean.
    pub fn note(&self, key: Vec<u8>) {
        if key.len() > MAX_KEY_BYTES {
            return;
        }
        let cost = key.len();
        self.set.insert(key.into_boxed_slice(), cost);
    }

    /// How many schemas the set holds (for tests).
    #[cfg(test)]
    pub(crate) fn len(&self) -> usize {
        self.set.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn holds_what_was_noted_within_its_bounds() {
        let c = CleanSchemas::new(100);
        let schema = br#"{"type":"object"}"#;
        let k = c.key(schema, &[]).expect("fits");
        assert!(!c.holds(&k));
        c.note(k.clone());
        assert!(c.holds(&k));
        // The allowed fields are part of the key: the same schema judged on another route is judged again.
        let other = c.key(schema, &["token".to_owned()]).expect("fits");
        assert!(!c.holds(&other));
        // Lists that concatenate alike still differ.
        let ab = c.key(b"x", &["a".to_owned(), "b".to_owned()]);
        let a_b = c.key(b"x", &["ab".to_owned()]);
        assert_ne!(ab, a_b);
        // Full: emptied, then the new key kept.
        c.note(c.key(&[b' '; 80], &[]).expect("fits"));
        assert_eq!(c.len(), 1);
        assert!(!c.holds(&k));
        // Over the key bound: never kept.
        let big = vec![b'x'; MAX_KEY_BYTES];
        assert!(c.key(&big, &[]).is_none());
        let off = CleanSchemas::new(0);
        assert!(off.key(schema, &[]).is_none());
        off.note(k.clone());
        assert!(!off.holds(&k));
    }
}
