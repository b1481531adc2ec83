//! The MiniZinc export, run through a real MiniZinc with Gecode: its answers
//! must satisfy our verifier and match our own optimum.
//!
//! Needs `minizinc` (Debian package `minizinc`). Without it each test says
//! it skipped the round trip, unless `SUDOKIT_REQUIRE_MINIZINC=1` (set by
//! CI) demands it.

use std::io::Write;
use std::process::Command;

use sudokit_cp::CpEngine;
use sudokit_export::to_minizinc;
use sudokit_model::{Engine, Mode, Model, Request, Status};
use sudokit_puzzle::Puzzle;
use sudokit_testkit::Tool;
use sudokit_verify::{check_assignment, check_grid};

/// Runs MiniZinc with Gecode on the model; the last `x = [...]` it printed,
/// or `None` (after the test's skip line) without MiniZinc.
fn gecode(model: &Model) -> Option<Vec<i32>> {
    if let Err(e) = Command::new("minizinc").arg("--version").output() {
        Tool::MiniZinc.skip(format_args!("minizinc does not run: {e}"));
        return None;
    }
    let mut file = tempfile::Builder::new().suffix(".mzn").tempfile().unwrap();
    file.write_all(to_minizinc(model).as_bytes()).unwrap();
    let output = Command::new("minizinc")
        .args(["--solver", "gecode"])
        .arg(file.path())
        .output()
        .unwrap();
    let stdout = String::from_utf8(output.stdout).unwrap();
    assert!(
        output.status.success(),
        "{stdout}{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let line = stdout.lines().rev().find(|l| l.starts_with("x = "))?;
    let values = line.trim_start_matches("x = [").trim_end_matches(']');
    Some(values.split(", ").map(|v| v.parse().unwrap()).collect())
}

#[test]
fn gecode_solves_our_sudoku_model() {
    let line = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
    let givens = line
        .bytes()
        .map(|b| if b == b'.' { 0 } else { b - b'0' })
        .collect();
    let puzzle = Puzzle::boxed(3, 3, givens).unwrap();
    let model = puzzle.to_model();
    let text = to_minizinc(&model);
    assert!(text.contains("constraint x[1] = 4; % r1c1"), "{text}");
    if let Some(values) = gecode(&model) {
        let grid: Vec<u8> = values.iter().map(|&v| v as u8).collect();
        let report = check_grid(&puzzle, &grid);
        assert!(report.is_valid(), "{report}");
    }
}

#[test]
fn gecode_finds_our_optimum_of_the_weighted_latin_square() {
    let model = sudokit_problems::weighted_latin_square(4);
    let ours = CpEngine::new()
        .solve(&model, &Request::new(Mode::Optimize))
        .unwrap();
    assert_eq!(ours.status, Status::Optimal);
    if let Some(values) = gecode(&model) {
        check_assignment(&model, &values).unwrap();
        let objective = model.objective().unwrap().expr.evaluate(&values);
        assert_eq!(Some(objective), ours.objective);
    }
}

#[test]
fn gecode_solves_our_killer_model() {
    let case = sudokit_conformance::cases()
        .into_iter()
        .find(|c| c.name == "killer6-cages")
        .unwrap();
    if let Some(values) = gecode(&case.puzzle.to_model()) {
        let grid: Vec<u8> = values.iter().map(|&v| v as u8).collect();
        assert_eq!(Some(grid), case.solution);
    }
}

#[test]
fn queens_diagonals_are_written_as_offsets() {
    let text = to_minizinc(&sudokit_problems::n_queens(4));
    assert!(text.contains("!= x[2] + 1"), "{text}");
    assert!(text.contains("solve satisfy;"));
    if let Some(values) = gecode(&sudokit_problems::n_queens(6)) {
        check_assignment(&sudokit_problems::n_queens(6), &values).unwrap();
    }
}
