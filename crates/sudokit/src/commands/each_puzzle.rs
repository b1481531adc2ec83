//! What `analyze` and `reduce` share: the puzzles of the input worked on a
//! chunk at a time, in parallel with `--jobs`, each chunk's results handed
//! on in input order as soon as it is done, so output streams and memory
//! stays flat. Ctrl-C ends the run after the chunk under way.

use rayon::prelude::*;
use sudokit_formats::Entry;

use crate::args::worker_threads;
use crate::failure::{Exit, Failure};
use crate::interrupt;

/// Puzzles per chunk.
const CHUNK: usize = 256;

/// Runs `work` on every entry with a per-worker `state` made by `init`,
/// then `emit`s each chunk of results in order. A bad entry stops the run
/// after the entries before it are emitted. Returns whether Ctrl-C cut
/// the run short (as [`Exit::LimitReached`]).
pub fn work_through<S, R: Send>(
    entries: impl Iterator<Item = Result<Entry, Failure>>,
    jobs: usize,
    init: impl Fn() -> S + Sync + Send,
    work: impl Fn(&mut S, &Entry) -> R + Sync + Send,
    mut emit: impl FnMut(&[Entry], Vec<R>) -> Result<(), Failure>,
) -> Result<Exit, Failure> {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(worker_threads(jobs)?)
        .build()
        .map_err(|e| Failure::Internal(e.to_string()))?;
    let mut entries = entries.peekable();
    let mut state = None;
    loop {
        let mut chunk = Vec::with_capacity(CHUNK);
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
        let results: Vec<R> = if pool.current_num_threads() > 1 {
            pool.install(|| chunk.par_iter().map_init(&init, &work).collect())
        } else {
            let state = state.get_or_insert_with(&init);
            chunk.iter().map(|entry| work(state, entry)).collect()
        };
        emit(&chunk, results)?;
        if let Some(failure) = bad {
            return Err(failure);
        }
        if interrupt::requested() {
            let line = chunk.last().map_or(0, |entry| entry.line);
            eprintln!("interrupted: stopped after line {line}");
            return Ok(Exit::LimitReached);
        }
        if entries.peek().is_none() {
            return Ok(Exit::Solved);
        }
    }
}
