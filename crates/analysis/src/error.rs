use sudokit_model::LimitKind;
use sudokit_pipeline::SolveError;
use sudokit_puzzle::{Puzzle, PuzzleError};

/// Why an analysis, a reduction or a generation gave no result.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum AnalysisError {
    /// The engine refused the puzzle or failed, or its answer was wrong.
    #[error(transparent)]
    Solve(#[from] SolveError),
    /// A limit (deadline, node budget, Ctrl-C) stopped the work before it
    /// could conclude.
    #[error("{} before the work could conclude", stopped_by(*.0))]
    Stopped(LimitKind),
    /// The puzzle has no solution, so there is nothing to reduce; with
    /// why, when its givens say it at a glance ([`sudokit_pipeline::Answer::clash`]).
    #[error("the puzzle has no solution{}", because(.0.as_ref()))]
    NoSolution(Option<PuzzleError>),
    /// The puzzle has more than one solution where a unique one is needed.
    #[error("the puzzle has more than one solution: {what} needs a unique one")]
    NotUnique {
        /// What needed it ("reduce", ...).
        what: &'static str,
    },
    /// A symmetry the puzzle's geometry (or its givens) does not have.
    #[error("{0}")]
    Symmetry(String),
    /// Every attempt allowed was used up without meeting the request (a
    /// difficulty, a symmetric minimal puzzle, a shape without full grids).
    #[error("{0}")]
    GaveUp(String),
    /// Arguments that cannot be met (a clue target below what is possible,
    /// a shape the generator cannot make).
    #[error("{0}")]
    Impossible(String),
    /// A grid wider than pencil marks hold, for work that keeps them
    /// (explain, grade, the difficulty measure, generation).
    #[error("{what}: grids up to {max}x{max} only (pencil marks are one bit a digit in 64 bits); this grid is {size}x{size}")]
    TooWide {
        /// The work refused ("explain and grade" ...).
        what: &'static str,
        /// The grid's size.
        size: usize,
        /// The largest size it takes.
        max: usize,
    },
}

impl AnalysisError {
    /// `Err(TooWide)` when `puzzle` is wider than pencil marks hold.
    pub(crate) fn check_width(puzzle: &Puzzle, what: &'static str) -> Result<(), AnalysisError> {
        let (size, max) = (puzzle.size(), sudokit_puzzle::WORD_MAX_SIZE);
        if size > max {
            return Err(AnalysisError::TooWide { what, size, max });
        }
        Ok(())
    }
}

fn stopped_by(kind: LimitKind) -> String {
    match kind {
        LimitKind::Cancelled => "interrupted".into(),
        kind => format!("stopped by the {} limit", kind.name()),
    }
}

fn because(clash: Option<&PuzzleError>) -> String {
    clash.map_or_else(String::new, |clash| format!(": {clash}"))
}
