//! On random puzzles of every kind — any box shape up to 100x100, jigsaw
//! maps, latin squares, diagonals, extra groups, cages, pencil marks and
//! givens — the verifier lists exactly the conflicts the reference
//! checker finds. Half the cases are built valid, half get a random flaw.

mod grids;
mod reference;

use grids::{box_map, box_shapes, jigsaw_for, sudoku, transpose, Rng};
use proptest::prelude::*;
use sudokit_model::BoxShape;
use sudokit_puzzle::{Cage, Cell, Layout, Puzzle, PuzzleSpec, WORD_MAX_SIZE};

/// A random puzzle and grid from one seed.
fn case(seed: u64) -> (Puzzle, Vec<u8>) {
    let mut rng = Rng::new(seed);
    let shapes = box_shapes();
    // Small grids most of the time: they are where shapes differ most.
    let (rows, cols) = if rng.one_in(4) {
        rng.pick(&shapes)
    } else {
        rng.pick(&[
            (2, 2),
            (2, 3),
            (3, 2),
            (3, 3),
            (2, 4),
            (4, 2),
            (3, 4),
            (4, 4),
        ])
    };
    let n = rows * cols;
    let mut grid = sudoku(rows, cols, &mut rng);
    let clean = rng.one_in(2);
    let flaw = |rng: &mut Rng| !clean && rng.one_in(3);

    let layout = match rng.below(4) {
        0 => Layout::Latin,
        1 => Layout::Regions(box_map(rows, cols)),
        2 => Layout::Regions(jigsaw_for(&grid, n, &mut rng)),
        _ => Layout::Boxes(BoxShape { rows, cols }),
    };
    let mut spec = PuzzleSpec::blank(n, layout);
    spec.diagonals = rng.one_in(3);

    if flaw(&mut rng) {
        let (a, b) = (rng.below(n * n), rng.below(n * n));
        match rng.below(5) {
            0 => grid.swap(a, b),
            1 => grid[a] = rng.below(n) as u8 + 1,
            2 => grid[a] = 0,
            3 => grid[a] = (n + 1 + rng.below(255 - n)) as u8,
            _ => grid = transpose(&grid, n),
        }
    }
    if flaw(&mut rng) && rng.one_in(4) {
        grid.truncate(rng.below(n * n));
    }
    let digit = |cell: Cell| grid.get(cell).copied().unwrap_or(0);

    // Extra groups: cells of distinct digits, unless flawed.
    for _ in 0..rng.below(3) {
        let mut cells: Vec<Cell> = (0..n * n).collect();
        rng.shuffle(&mut cells);
        let mut seen = vec![false; 256];
        let distinct = !flaw(&mut rng);
        let size = 1 + rng.below(n);
        let group: Vec<Cell> = cells
            .into_iter()
            .filter(|&c| !distinct || !std::mem::replace(&mut seen[usize::from(digit(c))], true))
            .take(size)
            .collect();
        spec.extra_groups.push(group);
    }

    // Cages: disjoint runs of shuffled cells, summing right unless flawed.
    let mut free: Vec<Cell> = (0..n * n).collect();
    rng.shuffle(&mut free);
    for _ in 0..rng.below(4) {
        let size = 1 + rng.below(n.min(5));
        if free.len() < size {
            break;
        }
        let cells: Vec<Cell> = free.drain(..size).collect();
        let k = size as u32;
        let (min, max) = (k * (k + 1) / 2, k * (2 * n as u32 - k + 1) / 2);
        let mut sum: u32 = cells.iter().map(|&c| u32::from(digit(c))).sum();
        if flaw(&mut rng) {
            sum = (sum + 1).saturating_sub(rng.below(3) as u32);
        }
        spec.cages.push(Cage {
            cells,
            sum: sum.clamp(min, max),
        });
    }

    // Givens: some cells keep their digit, a flawed one is changed.
    for cell in 0..n * n {
        if rng.one_in(3) {
            spec.givens[cell] = if flaw(&mut rng) && rng.one_in(4) {
                rng.below(n) as u8 + 1
            } else {
                digit(cell).min(n as u8)
            };
        }
    }

    // Pencil marks: random masks, holding the cell's digit unless flawed;
    // stray bits above n are allowed and must not matter. Grids past 64
    // have none (one bit a digit in 64 bits).
    if n <= WORD_MAX_SIZE && rng.one_in(3) {
        let marks = (0..n * n)
            .map(|cell| {
                let mut mask = rng.next();
                let d = digit(cell);
                if (1..=64).contains(&d) && !(flaw(&mut rng) && rng.one_in(4)) {
                    mask |= 1 << (d - 1);
                }
                mask
            })
            .collect();
        spec.candidates = Some(marks);
    }

    (Puzzle::new(spec).expect("a well-formed puzzle"), grid)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn the_verifier_finds_what_the_reference_finds(seed in any::<u64>()) {
        let (puzzle, grid) = case(seed);
        reference::agree(&puzzle, &grid);
    }
}

/// The random family is not lopsided: it holds valid and invalid grids.
#[test]
fn the_random_family_holds_both_verdicts() {
    let mut tally = reference::Tally::default();
    for seed in 0..500 {
        let (puzzle, grid) = case(seed);
        tally.judge(&puzzle, &grid);
    }
    tally.assert_mixed("random puzzles");
    assert!(tally.valid * 5 > tally.invalid, "{tally:?}");
}
