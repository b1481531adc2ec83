//! The JSON document: the whole [`BenchReport`], rows included.

use crate::{BenchError, BenchReport};

/// The report as pretty JSON.
pub fn to_json(report: &BenchReport) -> String {
    serde_json::to_string_pretty(report).expect("a report serialises")
}

/// Reads a report back (for `--baseline`); `path` names it in errors.
pub fn from_json(text: &str, path: &str) -> Result<BenchReport, BenchError> {
    serde_json::from_str(text).map_err(|source| BenchError::Json {
        path: path.into(),
        source,
    })
}
