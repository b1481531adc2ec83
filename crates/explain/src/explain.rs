use serde::Serialize;
use sudokit_puzzle::{cell_name, Puzzle};

use crate::step::digit_set;
use crate::{Board, Step, Technique};

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
}

impl Default for ExplainOptions {
    fn default() -> Self {
        ExplainOptions {
            techniques: Technique::ALL.to_vec(),
            solution: None,
            unique: false,
            max_steps: None,
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
/// that applies, until the grid is full, logic runs out, or the position
/// shows there is no solution.
pub fn explain(puzzle: &Puzzle, options: &ExplainOptions) -> Explanation {
    let mut board = Board::new(puzzle);
    board.assume_unique(options.unique);
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
            let step = next_step(&board, &options.techniques)
                .or_else(|| guess(&board, options.solution.as_deref()?));
            let Some(step) = step else {
                break Outcome::Stuck;
            };
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

/// The next step: the first of `techniques` that applies to `board`.
pub fn next_step(board: &Board, techniques: &[Technique]) -> Option<Step> {
    techniques
        .iter()
        .find_map(|t| t.find(board).filter(Step::has_effect))
}

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
