//! Grids of every kind, solved and checked by `sudokit-verify`.

use sudokit_cp::CpEngine;
use sudokit_model::{Engine, Mode, Request, Status};
use sudokit_puzzle::{Layout, Puzzle, PuzzleSpec};
use sudokit_verify::check_grid;

fn givens(line: &str) -> Vec<u8> {
    line.bytes()
        .map(|b| if b.is_ascii_digit() { b - b'0' } else { 0 })
        .collect()
}

fn solve_unique(engine: &CpEngine, puzzle: &Puzzle) {
    let outcome = engine
        .solve(&puzzle.to_model(), &Request::new(Mode::CountUpTo(2)))
        .unwrap();
    assert_eq!(outcome.count, 1, "{}", engine.name());
    assert!(outcome.complete);
    let n = puzzle.size();
    let grid: Vec<u8> = outcome.solutions[0][..n * n]
        .iter()
        .map(|&v| v as u8)
        .collect();
    assert!(check_grid(puzzle, &grid).is_valid());
}

#[test]
fn every_top95_and_hardest_puzzle_is_solved_and_unique() {
    let engine = CpEngine::new();
    for file in [
        include_str!("../../../data/coursia/Sudoku_top95.txt"),
        include_str!("../../../data/coursia/Sudoku_hardest.txt"),
    ] {
        for line in file.lines().map(str::trim).filter(|l| l.len() == 81) {
            solve_unique(&engine, &Puzzle::boxed(3, 3, givens(line)).unwrap());
        }
    }
}

#[test]
fn blank_grids_up_to_25x25_are_filled() {
    for (rows, cols) in [(2, 2), (2, 3), (3, 3), (3, 4), (4, 4), (5, 5)] {
        let n = rows * cols;
        let puzzle = Puzzle::boxed(rows, cols, vec![0; n * n]).unwrap();
        let outcome = CpEngine::from_options(&["first-fail"])
            .unwrap()
            .solve(&puzzle.to_model(), &Request::new(Mode::First))
            .unwrap();
        assert_eq!(outcome.status, Status::Solved, "{n}x{n}");
        let grid: Vec<u8> = outcome.solutions[0].iter().map(|&v| v as u8).collect();
        assert!(check_grid(&puzzle, &grid).is_valid(), "{n}x{n}");
    }
}

/// A valid 25x25 grid with the cells `(i * 7 + i / 25) % keep != 0` blanked.
fn grid25(keep: usize) -> Puzzle {
    let n = 25;
    let givens = (0..n * n)
        .map(|i| {
            let (r, c) = (i / n, i % n);
            let digit = (((r % 5) * 5 + r / 5 + c) % n + 1) as u8;
            if (i * 7 + i / n) % keep == 0 {
                digit
            } else {
                0
            }
        })
        .collect();
    Puzzle::boxed(5, 5, givens).unwrap()
}

#[test]
fn matching_keeps_a_sparse_25x25_easy_even_in_input_order() {
    // Three quarters blank: `input-order:singles` runs for seconds here
    // (BENCHMARKS.md, "cp search strategies"), AC needs a few hundred nodes.
    let puzzle = grid25(4);
    let outcome = CpEngine::from_options(&["input-order", "ac"])
        .unwrap()
        .solve(&puzzle.to_model(), &Request::new(Mode::CountUpTo(2)))
        .unwrap();
    assert_eq!(outcome.count, 2);
    assert!(
        outcome.stats.nodes.unwrap_or_default() < 1000,
        "{} nodes",
        outcome.stats.nodes.unwrap_or_default()
    );
    for s in &outcome.solutions {
        let grid: Vec<u8> = s.iter().map(|&v| v as u8).collect();
        assert!(check_grid(&puzzle, &grid).is_valid());
    }
}

#[test]
fn a_25x25_with_two_thirds_of_the_cells_blank_is_completed() {
    let puzzle = grid25(3);
    let outcome = CpEngine::new()
        .solve(&puzzle.to_model(), &Request::new(Mode::First))
        .unwrap();
    let grid: Vec<u8> = outcome.solutions[0].iter().map(|&v| v as u8).collect();
    assert!(check_grid(&puzzle, &grid).is_valid());
}

