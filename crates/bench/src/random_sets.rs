//! Random big puzzles made from a seed at bench time, so the scaling table
//! reruns on a fresh clone with no puzzle file: `random:25:60` is ten
//! 25×25 puzzles with 60% of their cells blank, `giant` every size and
//! blank share of the table, `giant-quick` a few minutes' worth of it.
//!
//! A puzzle is a solved grid from the pattern
//! `(cols · (r mod rows) + r div rows + c) mod n`, its bands, rows within
//! bands, stacks, columns within stacks and digit labels shuffled, then the
//! given share of its cells blanked at random. The grid is built, not
//! searched, so the set depends on no engine and is made in milliseconds at
//! any size; it is not uniform over all grids (it is for timing engines,
//! not for publishing). Most such puzzles have several solutions: counting
//! to 2 answers 1 or 2, and near 55–65% blank (the hard phase) a search
//! must work to find even one.

use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;
use sudokit_formats::to_line;
use sudokit_puzzle::{Puzzle, MAX_SIZE};

use crate::{BenchError, PuzzleSet, SetPuzzle};

/// The sizes of the scaling table (`giant`), up to the largest grid read.
pub const GIANT_SIZES: &[usize] = &[25, 36, 49, 64, 81, 100];

/// The blank shares (percent) of the scaling table: easy, the hard phase
/// near 55–65%, and mostly blank.
pub const GIANT_BLANKS: &[u32] = &[45, 55, 60, 65, 75];

/// `giant-quick`: the sizes and shares of a run of a few minutes.
const QUICK_SIZES: &[usize] = &[25, 36];
const QUICK_BLANKS: &[u32] = &[45, 60];

/// Puzzles per set unless the spec says.
pub const DEFAULT_COUNT: usize = 10;
/// Puzzles per set of `giant`: five at five shares and six sizes, 150 in
/// all, each engine's timeouts bounded by 150 deadlines.
const GIANT_COUNT: usize = 5;
/// Puzzles per set of `giant-quick`.
const QUICK_COUNT: usize = 3;
/// The seed unless the spec says.
pub const DEFAULT_SEED: u64 = 1;

/// One random set: its size, blank share, puzzle count and seed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RandomSpec {
    /// The grid's side (25 for 25×25).
    pub size: usize,
    /// The share of cells blanked, in percent.
    pub blank: u32,
    /// How many puzzles.
    pub count: usize,
    /// The seed: the same spec makes the same puzzles.
    pub seed: u64,
}

impl RandomSpec {
    /// The set's name in tables: `random-25-60`.
    pub fn name(&self) -> String {
        format!("random-{}-{}", self.size, self.blank)
    }

    /// The spec that remakes it: `random:25:60:10:1`.
    pub fn spec(&self) -> String {
        format!(
            "random:{}:{}:{}:{}",
            self.size, self.blank, self.count, self.seed
        )
    }
}

/// The sets a name stands for: `giant`, `giant-quick` or
/// `random:SIZE:BLANK[:COUNT[:SEED]]`; `None` for other names.
pub fn random_specs(name: &str) -> Option<Result<Vec<RandomSpec>, BenchError>> {
    let table = |sizes: &[usize], blanks: &[u32], count| {
        let specs = sizes.iter().flat_map(|&size| {
            blanks.iter().map(move |&blank| RandomSpec {
                size,
                blank,
                count,
                seed: DEFAULT_SEED,
            })
        });
        Ok(specs.collect())
    };
    match name {
        "giant" => Some(table(GIANT_SIZES, GIANT_BLANKS, GIANT_COUNT)),
        "giant-quick" => Some(table(QUICK_SIZES, QUICK_BLANKS, QUICK_COUNT)),
        _ => name
            .strip_prefix("random:")
            .map(|rest| parse(name, rest).map(|spec| vec![spec])),
    }
}

/// Reads `SIZE:BLANK[:COUNT[:SEED]]`.
fn parse(name: &str, rest: &str) -> Result<RandomSpec, BenchError> {
    let bad = |why: String| {
        BenchError::BadSetting(format!(
            "set `{name}`: {why} (expected random:SIZE:BLANK[:COUNT[:SEED]], \
             e.g. random:25:60 for 25x25 grids 60% blank)"
        ))
    };
    let parts: Vec<&str> = rest.split(':').collect();
    if !(2..=4).contains(&parts.len()) {
        return Err(bad(format!("{} fields after random:", parts.len())));
    }
    let number = |i: usize, what: &str| -> Result<u64, BenchError> {
        parts[i]
            .trim()
            .parse::<u64>()
            .map_err(|_| bad(format!("{what} `{}` is not a whole number", parts[i])))
    };
    let size = number(0, "size")? as usize;
    let blank = number(1, "blank share")?;
    let count = match parts.get(2) {
        Some(_) => number(2, "count")? as usize,
        None => DEFAULT_COUNT,
    };
    let seed = match parts.get(3) {
        Some(_) => number(3, "seed")?,
        None => DEFAULT_SEED,
    };
    if size > MAX_SIZE {
        return Err(bad(format!(
            "size {size} is over the largest grid, {MAX_SIZE}"
        )));
    }
    if size < 4 || box_shape(size).0 == 1 {
        return Err(bad(format!(
            "size {size} has no boxes (not a prime, nor under 4)"
        )));
    }
    if blank > 100 {
        return Err(bad(format!("blank share {blank}% is over 100")));
    }
    if count == 0 {
        return Err(bad("count 0".into()));
    }
    Ok(RandomSpec {
        size,
        blank: blank as u32,
        count,
        seed,
    })
}

