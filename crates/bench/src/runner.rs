use std::collections::HashMap;
use std::time::{Duration, Instant};

use rayon::prelude::*;
use sudokit_formats::grid_to_line;
use sudokit_model::{EngineError, Limits, Model, Outcome, Request, Status};
use sudokit_verify::check_grid;

use crate::{BenchEngine, Config, PuzzleSet, Row, RowStatus, SetPuzzle};

/// A solve that returns later than this after its deadline gets a note.
fn grace(timeout: Duration) -> Duration {
    (timeout / 10).max(Duration::from_millis(50))
}

/// What one solve produced besides its row: the verified grids, in line
/// form, for the cross-check between engines.
struct Judged {
    row: Row,
    grids: Vec<String>,
}

/// Solves one puzzle with one engine, `config.repeat` times (stopping at the
/// first attempt that does not solve it), each under its own deadline, and
/// judges every answer with the verifier. The solve runs on the calling
/// thread, so when this returns nothing of it is still running.
pub fn solve_one(
    engine: &BenchEngine,
    set: &str,
    puzzle: &SetPuzzle,
    model: &Model,
    config: &Config,
) -> Row {
    judge_one(engine, set, puzzle, model, config).row
}

fn judge_one(
    engine: &BenchEngine,
    set: &str,
    puzzle: &SetPuzzle,
    model: &Model,
    config: &Config,
) -> Judged {
    let mut times = Vec::new();
    let mut last = None;
    for _ in 0..config.repeat.max(1) {
        let limits = Limits::none()
            .with_timeout(config.timeout)
            .with_cancel(config.cancel.clone());
        let request = Request::new(config.mode.mode())
            .with_limits(limits)
            .keeping(2);
        let start = Instant::now();
        let result = engine.engine.solve(model, &request);
        let elapsed = start.elapsed();
        times.push(elapsed);
        let judged = judge(puzzle, result, elapsed, config.timeout);
        let solved = judged.status == RowStatus::Solved;
        last = Some(judged);
        if !solved {
            break;
        }
    }
    let verdict = last.expect("at least one attempt");
    let mut sorted = times.clone();
    sorted.sort();
    let median = sorted[(sorted.len() - 1) / 2];
    let micros = |d: Duration| d.as_micros().min(u128::from(u64::MAX)) as u64;
    let stats = verdict.stats.unwrap_or_default();
    Judged {
        row: Row {
            set: set.into(),
            engine: engine.spec.clone(),
            puzzle: puzzle.index,
            line: puzzle.line,
            status: verdict.status,
            time_us: micros(median),
            times_us: if times.len() > 1 {
                times.iter().map(|&d| micros(d)).collect()
            } else {
                Vec::new()
            },
            nodes: stats.nodes,
            fails: stats.fails,
            backtracks: stats.backtracks,
            propagations: stats.propagations,
            restarts: stats.restarts,
            solutions: verdict.count,
            complete: verdict.complete,
            detail: verdict.detail,
            givens: puzzle.text.clone(),
        },
        grids: verdict.grids,
    }
}

struct Verdict {
    status: RowStatus,
    stats: Option<sudokit_model::Stats>,
    count: u64,
    complete: bool,
    detail: Option<String>,
    grids: Vec<String>,
}

fn judge(
    puzzle: &SetPuzzle,
    result: Result<Outcome, EngineError>,
    elapsed: Duration,
    timeout: Duration,
) -> Verdict {
    let outcome = match result {
        Ok(outcome) => outcome,
        Err(e) => {
            let status = match e {
                EngineError::Unsupported { .. } => RowStatus::Unsupported,
                _ => RowStatus::Error,
            };
            return Verdict {
                status,
                stats: None,
                count: 0,
                complete: false,
                detail: Some(e.to_string()),
                grids: Vec::new(),
            };
        }
    };
    let late = elapsed
        .checked_sub(timeout)
        .filter(|&over| over > grace(timeout));
    let mut notes = Vec::new();
    if let Some(over) = late {
        notes.push(format!(
            "returned {} after its deadline",
            crate::format_duration(over.as_micros() as u64)
        ));
    }
    let n = puzzle.puzzle.size();
    let mut grids: Vec<String> = Vec::new();
    let mut wrong = None;
    for (i, solution) in outcome.solutions.iter().enumerate() {
        let grid: Vec<u8> = solution
            .iter()
            .map(|&v| u8::try_from(v).unwrap_or(0))
            .collect();
        let report = check_grid(&puzzle.puzzle, &grid);
        if !report.is_valid() {
            let text = report.to_string();
            wrong = Some(format!(
                "solution {} breaks the puzzle ({} error(s)), first: {}",
                i + 1,
                report.errors(),
                text.split("; ").next().unwrap_or("invalid grid")
            ));
            break;
        }
        let line = if grid.len() == n * n {
            grid_to_line(n, &grid)
        } else {
            String::new()
        };
        if grids.contains(&line) {
            wrong = Some(format!("solution {} repeats an earlier one", i + 1));
            break;
        }
        grids.push(line);
    }
    let status = if let Some(why) = wrong {
        notes.insert(0, why);
        RowStatus::Wrong
    } else {
        match outcome.status {
            Status::Solved | Status::Optimal if grids.is_empty() => {
                notes.insert(0, "reported solved but returned no grid".into());
                RowStatus::Error
            }
            Status::Solved | Status::Optimal => RowStatus::Solved,
            Status::Unsatisfiable => RowStatus::NoSolution,
            Status::LimitReached(kind) => {
                if kind != sudokit_model::LimitKind::Time {
                    notes.insert(0, format!("stopped by the {} limit", kind.name()));
                }
                RowStatus::Timeout
            }
        }
    };
    Verdict {
        status,
        stats: Some(outcome.stats),
        count: outcome.count,
        complete: outcome.complete,
        detail: (!notes.is_empty()).then(|| notes.join("; ")),
        grids,
    }
}

