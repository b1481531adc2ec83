//! Solving a batch of puzzles through the pipeline: in order or in
//! parallel, each under fresh limits, every answer judged by the verifier
//! before anyone prints it. Nothing here prints.

use sudokit_core::records::CertificateRecord;
use sudokit_core::{certify, Budget};
use sudokit_formats::Entry;
use sudokit_model::{Engine, Request};
use sudokit_pipeline::{Answer, Ended, OnError, Solver};

use crate::args::batch;
use crate::failure::{Exit, Failure};
use crate::interrupt;

/// Puzzles solved per parallel chunk: results are printed chunk by chunk,
/// so output streams while memory stays flat.
const CHUNK: usize = 1024;

/// The grids a streaming request has listed, kept for the puzzle's
/// certificate.
pub type KeptGrids = std::sync::Arc<std::sync::Mutex<Vec<Vec<u8>>>>;

/// What one puzzle is asked.
pub struct Ask {
    /// The engine's request.
    pub request: Request,
    /// Whether to prove its count (in the worker, so that proofs use
    /// every core; only Ctrl-C bounds a proof).
    pub certify: bool,
    /// Where a streaming request keeps the grids it lists, for the
    /// certificate, which blocks each of them.
    pub kept: Option<KeptGrids>,
}

/// An answer, with the proof of its count when `--certify` asked for one.
pub struct Solved {
    /// The engine's answer, judged by the verifier.
    pub answer: Answer,
    /// Whether the count is proven, and why not (boxed: a batch holds
    /// thousands of answers, most without one).
    pub certificate: Option<Box<CertificateRecord>>,
}

/// The worst exit code over a batch's answers: limits above no-solution
/// above solved (puzzles passed over with `--skip-invalid` count as none).
pub fn batch_exit(results: &[Result<Solved, Failure>]) -> Exit {
    results
        .iter()
        .flatten()
        .map(|s| Exit::from(s.answer.status))
        .max()
        .unwrap_or(Exit::Solved)
}

/// Solves every entry with `engine` as `ask` says (made for each puzzle
/// as its solve starts, so its limits are fresh), certifies its count
/// when asked, and hands each
/// chunk of answers, in input order, to `emit`, with whether the batch
/// has more than one puzzle;
/// an error from `emit` (stdout closed) stops the batch.
/// Entries are pulled a chunk at a time, so reading, solving and printing
/// take turns and memory stays flat. A bad entry, or a puzzle the engine
/// refuses, stops the batch: the puzzles before it are answered, then its
/// error is returned; with `skip_invalid`, a refusal is handed to `emit`
/// in the puzzle's place and the batch goes on. Ctrl-C stops it after the
/// puzzles under way, whose answers are handed on. `progress` is told
/// how many puzzles are answered after each chunk.
pub fn solve_batch(
    entries: impl Iterator<Item = Result<Entry, Failure>>,
    engine: &dyn Engine,
    jobs: usize,
    skip_invalid: bool,
    ask: impl Fn(&Entry) -> Ask + Sync,
    mut emit: impl FnMut(&[Entry], &[Result<Solved, Failure>], bool) -> std::io::Result<()>,
    progress: impl FnMut(usize),
) -> Result<Exit, Failure> {
    let on_error = match skip_invalid {
        true => OnError::Continue,
        false => OnError::Stop,
    };
    let batch = batch(jobs, CHUNK)?.on_error(on_error);
    // A single puzzle needs no line number in its messages.
    let mut entries = entries.peekable();
    let first = entries.next();
    let many = matches!((&first, entries.peek()), (Some(Ok(_)), Some(Ok(_))));
    let solve = |solver: &mut Solver, entry: &Entry| {
        let Ask {
            request,
            certify: certifying,
            kept,
        } = ask(entry);
        let answer = solver
            .solve(&entry.puzzle, &request)
            .map_err(|e| match many {
                true => Failure::from(e).at(format_args!("line {}", entry.line)),
                false => Failure::from(e),
            })?;
        let certificate = certifying.then(|| {
            let budget = Budget::none().cancel(interrupt::token());
            match kept {
                Some(kept) => {
                    let listed = Answer {
                        grids: std::mem::take(&mut *kept.lock().expect("no keeper panics")),
                        ..answer.clone()
                    };
                    Box::new(certify(&entry.puzzle, &listed, &budget).record)
                }
                None => Box::new(certify(&entry.puzzle, &answer, &budget).record),
            }
        });
        Ok(Solved {
            answer,
            certificate,
        })
    };
    let (mut exit, mut last_line) = (Exit::Solved, 0);
    let ended = batch.run(
        first.into_iter().chain(entries),
        || Solver::new(engine),
        solve,
        |chunk, answers| {
            exit = exit.max(batch_exit(&answers));
            last_line = chunk.last().map_or(last_line, |entry| entry.line);
            Ok(emit(chunk, &answers, many)?)
        },
        progress,
    )?;
    match ended {
        Ended::Complete => Ok(exit),
        Ended::Cancelled => {
            eprintln!("interrupted: stopped after line {last_line}");
            Ok(exit.max(Exit::LimitReached))
        }
    }
}
