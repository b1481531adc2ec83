//! What `analyze` and `reduce` share: the puzzles of the input worked on a
//! chunk at a time, in parallel with `--jobs`, each chunk's results handed
//! on in input order as soon as it is done, so output streams and memory
//! stays flat, with a progress bar on long inputs. Ctrl-C ends the run
//! after the chunk under way.

use rayon::prelude::*;
use sudokit_formats::Entry;

use crate::args::worker_threads;
use crate::failure::{Exit, Failure};
use crate::input::PuzzleInput;
use crate::interrupt;
use crate::progress::batch_progress;

/// Puzzles per chunk.
const CHUNK: usize = 256;

/// Runs `work` on every entry with a per-worker `state` made by `init`,
/// then `emit`s each chunk of results in order. A bad entry stops the run
/// after the entries before it are emitted. Returns whether Ctrl-C cut
/// the run short (as [`Exit::LimitReached`]).
pub fn work_through<S, R: Send>(
    input: PuzzleInput,
    jobs: usize,
    init: impl Fn() -> S + Sync + Send,
    work: impl Fn(&mut S, &Entry) -> R + Sync + Send,
    mut emit: impl FnMut(&[Entry], Vec<R>) -> Result<(), Failure>,
) -> Result<Exit, Failure> {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(worker_threads(jobs)?)
        .build()
        .map_err(|e| Failure::Internal(e.to_string()))?;
    let progress = batch_progress(input.size());
    let bytes_read = input.bytes_read();
    let mut entries = input.peekable();
    let (mut state, mut done) = (None, 0);
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
        done += chunk.len();
        // Messages on stderr while the bar is hidden, so they do not tangle.
        progress.suspend(|| emit(&chunk, results))?;
        progress.set_position(bytes_read.get());
        progress.set_message(done.to_string());
        if let Some(failure) = bad {
            progress.finish_and_clear();
            return Err(failure);
        }
        if interrupt::requested() {
            progress.finish_and_clear();
            let line = chunk.last().map_or(0, |entry| entry.line);
            eprintln!("interrupted: stopped after line {line}");
            return Ok(Exit::LimitReached);
        }
        if entries.peek().is_none() {
            progress.finish_and_clear();
            return Ok(Exit::Solved);
        }
    }
}
