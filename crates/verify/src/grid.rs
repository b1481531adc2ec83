use std::fmt;
use std::ops::{BitOrAssign, Shl, Sub};

use serde::Serialize;
use sudokit_puzzle::{cell_name, Cell, GroupKind, Layout, Puzzle, MAX_SIZE};

/// One thing wrong with a grid.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub enum Conflict {
    /// The grid does not have n * n cells.
    WrongLength {
        /// n * n.
        expected: usize,
        /// Cells found.
        found: usize,
    },
    /// A cell is blank or holds a digit outside `1..=n`.
    BadCell {
        /// The cell.
        cell: Cell,
        /// What it holds.
        digit: u8,
    },
    /// A given was changed.
    ChangedGiven {
        /// The cell.
        cell: Cell,
        /// The given digit.
        given: u8,
        /// The digit found.
        found: u8,
    },
    /// A pencil mark excluded the digit placed.
    NotACandidate {
        /// The cell.
        cell: Cell,
        /// The digit found.
        digit: u8,
    },
    /// A digit repeats in a group.
    Duplicate {
        /// "row 3", "box 5", "cage 2" ...
        group: String,
        /// The digit.
        digit: u8,
        /// Every cell of the group holding it.
        cells: Vec<Cell>,
    },
    /// A cage adds up to the wrong total.
    CageSum {
        /// 0-based cage index.
        cage: usize,
        /// Required sum.
        expected: u32,
        /// Sum found.
        found: u32,
    },
}

/// Every conflict found in a grid; empty means valid.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Report {
    /// The grid size, for cell names.
    pub size: usize,
    /// What is wrong.
    pub conflicts: Vec<Conflict>,
}

impl Report {
    /// A complete grid that keeps the givens and every constraint.
    pub fn is_valid(&self) -> bool {
        self.conflicts.is_empty()
    }

    /// The number of errors, one per conflict (the course's `NbErrors`).
    pub fn errors(&self) -> usize {
        self.conflicts.len()
    }
}

impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.conflicts.is_empty() {
            return write!(f, "valid");
        }
        let name = |c: Cell| cell_name(c, self.size);
        for (i, conflict) in self.conflicts.iter().enumerate() {
            if i > 0 {
                write!(f, "; ")?;
            }
            match conflict {
                Conflict::WrongLength { expected, found } => {
                    write!(f, "expected {expected} cells, found {found}")?
                }
                Conflict::BadCell { cell, digit: 0 } => write!(f, "{} is blank", name(*cell))?,
                Conflict::BadCell { cell, digit } => {
                    write!(f, "{} holds {digit}, out of range", name(*cell))?
                }
                Conflict::ChangedGiven { cell, given, found } => {
                    write!(f, "given {given} at {} was changed to {found}", name(*cell))?
                }
                Conflict::NotACandidate { cell, digit } => {
                    write!(f, "{digit} at {} is not one of its candidates", name(*cell))?
                }
                Conflict::Duplicate {
                    group,
                    digit,
                    cells,
                } => {
                    let cells: Vec<String> = cells.iter().map(|&c| name(c)).collect();
                    write!(
                        f,
                        "{digit} appears {} times in {group}: {}",
                        cells.len(),
                        cells.join(", ")
                    )?
                }
                Conflict::CageSum {
                    cage,
                    expected,
                    found,
                } => write!(f, "cage {} sums to {found}, not {expected}", cage + 1)?,
            }
        }
        Ok(())
    }
}

/// Judges `grid` (row-major digits, 0 = blank) against `puzzle`.
pub fn check_grid(puzzle: &Puzzle, grid: &[u8]) -> Report {
    let n = puzzle.size();
    let mut report = Report {
        size: n,
        conflicts: Vec::new(),
    };
    if grid.len() != n * n {
        report.conflicts.push(Conflict::WrongLength {
            expected: n * n,
            found: grid.len(),
        });
        return report;
    }
    for (cell, (&digit, &given)) in grid.iter().zip(puzzle.givens()).enumerate() {
        if digit == 0 || usize::from(digit) > n {
            report.conflicts.push(Conflict::BadCell { cell, digit });
        } else if given != 0 && given != digit {
            report.conflicts.push(Conflict::ChangedGiven {
                cell,
                given,
                found: digit,
            });
        } else if puzzle
            .candidates()
            .is_some_and(|marks| marks[cell] >> (digit - 1) & 1 == 0)
        {
            report
                .conflicts
                .push(Conflict::NotACandidate { cell, digit });
        }
    }
    // Units known complete need no search for repeats.
    let complete = report.conflicts.is_empty() && units_complete(puzzle, grid);
    for_each_group(puzzle, !complete, |group, cells| {
        duplicates(grid, group, cells, &mut report.conflicts)
    });
    for (i, cage) in puzzle.cages().iter().enumerate() {
        let found: u32 = cage.cells.iter().map(|&c| u32::from(grid[c])).sum();
        if found != cage.sum {
            report.conflicts.push(Conflict::CageSum {
                cage: i,
                expected: cage.sum,
                found,
            });
        }
    }
    report
}

