//! Legacy (2025-11-25) session memory, in process: what each `Mcp-Session-Id`'s client declared in
//! `initialize`, who opened it, and the forms its server asked. Bounded and expiring, because session ids come
//! from upstreams and clients alike. The Redis backend (`super::redis`) keeps the same record with the same
//! bounds and matches answers to questions with the same [`id_key`].

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
/// answer to it is then refused: see [`MAX_FORGOTTEN`]).
pub const MAX_OUTSTANDING: usize = 16;

/// Forgotten asks remembered per session, as 8-byte hashes of their ids, so that an answer to one is refused
/// rather than forwarded unchecked (a server pushing 16 filler forms must not get the first answer past the
/// check). Past this many (8 KiB), the session refuses every answer it cannot match to an ask: fail closed.
pub const MAX_FORGOTTEN: usize = 1024;

/// What a session knows of the question an answer replies to.
#[derive(Debug, Clone, PartialEq)]
pub enum AskLookup {
    /// A form the session forwarded: its requested schema (taken: an answer is checked once).
    Form(serde_json::Value),
    /// A form the session forwarded and then forgot (too many outstanding): the answer cannot be checked.
    Forgotten,
    /// Nothing the session asked for with a form (a sampling or roots answer, or an unknown session).
    NotAForm,
    /// The answer's id holds a character the gateway's Unicode tables do not know, which a server may
    /// read as a digit: the question it answers cannot be told, so the answer cannot be checked.
    UnreadableId,
}

#[derive(Debug, Clone)]
struct Session {
    modes: ClientModes,
    principal: String,
    last_used: Instant,
    /// Server request id -> the form schema it asked, oldest first.
    asked: std::collections::VecDeque<(String, serde_json::Value)>,
    /// Hashes of the ids of asks dropped from `asked`, oldest first ([`MAX_FORGOTTEN`]).
    forgotten: std::collections::VecDeque<u64>,
    /// More asks were dropped than `forgotten` holds: no unmatched answer can be told apart any more.
    forgot_too_many: bool,
}

/// The hash an ask's id key is forgotten under. A collision only refuses an answer that did not need it.
/// SHA-256, not std's hasher: replicas sharing a Redis store must agree on it, whatever Rust built them.
pub(crate) fn forgotten_hash(key: &str) -> u64 {
    let d = aws_lc_rs::digest::digest(&aws_lc_rs::digest::SHA256, key.as_bytes());
    let mut first = [0u8; 8];
    first.copy_from_slice(&d.as_ref()[..8]);
    u64::from_le_bytes(first)
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
                forgotten: Default::default(),
                forgot_too_many: false,
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

    /// Remembers the schema of a form elicitation the server pushed in this session. `request_id` is the
    /// server request's id as text (a string id as it is, a number as JSON writes it).
    pub fn remember_asked(&self, id: &str, request_id: &str, schema: serde_json::Value) {
        let Ok(mut map) = self.map.lock() else { return };
        if let Some(s) = map.get_mut(id) {
            if s.asked.len() >= MAX_OUTSTANDING {
                if let Some((old, _)) = s.asked.pop_front() {
                    if s.forgotten.len() >= MAX_FORGOTTEN {
                        s.forgotten.pop_front();
                        s.forgot_too_many = true;
                    }
                    s.forgotten.push_back(forgotten_hash(&old));
                }
            }
            // A server's own id the tables cannot read is kept as text; an answer under it is refused
            // (take_asked), which only costs a server that uses unassigned characters in its ids.
            let key = id_key(request_id).unwrap_or_else(|| format!("s:{request_id}"));
            s.asked.push_back((key, schema));
        }
    }

    /// Takes what the server request `request_id` (the answer's id as text, as for
    /// [`Sessions::remember_asked`]) asked in this session: matched as loosely as servers match it.
    pub fn take_asked(&self, id: &str, request_id: &str) -> AskLookup {
        let key = id_key(request_id);
        let Ok(mut map) = self.map.lock() else {
            // A poisoned lock cannot say what was asked: the answer is not checked, so it is refused.
            return AskLookup::Forgotten;
        };
        let Some(s) = map.get_mut(id) else {
            return AskLookup::NotAForm;
        };
        let Some(key) = key else {
            return AskLookup::UnreadableId;
        };
        if let Some(pos) = s.asked.iter().position(|(r, _)| *r == key) {
            if let Some((_, schema)) = s.asked.remove(pos) {
                return AskLookup::Form(schema);
            }
        }
        let hash = forgotten_hash(&key);
        if let Some(pos) = s.forgotten.iter().position(|&h| h == hash) {
            s.forgotten.remove(pos);
            return AskLookup::Forgotten;
        }
        if s.forgot_too_many {
            AskLookup::Forgotten
        } else {
            AskLookup::NotAForm
        }
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

/// The key a JSON-RPC id is remembered and looked up under: every id text a server would take for the same
/// number gives the same key. Servers match a client's answer to their request loosely (the TypeScript SDK
/// looks up `Number(response.id)`, so `7`, `7.0`, `"7"`, `" 7"`, `"07"`, `"0x7"` and `"7e0"` all answer
/// request 7; Python's turns digit strings into integers with `int()`, which reads any Unicode decimal
/// digit: `"٧"` and `"７"` answer request 7 too). An exact match here would let an answer under such an
/// alias reach the server unchecked. Aliasing more than a server does only checks an answer against a
/// schema it did not need: fail closed. `None` when the id holds a character the gateway's Unicode tables
/// do not know ([`ascii_digits`]).
pub(crate) fn id_key(text: &str) -> Option<String> {
    let digits = ascii_digits(text)?;
    Some(match id_number(&digits) {
        Some(n) => format!("n:{}", canonical_number(n)),
        None => format!("s:{text}"),
    })
}

/// Most code points one run of decimal digits spans: Unicode's longest, the mathematical digits
/// (U+1D7CE..U+1D7FF), is five runs of ten back to back.
const MAX_DIGIT_RUN: u32 = 50;

/// `text` with every Unicode decimal digit (general category Nd) written as its ASCII digit, as Python's
/// `int()` reads them. `None` when `text` holds a character unassigned in the gateway's tables (Unicode
/// 16.0, that of Python 3.14): a later Unicode may make it a digit a server reads, so such an id is not
/// guessed at but refused. A small table would not do: Nd has some seventy runs and grows with Unicode.
fn ascii_digits(text: &str) -> Option<std::borrow::Cow<'_, str>> {
    use unicode_general_category::{get_general_category, GeneralCategory};
    if text.is_ascii() {
        return Some(std::borrow::Cow::Borrowed(text));
    }
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match get_general_category(c) {
            GeneralCategory::DecimalNumber if !c.is_ascii() => out.push(digit_of(c)),
            GeneralCategory::Unassigned => return None,
            _ => out.push(c),
        }
    }
    Some(std::borrow::Cow::Owned(out))
}

