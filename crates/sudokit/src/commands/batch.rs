//! What `solve` and `count` share: stream the input, solve it a chunk at a
//! time through the pipeline, print each chunk as it is ready.

use sudokit_model::{Mode, Request};

use crate::args::{EngineArgs, OutputArgs};
use crate::commands::listing::Listing;
use crate::commands::printing::{print, write_error, Report};
use crate::failure::{Exit, Failure};
use crate::input::{report_passed_over, PuzzleInput};
use crate::interrupt;
use crate::progress::batch_progress;
use crate::solving::{solve_batch, Ask, KeptGrids};

/// Solves the puzzles of `input` with the engine `engine_args` names, on
/// `jobs` workers, and prints each chunk of answers as it is ready, each
/// answer with up to `keep` of its solutions. `count --list` prints every
/// solution as it is found instead (one puzzle at a time, so that the
/// grids of two puzzles do not mix).
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
    let listing = Listing::new(output.format);
    let streams = report == Report::Count { list: true };
    let progress = batch_progress(input.size());
    progress.set_message("0");
    let bytes_read = input.bytes_read();
    let ask = |entry: &_| {
        let request = Request::new(mode).with_limits(engine_args.limits());
        let certify = output.certify;
        match streams {
            true => {
                let kept = certify.then(KeptGrids::default);
                let sink = listing.sink(entry, kept.clone());
                Ask {
                    request: request.streaming(sink),
                    certify,
                    kept,
                }
            }
            false => Ask {
                request: request.keeping(keep),
                certify,
                kept: None,
            },
        }
    };
    let skip_invalid = input.skip_invalid();
    // A line passed over gets its error record where it stood.
    let skipped = input.skipped();
    // Whether a line passed over stands before line `before`: a chunk is
    // printed whole unless one does (the common case takes one lock).
    let skipped_before = |before: usize| {
        skipped
            .borrow()
            .front()
            .is_some_and(|(line, _)| *line < before)
    };
    let write_skipped = |before: usize| {
        let mut skipped = skipped.borrow_mut();
        listing.write(|out| {
            report_passed_over(&mut skipped, before, |line, why| {
                write_error(out, output.format, line, None, why)
            })
        })
    };
    let exit = solve_batch(
        input,
        engine.as_ref(),
        if streams { 1 } else { jobs },
        skip_invalid,
        ask,
        |chunk, answers, many| {
            // A chunk's answers are printed (while the workers solve the
            // next chunk) in runs between the lines passed over.
            let print_run = |entries: &[_], answers: &[_]| {
                listing.write(|out| print(out, output, report, &name, many, entries, answers))
            };
            let mut from = 0;
            for (i, entry) in chunk.iter().enumerate() {
                if skipped_before(entry.line) {
                    print_run(&chunk[from..i], &answers[from..i])?;
                    write_skipped(entry.line)?;
                    from = i;
                }
            }
            print_run(&chunk[from..], &answers[from..])?;
            listing.flush()?;
            Ok(())
        },
        |solved| {
            progress.set_position(bytes_read.get());
            progress.set_message(solved.to_string());
        },
    );
    progress.finish_and_clear();
    // Lines passed over after the last puzzle (not past the line an
    // interrupted run reports stopping after).
    if !interrupt::requested() {
        write_skipped(usize::MAX)?;
    }
    // What was answered before a bad line is printed before its error.
    listing.flush()?;
    exit
}
