//! Engines against each other on the benchmark samples of `data/bench/`:
//! the same exact solution counts (the serg set's puzzles have several
//! solutions), every grid judged by the verifier through the pipeline:
//! `sat` against `fast`, `choco` against `cp`. With `SUDOKIT_BENCH_DATA`
//! they compare the full sets too. Without Choco's library the `choco`
//! test says it was skipped.

use sudokit_formats::{parse_line, ReadOptions};
use sudokit_model::{Mode, Request};
use sudokit_pipeline::solve;
use sudokit_testkit::BenchSet;

/// Every `every`-th puzzle of the serg and magictour samples (and of the
/// full sets with `SUDOKIT_BENCH_DATA`).
const EVERY: usize = 5;

/// Asserts that `spec` counts what `reference` counts on the serg and
/// magictour samples (each read whole, or the test fails): every serg
/// puzzle has several solutions, every magictour puzzle one.
fn counts_agree(spec: &str, reference: &str) {
    let reference_engine = sudokit_engines::build(reference).unwrap();
    let engine = sudokit_engines::build(spec).unwrap();
    let request = Request::new(Mode::CountUpTo(1000));
    for (set, solutions) in [(BenchSet::SERG, 2..=1000), (BenchSet::TOP1465, 1..=1)] {
        for (source, lines) in set.sample_and_full_set() {
            for line in lines.iter().step_by(EVERY) {
                let puzzle = parse_line(&line[..81], &ReadOptions::default()).expect("9x9");
                let by_engine = solve(engine.as_ref(), &puzzle, &request).expect("verified");
                let by_reference =
                    solve(reference_engine.as_ref(), &puzzle, &request).expect("verified");
                assert_eq!(
                    (by_engine.count, by_engine.complete),
                    (by_reference.count, by_reference.complete),
                    "{spec} against {reference} on {source}: {line}"
                );
                assert!(solutions.contains(&by_engine.count), "{source}: {line}");
            }
        }
    }
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
    use sudokit_testkit::{found, Tool};
    if found(Tool::Choco, sudokit_choco::library()).is_none() {
        return;
    }
    counts_agree("choco", "cp");
    counts_agree("choco:var=dom-wdeg:restarts=luby", "cp:var=first-fail");
}
