//! Puzzles from text, files and readers, in every form sudokit reads,
//! with the command line's errors (file, line, field, cell, reason).

use std::fs::File;
use std::io::{BufReader, Cursor, Read};
use std::path::Path;

use sudokit_formats::{read_puzzles, stream_puzzles, Entry, ErrorKind, ParseError, ReadOptions};

use crate::Error;

/// Bytes asked of the operating system per read.
const READ_BUFFER: usize = 1 << 16;

/// The options the command line reads with: every form guessed from the
/// text, and givens that clash read as they are, since such a puzzle has
/// no solution, which is an answer (its [`Reply::NoSolution`] or
/// unsatisfiable [`Answer`] says why), not bad input.
///
/// [`Reply::NoSolution`]: crate::Reply::NoSolution
/// [`Answer`]: crate::Answer
pub fn read_options() -> ReadOptions {
    ReadOptions::default().check_givens(false)
}

/// The one puzzle of `text`, in any form (a line, a block grid, `.sdk`,
/// CSV, TOML, JSON); a text of several puzzles is refused at the line
/// where the second starts.
///
/// ```
/// use sudokit_core::{read_options, read_puzzle};
///
/// let entry = read_puzzle("..2....4.4.3....", &read_options())?;
/// assert_eq!(entry.puzzle.size(), 4);
/// let error = read_puzzle("..2....4.4.3...", &read_options()).unwrap_err();
/// assert_eq!(
///     error.to_string(),
///     "line 1: expected a square number of cells (16 for 4x4), found 15"
/// );
/// # Ok::<(), sudokit_core::Error>(())
/// ```
pub fn read_puzzle(text: &str, options: &ReadOptions) -> Result<Entry, Error> {
    let mut entries = read_puzzles(text, options);
    let first = entries.next().unwrap_or(Err(ErrorKind::Empty.into()))?;
    match entries.next() {
        None => Ok(first),
        Some(Ok(second)) => Err(ParseError::new(ErrorKind::MorePuzzles).at_line(second.line))?,
        Some(Err(bad)) => Err(bad)?,
    }
}

/// The puzzles of a text, one after the other, as an [`Entries`] stream.
///
/// ```
/// use sudokit_core::{read_options, read_text};
///
/// let text = "# two 4x4 puzzles\n..2....4.4.3.... first\n......32..2.4...\n";
/// let entries: Vec<_> = read_text(text, &read_options()).collect::<Result<_, _>>()?;
/// assert_eq!((entries[0].line, entries[0].label.as_deref()), (2, Some("first")));
/// assert_eq!(entries[1].line, 3);
/// # Ok::<(), sudokit_core::Error>(())
/// ```
pub fn read_text(text: &str, options: &ReadOptions) -> Entries {
    read_from(Cursor::new(text.as_bytes().to_vec()), options)
}

/// The puzzles of a file, read as they are consumed (a file of any length
/// in flat memory). The file's extension says its form where `options`
/// leave it open, and every error names the file.
///
/// ```
/// use sudokit_core::{read_file, read_options};
///
/// let path = std::path::Path::new("../../data/examples/puzzles.txt");
/// let entries: Vec<_> = read_file(path, &read_options())?.collect::<Result<_, _>>()?;
/// assert_eq!(entries.len(), 6);
/// assert_eq!(entries[0].line, 5); // after four lines of comments
/// # Ok::<(), sudokit_core::Error>(())
/// ```
pub fn read_file(path: &Path, options: &ReadOptions) -> Result<Entries, Error> {
    let name = path.display().to_string();
    let file = File::open(path)
        .map_err(|e| ParseError::new(ErrorKind::Io(e.to_string())).in_file(name.clone()))?;
    let mut entries = read_from(file, &options.clone().for_path(path));
    entries.file = Some(name);
    Ok(entries)
}

/// The puzzles of any reader (standard input, a socket, an upload), read
/// as they are consumed.
///
/// ```
/// use sudokit_core::{read_from, read_options};
///
/// let upload = std::io::Cursor::new(b"..2....4.4.3....\n".to_vec());
/// let mut entries = read_from(upload, &read_options());
/// assert_eq!(entries.next().transpose()?.map(|e| e.puzzle.size()), Some(4));
/// assert!(entries.next().is_none());
/// # Ok::<(), sudokit_core::Error>(())
/// ```
pub fn read_from(reader: impl Read + Send + 'static, options: &ReadOptions) -> Entries {
    let reader = BufReader::with_capacity(READ_BUFFER, reader);
    Entries {
        entries: Box::new(stream_puzzles(reader, options)),
        file: None,
    }
}

/// A stream of puzzles: each item a puzzle with its line, label and digit
/// convention, or the error of a bad entry (naming the file, when read
/// from one, and the line). Reading goes on past a bad entry, so a caller
/// chooses to stop there (as the command line does) or to pass over it
/// (`--skip-invalid`); an input with no puzzle at all is one error.
pub struct Entries {
    entries: Box<dyn Iterator<Item = Result<Entry, ParseError>> + Send>,
    /// The file name, for error messages.
    file: Option<String>,
}

impl Entries {
    /// The same stream, its errors naming the file `name` (for a caller
    /// that opens the file itself, to count what is read of it).
    pub fn in_file(mut self, name: impl Into<String>) -> Entries {
        self.file = Some(name.into());
        self
    }
}

impl std::fmt::Debug for Entries {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Entries")
            .field("file", &self.file)
            .finish_non_exhaustive()
    }
}

impl Iterator for Entries {
    type Item = Result<Entry, Error>;

    fn next(&mut self) -> Option<Self::Item> {
        let entry = self.entries.next()?;
        Some(entry.map_err(|e| match &self.file {
            Some(name) => Error::Input(e.in_file(name.clone())),
            None => Error::Input(e),
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_text_of_two_puzzles_is_not_one_puzzle() {
        let two = "..2....4.4.3....\n......32..2.4...\n";
        let error = read_puzzle(two, &read_options()).unwrap_err();
        assert_eq!(
            error.to_string(),
            "line 2: expected one puzzle, found another one here"
        );
    }

    #[test]
    fn a_stream_goes_on_past_a_bad_line_and_names_it() {
        let text = "..2....4.4.3....\n..2....4.4.3...\n......32..2.4...\n";
        let lines: Vec<Result<usize, String>> = read_text(text, &read_options())
            .map(|entry| entry.map(|e| e.line).map_err(|e| e.to_string()))
            .collect();
        assert_eq!(
            lines,
            [
                Ok(1),
                Err("line 2: expected a square number of cells (16 for 4x4), found 15".into()),
                Ok(3)
            ]
        );
    }

    #[test]
    fn a_missing_file_is_named() {
        let error = read_file(Path::new("no/such.txt"), &read_options()).expect_err("no such file");
        assert_eq!(
            error.to_string(),
            "no/such.txt: cannot read the input: No such file or directory (os error 2)"
        );
    }
}
