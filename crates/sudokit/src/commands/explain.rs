//! `sudokit explain`: a puzzle solved step by step with human techniques.

use std::io::{BufWriter, Write};

use clap::Args;
use sudokit_analysis::{explain_puzzle, Explained};
use sudokit_core::records::ExplainRecord;
use sudokit_explain::{Board, ExplainOptions, Outcome, Step, Technique};
use sudokit_formats::{grid_to_block_in, Digits};
use sudokit_model::LimitKind;
use sudokit_puzzle::{cell_name, Puzzle};

use crate::args::{EngineArgs, Format, InputArgs, Parallel};
use crate::commands::each_puzzle::{each_puzzle, unanswered, unanswered_record};
use crate::commands::grade::grade_text;
use crate::commands::json_line::write_record;
use crate::failure::{Exit, Failure};

/// Arguments of `sudokit explain`.
#[derive(Args, Debug)]
pub struct ExplainArgs {
    #[command(flatten)]
    input: InputArgs,
    /// Output format: numbered steps (pretty), one step per line (line),
    /// or one JSON object per puzzle with every step (json).
    #[arg(long, value_enum, default_value_t = Format::Pretty)]
    format: Format,
    /// Only say which technique comes next and where to look, without
    /// giving the step away.
    #[arg(long)]
    hint: bool,
    /// Stop after N steps.
    #[arg(long, value_name = "N", conflicts_with = "hint")]
    until: Option<usize>,
    /// Stop where logic runs out, rather than going on with a digit of the
    /// solution (found by search and marked as a guess).
    #[arg(long)]
    no_guess: bool,
    /// Print the pencil marks before every step beyond singles (they are
    /// always printed where logic runs out).
    #[arg(long)]
    marks: bool,
    /// Use only these techniques, comma-separated ("hidden single,naked
    /// single"); an unknown name lists them all.
    #[arg(long, value_delimiter = ',', value_name = "NAMES")]
    techniques: Option<Vec<String>>,
    #[command(flatten)]
    engine: EngineArgs,
    #[command(flatten)]
    parallel: Parallel,
}

/// Explains every puzzle of the input.
pub fn run(args: ExplainArgs) -> Result<Exit, Failure> {
    let options = ExplainOptions {
        techniques: techniques(args.techniques.as_deref())?,
        max_steps: if args.hint { Some(1) } else { args.until },
        ..ExplainOptions::default()
    };
    let guess = !args.no_guess && !args.hint;
    let input = args.input.stream()?;
    let skip = input.skip_invalid();
    let engine = args.engine.build()?;
    let mut out = BufWriter::new(std::io::stdout().lock());
    let mut exit = Exit::Solved;
    let mut first = true;
    let cut = each_puzzle(
        input,
        engine.as_ref(),
        &args.engine,
        args.parallel.jobs,
        |counter, puzzle| {
            let explained = explain_puzzle(counter, puzzle, options.clone(), guess)?;
            Ok((puzzle.clone(), explained))
        },
        |chunk, results| {
            for (entry, result) in chunk.iter().zip(results) {
                let (puzzle, explained) = match result {
                    Ok(done) => done,
                    Err(e) => {
                        // Hints are sentences, whatever the format.
                        let format = match (args.format, args.hint) {
                            (Format::Json, _) | (_, false) => args.format,
                            (_, true) => Format::Pretty,
                        };
                        if let Some(record) = unanswered_record(format, entry, &e, skip) {
                            match format {
                                // Line records start with the line's number.
                                Format::Line => writeln!(out, "{}: {record}", entry.line)?,
                                Format::Pretty if !first && !args.hint => {
                                    writeln!(out, "\n{record}")?
                                }
                                _ => writeln!(out, "{record}")?,
                            }
                            first = false;
                        }
                        exit = exit.max(unanswered(e, &format!("line {}", entry.line), skip)?);
                        continue;
                    }
                };
                if explained.solutions == 0 {
                    exit = exit.max(Exit::NoSolution);
                }
                if let Outcome::Stopped(_) = explained.explanation.outcome {
                    exit = exit.max(Exit::LimitReached);
                }
                match (args.format, args.hint) {
                    (Format::Json, _) => {
                        write_record(&mut out, &ExplainRecord::new(entry, &explained))?
                    }
                    (_, true) => write_hint(&mut out, entry.line, &explained)?,
                    (Format::Pretty, false) => {
                        if !first {
                            writeln!(out)?;
                        }
                        write_pretty(
                            &mut out,
                            entry.line,
                            &puzzle,
                            entry.digits,
                            &explained,
                            args.marks,
                        )?;
                    }
                    (Format::Line, false) => {
                        for (i, step) in explained.explanation.steps.iter().enumerate() {
                            writeln!(out, "{}:{} {} {step}", entry.line, i + 1, step.rating)?;
                        }
                        if let Outcome::Stopped(kind) = explained.explanation.outcome {
                            writeln!(out, "{}: limit:{}", entry.line, kind.name())?;
                        }
                    }
                }
                first = false;
            }
            Ok(())
        },
    )?;
    out.flush()?;
    Ok(exit.max(cut))
}

