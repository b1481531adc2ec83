//! Reports built by hand for the renderers' unit tests.

use crate::report::{BenchReport, EngineFacts, RunFacts};
use crate::{summarize, Machine, Row, RowStatus, SetFacts};

/// A row of `set` and `engine` with a status and a time; stats tracked
/// (nodes 0 when solved, else 5).
pub(crate) fn row(set: &str, engine: &str, status: RowStatus, time_us: u64) -> Row {
    Row {
        set: set.into(),
        engine: engine.into(),
        puzzle: 1,
        line: 1,
        status,
        time_us: time_us as f64,
        times_us: vec![],
        nodes: Some(if status == RowStatus::Solved { 0 } else { 5 }),
        fails: Some(0),
        backtracks: None,
        propagations: None,
        restarts: None,
        solutions: u64::from(status == RowStatus::Solved),
        complete: false,
        detail: None,
        givens: "1".repeat(81),
        certified: None,
        certify_us: None,
    }
}

/// A report of these rows: sets and engines in the order the rows first
/// name them, puzzles numbered per set and engine, timeout 1 ms.
pub(crate) fn report_of(mut rows: Vec<Row>) -> BenchReport {
    let mut sets: Vec<String> = Vec::new();
    let mut engines: Vec<String> = Vec::new();
    for i in 0..rows.len() {
        let (set, engine) = (rows[i].set.clone(), rows[i].engine.clone());
        rows[i].puzzle = rows[..i]
            .iter()
            .filter(|r| r.set == set && r.engine == engine)
            .count()
            + 1;
        rows[i].line = rows[i].puzzle;
        if !sets.contains(&set) {
            sets.push(set);
        }
        if !engines.contains(&engine) {
            engines.push(engine);
        }
    }
    let puzzles = |set: &str| {
        rows.iter()
            .filter(|r| r.set == set)
            .map(|r| r.puzzle)
            .max()
            .unwrap_or(0)
    };
    BenchReport {
        tool: "sudokit bench".into(),
        machine: Machine {
            cpu: "Test CPU".into(),
            cores: 2,
            os: "linux x86_64".into(),
            sudokit: "0.1.0".into(),
            commit: "abc1234".into(),
            rustc: "rustc 1.0".into(),
            profile: "release".into(),
            date: "2026-01-01T00:00:00Z".into(),
        },
        run: RunFacts {
            timeout_s: 0.001,
            mode: "first".into(),
            repeat: 1,
            jobs: 1,
            limit: None,
            wall_s: 1.0,
            timing_note: "sequential".into(),
        },
        engines: engines
            .iter()
            .map(|e| EngineFacts {
                spec: e.clone(),
                name: e.clone(),
                version: "0.1.0".into(),
            })
            .collect(),
        skipped: vec![],
        sets: sets
            .iter()
            .map(|s| SetFacts {
                name: s.clone(),
                title: format!("the {s} set"),
                source: "built in".into(),
                puzzles: puzzles(s),
            })
            .collect(),
        summaries: summarize(&rows),
        rows,
        baseline: None,
    }
}