/// Each digit that appears more than once among `cells`. The common case,
/// no repeat, costs two bit operations per cell and allocates nothing.
fn duplicates(grid: &[u8], group: GroupKind, cells: &[Cell], out: &mut Vec<Conflict>) {
    // 256-bit sets of digits: seen once, seen again.
    let mut seen = [0u64; 4];
    let mut repeated = [0u64; 4];
    for &cell in cells {
        let digit = usize::from(grid[cell]);
        let (word, bit) = (digit / 64, 1u64 << (digit % 64));
        repeated[word] |= seen[word] & bit;
        seen[word] |= bit;
    }
    repeated[0] &= !1; // blanks are reported once per cell, not as repeats
    if repeated == [0; 4] {
        return;
    }
    for digit in (0..256).filter(|&d| repeated[d / 64] >> (d % 64) & 1 == 1) {
        out.push(Conflict::Duplicate {
            group: group.to_string(),
            digit: digit as u8,
            cells: cells
                .iter()
                .copied()
                .filter(|&c| usize::from(grid[c]) == digit)
                .collect(),
        });
    }
}

/// Whether every row, column and box (or region) of a grid whose cells all
/// hold digits `1..=n` holds each digit: one pass over the cells, a bit per
/// digit and unit. True for every valid grid, so only a wrong one is
/// searched for repeats group by group.
fn units_complete(puzzle: &Puzzle, grid: &[u8]) -> bool {
    // Digits 1..=n take bits 1..=n: a u64 set up to 63x63 (the cheaper
    // one, on every 9x9 of a batch, with arrays of 64 units to clear),
    // u128 past it.
    if puzzle.size() < 64 {
        units_are_complete::<u64, 64>(puzzle, grid)
    } else {
        units_are_complete::<u128, MAX_SIZE>(puzzle, grid)
    }
}

/// [`units_complete`] with digit sets of type `T`, which holds bits
/// `0..=n`, for grids of at most `UNITS` units of each kind.
fn units_are_complete<T, const UNITS: usize>(puzzle: &Puzzle, grid: &[u8]) -> bool
where
    T: Copy
        + Eq
        + From<u8>
        + BitOrAssign
        + Shl<u8, Output = T>
        + Shl<usize, Output = T>
        + Sub<Output = T>,
{
    let n = puzzle.size();
    let none = T::from(0);
    let one = T::from(1);
    let (mut rows, mut columns, mut blocks) = ([none; UNITS], [none; UNITS], [none; UNITS]);
    // The box (or region) of each cell, one row at a time: no division
    // per cell.
    let mut block_of = [0usize; UNITS];
    for (r, row) in grid.chunks_exact(n).enumerate() {
        match puzzle.layout() {
            Layout::Boxes(shape) => {
                let first = r / shape.rows * (n / shape.cols);
                for (c, block) in block_of[..n].iter_mut().enumerate() {
                    *block = first + c / shape.cols;
                }
            }
            Layout::Regions(map) => {
                for (block, &region) in block_of.iter_mut().zip(&map[r * n..(r + 1) * n]) {
                    *block = usize::from(region);
                }
            }
            Layout::Latin => {}
        }
        for (c, &digit) in row.iter().enumerate() {
            let bit = one << digit;
            rows[r] |= bit;
            columns[c] |= bit;
            blocks[block_of[c]] |= bit;
        }
    }
    let all = ((one << n) - one) << 1u8;
    let blocks = match puzzle.layout() {
        Layout::Latin => &[][..],
        _ => &blocks[..n],
    };
    rows[..n]
        .iter()
        .chain(&columns[..n])
        .chain(blocks)
        .all(|&unit| unit == all)
}

