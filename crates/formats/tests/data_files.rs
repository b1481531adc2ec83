//! Every shipped puzzle file reads completely: the course's sets and the
//! benchmark samples (the full sets too with `SUDOKIT_BENCH_DATA`).

use std::path::{Path, PathBuf};

use sudokit_formats::{read_all, read_path, ReadOptions};
use sudokit_testkit::BenchSet;

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

/// Reads a benchmark set's sample whole (the CSV's solution column too),
/// and the full set with `SUDOKIT_BENCH_DATA`.
fn bench_set_reads(set: BenchSet) {
    let mut files = vec![(set.shipped_path(), set.shipped)];
    files.extend(set.full_path().map(|path| (path, set.full)));
    for (path, puzzles) in files {
        assert_eq!(count(&path), puzzles, "{}", path.display());
        if set == BenchSet::KAGGLE_CSV {
            let text = std::fs::read_to_string(&path).unwrap();
            let solutions = read_all(&text, &ReadOptions::default().column(1)).unwrap();
            assert_eq!(solutions.entries.len(), puzzles);
            assert!(solutions.entries[0].puzzle.givens().iter().all(|&d| d != 0));
            assert_eq!(solutions.entries[0].line, 2);
        }
    }
}

#[test]
fn every_bench_set_reads_whole() {
    for set in BenchSet::ALL {
        bench_set_reads(set);
    }
}
