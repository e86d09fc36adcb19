//! A sound pre-filter: tells, at memchr speed, when a body cannot carry anything the gateway must judge.
//!
//! CONTRACT (wire helper): `may_carry_elicitation(body) -> bool` returns false only when no parse of `body`
//! by any JSON parser could yield an elicitation-bearing message: an `input_required` result, an
//! `inputRequests` map, a server-to-client request (`elicitation/create`, `sampling/createMessage`,
//! `roots/list`, or any other method outside the `notifications/` namespace), or a JSON-RPC error (which
//! could be -32042). It must be sound against JSON escapes (`"input\u005frequired"`, `"elicitation\/create"`),
//! whitespace and key order: any `\u` escape, any `"method"` whose value is not literally a
//! `"notifications/…"` name, any `"error"`, ... makes it return true. Invalid UTF-8 returns true (the full
//! parser then refuses it). False positives only cost a parse.
//!
//! Why this is sound:
//! - For the usual, case-sensitive parsers: every elicitation-bearing message has a key `method`
//!   (requests, `inputRequests` entries), `error` (legacy -32042), `inputRequests` or `requestState`, or
//!   the string `input_required`. A JSON string can spell a letter only as itself or as a `\u` escape
//!   (the short escapes `\n`, `\/`, ... stand for no letter) and cannot hold whitespace, so the body
//!   either holds the quoted word as written, or a `\u`. Each needle below is a piece of one of those
//!   words (a piece is present whenever the word is); `\u` is looked for separately.
//! - For parsers that match keys without case (Go's `encoding/json`, with its Unicode folds too): a
//!   folded key (`"METHOD"`, `"inputReque\u{17F}ts"`) is not seen, but values are compared exactly
//!   everywhere, so what makes the message dangerous still is: the method values `elicitation/create`,
//!   `sampling/createMessage`, `roots/list`, the value `input_required`, and the code `-32042`, which such
//!   a client decodes into an integer and so must be written as the digits `32042`. A folded key with
//!   none of those values asks the client for nothing.
//! - A `"method"` whose value is written `"notifications/…"` (letters, digits, `/`, `_`, `-`; see
//!   [`names_a_notification`]) names a notification: none of the methods that carry input requests is in that
//!   namespace, and the needles of those (`licitat`, `teMessage`, `roots`) are still searched for in the
//!   value itself, so `notifications/elicitation/complete` is parsed. With no escape in the body, every parser
//!   reads the name as written; a second `method` or an `error` beside it is found by its own needle, and
//!   a body with such a name and a `result"` anywhere is parsed. Such a message is a progress report, a log
//!   line or a list change: the bulk of a stream.
//! - A NUL byte is never valid in JSON text, and is how UTF-16/UTF-32 bodies (which some parsers
//!   auto-detect) look in bytes: say true and let the strict parser refuse it.
//! - Invalid UTF-8: a lenient decoder that drops bad bytes could join `met\xFFhod` into `method`.
//!
//! Speed: one SIMD multi-pattern pass (Teddy, through `aho-corasick`'s packed searcher) whose needles
//! start with bytes rare in JSON, one `memchr2` pass for backslashes and NULs, and one UTF-8 check.
//! Searching for the whole words instead (`"method"`, `"inputRequests"`) or for every quote was measured
//! several times slower on tools/list-like bodies, where quotes and `"in`, `"re` abound.

use std::sync::LazyLock;

use aho_corasick::packed::{Config, MatchKind, Searcher};

/// Pieces of the deciding words, each chosen to start with three bytes that are rare in JSON bodies.
const NEEDLES: &[&str] = &[
    "hod\"",      // "method"
    "\"error\"",  // "error", whole: "isError" ends the same way
    "t_req",      // input_required
    "Requests\"", // "inputRequests"
    "stState\"",  // "requestState"
    "licitat",    // elicitation/create, "elicitations", notifications/elicitation/...
    "teMessage",  // sampling/createMessage (not across the `/`, which may be written `\/`)
    "roots",      // roots/list
    "32042",      // -32042, as a case-folding client must see it
];

