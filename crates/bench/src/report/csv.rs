//! Per-puzzle rows as CSV, one line per puzzle and engine.

use std::io::Write;

use crate::{BenchError, BenchReport};

const HEADER: [&str; 18] = [
    "set",
    "engine",
    "puzzle",
    "line",
    "status",
    "time_us",
    "nodes",
    "fails",
    "backtracks",
    "propagations",
    "restarts",
    "solutions",
    "complete",
    "times_us",
    "detail",
    "givens",
    "certified",
    "certify_us",
];

/// Writes every row of the report (`times_us` holds the repetitions,
/// separated by spaces, when `repeat > 1`; `certified` and `certify_us`
/// are empty unless the run certified).
pub fn write_csv<W: Write>(report: &BenchReport, out: W) -> Result<(), BenchError> {
    let mut w = csv::Writer::from_writer(out);
    w.write_record(HEADER)?;
    for r in &report.rows {
        let times: Vec<String> = r.times_us.iter().map(f64::to_string).collect();
        w.write_record([
            r.set.clone(),
            r.engine.clone(),
            r.puzzle.to_string(),
            r.line.to_string(),
            r.status.name().to_string(),
            r.time_us.to_string(),
            stat(r.nodes),
            stat(r.fails),
            stat(r.backtracks),
            stat(r.propagations),
            stat(r.restarts),
            r.solutions.to_string(),
            r.complete.to_string(),
            times.join(" "),
            r.detail.clone().unwrap_or_default(),
            r.givens.clone(),
            r.certified.map_or_else(String::new, |c| c.to_string()),
            r.certify_us.map_or_else(String::new, |t| t.to_string()),
        ])?;
    }
    w.flush().map_err(|e| BenchError::Csv(e.into()))?;
    Ok(())
}

/// An untracked counter is an empty cell.
fn stat(n: Option<u64>) -> String {
    n.map_or_else(String::new, |n| n.to_string())
}
