//! How solve and count print their answers.

use std::io::{BufWriter, Write};
use std::time::Duration;

use sudokit_formats::{grid_to_block, Entry};
use sudokit_model::{Engine, Mode, Stats, Status};
use sudokit_puzzle::{digit_char, MAX_SIZE};

use crate::args::{EngineArgs, Format, OutputArgs};
use crate::failure::{Exit, Failure};
use crate::input::PuzzleInput;
use crate::progress::batch_progress;
use crate::solving::{solve_batch, Answer};

/// What the command reports besides the solution.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Report {
    /// `solve`: the first solution.
    Solution,
    /// `solve --count N`: the first solution and how many there are.
    SolutionAndCount,
    /// `count`: how many; every kept solution with `--list`.
    Count {
        /// Print every kept solution.
        list: bool,
    },
}

/// Solves the puzzles of `input` and prints each chunk of answers as it is
/// ready.
pub fn solve_and_print(
    input: PuzzleInput,
    engine: &dyn Engine,
    engine_args: &EngineArgs,
    output: &OutputArgs,
    mode: Mode,
    keep: usize,
    report: Report,
) -> Result<Exit, Failure> {
    let name = engine.name();
    let mut out = BufWriter::new(std::io::stdout().lock());
    let progress = batch_progress(input.size());
    progress.set_message("0");
    let bytes_read = input.bytes_read();
    let mut solved = 0;
    let exit = solve_batch(
        input,
        engine,
        engine_args,
        mode,
        keep,
        |chunk, answers, many| {
            print(&mut out, output, report, &name, many, chunk, answers)?;
            solved += answers.len();
            progress.set_position(bytes_read.get());
            progress.set_message(solved.to_string());
            Ok(())
        },
    );
    progress.finish_and_clear();
    // What was answered before a bad line is printed before its error.
    out.flush()?;
    exit
}

/// Prints one chunk of answers to stdout (stats of line output go to stderr,
/// so stdout stays one line per puzzle).
fn print(
    out: &mut impl Write,
    output: &OutputArgs,
    report: Report,
    engine: &str,
    many: bool,
    entries: &[Entry],
    answers: &[Answer],
) -> std::io::Result<()> {
    for (entry, answer) in entries.iter().zip(answers) {
        let size = entry.puzzle.size();
        match output.format {
            Format::Json => {
                let record = answer.to_json(size, engine, output.stats);
                writeln!(out, "{record}")?;
            }
            Format::Line => {
                write_line(out, answer, report)?;
                if output.stats {
                    eprintln!("line {}: {}", answer.line, answer_stats(answer));
                }
            }
            Format::Pretty => {
                if many {
                    writeln!(out, "line {}:", answer.line)?;
                }
                let grids = match report {
                    Report::Count { list: true } => &answer.grids[..],
                    Report::Count { list: false } => &[],
                    _ => &answer.grids[..answer.grids.len().min(1)],
                };
                for grid in grids {
                    writeln!(out, "{}", grid_to_block(&entry.puzzle, grid))?;
                }
                writeln!(out, "{}", status_text(answer, report))?;
                if output.stats {
                    writeln!(out, "{}", answer_stats(answer))?;
                }
                if many {
                    writeln!(out)?;
                }
            }
        }
    }
    Ok(())
}

/// One line per puzzle, written straight out: the first solution (or
/// `none`, `limit:KIND`), then with `--count` how many (`unique`,
/// `2+-solutions` ...); for `count`, the count (`3`, `1000+`), then with
/// `--list` every solution.
fn write_line(out: &mut impl Write, answer: &Answer, report: Report) -> std::io::Result<()> {
    let plus = if answer.complete { "" } else { "+" };
    match report {
        Report::Solution | Report::SolutionAndCount => {
            match (answer.grids.first(), answer.status) {
                (Some(grid), _) => write_cells(out, grid)?,
                (None, Status::LimitReached(kind)) => write!(out, "limit:{}", kind.name())?,
                (None, _) => write!(out, "none")?,
            }
            if report == Report::SolutionAndCount {
                write!(out, " {}", answer.count_words('-'))?;
            }
        }
        Report::Count { list } => {
            write!(out, "{}{plus}", answer.count)?;
            for grid in answer.grids.iter().filter(|_| list) {
                out.write_all(b" ")?;
                write_cells(out, grid)?;
            }
        }
    }
    writeln!(out)
}

/// A grid's cells on one line (`.` for blanks), as `grid_to_line` writes
/// them, without building a string.
fn write_cells(out: &mut impl Write, grid: &[u8]) -> std::io::Result<()> {
    let mut line = [0u8; MAX_SIZE * MAX_SIZE];
    for (byte, &digit) in line.iter_mut().zip(grid) {
        *byte = digit_char(digit) as u8;
    }
    out.write_all(&line[..grid.len().min(line.len())])
}

fn status_text(answer: &Answer, report: Report) -> String {
    let limit = |kind: &str| {
        let fixed = answer
            .fixed
            .map(|f| format!("; {f} cells fixed by propagation"))
            .unwrap_or_default();
        format!(
            "limit reached ({kind}) after {} nodes{fixed}",
            answer.stats.nodes
        )
    };
    match (answer.status, report) {
        (Status::LimitReached(kind), Report::Count { .. }) => {
            format!("{}, {}", answer.count_words(' '), limit(kind.name()))
        }
        (Status::LimitReached(kind), _) => limit(kind.name()),
        (Status::Unsatisfiable, _) => "no solution".into(),
        (_, Report::Solution) => "solved".into(),
        (_, _) => answer.count_words(' ').to_string(),
    }
}

/// The counters of an answer, naming the engine `auto` picked.
fn answer_stats(answer: &Answer) -> String {
    let line = stats_line(&answer.stats, answer.time);
    match answer.delegate {
        Some(engine) => format!("engine {engine} | {line}"),
        None => line,
    }
}

/// The engine's counters on one line, for people.
pub fn stats_line(s: &Stats, time: Duration) -> String {
    format!(
        "nodes {} | fails {} | propagations {} | restarts {} | max depth {} | time {:.3} ms",
        s.nodes,
        s.fails,
        s.propagations,
        s.restarts,
        s.max_depth,
        time.as_secs_f64() * 1e3
    )
}
