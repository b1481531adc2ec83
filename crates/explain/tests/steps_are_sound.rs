//! No step is ever wrong: every placement agrees with every solution, no
//! elimination removes a digit that some solution puts there, and the
//! explanation, guesses included, ends on the solution. Solutions come
//! from the conformance data or from an engine through the pipeline
//! (so verified), never from the explainer.

use sudokit_explain::{explain, ExplainOptions, Explanation, Outcome, Step, Technique};
use sudokit_formats::{parse_line, ReadOptions};
use sudokit_model::{Mode, Request};
use sudokit_puzzle::{cell_name, Puzzle};

/// The solutions of `puzzle` up to `cap`, by `cp` through the pipeline.
fn solutions(puzzle: &Puzzle, cap: u64) -> Vec<Vec<u8>> {
    let engine = sudokit_engines::build("cp").unwrap();
    let answer =
        sudokit_pipeline::solve(engine.as_ref(), puzzle, &Request::new(Mode::CountUpTo(cap)))
            .unwrap();
    answer.grids
}

/// Checks each step of `explanation` against `solutions`; after a guess,
/// against the solutions that agree with it.
fn assert_sound(name: &str, explanation: &Explanation, solutions: &[Vec<u8>]) {
    let mut solutions = solutions.to_vec();
    for (i, step) in explanation.steps.iter().enumerate() {
        let n = step.size;
        let at = || format!("{name}, step {} ({step})", i + 1);
        assert!(step.has_effect(), "{}: no effect", at());
        if step.technique == Technique::Guess {
            solutions.retain(|s| step.placements.iter().all(|&(c, d)| s[c] == d));
            assert!(!solutions.is_empty(), "{}: a guess no solution has", at());
            continue;
        }
        for &(cell, digit) in &step.placements {
            for s in &solutions {
                assert_eq!(
                    s[cell],
                    digit,
                    "{}: {} is {}",
                    at(),
                    cell_name(cell, n),
                    s[cell]
                );
            }
        }
        for &(cell, digit) in &step.eliminations {
            for s in &solutions {
                assert_ne!(s[cell], digit, "{}: removes the solution's digit", at());
            }
        }
    }
}

fn explain_with(puzzle: &Puzzle, solution: &[u8], unique: bool) -> Explanation {
    // Not the nested forcing chains: two puzzles of `Sudoku_hardest.txt`
    // need them at step after step, half a second of CPU each (their
    // steps are checked against the solution in `forcing.rs`'s tests).
    let options = ExplainOptions {
        techniques: Technique::ALL
            .iter()
            .copied()
            .filter(|&t| t != Technique::NestedForcingChain)
            .collect(),
        solution: Some(solution.to_vec()),
        unique,
        ..ExplainOptions::default()
    };
    explain(puzzle, &options)
}

fn coursia(file: &str) -> Vec<Puzzle> {
    let path = format!("{}/../../data/coursia/{file}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path)
        .unwrap()
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| parse_line(l.trim(), &ReadOptions::default()).unwrap())
        .collect()
}

#[test]
fn every_step_on_the_course_sets_is_right_and_replays_to_the_solution() {
    let mut techniques_seen = std::collections::BTreeSet::new();
    for file in [
        "Sudoku_Easy51.txt",
        "Sudoku_top95.txt",
        "Sudoku_hardest.txt",
    ] {
        for (i, puzzle) in coursia(file).iter().enumerate() {
            let found = solutions(puzzle, 2);
            assert_eq!(found.len(), 1, "{file} #{}", i + 1);
            let explanation = explain_with(puzzle, &found[0], true);
            let name = format!("{file} #{}", i + 1);
            assert_sound(&name, &explanation, &found);
            assert_eq!(explanation.outcome, Outcome::Solved, "{name}");
            assert_eq!(explanation.board.values(), found[0], "{name}");
            techniques_seen.extend(explanation.steps.iter().map(|s: &Step| s.technique));
        }
    }
    eprintln!("techniques used: {techniques_seen:?}");
}

#[test]
fn every_step_on_the_conformance_cases_is_right_for_every_solution() {
    for case in sudokit_conformance::cases() {
        let name = &case.name;
        if case.count == 0 {
            let explanation = explain(&case.puzzle, &ExplainOptions::default());
            assert!(
                matches!(explanation.outcome, Outcome::NoSolution(_) | Outcome::Stuck),
                "{name}: {:?}",
                explanation.outcome
            );
            continue;
        }
        if case.count > 50 || case.puzzle.size() > 9 && case.count > 1 {
            continue;
        }
        let found = solutions(&case.puzzle, case.count_cap);
        assert_eq!(found.len() as u64, case.count, "{name}");
        let explanation = explain_with(&case.puzzle, &found[0], case.count == 1);
        assert_sound(name, &explanation, &found);
        assert_eq!(explanation.outcome, Outcome::Solved, "{name}");
        assert_eq!(explanation.board.values(), found[0], "{name}");
        if let Some(solution) = &case.solution {
            assert_eq!(&found[0], solution, "{name}");
        }
    }
}
