//! The facade's [`Reply`] as Python answers it: the work's record when it
//! concluded, a `LimitRecord` when a limit stopped it (a limit is a
//! status, as for `solve`), and `NoAnswer` when the puzzle has no solution
//! or several where the call needs one, or the attempts ran out.

use pyo3::prelude::*;
use sudokit_core::records::{LimitRecord, Source};
use sudokit_core::Reply;

use crate::errors::{raise, Kind};
use crate::record::Record;

/// The record of `reply`: `done`'s for its result, else as the module's
/// doc says; `source` names the puzzle in a `LimitRecord`.
pub fn answered<T>(
    py: Python<'_>,
    source: Source,
    reply: Reply<T>,
    done: impl FnOnce(T) -> PyResult<Record>,
) -> PyResult<Record> {
    match reply {
        Reply::Done(result) => done(result),
        Reply::Stopped(kind) => Record::of(
            py,
            &LimitRecord::new(source, kind),
            Some(format!("limit reached ({})", kind.name())),
        ),
        Reply::NoSolution(why) => Err(raise(py, Kind::NoAnswer, why)),
        Reply::NotUnique => Err(raise(py, Kind::NoAnswer, "more than one solution")),
        Reply::GaveUp(why) => Err(raise(py, Kind::NoAnswer, why)),
        _ => Err(raise(
            py,
            Kind::Internal,
            "internal error: an answer this module does not know",
        )),
    }
}
