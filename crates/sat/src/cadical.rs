//! CaDiCaL through `rustsat-cadical`, configured for many small incremental
//! calls: no preprocessing (`plain`) and no "lucky" phase guessing, which
//! costs more than it saves on formulas that unit propagation nearly solves.

use rustsat::solvers::{ControlSignal, GetInternalStats, Terminate};
use rustsat_cadical::{CaDiCaL, Config, Limit};

use crate::backend::{Backend, Budget, Counters, Verdict};
use crate::{through_rustsat, Lit};

pub(crate) struct Cadical {
    solver: CaDiCaL<'static, 'static>,
    /// A clause on its way in, in rustsat's literals.
    buffer: Vec<rustsat::types::Lit>,
}

impl Cadical {
    pub fn new() -> Self {
        let mut solver = CaDiCaL::default();
        solver
            .set_configuration(Config::Plain)
            .expect("a fresh solver takes a configuration");
        // Measured on the four benchmark files (BENCHMARKS.md), 10-14% less
        // time together: keep the assumptions' trail between the calls of
        // one puzzle (ilb), always backjump (chrono), and skip minimising
        // learnt clauses, which are short here.
        for (option, value) in [("lucky", 0), ("ilb", 1), ("chrono", 0), ("minimize", 0)] {
            solver
                .set_option(option, value)
                .expect("CaDiCaL knows its own options");
        }
        Cadical {
            solver,
            buffer: Vec::new(),
        }
    }
}

impl Backend for Cadical {
    fn add_clause(&mut self, clause: &[Lit]) {
        through_rustsat::add_clause(&mut self.solver, &mut self.buffer, clause)
            .expect("CaDiCaL accepts clauses between calls");
    }

    fn solve(&mut self, assumptions: &[Lit], budget: &Budget) -> Result<Verdict, String> {
        // CaDiCaL's limits hold for the next call only; a budget of 0 would
        // mean "no limit" to it, so the caller stops before asking.
        for (limit, left) in [
            (Limit::Decisions as fn(i32) -> Limit, budget.decisions),
            (Limit::Conflicts, budget.conflicts),
        ] {
            if let Some(left) = left {
                let left = i32::try_from(left).unwrap_or(i32::MAX);
                self.solver
                    .set_limit(limit(left))
                    .map_err(|e| e.to_string())?;
            }
        }
        match budget.stop_check() {
            Some(mut stop) => self.solver.attach_terminator(move || {
                if stop() {
                    ControlSignal::Terminate
                } else {
                    ControlSignal::Continue
                }
            }),
            None => self.solver.detach_terminator(),
        }
        through_rustsat::solve(&mut self.solver, assumptions)
    }

    fn value(&self, var: u32) -> bool {
        through_rustsat::is_true(&self.solver, var)
    }

    fn counters(&self) -> Counters {
        Counters {
            decisions: self.solver.decisions() as u64,
            conflicts: self.solver.conflicts() as u64,
            propagations: self.solver.propagations() as u64,
        }
    }
}
