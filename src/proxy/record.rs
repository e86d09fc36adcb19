//! Recording a decision: metrics and the audit line, in one place for JSON, SSE and retries.

use std::sync::Arc;

use crate::policy::Verdict;
use crate::proxy::enforce::Decision;
use crate::telemetry::audit::now_rfc3339;
use crate::telemetry::{AuditLog, AuditRecord, ElicitationLabels, Metrics, RuleLabels};
use crate::wire::Era;

/// Who and where, for every record of one request.
#[derive(Debug, Clone)]
pub struct Recorder {
    /// Metrics.
    pub metrics: Arc<Metrics>,
    /// Audit sink.
    pub audit: AuditLog,
    /// Route name.
    pub route: String,
    /// The request's era.
    pub era: Era,
    /// Method label.
    pub method: &'static str,
    /// Principal.
    pub principal: String,
    /// Monitor mode.
    pub monitor: bool,
}

impl Recorder {
    /// Records a judged message.
    pub fn decision(&self, d: &Decision) {
        let Some(j) = &d.judgement else { return };
        self.metrics.inspection_duration.observe(d.seconds);
        let enforcement = if self.monitor { "monitor" } else { "enforce" };
        for e in &j.entries {
            self.metrics
                .elicitations
                .get_or_create(&ElicitationLabels {
                    route: self.route.clone(),
                    era: self.era.as_str(),
                    mode: e.method.as_str(),
                    verdict: e.verdict.as_str(),
                    enforcement,
                })
                .inc();
        }
        if j.entries.is_empty() && j.verdict == Verdict::Block {
            // An unjudgeable message still counts as a blocked elicitation.
            self.metrics
                .elicitations
                .get_or_create(&ElicitationLabels {
                    route: self.route.clone(),
                    era: self.era.as_str(),
                    mode: "unknown",
                    verdict: "block",
                    enforcement,
                })
                .inc();
        }
        for f in j.findings.iter().chain(j.monitored.iter()) {
            self.metrics
                .findings
                .get_or_create(&RuleLabels {
                    rule: f.rule.clone(),
                })
                .inc();
        }
        if j.verdict == Verdict::Allow && j.monitored.is_empty() && !self.audit.include_allows {
            return;
        }
        let mut rules = j.rule_ids();
        for f in &j.monitored {
            if !rules.contains(&f.rule) {
                rules.push(f.rule.clone());
            }
        }
        let paths = j
            .findings
            .iter()
            .chain(j.monitored.iter())
            .map(|f| f.path.clone())
            .collect();
        self.audit.record(&AuditRecord {
            time: now_rfc3339(),
            kind: "elicitation",
            route: self.route.clone(),
            era: self.era.as_str(),
            method: self.method,
            verdict: j.verdict.as_str(),
            enforced: !self.monitor,
            rules,
            incident: d.incident.clone(),
            principal: self.principal.clone(),
            paths,
        });
    }

    /// Records a non-elicitation decision (envelope, answers, limits).
    pub fn event(&self, kind: &'static str, verdict: Verdict, rules: Vec<String>, incident: &str) {
        self.audit.record(&AuditRecord {
            time: now_rfc3339(),
            kind,
            route: self.route.clone(),
            era: self.era.as_str(),
            method: self.method,
            verdict: verdict.as_str(),
            enforced: !self.monitor,
            rules,
            incident: incident.to_owned(),
            principal: self.principal.clone(),
            paths: vec![],
        });
    }
}
