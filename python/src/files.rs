//! Puzzles from files: `Puzzle.from_file(path)` for a file of one puzzle,
//! `sudokit.read_file(path)` for a file of many, as a list. The file's
//! extension says its form where the text leaves it open (`.sdk`,
//! `.csv`), and every error names the file and the line.

use std::path::PathBuf;

use pyo3::prelude::*;
use sudokit_core::{read_file as read_entries, Entries, Entry};

use crate::errors::{guarded, raise, to_py, Kind};
use crate::puzzle::{options, Puzzle};

/// Adds the function to `module`.
pub fn register(module: &Bound<'_, PyModule>) -> PyResult<()> {
    module.add_function(wrap_pyfunction!(read_file, module)?)?;
    Ok(())
}

/// Every puzzle of the file at `path` (a `str` or a `pathlib.Path`), in
/// order, as a list of `Puzzle`: a file of lines (each with its label,
/// `#` comments passed over), `.sdk`, CSV, a TOML or JSON variant file.
/// Each puzzle keeps the line it starts on (`puzzle.line_number`), which
/// the records of its answers carry as `line`.
///
/// `boxes` as `Puzzle()` takes it. Raises `InputError` at the first bad
/// entry, naming the file and the line (`"puzzles.txt: line 7: expected a
/// square number of cells (81 for 9x9), found 80"`), and for a file that
/// cannot be read or holds no puzzle.
#[pyfunction]
#[pyo3(signature = (path, *, boxes = None))]
fn read_file(py: Python<'_>, path: PathBuf, boxes: Option<&str>) -> PyResult<Vec<Puzzle>> {
    let entries = open(py, &path, boxes)?;
    guarded(py, || {
        entries
            .map(|entry| {
                entry
                    .map(|entry| Puzzle { entry })
                    .map_err(|e| to_py(py, e))
            })
            .collect()
    })
}

/// The one puzzle of the file at `path`; a second one is an `InputError`
/// at the line where it starts. See `read_file`.
pub fn one_from_file(py: Python<'_>, path: PathBuf, boxes: Option<&str>) -> PyResult<Entry> {
    let mut entries = open(py, &path, boxes)?;
    guarded(py, || {
        let first = entries.next().transpose().map_err(|e| to_py(py, e))?;
        let Some(first) = first else {
            return Err(raise(
                py,
                Kind::Input,
                format!("{}: no puzzle found", path.display()),
            ));
        };
        match entries.next() {
            None => Ok(first),
            Some(Ok(second)) => Err(raise(
                py,
                Kind::Input,
                format!(
                    "{}: line {}: expected one puzzle, found another one here",
                    path.display(),
                    second.line
                ),
            )),
            Some(Err(bad)) => Err(to_py(py, bad)),
        }
    })
}

/// The entries of the file at `path`, read with `boxes`.
fn open(py: Python<'_>, path: &std::path::Path, boxes: Option<&str>) -> PyResult<Entries> {
    let options = options(py, boxes)?;
    guarded(py, || {
        read_entries(path, &options).map_err(|e| to_py(py, e))
    })
}
