//! Sudoku as propositional logic: the course's SAT notebook as an encoder
//! any SAT solver can read.
//!
//! **The direct encoding.** Every model variable `x` and every value `v` of
//! its domain get one Boolean `p(x, v)`, "x takes v", numbered from 1 in
//! model order, values ascending (so cell r1c1's digits come first). Then:
//!
//! - every variable takes a value: `p(x, v1) ∨ p(x, v2) ∨ …` (at least one);
//! - an all-different group holds each value at most once: at most one of
//!   `p(x, v)` over the group's variables, for every value `v`;
//! - `x ≠ y + c`: `¬p(x, v) ∨ ¬p(y, v - c)` for every `v`;
//! - a fixed domain (a given) is a unit clause.
//!
//! [`Encoding::Minimal`] is exactly that, the course's reduction. It says
//! nothing against a cell taking two values, and needs not: when a variable
//! lies in an all-different group of `k` variables whose domains together
//! hold only `k` values (a row, column or box of a grid: 9 cells, digits
//! 1–9), the group's `k` variables take at least `k` true literals and each
//! of the `k` values is true at most once, so each variable has exactly one.
//! A variable in no such *full* group (a cell of a partial group, a model
//! that is not a grid) would be under-constrained, so the encoder adds its
//! own at-most-one there: the minimal encoding never admits a model that
//! decodes to two values.
//!
//! [`Encoding::Extended`] (a.k.a. complete) states both directions
//! everywhere: exactly one value per variable, and in every full group each
//! value at least once. The extra clauses are redundant for correctness and
//! are what lets unit propagation do the work of hidden singles.
//!
//! At-most-one constraints are [`AtMostOne::Pairwise`] (`k(k-1)/2` binary
//! clauses) or [`AtMostOne::Sequential`] (Sinz's sequential counter: `k - 1`
//! auxiliary variables, `3k - 4` clauses), for big grids.
//!
//! Sizes, for an empty `n x n` Sudoku (`3n` groups of `n` cells), pairwise:
//! `n³` variables; minimal `n² + 3n·n·n(n-1)/2` clauses (9×9: 729 variables,
//! 8 829 clauses); extended adds `n²·n(n-1)/2` cell at-most-ones and `3n·n`
//! group at-least-ones (9×9: 11 988 clauses).
//!
//! **Linear constraints** are pseudo-Boolean over the direct literals:
//! `coef * x` is the sum of `coef * v * p(x, v)`, exact because every
//! variable takes exactly one value; rustsat's encodings turn them into
//! clauses (a totalizer for small sums). A killer cage (an all-different
//! sum) is encoded by default by the digit sets that reach its sum instead
//! ([`Cages::Combinations`], `cages.rs`). Objectives are no part
//! of a CNF: [`encode`] refuses them, and the engine minimises by adding an
//! upper bound after each model (a generalized totalizer, [`SatEngine`]).
//!
//! **The engine** ([`SatEngine`], `--engine sat`) hands the clauses to
//! CaDiCaL or BatSat ([`SolverKind`]); see `search.rs` for counting by
//! blocking clauses and `engine.rs` for the prepared grid whose givens are
//! assumptions.
#![deny(missing_docs)]
// Built for the encoder alone (DIMACS export), the engine has no solver to
// drive and its search goes unused.
#![cfg_attr(not(any(feature = "cadical", feature = "batsat")), allow(dead_code))]

mod backend;
#[cfg(feature = "batsat")]
mod batsat;
#[cfg(feature = "cadical")]
mod cadical;
mod cages;
mod cnf;
mod encode;
mod engine;
mod export;
mod linear;
mod search;
mod staged;
#[cfg(feature = "batsat")]
mod through_rustsat;

pub use backend::SolverKind;
pub use cnf::{Cnf, Lit};
pub use encode::{encode, AtMostOne, Cages, Encoded, Encoding, Options, Unencodable};
pub use engine::{SatEngine, DESCRIPTOR};
