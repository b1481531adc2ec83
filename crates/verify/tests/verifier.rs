//! The verifier accepts exactly the valid grids.

use proptest::prelude::*;
use sudokit_model::BoxShape;
use sudokit_puzzle::{Cage, Layout, Puzzle, PuzzleSpec};
use sudokit_verify::{check_grid, Conflict};

/// A valid grid for boxes `rows x cols`: the classic pattern, then digits,
/// rows within bands and columns within stacks shuffled by the seeds.
fn solved_grid(rows: usize, cols: usize, seeds: &[usize]) -> Vec<u8> {
    let n = rows * cols;
    let pattern = |r: usize, c: usize| (cols * (r % rows) + r / rows + c) % n;
    let mut digits: Vec<u8> = (1..=n as u8).collect();
    let mut row_order: Vec<usize> = (0..n).collect();
    let mut col_order: Vec<usize> = (0..n).collect();
    for (i, &seed) in seeds.iter().enumerate() {
        let a = seed % n;
        let b = (seed / n) % n;
        match i % 3 {
            0 => digits.swap(a, b),
            // Swapping two rows of one band (or columns of one stack) keeps it valid.
            1 => row_order.swap(a, a / rows * rows + b % rows),
            _ => col_order.swap(a, a / cols * cols + b % cols),
        }
    }
    (0..n * n)
        .map(|cell| digits[pattern(row_order[cell / n], col_order[cell % n])])
        .collect()
}

/// An obviously-right validity test, written separately from the verifier.
fn naive_valid(grid: &[u8], rows: usize, cols: usize) -> bool {
    let n = rows * cols;
    let distinct = |cells: Vec<usize>| {
        let mut ds: Vec<u8> = cells.iter().map(|&c| grid[c]).collect();
        ds.sort_unstable();
        ds == (1..=n as u8).collect::<Vec<_>>()
    };
    (0..n).all(|i| {
        let (br, bc) = (i / (n / cols) * rows, i % (n / cols) * cols);
        distinct((0..n).map(|k| i * n + k).collect())
            && distinct((0..n).map(|k| k * n + i).collect())
            && distinct(
                (0..n)
                    .map(|k| (br + k / cols) * n + bc + k % cols)
                    .collect(),
            )
    })
}

fn blank(rows: usize, cols: usize) -> Puzzle {
    Puzzle::boxed(rows, cols, vec![0; rows * cols * rows * cols]).unwrap()
}

proptest! {
    #[test]
    fn shuffled_solutions_are_valid(seeds in prop::collection::vec(0usize..10_000, 0..40)) {
        for (rows, cols) in [(2, 2), (2, 3), (3, 3), (3, 4)] {
            let grid = solved_grid(rows, cols, &seeds);
            prop_assert!(naive_valid(&grid, rows, cols));
            let report = check_grid(&blank(rows, cols), &grid);
            prop_assert!(report.is_valid(), "{}", report);
        }
    }

    #[test]
    fn changing_one_cell_is_caught(seeds in prop::collection::vec(0usize..10_000, 0..40), cell in 0usize..81, bump in 1u8..9) {
        let mut grid = solved_grid(3, 3, &seeds);
        grid[cell] = (grid[cell] - 1 + bump) % 9 + 1;
        let report = check_grid(&blank(3, 3), &grid);
        // One wrong digit repeats in its row, its column and its box.
        prop_assert_eq!(report.errors(), 3, "{}", report);
    }

    #[test]
    fn verdict_matches_the_naive_check_on_any_4x4_grid(grid in prop::collection::vec(1u8..=4, 16)) {
        let report = check_grid(&blank(2, 2), &grid);
        prop_assert_eq!(report.is_valid(), naive_valid(&grid, 2, 2));
    }
}

#[test]
fn changed_givens_blanks_and_cages_are_reported() {
    let grid = solved_grid(2, 2, &[]);
    let mut givens = grid.clone();
    givens[0] = grid[0] % 4 + 1;
    let puzzle = Puzzle::boxed(2, 2, givens).unwrap();
    let report = check_grid(&puzzle, &grid);
    assert_eq!(
        report.conflicts,
        vec![Conflict::ChangedGiven {
            cell: 0,
            given: grid[0] % 4 + 1,
            found: grid[0]
        }]
    );

    let mut holes = grid.clone();
    holes[5] = 0;
    let report = check_grid(&blank(2, 2), &holes);
    assert_eq!(report.to_string(), "r2c2 is blank");

    let mut spec = PuzzleSpec::blank(4, Layout::Boxes(BoxShape { rows: 2, cols: 2 }));
    let first_two = u32::from(grid[0]) + u32::from(grid[1]);
    spec.cages = vec![Cage {
        cells: vec![0, 1],
        sum: if first_two == 3 { 4 } else { 3 },
    }];
    let report = check_grid(&Puzzle::new(spec).unwrap(), &grid);
    assert_eq!(report.errors(), 1);
    assert!(report.to_string().starts_with("cage 1 sums to"), "{report}");
}

#[test]
fn duplicates_name_the_group_and_every_cell() {
    let mut grid = solved_grid(3, 3, &[]);
    grid[1] = grid[0];
    let report = check_grid(&blank(3, 3), &grid);
    let text = report.to_string();
    assert!(
        text.contains(&format!("{} appears 2 times in row 1: r1c1, r1c2", grid[0])),
        "{text}"
    );
}

#[test]
fn diagonals_regions_and_extra_groups_are_checked() {
    // The pattern grid repeats along its anti-diagonal, so as Sudoku X it fails.
    let grid = solved_grid(2, 2, &[]);
    let mut spec = PuzzleSpec::blank(4, Layout::Boxes(BoxShape { rows: 2, cols: 2 }));
    spec.diagonals = true;
    let x = Puzzle::new(spec).unwrap();
    let naive_x = |g: &[u8]| {
        let mut d: Vec<u8> = (0..4).map(|i| g[i * 5]).collect();
        let mut a: Vec<u8> = (0..4).map(|i| g[(i + 1) * 3]).collect();
        d.sort_unstable();
        a.sort_unstable();
        d == [1, 2, 3, 4] && a == [1, 2, 3, 4]
    };
    assert_eq!(check_grid(&x, &grid).is_valid(), naive_x(&grid));

    // A valid latin square, with an extra group on two cells holding the same digit.
    let twin = (5..16)
        .find(|&c| c / 4 != 0 && c % 4 != 0 && grid[c] == grid[0])
        .unwrap();
    let mut spec = PuzzleSpec::blank(4, Layout::Latin);
    spec.extra_groups = vec![vec![0, twin]];
    let report = check_grid(&Puzzle::new(spec).unwrap(), &grid);
    assert_eq!(
        report.conflicts,
        vec![Conflict::Duplicate {
            group: "extra group 1".into(),
            digit: grid[0],
            cells: vec![0, twin]
        }]
    );

    let regions: Vec<u8> = (0..16).map(|c| (c / 4) as u8).collect();
    let spec = PuzzleSpec::blank(4, Layout::Regions(regions));
    assert!(check_grid(&Puzzle::new(spec).unwrap(), &grid).is_valid());
}

#[test]
fn several_conflicts_are_listed_in_one_line() {
    let mut grid = solved_grid(2, 2, &[]);
    grid[0] = 0;
    grid[15] = 9;
    let report = check_grid(&blank(2, 2), &grid);
    assert_eq!(
        report.to_string(),
        "r1c1 is blank; r4c4 holds 9, out of range"
    );
}
