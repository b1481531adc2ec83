//! The one batch runner under every front end: items worked on a chunk at
//! a time, on `jobs` workers, each chunk's results handed on in input order
//! before the next chunk is read, so output streams while memory stays
//! bounded by one chunk.
//!
//! Inside a chunk the workers take items in input order from a shared
//! counter, rather than splitting the chunk in advance as rayon's parallel
//! iterators do. So whatever stops a batch early (a cancel token, an
//! error) leaves the items taken so far as a prefix of the chunk: each
//! finished result can be handed on without a gap before it, and each
//! worker keeps its one state (a prepared engine, a warmed-up solver) for
//! the whole batch, however the work is spread.

use std::io;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

use sudokit_model::CancelToken;

/// Items per chunk unless [`Batch::chunks_of`] says otherwise.
pub const DEFAULT_CHUNK: usize = 256;

/// What a batch does when the work on an item fails.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum OnError {
    /// The results before the failing item are handed on, then the batch
    /// ends with its error.
    #[default]
    Stop,
    /// The error is handed on in the item's place and the batch goes on.
    Continue,
}

/// How a batch that met no error ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ended {
    /// Every item was worked on and handed on.
    Complete,
    /// The cancel token stopped the batch: the items handed on are the
    /// input's first ones, each with its finished result, and no item
    /// after them was started or will be.
    Cancelled,
}

/// A batch runner: how many workers, how many items per chunk, what
/// cancels it and what an error does. One runner can run many batches
/// (the bench runs one per engine); its thread pool is made once.
///
/// ```
/// use sudokit_cp::CpEngine;
/// use sudokit_model::{Mode, Request};
/// use sudokit_pipeline::{Batch, Ended, SolveError, Solver};
/// use sudokit_puzzle::Puzzle;
///
/// # fn main() -> Result<(), Box<dyn std::error::Error>> {
/// let unique = vec![1, 0, 0, 0, 0, 0, 2, 0, 0, 3, 0, 0, 0, 0, 0, 4];
/// let puzzles = [Puzzle::boxed(2, 2, unique)?, Puzzle::boxed(2, 2, vec![0; 16])?];
/// let engine = CpEngine::new();
/// let mut counts = Vec::new();
/// let ended = Batch::new(2)?.chunks_of(1).run(
///     puzzles.iter().map(Ok::<_, SolveError>),
///     // One solver per worker: the engine is prepared once per worker.
///     || Solver::new(&engine),
///     |solver, puzzle| solver.solve(puzzle, &Request::new(Mode::CountUpTo(1000))),
///     |_, answers| {
///         counts.extend(answers.into_iter().flatten().map(|answer| answer.count));
///         Ok(())
///     },
///     |_| {},
/// )?;
/// assert_eq!(ended, Ended::Complete);
/// assert_eq!(counts, [1, 288]);
/// # Ok(())
/// # }
/// ```
pub struct Batch {
    /// `None` with one worker: the calling thread does the work.
    pool: Option<rayon::ThreadPool>,
    workers: usize,
    chunk: usize,
    cancel: Option<CancelToken>,
    on_error: OnError,
}

impl Batch {
    /// A runner with `jobs` workers on a thread pool of its own; with one
    /// (or 0), the work is done in the calling thread and no pool is made.
    /// `Err` when the operating system refuses the threads.
    pub fn new(jobs: usize) -> io::Result<Self> {
        let workers = jobs.max(1);
        let pool = match workers {
            1 => None,
            _ => Some(
                rayon::ThreadPoolBuilder::new()
                    .num_threads(workers)
                    .build()
                    .map_err(io::Error::other)?,
            ),
        };
        Ok(Batch {
            pool,
            workers,
            chunk: DEFAULT_CHUNK,
            cancel: None,
            on_error: OnError::Stop,
        })
    }

    /// Works through `size` items (at least one) before handing their
    /// results on and reading more.
    pub fn chunks_of(mut self, size: usize) -> Self {
        self.chunk = size.max(1);
        self
    }

    /// Checks `token` between items: once it is cancelled, no item is
    /// started, the ones under way finish and are handed on, and the batch
    /// ends [`Ended::Cancelled`]. (The work itself sees the token only if
    /// it is given it, e.g. in a request's limits.)
    pub fn cancel_with(mut self, token: CancelToken) -> Self {
        self.cancel = Some(token);
        self
    }

