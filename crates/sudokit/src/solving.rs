//! Solving a batch of puzzles: in order or in parallel, each under fresh
//! limits, every solution judged by the verifier before anyone prints it.

use std::fmt;
use std::time::{Duration, Instant};

use rayon::prelude::*;
use serde_json::{json, Value};
use sudokit_formats::{grid_to_line, Entry};
use sudokit_model::{Engine, Mode, Request, Stats, Status};
use sudokit_puzzle::Puzzle;
use sudokit_verify::check_grid;

use crate::args::EngineArgs;
use crate::failure::{Exit, Failure};
use crate::interrupt;

/// Puzzles solved per parallel chunk: results are printed chunk by chunk,
/// so output streams while memory stays flat.
const CHUNK: usize = 1024;

/// One puzzle's verified result.
pub struct Answer {
    /// 1-based line of the puzzle in its input.
    pub line: usize,
    /// How the solve ended.
    pub status: Status,
    /// Solutions found.
    pub count: u64,
    /// Whether `count` is exact.
    pub complete: bool,
    /// The kept solutions, as grids, each accepted by the verifier.
    pub grids: Vec<Vec<u8>>,
    /// Cells fixed by propagation when a limit stopped the search.
    pub fixed: Option<usize>,
    /// The engine's counters.
    pub stats: Stats,
    /// The engine `auto` handed the puzzle to, if it did.
    pub delegate: Option<&'static str>,
    /// Wall time of the solve.
    pub time: Duration,
}

impl Answer {
    /// The exit code this answer alone calls for.
    pub fn exit(&self) -> Exit {
        match self.status {
            Status::Solved | Status::Optimal => Exit::Solved,
            Status::Unsatisfiable => Exit::NoSolution,
            Status::LimitReached(_) => Exit::LimitReached,
        }
    }

    /// `unique`, `2+ solutions`, `no solution` ... for counts up to a cap,
    /// words joined by `space` (`-` keeps a line's fields apart).
    pub fn count_words(&self, space: char) -> CountWords<'_> {
        CountWords {
            answer: self,
            space,
        }
    }
}

/// See [`Answer::count_words`].
pub struct CountWords<'a> {
    answer: &'a Answer,
    space: char,
}

impl fmt::Display for CountWords<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Answer {
            count,
            complete,
            status,
            ..
        } = self.answer;
        let space = self.space;
        let plus = if *complete { "" } else { "+" };
        match (count, complete) {
            (0, true) => write!(f, "no{space}solution"),
            (1, true) => write!(f, "unique"),
            (1, false) if matches!(status, Status::LimitReached(_)) => {
                write!(f, "1+{space}solutions")
            }
            (n, _) => write!(f, "{n}{plus}{space}solutions"),
        }
    }
}

impl Answer {
    /// The JSON record of this answer.
    pub fn to_json(&self, size: usize, engine: &str, with_stats: bool) -> Value {
        let mut record = json!({
            "line": self.line,
            "engine": engine,
            "solved_by": self.delegate.unwrap_or(engine),
            "status": self.status.name(),
            "count": self.count,
            "complete": self.complete,
            "solution": self.grids.first().map(|g| grid_to_line(size, g)),
            "time_us": self.time.as_micros() as u64,
        });
        if let Status::LimitReached(kind) = self.status {
            record["limit"] = json!(kind.name());
            record["fixed_cells"] = json!(self.fixed);
        }
        if self.grids.len() > 1 {
            record["solutions"] = self.grids.iter().map(|g| grid_to_line(size, g)).collect();
        }
        if with_stats {
            record["stats"] = serde_json::to_value(&self.stats).unwrap_or(Value::Null);
        }
        record
    }
}

/// The worst exit code over a batch: limits above no-solution above solved.
pub fn batch_exit(answers: &[Answer]) -> Exit {
    answers
        .iter()
        .map(Answer::exit)
        .max()
        .unwrap_or(Exit::Solved)
}

