//! Recording a decision: metrics and the audit line, in one place for JSON, SSE and retries.

use std::sync::Arc;

use crate::config::Route;
use crate::policy::Verdict;
use crate::proxy::enforce::Decision;
use crate::telemetry::audit::now_rfc3339;
use crate::telemetry::{AuditLog, AuditRecord, ElicitationLabels, Metrics, RuleLabels};
use crate::wire::{Era, InputMethod};

/// Who and where, for every record of one request.
#[derive(Debug, Clone)]
pub struct Recorder {
    /// Metrics.
    pub metrics: Arc<Metrics>,
    /// Audit sink.
    pub audit: AuditLog,
    /// The route (its name and its metric handles).
    pub route: Arc<Route>,
    /// The route's metric handles.
    pub route_metrics: Arc<crate::telemetry::RouteMetrics>,
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
        let count = |mode: Option<InputMethod>, verdict: Verdict| {
            self.route_metrics.elicitation(
                &self.metrics,
                elicitation_slot(self.era, mode, verdict, self.monitor),
                |route| ElicitationLabels {
                    route: route.to_owned(),
                    era: self.era.as_str(),
                    mode: mode.map_or("unknown", InputMethod::as_str),
                    verdict: verdict.as_str(),
                    enforcement,
                },
            )
        };
        for e in &j.entries {
            count(Some(e.method), e.verdict);
        }
        if j.entries.is_empty() && j.verdict == Verdict::Block {
            // An unjudgeable message still counts as a blocked elicitation.
            count(None, Verdict::Block);
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
            route: self.route.name.to_string(),
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
            route: self.route.name.to_string(),
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

/// The series of `elicitguard_elicitations_total` a label set is counted in, among one route's
/// [`ELICITATION_SLOTS`](crate::telemetry::ELICITATION_SLOTS): one slot per era, mode (`None` is `unknown`),
/// verdict and enforcement.
fn elicitation_slot(era: Era, mode: Option<InputMethod>, verdict: Verdict, monitor: bool) -> usize {
    let era = match era {
        Era::Modern => 0,
        Era::Legacy => 1,
    };
    let mode = match mode {
        Some(InputMethod::Form) => 0,
        Some(InputMethod::Url) => 1,
        Some(InputMethod::Sampling) => 2,
        Some(InputMethod::Roots) => 3,
        None => 4,
    };
    let verdict = match verdict {
        Verdict::Allow => 0,
        Verdict::Rewrite => 1,
        Verdict::Block => 2,
    };
    ((era * 5 + mode) * 3 + verdict) * 2 + usize::from(monitor)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_label_set_has_a_slot_of_its_own() {
        let mut seen = std::collections::HashSet::new();
        for era in [Era::Modern, Era::Legacy] {
            for mode in [
                Some(InputMethod::Form),
                Some(InputMethod::Url),
                Some(InputMethod::Sampling),
                Some(InputMethod::Roots),
                None,
            ] {
                for verdict in [Verdict::Allow, Verdict::Rewrite, Verdict::Block] {
                    for monitor in [false, true] {
                        let slot = elicitation_slot(era, mode, verdict, monitor);
                        assert!(slot < crate::telemetry::ELICITATION_SLOTS);
                        assert!(seen.insert(slot), "slot {slot} twice");
                    }
                }
            }
        }
        assert_eq!(seen.len(), crate::telemetry::ELICITATION_SLOTS);
    }
}