/// The index in [`NEEDLES`] of the piece of `"method"`.
const METHOD_NEEDLE: usize = 0;
const _: () = assert!(matches!(NEEDLES[METHOD_NEEDLE].as_bytes(), b"hod\""));

/// The prefix of the notification methods: no method the gateway judges starts with it (see
/// [`names_a_notification`]).
const NOTIFICATIONS: &[u8] = b"notifications/";

/// Whether the bytes from `at` (just past a `hod"`) are `: "notifications/…"`: JSON whitespace, a colon,
/// whitespace, and a string of the notification namespace closed by its quote, with only letters, digits,
/// `/`, `_` and `-` in it. Why such a `method` may pass is in the module doc; the methods that carry input
/// requests are [`method_kind`](crate::wire::carrier::method_kind)'s, all outside that namespace. The search
/// resumes right after the `hod"`, so every other needle is still looked for in the name and after it.
fn names_a_notification(body: &[u8], at: usize) -> bool {
    // JSON's whitespace only: a parser that skips more (a form feed) reads the same notification name.
    let skip_ws = |b: &[u8]| -> usize {
        b.iter()
            .take_while(|c| matches!(c, b' ' | b'\t' | b'\n' | b'\r'))
            .count()
    };
    let rest = body.get(at..).unwrap_or_default();
    let Some(rest) = rest.get(skip_ws(rest)..).and_then(|r| r.strip_prefix(b":")) else {
        return false;
    };
    let rest = rest.get(skip_ws(rest)..).unwrap_or_default();
    let Some(name) = rest
        .strip_prefix(b"\"")
        .and_then(|r| r.strip_prefix(NOTIFICATIONS))
    else {
        return false;
    };
    let len = name
        .iter()
        .take_while(|&&b| b.is_ascii_alphanumeric() || matches!(b, b'/' | b'_' | b'-'))
        .count();
    name.get(len) == Some(&b'"')
}

/// The end of a `"result"` key, looked for in a body that names a notification (see [`may_carry_elicitation`]).
/// Built once: `memmem::find` builds its searcher on every call, which cost more than the search of a
/// notification-sized body.
static RESULT_KEY: LazyLock<memchr::memmem::Finder<'static>> =
    LazyLock::new(|| memchr::memmem::Finder::new(b"result\""));

/// Built once: the packed (SIMD) searcher, or None on a CPU without the instructions it needs.
static SEARCHER: LazyLock<Option<Searcher>> = LazyLock::new(|| {
    Config::new()
        .match_kind(MatchKind::LeftmostFirst)
        .builder()
        .extend(NEEDLES)
        .build()
});

/// Fallback for CPUs without SIMD support for the packed searcher.
static FALLBACK: LazyLock<Option<aho_corasick::AhoCorasick>> =
    LazyLock::new(|| aho_corasick::AhoCorasick::new(NEEDLES).ok());

/// Builds the searcher now, at start-up, rather than in the first response that passes through.
pub fn prepare() {
    LazyLock::force(&RESULT_KEY);
    if SEARCHER.is_none() {
        LazyLock::force(&FALLBACK);
    }
}

