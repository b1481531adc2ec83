//! CSV files of puzzles, one puzzle a row, read with the `csv` crate so that
//! quoted fields (with commas, or even line breaks, inside) keep their
//! columns. Rows are read one at a time into a reused record: memory stays
//! flat however long the file.

use std::collections::VecDeque;
use std::io::Read;

use csv::ByteRecord;

use crate::line::{line_entry, line_puzzle};
use crate::{Entry, ErrorKind, Header, ParseError, ReadOptions};

/// Rows read to guess the delimiter.
const GUESS_ROWS: usize = 5;

/// The delimiter the first rows of `text` (up to five) agree on: `,`, `;`
/// or a tab when each row splits into the same number of fields (quotes
/// respected), two or more, and some field is long enough to be a puzzle
/// (16 characters); else `,` when the first row has a comma. `None`: the
/// text is not CSV.
pub(crate) fn guess_delimiter(text: &str) -> Option<u8> {
    let agree = |delimiter: u8| {
        // A delimiter the text lacks splits no row. Asked first because a
        // reader is dear to build (its parser's tables): three of them for
        // every text whose form is guessed took two thirds of the verifier
        // fuzz target's time.
        if !text.as_bytes().contains(&delimiter) {
            return false;
        }
        let mut reader = builder(delimiter).from_reader(text.as_bytes());
        let mut counts = Vec::new();
        let mut long = false;
        for row in reader.byte_records().take(GUESS_ROWS) {
            let Ok(row) = row else { return false };
            if row.iter().all(<[u8]>::is_empty) {
                continue;
            }
            counts.push(row.len());
            long |= row.iter().any(|field| field.len() >= 16);
        }
        long && counts
            .first()
            .is_some_and(|&n| n >= 2 && counts.iter().all(|&c| c == n))
    };
    if let Some(d) = [b',', b';', b'\t'].into_iter().find(|&d| agree(d)) {
        return Some(d);
    }
    let first = text
        .lines()
        .map(str::trim)
        .find(|l| !l.is_empty() && !l.starts_with('#'))?;
    first.contains(',').then_some(b',')
}

/// How every CSV text is read: rows end at `\n` (the `\r` of CRLF is
/// trimmed as whitespace: with CRLF as the terminator the crate counts the
/// `\n` into the next row, and row numbers lag by one), fields are trimmed,
/// rows may differ in length, `#` starts a comment line.
fn builder(delimiter: u8) -> csv::ReaderBuilder {
    let mut builder = csv::ReaderBuilder::new();
    builder
        .delimiter(delimiter)
        .has_headers(false)
        .flexible(true)
        .comment(Some(b'#'))
        .trim(csv::Trim::All)
        .terminator(csv::Terminator::Any(b'\n'));
    builder
}

/// The delimiter of a CSV text: the chosen one, else the guessed one,
/// else a comma.
pub(crate) fn delimiter_for(text: &str, options: &ReadOptions) -> u8 {
    options
        .delimiter
        .or_else(|| guess_delimiter(text))
        .unwrap_or(b',')
}

/// The puzzles of a CSV file: the field [`ReadOptions::column`] of each row,
/// after the header (see [`Header`]). `#` lines are comments; blank rows
/// are skipped.
#[derive(Debug)]
pub(crate) struct CsvRows<R> {
    reader: csv::Reader<R>,
    options: ReadOptions,
    /// The rows read ahead to tell a header from data.
    ahead: VecDeque<ByteRecord>,
    /// The record the rows after those are read into.
    record: ByteRecord,
    started: bool,
    /// A read error stops the file.
    stopped: bool,
    /// A read error met while reading ahead, handed out after the rows
    /// read before it.
    failed: Option<ParseError>,
}

impl<R: Read> CsvRows<R> {
    /// Rows of `source`, split on `delimiter`.
    pub(crate) fn new(source: R, delimiter: u8, options: &ReadOptions) -> Self {
        let reader = builder(delimiter).from_reader(source);
        CsvRows {
            reader,
            options: options.clone(),
            ahead: VecDeque::new(),
            record: ByteRecord::new(),
            started: false,
            stopped: false,
            failed: None,
        }
    }

    /// The next row that is not blank, into `record`; `Ok(false)` at the end.
    fn read_row(&mut self, record: &mut ByteRecord) -> Result<bool, ParseError> {
        if self.stopped {
            return Ok(false);
        }
        loop {
            match self.reader.read_byte_record(record) {
                Ok(false) => return Ok(false),
                Ok(true) if record.iter().all(<[u8]>::is_empty) => continue,
                Ok(true) => return Ok(true),
                Err(e) => {
                    self.stopped = true;
                    let line = e
                        .position()
                        .map_or(self.reader.position().line(), |p| p.line());
                    let kind = match e.into_kind() {
                        csv::ErrorKind::Io(e) => ErrorKind::Io(e.to_string()),
                        other => ErrorKind::Io(format!("{other:?}")),
                    };
                    return Err(ParseError::new(kind).at_line(to_usize(line)));
                }
            }
        }
    }

