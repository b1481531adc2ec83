//! Human-style solving: the techniques a person uses with pencil marks,
//! step by step, for every geometry and variant sudokit reads.
//!
//! A [`Board`] is the grid with its pencil marks. Each technique (one file
//! under `techniques/`, with a doc comment written for a student) looks at
//! the board and returns a [`Step`]: the pattern in words, what it places
//! and what it rules out. [`explain`] applies, at each point, the easiest
//! technique that applies, as Sudoku Explainer does, until the grid is full
//! or logic runs out; [`Grade`] turns the hardest step into a rating on
//! SE's scale and a named [`Level`].
//!
//! Techniques read the puzzle's groups, never its shape: a hidden single
//! needs a *house* (a group of n cells, where every digit must appear), a
//! naked pair only needs "no repeats", so both work on jigsaw regions,
//! diagonals, extra groups and cages the same way as on rows and boxes
//! ([`Geometry`] says which group is which).
//!
//! ```
//! use sudokit_explain::{explain, ExplainOptions, Grade, Level, Outcome};
//! use sudokit_puzzle::Puzzle;
//!
//! let line = "003020600900305001001806400008102900700000008006708200002609500800203009005010300";
//! let givens = line.bytes().map(|b| b - b'0').collect();
//! let puzzle = Puzzle::boxed(3, 3, givens).unwrap();
//! let explanation = explain(&puzzle, &ExplainOptions::default());
//! assert_eq!(explanation.outcome, Outcome::Solved);
//! println!("{}", explanation.steps[0]); // "Hidden single: 4 can only go in ..."
//! assert_eq!(Grade::of(&explanation).level, Level::Easy);
//! ```
#![deny(missing_docs)]

mod board;
mod explain;
mod geometry;
mod grade;
mod marks;
mod step;
mod technique;
pub mod techniques;

#[cfg(test)]
mod testing;

pub use board::{digits, Board};
pub use explain::{explain, explain_each, next_step, ExplainOptions, Explanation, Outcome};
pub use geometry::Geometry;
pub use grade::{Grade, Level};
pub use step::Step;
pub use technique::{Rating, Technique};
