use std::collections::BTreeMap;
use std::convert::Infallible;
use std::time::{Duration, Instant};

use sudokit_certify::Certifier;
use sudokit_model::{EngineError, LimitKind, Limits, Request, Stats, Status};
use sudokit_pipeline::{cross_check, Answer, Batch, SolveError, Solver};

use crate::certifying::certify_answer;
use crate::{BenchEngine, Config, PuzzleSet, Row, RowStatus, SetPuzzle};

/// A solve that returns later than this after its deadline gets a note.
fn grace(timeout: Duration) -> Duration {
    (timeout / 10).max(Duration::from_millis(50))
}

/// What one solve produced besides its row: the verified answer, for the
/// cross-check between engines.
struct Judged {
    row: Row,
    answer: Option<Answer>,
}

/// Solves one puzzle with one engine through the pipeline,
/// `config.repeat` times (stopping at the first attempt that does not solve
/// it), each under its own deadline; every answer is judged by the
/// verifier. The solve runs on the calling thread, so when this returns
/// nothing of it is still running.
pub fn solve_one(engine: &BenchEngine, set: &str, puzzle: &SetPuzzle, config: &Config) -> Row {
    judge_one(
        &mut Solver::new(engine.engine.as_ref()),
        &mut Certifier::new(),
        &engine.spec,
        set,
        puzzle,
        config,
    )
    .row
}

fn judge_one(
    solver: &mut Solver,
    certifier: &mut Certifier,
    spec: &str,
    set: &str,
    puzzle: &SetPuzzle,
    config: &Config,
) -> Judged {
    let mut times = Vec::new();
    let mut last = None;
    // Preparing and loading are not the search: done before the deadline starts.
    match solver.load(&puzzle.puzzle) {
        Ok(mut loaded) => {
            for _ in 0..config.repeat.max(1) {
                let limits = Limits::none()
                    .with_timeout(config.timeout)
                    .with_cancel(config.cancel.clone());
                let request = Request::new(config.mode.mode())
                    .with_limits(limits)
                    .keeping(2);
                let start = Instant::now();
                let result = loaded.solve(&request);
                // The search alone when answered; a refusal or a wrong
                // answer has only the whole call.
                let elapsed = result.as_ref().map_or_else(|_| start.elapsed(), |a| a.time);
                times.push(elapsed);
                let verdict = judge(result, elapsed, config.timeout);
                let solved = verdict.status == RowStatus::Solved;
                last = Some(verdict);
                if !solved {
                    break;
                }
            }
        }
        Err(refused) => {
            times.push(Duration::ZERO);
            last = Some(judge(Err(refused), Duration::ZERO, config.timeout));
        }
    }
    let verdict = last.expect("at least one attempt");
    let mut sorted = times.clone();
    sorted.sort();
    let median = sorted[(sorted.len() - 1) / 2];
    let micros = |d: Duration| d.as_nanos() as f64 / 1e3;
    let stats = verdict.stats.unwrap_or_default();
    // After the timed solves, so that their times are the same as without.
    let (certified, certify_us) = match &verdict.answer {
        Some(answer) if config.certify => {
            let (proven, us) = certify_answer(certifier, &puzzle.puzzle, answer, config);
            (Some(proven), us)
        }
        None if config.certify => (Some(false), None),
        _ => (None, None),
    };
    Judged {
        row: Row {
            set: set.into(),
            engine: spec.into(),
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
            certified,
            certify_us,
        },
        answer: verdict.answer,
    }
}

struct Verdict {
    status: RowStatus,
    stats: Option<Stats>,
    count: u64,
    complete: bool,
    detail: Option<String>,
    answer: Option<Answer>,
}

