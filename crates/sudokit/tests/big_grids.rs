//! A 100x100 Sudoku (10x10 boxes), the largest size, end to end: read in
//! every form, counted and solved by the engines that take it (each grid
//! checked by the verifier here too), drawn; the engines and commands
//! that keep digit sets in 64 bits refuse it with their limit, and 101 is
//! refused as a size.

mod common;

use common::{run, run_with};
use sudokit_formats::{parse_line, ReadOptions};
use sudokit_testkit::{found, Tool};
use sudokit_verify::check_grid;

const N: usize = 100;

/// The pattern solution of 10x10 boxes: row i starts at 10 (i % 10) + i / 10,
/// cyclically, so every row, column and box holds each digit once.
fn solution() -> Vec<u8> {
    (0..N * N)
        .map(|k| ((10 * (k / N % 10) + k / N / 10 + k % N) % N + 1) as u8)
        .collect()
}

/// The solution with one cell of each row blank, in 100 different
/// columns: unique, since each row's blank takes the digit it misses.
fn puzzle_line() -> String {
    let mut cells = solution();
    for row in 0..N {
        cells[row * N + row * 37 % N] = 0;
    }
    let words: Vec<String> = cells
        .iter()
        .map(|&d| match d {
            0 => ".".to_string(),
            d => d.to_string(),
        })
        .collect();
    words.join(" ")
}

/// `text` written to `name` in a fresh folder (kept alive by the caller).
fn file(dir: &tempfile::TempDir, name: &str, text: &str) -> String {
    let path = dir.path().join(name);
    std::fs::write(&path, text).unwrap();
    path.to_string_lossy().into_owned()
}

#[test]
fn a_100x100_reads_in_every_form_and_each_form_counts_one_solution() {
    let dir = tempfile::tempdir().unwrap();
    let line = file(&dir, "big.txt", &format!("{}\n", puzzle_line()));
    let mut forms = vec![("line", line.clone())];
    for (form, ext) in [("toml", "toml"), ("json", "json"), ("pretty", "txt")] {
        let shown = run(&["show", "--format", form, "-f", &line], 0);
        forms.push((form, file(&dir, &format!("shown.{ext}"), &shown)));
    }
    // A CSV cell list: the numbers between commas, in a quoted field.
    let csv = format!(
        "puzzle,label\n\"{}\",big\n",
        puzzle_line().replace(' ', ",")
    );
    forms.push(("csv", file(&dir, "big.csv", &csv)));
    for (form, path) in &forms {
        // Each form prints back as the same line of numbers.
        let back = run(&["show", "--format", "line", "-f", path], 0);
        assert_eq!(back.trim_end(), puzzle_line(), "{form}");
        let counted = run(&["count", "--engine", "cp", "--max", "2", "-f", path], 0);
        assert_eq!(counted, "unique\n", "{form}");
    }
    // The pretty form draws the 10x10 boxes.
    let pretty = run(&["show", "--format", "pretty", "-f", &line], 0);
    assert_eq!(pretty.lines().nth(10).unwrap().matches('+').count(), 9);
}

#[test]
fn cp_and_sat_solve_and_count_a_100x100_verified() {
    let puzzle = parse_line(&puzzle_line(), &ReadOptions::default()).unwrap();
    assert_eq!(puzzle.size(), N);
    let mut engines = vec!["cp", "sat", "auto"];
    if found(Tool::Z3, sudokit_z3::z3_program()).is_some() {
        engines.push("z3");
    }
    if found(Tool::Choco, sudokit_choco::library()).is_some() {
        engines.push("choco");
    }
    for engine in engines {
        let solved = run(
            &[
                "solve",
                "--engine",
                engine,
                "--format",
                "line",
                &puzzle_line(),
            ],
            0,
        );
        let grid = parse_line(solved.trim_end(), &ReadOptions::default())
            .unwrap()
            .givens()
            .to_vec();
        assert!(check_grid(&puzzle, &grid).is_valid(), "{engine}");
        assert_eq!(grid, solution(), "{engine}");
        let counted = run(
            &["count", "--engine", engine, "--max", "2", &puzzle_line()],
            0,
        );
        assert_eq!(counted, "unique\n", "{engine}");
    }
}

#[test]
fn a_100x100_with_a_clash_has_no_solution_and_says_why() {
    // The first row's blank (r1c1) given the digit of r1c2.
    let mut words: Vec<&str> = puzzle_line().leak().split(' ').collect();
    words[0] = "2";
    let line = words.join(" ");
    let (out, _) = run_with(&["count", "--engine", "sat", "--max", "2", &line], "", 1);
    assert_eq!(
        out,
        "no solution: 2 appears twice in row 1: r1c1 and r1c2\n"
    );
}

#[test]
fn a_100x100_draws_every_given_in_its_cell() {
    let svg = run(&["show", "--format", "svg", &puzzle_line()], 0);
    // 40 units a cell, a margin of 10 around.
    assert!(
        svg.contains(r#"viewBox="0 0 4020 4020""#),
        "{}",
        &svg[..200]
    );
    assert_eq!(svg.matches("<text ").count(), N * N - N);
    assert!(svg.contains(">100</text>"));
}

#[test]
fn engines_and_commands_that_keep_64_bit_digit_sets_refuse_it_with_their_limit() {
    let line = puzzle_line();
    let refused = |args: &[&str]| {
        let (_, err) = run_with(args, "", 2);
        err
    };
    assert_eq!(
        refused(&["solve", "--engine", "fast", &line]),
        "error: fast does not support grids larger than 64x64 (use --engine cp)\n"
    );
    assert_eq!(
        refused(&["solve", "--engine", "backtrack", &line]),
        "error: backtrack does not support domains spanning more than 64 values\n"
    );
    let marks = "grids up to 64x64 only (pencil marks are one bit a digit in 64 bits); \
                 this grid is 100x100";
    for command in ["explain", "grade"] {
        assert_eq!(
            refused(&[command, &line]),
            format!("error: line 1: explain and grade: {marks}\n"),
            "{command}"
        );
    }
    assert_eq!(
        refused(&["generate", "--size", "100"]),
        format!("error: generate: {marks}\n")
    );
    // The count stands; the proof is what is refused.
    let certified = run(
        &["count", "--engine", "sat", "--max", "2", "--certify", &line],
        0,
    );
    assert_eq!(
        certified,
        "unique\nnot certified (unique): the certifier takes grids up to 64x64: it states \
         each cell's and each unit's digits pair by pair, about 198 million clauses for this \
         100x100 grid\n"
    );
}

#[test]
fn size_101_is_refused_with_the_limit() {
    // The cyclic latin square of side 101.
    let words: Vec<String> = (0..101 * 101)
        .map(|k| ((k / 101 + k % 101) % 101 + 1).to_string())
        .collect();
    let (_, err) = run_with(&["count", &words.join(" ")], "", 2);
    assert_eq!(
        err,
        "error: line 1: unsupported size 101 (101x101): sizes 2 to 100 are supported\n"
    );
}
