//! Helpers shared by the certifier's tests.
#![allow(dead_code)]

use sudokit_certify::{Certificate, Uncertified};
use sudokit_puzzle::Puzzle;

/// Every solution of `puzzle`, up to `cap`, found by the prover alone:
/// each round proves the grids so far complete or yields one more. The
/// certificate of the last round, when the count is below `cap`.
pub fn enumerate(puzzle: &Puzzle, cap: usize) -> (Vec<Vec<u8>>, Option<Certificate>) {
    let mut grids = Vec::new();
    while grids.len() < cap {
        match Certificate::prove(puzzle, &grids, &mut || false) {
            Ok(certificate) => return (grids, Some(certificate)),
            Err(Uncertified::AnotherSolution(grid)) => grids.push(grid),
            Err(other) => panic!("no certificate after {} grids: {other}", grids.len()),
        }
    }
    (grids, None)
}

/// A classic 9x9 puzzle from a line of 81 characters (`.` or `0` blank).
pub fn classic(line: &str) -> Puzzle {
    let givens = line
        .bytes()
        .map(|b| if b.is_ascii_digit() { b - b'0' } else { 0 })
        .collect();
    Puzzle::boxed(3, 3, givens).expect("a classic puzzle")
}
