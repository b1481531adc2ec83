//! End-to-end tests of `analyze`, `reduce` and `generate`: real runs of the
//! binary, every made puzzle read back and counted again, exact messages
//! and exit codes.

mod common;

use common::{repo, run, run_with, sudokit};
use serde_json::Value;

/// top95's first puzzle: 17 givens, unique and minimal.
const TOP95_1: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

/// How many solutions `count` finds for each puzzle of `text`, read back
/// from standard input in the form `generate` or `reduce` wrote.
fn counts(text: &str) -> Vec<String> {
    let (out, _) = run_with(&["count", "-", "--max", "2", "--format", "line"], text, 0);
    out.lines()
        .map(|l| l.rsplit(' ').next().unwrap().to_string())
        .collect()
}

#[test]
fn analyze_says_a_seventeen_clue_puzzle_is_unique_and_minimal() {
    let out = run(&["analyze", TOP95_1], 0);
    assert_eq!(
        out,
        "line 1: 9x9, 17 givens, 1 solution\n  unique and minimal: every given is needed\n  \
         difficulty: singles leave 61 cells open; 50 guesses, 50 fails \
         (cp:var=first-fail:val=min:propagation=singles, counting to 2)\n"
    );
    let line = run(
        &["analyze", TOP95_1, "--format", "line", "--engine", "cp"],
        0,
    );
    assert_eq!(line, "1 unique minimal guesses=50\n");
}

#[test]
fn analyze_names_the_redundant_given_and_the_missing_clues() {
    // top95's first puzzle with r1c2 = 1 from its solution added.
    let extra = format!("41{}", &TOP95_1[2..]);
    let out = run(&["analyze", &extra, "--format", "json"], 0);
    let record: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(record["minimal"], false);
    let redundant = record["redundant"].as_array().unwrap();
    assert!(redundant.contains(&Value::from("r1c2")), "{redundant:?}");
    // Without r1c1: many solutions, and clues that make it unique.
    let fewer = format!(".{}", &TOP95_1[1..]);
    let out = run(&["analyze", &fewer, "--format", "json"], 0);
    let record: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(
        (record["unique"].clone(), record["exact"].clone()),
        (false.into(), false.into())
    );
    assert!(!record["differing"].as_array().unwrap().is_empty());
    let mut completed: Vec<u8> = fewer.bytes().collect();
    for clue in record["completion"].as_array().unwrap() {
        let cell = clue["cell"].as_str().unwrap();
        let (r, c) = cell[1..].split_once('c').unwrap();
        let index = (r.parse::<usize>().unwrap() - 1) * 9 + c.parse::<usize>().unwrap() - 1;
        completed[index] = b'0' + clue["digit"].as_u64().unwrap() as u8;
    }
    assert_eq!(counts(&String::from_utf8(completed).unwrap()), ["1"]);
}

#[test]
fn analyze_answers_an_impossible_puzzle_with_exit_1() {
    // No two givens clash, yet there is no solution (conformance case classic9-zero1).
    let none = "9.2..54.31...63.255.84.7.6..263.9..1.57.1.29..9.67.53.24153.6..7.52..3.4.8..4195.";
    let out = run(&["analyze", none, "--format", "line"], 1);
    assert_eq!(out, "0 none\n");
}

