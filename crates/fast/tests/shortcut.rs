//! `solve_classic` (no model) answers exactly as `solve` on the grid's model.

use sudokit_fast::FastEngine;
use sudokit_model::{Engine, Mode, Outcome, Request};

fn answer(outcome: Outcome) -> (sudokit_model::Status, u64, bool, Vec<Vec<i32>>) {
    (
        outcome.status,
        outcome.count,
        outcome.complete,
        outcome.solutions,
    )
}

#[test]
fn the_shortcut_agrees_with_solve_on_every_classic_case() {
    let engine = FastEngine::new();
    let mut compared = 0;
    for case in sudokit_conformance::cases() {
        let Some(grid) = case.puzzle.to_classic_grid() else {
            continue;
        };
        for mode in [Mode::First, Mode::CountUpTo(case.count_cap)] {
            let request = Request::new(mode);
            let via_model = engine.solve(&case.puzzle.to_model(), &request).unwrap();
            let shortcut = engine.solve_classic(&grid, &request).unwrap().unwrap();
            assert_eq!(answer(via_model), answer(shortcut), "{}", case.name);
            compared += 1;
        }
    }
    assert_eq!(compared, 2 * 35, "every classic case, both modes");
    let optimise = Request::new(Mode::Optimize);
    let grid = sudokit_conformance::cases()[0]
        .puzzle
        .to_classic_grid()
        .unwrap();
    assert!(engine.solve_classic(&grid, &optimise).is_none());
}
