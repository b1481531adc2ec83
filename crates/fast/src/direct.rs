//! The direct API: a 9×9 puzzle as 81 bytes in, counts out, no [`Model`].
//!
//! This is what batch callers (the CLI's `bench` and `count` over files, run
//! in parallel with rayon) use: no allocation, nothing but the search.
//!
//! [`Model`]: sudokit_model::Model

use std::iter;

use sudokit_model::{Collector, LimitKind, Limits, Mode, Request};

use crate::classic::{Board, Search};
use crate::isa::Level;

/// The answer of [`solve_digits`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FastResult {
    /// Solutions found, at most the cap.
    pub count: u64,
    /// The first solution found, row-major digits 1..=9.
    pub solution: Option<[u8; 81]>,
    /// Guesses made: each branch tried counts one (a digit on a cell, or
    /// one side of a triad split).
    pub guesses: u64,
    /// Branch points: the nodes where the search split, each counted once
    /// however many of its branches it tried. tdoku's `run_benchmark`
    /// reports its guesses this way, so this is the number to set beside
    /// them.
    pub branches: u64,
    /// The limit that stopped the search, if one did (`count` is then a
    /// lower bound).
    pub limit: Option<LimitKind>,
    /// True when the whole search space was explored, so `count` is exact.
    pub complete: bool,
}

/// Counts the solutions of a classic 9×9 puzzle up to `cap`, keeping the
/// first one.
///
/// `givens` is row-major, 0 for a blank and 1..=9 for a given. Clashing
/// givens, or a value above 9, make a puzzle with no solution (count 0,
/// complete). `cap = 1` finds one solution, `cap = 2` is the uniqueness
/// check, `u64::MAX` counts them all. The limits are checked at every guess.
pub fn solve_digits(givens: &[u8; 81], cap: u64, limits: &Limits) -> FastResult {
    solve_digits_at(Level::detect(), givens, cap, limits)
}

/// The instruction set level [`solve_digits`] and the engine run at on this
/// CPU: `scalar`, `avx2`, `avx2+pext` or `avx512+pext` (see the crate docs).
pub fn instruction_level() -> &'static str {
    Level::detect().name()
}

/// [`solve_digits`] at a given level.
fn solve_digits_at(level: Level, givens: &[u8; 81], cap: u64, limits: &Limits) -> FastResult {
    let mut result = FastResult {
        count: 0,
        solution: None,
        guesses: 0,
        branches: 0,
        limit: None,
        complete: true,
    };
    let Some(board) = level.board(givens) else {
        return result;
    };
    if cap == 0 {
        // Asked for no solution: nothing to search, nothing known.
        result.complete = false;
        return result;
    }
    let request = Request::new(Mode::CountUpTo(cap)).keeping(0);
    let mut collector = Collector::new(&request, None);
    let mut first = None;
    let mut search = Search::new(limits.checker(), |b: &Board| {
        if first.is_none() {
            first = Some(level.digits(b));
        }
        collector.found(iter::empty)
    });
    search.run_at(level, board);
    let tally = search.tally;
    let outcome = collector.finish(tally.limit);
    FastResult {
        count: outcome.count,
        solution: first,
        guesses: tally.guesses,
        branches: tally.branches,
        limit: tally.limit,
        complete: outcome.complete,
    }
}

#[cfg(test)]
mod tests {
    use sudokit_puzzle::Puzzle;
    use sudokit_verify::check_grid;

    use super::*;

    fn parse(line: &str) -> [u8; 81] {
        let mut cells = [0u8; 81];
        for (cell, b) in cells.iter_mut().zip(line.bytes()) {
            *cell = if b.is_ascii_digit() { b - b'0' } else { 0 };
        }
        cells
    }

    fn valid(grid: &[u8; 81], givens: &[u8; 81]) -> bool {
        let puzzle = Puzzle::boxed(3, 3, givens.to_vec()).expect("consistent givens");
        check_grid(&puzzle, grid).is_valid()
    }

    const TOP95_1: &str =
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

    #[test]
    fn solves_a_hard_puzzle_uniquely() {
        let givens = parse(TOP95_1);
        let r = solve_digits(&givens, 2, &Limits::none());
        assert_eq!(r.count, 1);
        assert!(r.complete);
        assert!(valid(&r.solution.unwrap(), &givens));
    }

    /// The committed benchmark samples, with their counts up to 2.
    const SAMPLES: [(&str, &str); 6] = [
        ("17_clue", include_str!("../benches/samples/17_clue.txt")),
        (
            "top1465",
            include_str!("../benches/samples/magictour_top1465.txt"),
        ),
        (
            "1905_11+",
            include_str!("../benches/samples/forum_hardest_1905_11+.txt"),
        ),
        (
            "1106",
            include_str!("../benches/samples/forum_hardest_1106.txt"),
        ),
        (
            "serg",
            include_str!("../benches/samples/serg_benchmark.txt"),
        ),
        ("top95", include_str!("../benches/samples/top95.txt")),
    ];

