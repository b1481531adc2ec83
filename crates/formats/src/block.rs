use std::collections::HashMap;
use std::fmt::Write as _;

use sudokit_model::BoxShape;
use sudokit_puzzle::{Layout, Puzzle, PuzzleError, PuzzleSpec, MAX_SIZE};

use crate::check::finish;
use crate::detect::drawn_only;
use crate::digits::{decode_grid, Decoder};
use crate::line::{decode_cells, number_cell, LAST_CHARACTER_DIGIT};
use crate::{Digits, ErrorKind, ParseError, ReadOptions, Shape};

/// Parses one grid written over several lines: one row per line, cells
/// either side by side (`53..7....`) or separated by spaces, `|` between
/// boxes, and rule lines (`------+-------+------`) between bands. `#`
/// comments and blank lines are skipped.
///
/// With [`Shape::Auto`], the box shape is read from the separators when they
/// draw one (`|` every C cells, a rule every R rows), else the default.
pub fn parse_block(text: &str, options: &ReadOptions) -> Result<Puzzle, ParseError> {
    let lines = meaningful_lines(text);
    block_puzzle(&lines, options)
}

/// [`parse_block`] on lines already numbered and filtered.
pub(crate) fn block_puzzle(
    lines: &[(usize, &str)],
    options: &ReadOptions,
) -> Result<Puzzle, ParseError> {
    block_entry(lines, options).map(|(puzzle, _)| puzzle)
}

/// [`block_puzzle`], and the digit convention the grid is written in.
pub(crate) fn block_entry(
    lines: &[(usize, &str)],
    options: &ReadOptions,
) -> Result<(Puzzle, Digits), ParseError> {
    let grid = read_grid(lines, options.digits)?;
    let digits = grid.digits;
    let at = |e: ErrorKind| ParseError::new(e).at_line(grid.first_line);
    let layout = match (options.shape, grid.hint) {
        (Shape::Auto, Some(shape)) => Layout::Boxes(shape),
        (shape, _) => shape.layout(grid.size).map_err(at)?,
    };
    let spec = PuzzleSpec {
        size: grid.size,
        layout,
        diagonals: false,
        extra_groups: Vec::new(),
        cages: Vec::new(),
        givens: grid.cells,
        candidates: None,
    };
    let puzzle = finish(spec, options).map_err(|e| {
        let line = match &e {
            ErrorKind::Puzzle(PuzzleError::DuplicateGiven { second, .. }) => {
                grid.row_lines.get(second / grid.size).copied()
            }
            _ => None,
        };
        ParseError::new(e).at_line(line.unwrap_or(grid.first_line))
    })?;
    Ok((puzzle, digits))
}

/// The trimmed lines of a text that are neither blank nor `#` comments,
/// with their 1-based numbers.
pub(crate) fn meaningful_lines(text: &str) -> Vec<(usize, &str)> {
    text.lines()
        .enumerate()
        .map(|(i, l)| (i + 1, l.trim()))
        .filter(|(_, l)| !l.is_empty() && !l.starts_with('#'))
        .collect()
}

/// A grid read from rows of text, before any layout is chosen.
#[derive(Debug)]
pub(crate) struct RawGrid {
    /// n.
    pub size: usize,
    /// Row-major digits, 0 for blank.
    pub cells: Vec<u8>,
    /// The box shape drawn by the separators, if any.
    pub hint: Option<BoxShape>,
    /// The line of the first row.
    pub first_line: usize,
    /// The line of each row.
    pub row_lines: Vec<usize>,
    /// The digit convention the rows are read in.
    pub digits: Digits,
}

#[derive(PartialEq)]
enum Kind {
    Rule,
    MaybeRule,
    Row,
}

struct Item<'a> {
    line: usize,
    kind: Kind,
    text: &'a str,
}

fn cells_of(text: &str) -> impl Iterator<Item = char> + Clone + '_ {
    text.chars().filter(|c| !c.is_whitespace() && *c != '|')
}

