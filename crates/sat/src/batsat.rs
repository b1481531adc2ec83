//! BatSat, a MiniSat descendant in pure Rust, through `rustsat-batsat`:
//! the backend for builds without a C++ compiler. Its hooks into the
//! search are callbacks: `stop`, asked once per turn of its search loop
//! (where it honours the clock and cancellation), and one call per learnt
//! clause, which is one per conflict (the fail budget). No hook sees its
//! decisions as they are made, so a node limit is refused, not ignored.

use batsat::{Callbacks, ClauseKind, Lit as BatLit, SolverInterface};

use crate::backend::{Backend, Budget, Counters, Verdict};
use crate::{through_rustsat, Lit};

#[derive(Default)]
pub(crate) struct Batsat {
    solver: rustsat_batsat::Solver<Stop>,
    /// A clause on its way in, in rustsat's literals.
    buffer: Vec<rustsat::types::Lit>,
}

/// The callbacks BatSat asks whether to stop.
#[derive(Default)]
pub(crate) struct Stop {
    check: Option<std::cell::RefCell<Box<dyn FnMut() -> bool + Send>>>,
    /// Conflicts this call may still meet, if it has a fail budget.
    conflicts_left: Option<u64>,
}

impl Callbacks for Stop {
    fn on_new_clause(&mut self, _clause: &[BatLit], kind: ClauseKind) {
        if kind == ClauseKind::Learnt {
            if let Some(left) = &mut self.conflicts_left {
                *left = left.saturating_sub(1);
            }
        }
    }

    fn stop(&self) -> bool {
        self.conflicts_left == Some(0)
            || self
                .check
                .as_ref()
                .is_some_and(|check| check.borrow_mut()())
    }
}

impl Backend for Batsat {
    fn add_clause(&mut self, clause: &[Lit]) {
        through_rustsat::add_clause(&mut self.solver, &mut self.buffer, clause)
            .expect("BatSat accepts clauses between calls");
    }

    fn solve(
        &mut self,
        assumptions: &[Lit],
        one_call: Option<&[Lit]>,
        budget: &Budget,
    ) -> Result<Verdict, String> {
        if one_call.is_some() {
            return Err("BatSat has no clause for one call only".into());
        }
        let callbacks = self.solver.batsat_mut().cb_mut();
        callbacks.check = budget
            .stop_check()
            .map(|check| std::cell::RefCell::new(Box::new(check) as Box<_>));
        callbacks.conflicts_left = budget.conflicts;
        through_rustsat::solve(&mut self.solver, assumptions)
    }

    fn value(&self, var: u32) -> bool {
        through_rustsat::is_true(&self.solver, var)
    }

    fn counters(&self) -> Counters {
        let solver = self.solver.batsat_ref();
        Counters {
            decisions: solver.num_decisions(),
            conflicts: solver.num_conflicts(),
            propagations: solver.num_propagations(),
        }
    }
}
