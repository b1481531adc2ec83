use std::fmt::Write as _;

use serde::Deserialize;
use sudokit_puzzle::{Layout, Puzzle};

use crate::build::{
    candidate_token, region_label, CageDesc, Description, LayoutDesc, Located, Text,
};
use crate::line::LAST_CHARACTER_DIGIT;
use crate::{grid_to_block, Entry, ErrorKind, ParseError, ReadOptions};

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct VariantFile {
    size: Option<i64>,
    boxes: Option<String>,
    regions: Option<toml::Spanned<Text>>,
    latin: Option<bool>,
    #[serde(default)]
    diagonals: bool,
    #[serde(default)]
    extra_groups: Vec<toml::Spanned<Vec<Vec<i64>>>>,
    #[serde(default, alias = "cages")]
    cage: Vec<toml::Spanned<CageFile>>,
    givens: Option<toml::Spanned<Text>>,
    candidates: Option<toml::Spanned<Text>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CageFile {
    sum: i64,
    cells: Vec<Vec<i64>>,
}

/// Where the lines of a text break, to name the 1-based line of any byte
/// offset by a binary search (counting newlines per lookup made a file of
/// many cages quadratic: 80,000 cages took 31 s).
struct LineIndex(Vec<usize>);

impl LineIndex {
    fn new(text: &str) -> Self {
        LineIndex(text.match_indices('\n').map(|(i, _)| i).collect())
    }

    fn line(&self, offset: usize) -> usize {
        self.0.partition_point(|&newline| newline < offset) + 1
    }
}

/// Several puzzles in one TOML file: a `[[puzzle]]` table each, with its
/// cages as `[[puzzle.cage]]` (what `sudokit show --format toml` prints for
/// more than one puzzle).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct VariantList {
    #[serde(alias = "puzzles")]
    puzzle: Vec<toml::Spanned<VariantFile>>,
}

/// Parses a TOML variant file (format in the crate docs).
pub fn parse_toml(text: &str, options: &ReadOptions) -> Result<Puzzle, ParseError> {
    let lines = LineIndex::new(text);
    let file: VariantFile = from_toml(text, &lines)?;
    build(file, &lines, options)
}

/// The puzzles of a TOML text: one, or a list of `[[puzzle]]` tables, each
/// read on its own (a bad one is an error naming its line, and the others
/// are kept). The digits of a TOML file are always the sudoku digits.
pub(crate) fn toml_entries(text: &str, options: &ReadOptions) -> Vec<Result<Entry, ParseError>> {
    let lines = LineIndex::new(text);
    let entry = |line: usize, puzzle| Entry {
        line,
        puzzle,
        label: None,
        digits: options.digits.resolve(0, std::iter::empty()),
    };
    if !is_list(text) {
        return vec![
            parse_toml(text, options).map(|puzzle| entry(crate::batch::first_line(text), puzzle))
        ];
    }
    match from_toml::<VariantList>(text, &lines) {
        Err(e) => vec![Err(e)],
        Ok(list) if list.puzzle.is_empty() => vec![Err(ErrorKind::Empty.into())],
        Ok(list) => list
            .puzzle
            .into_iter()
            .map(|file| {
                let line = lines.line(file.span().start);
                build(file.into_inner(), &lines, options)
                    .map(|puzzle| entry(line, puzzle))
                    .map_err(|e| match e.line {
                        Some(_) => e,
                        None => e.at_line(line),
                    })
            })
            .collect(),
    }
}

/// Whether a TOML text lists several puzzles (`[[puzzle]]` tables) rather
/// than being one.
fn is_list(text: &str) -> bool {
    text.lines()
        .map(str::trim)
        .any(|l| l == "[[puzzle]]" || l == "[[puzzles]]")
}

fn from_toml<T: serde::de::DeserializeOwned>(
    text: &str,
    lines: &LineIndex,
) -> Result<T, ParseError> {
    toml::from_str(text).map_err(|e| ParseError {
        path: None,
        line: e.span().map(|s| lines.line(s.start)),
        field: None,
        kind: ErrorKind::Toml(e.message().trim().to_string()),
    })
}

