//! [`Z3Engine`]: the encodings and a pool of `z3` processes behind the
//! [`Engine`] contract.

use std::path::PathBuf;
use std::sync::Mutex;
use std::time::Instant;

use sudokit_model::{
    check_candidate_count, Availability, Capabilities, Conformance, Descriptor, Domain, Engine,
    EngineError, LimitKind, Mode, Model, ModelCopy, Objective, Outcome, Prepared, Request,
};

use crate::encode::{Encoded, Unencodable};
use crate::locate::{z3_program, INSTALL_HINT};
use crate::options::{Encoding, Givens, Optimizer, Options, OPTION_LIST};
use crate::process::{ProcessError, Z3Process};
use crate::search::Search;
use crate::term::{app, atom, Term};

/// The SMT engine: a model in SMT-LIB ([`crate::encode`]) sent to a `z3`
/// process; counting by blocking assertions, optimisation by Z3's own
/// `maximize` / `minimize` or MaxSMT ([`Optimizer`]). Processes are kept between solves (one per
/// thread at a time) unless `process=fresh`.
#[derive(Debug)]
pub struct Z3Engine {
    options: Options,
    program: PathBuf,
    idle: Mutex<Vec<Z3Process>>,
}

/// The `z3` engine's entry in the catalogue.
pub const DESCRIPTOR: Descriptor = Descriptor {
    name: "z3",
    family: "SMT",
    summary: "Int / BitVec encodings solved by Z3 over SMT-LIB 2, any model incl. killer and optimisation",
    options: OPTION_LIST,
    bench_spec: "z3",
    probe,
    build: |options| Ok(Box::new(Z3Engine::from_options(options)?)),
    conformance: Conformance {
        specs: &[
            "z3",
            "z3:encoding=int",
            "z3:encoding=bv:rules=plain",
            "z3:encoding=bv-tactic",
        ],
        refuses: &[],
        slow: &[],
    },
    export: Some(crate::export::to_smt2),
};

fn probe() -> Availability {
    match z3_program() {
        Ok(_) => Availability::Available,
        Err(why) => Availability::Unavailable {
            why: why.to_string(),
            hint: INSTALL_HINT.into(),
        },
    }
}

impl Z3Engine {
    /// Parses the options after `z3` in a spec: `key=value` pairs, or the
    /// encoding alone (`z3:int`).
    pub fn from_options(options: &[&str]) -> Result<Z3Engine, EngineError> {
        let bad = |message: String| EngineError::BadOption {
            engine: "z3".into(),
            message,
        };
        let program = z3_program().map_err(|why| EngineError::Unavailable {
            engine: "z3".into(),
            why: format!("{why} ({INSTALL_HINT})"),
        })?;
        let options = Options::parse(options).map_err(bad)?;
        Ok(Z3Engine {
            options,
            program: program.path.clone(),
            idle: Mutex::new(Vec::new()),
        })
    }

    /// The encoding.
    pub fn encoding(&self) -> Encoding {
        self.options.encoding
    }

    /// An idle process, or a new one.
    fn process(&self) -> Result<Z3Process, EngineError> {
        let idle = if self.options.fresh {
            None
        } else {
            self.idle.lock().unwrap_or_else(|e| e.into_inner()).pop()
        };
        match idle {
            Some(process) => Ok(process),
            None => self.spawn(),
        }
    }

    /// A new process, told the logic of the encoding.
    fn spawn(&self) -> Result<Z3Process, EngineError> {
        let mut process = Z3Process::spawn(&self.program, self.options.transcript.clone())
            .map_err(|e| self.failed(e))?;
        if let Some(logic) = &self.options.logic {
            process
                .run(&[app("set-logic", [atom(logic.as_str())])])
                .map_err(|e| self.failed(e))?;
        }
        Ok(process)
    }

    /// Keeps a process for the next solve, if it is in a known state.
    fn give_back(&self, process: Z3Process) {
        if process.is_healthy() && !self.options.fresh {
            self.idle
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .push(process);
        }
    }

    fn failed(&self, e: ProcessError) -> EngineError {
        EngineError::Internal {
            engine: self.name(),
            message: e.to_string(),
        }
    }

    fn encode(&self, model: &Model) -> Result<Encoded, EngineError> {
        let mut encoded =
            Encoded::new(model, self.options.encoding.sort()).map_err(|e: Unencodable| {
                EngineError::Unsupported {
                    engine: self.name(),
                    what: e.to_string(),
                }
            })?;
        if self.options.extended {
            encoded.add_each_value_somewhere(model);
        }
        Ok(encoded)
    }

