use std::time::Duration;

use serde::{Deserialize, Serialize};

use crate::{Assignment, LimitKind};

/// How a solve ended. The same small enum for every engine.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Status {
    /// At least one solution was found; for counting, see [`Outcome::complete`].
    Solved,
    /// The search space was exhausted without a solution.
    Unsatisfiable,
    /// An optimisation finished and proved its best solution optimal.
    Optimal,
    /// A limit stopped the search first; the outcome keeps what was found.
    LimitReached(LimitKind),
}

impl Status {
    /// Lower-case name for tables and JSON.
    pub fn name(self) -> &'static str {
        match self {
            Status::Solved => "solved",
            Status::Unsatisfiable => "unsatisfiable",
            Status::Optimal => "optimal",
            Status::LimitReached(_) => "limit",
        }
    }
}

/// What is known when a limit stops a search: the domains after propagation
/// at the root (the course's "look at the partial state" exercise).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct PartialState {
    /// Remaining values of every variable, in model order.
    pub domains: Vec<Vec<i32>>,
}

impl PartialState {
    /// How many variables are fixed to one value.
    pub fn fixed(&self) -> usize {
        self.domains.iter().filter(|d| d.len() == 1).count()
    }
}

/// Counters an engine reports; those it does not track stay 0.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Stats {
    /// Search nodes (decisions).
    pub nodes: u64,
    /// Failures (dead ends, conflicts).
    pub fails: u64,
    /// Backtracks.
    pub backtracks: u64,
    /// Propagator runs or propagated literals.
    pub propagations: u64,
    /// Restarts.
    pub restarts: u64,
    /// Deepest search level reached.
    pub max_depth: u64,
    /// Variables of the engine's own encoding (e.g. SAT variables).
    pub encoding_vars: u64,
    /// Constraints or clauses of the engine's own encoding.
    pub encoding_constraints: u64,
    /// Time spent building the encoding.
    #[serde(with = "micros")]
    pub build_time: Duration,
    /// Time spent searching.
    #[serde(with = "micros")]
    pub solve_time: Duration,
}

/// Durations as integer microseconds in JSON.
mod micros {
    use std::time::Duration;

    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(d: &Duration, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_u64(d.as_micros() as u64)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Duration, D::Error> {
        u64::deserialize(d).map(Duration::from_micros)
    }
}

/// The answer of one solve.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Outcome {
    /// How the solve ended.
    pub status: Status,
    /// The solutions found, in the order found (for optimisation: the best
    /// last). At most the number the request asked to keep.
    pub solutions: Vec<Assignment>,
    /// How many solutions were found (may exceed `solutions.len()`).
    pub count: u64,
    /// True when the search space was exhausted, so `count` is exact; false
    /// when it stopped at the requested cap or a limit (`count` is a lower bound).
    pub complete: bool,
    /// Objective value of the best solution, for optimisation.
    pub objective: Option<i64>,
    /// Root domains when a limit was reached, if the engine can tell.
    pub partial: Option<PartialState>,
    /// Counters.
    pub stats: Stats,
    /// The engine that did the work, when the one asked hands puzzles on
    /// (`auto` picks `fast` or `cp`); `None` when it solved them itself.
    pub delegate: Option<&'static str>,
}

impl Outcome {
    /// An outcome with no solution yet; engines fill it in.
    pub fn new(status: Status) -> Self {
        Outcome {
            status,
            solutions: Vec::new(),
            count: 0,
            complete: false,
            objective: None,
            partial: None,
            stats: Stats::default(),
            delegate: None,
        }
    }

    /// The first solution, if any.
    pub fn first(&self) -> Option<&Assignment> {
        self.solutions.first()
    }
}
