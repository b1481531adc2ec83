//! End-to-end tests of the command line: real runs of the binary, every
//! printed solution judged by the verifier, exact messages and exit codes.

mod common;

use std::path::Path;

use common::{repo, run, run_with, sudokit};
use predicates::str::contains;
use serde_json::json;
use sudokit_formats::{parse_line, read_path, ReadOptions};
use sudokit_testkit::{found, Tool};
use sudokit_verify::check_grid;

const TOP95_1: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
/// No conflicting givens, but no solution (conformance case classic9-zero1).
const NO_SOLUTION: &str =
    "9.2..54.31...63.255.84.7.6..263.9..1.57.1.29..9.67.53.24153.6..7.52..3.4.8..4195.";

fn bad_input(args: &[&str]) -> String {
    let output = sudokit().args(args).output().expect("runs");
    assert_eq!(output.status.code(), Some(2), "sudokit {args:?}");
    assert!(output.stdout.is_empty(), "nothing on stdout for bad input");
    String::from_utf8(output.stderr).expect("utf-8")
}

/// The cells of a printed grid, read without judging them.
fn digits(line: &str) -> Vec<u8> {
    let raw = ReadOptions::default().check_givens(false);
    let puzzle = parse_line(line, &raw).expect("a printed grid parses");
    puzzle.givens().to_vec()
}

/// Solves every puzzle of `file` with `engine` in line format and checks each
/// printed solution against its own puzzle with the verifier.
fn solves_every_puzzle(file: &str, engine: &str) {
    let path = repo(file);
    let puzzles = read_path(&path, &ReadOptions::default())
        .expect("set parses")
        .entries;
    let path = path.to_string_lossy().into_owned();
    let out = run(
        &["solve", "-f", &path, "--engine", engine, "--format", "line"],
        0,
    );
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), puzzles.len(), "one result line per puzzle");
    for (entry, line) in puzzles.iter().zip(lines) {
        let report = check_grid(&entry.puzzle, &digits(line));
        assert!(report.is_valid(), "{file} line {}: {report}", entry.line);
    }
}

#[test]
fn baseline_solves_the_course_sets() {
    for set in [
        "Sudoku_Easy51.txt",
        "Sudoku_hardest.txt",
        "Sudoku_top95.txt",
    ] {
        solves_every_puzzle(&format!("data/coursia/{set}"), "backtrack:mrv");
    }
}

#[test]
fn default_engine_solves_the_course_sets_in_parallel() {
    solves_every_puzzle("data/coursia/Sudoku_top95.txt", "auto");
    let path = repo("data/coursia/Sudoku_top95.txt");
    let path = path.to_string_lossy();
    let serial = run(&["solve", "-f", &path, "--format", "line"], 0);
    let parallel = run(
        &["solve", "-f", &path, "--format", "line", "--jobs", "2"],
        0,
    );
    assert_eq!(serial, parallel, "parallel output keeps the input order");
}

#[test]
fn a_batch_longer_than_a_chunk_streams_from_stdin_in_order() {
    let set = std::fs::read_to_string(repo("data/coursia/Sudoku_top95.txt")).unwrap();
    let puzzles: Vec<&str> = set.lines().filter(|l| l.trim().len() == 81).collect();
    assert_eq!(puzzles.len(), 95);
    // 12 rounds: 1140 puzzles, more than one chunk of 1024.
    let text = (puzzles.join("\n") + "\n").repeat(12);
    let output = sudokit()
        .args([
            "solve", "-f", "-", "--count", "2", "--format", "line", "--jobs", "2",
        ])
        .write_stdin(text)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0));
    let stdout = String::from_utf8(output.stdout).unwrap();
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 95 * 12);
    for (i, line) in lines.iter().enumerate() {
        let (grid, count) = line.split_once(' ').expect("grid and count");
        assert_eq!(count, "unique", "line {}", i + 1);
        let puzzle = parse_line(puzzles[i % 95], &ReadOptions::default()).unwrap();
        assert!(
            check_grid(&puzzle, &digits(grid)).is_valid(),
            "line {}",
            i + 1
        );
    }
}

#[test]
fn a_single_puzzle_prints_a_verified_grid() {
    let out = run(&["solve", TOP95_1, "--format", "line"], 0);
    let puzzle = parse_line(TOP95_1, &ReadOptions::default()).unwrap();
    assert!(check_grid(&puzzle, &digits(out.trim())).is_valid());
    let pretty = run(&["solve", TOP95_1], 0);
    assert!(pretty.contains("------+-------+------"), "{pretty}");
    assert!(pretty.starts_with("# solved\n"), "{pretty}");
}

