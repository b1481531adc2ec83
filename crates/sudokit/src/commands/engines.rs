//! `sudokit engines`.

use std::io::Write;

use clap::Args;
use sudokit_core::records::EngineRecord;
use sudokit_core::{engines, Availability};

use crate::args::Format;
use crate::commands::json_line::write_record;
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
    let engines = engines();
    let mut out = std::io::stdout().lock();
    for e in &engines {
        match args.format {
            Format::Json => write_record(&mut out, &EngineRecord::from(e))?,
            Format::Line => {
                let status = if e.is_available() {
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
    for e in &engines {
        let status = match &e.availability {
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
        if let Availability::Unavailable { why, hint } = &e.availability {
            writeln!(out, "{:<36} {why}; {hint}", "")?;
        }
    }
    Ok(Exit::Solved)
}