#[test]
fn the_course_zone_grid_has_exactly_two_solutions() {
    // The SAT notebook's 3x3 grid: rows and columns all-different, and three
    // coloured zones (here: the conformance suite's extra3-zones case).
    let case = sudokit_conformance::cases()
        .into_iter()
        .find(|c| c.name == "extra3-zones")
        .unwrap();
    for spec in [
        &[][..],
        &["input-order", "fc"],
        &["chs", "luby", "restart-base=1"],
    ] {
        let outcome = CpEngine::from_options(spec)
            .unwrap()
            .solve(&case.puzzle.to_model(), &Request::new(Mode::All))
            .unwrap();
        assert_eq!(outcome.count, 2);
        assert!(outcome.complete);
        for s in &outcome.solutions {
            let grid: Vec<u8> = s.iter().map(|&v| v as u8).collect();
            assert!(check_grid(&case.puzzle, &grid).is_valid());
        }
    }
}

#[test]
fn every_propagation_level_agrees_on_killer_and_x_cases() {
    for case in sudokit_conformance::cases()
        .into_iter()
        .filter(|c| c.kind == "killer" || c.kind == "x")
    {
        for level in ["fc", "singles", "ac"] {
            let engine = CpEngine::from_options(&["first-fail", level]).unwrap();
            let outcome = engine
                .solve(
                    &case.puzzle.to_model(),
                    &Request::new(Mode::CountUpTo(case.count_cap)),
                )
                .unwrap();
            assert_eq!(outcome.count, case.count, "{} with {level}", case.name);
        }
    }
}

#[test]
fn stronger_propagation_never_needs_more_nodes() {
    let hard = include_str!("../../../data/coursia/Sudoku_hardest.txt")
        .lines()
        .next()
        .unwrap();
    let model = Puzzle::boxed(3, 3, givens(hard)).unwrap().to_model();
    let nodes = |level: &str| {
        CpEngine::from_options(&["input-order", level])
            .unwrap()
            .solve(&model, &Request::new(Mode::CountUpTo(2)))
            .unwrap()
            .stats
            .nodes
            .expect("cp counts nodes")
    };
    let (fc, singles, ac) = (nodes("fc"), nodes("singles"), nodes("ac"));
    assert!(
        ac <= singles && singles <= fc,
        "fc {fc}, singles {singles}, ac {ac}"
    );
}

#[test]
fn a_latin_square_without_boxes_is_a_puzzle_too() {
    let spec = PuzzleSpec::blank(6, Layout::Latin);
    let puzzle = Puzzle::new(spec).unwrap();
    let outcome = CpEngine::new()
        .solve(&puzzle.to_model(), &Request::new(Mode::CountUpTo(10)))
        .unwrap();
    assert_eq!(outcome.count, 10);
    assert!(!outcome.complete);
}

/// A request's preferred values steer the search, not the answer: on a
/// 25x25 grid with many solutions, each of the first two found is found
/// first when preferred, and the count to 2 is the same; values that are
/// no digit are ignored.
#[test]
fn preferred_values_are_found_first_and_change_no_count() {
    let model = grid25(3).to_model();
    let count = |prefer: Option<Vec<i32>>| {
        let mut request = Request::new(Mode::CountUpTo(2)).keeping(2);
        if let Some(prefer) = prefer {
            request = request.preferring(prefer.into());
        }
        CpEngine::new().solve(&model, &request).unwrap()
    };
    let plain = count(None);
    assert_eq!((plain.status, plain.count), (Status::Solved, 2));
    assert_ne!(plain.solutions[0], plain.solutions[1]);
    for wanted in &plain.solutions {
        let steered = count(Some(wanted.clone()));
        assert_eq!((steered.status, steered.count), (Status::Solved, 2));
        assert_eq!(&steered.solutions[0], wanted);
    }
    let nonsense = count(Some(vec![0, 999, -3]));
    assert_eq!(nonsense.solutions, plain.solutions);
}