#[test]
fn no_solution_is_an_answer_with_exit_code_1() {
    assert_eq!(
        run(&["solve", NO_SOLUTION, "--format", "line"], 1).trim(),
        "none"
    );
    let json = run(&["solve", NO_SOLUTION, "--format", "json"], 1);
    let record: serde_json::Value = serde_json::from_str(json.trim()).unwrap();
    assert_eq!(record["engine"], "auto");
    assert_eq!(record["solved_by"], "fast");
    assert_eq!(record["status"], "unsatisfiable");
    assert_eq!(record["count"], 0);
    assert_eq!(record["complete"], true);
}

#[test]
fn a_node_budget_stops_the_search_with_exit_code_3() {
    let out = run(
        &[
            "solve",
            TOP95_1,
            "--engine",
            "backtrack",
            "--nodes",
            "5",
            "--format",
            "json",
        ],
        3,
    );
    let record: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(record["status"], "limit");
    assert_eq!(record["limit"], "nodes");
}

#[test]
fn count_reports_exact_counts_and_lists_solutions() {
    let zones = repo("data/examples/zones3.toml");
    let zones = zones.to_string_lossy();
    // Each solution on a line as it is found, then the count.
    let out = run(&["count", "-f", &zones, "--format", "line", "--list"], 0);
    let mut fields: Vec<&str> = out.lines().collect();
    assert_eq!(fields.pop(), Some("2"));
    let puzzle = sudokit_formats::parse_puzzle(
        &std::fs::read_to_string(zones.as_ref()).unwrap(),
        &ReadOptions::default(),
    )
    .unwrap();
    for grid in &fields {
        let cells: Vec<u8> = grid.bytes().map(|b| b - b'0').collect();
        assert!(check_grid(&puzzle, &cells).is_valid(), "{grid}");
    }
    assert_eq!(fields.len(), 2);
    assert_ne!(fields[0], fields[1]);
    assert_eq!(
        run(&["count", &".".repeat(16), "--format", "line"], 0).trim(),
        "288"
    );
    assert_eq!(
        run(
            &["count", &".".repeat(16), "--max", "2", "--format", "line"],
            0
        )
        .trim(),
        "2+"
    );
}

#[test]
fn solve_count_2_tells_uniqueness() {
    let hardest = repo("data/coursia/Sudoku_hardest.txt");
    let out = run(
        &[
            "solve",
            "-f",
            &hardest.to_string_lossy(),
            "--count",
            "2",
            "--format",
            "line",
        ],
        0,
    );
    assert_eq!(out.lines().count(), 11);
    assert!(out.lines().all(|l| l.ends_with(" unique")), "{out}");
}

#[test]
fn variants_from_files_are_solved_and_verified() {
    for example in ["x9.toml", "killer9.toml", "jigsaw9.toml"] {
        let path = repo(&format!("data/examples/{example}"));
        let text = std::fs::read_to_string(&path).unwrap();
        let puzzle = sudokit_formats::parse_puzzle(&text, &ReadOptions::default()).unwrap();
        let out = run(
            &[
                "count",
                "-f",
                &path.to_string_lossy(),
                "--format",
                "json",
                "--list",
            ],
            0,
        );
        // --list lists, even the one solution there is, as it is found;
        // the count's record follows.
        let records: Vec<serde_json::Value> = out
            .lines()
            .map(|line| serde_json::from_str(line).unwrap())
            .collect();
        let [listed, record] = &records[..] else {
            panic!("{example}: {out}")
        };
        assert_eq!(record["count"], 1, "{example}");
        // Variants are not plain boxed grids: auto hands them to cp.
        assert_eq!(record["solved_by"], "cp", "{example}");
        let grid = digits(listed["solution"].as_str().unwrap());
        assert!(check_grid(&puzzle, &grid).is_valid(), "{example}");
        assert_eq!(listed["line"], record["line"], "{example}");
    }
}

#[test]
fn bad_input_names_the_line_cell_and_reason() {
    let short = &TOP95_1[..80];
    assert_eq!(
        bad_input(&["solve", short]),
        "error: line 1: expected a square number of cells (81 for 9x9), found 80\n"
    );
    let unknown = format!("{}?", &TOP95_1[..80]);
    assert_eq!(
        bad_input(&["solve", &unknown]),
        "error: line 1: unknown character '?' at r9c9\n"
    );
    assert_eq!(
        bad_input(&["solve", "1..5............"]),
        "error: line 1: digit '5' (5) at r1c4 is out of range for a 4x4 grid (1 to 4)\n"
    );
}

