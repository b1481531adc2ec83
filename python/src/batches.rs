//! The batch calls: `solve_many`, `count_many`, `analyze_many`,
//! `grade_many`, `check_many`. Each takes a column of puzzle texts in any
//! form a notebook holds one, works it on every core through the facade's
//! `Many`, and answers a `pyarrow.Table` with one row per input row.
//!
//! The input is read a part at a time ([`PART`] rows), and each part runs
//! off the caller's thread with the GIL released (`waiting.rs`): between
//! wake-ups the caller's thread reports progress and runs Python's signal
//! handlers, so Ctrl-C stops the batch within milliseconds and the rows
//! done so far come back as the `partial` table of the `KeyboardInterrupt`.
//! An Arrow column (pyarrow, Polars, pandas 2.2 and later, a table's
//! `puzzle` column) is read in place through the Arrow C stream interface;
//! any other iterable is read item by item.

use std::sync::atomic::{AtomicUsize, Ordering};

use arrow_array::cast::AsArray;
use arrow_array::{Array, ArrayRef, StringArray};
use arrow_schema::DataType;
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyString};
use pyo3_arrow::input::AnyArray;
use pyo3_arrow::PyTable;
use sudokit_core::{AnalyzeOptions, Kit, RowRecord, Task};

use crate::columns::Columns;
use crate::errors::{raise, to_py, Kind};
use crate::search::kit;
use crate::waiting;

/// Rows read and worked between two handovers of the GIL's owner: large
/// enough that the part's start costs nothing, small enough that memory
/// stays flat over millions of rows.
const PART: usize = 1 << 16;

/// Adds the functions to `module`.
pub fn register(module: &Bound<'_, PyModule>) -> PyResult<()> {
    module.add_function(wrap_pyfunction!(solve_many, module)?)?;
    module.add_function(wrap_pyfunction!(count_many, module)?)?;
    module.add_function(wrap_pyfunction!(analyze_many, module)?)?;
    module.add_function(wrap_pyfunction!(grade_many, module)?)?;
    module.add_function(wrap_pyfunction!(check_many, module)?)?;
    Ok(())
}

/// Solves many puzzles on every core: the first solution of each, checked
/// by the independent verifier.
///
/// `puzzles` is a column of puzzle texts in any form `Puzzle()` reads (an
/// 81-character line with `0` or `.` for blanks is the usual): a list, any
/// iterable, a NumPy array of strings, a pandas or Polars Series, a PyArrow
/// array or chunked array, or a table or data frame with a `puzzle` column.
/// Arrow columns are read in place, without a Python object per row.
///
/// `engine`, `timeout` and `nodes` as `solve` takes them (the limits are
/// per puzzle). `jobs` workers (0, the default: one per core).
/// `progress=True` shows a tqdm bar (tqdm must be installed); a callable
/// is called as `progress(done, total)` a few times a second (`total` is
/// None for an iterable without a length).
///
/// Returns a `pyarrow.Table`, one row per input row in input order:
/// `row` (1-based), `puzzle`, `status` (`solved`, `unsatisfiable`,
/// `limit`, `error`), `solution`, `count`, `complete`, `engine`,
/// `solved_by`, `time_us`, `why` (why there is no solution), `limit`,
/// `error`; with `stats=True`, the engine's counters after them (`nodes`,
/// `fails`, `backtracks`, `propagations`, `restarts`, `max_depth`,
/// `encoding_vars`, `encoding_constraints`, `memory_kib`, `build_time`,
/// `solve_time`; null where the engine does not count). A row that cannot be read, or that the engine refuses, is a row
/// with status `error` and the message in `error` (`"row 7: expected a
/// square number of cells (81 for 9x9), found 80"`); the batch goes on.
/// `.to_pandas()` or `polars.from_arrow(table)` make a data frame of it.
///
/// Raises `InputError` for an engine spec or a limit that is wrong, and
/// `EngineUnavailable` for an engine missing here. The GIL is released
/// while the batch runs; Ctrl-C stops it and raises `KeyboardInterrupt`,
/// whose `partial` attribute is the table of the rows done.
#[pyfunction]
#[pyo3(signature = (puzzles, engine = "auto", *, timeout = None, nodes = None, stats = false, jobs = 0, progress = None))]
#[allow(clippy::too_many_arguments)]
fn solve_many<'py>(
    py: Python<'py>,
    puzzles: &Bound<'py, PyAny>,
    engine: &str,
    timeout: Option<f64>,
    nodes: Option<u64>,
    stats: bool,
    jobs: usize,
    progress: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    let kit = kit(py, engine, timeout, nodes)?;
    let batch = Batch { jobs, stats };
    run_many(py, puzzles, &kit, &Task::Solve, batch, progress)
}

