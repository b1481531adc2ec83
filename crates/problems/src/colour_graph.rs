//! A whole graph coloured with bounds first and search last: a
//! [`ColouringPlan`] colours isolated vertices, bipartite components and
//! components whose clique meets their DSatur colouring without search;
//! the search is asked only about the components left open, and its
//! colouring is merged back and checked on the whole graph.

use std::time::Instant;

use sudokit_model::{Mode, Model, Outcome, SearchEnd};
use sudokit_verify::{check_assignment, Violation};

use crate::{chromatic_model_within, colouring, ColouringPlan, Graph};

/// Why a graph got no colouring.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum ColourError<E> {
    /// The search failed (refused, stopped wrongly, answered wrongly).
    #[error(transparent)]
    Search(E),
    /// The search's colouring, merged with the plan's, is not proper: a
    /// fault in the merge, caught before it is printed.
    #[error("the merged colouring is not proper: {0}")]
    NotProper(Violation),
}

/// A colouring of `graph` with at most `colours` colours (or the proof
/// there is none), or with `None` the chromatic number, as one [`Outcome`]
/// whose solution gives every vertex its colour (from 1, in vertex order)
/// and, when minimising, whose objective is the colours it uses.
///
/// `search` runs an engine on the model of the components the bounds
/// leave open, in the given mode (the caller judges its outcome, keeps
/// one solution, and applies its limits); it is not called when the
/// bounds decide. Bounding stops looking for cliques at `deadline`.
pub fn colour_graph<E>(
    graph: &Graph,
    colours: Option<usize>,
    deadline: Option<Instant>,
    search: impl FnOnce(&Model, Mode) -> Result<Outcome, E>,
) -> Result<Outcome, ColourError<E>> {
    let mode = match colours {
        Some(_) => Mode::First,
        None => Mode::Optimize,
    };
    let impossible = || Ok(Outcome::finished(SearchEnd::Exhausted, mode, 0, Vec::new()));
    // A vertex joined to itself can have no colour.
    let Some(plan) = ColouringPlan::new(graph, deadline) else {
        return impossible();
    };
    let decided = |colouring: Vec<i32>| {
        checked(
            graph,
            mode,
            Outcome::finished(SearchEnd::Exhausted, mode, 1, vec![colouring]),
        )
    };
    let (open, model) = match colours {
        Some(k) if k >= plan.upper => return decided(plan.colours),
        Some(k) if k < plan.lower => return impossible(),
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
    let mut outcome = search(&model, mode).map_err(ColourError::Search)?;
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
    checked(graph, mode, outcome)
}

/// `outcome` with its objective set to the colours its colouring uses,
/// once that colouring has been checked edge by edge on the whole graph.
fn checked<E>(graph: &Graph, mode: Mode, mut outcome: Outcome) -> Result<Outcome, ColourError<E>> {
    if let Some(colouring_found) = outcome.solutions.last() {
        let used = colouring_found.iter().copied().max().unwrap_or(0);
        check_assignment(&colouring(graph, used as usize), colouring_found)
            .map_err(ColourError::NotProper)?;
        if mode == Mode::Optimize {
            outcome.objective = Some(i64::from(used));
        }
    }
    Ok(outcome)
}

#[cfg(test)]
mod tests {
    use std::convert::Infallible;

    use sudokit_cp::CpEngine;
    use sudokit_model::{Engine, Request, Status};

    use super::*;

    /// The Grötzsch graph: no triangle, yet 4 colours, so the bounds
    /// (a clique of 2) leave it to the search.
    fn grotzsch() -> Graph {
        let mut edges: Vec<(usize, usize)> = (0..5).map(|i| (i, (i + 1) % 5)).collect();
        for i in 0..5 {
            edges.extend([(5 + i, (i + 4) % 5), (5 + i, (i + 1) % 5), (10, 5 + i)]);
        }
        Graph {
            vertices: 11,
            edges,
        }
    }

    /// The cp engine as the search, keeping one solution.
    fn cp(model: &Model, mode: Mode) -> Result<Outcome, String> {
        let request = Request::new(mode).keeping(1);
        CpEngine::new()
            .solve(model, &request)
            .map_err(|e| e.to_string())
    }

    fn no_search(_: &Model, _: Mode) -> Result<Outcome, Infallible> {
        unreachable!("the bounds decide")
    }

    #[test]
    fn bounds_alone_colour_a_triangle_and_a_square() {
        let edges = vec![(0, 1), (1, 2), (0, 2), (3, 4), (4, 5), (5, 6), (3, 6)];
        let graph = Graph { vertices: 8, edges };
        let outcome = colour_graph(&graph, None, None, no_search).unwrap();
        assert_eq!(
            (outcome.status, outcome.objective),
            (Status::Optimal, Some(3))
        );
        assert_eq!(outcome.solutions, [vec![1, 2, 3, 1, 2, 1, 2, 1]]);
        let outcome = colour_graph(&graph, Some(2), None, no_search).unwrap();
        assert_eq!((outcome.status, outcome.count), (Status::Unsatisfiable, 0));
    }

    #[test]
    fn a_loop_leaves_no_colouring() {
        let graph = Graph {
            vertices: 2,
            edges: vec![(0, 1), (1, 1)],
        };
        let outcome = colour_graph(&graph, Some(5), None, no_search).unwrap();
        assert_eq!(outcome.status, Status::Unsatisfiable);
    }

    #[test]
    fn the_search_finds_the_grotzsch_graph_needs_four() {
        let outcome = colour_graph(&grotzsch(), None, None, cp).unwrap();
        assert_eq!(
            (outcome.status, outcome.objective),
            (Status::Optimal, Some(4))
        );
        let outcome = colour_graph(&grotzsch(), Some(3), None, cp).unwrap();
        assert_eq!(outcome.status, Status::Unsatisfiable);
        let outcome = colour_graph(&grotzsch(), Some(4), None, cp).unwrap();
        assert_eq!(outcome.status, Status::Solved);
        assert_eq!(outcome.objective, None);
    }

    #[test]
    fn a_search_error_is_passed_on() {
        let refused = |_: &Model, _: Mode| Err("refused");
        match colour_graph(&grotzsch(), None, None, refused) {
            Err(ColourError::Search(e)) => assert_eq!(e, "refused"),
            other => panic!("expected the search's error, got {other:?}"),
        }
    }

    #[test]
    fn an_improper_merge_is_caught() {
        // One colour for every open vertex: adjacent ones clash.
        let all_ones = |model: &Model, mode: Mode| {
            let ones = vec![1; model.vars().len()];
            Ok::<_, Infallible>(Outcome::finished(SearchEnd::Exhausted, mode, 1, vec![ones]))
        };
        let e = colour_graph(&grotzsch(), Some(3), None, all_ones).unwrap_err();
        assert!(matches!(e, ColourError::NotProper(_)), "{e}");
    }
}
