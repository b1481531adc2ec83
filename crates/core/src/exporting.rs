//! `export`: a puzzle's model written for another solver.

use sudokit_export::{to_json, to_minizinc};
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
    /// smt2 with `BvTactic`: Z3 tactics joined by `+`.
    pub tactic: String,
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
            tactic: sudokit_z3::Tactic::DEFAULT.to_string(),
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
                ExportEncoding::Minimal => sudokit_sat::Encoding::Minimal,
                ExportEncoding::Extended => sudokit_sat::Encoding::Extended,
                other => return Err(wrong_encoding(other, "dimacs", "minimal, extended")),
            };
            let amo = match options.sequential_amo {
                true => sudokit_sat::AtMostOne::Sequential,
                false => sudokit_sat::AtMostOne::Pairwise,
            };
            let sat = sudokit_sat::Options {
                encoding,
                amo,
                ..Default::default()
            };
            let encoded = sudokit_sat::encode(&model, sat)
                .map_err(|e| Error::invalid(format!("--to dimacs: {e}")))?;
            Ok(encoded.cnf.to_dimacs())
        }
        ExportTarget::Smt2 => {
            let encoding = match options.encoding.unwrap_or(ExportEncoding::BvSubst) {
                ExportEncoding::Int => sudokit_z3::Encoding::Int,
                ExportEncoding::Bv => sudokit_z3::Encoding::Bv,
                ExportEncoding::BvSubst => sudokit_z3::Encoding::BvSubst,
                ExportEncoding::BvTactic => sudokit_z3::Encoding::BvTactic,
                other => {
                    return Err(wrong_encoding(
                        other,
                        "smt2",
                        "int, bv, bv-subst, bv-tactic",
                    ))
                }
            };
            let tactic = sudokit_z3::Tactic::parse(&options.tactic)
                .map_err(|e| Error::invalid(format!("--tactic: {e}")))?;
            sudokit_z3::to_smtlib(&model, encoding, &tactic, options.extended_rules)
                .map_err(|e| Error::invalid(format!("--to smt2: {e}")))
        }
    }
}

fn wrong_encoding(encoding: ExportEncoding, target: &str, known: &str) -> Error {
    Error::invalid(format!(
        "--encoding {} does not apply to --to {target} (it takes {known})",
        encoding.name()
    ))
}
