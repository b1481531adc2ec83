//! The shipped examples and the conformance suite read through every form.

use std::path::PathBuf;

use serde_json::Value;
use sudokit_formats::{
    from_json, parse_block, parse_line, parse_puzzle, parse_toml, to_block, to_json, to_line,
    to_toml, Puzzle, ReadOptions, Shape,
};
use sudokit_puzzle::Layout;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn cases() -> Vec<Value> {
    let text = std::fs::read_to_string(root().join("data/conformance/cases.json")).unwrap();
    let cases: Value = serde_json::from_str(&text).unwrap();
    cases.as_array().unwrap().clone()
}

fn case(name: &str) -> Value {
    cases().into_iter().find(|c| c["name"] == name).unwrap()
}

/// Lenient: `classic9-conflict` has clashing givens on purpose.
fn lenient() -> ReadOptions {
    ReadOptions::default().check_givens(false)
}

#[test]
fn examples_equal_their_conformance_cases() {
    for (file, name) in [
        ("zones3.toml", "extra3-zones"),
        ("x9.toml", "x9-u1"),
        ("killer9.toml", "killer9-cages"),
        ("jigsaw9.toml", "jigsaw9-u2"),
    ] {
        let text = std::fs::read_to_string(root().join("data/examples").join(file)).unwrap();
        let from_file = parse_toml(&text, &ReadOptions::default()).unwrap();
        assert_eq!(
            parse_puzzle(&text, &ReadOptions::default()).unwrap(),
            from_file
        );
        let case = case(name);
        assert_eq!(
            from_file,
            from_json(&case, &ReadOptions::default()).unwrap(),
            "{file}"
        );
        // The solution count in the header comment is the case's.
        let stated = text
            .lines()
            .find_map(|l| l.strip_prefix("# Solutions: "))
            .and_then(|rest| rest.split_whitespace().next())
            .and_then(|n| n.parse::<u64>().ok());
        assert_eq!(stated, case["count"].as_u64(), "{file}");
    }
}

#[test]
fn zones3_is_the_course_grid() {
    let text = std::fs::read_to_string(root().join("data/examples/zones3.toml")).unwrap();
    let p = parse_toml(&text, &ReadOptions::default()).unwrap();
    assert_eq!(p.size(), 3);
    assert_eq!(p.layout(), &Layout::Latin);
    assert_eq!(p.givens(), &[0, 0, 0, 3, 0, 0, 0, 0, 0]);
    assert_eq!(
        p.extra_groups(),
        &[vec![1, 2, 5], vec![4, 7, 8], vec![0, 3, 6]]
    );
}

fn shape_of(p: &Puzzle) -> Shape {
    match p.layout() {
        Layout::Boxes(b) => Shape::Boxes(*b),
        _ => Shape::Latin,
    }
}

#[test]
fn every_case_round_trips_through_every_form() {
    for case in cases() {
        let name = case["name"].as_str().unwrap();
        let p = from_json(&case, &lenient()).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(p.size() as u64, case["size"].as_u64().unwrap());
        assert_eq!(to_line(&p), case["givens"].as_str().unwrap(), "{name}");
        assert_eq!(from_json(&to_json(&p), &lenient()).unwrap(), p, "{name}");
        assert_eq!(parse_toml(&to_toml(&p), &lenient()).unwrap(), p, "{name}");
        assert_eq!(parse_puzzle(&to_toml(&p), &lenient()).unwrap(), p, "{name}");
        if p.diagonals() || !p.extra_groups().is_empty() || !p.cages().is_empty() {
            continue;
        }
        if let Layout::Regions(_) = p.layout() {
            continue;
        }
        let options = lenient().shape(shape_of(&p));
        assert_eq!(parse_line(&to_line(&p), &options).unwrap(), p, "{name}");
        assert_eq!(parse_block(&to_block(&p), &options).unwrap(), p, "{name}");
        if p.box_shape().is_some() {
            // the separators carry the box shape: no option needed
            assert_eq!(
                parse_puzzle(&to_block(&p), &lenient()).unwrap(),
                p,
                "{name}"
            );
        }
    }
}

#[test]
fn conflict_case_is_refused_when_strict() {
    let e = from_json(&case("classic9-conflict"), &ReadOptions::default()).unwrap_err();
    assert!(e.to_string().contains(" appears twice in "), "{e}");
}

#[test]
fn solutions_parse_as_full_grids() {
    for case in cases() {
        if let Some(solution) = case["solution"].as_str() {
            let p = from_json(&case, &lenient()).unwrap();
            let options = ReadOptions::default().shape(shape_of(&p));
            let grid = parse_line(solution, &options).unwrap();
            assert!(grid.givens().iter().all(|&d| d != 0));
        }
    }
}

/// The conformance file is a JSON array of puzzles: it reads as its 61
/// puzzles (not as TOML, which `[` also opens), each at the line its object
/// starts on, whole or streamed; a bad element is named by its line (the
/// case with clashing givens, refused when strict).
#[test]
fn a_json_array_is_a_batch() {
    let path = root().join("data/conformance/cases.json");
    let text = std::fs::read_to_string(&path).unwrap();
    let options = ReadOptions::default().skip_invalid(true);
    let batch = sudokit_formats::read_all(&text, &options).unwrap();
    // Each case's object opens the line before its "name".
    let object_lines: Vec<usize> = text
        .lines()
        .enumerate()
        .filter(|(_, l)| l.trim_start().starts_with("\"name\""))
        .map(|(i, _)| i)
        .collect();
    assert_eq!(object_lines.len(), cases().len());
    let mut lines: Vec<usize> = batch.entries.iter().map(|e| e.line).collect();
    assert_eq!(batch.errors.len(), 1, "{:?}", batch.errors);
    lines.extend(batch.errors.iter().filter_map(|e| e.line));
    lines.sort();
    assert_eq!(lines, object_lines);
    let streamed = sudokit_formats::stream_puzzles(text.as_bytes(), &options).count();
    assert_eq!(streamed, cases().len());

    let broken = "[\n  {\"size\": 4, \"givens\": \"1...\"},\n  {\"size\": 4}\n]\n";
    let results: Vec<_> = sudokit_formats::read_puzzles(broken, &ReadOptions::default()).collect();
    assert_eq!(results.len(), 2);
    assert_eq!(results[0].as_ref().unwrap_err().line, Some(2));
    assert!(results[1].is_ok(), "{:?}", results[1]);
    let err = sudokit_formats::parse_puzzle(broken, &ReadOptions::default()).unwrap_err();
    assert_eq!(err.line, Some(2));
}
