//! The module's functions: `solve`, `count`, `engines`, `check`. Each reads
//! its arguments, calls the facade, and answers a [`Record`].

use pyo3::prelude::*;
use sudokit_core::records::{CheckRecord, EngineRecord, SolveRecord};
use sudokit_core::{
    check as check_grid, no_solution, read_grid, show, Answer, CountOptions, Entry, Kit, ShowForm,
    Status,
};

use crate::errors::{guarded, raise, to_py, Kind};
use crate::puzzle::Puzzle;
use crate::record::Record;
use crate::search::{finish, kit, search, Searched};

/// Adds the functions to `module`.
pub fn register(module: &Bound<'_, PyModule>) -> PyResult<()> {
    module.add_function(wrap_pyfunction!(solve, module)?)?;
    module.add_function(wrap_pyfunction!(count, module)?)?;
    module.add_function(wrap_pyfunction!(engines, module)?)?;
    module.add_function(wrap_pyfunction!(check, module)?)?;
    Ok(())
}

/// Solves a puzzle: the first solution an engine finds, checked by the
/// independent verifier before it is returned.
///
/// `puzzle` is a `sudokit.Puzzle` or text in any form `Puzzle()` reads.
/// `engine` is a spec as the command line's `--engine` takes it: `auto`
/// (the default: `fast` for plain grids, `cp` for variants), `fast`, `cp`,
/// `cp:var=dom-wdeg`, `backtrack:mrv`, `sat`, `z3`, `choco` ...
/// `timeout` (seconds) and `nodes` bound the search: a limit is not an
/// exception but the answer's status (`"limit"`, with `limit` saying
/// which). `stats=True` adds the engine's counters.
///
/// Returns a `SolveRecord`: `status` (`"solved"`, `"unsatisfiable"`,
/// `"limit"`), `solution` (a line, or None), `count`, `engine`,
/// `solved_by`, `time_us` ...; `str()` of it prints the solved grid.
///
/// Raises `InputError` for text that is not a puzzle, `EngineError` when
/// the engine refuses the puzzle or the spec, `EngineUnavailable` (with
/// the install step) when the engine is missing here. The GIL is released
/// while the engine searches; Ctrl-C stops it and raises
/// `KeyboardInterrupt`, whose `partial` attribute is the answer so far.
#[pyfunction]
#[pyo3(signature = (puzzle, engine = "auto", *, timeout = None, nodes = None, stats = false))]
fn solve(
    py: Python<'_>,
    puzzle: &Bound<'_, PyAny>,
    engine: &str,
    timeout: Option<f64>,
    nodes: Option<u64>,
    stats: bool,
) -> PyResult<Record> {
    let entry = Puzzle::of(puzzle)?;
    let kit = kit(py, engine, timeout, nodes)?;
    searched(py, &kit, &entry, stats, |kit, entry| {
        kit.solve(&entry.puzzle)
    })
}

/// Counts the solutions of a puzzle, up to `up_to` (default 1000, as the
/// command line's `count`; 2 tells whether it is unique; None counts them
/// all, mind the limits). Every solution is checked by the verifier.
///
/// `keep=k` keeps up to k of the solutions, each verified, in the
/// record's `solutions` (a list of lines, in the order found); `keep=None`
/// keeps every one counted.
///
/// Arguments and errors as `solve`. Returns a `SolveRecord` whose `count`
/// is exact when `complete` is True; `solution` is the first found.
#[pyfunction]
#[pyo3(signature = (puzzle, engine = "auto", *, up_to = Some(1000), keep = Some(1), timeout = None, nodes = None, stats = false))]
#[allow(clippy::too_many_arguments)]
fn count(
    py: Python<'_>,
    puzzle: &Bound<'_, PyAny>,
    engine: &str,
    up_to: Option<u64>,
    keep: Option<usize>,
    timeout: Option<f64>,
    nodes: Option<u64>,
    stats: bool,
) -> PyResult<Record> {
    let options = match up_to {
        Some(0) => {
            return Err(raise(
                py,
                Kind::Input,
                "up_to must be at least 1 (None counts every solution)",
            ))
        }
        Some(max) => CountOptions::up_to(max),
        None => CountOptions::all(),
    };
    let options = match keep {
        Some(0) => {
            return Err(raise(
                py,
                Kind::Input,
                "keep must be at least 1 (None keeps every solution counted)",
            ))
        }
        Some(keep) => options.keeping(keep),
        None => options.keeping(usize::MAX),
    };
    let listed = keep != Some(1);
    let entry = Puzzle::of(puzzle)?;
    let kit = kit(py, engine, timeout, nodes)?;
    let Searched { value, interrupted } =
        search(py, &kit, |kit| kit.count(&entry.puzzle, &options))?;
    let mut record = SolveRecord::new(&entry, &value, &kit.engine_name(), stats);
    if listed && record.solutions.is_none() {
        // The command line's record lists the solutions only when there
        // are two or more; one asked to keep them lists what there is.
        record.solutions = Some(record.solution.iter().cloned().collect());
    }
    let text = solved_text(&entry, &value);
    finish(py, interrupted, Record::of(py, &record, Some(text)))
}