/// The words of a row, split at spaces and `|`: its cells when the grid
/// is written as numbers (past 35x35).
fn words_of(text: &str) -> impl Iterator<Item = &str> + '_ {
    text.split(|c: char| c.is_whitespace() || c == '|')
        .filter(|w| !w.is_empty())
}

/// How many cells a row has: its words when it is written as numbers
/// (see [`number_row`]), or when they are more than 35 and one is a
/// number of two figures or more (a grid past 35x35, which has no digit
/// characters, reported cell by cell if a number is out of range); else
/// its characters (`534 678 912` is 9 cells).
fn cell_count(text: &str) -> usize {
    let words = words_of(text).count();
    let number = |w: &str| w.len() > 1 && w.bytes().all(|b| b.is_ascii_digit());
    match number_row(text) || (words > LAST_CHARACTER_DIGIT && words_of(text).any(number)) {
        true => words,
        false => cells_of(text).count(),
    }
}

/// Whether a row is written as numbers, one word a cell (`21 0 0 16 ...`,
/// the form of many 16x16 and 25x25 files): every word a number or `.`,
/// one of two figures or more, and none greater than the row's length, so
/// that a 9-cell row written in groups (`534 678 912`, `53 07 ...`) is not.
fn number_row(text: &str) -> bool {
    let words = words_of(text).count();
    let mut long = false;
    let fits = words_of(text).all(|w| {
        long |= w.len() > 1;
        w == "."
            || (w.bytes().all(|b| b.is_ascii_digit()) && w.parse().is_ok_and(|n: usize| n <= words))
    });
    fits && long
}

/// A line drawn only of rule characters is a rule, unless it is a row of
/// blanks written as `-` (told once the side is known).
fn kind_of(text: &str) -> Kind {
    let ruly = drawn_only(text);
    if ruly && text.contains(['+', '=']) {
        Kind::Rule
    } else if ruly {
        Kind::MaybeRule
    } else {
        Kind::Row
    }
}

/// A grid's first row, whose cells give the side (or its first line that
/// may be a row of `-` blanks, when no other row is).
fn first_row<'b, 'a>(items: &'b [Item<'a>]) -> Option<&'b Item<'a>> {
    items
        .iter()
        .find(|i| i.kind == Kind::Row)
        .or_else(|| items.iter().find(|i| i.kind == Kind::MaybeRule))
}

/// Splits the meaningful lines of a text into its grids, one after the
/// other: paragraphs (lines with no blank or comment line between them)
/// are joined until they hold as many rows as a row has cells, so grids
/// are told apart by the blank lines between them, and one grid may still
/// have blank lines between its bands. What is left at the end is one more
/// (incomplete) grid, for [`read_grid`] to report.
pub(crate) fn split_grids<'a>(lines: &'a [(usize, &'a str)]) -> Vec<&'a [(usize, &'a str)]> {
    let mut grids = Vec::new();
    let mut grid = Tally::default();
    let mut start = 0;
    for (end, &(line, text)) in lines.iter().enumerate() {
        let gap = end > start && lines[end - 1].0 + 1 != line;
        if gap && grid.complete() {
            grids.push(&lines[start..end]);
            start = end;
            grid = Tally::default();
        }
        grid.add(text);
    }
    if start < lines.len() {
        grids.push(&lines[start..]);
    }
    grids
}

/// What the lines of a grid so far say of its side and its rows, counted
/// as they come, so that splitting a text is linear in its lines whatever
/// they hold (the rows as [`read_grid`] tells them).
#[derive(Default)]
struct Tally {
    /// Cells of the first row.
    first_row: Option<usize>,
    /// Cells of the first line that may be a row of `-` blanks.
    first_maybe: Option<usize>,
    rows: usize,
    /// Lines that may be rows of `-` blanks, by their number of cells.
    maybe: HashMap<usize, usize>,
}

impl Tally {
    fn add(&mut self, text: &str) {
        match kind_of(text) {
            Kind::Rule => {}
            Kind::Row => {
                self.first_row.get_or_insert(cell_count(text));
                self.rows += 1;
            }
            Kind::MaybeRule => {
                let cells = cell_count(text);
                self.first_maybe.get_or_insert(cells);
                *self.maybe.entry(cells).or_default() += 1;
            }
        }
    }

    fn complete(&self) -> bool {
        self.first_row
            .or(self.first_maybe)
            .is_some_and(|size| self.rows + self.maybe.get(&size).copied().unwrap_or(0) >= size)
    }
}

fn items_of<'a>(lines: &[(usize, &'a str)]) -> Vec<Item<'a>> {
    lines
        .iter()
        .map(|&(line, text)| Item {
            line,
            kind: kind_of(text),
            text,
        })
        .collect()
}