/// The techniques `--techniques` names, in the explainer's order.
fn techniques(names: Option<&[String]>) -> Result<Vec<Technique>, Failure> {
    let Some(names) = names else {
        return Ok(Technique::ALL.to_vec());
    };
    let mut chosen = Vec::new();
    for name in names {
        match Technique::from_name(name) {
            Some(t) if t != Technique::Guess => chosen.push(t),
            _ => {
                let known: Vec<&str> = Technique::ALL.iter().map(|t| t.name()).collect();
                return Err(Failure::bad(format!(
                    "--techniques: no technique called {name:?}; known: {}",
                    known.join(", ")
                )));
            }
        }
    }
    Ok(Technique::ALL
        .iter()
        .copied()
        .filter(|t| chosen.contains(t))
        .collect())
}

fn solutions_text(solutions: u64) -> &'static str {
    match solutions {
        0 => "no solution",
        1 => "unique",
        _ => "more than one solution: logic cannot finish it, guesses follow one solution",
    }
}

fn write_pretty(
    out: &mut impl Write,
    line: usize,
    puzzle: &Puzzle,
    digits: Digits,
    explained: &Explained,
    marks: bool,
) -> std::io::Result<()> {
    let n = puzzle.size();
    let explanation = &explained.explanation;
    writeln!(
        out,
        "line {line}: {n}x{n}, {}",
        solutions_text(explained.solutions)
    )?;
    // Replayed from the start, to print pencil marks where they help.
    let mut board = Board::new(puzzle);
    let width = explanation.steps.len().to_string().len();
    let mut guessing = false;
    for (i, step) in explanation.steps.iter().enumerate() {
        let single = matches!(
            step.technique,
            Technique::HiddenSingle | Technique::NakedSingle
        );
        if step.technique == Technique::Guess && !guessing {
            guessing = true;
            write_stuck(out, &board)?;
        } else if marks && !single && !guessing {
            write!(out, "{}", board.marks_grid())?;
        }
        writeln!(out, "{:>width$}. {step}", i + 1)?;
        step.apply(&mut board);
    }
    match &explanation.outcome {
        Outcome::Solved => {
            writeln!(out, "Solved:")?;
            write!(out, "{}", grid_to_block_in(puzzle, board.values(), digits))?;
        }
        Outcome::Stuck => write_stuck(out, &board)?,
        Outcome::NoSolution(why) => writeln!(out, "No solution: {why}.")?,
        Outcome::Paused => {
            writeln!(
                out,
                "Stopped after {} steps; the pencil marks:",
                explanation.steps.len()
            )?;
            write!(out, "{}", board.marks_grid())?;
        }
        Outcome::Stopped(kind) => {
            writeln!(
                out,
                "{} after {} steps; the pencil marks:",
                stopped_by(*kind),
                explanation.steps.len()
            )?;
            write!(out, "{}", board.marks_grid())?;
        }
    }
    if let (1, Ok(grade)) = (explained.solutions, explained.finished_grade()) {
        writeln!(out, "Grade: {}", grade_text(grade))?;
    }
    Ok(())
}

/// Where logic ran out: how many cells are open, and the pencil marks.
fn write_stuck(out: &mut impl Write, board: &Board) -> std::io::Result<()> {
    let open = board.open_cells().count();
    writeln!(
        out,
        "Logic runs out here ({open} cells open); the pencil marks:"
    )?;
    write!(out, "{}", board.marks_grid())
}

/// The next technique and where to look, not the step itself.
fn write_hint(out: &mut impl Write, line: usize, explained: &Explained) -> std::io::Result<()> {
    let explanation = &explained.explanation;
    match (explanation.steps.first(), &explanation.outcome) {
        (Some(step), _) => writeln!(
            out,
            "line {line}: look for a {} (SE {}) {}",
            step.technique.name().to_lowercase(),
            step.rating,
            where_to_look(step)
        ),
        (None, Outcome::Solved) => writeln!(out, "line {line}: already solved"),
        (None, Outcome::NoSolution(why)) => writeln!(out, "line {line}: no solution: {why}"),
        (None, Outcome::Stopped(kind)) => writeln!(
            out,
            "line {line}: {} before a step was found",
            stopped_by(*kind).to_lowercase()
        ),
        (None, _) => writeln!(
            out,
            "line {line}: no technique applies; a guess is needed (sudokit explain shows one)"
        ),
    }
}

/// "in box 2" when the step names the group of its pattern, else the
/// pattern's cells.
fn where_to_look(step: &Step) -> String {
    match step.groups.first() {
        Some(group) => format!("in {group}"),
        None => {
            let names: Vec<String> = step
                .cells
                .iter()
                .map(|&c| cell_name(c, step.size))
                .collect();
            format!("around {}", names.join(", "))
        }
    }
}

/// "Stopped by the time limit", or "Interrupted" for Ctrl-C.
fn stopped_by(kind: LimitKind) -> String {
    match kind {
        LimitKind::Cancelled => "Interrupted".into(),
        kind => format!("Stopped by the {} limit", kind.name()),
    }
}
