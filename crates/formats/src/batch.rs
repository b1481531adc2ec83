use std::path::Path;
use std::str::Lines;

use sudokit_puzzle::Puzzle;

use crate::block::block_entry;
use crate::csv_rows::{delimiter_for, CsvRows};
use crate::detect::{is_sdk, resolve_form};
use crate::line::{line_entry, split_label};
use crate::{Digits, ErrorKind, Form, ParseError, ReadOptions};

/// A puzzle read from a file, with the 1-based line it starts on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// 1-based line number.
    pub line: usize,
    /// The puzzle.
    pub puzzle: Puzzle,
    /// What followed the cells on a line, after a space (a rating, a
    /// comment, a name): `PUZZLE 5.4` has the label `5.4`.
    pub label: Option<String>,
    /// The digit convention the puzzle was written in (never
    /// [`Digits::Auto`]): a 16x16 line in hex is [`Digits::Hex`], so that
    /// its answers can be printed the way it came ([`Digits::char_of`]).
    pub digits: Digits,
}

/// Everything [`read_all`] found: the good puzzles, and (with
/// [`ReadOptions::skip_invalid`]) the errors of the bad lines.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Batch {
    /// The puzzles, in file order.
    pub entries: Vec<Entry>,
    /// The bad lines, in file order, each naming its line.
    pub errors: Vec<ParseError>,
}

/// Reads the puzzles of a text lazily, one result per puzzle line (or CSV
/// row, or one for a whole block grid, `.sdk`, TOML or JSON text), in
/// order. Bad lines give an `Err` naming the line, and reading goes on. A
/// text with no puzzle at all gives a single `Err` ("no puzzle found").
///
/// Line files: `#` comments, blank lines, CRLF and surrounding spaces are
/// skipped. CSV (see the crate docs for when a text is one): the field
/// [`ReadOptions::column`] of each row is the puzzle, fields may be quoted,
/// and the first row may be a header ([`Header`](crate::Header)).
pub fn read_puzzles<'a>(text: &'a str, options: &ReadOptions) -> Puzzles<'a> {
    let text = text.strip_prefix(crate::BOM).unwrap_or(text);
    let inner = match resolve_form(text, options) {
        Form::Csv => Inner::Csv(Box::new(CsvRows::new(
            text.as_bytes(),
            delimiter_for(text, options),
            options,
        ))),
        Form::Lines | Form::Auto => Inner::Lines {
            lines: text.lines(),
            reader: LineReader::new(options),
        },
        form => Inner::Whole(whole_text(text, options, form).into_iter()),
    };
    Puzzles {
        inner,
        yielded: false,
    }
}

/// The puzzles of a text in a form read whole: JSON, TOML, `.sdk`, or block
/// grids (what [`resolve_form`] gives that is neither lines nor CSV).
pub(crate) fn whole_text(
    text: &str,
    options: &ReadOptions,
    form: Form,
) -> Vec<Result<Entry, ParseError>> {
    // Told by the whole text, which a stream has only now: a guessed block
    // grid whose `#` lines are all metadata is a `.sdk` file; a block asked
    // for stays a block.
    let guessed_sdk = form == Form::Block && options.form == Form::Auto && is_sdk(text);
    match form {
        Form::Json => crate::json::json_entries(text, options),
        Form::Toml => crate::variant::toml_entries(text, options),
        Form::Sdk => vec![crate::sdk::sdk_entry(text, options)],
        _ if guessed_sdk => vec![crate::sdk::sdk_entry(text, options)],
        _ => block_entries(text, options),
    }
}

/// The block grids of a text, one after the other.
fn block_entries(text: &str, options: &ReadOptions) -> Vec<Result<Entry, ParseError>> {
    let lines = crate::block::meaningful_lines(text);
    let grids = crate::block::split_grids(&lines);
    if grids.is_empty() {
        return vec![Err(ErrorKind::Empty.into())];
    }
    grids
        .into_iter()
        .map(|grid| {
            block_entry(grid, options).map(|(puzzle, digits)| Entry {
                line: grid[0].0,
                puzzle,
                label: None,
                digits,
            })
        })
        .collect()
}

