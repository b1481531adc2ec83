//! Reading puzzles from a reader as the text arrives, so that a batch of
//! millions of lines is solved and printed while it is still being read,
//! in constant memory.

use std::io::{BufRead, Chain, Cursor, Read};

use crate::batch::{empty_if_first, whole_text, LineReader};
use crate::csv_rows::{delimiter_for, CsvRows};
use crate::detect::{is_rule, resolve_form};
use crate::{Entry, ErrorKind, Form, ParseError, ReadOptions};

/// Reads the puzzles of `reader` lazily, exactly as [`read_puzzles`] reads a
/// text: one result per puzzle line, bad lines as an `Err` naming the line,
/// a single `Err` for a text with no puzzle. A file of puzzle lines is read
/// line by line into one reused buffer, a CSV file row by row; a block grid,
/// `.sdk`, TOML or JSON text (one puzzle) is read whole. A line of a line file that is not UTF-8 is a bad
/// line (an `Err` naming it, and reading goes on); a read error ends the
/// stream with an `Err` naming the line it happened on.
///
/// Before the first puzzle, up to `k + 2` lines are read to tell the form
/// (`k` the length of the first line: a line file is one whose first `k + 1`
/// lines are not a `k`×`k` block grid).
///
/// [`read_puzzles`]: crate::read_puzzles
///
/// ```
/// use sudokit_formats::{stream_puzzles, ReadOptions};
///
/// let text = "# two 4x4 puzzles\n..2....4.4.3....\n......32..2.4...\n";
/// let lines: Vec<usize> = stream_puzzles(text.as_bytes(), &ReadOptions::default())
///     .map(|entry| entry.unwrap().line)
///     .collect();
/// assert_eq!(lines, [2, 3]);
/// ```
pub fn stream_puzzles<R: BufRead>(reader: R, options: &ReadOptions) -> PuzzleStream<R> {
    PuzzleStream {
        source: Some(reader),
        failed: None,
        options: options.clone(),
        state: State::Start,
        yielded: false,
    }
}

/// The iterator of [`stream_puzzles`].
#[derive(Debug)]
pub struct PuzzleStream<R> {
    /// `None` once the reader has failed or been read to the end.
    source: Option<R>,
    /// A read error, handed out after the lines read before it.
    failed: Option<ParseError>,
    options: ReadOptions,
    state: State<R>,
    yielded: bool,
}

#[derive(Debug)]
enum State<R> {
    /// Nothing read yet.
    Start,
    /// A line file: the lines read to tell the form (from `at` on), then
    /// the reader's, one at a time through `buffer`.
    Lines {
        prefix: String,
        at: usize,
        /// Lines of the prefix (1-based) that were not UTF-8.
        invalid: Vec<usize>,
        buffer: Vec<u8>,
        reader: LineReader,
    },
    /// A CSV file: the lines read to tell the form, then the reader's.
    Csv(Box<CsvRows<Source<R>>>),
    /// A form read whole (a block grid, TOML, JSON), or an error: what is
    /// not yet handed out.
    Whole(std::vec::IntoIter<Result<Entry, ParseError>>),
}

impl<R: BufRead> PuzzleStream<R> {
    /// Reads enough lines to tell the form, and sets the state up for it.
    fn start(&mut self) -> State<R> {
        if let Some(source) = self.source.as_mut() {
            skip_bom(source);
        }
        let mut prefix = String::new();
        let mut raw = Vec::new();
        let mut invalid = Vec::new();
        self.read_prefix(&mut prefix, &mut raw, &mut invalid);
        match resolve_form(&prefix, &self.options) {
            Form::Csv => {
                let delimiter = delimiter_for(&prefix, &self.options);
                let source = Cursor::new(raw).chain(Rest(self.source.take()));
                State::Csv(Box::new(CsvRows::new(source, delimiter, &self.options)))
            }
            Form::Lines | Form::Auto => State::Lines {
                prefix,
                at: 0,
                invalid,
                buffer: Vec::new(),
                reader: LineReader::new(&self.options),
            },
            form => {
                if let Some(mut source) = self.source.take() {
                    if let Err(e) = source.read_to_string(&mut prefix) {
                        let line = prefix.lines().count() + 1;
                        return State::Whole(vec![Err(io_error(&e).at_line(line))].into_iter());
                    }
                }
                if let Some(e) = self.failed.take() {
                    return State::Whole(vec![Err(e)].into_iter());
                }
                State::Whole(whole_text(&prefix, &self.options, form).into_iter())
            }
        }
    }

