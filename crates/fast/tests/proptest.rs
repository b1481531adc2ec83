//! Random valid puzzles (digits removed from random solved grids), with and
//! without pencil marks: the fast engine's `count up to 2` agrees with the
//! baseline engine's.

use proptest::prelude::*;
use sudokit_backtrack::{BacktrackEngine, Order};
use sudokit_fast::{solve_digits, FastEngine};
use sudokit_model::BoxShape;
use sudokit_model::{Engine, Limits, Mode, Request};
use sudokit_puzzle::{Layout, Puzzle, PuzzleSpec};

/// A solved grid from the pattern `(3r + r/3 + c) mod 9`, shuffled by a
/// digit relabelling and by row and column swaps inside bands and stacks
/// (each keeps a grid valid).
fn solved_grid(relabel: &[u8], swaps: &[(usize, usize, usize)]) -> [u8; 81] {
    let mut grid = [0u8; 81];
    for r in 0..9 {
        for c in 0..9 {
            grid[r * 9 + c] = relabel[(3 * r + r / 3 + c) % 9];
        }
    }
    for &(kind, band, pair) in swaps {
        let (a, b) = (3 * band + pair % 3, 3 * band + (pair + 1) % 3);
        for k in 0..9 {
            if kind == 0 {
                grid.swap(a * 9 + k, b * 9 + k);
            } else {
                grid.swap(k * 9 + a, k * 9 + b);
            }
        }
    }
    grid
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn count_up_to_2_agrees_with_the_baseline(
        relabel in Just((1u8..=9).collect::<Vec<u8>>()).prop_shuffle(),
        swaps in proptest::collection::vec((0usize..2, 0usize..3, 0usize..3), 0..12),
        holes in proptest::collection::vec(0usize..81, 30..70),
    ) {
        let mut givens = solved_grid(&relabel, &swaps);
        for h in holes {
            givens[h] = 0;
        }
        let puzzle = Puzzle::boxed(3, 3, givens.to_vec()).unwrap();
        let model = puzzle.to_model();
        let request = Request::new(Mode::CountUpTo(2));
        let fast = FastEngine::new().solve(&model, &request).unwrap();
        let base = BacktrackEngine::new(Order::Mrv).solve(&model, &request).unwrap();
        prop_assert_eq!(fast.count, base.count);
        prop_assert!(fast.count >= 1);
        prop_assert_eq!(solve_digits(&givens, 2, &Limits::none()).count, fast.count);
    }

    #[test]
    fn pencil_marks_count_agrees_with_the_baseline(
        relabel in Just((1u8..=9).collect::<Vec<u8>>()).prop_shuffle(),
        swaps in proptest::collection::vec((0usize..2, 0usize..3, 0usize..3), 0..12),
        holes in proptest::collection::vec(0usize..81, 40..75),
        marks in proptest::collection::vec((0usize..81, 1u64..0x1FF), 0..40),
    ) {
        let solution = solved_grid(&relabel, &swaps);
        let mut givens = solution;
        for h in holes {
            givens[h] = 0;
        }
        // Pencil marks on blank cells that keep the solution's digit (so
        // the puzzle has a solution) and drop some others.
        let mut candidates = vec![0x1FFu64; 81];
        for (cell, mask) in marks {
            if givens[cell] == 0 {
                candidates[cell] &= mask | 1 << (solution[cell] - 1);
            }
        }
        let mut spec = PuzzleSpec::blank(9, Layout::Boxes(BoxShape { rows: 3, cols: 3 }));
        spec.givens = givens.to_vec();
        spec.candidates = Some(candidates);
        // The model's domains carry the marks to the fast engine's
        // candidate-mask board.
        let model = Puzzle::new(spec).unwrap().to_model();
        let request = Request::new(Mode::CountUpTo(2));
        let fast = FastEngine::new().solve(&model, &request).unwrap();
        let base = BacktrackEngine::new(Order::Mrv).solve(&model, &request).unwrap();
        prop_assert_eq!(fast.count, base.count);
        prop_assert!(fast.count >= 1);
    }
}
