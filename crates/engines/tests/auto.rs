//! Which engine `auto` hands each conformance case to, directly and
//! prepared, and a model `cp` refuses to.

use sudokit_conformance::cases;
use sudokit_engines::AutoEngine;
use sudokit_model::{Mode, Request};
use sudokit_pipeline::{solve, Solver};
use sudokit_puzzle::Layout;

#[test]
fn auto_gives_boxed_grids_up_to_9x9_to_fast_and_the_rest_to_cp() {
    let auto = AutoEngine::default();
    let mut prepared = Solver::new(&auto);
    let request = Request::new(Mode::CountUpTo(2));
    let mut seen = [false; 2];
    for case in cases() {
        let plain = matches!(case.puzzle.layout(), Layout::Boxes(_))
            && case.kind == "classic"
            && case.puzzle.cages().is_empty();
        let expected = if plain && case.puzzle.size() <= 9 {
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
