//! What the API tests share: a request through the router, its answer
//! read back.

#![allow(dead_code)]

use axum::body::Body;
use axum::http::{HeaderMap, Request, StatusCode};
use axum::Router;
use http_body_util::BodyExt;
use serde_json::Value;
use tower::ServiceExt;

/// A puzzle with one solution, [`SOLUTION`] (from the facade's examples).
pub const PUZZLE: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
pub const SOLUTION: &str =
    "417369825632158947958724316825437169791586432346912758289643571573291684164875293";
/// A puzzle that needs an X-Wing: hard (SE 3.2), 60 steps.
pub const XWING: &str =
    "300200000000107000706030500070009080900020004010800050009040301000702000000008006";

/// The answer to `request`: status, headers and body text.
pub async fn send(app: &Router, request: Request<Body>) -> (StatusCode, HeaderMap, String) {
    let response = app
        .clone()
        .oneshot(request)
        .await
        .expect("the router answers");
    let (parts, body) = response.into_parts();
    let bytes = body.collect().await.expect("a whole body").to_bytes();
    let text = String::from_utf8(bytes.to_vec()).expect("UTF-8");
    (parts.status, parts.headers, text)
}

/// `POST path` with `body` as JSON: status and the JSON answer.
pub async fn post(app: &Router, path: &str, body: &Value) -> (StatusCode, Value) {
    let request = Request::post(path)
        .header("content-type", "application/json")
        .body(Body::from(body.to_string()))
        .expect("a request");
    let (status, _, text) = send(app, request).await;
    let value = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{path}: {e}: {text}"));
    (status, value)
}

/// The router with the default settings.
pub fn app() -> Router {
    sudokit_serve::router(sudokit_serve::Settings::default())
}
