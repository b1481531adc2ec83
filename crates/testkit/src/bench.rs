//! The benchmark puzzles tests read: the samples shipped in `data/bench/`,
//! and the full sets only where [`BENCH_DATA`] names their folder.

use std::path::{Path, PathBuf};

/// The variable that names a folder holding the full benchmark sets, under
/// the same file names as `data/bench/`; when it is set the tests that read
/// a sample read the full set too (a long run).
pub const BENCH_DATA: &str = "SUDOKIT_BENCH_DATA";

/// A benchmark set: its file name, the puzzles shipped in `data/bench/`,
/// and the puzzles of the full set.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BenchSet {
    /// The file name, in `data/bench/` and in the full sets' folder.
    pub file: &'static str,
    /// How many puzzles the shipped sample holds.
    pub shipped: usize,
    /// How many puzzles the full set holds.
    pub full: usize,
}

impl BenchSet {
    /// Gordon Royle's 17-clue puzzles as tdoku's benchmark has them.
    pub const SEVENTEEN_CLUE: BenchSet = BenchSet::new("puzzles2_17_clue", 300, 49_158);
    /// Royle's 17-clue list in its original form (`0` for a blank).
    pub const ROYLE_17: BenchSet = BenchSet::new("sudoku17", 300, 49_151);
    /// magictour's top 1465.
    pub const TOP1465: BenchSet = BenchSet::new("puzzles3_magictour_top1465", 300, 1_465);
    /// The forum's hardest puzzles rated 11 and above.
    pub const FORUM_HARDEST_11: BenchSet =
        BenchSet::new("puzzles5_forum_hardest_1905_11+", 300, 48_766);
    /// The forum's hardest for backtracking, shipped whole.
    pub const FORUM_HARDEST_1106: BenchSet = BenchSet::new("puzzles6_forum_hardest_1106", 375, 375);
    /// Serg's puzzles, each with two solutions or more.
    pub const SERG: BenchSet = BenchSet::new("puzzles7_serg_benchmark", 300, 10_000);
    /// Rated puzzles from Kaggle, as CSV with their solutions.
    pub const KAGGLE_CSV: BenchSet = BenchSet::new("sudoku.csv", 300, 7_034);

    /// Every set shipped in `data/bench/`.
    pub const ALL: [BenchSet; 7] = [
        BenchSet::SEVENTEEN_CLUE,
        BenchSet::ROYLE_17,
        BenchSet::TOP1465,
        BenchSet::FORUM_HARDEST_11,
        BenchSet::FORUM_HARDEST_1106,
        BenchSet::SERG,
        BenchSet::KAGGLE_CSV,
    ];

    const fn new(file: &'static str, shipped: usize, full: usize) -> BenchSet {
        BenchSet {
            file,
            shipped,
            full,
        }
    }

    /// The shipped sample's path in the repository.
    pub fn shipped_path(&self) -> PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../../data/bench")
            .join(self.file)
    }

    /// The full set's path, when [`BENCH_DATA`] is set.
    pub fn full_path(&self) -> Option<PathBuf> {
        std::env::var_os(BENCH_DATA).map(|dir| PathBuf::from(dir).join(self.file))
    }

    /// The shipped sample's puzzle lines (of a set with one puzzle a line,
    /// not the CSV), exactly [`shipped`](BenchSet::shipped) of them: a
    /// missing or shortened file fails the test that reads it.
    pub fn sample(&self) -> Vec<String> {
        let puzzles = read_puzzles(&self.shipped_path());
        assert_eq!(
            puzzles.len(),
            self.shipped,
            "puzzles in data/bench/{}",
            self.file
        );
        puzzles
    }

    /// The full set's puzzle lines, exactly [`full`](BenchSet::full) of
    /// them, when [`BENCH_DATA`] is set; `None` otherwise.
    pub fn full_set(&self) -> Option<Vec<String>> {
        let path = self.full_path()?;
        let puzzles = read_puzzles(&path);
        assert_eq!(puzzles.len(), self.full, "puzzles in {}", path.display());
        Some(puzzles)
    }

    /// The sample, then the full set when [`BENCH_DATA`] is set, each with
    /// the place it was read from.
    pub fn sample_and_full_set(&self) -> Vec<(String, Vec<String>)> {
        let mut runs = vec![(format!("data/bench/{}", self.file), self.sample())];
        if let Some(full) = self.full_set() {
            runs.push((format!("{BENCH_DATA}/{}", self.file), full));
        }
        runs
    }
}

/// The puzzle lines of a file (see [`puzzle_lines`]); panics naming the
/// file when it cannot be read.
fn read_puzzles(path: &Path) -> Vec<String> {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    puzzle_lines(&text)
}

/// The puzzle lines of a text with one puzzle a line: a trailing `\r`
/// dropped, blank lines and `#` comments skipped.
pub fn puzzle_lines(text: &str) -> Vec<String> {
    text.lines()
        .map(|line| line.trim_end_matches('\r'))
        .filter(|line| !line.trim().is_empty() && !line.starts_with('#'))
        .map(str::to_string)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn comments_blank_lines_and_carriage_returns_are_not_puzzles() {
        let text = "# header\r\n#\r\n1.2\r\n\r\n..3\n";
        assert_eq!(puzzle_lines(text), ["1.2", "..3"]);
    }
}
