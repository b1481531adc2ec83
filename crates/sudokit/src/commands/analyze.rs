//! `sudokit analyze`.

use std::io::{BufWriter, Write};

use clap::Args;
use sudokit_analysis::{analyze, Analysis, AnalyzeOptions, REFERENCE_SEARCH};
use sudokit_core::records::AnalyzeRecord;
use sudokit_core::{certify_analysis, Budget};
use sudokit_model::LimitKind;
use sudokit_puzzle::{cell_name, Cell};

use crate::args::{EngineArgs, Format, InputArgs, Parallel};
use crate::commands::each_puzzle::{
    each_puzzle, unanswered, unanswered_record, write_skipped, Pace,
};
use crate::commands::json_line::write_record;
use crate::commands::printing::certificate_text;
use crate::failure::{Exit, Failure};
use crate::interrupt;

/// Arguments of `sudokit analyze`.
#[derive(Args, Debug)]
pub struct AnalyzeArgs {
    #[command(flatten)]
    input: InputArgs,
    #[command(flatten)]
    engine: EngineArgs,
    #[command(flatten)]
    parallel: Parallel,
    /// Count solutions up to N.
    #[arg(long, default_value_t = 1000, value_name = "N")]
    max: u64,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Pretty)]
    format: Format,
    /// Skip the redundant-givens check (one solve per given).
    #[arg(long)]
    no_redundancy: bool,
    /// Skip the difficulty measure (a search by the reference cp strategy).
    #[arg(long)]
    no_difficulty: bool,
    /// Prove the count when it is "unique" or "no solution", with a proof
    /// checked by code that shares none with the engines
    /// (docs/CERTIFICATES.md).
    #[arg(long)]
    certify: bool,
}

/// Analyses every puzzle of the input.
pub fn run(args: AnalyzeArgs) -> Result<Exit, Failure> {
    if args.max < 2 {
        return Err(Failure::bad(
            "--max must be at least 2 to tell a unique puzzle",
        ));
    }
    let options = AnalyzeOptions {
        cap: args.max,
        redundancy: !args.no_redundancy,
        difficulty: !args.no_difficulty,
        ..AnalyzeOptions::default()
    };
    let input = args.input.stream()?;
    let skip = input.skip_invalid();
    let engine = args.engine.build()?;
    let mut out = BufWriter::new(std::io::stdout().lock());
    let mut exit = Exit::Solved;
    let mut first = true;
    let cut = each_puzzle(
        input,
        engine.as_ref(),
        &args.engine,
        args.parallel.jobs,
        Pace::Chunks,
        &mut out,
        |out, line, why| write_skipped(out, args.format, line, why),
        |counter, entry| {
            let analysis = analyze(counter, &entry.puzzle, &options)?;
            // In the worker, so that proofs use every core.
            let certificate = args.certify.then(|| {
                let budget = Budget::none().cancel(interrupt::token());
                certify_analysis(&entry.puzzle, &analysis, &budget).record
            });
            Ok((analysis, certificate))
        },
        |out, chunk, results| {
            for (entry, result) in chunk.iter().zip(results) {
                let (analysis, certificate) = match result {
                    Ok(answered) => answered,
                    Err(e) => {
                        if let Some(record) = unanswered_record(args.format, entry, &e, skip) {
                            if args.format == Format::Pretty && !first {
                                writeln!(out)?;
                            }
                            writeln!(out, "{record}")?;
                            first = false;
                        }
                        exit = exit.max(unanswered(e, &format!("line {}", entry.line), skip)?);
                        continue;
                    }
                };
                if analysis.solutions == 0 {
                    exit = exit.max(Exit::NoSolution);
                }
                if let Some(kind) = analysis.stopped {
                    exit = exit.max(Exit::LimitReached);
                    if !interrupt::requested() {
                        eprintln!(
                            "line {}: limit reached ({}): the analysis so far",
                            entry.line,
                            kind.name()
                        );
                    }
                }
                match args.format {
                    Format::Pretty => {
                        if !first {
                            writeln!(out)?;
                        }
                        write_pretty(out, entry.line, &analysis)?;
                        if let Some(clash) = &analysis.clash {
                            writeln!(out, "  why: {clash}")?;
                        }
                        if let Some(certificate) = &certificate {
                            writeln!(out, "  {}", certificate_text(certificate))?;
                        }
                    }
                    Format::Line => {
                        writeln!(out, "{}", line_record(&analysis))?;
                        if let Some(certificate) = &certificate {
                            eprintln!("line {}: {}", entry.line, certificate_text(certificate));
                        }
                    }
                    Format::Json => {
                        let mut record = AnalyzeRecord::new(entry, &analysis);
                        record.certificate = certificate.map(Box::new);
                        write_record(out, &record)?
                    }
                }
                first = false;
            }
            Ok(())
        },
    )?;
    out.flush()?;
    Ok(exit.max(cut))
}