/// The ASCII digit of a decimal digit `c`. Unicode encodes decimal digits in runs of ten, zero to nine
/// (a stability policy), so the value is the distance from the start of the run of digits `c` is in,
/// modulo ten (runs of ten may follow one another).
fn digit_of(c: char) -> char {
    use unicode_general_category::{get_general_category, GeneralCategory};
    let code = u32::from(c);
    let mut start = code;
    for _ in 0..MAX_DIGIT_RUN {
        let prev = start.checked_sub(1).and_then(char::from_u32);
        if !prev.is_some_and(|p| get_general_category(p) == GeneralCategory::DecimalNumber) {
            break;
        }
        start -= 1;
    }
    char::from_digit((code - start) % 10, 10).unwrap_or('0')
}

/// The number a server may read `text` as (JavaScript's `Number()` on a string, plus Python's digit
/// underscores), its digits already ASCII ([`ascii_digits`]): surrounding whitespace ignored, empty as 0, `0x`/`0o`/`0b` integers, decimals with a sign,
/// a fraction and an exponent. `None` for anything else, and for non-finite values (no request id is one).
fn id_number(text: &str) -> Option<f64> {
    // JavaScript's `Number()` also strips a byte-order mark, which is not Unicode white space.
    let t = text.trim_matches(|c: char| c.is_whitespace() || c == '\u{FEFF}');
    if t.is_empty() {
        return Some(0.0);
    }
    let radix = match t.get(..2) {
        Some("0x" | "0X") => Some(16),
        Some("0o" | "0O") => Some(8),
        Some("0b" | "0B") => Some(2),
        _ => None,
    };
    let n = match (radix, t.get(2..)) {
        (Some(r), Some(digits)) => u128::from_str_radix(digits, r).ok().map(|v| v as f64),
        _ => t.replace('_', "").parse::<f64>().ok(),
    };
    n.filter(|n| n.is_finite())
}