pub(crate) fn first_line(text: &str) -> usize {
    text.lines()
        .position(|l| {
            let l = l.trim();
            !l.is_empty() && !l.starts_with('#')
        })
        .map_or(1, |i| i + 1)
}

/// Reads every puzzle of a text. Without [`ReadOptions::skip_invalid`], the
/// first bad line is the error; with it, the bad lines are collected in
/// [`Batch::errors`] and the good ones kept. A text with no puzzle and no
/// bad line is an error ("no puzzle found").
pub fn read_all(text: &str, options: &ReadOptions) -> Result<Batch, ParseError> {
    let mut batch = Batch::default();
    for result in read_puzzles(text, options) {
        match result {
            Ok(entry) => batch.entries.push(entry),
            Err(e) if e.kind == ErrorKind::Empty => return Err(e),
            Err(e) if options.skip_invalid => batch.errors.push(e),
            Err(e) => return Err(e),
        }
    }
    Ok(batch)
}

/// [`read_all`] on a file; errors name the file. Its extension says the
/// form where `options` leave it open ([`ReadOptions::for_path`]).
pub fn read_path(path: &Path, options: &ReadOptions) -> Result<Batch, ParseError> {
    let options = &options.clone().for_path(path);
    let name = path.display().to_string();
    let text = std::fs::read_to_string(path)
        .map_err(|e| ParseError::new(ErrorKind::Io(e.to_string())).in_file(name.clone()))?;
    let mut batch = read_all(&text, options).map_err(|e| e.in_file(name.clone()))?;
    for e in &mut batch.errors {
        e.path = Some(name.clone());
    }
    Ok(batch)
}

/// The iterator of [`read_puzzles`].
#[derive(Debug)]
pub struct Puzzles<'a> {
    inner: Inner<'a>,
    yielded: bool,
}

#[derive(Debug)]
enum Inner<'a> {
    Lines {
        lines: Lines<'a>,
        reader: LineReader,
    },
    /// A CSV text, row by row.
    Csv(Box<CsvRows<&'a [u8]>>),
    /// A text read whole: a block grid, TOML, JSON (an array may hold
    /// several puzzles).
    Whole(std::vec::IntoIter<Result<Entry, ParseError>>),
}

impl Iterator for Puzzles<'_> {
    type Item = Result<Entry, ParseError>;

    fn next(&mut self) -> Option<Self::Item> {
        let item = match &mut self.inner {
            Inner::Whole(items) => items.next(),
            Inner::Csv(rows) => rows.next(),
            Inner::Lines { lines, reader } => lines.find_map(|line| reader.line(line)),
        };
        empty_if_first(item, &mut self.yielded)
    }
}

/// `item`, except that a text that ends before its first puzzle gives one
/// `Empty` error ("no puzzle found"); `yielded` tells whether anything came.
pub(crate) fn empty_if_first(
    item: Option<Result<Entry, ParseError>>,
    yielded: &mut bool,
) -> Option<Result<Entry, ParseError>> {
    let first = !*yielded;
    *yielded = true;
    match item {
        None if first => Some(Err(ErrorKind::Empty.into())),
        item => item,
    }
}

/// The puzzle lines of a batch file, one physical line at a time: what
/// [`read_puzzles`] and [`stream_puzzles`](crate::stream_puzzles) share.
#[derive(Clone, Debug)]
pub(crate) struct LineReader {
    line_no: usize,
    options: ReadOptions,
}

impl LineReader {
    pub(crate) fn new(options: &ReadOptions) -> Self {
        LineReader {
            line_no: 0,
            options: options.clone(),
        }
    }

    /// How many physical lines were read.
    pub(crate) fn lines_read(&self) -> usize {
        self.line_no
    }

    /// Counts the next physical line as a bad one, for `kind`.
    pub(crate) fn skip_line(&mut self, kind: ErrorKind) -> ParseError {
        self.line_no += 1;
        ParseError::new(kind).at_line(self.line_no)
    }

