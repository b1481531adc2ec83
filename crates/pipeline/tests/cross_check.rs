//! Answers from several engines for one puzzle, checked against each
//! other: a complete count below the distinct verified grids is disproved,
//! and only that.

use std::time::Duration;

use sudokit_model::{LimitKind, Stats, Status};
use sudokit_pipeline::{cross_check, Answer, Disproved};

/// The two solutions of a 4x4 puzzle whose 1s and 2s can swap.
const FIRST: [u8; 16] = [1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1];
const SECOND: [u8; 16] = [2, 1, 3, 4, 3, 4, 2, 1, 1, 2, 4, 3, 4, 3, 1, 2];

fn answer(status: Status, count: u64, complete: bool, grids: &[[u8; 16]]) -> Answer {
    Answer {
        status,
        count,
        complete,
        grids: grids.iter().map(|g| g.to_vec()).collect(),
        objective: None,
        partial: None,
        stats: Stats::default(),
        delegate: None,
        time: Duration::ZERO,
        clash: None,
    }
}

#[test]
fn no_solution_is_disproved_by_another_engines_grid() {
    let found = answer(Status::Solved, 1, false, &[FIRST]);
    let none = answer(Status::Unsatisfiable, 0, true, &[]);
    assert_eq!(
        cross_check(&[("fast", &found), ("liar", &none)]),
        [Disproved {
            index: 1,
            why: "claims no solution, but 1 verified grid(s) exist (also found by fast)".into()
        }]
    );
}

#[test]
fn two_engines_each_claiming_a_different_unique_grid_are_both_wrong() {
    let one = answer(Status::Solved, 1, true, &[FIRST]);
    let other = answer(Status::Solved, 1, true, &[SECOND]);
    let disproved = cross_check(&[("cp", &one), ("sat", &other)]);
    let whys: Vec<(usize, &str)> = disproved
        .iter()
        .map(|d| (d.index, d.why.as_str()))
        .collect();
    assert_eq!(
        whys,
        [
            (
                0,
                "claims exactly one solution, but 2 verified grid(s) exist (also found by sat)"
            ),
            (
                1,
                "claims exactly one solution, but 2 verified grid(s) exist (also found by cp)"
            ),
        ]
    );
}

#[test]
fn agreeing_and_unfinished_answers_stand() {
    let both = answer(Status::Solved, 2, true, &[FIRST, SECOND]);
    let same = answer(Status::Solved, 2, true, &[SECOND, FIRST]);
    // Stopped after one: it claims nothing about the rest.
    let stopped = answer(Status::LimitReached(LimitKind::Time), 1, false, &[FIRST]);
    let capped = answer(Status::Solved, 1, false, &[FIRST]);
    let answers = [
        ("cp", &both),
        ("sat", &same),
        ("z3", &stopped),
        ("fast", &capped),
    ];
    assert_eq!(cross_check(&answers), []);
}
