//! The puzzles of `solve` and `count`, read as they arrive: a file or
//! standard input is parsed line by line while the puzzles before are being
//! solved, so a batch of any length runs in constant memory.

use std::cell::{Cell, RefCell};
use std::collections::VecDeque;
use std::fs::File;
use std::io::{BufRead, BufReader, Cursor, Read};
use std::path::Path;
use std::rc::Rc;

use sudokit_formats::{stream_puzzles, Entry, ErrorKind, ParseError, ReadOptions};

use crate::failure::Failure;

/// Bytes asked of the operating system per read.
const READ_BUFFER: usize = 1 << 16;

/// A stream of puzzles with how much of the input it has read.
pub struct PuzzleInput {
    entries: Box<dyn Iterator<Item = Result<Entry, ParseError>>>,
    /// The file name, for error messages.
    file: Option<String>,
    skip_invalid: bool,
    read: Rc<Cell<u64>>,
    size: Option<u64>,
    skipped: Skipped,
}

/// The lines passed over with `--skip-invalid` and not yet reported on
/// stdout: their line numbers and why, in input order.
pub type Skipped = Rc<RefCell<VecDeque<(usize, String)>>>;

impl PuzzleInput {
    /// The puzzles of a text given on the command line.
    pub fn text(text: &str, options: &ReadOptions) -> Self {
        Self::new(Cursor::new(text.as_bytes().to_vec()), None, None, options)
    }

    /// The puzzles of standard input.
    pub fn stdin(options: &ReadOptions) -> Self {
        Self::new(std::io::stdin().lock(), None, None, options)
    }

    /// The puzzles of a file.
    pub fn file(path: &Path, options: &ReadOptions) -> Result<Self, Failure> {
        let name = path.display().to_string();
        let cannot =
            |e: std::io::Error| ParseError::new(ErrorKind::Io(e.to_string())).in_file(name.clone());
        let file = File::open(path).map_err(cannot)?;
        let size = file.metadata().map_err(cannot)?.len();
        Ok(Self::new(file, Some(name), Some(size), options))
    }

    fn new(
        source: impl Read + 'static,
        file: Option<String>,
        size: Option<u64>,
        options: &ReadOptions,
    ) -> Self {
        let read = Rc::new(Cell::new(0));
        let counted = Counted {
            inner: source,
            read: Rc::clone(&read),
        };
        let reader: Box<dyn BufRead> = Box::new(BufReader::with_capacity(READ_BUFFER, counted));
        PuzzleInput {
            entries: Box::new(stream_puzzles(reader, options)),
            file,
            skip_invalid: options.skip_invalid,
            read,
            size,
            skipped: Skipped::default(),
        }
    }

    /// Whether bad entries (and puzzles an engine refuses) are reported
    /// and passed over rather than ending the run (`--skip-invalid`).
    pub fn skip_invalid(&self) -> bool {
        self.skip_invalid
    }

    /// A handle on the lines passed over with `--skip-invalid`, for
    /// whoever prints a record for each (they are said on stderr as well).
    pub fn skipped(&self) -> Skipped {
        Rc::clone(&self.skipped)
    }

    /// The input's length in bytes, when it is a file.
    pub fn size(&self) -> Option<u64> {
        self.size
    }

    /// A handle on the number of bytes read so far, which goes on counting
    /// after the input is handed to a consumer.
    pub fn bytes_read(&self) -> Rc<Cell<u64>> {
        Rc::clone(&self.read)
    }
}

impl Iterator for PuzzleInput {
    type Item = Result<Entry, Failure>;

    /// The next puzzle; with `--skip-invalid`, bad lines are reported on
    /// stderr and passed over (an empty input or a read error still stops).
    fn next(&mut self) -> Option<Self::Item> {
        loop {
            let error = match self.entries.next()? {
                Ok(entry) => return Some(Ok(entry)),
                Err(e) => match &self.file {
                    Some(name) => e.in_file(name.clone()),
                    None => e,
                },
            };
            let fatal = matches!(error.kind, ErrorKind::Empty | ErrorKind::Io(_));
            if self.skip_invalid && !fatal {
                eprintln!("skipped: {error}");
                let line = error.line.unwrap_or(0);
                self.skipped
                    .borrow_mut()
                    .push_back((line, error.to_string()));
                continue;
            }
            return Some(Err(error.into()));
        }
    }
}

/// A reader that counts the bytes it hands out.
struct Counted<R> {
    inner: R,
    read: Rc<Cell<u64>>,
}

impl<R: Read> Read for Counted<R> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.read.set(self.read.get() + n as u64);
        Ok(n)
    }
}
