//! `sudokit.Puzzle`: a puzzle read from text, in every form sudokit reads.

use std::path::PathBuf;

use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::PyString;
use sudokit_core::{read_options, read_puzzle, show, Entry, ReadOptions, Shape, ShowForm};

use crate::errors::{guarded, raise, to_py, Kind};

/// The options the command line reads with, with the box shape `boxes`
/// names (`"3x2"`, `"latin"`) when given.
pub fn options(py: Python<'_>, boxes: Option<&str>) -> PyResult<ReadOptions> {
    let mut options = read_options();
    if let Some(boxes) = boxes {
        let shape: Shape = boxes
            .parse()
            .map_err(|e| raise(py, Kind::Input, format!("boxes: {e}")))?;
        options = options.shape(shape);
    }
    Ok(options)
}

/// A puzzle: a grid of any size (4x4 to 35x35, any box shape, jigsaw
/// regions, a latin square) with its variant rules (diagonals, extra
/// groups, killer cages) and givens.
///
/// `Puzzle(text)` reads every form the command line reads: a line of n*n
/// cells (`.` or `0` for a blank), a block grid as `solve` prints it,
/// SadMan `.sdk`, CSV, a TOML variant file, JSON. `boxes="3x2"` gives the
/// box shape of a line or block that does not say it, `boxes="latin"`
/// reads it as a latin square. Bad text raises `sudokit.InputError` (a
/// `ValueError`) naming the line, cell and reason.
///
/// `Puzzle.from_file(path)` reads the one puzzle of a file,
/// `sudokit.read_file(path)` every puzzle of one.
///
/// `str()` prints the grid as `sudokit solve` does; in Jupyter the puzzle
/// is drawn (`_repr_svg_`).
#[pyclass(module = "sudokit", frozen)]
pub struct Puzzle {
    /// The puzzle with the digit convention it was written in.
    pub(crate) entry: Entry,
}

impl Puzzle {
    /// Reads the one puzzle of `text`.
    pub fn read(py: Python<'_>, text: &str, boxes: Option<&str>) -> PyResult<Puzzle> {
        let options = options(py, boxes)?;
        guarded(py, || {
            let entry = read_puzzle(text, &options).map_err(|e| to_py(py, e))?;
            Ok(Puzzle { entry })
        })
    }

    /// `argument` as a puzzle: a `Puzzle`, or text to read; anything else
    /// is a `TypeError`, as Python's own functions say.
    pub fn of(argument: &Bound<'_, PyAny>) -> PyResult<Entry> {
        let py = argument.py();
        if let Ok(puzzle) = argument.cast::<Puzzle>() {
            return Ok(puzzle.get().entry.clone());
        }
        match argument.cast::<PyString>() {
            Ok(text) => Ok(Puzzle::read(py, &text.to_cow()?, None)?.entry),
            Err(_) => Err(PyTypeError::new_err(format!(
                "expected a sudokit.Puzzle or a str, got {}",
                argument.get_type().name()?
            ))),
        }
    }

    /// The puzzle in `form`.
    fn show(&self, form: ShowForm) -> String {
        show(&self.entry.puzzle, self.entry.digits, form)
    }
}

#[pymethods]
impl Puzzle {
    #[new]
    #[pyo3(signature = (text, *, boxes = None))]
    fn new(py: Python<'_>, text: &str, boxes: Option<&str>) -> PyResult<Puzzle> {
        Puzzle::read(py, text, boxes)
    }

    /// The one puzzle of the file at `path` (a `str` or a
    /// `pathlib.Path`), in any form; its extension says the form where the
    /// text leaves it open. Raises `InputError` naming the file and the
    /// line, also when the file holds a second puzzle
    /// (`sudokit.read_file` reads them all).
    #[staticmethod]
    #[pyo3(signature = (path, *, boxes = None))]
    fn from_file(py: Python<'_>, path: PathBuf, boxes: Option<&str>) -> PyResult<Puzzle> {
        Ok(Puzzle {
            entry: crate::files::one_from_file(py, path, boxes)?,
        })
    }

    /// The 1-based line of its text or file where the puzzle starts; the
    /// records of its answers carry it as `line`.
    #[getter]
    fn line_number(&self) -> usize {
        self.entry.line
    }

    /// The side of the grid (9 for a 9x9).
    #[getter]
    fn size(&self) -> usize {
        self.entry.puzzle.size()
    }

    /// The givens as one line of n*n characters (`.` for a blank); a
    /// variant's rules are in `to_toml()` and `to_json()`.
    #[getter]
    fn line(&self) -> String {
        self.show(ShowForm::Line).trim_end().to_string()
    }

    /// What followed the cells on the puzzle's line (a name, a rating), if anything.
    #[getter]
    fn label(&self) -> Option<String> {
        self.entry.label.clone()
    }

    /// The puzzle as a TOML variant file: everything it holds, and it reads back.
    fn to_toml(&self) -> String {
        self.show(ShowForm::Toml)
    }

    /// The puzzle as JSON (the conformance suite's schema): everything it
    /// holds, and it reads back.
    fn to_json(&self) -> String {
        self.show(ShowForm::Json)
    }

    /// The puzzle drawn as SVG: boxes or regions, diagonals, extra groups,
    /// killer cages with their sums. Jupyter shows it.
    fn _repr_svg_(&self) -> String {
        self.show(ShowForm::Svg)
    }

    fn __str__(&self) -> String {
        self.show(ShowForm::Pretty)
    }

    fn __repr__(&self) -> String {
        let n = self.size();
        format!("<sudokit.Puzzle {n}x{n} {}>", self.line())
    }
}
