use std::time::Instant;

use sudokit_model::{Engine, ModelCopy, Prepared, Request};
use sudokit_puzzle::{Puzzle, WORD_MAX_SIZE};

use crate::judge::{clash, judged};
use crate::stream::{verified, Verdict};
use crate::{judge, Answer, SolveError};

/// Solves one puzzle with `engine`: lowers it to a model, runs the engine,
/// judges the answer. For many puzzles a [`Solver`] is faster.
pub fn solve(
    engine: &dyn Engine,
    puzzle: &Puzzle,
    request: &Request,
) -> Result<Answer, SolveError> {
    let model = puzzle.to_model();
    let (request, verdict) = verified(puzzle, request);
    let start = Instant::now();
    let outcome = engine.solve(&model, &request)?;
    let time = start.elapsed();
    streamed_right(engine, &verdict)?;
    judge(engine, puzzle, &request, outcome, time)
}

/// `Err` when the verifier rejected a grid on its way to the sink.
fn streamed_right(engine: &dyn Engine, verdict: &Verdict) -> Result<(), SolveError> {
    match verdict.rejected() {
        Some(why) => Err(SolveError::Wrong {
            engine: engine.name(),
            why,
        }),
        None => Ok(()),
    }
}

/// Solves a batch of puzzles with one engine, the prepared way: the engine
/// prepares the first puzzle's model ([`Engine::prepare`]) and each later
/// puzzle of the same shape is loaded as its cells' candidates alone; a
/// puzzle of another shape prepares anew. [`Answer::time`] is the engine's
/// solve after the load, as [`solve`] times it after lowering. One solver
/// per worker thread (it is `Send`, not `Sync`).
pub struct Solver<'e> {
    engine: &'e dyn Engine,
    /// The puzzle the engine was prepared with, and what it prepared.
    prepared: Option<(Puzzle, Box<dyn Prepared + 'e>)>,
    /// The current puzzle's cell candidates, reused from puzzle to puzzle.
    cells: Vec<u64>,
    /// Whether answers say why there is no solution ([`Answer::clash`]).
    clashes: bool,
}

impl<'e> Solver<'e> {
    /// A solver for `engine`; nothing is prepared until the first puzzle.
    pub fn new(engine: &'e dyn Engine) -> Self {
        Solver {
            engine,
            prepared: None,
            cells: Vec::new(),
            clashes: true,
        }
    }

    /// Whether the answers to come say why there is no solution
    /// ([`Answer::clash`]; on unless turned off). Looking reads every group
    /// of the puzzle: a caller that asks many questions whose expected
    /// answer is "no solution", and needs no reason (analysis's "can this
    /// given go?"), turns it off.
    pub fn look_for_clashes(&mut self, look: bool) {
        self.clashes = look;
    }

    /// Loads `puzzle` into the engine, preparing it first when the shape
    /// differs from the last puzzle's: everything but the search. A caller
    /// that times or limits the search itself (the bench) loads first, so
    /// that preparing and loading are not charged to the puzzle; the
    /// [`Loaded`] puzzle can then be solved as often as asked.
    pub fn load<'s>(&'s mut self, puzzle: &'s Puzzle) -> Result<Loaded<'s, 'e>, SolveError> {
        if puzzle.size() > WORD_MAX_SIZE {
            // Its digits do not fit the masks a prepared engine is loaded
            // with: the engine takes the whole model, givens and all.
            let whole = ModelCopy::prepared(self.engine, &puzzle.to_model())?;
            let (_, prepared) = self.prepared.insert((puzzle.clone(), whole));
            return Ok(Loaded {
                engine: self.engine,
                prepared: prepared.as_mut(),
                puzzle,
                clashes: self.clashes,
            });
        }
        if !matches!(&self.prepared, Some((shape, _)) if shape.same_shape(puzzle)) {
            // A refusal leaves nothing prepared: the next puzzle asks again.
            self.prepared = None;
            let prepared = self.engine.prepare(&puzzle.to_model())?;
            self.prepared = Some((puzzle.clone(), prepared));
        }
        let (_, prepared) = self.prepared.as_mut().expect("prepared just now");
        puzzle.cell_candidates(&mut self.cells);
        prepared.load(&self.cells)?;
        Ok(Loaded {
            engine: self.engine,
            prepared: prepared.as_mut(),
            puzzle,
            clashes: self.clashes,
        })
    }

    /// Solves `puzzle` and judges the answer, as [`solve`] does.
    pub fn solve(&mut self, puzzle: &Puzzle, request: &Request) -> Result<Answer, SolveError> {
        self.load(puzzle)?.solve(request)
    }
}

/// A puzzle loaded into a prepared engine ([`Solver::load`]).
pub struct Loaded<'s, 'e> {
    engine: &'e dyn Engine,
    prepared: &'s mut (dyn Prepared + 'e),
    puzzle: &'s Puzzle,
    clashes: bool,
}

impl Loaded<'_, '_> {
    /// Solves the loaded puzzle and judges the answer; [`Answer::time`] is
    /// the search alone.
    pub fn solve(&mut self, request: &Request) -> Result<Answer, SolveError> {
        let (request, verdict) = verified(self.puzzle, request);
        let start = Instant::now();
        let outcome = self.prepared.solve(&request)?;
        let time = start.elapsed();
        streamed_right(self.engine, &verdict)?;
        let mut answer = judged(self.engine, self.puzzle, &request, outcome, time)?;
        if self.clashes {
            answer.clash = clash(self.puzzle, answer.status);
        }
        Ok(answer)
    }
}
