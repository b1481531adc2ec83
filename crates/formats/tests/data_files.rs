//! Every shipped and benchmark puzzle file reads completely.

use std::path::{Path, PathBuf};
use std::time::Instant;

use sudokit_formats::{read_all, read_path, ReadOptions};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn count(path: &Path) -> usize {
    let batch = read_path(path, &ReadOptions::default()).unwrap_or_else(|e| panic!("{e}"));
    assert!(batch.errors.is_empty());
    batch.entries.len()
}

#[test]
fn coursia_sets() {
    let dir = root().join("data/coursia");
    assert_eq!(count(&dir.join("Sudoku_Easy51.txt")), 51);
    assert_eq!(count(&dir.join("Sudoku_hardest.txt")), 11);
    assert_eq!(count(&dir.join("Sudoku_top95.txt")), 95);
}

fn bench(name: &str) -> Option<PathBuf> {
    let path = root().join("../shared/data/bench").join(name);
    path.exists().then_some(path)
}

#[test]
fn small_bench_sets() {
    let Some(top95) = bench("top95.txt") else {
        return;
    };
    assert_eq!(count(&top95), 95);
    if let Some(csv) = bench("sudoku.csv") {
        assert_eq!(count(&csv), 7034);
        // the solution column reads too: full grids
        let text = std::fs::read_to_string(&csv).unwrap();
        let sols = read_all(&text, &ReadOptions::default().column(1)).unwrap();
        assert_eq!(sols.entries.len(), 7034);
        assert!(sols.entries[0].puzzle.givens().iter().all(|&d| d != 0));
        assert_eq!(sols.entries[0].line, 2);
    }
    for (name, n) in [
        ("puzzles3_magictour_top1465", 1465),
        ("puzzles6_forum_hardest_1106", 375),
    ] {
        if let Some(path) = bench(name) {
            assert_eq!(count(&path), n, "{name}");
        }
    }
}

#[test]
fn big_bench_sets() {
    let start = Instant::now();
    for (name, n) in [
        ("puzzles2_17_clue", 49_158),
        ("sudoku17", 49_151),
        ("puzzles5_forum_hardest_1905_11+", 48_766),
        ("puzzles7_serg_benchmark", 10_000),
    ] {
        if let Some(path) = bench(name) {
            assert_eq!(count(&path), n, "{name}");
        }
    }
    eprintln!("big bench sets read in {:?}", start.elapsed());
}
