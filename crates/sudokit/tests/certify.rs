//! `--certify` and `sudokit certify`: counts that come with a checked
//! proof, and a bundle an outside checker reads.

mod common;

use common::{run, run_with};
use sudokit_certify::{check, Claim, Proof, Verdict};
use sudokit_formats::{parse_line, parse_toml, ReadOptions};
use sudokit_verify::check_grid;

const TOP95_1: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
/// Three solutions (conformance case classic9-multi2).
const THREE: &str =
    "..3.2.6..9..3.5..1..1..64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
/// No conflicting givens, but no solution (conformance case classic9-zero1).
const NO_SOLUTION: &str =
    "9.2..54.31...63.255.84.7.6..263.9..1.57.1.29..9.67.53.24153.6..7.52..3.4.8..4195.";
/// A 4x4 killer with pencil marks and no givens, unique.
const KILLER: &str = r#"size = 4
boxes = "2x2"
candidates = [
    "1 1234 1234 1234",
    "3 1234 1234 1234",
    "2 1234 4 1234",
    "1234 1234 1234 1",
]

[[cage]]
sum = 3
cells = [[1, 1], [1, 2]]

[[cage]]
sum = 7
cells = [[2, 1], [2, 2]]

[[cage]]
sum = 7
cells = [[3, 3], [3, 4]]

[[cage]]
sum = 3
cells = [[4, 3], [4, 4]]
"#;

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
fn certify_writes_no_folder_for_a_claim_it_cannot_prove() {
    let dir = tempfile::tempdir().expect("a folder");
    let bundle = dir.path().join("bundle");
    let out = run(
        &[
            "certify",
            THREE,
            "--max",
            "2",
            "-o",
            bundle.to_str().expect("utf-8"),
        ],
        3,
    );
    assert_eq!(
        out,
        "exactly 2 solutions: not certified: the count is not complete: a cap or a limit stopped it\n"
    );
    assert!(!bundle.exists(), "an empty bundle folder was made");
}

#[test]
fn solve_certify_says_unique_in_words() {
    let out = run(&["solve", "--certify", TOP95_1], 0);
    let first: Vec<&str> = out.lines().take(2).collect();
    assert_eq!(first[0], "# unique");
    assert!(first[1].starts_with("# certified: unique ("), "{out}");
}

/// The clauses of a DIMACS text, checked against its `p cnf` header.
fn dimacs_clauses(cnf: &str) -> Vec<Vec<i64>> {
    let mut lines = cnf.lines().filter(|l| !l.starts_with('c'));
    let header: Vec<&str> = lines.next().expect("a header").split(' ').collect();
    assert_eq!(header[..2], ["p", "cnf"], "{header:?}");
    let vars: i64 = header[2].parse().expect("a variable count");
    let clauses: Vec<Vec<i64>> = lines
        .map(|line| {
            let mut lits: Vec<i64> = line
                .split_whitespace()
                .map(|w| w.parse().expect("a literal"))
                .collect();
            assert_eq!(lits.pop(), Some(0), "a clause ends in 0: {line}");
            assert!(lits.iter().all(|l| *l != 0 && l.abs() <= vars), "{line}");
            lits
        })
        .collect();
    assert_eq!(header[3], clauses.len().to_string());
    clauses
}

