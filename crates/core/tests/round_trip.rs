//! Every record, built from a real result, carries the version and reads
//! back as the record it was written from.

use std::fmt::Debug;
use std::time::Duration;

use serde::de::DeserializeOwned;
use serde::Serialize;
use sudokit_analysis::{
    analyze, explain_puzzle, generate, reduce, AnalyzeOptions, Counter, GenerateOptions,
    ReduceOptions,
};
use sudokit_core::records::*;
use sudokit_explain::ExplainOptions;
use sudokit_formats::{read_all, Entry, ReadOptions};
use sudokit_model::{Engine, Limits, Mode, Request};

/// A unique 9x9 puzzle that singles do not solve.
const UNIQUE: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4...... hard one";
/// Two equal givens in row 1.
const CLASH: &str =
    "11...............................................................................";
/// The unique puzzle less its givens of row 9 but one: several solutions.
const AMBIGUOUS: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1........";

fn entry(line: &str) -> Entry {
    // Givens that clash are an answer (no solution), not bad input.
    let options = ReadOptions::default().check_givens(false);
    let batch = read_all(line, &options).expect("a puzzle line");
    batch.entries.into_iter().next().expect("one entry")
}

fn engine(spec: &str) -> Box<dyn Engine> {
    sudokit_engines::build(spec).expect("an engine of this build")
}

/// Writes `record` as JSON, checks its version, reads it back unchanged,
/// and returns the JSON for further checks.
fn round_trip<R: Serialize + DeserializeOwned + PartialEq + Debug>(
    record: &R,
) -> serde_json::Value {
    let text = serde_json::to_string(record).expect("a record writes");
    let value: serde_json::Value = serde_json::from_str(&text).expect("a record is JSON");
    assert_eq!(value["version"], RECORD_VERSION, "{text}");
    let back: R = serde_json::from_str(&text).expect("a record reads back");
    assert_eq!(&back, record, "{text}");
    value
}

fn solve_record(line: &str, spec: &str, request: Request, stats: bool) -> SolveRecord {
    let entry = entry(line);
    let answer = sudokit_pipeline::solve(engine(spec).as_ref(), &entry.puzzle, &request)
        .expect("a verified answer");
    SolveRecord::new(&entry, &answer, spec, stats)
}

#[test]
fn a_solved_puzzle_round_trips_with_its_label_and_stats() {
    let record = solve_record(UNIQUE, "fast", Request::new(Mode::First), true);
    let value = round_trip(&record);
    assert_eq!(value["status"], "solved");
    assert_eq!(value["label"], "hard one");
    assert_eq!(
        value["solution"],
        "417369825632158947958724316825437169791586432346912758289643571573291684164875293"
    );
    assert!(value["stats"].is_object(), "{value}");
    assert!(
        value.get("why").is_none() && value.get("limit").is_none(),
        "{value}"
    );
}

#[test]
fn a_count_lists_its_solutions_and_a_clash_says_why() {
    let record = solve_record(
        AMBIGUOUS,
        "cp",
        Request::new(Mode::CountUpTo(3)).keeping(3),
        false,
    );
    let value = round_trip(&record);
    assert_eq!(
        (value["count"].as_u64(), value["complete"].as_bool()),
        (Some(3), Some(false))
    );
    assert_eq!(record.solutions.as_ref().map(Vec::len), Some(3));
    let record = solve_record(CLASH, "cp", Request::new(Mode::First), false);
    let value = round_trip(&record);
    assert_eq!(value["status"], "unsatisfiable");
    assert_eq!(value["solution"], serde_json::Value::Null);
    assert_eq!(value["why"], "1 appears twice in row 1: r1c1 and r1c2");
}

#[test]
fn a_stopped_search_names_its_limit() {
    let limits = Limits {
        nodes: Some(5),
        ..Limits::none()
    };
    let request = Request::new(Mode::All).with_limits(limits).keeping(0);
    let record = solve_record(&".".repeat(81), "cp", request, false);
    let value = round_trip(&record);
    assert_eq!(
        (&value["status"], &value["limit"]),
        (&"limit".into(), &"nodes".into())
    );
    assert!(value.get("fixed_cells").is_some(), "{value}");
}

#[test]
fn a_listed_solution_and_the_records_of_a_puzzle_without_a_result_round_trip() {
    let value = round_trip(&SolutionRecord::new(
        Source::new(3, Some("x")),
        "12".repeat(8),
    ));
    assert_eq!((&value["line"], &value["label"]), (&3.into(), &"x".into()));
    let value = round_trip(&LimitRecord::new(
        Source::new(4, None),
        sudokit_model::LimitKind::Time,
    ));
    assert_eq!(
        (&value["status"], &value["limit"]),
        (&"limit".into(), &"time".into())
    );
    assert!(value.get("label").is_none(), "{value}");
    let value = round_trip(&ErrorRecord::new(Source::new(5, None), "line 5: bad"));
    assert_eq!(
        (&value["status"], &value["error"]),
        (&"error".into(), &"line 5: bad".into())
    );
}