    /// The puzzle on the next physical line, if it holds one: `None` for a
    /// blank line or a comment.
    pub(crate) fn line(&mut self, raw: &str) -> Option<Result<Entry, ParseError>> {
        self.line_no += 1;
        let line = raw.trim();
        if line.is_empty() || line.starts_with('#') {
            return None;
        }
        let entry = line_entry(line, &self.options).map(|(puzzle, digits)| {
            let (_, label) = split_label(line);
            Entry {
                line: self.line_no,
                digits,
                puzzle,
                label: label.map(str::to_string),
            }
        });
        Some(entry.map_err(|kind| ParseError::new(kind).at_line(self.line_no)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const A: &str = "..2....4.4.3....";
    const B: &str = "......32..2.4...";

    #[test]
    fn comments_blank_lines_crlf_spaces() {
        let text = format!("# header\r\n\r\n{A}  \r\n   \n#{B}\n{B}\r\n");
        let entries: Vec<Entry> = read_puzzles(&text, &ReadOptions::default())
            .collect::<Result<_, _>>()
            .unwrap();
        assert_eq!(entries.len(), 2);
        assert_eq!(entries[0].line, 3);
        assert_eq!(entries[1].line, 6);
    }

    #[test]
    fn what_follows_a_puzzle_on_its_line_is_its_label() {
        let p = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
        let text = format!("{p} 5.4\n{p}\t#1 Extreme (3200)  \n{p}\n");
        let batch = read_all(&text, &ReadOptions::default()).unwrap();
        let labels: Vec<Option<&str>> = batch.entries.iter().map(|e| e.label.as_deref()).collect();
        assert_eq!(labels, [Some("5.4"), Some("#1 Extreme (3200)"), None]);
        assert!(batch.entries.iter().all(|e| e.puzzle.givens()[0] == 4));
        // One cell a word: the cells, no label.
        let spaced: Vec<String> = p.chars().map(String::from).collect();
        let batch = read_all(&spaced.join(" "), &ReadOptions::default()).unwrap();
        assert_eq!(batch.entries[0].label, None);
        assert_eq!(crate::to_line(&batch.entries[0].puzzle), p);
        // A first word that is no puzzle is still reported as it was.
        let err = read_all("4.....8.5 and more\n", &ReadOptions::default()).unwrap_err();
        assert_eq!(err.line, Some(1));
    }

    #[test]
    fn one_bad_line_among_good_ones() {
        let bad = &A[..15];
        let text = format!("{A}\n{B}\n\n{bad}\n{A}\n");
        let e = read_all(&text, &ReadOptions::default()).unwrap_err();
        assert_eq!(
            e.to_string(),
            "line 4: expected a square number of cells (16 for 4x4), found 15"
        );
        let batch = read_all(&text, &ReadOptions::default().skip_invalid(true)).unwrap();
        assert_eq!(
            batch.entries.iter().map(|e| e.line).collect::<Vec<_>>(),
            [1, 2, 5]
        );
        assert_eq!(batch.errors.len(), 1);
        assert_eq!(batch.errors[0].line, Some(4));
    }

    #[test]
    fn duplicate_given_names_line_unit_and_cells() {
        let mut cells = vec!['.'; 81];
        cells[2 * 9 + 1] = '7';
        cells[2 * 9 + 7] = '7';
        let dup: String = cells.into_iter().collect();
        let good = ".".repeat(81);
        let text = format!("# set\n{good}\n{good}\n{dup}\n");
        assert_eq!(
            read_all(&text, &ReadOptions::default())
                .unwrap_err()
                .to_string(),
            "line 4: 7 appears twice in row 3: r3c2 and r3c8"
        );
    }

    #[test]
    fn error_empty_file() {
        for text in ["", "\n\n", "# only a comment\r\n", "puzzle,solution\n"] {
            assert_eq!(
                read_all(text, &ReadOptions::default())
                    .unwrap_err()
                    .to_string(),
                "no puzzle found"
            );
        }
    }

    #[test]
    fn entries_remember_the_digits_they_came_in() {
        // Row 1 of a 16x16 in hex: 0 to F are the digits 1 to 16.
        let hex = format!("0123456789ABCDEF{}", ".".repeat(240));
        let sudoku = format!("123456789ABCDEFG{}", ".".repeat(240));
        let digits = |text: &str, options: &ReadOptions| {
            let batch = read_all(text, options).unwrap();
            batch.entries.iter().map(|e| e.digits).collect::<Vec<_>>()
        };
        let auto = ReadOptions::default();
        assert_eq!(
            digits(&format!("{hex}\n{sudoku}\n{A}\n"), &auto),
            [Digits::Hex, Digits::Sudoku, Digits::Sudoku]
        );
        assert_eq!(digits(&format!("{hex},x\n"), &auto), [Digits::Hex]);
        let grid: String = hex
            .as_bytes()
            .chunks(16)
            .map(|row| format!("{}\n", std::str::from_utf8(row).unwrap()))
            .collect();
        assert_eq!(
            digits(&grid, &auto.clone().form(Form::Block)),
            [Digits::Hex]
        );
        let forced = ReadOptions::default().digits(Digits::Hex);
        assert_eq!(digits("..1....3.3.2....", &forced), [Digits::Hex]);
        let json = format!("{{\"size\": 4, \"givens\": \"{A}\"}}");
        assert_eq!(digits(&json, &auto), [Digits::Sudoku]);
        // Printed back in its convention, the hex line is the same text.
        let batch = read_all(&hex, &auto).unwrap();
        let entry = &batch.entries[0];
        assert_eq!(
            crate::grid_to_line_in(entry.puzzle.givens(), entry.digits),
            hex
        );
    }

    #[test]
    fn block_file_is_one_puzzle() {
        let text = "# a 4x4\n1 2 | . .\n. . | . .\n----+----\n. . | . .\n. . | . 1\n";
        let batch = read_all(text, &ReadOptions::default()).unwrap();
        assert_eq!(batch.entries.len(), 1);
        assert_eq!(batch.entries[0].line, 2);
    }

    #[test]
    fn block_grids_one_after_the_other() {
        let a = "1 2 | . .\n. . | . .\n----+----\n. . | . .\n. . | . 1\n";
        // Blank lines between bands stay within a grid; a blank or comment
        // line after a complete grid ends it.
        let spaced = "1 2 . .\n. . . .\n\n. . . .\n. . . 1\n";
        let text = format!("{a}\n# the same, spaced\n{spaced}\n\n{a}");
        let batch = read_all(&text, &ReadOptions::default()).unwrap();
        let lines: Vec<usize> = batch.entries.iter().map(|e| e.line).collect();
        assert_eq!(lines, [1, 8, 15]);
        assert!(batch
            .entries
            .iter()
            .all(|e| e.puzzle == batch.entries[0].puzzle));
        // An incomplete last grid is named where it ends.
        let e = read_all(&format!("{a}\n1 2 | . .\n"), &ReadOptions::default()).unwrap_err();
        assert_eq!(e.to_string(), "line 7: a 4x4 grid needs 4 rows, found 1");
    }

    #[test]
    fn a_toml_list_reads_each_puzzle_on_its_own() {
        let text = "[[puzzle]]\nsize = 4\n\n[[puzzle.cage]]\nsum = 3\ncells = [[1, 1], [1, 2]]\n\n\
                    [[puzzle]]\nsize = 4\ngivens = \"11..............\"\n\n[[puzzle]]\nlatin = true\nsize = 3\n";
        let options = ReadOptions::default().skip_invalid(true);
        let batch = read_all(text, &options).unwrap();
        let lines: Vec<usize> = batch.entries.iter().map(|e| e.line).collect();
        assert_eq!(lines, [1, 12]);
        assert_eq!(batch.entries[0].puzzle.cages().len(), 1);
        let errors: Vec<String> = batch.errors.iter().map(|e| e.to_string()).collect();
        assert_eq!(errors, ["line 10: 1 appears twice in row 1: r1c1 and r1c2"]);
        let e = read_all("[[puzzle]]\nsize = 4\nboxes = 3\n", &ReadOptions::default());
        let e = e.unwrap_err();
        assert_eq!(
            e.to_string(),
            "line 3: invalid TOML: invalid type: integer `3`, expected a string"
        );
    }

    #[test]
    fn file_errors_name_the_file() {
        let e = read_path(
            Path::new("/nonexistent/puzzles.txt"),
            &ReadOptions::default(),
        )
        .unwrap_err();
        assert!(e
            .to_string()
            .starts_with("/nonexistent/puzzles.txt: cannot read the input: "));
    }
}
