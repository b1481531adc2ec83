//! The `sat` engine beyond the conformance suite: small random models of
//! every constraint kind against enumeration (counts and optima, every
//! solver and encoding), limits that stop a long SAT call from inside, and
//! the spec syntax.

use std::time::Duration;

use sudokit_conformance::hard::assert_clock_and_cancel_stop;
use sudokit_conformance::random::{check_counts, check_optima};
use sudokit_model::{Engine, EngineError, Mode, Request};
use sudokit_sat::{SatEngine, SolverKind};

/// Every solver this build has, with each encoding and at-most-one.
fn engines() -> Vec<SatEngine> {
    let mut specs = vec![
        vec!["solver=batsat"],
        vec!["solver=batsat", "encoding=minimal", "amo=sequential"],
        vec!["solver=batsat", "cages=sum"],
    ];
    if cfg!(feature = "cadical") {
        specs.push(vec!["solver=cadical"]);
        specs.push(vec!["solver=cadical", "encoding=minimal"]);
        specs.push(vec!["solver=cadical", "amo=sequential"]);
    }
    specs
        .iter()
        .map(|spec| SatEngine::from_options(spec).expect("a known spec"))
        .collect()
}

#[test]
fn counts_match_enumeration() {
    let tally = check_counts(&engines(), 2026, 400);
    assert!(tally.satisfiable > 100 && tally.multiple > 50, "{tally:?}");
}

#[test]
fn optima_match_enumeration() {
    check_optima(&engines(), 77, 300);
}

#[test]
fn the_clock_and_cancellation_stop_a_call_from_inside() {
    for engine in engines() {
        assert_clock_and_cancel_stop(&engine, Duration::from_millis(200));
    }
}

#[cfg(feature = "cadical")]
#[test]
fn cadical_stops_on_its_decision_and_conflict_budgets() {
    use sudokit_conformance::hard::assert_stopped_by;
    use sudokit_model::{LimitKind, Limits};
    let engine = SatEngine::from_options(&["solver=cadical"]).unwrap();
    assert_stopped_by(&engine, Limits::none().with_fails(500), LimitKind::Fails);
    assert_stopped_by(&engine, Limits::none().with_nodes(500), LimitKind::Nodes);
    let fails = conflicts_under_a_fail_budget(&engine, 500);
    assert!((500..600).contains(&fails), "{fails} conflicts");
}

/// The conflicts `engine` reports on the pigeonhole formula (no short
/// proof) under a budget of `fails`.
fn conflicts_under_a_fail_budget(engine: &SatEngine, fails: u64) -> u64 {
    use sudokit_conformance::hard::pigeonhole;
    use sudokit_model::Limits;
    let limited = Request::new(Mode::First).with_limits(Limits::none().with_fails(fails));
    let outcome = engine.solve(&pigeonhole(), &limited).unwrap();
    outcome.stats.fails.expect("sat counts its conflicts")
}

/// BatSat meets its fail budget (conflicts, counted by the callback it
/// calls once per learnt clause) and refuses a node limit, which no
/// callback of it could keep: directly and prepared.
#[test]
fn batsat_stops_on_its_conflict_budget_and_refuses_a_node_limit() {
    use sudokit_conformance::hard::{assert_stopped_by, pigeonhole};
    use sudokit_model::{LimitKind, Limits};
    let engine = SatEngine::from_options(&["solver=batsat"]).unwrap();
    assert_stopped_by(&engine, Limits::none().with_fails(500), LimitKind::Fails);
    assert_eq!(conflicts_under_a_fail_budget(&engine, 500), 500);
    let nodes = Request::new(Mode::First).with_limits(Limits::none().with_nodes(500));
    let refused = engine.solve(&pigeonhole(), &nodes).unwrap_err();
    assert_eq!(
        refused.to_string(),
        format!(
            "{} does not support a node limit: its search does not count nodes; \
             a time limit stops it",
            engine.name()
        )
    );
    let puzzle = sudokit_puzzle::Puzzle::boxed(2, 2, vec![0; 16]).unwrap();
    let mut prepared = engine.prepare(&puzzle.to_model()).unwrap();
    let mut candidates = Vec::new();
    puzzle.cell_candidates(&mut candidates);
    prepared.load(&candidates).unwrap();
    let refused = prepared.solve(&nodes).unwrap_err();
    assert!(
        matches!(refused, EngineError::Unsupported { .. }),
        "{refused}"
    );
}

#[test]
fn specs_name_every_non_default_choice() {
    let engine = SatEngine::from_options(&["minimal", "batsat", "amo=sequential"]).unwrap();
    assert_eq!(engine.solver, SolverKind::Batsat);
    let default_solver = SolverKind::default();
    let expected = if default_solver == SolverKind::Batsat {
        "sat:encoding=minimal:amo=sequential"
    } else {
        "sat:encoding=minimal:amo=sequential:solver=batsat"
    };
    assert_eq!(engine.name(), expected);
    assert_eq!(SatEngine::default().name(), "sat");
    let err = SatEngine::from_options(&["encoding=clever"]).unwrap_err();
    assert_eq!(
        err.to_string(),
        "sat: unknown option `encoding=clever` (known: encoding=minimal|extended, \
         amo=pairwise|sequential, cages=combinations|sum, solver=cadical|batsat)"
    );
    assert!(matches!(err, EngineError::BadOption { .. }));
}

#[cfg(not(feature = "cadical"))]
#[test]
fn a_build_without_cadical_says_how_to_get_it() {
    let err = SatEngine::from_options(&["solver=cadical"]).unwrap_err();
    assert_eq!(
        err.to_string(),
        "sat: this build has no cadical (rebuild with `--features cadical`)"
    );
}

