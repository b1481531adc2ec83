//! `analyze` and `reduce`: questions about one puzzle, each answered by
//! many small solves.

use pyo3::prelude::*;
use sudokit_core::records::{AnalyzeRecord, ReduceRecord, Source};
use sudokit_core::{show, AnalyzeOptions, Order, ReduceOptions, Reply, ShowForm, Symmetry};

use crate::errors::{raise, Kind};
use crate::puzzle::Puzzle;
use crate::record::Record;
use crate::replies::answered;
use crate::search::{finish, kit, search, Searched};

/// Adds the functions to `module`.
pub fn register(module: &Bound<'_, PyModule>) -> PyResult<()> {
    module.add_function(wrap_pyfunction!(analyze, module)?)?;
    module.add_function(wrap_pyfunction!(reduce, module)?)?;
    Ok(())
}

/// What can be said of a puzzle: its solutions counted up to `up_to`
/// (default 1000); when unique, its solution, whether it is minimal (every
/// given needed), its redundant givens and its difficulty for the
/// reference search; when ambiguous, the cells where two solutions differ
/// and clues that make it unique. `redundancy=False` and
/// `difficulty=False` skip those measures (one solve per given, one
/// search).
///
/// Returns an `AnalyzeRecord` (`solutions`, `exact`, `unique`, `minimal`,
/// `redundant`, `differing`, `completion`, `difficulty` ...); when
/// `timeout` or `nodes` stopped it, the same with `status == "limit"` and
/// what it had not reached `None`, or a `LimitRecord` when it stopped
/// before the first solution. Engine, limits and errors as `solve`.
#[pyfunction]
#[pyo3(signature = (puzzle, engine = "auto", *, up_to = 1000, redundancy = true, difficulty = true, timeout = None, nodes = None))]
#[allow(clippy::too_many_arguments)]
fn analyze(
    py: Python<'_>,
    puzzle: &Bound<'_, PyAny>,
    engine: &str,
    up_to: u64,
    redundancy: bool,
    difficulty: bool,
    timeout: Option<f64>,
    nodes: Option<u64>,
) -> PyResult<Record> {
    if up_to < 2 {
        return Err(raise(
            py,
            Kind::Input,
            "up_to must be at least 2 to tell a unique puzzle",
        ));
    }
    let options = AnalyzeOptions {
        cap: up_to,
        redundancy,
        difficulty,
        ..AnalyzeOptions::default()
    };
    let entry = Puzzle::of(puzzle)?;
    let kit = kit(py, engine, timeout, nodes)?;
    let Searched { value, interrupted } =
        search(py, &kit, |kit| kit.analyze(&entry.puzzle, &options))?;
    let record = answered(py, Source::of(&entry), value, |analysis| {
        Record::of(py, &AnalyzeRecord::new(&entry, &analysis), None)
    });
    finish(py, interrupted, record)
}

/// The puzzle with the givens that can go taken away while its solution
/// stays unique, each given (or each orbit of `symmetry`: `"none"`,
/// `"rot180"`, `"rot90"`, `"mirror"`, `"diagonal"`) tried once, in
/// row-major order or, with `seed`, a random order drawn from it; `clues`
/// stops once at most that many are left.
///
/// Returns a `ReduceRecord`: the puzzle's fields (`givens` ...; it reads
/// back with `Puzzle(json.dumps(record.to_dict()))`), its `solution`, and
/// `status == "limit"` with `limit` when a limit cut the reduction short
/// (unique, perhaps not minimal). `str()` prints the reduced puzzle.
/// Raises `NoAnswer` when the puzzle has no solution or more than one,
/// `InputError` for a symmetry it lacks; otherwise as `solve`.
#[pyfunction]
#[pyo3(signature = (puzzle, engine = "auto", *, symmetry = "none", clues = None, seed = None, timeout = None, nodes = None))]
#[allow(clippy::too_many_arguments)]
fn reduce(
    py: Python<'_>,
    puzzle: &Bound<'_, PyAny>,
    engine: &str,
    symmetry: &str,
    clues: Option<usize>,
    seed: Option<u64>,
    timeout: Option<f64>,
    nodes: Option<u64>,
) -> PyResult<Record> {
    let symmetry: Symmetry = symmetry
        .parse()
        .map_err(|e: String| raise(py, Kind::Input, format!("symmetry: {e}")))?;
    let options = ReduceOptions {
        symmetry,
        order: Some(seed.map_or(Order::RowMajor, Order::Random)),
        target: clues,
    };
    let entry = Puzzle::of(puzzle)?;
    let kit = kit(py, engine, timeout, nodes)?;
    let Searched { value, interrupted } =
        search(py, &kit, |kit| kit.reduce(&entry.puzzle, &options))?;
    let record = match value {
        // Stopped before its solution was known: given back as it came.
        Reply::Stopped(kind) => Record::of(
            py,
            &ReduceRecord::stopped(&entry, kind),
            Some(show(&entry.puzzle, entry.digits, ShowForm::Pretty)),
        ),
        reply => answered(py, Source::of(&entry), reply, |reduced| {
            Record::of(
                py,
                &ReduceRecord::new(&entry, &reduced),
                Some(show(&reduced.puzzle, entry.digits, ShowForm::Pretty)),
            )
        }),
    };
    finish(py, interrupted, record)
}
