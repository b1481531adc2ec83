//! Sudoku-family puzzles: geometry, variant constraints and givens.
//!
//! A [`Puzzle`] is what a person means by "a Sudoku": an `n x n` grid whose
//! rows and columns hold each digit once, cut into boxes, irregular regions
//! (jigsaw) or nothing at all (latin square), plus optional variant
//! constraints — the two diagonals (Sudoku X), extra groups (windoku, zones)
//! and killer cages — and the givens.
//!
//! Validation happens once, in [`Puzzle::new`]: a `Puzzle` value is always
//! well-formed (regions partition the grid, cages are possible, digits are in
//! range), so engines and printers never re-check. Givens and pencil marks
//! that contradict the rest are the one exception: such a puzzle is
//! well-formed but has no solution, which is an answer, so
//! [`Puzzle::check_givens`] reports them separately for parsers that want to
//! refuse them as bad input and for front ends that give the reason.
//!
//! [`Puzzle::to_model`] lowers a puzzle to the [`sudokit_model::Model`] that
//! every engine reads.
#![deny(missing_docs)]

mod cell;
mod error;
mod givens;
mod group;
mod lower;
mod puzzle;

pub use cell::{cell_name, digit_char, Cell};
pub use error::PuzzleError;
pub use group::{Group, GroupKind};
pub use puzzle::{Cage, Layout, Puzzle, PuzzleSpec, MAX_SIZE, WORD_MAX_SIZE};
