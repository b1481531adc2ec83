//! The model every sudokit engine reads, and the contract every engine keeps.
//!
//! A [`Model`] is a deliberately small constraint-satisfaction IR: integer
//! variables with finite domains, a handful of constraint kinds
//! ([`Constraint`]) and an optional [`Objective`]. Puzzles are lowered to it by
//! `sudokit-puzzle`; problems that are not grids (N-Queens, graph colouring,
//! latin squares with weights) are built here directly. Keeping the IR small is
//! the point: every engine (bitset, CP, SAT, SMT, Choco) must either handle a
//! constraint kind natively or refuse it with [`EngineError::Unsupported`] —
//! never answer wrongly.
//!
//! The [`Engine`] trait is the whole contract: a [`Request`] (mode and
//! [`Limits`]) goes in, an [`Outcome`] (status, solutions, [`Stats`]) comes out.
//! Engines never grade themselves: callers check every answer with
//! `sudokit-verify`.
#![deny(missing_docs)]

mod constraint;
mod engine;
mod grid;
mod limits;
mod model;
mod objective;
mod outcome;

pub use constraint::{Cmp, Constraint, ConstraintKind, LinearTerm};
pub use engine::{Engine, EngineError, Mode, Request};
pub use grid::{BoxShape, ClassicGrid, GridInfo};
pub use limits::{
    parse_duration, CancelToken, DurationError, DurationErrorKind, LimitKind, Limits, StopCheck,
};
pub use model::{Assignment, Domain, Model, ModelError, Var, VarId};
pub use objective::{Expr, Objective, Sense, ValueWeights};
pub use outcome::{Outcome, PartialState, Stats, Status};
