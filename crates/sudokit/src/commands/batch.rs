//! What `solve` and `count` share: stream the input, solve it a chunk at a
//! time through the pipeline, print each chunk as it is ready.

use std::io::{BufWriter, Write};

use sudokit_model::Mode;

use crate::args::{EngineArgs, OutputArgs};
use crate::commands::printing::{print, Report};
use crate::failure::{Exit, Failure};
use crate::input::PuzzleInput;
use crate::progress::batch_progress;
use crate::solving::solve_batch;

/// Solves the puzzles of `input` with the engine `engine_args` names, on
/// `jobs` workers, and prints each chunk of answers as it is ready.
pub fn solve_and_print(
    input: PuzzleInput,
    engine_args: &EngineArgs,
    jobs: usize,
    output: &OutputArgs,
    mode: Mode,
    keep: usize,
    report: Report,
) -> Result<Exit, Failure> {
    let engine = engine_args.build()?;
    let name = engine.name();
    let mut out = BufWriter::new(std::io::stdout().lock());
    let progress = batch_progress(input.size());
    progress.set_message("0");
    let bytes_read = input.bytes_read();
    let mut solved = 0;
    let exit = solve_batch(
        input,
        engine.as_ref(),
        engine_args,
        jobs,
        mode,
        keep,
        |chunk, answers, many| {
            print(&mut out, output, report, &name, many, chunk, answers)?;
            // A chunk's answers are out before the next chunk is solved
            // (and before the batch's solvers are put away).
            out.flush()?;
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
