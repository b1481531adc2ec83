//! One solve on a loaded solver: the first solution, a count, every
//! solution, or the optimum, by repeated SAT calls.
//!
//! Enumeration is the course's blocking clause: after each model, the
//! clause "some free variable takes another value" (the negation of the
//! model's characteristic formula over the variables the puzzle leaves
//! open). Blocking clauses carry an activation literal assumed true for
//! this solve and fixed false after it, so a prepared solver forgets them
//! before the next puzzle; the one before the last call of a count (the
//! second call of a count to 2) is a clause for that call only where the
//! solver has such clauses (CaDiCaL's `constrain`), with no literal to
//! retire. Optimisation tightens an upper bound on the objective after
//! every model until none is left.

use std::time::Instant;

use sudokit_model::{
    Collector, EngineError, LimitKind, Limits, Objective, Outcome, Request, Stats,
};

use crate::backend::{Backend, Budget, Counters, Verdict};
use crate::linear::Bounds;
use crate::{Encoded, Lit};

/// A loaded formula: the solver, the encoding, and the puzzle's givens as
/// assumptions.
pub(crate) struct Session<'a> {
    pub solver: &'a mut dyn Backend,
    pub encoded: &'a Encoded,
    /// The puzzle's givens (and excluded candidates), assumed for this solve.
    pub assumptions: &'a [Lit],
    /// Model variables (indices) the givens leave open: what a blocking
    /// clause mentions, and all that is read of a model.
    pub open: &'a [usize],
    /// Every variable's value where it is not open (index = variable).
    pub fixed: &'a [i32],
    /// The next unused SAT variable (activation literals, objective bounds).
    pub next_var: &'a mut u32,
    /// The objective as a minimisation, if optimising one.
    pub optimisation: Option<Optimisation<'a>>,
}

/// The model's objective and the bounds on its encoding as a minimisation
/// (of `-expr` when `negated`, for a maximisation).
pub(crate) struct Optimisation<'a> {
    pub objective: &'a Objective,
    pub negated: bool,
    pub bounds: Bounds,
}

impl Session<'_> {
    pub fn run(mut self, request: &Request, engine: &str) -> Result<Outcome, EngineError> {
        let failed = |message: String| EngineError::Internal {
            engine: engine.into(),
            message,
        };
        let started = Instant::now();
        let before = self.solver.counters();
        // Blocking clauses carry an activation literal, made for the first.
        let mut activation: Option<Lit> = None;
        let mut assumptions = self.assumptions.to_vec();
        let mut given = assumptions.len();
        let mut assignment = self.fixed.to_vec();
        let mut blocking: Vec<Lit> = Vec::with_capacity(self.open.len() + 1);
        // Whether the next call takes `blocking` as a clause for it alone.
        let mut one_call = false;

        let objective = self.optimisation.as_ref().map(|o| o.objective);
        let mut collector = Collector::new(request, objective);
        let limit = loop {
            let spent = self.solver.counters() - before;
            if let Some(kind) = exhausted_budget(&request.limits, spent) {
                break Some(kind);
            }
            let budget = Budget::left(&request.limits, spent);
            let clause = one_call.then_some(&blocking[..]);
            match self
                .solver
                .solve(&assumptions, clause, &budget)
                .map_err(failed)?
            {
                Verdict::Unsat => break None,
                Verdict::Stopped => {
                    let spent = self.solver.counters() - before;
                    // A budget the solver counts its own way may stop it a
                    // step before our count reaches it.
                    let kind = exhausted_budget(&request.limits, spent)
                        .or(budget.conflicts.map(|_| LimitKind::Fails))
                        .or(budget.decisions.map(|_| LimitKind::Nodes))
                        .ok_or_else(|| failed("the solver stopped with no limit reached".into()))?;
                    break Some(kind);
                }
                Verdict::Sat => {}
            }
            // The open variables' values (the others are fixed), and the
            // clause "some open variable takes another value from now on".
            blocking.clear();
            for &var in self.open {
                let solver = &*self.solver;
                let (value, lit) = self.encoded.direct[var]
                    .iter()
                    .find(|&&(_, lit)| solver.value(lit as u32))
                    .copied()
                    .ok_or_else(|| {
                        failed("a model of the formula decodes to no assignment".into())
                    })?;
                assignment[var] = value;
                blocking.push(-lit);
            }
            if collector.found(|| assignment.iter().copied()).is_break() {
                break None;
            }
            if let (Some(optimisation), Some(value)) = (&mut self.optimisation, collector.best()) {
                let minimised = if optimisation.negated { -value } else { value };
                // Better than `value` from now on, or proven optimal.
                let Some((bound, clauses)) = optimisation
                    .bounds
                    .at_most(minimised - 1, self.next_var)
                    .map_err(failed)?
                else {
                    break None;
                };
                for clause in clauses.clauses() {
                    self.solver.add_clause(clause);
                }
                assumptions.truncate(given);
                assumptions.extend(bound);
                continue;
            }
            if blocking.is_empty() {
                // Nothing left open: this was the only model.
                break None;
            }
            // The last solution to look for needs its blocking clause for
            // one call only, if the solver can hold such a clause.
            if collector.wanted() == Some(1) && self.solver.has_one_call_clauses() {
                one_call = true;
                continue;
            }
            let activation = match activation {
                Some(activation) => activation,
                None => {
                    let fresh = self.fresh_var();
                    assumptions.insert(given, fresh);
                    given += 1;
                    *activation.insert(fresh)
                }
            };
            blocking.push(-activation);
            self.solver.add_clause(&blocking);
        };
        // Retire this solve's blocking clauses.
        if let Some(activation) = activation {
            self.solver.add_clause(&[-activation]);
        }

        let spent = self.solver.counters() - before;
        let mut outcome = collector.finish(limit);
        outcome.stats = Stats {
            nodes: Some(spent.decisions),
            fails: Some(spent.conflicts),
            propagations: Some(spent.propagations),
            encoding_vars: Some(u64::from(self.encoded.cnf.vars())),
            encoding_constraints: Some(self.encoded.cnf.len() as u64),
            solve_time: started.elapsed(),
            ..Stats::default()
        };
        Ok(outcome)
    }

    fn fresh_var(&mut self) -> Lit {
        *self.next_var += 1;
        *self.next_var as Lit
    }
}

/// The limit `spent` (or the clock, or the caller) has reached, if any.
fn exhausted_budget(limits: &Limits, spent: Counters) -> Option<LimitKind> {
    if let Some(kind) = limits.checker().check_now() {
        return Some(kind);
    }
    if limits.nodes.is_some_and(|n| spent.decisions >= n) {
        return Some(LimitKind::Nodes);
    }
    if limits.fails.is_some_and(|n| spent.conflicts >= n) {
        return Some(LimitKind::Fails);
    }
    None
}
