//! The cp engine on the non-grid problems: every answer checked against a
//! fact known independently of the engine (known counts, brute force).

use sudokit_cp::CpEngine;
use sudokit_model::{Engine, Mode, Request, Status};
use sudokit_problems::{
    chromatic_model, colouring, latin_diagonal_sum, latin_reward, n_queens, parse_dimacs,
    weighted_latin_square, Graph,
};
use sudokit_verify::check_assignment;

fn engine(spec: &[&str]) -> CpEngine {
    CpEngine::from_options(spec).unwrap()
}

#[test]
fn n_queens_counts_for_4_to_12() {
    let known = [2u64, 10, 4, 40, 92, 352, 724, 2680, 14200];
    for (n, &count) in (4..=12).zip(&known) {
        let model = n_queens(n);
        let outcome = engine(&["first-fail"])
            .solve(&model, &Request::new(Mode::All).keeping(50))
            .unwrap();
        assert_eq!(outcome.count, count, "{n}-queens");
        assert!(outcome.complete);
        assert_eq!(outcome.status, Status::Solved);
        for s in &outcome.solutions {
            check_assignment(&model, s).unwrap();
        }
    }
}

#[test]
fn n_queens_with_every_strategy_counts_8_queens_right() {
    for spec in [
        &["input-order", "fc"][..],
        &["dom-deg", "singles"],
        &["dom-wdeg", "luby", "restart-base=2"],
        &["chs", "geometric", "restart-base=3"],
        &[
            "var=random",
            "val=middle",
            "luby",
            "restart-base=1",
            "seed=11",
        ],
        &["first-fail", "val=random", "seed=5"],
    ] {
        let outcome = engine(spec)
            .solve(&n_queens(8), &Request::new(Mode::All))
            .unwrap();
        assert_eq!(outcome.count, 92, "{spec:?}");
        assert_eq!(outcome.solutions.len(), 92);
        let mut distinct = outcome.solutions.clone();
        distinct.sort();
        distinct.dedup();
        assert_eq!(distinct.len(), 92, "{spec:?} returned a solution twice");
    }
}

fn colourable(graph: &Graph, k: usize) -> bool {
    let model = colouring(graph, k);
    let outcome = engine(&[])
        .solve(&model, &Request::new(Mode::First))
        .unwrap();
    if let Some(s) = outcome.first() {
        check_assignment(&model, s).unwrap();
        true
    } else {
        assert_eq!(outcome.status, Status::Unsatisfiable);
        false
    }
}

#[test]
fn myciel3_needs_four_colours() {
    // sudokit-problems' tests check this file against the Mycielski construction.
    let g = parse_dimacs(include_str!("../examples/data/myciel3.col")).unwrap();
    assert!(!colourable(&g, 3));
    assert!(colourable(&g, 4));
    let outcome = engine(&[])
        .solve(&chromatic_model(&g), &Request::new(Mode::Optimize))
        .unwrap();
    assert_eq!(outcome.status, Status::Optimal);
    assert_eq!(outcome.objective, Some(4));
}

#[test]
fn a_graph_without_vertices_needs_no_colour() {
    let g = parse_dimacs("p edge 0 0\n").unwrap();
    let outcome = engine(&[])
        .solve(&chromatic_model(&g), &Request::new(Mode::Optimize))
        .unwrap();
    assert_eq!(outcome.status, Status::Optimal);
    assert_eq!(outcome.objective, Some(0));
}

#[test]
fn petersen_needs_three_colours() {
    let g = parse_dimacs(include_str!("../examples/data/petersen.col")).unwrap();
    assert_eq!((g.vertices, g.edges.len()), (10, 15));
    assert!(!colourable(&g, 2));
    assert!(colourable(&g, 3));
    let outcome = engine(&["first-fail", "luby"])
        .solve(&chromatic_model(&g), &Request::new(Mode::Optimize))
        .unwrap();
    assert_eq!(outcome.status, Status::Optimal);
    assert_eq!(outcome.objective, Some(3));
}

/// Every latin square of order n (values 1..=n), by plain backtracking.
fn all_latin_squares(n: usize, visit: &mut dyn FnMut(&[i32])) {
    fn go(n: usize, cell: usize, square: &mut Vec<i32>, visit: &mut dyn FnMut(&[i32])) {
        if cell == n * n {
            visit(square);
            return;
        }
        let (i, j) = (cell / n, cell % n);
        for v in 1..=n as i32 {
            let row_ok = (0..j).all(|c| square[i * n + c] != v);
            let col_ok = (0..i).all(|r| square[r * n + j] != v);
            if row_ok && col_ok {
                square.push(v);
                go(n, cell + 1, square, visit);
                square.pop();
            }
        }
    }
    go(n, 0, &mut Vec::with_capacity(n * n), visit);
}

