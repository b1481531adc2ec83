//! The `z3` engine beyond the conformance suite: random models of every
//! constraint kind against enumeration, optima equal to `cp`'s, limits that
//! stop a long check, the transcript and the export replayed through the
//! `z3` program, and the spec syntax.
//!
//! Every test needs a `z3` program. Without one each says it was skipped,
//! unless `SUDOKIT_REQUIRE_Z3` is set (as CI does, once per Z3 install).

use std::path::Path;
use std::process::Command;
use std::time::Duration;

use sudokit_conformance::hard::assert_clock_and_cancel_stop;
use sudokit_conformance::random::{check_counts, check_optima};
use sudokit_model::{
    CancelToken, Engine, EngineError, LimitKind, Limits, Mode, Model, Request, Status,
};
use sudokit_problems::{chromatic_model, latin_diagonal_sum, parse_dimacs, weighted_latin_square};
use sudokit_puzzle::Puzzle;
use sudokit_testkit::{found, Tool};
use sudokit_verify::{check_assignment, check_grid};
use sudokit_z3::{to_smtlib, z3_program, Encoding, Tactic, Z3Engine};

/// The `z3` program, or `None` (after the test's skip line) where there is none.
fn z3() -> Option<&'static Path> {
    found(Tool::Z3, z3_program()).map(|program| program.path.as_path())
}

fn engine(options: &[&str]) -> Z3Engine {
    Z3Engine::from_options(options).expect("a known spec")
}

#[test]
fn counts_match_enumeration() {
    if z3().is_none() {
        return;
    }
    let engines = [
        engine(&["int"]),
        engine(&["bv"]),
        engine(&["int", "rules=plain"]),
    ];
    let tally = check_counts(&engines, 2026, 120);
    assert!(tally.satisfiable > 30 && tally.multiple > 15, "{tally:?}");
    // A tactic starts from scratch at every check: about 3 ms a solution.
    let tally = check_counts(&[engine(&["bv-tactic"])], 7, 25);
    assert!(tally.multiple > 5, "{tally:?}");
}

#[test]
fn optima_match_enumeration() {
    if z3().is_none() {
        return;
    }
    check_optima(&[engine(&["int"]), engine(&["bv"])], 77, 80);
}

/// Z3's proven optimum, judged by the checker, equal to `cp`'s.
fn same_optimum_as_cp(model: &Model) {
    let request = Request::new(Mode::Optimize);
    let cp = sudokit_cp::CpEngine::default()
        .solve(model, &request)
        .unwrap();
    assert_eq!(cp.status, Status::Optimal);
    for spec in [["int"], ["bv"]] {
        let outcome = engine(&spec).solve(model, &request).unwrap();
        assert_eq!(outcome.status, Status::Optimal, "{spec:?}");
        assert_eq!(outcome.objective, cp.objective, "{spec:?}");
        let best = outcome.solutions.last().expect("an optimum has a solution");
        check_assignment(model, best).unwrap();
        assert_eq!(
            model.objective().unwrap().expr.evaluate(best),
            cp.objective.unwrap()
        );
    }
}

#[test]
fn latin_squares_and_colourings_reach_the_same_optimum_as_cp() {
    if z3().is_none() {
        return;
    }
    same_optimum_as_cp(&weighted_latin_square(5));
    same_optimum_as_cp(&latin_diagonal_sum(5));
    let myciel3 = include_str!("../../cp/examples/data/myciel3.col");
    same_optimum_as_cp(&chromatic_model(&parse_dimacs(myciel3).unwrap()));
}

#[test]
fn the_clock_and_cancellation_stop_a_check_and_the_engine_goes_on() {
    if z3().is_none() {
        return;
    }
    for spec in [["int"], ["bv-tactic"]] {
        let engine = engine(&spec);
        assert_clock_and_cancel_stop(&engine, Duration::from_millis(300));

        // The killed process is replaced: the same engine still answers.
        let puzzle =
            Puzzle::boxed(2, 2, vec![1, 0, 0, 0, 0, 0, 2, 0, 0, 3, 0, 0, 0, 0, 0, 4]).unwrap();
        let outcome = engine
            .solve(&puzzle.to_model(), &Request::new(Mode::CountUpTo(2)))
            .unwrap();
        assert_eq!((outcome.count, outcome.complete), (1, true));
    }
}

