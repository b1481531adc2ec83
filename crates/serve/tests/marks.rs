//! The pencil marks the page draws the steps with come from the
//! explainer's board, so they follow the puzzle's real groups; and the
//! puzzle's layout comes in its JSON form.

mod common;

use axum::http::StatusCode;
use common::*;
use serde_json::{json, Value};

/// A Sudoku X (data/examples/x9.toml): its main diagonal holds 4 at r5c5,
/// 5 at r8c8 and 1 at r7c7.
const X9: &str = "size = 9\nboxes = \"3x3\"\ndiagonals = true\ngivens = \
    \"..6.3......9.........8.1..........2.....4.9........3...5...41....7..245.....7.83.\"\n";

fn cell(name: &str) -> usize {
    let (row, col) = name[1..].split_once('c').expect("rNcM");
    (row.parse::<usize>().expect("row") - 1) * 9 + col.parse::<usize>().expect("col") - 1
}

#[tokio::test]
async fn an_x_puzzles_marks_leave_out_what_its_diagonals_hold() {
    let (status, body) = post(
        &app(),
        "/api/explain",
        &json!({ "puzzle": X9, "marks": true }),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let marks = &body["marks"];
    let start: Vec<Vec<u8>> = serde_json::from_value(marks["start"].clone()).expect("start");
    // Row 1 holds 3 and 6, box 1 holds 6 and 9, the diagonal 1, 4 and 5.
    assert_eq!(start[0], [2, 7, 8]);
    // The other diagonal holds 4 (r5c5) alone besides row 1's 3 and 6.
    assert_eq!(start[8], [1, 2, 5, 7, 8, 9]);
    assert!(start[2].is_empty(), "a given has no marks");

    // Replayed, the marks hold every digit a step places, lose every one
    // it eliminates, and are all gone once the grid is solved.
    let steps = body["steps"].as_array().expect("steps");
    let removed = marks["removed"].as_array().expect("removed");
    assert_eq!((steps.len(), removed.len()), (removed.len(), steps.len()));
    assert_eq!(body["outcome"]["status"], "solved");
    let mut now: Vec<Vec<u8>> = start;
    for (step, gone) in steps.iter().zip(removed) {
        let pairs = |list: &Value| -> Vec<(usize, u8)> {
            (list.as_array().expect("a list").iter())
                .map(|p| {
                    let name = p["cell"].as_str().expect("cell");
                    (cell(name), p["digit"].as_u64().expect("digit") as u8)
                })
                .collect()
        };
        for (c, d) in pairs(&step["place"]) {
            assert!(now[c].contains(&d), "{step}: {d} is no candidate of {c}");
        }
        let gone = pairs(gone);
        for pair in pairs(&step["eliminate"]) {
            assert!(gone.contains(&pair), "{step}: {pair:?} not removed");
        }
        for (c, d) in gone {
            assert!(now[c].contains(&d), "{step}: {d} removed twice from {c}");
            now[c].retain(|&x| x != d);
        }
    }
    assert!(now.iter().all(Vec::is_empty), "marks left: {now:?}");
}

#[tokio::test]
async fn explain_answers_no_marks_unless_asked() {
    let (status, body) = post(&app(), "/api/explain", &json!({ "puzzle": XWING })).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body.get("marks"), None);
}

#[tokio::test]
async fn show_answers_the_puzzles_json_form_for_the_page_to_draw() {
    let killer = "size = 4\nboxes = \"2x2\"\n[[cage]]\nsum = 3\ncells = [[1, 1], [1, 2]]\n";
    let (status, body) = post(
        &app(),
        "/api/show",
        &json!({ "puzzle": killer, "form": "json" }),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["size"], 4);
    assert_eq!(body["box"], json!([2, 2]));
    assert_eq!(
        body["cages"],
        json!([{ "cells": [[1, 1], [1, 2]], "sum": 3 }])
    );

    let (status, body) = post(
        &app(),
        "/api/show",
        &json!({ "puzzle": killer, "form": "json", "solved": true }),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(body["error"], "solved is drawn in the svg form only");
    let (status, body) = post(
        &app(),
        "/api/show",
        &json!({ "puzzle": killer, "form": "png" }),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
}

#[tokio::test]
async fn the_techniques_come_in_the_order_the_explainer_tries_them() {
    let (status, _, text) = send(
        &app(),
        axum::http::Request::get("/api/techniques")
            .body(axum::body::Body::empty())
            .expect("a request"),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    let list: Value = serde_json::from_str(&text).expect("JSON");
    assert_eq!(list[0], json!({ "name": "Hidden single", "rating": 1.2 }));
    let names: Vec<&str> = (list.as_array().expect("a list").iter())
        .filter_map(|t| t["name"].as_str())
        .collect();
    assert!(names.contains(&"X-Wing"), "{names:?}");
    assert!(!names.contains(&"Guess"), "{names:?}");
}
