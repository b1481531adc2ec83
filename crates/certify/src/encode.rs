//! The puzzle's own CNF, built here from the [`Puzzle`] and nothing else.

use sudokit_puzzle::{Cell, Layout, Puzzle};

use crate::clauses::Lit;
use crate::Cnf;

/// The most digit combinations a cage may have: each becomes a variable
/// and `(n - k) * k` binary clauses, so a bigger cage (only possible on
/// grids of 16 and up) would swell the CNF past what a proof stays
/// small for.
pub const MAX_CAGE_COMBINATIONS: usize = 1000;

/// Why a puzzle gets no CNF.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum Refusal {
    /// A cage with too many digit combinations.
    #[error(
        "cage {cage} ({cells} cells, sum {sum}) has more than {MAX_CAGE_COMBINATIONS} digit \
         combinations; the certifier encodes a cage by its combinations and refuses larger ones"
    )]
    CageTooLarge {
        /// 1-based cage number.
        cage: usize,
        /// Its cells.
        cells: usize,
        /// Its sum.
        sum: u32,
    },
    /// A grid whose pairwise CNF is too big to hold.
    #[error(
        "the certifier takes grids up to {MAX_CERTIFIED_SIZE}x{MAX_CERTIFIED_SIZE}: it states \
         each cell's and each unit's digits pair by pair, about {millions} million clauses \
         for this {size}x{size} grid"
    )]
    GridTooLarge {
        /// The grid's size.
        size: usize,
        /// Its clauses, in millions.
        millions: usize,
    },
}

/// The largest grid the certifier encodes: a 64x64 is 33 million clauses
/// (1.6 GB with its proof search), a 100x100 would be 198 million.
pub const MAX_CERTIFIED_SIZE: usize = 64;

/// The variable "cell holds digit" (`digit` in `1..=n`): `cell * n + digit`,
/// so variables `1..=n³` are the cells, row-major, digit by digit.
pub fn cell_var(n: usize, cell: Cell, digit: u8) -> Lit {
    (cell * n + usize::from(digit)) as Lit
}

/// The CNF of `puzzle`: a model of it is a solution and a solution is a
/// model (extended by the cage variables).
///
/// Covered: every grid size and box shape, jigsaw regions, latin squares,
/// the diagonals, extra groups, killer cages (by their digit combinations,
/// up to [`MAX_CAGE_COMBINATIONS`] each), givens and pencil marks. Clauses:
/// - each cell holds at least one digit and at most one (pairwise);
/// - in each group (row, column, box or region, diagonal, extra group,
///   cage) each digit at most once (pairwise), and at least once when the
///   group has n cells;
/// - a given is a unit clause; a digit a pencil mark excludes, a negative
///   unit;
/// - a cage: one variable per set of distinct digits with its size and sum,
///   at least one of them true, and a true one excludes every digit outside
///   its set from the cage's cells. Distinct digits from a set of as many
///   digits as cells are exactly that set, so the sum is right. Two more
///   families follow from these and only strengthen unit propagation: a
///   true set puts each of its digits in some cell, and a digit in a cell
///   means a set that holds it.
///
/// The groups are rebuilt from the puzzle's layout here rather than read
/// from [`Puzzle::groups`], as the verifier does, so a fault shared by the
/// engines' lowering cannot reach the proof.
pub fn encode(puzzle: &Puzzle) -> Result<Cnf, Refusal> {
    let mut cnf = encode_shape(puzzle)?;
    for_each_unit(puzzle, |unit| cnf.add(&[unit]));
    Ok(cnf)
}

/// The refusal of a grid of side `n` past [`MAX_CERTIFIED_SIZE`], with the
/// size of the CNF it would need.
fn too_large(n: usize) -> Option<Refusal> {
    // A cell and its row, column and box: n (n - 1) / 2 pairs each.
    let millions = 4 * n * n * (n * (n - 1) / 2) / 1_000_000;
    (n > MAX_CERTIFIED_SIZE).then_some(Refusal::GridTooLarge { size: n, millions })
}

