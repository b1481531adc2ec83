//! Prepared solvers shared by a batch's workers.

use std::sync::Mutex;

use crate::Solver;

/// A prepared [`Solver`] lent from a batch's stock to one worker for one
/// run of work, and put back when the lease is dropped. Rayon calls
/// `map_init`'s init once per split of the work, not once per thread: taking
/// from a stock keeps the solvers made (and the engines prepared, or warmed
/// up) to one per worker.
pub struct Lease<'s, 'e> {
    solver: Option<Solver<'e>>,
    stock: &'s Mutex<Vec<Solver<'e>>>,
}

impl<'s, 'e> Lease<'s, 'e> {
    /// A solver from `stock`, or a new one from `make` when none is there.
    pub fn take(stock: &'s Mutex<Vec<Solver<'e>>>, make: impl FnOnce() -> Solver<'e>) -> Self {
        let kept = stock.lock().ok().and_then(|mut s| s.pop());
        Lease {
            solver: Some(kept.unwrap_or_else(make)),
            stock,
        }
    }

    /// The solver lent.
    pub fn solver(&mut self) -> &mut Solver<'e> {
        self.solver
            .as_mut()
            .expect("a lease holds its solver until dropped")
    }
}

impl Drop for Lease<'_, '_> {
    fn drop(&mut self) {
        if let (Some(solver), Ok(mut stock)) = (self.solver.take(), self.stock.lock()) {
            stock.push(solver);
        }
    }
}
