use std::sync::Arc;

use sudokit_model::{Engine, LimitKind, Limits, Mode, Request, Status};
use sudokit_pipeline::{Answer, Solver};
use sudokit_puzzle::{Cell, Puzzle, PuzzleSpec};

use crate::AnalysisError;

/// Counts solutions through the pipeline, so every grid an engine returns
/// is judged by the verifier: the one door through which analysis and
/// generation reach an engine. It keeps one prepared [`Solver`], since the
/// puzzles it is asked about all share one shape, and one set of
/// [`Limits`] for all its solves (a deadline bounds the whole task).
pub struct Counter<'e> {
    solver: Solver<'e>,
    limits: Limits,
    solves: u64,
    /// The solution the removal checks steer towards, kept while the
    /// solution stays the same.
    prefer: Option<Arc<[i32]>>,
}

impl<'e> Counter<'e> {
    /// A counter that asks `engine`, each solve under `limits`.
    pub fn new(engine: &'e dyn Engine, limits: Limits) -> Self {
        Counter {
            solver: Solver::new(engine),
            limits,
            solves: 0,
            prefer: None,
        }
    }

    /// Replaces the limits of the solves to come (a new deadline for the
    /// next puzzle); what was prepared is kept.
    pub fn set_limits(&mut self, limits: Limits) {
        self.limits = limits;
    }

    /// The limits of every solve.
    pub fn limits(&self) -> &Limits {
        &self.limits
    }

    /// How many solves it made so far.
    pub fn solves(&self) -> u64 {
        self.solves
    }

    /// Counts the solutions of `puzzle` up to `cap`, keeping at most
    /// `keep` of them; with none, the answer says why when the givens show
    /// it ([`Answer::clash`]). A limit that stops the count is an error:
    /// whoever asked cannot conclude from a partial count.
    pub fn count(
        &mut self,
        puzzle: &Puzzle,
        cap: u64,
        keep: usize,
    ) -> Result<Answer, AnalysisError> {
        self.ask(puzzle, cap, keep, true)
    }

    /// [`Counter::count`], but a limit is an answer: its status says which
    /// stopped the count, and its count is the solutions found so far.
    pub fn count_so_far(
        &mut self,
        puzzle: &Puzzle,
        cap: u64,
        keep: usize,
    ) -> Result<Answer, AnalysisError> {
        self.ask_so_far(puzzle, cap, keep, true, None, None)
    }

    /// [`Counter::count`], looking for a clash after "no solution" only
    /// when `clashes`.
    fn ask(
        &mut self,
        puzzle: &Puzzle,
        cap: u64,
        keep: usize,
        clashes: bool,
    ) -> Result<Answer, AnalysisError> {
        let answer = self.ask_so_far(puzzle, cap, keep, clashes, None, None)?;
        match answer.status {
            Status::LimitReached(kind) => Err(AnalysisError::Stopped(kind)),
            _ => Ok(answer),
        }
    }

    /// [`Counter::ask`] within `nodes` search nodes of its own, when
    /// given: `None` when they ran out before the answer (the counter's
    /// own limits stopping it are still an error).
    fn ask_within(
        &mut self,
        puzzle: &Puzzle,
        cap: u64,
        keep: usize,
        clashes: bool,
        nodes: Option<u64>,
        prefer: Option<&[u8]>,
    ) -> Result<Option<Answer>, AnalysisError> {
        let answer = self.ask_so_far(puzzle, cap, keep, clashes, nodes, prefer)?;
        match answer.status {
            Status::LimitReached(LimitKind::Nodes)
                if nodes.is_some_and(|own| self.limits.nodes.is_none_or(|n| n > own)) =>
            {
                Ok(None)
            }
            Status::LimitReached(kind) => Err(AnalysisError::Stopped(kind)),
            _ => Ok(Some(answer)),
        }
    }

    /// [`Counter::ask`] (within `nodes` search nodes of its own, when
    /// given; trying the digits of `prefer` first, when given), a limit
    /// given back in the answer's status.
    fn ask_so_far(
        &mut self,
        puzzle: &Puzzle,
        cap: u64,
        keep: usize,
        clashes: bool,
        nodes: Option<u64>,
        prefer: Option<&[u8]>,
    ) -> Result<Answer, AnalysisError> {
        self.check_limits()?;
        self.solver.look_for_clashes(clashes);
        let mut limits = self.limits.clone();
        if let Some(nodes) = nodes {
            limits.nodes = Some(limits.nodes.map_or(nodes, |n| n.min(nodes)));
        }
        let mut request = Request::new(Mode::CountUpTo(cap))
            .with_limits(limits)
            .keeping(keep);
        if let Some(digits) = prefer {
            request = request.preferring(self.preferred(digits));
        }
        self.solves += 1;
        Ok(self.solver.solve(puzzle, &request)?)
    }

