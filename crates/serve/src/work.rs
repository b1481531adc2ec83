//! Running a search: on a blocking thread, in one of a bounded number of
//! slots, under a deadline, and cancelled when the client goes away.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;

use axum::http::StatusCode;
use sudokit_core::{Budget, CancelToken};
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

use crate::Failure;

/// The search slots of a server, and the short queue before them.
#[derive(Clone)]
pub struct Slots {
    free: Arc<Semaphore>,
    waiting: Arc<AtomicUsize>,
    max_waiting: usize,
    max_wait: Duration,
}

impl Slots {
    /// `count` slots; up to `max_waiting` requests wait up to `max_wait`
    /// for one.
    pub fn new(count: usize, max_waiting: usize, max_wait: Duration) -> Slots {
        Slots {
            free: Arc::new(Semaphore::new(count.max(1))),
            waiting: Arc::new(AtomicUsize::new(0)),
            max_waiting,
            max_wait,
        }
    }

    /// A slot: at once when one is free, else after a short wait in the
    /// queue when there is room in it, else busy.
    async fn slot(&self) -> Result<OwnedSemaphorePermit, Failure> {
        if let Ok(slot) = Arc::clone(&self.free).try_acquire_owned() {
            return Ok(slot);
        }
        if self.waiting.fetch_add(1, Ordering::AcqRel) >= self.max_waiting {
            self.waiting.fetch_sub(1, Ordering::AcqRel);
            return Err(Failure::busy());
        }
        let waited =
            tokio::time::timeout(self.max_wait, Arc::clone(&self.free).acquire_owned()).await;
        self.waiting.fetch_sub(1, Ordering::AcqRel);
        match waited {
            Ok(Ok(slot)) => Ok(slot),
            _ => Err(Failure::busy()),
        }
    }

    /// Runs `search` with a budget whose cancel token fires if the request
    /// is dropped (the client went away, the server is stopping), or
    /// answers busy when no slot comes free soon enough. The slot is held until the
    /// search has ended, not merely until the client stopped waiting.
    pub async fn run<T, F>(&self, budget: Budget, search: F) -> Result<T, Failure>
    where
        T: Send + 'static,
        F: FnOnce(Budget) -> Result<T, Failure> + Send + 'static,
    {
        let slot = self.slot().await?;
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
