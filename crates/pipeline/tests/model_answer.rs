//! Models that are not puzzles go through the pipeline too: an honest
//! engine's outcome comes back timed, a wrong one never becomes an answer.

use sudokit_cp::CpEngine;
use sudokit_model::{
    Capabilities, ConstraintKind, Engine, EngineError, Mode, Model, Outcome, Request, SearchEnd,
    Status,
};
use sudokit_pipeline::{solve_model, SolveError};
use sudokit_problems::n_queens;

/// An engine that answers every model with one fixed assignment.
struct Claims(Vec<i32>);

impl Engine for Claims {
    fn name(&self) -> String {
        "claims".into()
    }

    fn capabilities(&self) -> Capabilities {
        Capabilities {
            constraints: &[ConstraintKind::AllDifferent, ConstraintKind::NotEqualOffset],
            optimizes: false,
            limits: &[],
        }
    }

    fn solve(&self, _: &Model, request: &Request) -> Result<Outcome, EngineError> {
        Ok(Outcome::finished(
            SearchEnd::Exhausted,
            request.mode,
            1,
            vec![self.0.clone()],
        ))
    }
}

#[test]
fn six_queens_are_counted_and_judged() {
    let answer = solve_model(&CpEngine::new(), &n_queens(6), &Request::new(Mode::All)).unwrap();
    assert_eq!(answer.outcome.status, Status::Solved);
    assert_eq!((answer.outcome.count, answer.outcome.complete), (4, true));
}

#[test]
fn three_queens_have_no_placement() {
    let answer = solve_model(&CpEngine::new(), &n_queens(3), &Request::new(Mode::First)).unwrap();
    assert_eq!(answer.outcome.status, Status::Unsatisfiable);
}

#[test]
fn queens_on_one_diagonal_are_wrong() {
    let engine = Claims(vec![1, 2, 3, 4]);
    match solve_model(&engine, &n_queens(4), &Request::new(Mode::First)) {
        Err(SolveError::Wrong { engine, why }) => {
            assert_eq!(engine, "claims");
            assert_eq!(
                why,
                "solution 1: constraint #2 (not-equal-offset) is violated"
            );
        }
        other => panic!("expected a wrong answer, got {other:?}"),
    }
}
