//! `export`: a puzzle's model written for another solver.

use sudokit_export::{to_json, to_minizinc};
use sudokit_model::{EngineError, Model};
use sudokit_puzzle::Puzzle;

use crate::Error;

/// The languages [`export`] writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ExportTarget {
    /// A MiniZinc model (`minizinc --solver gecode FILE.mzn`).
    Mzn,
    /// sudokit's model as JSON.
    Json,
    /// The CNF the `sat` engine solves, in DIMACS form, with `c` lines
    /// that say which cell and digit each variable stands for.
    Dimacs,
    /// The SMT-LIB 2 script of a `z3` encoding (`z3 FILE.smt2`).
    Smt2,
}

/// How [`export`] writes the rules: `dimacs` takes `Minimal` or
/// `Extended`, `smt2` takes the others.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ExportEncoding {
    /// dimacs: the course's reduction: a value per cell, each value once per group.
    Minimal,
    /// dimacs: exactly one value per cell, and each value once in every group.
    Extended,
    /// smt2: one Int per cell.
    Int,
    /// smt2: one bit-vector per cell.
    Bv,
    /// smt2: bit-vectors, the grid's rules first and the givens after a `push`.
    BvSubst,
    /// smt2: bit-vectors checked through a tactic.
    BvTactic,
}

impl ExportEncoding {
    /// The name the command line gives it (`bv-subst`).
    pub fn name(self) -> &'static str {
        match self {
            ExportEncoding::Minimal => "minimal",
            ExportEncoding::Extended => "extended",
            ExportEncoding::Int => "int",
            ExportEncoding::Bv => "bv",
            ExportEncoding::BvSubst => "bv-subst",
            ExportEncoding::BvTactic => "bv-tactic",
        }
    }
}

/// What [`export`] writes (`sudokit export`'s options).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExportOptions {
    /// The language.
    pub to: ExportTarget,
    /// The encoding (default: `Extended` for dimacs, `BvSubst` for smt2).
    pub encoding: Option<ExportEncoding>,
    /// smt2: also "each digit somewhere in every full group", as the `z3`
    /// engine sends (default); `false` is the course's plain rules.
    pub extended_rules: bool,
    /// smt2 with `BvTactic`: Z3 tactics joined by `+` (default: the `z3`
    /// engine's).
    pub tactic: Option<String>,
    /// dimacs: "at most one" as Sinz's sequential counter rather than a
    /// binary clause per pair (default).
    pub sequential_amo: bool,
}

impl ExportOptions {
    /// Writing to `to` with the defaults of the command line.
    pub fn new(to: ExportTarget) -> Self {
        ExportOptions {
            to,
            encoding: None,
            extended_rules: true,
            tactic: None,
            sequential_amo: false,
        }
    }

    /// Sets [`ExportOptions::encoding`].
    pub fn encoding(mut self, encoding: ExportEncoding) -> Self {
        self.encoding = Some(encoding);
        self
    }
}

/// `puzzle`'s model in the language `options` name.
///
/// ```
/// use sudokit_core::{export, read_options, read_puzzle, ExportEncoding, ExportOptions, ExportTarget};
///
/// let puzzle = read_puzzle("..2....4.4.3....", &read_options())?.puzzle;
/// let cnf = export(&puzzle, &ExportOptions::new(ExportTarget::Dimacs).encoding(ExportEncoding::Minimal))?;
/// assert!(cnf.lines().any(|line| line == "p cnf 52 202"));
/// let error = export(&puzzle, &ExportOptions::new(ExportTarget::Dimacs).encoding(ExportEncoding::Bv)).unwrap_err();
/// assert_eq!(error.to_string(), "--encoding bv does not apply to --to dimacs (it takes minimal, extended)");
/// # Ok::<(), sudokit_core::Error>(())
/// ```
pub fn export(puzzle: &Puzzle, options: &ExportOptions) -> Result<String, Error> {
    let model = puzzle.to_model();
    match options.to {
        ExportTarget::Mzn => Ok(to_minizinc(&model)),
        ExportTarget::Json => Ok(to_json(&model)),
        ExportTarget::Dimacs => {
            let encoding = match options.encoding.unwrap_or(ExportEncoding::Extended) {
                e @ (ExportEncoding::Minimal | ExportEncoding::Extended) => e,
                other => return Err(wrong_encoding(other, "dimacs", "minimal, extended")),
            };
            let amo = match options.sequential_amo {
                true => "sequential",
                false => "pairwise",
            };
            let spec = format!("sat:encoding={}:amo={amo}", encoding.name());
            through_engine(&spec, &model, "dimacs")
        }
        ExportTarget::Smt2 => {
            let encoding = match options.encoding.unwrap_or(ExportEncoding::BvSubst) {
                e @ (ExportEncoding::Int
                | ExportEncoding::Bv
                | ExportEncoding::BvSubst
                | ExportEncoding::BvTactic) => e,
                other => {
                    return Err(wrong_encoding(
                        other,
                        "smt2",
                        "int, bv, bv-subst, bv-tactic",
                    ))
                }
            };
            let rules = match options.extended_rules {
                true => "extended",
                false => "plain",
            };
            let mut spec = format!("z3:encoding={}:rules={rules}", encoding.name());
            // The tactic is the bv-tactic encoding's alone.
            if let (ExportEncoding::BvTactic, Some(tactic)) = (encoding, &options.tactic) {
                spec.push_str(&format!(":tactic={tactic}"));
            }
            through_engine(&spec, &model, "smt2")
        }
    }
}

/// `model` in the file format of the engine `spec` names, found through
/// the catalogue: a build without that engine says which feature brings it.
fn through_engine(spec: &str, model: &Model, target: &str) -> Result<String, Error> {
    sudokit_engines::export(spec, model).map_err(|e| match e {
        EngineError::Unsupported { what, .. } => Error::invalid(format!("--to {target}: {what}")),
        // The only option a user spells out: the others are fixed names.
        EngineError::BadOption { message, .. } if target == "smt2" => {
            Error::invalid(format!("--tactic: {message}"))
        }
        // Where it went wrong, as for every other engine error here.
        e => match Error::from(e) {
            Error::Internal(message) => Error::Internal(format!("--to {target}: {message}")),
            other => Error::invalid(format!("--to {target}: {other}")),
        },
    })
}

fn wrong_encoding(encoding: ExportEncoding, target: &str, known: &str) -> Error {
    Error::invalid(format!(
        "--encoding {} does not apply to --to {target} (it takes {known})",
        encoding.name()
    ))
}
