//! Many puzzles at once: a column of texts (a file's lines, a table's
//! `puzzle` column, a notebook's list) solved, counted, graded, analysed
//! or checked on every core, one record per row, in the rows' order.
//!
//! A row is a whole puzzle text, read on its own: a row that cannot be
//! read, or that the engine refuses, is an [`ErrorRecord`] naming the row,
//! and the batch goes on, since one bad row in a million is a finding
//! about the data, not a reason to lose the rest. The work runs on
//! `sudokit_pipeline::Batch`: one prepared engine per worker for the whole
//! batch, a chunk of rows at a time so memory stays flat, a cancel token
//! checked between rows and inside each search.

use serde::Serialize;
use sudokit_formats::{Digits, Entry};
use sudokit_model::{CancelToken, Mode, Request};
use sudokit_pipeline::{Batch, Ended, OnError, Solver};

use crate::records::{
    AnalyzeRecord, CheckRecord, ErrorRecord, GradeRecord, LimitRecord, SolveRecord, Source,
};
use crate::{
    check, read_grid, read_options, read_puzzle, AnalyzeOptions, Error, Kit, ReadOptions, Reply,
};

/// Rows worked on before their records are handed on, unless told.
pub const ROWS_PER_CHUNK: usize = 1024;

/// What a batch does to each row.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Task {
    /// The first solution ([`Kit::solve`]): a [`SolveRecord`] per row.
    Solve,
    /// Solutions counted up to a cap, or all of them with `None`
    /// ([`Kit::count`]): a [`SolveRecord`] per row.
    Count(Option<u64>),
    /// The analysis ([`Kit::analyze`]): an [`AnalyzeRecord`] per row.
    Analyze(AnalyzeOptions),
    /// The human grade ([`Kit::grade`]): a [`GradeRecord`] per row; a row
    /// without exactly one solution is an [`ErrorRecord`] saying so.
    Grade,
    /// Each row a filled grid, judged against the rules of its size
    /// ([`check`]): a [`CheckRecord`] per row. No engine is used.
    Check,
}

/// The record of one row: what its [`Task`] answers, a [`LimitRecord`]
/// when a limit stopped its work, or an [`ErrorRecord`] when the row could
/// not be read or was refused. As JSON it is the inner record itself.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(untagged)]
pub enum RowRecord {
    /// A solve or a count (whose own status tells a limit).
    Solve(SolveRecord),
    /// An analysis.
    Analyze(AnalyzeRecord),
    /// A grade.
    Grade(GradeRecord),
    /// A check.
    Check(CheckRecord),
    /// An analysis or a grade a limit stopped.
    Limit(LimitRecord),
    /// A row that could not be read, was refused, or (for a grade) has no
    /// unique solution.
    Error(ErrorRecord),
}

impl RowRecord {
    /// The 1-based row the record answers.
    pub fn row(&self) -> usize {
        self.source().line
    }

    /// Where the record's row came from (its `line` is the row).
    pub fn source(&self) -> &Source {
        match self {
            RowRecord::Solve(r) => &r.source,
            RowRecord::Analyze(r) => &r.source,
            RowRecord::Grade(r) => &r.source,
            RowRecord::Check(r) => &r.source,
            RowRecord::Limit(r) => &r.source,
            RowRecord::Error(r) => &r.source,
        }
    }
}

/// A batch over rows of puzzle text with one [`Kit`]: how many workers,
/// rows per chunk, the first row's number, what cancels it.
///
/// ```
/// use sudokit_core::{Kit, Many, RowRecord, Task};
///
/// let rows = [
///     "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
///     "not a puzzle",
///     "..2....4.4.3....",
/// ];
/// let mut records = Vec::new();
/// Many::new(&Kit::new("auto")?).jobs(2).run(&Task::Count(Some(2)), rows, |chunk| records.extend(chunk), |_| {})?;
/// let RowRecord::Solve(first) = &records[0] else { panic!("{:?}", records[0]) };
/// assert_eq!((first.count, first.complete), (1, true));
/// let RowRecord::Error(bad) = &records[1] else { panic!("{:?}", records[1]) };
/// assert!(bad.error.starts_with("row 2: "), "{}", bad.error);
/// assert_eq!(records[2].row(), 3);
/// # Ok::<(), sudokit_core::Error>(())
/// ```
#[derive(Clone, Debug)]
pub struct Many {
    kit: Kit,
    jobs: usize,
    chunk: usize,
    first_row: usize,
    stats: bool,
    cancel: Option<CancelToken>,
}

