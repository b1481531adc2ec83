//! `generate --format json`: a made puzzle and what is known of it.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use sudokit_analysis::{given_count, Generated};
use sudokit_formats::grid_to_line;

use super::{
    CertificateRecord, DifficultyRecord, GradeFields, Limit, PuzzleFields, RecordStatus,
    RECORD_VERSION,
};

/// One generated puzzle; it reads back as a puzzle (the other fields are
/// ignored).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct GenerateRecord {
    /// The schema version, [`RECORD_VERSION`] (1).
    pub version: u32,
    /// The run's seed (`--seed` makes the same puzzles again).
    pub seed: u64,
    /// The puzzle's 0-based index in the run.
    pub index: usize,
    /// The puzzle.
    #[serde(flatten)]
    pub puzzle: PuzzleFields,
    /// How many givens it has.
    pub clues: usize,
    /// Its one solution as a line (sudoku digits).
    pub solution: String,
    /// Full grids drawn to make it.
    pub attempts: usize,
    /// Its difficulty for the reference search, when measured.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub difficulty: Option<DifficultyRecord>,
    /// Its human grade, when measured.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub grade: Option<GradeFields>,
    /// The `--clues` target no attempt reached, and the fewest reached.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub target_missed: Option<TargetMissedRecord>,
    /// [`RecordStatus::Limit`] when a limit stopped the givens' removal:
    /// unique, perhaps not minimal.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub status: Option<RecordStatus>,
    /// The limit that stopped it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub limit: Option<Limit>,
    /// Whether its uniqueness is proven, with `--certify`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub certificate: Option<Box<CertificateRecord>>,
}

/// A `--clues` target that no attempt reached.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct TargetMissedRecord {
    /// The target.
    pub target: usize,
    /// The fewest givens reached.
    pub reached: usize,
}

impl GenerateRecord {
    /// The record of `generated`, puzzle `index` of a run with `seed`.
    pub fn new(generated: &Generated, seed: u64, index: usize) -> GenerateRecord {
        let n = generated.puzzle.size();
        GenerateRecord {
            version: RECORD_VERSION,
            seed,
            index,
            puzzle: PuzzleFields::new(&generated.puzzle),
            clues: given_count(&generated.puzzle),
            solution: grid_to_line(n, &generated.solution),
            attempts: generated.attempts,
            difficulty: generated.difficulty.as_ref().map(DifficultyRecord::new),
            grade: generated.grade.as_ref().map(GradeFields::new),
            target_missed: generated.missed.map(|m| TargetMissedRecord {
                target: m.target,
                reached: m.reached,
            }),
            status: generated.stopped.map(|_| RecordStatus::Limit),
            limit: generated.stopped.map(Limit::from),
            certificate: None,
        }
    }
}

/// A puzzle of a `generate` run that a limit stopped while its full grid
/// was being drawn: there is no puzzle, but the run says where it stopped.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct GenerateLimitRecord {
    /// The schema version, [`RECORD_VERSION`] (1).
    pub version: u32,
    /// The run's seed.
    pub seed: u64,
    /// The puzzle's 0-based index in the run.
    pub index: usize,
    /// Always [`RecordStatus::Limit`].
    pub status: RecordStatus,
    /// The limit.
    pub limit: Limit,
}

impl GenerateLimitRecord {
    /// Puzzle `index` of a run with `seed`, stopped by `kind` before its
    /// full grid was drawn.
    pub fn new(seed: u64, index: usize, kind: sudokit_model::LimitKind) -> GenerateLimitRecord {
        GenerateLimitRecord {
            version: RECORD_VERSION,
            seed,
            index,
            status: RecordStatus::Limit,
            limit: kind.into(),
        }
    }
}
