//! The per-puzzle table of one set: one row per puzzle, one column per
//! engine, hardest first (by the geometric mean of the engines' times), the
//! fastest time of each row in bold, timeouts as "≥ deadline". Each cell
//! carries its sort key (`data-v`) for the page's small sorting script.

use std::collections::BTreeMap;
use std::fmt::Write;

use crate::report::html::escape;
use crate::report::table::{format_duration, format_stat};
use crate::{BenchReport, Row, RowStatus};

/// One cell: its class, text and sort key.
fn cell(row: Option<&Row>, fastest: Option<f64>) -> String {
    let Some(r) = row else {
        return "<td class=\"n\" data-v=\"-1\">–</td>".into();
    };
    let time = format_duration(r.time_us);
    let (class, text) = match r.status {
        RowStatus::Solved if Some(r.time_us) == fastest => ("n best", time),
        RowStatus::Solved => ("n", time),
        RowStatus::Timeout => ("n timeout", format!("≥ {time}")),
        RowStatus::Wrong => ("n wrong", format!("wrong ({time})")),
        RowStatus::Error => ("n wrong", "error".into()),
        RowStatus::Unsupported => ("n", "–".into()),
        RowStatus::NoSolution => ("n", format!("no solution ({time})")),
    };
    let key = match r.status {
        RowStatus::Unsupported => -1.0,
        _ => r.time_us,
    };
    let mut title = format!(
        "{}: nodes {}, fails {}",
        r.status.name(),
        format_stat(r.nodes),
        format_stat(r.fails)
    );
    if let Some(detail) = &r.detail {
        let _ = write!(title, "; {detail}");
    }
    format!(
        "<td class=\"{class}\" data-v=\"{key}\" title=\"{}\">{}</td>",
        escape(&title),
        escape(&text)
    )
}

/// The geometric mean of the attempted solves' times: the order of rows.
fn difficulty(rows: &[Option<&Row>]) -> f64 {
    let logs: Vec<f64> = rows
        .iter()
        .flatten()
        .filter(|r| r.status != RowStatus::Unsupported)
        .map(|r| r.time_us.max(1e-3).ln())
        .collect();
    match logs.len() {
        0 => 0.0,
        n => (logs.iter().sum::<f64>() / n as f64).exp(),
    }
}

/// The table of every puzzle of one set, in HTML.
pub(crate) fn puzzle_table(report: &BenchReport, set: &str) -> String {
    let engines: Vec<&str> = report.engines.iter().map(|e| e.spec.as_str()).collect();
    // One pass over the rows: a set of 49 000 puzzles has 300 000 of them.
    let mut by_puzzle: BTreeMap<usize, Vec<Option<&Row>>> = BTreeMap::new();
    for r in report.rows.iter().filter(|r| r.set == set) {
        let cells = by_puzzle
            .entry(r.puzzle)
            .or_insert_with(|| vec![None; engines.len()]);
        if let Some(j) = engines.iter().position(|e| *e == r.engine) {
            cells[j].get_or_insert(r);
        }
    }
    let mut lines: Vec<(usize, Vec<Option<&Row>>)> = by_puzzle.into_iter().collect();
    lines.sort_by(|a, b| {
        difficulty(&b.1)
            .total_cmp(&difficulty(&a.1))
            .then(a.0.cmp(&b.0))
    });
    let mut h = String::from("<table class=\"sortable\"><thead><tr><th>#</th>");
    for e in &engines {
        let _ = write!(h, "<th><code>{}</code></th>", escape(e));
    }
    h.push_str("<th>puzzle</th></tr></thead><tbody>\n");
    for (n, cells) in &lines {
        let fastest = cells
            .iter()
            .flatten()
            .filter(|r| r.status == RowStatus::Solved)
            .map(|r| r.time_us)
            .min_by(f64::total_cmp);
        let givens = cells
            .iter()
            .flatten()
            .next()
            .map_or("", |r| r.givens.as_str());
        let _ = write!(h, "<tr><td class=\"n\" data-v=\"{n}\">{n}</td>");
        for c in cells {
            h.push_str(&cell(*c, fastest));
        }
        let _ = writeln!(h, "<td><code>{}</code></td></tr>", escape(givens));
    }
    h.push_str("</tbody></table>");
    h
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::testing::{report_of, row};
    use crate::RowStatus::{Solved, Timeout, Unsupported};

    #[test]
    fn rows_are_puzzles_hardest_first_with_timeouts_as_lower_bounds() {
        let report = report_of(vec![
            row("hard", "fast", Solved, 20),
            row("hard", "fast", Solved, 90),
            row("hard", "cp", Solved, 40),
            row("hard", "cp", Timeout, 1000),
            row("hard", "sat", Unsupported, 0),
            row("hard", "sat", Solved, 80),
        ]);
        let html = puzzle_table(&report, "hard");
        let rows: Vec<&str> = html.lines().filter(|l| l.starts_with("<tr><td")).collect();
        assert_eq!(rows.len(), 2);
        // Puzzle 2 (90, ≥ 1000, 80 µs) is harder than puzzle 1.
        assert!(
            rows[0].starts_with("<tr><td class=\"n\" data-v=\"2\">2</td>"),
            "{}",
            rows[0]
        );
        assert!(rows[0].contains(">≥ 1.00 ms</td>"), "{}", rows[0]);
        assert!(
            rows[0].contains("class=\"n best\" data-v=\"80\""),
            "{}",
            rows[0]
        );
        assert!(
            rows[1].contains("data-v=\"-1\" title=\"unsupported: nodes 5, fails 0\">–</td>"),
            "{}",
            rows[1]
        );
        assert!(html.contains("<th><code>sat</code></th><th>puzzle</th>"));
    }
}
