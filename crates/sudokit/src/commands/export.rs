//! `sudokit export`.

use std::io::Write;

use clap::{Args, ValueEnum};
use sudokit_export::{to_json, to_minizinc};
use sudokit_model::{EngineError, Model};

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

/// A flag's value as clap spells it, which is how the engines' options
/// spell it too.
fn name(value: impl ValueEnum) -> String {
    value
        .to_possible_value()
        .map(|v| v.get_name().to_string())
        .unwrap_or_default()
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
    /// smt2 with bv-tactic: Z3 tactics joined by `+` (the z3 engine's
    /// default when left out: blast-distinct+bit-blast+sat).
    #[arg(long)]
    tactic: Option<String>,
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
                e @ (ExportEncoding::Minimal | ExportEncoding::Extended) => e,
                other => return Err(wrong_encoding(other, "dimacs", "minimal, extended")),
            };
            let spec = format!("sat:encoding={}:amo={}", name(encoding), name(args.amo));
            through_engine(&spec, &model, "dimacs")?
        }
        Target::Smt2 => {
            let encoding = match args.encoding.unwrap_or(ExportEncoding::BvSubst) {
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
            let mut spec = format!("z3:encoding={}:rules={}", name(encoding), name(args.rules));
            // The tactic is the bv-tactic encoding's alone.
            if let (ExportEncoding::BvTactic, Some(tactic)) = (encoding, &args.tactic) {
                spec.push_str(&format!(":tactic={tactic}"));
            }
            through_engine(&spec, &model, "smt2")?
        }
    };
    write!(out, "{text}")?;
    Ok(Exit::Solved)
}

/// `model` in the file format of the engine `spec` names, found through
/// the catalogue: a build without that engine says which feature brings it.
fn through_engine(spec: &str, model: &Model, target: &str) -> Result<String, Failure> {
    sudokit_engines::export(spec, model).map_err(|e| match e {
        EngineError::Unsupported { what, .. } => Failure::bad(format!("--to {target}: {what}")),
        // The only option a user spells out: the others are flag values.
        EngineError::BadOption { message, .. } if target == "smt2" => {
            Failure::bad(format!("--tactic: {message}"))
        }
        e => Failure::from(e).at(format!("--to {target}")),
    })
}

fn wrong_encoding(encoding: ExportEncoding, target: &str, known: &str) -> Failure {
    Failure::bad(format!(
        "--encoding {} does not apply to --to {target} (it takes {known})",
        name(encoding)
    ))
}
