//! `analyze` and `reduce`, each conclusion checked by a second engine.

mod common;

use common::*;
use sudokit_analysis::{
    analyze, given_count, reduce, AnalysisError, AnalyzeOptions, Counter, Order, ReduceOptions,
    Symmetry,
};
use sudokit_model::Limits;
use sudokit_puzzle::Puzzle;
use sudokit_testkit::BenchSet;

fn counter(engine: &dyn sudokit_model::Engine) -> Counter<'_> {
    Counter::new(engine, Limits::none())
}

#[test]
fn an_extra_given_on_a_minimal_puzzle_is_found_redundant_and_every_redundant_one_is() {
    let fast = sudokit_engines::build("fast").unwrap();
    let options = ReduceOptions {
        order: Some(Order::Random(7)),
        ..ReduceOptions::default()
    };
    for hard in lines("coursia/Sudoku_top95.txt", 4) {
        let minimal = reduce(&mut counter(fast.as_ref()), &hard, &options).unwrap();
        assert_unique(&minimal.puzzle, &minimal.solution);
        assert_minimal(&minimal.puzzle);
        let analysis = analyze(
            &mut counter(fast.as_ref()),
            &minimal.puzzle,
            &AnalyzeOptions::default(),
        )
        .unwrap();
        assert_eq!((analysis.unique, analysis.minimal), (true, Some(true)));
        assert_eq!(analysis.redundant, Some(vec![]));

        // One more given from the solution: now it is redundant.
        let blank = (0..81).find(|&c| minimal.puzzle.givens()[c] == 0).unwrap();
        let extra = with(&minimal.puzzle, blank, minimal.solution[blank]);
        let analysis = analyze(
            &mut counter(fast.as_ref()),
            &extra,
            &AnalyzeOptions::default(),
        )
        .unwrap();
        assert_eq!(analysis.minimal, Some(false));
        let redundant = analysis.redundant.unwrap();
        assert!(
            redundant.contains(&blank),
            "{redundant:?} lacks r{}c{}",
            blank / 9 + 1,
            blank % 9 + 1
        );
        for &cell in &redundant {
            assert_unique(&without(&extra, &[cell]), &minimal.solution);
        }
        // And the ones it keeps are needed.
        for cell in givens(&extra)
            .into_iter()
            .filter(|c| !redundant.contains(c))
        {
            assert_eq!(
                solutions_by_second_engine(&without(&extra, &[cell]), 2).len(),
                2
            );
        }
    }
}

#[test]
fn an_ambiguous_puzzle_gets_its_differing_cells_and_clues_that_make_it_unique() {
    let fast = sudokit_engines::build("fast").unwrap();
    for hard in lines("coursia/Sudoku_top95.txt", 3) {
        // A minimal puzzle less a given: several solutions (the first
        // given whose removal leaves fewer than 1000).
        let minimal = reduce(
            &mut counter(fast.as_ref()),
            &hard,
            &ReduceOptions::default(),
        )
        .unwrap();
        let ambiguous = givens(&minimal.puzzle)
            .into_iter()
            .map(|cell| without(&minimal.puzzle, &[cell]))
            .find(|p| solutions_by_second_engine(p, 1000).len() < 1000)
            .unwrap();
        let analysis = analyze(
            &mut counter(fast.as_ref()),
            &ambiguous,
            &AnalyzeOptions::default(),
        )
        .unwrap();
        let by_cp = solutions_by_second_engine(&ambiguous, 1000);
        assert_eq!(analysis.solutions, by_cp.len() as u64);
        assert!(
            !analysis.unique && analysis.solutions > 1 && analysis.exact,
            "{} {}",
            analysis.solutions,
            analysis.exact
        );
        let differing = analysis.differing.unwrap();
        assert!(!differing.is_empty());
        assert!(differing.iter().all(|&c| ambiguous.givens()[c] == 0));
        // Two of cp's solutions differ exactly there for some pair.
        assert!(by_cp.iter().any(|a| by_cp
            .iter()
            .any(|b| { (0..81).filter(|&c| a[c] != b[c]).collect::<Vec<_>>() == differing })));
        let clues = analysis.completion.unwrap();
        assert!(!clues.is_empty());
        let mut completed = ambiguous.clone();
        for &(cell, digit) in &clues {
            completed = with(&completed, cell, digit);
        }
        assert_eq!(solutions_by_second_engine(&completed, 2).len(), 1);
        // Each clue is needed beside the others.
        for &(cell, _) in &clues {
            assert_eq!(
                solutions_by_second_engine(&without(&completed, &[cell]), 2).len(),
                2
            );
        }
    }
}

#[test]
fn no_solution_is_an_answer_and_reduce_refuses_it() {
    let fast = sudokit_engines::build("fast").unwrap();
    let mut givens = vec![0; 81];
    givens[0] = 1;
    givens[10] = 1; // same box
    let clash = Puzzle::boxed(3, 3, givens).unwrap();
    let analysis = analyze(
        &mut counter(fast.as_ref()),
        &clash,
        &AnalyzeOptions::default(),
    )
    .unwrap();
    assert_eq!(
        (analysis.solutions, analysis.exact, analysis.unique),
        (0, true, false)
    );
    assert_eq!(
        analysis.clash.map(|c| c.to_string()).as_deref(),
        Some("1 appears twice in box 1: r1c1 and r2c2")
    );
    let e = reduce(
        &mut counter(fast.as_ref()),
        &clash,
        &ReduceOptions::default(),
    )
    .unwrap_err();
    assert_eq!(
        e.to_string(),
        "the puzzle has no solution: 1 appears twice in box 1: r1c1 and r2c2"
    );
    assert!(matches!(e, AnalysisError::NoSolution(Some(_))));
    let blank = Puzzle::boxed(2, 2, vec![0; 16]).unwrap();
    let e = reduce(
        &mut counter(fast.as_ref()),
        &blank,
        &ReduceOptions::default(),
    )
    .unwrap_err();
    assert_eq!(
        e.to_string(),
        "the puzzle has more than one solution: reduce needs a unique one"
    );
}