    /// Reads the first row, and the second when needed to tell whether
    /// the first is a header; drops the header.
    fn start(&mut self) -> Result<(), ParseError> {
        let mut first = ByteRecord::new();
        if !self.read_row(&mut first)? {
            return Ok(());
        }
        let header = match self.options.header {
            Header::Yes => true,
            Header::No => false,
            Header::Auto if self.looks_like_data(&first) => false,
            Header::Auto => {
                let mut second = ByteRecord::new();
                let read = self.read_row(&mut second);
                let header = match &read {
                    Ok(true) => self.looks_like_data(&second),
                    Ok(false) | Err(_) => true,
                };
                if !header {
                    self.ahead.push_back(first.clone());
                }
                if let Ok(true) = read {
                    self.ahead.push_back(second);
                }
                read?;
                return Ok(());
            }
        };
        if !header {
            self.ahead.push_back(first);
        }
        Ok(())
    }

    /// Whether a row holds a puzzle-like field: one that reads as a
    /// puzzle, or of four characters or more, at least half of them digits
    /// or blanks (`4....?8.5` is a broken puzzle; `rating_1to10` a column's
    /// name).
    fn looks_like_data(&self, row: &ByteRecord) -> bool {
        row.iter().any(|field| match std::str::from_utf8(field) {
            Ok(text) => {
                let cells = text.chars().count();
                let digits = text
                    .chars()
                    .filter(|c| c.is_ascii_digit() || matches!(c, '.' | '-' | '_' | '*'))
                    .count();
                (cells >= 4 && 2 * digits >= cells)
                    || (!text.is_empty() && line_puzzle(text, &self.options).is_ok())
            }
            Err(_) => true,
        })
    }

    /// The puzzle of a data row.
    fn entry(&self, row: &ByteRecord) -> Result<Entry, ParseError> {
        let line = to_usize(row.position().map_or(0, csv::Position::line));
        let column = self.options.column;
        let Some(bytes) = row.get(column) else {
            let kind = ErrorKind::MissingColumn {
                column,
                fields: row.len(),
            };
            return Err(ParseError::new(kind).at_line(line));
        };
        let at = |kind: ErrorKind| ParseError::new(kind).at_line(line).in_field(column + 1);
        let field = std::str::from_utf8(bytes).map_err(|_| at(ErrorKind::NotUtf8))?;
        if field.is_empty() {
            return Err(at(ErrorKind::EmptyField));
        }
        let (puzzle, digits) = line_entry(field, &self.options).map_err(at)?;
        Ok(Entry {
            line,
            digits,
            puzzle,
            label: None,
        })
    }
}

impl<R: Read> Iterator for CsvRows<R> {
    type Item = Result<Entry, ParseError>;

    fn next(&mut self) -> Option<Self::Item> {
        if !self.started {
            self.started = true;
            // Rows read before an error come first.
            self.failed = self.start().err();
        }
        if let Some(row) = self.ahead.pop_front() {
            return Some(self.entry(&row));
        }
        if let Some(e) = self.failed.take() {
            return Some(Err(e));
        }
        let mut record = std::mem::take(&mut self.record);
        let item = match self.read_row(&mut record) {
            Ok(true) => Some(self.entry(&record)),
            Ok(false) => None,
            Err(e) => Some(Err(e)),
        };
        self.record = record;
        item
    }
}