    /// Appends lines to `prefix` until they settle the form: the end of the
    /// text, or `k + 1` lines after the first meaningful one of `k`
    /// characters (rules between bands not counted), or a read error.
    /// A line that is not UTF-8 goes in as its lossy text, and its number
    /// into `invalid`, so that it is reported as one bad line; `raw` gets
    /// the bytes as they were, for a CSV reader. Forms read whole need no
    /// prefix; lines and CSV need one to guess the delimiter.
    fn read_prefix(&mut self, prefix: &mut String, raw: &mut Vec<u8>, invalid: &mut Vec<usize>) {
        if !matches!(self.options.form, Form::Auto | Form::Lines | Form::Csv) {
            return;
        }
        let (mut width, mut rows) = (None, 0);
        let mut bytes = Vec::new();
        let mut number = 0;
        while let Some(source) = self.source.as_mut() {
            let start = prefix.len();
            bytes.clear();
            match source.read_until(b'\n', &mut bytes) {
                Ok(0) => self.source = None,
                Ok(_) => {
                    number += 1;
                    raw.extend_from_slice(&bytes);
                    match std::str::from_utf8(&bytes) {
                        Ok(text) => prefix.push_str(text),
                        Err(_) => {
                            invalid.push(number);
                            prefix.push_str(&String::from_utf8_lossy(&bytes));
                        }
                    }
                }
                Err(e) => {
                    self.source = None;
                    let line = prefix.lines().count() + 1;
                    self.failed = Some(io_error(&e).at_line(line));
                }
            }
            let line = prefix[start..].trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            match width {
                None => width = Some(line.chars().count()),
                Some(k) => {
                    rows += usize::from(!is_rule(line));
                    if rows > k {
                        break;
                    }
                }
            }
        }
    }

    /// The next line of a line file, from the prefix or the reader.
    fn next_line(&mut self) -> Option<Result<Entry, ParseError>> {
        let State::Lines {
            prefix,
            at,
            invalid,
            buffer,
            reader,
        } = &mut self.state
        else {
            return None;
        };
        loop {
            if *at < prefix.len() {
                let rest = &prefix[*at..];
                let end = rest.find('\n').map_or(rest.len(), |i| i + 1);
                *at += end;
                if invalid.contains(&(reader.lines_read() + 1)) {
                    return Some(Err(reader.skip_line(ErrorKind::NotUtf8)));
                }
                if let Some(item) = reader.line(&rest[..end]) {
                    return Some(item);
                }
                continue;
            }
            let Some(source) = self.source.as_mut() else {
                return self.failed.take().map(Err);
            };
            buffer.clear();
            match source.read_until(b'\n', buffer) {
                Ok(0) => {
                    self.source = None;
                    return None;
                }
                Ok(_) => match std::str::from_utf8(buffer) {
                    Ok(text) => {
                        if let Some(item) = reader.line(text) {
                            return Some(item);
                        }
                    }
                    // A bad line, reported like any other: the rest is read.
                    Err(_) => return Some(Err(reader.skip_line(ErrorKind::NotUtf8))),
                },
                Err(e) => {
                    self.source = None;
                    self.failed = Some(io_error(&e).at_line(reader.lines_read() + 1));
                }
            }
        }
    }
}

/// Drops a UTF-8 byte-order mark at the start (editors on Windows write
/// one), which would otherwise be read as a cell. A read error is left for
/// the first real read to report.
fn skip_bom(source: &mut impl BufRead) {
    if source
        .fill_buf()
        .is_ok_and(|bytes| bytes.starts_with(crate::BOM.as_bytes()))
    {
        source.consume(crate::BOM.len());
    }
}

/// What a CSV reader reads: the bytes of the prefix, then the rest.
type Source<R> = Chain<Cursor<Vec<u8>>, Rest<R>>;

/// What is left of the source after the prefix (nothing once it is read
/// to the end or has failed).
#[derive(Debug)]
struct Rest<R>(Option<R>);

impl<R: Read> Read for Rest<R> {
    fn read(&mut self, out: &mut [u8]) -> std::io::Result<usize> {
        self.0.as_mut().map_or(Ok(0), |source| source.read(out))
    }
}

fn io_error(e: &std::io::Error) -> ParseError {
    ParseError::new(ErrorKind::Io(e.to_string()))
}

impl<R: BufRead> Iterator for PuzzleStream<R> {
    type Item = Result<Entry, ParseError>;

    fn next(&mut self) -> Option<Self::Item> {
        if matches!(self.state, State::Start) {
            self.state = self.start();
        }
        let item = match &mut self.state {
            State::Whole(items) => items.next(),
            State::Csv(rows) => rows.next().or_else(|| self.failed.take().map(Err)),
            _ => self.next_line(),
        };
        empty_if_first(item, &mut self.yielded)
    }
}

#[cfg(test)]
mod tests {
    use std::io::{BufReader, Read};

    use super::*;
    use crate::read_puzzles;

