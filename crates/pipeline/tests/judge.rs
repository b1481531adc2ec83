//! The pipeline judges: every way an engine can break its contract is
//! caught, named, and never becomes an answer; honest answers pass, the
//! prepared way and the direct way alike.

use std::sync::atomic::{AtomicUsize, Ordering};

use sudokit_cp::CpEngine;
use sudokit_model::{
    Capabilities, ConstraintKind, Engine, EngineError, LimitKind, Mode, Model, Outcome, Request,
    SearchEnd, Status,
};
use sudokit_pipeline::{solve, SolveError, Solver};
use sudokit_puzzle::Puzzle;

/// A 4x4 puzzle with exactly one solution.
const UNIQUE: &str = "1...\n..2.\n.3..\n...4";

fn puzzle() -> Puzzle {
    let digits = UNIQUE
        .bytes()
        .filter(|b| *b != b'\n')
        .map(|b| if b == b'.' { 0 } else { b - b'0' })
        .collect();
    Puzzle::boxed(2, 2, digits).unwrap()
}

/// The honest answer, from the cp engine.
fn solution() -> Vec<i32> {
    let outcome = CpEngine::new()
        .solve(&puzzle().to_model(), &Request::new(Mode::First))
        .unwrap();
    outcome.solutions[0].clone()
}

/// An engine that returns a fixed outcome, and counts how often it was
/// prepared.
struct Scripted {
    outcome: Outcome,
    prepared: AtomicUsize,
}

impl Scripted {
    fn new(outcome: Outcome) -> Self {
        Scripted {
            outcome,
            prepared: AtomicUsize::new(0),
        }
    }
}

impl Engine for Scripted {
    fn name(&self) -> String {
        "scripted".into()
    }

    fn capabilities(&self) -> Capabilities {
        Capabilities {
            constraints: &[ConstraintKind::AllDifferent],
            optimizes: false,
            limits: &[],
        }
    }

    fn solve(&self, _: &Model, _: &Request) -> Result<Outcome, EngineError> {
        Ok(self.outcome.clone())
    }

    fn prepare(&self, model: &Model) -> Result<Box<dyn sudokit_model::Prepared + '_>, EngineError> {
        self.prepared.fetch_add(1, Ordering::SeqCst);
        Ok(Box::new(
            sudokit_model::ModelCopy::new(self, model).unwrap(),
        ))
    }
}

fn wrong(outcome: Outcome, request: &Request) -> String {
    match solve(&Scripted::new(outcome), &puzzle(), request) {
        Err(SolveError::Wrong { engine, why }) => {
            assert_eq!(engine, "scripted");
            why
        }
        other => panic!("not judged wrong: {other:?}"),
    }
}

fn finished(end: SearchEnd, count: u64, solutions: Vec<Vec<i32>>) -> Outcome {
    Outcome::finished(end, Mode::CountUpTo(2), count, solutions)
}

#[test]
fn an_honest_answer_passes_with_its_grid() {
    let request = Request::new(Mode::CountUpTo(2));
    let answer = solve(
        &Scripted::new(finished(SearchEnd::Exhausted, 1, vec![solution()])),
        &puzzle(),
        &request,
    )
    .unwrap();
    assert_eq!(
        (answer.status, answer.count, answer.complete),
        (Status::Solved, 1, true)
    );
    let expected: Vec<u8> = solution().iter().map(|&v| v as u8).collect();
    assert_eq!(answer.grids, vec![expected]);
}

#[test]
fn a_grid_that_breaks_the_puzzle_is_wrong() {
    let mut bad = solution();
    bad.swap(1, 2);
    let why = wrong(
        finished(SearchEnd::Exhausted, 1, vec![bad]),
        &Request::new(Mode::CountUpTo(2)),
    );
    assert!(why.starts_with("solution 1 breaks the puzzle ("), "{why}");
}

#[test]
fn a_value_that_is_no_digit_is_wrong() {
    let mut bad = solution();
    bad[3] = 300;
    let why = wrong(
        finished(SearchEnd::Exhausted, 1, vec![bad]),
        &Request::new(Mode::CountUpTo(2)),
    );
    assert!(why.starts_with("solution 1 breaks the puzzle"), "{why}");
    let short = finished(SearchEnd::Exhausted, 1, vec![vec![1; 15]]);
    assert_eq!(
        wrong(short, &Request::new(Mode::CountUpTo(2))),
        "solution 1 has 15 values for 16 cells"
    );
}

#[test]
fn the_same_grid_twice_is_wrong() {
    let twice = finished(SearchEnd::Capped, 2, vec![solution(), solution()]);
    assert_eq!(
        wrong(twice, &Request::new(Mode::CountUpTo(2))),
        "solution 2 repeats an earlier one"
    );
}

#[test]
fn a_status_its_own_counts_contradict_is_wrong() {
    let count2 = Request::new(Mode::CountUpTo(2));
    let mut solved_with_nothing = finished(SearchEnd::Capped, 1, vec![solution()]);
    solved_with_nothing.count = 0;
    assert_eq!(
        wrong(solved_with_nothing, &count2),
        "reported solved with no solution"
    );
    let mut unsat_incomplete = finished(SearchEnd::Exhausted, 0, vec![]);
    unsat_incomplete.complete = false;
    assert_eq!(
        wrong(unsat_incomplete, &count2),
        "reported unsatisfiable after 0 solution(s), complete = false"
    );
    let mut limit_complete = finished(SearchEnd::Stopped(LimitKind::Time), 0, vec![]);
    limit_complete.complete = true;
    assert_eq!(
        wrong(limit_complete, &count2),
        "reported a limit and a complete search"
    );
    assert_eq!(
        wrong(finished(SearchEnd::Capped, 3, vec![solution()]), &count2),
        "counted 3, past the cap of the request"
    );
    assert_eq!(
        wrong(finished(SearchEnd::Exhausted, 1, vec![]), &count2),
        "returned 0 grid(s) for 1 solution(s) counted, keeping 18446744073709551615"
    );
}

