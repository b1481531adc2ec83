//! A JSON request body whose rejections are `ErrorRecord`s too: a body
//! over the size limit is `413`, JSON that is not a request `400`.

use axum::extract::rejection::JsonRejection;
use axum::extract::{FromRequest, Request};
use axum::http::StatusCode;
use axum::Json;
use serde::de::DeserializeOwned;

use crate::Failure;

/// A request body read as `T`.
pub struct Body<T>(pub T);

impl<S, T> FromRequest<S> for Body<T>
where
    T: DeserializeOwned,
    S: Send + Sync,
{
    type Rejection = Failure;

    async fn from_request(request: Request, state: &S) -> Result<Self, Failure> {
        match Json::<T>::from_request(request, state).await {
            Ok(Json(value)) => Ok(Body(value)),
            Err(rejection) => Err(rejected(rejection)),
        }
    }
}

/// The failure of a body axum could not read, with its reason.
fn rejected(rejection: JsonRejection) -> Failure {
    // JSON of the wrong shape is bad input like any other (axum says 422,
    // which this API keeps for puzzles an engine refuses).
    let status = match rejection {
        JsonRejection::JsonDataError(_) => StatusCode::BAD_REQUEST,
        _ => rejection.status(),
    };
    let message = match status {
        StatusCode::PAYLOAD_TOO_LARGE => "request body too large".to_string(),
        StatusCode::UNSUPPORTED_MEDIA_TYPE => {
            "the request body must be JSON (Content-Type: application/json)".to_string()
        }
        _ => rejection.body_text(),
    };
    Failure::new(status, message)
}
