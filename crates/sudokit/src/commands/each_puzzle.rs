//! What `analyze` and `reduce` share: the puzzles of the input worked on a
//! chunk at a time through a [`Counter`] per worker, in parallel with
//! `--jobs`, each puzzle under fresh limits, each chunk's results handed on
//! in input order as soon as it is done (output streams, memory stays
//! flat), with a progress bar on long inputs. Ctrl-C ends the run after
//! the chunk under way.

use rayon::prelude::*;
use sudokit_analysis::{AnalysisError, Counter};
use sudokit_core::records::{ErrorRecord, LimitRecord, Source};
use sudokit_formats::Entry;
use sudokit_model::Engine;
use sudokit_puzzle::Puzzle;

use crate::args::{worker_threads, EngineArgs, Format};
use crate::commands::json_line::record_text;
use crate::failure::{Exit, Failure};
use crate::input::{take_chunk, PuzzleInput};
use crate::interrupt;
use crate::progress::batch_progress;

/// Puzzles per chunk.
const CHUNK: usize = 256;

/// Runs `task` on every puzzle of `input` with `engine`, then `emit`s each
/// chunk of results in order. A bad entry stops the run after the entries
/// before it are emitted. Returns [`Exit::LimitReached`] when Ctrl-C cut
/// the run short.
pub fn each_puzzle<R: Send>(
    input: PuzzleInput,
    engine: &dyn Engine,
    args: &EngineArgs,
    jobs: usize,
    task: impl Fn(&mut Counter, &Puzzle) -> Result<R, AnalysisError> + Sync + Send,
    mut emit: impl FnMut(&[Entry], Vec<Result<R, AnalysisError>>) -> Result<(), Failure>,
) -> Result<Exit, Failure> {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(worker_threads(jobs)?)
        .build()
        .map_err(|e| Failure::Internal(e.to_string()))?;
    let progress = batch_progress(input.size());
    let bytes_read = input.bytes_read();
    let mut entries = input.peekable();
    let new_counter = || Counter::new(engine, args.limits());
    let work = |counter: &mut Counter, entry: &Entry| {
        counter.set_limits(args.limits());
        task(counter, &entry.puzzle)
    };
    let (mut counter, mut chunk, mut done) = (None, Vec::with_capacity(CHUNK), 0);
    loop {
        chunk.clear();
        let bad = take_chunk(&mut entries, &mut chunk, CHUNK);
        let results: Vec<_> = if pool.current_num_threads() > 1 {
            pool.install(|| chunk.par_iter().map_init(new_counter, work).collect())
        } else {
            let counter = counter.get_or_insert_with(new_counter);
            chunk.iter().map(|entry| work(counter, entry)).collect()
        };
        done += chunk.len();
        // Messages on stderr while the bar is hidden, so they do not tangle.
        progress.suspend(|| emit(&chunk, results))?;
        progress.set_position(bytes_read.get());
        progress.set_message(done.to_string());
        let stop = match bad {
            Some(failure) => Err(failure),
            None if interrupt::requested() => {
                let line = chunk.last().map_or(0, |entry| entry.line);
                eprintln!("interrupted: stopped after line {line}");
                Ok(Exit::LimitReached)
            }
            None if entries.peek().is_none() => Ok(Exit::Solved),
            None => continue,
        };
        progress.finish_and_clear();
        return stop;
    }
}

/// The record of a puzzle without a result, in the output `format`, when
/// it gets one: every puzzle that a limit (a timeout, Ctrl-C) stopped, so
/// that each line up to the one a run stopped after has its record and a
/// rerun knows which to do again (`line N: limit reached (time)`,
/// `limit:time`, or JSON with `"status": "limit"`); and with
/// `--skip-invalid`, a puzzle the engine refused (`error`, `"status":
/// "error"` with the message).
pub fn unanswered_record(
    format: Format,
    entry: &Entry,
    error: &AnalysisError,
    skip_invalid: bool,
) -> Option<String> {
    let (status, detail) = match error {
        AnalysisError::Stopped(kind) => ("limit", kind.name().to_string()),
        AnalysisError::Solve(e) if skip_invalid => ("error", e.to_string()),
        _ => return None,
    };
    Some(match format {
        Format::Pretty if status == "limit" => {
            format!("line {}: limit reached ({detail})", entry.line)
        }
        Format::Pretty => format!("line {}: error: {detail}", entry.line),
        Format::Line if status == "limit" => format!("limit:{detail}"),
        Format::Line => status.to_string(),
        Format::Json => match error {
            AnalysisError::Stopped(kind) => {
                record_text(&LimitRecord::new(Source::of(entry), *kind))
            }
            _ => record_text(&ErrorRecord::new(Source::of(entry), detail)),
        },
    })
}

/// What a puzzle without a result means for the run: an engine's refusal
/// or wrong answer (unless `skip_invalid`: then it is reported and passed
/// over) and a request no puzzle can meet stop it (`Err`); a limit, no
/// solution or no unique one are answers: said on stderr (except after
/// Ctrl-C, which says it once) and the exit code they call for.
pub fn unanswered(error: AnalysisError, at: &str, skip_invalid: bool) -> Result<Exit, Failure> {
    let exit = match error {
        AnalysisError::Solve(e) if skip_invalid => {
            eprintln!("skipped: {at}: {e}");
            return Ok(Exit::Solved);
        }
        AnalysisError::Solve(e) => return Err(Failure::from(e).at(at)),
        AnalysisError::Symmetry(_) | AnalysisError::Impossible(_) => {
            return Err(Failure::bad(error).at(at))
        }
        AnalysisError::Stopped(_) => Exit::LimitReached,
        _ => Exit::NoSolution,
    };
    if !interrupt::requested() {
        eprintln!("{at}: {error}");
    }
    Ok(exit)
}
