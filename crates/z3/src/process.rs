//! A `z3 -in` process spoken to in SMT-LIB 2 over its standard input and
//! output, as Verus and Dafny/Boogie do.
//!
//! Commands that answer nothing on success are sent in batches and closed
//! by an `echo` that marks the end, so a batch costs one round trip and an
//! error in it is still seen. A `check-sat` runs under the solver's own
//! `:timeout`, and under a watchdog thread that kills the process when the
//! caller cancels (or when the solver overruns its timeout): the blocked
//! read then ends, and the watchdog is joined before the call returns.
//! The process is killed when dropped; it runs in its own process group so
//! a Ctrl-C at the terminal reaches sudokit, which decides what to stop.
//! (The crates that drive solver processes, `easy-smt` and `rsmt2`, keep
//! the child to themselves, so a blocked check could not be killed from
//! another thread: the process is ours, the S-expressions are `sise`'s.)

use std::io::{self, BufRead, BufReader, BufWriter, Write};
use std::os::unix::process::CommandExt;
use std::path::Path;
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::sync::Arc;
use std::time::{Duration, Instant};

use sudokit_model::{LimitKind, Limits, Stats};

use crate::statistics::Counters;
use crate::term::{app, atom, parse, render, Term};
use crate::transcript::Transcript;

/// Why a conversation with the solver failed.
#[derive(Debug, thiserror::Error)]
pub enum ProcessError {
    /// The program would not start.
    #[error("cannot start {program}: {source}")]
    Spawn {
        /// The program.
        program: String,
        /// Why.
        source: io::Error,
    },
    /// The pipe broke or the process died.
    #[error("lost the z3 process: {0}")]
    Io(#[from] io::Error),
    /// The solver answered `(error "…")`.
    #[error("z3 refused a command: {0}")]
    Refused(String),
    /// The solver printed something that is no answer to what was asked.
    #[error("unexpected answer from z3: {0}")]
    Unexpected(String),
    /// A limit stopped a check, and the process with it.
    #[error("stopped by the {} limit", .0.name())]
    Stopped(LimitKind),
}

/// One running solver.
#[derive(Debug)]
pub struct Z3Process {
    child: Child,
    stdin: BufWriter<ChildStdin>,
    stdout: BufReader<ChildStdout>,
    transcript: Option<Arc<Transcript>>,
    id: u64,
    /// The `:timeout` (ms) now set in the solver, `None` for none.
    timeout_ms: Option<u64>,
    /// False once a failure left the conversation in an unknown state.
    healthy: bool,
    /// The solver's counters when last reported.
    reported: Counters,
}

/// What the watchdog allows past a deadline before it kills a solver that
/// did not honour its own `:timeout`.
const OVERRUN: Duration = Duration::from_millis(250);

/// How often the watchdog looks at the cancel flag and the clock.
const WATCH_PERIOD: Duration = Duration::from_millis(5);

/// Marks the end of a batch of commands.
const SYNC: &str = "sudokit-sync";

impl Z3Process {
    /// Starts `program -in -smt2`, writing what it is told to `transcript`.
    pub fn spawn(
        program: &Path,
        transcript: Option<Arc<Transcript>>,
    ) -> Result<Self, ProcessError> {
        let mut child = Command::new(program)
            .args(["-in", "-smt2"])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .process_group(0)
            .spawn()
            .map_err(|source| ProcessError::Spawn {
                program: program.display().to_string(),
                source,
            })?;
        let (Some(stdin), Some(stdout)) = (child.stdin.take(), child.stdout.take()) else {
            let _ = child.kill();
            return Err(ProcessError::Unexpected("no pipes to the process".into()));
        };
        let id = transcript.as_ref().map_or(0, |t| t.new_process());
        Ok(Z3Process {
            child,
            stdin: BufWriter::new(stdin),
            stdout: BufReader::new(stdout),
            transcript,
            id,
            timeout_ms: None,
            healthy: true,
            reported: Counters::default(),
        })
    }

    /// Whether the process can take more work (no failure, no limit hit).
    pub fn is_healthy(&self) -> bool {
        self.healthy
    }

    /// Sends commands that print nothing on success, and waits until the
    /// solver has read them all: the first `(error …)` among them is returned.
    pub fn run(&mut self, commands: &[Term]) -> Result<(), ProcessError> {
        let result = self.run_batch(commands);
        self.healthy &= result.is_ok();
        result
    }

    fn run_batch(&mut self, commands: &[Term]) -> Result<(), ProcessError> {
        for command in commands {
            self.write(command)?;
        }
        writeln!(self.stdin, "(echo \"{SYNC}\")")?;
        self.stdin.flush()?;
        let mut refusal = None;
        loop {
            let response = read_response(&mut self.stdout)?;
            if response.trim() == SYNC {
                return refusal.map_or(Ok(()), Err);
            }
            let refused = error_message(&response)
                .map(ProcessError::Refused)
                .unwrap_or_else(|| ProcessError::Unexpected(response));
            refusal.get_or_insert(refused);
        }
    }

