//! Random valid puzzles (digits removed from random solved grids): the fast
//! engine's `count up to 2` agrees with the baseline engine's.

use proptest::prelude::*;
use sudokit_backtrack::{BacktrackEngine, Order};
use sudokit_fast::{solve_digits, FastEngine};
use sudokit_model::{Engine, Limits, Mode, Request};
use sudokit_puzzle::Puzzle;

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
}
