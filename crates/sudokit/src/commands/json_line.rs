//! How every command writes `--format json`: one record of
//! `sudokit_core::records` a line, serialised straight from its struct.

use std::io::Write;

use serde::Serialize;

/// Writes `record` and a newline.
pub fn write_record(out: &mut impl Write, record: &impl Serialize) -> std::io::Result<()> {
    serde_json::to_writer(&mut *out, record)?;
    writeln!(out)
}

/// `record` as one line of JSON, without the newline.
pub fn record_text(record: &impl Serialize) -> String {
    // Records hold strings, numbers, booleans and lists of them, which
    // always serialise.
    serde_json::to_string(record).expect("a record serialises")
}
