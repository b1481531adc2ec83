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
    /// Output format: a table, one `NAME available|unavailable` line per
    /// engine, or one JSON object per engine.
    #[arg(long, value_enum, default_value_t = Format::Pretty)]
    format: Format,
}

/// Lists every engine with its family and availability, probed now.
pub fn run(args: EnginesArgs) -> Result<Exit, Failure> {
    let engines: Vec<_> = catalogue()
        .into_iter()
        .map(|d| {
            let availability = (d.probe)();
            (d, availability)
        })
        .collect();
    let mut out = std::io::stdout().lock();
    for (e, availability) in &engines {
        let (why, hint) = match availability {
            Availability::Available => (None, None),
            Availability::Unavailable { why, hint } => (Some(why), Some(hint)),
        };
        let available = why.is_none();
        match args.format {
            Format::Json => {
                let record = json!({
                    "name": e.name, "family": e.family, "available": available,
                    "why": why, "hint": hint, "options": e.options, "summary": e.summary,
                });
                writeln!(out, "{record}")?;
            }
            Format::Line => {
                let status = if available {
                    "available"
                } else {
                    "unavailable"
                };
                writeln!(out, "{} {status}", e.name)?;
            }
            Format::Pretty => {}
        }
    }
    if args.format != Format::Pretty {
        return Ok(Exit::Solved);
    }
    writeln!(
        out,
        "{:<10} {:<13} {:<11} WHAT",
        "ENGINE", "FAMILY", "STATUS"
    )?;
    for (e, availability) in &engines {
        let status = match availability {
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
        if let Availability::Unavailable { why, hint } = availability {
            writeln!(out, "{:<36} {why}; {hint}", "")?;
        }
    }
    Ok(Exit::Solved)
}
