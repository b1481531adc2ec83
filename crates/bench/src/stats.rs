use serde::{Deserialize, Serialize};

use crate::{Row, RowStatus};

/// The one-line judgement of an engine on a set.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Verdict {
    /// Every puzzle solved and verified.
    AllSolved,
    /// No wrong answer, but some puzzles timed out, failed or were refused.
    Incomplete,
    /// At least one wrong answer: the engine's times on this set mean nothing.
    Disqualified,
}

/// One engine on one set: counts, times and aggregated counters.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Summary {
    /// The set.
    pub set: String,
    /// The engine spec.
    pub engine: String,
    /// Puzzles attempted.
    pub total: usize,
    /// Solved and verified.
    pub solved: usize,
    /// Wrong answers.
    pub wrong: usize,
    /// Stopped by the deadline.
    pub timeouts: usize,
    /// Engine failures.
    pub errors: usize,
    /// Refused as unsupported.
    pub unsupported: usize,
    /// "No solution" answers nobody refuted.
    pub no_solution: usize,
    /// Sum of the solve times, every attempt counted (a timeout at the time it
    /// took), in microseconds.
    pub total_us: f64,
    /// Mean solve time (µs) over the attempted puzzles (refusals excluded).
    pub mean_us: f64,
    /// Median solve time (µs).
    pub median_us: f64,
    /// 95th percentile (nearest rank, µs).
    pub p95_us: f64,
    /// Slowest solve (µs).
    pub max_us: f64,
    /// Search nodes, summed over the rows that report them (`None`: the
    /// engine does not track them).
    pub nodes: Option<u64>,
    /// Failures / conflicts, summed likewise.
    pub fails: Option<u64>,
    /// Puzzles solved without a single search node, i.e. by propagation
    /// alone (`None`: the engine does not count nodes).
    #[serde(default)]
    pub no_guess: Option<usize>,
    /// Counts proven by a checked certificate (`None`: the run did not
    /// certify).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub certified: Option<usize>,
    /// Time spent writing and checking those certificates, in
    /// microseconds, apart from `total_us` (`None`: the run did not certify).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub certify_us: Option<f64>,
    /// The judgement.
    pub verdict: Verdict,
    /// The judgement in words: "all solved", "2 timeouts", "disqualified: 1
    /// wrong answer, 3 timeouts".
    pub status: String,
}

/// The sum of the values reported, `None` when none is.
fn tracked_sum(values: impl Iterator<Item = Option<u64>>) -> Option<u64> {
    values.flatten().reduce(|a, b| a + b)
}

/// The nearest-rank percentile `p` (0-100) of sorted values; 0 when empty.
pub fn percentile(sorted: &[f64], p: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let rank = ((p / 100.0) * sorted.len() as f64).ceil() as usize;
    sorted[rank.clamp(1, sorted.len()) - 1]
}

/// A sum of times kept to the nanosecond they are measured in: summed as
/// whole nanoseconds, so that it is the same in any order and has few
/// digits (serde_json reads long fractions back to a neighbouring float).
pub(crate) fn sum_us(times: &[f64]) -> f64 {
    let ns: u64 = times.iter().map(|t| (t * 1e3).round() as u64).sum();
    ns as f64 / 1e3
}

