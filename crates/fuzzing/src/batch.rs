//! The batch property every reader shares: whole text and stream agree,
//! and every puzzle accepted is judged like a plain re-check judges it.

use sudokit_formats::{read_all, read_puzzles, stream_puzzles, Entry, ParseError, ReadOptions};

use crate::judge::assert_judged_alike;

/// Reads `data` whole (when it is UTF-8) and as a stream, asserts that both
/// give the same results, judges every accepted puzzle, and returns the
/// accepted ones for the caller's round trip.
pub(crate) fn read_both_ways(data: &[u8], options: &ReadOptions) -> Vec<Entry> {
    let streamed: Vec<Result<Entry, ParseError>> = stream_puzzles(data, options).collect();
    let entries = match std::str::from_utf8(data) {
        Ok(text) => {
            let whole: Vec<Result<Entry, ParseError>> = read_puzzles(text, options).collect();
            assert_eq!(whole, streamed, "whole text and stream differ on {text:?}");
            // read_all is read_puzzles stopping at the first error.
            let first_error = whole.iter().find_map(|r| r.as_ref().err());
            match (read_all(text, options), first_error) {
                (Ok(batch), None) => assert_eq!(batch.entries.len(), whole.len()),
                (Err(e), Some(first)) => assert_eq!(&e, first),
                (all, first) => panic!("read_all {all:?} but the first error is {first:?}"),
            }
            whole
        }
        // Not UTF-8: only the stream reads it (a bad line is an error).
        Err(_) => streamed,
    };
    let entries: Vec<Entry> = entries.into_iter().filter_map(Result::ok).collect();
    for entry in &entries {
        assert_judged_alike(&entry.puzzle, entry.puzzle.givens());
    }
    entries
}
