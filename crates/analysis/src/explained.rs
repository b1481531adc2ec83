use sudokit_explain::{explain, ExplainOptions, Explanation, Grade, Level, Technique};
use sudokit_puzzle::Puzzle;

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
}

/// Explains `puzzle`: the counter counts its solutions up to 2 (through
/// the pipeline, so the solution is verified), then [`explain`] runs with
/// uniqueness known and, unless `options.solution` is already set or
/// `guess` is false, the solution to guess from.
pub fn explain_puzzle(
    counter: &mut Counter,
    puzzle: &Puzzle,
    mut options: ExplainOptions,
    guess: bool,
) -> Result<Explained, AnalysisError> {
    let mut answer = counter.count(puzzle, 2, 1)?;
    options.unique = answer.count == 1;
    if guess && options.solution.is_none() {
        options.solution = answer.grids.pop();
    }
    let explanation = explain(puzzle, &options);
    let grade = Grade::of(&explanation);
    Ok(Explained {
        explanation,
        solutions: answer.count,
        grade,
    })
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
