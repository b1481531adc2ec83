//! Notes on stderr that tell what happened (the seed drawn, a file
//! written, a summary), as opposed to errors and warnings about the input.
//! `--quiet` turns them off, and the progress bars with them.

use std::sync::atomic::{AtomicBool, Ordering};

static QUIET: AtomicBool = AtomicBool::new(false);

/// Sets `--quiet` for the whole run.
pub fn set_quiet(quiet: bool) {
    QUIET.store(quiet, Ordering::Relaxed);
}

/// Whether `--quiet` was given.
pub fn quiet() -> bool {
    QUIET.load(Ordering::Relaxed)
}

/// `eprintln!` unless `--quiet`.
macro_rules! note {
    ($($arg:tt)*) => {
        if !$crate::notes::quiet() {
            eprintln!($($arg)*);
        }
    };
}
pub(crate) use note;