/// A puzzle from its TOML description.
fn build(
    file: VariantFile,
    lines: &LineIndex,
    options: &ReadOptions,
) -> Result<Puzzle, ParseError> {
    let located = |s: toml::Spanned<Text>| Located {
        line: Some(lines.line(s.span().start)),
        value: s.into_inner(),
    };
    let chosen = [
        file.boxes.is_some(),
        file.regions.is_some(),
        file.latin == Some(true),
    ];
    if chosen.iter().filter(|&&c| c).count() > 1 {
        let reason = "give only one of boxes, regions and latin = true";
        return Err(ErrorKind::field("layout", reason).into());
    }
    let layout = if let Some(b) = file.boxes {
        LayoutDesc::Boxes(b)
    } else if let Some(r) = file.regions {
        LayoutDesc::Regions(r.into_inner())
    } else if file.latin == Some(true) {
        LayoutDesc::Latin
    } else {
        LayoutDesc::Default
    };
    let description = Description {
        size: file.size,
        layout,
        diagonals: file.diagonals,
        extra_groups: file
            .extra_groups
            .into_iter()
            .map(|g| Located {
                line: Some(lines.line(g.span().start)),
                value: g.into_inner(),
            })
            .collect(),
        cages: file
            .cage
            .into_iter()
            .map(|c| {
                let line = Some(lines.line(c.span().start));
                let c = c.into_inner();
                Located {
                    line,
                    value: CageDesc {
                        sum: c.sum,
                        cells: c.cells,
                    },
                }
            })
            .collect(),
        givens: file.givens.map(located),
        candidates: file.candidates.map(located),
    };
    description.build(options)
}

fn pairs(cells: &[usize], n: usize) -> String {
    let items: Vec<String> = cells
        .iter()
        .map(|&c| format!("[{}, {}]", c / n + 1, c % n + 1))
        .collect();
    format!("[{}]", items.join(", "))
}

/// Writes a puzzle as a TOML variant file; [`parse_toml`] reads it back to
/// an equal puzzle.
pub fn to_toml(puzzle: &Puzzle) -> String {
    write_toml(puzzle, "", String::new())
}

/// Writes a puzzle as one `[[puzzle]]` table of a file of several: such
/// tables written one after the other read back as the list of puzzles.
pub fn to_toml_listed(puzzle: &Puzzle) -> String {
    write_toml(puzzle, "puzzle.", "[[puzzle]]\n".to_string())
}

