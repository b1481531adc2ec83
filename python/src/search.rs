//! What every searching call shares: the [`Kit`] of an engine spec under
//! the caller's limits, and the search run off the caller's thread with a
//! cancel token (see `waiting.rs`), Ctrl-C raising `KeyboardInterrupt`
//! with the answer so far as its `partial`.

use std::time::Duration;

use pyo3::prelude::*;
use sudokit_core::{Budget, Error, Kit};

use crate::errors::{guarded, raise, to_py, Kind};
use crate::waiting;

/// The kit for `spec` under the limits given: `timeout` in seconds,
/// `nodes` search nodes.
pub fn kit(py: Python<'_>, spec: &str, timeout: Option<f64>, nodes: Option<u64>) -> PyResult<Kit> {
    let mut budget = Budget::none();
    if let Some(seconds) = timeout {
        let timeout = Duration::try_from_secs_f64(seconds).map_err(|_| {
            raise(
                py,
                Kind::Input,
                format!("timeout must be a number of seconds, at least 0: {seconds}"),
            )
        })?;
        budget = budget.timeout(timeout);
    }
    if let Some(nodes) = nodes {
        budget = budget.nodes(nodes);
    }
    guarded(py, || Kit::new(spec).map_err(|e| to_py(py, e))).map(|kit| kit.with_budget(budget))
}

/// What [`search`] gives back: the work's value, and the `KeyboardInterrupt`
/// that cancelled it, if one did.
pub struct Searched<T> {
    /// The value, complete or cut short by the cancel token.
    pub value: T,
    /// The interrupt to raise once the value is an answer ([`finish`]).
    pub interrupted: Option<PyErr>,
}

/// Runs `work` with `kit` and a fresh cancel token added to its budget, off
/// the caller's thread, the GIL released; a facade error is raised as the
/// module's exception.
pub fn search<T: Send>(
    py: Python<'_>,
    kit: &Kit,
    work: impl FnOnce(&Kit) -> Result<T, Error> + Send,
) -> PyResult<Searched<T>> {
    let waited = waiting::run(py, |token| {
        let kit = kit.with_budget(kit.budget().clone().cancel(token));
        work(&kit)
    })?;
    let value = waited.result.map_err(|e| to_py(py, e))?;
    Ok(Searched {
        value,
        interrupted: waited.interrupted,
    })
}

/// `record`, the answer made of a search's value; after Ctrl-C
/// (`interrupted`), the `KeyboardInterrupt` with the record as its
/// `partial` attribute.
pub fn finish<'py, R: IntoPyObject<'py>>(
    py: Python<'py>,
    interrupted: Option<PyErr>,
    answer: PyResult<R>,
) -> PyResult<R> {
    match interrupted {
        None => answer,
        Some(interrupt) => {
            if let Ok(answer) = answer {
                interrupt.value(py).setattr("partial", answer)?;
            }
            Err(interrupt)
        }
    }
}