    /// `digits` as values to prefer, made once for the many checks
    /// against one solution.
    fn preferred(&mut self, digits: &[u8]) -> Arc<[i32]> {
        let same = |kept: &Arc<[i32]>| {
            kept.len() == digits.len() && kept.iter().zip(digits).all(|(&k, &d)| k == i32::from(d))
        };
        match &self.prefer {
            Some(kept) if same(kept) => Arc::clone(kept),
            _ => Arc::clone(
                self.prefer
                    .insert(digits.iter().map(|&d| i32::from(d)).collect()),
            ),
        }
    }

    /// One solution of `puzzle` found within `nodes` search nodes: `None`
    /// when there is none, or when the budget ran out first (a restart
    /// with other seeds is then cheaper than a long search).
    pub fn first_within(
        &mut self,
        puzzle: &Puzzle,
        nodes: u64,
    ) -> Result<Option<Vec<u8>>, AnalysisError> {
        self.check_limits()?;
        let mut limits = self.limits.clone();
        limits.nodes = Some(limits.nodes.map_or(nodes, |n| n.min(nodes)));
        let request = Request::new(Mode::First).with_limits(limits);
        self.solves += 1;
        let mut answer = self.solver.solve(puzzle, &request)?;
        match answer.status {
            Status::LimitReached(LimitKind::Nodes)
                if self.limits.nodes.is_none_or(|n| n > nodes) =>
            {
                Ok(None)
            }
            Status::LimitReached(kind) => Err(AnalysisError::Stopped(kind)),
            _ => Ok(answer.grids.pop()),
        }
    }

    /// The clock and the cancel flag, read before each solve: the many
    /// small solves of an analysis mostly end before an engine's own
    /// periodic check would see them.
    fn check_limits(&self) -> Result<(), AnalysisError> {
        match self.limits.checker().check_now() {
            Some(kind) => Err(AnalysisError::Stopped(kind)),
            None => Ok(()),
        }
    }

    /// The puzzle's solution when it has exactly one, `None` when it has
    /// several, [`AnalysisError::NoSolution`] when it has none.
    pub fn unique_solution(&mut self, puzzle: &Puzzle) -> Result<Option<Vec<u8>>, AnalysisError> {
        let mut answer = self.count(puzzle, 2, 1)?;
        match answer.count {
            0 => Err(AnalysisError::NoSolution(answer.clash)),
            1 => Ok(answer.grids.pop()),
            _ => Ok(None),
        }
    }

    /// Whether `puzzle`, whose only solution is `solution`, stays unique
    /// when the givens of `cells` are taken away.
    ///
    /// For one cell it asks for any solution with a different digit there
    /// (the cell's pencil marks exclude its digit): every other solution
    /// keeps the digit and is a solution of `puzzle`, so the puzzle stays
    /// unique exactly when none exists. That is a search for one solution
    /// that usually fails at once, cheaper than counting to 2; several
    /// cells (a symmetric orbit) are counted.
    pub fn stays_unique_without(
        &mut self,
        puzzle: &Puzzle,
        solution: &[u8],
        cells: &[Cell],
    ) -> Result<bool, AnalysisError> {
        // With no budget of its own the check always concludes.
        Ok(self.removal_check(puzzle, solution, cells, None)? == Some(true))
    }

    /// [`Counter::stays_unique_without`] within `nodes` search nodes:
    /// `None` when they ran out first.
    pub fn stays_unique_within(
        &mut self,
        puzzle: &Puzzle,
        solution: &[u8],
        cells: &[Cell],
        nodes: u64,
    ) -> Result<Option<bool>, AnalysisError> {
        self.removal_check(puzzle, solution, cells, Some(nodes))
    }

    fn removal_check(
        &mut self,
        puzzle: &Puzzle,
        solution: &[u8],
        cells: &[Cell],
        nodes: Option<u64>,
    ) -> Result<Option<bool>, AnalysisError> {
        let mut spec = puzzle.spec().clone();
        for &cell in cells {
            spec.givens[cell] = 0;
        }
        let n = puzzle.size();
        // Pencil marks are one bit a digit in a u64.
        if let ([cell], true) = (cells, n <= 64) {
            let all = u64::MAX >> (64 - n);
            let marks = spec.candidates.get_or_insert_with(|| vec![all; n * n]);
            marks[*cell] &= !(1 << (solution[*cell] - 1));
            // "No solution" is the answer expected here, and needs no reason.
            let other = self.ask_within(&rebuilt(spec), 1, 1, false, nodes, Some(solution))?;
            return Ok(other.map(|a| a.count == 0));
        }
        let answer = self.ask_within(&rebuilt(spec), 2, 0, false, nodes, Some(solution))?;
        Ok(answer.map(|a| a.count == 1))
    }
}

/// A puzzle from the spec of a valid one with fewer givens or narrower
/// pencil marks, which keeps it valid.
pub(crate) fn rebuilt(spec: PuzzleSpec) -> Puzzle {
    Puzzle::new(spec).expect("fewer givens or fewer candidates keep a puzzle valid")
}