#[test]
fn clashing_givens_are_no_solution_with_the_clash_as_reason_and_the_batch_goes_on() {
    let mut twice = vec![b'.'; 81];
    twice[2 * 9 + 1] = b'7';
    twice[2 * 9 + 7] = b'7';
    let twice = String::from_utf8(twice).unwrap();
    assert_eq!(
        run(&["solve", &twice], 1),
        "# no solution: 7 appears twice in row 3: r3c2 and r3c8\n"
    );
    let batch = format!("{twice}\n{TOP95_1}\n");
    let (out, err) = run_with(&["solve", "-f", "-", "--format", "line"], &batch, 1);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], "none");
    assert_eq!(lines.len(), 2);
    assert!(check_grid(
        &parse_line(TOP95_1, &ReadOptions::default()).unwrap(),
        &digits(lines[1])
    )
    .is_valid());
    assert_eq!(
        err,
        "line 1: no solution: 7 appears twice in row 3: r3c2 and r3c8\n"
    );
    let out = run(&["count", &twice, "--format", "json"], 1);
    let record: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(record["count"], 0);
    assert_eq!(record["why"], "7 appears twice in row 3: r3c2 and r3c8");
    // The commands that work on unique puzzles say the same reason.
    let (_, err) = run_with(&["reduce", "-f", "-"], &batch, 1);
    assert_eq!(
        err.lines().next(),
        Some("line 1: no solution: 7 appears twice in row 3: r3c2 and r3c8")
    );
    let (out, err) = run_with(&["grade", "-f", "-", "--format", "line"], &batch, 1);
    assert_eq!(
        err,
        "line 1: not graded, no solution: 7 appears twice in row 3: r3c2 and r3c8\n"
    );
    assert_eq!(out.lines().count(), 1, "the batch goes on: {out}");
}

#[test]
fn bad_files_are_refused_with_their_name_and_line() {
    let dir = tempfile::tempdir().unwrap();
    let write = |name: &str, text: &str| {
        let path = dir.path().join(name);
        std::fs::write(&path, text).unwrap();
        path.to_string_lossy().into_owned()
    };
    let cases = [
        ("empty.txt", String::new(), "empty.txt: no puzzle found"),
        (
            "one.toml",
            "size = 1\n".to_string(),
            "one.toml: unsupported size 1 (1x1): sizes 2 to 100 are supported",
        ),
        (
            "big.txt",
            ".".repeat(101 * 101),
            "big.txt: line 1: unsupported size 101 (101x101): sizes 2 to 100 are supported",
        ),
        (
            "regions.toml",
            "size = 4\nregions = [\"AABB\",\"AABB\",\"CCDD\",\"CCDC\"]\n".into(),
            "regions.toml: region map is not a partition into 4 regions of 4 cells: region 3 has 5 cells",
        ),
        (
            "sum.toml",
            "size = 4\nboxes = \"2x2\"\n[[cage]]\nsum = 9\ncells = [[1,1],[1,2]]\n".into(),
            "sum.toml: line 3: cage 1 has 2 cells and sum 9, but 2 distinct digits from 1 to 4 sum to between 3 and 7",
        ),
        (
            "outside.toml",
            "size = 4\nboxes = \"2x2\"\n[[cage]]\nsum = 5\ncells = [[1,1],[5,2]]\n".into(),
            "outside.toml: line 3: cage 1: cell r5c2 is outside the 4x4 grid",
        ),
    ];
    for (name, text, message) in cases {
        let path = write(name, &text);
        let stderr = bad_input(&["solve", "-f", &path]);
        assert!(stderr.starts_with("error: "), "{stderr}");
        assert!(stderr.trim_end().ends_with(message), "{stderr}");
    }
}

