//! The 16×16 path (`fast`) against the generic path (`fast:generic`), an
//! independent implementation of the same inference: the same counts on
//! random puzzles, with and without pencil marks and preferred values,
//! every solution a valid grid keeping the givens.

use sudokit_fast::FastEngine;
use sudokit_model::{Engine, Limits, Mode, Request, Status};
use sudokit_puzzle::Puzzle;
use sudokit_verify::check_grid;

/// A fixed pseudo-random stream (xorshift64).
fn stream(mut state: u64) -> impl FnMut() -> u64 {
    move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    }
}

/// A full 16×16 grid: the pattern grid with its digits relabelled and its
/// rows and columns swapped within bands and stacks.
fn full_grid(next: &mut impl FnMut() -> u64) -> Vec<u8> {
    let mut digits: Vec<u8> = (1..=16).collect();
    let mut rows: Vec<usize> = (0..16).collect();
    let mut cols: Vec<usize> = (0..16).collect();
    for i in (1..16).rev() {
        digits.swap(i, next() as usize % (i + 1));
        // Within the group of four.
        let j = i / 4 * 4 + next() as usize % (i % 4 + 1);
        rows.swap(i, j);
        let j = i / 4 * 4 + next() as usize % (i % 4 + 1);
        cols.swap(i, j);
    }
    let mut grid = vec![0; 256];
    for r in 0..16 {
        for c in 0..16 {
            let (pr, pc) = (rows[r], cols[c]);
            grid[r * 16 + c] = digits[(4 * (pr % 4) + pr / 4 + pc) % 16];
        }
    }
    grid
}

fn count(engine: &FastEngine, puzzle: &Puzzle, prefer: Option<&[u8]>) -> (u64, Vec<Vec<u8>>) {
    let mut request = Request::new(Mode::CountUpTo(3))
        .keeping(3)
        .with_limits(Limits::none().with_nodes(200_000));
    if let Some(prefer) = prefer {
        request = request.preferring(prefer.iter().map(|&d| i32::from(d)).collect());
    }
    let outcome = engine.solve(&puzzle.to_model(), &request).unwrap();
    assert!(
        matches!(outcome.status, Status::Solved | Status::Unsatisfiable),
        "{}: {:?}",
        engine.name(),
        outcome.status
    );
    let grids = outcome
        .solutions
        .iter()
        .map(|s| s.iter().map(|&v| v as u8).collect())
        .collect();
    (outcome.count, grids)
}

/// Both paths count `puzzle` alike; every grid found is valid and unique
/// among those found. The count.
fn agree(puzzle: &Puzzle, prefer: Option<&[u8]>) -> u64 {
    let sixteen = FastEngine::new();
    let generic = FastEngine::from_options(&["generic"]).unwrap();
    let (n, grids) = count(&sixteen, puzzle, prefer);
    assert_eq!(n, count(&generic, puzzle, prefer).0);
    for (i, grid) in grids.iter().enumerate() {
        assert!(check_grid(puzzle, grid).is_valid());
        assert!(!grids[..i].contains(grid));
    }
    n
}

#[test]
fn random_puzzles_count_alike_on_both_paths() {
    let mut next = stream(0x5EED_1616);
    let mut counts = [0; 4];
    for round in 0..60 {
        let solution = full_grid(&mut next);
        let blank_grid = Puzzle::boxed(4, 4, vec![0; 256]).unwrap();
        assert!(check_grid(&blank_grid, &solution).is_valid());
        let blank = [30, 40, 50, 62][round % 4];
        let givens: Vec<u8> = solution
            .iter()
            .map(|&d| if next() % 100 < blank { 0 } else { d })
            .collect();
        let puzzle = Puzzle::boxed(4, 4, givens.clone()).unwrap();
        let n = agree(&puzzle, None);
        assert!(n > 0, "round {round}");
        counts[n as usize] += 1;
        // Steered by the solution: the same count, that solution first.
        let (steered, grids) = count(&FastEngine::new(), &puzzle, Some(&solution));
        assert_eq!(steered, n);
        assert_eq!(grids[0], solution);
        // A removal check: the first blank cell's digit ruled out.
        let mut spec = puzzle.spec().clone();
        let cell = givens.iter().position(|&d| d == 0).unwrap();
        let mut marks = vec![0xFFFF; 256];
        marks[cell] &= !(1 << (solution[cell] - 1));
        spec.candidates = Some(marks);
        let other = Puzzle::new(spec).unwrap();
        let left = agree(&other, Some(&solution));
        if n == 1 {
            assert_eq!(left, 0, "round {round}");
        }
    }
    // Unique and ambiguous puzzles both came up.
    assert!(counts[1] > 5 && counts[3] > 5, "{counts:?}");
}

