//! The outcome of judging: findings with stable rule ids, and the verdict they add up to.

use serde::Serialize;

/// What a finding asks the gateway to do with the message that carries it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Action {
    /// The message goes out changed (a URL made safe, text sanitised).
    Rewrite,
    /// The message does not reach the client.
    Block,
}

/// One thing the policy found, named by a stable rule id such as `form.secret.password`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Finding {
    /// Stable rule id, used in config, metrics, the audit log and error data.
    pub rule: String,
    /// JSON pointer from the message root to the value that was judged.
    pub path: String,
    /// A sentence for a person. Never contains the secret value that was found.
    pub message: String,
    /// What enforce mode does about it. Monitor mode is applied later, by the caller.
    #[serde(skip)]
    pub action: Action,
}

impl Finding {
    /// A finding that blocks the message.
    pub fn block(
        rule: impl Into<String>,
        path: impl Into<String>,
        message: impl Into<String>,
    ) -> Self {
        Finding {
            rule: rule.into(),
            path: path.into(),
            message: message.into(),
            action: Action::Block,
        }
    }

    /// A finding that rewrites the message.
    pub fn rewrite(
        rule: impl Into<String>,
        path: impl Into<String>,
        message: impl Into<String>,
    ) -> Self {
        Finding {
            rule: rule.into(),
            path: path.into(),
            message: message.into(),
            action: Action::Rewrite,
        }
    }
}

/// The verdict on a whole message: one blocked entry blocks the message.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Verdict {
    /// Forwarded unchanged (its `requestState` may still be sealed: sealing is not a verdict).
    Allow,
    /// Forwarded with changes a person sees.
    Rewrite,
    /// Not forwarded.
    Block,
}

impl Verdict {
    /// The verdict that a set of findings adds up to.
    pub fn of(findings: &[Finding]) -> Verdict {
        findings
            .iter()
            .map(|f| match f.action {
                Action::Block => Verdict::Block,
                Action::Rewrite => Verdict::Rewrite,
            })
            .max()
            .unwrap_or(Verdict::Allow)
    }

    /// Stable lowercase name for metrics and logs.
    pub fn as_str(self) -> &'static str {
        match self {
            Verdict::Allow => "allow",
            Verdict::Rewrite => "rewrite",
            Verdict::Block => "block",
        }
    }
}

/// The value `ptr` (an RFC 6901 pointer) points at in `root`: exactly `serde_json::Value::pointer`, which
/// unescapes every token into two new strings; here a token without `~` (every key but a few) is used
/// as it stands. A judgement looks up each entry's params this way.
pub fn pointer_get<'v>(root: &'v serde_json::Value, ptr: &str) -> Option<&'v serde_json::Value> {
    use serde_json::Value;
    use std::borrow::Cow;
    if ptr.is_empty() {
        return Some(root);
    }
    let tokens = ptr.strip_prefix('/')?;
    tokens.split('/').try_fold(root, |target, raw| {
        let token: Cow<'_, str> = if raw.contains('~') {
            Cow::Owned(raw.replace("~1", "/").replace("~0", "~"))
        } else {
            Cow::Borrowed(raw)
        };
        match target {
            Value::Object(map) => map.get(token.as_ref()),
            Value::Array(list) => {
                // As serde_json parses an index: no sign, no leading zero.
                let sloppy = token.starts_with('+') || (token.starts_with('0') && token.len() != 1);
                (!sloppy)
                    .then(|| token.parse::<usize>().ok())
                    .flatten()
                    .and_then(|i| list.get(i))
            }
            _ => None,
        }
    })
}

/// Appends one segment to a JSON pointer, escaping `~` and `/` (RFC 6901).
pub fn pointer_push(base: &str, segment: &str) -> String {
    let mut out = String::with_capacity(base.len() + segment.len() + 1);
    out.push_str(base);
    out.push('/');
    // Nearly every segment (member names) has neither byte: copied whole rather than a character at a time.
    // Both are ASCII, so splitting at them never cuts a character. Looked for a byte at a time: segments are
    // short, and `memchr2`'s vector set-up cost more than the search.
    let mut rest = segment;
    while let Some(at) = rest.bytes().position(|b| b == b'~' || b == b'/') {
        let (plain, tail) = rest.split_at(at);
        out.push_str(plain);
        out.push_str(if tail.starts_with('~') { "~0" } else { "~1" });
        rest = tail.get(1..).unwrap_or_default();
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    proptest::proptest! {
        #[test]
        fn pointer_get_is_serde_jsons_pointer(
            tokens in proptest::collection::vec("a|b|~|/|~0|~1|~01|0|1|01|\\+1|10|-1| |", 0..5),
            slash in proptest::bool::ANY,
        ) {
            let root = json!({
                "a": {"b": [10, {"~": 1, "/": 2, "~1": 3}, 12], "0": "zero", "": {"": 4}},
                "~": {"/": [1, 2]},
                "/": 5,
                "~1": 6,
                "b": [[0, 1], {"01": 7, "a": 8}],
            });
            let mut ptr = tokens.join("/");
            if slash {
                ptr.insert(0, '/');
            }
            proptest::prop_assert_eq!(pointer_get(&root, &ptr), root.pointer(&ptr));
            // The pointer of a key, as pointer_push writes it, finds the key.
            for t in &tokens {
                let built = pointer_push("", t);
                proptest::prop_assert_eq!(pointer_get(&root, &built), root.pointer(&built));
            }
        }

        /// Any segment, multi-byte characters and runs of both escapes included, is escaped as RFC 6901 says,
        /// one character at a time.
        #[test]
        fn pointer_push_escapes_as_rfc_6901(base in "(/[a-z~]{0,3}){0,2}", segment in "[a~/é\\u{1F600}]{0,8}|\\PC{0,12}") {
            let escaped: String = segment
                .chars()
                .map(|c| match c {
                    '~' => "~0".to_owned(),
                    '/' => "~1".to_owned(),
                    c => c.to_string(),
                })
                .collect();
            proptest::prop_assert_eq!(pointer_push(&base, &segment), format!("{base}/{escaped}"));
        }
    }
}
