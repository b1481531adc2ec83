//! The sudokit Python module, `import sudokit`: the facade's calls
//! (`sudokit-core`) with Python types, and nothing of its own beyond the
//! conventions of Python (keyword arguments, exceptions, `str()`,
//! `_repr_svg_` for Jupyter).
//!
//! The design in three choices:
//!
//! - **Answers are records, built generically.** Every call answers a
//!   serde record (the same one the command line's `--format json`
//!   writes), turned into Python values by `pythonize` and handed out as a
//!   [`Record`]: attribute access, `.to_dict()`, equality. A new record
//!   needs no Python code.
//! - **The search runs off the caller's thread** (`waiting.rs`): the GIL is
//!   released while it runs, and the caller's thread wakes every few
//!   milliseconds to run Python's signal handlers, so Ctrl-C cancels the
//!   search through its cancel token and raises `KeyboardInterrupt`, with
//!   what was done attached.
//! - **Errors are Python's** (`errors.rs`): bad input is a `ValueError`
//!   subclass with the command line's message, a missing engine says how
//!   to get it, a limit is a status of the answer, and a Rust panic is an
//!   `InternalError`, never a `PanicException`. Work that needs a puzzle
//!   with one solution (a grade, a reduction) raises `NoAnswer` for
//!   another one (`replies.rs`).
//!
//! One file per kind of call: `calls.rs` (solve, count, engines, check),
//! `analysis.rs` (analyze, reduce), `generation.rs`, `explanation.rs`
//! (explain, hint, grade), `problems.rs` (queens, colour, latin); what
//! they share is in `search.rs` (the kit, the search off the thread).
#![deny(missing_docs)]

use pyo3::prelude::*;

mod analysis;
mod batches;
mod calls;
mod columns;
mod errors;
mod explanation;
mod files;
mod generation;
mod problems;
mod puzzle;
mod record;
mod replies;
mod search;
mod tables;
mod waiting;

pub use puzzle::Puzzle;
pub use record::Record;

/// The module `sudokit`.
#[pymodule]
fn sudokit(module: &Bound<'_, PyModule>) -> PyResult<()> {
    module.add("__version__", env!("CARGO_PKG_VERSION"))?;
    module.add_class::<Puzzle>()?;
    module.add_class::<Record>()?;
    errors::register(module)?;
    calls::register(module)?;
    analysis::register(module)?;
    generation::register(module)?;
    explanation::register(module)?;
    problems::register(module)?;
    files::register(module)?;
    batches::register(module)?;
    tables::register(module)?;
    Ok(())
}
