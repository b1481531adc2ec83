use std::path::Path;

use serde::{Deserialize, Serialize};
use sudokit_formats::{read_all, read_path, to_line, ReadOptions};
use sudokit_puzzle::Puzzle;

use crate::random_sets::{random_set, random_specs};
use crate::BenchError;

/// A built-in set: its name, what it is, where it comes from, and its text
/// (embedded in the binary).
#[derive(Clone, Copy, Debug)]
pub struct BuiltinSet {
    /// The name used in `--sets` (`easy`, `medium`, `hard`).
    pub name: &'static str,
    /// What it is, one line.
    pub title: &'static str,
    /// Where the puzzles come from.
    pub provenance: &'static str,
    /// One puzzle per line.
    pub text: &'static str,
}

const COURSE: &str = "the course's SudokuHelper puzzle files (jsboige MSMIN4IN32-22-MIN1-Sudoku, \
                      Puzzles/, commit d8ca793); see data/coursia/README.md";

/// The three sets of the course's `GetSudokus(SudokuDifficulty)`.
pub const BUILTIN_SETS: [BuiltinSet; 3] = [
    BuiltinSet {
        name: "easy",
        title: "Easy51: 51 easy grids (the course's Easy)",
        provenance: COURSE,
        text: include_str!("../../../data/coursia/Sudoku_Easy51.txt"),
    },
    BuiltinSet {
        name: "medium",
        title: "hardest: 11 hard grids (the course's Medium; Norvig's hardest.txt)",
        provenance: COURSE,
        text: include_str!("../../../data/coursia/Sudoku_hardest.txt"),
    },
    BuiltinSet {
        name: "hard",
        title: "top95: 95 hard grids (the course's Hard; Norvig's top95.txt)",
        provenance: COURSE,
        text: include_str!("../../../data/coursia/Sudoku_top95.txt"),
    },
];

/// The names of the built-in sets, in order.
pub fn builtin_names() -> Vec<&'static str> {
    BUILTIN_SETS.iter().map(|s| s.name).collect()
}

/// One puzzle of a set.
#[derive(Clone, Debug)]
pub struct SetPuzzle {
    /// 1-based position in the set.
    pub index: usize,
    /// 1-based line in its file.
    pub line: usize,
    /// The puzzle in line form (`.` for blanks), for reports.
    pub text: String,
    /// The puzzle.
    pub puzzle: Puzzle,
}

/// A named list of puzzles.
#[derive(Clone, Debug)]
pub struct PuzzleSet {
    /// Short name for tables (`easy`, or a file's stem).
    pub name: String,
    /// What it is.
    pub title: String,
    /// Where it comes from (a built-in's provenance, or the file's path).
    pub source: String,
    /// The puzzles, in file order.
    pub puzzles: Vec<SetPuzzle>,
}

impl PuzzleSet {
    /// Keeps only the first `limit` puzzles.
    pub fn truncate(&mut self, limit: usize) {
        self.puzzles.truncate(limit);
    }

    /// The facts kept in a report.
    pub fn facts(&self) -> SetFacts {
        SetFacts {
            name: self.name.clone(),
            title: self.title.clone(),
            source: self.source.clone(),
            puzzles: self.puzzles.len(),
        }
    }
}

/// What a report says about a set.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SetFacts {
    /// Short name.
    pub name: String,
    /// What it is.
    pub title: String,
    /// Where it comes from.
    pub source: String,
    /// Puzzles run.
    pub puzzles: usize,
}

fn options() -> ReadOptions {
    // Strict parsing: a set with a malformed line is bad input, named by line.
    ReadOptions::default()
}

fn from_entries(
    name: String,
    title: String,
    source: String,
    batch: sudokit_formats::Batch,
) -> Result<PuzzleSet, BenchError> {
    let puzzles: Vec<SetPuzzle> = batch
        .entries
        .into_iter()
        .enumerate()
        .map(|(i, entry)| SetPuzzle {
            index: i + 1,
            line: entry.line,
            text: to_line(&entry.puzzle),
            puzzle: entry.puzzle,
        })
        .collect();
    if puzzles.is_empty() {
        return Err(BenchError::EmptySet(name));
    }
    Ok(PuzzleSet {
        name,
        title,
        source,
        puzzles,
    })
}

