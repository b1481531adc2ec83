//! Which engine `auto` hands each conformance case to, directly and prepared.

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