#[test]
fn the_solver_prepares_once_per_shape_and_judges_the_same_way() {
    let engine = Scripted::new(finished(SearchEnd::Exhausted, 1, vec![solution()]));
    let mut solver = Solver::new(&engine);
    let request = Request::new(Mode::CountUpTo(2));
    for _ in 0..3 {
        assert_eq!(solver.solve(&puzzle(), &request).unwrap().count, 1);
    }
    assert_eq!(engine.prepared.load(Ordering::SeqCst), 1);
    // Another shape (a latin square) prepares anew, and the scripted
    // grid breaks its given.
    let mut spec = sudokit_puzzle::PuzzleSpec::blank(4, sudokit_puzzle::Layout::Latin);
    spec.givens[0] = 2;
    let latin = Puzzle::new(spec).unwrap();
    let err = solver.solve(&latin, &request).unwrap_err();
    assert!(matches!(err, SolveError::Wrong { .. }), "{err}");
    assert_eq!(engine.prepared.load(Ordering::SeqCst), 2);
}

#[test]
fn the_prepared_way_answers_as_the_direct_way() {
    let engine = CpEngine::new();
    let mut solver = Solver::new(&engine);
    let request = Request::new(Mode::CountUpTo(2));
    let direct = solve(&engine, &puzzle(), &request).unwrap();
    let prepared = solver.solve(&puzzle(), &request).unwrap();
    assert_eq!(
        (direct.status, direct.count, direct.complete, &direct.grids),
        (
            prepared.status,
            prepared.count,
            prepared.complete,
            &prepared.grids
        )
    );
}

#[test]
fn unsatisfiable_after_a_solution_and_optimal_without_proof_are_wrong() {
    let count2 = Request::new(Mode::CountUpTo(2));
    // Exhausted with nothing found is an answer the judge lets through.
    let none = solve(
        &Scripted::new(finished(SearchEnd::Exhausted, 0, vec![])),
        &puzzle(),
        &count2,
    )
    .unwrap();
    assert_eq!((none.status, none.complete), (Status::Unsatisfiable, true));
    let mut unsat_found = finished(SearchEnd::Exhausted, 1, vec![solution()]);
    unsat_found.status = Status::Unsatisfiable;
    assert_eq!(
        wrong(unsat_found, &count2),
        "reported unsatisfiable after 1 solution(s), complete = true"
    );
    let mut optimal_unproven = finished(SearchEnd::Capped, 1, vec![solution()]);
    optimal_unproven.status = Status::Optimal;
    assert_eq!(
        wrong(optimal_unproven, &count2),
        "reported optimal without a complete search"
    );
}

/// Counting to 2 on a puzzle with more solutions stops at exactly 2:
/// a count equal to the cap is honest.
#[test]
fn a_count_that_reaches_the_cap_passes() {
    let blank = Puzzle::boxed(2, 2, vec![0; 16]).unwrap();
    let request = Request::new(Mode::CountUpTo(2));
    let honest = CpEngine::new().solve(&blank.to_model(), &request).unwrap();
    assert_eq!((honest.count, honest.complete), (2, false));
    let answer = solve(&Scripted::new(honest), &blank, &request).unwrap();
    assert_eq!((answer.count, answer.grids.len()), (2, 2));
}

/// `x != y`, `x, y` in 1..=3, maximise `x + 2y`: optimum 8 at (2, 3).
fn small_optimisation() -> Model {
    use sudokit_model::{Constraint, Domain, Expr, LinearTerm, Objective, Sense};
    let mut model = Model::new();
    let x = model.new_var("x", Domain::range(1, 3));
    let y = model.new_var("y", Domain::range(1, 3));
    model
        .add(Constraint::NotEqualOffset { x, y, offset: 0 })
        .unwrap();
    let linear = vec![
        LinearTerm { coef: 1, var: x },
        LinearTerm { coef: 2, var: y },
    ];
    model
        .set_objective(Objective {
            sense: Sense::Maximize,
            expr: Expr {
                linear,
                ..Expr::default()
            },
        })
        .unwrap();
    model
}

#[test]
fn a_model_answer_is_judged_by_its_constraints_objective_and_status() {
    use sudokit_pipeline::judge_model;
    let model = small_optimisation();
    let request = Request::new(Mode::Optimize);
    let honest = CpEngine::new().solve(&model, &request).unwrap();
    assert_eq!(
        (honest.status, honest.objective),
        (Status::Optimal, Some(8))
    );
    let engine = Scripted::new(honest.clone());
    assert_eq!(judge_model(&engine, &model, &request, &honest), Ok(()));
    let why = |outcome: &Outcome| match judge_model(&engine, &model, &request, outcome) {
        Err(SolveError::Wrong { why, .. }) => why,
        other => panic!("not judged wrong: {other:?}"),
    };

    let mut clash = honest.clone();
    *clash.solutions.last_mut().unwrap() = vec![3, 3];
    assert!(why(&clash).starts_with("solution "), "{}", why(&clash));
    let mut boasting = honest.clone();
    boasting.objective = Some(9);
    assert_eq!(
        why(&boasting),
        "reported objective Some(9) for a solution worth 8"
    );
    let mut unproven = honest.clone();
    unproven.complete = false;
    assert_eq!(why(&unproven), "reported optimal without a complete search");
}
