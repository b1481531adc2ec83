//! The OpenAPI 3 document of the API, at `/openapi.json`: the schemas are
//! the records' and the requests' own (schemars), so the document cannot
//! drift from what the handlers read and write.

use schemars::generate::SchemaSettings;
use schemars::{JsonSchema, SchemaGenerator};
use serde_json::{json, Map, Value};
use sudokit_core::records::{
    AnalyzeRecord, CheckRecord, EngineRecord, ErrorRecord, GenerateRecord, GradeRecord,
    LimitRecord, ReduceRecord, SolveRecord, RECORD_VERSION,
};

use crate::requests::*;

/// The routes that take a JSON body: path, request, what the 200 holds,
/// and one line on what it does.
struct Operation {
    path: &'static str,
    summary: &'static str,
    request: fn(&mut SchemaGenerator) -> Value,
    answer: fn(&mut SchemaGenerator) -> Value,
}

/// The `$ref` of `T`'s schema, adding it to the generator's definitions.
fn schema<T: JsonSchema>(generator: &mut SchemaGenerator) -> Value {
    generator.subschema_for::<T>().to_value()
}

/// `T`'s schema, or the limit's record when a limit stopped the work.
fn or_limit<T: JsonSchema>(generator: &mut SchemaGenerator) -> Value {
    json!({ "oneOf": [schema::<T>(generator), schema::<LimitRecord>(generator)] })
}

const OPERATIONS: [Operation; 9] = [
    Operation {
        path: "/api/solve",
        summary: "One solution, verified (sudokit solve).",
        request: schema::<SolveRequest>,
        answer: schema::<SolveRecord>,
    },
    Operation {
        path: "/api/count",
        summary: "Count solutions up to max, or all (sudokit count).",
        request: schema::<CountRequest>,
        answer: schema::<SolveRecord>,
    },
    Operation {
        path: "/api/analyze",
        summary: "Unique? minimal? redundant givens, difficulty (sudokit analyze).",
        request: schema::<PuzzleRequest>,
        answer: or_limit::<AnalyzeRecord>,
    },
    Operation {
        path: "/api/reduce",
        summary: "Givens taken away while unique (sudokit reduce).",
        request: schema::<PuzzleRequest>,
        answer: schema::<ReduceRecord>,
    },
    Operation {
        path: "/api/explain",
        summary: "The human steps (sudokit explain), with their pencil marks on request.",
        request: schema::<ExplainRequestBody>,
        answer: or_limit::<crate::ExplainAnswer>,
    },
    Operation {
        path: "/api/hint",
        summary: "The next step alone (sudokit explain --hint --format json).",
        request: schema::<HintRequest>,
        answer: or_limit::<sudokit_core::records::ExplainRecord>,
    },
    Operation {
        path: "/api/grade",
        summary: "The human grade on the SE scale (sudokit grade).",
        request: schema::<PuzzleRequest>,
        answer: or_limit::<GradeRecord>,
    },
    Operation {
        path: "/api/check",
        summary: "A filled grid judged by the verifier (sudokit check).",
        request: schema::<CheckRequest>,
        answer: schema::<CheckRecord>,
    },
    Operation {
        path: "/api/generate",
        summary: "New unique puzzles (sudokit generate): one record each.",
        request: schema::<GenerateRequestBody>,
        answer: |generator| {
            json!({ "type": "array", "items": { "oneOf": [
                schema::<GenerateRecord>(generator),
                schema::<LimitRecord>(generator),
                schema::<ErrorRecord>(generator),
            ]}})
        },
    },
];

/// The statuses every operation may answer besides 200, all with an
/// `ErrorRecord` body.
const FAILURES: [(&str, &str); 6] = [
    (
        "400",
        "Bad input: the message names the line, cell and reason.",
    ),
    ("413", "The request body is over the server's limit."),
    ("415", "The request body is not JSON."),
    (
        "422",
        "The engine refuses the puzzle, or the puzzle has no answer of the kind asked.",
    ),
    (
        "500",
        "sudokit failed; the message gives an id to find in the server's log.",
    ),
    (
        "503",
        "Every search slot is taken: ask again after Retry-After seconds.",
    ),
];

/// The OpenAPI 3.0 document of every route.
pub fn openapi() -> Value {
    let mut generator = SchemaSettings::openapi3().into_generator();
    let error = schema::<ErrorRecord>(&mut generator);
    let failures = |json_body: bool| -> Map<String, Value> {
        FAILURES
            .iter()
            .filter(|(code, _)| json_body || !matches!(*code, "413" | "415"))
            .map(|(code, why)| {
                let body = json!({
                    "description": why,
                    "content": { "application/json": { "schema": error } },
                });
                (code.to_string(), body)
            })
            .collect()
    };
    let mut paths = Map::new();
    for operation in &OPERATIONS {
        let request = (operation.request)(&mut generator);
        let answer = (operation.answer)(&mut generator);
        let mut responses = failures(true);
        responses.insert(
            "200".into(),
            json!({ "description": "The answer's record.",
                    "content": { "application/json": { "schema": answer } } }),
        );
        paths.insert(
            operation.path.into(),
            json!({ "post": {
                "summary": operation.summary,
                "requestBody": { "required": true,
                    "content": { "application/json": { "schema": request } } },
                "responses": responses,
            }}),
        );
    }
    let show_request = schema::<ShowRequest>(&mut generator);
    let mut show_responses = failures(true);
    show_responses.insert(
        "200".into(),
        json!({ "description": "The puzzle drawn as SVG, or in its JSON form (form: json).",
                "content": {
                    "image/svg+xml": { "schema": { "type": "string" } },
                    "application/json": { "schema": { "type": "object" } },
                } }),
    );
    paths.insert(
        "/api/show".into(),
        json!({ "post": {
            "summary": "The puzzle drawn as SVG, solved on request, or its JSON form (sudokit show --format svg|json).",
            "requestBody": { "required": true,
                "content": { "application/json": { "schema": show_request } } },
            "responses": show_responses,
        }}),
    );
    let engines = schema::<EngineRecord>(&mut generator);
    paths.insert(
        "/api/engines".into(),
        json!({ "get": {
            "summary": "Every engine and whether it is available here (sudokit engines).",
            "responses": { "200": { "description": "One record per engine.",
                "content": { "application/json": { "schema": { "type": "array", "items": engines } } } } },
        }}),
    );
    let techniques = schema::<crate::TechniqueRecord>(&mut generator);
    paths.insert(
        "/api/techniques".into(),
        json!({ "get": {
            "summary": "The human techniques, in the order the explainer tries them.",
            "responses": { "200": { "description": "One record per technique.",
                "content": { "application/json": { "schema": { "type": "array", "items": techniques } } } } },
        }}),
    );
    json!({
        "openapi": "3.0.3",
        "info": {
            "title": "sudokit",
            "version": format!("{}", env!("CARGO_PKG_VERSION")),
            "description": format!(
                "Solve, count, analyse, reduce, generate, explain and grade puzzles. \
                 Answers are the records of `sudokit ... --format json` (version {RECORD_VERSION})."
            ),
        },
        "paths": paths,
        "components": { "schemas": generator.take_definitions(true) },
    })
}