/// A batch on one prepared grid (`bv-subst` with its givens assumed or
/// pushed, `bv-tactic`: rules once per process): every answer exact and
/// checked, from puzzles with one, many, none, and a cell narrowed to two
/// candidates (half of the 288 blank grids, by symmetry), in turn.
#[test]
fn a_prepared_grid_stays_exact_over_a_batch() {
    if z3().is_none() {
        return;
    }
    let unique = Puzzle::boxed(2, 2, vec![1, 0, 0, 0, 0, 0, 2, 0, 0, 3, 0, 0, 0, 0, 0, 4]).unwrap();
    let blank = Puzzle::boxed(2, 2, vec![0; 16]).unwrap();
    let clash = Puzzle::boxed(2, 2, vec![1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]).unwrap();
    // A tactic starts from scratch at each check: count its models to 20.
    let specs: [(&[&str], Mode, u64); 3] = [
        (&["bv-subst"], Mode::All, u64::MAX),
        (&["bv-subst", "givens=push"], Mode::All, u64::MAX),
        (&["bv-tactic"], Mode::CountUpTo(20), 20),
    ];
    for (spec, mode, cap) in specs {
        let engine = engine(spec);
        let mut prepared = engine.prepare(&unique.to_model()).unwrap();
        let err = prepared.load(&[0b1111; 15]).unwrap_err().to_string();
        assert!(
            err.ends_with("the grid has 16 cells, but 15 candidate masks were given"),
            "{err}"
        );
        let mut cells = Vec::new();
        for round in 0..48 {
            let (puzzle, count) = match round % 4 {
                0 => (&unique, 1),
                1 | 3 => (&blank, 288),
                _ => (&clash, 0),
            };
            puzzle.cell_candidates(&mut cells);
            let narrowed = round % 4 == 3;
            if narrowed {
                cells[0] = 0b0011;
            }
            let count = if narrowed { 144 } else { count };
            prepared.load(&cells).unwrap();
            let outcome = prepared.solve(&Request::new(mode).keeping(3)).unwrap();
            assert_eq!(
                (outcome.count, outcome.complete),
                (count.min(cap), count < cap),
                "{} round {round}",
                engine.name()
            );
            for solution in &outcome.solutions {
                let grid: Vec<u8> = solution.iter().map(|&d| d as u8).collect();
                assert!(check_grid(puzzle, &grid).is_valid(), "round {round}");
                assert!(!narrowed || grid[0] <= 2, "round {round}: {grid:?}");
            }
        }
    }
}