/// Runs every engine on every puzzle of every set: set by set, engine by
/// engine (after an untimed warm-up solve of the set's first puzzle, when
/// `config.warmup`), puzzles in order (or `config.jobs` at once on a rayon pool).
/// `observer` sees each row as it is made (for a progress bar). The rows come
/// back in set, engine, puzzle order, after the cross-check: a complete
/// count (e.g. "no solution", or "exactly one" in unique mode) below the
/// number of distinct verified grids other engines found is a wrong answer.
pub fn run(
    engines: &[BenchEngine],
    sets: &[PuzzleSet],
    config: &Config,
    observer: &(dyn Fn(&Row) + Sync),
) -> Vec<Row> {
    let pool = (config.jobs > 1).then(|| {
        rayon::ThreadPoolBuilder::new()
            .num_threads(config.jobs)
            .build()
            .expect("a thread pool")
    });
    let mut rows = Vec::new();
    for set in sets {
        let puzzles: Vec<&SetPuzzle> = match config.limit {
            Some(limit) => set.puzzles.iter().take(limit).collect(),
            None => set.puzzles.iter().collect(),
        };
        // Lowering is not the engines' work: done once, outside the timings.
        let models: Vec<Model> = puzzles.iter().map(|p| p.puzzle.to_model()).collect();
        let mut judged: Vec<Judged> = Vec::new();
        for engine in engines {
            if let (true, Some(first), Some(model)) =
                (config.warmup, puzzles.first(), models.first())
            {
                let warm = Config {
                    timeout: config.timeout.min(Duration::from_secs(1)),
                    repeat: 1,
                    ..config.clone()
                };
                judge_one(engine, &set.name, first, model, &warm);
            }
            let one = |(p, m): (&&SetPuzzle, &Model)| {
                let j = judge_one(engine, &set.name, p, m, config);
                observer(&j.row);
                j
            };
            match &pool {
                Some(pool) => pool.install(|| {
                    judged.par_extend(puzzles.par_iter().zip(models.par_iter()).map(one))
                }),
                None => judged.extend(puzzles.iter().zip(models.iter()).map(one)),
            }
        }
        cross_check(&mut judged);
        rows.extend(judged.into_iter().map(|j| j.row));
    }
    rows
}

fn cross_check(judged: &mut [Judged]) {
    let mut known: HashMap<usize, Vec<(String, String)>> = HashMap::new();
    for j in judged.iter() {
        if matches!(j.row.status, RowStatus::Wrong) {
            continue;
        }
        let seen = known.entry(j.row.puzzle).or_default();
        for grid in &j.grids {
            if !seen.iter().any(|(g, _)| g == grid) {
                seen.push((grid.clone(), j.row.engine.clone()));
            }
        }
    }
    for j in judged.iter_mut() {
        let row = &mut j.row;
        if !row.complete || !matches!(row.status, RowStatus::Solved | RowStatus::NoSolution) {
            continue;
        }
        let Some(seen) = known.get(&row.puzzle) else {
            continue;
        };
        if (row.solutions as usize) < seen.len() {
            let mut by: Vec<&str> = seen
                .iter()
                .filter(|(g, _)| !j.grids.contains(g))
                .map(|(_, e)| e.as_str())
                .collect();
            by.dedup();
            let claim = match row.solutions {
                0 => "no solution".to_string(),
                1 => "exactly one solution".to_string(),
                n => format!("exactly {n} solutions"),
            };
            let why = format!(
                "claims {claim}, but {} verified grid(s) exist (also found by {})",
                seen.len(),
                by.join(", ")
            );
            row.detail = Some(match row.detail.take() {
                Some(d) => format!("{why}; {d}"),
                None => why,
            });
            row.status = RowStatus::Wrong;
        }
    }
}
