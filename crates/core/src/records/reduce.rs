//! `reduce --format json`: a reduced puzzle.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use sudokit_analysis::Reduced;
use sudokit_formats::{grid_to_line, Entry};
use sudokit_model::LimitKind;

use super::{Limit, PuzzleFields, RecordStatus, Source, RECORD_VERSION};

/// A puzzle of the input with the givens that could go taken away; it
/// reads back as a puzzle (the other fields are ignored).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct ReduceRecord {
    /// The schema version, [`RECORD_VERSION`] (1).
    pub version: u32,
    /// The input entry.
    #[serde(flatten)]
    pub source: Source,
    /// The reduced puzzle.
    #[serde(flatten)]
    pub puzzle: PuzzleFields,
    /// Its one solution as a line (sudoku digits); absent when a limit
    /// stopped the work before the solution was known.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub solution: Option<String>,
    /// [`RecordStatus::Limit`] when a limit stopped the reduction: the
    /// puzzle is unique but perhaps not minimal, or (without a solution)
    /// given back as it came.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub status: Option<RecordStatus>,
    /// The limit that stopped it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub limit: Option<Limit>,
}

impl ReduceRecord {
    /// The record of `reduced`, made from `entry`.
    pub fn new(entry: &Entry, reduced: &Reduced) -> ReduceRecord {
        let n = reduced.puzzle.size();
        ReduceRecord {
            version: RECORD_VERSION,
            source: Source::of(entry),
            puzzle: PuzzleFields::new(&reduced.puzzle),
            solution: Some(grid_to_line(n, &reduced.solution)),
            status: reduced.stopped.map(|_| RecordStatus::Limit),
            limit: reduced.stopped.map(Limit::from),
        }
    }

    /// `entry` given back as it came: `kind` stopped the work before its
    /// solution was known.
    pub fn stopped(entry: &Entry, kind: LimitKind) -> ReduceRecord {
        ReduceRecord {
            version: RECORD_VERSION,
            source: Source::of(entry),
            puzzle: PuzzleFields::new(&entry.puzzle),
            solution: None,
            status: Some(RecordStatus::Limit),
            limit: Some(kind.into()),
        }
    }
}
