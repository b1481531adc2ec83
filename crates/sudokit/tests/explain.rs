//! `sudokit explain`, `grade` and `generate --difficulty/--technique`
//! from the command line.

mod common;

use common::{repo, run, sudokit};
use serde_json::Value;
use sudokit_formats::{parse_line, ReadOptions};
use sudokit_testkit::BenchSet;

/// Easy51's second puzzle: singles solve it.
const EASY: &str =
    "003020600900305001001806400008102900700000008006708200002609500800203009005010300";

fn lines(file: &str) -> Vec<String> {
    std::fs::read_to_string(repo(file))
        .unwrap()
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| l.trim().to_string())
        .collect()
}

/// Candidates of a 9x9 grid kept by hand, independently of the explainer:
/// a placement must be a candidate and clears its peers.
struct Marks {
    cells: Vec<u16>,
    grid: Vec<u8>,
}

impl Marks {
    fn new(givens: &[u8]) -> Marks {
        let mut marks = Marks {
            cells: vec![0x1ff; 81],
            grid: vec![0; 81],
        };
        for (cell, &d) in givens.iter().enumerate() {
            if d != 0 {
                marks.place(cell, d);
            }
        }
        marks
    }

    fn place(&mut self, cell: usize, digit: u8) {
        assert!(
            self.cells[cell] >> (digit - 1) & 1 == 1,
            "{digit} is no candidate of cell {cell}"
        );
        self.grid[cell] = digit;
        self.cells[cell] = 1 << (digit - 1);
        let (r, c) = (cell / 9, cell % 9);
        for other in 0..81 {
            let (r2, c2) = (other / 9, other % 9);
            let peer = r == r2 || c == c2 || (r / 3 == r2 / 3 && c / 3 == c2 / 3);
            if peer && other != cell {
                self.cells[other] &= !(1 << (digit - 1));
            }
        }
    }
}

fn cell_index(name: &str) -> usize {
    let (r, c) = name[1..].split_once('c').unwrap();
    (r.parse::<usize>().unwrap() - 1) * 9 + c.parse::<usize>().unwrap() - 1
}