impl Kit {
    /// A batch over many rows with this kit ([`Many`]).
    pub fn many(&self) -> Many {
        Many::new(self)
    }
}

impl Many {
    /// A batch with `kit`'s engine and budget (a timeout or node budget is
    /// per row), on every core.
    pub fn new(kit: &Kit) -> Many {
        Many {
            kit: kit.clone(),
            jobs: 0,
            chunk: ROWS_PER_CHUNK,
            first_row: 1,
            stats: false,
            cancel: kit.budget().cancel.clone(),
        }
    }

    /// `jobs` workers; 0 (the default) is one per core, and more than the
    /// cores are as many as the cores.
    pub fn jobs(mut self, jobs: usize) -> Many {
        self.jobs = jobs;
        self
    }

    /// Rows worked on before their records are handed on (at least one).
    pub fn chunks_of(mut self, rows: usize) -> Many {
        self.chunk = rows.max(1);
        self
    }

    /// The number of the first row (1 unless told), for a caller that
    /// hands a long column over in parts.
    pub fn first_row(mut self, row: usize) -> Many {
        self.first_row = row;
        self
    }

    /// Solve and count records with the engine's counters.
    pub fn with_stats(mut self) -> Many {
        self.stats = true;
        self
    }

    /// Stopped by `token`: no row is started after it is cancelled, and the
    /// searches under way stop at their next check (their rows answer
    /// `limit: cancelled`).
    pub fn cancel_with(mut self, token: CancelToken) -> Many {
        self.cancel = Some(token);
        self
    }

    /// Works `task` through `rows`, handing each chunk's records to
    /// `hand_on` in the rows' order, and telling `progress` how many rows
    /// are done after each chunk. Ends [`Ended::Complete`], or
    /// [`Ended::Cancelled`] after the input's first rows, each with its
    /// record: the chunks done before the cancel and, as the workers read
    /// a chunk ahead, that chunk's rows taken before it (a search it
    /// stopped answers `limit: cancelled`). `Err` only for a task no row can meet (a cap below what
    /// the task needs) or threads the system refuses: a row's trouble is
    /// its [`ErrorRecord`].
    pub fn run<S: AsRef<str> + Sync>(
        &self,
        task: &Task,
        rows: impl IntoIterator<Item = S>,
        mut hand_on: impl FnMut(Vec<RowRecord>),
        progress: impl FnMut(usize),
    ) -> Result<Ended, Error> {
        check_task(task)?;
        let kit = match &self.cancel {
            Some(token) => self
                .kit
                .with_budget(self.kit.budget().clone().cancel(token.clone())),
            None => self.kit.clone(),
        };
        let engine = kit.engine_name();
        let jobs = match self.jobs {
            0 => cores(),
            jobs => jobs.min(cores()),
        };
        let mut batch = Batch::new(jobs)
            .map_err(|e| Error::Internal(format!("no worker threads: {e}")))?
            .chunks_of(self.chunk)
            .on_error(OnError::Continue);
        if let Some(token) = &self.cancel {
            batch = batch.cancel_with(token.clone());
        }
        let options = read_options();
        let numbered = rows
            .into_iter()
            .enumerate()
            .map(|(i, text)| Ok::<_, Error>((self.first_row + i, text)));
        let row_work = RowWork {
            kit: &kit,
            engine: &engine,
            options: &options,
            stats: self.stats,
        };
        batch.run(
            numbered,
            || Solver::new(kit.engine()),
            |solver, (row, text)| Ok(row_work.answer(solver, task, *row, text.as_ref())),
            |_, records| {
                hand_on(records.into_iter().flatten().collect());
                Ok(())
            },
            progress,
        )
    }
}

