use std::time::Instant;

use sudokit_model::{Engine, Prepared, Request};
use sudokit_puzzle::Puzzle;

use crate::{judge, Answer, SolveError};

/// Solves one puzzle with `engine`: lowers it to a model, runs the engine,
/// judges the answer. For many puzzles a [`Solver`] is faster.
pub fn solve(
    engine: &dyn Engine,
    puzzle: &Puzzle,
    request: &Request,
) -> Result<Answer, SolveError> {
    let model = puzzle.to_model();
    let start = Instant::now();
    let outcome = engine.solve(&model, request)?;
    judge(engine, puzzle, request, outcome, start.elapsed())
}

/// Solves a batch of puzzles with one engine, the prepared way: the engine
/// prepares the first puzzle's model ([`Engine::prepare`]) and each later
/// puzzle of the same shape is handed over as its cells' candidates alone;
/// a puzzle of another shape prepares anew. One solver per worker thread
/// (it is `Send`, not `Sync`).
pub struct Solver<'e> {
    engine: &'e dyn Engine,
    /// The puzzle the engine was prepared with, and what it prepared.
    prepared: Option<(Puzzle, Box<dyn Prepared + 'e>)>,
    /// The current puzzle's cell candidates, reused from puzzle to puzzle.
    cells: Vec<u64>,
}

impl<'e> Solver<'e> {
    /// A solver for `engine`; nothing is prepared until the first puzzle.
    pub fn new(engine: &'e dyn Engine) -> Self {
        Solver {
            engine,
            prepared: None,
            cells: Vec::new(),
        }
    }

    /// Prepares the engine for `puzzle`'s shape, unless it already is: a
    /// caller that times or limits the solve itself (the bench) calls this
    /// first, so preparing is not charged to the puzzle.
    pub fn prepare(&mut self, puzzle: &Puzzle) -> Result<(), SolveError> {
        if !matches!(&self.prepared, Some((shape, _)) if shape.same_shape(puzzle)) {
            // A refusal leaves nothing prepared: the next puzzle asks again.
            self.prepared = None;
            let prepared = self.engine.prepare(&puzzle.to_model())?;
            self.prepared = Some((puzzle.clone(), prepared));
        }
        Ok(())
    }

    /// Solves `puzzle` and judges the answer, as [`solve`] does.
    pub fn solve(&mut self, puzzle: &Puzzle, request: &Request) -> Result<Answer, SolveError> {
        self.prepare(puzzle)?;
        let (_, prepared) = self.prepared.as_mut().expect("prepared just now");
        puzzle.cell_candidates(&mut self.cells);
        let start = Instant::now();
        let outcome = prepared.solve(&self.cells, request)?;
        judge(self.engine, puzzle, request, outcome, start.elapsed())
    }
}