/// The engines of this build, each with whether it can run here: a list
/// of `EngineRecord` (`name`, `family`, `available`, and when it is not,
/// `why` and `hint`, the one step that brings it).
#[pyfunction]
fn engines(py: Python<'_>) -> PyResult<Vec<Record>> {
    let infos = guarded(py, || Ok(sudokit_core::engines()))?;
    infos
        .iter()
        .map(|info| Record::of(py, &EngineRecord::from(info), None))
        .collect()
}

/// Checks a filled grid: against the plain rules of its size, or with
/// `puzzle` against that puzzle (its givens kept, its variant rules held).
///
/// Returns a `CheckRecord`: `valid`, `errors`, `conflicts`, and `message`,
/// the verdict in the command line's words (`"given 5 at r1c1 was changed
/// to 4"`).
#[pyfunction]
#[pyo3(signature = (grid, puzzle = None))]
fn check(
    py: Python<'_>,
    grid: &Bound<'_, PyAny>,
    puzzle: Option<&Bound<'_, PyAny>>,
) -> PyResult<Record> {
    let rules = puzzle.map(Puzzle::of).transpose()?;
    let text = match grid.cast::<Puzzle>() {
        Ok(grid) => grid
            .get()
            .entry
            .puzzle
            .givens()
            .iter()
            .map(|&d| grid.get().entry.digits.char_of(d))
            .collect::<String>(),
        Err(_) => grid.extract::<String>()?,
    };
    guarded(py, || {
        let rules = rules.as_ref().map(|entry| &entry.puzzle);
        let grid = read_grid(&text, rules).map_err(|e| to_py(py, e))?;
        let report = check_grid(&grid, rules).map_err(|e| to_py(py, e))?;
        let entry = Entry {
            line: 1,
            puzzle: grid,
            label: None,
            digits: Default::default(),
        };
        let message = report.to_string();
        let text = if message.is_empty() {
            "valid".to_string()
        } else {
            message
        };
        Record::of(py, &CheckRecord::new(&entry, &report), Some(text))
    })
}

/// Runs `work` (see [`search()`]) and answers its record.
fn searched(
    py: Python<'_>,
    kit: &Kit,
    entry: &Entry,
    stats: bool,
    work: impl FnOnce(&Kit, &Entry) -> Result<Answer, sudokit_core::Error> + Send,
) -> PyResult<Record> {
    let Searched { value, interrupted } = search(py, kit, |kit| work(kit, entry))?;
    let record = Record::of(
        py,
        &SolveRecord::new(entry, &value, &kit.engine_name(), stats),
        Some(solved_text(entry, &value)),
    );
    finish(py, interrupted, record)
}

/// What `str()` of a solve's record prints: the solved grid as the command
/// line prints it, or the status in words.
fn solved_text(entry: &Entry, answer: &Answer) -> String {
    match answer.grids.first() {
        Some(grid) => {
            let mut spec = entry.puzzle.spec().clone();
            spec.givens = grid.clone();
            spec.candidates = None;
            match sudokit_core::Puzzle::new(spec) {
                Ok(solved) => show(&solved, entry.digits, ShowForm::Pretty),
                Err(_) => grid.iter().map(|&d| entry.digits.char_of(d)).collect(),
            }
        }
        None => match answer.status {
            Status::LimitReached(kind) => format!("limit reached ({})", kind.name()),
            _ => no_solution(answer.clash.as_ref()),
        },
    }
}