/// Counts the solutions of many puzzles on every core, each up to
/// `up_to` (default 1000; 2 tells whether each is unique; None counts them
/// all, mind the limits).
///
/// Input, options and errors as `solve_many`; the table is the same, with
/// `count` exact where `complete` is true.
#[pyfunction]
#[pyo3(signature = (puzzles, engine = "auto", *, up_to = Some(1000), timeout = None, nodes = None, stats = false, jobs = 0, progress = None))]
#[allow(clippy::too_many_arguments)]
fn count_many<'py>(
    py: Python<'py>,
    puzzles: &Bound<'py, PyAny>,
    engine: &str,
    up_to: Option<u64>,
    timeout: Option<f64>,
    nodes: Option<u64>,
    stats: bool,
    jobs: usize,
    progress: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    let kit = kit(py, engine, timeout, nodes)?;
    let batch = Batch { jobs, stats };
    run_many(py, puzzles, &kit, &Task::Count(up_to), batch, progress)
}

/// Analyses many puzzles on every core, as `analyze` does each one.
///
/// Input, options and errors as `solve_many`. Returns a `pyarrow.Table`:
/// `row`, `puzzle`, `status` (`solved`: a solution was found,
/// `unsatisfiable`: none, `limit`, `error`), `solutions`,
/// `exact`, `unique`, `minimal`, `givens`, `solution`, `redundant` and
/// `differing` (lists of cells), `guesses` and `singles` (the difficulty
/// for the reference search), `limit`, `error`.
#[pyfunction]
#[pyo3(signature = (puzzles, engine = "auto", *, up_to = 1000, redundancy = true, difficulty = true, timeout = None, nodes = None, jobs = 0, progress = None))]
#[allow(clippy::too_many_arguments)]
fn analyze_many<'py>(
    py: Python<'py>,
    puzzles: &Bound<'py, PyAny>,
    engine: &str,
    up_to: u64,
    redundancy: bool,
    difficulty: bool,
    timeout: Option<f64>,
    nodes: Option<u64>,
    jobs: usize,
    progress: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    let options = AnalyzeOptions {
        cap: up_to,
        redundancy,
        completion: false,
        difficulty,
    };
    let kit = kit(py, engine, timeout, nodes)?;
    let batch = Batch { jobs, stats: false };
    run_many(py, puzzles, &kit, &Task::Analyze(options), batch, progress)
}

/// Grades many puzzles on every core: how hard each is for a person, on
/// the Sudoku Explainer scale, as `grade` does.
///
/// Input, options and errors as `solve_many`. Returns a `pyarrow.Table`:
/// `row`, `puzzle`, `status` (`solved`, `limit`, `error`), `level`,
/// `rating` (ER), `ep`, `ed`, `hardest`, `steps`, `open_when_stuck`,
/// `score`, `limit`, `error`; a puzzle without exactly one solution is an
/// `error` row saying so.
#[pyfunction]
#[pyo3(signature = (puzzles, engine = "auto", *, timeout = None, nodes = None, jobs = 0, progress = None))]
fn grade_many<'py>(
    py: Python<'py>,
    puzzles: &Bound<'py, PyAny>,
    engine: &str,
    timeout: Option<f64>,
    nodes: Option<u64>,
    jobs: usize,
    progress: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    let kit = kit(py, engine, timeout, nodes)?;
    let batch = Batch { jobs, stats: false };
    run_many(py, puzzles, &kit, &Task::Grade, batch, progress)
}

/// Checks many filled grids on every core, each against the rules of its
/// size (a `solution` column, say).
///
/// `grids`, `jobs` and `progress` as `solve_many` takes them. Returns a
/// `pyarrow.Table`: `row`, `grid`, `status` (`solved`: the grid is valid,
/// `unsatisfiable`: it breaks a rule, `error`: it cannot be read),
/// `valid`, `errors`, `message` (what is wrong, as `check` says it),
/// `error`.
#[pyfunction]
#[pyo3(signature = (grids, *, jobs = 0, progress = None))]
fn check_many<'py>(
    py: Python<'py>,
    grids: &Bound<'py, PyAny>,
    jobs: usize,
    progress: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    let kit = kit(py, "auto", None, None)?;
    let batch = Batch { jobs, stats: false };
    run_many(py, grids, &kit, &Task::Check, batch, progress)
}

/// How a batch runs: `jobs` workers (0: one per core), and whether a
/// solve's or count's rows carry the engine's counters.
#[derive(Clone, Copy)]
struct Batch {
    jobs: usize,
    stats: bool,
}

