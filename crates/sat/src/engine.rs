//! [`SatEngine`]: the encoder and a SAT solver behind the [`Engine`] contract.

use std::time::Instant;

use sudokit_model::{
    check_candidate_count, Capabilities, Conformance, Descriptor, Engine, EngineError, LimitKind,
    Mode, Model, ModelCopy, Outcome, Prepared, Request, SearchEnd, Sense,
};

use crate::linear::{Bounds, WeightedSum};
use crate::search::{Optimisation, Session};
use crate::staged::StagedFormula;
use crate::{AtMostOne, Cages, Encoding, Lit, Options, SolverKind, Unencodable};

/// The SAT engine: a model encoded to CNF ([`crate::encode`]) and solved
/// by CaDiCaL or BatSat; counting and enumeration by blocking clauses,
/// optimisation by a tightening bound.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SatEngine {
    /// How the model becomes clauses.
    pub encoding: Options,
    /// Which solver.
    pub solver: SolverKind,
}

/// The `sat` engine's entry in the catalogue.
pub const DESCRIPTOR: Descriptor = Descriptor {
    name: "sat",
    family: "SAT",
    summary: "CNF encodings solved by CaDiCaL or BatSat (rustsat), any model incl. killer and optimisation",
    options: "encoding=minimal|extended, amo=pairwise|sequential, cages=combinations|sum, \
              solver=cadical|batsat",
    bench_spec: "sat",
    probe: Descriptor::always_available,
    build: |options| Ok(Box::new(SatEngine::from_options(options)?)),
    conformance: Conformance {
        specs: &[
            "sat",
            "sat:encoding=minimal",
            "sat:amo=sequential",
            "sat:cages=sum",
            "sat:solver=batsat",
        ],
        refuses: &[],
        slow: &[],
    },
    export: Some(crate::export::to_dimacs),
};

impl SatEngine {
    /// Parses the options after `sat` in a spec: `key=value` pairs, or the
    /// value alone where it is unambiguous (`sat:minimal:batsat`).
    pub fn from_options(options: &[&str]) -> Result<SatEngine, EngineError> {
        let mut engine = SatEngine::default();
        for option in options {
            let (key, value) = match option.split_once('=') {
                Some((key, value)) => (Some(key.trim()), value.trim()),
                None => (None, option.trim()),
            };
            match (key, value) {
                (Some("encoding") | None, "minimal") => {
                    engine.encoding.encoding = Encoding::Minimal
                }
                (Some("encoding") | None, "extended") => {
                    engine.encoding.encoding = Encoding::Extended
                }
                (Some("amo") | None, "pairwise") => engine.encoding.amo = AtMostOne::Pairwise,
                (Some("amo") | None, "sequential") => engine.encoding.amo = AtMostOne::Sequential,
                (Some("cages") | None, "sum") => engine.encoding.cages = Cages::Sum,
                (Some("cages") | None, "combinations") => {
                    engine.encoding.cages = Cages::Combinations
                }
                (Some("solver") | None, "cadical") => engine.solver = SolverKind::Cadical,
                (Some("solver") | None, "batsat") => engine.solver = SolverKind::Batsat,
                _ => {
                    return Err(EngineError::BadOption {
                        engine: "sat".into(),
                        message: format!(
                            "unknown option `{option}` (known: {})",
                            DESCRIPTOR.options
                        ),
                    })
                }
            }
        }
        if engine.solver.start().is_none() {
            return Err(EngineError::BadOption {
                engine: "sat".into(),
                message: format!(
                    "this build has no {} (rebuild with `--features {}`)",
                    engine.solver.name(),
                    engine.solver.name()
                ),
            });
        }
        Ok(engine)
    }

    /// A formula for `model` with no clause yet, in a fresh solver.
    fn staged(&self, model: &Model) -> Result<StagedFormula, EngineError> {
        StagedFormula::new(model, self.encoding, self.solver).ok_or_else(|| {
            EngineError::Unavailable {
                engine: self.name(),
                why: format!("this build has no {}", self.solver.name()),
            }
        })
    }

    fn unencodable(&self, e: Unencodable) -> EngineError {
        EngineError::Unsupported {
            engine: self.name(),
            what: e.to_string(),
        }
    }
}

