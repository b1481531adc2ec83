//! `sudokit serve`: the page and the JSON API on this machine
//! (`sudokit-serve`), until Ctrl-C.

use std::io::Write;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};

use clap::Args;
use sudokit_serve::Settings;

use crate::failure::{Exit, Failure};
use crate::interrupt;

/// The port when none is given.
const DEFAULT_PORT: u16 = 7373;

#[derive(Args)]
pub struct ServeArgs {
    /// The port to listen on (0 picks a free one).
    #[arg(long, default_value_t = DEFAULT_PORT)]
    port: u16,
    /// The address to listen on; the default answers this machine only
    /// (0.0.0.0 answers every machine that can reach this one).
    #[arg(long, default_value_t = IpAddr::V4(Ipv4Addr::LOCALHOST), value_name = "ADDR")]
    bind: IpAddr,
}

/// Serves until Ctrl-C (or SIGTERM); answers under way are finished first.
pub fn run(args: ServeArgs) -> Result<Exit, Failure> {
    let address = SocketAddr::new(args.bind, args.port);
    let stop = interrupt::token();
    sudokit_serve::serve(
        address,
        Settings::default(),
        |bound| {
            // Stdout, so a script can read the port that 0 picked.
            println!("sudokit serve: http://{bound}/ (Ctrl-C stops)");
            let _ = std::io::stdout().flush();
        },
        move || stop.is_cancelled(),
    )
    .map_err(|e| Failure::bad(format!("cannot serve on {address}: {e}")))?;
    Ok(Exit::Solved)
}
