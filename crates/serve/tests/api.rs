//! The API answers the records of `--format json`, verified, and its
//! errors carry the command line's messages with a matching status.

mod common;

use axum::body::Body;
use axum::http::{Request, StatusCode};
use common::*;
use serde_json::{json, Value};
use sudokit_core::records::{
    CheckRecord, ErrorRecord, ExplainRecord, GenerateRecord, GradeRecord, RecordStatus,
    SolveRecord, Source,
};
use sudokit_core::{check, read_grid, read_options, read_puzzle};

/// Whether `solution` is a valid grid that keeps `puzzle`'s givens, by the
/// verifier (not the engine).
fn verified(puzzle: &str, solution: &str) -> bool {
    let Ok(rules) = read_puzzle(puzzle, &read_options()) else {
        return false;
    };
    let Ok(grid) = read_grid(solution, Some(&rules.puzzle)) else {
        return false;
    };
    check(&grid, Some(&rules.puzzle)).is_ok_and(|report| report.is_valid())
}

#[tokio::test]
async fn solve_answers_the_solve_record_with_a_verified_grid() {
    let app = app();
    for (engine, name) in [
        ("fast", "fast"),
        ("cp:var=dom-wdeg", "cp:dom-wdeg"),
        ("backtrack", "backtrack"),
    ] {
        let (status, body) = post(
            &app,
            "/api/solve",
            &json!({ "puzzle": PUZZLE, "engine": engine }),
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{engine}: {body}");
        let record: SolveRecord = serde_json::from_value(body).expect("a solve record");
        assert_eq!(record.status, RecordStatus::Solved);
        assert_eq!(record.solution.as_deref(), Some(SOLUTION), "{engine}");
        assert_eq!((record.count, record.version), (1, 1));
        assert_eq!(record.engine, name);
        assert!(verified(PUZZLE, SOLUTION));
    }
}

#[tokio::test]
async fn count_says_a_blank_4x4_has_288_grids() {
    let (status, body) = post(
        &app(),
        "/api/count",
        &json!({ "puzzle": ".".repeat(16), "all": true }),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let record: SolveRecord = serde_json::from_value(body).expect("a solve record");
    assert_eq!((record.count, record.complete), (288, true));
}

#[tokio::test]
async fn bad_input_is_400_with_the_message_of_the_command_line() {
    let app = app();
    let (status, body) = post(&app, "/api/solve", &json!({ "puzzle": "..2....4.4.3..." })).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    let record: ErrorRecord = serde_json::from_value(body).expect("an error record");
    assert_eq!(
        record,
        ErrorRecord::new(
            Source::new(1, None),
            "line 1: expected a square number of cells (16 for 4x4), found 15"
        )
    );
    // A cell named: a digit too large for a 4x4.
    let (status, body) = post(&app, "/api/grade", &json!({ "puzzle": "..2....4.4.3...7" })).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(
        body["error"],
        "line 1: digit '7' (7) at r4c4 is out of range for a 4x4 grid (1 to 4)"
    );
    // JSON that is not a request names what is wrong with it.
    let (status, body) = post(&app, "/api/solve", &json!({ "grid": PUZZLE })).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(body["status"], "error");
    assert!(
        body["error"]
            .as_str()
            .is_some_and(|e| e.contains("missing field `puzzle`")),
        "{body}"
    );
}

#[tokio::test]
async fn an_engine_that_refuses_is_422() {
    let (status, body) = post(
        &app(),
        "/api/solve",
        &json!({ "puzzle": PUZZLE, "engine": "cp:sideways" }),
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    let expected = sudokit_core::Kit::new("cp:sideways")
        .expect_err("refused")
        .to_string();
    assert_eq!(body["error"], Value::from(expected));
}

#[tokio::test]
async fn a_body_that_is_not_json_is_415_and_an_unknown_route_404() {
    let app = app();
    let request = Request::post("/api/solve")
        .body(Body::from(PUZZLE))
        .expect("a request");
    let (status, _, text) = send(&app, request).await;
    assert_eq!(status, StatusCode::UNSUPPORTED_MEDIA_TYPE);
    let record: ErrorRecord = serde_json::from_str(&text).expect("an error record");
    assert_eq!(
        record.error,
        "the request body must be JSON (Content-Type: application/json)"
    );
    let request = Request::get("/api/solver")
        .body(Body::empty())
        .expect("a request");
    let (status, _, _) = send(&app, request).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn hint_names_the_technique_and_explain_steps_to_the_grade() {
    let app = app();
    let (status, body) = post(&app, "/api/hint", &json!({ "puzzle": XWING })).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let hint: ExplainRecord = serde_json::from_value(body).expect("an explain record");
    assert_eq!(hint.steps.len(), 1);
    let step = &hint.steps[0];
    assert_eq!(
        (step.technique.as_str(), step.rating),
        ("Hidden single", 1.2)
    );
    assert_eq!(step.groups, ["box 1"]);
    assert_eq!(
        serde_json::to_value(&step.place).expect("json"),
        json!([{ "cell": "r1c3", "digit": 1 }])
    );

    let (status, body) = post(&app, "/api/explain", &json!({ "puzzle": XWING })).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let explained: ExplainRecord = serde_json::from_value(body).expect("an explain record");
    assert_eq!((explained.steps.len(), explained.solutions), (60, 1));
    assert!(explained.steps.iter().any(|s| s.technique == "X-Wing"));
    assert!(verified(XWING, &explained.grid), "{}", explained.grid);

    let (status, body) = post(&app, "/api/grade", &json!({ "puzzle": XWING })).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let grade: GradeRecord = serde_json::from_value(body).expect("a grade record");
    assert_eq!(grade.grade.level, "hard");
    assert_eq!((grade.grade.rating, grade.grade.steps), (Some(3.2), 60));
    assert_eq!(grade.grade.hardest.as_deref(), Some("X-Wing"));
}

#[tokio::test]
async fn grading_a_puzzle_of_many_solutions_is_422() {
    let (status, body) = post(&app(), "/api/grade", &json!({ "puzzle": ".".repeat(16) })).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(body["error"], "not graded, more than one solution");
}

#[tokio::test]
async fn generate_makes_the_seeded_puzzles_of_the_command_line() {
    let request = json!({ "count": 2, "minimal": true, "seed": 1, "engine": "auto" });
    let (status, body) = post(&app(), "/api/generate", &request).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let records: Vec<GenerateRecord> = serde_json::from_value(body).expect("generate records");
    assert_eq!(records.len(), 2);
    let first = &records[0].puzzle.givens;
    assert_eq!(
        first,
        "...42.7....1.8...5.....59.21......8.72..13....6.......8.9.47.2..1...6..9.......43"
    );
    for record in &records {
        assert!(verified(&record.puzzle.givens, &record.solution));
    }
    let (status, body) = post(&app(), "/api/generate", &json!({ "difficulty": "tricky" })).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(
        body["error"],
        "difficulty: expected one of easy, medium, hard, fiendish, diabolical, extreme, beyond"
    );
}

#[tokio::test]
async fn check_reports_a_changed_given() {
    let rules = format!("5{}", &PUZZLE[1..]);
    let (status, body) = post(
        &app(),
        "/api/check",
        &json!({ "grid": SOLUTION, "puzzle": rules }),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let record: CheckRecord = serde_json::from_value(body).expect("a check record");
    assert!(!record.valid);
    assert_eq!(record.message, "given 5 at r1c1 was changed to 4");
    let (_, body) = post(&app(), "/api/check", &json!({ "grid": SOLUTION })).await;
    assert_eq!(body["valid"], true);
}

#[tokio::test]
async fn engines_show_and_the_page_are_served() {
    let app = app();
    let (status, _, text) = send(
        &app,
        Request::get("/api/engines")
            .body(Body::empty())
            .expect("a request"),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    let engines: Value = serde_json::from_str(&text).expect("JSON");
    let fast = engines
        .as_array()
        .and_then(|all| all.iter().find(|e| e["name"] == "fast"));
    assert_eq!(fast.map(|e| &e["available"]), Some(&json!(true)), "{text}");

    let request = Request::post("/api/show")
        .header("content-type", "application/json")
        .body(Body::from(
            json!({ "puzzle": PUZZLE, "solved": true }).to_string(),
        ))
        .expect("a request");
    let (status, headers, svg) = send(&app, request).await;
    assert_eq!(
        (status, headers["content-type"].to_str().ok()),
        (StatusCode::OK, Some("image/svg+xml"))
    );
    assert!(svg.starts_with("<svg") && svg.contains(">9<"), "{svg}");

    let modules = [
        "page", "api", "layout", "board", "play", "steps", "race", "summary",
    ]
    .map(|name| {
        (
            format!("/assets/{name}.js"),
            "text/javascript; charset=utf-8",
        )
    });
    let pages = [
        ("/".to_string(), "text/html; charset=utf-8"),
        ("/assets/page.css".to_string(), "text/css; charset=utf-8"),
    ];
    for (path, kind) in pages.into_iter().chain(modules) {
        let path = path.as_str();
        let (status, headers, text) = send(
            &app,
            Request::get(path).body(Body::empty()).expect("a request"),
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{path}");
        assert_eq!(headers["content-type"], kind, "{path}");
        assert!(!text.is_empty(), "{path}");
        // SVG's namespace is a name, not an address the page fetches.
        let text = text.replace("\"http://www.w3.org/2000/svg\"", "");
        assert!(
            !text.contains("http://") && !text.contains("https://"),
            "{path} asks another machine"
        );
    }
}

#[tokio::test]
async fn the_openapi_document_names_every_route_and_its_schemas() {
    let (status, _, text) = send(
        &app(),
        Request::get("/openapi.json")
            .body(Body::empty())
            .expect("a request"),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    let document: Value = serde_json::from_str(&text).expect("valid JSON");
    assert_eq!(document["openapi"], "3.0.3");
    let paths: Vec<&String> = document["paths"]
        .as_object()
        .expect("paths")
        .keys()
        .collect();
    let routes = [
        "/api/analyze",
        "/api/check",
        "/api/count",
        "/api/engines",
        "/api/explain",
        "/api/generate",
        "/api/grade",
        "/api/hint",
        "/api/reduce",
        "/api/show",
        "/api/solve",
        "/api/techniques",
    ];
    assert_eq!(paths, routes);
    // Every reference resolves to a schema of the document.
    let schemas = document["components"]["schemas"]
        .as_object()
        .expect("schemas");
    for name in [
        "SolveRecord",
        "ErrorRecord",
        "ExplainRecord",
        "ExplainAnswer",
        "MarksRecord",
        "TechniqueRecord",
        "SolveRequest",
        "LimitRecord",
    ] {
        assert!(schemas.contains_key(name), "{name}");
    }
    for reference in text.split("\"$ref\":\"").skip(1) {
        let target = reference.split('"').next().unwrap_or_default();
        let name = target
            .strip_prefix("#/components/schemas/")
            .expect("a component reference");
        assert!(
            schemas.contains_key(name),
            "{target} is not in the document"
        );
    }
}
