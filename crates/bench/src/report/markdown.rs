//! The report as Markdown, for a BENCHMARKS.md: the setup, the headline
//! per set, and per set a table with the terminal's columns.

use std::fmt::Write;

use crate::report::headline::headlines;
use crate::report::table::{certifying, header_lines, summary_cells, summary_head};
use crate::BenchReport;

/// A table cell: pipes escaped so they do not split the cell.
fn cell(text: &str) -> String {
    text.replace('|', "\\|")
}

/// The report as Markdown tables, one per set.
pub fn render_markdown(report: &BenchReport) -> String {
    let mut out = String::new();
    for line in header_lines(report) {
        let _ = writeln!(out, "{}  ", cell(&line));
    }
    let lines = headlines(report);
    if !lines.is_empty() {
        out.push('\n');
        for line in lines {
            let _ = writeln!(out, "- {line}");
        }
    }
    let base = report.baseline.as_ref();
    let certified = certifying(report);
    let head = summary_head(base.is_some(), certified);
    for set in &report.sets {
        let _ = writeln!(
            out,
            "\n### {} — {} ({} puzzles)\n",
            set.name,
            cell(&set.title),
            set.puzzles
        );
        let _ = writeln!(out, "| {} |", head.join(" | "));
        // Engine and status left, numbers right.
        let aligns: Vec<&str> = (0..head.len())
            .map(|i| match i == 0 || i == head.len() - 1 {
                true => ":---",
                false => "---:",
            })
            .collect();
        let _ = writeln!(out, "| {} |", aligns.join(" | "));
        for s in report.summaries.iter().filter(|s| s.set == set.name) {
            let cells: Vec<String> = summary_cells(s, base, certified)
                .iter()
                .map(|c| cell(c))
                .collect();
            let _ = writeln!(out, "| {} |", cells.join(" | "));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::testing::{report_of, row};
    use crate::RowStatus::{Solved, Timeout};

    #[test]
    fn one_table_per_set_with_untracked_stats_as_dashes() {
        let mut report = report_of(vec![
            row("hard", "fast", Solved, 20),
            row("hard", "fast", Solved, 40),
            row("hard", "cp", Solved, 400),
            row("hard", "cp", Timeout, 1000),
        ]);
        for r in report.rows.iter_mut().filter(|r| r.engine == "cp") {
            r.nodes = None;
        }
        report.summaries = crate::summarize(&report.rows);
        let text = render_markdown(&report);
        let tail: Vec<&str> = text.lines().skip_while(|l| !l.starts_with("- ")).collect();
        assert_eq!(
            tail,
            [
                "- hard: fast (20.0 µs per puzzle, median) is 20× faster than cp (1 of 2 timed out)",
                "",
                "### hard — the hard set (2 puzzles)",
                "",
                "| engine | solved | total | mean | median | p95 | max | nodes | fails | puzzles/s | no guess | guesses/puzzle | status |",
                "| :--- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | :--- |",
                "| fast | 2/2 | 60.0 µs | 30.0 µs | 20.0 µs | 40.0 µs | 40.0 µs | 0 | 0 | 33 300 | 100% | 0 | all solved |",
                "| cp | 1/2 | 1.40 ms | 700 µs | 400 µs | 1.00 ms | 1.00 ms | – | 0 | 714 | – | – | 1 timeout |",
            ]
        );
        assert!(text.starts_with("2 engine(s) × 1 set(s), first solution, timeout 1.00 ms"));
    }
}
