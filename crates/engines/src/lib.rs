//! Every sudokit engine in one place: [`catalogue`], the list of engine
//! [`Descriptor`]s that `sudokit engines`, the
//! bench and the conformance suite read, and [`build`], which turns a spec
//! such as `cp:dom-wdeg:luby` into a ready [`Engine`](sudokit_model::Engine).
//!
//! Adding an engine is one crate that exports a `DESCRIPTOR`, one line in
//! [`catalogue`] and one cargo feature here (ARCHITECTURE.md). An engine
//! whose feature is off stays in the catalogue as "not in this build", and
//! one whose solver is missing from this machine says so through its
//! run-time probe, with the one step that brings it. `auto` is a choice,
//! not an engine of its own: the [`AutoEngine`] sends plain boxed grids up
//! to 9×9 to `fast` and everything else to `cp`.
#![deny(missing_docs)]

#[cfg(all(feature = "fast", feature = "cp"))]
mod auto;
mod catalogue;

#[cfg(all(feature = "fast", feature = "cp"))]
pub use auto::AutoEngine;
pub use catalogue::{build, catalogue, find, parse_spec};
pub use sudokit_model::{Availability, Descriptor};
