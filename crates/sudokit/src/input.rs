//! The puzzles of `solve` and `count`, read as they arrive: a file or
//! standard input is parsed line by line while the puzzles before are being
//! solved, so a batch of any length runs in constant memory.

use std::cell::RefCell;
use std::collections::VecDeque;
use std::fs::File;
use std::io::{Cursor, Read};
use std::path::Path;
use std::rc::Rc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

use sudokit_core::{read_from, Entries, Error};
use sudokit_formats::{Entry, ErrorKind, ParseError, ReadOptions};

use crate::failure::Failure;

/// A stream of puzzles (the facade's [`Entries`]) with how much of the
/// input it has read, and `--skip-invalid` applied.
pub struct PuzzleInput {
    entries: Entries,
    skip_invalid: bool,
    read: BytesRead,
    size: Option<u64>,
    skipped: Skipped,
}

/// The lines passed over with `--skip-invalid` and not yet reported on
/// stdout: their line numbers and why, in input order.
pub type Skipped = Rc<RefCell<VecDeque<(usize, String)>>>;

/// Hands `report` each line passed over before line `before`, in order,
/// and forgets it: what prints a record where each such line stood.
pub fn report_passed_over<E>(
    passed_over: &mut VecDeque<(usize, String)>,
    before: usize,
    mut report: impl FnMut(usize, &str) -> Result<(), E>,
) -> Result<(), E> {
    while let Some((line, why)) = passed_over.pop_front_if(|(line, _)| *line < before) {
        report(line, &why)?;
    }
    Ok(())
}

/// How many bytes of the input are read so far.
#[derive(Clone, Debug, Default)]
pub struct BytesRead(Arc<AtomicU64>);

impl BytesRead {
    /// The bytes read so far.
    pub fn get(&self) -> u64 {
        self.0.load(Ordering::Relaxed)
    }
}

impl PuzzleInput {
    /// The puzzles of a text given on the command line.
    pub fn text(text: &str, options: &ReadOptions) -> Self {
        Self::new(Cursor::new(text.as_bytes().to_vec()), None, None, options)
    }

    /// The puzzles of standard input.
    pub fn stdin(options: &ReadOptions) -> Self {
        Self::new(std::io::stdin(), None, None, options)
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
        source: impl Read + Send + 'static,
        file: Option<String>,
        size: Option<u64>,
        options: &ReadOptions,
    ) -> Self {
        let read = BytesRead::default();
        let counted = Counted {
            inner: source,
            read: read.clone(),
        };
        let entries = read_from(counted, options);
        PuzzleInput {
            entries: match file {
                Some(name) => entries.in_file(name),
                None => entries,
            },
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
    pub fn bytes_read(&self) -> BytesRead {
        self.read.clone()
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
                Err(error) => error,
            };
            // An empty input or a read error stops the run all the same.
            let passable = match &error {
                Error::Input(e) if !matches!(e.kind, ErrorKind::Empty | ErrorKind::Io(_)) => {
                    Some(e.line.unwrap_or(0))
                }
                _ => None,
            };
            if let (true, Some(line)) = (self.skip_invalid, passable) {
                eprintln!("skipped: {error}");
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
    read: BytesRead,
}

impl<R: Read> Read for Counted<R> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.read.0.fetch_add(n as u64, Ordering::Relaxed);
        Ok(n)
    }
}
