//! End-to-end tests of the input forms people have: CSV files with any
//! delimiter, quotes and headers; SadMan `.sdk` and Simple Sudoku `.ss`
//! files; 16x16 grids in the hex convention, printed back in it; 25x25
//! grids in letters (Alphadoku) and as rows of numbers.

mod common;

use std::path::PathBuf;

use common::{run, run_with, sudokit};
use serde_json::Value;
use sudokit_formats::{parse_line, Digits, ReadOptions};
use sudokit_verify::check_grid;

const TOP95_1: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
const TOP95_1_SOLVED: &str =
    "417369825632158947958724316825437169791586432346912758289643571573291684164875293";

/// SudoCue's example `.sdk` file.
const SDK: &str = "#ARuud\n#DA random puzzle created by SudoCue\n\
    #CJust start plugging in the numbers\n#B03-08-2006\n#SSudoCue\n#LEasy\n\
    #Uhttp://www.sudocue.net/\n2..1.5..3\n.54...71.\n.1.2.3.8.\n6.28.73.4\n\
    .........\n1.53.98.6\n.2.7.1.6.\n.81...24.\n7..4.2..1\n";
const SDK_LINE: &str =
    "2..1.5..3.54...71..1.2.3.8.6.28.73.4.........1.53.98.6.2.7.1.6..81...24.7..4.2..1";

/// A puzzle as Simple Sudoku saves it.
const SS: &str = "*-----------*\n|.3.|4..|...|\n|9.2|8.6|3.1|\n|...|...|.2.|\n\
    |---+---+---|\n|8..|.6.|7..|\n|.6.|2.5|.9.|\n|..3|.4.|..8|\n|---+---+---|\n\
    |.7.|...|...|\n|4.8|9.2|5.6|\n|...|..8|.3.|\n*-----------*\n";
const SS_LINE: &str =
    ".3.4.....9.28.63.1.......2.8...6.7...6.2.5.9...3.4...8.7.......4.89.25.6.....8.3.";

/// Writes `text` to a file named `name` in a fresh folder.
fn file(name: &str, text: &str) -> (tempfile::TempDir, String) {
    let dir = tempfile::tempdir().unwrap();
    let path: PathBuf = dir.path().join(name);
    std::fs::write(&path, text).unwrap();
    (dir, path.display().to_string())
}

/// Runs `args`, expects exit 2 and nothing on stdout, returns stderr.
fn bad_input(args: &[&str], stdin: &str) -> String {
    let (out, err) = run_with(args, stdin, 2);
    assert!(out.is_empty(), "nothing on stdout for bad input: {out}");
    err
}

#[test]
fn csv_quoted_fields_keep_their_columns() {
    let text = format!("id,name,puzzle\n1,\"Smith, J.\",{TOP95_1}\n");
    let (_dir, path) = file("set.csv", &text);
    let out = run(
        &["solve", "-f", &path, "--column", "3", "--format", "line"],
        0,
    );
    assert_eq!(out, format!("{TOP95_1_SOLVED}\n"));
}

#[test]
fn csv_semicolons_and_tabs_are_guessed_or_chosen() {
    let text = format!("id;puzzle\n1;{TOP95_1}\n2;{TOP95_1}\n");
    let (out, _) = run_with(
        &["solve", "-", "--column", "2", "--format", "line"],
        &text,
        0,
    );
    assert_eq!(out, format!("{TOP95_1_SOLVED}\n{TOP95_1_SOLVED}\n"));
    let tsv = text.replace(';', "\t");
    let (out, _) = run_with(
        &["count", "-", "--column", "2", "--format", "line"],
        &tsv,
        0,
    );
    assert_eq!(out, "1\n1\n");
    // A chosen delimiter wins over the guess.
    let piped = text.replace(';', "|");
    let (out, _) = run_with(
        &[
            "solve",
            "-",
            "--column",
            "2",
            "--delimiter",
            "|",
            "--format",
            "line",
        ],
        &piped,
        0,
    );
    assert_eq!(out, format!("{TOP95_1_SOLVED}\n{TOP95_1_SOLVED}\n"));
    let err = bad_input(&["solve", "-", "--delimiter", "ab"], &piped);
    assert_eq!(
        err,
        "error: --delimiter: expected one character or tab, found \"ab\"\n"
    );
}

#[test]
fn a_tsv_file_is_split_on_tabs_whatever_its_fields_hold() {
    let text = format!("{TOP95_1}\tgood, and hard\n");
    let (_dir, path) = file("set.tsv", &text);
    let out = run(&["solve", "-f", &path, "--format", "line"], 0);
    assert_eq!(out, format!("{TOP95_1_SOLVED}\n"));
}

