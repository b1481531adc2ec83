//! The independent checker: no engine grades itself.
//!
//! [`check_grid`] judges a filled grid against a [`Puzzle`](sudokit_puzzle::Puzzle) and lists every
//! [`Conflict`] — the course's `NbErrors`, but with the reasons. It rebuilds
//! rows, columns, boxes, regions and diagonals from the puzzle's geometry on
//! its own instead of reading the lowered model or [`Puzzle::groups`](sudokit_puzzle::Puzzle::groups), so a
//! bug in the lowering that every engine shares cannot hide here.
//!
//! [`check_assignment`] does the same for models that are not grids
//! (N-Queens, colouring), constraint by constraint.
#![deny(missing_docs)]

mod assignment;
mod grid;

pub use assignment::{check_assignment, Violation};
pub use grid::{check_grid, Conflict, Report};
