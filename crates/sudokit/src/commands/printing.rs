//! How solve and count print their answers.

use std::io::{BufWriter, Write};
use std::time::Duration;

use sudokit_formats::{grid_to_block, grid_to_line, Entry};
use sudokit_model::{Engine, Mode, Stats, Status};

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
                let text = line_text(answer, size, report);
                writeln!(out, "{text}")?;
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

fn line_text(answer: &Answer, size: usize, report: Report) -> String {
    let first = answer.grids.first().map(|g| grid_to_line(size, g));
    let outcome = match answer.status {
        Status::LimitReached(kind) => format!("limit:{}", kind.name()),
        _ => "none".into(),
    };
    match report {
        Report::Solution => first.unwrap_or(outcome),
        Report::SolutionAndCount => format!(
            "{} {}",
            first.unwrap_or(outcome),
            answer.count_text().replace(' ', "-")
        ),
        Report::Count { list: false } => count_field(answer),
        Report::Count { list: true } => {
            let grids: Vec<String> = answer.grids.iter().map(|g| grid_to_line(size, g)).collect();
            format!("{} {}", count_field(answer), grids.join(" "))
        }
    }
}

/// `3` when exact, `1000+` when capped or stopped by a limit.
fn count_field(answer: &Answer) -> String {
    if answer.complete {
        answer.count.to_string()
    } else {
        format!("{}+", answer.count)
    }
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
            format!("{}, {}", answer.count_text(), limit(kind.name()))
        }
        (Status::LimitReached(kind), _) => limit(kind.name()),
        (Status::Unsatisfiable, _) => "no solution".into(),
        (_, Report::Solution) => "solved".into(),
        (_, _) => answer.count_text(),
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