    /// What an item's failed work does to the batch ([`OnError::Stop`]
    /// unless told).
    pub fn on_error(mut self, policy: OnError) -> Self {
        self.on_error = policy;
        self
    }

    /// Runs one batch. `items` is read a chunk at a time, on the calling
    /// thread; an `Err` among them ends the batch once the items before it
    /// are handed on. Each worker makes its state with `worker` when it
    /// takes its first item and keeps it to the end of the batch; `work`
    /// turns an item into its result with the worker's state. `hand_on` gets
    /// each chunk's items and results in input order, on the calling thread;
    /// its error ends the batch. `progress` is told after each chunk how
    /// many items have been handed on so far.
    ///
    /// With more than one worker the calling thread hands the last chunk on
    /// and reads the next one while the workers work on a chunk, so that
    /// reading and writing do not leave the workers idle: at most three
    /// chunks are held, and the input is read up to one chunk ahead of the
    /// work. With one worker, reading, work and handing on take turns.
    pub fn run<I, W, R, E>(
        &self,
        items: impl IntoIterator<Item = Result<I, E>>,
        worker: impl Fn() -> W + Sync,
        work: impl Fn(&mut W, &I) -> Result<R, E> + Sync,
        mut hand_on: impl FnMut(&[I], Vec<Result<R, E>>) -> Result<(), E>,
        mut progress: impl FnMut(usize),
    ) -> Result<Ended, E>
    where
        I: Sync,
        W: Send,
        R: Send,
        E: Send,
    {
        let mut items = items.into_iter();
        let mut states: Vec<Option<W>> = (0..self.workers).map(|_| None).collect();
        // A chunk may be the whole input (the bench's sets): grown as read.
        let mut chunk = Vec::new();
        let mut unreadable = take_chunk(&mut items, &mut chunk, self.chunk);
        // The chunk worked on last, with its results, until it is handed on.
        let mut finished: Option<Worked<I, R, E>> = None;
        let mut next = Vec::new();
        let mut done = 0;
        let mut hand = |items: &[I], results: Vec<Result<R, E>>| -> Result<(), E> {
            if results.is_empty() {
                return Ok(());
            }
            done += results.len();
            hand_on(&items[..results.len()], results)?;
            progress(done);
            Ok(())
        };
        loop {
            // Read ahead only when this chunk is whole and readable: a short
            // one is the input's last, and a bad item ends the batch.
            let read_ahead =
                self.pool.is_some() && unreadable.is_none() && chunk.len() == self.chunk;
            let (mut next_unreadable, mut handed) = (None, Ok(()));
            let mut results = self.work_through(&chunk, &mut states, &worker, &work, || {
                if let Some((prior, results)) = finished.take() {
                    handed = hand(&prior, results);
                    // Its buffer takes the next chunk.
                    next = prior;
                    next.clear();
                }
                if read_ahead && handed.is_ok() {
                    next_unreadable = take_chunk(&mut items, &mut next, self.chunk);
                }
                handed.is_ok()
            });
            handed?;
            let failure = match self.on_error {
                OnError::Stop => results
                    .iter()
                    .position(Result::is_err)
                    .and_then(|i| results.drain(i..).find_map(Result::err)),
                OnError::Continue => None,
            };
            // Only a cancel stops a chunk short without an error.
            let short = results.len() < chunk.len();
            let end = match (failure, unreadable) {
                (Some(failure), _) => Some(Err(failure)),
                _ if short => Some(Ok(Ended::Cancelled)),
                (None, Some(unreadable)) => Some(Err(unreadable)),
                _ if self.cancelled() => Some(Ok(Ended::Cancelled)),
                _ if chunk.len() < self.chunk => Some(Ok(Ended::Complete)),
                _ => None,
            };
            if let Some(end) = end {
                hand(&chunk, results)?;
                return end;
            }
            if !read_ahead {
                // One worker: the chunk is handed on before the next is read.
                hand(&chunk, results)?;
                chunk.clear();
                unreadable = take_chunk(&mut items, &mut chunk, self.chunk);
                continue;
            }
            finished = Some((
                std::mem::replace(&mut chunk, std::mem::take(&mut next)),
                results,
            ));
            unreadable = next_unreadable;
        }
    }