#[test]
fn one_bad_line_among_good_ones_is_reported_or_skipped() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("mixed.txt");
    let text = format!(
        "{TOP95_1}\n# a comment\n{}\n{NO_SOLUTION}\n",
        &TOP95_1[..79]
    );
    std::fs::write(&path, text).unwrap();
    let path = path.to_string_lossy().into_owned();
    // Puzzles stream: the one before the bad line is answered, then the
    // bad line stops the batch with exit code 2.
    let output = sudokit()
        .args(["solve", "-f", &path, "--format", "line"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    let stdout = String::from_utf8(output.stdout).unwrap();
    assert_eq!(stdout.lines().count(), 1, "{stdout}");
    let puzzle = parse_line(TOP95_1, &ReadOptions::default()).unwrap();
    assert!(check_grid(&puzzle, &digits(stdout.trim())).is_valid());
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(
        stderr.ends_with(
            "/mixed.txt: line 3: expected a square number of cells (81 for 9x9), found 79\n"
        ),
        "{stderr}"
    );
    let output = sudokit()
        .args(["solve", "-f", &path, "--skip-invalid", "--format", "line"])
        .output()
        .unwrap();
    // The good puzzles are answered, the bad line has an error record in
    // its place; the unsolvable one sets exit code 1.
    assert_eq!(output.status.code(), Some(1));
    let stdout = String::from_utf8(output.stdout).unwrap();
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 3);
    assert_eq!(lines[1..], ["error", "none"]);
    assert!(String::from_utf8(output.stderr)
        .unwrap()
        .contains("skipped: "));
}

#[test]
fn engines_that_cannot_handle_a_puzzle_say_so() {
    let x9 = repo("data/examples/x9.toml");
    let stderr = bad_input(&["solve", "-f", &x9.to_string_lossy(), "--engine", "fast"]);
    assert!(stderr.contains("fast does not support"), "{stderr}");
    assert!(stderr.contains("(use --engine cp)"), "{stderr}");
    assert_eq!(
        bad_input(&["solve", TOP95_1, "--engine", "minisat"]),
        "error: minisat: unknown engine (known: auto, fast, cp, backtrack, sat, z3, choco)\n"
    );
}

#[test]
fn a_choco_strategy_that_choco_would_not_follow_is_refused_with_the_reason() {
    // Without the library the engine is refused before its options are read
    // (the option check itself is a unit test of the choco crate).
    if found(Tool::Choco, sudokit_choco::library()).is_none() {
        return;
    }
    assert_eq!(
        bad_input(&["solve", TOP95_1, "--engine", "choco:var=dom-wdeg:val=max"]),
        "error: choco: val= goes with var=input-order or var=first-fail: \
         Choco's dom-wdeg search picks its own values\n"
    );
}

#[test]
fn a_missing_choco_library_is_named_with_the_install_step() {
    let missing = "/nonexistent/libchoco_capi.so";
    let output = sudokit()
        .args(["solve", TOP95_1, "--engine", "choco"])
        .env("SUDOKIT_CHOCO_LIB", missing)
        .output()
        .expect("runs");
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&output.stderr),
        "error: choco is not available: SUDOKIT_CHOCO_LIB=/nonexistent/libchoco_capi.so: \
         no such library (pip install pychoco==0.4.0)\n"
    );
    let listed = sudokit()
        .args(["engines", "--format", "line"])
        .env("SUDOKIT_CHOCO_LIB", missing)
        .output()
        .expect("runs");
    let lines = String::from_utf8_lossy(&listed.stdout);
    assert!(lines.lines().any(|l| l == "choco unavailable"), "{lines}");
}

#[test]
fn check_names_a_missing_puzzle_file() {
    assert_eq!(
        bad_input(&["check", "123", "--puzzle", "missing.toml"]),
        "error: --puzzle missing.toml: no such file\n"
    );
}

#[test]
fn a_file_of_puzzles_where_one_is_expected_names_the_option() {
    let puzzles = repo("data/examples/puzzles.txt");
    let path = puzzles.to_str().unwrap();
    let more = "line 6: expected one puzzle, found another one here\n";
    assert_eq!(
        bad_input(&["generate", "--like", path]),
        format!("error: --like {path}: {more}")
    );
    assert_eq!(
        bad_input(&["check", TOP95_1, "--puzzle", path]),
        format!("error: --puzzle {path}: {more}")
    );
}