fn to_usize(line: u64) -> usize {
    usize::try_from(line).unwrap_or(usize::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{read_all, to_line, Form};

    const A: &str = "..2....4.4.3....";
    const B: &str = "......32..2.4...";

    fn lines_and_errors(text: &str, options: &ReadOptions) -> Vec<String> {
        crate::read_puzzles(text, options)
            .map(|r| match r {
                Ok(e) => format!("{} {}", e.line, to_line(&e.puzzle)),
                Err(e) => e.to_string(),
            })
            .collect()
    }

    #[test]
    fn guesses_the_delimiter_from_the_first_rows() {
        assert_eq!(guess_delimiter(&format!("# c\n{A},x\n")), Some(b','));
        assert_eq!(guess_delimiter(&format!("{A};x\n{B};y\n")), Some(b';'));
        assert_eq!(
            guess_delimiter(&format!("{A}\t1\t2\n{B}\t3\t4\n")),
            Some(b'\t')
        );
        // The rows disagree: a label after a tab on one line is no TSV.
        assert_eq!(guess_delimiter(&format!("{A}\tx\n{B}\n")), None);
        assert_eq!(guess_delimiter(&format!("{A}\n")), None);
        // A quoted delimiter does not count; nor a comma inside quotes.
        let text = format!("id;name;puzzle\n1;\"Smith; J.\";{A}\n2;\"Doe, J.\";{B}\n");
        assert_eq!(guess_delimiter(&text), Some(b';'));
    }

    #[test]
    fn quoted_fields_keep_their_columns() {
        let text =
            format!("id,name,puzzle\n1,\"Smith, J.\",{A}\n2,\"a \"\"quoted\"\", name\",\"{B}\"\n");
        let options = ReadOptions::default().column(2);
        assert_eq!(
            lines_and_errors(&text, &options),
            [format!("2 {A}"), format!("3 {B}")]
        );
    }

    #[test]
    fn a_line_break_inside_quotes_is_one_row_and_lines_still_count() {
        let text = format!("\"two\nlines\",{A}\nx,{B}\n");
        let options = ReadOptions::default().column(1);
        assert_eq!(
            lines_and_errors(&text, &options),
            [format!("1 {A}"), format!("3 {B}")]
        );
    }

    #[test]
    fn crlf_rows_count_their_lines() {
        let text = format!("puzzle,solution\r\n{A},1\r\n{B},2\r\n");
        assert_eq!(
            lines_and_errors(&text, &ReadOptions::default().column(1).skip_invalid(true)),
            [
                "line 2, field 2: a line of one cell is no puzzle: write n*n cells (n >= 2)",
                "line 3, field 2: a line of one cell is no puzzle: write n*n cells (n >= 2)"
            ]
        );
    }

    #[test]
    fn semicolons_and_tabs() {
        let text = format!("puzzle;rating\n{A};1.2\n{B};3.4\n");
        assert_eq!(
            lines_and_errors(&text, &ReadOptions::default()),
            [format!("2 {A}"), format!("3 {B}")]
        );
        let text = format!("rating\tpuzzle\n1.2\t{A}\n");
        let options = ReadOptions::default().column(1);
        assert_eq!(lines_and_errors(&text, &options), [format!("2 {A}")]);
    }

    #[test]
    fn the_header_is_told_by_its_content_or_by_the_option() {
        // No digit in the first row, puzzles below: a header.
        let text = format!("quizzes,solutions\n{A},x\n");
        assert_eq!(
            lines_and_errors(&text, &ReadOptions::default()),
            [format!("2 {A}")]
        );
        // Forced: the first row is data and is reported.
        let no = ReadOptions::default().header(Header::No);
        assert_eq!(
            lines_and_errors(&text, &no),
            [
                "line 1, field 1: expected a square number of cells (9 for 3x3), found 7"
                    .to_string(),
                format!("2 {A}")
            ]
        );
        // Forced the other way: a first row of data is dropped.
        let text = format!("{A},x\n{B},y\n");
        let yes = ReadOptions::default().header(Header::Yes);
        assert_eq!(lines_and_errors(&text, &yes), [format!("2 {B}")]);
        // Numbers in a column's name do not make it a puzzle.
        let text = format!("puzzle,rating_1to10\n{A},7\n");
        assert_eq!(
            lines_and_errors(&text, &ReadOptions::default()),
            [format!("2 {A}")]
        );
        // A broken puzzle does, even with a character no puzzle has.
        let text = format!("{}?,x\n{A},y\n", &A[..15]);
        assert_eq!(
            lines_and_errors(&text, &ReadOptions::default()),
            [
                "line 1, field 1: unknown character '?' at r4c4".to_string(),
                format!("2 {A}")
            ]
        );
        // Neither row has a puzzle: the first is no header, both are bad.
        let text = "name,notes\nfoo,bar\n";
        assert_eq!(
            lines_and_errors(text, &ReadOptions::default()),
            [
                "line 1, field 1: digit 'n' (23) at r1c1 is out of range for a 2x2 grid (1 to 2)",
                "line 2, field 1: expected a square number of cells (4 for 2x2), found 3",
            ]
        );
    }

    #[test]
    fn a_broken_first_row_is_reported_never_dropped() {
        // A broken puzzle (it has digits) is no header.
        let text = format!("{},x\n{A},y\n", &A[..15]);
        let e = read_all(&text, &ReadOptions::default()).unwrap_err();
        assert_eq!(
            e.to_string(),
            "line 1, field 1: expected a square number of cells (16 for 4x4), found 15"
        );
    }

    #[test]
    fn a_column_beyond_a_row_names_that_row_even_the_first() {
        let text = format!("{A}\n{A},x\n");
        let options = ReadOptions::default().column(1).skip_invalid(true);
        assert_eq!(
            lines_and_errors(&text, &options),
            [
                "line 1: no column 2 in this row: it has 1 field(s)".to_string(),
                "line 2, field 2: a line of one cell is no puzzle: write n*n cells (n >= 2)"
                    .to_string(),
            ]
        );
    }

    #[test]
    fn an_empty_field_is_a_bad_row_not_the_end() {
        let text = format!("{A},x\n,y\n{B},z\n");
        let batch = read_all(&text, &ReadOptions::default().skip_invalid(true)).unwrap();
        assert_eq!(batch.entries.len(), 2);
        assert_eq!(
            batch.errors[0].to_string(),
            "line 2, field 1: the field is empty"
        );
    }

    #[test]
    fn forced_csv_reads_a_single_column() {
        let text = format!("\"{A}\"\n{B}\n");
        let options = ReadOptions::default().form(Form::Csv);
        assert_eq!(
            lines_and_errors(&text, &options),
            [format!("1 {A}"), format!("2 {B}")]
        );
    }
}
