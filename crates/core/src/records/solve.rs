//! `solve` and `count`: one record per puzzle.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use sudokit_formats::{grid_to_line_in, Entry};
use sudokit_model::Status;
use sudokit_pipeline::Answer;

use super::{CertificateRecord, Limit, RecordStatus, Source, StatsRecord, RECORD_VERSION};

/// The answer for one puzzle of `solve` or `count`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct SolveRecord {
    /// The schema version, [`RECORD_VERSION`] (1).
    pub version: u32,
    /// The input entry.
    #[serde(flatten)]
    pub source: Source,
    /// How the search ended.
    pub status: RecordStatus,
    /// Why there is no solution, when the givens say it at a glance (two
    /// equal givens in a group ...).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub why: Option<String>,
    /// The engine asked for (`auto`, `fast`, `sat:cadical` ...).
    pub engine: String,
    /// The engine that answered (what `auto` chose, else `engine`).
    pub solved_by: String,
    /// Solutions found.
    pub count: u64,
    /// Whether `count` is exact.
    pub complete: bool,
    /// The first solution as a line, in the digits the puzzle came in;
    /// `null` when there is none.
    pub solution: Option<String>,
    /// Every kept solution, when more than one was kept.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub solutions: Option<Vec<String>>,
    /// The limit that stopped the search, when one did.
    #[serde(flatten)]
    pub stopped: Option<Stopped>,
    /// Wall time of the engine's call, in microseconds.
    pub time_us: u64,
    /// The engine's counters, with `--stats`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stats: Option<StatsRecord>,
    /// Whether the count is proven, with `--certify`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub certificate: Option<Box<CertificateRecord>>,
}

/// What a record says of a search a limit stopped.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct Stopped {
    /// The limit.
    pub limit: Limit,
    /// Cells that propagation fixed before the limit; `null` when the
    /// engine cannot tell.
    pub fixed_cells: Option<usize>,
}

impl SolveRecord {
    /// The record of `answer` to `entry`, found by `engine`; the counters
    /// with `with_stats`.
    pub fn new(entry: &Entry, answer: &Answer, engine: &str, with_stats: bool) -> SolveRecord {
        let line = |grid: &Vec<u8>| grid_to_line_in(grid, entry.digits);
        SolveRecord {
            version: RECORD_VERSION,
            source: Source::of(entry),
            status: answer.status.into(),
            why: answer.clash.as_ref().map(ToString::to_string),
            engine: engine.to_string(),
            solved_by: answer.delegate.unwrap_or(engine).to_string(),
            count: answer.count,
            complete: answer.complete,
            solution: answer.grids.first().map(line),
            solutions: (answer.grids.len() > 1).then(|| answer.grids.iter().map(line).collect()),
            stopped: match answer.status {
                Status::LimitReached(kind) => Some(Stopped {
                    limit: kind.into(),
                    fixed_cells: answer.fixed(),
                }),
                _ => None,
            },
            time_us: answer.time.as_micros() as u64,
            stats: with_stats.then(|| StatsRecord::new(&answer.stats)),
            certificate: None,
        }
    }
}