#[test]
fn check_reads_the_grid_by_the_rules_of_its_puzzle_file() {
    let dir = tempfile::tempdir().unwrap();
    let write = |name: &str, text: &str| {
        let path = dir.path().join(name);
        std::fs::write(&path, text).unwrap();
        path.to_string_lossy().into_owned()
    };
    // Shapes a grid alone does not say: no boxes (3 and 5 are prime), boxes
    // of one row, regions.
    let latin = write("latin3.toml", "size = 3\nlatin = true\n");
    let rows = write("rows5.toml", "size = 5\nboxes = \"1x5\"\n");
    let regions: Vec<String> = (0..5)
        .map(|r| (0..5).map(|c| char::from(b'A' + (r + 2 * c) % 5)).collect())
        .collect();
    let jigsaw = write(
        "jigsaw5.toml",
        &format!("regions = {regions:?}\ngivens = \"1{}\"\n", ".".repeat(24)),
    );
    for rules in [&latin, &rows, &jigsaw] {
        let solution = run(&["solve", "-f", rules, "--format", "line"], 0);
        let solution = solution.trim();
        assert_eq!(
            run(&["check", solution, "--puzzle", rules], 0),
            "valid\n",
            "{rules}"
        );
        let puzzle = read_path(Path::new(rules), &ReadOptions::default())
            .unwrap()
            .entries
            .remove(0)
            .puzzle;
        let grid: Vec<u8> = solution.bytes().map(|b| b - b'0').collect();
        assert!(check_grid(&puzzle, &grid).is_valid(), "{rules}");
    }
    assert_eq!(
        run(&["check", "123123312", "--puzzle", &latin], 1),
        "invalid, 3 error(s): 1 appears 2 times in column 1: r1c1, r2c1; \
         2 appears 2 times in column 2: r1c2, r2c2; 3 appears 2 times in column 3: r1c3, r2c3\n"
    );
    // A grid of another size is a finding, as without --puzzle.
    assert_eq!(
        run(&["check", "1221", "--puzzle", &latin], 1),
        "invalid, 1 error(s): expected 9 cells, found 4\n"
    );
}

#[test]
fn check_judges_grids_and_reports_conflicts() {
    let solution = run(&["solve", TOP95_1, "--format", "line"], 0);
    let solution = solution.trim();
    assert_eq!(
        run(&["check", solution, "--puzzle", TOP95_1], 0).trim(),
        "valid"
    );
    let mut broken = solution.as_bytes().to_vec();
    broken.swap(0, 1);
    let broken = String::from_utf8(broken).unwrap();
    let out = run(
        &["check", &broken, "--puzzle", TOP95_1, "--format", "json"],
        1,
    );
    let record: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(record["valid"], false);
    assert!(record["errors"].as_u64().unwrap() >= 2, "{record}");
    // Conflicts name their cells as the messages do, beside the indices.
    let changed = &record["conflicts"][0]["ChangedGiven"];
    assert_eq!(
        (&changed["cell"], &changed["at"][0]),
        (&json!(0), &json!("r1c1"))
    );
    let dup = run(&["check", &format!("11{}", &solution[2..])], 1);
    assert!(
        dup.contains("1 appears 2 times in row 1: r1c1, r1c2"),
        "{dup}"
    );

    // From a file: repeated digits are findings, not bad input.
    let dir = tempfile::tempdir().unwrap();
    let grids = dir.path().join("grids.txt");
    std::fs::write(&grids, format!("{solution}\n{broken}\n")).unwrap();
    let out = run(
        &["check", "-f", &grids.to_string_lossy(), "--puzzle", TOP95_1],
        1,
    );
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], "line 1: valid");
    assert!(lines[1].starts_with("line 2: invalid, "), "{out}");
}

#[test]
fn show_prints_forms_that_parse_back_to_the_same_puzzle() {
    let killer = repo("data/examples/killer9.toml");
    let killer = killer.to_string_lossy();
    let dir = tempfile::tempdir().unwrap();
    let as_toml = run(&["show", "-f", &killer, "--format", "toml"], 0);
    let again = dir.path().join("again.toml");
    std::fs::write(&again, &as_toml).unwrap();
    let twice = run(
        &["show", "-f", &again.to_string_lossy(), "--format", "toml"],
        0,
    );
    assert_eq!(as_toml, twice);
    let pretty = run(&["show", TOP95_1], 0);
    let block = dir.path().join("block.txt");
    std::fs::write(&block, &pretty).unwrap();
    let line = run(
        &["show", "-f", &block.to_string_lossy(), "--format", "line"],
        0,
    );
    assert_eq!(line.trim(), TOP95_1);
}

