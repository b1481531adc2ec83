//! `analyze`: what an analysis found out about a puzzle.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use sudokit_analysis::{Analysis, Difficulty, REFERENCE_SEARCH};
use sudokit_formats::{grid_to_line_in, Entry};

use super::parts::cell_names;
use super::{CellDigit, CertificateRecord, Limit, RecordStatus, Source, RECORD_VERSION};

/// The analysis of one puzzle. The fields that only some puzzles have
/// (a unique one, an ambiguous one) are `null` on the others.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct AnalyzeRecord {
    /// The schema version, [`RECORD_VERSION`] (1).
    pub version: u32,
    /// The input entry.
    #[serde(flatten)]
    pub source: Source,
    /// The grid side.
    pub size: usize,
    /// How many cells are given.
    pub givens: usize,
    /// Solutions counted, up to `--max`.
    pub solutions: u64,
    /// Whether `solutions` is exact.
    pub exact: bool,
    /// Exactly one solution.
    pub unique: bool,
    /// The solution when unique, in the digits the puzzle came in.
    pub solution: Option<String>,
    /// When unique: whether every given is needed.
    pub minimal: Option<bool>,
    /// When unique: the givens that can each go alone (`r1c2`).
    pub redundant: Option<Vec<String>>,
    /// When ambiguous: the cells where two solutions differ.
    pub differing: Option<Vec<String>>,
    /// When ambiguous: clues that make it unique (small, not proven smallest).
    pub completion: Option<Vec<CellDigit>>,
    /// When unique: how hard it is for the reference search.
    pub difficulty: Option<DifficultyRecord>,
    /// [`RecordStatus::Limit`] when a limit stopped the analysis: the
    /// fields it had not reached are null (stopped while counting,
    /// `solutions` is the count so far and `exact` false).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub status: Option<RecordStatus>,
    /// The limit that stopped it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub limit: Option<Limit>,
    /// Whether the count is proven, with `--certify`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub certificate: Option<Box<CertificateRecord>>,
}

impl AnalyzeRecord {
    /// The record of `analysis`, the analysis of `entry`.
    pub fn new(entry: &Entry, analysis: &Analysis) -> AnalyzeRecord {
        let n = analysis.size;
        AnalyzeRecord {
            version: RECORD_VERSION,
            source: Source::of(entry),
            size: n,
            givens: analysis.givens,
            solutions: analysis.solutions,
            exact: analysis.exact,
            unique: analysis.unique,
            solution: (analysis.solution.as_ref()).map(|g| grid_to_line_in(g, entry.digits)),
            minimal: analysis.minimal,
            redundant: analysis.redundant.as_ref().map(|r| cell_names(r, n)),
            differing: analysis.differing.as_ref().map(|d| cell_names(d, n)),
            completion: analysis.completion.as_ref().map(|clues| {
                clues
                    .iter()
                    .map(|&(c, d)| CellDigit::new(c, d, n))
                    .collect()
            }),
            difficulty: analysis.difficulty.as_ref().map(DifficultyRecord::new),
            status: analysis.stopped.map(|_| RecordStatus::Limit),
            limit: analysis.stopped.map(Limit::from),
            certificate: None,
        }
    }
}

/// The first difficulty measure, with the search that measured it
/// (`analyze`, and `generate --format json`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct DifficultyRecord {
    /// Naked and hidden singles alone fill the grid.
    pub singles: bool,
    /// Blank cells that singles leave open.
    pub open_after_singles: usize,
    /// Branching decisions of the reference search, counting to 2.
    pub guesses: u64,
    /// Dead ends of the reference search.
    pub fails: u64,
    /// The reference search, as an engine spec.
    pub search: String,
}

impl DifficultyRecord {
    /// The record of `difficulty`.
    pub fn new(difficulty: &Difficulty) -> DifficultyRecord {
        DifficultyRecord {
            singles: difficulty.singles,
            open_after_singles: difficulty.open_after_singles,
            guesses: difficulty.guesses,
            fails: difficulty.fails,
            search: REFERENCE_SEARCH.to_string(),
        }
    }
}
