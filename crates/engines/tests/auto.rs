//! Which engine `auto` hands each conformance case to.

use sudokit_conformance::cases;
use sudokit_engines::AutoEngine;
use sudokit_model::{Engine, Mode, Request};
use sudokit_puzzle::Layout;

#[test]
fn auto_gives_boxed_grids_up_to_9x9_to_fast_and_the_rest_to_cp() {
    let auto = AutoEngine::default();
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
        let outcome = auto
            .solve(&case.puzzle.to_model(), &request)
            .expect("auto answers every case");
        assert_eq!(outcome.delegate, Some(expected), "{}", case.name);
        if let Some(grid) = case.puzzle.to_classic_grid() {
            let shortcut = auto.solve_classic(&grid, &request);
            assert_eq!(
                shortcut.map(|o| o.expect("answers").delegate),
                (expected == "fast").then_some(Some("fast")),
                "{}",
                case.name
            );
        }
    }
    assert_eq!(seen, [true, true], "cases of both kinds");
}