#[test]
fn csv_header_by_content_or_by_flag() {
    let text = format!("puzzle,rating\n{TOP95_1},9.1\n");
    let (out, _) = run_with(&["solve", "-", "--format", "line"], &text, 0);
    assert_eq!(out, format!("{TOP95_1_SOLVED}\n"));
    // --header no: the first row is data, and bad.
    let err = bad_input(&["solve", "-", "--header", "no"], &text);
    assert_eq!(
        err,
        "error: line 1, field 1: expected a square number of cells (4 for 2x2), found 6\n"
    );
    // --header yes drops a first row of data.
    let two = format!("{TOP95_1},1\n{SDK_LINE},2\n");
    let (out, _) = run_with(
        &["show", "-", "--header", "yes", "--format", "line"],
        &two,
        0,
    );
    assert_eq!(out, format!("{SDK_LINE}\n"));
}

#[test]
fn csv_a_broken_first_row_is_reported_not_dropped() {
    let text = format!("{},1\n{TOP95_1},2\n", &TOP95_1[..80]);
    let (_dir, path) = file("broken.csv", &text);
    let err = bad_input(&["solve", "-f", &path], "");
    assert_eq!(
        err,
        format!(
            "error: {path}: line 1, field 1: expected a square number of cells (81 for 9x9), found 80\n"
        )
    );
}

#[test]
fn csv_a_column_beyond_a_row_names_that_row() {
    let text = format!("puzzle,rating\n{TOP95_1},1\n{TOP95_1}\n");
    let (out, err) = run_with(
        &[
            "solve",
            "-",
            "--column",
            "2",
            "--skip-invalid",
            "--format",
            "line",
        ],
        &text,
        0,
    );
    // An error record in place of each row.
    assert_eq!(out, "error\nerror\n");
    assert_eq!(
        err,
        "skipped: line 2, field 2: a line of one cell is no puzzle: write n*n cells (n >= 2)\n\
         skipped: line 3: no column 2 in this row: it has 1 field(s)\n"
    );
}

#[test]
fn sdk_by_extension_by_content_and_by_flag_with_its_label() {
    let (_dir, path) = file("puzzle.sdk", SDK);
    let out = run(&["show", "-f", &path, "--format", "line"], 0);
    assert_eq!(out, format!("{SDK_LINE}\n"));
    let out = run(&["solve", "-f", &path, "--format", "json"], 0);
    let record: Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(record["label"], "A random puzzle created by SudoCue (Easy)");
    assert_eq!(record["line"], 8);
    assert_eq!(record["status"], "solved");
    // Piped in, told by its metadata lines; or said with --input sdk.
    for args in [
        &["show", "-", "--format", "line"][..],
        &["show", "-", "--input", "sdk", "--format", "line"],
    ] {
        let (out, _) = run_with(args, SDK, 0);
        assert_eq!(out, format!("{SDK_LINE}\n"));
    }
    let short = SDK.replace(".54...71.\n", ".54...71\n");
    let (_dir, path) = file("short.sdk", &short);
    let err = bad_input(&["show", "-f", &path], "");
    assert_eq!(
        err,
        format!("error: {path}: line 9: expected 9 cells in this row, found 8\n")
    );
}

#[test]
fn ss_by_extension_by_content_and_by_flag_with_x_blanks() {
    let (_dir, path) = file("puzzle.ss", SS);
    let out = run(&["show", "-f", &path, "--format", "line"], 0);
    assert_eq!(out, format!("{SS_LINE}\n"));
    let with_x = SS.replace('.', "X");
    for args in [
        &["show", "-", "--format", "line"][..],
        &["show", "-", "--input", "ss", "--format", "line"],
    ] {
        let (out, _) = run_with(args, &with_x, 0);
        assert_eq!(out, format!("{SS_LINE}\n"));
    }
    let bad = SS.replace("|9.2|8.6|3.1|", "|9.2|8?6|3.1|");
    let err = bad_input(&["show", "-", "--input", "ss"], &bad);
    assert_eq!(err, "error: line 3: unknown character '?' at r2c5\n");
}

#[test]
fn help_names_the_new_flags() {
    let output = sudokit().args(["solve", "--help"]).output().unwrap();
    let help = String::from_utf8(output.stdout).unwrap();
    for flag in [
        "--delimiter <,|;|tab|CHAR>",
        "--header <yes|no|auto>",
        "- sdk:",
        "- ss:",
    ] {
        assert!(help.contains(flag), "{flag} in:\n{help}");
    }
}

