//! The exceptions of the module, and the facade's errors as them.
//!
//! ```text
//! SudokitError(Exception)
//! ├── InputError(SudokitError, ValueError)       unreadable puzzle, bad argument
//! ├── EngineError(SudokitError, ValueError)      the engine refuses the puzzle or an option
//! ├── EngineUnavailable(SudokitError, RuntimeError)  missing here; the message says how to get it
//! ├── NoAnswer(SudokitError, ValueError)          no solution or several, where a call needs one
//! └── InternalError(SudokitError, RuntimeError)  an engine broke its contract, or sudokit did
//! ```
//!
//! Defined in Python (a class with two bases is one line there), once, when
//! the module is imported; the Rust side raises them by name.

use std::ffi::CString;

use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyDict, PyType};
use sudokit_core::Error;

/// The classes, as Python defines them.
const CLASSES: &str = r#"
class SudokitError(Exception):
    """Base class of every error sudokit raises."""

class InputError(SudokitError, ValueError):
    """Text that is not a puzzle, or an argument out of range: the message
    names the line, field and cell where it can, and the reason, as the
    command line says it."""

class EngineError(SudokitError, ValueError):
    """The engine cannot take this puzzle or this option (an unknown
    option, a constraint it does not support): the input's fault."""

class EngineUnavailable(SudokitError, RuntimeError):
    """The engine's solver is missing from this build or this machine; the
    message says the one step that brings it."""

class NoAnswer(SudokitError, ValueError):
    """The puzzle has no solution, or more than one, where the call needs
    exactly one (grade, reduce), or the generator used up every attempt
    without meeting the request: the message says which."""

class InternalError(SudokitError, RuntimeError):
    """An engine gave an answer the verifier rejected, or failed inside:
    a bug, worth a report."""
"#;

/// The names of [`CLASSES`], in order.
const NAMES: [&str; 6] = [
    "SudokitError",
    "InputError",
    "EngineError",
    "EngineUnavailable",
    "InternalError",
    "NoAnswer",
];

/// The classes once defined, for raising.
static TYPES: PyOnceLock<Vec<Py<PyType>>> = PyOnceLock::new();

/// One of the module's exception classes.
#[derive(Clone, Copy, Debug)]
pub enum Kind {
    /// `InputError`.
    Input = 1,
    /// `EngineError`.
    Engine = 2,
    /// `EngineUnavailable`.
    Unavailable = 3,
    /// `InternalError`.
    Internal = 4,
    /// `NoAnswer`.
    NoAnswer = 5,
}

/// Defines the classes and adds them to `module`.
pub fn register(module: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = module.py();
    let types = types(py)?;
    for (name, class) in NAMES.iter().zip(types) {
        module.add(*name, class.bind(py))?;
    }
    Ok(())
}

/// The classes, defined on first use.
fn types(py: Python<'_>) -> PyResult<&Vec<Py<PyType>>> {
    TYPES.get_or_try_init(py, || {
        let scope = PyDict::new(py);
        scope.set_item("__name__", "sudokit")?;
        let code = CString::new(CLASSES).expect("no NUL in the class definitions");
        py.run(&code, Some(&scope), None)?;
        NAMES
            .iter()
            .map(|name| {
                let class = scope
                    .get_item(name)?
                    .ok_or_else(|| PyRuntimeError::new_err(format!("{name} was not defined")))?;
                Ok(class.cast_into::<PyType>()?.unbind())
            })
            .collect()
    })
}

/// An exception of `kind` with `message`.
pub fn raise(py: Python<'_>, kind: Kind, message: impl Into<String>) -> PyErr {
    let message = message.into();
    match types(py) {
        Ok(types) => PyErr::from_type(types[kind as usize].bind(py).clone(), message),
        Err(e) => e,
    }
}

/// The facade's `error` as the exception a caller catches, with its
/// message unchanged (the command line's).
pub fn to_py(py: Python<'_>, error: Error) -> PyErr {
    let kind = match &error {
        Error::Input(_) | Error::Invalid(_) => Kind::Input,
        Error::Refused(_) => Kind::Engine,
        Error::Unavailable { .. } => Kind::Unavailable,
        _ => Kind::Internal,
    };
    raise(py, kind, error.to_string())
}

/// Runs `work`, a call into Rust, so that a panic inside becomes an
/// `InternalError` instead of reaching Python as a `PanicException`.
pub fn guarded<T>(py: Python<'_>, work: impl FnOnce() -> PyResult<T>) -> PyResult<T> {
    match std::panic::catch_unwind(std::panic::AssertUnwindSafe(work)) {
        Ok(result) => result,
        Err(panic) => Err(panicked(py, panic)),
    }
}

/// The `InternalError` of a panic's payload.
pub fn panicked(py: Python<'_>, panic: Box<dyn std::any::Any + Send>) -> PyErr {
    let what = panic
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| panic.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "a panic".to_string());
    raise(
        py,
        Kind::Internal,
        format!("internal error: sudokit panicked: {what}"),
    )
}
