//! The `choco` engine beyond the conformance suite: random models of every
//! constraint kind against enumeration, the course's exercises against
//! `cp`, limits that stop a search from inside, solves on several threads
//! at once, and the strategies' effect. Without the library each test says
//! it was skipped (and fails when `SUDOKIT_REQUIRE_CHOCO` is set).

use std::time::Duration;

use sudokit_choco::{library, ChocoEngine};
use sudokit_conformance::hard::{
    assert_clock_and_cancel_stop_on, assert_stopped_on, pairwise_pigeonhole,
};
use sudokit_conformance::random::{check_counts, check_optima};
use sudokit_formats::{parse_line, ReadOptions};
use sudokit_model::{Engine, LimitKind, Limits, Mode, Model, Request, Status};
use sudokit_pipeline::solve;
use sudokit_problems::{
    chromatic_model, latin_diagonal_sum, n_queens, parse_dimacs, weighted_latin_square,
};
use sudokit_puzzle::Puzzle;
use sudokit_testkit::{found, Tool};
use sudokit_verify::check_assignment;

/// The engine with `options`, or `None` (after the test's skip line)
/// without the library.
fn engine(options: &[&str]) -> Option<ChocoEngine> {
    found(Tool::Choco, library())?;
    Some(ChocoEngine::from_options(options).expect("a known spec"))
}

fn strategies() -> Option<Vec<ChocoEngine>> {
    let specs: [&[&str]; 4] = [
        &[],
        &["var=first-fail", "val=max"],
        &["var=chs", "restarts=luby", "restart-base=4"],
        &[
            "var=random",
            "seed=3",
            "restarts=geometric",
            "consistency=bc",
        ],
    ];
    specs.iter().map(|spec| engine(spec)).collect()
}

#[test]
fn counts_match_enumeration() {
    let Some(engines) = strategies() else { return };
    let tally = check_counts(&engines, 2026, 150);
    assert!(tally.satisfiable > 40 && tally.multiple > 20, "{tally:?}");
}

#[test]
fn optima_match_enumeration() {
    let Some(engines) = strategies() else { return };
    check_optima(&engines, 77, 120);
}

/// Choco's proven optimum, judged by the checker, equal to `cp`'s.
fn same_optimum_as_cp(engine: &ChocoEngine, model: &Model) {
    let request = Request::new(Mode::Optimize);
    let cp = sudokit_cp::CpEngine::default()
        .solve(model, &request)
        .unwrap();
    assert_eq!(cp.status, Status::Optimal);
    let outcome = engine.solve(model, &request).unwrap();
    assert_eq!(outcome.status, Status::Optimal, "{}", engine.name());
    assert_eq!(outcome.objective, cp.objective, "{}", engine.name());
    let best = outcome.solutions.last().expect("an optimum has a solution");
    check_assignment(model, best).unwrap();
    assert_eq!(
        model.objective().unwrap().expr.evaluate(best),
        cp.objective.unwrap()
    );
}

#[test]
fn the_course_exercises_reach_the_answers_of_cp() {
    let Some(default) = engine(&[]) else { return };
    let dom_wdeg = engine(&["var=dom-wdeg"]).expect("the library is there");
    for engine in [&default, &dom_wdeg] {
        same_optimum_as_cp(engine, &weighted_latin_square(5));
        same_optimum_as_cp(engine, &latin_diagonal_sum(5));
        let myciel3 = include_str!("../../cp/examples/data/myciel3.col");
        same_optimum_as_cp(engine, &chromatic_model(&parse_dimacs(myciel3).unwrap()));
    }
    for (n, solutions) in [(8, 92), (12, 14_200)] {
        let model = n_queens(n);
        let outcome = default
            .solve(&model, &Request::new(Mode::All).keeping(100))
            .unwrap();
        assert_eq!(
            (outcome.count, outcome.complete),
            (solutions, true),
            "{n} queens"
        );
        for queens in &outcome.solutions {
            check_assignment(&model, queens).unwrap();
        }
    }
}

#[test]
fn the_clock_and_cancellation_stop_a_search_and_the_engine_goes_on() {
    let Some(default) = engine(&[]) else { return };
    let restarting = engine(&["var=dom-wdeg", "restarts=luby"]).expect("the library is there");
    let hard = pairwise_pigeonhole();
    for engine in [&default, &restarting] {
        assert_clock_and_cancel_stop_on(engine, &hard, Duration::from_millis(300));
        let puzzle =
            Puzzle::boxed(2, 2, vec![1, 0, 0, 0, 0, 0, 2, 0, 0, 3, 0, 0, 0, 0, 0, 4]).unwrap();
        let answer = solve(engine, &puzzle, &Request::new(Mode::CountUpTo(2))).unwrap();
        assert_eq!((answer.count, answer.complete), (1, true));
    }
}

#[test]
fn node_and_fail_budgets_stop_the_search_where_choco_counts_them() {
    let Some(engine) = engine(&["var=first-fail"]) else {
        return;
    };
    let hard = pairwise_pigeonhole();
    assert_stopped_on(
        &engine,
        &hard,
        Limits::none().with_nodes(2_000),
        LimitKind::Nodes,
    );
    assert_stopped_on(
        &engine,
        &hard,
        Limits::none().with_fails(2_000),
        LimitKind::Fails,
    );
    let request = Request::new(Mode::First).with_limits(Limits::none().with_fails(2_000));
    let fails = engine.solve(&hard, &request).unwrap().stats.fails.unwrap();
    assert!((2_000..2_010).contains(&fails), "{fails} fails");
}