#[test]
fn explain_json_replays_step_by_step_to_the_verified_solution() {
    let mut puzzles = Vec::new();
    for file in [
        "Sudoku_Easy51.txt",
        "Sudoku_top95.txt",
        "Sudoku_hardest.txt",
    ] {
        puzzles.extend(lines(&format!("data/coursia/{file}")));
    }
    // A few hundred: the course sets and half the top1465 sample; and one
    // of the forum's hardest that SE rates 11 and more, where logic runs
    // out (nested chains of one level reach 10.x) and explain guesses.
    puzzles.extend(BenchSet::TOP1465.sample().into_iter().step_by(2));
    puzzles.push(BenchSet::FORUM_HARDEST_11.sample().swap_remove(2));
    assert_eq!(puzzles.len(), 51 + 95 + 11 + 150 + 1);
    let out = sudokit()
        .args(["explain", "--format", "json", "-f", "-"])
        .write_stdin(puzzles.join("\n"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let records: Vec<Value> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(records.len(), puzzles.len());
    let mut guesses = 0;
    for (text, record) in puzzles.iter().zip(&records) {
        let puzzle = parse_line(text, &ReadOptions::default()).unwrap();
        let mut marks = Marks::new(puzzle.givens());
        for step in record["steps"].as_array().unwrap() {
            if step["technique"] == "Guess" {
                guesses += 1;
            }
            for e in step["eliminate"].as_array().unwrap() {
                let cell = cell_index(e["cell"].as_str().unwrap());
                marks.cells[cell] &= !(1 << (e["digit"].as_u64().unwrap() - 1));
            }
            for p in step["place"].as_array().unwrap() {
                let cell = cell_index(p["cell"].as_str().unwrap());
                marks.place(cell, p["digit"].as_u64().unwrap() as u8);
            }
        }
        assert_eq!(record["outcome"]["status"], "solved", "{text}");
        let grid = sudokit_formats::grid_to_line(9, &marks.grid);
        assert_eq!(record["grid"], grid.as_str(), "{text}");
        assert!(
            sudokit_verify::check_grid(&puzzle, &marks.grid).is_valid(),
            "{text}"
        );
    }
    // Logic alone does not solve the last of them.
    assert!(guesses > 0);
}

#[test]
fn a_hint_names_the_technique_and_where_to_look_but_not_the_step() {
    let out = run(&["explain", "--hint", EASY], 0);
    assert_eq!(out, "line 1: look for a hidden single (SE 1.2) in box 1\n");
}

#[test]
fn explain_stops_where_logic_runs_out_and_shows_the_pencil_marks() {
    // top95's first puzzle, with singles only and no guessing.
    let puzzle =
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
    let out = run(
        &[
            "explain",
            "--no-guess",
            "--techniques",
            "hidden single,naked single",
            puzzle,
        ],
        0,
    );
    assert!(
        out.contains("Logic runs out here (61 cells open); the pencil marks:\n"),
        "{out}"
    );
    assert!(
        out.contains(" 4     1679  12679   | 139   2369   269    | 8     1239  5\n"),
        "{out}"
    );
    assert!(out.ends_with("Grade: beyond: logic runs out with 61 cells open (after 3 steps, the hardest Hidden single)\n"), "{out}");
}

#[test]
fn explain_names_an_unknown_technique_and_lists_the_known_ones() {
    let err = sudokit()
        .args(["explain", "--techniques", "x-wing,swordfishh", EASY])
        .output()
        .unwrap();
    assert_eq!(err.status.code(), Some(2));
    let text = String::from_utf8(err.stderr).unwrap();
    assert!(text.starts_with("error: --techniques: no technique called \"swordfishh\"; known: Hidden single, Naked single"), "{text}");
}

#[test]
fn until_stops_after_that_many_steps() {
    let out = run(&["explain", "--format", "line", "--until", "2", EASY], 0);
    assert_eq!(
        out,
        "1:1 1.2 Hidden single: 6 can only go in r2c2 within box 1 => r2c2=6\n\
         1:2 1.2 Hidden single: 8 can only go in r1c2 within box 1 => r1c2=8\n"
    );
}

#[test]
fn grade_puts_easy51_at_the_easy_end_and_says_why() {
    let out = run(&["grade", "--format", "line", EASY], 0);
    assert_eq!(out, "easy 1.2 hidden-single 49\n");
    let out = run(
        &[
            "grade",
            "-f",
            repo("data/coursia/Sudoku_Easy51.txt").to_str().unwrap(),
        ],
        0,
    );
    let tally = out.lines().last().unwrap();
    assert!(tally.starts_with("51 puzzles: easy "), "{tally}");
    // A puzzle with more than one solution has no grade.
    let two = "................";
    let output = sudokit().args(["grade", two]).output().unwrap();
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(
        String::from_utf8(output.stderr).unwrap(),
        "line 1: not graded, more than one solution\n"
    );
}

#[test]
fn generate_makes_puzzles_of_the_grade_asked_for_as_grade_sees_them() {
    let made = run(
        &[
            "generate",
            "--count",
            "2",
            "--seed",
            "7",
            "--technique",
            "x-wing",
            "--format",
            "line",
        ],
        0,
    );
    let graded = sudokit()
        .args(["grade", "--format", "line", "-f", "-"])
        .write_stdin(made.as_str())
        .output()
        .unwrap();
    let graded = String::from_utf8(graded.stdout).unwrap();
    assert_eq!(graded.lines().count(), 2, "{made}");
    for line in graded.lines() {
        assert!(line.starts_with("hard 3.2 x-wing "), "{line}");
    }
    let made = run(
        &[
            "generate",
            "--count",
            "1",
            "--seed",
            "7",
            "--difficulty",
            "medium",
        ],
        0,
    );
    let graded = run(&["grade", "--format", "line", made.trim()], 0);
    assert!(graded.starts_with("medium "), "{graded}");
}

#[test]
fn piped_puzzles_with_ratings_after_them_are_graded_with_their_label() {
    // The SE-rated file's form: `PUZZLE RATING`, read from a pipe, no -f.
    let puzzle = format!("{EASY} 1.2\n");
    let (out, _) = common::run_with(&["grade"], &puzzle, 0);
    assert_eq!(
        out,
        "line 1 (1.2): easy (SE 1.2, EP 1.2, ED 1.2): needs Hidden single, 49 steps\n"
    );
    let (out, _) = common::run_with(&["grade", "--format", "json"], &puzzle, 0);
    let record: Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(record["label"], "1.2");
    assert_eq!(record["rating"], 1.2);
}

#[test]
fn generate_refuses_a_technique_above_the_level_asked_for() {
    let err = sudokit()
        .args([
            "generate",
            "--technique",
            "swordfish",
            "--difficulty",
            "easy",
        ])
        .output()
        .unwrap();
    assert_eq!(err.status.code(), Some(2));
    assert_eq!(
        String::from_utf8(err.stderr).unwrap(),
        "error: Swordfish rates 3.8 (hard): no easy puzzle needs it\n"
    );
}
