//! Legacy (2025-11-25) session memory: what each `Mcp-Session-Id`'s client declared in `initialize`, and
//! who opened it. Bounded and expiring, because session ids come from upstreams and clients alike.

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use crate::wire::ClientModes;

/// Sessions remembered at once. Each entry is ~100 bytes; 100,000 sessions is ~10 MiB, well above the
/// concurrent legacy sessions one gateway replica serves, and small enough to never matter.
pub const MAX_SESSIONS: usize = 100_000;

/// A session unused for this long is forgotten (clients re-initialize after a 404 from the server anyway).
pub const SESSION_IDLE: Duration = Duration::from_secs(3600);

/// Longest session id accepted. The spec asks for visible ASCII; UUIDs are 36 bytes.
pub const MAX_SESSION_ID_BYTES: usize = 256;

/// Form elicitations remembered per session until answered. A server waits on each one, so a handful are
/// outstanding at once; 16 bounds a hostile server that pushes without end (the oldest is forgotten, and an
/// answer to it is then refused as unasked).
pub const MAX_OUTSTANDING: usize = 16;

#[derive(Debug, Clone)]
struct Session {
    modes: ClientModes,
    principal: String,
    last_used: Instant,
    /// Server request id -> the form schema it asked, oldest first.
    asked: std::collections::VecDeque<(String, serde_json::Value)>,
}

/// The store.
#[derive(Debug, Default)]
pub struct Sessions {
    map: Mutex<HashMap<String, Session>>,
}

/// What is known of a session.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Lookup {
    /// Known: its declared modes.
    Known(ClientModes),
    /// Known, but opened by another principal.
    OtherPrincipal,
    /// Not known (expired, evicted, or from before a restart): nothing is assumed declared.
    Unknown,
}

impl Sessions {
    /// Remembers a session opened by `principal` whose `initialize` declared `modes`.
    pub fn insert(&self, id: &str, modes: ClientModes, principal: &str, now: Instant) {
        if id.len() > MAX_SESSION_ID_BYTES {
            return;
        }
        let Ok(mut map) = self.map.lock() else { return };
        if map.len() >= MAX_SESSIONS && !map.contains_key(id) {
            map.retain(|_, s| now.duration_since(s.last_used) < SESSION_IDLE);
            if map.len() >= MAX_SESSIONS {
                // Still full of live sessions: forget the least recently used one. Its client's elicitations
                // will then be judged as undeclared (fail closed) until it re-initializes.
                if let Some(oldest) = map
                    .iter()
                    .min_by_key(|(_, s)| s.last_used)
                    .map(|(k, _)| k.clone())
                {
                    map.remove(&oldest);
                }
            }
        }
        map.insert(
            id.to_owned(),
            Session {
                modes,
                principal: principal.to_owned(),
                last_used: now,
                asked: Default::default(),
            },
        );
    }

    /// Looks a session up for `principal`, refreshing it.
    pub fn lookup(&self, id: &str, principal: &str, now: Instant) -> Lookup {
        let Ok(mut map) = self.map.lock() else {
            return Lookup::Unknown;
        };
        match map.get_mut(id) {
            Some(s) if now.duration_since(s.last_used) >= SESSION_IDLE => {
                map.remove(id);
                Lookup::Unknown
            }
            Some(s) if s.principal != principal => Lookup::OtherPrincipal,
            Some(s) => {
                s.last_used = now;
                Lookup::Known(s.modes)
            }
            None => Lookup::Unknown,
        }
    }

    /// Remembers the schema of a form elicitation the server pushed in this session.
    pub fn remember_asked(&self, id: &str, request_id: &str, schema: serde_json::Value) {
        let Ok(mut map) = self.map.lock() else { return };
        if let Some(s) = map.get_mut(id) {
            if s.asked.len() >= MAX_OUTSTANDING {
                s.asked.pop_front();
            }
            s.asked.push_back((request_id.to_owned(), schema));
        }
    }

    /// Takes the schema asked by the server request `request_id`, if this session has it.
    pub fn take_asked(&self, id: &str, request_id: &str) -> Option<serde_json::Value> {
        let mut map = self.map.lock().ok()?;
        let s = map.get_mut(id)?;
        let pos = s.asked.iter().position(|(r, _)| r == request_id)?;
        s.asked.remove(pos).map(|(_, schema)| schema)
    }

    /// Forgets a session (DELETE).
    pub fn remove(&self, id: &str) {
        if let Ok(mut map) = self.map.lock() {
            map.remove(id);
        }
    }

    /// Number of sessions held.
    pub fn len(&self) -> usize {
        self.map.lock().map(|m| m.len()).unwrap_or(0)
    }

    /// True when no session is held.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bound_expiry_and_principal() {
        let s = Sessions::default();
        let t0 = Instant::now();
        s.insert("a", ClientModes::ALL, "alice", t0);
        assert_eq!(s.lookup("a", "alice", t0), Lookup::Known(ClientModes::ALL));
        assert_eq!(s.lookup("a", "bob", t0), Lookup::OtherPrincipal);
        assert_eq!(s.lookup("a", "alice", t0 + SESSION_IDLE), Lookup::Unknown);
        assert_eq!(s.lookup("zz", "alice", t0), Lookup::Unknown);
        s.insert(
            &"x".repeat(MAX_SESSION_ID_BYTES + 1),
            ClientModes::ALL,
            "a",
            t0,
        );
        assert!(s.is_empty());
    }

    #[test]
    fn outstanding_asks_are_bounded_and_taken_once() {
        let s = Sessions::default();
        let t0 = Instant::now();
        s.insert("a", ClientModes::ALL, "p", t0);
        for i in 0..(MAX_OUTSTANDING + 2) {
            s.remember_asked("a", &i.to_string(), serde_json::json!({"i": i}));
        }
        assert_eq!(s.take_asked("a", "0"), None, "the oldest was forgotten");
        assert_eq!(s.take_asked("a", "5"), Some(serde_json::json!({"i": 5})));
        assert_eq!(s.take_asked("a", "5"), None, "taken once");
        assert_eq!(s.take_asked("nope", "6"), None);
    }
}
