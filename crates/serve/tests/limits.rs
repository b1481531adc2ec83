//! The limits that keep a server standing: body size, deadline, a bound on
//! concurrent searches, and no search left running once its client has
//! gone.

mod common;

use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant};

use axum::http::StatusCode;
use common::*;
use serde_json::json;
use sudokit_core::records::{ExplainRecord, Limit, OutcomeRecord, RecordStatus, SolveRecord};
use sudokit_serve::Settings;

/// A count no engine finishes in a test's time: every 16x16 grid.
fn endless() -> serde_json::Value {
    json!({ "puzzle": ".".repeat(256), "engine": "cp", "all": true, "timeout_ms": 60_000 })
}

/// Settings with one search slot and no queue.
fn one_slot() -> Settings {
    Settings {
        max_searches: 1,
        max_waiting: 0,
        ..Settings::default()
    }
}

#[tokio::test]
async fn a_body_over_the_limit_is_413() {
    let app = sudokit_serve::router(Settings {
        max_body: 1000,
        ..Settings::default()
    });
    let (status, body) = post(&app, "/api/solve", &json!({ "puzzle": ".".repeat(2000) })).await;
    assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE);
    assert_eq!(body["error"], "request body too large");
}

#[tokio::test]
async fn the_deadline_stops_the_search_and_is_an_answer() {
    let app = app();
    let mut request = endless();
    request["timeout_ms"] = json!(300);
    let start = Instant::now();
    let (status, body) = post(&app, "/api/count", &request).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let record: SolveRecord = serde_json::from_value(body).expect("a solve record");
    assert_eq!(record.status, RecordStatus::Limit);
    assert!(!record.complete && record.count > 0);
    assert!(
        start.elapsed() < Duration::from_secs(5),
        "{:?}",
        start.elapsed()
    );
    // A 25x25 explanation, stopped by its deadline: the steps found so far.
    let request = json!({ "puzzle": ".".repeat(625), "timeout_ms": 300 });
    let start = Instant::now();
    let (status, body) = post(&app, "/api/explain", &request).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let record: ExplainRecord = serde_json::from_value(body).expect("an explain record");
    assert_eq!(record.outcome, OutcomeRecord::Limit(Limit::Time));
    assert!(
        start.elapsed() < Duration::from_secs(5),
        "{:?}",
        start.elapsed()
    );
}

