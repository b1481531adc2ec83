//! The one path from a puzzle to a verified answer, shared by the command
//! line, the bench and the conformance suite, so that what users run is
//! what is benchmarked and tested.
//!
//! [`solve`] lowers one puzzle to its [`Model`](sudokit_model::Model), runs
//! the engine and judges the outcome; a [`Solver`] does the same for a
//! batch, preparing the engine once per puzzle shape
//! ([`Engine::prepare`](sudokit_model::Engine::prepare)) and handing it only
//! each puzzle's cells after that. Either way every returned grid is checked
//! by `sudokit-verify`, and the outcome's status, count and completeness
//! must agree with each other and with the grids ([`judge`]): an engine
//! that breaks its contract gets [`SolveError::Wrong`], never a printed answer.
//! Answers for one puzzle from several engines are checked against each
//! other ([`cross_check`]): verified grids disprove a count that misses
//! them. Models that are not puzzles are solved with [`solve_model`] and judged
//! constraint by constraint ([`judge_model`]).
//!
//! A [`Batch`] is the one loop over many items for every front end: it
//! works through them a chunk at a time on its workers, each worker with
//! one state for the whole batch (a [`Solver`], or whatever the work
//! needs), and hands each chunk's results on in input order; a cancel
//! token and an error stop it with every result before them handed on.
#![deny(missing_docs)]

mod answer;
mod batch;
mod cross_check;
mod judge;
mod model_answer;
mod solver;
mod stream;

pub use answer::Answer;
pub use batch::{Batch, Ended, OnError, DEFAULT_CHUNK};
pub use cross_check::{cross_check, Disproved};
pub use judge::{judge, judge_model, SolveError};
pub use model_answer::{solve_model, ModelAnswer};
pub use solver::{solve, Loaded, Solver};
