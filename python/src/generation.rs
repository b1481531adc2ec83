//! `generate`: unique puzzles of any geometry and variant, reproducible
//! from a seed.

use pyo3::prelude::*;
use pyo3::types::PyList;
use sudokit_core::records::{GenerateRecord, LimitRecord, Source};
use sudokit_core::{
    show, Digits, GenerateRequest, Generated, Killer, Kit, Level, Reply, ShowForm, Symmetry,
};

use crate::errors::{guarded, raise, to_py, Kind};
use crate::puzzle::Puzzle;
use crate::record::Record;
use crate::search::{finish, kit, search, Searched};

/// The largest grid side sudokit takes.
const MAX_SIZE: usize = 35;

/// Adds the function to `module`.
pub fn register(module: &Bound<'_, PyModule>) -> PyResult<()> {
    module.add_function(wrap_pyfunction!(generate, module)?)?;
    Ok(())
}

/// Makes a puzzle with exactly one solution, or with `count` a list of
/// them; the same arguments and `seed` make the same puzzles on every
/// machine.
///
/// The geometry: `size` (default 9, its boxes the most square), or
/// `boxes="3x2"`, or `latin=True` (no boxes), `jigsaw=True` (random
/// regions), or `like=` a puzzle whose geometry and variant rules it takes;
/// `diagonals=True` adds Sudoku X, `killer="cages"` random cages alone,
/// `killer="givens"` cages and givens. The givens: `symmetry` (`"none"`,
/// `"rot180"`, `"rot90"`, `"mirror"`, `"diagonal"`), `minimal=True` (every
/// given needed), `clues` (stop at that many), `difficulty` (a level
/// `grade` names: `"easy"` ... `"extreme"`).
///
/// Returns a `GenerateRecord` (`givens`, `solution`, `clues`, `seed`,
/// `index`, `difficulty`, `grade` ...; it reads back with
/// `Puzzle(json.dumps(record.to_dict()))`), `str()` printing the puzzle;
/// a `LimitRecord` for a puzzle a limit stopped (its `line` is its
/// 1-based index). Ctrl-C ends the run after the puzzle under way: the
/// `KeyboardInterrupt`'s `partial` is the list of those made. Raises
/// `InputError` for a request no puzzle can meet, `NoAnswer` when every
/// attempt was used up without meeting it; otherwise as `solve`.
#[pyfunction]
#[pyo3(signature = (size = 9, *, boxes = None, latin = false, jigsaw = false, like = None, diagonals = false, killer = None, symmetry = "none", minimal = false, clues = None, difficulty = None, seed = None, count = None, engine = "auto", timeout = None, nodes = None))]
#[allow(clippy::too_many_arguments)]
fn generate<'py>(
    py: Python<'py>,
    size: usize,
    boxes: Option<&str>,
    latin: bool,
    jigsaw: bool,
    like: Option<&Bound<'_, PyAny>>,
    diagonals: bool,
    killer: Option<&str>,
    symmetry: &str,
    minimal: bool,
    clues: Option<usize>,
    difficulty: Option<&str>,
    seed: Option<u64>,
    count: Option<usize>,
    engine: &str,
    timeout: Option<f64>,
    nodes: Option<u64>,
) -> PyResult<Bound<'py, PyAny>> {
    let input = |message: String| raise(py, Kind::Input, message);
    // Checked before the facade sees it: a blank grid of the size is
    // allocated before the puzzle's own check of it.
    if size > MAX_SIZE {
        return Err(input(format!(
            "size {size}: sizes 1 to {MAX_SIZE} are supported"
        )));
    }
    let mut request = GenerateRequest::default().size(size);
    if let Some(boxes) = boxes {
        let shape = boxes
            .split_once('x')
            .and_then(|(r, c)| Some((r.trim().parse().ok()?, c.trim().parse().ok()?)));
        let Some((rows, cols)) = shape else {
            return Err(input(format!("boxes {boxes:?}: expected RxC, e.g. 2x3")));
        };
        if usize::saturating_mul(rows, cols) > MAX_SIZE {
            return Err(input(format!(
                "boxes {boxes:?}: sizes 1 to {MAX_SIZE} are supported"
            )));
        }
        request = request.boxes(rows, cols);
    }
    request.latin = latin;
    request.jigsaw = jigsaw;
    request.diagonals = diagonals;
    if let Some(like) = like {
        request = request.like(Puzzle::of(like)?.puzzle);
    }
    request.killer = match killer {
        None => None,
        Some("cages") => Some(Killer::CagesOnly),
        Some("givens") => Some(Killer::WithGivens),
        Some(other) => {
            return Err(input(format!(
                "killer {other:?}: expected \"cages\" or \"givens\""
            )))
        }
    };
    request.symmetry = symmetry
        .parse::<Symmetry>()
        .map_err(|e| input(format!("symmetry: {e}")))?;
    request.minimal = minimal;
    request.clues = clues;
    if let Some(name) = difficulty {
        let level = Level::from_name(name).ok_or_else(|| {
            let names: Vec<&str> = Level::ALL.iter().map(|l| l.name()).collect();
            input(format!(
                "difficulty {name:?}: expected one of {}",
                names.join(", ")
            ))
        })?;
        request = request.difficulty(level);
    }
    request.seed = seed;
    request.count = match count {
        Some(0) => return Err(input("count must be at least 1".to_string())),
        Some(count) => count,
        None => 1,
    };
    // Every record says what is known of its puzzle, as the command line's JSON.
    request.measure = true;
    let options = guarded(py, || request.options().map_err(|e| to_py(py, e)))?;
    let seed = seed.unwrap_or_else(clock_seed);
    let kit = kit(py, engine, timeout, nodes)?;
    // Puzzle by puzzle, so that Ctrl-C ends the run after the one under
    // way, the puzzles made kept.
    let made = |kit: &Kit| {
        let cancelled = || {
            kit.budget()
                .cancel
                .as_ref()
                .is_some_and(|t| t.is_cancelled())
        };
        (0..request.count as u64)
            .take_while(|_| !cancelled())
            .map(|index| kit.generate_with(&options, seed, index))
            .collect::<Result<Vec<_>, _>>()
    };
    let Searched { value, interrupted } = search(py, &kit, made)?;
    let records = records(py, seed, value);
    let answer = match (count, records) {
        (None, Ok(mut records)) if records.len() == 1 => Ok(records.remove(0).into_any()),
        (_, records) => records.and_then(|r| Ok(PyList::new(py, r)?.into_any())),
    };
    finish(py, interrupted, answer)
}

/// A seed from the clock, for runs that give none.
fn clock_seed() -> u64 {
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap_or_default();
    now.as_secs() ^ (u64::from(now.subsec_nanos()) << 20)
}

/// The records of the puzzles of a run with `seed`, in index order.
fn records(
    py: Python<'_>,
    seed: u64,
    puzzles: Vec<Reply<Generated>>,
) -> PyResult<Vec<Bound<'_, Record>>> {
    (puzzles.into_iter().enumerate())
        .map(|(index, reply)| {
            let record = match reply {
                Reply::Done(made) => Record::of(
                    py,
                    &GenerateRecord::new(&made, seed, index),
                    Some(show(&made.puzzle, Digits::default(), ShowForm::Pretty)),
                ),
                Reply::Stopped(kind) => Record::of(
                    py,
                    &LimitRecord::new(Source::new(index + 1, None), kind),
                    Some(format!("limit reached ({})", kind.name())),
                ),
                Reply::GaveUp(why) => Err(raise(py, Kind::NoAnswer, why)),
                _ => Err(raise(
                    py,
                    Kind::Internal,
                    "internal error: an answer the generator does not give",
                )),
            }?;
            Bound::new(py, record)
        })
        .collect()
}
