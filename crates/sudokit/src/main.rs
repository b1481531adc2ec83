//! `sudokit`, the command line. It stays thin: arguments in, puzzles read by
//! `sudokit-formats`, solved by an engine from `sudokit-engines`, every
//! answer judged by `sudokit-verify`, results printed. Exit codes are part of
//! the interface (see [`failure::Exit`]).

// First, so that every module below prints to stderr through it.
#[macro_use]
mod stderr;

mod args;
mod commands;
mod failure;
mod input;
mod interrupt;
mod notes;
mod progress;
mod solving;

use std::io::Write;
use std::process::ExitCode;

use clap::{CommandFactory, Parser, Subcommand};

/// Solve, analyse and benchmark Sudoku-family puzzles with interchangeable engines.
#[derive(Parser)]
#[command(name = "sudokit", version = env!("SUDOKIT_VERSION"), about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
    /// No progress bars and no notes on stderr (the seed drawn, files
    /// written, summaries); errors and warnings about the input still show.
    #[arg(short, long, global = true)]
    quiet: bool,
}

#[derive(Subcommand)]
enum Command {
    /// Solve puzzles: one result per puzzle, each answer verified.
    Solve(commands::solve::SolveArgs),
    /// Count solutions, up to --max (uniqueness is --max 2).
    Count(commands::count::CountArgs),
    /// Check a filled grid against the rules (and a puzzle's givens).
    #[command(mut_arg("puzzle", |a| a.value_name("GRID").help(
        "The filled grid to check, one line of n*n digits (spaces between cells \
         allowed); `-`, or grids piped in, read standard input"
    )))]
    Check(commands::check::CheckArgs),
    /// Analyse puzzles: unique? minimal? redundant givens, missing clues, difficulty.
    Analyze(commands::analyze::AnalyzeArgs),
    /// Take givens away while the solution stays unique, down to a minimal puzzle.
    Reduce(commands::reduce::ReduceArgs),
    /// Make unique puzzles: any size, X, jigsaw, killer; symmetric, minimal, by difficulty.
    Generate(commands::generate::GenerateArgs),
    /// Solve a puzzle step by step with human techniques, or give a hint.
    Explain(commands::explain::ExplainArgs),
    /// Grade puzzles by the hardest human technique they need (SE scale).
    Grade(commands::grade::GradeArgs),
    /// Parse puzzles and print them in another format.
    Show(commands::show::ShowArgs),
    /// Write the puzzle's model for another solver (MiniZinc, JSON).
    Export(commands::export::ExportArgs),
    /// Prove a puzzle's count and write the CNF and proof for drat-trim.
    Certify(commands::certify::CertifyArgs),
    /// Solve the course's non-grid problems: N-Queens, graph colouring, weighted latin squares.
    Problem(commands::problem::ProblemArgs),
    /// List the engines, and whether each is available here.
    Engines(commands::engines::EnginesArgs),
    /// Serve the page and the JSON API on this machine: http://127.0.0.1:7373/.
    Serve(commands::serve::ServeArgs),
    /// Compare engines on puzzle sets: timed, verified, with table and reports.
    Bench(commands::bench::BenchArgs),
    /// Print a shell completion script: `sudokit completions bash > /etc/bash_completion.d/sudokit`.
    Completions(commands::completions::CompletionsArgs),
    /// Print the man page (roff), or write one per command with --dir.
    Man(commands::completions::ManArgs),
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => return not_run(e),
    };
    notes::set_quiet(cli.quiet);
    let result = match cli.command {
        Command::Solve(args) => commands::solve::run(args),
        Command::Count(args) => commands::count::run(args),
        Command::Check(args) => commands::check::run(args),
        Command::Analyze(args) => commands::analyze::run(args),
        Command::Reduce(args) => commands::reduce::run(args),
        Command::Generate(args) => commands::generate::run(args),
        Command::Explain(args) => commands::explain::run(args),
        Command::Grade(args) => commands::grade::run(args),
        Command::Show(args) => commands::show::run(args),
        Command::Engines(args) => commands::engines::run(args),
        Command::Export(args) => commands::export::run(args),
        Command::Certify(args) => commands::certify::run(args),
        Command::Problem(args) => commands::problem::run(args),
        Command::Bench(args) => commands::bench::run(args),
        Command::Serve(args) => commands::serve::run(args),
        Command::Completions(args) => commands::completions::completions(args, Cli::command()),
        Command::Man(args) => commands::completions::man(args, Cli::command()),
    };
    // What is still buffered is written now, where a failure has its code.
    finish(result.and_then(|exit| {
        std::io::stdout().flush()?;
        Ok(exit)
    }))
}

/// The exit code of a command's result, its failure said on stderr.
fn finish(result: Result<failure::Exit, failure::Failure>) -> ExitCode {
    match result {
        Ok(exit) => exit.into(),
        Err(failure @ failure::Failure::OutputClosed) => failure.exit().into(),
        Err(failure) => {
            eprintln!("error: {failure}");
            failure.exit().into()
        }
    }
}

/// `--help`, `--version` or a usage error: clap's text. Help and version go
/// to standard output and are written like any output (clap's own exit
/// ignores a full disk); a usage error goes to stderr with clap's code.
fn not_run(e: clap::Error) -> ExitCode {
    if e.use_stderr() {
        e.exit();
    }
    let written = e.print().and_then(|()| std::io::stdout().flush());
    finish(written.map(|()| failure::Exit::Solved).map_err(Into::into))
}

#[cfg(test)]
mod tests {
    use clap::CommandFactory;

    #[test]
    fn every_subcommand_is_well_formed() {
        super::Cli::command().debug_assert();
    }
}
