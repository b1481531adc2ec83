use std::fmt;
use std::sync::Arc;

/// Where solutions go as an engine finds them, instead of into
/// [`Outcome::solutions`](crate::Outcome::solutions): a listing of every
/// solution of an empty grid is millions of them, which must reach the
/// reader as they come and not pile up in memory until the search ends.
/// Cheap to clone.
#[derive(Clone)]
pub struct SolutionSink(Arc<Take>);

/// What a sink does with a solution.
type Take = dyn Fn(&[i32]) + Send + Sync;

impl SolutionSink {
    /// A sink that calls `take` with each solution found (the values of
    /// every variable, in model order).
    pub fn new(take: impl Fn(&[i32]) + Send + Sync + 'static) -> Self {
        SolutionSink(Arc::new(take))
    }

    /// Hands one solution on.
    pub fn take(&self, solution: &[i32]) {
        (self.0)(solution)
    }
}

impl fmt::Debug for SolutionSink {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("SolutionSink")
    }
}
