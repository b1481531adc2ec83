use sudokit_puzzle::{Cell, Puzzle};

use crate::counter::rebuilt;
use crate::reduce::{given_count, pinning_swaps, take_away_when};
use crate::singles::SinglesFill;
use crate::{AnalysisError, Counter};

/// From this side up, a puzzle that need not be minimal is made by
/// [`take_away_quickly`]: a full pass of engine checks on a 25x25 grid
/// runs into the hard phase (half the cells blank) and took minutes.
pub(crate) const QUICK_FROM_SIZE: usize = 20;

/// From this side up, a minimal puzzle (or one below [`QUICK_FROM_SIZE`])
/// first loses what [`take_away_by_singles`] can take, then has each given
/// left checked by a full search: the early checks of a full pass, on a
/// nearly full grid, each cost an engine's solve for a foregone answer.
pub(crate) const SINGLES_FIRST_FROM_SIZE: usize = 12;

/// Search nodes one engine check may take in the second pass; a check
/// that needs more keeps its givens (the puzzle stays unique either way).
const CHECK_NODES: u64 = 64;

/// The most orbits one fill by singles tries to take away at once.
const MAX_RUN: usize = 64;

/// Takes givens away from `current` (unique, with `solution`) while it
/// provably stays unique, cheaply, until at most `target` are left:
/// 1. [`take_away_by_singles`];
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
    take_away_by_singles(current, solution, orbits, target);
    take_away_when(
        counter,
        current,
        solution,
        orbits,
        target,
        |counter, puzzle, orbit| {
            let unique = counter.stays_unique_within(puzzle, solution, orbit, CHECK_NODES)?;
            Ok(unique == Some(true))
        },
    )
}

/// Takes orbits of givens away from `current` (unique, with `solution`),
/// in runs, while naked and hidden singles alone still fill the grid
/// without them, until at most `target` givens are left: forced steps that
/// fill every cell leave no room for a second solution, and cost no
/// search. The first half of the givens or so go this way, each check a
/// fill rather than an engine's solve; an orbit kept here may still go by
/// a search.
pub(crate) fn take_away_by_singles(
    current: &mut Puzzle,
    solution: &[u8],
    orbits: &[Vec<Cell>],
    target: Option<usize>,
) {
    let mut left = given_count(current);
    let mut spec = current.spec().clone();
    let singles = SinglesFill::of(current);
    let swaps = pinning_swaps(current);
    // Orbits go in runs: early on nearly every removal keeps the singles
    // going, so a run that does saves a fill per orbit; a run that does
    // not is halved until one orbit is left, which then stays.
    let open: Vec<&Vec<Cell>> = orbits
        .iter()
        .filter(|orbit| orbit.iter().all(|&c| spec.givens[c] != 0))
        .collect();
    let (mut next, mut run) = (0, 1);
    while next < open.len() {
        let mut take = run.min(open.len() - next);
        if let Some(t) = target {
            // Never below the target: the run stops where it is reached.
            let mut fits = 0;
            let mut cells = 0;
            while fits < take && cells + open[next + fits].len() + t <= left {
                cells += open[next + fits].len();
                fits += 1;
            }
            if fits == 0 {
                break;
            }
            take = fits;
        }
        let chosen = &open[next..next + take];
        for &cell in chosen.iter().copied().flatten() {
            spec.givens[cell] = 0;
        }
        // One orbit that a swap of the solution shows needed stays without
        // a fill: late in the pass, most single orbits tried stay.
        let pinned = take == 1 && swaps.is_some_and(|s| s.pins(&spec.givens, solution, chosen[0]));
        let trial = (!pinned).then(|| rebuilt(spec.clone()));
        let cells: Vec<Cell> = chosen.iter().copied().flatten().copied().collect();
        let refilled = |grid: Vec<u8>| cells.iter().all(|&c| grid[c] == solution[c]);
        if let Some(trial) = trial.filter(|t| singles.fill_towards(t, &cells).is_some_and(refilled))
        {
            *current = trial;
            left -= chosen.iter().map(|o| o.len()).sum::<usize>();
            next += take;
            run = (run * 2).min(MAX_RUN);
        } else {
            for &cell in chosen.iter().copied().flatten() {
                spec.givens[cell] = solution[cell];
            }
            if take == 1 {
                next += 1;
            }
            run = (take / 2).max(1);
        }
    }
}
