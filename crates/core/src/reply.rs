use sudokit_analysis::AnalysisError;
use sudokit_model::LimitKind;
use sudokit_puzzle::PuzzleError;

use crate::Error;

/// The answer of work that can end without its result and still be an
/// answer, not an error: analysis, reduction, generation, explanation,
/// grading. Which variants a call can give is said on the call.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Reply<T> {
    /// The work concluded.
    Done(T),
    /// A limit (the timeout, the node budget, the cancel token) stopped
    /// the work before it could conclude.
    Stopped(LimitKind),
    /// The puzzle has no solution: `no solution`, with the reason when the
    /// givens say it at a glance (`no solution: 4 appears twice in row 1:
    /// r1c1 and r1c2`).
    NoSolution(String),
    /// The puzzle has more than one solution, and the work needs one.
    NotUnique,
    /// Every attempt allowed was used up without meeting the request (a
    /// difficulty, a symmetric minimal puzzle): the reason.
    GaveUp(String),
}

impl<T> Reply<T> {
    /// The result, when the work concluded.
    pub fn done(self) -> Option<T> {
        match self {
            Reply::Done(result) => Some(result),
            _ => None,
        }
    }

    /// The reply of a lower crate's result: the analysis errors that are
    /// answers become replies, the others errors.
    pub(crate) fn of(result: Result<T, AnalysisError>) -> Result<Reply<T>, Error> {
        match result {
            Ok(result) => Ok(Reply::Done(result)),
            Err(AnalysisError::Stopped(kind)) => Ok(Reply::Stopped(kind)),
            Err(AnalysisError::NoSolution(clash)) => {
                Ok(Reply::NoSolution(no_solution(clash.as_ref())))
            }
            Err(AnalysisError::NotUnique { .. }) => Ok(Reply::NotUnique),
            Err(AnalysisError::GaveUp(why)) => Ok(Reply::GaveUp(why)),
            Err(error) => Err(Error::of_analysis(error)),
        }
    }
}

/// "no solution", and why when the givens say it at a glance (two equal
/// givens in one group, a given its marks exclude ...).
///
/// ```
/// use sudokit_core::{no_solution, read_options, read_puzzle};
///
/// let clash = read_puzzle("44..............", &read_options())?.puzzle;
/// let why = clash.check_givens().err();
/// assert_eq!(no_solution(why.as_ref()), "no solution: 4 appears twice in row 1: r1c1 and r1c2");
/// assert_eq!(no_solution(None), "no solution");
/// # Ok::<(), sudokit_core::Error>(())
/// ```
pub fn no_solution(clash: Option<&PuzzleError>) -> String {
    match clash {
        Some(clash) => format!("no solution: {clash}"),
        None => "no solution".to_string(),
    }
}