    /// A reader that hands out at most three bytes per call, to cut lines
    /// at every possible place.
    struct Trickle<'a>(&'a [u8]);

    impl Read for Trickle<'_> {
        fn read(&mut self, out: &mut [u8]) -> std::io::Result<usize> {
            let n = self.0.len().min(out.len()).min(3);
            out[..n].copy_from_slice(&self.0[..n]);
            self.0 = &self.0[n..];
            Ok(n)
        }
    }

    fn both(text: &str, options: &ReadOptions) -> (Vec<String>, Vec<String>) {
        let show = |r: Result<Entry, ParseError>| match r {
            Ok(e) => format!("{} {}", e.line, crate::to_line(&e.puzzle)),
            Err(e) => e.to_string(),
        };
        let read = read_puzzles(text, options).map(show).collect();
        let streamed = stream_puzzles(BufReader::new(Trickle(text.as_bytes())), options)
            .map(show)
            .collect();
        (read, streamed)
    }

    #[test]
    fn streams_what_read_puzzles_reads() {
        let a = "..2....4.4.3....";
        let b = "......32..2.4...";
        let block = "1 2 | . .\n. . | . .\n----+----\n. . | . .\n. . | . 1\n";
        let texts = [
            format!("# header\r\n\r\n{a}  \r\n   \n#{b}\n{b}\r\n"),
            format!("puzzle,solution\n{a},4321123424133142\n\"{b}\",xyz\n"),
            format!("id;name;puzzle\n1;\"x; y\";{a}\n2;\"two\nlines\";{b}\n"),
            format!("{},x\n{a},y\n\n,z\n{b}\n", &a[..15]),
            format!("{a}\n{b}\n\n{}\n{a}", &a[..15]),
            format!("# a 4x4\n{block}"),
            "1234\n3412\n2143\n4321\n".into(),
            "1234\n3412\n2143\n4321\n1234\n".into(),
            "1234\n-- + --\n3412\n-- + --\n2143\n4321\n".into(),
            "1234\n-- + --\n3412\n-- + --\n2143\n4321\n1234\n".into(),
            "size = 4\ngivens = \"..2....4.4.3....\"\n".into(),
            format!("{{\"size\": 4, \"givens\": \"{a}\"}}"),
            String::new(),
            "# only a comment\n".into(),
        ];
        for text in &texts {
            for options in [
                ReadOptions::default(),
                ReadOptions::default().skip_invalid(true),
                ReadOptions::default().column(1),
                ReadOptions::default().form(Form::Lines),
                ReadOptions::default().form(Form::Csv).column(2),
                ReadOptions::default().header(crate::Header::No),
            ] {
                let (read, streamed) = both(text, &options);
                assert_eq!(read, streamed, "{text:?}");
            }
        }
    }

    /// A reader that hands out its bytes, then fails.
    struct FailsAfter<'a>(&'a [u8]);

    impl Read for FailsAfter<'_> {
        fn read(&mut self, out: &mut [u8]) -> std::io::Result<usize> {
            if self.0.is_empty() {
                return Err(std::io::Error::other("disk on fire"));
            }
            let n = self.0.len().min(out.len());
            out[..n].copy_from_slice(&self.0[..n]);
            self.0 = &self.0[n..];
            Ok(n)
        }
    }

    #[test]
    fn a_csv_read_error_comes_after_the_rows_before_it() {
        let a = "..2....4.4.3....";
        let text = format!("puzzle,n\n{a},1\n{a},2\n");
        for form in [Form::Auto, Form::Csv] {
            let options = ReadOptions::default().form(form);
            let results: Vec<String> =
                stream_puzzles(BufReader::new(FailsAfter(text.as_bytes())), &options)
                    .map(|r| match r {
                        Ok(e) => e.line.to_string(),
                        Err(e) => e.to_string(),
                    })
                    .collect();
            assert_eq!(
                results,
                ["2", "3", "line 4: cannot read the input: disk on fire"],
                "{form:?}"
            );
        }
    }

    #[test]
    fn a_line_that_is_not_utf8_is_one_bad_line() {
        let good = "..2....4.4.3....\n";
        // In the lines read to tell the form, and after them.
        for before in [1, 8] {
            let mut bytes = good.repeat(before).into_bytes();
            bytes.extend_from_slice(b"\xff\xfe\n");
            bytes.extend_from_slice(good.as_bytes());
            let results: Vec<_> = stream_puzzles(&bytes[..], &ReadOptions::default()).collect();
            assert_eq!(results.len(), before + 2);
            assert_eq!(
                results[before].as_ref().unwrap_err().to_string(),
                format!("line {}: not valid UTF-8", before + 1)
            );
            assert_eq!(results[before + 1].as_ref().map(|e| e.line), Ok(before + 2));
        }
    }
}
