//! `sudokit count`.

use clap::Args;
use sudokit_model::Mode;

use crate::args::{EngineArgs, InputArgs, OutputArgs, Parallel};
use crate::commands::batch::solve_and_print;
use crate::commands::printing::Report;
use crate::failure::{Exit, Failure};

/// Arguments of `sudokit count`.
#[derive(Args, Debug)]
pub struct CountArgs {
    #[command(flatten)]
    input: InputArgs,
    #[command(flatten)]
    engine: EngineArgs,
    #[command(flatten)]
    parallel: Parallel,
    #[command(flatten)]
    output: OutputArgs,
    /// Stop counting at N solutions (2 is the uniqueness check).
    #[arg(long, default_value_t = 1000, value_name = "N", conflicts_with = "all")]
    max: u64,
    /// Count every solution, however many (mind --timeout).
    #[arg(long)]
    all: bool,
    /// Print every solution the moment it is found (a grid, a line or a
    /// JSON record each), then the count; puzzles are counted one at a time.
    #[arg(long)]
    list: bool,
}

/// Counts the solutions of every puzzle of the input.
pub fn run(args: CountArgs) -> Result<Exit, Failure> {
    if args.max == 0 {
        return Err(Failure::bad(
            "--max must be at least 1 (use --all for no cap)",
        ));
    }
    let input = args.input.stream()?;
    let mode = if args.all {
        Mode::All
    } else {
        Mode::CountUpTo(args.max)
    };
    // Every grid found is blocked in the certificate.
    let keep = if args.list || args.output.certify {
        usize::MAX
    } else {
        1
    };
    let report = Report::Count { list: args.list };
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
