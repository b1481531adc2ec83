use std::fmt;
use std::process::ExitCode;

/// The documented exit codes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Exit {
    /// Every puzzle solved (or: the grid is valid).
    Solved = 0,
    /// Some puzzle has no solution (or: the grid is invalid).
    NoSolution = 1,
    /// Bad input: unreadable puzzle, unknown option, unsupported combination.
    BadInput = 2,
    /// A limit (timeout, node budget) stopped some solve.
    LimitReached = 3,
    /// An engine broke its contract (an answer the verifier rejects).
    Internal = 4,
}

impl From<Exit> for ExitCode {
    fn from(exit: Exit) -> ExitCode {
        ExitCode::from(exit as u8)
    }
}

/// Why a command could not do its job.
#[derive(Debug)]
pub enum Failure {
    /// The user's input or options are wrong.
    BadInput(String),
    /// Something in sudokit is wrong.
    Internal(String),
    /// Whoever read standard output stopped reading (`sudokit ... | head`):
    /// nothing is wrong, there is just nobody left to print for.
    OutputClosed,
}

impl Failure {
    /// The exit code for this failure.
    pub fn exit(&self) -> Exit {
        match self {
            Failure::BadInput(_) => Exit::BadInput,
            Failure::Internal(_) => Exit::Internal,
            Failure::OutputClosed => Exit::Solved,
        }
    }

    /// Bad input with this message.
    pub fn bad(message: impl fmt::Display) -> Failure {
        Failure::BadInput(message.to_string())
    }
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Failure::BadInput(m) => write!(f, "{m}"),
            Failure::Internal(m) => write!(f, "internal error: {m}"),
            Failure::OutputClosed => write!(f, "standard output closed"),
        }
    }
}

impl From<sudokit_formats::ParseError> for Failure {
    fn from(e: sudokit_formats::ParseError) -> Failure {
        Failure::bad(e)
    }
}

impl From<sudokit_model::EngineError> for Failure {
    fn from(e: sudokit_model::EngineError) -> Failure {
        Failure::bad(e)
    }
}

impl From<std::io::Error> for Failure {
    fn from(e: std::io::Error) -> Failure {
        match e.kind() {
            std::io::ErrorKind::BrokenPipe => Failure::OutputClosed,
            _ => Failure::bad(e),
        }
    }
}
