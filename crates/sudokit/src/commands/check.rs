//! `sudokit check`.

use std::io::Write;
use std::path::Path;

use clap::Args;
use sudokit_core::records::{CheckRecord, ErrorRecord, Source};
use sudokit_formats::{parse_puzzle, Shape};

use crate::args::{option_puzzle, Format, InputArgs};
use crate::commands::json_line::write_record;
use crate::failure::{Exit, Failure};
use crate::input::report_passed_over;

/// Arguments of `sudokit check`.
#[derive(Args, Debug)]
pub struct CheckArgs {
    /// The grid(s) to check: an argument, or -f FILE.
    #[command(flatten)]
    input: InputArgs,
    /// The puzzle the grid should solve (a line, or a file such as a TOML
    /// variant): its givens must be kept and its variant rules hold. Without
    /// it, the grid is checked against the plain rules of its size.
    #[arg(long = "puzzle", id = "rules", value_name = "PUZZLE|FILE")]
    rules: Option<String>,
    /// Output format (pretty or json).
    #[arg(long, value_enum, default_value_t = Format::Pretty)]
    format: Format,
}

/// Checks every grid of the input; exit code 1 if any is not a solution.
pub fn run(args: CheckArgs) -> Result<Exit, Failure> {
    // A grid with a repeated digit is a finding to report, not bad input.
    let options = args.input.options()?.check_givens(false);
    let puzzle = match &args.rules {
        None => None,
        Some(spec) if Path::new(spec).is_file() => {
            Some(option_puzzle("--puzzle", Path::new(spec), &options)?)
        }
        // A path that names no file is a missing file, not a short puzzle line.
        Some(path) if path.contains('/') || has_file_extension(path) => {
            return Err(Failure::bad(format!("--puzzle {path}: no such file")));
        }
        Some(line) => Some(parse_puzzle(line, &options)?),
    };
    // The puzzle's rules judge the grids, so their own layout does not
    // matter: read as plain squares, a 2x2 or a 7x7 needs no box shape.
    let input = match &puzzle {
        Some(_) => args.input.stream_with(&options.shape(Shape::Latin))?,
        None => args.input.stream_with(&options)?,
    };
    let passed_over = input.skipped();
    let grids = input.collect::<Result<Vec<_>, _>>()?;
    // Lines passed over with --skip-invalid, each with its record where it stood.
    let mut passed_over = passed_over.take();
    let many = grids.len() + passed_over.len() > 1;
    let mut exit = Exit::Solved;
    let mut out = std::io::stdout().lock();
    let mut write_skipped = |out: &mut std::io::StdoutLock<'_>, before: usize| {
        report_passed_over(&mut passed_over, before, |line, why| {
            match args.format {
                Format::Json => write_record(out, &ErrorRecord::new(Source::new(line, None), why))?,
                // The reason names the line.
                _ => writeln!(out, "error: {why}")?,
            }
            Ok::<_, Failure>(())
        })
    };
    for entry in &grids {
        write_skipped(&mut out, entry.line)?;
        let report = sudokit_core::check(&entry.puzzle, puzzle.as_ref())?;
        if !report.is_valid() {
            exit = Exit::NoSolution;
        }
        match args.format {
            Format::Json => write_record(&mut out, &CheckRecord::new(entry, &report))?,
            _ => {
                let prefix = if many {
                    format!("line {}: ", entry.line)
                } else {
                    String::new()
                };
                if report.is_valid() {
                    writeln!(out, "{prefix}valid")?;
                } else {
                    writeln!(
                        out,
                        "{prefix}invalid, {} error(s): {report}",
                        report.errors()
                    )?;
                }
            }
        }
    }
    write_skipped(&mut out, usize::MAX)?;
    Ok(exit)
}

/// `name.toml`, `grid.txt` ...: an extension of the files sudokit reads, on
/// a text whose length is no square number of cells (a 35x35 line may end
/// in `.toml`, having letters for digits; it has 1225 characters).
fn has_file_extension(text: &str) -> bool {
    let length = text.chars().count();
    let square = (1..=35).any(|n| n * n == length);
    !square
        && text.rsplit_once('.').is_some_and(|(stem, ext)| {
            !stem.is_empty() && ["toml", "json", "txt", "csv"].contains(&ext)
        })
}
