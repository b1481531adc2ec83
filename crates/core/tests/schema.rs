//! docs/records.schema.json is the schema the records make.
//!
//! After a change to the records, write the file again with
//! `SUDOKIT_WRITE_SCHEMA=1 cargo test -p sudokit-core --test schema`.

use std::path::Path;

use sudokit_core::records::json_schema;

#[test]
fn the_schema_file_is_up_to_date() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/records.schema.json");
    let made = serde_json::to_string_pretty(&json_schema()).expect("a schema writes") + "\n";
    if std::env::var_os("SUDOKIT_WRITE_SCHEMA").is_some() {
        std::fs::write(&path, &made).expect("docs/records.schema.json written");
    }
    let kept = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        kept == made,
        "docs/records.schema.json is not the schema of the records: write it again with \
         SUDOKIT_WRITE_SCHEMA=1 cargo test -p sudokit-core --test schema"
    );
}

#[test]
fn the_schema_names_every_record_and_its_version_field() {
    let schema = json_schema();
    let defs = schema["$defs"].as_object().expect("$defs");
    assert_eq!(schema["anyOf"].as_array().map(Vec::len), Some(13));
    for (name, def) in defs.iter().filter(|(name, _)| name.ends_with("Record")) {
        let Some(required) = def["required"].as_array() else {
            continue; // StatsRecord, ConflictRecord ... are parts, not lines
        };
        if def["properties"].get("version").is_some() {
            assert!(required.contains(&"version".into()), "{name}: {def}");
        }
    }
    assert!(defs.contains_key("SolveRecord") && defs.contains_key("ProblemRecord"));
}
