//! [`Z3Engine`]: the encodings and a pool of `z3` processes behind the
//! [`Engine`] contract.

use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use std::time::Instant;

use sudokit_model::{
    check_candidate_count, Availability, Capabilities, Conformance, ConstraintKind, Descriptor,
    Domain, Engine, EngineError, LimitKind, Mode, Model, ModelCopy, Objective, Outcome, Prepared,
    Request, Sense,
};

use crate::encode::{Encoded, Sort, Unencodable};
use crate::locate::{z3_program, INSTALL_HINT};
use crate::process::{ProcessError, Z3Process};
use crate::search::Search;
use crate::term::{app, atom, Term};
use crate::transcript::Transcript;

/// How a model reaches Z3 (`z3:encoding=…`), the course's four solvers.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Encoding {
    /// One `Int` per variable, the whole model sent for each puzzle.
    Int,
    /// One bit-vector per variable, the whole model sent for each puzzle.
    Bv,
    /// Bit-vectors; a grid's rules sent once per process, each puzzle adds
    /// only its givens ([`Givens`]): the substitution solver. With the
    /// extended rules, the fastest here, so the default.
    #[default]
    BvSubst,
    /// Bit-vectors solved by a tactic pipeline (`check-sat-using`) that
    /// bit-blasts to Z3's SAT solver; a grid's rules sent once, each
    /// puzzle's givens after a `push`.
    BvTactic,
}

impl Encoding {
    /// The name in specs.
    pub fn name(self) -> &'static str {
        match self {
            Encoding::Int => "int",
            Encoding::Bv => "bv",
            Encoding::BvSubst => "bv-subst",
            Encoding::BvTactic => "bv-tactic",
        }
    }

    /// The sort of the variables.
    pub fn sort(self) -> Sort {
        match self {
            Encoding::Int => Sort::Int,
            _ => Sort::BitVec,
        }
    }
}

/// A tactic pipeline: Z3 tactic names joined by `+` in a spec
/// (`simplify+bit-blast+sat`), run one after the other (`then`). The step
/// `blast-distinct` is `simplify` told to expand `distinct` into
/// disequalities, which `bit-blast` needs: without it the pipeline
/// answers `unknown` on a Sudoku.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tactic(Vec<String>);

impl Tactic {
    /// What `bv-tactic` runs unless told otherwise.
    pub const DEFAULT: &'static str = "blast-distinct+bit-blast+sat";

    /// Parses `step+step+…`; a step is a tactic name (letters, digits, `-`, `_`).
    pub fn parse(text: &str) -> Result<Tactic, String> {
        let steps: Vec<String> = text.split('+').map(|s| s.trim().to_string()).collect();
        match steps.iter().find(|s| {
            s.is_empty()
                || !s
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
        }) {
            Some(bad) => Err(format!(
                "bad tactic step `{bad}` in `{text}` (steps are Z3 tactic names joined by `+`)"
            )),
            None => Ok(Tactic(steps)),
        }
    }

    /// `(then …)` of the steps, as `check-sat-using` takes it.
    pub fn term(&self) -> Term {
        let step = |name: &String| match name.as_str() {
            "blast-distinct" => app(
                "using-params",
                [atom("simplify"), atom(":blast_distinct"), atom("true")],
            ),
            _ => atom(name.as_str()),
        };
        match self.0.as_slice() {
            [one] => step(one),
            steps => app("then", steps.iter().map(step)),
        }
    }

    fn text(&self) -> String {
        self.0.join("+")
    }
}

impl Default for Tactic {
    fn default() -> Self {
        Tactic::parse(Tactic::DEFAULT).expect("the default tactic parses")
    }
}

/// How `bv-subst` gives Z3 a puzzle's givens (`z3:givens=…`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Givens {
    /// Asserted after a `push`, dropped by the `pop`.
    Push,
    /// Assumed by `check-sat-assuming`: one guard Boolean per cell and
    /// digit, asserted once to imply the digit. Faster (top95 median 35 ms
    /// against 63 on a 2-vCPU Intel Xeon; BENCHMARKS.md, "z3 encodings"):
    /// after a `push` Z3 checks in its incremental SMT core.
    #[default]
    Assume,
}

/// How Z3 is told the objective (`z3:opt=…`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Optimizer {
    /// `(maximize term)` / `(minimize term)`: Z3's optimisation of a term.
    Maximize,
    /// MaxSMT: an `assert-soft` per variable and value, weighted by what
    /// that value adds to the objective. On the Int encoding far faster
    /// than `maximize` (5×5 weighted latin square: 3.6 s against 119 s on a
    /// 2-vCPU Intel Xeon; BENCHMARKS.md, "z3 encodings").
    MaxSmt,
}

