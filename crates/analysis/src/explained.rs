use sudokit_explain::{
    explain_each, Board, ExplainOptions, Explanation, Grade, Level, Outcome, Step, Technique,
};
use sudokit_puzzle::{Puzzle, PuzzleError};

use crate::{AnalysisError, Counter};

/// A human-style explanation with what only a search can tell: how many
/// solutions there are (which decides whether uniqueness techniques may
/// run) and one of them, from which the explainer guesses where logic runs
/// out.
#[derive(Clone, Debug)]
pub struct Explained {
    /// The steps, guesses marked as [`Technique::Guess`].
    pub explanation: Explanation,
    /// Solutions counted up to 2: 0, 1 (unique) or 2 (several).
    pub solutions: u64,
    /// The grade of the logical part.
    pub grade: Grade,
    /// When there is no solution: why, if the givens say it at a glance
    /// ([`Answer::clash`](sudokit_pipeline::Answer::clash)).
    pub clash: Option<PuzzleError>,
}

/// Explains `puzzle`: the counter counts its solutions up to 2 (through
/// the pipeline, so the solution is verified), then [`explain`](sudokit_explain::explain) runs with
/// uniqueness known, the counter's limits and, unless `options.solution`
/// is already set or `guess` is false, the solution to guess from. A
/// limit that stops the explanation leaves it [`Outcome::Stopped`] with
/// the steps so far; one that stops the count is an error.
pub fn explain_puzzle(
    counter: &mut Counter,
    puzzle: &Puzzle,
    options: ExplainOptions,
    guess: bool,
) -> Result<Explained, AnalysisError> {
    explain_puzzle_each(counter, puzzle, options, guess, &mut |_, _, _| true)
}

/// [`explain_puzzle`], telling `each` of every step as it is found, with
/// the solutions counted (up to 2) and the position before the step
/// ([`explain_each`]); `false` from it ends the explanation there.
pub fn explain_puzzle_each(
    counter: &mut Counter,
    puzzle: &Puzzle,
    mut options: ExplainOptions,
    guess: bool,
    each: &mut dyn FnMut(u64, &Board, &Step) -> bool,
) -> Result<Explained, AnalysisError> {
    AnalysisError::check_width(puzzle, "explain and grade")?;
    let mut answer = counter.count(puzzle, 2, 1)?;
    options.unique = answer.count == 1;
    options.limits = counter.limits().clone();
    if guess && options.solution.is_none() {
        options.solution = answer.grids.pop();
    }
    let solutions = answer.count;
    let explanation = explain_each(puzzle, &options, &mut |board, step| {
        each(solutions, board, step)
    });
    let grade = Grade::of(&explanation);
    Ok(Explained {
        explanation,
        solutions: answer.count,
        grade,
        clash: answer.clash,
    })
}

impl Explained {
    /// The grade, unless a limit stopped the explanation (a grade of part
    /// of the steps would rate the puzzle easier than it is).
    pub fn finished_grade(&self) -> Result<&Grade, AnalysisError> {
        finished(&self.explanation).map(|()| &self.grade)
    }
}

/// `Ok` unless a limit stopped `explanation`.
pub(crate) fn finished(explanation: &Explanation) -> Result<(), AnalysisError> {
    match explanation.outcome {
        Outcome::Stopped(kind) => Err(AnalysisError::Stopped(kind)),
        _ => Ok(()),
    }
}

/// What a generated puzzle's human grade must be.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct GradeFilter {
    /// Exactly this level.
    pub level: Option<Level>,
    /// The hardest technique needed is this one: the puzzle needs it
    /// (nothing easier applied where it was used) and nothing harder.
    pub technique: Option<Technique>,
}

impl GradeFilter {
    /// Whether any condition is set.
    pub fn is_active(&self) -> bool {
        *self != GradeFilter::default()
    }

    /// Whether `grade` meets every condition.
    pub fn accepts(&self, grade: &Grade) -> bool {
        self.level.is_none_or(|l| grade.level == l)
            && self
                .technique
                .is_none_or(|t| grade.level != Level::Beyond && grade.hardest == Some(t))
    }

    /// Conditions no puzzle can meet, said plainly.
    pub fn check(&self) -> Result<(), AnalysisError> {
        let Some(t) = self.technique else {
            return Ok(());
        };
        if t == Technique::Guess {
            return Err(AnalysisError::Impossible(
                "a guess is not a technique: ask for --difficulty beyond".into(),
            ));
        }
        // Every instance of a technique rates at least its base rating.
        match self.level {
            Some(level) if Level::of(t.rating()) > level || level == Level::Beyond => {
                Err(AnalysisError::Impossible(format!(
                    "{t} rates {} ({}): no {level} puzzle needs it",
                    t.rating(),
                    Level::of(t.rating())
                )))
            }
            _ => Ok(()),
        }
    }
}
