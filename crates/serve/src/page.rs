//! The page: plain HTML, CSS and JavaScript embedded in the binary, so
//! that it needs no install step and asks nothing of any other machine.

use axum::extract::Path;
use axum::http::{header, StatusCode};
use axum::response::{Html, IntoResponse, Response};

use crate::Failure;

/// The page's files, by name: a style sheet and plain ES modules, one
/// concept each (no bundler, so what is served is what is committed).
const ASSETS: [(&str, &str, &str); 9] = [
    (
        "page.css",
        "text/css; charset=utf-8",
        include_str!("../assets/page.css"),
    ),
    (
        "page.js",
        "text/javascript; charset=utf-8",
        include_str!("../assets/page.js"),
    ),
    (
        "api.js",
        "text/javascript; charset=utf-8",
        include_str!("../assets/api.js"),
    ),
    (
        "layout.js",
        "text/javascript; charset=utf-8",
        include_str!("../assets/layout.js"),
    ),
    (
        "board.js",
        "text/javascript; charset=utf-8",
        include_str!("../assets/board.js"),
    ),
    (
        "play.js",
        "text/javascript; charset=utf-8",
        include_str!("../assets/play.js"),
    ),
    (
        "steps.js",
        "text/javascript; charset=utf-8",
        include_str!("../assets/steps.js"),
    ),
    (
        "race.js",
        "text/javascript; charset=utf-8",
        include_str!("../assets/race.js"),
    ),
    (
        "summary.js",
        "text/javascript; charset=utf-8",
        include_str!("../assets/summary.js"),
    ),
];

/// `GET /`.
pub async fn index() -> Response {
    let mut response = Html(include_str!("../assets/index.html")).into_response();
    response.headers_mut().insert(
        header::CONTENT_SECURITY_POLICY,
        header::HeaderValue::from_static(
            "default-src 'self'; img-src 'self' data: blob:; style-src 'self'; script-src 'self'",
        ),
    );
    response
}

/// `GET /assets/{file}`.
pub async fn asset(Path(file): Path<String>) -> Response {
    match ASSETS.iter().find(|(name, _, _)| *name == file) {
        Some((_, kind, text)) => ([(header::CONTENT_TYPE, *kind)], *text).into_response(),
        None => not_found().await.into_response(),
    }
}

/// Any other path.
pub async fn not_found() -> Failure {
    Failure::new(
        StatusCode::NOT_FOUND,
        "no such page or route; the API is under /api/ (see /openapi.json)",
    )
}
