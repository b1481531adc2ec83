//! `sudokit grade`: how hard a puzzle is for a person.

use std::collections::BTreeMap;
use std::io::{BufWriter, Write};

use clap::Args;
use sudokit_analysis::explain_puzzle;
use sudokit_core::records::GradeRecord;
use sudokit_explain::{ExplainOptions, Grade, Level};

use crate::args::{EngineArgs, Format, InputArgs, Parallel};
use crate::commands::each_puzzle::{
    each_puzzle, unanswered, unanswered_record, write_skipped, Pace,
};
use crate::commands::json_line::write_record;
use crate::failure::{Exit, Failure};
use sudokit_core::{grade_text, no_solution};

/// Arguments of `sudokit grade`.
#[derive(Args, Debug)]
pub struct GradeArgs {
    #[command(flatten)]
    input: InputArgs,
    /// Output format: a sentence per puzzle and a tally (pretty),
    /// `level rating hardest steps` (line), or JSON.
    #[arg(long, value_enum, default_value_t = Format::Pretty)]
    format: Format,
    #[command(flatten)]
    engine: EngineArgs,
    #[command(flatten)]
    parallel: Parallel,
}

/// Grades every puzzle of the input.
pub fn run(args: GradeArgs) -> Result<Exit, Failure> {
    let input = args.input.stream()?;
    let skip = input.skip_invalid();
    let engine = args.engine.build()?;
    let mut out = BufWriter::new(std::io::stdout().lock());
    let mut exit = Exit::Solved;
    let mut tally: BTreeMap<Level, usize> = BTreeMap::new();
    let cut = each_puzzle(
        input,
        engine.as_ref(),
        &args.engine,
        args.parallel.jobs,
        Pace::Chunks,
        &mut out,
        |out, line, why| write_skipped(out, args.format, line, why),
        |counter, entry| {
            let explained =
                explain_puzzle(counter, &entry.puzzle, ExplainOptions::grading(), false)?;
            explained.finished_grade()?;
            Ok(explained)
        },
        |out, chunk, results| {
            for (entry, result) in chunk.iter().zip(results) {
                let at = match &entry.label {
                    Some(label) => format!("line {} ({label})", entry.line),
                    None => format!("line {}", entry.line),
                };
                let explained = match result {
                    Ok(explained) => explained,
                    Err(e) => {
                        if let Some(record) = unanswered_record(args.format, entry, &e, skip) {
                            writeln!(out, "{record}")?;
                        }
                        exit = exit.max(unanswered(e, &at, skip)?);
                        continue;
                    }
                };
                // A grade is a property of a puzzle with one solution.
                if explained.solutions != 1 {
                    let what = match explained.solutions {
                        0 => no_solution(explained.clash.as_ref()),
                        _ => "more than one solution".to_string(),
                    };
                    eprintln!("{at}: not graded, {what}");
                    exit = exit.max(Exit::NoSolution);
                    continue;
                }
                let grade = &explained.grade;
                *tally.entry(grade.level).or_default() += 1;
                match args.format {
                    Format::Pretty => writeln!(out, "{at}: {}", grade_text(grade))?,
                    Format::Line => writeln!(out, "{}", grade_line(grade))?,
                    Format::Json => write_record(out, &GradeRecord::new(entry, grade))?,
                }
            }
            Ok(())
        },
    )?;
    let graded: usize = tally.values().sum();
    if args.format == Format::Pretty && graded > 1 {
        let parts: Vec<String> = tally.iter().map(|(l, k)| format!("{l} {k}")).collect();
        writeln!(out, "{graded} puzzles: {}", parts.join(", "))?;
    }
    out.flush()?;
    Ok(exit.max(cut))
}

/// `level rating hardest steps`, the technique in kebab case, `-` for none.
fn grade_line(grade: &Grade) -> String {
    let rating = grade.rating.map_or("-".into(), |r| r.to_string());
    let hardest = grade
        .hardest
        .map_or("-".into(), |t| t.name().to_lowercase().replace(' ', "-"));
    format!("{} {rating} {hardest} {}", grade.level, grade.steps)
}
