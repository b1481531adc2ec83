//! `sudokit solve`.

use clap::Args;
use sudokit_model::Mode;

use crate::args::{EngineArgs, InputArgs, OutputArgs, Parallel};
use crate::commands::batch::solve_and_print;
use crate::commands::printing::Report;
use crate::failure::{Exit, Failure};

/// Arguments of `sudokit solve`.
#[derive(Args, Debug)]
pub struct SolveArgs {
    #[command(flatten)]
    input: InputArgs,
    #[command(flatten)]
    engine: EngineArgs,
    #[command(flatten)]
    parallel: Parallel,
    #[command(flatten)]
    output: OutputArgs,
    /// Also count solutions up to N (2 tells whether each puzzle is unique).
    #[arg(long, value_name = "N")]
    count: Option<u64>,
}

/// Solves every puzzle of the input.
pub fn run(args: SolveArgs) -> Result<Exit, Failure> {
    let input = args.input.stream()?;
    let (mode, report) = match args.count {
        Some(0) => return Err(Failure::bad("--count must be at least 1")),
        Some(n) => (Mode::CountUpTo(n), Report::SolutionAndCount),
        // A claim to prove: unique or not.
        None if args.output.certify => (Mode::CountUpTo(2), Report::SolutionAndCount),
        None => (Mode::First, Report::Solution),
    };
    // Every grid found is blocked in the certificate.
    let keep = if args.output.certify { usize::MAX } else { 1 };
    solve_and_print(
        input,
        &args.engine,
        args.parallel.jobs,
        &args.output,
        mode,
        keep,
        report,
    )
}
