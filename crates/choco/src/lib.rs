//! The real Choco-solver as a sudokit engine: the industrial Java CP
//! solver the course calls from Python, called here from Rust through its
//! native C API.
//!
//! Choco ships as `libchoco_capi`, a GraalVM native image inside the PyPI
//! wheel `pychoco` (`pip install pychoco==0.4.0`). Nothing is linked: the
//! library is found at run time ([`locate`]: `SUDOKIT_CHOCO_LIB`, else the
//! `pychoco` of the `python3` on `PATH`, else the usual install places)
//! and loaded through `choco-solver-sys`, the Choco team's raw bindings,
//! under a thin safe layer of our own (`ffi`: one isolate per process, one
//! attachment per thread, every handle destroyed after its solve). Without
//! the library sudokit builds and runs, and `sudokit engines` says how to
//! get it.
//!
//! **Model.** One `IntVar` per variable, `allDifferent` per group
//! (`consistency=ac|bc|default`), `scalar` for cage sums and every linear
//! constraint, `arithm` for `x ≠ y + c`, an objective tied to the model by
//! `element` tables; so X, jigsaw, killer, N-Queens, colouring and the
//! weighted latin square all run.
//!
//! **Search** is Choco's own, chosen with the `cp` engine's option names
//! where they mean the same ([`ChocoConfig`]): Choco's default, input
//! order, first-fail (min or max value), dom/wdeg, conflict-history,
//! activity-based, random; Luby or geometric restarts with nogoods from
//! restarts. Counting calls `Solver.solve()` once per solution;
//! optimisation sets the objective and calls it until no better solution
//! is left.
//!
//! **Limits**: the deadline and the node and fail budgets are Choco stop
//! criteria, read at every node; a cancel token is watched by a thread
//! that adds a stop criterion to the running search.
//!
//! **Counters**: nodes are decisions, as in `cp`: Choco's node count less
//! the solutions found (Choco opens a node for each solution too).
#![deny(missing_docs)]

mod config;
mod engine;
mod ffi;
pub mod locate;
mod search;
mod translate;

pub use config::{ChocoConfig, ChocoRestarts, ChocoVar, Consistency, OPTIONS};
pub use engine::{ChocoEngine, DESCRIPTOR};
pub use locate::ChocoLibrary;

/// The Choco library this process uses, loaded (and its isolate started)
/// on first use; `Err` says what was tried and how to get it.
pub fn library() -> Result<&'static ChocoLibrary, &'static str> {
    ffi::choco().map(|choco| &choco.library)
}
