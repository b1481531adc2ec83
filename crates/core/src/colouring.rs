//! Graph colouring on a whole graph: bounds first, search last. A
//! [`ColouringPlan`] colours isolated vertices, bipartite components and
//! components whose clique meets their DSatur colouring without search;
//! the engine sees only the components left open, under the same
//! budget, and its answer is merged back and checked on the whole graph.

use sudokit_model::{Engine, Limits, Mode, Outcome, Request, SearchEnd};
use sudokit_pipeline::judge_model;
use sudokit_problems::{chromatic_model_within, colouring, ColouringPlan, Graph};
use sudokit_verify::check_assignment;

use crate::Error;

/// A colouring with at most `colours` colours (or the proof there is
/// none), or with `None` the chromatic number, as one [`Outcome`] whose
/// solution gives every vertex its colour (from 1, in vertex order).
pub(crate) fn colour_graph(
    graph: &Graph,
    colours: Option<usize>,
    engine: &dyn Engine,
    limits: Limits,
) -> Result<Outcome, Error> {
    let mode = match colours {
        Some(_) => Mode::First,
        None => Mode::Optimize,
    };
    // A vertex joined to itself can have no colour.
    let Some(plan) = ColouringPlan::new(graph, limits.deadline) else {
        return Ok(Outcome::finished(SearchEnd::Exhausted, mode, 0, Vec::new()));
    };
    let decided = |colouring: Vec<i32>| {
        answer(
            graph,
            mode,
            Outcome::finished(SearchEnd::Exhausted, mode, 1, vec![colouring]),
        )
    };
    let (open, model) = match colours {
        Some(k) if k >= plan.upper => return decided(plan.colours),
        Some(k) if k < plan.lower => {
            return Ok(Outcome::finished(SearchEnd::Exhausted, mode, 0, Vec::new()))
        }
        None if plan.is_exact() => return decided(plan.colours),
        Some(k) => {
            let open = plan.open_vertices(k);
            let model = colouring(&graph.induced(&open), k);
            (open, model)
        }
        None => {
            let open = plan.open_vertices(plan.lower);
            let model = chromatic_model_within(&graph.induced(&open), plan.lower, plan.upper);
            (open, model)
        }
    };
    let request = Request::new(mode).with_limits(limits).keeping(1);
    let mut outcome = engine.solve(&model, &request)?;
    judge_model(engine, &model, &request, &outcome)?;
    outcome.solutions = match outcome.solutions.last() {
        Some(found) => vec![plan.merged(&open, found)],
        // Stopped before the search found anything: the plan's colouring
        // is still the best known.
        None if mode == Mode::Optimize && outcome.count == 0 && !outcome.complete => {
            outcome.count = 1;
            vec![plan.colours]
        }
        None => Vec::new(),
    };
    answer(graph, mode, outcome)
}

/// `outcome` with its objective set to the colours its colouring uses,
/// once that colouring has been checked edge by edge on the whole graph.
fn answer(graph: &Graph, mode: Mode, mut outcome: Outcome) -> Result<Outcome, Error> {
    if let Some(colouring_found) = outcome.solutions.last() {
        let used = colouring_found.iter().copied().max().unwrap_or(0);
        check_assignment(&colouring(graph, used as usize), colouring_found)
            .map_err(|v| Error::Internal(format!("the merged colouring is not proper: {v}")))?;
        if mode == Mode::Optimize {
            outcome.objective = Some(i64::from(used));
        }
    }
    Ok(outcome)
}
