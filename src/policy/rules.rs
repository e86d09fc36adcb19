//! Per-rule actions: which rule ids block, rewrite, only record, or are off; resolved by longest prefix.

use std::collections::BTreeMap;

use serde::Deserialize;

/// What the gateway does with a finding of a rule.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RuleSetting {
    /// The message does not reach the client.
    Block,
    /// Rewrite where the rule can (a URL to its canonical form; sanitised text); block where it cannot.
    Rewrite,
    /// URL rules only: replace the URL by a gateway-hosted warning page that shows the real domain; blocks
    /// when the gateway has no `links.public_base_url`.
    WarningPage,
    /// Record only.
    Monitor,
    /// Ignore the rule.
    Off,
}

/// The embedded default actions (`policies/rules.yaml`).
pub const EMBEDDED_RULES: &str = include_str!("../../policies/rules.yaml");

/// Rule id or dotted prefix -> setting; the longest matching prefix on a segment boundary wins.
#[derive(Debug, Clone, Default)]
pub struct RuleTable {
    entries: BTreeMap<String, RuleSetting>,
}

/// The embedded rules file.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RulesFile {
    rules: BTreeMap<String, RuleSetting>,
}

impl RuleTable {
    /// A table from explicit entries.
    pub fn new(entries: BTreeMap<String, RuleSetting>) -> Self {
        RuleTable { entries }
    }

    /// The embedded defaults.
    pub fn embedded() -> Result<Self, String> {
        let f: RulesFile = serde_saphyr::from_str(EMBEDDED_RULES)
            .map_err(|e| format!("policies/rules.yaml: {e}"))?;
        Ok(RuleTable::new(f.rules))
    }

    /// Adds entries over the existing ones.
    pub fn overlay(&mut self, more: &BTreeMap<String, RuleSetting>) {
        for (k, v) in more {
            self.entries.insert(k.clone(), *v);
        }
    }

    /// The setting for `rule`, by longest prefix (`url.host` matches `url.host.punycode`; `*` matches all).
    pub fn resolve(&self, rule: &str) -> Option<RuleSetting> {
        let mut candidate = rule;
        loop {
            if let Some(s) = self.entries.get(candidate) {
                return Some(*s);
            }
            match candidate.rfind('.') {
                Some(i) => candidate = &candidate[..i],
                None => return self.entries.get("*").copied(),
            }
        }
    }

    /// Number of entries (for `check`'s summary).
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// True when the table has no entries.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn longest_prefix_wins() {
        let mut m = BTreeMap::new();
        m.insert("url".to_owned(), RuleSetting::Block);
        m.insert("url.host.punycode".to_owned(), RuleSetting::Rewrite);
        let t = RuleTable::new(m);
        assert_eq!(t.resolve("url.host.punycode"), Some(RuleSetting::Rewrite));
        assert_eq!(t.resolve("url.host.ip"), Some(RuleSetting::Block));
        assert_eq!(t.resolve("urlx"), None);
        assert_eq!(t.resolve("form.secret.password"), None);
        assert!(RuleTable::embedded().is_ok());
    }
}
