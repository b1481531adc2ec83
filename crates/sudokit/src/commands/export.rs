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
}

/// Arguments of `sudokit export`.
#[derive(Args, Debug)]
pub struct ExportArgs {
    #[command(flatten)]
    input: InputArgs,
    /// The language to write.
    #[arg(long, value_enum)]
    to: Target,
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
    };
    write!(out, "{text}")?;
    Ok(Exit::Solved)
}
