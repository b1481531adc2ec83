//! `count --list`: every solution printed the moment the engine finds it
//! (after the verifier has seen it), so that a listing of millions runs in
//! flat memory, shows its first grids at once, and stops when its reader
//! goes away (`| head`). The count of each puzzle follows its grids.

use std::io::{BufWriter, Stdout, Write};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use sudokit_core::records::{SolutionRecord, Source};
use sudokit_formats::{grid_to_block_in, grid_to_line_in, Entry};
use sudokit_model::SolutionSink;

use crate::args::Format;
use crate::commands::json_line::write_record;
use crate::interrupt;
use crate::solving::KeptGrids;

/// The longest a written grid waits in the buffer: a slow listing shows
/// its grids as they come, a fast one is not slowed by a write per grid.
const FLUSH_EVERY: Duration = Duration::from_millis(100);

/// Standard output, shared by the sinks that write grids during a search
/// and the batch that writes each puzzle's count after it.
#[derive(Clone)]
pub struct Listing {
    /// The output, and when it was last flushed.
    out: Arc<Mutex<(BufWriter<Stdout>, Instant)>>,
    format: Format,
    /// The first write that failed (a closed pipe), if one did.
    failed: Arc<Mutex<Option<std::io::Error>>>,
}

impl Listing {
    /// A listing to standard output in `format`.
    pub fn new(format: Format) -> Self {
        Listing {
            out: Arc::new(Mutex::new((
                BufWriter::new(std::io::stdout()),
                Instant::now(),
            ))),
            format,
            failed: Arc::default(),
        }
    }

    /// The sink of `entry`'s solutions: each grid written as one line (one
    /// JSON record, or a block grid and a blank line). A failed write stops
    /// the search as Ctrl-C does; [`Listing::write`] then reports it.
    /// With `kept`, each grid is also added there (for `--certify`, whose
    /// proof blocks every grid found).
    pub fn sink(&self, entry: &Entry, kept: Option<KeptGrids>) -> SolutionSink {
        let listing = self.clone();
        let (puzzle, digits) = (entry.puzzle.clone(), entry.digits);
        let (line, label) = (entry.line, entry.label.clone());
        SolutionSink::new(move |solution| {
            // The verifier has seen the grid: its values are digits.
            let grid: Vec<u8> = solution.iter().map(|&v| v as u8).collect();
            if let Some(kept) = &kept {
                kept.lock().expect("no keeper panics").push(grid.clone());
            }
            let _ = listing.write(|out| match listing.format {
                Format::Line => writeln!(out, "{}", grid_to_line_in(&grid, digits)),
                Format::Json => {
                    let source = Source::new(line, label.as_deref());
                    let solution = grid_to_line_in(&grid, digits);
                    write_record(out, &SolutionRecord::new(source, solution))
                }
                Format::Pretty => {
                    let block = grid_to_block_in(&puzzle, &grid, digits);
                    writeln!(out, "{}\n", block.trim_end())
                }
            });
        })
    }

    /// Writes with `write` unless a write has failed already; the first
    /// failure is returned from then on, and has stopped every search.
    pub fn write(
        &self,
        write: impl FnOnce(&mut BufWriter<Stdout>) -> std::io::Result<()>,
    ) -> std::io::Result<()> {
        let mut failed = self.failed.lock().expect("no writer panics");
        if let Some(first) = &*failed {
            return Err(std::io::Error::new(first.kind(), first.to_string()));
        }
        let mut out = self.out.lock().expect("no writer panics");
        let (out, flushed) = &mut *out;
        let written = write(out).and_then(|()| {
            if flushed.elapsed() < FLUSH_EVERY {
                return Ok(());
            }
            *flushed = Instant::now();
            out.flush()
        });
        if let Err(e) = &written {
            *failed = Some(std::io::Error::new(e.kind(), e.to_string()));
            interrupt::token().cancel();
        }
        written
    }

    /// Writes out what is buffered.
    pub fn flush(&self) -> std::io::Result<()> {
        self.write(|out| out.flush())
    }
}
