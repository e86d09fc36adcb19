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

/// Appends one segment to a JSON pointer, escaping `~` and `/` (RFC 6901).
pub fn pointer_push(base: &str, segment: &str) -> String {
    let mut out = String::with_capacity(base.len() + segment.len() + 1);
    out.push_str(base);
    out.push('/');
    for c in segment.chars() {
        match c {
            '~' => out.push_str("~0"),
            '/' => out.push_str("~1"),
            c => out.push(c),
        }
    }
    out
}
