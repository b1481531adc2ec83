//! The checks beyond counting: every mode, every declared limit, and
//! optimisation (done, or refused as declared).

use std::collections::HashSet;
use std::sync::{Arc, Mutex};

use sudokit_model::{
    BoxShape, CancelToken, Engine, EngineError, Expr, LimitKind, Limits, LinearTerm, Mode,
    Objective, Request, Sense, SolutionSink, Status, VarId,
};
use sudokit_pipeline::{judge, solve, SolveError};
use sudokit_puzzle::{Layout, Puzzle, PuzzleSpec};

use crate::{Case, Verdict};

/// `Mode::All` on a case with several solutions: exactly those, complete,
/// and each of them handed to a sink as it is found (none kept).
pub(crate) fn all_solutions(engine: &dyn Engine, case: &Case) -> Verdict {
    let streamed = Arc::new(Mutex::new(Vec::new()));
    let sink = {
        let streamed = Arc::clone(&streamed);
        SolutionSink::new(move |s| streamed.lock().unwrap().push(s.to_vec()))
    };
    let request = Request::new(Mode::All).streaming(sink);
    match solve(engine, &case.puzzle, &request) {
        Ok(a) if a.count == case.count && a.complete && a.status == Status::Solved => {
            let streamed = streamed.lock().unwrap();
            let distinct: HashSet<&Vec<i32>> = streamed.iter().collect();
            if a.grids.is_empty()
                && streamed.len() == distinct.len()
                && distinct.len() as u64 == a.count
            {
                Verdict::Passed
            } else {
                Verdict::Failed(format!(
                    "all solutions of {}: {} streamed ({} distinct), {} kept, for {} counted",
                    case.name,
                    streamed.len(),
                    distinct.len(),
                    a.grids.len(),
                    a.count
                ))
            }
        }
        Ok(a) => Verdict::Failed(format!(
            "all solutions of {}: {} {} (complete = {}), expected {} solved, complete",
            case.name,
            a.status.name(),
            a.count,
            a.complete,
            case.count
        )),
        Err(e) => refusal_or_failure(e),
    }
}

/// Optimisation on a case with several solutions: the best of its
/// solutions (enumerated and verified first) under a weighted sum of its
/// cells, proven optimal; or, for an engine that does not optimise, a
/// typed refusal.
pub(crate) fn optimisation(engine: &dyn Engine, case: &Case) -> Verdict {
    let weights: Vec<i64> = (0..case.puzzle.size() * case.puzzle.size())
        .map(|cell| (cell as i64 * 7) % 11 + 1)
        .collect();
    let value = |grid: &[u8]| -> i64 {
        grid.iter()
            .zip(&weights)
            .map(|(&d, &w)| i64::from(d) * w)
            .sum()
    };
    let mut model = case.puzzle.to_model();
    let objective = Objective {
        sense: Sense::Maximize,
        expr: Expr {
            linear: weights
                .iter()
                .enumerate()
                .map(|(cell, &coef)| LinearTerm {
                    var: VarId(cell as u32),
                    coef,
                })
                .collect(),
            ..Expr::default()
        },
    };
    model
        .set_objective(objective)
        .expect("the objective names the grid's cells");
    let request = Request::new(Mode::Optimize).keeping(1);
    let outcome = match engine.solve(&model, &request) {
        Err(EngineError::Unsupported { .. }) if !engine.capabilities().optimizes => {
            return Verdict::Passed;
        }
        Err(e) => return Verdict::Failed(format!("optimising {}: {e}", case.name)),
        Ok(outcome) => outcome,
    };
    if !engine.capabilities().optimizes {
        return Verdict::Failed("optimised although it declares it does not".into());
    }
    let claimed = outcome.objective;
    let answer = match judge(engine, &case.puzzle, &request, outcome, Default::default()) {
        Ok(answer) => answer,
        Err(e) => return Verdict::Failed(format!("optimising {}: {e}", case.name)),
    };
    let all = match solve(engine, &case.puzzle, &Request::new(Mode::All)) {
        Ok(all) => all,
        Err(e) => return Verdict::Failed(format!("all solutions of {}: {e}", case.name)),
    };
    let best = all.grids.iter().map(|g| value(g)).max();
    let found = answer.grids.last().map(|g| value(g));
    if answer.status == Status::Optimal && found == best && claimed == best {
        Verdict::Passed
    } else {
        Verdict::Failed(format!(
            "optimising {}: {} with objective {claimed:?} (its grid scores {found:?}), \
             the best of all {} solutions is {best:?}",
            case.name,
            answer.status.name(),
            all.count
        ))
    }
}

