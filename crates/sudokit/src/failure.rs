use std::fmt;
use std::process::ExitCode;

use sudokit_model::EngineError;

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
    /// An engine broke its contract (an answer the verifier rejects) or
    /// failed inside.
    Internal = 4,
    /// The output could not be written (a full disk, a report file that
    /// cannot be created).
    OutputFailed = 5,
}

impl From<Exit> for ExitCode {
    fn from(exit: Exit) -> ExitCode {
        ExitCode::from(exit as u8)
    }
}

impl From<sudokit_model::Status> for Exit {
    /// The exit code one answer alone calls for.
    fn from(status: sudokit_model::Status) -> Exit {
        use sudokit_model::Status;
        match status {
            Status::Solved | Status::Optimal => Exit::Solved,
            Status::Unsatisfiable => Exit::NoSolution,
            Status::LimitReached(_) => Exit::LimitReached,
        }
    }
}

/// Why a command could not do its job.
#[derive(Debug)]
pub enum Failure {
    /// The user's input or options are wrong.
    BadInput(String),
    /// Something in sudokit is wrong.
    Internal(String),
    /// Writing the output failed.
    Output(String),
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
            Failure::Output(_) => Exit::OutputFailed,
            Failure::OutputClosed => Exit::Solved,
        }
    }

    /// Bad input with this message.
    pub fn bad(message: impl fmt::Display) -> Failure {
        Failure::BadInput(message.to_string())
    }

    /// The same failure, its message prefixed with where it happened
    /// (`line 12`).
    pub fn at(self, place: impl fmt::Display) -> Failure {
        match self {
            Failure::BadInput(m) => Failure::BadInput(format!("{place}: {m}")),
            Failure::Internal(m) => Failure::Internal(format!("{place}: {m}")),
            Failure::Output(m) => Failure::Output(format!("{place}: {m}")),
            Failure::OutputClosed => Failure::OutputClosed,
        }
    }
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Failure::BadInput(m) => write!(f, "{m}"),
            Failure::Internal(m) => write!(f, "internal error: {m}"),
            Failure::Output(m) => write!(f, "cannot write the output: {m}"),
            Failure::OutputClosed => write!(f, "standard output closed"),
        }
    }
}

impl From<sudokit_formats::ParseError> for Failure {
    fn from(e: sudokit_formats::ParseError) -> Failure {
        Failure::bad(e)
    }
}

impl From<EngineError> for Failure {
    fn from(e: EngineError) -> Failure {
        match e {
            // The engine broke inside: sudokit's fault, not the input's.
            EngineError::Internal { .. } => Failure::Internal(e.to_string()),
            // Unsupported, Unavailable, BadOption: the request asked for
            // something this engine or this build cannot do.
            _ => Failure::bad(e),
        }
    }
}

impl From<sudokit_pipeline::SolveError> for Failure {
    /// A refusal keeps its engine error's code; a wrong answer is sudokit's
    /// fault (exit 4).
    fn from(e: sudokit_pipeline::SolveError) -> Failure {
        match e {
            sudokit_pipeline::SolveError::Engine(e) => Failure::from(e),
            wrong => Failure::Internal(wrong.to_string()),
        }
    }
}

impl From<sudokit_core::Error> for Failure {
    /// The facade's errors keep their messages: bad input and refusals are
    /// the user's to fix (exit 2), a wrong answer or an inner failure is
    /// sudokit's (exit 4).
    fn from(e: sudokit_core::Error) -> Failure {
        use sudokit_core::Error;
        match e {
            Error::Internal(message) => Failure::Internal(message),
            Error::WrongAnswer { engine, why } => {
                Failure::Internal(format!("{engine} gave a wrong answer: {why}"))
            }
            other => Failure::bad(other),
        }
    }
}

impl From<std::io::Error> for Failure {
    /// An I/O error that reaches a command unnamed is a write of its
    /// output: inputs are read through `sudokit-formats`, whose errors name
    /// the file and line, or mapped where they are opened.
    fn from(e: std::io::Error) -> Failure {
        match e.kind() {
            std::io::ErrorKind::BrokenPipe => Failure::OutputClosed,
            _ => Failure::Output(e.to_string()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn failure(e: EngineError) -> (Exit, String) {
        let f = Failure::from(e);
        (f.exit(), f.to_string())
    }

    #[test]
    fn an_engine_failing_inside_is_internal_and_a_refusal_is_bad_input() {
        assert_eq!(
            failure(EngineError::Internal {
                engine: "cp".into(),
                message: "trail underflow".into(),
            }),
            (
                Exit::Internal,
                "internal error: cp failed: trail underflow".into()
            )
        );
        assert_eq!(
            failure(EngineError::Unsupported {
                engine: "cp".into(),
                what: "linear constraints".into(),
            }),
            (
                Exit::BadInput,
                "cp does not support linear constraints".into()
            )
        );
        assert_eq!(
            failure(EngineError::Unavailable {
                engine: "z3".into(),
                why: "not in this build".into(),
            }),
            (
                Exit::BadInput,
                "z3 is not available: not in this build".into()
            )
        );
        assert_eq!(
            failure(EngineError::BadOption {
                engine: "cp".into(),
                message: "unknown option `sideways`".into(),
            }),
            (Exit::BadInput, "cp: unknown option `sideways`".into())
        );
    }

    #[test]
    fn the_line_prefix_keeps_the_kind() {
        let internal = Failure::from(EngineError::Internal {
            engine: "cp".into(),
            message: "trail underflow".into(),
        });
        let at = internal.at("line 12");
        assert_eq!(at.exit(), Exit::Internal);
        assert_eq!(
            at.to_string(),
            "internal error: line 12: cp failed: trail underflow"
        );
        assert_eq!(
            Failure::bad("no digits").at("line 3").to_string(),
            "line 3: no digits"
        );
    }
}