#[test]
fn reduce_writes_a_puzzle_that_reads_back_unique_with_fewer_givens() {
    let file = repo("data/coursia/Sudoku_Easy51.txt");
    let (out, err) = run_with(
        &["reduce", "-f", file.to_str().unwrap(), "--seed", "4"],
        "",
        0,
    );
    assert_eq!(counts(&out), vec!["1"; 51]);
    assert!(
        err.lines()
            .next()
            .unwrap()
            .starts_with("line 1: 45 givens -> "),
        "{err}"
    );
    let again = run(&["reduce", "-f", file.to_str().unwrap(), "--seed", "4"], 0);
    assert_eq!(out, again);
    // Full grids (a clue target of 81 keeps every digit) reduced symmetrically.
    let full = run(&["generate", "-n", "5", "--seed", "1", "--clues", "81"], 0);
    assert!(full.lines().all(|l| !l.contains('.')));
    let (out, _) = run_with(&["reduce", "-", "--symmetry", "rot180"], &full, 0);
    assert_eq!(counts(&out), vec!["1"; 5]);
    for line in out.lines() {
        let cells: Vec<char> = line.chars().collect();
        assert!(
            (0..81).all(|c| (cells[c] == '.') == (cells[80 - c] == '.')),
            "{line}"
        );
    }
    // Givens that are not symmetric: exit 2, the cell named.
    let (_, err) = run_with(&["reduce", TOP95_1, "--symmetry", "rot180"], "", 2);
    assert_eq!(err, "error: line 1: the givens are not rot180-symmetric: r1c1 is given but its image r9c9 is not\n");
}

#[test]
fn generate_is_reproducible_whatever_the_jobs_and_every_puzzle_is_unique() {
    let one = run(&["generate", "-n", "40", "--seed", "7", "--minimal"], 0);
    let two = run(
        &[
            "generate",
            "-n",
            "40",
            "--seed",
            "7",
            "--minimal",
            "--jobs",
            "2",
        ],
        0,
    );
    assert_eq!(one, two);
    assert_eq!(counts(&one), vec!["1"; 40]);
    let other = run(&["generate", "-n", "40", "--seed", "8", "--minimal"], 0);
    assert_ne!(one, other);
}

#[test]
fn generated_variants_read_back_in_toml_and_json() {
    for args in [
        &["--jigsaw", "--format", "json"][..],
        &["--killer", "--format", "json"],
        &["--x", "--symmetry", "rot90", "--format", "json"],
        &["--size", "6", "--killer-givens", "--format", "toml"],
    ] {
        let mut all = vec!["generate", "--seed", "2"];
        all.extend_from_slice(args);
        all.extend_from_slice(&["-n", "3"]);
        let out = run(&all, 0);
        assert_eq!(counts(&out), vec!["1"; 3], "{args:?}");
        if args.contains(&"json") {
            let records: Value = serde_json::from_str(&out).unwrap();
            for record in records.as_array().unwrap() {
                assert!(record["solution"].as_str().unwrap().len() == 81);
                assert!(record["difficulty"]["guesses"].is_u64());
            }
        }
    }
}

#[test]
fn impossible_generate_requests_exit_2_with_the_reason() {
    let fails = |args: &[&str]| {
        let mut all = vec!["generate"];
        all.extend_from_slice(args);
        let output = sudokit().args(&all).output().unwrap();
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        String::from_utf8(output.stderr).unwrap()
    };
    assert_eq!(
        fails(&["--clues", "16"]),
        "error: --clues 16 is below what a unique puzzle of this kind needs: 17 (no 16-clue \
         9x9 Sudoku has a unique solution: McGuire, Tugemann, Civario 2012)\n"
    );
    assert!(fails(&["--size", "6", "--symmetry", "rot90"])
        .starts_with("error: this 6x6 puzzle has no rot90 symmetry"));
    assert_eq!(
        fails(&["--jigsaw", "--symmetry", "rot180"]),
        "error: random jigsaw regions have no rot180 symmetry: use --symmetry none\n"
    );
    assert!(fails(&["--jigsaw", "--format", "line"]).contains("use --format toml or json"));
    assert_eq!(
        fails(&["--size", "7"]),
        "error: a 7x7 grid has no boxes (7 is prime): add --latin or --jigsaw\n"
    );
    assert!(fails(&["--size", "101", "--latin"]).starts_with("error: --size 101: "));
    assert_eq!(
        fails(&["--killer", "--engine", "fast"]),
        "error: puzzle 1: fast does not support killer cages and other linear constraints (use --engine cp)\n"
    );
    assert!(fails(&["--symmetry", "spiral"]).contains("unknown symmetry `spiral`"));
}

