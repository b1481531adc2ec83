//! docs/RECORDS.md cannot drift from the records: each section names its
//! record, every record has a section, and each section's example line
//! reads as that record and writes back the same.

use std::path::Path;

use serde::de::DeserializeOwned;
use serde::Serialize;
use sudokit_core::records::*;

/// The record each section of the document names, by name.
const RECORDS: [&str; 13] = [
    "SolveRecord",
    "SolutionRecord",
    "LimitRecord",
    "ErrorRecord",
    "AnalyzeRecord",
    "ReduceRecord",
    "GenerateRecord",
    "GenerateLimitRecord",
    "ExplainRecord",
    "GradeRecord",
    "CheckRecord",
    "EngineRecord",
    "ProblemRecord",
];

/// Each line of the example, read as `R` and written again, is the same
/// JSON: no field unknown to the record, none missing, the version there.
fn same_when_read_back<R: Serialize + DeserializeOwned>(name: &str, example: &str) {
    for line in example.lines() {
        let record: R = serde_json::from_str(line)
            .unwrap_or_else(|e| panic!("the example of {name} does not read: {e}\n{line}"));
        let written: serde_json::Value = serde_json::to_value(&record).expect("a record writes");
        let shown: serde_json::Value = serde_json::from_str(line).expect("JSON");
        assert_eq!(
            written, shown,
            "the example of {name} is not what the record writes"
        );
        assert_eq!(shown["version"], RECORD_VERSION, "{name}");
    }
}

/// `(record name, example line)` of each section that names a record.
fn examples(text: &str) -> Vec<(String, String)> {
    let mut found = Vec::new();
    for section in text.split("\n## ").skip(1) {
        let heading = section.lines().next().unwrap_or_default();
        let Some(name) = heading.split('`').nth(1).filter(|n| n.ends_with("Record")) else {
            continue;
        };
        let example = section
            .split("```json\n")
            .nth(1)
            .and_then(|rest| rest.split("\n```").next())
            .unwrap_or_else(|| panic!("the section on {name} has no json example"));
        found.push((name.to_string(), example.to_string()));
    }
    found
}

#[test]
fn every_record_has_a_section_whose_example_reads_as_that_record() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/RECORDS.md");
    let text = std::fs::read_to_string(&path).expect("docs/RECORDS.md");
    let examples = examples(&text);
    let names: Vec<&str> = examples.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(names, RECORDS, "one section per record, in this order");
    for (name, example) in &examples {
        match name.as_str() {
            "SolveRecord" => same_when_read_back::<SolveRecord>(name, example),
            "SolutionRecord" => same_when_read_back::<SolutionRecord>(name, example),
            "LimitRecord" => same_when_read_back::<LimitRecord>(name, example),
            "ErrorRecord" => same_when_read_back::<ErrorRecord>(name, example),
            "AnalyzeRecord" => same_when_read_back::<AnalyzeRecord>(name, example),
            "ReduceRecord" => same_when_read_back::<ReduceRecord>(name, example),
            "GenerateRecord" => same_when_read_back::<GenerateRecord>(name, example),
            "GenerateLimitRecord" => same_when_read_back::<GenerateLimitRecord>(name, example),
            "ExplainRecord" => same_when_read_back::<ExplainRecord>(name, example),
            "GradeRecord" => same_when_read_back::<GradeRecord>(name, example),
            "CheckRecord" => same_when_read_back::<CheckRecord>(name, example),
            "EngineRecord" => same_when_read_back::<EngineRecord>(name, example),
            "ProblemRecord" => same_when_read_back::<ProblemRecord>(name, example),
            other => panic!("no record called {other}"),
        }
    }
}
