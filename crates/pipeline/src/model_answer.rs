//! Models that are not puzzles (N-Queens, colouring, a weighted latin
//! square) take the same path as puzzles: the engine runs, its outcome is
//! judged constraint by constraint, and only then is it an answer.

use std::time::{Duration, Instant};

use sudokit_model::{Engine, Model, Outcome, Request};

use crate::{judge_model, SolveError};

/// An engine's outcome for a model that is not a puzzle, after
/// [`judge_model`] accepted it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ModelAnswer {
    /// The judged outcome: every solution satisfies every constraint, the
    /// objective is the best solution's value, the status agrees with the
    /// counts.
    pub outcome: Outcome,
    /// Wall time of the engine's call alone (no judging).
    pub time: Duration,
}

/// Solves `model` with `engine` as `request` asks and judges the outcome
/// ([`judge_model`]): an engine that breaks its contract gets
/// [`SolveError::Wrong`], a refusal [`SolveError::Engine`].
pub fn solve_model(
    engine: &dyn Engine,
    model: &Model,
    request: &Request,
) -> Result<ModelAnswer, SolveError> {
    let start = Instant::now();
    let outcome = engine.solve(model, request)?;
    let time = start.elapsed();
    judge_model(engine, model, request, &outcome)?;
    Ok(ModelAnswer { outcome, time })
}
