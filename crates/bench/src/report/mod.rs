//! A benchmark's results and their renderings.

mod cactus;
mod chart;
mod colours;
pub mod csv;
mod grouped;
mod headline;
pub mod html;
pub mod json;
pub mod markdown;
mod puzzles;
mod spread;
pub mod table;
#[cfg(test)]
mod testing;

use std::time::Duration;

use serde::{Deserialize, Serialize};

use crate::{
    summarize, BenchEngine, Comparison, Config, Machine, PuzzleSet, Row, SetFacts, Skipped, Summary,
};

/// What a report says about an engine.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct EngineFacts {
    /// The spec as given (`backtrack:mrv`): the key of rows and summaries.
    pub spec: String,
    /// The engine's own name with its options resolved (`cp:var=dom-wdeg,...`).
    pub name: String,
    /// The engine's version (engines are built with sudokit).
    pub version: String,
}

/// How the run was set up.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RunFacts {
    /// Per-puzzle deadline, seconds.
    pub timeout_s: f64,
    /// `first` or `unique`.
    pub mode: String,
    /// Repetitions per puzzle (the row keeps the median).
    pub repeat: u32,
    /// Puzzles run at once.
    pub jobs: usize,
    /// First N puzzles of each set, if limited.
    pub limit: Option<usize>,
    /// Wall time of the whole run, seconds.
    pub wall_s: f64,
    /// How the times were measured, in words.
    pub timing_note: String,
}

/// Everything a benchmark run produced: the facts, one [`Row`] per puzzle and
/// engine, one [`Summary`] per engine and set, and the comparison with a
/// baseline run if one was given. This is the JSON document (`--json`), and
/// what `--baseline` reads back.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct BenchReport {
    /// Always "sudokit bench".
    pub tool: String,
    /// Machine and build.
    pub machine: Machine,
    /// The run's settings.
    pub run: RunFacts,
    /// The engines, in order.
    pub engines: Vec<EngineFacts>,
    /// Catalogue engines left out because they are not available here.
    #[serde(default)]
    pub skipped: Vec<Skipped>,
    /// The sets, in order.
    pub sets: Vec<SetFacts>,
    /// Per engine and set.
    pub summaries: Vec<Summary>,
    /// Per puzzle and engine.
    pub rows: Vec<Row>,
    /// Ratios against a baseline report, when one was given.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub baseline: Option<Baseline>,
}

/// The comparison with an earlier run.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Baseline {
    /// Where the baseline report was read from.
    pub source: String,
    /// Its commit and date, to say what is compared.
    pub commit: String,
    /// Its date.
    pub date: String,
    /// One per engine and set found in both runs.
    pub comparisons: Vec<Comparison>,
}

impl BenchReport {
    /// Builds the report of a run (summaries included).
    pub fn new(
        machine: Machine,
        config: &Config,
        engines: &[BenchEngine],
        skipped: Vec<Skipped>,
        sets: &[PuzzleSet],
        rows: Vec<Row>,
        wall: Duration,
    ) -> Self {
        let timing_note = if config.jobs > 1 {
            format!(
                "{} puzzles at once on a rayon pool: per-puzzle times were measured under load \
                 and are not comparable with a sequential run",
                config.jobs
            )
        } else {
            "sequential: one puzzle at a time, each solve under its own deadline".to_string()
        };
        let timing_note = if config.warmup {
            format!("{timing_note}; one untimed warm-up solve per engine and set")
        } else {
            timing_note
        };
        BenchReport {
            tool: "sudokit bench".into(),
            machine,
            run: RunFacts {
                timeout_s: config.timeout.as_secs_f64(),
                mode: config.mode.name().into(),
                repeat: config.repeat,
                jobs: config.jobs,
                limit: config.limit,
                wall_s: wall.as_secs_f64(),
                timing_note,
            },
            engines: engines
                .iter()
                .map(|e| EngineFacts {
                    spec: e.spec.clone(),
                    name: e.engine.name(),
                    version: env!("CARGO_PKG_VERSION").into(),
                })
                .collect(),
            skipped,
            sets: sets
                .iter()
                .map(|s| {
                    let mut facts = s.facts();
                    if let Some(limit) = config.limit {
                        facts.puzzles = facts.puzzles.min(limit);
                    }
                    facts
                })
                .collect(),
            summaries: summarize(&rows),
            rows,
            baseline: None,
        }
    }

    /// The summary of one engine on one set.
    pub fn summary(&self, set: &str, engine: &str) -> Option<&Summary> {
        self.summaries
            .iter()
            .find(|s| s.set == set && s.engine == engine)
    }

    /// Whether some engine gave a wrong answer.
    pub fn any_wrong(&self) -> bool {
        self.summaries.iter().any(|s| s.wrong > 0)
    }
}
