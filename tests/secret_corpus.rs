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

/// The memory of clean schemas changes no verdict on the corpus: every schema is first judged under a neutral
/// message (so the clean ones are remembered), then every form with its own message is judged by that engine
/// and by one that remembers nothing, through the whole engine, as parsed from the wire. The remembering
/// engine is asked through `decide`, the gateway's own path, whose parser does not build a remembered schema
/// at all (`tree::parse_known`). The secret-seeking forms whose fields say nothing (the message asks for the
/// secret) are the cases a wrong skip would let by.
#[test]
fn remembered_schemas_change_no_verdict_on_the_corpus() {
    use elicitguard::policy::clean_schemas::CleanSchemas;
    use elicitguard::policy::RoutePolicy;
    use elicitguard::wire::{find_carriers, ClientModes};

    let remembering = elicitguard::config::default_engine().unwrap();
    let forgetting = elicitguard::policy::Engine {
        clean_schemas: CleanSchemas::new(0),
        ..elicitguard::config::default_engine().unwrap()
    };
    let route = RoutePolicy::default();
    let text = |message: &str, schema: &Value| {
        serde_json::json!({"jsonrpc":"2.0","id":1,"result":{"resultType":"input_required",
            "inputRequests":{"f":{"method":"elicitation/create","params":{"mode":"form",
            "message":message,"requestedSchema":schema}}},"requestState":"s"}})
        .to_string()
    };
    let judge = |engine: &elicitguard::policy::Engine, text: &str| {
        let arena = Arena::new();
        let body = elicitguard::wire::tree::parse(text.as_bytes(), &arena).unwrap();
        let carriers = find_carriers(&body);
        let j = engine.judge(
            &body,
            text.as_bytes(),
            &carriers,
            ClientModes::ALL,
            &route,
            None,
        );
        format!("{:?} {:?} {:?}", j.verdict, j.findings, j.rewritten)
    };
    // The gateway's path: the parse skips a schema the engine remembers; the judgement is what it says.
    let decide = |engine: &elicitguard::policy::Engine, text: &str| {
        use elicitguard::proxy::enforce::{decide, Context};
        let arena = Arena::new();
        let ctx = Context {
            engine,
            route: &route,
            modes: ClientModes::ALL,
            client_id: None,
            links: None,
        };
        let d = decide(text.as_bytes(), &arena, &ctx, false);
        let skipped = d
            .parsed
            .as_ref()
            .and_then(|p| p.pointer("/result/inputRequests/f/params/requestedSchema"))
            .is_some_and(|s| matches!(s, Node::Skipped(_)));
        let j = d.judgement.expect("a form is judged");
        (
            format!("{:?} {:?} {:?}", j.verdict, j.findings, j.rewritten),
            skipped,
        )
    };
    let forms: Vec<Value> = CORPUS
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    for form in &forms {
        judge(
            &remembering,
            &text("Please fill in the form.", &form["requestedSchema"]),
        );
    }
    // Secret-seeking forms whose schema was remembered clean: only their message can block them.
    let (mut remembered_secret_forms, mut skipped_forms, mut differing) = (0, 0, Vec::new());
    for (i, form) in forms.iter().enumerate() {
        let t = text(form["message"].as_str().unwrap(), &form["requestedSchema"]);
        let schema = form["requestedSchema"].to_string();
        let remembered = remembering.clean_schemas.remembers(schema.as_bytes(), &[]);
        remembered_secret_forms += usize::from(remembered && form["label"] == "secret");
        let ((with, skipped), without) = (decide(&remembering, &t), judge(&forgetting, &t));
        // Written as `text` writes it, so the parse recognises exactly the remembered schemas.
        assert_eq!(skipped, remembered, "form {i}");
        skipped_forms += usize::from(skipped);
        if with != without {
            differing.push(format!("form {i}: {with} / {without}"));
        }
    }
    eprintln!(
        "secret-seeking forms with a remembered schema: {remembered_secret_forms}; skipped by the parse: {skipped_forms}"
    );
    assert!(
        remembered_secret_forms >= 10,
        "only {remembered_secret_forms} secret forms had a remembered schema"
    );
    assert!(differing.is_empty(), "{differing:#?}");
}