/// Every limit the engine declares it honours stops a count of a blank
/// 9x9 grid (which no engine finishes) with that limit as the status. A
/// search may meet no dead end there for a long while (matching-based
/// propagation rarely fails on a blank grid), so the fail budget is tried
/// under a short deadline too, and a search that stopped on the clock
/// without a single failure has not broken its promise.
pub(crate) fn limit(engine: &dyn Engine, kind: LimitKind) -> Verdict {
    let request = Request::new(Mode::All)
        .with_limits(limits_of(kind))
        .keeping(3);
    match solve(engine, &blank_9x9(), &request) {
        Ok(a) if a.status == Status::LimitReached(kind) && !a.complete => Verdict::Passed,
        Ok(a)
            if kind == LimitKind::Fails
                && a.status == Status::LimitReached(LimitKind::Time)
                && a.stats.fails == Some(0) =>
        {
            Verdict::Passed
        }
        Ok(a) => Verdict::Failed(format!(
            "the {} limit: {} after {} solutions, complete = {}",
            kind.name(),
            a.status.name(),
            a.count,
            a.complete
        )),
        Err(e) => refusal_or_failure(e),
    }
}

/// A limit the engine does not declare is refused, never ignored: the
/// same count under it (and a short deadline, should the engine ignore
/// it after all) ends in an `Unsupported` error.
pub(crate) fn undeclared_limit(engine: &dyn Engine, kind: LimitKind) -> Verdict {
    let limits = Limits {
        deadline: Some(std::time::Instant::now() + std::time::Duration::from_millis(100)),
        ..limits_of(kind)
    };
    let request = Request::new(Mode::All).with_limits(limits).keeping(3);
    match solve(engine, &blank_9x9(), &request) {
        Err(SolveError::Engine(EngineError::Unsupported { .. })) => Verdict::Passed,
        Ok(a) => Verdict::Failed(format!(
            "a {} limit it does not honour was taken: {} after {} solutions",
            kind.noun(),
            a.status.name(),
            a.count
        )),
        Err(e) => Verdict::Failed(e.to_string()),
    }
}

/// The limits that test `kind`.
fn limits_of(kind: LimitKind) -> Limits {
    match kind {
        LimitKind::Time => Limits::none().with_timeout(std::time::Duration::ZERO),
        LimitKind::Nodes => Limits::none().with_nodes(10),
        LimitKind::Fails => Limits::none()
            .with_fails(1)
            .with_timeout(std::time::Duration::from_millis(100)),
        LimitKind::Cancelled => {
            let token = CancelToken::new();
            token.cancel();
            Limits::none().with_cancel(token)
        }
    }
}

/// A blank 9x9 grid, which no engine counts to the end.
fn blank_9x9() -> Puzzle {
    let blank = PuzzleSpec::blank(9, Layout::Boxes(BoxShape { rows: 3, cols: 3 }));
    Puzzle::new(blank).expect("a blank grid is a puzzle")
}

fn refusal_or_failure(e: SolveError) -> Verdict {
    match e {
        SolveError::Engine(EngineError::Unsupported { what, .. }) => Verdict::Unsupported(what),
        e => Verdict::Failed(e.to_string()),
    }
}
