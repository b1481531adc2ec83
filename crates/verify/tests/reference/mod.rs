//! A reference checker written the slow, obvious way, rule by rule, to
//! judge the real one: every group is listed from the geometry by brute
//! force and every digit counted, with no shortcut for complete units.

use std::collections::BTreeMap;

use sudokit_puzzle::{Cell, GroupKind, Layout, Puzzle};
use sudokit_verify::Conflict;

/// Every conflict of `grid` against `puzzle`, sorted so that two lists
/// compare as sets whatever order the checker found them in.
pub fn conflicts(puzzle: &Puzzle, grid: &[u8]) -> Vec<Conflict> {
    let spec = puzzle.spec();
    let n = spec.size;
    if grid.len() != n * n {
        return vec![Conflict::WrongLength {
            expected: n * n,
            found: grid.len(),
        }];
    }
    let mut out = Vec::new();
    // Each cell: in range, then its given, then its pencil marks; one
    // complaint per cell, the first rule it breaks.
    for cell in 0..n * n {
        let digit = grid[cell];
        let given = spec.givens[cell];
        let in_range = (1..=n).contains(&usize::from(digit));
        if !in_range {
            out.push(Conflict::BadCell { cell, digit });
        } else if given != 0 && given != digit {
            out.push(Conflict::ChangedGiven {
                cell,
                given,
                found: digit,
            });
        } else if let Some(marks) = &spec.candidates {
            if !allowed_digits(marks[cell]).contains(&digit) {
                out.push(Conflict::NotACandidate { cell, digit });
            }
        }
    }
    for (kind, cells) in groups(puzzle) {
        let mut holding: BTreeMap<u8, Vec<Cell>> = BTreeMap::new();
        for &cell in &cells {
            holding.entry(grid[cell]).or_default().push(cell);
        }
        for (digit, cells) in holding {
            // A blank is a bad cell, not a repeat.
            if digit != 0 && cells.len() > 1 {
                out.push(Conflict::Duplicate {
                    group: kind.to_string(),
                    digit,
                    cells,
                });
            }
        }
    }
    for (i, cage) in spec.cages.iter().enumerate() {
        let found: u32 = cage.cells.iter().map(|&c| u32::from(grid[c])).sum();
        if found != cage.sum {
            out.push(Conflict::CageSum {
                cage: i,
                expected: cage.sum,
                found,
            });
        }
    }
    sorted(out)
}

/// A list of conflicts in a canonical order.
pub fn sorted(mut conflicts: Vec<Conflict>) -> Vec<Conflict> {
    conflicts.sort_by_cached_key(key);
    conflicts
}

/// Every field of a conflict, as something that sorts.
fn key(conflict: &Conflict) -> (u8, String, usize, u32, u32, Vec<Cell>) {
    match conflict {
        Conflict::WrongLength { expected, found } => {
            (0, String::new(), *expected, 0, 0, vec![*found])
        }
        Conflict::BadCell { cell, digit } => (1, String::new(), *cell, (*digit).into(), 0, vec![]),
        Conflict::ChangedGiven { cell, given, found } => (
            2,
            String::new(),
            *cell,
            (*given).into(),
            (*found).into(),
            vec![],
        ),
        Conflict::NotACandidate { cell, digit } => {
            (3, String::new(), *cell, (*digit).into(), 0, vec![])
        }
        Conflict::Duplicate {
            group,
            digit,
            cells,
        } => (4, group.clone(), 0, (*digit).into(), 0, cells.clone()),
        Conflict::CageSum {
            cage,
            expected,
            found,
        } => (5, String::new(), *cage, *expected, *found, vec![]),
    }
}

/// The digits a pencil-mark mask allows: bit `d - 1` stands for `d`.
fn allowed_digits(mask: u64) -> Vec<u8> {
    (0..64u8)
        .filter(|&bit| mask & (1u64 << bit) != 0)
        .map(|bit| bit + 1)
        .collect()
}

/// Every all-different group: each cell is put in its row, its column and
/// its box or region by its own coordinates.
pub fn groups(puzzle: &Puzzle) -> Vec<(GroupKind, Vec<Cell>)> {
    let spec = puzzle.spec();
    let n = spec.size;
    let all = || 0..n * n;
    let (row, col) = (|cell: Cell| cell / n, |cell: Cell| cell % n);
    // Cells sorted into n buckets by a function of the cell, in cell order.
    let buckets = |of: &dyn Fn(Cell) -> usize| {
        let mut buckets = vec![Vec::new(); n];
        for cell in all() {
            buckets[of(cell)].push(cell);
        }
        buckets
    };
    let mut groups = Vec::new();
    for (i, cells) in buckets(&row).into_iter().enumerate() {
        groups.push((GroupKind::Row(i), cells));
    }
    for (i, cells) in buckets(&col).into_iter().enumerate() {
        groups.push((GroupKind::Column(i), cells));
    }
    match &spec.layout {
        Layout::Boxes(shape) => {
            // Boxes numbered left to right, then top to bottom.
            let boxes_across = n / shape.cols;
            let box_of = |c: Cell| row(c) / shape.rows * boxes_across + col(c) / shape.cols;
            for (b, cells) in buckets(&box_of).into_iter().enumerate() {
                groups.push((GroupKind::Box(b), cells));
            }
        }
        Layout::Regions(map) => {
            let region_of = |c: Cell| usize::from(map[c]);
            for (region, cells) in buckets(&region_of).into_iter().enumerate() {
                groups.push((GroupKind::Region(region), cells));
            }
        }
        Layout::Latin => {}
    }
    if spec.diagonals {
        let main = all().filter(|&c| row(c) == col(c)).collect();
        let anti = all().filter(|&c| row(c) + col(c) == n - 1).collect();
        groups.push((GroupKind::Diagonal, main));
        groups.push((GroupKind::AntiDiagonal, anti));
    }
    for (i, cells) in spec.extra_groups.iter().enumerate() {
        groups.push((GroupKind::Extra(i), cells.clone()));
    }
    for (i, cage) in spec.cages.iter().enumerate() {
        groups.push((GroupKind::Cage(i), cage.cells.clone()));
    }
    groups
}

/// Asserts that the verifier finds exactly the reference's conflicts, and
/// returns the verdict they share.
pub fn agree(puzzle: &Puzzle, grid: &[u8]) -> bool {
    let report = sudokit_verify::check_grid(puzzle, grid);
    let expected = conflicts(puzzle, grid);
    assert_eq!(
        sorted(report.conflicts.clone()),
        expected,
        "\npuzzle: {:?}\ngrid: {grid:?}\nverifier: {report}",
        puzzle.spec()
    );
    assert_eq!(report.is_valid(), expected.is_empty());
    assert_eq!(report.errors(), expected.len());
    expected.is_empty()
}

/// Counts the verdicts of a family of cases, so a test can show that its
/// family holds both valid and invalid grids (a family the reference
/// always rejects proves nothing about a lenient checker's other half).
#[derive(Default, Debug)]
pub struct Tally {
    pub valid: usize,
    pub invalid: usize,
}

impl Tally {
    /// Judges one case with [`agree`] and counts its verdict.
    pub fn judge(&mut self, puzzle: &Puzzle, grid: &[u8]) -> bool {
        let valid = agree(puzzle, grid);
        if valid {
            self.valid += 1;
        } else {
            self.invalid += 1;
        }
        valid
    }

    /// Both verdicts occurred.
    pub fn assert_mixed(&self, family: &str) {
        assert!(self.valid > 0 && self.invalid > 0, "{family}: {self:?}");
    }
}
