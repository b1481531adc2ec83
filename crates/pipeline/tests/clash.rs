//! After "no solution", the answer says why when the givens show it at a
//! glance, the direct way and the prepared way alike; when only a search
//! shows it, the answer gives no reason.

use sudokit_cp::CpEngine;
use sudokit_model::{Mode, Request, Status};
use sudokit_pipeline::{solve, Solver};
use sudokit_puzzle::Puzzle;

/// A 4x4 puzzle from four lines of digits, `.` for blanks.
fn puzzle(text: &str) -> Puzzle {
    let digits = text
        .bytes()
        .filter(|b| *b != b'\n')
        .map(|b| if b == b'.' { 0 } else { b - b'0' })
        .collect();
    Puzzle::boxed(2, 2, digits).unwrap()
}

/// Two 1s in the first row.
const TWO_ONES: &str = "1.1.\n....\n....\n....";

/// No two givens clash, yet r1c1 sees 2 and 3 in its row, 4 in its column
/// and 1 in its box.
const NO_DIGIT_LEFT: &str = "..23\n.1..\n4...\n....";

#[test]
fn two_equal_givens_in_a_row_are_named() {
    let engine = CpEngine::new();
    let request = Request::new(Mode::CountUpTo(2));
    let direct = solve(&engine, &puzzle(TWO_ONES), &request).unwrap();
    let prepared = Solver::new(&engine)
        .solve(&puzzle(TWO_ONES), &request)
        .unwrap();
    for answer in [direct, prepared] {
        assert_eq!(answer.status, Status::Unsatisfiable);
        assert_eq!(
            answer.clash.map(|c| c.to_string()).as_deref(),
            Some("1 appears twice in row 1: r1c1 and r1c3")
        );
    }
}

#[test]
fn no_solution_found_by_search_alone_has_no_reason() {
    let engine = CpEngine::new();
    let answer = solve(&engine, &puzzle(NO_DIGIT_LEFT), &Request::new(Mode::First)).unwrap();
    assert_eq!(answer.status, Status::Unsatisfiable);
    assert_eq!(answer.clash, None);
}

#[test]
fn a_solved_puzzle_has_no_reason() {
    let engine = CpEngine::new();
    let answer = solve(
        &engine,
        &puzzle("1...\n..2.\n.3..\n...4"),
        &Request::new(Mode::First),
    )
    .unwrap();
    assert_eq!(answer.status, Status::Solved);
    assert_eq!(answer.clash, None);
}

#[test]
fn a_solver_told_not_to_look_gives_no_reason() {
    let engine = CpEngine::new();
    let mut solver = Solver::new(&engine);
    solver.look_for_clashes(false);
    let request = Request::new(Mode::First);
    let answer = solver.solve(&puzzle(TWO_ONES), &request).unwrap();
    assert_eq!((answer.status, answer.clash), (Status::Unsatisfiable, None));
    solver.look_for_clashes(true);
    let answer = solver.solve(&puzzle(TWO_ONES), &request).unwrap();
    assert!(answer.clash.is_some());
}
