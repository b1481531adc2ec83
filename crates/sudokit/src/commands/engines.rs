//! `sudokit engines`.

use std::io::Write;

use clap::Args;
use serde_json::json;
use sudokit_engines::{catalogue, Availability};

use crate::args::Format;
use crate::failure::{Exit, Failure};

/// Arguments of `sudokit engines`.
#[derive(Args, Debug)]
pub struct EnginesArgs {
    /// Output format (pretty or json).
    #[arg(long, value_enum, default_value_t = Format::Pretty)]
    format: Format,
}

/// Lists every engine with its family and availability.
pub fn run(args: EnginesArgs) -> Result<Exit, Failure> {
    let engines = catalogue();
    let mut out = std::io::stdout().lock();
    if args.format == Format::Json {
        for e in &engines {
            let (available, why, hint) = match e.availability {
                Availability::Available => (true, None, None),
                Availability::Unavailable { why, hint } => (false, Some(why), Some(hint)),
            };
            let record = json!({
                "name": e.name, "family": e.family, "available": available,
                "why": why, "hint": hint, "options": e.options, "summary": e.summary,
            });
            writeln!(out, "{record}")?;
        }
        return Ok(Exit::Solved);
    }
    writeln!(
        out,
        "{:<10} {:<13} {:<11} WHAT",
        "ENGINE", "FAMILY", "STATUS"
    )?;
    for e in &engines {
        let status = match e.availability {
            Availability::Available => "available",
            Availability::Unavailable { .. } => "unavailable",
        };
        writeln!(
            out,
            "{:<10} {:<13} {:<11} {}",
            e.name, e.family, status, e.summary
        )?;
        if !e.options.is_empty() {
            writeln!(out, "{:<36} options: {}", "", e.options)?;
        }
        if let Availability::Unavailable { why, hint } = e.availability {
            writeln!(out, "{:<36} {why}; {hint}", "")?;
        }
    }
    Ok(Exit::Solved)
}
