//! Pencil marks and givens hold the grid to them: a digit the marks leave
//! out, or a changed given, is reported for its cell, and a digit they
//! allow passes, for every shape up to 64x64, one cell at a time and all
//! cells at once.

mod grids;
mod reference;

use grids::{sudoku, Rng};
use reference::Tally;
use sudokit_model::BoxShape;
use sudokit_puzzle::{Layout, Puzzle, PuzzleSpec, WORD_MAX_SIZE};

/// The box shapes of grids that take pencil marks (up to 64x64).
fn box_shapes() -> Vec<(usize, usize)> {
    let shapes = grids::box_shapes().into_iter();
    shapes.filter(|(r, c)| r * c <= WORD_MAX_SIZE).collect()
}

/// Marks for one cell holding `digit`, from exactly it to everything but it.
fn mark_variants(digit: u8, n: usize) -> Vec<u64> {
    let own = 1u64 << (digit - 1);
    let all = u64::MAX >> (64 - n);
    vec![
        own,
        all,
        u64::MAX,
        own | !all, // stray bits above n
        all & !own,
        !own,
        own << 1,
        own >> 1,
        0,
    ]
}

fn with(rows: usize, cols: usize, givens: Vec<u8>, marks: Option<Vec<u64>>) -> Puzzle {
    let n = rows * cols;
    let mut spec = PuzzleSpec::blank(n, Layout::Boxes(BoxShape { rows, cols }));
    spec.givens = givens;
    spec.candidates = marks;
    Puzzle::new(spec).unwrap()
}

#[test]
fn one_cell_marked_or_given_at_a_time() {
    let mut tally = Tally::default();
    let mut rng = Rng::new(8);
    for (rows, cols) in box_shapes() {
        let n = rows * cols;
        let grid = sudoku(rows, cols, &mut rng);
        let cell = rng.below(n * n);
        let open = u64::MAX >> (64 - n);
        for mark in mark_variants(grid[cell], n) {
            let mut marks = vec![open; n * n];
            marks[cell] = mark;
            tally.judge(&with(rows, cols, vec![0; n * n], Some(marks)), &grid);
        }
        for given in 0..=n as u8 {
            let mut givens = vec![0; n * n];
            givens[cell] = given;
            tally.judge(&with(rows, cols, givens, None), &grid);
        }
    }
    tally.assert_mixed("one cell");
}

#[test]
fn every_cell_marked_and_given() {
    let mut tally = Tally::default();
    let mut rng = Rng::new(9);
    for _ in 0..300 {
        let (rows, cols) = rng.pick(&box_shapes());
        let n = rows * cols;
        let grid = sudoku(rows, cols, &mut rng);
        let bad = rng.one_in(2);
        let marks = grid
            .iter()
            .map(|&d| {
                let variants = mark_variants(d, n);
                // The first four allow the digit.
                let choices = if bad && rng.one_in(n) { 9 } else { 4 };
                rng.pick(&variants[..choices])
            })
            .collect();
        let givens = grid
            .iter()
            .map(|&d| match rng.below(3) {
                0 if bad && rng.one_in(n) => 1 + rng.below(n) as u8,
                0 => d,
                _ => 0,
            })
            .collect();
        tally.judge(&with(rows, cols, givens, Some(marks)), &grid);
    }
    tally.assert_mixed("every cell");
}

#[test]
fn a_bad_cell_is_reported_before_its_given_and_marks() {
    let mut tally = Tally::default();
    let grid = sudoku(3, 3, &mut Rng::new(10));
    for bad in [0u8, 10, 35, 64, 65, 200, 255] {
        let mut wrong = grid.clone();
        wrong[40] = bad;
        let mut givens = vec![0; 81];
        givens[40] = grid[40];
        tally.judge(&with(3, 3, givens, Some(vec![u64::MAX; 81])), &wrong);
    }
    tally.judge(&with(3, 3, vec![0; 81], Some(vec![u64::MAX; 81])), &grid);
    tally.assert_mixed("bad cells");
}
