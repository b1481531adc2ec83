//! Running a search: on a blocking thread, in one of a bounded number of
//! slots, under a deadline, and cancelled when the client goes away.

use std::sync::Arc;

use axum::http::StatusCode;
use sudokit_core::{Budget, CancelToken};
use tokio::sync::Semaphore;

use crate::Failure;

/// The search slots of a server.
#[derive(Clone)]
pub struct Slots {
    free: Arc<Semaphore>,
}

impl Slots {
    /// `count` slots.
    pub fn new(count: usize) -> Slots {
        Slots {
            free: Arc::new(Semaphore::new(count.max(1))),
        }
    }

    /// Runs `search` with a budget whose cancel token fires if the request
    /// is dropped (the client went away, the server is stopping), or
    /// answers busy when every slot is taken. The slot is held until the
    /// search has ended, not merely until the client stopped waiting.
    pub async fn run<T, F>(&self, budget: Budget, search: F) -> Result<T, Failure>
    where
        T: Send + 'static,
        F: FnOnce(Budget) -> Result<T, Failure> + Send + 'static,
    {
        let slot = Arc::clone(&self.free)
            .try_acquire_owned()
            .map_err(|_| Failure::busy())?;
        let token = CancelToken::new();
        let _cancel_when_dropped = CancelOnDrop(token.clone());
        let budget = budget.cancel(token);
        let task = tokio::task::spawn_blocking(move || {
            let _slot = slot;
            search(budget)
        });
        match task.await {
            Ok(result) => result,
            Err(e) => Err(Failure::new(
                StatusCode::INTERNAL_SERVER_ERROR,
                format!("internal error: the search failed: {e}"),
            )),
        }
    }
}

/// Cancels its token when dropped: when the future awaiting a search is
/// dropped before the search ends, the search stops.
struct CancelOnDrop(CancelToken);

impl Drop for CancelOnDrop {
    fn drop(&mut self) {
        self.0.cancel();
    }
}
