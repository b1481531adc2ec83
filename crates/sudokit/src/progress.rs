//! A progress bar for long batches: on stderr, and only when a person is
//! watching stderr while the results go to a file or a pipe (a bar would
//! tangle with results printed on the same terminal).

use std::io::IsTerminal;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// Batches smaller than this finish before a bar would help.
const WORTH_A_BAR: usize = 2000;

/// A bar over `total` puzzles, or a hidden one.
pub fn batch_progress(total: usize) -> ProgressBar {
    let watched = std::io::stderr().is_terminal() && !std::io::stdout().is_terminal();
    if !watched || total < WORTH_A_BAR {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::with_draw_target(Some(total as u64), ProgressDrawTarget::stderr());
    if let Ok(style) =
        ProgressStyle::with_template("{elapsed_precise} [{bar:30}] {pos}/{len} puzzles, eta {eta}")
    {
        bar.set_style(style.progress_chars("=> "));
    }
    bar
}