/// Works `task` through `rows` with `kit`, a part at a time, into a
/// `pyarrow.Table`; see the module's doc.
fn run_many<'py>(
    py: Python<'py>,
    rows: &Bound<'py, PyAny>,
    kit: &Kit,
    task: &Task,
    batch: Batch,
    progress: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    let name = match task {
        Task::Check => "grid",
        _ => "puzzle",
    };
    let (input, total) = Input::of(py, rows, name)?;
    let mut progress = Progress::new(py, progress, total)?;
    let mut many = kit.many().jobs(batch.jobs);
    if batch.stats {
        many = many.with_stats();
    }
    let mut work = Work {
        many,
        task,
        columns: Columns::new(task, name, batch.stats),
        done: 0,
    };
    let interrupted = match input {
        Input::Arrow(chunks) => {
            let mut interrupted = None;
            'parts: for chunk in &chunks {
                for start in (0..chunk.len()).step_by(PART) {
                    let end = (start + PART).min(chunk.len());
                    let texts: Vec<Option<&str>> = (start..end)
                        .map(|i| chunk.is_valid(i).then(|| chunk.value(i)))
                        .collect();
                    interrupted = work.part(py, &texts, &mut progress)?;
                    if interrupted.is_some() {
                        break 'parts;
                    }
                }
            }
            interrupted
        }
        Input::Items(items) => loop {
            let texts = next_part(py, &items)?;
            if texts.is_empty() {
                break None;
            }
            let texts: Vec<Option<&str>> = texts.iter().map(Option::as_deref).collect();
            if let Some(interrupt) = work.part(py, &texts, &mut progress)? {
                break Some(interrupt);
            }
        },
    };
    progress.close(py)?;
    let (batches, schema) = work.columns.into_parts().map_err(|e| internal(py, e))?;
    let table = PyTable::try_new(batches, schema)?.into_pyarrow(py)?;
    match interrupted {
        None => Ok(table),
        Some(interrupt) => {
            interrupt.value(py).setattr("partial", table)?;
            Err(interrupt)
        }
    }
}

/// A batch under way: the runner, the table so far, the rows done.
struct Work<'t> {
    many: sudokit_core::Many,
    task: &'t Task,
    columns: Columns,
    done: usize,
}

impl Work<'_> {
    /// Works one part of the input off the caller's thread, the GIL
    /// released, its records going into the table; the interrupt that
    /// stopped it, if one did (the rows done before it are in the table).
    fn part(
        &mut self,
        py: Python<'_>,
        texts: &[Option<&str>],
        progress: &mut Progress,
    ) -> PyResult<Option<PyErr>> {
        let first = self.done + 1;
        let handed = AtomicUsize::new(0);
        let (many, task, columns) = (&self.many, self.task, &mut self.columns);
        let done = self.done;
        let waited = waiting::run_watching(
            py,
            |token| {
                let rows = texts.iter().map(|text| text.unwrap_or(""));
                let ended = many.clone().first_row(first).cancel_with(token).run(
                    task,
                    rows,
                    |records: Vec<RowRecord>| {
                        for record in &records {
                            columns.push(texts[record.row() - first], record);
                        }
                    },
                    |n| handed.store(n, Ordering::Relaxed),
                );
                (ended, columns.close_part())
            },
            |py| progress.tell(py, done + handed.load(Ordering::Relaxed)),
        )?;
        let (ended, closed) = waited.result;
        ended.map_err(|e| to_py(py, e))?;
        closed.map_err(|e| internal(py, e))?;
        self.done += handed.load(Ordering::Relaxed);
        Ok(waited.interrupted)
    }
}

fn internal(py: Python<'_>, error: impl std::fmt::Display) -> PyErr {
    raise(py, Kind::Internal, format!("internal error: {error}"))
}

/// The rows of a batch: Arrow text read in place, or a Python iterator.
enum Input<'py> {
    Arrow(Vec<StringArray>),
    Items(Bound<'py, PyAny>),
}

impl<'py> Input<'py> {
    /// The rows of `rows`, and how many there are when that is known
    /// beforehand. A table or data frame gives its `name` column (or
    /// `quizzes`, the 1M-puzzle table's name for it).
    fn of(
        py: Python<'py>,
        rows: &Bound<'py, PyAny>,
        name: &str,
    ) -> PyResult<(Self, Option<usize>)> {
        if rows.is_instance_of::<PyString>() {
            return Err(raise(
                py,
                Kind::Input,
                "expected many puzzles (a list, an array, a column), found one text: use solve() for one puzzle",
            ));
        }
        let arrow = rows.hasattr("__arrow_c_array__")? || rows.hasattr("__arrow_c_stream__")?;
        if arrow {
            let chunked = rows.extract::<AnyArray>()?.into_chunked_array()?;
            let (chunks, _) = chunked.into_inner();
            let texts = chunks
                .iter()
                .map(|chunk| text_column(py, chunk, name))
                .collect::<PyResult<Vec<_>>>()?;
            let total = texts.iter().map(Array::len).sum();
            return Ok((Input::Arrow(texts), Some(total)));
        }
        let total = rows.len().ok();
        let items = rows.try_iter().map_err(|_| {
            raise(
                py,
                Kind::Input,
                format!(
                    "expected many puzzles (a list, an array, a column), found {}",
                    type_name(rows)
                ),
            )
        })?;
        Ok((Input::Items(items.into_any()), total))
    }
}

