//! The pencil marks of an explanation, for a page that draws its steps:
//! the marks where it starts and what each step takes away. They come from
//! the explainer's own board, so they follow the puzzle's real groups
//! (diagonals, jigsaw regions, extra groups); a page recomputing them from
//! rows, columns and boxes would show digits an X or jigsaw rules out.

use schemars::JsonSchema;
use serde::Serialize;
use sudokit_core::records::CellDigit;
use sudokit_core::{marks_before_steps, Explanation, Puzzle};

/// Every cell's candidates at the start, and per step the candidates it
/// removes (its eliminations, and the digits its placements clear from
/// their peers); a placed cell keeps no candidates.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
pub struct MarksRecord {
    /// Per cell, row-major: its candidates before the first step, as
    /// digits 1 to n (none for a given).
    pub start: Vec<Vec<u8>>,
    /// Per step, in order: the candidates gone after it.
    pub removed: Vec<Vec<CellDigit>>,
}

impl MarksRecord {
    /// The marks of `explanation`, an explanation of `puzzle`.
    pub fn new(puzzle: &Puzzle, explanation: &Explanation) -> MarksRecord {
        let n = puzzle.size();
        let snapshots = marks_before_steps(puzzle, explanation);
        let digits =
            |mask: u64| -> Vec<u8> { (1..=n as u8).filter(|d| mask >> (d - 1) & 1 == 1).collect() };
        let start = snapshots
            .first()
            .map(|marks| marks.iter().map(|&m| digits(m)).collect())
            .unwrap_or_default();
        let removed = snapshots
            .windows(2)
            .map(|pair| {
                let (before, after) = (&pair[0], &pair[1]);
                (before.iter().zip(after).enumerate())
                    .flat_map(|(cell, (&b, &a))| digits(b & !a).into_iter().map(move |d| (cell, d)))
                    .map(|(cell, d)| CellDigit::new(cell, d, n))
                    .collect()
            })
            .collect();
        MarksRecord { start, removed }
    }
}

/// `POST /api/explain`'s answer: the command line's `ExplainRecord`, and
/// its marks when the request asked for them.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
pub struct ExplainAnswer {
    /// The record `sudokit explain --format json` writes.
    #[serde(flatten)]
    pub record: sudokit_core::records::ExplainRecord,
    /// The pencil marks of every step (`marks: true` in the request).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub marks: Option<MarksRecord>,
}
