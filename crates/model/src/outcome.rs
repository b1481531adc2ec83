use std::time::Duration;

use serde::{Deserialize, Serialize};

use crate::{Assignment, LimitKind, Mode};

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

/// Counters an engine reports. A counter the engine does not track is `None`
/// (shown as "–"), never a 0 that a reader would take for a measurement.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Stats {
    /// Search nodes (decisions).
    pub nodes: Option<u64>,
    /// Failures (dead ends, conflicts).
    pub fails: Option<u64>,
    /// Backtracks.
    pub backtracks: Option<u64>,
    /// Propagator runs or propagated literals.
    pub propagations: Option<u64>,
    /// Restarts.
    pub restarts: Option<u64>,
    /// Deepest search level reached.
    pub max_depth: Option<u64>,
    /// Variables of the engine's own encoding (e.g. SAT variables).
    pub encoding_vars: Option<u64>,
    /// Constraints or clauses of the engine's own encoding.
    pub encoding_constraints: Option<u64>,
    /// Peak memory of a solver that runs outside sudokit (a `z3`
    /// process), in KiB, as the solver reports it.
    #[serde(default)]
    pub memory_kib: Option<u64>,
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

/// How a search ended, as the engine saw it. [`Outcome::finished`] derives
/// the status and completeness from it, so no engine spells them out by hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SearchEnd {
    /// The whole search space was explored: the count is exact, and for an
    /// optimisation the best solution is proven optimal.
    Exhausted,
    /// The requested number of solutions was reached (the count is a lower bound).
    Capped,
    /// A limit stopped the search.
    Stopped(LimitKind),
}

impl Outcome {
    /// The outcome of a search that ended as `end` in `mode` after finding
    /// `count` solutions (of which `solutions` are kept). The status and
    /// [`Outcome::complete`] follow from these alone: exhausted with no
    /// solution is unsatisfiable, an exhausted optimisation is optimal, a
    /// cap or a limit leaves the count a lower bound.
    pub fn finished(end: SearchEnd, mode: Mode, count: u64, solutions: Vec<Assignment>) -> Self {
        let status = match end {
            SearchEnd::Stopped(kind) => Status::LimitReached(kind),
            _ if count == 0 => Status::Unsatisfiable,
            SearchEnd::Exhausted if mode == Mode::Optimize => Status::Optimal,
            _ => Status::Solved,
        };
        Outcome {
            status,
            solutions,
            count,
            complete: end == SearchEnd::Exhausted,
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn statuses_and_partial_states_say_what_they_hold() {
        let names = [
            Status::Solved,
            Status::Unsatisfiable,
            Status::Optimal,
            Status::LimitReached(LimitKind::Time),
        ]
        .map(Status::name);
        assert_eq!(names, ["solved", "unsatisfiable", "optimal", "limit"]);
        let partial = PartialState {
            domains: vec![vec![3], vec![1, 2], vec![4], vec![5]],
        };
        assert_eq!(partial.fixed(), 3);
        let found = Outcome::finished(SearchEnd::Capped, Mode::First, 1, vec![vec![7, 8]]);
        assert_eq!(found.first(), Some(&vec![7, 8]));
        assert_eq!(
            Outcome::finished(SearchEnd::Exhausted, Mode::First, 0, Vec::new()).first(),
            None
        );
    }

    #[test]
    fn stats_keep_their_times_through_json_in_microseconds() {
        let stats = Stats {
            nodes: Some(5),
            build_time: Duration::from_micros(1_250),
            solve_time: Duration::from_micros(42),
            ..Stats::default()
        };
        let json = serde_json::to_value(&stats).unwrap();
        assert_eq!(
            (json["build_time"].as_u64(), json["solve_time"].as_u64()),
            (Some(1_250), Some(42))
        );
        assert_eq!(serde_json::from_value::<Stats>(json).unwrap(), stats);
    }

    #[test]
    fn the_status_follows_from_how_the_search_ended() {
        let finished = |end, mode, count| {
            let o = Outcome::finished(end, mode, count, Vec::new());
            (o.status, o.complete)
        };
        use SearchEnd::*;
        let count2 = Mode::CountUpTo(2);
        assert_eq!(
            finished(Exhausted, count2, 0),
            (Status::Unsatisfiable, true)
        );
        assert_eq!(finished(Exhausted, count2, 1), (Status::Solved, true));
        assert_eq!(finished(Capped, count2, 2), (Status::Solved, false));
        assert_eq!(
            finished(Exhausted, Mode::Optimize, 3),
            (Status::Optimal, true)
        );
        assert_eq!(finished(Capped, Mode::Optimize, 1), (Status::Solved, false));
        assert_eq!(
            finished(Stopped(LimitKind::Nodes), Mode::All, 5),
            (Status::LimitReached(LimitKind::Nodes), false)
        );
        assert_eq!(
            finished(Stopped(LimitKind::Time), Mode::First, 0),
            (Status::LimitReached(LimitKind::Time), false)
        );
    }
}
