use sudokit_puzzle::Puzzle;

/// Fills what naked and hidden singles alone can fill, as a person with
/// pencil marks would: a cell with one candidate left takes it (naked), a
/// digit with one place left in a full group (n cells) goes there
/// (hidden), and the last open cell of a killer cage takes what its sum
/// still needs. Returns the grid so reached (0 where singles stalled), or
/// `None` when they run into a contradiction (the puzzle has no solution).
///
/// Works on every geometry and variant, since it only reads the puzzle's
/// groups; hidden singles need full groups, because only there must every
/// digit appear.
pub fn fill_by_singles(puzzle: &Puzzle) -> Option<Vec<u8>> {
    SinglesFill::of(puzzle).fill(puzzle)
}

/// [`fill_by_singles`] for many puzzles of one shape: the peers and full
/// groups are worked out once (at 16x16 that was most of a fill's time).
pub(crate) struct SinglesFill {
    peers: Vec<Vec<usize>>,
    full: Vec<Vec<usize>>,
}

impl SinglesFill {
    /// The fill for puzzles of `shape`'s shape.
    pub(crate) fn of(shape: &Puzzle) -> Self {
        let n = shape.size();
        let full = shape
            .groups()
            .into_iter()
            .filter(|g| g.cells.len() == n)
            .map(|g| g.cells)
            .collect();
        SinglesFill {
            peers: peers(shape),
            full,
        }
    }

    /// [`fill_by_singles`] of `puzzle`, of the shape this was made for.
    pub(crate) fn fill(&self, puzzle: &Puzzle) -> Option<Vec<u8>> {
        self.fill_towards(puzzle, &[])
    }

    /// [`SinglesFill::fill`], stopped as soon as every cell of `goal` is
    /// placed (when there is a goal): the grid so far. To refill givens
    /// taken away from a puzzle that singles fill, that is enough, since
    /// singles from the puzzle's givens go on to fill the rest; it saves
    /// about a fifth of the first pass of `generate --minimal`.
    pub(crate) fn fill_towards(&self, puzzle: &Puzzle, goal: &[usize]) -> Option<Vec<u8>> {
        let n = puzzle.size();
        let (peers, full) = (&self.peers, &self.full);
        let mut candidates = Vec::new();
        puzzle.cell_candidates(&mut candidates);
        let mut grid = vec![0u8; n * n];
        let mut in_goal = vec![false; n * n];
        for &cell in goal {
            in_goal[cell] = true;
        }
        let mut open_goal = goal.len();
        // Cells to place: (cell, digit); placing removes the digit from peers.
        let mut queue: Vec<(usize, u8)> = (0..n * n)
            .filter(|&c| single(candidates[c]))
            .map(|c| (c, candidates[c].trailing_zeros() as u8 + 1))
            .collect();
        loop {
            while let Some((cell, digit)) = queue.pop() {
                if grid[cell] == digit {
                    continue;
                }
                let bit = 1u64 << (digit - 1);
                if grid[cell] != 0 || candidates[cell] & bit == 0 {
                    return None;
                }
                grid[cell] = digit;
                candidates[cell] = bit;
                if in_goal[cell] {
                    open_goal -= 1;
                    if open_goal == 0 {
                        return Some(grid);
                    }
                }
                for &peer in &peers[cell] {
                    if candidates[peer] & bit == 0 {
                        continue;
                    }
                    let left = candidates[peer] & !bit;
                    candidates[peer] = left;
                    if left == 0 {
                        return None;
                    }
                    if single(left) && grid[peer] == 0 {
                        queue.push((peer, left.trailing_zeros() as u8 + 1));
                    }
                }
            }
            queue.extend(hidden_singles(full, &candidates, &grid, n)?);
            queue.extend(last_cage_cells(puzzle, &candidates, &grid)?);
            if queue.is_empty() {
                return Some(grid);
            }
        }
    }
}

/// Whether `mask` holds one digit: a test, where `count_ones` is a
/// dozen instructions on the portable x86-64 build.
#[inline]
fn single(mask: u64) -> bool {
    mask != 0 && mask & (mask - 1) == 0
}

/// The cells that share a group with each cell (repeats allowed).
pub(crate) fn peers(puzzle: &Puzzle) -> Vec<Vec<usize>> {
    let n = puzzle.size();
    let mut peers = vec![Vec::new(); n * n];
    for group in puzzle.groups() {
        for &a in &group.cells {
            peers[a].extend(group.cells.iter().copied().filter(|&b| b != a));
        }
    }
    peers
}

/// Digits with one place left in a full group; `None` if one has none.
fn hidden_singles(
    full: &[Vec<usize>],
    candidates: &[u64],
    grid: &[u8],
    n: usize,
) -> Option<Vec<(usize, u8)>> {
    let all = u64::MAX >> (64 - n);
    let mut found = Vec::new();
    for cells in full {
        // Digits seen in one open place and in two or more, and digits
        // placed: one pass a group, not one a digit. A placed digit is no
        // news, so most groups need no second pass.
        let (mut once, mut twice, mut placed) = (0u64, 0u64, 0u64);
        for &c in cells {
            let open = u64::from(grid[c] == 0).wrapping_neg();
            let m = candidates[c] & open;
            twice |= once & m;
            once |= m;
            placed |= candidates[c] & !open;
        }
        if once | placed != all {
            return None;
        }
        let single = once & !twice & !placed;
        if single == 0 {
            continue;
        }
        for &c in cells.iter().filter(|&&c| grid[c] == 0) {
            let mut hits = candidates[c] & single;
            while hits != 0 {
                found.push((c, hits.trailing_zeros() as u8 + 1));
                hits &= hits - 1;
            }
        }
    }
    Some(found)
}

