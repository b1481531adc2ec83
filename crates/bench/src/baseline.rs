use serde::{Deserialize, Serialize};

use crate::report::Baseline;
use crate::BenchReport;

/// One engine on one set, now against the baseline run. Ratios are now /
/// then: below 1 is faster.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Comparison {
    /// The set.
    pub set: String,
    /// The engine spec.
    pub engine: String,
    /// Solved then.
    pub old_solved: usize,
    /// Solved now.
    pub new_solved: usize,
    /// Median then (µs).
    pub old_median_us: f64,
    /// Median now (µs).
    pub new_median_us: f64,
    /// Median now / then (`None` when then was 0).
    pub median_ratio: Option<f64>,
    /// Total then (µs).
    pub old_total_us: f64,
    /// Total now (µs).
    pub new_total_us: f64,
    /// Total now / then.
    pub total_ratio: Option<f64>,
    /// Whether the two runs solved the same puzzles of the set (otherwise the
    /// totals compare different work).
    pub same_puzzles: bool,
}

fn ratio(new: f64, old: f64) -> Option<f64> {
    (old > 0.0).then(|| new / old)
}

/// Compares `current` with an earlier report `old` (read from `source`),
/// engine by engine and set by set, where both have the pair.
pub fn compare(current: &BenchReport, old: &BenchReport, source: &str) -> Baseline {
    let comparisons = current
        .summaries
        .iter()
        .filter_map(|now| {
            let then = old.summary(&now.set, &now.engine)?;
            fn givens<'a>(r: &'a BenchReport, set: &str, engine: &str) -> Vec<&'a str> {
                let mut v: Vec<&str> = r
                    .rows
                    .iter()
                    .filter(|x| x.set == set && x.engine == engine)
                    .map(|x| x.givens.as_str())
                    .collect();
                v.sort_unstable();
                v
            }
            Some(Comparison {
                set: now.set.clone(),
                engine: now.engine.clone(),
                old_solved: then.solved,
                new_solved: now.solved,
                old_median_us: then.median_us,
                new_median_us: now.median_us,
                median_ratio: ratio(now.median_us, then.median_us),
                old_total_us: then.total_us,
                new_total_us: now.total_us,
                total_ratio: ratio(now.total_us, then.total_us),
                same_puzzles: givens(current, &now.set, &now.engine)
                    == givens(old, &now.set, &now.engine),
            })
        })
        .collect();
    Baseline {
        source: source.into(),
        commit: old.machine.commit.clone(),
        date: old.machine.date.clone(),
        comparisons,
    }
}

/// What a person should know about a comparison before reading its
/// ratios: which pairs were matched (the first line), and warnings when
/// nothing matched, when the two runs measured different modes, or when a
/// pair solved different puzzles.
pub fn baseline_messages(
    current: &BenchReport,
    old: &BenchReport,
    baseline: &Baseline,
) -> Vec<String> {
    let source = &baseline.source;
    let mut messages = Vec::new();
    if baseline.comparisons.is_empty() {
        let pairs: Vec<String> = old
            .summaries
            .iter()
            .map(|s| format!("{} on {}", s.engine, s.set))
            .collect();
        messages.push(format!(
            "warning: --baseline {source}: no engine and set in common with this run \
             (it has {})",
            if pairs.is_empty() {
                "none".into()
            } else {
                pairs.join(", ")
            }
        ));
    } else {
        let pairs: Vec<String> = baseline
            .comparisons
            .iter()
            .map(|c| format!("{} on {}", c.engine, c.set))
            .collect();
        messages.push(format!(
            "baseline {source} (commit {}, {}): compared {}",
            baseline.commit,
            baseline.date,
            pairs.join(", ")
        ));
    }
    if old.run.mode != current.run.mode {
        messages.push(format!(
            "warning: --baseline {source} ran in mode {} and this run in mode {}: \
             the ratios compare different work",
            old.run.mode, current.run.mode
        ));
    }
    for c in baseline.comparisons.iter().filter(|c| !c.same_puzzles) {
        messages.push(format!(
            "warning: {} on {}: the two runs solved different puzzles, so their totals \
             compare different work",
            c.engine, c.set
        ));
    }
    messages
}
