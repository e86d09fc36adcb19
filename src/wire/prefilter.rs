//! A sound pre-filter: tells, at memchr speed, when a body cannot carry anything the gateway must judge.
//!
//! CONTRACT (wire helper): `may_carry_elicitation(body) -> bool` returns false only when no parse of `body`
//! by any JSON parser could yield an elicitation-bearing message: an `input_required` result, an
//! `inputRequests` map, a server-to-client request (`elicitation/create`, `sampling/createMessage`,
//! `roots/list`, or any other method), or a JSON-RPC error (which could be -32042). It must be sound
//! against JSON escapes (`"input\u005frequired"`, `"elicitation\/create"`), whitespace and key order:
//! any `\u` escape, any `"method"`, `"error"`, ... makes it return true. Invalid UTF-8 returns true
//! (the full parser then refuses it). False positives only cost a parse.
//!
//! Why these needles are enough:
//! - Every elicitation-bearing message has a key `method` (requests, `inputRequests` entries), `error`
//!   (legacy -32042), `inputRequests`, or the value `input_required`. A JSON string can spell a letter
//!   only as itself or as a `\u` escape (the short escapes `\n`, `\/`, ... stand for no letter), and
//!   whitespace cannot appear inside a string, so a body with none of the needles and no `\u` has none
//!   of those keys or values. `\/` is covered: `elicitation\/create` still contains `elicitation`.
//! - Matching is ASCII case-insensitive because some parsers (Go's `encoding/json`) match keys without
//!   case. Go also folds U+017F (ſ) to `s` and U+212A (Kelvin sign) to `k`: either makes us say true.
//! - A NUL byte is never valid in JSON text, and is how UTF-16/UTF-32 bodies (which some parsers
//!   auto-detect) look in bytes: say true and let the strict parser refuse it.
//! - Invalid UTF-8: a lenient decoder that drops bad bytes could join `met\xFFhod` into `method`.
//!
//! Speed: case-insensitive Aho-Corasick gives up its SIMD prefilter, so instead each window of the body
//! is ASCII-lowercased into a stack buffer and searched case-sensitively for lowercase needles (SIMD
//! "Teddy" search). Lowercasing, searching, NUL and UTF-8 checks are each one linear vectorised pass.

use std::sync::LazyLock;

use aho_corasick::{AhoCorasick, AhoCorasickBuilder, MatchKind};

/// The byte strings (lowercase) whose presence means "parse it". Keys are quoted: a key is always
/// written with its quotes, and the quotes keep `isError` (common in tool results) from matching `"error"`.
const NEEDLES: &[&str] = &[
    "\"method\"",
    "\"error\"",
    "input_required",
    "inputrequests",
    "requeststate",
    "elicitation",
    "\\u",
    "\u{17F}",
    "\u{212A}",
];

/// Longest needle, in bytes: windows overlap by one less than this so no match straddles two windows.
const LONGEST_NEEDLE: usize = 14;

/// Bytes lowercased and searched at a time. A stack buffer: 4 KB covers a typical body in one window
/// and keeps the check allocation-free.
const WINDOW: usize = 4096;

/// Built once: an Aho-Corasick automaton with its SIMD prefilter, shared by every request.
static MATCHER: LazyLock<Option<AhoCorasick>> = LazyLock::new(|| {
    AhoCorasickBuilder::new()
        .match_kind(MatchKind::LeftmostFirst)
        .build(NEEDLES)
        .ok()
});

/// True unless `body` certainly carries nothing the gateway must judge. See the module doc.
pub fn may_carry_elicitation(body: &[u8]) -> bool {
    let Some(matcher) = MATCHER.as_ref() else {
        // The automaton cannot fail to build for these few needles; if it did, fail open to parsing.
        return true;
    };
    if memchr::memchr(0, body).is_some() || std::str::from_utf8(body).is_err() {
        return true;
    }
    let mut window = [0u8; WINDOW];
    let mut start: usize = 0;
    loop {
        let end = body.len().min(start.saturating_add(WINDOW));
        let (Some(src), Some(dst)) = (body.get(start..end), window.get_mut(..end - start)) else {
            return true;
        };
        dst.copy_from_slice(src);
        dst.make_ascii_lowercase();
        if matcher.is_match(&*dst) {
            return true;
        }
        if end == body.len() {
            return false;
        }
        // Step back so a needle cut by the window edge is seen whole in the next window.
        start = end - (LONGEST_NEEDLE - 1);
    }
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
            br#"{"jsonrpc":"2.0","method":"notifications/progress","params":{}}"#,
            br#"{"jsonrpc":"2.0","id":1,"error":{"code":-3.2042e4,"message":"m"}}"#,
            br#"{"result":{"resultType":"input_required","requestState":"x"}}"#,
            br#"{"result":{"resultType":"input\u005frequired"}}"#,
            br#"{"m":"elicitation\/create"}"#,
            br#"{"result":{"INPUTREQUESTS":{}}}"#,
            br#"{"METHOD":"x"}"#,
            br#"{"result":{"requestState":"only"}}"#,
            "{\"result\":{\"inputReque\u{17F}ts\":{}}}".as_bytes(),
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
    fn longest_needle_is_right() {
        let longest = NEEDLES.iter().map(|n| n.len()).max().unwrap();
        assert_eq!(longest, LONGEST_NEEDLE);
        assert!(NEEDLES.iter().all(|n| n.to_ascii_lowercase() == *n));
    }

    #[test]
    fn needles_across_window_edges_are_found() {
        for needle in ["input_required", "\"method\"", "\\u", "Elicitation"] {
            for pad in WINDOW - 20..WINDOW + 20 {
                let body = format!("{}{needle}{}", "x".repeat(pad), "y".repeat(30));
                assert!(may_carry_elicitation(body.as_bytes()), "{needle} at {pad}");
            }
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
