use serde::{Serialize, Serializer};
use sudokit_model::{LimitKind, Limits};
use sudokit_puzzle::{cell_name, Puzzle};

use crate::step::digit_set;
use crate::{Board, Rating, Step, Technique};

/// What [`explain`] may use and where it stops.
#[derive(Clone, Debug)]
pub struct ExplainOptions {
    /// The techniques to try, easiest first (default: [`Technique::ALL`]).
    pub techniques: Vec<Technique>,
    /// The puzzle's solution, if known. Where logic runs out, the explainer
    /// then places the solution's digit in the open cell with the fewest
    /// candidates (a [`Technique::Guess`] step) and goes on.
    pub solution: Option<Vec<u8>>,
    /// The solution is known to be unique, so unique rectangles may run.
    pub unique: bool,
    /// Stop after this many steps.
    pub max_steps: Option<usize>,
    /// Give up when these stop the work (a deadline, Ctrl-C): they are read
    /// between steps, between techniques and inside the slow searches, and
    /// the steps found so far are kept ([`Outcome::Stopped`]).
    pub limits: Limits,
}

impl Default for ExplainOptions {
    fn default() -> Self {
        ExplainOptions {
            techniques: Technique::ALL.to_vec(),
            solution: None,
            unique: false,
            max_steps: None,
            limits: Limits::none(),
        }
    }
}

impl ExplainOptions {
    /// The options `grade` uses: the default with
    /// [`Technique::se_ladder`], so that the hardest step is the one
    /// Sudoku Explainer would rate.
    pub fn grading() -> Self {
        ExplainOptions {
            techniques: Technique::se_ladder(),
            ..ExplainOptions::default()
        }
    }
}

/// How an explanation ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "status", content = "reason", rename_all = "kebab-case")]
pub enum Outcome {
    /// Every cell is filled.
    Solved,
    /// No technique applies and no solution was given to guess from.
    Stuck,
    /// The position shows that the puzzle has no solution, and why.
    NoSolution(String),
    /// [`ExplainOptions::max_steps`] was reached.
    Paused,
    /// A limit of [`ExplainOptions::limits`] stopped it.
    #[serde(rename = "limit", serialize_with = "limit_name")]
    Stopped(LimitKind),
}

/// A limit by its lower-case name, as every JSON record of sudokit says it.
fn limit_name<S: Serializer>(kind: &LimitKind, serializer: S) -> Result<S::Ok, S::Error> {
    serializer.serialize_str(kind.name())
}

/// The steps from the puzzle to where the explainer stopped.
#[derive(Clone, Debug)]
pub struct Explanation {
    /// Every step, in order.
    pub steps: Vec<Step>,
    /// Why it stopped.
    pub outcome: Outcome,
    /// The position it stopped at, pencil marks included.
    pub board: Board,
}

/// Solves `puzzle` as a person would: at each point the easiest technique
/// that applies, until the grid is full, logic runs out, the position
/// shows there is no solution, or a limit stops it.
pub fn explain(puzzle: &Puzzle, options: &ExplainOptions) -> Explanation {
    explain_each(puzzle, options, &mut |_, _| true)
}

/// [`explain`], telling `each` of every step as it is found, with the
/// position before it, so that a reader sees the steps while the slow
/// ones are still being looked for. When `each` says `false` (nobody is
/// reading any more) the explanation ends there,
/// [`Outcome::Stopped`] by [`LimitKind::Cancelled`].
pub fn explain_each(
    puzzle: &Puzzle,
    options: &ExplainOptions,
    each: &mut dyn FnMut(&Board, &Step) -> bool,
) -> Explanation {
    let mut board = Board::new(puzzle);
    board.assume_unique(options.unique);
    board.stop_at(options.limits.clone());
    let mut steps = Vec::new();
    // The board places a given its own marks exclude all the same.
    let outcome = match puzzle.check_givens() {
        Err(clash) => Outcome::NoSolution(clash.to_string()),
        Ok(()) => loop {
            if let Some(why) = board.contradiction() {
                break Outcome::NoSolution(why);
            }
            if board.is_solved() {
                break Outcome::Solved;
            }
            if options.max_steps.is_some_and(|max| steps.len() >= max) {
                break Outcome::Paused;
            }
            let found = next_step(&board, &options.techniques);
            // A technique cut short found nothing: that is no reason to guess.
            if let (None, Some(kind)) = (&found, board.stopped()) {
                break Outcome::Stopped(kind);
            }
            let step = found.or_else(|| guess(&board, options.solution.as_deref()?));
            let Some(step) = step else {
                break Outcome::Stuck;
            };
            if !each(&board, &step) {
                break Outcome::Stopped(LimitKind::Cancelled);
            }
            step.apply(&mut board);
            steps.push(step);
        },
    };
    Explanation {
        steps,
        outcome,
        board,
    }
}

