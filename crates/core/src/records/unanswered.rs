//! The records of a puzzle without a result: a limit stopped its work, or
//! (with `--skip-invalid`) it was refused or could not be read.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use sudokit_model::LimitKind;

use super::{Limit, RecordStatus, Source, RECORD_VERSION};

/// A puzzle whose work a limit stopped before there was a result
/// (`analyze`, `explain`, `grade`), so that every line up to where a run
/// stopped has its record and a rerun knows which to do again.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct LimitRecord {
    /// The schema version, [`RECORD_VERSION`] (1).
    pub version: u32,
    /// The input entry.
    #[serde(flatten)]
    pub source: Source,
    /// Always [`RecordStatus::Limit`].
    pub status: RecordStatus,
    /// The limit.
    pub limit: Limit,
}

impl LimitRecord {
    /// The puzzle at `source`, stopped by `kind`.
    pub fn new(source: Source, kind: LimitKind) -> LimitRecord {
        LimitRecord {
            version: RECORD_VERSION,
            source,
            status: RecordStatus::Limit,
            limit: kind.into(),
        }
    }
}

/// An entry passed over with `--skip-invalid`: a line that could not be
/// read, or a puzzle the engine refused.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct ErrorRecord {
    /// The schema version, [`RECORD_VERSION`] (1).
    pub version: u32,
    /// The input entry.
    #[serde(flatten)]
    pub source: Source,
    /// Always [`RecordStatus::Error`].
    pub status: RecordStatus,
    /// What was wrong, as the message on stderr says it.
    pub error: String,
}

impl ErrorRecord {
    /// The entry at `source`, passed over for `message`.
    pub fn new(source: Source, message: impl Into<String>) -> ErrorRecord {
        ErrorRecord {
            version: RECORD_VERSION,
            source,
            status: RecordStatus::Error,
            error: message.into(),
        }
    }
}