#[test]
fn engines_lists_every_engine_with_its_availability() {
    sudokit()
        .arg("engines")
        .assert()
        .success()
        .stdout(contains("fast"));
    let out = run(&["engines", "--format", "json"], 0);
    let records: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let fast = records.iter().find(|r| r["name"] == "fast").unwrap();
    assert_eq!(fast["available"], true);
    // So is Choco's library.
    let choco = records.iter().find(|r| r["name"] == "choco").unwrap();
    assert_eq!(choco["available"], sudokit_choco::library().is_ok());
    if choco["available"] == false {
        assert_eq!(choco["hint"], "pip install pychoco==0.4.0");
    }
    // z3 is found at run time: available exactly where this test finds it.
    let z3 = records.iter().find(|r| r["name"] == "z3").unwrap();
    assert_eq!(z3["available"], sudokit_z3::z3_program().is_ok());
    if z3["available"] == false {
        assert_eq!(z3["hint"], "pip install z3-solver, or apt-get install z3");
    }
    let lines = run(&["engines", "--format", "line"], 0);
    let names: Vec<&str> = lines.lines().collect();
    assert_eq!(names.len(), records.len());
    assert!(names.contains(&"fast available"), "{lines}");
    assert!(names.contains(&"sat available"), "{lines}");
}

#[test]
fn export_writes_a_minizinc_model_of_the_puzzle() {
    let killer = repo("data/examples/killer9.toml");
    let mzn = run(
        &["export", "-f", &killer.to_string_lossy(), "--to", "mzn"],
        0,
    );
    assert!(mzn.contains("array[1..81] of var 1..9: x;"), "{mzn}");
    assert_eq!(
        mzn.matches("all_different(").count(),
        27 + 31,
        "units and cages"
    );
    assert!(
        mzn.contains("constraint x[1] + x[2] + x[11] = 20;"),
        "{mzn}"
    );
    let hardest = repo("data/coursia/Sudoku_hardest.txt");
    let stderr = bad_input(&["export", "-f", &hardest.to_string_lossy(), "--to", "mzn"]);
    assert_eq!(
        stderr,
        "error: export writes one model; the input holds 11 puzzles\n"
    );
}

#[test]
fn a_bare_dash_reads_standard_input_and_one_cell_is_no_puzzle() {
    sudokit()
        .args(["solve", "-", "--format", "line"])
        .write_stdin(format!("{TOP95_1}\n"))
        .assert()
        .success()
        .stdout(
            "417369825632158947958724316825437169791586432346912758289643571573291684164875293\n",
        );
    let stderr = bad_input(&["solve", "x"]);
    assert_eq!(
        stderr,
        "error: line 1: a line of one cell is no puzzle: write n*n cells (n >= 2)\n"
    );
}

#[test]
fn a_line_that_is_not_utf8_is_skipped_like_any_bad_line() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("bad.txt");
    std::fs::write(&path, b"..2....4.4.3....\n\xff\xfe\n......32..2.4...\n").unwrap();
    let path = path.to_string_lossy();
    let output = sudokit()
        .args(["count", "-f", &path, "--format", "line", "--skip-invalid"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(String::from_utf8_lossy(&output.stdout), "1\nerror\n1\n");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("line 2: not valid UTF-8"), "{stderr}");
}

/// A full disk is no bad input: its own message, exit code 5.
#[test]
fn an_output_that_cannot_be_written_exits_5() {
    let Ok(full) = std::fs::File::options().write(true).open("/dev/full") else {
        return; // no /dev/full on this system
    };
    let output = std::process::Command::new(assert_cmd::cargo::cargo_bin("sudokit"))
        .args(["solve", TOP95_1, "--format", "line"])
        .stdout(full)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(5));
    assert_eq!(
        String::from_utf8_lossy(&output.stderr),
        "error: cannot write the output: No space left on device (os error 28)\n"
    );
}

#[test]
fn lines_of_puzzles_are_never_read_as_one_grid() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("fours.txt");
    let lines = [
        "1...............",
        "12..............",
        ".2.3............",
        "4...............",
    ];
    std::fs::write(&path, lines.repeat(4).join("\n")).unwrap();
    let path = path.to_string_lossy();
    let out = run(&["count", "-f", &path, "--format", "line", "--max", "2"], 0);
    assert_eq!(out.lines().collect::<Vec<_>>(), vec!["2+"; 16]);
    // Read as one 16x16 block on purpose, its givens clash: no solution.
    let out = run(&["count", "-f", &path, "--input", "block"], 1);
    assert!(
        out.contains("no solution: 1 appears twice in column 1"),
        "{out}"
    );
}