    /// The commands that tell Z3 what to optimise.
    fn objective_statement(
        &self,
        encoded: &Encoded,
        model: &Model,
        objective: &Objective,
    ) -> Result<Vec<Term>, EngineError> {
        let optimizer = self
            .options
            .optimizer
            .unwrap_or_else(|| Optimizer::faster_for(self.options.encoding.sort()));
        optimizer
            .statement(encoded, model, objective)
            .map_err(|e| EngineError::Unsupported {
                engine: self.name(),
                what: e.to_string(),
            })
    }

    /// How this engine checks: plainly, or through its tactic.
    fn check_command(&self) -> Term {
        match self.options.encoding {
            Encoding::BvTactic => app("check-sat-using", [self.options.tactic.term()]),
            _ => app("check-sat", []),
        }
    }

    /// Solves `model`, already declared and asserted in `process`, checked
    /// as `round` says, then undoes the puzzle.
    fn search(
        &self,
        process: &mut Z3Process,
        encoded: &Encoded,
        model: &Model,
        open: &[usize],
        request: &Request,
        round: &Round,
    ) -> Result<Outcome, EngineError> {
        let objective = match (request.mode, model.objective()) {
            (Mode::Optimize, Some(objective)) => Some((
                self.objective_statement(encoded, model, objective)?,
                objective,
            )),
            _ => None,
        };
        let outcome = Search {
            process,
            encoded,
            open,
            check: &round.check,
            guard: round.guard.as_ref(),
            objective,
        }
        .run(request, &self.name())?;
        if process.is_healthy() {
            process.run(&round.undo).map_err(|e| self.failed(e))?;
        }
        Ok(outcome)
    }

    /// A puzzle asserted after a `push`, checked by the engine's command.
    fn pushed_round(&self) -> Round {
        Round {
            check: self.check_command(),
            guard: None,
            undo: vec![app("pop", [])],
        }
    }
}

/// How one puzzle is checked, and what undoes it afterwards.
struct Round {
    /// The check command.
    check: Term,
    /// The Boolean under which blocking assertions hold, if the check assumes one.
    guard: Option<Term>,
    /// Run after the solve: `pop`, or the retirement of the guard.
    undo: Vec<Term>,
}

impl Engine for Z3Engine {
    fn name(&self) -> String {
        self.options.spec()
    }

    fn capabilities(&self) -> Capabilities {
        Capabilities {
            limits: &[LimitKind::Time, LimitKind::Cancelled],
            ..Capabilities::FULL
        }
    }

    fn solve(&self, model: &Model, request: &Request) -> Result<Outcome, EngineError> {
        self.check_support(model, request.mode)?;
        self.check_limits(&request.limits)?;
        let started = Instant::now();
        let encoded = self.encode(model)?;
        let mut process = self.process()?;
        let mut commands = vec![app("push", [])];
        commands.extend(encoded.declarations.iter().cloned());
        commands.extend(encoded.rules.iter().cloned());
        commands.extend(encoded.domains(model));
        process.run(&commands).map_err(|e| self.failed(e))?;
        let open = model.open_vars();
        let build_time = started.elapsed();
        let round = self.pushed_round();
        let outcome = self.search(&mut process, &encoded, model, &open, request, &round);
        self.give_back(process);
        let mut outcome = outcome?;
        outcome.stats.build_time = build_time;
        Ok(outcome)
    }

    /// `bv-subst` and `bv-tactic`: the grid's rules asserted once in a
    /// process of its own, each puzzle's givens assumed or pushed
    /// ([`Givens`]; `bv-tactic` pushes).
    /// `int` and `bv` send the whole model for each puzzle (what they teach).
    fn prepare(&self, model: &Model) -> Result<Box<dyn Prepared + '_>, EngineError> {
        self.check_support(model, Mode::First)?;
        let incremental = matches!(
            self.options.encoding,
            Encoding::BvSubst | Encoding::BvTactic
        );
        let grid = model.grid().filter(|_| incremental);
        let (Some(grid), Some(open_grid)) = (grid, model.with_open_cells()) else {
            return ModelCopy::prepared(self, model);
        };
        let size = grid.size;
        let encoded = self.encode(&open_grid)?;
        let mut setup = encoded.declarations.clone();
        setup.extend(encoded.rules.iter().cloned());
        setup.extend(encoded.domains(&open_grid));
        let assume =
            self.options.encoding == Encoding::BvSubst && self.options.givens == Givens::Assume;
        if assume {
            for cell in 0..size * size {
                for digit in 1..=size as i64 {
                    let guard = atom(given_guard(cell, digit));
                    setup.push(app("declare-const", [guard.clone(), atom("Bool")]));
                    let is = app("=", [encoded.var(cell), encoded.value(digit)]);
                    setup.push(app("assert", [app("=>", [guard, is])]));
                }
            }
        }
        Ok(Box::new(PreparedGrid {
            engine: self,
            model: open_grid,
            encoded,
            setup,
            process: None,
            assume,
            givens: Vec::new(),
            assumed: Vec::new(),
            open: Vec::new(),
            size,
            rounds: 0,
        }))
    }
}

