//! Errors as HTTP answers: an `ErrorRecord` with the command line's
//! message, and a status that says whose fault it is.

use std::sync::atomic::{AtomicU64, Ordering};

use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use sudokit_core::records::{ErrorRecord, Source};
use sudokit_core::Error;

/// Why a request got no record of an answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Failure {
    /// The HTTP status.
    pub status: StatusCode,
    /// The message, as the command line prints it after `error: `.
    pub message: String,
    /// The line of the request's puzzle text the error is about (1 when
    /// it is about the request as a whole).
    pub line: usize,
}

/// How long a busy client waits before asking again, in seconds.
pub const RETRY_AFTER_SECONDS: u64 = 1;

impl Failure {
    /// A failure with `status` and `message`, about the whole request.
    pub fn new(status: StatusCode, message: impl Into<String>) -> Failure {
        Failure {
            status,
            message: message.into(),
            line: 1,
        }
    }

    /// `400`: a request no answer can meet.
    pub fn bad(message: impl Into<String>) -> Failure {
        Failure::new(StatusCode::BAD_REQUEST, message)
    }

    /// `422`: the puzzle has no answer of the kind asked (a grade of a
    /// puzzle with two solutions), or the engine refuses it.
    pub fn unanswerable(message: impl Into<String>) -> Failure {
        Failure::new(StatusCode::UNPROCESSABLE_ENTITY, message)
    }

    /// `503` with `Retry-After`: every search slot is taken.
    pub fn busy() -> Failure {
        Failure::new(
            StatusCode::SERVICE_UNAVAILABLE,
            "busy: every search slot is taken; ask again shortly",
        )
    }
}

impl From<Error> for Failure {
    fn from(error: Error) -> Failure {
        let status = match &error {
            Error::Input(_) | Error::Invalid(_) => StatusCode::BAD_REQUEST,
            Error::Refused(_) | Error::Unavailable { .. } => StatusCode::UNPROCESSABLE_ENTITY,
            _ => StatusCode::INTERNAL_SERVER_ERROR,
        };
        let line = match &error {
            Error::Input(parse) => parse.line.unwrap_or(1),
            _ => 1,
        };
        Failure {
            status,
            message: error.to_string(),
            line,
        }
    }
}

impl IntoResponse for Failure {
    fn into_response(self) -> Response {
        let mut message = self.message;
        if self.status.is_server_error() && self.status != StatusCode::SERVICE_UNAVAILABLE {
            // The client sees an id to quote; the log holds the details.
            static NEXT_ID: AtomicU64 = AtomicU64::new(1);
            let id = NEXT_ID.fetch_add(1, Ordering::Relaxed);
            eprintln!("sudokit serve: error {id}: {message}");
            message = format!("{message} (error {id} in the server's log)");
        }
        let record = ErrorRecord::new(Source::new(self.line, None), message);
        let mut response = (self.status, Json(record)).into_response();
        if self.status == StatusCode::SERVICE_UNAVAILABLE
            || self.status == StatusCode::TOO_MANY_REQUESTS
        {
            response
                .headers_mut()
                .insert(header::RETRY_AFTER, HeaderValue::from(RETRY_AFTER_SECONDS));
        }
        response
    }
}