#[test]
fn the_readme_examples_run_as_written() {
    let rated = common::repo("data/examples/rated.csv");
    let out = run(
        &[
            "solve",
            "-f",
            &rated.to_string_lossy(),
            "--column",
            "3",
            "--format",
            "line",
        ],
        0,
    );
    assert_eq!(
        out,
        format!(
            "{TOP95_1_SOLVED}\n278145693354698712916273485692817354837564129145329876423751968581936247769482531\n"
        )
    );
    let sdk = common::repo("data/examples/sudocue.sdk");
    let out = run(
        &["show", "-f", &sdk.to_string_lossy(), "--format", "line"],
        0,
    );
    assert_eq!(out, format!("{SDK_LINE}\n"));
    assert_eq!(std::fs::read_to_string(&sdk).unwrap(), SDK);
    let ss = common::repo("data/examples/simple.ss");
    let out = run(
        &["show", "-f", &ss.to_string_lossy(), "--format", "line"],
        0,
    );
    assert_eq!(out, format!("{SS_LINE}\n"));
    let err = bad_input(&["solve", "-"], "puzzle,rating\n4.....8.5.3,1\n");
    assert_eq!(
        err,
        "error: line 2, field 1: expected a square number of cells (9 for 3x3), found 11\n"
    );
}

/// A 16x16 puzzle with one solution (`generate --size 16 --seed 7`),
/// Sudoku-style (`1`-`9`, `A`-`G`).
const SIXTEEN: &str = "D..4AEC...3F...7......57.8.G.....EB5.....A...C.F.....2GB..C.135.4.....71BGF...C.FG..B32.....9...3C....9A.48.7D1..1D......7.9.5......2.......6.G.1AG..4...C9..E.3..C9.8.....4A....5..G...FE.A8...5.7A......2..F3...2...348.E1.A..6.1...........B...9..C..7......6";

/// The same cells in the hex convention (`0`-`9`, `A`-`F` for 1 to 16).
fn to_hex(sudoku_style: &str) -> String {
    sudoku_style
        .chars()
        .map(|c| match c {
            '1'..='9' => char::from(c as u8 - 1),
            'A' => '9',
            'B'..='G' => char::from(c as u8 - 1),
            other => other,
        })
        .collect()
}

#[test]
fn hex_in_hex_out_and_read_back() {
    let hex = to_hex(SIXTEEN);
    assert!(hex.starts_with("C..39DB...2E"));
    let solved_hex = run(&["solve", &hex, "--format", "line"], 0);
    let solved_sudoku = run(&["solve", SIXTEEN, "--format", "line"], 0);
    assert_eq!(solved_hex, to_hex(&solved_sudoku));
    // The hex answer reads back (auto: a 16x16 line with sixteen 0s is
    // hex) to the same grid, and it solves the puzzle.
    let back = parse_line(solved_hex.trim(), &ReadOptions::default()).unwrap();
    let puzzle = parse_line(&hex, &ReadOptions::default()).unwrap();
    assert_eq!(
        puzzle,
        parse_line(SIXTEEN, &ReadOptions::default()).unwrap()
    );
    assert!(check_grid(&puzzle, back.givens()).is_valid());
    // show and the pretty and JSON forms keep the convention too.
    assert_eq!(
        run(&["show", &hex, "--format", "line"], 0),
        format!("{hex}\n")
    );
    let pretty = run(&["show", &hex], 0);
    assert!(
        pretty.starts_with("C . . 3 | 9 D B . | . . 2 E | . . . 6\n"),
        "{pretty}"
    );
    let json: Value = serde_json::from_str(&run(&["solve", &hex, "--format", "json"], 0)).unwrap();
    assert_eq!(json["solution"], solved_hex.trim());
    let analysis: Value =
        serde_json::from_str(&run(&["analyze", &hex, "--format", "json"], 0)).unwrap();
    assert_eq!(analysis["solution"], solved_hex.trim());
    let explained: Value =
        serde_json::from_str(&run(&["explain", &hex, "--format", "json"], 0)).unwrap();
    assert_eq!(explained["grid"], solved_hex.trim());
    // reduce keeps only givens of the puzzle, written in hex (read as hex,
    // a sudoku-style answer would hold a G or shift every digit).
    let reduced = run(&["reduce", &hex, "--seed", "1", "--quiet"], 0);
    let hex_only = ReadOptions::default().digits(Digits::Hex);
    let kept = parse_line(reduced.trim(), &hex_only).unwrap();
    let given = parse_line(&hex, &hex_only).unwrap();
    assert!(kept
        .givens()
        .iter()
        .zip(given.givens())
        .all(|(&k, &g)| k == 0 || k == g));
    // --digits sudoku reads the same text the other way (0 a blank, the
    // letters 10 to 15), and prints it so.
    let out = run(&["show", &hex, "--digits", "sudoku", "--format", "line"], 0);
    assert_eq!(out, format!("{}\n", hex.replace('0', ".")));
}