/// The Boolean that, assumed, puts `digit` in `cell`.
fn given_guard(cell: usize, digit: i64) -> String {
    format!("given!{cell}!{digit}")
}

/// A grid's rules in a live process. Each puzzle's givens are asserted
/// after a `push`, or (`givens=assume`) assumed by `check-sat-assuming`:
/// the guard `given!CELL!DIGIT` of each given, asserted once to imply
/// "CELL = DIGIT". Cells narrowed to several candidates are asserted in
/// a `push` either way.
struct PreparedGrid<'e> {
    engine: &'e Z3Engine,
    /// The grid with every cell open (and any other variables as given).
    model: Model,
    encoded: Encoded,
    /// What a new process is told first.
    setup: Vec<Term>,
    process: Option<Z3Process>,
    /// Givens by assumption (else in a `push`).
    assume: bool,
    /// Domain assertions of this puzzle's cells.
    givens: Vec<Term>,
    /// Guards of this puzzle's givens, when assumed.
    assumed: Vec<Term>,
    open: Vec<usize>,
    size: usize,
    /// Puzzles solved by assumption in this process: each leaves a retired guard.
    rounds: u32,
}

impl PreparedGrid<'_> {
    /// Retired guards after which a process is started afresh.
    const RETIRED_GUARDS: u32 = 1_000;

    /// The process that holds the rules: the one it had, unless a limit or
    /// an error took it, or it has retired too many guards.
    fn process(&mut self) -> Result<&mut Z3Process, EngineError> {
        let healthy = self.process.as_ref().is_some_and(Z3Process::is_healthy);
        if !healthy || self.rounds >= Self::RETIRED_GUARDS {
            self.process = None;
            self.rounds = 0;
            let mut process = self.engine.spawn()?;
            process
                .run(&self.setup)
                .map_err(|e| self.engine.failed(e))?;
            self.process = Some(process);
        }
        Ok(self.process.as_mut().expect("just made"))
    }
}

impl Prepared for PreparedGrid<'_> {
    fn load(&mut self, cells: &[u64]) -> Result<(), EngineError> {
        check_candidate_count(self.size, cells).map_err(|e| EngineError::Internal {
            engine: self.engine.name(),
            message: e.to_string(),
        })?;
        let full = u64::MAX >> (64 - self.size);
        self.givens.clear();
        self.assumed.clear();
        self.open.clear();
        for (cell, &mask) in cells.iter().enumerate() {
            let mask = mask & full;
            if self.assume && mask.count_ones() == 1 {
                let digit = i64::from(mask.trailing_zeros()) + 1;
                self.assumed.push(atom(given_guard(cell, digit)));
            } else if mask != full {
                let domain = Domain::from_mask(mask, 1);
                self.givens
                    .push(app("assert", [self.encoded.domain(cell, &domain)]));
            }
            if mask.count_ones() > 1 {
                self.open.push(cell);
            }
        }
        let others = self.model.vars().iter().enumerate().skip(cells.len());
        self.open
            .extend(others.filter(|(_, v)| v.domain.len() > 1).map(|(i, _)| i));
        Ok(())
    }

    fn solve(&mut self, request: &Request) -> Result<Outcome, EngineError> {
        let engine = self.engine;
        engine.check_limits(&request.limits)?;
        let started = Instant::now();
        let pushed = !self.assume || !self.givens.is_empty();
        let mut commands = Vec::new();
        let mut round = engine.pushed_round();
        // The process first: a new one (after a limit stopped the last
        // search, or after RETIRED_GUARDS rounds) numbers its guards from 0.
        self.process()?;
        if self.assume {
            // A fresh guard for this puzzle's blocking assertions, false
            // for ever after it.
            let guard = atom(format!("round!{}", self.rounds));
            commands.push(app("declare-const", [guard.clone(), atom("Bool")]));
            let mut assumed = self.assumed.clone();
            assumed.push(guard.clone());
            round.check = app("check-sat-assuming", [Term::List(assumed)]);
            round.undo = vec![app("assert", [app("not", [guard.clone()])])];
            if pushed {
                round.undo.insert(0, app("pop", []));
            }
            round.guard = Some(guard);
        }
        if pushed {
            commands.push(app("push", []));
        }
        commands.extend(self.givens.iter().cloned());
        self.rounds += u32::from(self.assume);
        let process = self.process.as_mut().expect("made above");
        process.run(&commands).map_err(|e| engine.failed(e))?;
        let build_time = started.elapsed();
        let (encoded, model, open) = (&self.encoded, &self.model, &self.open);
        let mut outcome = engine.search(process, encoded, model, open, request, &round)?;
        outcome.stats.build_time = build_time;
        Ok(outcome)
    }
}
