//! What `analyze`, `reduce`, `explain` and `grade` share: the puzzles of
//! the input worked on through the pipeline's batch runner with a
//! [`Counter`] per worker (its engine prepared once for the whole run), in
//! parallel with `--jobs`, each puzzle under fresh limits, each chunk's
//! results handed on in input order as soon as it is done (output streams,
//! memory stays flat), with a progress bar on long inputs. Ctrl-C ends the
//! run after the puzzles under way.

use std::cell::RefCell;
use std::io::Write;

use sudokit_analysis::{AnalysisError, Counter};
use sudokit_core::records::{ErrorRecord, LimitRecord, Source};
use sudokit_formats::Entry;
use sudokit_model::Engine;
use sudokit_pipeline::Ended;

use crate::args::{batch, EngineArgs, Format};
use crate::commands::json_line::record_text;
use crate::failure::{Exit, Failure};
use crate::input::{report_passed_over, PuzzleInput};
use crate::interrupt;
use crate::progress::batch_progress;

/// Puzzles per chunk.
const CHUNK: usize = 256;

/// How [`each_puzzle`] hands results on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pace {
    /// A chunk of puzzles at a time, on every worker.
    Chunks,
    /// One puzzle at a time, on one worker, with the output before it
    /// written out before it starts: the task may write to stdout itself
    /// while it works (explain's steps as they are found).
    OneByOne,
}

/// Runs `task` on every puzzle of `input` with `engine`, then `emit`s each
/// result in order to `out`. A line passed over with `--skip-invalid`
/// (unreadable) gets its record where it stood, written by `skipped`. A
/// bad entry, or a result that ends the run ([`not_fatal`]), stops it
/// after the results before it are emitted. Returns [`Exit::LimitReached`]
/// when Ctrl-C cut the run short.
#[allow(clippy::too_many_arguments)]
pub fn each_puzzle<R: Send, W: Write>(
    input: PuzzleInput,
    engine: &dyn Engine,
    args: &EngineArgs,
    jobs: usize,
    pace: Pace,
    out: &mut W,
    skipped: impl Fn(&mut W, usize, &str) -> Result<(), Failure>,
    task: impl Fn(&mut Counter, &Entry) -> Result<R, AnalysisError> + Sync + Send,
    mut emit: impl FnMut(&mut W, &[Entry], Vec<Result<R, AnalysisError>>) -> Result<(), Failure>,
) -> Result<Exit, Failure> {
    let skip_invalid = input.skip_invalid();
    let progress = batch_progress(input.size());
    let bytes_read = input.bytes_read();
    let passed_over = input.skipped();
    let write_skipped = |out: &mut W, before: usize| -> Result<(), Failure> {
        report_passed_over(&mut passed_over.borrow_mut(), before, |line, why| {
            skipped(out, line, why)
        })
    };
    let (workers, chunk) = match pace {
        Pace::Chunks => (jobs, CHUNK),
        Pace::OneByOne => (1, 1),
    };
    let out = RefCell::new(out);
    // One by one, what goes before a puzzle is out before its work starts.
    let input = input.map(|entry| {
        if let (Pace::OneByOne, Ok(entry)) = (pace, &entry) {
            let mut out = out.borrow_mut();
            write_skipped(&mut out, entry.line)?;
            out.flush()?;
        }
        entry
    });
    let mut last_line = 0;
    let ended = batch(workers, chunk)?.run(
        input,
        || Counter::new(engine, args.limits()),
        |counter, entry| {
            counter.set_limits(args.limits());
            match task(counter, entry) {
                Ok(result) => Ok(Ok(result)),
                Err(e) => not_fatal(e, &format!("line {}", entry.line), skip_invalid).map(Err),
            }
        },
        |chunk, results| {
            last_line = chunk.last().map_or(last_line, |entry| entry.line);
            let mut out = out.borrow_mut();
            // Messages on stderr while the bar is hidden, so they do not tangle.
            progress.suspend(|| {
                // Only the results before a fatal one are handed on: all `Ok`.
                for (entry, result) in chunk.iter().zip(results.into_iter().flatten()) {
                    write_skipped(&mut out, entry.line)?;
                    emit(&mut out, std::slice::from_ref(entry), vec![result])?;
                }
                if pace == Pace::OneByOne {
                    out.flush()?;
                }
                Ok(())
            })
        },
        |done| {
            progress.set_position(bytes_read.get());
            progress.set_message(done.to_string());
        },
    );
    progress.finish_and_clear();
    match ended? {
        Ended::Complete => {
            // Lines passed over after the last puzzle.
            write_skipped(&mut out.borrow_mut(), usize::MAX)?;
            Ok(Exit::Solved)
        }
        Ended::Cancelled => {
            eprintln!("interrupted: stopped after line {last_line}");
            Ok(Exit::LimitReached)
        }
    }
}

/// Writes the record of line `line`, passed over with `--skip-invalid`
/// because it could not be read (`why`, which names the line), in
/// `format`: `error: WHY`, `error`, or an error record.
pub fn write_skipped(
    out: &mut impl Write,
    format: Format,
    line: usize,
    why: &str,
) -> Result<(), Failure> {
    match format {
        Format::Pretty => writeln!(out, "error: {why}")?,
        Format::Line => writeln!(out, "error")?,
        Format::Json => writeln!(
            out,
            "{}",
            record_text(&ErrorRecord::new(Source::new(line, None), why))
        )?,
    }
    Ok(())
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

/// `error` back when it is an answer (a limit, no solution, no unique
/// one; with `skip_invalid`, an engine's refusal or wrong answer too);
/// `Err` with the failure that ends the run when it is not: a refusal or
/// a wrong answer, or a request no puzzle can meet.
pub fn not_fatal(
    error: AnalysisError,
    at: &str,
    skip_invalid: bool,
) -> Result<AnalysisError, Failure> {
    match error {
        AnalysisError::Solve(e) if !skip_invalid => Err(Failure::from(e).at(at)),
        AnalysisError::Symmetry(_)
        | AnalysisError::Impossible(_)
        | AnalysisError::TooWide { .. } => Err(Failure::bad(error).at(at)),
        error => Ok(error),
    }
}

/// What a puzzle without a result means for the run: the failure that
/// ends it ([`not_fatal`]), or, for an answer, said on stderr (except
/// after Ctrl-C, which says it once) and the exit code it calls for; a
/// refusal passed over with `skip_invalid` is reported as skipped.
pub fn unanswered(error: AnalysisError, at: &str, skip_invalid: bool) -> Result<Exit, Failure> {
    let error = not_fatal(error, at, skip_invalid)?;
    let exit = match &error {
        AnalysisError::Solve(e) => {
            eprintln!("skipped: {at}: {e}");
            return Ok(Exit::Solved);
        }
        AnalysisError::Stopped(_) => Exit::LimitReached,
        _ => Exit::NoSolution,
    };
    if !interrupt::requested() {
        eprintln!("{at}: {error}");
    }
    Ok(exit)
}
