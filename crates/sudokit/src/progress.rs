//! A progress bar for long batches: on stderr, and only when a person is
//! watching stderr while the results go to a file or a pipe (a bar would
//! tangle with results printed on the same terminal).

use std::io::IsTerminal;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// Inputs smaller than this (about 2000 classic puzzles) finish before a
/// bar would help.
const WORTH_A_BAR: u64 = 160_000;

/// A bar over an input of `size` bytes (puzzles are read as they are
/// solved, so the bytes read tell how far the batch is), or a hidden one
/// when the size is unknown (standard input) or small.
pub fn batch_progress(size: Option<u64>) -> ProgressBar {
    let watched = std::io::stderr().is_terminal()
        && !std::io::stdout().is_terminal()
        && !crate::notes::quiet();
    let Some(size) = size.filter(|&size| watched && size >= WORTH_A_BAR) else {
        return ProgressBar::hidden();
    };
    let bar = ProgressBar::with_draw_target(Some(size), ProgressDrawTarget::stderr());
    if let Ok(style) = ProgressStyle::with_template(
        "{elapsed_precise} [{bar:30}] {binary_bytes}/{binary_total_bytes}, {msg} puzzles, eta {eta}",
    ) {
        bar.set_style(style.progress_chars("=> "));
    }
    bar
}
