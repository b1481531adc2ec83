//! Which engine `auto` hands each conformance case to, directly and
//! prepared, and a model `cp` refuses to.

use sudokit_conformance::cases;
use sudokit_engines::{big_grid_pick, AutoEngine, Pick};
use sudokit_model::{Mode, Request};
use sudokit_pipeline::{solve, Solver};
use sudokit_puzzle::{Layout, Puzzle};

#[test]
fn auto_gives_boxed_grids_up_to_9x9_and_16x16_to_fast_and_the_rest_to_cp() {
    let auto = AutoEngine::default();
    let mut prepared = Solver::new(&auto);
    let request = Request::new(Mode::CountUpTo(2));
    let mut seen = [false; 2];
    for case in cases() {
        let plain = matches!(case.puzzle.layout(), Layout::Boxes(_))
            && case.kind == "classic"
            && case.puzzle.cages().is_empty();
        let expected = if plain && (case.puzzle.size() <= 9 || case.puzzle.size() == 16) {
            "fast"
        } else {
            "cp"
        };
        seen[usize::from(expected == "cp")] = true;
        let direct = solve(&auto, &case.puzzle, &request).expect("auto answers every case");
        assert_eq!(direct.delegate, Some(expected), "{}", case.name);
        let answer = prepared.solve(&case.puzzle, &request).expect("answers");
        assert_eq!(answer.delegate, Some(expected), "{} prepared", case.name);
        let optimise = prepared.solve(&case.puzzle, &Request::new(Mode::Optimize));
        assert_eq!(optimise.expect("cp optimises").delegate, Some("cp"));
    }
    assert_eq!(seen, [true, true], "cases of both kinds");
}

/// A `rows`×`cols`-boxed pattern grid with `open` of every 20 cells blank
/// (cells spread by a stride prime to the size).
fn pattern_puzzle(rows: usize, cols: usize, open: usize) -> Puzzle {
    let n = rows * cols;
    let mut givens: Vec<u8> = (0..n * n)
        .map(|cell| {
            let (r, c) = (cell / n, cell % n);
            ((cols * (r % rows) + r / rows + c) % n + 1) as u8
        })
        .collect();
    for k in 0..n * n {
        if (k * 7) % 20 < open {
            givens[(k * 97) % (n * n)] = 0;
        }
    }
    Puzzle::boxed(rows, cols, givens).unwrap()
}

/// Past 9×9, plain grids go where the measurement says: `fast` for 16×16
/// ones and 25×25 ones mostly blank, `sat` for 49×49 and 64×64 ones mostly
/// blank, `cp` for the rest; directly and prepared alike.
#[test]
fn auto_gives_big_grids_to_the_engine_measured_fastest() {
    assert_eq!(big_grid_pick(9, 0.2), Pick::Fast);
    assert_eq!(big_grid_pick(12, 0.75), Pick::Cp);
    assert_eq!(big_grid_pick(16, 0.45), Pick::Fast);
    assert_eq!(big_grid_pick(16, 0.75), Pick::Fast);
    assert_eq!(big_grid_pick(25, 0.45), Pick::Cp);
    assert_eq!(big_grid_pick(25, 0.65), Pick::Cp);
    assert_eq!(big_grid_pick(25, 0.75), Pick::Fast);
    assert_eq!(big_grid_pick(36, 0.75), Pick::Cp);
    assert_eq!(big_grid_pick(49, 0.55), Pick::Cp);
    assert_eq!(big_grid_pick(49, 0.95), Pick::Cp);
    assert_eq!(big_grid_pick(64, 0.70), Pick::Cp);
    assert_eq!(big_grid_pick(64, 0.90), Pick::Cp);
    assert_eq!(big_grid_pick(81, 0.75), Pick::Cp);
    let sat = if cfg!(feature = "sat") {
        Pick::Sat
    } else {
        Pick::Cp
    };
    assert_eq!(big_grid_pick(49, 0.65), sat);
    assert_eq!(big_grid_pick(49, 0.85), sat);
    assert_eq!(big_grid_pick(64, 0.80), sat);
    let auto = AutoEngine::default();
    let mut prepared = Solver::new(&auto);
    // The pick does not depend on the mode (but for optimisation).
    let request = Request::new(Mode::First);
    let cases = [(5, 15, "fast"), (5, 9, "cp"), (4, 15, "fast"), (6, 9, "cp")];
    // 49×49 10% and 95% blank: `cp` fills them at once.
    for (rows, open, expected) in cases.into_iter().chain([(7, 2, "cp"), (7, 19, "cp")]) {
        let puzzle = pattern_puzzle(rows, rows, open);
        let n = puzzle.size();
        let blank = puzzle.givens().iter().filter(|&&d| d == 0).count();
        let share = blank as f64 / (n * n) as f64;
        assert_eq!(big_grid_pick(n, share).name(), expected, "{n}x{n} {share}");
        let answer = solve(&auto, &puzzle, &request).expect("auto answers");
        assert_eq!(answer.delegate, Some(expected), "{n}x{n}, {open}/20 open");
        assert!(!answer.grids.is_empty(), "a verified grid");
        let answer = prepared.solve(&puzzle, &request).expect("answers");
        assert_eq!(answer.delegate, Some(expected), "{n}x{n} prepared");
        if expected == "fast" {
            let optimise = prepared.solve(&puzzle, &Request::new(Mode::Optimize));
            assert_eq!(optimise.expect("cp optimises").delegate, Some("cp"));
        }
    }
}

