//! The near misses a checker with a shortcut for complete units could let
//! through: grids whose rows and columns are all complete while a box, a
//! region or a diagonal is not. Every family is judged against the
//! reference checker and holds both verdicts.

mod grids;
mod reference;

use grids::{
    box_map, box_shapes, boxed, jigsaw, jigsaw_for, linear_latin, linear_over_zp, sudoku,
    swap_columns, swap_rows, transpose, units_mod, Rng,
};
use reference::Tally;
use sudokit_model::BoxShape;
use sudokit_puzzle::{Layout, Puzzle, PuzzleSpec};

/// The same grid judged with its boxes, and with the same boxes given as
/// a jigsaw map (the verifier takes another path for regions).
fn judge_boxes_both_ways(tally: &mut Tally, rows: usize, cols: usize, grid: &[u8]) -> bool {
    let n = rows * cols;
    let as_boxes = tally.judge(&boxed(rows, cols), grid);
    let map = jigsaw(n, box_map(rows, cols)).unwrap();
    assert_eq!(tally.judge(&map, grid), as_boxes);
    as_boxes
}

#[test]
fn latin_squares_that_break_boxes_are_rejected() {
    let mut tally = Tally::default();
    let mut rng = Rng::new(1);
    for (rows, cols) in box_shapes() {
        let n = rows * cols;
        let units = units_mod(n);
        for _ in 0..3 {
            let (a, b) = (rng.pick(&units), rng.pick(&units));
            let grid = linear_latin(n, a, b, rng.below(n), &mut rng);
            judge_boxes_both_ways(&mut tally, rows, cols, &grid);
        }
        judge_boxes_both_ways(&mut tally, rows, cols, &sudoku(rows, cols, &mut rng));
    }
    tally.assert_mixed("latin squares on boxes");
}

#[test]
fn rows_or_columns_swapped_across_bands_break_boxes() {
    let mut tally = Tally::default();
    let mut rng = Rng::new(2);
    for (rows, cols) in box_shapes() {
        let n = rows * cols;
        for _ in 0..3 {
            let valid = sudoku(rows, cols, &mut rng);
            let (a, b) = (rng.below(n), rng.below(n));
            let mut grid = valid.clone();
            swap_rows(&mut grid, n, a, b);
            judge_boxes_both_ways(&mut tally, rows, cols, &grid);
            let mut grid = valid.clone();
            swap_columns(&mut grid, n, a, b);
            judge_boxes_both_ways(&mut tally, rows, cols, &grid);
            // Whole bands swapped keep every box.
            let mut grid = valid;
            let (band_a, band_b) = (rng.below(cols), rng.below(cols));
            for k in 0..rows {
                swap_rows(&mut grid, n, band_a * rows + k, band_b * rows + k);
            }
            assert!(judge_boxes_both_ways(&mut tally, rows, cols, &grid));
        }
    }
    tally.assert_mixed("swapped rows and columns");
}

#[test]
fn grids_read_with_transposed_boxes() {
    let mut tally = Tally::default();
    let mut rng = Rng::new(3);
    for (rows, cols) in box_shapes() {
        let n = rows * cols;
        let grid = sudoku(rows, cols, &mut rng);
        // Mirrored, an r x c grid is a c x r grid.
        assert!(tally.judge(&boxed(cols, rows), &transpose(&grid, n)));
        // Unmirrored, it breaks the c x r boxes unless the shape is square
        // (or the boxes are whole rows or columns).
        judge_boxes_both_ways(&mut tally, cols, rows, &grid);
    }
    tally.assert_mixed("transposed boxes");
}