/// The row's status for the pipeline's judgement, with notes: a refusal,
/// an error, a wrong answer (the pipeline's reason), a limit other than
/// the deadline, a return long after the deadline.
fn judge(result: Result<Answer, SolveError>, elapsed: Duration, timeout: Duration) -> Verdict {
    let failed = |status, why: String| Verdict {
        status,
        stats: None,
        count: 0,
        complete: false,
        detail: Some(why),
        answer: None,
    };
    let answer = match result {
        Ok(answer) => answer,
        Err(SolveError::Engine(e @ EngineError::Unsupported { .. })) => {
            return failed(RowStatus::Unsupported, e.to_string())
        }
        Err(SolveError::Wrong { why, .. }) => return failed(RowStatus::Wrong, why),
        Err(e) => return failed(RowStatus::Error, e.to_string()),
    };
    let mut notes = Vec::new();
    if let Some(over) = elapsed
        .checked_sub(timeout)
        .filter(|&over| over > grace(timeout))
    {
        notes.push(format!(
            "returned {} after its deadline",
            crate::format_duration(over.as_secs_f64() * 1e6)
        ));
    }
    let status = match answer.status {
        Status::Solved | Status::Optimal => RowStatus::Solved,
        Status::Unsatisfiable => RowStatus::NoSolution,
        Status::LimitReached(kind) => {
            if kind != LimitKind::Time {
                notes.insert(0, format!("stopped by the {} limit", kind.name()));
            }
            RowStatus::Timeout
        }
    };
    Verdict {
        status,
        stats: Some(answer.stats.clone()),
        count: answer.count,
        complete: answer.complete,
        detail: (!notes.is_empty()).then(|| notes.join("; ")),
        answer: Some(answer),
    }
}

/// Runs every engine on every puzzle of every set: set by set, engine by
/// engine (each worker, once, after an untimed warm-up solve of the set's
/// first puzzle, when `config.warmup`), puzzles in order (or `config.jobs` at once
/// on the pipeline's [`Batch`] runner).
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
    // The whole set is one chunk: rows are kept for the cross-check anyway.
    let batch = Batch::new(config.jobs)
        .expect("a thread pool")
        .chunks_of(usize::MAX);
    let mut rows = Vec::new();
    for set in sets {
        let puzzles: Vec<&SetPuzzle> = match config.limit {
            Some(limit) => set.puzzles.iter().take(limit).collect(),
            None => set.puzzles.iter().collect(),
        };
        let mut judged: Vec<Judged> = Vec::new();
        for engine in engines {
            // Lowering and preparing are not timed: the pipeline times the
            // engine's call alone, and each worker keeps its prepared engine,
            // warmed up on the set's first puzzle (an engine that builds its
            // formula in the first solve, as `sat` does, builds it there).
            let warm = Config {
                timeout: config.timeout.min(Duration::from_secs(1)),
                repeat: 1,
                ..config.clone()
            };
            // Each worker's certifier encodes the set's shape once, in
            // the warm-up when there is one.
            let solver = || {
                let mut solver = Solver::new(engine.engine.as_ref());
                let mut certifier = Certifier::new();
                if let (true, Some(first)) = (config.warmup, puzzles.first()) {
                    judge_one(
                        &mut solver,
                        &mut certifier,
                        &engine.spec,
                        &set.name,
                        first,
                        &warm,
                    );
                }
                (solver, certifier)
            };
            let one = |(solver, certifier): &mut (Solver, Certifier), p: &&SetPuzzle| {
                let j = judge_one(solver, certifier, &engine.spec, &set.name, p, config);
                observer(&j.row);
                Ok::<_, Infallible>(j)
            };
            // No cancel token: a cancelled solve is a row like any other.
            let Ok(_) = batch.run(
                puzzles.iter().copied().map(Ok),
                solver,
                one,
                |_, done| {
                    judged.extend(done.into_iter().flatten());
                    Ok(())
                },
                |_| {},
            );
        }
        cross_check_rows(&mut judged);
        rows.extend(judged.into_iter().map(|j| j.row));
    }
    rows
}

/// The pipeline's [`cross_check`] over each puzzle's answers from every
/// engine: a disproved row becomes wrong, with why before its notes.
fn cross_check_rows(judged: &mut [Judged]) {
    // Per puzzle: the rows with an answer, and their answers in that order.
    type Answers<'j> = (Vec<usize>, Vec<(&'j str, &'j Answer)>);
    let mut by_puzzle: BTreeMap<usize, Answers> = BTreeMap::new();
    for (i, j) in judged.iter().enumerate() {
        if let Some(answer) = &j.answer {
            let (rows, answers) = by_puzzle.entry(j.row.puzzle).or_default();
            rows.push(i);
            answers.push((j.row.engine.as_str(), answer));
        }
    }
    let disproved: Vec<(usize, String)> = by_puzzle
        .values()
        .flat_map(|(rows, answers)| {
            cross_check(answers)
                .into_iter()
                .map(|d| (rows[d.index], d.why))
        })
        .collect();
    for (i, why) in disproved {
        let row = &mut judged[i].row;
        row.detail = Some(match row.detail.take() {
            Some(d) => format!("{why}; {d}"),
            None => why,
        });
        row.status = RowStatus::Wrong;
    }
}
