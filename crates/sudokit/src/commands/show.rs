//! `sudokit show`.

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

/// Parses the input and prints every puzzle in the chosen form.
pub fn run(args: ShowArgs) -> Result<Exit, Failure> {
    let entries = args.input.read()?;
    for (i, entry) in entries.iter().enumerate() {
        let text = match args.format {
            Form::Pretty => to_block(&entry.puzzle),
            Form::Line => to_line(&entry.puzzle),
            Form::Toml => to_toml(&entry.puzzle),
            Form::Json => to_json(&entry.puzzle).to_string(),
        };
        let separate = i > 0 && matches!(args.format, Form::Pretty | Form::Toml);
        if separate {
            println!();
        }
        println!("{}", text.trim_end());
    }
    Ok(Exit::Solved)
}
