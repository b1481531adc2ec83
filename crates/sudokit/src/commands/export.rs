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
}

/// The CNF encodings `--to dimacs` writes (see `sudokit_sat`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum CnfEncoding {
    /// The course's reduction: a value per cell, each value once per group.
    Minimal,
    /// Exactly one value per cell, and each value once in every group.
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
    /// dimacs: which clauses state the rules.
    #[arg(long, value_enum, default_value_t = CnfEncoding::Extended)]
    encoding: CnfEncoding,
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
            let options = sudokit_sat::Options {
                encoding: match args.encoding {
                    CnfEncoding::Minimal => sudokit_sat::Encoding::Minimal,
                    CnfEncoding::Extended => sudokit_sat::Encoding::Extended,
                },
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
    };
    write!(out, "{text}")?;
    Ok(Exit::Solved)
}