impl Optimizer {
    /// The faster for `sort` (measured on the 5×5 weighted latin square).
    pub fn faster_for(sort: Sort) -> Optimizer {
        match sort {
            Sort::Int => Optimizer::MaxSmt,
            Sort::BitVec => Optimizer::Maximize,
        }
    }

    /// The commands that state `objective` to Z3.
    pub fn statement(
        self,
        encoded: &Encoded,
        model: &Model,
        objective: &Objective,
    ) -> Result<Vec<Term>, Unencodable> {
        Ok(match self {
            Optimizer::MaxSmt => encoded.soft_objective(model, objective)?,
            Optimizer::Maximize => {
                let direction = match objective.sense {
                    Sense::Maximize => "maximize",
                    Sense::Minimize => "minimize",
                };
                vec![app(direction, [encoded.objective(&objective.expr)?])]
            }
        })
    }
}

/// The SMT engine: a model in SMT-LIB ([`crate::encode`]) sent to a `z3`
/// process; counting by blocking assertions, optimisation by Z3's own
/// `maximize` / `minimize` or MaxSMT ([`Optimizer`]). Processes are kept between solves (one per
/// thread at a time) unless `process=fresh`.
#[derive(Debug)]
pub struct Z3Engine {
    encoding: Encoding,
    tactic: Tactic,
    /// `None`: the faster for the encoding.
    optimizer: Option<Optimizer>,
    /// How `bv-subst` sends the givens.
    givens: Givens,
    /// Also "each value somewhere in every full group" (`rules=extended`,
    /// the default; `rules=plain` is the course's encodings as they were).
    extended: bool,
    /// `(set-logic …)` first in every process (`QF_BV` makes Z3 bit-blast
    /// to its SAT solver, `QF_FD` too for Ints); `None`: Z3 picks.
    logic: Option<String>,
    /// A new process for every solve: the baseline the others are measured against.
    fresh: bool,
    program: PathBuf,
    transcript: Option<Arc<Transcript>>,
    idle: Mutex<Vec<Z3Process>>,
}

