use rand::seq::SliceRandom;
use rand::RngExt;
use rand_pcg::Pcg64Mcg;
use sudokit_puzzle::{Layout, Puzzle};

use crate::counter::rebuilt;
use crate::singles::peers;
use crate::swaps::GridSwaps;
use crate::{AnalysisError, Counter};

/// From this side up, a plain boxed grid is drawn by [`walked_grid`]
/// rather than by a search. One core's CPU time a grid (Intel Xeon,
/// AVX-512; `cp`, which `auto` picks past 9x9): the search 3.7 ms at
/// 16x16, 34 ms at 25x25, 0.18 s at 36x36, 1.1 s at 49x49, 2.3 s at 64x64;
/// the walk under a millisecond up to 36x36 and about 5 ms at 64x64 (BENCHMARKS.md,
/// "Big grids"). Below 16x16 the search takes a millisecond or less,
/// and its grids are the ones earlier runs and seeds were made from.
const WALK_FROM_SIZE: usize = 16;

/// Random swaps a walked grid takes, per cell. Each swap is its own
/// inverse and is drawn with the same chance from either side, so the walk
/// tends to the even spread over the grids it can reach; the number of
/// 2x2 rectangles that could swap, a sign of the pattern's regularity (64
/// a 16x16 pattern grid), settles within one swap a cell (29.9 at 16x16,
/// 29.7 after four) and stays there: twice that is a margin. Searched
/// grids show 27.1: neither method is proven uniform.
const SWAPS_PER_CELL: usize = 2;

/// How many sets of random seeds a shape is tried with (a jigsaw map may
/// have no solution at all).
const SEED_ROUNDS: usize = 8;

/// Search nodes the first set of seeds may take, doubled each round:
/// 100 made 9x9 grids fastest with `fast` (69 µs a grid and 1.4 solves
/// against 3 ms with no budget; 30: 106 µs, 1000: 98 µs).
const FIRST_BUDGET: u64 = 100;

/// A random solution of `shape` (its givens and pencil marks are ignored;
/// its groups and cages are kept), or `None` when none was found in a few
/// rounds of bounded search (the shape may have no solution).
///
/// How it stays uniform enough that generated puzzles do not favour a few
/// patterns:
/// 1. **Random seeds**: about 1.5 n cells, picked one at a time in random
///    order, each get a random digit among those their placed peers still
///    allow. The engine then completes the grid (its first solution) within
///    a node budget; if the seeds admit none, or the budget runs out, other
///    seeds are drawn (fewer every second round, none in the last, with a
///    budget doubled each round).
/// 2. **Random digits**: the digits are relabelled by a random permutation
///    (not for killer cages, whose sums name digits).
/// 3. **Random rows and columns**: on a plain boxed grid (no diagonals,
///    extra groups or cages), rows are shuffled within each band, bands
///    among themselves, columns within each stack, stacks among
///    themselves, and a grid with square boxes is transposed half the time.
///    Each of these maps a solution to a solution, so the engine's
///    deterministic completion is spread over the whole class of grids it
///    belongs to.
pub fn random_full_grid(
    counter: &mut Counter,
    shape: &Puzzle,
    rng: &mut Pcg64Mcg,
) -> Result<Option<Vec<u8>>, AnalysisError> {
    let n = shape.size();
    if let (&Layout::Boxes(boxes), true) = (shape.layout(), n >= WALK_FROM_SIZE) {
        if let Some(swaps) = GridSwaps::of(&rebuilt_blank_of(shape)) {
            let mut grid = walked_grid(boxes.rows, boxes.cols, swaps, rng);
            shuffle(shape, &mut grid, rng);
            return Ok(Some(grid));
        }
    }
    let mut blank = shape.spec().clone();
    blank.givens = vec![0; n * n];
    blank.candidates = None;
    let peers = peers(shape);
    let seeds = n + n / 2;
    for round in 0..SEED_ROUNDS {
        let mut spec = blank.clone();
        // Fewer seeds as rounds fail, none in the last (a shape with cages
        // may allow few grids, which random seeds rarely hit).
        let count = if round + 1 == SEED_ROUNDS {
            0
        } else {
            seeds >> (round / 2)
        };
        spec.givens = random_seeds(n, &peers, count, rng);
        // Searches from random seeds have heavy tails: most end at once, a
        // few run long. Restarting those with other seeds is cheaper, and a
        // shape that defeats every round (a jigsaw map whose rows, columns
        // and regions admit no grid, which can take long to prove) is
        // given up for another.
        if let Some(mut grid) = counter.first_within(&rebuilt(spec), FIRST_BUDGET << round)? {
            shuffle(shape, &mut grid, rng);
            return Ok(Some(grid));
        }
    }
    Ok(None)
}

