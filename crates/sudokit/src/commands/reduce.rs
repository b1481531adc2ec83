//! `sudokit reduce`.

use std::cell::Cell;
use std::io::{BufWriter, Write};

use clap::Args;
use sudokit_analysis::{given_count, reduce, AnalysisError, Order, ReduceOptions, Symmetry};
use sudokit_core::records::{ErrorRecord, ReduceRecord, Source};

use crate::args::{EngineArgs, InputArgs, Parallel};
use crate::commands::each_puzzle::{each_puzzle, unanswered, Pace};
use crate::commands::json_line::record_text;
use crate::commands::puzzle_form::PuzzleForm;
use crate::failure::{Exit, Failure};
use crate::interrupt;
use crate::notes::note;
use sudokit_core::no_solution;

/// Arguments of `sudokit reduce`.
#[derive(Args, Debug)]
pub struct ReduceArgs {
    #[command(flatten)]
    input: InputArgs,
    #[command(flatten)]
    engine: EngineArgs,
    #[command(flatten)]
    parallel: Parallel,
    /// Keep this symmetry of the givens: none, rot180, rot90, mirror, diagonal.
    #[arg(long, default_value = "none", value_name = "SYMMETRY")]
    symmetry: Symmetry,
    /// Stop once at most N givens are left.
    #[arg(long, value_name = "N")]
    clues: Option<usize>,
    /// Output form of the reduced puzzles.
    #[arg(long, value_enum, default_value_t = PuzzleForm::Auto)]
    format: PuzzleForm,
}

/// Reduces every puzzle of the input; a summary per puzzle goes to stderr.
pub fn run(mut args: ReduceArgs) -> Result<Exit, Failure> {
    let options = ReduceOptions {
        symmetry: args.symmetry,
        // --seed draws the order (and is not the engine's); else row-major.
        order: Some(
            args.engine
                .seed
                .take()
                .map_or(Order::RowMajor, Order::Random),
        ),
        target: args.clues,
    };
    let input = args.input.stream()?;
    let skip = input.skip_invalid();
    let engine = args.engine.build()?;
    let mut out = BufWriter::new(std::io::stdout().lock());
    let mut exit = Exit::Solved;
    let written = Cell::new(0);
    let cut = each_puzzle(
        input,
        engine.as_ref(),
        &args.engine,
        args.parallel.jobs,
        Pace::Chunks,
        &mut out,
        // In a JSON array, an unreadable line has its error record; a
        // puzzle file has no place for one (stderr says it).
        |out, line, why| {
            if args.format == PuzzleForm::Json {
                let record = record_text(&ErrorRecord::new(Source::new(line, None), why));
                PuzzleForm::Json.write(out, written.get(), &record)?;
                written.set(written.get() + 1);
            }
            Ok(())
        },
        |counter, entry| reduce(counter, &entry.puzzle, &options),
        |out, chunk, results| {
            for (entry, result) in chunk.iter().zip(results) {
                let at = format!("line {}", entry.line);
                let reduced = match result {
                    Ok(reduced) => reduced,
                    Err(AnalysisError::NoSolution(clash)) => {
                        eprintln!("{at}: {}", no_solution(clash.as_ref()));
                        exit = exit.max(Exit::NoSolution);
                        continue;
                    }
                    // Stopped before its solution was known: given back
                    // as it came, so that every puzzle has its record.
                    Err(AnalysisError::Stopped(kind)) => {
                        let form = args
                            .format
                            .resolve(entry.puzzle.variant_parts().is_empty())?;
                        let text = form.render(&entry.puzzle, entry.digits, || {
                            record_text(&ReduceRecord::stopped(entry, kind))
                        });
                        form.write(out, written.get(), &text)?;
                        written.set(written.get() + 1);
                        exit = exit.max(unanswered(AnalysisError::Stopped(kind), &at, skip)?);
                        continue;
                    }
                    Err(e) => {
                        exit = exit.max(unanswered(e, &at, skip)?);
                        continue;
                    }
                };
                let form = args
                    .format
                    .resolve(reduced.puzzle.variant_parts().is_empty())?;
                let left = given_count(&reduced.puzzle);
                if let Some(kind) = reduced.stopped {
                    exit = exit.max(Exit::LimitReached);
                    if !interrupt::requested() {
                        eprintln!(
                            "{at}: limit reached ({}): unique, perhaps not minimal",
                            kind.name()
                        );
                    }
                }
                note!(
                    "{at}: {} givens -> {left} ({} taken away)",
                    left + reduced.removed,
                    reduced.removed
                );
                let text = form.render(&reduced.puzzle, entry.digits, || {
                    record_text(&ReduceRecord::new(entry, &reduced))
                });
                form.write(out, written.get(), &text)?;
                written.set(written.get() + 1);
            }
            Ok(())
        },
    )?;
    if args.format == PuzzleForm::Json {
        write!(out, "{}", PuzzleForm::Json.closing(written.get()))?;
    }
    out.flush()?;
    Ok(exit.max(cut))
}