/// The clauses of [`encode`] that every puzzle of the same shape
/// ([`Puzzle::same_shape`]) shares: all but the givens and pencil marks,
/// which [`for_each_unit`] adds. A batch of puzzles of one shape encodes
/// it once.
pub fn encode_shape(puzzle: &Puzzle) -> Result<Cnf, Refusal> {
    let n = puzzle.size();
    if let Some(refusal) = too_large(n) {
        return Err(refusal);
    }
    let cells = n * n;
    let mut cnf = Cnf::new((cells * n) as u32);
    let x = |cell: Cell, digit: usize| cell_var(n, cell, digit as u8);
    let mut lits: Vec<Lit> = Vec::with_capacity(n);
    for cell in 0..cells {
        lits.clear();
        lits.extend((1..=n).map(|d| x(cell, d)));
        cnf.add(&lits);
        at_most_one(&mut cnf, &lits);
    }
    for group in groups(puzzle) {
        for d in 1..=n {
            lits.clear();
            lits.extend(group.iter().map(|&cell| x(cell, d)));
            at_most_one(&mut cnf, &lits);
            if group.len() == n {
                cnf.add(&lits);
            }
        }
    }
    for (i, cage) in puzzle.cages().iter().enumerate() {
        let k = cage.cells.len();
        let sets = digit_sets(n, k, cage.sum).ok_or(Refusal::CageTooLarge {
            cage: i + 1,
            cells: k,
            sum: cage.sum,
        })?;
        let chosen: Vec<Lit> = sets.iter().map(|_| cnf.new_var() as Lit).collect();
        cnf.add(&chosen);
        for (&set, &z) in sets.iter().zip(&chosen) {
            for d in 1..=n {
                if set >> (d - 1) & 1 == 0 {
                    for &cell in &cage.cells {
                        cnf.add(&[-z, -x(cell, d)]);
                    }
                } else {
                    // Implied: the set's digits all appear.
                    let mut appears = vec![-z];
                    appears.extend(cage.cells.iter().map(|&cell| x(cell, d)));
                    cnf.add(&appears);
                }
            }
        }
        // Implied: a digit in a cell means a set that holds it.
        for d in 1..=n {
            let holding: Vec<Lit> = sets
                .iter()
                .zip(&chosen)
                .filter(|(&set, _)| set >> (d - 1) & 1 == 1)
                .map(|(_, &z)| z)
                .collect();
            for &cell in &cage.cells {
                let mut clause = vec![-x(cell, d)];
                clause.extend_from_slice(&holding);
                cnf.add(&clause);
            }
        }
    }
    Ok(cnf)
}

/// Calls `add` with the literal of each unit clause of [`encode`]: a given
/// holds its digit, a digit a pencil mark excludes is not in its cell.
pub fn for_each_unit(puzzle: &Puzzle, mut add: impl FnMut(Lit)) {
    let n = puzzle.size();
    let x = |cell: Cell, digit: usize| cell_var(n, cell, digit as u8);
    for (cell, &given) in puzzle.givens().iter().enumerate() {
        if given != 0 {
            add(x(cell, usize::from(given)));
        }
    }
    if let Some(marks) = puzzle.candidates() {
        for (cell, &mark) in marks.iter().enumerate() {
            for d in (1..=n).filter(|d| mark >> (d - 1) & 1 == 0) {
                add(-x(cell, d));
            }
        }
    }
}

/// The clause that forbids `grid` (digits `1..=n`, row-major): some cell
/// holds another digit.
pub fn blocking_clause(n: usize, grid: &[u8]) -> Vec<Lit> {
    grid.iter()
        .enumerate()
        .map(|(cell, &digit)| -cell_var(n, cell, digit))
        .collect()
}

/// The grid a model of [`encode`]'s CNF stands for: each cell's digit is
/// the first one true (0 when none is).
pub fn decode(n: usize, model: &[bool]) -> Vec<u8> {
    (0..n * n)
        .map(|cell| {
            (1..=n as u8)
                .find(|&d| model[cell_var(n, cell, d) as usize - 1])
                .unwrap_or(0)
        })
        .collect()
}

/// Pairwise: no two of `lits` both true.
fn at_most_one(cnf: &mut Cnf, lits: &[Lit]) {
    for (i, &a) in lits.iter().enumerate() {
        for &b in &lits[i + 1..] {
            cnf.add(&[-a, -b]);
        }
    }
}

/// Every all-different group: rows, columns, boxes or regions, diagonals,
/// extra groups and cages.
fn groups(puzzle: &Puzzle) -> Vec<Vec<Cell>> {
    let n = puzzle.size();
    let mut groups: Vec<Vec<Cell>> = Vec::new();
    groups.extend((0..n).map(|r| (0..n).map(|c| r * n + c).collect()));
    groups.extend((0..n).map(|c| (0..n).map(|r| r * n + c).collect()));
    let block_of: Option<Box<dyn Fn(Cell) -> usize + '_>> = match puzzle.layout() {
        Layout::Boxes(shape) => {
            let across = n / shape.cols;
            Some(Box::new(move |cell| {
                (cell / n / shape.rows) * across + cell % n / shape.cols
            }))
        }
        Layout::Regions(map) => Some(Box::new(move |cell| usize::from(map[cell]))),
        Layout::Latin => None,
    };
    if let Some(block_of) = block_of {
        let mut blocks = vec![Vec::new(); n];
        for cell in 0..n * n {
            blocks[block_of(cell)].push(cell);
        }
        groups.extend(blocks);
    }
    if puzzle.diagonals() {
        groups.push((0..n).map(|i| i * n + i).collect());
        groups.push((0..n).map(|i| i * n + n - 1 - i).collect());
    }
    groups.extend(puzzle.extra_groups().iter().cloned());
    groups.extend(puzzle.cages().iter().map(|cage| cage.cells.clone()));
    groups
}

