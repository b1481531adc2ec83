//! The `z3` engine's options as a spec gives them (`z3:encoding=int:opt=maxsmt`):
//! the encodings, tactic pipelines, ways to give the givens and to state an
//! objective, and their parsing back and forth between a spec and [`Options`].

use std::sync::Arc;

use sudokit_model::{Model, Objective, Sense};

use crate::encode::{Encoded, Sort, Unencodable};
use crate::term::{app, atom, Term};
use crate::transcript::Transcript;

/// The options a spec takes, as listed in the catalogue.
pub(crate) const OPTION_LIST: &str = "encoding=int|bv|bv-subst|bv-tactic, tactic=STEP+STEP… (bv-tactic), \
              rules=extended|plain, givens=assume|push (bv-subst), opt=maximize|maxsmt, logic=QF_BV|QF_FD|…, process=reuse|fresh, log=FILE";

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

/// Everything a spec sets, parsed.
#[derive(Debug)]
pub(crate) struct Options {
    pub(crate) encoding: Encoding,
    pub(crate) tactic: Tactic,
    /// `None`: the faster for the encoding.
    pub(crate) optimizer: Option<Optimizer>,
    /// How `bv-subst` sends the givens.
    pub(crate) givens: Givens,
    /// Also "each value somewhere in every full group" (`rules=extended`,
    /// the default; `rules=plain` is the course's encodings as they were).
    pub(crate) extended: bool,
    /// `(set-logic …)` first in every process (`QF_BV` makes Z3 bit-blast
    /// to its SAT solver, `QF_FD` too for Ints); `None`: Z3 picks.
    pub(crate) logic: Option<String>,
    /// A new process for every solve: the baseline the others are measured against.
    pub(crate) fresh: bool,
    /// Where the conversation is written (`log=FILE`).
    pub(crate) transcript: Option<Arc<Transcript>>,
}

impl Options {
    /// Parses the options after `z3` in a spec: `key=value` pairs, or the
    /// encoding alone (`z3:int`). The error says what is wrong, for
    /// `EngineError::BadOption`.
    pub(crate) fn parse(options: &[&str]) -> Result<Options, String> {
        let mut script = Script::default();
        let mut fresh = false;
        let mut optimizer = None;
        let mut logic = None;
        let mut givens = Givens::default();
        let mut transcript = None;
        for option in options {
            let (key, value) = key_value(option);
            if script.take(key, value)? {
                continue;
            }
            match (key, value) {
                (Some("opt"), "maximize") => optimizer = Some(Optimizer::Maximize),
                (Some("opt"), "maxsmt") => optimizer = Some(Optimizer::MaxSmt),
                (Some("logic"), name)
                    if !name.is_empty()
                        && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') =>
                {
                    logic = Some(name.to_string())
                }
                (Some("givens"), "push") => givens = Givens::Push,
                (Some("givens"), "assume") => givens = Givens::Assume,
                (Some("process"), "fresh") => fresh = true,
                (Some("process"), "reuse") => fresh = false,
                (Some("log"), path) if !path.is_empty() => {
                    let file = Transcript::create(path.as_ref())
                        .map_err(|e| format!("cannot write the transcript {path}: {e}"))?;
                    transcript = Some(Arc::new(file));
                }
                _ => return Err(format!("unknown option `{option}` (known: {OPTION_LIST})")),
            }
        }
        let (encoding, tactic, extended) = script.settle()?;
        Ok(Options {
            encoding,
            tactic,
            optimizer,
            givens,
            extended,
            logic,
            fresh,
            transcript,
        })
    }

    /// The spec that gives these options: `z3`, then each option that is
    /// not the default (the transcript is not part of it).
    pub(crate) fn spec(&self) -> String {
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
}

/// An option split at its `=`: `(Some(key), value)`, or `(None, value)` for
/// a bare value (`z3:int`).
pub(crate) fn key_value(option: &str) -> (Option<&str>, &str) {
    match option.split_once('=') {
        Some((key, value)) => (Some(key.trim()), value.trim()),
        None => (None, option.trim()),
    }
}

/// The options that shape the SMT-LIB script itself (`encoding=`,
/// `tactic=`, `rules=`): the engine reads them among its others, and the
/// exporter reads them alone, since writing a script needs no `z3`.
#[derive(Debug)]
pub(crate) struct Script {
    encoding: Option<Encoding>,
    tactic: Option<Tactic>,
    extended: bool,
}

impl Default for Script {
    fn default() -> Self {
        Script {
            encoding: None,
            tactic: None,
            extended: true,
        }
    }
}

impl Script {
    /// Takes the option `key`=`value` when it shapes the script (`true`);
    /// `false` leaves it to the caller. The error says what is wrong.
    pub(crate) fn take(&mut self, key: Option<&str>, value: &str) -> Result<bool, String> {
        match (key, value) {
            (Some("encoding") | None, "int") => self.encoding = Some(Encoding::Int),
            (Some("encoding") | None, "bv") => self.encoding = Some(Encoding::Bv),
            (Some("encoding") | None, "bv-subst") => self.encoding = Some(Encoding::BvSubst),
            (Some("encoding") | None, "bv-tactic") => self.encoding = Some(Encoding::BvTactic),
            (Some("tactic"), steps) => self.tactic = Some(Tactic::parse(steps)?),
            (Some("rules"), "plain") => self.extended = false,
            (Some("rules"), "extended") => self.extended = true,
            _ => return Ok(false),
        }
        Ok(true)
    }

    /// The encoding, tactic and rules, defaults filled in: a tactic alone
    /// means `bv-tactic`, and goes with no other encoding.
    pub(crate) fn settle(self) -> Result<(Encoding, Tactic, bool), String> {
        let encoding = match (self.encoding, &self.tactic) {
            (None, Some(_)) => Encoding::BvTactic,
            (Some(e), Some(_)) if e != Encoding::BvTactic => {
                return Err(format!(
                    "tactic= goes with encoding=bv-tactic, not encoding={}",
                    e.name()
                ))
            }
            (e, _) => e.unwrap_or_default(),
        };
        Ok((encoding, self.tactic.unwrap_or_default(), self.extended))
    }
}