/// Calls `visit` with every all-different group: rows, columns, boxes or
/// regions (unless `units` is false), diagonals, extra groups and cages,
/// derived here from the geometry rather than from the puzzle's own list.
/// One buffer serves all.
fn for_each_group(puzzle: &Puzzle, units: bool, mut visit: impl FnMut(GroupKind, &[Cell])) {
    let n = puzzle.size();
    // Allocated on first use: a valid boxed grid visits no group here.
    let mut cells: Vec<Cell> = Vec::new();
    let mut visit_with = |kind, fill: &mut dyn FnMut(&mut Vec<Cell>)| {
        cells.clear();
        fill(&mut cells);
        visit(kind, &cells);
    };
    if units {
        for i in 0..n {
            visit_with(GroupKind::Row(i), &mut |c| {
                c.extend((0..n).map(|k| i * n + k))
            });
            visit_with(GroupKind::Column(i), &mut |c| {
                c.extend((0..n).map(|k| k * n + i))
            });
        }
        match puzzle.layout() {
            Layout::Boxes(shape) => {
                let stacks = n / shape.cols;
                for b in 0..n {
                    let (top, left) = (b / stacks * shape.rows, b % stacks * shape.cols);
                    visit_with(GroupKind::Box(b), &mut |c| {
                        for r in top..top + shape.rows {
                            c.extend((left..left + shape.cols).map(|col| r * n + col));
                        }
                    });
                }
            }
            Layout::Regions(map) => {
                for region in 0..n {
                    visit_with(GroupKind::Region(region), &mut |c| {
                        c.extend((0..n * n).filter(|&cell| usize::from(map[cell]) == region))
                    });
                }
            }
            Layout::Latin => {}
        }
    }
    if puzzle.diagonals() {
        visit_with(GroupKind::Diagonal, &mut |c| {
            c.extend((0..n).map(|i| i * (n + 1)))
        });
        visit_with(GroupKind::AntiDiagonal, &mut |c| {
            c.extend((0..n).map(|i| (i + 1) * (n - 1)))
        });
    }
    for (i, group) in puzzle.extra_groups().iter().enumerate() {
        visit(GroupKind::Extra(i), group);
    }
    for (i, cage) in puzzle.cages().iter().enumerate() {
        visit(GroupKind::Cage(i), &cage.cells);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sudokit_puzzle::PuzzleSpec;

    /// The cyclic latin square of side `n`, and one with a digit of its
    /// first row swapped into the second (rows still complete, columns not).
    fn cyclic(n: usize) -> (Puzzle, Vec<u8>, Vec<u8>) {
        let puzzle = Puzzle::new(PuzzleSpec::blank(n, Layout::Latin)).unwrap();
        let grid: Vec<u8> = (0..n * n)
            .map(|i| ((i / n + i % n) % n + 1) as u8)
            .collect();
        let mut broken = grid.clone();
        broken.swap(0, 1);
        (puzzle, grid, broken)
    }

    #[test]
    fn complete_units_are_seen_on_either_digit_set() {
        // 63: the widest u64 set (bits 1..=63); 64 and 100 (the largest
        // grid, bit 100): the u128 one.
        for n in [2, 9, 63, 64, 100] {
            let (puzzle, grid, broken) = cyclic(n);
            assert!(units_complete(&puzzle, &grid), "{n}x{n}");
            assert!(!units_complete(&puzzle, &broken), "{n}x{n} broken");
        }
    }

    #[test]
    fn complete_boxes_are_seen_on_either_digit_set() {
        // Boxes r x c; the pattern grid puts row i's digits c * (i % r) + i / r
        // places on, so every box holds each digit.
        for (r, c) in [(3, 3), (2, 3), (3, 2), (8, 8), (10, 10), (5, 20)] {
            let n = r * c;
            let puzzle = Puzzle::boxed(r, c, vec![0; n * n]).unwrap();
            let grid: Vec<u8> = (0..n * n)
                .map(|k| {
                    let (i, j) = (k / n, k % n);
                    ((c * (i % r) + i / r + j) % n + 1) as u8
                })
                .collect();
            assert!(units_complete(&puzzle, &grid), "{r}x{c} boxes");
            // Two cells of the first column swapped across bands: their
            // rows and boxes each miss a digit.
            let mut broken = grid.clone();
            broken.swap(0, n * r);
            assert!(!units_complete(&puzzle, &broken), "{r}x{c} boxes broken");
        }
    }
}
