//! Solving a batch of puzzles through the pipeline: in order or in
//! parallel, each under fresh limits, every answer judged by the verifier
//! before anyone prints it. Nothing here prints.

use std::sync::Mutex;

use rayon::prelude::*;
use sudokit_formats::Entry;
use sudokit_model::{Engine, Request};
use sudokit_pipeline::{Answer, Lease, Solver};

use crate::args::worker_threads;
use crate::failure::{Exit, Failure};
use crate::input::take_chunk;
use crate::interrupt;

/// Puzzles solved per parallel chunk: results are printed chunk by chunk,
/// so output streams while memory stays flat.
const CHUNK: usize = 1024;

/// The worst exit code over a batch's answers: limits above no-solution
/// above solved (puzzles passed over with `--skip-invalid` count as none).
pub fn batch_exit(results: &[Result<Answer, Failure>]) -> Exit {
    results
        .iter()
        .flatten()
        .map(|a| Exit::from(a.status))
        .max()
        .unwrap_or(Exit::Solved)
}

/// Solves every entry with `engine` as `request_for` asks (made for each
/// puzzle as its solve starts, so its limits are fresh) and hands each
/// chunk of answers, in input order, to `emit`, with whether the batch
/// has more than one puzzle;
/// an error from `emit` (stdout closed) stops the batch.
/// Entries are pulled a chunk at a time, so reading, solving and printing
/// take turns and memory stays flat. A bad entry, or a puzzle the engine
/// refuses, stops the batch: the puzzles before it are answered, then its
/// error is returned; with `skip_invalid`, a refusal is handed to `emit`
/// in the puzzle's place and the batch goes on.
pub fn solve_batch(
    entries: impl Iterator<Item = Result<Entry, Failure>>,
    engine: &dyn Engine,
    jobs: usize,
    skip_invalid: bool,
    request_for: impl Fn(&Entry) -> Request + Sync,
    mut emit: impl FnMut(&[Entry], &[Result<Answer, Failure>], bool) -> std::io::Result<()>,
) -> Result<Exit, Failure> {
    let pool = match worker_threads(jobs)? {
        1 => None,
        jobs => Some(
            rayon::ThreadPoolBuilder::new()
                .num_threads(jobs)
                .build()
                .map_err(|e| Failure::Internal(e.to_string()))?,
        ),
    };
    // Prepared solvers outlive chunks: a worker borrows one and gives it back.
    let solvers = Mutex::new(Vec::new());
    let mut entries = entries.peekable();
    let mut chunk = Vec::with_capacity(CHUNK);
    let mut many = None;
    let mut exit = Exit::Solved;
    loop {
        chunk.clear();
        let bad = take_chunk(&mut entries, &mut chunk, CHUNK);
        let last = bad.is_some() || entries.peek().is_none();
        // A single puzzle needs no line number in its messages.
        let many = *many.get_or_insert(chunk.len() > 1 || !last);
        let lend = || Lease::take(&solvers, || Solver::new(engine));
        let solve = |lease: &mut Lease, entry: &Entry| {
            let request = request_for(entry);
            lease
                .solver()
                .solve(&entry.puzzle, &request)
                .map_err(|e| match many {
                    true => Failure::from(e).at(format_args!("line {}", entry.line)),
                    false => Failure::from(e),
                })
        };
        let mut results: Vec<Result<Answer, Failure>> = match &pool {
            Some(pool) => pool.install(|| chunk.par_iter().map_init(lend, solve).collect()),
            None => {
                let mut lease = lend();
                let mut results = Vec::with_capacity(chunk.len());
                for entry in &chunk {
                    results.push(solve(&mut lease, entry));
                    if !skip_invalid && results.last().is_some_and(Result::is_err) {
                        break;
                    }
                }
                results
            }
        };
        let refused = match skip_invalid {
            true => None,
            false => results.iter().position(Result::is_err),
        };
        let refusal = refused.and_then(|i| results.drain(i..).find_map(Result::err));
        exit = exit.max(batch_exit(&results));
        emit(&chunk[..results.len()], &results, many)?;
        if let Some(failure) = refusal {
            return Err(failure);
        }
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
