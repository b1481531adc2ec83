use rand::RngExt;
use rand_pcg::Pcg64Mcg;
use sudokit_puzzle::{Cell, Layout, Puzzle};

/// Swaps of two lines along a cycle, which map a grid to another grid.
///
/// Take two rows of one band (or two columns of one stack; on a latin
/// square any two rows or columns) and pair their cells column by column.
/// Following a digit of the first row to its column in the second, and
/// that column's digit back to the first row, closes a cycle of columns
/// whose digits are the same set in both rows. Exchanging the two rows'
/// digits on those columns keeps every row (same set), every column (its
/// two digits change places) and every box (both rows cross the same
/// boxes) whole: another solution, which differs from the first exactly
/// on the cycle's cells. Diagonals, extra groups, cages and pencil marks
/// are not kept, so those shapes have no swaps here.
#[derive(Clone, Copy, Debug)]
pub(crate) struct LineSwaps {
    n: usize,
    /// Rows per band and columns per stack: the lines that may swap.
    band: usize,
    stack: usize,
}

/// Rows or columns.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Lines {
    Rows,
    Columns,
}

impl LineSwaps {
    /// The swaps of a plain grid (boxed or latin) without pencil marks;
    /// `None` for every other shape.
    pub(crate) fn of(puzzle: &Puzzle) -> Option<Self> {
        if !puzzle.variant_parts().is_empty() || puzzle.spec().candidates.is_some() {
            return None;
        }
        let n = puzzle.size();
        let (band, stack) = match puzzle.layout() {
            Layout::Boxes(boxes) => (boxes.rows, boxes.cols),
            Layout::Latin => (n, n),
            Layout::Regions(_) => return None,
        };
        Some(LineSwaps { n, band, stack })
    }

    /// The cell of position `at` on line `line`.
    fn cell(&self, lines: Lines, line: usize, at: usize) -> Cell {
        match lines {
            Lines::Rows => line * self.n + at,
            Lines::Columns => at * self.n + line,
        }
    }

    /// The positions of the cycle through position `at` between lines `a`
    /// and `b` of `grid` (digits 1..=n).
    fn cycle(&self, grid: &[u8], lines: Lines, a: usize, b: usize, at: usize) -> Vec<usize> {
        // Where each digit sits on line a.
        let mut place = vec![0; self.n + 1];
        for p in 0..self.n {
            place[usize::from(grid[self.cell(lines, a, p)])] = p;
        }
        let mut cycle = vec![at];
        let mut p = place[usize::from(grid[self.cell(lines, b, at)])];
        while p != at {
            cycle.push(p);
            p = place[usize::from(grid[self.cell(lines, b, p)])];
        }
        cycle
    }

    /// The lines that may swap with `line`: the others of its band or stack.
    fn partners(&self, lines: Lines, line: usize) -> std::ops::Range<usize> {
        let size = match lines {
            Lines::Rows => self.band,
            Lines::Columns => self.stack,
        };
        let first = line / size * size;
        first..first + size
    }

    /// One random swap applied to the full `grid`.
    pub(crate) fn swap_at_random(&self, grid: &mut [u8], rng: &mut Pcg64Mcg) {
        let lines = if rng.random_range(0..2) == 0 {
            Lines::Rows
        } else {
            Lines::Columns
        };
        let a = rng.random_range(0..self.n);
        let partners = self.partners(lines, a);
        if partners.len() < 2 {
            return;
        }
        let mut b = rng.random_range(partners.start..partners.end - 1);
        if b >= a {
            b += 1;
        }
        let at = rng.random_range(0..self.n);
        for p in self.cycle(grid, lines, a, b, at) {
            grid.swap(self.cell(lines, a, p), self.cell(lines, b, p));
        }
    }

    /// Whether a swap of `solution` changes some of `cells` and no other
    /// given: then the puzzle without `cells` has a second solution, and
    /// they cannot all go. No search: a cycle through each cell, with each
    /// other line of its band and of its stack.
    pub(crate) fn pins(&self, givens: &[u8], solution: &[u8], cells: &[Cell]) -> bool {
        let other_given = |c: Cell| givens[c] != 0 && !cells.contains(&c);
        cells.iter().any(|&cell| {
            let (row, col) = (cell / self.n, cell % self.n);
            [(Lines::Rows, row, col), (Lines::Columns, col, row)]
                .into_iter()
                .any(|(lines, a, at)| {
                    self.partners(lines, a).filter(|&b| b != a).any(|b| {
                        self.cycle(solution, lines, a, b, at).iter().all(|&p| {
                            !other_given(self.cell(lines, a, p))
                                && !other_given(self.cell(lines, b, p))
                        })
                    })
                })
        })
    }
}

#[cfg(test)]
mod tests {
    use rand::SeedableRng;

    use super::*;

    /// A 4x4 grid and its swaps: every swap keeps a valid grid, and a
    /// given is pinned when the cycle through it avoids the other givens.
    #[test]
    fn swaps_keep_grids_and_pin_givens() {
        #[rustfmt::skip]
        let solution: Vec<u8> = vec![
            1, 2, 3, 4,
            3, 4, 1, 2,
            2, 1, 4, 3,
            4, 3, 2, 1,
        ];
        let puzzle = Puzzle::boxed(2, 2, vec![0; 16]).unwrap();
        let swaps = LineSwaps::of(&puzzle).unwrap();
        // Rows 0 and 1 pair 1-3 and 2-4: the cycle through column 0 is
        // columns {0, 2}, cells 0, 2, 4 and 6.
        assert_eq!(swaps.cycle(&solution, Lines::Rows, 0, 1, 0), vec![0, 2]);
        let mut givens = solution.clone();
        assert!(!swaps.pins(&givens, &solution, &[0]));
        for cell in [2, 4] {
            givens[cell] = 0;
        }
        assert!(!swaps.pins(&givens, &solution, &[0]));
        givens[6] = 0;
        assert!(swaps.pins(&givens, &solution, &[0]));
        // Cell 6 given again but going with cell 0: pinned together.
        givens[6] = solution[6];
        assert!(swaps.pins(&givens, &solution, &[0, 6]));
        let mut rng = Pcg64Mcg::seed_from_u64(3);
        let mut grid = solution.clone();
        let mut seen = std::collections::HashSet::new();
        for _ in 0..100 {
            swaps.swap_at_random(&mut grid, &mut rng);
            assert!(sudokit_verify::check_grid(&puzzle, &grid).is_valid());
            seen.insert(grid.clone());
        }
        // The walk leaves the start: 4x4 has 288 grids.
        assert!(seen.len() > 10, "{} grids", seen.len());
    }
}
