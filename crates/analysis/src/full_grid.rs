use rand::seq::SliceRandom;
use rand::RngExt;
use rand_pcg::Pcg64Mcg;
use sudokit_puzzle::{Layout, Puzzle};

use crate::counter::rebuilt;
use crate::singles::peers;
use crate::{AnalysisError, Counter};

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