    /// The results of `chunk`'s first items, in order: all of them, or
    /// those taken before a cancel or (with [`OnError::Stop`]) an error
    /// stopped the workers. With a pool, `meanwhile` runs on the calling
    /// thread while the workers work; when it returns `false` the workers
    /// stop taking items. With one worker it runs first.
    fn work_through<I, W, R, E>(
        &self,
        chunk: &[I],
        states: &mut [Option<W>],
        worker: &(impl Fn() -> W + Sync),
        work: &(impl Fn(&mut W, &I) -> Result<R, E> + Sync),
        meanwhile: impl FnOnce() -> bool,
    ) -> Vec<Result<R, E>>
    where
        I: Sync,
        W: Send,
        R: Send,
        E: Send,
    {
        let queue = Queue {
            chunk,
            next: Next(AtomicUsize::new(0)),
            failed: AtomicBool::new(false),
            batch: self,
        };
        let Some(pool) = &self.pool else {
            if !meanwhile() {
                return Vec::new();
            }
            // One worker takes the items in order: its results need no sorting.
            let mut results = Vec::with_capacity(chunk.len());
            queue.drain(&mut states[0], worker, work, |_, result| {
                results.push(result)
            });
            return results;
        };
        let mut taken: Vec<Vec<(usize, Result<R, E>)>> = states
            .iter()
            .map(|_| Vec::with_capacity(chunk.len().div_ceil(self.workers)))
            .collect();
        // The calling thread is not one of the pool's: it does its own work
        // beside the workers', then waits for them.
        pool.in_place_scope(|scope| {
            let queue = &queue;
            if !chunk.is_empty() {
                for (state, out) in states.iter_mut().zip(&mut taken) {
                    scope.spawn(move |_| {
                        queue.drain(state, worker, work, |i, result| out.push((i, result)))
                    });
                }
            }
            if !meanwhile() {
                queue.failed.store(true, Ordering::Relaxed);
            }
        });
        // Items are taken in order and each one taken is finished, so the
        // results fill the chunk's first slots without a gap.
        let mut slots: Vec<Option<Result<R, E>>> = chunk.iter().map(|_| None).collect();
        for (i, result) in taken.into_iter().flatten() {
            slots[i] = Some(result);
        }
        slots.into_iter().map_while(|slot| slot).collect()
    }

    fn cancelled(&self) -> bool {
        self.cancel.as_ref().is_some_and(CancelToken::is_cancelled)
    }
}

/// A chunk's items with their results (a prefix of them, in order).
type Worked<I, R, E> = (Vec<I>, Vec<Result<R, E>>);

/// Moves up to `size` items into `chunk`; an `Err` ends the chunk and is
/// returned, to be reported after the items before it are handed on.
fn take_chunk<I, E>(
    items: &mut impl Iterator<Item = Result<I, E>>,
    chunk: &mut Vec<I>,
    size: usize,
) -> Option<E> {
    while chunk.len() < size {
        match items.next()? {
            Ok(item) => chunk.push(item),
            Err(error) => return Some(error),
        }
    }
    None
}

/// A chunk's items, handed out in order to the workers that ask.
struct Queue<'c, I> {
    chunk: &'c [I],
    next: Next,
    /// Whether an item failed under [`OnError::Stop`]: nothing more is
    /// taken, since nothing after it is handed on.
    failed: AtomicBool,
    batch: &'c Batch,
}

/// The index of the next item to take, on a cache line of its own: every
/// worker writes it for every item, and the fields read beside it would
/// otherwise travel between the workers' cores each time.
#[repr(align(128))]
struct Next(AtomicUsize);

impl<I> Queue<'_, I> {
    /// Works on items, one at a time, until none is left or the batch is
    /// stopped; each result goes to `out` with its item's index.
    fn drain<W, R, E>(
        &self,
        state: &mut Option<W>,
        worker: &impl Fn() -> W,
        work: &impl Fn(&mut W, &I) -> Result<R, E>,
        mut out: impl FnMut(usize, Result<R, E>),
    ) {
        while !self.failed.load(Ordering::Relaxed) && !self.batch.cancelled() {
            let i = self.next.0.fetch_add(1, Ordering::Relaxed);
            let Some(item) = self.chunk.get(i) else {
                return;
            };
            let result = work(state.get_or_insert_with(worker), item);
            if result.is_err() && self.batch.on_error == OnError::Stop {
                self.failed.store(true, Ordering::Relaxed);
            }
            out(i, result);
        }
    }
}

