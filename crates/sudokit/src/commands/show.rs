//! `sudokit show`.

use std::io::{BufWriter, Write};

use clap::{Args, ValueEnum};
use sudokit_formats::{to_block, to_json, to_line, to_toml};

use crate::args::InputArgs;
use crate::failure::{Exit, Failure};

/// The forms `show` can print.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Form {
    /// The grid with box separators.
    Pretty,
    /// One line of n*n characters.
    Line,
    /// A TOML variant file.
    Toml,
    /// JSON (the conformance-suite schema).
    Json,
}

/// Arguments of `sudokit show`.
#[derive(Args, Debug)]
pub struct ShowArgs {
    #[command(flatten)]
    input: InputArgs,
    /// The form to print.
    #[arg(long, value_enum, default_value_t = Form::Pretty)]
    format: Form,
}

/// Parses the input and prints every puzzle in the chosen form, as it is
/// read (a bad line stops the run after the puzzles before it are printed).
pub fn run(args: ShowArgs) -> Result<Exit, Failure> {
    let mut out = BufWriter::new(std::io::stdout().lock());
    for (i, entry) in args.input.stream()?.enumerate() {
        // On an error, dropping `out` flushes what was printed before it.
        let entry = entry?;
        let text = match args.format {
            Form::Pretty => to_block(&entry.puzzle),
            Form::Line => to_line(&entry.puzzle),
            Form::Toml => to_toml(&entry.puzzle),
            Form::Json => to_json(&entry.puzzle).to_string(),
        };
        let separate = i > 0 && matches!(args.format, Form::Pretty | Form::Toml);
        if separate {
            writeln!(out)?;
        }
        writeln!(out, "{}", text.trim_end())?;
    }
    out.flush()?;
    Ok(Exit::Solved)
}