fn names(cells: &[Cell], size: usize) -> Vec<String> {
    cells.iter().map(|&c| cell_name(c, size)).collect()
}

fn count_text(a: &Analysis) -> String {
    match (a.solutions, a.exact) {
        (n, false) if a.stopped.is_some() => format!("at least {n} solutions (counting stopped)"),
        (0, _) => "no solution".into(),
        (1, true) => "1 solution".into(),
        (n, true) => format!("{n} solutions"),
        (n, false) => format!("at least {n} solutions (counting stopped at --max {n})"),
    }
}

fn write_pretty(out: &mut impl Write, line: usize, a: &Analysis) -> std::io::Result<()> {
    let n = a.size;
    writeln!(
        out,
        "line {line}: {n}x{n}, {} givens, {}",
        a.givens,
        count_text(a)
    )?;
    match (&a.minimal, &a.redundant) {
        (Some(true), _) => writeln!(out, "  unique and minimal: every given is needed")?,
        (Some(false), Some(redundant)) => writeln!(
            out,
            "  unique, not minimal: {} redundant given(s), each of which can go alone: {}",
            redundant.len(),
            names(redundant, n).join(" ")
        )?,
        _ if a.unique => writeln!(out, "  unique")?,
        _ => {}
    }
    if let Some(d) = &a.difficulty {
        let singles = match d.singles {
            true => "singles alone solve it".to_string(),
            false => format!("singles leave {} cells open", d.open_after_singles),
        };
        writeln!(
            out,
            "  difficulty: {singles}; {} guesses, {} fails ({REFERENCE_SEARCH}, counting to 2)",
            d.guesses, d.fails
        )?;
    }
    if let Some(differing) = &a.differing {
        writeln!(
            out,
            "  two solutions differ in {} cells: {}",
            differing.len(),
            names(differing, n).join(" ")
        )?;
    }
    if let Some(clues) = &a.completion {
        let clues: Vec<String> = clues
            .iter()
            .map(|&(c, d)| format!("{}={d}", cell_name(c, n)))
            .collect();
        writeln!(
            out,
            "  {} clue(s) that make it unique (greedy: small, not proven smallest): {}",
            clues.len(),
            clues.join(" ")
        )?;
    }
    if let Some(kind) = a.stopped {
        let by = match kind {
            LimitKind::Cancelled => "interrupted".to_string(),
            kind => format!("stopped by the {} limit", kind.name()),
        };
        writeln!(out, "  {by}: the rest was not reached")?;
    }
    Ok(())
}

/// `count unique|ambiguous|none [minimal|redundant=K] [singles] guesses=G [limit:KIND]`.
fn line_record(a: &Analysis) -> String {
    let mut words = vec![format!("{}{}", a.solutions, if a.exact { "" } else { "+" })];
    words.push(
        match (a.solutions, a.unique) {
            (0, _) => "none",
            (_, true) => "unique",
            _ => "ambiguous",
        }
        .into(),
    );
    match &a.redundant {
        Some(r) if r.is_empty() => words.push("minimal".into()),
        Some(r) => words.push(format!("redundant={}", r.len())),
        None => {}
    }
    if let Some(d) = &a.difficulty {
        if d.singles {
            words.push("singles".into());
        }
        words.push(format!("guesses={}", d.guesses));
    }
    if let Some(kind) = a.stopped {
        words.push(format!("limit:{}", kind.name()));
    }
    words.join(" ")
}