/// A prepared grid whose search was cancelled goes on with a new z3
/// process, whose guards are numbered afresh: the puzzles after it are
/// answered, and exactly (a guard declared twice once made z3 refuse the
/// third puzzle after a timeout).
#[test]
fn a_prepared_grid_goes_on_after_its_search_was_cancelled() {
    if z3().is_none() {
        return;
    }
    // A 25x25 pattern grid with its diagonal blank (each blank the only
    // one of its row: unique), and the blank grid, whose first check takes
    // z3 long enough to be cancelled in the middle.
    let pattern: Vec<u8> = (0..625)
        .map(|cell| {
            let (r, c) = (cell / 25, cell % 25);
            if r == c {
                0
            } else {
                ((r * 5 + r / 5 + c) % 25 + 1) as u8
            }
        })
        .collect();
    let unique = Puzzle::boxed(5, 5, pattern).unwrap();
    let blank = Puzzle::boxed(5, 5, vec![0; 625]).unwrap();
    let engine = engine(&["bv-subst"]);
    let mut prepared = engine.prepare(&blank.to_model()).unwrap();
    let mut cells = Vec::new();
    let mut solve = |puzzle: &Puzzle, request: Request| {
        puzzle.cell_candidates(&mut cells);
        prepared.load(&cells).unwrap();
        prepared.solve(&request).unwrap()
    };
    let count = |puzzle: &Puzzle, outcome: &sudokit_model::Outcome| {
        for solution in &outcome.solutions {
            let grid: Vec<u8> = solution.iter().map(|&d| d as u8).collect();
            assert!(check_grid(puzzle, &grid).is_valid());
        }
        (outcome.count, outcome.complete)
    };
    let two = || Request::new(Mode::CountUpTo(2));
    assert_eq!(count(&unique, &solve(&unique, two())), (1, true));
    // A cancel during a check kills the process (a clock limit alone is
    // z3's own `:timeout`, which keeps it); counting every grid never ends.
    let cancel = CancelToken::new();
    let limited = Request::new(Mode::All).with_limits(Limits::none().with_cancel(cancel.clone()));
    let canceller = std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(300));
        cancel.cancel();
    });
    let stopped = solve(&blank, limited);
    canceller.join().unwrap();
    assert_eq!(
        stopped.status,
        Status::LimitReached(LimitKind::Cancelled),
        "{stopped:?}"
    );
    for round in 0..4 {
        assert_eq!(
            count(&unique, &solve(&unique, two())),
            (1, true),
            "round {round}"
        );
    }
}

/// Runs `z3 FILE` and returns its output lines.
fn run_z3(file: &Path) -> Vec<String> {
    let output = Command::new(z3().unwrap()).arg(file).output().unwrap();
    String::from_utf8(output.stdout)
        .unwrap()
        .lines()
        .map(str::to_string)
        .collect()
}

/// Writes `model` as a script in `encoding`, runs it through `z3` and
/// decodes the answer: `None` for `unsat`, else the values of `get-value`.
fn solved_by_script(
    dir: &Path,
    model: &Model,
    encoding: Encoding,
    extended: bool,
) -> Option<Vec<i32>> {
    let file = dir.join("model.smt2");
    let script = to_smtlib(model, encoding, &Tactic::default(), extended).unwrap();
    std::fs::write(&file, script).unwrap();
    let output = run_z3(&file).join(" ");
    if output.starts_with("unsat") {
        return None;
    }
    let values = output
        .strip_prefix("sat")
        .unwrap_or_else(|| panic!("{output}"));
    let encoded = sudokit_z3::Encoded::new(model, encoding.sort()).unwrap();
    let values = sudokit_z3::term::parse(values).unwrap();
    let values = values.as_list().unwrap().iter();
    Some(
        values
            .map(|pair| encoded.decode(&pair.as_list().unwrap()[1]).unwrap())
            .collect(),
    )
}

#[test]
fn the_transcript_replays_to_the_same_answers() {
    if z3().is_none() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let log = dir.path().join("talk.smt2");
    let spec = format!("log={}", log.display());
    let blank = Puzzle::boxed(2, 2, vec![1, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]).unwrap();
    for encoding in ["int", "bv-tactic"] {
        let engine = engine(&[encoding, &spec]);
        let outcome = engine
            .solve(&blank.to_model(), &Request::new(Mode::CountUpTo(3)))
            .unwrap();
        assert_eq!(outcome.count, 3);
        drop(engine);
        let transcript = std::fs::read_to_string(&log).unwrap();
        let answers: Vec<String> = transcript
            .lines()
            .filter_map(|line| line.strip_prefix("; "))
            .filter(|line| !line.starts_with("----"))
            .map(str::to_string)
            .collect();
        assert!(
            answers.iter().filter(|a| *a == "sat").count() == 3,
            "{transcript}"
        );
        // Statistics (memory, allocations) differ from run to run.
        let decisive = |lines: Vec<String>| -> Vec<String> {
            lines
                .into_iter()
                .filter(|l| !l.trim_start().trim_start_matches('(').starts_with(':'))
                .collect()
        };
        assert_eq!(decisive(run_z3(&log)), decisive(answers), "{encoding}");
    }
}