#[test]
fn certify_writes_a_bundle_that_checks() {
    let dir = tempfile::tempdir().expect("a folder");
    let bundle = dir.path().join("bundle");
    let out = run(
        &["certify", THREE, "-o", bundle.to_str().expect("utf-8")],
        0,
    );
    let read = |name: &str| {
        std::fs::read_to_string(bundle.join(name)).unwrap_or_else(|e| panic!("{name}: {e}"))
    };
    assert!(out.starts_with("exactly 3 solutions: certified ("), "{out}");
    assert!(
        out.contains("wrote README.txt, puzzle.toml, solutions.txt, puzzle.cnf, proof.drat in "),
        "{out}"
    );
    // The puzzle reads back as the one given.
    let puzzle = parse_line(THREE, &ReadOptions::default()).expect("a puzzle");
    let toml = read("puzzle.toml");
    assert_eq!(
        parse_toml(&toml, &ReadOptions::default()).expect("puzzle.toml reads"),
        puzzle,
        "{toml}"
    );
    // The three grids, each a solution, each blocked by one of the CNF's
    // last clauses, in order: every cell's variable cell * 9 + digit, negated.
    let grids: Vec<Vec<u8>> = read("solutions.txt")
        .lines()
        .map(|l| l.bytes().map(|b| b - b'0').collect())
        .collect();
    assert_eq!(grids.len(), 3);
    for grid in &grids {
        let report = check_grid(&puzzle, grid);
        assert!(report.is_valid(), "{report}");
    }
    assert!(grids[0] != grids[1] && grids[1] != grids[2] && grids[0] != grids[2]);
    let clauses = dimacs_clauses(&read("puzzle.cnf"));
    let blocking: Vec<Vec<i64>> = grids
        .iter()
        .map(|grid| {
            grid.iter()
                .enumerate()
                .map(|(cell, &d)| -(cell as i64 * 9 + i64::from(d)))
                .collect()
        })
        .collect();
    assert_eq!(clauses[clauses.len() - 3..], blocking[..]);
    // The proof checks against the puzzle and those grids.
    let proof = read("proof.drat");
    assert!(proof.ends_with("0\n"));
    let proof = Proof::from_drat(&proof).expect("DRAT text");
    assert_eq!(
        check(&puzzle, &grids, &proof),
        Verdict::Certified {
            claim: Claim::Exactly(3)
        }
    );
    let readme = read("README.txt");
    assert!(readme.contains("Claim: exactly 3 solutions."), "{readme}");
    assert!(
        readme.contains("drat-trim puzzle.cnf proof.drat"),
        "{readme}"
    );
    assert!(readme.contains("729 is \"r9c9 holds 9\""), "{readme}");
}

#[test]
fn a_killer_bundle_reads_back_and_names_its_cage_variables() {
    let dir = tempfile::tempdir().expect("a folder");
    let bundle = dir.path().join("bundle");
    let file = dir.path().join("killer.toml");
    std::fs::write(&file, KILLER).expect("the puzzle written");
    let out = run(
        &[
            "certify",
            "-f",
            file.to_str().expect("utf-8"),
            "-o",
            bundle.to_str().expect("utf-8"),
        ],
        0,
    );
    assert!(out.starts_with("unique: certified ("), "{out}");
    let read = |name: &str| {
        std::fs::read_to_string(bundle.join(name)).unwrap_or_else(|e| panic!("{name}: {e}"))
    };
    let puzzle = parse_toml(KILLER, &ReadOptions::default()).expect("a puzzle");
    assert_eq!(
        parse_toml(&read("puzzle.toml"), &ReadOptions::default()).expect("puzzle.toml reads"),
        puzzle
    );
    let grids: Vec<Vec<u8>> = read("solutions.txt")
        .lines()
        .map(|l| l.bytes().map(|b| b - b'0').collect())
        .collect();
    assert_eq!(grids.len(), 1);
    assert!(check_grid(&puzzle, &grids[0]).is_valid());
    let clauses = dimacs_clauses(&read("puzzle.cnf"));
    let blocking: Vec<i64> = grids[0]
        .iter()
        .enumerate()
        .map(|(cell, &d)| -(cell as i64 * 4 + i64::from(d)))
        .collect();
    assert_eq!(clauses.last(), Some(&blocking));
    let readme = read("README.txt");
    assert!(readme.contains("Variables 65 to "), "{readme}");
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

#[test]
fn generate_certify_sums_up_in_one_line() {
    let (out, err) = run_with(&["generate", "-n", "4", "--seed", "5", "--certify"], "", 0);
    assert_eq!(out.lines().count(), 4, "{out}");
    assert_eq!(err, "certified unique: 4 of 4\n");
    // The JSON records carry each certificate: nothing more on stderr.
    let (_, err) = run_with(
        &[
            "generate",
            "-n",
            "2",
            "--seed",
            "5",
            "--certify",
            "--format",
            "json",
        ],
        "",
        0,
    );
    assert_eq!(err, "");
    // --quiet keeps the summary off too.
    let (_, err) = run_with(
        &["generate", "-n", "2", "--seed", "5", "--certify", "-q"],
        "",
        0,
    );
    assert_eq!(err, "");
}
