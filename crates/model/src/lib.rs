//! The model every sudokit engine reads, and the contract every engine keeps.
//!
//! A [`Model`] is a deliberately small constraint-satisfaction IR: integer
//! variables with finite domains, a handful of constraint kinds
//! ([`Constraint`]) and an optional [`Objective`]. Puzzles are lowered to it by
//! `sudokit-puzzle`; problems that are not grids (N-Queens, graph colouring,
//! latin squares with weights) are built as models directly, by
//! `sudokit-problems`. Keeping the IR small is
//! the point: every engine (bitset, CP, SAT, SMT, Choco) must either handle a
//! constraint kind natively or refuse it with [`EngineError::Unsupported`] —
//! never answer wrongly.
//!
//! The [`Engine`] trait is the whole contract: a [`Request`] (mode and
//! [`Limits`]) goes in, an [`Outcome`] (status, solutions, [`Stats`]) comes out;
//! [`Capabilities`] say what the engine handles, and [`Engine::prepare`] is
//! the opt-in "prepare a grid once, solve many puzzles" path of batches.
//! What a search does with each solution it finds (count it, keep it or
//! stream it, stop at the cap, keep the best of an optimisation) is written
//! once, in the [`Collector`] every engine builds its [`Outcome`] with.
//! Each engine crate exports a [`Descriptor`] (name, options, a run-time
//! availability probe, a builder, what conformance expects of it), which is
//! all the catalogue needs. Engines never grade themselves: the pipeline
//! (`sudokit-pipeline`) checks every answer with `sudokit-verify`.
#![deny(missing_docs)]

mod capabilities;
mod collector;
mod constraint;
mod descriptor;
mod engine;
mod grid;
mod limits;
mod model;
mod objective;
mod outcome;
mod prepared;
mod sink;

pub use capabilities::Capabilities;
pub use collector::Collector;
pub use constraint::{Cmp, Constraint, ConstraintKind, LinearTerm};
pub use descriptor::{Availability, Build, Conformance, Descriptor, Export};
pub use engine::{Engine, EngineError, Mode, Request};
pub use grid::{BoxShape, ClassicGrid, GridInfo};
pub use limits::{
    parse_duration, CancelToken, DurationError, DurationErrorKind, LimitKind, Limits, StopCheck,
};
pub use model::{check_candidate_count, Assignment, Domain, Model, ModelError, Var, VarId};
pub use objective::{Expr, Objective, Sense, ValueWeights};
pub use outcome::{Outcome, PartialState, SearchEnd, Stats, Status};
pub use prepared::{ModelCopy, Prepared};
pub use sink::SolutionSink;