/// The next step, as Sudoku Explainer chooses it. The techniques are
/// tried in order, the first that applies giving its easiest step: below
/// the chains, SE takes the first of its techniques that applies even when
/// a later one would rate lower (a grouped three-link chain at 5.7 before
/// a WXYZ-Wing at 5.5). Its order of trial is that of the techniques'
/// base ratings, the lowest each can give, whatever one instance rates:
/// two strong links (4.0-4.3) before an XY-Wing (4.2), three (5.4-5.7)
/// before a WXYZ-Wing (5.5-5.6), a unique rectangle (4.5) before a
/// WXYZ-Wing, BUG (5.6) before a VWXYZ-Wing (6.2). Sukaku Explainer's list
/// of techniques, which puts WXYZ-Wing before the unique rectangles and
/// VWXYZ-Wing before BUG, is not its order of trial. Checked on the
/// oracle: on its own marks before each of its steps rated 2.6 to 6.4
/// along its solving paths of the shared set's 720 puzzles rated 5.4-5.7
/// and 6.3-6.4 (6,398 positions), the first technique in this order that
/// applies rates what its step rates at all but one (a unique rectangle
/// type 3 whose naked and hidden sets remove the same candidate; SE takes
/// the hidden one, 4.5, there). Among them, 65 positions had both a unique
/// rectangle and a WXYZ-Wing, 8 BUG and a VWXYZ-Wing, 28 a grouped
/// skyscraper and a lower XY-Wing, 77 three strong links and a lower
/// WXYZ-Wing: SE took the first in this order each time.
///
/// The chains (6.5 and up) are one search in SE, sorted by rating: when a chain step rates above its technique's base (a
/// long chain), the later techniques whose base is lower still are tried
/// too, and the lowest rating wins (the earlier technique on a tie).
/// `None` too when the board's limits stop the search first (no later
/// technique runs then, so a step found is always the easiest).
///
/// A technique whose steps an earlier one's search has looked for already
/// ([`Technique::found_with`]) is not searched again.
pub fn next_step(board: &Board, techniques: &[Technique]) -> Option<Step> {
    let searched = |i: usize, t: Technique| {
        t.found_with()
            .is_some_and(|with| techniques[..i].contains(&with))
    };
    let mut rest = techniques.iter().copied().enumerate();
    let mut best = rest
        .by_ref()
        .take_while(|_| board.stopped().is_none())
        .filter(|&(i, t)| !searched(i, t))
        .find_map(|(_, t)| t.find(board).filter(Step::has_effect))?;
    if best.technique.rating() < CHAINS {
        return Some(best);
    }
    for (i, t) in rest {
        if t.rating() >= best.rating || board.stopped().is_some() || searched(i, t) {
            continue;
        }
        if let Some(step) = t.find(board).filter(Step::has_effect) {
            if step.rating < best.rating {
                best = step;
            }
        }
    }
    Some(best)
}

/// Where SE's chain search starts: X-cycles and X-chains at 6.5.
const CHAINS: Rating = Rating(65);