#[cfg(test)]
mod tests {
    use std::cell::Cell;
    use std::sync::Mutex;

    use super::*;

    /// Items `0..n`, all readable.
    fn numbers(n: usize) -> impl Iterator<Item = Result<usize, String>> {
        (0..n).map(Ok)
    }

    /// What a test batch did: the results handed on, in order, how it
    /// ended, and how many items each worker it made worked on.
    #[derive(Debug, PartialEq)]
    struct Ran {
        handed: Vec<Result<usize, String>>,
        ended: Result<Ended, String>,
        made: Vec<usize>,
    }

    /// Runs `batch` over `items`, squaring each one (failing at `fail_at`)
    /// with a worker state that counts its items.
    fn squares(
        batch: &Batch,
        items: impl Iterator<Item = Result<usize, String>>,
        fail_at: &[usize],
    ) -> Ran {
        let workers = Mutex::new(Vec::new());
        let mut handed = Vec::new();
        let ended = batch.run(
            items,
            || WorkerCount(0, &workers),
            |count, &item| {
                count.0 += 1;
                match fail_at.contains(&item) {
                    true => Err(format!("item {item} failed")),
                    false => Ok(item * item),
                }
            },
            |chunk, results| {
                assert_eq!(chunk.len(), results.len());
                handed.extend(results);
                Ok(())
            },
            |_| {},
        );
        let made = workers.into_inner().unwrap();
        Ran {
            handed,
            ended,
            made,
        }
    }

