//! Puzzles whose own parts contradict each other — a given its pencil marks
//! exclude, a cell with no mark, equal givens in an extra group, a cage its
//! givens cannot complete — have no solution: every engine and every
//! command says so with the reason (exit 1), a batch goes on, and
//! `generate --like` refuses the file as it refuses clashing givens.

mod common;

use std::path::Path;

use common::{run_with, sudokit};
use sudokit_formats::{parse_puzzle, ReadOptions};
use sudokit_verify::check_grid;

const ALL_MARKS: &str = "123456";

/// A 6x6 TOML puzzle with these givens and, when some, these marks.
fn six_by_six(givens: &str, marks: Option<&[&str]>) -> String {
    let mut text = format!("size = 6\ngivens = \"{givens}\"\n");
    if let Some(marks) = marks {
        text += &format!("candidates = \"{}\"\n", marks.join(" "));
    }
    text
}

/// Marks allowing every digit but in `cell`, which gets `mark`.
fn marks_with(cell: usize, mark: &'static str) -> Vec<&'static str> {
    let mut marks = vec![ALL_MARKS; 36];
    marks[cell] = mark;
    marks
}

fn write(dir: &Path, name: &str, text: &str) -> String {
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path.to_string_lossy().into_owned()
}

/// Runs `args`, expects `code`, returns stdout and stderr.
fn outputs(args: &[&str], code: i32) -> (String, String) {
    run_with(args, "", code)
}

/// `solve` with each engine answers no solution with `why`, and so does
/// each command that counts, analyses, explains, grades, reduces or draws
/// the solution.
fn no_solution_everywhere(file: &str, engines: &[&str], why: &str) {
    for engine in engines {
        assert_eq!(
            outputs(&["solve", "-f", file, "--engine", engine], 1),
            (format!("# no solution: {why}\n"), String::new()),
            "{engine}"
        );
    }
    assert_eq!(
        outputs(&["count", "-f", file], 1),
        (format!("no solution: {why}\n"), String::new())
    );
    let (out, _) = outputs(&["analyze", "-f", file], 1);
    assert!(
        out.ends_with(&format!(", no solution\n  why: {why}\n")),
        "{out}"
    );
    let (out, _) = outputs(&["explain", "-f", file], 1);
    assert!(out.ends_with(&format!("No solution: {why}.\n")), "{out}");
    assert_eq!(
        outputs(&["grade", "-f", file], 1),
        (
            String::new(),
            format!("line 1: not graded, no solution: {why}\n")
        )
    );
    assert_eq!(
        outputs(&["reduce", "-f", file], 1),
        (String::new(), format!("line 1: no solution: {why}\n"))
    );
    let (svg, err) = outputs(&["show", "-f", file, "--format", "svg", "--solved"], 1);
    assert!(svg.starts_with("<svg"), "{svg}");
    assert_eq!(
        err,
        format!("line 1: no solution: {why}: the puzzle is drawn unsolved\n")
    );
}

/// `generate --like` takes the file's shape, not its givens, but refuses a
/// file that contradicts itself, naming the line.
fn generate_refuses(file: &str, line: usize, why: &str) {
    assert_eq!(
        outputs(&["generate", "--like", file], 2),
        (
            String::new(),
            format!("error: --like {file}: line {line}: {why}\n")
        )
    );
}

const GRID_ENGINES: &[&str] = &["auto", "fast", "cp", "backtrack", "sat"];
const CAGE_ENGINES: &[&str] = &["auto", "cp", "backtrack", "sat"];

#[test]
fn a_given_its_own_marks_exclude_is_no_solution() {
    let dir = tempfile::tempdir().unwrap();
    let givens = "........6...........................";
    let file = write(
        dir.path(),
        "marks.toml",
        &six_by_six(givens, Some(&marks_with(8, "12345"))),
    );
    let why = "the given 6 at r2c3 is not one of its candidates (12345)";
    no_solution_everywhere(&file, GRID_ENGINES, why);
    generate_refuses(&file, 3, why);
}

#[test]
fn a_blank_cell_without_marks_is_no_solution() {
    let dir = tempfile::tempdir().unwrap();
    let givens = ".".repeat(36);
    let file = write(
        dir.path(),
        "empty.toml",
        &six_by_six(&givens, Some(&marks_with(20, "-"))),
    );
    let why = "r4c3 has no candidates";
    no_solution_everywhere(&file, GRID_ENGINES, why);
    generate_refuses(&file, 3, why);
}

#[test]
fn equal_givens_in_an_extra_group_are_no_solution() {
    let dir = tempfile::tempdir().unwrap();
    let mut text = six_by_six("..5.........................5.......", None);
    text += "extra_groups = [[[1, 3], [2, 4], [5, 5]]]\n";
    let file = write(dir.path(), "extra.toml", &text);
    let why = "5 appears twice in extra group 1: r1c3 and r5c5";
    no_solution_everywhere(&file, CAGE_ENGINES, why);
    generate_refuses(&file, 2, why);
}

#[test]
fn a_cage_its_givens_cannot_complete_is_no_solution() {
    let dir = tempfile::tempdir().unwrap();
    // 3 + 3 would repeat a digit; 1 + 5 and 2 + 4 are ruled out by the given.
    let mut text = six_by_six(".3..................................", None);
    text += "\n[[cage]]\nsum = 6\ncells = [[1, 1], [1, 2]]\n";
    let file = write(dir.path(), "killer.toml", &text);
    let why = "cage 1 (sum 6): its givens add up to 3, and its 1 open cell \
               cannot make up the other 3 with distinct digits not among them";
    no_solution_everywhere(&file, CAGE_ENGINES, why);
    generate_refuses(&file, 4, why);
}

#[test]
fn a_batch_goes_on_past_a_puzzle_that_contradicts_itself() {
    let dir = tempfile::tempdir().unwrap();
    let givens = "........6...........................";
    let bad = six_by_six(givens, Some(&marks_with(8, "12345")));
    let good = six_by_six(givens, Some(&marks_with(8, "6")));
    let text = format!("[[puzzle]]\n{bad}\n[[puzzle]]\n{good}");
    let file = write(dir.path(), "batch.toml", &text);
    let output = sudokit()
        .args(["solve", "-f", &file, "--format", "line"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1));
    let out = String::from_utf8(output.stdout).unwrap();
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 2, "{out}");
    assert_eq!(lines[0], "none");
    let puzzle = parse_puzzle(&good, &ReadOptions::default()).unwrap();
    let grid: Vec<u8> = lines[1].bytes().map(|b| b - b'0').collect();
    assert!(check_grid(&puzzle, &grid).is_valid(), "{}", lines[1]);
    assert_eq!(
        String::from_utf8(output.stderr).unwrap(),
        "line 1: no solution: the given 6 at r2c3 is not one of its candidates (12345)\n"
    );
}
