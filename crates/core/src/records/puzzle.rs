//! The puzzle itself, as the records of made puzzles carry it.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use sudokit_puzzle::Puzzle;

/// A puzzle in sudokit's JSON form, which every reader of sudokit takes
/// back (`count -f made.json`): the fields of `show --format json`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct PuzzleFields {
    /// The grid side.
    pub size: usize,
    /// Box shape `[rows, cols]`; `null` for regions or a latin square.
    #[serde(rename = "box")]
    pub boxes: Option<[usize; 2]>,
    /// Jigsaw regions, one label per cell; `null` otherwise.
    pub regions: Option<String>,
    /// Both main diagonals all-different.
    pub diagonals: bool,
    /// Extra all-different groups, cells as 1-based `[row, col]`.
    pub extra_groups: Vec<Vec<[usize; 2]>>,
    /// Killer cages.
    pub cages: Vec<CageRecord>,
    /// The givens as a line (`.` for blanks).
    pub givens: String,
    /// Pencil marks, one token per cell, when the puzzle has them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub candidates: Option<Vec<String>>,
}

/// A killer cage.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct CageRecord {
    /// Its cells, 1-based `[row, col]`.
    pub cells: Vec<[usize; 2]>,
    /// What they add up to.
    pub sum: u32,
}

impl PuzzleFields {
    /// `puzzle` in the JSON form.
    pub fn new(puzzle: &Puzzle) -> PuzzleFields {
        let n = puzzle.size();
        let pair = |&c: &usize| [c / n + 1, c % n + 1];
        // Region labels and candidate tokens are the formats crate's to
        // write: its JSON form is read for them rather than written twice.
        let written = sudokit_formats::to_json(puzzle);
        let text = |key: &str| {
            written
                .get(key)
                .and_then(|v| v.as_str())
                .map(str::to_string)
        };
        let candidates = written
            .get("candidates")
            .and_then(|v| v.as_array())
            .map(|marks| {
                marks
                    .iter()
                    .filter_map(|m| m.as_str().map(str::to_string))
                    .collect()
            });
        PuzzleFields {
            size: n,
            boxes: puzzle.box_shape().map(|s| [s.rows, s.cols]),
            regions: text("regions"),
            diagonals: puzzle.diagonals(),
            extra_groups: puzzle
                .extra_groups()
                .iter()
                .map(|g| g.iter().map(pair).collect())
                .collect(),
            cages: puzzle
                .cages()
                .iter()
                .map(|c| CageRecord {
                    cells: c.cells.iter().map(pair).collect(),
                    sum: c.sum,
                })
                .collect(),
            givens: sudokit_formats::to_line(puzzle),
            candidates,
        }
    }
}