/// True unless `body` certainly carries nothing the gateway must judge. See the module doc.
pub fn may_carry_elicitation(body: &[u8]) -> bool {
    let mut excused = false;
    let mut deciding = |m: usize, end: usize| {
        let notification = m == METHOD_NEEDLE && names_a_notification(body, end);
        excused |= notification;
        !notification
    };
    let found = match (SEARCHER.as_ref(), FALLBACK.as_ref()) {
        (Some(searcher), _) => searcher
            .find_iter(body)
            .any(|m| deciding(m.pattern().as_usize(), m.end())),
        (None, Some(fallback)) => fallback
            .find_iter(body)
            .any(|m| deciding(m.pattern().as_usize(), m.end())),
        (None, None) => return true, // cannot happen for these needles; fail towards parsing
    };
    // A notification beside a `result` is a message clients disagree about (the gateway refuses it as
    // malformed, see `wire::carrier`): parsed, as before the exception, whatever the result holds.
    if found || (excused && RESULT_KEY.find(body).is_some()) {
        return true;
    }
    let escape_or_nul = memchr::memchr2_iter(b'\\', 0, body)
        .any(|at| body.get(at) == Some(&0) || body.get(at + 1) == Some(&b'u'));
    escape_or_nul || simdutf8::basic::from_utf8(body).is_err()
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn benign_bodies_skip_the_parse() {
        let cases: &[&str] = &[
            r#"{"jsonrpc":"2.0","id":3,"result":{"content":[{"type":"text","text":"42 degrees"}],"isError":false,"resultType":"complete"}}"#,
            r#"{"jsonrpc":"2.0","id":"a","result":{"tools":[{"name":"weather","description":"Gets the weather","inputSchema":{"type":"object","properties":{"city":{"type":"string"}}}}],"resultType":"complete"}}"#,
            r#"{"jsonrpc":"2.0","id":9,"result":{}}"#,
            r#"{"jsonrpc":"2.0","id":4,"result":{"contents":[{"uri":"file:///a.txt","text":"an error occurred \/ path"}]}}"#,
            "{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{\"content\":[{\"type\":\"text\",\"text\":\"caf\u{e9} \u{1f600}\"}]}}",
            "",
            // Notifications: the bulk of a stream.
            r#"{"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":"t","progress":1}}"#,
            r#"{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":"copied 3 files"}}"#,
            "{\"params\":{},\"method\" \r\n:\t \"notifications/resources/list_changed\"}",
            r#"{"jsonrpc":"2.0","method":"notifications/tasks/status_2-x","params":{"taskId":"a"}}"#,
            r#"[{"method":"notifications/progress"},{"method":"notifications/cancelled","params":{"requestId":3}}]"#,
        ];
        for body in cases {
            assert!(!may_carry_elicitation(body.as_bytes()), "{body}");
        }
    }

    #[test]
    fn suspicious_bodies_are_parsed() {
        let cases: &[&[u8]] = &[
            br#"{"jsonrpc":"2.0","id":1,"method":"elicitation/create","params":{}}"#,
            br#"{"jsonrpc":"2.0","id":1,"method":"ping"}"#,
            // Notifications that are parsed all the same: an input method's name inside, a second method,
            // something beside the method that has its own needle, a name not written literally.
            br#"{"jsonrpc":"2.0","method":"notifications/elicitation/complete","params":{}}"#,
            br#"{"jsonrpc":"2.0","method":"notifications/roots/list_changed"}"#,
            br#"{"method":"notifications/progress","id":1,"method":"ping"}"#,
            br#"{"method":"notifications/progress","Method":"ping","id":1}"#,
            br#"{"method":"notifications/progress","id":1,"result":{"resultType":"input_required"}}"#,
            br#"{"method":"notifications/progress","result":{"content":[]}}"#,
            br#"{"method":"notifications/progress","id":1,"error":{"code":-1}}"#,
            br#"{"method":"notifications/progress\u0000"}"#,
            br#"{"method":"notifications\/progress"}"#,
            br#"{"method":"notifications/progress}"#,
            br#"{"method":"notifications/pro gress"}"#,
            br#"{"method":"notifications/progress"#,
            br#"{"method":"notification/progress"}"#,
            br#"{"method":{"notifications/progress":1}}"#,
            br#"{"method":["notifications/progress"]}"#,
            br#"{"method""notifications/progress"}"#,
            br#"{"a":"method"}"#,
            b"{\"method\":\"notifications/progress\",\"x\":\"\xff\"}",
            br#"{"jsonrpc":"2.0","id":1,"error":{"code":-3.2042e4,"message":"m"}}"#,
            br#"{"result":{"resultType":"input_required","requestState":"x"}}"#,
            br#"{"result":{"resultType":"input\u005frequired"}}"#,
            br#"{"m":"elicitation\/create"}"#,
            br#"{"result":{"resultType":"input_required","INPUTREQUESTS":{}}}"#,
            br#"{"METHOD":"elicitation/create"}"#,
            br#"{"Method":"sampling/createMessage"}"#,
            br#"{"METHOD":"roots/list"}"#,
            br#"{"id":1,"ERROR":{"CODE":-32042,"DATA":{}}}"#,
            br#"{"result":{"requestState":"only"}}"#,
            "{\"result\":{\"inputReque\u{17F}ts\":{\"a\":{\"method\":\"roots/list\"}}}}".as_bytes(),
            b"{\"text\":\"met\xffhod\"}",
            b"{\0\"\0m\0",
            br#"{"a":"\u0065"}"#,
        ];
        for body in cases {
            assert!(
                may_carry_elicitation(body),
                "{}",
                String::from_utf8_lossy(body)
            );
        }
    }

    #[test]
    fn every_needle_is_a_piece_of_a_deciding_word() {
        let words = [
            "\"method\"",
            "\"error\"",
            "input_required",
            "\"inputRequests\"",
            "\"requestState\"",
            "elicitation",
            "sampling/createMessage",
            "roots/list",
            "-32042",
        ];
        // A `/` may be written `\/`, so no needle may contain one.
        assert!(NEEDLES.iter().all(|n| !n.contains('/')));
        assert_eq!(words.len(), NEEDLES.len());
        for (word, needle) in words.iter().zip(NEEDLES) {
            assert!(word.contains(needle), "{needle} not in {word}");
        }
    }

    #[test]
    fn long_bodies_are_scanned_to_the_end() {
        for needle in [
            "\"input_required\"",
            "\"method\"",
            "\\u0041",
            "\"elicitation/create\"",
        ] {
            let body = format!("{{\"text\":\"{}\",\"k\":{needle}}}", "abc ".repeat(5000));
            assert!(may_carry_elicitation(body.as_bytes()), "{needle}");
        }
        let long_benign = format!("{{\"text\":\"{}\"}}", "abc ".repeat(5000));
        assert!(!may_carry_elicitation(long_benign.as_bytes()));
    }

    /// Writes `s` as the inside of a JSON string, escaping each character in one of the ways a JSON
    /// writer may choose (`choices` picks per character).
    fn escape_randomly(s: &str, choices: &[u8]) -> String {
        let mut out = String::new();
        for (i, c) in s.chars().enumerate() {
            let choice = choices.get(i % choices.len().max(1)).copied().unwrap_or(0) % 4;
            match (c, choice) {
                ('/', 1) => out.push_str("\\/"),
                (c, 2) if (c as u32) < 0x10000 => out.push_str(&format!("\\u{:04x}", c as u32)),
                (c, 3) if (c as u32) < 0x10000 => out.push_str(&format!("\\u{:04X}", c as u32)),
                (c, _) => out.push(c),
            }
        }
        out
    }

    fn ws(n: u8) -> &'static str {
        ["", " ", "\n", "\t", "\r\n  "][usize::from(n) % 5]
    }

    /// Elicitation-bearing messages, as templates: each `K(...)` is a key or string value to escape.
    const SHAPES: &[&[&str]] = &[
        &[
            "{",
            "jsonrpc",
            ":",
            "2.0",
            ",",
            "id",
            ":1,",
            "method",
            ":",
            "elicitation/create",
            ",",
            "params",
            ":{",
            "message",
            ":",
            "hi",
            "}}",
        ],
        &[
            "{",
            "id",
            ":1,",
            "result",
            ":{",
            "resultType",
            ":",
            "input_required",
            ",",
            "inputRequests",
            ":{",
            "a",
            ":{",
            "method",
            ":",
            "elicitation/create",
            "}}}}",
        ],
        &[
            "{",
            "id",
            ":1,",
            "result",
            ":{",
            "requestState",
            ":",
            "s",
            ",",
            "resultType",
            ":",
            "input_required",
            "}}",
        ],
        &[
            "{",
            "id",
            ":1,",
            "error",
            ":{",
            "code",
            ":-32042,",
            "data",
            ":{",
            "elicitations",
            ":[]}}}",
        ],
        &[
            "{",
            "id",
            ":1,",
            "result",
            ":{",
            "inputRequests",
            ":{",
            "r",
            ":{",
            "method",
            ":",
            "roots/list",
            "}}}}",
        ],
        &["{", "method", ":", "sampling/createMessage", "}"],
    ];

    proptest! {
        #[test]
        fn never_misses_an_elicitation(
            shape in 0..SHAPES.len(),
            choices in proptest::collection::vec(any::<u8>(), 1..64),
            spaces in proptest::collection::vec(any::<u8>(), 1..64),
            upper in any::<bool>(),
        ) {
            let mut body = String::new();
            for (i, part) in SHAPES[shape].iter().enumerate() {
                body.push_str(ws(spaces[i % spaces.len()]));
                let is_token = part.chars().next().is_some_and(|c| c.is_ascii_alphabetic() || c.is_ascii_digit());
                if is_token {
                    let offset = i.wrapping_mul(7) % choices.len();
                    let mut rotated = choices[offset..].to_vec();
                    rotated.extend_from_slice(&choices[..offset]);
                    let word = if upper && i == 1 { part.to_ascii_uppercase() } else { (*part).to_owned() };
                    body.push('"');
                    body.push_str(&escape_randomly(&word, &rotated));
                    body.push('"');
                } else {
                    body.push_str(part);
                }
            }
            prop_assert!(may_carry_elicitation(body.as_bytes()), "{}", body);
        }
    }

    /// Members a server could put in one message: notifications, their neighbours, and the pieces that make
    /// a message carry input requests, some of them with keys a case-folding parser folds.
    const MEMBERS: &[&str] = &[
        r#""method":"notifications/progress""#,
        r#""method" : "notifications/message""#,
        r#""method":"notifications/elicitation/complete""#,
        r#""method":"notifications/roots/list_changed""#,
        r#""method":"ping""#,
        r#""method":"elicitation/create""#,
        r#""Method":"roots/list""#,
        r#""METHOD":"sampling/createMessage""#,
        r#""id":1"#,
        r#""params":{"mode":"form","message":"m","requestedSchema":{}}"#,
        r#""params":{"progress":1}"#,
        r#""result":{"content":[]}"#,
        r#""result":{"resultType":"input_required","inputRequests":{}}"#,
        r#""result":{"inputRequests":{"a":{"method":"elicitation/create","params":{"mode":"url"}}}}"#,
        r#""error":{"code":-32042,"data":{"elicitations":[]}}"#,
        r#""jsonrpc":"2.0""#,
        r#""result":"ok""#,
    ];

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(4000))]
        /// Whatever a message is built of, a body the pre-filter lets pass carries nothing by the gateway's own
        /// reading, nor by a lenient parser's (serde_json: duplicate keys, last one wins): the notification
        /// exception never hides what sits beside the notification's name.
        #[test]
        fn a_body_that_passes_carries_nothing(
            picks in proptest::collection::vec(0..MEMBERS.len(), 1..6),
            batch in any::<bool>(),
        ) {
            let object = format!(
                "{{{}}}",
                picks.iter().map(|&i| MEMBERS[i]).collect::<Vec<_>>().join(",")
            );
            let body = if batch { format!("[{object},{object}]") } else { object };
            if !may_carry_elicitation(body.as_bytes()) {
                let arena = crate::wire::tree::Arena::new();
                if let Ok(tree) = crate::wire::tree::parse(body.as_bytes(), &arena) {
                    prop_assert!(crate::wire::carrier::find_carriers(&tree).is_empty(), "{}", body);
                }
                let lenient: serde_json::Value = serde_json::from_str(&body).expect("the members are JSON");
                let arena = crate::wire::tree::Arena::new();
                let tree = crate::wire::tree::Node::from_value(&lenient, &arena);
                prop_assert!(crate::wire::carrier::find_carriers(&tree).is_empty(), "{}", body);
            }
        }
    }

    /// Rough speed check for a 2 KB benign body; run with `--ignored --nocapture` in a release build.
    #[test]
    #[ignore]
    fn speed_of_a_2k_body() {
        let text = "x".repeat(1900);
        let body = format!(
            r#"{{"jsonrpc":"2.0","id":3,"result":{{"content":[{{"type":"text","text":"{text}"}}],"isError":false}}}}"#
        );
        assert!(!may_carry_elicitation(body.as_bytes()));
        let n = 200_000;
        let start = std::time::Instant::now();
        for _ in 0..n {
            std::hint::black_box(may_carry_elicitation(std::hint::black_box(body.as_bytes())));
        }
        println!("{:?} per call", start.elapsed() / n);
    }
}
