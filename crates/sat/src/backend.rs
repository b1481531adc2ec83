//! The SAT solvers behind the engine, behind one small trait: clauses in,
//! a verdict under assumptions out, with the limits checked inside the
//! solver's own loop.

use std::time::Instant;

use sudokit_model::{CancelToken, LimitKind, Limits};

use crate::Lit;

/// Which SAT solver runs the formula. The default is CaDiCaL when this
/// build has it, else BatSat.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SolverKind {
    /// CaDiCaL (C++, built by the `rustsat-cadical` crate).
    Cadical,
    /// BatSat, a MiniSat descendant written in Rust.
    Batsat,
}

impl Default for SolverKind {
    fn default() -> Self {
        if cfg!(feature = "cadical") {
            SolverKind::Cadical
        } else {
            SolverKind::Batsat
        }
    }
}

impl SolverKind {
    /// The name used in specs (`sat:solver=batsat`).
    pub fn name(self) -> &'static str {
        match self {
            SolverKind::Cadical => "cadical",
            SolverKind::Batsat => "batsat",
        }
    }

    /// The limits the solver checks inside its search.
    pub fn limits(self) -> &'static [LimitKind] {
        match self {
            SolverKind::Cadical => &[
                LimitKind::Time,
                LimitKind::Nodes,
                LimitKind::Fails,
                LimitKind::Cancelled,
            ],
            // BatSat counts conflicts through a callback; no callback
            // sees its decisions.
            SolverKind::Batsat => &[LimitKind::Time, LimitKind::Fails, LimitKind::Cancelled],
        }
    }

    /// A fresh solver of this kind, `None` if this build left it out.
    pub(crate) fn start(self) -> Option<Box<dyn Backend>> {
        match self {
            #[cfg(feature = "cadical")]
            SolverKind::Cadical => Some(Box::new(crate::cadical::Cadical::new())),
            #[cfg(feature = "batsat")]
            SolverKind::Batsat => Some(Box::new(crate::batsat::Batsat::default())),
            #[allow(unreachable_patterns)]
            _ => None,
        }
    }
}

/// What one SAT call answered.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Verdict {
    Sat,
    Unsat,
    /// A limit or the caller stopped it.
    Stopped,
}

/// A solver's work since it was made: decisions, conflicts, propagations.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Counters {
    pub decisions: u64,
    pub conflicts: u64,
    pub propagations: u64,
}

impl std::ops::Sub for Counters {
    type Output = Counters;

    fn sub(self, earlier: Counters) -> Counters {
        Counters {
            decisions: self.decisions - earlier.decisions,
            conflicts: self.conflicts - earlier.conflicts,
            propagations: self.propagations - earlier.propagations,
        }
    }
}

/// What one SAT call may spend: the caller's clock and cancel flag, and
/// what is left of its decision and conflict budgets.
pub(crate) struct Budget {
    pub deadline: Option<Instant>,
    pub cancel: Option<CancelToken>,
    pub decisions: Option<u64>,
    pub conflicts: Option<u64>,
}

impl Budget {
    /// `limits` less the work already `spent` by this solve.
    pub fn left(limits: &Limits, spent: Counters) -> Budget {
        Budget {
            deadline: limits.deadline,
            cancel: limits.cancel.clone(),
            decisions: limits.nodes.map(|n| n.saturating_sub(spent.decisions)),
            conflicts: limits.fails.map(|n| n.saturating_sub(spent.conflicts)),
        }
    }

    /// A check for the solver's callback, which reads the clock and the
    /// flag on every call: CaDiCaL calls it once per `terminateint` (10)
    /// turns of its search loop and BatSat once per conflict, each far
    /// dearer than a read of the clock. (It read them once per 64 calls,
    /// and a 25x25 search ran up to 0.1 s past its deadline.)
    pub fn stop_check(&self) -> Option<impl FnMut() -> bool + Send + 'static> {
        if self.deadline.is_none() && self.cancel.is_none() {
            return None;
        }
        let (deadline, cancel) = (self.deadline, self.cancel.clone());
        let mut stopped = false;
        // Once it says stop it keeps saying so: a solver may ask again on
        // its way out (BatSat does, after each restart).
        Some(move || {
            stopped = stopped
                || cancel.as_ref().is_some_and(CancelToken::is_cancelled)
                || deadline.is_some_and(|d| Instant::now() >= d);
            stopped
        })
    }
}

/// A SAT solver, incremental: clauses stay, assumptions last one call.
pub(crate) trait Backend: Send {
    /// Adds a clause (DIMACS literals).
    fn add_clause(&mut self, clause: &[Lit]);

    /// Whether [`Backend::solve`] takes a clause for that call only.
    fn has_one_call_clauses(&self) -> bool {
        false
    }

    /// Solves the clauses so far with `assumptions` true, and `one_call`
    /// too if given (a clause for this call only, where the solver has
    /// them), within `budget`.
    fn solve(
        &mut self,
        assumptions: &[Lit],
        one_call: Option<&[Lit]>,
        budget: &Budget,
    ) -> Result<Verdict, String>;

    /// Whether variable `var` is true in the model of the last `Sat`.
    fn value(&self, var: u32) -> bool;

    /// The work done so far.
    fn counters(&self) -> Counters;
}