/// One text per number: integers (and -0) without a fraction, others in Rust's shortest round-trip form.
fn canonical_number(n: f64) -> String {
    if n.fract() == 0.0 && n.abs() < 1e21 {
        // Exact: an integral f64 below 1e21 fits an i128.
        format!("{}", n as i128)
    } else {
        format!("{n:e}")
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
        // The oldest were dropped, and an answer to them is known to be unchecked: refused, not passed.
        assert_eq!(s.take_asked("a", "0"), AskLookup::Forgotten);
        assert_eq!(s.take_asked("a", "1"), AskLookup::Forgotten);
        assert_eq!(s.take_asked("a", "0.0"), AskLookup::NotAForm, "told once");
        assert_eq!(
            s.take_asked("a", "5"),
            AskLookup::Form(serde_json::json!({"i": 5}))
        );
        assert_eq!(s.take_asked("a", "5"), AskLookup::NotAForm, "taken once");
        assert_eq!(s.take_asked("a", "sampling-1"), AskLookup::NotAForm);
        assert_eq!(s.take_asked("nope", "6"), AskLookup::NotAForm);
    }

    #[test]
    fn past_the_forgotten_bound_every_unmatched_answer_is_refused() {
        let s = Sessions::default();
        s.insert("a", ClientModes::ALL, "p", Instant::now());
        for i in 0..(MAX_OUTSTANDING + MAX_FORGOTTEN + 1) {
            s.remember_asked("a", &i.to_string(), serde_json::json!({"i": i}));
        }
        // Id 0 fell off the forgotten list too: the session can no longer tell, so it refuses.
        assert_eq!(s.take_asked("a", "0"), AskLookup::Forgotten);
        assert_eq!(s.take_asked("a", "sampling-1"), AskLookup::Forgotten);
        let last = (MAX_OUTSTANDING + MAX_FORGOTTEN).to_string();
        assert!(matches!(s.take_asked("a", &last), AskLookup::Form(_)));
    }

    /// Every decimal seven Python's `int()` reads as 7 (Unicode 14.0, generated with Python 3.11's
    /// `unicodedata`: category Nd, `int(c) == 7`), one per script.
    const SEVENS: &str = "\u{0667}\u{06f7}\u{07c7}\u{096d}\u{09ed}\u{0a6d}\u{0aed}\u{0b6d}\u{0bed}\u{0c6d}\u{0ced}\u{0d6d}\u{0ded}\u{0e57}\u{0ed7}\u{0f27}\u{1047}\u{1097}\u{17e7}\u{1817}\u{194d}\u{19d7}\u{1a87}\u{1a97}\u{1b57}\u{1bb7}\u{1c47}\u{1c57}\u{a627}\u{a8d7}\u{a907}\u{a9d7}\u{a9f7}\u{aa57}\u{abf7}\u{ff17}\u{104a7}\u{10d37}\u{1106d}\u{110f7}\u{1113d}\u{111d7}\u{112f7}\u{11457}\u{114d7}\u{11657}\u{116c7}\u{11737}\u{118e7}\u{11957}\u{11c57}\u{11d57}\u{11da7}\u{16a67}\u{16ac7}\u{16b57}\u{1d7d5}\u{1d7df}\u{1d7e9}\u{1d7f3}\u{1d7fd}\u{1e147}\u{1e2f7}\u{1e957}\u{1fbf7}";

    /// Python's `int()` reads any Unicode decimal digit (`int("٧") == 7`, `int("１٧") == 17`) and the
    /// Python SDK turns a string response id into an int that way; JavaScript's `Number()` also strips a
    /// byte-order mark. An answer under such an id is the answer to that request and must be checked.
    #[test]
    fn an_answer_under_unicode_digits_is_found() {
        let s = Sessions::default();
        s.insert("a", ClientModes::ALL, "p", Instant::now());
        let asked = || serde_json::json!({"n": 7});
        let sevens: Vec<String> = SEVENS.chars().map(String::from).collect();
        let others = [
            "\u{ff17}",
            " \u{0667} ",
            "\u{a0}7",
            "\u{3000}\u{0667}",
            "\u{feff}7",
            "0\u{0667}",
        ];
        for alias in sevens.iter().map(String::as_str).chain(others) {
            s.remember_asked("a", "7", asked());
            assert_eq!(
                s.take_asked("a", alias),
                AskLookup::Form(asked()),
                "{alias:?}"
            );
        }
        s.remember_asked("a", "17", asked());
        assert_eq!(
            s.take_asked("a", "\u{ff11}\u{0667}"),
            AskLookup::Form(asked())
        );
        // A character the gateway's tables do not know may be a digit of a newer Unicode: refused.
        s.remember_asked("a", "7", asked());
        assert_eq!(s.take_asked("a", "\u{50000}"), AskLookup::UnreadableId);
        // Letters of other scripts are no number: such ids keep their own key.
        s.remember_asked("a", "\u{0667}x", asked());
        assert_eq!(s.take_asked("a", "7x"), AskLookup::NotAForm);
        assert_eq!(s.take_asked("a", "\u{0667}x"), AskLookup::Form(asked()));
    }

    #[test]
    fn an_answer_is_found_under_every_alias_of_its_id() {
        let s = Sessions::default();
        s.insert("a", ClientModes::ALL, "p", Instant::now());
        for alias in ["7", "7.0", " 7", "07", "0x7", "7e0", "+7", "7_", "70e-1"] {
            s.remember_asked("a", "7", serde_json::json!({"n": 7}));
            assert_eq!(
                s.take_asked("a", alias),
                AskLookup::Form(serde_json::json!({"n": 7})),
                "{alias:?}"
            );
        }
        s.remember_asked("a", "0", serde_json::json!({"n": 0}));
        assert_eq!(
            s.take_asked("a", ""),
            AskLookup::Form(serde_json::json!({"n": 0}))
        );
        s.remember_asked("a", "abc", serde_json::json!({"s": 1}));
        assert_eq!(
            s.take_asked("a", "n:abc"),
            AskLookup::NotAForm,
            "strings keep their own space"
        );
        assert_eq!(
            s.take_asked("a", "abc"),
            AskLookup::Form(serde_json::json!({"s": 1}))
        );
        for odd in ["inf", "NaN", "0x", "1e999", "-0x7"] {
            assert!(id_number(odd).is_none(), "{odd:?}");
        }
    }
}
