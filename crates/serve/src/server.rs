//! The routes, and a server that stops cleanly.

use std::future::Future;
use std::net::SocketAddr;

use axum::extract::DefaultBodyLimit;
use axum::routing::{get, post};
use axum::{Json, Router};
use tokio::net::TcpListener;

use crate::engine_list::EngineList;
use crate::kits::Kits;
use crate::operations::{self, App};
use crate::work::Slots;
use crate::{openapi, page, techniques, Settings};

/// Every route: the page at `/`, the API under `/api/`, its description
/// at `/openapi.json`.
pub fn router(settings: Settings) -> Router {
    let app = App {
        quick: Slots::new(
            settings.max_searches,
            settings.max_waiting,
            settings.max_wait,
        ),
        long: Slots::new(
            settings.max_searches,
            settings.max_waiting,
            settings.max_wait,
        ),
        kits: Kits::default(),
        engines: EngineList::default(),
        settings: settings.clone(),
    };
    Router::new()
        .route("/", get(page::index))
        .route("/assets/{file}", get(page::asset))
        .route("/openapi.json", get(|| async { Json(openapi()) }))
        .route("/api/engines", get(operations::list_engines))
        .route("/api/techniques", get(techniques::list_techniques))
        .route("/api/solve", post(operations::solve))
        .route("/api/count", post(operations::count))
        .route("/api/analyze", post(operations::analyze))
        .route("/api/reduce", post(operations::reduce))
        .route("/api/generate", post(operations::generate))
        .route("/api/explain", post(operations::explain))
        .route("/api/hint", post(operations::hint))
        .route("/api/grade", post(operations::grade))
        .route("/api/check", post(operations::check_grid))
        .route("/api/show", post(operations::show_puzzle))
        .fallback(page::not_found)
        .layer(DefaultBodyLimit::max(settings.max_body))
        .with_state(app)
}

/// Serves `router(settings)` on `listener` until `stop` completes, then
/// finishes the answers in flight (each bounded by its deadline).
pub async fn serve_until(
    listener: TcpListener,
    settings: Settings,
    stop: impl Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    axum::serve(listener, router(settings))
        .with_graceful_shutdown(stop)
        .await
}

/// Binds `address`, tells `ready` the address bound (port 0 picks a free
/// one), and serves until `stopped()` says so (checked every tenth of a
/// second: a Ctrl-C flag). Runs its own runtime, so a caller needs none.
pub fn serve(
    address: SocketAddr,
    settings: Settings,
    ready: impl FnOnce(SocketAddr),
    stopped: impl Fn() -> bool + Send + 'static,
) -> std::io::Result<()> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    runtime.block_on(async move {
        let listener = TcpListener::bind(address).await?;
        ready(listener.local_addr()?);
        let stop = async move {
            while !stopped() {
                tokio::time::sleep(std::time::Duration::from_millis(100)).await;
            }
        };
        serve_until(listener, settings, stop).await
    })
}