/// The outcome of a solve stopped before its search began.
fn stopped_early(kind: LimitKind, mode: Mode) -> Outcome {
    Outcome::finished(SearchEnd::Stopped(kind), mode, 0, Vec::new())
}

impl Engine for SatEngine {
    fn name(&self) -> String {
        let defaults = SatEngine::default();
        let mut name = String::from("sat");
        if self.encoding.encoding != defaults.encoding.encoding {
            name.push_str(match self.encoding.encoding {
                Encoding::Minimal => ":encoding=minimal",
                Encoding::Extended => ":encoding=extended",
            });
        }
        if self.encoding.amo != defaults.encoding.amo {
            name.push_str(match self.encoding.amo {
                AtMostOne::Pairwise => ":amo=pairwise",
                AtMostOne::Sequential => ":amo=sequential",
            });
        }
        if self.encoding.cages != defaults.encoding.cages {
            name.push_str(match self.encoding.cages {
                Cages::Sum => ":cages=sum",
                Cages::Combinations => ":cages=combinations",
            });
        }
        if self.solver != defaults.solver {
            name.push_str(":solver=");
            name.push_str(self.solver.name());
        }
        name
    }

    fn capabilities(&self) -> Capabilities {
        Capabilities {
            limits: self.solver.limits(),
            ..Capabilities::FULL
        }
    }

    fn solve(&self, model: &Model, request: &Request) -> Result<Outcome, EngineError> {
        self.check_support(model, request.mode)?;
        self.check_limits(&request.limits)?;
        let started = Instant::now();
        let mut formula = self.staged(model)?;
        let optimisation = match (request.mode, model.objective()) {
            (Mode::Optimize, Some(objective)) => {
                let negated = objective.sense == Sense::Maximize;
                let direct = &formula.encoded().direct;
                let sum = WeightedSum::of_expr(direct, model, &objective.expr, negated)
                    .map_err(|e| self.unencodable(e))?;
                Some(Optimisation {
                    objective,
                    negated,
                    bounds: Bounds::new(sum),
                })
            }
            _ => None,
        };
        let stopped = formula
            .finish(model, &request.limits)
            .map_err(|e| self.unencodable(e))?;
        if let Some(kind) = stopped {
            return Ok(stopped_early(kind, request.mode));
        }
        let open = model.open_vars();
        // A variable that is not open has one value (or none, and no model).
        let fixed: Vec<i32> = model
            .vars()
            .iter()
            .map(|var| var.domain.values().first().copied().unwrap_or(0))
            .collect();
        let build_time = started.elapsed();
        let (solver, encoded) = formula.parts();
        let mut next_var = encoded.cnf.vars();
        let mut outcome = Session {
            solver,
            encoded,
            assumptions: &[],
            open: &open,
            fixed: &fixed,
            next_var: &mut next_var,
            optimisation,
        }
        .run(request, &self.name())?;
        outcome.stats.build_time = build_time;
        Ok(outcome)
    }

    /// The grid's rules encoded once with every cell open; each puzzle's
    /// candidates become assumptions, and one solver serves the batch.
    fn prepare(&self, model: &Model) -> Result<Box<dyn Prepared + '_>, EngineError> {
        self.check_support(model, Mode::First)?;
        // Objective bounds are per solve: such a grid is encoded afresh each
        // time (`ModelCopy`, which also refuses a model that is no grid).
        let plain_grid = model.grid().filter(|_| model.objective().is_none());
        let (Some(grid), Some(open_grid)) = (plain_grid, model.with_open_cells()) else {
            return ModelCopy::prepared(self, model);
        };
        // The clauses wait for the first solve, which has limits to keep.
        Ok(Box::new(PreparedGrid {
            name: self.name(),
            kind: self.solver,
            formula: self.staged(&open_grid)?,
            model: open_grid,
            next_var: 0,
            solves: 0,
            size: grid.size,
            vars: model.vars().len(),
            assumptions: Vec::new(),
            open: Vec::new(),
            fixed: Vec::new(),
            empty_cell: false,
        }))
    }
}

