use rand::RngExt;
use rand_pcg::Pcg64Mcg;
use sudokit_puzzle::{Cell, Layout, Puzzle};

/// Swaps that map a grid to another grid: of two lines along a cycle,
/// and of two digits on a closed part of their cells
/// ([`GridSwaps::pins_by_digits`]).
///
/// Lines: take two rows of one band (or two columns of one stack; on a latin
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
pub(crate) struct GridSwaps {
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

impl GridSwaps {
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
        Some(GridSwaps { n, band, stack })
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
    /// other line of its band and of its stack, and a digit swap
    /// ([`GridSwaps::pins_by_digits`]).
    pub(crate) fn pins(&self, givens: &[u8], solution: &[u8], cells: &[Cell]) -> bool {
        self.pins_by_lines(givens, solution, cells) || self.pins_by_digits(givens, solution, cells)
    }

    /// [`GridSwaps::pins`] by the line swaps.
    fn pins_by_lines(&self, givens: &[u8], solution: &[u8], cells: &[Cell]) -> bool {
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

impl GridSwaps {
    /// [`GridSwaps::pins`] by digit swaps. The cells of two digits a and
    /// b hold one a and one b in every row, column and box; linking the
    /// two in each of these groups splits the cells into closed parts, and
    /// exchanging a and b on one part keeps every group whole: another
    /// solution, differing on that part alone. For each cell and each
    /// other digit, the part through the cell is followed until it meets
    /// another given (no use) or closes.
    fn pins_by_digits(&self, givens: &[u8], solution: &[u8], cells: &[Cell]) -> bool {
        let n = self.n;
        // The cell of each digit in each row, column and box.
        let boxes = self.band < n;
        let box_of = |cell: Cell| (cell / n / self.band) * (n / self.stack) + cell % n / self.stack;
        let mut in_row = vec![0; (n + 1) * n];
        let mut in_col = vec![0; (n + 1) * n];
        let mut in_box = vec![0; (n + 1) * n];
        for (cell, &d) in solution.iter().enumerate() {
            let d = usize::from(d);
            in_row[d * n + cell / n] = cell;
            in_col[d * n + cell % n] = cell;
            in_box[d * n + box_of(cell)] = cell;
        }
        let other_given = |c: Cell| givens[c] != 0 && !cells.contains(&c);
        let mut part: Vec<Cell> = Vec::with_capacity(2 * n);
        // The part a cell is in, by the number of the part followed.
        let mut seen = vec![0u32; n * n];
        let mut stamp = 0;
        cells.iter().any(|&cell| {
            let a = usize::from(solution[cell]);
            (1..=n).filter(|&b| b != a).any(|b| {
                stamp += 1;
                part.clear();
                part.push(cell);
                seen[cell] = stamp;
                let mut next = 0;
                while next < part.len() {
                    let here = part[next];
                    next += 1;
                    let other = if usize::from(solution[here]) == a {
                        b
                    } else {
                        a
                    };
                    let mut links = [
                        in_row[other * n + here / n],
                        in_col[other * n + here % n],
                        here,
                    ];
                    if boxes {
                        links[2] = in_box[other * n + box_of(here)];
                    }
                    for link in links {
                        if seen[link] == stamp {
                            continue;
                        }
                        if other_given(link) {
                            return false;
                        }
                        seen[link] = stamp;
                        part.push(link);
                    }
                }
                true
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
        let swaps = GridSwaps::of(&puzzle).unwrap();
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
        // Digit swaps through cell 0 (a 1): with 2 on {0, 1, 8, 9}, with 3
        // on {0, 2, 4, 6}, with 4 on a part through cell 3. Row 1 given
        // blocks all three; with cell 3 blank, 1 and 4 swap.
        let mut row = vec![0; 16];
        row[..4].copy_from_slice(&solution[..4]);
        assert!(!swaps.pins_by_digits(&row, &solution, &[0]));
        row[3] = 0;
        assert!(swaps.pins_by_digits(&row, &solution, &[0]));
        assert!(!swaps.pins_by_digits(&solution, &solution, &[0]));
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
