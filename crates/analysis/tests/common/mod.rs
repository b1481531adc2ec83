//! What the analysis tests share: a second engine that judges the first's
//! conclusions, and puzzles read from the project's data.
#![allow(dead_code)]

use sudokit_formats::{parse_line, parse_puzzle, ReadOptions};
use sudokit_model::{Mode, Request};
use sudokit_puzzle::{Cell, Layout, Puzzle};

/// The solutions of `puzzle` up to `cap`, found through the pipeline (so
/// verified) by `sat` for variants and sizes past 9x9 and by `cp` for the
/// rest: never by the engine whose conclusions are checked (`fast`,
/// `auto` or `cp`).
pub fn solutions_by_second_engine(puzzle: &Puzzle, cap: u64) -> Vec<Vec<u8>> {
    let plain = matches!(puzzle.layout(), Layout::Boxes(_))
        && puzzle.size() <= 9
        && puzzle.variant_parts().is_empty();
    let second = sudokit_engines::build(if plain { "cp" } else { "sat" }).unwrap();
    let request = Request::new(Mode::CountUpTo(cap));
    let answer = sudokit_pipeline::solve(second.as_ref(), puzzle, &request).unwrap();
    assert!(answer.complete || answer.count == cap);
    answer.grids
}

/// `puzzle` with the givens of `cells` taken away.
pub fn without(puzzle: &Puzzle, cells: &[Cell]) -> Puzzle {
    let mut spec = puzzle.spec().clone();
    for &c in cells {
        spec.givens[c] = 0;
    }
    Puzzle::new(spec).unwrap()
}

/// `puzzle` with `digit` given at `cell`.
pub fn with(puzzle: &Puzzle, cell: Cell, digit: u8) -> Puzzle {
    let mut spec = puzzle.spec().clone();
    spec.givens[cell] = digit;
    Puzzle::new(spec).unwrap()
}

/// Asserts, by a second engine, that `puzzle` has exactly the one solution `solution`
/// and that the verifier accepts it.
pub fn assert_unique(puzzle: &Puzzle, solution: &[u8]) {
    let found = solutions_by_second_engine(puzzle, 2);
    assert_eq!(
        found.len(),
        1,
        "the second engine finds {} solutions",
        found.len()
    );
    assert_eq!(found[0], solution);
    assert!(sudokit_verify::check_grid(puzzle, solution).is_valid());
}

/// Asserts, by a second engine, that no given of `puzzle` can go alone.
pub fn assert_minimal(puzzle: &Puzzle) {
    for cell in givens(puzzle) {
        let count = solutions_by_second_engine(&without(puzzle, &[cell]), 2).len();
        assert_eq!(
            count,
            2,
            "r{}c{} is redundant",
            cell / puzzle.size() + 1,
            cell % puzzle.size() + 1
        );
    }
}

/// The given cells.
pub fn givens(puzzle: &Puzzle) -> Vec<Cell> {
    (0..puzzle.givens().len())
        .filter(|&c| puzzle.givens()[c] != 0)
        .collect()
}

/// A file of the project's `data/` folder.
pub fn data(path: &str) -> String {
    let file = format!("{}/../../data/{path}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&file).unwrap_or_else(|e| panic!("{file}: {e}"))
}

/// A one-puzzle file of `data/examples`.
pub fn example(name: &str) -> Puzzle {
    parse_puzzle(&data(&format!("examples/{name}")), &ReadOptions::default()).unwrap()
}

/// The first `count` puzzles of a line file of `data/`.
pub fn lines(path: &str, count: usize) -> Vec<Puzzle> {
    data(path)
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .take(count)
        .map(|l| parse_line(l.trim(), &ReadOptions::default()).unwrap())
        .collect()
}