/// The `z3` engine's entry in the catalogue.
pub const DESCRIPTOR: Descriptor = Descriptor {
    name: "z3",
    family: "SMT",
    summary: "Int / BitVec encodings solved by Z3 over SMT-LIB 2, any model incl. killer and optimisation",
    options: "encoding=int|bv|bv-subst|bv-tactic, tactic=STEP+STEP… (bv-tactic), \
              rules=extended|plain, givens=assume|push (bv-subst), opt=maximize|maxsmt, logic=QF_BV|QF_FD|…, process=reuse|fresh, log=FILE",
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
        let mut encoding = None;
        let mut tactic = None;
        let mut fresh = false;
        let mut optimizer = None;
        let mut logic = None;
        let mut givens = Givens::default();
        let mut extended = true;
        let mut transcript = None;
        for option in options {
            let (key, value) = match option.split_once('=') {
                Some((key, value)) => (Some(key.trim()), value.trim()),
                None => (None, option.trim()),
            };
            match (key, value) {
                (Some("encoding") | None, "int") => encoding = Some(Encoding::Int),
                (Some("encoding") | None, "bv") => encoding = Some(Encoding::Bv),
                (Some("encoding") | None, "bv-subst") => encoding = Some(Encoding::BvSubst),
                (Some("encoding") | None, "bv-tactic") => encoding = Some(Encoding::BvTactic),
                (Some("tactic"), steps) => tactic = Some(Tactic::parse(steps).map_err(bad)?),
                (Some("opt"), "maximize") => optimizer = Some(Optimizer::Maximize),
                (Some("opt"), "maxsmt") => optimizer = Some(Optimizer::MaxSmt),
                (Some("logic"), name)
                    if !name.is_empty()
                        && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') =>
                {
                    logic = Some(name.to_string())
                }
                (Some("rules"), "plain") => extended = false,
                (Some("rules"), "extended") => extended = true,
                (Some("givens"), "push") => givens = Givens::Push,
                (Some("givens"), "assume") => givens = Givens::Assume,
                (Some("process"), "fresh") => fresh = true,
                (Some("process"), "reuse") => fresh = false,
                (Some("log"), path) if !path.is_empty() => {
                    let file = Transcript::create(path.as_ref())
                        .map_err(|e| bad(format!("cannot write the transcript {path}: {e}")))?;
                    transcript = Some(Arc::new(file));
                }
                _ => {
                    return Err(bad(format!(
                        "unknown option `{option}` (known: {})",
                        DESCRIPTOR.options
                    )))
                }
            }
        }
        let encoding = match (encoding, &tactic) {
            (None, Some(_)) => Encoding::BvTactic,
            (Some(e), Some(_)) if e != Encoding::BvTactic => {
                return Err(bad(format!(
                    "tactic= goes with encoding=bv-tactic, not encoding={}",
                    e.name()
                )))
            }
            (e, _) => e.unwrap_or_default(),
        };
        Ok(Z3Engine {
            encoding,
            tactic: tactic.unwrap_or_default(),
            optimizer,
            givens,
            extended,
            logic,
            fresh,
            program: program.path.clone(),
            transcript,
            idle: Mutex::new(Vec::new()),
        })
    }

    /// The encoding.
    pub fn encoding(&self) -> Encoding {
        self.encoding
    }

    /// An idle process, or a new one.
    fn process(&self) -> Result<Z3Process, EngineError> {
        let idle = if self.fresh {
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
        let mut process =
            Z3Process::spawn(&self.program, self.transcript.clone()).map_err(|e| self.failed(e))?;
        if let Some(logic) = &self.logic {
            process
                .run(&[app("set-logic", [atom(logic.as_str())])])
                .map_err(|e| self.failed(e))?;
        }
        Ok(process)
    }

    /// Keeps a process for the next solve, if it is in a known state.
    fn give_back(&self, process: Z3Process) {
        if process.is_healthy() && !self.fresh {
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
        let mut encoded = Encoded::new(model, self.encoding.sort()).map_err(|e: Unencodable| {
            EngineError::Unsupported {
                engine: self.name(),
                what: e.to_string(),
            }
        })?;
        if self.extended {
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
            .optimizer
            .unwrap_or_else(|| Optimizer::faster_for(self.encoding.sort()));
        optimizer
            .statement(encoded, model, objective)
            .map_err(|e| EngineError::Unsupported {
                engine: self.name(),
                what: e.to_string(),
            })
    }

    /// How this engine checks: plainly, or through its tactic.
    fn check_command(&self) -> Term {
        match self.encoding {
            Encoding::BvTactic => app("check-sat-using", [self.tactic.term()]),
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
                &objective.expr,
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
        let mut name = String::from("z3");
        if self.encoding != Encoding::default() {
            name.push_str(":encoding=");
            name.push_str(self.encoding.name());
        }
        if self.encoding == Encoding::BvTactic && self.tactic != Tactic::default() {
            name.push_str(":tactic=");
            name.push_str(&self.tactic.text());
        }
        if let Some(optimizer) = self.optimizer {
            name.push_str(match optimizer {
                Optimizer::Maximize => ":opt=maximize",
                Optimizer::MaxSmt => ":opt=maxsmt",
            });
        }
        if !self.extended {
            name.push_str(":rules=plain");
        }
        if self.givens != Givens::default() {
            name.push_str(":givens=push");
        }
        if let Some(logic) = &self.logic {
            name.push_str(":logic=");
            name.push_str(logic);
        }
        if self.fresh {
            name.push_str(":process=fresh");
        }
        name
    }

    fn capabilities(&self) -> Capabilities {
        Capabilities {
            constraints: ConstraintKind::ALL,
            optimizes: true,
            limits: &[LimitKind::Time, LimitKind::Cancelled],
        }
    }

    fn solve(&self, model: &Model, request: &Request) -> Result<Outcome, EngineError> {
        self.check_support(model, request.mode)?;
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
        let incremental = matches!(self.encoding, Encoding::BvSubst | Encoding::BvTactic);
        let grid = model.grid().filter(|_| incremental);
        let (Some(grid), Some(open_grid)) = (grid, model.with_open_cells()) else {
            return ModelCopy::prepared(self, model);
        };
        let size = grid.size;
        let encoded = self.encode(&open_grid)?;
        let mut setup = encoded.declarations.clone();
        setup.extend(encoded.rules.iter().cloned());
        setup.extend(encoded.domains(&open_grid));
        let assume = self.encoding == Encoding::BvSubst && self.givens == Givens::Assume;
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
        let started = Instant::now();
        let engine = self.engine;
        let pushed = !self.assume || !self.givens.is_empty();
        let mut commands = Vec::new();
        let mut round = engine.pushed_round();
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
        self.process()?;
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