/// Reads rows of cells; see [`parse_block`].
pub(crate) fn read_grid(lines: &[(usize, &str)], digits: Digits) -> Result<RawGrid, ParseError> {
    let mut items = items_of(lines);
    let first = first_row(&items).ok_or_else(|| ParseError::new(ErrorKind::Empty))?;
    // Past 35 a cell is a number, and the cells of a row its words; below,
    // when a row is written so (the first may hold one-figure numbers only,
    // or a number out of range, to be named with its cell).
    let numbered = items
        .iter()
        .any(|item| item.kind == Kind::Row && number_row(item.text));
    let size = match numbered {
        true => words_of(first.text).count(),
        false => cell_count(first.text),
    };
    let first_line = first.line;
    let numbers = numbered || size > LAST_CHARACTER_DIGIT;
    let count = |text: &str| match numbers {
        true => words_of(text).count(),
        false => cells_of(text).count(),
    };
    if !(2..=MAX_SIZE).contains(&size) {
        return Err(ParseError::new(ErrorKind::UnsupportedSize { size }).at_line(first_line));
    }
    for item in &mut items {
        if item.kind == Kind::MaybeRule {
            item.kind = if count(item.text) == size {
                Kind::Row
            } else {
                Kind::Rule
            };
        }
    }
    // Box shape from the separators.
    let mut rule_rows = Vec::new();
    let mut rows: Vec<&Item> = Vec::with_capacity(size);
    for item in &items {
        match item.kind {
            Kind::Row => rows.push(item),
            _ => rule_rows.push(rows.len()),
        }
    }
    if rows.len() != size {
        let line = rows
            .get(size)
            .map_or_else(|| lines.last().map_or(0, |l| l.0), |r| r.line);
        return Err(ParseError::new(ErrorKind::RowCount {
            size,
            found: rows.len(),
        })
        .at_line(line));
    }
    let cells_in = |decoder: &Decoder| {
        let mut cells = Vec::with_capacity(size * size);
        for (r, row) in rows.iter().enumerate() {
            let found = count(row.text);
            if found != size {
                return Err(ParseError::new(ErrorKind::RowLength {
                    expected: size,
                    found,
                })
                .at_line(row.line));
            }
            let first = r * size;
            let digits = match numbers {
                true => words_of(row.text)
                    .enumerate()
                    .map(|(i, word)| number_cell(word, first + i, size))
                    .collect(),
                false => decode_cells(cells_of(row.text), decoder, size, first),
            };
            cells.extend(digits.map_err(|e| ParseError::new(e).at_line(row.line))?);
        }
        Ok(cells)
    };
    let (cells, digits) = match numbers {
        true => (
            cells_in(&Decoder::new(digits, size, std::iter::empty()))?,
            digits.of_numbers(),
        ),
        false => decode_grid(
            digits,
            size,
            rows.iter().flat_map(|r| cells_of(r.text)),
            cells_in,
        )?,
    };
    // Cells before each `|` of the first row.
    let bars: Vec<usize> = rows[0]
        .text
        .split('|')
        .scan(0, |k, part| {
            *k += count(part);
            Some(*k)
        })
        .collect();
    let cols = first_part(&bars, size);
    let band = first_part(&rule_rows, size);
    let hint = match (band, cols) {
        (Some(rows), Some(cols)) => Some(BoxShape { rows, cols }),
        (None, Some(cols)) if size.is_multiple_of(cols) => Some(BoxShape {
            rows: size / cols,
            cols,
        }),
        (Some(rows), None) if size.is_multiple_of(rows) => Some(BoxShape {
            rows,
            cols: size / rows,
        }),
        _ => None,
    };
    Ok(RawGrid {
        size,
        cells,
        hint,
        first_line,
        row_lines: rows.iter().map(|r| r.line).collect(),
        digits,
    })
}