    #[test]
    fn every_level_this_cpu_runs_solves_the_samples_alike() {
        let levels = Level::available();
        for (set, text) in SAMPLES {
            let (mut unique, mut multiple) = (0, 0);
            for (n, line) in text.lines().enumerate() {
                let givens = parse(line);
                let scalar = solve_digits_at(levels[0], &givens, 2, &Limits::none());
                assert_eq!(scalar.complete, scalar.count < 2, "{set} #{n}");
                assert!(valid(&scalar.solution.unwrap(), &givens), "{set} #{n}");
                match scalar.count {
                    1 => unique += 1,
                    2 => multiple += 1,
                    count => panic!("{set} #{n}: {count} solutions"),
                }
                for &level in &levels[1..] {
                    let r = solve_digits_at(level, &givens, 2, &Limits::none());
                    assert_eq!(r, scalar, "{set} #{n} at {}", level.name());
                }
            }
            let expected = if set == "serg" {
                (0, 100)
            } else {
                (text.lines().count(), 0)
            };
            assert_eq!((unique, multiple), expected, "{set}");
        }
    }

    /// Four cells of `grid` on two rows, two columns and two boxes that
    /// hold two digits crosswise (a deadly pattern): blanked, they leave
    /// exactly two solutions.
    fn deadly_rectangle(grid: &[u8; 81]) -> Option<[usize; 4]> {
        let pairs = || (0..9).flat_map(|i| (i + 1..9).map(move |j| (i, j)));
        pairs().find_map(|(r1, r2)| {
            pairs().find_map(|(c1, c2)| {
                let cells = [9 * r1 + c1, 9 * r1 + c2, 9 * r2 + c1, 9 * r2 + c2];
                let two_boxes = (r1 / 3 == r2 / 3) != (c1 / 3 == c2 / 3);
                let crosswise =
                    grid[cells[0]] == grid[cells[3]] && grid[cells[1]] == grid[cells[2]];
                (two_boxes && crosswise).then_some(cells)
            })
        })
    }

    #[test]
    fn a_deadly_rectangle_is_one_branch_point_and_two_guesses() {
        let givens = SAMPLES
            .iter()
            .flat_map(|(_, text)| text.lines())
            .find_map(|line| {
                let mut grid = solve_digits(&parse(line), 1, &Limits::none()).solution?;
                for cell in deadly_rectangle(&grid)? {
                    grid[cell] = 0;
                }
                Some(grid)
            })
            .expect("a sample's solution with a deadly rectangle");
        let all = solve_digits(&givens, u64::MAX, &Limits::none());
        assert_eq!((all.count, all.complete), (2, true));
        assert_eq!((all.branches, all.guesses), (1, 2));
        assert!(valid(&all.solution.unwrap(), &givens));
        let first = solve_digits(&givens, 1, &Limits::none());
        assert_eq!((first.count, first.branches, first.guesses), (1, 1, 1));
    }

    #[test]
    fn the_chosen_level_is_one_this_cpu_runs() {
        let names: Vec<_> = Level::available().iter().map(|l| l.name()).collect();
        assert!(names.contains(&instruction_level()), "{names:?}");
    }

    #[test]
    fn empty_grid_has_many_solutions() {
        let r = solve_digits(&[0; 81], 1000, &Limits::none());
        assert_eq!(r.count, 1000);
        assert!(!r.complete);
        assert!(valid(&r.solution.unwrap(), &[0; 81]));
    }

    #[test]
    fn clashing_givens_have_no_solution() {
        let mut givens = [0u8; 81];
        givens[0] = 5;
        givens[8] = 5;
        let r = solve_digits(&givens, 2, &Limits::none());
        assert_eq!((r.count, r.complete, r.solution), (0, true, None));
        givens[8] = 10;
        assert_eq!(solve_digits(&givens, 2, &Limits::none()).count, 0);
    }

    #[test]
    fn givens_clashing_in_a_column_or_a_box_have_no_solution() {
        for (a, b) in [(0, 72), (4, 40), (0, 20), (30, 50)] {
            let mut givens = [0u8; 81];
            givens[a] = 7;
            givens[b] = 7;
            let r = solve_digits(&givens, 2, &Limits::none());
            assert_eq!((r.count, r.complete), (0, true), "cells {a} and {b}");
            givens[b] = 6;
            assert_eq!(solve_digits(&givens, 2, &Limits::none()).count, 2);
        }
    }

    #[test]
    fn cap_zero_finds_nothing() {
        let r = solve_digits(&[0; 81], 0, &Limits::none());
        assert_eq!((r.count, r.complete), (0, false));
    }

    #[test]
    fn node_budget_stops_the_search() {
        let r = solve_digits(&[0; 81], u64::MAX, &Limits::none().with_nodes(50));
        assert_eq!(r.limit, Some(LimitKind::Nodes));
        assert!(!r.complete);
        assert!(r.guesses <= 50);
    }
}
