//! Hosts the host checks found clean, so that the next link to the same host is not checked again.
//!
//! The host checks (IP notations, internal names, IDNA, mixed scripts, look-alikes of the protected brands)
//! are a pure function of the policy, the host as parsed and the host as written, and the costliest part of a
//! URL's judgement. The hosts an MCP server's links point at repeat (its sign-in
//! provider, its own callback) while the rest of each link (state, nonces) does not, so the verdict is kept
//! per host, and only when it is clean: a host with any finding is checked every time, so nothing the checks
//! found is stored, and a host is either in the set or judged as if there were no set.
//!
//! Bounds: at most the policy's `clean_host_cache` hosts (0 switches the cache off), each key at most
//! [`MAX_KEY_BYTES`] (longer hosts are always checked), in a [`CleanSet`] (emptied when full). The set belongs
//! to one compiled policy: a reload starts empty.

use crate::policy::clean_set::CleanSet;

/// Longest key kept: a DNS name is at most 253 bytes, and the host as written a little more.
pub const MAX_KEY_BYTES: usize = 512;

/// The set of clean hosts. See the module doc.
#[derive(Debug)]
pub(super) struct CleanHosts {
    /// Keys, each costing one host.
    set: CleanSet,
}

impl CleanHosts {
    /// A set of at most `capacity` hosts; 0 keeps none.
    pub(super) fn new(capacity: usize) -> Self {
        CleanHosts {
            set: CleanSet::new(capacity),
        }
    }

    /// Whether `host` (as parsed), written as `raw` in the link, was found clean.
    pub(super) fn holds(&self, host: &str, raw: Option<&str>) -> bool {
        if self.set.budget() == 0 {
            return false;
        }
        // The key is looked up from the stack when it fits (nearly every host): this runs for each host of
        // each link, and the allocation was a fifth of it.
        let mut stack = [0u8; STACK_KEY_BYTES];
        let heap;
        let key = match key_on_stack(&mut stack, host, raw) {
            Some(k) => k,
            None => {
                heap = key(host, raw);
                match heap.as_deref() {
                    Some(k) => k,
                    None => return false,
                }
            }
        };
        self.set.contains(key.as_bytes())
    }

    /// Records that `host`, written as `raw`, is clean.
    pub(super) fn note(&self, host: &str, raw: Option<&str>) {
        if self.set.budget() == 0 {
            return;
        }
        let Some(key) = key(host, raw) else {
            return;
        };
        self.set.insert(key.into_bytes().into_boxed_slice(), 1);
    }

    /// How many hosts the set holds (for tests).
    #[cfg(test)]
    pub(super) fn len(&self) -> usize {
        self.set.len()
    }
}

/// Longest key [`CleanHosts::holds`] builds on the stack.
const STACK_KEY_BYTES: usize = 128;

/// [`key`] written into `buf`, when it fits (a test compares the two).
fn key_on_stack<'b>(
    buf: &'b mut [u8; STACK_KEY_BYTES],
    host: &str,
    raw: Option<&str>,
) -> Option<&'b str> {
    let len = host.len() + 1 + raw.map_or(0, str::len);
    let out = buf.get_mut(..len)?;
    let (h, rest) = out.split_at_mut(host.len());
    h.copy_from_slice(host.as_bytes());
    let (mark, r) = rest.split_first_mut()?;
    match raw {
        Some(raw) => {
            *mark = 0;
            r.copy_from_slice(raw.as_bytes());
        }
        None => *mark = 1,
    }
    // Two strings and an ASCII byte: always UTF-8.
    std::str::from_utf8(out).ok()
}

/// The key of a host and its written form: `host NUL raw`, or `host SOH` when the link wrote no host the
/// raw reading could isolate. A parsed host holds no control character, so no two pairs share a key.
fn key(host: &str, raw: Option<&str>) -> Option<String> {
    let len = host.len() + 1 + raw.map_or(0, str::len);
    if len > MAX_KEY_BYTES {
        return None;
    }
    let mut k = String::with_capacity(len);
    k.push_str(host);
    match raw {
        Some(r) => {
            k.push('\0');
            k.push_str(r);
        }
        None => k.push('\u{1}'),
    }
    Some(k)
}

#[cfg(test)]
mod tests {
    use super::*;

    proptest::proptest! {
        #[test]
        fn the_stack_key_is_the_key(host in "\\PC{0,70}", raw in proptest::option::of("\\PC{0,70}")) {
            let mut buf = [0u8; STACK_KEY_BYTES];
            let want = key(&host, raw.as_deref());
            match key_on_stack(&mut buf, &host, raw.as_deref()) {
                Some(k) => proptest::prop_assert_eq!(Some(k), want.as_deref()),
                None => proptest::prop_assert!(host.len() + 1 + raw.map_or(0, |r| r.len()) > STACK_KEY_BYTES),
            }
        }
    }

    #[test]
    fn holds_what_was_noted_within_its_bounds() {
        let c = CleanHosts::new(2);
        assert!(!c.holds("github.com", Some("github.com")));
        c.note("github.com", Some("github.com"));
        assert!(c.holds("github.com", Some("github.com")));
        // The written form is part of the key: `GitHub.com` was never found clean.
        assert!(!c.holds("github.com", Some("GitHub.com")));
        assert!(!c.holds("github.com", None));
        c.note("a.example", None);
        assert_eq!(c.len(), 2);
        // Full: emptied, then the new host kept.
        c.note("b.example", None);
        assert_eq!(c.len(), 1);
        assert!(c.holds("b.example", None) && !c.holds("github.com", Some("github.com")));
        let long = "a".repeat(MAX_KEY_BYTES);
        c.note(&long, None);
        assert!(!c.holds(&long, None));
        let off = CleanHosts::new(0);
        off.note("github.com", None);
        assert!(!off.holds("github.com", None));
    }
}
