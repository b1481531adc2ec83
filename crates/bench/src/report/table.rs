//! The terminal table: one block per set, one line per engine, then the
//! headline of each set (who was fastest, by how much).

use std::fmt::Write;

use crate::report::Baseline;
use crate::{BenchReport, Summary};

/// A duration in µs, with three significant digits and a unit that fits:
/// `1.73 µs`, `870 µs`, `12.3 ms`, `4.56 s`.
pub fn format_duration(us: f64) -> String {
    let three = |v: f64, unit: &str| {
        if v >= 100.0 {
            format!("{v:.0} {unit}")
        } else if v >= 10.0 {
            format!("{v:.1} {unit}")
        } else {
            format!("{v:.2} {unit}")
        }
    };
    if us <= 0.0 {
        return "0 µs".into();
    }
    // Rounded to three digits first, so that 999.97 µs reads `1.00 ms`.
    let step = 10f64.powi(us.log10().floor() as i32 - 2);
    let us = (us / step).round() * step;
    if us < 1e3 {
        three(us, "µs")
    } else if us < 1e6 {
        three(us / 1e3, "ms")
    } else {
        three(us / 1e6, "s")
    }
}

/// A number with three significant digits, thousands separated:
/// `71 400`, `1 340`, `9.95`, `0.50`.
pub(crate) fn format_decimal(v: f64) -> String {
    if v == 0.0 {
        "0".into()
    } else if v >= 1000.0 {
        let digits = v.log10().floor() as u32 - 2;
        let step = 10u64.pow(digits);
        format_count((v / step as f64).round() as u64 * step)
    } else if v >= 100.0 {
        format!("{v:.0}")
    } else if v >= 10.0 {
        format!("{v:.1}")
    } else {
        format!("{v:.2}")
    }
}

/// Puzzles solved per second of total time (tdoku's measure; timeouts
/// count their time, so they lower it).
pub(crate) fn format_rate(solved: usize, total_us: f64) -> String {
    if total_us == 0.0 {
        return "–".into();
    }
    format_decimal(solved as f64 * 1e6 / total_us)
}

/// A counter an engine may not track: "–" when it does not.
pub(crate) fn format_stat(n: Option<u64>) -> String {
    n.map_or_else(|| "–".into(), format_count)
}

/// A count with thousands separators: `1 234 567`.
pub(crate) fn format_count(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        let rest = digits.len() - i;
        if i > 0 && rest / 3 * 3 == rest {
            out.push(' ');
        }
        out.push(c);
    }
    out
}

/// The header lines every rendering shares: what ran, where, how.
pub(crate) fn header_lines(report: &BenchReport) -> Vec<String> {
    let m = &report.machine;
    let r = &report.run;
    let mode = match (r.mode.as_str(), certifying(report)) {
        ("unique", true) => "first solution + uniqueness proof, each count certified",
        ("unique", false) => "first solution + uniqueness proof",
        _ => "first solution",
    };
    let mut lines = vec![
        format!(
            "{} engine(s) × {} set(s), {mode}, timeout {} per puzzle{}{}",
            report.engines.len(),
            report.sets.len(),
            format_duration(r.timeout_s * 1e6),
            if r.repeat > 1 {
                format!(", median of {} runs", r.repeat)
            } else {
                String::new()
            },
            r.limit
                .map_or(String::new(), |n| format!(", first {n} puzzle(s) per set")),
        ),
        format!(
            "machine: {} ({} cores), {}; sudokit {} @ {} ({} build, {}); {}",
            m.cpu, m.cores, m.os, m.sudokit, m.commit, m.profile, m.rustc, m.date
        ),
        format!("timing: {}; wall time {:.1} s", r.timing_note, r.wall_s),
    ];
    // Each with why, and the step that brings it.
    lines.extend(
        report
            .skipped
            .iter()
            .map(|s| format!("not run: {} — {}", s.name, s.why)),
    );
    lines
}

/// Whether a report's runs were certified: its summaries then have the
/// certificate columns.
pub(crate) fn certifying(report: &BenchReport) -> bool {
    report.summaries.iter().any(|s| s.certified.is_some())
}

/// The column names of a summary row (with the ratio columns of a
/// baseline, and the certificate columns when `certifying`).
pub(crate) fn summary_head(with_baseline: bool, certifying: bool) -> Vec<&'static str> {
    let mut head = vec![
        "engine",
        "solved",
        "total",
        "mean",
        "median",
        "p95",
        "max",
        "nodes",
        "fails",
        "puzzles/s",
        "no guess",
        "guesses/puzzle",
    ];
    if with_baseline {
        head.extend(["median ×", "total ×"]);
    }
    if certifying {
        head.extend(["certified", "certify"]);
    }
    head.push("status");
    head
}