/// Rayon's workers each attach to the one isolate: solves on four threads
/// at once, every answer checked by the verifier.
#[test]
fn threads_solve_at_once() {
    let Some(engine) = engine(&[]) else { return };
    let text = include_str!("../../../data/coursia/Sudoku_top95.txt");
    let puzzles: Vec<Puzzle> = text
        .lines()
        .filter(|l| l.len() >= 81)
        .take(40)
        .map(|l| parse_line(l, &ReadOptions::default()).unwrap())
        .collect();
    std::thread::scope(|scope| {
        for share in puzzles.chunks(10) {
            let engine = &engine;
            scope.spawn(move || {
                for puzzle in share {
                    let answer = solve(engine, puzzle, &Request::new(Mode::CountUpTo(2))).unwrap();
                    assert_eq!((answer.count, answer.complete), (1, true));
                }
            });
        }
    });
}

/// The strategies are Choco's own: on a top95 puzzle that propagation
/// alone does not solve, input order, first-fail and Choco's default
/// explore different trees and find the same verified solution.
#[test]
fn strategies_change_the_search_not_the_answer() {
    let Some(default) = engine(&[]) else { return };
    let line = include_str!("../../../data/coursia/Sudoku_top95.txt")
        .lines()
        .nth(4)
        .unwrap();
    let puzzle = parse_line(line, &ReadOptions::default()).unwrap();
    let request = Request::new(Mode::CountUpTo(2));
    let mut nodes = Vec::new();
    let mut grids = Vec::new();
    for engine in [
        default,
        engine(&["input-order"]).unwrap(),
        engine(&["first-fail"]).unwrap(),
    ] {
        let answer = solve(&engine, &puzzle, &request).unwrap();
        assert_eq!((answer.count, answer.complete), (1, true));
        nodes.push(answer.stats.nodes.unwrap());
        grids.push(answer.grids);
    }
    assert!(grids.iter().all(|g| *g == grids[0]));
    nodes.dedup();
    assert_eq!(nodes.len(), 3, "three strategies, three trees: {nodes:?}");
}

/// Nodes are decisions, as `cp` counts them: with input order or
/// first-fail, whose trees are `cp`'s, both engines report the same nodes
/// and fails on every puzzle, and none where propagation solves the grid.
#[test]
fn nodes_are_decisions_as_in_cp() {
    let Some(default) = engine(&[]) else { return };
    let easy = include_str!("../../../data/coursia/Sudoku_Easy51.txt");
    let top95 = include_str!("../../../data/coursia/Sudoku_top95.txt");
    let lines = easy.lines().take(5).chain(top95.lines().take(15));
    let request = Request::new(Mode::CountUpTo(2));
    let mut guessless = 0;
    for line in lines {
        let model = parse_line(line, &ReadOptions::default())
            .unwrap()
            .to_model();
        let nodes = |engine: &dyn Engine| engine.solve(&model, &request).unwrap().stats.nodes;
        if nodes(&sudokit_cp::CpEngine::default()) == Some(0) {
            assert_eq!(nodes(&default), Some(0), "{line}: propagation solves it");
            guessless += 1;
        }
        for var in ["var=input-order", "var=first-fail"] {
            let options = [var, "val=min"];
            let choco = engine(&options).unwrap();
            let cp = sudokit_cp::CpEngine::from_options(&options).unwrap();
            let (a, b) = (
                choco.solve(&model, &request).unwrap().stats,
                cp.solve(&model, &request).unwrap().stats,
            );
            assert_eq!((a.nodes, a.fails), (b.nodes, b.fails), "{var}: {line}");
        }
    }
    assert!(guessless >= 3, "{guessless} grids propagation solves");
}

/// What a limit leaves: the domains after root propagation, the same
/// arc-consistent fixed point `cp` reaches on the same puzzle (both
/// propagate all-different by Régin's matching; the fixed point is unique).
#[test]
fn a_limit_leaves_the_domains_of_root_propagation() {
    let Some(engine) = engine(&[]) else { return };
    let line = include_str!("../../../data/coursia/Sudoku_top95.txt")
        .lines()
        .nth(4)
        .unwrap();
    let model = parse_line(line, &ReadOptions::default())
        .unwrap()
        .to_model();
    let request = Request::new(Mode::CountUpTo(2)).with_limits(Limits::none().with_nodes(1));
    let by_choco = engine.solve(&model, &request).unwrap();
    assert_eq!(by_choco.status, Status::LimitReached(LimitKind::Nodes));
    let by_cp = sudokit_cp::CpEngine::default()
        .solve(&model, &request)
        .unwrap();
    assert_eq!(by_cp.status, Status::LimitReached(LimitKind::Nodes));
    let (choco, cp) = (by_choco.partial.unwrap(), by_cp.partial.unwrap());
    assert_eq!(choco, cp);
    assert!(choco.fixed() > model.vars().iter().filter(|v| v.domain.len() == 1).count());
    assert!(choco.fixed() < 81, "propagation alone does not solve it");
}
