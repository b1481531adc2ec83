//! `problem --format json`: a problem that is not a grid (N-Queens,
//! colouring, latin squares).

use std::time::Duration;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use sudokit_model::Outcome;

use super::{RecordStatus, StatsRecord, RECORD_VERSION};

/// The answer to one problem.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct ProblemRecord {
    /// The schema version, [`RECORD_VERSION`] (1).
    pub version: u32,
    /// The problem in words ("8-queens", "chromatic number of g.col").
    pub problem: String,
    /// How the search ended.
    pub status: RecordStatus,
    /// The engine asked for.
    pub engine: String,
    /// The engine that answered (what `auto` chose, else `engine`).
    pub solved_by: String,
    /// Solutions found.
    pub count: u64,
    /// Whether `count` is exact (for optimisation: whether the best is proven).
    pub complete: bool,
    /// The objective of the best solution, for optimisation; else `null`.
    pub objective: Option<i64>,
    /// The best (or first) solution, one value per variable; `null` when
    /// there is none.
    pub solution: Option<Vec<i32>>,
    /// Wall time, model building included, in microseconds.
    pub time_us: u64,
    /// The engine's counters, with `--stats`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stats: Option<StatsRecord>,
}

impl ProblemRecord {
    /// The record of `outcome`, the answer of `engine` to `problem` after
    /// `time`; the counters with `with_stats`.
    pub fn new(
        problem: &str,
        engine: &str,
        outcome: &Outcome,
        time: Duration,
        with_stats: bool,
    ) -> ProblemRecord {
        ProblemRecord {
            version: RECORD_VERSION,
            problem: problem.to_string(),
            status: outcome.status.into(),
            engine: engine.to_string(),
            solved_by: outcome.delegate.unwrap_or(engine).to_string(),
            count: outcome.count,
            complete: outcome.complete,
            objective: outcome.objective,
            solution: outcome.solutions.last().cloned(),
            time_us: time.as_micros() as u64,
            stats: with_stats.then(|| StatsRecord::new(&outcome.stats)),
        }
    }
}
