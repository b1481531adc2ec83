//! `sudokit certify`: a proof of the count, written out for any checker.

use std::io::Write;
use std::path::PathBuf;

use clap::Args;
use sudokit_core::records::SolveRecord;
use sudokit_core::{certify, Budget, CountOptions, Kit, Uncertified};

use crate::args::{EngineArgs, Format, InputArgs};
use crate::commands::json_line::write_record;
use crate::failure::{Exit, Failure};
use crate::interrupt;

/// Arguments of `sudokit certify`.
#[derive(Args, Debug)]
pub struct CertifyArgs {
    #[command(flatten)]
    input: InputArgs,
    #[command(flatten)]
    engine: EngineArgs,
    /// The folder to write the bundle to: README.txt, puzzle.toml, the
    /// grids found (solutions.txt), puzzle.cnf (DIMACS) and proof.drat,
    /// which `drat-trim puzzle.cnf proof.drat` checks.
    #[arg(short, long, value_name = "DIR")]
    output: PathBuf,
    /// Count (and certify) up to N solutions.
    #[arg(long, default_value_t = 1000, value_name = "N")]
    max: u64,
    /// Output format (pretty or json).
    #[arg(long, value_enum, default_value_t = Format::Pretty)]
    format: Format,
}

/// Counts the solutions of the (single) input puzzle, proves the count and
/// writes the bundle.
pub fn run(args: CertifyArgs) -> Result<Exit, Failure> {
    let entries = args.input.read()?;
    let [entry] = entries.as_slice() else {
        return Err(Failure::bad(format!(
            "certify proves one puzzle; the input holds {} puzzles",
            entries.len()
        )));
    };
    let budget = Budget {
        timeout: args.engine.timeout,
        nodes: args.engine.nodes,
        cancel: Some(interrupt::token()),
    };
    let kit = Kit::with_engine(args.engine.build()?).with_budget(budget.clone());
    let options = CountOptions::up_to(args.max).keeping(args.max as usize);
    let answer = kit
        .count(&entry.puzzle, &options)
        .map_err(|e| Failure::Internal(e.to_string()))?;
    let certified = certify(&entry.puzzle, &answer, &budget);
    let mut record = SolveRecord::new(entry, &answer, &args.engine.spec(), false);
    record.certificate = Some(Box::new(certified.record.clone()));
    let bundle = certified.bundle(&entry.puzzle, &answer);
    // No certificate, no bundle: the folder is not even made.
    if !bundle.is_empty() {
        std::fs::create_dir_all(&args.output)
            .map_err(|e| Failure::Output(format!("{}: {e}", args.output.display())))?;
    }
    for (name, text) in &bundle {
        let path = args.output.join(name);
        std::fs::write(&path, text)
            .map_err(|e| Failure::Output(format!("{}: {e}", path.display())))?;
    }
    let names: Vec<&str> = bundle.iter().map(|(name, _)| *name).collect();
    let mut out = std::io::stdout().lock();
    match args.format {
        Format::Json => write_record(&mut out, &record)?,
        _ => {
            let c = &certified.record;
            match &c.reason {
                None => writeln!(
                    out,
                    "{}: certified ({} lemmas, {} bytes of proof)\nwrote {} in {}; check with: drat-trim {} {}",
                    c.claim,
                    c.lemmas.unwrap_or(0),
                    c.proof_bytes.unwrap_or(0),
                    names.join(", "),
                    args.output.display(),
                    args.output.join("puzzle.cnf").display(),
                    args.output.join("proof.drat").display(),
                )?,
                Some(reason) => writeln!(out, "{}: not certified: {reason}", c.claim)?,
            }
        }
    }
    Ok(match &certified.uncertified {
        _ if certified.record.certified => Exit::from(answer.status),
        None | Some(Uncertified::Stopped) => Exit::LimitReached,
        Some(Uncertified::Refused(_)) => Exit::BadInput,
        Some(_) => Exit::Internal,
    })
}