#[test]
fn export_writes_the_sat_encoding_as_dimacs() {
    let zones = repo("data/examples/zones3.toml");
    let zones = zones.to_string_lossy();
    let cnf = run(
        &[
            "export",
            "-f",
            &zones,
            "--to",
            "dimacs",
            "--encoding",
            "minimal",
        ],
        0,
    );
    assert!(cnf.contains("\nc r2c1 = [3]: variables 10..10\n"), "{cnf}");
    assert!(cnf.contains("\np cnf 25 78\n"), "{cnf}");
    let clauses: Vec<&str> = cnf
        .lines()
        .skip_while(|l| !l.starts_with("p "))
        .skip(1)
        .collect();
    assert_eq!(clauses.len(), 78);
    assert!(clauses.iter().all(|c| c.ends_with(" 0")), "{cnf}");
    let extended = run(&["export", "-f", &zones, "--to", "dimacs"], 0);
    assert!(extended.lines().count() > cnf.lines().count());
    let killer = repo("data/examples/killer9.toml");
    let cnf = run(
        &["export", "-f", &killer.to_string_lossy(), "--to", "dimacs"],
        0,
    );
    let header = cnf.lines().find(|l| l.starts_with("p cnf ")).unwrap();
    let vars: u32 = header.split(' ').nth(2).unwrap().parse().unwrap();
    assert!(vars > 729, "the cage sums add auxiliaries: {header}");
}

#[test]
fn a_timeout_stops_the_search_inside_the_engine() {
    for engine in ["fast", "cp", "backtrack:mrv"] {
        let out = run(
            &[
                "count",
                &".".repeat(81),
                "--all",
                "--engine",
                engine,
                "--timeout",
                "300ms",
                "--format",
                "json",
            ],
            3,
        );
        let record: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
        assert_eq!(record["limit"], "time", "{engine}: {record}");
        assert_eq!(record["complete"], false, "{engine}");
        assert!(record["count"].as_u64().unwrap() > 0, "{engine}: {record}");
    }
}

#[test]
fn every_timeout_reads_one_syntax_and_names_a_bad_value() {
    // A bare number is seconds, as in `bench --timeout 1.5`.
    let out = run(
        &["solve", TOP95_1, "--timeout", "1.5", "--format", "line"],
        0,
    );
    let puzzle = parse_line(TOP95_1, &ReadOptions::default()).unwrap();
    assert!(check_grid(&puzzle, &digits(out.trim())).is_valid());
    for args in [
        &["solve", TOP95_1, "--timeout", "1.5x"][..],
        &["count", TOP95_1, "--timeout", "1.5x"],
        &["problem", "queens", "6", "--timeout", "1.5x"],
        &["bench", "--no-html", "--timeout", "1.5x"],
    ] {
        let stderr = bad_input(args);
        assert_eq!(
            stderr.lines().next(),
            Some(
                "error: invalid value '1.5x' for '--timeout <DURATION>': bad duration `1.5x`: \
                 use plain seconds (1.5) or a number with a unit (500ms, 3s, 2m, 1h)"
            ),
            "{args:?}"
        );
    }
}

fn json_of(args: &[&str], code: i32) -> serde_json::Value {
    serde_json::from_str(run(args, code).trim()).expect("one JSON record")
}

#[test]
fn problem_counts_queens_exactly() {
    for (n, count) in [(4, 2), (5, 10), (6, 4), (7, 40), (8, 92)] {
        let n = n.to_string();
        let record = json_of(&["problem", "queens", &n, "--count", "--format", "json"], 0);
        assert_eq!(record["count"], count, "{n}-queens");
        assert_eq!(record["complete"], true);
    }
    let board = run(&["problem", "queens", "6"], 0);
    assert_eq!(board.matches('Q').count(), 6, "{board}");
    let one = run(&["problem", "queens", "1", "--count"], 0);
    assert_eq!(one.lines().last(), Some("1-queens: 1 solution"));
}

#[test]
fn problem_colours_graphs_and_proves_the_chromatic_number() {
    let myciel3 = repo("crates/cp/examples/data/myciel3.col");
    let myciel3 = myciel3.to_string_lossy();
    let record = json_of(&["problem", "colour", &myciel3, "--format", "json"], 0);
    assert_eq!(record["status"], "optimal");
    assert_eq!(record["objective"], 4);
    let out = run(&["problem", "colour", &myciel3, "--colours", "3"], 1);
    assert!(
        out.contains("impossible: the graph needs more than 3 colours"),
        "{out}"
    );
    run(&["problem", "colour", &myciel3, "--colours", "4"], 0);

    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("bad.col");
    std::fs::write(&bad, "p edge 3 1\ne 1 9\n").unwrap();
    let stderr = bad_input(&["problem", "colour", &bad.to_string_lossy()]);
    assert!(stderr.contains("bad.col: line 2"), "{stderr}");
}

