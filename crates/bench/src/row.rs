use serde::{Deserialize, Serialize};

/// How one solve ended, as judged by the benchmark (not by the engine).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum RowStatus {
    /// Every grid returned is valid (and, in unique mode, the count is not
    /// refuted by another engine).
    Solved,
    /// A grid that breaks the puzzle, or a claim (no solution, exactly one
    /// solution) refuted by a verified grid from another engine.
    Wrong,
    /// The deadline (or the run's cancel token) stopped the search first.
    Timeout,
    /// The engine failed.
    Error,
    /// The engine refused the puzzle (a variant or size it does not handle).
    Unsupported,
    /// The engine says the puzzle has no solution and no engine refuted it.
    NoSolution,
}

impl RowStatus {
    /// The name used in tables, JSON and CSV.
    pub fn name(self) -> &'static str {
        match self {
            RowStatus::Solved => "solved",
            RowStatus::Wrong => "wrong",
            RowStatus::Timeout => "timeout",
            RowStatus::Error => "error",
            RowStatus::Unsupported => "unsupported",
            RowStatus::NoSolution => "nosolution",
        }
    }
}

/// One puzzle solved by one engine: the per-puzzle line of every report.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Row {
    /// The set's name.
    pub set: String,
    /// The engine as given (`cp:dom-wdeg`).
    pub engine: String,
    /// 1-based position of the puzzle in its set.
    pub puzzle: usize,
    /// 1-based line of the puzzle in its file.
    pub line: usize,
    /// How it ended.
    pub status: RowStatus,
    /// Wall time of the solve in microseconds, to the nanosecond (the
    /// median when repeated): a fast engine takes a few µs a puzzle, and
    /// whole µs would make its ratios coarse.
    pub time_us: f64,
    /// Every repetition's time, when `repeat > 1`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub times_us: Vec<f64>,
    /// Search nodes the engine reported (`None`: not tracked by it).
    #[serde(default)]
    pub nodes: Option<u64>,
    /// Failures / conflicts the engine reported (`None`: not tracked by it).
    #[serde(default)]
    pub fails: Option<u64>,
    /// Backtracks the engine reported (`None`: not tracked by it).
    #[serde(default)]
    pub backtracks: Option<u64>,
    /// Propagations the engine reported (`None`: not tracked by it).
    #[serde(default)]
    pub propagations: Option<u64>,
    /// Restarts the engine reported (`None`: not tracked by it).
    #[serde(default)]
    pub restarts: Option<u64>,
    /// Solutions the engine found (1 in first mode; up to 2 in unique mode).
    pub solutions: u64,
    /// Whether the engine finished its search (so `solutions` is exact).
    pub complete: bool,
    /// Why it was wrong, the error message, or a note (e.g. returned late).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub detail: Option<String>,
    /// The puzzle in line form.
    pub givens: String,
    /// Whether the count was proven by a checked certificate (`None`: not
    /// asked; `false` also for a count a cap or a deadline left open).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub certified: Option<bool>,
    /// Wall time of writing and checking the certificate, in
    /// microseconds, apart from `time_us` (`None`: not tried).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub certify_us: Option<f64>,
}