/// Every set of `k` distinct digits of `1..=n` adding up to `sum`, as a
/// bit set (bit `d - 1`, digits to 100 in a u128); `None` past
/// [`MAX_CAGE_COMBINATIONS`].
fn digit_sets(n: usize, k: usize, sum: u32) -> Option<Vec<u128>> {
    let mut sets = Vec::new();
    extend_sets(n as u32, 1, k as u32, sum, 0, &mut sets).then_some(sets)
}

/// Adds to `sets` each way to pick `k` more digits from `from..=n` adding
/// up to `sum`, on top of `chosen`; false when the list grows too long.
/// Every branch it enters holds a set, so the work follows the output.
fn extend_sets(n: u32, from: u32, k: u32, sum: u32, chosen: u128, sets: &mut Vec<u128>) -> bool {
    if k == 0 {
        if sum == 0 {
            if sets.len() == MAX_CAGE_COMBINATIONS {
                return false;
            }
            sets.push(chosen);
        }
        return true;
    }
    for d in from..=n {
        // The least and the most d and k - 1 digits after it add up to
        // (when they do not fit below n, least > most).
        let least = k * d + k * (k - 1) / 2;
        let most = d + (k - 1) * n - (k - 1) * k.saturating_sub(2) / 2;
        if least > sum {
            break;
        }
        if most >= sum && !extend_sets(n, d + 1, k - 1, sum - d, chosen | 1 << (d - 1), sets) {
            return false;
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    fn digits(set: u128) -> Vec<u32> {
        (1..=35).filter(|d| set >> (d - 1) & 1 == 1).collect()
    }

    #[test]
    fn the_sets_of_a_cage_are_every_right_subset_once() {
        assert_eq!(
            digit_sets(9, 2, 10)
                .expect("small")
                .into_iter()
                .map(digits)
                .collect::<Vec<_>>(),
            [[1, 9], [2, 8], [3, 7], [4, 6]]
        );
        assert_eq!(digit_sets(9, 3, 6), Some(vec![0b111]));
        assert_eq!(digit_sets(9, 9, 45), Some(vec![0b1_1111_1111]));
        assert_eq!(digit_sets(9, 1, 9), Some(vec![1 << 8]));
        assert_eq!(digit_sets(4, 2, 8), Some(vec![]));
        // Past 64 digits: 99 + 100 alone make 199.
        assert_eq!(digit_sets(100, 2, 199), Some(vec![3 << 98]));
        // Over every size and sum, each of the 2^n - 1 non-empty subsets
        // of 1..=n exactly once, with its own size and sum.
        for n in [4usize, 6, 9] {
            let mut seen = vec![false; 1 << n];
            for k in 1..=n {
                for sum in 0..=(n * (n + 1) / 2) as u32 {
                    for set in digit_sets(n, k, sum).expect("small") {
                        let ds = digits(set);
                        assert_eq!(ds.len(), k);
                        assert_eq!(ds.iter().sum::<u32>(), sum);
                        assert!(!std::mem::replace(&mut seen[set as usize], true));
                    }
                }
            }
            assert_eq!(seen.iter().filter(|&&s| s).count(), (1 << n) - 1);
        }
    }

    #[test]
    fn a_grid_past_64_is_refused_with_its_size() {
        let puzzle = Puzzle::boxed(5, 13, vec![0; 65 * 65]).unwrap();
        assert_eq!(
            encode(&puzzle).unwrap_err().to_string(),
            "the certifier takes grids up to 64x64: it states each cell's and each unit's \
             digits pair by pair, about 35 million clauses for this 65x65 grid"
        );
        let puzzle = Puzzle::boxed(10, 10, vec![0; 100 * 100]).unwrap();
        assert!(encode_shape(&puzzle)
            .unwrap_err()
            .to_string()
            .ends_with("about 198 million clauses for this 100x100 grid"));
        // 64x64 itself is taken (encoding it here would cost 33 million
        // clauses).
        assert!(too_large(64).is_none());
    }

    #[test]
    fn a_cage_with_too_many_sets_is_refused() {
        // Seven digits of 1..=18: 957 sets add up to 60, 1000 to 61 and
        // 1038 to 62.
        assert_eq!(digit_sets(18, 7, 60).map(|v| v.len()), Some(957));
        assert_eq!(digit_sets(18, 7, 61).map(|v| v.len()), Some(1000));
        assert_eq!(digit_sets(18, 7, 62), None);
        assert_eq!(digit_sets(20, 10, 105), None);
    }

    #[test]
    fn variables_are_cells_then_digits() {
        assert_eq!(cell_var(9, 0, 1), 1);
        assert_eq!(cell_var(9, 0, 9), 9);
        assert_eq!(cell_var(9, 1, 1), 10);
        assert_eq!(cell_var(9, 80, 9), 729);
        let mut model = vec![false; 729];
        model[cell_var(9, 3, 7) as usize - 1] = true;
        let grid = decode(9, &model);
        assert_eq!(grid[3], 7);
        assert_eq!(grid.iter().filter(|&&d| d != 0).count(), 1);
        assert_eq!(blocking_clause(2, &[1, 2, 2, 1]), [-1, -4, -6, -7]);
    }
}