/// A grid's CNF in a live solver, with the current puzzle as assumptions.
/// The CNF is built by the solves, within their limits ([`StagedFormula`]).
struct PreparedGrid {
    name: String,
    kind: SolverKind,
    /// The grid with every cell open, whose rules the formula states.
    model: Model,
    formula: StagedFormula,
    /// The last SAT variable used (0 before the first search of a solver).
    next_var: u32,
    /// Solves by the current solver.
    solves: u32,
    size: usize,
    vars: usize,
    assumptions: Vec<Lit>,
    open: Vec<usize>,
    /// The givens' digits by cell (0 for an open cell).
    fixed: Vec<i32>,
    /// A cell with no candidate: unsatisfiable before any search.
    empty_cell: bool,
}

impl PreparedGrid {
    /// Solves, or retired variables, after which a fresh solver takes over.
    const SOLVER_LIFE: u32 = 1_000;
}

impl Prepared for PreparedGrid {
    fn load(&mut self, cells: &[u64]) -> Result<(), EngineError> {
        check_candidate_count(self.size, cells).map_err(|e| EngineError::Internal {
            engine: self.name.clone(),
            message: e.to_string(),
        })?;
        self.assumptions.clear();
        self.open.clear();
        self.fixed.clear();
        self.fixed.resize(self.vars, 0);
        self.empty_cell = false;
        let encoded = self.formula.encoded();
        for (cell, &mask) in cells.iter().enumerate() {
            let var = sudokit_model::VarId(cell as u32);
            let mask = mask & (u64::MAX >> (64 - self.size));
            match mask.count_ones() {
                0 => self.empty_cell = true,
                1 => {
                    let digit = mask.trailing_zeros() as i32 + 1;
                    self.fixed[cell] = digit;
                    self.assumptions.extend(encoded.lit(var, digit));
                }
                _ => {
                    self.open.push(cell);
                    let excluded = (1..=self.size as i32).filter(|d| mask >> (d - 1) & 1 == 0);
                    for digit in excluded {
                        self.assumptions
                            .extend(encoded.lit(var, digit).map(|lit| -lit));
                    }
                }
            }
        }
        // Variables beyond the cells stay open.
        self.open.extend(cells.len()..self.vars);
        Ok(())
    }

    fn solve(&mut self, request: &Request) -> Result<Outcome, EngineError> {
        let capabilities = Capabilities {
            limits: self.kind.limits(),
            ..Capabilities::FULL
        };
        capabilities.check_limits(&self.name, &request.limits)?;
        // Each solve leaves a retired activation variable behind, and some
        // of the solver's work per call grows with its variables: a long
        // batch starts a fresh solver now and then (tdoku's harness does so
        // every 21 puzzles). On the whole 17-clue file (49 158 puzzles) a
        // fresh solver every 1 000 puzzles takes 113 µs a puzzle, every
        // 10 000 121 µs, one solver for all 188.
        let retired = self
            .next_var
            .saturating_sub(self.formula.encoded().cnf.vars());
        if self.solves >= Self::SOLVER_LIFE || retired >= Self::SOLVER_LIFE {
            self.formula.restart(self.kind);
            self.next_var = 0;
            self.solves = 0;
        }
        self.solves += 1;
        if self.empty_cell {
            return Ok(Outcome::finished(
                SearchEnd::Exhausted,
                request.mode,
                0,
                Vec::new(),
            ));
        }
        let stopped = self
            .formula
            .finish(&self.model, &request.limits)
            .map_err(|e| EngineError::Unsupported {
                engine: self.name.clone(),
                what: e.to_string(),
            })?;
        if let Some(kind) = stopped {
            return Ok(stopped_early(kind, request.mode));
        }
        let (solver, encoded) = self.formula.parts();
        // Activation variables are numbered after the formula's own, whose
        // count is known once it is complete.
        self.next_var = self.next_var.max(encoded.cnf.vars());
        Session {
            solver,
            encoded,
            assumptions: &self.assumptions,
            open: &self.open,
            fixed: &self.fixed,
            next_var: &mut self.next_var,
            optimisation: None,
        }
        .run(request, &self.name)
    }
}
