//! Grids and region maps for the verifier's tests, built from a seed: valid
//! ones by construction, and the near misses a lenient checker would let
//! through. Whether a grid is valid is never assumed here; the reference
//! checker decides.
#![allow(dead_code)] // each test file uses a part

use sudokit_model::BoxShape;
use sudokit_puzzle::{Layout, Puzzle, PuzzleSpec, MAX_SIZE};

/// A small deterministic generator (splitmix64): a seed names a case.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Self {
        Rng(seed)
    }

    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in `0..n`.
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    /// True one time in `n`.
    pub fn one_in(&mut self, n: usize) -> bool {
        self.below(n) == 0
    }

    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            items.swap(i, self.below(i + 1));
        }
    }

    pub fn pick<T: Copy>(&mut self, items: &[T]) -> T {
        items[self.below(items.len())]
    }
}

/// Every box shape up to 35x35 (digits one character each), and past it
/// the shapes at the edges up to the largest size: the first size past 35,
/// square boxes, and one row or column of boxes. Every shape up to 64x64
/// would make each run of the tests minutes long in a debug build, which
/// the mutation testing repeats for every mutant.
pub fn box_shapes() -> Vec<(usize, usize)> {
    let mut shapes: Vec<(usize, usize)> = (1..=35)
        .flat_map(|rows| (1..=35 / rows).map(move |cols| (rows, cols)))
        .collect();
    shapes.extend([(1, 36), (6, 6), (4, 9), (7, 7), (8, 8), (2, 32), (32, 2)]);
    // 64: the widest u64 digit set and pencil marks; then u128 to 100.
    shapes.extend([(1, 64), (64, 1), (1, 65), (10, 10), (4, 25), (20, 5)]);
    shapes.extend([(1, MAX_SIZE), (MAX_SIZE, 1)]);
    shapes
}

/// A valid grid for boxes `rows x cols`: the classic pattern, then digits,
/// bands, stacks, rows within bands and columns within stacks shuffled.
pub fn sudoku(rows: usize, cols: usize, rng: &mut Rng) -> Vec<u8> {
    let n = rows * cols;
    let pattern = |r: usize, c: usize| (cols * (r % rows) + r / rows + c) % n;
    let mut digits: Vec<u8> = (1..=n as u8).collect();
    rng.shuffle(&mut digits);
    let row_order = block_shuffle(n, rows, rng);
    let col_order = block_shuffle(n, cols, rng);
    (0..n * n)
        .map(|cell| digits[pattern(row_order[cell / n], col_order[cell % n])])
        .collect()
}

/// A permutation of `0..n` that keeps blocks of `size` together: blocks
/// shuffled, and lines shuffled inside each block.
fn block_shuffle(n: usize, size: usize, rng: &mut Rng) -> Vec<usize> {
    let mut blocks: Vec<usize> = (0..n / size).collect();
    rng.shuffle(&mut blocks);
    let mut order = Vec::with_capacity(n);
    for b in blocks {
        let mut lines: Vec<usize> = (b * size..(b + 1) * size).collect();
        rng.shuffle(&mut lines);
        order.extend(lines);
    }
    order
}

/// The cyclic latin square `a*r + b*c + k (mod n)`, digits renamed at
/// random: rows and columns complete when `a` and `b` are prime to `n`,
/// boxes and diagonals complete only for some `a`, `b`.
pub fn linear_latin(n: usize, a: usize, b: usize, k: usize, rng: &mut Rng) -> Vec<u8> {
    let mut digits: Vec<u8> = (1..=n as u8).collect();
    rng.shuffle(&mut digits);
    (0..n * n)
        .map(|cell| digits[(a * (cell / n) + b * (cell % n) + k) % n])
        .collect()
}

/// Numbers prime to `n` in `1..n` (or `[1]` for n = 1).
pub fn units_mod(n: usize) -> Vec<usize> {
    let gcd = |mut a: usize, mut b: usize| {
        while b != 0 {
            (a, b) = (b, a % b);
        }
        a
    };
    let units: Vec<usize> = (1..n).filter(|&a| gcd(a, n) == 1).collect();
    if units.is_empty() {
        vec![1]
    } else {
        units
    }
}

/// A grid on `p x p` boxes (p prime) whose digit, as a vector over Z_p²,
/// is a random linear map of the row and column digits (in base p): many
/// are valid Sudoku X grids, many break exactly one diagonal or the boxes.
pub fn linear_over_zp(p: usize, rng: &mut Rng) -> Vec<u8> {
    let n = p * p;
    let m: Vec<usize> = (0..8).map(|_| rng.below(p)).collect();
    let (o1, o0) = (rng.below(p), rng.below(p));
    let mut digits: Vec<u8> = (1..=n as u8).collect();
    rng.shuffle(&mut digits);
    (0..n * n)
        .map(|cell| {
            let (r, c) = (cell / n, cell % n);
            let (r1, r0, c1, c0) = (r / p, r % p, c / p, c % p);
            let d1 = (m[0] * r1 + m[1] * r0 + m[2] * c1 + m[3] * c0 + o1) % p;
            let d0 = (m[4] * r1 + m[5] * r0 + m[6] * c1 + m[7] * c0 + o0) % p;
            digits[d1 * p + d0]
        })
        .collect()
}

/// The grid mirrored in its main diagonal.
pub fn transpose<T: Copy>(grid: &[T], n: usize) -> Vec<T> {
    (0..n * n)
        .map(|cell| grid[cell % n * n + cell / n])
        .collect()
}

/// Rows `a` and `b` exchanged.
pub fn swap_rows(grid: &mut [u8], n: usize, a: usize, b: usize) {
    for c in 0..n {
        grid.swap(a * n + c, b * n + c);
    }
}

/// Columns `a` and `b` exchanged.
pub fn swap_columns(grid: &mut [u8], n: usize, a: usize, b: usize) {
    for r in 0..n {
        grid.swap(r * n + a, r * n + b);
    }
}

/// The region map of `rows x cols` boxes.
pub fn box_map(rows: usize, cols: usize) -> Vec<u8> {
    let n = rows * cols;
    (0..n * n)
        .map(|cell| (cell / n / rows * (n / cols) + cell % n / cols) as u8)
        .collect()
}

/// A jigsaw map that `grid` (a latin square) fills correctly: the n cells
/// of each digit are dealt to the n regions in a random order, so every
/// region holds every digit once. Regions need not be connected; the
/// verifier does not ask them to be.
pub fn jigsaw_for(grid: &[u8], n: usize, rng: &mut Rng) -> Vec<u8> {
    let mut map = vec![0u8; n * n];
    for digit in 1..=n as u8 {
        let mut regions: Vec<u8> = (0..n as u8).collect();
        rng.shuffle(&mut regions);
        let cells = (0..n * n).filter(|&c| grid[c] == digit);
        for (cell, region) in cells.zip(regions) {
            map[cell] = region;
        }
    }
    map
}

/// A puzzle with no givens and no variant.
pub fn blank(size: usize, layout: Layout) -> Puzzle {
    Puzzle::new(PuzzleSpec::blank(size, layout)).expect("a valid layout")
}

/// A blank boxed puzzle.
pub fn boxed(rows: usize, cols: usize) -> Puzzle {
    blank(rows * cols, Layout::Boxes(BoxShape { rows, cols }))
}

/// A blank jigsaw, if `map` is a partition into n regions of n cells.
pub fn jigsaw(n: usize, map: Vec<u8>) -> Option<Puzzle> {
    Puzzle::new(PuzzleSpec::blank(n, Layout::Regions(map))).ok()
}