#[test]
fn generate_writes_hex_for_16x16_when_asked() {
    let out = run(
        &[
            "generate", "--size", "16", "--digits", "hex", "--seed", "3", "--quiet",
        ],
        0,
    );
    let hex_only = ReadOptions::default().digits(Digits::Hex);
    let puzzle = parse_line(out.trim(), &hex_only).unwrap();
    let sudoku = run(&["generate", "--size", "16", "--seed", "3", "--quiet"], 0);
    assert_eq!(
        puzzle.givens(),
        parse_line(sudoku.trim(), &ReadOptions::default())
            .unwrap()
            .givens()
    );
    let (_, err) = run_with(&["generate", "--digits", "hex"], "", 2);
    assert_eq!(
        err,
        "error: --digits hex writes 16x16 grids (0-F for 1 to 16), not 9x9\n"
    );
}

/// The values of a line in letters (`A` = 1), read by the test itself.
fn letter_values(line: &str) -> Vec<u8> {
    line.bytes()
        .map(|b| match b {
            b'.' => 0,
            letter => letter - b'A' + 1,
        })
        .collect()
}

#[test]
fn alphadoku_letters_in_letters_out_and_rows_of_numbers() {
    let made = run(
        &[
            "generate", "--size", "25", "--digits", "letters", "--seed", "5", "--quiet",
        ],
        0,
    );
    let made = made.trim();
    assert!(
        made.bytes().all(|b| b == b'.' || b.is_ascii_uppercase()),
        "{made}"
    );
    let givens = letter_values(made);
    let puzzle = parse_line(made, &ReadOptions::default()).unwrap();
    assert_eq!(puzzle.givens(), givens);
    // Solved and printed in letters, as it was read.
    let solved = run(&["solve", made, "--format", "line"], 0);
    let grid = letter_values(solved.trim());
    assert!(check_grid(&puzzle, &grid).is_valid(), "{solved}");
    // The same puzzle as 25 rows of numbers, 0 a blank: one block grid.
    let rows: String = givens
        .chunks(25)
        .map(|row| {
            let words: Vec<String> = row.iter().map(u8::to_string).collect();
            words.join(" ") + "\n"
        })
        .collect();
    let (_dir, path) = file("alphadoku.txt", &rows);
    let json: Value =
        serde_json::from_str(&run(&["solve", "-f", &path, "--format", "json"], 0)).unwrap();
    let numbers_solution =
        parse_line(json["solution"].as_str().unwrap(), &ReadOptions::default()).unwrap();
    assert_eq!(numbers_solution.givens(), grid);
    let (_, err) = run_with(&["generate", "--size", "36", "--digits", "letters"], "", 2);
    assert_eq!(
        err,
        "error: --digits letters writes grids up to 26x26 (A-Z for 1 to 26), not 36x36\n"
    );
}

/// The values of a line of numbers (`.` a blank), read by the test itself.
fn number_values(line: &str) -> Vec<u8> {
    line.split_whitespace()
        .map(|word| match word {
            "." => 0,
            number => number.parse().expect("a number"),
        })
        .collect()
}