#[test]
fn problem_optimises_the_course_latin_squares() {
    // 192 was confirmed by brute force over all 161,280 squares (crates/cp tests).
    let record = json_of(&["problem", "latin", "5", "--format", "json"], 0);
    assert_eq!(record["status"], "optimal");
    assert_eq!(record["objective"], 192);
    let record = json_of(
        &[
            "problem",
            "latin",
            "5",
            "--min-diagonal",
            "--format",
            "json",
        ],
        0,
    );
    assert_eq!(record["objective"], 5);
    let stderr = bad_input(&["problem", "latin", "5", "--engine", "backtrack"]);
    assert_eq!(stderr, "error: backtrack does not support optimisation\n");
}

#[test]
fn completions_and_man_pages_come_from_the_parser() {
    let bash = run(&["completions", "bash"], 0);
    assert!(
        bash.contains("_sudokit()") && bash.contains("generate"),
        "{bash}"
    );
    let fish = run(&["completions", "fish"], 0);
    assert!(fish.contains("complete -c sudokit") && fish.contains("-l symmetry"));
    let man = run(&["man"], 0);
    assert!(
        man.starts_with(".ie") && man.contains(".TH sudokit 1"),
        "{man}"
    );
    let dir = tempfile::tempdir().unwrap();
    run(&["man", "--dir", dir.path().to_str().unwrap()], 0);
    let page = std::fs::read_to_string(dir.path().join("sudokit-generate.1")).unwrap();
    assert!(page.contains("\\-\\-minimal"), "{page}");
    let e = sudokit().args(["completions", "tcsh"]).output().unwrap();
    assert_eq!(e.status.code(), Some(2));
}

#[test]
fn jobs_0_is_one_per_core_and_a_file_given_as_the_puzzle_is_named() {
    let file = repo("data/coursia/Sudoku_top95.txt");
    let one = run(
        &["solve", "-f", file.to_str().unwrap(), "--format", "line"],
        0,
    );
    let all = run(
        &[
            "solve",
            "-f",
            file.to_str().unwrap(),
            "--format",
            "line",
            "--jobs",
            "0",
        ],
        0,
    );
    assert_eq!(one, all);
    let output = sudokit()
        .current_dir(repo("data/coursia"))
        .args(["solve", "Sudoku_top95.txt"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&output.stderr),
        "error: `Sudoku_top95.txt` looks like a file, not a puzzle: read it with -f Sudoku_top95.txt\n"
    );
}

#[test]
fn the_version_names_the_commit() {
    let version = run(&["--version"], 0);
    let commit = version
        .strip_prefix(&format!("sudokit {} (", env!("CARGO_PKG_VERSION")))
        .and_then(|rest| rest.strip_suffix(")\n"))
        .unwrap_or_else(|| panic!("{version}"));
    let hash = commit
        .strip_prefix("commit ")
        .map(|h| h.trim_end_matches(", with changes"));
    assert!(
        hash.is_some_and(|h| h.len() == 7 && h.chars().all(|c| c.is_ascii_hexdigit()))
            || commit == "no commit known",
        "{version}"
    );
}

#[test]
fn show_says_what_a_line_or_a_block_cannot_hold() {
    let output = sudokit()
        .args([
            "show",
            "-f",
            repo("data/examples/killer9.toml").to_str().unwrap(),
        ])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(
        String::from_utf8_lossy(&output.stderr),
        "note: line 4: the killer cages cannot be shown in this form; --format toml, json or svg holds them\n"
    );
    let plain = sudokit().args(["show", TOP95_1]).output().unwrap();
    assert!(plain.stderr.is_empty());
}

#[test]
fn help_names_what_each_command_takes_and_problem_has_no_jobs() {
    let help = run(&["check", "--help"], 0);
    assert!(
        help.contains("Usage: sudokit check [OPTIONS] [GRID]"),
        "{help}"
    );
    assert!(help.contains("The filled grid to check"), "{help}");
    let help = run(&["solve", "--help"], 0);
    assert!(help.contains("(blanks: . 0 - _ * x X;"), "{help}");
    assert!(help.contains("-j, --jobs <J>"), "{help}");
    // `problem` solves one model: nothing to run at once.
    let (_, err) = run_with(&["problem", "queens", "8", "--jobs", "2"], "", 2);
    assert!(err.contains("unexpected argument '--jobs'"), "{err}");
}
