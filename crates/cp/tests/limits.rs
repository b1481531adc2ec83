//! Limits stop the search inside it, and the outcome says what is known.

use std::time::Duration;

use sudokit_cp::CpEngine;
use sudokit_model::{CancelToken, Engine, LimitKind, Limits, Mode, Request, Status};
use sudokit_puzzle::Puzzle;

fn hard_model() -> sudokit_model::Model {
    // top95 #1: needs far more than 10 decisions with input order.
    let line = include_str!("../../../data/coursia/Sudoku_top95.txt")
        .lines()
        .next()
        .unwrap();
    let givens = line
        .bytes()
        .map(|b| if b.is_ascii_digit() { b - b'0' } else { 0 })
        .collect();
    Puzzle::boxed(3, 3, givens).unwrap().to_model()
}

fn engine() -> CpEngine {
    CpEngine::from_options(&["input-order", "fc"]).unwrap()
}

#[test]
fn a_node_budget_of_10_stops_with_the_root_domains() {
    let model = hard_model();
    let request = Request::new(Mode::CountUpTo(2)).with_limits(Limits::none().with_nodes(10));
    let outcome = engine().solve(&model, &request).unwrap();
    assert_eq!(outcome.status, Status::LimitReached(LimitKind::Nodes));
    assert_eq!(outcome.stats.nodes, Some(10));
    assert!(!outcome.complete);
    let partial = outcome.partial.expect("the root state is reported");
    assert_eq!(partial.domains.len(), 81);
    let givens = model.vars().iter().filter(|v| v.domain.len() == 1).count();
    assert!(partial.fixed() >= givens);
    for (domain, var) in partial.domains.iter().zip(model.vars()) {
        assert!(!domain.is_empty());
        assert!(domain.iter().all(|&v| var.domain.contains(v)));
    }
}

#[test]
fn a_fail_budget_stops_too() {
    let request = Request::new(Mode::CountUpTo(2)).with_limits(Limits::none().with_fails(3));
    let outcome = engine().solve(&hard_model(), &request).unwrap();
    assert_eq!(outcome.status, Status::LimitReached(LimitKind::Fails));
    assert!(outcome.partial.is_some());
}

#[test]
fn a_cancelled_token_stops_the_search() {
    let token = CancelToken::new();
    token.cancel();
    let request = Request::new(Mode::All).with_limits(Limits::none().with_cancel(token));
    let outcome = engine()
        .solve(&sudokit_problems::n_queens(12), &request)
        .unwrap();
    assert_eq!(outcome.status, Status::LimitReached(LimitKind::Cancelled));
    assert!(outcome.count < 14200);
}

#[test]
fn cancelling_from_another_thread_stops_a_long_search() {
    let token = CancelToken::new();
    let request = Request::new(Mode::All).with_limits(Limits::none().with_cancel(token.clone()));
    let handle = std::thread::spawn(move || {
        engine()
            .solve(&sudokit_problems::n_queens(30), &request)
            .unwrap()
    });
    std::thread::sleep(Duration::from_millis(50));
    token.cancel();
    let outcome = handle.join().unwrap();
    assert_eq!(outcome.status, Status::LimitReached(LimitKind::Cancelled));
    assert!(outcome.stats.nodes.unwrap_or_default() > 0);
}

#[test]
fn a_deadline_in_the_past_stops_at_once() {
    let request = Request::new(Mode::All).with_limits(Limits::none().with_timeout(Duration::ZERO));
    let outcome = engine()
        .solve(&sudokit_problems::n_queens(20), &request)
        .unwrap();
    assert_eq!(outcome.status, Status::LimitReached(LimitKind::Time));
}

#[test]
fn an_interrupted_optimisation_keeps_its_best_solution() {
    let model = sudokit_problems::weighted_latin_square(7);
    let request = Request::new(Mode::Optimize).with_limits(Limits::none().with_nodes(200));
    let outcome = CpEngine::new().solve(&model, &request).unwrap();
    assert_eq!(outcome.status, Status::LimitReached(LimitKind::Nodes));
    let best = outcome
        .solutions
        .last()
        .expect("a first solution comes quickly");
    assert_eq!(
        outcome.objective,
        Some(model.objective().unwrap().expr.evaluate(best))
    );
}

#[test]
fn domains_past_128_values_are_refused_not_guessed() {
    let mut model = sudokit_model::Model::new();
    model.new_var("x", sudokit_model::Domain::range(0, 128));
    let err = CpEngine::new()
        .solve(&model, &Request::new(Mode::First))
        .unwrap_err();
    assert_eq!(
        err.to_string(),
        "cp:dom-wdeg does not support domains spanning more than 128 values (here 0..=128)"
    );
}

#[test]
fn domains_of_128_values_are_searched_to_the_top() {
    use sudokit_model::{Cmp, Constraint, Domain, Expr, LinearTerm, Objective, Sense};
    // x, y in 0..=127 (128 values: the u128 word, every bit used),
    // x + y <= 150, x != y - 104, maximise x + 3y: y = 127 and x = 22
    // (403) beats y = 126 and x = 24 (402).
    let mut model = sudokit_model::Model::new();
    let x = model.new_var("x", Domain::range(0, 127));
    let y = model.new_var("y", Domain::range(0, 127));
    let term = |coef, var| LinearTerm { coef, var };
    model
        .add(Constraint::Linear {
            terms: vec![term(1, x), term(1, y)],
            cmp: Cmp::Le,
            rhs: 150,
        })
        .unwrap();
    model
        .add(Constraint::NotEqualOffset { x, y, offset: -104 })
        .unwrap();
    model
        .set_objective(Objective {
            sense: Sense::Maximize,
            expr: Expr {
                linear: vec![term(1, x), term(3, y)],
                ..Expr::default()
            },
        })
        .unwrap();
    let outcome = CpEngine::new()
        .solve(&model, &Request::new(Mode::Optimize))
        .unwrap();
    assert_eq!(outcome.status, Status::Optimal);
    assert_eq!(outcome.solutions.last(), Some(&vec![22, 127]));
    assert_eq!(outcome.objective, Some(403));
}