    /// Sends one command that has an answer (`get-value`, `get-info` …)
    /// and returns the answer.
    pub fn ask(&mut self, command: &Term) -> Result<Term, ProcessError> {
        let result = self.ask_within(command, None);
        self.healthy &= result.is_ok();
        result
    }

    /// Sends a `check-sat` (or `check-sat-using` …) under `limits`: the
    /// solver's `:timeout` is set to what is left of the deadline, and a
    /// watchdog kills the process if the caller cancels meanwhile.
    pub fn check(&mut self, command: &Term, limits: &Limits) -> Result<Term, ProcessError> {
        let watched = limits.cancel.is_some() || limits.deadline.is_some();
        let result = self
            .set_timeout(limits.deadline)
            .and_then(|()| self.ask_within(command, watched.then_some(limits)));
        self.healthy &= result.is_ok();
        result
    }

    /// The counters of `(get-info :all-statistics)`'s answer, as grown
    /// since the last call.
    pub fn counters_since_last(&mut self, statistics: &[Term]) -> Stats {
        let now = Counters::parse(statistics);
        let grown = now.since(self.reported);
        self.reported = now;
        grown
    }

    fn set_timeout(&mut self, deadline: Option<Instant>) -> Result<(), ProcessError> {
        let wanted = deadline.map(|d| {
            let left = d.saturating_duration_since(Instant::now());
            (left.as_millis() as u64).max(1)
        });
        if wanted == self.timeout_ms {
            return Ok(());
        }
        // Z3's "no timeout" is the largest unsigned int.
        let value = wanted
            .unwrap_or(u64::from(u32::MAX))
            .min(u64::from(u32::MAX));
        self.run(&[app(
            "set-option",
            [atom(":timeout"), atom(value.to_string())],
        )])?;
        self.timeout_ms = wanted;
        Ok(())
    }

    fn ask_within(
        &mut self,
        command: &Term,
        limits: Option<&Limits>,
    ) -> Result<Term, ProcessError> {
        self.write(command)?;
        self.stdin.flush()?;
        let response = match limits {
            None => read_response(&mut self.stdout),
            Some(limits) => {
                let (response, stopped) = watched(&mut self.child, &mut self.stdout, limits);
                if let Some(kind) = stopped {
                    return Err(ProcessError::Stopped(kind));
                }
                response
            }
        }?;
        if let Some(transcript) = &self.transcript {
            transcript.answer(self.id, response.trim());
        }
        if let Some(message) = error_message(&response) {
            return Err(ProcessError::Refused(message));
        }
        // Line breaks inside the solver's strings are no S-expression's business.
        parse(&response.replace(['\n', '\r', '\t'], " "))
            .map_err(|_| ProcessError::Unexpected(response))
    }

    fn write(&mut self, command: &Term) -> io::Result<()> {
        let line = render(command);
        if let Some(transcript) = &self.transcript {
            transcript.command(self.id, &line);
        }
        writeln!(self.stdin, "{line}")
    }
}

impl Drop for Z3Process {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Reads one response while a watchdog thread kills `child` if `limits`
/// say stop (cancelled, or the deadline passed by more than [`OVERRUN`]).
/// Returns the response and the limit that killed the process, if one did.
fn watched(
    child: &mut Child,
    stdout: &mut BufReader<ChildStdout>,
    limits: &Limits,
) -> (io::Result<String>, Option<LimitKind>) {
    let (done, finished) = mpsc::channel::<()>();
    std::thread::scope(|scope| {
        let watchdog = scope.spawn(move || loop {
            if finished.recv_timeout(WATCH_PERIOD) != Err(RecvTimeoutError::Timeout) {
                return None;
            }
            let stop = if limits.cancel.as_ref().is_some_and(|c| c.is_cancelled()) {
                Some(LimitKind::Cancelled)
            } else if limits
                .deadline
                .is_some_and(|d| Instant::now() >= d + OVERRUN)
            {
                Some(LimitKind::Time)
            } else {
                None
            };
            if stop.is_some() {
                let _ = child.kill();
                return stop;
            }
        });
        let response = read_response(stdout);
        drop(done);
        let stopped = watchdog.join().unwrap_or(None);
        (response, stopped)
    })
}

/// Reads lines until they hold one whole S-expression.
fn read_response(stdout: &mut BufReader<ChildStdout>) -> io::Result<String> {
    let mut text = String::new();
    let mut depth = 0i64;
    let mut in_string = false;
    loop {
        let start = text.len();
        if stdout.read_line(&mut text)? == 0 {
            return Err(io::Error::new(
                io::ErrorKind::UnexpectedEof,
                "the z3 process exited",
            ));
        }
        for c in text[start..].chars() {
            match c {
                // `""` inside a string leaves it and enters it again.
                '"' => in_string = !in_string,
                '(' if !in_string => depth += 1,
                ')' if !in_string => depth -= 1,
                _ => {}
            }
        }
        if depth <= 0 && !in_string && !text.trim().is_empty() {
            return Ok(text);
        }
    }
}

/// The message of an `(error "…")` response.
fn error_message(response: &str) -> Option<String> {
    let inner = response.trim().strip_prefix("(error")?.strip_suffix(')')?;
    Some(inner.trim().trim_matches('"').replace("\"\"", "\""))
}
