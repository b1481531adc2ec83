//! `sudokit serve`: a local page and a JSON API over the facade
//! (`sudokit-core`), so that a browser or a script asks the same questions
//! the command line answers and reads the same records.
//!
//! Every route under `/api/` takes a JSON body naming the puzzle (any
//! form the command line reads), the engine spec and the limits, and
//! answers one of [`sudokit_core::records`], exactly the JSON of
//! `--format json`. Errors are an [`ErrorRecord`](sudokit_core::records::ErrorRecord)
//! with the command line's message and a status that says whose fault it
//! is. The server adds no puzzle logic: it reads, calls the facade, and
//! writes.
//!
//! What keeps it standing ([`Settings`]): a body size limit, a deadline on
//! every search (the request's timeout, capped), a bound on concurrent
//! searches that answers `503 busy` with `Retry-After` rather than
//! queueing, and a cancel token per request that fires when the client
//! goes away, so no search runs on behind a caller's back.
//!
//! ```
//! # #[tokio::main(flavor = "current_thread")]
//! # async fn main() {
//! use axum::body::Body;
//! use axum::http::Request;
//! use tower::ServiceExt;
//!
//! let app = sudokit_serve::router(sudokit_serve::Settings::default());
//! let request = Request::get("/api/engines").body(Body::empty()).unwrap();
//! let response = app.oneshot(request).await.unwrap();
//! assert_eq!(response.status(), 200);
//! # }
//! ```
#![deny(missing_docs)]

mod body;
mod engine_list;
mod failure;
mod kits;
mod marks;
mod openapi;
mod operations;
mod page;
mod requests;
mod server;
mod settings;
mod techniques;
mod work;

pub use failure::Failure;
pub use marks::{ExplainAnswer, MarksRecord};
pub use openapi::openapi;
pub use requests::{
    CheckRequest, CountRequest, ExplainRequestBody, GenerateRequestBody, HintRequest,
    PuzzleRequest, ShowAs, ShowRequest, SolveRequest,
};
pub use server::{router, serve, serve_until};
pub use settings::Settings;
pub use techniques::TechniqueRecord;
