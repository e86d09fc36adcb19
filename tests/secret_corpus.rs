//! Detection quality on the labelled corpus `tests/corpus/forms.jsonl`: recall on secret-seeking forms and
//! false-positive rate on benign look-alikes. Prints `recall=… fpr=… (n=…)`; fails below recall 1.0 or above
//! a false-positive rate of 0.02. Run: `cargo test --test secret_corpus -- --nocapture`.

use elicitguard::policy::secret::SecretPolicy;
use elicitguard::policy::{Action, Finding};
use elicitguard::wire::tree::{Arena, Node};
use serde_json::Value;

const CORPUS: &str = include_str!("corpus/forms.jsonl");

#[test]
fn corpus_recall_and_false_positive_rate() {
    let policy = SecretPolicy::compile(&[]).unwrap();
    let (mut tp, mut fneg, mut fp, mut tn) = (0usize, 0usize, 0usize, 0usize);
    let mut report = Vec::new();
    for (i, line) in CORPUS
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
    {
        let form: Value =
            serde_json::from_str(line).unwrap_or_else(|e| panic!("line {}: {e}", i + 1));
        let label = form["label"].as_str().unwrap();
        let message = form["message"].as_str().unwrap();
        let findings: Vec<Finding> = policy.judge_form(
            message,
            &Node::from_value(&form["requestedSchema"], &Arena::new()),
            "/params",
            &[],
        );
        let blocked = findings.iter().any(|f| f.action == Action::Block);
        for f in &findings {
            assert!(
                f.rule.starts_with("form.secret."),
                "line {}: rule {}",
                i + 1,
                f.rule
            );
        }
        let note = form["note"].as_str().unwrap_or("");
        match (label, blocked) {
            ("secret", true) => tp += 1,
            ("secret", false) => {
                fneg += 1;
                report.push(format!("MISS line {} [{}] {note}", i + 1, form["lang"]));
            }
            ("benign", true) => {
                fp += 1;
                let rules: Vec<_> = findings
                    .iter()
                    .map(|f| format!("{} ({})", f.rule, f.message))
                    .collect();
                report.push(format!(
                    "FALSE POSITIVE line {} [{}] {note}: {rules:?}",
                    i + 1,
                    form["lang"]
                ));
            }
            ("benign", false) => tn += 1,
            (other, _) => panic!("line {}: unknown label {other}", i + 1),
        }
    }
    let n = tp + fneg + fp + tn;
    // Informational only (a debug build; the criterion bench `secret` gives the real figure).
    let forms: Vec<Value> = CORPUS
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let start = std::time::Instant::now();
    for form in &forms {
        let message = form["message"].as_str().unwrap_or("");
        std::hint::black_box(policy.judge_form(
            message,
            &Node::from_value(&form["requestedSchema"], &Arena::new()),
            "/params",
            &[],
        ));
    }
    println!(
        "debug build: {:?} per form on average",
        start.elapsed() / forms.len().max(1) as u32
    );
    let recall = tp as f64 / (tp + fneg) as f64;
    let fpr = fp as f64 / (fp + tn) as f64;
    for r in &report {
        println!("{r}");
    }
    println!(
        "recall={recall:.3} fpr={fpr:.3} (n={n}: {} secret, {} benign)",
        tp + fneg,
        fp + tn
    );
    assert!(n >= 150, "the corpus must hold at least 150 forms, has {n}");
    assert!(
        fp + tn >= 60,
        "the corpus must hold at least 60 benign forms"
    );
    assert!(recall >= 1.0, "recall {recall:.3} below 1.0");
    assert!(fpr <= 0.02, "false-positive rate {fpr:.3} above 0.02");
}
