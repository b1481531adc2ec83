//! `sat` against `fast` on samples of the benchmark sets: the same exact
//! solution counts (the serg set's puzzles have several solutions), every
//! grid judged by the verifier through the pipeline. The sets live outside
//! the repository (`shared/data/bench`); when they are missing the test says
//! so and passes.
#![cfg(all(feature = "sat", feature = "fast"))]

use std::path::PathBuf;

use sudokit_model::{Mode, Request};
use sudokit_pipeline::solve;
use sudokit_puzzle::Puzzle;

fn sample(file: &str, every: usize, max: usize) -> Vec<Puzzle> {
    let dir = std::fs::canonicalize(env!("CARGO_MANIFEST_DIR"))
        .map(|here| here.join("../../../shared/data/bench"))
        .ok()
        .filter(|dir| dir.is_dir());
    let Some(dir): Option<PathBuf> = dir else {
        eprintln!("shared/data/bench not found: skipping {file}");
        return Vec::new();
    };
    let text = std::fs::read_to_string(dir.join(file)).expect("readable puzzle file");
    text.lines()
        .filter(|l| l.len() >= 81 && !l.starts_with('#'))
        .step_by(every)
        .take(max)
        .map(|l| {
            let cells = l
                .bytes()
                .take(81)
                .map(|b| if b.is_ascii_digit() { b - b'0' } else { 0 })
                .collect();
            Puzzle::boxed(3, 3, cells).expect("a 9x9 puzzle")
        })
        .collect()
}

#[test]
fn sat_counts_what_fast_counts() {
    let fast = sudokit_engines::build("fast").unwrap();
    let request = Request::new(Mode::CountUpTo(1000));
    let (mut compared, mut several) = (0, 0);
    for spec in ["sat", "sat:solver=batsat"] {
        let sat = sudokit_engines::build(spec).unwrap();
        for (file, every) in [
            ("puzzles7_serg_benchmark", 251),
            ("puzzles3_magictour_top1465", 73),
        ] {
            for puzzle in sample(file, every, 20) {
                let by_sat = solve(sat.as_ref(), &puzzle, &request).expect("verified");
                let by_fast = solve(fast.as_ref(), &puzzle, &request).expect("verified");
                assert_eq!(
                    (by_sat.count, by_sat.complete),
                    (by_fast.count, by_fast.complete),
                    "{spec} on {file}: {}",
                    puzzle
                        .givens()
                        .iter()
                        .map(|d| d.to_string())
                        .collect::<String>()
                );
                compared += 1;
                several += usize::from(by_sat.count > 1);
            }
        }
    }
    assert!(
        compared == 0 || several >= 20,
        "{several} of {compared} with several solutions"
    );
}
