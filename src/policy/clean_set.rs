//! The set behind the policy's memory of clean hosts ([`crate::policy::url`]; form schemas have an index of
//! their own, [`crate::policy::clean_schemas`], built the same way): keys the checks found clean, within a
//! budget, emptied when a new key would overflow it, so a server cycling through fresh clean inputs costs what
//! no memory costs.
//!
//! Keys are server text, hashed with foldhash seeded at random per process and per set (not std's SipHash:
//! a schema key is a few hundred bytes, and SipHash of it was a measurable part of judging the 64 KB
//! benchmark message's 40 forms). Collisions cannot make a wrong answer, since a hit compares the whole key;
//! what a server choosing keys could aim for is a slow lookup, which takes keys that collide under a seed it
//! never sees, and is bounded anyway by the budget (the set is emptied when full). A poisoned lock (a panic
//! elsewhere while holding it; nothing here panics) reads as a miss and keeps nothing: the input is judged
//! again.

use std::collections::HashSet;
use std::sync::Mutex;

/// A bounded set of byte keys. See the module doc.
#[derive(Debug)]
pub(crate) struct CleanSet {
    /// Units of budget (what a unit is, the owner says through each key's cost); 0 keeps nothing.
    budget: usize,
    inner: Mutex<Inner>,
}

#[derive(Debug, Default)]
struct Inner {
    set: HashSet<Box<[u8]>, foldhash::fast::RandomState>,
    /// Sum of the costs of the keys in `set`.
    used: usize,
}

impl CleanSet {
    /// An empty set of `budget` units.
    pub(crate) fn new(budget: usize) -> Self {
        CleanSet {
            budget,
            inner: Mutex::new(Inner::default()),
        }
    }

    /// The budget; 0 when the memory is off.
    pub(crate) fn budget(&self) -> usize {
        self.budget
    }

    /// Whether `key` is held.
    pub(crate) fn contains(&self, key: &[u8]) -> bool {
        self.inner.lock().is_ok_and(|i| i.set.contains(key))
    }

    /// Keeps `key` at `cost` units, emptying the set first when it would not fit. A key costing more than the
    /// whole budget is not kept.
    pub(crate) fn insert(&self, key: Box<[u8]>, cost: usize) {
        if cost > self.budget {
            return;
        }
        if let Ok(mut i) = self.inner.lock() {
            if i.used + cost > self.budget {
                i.set.clear();
                i.used = 0;
            }
            if i.set.insert(key) {
                i.used += cost;
            }
        }
    }

    /// How many keys the set holds (for tests).
    #[cfg(test)]
    pub(crate) fn len(&self) -> usize {
        self.inner.lock().map_or(0, |i| i.set.len())
    }
}