    /// A worker state that reports its item count when the batch drops it.
    struct WorkerCount<'m>(usize, &'m Mutex<Vec<usize>>);

    impl Drop for WorkerCount<'_> {
        fn drop(&mut self) {
            self.1.lock().unwrap().push(self.0);
        }
    }

    fn all_squares(n: usize) -> Vec<Result<usize, String>> {
        (0..n).map(|i| Ok(i * i)).collect()
    }

    #[test]
    fn results_come_in_input_order_from_one_state_per_worker() {
        for jobs in [1, 2, 3] {
            for chunk in [1, 7, 64, 1000] {
                let batch = Batch::new(jobs).unwrap().chunks_of(chunk);
                let Ran {
                    handed,
                    ended,
                    made,
                } = squares(&batch, numbers(500), &[]);
                assert_eq!(handed, all_squares(500), "jobs {jobs}, chunk {chunk}");
                assert_eq!(ended, Ok(Ended::Complete));
                // However many chunks, each worker made its state once.
                assert!((1..=jobs).contains(&made.len()), "{made:?}");
                assert_eq!(made.iter().sum::<usize>(), 500);
            }
        }
    }

    #[test]
    fn chunks_are_read_as_they_are_needed() {
        // One worker: nothing beyond the chunk handed on has been read.
        // More: the next chunk too, which the workers work on meanwhile.
        for (jobs, ahead) in [(1, 0), (2, 30)] {
            let read = Cell::new(0);
            let items = (0..100).map(|i| {
                read.set(read.get() + 1);
                Ok::<_, String>(i)
            });
            let mut sizes = Vec::new();
            let mut told = Vec::new();
            let ended = Batch::new(jobs).unwrap().chunks_of(30).run(
                items,
                || (),
                |_, &i| Ok(i),
                |chunk, _| {
                    let through = sizes.iter().sum::<usize>() + chunk.len();
                    assert_eq!(read.get(), (through + ahead).min(100), "jobs {jobs}");
                    sizes.push(chunk.len());
                    Ok(())
                },
                |done| told.push(done),
            );
            assert_eq!(ended, Ok(Ended::Complete));
            assert_eq!(sizes, [30, 30, 30, 10]);
            assert_eq!(told, [30, 60, 90, 100]);
        }
    }

    #[test]
    fn an_error_hands_on_the_results_before_it_then_ends_the_batch() {
        for jobs in [1, 2, 3] {
            let batch = Batch::new(jobs).unwrap().chunks_of(16);
            let Ran {
                handed,
                ended,
                made,
            } = squares(&batch, numbers(100), &[37, 60]);
            assert_eq!(handed, all_squares(37), "jobs {jobs}");
            assert_eq!(ended, Err("item 37 failed".to_string()));
            // The chunk of the error is not worked on past the items under
            // way; later chunks are not read.
            assert!(made.iter().sum::<usize>() < 48 + jobs, "{made:?}");
        }
    }

    #[test]
    fn with_continue_an_error_stands_in_its_items_place() {
        for jobs in [1, 3] {
            let batch = Batch::new(jobs)
                .unwrap()
                .chunks_of(16)
                .on_error(OnError::Continue);
            let Ran { handed, ended, .. } = squares(&batch, numbers(100), &[37, 60]);
            let mut expected = all_squares(100);
            expected[37] = Err("item 37 failed".into());
            expected[60] = Err("item 60 failed".into());
            assert_eq!(handed, expected, "jobs {jobs}");
            assert_eq!(ended, Ok(Ended::Complete));
        }
    }

    #[test]
    fn an_unreadable_item_ends_the_batch_after_the_items_before_it() {
        for on_error in [OnError::Stop, OnError::Continue] {
            let items = (0..100).map(|i| match i {
                50 => Err("line 51 is unreadable".to_string()),
                i => Ok(i),
            });
            let batch = Batch::new(2).unwrap().chunks_of(16).on_error(on_error);
            let Ran { handed, ended, .. } = squares(&batch, items, &[]);
            assert_eq!(handed, all_squares(50));
            assert_eq!(ended, Err("line 51 is unreadable".to_string()));
        }
    }

    #[test]
    fn a_cancel_ends_the_batch_after_the_items_under_way() {
        for jobs in [1, 2, 4] {
            let token = CancelToken::new();
            let batch = Batch::new(jobs)
                .unwrap()
                .chunks_of(64)
                .cancel_with(token.clone());
            let mut handed = Vec::new();
            let mut told = 0;
            let ended = batch.run(
                numbers(1000),
                || (),
                |_, &i| {
                    if i == 100 {
                        token.cancel();
                    }
                    Ok::<_, String>(i)
                },
                |_, results| {
                    handed.extend(results);
                    Ok(())
                },
                |done| told = done,
            );
            assert_eq!(ended, Ok(Ended::Cancelled), "jobs {jobs}");
            // The first items, each finished: item 100, and at most one
            // item under way in each other worker.
            let n = handed.len();
            assert_eq!(handed, (0..n).map(Ok).collect::<Vec<_>>());
            assert!((101..=100 + jobs).contains(&n), "{n} handed on by {jobs}");
            assert_eq!(told, n);
        }
    }

    #[test]
    fn a_batch_cancelled_before_it_starts_does_nothing() {
        let token = CancelToken::new();
        token.cancel();
        let batch = Batch::new(2).unwrap().cancel_with(token);
        let nothing = Ran {
            handed: vec![],
            ended: Ok(Ended::Cancelled),
            made: vec![],
        };
        assert_eq!(squares(&batch, numbers(10), &[]), nothing);
    }

    #[test]
    fn an_error_handing_on_ends_the_batch() {
        // With two workers the chunk after the failing one was read and
        // is under way when the error comes: its results are dropped.
        for (jobs, read_by_then) in [(1, 30), (2, 40)] {
            let read = Cell::new(0);
            let items = (0..100).map(|i| {
                read.set(read.get() + 1);
                Ok::<_, String>(i)
            });
            let mut handed = Vec::new();
            let ended = Batch::new(jobs).unwrap().chunks_of(10).run(
                items,
                || (),
                |_, &i| Ok(i),
                |chunk, _| match chunk[0] {
                    20 => Err("stdout closed".to_string()),
                    _ => {
                        handed.extend_from_slice(chunk);
                        Ok(())
                    }
                },
                |_| {},
            );
            assert_eq!(ended, Err("stdout closed".to_string()), "jobs {jobs}");
            assert_eq!(handed, (0..20).collect::<Vec<_>>());
            assert_eq!(read.get(), read_by_then);
        }
    }

    #[test]
    fn an_empty_input_makes_no_worker() {
        let batch = Batch::new(2).unwrap();
        let nothing = Ran {
            handed: vec![],
            ended: Ok(Ended::Complete),
            made: vec![],
        };
        assert_eq!(squares(&batch, numbers(0), &[]), nothing);
    }
}