/// The solution's digit in the open cell with the fewest candidates, if
/// it is one of them (a wrong solution gives no guess).
fn guess(board: &Board, solution: &[u8]) -> Option<Step> {
    let cell = board
        .open_cells()
        .min_by_key(|&c| board.candidates(c).count_ones())?;
    let digit = *solution.get(cell)?;
    if digit == 0 || !board.has(cell, digit) {
        return None;
    }
    let reason = format!(
        "no technique applies; {} has {}, and the solution (found by search) holds {digit}",
        cell_name(cell, board.size()),
        digit_set(board.candidates(cell))
    );
    let mut step = Step::new(Technique::Guess, board, reason).with_cells([cell]);
    step.placements.push((cell, digit));
    Some(step)
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use sudokit_model::CancelToken;

    use super::*;

    /// An empty 25x25 board and one of its solutions (a shifted pattern).
    fn empty_25x25() -> (Puzzle, Vec<u8>) {
        let solution = (0..25 * 25)
            .map(|cell| {
                let (row, column) = (cell / 25, cell % 25);
                ((row % 5 * 5 + row / 5 + column) % 25 + 1) as u8
            })
            .collect();
        (Puzzle::boxed(5, 5, vec![0; 25 * 25]).unwrap(), solution)
    }

    #[test]
    fn a_deadline_stops_the_explanation_and_keeps_the_steps_so_far() {
        let (puzzle, solution) = empty_25x25();
        // Some 700 steps fill this grid: far fewer fit in 50 ms. On a
        // loaded machine the first step may not, so the deadline grows
        // until one does.
        for ms in [50, 200, 800] {
            let options = ExplainOptions {
                solution: Some(solution.clone()),
                limits: Limits::none().with_timeout(Duration::from_millis(ms)),
                ..ExplainOptions::default()
            };
            let explanation = explain(&puzzle, &options);
            assert_eq!(explanation.outcome, Outcome::Stopped(LimitKind::Time));
            let placed: Vec<(usize, u8)> = explanation
                .steps
                .iter()
                .flat_map(|s| s.placements.iter().copied())
                .collect();
            assert!(!explanation.board.is_solved());
            // Each step kept placed the solution's digit.
            assert!(placed.iter().all(|&(cell, digit)| solution[cell] == digit));
            assert_eq!(
                explanation.board.open_cells().count(),
                25 * 25 - placed.len()
            );
            if !placed.is_empty() {
                return;
            }
        }
        panic!("no step placed a digit within 800 ms");
    }

    /// 9x9 marks with 9 left in column 1 only at r1c1, r6c1 and in
    /// column 8 only at r2c8, r6c8 (a turbot fish on 9), all else open.
    fn turbot_on_nine() -> Board {
        let marks: Vec<&str> = (0..81)
            .map(|i| match (i / 9 + 1, i % 9 + 1) {
                (1 | 6, 1) | (2 | 6, 8) => ".",
                (_, 1 | 8) => "12345678",
                _ => ".",
            })
            .collect();
        crate::testing::pencil_marks(9, &marks)
    }

    #[test]
    fn the_next_step_is_the_lowest_rated_not_the_first_found() {
        let board = turbot_on_nine();
        // The forcing chain (7.0 up) finds r1c7<>9 first; the forcing
        // X-chain after it starts lower (6.6) and rates lower: it wins.
        let step = next_step(&board, &[Technique::ForcingChain, Technique::ForcingXChain])
            .expect("a step");
        assert_eq!(
            (step.technique, step.rating.to_string(), step.effect()),
            (Technique::ForcingXChain, "6.6".into(), "r1c7<>9".into())
        );
        // Alone, the forcing chain rates the same chain 7.0.
        let alone = next_step(&board, &[Technique::ForcingChain]).expect("a step");
        assert_eq!(
            (alone.technique, alone.rating.to_string()),
            (Technique::ForcingChain, "7.0".into())
        );
        // A later technique of a lower base that finds nothing (no cell
        // has two candidates for a Y-cycle) leaves the first step.
        let step =
            next_step(&board, &[Technique::ForcingChain, Technique::YCycle]).expect("a step");
        assert_eq!(step.technique, Technique::ForcingChain);
    }

    #[test]
    fn a_technique_found_with_an_earlier_one_has_nothing_better() {
        // The X-cycles' search finds the whole family: what a later one
        // of it finds rates no lower, so `next_step` does not search again.
        let board = turbot_on_nine();
        let family = Technique::XCycle.find(&board).expect("a step");
        let mut checked = 0;
        for &t in Technique::ALL {
            if t.found_with() != Some(Technique::XCycle) {
                continue;
            }
            if let Some(step) = t.find(&board) {
                assert!(family.rating <= step.rating, "{t}");
                checked += 1;
            }
        }
        assert_eq!(checked, 2, "the forcing X-chain and the forcing chain");
        let all = [
            Technique::XCycle,
            Technique::ForcingXChain,
            Technique::ForcingChain,
        ];
        let step = next_step(&board, &all).expect("a step");
        assert_eq!(
            (step.technique, step.rating, step.effect()),
            (family.technique, family.rating, family.effect())
        );
    }

    #[test]
    fn a_cancelled_explanation_takes_no_step() {
        let (puzzle, solution) = empty_25x25();
        let cancel = CancelToken::new();
        cancel.cancel();
        let options = ExplainOptions {
            solution: Some(solution),
            limits: Limits::none().with_cancel(cancel),
            ..ExplainOptions::default()
        };
        let explanation = explain(&puzzle, &options);
        assert_eq!(explanation.outcome, Outcome::Stopped(LimitKind::Cancelled));
        assert!(explanation.steps.is_empty());
    }

    #[test]
    fn a_long_static_region_chain_beats_a_dynamic_chain_rated_higher() {
        // Shared set line 1 (SE 8.9), Sukaku Explainer's own marks at its
        // 9th step, where it takes "8.6 Region Forcing Chains: 5 in row
        // ==> B3.5 off", static branches one of them 15 links long; the
        // dynamic chains rate 9.0 here at best.
        let board = crate::testing::sukaku(
            "
            ...4...........78...3..67..1....6...1.3.....9....5.........6.89..3..67.9.2.......
            ..3.567..........9..3.567...2..........4.......3..6.8.....56.8.1............5678.
            .23.56....2..5..8.1..............7....3.....9..3..6.89...4.......3.56..9....56.89
            .......8.1..4........4.6..9....5.....2.............7....3...........6..91....6..9
            ....5.7.91...5.7......5.7.9..3...........6......4.....12..5..89.2..5.7.91...5.789
            ..3.567....3.5.7...2...............9.......8.1............56.......567.....4.....
            ..3.5...9..345...........8.1....6...1.3.5...9.2.............7.....456..91...56..9
            .23.5.7.9.....6.....3.5.7.9...4.....1.3.5.7.9..3.....912......9.......8.1...5...9
            1.........2.45.7.....45.7.9.......8.....5.7.9.....6..9.2..56..9.2.456..9..3......",
        );
        let step = next_step(&board, &Technique::se_ladder()).expect("a step");
        assert_eq!(step.technique, Technique::RegionForcingChain);
        assert_eq!(
            step.reason,
            "each of r2c1=5, r2c3=5, r2c7=5, r2c9=5 leads to r3c2<>5 (30 implications in all)"
        );
        assert_eq!(step.effect(), "r3c2<>5");
        assert_eq!(step.rating.to_string(), "8.6");
    }
}