#[test]
fn numbers_in_numbers_out() {
    let made = run(
        &[
            "generate", "--size", "16", "--digits", "numbers", "--seed", "7", "--quiet",
        ],
        0,
    );
    let givens = number_values(made.trim());
    let puzzle = parse_line(made.trim(), &ReadOptions::default()).unwrap();
    assert_eq!(puzzle.givens(), givens);
    // As 16 rows of numbers, 0 a blank: solved and printed as numbers,
    // on one line and as a grid.
    let rows: String = givens
        .chunks(16)
        .map(|row| {
            let words: Vec<String> = row.iter().map(u8::to_string).collect();
            words.join(" ") + "\n"
        })
        .collect();
    let (_dir, path) = file("numbers.txt", &rows);
    let line = run(&["solve", "-f", &path, "--format", "line"], 0);
    let grid = number_values(line.trim());
    assert!(check_grid(&puzzle, &grid).is_valid(), "{line}");
    let pretty = run(&["solve", "-f", &path], 0);
    let cells: Vec<u8> = pretty
        .lines()
        .filter(|l| !l.starts_with('#') && !l.starts_with('-'))
        .flat_map(|l| l.split_whitespace().filter(|w| *w != "|"))
        .map(|w| w.parse().expect("a number"))
        .collect();
    assert_eq!(cells, grid, "{pretty}");
    // Asked for, another convention; and back to numbers.
    let args = [
        "show", "-f", &path, "--digits", "sudoku", "--format", "line",
    ];
    let sudoku_style = run(&args, 0);
    assert!(!sudoku_style.trim().contains(' '), "{sudoku_style}");
    let args = ["show", "--digits", "numbers", "--format", "line"];
    let (shown, _) = run_with(&args, &sudoku_style, 0);
    assert_eq!(number_values(shown.trim()), givens);
}

/// What `show` and `solve` print for a batch of several puzzles reads back
/// as that batch, in every form: statuses and counters are `#` comments,
/// grids are apart, TOML lists `[[puzzle]]` tables, JSON is one per line.
#[test]
fn every_printed_form_of_a_batch_reads_back() {
    let dir = tempfile::tempdir().unwrap();
    let write = |name: &str, text: &str| {
        let path = dir.path().join(name);
        std::fs::write(&path, text).unwrap();
        path.display().to_string()
    };
    let examples = std::fs::read_to_string(common::repo("data/examples/puzzles.txt")).unwrap();
    // Sizes mixed: a 4x4 and a 6x6 after the six 9x9 puzzles.
    let batch = write(
        "batch.txt",
        &format!("{examples}..2....4.4.3....\n1......2......3......4......5......6\n"),
    );
    let lines = run(&["show", "-f", &batch, "--format", "line"], 0);
    assert_eq!(lines.lines().count(), 8);
    for form in ["line", "pretty", "json", "toml"] {
        let printed = run(&["show", "-f", &batch, "--format", form], 0);
        let back = write(&format!("shown-{form}.txt"), &printed);
        assert_eq!(
            run(&["show", "-f", &back, "--format", "line"], 0),
            lines,
            "{form}"
        );
    }

    // Variants survive TOML and JSON.
    let variants: String = ["killer9", "x9", "jigsaw9"]
        .iter()
        .map(|name| {
            let path = common::repo(&format!("data/examples/{name}.toml"));
            run(
                &["show", "-f", path.to_str().unwrap(), "--format", "json"],
                0,
            )
        })
        .collect();
    let variants_file = write("variants.json", &variants);
    let toml = run(&["show", "-f", &variants_file, "--format", "toml"], 0);
    assert_eq!(toml.matches("[[puzzle]]").count(), 3, "{toml}");
    let back = write("variants-shown.txt", &toml);
    assert_eq!(run(&["show", "-f", &back, "--format", "json"], 0), variants);

    // Solutions: the first of each puzzle, as lines and as grids with their
    // status (and counters) above them.
    let solutions = run(&["solve", "-f", &batch, "--format", "line"], 0);
    for (name, extra) in [
        ("pretty", &[][..]),
        ("pretty-stats", &["--stats", "--count", "2"][..]),
        ("line-count", &["--count", "2", "--format", "line"][..]),
    ] {
        let printed = run(&[&["solve", "-f", &batch][..], extra].concat(), 0);
        let back = write(&format!("solved-{name}.txt"), &printed);
        assert_eq!(
            run(&["show", "-f", &back, "--format", "line"], 0),
            solutions,
            "{name}"
        );
        assert_eq!(
            run(&["solve", "-f", &back, "--format", "line"], 0),
            solutions,
            "{name}"
        );
    }

    // Every solution `count --list` prints, each a complete grid.
    let many = examples.lines().last().unwrap().split(' ').next().unwrap();
    let listed = run(&["count", many, "--list", "--max", "5"], 0);
    assert!(listed.ends_with("\n# 5+ solutions\n"), "{listed}");
    let back = write("listed.txt", &listed);
    let grids = run(&["show", "-f", &back, "--format", "line"], 0);
    assert_eq!(grids.lines().count(), 5);
    let puzzle = parse_line(many, &ReadOptions::default()).unwrap();
    for grid in grids.lines() {
        let grid = parse_line(grid, &ReadOptions::default()).unwrap();
        assert!(check_grid(&puzzle, grid.givens()).is_valid(), "{grid:?}");
    }
}
