//! `sudokit explain`: a puzzle solved step by step with human techniques.

use std::io::{BufWriter, Write};

use clap::Args;
use sudokit_analysis::{explain_puzzle, Explained};
use sudokit_core::records::ExplainRecord;
use sudokit_core::{grade_text, techniques_named, ExplainRequest, Hint, Reply};
use sudokit_explain::{Board, Outcome, Technique};
use sudokit_formats::{grid_to_block_in, Digits};
use sudokit_model::LimitKind;
use sudokit_puzzle::Puzzle;

use crate::args::{EngineArgs, Format, InputArgs, Parallel};
use crate::commands::each_puzzle::{each_puzzle, unanswered, unanswered_record, write_skipped};
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
    let request = request(&args)?;
    let options = request.options();
    let guess = request.guess;
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
        &mut out,
        |out, line, why| match args.format {
            // Line records start with the line's number.
            Format::Line => Ok(writeln!(out, "{line}: error")?),
            format => write_skipped(out, format, line, why),
        },
        |counter, puzzle| {
            let explained = explain_puzzle(counter, puzzle, options.clone(), guess)?;
            Ok((puzzle.clone(), explained))
        },
        |out, chunk, results| {
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
                    (Format::Json, _) => write_record(out, &ExplainRecord::new(entry, &explained))?,
                    (_, true) => write_hint(out, entry.line, &explained)?,
                    (Format::Pretty, false) => {
                        if !first {
                            writeln!(out)?;
                        }
                        write_pretty(
                            out,
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

/// What the flags ask the explainer for: `--hint` is the first step
/// alone, without a guess.
fn request(args: &ExplainArgs) -> Result<ExplainRequest, Failure> {
    let mut request = ExplainRequest::default();
    if let Some(names) = &args.techniques {
        let names: Vec<&str> = names.iter().map(String::as_str).collect();
        request = request.techniques(techniques_named(&names)?);
    }
    if let Some(steps) = args.until {
        request = request.until(steps);
    }
    if args.hint {
        request = request.until(1);
    }
    if args.no_guess || args.hint {
        request = request.no_guess();
    }
    Ok(request)
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
    let text = match Hint::of(&explained.explanation) {
        Reply::Done(hint) => hint.to_string(),
        Reply::Stopped(kind) => format!(
            "{} before a step was found",
            stopped_by(kind).to_lowercase()
        ),
        Reply::NoSolution(why) => why,
        // A hint is one of the three above.
        other => format!("{other:?}"),
    };
    writeln!(out, "line {line}: {text}")
}

/// "Stopped by the time limit", or "Interrupted" for Ctrl-C.
fn stopped_by(kind: LimitKind) -> String {
    match kind {
        LimitKind::Cancelled => "Interrupted".into(),
        kind => format!("Stopped by the {} limit", kind.name()),
    }
}