/// A long batch on one prepared grid: past the points where the solver is
/// started afresh (every 1 000 solves), the answers stay exact.
#[test]
fn a_prepared_grid_stays_exact_over_a_long_batch() {
    use sudokit_puzzle::Puzzle;
    let unique = Puzzle::boxed(2, 2, vec![1, 0, 0, 0, 0, 0, 2, 0, 0, 3, 0, 0, 0, 0, 0, 4]).unwrap();
    let blank = Puzzle::boxed(2, 2, vec![0; 16]).unwrap();
    for engine in engines() {
        let mut prepared = engine.prepare(&unique.to_model()).unwrap();
        let mut cells = Vec::new();
        for round in 0..2_100 {
            let (puzzle, count) = if round % 2 == 0 {
                (&unique, 1)
            } else {
                (&blank, 2)
            };
            puzzle.cell_candidates(&mut cells);
            prepared.load(&cells).unwrap();
            let outcome = prepared.solve(&Request::new(Mode::CountUpTo(2))).unwrap();
            assert_eq!(outcome.count, count, "{} round {round}", engine.name());
            let grid: Vec<u8> = outcome.solutions[0].iter().map(|&d| d as u8).collect();
            assert!(sudokit_verify::check_grid(puzzle, &grid).is_valid());
        }
    }
}

/// A 25x25 grid is 752 500 clauses, longer to build than many deadlines:
/// with the deadline already past or the cancellation already set, a solve
/// returns the limit before building them (prepared or not), and a later
/// solve of the prepared grid without limits builds the rest and answers.
#[test]
fn a_big_grid_stops_on_the_clock_before_its_formula_is_built() {
    use sudokit_model::{CancelToken, LimitKind, Limits, Status};
    use sudokit_puzzle::Puzzle;
    // A solution grid with the main diagonal left blank: one blank per
    // row, so one solution.
    let (n, b) = (25, 5);
    let givens: Vec<u8> = (0..n * n)
        .map(|i| {
            let (r, c) = (i / n, i % n);
            if r == c {
                0
            } else {
                ((b * (r % b) + r / b + c) % n + 1) as u8
            }
        })
        .collect();
    let puzzle = Puzzle::boxed(b, b, givens).unwrap();
    let model = puzzle.to_model();
    let mut cells = Vec::new();
    puzzle.cell_candidates(&mut cells);
    let limited = |limits: Limits| Request::new(Mode::CountUpTo(2)).with_limits(limits);
    let cancelled = CancelToken::new();
    cancelled.cancel();
    let stops = [
        (
            limited(Limits::none().with_timeout(Duration::ZERO)),
            LimitKind::Time,
        ),
        (
            limited(Limits::none().with_cancel(cancelled)),
            LimitKind::Cancelled,
        ),
    ];
    for engine in engines() {
        let mut prepared = engine.prepare(&model).unwrap();
        prepared.load(&cells).unwrap();
        for (request, kind) in &stops {
            let outcome = engine.solve(&model, request).unwrap();
            assert_eq!(outcome.status, Status::LimitReached(*kind));
            let outcome = prepared.solve(request).unwrap();
            assert_eq!(outcome.status, Status::LimitReached(*kind));
            assert_eq!(outcome.count, 0);
        }
        let outcome = prepared
            .solve(&Request::new(Mode::CountUpTo(2)).keeping(1))
            .unwrap();
        assert_eq!((outcome.status, outcome.count), (Status::Solved, 1));
        let grid: Vec<u8> = outcome.solutions[0].iter().map(|&d| d as u8).collect();
        assert!(sudokit_verify::check_grid(&puzzle, &grid).is_valid());
    }
}

/// A count stopped by its decision budget just after its first solution,
/// before the call that looks for a second, leaves nothing behind in the
/// prepared solver: the same puzzle counted again without a limit has its
/// one solution. (That second call's blocking clause is a one-call clause
/// with CaDiCaL: one handed over and then not solved would bind the next
/// call.)
#[cfg(feature = "cadical")]
#[test]
fn a_count_stopped_between_its_calls_leaves_the_prepared_solver_clean() {
    use sudokit_model::Limits;
    use sudokit_puzzle::Puzzle;
    // top95's first puzzle: unique, and some decisions to find.
    let text = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
    let cells = text.bytes().map(|b| b.saturating_sub(b'0') % 10).collect();
    let puzzle = Puzzle::boxed(3, 3, cells).unwrap();
    let mut candidates = Vec::new();
    puzzle.cell_candidates(&mut candidates);
    let engine = SatEngine::from_options(&["solver=cadical"]).unwrap();
    // The decisions a fresh solver takes to the first solution.
    let mut prepared = engine.prepare(&puzzle.to_model()).unwrap();
    prepared.load(&candidates).unwrap();
    let first = prepared.solve(&Request::new(Mode::First)).unwrap();
    let decisions = first.stats.nodes.unwrap();
    assert!(
        decisions > 0,
        "the puzzle needs no decision: the test says nothing"
    );
    for nodes in decisions.saturating_sub(2).max(1)..=decisions + 2 {
        let mut prepared = engine.prepare(&puzzle.to_model()).unwrap();
        prepared.load(&candidates).unwrap();
        let limited = Limits::none().with_nodes(nodes);
        prepared
            .solve(&Request::new(Mode::CountUpTo(2)).with_limits(limited))
            .unwrap();
        let outcome = prepared.solve(&Request::new(Mode::CountUpTo(2))).unwrap();
        assert_eq!(outcome.count, 1, "after a count stopped at {nodes} nodes");
        let grid: Vec<u8> = outcome.solutions[0].iter().map(|&d| d as u8).collect();
        assert!(sudokit_verify::check_grid(&puzzle, &grid).is_valid());
    }
}
