//! `check --format json`: whether a grid is a solution, and what is wrong.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use sudokit_formats::Entry;
use sudokit_verify::{Conflict, Report};

use super::parts::cell_names;
use super::{Source, RECORD_VERSION};

/// The verdict on one grid.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct CheckRecord {
    /// The schema version, [`RECORD_VERSION`] (1).
    pub version: u32,
    /// The input entry.
    #[serde(flatten)]
    pub source: Source,
    /// The grid is complete, keeps the givens and every rule.
    pub valid: bool,
    /// How many conflicts there are.
    pub errors: usize,
    /// Every conflict.
    pub conflicts: Vec<ConflictRecord>,
    /// The verdict in words, as `check` prints it.
    pub message: String,
}

impl CheckRecord {
    /// The record of `report`, the verdict on `entry`'s grid.
    pub fn new(entry: &Entry, report: &Report) -> CheckRecord {
        let n = entry.puzzle.size();
        CheckRecord {
            version: RECORD_VERSION,
            source: Source::of(entry),
            valid: report.is_valid(),
            errors: report.errors(),
            conflicts: (report.conflicts.iter())
                .map(|c| ConflictRecord::new(c, n))
                .collect(),
            message: report.to_string(),
        }
    }
}

/// One thing wrong with a grid, named by its kind (`{"Duplicate": {...}}`).
/// Cells are 0-based row-major indices, and also by name in `at`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub enum ConflictRecord {
    /// The grid does not have n * n cells.
    WrongLength {
        /// n * n.
        expected: usize,
        /// Cells found.
        found: usize,
    },
    /// A cell is blank or holds a digit outside 1 to n.
    BadCell {
        /// The cell.
        cell: usize,
        /// What it holds.
        digit: u8,
        /// The cell by name.
        at: Vec<String>,
    },
    /// A given was changed.
    ChangedGiven {
        /// The cell.
        cell: usize,
        /// The given digit.
        given: u8,
        /// The digit found.
        found: u8,
        /// The cell by name.
        at: Vec<String>,
    },
    /// A pencil mark excluded the digit placed.
    NotACandidate {
        /// The cell.
        cell: usize,
        /// The digit found.
        digit: u8,
        /// The cell by name.
        at: Vec<String>,
    },
    /// A digit repeats in a group.
    Duplicate {
        /// "row 3", "box 5", "cage 2" ...
        group: String,
        /// The digit.
        digit: u8,
        /// Every cell of the group holding it.
        cells: Vec<usize>,
        /// The cells by name.
        at: Vec<String>,
    },
    /// A cage adds up to the wrong total.
    CageSum {
        /// 0-based cage index.
        cage: usize,
        /// Required sum.
        expected: u32,
        /// Sum found.
        found: u32,
    },
}

impl ConflictRecord {
    /// The record of `conflict` in an n x n grid (`size`).
    pub fn new(conflict: &Conflict, size: usize) -> ConflictRecord {
        let at = |cell: usize| cell_names(&[cell], size);
        match conflict.clone() {
            Conflict::WrongLength { expected, found } => {
                ConflictRecord::WrongLength { expected, found }
            }
            Conflict::BadCell { cell, digit } => ConflictRecord::BadCell {
                cell,
                digit,
                at: at(cell),
            },
            Conflict::ChangedGiven { cell, given, found } => ConflictRecord::ChangedGiven {
                cell,
                given,
                found,
                at: at(cell),
            },
            Conflict::NotACandidate { cell, digit } => ConflictRecord::NotACandidate {
                cell,
                digit,
                at: at(cell),
            },
            Conflict::Duplicate {
                group,
                digit,
                cells,
            } => ConflictRecord::Duplicate {
                at: cell_names(&cells, size),
                group,
                digit,
                cells,
            },
            Conflict::CageSum {
                cage,
                expected,
                found,
            } => ConflictRecord::CageSum {
                cage,
                expected,
                found,
            },
        }
    }
}
