//! `--certify` and `sudokit certify`: counts that come with a checked
//! proof, and a bundle an outside checker reads.

mod common;

use common::run;
use sudokit_certify::{check, Claim, Proof, Verdict};
use sudokit_formats::{parse_line, ReadOptions};

const TOP95_1: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
/// Three solutions (conformance case classic9-multi2).
const THREE: &str =
    "..3.2.6..9..3.5..1..1..64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
/// No conflicting givens, but no solution (conformance case classic9-zero1).
const NO_SOLUTION: &str =
    "9.2..54.31...63.255.84.7.6..263.9..1.57.1.29..9.67.53.24153.6..7.52..3.4.8..4195.";

fn certificate(line: &str) -> serde_json::Value {
    let record: serde_json::Value = serde_json::from_str(line).expect("a JSON record");
    record["certificate"].clone()
}

#[test]
fn count_certify_proves_each_count() {
    for (puzzle, claim, code) in [
        (TOP95_1, "unique", 0),
        (THREE, "exactly 3 solutions", 0),
        (NO_SOLUTION, "no solution", 1),
    ] {
        let out = run(&["count", "--certify", "--format", "json", puzzle], code);
        let certificate = certificate(&out);
        assert_eq!(certificate["certified"], true, "{puzzle}: {out}");
        assert_eq!(certificate["claim"], claim, "{puzzle}");
        assert!(certificate["lemmas"].as_u64().is_some_and(|n| n >= 1));
    }
}

#[test]
fn a_count_stopped_at_its_cap_is_not_certified() {
    let out = run(
        &[
            "count",
            "--certify",
            "--max",
            "2",
            "--format",
            "json",
            THREE,
        ],
        0,
    );
    let certificate = certificate(&out);
    assert_eq!(certificate["certified"], false);
    assert_eq!(
        certificate["reason"],
        "the count is not complete: a cap or a limit stopped it"
    );
}

#[test]
fn solve_certify_says_unique_in_words() {
    let out = run(&["solve", "--certify", TOP95_1], 0);
    let first: Vec<&str> = out.lines().take(2).collect();
    assert_eq!(first[0], "# unique");
    assert!(first[1].starts_with("# certified: unique ("), "{out}");
}

#[test]
fn certify_writes_a_bundle_that_checks() {
    let dir = tempfile::tempdir().expect("a folder");
    let bundle = dir.path().join("bundle");
    let out = run(
        &["certify", THREE, "-o", bundle.to_str().expect("utf-8")],
        0,
    );
    assert!(out.starts_with("exactly 3 solutions: certified ("), "{out}");
    let cnf = std::fs::read_to_string(bundle.join("puzzle.cnf")).expect("the CNF");
    let proof = std::fs::read_to_string(bundle.join("proof.drat")).expect("the proof");
    assert!(cnf.starts_with("p cnf 729 "));
    assert!(proof.ends_with("0\n"));
    // The proof, read back, checks against the three solutions, found
    // here by counting again.
    let json = run(&["count", "--format", "json", "--list", THREE], 0);
    let puzzle = parse_line(THREE, &ReadOptions::default()).expect("a puzzle");
    let grids: Vec<Vec<u8>> = json
        .lines()
        .filter_map(|l| {
            let record: serde_json::Value = serde_json::from_str(l).ok()?;
            let solution = record["solution"].as_str()?.to_string();
            record["count"].is_null().then_some(solution)
        })
        .map(|s| s.bytes().map(|b| b - b'0').collect())
        .collect();
    assert_eq!(grids.len(), 3, "{json}");
    let proof = Proof::from_drat(&proof).expect("DRAT text");
    assert_eq!(
        check(&puzzle, &grids, &proof),
        Verdict::Certified {
            claim: Claim::Exactly(3)
        }
    );
}

#[test]
fn count_list_certify_proves_the_grids_it_listed() {
    let out = run(
        &["count", "--list", "--certify", "--format", "json", THREE],
        0,
    );
    let lines: Vec<&str> = out.lines().collect();
    // Three listed grids, then the count with its certificate.
    assert_eq!(lines.len(), 4, "{out}");
    let certificate = certificate(lines[3]);
    assert_eq!(certificate["certified"], true, "{out}");
    assert_eq!(certificate["claim"], "exactly 3 solutions");
}

#[test]
fn analyze_certify_proves_unique_and_none_and_leaves_ambiguous_to_count() {
    for (puzzle, certified, claim, code) in [
        (TOP95_1, true, "unique", 0),
        (NO_SOLUTION, true, "no solution", 1),
        (THREE, false, "exactly 3 solutions", 0),
    ] {
        let out = run(
            &[
                "analyze",
                "--certify",
                "--no-redundancy",
                "--no-difficulty",
                "--format",
                "json",
                puzzle,
            ],
            code,
        );
        let certificate = certificate(&out);
        assert_eq!(certificate["certified"], certified, "{puzzle}: {out}");
        assert_eq!(certificate["claim"], claim, "{puzzle}");
        if !certified {
            assert_eq!(
                certificate["reason"],
                "analyze keeps two of the solutions, not all; count --certify proves the count"
            );
        }
    }
}

#[test]
fn generate_certify_proves_every_puzzle_unique() {
    let out = run(
        &[
            "generate",
            "-n",
            "3",
            "--seed",
            "5",
            "--certify",
            "--format",
            "json",
        ],
        0,
    );
    let records: Vec<serde_json::Value> = serde_json::from_str(&out).expect("a JSON array");
    assert_eq!(records.len(), 3, "{out}");
    for record in &records {
        assert_eq!(record["certificate"]["certified"], true, "{record}");
        assert_eq!(record["certificate"]["claim"], "unique", "{record}");
    }
}
