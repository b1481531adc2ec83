//! `sudokit explain`: a puzzle solved step by step with human techniques.

use std::io::{BufWriter, Write};
use std::sync::atomic::AtomicBool;
use std::sync::atomic::Ordering::Relaxed;

use clap::Args;
use sudokit_analysis::{explain_puzzle, explain_puzzle_each, Explained};
use sudokit_core::records::ExplainRecord;
use sudokit_core::{techniques_named, ExplainRequest, Hint, Reply};
use sudokit_explain::Outcome;

use crate::args::{worker_threads, EngineArgs, Format, InputArgs, Parallel};
use crate::commands::each_puzzle::{
    each_puzzle, unanswered, unanswered_record, write_skipped, Pace,
};
use crate::commands::explain_steps::{
    stopped_by, write_end, write_header, write_line_step, write_pretty, Printed, StepPrinter,
};
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
    // On one worker, steps are printed as they are found: a reader sees
    // them at once, and one that stops reading (`| head`) stops the work.
    let streams =
        !args.hint && args.format != Format::Json && worker_threads(args.parallel.jobs)? == 1;
    let pace = if streams {
        Pace::OneByOne
    } else {
        Pace::Chunks
    };
    let mut out = BufWriter::new(std::io::stdout().lock());
    let mut exit = Exit::Solved;
    // Whether anything is printed yet (pretty puzzles are set apart by a
    // blank line); shared with the task, which prints while streaming.
    let started = AtomicBool::new(false);
    let cut = each_puzzle(
        input,
        engine.as_ref(),
        &args.engine,
        args.parallel.jobs,
        pace,
        &mut out,
        |out, line, why| match args.format {
            // Line records start with the line's number.
            Format::Line => Ok(writeln!(out, "{line}: error")?),
            format => write_skipped(out, format, line, why),
        },
        |counter, entry| {
            if !streams {
                let explained = explain_puzzle(counter, &entry.puzzle, options.clone(), guess)?;
                return Ok((explained, Printed::default()));
            }
            let how = (args.format, args.marks, args.until);
            let mut printer = StepPrinter::new(entry, how, &started);
            let explained = explain_puzzle_each(
                counter,
                &entry.puzzle,
                options.clone(),
                guess,
                &mut |solutions, board, step| printer.step(solutions, board, step),
            )?;
            Ok((explained, printer.printed))
        },
        |out, chunk, results| {
            for (entry, result) in chunk.iter().zip(results) {
                let (explained, printed) = match result {
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
                                Format::Pretty if started.load(Relaxed) && !args.hint => {
                                    writeln!(out, "\n{record}")?
                                }
                                _ => writeln!(out, "{record}")?,
                            }
                            started.store(true, Relaxed);
                        }
                        exit = exit.max(unanswered(e, &format!("line {}", entry.line), skip)?);
                        continue;
                    }
                };
                // Nobody reads the steps any more: the explanation stopped there.
                if let Some(error) = printed.error {
                    return Err(error.into());
                }
                if explained.solutions == 0 {
                    exit = exit.max(Exit::NoSolution);
                }
                if let Outcome::Stopped(_) = explained.explanation.outcome {
                    exit = exit.max(Exit::LimitReached);
                }
                match (args.format, args.hint) {
                    (Format::Json, _) => write_record(out, &ExplainRecord::new(entry, &explained))?,
                    (_, true) => write_hint(out, entry.line, &explained)?,
                    // The steps are out already: the position where they ended.
                    (Format::Pretty, false) if streams => {
                        if !printed.header {
                            if started.load(Relaxed) {
                                writeln!(out)?;
                            }
                            write_header(out, entry.line, &entry.puzzle, explained.solutions)?;
                        }
                        let board = &explained.explanation.board;
                        write_end(out, &entry.puzzle, entry.digits, &explained, board)?;
                    }
                    (Format::Pretty, false) => {
                        if started.load(Relaxed) {
                            writeln!(out)?;
                        }
                        write_pretty(out, entry, &explained, args.marks)?;
                    }
                    (Format::Line, false) => {
                        if !streams {
                            for (i, step) in explained.explanation.steps.iter().enumerate() {
                                write_line_step(out, entry.line, i, step)?;
                            }
                        }
                        if let Outcome::Stopped(kind) = explained.explanation.outcome {
                            writeln!(out, "{}: limit:{}", entry.line, kind.name())?;
                        }
                    }
                }
                started.store(true, Relaxed);
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
