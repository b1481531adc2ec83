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

    /// Why `grids` may not be every solution, or `None` when they are: a
    /// proof of the count ("unique", "no solution", "exactly k") needs a
    /// complete count with every solution it counted kept.
    pub fn not_every_solution(&self) -> Option<String> {
        if !self.complete {
            return Some("the count is not complete: a cap or a limit stopped it".to_string());
        }
        let kept = self.grids.len() as u64;
        (kept < self.count)
            .then(|| format!("only {kept} of the {} solutions were kept", self.count))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn answer(complete: bool, count: u64, kept: usize) -> Answer {
        Answer {
            status: Status::Solved,
            count,
            complete,
            grids: vec![vec![1]; kept],
            objective: None,
            partial: None,
            stats: Stats::default(),
            delegate: None,
            time: Duration::ZERO,
            clash: None,
        }
    }

    #[test]
    fn only_a_complete_count_with_every_solution_kept_has_every_solution() {
        assert_eq!(answer(true, 2, 2).not_every_solution(), None);
        assert_eq!(answer(true, 0, 0).not_every_solution(), None);
        assert_eq!(
            answer(true, 3, 2).not_every_solution().as_deref(),
            Some("only 2 of the 3 solutions were kept")
        );
        assert_eq!(
            answer(false, 2, 2).not_every_solution().as_deref(),
            Some("the count is not complete: a cap or a limit stopped it")
        );
    }
}
