use std::time::Duration;

use sudokit_model::{PartialState, Stats, Status};
use sudokit_puzzle::PuzzleError;

/// An engine's outcome for one puzzle, after the verifier accepted it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Answer {
    /// How the solve ended.
    pub status: Status,
    /// Solutions found (may exceed `grids.len()`).
    pub count: u64,
    /// Whether `count` is exact (for optimisation: whether the best is proven).
    pub complete: bool,
    /// The kept solutions as grids (row-major digits), each one valid and
    /// none repeated.
    pub grids: Vec<Vec<u8>>,
    /// Objective value of the best solution, for optimisation.
    pub objective: Option<i64>,
    /// Domains after root propagation, when a limit stopped the search.
    pub partial: Option<PartialState>,
    /// The engine's counters.
    pub stats: Stats,
    /// The engine `auto` handed the puzzle to, if it did.
    pub delegate: Option<&'static str>,
    /// Wall time of the engine's call alone (no lowering, no verifying).
    pub time: Duration,
    /// Why there is no solution, when the status is unsatisfiable and the
    /// givens say it at a glance ([`Puzzle::check_givens`]): two equal
    /// givens in one group, a given its own marks exclude ...
    ///
    /// [`Puzzle::check_givens`]: sudokit_puzzle::Puzzle::check_givens
    pub clash: Option<PuzzleError>,
}

impl Answer {
    /// Cells fixed by propagation when a limit stopped the search.
    pub fn fixed(&self) -> Option<usize> {
        self.partial.as_ref().map(PartialState::fixed)
    }
}
