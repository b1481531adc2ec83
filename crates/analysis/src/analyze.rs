use serde::Serialize;
use sudokit_model::{LimitKind, Status};
use sudokit_puzzle::{Cell, Puzzle, PuzzleError};

use crate::counter::rebuilt;
use crate::reduce::{given_count, redundant_givens};
use crate::{AnalysisError, Counter, Difficulty};

/// How many other solutions the greedy completion looks at per step: all
/// of them when there are fewer, which lets one step find a clue that
/// rules out every other solution.
const SAMPLE: u64 = 500;

/// What [`analyze`] looks at.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AnalyzeOptions {
    /// Count solutions up to this many.
    pub cap: u64,
    /// For a unique puzzle: find the redundant givens (one solve each).
    pub redundancy: bool,
    /// For a puzzle with several solutions: find clues that make it unique.
    pub completion: bool,
    /// Measure the [`Difficulty`] of a unique puzzle.
    pub difficulty: bool,
}

impl Default for AnalyzeOptions {
    fn default() -> Self {
        AnalyzeOptions {
            cap: 1000,
            redundancy: true,
            completion: true,
            difficulty: true,
        }
    }
}

/// Everything [`analyze`] found out about a puzzle. Cells are row-major
/// indices (`sudokit_puzzle::cell_name` names them).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Analysis {
    /// The grid side.
    pub size: usize,
    /// How many cells are given.
    pub givens: usize,
    /// Solutions counted, up to the cap.
    pub solutions: u64,
    /// Whether `solutions` is exact (false: there are at least that many).
    pub exact: bool,
    /// Exactly one solution.
    pub unique: bool,
    /// The solution, when unique.
    pub solution: Option<Vec<u8>>,
    /// When unique: no given can be taken away without losing uniqueness.
    pub minimal: Option<bool>,
    /// When unique: the givens that can each be taken away (alone) with the
    /// solution staying unique. Taking two of them away may not keep it.
    pub redundant: Option<Vec<Cell>>,
    /// When there are several solutions: the cells where the first two
    /// found differ (where a clue is missing).
    pub differing: Option<Vec<Cell>>,
    /// When there are several solutions: clues from the first solution
    /// that make the puzzle unique, found greedily (each step adds the
    /// clue that rules out most of a sample of other solutions, then clues
    /// that turned out unneeded are dropped): small, not proven smallest.
    pub completion: Option<Vec<(Cell, u8)>>,
    /// When unique: the first difficulty measure.
    pub difficulty: Option<Difficulty>,
    /// When there is no solution: why, if the givens say it at a glance
    /// ([`Answer::clash`](sudokit_pipeline::Answer::clash)).
    #[serde(serialize_with = "message")]
    pub clash: Option<PuzzleError>,
    /// The limit that stopped the analysis before its end: what it had
    /// found is kept, the questions after are left unanswered (`None`);
    /// stopped while counting, `solutions` is the count so far (a limit
    /// before the first solution is [`AnalysisError::Stopped`]).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stopped: Option<LimitKind>,
}

/// A clash as its message, which is what a reader of the record needs.
fn message<S: serde::Serializer>(clash: &Option<PuzzleError>, s: S) -> Result<S::Ok, S::Error> {
    match clash {
        Some(clash) => s.collect_str(clash),
        None => s.serialize_none(),
    }
}

/// Analyses `puzzle` with the engine behind `counter`: the number of
/// solutions; for a unique puzzle whether it is minimal and which givens
/// are redundant, and its difficulty; for an ambiguous one where its
/// solutions differ and which clues would make it unique. A puzzle with no
/// solution is an answer (`solutions == 0`), not an error.
pub fn analyze(
    counter: &mut Counter,
    puzzle: &Puzzle,
    options: &AnalyzeOptions,
) -> Result<Analysis, AnalysisError> {
    let keep = usize::try_from(options.cap.min(2)).unwrap_or(2);
    let counted = counter.count_so_far(puzzle, options.cap.max(1), keep)?;
    let stopped = match counted.status {
        // Stopped before a solution was found: nothing to tell.
        Status::LimitReached(kind) if counted.count == 0 => {
            return Err(AnalysisError::Stopped(kind))
        }
        Status::LimitReached(kind) => Some(kind),
        _ => None,
    };
    let mut analysis = Analysis {
        size: puzzle.size(),
        givens: given_count(puzzle),
        solutions: counted.count,
        exact: counted.complete && stopped.is_none(),
        unique: counted.count == 1 && counted.complete && stopped.is_none(),
        solution: None,
        minimal: None,
        redundant: None,
        differing: None,
        completion: None,
        difficulty: None,
        clash: counted.clash.clone(),
        stopped,
    };
    if stopped.is_some() {
        return Ok(analysis);
    }
    // A limit from here on keeps what was found before it.
    match answer_the_rest(counter, puzzle, options, &counted.grids, &mut analysis) {
        Ok(()) => Ok(analysis),
        Err(AnalysisError::Stopped(kind)) => {
            analysis.stopped = Some(kind);
            Ok(analysis)
        }
        Err(e) => Err(e),
    }
}

/// The questions after the count, each answer written into `analysis` as
/// soon as it is known.
fn answer_the_rest(
    counter: &mut Counter,
    puzzle: &Puzzle,
    options: &AnalyzeOptions,
    grids: &[Vec<u8>],
    analysis: &mut Analysis,
) -> Result<(), AnalysisError> {
    if analysis.unique {
        let solution = grids[0].clone();
        analysis.solution = Some(solution.clone());
        if options.redundancy {
            let redundant = redundant_givens(counter, puzzle, &solution)?;
            analysis.minimal = Some(redundant.is_empty());
            analysis.redundant = Some(redundant);
        }
        if options.difficulty {
            analysis.difficulty = Some(Difficulty::measure(puzzle, counter.limits())?);
        }
    } else if let [first, second, ..] = grids {
        let differing = (0..first.len())
            .filter(|&c| first[c] != second[c])
            .collect();
        analysis.differing = Some(differing);
        if options.completion {
            analysis.completion = Some(completion(counter, puzzle, first)?);
        }
    }
    Ok(())
}

/// Clues from `target` (a solution of `puzzle`) that make the puzzle
/// unique: greedily the clue that the most of a sample of other solutions
/// disagree with, until none is left; then each added clue that the others
/// make unneeded is dropped again.
fn completion(
    counter: &mut Counter,
    puzzle: &Puzzle,
    target: &[u8],
) -> Result<Vec<(Cell, u8)>, AnalysisError> {
    let mut spec = puzzle.spec().clone();
    let mut added: Vec<Cell> = Vec::new();
    loop {
        let current = rebuilt(spec.clone());
        let sample = counter.count(&current, SAMPLE, SAMPLE as usize)?;
        let others: Vec<&Vec<u8>> = sample.grids.iter().filter(|g| *g != target).collect();
        if others.is_empty() {
            break;
        }
        let best = (0..target.len())
            .filter(|&c| spec.givens[c] == 0)
            .max_by_key(|&c| {
                let against = others.iter().filter(|g| g[c] != target[c]).count();
                (against, std::cmp::Reverse(c))
            })
            .expect("another solution differs from the target in a blank cell");
        spec.givens[best] = target[best];
        added.push(best);
    }
    let mut current = rebuilt(spec);
    let mut kept = Vec::new();
    for &cell in &added {
        if counter.stays_unique_without(&current, target, &[cell])? {
            let mut spec = current.spec().clone();
            spec.givens[cell] = 0;
            current = rebuilt(spec);
        } else {
            kept.push((cell, target[cell]));
        }
    }
    kept.sort_unstable();
    Ok(kept)
}
