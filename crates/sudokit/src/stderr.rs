//! `eprintln!` and `eprint!` for the whole binary, in place of std's,
//! which panic when standard error cannot be written (`2>/dev/full`): the
//! run would end with a panic's exit code 101 instead of the one it earned.
//! A message nobody can read is dropped; the exit code still tells.

macro_rules! eprintln {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let _ = writeln!(std::io::stderr(), $($arg)*);
    }};
}

macro_rules! eprint {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let _ = write!(std::io::stderr(), $($arg)*);
    }};
}