/// The TOML of a puzzle after `out`, its cages as `[[{table}cage]]`.
fn write_toml(puzzle: &Puzzle, table: &str, mut out: String) -> String {
    let n = puzzle.size();
    let _ = writeln!(out, "size = {n}");
    match puzzle.layout() {
        Layout::Boxes(shape) => {
            let _ = writeln!(out, "boxes = \"{}x{}\"", shape.rows, shape.cols);
        }
        Layout::Latin => out.push_str("latin = true\n"),
        Layout::Regions(map) => {
            out.push_str("regions = [\n");
            for row in map.chunks(n.max(1)) {
                let labels: String = row.iter().map(|&r| region_label(r)).collect();
                let _ = writeln!(out, "    \"{labels}\",");
            }
            out.push_str("]\n");
        }
    }
    if puzzle.diagonals() {
        out.push_str("diagonals = true\n");
    }
    if !puzzle.extra_groups().is_empty() {
        out.push_str("extra_groups = [\n");
        for group in puzzle.extra_groups() {
            let _ = writeln!(out, "    {},", pairs(group, n));
        }
        out.push_str("]\n");
    }
    if puzzle.givens().iter().any(|&d| d != 0) && n > LAST_CHARACTER_DIGIT {
        // Digits past 35 have no character: rows of numbers.
        out.push_str("givens = \"\"\"\n");
        for row in grid_to_block(puzzle, puzzle.givens()).lines() {
            if !row.starts_with('-') {
                let _ = writeln!(out, "{}", row.replace("| ", ""));
            }
        }
        out.push_str("\"\"\"\n");
    } else if puzzle.givens().iter().any(|&d| d != 0) {
        out.push_str("givens = [\n");
        for row in grid_to_block(puzzle, puzzle.givens()).lines() {
            if !row.starts_with('-') {
                let _ = writeln!(out, "    \"{row}\",");
            }
        }
        out.push_str("]\n");
    }
    if let Some(marks) = puzzle.candidates() {
        out.push_str("candidates = [\n");
        for row in marks.chunks(n.max(1)) {
            let tokens: Vec<String> = row.iter().map(|&m| candidate_token(m, n)).collect();
            let _ = writeln!(out, "    \"{}\",", tokens.join(" "));
        }
        out.push_str("]\n");
    }
    for cage in puzzle.cages() {
        let _ = write!(
            out,
            "\n[[{table}cage]]\nsum = {}\ncells = {}\n",
            cage.sum,
            pairs(&cage.cells, n)
        );
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn err(text: &str) -> String {
        match parse_toml(text, &ReadOptions::default()) {
            Ok(_) => "parsed".into(),
            Err(e) => e.to_string(),
        }
    }

    #[test]
    fn a_negative_size_is_named_as_written() {
        assert_eq!(err("size = -9\n"), "size: -9 is negative");
        assert_eq!(
            err("size = 101\n"),
            "unsupported size 101 (101x101): sizes 2 to 100 are supported"
        );
    }

    const KILLER4: &str = r#"
size = 4
boxes = "2x2"
givens = "................"

[[cage]]
sum = 3
cells = [[1, 1], [1, 2]]
"#;

    #[test]
    fn a_36x36_with_digits_past_35_round_trips_through_toml() {
        let grid = crate::line::grid_36(|d| d % 3 == 0);
        let p =
            crate::parse_line(&crate::grid_to_line(36, &grid), &ReadOptions::default()).unwrap();
        let toml = to_toml(&p);
        assert!(
            toml.contains("givens = \"\"\"\n 1  2  .  4  5  .  7"),
            "{toml}"
        );
        assert_eq!(parse_toml(&toml, &ReadOptions::default()).unwrap(), p);
    }

    #[test]
    fn reads_a_small_killer() {
        let p = parse_toml(KILLER4, &ReadOptions::default()).unwrap();
        assert_eq!(p.cages().len(), 1);
        assert_eq!(p.cages()[0].cells, vec![0, 1]);
        assert_eq!(
            parse_toml(&to_toml(&p), &ReadOptions::default()).unwrap(),
            p
        );
    }

    #[test]
    fn givens_as_rows_or_block() {
        let rows =
            "size = 4\ngivens = [\"1 2 | . .\", \". . | . .\", \". . | . .\", \". . | . 1\"]\n";
        let block =
            "givens = \"\"\"\n1 2 | . .\n. . | . .\n----+----\n. . | . .\n. . | . 1\n\"\"\"\n";
        let line = "givens = \"12.............1\"\n";
        let a = parse_toml(rows, &ReadOptions::default()).unwrap();
        assert_eq!(parse_toml(block, &ReadOptions::default()).unwrap(), a);
        assert_eq!(parse_toml(line, &ReadOptions::default()).unwrap(), a);
    }

    #[test]
    fn regions_and_candidates() {
        let text = "regions = [\"AABB\", \"AABB\", \"CCDD\", \"CDDC\"]\ncandidates = [\"1234 1 2 -\", \"1 2 3 4\", \"1 2 3 4\", \"1 2 3 4\"]\n";
        // A cell without candidates leaves no solution: read all the same.
        let lenient = ReadOptions::default().check_givens(false);
        let p = parse_toml(text, &lenient).unwrap();
        assert_eq!(p.size(), 4);
        assert_eq!(p.candidates().unwrap()[..4], [15, 1, 2, 0]);
        assert_eq!(
            parse_toml(text, &ReadOptions::default())
                .unwrap_err()
                .to_string(),
            "line 2: r1c4 has no candidates"
        );
        assert_eq!(parse_toml(&to_toml(&p), &lenient).unwrap(), p);
    }

    #[test]
    fn error_not_a_partition() {
        let text = "regions = [\"AABB\", \"AABB\", \"CCDD\", \"CDDD\"]\n";
        assert_eq!(
            err(text),
            "region map is not a partition into 4 regions of 4 cells: region 3 has 3 cells"
        );
        let text = "regions = [\"AABB\", \"AABB\", \"CCDD\", \"CDDE\"]\n";
        assert_eq!(
            err(text),
            "region map is not a partition into 4 regions of 4 cells: more than 4 regions"
        );
        let text = "size = 4\nregions = [\"AABB\", \"AABB\", \"CCDD\"]\n";
        assert_eq!(err(text), "regions: expected 4 rows, found 3");
    }

    #[test]
    fn error_cage_sum_impossible() {
        let text = KILLER4.replace("sum = 3", "sum = 9");
        assert_eq!(
            err(&text),
            "line 6: cage 1 has 2 cells and sum 9, but 2 distinct digits from 1 to 4 sum to between 3 and 7"
        );
        // Past 32 bits, or below 0: the same reason, not a claim that the
        // number is not whole.
        for sum in ["4294967297", "-3"] {
            let text = KILLER4.replace("sum = 3", &format!("sum = {sum}"));
            assert_eq!(
                err(&text),
                format!(
                    "line 6: cage 1: sum {sum} is out of reach: 2 distinct digits from 1 to 4 \
                     sum to between 3 and 7"
                )
            );
        }
    }

    #[test]
    fn error_cage_without_cells() {
        let text = "size = 4\n\n[[cage]]\nsum = 0\ncells = []\n";
        assert_eq!(err(text), "line 3: cage 1 has no cells");
    }

    #[test]
    fn lines_are_named_in_a_file_of_many_groups() {
        // Each group's line is looked up; counting newlines per lookup was
        // quadratic (80,000 cages took 31 s).
        let groups = "[[1, 1]],\n".repeat(20_000);
        let e = err(&format!("size = 4\nextra_groups = [\n{groups}[[9, 9]]]\n"));
        assert_eq!(
            e,
            "line 20003: extra group 20001: cell r9c9 is outside the 4x4 grid"
        );
    }

    #[test]
    fn error_cage_cell_outside() {
        let text = KILLER4.replace("[1, 2]]", "[5, 2]]");
        assert_eq!(
            err(&text),
            "line 6: cage 1: cell r5c2 is outside the 4x4 grid"
        );
        let text = KILLER4.replace("[1, 2]]", "[1, 2, 3]]");
        assert_eq!(
            err(&text),
            "line 6: cage 1: a cell is written [row, column], found [1, 2, 3]"
        );
    }

    #[test]
    fn error_toml_syntax_and_unknown_key() {
        assert!(err("size = 4\ngivens = [\n").starts_with("line 3: invalid TOML: "));
        assert_eq!(
            err("size = 4\ndiagonal = true\n"),
            "line 2: invalid TOML: unknown field `diagonal`, expected one of `size`, `boxes`, `regions`, `latin`, `diagonals`, `extra_groups`, `cage`, `cages`, `givens`, `candidates`"
        );
    }

    #[test]
    fn error_two_layouts_and_size_mismatch() {
        assert_eq!(
            err("size = 4\nlatin = true\nboxes = \"2x2\"\n"),
            "layout: give only one of boxes, regions and latin = true"
        );
        assert_eq!(
            err("size = 9\ngivens = \"12.............1\"\n"),
            "line 2: givens: a 4x4 grid, but size is 9"
        );
        assert_eq!(
            err("size = 102\n"),
            "unsupported size 102 (102x102): sizes 2 to 100 are supported"
        );
        assert_eq!(
            err("size = 7\n"),
            "size 7 has no box shape: choose boxes RxC or a latin square"
        );
    }

    #[test]
    fn error_duplicate_given_names_units() {
        let text = "size = 9\ngivens = \".7.....7.\"\n".replace(
            ".7.....7.",
            &format!("{}.7.....7.{}", ".".repeat(18), ".".repeat(54)),
        );
        assert_eq!(
            err(&text),
            "line 2: 7 appears twice in row 3: r3c2 and r3c8"
        );
    }
}
