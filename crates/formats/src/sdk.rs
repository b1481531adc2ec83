//! SadMan Software `.sdk` files, with SudoCue's metadata: `#` lines that
//! say who, what and when (`#A` author, `#D` description, `#C` comment,
//! `#B` date, `#S` source, `#L` level, `#U` URL), then nine rows of nine
//! cells, `.` for blanks. SadMan's own files may open the grid with a
//! `[Puzzle]` line; a later `[...]` section (a saved state) is not read.
//!
//! The grid is a block grid ([`crate::parse_block`]); what this adds is
//! the label: the description and the level, which SudoCue files use to
//! name a puzzle.

use crate::block::block_entry;
use crate::{Entry, ErrorKind, ParseError, ReadOptions};

/// The puzzle of a `.sdk` text, labelled with its description and level:
/// `A random puzzle (Easy)`.
pub(crate) fn sdk_entry(text: &str, options: &ReadOptions) -> Result<Entry, ParseError> {
    let mut description = None;
    let mut level = None;
    let mut rows = Vec::new();
    let mut in_puzzle = true;
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if let Some(meta) = line.strip_prefix('#') {
            let mut chars = meta.chars();
            match chars.next() {
                Some('D') => description = Some(chars.as_str().trim()),
                Some('L') => level = Some(chars.as_str().trim()),
                _ => {}
            }
            continue;
        }
        if line.starts_with('[') && line.ends_with(']') {
            in_puzzle = line.eq_ignore_ascii_case("[puzzle]");
            continue;
        }
        if in_puzzle && !line.is_empty() {
            rows.push((i + 1, line));
        }
    }
    let Some(&(first_line, _)) = rows.first() else {
        return Err(ErrorKind::Empty.into());
    };
    let (puzzle, digits) = block_entry(&rows, options)?;
    let label = match (
        description.filter(|d| !d.is_empty()),
        level.filter(|l| !l.is_empty()),
    ) {
        (Some(d), Some(l)) => Some(format!("{d} ({l})")),
        (Some(one), None) | (None, Some(one)) => Some(one.to_string()),
        (None, None) => None,
    };
    Ok(Entry {
        line: first_line,
        puzzle,
        label,
        digits,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{read_all, to_line, Form};

    /// SudoCue's example file.
    const SUDOCUE: &str = "#ARuud\n#DA random puzzle created by SudoCue\n\
        #CJust start plugging in the numbers\n#B03-08-2006\n#SSudoCue\n#LEasy\n\
        #Uhttp://www.sudocue.net/\n2..1.5..3\n.54...71.\n.1.2.3.8.\n6.28.73.4\n\
        .........\n1.53.98.6\n.2.7.1.6.\n.81...24.\n7..4.2..1\n";
    const LINE: &str =
        "2..1.5..3.54...71..1.2.3.8.6.28.73.4.........1.53.98.6.2.7.1.6..81...24.7..4.2..1";

    #[test]
    fn reads_the_grid_and_labels_it_with_description_and_level() {
        let batch = read_all(SUDOCUE, &ReadOptions::default()).unwrap();
        assert_eq!(batch.entries.len(), 1);
        let entry = &batch.entries[0];
        assert_eq!(to_line(&entry.puzzle), LINE);
        assert_eq!(entry.line, 8);
        assert_eq!(
            entry.label.as_deref(),
            Some("A random puzzle created by SudoCue (Easy)")
        );
    }

    #[test]
    fn sadman_sections() {
        let rows: String = LINE
            .as_bytes()
            .chunks(9)
            .map(|r| format!("{}\n", std::str::from_utf8(r).unwrap()))
            .collect();
        let text = format!("[Puzzle]\n{rows}[State]\n{}\n", "1".repeat(9));
        let batch = read_all(&text, &ReadOptions::default()).unwrap();
        assert_eq!(to_line(&batch.entries[0].puzzle), LINE);
        assert_eq!(batch.entries[0].label, None);
    }

    #[test]
    fn a_plain_comment_keeps_a_block_grid_a_block_grid() {
        // `# a note` is no metadata (a space after `#`): no label.
        let text = format!("# a note\n{}", &SUDOCUE[SUDOCUE.find("2..").unwrap()..]);
        let batch = read_all(&text, &ReadOptions::default()).unwrap();
        assert_eq!(batch.entries[0].label, None);
        let forced = ReadOptions::default().form(Form::Sdk);
        let batch = read_all(&text, &forced).unwrap();
        assert_eq!(to_line(&batch.entries[0].puzzle), LINE);
    }

    #[test]
    fn a_short_row_names_its_line() {
        let text = SUDOCUE.replace(".54...71.\n", ".54...71\n");
        let e = read_all(&text, &ReadOptions::default().form(Form::Sdk)).unwrap_err();
        assert_eq!(
            e.to_string(),
            "line 9: expected 9 cells in this row, found 8"
        );
    }
}
