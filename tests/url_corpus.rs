//! The labelled URL corpus (tests/corpus/urls.jsonl) judged by the embedded default policy:
//! every bad URL must be caught (recall 1.0) and at most 2% of the good ones flagged.

use elicitguard::policy::url::{RouteUrlRules, UrlConfig, UrlPolicy, EMBEDDED_DEFAULT_YAML};
use serde::Deserialize;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Case {
    url: String,
    label: String,
    note: String,
}

const MAX_FPR: f64 = 0.02;

#[test]
fn corpus_recall_and_false_positive_rate() {
    let text = include_str!("corpus/urls.jsonl");
    let policy = UrlPolicy::embedded_default().unwrap();
    let route = RouteUrlRules::default();
    let (mut good, mut bad, mut caught, mut false_pos) = (0usize, 0usize, 0usize, 0usize);
    let mut report = Vec::new();
    for (i, line) in text
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
    {
        let case: Case =
            serde_json::from_str(line).unwrap_or_else(|e| panic!("line {}: {e}", i + 1));
        let j = policy.judge(&case.url, "/params/url", &route);
        let flagged = !j.findings.is_empty();
        let rules: Vec<&str> = j.findings.iter().map(|f| f.rule.as_str()).collect();
        match case.label.as_str() {
            "good" => {
                good += 1;
                if flagged {
                    false_pos += 1;
                    report.push(format!(
                        "FALSE POSITIVE line {} ({}): {:?} {:?}",
                        i + 1,
                        case.note,
                        case.url,
                        rules
                    ));
                }
            }
            "bad" => {
                bad += 1;
                if flagged {
                    caught += 1;
                } else {
                    report.push(format!(
                        "MISS line {} ({}): {:?}",
                        i + 1,
                        case.note,
                        case.url
                    ));
                }
            }
            other => panic!("line {}: unknown label {other}", i + 1),
        }
    }
    let recall = caught as f64 / bad.max(1) as f64;
    let fpr = false_pos as f64 / good.max(1) as f64;
    for r in &report {
        println!("{r}");
    }
    println!(
        "recall={recall:.3} fpr={fpr:.3} (n={}, bad={bad}, good={good})",
        good + bad
    );
    assert!(good + bad >= 100, "the corpus must hold at least 100 URLs");
    assert!(recall >= 1.0, "recall {recall:.3} below 1.0");
    assert!(
        fpr <= MAX_FPR,
        "false-positive rate {fpr:.3} above {MAX_FPR}"
    );
}

/// Remembering clean hosts changes no judgement: every corpus URL (and a few that write a known host in
/// another form) judged by a policy that remembers none and by one that does, twice over, so that each host
/// is met both before and after it is remembered. Findings compared whole: rule, pointer, message, action.
#[test]
fn remembering_clean_hosts_changes_no_judgement() {
    let mut cfg = UrlConfig::from_yaml(EMBEDDED_DEFAULT_YAML).unwrap();
    cfg.clean_host_cache = 0;
    let forgetful = UrlPolicy::compile(&cfg).unwrap();
    let remembering = UrlPolicy::embedded_default().unwrap();
    let route = RouteUrlRules::default();
    let mut urls: Vec<String> = include_str!("corpus/urls.jsonl")
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| serde_json::from_str::<Case>(l).unwrap().url)
        .collect();
    urls.extend(
        [
            "https://GitHub.com/login",
            "https://github.com./login",
            "https://github.com:443/login",
            "https://%67ithub.com/login",
            "https://xn--github-9ta.com/",
            "https://github.com@evil.example/",
            "https://mcp.acmecorp.com/oauth/callback",
        ]
        .map(str::to_owned),
    );
    let mut flagged = 0;
    for pass in 0..2 {
        for url in &urls {
            let want = forgetful.judge(url, "/params/url", &route);
            let got = remembering.judge(url, "/params/url", &route);
            assert_eq!(got.findings, want.findings, "pass {pass}: {url}");
            flagged += usize::from(!want.findings.is_empty());
        }
    }
    // Both kinds were met: hosts remembered clean and hosts with findings.
    assert!(flagged > 0 && flagged < 2 * urls.len());
}

/// Prints every case with its rules (run with `--ignored --nocapture` to review the corpus by eye).
#[test]
#[ignore]
fn dump_corpus() {
    let policy = UrlPolicy::embedded_default().unwrap();
    for line in include_str!("corpus/urls.jsonl").lines() {
        let case: Case = serde_json::from_str(line).unwrap();
        let j = policy.judge(&case.url, "", &RouteUrlRules::default());
        let rules: Vec<&str> = j.findings.iter().map(|f| f.rule.as_str()).collect();
        println!("{:4} {:60} {:?}", case.label, case.note, rules);
    }
}
