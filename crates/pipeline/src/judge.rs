use std::collections::HashSet;
use std::time::Duration;

use sudokit_model::{Engine, EngineError, Model, Outcome, Request, Status};
use sudokit_puzzle::{Puzzle, PuzzleError};
use sudokit_verify::{check_assignment, check_grid};

use crate::Answer;

/// Why a puzzle got no answer.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SolveError {
    /// The engine refused or failed (unsupported puzzle, bad option ...).
    #[error(transparent)]
    Engine(#[from] EngineError),
    /// The engine answered, and the answer is wrong: a grid the verifier
    /// rejects, a repeated grid, or a status its own counts contradict.
    #[error("{engine} gave a wrong answer: {why}")]
    Wrong {
        /// The engine's name.
        engine: String,
        /// What is wrong.
        why: String,
    },
}

/// Judges an engine's `outcome` for `puzzle` under `request`: every grid
/// must pass the verifier and appear once, and the status must agree with
/// the count, the grids and the completeness. `time` is the engine's call.
/// After "no solution" the answer says why when the givens show it at a
/// glance ([`Answer::clash`]).
pub fn judge(
    engine: &dyn Engine,
    puzzle: &Puzzle,
    request: &Request,
    outcome: Outcome,
    time: Duration,
) -> Result<Answer, SolveError> {
    let mut answer = judged(engine, puzzle, request, outcome, time)?;
    answer.clash = clash(puzzle, answer.status);
    Ok(answer)
}

/// Why `puzzle` has no solution when its givens show it at a glance, looked
/// for only after "no solution", so solved puzzles pay nothing.
pub(crate) fn clash(puzzle: &Puzzle, status: Status) -> Option<PuzzleError> {
    match status {
        Status::Unsatisfiable => puzzle.check_givens().err(),
        _ => None,
    }
}

/// [`judge`] without looking for a clash.
pub(crate) fn judged(
    engine: &dyn Engine,
    puzzle: &Puzzle,
    request: &Request,
    outcome: Outcome,
    time: Duration,
) -> Result<Answer, SolveError> {
    let wrong = |why: String| SolveError::Wrong {
        engine: engine.name(),
        why,
    };
    let cells = puzzle.size() * puzzle.size();
    let mut grids: Vec<Vec<u8>> = Vec::with_capacity(outcome.solutions.len());
    for (i, solution) in outcome.solutions.iter().enumerate() {
        if solution.len() < cells {
            return Err(wrong(format!(
                "solution {} has {} values for {cells} cells",
                i + 1,
                solution.len()
            )));
        }
        // A value that is no digit becomes 0, which the verifier rejects.
        let grid: Vec<u8> = solution[..cells]
            .iter()
            .map(|&v| u8::try_from(v).unwrap_or(0))
            .collect();
        let report = check_grid(puzzle, &grid);
        if !report.is_valid() {
            let text = report.to_string();
            return Err(wrong(format!(
                "solution {} breaks the puzzle ({} error(s)), first: {}",
                i + 1,
                report.errors(),
                text.split("; ").next().unwrap_or("invalid grid")
            )));
        }
        grids.push(grid);
    }
    if grids.len() > 1 {
        let mut seen = HashSet::with_capacity(grids.len());
        if let Some(i) = grids.iter().position(|g| !seen.insert(g)) {
            return Err(wrong(format!("solution {} repeats an earlier one", i + 1)));
        }
    }
    if let Some(why) = contradiction(&outcome, request, grids.len()) {
        return Err(wrong(why));
    }
    Ok(Answer {
        status: outcome.status,
        count: outcome.count,
        complete: outcome.complete,
        grids,
        objective: outcome.objective,
        partial: outcome.partial,
        stats: outcome.stats,
        delegate: outcome.delegate,
        time,
        clash: None,
    })
}

/// Judges an engine's `outcome` for a model that is not a puzzle (N-Queens,
/// colouring, a weighted latin square): every solution must satisfy every
/// constraint, the reported objective must be the best solution's value,
/// and the status must agree with the counts, as in [`judge`].
pub fn judge_model(
    engine: &dyn Engine,
    model: &Model,
    request: &Request,
    outcome: &Outcome,
) -> Result<(), SolveError> {
    let wrong = |why: String| SolveError::Wrong {
        engine: engine.name(),
        why,
    };
    for (i, solution) in outcome.solutions.iter().enumerate() {
        check_assignment(model, solution).map_err(|v| wrong(format!("solution {}: {v}", i + 1)))?;
    }
    if let (Some(objective), Some(best)) = (model.objective(), outcome.solutions.last()) {
        let value = objective.expr.evaluate(best);
        if outcome.objective != Some(value) {
            return Err(wrong(format!(
                "reported objective {:?} for a solution worth {value}",
                outcome.objective
            )));
        }
    }
    match contradiction(outcome, request, outcome.solutions.len()) {
        Some(why) => Err(wrong(why)),
        None => Ok(()),
    }
}

/// What in the outcome contradicts itself or the request, if anything.
fn contradiction(outcome: &Outcome, request: &Request, grids: usize) -> Option<String> {
    let Outcome {
        status,
        count,
        complete,
        ..
    } = *outcome;
    let expected_grids = usize::try_from(count)
        .unwrap_or(usize::MAX)
        .min(request.keep);
    let found = matches!(status, Status::Solved | Status::Optimal);
    if found && count == 0 {
        Some(format!("reported {} with no solution", status.name()))
    } else if status == Status::Unsatisfiable && (count > 0 || !complete) {
        Some(format!(
            "reported unsatisfiable after {count} solution(s), complete = {complete}"
        ))
    } else if matches!(status, Status::LimitReached(_)) && complete {
        Some("reported a limit and a complete search".into())
    } else if status == Status::Optimal && !complete {
        Some("reported optimal without a complete search".into())
    } else if request.mode.cap().is_some_and(|cap| count > cap) {
        Some(format!("counted {count}, past the cap of the request"))
    } else if grids != expected_grids {
        Some(format!(
            "returned {grids} grid(s) for {count} solution(s) counted, keeping {}",
            request.keep
        ))
    } else {
        None
    }
}