#[test]
fn every_encoding_exports_a_script_z3_runs_to_a_checked_solution() {
    if z3().is_none() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let cases = sudokit_conformance::cases();
    for case in cases
        .iter()
        .filter(|c| c.kind == "killer" || c.kind == "x")
        .take(4)
    {
        let model = case.puzzle.to_model();
        for encoding in [
            Encoding::Int,
            Encoding::Bv,
            Encoding::BvSubst,
            Encoding::BvTactic,
        ] {
            // The extended rules on all but `bv`: both forms run.
            let extended = encoding != Encoding::Bv;
            let solved = solved_by_script(dir.path(), &model, encoding, extended);
            assert_eq!(
                solved.is_some(),
                case.count > 0,
                "{} {encoding:?}",
                case.name
            );
            let Some(values) = solved else {
                continue;
            };
            let grid: Vec<u8> = values.iter().map(|&d| d as u8).collect();
            assert!(
                check_grid(&case.puzzle, &grid).is_valid(),
                "{} {encoding:?}",
                case.name
            );
        }
    }
}

#[test]
fn a_tactic_without_blast_distinct_is_refused_with_the_remedy() {
    if z3().is_none() {
        return;
    }
    let puzzle = Puzzle::boxed(2, 2, vec![1, 0, 0, 0, 0, 0, 2, 0, 0, 3, 0, 0, 0, 0, 0, 4]).unwrap();
    let err = engine(&["tactic=simplify+bit-blast+sat"])
        .solve(&puzzle.to_model(), &Request::new(Mode::First))
        .unwrap_err();
    let EngineError::Unsupported { what, .. } = &err else {
        panic!("{err}");
    };
    assert!(
        what.starts_with("this model: z3 answered unknown"),
        "{what}"
    );
    assert!(
        what.ends_with("(tactic=blast-distinct+bit-blast+sat)"),
        "{what}"
    );
}

#[test]
fn specs_name_every_non_default_choice() {
    if z3().is_none() {
        return;
    }
    assert_eq!(engine(&[]).name(), "z3");
    assert_eq!(
        engine(&["encoding=int", "process=fresh"]).name(),
        "z3:encoding=int:process=fresh"
    );
    assert_eq!(
        engine(&["tactic=simplify+sat"]).name(),
        "z3:encoding=bv-tactic:tactic=simplify+sat"
    );
    assert_eq!(
        engine(&["bv-subst", "rules=plain"]).name(),
        "z3:rules=plain"
    );
    let err = Z3Engine::from_options(&["int", "tactic=sat"]).unwrap_err();
    assert_eq!(
        err.to_string(),
        "z3: tactic= goes with encoding=bv-tactic, not encoding=int"
    );
    let err = Z3Engine::from_options(&["tactic=(then sat)"]).unwrap_err();
    assert_eq!(
        err.to_string(),
        "z3: bad tactic step `(then sat)` in `(then sat)` (steps are Z3 tactic names joined by `+`)"
    );
    let err = Z3Engine::from_options(&["encoding=real"]).unwrap_err();
    assert!(err
        .to_string()
        .starts_with("z3: unknown option `encoding=real` (known: encoding=int|bv"));
}

#[test]
fn an_exported_optimisation_reaches_cps_optimum_in_z3() {
    if z3().is_none() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let model = weighted_latin_square(4);
    let best = sudokit_cp::CpEngine::default()
        .solve(&model, &Request::new(Mode::Optimize))
        .unwrap()
        .objective;
    for encoding in [Encoding::Int, Encoding::Bv] {
        let assignment = solved_by_script(dir.path(), &model, encoding, true).unwrap();
        check_assignment(&model, &assignment).unwrap();
        let value = model.objective().unwrap().expr.evaluate(&assignment);
        assert_eq!(Some(value), best, "{encoding:?}");
    }
}
