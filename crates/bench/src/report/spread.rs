//! The spread of one engine's times on one set, each mark knowing whether
//! it is a timed-out solve: a timeout's time is only a lower bound ("≥ the
//! deadline"), so charts and sentences must not show it as a plain value.

use crate::stats::sum_us;
use crate::{percentile, BenchReport, RowStatus, Verdict};

/// One time of the spread: the µs, and whether the solve behind it timed out.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Mark {
    /// Microseconds.
    pub us: f64,
    /// The solve at this rank was stopped by the deadline: the true time is
    /// at least `us`.
    pub timed_out: bool,
}

/// Min, quartiles, p95 and max of an engine's times on a set (nearest
/// rank over every attempted puzzle, refusals excluded), and its total.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Spread {
    /// The set.
    pub set: String,
    /// The engine spec.
    pub engine: String,
    /// Fastest solve.
    pub min: Mark,
    /// 25th percentile.
    pub p25: Mark,
    /// Median.
    pub median: Mark,
    /// 75th percentile.
    pub p75: Mark,
    /// 95th percentile.
    pub p95: Mark,
    /// Slowest solve.
    pub max: Mark,
    /// Sum of the times; `timed_out` when a timeout is part of it.
    pub total: Mark,
    /// Timed-out solves.
    pub timeouts: usize,
    /// Attempted puzzles.
    pub attempted: usize,
    /// Wrong answers make the times meaningless.
    pub disqualified: bool,
}

/// The spread of one engine on one set; `None` when it attempted nothing.
pub(crate) fn spread(report: &BenchReport, set: &str, engine: &str) -> Option<Spread> {
    let mut rows: Vec<(f64, bool)> = report
        .rows
        .iter()
        .filter(|r| r.set == set && r.engine == engine && r.status != RowStatus::Unsupported)
        .map(|r| (r.time_us, r.status == RowStatus::Timeout))
        .collect();
    if rows.is_empty() {
        return None;
    }
    rows.sort_unstable_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
    let times: Vec<f64> = rows.iter().map(|(t, _)| *t).collect();
    // The rank percentile() picks, found back among the sorted rows.
    let at = |p: f64| {
        let us = percentile(&times, p);
        let rank = times.partition_point(|t| *t < us);
        // Equal times: the mark is censored if any solve of that time is.
        let timed_out = rows[rank..]
            .iter()
            .take_while(|(t, _)| *t == us)
            .any(|(_, out)| *out);
        Mark { us, timed_out }
    };
    let timeouts = rows.iter().filter(|(_, out)| *out).count();
    let disqualified = report
        .summary(set, engine)
        .is_some_and(|s| s.verdict == Verdict::Disqualified);
    Some(Spread {
        set: set.into(),
        engine: engine.into(),
        min: at(0.0),
        p25: at(25.0),
        median: at(50.0),
        p75: at(75.0),
        p95: at(95.0),
        max: at(100.0),
        total: Mark {
            us: sum_us(&times),
            timed_out: timeouts > 0,
        },
        timeouts,
        attempted: rows.len(),
        disqualified,
    })
}

/// Every engine's spread on one set, in the report's engine order.
pub(crate) fn spreads(report: &BenchReport, set: &str) -> Vec<Spread> {
    report
        .engines
        .iter()
        .filter_map(|e| spread(report, set, &e.spec))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::testing::{report_of, row};

    #[test]
    fn a_mark_that_lands_on_a_timeout_is_a_lower_bound() {
        let report = report_of(vec![
            row("hard", "cp", RowStatus::Solved, 10),
            row("hard", "cp", RowStatus::Solved, 30),
            row("hard", "cp", RowStatus::Timeout, 1000),
            row("hard", "cp", RowStatus::Timeout, 1002),
            row("hard", "cp", RowStatus::Unsupported, 1),
        ]);
        let s = spread(&report, "hard", "cp").unwrap();
        assert_eq!(s.attempted, 4);
        assert_eq!(s.timeouts, 2);
        assert_eq!(
            s.min,
            Mark {
                us: 10.0,
                timed_out: false
            }
        );
        assert_eq!(
            s.median,
            Mark {
                us: 30.0,
                timed_out: false
            }
        );
        assert_eq!(
            s.p75,
            Mark {
                us: 1000.0,
                timed_out: true
            }
        );
        assert_eq!(
            s.max,
            Mark {
                us: 1002.0,
                timed_out: true
            }
        );
        assert_eq!(
            s.total,
            Mark {
                us: 2042.0,
                timed_out: true
            }
        );
        assert!(spread(&report, "easy", "cp").is_none());
    }
}