#[tokio::test]
async fn a_server_past_its_deadline_cap_holds_to_the_cap() {
    let settings = Settings {
        max_timeout: Duration::from_millis(200),
        ..Settings::default()
    };
    let (status, body) = post(&sudokit_serve::router(settings), "/api/count", &endless()).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(body["limit"], "time");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn busy_is_503_with_retry_after_and_a_dropped_request_frees_its_slot() {
    let app = sudokit_serve::router(one_slot());
    let first = {
        let app = app.clone();
        tokio::spawn(async move { post(&app, "/api/count", &endless()).await })
    };
    // The first search holds the one slot (probing before it has it would
    // take the slot from it): the next request is turned away.
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert!(!first.is_finished(), "the first search ended early");
    let busy = wait_for(|| async {
        let request = axum::http::Request::post("/api/solve")
            .header("content-type", "application/json")
            .body(axum::body::Body::from(
                json!({ "puzzle": PUZZLE }).to_string(),
            ))
            .expect("a request");
        let (status, headers, text) = send(&app, request).await;
        (status == StatusCode::SERVICE_UNAVAILABLE).then_some((headers, text))
    })
    .await;
    let (headers, text) = busy.expect("a busy answer while the slot is taken");
    assert_eq!(headers["retry-after"], "1");
    let record: serde_json::Value = serde_json::from_str(&text).expect("JSON");
    assert_eq!(
        record["error"],
        "busy: every search slot is taken; ask again shortly"
    );
    // The client of the first request goes away: its search stops, long
    // before its deadline of a minute, and the slot is free again.
    first.abort();
    let freed = wait_for(|| async {
        let (status, _) = post(&app, "/api/solve", &json!({ "puzzle": PUZZLE })).await;
        (status == StatusCode::OK).then_some(())
    })
    .await;
    assert!(
        freed.is_some(),
        "the slot stayed taken after the client went away"
    );
}

#[test]
fn a_closed_connection_stops_its_search() {
    // A real socket: the client sends a search and hangs up.
    let (address_tx, address_rx) = std::sync::mpsc::channel();
    let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let stopping = std::sync::Arc::clone(&stop);
    let server = std::thread::spawn(move || {
        sudokit_serve::serve(
            "127.0.0.1:0".parse().expect("an address"),
            one_slot(),
            |address| address_tx.send(address).expect("the test waits"),
            move || stopping.load(std::sync::atomic::Ordering::Relaxed),
        )
    });
    let address = address_rx.recv().expect("the server's address");
    let body = endless().to_string();
    let mut client = TcpStream::connect(address).expect("connect");
    write!(
        client,
        "POST /api/count HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    )
    .expect("send");
    std::thread::sleep(Duration::from_millis(300));
    let busy = raw_solve(address);
    assert!(
        busy.starts_with("HTTP/1.1 503"),
        "the search is not running: {busy}"
    );
    assert!(busy.to_lowercase().contains("retry-after: 1"), "{busy}");
    drop(client);
    // The slot comes free long before the search's minute is up.
    let start = Instant::now();
    let mut answered = String::new();
    while start.elapsed() < Duration::from_secs(10) {
        answered = raw_solve(address);
        if answered.starts_with("HTTP/1.1 200") {
            break;
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    assert!(answered.starts_with("HTTP/1.1 200"), "{answered}");
    assert!(answered.contains(SOLUTION));
    stop.store(true, std::sync::atomic::Ordering::Relaxed);
    server
        .join()
        .expect("the server thread")
        .expect("a clean stop");
}

/// A solve over a fresh connection: the raw answer.
fn raw_solve(address: std::net::SocketAddr) -> String {
    let body = json!({ "puzzle": PUZZLE, "engine": "fast" }).to_string();
    let mut client = TcpStream::connect(address).expect("connect");
    write!(
        client,
        "POST /api/solve HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    )
    .expect("send");
    let mut answer = String::new();
    let _ = client.read_to_string(&mut answer);
    answer
}

/// `probe` again and again for up to ten seconds, until it gives a value.
async fn wait_for<T, F, P>(mut probe: P) -> Option<T>
where
    F: std::future::Future<Output = Option<T>>,
    P: FnMut() -> F,
{
    let start = Instant::now();
    while start.elapsed() < Duration::from_secs(10) {
        if let Some(value) = probe().await {
            return Some(value);
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    None
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_request_waits_in_the_queue_for_a_slot_and_no_longer_than_the_wait() {
    let app = sudokit_serve::router(Settings {
        max_searches: 1,
        max_waiting: 1,
        max_wait: Duration::from_secs(5),
        ..Settings::default()
    });
    let mut short = endless();
    short["timeout_ms"] = json!(500);
    let first = {
        let app = app.clone();
        tokio::spawn(async move { post(&app, "/api/count", &short).await })
    };
    tokio::time::sleep(Duration::from_millis(200)).await;
    assert!(!first.is_finished(), "the first search ended early");
    // Waits for the first search's half second, then is answered.
    let (status, body) = post(&app, "/api/solve", &json!({ "puzzle": PUZZLE })).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["solution"], SOLUTION);
    let (status, body) = first.await.expect("the first request");
    assert_eq!((status, &body["limit"]), (StatusCode::OK, &json!("time")));

    // A wait shorter than the search in the slot ends busy.
    let app = sudokit_serve::router(Settings {
        max_searches: 1,
        max_waiting: 1,
        max_wait: Duration::from_millis(200),
        ..Settings::default()
    });
    let holder = {
        let app = app.clone();
        tokio::spawn(async move { post(&app, "/api/count", &endless()).await })
    };
    tokio::time::sleep(Duration::from_millis(200)).await;
    let start = Instant::now();
    let (status, _) = post(&app, "/api/solve", &json!({ "puzzle": PUZZLE })).await;
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE);
    assert!(
        start.elapsed() >= Duration::from_millis(200),
        "{:?}",
        start.elapsed()
    );
    holder.abort();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn long_work_in_every_slot_of_its_lane_leaves_solves_their_own() {
    let app = sudokit_serve::router(one_slot());
    // An explanation of an empty 25x25 grid holds the one slot of the long
    // lane until its client goes away.
    let explaining = {
        let app = app.clone();
        let request = json!({ "puzzle": ".".repeat(625), "timeout_ms": 60_000 });
        tokio::spawn(async move { post(&app, "/api/explain", &request).await })
    };
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert!(!explaining.is_finished(), "the explanation ended early");
    let (status, body) = post(&app, "/api/grade", &json!({ "puzzle": PUZZLE })).await;
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE, "{body}");
    // The quick lane is free: a solve and a count are answered meanwhile.
    let (status, body) = post(&app, "/api/solve", &json!({ "puzzle": PUZZLE })).await;
    assert_eq!(
        (status, &body["solution"]),
        (StatusCode::OK, &json!(SOLUTION))
    );
    let (status, body) = post(&app, "/api/count", &json!({ "puzzle": PUZZLE })).await;
    assert_eq!(
        (status, &body["count"]),
        (StatusCode::OK, &json!(1)),
        "{body}"
    );
    assert!(!explaining.is_finished(), "the explanation ended early");
    explaining.abort();
    let graded = wait_for(|| async {
        let (status, _) = post(&app, "/api/grade", &json!({ "puzzle": PUZZLE })).await;
        (status == StatusCode::OK).then_some(())
    })
    .await;
    assert!(
        graded.is_some(),
        "the long lane stayed taken after the client went away"
    );
}
