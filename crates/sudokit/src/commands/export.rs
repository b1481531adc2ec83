//! `sudokit export`.

use std::io::Write;

use clap::{Args, ValueEnum};
use sudokit_export::{to_json, to_minizinc};

use crate::args::InputArgs;
use crate::failure::{Exit, Failure};

/// The languages `export` writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Target {
    /// A MiniZinc model (run it with `minizinc --solver gecode FILE.mzn`).
    Mzn,
    /// sudokit's model IR as JSON.
    Json,
    /// A CNF formula in DIMACS form (the SAT encoding; `c` lines say which
    /// cell and value each variable stands for).
    Dimacs,
    /// An SMT-LIB 2 script (the Z3 encodings; run it with `z3 FILE.smt2`).
    Smt2,
}

/// The encodings `--to dimacs` (minimal, extended) and `--to smt2` (the
/// rest) write.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
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
    /// smt2: bit-vectors checked through a tactic (`--tactic`).
    BvTactic,
}

impl ExportEncoding {
    fn name(self) -> String {
        self.to_possible_value()
            .map(|v| v.get_name().to_string())
            .unwrap_or_default()
    }
}

/// Which rules `--to smt2` states.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Rules {
    /// `distinct` per group.
    Plain,
    /// `distinct`, and each digit somewhere in every full group.
    Extended,
}

/// How `--to dimacs` writes "at most one".
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Amo {
    /// A binary clause per pair.
    Pairwise,
    /// Sinz's sequential counter (fewer clauses on big grids).
    Sequential,
}

/// Arguments of `sudokit export`.
#[derive(Args, Debug)]
pub struct ExportArgs {
    #[command(flatten)]
    input: InputArgs,
    /// The language to write.
    #[arg(long, value_enum)]
    to: Target,
    /// How the rules are written: minimal|extended for dimacs (default
    /// extended), int|bv|bv-subst|bv-tactic for smt2 (default bv-subst).
    #[arg(long, value_enum)]
    encoding: Option<ExportEncoding>,
    /// smt2: also "each digit somewhere in every row, column and box"
    /// (the default, as the z3 engine sends); `plain` is the course's rules.
    #[arg(long, value_enum, default_value_t = Rules::Extended)]
    rules: Rules,
    /// smt2 with bv-tactic: Z3 tactics joined by `+`.
    #[arg(long, default_value = sudokit_z3::Tactic::DEFAULT)]
    tactic: String,
    /// dimacs: how "at most one" becomes clauses.
    #[arg(long, value_enum, default_value_t = Amo::Pairwise)]
    amo: Amo,
}

/// Writes the model of the (single) input puzzle.
pub fn run(args: ExportArgs) -> Result<Exit, Failure> {
    let entries = args.input.read()?;
    let [entry] = entries.as_slice() else {
        return Err(Failure::bad(format!(
            "export writes one model; the input holds {} puzzles",
            entries.len()
        )));
    };
    let model = entry.puzzle.to_model();
    let mut out = std::io::stdout().lock();
    let text = match args.to {
        Target::Mzn => to_minizinc(&model),
        Target::Json => to_json(&model),
        Target::Dimacs => {
            let encoding = match args.encoding.unwrap_or(ExportEncoding::Extended) {
                ExportEncoding::Minimal => sudokit_sat::Encoding::Minimal,
                ExportEncoding::Extended => sudokit_sat::Encoding::Extended,
                other => return Err(wrong_encoding(other, "dimacs", "minimal, extended")),
            };
            let options = sudokit_sat::Options {
                encoding,
                amo: match args.amo {
                    Amo::Pairwise => sudokit_sat::AtMostOne::Pairwise,
                    Amo::Sequential => sudokit_sat::AtMostOne::Sequential,
                },
                ..Default::default()
            };
            sudokit_sat::encode(&model, options)
                .map_err(|e| Failure::bad(format!("--to dimacs: {e}")))?
                .cnf
                .to_dimacs()
        }
        Target::Smt2 => {
            let encoding = match args.encoding.unwrap_or(ExportEncoding::BvSubst) {
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
            let tactic = sudokit_z3::Tactic::parse(&args.tactic)
                .map_err(|e| Failure::bad(format!("--tactic: {e}")))?;
            sudokit_z3::to_smtlib(&model, encoding, &tactic, args.rules == Rules::Extended)
                .map_err(|e| Failure::bad(format!("--to smt2: {e}")))?
        }
    };
    write!(out, "{text}")?;
    Ok(Exit::Solved)
}

fn wrong_encoding(encoding: ExportEncoding, target: &str, known: &str) -> Failure {
    Failure::bad(format!(
        "--encoding {} does not apply to --to {target} (it takes {known})",
        encoding.name()
    ))
}
