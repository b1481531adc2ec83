//! The fast engine against the baseline (`sudokit-backtrack`, MRV order) on
//! samples of the benchmark sets, with every solution judged by the verifier.
//! The sets live outside the repository (`shared/data/bench`); when they are
//! missing the test says so and passes.

use std::path::PathBuf;

use sudokit_backtrack::{BacktrackEngine, Order};
use sudokit_fast::{solve_digits, FastEngine};
use sudokit_model::{Engine, Limits, Mode, Request};
use sudokit_puzzle::Puzzle;
use sudokit_verify::check_grid;

fn bench_dir() -> Option<PathBuf> {
    let here = std::fs::canonicalize(env!("CARGO_MANIFEST_DIR")).ok()?;
    let dir = here.join("../../../shared/data/bench");
    dir.is_dir().then_some(dir)
}

fn sample(file: &str, every: usize, max: usize) -> Vec<Vec<u8>> {
    let Some(dir) = bench_dir() else {
        eprintln!("shared/data/bench not found: skipping {file}");
        return Vec::new();
    };
    let text = std::fs::read_to_string(dir.join(file)).expect("readable puzzle file");
    text.lines()
        .map(|l| l.trim_end_matches('\r'))
        .filter(|l| l.len() >= 81 && !l.starts_with('#'))
        .step_by(every)
        .take(max)
        .map(|l| {
            l.bytes()
                .take(81)
                .map(|b| if b.is_ascii_digit() { b - b'0' } else { 0 })
                .collect()
        })
        .collect()
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
    for givens in sample("puzzles7_serg_benchmark", 97, 40) {
        assert_eq!(agree(&givens), 2);
    }
}

#[test]
fn unique_sets_agree() {
    for (file, every, max) in [
        ("puzzles2_17_clue", 997, 20),
        ("puzzles3_magictour_top1465", 59, 20),
        ("puzzles5_forum_hardest_1905_11+", 2003, 10),
        ("puzzles6_forum_hardest_1106", 41, 8),
        ("top95.txt", 7, 12),
    ] {
        for givens in sample(file, every, max) {
            assert_eq!(agree(&givens), 1, "{file}");
        }
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