/// The first stretch between separator positions that is neither empty nor
/// the whole side (outer borders say nothing about boxes).
fn first_part(marks: &[usize], size: usize) -> Option<usize> {
    let mut prev = 0;
    for &m in marks.iter().chain(std::iter::once(&size)) {
        let width = m.saturating_sub(prev);
        if width > 0 && width < size {
            return Some(width);
        }
        prev = prev.max(m);
    }
    None
}

/// The givens as a block grid: see [`grid_to_block`].
pub fn to_block(puzzle: &Puzzle) -> String {
    grid_to_block(puzzle, puzzle.givens())
}

/// A grid of digits (a solution, or givens) drawn with the puzzle's boxes:
/// cells separated by spaces, `|` between boxes, `-` and `+` rules between
/// bands, `.` for blanks, one row per line. Grids without boxes (latin,
/// jigsaw) are plain rows of cells.
///
/// ```text
/// 5 3 . | . 7 . | . . .
/// 6 . . | 1 9 5 | . . .
/// . 9 8 | . . . | . 6 .
/// ------+-------+------
/// ```
pub fn grid_to_block(puzzle: &Puzzle, grid: &[u8]) -> String {
    grid_to_block_in(puzzle, grid, Digits::Sudoku)
}

/// [`grid_to_block`] in a digit convention: a 16x16 grid read in hex
/// prints back in hex.
pub fn grid_to_block_in(puzzle: &Puzzle, grid: &[u8], digits: Digits) -> String {
    let n = puzzle.size();
    let (band, stack) = match puzzle.box_shape() {
        Some(s) => (s.rows, s.cols),
        None => (n, n),
    };
    // Past 35 the digits are numbers, right-aligned in two columns.
    let numbers = digits.writes_numbers(n);
    let cell_width = if numbers { 2 } else { 1 };
    let mut rule = String::new();
    for s in 0..n / stack.max(1) {
        if s > 0 {
            rule.push('+');
        }
        let mut width = (cell_width + 1) * stack + 1;
        if s == 0 {
            width -= 1;
        }
        if s + 1 == n / stack {
            width -= 1;
        }
        rule.extend(std::iter::repeat_n('-', width));
    }
    let mut out = String::with_capacity(n * (2 * n + 4));
    for r in 0..n {
        if r > 0 && r % band == 0 {
            out.push_str(&rule);
            out.push('\n');
        }
        for c in 0..n {
            if c > 0 {
                out.push(' ');
                if c % stack == 0 {
                    out.push_str("| ");
                }
            }
            let digit = grid.get(r * n + c).copied().unwrap_or(0);
            if numbers {
                match digit {
                    0 => out.push_str(" ."),
                    d => {
                        let _ = write!(out, "{d:>2}");
                    }
                }
            } else {
                out.push(digits.char_of(digit));
            }
        }
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{parse_line, to_line};

    const P: &str =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

    fn err(text: &str) -> String {
        match parse_block(text, &ReadOptions::default()) {
            Ok(_) => "parsed".into(),
            Err(e) => e.to_string(),
        }
    }

    #[test]
    fn pretty_grids_of_numbers_read_back_with_their_boxes() {
        for (rows, cols) in [(6, 6), (8, 8), (10, 10), (4, 25)] {
            let n = rows * cols;
            let mut spec = PuzzleSpec::blank(n, Layout::Boxes(BoxShape { rows, cols }));
            spec.givens = crate::line::pattern_grid(rows, cols, |d| d % 3 == 0);
            let puzzle = Puzzle::new(spec).unwrap();
            let block = to_block(&puzzle);
            let back = parse_block(&block, &ReadOptions::default()).unwrap();
            assert_eq!(back, puzzle, "{rows}x{cols}");
        }
        // Two 36x36 grids, a blank line between them, are two grids.
        let mut spec = PuzzleSpec::blank(36, Layout::Boxes(BoxShape { rows: 6, cols: 6 }));
        spec.givens = crate::line::grid_36(|d| d > 30);
        let block = to_block(&Puzzle::new(spec).unwrap());
        assert_eq!(
            split_grids(&meaningful_lines(&format!("{block}\n{block}"))).len(),
            2
        );
        // A row one number short is named with its line.
        let mut lines: Vec<String> = block.lines().map(String::from).collect();
        lines[2] = lines[2].trim_start().split_once(' ').unwrap().1.to_string();
        assert_eq!(
            err(&lines.join("\n")),
            "line 3: expected 36 cells in this row, found 35"
        );
    }

    /// `puzzle`'s rows as numbers, `0` a blank, one space between them
    /// (`|` between boxes of `bars` cells when asked).
    fn number_rows(puzzle: &Puzzle, bars: Option<usize>) -> String {
        let n = puzzle.size();
        puzzle
            .givens()
            .chunks(n)
            .map(|row| {
                let words: Vec<String> = row.iter().map(u8::to_string).collect();
                match bars {
                    Some(c) => words
                        .chunks(c)
                        .map(|part| part.join(" "))
                        .collect::<Vec<_>>()
                        .join(" | "),
                    None => words.join(" "),
                }
            })
            .map(|row| row + "\n")
            .collect()
    }

    #[test]
    fn grids_of_numbers_below_36_read_as_numbers() {
        for (rows, cols, bars) in [(4, 4, None), (5, 5, None), (3, 4, Some(4)), (2, 5, Some(5))] {
            let n = rows * cols;
            let mut spec = PuzzleSpec::blank(n, Layout::Boxes(BoxShape { rows, cols }));
            // Digits 1 to 9 only in the first row, so that what tells
            // the form is a later row.
            spec.givens = crate::line::pattern_grid(rows, cols, |d| d % 3 == 0);
            spec.givens[..n]
                .iter_mut()
                .filter(|d| **d > 9)
                .for_each(|d| *d = 0);
            let puzzle = Puzzle::new(spec).unwrap();
            let text = number_rows(&puzzle, bars);
            let back = parse_block(&text, &ReadOptions::default()).unwrap();
            assert_eq!(back, puzzle, "{rows}x{cols}");
            assert_eq!(
                crate::parse_puzzle(&text, &ReadOptions::default()).unwrap(),
                puzzle
            );
        }
        // A number past the side is named with its cell.
        let mut spec = PuzzleSpec::blank(16, Layout::Boxes(BoxShape { rows: 4, cols: 4 }));
        spec.givens = crate::line::pattern_grid(4, 4, |d| d > 12);
        let text = number_rows(&Puzzle::new(spec).unwrap(), None).replacen("12", "17", 1);
        assert_eq!(
            err(&text),
            "line 1: digit 17 at r1c12 is out of range for a 16x16 grid (1 to 16)"
        );
    }

    #[test]
    fn prints_the_pretty_grid() {
        let p = parse_line(P, &ReadOptions::default()).unwrap();
        let block = to_block(&p);
        let expected = "\
5 3 . | . 7 . | . . .
6 . . | 1 9 5 | . . .
. 9 8 | . . . | . 6 .
------+-------+------
8 . . | . 6 . | . . 3
4 . . | 8 . 3 | . . 1
7 . . | . 2 . | . . 6
------+-------+------
. 6 . | . . . | 2 8 .
. . . | 4 1 9 | . . 5
. . . | . 8 . | . 7 9
";
        assert_eq!(block, expected);
        assert_eq!(parse_block(&block, &ReadOptions::default()).unwrap(), p);
    }

    #[test]
    fn reads_plain_and_bordered_grids() {
        let p = parse_line(P, &ReadOptions::default()).unwrap();
        let plain: String = P
            .as_bytes()
            .chunks(9)
            .map(|r| format!("{}\r\n", std::str::from_utf8(r).unwrap()))
            .collect();
        assert_eq!(parse_block(&plain, &ReadOptions::default()).unwrap(), p);
        let spaced: String = P
            .as_bytes()
            .chunks(9)
            .map(|r| {
                r.iter()
                    .map(|&b| (b as char).to_string())
                    .collect::<Vec<_>>()
                    .join(" ")
                    + "  \n"
            })
            .collect();
        assert_eq!(parse_block(&spaced, &ReadOptions::default()).unwrap(), p);
        let bordered = format!(
            "# a comment\n+-------+-------+-------+\n{}+-------+-------+-------+\n",
            to_block(&p)
                .lines()
                .map(|l| if l.starts_with('-') {
                    "|-------+-------+-------|\n".to_string()
                } else {
                    format!("| {l} |\n")
                })
                .collect::<String>()
        );
        assert_eq!(parse_block(&bordered, &ReadOptions::default()).unwrap(), p);
    }

    #[test]
    fn shape_from_separators() {
        let p = parse_line(
            &".".repeat(36),
            &ReadOptions::default().shape("3x2".parse().unwrap()),
        )
        .unwrap();
        let block = to_block(&p);
        assert!(block.starts_with(". . | . . | . .\n"));
        let back = parse_block(&block, &ReadOptions::default()).unwrap();
        assert_eq!(back, p);
        assert_eq!(to_line(&back), ".".repeat(36));
    }

    #[test]
    fn latin_block_has_no_rules() {
        let p = parse_line(
            &"1....".repeat(5),
            &ReadOptions::default()
                .shape(Shape::Latin)
                .check_givens(false),
        )
        .unwrap();
        assert_eq!(
            to_block(&p),
            "1 . . . .\n1 . . . .\n1 . . . .\n1 . . . .\n1 . . . .\n"
        );
    }

    #[test]
    fn solution_grid() {
        let p = parse_line(&".".repeat(16), &ReadOptions::default()).unwrap();
        let sol = [1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1];
        assert_eq!(
            grid_to_block(&p, &sol),
            "1 2 | 3 4\n3 4 | 1 2\n----+----\n2 1 | 4 3\n4 3 | 2 1\n"
        );
    }

    #[test]
    fn error_row_length() {
        assert_eq!(
            err("1234\n341\n2143\n4321\n"),
            "line 2: expected 4 cells in this row, found 3"
        );
    }

    #[test]
    fn error_row_count() {
        assert_eq!(
            err("12 34\n34 12\n21 43\n"),
            "line 3: a 4x4 grid needs 4 rows, found 3"
        );
        assert_eq!(
            err("12 34\n34 12\n21 43\n43 21\n.. ..\n"),
            "line 5: a 4x4 grid needs 4 rows, found 5"
        );
    }

    #[test]
    fn error_unknown_char_names_line_and_cell() {
        assert_eq!(
            err("12 34\n34 1?\n21 43\n43 21\n"),
            "line 2: unknown character '?' at r2c4"
        );
    }

    #[test]
    fn error_duplicate_names_line() {
        assert_eq!(
            err("1 . | . .\n. . | . .\n----+----\n1 . | . .\n. . | . .\n"),
            "line 4: 1 appears twice in column 1: r1c1 and r3c1"
        );
    }
}
