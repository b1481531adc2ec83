//! One typed record per kind of answer, as the front ends hand them out
//! (the CLI's `--format json` writes one per line; docs/RECORDS.md
//! describes every field).
//!
//! Every record starts with [`RECORD_VERSION`] and is built by its `new`
//! from the domain result, so two front ends cannot answer differently.
//! Records read back too (`Deserialize`), for clients and tests. Fields
//! keep the names scripts already read; an optional field is left out
//! when there is nothing to say, except where records have always written
//! `null` (a solve's `solution`, an analysis's `minimal` ...).

mod analyze;
mod certificate;
mod check;
mod engine;
mod explain;
mod generate;
mod grade;
mod parts;
mod problem;
mod puzzle;
mod reduce;
mod schema;
mod solution;
mod solve;
mod stats;
mod unanswered;

pub use analyze::{AnalyzeRecord, DifficultyRecord};
pub use certificate::CertificateRecord;
pub use check::{CheckRecord, ConflictRecord};
pub use engine::EngineRecord;
pub use explain::{ExplainRecord, OutcomeRecord, StepRecord};
pub use generate::{GenerateLimitRecord, GenerateRecord, TargetMissedRecord};
pub use grade::{GradeFields, GradeRecord};
pub use parts::{CellDigit, Limit, RecordStatus, Source};
pub use problem::ProblemRecord;
pub use puzzle::{CageRecord, PuzzleFields};
pub use reduce::ReduceRecord;
pub use schema::json_schema;
pub use solution::SolutionRecord;
pub use solve::{SolveRecord, Stopped};
pub use stats::StatsRecord;
pub use unanswered::{ErrorRecord, LimitRecord};

/// The version of the record schema, the `"version"` of every record. It
/// changes only when a field is renamed, removed or changes meaning; new
/// fields and new records keep it.
pub const RECORD_VERSION: u32 = 1;
