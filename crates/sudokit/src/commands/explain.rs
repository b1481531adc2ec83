//! `sudokit explain`: a puzzle solved step by step with human techniques.

use std::io::{BufWriter, Write};
use std::sync::atomic::AtomicBool;
use std::sync::atomic::Ordering::Relaxed;

use clap::Args;
use sudokit_analysis::{explain_puzzle, explain_puzzle_each, Explained};
use sudokit_core::records::ExplainRecord;
use sudokit_core::{grade_text, techniques_named, ExplainRequest, Hint, Reply};
use sudokit_explain::{Board, Outcome, Step, Technique};
use sudokit_formats::{grid_to_block_in, Digits, Entry};
use sudokit_model::LimitKind;
use sudokit_puzzle::Puzzle;

use crate::args::{worker_threads, EngineArgs, Format, InputArgs, Parallel};
use crate::commands::each_puzzle::{
    each_puzzle, unanswered, unanswered_record, write_skipped, Pace,
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
            let mut printer = StepPrinter::new(&args, entry, &started);
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

fn solutions_text(solutions: u64) -> &'static str {
    match solutions {
        0 => "no solution",
        1 => "unique",
        _ => "more than one solution: logic cannot finish it, guesses follow one solution",
    }
}

/// `line 3: 9x9, unique`.
fn write_header(
    out: &mut impl Write,
    line: usize,
    puzzle: &Puzzle,
    solutions: u64,
) -> std::io::Result<()> {
    let n = puzzle.size();
    writeln!(out, "line {line}: {n}x{n}, {}", solutions_text(solutions))
}

/// Step `i` (0-based), numbered to `width` digits, after the pencil marks
/// of `board` (the position before it) where they help: with `--marks`
/// before every step beyond singles, and where logic runs out, before the
/// first guess (`guessing` says whether it has come).
fn write_step(
    out: &mut impl Write,
    board: &Board,
    (i, width): (usize, usize),
    step: &Step,
    marks: bool,
    guessing: &mut bool,
) -> std::io::Result<()> {
    let single = matches!(
        step.technique,
        Technique::HiddenSingle | Technique::NakedSingle
    );
    if step.technique == Technique::Guess && !*guessing {
        *guessing = true;
        write_stuck(out, board)?;
    } else if marks && !single && !*guessing {
        write!(out, "{}", board.marks_grid())?;
    }
    writeln!(out, "{:>width$}. {step}", i + 1)
}

/// `3:12 1.2 Hidden single: ...`, step `i` (0-based) of line `line`.
fn write_line_step(
    out: &mut impl Write,
    line: usize,
    i: usize,
    step: &Step,
) -> std::io::Result<()> {
    writeln!(out, "{line}:{} {} {step}", i + 1, step.rating)
}

/// The whole explanation of `entry`, pretty.
fn write_pretty(
    out: &mut impl Write,
    entry: &Entry,
    explained: &Explained,
    marks: bool,
) -> std::io::Result<()> {
    let puzzle = &entry.puzzle;
    let explanation = &explained.explanation;
    write_header(out, entry.line, puzzle, explained.solutions)?;
    // Replayed from the start, to print pencil marks where they help.
    let mut board = Board::new(puzzle);
    let width = explanation.steps.len().to_string().len();
    let mut guessing = false;
    for (i, step) in explanation.steps.iter().enumerate() {
        write_step(out, &board, (i, width), step, marks, &mut guessing)?;
        step.apply(&mut board);
    }
    write_end(out, puzzle, entry.digits, explained, &board)
}

/// How the explanation ended, at `board` (the position after its steps),
/// and the grade of a unique puzzle.
fn write_end(
    out: &mut impl Write,
    puzzle: &Puzzle,
    digits: Digits,
    explained: &Explained,
    board: &Board,
) -> std::io::Result<()> {
    let explanation = &explained.explanation;
    match &explanation.outcome {
        Outcome::Solved => {
            writeln!(out, "Solved:")?;
            write!(out, "{}", grid_to_block_in(puzzle, board.values(), digits))?;
        }
        Outcome::Stuck => write_stuck(out, board)?,
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

/// What a streaming task printed of its puzzle.
#[derive(Debug, Default)]
struct Printed {
    /// The header line is out (it goes before the first step).
    header: bool,
    /// Writing failed (nobody reads any more): the explanation stopped.
    error: Option<std::io::Error>,
}

/// Prints the steps of one puzzle to stdout as the explainer finds them.
struct StepPrinter<'a> {
    entry: &'a Entry,
    format: Format,
    marks: bool,
    /// Whether anything of the run is printed yet.
    started: &'a AtomicBool,
    /// Steps so far.
    steps: usize,
    /// The number width: the steps are not known yet, so the open cells
    /// (the steps a solve by placements takes), or `--until`.
    width: usize,
    guessing: bool,
    printed: Printed,
}

impl<'a> StepPrinter<'a> {
    fn new(args: &ExplainArgs, entry: &'a Entry, started: &'a AtomicBool) -> Self {
        let open = entry.puzzle.givens().iter().filter(|&&d| d == 0).count();
        let most = args.until.map_or(open, |until| until.min(open));
        StepPrinter {
            entry,
            format: args.format,
            marks: args.marks,
            started,
            steps: 0,
            width: most.max(1).to_string().len(),
            guessing: false,
            printed: Printed::default(),
        }
    }

    /// Prints `step`, found at `board` (the header before the first);
    /// `false` once stdout cannot be written.
    fn step(&mut self, solutions: u64, board: &Board, step: &Step) -> bool {
        let mut out = std::io::stdout().lock();
        let written = match self.format {
            Format::Line => write_line_step(&mut out, self.entry.line, self.steps, step),
            _ => self.pretty_step(&mut out, solutions, board, step),
        };
        self.steps += 1;
        match written {
            Ok(()) => true,
            Err(error) => {
                self.printed.error = Some(error);
                false
            }
        }
    }

    fn pretty_step(
        &mut self,
        out: &mut impl Write,
        solutions: u64,
        board: &Board,
        step: &Step,
    ) -> std::io::Result<()> {
        if !self.printed.header {
            if self.started.swap(true, Relaxed) {
                writeln!(out)?;
            }
            write_header(out, self.entry.line, &self.entry.puzzle, solutions)?;
            self.printed.header = true;
        }
        let number = (self.steps, self.width);
        write_step(out, board, number, step, self.marks, &mut self.guessing)
    }
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