/// A built-in set by name (`easy`, `medium`, `hard`).
pub fn builtin(name: &str) -> Option<PuzzleSet> {
    let set = BUILTIN_SETS.iter().find(|s| s.name == name)?;
    let batch = read_all(set.text, &options()).expect("the built-in sets parse");
    Some(
        from_entries(
            set.name.into(),
            set.title.into(),
            set.provenance.into(),
            batch,
        )
        .expect("the built-in sets are not empty"),
    )
}

fn from_file(path: &Path) -> Result<PuzzleSet, BenchError> {
    let batch = read_path(path, &options())?;
    let name = path.file_stem().map_or_else(
        || path.display().to_string(),
        |s| s.to_string_lossy().into_owned(),
    );
    from_entries(
        name,
        format!("{} puzzles from {}", batch.entries.len(), path.display()),
        path.display().to_string(),
        batch,
    )
}

/// Loads the sets named by `specs`, in order: built-in names, random big
/// puzzles made from a seed (`giant`, `giant-quick`, `random:25:60`; see
/// `random_sets`), puzzle files
/// (any form `sudokit-formats` reads; one set per file, named by its stem),
/// and folders (every file inside, sorted by name, one set each; hidden files
/// and `README*` skipped).
pub fn load_sets(specs: &[String]) -> Result<Vec<PuzzleSet>, BenchError> {
    let mut sets = Vec::new();
    for spec in specs {
        let spec = spec.trim();
        if let Some(specs) = random_specs(spec) {
            sets.extend(specs?.iter().map(random_set));
            continue;
        }
        if let Some(set) = builtin(spec) {
            sets.push(set);
            continue;
        }
        let path = Path::new(spec);
        if path.is_dir() {
            let mut files: Vec<_> = std::fs::read_dir(path)
                .map_err(|source| BenchError::Io {
                    path: spec.into(),
                    source,
                })?
                .filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.is_file())
                .filter(|p| {
                    let name = p.file_name().map(|n| n.to_string_lossy().into_owned());
                    name.is_some_and(|n| !n.starts_with('.') && !n.starts_with("README"))
                })
                .collect();
            files.sort();
            if files.is_empty() {
                return Err(BenchError::EmptySet(spec.into()));
            }
            for file in files {
                sets.push(from_file(&file)?);
            }
        } else if path.exists() {
            sets.push(from_file(path)?);
        } else {
            return Err(BenchError::UnknownSet {
                name: spec.into(),
                known: format!(
                    "{}, giant, giant-quick, random:SIZE:BLANK",
                    builtin_names().join(", ")
                ),
            });
        }
    }
    // Two sets with one name would mix in the summaries: number them.
    for i in 1..sets.len() {
        let taken = sets[..i].iter().filter(|s| s.name == sets[i].name).count();
        if taken > 0 {
            sets[i].name = format!("{}#{}", sets[i].name, taken + 1);
        }
    }
    Ok(sets)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn builtin_sets_have_the_course_counts() {
        let counts: Vec<usize> = BUILTIN_SETS
            .iter()
            .map(|s| builtin(s.name).unwrap().puzzles.len())
            .collect();
        assert_eq!(counts, [51, 11, 95]);
        let hard = builtin("hard").unwrap();
        assert_eq!(
            hard.puzzles[0].text,
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
        );
        assert_eq!(hard.puzzles[94].index, 95);
        assert_eq!(hard.puzzles[94].line, 95);
    }

    #[test]
    fn unknown_names_and_bad_files_are_refused_clearly() {
        let err = load_sets(&["nightmare".into()]).unwrap_err().to_string();
        assert_eq!(
            err,
            "set `nightmare`: not a built-in set (easy, medium, hard, giant, giant-quick, \
             random:SIZE:BLANK) nor a file or folder"
        );
        let dir = std::env::temp_dir().join(format!("sudokit-bench-sets-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let bad = dir.join("bad.txt");
        std::fs::write(&bad, "..2....4.4.3....\n12345\n").unwrap();
        let err = load_sets(&[bad.display().to_string()])
            .unwrap_err()
            .to_string();
        assert!(err.contains("bad.txt") && err.contains("line 2"), "{err}");
        std::fs::write(&bad, "..2....4.4.3....\n......32..2.4...\n").unwrap();
        let sets = load_sets(&[dir.display().to_string(), "medium".into()]).unwrap();
        assert_eq!(sets.len(), 2);
        assert_eq!(sets[0].name, "bad");
        assert_eq!(sets[0].puzzles.len(), 2);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