/// Solves every entry with `engine` and hands each chunk of answers, in
/// input order, to `emit`, with whether the batch has more than one puzzle;
/// an error from `emit` (stdout closed) stops the batch.
/// Entries are pulled a chunk at a time, so reading, solving and printing
/// take turns and memory stays flat. A bad entry stops the batch: the
/// puzzles before it are answered, then its error is returned.
pub fn solve_batch(
    entries: impl Iterator<Item = Result<Entry, Failure>>,
    engine: &dyn Engine,
    args: &EngineArgs,
    mode: Mode,
    keep: usize,
    mut emit: impl FnMut(&[Entry], &[Answer], bool) -> std::io::Result<()>,
) -> Result<Exit, Failure> {
    let pool = match args.jobs {
        0 => return Err(Failure::bad("--jobs must be at least 1")),
        1 => None,
        jobs => Some(
            rayon::ThreadPoolBuilder::new()
                .num_threads(jobs)
                .build()
                .map_err(|e| Failure::Internal(e.to_string()))?,
        ),
    };
    let mut entries = entries.peekable();
    let mut chunk = Vec::with_capacity(CHUNK);
    let mut many = None;
    let mut exit = Exit::Solved;
    loop {
        chunk.clear();
        let mut bad = None;
        while chunk.len() < CHUNK {
            match entries.next() {
                Some(Ok(entry)) => chunk.push(entry),
                Some(Err(failure)) => {
                    bad = Some(failure);
                    break;
                }
                None => break,
            }
        }
        let last = bad.is_some() || entries.peek().is_none();
        // A single puzzle needs no line number in its messages.
        let many = *many.get_or_insert(chunk.len() > 1 || !last);
        let solve = |entry| solve_one(entry, engine, args, mode, keep, many);
        let answers: Vec<Answer> = match &pool {
            Some(pool) => pool.install(|| chunk.par_iter().map(solve).collect::<Result<_, _>>())?,
            None => chunk.iter().map(solve).collect::<Result<_, _>>()?,
        };
        exit = exit.max(batch_exit(&answers));
        emit(&chunk, &answers, many)?;
        if let Some(failure) = bad {
            return Err(failure);
        }
        if interrupt::requested() {
            let line = chunk.last().map_or(0, |entry| entry.line);
            eprintln!("interrupted: stopped after line {line}");
            return Ok(exit.max(Exit::LimitReached));
        }
        if last {
            return Ok(exit);
        }
    }
}

fn solve_one(
    entry: &Entry,
    engine: &dyn Engine,
    args: &EngineArgs,
    mode: Mode,
    keep: usize,
    name_lines: bool,
) -> Result<Answer, Failure> {
    let start = Instant::now();
    let request = Request::new(mode).with_limits(args.limits()).keeping(keep);
    let shortcut = entry
        .puzzle
        .to_classic_grid()
        .and_then(|grid| engine.solve_classic(&grid, &request));
    let outcome = shortcut
        .unwrap_or_else(|| engine.solve(&entry.puzzle.to_model(), &request))
        .map_err(|e| match name_lines {
            true => Failure::from(e).at(format_args!("line {}", entry.line)),
            false => Failure::from(e),
        })?;
    let time = start.elapsed();
    let grids = outcome
        .solutions
        .iter()
        .map(|solution| verified_grid(&entry.puzzle, solution, engine, entry.line))
        .collect::<Result<_, _>>()?;
    Ok(Answer {
        line: entry.line,
        status: outcome.status,
        count: outcome.count,
        complete: outcome.complete,
        grids,
        fixed: outcome.partial.as_ref().map(|p| p.fixed()),
        stats: outcome.stats,
        delegate: outcome.delegate,
        time,
    })
}

/// The cells of an engine's solution, after the verifier accepted them.
fn verified_grid(
    puzzle: &Puzzle,
    solution: &[i32],
    engine: &dyn Engine,
    line: usize,
) -> Result<Vec<u8>, Failure> {
    let cells = puzzle.size() * puzzle.size();
    let grid: Vec<u8> = solution
        .iter()
        .take(cells)
        .map(|&v| u8::try_from(v).unwrap_or(0))
        .collect();
    let report = check_grid(puzzle, &grid);
    if report.is_valid() {
        Ok(grid)
    } else {
        Err(Failure::Internal(format!(
            "{} gave a wrong answer for line {line}: {report}",
            engine.name()
        )))
    }
}
