//! Grids past 35x35, whose digits are written as numbers: a 36x36 and a
//! 64x64 puzzle written in the line form of numbers, read back, solved by
//! every engine that takes them, each answer verified through the
//! pipeline; choco when it is installed (z3 takes the 36x36 too, but in
//! over a minute).

use sudokit_formats::{grid_to_line, parse_line, ReadOptions};
use sudokit_model::{Mode, Request, Status};
use sudokit_pipeline::solve;
use sudokit_puzzle::Puzzle;

/// A solution of the `rows` x `cols` boxed grid: row r holds the digits
/// from `cols * (r % rows) + r / rows`, cyclically.
fn pattern(rows: usize, cols: usize) -> Vec<u8> {
    let n = rows * cols;
    (0..n * n)
        .map(|cell| {
            let (r, c) = (cell / n, cell % n);
            ((cols * (r % rows) + r / rows + c) % n + 1) as u8
        })
        .collect()
}

/// The pattern with a third of its cells blank, as a line of numbers.
fn puzzle_line(rows: usize, cols: usize) -> String {
    let mut grid = pattern(rows, cols);
    for (cell, digit) in grid.iter_mut().enumerate() {
        if (cell * 7 + cell / 5) % 3 == 0 {
            *digit = 0;
        }
    }
    grid_to_line(rows * cols, &grid)
}

/// Reads the puzzle of `rows` x `cols` boxes and has `spec` solve it.
fn solves(spec: &str, rows: usize, cols: usize) {
    let line = puzzle_line(rows, cols);
    let puzzle: Puzzle = parse_line(&line, &ReadOptions::default()).unwrap();
    assert_eq!(puzzle.size(), rows * cols);
    let engine = sudokit_engines::build(spec).unwrap();
    let answer = solve(engine.as_ref(), &puzzle, &Request::new(Mode::First))
        .unwrap_or_else(|e| panic!("{spec} on {rows}x{cols} boxes: {e}"));
    // The pipeline verified the grid against the puzzle's givens and rules.
    assert_eq!(answer.status, Status::Solved, "{spec}");
    assert_eq!(answer.grids.len(), 1, "{spec}");
}

#[test]
fn a_36x36_puzzle_is_solved_by_every_engine_that_takes_it() {
    for spec in ["cp", "sat", "backtrack", "fast"] {
        solves(spec, 6, 6);
    }
}

#[test]
fn a_64x64_puzzle_is_solved_by_cp_and_sat() {
    for spec in ["cp", "sat"] {
        solves(spec, 8, 8);
    }
}

#[cfg(feature = "choco")]
#[test]
fn choco_solves_a_36x36_puzzle() {
    use sudokit_testkit::{found, Tool};
    if found(Tool::Choco, sudokit_choco::library()).is_none() {
        return;
    }
    solves("choco", 6, 6);
}