#[test]
fn jigsaws_with_moved_or_transposed_regions() {
    let mut tally = Tally::default();
    let mut rng = Rng::new(4);
    for _ in 0..400 {
        let (rows, cols) = rng.pick(&box_shapes());
        let n = rows * cols;
        let grid = sudoku(rows, cols, &mut rng);
        let map = jigsaw_for(&grid, n, &mut rng);
        assert!(tally.judge(&jigsaw(n, map.clone()).unwrap(), &grid));
        assert!(tally.judge(
            &jigsaw(n, transpose(&map, n)).unwrap(),
            &transpose(&grid, n)
        ));
        tally.judge(&jigsaw(n, transpose(&map, n)).unwrap(), &grid);
        // Two cells trade regions: a repeat unless they hold one digit.
        let mut moved = map.clone();
        moved.swap(rng.below(n * n), rng.below(n * n));
        tally.judge(&jigsaw(n, moved).unwrap(), &grid);
        // Another grid's jigsaw.
        let other = jigsaw_for(&sudoku(rows, cols, &mut rng), n, &mut rng);
        tally.judge(&jigsaw(n, other).unwrap(), &grid);
    }
    tally.assert_mixed("jigsaws");
}

/// Regions that are broken diagonals, `c + s*r (mod n)`: the first row
/// holds every region, so reading any other row's regions from it sees
/// columns, which are complete.
#[test]
fn regions_that_wrap_around_like_diagonals() {
    let mut tally = Tally::default();
    let mut rng = Rng::new(5);
    for n in (2..=65).chain([99, sudokit_puzzle::MAX_SIZE]) {
        for _ in 0..4 {
            let s = 1 + rng.below(n - 1);
            let map: Vec<u8> = (0..n * n)
                .map(|cell| ((cell % n + s * (cell / n)) % n) as u8)
                .collect();
            let units = units_mod(n);
            let (a, b) = (rng.pick(&units), rng.pick(&units));
            let grid = linear_latin(n, a, b, rng.below(n), &mut rng);
            tally.judge(&jigsaw(n, map).unwrap(), &grid);
        }
    }
    tally.assert_mixed("wrapped regions");
}

/// Which groups a reference-judged case breaks, by name.
fn broken_groups(puzzle: &Puzzle, grid: &[u8]) -> Vec<String> {
    let mut names: Vec<String> = reference::conflicts(puzzle, grid)
        .into_iter()
        .map(|c| match c {
            sudokit_verify::Conflict::Duplicate { group, .. } => group,
            other => format!("{other:?}"),
        })
        .collect();
    names.dedup();
    names
}

#[test]
fn diagonals_on_9x9_and_bigger() {
    let mut tally = Tally::default();
    let mut rng = Rng::new(6);
    let (mut only_main, mut only_anti) = (0, 0);
    let mut judge = |tally: &mut Tally, layout: Layout, grid: &[u8]| {
        let n = (grid.len() as f64).sqrt() as usize;
        let mut spec = PuzzleSpec::blank(n, layout);
        spec.diagonals = true;
        let puzzle = Puzzle::new(spec).unwrap();
        tally.judge(&puzzle, grid);
        match broken_groups(&puzzle, grid).as_slice() {
            [one] if one == "the main diagonal" => only_main += 1,
            [one] if one == "the anti-diagonal" => only_anti += 1,
            _ => {}
        }
    };
    // Sudoku X on 2x2, 3x3 and 5x5 boxes, from linear maps over Z_p².
    for p in [2, 3, 5] {
        for _ in 0..300 {
            let grid = linear_over_zp(p, &mut rng);
            judge(
                &mut tally,
                Layout::Boxes(BoxShape { rows: p, cols: p }),
                &grid,
            );
        }
    }
    // Diagonal latin squares of every size.
    for n in (1..=65).chain([99, sudokit_puzzle::MAX_SIZE]) {
        let units = units_mod(n);
        for _ in 0..6 {
            let (a, b) = (rng.pick(&units), rng.pick(&units));
            let grid = linear_latin(n, a, b, rng.below(n), &mut rng);
            judge(&mut tally, Layout::Latin, &grid);
        }
    }
    tally.assert_mixed("diagonals");
    assert!(only_main > 0 && only_anti > 0, "{only_main} {only_anti}");
}