fn plural(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

fn summary(set: &str, engine: &str, rows: &[&Row]) -> Summary {
    let count = |s: RowStatus| rows.iter().filter(|r| r.status == s).count();
    let (solved, wrong, timeouts, errors, unsupported, no_solution) = (
        count(RowStatus::Solved),
        count(RowStatus::Wrong),
        count(RowStatus::Timeout),
        count(RowStatus::Error),
        count(RowStatus::Unsupported),
        count(RowStatus::NoSolution),
    );
    let mut times: Vec<f64> = rows
        .iter()
        .filter(|r| r.status != RowStatus::Unsupported)
        .map(|r| r.time_us)
        .collect();
    times.sort_unstable_by(f64::total_cmp);
    let total_us = sum_us(&times);
    let mut parts = Vec::new();
    if wrong > 0 {
        parts.push(plural(wrong, "wrong answer", "wrong answers"));
    }
    if timeouts > 0 {
        parts.push(plural(timeouts, "timeout", "timeouts"));
    }
    if errors > 0 {
        parts.push(plural(errors, "error", "errors"));
    }
    if unsupported > 0 {
        parts.push(format!("{unsupported} unsupported"));
    }
    if no_solution > 0 {
        parts.push(plural(no_solution, "without solution", "without solution"));
    }
    let (verdict, status) = if wrong > 0 {
        (
            Verdict::Disqualified,
            format!("DISQUALIFIED: {}", parts.join(", ")),
        )
    } else if solved == rows.len() {
        (Verdict::AllSolved, "all solved".to_string())
    } else {
        (Verdict::Incomplete, parts.join(", "))
    };
    Summary {
        set: set.into(),
        engine: engine.into(),
        total: rows.len(),
        solved,
        wrong,
        timeouts,
        errors,
        unsupported,
        no_solution,
        total_us,
        // To the nanosecond too, so that it reads back from JSON unchanged.
        mean_us: if times.is_empty() {
            0.0
        } else {
            (total_us * 1e3 / times.len() as f64).round() / 1e3
        },
        median_us: percentile(&times, 50.0),
        p95_us: percentile(&times, 95.0),
        max_us: times.last().copied().unwrap_or(0.0),
        nodes: tracked_sum(rows.iter().map(|r| r.nodes)),
        fails: tracked_sum(rows.iter().map(|r| r.fails)),
        no_guess: rows.iter().any(|r| r.nodes.is_some()).then(|| {
            rows.iter()
                .filter(|r| r.status == RowStatus::Solved && r.nodes == Some(0))
                .count()
        }),
        certified: rows
            .iter()
            .any(|r| r.certified.is_some())
            .then(|| rows.iter().filter(|r| r.certified == Some(true)).count()),
        certify_us: rows.iter().any(|r| r.certified.is_some()).then(|| {
            let times: Vec<f64> = rows.iter().filter_map(|r| r.certify_us).collect();
            sum_us(&times)
        }),
        verdict,
        status,
    }
}

/// One [`Summary`] per set and engine, in the order the rows first name them.
pub fn summarize(rows: &[Row]) -> Vec<Summary> {
    let mut keys: Vec<(&str, &str)> = Vec::new();
    for r in rows {
        let key = (r.set.as_str(), r.engine.as_str());
        if !keys.contains(&key) {
            keys.push(key);
        }
    }
    keys.into_iter()
        .map(|(set, engine)| {
            let mine: Vec<&Row> = rows
                .iter()
                .filter(|r| r.set == set && r.engine == engine)
                .collect();
            summary(set, engine, &mine)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(status: RowStatus, time_us: u64) -> Row {
        Row {
            set: "s".into(),
            engine: "e".into(),
            puzzle: 1,
            line: 1,
            status,
            time_us: time_us as f64,
            times_us: vec![],
            nodes: Some(2),
            fails: Some(1),
            backtracks: Some(0),
            propagations: None,
            restarts: None,
            solutions: 1,
            complete: false,
            detail: None,
            givens: String::new(),
            certified: None,
            certify_us: None,
        }
    }

    #[test]
    fn percentiles_use_the_nearest_rank() {
        let v: Vec<f64> = (1..=20).map(f64::from).collect();
        assert_eq!(percentile(&v, 50.0), 10.0);
        assert_eq!(percentile(&v, 95.0), 19.0);
        assert_eq!(percentile(&v, 100.0), 20.0);
        assert_eq!(percentile(&[7.0], 95.0), 7.0);
        assert_eq!(percentile(&[], 50.0), 0.0);
    }

    #[test]
    fn timeouts_and_wrong_answers_are_both_reported() {
        let rows = vec![
            row(RowStatus::Solved, 10),
            row(RowStatus::Timeout, 1000),
            row(RowStatus::Wrong, 5),
            row(RowStatus::Timeout, 1000),
        ];
        let s = &summarize(&rows)[0];
        assert_eq!((s.solved, s.wrong, s.timeouts, s.total), (1, 1, 2, 4));
        assert_eq!(s.verdict, Verdict::Disqualified);
        assert_eq!(s.status, "DISQUALIFIED: 1 wrong answer, 2 timeouts");
        assert_eq!((s.total_us, s.max_us, s.median_us), (2015.0, 1000.0, 10.0));
        assert_eq!((s.nodes, s.fails), (Some(8), Some(4)));
        assert_eq!(s.no_guess, Some(0));
        let untracked: Vec<Row> = rows
            .iter()
            .map(|r| Row {
                nodes: None,
                ..r.clone()
            })
            .collect();
        assert_eq!(summarize(&untracked)[0].nodes, None);
        assert_eq!(summarize(&untracked)[0].no_guess, None);
        let guessless: Vec<Row> = rows
            .iter()
            .map(|r| Row {
                nodes: Some(0),
                ..r.clone()
            })
            .collect();
        assert_eq!(summarize(&guessless)[0].no_guess, Some(1));

        let s = &summarize(&rows[..2])[0];
        assert_eq!(s.verdict, Verdict::Incomplete);
        assert_eq!(s.status, "1 timeout");
        let s = &summarize(&rows[..1])[0];
        assert_eq!(s.status, "all solved");
    }
}
