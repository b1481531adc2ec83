//! `count --list`: one record per solution, as it is found.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::{Source, RECORD_VERSION};

/// One solution of a puzzle that `count --list` lists (the puzzle's
/// [`SolveRecord`](super::SolveRecord) follows its solutions).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct SolutionRecord {
    /// The schema version, [`RECORD_VERSION`] (1).
    pub version: u32,
    /// The input entry.
    #[serde(flatten)]
    pub source: Source,
    /// The solution as a line, in the digits the puzzle came in.
    pub solution: String,
}

impl SolutionRecord {
    /// `solution` (a line) of the puzzle at `source`.
    pub fn new(source: Source, solution: String) -> SolutionRecord {
        SolutionRecord {
            version: RECORD_VERSION,
            source,
            solution,
        }
    }
}
