//! The records as a JSON Schema, for programs that validate what they
//! read, or generate types from it (docs/records.schema.json holds it).

use schemars::generate::SchemaSettings;
use serde_json::{json, Value};

use super::*;

/// One JSON Schema (draft 2020-12) that every record line of
/// [`RECORD_VERSION`] matches: one of the records, each under `$defs` by
/// its type name. It describes the records as written.
pub fn json_schema() -> Value {
    let mut generator = SchemaSettings::draft2020_12()
        .for_serialize()
        .into_generator();
    let records = [
        generator.subschema_for::<SolveRecord>(),
        generator.subschema_for::<SolutionRecord>(),
        generator.subschema_for::<LimitRecord>(),
        generator.subschema_for::<ErrorRecord>(),
        generator.subschema_for::<AnalyzeRecord>(),
        generator.subschema_for::<ReduceRecord>(),
        generator.subschema_for::<GenerateRecord>(),
        generator.subschema_for::<GenerateLimitRecord>(),
        generator.subschema_for::<ExplainRecord>(),
        generator.subschema_for::<GradeRecord>(),
        generator.subschema_for::<CheckRecord>(),
        generator.subschema_for::<EngineRecord>(),
        generator.subschema_for::<ProblemRecord>(),
    ];
    json!({
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": format!("sudokit records, version {RECORD_VERSION}"),
        "description": "One line of `sudokit ... --format json`; docs/RECORDS.md describes each record.",
        "anyOf": records.map(|r| r.to_value()),
        "$defs": generator.take_definitions(true),
    })
}