/// The shape without givens or pencil marks (which a full grid ignores).
fn rebuilt_blank_of(shape: &Puzzle) -> Puzzle {
    let mut spec = shape.spec().clone();
    spec.givens = vec![0; spec.size * spec.size];
    spec.candidates = None;
    rebuilt(spec)
}

/// A full grid without search: the pattern grid of `rows` x `cols` boxes
/// (row `r` is the digits shifted by `cols * (r % rows) + r / rows`), then
/// random line swaps ([`GridSwaps`]), which leave the pattern's class:
/// the symmetry group's shuffles alone would only relabel and reorder the
/// one pattern, a vanishing share of all grids (16x16: at most 2.6 x 10^27
/// images against some 6 x 10^98 grids).
pub(crate) fn walked_grid(
    rows: usize,
    cols: usize,
    swaps: GridSwaps,
    rng: &mut Pcg64Mcg,
) -> Vec<u8> {
    let n = rows * cols;
    let mut grid: Vec<u8> = (0..n * n)
        .map(|cell| {
            let (r, c) = (cell / n, cell % n);
            ((cols * (r % rows) + r / rows + c) % n + 1) as u8
        })
        .collect();
    for _ in 0..SWAPS_PER_CELL * n * n {
        swaps.swap_at_random(&mut grid, rng);
    }
    grid
}

/// `count` cells in random order, each with a random digit its peers allow.
fn random_seeds(n: usize, peers: &[Vec<usize>], count: usize, rng: &mut Pcg64Mcg) -> Vec<u8> {
    let all = u64::MAX >> (64 - n);
    let mut allowed = vec![all; n * n];
    let mut givens = vec![0u8; n * n];
    let mut cells: Vec<usize> = (0..n * n).collect();
    cells.shuffle(rng);
    for &cell in cells.iter().take(count) {
        let mask = allowed[cell];
        if mask == 0 {
            continue;
        }
        let digits: Vec<u8> = (0..n as u8).filter(|d| mask >> d & 1 == 1).collect();
        let digit = digits[rng.random_range(0..digits.len())];
        givens[cell] = digit + 1;
        for &peer in &peers[cell] {
            allowed[peer] &= !(1 << digit);
        }
    }
    givens
}

/// Maps `grid` to another solution of `shape` at random (see
/// [`random_full_grid`]).
fn shuffle(shape: &Puzzle, grid: &mut [u8], rng: &mut Pcg64Mcg) {
    let n = shape.size();
    if shape.cages().is_empty() {
        let mut digits: Vec<u8> = (1..=n as u8).collect();
        digits.shuffle(rng);
        for d in grid.iter_mut() {
            *d = digits[usize::from(*d) - 1];
        }
    }
    let Layout::Boxes(boxes) = *shape.layout() else {
        return;
    };
    if !shape.variant_parts().is_empty() {
        return;
    }
    let rows = within_blocks(n, boxes.rows, rng);
    let cols = within_blocks(n, boxes.cols, rng);
    let transpose = boxes.rows == boxes.cols && rng.random_range(0..2) == 1;
    let old = grid.to_vec();
    for r in 0..n {
        for c in 0..n {
            let (sr, sc) = if transpose {
                (cols[c], rows[r])
            } else {
                (rows[r], cols[c])
            };
            grid[r * n + c] = old[sr * n + sc];
        }
    }
}

/// A permutation of `0..n` that shuffles blocks of `size` among themselves
/// and the lines within each block.
fn within_blocks(n: usize, size: usize, rng: &mut Pcg64Mcg) -> Vec<usize> {
    let mut blocks: Vec<usize> = (0..n / size).collect();
    blocks.shuffle(rng);
    let mut order = Vec::with_capacity(n);
    for block in blocks {
        let mut lines: Vec<usize> = (block * size..(block + 1) * size).collect();
        lines.shuffle(rng);
        order.extend(lines);
    }
    order
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;

    use rand::SeedableRng;

    use super::*;

    /// Line swaps alone, from the one 4x4 pattern grid and with no
    /// relabelling or reordering, reach every one of the 288 4x4 grids
    /// about evenly: the walk is not stuck near its start.
    #[test]
    fn walks_from_the_pattern_reach_every_4x4_grid() {
        let shape = Puzzle::boxed(2, 2, vec![0; 16]).unwrap();
        let swaps = GridSwaps::of(&shape).unwrap();
        let mut rng = Pcg64Mcg::seed_from_u64(5);
        let mut seen = HashMap::new();
        for _ in 0..2880 {
            let grid = walked_grid(2, 2, swaps, &mut rng);
            assert!(sudokit_verify::check_grid(&shape, &grid).is_valid());
            *seen.entry(grid).or_insert(0) += 1;
        }
        assert_eq!(seen.len(), 288);
        let (least, most) = (seen.values().min(), seen.values().max());
        assert!(
            least >= Some(&2) && most <= Some(&25),
            "from {least:?} to {most:?} draws per grid"
        );
    }
}
