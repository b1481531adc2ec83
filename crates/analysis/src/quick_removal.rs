use sudokit_puzzle::{Cell, Puzzle};

use crate::counter::rebuilt;
use crate::reduce::given_count;
use crate::singles::fill_by_singles;
use crate::{AnalysisError, Counter};

/// From this side up, a puzzle that need not be minimal is made by
/// [`take_away_quickly`]: a full pass of engine checks on a 25x25 grid
/// runs into the hard phase (half the cells blank) and took minutes.
pub(crate) const QUICK_FROM_SIZE: usize = 20;

/// Search nodes one engine check may take in the second pass; a check
/// that needs more keeps its givens (the puzzle stays unique either way).
const CHECK_NODES: u64 = 64;

/// Takes givens away from `current` (unique, with `solution`) while it
/// provably stays unique, cheaply, until at most `target` are left:
/// 1. an orbit goes when naked and hidden singles alone still fill the
///    grid without it: forced steps that fill every cell leave no room
///    for a second solution, and cost no search;
/// 2. each orbit still given then goes when an engine shows, within a
///    small node budget, that the puzzle stays unique without it.
///
/// The result is unique but not minimal: a given whose check ran out of
/// budget stays.
pub(crate) fn take_away_quickly(
    counter: &mut Counter,
    current: &mut Puzzle,
    solution: &[u8],
    orbits: &[Vec<Cell>],
    target: Option<usize>,
) -> Result<(), AnalysisError> {
    let mut left = given_count(current);
    let mut spec = current.spec().clone();
    for orbit in orbits {
        if target.is_some_and(|t| left <= t) {
            break;
        }
        if orbit.iter().any(|&c| spec.givens[c] == 0) {
            continue;
        }
        for &cell in orbit {
            spec.givens[cell] = 0;
        }
        let trial = rebuilt(spec.clone());
        if fill_by_singles(&trial).is_some_and(|grid| grid == solution) {
            *current = trial;
            left -= orbit.len();
        } else {
            for &cell in orbit {
                spec.givens[cell] = solution[cell];
            }
        }
    }
    for orbit in orbits {
        if target.is_some_and(|t| left <= t) {
            break;
        }
        if orbit.iter().any(|&c| current.givens()[c] == 0) {
            continue;
        }
        if counter.stays_unique_within(current, solution, orbit, CHECK_NODES)? == Some(true) {
            let mut spec = current.spec().clone();
            for &cell in orbit {
                spec.givens[cell] = 0;
            }
            *current = rebuilt(spec);
            left -= orbit.len();
        }
    }
    Ok(())
}
