//! What `solve` and `count` share: stream the input, solve it a chunk at a
//! time through the pipeline, print each chunk as it is ready.

use std::io::{BufWriter, Write};

use sudokit_model::{Engine, Mode};

use crate::args::{EngineArgs, OutputArgs};
use crate::commands::printing::{print, Report};
use crate::failure::{Exit, Failure};
use crate::input::PuzzleInput;
use crate::progress::batch_progress;
use crate::solving::solve_batch;

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
