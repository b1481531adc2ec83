//! Every sudokit engine in one place: [`catalogue`], the list of engine
//! [`Descriptor`]s that `sudokit engines`, the
//! bench and the conformance suite read, and [`build`], which turns a spec
//! such as `cp:dom-wdeg:luby` into a ready [`Engine`](sudokit_model::Engine),
//! and [`export`], which writes a model in the file format of the engine a
//! spec names (`sat:encoding=minimal`: DIMACS), so that a front end reaches
//! an engine's encodings without depending on its crate.
//!
//! Adding an engine is one crate that exports a `DESCRIPTOR`, one line in
//! [`catalogue`] and one cargo feature here (ARCHITECTURE.md). An engine
//! whose feature is off stays in the catalogue as "not in this build", and
//! one whose solver is missing from this machine says so through its
//! run-time probe, with the one step that brings it. `auto` is a choice,
//! not an engine of its own: the [`AutoEngine`] sends plain boxed grids up
//! to 9×9 to `fast` and everything else to `cp`.
//!
//! Solving one puzzle, every grid judged by the verifier (the guide's
//! example, kept compiling here):
//!
//! ```
//! # fn main() -> Result<(), Box<dyn std::error::Error>> {
//! use sudokit_model::{Mode, Request};
//! use sudokit_puzzle::Puzzle;
//!
//! let puzzle = Puzzle::boxed(2, 2, vec![1, 0, 0, 0, 0, 0, 2, 0, 0, 3, 0, 0, 0, 0, 0, 4])?;
//! let engine = sudokit_engines::build("cp:first-fail")?;
//! let answer = sudokit_pipeline::solve(engine.as_ref(), &puzzle, &Request::new(Mode::CountUpTo(2)))?;
//! assert_eq!(answer.count, 1); // every grid in `answer.grids` passed the verifier
//! # Ok(())
//! # }
//! ```
#![deny(missing_docs)]

#[cfg(all(feature = "fast", feature = "cp"))]
mod auto;
mod catalogue;

#[cfg(all(feature = "fast", feature = "cp"))]
pub use auto::{big_grid_pick, AutoEngine, Pick};
pub use catalogue::{build, catalogue, export, find, parse_spec};
pub use sudokit_model::{Availability, Descriptor};