/// The cells of one summary row, as text; the terminal and the HTML table
/// show the same.
pub(crate) fn summary_cells(s: &Summary, base: Option<&Baseline>, certifying: bool) -> Vec<String> {
    let mut cells = vec![
        s.engine.clone(),
        format!("{}/{}", s.solved, s.total),
        format_duration(s.total_us),
        format_duration(s.mean_us),
        format_duration(s.median_us),
        format_duration(s.p95_us),
        format_duration(s.max_us),
        format_stat(s.nodes),
        format_stat(s.fails),
        format_rate(s.solved, s.total_us),
        s.no_guess.map_or_else(
            || "–".into(),
            |n| format!("{:.0}%", 100.0 * n as f64 / s.total.max(1) as f64),
        ),
        s.nodes.map_or_else(
            || "–".into(),
            |n| format_decimal(n as f64 / s.total.max(1) as f64),
        ),
    ];
    if let Some(base) = base {
        let c = base
            .comparisons
            .iter()
            .find(|c| c.set == s.set && c.engine == s.engine);
        let show = |r: Option<f64>| r.map_or("-".to_string(), |r| format!("{r:.2}×"));
        cells.push(c.map_or("-".into(), |c| show(c.median_ratio)));
        cells.push(c.map_or("-".into(), |c| show(c.total_ratio)));
    }
    if certifying {
        cells.push(
            s.certified
                .map_or("–".into(), |n| format!("{n}/{}", s.total)),
        );
        cells.push(s.certify_us.map_or("–".into(), format_duration));
    }
    cells.push(s.status.clone());
    cells
}

/// The table of a report, as printed in the terminal.
pub fn render_table(report: &BenchReport) -> String {
    let mut out = String::new();
    for line in header_lines(report) {
        let _ = writeln!(out, "{line}");
    }
    let base = report.baseline.as_ref();
    let certified = certifying(report);
    let head = summary_head(base.is_some(), certified);
    for set in &report.sets {
        let _ = writeln!(
            out,
            "\n{} — {} ({} puzzles)",
            set.name, set.title, set.puzzles
        );
        let mut lines: Vec<Vec<String>> = vec![head.iter().map(|s| s.to_string()).collect()];
        for s in report.summaries.iter().filter(|s| s.set == set.name) {
            let cells = summary_cells(s, base, certified);
            lines.push(cells);
        }
        let columns = head.len();
        let widths: Vec<usize> = (0..columns)
            .map(|i| {
                lines
                    .iter()
                    .map(|l| l[i].chars().count())
                    .max()
                    .unwrap_or(0)
            })
            .collect();
        for line in &lines {
            let mut text = String::from("  ");
            for (i, cell) in line.iter().enumerate() {
                let pad = widths[i] - cell.chars().count();
                if i == 0 || i == columns - 1 {
                    text.push_str(cell);
                    if i < columns - 1 {
                        text.push_str(&" ".repeat(pad));
                    }
                } else {
                    text.push_str(&" ".repeat(pad));
                    text.push_str(cell);
                }
                if i < columns - 1 {
                    text.push_str("  ");
                }
            }
            let _ = writeln!(out, "{}", text.trim_end());
        }
    }
    let headlines = crate::report::headline::headlines(report);
    if !headlines.is_empty() {
        let _ = writeln!(out);
        for line in headlines {
            let _ = writeln!(out, "{line}");
        }
    }
    let wrong: Vec<&crate::Row> = report
        .rows
        .iter()
        .filter(|r| r.status == crate::RowStatus::Wrong)
        .collect();
    if !wrong.is_empty() {
        let _ = writeln!(out, "\nwrong answers:");
        for r in wrong.iter().take(10) {
            let _ = writeln!(
                out,
                "  {} {} #{}: {}",
                r.set,
                r.engine,
                r.puzzle,
                r.detail.as_deref().unwrap_or("")
            );
        }
        if wrong.len() > 10 {
            let _ = writeln!(
                out,
                "  … and {} more (see the JSON or CSV rows)",
                wrong.len() - 10
            );
        }
    }
    let _ = writeln!(
        out,
        "\ntimes: wall clock per solve, every attempt counted (a timeout at the time it took); \
         answers checked by sudokit-verify"
    );
    if certified {
        let _ = writeln!(
            out,
            "certify: counts proven by a checked certificate; writing and checking it, \
             timed apart from the solve"
        );
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations_and_counts_read_well() {
        assert_eq!(format_duration(1.734), "1.73 µs");
        assert_eq!(format_duration(17.34), "17.3 µs");
        assert_eq!(format_duration(870.0), "870 µs");
        assert_eq!(format_duration(12_345.0), "12.3 ms");
        assert_eq!(format_duration(4_560_000.0), "4.56 s");
        assert_eq!(format_duration(123_456_789.0), "123 s");
        assert_eq!(format_duration(0.0), "0 µs");
        assert_eq!(format_count(1_234_567), "1 234 567");
        assert_eq!(format_count(12), "12");
        assert_eq!(format_decimal(71_437.0), "71 400");
        assert_eq!(format_decimal(1_337.2), "1 340");
        assert_eq!(format_decimal(9.951), "9.95");
        assert_eq!(format_decimal(0.5), "0.50");
        assert_eq!(format_decimal(0.0), "0");
        assert_eq!(format_rate(10, 157.0), "63 700");
        assert_eq!(format_rate(0, 0.0), "–");
    }
}