/// The most square box shape of an `n`×`n` grid: rows ≤ columns.
fn box_shape(n: usize) -> (usize, usize) {
    let rows = (1..=n)
        .filter(|&r| r * r <= n && n.is_multiple_of(r))
        .max()
        .unwrap_or(1);
    (rows, n / rows)
}

/// The random stream of puzzle `index` of a set with `seed` (each puzzle
/// its own, so puzzle 3 is the same whatever the count).
fn puzzle_rng(spec: &RandomSpec, index: u64) -> Pcg64Mcg {
    let salt = (spec.size as u64) << 40 | u64::from(spec.blank) << 32;
    Pcg64Mcg::seed_from_u64(
        spec.seed ^ salt ^ index.wrapping_add(1).wrapping_mul(0x9E37_79B9_7F4A_7C15),
    )
}

/// Puzzle `index` of the set.
pub fn random_puzzle(spec: &RandomSpec, index: u64) -> Puzzle {
    let n = spec.size;
    let (rows, cols) = box_shape(n);
    let mut rng = puzzle_rng(spec, index);
    let shuffled = |parts: usize, rng: &mut Pcg64Mcg| {
        let mut order: Vec<usize> = (0..parts).collect();
        order.shuffle(rng);
        order
    };
    // The groups (bands or stacks) in a random order, then the lines of
    // each group in a random order.
    let lines = |width: usize, rng: &mut Pcg64Mcg| -> Vec<usize> {
        shuffled(n / width, rng)
            .into_iter()
            .flat_map(|g| shuffled(width, rng).into_iter().map(move |i| g * width + i))
            .collect()
    };
    let grid_rows = lines(rows, &mut rng);
    let grid_cols = lines(cols, &mut rng);
    let labels = shuffled(n, &mut rng);
    let mut givens: Vec<u8> = grid_rows
        .iter()
        .flat_map(|&r| {
            let labels = &labels;
            grid_cols
                .iter()
                .map(move |&c| labels[(cols * (r % rows) + r / rows + c) % n] as u8 + 1)
        })
        .collect();
    let blanks = (n * n * spec.blank as usize + 50) / 100;
    for cell in shuffled(n * n, &mut rng).into_iter().take(blanks) {
        givens[cell] = 0;
    }
    Puzzle::boxed(rows, cols, givens).expect("a shuffled pattern grid keeps the rules")
}

/// The whole set.
pub fn random_set(spec: &RandomSpec) -> PuzzleSet {
    let puzzles = (0..spec.count)
        .map(|i| {
            let puzzle = random_puzzle(spec, i as u64);
            SetPuzzle {
                index: i + 1,
                line: i + 1,
                text: to_line(&puzzle),
                puzzle,
            }
        })
        .collect();
    PuzzleSet {
        name: spec.name(),
        title: format!(
            "{} random {}x{} grids, {}% blank (seed {})",
            spec.count, spec.size, spec.size, spec.blank, spec.seed
        ),
        source: format!(
            "`{}`: shuffled pattern grids, cells blanked at random",
            spec.spec()
        ),
        puzzles,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_puzzle_keeps_the_rules_and_its_share_of_blanks() {
        for (size, shape) in [(25, (5, 5)), (36, (6, 6)), (12, (3, 4)), (64, (8, 8))] {
            assert_eq!(box_shape(size), shape);
            let spec = RandomSpec {
                size,
                blank: 60,
                count: 1,
                seed: 7,
            };
            let puzzle = random_puzzle(&spec, 0);
            let blanks = puzzle.givens().iter().filter(|&&d| d == 0).count();
            assert_eq!(blanks, (size * size * 60 + 50) / 100);
            // Every group holds each digit at most once (`boxed` checks the
            // givens), and the same spec makes the same puzzle.
            assert_eq!(random_puzzle(&spec, 0).givens(), puzzle.givens());
            assert_ne!(random_puzzle(&spec, 1).givens(), puzzle.givens());
        }
    }

    #[test]
    fn names_stand_for_the_table_or_one_set() {
        let giant = random_specs("giant").unwrap().unwrap();
        assert_eq!(giant.len(), GIANT_SIZES.len() * GIANT_BLANKS.len());
        let one = random_specs("random:36:55:3:9").unwrap().unwrap();
        assert_eq!(
            one,
            [RandomSpec {
                size: 36,
                blank: 55,
                count: 3,
                seed: 9
            }]
        );
        assert_eq!(one[0].spec(), "random:36:55:3:9");
        assert_eq!(random_specs("random:25:60").unwrap().unwrap()[0].count, 10);
        assert!(random_specs("hard").is_none());
        let err = random_specs("random:31:60").unwrap().unwrap_err();
        assert_eq!(
            err.to_string(),
            "set `random:31:60`: size 31 has no boxes (not a prime, nor under 4) \
             (expected random:SIZE:BLANK[:COUNT[:SEED]], e.g. random:25:60 for 25x25 grids 60% blank)"
        );
        let err = random_specs("random:25:x").unwrap().unwrap_err();
        assert!(
            err.to_string()
                .contains("blank share `x` is not a whole number"),
            "{err}"
        );
    }
}