/// `cp` keeps a domain in one machine word of at most 128 bits; a model
/// past it goes to `sat`.
#[cfg(feature = "sat")]
mod past_one_word {
    use sudokit_engines::{build, AutoEngine};
    use sudokit_model::{Constraint, Domain, Engine, Mode, Model, Request};
    use sudokit_pipeline::judge_model;

    /// Two variables that differ, each 1 or 200: values 200 apart, past the
    /// 128 that `cp`'s one-word domains span; exactly two solutions.
    fn wide_model() -> Model {
        let mut model = Model::new();
        let x = model.new_var("x", Domain::from_values([1, 200]));
        let y = model.new_var("y", Domain::from_values([200, 1]));
        model.add(Constraint::AllDifferent(vec![x, y])).unwrap();
        model
    }

    #[test]
    fn auto_gives_sat_the_models_whose_values_cp_cannot_span() {
        let model = wide_model();
        let request = Request::new(Mode::All);
        assert_eq!(
            build("cp")
                .unwrap()
                .solve(&model, &request)
                .unwrap_err()
                .to_string(),
            "cp:dom-wdeg does not support domains spanning more than 128 values (here 1..=200)"
        );
        let auto = AutoEngine::default();
        let outcome = auto.solve(&model, &request).expect("auto answers");
        judge_model(&auto, &model, &request, &outcome).expect("a right answer");
        assert_eq!(
            (outcome.count, outcome.complete, outcome.delegate),
            (2, true, Some("sat"))
        );
        let mut solutions = outcome.solutions;
        solutions.sort();
        assert_eq!(solutions, [[1, 200], [200, 1]]);
    }
}

/// A 49×49 grid 75% blank goes to `sat`, directly and prepared: a search
/// of seconds (the pattern's blanks make one `cp` does not finish in ten),
/// so the request comes cancelled and `sat` stops at once. Under a node
/// limit too, but only if this build's SAT solver counts its decisions
/// (CaDiCaL does, BatSat does not): else to `cp`, which counts nodes, so
/// the limit the caller set holds.
#[cfg(feature = "sat")]
#[test]
fn auto_gives_49x49_grids_mostly_blank_to_sat_where_it_keeps_the_limits() {
    use sudokit_model::{CancelToken, Engine, LimitKind, Limits, Status};
    let puzzle = pattern_puzzle(7, 7, 15);
    let cancelled = CancelToken::new();
    cancelled.cancel();
    let counts_nodes = sudokit_sat::SatEngine::default()
        .capabilities()
        .honours(LimitKind::Nodes);
    let stopped = Limits::none().with_cancel(cancelled);
    let nodes = (
        stopped.clone().with_nodes(1_000),
        if counts_nodes { "sat" } else { "cp" },
    );
    let auto = AutoEngine::default();
    for (limits, expected) in [(stopped, "sat"), nodes] {
        let request = Request::new(Mode::CountUpTo(2)).with_limits(limits);
        let direct = solve(&auto, &puzzle, &request).expect("auto answers");
        let prepared = Solver::new(&auto)
            .solve(&puzzle, &request)
            .expect("answers");
        for answer in [direct, prepared] {
            assert_eq!(answer.delegate, Some(expected));
            assert_eq!(answer.status, Status::LimitReached(LimitKind::Cancelled));
        }
    }
}