/// `chunk` as text: a string column of any width as it is, a table's
/// `name` column, anything else Arrow can cast to text.
fn text_column(py: Python<'_>, chunk: &ArrayRef, name: &str) -> PyResult<StringArray> {
    let column = match chunk.data_type() {
        DataType::Struct(_) => {
            let table = chunk.as_struct();
            table
                .column_by_name(name)
                .or_else(|| table.column_by_name("quizzes"))
                .ok_or_else(|| {
                    let names = table.column_names().join(", ");
                    raise(
                        py,
                        Kind::Input,
                        format!("expected a column of puzzles, or a table with a {name} column; found the columns {names}"),
                    )
                })?
                .clone()
        }
        _ => chunk.clone(),
    };
    let text = arrow_cast::cast(&column, &DataType::Utf8).map_err(|_| {
        raise(
            py,
            Kind::Input,
            format!(
                "expected a column of puzzle texts, found one of {}",
                column.data_type()
            ),
        )
    })?;
    Ok(text.as_string::<i32>().clone())
}

/// Up to [`PART`] items of `items`, each as text: a `str` as it is, None
/// as a missing row, anything else (a `Puzzle`, a NumPy string) as its
/// `str()`.
fn next_part(py: Python<'_>, items: &Bound<'_, PyAny>) -> PyResult<Vec<Option<String>>> {
    let items = items.cast::<pyo3::types::PyIterator>()?;
    let mut texts = Vec::with_capacity(PART);
    for item in items.clone().take(PART) {
        let item = item?;
        texts.push(match item.is_none() {
            true => None,
            false => Some(item.str()?.to_cow()?.into_owned()),
        });
    }
    py.check_signals()?;
    Ok(texts)
}

fn type_name(value: &Bound<'_, PyAny>) -> String {
    value
        .get_type()
        .name()
        .map_or_else(|_| "an object".to_string(), |name| name.to_string())
}

/// Where a batch reports how far it is.
enum Progress {
    Silent,
    /// `progress(done, total)`, and what it was last told.
    Call(Py<PyAny>, Option<usize>, usize),
    /// A tqdm bar and what it was last told.
    Bar(Py<PyAny>, usize),
}

impl Progress {
    /// The report `progress` asks for: None or False, nothing; True, a tqdm
    /// bar; a callable, calls.
    fn new(
        py: Python<'_>,
        progress: Option<&Bound<'_, PyAny>>,
        total: Option<usize>,
    ) -> PyResult<Progress> {
        let Some(progress) = progress else {
            return Ok(Progress::Silent);
        };
        if let Ok(flag) = progress.cast::<PyBool>() {
            if !flag.is_true() {
                return Ok(Progress::Silent);
            }
            let tqdm = py.import("tqdm.auto").map_err(|_| {
                raise(
                    py,
                    Kind::Input,
                    "progress=True shows a tqdm bar, and tqdm is not installed here: pip install tqdm (or pass a callable)",
                )
            })?;
            let kwargs = pyo3::types::PyDict::new(py);
            kwargs.set_item("total", total)?;
            kwargs.set_item("unit", "puzzle")?;
            let bar = tqdm.getattr("tqdm")?.call((), Some(&kwargs))?;
            return Ok(Progress::Bar(bar.unbind(), 0));
        }
        if !progress.is_callable() {
            return Err(raise(
                py,
                Kind::Input,
                format!(
                    "progress must be True, False, None or a callable, not {}",
                    type_name(progress)
                ),
            ));
        }
        Ok(Progress::Call(progress.clone().unbind(), total, 0))
    }

    /// Reports `done` rows.
    fn tell(&mut self, py: Python<'_>, done: usize) -> PyResult<()> {
        match self {
            Progress::Silent => Ok(()),
            Progress::Call(call, total, told) => {
                if done > *told {
                    call.call1(py, (done, *total))?;
                    *told = done;
                }
                Ok(())
            }
            Progress::Bar(bar, told) => {
                if done > *told {
                    bar.call_method1(py, "update", (done - *told,))?;
                    *told = done;
                }
                Ok(())
            }
        }
    }

    fn close(&self, py: Python<'_>) -> PyResult<()> {
        match self {
            Progress::Bar(bar, _) => bar.call_method0(py, "close").map(drop),
            _ => Ok(()),
        }
    }
}
