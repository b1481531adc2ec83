//! A search on a thread of its own, the caller's thread waiting with the
//! GIL released and waking every few milliseconds for Ctrl-C.
//!
//! Why a thread rather than a check inside the search: the engines honour
//! a cancel token but know nothing of Python, and Python runs its signal
//! handlers only on the main thread with the GIL held. So the search gets a
//! fresh token and runs on a scoped thread; the caller parks (GIL
//! released: other Python threads run meanwhile) and on each wake-up runs
//! the signal handlers (`Python::check_signals`). A handler that raises
//! (`KeyboardInterrupt`) cancels the token; the search stops at its next
//! check and its answer, what was done, comes back with the exception.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use pyo3::prelude::*;
use sudokit_core::CancelToken;

use crate::errors::panicked;

/// How long the caller sleeps between two looks at the signals.
const SLICE: Duration = Duration::from_millis(20);

/// What [`run`] gives back: the work's result, and the exception a signal
/// handler raised meanwhile, if one did (the work was cancelled then).
pub struct Waited<T> {
    /// The result of the work, complete or cut short by the cancel token.
    pub result: T,
    /// The exception to raise after the result is taken care of.
    pub interrupted: Option<PyErr>,
}

/// Runs `work` with a fresh cancel token on a thread of its own; see the
/// module's doc. A panic in `work` is an `InternalError`.
pub fn run<T: Send>(
    py: Python<'_>,
    work: impl FnOnce(CancelToken) -> T + Send,
) -> PyResult<Waited<T>> {
    run_watching(py, work, |_| Ok(()))
}

/// [`run`], calling `on_wake` (with the GIL) at each wake-up while the
/// work runs, and once when it is done: a batch's progress report. An
/// error from `on_wake` cancels the work as Ctrl-C does, and is raised.
pub fn run_watching<T: Send>(
    py: Python<'_>,
    work: impl FnOnce(CancelToken) -> T + Send,
    mut on_wake: impl FnMut(Python<'_>) -> PyResult<()>,
) -> PyResult<Waited<T>> {
    let token = CancelToken::new();
    let done = AtomicBool::new(false);
    let caller = std::thread::current();
    let outcome = std::thread::scope(|scope| {
        let worker_token = token.clone();
        let (done, caller) = (&done, caller.clone());
        let worker = scope.spawn(move || {
            let result =
                std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| work(worker_token)));
            done.store(true, Ordering::Release);
            caller.unpark();
            result
        });
        let mut interrupted = None;
        while !done.load(Ordering::Acquire) {
            py.detach(|| {
                if !done.load(Ordering::Acquire) {
                    std::thread::park_timeout(SLICE);
                }
            });
            if interrupted.is_none() && !done.load(Ordering::Acquire) {
                if let Err(e) = py.check_signals().and_then(|()| on_wake(py)) {
                    token.cancel();
                    interrupted = Some(e);
                }
            }
        }
        if interrupted.is_none() {
            interrupted = on_wake(py).err();
        }
        // The worker has its result: joining waits only for its exit.
        let joined = py.detach(|| worker.join());
        (joined, interrupted)
    });
    match outcome {
        (Ok(Ok(result)), interrupted) => Ok(Waited {
            result,
            interrupted,
        }),
        (Ok(Err(panic)) | Err(panic), _) => Err(panicked(py, panic)),
    }
}