fn reward(n: usize, square: &[i32]) -> i64 {
    square
        .iter()
        .enumerate()
        .map(|(c, &v)| latin_reward(c / n, c % n, v))
        .sum()
}

fn brute_force_best_reward(n: usize) -> (i64, u64) {
    let (mut best, mut squares) = (i64::MIN, 0u64);
    all_latin_squares(n, &mut |s| {
        squares += 1;
        best = best.max(reward(n, s));
    });
    (best, squares)
}

#[test]
fn weighted_latin_square_matches_brute_force_for_4_and_5() {
    for n in [4, 5] {
        let (best, squares) = brute_force_best_reward(n);
        assert_eq!(squares, if n == 4 { 576 } else { 161_280 });
        for spec in [&["first-fail"][..], &["input-order"], &["dom-wdeg", "luby"]] {
            let model = weighted_latin_square(n);
            let outcome = engine(spec)
                .solve(&model, &Request::new(Mode::Optimize))
                .unwrap();
            assert_eq!(outcome.status, Status::Optimal, "{spec:?}");
            assert_eq!(outcome.objective, Some(best), "n = {n}, {spec:?}");
            let square = outcome.solutions.last().unwrap();
            check_assignment(&model, square).unwrap();
            assert_eq!(reward(n, square), best);
        }
    }
}

#[test]
fn smallest_latin_diagonal_is_n() {
    // Every cell holds at least 1, and the cyclic square (j - i) mod n + 1
    // has a diagonal of 1s: the optimum is exactly n.
    for n in [4, 5, 6] {
        let model = latin_diagonal_sum(n);
        let outcome = engine(&[])
            .solve(&model, &Request::new(Mode::Optimize))
            .unwrap();
        assert_eq!(outcome.status, Status::Optimal);
        assert_eq!(outcome.objective, Some(n as i64));
        check_assignment(&model, outcome.solutions.last().unwrap()).unwrap();
    }
}

#[test]
fn optimising_a_model_without_objective_returns_any_solution_as_optimal() {
    let outcome = engine(&[])
        .solve(&n_queens(6), &Request::new(Mode::Optimize))
        .unwrap();
    assert_eq!(outcome.status, Status::Optimal);
    assert_eq!(outcome.count, 1);
}

#[test]
fn restarts_are_counted_and_keep_counting_exact() {
    let outcome = engine(&["dom-wdeg", "luby", "restart-base=1"])
        .solve(&n_queens(10), &Request::new(Mode::All).keeping(0))
        .unwrap();
    assert_eq!(outcome.count, 724);
    assert!(outcome.solutions.is_empty());
    assert!(
        outcome.stats.restarts.unwrap_or_default() > 10,
        "{:?}",
        outcome.stats
    );
    assert!(
        outcome.stats.max_depth.unwrap_or_default() > 0
            && outcome.stats.fails.unwrap_or_default() > 0
    );
    assert!(
        outcome.stats.propagations.unwrap_or_default() > outcome.stats.nodes.unwrap_or_default()
    );
}

#[test]
fn counting_stays_exact_when_nogoods_are_switched_off() {
    // Counting forces nogood recording on: restarts would recount otherwise.
    let outcome = engine(&["first-fail", "luby", "restart-base=1", "no-nogoods"])
        .solve(&n_queens(8), &Request::new(Mode::All))
        .unwrap();
    assert_eq!(outcome.count, 92);
    assert!(outcome.stats.restarts.unwrap_or_default() > 0);
    // A first solution needs none.
    let outcome = engine(&[
        "var=random",
        "luby",
        "restart-base=1",
        "no-nogoods",
        "seed=4",
    ])
    .solve(&n_queens(20), &Request::new(Mode::First))
    .unwrap();
    check_assignment(&n_queens(20), outcome.first().unwrap()).unwrap();
}

#[test]
fn a_clique_of_70_is_coloured_with_70_colours_on_wide_domains() {
    // 70 colours: past the 64-value word, so the u128 one is used.
    let n = 70;
    let graph = Graph {
        vertices: n,
        edges: (0..n)
            .flat_map(|u| (u + 1..n).map(move |v| (u, v)))
            .collect(),
    };
    let model = colouring(&graph, n);
    let outcome = engine(&[])
        .solve(&model, &Request::new(Mode::First))
        .unwrap();
    assert_eq!(outcome.status, Status::Solved);
    let colours = &outcome.solutions[0];
    check_assignment(&model, colours).unwrap();
    let mut used = colours.clone();
    used.sort_unstable();
    used.dedup();
    assert_eq!(used.len(), n);
}
