//! A JSON request body whose rejections are `ErrorRecord`s too: a body
//! over the size limit is `413`, JSON that is not a request `400`.

use axum::extract::rejection::JsonRejection;
use axum::extract::{FromRequest, Request};
use axum::http::StatusCode;
use axum::Json;
use serde::de::DeserializeOwned;
use serde_json::Value;

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
        let value = match Json::<Value>::from_request(request, state).await {
            Ok(Json(value)) => value,
            Err(rejection) => return Err(rejected(rejection)),
        };
        // serde would read a struct from an array of its fields in order:
        // a request is an object with named fields, nothing else.
        if !value.is_object() {
            return Err(Failure::bad("the request body must be a JSON object"));
        }
        match serde_json::from_value(value) {
            Ok(body) => Ok(Body(body)),
            Err(e) => Err(Failure::bad(format!(
                "Failed to deserialize the JSON body into the target type: {e}"
            ))),
        }
    }
}

/// The failure of a body axum could not read, with its reason.
fn rejected(rejection: JsonRejection) -> Failure {
    let status = rejection.status();
    let message = match status {
        StatusCode::PAYLOAD_TOO_LARGE => "request body too large".to_string(),
        StatusCode::UNSUPPORTED_MEDIA_TYPE => {
            "the request body must be JSON (Content-Type: application/json)".to_string()
        }
        _ => rejection.body_text(),
    };
    Failure::new(status, message)
}
