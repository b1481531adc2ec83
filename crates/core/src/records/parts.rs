//! What several records share: where the puzzle came from, the status and
//! the limit that stopped a search.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use sudokit_formats::Entry;
use sudokit_model::{LimitKind, Status};

/// The input entry a record answers: its 1-based line, and its label (what
/// followed the cells on the line) when it had one.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct Source {
    /// The 1-based line the puzzle starts on.
    pub line: usize,
    /// The entry's label, when it has one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub label: Option<String>,
}

impl Source {
    /// Line `line`, labelled `label`.
    pub fn new(line: usize, label: Option<&str>) -> Source {
        Source {
            line,
            label: label.map(str::to_string),
        }
    }

    /// Where `entry` came from.
    pub fn of(entry: &Entry) -> Source {
        Source::new(entry.line, entry.label.as_deref())
    }
}

/// How a search ended, or that a puzzle got no answer (`error`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum RecordStatus {
    /// A solution was found.
    Solved,
    /// There is no solution.
    Unsatisfiable,
    /// The best solution, proven best.
    Optimal,
    /// A limit stopped the search; `limit` says which.
    Limit,
    /// The puzzle was refused; `error` says why.
    Error,
}

impl From<Status> for RecordStatus {
    fn from(status: Status) -> RecordStatus {
        match status {
            Status::Solved => RecordStatus::Solved,
            Status::Unsatisfiable => RecordStatus::Unsatisfiable,
            Status::Optimal => RecordStatus::Optimal,
            Status::LimitReached(_) => RecordStatus::Limit,
        }
    }
}

/// Which limit stopped a search, by the name the flags use.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Limit {
    /// `--timeout`.
    Time,
    /// `--nodes`.
    Nodes,
    /// `--fails`.
    Fails,
    /// Ctrl-C, or the reader went away.
    Cancelled,
}

impl From<LimitKind> for Limit {
    fn from(kind: LimitKind) -> Limit {
        match kind {
            LimitKind::Time => Limit::Time,
            LimitKind::Nodes => Limit::Nodes,
            LimitKind::Fails => Limit::Fails,
            LimitKind::Cancelled => Limit::Cancelled,
        }
    }
}

/// A digit in a cell named as people write it (`r3c5`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct CellDigit {
    /// The cell, `r3c5`.
    pub cell: String,
    /// The digit, 1 to n.
    pub digit: u8,
}

impl CellDigit {
    /// The 0-based `cell` of an n x n grid (`size`) holding `digit`.
    pub fn new(cell: usize, digit: u8, size: usize) -> CellDigit {
        CellDigit {
            cell: sudokit_puzzle::cell_name(cell, size),
            digit,
        }
    }
}

/// Cells by name (`r1c1`), in the given order.
pub(crate) fn cell_names(cells: &[usize], size: usize) -> Vec<String> {
    cells
        .iter()
        .map(|&c| sudokit_puzzle::cell_name(c, size))
        .collect()
}
