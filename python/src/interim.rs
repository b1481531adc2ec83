//! TEMPORARY: the records of `solve`, `count`, `engines` and `check`, until
//! `sudokit_core::records` lands. Each struct here mirrors the record of
//! the same name there field for field (names, order, what is left out
//! when empty), so that at the merge each `XAnswer::new(...)` call becomes
//! `records::XRecord::new(...)` and this file goes:
//!
//! | here | there |
//! |---|---|
//! | [`SolveAnswer`] (+ [`Stopped`], [`StatsAnswer`]) | `SolveRecord` (+ `Stopped`, `StatsRecord`) |
//! | [`EngineAnswer`] | `EngineRecord` |
//! | [`CheckAnswer`] | `CheckRecord` (whose conflicts also name cells, `at`) |

use serde::Serialize;
use sudokit_core::{Answer, Availability, EngineInfo, Entry, LimitKind, Report, Stats, Status};

/// The record version.
const VERSION: u32 = 1;

/// Mirrors `records::SolveRecord`.
#[derive(Serialize)]
pub struct SolveAnswer {
    version: u32,
    line: usize,
    #[serde(skip_serializing_if = "Option::is_none")]
    label: Option<String>,
    status: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    why: Option<String>,
    engine: String,
    solved_by: String,
    count: u64,
    complete: bool,
    solution: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    solutions: Option<Vec<String>>,
    #[serde(flatten)]
    stopped: Option<Stopped>,
    time_us: u64,
    #[serde(skip_serializing_if = "Option::is_none")]
    stats: Option<StatsAnswer>,
}

/// Mirrors `records::Stopped`.
#[derive(Serialize)]
pub struct Stopped {
    limit: &'static str,
    fixed_cells: Option<usize>,
}

/// Mirrors `records::StatsRecord`.
#[derive(Serialize)]
pub struct StatsAnswer {
    nodes: Option<u64>,
    fails: Option<u64>,
    backtracks: Option<u64>,
    propagations: Option<u64>,
    restarts: Option<u64>,
    max_depth: Option<u64>,
    encoding_vars: Option<u64>,
    encoding_constraints: Option<u64>,
    memory_kib: Option<u64>,
    build_time: u64,
    solve_time: u64,
}

impl SolveAnswer {
    /// As `SolveRecord::new(entry, answer, engine, with_stats)`.
    pub fn new(entry: &Entry, answer: &Answer, engine: &str, with_stats: bool) -> SolveAnswer {
        let line =
            |grid: &Vec<u8>| -> String { grid.iter().map(|&d| entry.digits.char_of(d)).collect() };
        SolveAnswer {
            version: VERSION,
            line: entry.line,
            label: entry.label.clone(),
            status: match answer.status {
                Status::Solved => "solved",
                Status::Unsatisfiable => "unsatisfiable",
                Status::Optimal => "optimal",
                Status::LimitReached(_) => "limit",
            },
            why: match answer.status {
                Status::Unsatisfiable => entry.puzzle.check_givens().err().map(|e| e.to_string()),
                _ => None,
            },
            engine: engine.to_string(),
            solved_by: answer.delegate.unwrap_or(engine).to_string(),
            count: answer.count,
            complete: answer.complete,
            solution: answer.grids.first().map(line),
            solutions: (answer.grids.len() > 1).then(|| answer.grids.iter().map(line).collect()),
            stopped: match answer.status {
                Status::LimitReached(kind) => Some(Stopped {
                    limit: match kind {
                        LimitKind::Time => "time",
                        LimitKind::Nodes => "nodes",
                        LimitKind::Fails => "fails",
                        _ => "cancelled",
                    },
                    fixed_cells: answer.fixed(),
                }),
                _ => None,
            },
            time_us: answer.time.as_micros() as u64,
            stats: with_stats.then(|| StatsAnswer::new(&answer.stats)),
        }
    }
}

impl StatsAnswer {
    /// As `StatsRecord::new(stats)`.
    fn new(stats: &Stats) -> StatsAnswer {
        StatsAnswer {
            nodes: stats.nodes,
            fails: stats.fails,
            backtracks: stats.backtracks,
            propagations: stats.propagations,
            restarts: stats.restarts,
            max_depth: stats.max_depth,
            encoding_vars: stats.encoding_vars,
            encoding_constraints: stats.encoding_constraints,
            memory_kib: stats.memory_kib,
            build_time: stats.build_time.as_micros() as u64,
            solve_time: stats.solve_time.as_micros() as u64,
        }
    }
}

/// Mirrors `records::EngineRecord`.
#[derive(Serialize)]
pub struct EngineAnswer {
    version: u32,
    name: String,
    family: String,
    available: bool,
    why: Option<String>,
    hint: Option<String>,
    options: String,
    summary: String,
}

impl EngineAnswer {
    /// As `EngineRecord::new(descriptor, availability)`.
    pub fn new(info: &EngineInfo) -> EngineAnswer {
        let (why, hint) = match &info.availability {
            Availability::Unavailable { why, hint } => (Some(why.clone()), Some(hint.clone())),
            _ => (None, None),
        };
        EngineAnswer {
            version: VERSION,
            name: info.name.to_string(),
            family: info.family.to_string(),
            available: why.is_none(),
            why,
            hint,
            options: info.options.to_string(),
            summary: info.summary.to_string(),
        }
    }
}

/// Mirrors `records::CheckRecord`.
#[derive(Serialize)]
pub struct CheckAnswer {
    version: u32,
    line: usize,
    #[serde(skip_serializing_if = "Option::is_none")]
    label: Option<String>,
    valid: bool,
    errors: usize,
    conflicts: serde_json::Value,
    message: String,
}

impl CheckAnswer {
    /// As `CheckRecord::new(entry, report)`.
    pub fn new(entry: &Entry, report: &Report) -> CheckAnswer {
        CheckAnswer {
            version: VERSION,
            line: entry.line,
            label: entry.label.clone(),
            valid: report.is_valid(),
            errors: report.errors(),
            // The verifier's own serde form (the record adds cell names).
            conflicts: serde_json::to_value(&report.conflicts).unwrap_or_default(),
            message: report.to_string(),
        }
    }
}
