use sudokit_analysis::AnalysisError;
use sudokit_formats::ParseError;
use sudokit_model::EngineError;
use sudokit_pipeline::SolveError;

/// Why a call gave no answer. The messages are the command line's, so a
/// front end can print them unchanged (the CLI as `error: MESSAGE`).
///
/// Limits, "no solution" and "not unique" are not errors: they are answers
/// ([`Answer::status`](crate::Answer::status), [`Reply`](crate::Reply)).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// Text that is not a puzzle: the error names the file, line, field
    /// and cell where it can, and the reason.
    #[error(transparent)]
    Input(#[from] ParseError),
    /// A request no answer can meet, or options that contradict each other
    /// (`--max must be at least 2 to tell a unique puzzle`).
    #[error("{0}")]
    Invalid(String),
    /// The engine cannot take this puzzle or this option (an unsupported
    /// constraint, an unknown option): the input's fault, not the engine's.
    #[error(transparent)]
    Refused(EngineError),
    /// The engine's solver is missing from this build or this machine.
    #[error("{engine} is not available: {why}")]
    Unavailable {
        /// The engine's name.
        engine: String,
        /// Why, with the step that brings it.
        why: String,
    },
    /// The engine broke its contract: an answer the verifier rejects, a
    /// repeated grid, a status its own counts contradict.
    #[error("internal error: {engine} gave a wrong answer: {why}")]
    WrongAnswer {
        /// The engine's name.
        engine: String,
        /// What is wrong with the answer.
        why: String,
    },
    /// The engine failed inside, or sudokit did.
    #[error("internal error: {0}")]
    Internal(String),
}

impl Error {
    /// An [`Error::Invalid`] with this message.
    pub(crate) fn invalid(message: impl std::fmt::Display) -> Error {
        Error::Invalid(message.to_string())
    }

    /// An analysis error that is an error: the engine's, or a request no
    /// puzzle can meet. The ones that are answers (a limit, no solution,
    /// not unique, attempts used up) become a [`Reply`](crate::Reply)
    /// before they get here.
    pub(crate) fn of_analysis(e: AnalysisError) -> Error {
        match e {
            AnalysisError::Solve(e) => Error::from(e),
            other => Error::invalid(other),
        }
    }
}

impl From<EngineError> for Error {
    fn from(e: EngineError) -> Error {
        match e {
            EngineError::Unavailable { engine, why } => Error::Unavailable { engine, why },
            // The engine broke inside: sudokit's fault, not the input's.
            EngineError::Internal { .. } => Error::Internal(e.to_string()),
            refusal => Error::Refused(refusal),
        }
    }
}

impl From<SolveError> for Error {
    fn from(e: SolveError) -> Error {
        match e {
            SolveError::Engine(e) => Error::from(e),
            SolveError::Wrong { engine, why } => Error::WrongAnswer { engine, why },
            other => Error::Internal(other.to_string()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn engine_errors_keep_the_messages_of_the_command_line() {
        let error = Error::from(EngineError::Internal {
            engine: "cp".into(),
            message: "trail underflow".into(),
        });
        assert_eq!(
            error.to_string(),
            "internal error: cp failed: trail underflow"
        );
        let error = Error::from(EngineError::Unsupported {
            engine: "cp".into(),
            what: "linear constraints".into(),
        });
        assert_eq!(error.to_string(), "cp does not support linear constraints");
        assert!(matches!(error, Error::Refused(_)));
        let error = Error::from(EngineError::Unavailable {
            engine: "z3".into(),
            why: "not in this build".into(),
        });
        assert_eq!(error.to_string(), "z3 is not available: not in this build");
        let error = Error::from(SolveError::Wrong {
            engine: "cp".into(),
            why: "solution 1 repeats".into(),
        });
        assert_eq!(
            error.to_string(),
            "internal error: cp gave a wrong answer: solution 1 repeats"
        );
    }
}