#[test]
fn analyses_of_a_unique_and_an_ambiguous_puzzle_round_trip() {
    let engine = engine("fast");
    let mut counter = Counter::new(engine.as_ref(), Limits::none());
    let unique = entry(UNIQUE);
    let analysis = analyze(&mut counter, &unique.puzzle, &AnalyzeOptions::default()).unwrap();
    let value = round_trip(&AnalyzeRecord::new(&unique, &analysis));
    assert_eq!(
        (&value["unique"], &value["givens"]),
        (&true.into(), &17.into())
    );
    assert_eq!(
        value["difficulty"]["search"],
        sudokit_analysis::REFERENCE_SEARCH
    );
    assert_eq!(value["differing"], serde_json::Value::Null);
    let ambiguous = entry(AMBIGUOUS);
    let analysis = analyze(&mut counter, &ambiguous.puzzle, &AnalyzeOptions::default()).unwrap();
    let value = round_trip(&AnalyzeRecord::new(&ambiguous, &analysis));
    assert_eq!(value["unique"], false);
    assert!(value["completion"][0]["cell"].is_string(), "{value}");
}

#[test]
fn a_reduced_puzzle_round_trips_and_reads_back_as_a_puzzle() {
    let engine = engine("fast");
    let mut counter = Counter::new(engine.as_ref(), Limits::none());
    let puzzle = entry(&format!("{} solved", &UNIQUE[..81]));
    let reduced = reduce(&mut counter, &puzzle.puzzle, &ReduceOptions::default()).unwrap();
    let record = ReduceRecord::new(&puzzle, &reduced);
    let value = round_trip(&record);
    let back = sudokit_formats::from_json(&value, &ReadOptions::default()).unwrap();
    assert_eq!(back, reduced.puzzle);
    let stopped = ReduceRecord::stopped(&puzzle, sudokit_model::LimitKind::Cancelled);
    let value = round_trip(&stopped);
    assert_eq!(
        (&value["limit"], value.get("solution")),
        (&"cancelled".into(), None)
    );
}

#[test]
fn a_generated_killer_round_trips_with_its_grade_and_reads_back() {
    let engine = engine("cp");
    let shape = entry(&".".repeat(16)).puzzle; // a blank 4x4
    let mut options = GenerateOptions::new(shape);
    options.killer = Some(sudokit_analysis::Killer::WithGivens);
    options.measure = true;
    let generated = generate(engine.as_ref(), &options, 7, 0, Limits::none()).unwrap();
    let record = GenerateRecord::new(&generated, 7, 0);
    let value = round_trip(&record);
    assert_eq!((&value["seed"], &value["index"]), (&7.into(), &0.into()));
    assert!(value["cages"][0]["sum"].is_u64(), "{value}");
    assert!(value["grade"]["level"].is_string(), "{value}");
    let back = sudokit_formats::from_json(&value, &ReadOptions::default()).unwrap();
    assert_eq!(back, generated.puzzle);
}

#[test]
fn an_explanation_and_a_grade_round_trip() {
    let engine = engine("fast");
    let mut counter = Counter::new(engine.as_ref(), Limits::none());
    let puzzle = entry(UNIQUE);
    let explained = explain_puzzle(
        &mut counter,
        &puzzle.puzzle,
        ExplainOptions::default(),
        true,
    )
    .unwrap();
    let value = round_trip(&ExplainRecord::new(&puzzle, &explained));
    assert_eq!(value["outcome"]["status"], "solved");
    assert_eq!(
        value["steps"][0]["rating"].as_f64().map(|r| r >= 1.0),
        Some(true)
    );
    let grade = explained.finished_grade().unwrap();
    let value = round_trip(&GradeRecord::new(&puzzle, grade));
    assert_eq!(value["level"], grade.level.name());
    assert_eq!(value["score"].as_f64(), Some(grade.score()));
}

#[test]
fn a_checked_grid_names_its_conflicts() {
    let grid = entry(&format!("{}{}", "11", &"123456789".repeat(9)[2..]));
    let report = sudokit_verify::check_grid(&grid.puzzle, grid.puzzle.givens());
    let value = round_trip(&CheckRecord::new(&grid, &report));
    assert_eq!(value["valid"], false);
    assert_eq!(
        value["conflicts"][0]["Duplicate"]["at"],
        serde_json::json!(["r1c1", "r1c2"])
    );
}

#[test]
fn engines_and_problems_round_trip() {
    for descriptor in sudokit_engines::catalogue() {
        let value = round_trip(&EngineRecord::new(&descriptor, &(descriptor.probe)()));
        assert_eq!(value["name"], descriptor.name);
    }
    let engine = engine("cp");
    let request = Request::new(Mode::All).keeping(1);
    let outcome = engine
        .solve(&sudokit_problems::n_queens(6), &request)
        .unwrap();
    let record = ProblemRecord::new("6-queens", "cp", &outcome, Duration::from_micros(5), true);
    let value = round_trip(&record);
    assert_eq!(
        (&value["count"], &value["status"]),
        (&4.into(), &"solved".into())
    );
}
