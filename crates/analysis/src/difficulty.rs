use serde::Serialize;
use sudokit_model::{Engine, Limits, Mode, Request, Status};
use sudokit_puzzle::Puzzle;

use crate::{fill_by_singles, AnalysisError};

/// The fixed search whose effort measures difficulty: `cp` with first-fail
/// branching, the smallest digit first, and singles as its only
/// propagation, counting to 2 (finding the solution and proving it is the
/// only one). With singles as its propagation, a puzzle that singles
/// solve takes no guess, and every guess is a point where a solver that
/// knows only singles has to try a digit.
pub const REFERENCE_SEARCH: &str = "cp:var=first-fail:val=min:propagation=singles";

/// A first difficulty measure, the same for every geometry and variant.
/// The human-technique grade (`sudokit grade`) will sit beside it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Difficulty {
    /// Naked and hidden singles alone fill the grid ([`fill_by_singles`]).
    pub singles: bool,
    /// Blank cells that singles leave open (0 when `singles`).
    pub open_after_singles: usize,
    /// Branching decisions of the [`REFERENCE_SEARCH`].
    pub guesses: u64,
    /// Dead ends of the [`REFERENCE_SEARCH`].
    pub fails: u64,
}

impl Difficulty {
    /// Measures `puzzle`, the reference search under `limits`.
    pub fn measure(puzzle: &Puzzle, limits: &Limits) -> Result<Difficulty, AnalysisError> {
        AnalysisError::check_width(puzzle, "the difficulty measure")?;
        let open_after_singles = match fill_by_singles(puzzle) {
            Some(grid) => grid.iter().filter(|&&d| d == 0).count(),
            None => return Err(AnalysisError::NoSolution(None)),
        };
        let engine = reference_engine();
        let request = Request::new(Mode::CountUpTo(2))
            .with_limits(limits.clone())
            .keeping(0);
        let answer = sudokit_pipeline::solve(engine.as_ref(), puzzle, &request)?;
        if let Status::LimitReached(kind) = answer.status {
            return Err(AnalysisError::Stopped(kind));
        }
        Ok(Difficulty {
            singles: open_after_singles == 0,
            open_after_singles,
            guesses: answer.stats.nodes.unwrap_or(0),
            fails: answer.stats.fails.unwrap_or(0),
        })
    }
}

/// Built through the catalogue, like every engine a user names; `cp` is
/// in every build of this crate (see its Cargo.toml) and needs nothing
/// outside it, so the spec always builds.
fn reference_engine() -> Box<dyn Engine> {
    sudokit_engines::build(REFERENCE_SEARCH).expect("the reference search is a valid cp spec")
}

/// Bounds on [`Difficulty`] a generated puzzle must meet.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct DifficultyFilter {
    /// At least this many guesses of the reference search.
    pub min_guesses: Option<u64>,
    /// At most this many guesses of the reference search.
    pub max_guesses: Option<u64>,
    /// Singles alone must (true) or must not (false) solve it.
    pub singles: Option<bool>,
}

impl DifficultyFilter {
    /// Whether any bound is set (then each candidate puzzle is measured).
    pub fn is_active(&self) -> bool {
        *self != DifficultyFilter::default()
    }

    /// Whether `difficulty` meets every bound.
    pub fn accepts(&self, difficulty: &Difficulty) -> bool {
        self.min_guesses.is_none_or(|min| difficulty.guesses >= min)
            && self.max_guesses.is_none_or(|max| difficulty.guesses <= max)
            && self.singles.is_none_or(|s| difficulty.singles == s)
    }

    /// Bounds that no puzzle can meet, said plainly.
    pub fn check(&self) -> Result<(), AnalysisError> {
        if let (Some(min), Some(max)) = (self.min_guesses, self.max_guesses) {
            if min > max {
                return Err(AnalysisError::Impossible(format!(
                    "--min-guesses {min} is above --max-guesses {max}"
                )));
            }
        }
        if self.singles == Some(true) && self.min_guesses.is_some_and(|m| m > 0) {
            return Err(AnalysisError::Impossible(
                "a puzzle that singles solve needs no guess: drop --min-guesses or --singles"
                    .into(),
            ));
        }
        Ok(())
    }
}