#[test]
fn generate_like_a_file_keeps_its_geometry() {
    let jigsaw = repo("data/examples/jigsaw9.toml");
    let out = run(
        &[
            "generate",
            "-n",
            "3",
            "--seed",
            "5",
            "--like",
            jigsaw.to_str().unwrap(),
            "--format",
            "json",
        ],
        0,
    );
    assert_eq!(counts(&out), vec!["1"; 3]);
    let template = std::fs::read_to_string(&jigsaw).unwrap();
    let regions = |text: &str| -> Value {
        let (out, _) = run_with(&["show", "-", "--format", "json"], text, 0);
        serde_json::from_str::<Value>(out.lines().next().unwrap()).unwrap()["regions"].clone()
    };
    let records: Value = serde_json::from_str(&out).unwrap();
    for record in records.as_array().unwrap() {
        assert_eq!(record["regions"], regions(&template));
    }
}

#[test]
fn show_draws_one_generated_killer_as_svg() {
    let killer = run(
        &["generate", "--killer", "--seed", "3", "--format", "toml"],
        0,
    );
    let (svg, _) = run_with(
        &[
            "show", "-", "--input", "toml", "--format", "svg", "--solved",
        ],
        &killer,
        0,
    );
    assert!(svg.starts_with("<svg ") && svg.trim_end().ends_with("</svg>"));
    let cages = killer.matches("[[puzzle.cage]]").count();
    // A sum per cage, a blue digit per cell (no givens here).
    assert_eq!(
        svg.matches(r##"font-size="10" fill="#c0392b""##).count(),
        cages
    );
    assert_eq!(svg.matches("#1f5fbf").count(), 81);
    let two = run(&["generate", "-n", "2", "--seed", "3"], 0);
    let (_, err) = run_with(&["show", "-", "--format", "svg"], &two, 2);
    assert_eq!(
        err,
        "error: an SVG draws one puzzle, and the input has more (line 2): show one at a time\n"
    );
    let (_, err) = run_with(&["show", TOP95_1, "--solved"], "", 2);
    assert_eq!(
        err,
        "error: --solved draws a solution: it goes with --format svg\n"
    );
}

#[test]
fn quiet_drops_the_notes_but_not_the_answers() {
    let file = repo("data/coursia/Sudoku_Easy51.txt");
    let file = file.to_str().unwrap();
    let (out, err) = run_with(&["reduce", "-f", file, "--seed", "4"], "", 0);
    assert!(err.starts_with("line 1: "), "{err}");
    assert!(err.contains(" givens -> "), "{err}");
    // The flag goes before or after the command.
    for args in [
        ["--quiet", "reduce", "-f", file, "--seed", "4"],
        ["reduce", "-q", "-f", file, "--seed", "4"],
    ] {
        let (quiet_out, quiet_err) = run_with(&args, "", 0);
        assert_eq!(quiet_out, out);
        assert_eq!(quiet_err, "");
    }
    // Errors still show.
    let (_, err) = run_with(&["-q", "reduce", "-f", "no-such-file.txt"], "", 2);
    assert!(err.starts_with("error: "), "{err}");
}

#[test]
fn generate_refuses_an_absurd_size_before_making_its_grid() {
    for (args, why) in [
        (
            &["--size", "100000", "--latin"][..],
            "--size 100000: unsupported size 100000: sizes 1 to 100 are supported",
        ),
        (
            &["--size", "121"][..],
            "--size 121: unsupported size 121: sizes 1 to 100 are supported",
        ),
    ] {
        let out = sudokit().arg("generate").args(args).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert_eq!(
            String::from_utf8(out.stderr).unwrap(),
            format!("error: {why}\n")
        );
    }
}
