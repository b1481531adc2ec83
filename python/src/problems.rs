//! The problems that are not grids: N-Queens, graph colouring, the
//! course's weighted latin squares.

use std::time::Instant;

use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::PyString;
use sudokit_core::records::ProblemRecord;
use sudokit_core::{read_graph, Error, Kit, Outcome};

use crate::errors::{raise, to_py, Kind};
use crate::record::Record;
use crate::search::{finish, kit, search, Searched};

/// Adds the functions to `module`.
pub fn register(module: &Bound<'_, PyModule>) -> PyResult<()> {
    module.add_function(wrap_pyfunction!(queens, module)?)?;
    module.add_function(wrap_pyfunction!(colour, module)?)?;
    module.add_function(wrap_pyfunction!(latin, module)?)?;
    Ok(())
}

/// `n` queens on an n x n board (1 to 128), no two attacking: one
/// placement, or with `count=True` every placement counted.
///
/// Returns a `ProblemRecord`: `status`, `count` (92 for 8 queens),
/// `complete`, and `solution`, each row's queen's column from 1. Engine,
/// limits and errors as `solve`; `auto` chooses `cp`.
#[pyfunction]
#[pyo3(signature = (n, engine = "auto", *, count = false, timeout = None, nodes = None, stats = false))]
fn queens(
    py: Python<'_>,
    n: usize,
    engine: &str,
    count: bool,
    timeout: Option<f64>,
    nodes: Option<u64>,
    stats: bool,
) -> PyResult<Record> {
    let title = format!("{n}-queens");
    let kit = kit(py, engine, timeout, nodes)?;
    solved(py, &kit, &title, stats, |kit| kit.queens(n, count))
}

/// The course's weighted latin square of side `n`: the largest total
/// reward `((i+1)(j+1) + v²) mod 11` over its cells, or with
/// `min_diagonal=True` the smallest sum of the main diagonal.
///
/// Returns a `ProblemRecord` whose `objective` is the optimum (192 for
/// n = 5) when `status == "optimal"`, and `solution` the square row by
/// row. Otherwise as `queens`.
#[pyfunction]
#[pyo3(signature = (n, engine = "auto", *, min_diagonal = false, timeout = None, nodes = None, stats = false))]
fn latin(
    py: Python<'_>,
    n: usize,
    engine: &str,
    min_diagonal: bool,
    timeout: Option<f64>,
    nodes: Option<u64>,
    stats: bool,
) -> PyResult<Record> {
    let title = match min_diagonal {
        true => format!("{n}x{n} latin square, smallest diagonal"),
        false => format!("{n}x{n} weighted latin square"),
    };
    let kit = kit(py, engine, timeout, nodes)?;
    solved(py, &kit, &title, stats, |kit| kit.latin(n, min_diagonal))
}

/// A colouring of `graph` with at most `colours` colours (`status ==
/// "unsatisfiable"` when there is none), or without `colours` the
/// chromatic number as the `objective`, proven by minimisation.
///
/// `graph` is DIMACS edge text (`p edge V E`, `e U V` lines), or a list of
/// edges `(u, v)`, vertices numbered from 1. `name` is what the record's
/// `problem` calls the graph (`"chromatic number of graph"`). Returns a
/// `ProblemRecord` whose `solution` gives every vertex its colour, from 1.
/// Otherwise as `queens`.
#[pyfunction]
#[pyo3(signature = (graph, colours = None, engine = "auto", *, name = "graph", timeout = None, nodes = None, stats = false))]
#[allow(clippy::too_many_arguments)]
fn colour(
    py: Python<'_>,
    graph: &Bound<'_, PyAny>,
    colours: Option<usize>,
    engine: &str,
    name: &str,
    timeout: Option<f64>,
    nodes: Option<u64>,
    stats: bool,
) -> PyResult<Record> {
    let text = match graph.cast::<PyString>() {
        Ok(text) => text.to_cow()?.into_owned(),
        Err(_) => dimacs(py, graph)?,
    };
    let graph = read_graph(&text).map_err(|e| to_py(py, e))?;
    let title = match colours {
        Some(k) => format!("{k}-colouring of {name}"),
        None => format!("chromatic number of {name}"),
    };
    let kit = kit(py, engine, timeout, nodes)?;
    solved(py, &kit, &title, stats, |kit| kit.colour(&graph, colours))
}

/// A list of edges as DIMACS text, its vertices the largest endpoint's.
fn dimacs(py: Python<'_>, edges: &Bound<'_, PyAny>) -> PyResult<String> {
    let edges: Vec<(i64, i64)> = edges
        .extract()
        .map_err(|_| PyTypeError::new_err("graph must be DIMACS text or a list of edges (u, v)"))?;
    if let Some((u, v)) = edges.iter().find(|(u, v)| *u < 1 || *v < 1) {
        return Err(raise(
            py,
            Kind::Input,
            format!("edge ({u}, {v}): vertices are numbered from 1"),
        ));
    }
    let vertices = edges.iter().map(|&(u, v)| u.max(v)).max().unwrap_or(0);
    let mut text = format!("p edge {vertices} {}\n", edges.len());
    for (u, v) in &edges {
        text.push_str(&format!("e {u} {v}\n"));
    }
    Ok(text)
}

/// Runs `work` and answers the record of its outcome, called `title`.
fn solved(
    py: Python<'_>,
    kit: &Kit,
    title: &str,
    stats: bool,
    work: impl FnOnce(&Kit) -> Result<Outcome, Error> + Send,
) -> PyResult<Record> {
    let start = Instant::now();
    let Searched { value, interrupted } = search(py, kit, work)?;
    let time = start.elapsed();
    let record = ProblemRecord::new(title, &kit.engine_name(), &value, time, stats);
    finish(py, interrupted, Record::of(py, &record, None))
}
