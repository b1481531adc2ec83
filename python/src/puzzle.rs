//! `sudokit.Puzzle`: a puzzle read from text, in every form sudokit reads.

use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::PyString;
use sudokit_core::{read_options, read_puzzle, show, Entry, Shape, ShowForm};

use crate::errors::{guarded, raise, to_py, Kind};

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
        let mut options = read_options();
        if let Some(boxes) = boxes {
            let shape: Shape = boxes
                .parse()
                .map_err(|e| raise(py, Kind::Input, format!("boxes: {e}")))?;
            options = options.shape(shape);
        }
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
