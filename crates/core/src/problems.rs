//! `problem`: the course's problems that are not grids, built directly as
//! models (N-Queens, graph colouring, weighted latin squares) and solved
//! by any engine that takes them, every solution checked constraint by
//! constraint.

use sudokit_model::{Limits, Mode, Model, Outcome, Request};
use sudokit_pipeline::solve_model;
use sudokit_problems::{
    colour_graph, latin_diagonal_sum, n_queens, parse_dimacs, weighted_latin_square, ColourError,
    Graph,
};

use crate::{Error, Kit};

/// A graph in DIMACS edge format (`p edge V E`, `e U V`), as `problem
/// colour` reads it; the error names the line.
pub fn read_graph(text: &str) -> Result<Graph, Error> {
    parse_dimacs(text).map_err(Error::invalid)
}

/// `n`, when it is a size the problems take (1 to 128: the widest
/// domain `cp` searches).
fn bounded(n: usize, what: &str) -> Result<usize, Error> {
    match n {
        1..=128 => Ok(n),
        _ => Err(Error::invalid(format!(
            "{what} must be between 1 and 128, not {n}"
        ))),
    }
}

impl Kit {
    /// N queens on an N×N board, no two attacking: one placement (each
    /// solution gives every row its queen's column, from 1), or with
    /// `count` every placement counted (`sudokit problem queens`).
    ///
    /// ```
    /// use sudokit_core::{Kit, Status};
    ///
    /// let outcome = Kit::new("cp")?.queens(8, true)?;
    /// assert_eq!((outcome.status, outcome.count, outcome.complete), (Status::Solved, 92, true));
    /// # Ok::<(), sudokit_core::Error>(())
    /// ```
    pub fn queens(&self, n: usize, count: bool) -> Result<Outcome, Error> {
        let n = bounded(n, "the board size")?;
        let mode = if count { Mode::All } else { Mode::First };
        self.solve_model(&n_queens(n), mode)
    }

    /// The course's weighted latin square: the largest total reward over
    /// its cells, `((i+1)(j+1) + v²) mod 11` each, or with `min_diagonal`
    /// the smallest sum of the main diagonal (`sudokit problem latin`).
    ///
    /// ```
    /// use sudokit_core::{Kit, Status};
    ///
    /// let outcome = Kit::new("cp")?.latin(5, false)?;
    /// assert_eq!((outcome.status, outcome.objective), (Status::Optimal, Some(192)));
    /// # Ok::<(), sudokit_core::Error>(())
    /// ```
    pub fn latin(&self, n: usize, min_diagonal: bool) -> Result<Outcome, Error> {
        let n = bounded(n, "the square's side")?;
        let model = match min_diagonal {
            true => latin_diagonal_sum(n),
            false => weighted_latin_square(n),
        };
        self.solve_model(&model, Mode::Optimize)
    }

    /// A colouring of `graph` with at most `colours` colours, or the proof
    /// there is none (unsatisfiable); with `None` the chromatic number as
    /// the objective, proven by minimisation (`sudokit problem colour`).
    /// Bounds answer without search where they suffice; the solution gives
    /// every vertex its colour, from 1.
    ///
    /// ```
    /// use sudokit_core::{read_graph, Kit, Status};
    ///
    /// let text = std::fs::read_to_string("../../crates/cp/examples/data/myciel3.col")?;
    /// let graph = read_graph(&text)?;
    /// let kit = Kit::new("cp")?;
    /// let outcome = kit.colour(&graph, None)?;
    /// assert_eq!((outcome.status, outcome.objective), (Status::Optimal, Some(4)));
    /// assert_eq!(kit.colour(&graph, Some(3))?.status, Status::Unsatisfiable);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn colour(&self, graph: &Graph, colours: Option<usize>) -> Result<Outcome, Error> {
        let colours = colours.map(|k| bounded(k, "--colours")).transpose()?;
        // One budget for bounding and searching: the deadline starts now.
        let limits = self.budget().limits();
        let search = |model: &Model, mode: Mode| self.solve_within(model, mode, limits.clone());
        colour_graph(graph, colours, limits.deadline, search).map_err(|e| match e {
            ColourError::Search(e) => e,
            e => Error::Internal(e.to_string()),
        })
    }

    /// Solves a model that is not a puzzle and judges the outcome.
    fn solve_model(&self, model: &Model, mode: Mode) -> Result<Outcome, Error> {
        self.solve_within(model, mode, self.budget().limits())
    }

    /// [`Kit::solve_model`] under `limits`, through the pipeline.
    fn solve_within(&self, model: &Model, mode: Mode, limits: Limits) -> Result<Outcome, Error> {
        let request = Request::new(mode).with_limits(limits).keeping(1);
        Ok(solve_model(self.engine(), model, &request)?.outcome)
    }
}