#[test]
fn clashing_and_dead_end_puzzles_have_no_solution() {
    let mut next = stream(7);
    let solution = full_grid(&mut next);
    // Two equal digits in a row, a column and a box.
    for other in [5, 16 * 7, 16 + 1] {
        let mut givens = vec![0; 256];
        givens[0] = 3;
        givens[other] = 3;
        let puzzle = Puzzle::boxed(4, 4, givens).unwrap();
        assert_eq!(agree(&puzzle, None), 0);
    }
    // A full grid with two cells' digits swapped along a row: no grid.
    let mut givens = solution.clone();
    givens.swap(0, 1);
    givens[2..16].fill(0);
    givens[16] = 0;
    let puzzle = Puzzle::boxed(4, 4, givens).unwrap();
    assert_eq!(agree(&puzzle, None), 0);
}

/// A node limit stops the 16×16 search with the root's domains: each
/// cell's candidates after propagation, the givens' digits alone.
#[test]
fn a_stopped_search_gives_the_propagated_domains() {
    let puzzle = Puzzle::boxed(4, 4, vec![0; 256]).unwrap();
    let request = Request::new(Mode::CountUpTo(1_000)).with_limits(Limits::none().with_nodes(5));
    let outcome = FastEngine::new()
        .solve(&puzzle.to_model(), &request)
        .unwrap();
    assert!(matches!(outcome.status, Status::LimitReached(_)));
    let partial = outcome.partial.expect("domains on a limit");
    assert_eq!(partial.domains.len(), 256);
    assert!(partial.domains.iter().all(|d| d.len() == 16));
}

/// Removal checks of one puzzle through one prepared engine, as
/// `generate --minimal` asks them: the unit weights learned by one carry to
/// the next preferring the same solution, which changes how many nodes a
/// check takes but never its answer; a request preferring nothing starts
/// afresh, node for node as on a new engine.
#[test]
fn learned_weights_carry_only_between_requests_preferring_one_solution() {
    let mut next = stream(0x5EED_0055);
    let solution = full_grid(&mut next);
    let givens: Vec<u8> = solution
        .iter()
        .map(|&d| if next() % 100 < 62 { 0 } else { d })
        .collect();
    let puzzle = Puzzle::boxed(4, 4, givens.clone()).unwrap();
    let prefer: std::sync::Arc<[i32]> = solution.iter().map(|&d| i32::from(d)).collect();
    let engine = FastEngine::new();
    let model = puzzle.to_model();
    let mut prepared = engine.prepare(&model).unwrap();
    let mut cells = Vec::new();
    puzzle.cell_candidates(&mut cells);
    let plain = Request::new(Mode::CountUpTo(2)).keeping(0);
    let fresh_solve = |request: &Request, cells: &[u64]| {
        let mut fresh = engine.prepare(&model).unwrap();
        fresh.load(cells).unwrap();
        fresh.solve(request).unwrap()
    };
    let mut differed = 0;
    for cell in (0..256).filter(|&c| givens[c] == 0).take(40) {
        // The solution's digit ruled out in one cell.
        let mut marks = cells.clone();
        marks[cell] &= !(1 << (solution[cell] - 1));
        let check = Request::new(Mode::CountUpTo(1))
            .keeping(1)
            .preferring(prefer.clone());
        prepared.load(&marks).unwrap();
        let kept = prepared.solve(&check).unwrap();
        let fresh = fresh_solve(&check, &marks);
        assert_eq!(kept.count, fresh.count, "cell {cell}");
        assert_eq!(kept.status, fresh.status, "cell {cell}");
        for grid in &kept.solutions {
            let grid: Vec<u8> = grid.iter().map(|&v| v as u8).collect();
            assert!(check_grid(&puzzle, &grid).is_valid());
            assert_ne!(grid[cell], solution[cell]);
        }
        differed += usize::from(kept.stats.nodes != fresh.stats.nodes);
        // Preferring nothing: as on a new engine.
        prepared.load(&cells).unwrap();
        let again = prepared.solve(&plain).unwrap();
        let new = fresh_solve(&plain, &cells);
        assert_eq!(again.stats.nodes, new.stats.nodes);
        assert_eq!(again.solutions, new.solutions);
    }
    // The weights did carry: some check took another number of nodes.
    assert!(differed > 0);
}