#[test]
fn reduce_keeps_a_symmetry_and_no_orbit_can_go_after_it() {
    let fast = sudokit_engines::build("fast").unwrap();
    let hard = &lines("coursia/Sudoku_top95.txt", 1)[0];
    let solution = solutions_by_second_engine(hard, 1).remove(0);
    let full = Puzzle::boxed(3, 3, solution.clone()).unwrap();
    for symmetry in [Symmetry::Rot180, Symmetry::Rot90, Symmetry::Diagonal] {
        let options = ReduceOptions {
            symmetry,
            order: Some(Order::Random(3)),
            target: None,
        };
        let reduced = reduce(&mut counter(fast.as_ref()), &full, &options).unwrap();
        assert_eq!(reduced.solution, solution);
        assert_eq!(reduced.removed, 81 - given_count(&reduced.puzzle));
        assert_unique(&reduced.puzzle, &solution);
        symmetry.check_givens(&reduced.puzzle).unwrap();
        for orbit in symmetry.orbits(9) {
            if orbit.iter().all(|&c| reduced.puzzle.givens()[c] != 0) {
                assert_eq!(
                    solutions_by_second_engine(&without(&reduced.puzzle, &orbit), 2).len(),
                    2
                );
            }
        }
    }
    // Row-major order is the same every time; a target stops early.
    let options = ReduceOptions {
        target: Some(40),
        ..ReduceOptions::default()
    };
    let a = reduce(&mut counter(fast.as_ref()), &full, &options).unwrap();
    let b = reduce(&mut counter(fast.as_ref()), &full, &options).unwrap();
    assert_eq!(a, b);
    assert_eq!(given_count(&a.puzzle), 40);
    // Givens that are not symmetric are refused, by name.
    let e = reduce(
        &mut counter(fast.as_ref()),
        hard,
        &ReduceOptions {
            symmetry: Symmetry::Rot180,
            ..ReduceOptions::default()
        },
    );
    assert!(matches!(e, Err(AnalysisError::Symmetry(_))), "{e:?}");
}

#[test]
fn variants_are_analysed_by_cp_and_checked_by_sat() {
    let auto = sudokit_engines::build("auto").unwrap();
    let sat = sudokit_engines::build("sat").unwrap();
    for name in ["x9.toml", "jigsaw9.toml", "killer9.toml"] {
        let puzzle = example(name);
        let analysis = analyze(
            &mut counter(auto.as_ref()),
            &puzzle,
            &AnalyzeOptions::default(),
        )
        .unwrap();
        assert!(analysis.unique, "{name}");
        let solution = analysis.solution.clone().unwrap();
        assert!(sudokit_verify::check_grid(&puzzle, &solution).is_valid());
        let mut by_sat = counter(sat.as_ref());
        for &cell in analysis.redundant.as_ref().unwrap() {
            assert_eq!(
                by_sat.unique_solution(&without(&puzzle, &[cell])).unwrap(),
                Some(solution.clone()),
                "{name}"
            );
        }
        for cell in givens(&puzzle)
            .into_iter()
            .filter(|c| !analysis.redundant.as_ref().unwrap().contains(c))
        {
            assert_eq!(
                by_sat.unique_solution(&without(&puzzle, &[cell])).unwrap(),
                None,
                "{name}"
            );
        }
        assert!(analysis.difficulty.is_some());
    }
}

/// Of Easy51's first 20 puzzles, those that singles solve (counted by hand
/// with `sudokit solve --engine cp:propagation=singles --count 2 --stats`:
/// no guess).
const EASY_BY_SINGLES: usize = 17;

#[test]
fn singles_tell_easy_from_hard_and_agree_with_the_reference_search() {
    let fast = sudokit_engines::build("fast").unwrap();
    let difficulties = |path| {
        lines(path, 20)
            .iter()
            .map(|p| analyze(&mut counter(fast.as_ref()), p, &AnalyzeOptions::default()).unwrap())
            .map(|a| a.difficulty.unwrap())
            .collect::<Vec<_>>()
    };
    let easy = difficulties("coursia/Sudoku_Easy51.txt");
    let hard = difficulties("coursia/Sudoku_top95.txt");
    for d in easy.iter().chain(&hard) {
        assert_eq!(d.singles, d.open_after_singles == 0);
        if d.singles {
            assert_eq!(
                d.guesses, 0,
                "singles solve it, so the reference search never guesses"
            );
        }
    }
    let singles = |ds: &[sudokit_analysis::Difficulty]| ds.iter().filter(|d| d.singles).count();
    assert_eq!((singles(&easy), singles(&hard)), (EASY_BY_SINGLES, 0));
    assert!(hard.iter().all(|d| d.guesses > 0));
}

#[test]
fn seventeen_clue_puzzles_are_all_minimal() {
    let fast = sudokit_engines::build("fast").unwrap();
    let options = AnalyzeOptions {
        difficulty: false,
        ..AnalyzeOptions::default()
    };
    for (source, lines) in BenchSet::SEVENTEEN_CLUE.sample_and_full_set() {
        for line in lines.iter().step_by(3) {
            let puzzle = sudokit_formats::parse_line(line, &Default::default()).unwrap();
            let analysis = analyze(&mut counter(fast.as_ref()), &puzzle, &options).unwrap();
            assert_eq!(
                (analysis.givens, analysis.unique, analysis.minimal),
                (17, true, Some(true)),
                "{source}: {line}"
            );
        }
    }
}
