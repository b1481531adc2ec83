//! The whole SMT-LIB conversation in a file (`z3:log=FILE`): every command
//! as sent, every answer as a `;` comment, so `z3 FILE` replays it and a
//! student sees exactly what the solver received.

use std::fs::File;
use std::io::{self, BufWriter, Write};
use std::path::Path;
use std::sync::Mutex;

/// A transcript file shared by the processes of one engine.
#[derive(Debug)]
pub struct Transcript {
    state: Mutex<State>,
}

#[derive(Debug)]
struct State {
    out: BufWriter<File>,
    processes: u64,
    /// The process whose lines came last.
    current: u64,
}

impl Transcript {
    /// Creates (or truncates) the file.
    pub fn create(path: &Path) -> io::Result<Self> {
        Ok(Transcript {
            state: Mutex::new(State {
                out: BufWriter::new(File::create(path)?),
                processes: 0,
                current: 0,
            }),
        })
    }

    /// A number for a new process; its lines are headed by it.
    pub(crate) fn new_process(&self) -> u64 {
        let mut state = self.lock();
        state.processes += 1;
        state.processes
    }

    /// A command sent by process `id`.
    pub(crate) fn command(&self, id: u64, line: &str) {
        let mut state = self.lock();
        state.switch_to(id);
        let _ = writeln!(state.out, "{line}");
    }

    /// An answer of process `id`, as comment lines.
    pub(crate) fn answer(&self, id: u64, text: &str) {
        let mut state = self.lock();
        state.switch_to(id);
        for line in text.lines() {
            let _ = writeln!(state.out, "; {line}");
        }
        let _ = state.out.flush();
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, State> {
        // A panic elsewhere while writing leaves a usable file.
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }
}

impl State {
    fn switch_to(&mut self, id: u64) {
        if id != self.current {
            self.current = id;
            let _ = writeln!(self.out, "; ---- z3 process {id} ----");
        }
    }
}

impl Drop for Transcript {
    fn drop(&mut self) {
        let _ = self.lock().out.flush();
    }
}
