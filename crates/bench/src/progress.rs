use std::io::IsTerminal;
use std::time::Duration;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use crate::{Row, RowStatus};

/// A progress bar on stderr for long runs, one tick per solve; silent when
/// stderr is not a terminal (pipes, CI, tests).
#[derive(Debug)]
pub struct Progress {
    bar: ProgressBar,
}

impl Progress {
    /// A bar for `total` solves, drawn only when `visible` and stderr is
    /// a terminal.
    pub fn new(total: u64, visible: bool) -> Self {
        let bar = if visible && std::io::stderr().is_terminal() {
            ProgressBar::with_draw_target(Some(total), ProgressDrawTarget::stderr())
        } else {
            ProgressBar::hidden()
        };
        bar.set_style(
            ProgressStyle::with_template(
                "{elapsed_precise} [{bar:30}] {pos}/{len} solves, eta {eta}  {msg}",
            )
            .expect("a valid template")
            .progress_chars("=> "),
        );
        bar.enable_steady_tick(Duration::from_millis(200));
        Progress { bar }
    }

    /// Records one finished solve.
    pub fn record(&self, row: &Row) {
        let mut message = format!("{} on {} #{}", row.engine, row.set, row.puzzle);
        if row.status != RowStatus::Solved {
            message.push_str(": ");
            message.push_str(row.status.name());
        }
        self.bar.set_message(message);
        self.bar.inc(1);
    }

    /// Removes the bar.
    pub fn finish(&self) {
        self.bar.finish_and_clear();
    }
}
