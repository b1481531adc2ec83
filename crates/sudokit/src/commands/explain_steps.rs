//! How `sudokit explain` prints an explanation: whole once it is done, or
//! step by step as the explainer finds them, with the pencil marks where
//! they help and how it ended.

use std::io::Write;
use std::sync::atomic::AtomicBool;
use std::sync::atomic::Ordering::Relaxed;

use sudokit_analysis::Explained;
use sudokit_core::grade_text;
use sudokit_explain::{Board, Outcome, Step, Technique};
use sudokit_formats::{grid_to_block_in, Digits, Entry};
use sudokit_model::LimitKind;
use sudokit_puzzle::Puzzle;

use crate::args::Format;

fn solutions_text(solutions: u64) -> &'static str {
    match solutions {
        0 => "no solution",
        1 => "unique",
        _ => "more than one solution: logic cannot finish it, guesses follow one solution",
    }
}

/// `line 3: 9x9, unique`.
pub fn write_header(
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
pub fn write_line_step(
    out: &mut impl Write,
    line: usize,
    i: usize,
    step: &Step,
) -> std::io::Result<()> {
    writeln!(out, "{line}:{} {} {step}", i + 1, step.rating)
}

/// The whole explanation of `entry`, pretty.
pub fn write_pretty(
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
pub fn write_end(
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
pub struct Printed {
    /// The header line is out (it goes before the first step).
    pub header: bool,
    /// Writing failed (nobody reads any more): the explanation stopped.
    pub error: Option<std::io::Error>,
}

/// Prints the steps of one puzzle to stdout as the explainer finds them.
pub struct StepPrinter<'a> {
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
    /// What is printed so far.
    pub printed: Printed,
}

impl<'a> StepPrinter<'a> {
    /// A printer of `entry`'s steps in `format` (`marks`: `--marks`), of
    /// `until` steps at most; `started` says whether the run has printed
    /// anything yet.
    pub fn new(
        entry: &'a Entry,
        (format, marks, until): (Format, bool, Option<usize>),
        started: &'a AtomicBool,
    ) -> Self {
        let open = entry.puzzle.givens().iter().filter(|&&d| d == 0).count();
        let most = until.map_or(open, |until| until.min(open));
        StepPrinter {
            entry,
            format,
            marks,
            started,
            steps: 0,
            width: most.max(1).to_string().len(),
            guessing: false,
            printed: Printed::default(),
        }
    }

    /// Prints `step`, found at `board` (the header before the first);
    /// `false` once stdout cannot be written.
    pub fn step(&mut self, solutions: u64, board: &Board, step: &Step) -> bool {
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

/// "Stopped by the time limit", or "Interrupted" for Ctrl-C.
pub fn stopped_by(kind: LimitKind) -> String {
    match kind {
        LimitKind::Cancelled => "Interrupted".into(),
        kind => format!("Stopped by the {} limit", kind.name()),
    }
}
