//! The verifier against a plain re-check: [`check_grid`] rebuilds rows,
//! columns, boxes, regions and diagonals on its own, while the re-check
//! here reads [`Puzzle::groups`], so the two share no code to be wrong in.

use sudokit_formats::{parse_puzzle, ReadOptions};
use sudokit_puzzle::Puzzle;
use sudokit_verify::check_grid;

/// Asserts that the verifier finds `grid` valid exactly when the plain
/// re-check does.
pub(crate) fn assert_judged_alike(puzzle: &Puzzle, grid: &[u8]) {
    let report = check_grid(puzzle, grid);
    assert_eq!(
        report.is_valid(),
        plainly_valid(puzzle, grid),
        "verifier says {report} for {grid:?}"
    );
    assert_eq!(report.is_valid(), report.errors() == 0);
}

/// Every cell holds `1..=n`, keeps its given and its pencil marks, no group
/// repeats a digit, and every cage adds up.
fn plainly_valid(puzzle: &Puzzle, grid: &[u8]) -> bool {
    let n = puzzle.size();
    if grid.len() != n * n || grid.iter().any(|&d| d == 0 || usize::from(d) > n) {
        return false;
    }
    let keeps_givens = puzzle
        .givens()
        .iter()
        .zip(grid)
        .all(|(&given, &d)| given == 0 || given == d);
    let keeps_marks = puzzle.candidates().is_none_or(|marks| {
        marks
            .iter()
            .zip(grid)
            .all(|(&allowed, &d)| allowed >> (d - 1) & 1 == 1)
    });
    let groups_differ = puzzle.groups().iter().all(|group| {
        let mut seen = 0u64;
        group.cells.iter().all(|&c| {
            let bit = 1u64 << (grid[c] - 1);
            let fresh = seen & bit == 0;
            seen |= bit;
            fresh
        })
    });
    let cages_add_up = puzzle.cages().iter().all(|cage| {
        let sum: u32 = cage.cells.iter().map(|&c| u32::from(grid[c])).sum();
        sum == cage.sum
    });
    keeps_givens && keeps_marks && groups_differ && cages_add_up
}

/// The verifier: the bytes before the first NUL are a puzzle in any form;
/// the blanks of its givens are filled from the bytes after (cyclically,
/// each taken modulo the size), or left blank when there are none. The
/// verifier and the plain re-check must agree on the grid made, and on the
/// givens alone.
pub fn check_verifier(data: &[u8]) {
    let split = data.iter().position(|&b| b == 0).unwrap_or(data.len());
    let (text, fill) = (&data[..split], data.get(split + 1..).unwrap_or(&[]));
    let Ok(text) = std::str::from_utf8(text) else {
        return;
    };
    let options = ReadOptions::default().check_givens(false);
    let Ok(puzzle) = parse_puzzle(text, &options) else {
        return;
    };
    assert_judged_alike(&puzzle, puzzle.givens());
    if fill.is_empty() {
        return;
    }
    let n = puzzle.size();
    let mut bytes = fill.iter().cycle();
    let grid: Vec<u8> = puzzle
        .givens()
        .iter()
        .map(|&given| match (given, bytes.next()) {
            (0, Some(&b)) => (usize::from(b) % n) as u8 + 1,
            (given, _) => given,
        })
        .collect();
    assert_judged_alike(&puzzle, &grid);
}