/// The last open cell of each cage takes the rest of the sum; `None` if
/// that rest is no candidate of the cell.
fn last_cage_cells(puzzle: &Puzzle, candidates: &[u64], grid: &[u8]) -> Option<Vec<(usize, u8)>> {
    let mut found = Vec::new();
    for cage in puzzle.cages() {
        let mut open = cage.cells.iter().filter(|&&c| grid[c] == 0);
        let (Some(&cell), None) = (open.next(), open.next()) else {
            continue;
        };
        let placed: u32 = cage.cells.iter().map(|&c| u32::from(grid[c])).sum();
        let rest = cage.sum.checked_sub(placed)?;
        if rest == 0 || rest > 64 || candidates[cell] & (1u64 << (rest - 1)) == 0 {
            return None;
        }
        found.push((cell, rest as u8));
    }
    Some(found)
}

#[cfg(test)]
mod tests {
    use super::*;
    use sudokit_model::BoxShape;
    use sudokit_puzzle::{Cage, Layout, PuzzleSpec};

    fn line(text: &str) -> Vec<u8> {
        text.bytes()
            .map(|b| if b == b'.' { 0 } else { b - b'0' })
            .collect()
    }

    #[test]
    fn singles_solve_an_easy_puzzle_and_stall_on_a_hard_one() {
        // Easy51's first puzzle falls to singles; top95's first does not.
        let easy = Puzzle::boxed(
            3,
            3,
            line(
                "003020600900305001001806400008102900700000008006708200002609500800203009005010300",
            ),
        )
        .unwrap();
        let solved = fill_by_singles(&easy).unwrap();
        assert!(!solved.contains(&0));
        assert!(sudokit_verify::check_grid(&easy, &solved).is_valid());
        let hard = line(
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
        );
        let hard = Puzzle::boxed(3, 3, hard).unwrap();
        let stalled = fill_by_singles(&hard).unwrap();
        let placed = stalled.iter().filter(|&&d| d != 0).count();
        assert!((17..81).contains(&placed), "{placed}");
        // What singles place is right: it agrees with the solution.
        for (cell, &d) in stalled.iter().enumerate() {
            assert!(
                d == 0 || d == HARD_SOLUTION[cell] - b'0',
                "r{}c{}",
                cell / 9 + 1,
                cell % 9 + 1
            );
        }
    }

    #[test]
    fn a_fill_towards_a_goal_stops_once_the_goal_is_placed() {
        let easy = Puzzle::boxed(
            3,
            3,
            line(
                "003020600900305001001806400008102900700000008006708200002609500800203009005010300",
            ),
        )
        .unwrap();
        let singles = SinglesFill::of(&easy);
        let full = singles.fill(&easy).unwrap();
        assert!(!full.contains(&0));
        // Each blank cell as the goal: placed with the solution's digit,
        // and for some the fill stopped before the grid was full.
        let blanks: Vec<usize> = (0..81).filter(|&c| easy.givens()[c] == 0).collect();
        let mut stopped_early = 0;
        for &cell in &blanks {
            let part = singles.fill_towards(&easy, &[cell]).unwrap();
            assert_eq!(part[cell], full[cell]);
            for (c, &d) in part.iter().enumerate() {
                assert!(d == 0 || d == full[c]);
            }
            stopped_early += usize::from(part.contains(&0));
        }
        assert!(stopped_early > blanks.len() / 2, "{stopped_early}");
        // Every blank as the goal: every blank placed (givens perhaps not yet).
        let all = singles.fill_towards(&easy, &blanks).unwrap();
        assert!(blanks.iter().all(|&c| all[c] == full[c]));
    }

    /// top95's first puzzle, solved by `sudokit solve` and checked by the verifier.
    const HARD_SOLUTION: &[u8; 81] =
        b"417369825632158947958724316825437169791586432346912758289643571573291684164875293";

    #[test]
    fn a_contradiction_is_none() {
        let mut givens = vec![0; 16];
        givens[0] = 1;
        givens[5] = 1; // r2c2: same box as r1c1
        let puzzle = Puzzle::boxed(2, 2, givens).unwrap();
        assert_eq!(fill_by_singles(&puzzle), None);
    }

    #[test]
    fn the_last_cell_of_a_cage_takes_the_rest_of_its_sum() {
        // 4x4: a cage r1c1+r1c2 = 7 with r1c1 given 3 forces r1c2 = 4.
        let mut spec = PuzzleSpec::blank(4, Layout::Boxes(BoxShape { rows: 2, cols: 2 }));
        spec.givens[0] = 3;
        spec.cages = vec![Cage {
            cells: vec![0, 1],
            sum: 7,
        }];
        let grid = fill_by_singles(&Puzzle::new(spec).unwrap()).unwrap();
        assert_eq!(grid[1], 4);
    }
}
