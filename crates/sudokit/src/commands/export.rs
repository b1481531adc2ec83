//! `sudokit export`.

use std::io::Write;

use clap::{Args, ValueEnum};
use sudokit_core::{ExportEncoding as Encoding, ExportOptions, ExportTarget};

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
    let options = ExportOptions {
        to: match args.to {
            Target::Mzn => ExportTarget::Mzn,
            Target::Json => ExportTarget::Json,
            Target::Dimacs => ExportTarget::Dimacs,
            Target::Smt2 => ExportTarget::Smt2,
        },
        encoding: args.encoding.map(|encoding| match encoding {
            ExportEncoding::Minimal => Encoding::Minimal,
            ExportEncoding::Extended => Encoding::Extended,
            ExportEncoding::Int => Encoding::Int,
            ExportEncoding::Bv => Encoding::Bv,
            ExportEncoding::BvSubst => Encoding::BvSubst,
            ExportEncoding::BvTactic => Encoding::BvTactic,
        }),
        extended_rules: args.rules == Rules::Extended,
        tactic: args.tactic,
        sequential_amo: args.amo == Amo::Sequential,
    };
    let text = sudokit_core::export(&entry.puzzle, &options)?;
    write!(std::io::stdout().lock(), "{text}")?;
    Ok(Exit::Solved)
}
