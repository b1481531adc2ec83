//! `sudokit check`.

use std::io::Write;
use std::path::Path;

use clap::Args;
use serde_json::json;
use sudokit_formats::parse_puzzle;
use sudokit_puzzle::Puzzle;
use sudokit_verify::check_grid;

use crate::args::{Format, InputArgs};
use crate::failure::{Exit, Failure};

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
            let text = std::fs::read_to_string(spec)?;
            Some(parse_puzzle(&text, &options).map_err(|e| Failure::bad(format!("{spec}: {e}")))?)
        }
        Some(line) => Some(parse_puzzle(line, &options)?),
    };
    let grids = args.input.read_with(&options)?;
    let mut exit = Exit::Solved;
    let mut out = std::io::stdout().lock();
    for entry in &grids {
        let report = match &puzzle {
            Some(rules) => check_grid(rules, entry.puzzle.givens()),
            None => check_grid(&blank_like(&entry.puzzle)?, entry.puzzle.givens()),
        };
        if !report.is_valid() {
            exit = Exit::NoSolution;
        }
        match args.format {
            Format::Json => writeln!(
                out,
                "{}",
                json!({
                    "line": entry.line,
                    "valid": report.is_valid(),
                    "errors": report.errors(),
                    "conflicts": report.conflicts,
                    "message": report.to_string(),
                })
            )?,
            _ => {
                let prefix = if grids.len() > 1 {
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
    Ok(exit)
}

/// The grid's own geometry with no givens: the plain rules of its size.
fn blank_like(grid: &Puzzle) -> Result<Puzzle, Failure> {
    let mut spec = grid.spec().clone();
    spec.givens = vec![0; spec.givens.len()];
    Puzzle::new(spec).map_err(|e| Failure::Internal(e.to_string()))
}