/// A task's options checked once, before any row: a cap no row can meet
/// is the caller's error, not every row's.
fn check_task(task: &Task) -> Result<(), Error> {
    match task {
        Task::Count(Some(0)) => Err(Error::invalid(
            "up_to must be at least 1 (None counts them all)",
        )),
        Task::Analyze(options) if options.cap < 2 => Err(Error::invalid(
            "up_to must be at least 2 to tell a unique puzzle",
        )),
        _ => Ok(()),
    }
}

fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// What every row's work shares.
struct RowWork<'a> {
    kit: &'a Kit,
    engine: &'a str,
    options: &'a ReadOptions,
    stats: bool,
}

impl RowWork<'_> {
    /// The record of row `row`, whose text is `text`.
    fn answer(&self, solver: &mut Solver, task: &Task, row: usize, text: &str) -> RowRecord {
        let failed = |error: Error| RowRecord::Error(ErrorRecord::new(at(row), in_row(row, error)));
        if *task == Task::Check {
            return match read_grid(text, None).and_then(|grid| {
                let report = check(&grid, None)?;
                Ok((grid, report))
            }) {
                Ok((grid, report)) => {
                    RowRecord::Check(CheckRecord::new(&entry(row, grid), &report))
                }
                Err(error) => failed(error),
            };
        }
        let read = match read_puzzle(text, self.options) {
            Ok(read) => read,
            Err(error) => return failed(error),
        };
        let entry = Entry { line: row, ..read };
        let answered = match task {
            Task::Solve | Task::Count(_) => self.solved(solver, task, &entry),
            Task::Analyze(options) => self.kit.analyze(&entry.puzzle, options).map(|reply| {
                replied(row, reply, |analysis| {
                    RowRecord::Analyze(AnalyzeRecord::new(&entry, &analysis))
                })
            }),
            Task::Grade => self.kit.grade(&entry.puzzle).map(|reply| {
                replied(row, reply, |grade| {
                    RowRecord::Grade(GradeRecord::new(&entry, &grade))
                })
            }),
            Task::Check => unreachable!("checked above"),
        };
        answered.unwrap_or_else(failed)
    }

    /// A solve or a count through the worker's prepared engine.
    fn solved(&self, solver: &mut Solver, task: &Task, entry: &Entry) -> Result<RowRecord, Error> {
        let mode = match task {
            Task::Count(Some(max)) => Mode::CountUpTo(*max),
            Task::Count(None) => Mode::All,
            _ => Mode::First,
        };
        // Made as the row starts, so that a timeout is the row's own.
        let request = Request::new(mode).with_limits(self.kit.budget().limits());
        let answer = solver.solve(&entry.puzzle, &request)?;
        Ok(RowRecord::Solve(SolveRecord::new(
            entry,
            &answer,
            self.engine,
            self.stats,
        )))
    }
}

/// The record of a reply that can end without its result.
fn replied<T>(row: usize, reply: Reply<T>, done: impl FnOnce(T) -> RowRecord) -> RowRecord {
    let error = |message: String| RowRecord::Error(ErrorRecord::new(at(row), message));
    match reply {
        Reply::Done(result) => done(result),
        Reply::Stopped(kind) => RowRecord::Limit(LimitRecord::new(at(row), kind)),
        Reply::NoSolution(why) => error(format!("row {row}: {why}")),
        Reply::NotUnique => error(format!("row {row}: more than one solution")),
        Reply::GaveUp(why) => error(format!("row {row}: {why}")),
    }
}

fn at(row: usize) -> Source {
    Source::new(row, None)
}

/// A grid read alone, as the entry of row `row`.
fn entry(row: usize, puzzle: sudokit_puzzle::Puzzle) -> Entry {
    Entry {
        line: row,
        label: None,
        digits: Digits::Sudoku,
        puzzle,
    }
}

/// `error`'s message for row `row`: a text read alone says `line 1`,
/// which in a column is the row.
fn in_row(row: usize, error: Error) -> String {
    let message = match error {
        Error::Input(mut parse) => {
            parse.line = None;
            parse.to_string()
        }
        other => other.to_string(),
    };
    format!("row {row}: {message}")
}
