//! The walkthrough table: one plain-text row per scenario and era.

use super::client::{Outcome, ScenarioReport, Seen};

/// Cells longer than this are cut (with `…`) so a long URL or message cannot make the table unreadable.
const MAX_CELL_CHARS: usize = 64;

const HEADERS: [&str; 5] = [
    "scenario",
    "era",
    "upstream asked",
    "client saw",
    "outcome / rule",
];

/// Renders the reports as an aligned plain-text table, with a header row, ending in a newline.
pub fn render_table(reports: &[ScenarioReport]) -> String {
    let rows: Vec<[String; 5]> = reports
        .iter()
        .map(|r| {
            [
                r.scenario.to_owned(),
                r.era.label().to_owned(),
                r.upstream_asked.clone(),
                client_saw(r),
                outcome(&r.outcome),
            ]
            .map(|c| cell(&c))
        })
        .collect();
    let mut widths = HEADERS.map(|h| h.chars().count());
    for row in &rows {
        for (w, c) in widths.iter_mut().zip(row) {
            *w = (*w).max(c.chars().count());
        }
    }
    let mut out = String::new();
    push_row(&mut out, &HEADERS.map(str::to_owned), &widths);
    push_row(&mut out, &widths.map(|w| "-".repeat(w)), &widths);
    for row in &rows {
        push_row(&mut out, row, &widths);
    }
    out
}

fn push_row(out: &mut String, cells: &[String; 5], widths: &[usize; 5]) {
    let padded: Vec<String> = cells
        .iter()
        .zip(widths)
        .map(|(c, w)| format!("{c:<w$}"))
        .collect();
    out.push_str(padded.join(" | ").trim_end());
    out.push('\n');
}

/// One line, at most [`MAX_CELL_CHARS`]; line breaks and other control characters become spaces.
fn cell(text: &str) -> String {
    let clean: String = text
        .chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect();
    if clean.chars().count() <= MAX_CELL_CHARS {
        return clean;
    }
    let mut cut: String = clean.chars().take(MAX_CELL_CHARS - 1).collect();
    cut.push('…');
    cut
}

fn client_saw(r: &ScenarioReport) -> String {
    let Some(first) = r.seen.first() else {
        return "nothing".to_owned();
    };
    let what = match first {
        Seen::Form { fields, .. } => format!("form: {}", fields.join(", ")),
        Seen::Url { url, .. } => format!("url: {url}"),
    };
    if r.elicitations > 1 {
        format!("{} elicitations, first {what}", r.elicitations)
    } else {
        what
    }
}

fn outcome(o: &Outcome) -> String {
    match o {
        Outcome::Completed {
            text,
            is_error: false,
        } => format!("completed: {text}"),
        Outcome::Completed {
            text,
            is_error: true,
        } => format!("tool error: {text}"),
        Outcome::RpcError { code, rules, .. } if !rules.is_empty() => {
            format!("error {code}: {}", rules.join(", "))
        }
        Outcome::RpcError { code, message, .. } => format!("error {code}: {message}"),
        Outcome::RoundsExhausted { rounds } => format!("client gave up after {rounds} rounds"),
        Outcome::Failed { reason } => format!("failed: {reason}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::demo::client::Era;

    fn report(outcome: Outcome, seen: Vec<Seen>, elicitations: u32) -> ScenarioReport {
        ScenarioReport {
            scenario: "link_lookalike",
            era: Era::Legacy,
            upstream_asked: "url: https://xn--gthub-n2e.com/login".to_owned(),
            seen,
            elicitations,
            outcome,
        }
    }

    #[test]
    fn rows_align_and_show_rules() {
        let blocked = report(
            Outcome::RpcError {
                code: -32010,
                message: "blocked".to_owned(),
                rules: vec!["url.idn.lookalike".to_owned(), "url.scheme".to_owned()],
            },
            Vec::new(),
            0,
        );
        let done = report(
            Outcome::Completed {
                text: "Account linked.\nline two".to_owned(),
                is_error: false,
            },
            vec![Seen::Url {
                message: "m".to_owned(),
                url: "https://github.com/".to_owned(),
            }],
            1,
        );
        let table = render_table(&[blocked, done]);
        let lines: Vec<&str> = table.lines().collect();
        assert_eq!(lines.len(), 4, "{table}");
        assert!(lines[0].starts_with("scenario"));
        assert!(lines[2].contains("error -32010: url.idn.lookalike, url.scheme"));
        assert!(lines[2].contains("| nothing"));
        assert!(lines[3].contains("url: https://github.com/"));
        assert!(lines[3].contains("completed: Account linked. line two"));
        // Every column separator sits at the same place on every line.
        let bars = |l: &str| {
            l.char_indices()
                .filter(|(_, c)| *c == '|')
                .map(|(i, _)| i)
                .collect::<Vec<_>>()
        };
        assert_eq!(bars(lines[2]), bars(lines[3]));
    }

    #[test]
    fn long_cells_are_cut_and_counts_shown() {
        let long = "x".repeat(500);
        let r = report(
            Outcome::RoundsExhausted { rounds: 10 },
            vec![Seen::Form {
                message: long.clone(),
                fields: vec![long],
            }],
            11,
        );
        let table = render_table(&[r]);
        assert!(table
            .lines()
            .all(|l| l.chars().count() < 5 * (MAX_CELL_CHARS + 3)));
        assert!(table.contains("11 elicitations, first form: xxx"));
        assert!(table.contains('…'));
        assert!(table.contains("client gave up after 10 rounds"));
    }
}
