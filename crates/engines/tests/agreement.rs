//! Engines against each other on samples of the benchmark sets: the same
//! exact solution counts (the serg set's puzzles have several solutions),
//! every grid judged by the verifier through the pipeline: `sat` against
//! `fast`, `choco` against `cp`. The sets live outside the repository
//! (`shared/data/bench`); when they are missing the test says so and
//! passes, and so does the `choco` test without Choco's library.

use std::path::PathBuf;

use sudokit_engines::Availability;
use sudokit_formats::{parse_line, ReadOptions};
use sudokit_model::{Mode, Request};
use sudokit_pipeline::solve;
use sudokit_puzzle::Puzzle;

/// Every `every`-th 9×9 puzzle of a benchmark file, at most `max`.
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
        .map(|l| parse_line(&l[..81], &ReadOptions::default()).expect("a 9x9 puzzle"))
        .collect()
}

/// Asserts that `spec` counts what `reference` counts on samples of the
/// serg and magictour sets, and that at least 10 of them have several
/// solutions.
fn counts_agree(spec: &str, reference: &str) {
    let reference_engine = sudokit_engines::build(reference).unwrap();
    let engine = sudokit_engines::build(spec).unwrap();
    let request = Request::new(Mode::CountUpTo(1000));
    let (mut compared, mut several) = (0, 0);
    for (file, every) in [
        ("puzzles7_serg_benchmark", 251),
        ("puzzles3_magictour_top1465", 73),
    ] {
        for puzzle in sample(file, every, 20) {
            let by_engine = solve(engine.as_ref(), &puzzle, &request).expect("verified");
            let by_reference =
                solve(reference_engine.as_ref(), &puzzle, &request).expect("verified");
            let cells: String = puzzle.givens().iter().map(|d| d.to_string()).collect();
            assert_eq!(
                (by_engine.count, by_engine.complete),
                (by_reference.count, by_reference.complete),
                "{spec} against {reference} on {file}: {cells}"
            );
            compared += 1;
            several += usize::from(by_engine.count > 1);
        }
    }
    assert!(
        compared == 0 || several >= 10,
        "{several} of {compared} with several solutions"
    );
}

#[cfg(all(feature = "sat", feature = "fast"))]
#[test]
fn sat_counts_what_fast_counts() {
    counts_agree("sat", "fast");
    counts_agree("sat:solver=batsat", "fast");
}

#[cfg(all(feature = "choco", feature = "cp"))]
#[test]
fn choco_counts_what_cp_counts() {
    let descriptor = sudokit_engines::find("choco").expect("in the catalogue");
    if let Availability::Unavailable { why, hint } = (descriptor.probe)() {
        assert!(std::env::var_os("SUDOKIT_REQUIRE_CHOCO").is_none(), "{why}");
        return eprintln!("skipped: {why} ({hint})");
    }
    counts_agree("choco", "cp");
    counts_agree("choco:var=dom-wdeg:restarts=luby", "cp:var=first-fail");
}
