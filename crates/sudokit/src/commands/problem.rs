//! `sudokit problem`: the course's problems that are not Sudoku grids,
//! built directly as models — N-Queens, graph colouring, weighted latin
//! squares — solved by any engine that takes them, every answer checked.

use std::io::Write;
use std::path::PathBuf;
use std::time::Instant;

use clap::{Args, Subcommand};
use sudokit_core::records::ProblemRecord;
use sudokit_core::{read_graph, Kit};
use sudokit_model::{Outcome, Status};

use crate::args::{EngineArgs, Format, OutputArgs};
use crate::commands::json_line::write_record;
use crate::commands::printing::stats_line;
use crate::failure::{Exit, Failure};

/// Arguments of `sudokit problem`.
#[derive(Args, Debug)]
pub struct ProblemArgs {
    #[command(subcommand)]
    problem: Problem,
}

/// Engine and output options, taken after the problem's own.
#[derive(Args, Debug)]
struct Common {
    #[command(flatten)]
    engine: EngineArgs,
    #[command(flatten)]
    output: OutputArgs,
}

#[derive(Subcommand, Debug)]
enum Problem {
    /// Place N queens on an N x N board, no two attacking; --count counts every placement.
    Queens {
        /// Board size.
        n: usize,
        /// Count all solutions instead of showing one.
        #[arg(long)]
        count: bool,
        #[command(flatten)]
        common: Common,
    },
    /// Colour a DIMACS .col graph: a K-colouring (or the proof there is
    /// none) with --colours K, else the chromatic number by minimisation.
    Colour {
        /// The graph, in DIMACS edge format (`p edge V E`, `e U V`).
        file: PathBuf,
        /// Find a colouring with at most K colours.
        #[arg(long, value_name = "K")]
        colours: Option<usize>,
        #[command(flatten)]
        common: Common,
    },
    /// The course's latin squares: maximise the reward
    /// ((i+1)(j+1) + v²) mod 11 of every cell, or minimise the main diagonal.
    Latin {
        /// Side of the square.
        n: usize,
        /// Minimise the sum of the main diagonal instead of maximising the reward.
        #[arg(long)]
        min_diagonal: bool,
        #[command(flatten)]
        common: Common,
    },
}

/// Solves the problem through the facade (which builds the model and
/// checks every solution) and prints the answer.
pub fn run(args: ProblemArgs) -> Result<Exit, Failure> {
    let problem = &args.problem;
    let (Problem::Queens { common, .. }
    | Problem::Colour { common, .. }
    | Problem::Latin { common, .. }) = problem;
    let start = Instant::now();
    let kit = Kit::new(&common.engine.spec())?.with_budget(common.engine.budget());
    let outcome = match problem {
        Problem::Queens { n, count, .. } => kit.queens(*n, *count)?,
        Problem::Latin {
            n, min_diagonal, ..
        } => kit.latin(*n, *min_diagonal)?,
        Problem::Colour { file, colours, .. } => {
            let text = std::fs::read_to_string(file)
                .map_err(|e| Failure::bad(format!("{}: {e}", file.display())))?;
            let graph =
                read_graph(&text).map_err(|e| Failure::bad(format!("{}: {e}", file.display())))?;
            kit.colour(&graph, *colours).map_err(|e| match e {
                // The bound on --colours: the option's fault, not the file's.
                e @ sudokit_core::Error::Invalid(_) => Failure::from(e),
                e => Failure::from(e).at(file.display()),
            })?
        }
    };
    let time = start.elapsed();
    let title = title(problem);
    let best = outcome.solutions.last();
    let mut out = std::io::stdout().lock();
    match common.output.format {
        Format::Json => {
            let stats = common.output.stats;
            let record = ProblemRecord::new(&title, &kit.engine_name(), &outcome, time, stats);
            write_record(&mut out, &record)?;
        }
        _ => {
            if let Some(best) = best {
                writeln!(out, "{}", draw(problem, best))?;
            }
            writeln!(out, "{title}: {}", summary(problem, &outcome))?;
            if common.output.stats {
                writeln!(out, "{}", stats_line(&outcome.stats, time))?;
            }
        }
    }
    Ok(Exit::from(outcome.status))
}

/// `8-queens`, `chromatic number of g.col` ...
fn title(problem: &Problem) -> String {
    match problem {
        Problem::Queens { n, .. } => format!("{n}-queens"),
        Problem::Colour { file, colours, .. } => match colours {
            Some(k) => format!("{k}-colouring of {}", file.display()),
            None => format!("chromatic number of {}", file.display()),
        },
        Problem::Latin {
            n,
            min_diagonal: true,
            ..
        } => format!("{n}x{n} latin square, smallest diagonal"),
        Problem::Latin { n, .. } => format!("{n}x{n} weighted latin square"),
    }
}

/// The solution drawn for a person: a board, a square, or vertex colours.
fn draw(problem: &Problem, values: &[i32]) -> String {
    match problem {
        Problem::Queens { .. } => values
            .iter()
            .map(|&col| {
                (1..=values.len() as i32)
                    .map(|c| if c == col { "Q" } else { "." })
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect::<Vec<_>>()
            .join("\n"),
        Problem::Latin { n, .. } => values
            .chunks(*n)
            .map(|row| row.iter().map(i32::to_string).collect::<Vec<_>>().join(" "))
            .collect::<Vec<_>>()
            .join("\n"),
        Problem::Colour { .. } => values
            .iter()
            .enumerate()
            .map(|(v, colour)| format!("v{}={colour}", v + 1))
            .collect::<Vec<_>>()
            .join(" "),
    }
}

fn summary(problem: &Problem, outcome: &Outcome) -> String {
    match (outcome.status, problem) {
        (
            Status::Unsatisfiable,
            Problem::Colour {
                colours: Some(k), ..
            },
        ) => {
            format!("impossible: the graph needs more than {k} colours")
        }
        (Status::Unsatisfiable, _) => "no solution".into(),
        (Status::Optimal, Problem::Colour { .. }) => {
            format!(
                "{} colours (proven optimal)",
                outcome.objective.unwrap_or_default()
            )
        }
        (Status::Optimal, _) => {
            format!("optimum {} (proven)", outcome.objective.unwrap_or_default())
        }
        (Status::LimitReached(kind), _) => match outcome.objective {
            Some(best) => format!(
                "limit reached ({}); best so far {best}, not proven optimal",
                kind.name()
            ),
            None => format!(
                "limit reached ({}); {} found so far",
                kind.name(),
                solutions(outcome.count)
            ),
        },
        (Status::Solved, Problem::Queens { count: true, .. }) => solutions(outcome.count),
        (Status::Solved, _) => "solved".into(),
    }
}

/// `1 solution`, `92 solutions`.
fn solutions(count: u64) -> String {
    match count {
        1 => "1 solution".into(),
        n => format!("{n} solutions"),
    }
}
