//! `sudokit completions` and `sudokit man`: what shells and `man` need,
//! made from the same argument definitions as the parser (clap_complete,
//! clap_mangen), so they never fall behind the options.

use std::io::Write;
use std::path::PathBuf;

use clap::Args;
use clap_complete::Shell;

use crate::failure::{Exit, Failure};

/// Arguments of `sudokit completions`.
#[derive(Args, Debug)]
pub struct CompletionsArgs {
    /// The shell: bash, zsh, fish, elvish or powershell.
    shell: Shell,
}

/// Arguments of `sudokit man`.
#[derive(Args, Debug)]
pub struct ManArgs {
    /// Write one page per command (sudokit.1, sudokit-solve.1 ...) into DIR
    /// instead of printing sudokit.1.
    #[arg(long, value_name = "DIR")]
    dir: Option<PathBuf>,
}

/// Prints the completion script of `shell` for `command`.
pub fn completions(args: CompletionsArgs, mut command: clap::Command) -> Result<Exit, Failure> {
    // clap_complete panics when a write fails: made in memory, then written
    // like any output, so a full disk or a closed pipe gets its exit code.
    let mut script = Vec::new();
    clap_complete::generate(args.shell, &mut command, "sudokit", &mut script);
    let mut out = std::io::stdout().lock();
    out.write_all(&script)?;
    out.flush()?;
    Ok(Exit::Solved)
}

/// Prints the man page of `command`, or writes a page per command to a folder.
pub fn man(args: ManArgs, command: clap::Command) -> Result<Exit, Failure> {
    match args.dir {
        Some(dir) => {
            std::fs::create_dir_all(&dir)
                .and_then(|()| clap_mangen::generate_to(command, &dir))
                .map_err(|e| Failure::Output(format!("{}: {e}", dir.display())))?;
        }
        None => {
            let mut out = std::io::stdout().lock();
            clap_mangen::Man::new(command).render(&mut out)?;
            out.flush()?;
        }
    }
    Ok(Exit::Solved)
}
