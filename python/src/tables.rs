//! `sudokit.read_table(path)`: a puzzle table as the public collections
//! publish them (CSV with `puzzle,solution`, `quizzes,solutions`, or
//! `id,puzzle,solution,clues,difficulty`), read by pyarrow's CSV reader,
//! which reads on every core, into a `pyarrow.Table` whose `puzzle` column
//! the batch calls take as it is.

use std::path::PathBuf;

use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::errors::{raise, Kind};

/// Adds the function to `module`.
pub fn register(module: &Bound<'_, PyModule>) -> PyResult<()> {
    module.add_function(wrap_pyfunction!(read_table, module)?)?;
    Ok(())
}

/// The columns read as text whatever they hold: 81 digits would otherwise
/// be read as a number, losing the leading zeros (blanks).
const TEXT_COLUMNS: [&str; 5] = ["id", "puzzle", "solution", "quizzes", "solutions"];

/// Reads a puzzle table from a CSV file (or `.csv.gz`, `.csv.bz2`) into a
/// `pyarrow.Table`, with pyarrow's CSV reader (multi-threaded).
///
/// The shapes of the public puzzle collections are read as they are:
/// `puzzle,solution`; `quizzes,solutions` (renamed `puzzle,solution`);
/// `id,puzzle,solution,clues,difficulty`. Puzzles and solutions stay text
/// (81 characters, `0` or `.` for a blank); other columns get the type
/// their values show (`clues` whole numbers, `difficulty` reals). Pass the
/// table, or its `puzzle` column, to `solve_many` and the other batch
/// calls; `table.to_pandas()` and `polars.from_arrow(table)` make a data
/// frame of it.
///
/// Raises `InputError` for a file without a `puzzle` (or `quizzes`)
/// column, naming the columns it has; `ImportError` without pyarrow.
#[pyfunction]
fn read_table<'py>(py: Python<'py>, path: PathBuf) -> PyResult<Bound<'py, PyAny>> {
    let csv = py.import("pyarrow.csv").map_err(|_| {
        raise(
            py,
            Kind::Input,
            "read_table needs pyarrow: pip install pyarrow",
        )
    })?;
    let string = py.import("pyarrow")?.getattr("string")?.call0()?;
    let types = PyDict::new(py);
    for name in TEXT_COLUMNS {
        types.set_item(name, &string)?;
    }
    let convert = PyDict::new(py);
    convert.set_item("column_types", types)?;
    let convert = csv.getattr("ConvertOptions")?.call((), Some(&convert))?;
    let options = PyDict::new(py);
    options.set_item("convert_options", convert)?;
    let shown = path.display().to_string();
    let table = csv
        .getattr("read_csv")?
        .call((path,), Some(&options))
        .map_err(|e| raise(py, Kind::Input, format!("{shown}: {}", e.value(py))))?;
    let names: Vec<String> = table.getattr("column_names")?.extract()?;
    let renamed: Vec<&str> = names
        .iter()
        .map(|name| match name.as_str() {
            "quizzes" => "puzzle",
            "solutions" => "solution",
            other => other,
        })
        .collect();
    if !renamed.contains(&"puzzle") {
        return Err(raise(
            py,
            Kind::Input,
            format!(
                "{shown}: expected a puzzle (or quizzes) column, found {}",
                names.join(", ")
            ),
        ));
    }
    table.call_method1("rename_columns", (renamed,))
}
