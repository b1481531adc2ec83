//! An engine's counters, as records carry them with `--stats`.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use sudokit_model::Stats;

/// The counters of one solve. A counter the engine does not track is
/// `null`, never a 0 that would read as a measurement.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct StatsRecord {
    /// Search nodes (decisions).
    pub nodes: Option<u64>,
    /// Failures (dead ends, conflicts).
    pub fails: Option<u64>,
    /// Backtracks.
    pub backtracks: Option<u64>,
    /// Propagator runs or propagated literals.
    pub propagations: Option<u64>,
    /// Restarts.
    pub restarts: Option<u64>,
    /// Deepest search level reached.
    pub max_depth: Option<u64>,
    /// Variables of the engine's own encoding (SAT variables ...).
    pub encoding_vars: Option<u64>,
    /// Constraints or clauses of the engine's own encoding.
    pub encoding_constraints: Option<u64>,
    /// Peak memory of a solver that runs outside sudokit, in KiB.
    pub memory_kib: Option<u64>,
    /// Time spent building the encoding, in microseconds.
    pub build_time: u64,
    /// Time spent searching, in microseconds.
    pub solve_time: u64,
}

impl StatsRecord {
    /// The record of `stats`.
    pub fn new(stats: &Stats) -> StatsRecord {
        StatsRecord {
            nodes: stats.nodes,
            fails: stats.fails,
            backtracks: stats.backtracks,
            propagations: stats.propagations,
            restarts: stats.restarts,
            max_depth: stats.max_depth,
            encoding_vars: stats.encoding_vars,
            encoding_constraints: stats.encoding_constraints,
            memory_kib: stats.memory_kib,
            build_time: stats.build_time.as_micros() as u64,
            solve_time: stats.solve_time.as_micros() as u64,
        }
    }
}
