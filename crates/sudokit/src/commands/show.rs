//! `sudokit show`.

use std::io::{BufWriter, Write};

use clap::{Args, ValueEnum};
use sudokit_formats::{
    grid_to_block_in, grid_to_line_in, to_json, to_svg, to_toml, to_toml_listed,
};
use sudokit_model::Status;

use crate::args::{EngineArgs, InputArgs};
use crate::failure::{Exit, Failure};
use crate::notes::note;
use sudokit_core::{no_solution, Kit};

/// The forms `show` can print.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Form {
    /// The grid with box separators.
    Pretty,
    /// One line of n*n characters.
    Line,
    /// A TOML variant file (several puzzles: a `[[puzzle]]` table each).
    Toml,
    /// JSON (the conformance-suite schema).
    Json,
    /// A picture: boxes or jigsaw regions, diagonals, extra groups, killer
    /// cages with their sums (one puzzle only).
    Svg,
}

/// Arguments of `sudokit show`.
#[derive(Args, Debug)]
pub struct ShowArgs {
    #[command(flatten)]
    input: InputArgs,
    /// The form to print.
    #[arg(long, value_enum, default_value_t = Form::Pretty)]
    format: Form,
    /// With --format svg: draw the solution too (found by the engine,
    /// verified; a limit that stops the search, or a puzzle with no
    /// solution, leaves the puzzle unsolved: exit 3 or 1).
    #[arg(long)]
    solved: bool,
    #[command(flatten)]
    engine: EngineArgs,
}

/// Parses the input and prints every puzzle in the chosen form, as it is
/// read (a bad line stops the run after the puzzles before it are printed).
pub fn run(args: ShowArgs) -> Result<Exit, Failure> {
    if args.format == Form::Svg {
        return draw(&args);
    }
    if args.solved {
        return Err(Failure::bad(
            "--solved draws a solution: it goes with --format svg",
        ));
    }
    let mut out = BufWriter::new(std::io::stdout().lock());
    let mut entries = args.input.stream()?.enumerate().peekable();
    while let Some((i, entry)) = entries.next() {
        // On an error, dropping `out` flushes what was printed before it.
        let entry = entry?;
        // Several puzzles are a TOML list; one is a plain variant file
        // (only TOML looks a puzzle ahead to tell).
        let listed = args.format == Form::Toml && (i > 0 || entries.peek().is_some());
        if matches!(args.format, Form::Pretty | Form::Line) {
            if let [rest @ .., last] = &entry.puzzle.variant_parts()[..] {
                let lost = match rest {
                    [] => last.to_string(),
                    _ => format!("{} and {last}", rest.join(", ")),
                };
                note!(
                    "note: line {}: the {lost} cannot be shown in this form; \
                     --format toml, json or svg holds them",
                    entry.line
                );
            }
        }
        let text = match args.format {
            // In the digits the puzzle came in: hex stays hex.
            Form::Pretty => grid_to_block_in(&entry.puzzle, entry.puzzle.givens(), entry.digits),
            Form::Line => grid_to_line_in(entry.puzzle.givens(), entry.digits),
            Form::Toml if listed => to_toml_listed(&entry.puzzle),
            Form::Toml => to_toml(&entry.puzzle),
            Form::Json => to_json(&entry.puzzle).to_string(),
            Form::Svg => unreachable!("drawn by `draw`"),
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

/// `--format svg`: the one puzzle of the input, drawn (with its solution
/// when `--solved`).
fn draw(args: &ShowArgs) -> Result<Exit, Failure> {
    let mut entries = args.input.stream()?;
    let entry = entries
        .next()
        .ok_or_else(|| Failure::bad("no puzzle in the input"))??;
    if let Some(next) = entries.next() {
        let line = next.map_or_else(
            |_| "a second line".to_string(),
            |e| format!("line {}", e.line),
        );
        return Err(Failure::bad(format!(
            "an SVG draws one puzzle, and the input has more ({line}): show one at a time"
        )));
    }
    let (solution, exit) = match args.solved {
        false => (None, Exit::Solved),
        true => {
            let kit = Kit::with_engine(args.engine.build()?).with_budget(args.engine.budget());
            let answer = kit.solve(&entry.puzzle)?;
            match (answer.grids.into_iter().next(), answer.status) {
                (Some(grid), _) => (Some(grid), Exit::Solved),
                // What was found is drawn: the puzzle, without a solution.
                (None, Status::LimitReached(kind)) => {
                    eprintln!(
                        "limit reached ({}) before a solution was found: \
                         the puzzle is drawn unsolved",
                        kind.name()
                    );
                    (None, Exit::LimitReached)
                }
                // No solution is an answer too: the puzzle, and why.
                (None, _) => {
                    eprintln!(
                        "line {}: {}: the puzzle is drawn unsolved",
                        entry.line,
                        no_solution(answer.clash.as_ref())
                    );
                    (None, Exit::NoSolution)
                }
            }
        }
    };
    let mut out = std::io::stdout().lock();
    out.write_all(to_svg(&entry.puzzle, solution.as_deref()).as_bytes())?;
    out.flush()?;
    Ok(exit)
}
