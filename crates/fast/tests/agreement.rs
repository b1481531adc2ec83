//! The fast engine against the baseline (`sudokit-backtrack`, MRV order) on
//! the benchmark samples of `data/bench/` (and the full sets with
//! `SUDOKIT_BENCH_DATA`), with every solution judged by the verifier.

use sudokit_backtrack::{BacktrackEngine, Order};
use sudokit_fast::{solve_digits, FastEngine};
use sudokit_model::{Engine, Limits, Mode, Request};
use sudokit_puzzle::Puzzle;
use sudokit_testkit::{puzzle_lines, BenchSet};
use sudokit_verify::check_grid;

/// The givens of a puzzle line: its first 81 characters, a digit or a blank.
fn givens(line: &str) -> Vec<u8> {
    line.bytes()
        .take(81)
        .map(|b| if b.is_ascii_digit() { b - b'0' } else { 0 })
        .collect()
}

/// Asserts that every `every`-th puzzle of `set`'s sample (and of the full
/// set with `SUDOKIT_BENCH_DATA`) has `count` solutions by both engines.
fn set_agrees(set: BenchSet, every: usize, count: u64) {
    for (source, lines) in set.sample_and_full_set() {
        for line in lines.iter().step_by(every) {
            assert_eq!(agree(&givens(line)), count, "{source}: {line}");
        }
    }
}

/// Counts up to 2 with both engines and the direct API; all must agree, and
/// every grid must pass the verifier. Returns the count.
fn agree(givens: &[u8]) -> u64 {
    let puzzle = Puzzle::boxed(3, 3, givens.to_vec()).expect("a 9x9 puzzle");
    let model = puzzle.to_model();
    let request = Request::new(Mode::CountUpTo(2));
    let fast = FastEngine::new()
        .solve(&model, &request)
        .expect("fast supports 9x9");
    let base = BacktrackEngine::new(Order::Mrv)
        .solve(&model, &request)
        .expect("backtrack supports 9x9");
    assert_eq!(fast.count, base.count, "count differs on {givens:?}");
    assert_eq!(fast.complete, base.complete);
    for solution in &fast.solutions {
        let grid: Vec<u8> = solution.iter().map(|&v| v as u8).collect();
        assert!(
            check_grid(&puzzle, &grid).is_valid(),
            "invalid grid for {givens:?}"
        );
    }
    let direct = solve_digits(givens.try_into().expect("81 cells"), 2, &Limits::none());
    assert_eq!(direct.count, fast.count);
    if let Some(grid) = direct.solution {
        assert!(check_grid(&puzzle, &grid).is_valid());
    }
    fast.count
}

#[test]
fn serg_multi_solution_puzzles_agree() {
    set_agrees(BenchSet::SERG, 4, 2);
}

#[test]
fn unique_sets_agree() {
    set_agrees(BenchSet::SEVENTEEN_CLUE, 10, 1);
    set_agrees(BenchSet::TOP1465, 10, 1);
    set_agrees(BenchSet::FORUM_HARDEST_11, 20, 1);
    set_agrees(BenchSet::FORUM_HARDEST_1106, 25, 1);
    let top95 = include_str!("../../../data/coursia/Sudoku_top95.txt");
    for line in puzzle_lines(top95).iter().step_by(4) {
        assert_eq!(agree(&givens(line)), 1, "top95: {line}");
    }
}

#[test]
fn unsolvable_puzzles_are_answered_quickly() {
    // Valid givens (no clash) but no solution: r1c9 can hold nothing.
    let mut givens = [0u8; 81];
    for (c, d) in (1..=8).enumerate() {
        givens[c] = d;
    }
    givens[9 * 4 + 8] = 9;
    let r = solve_digits(&givens, 2, &Limits::none());
    assert_eq!((r.count, r.complete), (0, true));
    assert_eq!(agree(&givens), 0);
}
