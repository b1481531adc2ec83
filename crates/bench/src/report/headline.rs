//! The sentences at the top of the page, one per set, in the manner of
//! hyperfine's summary: who was fastest (by median time per puzzle) and by
//! how much, with "≥" where the slower engine's median is a timeout.

use crate::report::spread::{spreads, Spread};
use crate::report::table::{format_decimal, format_duration};
use crate::BenchReport;

/// A ratio as people say it, to three digits at most: `1.8×`, `15×`,
/// `7 150×` (a narrow no-break space between thousands, so a line never
/// breaks inside the number).
pub(crate) fn format_ratio(ratio: f64) -> String {
    if ratio < 10.0 {
        format!("{ratio:.1}×")
    } else if ratio < 1000.0 {
        format!("{ratio:.0}×")
    } else {
        format!("{}×", format_decimal(ratio).replace(' ', "\u{202f}"))
    }
}

/// How `other` compares with the fastest engine `best`.
fn comparison(best: &Spread, other: &Spread) -> String {
    // A floor of 1 ns keeps a ratio finite.
    let ratio = other.median.us.max(1e-3) / best.median.us.max(1e-3);
    let timeouts = if other.timeouts > 0 {
        format!(" ({} of {} timed out)", other.timeouts, other.attempted)
    } else {
        String::new()
    };
    // A timed-out median is a lower bound, so the ratio is one too.
    let bound = if other.median.timed_out {
        "≥\u{a0}"
    } else {
        ""
    };
    if bound.is_empty() && ratio < 1.05 {
        return format!("as fast as {}{timeouts}", other.engine);
    }
    format!(
        "{bound}{} faster than {}{timeouts}",
        format_ratio(ratio),
        other.engine
    )
}

/// One sentence per set: `hard: fast (27 µs per puzzle, median) is 12×
/// faster than cp and ≥ 7 530× faster than backtrack:mrv (10 of 10 timed
/// out)`.
pub(crate) fn headlines(report: &BenchReport) -> Vec<String> {
    report
        .sets
        .iter()
        .filter_map(|set| {
            let all = spreads(report, &set.name);
            let (mut fair, disqualified): (Vec<&Spread>, Vec<&Spread>) =
                all.iter().partition(|s| !s.disqualified);
            // The closest rival first, as hyperfine lists them.
            fair.sort_by(|a, b| {
                (a.median.timed_out.cmp(&b.median.timed_out))
                    .then(a.median.us.total_cmp(&b.median.us))
            });
            let best = fair
                .iter()
                .filter(|s| !s.median.timed_out)
                .min_by(|a, b| a.median.us.total_cmp(&b.median.us))?;
            let mut parts: Vec<String> = fair
                .iter()
                .filter(|s| s.engine != best.engine)
                .map(|s| comparison(best, s))
                .collect();
            let mut text = if parts.is_empty() {
                format!(
                    "{}: {} takes {} per puzzle (median)",
                    set.name,
                    best.engine,
                    format_duration(best.median.us)
                )
            } else {
                let last = parts.pop().unwrap_or_default();
                let list = if parts.is_empty() {
                    last
                } else {
                    format!("{} and {last}", parts.join(", "))
                };
                format!(
                    "{}: {} ({} per puzzle, median) is {list}",
                    set.name,
                    best.engine,
                    format_duration(best.median.us)
                )
            };
            for s in disqualified {
                text.push_str(&format!("; {} is disqualified (wrong answers)", s.engine));
            }
            Some(text)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::testing::{report_of, row};
    use crate::RowStatus::{Solved, Timeout, Wrong};

    #[test]
    fn the_fastest_engine_is_named_with_ratios_and_lower_bounds() {
        let report = report_of(vec![
            row("hard", "fast", Solved, 20),
            row("hard", "fast", Solved, 30),
            row("hard", "fast", Solved, 40),
            row("hard", "cp", Solved, 400),
            row("hard", "cp", Solved, 450),
            row("hard", "cp", Timeout, 1000),
            row("hard", "backtrack", Timeout, 1000),
            row("hard", "backtrack", Timeout, 1001),
            row("hard", "backtrack", Solved, 900),
            row("hard", "sat", Wrong, 10),
            row("easy", "fast", Solved, 10),
            row("easy", "cp", Solved, 10),
        ]);
        assert_eq!(
            headlines(&report),
            [
                "hard: fast (30.0 µs per puzzle, median) is 15× faster than cp (1 of 3 timed \
                 out) and ≥\u{a0}33× faster than backtrack (2 of 3 timed out); sat is disqualified \
                 (wrong answers)",
                "easy: fast (10.0 µs per puzzle, median) is as fast as cp",
            ]
        );
        assert_eq!(format_ratio(1.84), "1.8×");
        assert_eq!(format_ratio(7146.2), "7\u{202f}150×");
        assert_eq!(format_ratio(306.4), "306×");
    }
}
