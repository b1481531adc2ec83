use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;
use sudokit_model::LimitKind;
use sudokit_puzzle::{Cell, Puzzle};

use crate::counter::rebuilt;
use crate::swaps::GridSwaps;
use crate::{AnalysisError, Counter, Symmetry};

/// In which order [`reduce`] tries the givens.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Order {
    /// Row-major from the top left: the same answer every time.
    RowMajor,
    /// A random order drawn from this seed.
    Random(u64),
}

/// What [`reduce`] does.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ReduceOptions {
    /// Givens that go together (a symmetric pattern stays symmetric).
    pub symmetry: Symmetry,
    /// The order in which givens are tried.
    pub order: Option<Order>,
    /// Stop once at most this many givens are left.
    pub target: Option<usize>,
}

/// A reduced puzzle and its one solution.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reduced {
    /// The puzzle with the givens that could go taken away.
    pub puzzle: Puzzle,
    /// Its only solution (the original puzzle's).
    pub solution: Vec<u8>,
    /// How many givens were taken away.
    pub removed: usize,
    /// The limit that stopped the reduction part way, if one did: the
    /// puzzle is still unique, with the givens taken away so far, but
    /// perhaps not minimal.
    pub stopped: Option<LimitKind>,
}

/// Takes givens away from a uniquely solvable `puzzle` while its solution
/// stays unique, trying each given (or each symmetric orbit of givens)
/// once in the chosen order.
///
/// One pass is enough for a minimal puzzle when the symmetry is `none`: a
/// given kept because the puzzle lost uniqueness without it stays needed
/// as other givens go, since fewer givens only allow more solutions. With a
/// symmetry the result is minimal among symmetric puzzles: no orbit can go,
/// though a single given of one might.
pub fn reduce(
    counter: &mut Counter,
    puzzle: &Puzzle,
    options: &ReduceOptions,
) -> Result<Reduced, AnalysisError> {
    options.symmetry.check_geometry(puzzle)?;
    options.symmetry.check_givens(puzzle)?;
    let solution = counter
        .unique_solution(puzzle)?
        .ok_or(AnalysisError::NotUnique { what: "reduce" })?;
    let mut orbits = options.symmetry.orbits(puzzle.size());
    match options.order.unwrap_or(Order::RowMajor) {
        Order::RowMajor => {}
        Order::Random(seed) => orbits.shuffle(&mut Pcg64Mcg::seed_from_u64(seed)),
    }
    let before = given_count(puzzle);
    let mut current = puzzle.clone();
    let stopped = match take_away(counter, &mut current, &solution, &orbits, options.target) {
        Ok(()) => None,
        Err(AnalysisError::Stopped(kind)) => Some(kind),
        Err(e) => return Err(e),
    };
    Ok(Reduced {
        removed: before - given_count(&current),
        puzzle: current,
        solution,
        stopped,
    })
}

/// The heart of [`reduce`], for a puzzle known to be unique with
/// `solution`: each orbit whose cells are all given is taken away from
/// `current` if it stays unique without it, until at most `target` givens
/// are left. In place, so that what was taken away before an error (a
/// limit) is kept.
pub(crate) fn take_away(
    counter: &mut Counter,
    current: &mut Puzzle,
    solution: &[u8],
    orbits: &[Vec<Cell>],
    target: Option<usize>,
) -> Result<(), AnalysisError> {
    take_away_when(
        counter,
        current,
        solution,
        orbits,
        target,
        |counter, puzzle, orbit| counter.stays_unique_without(puzzle, solution, orbit),
    )
}

/// From this side up, a given is first tested against the line swaps of
/// the solution ([`GridSwaps::pins`]): a swap that no other given blocks
/// is a second solution found without search. Below, a search is about as
/// cheap as the test.
const PINS_FROM_SIZE: usize = 12;

/// The line swaps of `puzzle`'s shape, where testing them pays.
pub(crate) fn pinning_swaps(puzzle: &Puzzle) -> Option<GridSwaps> {
    if puzzle.size() < PINS_FROM_SIZE {
        return None;
    }
    let mut spec = puzzle.spec().clone();
    // The givens are the solution's: only the shape and pencil marks count.
    spec.givens = vec![0; spec.size * spec.size];
    GridSwaps::of(&rebuilt(spec))
}

/// [`take_away`] with `goes` deciding whether an orbit can go (true only
/// when the puzzle provably stays unique without it), asked only of
/// orbits no swap of the solution shows needed ([`pinning_swaps`]).
pub(crate) fn take_away_when(
    counter: &mut Counter,
    current: &mut Puzzle,
    solution: &[u8],
    orbits: &[Vec<Cell>],
    target: Option<usize>,
    mut goes: impl FnMut(&mut Counter, &Puzzle, &[Cell]) -> Result<bool, AnalysisError>,
) -> Result<(), AnalysisError> {
    let swaps = pinning_swaps(current);
    let mut left = given_count(current);
    for orbit in orbits {
        if target.is_some_and(|t| left <= t) {
            break;
        }
        if orbit.iter().any(|&c| current.givens()[c] == 0) {
            continue;
        }
        if swaps.is_some_and(|s| s.pins(current.givens(), solution, orbit)) {
            continue;
        }
        if goes(counter, current, orbit)? {
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

/// The givens of a unique `puzzle` whose removal alone keeps it unique.
pub(crate) fn redundant_givens(
    counter: &mut Counter,
    puzzle: &Puzzle,
    solution: &[u8],
) -> Result<Vec<Cell>, AnalysisError> {
    let mut redundant = Vec::new();
    let swaps = pinning_swaps(puzzle);
    for cell in (0..solution.len()).filter(|&c| puzzle.givens()[c] != 0) {
        if swaps.is_some_and(|s| s.pins(puzzle.givens(), solution, &[cell])) {
            continue;
        }
        if counter.stays_unique_without(puzzle, solution, &[cell])? {
            redundant.push(cell);
        }
    }
    Ok(redundant)
}

/// How many cells are given.
pub fn given_count(puzzle: &Puzzle) -> usize {
    puzzle.givens().iter().filter(|&&d| d != 0).count()
}
